"""Estimates of every measure of one call: analytic where the options and the measure allow, one shared table
bootstrap for the rest."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ..measures.registry import Measure
from .bootstrap import bootstrap_estimates, jackknife, resample
from .estimates import Estimate, IntervalOptions

__all__ = ["estimate_all"]



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
        out.update(bootstrap_estimates(rest, point, boot, jack_values, weights, opts))
    return {m.code: out[m.code] for m in measures}
