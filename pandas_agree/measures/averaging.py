"""Averages of the class-specific measures over the classes: unweighted, weighted by the reference size,
inverse-weighted and micro (the formula of the pooled counts), each measure averaged after its formula (its
values) or before it (its terms, the !KO_clasagree rule), as its record declares or ``timing=`` says.

An undefined class value (0/0) is left out of an average, or with ``zero_division`` a number takes that number,
as scikit-learn's ``zero_division=`` does. Under "before" each term is averaged over the classes where that term
is defined, so a class that is never predicted keeps its recall of 0 in the average of the recalls although its
precision is undefined.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from ..base.steps import RELATIVE_STEP
from ..base.undefined import divide, quiet_division
from . import chance
from .binary import apply_formula, class_values
from .registry import REGISTRY, Measure

__all__ = ["ClassValues", "average_partials", "average_range", "average_scale", "averaged_before", "averages_of",
           "fill_undefined", "undefined_classes"]


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


def _entered(defined: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """The number of classes where ``defined`` (A, ..., K) holds and the weight (..., K, M) is positive."""
    return _over_classes(defined.astype(float), (weights > 0).astype(float)).astype(np.int64)


def _weighted_means(values: np.ndarray, defined: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Weighted means over the classes where a value is defined and its weight positive (weights renormalised),
    and the number of such classes.

    ``values`` and ``defined`` have shape (A, ..., K), ``weights`` (..., K, M) (one column per method); the
    results (A, ..., M). Each of the A rows has its own classes where it is defined.
    """
    defined = np.broadcast_to(defined, values.shape)
    finite = np.isfinite(values) & defined
    by_method = np.ascontiguousarray(weights)
    positive = (by_method > 0).astype(float)
    total = _over_classes(np.where(finite, values, 0.0), by_method)
    mean = divide(total, _over_classes(defined.astype(float), by_method))
    infinite = defined & ~finite
    if infinite.any():  # an infinite value of a class that enters makes the mean infinite (NaN for both signs)
        up = _over_classes((infinite & (values > 0)).astype(float), positive) > 0
        down = _over_classes((infinite & (values < 0)).astype(float), positive) > 0
        mean = np.where(up & down, np.nan, np.where(up, np.inf, np.where(down, -np.inf, mean)))
    return mean, _entered(defined, by_method)


def fill_undefined(values: np.ndarray, zero_division: float) -> np.ndarray:
    """``values`` with every undefined (NaN) value replaced by ``zero_division`` when it is a number.

    Examples
    --------
    >>> import numpy as np
    >>> from pandas_agree.measures.averaging import fill_undefined
    >>> fill_undefined(np.array([0.5, np.nan]), 0.0).tolist(), fill_undefined(np.array([np.nan]), np.nan).tolist()
    ([0.5, 0.0], [nan])
    """
    return values if math.isnan(zero_division) else np.where(np.isnan(values), zero_division, values)


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


def undefined_classes(measures: Sequence[Measure], counts, timing: str, params: dict,
                      correction: float | None = None, *,
                      values: ClassValues | None = None) -> dict[str, np.ndarray]:
    """Where each measure has an undefined class value that its weighted averages leave out: the value itself
    under "after", any of its terms under "before". Boolean arrays of the shape of the counts (..., K).

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
    store = ClassValues(counts, params, correction) if values is None else values
    out = {}
    for m in measures:
        parts = [REGISTRY[t] for t in m.terms] if averaged_before(m, timing) else [m]
        out[m.code] = np.any([np.isnan(store.of(p)) for p in parts], axis=0)
    return out


def averages_of(measures: Sequence[Measure], counts, methods: Sequence[str], timing: str, params: dict,
                correction: float | None = None, zero_division: float = math.nan, *,
                values: ClassValues | None = None) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Averages over classes of binary measures, and the number of classes that entered each.

    ``counts`` are a, b, c, d of shape (..., K); each result has shape (..., len(methods)). "micro" applies the
    formula to the pooled counts. Under "after" timing the class values are averaged; under "before" each of the
    measure's terms is averaged over the classes where it is defined and the formula applied to the averages.
    A class enters where its value (or the term) is defined and its weight is positive; the weights of the
    classes that enter are renormalised. The count of classes that entered a "before" average is that of the
    classes that entered the average of at least one term. With ``zero_division`` a number, every undefined
    value (of a class, a term, or an average) takes it, so every class with a positive weight enters.
    The class weights, every class value, and the term averages of each set of terms are computed once, and
    the "after" averages of all the measures in one stacked step; each formula takes the classes' counts and the
    pooled counts in one evaluation (:class:`ClassValues`; ``values`` passes one computed before, to share it).

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
    a, b = counts[0], counts[1]
    weighted = [m for m in methods if m != "micro"]
    store = ClassValues(counts, params, correction) if values is None else values
    memo: dict[str, np.ndarray] = {}

    def values_of(m: Measure) -> np.ndarray:
        if m.code not in memo:
            memo[m.code] = fill_undefined(store.of(m), zero_division)
        return memo[m.code]

    results: dict[str, dict[str, tuple[np.ndarray, np.ndarray]]] = {m.code: {} for m in measures}
    if weighted:
        weights = np.stack([_class_weights(m, a, b) for m in weighted], axis=-1)  # (..., K, M)
        after = [m for m in measures if not averaged_before(m, timing)]
        if after:
            values = np.stack([values_of(m) for m in after])  # (A, ..., K)
            value, n_entered = _weighted_means(values, ~np.isnan(values), weights)  # (A, ..., M)
            for i, m in enumerate(after):
                for j, method in enumerate(weighted):
                    results[m.code][method] = value[i, ..., j], n_entered[i, ..., j]
        by_terms: dict[frozenset, tuple[dict, np.ndarray]] = {}
        for m in measures:
            if not averaged_before(m, timing):
                continue
            key = frozenset(m.terms)
            if key not in by_terms:
                names = sorted(key)
                terms = np.stack([values_of(REGISTRY[t]) for t in names])  # (T, ..., K)
                defined = ~np.isnan(terms)
                means, _ = _weighted_means(terms, defined, weights)  # each term over its own classes
                by_terms[key] = (dict(zip(names, means, strict=True)), _entered(defined.any(axis=0)[None], weights)[0])
            means, n_entered = by_terms[key]
            value = fill_undefined(apply_formula(m.combine, m, [means[t] for t in m.terms], params), zero_division)
            for j, method in enumerate(weighted):
                results[m.code][method] = value[..., j], n_entered[..., j]
    if "micro" in methods:
        for m in measures:
            value = fill_undefined(store.pooled(m), zero_division)
            results[m.code]["micro"] = value, np.full(value.shape, a.shape[-1])
    # every average in one array (measures, ..., methods); put at its bound where within round-off outside its range
    value, entered = (np.moveaxis(np.array([[results[m.code][meth][x] for meth in methods] for m in measures]), 1, -1)
                      for x in (0, 1))
    value = fill_undefined(value.astype(float, copy=False), zero_division)
    lo, hi = (np.array([m.range[x] for m in measures]).reshape(-1, *[1] * (value.ndim - 1)) for x in (0, 1))
    near = ((value < lo) | (value > hi)).reshape(len(measures), -1).any(axis=1)
    return {m.code: (chance.within_range(value[i], m.range) if near[i] else value[i], entered[i])
            for i, m in enumerate(measures)}


def average_partials(measures: Sequence[Measure], counts, methods: Sequence[str], timing: str, params: dict,
                     partials, correction: float | None = None, zero_division: float = math.nan, *,
                     values: ClassValues | None = None, class_partials=None) -> np.ndarray:
    """∂/∂a_k, ∂/∂b_k, ∂/∂c_k, ∂/∂d_k of every average of :func:`averages_of`: shape (4, K, measures, methods).

    The averages are functions of the class values (or terms) and class weights, each a function of that
    class's counts only, so their partials come from those of the class values by the chain rule:

    - a weighted mean m = Σ w_k v_k / Σ w_k over the classes that enter: ∂m/∂x_k = (w_k ∂v_k/∂x_k +
      (v_k − m) ∂w_k/∂x_k) / Σ w;
    - before the formula, f(m_1, …, m_T) of the term means: Σ_t ∂f/∂m_t · ∂m_t/∂x_k (∂f/∂m_t by central
      differences of the formula);
    - micro, f(Σa, Σb, Σc, Σd): ∂f/∂A for every class.

    ``partials(function, counts)`` gives the partials (4, K, ...) of a function of the counts that is separable
    (one value per class, from that class's counts: its first axis is the K classes), as
    :func:`pandas_agree.inference.delta.class_partials` does; a class value fixed by ``zero_division`` is
    constant. A class that does not enter an average has partial 0; a count of 0 may give NaN (it is never moved).
    ``values`` gives the class values of ``counts`` where they were computed before (:class:`ClassValues`), and
    ``class_partials(records)`` the partials of their class values (with ``zero_division``) for each class and for
    the pooled counts, (4, K + 1, len(records)), where they are kept with them (as
    :class:`pandas_agree.inference.estimands.ClassEvaluation` keeps them, shared with the class-specific estimand);
    without it they are taken here with ``partials``.
    """
    counts = tuple(np.asarray(x, dtype=float) for x in counts)
    k = counts[0].shape[-1]
    weighted = [m for m in methods if m != "micro"]
    out = np.zeros((4, k, len(measures), len(methods)))
    position = {m.code: i for i, m in enumerate(measures)}  # (a record's == compares every field)

    def class_matrix(chosen):
        def values(a, b, c, d):  # (K, len(chosen))
            with quiet_division():  # set once for every formula
                return np.stack([fill_undefined(class_values(m, (a, b, c, d), params, correction), zero_division)
                                 for m in chosen], axis=-1)
        return values

    after = [m for m in measures if not averaged_before(m, timing)] if weighted else []
    before = [m for m in measures if averaged_before(m, timing)] if weighted else []
    names = sorted({t for m in before for t in m.terms})  # every term of every measure averaged before, once
    # every class value needed, each once: of the measures averaged after the formula, of the terms, and for
    # micro of every measure, whose pooled counts are one more class; one evaluation of the partials gives all
    needed: dict[str, Measure] = {}
    for m in [*after, *(REGISTRY[t] for t in names), *(measures if "micro" in methods else [])]:
        needed.setdefault(m.code, m)
    column = {code: x for x, code in enumerate(needed)}
    if not needed:
        every = None
    elif class_partials is not None:  # (4, K + 1, X): kept with the class values
        every = class_partials(list(needed.values()))
    else:
        joined = tuple(np.concatenate([x, x.sum(axis=-1, keepdims=True)], axis=-1) for x in counts) \
            if "micro" in methods else counts
        every = partials(class_matrix(list(needed.values())), joined)  # (4, K (+1), X)

    if weighted:
        def weight_fn(a, b, c, d):
            return np.stack([_class_weights(m, a, b) for m in weighted], axis=-1)  # (K, M)

        w, dw = weight_fn(*counts), partials(weight_fn, counts)
        store = ClassValues(counts, params, correction) if values is None else values
        base = np.stack([fill_undefined(store.of(m), zero_division) for m in needed.values()], axis=-1) \
            if needed else np.empty((k, 0))  # (K, X)

        def mean_partials(codes):
            # C-ordered, as the sums over the classes below expect (numpy's order of summation follows the layout)
            v = np.ascontiguousarray(base[:, [column[code] for code in codes]])  # (K, X)
            dv = np.ascontiguousarray(every[:, :k, [column[code] for code in codes]])  # (4, K, X)
            entered = (~np.isnan(v))[:, :, None] & (w[:, None, :] > 0)  # (K, X, M)
            wk = np.where(entered, w[:, None, :], 0.0)
            total = wk.sum(axis=0)  # (X, M)
            with np.errstate(invalid="ignore", divide="ignore"):
                mean = (wk * np.where(entered, v[:, :, None], 0.0)).sum(axis=0) / total
                d = (wk[None] * dv[..., None] + (v[None, :, :, None] - mean[None, None]) * dw[:, :, None, :]) / total
            return mean, np.where(entered[None], d, 0.0)  # (X, M), (4, K, X, M)

        places = [methods.index(m) for m in weighted]
        if after:
            _, d = mean_partials([m.code for m in after])
            out[:, :, np.array([position[m.code] for m in after])[:, None], np.array(places)[None]] = d
        if before:
            term_means, term_partials = mean_partials(names)
        for m in before:
            rows = [names.index(t) for t in m.terms]
            means, d = term_means[rows], term_partials[:, :, rows]  # (T, M), (4, K, T, M)
            # each term mean moved up and down on its own, all in one evaluation of the formula: (T, 2T, M)
            steps = RELATIVE_STEP * np.maximum(np.abs(means), 1e-12)  # (T, M)
            moved = np.repeat(means[:, None], 2 * len(rows), axis=1)
            t = np.arange(len(rows))
            moved[t, 2 * t] += steps
            moved[t, 2 * t + 1] -= steps
            combined = fill_undefined(apply_formula(m.combine, m, list(moved), params), zero_division)  # (2T, M)
            with np.errstate(invalid="ignore"):
                slopes = (combined[0::2] - combined[1::2]) / (2 * steps)  # (T, M)
                total = out[:, :, position[m.code], places]
                for t in range(len(rows)):  # the terms added in order
                    total = total + slopes[t] * d[:, :, t]
            out[:, :, position[m.code], places] = total
    if "micro" in methods:  # the pooled counts' partials, the same for every class
        out[:, :, :, methods.index("micro")] = every[:, k:, [column[m.code] for m in measures]]  # (4, 1, A)
    return out

