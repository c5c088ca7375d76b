"""Scores to counts: a label column and a score column to the weighted count of every label at every distinct score.

A score thresholded at each of its distinct values is a stack of 2×2 tables, and every statistic of a score (the area
under the ROC curve, average precision, the Brier score, calibration) is a function of the counts of each label at
each distinct score: the score table, distinct scores (ascending) × labels. The rows are read once: one sort of the
scores (``numpy.unique``) and one bincount of the cells (score level × label), with the tables of a sample design's
PSUs from the same cells (:func:`~pandas_agree.engine.design.unit_tables`). Nothing after it touches the rows.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, replace
from functools import cached_property

import numpy as np
import pandas as pd

from .cells import native_rows
from .crosstab import (
    NoValidRowsError,
    as_label_series,
    described,
    design_codes,
    encode,
    label_order,
    merged_order,
    no_valid_rows,
    validate_weights,
)
from .design import DesignColumns, UnitTables, unit_tables
from .labels import as_labels, check_listed, positions_of

__all__ = ["ScorePatterns", "ScoreView", "count_frame_scores", "count_scores", "validate_scores"]


@dataclass(frozen=True)
class ScoreView:
    """One label against the others at every distinct score: the counts of a binary problem's score table.

    ``positives`` and ``negatives`` may carry leading axes (a stack of resampled tables); ``scores`` is one axis.
    """

    scores: np.ndarray  # (S,), ascending
    positives: np.ndarray  # (..., S)
    negatives: np.ndarray  # (..., S)

    @property
    def n_positive(self) -> np.ndarray:
        return self.positives.sum(axis=-1)

    @property
    def n_negative(self) -> np.ndarray:
        return self.negatives.sum(axis=-1)

    @classmethod
    def of(cls, scores: np.ndarray, counts: np.ndarray, positive: int,
           negative: int | None = None) -> ScoreView:
        """The view of a score table ``counts`` (..., S, L): label ``positive`` against label ``negative``, or
        against every other label (one-vs-rest) where ``negative`` is None."""
        pos = counts[..., positive]
        neg = counts.sum(axis=-1) - pos if negative is None else counts[..., negative]
        return cls(scores, pos, neg)


@dataclass(frozen=True)
class ScorePatterns:
    """The joint counts of one or more score columns and the labels: the weighted count of every observed pattern
    (a distinct score in each column and a label), over the same rows.

    ``scores`` holds each column's distinct valid scores, ascending; ``levels`` (P, C) the position of each pattern's
    score in each column; ``label`` (P,) its label (a position in ``labels``, the labels in display order, declared
    ones kept when unobserved); ``counts`` (P,) its weighted count; ``n_rows`` the rows read and ``n_missing`` those
    left out (a missing label, score or weight), ``weight_missing`` the weight sum of those left out whose weight is
    not missing (their number without weights), ``n_missing_weight`` those of them whose weight is missing and
    ``n_zero_weight`` the rows otherwise valid left out for a weight of 0, ``n_missing_zero_weight`` the rows left out
    for a missing label or score whose weight is 0; ``units`` the tables of a sample design's
    PSUs over the patterns (shape (P, 1)), or None. With one column the patterns are the non-empty cells of its score
    table.
    """

    scores: tuple[np.ndarray, ...]
    levels: np.ndarray
    label: np.ndarray
    counts: np.ndarray
    labels: pd.Index
    n_rows: int
    n_missing: int
    weighted: bool
    units: UnitTables | None = None
    weight_missing: float = 0.0
    n_missing_weight: int = 0
    n_zero_weight: int = 0
    n_missing_zero_weight: int = 0

    @property
    def n(self) -> float:
        return float(self.counts.sum())

    @property
    def width(self) -> int:
        """The number of labels, L."""
        return len(self.labels)

    def cells(self, column: int) -> np.ndarray:
        """The flat cell (score level · L + label) of each pattern in the score table of ``column``."""
        return self.levels[:, column] * self.width + self.label

    def table(self, column: int, counts: np.ndarray | None = None) -> np.ndarray:
        """The score table of ``column``: the counts (S, L) of every label at every distinct score (of a stack of
        pattern counts (..., P) where ``counts`` is given: (..., S, L))."""
        counts = self.counts if counts is None else counts
        flat = _binned(self.cells(column), counts, len(self.scores[column]) * self.width)
        return flat.reshape(*flat.shape[:-1], len(self.scores[column]), self.width)

    @cached_property
    def label_rows(self) -> tuple[np.ndarray, ...]:
        """The patterns of each label (positions in the patterns, ascending), one array per label."""
        order = np.argsort(self.label, kind="stable")
        bounds = np.searchsorted(self.label[order], np.arange(self.width + 1))
        return tuple(order[bounds[k]:bounds[k + 1]] for k in range(self.width))

    def pair_view(self, column: int, positive: int, negative: int,
                  counts: np.ndarray | None = None) -> tuple[ScoreView, tuple, tuple]:
        """The view of ``column``: label ``positive`` against label ``negative``, over the distinct scores where
        either label occurs (the scores of the others add nothing to it), read off the patterns of the two labels
        only: the same counts as :meth:`view`'s at those scores, in time and memory linear in the two labels'
        patterns rather than in every distinct score (Hand and Till's K(K − 1) pairs of classes).

        Returns the view and, for each side (positive, negative), its patterns and the position of each one's score
        in the view.

        Examples
        --------
        >>> import numpy as np
        >>> from pandas_agree.engine.scores import count_scores
        >>> patterns = count_scores([0, 1, 2, 1, 2], [[0.1, 0.7, 0.4, 0.3, 0.9]])
        >>> view, positive, negative = patterns.pair_view(0, 1, 2)
        >>> view.scores.tolist(), view.positives.tolist(), view.negatives.tolist()
        ([0.3, 0.4, 0.7, 0.9], [1.0, 0.0, 1.0, 0.0], [0.0, 1.0, 0.0, 1.0])
        """
        counts = self.counts if counts is None else counts
        level = self.levels[:, column]
        rows = self.label_rows[positive], self.label_rows[negative]
        # the distinct scores of the two labels' patterns, and the position of each pattern's among them, by one sort
        joined = np.concatenate([level[rows[0]], level[rows[1]]])
        order = np.argsort(joined, kind="stable")
        ordered = joined[order]
        first = np.ones(len(ordered), dtype=bool)
        first[1:] = ordered[1:] != ordered[:-1]
        support = ordered[first]
        position = np.empty(len(joined), dtype=np.intp)
        position[order] = np.cumsum(first) - 1
        at = position[:len(rows[0])], position[len(rows[0]):]
        pos, neg = (_binned(a, counts[..., r], len(support)) for a, r in zip(at, rows, strict=True))
        return ScoreView(self.scores[column][support], pos, neg), (rows[0], at[0]), (rows[1], at[1])

    def view(self, column: int, positive: int, negative: int | None = None,
             counts: np.ndarray | None = None) -> ScoreView:
        """The binary view of ``column``: label ``positive`` (a position in :attr:`labels`) against ``negative`` or
        every other label."""
        return ScoreView.of(self.scores[column], self.table(column, counts), positive, negative)


def _binned(positions: np.ndarray, counts: np.ndarray, size: int) -> np.ndarray:
    """The sum of ``counts`` (P,) or a stack (..., P) at each of ``size`` positions (``positions`` (P,)), in the
    order of the patterns: (size,) or (..., size)."""
    if counts.ndim == 1:
        return np.bincount(positions, weights=counts, minlength=size)
    lead = counts.shape[:-1]
    stack = counts.reshape(int(np.prod(lead)), counts.shape[-1])  # (a label may have no pattern: P = 0)
    out = np.zeros((len(stack), size))
    for start in range(0, len(stack), 256):  # a block of resampled tables at a time
        block = stack[start:start + 256]
        at = (np.arange(len(block))[:, None] * size + positions[None, :]).ravel()
        out[start:start + 256] = np.bincount(at, weights=block.ravel(),
                                             minlength=len(block) * size).reshape(len(block), size)
    return out.reshape(*lead, size)


def validate_scores(values, n: int, name: str) -> np.ndarray:
    """A score column as float64 (NaN marks a missing score): numeric, one value per row, no infinite value."""
    if isinstance(values, pd.Series):
        series = values
    else:
        arr = np.asarray(values)
        if arr.ndim != 1:
            raise ValueError(f"{name} must be one-dimensional; got an array of shape {arr.shape}")
        series = pd.Series(arr, copy=False)
    if len(series) != n:
        raise ValueError(f"{name} has {len(series)} values but the labels have {n}; they must match")
    dtype = series.dtype
    if not (pd.api.types.is_numeric_dtype(dtype) or pd.api.types.is_bool_dtype(dtype)) \
            or pd.api.types.is_complex_dtype(dtype):
        raise TypeError(f"{name} must hold numeric scores; got dtype {dtype}")
    out = series.to_numpy(dtype=np.float64, na_value=np.nan)
    infinite = np.isinf(out)
    if infinite.any():
        first = out[infinite][0]
        raise ValueError(f"{name} must be finite; {int(infinite.sum())} score(s) are infinite (first: {first})")
    return out


def count_scores(actual, scores: Sequence, *, weights=None, labels: Sequence | None = None,
                 names: tuple[Hashable, Sequence[Hashable]] = ("actual", ("score",)),
                 weights_name: str = "weights", design: DesignColumns | None = None) -> ScorePatterns:
    """The joint counts of the score columns ``scores`` and the labels ``actual``: one sort of each column and one
    count of the patterns.

    A row is left out when its label, its weight or any of its scores is missing (listwise, as scikit-learn and
    pROC take complete cases), and counted in ``n_missing``; a row of zero weight counts nowhere. ``labels`` fixes
    the labels and their order (it must hold every observed label); without it the order is the categorical one,
    else sorted. With ``design`` the table of every PSU is counted too.

    Examples
    --------
    >>> from pandas_agree.engine.scores import count_scores
    >>> found = count_scores(["n", "p", "p", "n"], [[0.1, 0.8, 0.8, 0.3]])
    >>> found.scores[0].tolist(), found.table(0).tolist(), list(found.labels)
    ([0.1, 0.3, 0.8], [[1.0, 0.0], [1.0, 0.0], [0.0, 2.0]], ['n', 'p'])
    """
    actual_name, score_names = names
    actual = as_label_series(actual, str(actual_name))
    n = len(actual)
    if n == 0:  # no row at all, as the other analyses say it
        shown = [described(name) for name in (actual_name, *score_names)]
        shown = f"{', '.join(shown[:-1])} and {shown[-1]}"
        raise ValueError(f"no rows to count: {shown} are empty")
    columns = [validate_scores(s, n, str(name)) for s, name in zip(scores, score_names, strict=True)]
    w = None if weights is None else validate_weights(weights, n, weights_name)
    [codes] = encode([actual], [str(actual_name)])
    observed = codes.uniques
    if labels is not None:
        declared = as_labels(labels)
        check_listed(observed, declared, context=f" (of {actual_name})")
        order = merged_order([declared], observed)
    else:
        order = label_order(codes, observed)
    position = np.append(-1, positions_of(observed, order)).astype(np.int64)  # code 0: a missing label
    label_at = position[np.asarray(codes.codes, dtype=np.int64) - codes.offset + 1]
    valid = label_at >= 0
    for column in columns:
        valid &= ~np.isnan(column)
    if w is not None:
        valid &= ~np.isnan(w)
    n_missing = n - int(np.count_nonzero(valid))
    # the weights of the rows left out for a missing label or score (a missing weight counts nowhere)
    weight_missing = float(n_missing if w is None else np.sum(w, where=~valid & ~np.isnan(w)))
    n_missing_weight = 0 if w is None else int(np.count_nonzero(np.isnan(w)))
    n_zero_weight = 0 if w is None else int(np.count_nonzero(valid & (w == 0)))
    n_missing_zero_weight = 0 if w is None else int(np.count_nonzero(~valid & (w == 0)))
    if w is not None:
        valid &= w > 0
    if not valid.any():  # why: a label column or score columns without a value, weights that count nothing
        useless = w is not None and bool(np.all(np.isnan(w) | (w == 0)))
        raise no_valid_rows(n, all_missing=[described(actual_name)] if not (label_at >= 0).any() else [],
                            scores=[described(name) for column, name in zip(columns, score_names, strict=True)
                                    if np.isnan(column).all()],
                            weights=described(getattr(weights, "name", None), weights_name) if useless else None,
                            weighted=w is not None)
    width = len(order)
    kept_w = None if w is None else w[valid]
    label = label_at[valid]
    distinct, levels = [], []
    for column in columns:
        found, level = np.unique(column[valid], return_inverse=True)
        distinct.append(found)
        levels.append(level.reshape(-1).astype(np.int64))
    key = levels[0] * width + label
    if len(columns) == 1:  # the patterns are the non-empty cells of the one score table
        counts = np.bincount(key, weights=kept_w, minlength=len(distinct[0]) * width)
        pattern_of_row = None
        keys = np.flatnonzero(counts)
        counts = counts[keys]
        pattern_levels, pattern_label = (keys // width)[:, None], keys % width
    else:  # the patterns numbered column by column, so that no combined code outgrows the rows
        for level, found in zip(levels[1:], distinct[1:], strict=True):
            key = np.unique(key * len(found) + level, return_inverse=True)[1].reshape(-1)
        keys, first, pattern_of_row = np.unique(key, return_index=True, return_inverse=True)
        pattern_of_row = pattern_of_row.reshape(-1)
        counts = np.bincount(pattern_of_row, weights=kept_w, minlength=len(keys))
        pattern_levels = np.stack([level[first] for level in levels], axis=1)
        pattern_label = label[first]
    units = None
    if design is not None:
        if pattern_of_row is None:
            pattern_of_row = np.searchsorted(keys, key)
        every = np.full(n, -1, dtype=np.int64)
        every[valid] = pattern_of_row
        units = unit_tables(every, w, design, (len(keys), 1), design_codes(design))
    return ScorePatterns(tuple(distinct), pattern_levels, pattern_label.astype(np.int64), counts.astype(float),
                         order, n, n_missing, w is not None, units, weight_missing=weight_missing,
                         n_missing_weight=n_missing_weight, n_zero_weight=n_zero_weight,
                         n_missing_zero_weight=n_missing_zero_weight)


def count_frame_scores(frame, actual: Hashable, scores: Sequence[Hashable], *, weights: Hashable | None = None,
                       labels: Sequence | None = None, design: dict | None = None,
                       score_argument: str = "score") -> tuple[ScorePatterns, pd.DataFrame]:
    """The joint counts of the score columns ``scores`` and the label column ``actual`` of a native ``frame`` (Dask,
    Polars, DuckDB, ...: any frame :func:`~pandas_agree.engine.cells.native_rows` takes), counted by its engine in one
    group-by of the label and score columns: only the distinct (label, scores) rows come back, with how many rows
    and how much weight each stands for, and :func:`count_scores` counts those as weighted rows. The patterns, the
    rows read and left out (``n_rows``, ``n_missing``, the zero and missing weights) are those of the same rows in
    pandas. ``weights`` and the ``design`` columns ({"strata": column or None, ...}) are column names; under a
    sample design every row comes back with its weight (each can be a PSU), as for the other native paths. Also
    returns the distinct values of the columns (every group, valid or not), for the checks of the scores'
    values. ``score_argument`` names the argument that gives the score columns, in messages.

    Examples
    --------
    >>> import pyarrow as pa
    >>> from pandas_agree.engine.scores import count_frame_scores
    >>> t = pa.table({"y": ["n", "p", "p", "n", None], "s": [0.1, 0.8, 0.8, 0.3, 0.5]})
    >>> found, _ = count_frame_scores(t, "y", ["s"])
    >>> found.scores[0].tolist(), found.table(0).tolist(), found.n_rows, found.n_missing
    ([0.1, 0.3, 0.8], [[1.0, 0.0], [1.0, 0.0], [0.0, 2.0]], 5, 1)
    """
    design = dict.fromkeys(("strata", "cluster", "fpc")) if design is None else design
    scores = list(scores)
    arguments = ["actual", *(f"{score_argument}[{i}]" for i in range(len(scores)))]
    values, rows, w = native_rows(frame, [actual, *scores], weights=weights, design=design, names=arguments)
    names = (actual, scores)
    label = values.iloc[:, 0].rename(actual)
    columns = [values.iloc[:, 1 + i].rename(name) for i, name in enumerate(scores)]
    sampled = any(v is not None for v in design.values())
    if sampled:  # a row per row of the frame: counted as the pandas rows are
        found = DesignColumns(*(None if value is None else as_label_series(values[value], name)
                                for name, value in design.items()))
        weight = None if w is None else pd.Series(w, name=weights)
        return count_scores(label, columns, weights=weight, labels=labels, names=names, design=found), values
    counted = rows.astype(float) if w is None else w
    try:
        patterns = count_scores(label, columns, weights=counted, labels=labels, names=names)
    except NoValidRowsError:  # why, in the rows' terms: empty columns, useless weights
        useless = w is not None and bool(np.all(np.isnan(w) | (w == 0)))
        raise no_valid_rows(int(rows.sum()), all_missing=[described(actual)] if label.isna().all() else [],
                            scores=[described(name) for column, name in zip(columns, scores, strict=True)
                                    if column.isna().all()],
                            weights=described(weights, "weights") if useless else None,
                            weighted=w is not None) from None
    # the bookkeeping of the rows from the groups: a group is missing where its label, a score or its weight is
    missing = label.isna().to_numpy() | np.column_stack([c.isna().to_numpy() for c in columns]).any(axis=1)
    absent = np.zeros(len(rows), dtype=bool) if w is None else np.isnan(w)
    missing |= absent
    zero = np.zeros(len(rows), dtype=bool) if w is None else (w == 0)
    return replace(patterns, n_rows=int(rows.sum()), n_missing=int(rows[missing].sum()), weighted=w is not None,
                   weight_missing=float(rows[missing & ~absent].sum() if w is None
                                        else np.sum(w, where=missing & ~absent)),
                   n_missing_weight=int(rows[absent].sum()), n_zero_weight=int(rows[~missing & zero].sum()),
                   n_missing_zero_weight=int(rows[missing & zero].sum())), values
