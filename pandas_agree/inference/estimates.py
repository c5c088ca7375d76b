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
from scipy import stats

from ..measures.registry import Measure

__all__ = ["BOOTSTRAP_METHODS", "CI_METHODS", "DESIGNS", "Estimate", "IntervalOptions", "clipped"]

BINOMIAL_METHODS = {"wilson": "wilson", "clopper-pearson": "beta", "agresti-coull": "agresti_coull",
                    "jeffreys": "jeffreys", "normal": "normal"}
CI_METHODS = ("auto", *BINOMIAL_METHODS, "bootstrap")
BOOTSTRAP_METHODS = ("percentile", "basic", "bca")
DESIGNS = ("multinomial", "fixed-reference")


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
        if self.ci not in CI_METHODS:
            raise ValueError(f"ci must be None or one of {CI_METHODS}; got {self.ci!r}")
        level = self.confidence_level
        if isinstance(level, bool) or not isinstance(level, (int, float)) or not 0 < level < 1:
            raise ValueError(f"confidence_level must be a number strictly between 0 and 1; got {level!r}")
        b = self.n_resamples
        if isinstance(b, bool) or not isinstance(b, (int, np.integer)) or b < 2:
            raise ValueError(f"n_resamples must be an integer of at least 2; got {b!r}")
        if self.bootstrap_method not in BOOTSTRAP_METHODS:
            raise ValueError(f"bootstrap_method must be one of {BOOTSTRAP_METHODS}; got {self.bootstrap_method!r}")
        if self.design not in DESIGNS:
            raise ValueError(f"design must be one of {DESIGNS}; got {self.design!r}")

    @cached_property
    def z(self) -> float:
        return float(stats.norm.ppf(0.5 + self.confidence_level / 2))

    @property
    def binomial(self) -> str:
        """The binomial method: the one named, or Wilson under "auto"."""
        return "wilson" if self.ci == "auto" else self.ci

    def analytic(self, measure: Measure) -> bool:
        return self.ci != "bootstrap" and measure.interval != "bootstrap"

    def rng(self) -> np.random.Generator:
        return np.random.default_rng(self.random_state)


@dataclass(frozen=True)
class Estimate:
    """A value with its standard error, interval and the method that gave them."""

    value: np.ndarray
    se: np.ndarray
    lower: np.ndarray
    upper: np.ndarray
    method: str
    undefined: np.ndarray | None = None  # bootstrap resamples left out because the value was undefined


def clipped(measure: Measure, value, se, lower, upper, method: str) -> Estimate:
    lo, hi = measure.range
    value = np.asarray(value, dtype=float)
    undefined = np.isnan(value)
    lower = np.where(undefined, np.nan, np.clip(lower, lo, hi))
    upper = np.where(undefined, np.nan, np.clip(upper, lo, hi))
    return Estimate(value, np.where(undefined, np.nan, se), lower, upper, method)
