"""The tails and quantiles of the normal, Student t, χ² and beta distributions behind every test and interval.

They are the functions of ``scipy.special`` that ``scipy.stats``' distributions call, without the distribution
objects' checks of their arguments (which cost more than the function itself on one value), and with
``scipy.stats``' conventions at the edges: NaN for a NaN argument and for degrees of freedom or beta shapes that
are not positive, a χ² tail of 1 below 0, the normal limit of Student's t on infinitely many degrees of freedom,
and a quantile's ends (the support's bounds) at 0 and 1. The first call imports ``scipy.special`` only, never
``scipy.stats`` (which imports scipy.optimize, scipy.linalg and more, nearly a second on a cold start).
Scalars give NumPy scalars and arrays give arrays, broadcast together. SciPy is imported on the first call, so
that importing the package does not load it.

Examples
--------
>>> from pandas_agree.inference.distributions import chi2_sf, critical_value, two_sided_p
>>> round(float(critical_value(0.95)), 6)
1.959964
>>> round(float(two_sided_p(1.959964)), 6)
0.05
>>> round(float(chi2_sf(3.841459, 1)), 6), float(chi2_sf(-1.0, 1)), float(chi2_sf(1.0, 0))
(0.05, 1.0, nan)
>>> from pandas_agree.inference.distributions import beta_isf, beta_ppf
>>> round(float(beta_ppf(0.025, 3, 8)), 6), round(float(beta_isf(0.025, 4, 7)), 6)
(0.06674, 0.652453)
"""

from __future__ import annotations

import numpy as np

__all__ = ["beta_isf", "beta_ppf", "binomial_cdf", "chi2_sf", "critical_value", "f_sf", "normal_cdf",
           "normal_ppf", "normal_sf", "t_ppf", "t_sf", "two_sided_p"]


def _degrees(df) -> np.ndarray:
    """Degrees of freedom as floats, NaN where they are not positive (no distribution has them)."""
    df = np.asarray(df, dtype=float)
    return np.where(df > 0, df, np.nan)


def normal_sf(z):
    """P(Z > z) of the standard normal (``scipy.stats.norm.sf``)."""
    from scipy import special

    return special.ndtr(-np.asarray(z, dtype=float))[()]


def normal_cdf(z):
    """P(Z ≤ z) of the standard normal (``scipy.stats.norm.cdf``)."""
    from scipy import special

    return special.ndtr(np.asarray(z, dtype=float))[()]


def normal_ppf(q):
    """The q-quantile of the standard normal (``scipy.stats.norm.ppf``); NaN outside [0, 1]."""
    from scipy import special

    return special.ndtri(np.asarray(q, dtype=float))[()]


def t_sf(t, df):
    """P(T > t) of Student's t on ``df`` degrees of freedom (``scipy.stats.t.sf``); the normal tail where df is
    infinite."""
    from scipy import special

    t, df = np.broadcast_arrays(np.asarray(t, dtype=float), _degrees(df))
    with np.errstate(invalid="ignore"):
        return np.where(np.isposinf(df), special.ndtr(-t), special.stdtr(df, -t))[()]


def t_ppf(q, df):
    """The q-quantile of Student's t on ``df`` degrees of freedom (``scipy.stats.t.ppf``); the normal one where
    df is infinite."""
    from scipy import special

    q, df = np.broadcast_arrays(np.asarray(q, dtype=float), _degrees(df))
    with np.errstate(invalid="ignore"):
        quantile = np.where(np.isposinf(df), special.ndtri(q), special.stdtrit(df, q))
    # the ends, where stdtrit's answer has changed between SciPy's versions (NaN, or +inf at 0)
    ends = np.where(q == 0, -np.inf, np.where(q == 1, np.inf, quantile))
    return np.where(np.isnan(df), np.nan, ends)[()]


def chi2_sf(statistic, df):
    """P(χ²_df > statistic) (``scipy.stats.chi2.sf``): 1 below 0, NaN where df is not positive."""
    from scipy import special

    statistic, df = np.broadcast_arrays(np.asarray(statistic, dtype=float), _degrees(df))
    with np.errstate(invalid="ignore"):
        tail = special.chdtrc(df, np.maximum(statistic, 0.0))
    return np.where(np.isnan(df), np.nan, tail)[()]  # SciPy 1.11's chdtrc gives 1 at 0 whatever df


def f_sf(statistic, df1, df2):
    """P(F_{df1, df2} > statistic) (``scipy.stats.f.sf``; the degrees of freedom need not be whole numbers): 1 below
    0, NaN where either df is not positive."""
    from scipy import special

    statistic, df1, df2 = np.broadcast_arrays(np.asarray(statistic, dtype=float), _degrees(df1), _degrees(df2))
    with np.errstate(invalid="ignore"):
        tail = special.fdtrc(df1, df2, np.maximum(statistic, 0.0))
    return np.where(np.isnan(df1) | np.isnan(df2), np.nan, np.where(statistic <= 0, 1.0, tail))[()]


def _beta_quantile(function, q, a, b, at_zero: float):
    """``function(a, b, q)`` (a quantile of the beta distribution) with scipy.stats' conventions: NaN where a shape
    is not positive or an argument is NaN or q lies outside [0, 1]; ``at_zero`` at q = 0 and 1 − ``at_zero`` at
    q = 1 (the bounds of the support), whatever the special function answers there. Inside (0, 1) with both shapes
    infinite (no limit distribution) NaN, as SciPy from 1.16 answers: SciPy 1.15's special functions answer inf, a
    quantile outside the support, and its scipy.stats raises an OverflowError."""
    q, a, b = np.broadcast_arrays(np.asarray(q, dtype=float), np.asarray(a, dtype=float), np.asarray(b, dtype=float))
    valid = (a > 0) & (b > 0) & (q >= 0) & (q <= 1)  # False where any of them is NaN
    both_infinite = np.isinf(a) & np.isinf(b)
    with np.errstate(invalid="ignore"):
        inside = function(np.where(valid & ~both_infinite, a, 1.0), np.where(valid & ~both_infinite, b, 1.0),
                          np.where(valid, q, 0.5))
    inside = np.where(both_infinite, np.nan, inside)
    quantile = np.where(q == 0, at_zero, np.where(q == 1, 1.0 - at_zero, inside))
    return np.where(valid, quantile, np.nan)[()]


def _boost_beta_quantiles() -> tuple | None:
    """``scipy.special``'s (betaincinv, betainccinv), or None on SciPy before 1.12, which has no betainccinv and
    whose betaincinv (Cephes') is up to 3·10⁻¹² from scipy.stats' Boost quantiles."""
    from scipy import special

    inverse = getattr(special, "betainccinv", None)
    return None if inverse is None else (special.betaincinv, inverse)


def beta_ppf(q, a, b):
    """The q-quantile of the beta distribution with shapes ``a`` and ``b`` (``scipy.stats.beta.ppf``): the x with
    I_x(a, b) = q (``scipy.special.betaincinv``); 0 at q = 0, 1 at q = 1, NaN where a or b is not positive.
    On SciPy before 1.12, scipy.stats' own (see :func:`_boost_beta_quantiles`)."""
    functions = _boost_beta_quantiles()
    if functions is None:
        from scipy import stats

        return _beta_quantile(lambda a, b, q: stats.beta.ppf(q, a, b), q, a, b, 0.0)
    return _beta_quantile(functions[0], q, a, b, 0.0)


def beta_isf(q, a, b):
    """The upper q-quantile of the beta distribution with shapes ``a`` and ``b`` (``scipy.stats.beta.isf``): the x
    with 1 − I_x(a, b) = q (``scipy.special.betainccinv``, exact where q is small, as 1 − q would not be); 1 at
    q = 0, 0 at q = 1, NaN where a or b is not positive. On SciPy before 1.12, scipy.stats' own."""
    functions = _boost_beta_quantiles()
    if functions is None:
        from scipy import stats

        return _beta_quantile(lambda a, b, q: stats.beta.isf(q, a, b), q, a, b, 1.0)
    return _beta_quantile(functions[1], q, a, b, 1.0)


def binomial_cdf(k, n, p):
    """P(X ≤ k) of the binomial distribution of ``n`` trials with success probability ``p``
    (``scipy.stats.binom.cdf``): 1 − I_p(⌊k⌋ + 1, n − ⌊k⌋), the complemented incomplete beta function
    (``scipy.special.betaincc``, within an ulp or two of the exact sum where scipy.stats' value can be 10⁻¹³
    off); 0 below 0 and 1 from n on; NaN where n is not a non-negative integer, p lies outside [0, 1] or an
    argument is NaN. SciPy before 1.12 has no betaincc: there it is I_{1−p}(n − ⌊k⌋, ⌊k⌋ + 1) where every p is
    at least ½ (1 − p is then exact; McNemar's p = ½), and scipy.stats' own otherwise.

    Examples
    --------
    >>> from pandas_agree.inference.distributions import binomial_cdf
    >>> round(float(binomial_cdf(3, 12, 0.5)) * 4096, 9)  # (1 + 12 + 66 + 220) / 2¹²
    299.0
    """
    from scipy import special

    k, n, p = np.broadcast_arrays(np.floor(np.asarray(k, dtype=float)), np.asarray(n, dtype=float),
                                  np.asarray(p, dtype=float))
    valid = (n >= 0) & (n == np.floor(n)) & (p >= 0) & (p <= 1) & ~np.isnan(k)
    inside = (k >= 0) & (k < n) & valid
    k1, rest, q = np.where(inside, k + 1, 1.0), np.where(inside, n - k, 1.0), np.where(inside, p, 0.5)
    with np.errstate(invalid="ignore"):
        if hasattr(special, "betaincc"):
            tail = special.betaincc(k1, rest, q)
        elif np.all(q >= 0.5):
            tail = special.betainc(rest, k1, 1 - q)
        else:
            from scipy import stats

            return np.asarray(stats.binom.cdf(k, n, p), dtype=float)[()]
    cdf = np.where(k < 0, 0.0, np.where(k >= n, 1.0, tail))
    return np.where(valid, cdf, np.nan)[()]


def two_sided_p(statistic, df=None):
    """The two-sided p-value of a z statistic (``df`` None) or of a t statistic on ``df`` degrees of freedom:
    P(|Z| > |statistic|), NaN where the statistic is NaN."""
    magnitude = np.abs(np.asarray(statistic, dtype=float))
    return (2 * (normal_sf(magnitude) if df is None else t_sf(magnitude, df)))[()]


def critical_value(confidence_level, df=None):
    """The critical value of a two-sided interval at ``confidence_level``: the normal one (``df`` None), or
    Student's t on ``df`` degrees of freedom. Computed from the upper tail, as ``scipy.stats.norm.isf(α / 2)``
    (and statsmodels) compute it, where the quantile is most precise."""
    half_alpha = (1 - np.asarray(confidence_level, dtype=float)) / 2
    return -(normal_ppf(half_alpha) if df is None else t_ppf(half_alpha, df))
