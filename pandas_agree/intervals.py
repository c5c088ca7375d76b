"""Confidence intervals: analytic where the literature gives one, a bootstrap of the table for the rest.

The bootstrap resamples the crosstab, not the rows: ``Generator.multinomial(N, table / N, size=B)`` is the
case bootstrap of independent rows (a product multinomial per reference row with ``design="fixed-reference"``).
Every measure is then evaluated on all B tables at once by the same vectorised formulas, so the cost does not
grow with N.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np
from scipy import stats
from statsmodels.stats.proportion import proportion_confint

from ._undefined import divide
from .inference import fce_variances
from .registry import REGISTRY, Measure

__all__ = ["BOOTSTRAP_METHODS", "CI_METHODS", "DESIGNS", "Estimate", "IntervalOptions", "estimate_all"]

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


def _clipped(measure: Measure, value, se, lower, upper, method: str) -> Estimate:
    lo, hi = measure.range
    value = np.asarray(value, dtype=float)
    undefined = np.isnan(value)
    lower = np.where(undefined, np.nan, np.clip(lower, lo, hi))
    upper = np.where(undefined, np.nan, np.clip(upper, lo, hi))
    return Estimate(value, np.where(undefined, np.nan, se), lower, upper, method)


# --- analytic intervals -----------------------------------------------------------------------------------

def _proportion(successes, trials, opts: IntervalOptions):
    """p, its SE sqrt(p(1−p)/n) and the binomial interval (NaN where there are no trials)."""
    successes, trials = np.broadcast_arrays(np.asarray(successes, float), np.asarray(trials, float))
    p = divide(successes, trials)
    empty = trials == 0
    safe_n = np.where(empty, 1.0, trials)
    lower, upper = proportion_confint(np.where(empty, 0.0, successes), safe_n, alpha=1 - opts.confidence_level,
                                      method=BINOMIAL_METHODS[opts.binomial])
    lower, upper = (np.where(empty, np.nan, np.asarray(x, float)) for x in (lower, upper))
    se = np.sqrt(divide(p * (1 - p), trials))
    return p, se, lower, upper


def _binomial(measure: Measure, args, opts: IntervalOptions) -> Estimate:
    successes, trials = (f(*args) for f in measure.binomial)
    p, se, lower, upper = _proportion(successes, trials, opts)
    method = f"{opts.binomial} ({measure.interval_detail})"
    if measure.interval == "binomial-mapped":
        return _clipped(measure, 2 * p - 1, 2 * se, 2 * lower - 1, 2 * upper - 1, method + ", mapped by 2p − 1")
    return _clipped(measure, p, se, lower, upper, method)


def _wald(measure: Measure, counts, params: dict, opts: IntervalOptions, value) -> Estimate:
    slope = measure.combine(1.0, 0.0) - measure.combine(0.0, 0.0)  # the terms enter linearly
    variance = 0.0
    for term in measure.terms:
        successes, trials = (f(*counts) for f in REGISTRY[term].binomial)
        p = divide(successes, trials)
        variance = variance + divide(p * (1 - p), trials)
    se = abs(slope) * np.sqrt(variance)
    return _clipped(measure, value, se, value - opts.z * se, value + opts.z * se, "Wald")


def _from_log_scale(measure: Measure, log_value, log_se, opts: IntervalOptions, method: str) -> Estimate:
    """Map an interval for a log quantity through the measure's increasing function of it."""
    def f(x):
        with np.errstate(all="ignore"):
            mapped = measure.compute(np.exp(x), 1.0, 1.0, 1.0)
        return np.where(np.isposinf(x), measure.range[1], np.where(np.isneginf(x), measure.range[0], mapped))

    value = f(log_value)
    h = 1e-6 * np.maximum(1.0, np.abs(np.nan_to_num(log_value, posinf=0, neginf=0)))
    with np.errstate(all="ignore"):
        slope = np.abs(f(log_value + h) - f(log_value - h)) / (2 * h)
        se = np.where(np.isinf(log_se), np.inf, slope * log_se)
        lower, upper = f(log_value - opts.z * log_se), f(log_value + opts.z * log_se)
    # a zero cell leaves the log scale without a finite SE: the interval is then the whole range
    lower = np.where(np.isinf(log_se), measure.range[0], lower)
    upper = np.where(np.isinf(log_se), measure.range[1], upper)
    return _clipped(measure, value, se, lower, upper, method)


def _woolf(measure: Measure, counts, opts: IntervalOptions) -> Estimate:
    a, b, c, d = counts
    with np.errstate(divide="ignore"):
        log_or = np.log(divide(a * d, b * c, infinite=True))
        log_se = np.sqrt(1 / a + 1 / b + 1 / c + 1 / d)
    return _from_log_scale(measure, log_or, log_se, opts, "Woolf")


def _log_ratio(measure: Measure, counts, opts: IntervalOptions, value) -> Estimate:
    (x1, n1), (x2, n2) = ((f(*counts) for f in REGISTRY[code].binomial) for code in measure.ratio_of)
    with np.errstate(divide="ignore", invalid="ignore"):
        log_se = np.sqrt(1 / x1 - 1 / n1 + 1 / x2 - 1 / n2)
        log_value = np.log(value)
        lower, upper = np.exp(log_value - opts.z * log_se), np.exp(log_value + opts.z * log_se)
        se = np.where(np.isinf(log_se), np.inf, value * log_se)
    # a zero count leaves the log scale without a finite SE: the interval is then the whole range
    lower = np.where(np.isinf(log_se), measure.range[0], lower)
    upper = np.where(np.isinf(log_se), measure.range[1], upper)
    return _clipped(measure, value, se, lower, upper, "log method (Simel 1991)")


def _fce(measure: Measure, square, weights, opts: IntervalOptions) -> Estimate:
    kappa, var1, _ = fce_variances(square, weights)
    se = np.sqrt(var1)
    return _clipped(measure, kappa, se, kappa - opts.z * se, kappa + opts.z * se, "Fleiss–Cohen–Everitt")


def binary_analytic(measure: Measure, counts, corrected, params: dict, opts: IntervalOptions,
                    value) -> Estimate | None:
    """The analytic estimate of a class-specific measure for every class, or None (bootstrap)."""
    kind = measure.interval
    if kind.startswith("binomial"):
        return _binomial(measure, counts, opts)
    if kind == "wald":
        return _wald(measure, counts, params, opts, value)
    if kind == "woolf":
        return _woolf(measure, corrected, opts)
    if kind == "log-ratio":
        return _log_ratio(measure, corrected, opts, value)
    if kind == "fce":
        a, b, c, d = counts
        squares = np.stack([np.stack([a, b], -1), np.stack([c, d], -1)], -2)
        return _fce(measure, squares, np.eye(2), opts)
    return None


def _linearised(measure: Measure, view, params: dict, opts: IntervalOptions) -> Estimate:
    pa, pe, d_pa, d_pe = measure.gradient(view, **params)
    value = divide(pa - pe, 1 - pe)
    influence = divide(d_pa - (1 - value) * d_pe, 1 - pe)
    p = view.square / view.n
    variance = divide((p * influence**2).sum() - ((p * influence).sum()) ** 2, view.n)
    se = np.sqrt(np.maximum(variance, 0.0))
    return _clipped(measure, value, se, value - opts.z * se, value + opts.z * se, "Gwet linearised")


def multiclass_analytic(measure: Measure, view, params: dict, opts: IntervalOptions) -> Estimate | None:
    """The analytic estimate of a multiclass measure, or None (bootstrap)."""
    kind = measure.interval
    if kind.startswith("binomial"):
        return _binomial(measure, (view,), opts)
    if kind == "fce":
        weights = params.get("kappa_weights")
        return _fce(measure, view.square, np.eye(view.q) if weights is None else weights, opts)
    if kind == "gwet":
        return _linearised(measure, view, params, opts)
    return None


# --- the table bootstrap -----------------------------------------------------------------------------------

def resample(counts: np.ndarray, opts: IntervalOptions, rng: np.random.Generator) -> np.ndarray:
    """B multinomial resamples of an I×J table, shape (B, I, J).

    A table of non-integer counts (weights) is resampled as round(N) objects and rescaled to its total N.
    """
    b = int(opts.n_resamples)
    if opts.design == "multinomial":
        total = counts.sum()
        draws = max(round(float(total)), 1)
        out = rng.multinomial(draws, (counts / total).ravel(), size=b).reshape(b, *counts.shape)
        return out * (total / draws)
    rows = counts.sum(axis=1)
    draws = np.maximum(np.round(rows), 0).astype(np.int64)
    share = np.where(rows[:, None] > 0, divide(counts, rows[:, None]), 1.0 / counts.shape[1])
    out = rng.multinomial(draws, share, size=(b, counts.shape[0])).astype(float)
    return out * np.where(draws > 0, divide(rows, np.maximum(draws, 1)), 0.0)[:, None]


def jackknife(counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The tables with one object left out, one per non-empty cell, and the number of objects in each cell."""
    cells = np.flatnonzero(counts.ravel() > 0)
    stack = np.repeat(counts[None], len(cells), axis=0)
    flat = stack.reshape(len(cells), -1)
    flat[np.arange(len(cells)), cells] -= np.minimum(1.0, counts.ravel()[cells])
    return stack, counts.ravel()[cells]


def _quantiles(values: np.ndarray, q) -> np.ndarray:
    """Quantiles of each column of a (B, C) array with NaN left out; ``q`` is one level or one per column.

    Equal to ``numpy.quantile`` of each column's defined values, "linear" where they are all finite and
    "inverted_cdf" where some are infinite (interpolating next to ±inf would give NaN); NaN where no value or no
    level is defined. One sort serves every column.
    """
    ordered = np.sort(values, axis=0)  # NaN sorts last
    n = (~np.isnan(values)).sum(axis=0)
    q = np.broadcast_to(np.asarray(q, float), n.shape)
    last = np.maximum(n - 1, 0)
    with np.errstate(invalid="ignore"):
        position = last * q
        below = np.clip(np.floor(np.nan_to_num(position)), 0, last).astype(np.intp)
        above = np.minimum(below + 1, last)
        gamma = position - below
        low, high = (np.take_along_axis(ordered, i[None], axis=0)[0] for i in (below, above))
        diff = high - low
        linear = np.where(gamma >= 0.5, high - diff * (1 - gamma), low + diff * gamma)  # numpy's lerp
        step = n * q - 1
        index = np.floor(np.nan_to_num(step))
        index = np.clip(np.where(step - index > 0, index + 1, index), 0, last).astype(np.intp)
        stepwise = np.take_along_axis(ordered, index[None], axis=0)[0]
    finite = np.isfinite(np.where(np.isnan(values), 0.0, values)).all(axis=0)
    return np.where((n == 0) | np.isnan(q), np.nan, np.where(finite, linear, stepwise))


def _acceleration(jack: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """BCa's acceleration from the jackknife over cells, each weighted by its count."""
    ok = ~np.isnan(jack)
    w = np.where(ok, weights.reshape(-1, *([1] * (jack.ndim - 1))), 0.0)
    values = np.where(ok, jack, 0.0)
    mean = divide((w * values).sum(axis=0), w.sum(axis=0))
    dev = mean - values
    num = (w * dev**3).sum(axis=0)
    den = 6 * ((w * dev**2).sum(axis=0)) ** 1.5
    return np.nan_to_num(divide(num, den), nan=0.0)


def _bootstrap_columns(point: np.ndarray, boot: np.ndarray, jack: np.ndarray | None, jack_weights,
                       opts: IntervalOptions) -> tuple[np.ndarray, ...]:
    """SE, interval ends and undefined resamples of every column of a (B, C) stack of bootstrap values."""
    alpha = 1 - opts.confidence_level
    undefined = np.isnan(boot).sum(axis=0)
    if np.isfinite(boot).all():
        se = np.std(boot, axis=0, ddof=1)
    else:
        with np.errstate(invalid="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # a value undefined in every resample has no SE
            se = np.where(np.isinf(boot).any(axis=0), np.inf,
                          np.nanstd(np.where(np.isinf(boot), np.nan, boot), axis=0, ddof=1))
    if opts.bootstrap_method == "bca":
        defined = (~np.isnan(boot)).sum(axis=0)
        below = (boot < point).sum(axis=0) + 0.5 * (boot == point).sum(axis=0)
        z0 = stats.norm.ppf(np.clip(divide(below, defined), 1e-12, 1 - 1e-12))
        a = _acceleration(jack, jack_weights)
        levels = []
        for tail in (alpha / 2, 1 - alpha / 2):
            z = z0 + stats.norm.ppf(tail)
            levels.append(stats.norm.cdf(z0 + z / (1 - a * z)))
        lower, upper = _quantiles(boot, levels[0]), _quantiles(boot, levels[1])
    else:
        lower, upper = _quantiles(boot, alpha / 2), _quantiles(boot, 1 - alpha / 2)
        if opts.bootstrap_method == "basic":
            lower, upper = 2 * point - upper, 2 * point - lower
    return se, lower, upper, undefined


def _bootstrap_estimates(measures: list[Measure], point: dict, boot: dict, jack: dict, jack_weights,
                         opts: IntervalOptions) -> dict[str, Estimate]:
    """Bootstrap estimates of every measure, summarised in one pass over all their values side by side."""
    values = [np.asarray(point[m.code], float) for m in measures]
    splits = np.cumsum([v.size for v in values])[:-1]
    b = opts.n_resamples

    def side_by_side(stacks: dict, rows: int) -> np.ndarray:
        return np.concatenate([np.asarray(stacks[m.code], float).reshape(rows, -1) for m in measures], axis=1)

    flat_jack = side_by_side(jack, len(jack_weights)) if jack else None
    columns = _bootstrap_columns(np.concatenate([v.ravel() for v in values]), side_by_side(boot, b), flat_jack,
                                 jack_weights, opts)
    method = f"bootstrap {opts.bootstrap_method} (B = {opts.n_resamples})"
    out = {}
    pieces = zip(*(np.split(c, splits) for c in columns), strict=True)  # per measure: se, lower, upper, undefined
    for m, v, (se, lower, upper, undefined) in zip(measures, values, pieces, strict=True):
        est = _clipped(m, v, *(x.reshape(v.shape) for x in (se, lower, upper)), method)
        out[m.code] = Estimate(est.value, est.se, est.lower, est.upper, method, undefined.reshape(v.shape))
    return out


def estimate_all(measures: list[Measure], point: dict[str, np.ndarray], analytic: Callable[[Measure], Estimate | None],
                 evaluate: Callable[[np.ndarray, list[Measure]], dict[str, np.ndarray]], counts: np.ndarray,
                 opts: IntervalOptions, cache: dict | None = None) -> dict[str, Estimate]:
    """Estimates for every measure: analytic where ``opts`` and the measure allow, else one shared bootstrap.

    ``point`` holds each measure's value on the table; ``evaluate(stack, measures)`` gives each measure's values
    on a stack of tables of shape (B, I, J), with the shape of the point value after the leading B. ``cache``
    keeps the resamples of an integer seed, so that calls on the same table with the same seed draw them once.
    """
    out: dict[str, Estimate] = {}
    rest = []
    for m in measures:
        est = analytic(m) if opts.analytic(m) else None
        if est is None:
            rest.append(m)
        else:
            out[m.code] = Estimate(np.asarray(point[m.code], float), est.se, est.lower, est.upper, est.method)
    if rest:
        seeded = isinstance(opts.random_state, (int, np.integer)) and cache is not None
        key = (int(opts.random_state), opts.n_resamples, opts.design) if seeded else None
        stack = cache.get(key) if seeded else None
        if stack is None:
            stack = resample(counts, opts, opts.rng())
            if seeded:
                cache.clear()  # keep one set of resamples at a time
                cache[key] = stack
        boot = evaluate(stack, rest)
        jack, weights = (jackknife(counts) if opts.bootstrap_method == "bca" else (None, None))
        jack_values = evaluate(jack, rest) if jack is not None else {}
        out.update(_bootstrap_estimates(rest, point, boot, jack_values, weights, opts))
    return {m.code: out[m.code] for m in measures}
