"""Observed and chance agreement, the two parts of every chance-corrected coefficient (Po − Pe)/(1 − Pe).

Each function takes proportions with any leading shape (resamples, classes) and optional q×q agreement weights
w (the identity when omitted: plain agreement on matching categories). The two-rater measures, the kappa
variances and the rater coefficients all take their Po and Pe from here.
"""

from __future__ import annotations

import math

import numpy as np

from ..base.undefined import divide

__all__ = ["ROUNDING", "chance_corrected", "cohen", "cohen_of_counts", "gwet", "gwet_of_counts", "observed",
           "observed_of_counts", "scaled", "scott", "within_range"]

ROUNDING = 64 * np.finfo(float).eps
"""The round-off of a sum of shares: 1 − Pe within this of 0 is 0 (a coefficient of an all-ones weight matrix has
Pe = 1 + 2⁻⁵²), and a value within this of a bound of its range is at the bound."""


def observed(p: np.ndarray, weights: np.ndarray | None = None) -> np.ndarray:
    """Observed agreement Σ_ij w_ij p_ij of a table of proportions of shape (..., q, q), at most 1 (agreement
    weights lie in [0, 1], so that a sum of shares of fractional counts that rounds above 1 is 1: a coefficient of
    weights that are all 1 is then exactly 1, not 1 + 64 ulp)."""
    if weights is None:
        return np.minimum(np.trace(p, axis1=-2, axis2=-1), 1.0)
    return np.minimum((weights * p).sum(axis=(-2, -1)), 1.0)


def cohen(rows: np.ndarray, cols: np.ndarray, weights: np.ndarray | None = None) -> np.ndarray:
    """Cohen's chance agreement Σ_ij w_ij p_i· p_·j of the two margins (each of shape (..., q))."""
    if weights is None:
        return (rows * cols).sum(axis=-1)
    return np.einsum("...i,ij,...j->...", rows, weights, cols)


def scaled(n) -> tuple[np.ndarray, np.ndarray]:
    """The power of two s with N/s in [1/2, 1) (1 where N is 0 or not finite) and N/s: counts divided by s are
    the same numbers but for the exponent (the division is exact), and their products stay within the range of
    floats however small or large the counts are."""
    _, exponent = np.frexp(n)
    s = np.asarray(np.ldexp(1.0, exponent))
    return s, n / s


def _weighted_sum(weights: np.ndarray, terms: np.ndarray) -> np.ndarray:
    """Σ_ij w_ij t_ij of terms of shape (..., q, q), in one order whatever the terms."""
    return (weights * terms).sum(axis=(-2, -1))


def cohen_of_counts(rows, cols, n, weights: np.ndarray | None = None) -> np.ndarray:
    """Cohen's chance agreement Σ_ij w_ij n_i· n_·j / N² of the two margins' counts (each of shape (..., q)) and
    their total N (shape (...)), with one division at the end.

    The counts are first divided by the power of two nearest above N (exactly: only their exponents change), so
    that the products neither underflow nor overflow. With integer counts (N² < 2⁵³) this Pe and the observed
    agreement of :func:`observed_of_counts` are then correctly rounded quotients: at independence
    (n_ij·N = n_i·n_·j) they are the same number and a chance-corrected coefficient is exactly 0.

    Examples
    --------
    >>> import numpy as np
    >>> rows, cols = np.array([3.0, 9.0]), np.array([8.0, 4.0])  # the margins of [[2, 1], [6, 3]]
    >>> float(cohen_of_counts(rows, cols, 12.0)) == float(observed_of_counts(np.array([[2.0, 1], [6, 3]]), 12.0))
    True
    """
    n = np.asarray(n, dtype=float)
    s, total = scaled(n)
    rows, cols = rows / s[..., None], cols / s[..., None]
    if weights is None:
        products = (rows * cols).sum(axis=-1)
    else:
        products = _weighted_sum(weights, rows[..., :, None] * cols[..., None, :])
    return divide(products, total * total)


def observed_of_counts(table, n, weights: np.ndarray | None = None) -> np.ndarray:
    """Observed agreement Σ_ij w_ij n_ij / N of a q×q table of counts (shape (..., q, q)) and its total N, at most
    1 (as :func:`observed`), with one division at the end: the diagonal's total over N without weights, with
    them Σ_ij w_ij (n_ij·N) / N², the terms of :func:`cohen_of_counts` at independence summed in the same order."""
    n = np.asarray(n, dtype=float)
    if weights is None:
        return np.minimum(divide(np.trace(table, axis1=-2, axis2=-1), n), 1.0)
    s, total = scaled(n)
    terms = (table / s[..., None, None]) * total[..., None, None]
    return np.minimum(divide(_weighted_sum(weights, terms), total * total), 1.0)


def gwet_of_counts(pooled, total) -> np.ndarray:
    """Gwet's chance agreement without weights, Σ_k π_k (1 − π_k)/(q − 1), of the pooled counts s_k (shape
    (..., q)) and their total T (2N for two raters): Σ_k s_k (T − s_k) / (T² (q − 1)), one division at the end
    (as :func:`cohen_of_counts`)."""
    total = np.asarray(total, dtype=float)
    s, t = scaled(total)
    pooled = pooled / s[..., None]
    return divide((pooled * (t[..., None] - pooled)).sum(axis=-1), t * t * (pooled.shape[-1] - 1))


def scott(pi: np.ndarray, weights: np.ndarray | None = None) -> np.ndarray:
    """Scott's and Fleiss' chance agreement Σ_kl w_kl π_k π_l of the pooled shares π (shape (..., q))."""
    return cohen(pi, pi, weights)


def gwet(pi: np.ndarray, weights: np.ndarray | None = None) -> np.ndarray:
    """Gwet's chance agreement (Σ_kl w_kl / (q(q − 1))) · Σ_k π_k (1 − π_k) of the pooled shares π (AC1; AC2
    with weights)."""
    q = pi.shape[-1]
    total = q if weights is None else weights.sum()
    return divide(total, q * (q - 1)) * (pi * (1 - pi)).sum(axis=-1)


def chance_corrected(po, pe) -> np.ndarray:
    """(Po − Pe)/(1 − Pe), NaN where Pe = 1 within round-off (:data:`ROUNDING`).

    Examples
    --------
    >>> import numpy as np
    >>> float(chance_corrected(0.75, 0.5)), bool(np.isnan(chance_corrected(1.0, 1 + 2**-52)))
    (0.5, True)
    """
    po, pe = np.asarray(po, dtype=float), np.asarray(pe, dtype=float)
    if po.ndim == 0 and pe.ndim == 0:  # one coefficient: in Python floats (the same IEEE arithmetic)
        chance = float(pe)
        if abs(1 - chance) <= ROUNDING * max(1.0, abs(chance)):
            chance = 1.0
        return divide(float(po) - chance, 1 - chance)
    chance = np.where(np.abs(1 - pe) <= ROUNDING * np.maximum(1.0, np.abs(pe)), 1.0, pe)
    return divide(po - chance, 1 - chance)


def within_range(values, bounds: tuple[float, float]) -> np.ndarray:
    """``values`` with those within round-off (:data:`ROUNDING`) outside a finite bound put at the bound.

    A value clearly outside stays as it is: it would mean that the declared range is wrong.

    Examples
    --------
    >>> float(within_range(1.0000000000000002, (0.0, 1.0))), float(within_range(1.5, (0.0, 1.0)))
    (1.0, 1.5)
    """
    values = np.asarray(values, dtype=float)
    if values.ndim == 0:  # one value: compared as a Python float
        value, low, high = float(values), float(bounds[0]), float(bounds[1])
        for bound, outside in ((low, value < low), (high, value > high)):
            if outside and math.isfinite(bound) and abs(value - bound) <= ROUNDING * max(1.0, abs(bound)):
                return np.asarray(bound)
        return values
    low, high = values < bounds[0], values > bounds[1]
    if not (low | high).any():  # the common case, checked once
        return values
    for bound, outside in ((bounds[0], low), (bounds[1], high)):
        if np.isfinite(bound) and outside.any():
            near = outside & (np.abs(values - bound) <= ROUNDING * max(1.0, abs(bound)))
            values = np.where(near, bound, values)
    return values
