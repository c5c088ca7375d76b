"""``TableView``: the crosstab (or a stack of resampled crosstabs) with the structure the measures need.

A view holds counts of shape (..., I, J) together with the positions of the K matching labels and the
place of every row and column in the ordered union of the labels (q of them). Multiclass formulas are
functions of a view, so one formula serves one table and B bootstrap tables alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

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
    """

    counts: np.ndarray
    rows: np.ndarray
    cols: np.ndarray
    row_place: np.ndarray
    col_place: np.ndarray
    q: int

    @property
    def shape(self) -> tuple[int, int]:
        return self.counts.shape[-2:]

    @property
    def same_labels(self) -> bool:
        """Whether both sides have exactly the same labels (I = J = K)."""
        i, j = self.shape
        return i == j == len(self.rows)

    @cached_property
    def n(self) -> np.ndarray:
        return self.counts.sum(axis=(-2, -1))

    @cached_property
    def row_totals(self) -> np.ndarray:
        return self.counts.sum(axis=-1)

    @cached_property
    def col_totals(self) -> np.ndarray:
        return self.counts.sum(axis=-2)

    @cached_property
    def diagonal(self) -> np.ndarray:
        """n_kk of the K matching labels, shape (..., K)."""
        return self.counts[..., self.rows, self.cols]

    @cached_property
    def agreement(self) -> np.ndarray:
        """Σ_M n_kk, the count of objects on which both sides agree."""
        return self.diagonal.sum(axis=-1)

    @cached_property
    def square(self) -> np.ndarray:
        """The q×q table over the ordered union of labels (zero rows and columns where a side lacks a label)."""
        out = np.zeros((*self.counts.shape[:-2], self.q, self.q))
        out[..., self.row_place[:, None], self.col_place[None, :]] = self.counts
        return out

    @cached_property
    def entries(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The non-empty cells of one table: their rows, columns and counts, in row-major order."""
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
        return TableView(counts, self.rows, self.cols, self.row_place, self.col_place, self.q)


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
