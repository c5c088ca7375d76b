"""The crosstab engine: two label columns (and optional frequency weights) to an I×J table of counts.

The rows are read once. Categorical columns give their integer codes directly; integer columns with a
small range are offset to codes; other columns are factorised once each (long columns of arrow strings by a
lookup among the labels of their first rows). Missing labels get code 0, so one ``numpy.bincount`` over
``row_code * (J + 1) + col_code`` counts valid and missing rows together, without masking the N rows.
Everything after that works on the small table. Where the two columns' labels are one set (the same labels,
categories or range of integers) they share one set of codes, ideally in display order: the order is then found
once for both sides and the table is a slice of the grid of counts.

A table of more than :data:`SPARSE_CELLS` cells is counted and held sparse: the combined codes are sorted and
counted by run (``numpy.unique``) instead of binned into every cell, and the table is a DataFrame of sparse
columns, so that memory grows with the non-empty cells and not with I·J.
"""

from __future__ import annotations

import math
import os
from collections.abc import Hashable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from functools import cached_property

import numpy as np
import pandas as pd

from ..base.lazy import LazyModule, is_scipy_sparse
from .design import DesignColumns, UnitTables, unit_tables
from .labels import (
    as_labels,
    check_listed,
    concat_labels,
    difference_labels,
    duplicated_labels,
    exact_codes,
    ordered_labels,
    positions_of,
    taken,
    typed_labels,
)

sparse = LazyModule("scipy.sparse")

__all__ = ["BOOKKEEPING", "MAX_CELLS", "MAX_TOTAL", "MIN_TOTAL", "SPARSE_CELLS", "NoValidRowsError", "SideLabels",
           "Tabulation", "as_label_series", "check_table_size", "check_total", "coded_keys", "count_cells",
           "counted_codes", "described", "design_codes", "encode", "held_sparse", "keys_back", "label_order",
           "label_positions", "merged_order", "nan_last", "no_valid_rows", "order_positions", "partial_counts",
           "sparse_frame", "stack_cells", "tabulate", "validate_weights"]

# An integer column whose values span at most this many codes is counted without factorising.
_SMALL_INT_RANGE = 1024
# Columns at least this long are factorised in parallel.
_PARALLEL_ROWS = 1 << 16
# The rows whose combined codes are counted at a time (without weights).
_COUNT_ROWS = 1 << 16
# The bookkeeping of the rows a count leaves out, as chunks counted apart add it up (the fields of Tabulation)
BOOKKEEPING = ("n_rows", "n_missing", "n_zero_weight", "weight_missing", "n_missing_weight", "n_missing_zero_weight")
# The first rows of a long column of arrow strings whose labels are found first (a quarter as many unless its labels
# are many); a quarter as many rows as those, spread over the column, check that few rows have labels met later.
_SAMPLE_ROWS = 1 << 14
# The most cells a table of counts may have (400 MB of float64): more labels than that are identifiers, not classes.
MAX_CELLS = 50_000_000
# Tables of more cells than this (32 MiB of float64, about 2,000 labels a side) are counted and held sparse.
SPARSE_CELLS = 1 << 22


def held_sparse(shape: Sequence[int]) -> bool:
    """Whether a table of ``shape`` is held sparse (more than :data:`SPARSE_CELLS` cells)."""
    return math.prod(float(n) for n in shape) > SPARSE_CELLS


# The totals a table of counts may have. Below MIN_TOTAL products of counts underflow to 0; above MAX_TOTAL = 2**53
# float64 no longer counts every object exactly and the bootstrap cannot draw its resamples.
MIN_TOTAL = 1e-50
MAX_TOTAL = 2.0**53


def check_total(total: float, what: str = "table") -> None:
    """A ValueError when a positive total of counts or weights is outside [MIN_TOTAL, MAX_TOTAL]."""
    if total > 0 and not MIN_TOTAL <= total <= MAX_TOTAL:
        raise ValueError(
            f"{what} sums to {total:.3g}, outside {MIN_TOTAL:g} to {MAX_TOTAL:.3g} (2**53), the totals that can be "
            "computed accurately; counts and frequency weights count objects: rescale them (for example so that "
            "they sum to the number of objects)"
        )


def check_table_size(shape: Sequence[int], names: Sequence[str], what: str = "crosstab") -> None:
    """A ValueError, before anything is allocated, when a table of ``shape`` (``names`` says what each size
    counts) would have more than :data:`MAX_CELLS` cells."""
    cells = math.prod(float(n) for n in shape)
    if cells > MAX_CELLS:
        sizes = ", ".join(f"{n:,} {name}" for name, n in zip(names, shape, strict=True))
        raise ValueError(
            f"too many labels: the {what} of {sizes} would have {cells:.3g} cells ({8 * cells / 2**30:,.1f} GiB); "
            f"at most {MAX_CELLS:,} are supported. Agreement is between classifications into a manageable number "
            "of classes: check that these columns hold class labels, not identifiers or measurements, or map "
            "the labels to fewer classes first."
        )


@dataclass(frozen=True)
class Tabulation:
    """What the engine returns: the counts of the valid rows and the bookkeeping of the others."""

    table: pd.DataFrame  # I×J, float64 (sparse columns when held sparse), rows and columns in display order
    order: pd.Index  # the labels of either side in display order
    n_rows: int  # rows read
    n_missing: int  # rows left out for a missing label or a missing weight
    n_zero_weight: int  # rows with valid labels left out because their weight is 0
    weighted: bool
    units: UnitTables | None = None  # with a sample design: the table of every PSU
    # the weighted count of the rows left out for a missing label (their weight sum; the rows themselves without
    # weights), and the rows left out because their weight is missing (among n_missing)
    weight_missing: float = 0.0
    n_missing_weight: int = 0
    n_missing_zero_weight: int = 0  # rows left out for a missing label whose weight is 0 (among n_missing)
    # the position in ``order`` of each label of the table's rows and of its columns (None where not found)
    places: tuple[np.ndarray, np.ndarray] | None = None


@dataclass(frozen=True, eq=False)
class SideLabels:
    """The categories of each side of a crosstab of two variables, in their order (``labels={row: [...], col:
    [...]}``): ``rows`` and ``cols`` are kept even when unobserved; None for a side that keeps its observed labels in
    the usual order. ``names`` name each side's list in messages (``"labels['Hair']"``).

    Examples
    --------
    >>> import pandas as pd
    >>> from pandas_agree.engine.crosstab import SideLabels, tabulate
    >>> sides = SideLabels(pd.Index(["lo", "mid", "hi"]), None)
    >>> tabulate(pd.Series(["hi", "lo"]), pd.Series(["x", "y"]), labels=sides).table.shape
    (3, 2)
    """

    rows: pd.Index | None
    cols: pd.Index | None
    names: tuple[str, str] = ("labels of the rows", "labels of the columns")

    def given(self) -> tuple[bool, bool]:
        """Whether each side (rows, columns) has its labels given."""
        return self.rows is not None, self.cols is not None

    def same(self, other: SideLabels) -> bool:
        """Whether ``other`` gives the same labels, in the same order, to the same sides (exactly: ``True`` is not
        ``1``)."""
        def equal(x, y):
            if x is None or y is None:
                return x is None and y is None
            return len(x) == len(y) and bool((positions_of(y, x) == np.arange(len(x))).all())
        return equal(self.rows, other.rows) and equal(self.cols, other.cols)


@dataclass(frozen=True)
class _Codes:
    codes: np.ndarray  # integer codes into uniques (after subtracting offset), -1 for a missing label
    uniques: pd.Index
    categories: pd.Index | None  # the declared order of a categorical column
    offset: int = 0  # subtracted from codes, folded into the one combined code (saves a pass over the rows)
    ranged: bool = False  # integers coded as themselves: uniques are every integer from offset on
    in_order: bool = False  # uniques are in the order pandas sorts them (sorted labels, or a range of integers)


def as_label_series(values, name: str) -> pd.Series:
    """A one-dimensional Series of labels from a Series, array or list (never a copy of a Series)."""
    if isinstance(values, pd.Series):
        return values
    if isinstance(values, pd.DataFrame):
        raise ValueError(f"{name} must be one-dimensional (a Series, array or list); got a DataFrame")
    if isinstance(values, (pd.Index, pd.Categorical)):
        return pd.Series(values, name=getattr(values, "name", None), copy=False)
    arr = np.asarray(values, dtype=object) if isinstance(values, Sequence) else np.asarray(values)
    if arr.ndim != 1:
        raise ValueError(f"{name} must be one-dimensional; got an array of shape {arr.shape}")
    try:  # strings become arrow strings (which the crosstab encodes fastest) ...
        return pd.Series(arr, copy=False)
    except UnicodeEncodeError:  # ... unless UTF-8 cannot encode one (a lone surrogate): then they stay objects
        return pd.Series(arr, dtype=object, copy=False)


def _direct_codes(labels: pd.Series, span: int = _SMALL_INT_RANGE) -> _Codes | None:
    """The codes of a categorical column, or of an integer column spanning fewer than ``span`` values, without
    factorising, else None."""
    dtype = labels.dtype
    if isinstance(dtype, pd.CategoricalDtype):
        cats = dtype.categories
        return _Codes(labels.array.codes, cats, cats)
    if isinstance(dtype, np.dtype) and dtype.kind in "iu" and dtype != np.uint64 and len(labels):
        values = labels.to_numpy()
        low, high = int(values.min()), int(values.max())
        # the combined code value * width must not overflow
        if high - low < span and max(-low, high) < 2**31:
            return _Codes(values, pd.Index(np.arange(low, high + 1, dtype=dtype)), None, low, ranged=True,
                          in_order=True)
    return None


def _arrow_strings(labels: pd.Series):
    """The pyarrow array of a long column of pyarrow-backed strings, else None."""
    dtype = labels.dtype
    if len(labels) < _PARALLEL_ROWS or not (
            isinstance(dtype, pd.ArrowDtype)
            or (isinstance(dtype, pd.StringDtype) and str(dtype.storage).startswith("pyarrow"))):
        return None
    import pyarrow as pa  # an arrow-backed column: pyarrow is installed

    column = labels.array.__arrow_array__()
    if not (pa.types.is_string(column.type) or pa.types.is_large_string(column.type)):
        return None
    return column


def _arrow_string_codes(labels: pd.Series, *, sort: bool = False) -> _Codes | None:
    """The codes and labels of a long column of pyarrow-backed strings, found faster than by factorising when its
    labels are few and nearly all met early: the labels of the first rows (a quarter of :data:`_SAMPLE_ROWS`, or
    all of them for more labels), checked against rows spread over the column, then every row looked up among them
    (a lookup is cheaper than an encoding that grows as it goes), and the rows of labels the sample missed (rare
    ones, which come after those of the first rows) encoded apart. The int32 codes are kept as arrow gives them:
    from 1, with 0 for a missing label (an offset of 1). The labels are in order of first appearance, as
    :func:`pandas.factorize` gives them; with ``sort``, those of the first rows sorted (as pyarrow sorts them: the
    codes then run in display order), then the others. None where this does not apply (another dtype, a short
    column, many labels, labels met late): pandas then factorises the column."""
    column = _arrow_strings(labels)
    if column is None:
        return None
    import pyarrow as pa
    import pyarrow.compute as pc

    n = len(column)
    for head in dict.fromkeys((min(n, max(1, _SAMPLE_ROWS // 4)), min(n, _SAMPLE_ROWS))):
        known = pc.unique(column.slice(0, head)).drop_null()
        if 8 * len(known) <= head:
            break
    else:
        return None  # many labels
    if sort:
        known = known.take(pc.array_sort_indices(known))
    # a missing label first: codes from 1, and 0 for a missing label, as the combined code takes them
    known = pa.concat_arrays([pa.nulls(1, known.type), known])
    spread = np.arange(head, n, max(1, 4 * (n - head) // head))  # a quarter as many rows as the first ones
    if pc.index_in(column.take(spread), value_set=known).null_count > len(spread) // 16:
        return None  # labels first met after the first rows (sorted rows)
    codes, unmatched = _looked_up(column, known)
    if unmatched > n // 16:
        return None
    if unmatched:  # rows of labels the sample missed, which are not among the first rows: in order, encoded apart
        rows = np.flatnonzero(codes < 0)
        others = column.take(rows)
        more = pc.unique(others)
        codes = codes.copy()
        codes[rows] = _looked_up(others, more)[0] + len(known)
        known = pa.concat_arrays([known, more])
    # sorted labels are in pandas' order too: pandas sorts arrow strings with the same pyarrow sort
    return _Codes(codes, pd.Index(known[1:], dtype=labels.dtype), None, 1, in_order=sort and not unmatched)


def _looked_up(column, known) -> tuple[np.ndarray, int]:
    """The position in ``known`` of each value of an arrow ``column`` (int32; a missing value is found where
    ``known`` holds one), -1 where it is not found; and how many values are not found."""
    import pyarrow as pa
    import pyarrow.compute as pc

    found = pc.index_in(column, value_set=known)
    if isinstance(found, pa.ChunkedArray):
        found = found.chunk(0) if found.num_chunks == 1 else found.combine_chunks()
    absent = found.null_count
    if absent:
        found = found.fill_null(-1)
    return found.to_numpy(zero_copy_only=False), absent


def _factorized(labels: pd.Series, name: str, sort: bool = False) -> _Codes:
    arrow = _arrow_string_codes(labels, sort=sort)
    if arrow is not None:
        return arrow
    try:
        codes, uniques = pd.factorize(labels, use_na_sentinel=True)
    except TypeError as err:
        raise TypeError(f"{name} has unhashable labels ({err}); labels must be hashable values") from None
    if labels.dtype == object:  # pandas hashes True as 1: keep them apart, and type the labels as a column would
        codes, uniques = exact_codes(labels.to_numpy(), codes, uniques)
        uniques = typed_labels(uniques)
    return _Codes(codes, pd.Index(uniques), None)


_POOL: tuple[int, ThreadPoolExecutor] | None = None


def _threads() -> ThreadPoolExecutor:
    """Two worker threads kept for the life of the process (starting them anew took about a tenth of a report
    of 10^6 rows), made again in a child process, which inherits the pool's object without its threads."""
    global _POOL
    if _POOL is None or _POOL[0] != os.getpid():
        _POOL = (os.getpid(), ThreadPoolExecutor(max_workers=2, thread_name_prefix="pandas_agree"))
    return _POOL[1]


def encode(columns: Sequence[pd.Series], names: Sequence[str], *, shared: bool = False) -> list[_Codes]:
    """The codes of every column. Large columns that need factorising are factorised on two threads: hashing
    pyarrow strings and numbers releases the GIL, so two such columns take about the time of one.

    With ``shared``, the labels of pyarrow strings are sorted where that is cheap (so that their codes run in
    display order), and columns whose labels are one set are coded among it: the same labels in the same order
    and dtype (text, integers or booleans: :func:`_equal_is_same`), or integers of one dtype that together span
    fewer than :data:`_SMALL_INT_RANGE` values (the same codes with one offset). Their codes then have one
    ``uniques`` (the same object)."""
    codes = [_direct_codes(column) for column in columns]
    pending = [i for i, c in enumerate(codes) if c is None]
    if len(pending) > 1 and len(columns[pending[0]]) >= _PARALLEL_ROWS:
        # the first column here while the pool's threads take the others
        futures = {i: _threads().submit(_factorized, columns[i], names[i], shared) for i in pending[1:]}
        codes[pending[0]] = _factorized(columns[pending[0]], names[pending[0]], shared)
        for i in pending[1:]:
            codes[i] = futures[i].result()
    else:
        for i in pending:
            codes[i] = _factorized(columns[i], names[i], shared)
    return _one_set(codes) if shared and len(codes) > 1 else codes


def _equal_is_same(dtype) -> bool:
    """Whether two equal labels of ``dtype`` are the same label: text, integers and booleans (not objects, where
    pandas takes ``True`` for ``1``, nor floats, where ``-0.0`` equals ``0.0``)."""
    if isinstance(dtype, np.dtype):
        return dtype.kind in "iub"
    if isinstance(dtype, pd.ArrowDtype):
        import pyarrow as pa

        kind = dtype.pyarrow_dtype
        return pa.types.is_string(kind) or pa.types.is_large_string(kind) or pa.types.is_integer(kind)
    return isinstance(dtype, pd.StringDtype)


def _one_set(codes: list[_Codes]) -> list[_Codes]:
    """The codes with one ``uniques`` where their labels are one set (:func:`encode`'s ``shared``), else as they
    are."""
    first = codes[0].uniques
    if all(c.uniques is first for c in codes):
        return codes
    if _equal_is_same(first.dtype) and all(len(c.uniques) == len(first) and c.uniques.dtype == first.dtype
                                           and c.uniques.equals(first) for c in codes):
        return [replace(c, uniques=first, categories=None if c.categories is None else first,
                        in_order=codes[0].in_order) for c in codes]
    if all(c.ranged and c.uniques.dtype == first.dtype for c in codes):
        low = min(c.offset for c in codes)
        high = max(c.offset + len(c.uniques) - 1 for c in codes)
        if high - low < _SMALL_INT_RANGE:
            uniques = pd.Index(np.arange(low, high + 1, dtype=first.dtype))
            return [_Codes(c.codes, uniques, None, low, ranged=True, in_order=True) for c in codes]
    return codes


def validate_weights(weights, n: int, name: str = "weights") -> np.ndarray:
    """Frequency weights as a float64 array: numeric, finite, non-negative (NaN marks a missing weight)."""
    if isinstance(weights, pd.Series):
        series = weights
    else:
        arr = np.asarray(weights)
        if arr.ndim != 1:
            raise ValueError(f"{name} must be one-dimensional; got an array of shape {arr.shape}")
        series = pd.Series(arr, copy=False)
    if len(series) != n:
        raise ValueError(f"{name} has {len(series)} values but the labels have {n}; they must match")
    if not pd.api.types.is_numeric_dtype(series.dtype) or pd.api.types.is_complex_dtype(series.dtype):
        raise TypeError(f"{name} must be numeric (frequency weights); got dtype {series.dtype}")
    w = series.to_numpy(dtype=np.float64, na_value=np.nan)
    bad = np.isinf(w)
    if bad.any():
        raise ValueError(f"{name} must be finite; {int(bad.sum())} value(s) are infinite")
    negative = w < 0
    if negative.any():
        first = w[negative][0]
        raise ValueError(
            f"{name} must be non-negative; {int(negative.sum())} value(s) are negative (first: {first})"
        )
    check_total(float(np.nansum(w)), name)
    return w


def label_order(*args) -> pd.Index:
    """The display order of the observed labels: categorical order, else sorted, else each column's labels sorted
    (else in order of first appearance).

    ``args`` are the codes of every column, then the observed labels (one Index, or one per column).
    """
    *columns, observed = args
    return merged_order([c.categories for c in columns if c.categories is not None], observed)


def merged_order(declared: Sequence[pd.Index], observed: pd.Index | Sequence[pd.Index]) -> pd.Index:
    """The declared orders (of categorical columns) merged in turn, then the other observed labels (one Index, or
    one per column) as :func:`~pandas_agree.engine.labels.ordered_labels` orders them: sorted where they sort
    together, else column after column, each column's labels sorted where they sort (else in order of appearance).
    The order of crosstabs, joint tables and rating categories."""
    groups = [observed] if isinstance(observed, pd.Index) else list(observed)
    if not declared:
        return ordered_labels(groups)
    order = declared[0]
    for more in declared[1:]:
        order = concat_labels(order, difference_labels(more, order))
    # labels match exactly (0 is not False, nor 1 True; engine/labels.py), also across declared orders
    return concat_labels(order, ordered_labels([difference_labels(g, order) for g in groups]))


def order_positions(labels: pd.Index, order: pd.Index) -> np.ndarray:
    """Positions that put ``labels`` in ``order``."""
    return np.argsort(positions_of(labels, order), kind="stable")


@dataclass(frozen=True)
class _Cells:
    """The counts of one pass over the rows, before ordering: observed labels only.

    A dense count keeps every pair of codes (``grid``) and which of its rows and columns hold an observed label
    (``rows``, ``cols``); :attr:`table` and the labels are read off them when asked for. A sparse count holds its
    table of the observed labels as ``grid`` (``rows`` and ``cols`` None)."""

    # dense: the weighted count of every pair of codes, height × width, code 0 a missing label (the integer counts
    # themselves without weights); sparse: the weighted counts, observed rows × observed columns
    grid: np.ndarray | sparse.coo_array
    rows: np.ndarray | None  # dense: the grid's rows of observed labels, in code order (a missing label last)
    cols: np.ndarray | None
    row_uniques: pd.Index  # dense: the label of each code after 0 (then NaN, without dropna); sparse: row_labels
    col_uniques: pd.Index
    row_codes: _Codes
    col_codes: _Codes
    n_rows: int
    n_missing: int
    n_zero_weight: int
    flat: np.ndarray | None = None  # each row's combined code (row code + 1) · width + (column code + 1), 0: missing
    width: int = 0
    weight_missing: float = 0.0  # the weight sum of the rows left out for a missing label (with dropna)
    n_missing_weight: int = 0  # rows left out because their weight is missing
    n_missing_zero_weight: int = 0  # rows left out for a missing label whose weight is 0 (with dropna)

    @property
    def shared(self) -> bool:
        """Whether a dense count's rows and columns code one set of labels (a code is the same label on both)."""
        return self.rows is not None and self.row_uniques is self.col_uniques

    @property
    def empty(self) -> bool:
        """Whether no row was counted (every observed label has a positive weighted count)."""
        return 0 in self.table.shape if self.rows is None else not (len(self.rows) and len(self.cols))

    @cached_property
    def table(self) -> np.ndarray | sparse.coo_array:
        """The weighted counts (float64), observed rows × observed columns, in code order."""
        if self.rows is None:
            return self.grid
        return self.grid[np.ix_(self.rows, self.cols)].astype(np.float64, copy=False)

    @cached_property
    def row_labels(self) -> pd.Index:
        """The observed labels of the rows, in code order."""
        return self.row_uniques if self.rows is None else _at_codes(self.row_uniques, self.rows)

    @cached_property
    def col_labels(self) -> pd.Index:
        """The observed labels of the columns, in code order."""
        return self.col_uniques if self.cols is None else _at_codes(self.col_uniques, self.cols)


def counted_codes(flat: np.ndarray, weights: np.ndarray | None, size: int, *, stored: bool | None = None):
    """The count of each combined code and, with weights, its weight sum (float64): dense arrays of ``size`` codes
    (without weights, the integer counts stand for the sums), or for a table held sparse (``stored``; by default, by
    :func:`held_sparse`) the codes that occur with their counts and sums (sorted; no array of ``size``)."""
    if not (held_sparse((size,)) if stored is None else stored):
        counts = np.bincount(flat, minlength=size)
        return None, counts, (counts if weights is None else np.bincount(flat, weights=weights, minlength=size))
    if weights is None:
        codes, counts = np.unique(flat, return_counts=True)
        return codes, counts, counts.astype(np.float64)
    order = np.argsort(flat, kind="stable")
    ordered = flat[order]
    starts = np.flatnonzero(np.diff(ordered, prepend=-1))
    return ordered[starts], np.diff(np.append(starts, len(ordered))), np.add.reduceat(weights[order], starts)


def _counted_in_chunks(row_codes: np.ndarray, col_codes: np.ndarray, width: int, shift: int, size: int) -> np.ndarray:
    """The count of each of ``size`` combined codes ``row code · width + column code + shift``, made and counted
    :data:`_COUNT_ROWS` rows at a time (at least eight times ``size``, so that counting a chunk costs more than
    adding its counts up): no array of every row's code, and a buffer that stays in cache."""
    n = len(row_codes)
    chunk = max(_COUNT_ROWS, 8 * size)
    if n <= chunk:
        flat = np.multiply(row_codes, width, dtype=np.intp, casting="unsafe")
        np.add(flat, col_codes, out=flat, casting="unsafe")
        if shift:
            flat += shift
        return np.bincount(flat, minlength=size)
    counts = np.zeros(size, dtype=np.intp)
    buffer = np.empty(chunk, dtype=np.intp)
    for start in range(0, n, chunk):
        flat = buffer[:min(chunk, n - start)]
        np.multiply(row_codes[start:start + chunk], width, out=flat, dtype=np.intp, casting="unsafe")
        np.add(flat, col_codes[start:start + chunk], out=flat, casting="unsafe")
        if shift:
            flat += shift
        counts += np.bincount(flat, minlength=size)
    return counts


def count_cells(actual: pd.Series, pred: pd.Series, *, weights: np.ndarray | None = None, dropna: bool = True,
                names: tuple[str, str] = ("actual", "pred"), keep_codes: bool = False, shared: bool = True) -> _Cells:
    """One pass over the rows: the weighted count of every observed label pair, and the rows left out, with the
    weight sum of those left out for a missing label (read off the same count: their cells are the missing code's);
    with ``keep_codes``, each row's combined code too, for the tables of a sample design's PSUs.

    With ``shared``, a count without weights codes its columns as :func:`encode`'s ``shared`` does (sorted labels
    of pyarrow strings, one set of labels where the columns have one), which spares the ordering a lookup per side
    and takes the table off the grid in slices. A weighted count keeps each column's own codes: the weight sum of the
    rows missing a label adds up cells in code order, whose last bits that order decides; so do the long cells of a
    chunk (:func:`partial_counts`), listed in code order."""
    if len(actual) != len(pred):
        raise ValueError(
            f"{names[0]} and {names[1]} must have the same length; got {len(actual)} and {len(pred)}"
        )
    row_codes, col_codes = encode([actual, pred], names, shared=shared and weights is None)
    check_table_size((len(row_codes.uniques), len(col_codes.uniques)), [f"labels of {name}" for name in names])
    width = len(col_codes.uniques) + 1
    height = len(row_codes.uniques) + 1
    # remove the offsets and shift both codes by one, so that code 0 is a missing label
    shift = (1 - row_codes.offset) * width + 1 - col_codes.offset
    n_zero_weight = n_missing_weight = n_missing_zero_weight = 0
    if weights is None and not keep_codes and not held_sparse((height * width,)):
        codes, flat = None, None
        counts = sums = _counted_in_chunks(row_codes.codes, col_codes.codes, width, shift, height * width)
    else:
        # int32 where the combined codes fit (half the memory traffic of intp). Codes with an offset may pass
        # int32's range on the way, but the arithmetic wraps modulo 2³², so a final code that fits comes out exact.
        kind = np.int32 if height * width < 2**31 else np.intp
        flat = np.multiply(row_codes.codes, width, dtype=kind, casting="unsafe")
        np.add(flat, col_codes.codes, out=flat, casting="unsafe")
        if shift:
            flat += kind((shift + 2**31) % 2**32 - 2**31) if kind is np.int32 else shift
        if weights is not None:
            if dropna:  # rows of weight 0 that miss a label: left out for the label (code 0 on a side)
                zero_flat = flat[weights == 0]
                n_missing_zero_weight = int(np.count_nonzero((zero_flat < width) | (zero_flat % width == 0)))
            missing_weight = np.isnan(weights)
            n_missing_weight = int(np.count_nonzero(missing_weight))
            if n_missing_weight:
                if not dropna:
                    raise ValueError(
                        f"weights has {n_missing_weight} missing value(s); with dropna=False every "
                        "row needs a weight (use dropna=True to leave such rows out)"
                    )
                flat[missing_weight] = 0  # counted with the rows that miss a label
                weights = np.where(missing_weight, 0.0, weights)
            zero_flat = flat[weights == 0]
            if dropna:
                n_zero_weight = int(np.count_nonzero((zero_flat >= width) & (zero_flat % width != 0)))
            else:  # a missing label is a category of its own: every row of weight 0 is left out for its weight
                n_zero_weight = len(zero_flat)
        codes, counts, sums = counted_codes(flat, weights, height * width)

    row_uniques, col_uniques = row_codes.uniques, col_codes.uniques
    if not dropna:
        row_uniques = pd.Index([*row_uniques, np.nan], dtype=object)
        col_uniques = row_uniques if col_codes.uniques is row_codes.uniques else pd.Index([*col_uniques, np.nan],
                                                                                          dtype=object)
    kept = {"row_codes": row_codes, "col_codes": col_codes, "n_rows": len(actual), "n_zero_weight": n_zero_weight,
            "flat": flat if keep_codes else None, "width": width, "n_missing_weight": n_missing_weight,
            "n_missing_zero_weight": n_missing_zero_weight}
    if codes is None:
        counts, grid = counts.reshape(height, width), sums.reshape(height, width)
        if dropna:
            n_missing = int(counts[0].sum() + counts[1:, 0].sum())
            # a missing weight counts 0 here: its row is under the missing code with a weight of 0
            weight_missing = float(grid[0].sum() + grid[1:, 0].sum())
            inner = grid[1:, 1:]
            rows, cols = np.flatnonzero(inner.sum(axis=1) > 0) + 1, np.flatnonzero(inner.sum(axis=0) > 0) + 1
        else:  # a missing label (code 0) is the last category
            n_missing, weight_missing = 0, 0.0
            rows, cols = (np.roll(np.flatnonzero(sums > 0), -1) if sums[0] > 0 else np.flatnonzero(sums > 0)
                          for sums in (grid.sum(axis=1), grid.sum(axis=0)))
        return _Cells(grid, rows, cols, row_uniques, col_uniques, n_missing=n_missing, weight_missing=weight_missing,
                      **kept)

    rows, cols = np.divmod(codes, width)
    missing = (rows == 0) | (cols == 0)
    if dropna:
        n_missing, weight_missing = int(counts[missing].sum()), float(sums[missing].sum())
        rows, cols, sums = rows[~missing] - 1, cols[~missing] - 1, sums[~missing]
    else:  # a missing label is the last category
        n_missing, weight_missing = 0, 0.0
        rows, cols = np.where(rows == 0, height, rows) - 1, np.where(cols == 0, width, cols) - 1
        order = np.lexsort((cols, rows))
        rows, cols, sums = rows[order], cols[order], sums[order]
    filled = sums > 0
    rows, cols, sums = rows[filled], cols[filled], sums[filled]
    keep_rows, keep_cols = np.unique(rows), np.unique(cols)
    table = sparse.coo_array((sums, (np.searchsorted(keep_rows, rows), np.searchsorted(keep_cols, cols))),
                             shape=(len(keep_rows), len(keep_cols)))
    return _Cells(table, None, None, row_uniques[keep_rows], col_uniques[keep_cols], n_missing=n_missing,
                  weight_missing=weight_missing, **kept)


def _runs(codes: np.ndarray) -> bool:
    """Whether ``codes`` are consecutive and ascending (a slice takes them)."""
    return len(codes) > 0 and np.array_equal(codes, np.arange(codes[0], codes[0] + len(codes)))


def _at_codes(uniques: pd.Index, codes: np.ndarray) -> pd.Index:
    """The labels of grid ``codes``: ``uniques[codes - 1]`` (code 0, a missing label, is the last)."""
    return taken(uniques, codes - 1)


def _grid_table(grid: np.ndarray, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
    """The float64 table of the ``rows`` × ``cols`` of a grid, in Fortran order (as pandas gives a frame's
    values): a slice where both run (labels coded in display order), else gathered."""
    if _runs(rows) and _runs(cols):
        return grid[rows[0]:rows[-1] + 1, cols[0]:cols[-1] + 1].astype(np.float64, order="F")
    return grid[np.ix_(rows, cols)].astype(np.float64, order="F")


def _observed_order(cells: _Cells) -> tuple[pd.Index, np.ndarray, np.ndarray]:
    """The display order of the labels of a dense count (:func:`label_order`), and the position in it of each
    code of the grid's rows and of its columns (−1 for a label not observed on that side). Where both sides code
    one set of labels (:attr:`_Cells.shared`) the order is found once for both: the categories they share, or the
    observed labels sorted where they are typed."""
    row_codes, col_codes = cells.row_codes, cells.col_codes
    row_at = np.full(len(cells.grid), -1, dtype=np.intp)
    col_at = np.full(cells.grid.shape[1], -1, dtype=np.intp)
    if cells.shared:
        present = np.zeros(len(cells.grid), dtype=bool)
        present[cells.rows] = True
        present[cells.cols] = True
        codes = np.flatnonzero(present)  # every observed label's code (0, a missing label, first)
        declared = [c.categories for c in (row_codes, col_codes) if c.categories is not None]
        if len(declared) == 2 and all(d is row_codes.uniques for d in declared) and codes[0] > 0:
            # the categories of both sides, the order itself: a label's position in it is its code
            row_at[codes] = col_at[codes] = codes - 1
            return row_codes.uniques, row_at, col_at
        labels = _at_codes(cells.row_uniques, codes)
        if not declared and labels.dtype != object and row_codes.in_order:  # the observed labels, already sorted
            row_at[codes] = col_at[codes] = np.arange(len(codes))
            return labels, row_at, col_at
        if not declared and labels.dtype != object:  # typed labels (numbers, arrow strings) sort together
            try:
                order, sorter = labels.sort_values(return_indexer=True)
            except TypeError:
                pass
            else:
                row_at[codes[sorter]] = col_at[codes[sorter]] = np.arange(len(sorter))
                return order, row_at, col_at
    # each side's labels, as the order of two sides coded apart takes them (pandas may type their union anew)
    order = nan_last(label_order(row_codes, col_codes, [cells.row_labels, cells.col_labels]))
    row_at[cells.rows] = positions_of(cells.row_labels, order)
    col_at[cells.cols] = positions_of(cells.col_labels, order)
    return order, row_at, col_at


class NoValidRowsError(ValueError):
    """No row can be counted: every row has a missing label, a missing weight or a zero weight."""


def no_valid_rows(n_rows: int, *, all_missing: Sequence[str] = (), weights: str | None = None,
                  scores: Sequence[str] = (), weighted: bool = True) -> NoValidRowsError:
    """The error of a table without a valid row, saying why where the caller knows: ``all_missing`` names the
    label columns whose every label is missing, ``scores`` the score columns whose every score is missing,
    ``weights`` (when given) names the weights, every one of them missing or zero (each name as
    :func:`described` gives it); without weights (``weighted`` false) the rows can only miss a label (or score)."""
    every = "the only row has" if n_rows == 1 else f"all {n_rows} rows have"
    why = [f"every label of {' and of '.join(all_missing)} is missing"] if all_missing else []
    if scores:
        why.append(f"every score of {' and of '.join(scores)} is missing")
    if weights is not None:
        why.append(f"every weight of {weights} is missing or zero")
    missing = f"a missing {'label or score' if scores else 'label'}"
    missing += ", a missing weight or a zero weight" if weighted else ""
    return NoValidRowsError("; ".join([f"no valid rows: {every} {missing}", *why]))


def described(column, argument: str | None = None) -> str:
    """A column as an error message names it: its name and the argument that gives it ("'a' (row)"); the argument
    alone for a column without a name (None, or the NaN pandas may store for None) or named as the argument; the
    name alone without an argument.

    Examples
    --------
    >>> from pandas_agree.engine.crosstab import described
    >>> described("a", "row"), described(None, "row"), described("row", "row"), described("p1")
    ("'a' (row)", 'row', 'row', "'p1'")
    """
    unnamed = column is None or (isinstance(column, float) and np.isnan(column))
    if argument is None:
        return "a column without a name" if unnamed else repr(column)
    return argument if unnamed or (isinstance(column, str) and column == argument) else f"{column!r} ({argument})"


def tabulate(
    actual: pd.Series,
    pred: pd.Series,
    *,
    weights: np.ndarray | None = None,
    dropna: bool = True,
    labels: Sequence[Hashable] | SideLabels | None = None,
    names: tuple[str, str] = ("actual", "pred"),
    design: DesignColumns | None = None,
) -> Tabulation:
    """Count the label pairs of two equally long Series into an I×J table.

    Parameters
    ----------
    actual, pred : pandas.Series
        Reference and predicted labels, one per row.
    weights : numpy.ndarray, optional
        Validated frequency weights (see :func:`validate_weights`); NaN marks a missing weight.
    dropna : bool, default True
        Leave out rows with a missing label or weight (they are counted). With False, a missing label is a
        category of its own and a missing weight is an error.
    labels : sequence, optional
        The categories and their order, for rows and columns alike; kept even when unobserved. A
        :class:`SideLabels` gives each side its own (a side it leaves None keeps its observed labels in the usual
        order).
    names : (str, str)
        Names of the two arguments, for messages.
    design : DesignColumns, optional
        The strata, clusters and finite population correction of a sample design: the table of every PSU is
        counted too (:func:`~pandas_agree.engine.design.unit_tables`), from the same codes.
    """
    if len(actual) == 0 and len(pred) == 0:
        columns = [f"{name} ({series.name!r})" if isinstance(series, pd.Series) and series.name is not None else name
                   for name, series in zip(names, (actual, pred), strict=True)]
        raise ValueError(f"no rows to count: {columns[0]} and {columns[1]} are empty")
    cells = count_cells(actual, pred, weights=weights, dropna=dropna, names=names, keep_codes=design is not None)
    if cells.empty:
        raise no_valid_rows(cells.n_rows, weighted=weights is not None)
    places = None  # the position in the order of each row and each column of the table
    if labels is None and cells.rows is not None:  # the table taken from the grid of the dense count once
        order, row_at, col_at = _observed_order(cells)
        r = cells.rows[np.argsort(row_at[cells.rows], kind="stable")]
        c = cells.cols[np.argsort(col_at[cells.cols], kind="stable")]
        table = pd.DataFrame(_grid_table(cells.grid, r, c), index=_at_codes(cells.row_uniques, r),
                             columns=_at_codes(cells.col_uniques, c), copy=False)
        places = row_at[r], col_at[c]
    elif labels is not None and not isinstance(labels, SideLabels):
        table = _onto_labels(cells.table, cells.row_labels, cells.col_labels, labels)
        order = table.index
        places = np.arange(table.shape[0]), np.arange(table.shape[1])
    else:
        full, row_labels, col_labels = cells.table, cells.row_labels, cells.col_labels
        order = nan_last(label_order(cells.row_codes, cells.col_codes, [row_labels, col_labels]))
        r = np.argsort(positions_of(row_labels, order), kind="stable")
        c = np.argsort(positions_of(col_labels, order), kind="stable")
        if isinstance(labels, SideLabels):  # each side its own categories, or its observed labels in the usual order
            wanted = [_checked_side(given, observed[at], name) if given is not None else observed[at]
                      for given, observed, at, name in zip((labels.rows, labels.cols), (row_labels, col_labels),
                                                           (r, c), labels.names, strict=True)]
            table = _onto(full, row_labels, col_labels, *wanted)
            order = concat_labels(wanted[0], difference_labels(wanted[1], wanted[0]))
        else:  # held sparse
            table = sparse_frame(_placed(full, np.argsort(r), np.argsort(c), full.shape), row_labels[r],
                                 col_labels[c])
    table.index.name, table.columns.name = actual.name, pred.name
    units = None
    if design is not None:
        coded = design_codes(design)
        rows = _positions(cells.row_codes, table.index, dropna)
        cols = _positions(cells.col_codes, table.columns, dropna)
        if held_sparse((len(rows), len(cols))):  # each row's cell from its two codes (no table of every pair)
            row_at, col_at = np.divmod(cells.flat, cells.width)
            row_at, col_at = rows[row_at], cols[col_at]
            cell = np.where((row_at >= 0) & (col_at >= 0), row_at * table.shape[1] + col_at, -1)
        else:  # a lookup of every pair of codes
            cell = np.where((rows[:, None] >= 0) & (cols[None, :] >= 0),
                            rows[:, None] * table.shape[1] + cols[None, :], -1).ravel()[cells.flat]
        units = unit_tables(cell, weights, design, table.shape, coded)
    # the table's rows and columns are in the exact order; the analyses look the order up with pandas
    return Tabulation(table, order, cells.n_rows, cells.n_missing, cells.n_zero_weight,
                      weights is not None, units, weight_missing=cells.weight_missing,
                      n_missing_weight=cells.n_missing_weight, n_missing_zero_weight=cells.n_missing_zero_weight,
                      places=places)


def design_codes(design: DesignColumns) -> dict[str, tuple[np.ndarray, pd.Index]]:
    """The codes and values of a design's strata and clusters ((codes, uniques) by name, −1 for a missing value),
    as :func:`~pandas_agree.engine.design.unit_tables` takes them: ids of a wide integer range are codes
    themselves (no table of that size is formed), the others are factorised like labels."""
    named = [(name, column) for name, column in (("strata", design.strata), ("cluster", design.cluster))
             if column is not None]
    found = {name: _direct_codes(column, span=1 << 22) for name, column in named}
    pending = [(name, column) for name, column in named if found[name] is None]
    found.update(zip((name for name, _ in pending),
                     encode([column for _, column in pending],
                            [design.names[0 if name == "strata" else 1] for name, _ in pending]), strict=True))
    return {name: (np.asarray(c.codes, dtype=np.int64) - c.offset, c.uniques) for name, c in found.items()}


def _positions(codes: _Codes, index: pd.Index, dropna: bool) -> np.ndarray:
    """The position in ``index`` of each code of a combined code's side (0: a missing label, then the uniques):
    −1 where the row is left out (a missing label with ``dropna``)."""
    missing = -1 if dropna else positions_of(pd.Index([np.nan], dtype=object), index)[0]
    return np.append(missing, positions_of(codes.uniques, index)).astype(np.int64)


def _as_column(labels: pd.Index, codes: _Codes, positions: np.ndarray):
    values = labels[positions]
    if codes.categories is not None:
        return pd.Categorical(values, categories=codes.categories)
    return values


def partial_counts(actual: pd.Series, pred: pd.Series, *, weights: np.ndarray | None = None, dropna: bool = True,
                   names: tuple[str, str] = ("actual", "pred")) -> tuple[pd.DataFrame, dict]:
    """The non-zero cells of one chunk of rows as long data (actual, pred, count), and its bookkeeping (``n_rows``,
    ``n_missing``, ``n_zero_weight``, ``weight_missing``, ``n_missing_weight``, ``n_missing_zero_weight``: see
    :class:`Tabulation`).

    Chunks counted apart (the partitions of a distributed frame) add up: stack their cells (:func:`stack_cells`) and
    build the Agreement from them; categorical columns keep their categories, so the label order is the same. The
    labels of an object column may not sort (numbers and text) and are then ordered by first appearance: such a
    column's labels come first, in the order the chunk's rows show them, each against a missing label and with a
    count of 0, so that the stacked cells meet every label in the order of the rows, as the count of all rows at
    once does.
    """
    cells = count_cells(actual, pred, weights=weights, dropna=dropna, names=names, shared=False)
    if isinstance(cells.table, sparse.coo_array):
        r, c, found = cells.table.row, cells.table.col, cells.table.data
    else:
        r, c = np.nonzero(cells.table)
        found = cells.table[r, c]
    long = pd.DataFrame({
        names[0]: _as_column(cells.row_labels, cells.row_codes, r),
        names[1]: _as_column(cells.col_labels, cells.col_codes, c),
        "count": found,
    })
    ordered = [(name, codes.uniques) for name, column, codes in zip(names, (actual, pred),
                                                                      (cells.row_codes, cells.col_codes), strict=True)
               if column.dtype == object]
    if ordered:  # every label of an object column, in order of appearance, with a count of 0
        order = [pd.DataFrame({**{n: np.full(len(uniques), np.nan, dtype=object) for n in names},
                               "count": np.zeros(len(uniques))}) for _, uniques in ordered]
        for frame, (name, uniques) in zip(order, ordered, strict=True):
            frame[name] = pd.Series(uniques.to_numpy(dtype=object), dtype=object)
        long = pd.concat([*order, long.astype(dict.fromkeys((name for name, _ in ordered), object))],
                         ignore_index=True)
    return long, {"n_rows": cells.n_rows, "n_missing": cells.n_missing, "n_zero_weight": cells.n_zero_weight,
                  "weight_missing": cells.weight_missing, "n_missing_weight": cells.n_missing_weight,
                  "n_missing_zero_weight": cells.n_missing_zero_weight}


def label_positions(labels: pd.Series, name: str = "labels") -> tuple[np.ndarray, pd.Index]:
    """The distinct labels of a column and each row's position among them (−1 for a missing label), as the crosstab
    encodes the column: ``True`` and ``1`` are two labels, ``1`` and ``1.0`` one (``engine/labels.py``).

    Examples
    --------
    >>> import pandas as pd
    >>> positions, labels = label_positions(pd.Series([1, True, None, 1.0], dtype=object))
    >>> positions.tolist(), labels.tolist()
    ([0, 1, -1, 0], [1, True])
    """
    (codes,) = encode([labels], [name])
    return np.asarray(codes.codes, dtype=np.intp) - codes.offset, codes.uniques


def _hashed_loosely(column: pd.Series) -> bool:
    """Whether a group-by of the column's values may merge labels: objects (``True`` and ``1``; before pandas 3,
    strings equal up to a NUL character) or pandas' python-stored strings."""
    dtype = column.dtype
    return pd.api.types.is_object_dtype(dtype) or (isinstance(dtype, pd.StringDtype) and dtype.storage == "python")


def coded_keys(frame: pd.DataFrame, keys: Sequence[Hashable]) -> tuple[pd.DataFrame, dict]:
    """The frame with each key column of objects (or python-stored strings) replaced by its labels' positions
    (:func:`label_positions`, −1 for a missing value), and the labels of each such column: a group-by of the
    positions keeps apart the labels that a group-by of the values merges. :func:`keys_back` turns the positions
    of a grouped frame back into the labels.

    Examples
    --------
    >>> import pandas as pd
    >>> frame = pd.DataFrame({"k": pd.Series(["a", "a\\x00b", "a"], dtype=object), "n": [1, 2, 3]})
    >>> coded, labels = coded_keys(frame, ["k"])
    >>> summed = coded.groupby("k", sort=False)["n"].sum().reset_index()
    >>> keys_back(summed, labels)["k"].tolist(), summed["n"].tolist()
    (['a', 'a\\x00b'], [4, 2])
    """
    labels = {}
    coded = frame
    for key in keys:
        if _hashed_loosely(frame[key]):
            if coded is frame:
                coded = frame.copy(deep=False)
            coded[key], labels[key] = label_positions(frame[key], str(key))
    return coded, labels


def keys_back(frame: pd.DataFrame, labels: dict) -> pd.DataFrame:
    """The frame with the positions of the key columns of :func:`coded_keys` turned back into their labels (an
    object column, NaN for position −1), in place."""
    for key, found in labels.items():
        values = np.append(found.to_numpy(dtype=object), np.nan)
        frame[key] = pd.Series(values[frame[key].to_numpy()], index=frame.index, dtype=object)
    return frame


def stack_cells(frames: Sequence[pd.DataFrame]) -> pd.DataFrame:
    """The long cells of chunks counted apart (:func:`partial_counts`), one under another (none where no cell has a
    count). A column whose dtype differs between chunks is stacked as objects: pandas would otherwise turn the
    booleans of one chunk into the integers of another (``True`` into ``1``) and merge two labels."""
    frames = list(frames)
    mixed = [c for c in frames[0].columns if len({str(f[c].dtype) for f in frames}) > 1]
    if mixed:
        frames = [f.astype(dict.fromkeys(mixed, object)) for f in frames]
    stacked = pd.concat(frames, ignore_index=True)
    # cells of count 0 only carry the order of the labels: without a counted cell there is nothing to order
    return stacked if (stacked["count"] > 0).any() else stacked.iloc[:0]


def nan_last(order: pd.Index) -> pd.Index:
    missing = order.isna()
    if missing.any():
        return concat_labels(order[~missing], order[missing])
    return order


def _onto_labels(full: np.ndarray, rows: pd.Index, cols: pd.Index, labels) -> pd.DataFrame:
    wanted = _checked_side(labels, concat_labels(rows, cols), "labels")
    return _onto(full, rows, cols, wanted, wanted)


def _checked_side(labels, observed: pd.Index, name: str) -> pd.Index:
    """The labels a side is given (``name`` in messages), or the ValueError of a repeated label or of an observed
    label they do not list."""
    wanted = as_labels(labels)
    repeated = duplicated_labels(wanted)
    if repeated.any():
        raise ValueError(f"{name} must not repeat a label; repeated: {list(wanted[repeated])[:5]}")
    check_listed(observed, wanted, name)
    return wanted


def _onto(full, rows: pd.Index, cols: pd.Index, row_to: pd.Index, col_to: pd.Index) -> pd.DataFrame:
    """The observed table (rows × cols) placed on the categories ``row_to`` × ``col_to`` (which list them)."""
    shape = (len(row_to), len(col_to))
    row_to, col_to = row_to.copy(), col_to.copy()  # the table names its axes; the labels given stay as they are
    if is_scipy_sparse(full, "coo") or held_sparse(shape):
        placed = _placed(sparse.coo_array(full), positions_of(rows, row_to), positions_of(cols, col_to), shape)
        return sparse_frame(placed, row_to, col_to)
    table = np.zeros(shape)
    table[np.ix_(positions_of(rows, row_to), positions_of(cols, col_to))] = full
    return pd.DataFrame(table, index=row_to, columns=col_to)


def _placed(table: sparse.coo_array, row_at: np.ndarray, col_at: np.ndarray, shape) -> sparse.coo_array:
    """A sparse table with its row i moved to ``row_at[i]`` and its column j to ``col_at[j]``."""
    return sparse.coo_array((table.data, (row_at[table.row], col_at[table.col])), shape=shape)


def sparse_frame(table, index: pd.Index, columns: pd.Index) -> pd.DataFrame:
    """A table held sparse as a DataFrame of sparse float columns (``Sparse[float64, 0]``)."""
    return pd.DataFrame.sparse.from_spmatrix(sparse.csc_matrix(table, dtype=np.float64), index=index,
                                             columns=columns)
