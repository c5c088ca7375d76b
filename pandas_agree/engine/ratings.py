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

from .crosstab import check_table_size, merged_order

__all__ = ["RatingCounts", "category_order", "count_ratings"]


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
        n, m = self.codes.shape
        if n == 0:
            return np.zeros(0, dtype=np.intp), np.zeros(0, dtype=np.intp)
        base = self.counts.shape[1] + 1  # codes −1 … q − 1, shifted to 0 … q
        if m * np.log2(base) < 62:
            # one integer per pattern, numbered in order of appearance by hashing
            keys = (self.codes + 1) @ (base ** np.arange(m, dtype=np.int64))
            inverse, _ = pd.factorize(keys)
            first = np.full(inverse.max() + 1, n)
            np.minimum.at(first, inverse, np.arange(n))
        else:
            _, first, inverse = np.unique(self.codes, axis=0, return_index=True, return_inverse=True)
            order = np.argsort(first, kind="stable")
            rank = np.empty_like(order)
            rank[order] = np.arange(len(order))
            inverse, first = rank[inverse.ravel()], first[order]
        return first, inverse


def category_order(columns: Sequence[pd.Series], labels: Sequence | None = None) -> pd.Index:
    """The rating categories in order: ``labels`` when given (they must list every observed rating), else the
    crosstab's rule (declared categorical orders first, merged; then the other ratings sorted where they can be).
    """
    ratings = pd.Series(np.concatenate([c.to_numpy(dtype=object) for c in columns]), dtype=object)
    observed = pd.Index(pd.unique(ratings.dropna()), dtype=object, tupleize_cols=False)
    if labels is not None:
        wanted = pd.Index(labels)
        missing = observed.difference(wanted)
        if len(missing):
            raise ValueError(f"labels must list every observed rating; not listed: {list(missing[:10])}")
        return wanted
    declared = [c.dtype.categories for c in columns if isinstance(c.dtype, pd.CategoricalDtype)]
    order = merged_order(declared, observed)
    order = order[order.isin(observed)]
    # columns of different dtypes (integer and boolean categories) are looked up as objects, as they were observed
    kinds = {c.dtype.categories.dtype if isinstance(c.dtype, pd.CategoricalDtype) else c.dtype for c in columns}
    return order if kinds == {order.dtype} else order.astype(object)


def count_ratings(columns: Sequence[pd.Series], categories: pd.Index, weights: np.ndarray) -> tuple[
        RatingCounts, np.ndarray]:
    """The rating counts of every subject, and which subjects take part.

    A subject is kept when it has at least one rating and a positive weight (a missing weight, NaN, drops it): as
    in Gwet (2014) and irrCAC, a subject rated once counts in the category shares, and only the subjects with two
    or more ratings count in observed agreement.

    Returns
    -------
    (RatingCounts, numpy.ndarray)
        The counts of every subject, and the boolean mask of the subjects kept.
    """
    check_table_size((len(categories), len(categories)), ("rating categories", "rating categories"),
                     "table of rating pairs")
    codes = np.column_stack([categories.get_indexer(c.astype(object)) for c in columns]).astype(np.intp)
    n, q = codes.shape[0], len(categories)
    rows, cols = np.nonzero(codes >= 0)
    counts = np.bincount(rows * q + codes[rows, cols], minlength=n * q).reshape(n, q).astype(float)
    keep = (counts.sum(axis=1) >= 1) & ~np.isnan(weights) & (np.nan_to_num(weights) > 0)
    return RatingCounts(codes, counts, weights), keep
