"""``TableView``: the crosstab (or a stack of resampled crosstabs) with the structure the measures need.

A view holds counts of shape (..., I, J) together with the positions of the K matching labels and the
place of every row and column in the ordered union of the labels (q of them). Multiclass formulas are
functions of a view, so one formula serves one table and B bootstrap tables alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

__all__ = ["TableView"]


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

    def with_counts(self, counts: np.ndarray) -> TableView:
        """The same structure over other counts (such as bootstrap resamples of shape (B, I, J))."""
        return TableView(counts, self.rows, self.cols, self.row_place, self.col_place, self.q)
