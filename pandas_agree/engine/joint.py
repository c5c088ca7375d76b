"""The joint table of a reference and several classifications of the same rows: I × J_1 × … × J_P counts.

One pass over the rows, as for the crosstab: each column gives integer codes, the combined code of a row is
one number, and one ``numpy.bincount`` counts every row. A row with a missing value in any column is left out
(listwise) and counted. The marginal I×J_p tables are the Agreements of the single classifications; the joint
table is what a paired bootstrap resamples.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from .crosstab import described, design_codes, encode, label_order, nan_last, no_valid_rows, order_positions
from .design import DesignColumns, UnitTables, unit_tables

__all__ = ["JointTable", "joint_table"]

MAX_CELLS = 50_000_000


@dataclass(frozen=True)
class JointTable:
    counts: np.ndarray  # (I, J_1, ..., J_P) float64
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

    def marginal(self, p: int) -> pd.DataFrame:
        """The reference × prediction p table."""
        axes = tuple(1 + q for q in range(len(self.labels) - 1) if q != p)
        table = self.counts.sum(axis=axes)
        frame = pd.DataFrame(table, index=self.labels[0].copy(), columns=self.labels[1 + p].copy())
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
    if int(np.prod(sizes, dtype=float)) > MAX_CELLS:
        shape = " × ".join(str(size - 1) for size in sizes)
        pair = sizes[0] * np.prod(sorted(sizes[1:])[-2:], dtype=float)  # the largest table of two predictions
        way = ("compare fewer predictions at a time" if len(columns) > 3 and pair <= MAX_CELLS else
               "merge rare labels into fewer classes, or test right against wrong: the crosstab of the two "
               "predictions' hits (a column pred == reference for each) and its McNemar test")
        raise ValueError(f"the joint table of {', '.join(map(str, names))} would have "
                         f"{np.prod(sizes, dtype=float):.3g} cells ({shape} labels, each with a cell for a missing "
                         f"label), more than the {MAX_CELLS:,} that are counted; {way}")
    flat = np.zeros(n_rows, dtype=np.intp)
    missing = np.zeros(n_rows, dtype=bool)
    for c, size in zip(codes, sizes, strict=True):
        shifted = np.subtract(c.codes, c.offset - 1, dtype=np.intp, casting="unsafe")  # code 0: missing
        missing |= shifted == 0
        flat *= size
        flat += shifted
    w = None
    n_missing_weight = 0
    if weights is not None:
        absent = np.isnan(weights)
        n_missing_weight = int(np.count_nonzero(absent))
        missing |= absent
        w = np.where(absent, 0.0, weights)
    flat[missing] = 0
    total = int(np.prod(sizes))
    counts = np.bincount(flat, weights=w, minlength=total).reshape(sizes)
    weight_missing = float(counts.flat[0])  # every row left out is in cell 0 (a missing weight with a weight of 0)
    n_missing = int(missing.sum())
    n_zero_weight = int(((w == 0) & ~missing).sum()) if w is not None else 0
    n_missing_zero_weight = int(((weights == 0) & missing).sum()) if w is not None else 0
    counts = counts[(slice(1, None),) * len(sizes)]  # drop the missing code on every axis
    labels, keep = [], []
    for axis, c in enumerate(codes):
        other = tuple(a for a in range(len(sizes)) if a != axis)
        observed = counts.sum(axis=other) > 0
        keep.append(np.flatnonzero(observed))
        labels.append(c.uniques[observed])
    counts = counts[np.ix_(*keep)]
    if counts.sum() == 0:  # why: the columns whose every label is missing, and weights that count nothing
        empty = [described(name) for c, name in zip(codes, names, strict=True)
                 if not np.any(np.asarray(c.codes) != c.offset - 1)]
        useless = weights is not None and bool(np.all(np.isnan(weights) | (weights == 0)))
        raise no_valid_rows(n_rows, all_missing=empty, weights=weights_named if useless else None,
                            weighted=weights is not None)
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
