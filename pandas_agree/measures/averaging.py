"""Averages of the class-specific measures over the classes: unweighted, weighted by the reference size,
inverse-weighted and micro (the formula of the pooled counts), each measure averaged after its formula (its
values) or before it (its terms, the !KO_clasagree rule), as its record declares or ``timing=`` says."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..base.undefined import divide
from .binary import apply_formula, class_values
from .registry import REGISTRY, Measure

__all__ = ["averages_of"]


def _class_weights(method: str, a, b) -> np.ndarray:
    size = a + b  # n_k·, the reference size of the class
    if method == "unweighted":
        return np.ones_like(size)
    if method == "weighted":
        return size
    return np.where(size > 0, divide(1.0, size), 0.0)  # a class absent from the reference has no weight


def _weighted_means(values: np.ndarray, defined: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Weighted means over the classes where a value is defined and its weight positive (weights renormalised),
    and the number of such classes.

    ``values`` and ``defined`` have shape (A, ..., K), ``weights`` (..., K, M) (one column per method); the
    results (A, ..., M). The sums over classes are batched matrix products.
    """
    finite = np.isfinite(values) & defined
    by_method = np.ascontiguousarray(weights)
    positive = (by_method > 0).astype(float)

    def over_classes(x: np.ndarray, w: np.ndarray) -> np.ndarray:
        return np.moveaxis(np.moveaxis(x, 0, -2) @ w, -2, 0)

    mask = np.broadcast_to(defined, values.shape).astype(float)
    total = over_classes(np.where(finite, values, 0.0), by_method)
    mean = divide(total, over_classes(mask, by_method))
    infinite = defined & ~finite
    if infinite.any():  # an infinite value of a class that enters makes the mean infinite (NaN for both signs)
        up = over_classes((infinite & (values > 0)).astype(float), positive) > 0
        down = over_classes((infinite & (values < 0)).astype(float), positive) > 0
        mean = np.where(up & down, np.nan, np.where(up, np.inf, np.where(down, -np.inf, mean)))
    return mean, over_classes(mask, positive).astype(np.int64)


def averages_of(measures: Sequence[Measure], counts, methods: Sequence[str], timing: str, params: dict,
                correction: float | None = None) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Averages over classes of binary measures, and the number of classes that entered each.

    ``counts`` are a, b, c, d of shape (..., K); each result has shape (..., len(methods)). "micro" applies the
    formula to the pooled counts. Under "after" timing the class values are averaged; under "before" the
    measure's terms are averaged and the formula applied to them. A class enters only where its value (or
    every term) is defined and its weight is positive; the weights of the classes that enter are renormalised.
    The class weights, every class value, and the term averages of each set of terms are computed once, and
    the "after" averages of all the measures in one stacked step.
    """
    a, b = counts[0], counts[1]
    weighted = [m for m in methods if m != "micro"]
    memo: dict[str, np.ndarray] = {}

    def values_of(m: Measure) -> np.ndarray:
        if m.code not in memo:
            memo[m.code] = class_values(m, counts, params, correction)
        return memo[m.code]

    def is_before(m: Measure) -> bool:
        return bool(m.terms) and (m.averaging == "before" if timing == "default" else timing == "before")

    results: dict[str, dict[str, tuple[np.ndarray, np.ndarray]]] = {m.code: {} for m in measures}
    if weighted:
        weights = np.stack([_class_weights(m, a, b) for m in weighted], axis=-1)  # (..., K, M)
        after = [m for m in measures if not is_before(m)]
        if after:
            values = np.stack([values_of(m) for m in after])  # (A, ..., K)
            value, n_entered = _weighted_means(values, ~np.isnan(values), weights)  # (A, ..., M)
            for i, m in enumerate(after):
                for j, method in enumerate(weighted):
                    results[m.code][method] = value[i, ..., j], n_entered[i, ..., j]
        by_terms: dict[frozenset, tuple[dict, np.ndarray]] = {}
        for m in measures:
            if not is_before(m):
                continue
            key = frozenset(m.terms)
            if key not in by_terms:
                names = sorted(key)
                terms = np.stack([values_of(REGISTRY[t]) for t in names])  # (T, ..., K)
                means, n_entered = _weighted_means(terms, ~np.isnan(terms).any(axis=0), weights)
                by_terms[key] = (dict(zip(names, means, strict=True)), n_entered[0])
            means, n_entered = by_terms[key]
            value = apply_formula(m.combine, m, [means[t] for t in m.terms], params)
            for j, method in enumerate(weighted):
                results[m.code][method] = value[..., j], n_entered[..., j]
    if "micro" in methods:
        pooled = tuple(x.sum(axis=-1) for x in counts)
        for m in measures:
            value = class_values(m, pooled, params, correction)
            results[m.code]["micro"] = value, np.full(value.shape, a.shape[-1])
    return {m.code: (np.stack([results[m.code][meth][0] for meth in methods], axis=-1),
                     np.stack([results[m.code][meth][1] for meth in methods], axis=-1)) for m in measures}
