"""Whether labels carry an order, and the warning of a statistic that read an order the labels do not carry (one
rule for two classifications and for several raters)."""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd

from ..base.notices import LabelOrderWarning
from ..base.undefined import external_stacklevel

__all__ = ["carries_order", "numbers", "ordered_categorical", "warn_label_order"]


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


def warn_label_order(what: str, order: str) -> None:
    """A :class:`~pandas_agree.LabelOrderWarning` that ``what`` read the labels in the ``order`` described, and how
    to give another."""
    warnings.warn(f"{what} read the labels as an ordered scale, and these labels carry no order of their own "
                  f"(text, or an unordered categorical): the order used is {order}. Give the order with "
                  "labels=[...] (--labels on the command line) or an ordered pandas Categorical (numeric codes are "
                  "read as numbers).",
                  LabelOrderWarning, stacklevel=external_stacklevel())
