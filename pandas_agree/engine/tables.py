"""Tables of counts given directly (a DataFrame, a 2-D array or a scipy sparse array), checked and made float64."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import pandas as pd

from ..base.lazy import LazyModule, is_scipy_sparse
from .crosstab import check_total
from .labels import duplicated_labels

sparse = LazyModule("scipy.sparse")

__all__ = ["CountedTable", "checked_counts", "checked_labels", "validated_table"]


class CountedTable(NamedTuple):
    """A dense table the engine counted from rows (:func:`~pandas_agree.engine.crosstab.tabulate`), valid as it is
    made: distinct labels on each side (new Index objects of its own) and float64 counts, finite and non-negative,
    of a positive total. :func:`validated_table` takes it as it is."""

    index: pd.Index
    columns: pd.Index
    values: np.ndarray


def validated_table(table) -> tuple[pd.Index, pd.Index, np.ndarray | sparse.coo_array]:
    """The labels and float64 counts (a dense array, or a sparse one for a sparse input) of a DataFrame, a 2-D
    array or a scipy sparse array or matrix, or a clear error; a :class:`CountedTable` as it is."""
    if isinstance(table, CountedTable):
        return table
    if is_scipy_sparse(table):
        stored = sparse.coo_array(table)
        if stored.ndim != 2 or 0 in stored.shape:
            raise ValueError(f"table must be two-dimensional with at least one row and one column; got shape "
                             f"{stored.shape}")
        return (pd.RangeIndex(stored.shape[0]), pd.RangeIndex(stored.shape[1]),
                checked_counts(stored.astype(np.float64), "cell(s)"))
    if isinstance(table, pd.DataFrame):
        frame = table
    else:
        try:
            arr = np.asarray(table)
        except ValueError:  # rows of different lengths
            arr = None
        if arr is None or (arr.dtype == object and arr.ndim < 2):
            raise TypeError(f"table must be a DataFrame, a two-dimensional array (rows of equal length) or a scipy "
                            f"sparse array of counts; got {_described(table)}")
        if arr.ndim != 2:
            raise ValueError(f"table must be two-dimensional; got an array of shape {arr.shape}")
        frame = pd.DataFrame(arr)
    index, columns = checked_labels(frame)
    if len(frame.columns) and all(isinstance(t, pd.SparseDtype) and t.fill_value == 0 for t in frame.dtypes):
        values = checked_counts(sparse.coo_array(frame.sparse.to_coo()).astype(np.float64), "cell(s)")
    else:
        values = checked_counts(frame.to_numpy(dtype=np.float64, na_value=np.nan), "cell(s)")
    return index, columns, values


def checked_labels(frame: pd.DataFrame) -> tuple[pd.Index, pd.Index]:
    """Copies of the labels of a table's rows and columns, if they are unique and its columns numeric, or a clear
    error."""
    if frame.shape[0] == 0 or frame.shape[1] == 0:
        raise ValueError(f"table must have at least one row and one column; got shape {frame.shape}")
    for axis, labels in (("index", frame.index), ("columns", frame.columns)):
        if isinstance(labels, pd.MultiIndex):
            raise ValueError(f"table {axis} must be one level of labels; got a MultiIndex of {labels.nlevels} "
                             f"levels: join them into one (table.{axis} = table.{axis}.to_flat_index() makes each "
                             f"label a tuple)")
        repeated = duplicated_labels(labels)
        if repeated.any():
            raise ValueError(f"table {axis} must not repeat a label; repeated: {list(labels[repeated])}")
    dtypes = frame.dtypes
    # each distinct dtype checked once (a table of many columns has one or a few)
    wrong = [t for t in dict.fromkeys(dtypes)
             if not pd.api.types.is_numeric_dtype(t) or pd.api.types.is_complex_dtype(t)]
    non_numeric = [c for c, t in dtypes.items() if any(t is w or t == w for w in wrong)] if wrong else []
    if non_numeric:
        raise ValueError(f"table must hold numeric counts; non-numeric columns: {non_numeric[:5]}")
    return frame.index.copy(), frame.columns.copy()


def _described(value) -> str:
    """A value as an error message names it: a short one as it is, else its type."""
    text = repr(value)
    return text if len(text) <= 60 else f"a {type(value).__name__}"


def checked_counts(table, cells: str):
    """``table`` (a float64 array, or a sparse array whose other cells are 0) if its counts are finite,
    non-negative and of a positive total, else a clear error."""
    values = table.data if is_scipy_sparse(table) else table
    if not np.isfinite(values).all():
        raise ValueError("table must hold finite counts; it has NaN or infinite cells")
    if (values < 0).any():
        raise ValueError(f"table must hold non-negative counts; {int((values < 0).sum())} {cells} are negative")
    if values.sum() == 0:
        raise ValueError("table must hold a positive total; every cell is 0")
    check_total(float(values.sum()))
    return table
