"""Estimates of every quantity of one call: analytic where the options and the quantity allow, one shared
bootstrap for the rest. Every analysis (two classifications, several raters, paired comparisons) gets its
intervals from :func:`estimate_all`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import numpy as np

from .bootstrap import bootstrap_estimates, jackknife_chunks, replicate, resample_chunks
from .estimates import Estimate, IntervalOptions, Resample

__all__ = ["bootstrap_label", "estimate_all"]


def bootstrap_label(opts: IntervalOptions, unit: str = "bootstrap") -> str:
    """The name of the bootstrap interval method, as the outputs show it ("bootstrap percentile (B = 2000)")."""
    return f"{unit} {opts.bootstrap_method} (B = {opts.n_resamples})"


def estimate_all(bounds: dict[str, tuple[float, float]], point: dict[str, np.ndarray],
                 analytic: Callable[[str], Estimate | None], evaluate: Callable[[np.ndarray, list[str]], dict],
                 counts: np.ndarray, opts: IntervalOptions, *, cache: dict | None = None, unit: str = "bootstrap",
                 jackknife: Callable[[list[str]], tuple[dict, np.ndarray]] | None = None) -> dict[str, Estimate]:
    """Estimates of every quantity: analytic where ``opts`` and the quantity allow, else one shared bootstrap.

    Parameters
    ----------
    bounds : dict
        The quantities, in order, with the range their interval ends are clipped to.
    point : dict
        Each quantity's value on ``counts`` (any shape).
    analytic : callable
        ``analytic(key)`` gives the analytic Estimate of a quantity, or None where it has none (the bootstrap
        with ``opts.bootstrap_method``), or a :class:`~.estimates.Resample` (the analytic SE with the interval of
        the bootstrap method it names). It is not called when ``opts.ci == "bootstrap"``.
    evaluate : callable
        ``evaluate(stack, keys)`` gives the values of the quantities ``keys`` on a stack of tables of shape
        (b, *counts.shape), each with shape (b, *point shape).
    counts : numpy.ndarray
        The table of counts the values come from (resampled by :func:`~.bootstrap.resample_chunks`).
    cache : dict, optional
        Keeps the resamples of an integer seed, so that calls on the same table with the same seed draw them once.
    unit : str
        The name of the resampling, as the method's name begins ("bootstrap", "bootstrap over subjects,",
        "paired bootstrap").
    jackknife : callable, optional
        ``jackknife(keys)`` gives the values of the quantities with one object left out of each non-empty cell of
        ``counts`` and the number of objects each stands for, where the analysis has a faster way than evaluating
        :func:`~.bootstrap.jackknife_chunks` (values linear in the counts). Used by BCa only.
    """
    out: dict[str, Estimate] = {}
    rest: dict[str, Resample | None] = {}  # bootstrapped: with opts' method (None) or as a Resample asks
    for key in bounds:
        est = analytic(key) if opts.ci != "bootstrap" else None
        if est is None or isinstance(est, Resample):
            rest[key] = est
        else:
            out[key] = replace(est, value=np.asarray(point[key], float))
    if rest:
        seeded = isinstance(opts.random_state, (int, np.integer)) and cache is not None
        key = (int(opts.random_state), opts.n_resamples, opts.design) if seeded else None
        stacks = cache.get(key) if seeded else None
        if stacks is None:
            stacks = resample_chunks(counts, opts)
            if seeded:
                stacks = list(stacks)
                cache.clear()  # keep one set of resamples at a time
                cache[key] = stacks
        boot = replicate(iter(stacks), lambda stack: evaluate(stack, list(rest)))
        groups: dict[str, list[str]] = {}
        for k, request in rest.items():
            groups.setdefault(opts.bootstrap_method if request is None else request.bootstrap_method, []).append(k)
        for method, keys in groups.items():
            group_opts = replace(opts, bootstrap_method=method)
            jack = weights = None
            if method == "bca" and jackknife is not None:
                jack, weights = jackknife(keys)
            elif method == "bca":
                jack = replicate(jackknife_chunks(counts), lambda stack, keys=keys: evaluate(stack, keys))
                weights = counts.ravel()[counts.ravel() > 0]
            estimates = bootstrap_estimates({k: bounds[k] for k in keys}, point, {k: boot[k] for k in keys},
                                            group_opts, bootstrap_label(group_opts, unit), jack, weights)
            for k, e in estimates.items():
                request = rest[k]
                out[k] = e if request is None else replace(
                    e, se=request.analytic.se, method=f"{request.analytic.method} SE, {e.method} interval",
                    note=request.note)
    return {key: out[key] for key in bounds}
