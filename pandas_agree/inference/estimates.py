"""Interval options and estimates: what every interval method takes and gives.

Confidence intervals are analytic where the literature gives one, a bootstrap of the table for the rest.

The bootstrap resamples the crosstab, not the rows: ``Generator.multinomial(N, table / N, size=B)`` is the
case bootstrap of independent rows (a product multinomial per reference row with ``resampling="fixed-reference"``).
Every measure is then evaluated on all B tables at once by the same vectorised formulas, so the cost does not
grow with N.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np

from ..base.options import BINOMIAL_CI, BOOTSTRAP_METHODS, CI_METHODS, RESAMPLING, check_options
from ..base.spelling import option_set
from ..base.undefined import external_stacklevel
from ..measures.registry import Measure
from .auto import SMALL_SAMPLE, rater_rule
from .distributions import critical_value

__all__ = [
    "BOOTSTRAP_METHODS", "CI_METHODS", "DEFAULT_SEED", "INFINITE_NOTE", "RESAMPLING", "SMALL_SAMPLE", "Estimate",
    "IntervalOptions", "Resample", "clipped", "interval_options", "seed_of", "seed_text", "small_sample",
    "undefined_at_infinity", "within",
]

DEFAULT_SEED = 0
"""The seed of every bootstrap, Monte Carlo test and replicate draw when no ``random_state`` is given: the same call
gives the same numbers. ``random_state="fresh"`` draws a seed from the operating system's entropy instead."""


def seed_of(random_state: Any) -> Any:
    """The seed a call uses: :data:`DEFAULT_SEED` for None, a seed drawn from the operating system's entropy (an
    integer below 2**32, so that it can be recorded and given again) for ``"fresh"``, otherwise ``random_state``
    itself (an integer, or a numpy Generator or seed object, used as it is).

    Examples
    --------
    >>> from pandas_agree.inference.estimates import seed_of
    >>> seed_of(None), seed_of(7)
    (0, 7)
    >>> 0 <= seed_of("fresh") < 2**32
    True
    """
    if random_state is None:
        return DEFAULT_SEED
    if isinstance(random_state, str):  # "fresh", the one text the option specification allows
        return int(np.random.SeedSequence().entropy % 2**32)
    return random_state


def seed_text(random_state: Any) -> str:
    """How an output records a seed: the integer, or the kind of numpy object given.

    Examples
    --------
    >>> import numpy as np
    >>> from pandas_agree.inference.estimates import seed_text
    >>> seed_text(0), seed_text(np.random.default_rng(1))
    ('0', 'a numpy Generator')
    """
    if isinstance(random_state, (int, np.integer)):
        return str(int(random_state))
    return f"a numpy {type(random_state).__name__}"

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
    design: Any = "multinomial"  # the resampling model's name (resampling=), or a SampleDesign (a complex sample)

    def __post_init__(self) -> None:
        options = {name: getattr(self, name) for name in self.__dataclass_fields__ if name != "design"}
        if isinstance(self.design, str):
            options["resampling"] = self.design  # checked as the option resampling= that gives it
        check_options(options, options, "IntervalOptions")
        object.__setattr__(self, "random_state", seed_of(self.random_state))  # the seed used, recorded

    @property
    def sample(self):
        """The SampleDesign of a complex sample, or None."""
        return None if isinstance(self.design, str) else self.design

    @cached_property
    def z(self) -> float:
        """The critical value of the intervals: normal, or Student's t on the design's degrees of freedom."""
        if self.sample is not None:
            return self.sample.critical(self.confidence_level)
        return float(critical_value(self.confidence_level))

    @property
    def binomial(self) -> str:
        """The binomial method: the one named, or Wilson under "auto"."""
        return "wilson" if self.ci == "auto" else self.ci

    def rng(self) -> np.random.Generator:
        """The generator of the bootstrap, from the seed :func:`seed_of` gave (:data:`DEFAULT_SEED` when no
        ``random_state`` was given)."""
        return np.random.default_rng(self.random_state)

    @property
    def seed_text(self) -> str:
        """The seed as the method column records it ("random_state = 0")."""
        return f"random_state = {seed_text(self.random_state)}"


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
    # what a reader needs to know of this method here (what its SE is, why it was chosen); a tuple of notes where
    # the numbers of one value (the averaging methods of an average) come from intervals of several rules
    note: str | tuple[str, ...] | None = None
    deff: np.ndarray | None = None  # design effect: the design-based variance over that of simple random sampling

    def with_value(self, value: np.ndarray) -> Estimate:
        """The same estimate with ``value`` (``dataclasses.replace(self, value=value)``, without its cost)."""
        return Estimate(value, self.se, self.lower, self.upper, self.method, self.undefined, self.pvalue, self.note,
                        self.deff)


@dataclass(frozen=True)
class Resample:
    """The answer of an analytic method where its interval would not keep its promise: the interval of the
    bootstrap with ``bootstrap_method`` instead, beside the analytic SE of ``analytic``, and a note saying why."""

    bootstrap_method: str
    note: str
    analytic: Estimate


def interval_options(ci: str | None, confidence_level: float, n_resamples: int, bootstrap_method: str, random_state,
                     resampling: str, sample=None) -> IntervalOptions | None:
    """The IntervalOptions of an analysis's call (None without ``ci``); with a complex sample's SampleDesign
    (``sample``) its design gives the variance, and a resampling model other than "multinomial" does not
    apply."""
    if ci is None:
        return None
    if sample is not None:
        if resampling != "multinomial":
            raise ValueError(f"resampling={resampling!r} does not apply to a sample design (strata=, cluster=, "
                             "fpc=), whose PSUs give the variance")
        if ci in BINOMIAL_CI:
            warnings.warn(f"the binomial interval of {option_set('ci', ci)} assumes independent rows; under the "
                          "sample design the intervals are linearised over its PSUs (or taken from its replicates), "
                          f"as {option_set('ci', 'auto')} gives "
                          "them: the method column names them", UserWarning, stacklevel=external_stacklevel())
        return IntervalOptions(ci, confidence_level, n_resamples, bootstrap_method, random_state, sample)
    return IntervalOptions(ci, confidence_level, n_resamples, bootstrap_method, random_state, resampling)


def small_sample(opts: IntervalOptions, n: float, estimate: Estimate, unit: str = "subjects") -> Resample | None:
    """The BCa bootstrap interval beside the linearised SE of a rater coefficient (``estimate``) over ``n``
    subjects, where the rules of "auto" ask for it (:func:`~.auto.rater_rule`: fewer than :data:`SMALL_SAMPLE`);
    None where the analytic interval stands. It applies to ``ci="auto"`` and the binomial methods' names (which
    mean "auto" with that binomial method)."""
    rule = rater_rule(n)
    if opts.ci == "bootstrap" or rule is None:
        return None
    return Resample(rule.method, rule.note, estimate)


INFINITE_NOTE = ("An infinite value (an odds ratio of a table with an empty cell, or an average over classes of "
                 "which one has such a value) has no finite partials, and its resampled values are infinite too: its "
                 "SE and interval are undefined (NaN) under the delta method and the bootstrap.")
"""The note of an infinite value's linearised or resampled estimate (:func:`undefined_at_infinity`)."""


def undefined_at_infinity(estimates: dict) -> dict:
    """``estimates`` (linearised or resampled) with the SE, interval, p-value and design effect of every infinite
    value NaN, :data:`INFINITE_NOTE` on the estimates that hold one, and one
    :class:`~pandas_agree.UndefinedMeasureWarning` naming them. Neither method says anything there: the partials
    are not finite, and the bootstrap's interval would be [inf, inf] or reach from a finite value to inf."""
    out, undefined = dict(estimates), []
    for key, e in estimates.items():
        if not isinstance(e, Estimate):
            continue
        infinite = np.isinf(np.asarray(e.value, dtype=float))
        if not infinite.any():
            continue
        undefined.append(key)

        def blank(x, infinite=infinite):
            return None if x is None else np.where(infinite, np.nan, x)

        notes = () if e.note is None else (e.note,) if isinstance(e.note, str) else tuple(e.note)
        out[key] = Estimate(e.value, blank(e.se), blank(e.lower), blank(e.upper), e.method, e.undefined,
                            blank(e.pvalue), notes if INFINITE_NOTE in notes else (*notes, INFINITE_NOTE),
                            blank(e.deff))
    if undefined:
        import warnings

        from ..base.undefined import UndefinedMeasureWarning, external_stacklevel

        listed = ", ".join(" ".join(map(str, k)) if isinstance(k, tuple) else str(k) for k in undefined)
        warnings.warn(f"the SE and interval of an infinite value are undefined and set to NaN: {listed}",
                      UndefinedMeasureWarning, stacklevel=external_stacklevel())
    return out


def within(bounds: tuple[float, float], value, se, lower, upper, method: str, **extra) -> Estimate:
    """An Estimate whose interval ends are clipped to ``bounds``; every statistic is NaN where the value is."""
    lo, hi = bounds
    value = np.asarray(value, dtype=float)
    undefined = np.isnan(value)
    lower = np.where(undefined, np.nan, np.clip(lower, lo, hi))
    upper = np.where(undefined, np.nan, np.clip(upper, lo, hi))
    return Estimate(value, np.where(undefined, np.nan, se), lower, upper, method, **extra)


def clipped(measure: Measure, value, se, lower, upper, method: str, **extra) -> Estimate:
    """:func:`within` the declared range of ``measure``."""
    return within(measure.range, value, se, lower, upper, method, **extra)
