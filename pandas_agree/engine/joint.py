"""The joint table of a reference and several classifications of the same rows: I × J_1 × … × J_P counts.

One pass over the rows, as for the crosstab: each column gives integer codes, the combined code of a row is
one number, and one ``numpy.bincount`` counts every row. A row with a missing value in any column is left out
(listwise) and counted. The marginal I×J_p tables are the Agreements of the single classifications; the joint
table is what a paired bootstrap resamples. A joint table of more than :data:`~.crosstab.SPARSE_CELLS` cells
(without a sample design) is held as its non-empty cells, which are at most the rows: three predictions of 100
classes make 10⁸ cells, of which a test set fills a few thousand.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from .crosstab import (
    counted_codes,
    described,
    design_codes,
    encode,
    held_sparse,
    label_order,
    nan_last,
    no_valid_rows,
    order_positions,
    sparse_frame,
)
from .design import DesignColumns, UnitTables, unit_tables

__all__ = ["JointTable", "joint_table"]

MAX_CELLS = 50_000_000
"""The most cells of a joint table held whole (under a sample design, whose PSUs' tables are mapped onto it)."""

MAX_CODES = 2**62
"""The most cells of a joint table held as its non-empty cells: its combined codes are 64-bit integers."""


@dataclass(frozen=True)
class JointTable:
    counts: np.ndarray | None  # (I, J_1, ..., J_P) float64; None where the table is held as its non-empty cells
    labels: list[pd.Index]  # one per axis: the reference's, then each prediction's
    names: list  # column names
    order: pd.Index  # the labels in display order
    n_rows: int
    n_missing: int
    n_zero_weight: int
    units: UnitTables | None = None  # a sample design's PSU tables over the flat cells of ``counts``: shape (cells, 1)
    weight_missing: float = 0.0  # the weight sum of the rows left out for a missing label (their number unweighted)
    n_missing_weight: int = 0  # rows left out because their weight is missing (among n_missing)
    n_missing_zero_weight: int = 0  # rows left out for a missing label whose weight is 0 (among n_missing)
    # where ``counts`` is None: the counts of the non-empty cells and their position on each axis, in row-major order
    stored: tuple[np.ndarray, tuple[np.ndarray, ...]] | None = None

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(len(lab) for lab in self.labels)

    @property
    def total(self) -> float:
        """N: the sum of the counts."""
        return float((self.counts if self.counts is not None else self.stored[0]).sum())

    def nonzero(self) -> tuple[np.ndarray, tuple[np.ndarray, ...]]:
        """The counts of the non-empty cells and their position on each axis, in row-major order."""
        if self.counts is None:
            return self.stored
        where = np.nonzero(self.counts)
        return self.counts[where], where

    def dense(self) -> np.ndarray:
        """The whole table (I, J_1, ..., J_P); a ValueError beyond :data:`MAX_CELLS` cells."""
        if self.counts is not None:
            return self.counts
        if float(np.prod([float(n) for n in self.shape])) > MAX_CELLS:
            raise ValueError(f"the joint table has {np.prod([float(n) for n in self.shape]):.3g} cells "
                             f"({' × '.join(map(str, self.shape))} labels), more than the {MAX_CELLS:,} held whole; "
                             "Comparison.joint_cells gives its non-empty cells")
        out = np.zeros(self.shape)
        values, where = self.stored
        out[where] = values
        return out

    def marginal(self, p: int) -> pd.DataFrame:
        """The reference × prediction p table (held sparse where it has more than
        :data:`~.crosstab.SPARSE_CELLS` cells)."""
        index, columns = self.labels[0].copy(), self.labels[1 + p].copy()
        if self.counts is not None:
            axes = tuple(1 + q for q in range(len(self.labels) - 1) if q != p)
            frame = pd.DataFrame(self.counts.sum(axis=axes), index=index, columns=columns)
        else:
            values, where = self.stored
            shape = (len(index), len(columns))
            flat = where[0].astype(np.int64) * shape[1] + where[1 + p]
            if held_sparse(shape):
                from scipy import sparse

                cells, at = np.unique(flat, return_inverse=True)
                table = sparse.coo_array((np.bincount(at, weights=values), np.divmod(cells, shape[1])), shape=shape)
                frame = sparse_frame(table, index, columns)
            else:
                frame = pd.DataFrame(np.bincount(flat, weights=values, minlength=shape[0] * shape[1])
                                     .reshape(shape), index=index, columns=columns)
        frame.index.name, frame.columns.name = self.names[0], self.names[1 + p]
        return frame


def joint_table(columns: list[pd.Series], weights: np.ndarray | None, names: list,
                design: DesignColumns | None = None, weights_named: str = "the weights") -> JointTable:
    """Count the rows of several equally long label columns into their joint table (missing: listwise); with a
    sample ``design`` the table of every PSU too, over the joint table's flat cells. ``weights_named`` names the
    weights in the error of rows without a valid one."""
    n_rows = len(columns[0])
    if n_rows == 0:
        raise ValueError("no rows to count: the columns are empty")
    codes = encode(columns, [str(name) for name in names])
    sizes = [len(c.uniques) + 1 for c in codes]
    cells = float(np.prod([float(size) for size in sizes]))
    if cells >= MAX_CODES:
        shape = " × ".join(str(size - 1) for size in sizes)
        raise ValueError(f"the joint table of {', '.join(map(str, names))} would have {cells:.3g} cells ({shape} "
                         f"labels, each with a cell for a missing label), more than 2⁶² codes; compare fewer "
                         "predictions at a time")
    if design is not None and cells > MAX_CELLS:
        shape = " × ".join(str(size - 1) for size in sizes)
        pair = sizes[0] * np.prod(sorted(sizes[1:])[-2:], dtype=float)  # the largest table of two predictions
        way = ("compare fewer predictions at a time" if len(columns) > 3 and pair <= MAX_CELLS else
               "merge rare labels into fewer classes, or test right against wrong: the crosstab of the two "
               "predictions' hits (a column pred == reference for each) and its McNemar test")
        raise ValueError(f"the joint table of {', '.join(map(str, names))} would have "
                         f"{np.prod(sizes, dtype=float):.3g} cells ({shape} labels, each with a cell for a missing "
                         f"label), more than the {MAX_CELLS:,} that are counted under a sample design; {way}")
    if design is None and held_sparse(sizes):
        return _stored_joint(columns, codes, sizes, weights, names, weights_named)
    flat, missing, w = _flat_codes(codes, sizes, weights)
    n_missing_weight = 0 if weights is None else int(np.count_nonzero(np.isnan(weights)))
    total = int(np.prod(sizes))
    counts = np.bincount(flat, weights=w, minlength=total).reshape(sizes)
    weight_missing = float(counts.flat[0])  # every row left out is in cell 0 (a missing weight with a weight of 0)
    n_missing = int(missing.sum())
    n_zero_weight, n_missing_zero_weight = _zero_weights(missing, weights)
    counts = counts[(slice(1, None),) * len(sizes)]  # drop the missing code on every axis
    labels, keep = [], []
    for axis, c in enumerate(codes):
        other = tuple(a for a in range(len(sizes)) if a != axis)
        observed = counts.sum(axis=other) > 0
        keep.append(np.flatnonzero(observed))
        labels.append(c.uniques[observed])
    counts = counts[np.ix_(*keep)]
    if counts.sum() == 0:  # why: the columns whose every label is missing, and weights that count nothing
        raise _no_valid_rows(codes, names, weights, weights_named)
    order = nan_last(label_order(*codes, labels))
    positions = [order_positions(lab, order) for lab in labels]
    counts = counts[np.ix_(*positions)]
    labels = [lab[pos] for lab, pos in zip(labels, positions, strict=True)]
    units = None
    if design is not None:  # each row's cell in the final table: its code on every axis placed, −1 if left out
        place = []
        for size, kept, pos in zip(sizes, keep, positions, strict=True):
            at = np.full(size, -1, dtype=np.int64)
            at[kept[pos] + 1] = np.arange(len(pos))
            place.append(at)
        final = tuple(len(pos) for pos in positions)
        cell = np.zeros(n_rows, dtype=np.int64)
        left_out = missing.copy()
        for at, code, size in zip(place, np.unravel_index(flat, sizes), final, strict=True):
            code = at[code]
            left_out |= code < 0
            cell = cell * size + code
        cell[left_out] = -1
        units = unit_tables(cell, weights, design, (int(np.prod(final)), 1), design_codes(design))
    # the axes are in the exact order; the analyses look the order up with pandas
    return JointTable(counts.astype(float), labels, list(names), order, n_rows, n_missing,
                      n_zero_weight, units, weight_missing=weight_missing, n_missing_weight=n_missing_weight,
                      n_missing_zero_weight=n_missing_zero_weight)


def _no_valid_rows(codes, names, weights, weights_named: str):
    """The error of a joint table without a valid row, saying why: the columns whose every label is missing, and
    weights that count nothing."""
    empty = [described(name) for c, name in zip(codes, names, strict=True)
             if not np.any(np.asarray(c.codes) != c.offset - 1)]
    useless = weights is not None and bool(np.all(np.isnan(weights) | (weights == 0)))
    return no_valid_rows(len(codes[0].codes), all_missing=empty, weights=weights_named if useless else None,
                         weighted=weights is not None)


def _zero_weights(missing: np.ndarray, weights: np.ndarray | None) -> tuple[int, int]:
    """The rows with valid labels left out for a weight of 0, and the rows left out for a missing label whose weight
    is 0."""
    if weights is None:
        return 0, 0
    zero = weights == 0
    return int((zero & ~missing).sum()), int((zero & missing).sum())


def _flat_codes(codes, sizes, weights):
    """Each row's combined code over the columns' codes (0: a missing value in some column, or a missing weight),
    the mask of the rows left out, and the weights with a missing one set to 0."""
    n_rows = len(codes[0].codes)
    flat = np.zeros(n_rows, dtype=np.int64)
    missing = np.zeros(n_rows, dtype=bool)
    for c, size in zip(codes, sizes, strict=True):
        shifted = np.subtract(c.codes, c.offset - 1, dtype=np.int64, casting="unsafe")  # code 0: missing
        missing |= shifted == 0
        flat *= size
        flat += shifted
    w = None
    if weights is not None:
        missing |= np.isnan(weights)
        w = np.where(np.isnan(weights), 0.0, weights)
    flat[missing] = 0
    return flat, missing, w


def _stored_joint(columns, codes, sizes, weights, names, weights_named) -> JointTable:
    """:func:`joint_table` held as its non-empty cells: the rows' combined codes counted by sorting (no array of
    every cell), then each axis's observed labels put in display order."""
    n_rows = len(columns[0])
    flat, missing, w = _flat_codes(codes, sizes, weights)
    found, _, sums = counted_codes(flat, w, int(np.prod(sizes, dtype=np.int64)), stored=True)
    weight_missing = float(sums[found == 0].sum())  # every row left out is in cell 0
    keep = (found != 0) & (sums > 0)
    where = [axis - 1 for axis in np.unravel_index(found[keep], sizes)]  # every axis's missing code dropped
    values = sums[keep]
    if not len(values):  # why: the columns whose every label is missing, and weights that count nothing
        raise _no_valid_rows(codes, names, weights, weights_named)
    labels = []
    for axis, c in enumerate(codes):
        observed, where[axis] = np.unique(where[axis], return_inverse=True)
        labels.append(c.uniques[observed])
    order = nan_last(label_order(*codes, labels))
    for axis, lab in enumerate(labels):  # each axis in display order
        positions = order_positions(lab, order)
        place = np.empty(len(positions), dtype=np.int64)
        place[positions] = np.arange(len(positions))
        where[axis], labels[axis] = place[where[axis]], lab[positions]
    row_major = np.lexsort(where[::-1])
    n_zero_weight, n_missing_zero_weight = _zero_weights(missing, weights)
    return JointTable(None, labels, list(names), order, n_rows, int(missing.sum()), n_zero_weight,
                      weight_missing=weight_missing,
                      n_missing_weight=0 if weights is None else int(np.count_nonzero(np.isnan(weights))),
                      n_missing_zero_weight=n_missing_zero_weight,
                      stored=(values[row_major].astype(float), tuple(axis[row_major] for axis in where)))
