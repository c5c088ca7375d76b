"""Rating counts of several raters: subjects × raters category codes, raters per category, and distinct patterns.

Every coefficient of agreement among several raters is a function of weighted sums over subjects of quantities
that depend on a subject only through its ratings. Subjects with the same ratings (the same pattern) can
therefore be counted once, with their weights added: the sums, the linearised variances, the bootstrap over
subjects (a multinomial over subjects, summed by pattern, is a multinomial over patterns) and the jackknife over
subjects are all unchanged, and a study of 10⁵ subjects rated by three raters on five categories has at most
6³ = 216 patterns.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from .crosstab import check_table_size, encode, merged_order
from .labels import as_labels, check_listed, concat_labels, isin_labels, positions_of, unique_labels

__all__ = ["RatingCounts", "category_order", "count_ratings", "distinct_rows", "rating_patterns"]


@dataclass(frozen=True)
class RatingCounts:
    """Rating codes of subjects (or of distinct rating patterns) and their weights.

    Attributes
    ----------
    codes : numpy.ndarray
        (n, m) category positions, −1 where a rating is missing.
    counts : numpy.ndarray
        (n, q) how many raters chose each category.
    weights : numpy.ndarray
        (n,) frequency weights (for patterns: the weight of every subject with that pattern).
    """

    codes: np.ndarray
    counts: np.ndarray
    weights: np.ndarray

    def patterns(self) -> RatingCounts:
        """The distinct rating patterns, each with the summed weight of its subjects (first-appearance order)."""
        if self.codes.shape[0] == 0:
            return self
        first, inverse = self.pattern_of()
        weights = np.bincount(inverse, weights=self.weights, minlength=len(first))
        return RatingCounts(self.codes[first], self.counts[first], weights)

    def pattern_of(self) -> tuple[np.ndarray, np.ndarray]:
        """The first subject of each distinct rating pattern (in order of first appearance) and the pattern of
        every subject: the cell of each subject in the vector of :meth:`patterns`' weights.

        Examples
        --------
        >>> import numpy as np
        >>> codes = np.array([[0, 1], [1, 1], [0, 1]])
        >>> first, inverse = RatingCounts(codes, np.zeros((3, 2)), np.ones(3)).pattern_of()
        >>> first.tolist(), inverse.tolist()
        ([0, 1], [0, 1, 0])
        """
        return _distinct_rows(self.codes, self.counts.shape[1])


def _distinct_rows(codes: np.ndarray, q: int) -> tuple[np.ndarray, np.ndarray]:
    """The first row of each distinct row of ``codes`` (positions −1 … q − 1), in order of first appearance, and
    the distinct row of every row."""
    n, m = codes.shape
    if n == 0:
        return np.zeros(0, dtype=np.intp), np.zeros(0, dtype=np.intp)
    base = q + 1  # codes −1 … q − 1, shifted to 0 … q
    if m * np.log2(base) < 62:
        # one integer per pattern, numbered in order of appearance by hashing
        keys = (codes + 1) @ (base ** np.arange(m, dtype=np.int64))
        inverse, _ = pd.factorize(keys)
        first = np.full(inverse.max() + 1, n)
        np.minimum.at(first, inverse, np.arange(n))
    else:
        _, first, inverse = np.unique(codes, axis=0, return_index=True, return_inverse=True)
        order = np.argsort(first, kind="stable")
        rank = np.empty_like(order)
        rank[order] = np.arange(len(order))
        inverse, first = rank[inverse.ravel()], first[order]
    return first, inverse


def distinct_rows(codes: np.ndarray, q: int) -> tuple[np.ndarray, np.ndarray]:
    """The first row of each distinct row of the rating codes ``codes`` (positions −1 … ``q`` − 1), in order of
    first appearance, and the distinct row of every row (how a rating pattern is found; for the patterns of two
    analyses added up).

    Examples
    --------
    >>> import numpy as np
    >>> first, inverse = distinct_rows(np.array([[0, -1], [1, 1], [0, -1]]), 2)
    >>> first.tolist(), inverse.tolist()
    ([0, 1], [0, 1, 0])
    """
    return _distinct_rows(codes, q)


def _rated(columns: Sequence[pd.Series]) -> list:
    """The codes of every rater's column, as the crosstab encodes a label column (categorical codes, small integer
    ranges offset, any other column factorised with ``True`` and ``1`` two labels)."""
    return encode(list(columns), [str(c.name) if c.name is not None else f"column {i}" for i, c in enumerate(columns)])


def _positions(codes) -> np.ndarray:
    """Each rating's position among its column's labels (``codes.uniques``), −1 for a missing rating."""
    return np.asarray(codes.codes, dtype=np.intp) - codes.offset


def category_order(columns: Sequence[pd.Series], labels: Sequence | None = None) -> pd.Index:
    """The rating categories in order: ``labels`` when given (they must list every observed rating), else the
    crosstab's rule (declared categorical orders first, merged; then the other ratings sorted where they can be).
    Ratings match as labels do (``engine/labels.py``): ``True`` is not the rating ``1``, whatever the dtypes.

    Examples
    --------
    >>> import pandas as pd
    >>> list(category_order([pd.Series([1, 0, 1]), pd.Series([True, 0, False], dtype=object)]))
    [0, 1, False, True]
    """
    found = []
    for codes in _rated(columns):
        at = _positions(codes)
        used = np.bincount(at[at >= 0], minlength=len(codes.uniques)) > 0
        found.append(codes.uniques[used])
    observed = unique_labels(concat_labels(*found)) if found else pd.Index([], dtype=object)
    if labels is not None:
        wanted = as_labels(labels)
        check_listed(observed, wanted, noun="rating")
        return wanted
    declared = [c.dtype.categories for c in columns if isinstance(c.dtype, pd.CategoricalDtype)]
    order = merged_order(declared, found)
    return order[isin_labels(order, observed)]


def rating_patterns(ratings: pd.DataFrame, weights: np.ndarray) -> tuple[pd.DataFrame, np.ndarray]:
    """The distinct rows of ``ratings`` (in order of first appearance, each column in its own dtype) and the summed
    ``weights`` of the rows of each (``weights`` of shape (rows, k): each of the k columns summed). Ratings match
    as labels do: ``True`` is not the rating ``1`` (a group-by on an object column would take one for the other),
    ``1.0`` is; a missing rating matches a missing rating.

    Examples
    --------
    >>> import numpy as np
    >>> import pandas as pd
    >>> ratings = pd.DataFrame({"r1": [1, True, 1.0, None], "r2": ["a", "a", "a", None]}, dtype=object)
    >>> patterns, weights = rating_patterns(ratings, np.ones(4))
    >>> patterns["r1"].tolist(), weights.tolist()
    ([1, True, None], [2.0, 1.0, 1.0])
    """
    n = len(ratings)
    if n == 0:
        return ratings.iloc[:0].reset_index(drop=True), np.zeros((0, *np.shape(weights)[1:]))
    found = [_positions(codes) for codes in _rated([ratings.iloc[:, i] for i in range(ratings.shape[1])])]
    codes = np.column_stack(found)
    first, inverse = _distinct_rows(codes, int(codes.max()) + 1)
    weights = np.asarray(weights, dtype=float)
    if weights.ndim == 1:
        summed = np.bincount(inverse, weights=weights, minlength=len(first))
    else:  # several weights per row (such as a weight and a count): each summed
        summed = np.column_stack([np.bincount(inverse, weights=w, minlength=len(first)) for w in weights.T])
    return ratings.iloc[first].reset_index(drop=True), summed


def count_ratings(columns: Sequence[pd.Series], categories: pd.Index, weights: np.ndarray) -> tuple[
        RatingCounts, np.ndarray]:
    """The rating counts of every subject, and which subjects take part.

    A subject is kept when it has at least one rating and a positive weight (a missing weight, NaN, drops it): as
    in Gwet (2014) and irrCAC, a subject rated once counts in the category shares, and only the subjects with two
    or more ratings count in observed agreement. A rating is found among the categories as a label is
    (:func:`~pandas_agree.engine.labels.positions_of`); one that is not there counts as missing.

    Returns
    -------
    (RatingCounts, numpy.ndarray)
        The counts of every subject, and the boolean mask of the subjects kept.
    """
    check_table_size((len(categories), len(categories)), ("rating categories", "rating categories"),
                     "table of rating pairs")
    found = []
    for codes in _rated(columns):
        at = _positions(codes)
        lookup = np.append(positions_of(codes.uniques, categories), -1)  # position −1 (a missing rating): −1
        found.append(lookup[at])
    codes = np.column_stack(found).astype(np.intp)
    n, q = codes.shape[0], len(categories)
    rows, cols = np.nonzero(codes >= 0)
    counts = np.bincount(rows * q + codes[rows, cols], minlength=n * q).reshape(n, q).astype(float)
    keep = (counts.sum(axis=1) >= 1) & ~np.isnan(weights) & (np.nan_to_num(weights) > 0)
    return RatingCounts(codes, counts, weights), keep
