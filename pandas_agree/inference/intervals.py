"""Estimates of every quantity of one call: analytic where the options and the quantity allow, one shared
bootstrap for the rest. Every analysis (two classifications, several raters, paired comparisons) gets its
intervals from :func:`estimate_all`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import numpy as np

from .bootstrap import bootstrap_estimates, jackknife_chunks, replicate, resample_chunks
from .delta import delta_estimates
from .estimates import Estimate, IntervalOptions, Resample
from .replicates import LABELS, replicate_variances

__all__ = ["MOVED_CELLS", "RESAMPLED_BYTES", "bootstrap_label", "estimate_all"]

MOVED_CELLS = 2000
"""Under ``ci="auto"``, values without a faster linearisation get the delta method when their table has at most
this many non-empty cells (each is moved twice, so the cost stays below that of the default 2,000 resamples);
beyond, the bootstrap."""


RESAMPLED_BYTES = 256 * 2**20
"""The most memory the resampled values of one pass of the bootstrap take (B values of each number of each
quantity): beyond, the quantities are taken in blocks, each replaying the same resamples. A call's memory is then
bounded whatever B and K are, and its values are those of one pass."""


def bootstrap_label(opts: IntervalOptions, unit: str = "bootstrap") -> str:
    """The name of the bootstrap interval method with its seed, as the outputs show it ("bootstrap percentile
    (B = 2000, random_state = 0)")."""
    return f"{unit} {opts.bootstrap_method} (B = {opts.n_resamples}, {opts.seed_text})"


def estimate_all(bounds: dict[str, tuple[float, float]], point: dict[str, np.ndarray],
                 analytic: Callable[[str], Estimate | None], evaluate: Callable[[np.ndarray, list[str]], dict],
                 counts: np.ndarray, opts: IntervalOptions, *, unit: str = "bootstrap",
                 jackknife: Callable[[list[str]], tuple[dict, np.ndarray]] | None = None,
                 linearise: Callable[[list[str]], dict[str, np.ndarray]] | None = None,
                 small_sample: Callable[[str, Estimate], Resample | None] | None = None,
                 scales: dict[str, str] | None = None, rows: np.ndarray | None = None) -> dict[str, Estimate]:
    """Estimates of every quantity, by the rule of ``opts.ci``.

    - ``"linearized"``: the delta method (:mod:`.delta`) for every quantity.
    - ``"bootstrap"``: one shared bootstrap for every quantity.
    - ``"auto"`` (and a binomial method's name, which is "auto" with that binomial method): the analytic
      estimate where ``analytic`` gives one; the delta method for the rest where it is cheap (the analysis
      gives ``linearise``, or ``counts`` has at most :data:`MOVED_CELLS` non-empty cells), else the bootstrap;
      and the interval of a bootstrap where ``analytic`` or ``small_sample`` asks for one
      (:class:`~.estimates.Resample`).

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
    unit : str
        The name of the resampling, as the method's name begins ("bootstrap", "bootstrap over subjects,",
        "paired bootstrap").
    jackknife : callable, optional
        ``jackknife(keys)`` gives the values of the quantities with one object left out of each non-empty cell of
        ``counts`` and the number of objects each stands for, where the analysis has a faster way than evaluating
        :func:`~.bootstrap.jackknife_chunks` (values linear in the counts). Used by BCa only.
    linearise : callable, optional
        ``linearise(keys)`` gives the delta-method variances of the quantities ``keys`` where the analysis
        knows their structure (functions of the one-vs-rest counts); otherwise :func:`~.delta.gradients` moves
        every non-empty cell of ``counts``.
    small_sample : callable, optional
        ``small_sample(key, estimate)`` gives a Resample where the delta-method estimate of a quantity under
        ``"auto"`` does not keep its promise (:func:`~.estimates.small_sample`), else None.
    scales : dict, optional
        The scale of a quantity's delta-method interval, as its record declares it ("identity" for
        differences); the others take their range's.
    rows : numpy.ndarray, optional
        For ``counts`` that are the stored cells of a sparse table (shape (m,)), the row of each cell: the
        slices that ``design="fixed-reference"`` keeps.
    """
    if opts.sample is not None:  # a complex sample: linearised on the design's PSUs, or the design's replicates
        kind = "bootstrap" if opts.ci == "bootstrap" else opts.sample.replicates_kind
        if kind is None:
            return delta_estimates(bounds, point, evaluate, counts, opts, list(bounds), linearise, scales, rows)
        rng = opts.rng()

        def replicated(keys):
            return replicate_variances(opts.sample, kind, keys, point, evaluate, counts, opts.n_resamples, rng,
                                       linearise)

        label = LABELS[kind] + (f" (B = {opts.n_resamples}, {opts.seed_text})" if kind == "bootstrap" else "")
        return delta_estimates(bounds, point, evaluate, counts, opts, list(bounds), replicated, scales, rows,
                               label=label)
    if opts.ci == "linearized":
        return delta_estimates(bounds, point, evaluate, counts, opts, list(bounds), linearise, scales, rows)
    out: dict[str, Estimate] = {}
    rest: dict[str, Resample | None] = {}  # bootstrapped: with opts' method (None) or as a Resample asks
    for key in bounds:
        est = analytic(key) if opts.ci != "bootstrap" else None
        if est is None or isinstance(est, Resample):
            rest[key] = est
        else:
            out[key] = replace(est, value=np.asarray(point[key], float))
    plain = [k for k, request in rest.items() if request is None]
    if opts.ci != "bootstrap" and plain and (linearise is not None or np.count_nonzero(counts) <= MOVED_CELLS):
        for key, est in delta_estimates(bounds, point, evaluate, counts, opts, plain, linearise, scales,
                                        rows).items():
            request = small_sample(key, est) if small_sample is not None else None
            if request is None:
                out[key] = est
                del rest[key]
            else:
                rest[key] = request
    if rest:
        rng = opts.rng()
        start = rng.bit_generator.state
        for block in _blocks({k: np.size(point[k]) for k in rest}, opts.n_resamples):
            # each block replays the same resamples (the generator set back to its start): the values are those
            # of one pass, and memory holds B values of one block's quantities at a time
            rng.bit_generator.state = start
            out.update(_bootstrap_block(block, rest, bounds, point, evaluate, counts, opts, rng, unit, jackknife,
                                        rows))
    return {key: out[key] for key in bounds}


def _blocks(sizes: dict[str, int], n_resamples: int) -> list[list[str]]:
    """The quantities in order, in blocks whose resampled values (B per number) fit :data:`RESAMPLED_BYTES`."""
    blocks: list[list[str]] = [[]]
    used = 0
    for key, size in sizes.items():
        need = 8 * n_resamples * max(size, 1)
        if blocks[-1] and used + need > RESAMPLED_BYTES:
            blocks.append([])
            used = 0
        blocks[-1].append(key)
        used += need
    return blocks


def _bootstrap_block(block, rest, bounds, point, evaluate, counts, opts, rng, unit, jackknife, rows) -> dict:
    # drawn chunk by chunk and dropped once evaluated: memory does not grow with B, and nothing is kept
    boot = replicate(resample_chunks(counts, opts, rng, rows=rows), lambda stack: evaluate(stack, block))
    groups: dict[str, list[str]] = {}
    for k in block:
        request = rest[k]
        groups.setdefault(opts.bootstrap_method if request is None else request.bootstrap_method, []).append(k)
    out = {}
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
    return out
    return {key: out[key] for key in bounds}
