"""The table bootstrap: resamples of a table of counts, the jackknife for BCa, and the summaries of resampled
values into standard errors and percentile, basic or BCa intervals."""

from __future__ import annotations

import warnings

import numpy as np
from scipy import stats

from ..base.undefined import divide
from ..measures.registry import Measure
from .estimates import Estimate, IntervalOptions, clipped

__all__ = ["bootstrap_estimates", "jackknife", "resample"]


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


def bootstrap_estimates(measures: list[Measure], point: dict, boot: dict, jack: dict, jack_weights,
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
        est = clipped(m, v, *(x.reshape(v.shape) for x in (se, lower, upper)), method)
        out[m.code] = Estimate(est.value, est.se, est.lower, est.upper, method, undefined.reshape(v.shape))
    return out


