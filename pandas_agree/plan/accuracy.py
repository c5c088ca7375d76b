"""A classifier's accuracy against a reference: subjects for sensitivity or specificity with a given precision
(Buderer 1996; epiR's ``epi.ssdxsesp``), and for comparing two classifiers' accuracies on the same objects by
McNemar's test (Connor 1987).

Examples
--------
>>> from pandas_agree.plan import paired_accuracy_n, sensitivity_n, specificity_n
>>> sensitivity_n(0.80, prevalence=0.10, precision=0.07), specificity_n(0.90, prevalence=0.10, precision=0.05)
(1255, 154)
>>> paired_accuracy_n(0.75, 0.85, discordant=0.2)
155
"""

from __future__ import annotations

import math

from ..inference.distributions import normal_cdf, normal_ppf
from .checks import alternative_sides, count, fraction, number, power_above_alpha, probability
from .results import PlannedValue, SampleSize

__all__ = ["BUDERER", "CONNOR", "paired_accuracy_n", "paired_accuracy_power", "sensitivity_n", "specificity_n"]

BUDERER = ("Buderer, N. M. F. (1996). Statistical methodology: I. Incorporating the prevalence of disease into the "
           "sample size calculation for sensitivity and specificity. Academic Emergency Medicine 3, 895-900")
CONNOR = ("Connor, R. J. (1987). Sample size for testing differences in proportions for the paired-sample design. "
          "Biometrics 43, 207-211")


def _precision_n(value, share: float, precision, confidence_level, what: str) -> SampleSize:
    value = probability("value", value)
    precision = fraction("precision", precision, "the half-width of the interval of the proportion")
    level = probability("confidence_level", confidence_level)
    z = float(normal_ppf(1 - (1 - level) / 2))
    exact = z * z * value * (1 - value) / (precision * precision * share)
    return SampleSize(exact, method=f"Wald interval of the {what} within ±precision", reference=BUDERER)


def sensitivity_n(value: float, prevalence: float, precision: float, *,
                  confidence_level: float = 0.95) -> SampleSize:
    """The number of subjects (with and without the condition) for a sensitivity within ±``precision``.

    Buderer's (1996) sample size: n = z² Se (1 − Se) / (precision² · prevalence), the subjects who must be
    enrolled so that those with the condition (a share ``prevalence`` of them) estimate the sensitivity with a
    Wald interval of half-width ``precision``. epiR's ``epi.ssdxsesp(test=value, type="se", Py=prevalence,
    epsilon=precision, error="absolute", conf.level=confidence_level)``.

    Parameters
    ----------
    value : float
        The expected sensitivity, strictly between 0 and 1.
    prevalence : float
        The expected share of subjects with the condition, strictly between 0 and 1.
    precision : float
        The half-width of the interval (the absolute error: 0.05 for ±5 percentage points).
    confidence_level : float, default 0.95

    Returns
    -------
    SampleSize
        An ``int``, rounded up; ``.exact`` is the value before rounding.

    Notes
    -----
    epiR's default ``error="relative"`` takes the precision as a share of the prevalence (ε·Py); here it is
    always absolute, the precision of the sensitivity itself.

    References
    ----------
    Buderer, N. M. F. (1996). Academic Emergency Medicine 3, 895-900.

    Examples
    --------
    epiR's example (from Hajian-Tilaki 2014, p. 195): a sensitivity of 0.80 within ±0.07 at a prevalence of 0.10:

    >>> from pandas_agree.plan import sensitivity_n
    >>> sensitivity_n(0.80, prevalence=0.10, precision=0.07)
    1255
    """
    prevalence = probability("prevalence", prevalence)
    return _precision_n(value, prevalence, precision, confidence_level, "sensitivity")


def specificity_n(value: float, prevalence: float, precision: float, *,
                  confidence_level: float = 0.95) -> SampleSize:
    """The number of subjects (with and without the condition) for a specificity within ±``precision``.

    Buderer's (1996) sample size: n = z² Sp (1 − Sp) / (precision² · (1 − prevalence)); epiR's
    ``epi.ssdxsesp(test=value, type="sp", Py=prevalence, epsilon=precision, error="absolute")``.

    Parameters
    ----------
    value : float
        The expected specificity, strictly between 0 and 1.
    prevalence, precision, confidence_level
        As in :func:`sensitivity_n`.

    Returns
    -------
    SampleSize
        An ``int``, rounded up.

    References
    ----------
    Buderer, N. M. F. (1996). Academic Emergency Medicine 3, 895-900.

    Examples
    --------
    The specificity of van Hal et al.'s (2025) example in epiR (0.95 within ±0.10 at a prevalence of 0.0022):

    >>> from pandas_agree.plan import specificity_n
    >>> specificity_n(0.95, prevalence=0.0022, precision=0.10)
    19
    """
    prevalence = probability("prevalence", prevalence)
    return _precision_n(value, 1 - prevalence, precision, confidence_level, "specificity")


def _paired(accuracy1, accuracy2, discordant) -> tuple[float, float, float]:
    """(δ, ψ): the difference of the accuracies and the probability that the classifiers disagree about a
    subject's correctness, checked."""
    accuracy1, accuracy2 = probability("accuracy1", accuracy1), probability("accuracy2", accuracy2)
    if accuracy1 == accuracy2:
        raise ValueError(f"accuracy1 must differ from accuracy2 (the difference to detect); both are {accuracy1:g}")
    delta = accuracy1 - accuracy2
    if discordant is None:  # the classifiers right or wrong independently of each other
        psi = accuracy1 * (1 - accuracy2) + accuracy2 * (1 - accuracy1)
    else:
        psi = number("discordant", discordant)
        high = min(accuracy1 + accuracy2, 2 - accuracy1 - accuracy2)
        if not abs(delta) < psi <= high:
            raise ValueError(f"discordant must lie above |accuracy1 - accuracy2| = {abs(delta):.6g} and at most "
                             f"{high:.6g} (the share of subjects one classifier gets right and the other wrong); "
                             f"got {psi:g}")
    return delta, psi


def _direction(delta: float, alternative: str) -> None:
    if (alternative == "greater" and delta < 0) or (alternative == "less" and delta > 0):
        raise ValueError(f"alternative={alternative!r} tests accuracy1 {'>' if alternative == 'greater' else '<'} "
                         f"accuracy2, but the accuracies given differ the other way; use "
                         f"alternative={'less' if alternative == 'greater' else 'greater'!r} or 'two-sided'")


METHOD = "McNemar's test of two paired accuracies (unconditional normal approximation)"


def paired_accuracy_n(accuracy1: float, accuracy2: float, *, discordant: float | None = None, alpha: float = 0.05,
                      power: float = 0.8, alternative: str = "two-sided") -> SampleSize:
    """The number of subjects on which to compare two classifiers' accuracies (or sensitivities, or
    specificities) by McNemar's test, both classifiers rating every subject (Connor 1987).

    Parameters
    ----------
    accuracy1, accuracy2 : float
        The expected accuracies, different, strictly between 0 and 1.
    discordant : float, optional
        ψ, the expected share of subjects that one classifier gets right and the other wrong. It lies above
        abs(accuracy1 − accuracy2) and at most min(a1 + a2, 2 − a1 − a2); the more the classifiers' errors go
        together, the smaller it is. By default, ψ = a1 (1 − a2) + a2 (1 − a1), the classifiers erring
        independently (a conservative choice when their errors are positively correlated).
    alpha : float, default 0.05
    power : float, default 0.8
        Greater than ``alpha``.
    alternative : {"two-sided", "greater", "less"}, default "two-sided"
        "greater" tests accuracy1 > accuracy2.

    Returns
    -------
    SampleSize
        An ``int``: n = (z_{1−α/d} √ψ + z_{power} √(ψ − δ²))² / δ², δ = accuracy1 − accuracy2, rounded up.

    References
    ----------
    Connor, R. J. (1987). Biometrics 43, 207-211.

    Examples
    --------
    Chow, Shao and Wang's (2003) Example 6.4.3 (R's TrialSize ``McNemar.Test(0.05, 0.2, 0.2/0.5, 0.7)``): the two
    discordant cells 0.2 and 0.5, so ψ = 0.7 and δ = 0.3:

    >>> from pandas_agree.plan import paired_accuracy_n
    >>> paired_accuracy_n(0.8, 0.5, discordant=0.7)
    59
    """
    delta, psi = _paired(accuracy1, accuracy2, discordant)
    power, alpha = power_above_alpha(power, alpha)
    sides = alternative_sides(alternative)
    _direction(delta, alternative)
    z_alpha, z_power = float(normal_ppf(1 - alpha / sides)), float(normal_ppf(power))
    exact = (z_alpha * math.sqrt(psi) + z_power * math.sqrt(psi - delta * delta)) ** 2 / (delta * delta)
    return SampleSize(exact, method=METHOD, reference=CONNOR)


def paired_accuracy_power(n: int, accuracy1: float, accuracy2: float, *, discordant: float | None = None,
                          alpha: float = 0.05, alternative: str = "two-sided") -> PlannedValue:
    """The power of McNemar's test of two paired accuracies with ``n`` subjects (Connor 1987).

    Parameters
    ----------
    n : int
        The number of subjects, each rated by both classifiers.
    accuracy1, accuracy2, discordant, alpha, alternative
        As in :func:`paired_accuracy_n`.

    Returns
    -------
    PlannedValue
        A ``float``: Φ((√n abs(δ) − z_{1−α/d} √ψ) / √(ψ − δ²)), plus for a two-sided test the far tail
        Φ((−√n abs(δ) − z_{1−α/2} √ψ) / √(ψ − δ²)).

    References
    ----------
    Connor, R. J. (1987). Biometrics 43, 207-211.

    Examples
    --------
    R's MESS, ``power_mcnemar_test(n=59, paid=0.2, psi=2.5)``, leaves out the far tail (below 10⁻⁸ here):

    >>> from pandas_agree.plan import paired_accuracy_power
    >>> round(float(paired_accuracy_power(59, 0.8, 0.5, discordant=0.7)), 4)
    0.8026
    """
    n = count("n", n)
    delta, psi = _paired(accuracy1, accuracy2, discordant)
    alpha = probability("alpha", alpha)
    sides = alternative_sides(alternative)
    _direction(delta, alternative)
    z = float(normal_ppf(1 - alpha / sides))
    sd = math.sqrt(psi - delta * delta)
    shift = math.sqrt(n) * abs(delta)
    value = float(normal_cdf((shift - z * math.sqrt(psi)) / sd))
    if sides == 2:
        value += float(normal_cdf((-shift - z * math.sqrt(psi)) / sd))
    return PlannedValue(value, method="power of " + METHOD, reference=CONNOR)
