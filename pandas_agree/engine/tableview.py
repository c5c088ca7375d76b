"""``TableView``: the crosstab (or a stack of resampled crosstabs) with the structure the measures need.

A view holds counts of shape (..., I, J) together with the positions of the K matching labels and the
place of every row and column in the ordered union of the labels (q of them). Multiclass formulas are
functions of a view, so one formula serves one table and B bootstrap tables alike.

A large table is held sparse: the view then keeps only its stored cells (their rows and columns, and counts of
shape (..., m)), and every summary (totals, matching counts, the cells with their margins) is computed from
them, so that memory grows with the non-empty cells rather than with I·J. Formulas that read the cells go
through :meth:`TableView.flat`, which gives the same triple (counts, rows, columns) for both forms.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from ..base.lazy import LazyModule

sparse = LazyModule("scipy.sparse")

__all__ = ["BLOCK_CELLS", "TablePartials", "TableView", "blocked_dominated_sums", "dominated_sums", "nonzero_cells"]


def _before_in_runs(values: np.ndarray, keys: np.ndarray) -> np.ndarray:
    """For values (..., m) whose last axis is grouped into runs of equal ``keys``, the sum of the values before each
    one within its run."""
    before = np.cumsum(values, axis=-1) - values
    starts = np.flatnonzero(np.r_[True, keys[1:] != keys[:-1]]) if len(keys) else np.zeros(0, dtype=np.int64)
    run_start = np.repeat(starts, np.diff(np.r_[starts, len(keys)]))
    return before - before[..., run_start]


def dominated_sums(first: np.ndarray, second: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """For points (first_k, second_k) with ``weights`` (..., m): Σ_l w_l over the points l with first_l < first_k
    and second_l < second_k, for each k, in O(m log m).

    The points are put in order of ``first``, those of equal ``first`` in decreasing ``second``; the sum of each
    point is then over the points before it with a smaller ``second``, which a bottom-up merge sort finds: at each
    level the points of every left block are merged with those of the right block beside it (a stable sort on
    (pair of blocks, second, side) that finds two sorted runs in each pair), and each point of a right block gets
    the running sum of the left block's weights before it. The order of the merges does not depend on the
    weights, so a stack of weights (bootstrap resamples over the same cells) is summed in one pass.

    Examples
    --------
    >>> import numpy as np
    >>> dominated_sums(np.array([0, 0, 1, 2]), np.array([0, 2, 1, 3]), np.array([1.0, 2, 4, 8])).tolist()
    [0.0, 0.0, 1.0, 7.0]
    """
    first, second = np.asarray(first), np.asarray(second)
    weights = np.asarray(weights, dtype=float)
    m = len(first)
    out = np.zeros(weights.shape)
    if m < 2:
        return out
    _, value = np.unique(second, return_inverse=True)
    value = value.astype(np.int64).ravel()
    sequence = np.lexsort((-value, first))  # the points in order of first, then of decreasing second
    value = value[sequence]
    w = weights[..., sequence]
    width = 1 + int(value.max())
    found = np.zeros(weights.shape)
    arranged = np.arange(m)  # the places in the sequence, each block of `size` sorted by value
    size = 1
    while size < m:
        block = arranged // size
        pair, left = block >> 1, (block & 1) == 0
        merged = np.argsort((pair * width + value[arranged]) * 2 + left, kind="stable")  # right first on ties
        arranged, pair, left = arranged[merged], pair[merged], left[merged]
        running = np.cumsum(np.where(left, w[..., arranged], 0.0), axis=-1)
        start = pair * 2 * size  # where each pair of blocks begins in the arrangement
        base = np.where(start > 0, running[..., np.maximum(start - 1, 0)], 0.0)
        right = ~left
        found[..., arranged[right]] += (running - base)[..., right]
        size *= 2
    out[..., sequence] = found
    return out


BLOCK_CELLS = 1 << 22
"""The size of the dense blocks of rows :func:`blocked_dominated_sums` forms (4 Mi cells, 32 MiB)."""


def blocked_dominated_sums(rows: np.ndarray, cols: np.ndarray, weights: np.ndarray, shape: tuple[int, int]
                           ) -> np.ndarray:
    """:func:`dominated_sums` of the stored cells of an I×J table (``rows`` in increasing order: the cells
    row-major): Σ w over the cells above and to the left of each one, shape (..., m), from dense blocks of rows.

    Each block of rows is laid out dense, at most :data:`BLOCK_CELLS` cells with the weights' leading axes; its
    cumulative sums down the columns, with the column totals of the blocks above carried over, and then along
    the rows give the sums at its cells. O(I·J) work in O(BLOCK_CELLS) memory: cheaper than the merge sort's
    O(m log m) where the table is not very sparse (the caller chooses).

    Examples
    --------
    >>> import numpy as np
    >>> i, j = np.array([0, 0, 1, 2]), np.array([0, 2, 1, 3])
    >>> blocked_dominated_sums(i, j, np.array([1.0, 2, 4, 8]), (3, 4)).tolist()
    [0.0, 0.0, 1.0, 7.0]
    """
    weights = np.asarray(weights, dtype=float)
    lead = weights.shape[:-1]
    height, width = shape
    out = np.zeros(weights.shape)
    step = max(1, BLOCK_CELLS // max(1, width * int(np.prod(lead, dtype=np.int64))))
    carry = np.zeros((*lead, width))  # Σ over the rows above the block, by column
    bounds = np.searchsorted(rows, np.arange(0, height + step, step))
    for k, top in enumerate(range(0, height, step)):
        start, stop = bounds[k], bounds[k + 1]
        if start == stop:
            continue
        r, c = rows[start:stop] - top, cols[start:stop]
        block = np.zeros((*lead, min(step, height - top), width))
        block[..., r, c] = weights[..., start:stop]
        above = np.cumsum(block, axis=-2) - block + carry[..., None, :]  # Σ_{h<i} n_hk
        left = np.cumsum(above, axis=-1) - above  # Σ_{h<i, k<j} n_hk
        out[..., start:stop] = left[..., r, c]
        carry += block.sum(axis=-2)
    return out


def nonzero_cells(table: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The rows and columns of the non-zero cells of a 2-D ``table``, in row-major order (``numpy.nonzero``'s
    answer): from the flat places of its non-zero mask, which numpy finds several times faster than the indices of
    a 2-D array's non-zero cells (a 400 × 400 table: 0.4 ms against 2 ms).

    Examples
    --------
    >>> import numpy as np
    >>> rows, cols = nonzero_cells(np.array([[0.0, 2.0], [3.0, 0.0]]))
    >>> rows.tolist(), cols.tolist()
    ([0, 1], [1, 0])
    """
    table = np.asarray(table)
    if table.ndim != 2:
        raise ValueError(f"table must be 2-D; got {table.ndim} dimensions")
    if table.shape[1] == 0:
        return np.zeros(0, dtype=np.intp), np.zeros(0, dtype=np.intp)
    return np.divmod(np.flatnonzero(table != 0), table.shape[1])


@dataclass(frozen=True, eq=False)
class TableView:
    """Counts of shape (..., I, J) and where their labels sit.

    Attributes
    ----------
    counts : numpy.ndarray
        The table, or a stack of tables along leading axes.
    rows, cols : numpy.ndarray
        Row and column positions of the K matching labels (class k is ``counts[..., rows[k], cols[k]]``).
    row_place, col_place : numpy.ndarray
        Position of each row and each column in the ordered union of labels.
    q : int
        Number of labels in the union.
    cells : (numpy.ndarray, numpy.ndarray), optional
        For a sparse table: the row and column of each stored cell, in row-major order; ``counts`` then has
        shape (..., m), the counts of those m cells.
    dims : (int, int), optional
        For a sparse table: its shape (I, J).
    row_scores, col_scores : numpy.ndarray, optional
        Scores of the rows and of the columns, for the association statistics that read them (Pearson's R and
        eta); by default the positions 1, 2, … (:attr:`scores`).
    sampled : float, optional
        Under a sample design, the number of sampled objects the table counts (rows, whatever their weights), which
        Krippendorff's small-sample factor (n − 1) reads in place of the weighted total, so that the value does not
        depend on the scale of the weights and equals the unweighted one where the weights are all equal; None
        (frequency weights, or none) for the counts' total.

    Examples
    --------
    >>> import numpy as np
    >>> t = np.array([[5.0, 1, 0], [0, 3, 2]])
    >>> dense = TableView(t, np.arange(2), np.arange(2), np.arange(2), np.arange(3), 3)
    >>> held = dense.sparse()
    >>> held.counts.tolist(), held.cells[1].tolist()
    ([5.0, 1.0, 3.0, 2.0], [0, 1, 1, 2])
    >>> held.row_totals.tolist(), held.col_totals.tolist(), held.diagonal.tolist()
    ([6.0, 5.0], [5.0, 4.0, 2.0], [5.0, 3.0])
    """

    counts: np.ndarray
    rows: np.ndarray
    cols: np.ndarray
    row_place: np.ndarray
    col_place: np.ndarray
    q: int
    cells: tuple[np.ndarray, np.ndarray] | None = None
    dims: tuple[int, int] | None = None
    row_scores: np.ndarray | None = None
    col_scores: np.ndarray | None = None
    sampled: float | None = None

    @property
    def is_sparse(self) -> bool:
        return self.cells is not None

    @property
    def shape(self) -> tuple[int, int]:
        return self.dims if self.is_sparse else self.counts.shape[-2:]

    def sparse(self) -> TableView:
        """The same table held sparse: its non-empty cells only (a single table, not a stack)."""
        if self.is_sparse:
            return self
        i, j = nonzero_cells(self.counts)
        return TableView(self.counts[i, j], self.rows, self.cols, self.row_place, self.col_place, self.q,
                         (i, j), self.shape, self.row_scores, self.col_scores, self.sampled)

    def memo(self, key, compute):
        """``compute()``, computed once per view and ``key``: what the formulas of several measures and tests derive
        from one table (χ² of independence, kappa's variances) is derived once for all of them. A view's counts
        are not changed after it is made (:meth:`with_counts` and ``dataclasses.replace`` make new views, with
        nothing remembered)."""
        found = self.__dict__.setdefault("_memo", {})
        if key not in found:
            found[key] = compute()
        return found[key]

    @cached_property
    def _flat_places(self) -> tuple[np.ndarray, np.ndarray]:
        """The row and column of each cell of a dense table, in row-major order (read-only, shared by every call
        of :meth:`flat`)."""
        i, j = self.shape
        rows, cols = np.repeat(np.arange(i), j), np.tile(np.arange(j), i)
        rows.flags.writeable = cols.flags.writeable = False
        return rows, cols

    def flat(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The counts of the cells along one last axis, shape (..., m), with the row and column of each cell.

        For a dense table the m cells are all I·J cells in row-major order; for a sparse one its stored cells.
        A formula over cells (n_ij with n_i· and n_·j) written on these serves both forms.
        """
        if self.is_sparse:
            return self.counts, self.cells[0], self.cells[1]
        i, j = self.shape
        return (self.counts.reshape(*self.counts.shape[:-2], i * j), *self._flat_places)

    def flat_counts(self) -> np.ndarray:
        """The counts of :meth:`flat` without the places of the cells, shape (..., m)."""
        if self.is_sparse:
            return self.counts
        i, j = self.shape
        return self.counts.reshape(*self.counts.shape[:-2], i * j)

    def at_rows(self, values: np.ndarray) -> np.ndarray:
        """``values`` of the rows (..., I) at each cell of :meth:`flat`, shape (..., m): ``values[..., i]`` with i
        the rows of :meth:`flat`, without gathering where the table is dense (each row's value repeated over its
        J cells)."""
        if self.is_sparse:
            return values[..., self.cells[0]]
        return np.repeat(values, self.shape[1], axis=-1)

    def at_cols(self, values: np.ndarray) -> np.ndarray:
        """``values`` of the columns (..., J) at each cell of :meth:`flat`, shape (..., m): ``values[..., j]`` (the
        row of column values repeated over the I rows where the table is dense)."""
        if self.is_sparse:
            return values[..., self.cells[1]]
        return np.tile(values, (1,) * (values.ndim - 1) + (self.shape[0],))

    def on_cells(self, row_values: np.ndarray, col_values: np.ndarray, op) -> np.ndarray:
        """``op(row_values[..., i], col_values[..., j])`` at each cell (i, j) of :meth:`flat`, shape (..., m): the
        same numbers as ``op(self.at_rows(row_values), self.at_cols(col_values))``, without repeating either side
        where the table is dense (the I×J cells broadcast at once).

        Examples
        --------
        >>> import numpy as np
        >>> t = np.array([[5.0, 1, 0], [0, 3, 2]])
        >>> view = TableView(t, np.arange(2), np.arange(2), np.arange(2), np.arange(3), 3)
        >>> view.on_cells(np.array([1.0, 2.0]), np.array([10.0, 20.0, 30.0]), np.add).tolist()
        [11.0, 21.0, 31.0, 12.0, 22.0, 32.0]
        """
        if self.is_sparse:
            return op(row_values[..., self.cells[0]], col_values[..., self.cells[1]])
        i, j = self.shape
        out = op(np.asarray(row_values)[..., :, None], np.asarray(col_values)[..., None, :])
        return out.reshape(*out.shape[:-2], i * j)

    def _sum_by(self, index: np.ndarray, size: int) -> np.ndarray:
        """Sums of the stored cells' counts grouped by ``index`` (the row or column of each cell), (..., size)."""
        counts = self.counts
        if counts.ndim == 1:
            return np.bincount(index, weights=counts, minlength=size)
        lead = counts.shape[:-1]
        incidence = sparse.csr_array((np.ones(len(index)), (index, np.arange(len(index)))), shape=(size, len(index)))
        return (incidence @ counts.reshape(-1, len(index)).T).T.reshape(*lead, size)

    def _max_by(self, index: np.ndarray, size: int) -> np.ndarray:
        """Largest count of each row or column (its stored cells and implicit zeros), shape (..., size)."""
        counts = self.counts
        stack = counts.reshape(-1, counts.shape[-1])
        out = np.zeros((size, stack.shape[0]))
        np.maximum.at(out, index, stack.T)
        return out.T.reshape(*counts.shape[:-1], size)

    @cached_property
    def row_max(self) -> np.ndarray:
        """max_j n_ij of each row, shape (..., I)."""
        if self.is_sparse:
            return self._max_by(self.cells[0], self.shape[0])
        return self.counts.max(axis=-1)

    @cached_property
    def col_max(self) -> np.ndarray:
        """max_i n_ij of each column, shape (..., J)."""
        if self.is_sparse:
            return self._max_by(self.cells[1], self.shape[1])
        return self.counts.max(axis=-2)

    def at(self, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
        """The counts of the cells (rows[k], cols[k]), shape (..., len(rows)); 0 where a position is −1 (a class
        absent on that side) or the cell is not stored."""
        rows, cols = np.asarray(rows), np.asarray(cols)
        valid = (rows >= 0) & (cols >= 0)
        if not self.is_sparse:
            return np.where(valid, self.counts[..., rows, cols], 0.0)
        width = self.shape[1]
        stored = self.cells[0].astype(np.int64) * width + self.cells[1]
        wanted = rows.astype(np.int64) * width + cols
        place = np.clip(np.searchsorted(stored, wanted), 0, len(stored) - 1)  # a table holds at least one cell
        found = valid & (stored[place] == wanted)
        return np.where(found, self.counts[..., place], 0.0)

    @property
    def same_labels(self) -> bool:
        """Whether both sides have exactly the same labels (I = J = K)."""
        i, j = self.shape
        return i == j == len(self.rows)

    @cached_property
    def n(self) -> np.ndarray:
        return self.counts.sum(axis=-1) if self.is_sparse else self.counts.sum(axis=(-2, -1))

    @property
    def values_n(self) -> np.ndarray | float:
        """The n of Krippendorff's small-sample factor: the sampled objects under a design (:attr:`sampled`), else
        the counts' total :attr:`n`."""
        return self.n if self.sampled is None else self.sampled

    @cached_property
    def row_totals(self) -> np.ndarray:
        if self.is_sparse:
            return self._sum_by(self.cells[0], self.shape[0])
        return self.counts.sum(axis=-1)

    @cached_property
    def col_totals(self) -> np.ndarray:
        if self.is_sparse:
            return self._sum_by(self.cells[1], self.shape[1])
        return self.counts.sum(axis=-2)

    @cached_property
    def diagonal(self) -> np.ndarray:
        """n_kk of the K matching labels, shape (..., K)."""
        if self.is_sparse:
            return self.at(self.rows, self.cols)
        return self.counts[..., self.rows, self.cols]

    @cached_property
    def agreement(self) -> np.ndarray:
        """Σ_M n_kk, the count of objects on which both sides agree."""
        return self.diagonal.sum(axis=-1)

    @cached_property
    def square(self) -> np.ndarray:
        """The q×q table over the ordered union of labels (zero rows and columns where a side lacks a label)."""
        if self.is_sparse:
            out = np.zeros((*self.counts.shape[:-1], self.q, self.q))
            out[..., self.row_place[self.cells[0]], self.col_place[self.cells[1]]] = self.counts
            return out
        out = np.zeros((*self.counts.shape[:-2], self.q, self.q))
        out[..., self.row_place[:, None], self.col_place[None, :]] = self.counts
        return out

    @cached_property
    def entries(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The non-empty cells of one table: their rows, columns and counts, in row-major order."""
        if self.is_sparse:
            keep = self.counts > 0
            return self.cells[0][keep], self.cells[1][keep], self.counts[keep]
        i, j = nonzero_cells(self.counts)
        return i, j, self.counts[i, j]

    @cached_property
    def mostly_empty(self) -> bool:
        """Whether the view is one dense table with at most half of its cells non-empty: a sum over its cells
        (where an empty cell adds 0) then reads its :attr:`entries`, rather than every cell."""
        return not self.is_sparse and self.counts.ndim == 2 and 2 * len(self.entries[2]) <= self.counts.size

    @cached_property
    def entry_places(self) -> tuple[np.ndarray, np.ndarray]:
        """The places in the union of labels of the row and of the column of each non-empty cell (:attr:`entries`),
        read-only: the formulas over the union table read them without forming it."""
        i, j, _ = self.entries
        rows, cols = self.row_place[i], self.col_place[j]
        rows.flags.writeable = cols.flags.writeable = False
        return rows, cols

    def on_rows(self, values: np.ndarray) -> np.ndarray:
        """``values`` of the K matching classes placed on their rows (0 on the other rows), shape (I,)."""
        out = np.zeros(self.shape[0])
        out[self.rows] = values
        return out

    def on_cols(self, values: np.ndarray) -> np.ndarray:
        """``values`` of the K matching classes placed on their columns (0 on the other columns), shape (J,)."""
        out = np.zeros(self.shape[1])
        out[self.cols] = values
        return out

    def with_counts(self, counts: np.ndarray) -> TableView:
        """The same structure over other counts (such as bootstrap resamples of shape (B, I, J))."""
        return TableView(counts, self.rows, self.cols, self.row_place, self.col_place, self.q, self.cells, self.dims,
                         self.row_scores, self.col_scores, self.sampled)

    @property
    def scores(self) -> tuple[np.ndarray, np.ndarray]:
        """The scores of the rows and of the columns: those the view holds, else the positions 1, 2, …"""
        i, j = self.shape
        rows = np.arange(1.0, i + 1) if self.row_scores is None else np.asarray(self.row_scores, dtype=float)
        cols = np.arange(1.0, j + 1) if self.col_scores is None else np.asarray(self.col_scores, dtype=float)
        return rows, cols

    def sum_by_row(self, values: np.ndarray) -> np.ndarray:
        """Sums over each row of a quantity given at the cells of :meth:`flat`, (..., m): shape (..., I)."""
        if self.is_sparse:
            return self._sum_values_by(values, self.cells[0], self.shape[0])
        return values.reshape(*values.shape[:-1], *self.shape).sum(axis=-1)

    def sum_by_col(self, values: np.ndarray) -> np.ndarray:
        """Sums over each column of a quantity given at the cells of :meth:`flat`, (..., m): shape (..., J)."""
        if self.is_sparse:
            return self._sum_values_by(values, self.cells[1], self.shape[1])
        return values.reshape(*values.shape[:-1], *self.shape).sum(axis=-2)

    @staticmethod
    def _sum_values_by(values: np.ndarray, index: np.ndarray, size: int) -> np.ndarray:
        if values.ndim == 1:
            return np.bincount(index, weights=values, minlength=size)
        lead = values.shape[:-1]
        incidence = sparse.csr_array((np.ones(len(index)), (index, np.arange(len(index)))), shape=(size, len(index)))
        return (incidence @ values.reshape(-1, len(index)).T).T.reshape(*lead, size)

    @cached_property
    def concordance(self) -> tuple[np.ndarray, np.ndarray]:
        """C and D at each cell of :meth:`flat`, shape (..., m): the counts of the cells concordant with it
        (C_ij = Σ_{h<i, k<j} n_hk + Σ_{h>i, k>j} n_hk) and discordant with it (D_ij = Σ_{h<i, k>j} n_hk +
        Σ_{h>i, k<j} n_hk), in the order of the rows and of the columns.

        A dense table takes two-dimensional cumulative sums, O(I·J); a sparse one never forms the I×J array:
        the sums above and to the left of each stored cell come from a merge sort of its m cells
        (:func:`dominated_sums`, O(m log m)), or, where I·J is below about 8·m·log₂ J, from dense blocks of rows
        of bounded size (:func:`blocked_dominated_sums`, O(I·J), faster there); the others from the margins and
        the sums along each row and column.

        Examples
        --------
        >>> import numpy as np
        >>> t = np.array([[3.0, 1, 0], [0, 2, 4]])
        >>> dense = TableView(t, np.arange(2), np.arange(2), np.arange(2), np.arange(3), 3)
        >>> [x.tolist() for x in dense.concordance]
        [[6.0, 4.0, 0.0, 0.0, 3.0, 4.0], [0.0, 0.0, 2.0, 1.0, 0.0, 0.0]]
        >>> [x.tolist() for x in dense.sparse().concordance]
        [[6.0, 4.0, 3.0, 4.0], [0.0, 0.0, 0.0, 0.0]]
        """
        counts = self.counts
        if not self.is_sparse:
            height, width = self.shape
            lead = counts.shape[:-2]
            cum = np.zeros((*lead, height + 1, width + 1))
            cum[..., 1:, 1:] = counts.cumsum(axis=-2).cumsum(axis=-1)  # cum[a, b] = Σ_{h<a, k<b} n_hk
            total, rows, cols = cum[..., -1:, -1:], cum[..., 1:, -1:], cum[..., -1:, 1:]
            before_rows, before_cols = cum[..., :-1, -1:], cum[..., -1:, :-1]
            upper_left = cum[..., :-1, :-1]  # h < i, k < j
            upper_right = before_rows - cum[..., :-1, 1:]  # h < i, k > j
            lower_left = before_cols - cum[..., 1:, :-1]  # h > i, k < j
            lower_right = total - rows - cols + cum[..., 1:, 1:]  # h > i, k > j
            flat = (*lead, height * width)
            return (upper_left + lower_right).reshape(flat), (upper_right + lower_left).reshape(flat)
        i, j = self.cells
        height, width = self.shape
        dense_cost = height * width <= 8 * len(i) * max(1, int(width).bit_length())
        if dense_cost and (len(i) < 2 or bool(np.all(i[1:] >= i[:-1]))):  # row-major cells in dense blocks
            upper_left = blocked_dominated_sums(i, j, counts, self.shape)
        else:
            upper_left = dominated_sums(i, j, counts)
        r, c = self.row_totals, self.col_totals
        rows_before = (np.cumsum(r, axis=-1) - r)[..., i]  # Σ_{h<i} n_h·
        cols_before = (np.cumsum(c, axis=-1) - c)[..., j]
        # along the row to the left and along the column above: cumulative sums within runs of equal rows (the
        # cells are row-major) and of equal columns (the cells in column-major order)
        left = _before_in_runs(counts, i)
        by_column = np.argsort(j, kind="stable")
        above = np.empty_like(counts)
        above[..., by_column] = _before_in_runs(counts[..., by_column], j[by_column])
        upper_right = rows_before - upper_left - above
        lower_left = cols_before - upper_left - left
        lower_right = (self.n[..., None] - rows_before - r[..., i] - cols_before - c[..., j]
                       + upper_left + above + left + counts)
        return upper_left + lower_right, upper_right + lower_left


@dataclass(frozen=True)
class TablePartials:
    """The gradient of a function f of one table, split by the table's summaries.

    A cell n_ij enters N, its row total n_i·, its column total n_·j, the matching count n_kk when it is class
    k's matching cell, and itself; so ∂f/∂n_ij = ∂f/∂N + ``rows[i]`` + ``cols[j]`` (+ ``matching[k]``)
    (+ ``cells`` at (i, j)), each the partial with respect to that summary with the others held fixed. ∂f/∂N is
    the same for every cell and is not kept (it does not change a delta-method variance). Each part is optional;
    ``cells`` is given at the non-empty cells (:attr:`TableView.entries`).

    Examples
    --------
    >>> import numpy as np
    >>> p = TablePartials(rows=np.array([1.0, 2.0]))
    >>> (p + p).rows.tolist(), (p * 3).rows.tolist(), (p + p).cols is None
    ([2.0, 4.0], [3.0, 6.0], True)
    """

    rows: np.ndarray | None = None
    cols: np.ndarray | None = None
    matching: np.ndarray | None = None
    cells: np.ndarray | None = None

    def __add__(self, other: TablePartials) -> TablePartials:
        def add(x, y):
            return y if x is None else x if y is None else x + y

        return TablePartials(*(add(getattr(self, f), getattr(other, f)) for f in ("rows", "cols", "matching", "cells")))

    def __mul__(self, factor) -> TablePartials:
        return TablePartials(*(None if (x := getattr(self, f)) is None else x * factor
                               for f in ("rows", "cols", "matching", "cells")))

    __rmul__ = __mul__
