"""Kappa of several raters by Donner and Eliasziw's goodness-of-fit approach: subjects for a test of κ = κ0 or
for an interval of kappa, the power of a given number, the kappa it detects and the lower limit it expects
(R's kappaSize: ``PowerBinary``, ``Power3Cats`` to ``Power5Cats``, ``CIBinary``, ``CI3Cats`` to ``CI5Cats``,
``FixedNBinary``, ``FixedN3Cats`` to ``FixedN5Cats``).

Each subject is rated by m raters. Under the common-correlation model with kappa κ and category proportions p,
a subject's ratings fall into a few outcomes whose probabilities are functions of κ:

- two categories (binary ratings, proportion p positive): the number k = 0, ..., m of positive ratings, with
  P_k(κ) = (1 − κ) C(m, k) p^k (1 − p)^(m−k) + κ [(1 − p) if k = 0; p if k = m] (Donner and Eliasziw 1992 for
  m = 2; Altaye, Donner and Klar 2001 for more raters);
- three or more categories: all m raters choosing category j (j = 1, ..., K), with the Dirichlet-multinomial
  P_j(κ) = p_j ∏_{i=1}^{m−1} (p_j (1 − κ) + i κ) / (1 + (i − 1) κ), or the raters not all agreeing,
  P_0 = 1 − Σ_j P_j (Bartfay and Donner 2001; Rotondi and Donner 2012).

The goodness-of-fit statistic of the outcomes' counts against their probabilities at κ0 is, under κ1, a
non-central χ² on 1 degree of freedom with non-centrality N·S, S = Σ (P(κ1) − P(κ0))² / P(κ0). A test at level
α (χ²₁ > χ²₁,₁₋α, a two-sided test of κ) has the given power when N·S reaches the non-centrality λ with
P(χ²₁(λ) ≤ χ²₁,₁₋α) = 1 − power. An interval is planned the same way with the statistic of κ0 against the
interval's limit: N·Σ (P(κ0) − P(κL))² / P(κL) must reach the critical value of the interval.

Examples
--------
>>> from pandas_agree.plan import raters_kappa_n
>>> raters_kappa_n(0.6, 0.4, 0.3)
191
"""

from __future__ import annotations

import math
import warnings
from math import comb

import numpy as np

from .checks import count, number, power_above_alpha, probability, proportions
from .results import PlannedValue, SampleSize

__all__ = ["DONNER_ELIASZIW", "ROTONDI_DONNER", "outcome_probabilities", "raters_kappa_detectable",
           "raters_kappa_interval_n", "raters_kappa_lower_limit", "raters_kappa_n", "raters_kappa_power"]

DONNER_ELIASZIW = ("Donner, A. and Eliasziw, M. (1992). A goodness-of-fit approach to inference procedures for the "
                   "kappa statistic: confidence interval construction, significance-testing and sample size "
                   "estimation. Statistics in Medicine 11, 1511-1519; Altaye, M., Donner, A. and Klar, N. (2001). "
                   "Biometrics 57, 584-588")
ROTONDI_DONNER = ("Rotondi, M. A. and Donner, A. (2012). A confidence interval approach to sample size estimation "
                  "for interobserver agreement studies with multiple raters and outcomes. Journal of Clinical "
                  "Epidemiology 65, 778-784")
CATEGORIES = range(2, 6)
RATERS = range(2, 7)
TEST = "goodness-of-fit test of kappa (non-central chi-square, 1 df)"
INTERVAL = "goodness-of-fit interval of kappa"


def outcome_probabilities(kappa: float, props: tuple[float, ...], raters: int) -> np.ndarray:
    """The probabilities of a subject's outcomes under the common-correlation model (see the module's text): for
    two categories, of 0, 1, ..., m positive ratings; for more, of the m raters all choosing category 1, ..., K,
    and last of their not all agreeing.

    Examples
    --------
    >>> from pandas_agree.plan.raters import outcome_probabilities
    >>> outcome_probabilities(0.5, (0.3, 0.7), 2).round(4).tolist()
    [0.595, 0.21, 0.195]
    >>> outcome_probabilities(0.4, (0.3, 0.2, 0.5), 3).round(4).tolist()
    [0.1218, 0.0683, 0.275, 0.5349]
    """
    if len(props) == 2:
        p = props[0]
        k = np.arange(raters + 1)
        binomial = np.array([comb(raters, int(j)) for j in k]) * p ** k * (1 - p) ** (raters - k)
        ends = np.zeros(raters + 1)
        ends[0], ends[-1] = 1 - p, p
        return (1 - kappa) * binomial + kappa * ends
    p = np.asarray(props, dtype=float)
    unanimous = p.copy()
    for i in range(1, raters):
        unanimous *= (p * (1 - kappa) + i * kappa) / (1 + (i - 1) * kappa)
    return np.append(unanimous, 1 - unanimous.sum())


def _statistic(kappa: float, reference: float, props: tuple[float, ...], raters: int) -> float:
    """S: the goodness-of-fit statistic of one subject, Σ (P(kappa) − P(reference))² / P(reference)."""
    at, ref = outcome_probabilities(kappa, props, raters), outcome_probabilities(reference, props, raters)
    return float(np.sum((at - ref) ** 2 / ref))


def _check_design(props, raters) -> tuple[tuple[float, ...], int]:
    props = proportions("proportions", props, categories=CATEGORIES)
    raters = count("raters", raters, minimum=2)
    if raters not in RATERS:
        raise ValueError(f"raters must be between {RATERS[0]} and {RATERS[-1]}; got {raters}")
    return props, raters


def _kappa(name: str, value) -> float:
    value = number(name, value)
    if not 0.0 <= value < 1.0:
        raise ValueError(f"{name} must lie in [0, 1), the kappas of the common-correlation model; got {value:g}")
    return value


def _critical(level: float) -> float:
    """The upper ``level`` point of χ²₁ (the square of the normal's upper level/2 point)."""
    from ..inference.distributions import normal_ppf

    return float(normal_ppf(1 - level / 2)) ** 2


def _noncentrality(alpha: float, power: float) -> float:
    """λ with P(χ²₁(λ) ≤ χ²₁,₁₋α) = 1 − power."""
    from scipy import special

    return float(special.chndtrinc(_critical(alpha), 1, 1 - power))


def _method(props: tuple[float, ...], raters: int, what: str) -> str:
    kind = "binary ratings" if len(props) == 2 else f"{len(props)} categories"
    return f"{what}, {raters} raters, {kind}"


def raters_kappa_n(kappa1: float, kappa0: float, proportions: float | list[float], *, raters: int = 2,
                   alpha: float = 0.05, power: float = 0.8) -> SampleSize:
    """The number of subjects for a test of κ = κ0 against κ = κ1 with 2–6 raters and 2–5 categories, by Donner
    and Eliasziw's goodness-of-fit approach (kappaSize's ``PowerBinary``, ``Power3Cats``, ``Power4Cats``,
    ``Power5Cats``).

    Parameters
    ----------
    kappa1 : float
        The kappa expected in the study, in [0, 1).
    kappa0 : float
        The kappa of the null hypothesis, in [0, 1), other than ``kappa1``.
    proportions : float or sequence of float
        The expected proportion of each category: for binary ratings one number (the proportion of positive
        ratings) or two; for 3–5 categories, one for each, summing to 1.
    raters : int, default 2
        The number of raters who rate each subject, 2 to 6.
    alpha : float, default 0.05
        The level of the test (χ² on 1 degree of freedom, a two-sided test of kappa).
    power : float, default 0.8
        The power wanted at ``kappa1``, greater than ``alpha``.

    Returns
    -------
    SampleSize
        An ``int``, rounded up (kappaSize prints ``ceiling(N)``); ``.exact`` is N before rounding.

    Notes
    -----
    N = λ / Σ (P(κ1) − P(κ0))² / P(κ0), with λ the non-centrality at which χ²₁(λ) exceeds its 1 − α point with
    probability ``power``. kappaSize finds λ by bisection to 10⁻⁵ in the probability; here it is SciPy's
    ``chndtrinc``, so that N agrees with kappaSize's to about 10⁻⁴ and its ceiling is the same.

    References
    ----------
    Donner, A. and Eliasziw, M. (1992). Statistics in Medicine 11, 1511-1519. Altaye, M., Donner, A. and Klar, N.
    (2001). Biometrics 57, 584-588. Rotondi, M. A. and Donner, A. (2012). Journal of Clinical Epidemiology 65,
    778-784.

    Examples
    --------
    kappaSize's examples, ``PowerBinary(kappa0=0.4, kappa1=0.6, props=0.30)`` and ``Power3Cats(kappa0=0.4,
    kappa1=0.6, props=c(0.30, 0.60, 0.10))``:

    >>> from pandas_agree.plan import raters_kappa_n
    >>> raters_kappa_n(0.6, 0.4, 0.30)
    191
    >>> raters_kappa_n(0.6, 0.4, [0.30, 0.60, 0.10])
    135
    >>> raters_kappa_n(0.6, 0.4, 0.30, raters=4)
    81
    """
    props, raters = _check_design(proportions, raters)
    kappa1, kappa0 = _kappa("kappa1", kappa1), _kappa("kappa0", kappa0)
    if kappa1 == kappa0:
        raise ValueError(f"kappa1 must differ from kappa0; both are {kappa0:g}")
    power, alpha = power_above_alpha(power, alpha)
    exact = _noncentrality(alpha, power) / _statistic(kappa1, kappa0, props, raters)
    return SampleSize(exact, method=_method(props, raters, TEST), reference=DONNER_ELIASZIW)


def _power(n: float, kappa1: float, kappa0: float, props, raters: int, alpha: float) -> float:
    from scipy import special

    return 1.0 - float(special.chndtr(_critical(alpha), 1, n * _statistic(kappa1, kappa0, props, raters)))


def raters_kappa_power(n: int, kappa1: float, kappa0: float, proportions: float | list[float], *, raters: int = 2,
                       alpha: float = 0.05) -> PlannedValue:
    """The power of Donner and Eliasziw's goodness-of-fit test of κ = κ0 with ``n`` subjects when kappa is
    ``kappa1``: P(χ²₁(n·S) > χ²₁,₁₋α).

    Parameters
    ----------
    n : int
        The number of subjects.
    kappa1, kappa0, proportions, raters, alpha
        As in :func:`raters_kappa_n`.

    Returns
    -------
    PlannedValue
        A ``float``, the power.

    References
    ----------
    Donner, A. and Eliasziw, M. (1992). Statistics in Medicine 11, 1511-1519.

    Examples
    --------
    >>> from pandas_agree.plan import raters_kappa_power
    >>> round(float(raters_kappa_power(191, 0.6, 0.4, 0.30)), 4)
    0.8011
    """
    n = count("n", n)
    props, raters = _check_design(proportions, raters)
    kappa1, kappa0 = _kappa("kappa1", kappa1), _kappa("kappa0", kappa0)
    alpha = probability("alpha", alpha)
    return PlannedValue(_power(n, kappa1, kappa0, props, raters, alpha),
                        method="power of the " + _method(props, raters, TEST), reference=DONNER_ELIASZIW)


def raters_kappa_detectable(n: int, kappa0: float, proportions: float | list[float], *, raters: int = 2,
                            alpha: float = 0.05, power: float = 0.8) -> PlannedValue:
    """The smallest kappa above κ0 that ``n`` subjects detect with the given power by Donner and Eliasziw's
    goodness-of-fit test.

    Parameters
    ----------
    n : int
        The number of subjects.
    kappa0, proportions, raters, alpha, power
        As in :func:`raters_kappa_n`.

    Returns
    -------
    PlannedValue
        A ``float``, the kappa; NaN with a warning when no kappa below 1 is detected with that power.

    References
    ----------
    Donner, A. and Eliasziw, M. (1992). Statistics in Medicine 11, 1511-1519.

    Examples
    --------
    >>> from pandas_agree.plan import raters_kappa_detectable, raters_kappa_n
    >>> k = raters_kappa_detectable(191, 0.4, 0.30)
    >>> round(float(k), 4)
    0.5997
    >>> round(raters_kappa_n(float(k), 0.4, 0.30).exact, 6)  # the other way round: 191 subjects
    191.0
    """
    n = count("n", n)
    props, raters = _check_design(proportions, raters)
    kappa0 = _kappa("kappa0", kappa0)
    power, alpha = power_above_alpha(power, alpha)
    target = _noncentrality(alpha, power) / n
    method = "kappa detected by the " + _method(props, raters, TEST)
    top = 1 - 1e-9
    if _statistic(top, kappa0, props, raters) < target:
        warnings.warn(f"with n={n}, no kappa below 1 is detected with power {power:g} against kappa0={kappa0:g}; "
                      "the result is NaN", UserWarning, stacklevel=2)
        return PlannedValue(math.nan, method=method, reference=DONNER_ELIASZIW)
    from scipy.optimize import brentq

    kappa = brentq(lambda k: _statistic(k, kappa0, props, raters) - target, kappa0, top, xtol=1e-12, rtol=1e-12)
    return PlannedValue(kappa, method=method, reference=DONNER_ELIASZIW)


def raters_kappa_interval_n(kappa0: float, lower: float, proportions: float | list[float], *,
                            upper: float | None = None, raters: int = 2,
                            confidence_level: float = 0.95) -> SampleSize:
    """The number of subjects for an interval of kappa whose limits, when kappa is ``kappa0``, are expected to be
    no further than ``lower`` (and ``upper``), by the goodness-of-fit approach (kappaSize's ``CIBinary``,
    ``CI3Cats``, ``CI4Cats``, ``CI5Cats``).

    Parameters
    ----------
    kappa0 : float
        The kappa expected in the study, in (0, 1).
    lower : float
        The lowest acceptable lower limit, below ``kappa0`` (in [0, kappa0)).
    upper : float, optional
        The highest acceptable upper limit, above ``kappa0``. Without it, the interval is one-sided (a lower
        bound at ``confidence_level``); with it, two-sided.
    proportions, raters
        As in :func:`raters_kappa_n`.
    confidence_level : float, default 0.95
        The interval's confidence level; kappaSize's ``alpha`` is 1 − ``confidence_level``.

    Returns
    -------
    SampleSize
        An ``int``: the smallest N with N·Σ (P(κ0) − P(κL))² / P(κL) at least the critical value χ²₁,₁₋₂α of a
        one-sided, χ²₁,₁₋α of a two-sided interval (and the same at κU).

    Notes
    -----
    kappaSize counts N up from 11 until the statistic, less 0.001, reaches the critical value; the answers agree
    except where N·S lies within 0.001 of it, or below 11.

    References
    ----------
    Rotondi, M. A. and Donner, A. (2012). Journal of Clinical Epidemiology 65, 778-784. Donner, A. and Rotondi,
    M. A. (2010). International Journal of Biostatistics 6, 31.

    Examples
    --------
    kappaSize's examples, ``CIBinary(kappa0=0.4, kappaL=0.3, kappaU=0.5, props=0.30)`` and ``CI3Cats(kappa0=0.4,
    kappaL=0.3, kappaU=0.6, props=c(0.30, 0.2, 0.5), raters=3)``:

    >>> from pandas_agree.plan import raters_kappa_interval_n
    >>> raters_kappa_interval_n(0.4, 0.3, 0.30, upper=0.5)
    397
    >>> raters_kappa_interval_n(0.4, 0.3, [0.30, 0.2, 0.5], upper=0.6, raters=3)
    125
    """
    props, raters = _check_design(proportions, raters)
    kappa0, lower = _kappa("kappa0", kappa0), _kappa("lower", lower)
    level = probability("confidence_level", confidence_level)
    if not lower < kappa0:
        raise ValueError(f"lower must be below kappa0={kappa0:g}; got {lower:g}")
    limits = [lower]
    if upper is not None:
        upper = _kappa("upper", upper)
        if not upper > kappa0:
            raise ValueError(f"upper must be above kappa0={kappa0:g}; got {upper:g}")
        limits.append(upper)
    critical = _critical(1 - level) if upper is not None else _critical(2 * (1 - level))
    exact = max(critical / _statistic(kappa0, limit, props, raters) for limit in limits)
    sided = "two-sided" if upper is not None else "one-sided"
    return SampleSize(exact, method=_method(props, raters, f"{sided} {INTERVAL}"), reference=ROTONDI_DONNER)


def raters_kappa_lower_limit(n: int, kappa0: float, proportions: float | list[float], *, raters: int = 2,
                             confidence_level: float = 0.95) -> PlannedValue:
    """The lower confidence limit of kappa that ``n`` subjects are expected to give when kappa is ``kappa0``
    (kappaSize's ``FixedNBinary``, ``FixedN3Cats``, ...): the κL below κ0 with n·Σ (P(κ0) − P(κL))² / P(κL)
    equal to χ²₁,₁₋₂α, the critical value of a one-sided interval at ``confidence_level``.

    Parameters
    ----------
    n : int
        The number of subjects.
    kappa0, proportions, raters, confidence_level
        As in :func:`raters_kappa_interval_n`.

    Returns
    -------
    PlannedValue
        A ``float``, the limit; NaN with a warning when it would fall below 0 (the model has no kappa there).

    Notes
    -----
    kappaSize steps κL down from κ0 by 0.001 until the statistic reaches the critical value, so its answer is
    this limit rounded down to a multiple of 0.001 below κ0.

    References
    ----------
    Rotondi, M. A. and Donner, A. (2012). Journal of Clinical Epidemiology 65, 778-784.

    Examples
    --------
    kappaSize's example ``FixedNBinary(kappa0=0.7, n=100, props=0.50, raters=4)``:

    >>> from pandas_agree.plan import raters_kappa_lower_limit
    >>> round(float(raters_kappa_lower_limit(100, 0.7, 0.5, raters=4)), 4)
    0.6109
    """
    n = count("n", n)
    props, raters = _check_design(proportions, raters)
    kappa0 = _kappa("kappa0", kappa0)
    level = probability("confidence_level", confidence_level)
    target = _critical(2 * (1 - level)) / n
    method = _method(props, raters, f"expected lower limit of the one-sided {INTERVAL}")
    if kappa0 == 0.0 or _statistic(kappa0, 0.0, props, raters) < target:
        warnings.warn(f"with n={n}, the expected lower limit falls below 0; the result is NaN", UserWarning,
                      stacklevel=2)
        return PlannedValue(math.nan, method=method, reference=ROTONDI_DONNER)
    from scipy.optimize import brentq

    kappa = brentq(lambda k: _statistic(kappa0, k, props, raters) - target, 0.0, kappa0, xtol=1e-12, rtol=1e-12)
    return PlannedValue(kappa, method=method, reference=ROTONDI_DONNER)
