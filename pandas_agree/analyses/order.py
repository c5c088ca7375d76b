"""Whether labels carry an order, and the warning of a statistic that read an order the labels do not carry (one
rule for two classifications and for several raters)."""

from __future__ import annotations

import contextlib
import contextvars
import warnings

import numpy as np
import pandas as pd

from ..base.notices import LabelOrderWarning
from ..base.spelling import on_command_line
from ..base.undefined import external_stacklevel
from ..engine.labels import concat_labels, difference_labels, isin_labels, sorted_labels, unique_labels

__all__ = ["carries_order", "label_order_told", "numbers", "ordered_categorical", "paired_union", "union_order",
           "warn_label_order"]

_TOLD = contextvars.ContextVar("label_order_told", default=False)


@contextlib.contextmanager
def label_order_told():
    """Within this context :func:`warn_label_order` says nothing: the caller has already warned of the same labels'
    order (a crosstab's layers, whose labels are among the whole table's). A context variable, so that other
    threads and tasks still warn (:func:`warnings.catch_warnings` would change every thread's filters)."""
    token = _TOLD.set(True)
    try:
        yield
    finally:
        _TOLD.reset(token)


def ordered_categorical(values) -> bool:
    """Whether ``values`` (a Series or an Index) is an ordered categorical."""
    return isinstance(getattr(values, "dtype", None), pd.CategoricalDtype) and bool(values.dtype.ordered)


def numbers(labels: pd.Index) -> bool:
    """Whether every label is a real number (not a boolean): numeric codes, read as a scale.

    Examples
    --------
    >>> import pandas as pd
    >>> numbers(pd.Index([1, 2.5])), numbers(pd.Index([True, False])), numbers(pd.Index(["1", "2"]))
    (True, False, False)
    """
    if pd.api.types.is_bool_dtype(labels.dtype):
        return False
    if pd.api.types.is_numeric_dtype(labels.dtype) and not pd.api.types.is_complex_dtype(labels.dtype):
        return True
    return labels.dtype == object and all(
        isinstance(x, (int, float, np.integer, np.floating)) and not isinstance(x, (bool, np.bool_)) for x in labels)


def carries_order(*sides: pd.Index) -> bool:
    """Whether the labels of every side carry an order of their own: numbers, or ordered categoricals."""
    return all(numbers(side) for side in sides) or all(
        isinstance(side, pd.CategoricalIndex) and side.ordered for side in sides)


def warn_label_order(what: str, order: str, *, sides: str = "these labels", advice: str = "labels=[...]",
                     options: str = "--labels") -> None:
    """A :class:`~pandas_agree.LabelOrderWarning` that ``what`` read the labels in the ``order`` described, and how
    to give another: ``sides`` names the labels without an order of their own, ``advice`` the argument that gives
    it in Python and ``options`` the command line's options (several joined by "/"), which alone are advised within
    :func:`~pandas_agree.base.spelling.command_line_advice`. Nothing within :func:`label_order_told`."""
    if _TOLD.get():
        return
    if on_command_line():
        first = options.split("/")[0]
        how = (f"{options}, the categories in their order (e.g. {first} low mid high; every category of the data "
               "listed). A column of integer codes, or one named by --numeric, is read as numbers, in their order.")
    else:
        how = (f"{advice} ({options} on the command line) or an ordered pandas Categorical (numeric codes are read "
               "as numbers).")
    warnings.warn(f"{what} read the labels as an ordered scale, and {sides} carry no order of their own "
                  f"(text, or an unordered categorical): the order used is {order}. Give the order with {how}",
                  LabelOrderWarning, stacklevel=external_stacklevel())


def paired_union(rows: pd.Index, cols: pd.Index, row_of_col: np.ndarray) -> tuple[pd.Index, tuple]:
    """The classes of a matched table and the place of each row and column among them: the reference labels in
    their order, then the columns paired with no row, each named "<label> (unmatched)" (so that neither a class of
    the same name nor, in a list of labels, a count is read into it; " (unmatched)" again where that name is
    taken); a paired column takes the place of its row."""
    unpaired = np.flatnonzero(row_of_col < 0)
    taken = set(rows)
    extra = []
    for label in cols[unpaired]:
        name = f"{label} (unmatched)"
        while name in taken:  # a reference label, or an earlier name, spelled the same
            name += " (unmatched)"
        extra.append(name)
        taken.add(name)
    union = pd.Index([*rows, *extra], dtype=object, name=rows.name, tupleize_cols=False)
    col_places = row_of_col.copy()
    col_places[unpaired] = len(rows) + np.arange(len(unpaired))
    return union, (np.arange(len(rows)), col_places)


def union_order(rows: pd.Index, cols: pd.Index, order: pd.Index | None) -> pd.Index:
    """Every label of either side in order: the engine's order, else the rows then the other columns."""
    present = unique_labels(concat_labels(rows, cols))
    if order is not None:
        return order[isin_labels(order, present)]
    union = concat_labels(rows, difference_labels(cols, rows))
    if rows.is_monotonic_increasing and cols.is_monotonic_increasing:
        return sorted_labels(union)
    return union
