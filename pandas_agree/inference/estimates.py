"""Interval options and estimates: what every interval method takes and gives.

Confidence intervals are analytic where the literature gives one, a bootstrap of the table for the rest.

The bootstrap resamples the crosstab, not the rows: ``Generator.multinomial(N, table / N, size=B)`` is the
case bootstrap of independent rows (a product multinomial per reference row with ``design="fixed-reference"``).
Every measure is then evaluated on all B tables at once by the same vectorised formulas, so the cost does not
grow with N.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np

from ..base.options import BINOMIAL_CI, BOOTSTRAP_METHODS, CI_METHODS, DESIGNS, check_options
from ..measures.registry import Measure

__all__ = ["BOOTSTRAP_METHODS", "CI_METHODS", "DESIGNS", "Estimate", "IntervalOptions", "clipped", "within"]

# the binomial interval methods (named in base.options) as statsmodels' proportion_confint calls them
BINOMIAL_METHODS = dict(zip(BINOMIAL_CI, ("wilson", "beta", "agresti_coull", "jeffreys", "normal"), strict=True))


@dataclass(frozen=True)
class IntervalOptions:
    """Validated interval options of one call."""

    ci: str
    confidence_level: float = 0.95
    n_resamples: int = 2000
    bootstrap_method: str = "percentile"
    random_state: Any = None
    design: str = "multinomial"

    def __post_init__(self) -> None:
        options = {name: getattr(self, name) for name in self.__dataclass_fields__}
        check_options(options, options, "IntervalOptions")

    @cached_property
    def z(self) -> float:
        from scipy import stats

        return float(stats.norm.ppf(0.5 + self.confidence_level / 2))

    @property
    def binomial(self) -> str:
        """The binomial method: the one named, or Wilson under "auto"."""
        return "wilson" if self.ci == "auto" else self.ci

    def rng(self) -> np.random.Generator:
        """The generator of the bootstrap: ``random_state="fresh"`` (like None) seeds it from the operating
        system's entropy."""
        return np.random.default_rng(None if isinstance(self.random_state, str) else self.random_state)


@dataclass(frozen=True)
class Estimate:
    """A value with its standard error, interval and the method that gave them."""

    value: np.ndarray
    se: np.ndarray
    lower: np.ndarray
    upper: np.ndarray
    method: str
    undefined: np.ndarray | None = None  # bootstrap resamples left out because the value was undefined
    pvalue: np.ndarray | None = None  # two-sided p-value of "the value is 0", where the method gives one


def within(bounds: tuple[float, float], value, se, lower, upper, method: str, **extra) -> Estimate:
    """An Estimate whose interval ends are clipped to ``bounds``; every statistic is NaN where the value is."""
    lo, hi = bounds
    value = np.asarray(value, dtype=float)
    undefined = np.isnan(value)
    lower = np.where(undefined, np.nan, np.clip(lower, lo, hi))
    upper = np.where(undefined, np.nan, np.clip(upper, lo, hi))
    return Estimate(value, np.where(undefined, np.nan, se), lower, upper, method, **extra)


def clipped(measure: Measure, value, se, lower, upper, method: str) -> Estimate:
    """:func:`within` the declared range of ``measure``."""
    return within(measure.range, value, se, lower, upper, method)
