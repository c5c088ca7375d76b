"""Estimates of every quantity of one call: analytic where the options and the quantity allow, one shared
bootstrap for the rest. Every analysis (two classifications, several raters, paired comparisons) hands its
quantities to :func:`estimate` as an :class:`~.estimands.Estimand` and gets its intervals from there."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from .bootstrap import bootstrap_estimates, jackknife_chunks, replicate, resample_chunks
from .delta import delta_estimates
from .estimates import Estimate, IntervalOptions, Resample, undefined_at_infinity
from .replicates import LABELS, replicate_variances

__all__ = ["MOVED_CELLS", "RESAMPLED_BYTES", "bootstrap_label", "estimate"]

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


def estimate(estimand, opts: IntervalOptions) -> dict[str, Estimate]:
    """:func:`_estimate`, as the estimand settles it (:meth:`~.estimands.Estimand.settled`)."""
    return estimand.settled(_estimate(estimand, opts), opts)


def _estimate(estimand, opts: IntervalOptions) -> dict[str, Estimate]:
    """Estimates of every quantity of an :class:`~.estimands.Estimand`, by the rule of ``opts.ci``.

    - ``"linearized"``: the delta method (:mod:`.delta`) for every quantity.
    - ``"bootstrap"``: one shared bootstrap for every quantity.
    - ``"auto"`` (and a binomial method's name, which is "auto" with that binomial method): the analytic
      estimate where the estimand gives one; the delta method for the rest where it is cheap (the estimand knows
      the structure of its variances, or its counts have at most :data:`MOVED_CELLS` non-empty cells), else the
      bootstrap; and the interval of a bootstrap where the analytic estimate or the estimand's
      :meth:`~.estimands.Estimand.small_sample` asks for one (:class:`~.estimates.Resample`).
    - With a sample design: the design-based variance (linearised over the design's PSUs, or the variance of its
      replicates) for every quantity.
    """
    keys = estimand.keys
    if opts.sample is not None:  # a complex sample: linearised on the design's PSUs, or the design's replicates
        kind = "bootstrap" if opts.ci == "bootstrap" else opts.sample.replicates_kind
        if kind is None:
            return delta_estimates(estimand, opts, keys)
        rng = opts.rng()

        def replicated(keys, design):
            return replicate_variances(opts.sample, kind, estimand, keys, opts.n_resamples, rng, design)

        label = LABELS[kind] + (f" (B = {opts.n_resamples}, {opts.seed_text})" if kind == "bootstrap" else "")
        return delta_estimates(estimand, opts, keys, replicated, label=label)
    if opts.ci == "linearized":
        return delta_estimates(estimand, opts, keys)
    out: dict[str, Estimate] = {}
    rest: dict[str, Resample | None] = {}  # bootstrapped: with opts' method (None) or as a Resample asks
    for key in keys:
        est = estimand.analytic(key) if opts.ci != "bootstrap" else None
        if est is None or isinstance(est, Resample):
            rest[key] = est
        else:
            out[key] = est.with_value(np.asarray(estimand.point[key], float))
    plain = [k for k, request in rest.items() if request is None]
    if opts.ci != "bootstrap" and plain and (estimand.structured
                                             or np.count_nonzero(estimand.counts) <= MOVED_CELLS):
        for key, est in delta_estimates(estimand, opts, plain).items():
            request = estimand.small_sample(key, est, opts)
            if not isinstance(request, Resample):
                out[key] = est if request is None else request
                del rest[key]
            else:
                rest[key] = request
    if rest:
        rng = opts.rng()
        start = rng.bit_generator.state
        for block in _blocks({k: np.size(estimand.point[k]) for k in rest}, opts.n_resamples):
            # each block replays the same resamples (the generator set back to its start): the values are those
            # of one pass, and memory holds B values of one block's quantities at a time
            rng.bit_generator.state = start
            out.update(undefined_at_infinity(_bootstrap_block(block, rest, estimand, opts, rng)))
    return {key: out[key] for key in keys}


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


def _bootstrap_block(block, rest, estimand, opts, rng) -> dict:
    # drawn chunk by chunk and dropped once evaluated: memory does not grow with B, and nothing is kept
    counts = estimand.counts
    boot = replicate(resample_chunks(counts, opts, rng, rows=estimand.rows),
                     lambda stack: estimand.evaluate(stack, block))
    groups: dict[str, list[str]] = {}
    for k in block:
        request = rest[k]
        groups.setdefault(opts.bootstrap_method if request is None else request.bootstrap_method, []).append(k)
    out = {}
    for method, keys in groups.items():
        group_opts = replace(opts, bootstrap_method=method)
        jack = weights = None
        if method == "bca":
            found = estimand.jackknife(keys)
            if found is not None:
                jack, weights = found
            else:
                jack = replicate(jackknife_chunks(counts), lambda stack, keys=keys: estimand.evaluate(stack, keys))
                weights = counts.ravel()[counts.ravel() > 0]
        estimates = bootstrap_estimates({k: estimand.bounds[k] for k in keys}, estimand.point,
                                        {k: boot[k] for k in keys}, group_opts,
                                        bootstrap_label(group_opts, estimand.unit), jack, weights)
        for k, e in estimates.items():
            request = rest[k]
            out[k] = e if request is None else replace(
                e, se=request.analytic.se, method=f"{request.analytic.method} SE, {e.method} interval",
                note=request.note)
    return out
