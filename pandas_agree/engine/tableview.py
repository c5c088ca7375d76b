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

__all__ = ["TablePartials", "TableView"]


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
        i, j = np.nonzero(self.counts)
        return TableView(self.counts[i, j], self.rows, self.cols, self.row_place, self.col_place, self.q,
                         (i, j), self.shape)

    def flat(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The counts of the cells along one last axis, shape (..., m), with the row and column of each cell.

        For a dense table the m cells are all I·J cells in row-major order; for a sparse one its stored cells.
        A formula over cells (n_ij with n_i· and n_·j) written on these serves both forms.
        """
        if self.is_sparse:
            return self.counts, self.cells[0], self.cells[1]
        i, j = self.shape
        return (self.counts.reshape(*self.counts.shape[:-2], i * j), np.repeat(np.arange(i), j),
                np.tile(np.arange(j), i))

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
        i, j = np.nonzero(self.counts)
        return i, j, self.counts[i, j]

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
        return TableView(counts, self.rows, self.cols, self.row_place, self.col_place, self.q, self.cells, self.dims)


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
