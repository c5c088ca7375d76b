"""Cohen's kappa of two raters and a binary rating: the number of subjects for a test of κ = κ0, the power of a
given number, and the smallest kappa it detects (Cantor 1996; R's irr ``N.cohen.kappa``).

Both raters' proportions of positive ratings are fixed (``rate1``, ``rate2``); kappa then fixes the 2×2 table of
the two raters. The test is the normal test of kappa with the Fleiss–Cohen–Everitt large-sample variance, taken
at κ0 under the null hypothesis and at κ1 under the alternative (Cantor 1996, eq. 2):

    N = ((z_{1−α/d} √Q(κ0) + z_{power} √Q(κ1)) / (κ1 − κ0))²,  d = 1 one-sided, 2 two-sided,

rounded up. This is irr's ``N.cohen.kappa(rate1, rate2, k1, k0, alpha, power, twosided)``, digit for digit.

Examples
--------
>>> from pandas_agree.plan import cohen_kappa_n, cohen_kappa_power
>>> n = cohen_kappa_n(0.5, 0.5, kappa1=0.6, kappa0=0.4)
>>> n
119
>>> round(float(cohen_kappa_power(n, 0.5, 0.5, kappa1=0.6, kappa0=0.4)), 3)
0.8
"""

from __future__ import annotations

import math
import warnings

from ..inference.distributions import normal_cdf, normal_sf
from .checks import alternative_sides, count, number, power_above_alpha, probability
from .results import PlannedValue, SampleSize

__all__ = ["CANTOR", "cohen_kappa_detectable", "cohen_kappa_n", "cohen_kappa_power", "kappa_range"]

CANTOR = "Cantor, A. B. (1996). Sample-size calculations for Cohen's kappa. Psychological Methods 1(2), 150-153"
METHOD = "normal test of Cohen's kappa, Fleiss-Cohen-Everitt variance under H0 and H1"


def kappa_range(rate1: float, rate2: float) -> tuple[float, float]:
    """The kappas two raters with these proportions of positive ratings can reach: from the table with the fewest
    agreements to the one with the most.

    Examples
    --------
    >>> from pandas_agree.plan.kappa import kappa_range
    >>> kappa_range(0.5, 0.5)
    (-1.0, 1.0)
    >>> [round(k, 4) for k in kappa_range(0.3, 0.5)]
    [-0.6, 0.6]
    """
    pe = rate1 * rate2 + (1 - rate1) * (1 - rate2)
    # p11 runs from max(0, r1 + r2 - 1) to min(r1, r2); the agreement p0 = 2 p11 + 1 - r1 - r2
    low = 2 * max(0.0, rate1 + rate2 - 1) + 1 - rate1 - rate2
    high = 2 * min(rate1, rate2) + 1 - rate1 - rate2
    return (low - pe) / (1 - pe), (high - pe) / (1 - pe)


def _variance(rate1: float, rate2: float, kappa: float) -> float:
    """Q: N times the large-sample variance of kappa at the 2×2 table these rates and kappa give (Fleiss, Cohen
    and Everitt 1969; the expression of irr's N.cohen.kappa)."""
    q1, q2 = 1 - rate1, 1 - rate2
    pe = rate1 * rate2 + q1 * q2
    p0 = kappa * (1 - pe) + pe
    p22 = (p0 - rate1 + q2) / 2
    p11 = p0 - p22
    p12, p21 = rate1 - p11, rate2 - p11
    return ((p11 * (1 - pe - (rate2 + rate1) * (1 - p0)) ** 2 + p22 * (1 - pe - (q2 + q1) * (1 - p0)) ** 2
             + (1 - p0) ** 2 * (p12 * (rate2 + q1) ** 2 + p21 * (q2 + rate1) ** 2)
             - (p0 * pe - 2 * pe + p0) ** 2) / (1 - pe) ** 4)


def _checked(rate1, rate2, kappa1, kappa0) -> tuple[float, float, float, float]:
    rate1, rate2 = probability("rate1", rate1), probability("rate2", rate2)
    kappa1, kappa0 = number("kappa1", kappa1), number("kappa0", kappa0)
    low, high = kappa_range(rate1, rate2)
    for name, kappa in (("kappa1", kappa1), ("kappa0", kappa0)):
        if not low - 1e-12 <= kappa <= high + 1e-12:
            raise ValueError(f"{name} must lie between {low:.6g} and {high:.6g}, the kappas two raters with "
                             f"rate1={rate1:g} and rate2={rate2:g} can reach; got {kappa:g}")
    if kappa1 == kappa0:
        raise ValueError(f"kappa1 must differ from kappa0 (the effect to detect is kappa1 - kappa0); both are "
                         f"{kappa0:g}")
    if _variance(rate1, rate2, kappa0) <= 0:
        raise ValueError(f"kappa0={kappa0:g} leaves kappa no variance with these rates (a perfect or impossible "
                         f"table); choose kappa0 inside ({low:.6g}, {high:.6g})")
    return rate1, rate2, kappa1, kappa0


def _direction(kappa1: float, kappa0: float, alternative: str) -> None:
    if (alternative == "greater" and kappa1 < kappa0) or (alternative == "less" and kappa1 > kappa0):
        other = "less" if alternative == "greater" else "greater"
        warnings.warn(f"kappa1={kappa1:g} lies on the other side of kappa0={kappa0:g} than "
                      f"alternative={alternative!r} says; as irr's N.cohen.kappa does, the one-sided test in "
                      f"kappa1's direction (alternative={other!r}) is planned", UserWarning, stacklevel=3)


def cohen_kappa_n(rate1: float, rate2: float, kappa1: float, kappa0: float, *, alpha: float = 0.05,
                  power: float = 0.8, alternative: str = "greater") -> SampleSize:
    """The number of subjects two raters must rate (binary ratings) to test H0: κ = κ0 against κ = κ1.

    Cantor's (1996) sample size of the normal test of Cohen's kappa: R's irr ``N.cohen.kappa(rate1, rate2, k1,
    k0, alpha, power, twosided)``, with ``alternative="two-sided"`` for ``twosided=TRUE``.

    Parameters
    ----------
    rate1, rate2 : float
        Each rater's expected proportion of positive ratings, strictly between 0 and 1.
    kappa1 : float
        The kappa expected in the study (the alternative hypothesis).
    kappa0 : float
        The kappa of the null hypothesis; it must differ from ``kappa1``. Both lie within the kappas the two
        rates allow (:func:`kappa_range`).
    alpha : float, default 0.05
        The level of the test.
    power : float, default 0.8
        The power wanted at ``kappa1``; greater than ``alpha``.
    alternative : {"greater", "less", "two-sided"}, default "greater"
        The alternative hypothesis: κ > κ0, κ < κ0 or κ ≠ κ0. A one-sided test is planned in the direction of
        ``kappa1`` (irr's formula uses only ``abs(κ1 − κ0)``); a warning says so when ``alternative`` points the
        other way.

    Returns
    -------
    SampleSize
        An ``int``, the number of subjects, rounded up; ``.exact`` holds the value before rounding and
        ``.method``, ``.reference`` say how it was computed.

    Notes
    -----
    N = ((z_{1−α/d} √Q0 + z_{power} √Q1) / (κ1 − κ0))², where Q0 and Q1 are N times the Fleiss–Cohen–Everitt
    variance of kappa at the tables with the given rates and kappa κ0 and κ1, and d is 1 for a one-sided and 2
    for a two-sided test. The power of a two-sided test also has the far tail, which this formula, as Cantor's
    and irr's, leaves out (it is below α/2); :func:`cohen_kappa_power` includes it.

    References
    ----------
    Cantor, A. B. (1996). Sample-size calculations for Cohen's kappa. Psychological Methods 1(2), 150-153.

    Examples
    --------
    irr's own example, ``N.cohen.kappa(0.5, 0.5, 0.7, 0.85)``, plans the test of κ = 0.85 against κ = 0.7 (irr
    reads its arguments as the kappa expected, then the null):

    >>> from pandas_agree.plan import cohen_kappa_n
    >>> cohen_kappa_n(0.5, 0.5, 0.85, 0.7)
    117
    >>> n = cohen_kappa_n(0.3, 0.4, kappa1=0.6, kappa0=0.4, alternative="two-sided")
    >>> n, round(n.exact, 3)
    (158, 157.883)
    >>> n.reference[:12]
    'Cantor, A. B'
    """
    rate1, rate2, kappa1, kappa0 = _checked(rate1, rate2, kappa1, kappa0)
    power, alpha = power_above_alpha(power, alpha)
    sides = alternative_sides(alternative)
    _direction(kappa1, kappa0, alternative)
    from ..inference.distributions import normal_ppf

    z_alpha, z_power = float(normal_ppf(1 - alpha / sides)), float(normal_ppf(power))
    exact = ((z_alpha * math.sqrt(_variance(rate1, rate2, kappa0)) + z_power
              * math.sqrt(max(_variance(rate1, rate2, kappa1), 0.0))) / (kappa1 - kappa0)) ** 2
    return SampleSize(exact, method=METHOD, reference=CANTOR)


def cohen_kappa_power(n: int, rate1: float, rate2: float, kappa1: float, kappa0: float, *, alpha: float = 0.05,
                      alternative: str = "greater") -> PlannedValue:
    """The power of Cantor's normal test of κ = κ0 with ``n`` subjects, when kappa is ``kappa1``.

    Parameters
    ----------
    n : int
        The number of subjects.
    rate1, rate2, kappa1, kappa0, alpha, alternative
        As in :func:`cohen_kappa_n`. For a one-sided alternative, the power is that of the test in the direction
        of ``kappa1``.

    Returns
    -------
    PlannedValue
        A ``float``: Φ((√n abs(κ1 − κ0) − z_{1−α/d} √Q0) / √Q1), plus, for a two-sided test, the far tail
        Φ((−√n abs(κ1 − κ0) − z_{1−α/2} √Q0) / √Q1).

    References
    ----------
    Cantor, A. B. (1996). Sample-size calculations for Cohen's kappa. Psychological Methods 1(2), 150-153.

    Examples
    --------
    >>> from pandas_agree.plan import cohen_kappa_power
    >>> round(float(cohen_kappa_power(100, 0.5, 0.5, kappa1=0.6, kappa0=0.4)), 4)
    0.7309
    """
    n = count("n", n)
    rate1, rate2, kappa1, kappa0 = _checked(rate1, rate2, kappa1, kappa0)
    alpha = probability("alpha", alpha)
    sides = alternative_sides(alternative)
    _direction(kappa1, kappa0, alternative)
    value = _power(n, rate1, rate2, kappa1, kappa0, alpha, sides)
    return PlannedValue(value, method=f"power of the {METHOD}", reference=CANTOR)


def _power(n: float, rate1: float, rate2: float, kappa1: float, kappa0: float, alpha: float, sides: int) -> float:
    from ..inference.distributions import normal_ppf

    z = float(normal_ppf(1 - alpha / sides))
    sd0, sd1 = math.sqrt(_variance(rate1, rate2, kappa0)), math.sqrt(max(_variance(rate1, rate2, kappa1), 0.0))
    shift = math.sqrt(n) * abs(kappa1 - kappa0)
    if sd1 == 0.0:  # kappa1 at the edge of its range: the estimate is kappa1 itself
        return float(shift > z * sd0)
    near = float(normal_sf((z * sd0 - shift) / sd1))
    return near + (float(normal_cdf((-shift - z * sd0) / sd1)) if sides == 2 else 0.0)


def cohen_kappa_detectable(n: int, rate1: float, rate2: float, kappa0: float, *, alpha: float = 0.05,
                           power: float = 0.8, alternative: str = "greater") -> PlannedValue:
    """The kappa that ``n`` subjects detect with the given power: the κ1 nearest κ0 at which Cantor's test of
    κ = κ0 reaches ``power``.

    Parameters
    ----------
    n : int
        The number of subjects.
    rate1, rate2, kappa0, alpha, power
        As in :func:`cohen_kappa_n`.
    alternative : {"greater", "less", "two-sided"}, default "greater"
        "greater" and "two-sided" give the smallest κ1 above κ0; "less" the largest below it.

    Returns
    -------
    PlannedValue
        A ``float``, the kappa; NaN with a warning when no kappa the rates allow is detected with that power.

    References
    ----------
    Cantor, A. B. (1996). Sample-size calculations for Cohen's kappa. Psychological Methods 1(2), 150-153.

    Examples
    --------
    >>> from pandas_agree.plan import cohen_kappa_detectable, cohen_kappa_n
    >>> k = cohen_kappa_detectable(119, 0.5, 0.5, kappa0=0.4)
    >>> round(float(k), 4)
    0.5999
    >>> cohen_kappa_n(0.5, 0.5, float(k), 0.4)
    119
    """
    n = count("n", n)
    rate1, rate2 = probability("rate1", rate1), probability("rate2", rate2)
    kappa0 = number("kappa0", kappa0)
    low, high = kappa_range(rate1, rate2)
    _checked(rate1, rate2, high if kappa0 != high else low, kappa0)
    power, alpha = power_above_alpha(power, alpha)
    sides = alternative_sides(alternative)
    edge = low if alternative == "less" else high
    method = f"kappa detected by the {METHOD}"
    if _power(n, rate1, rate2, edge, kappa0, alpha, sides) < power or edge == kappa0:
        warnings.warn(f"with n={n}, no kappa between kappa0={kappa0:g} and {edge:.6g} (the limit these rates "
                      f"allow) is detected with power {power:g}; the result is NaN", UserWarning, stacklevel=2)
        return PlannedValue(math.nan, method=method, reference=CANTOR)
    from scipy.optimize import brentq

    kappa = brentq(lambda k: _power(n, rate1, rate2, k, kappa0, alpha, sides) - power,
                   kappa0 + (edge - kappa0) * 1e-12, edge, xtol=1e-12, rtol=1e-12)
    return PlannedValue(kappa, method=method, reference=CANTOR)
