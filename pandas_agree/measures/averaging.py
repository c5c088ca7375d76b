"""Averages of the class-specific measures over the classes: unweighted, weighted by the reference size,
inverse-weighted and micro (the formula of the pooled counts), each measure averaged after its formula (its
values) or before it (its terms, the !KO_clasagree rule), as its record declares or ``timing=`` says.

An undefined class value (0/0) is left out of an average, or with ``zero_division`` a number takes that number,
as scikit-learn's ``zero_division=`` does, for the measures of :func:`takes_zero_division` (range [0, 1],
outside the odds-ratio family); the others' undefined values stay left out. Under "before" each term is averaged
over the classes where that term is defined, so a class that is never predicted keeps its recall of 0 in the
average of the recalls although its precision is undefined.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from ..base.steps import RELATIVE_STEP
from ..base.undefined import divide, quiet_division
from . import chance
from .binary import apply_formula, class_values, corrected, shared_terms
from .registry import REGISTRY, Measure

__all__ = ["Averaging", "ClassValues", "average_bounds", "average_partials", "average_range", "average_scale",
           "averaged_before", "averages_of", "class_matrix", "class_weights", "fill_undefined", "undefined_classes"]


def averaged_before(measure: Measure, timing: str) -> bool:
    """Whether ``measure`` is averaged before its formula (its terms) under ``timing``."""
    return bool(measure.terms) and (measure.averaging == "before" if timing == "default" else timing == "before")


_SHARES = {"PREV": "reference", "RR": "matching"}
"""Class values that are shares of the N objects: the share with class k in the reference (n_k/N, summing to 1
over the classes when every object's reference class is among them), and the share matched in class k (a_k/N,
at most n_k/N)."""


def average_range(measure: Measure, method: str, classes: int, complete: bool) -> tuple[float, float]:
    """The range of an average of ``measure`` over ``classes`` classes: the measure's range, narrower where the
    class values are shares of the objects (PREV, RR), whose sum over the classes is at most 1.

    Their unweighted and micro averages, and the inverse-weighted one (at most the harmonic mean of the
    reference shares, at most their mean), lie in [0, 1/K]; the prevalences weighted by themselves, Σ p_k², in
    [1/K, 1] when every object's reference class is among the classes (``complete``). The linearised interval is
    built on the scale of this range.

    Examples
    --------
    >>> from pandas_agree.measures.registry import REGISTRY
    >>> average_range(REGISTRY["PREV"], "weighted", 2, True), average_range(REGISTRY["RR"], "micro", 4, True)
    ((0.5, 1.0), (0.0, 0.25))
    >>> average_range(REGISTRY["PREV"], "weighted", 2, False), average_range(REGISTRY["F1"], "inverse", 2, True)
    ((0.0, 1.0), (0.0, 1.0))
    """
    share = _SHARES.get(measure.code)
    if share is None or classes < 1:
        return measure.range
    if method != "weighted":
        return (0.0, 1.0 / classes)
    return (1.0 / classes, 1.0) if share == "reference" and complete else measure.range


def average_bounds(measures: Sequence[Measure], methods: Sequence[str], entered: np.ndarray,
                   complete: bool) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """The range of every average of ``measures`` by each of ``methods`` (:func:`average_range`; ``entered``
    holds the number of classes that entered each, (measures, methods)): (lower ends, upper ends) by code, one
    number per method each.

    Examples
    --------
    >>> import numpy as np
    >>> from pandas_agree.measures.registry import REGISTRY
    >>> found = average_bounds([REGISTRY["F1"], REGISTRY["PREV"]], ["unweighted", "weighted"], np.array([[4, 4],
    ...                        [4, 4]]), True)
    >>> found["F1"][1].tolist(), found["PREV"][0].tolist(), found["PREV"][1].tolist()
    ([1.0, 1.0], [0.0, 0.25], [0.25, 1.0])
    """
    ends = np.repeat(np.array([m.range for m in measures], dtype=float).reshape(len(measures), 2, 1), len(methods),
                     axis=2)
    for i, m in enumerate(measures):
        if m.code in _SHARES:
            ends[i] = np.array([average_range(m, method, n, complete)
                                for method, n in zip(methods, np.asarray(entered[i]).tolist(), strict=True)]).T
    return {m.code: (ends[i, 0], ends[i, 1]) for i, m in enumerate(measures)}


def average_scale(measure: Measure) -> str:
    """The scale of the linearised interval of ``measure``'s averages: that of its record, but the arcsine of the
    square root of the position in the range for the averages of the prevalences (Σ p_k² = 1/K + Σ (p_k − 1/K)²
    and the harmonic mean of the p_k: quadratic in the shares near their extreme 1/K, where the square root of
    the distance from it is linear and the logit, log of that distance, overcorrects).

    Examples
    --------
    >>> from pandas_agree.measures.registry import REGISTRY
    >>> average_scale(REGISTRY["PREV"]), average_scale(REGISTRY["RR"])
    ('arcsine', 'logit')
    """
    return "arcsine" if _SHARES.get(measure.code) == "reference" else measure.scale


def _class_weights(method: str, a, b) -> np.ndarray:
    size = a + b  # n_k·, the reference size of the class
    if method == "unweighted":
        return np.ones_like(size)
    if method == "weighted":
        return size
    return np.where(size > 0, divide(1.0, size), 0.0)  # a class absent from the reference has no weight


def _over_classes(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    """Sums over the classes of ``x`` (A, ..., K) with the weights ``w`` (..., K, M): (A, ..., M), as batched
    matrix products."""
    if x.ndim == 2:  # (A, K) @ (K, M): the axes are already in place
        return x @ w
    return np.moveaxis(np.moveaxis(x, 0, -2) @ w, -2, 0)


def _weighted_means(values: np.ndarray, groups: list[np.ndarray], weights: np.ndarray) -> tuple[np.ndarray,
                                                                                        np.ndarray]:
    """Weighted means over the classes where a value is defined (not NaN) and its weight positive (weights
    renormalised), and the number of such classes.

    ``values`` have shape (X, ..., K), ``weights`` (..., K, M) (one column per method); each of the X rows has its
    own classes where it is defined. ``groups`` are the rows whose means are wanted, each group's sums over the
    classes taken in one product (the same products whatever the other groups); the results (rows of the groups,
    ..., M), the groups' rows one after the other.
    """
    defined = ~np.isnan(values)
    finite = np.isfinite(values) & defined
    by_method = np.ascontiguousarray(weights)
    present, share = np.where(finite, values, 0.0), defined.astype(float)
    rows = np.concatenate(groups) if groups else np.zeros(0, dtype=np.int64)
    total = np.concatenate([_over_classes(present[g], by_method) for g in groups])
    mean = divide(total, np.concatenate([_over_classes(share[g], by_method) for g in groups]))
    positive = (by_method > 0).astype(float)
    infinite = defined & ~finite
    if infinite.any():  # an infinite value of a class that enters makes the mean infinite (NaN for both signs)
        up = _over_classes((infinite & (values > 0))[rows].astype(float), positive) > 0
        down = _over_classes((infinite & (values < 0))[rows].astype(float), positive) > 0
        mean = np.where(up & down, np.nan, np.where(up, np.inf, np.where(down, -np.inf, mean)))
    return mean, _over_classes(share[rows], positive).astype(np.int64)


def takes_zero_division(measure: Measure) -> bool:
    """Whether ``zero_division=`` gives an undefined (0/0) value of ``measure`` its number: the measures whose
    declared range is [0, 1] outside the odds-ratio family, proportions and means of proportions (precision,
    recall, F-scores, …), for which scikit-learn's convention of a proportion without trials makes sense. The
    others (signed and unbounded measures: Youden's J, the odds ratio, Yule's Q, …) stay NaN.

    Examples
    --------
    >>> from pandas_agree.measures.registry import REGISTRY
    >>> takes_zero_division(REGISTRY["PRE"]), takes_zero_division(REGISTRY["YULEQ"])
    (True, False)
    """
    return tuple(measure.range) == (0.0, 1.0) and not measure.odds_ratio_family


def fill_undefined(values: np.ndarray, zero_division: float, applies=True) -> np.ndarray:
    """``values`` with every undefined (NaN) value replaced by ``zero_division`` when it is a number, where
    ``applies`` (a bool, or a bool array that broadcasts against ``values``: :func:`takes_zero_division` of each
    measure) holds.

    Examples
    --------
    >>> import numpy as np
    >>> from pandas_agree.measures.averaging import fill_undefined
    >>> fill_undefined(np.array([0.5, np.nan]), 0.0).tolist(), fill_undefined(np.array([np.nan]), np.nan).tolist()
    ([0.5, 0.0], [nan])
    >>> fill_undefined(np.array([np.nan, np.nan]), 1.0, np.array([True, False])).tolist()
    [1.0, nan]
    """
    if math.isnan(zero_division) or not np.any(applies):
        return values
    return np.where(np.isnan(values) & applies, zero_division, values)


def _scope(measures: Sequence[Measure], ndim: int) -> np.ndarray:
    """:func:`takes_zero_division` of each of ``measures`` on the first axis of an array of ``ndim`` axes."""
    return np.array([takes_zero_division(m) for m in measures], dtype=bool).reshape(-1, *[1] * (ndim - 1))


class ClassValues:
    """The class values of binary measures on one set of one-vs-rest counts (a, b, c, d of shape (..., K)), each
    computed once and together with the value of the pooled counts (Σa, Σb, Σc, Σd) in the same evaluation.

    Examples
    --------
    >>> import numpy as np
    >>> from pandas_agree.measures.binary import one_vs_rest, resolve_params
    >>> from pandas_agree.measures.registry import REGISTRY
    >>> store = ClassValues(one_vs_rest(np.array([[4.0, 1], [1, 3]]), np.arange(2), np.arange(2)), resolve_params())
    >>> store.of(REGISTRY["REC"]).tolist(), float(store.pooled(REGISTRY["REC"]))
    ([0.8, 0.75], 0.7777777777777778)
    """

    def __init__(self, counts, params: dict, correction: float | None = None) -> None:
        self.params, self.correction = params, correction
        self._joined = tuple(np.concatenate([x, x.sum(axis=-1, keepdims=True)], axis=-1) for x in counts)
        self._both: dict[str, np.ndarray] = {}

    def _values(self, measure: Measure) -> np.ndarray:
        if measure.code not in self._both:
            self._both[measure.code] = class_values(measure, self._joined, self.params, self.correction)
        return self._both[measure.code]

    def of(self, measure: Measure) -> np.ndarray:
        """The value of every class, before ``zero_division`` (NaN where undefined), shape (..., K)."""
        return self._values(measure)[..., :-1]

    def pooled(self, measure: Measure) -> np.ndarray:
        """The formula of the pooled counts, shape (...)."""
        return self._values(measure)[..., -1]

    def stacked(self, measures: Sequence[Measure]) -> np.ndarray:
        """The values of every class and of the pooled counts (the last) of each of ``measures``, before
        ``zero_division``: shape (len(measures), ..., K + 1)."""
        if not measures:
            return np.empty((0, *self._joined[0].shape))
        return np.stack([self._values(m) for m in measures])


class Averaging:
    """Every average of some binary records over the classes of one set of one-vs-rest counts (a, b, c, d of
    shape (..., K)), by each method, taken together: the values and the number of classes that entered each
    (:meth:`values`), the classes each leaves out (:meth:`undefined`) and, for one table (counts of shape (K,)),
    their partials with respect to the counts (:meth:`partials`).

    "micro" applies the formula to the pooled counts. Under "after" timing the class values are averaged; under
    "before" each of the measure's terms is averaged over the classes where it is defined and the formula applied
    to the averages. A class enters where its value (or the term) is defined and its weight is positive; the
    weights of the classes that enter are renormalised. The count of classes that entered a "before" average is
    that of the classes that entered the average of at least one term. With ``zero_division`` a number, every
    undefined value (of a class, a term, or an average) of a measure of :func:`takes_zero_division` takes it, so
    every class with a positive weight enters; the other measures (and the terms they average before their
    formula) are averaged as without it.

    The class weights, every class value (from ``values``, a :class:`ClassValues` of these counts, or one made
    here) and the term averages of each set of terms are taken once, and the "after" averages of all the measures
    in one stacked step; each formula applied to term averages is evaluated once for its value and the moved
    averages of its partials together (when :meth:`partials` is called before :meth:`values`).

    Examples
    --------
    >>> import numpy as np
    >>> from pandas_agree.measures.binary import one_vs_rest, resolve_params
    >>> from pandas_agree.measures.registry import REGISTRY
    >>> counts = one_vs_rest(np.array([[4.0, 0, 0], [1, 3, 0], [2, 0, 0]]), np.arange(3), np.arange(3))
    >>> found = Averaging([REGISTRY["PRE"], REGISTRY["F1"]], counts, ["unweighted", "micro"], "default",
    ...                   resolve_params())
    >>> value, entered = found.values()
    >>> value.round(4).tolist(), entered.tolist()  # the third class is never predicted: its PRE left out
    ([[0.7857, 0.7], [0.6696, 0.7]], [[2, 3], [3, 3]])
    >>> found.undefined()["PRE"].tolist()
    [False, False, True]
    """

    def __init__(self, measures: Sequence[Measure], counts, methods: Sequence[str], timing: str, params: dict,
                 correction: float | None = None, zero_division: float = math.nan, *,
                 values: ClassValues | None = None) -> None:
        self.measures, self.methods, self.counts = list(measures), list(methods), counts
        self.params, self.correction, self.zero_division = params, correction, zero_division
        self.store = ClassValues(counts, params, correction) if values is None else values
        self.weighted = [m for m in self.methods if m != "micro"]
        self._is_before = [averaged_before(m, timing) for m in self.measures]
        self.after = [m for m, before in zip(self.measures, self._is_before, strict=True) if not before]
        self.before = [m for m, before in zip(self.measures, self._is_before, strict=True) if before]
        self.terms = sorted({t for m in self.before for t in m.terms})
        needed: dict[str, Measure] = {}
        weighted = [*self.after, *(REGISTRY[t] for t in self.terms)] if self.weighted else []
        for m in [*weighted, *(self.measures if "micro" in self.methods else [])]:
            needed.setdefault(m.code, m)
        self.records = list(needed.values())
        """The records whose class values (and their partials) the averages read, each once: the measures averaged
        after the formula, the terms of those averaged before it, and for "micro" every measure."""
        self._row = {m.code: x for x, m in enumerate(self.records)}
        self._stack: tuple[np.ndarray, np.ndarray] | None = None
        self._weights: np.ndarray | None = None
        self._term_means: dict | None = None
        self._values: tuple[np.ndarray, np.ndarray] | None = None
        self._partials: np.ndarray | None = None
        # zero_division= reaches the measures of takes_zero_division only, with the terms they average before
        # their formula; the others are averaged as without it (their terms too), each group on its own
        self._parts: list[tuple[np.ndarray, Averaging]] | None = None
        if not math.isnan(zero_division):
            inside = np.array([takes_zero_division(m) for m in self.measures], dtype=bool)
            if not inside.any():
                self.zero_division = math.nan
            elif not inside.all():
                self._parts = [(np.flatnonzero(mask), Averaging([self.measures[i] for i in np.flatnonzero(mask)],
                                                                counts, methods, timing, params, correction, z,
                                                                values=self.store))
                               for mask, z in ((inside, zero_division), (~inside, math.nan))]

    def _class_values(self) -> tuple[np.ndarray, np.ndarray]:
        """The class values of :attr:`records` and those of the pooled counts (the last), before and with
        ``zero_division``: (records, ..., K + 1) each, taken once."""
        if self._stack is None:
            raw = self.store.stacked(self.records)
            self._stack = (raw, fill_undefined(raw, self.zero_division, _scope(self.records, raw.ndim)))
        return self._stack

    def _class_weights(self) -> np.ndarray:
        """The weight of each class by each weighted method, (..., K, M)."""
        if self._weights is None:
            self._weights = _weights_of(self.weighted, self.counts[0], self.counts[1])
        return self._weights

    def _means(self) -> dict:
        """The weighted means over the classes, taken once: "after", the means of the values of the measures
        averaged after their formula (A, ..., M) and the number of classes that entered each; "terms", the means
        of the terms of each measure averaged before it, in the order of its terms (B, T, ..., M; T the most terms
        of a measure, a measure with fewer padded with 0), each term over the classes where it is defined and in
        the product of its measure's set of terms; "some", the number of classes where some term of the measure is
        defined (B, ..., M)."""
        if self._term_means is None:
            _, filled = self._class_values()
            weights = self._class_weights()
            groups = [np.array([self._row[m.code] for m in self.after])] if self.after else []
            sets = list(dict.fromkeys(frozenset(m.terms) for m in self.before))
            names = [sorted(key) for key in sets]
            start = len(self.after)
            row_of = {}  # the row of each term of each set among the means
            for key, found in zip(sets, names, strict=True):
                groups.append(np.array([self._row[t] for t in found]))
                row_of[key] = {t: start + i for i, t in enumerate(found)}
                start += len(found)
            means, n_entered = _weighted_means(filled[..., :-1], groups, weights)
            out: dict = {"after": (means[:len(self.after)], n_entered[:len(self.after)])}
            if sets:
                padded = np.concatenate([means, np.zeros((1, *means.shape[1:]))])
                size = max(len(m.terms) for m in self.before)
                rows = np.full((len(self.before), size), len(means))
                for x, m in enumerate(self.before):
                    rows[x, :len(m.terms)] = [row_of[frozenset(m.terms)][t] for t in m.terms]
                out["terms"] = padded[rows]
                # a class enters a measure's average where some term of it is defined there
                some = _any_term(~np.isnan(filled[..., :-1]), self._row, self.before)  # (B, ..., K)
                out["some"] = _over_classes(some.astype(float), (weights > 0).astype(float)).astype(np.int64)
            self._term_means = out
        return self._term_means

    def values(self) -> tuple[np.ndarray, np.ndarray]:
        """The averages, (measures, ..., methods), each put at its bound where within round-off outside the
        measure's range, and the number of classes that entered each (int)."""
        if self._values is None:
            if self._parts is not None:
                found = [part.values() for _, part in self._parts]
                self._values = tuple(self._merged([x[i] for x in found]) for i in range(2))
            else:
                self._values = self._averages()
        return self._values

    def _merged(self, blocks: list[np.ndarray], axis: int = 0) -> np.ndarray:
        """The blocks of the groups of measures of :attr:`_parts` (each with its measures on ``axis``) put together
        in the order of :attr:`measures`."""
        out = np.empty((*blocks[0].shape[:axis], len(self.measures), *blocks[0].shape[axis + 1:]),
                       dtype=np.result_type(*blocks))
        for (at, _), block in zip(self._parts, blocks, strict=True):
            out[(slice(None),) * axis + (at,)] = block
        return out

    def _averages(self, formulas: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
        """:meth:`values`; ``formulas`` holds the value of the formula of each measure averaged before it (B, ...,
        M) where that was evaluated with its partials (:meth:`partials`)."""
        a = self.counts[0]
        shape, methods, measures = np.shape(a)[:-1], self.methods, self.measures
        # (measures, methods, ...): the layout of the averages as the callers have always had them
        value = np.zeros((len(measures), len(methods), *shape))
        entered = np.zeros(value.shape, dtype=np.int64)
        if self.weighted:
            means = self._means()
            places = np.array([j for j, m in enumerate(methods) if m != "micro"])[None]
            if self.after:
                at = np.array([i for i, before in enumerate(self._is_before) if not before])[:, None]
                mean, n_entered = means["after"]  # (A, ..., M)
                value[at, places], entered[at, places] = _methods_first(mean), _methods_first(n_entered)
            if self.before:
                if formulas is None:  # each formula of its term means
                    formulas = np.stack([fill_undefined(apply_formula(m.combine, m, list(terms[:len(m.terms)]),
                                                                      self.params), self.zero_division,
                                                        takes_zero_division(m))
                                         for m, terms in zip(self.before, means["terms"], strict=True)])
                at = np.array([i for i, before in enumerate(self._is_before) if before])[:, None]
                value[at, places] = _methods_first(formulas)  # (B, M, ...)
                entered[at, places] = _methods_first(means["some"])
        micro = [j for j, m in enumerate(methods) if m == "micro"]
        if micro:  # the formula of the pooled counts
            _, filled = self._class_values()
            pooled = filled[[self._row[m.code] for m in measures], ..., -1]  # (measures, ...)
            for j in micro:
                value[:, j] = pooled
                entered[:, j] = np.shape(a)[-1]
        order = (0, *range(2, value.ndim), 1)
        value, entered = value.transpose(order), entered.transpose(order)  # (measures, ..., methods)
        value = fill_undefined(value, self.zero_division, _scope(measures, value.ndim))
        lo, hi = np.array([m.range for m in measures]).reshape(len(measures), 2, *[1] * (value.ndim - 1)).swapaxes(0, 1)
        near = np.flatnonzero(((value < lo) | (value > hi)).reshape(len(measures), -1).any(axis=1))
        if len(near):
            value = np.array(value)  # the same layout, as values of its own
            for i in near:
                value[i] = chance.within_range(value[i], measures[i].range)
        return value, entered

    def undefined(self) -> dict[str, np.ndarray]:
        """Where each measure has an undefined class value that its weighted averages leave out: the value itself
        under "after", any of its terms under "before". Boolean arrays of the shape of the counts (..., K), by
        code (the rows of :meth:`left_out`)."""
        return dict(zip((m.code for m in self.measures), self.left_out(), strict=True))

    def left_out(self) -> np.ndarray:
        """:meth:`undefined` as one array, (measures, ..., K)."""
        if self._parts is not None:
            return self._merged([part.left_out() for _, part in self._parts])
        wanted = [*self.after, *(REGISTRY[t] for t in self.terms)]
        if all(m.code in self._row for m in wanted):
            raw, _ = self._class_values()
            row, nan = self._row, np.isnan(raw[..., :-1])
        else:  # averages by "micro" only, whose class values do not enter
            row = {m.code: x for x, m in enumerate(wanted)}
            nan = np.isnan(self.store.stacked(wanted)[..., :-1])
        out = np.empty((len(self.measures), *nan.shape[1:]), dtype=bool)
        if self.after:
            out[[i for i, before in enumerate(self._is_before) if not before]] = nan[[row[m.code] for m in self.after]]
        if self.before:
            out[[i for i, before in enumerate(self._is_before) if before]] = _any_term(nan, row, self.before)
        return out

    def partials(self, partials, class_partials=None, *, with_values: bool = True) -> np.ndarray:
        """∂/∂a_k, ∂/∂b_k, ∂/∂c_k, ∂/∂d_k of every average of one table (counts of shape (K,)): shape
        (4, K, measures, methods), taken once (and with them :meth:`values`, unless those were asked for before or
        ``with_values`` is False: the averages of a table whose values are not wanted, only their variances).

        The averages are functions of the class values (or terms) and class weights, each a function of that
        class's counts only, so their partials come from those of the class values by the chain rule:

        - a weighted mean m = Σ w_k v_k / Σ w_k over the classes that enter: ∂m/∂x_k = (w_k ∂v_k/∂x_k +
          (v_k − m) ∂w_k/∂x_k) / Σ w;
        - before the formula, f(m_1, …, m_T) of the term means: Σ_t ∂f/∂m_t · ∂m_t/∂x_k (∂f/∂m_t by central
          differences of the formula, evaluated with its value in one call);
        - micro, f(Σa, Σb, Σc, Σd): ∂f/∂A for every class.

        ``partials(function, counts)`` gives the partials (4, K, ...) of a function of the counts that is
        separable (one value per class, from that class's counts: its first axis is the K classes), as
        :func:`pandas_agree.inference.delta.class_partials` does; a class value fixed by ``zero_division`` is
        constant. A class that does not enter an average has partial 0; a count of 0 may give NaN (it is never
        moved). ``class_partials(records)`` gives the partials of the class values of :attr:`records` (with
        ``zero_division``) for each class and for the pooled counts, (4, K + 1, len(records)), where they are kept
        with them (as :class:`pandas_agree.inference.estimands.ClassEvaluation` keeps them); without it they are
        taken here with ``partials``.
        """
        if self._partials is None and self._parts is not None:
            # the group without zero_division takes its class partials here: those kept are with it
            self._partials = self._merged([part.partials(partials, class_partials if x == 0 else None,
                                                         with_values=with_values and self._values is None)
                                           for x, (_, part) in enumerate(self._parts)], axis=2)
        elif self._partials is None:
            self._partials = self._partials_of(partials, class_partials, with_values and self._values is None)
        return self._partials

    def _partials_of(self, partials, class_partials, with_values: bool) -> np.ndarray:
        counts = tuple(np.asarray(x, dtype=float) for x in self.counts)
        k = counts[0].shape[-1]
        methods, weighted = self.methods, self.weighted
        out = np.zeros((4, k, len(self.measures), len(methods)))
        position = {m.code: i for i, m in enumerate(self.measures)}
        if not self.records:
            every = None
        elif class_partials is not None:  # (4, K + 1, X): kept with the class values
            every = class_partials(self.records)
        else:
            joined = tuple(np.concatenate([x, x.sum(axis=-1, keepdims=True)], axis=-1) for x in counts) \
                if "micro" in methods else counts
            every = partials(class_matrix(self.records, self.params, self.correction, self.zero_division), joined)
        formulas = None
        if weighted:
            w = self._class_weights()
            dw = partials(lambda a, b, c, d: _weights_of(weighted, a, b), counts)  # (4, K, M)
            _, filled = self._class_values()
            values = filled[:, :k].T  # (K, X)
            places = np.array([j for j, m in enumerate(methods) if m != "micro"])  # a method named twice: both
            # the means and their partials of the values averaged after the formula and of the terms of those
            # averaged before it, side by side in one step: (M, A + T) and (4, K, M, A + T)
            after = len(self.after)
            rows = [*(self._row[m.code] for m in self.after), *(self._row[t] for t in self.terms)]
            means, d = _mean_partials(values[:, rows], every[:, :k, rows], w, dw) if rows else (None, None)
            if self.after:
                out[:, :, np.array([position[m.code] for m in self.after])[:, None], places[None]] = \
                    d[..., :after].transpose(0, 1, 3, 2)
            if self.before:
                formulas = self._before_partials(out, means[:, after:], d[..., after:], places, position,
                                                 fused=with_values)
        if "micro" in methods:  # the pooled counts' partials, the same for every class
            for j in (j for j, m in enumerate(methods) if m == "micro"):
                out[:, :, :, j] = every[:, k:, [self._row[m.code] for m in self.measures]]
        if with_values:
            self._values = self._averages(formulas)
        return out

    def _before_partials(self, out, term_means, term_partials, places, position, fused: bool) -> np.ndarray | None:
        """The partials of the measures averaged before their formula, put into ``out``: the slopes of each formula
        at the term means (``term_means``, (M, T)), by central differences with every term moved up and down in one
        evaluation of the formula, times the partials of the term means (``term_partials``, (4, K, M, T)), summed
        over the terms in order. With ``fused``, the same evaluation gives the formula's value at the term averages
        of :meth:`values`, which is returned ((B, M), else None)."""
        before, params, zero_division = self.before, self.params, self.zero_division
        size = max(len(m.terms) for m in before)
        # the place of each measure's terms among the term means, a measure with fewer terms padded with a 0 column
        column = {t: i for i, t in enumerate(self.terms)}
        rows = np.full((len(before), size), len(self.terms))
        for x, m in enumerate(before):
            rows[x, :len(m.terms)] = [column[t] for t in m.terms]
        at = np.concatenate([term_means, np.zeros((len(term_means), 1))], axis=1)[:, rows].transpose(1, 2, 0)
        steps = RELATIVE_STEP * np.maximum(np.abs(at), 1e-12)  # (B, T, M)
        # each term mean moved up and down on its own, after the term averages of the value: (B, T, 1 + 2T, M)
        moved = np.repeat(at[:, :, None], 2 * size + 1, axis=2)
        t = np.arange(size)
        moved[:, t, 2 * t + 1] += steps
        moved[:, t, 2 * t + 2] -= steps
        if fused:
            moved[:, :, 0] = self._means()["terms"]
        combined = np.zeros((len(before), 2 * size, at.shape[-1]))  # (B, 2T, M), a padded term's slope 0
        values = np.empty((len(before), at.shape[-1])) if fused else None
        first = 0 if fused else 1  # the evaluations of the formula: with the value's first where it is wanted
        with quiet_division():  # set once for every formula
            for x, m in enumerate(before):
                n = len(m.terms)
                found = fill_undefined(apply_formula(m.combine, m, list(moved[x, :n, first:2 * n + 1]), params),
                                       zero_division, takes_zero_division(m))
                if fused:
                    values[x], found = found[0], found[1:]
                combined[x, :2 * n] = found
        with np.errstate(invalid="ignore"):
            slopes = (combined[:, 0::2] - combined[:, 1::2]) / (2 * steps)  # (B, T, M)
            # the term partials as (terms, M, 4, K), a padded term's 0 last: each measure's term a block of them
            padded = np.zeros((len(self.terms) + 1, *term_partials.shape[2:3], *term_partials.shape[:2]))
            padded[:-1] = term_partials.transpose(3, 2, 0, 1)
            # (B, M, 4, K): the terms added in order, from 0 as each measure's own sum began (a padded term adds 0)
            total, term = np.zeros((len(before), *padded.shape[1:])), np.empty((len(before), *padded.shape[1:]))
            for i in range(size):
                np.multiply(slopes[:, i, :, None, None], padded[rows[:, i]], out=term)
                total += term
        out[:, :, np.array([position[m.code] for m in before])[:, None], places[None]] = total.transpose(2, 3, 0, 1)
        return values


def _any_term(found: np.ndarray, row: dict, measures: list[Measure]) -> np.ndarray:
    """Where some term of each of ``measures`` holds: ``found`` has one row for each record (at ``row``, by code),
    (X, ..., K); the result (len(measures), ..., K)."""
    size = max(len(m.terms) for m in measures)
    rows = np.full((len(measures), size), len(found))  # a measure with fewer terms padded with a row that never holds
    for x, m in enumerate(measures):
        rows[x, :len(m.terms)] = [row[t] for t in m.terms]
    return np.concatenate([found, np.zeros((1, *found.shape[1:]), dtype=bool)])[rows].any(axis=1)


def _methods_first(x: np.ndarray) -> np.ndarray:
    """``x`` (n, ..., M) with the methods' axis second, (n, M, ...) (a view)."""
    return x.transpose(0, x.ndim - 1, *range(1, x.ndim - 1))


def class_weights(method: str, a, b) -> np.ndarray:
    """The weight of each class in the ``method`` average ("unweighted", "weighted", "inverse"; before the weights
    are renormalised over the classes that enter), from the one-vs-rest counts ``a`` and ``b``.

    Examples
    --------
    >>> class_weights("inverse", np.array([3.0, 0.0]), np.array([1.0, 0.0])).tolist()
    [0.25, 0.0]
    """
    return _class_weights(method, np.asarray(a, dtype=float), np.asarray(b, dtype=float))


def _weights_of(methods: list[str], a, b) -> np.ndarray:
    """The weight of each class by each of the weighted ``methods``: (..., K, M)."""
    return np.stack([_class_weights(m, a, b) for m in methods], axis=-1)


def class_matrix(chosen: Sequence[Measure], params: dict, correction, zero_division: float):
    """The class values of the records ``chosen`` side by side, as a function of the counts (a, b, c, d), each
    (..., K): (..., K, len(chosen)), an undefined value taking ``zero_division`` where that is a number and
    :func:`takes_zero_division` holds for its record.

    The values are those of :func:`~pandas_agree.measures.binary.class_values` of each record: the formulas
    evaluated one by one (the odds-ratio family on the corrected counts, taken once), and the rule that puts a
    value within round-off outside the record's range at its bound checked for all of them at once (applied to
    the records that need it only).

    Examples
    --------
    >>> import numpy as np
    >>> from pandas_agree.measures.binary import resolve_params
    >>> from pandas_agree.measures.registry import REGISTRY
    >>> values = class_matrix([REGISTRY["REC"], REGISTRY["PRE"]], resolve_params(), None, np.nan)
    >>> values(np.array([4.0, 3]), np.array([1.0, 1]), np.array([1.0, 0]), np.array([3.0, 5])).tolist()
    [[0.8, 0.8], [0.75, 1.0]]
    """
    chosen = list(chosen)
    lo, hi = np.array([m.range for m in chosen], dtype=float).reshape(len(chosen), 2).T
    scope = np.array([takes_zero_division(m) for m in chosen], dtype=bool)  # on the last axis

    def values(a, b, c, d):
        counts = (a, b, c, d)
        with quiet_division(), shared_terms():  # set once for every formula; the shared proportions taken once
            odds = corrected(*counts, correction) if any(m.odds_ratio_family for m in chosen) else counts
            # each value written into its column as it comes (no list of every value beside their stack)
            out = np.empty((*np.broadcast_shapes(*(np.shape(x) for x in counts)), len(chosen)))
            for i, m in enumerate(chosen):
                out[..., i] = apply_formula(m.compute, m, odds if m.odds_ratio_family else counts, params)
            outside = (out < lo) | (out > hi)
            if outside.any():  # values within round-off outside a bound: at the bound (binary.class_values)
                for i in np.flatnonzero(outside.reshape(-1, len(chosen)).any(axis=0)).tolist():
                    out[..., i] = chance.within_range(out[..., i], chosen[i].range)
            return fill_undefined(out, zero_division, scope)
    return values


def _mean_partials(values: np.ndarray, partials: np.ndarray, w: np.ndarray,
                   dw: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The weighted means over the classes of class values (``values``, (K, X), with their zero_division) by
    each weighting, (M, X), and their partials (4, K, M, X) from those of the class values (``partials``,
    (4, K, X)) and of the weights ``w`` (K, M) (``dw``, (4, K, M)); a class that does not enter has partial 0.

    The methods come before the values (M, X), so that the long axis of the values (or the classes) is the inner
    one of every product; the sums over the classes run in the order of the classes (the classes the outer axis of
    a C-ordered array), as they did in the layout (K, X, M)."""
    v, dv = np.ascontiguousarray(values), np.ascontiguousarray(partials)
    w, dw = np.ascontiguousarray(w), np.ascontiguousarray(dw)
    (k, x), m = v.shape, w.shape[1]
    entered = np.empty((k, m, x), dtype=bool)
    np.logical_and((~np.isnan(v))[:, None, :], (w > 0)[:, :, None], out=entered)
    wk = np.zeros((k, m, x))
    np.copyto(wk, w[:, :, None], where=entered)
    total = wk.sum(axis=0)  # (M, X)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = (wk * np.where(entered, v[:, None, :], 0.0)).sum(axis=0) / total
        d = wk * dv[:, :, None, :]  # (4, K, M, X)
        d += (v[:, None, :] - mean) * dw[:, :, :, None]
        d /= total
    if not entered.all():
        d[:, ~entered] = 0.0
    return mean, d


def undefined_classes(measures: Sequence[Measure], counts, timing: str, params: dict,
                      correction: float | None = None, *,
                      values: ClassValues | None = None) -> dict[str, np.ndarray]:
    """Where each measure has an undefined class value that its weighted averages leave out: the value itself
    under "after", any of its terms under "before". Boolean arrays of the shape of the counts (..., K)
    (:meth:`Averaging.undefined`).

    ``values`` holds the class values of these counts, computed once (:class:`ClassValues`).

    Examples
    --------
    >>> import numpy as np
    >>> from pandas_agree.measures.averaging import undefined_classes
    >>> from pandas_agree.measures.binary import one_vs_rest, resolve_params
    >>> from pandas_agree.measures.registry import REGISTRY
    >>> counts = one_vs_rest(np.array([[5.0, 0], [3, 0]]), np.arange(2), np.arange(2))  # 2nd never predicted
    >>> out = undefined_classes([REGISTRY["PRE"], REGISTRY["F1"]], counts, "default", resolve_params())
    >>> out["PRE"].tolist(), out["F1"].tolist()
    ([False, True], [False, True])
    """
    return Averaging(measures, counts, [], timing, params, correction, values=values).undefined()


def averages_of(measures: Sequence[Measure], counts, methods: Sequence[str], timing: str, params: dict,
                correction: float | None = None, zero_division: float = math.nan, *,
                values: ClassValues | None = None) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Averages over classes of binary measures, and the number of classes that entered each
    (:meth:`Averaging.values`, by code).

    ``counts`` are a, b, c, d of shape (..., K); each result has shape (..., len(methods)). ``values`` passes the
    class values of the counts computed before, to share them (:class:`ClassValues`).

    Examples
    --------
    >>> import numpy as np
    >>> from pandas_agree.measures.averaging import averages_of
    >>> from pandas_agree.measures.binary import one_vs_rest, resolve_params
    >>> from pandas_agree.measures.registry import REGISTRY
    >>> counts = one_vs_rest(np.array([[4.0, 0, 0], [1, 3, 0], [2, 0, 0]]), np.arange(3), np.arange(3))
    >>> value, entered = averages_of([REGISTRY["PRE"]], counts, ["unweighted"], "after", resolve_params())["PRE"]
    >>> round(float(value[0]), 4), int(entered[0])  # the third class is never predicted: left out
    (0.7857, 2)
    >>> value, _ = averages_of([REGISTRY["PRE"]], counts, ["unweighted"], "after", resolve_params(),
    ...                        zero_division=0)["PRE"]
    >>> round(float(value[0]), 4)  # counted as 0, as scikit-learn's zero_division=0
    0.5238
    """
    value, entered = Averaging(measures, counts, methods, timing, params, correction, zero_division,
                               values=values).values()
    return {m.code: (value[i], entered[i]) for i, m in enumerate(measures)}


def average_partials(measures: Sequence[Measure], counts, methods: Sequence[str], timing: str, params: dict,
                     partials, correction: float | None = None, zero_division: float = math.nan, *,
                     values: ClassValues | None = None, class_partials=None) -> np.ndarray:
    """∂/∂a_k, ∂/∂b_k, ∂/∂c_k, ∂/∂d_k of every average of :func:`averages_of`: shape (4, K, measures, methods)
    (:meth:`Averaging.partials`, where the chain rule is described).

    ``values`` gives the class values of ``counts`` where they were computed before (:class:`ClassValues`), and
    ``class_partials(records)`` the partials of their class values (with ``zero_division``) for each class and for
    the pooled counts, (4, K + 1, len(records)), where they are kept with them; without it they are taken here with
    ``partials``.
    """
    return Averaging(measures, counts, methods, timing, params, correction, zero_division,
                     values=values).partials(partials, class_partials)
