"""Replicate variances of a complex sample: the delete-one-PSU jackknife and Rao and Wu's rescaling bootstrap.

Each replicate is a table of counts (the design's PSUs reweighted, :meth:`~.design.SampleDesign.replicates`), so
every value is evaluated on a stack of replicate tables by the same vectorised formulas as on the table itself, and
the variance is Σ_r c_r (θ_r − θ̂)², centred at the full sample's estimate (R's ``mse = TRUE``). The interval is
then that of the linearised variance: on the value's scale, Student's t on the design's degrees of freedom, as R's
survey package gives the intervals of replicate designs.
"""

from __future__ import annotations

import numpy as np

from .design import SampleDesign, SimpleRandom

__all__ = ["LABELS", "replicate_covariance", "replicate_variances"]

LABELS = {"jackknife": "jackknife (JKn, delete one PSU)", "bootstrap": "Rao–Wu bootstrap"}
"""The method's name of each kind of replicates, as the outputs show it."""


def replicate_variances(sample: SampleDesign, kind: str, estimand, keys: list[str], n_resamples: int,
                        rng: np.random.Generator, design) -> dict[str, np.ndarray]:
    """The replicate variance of each quantity ``keys`` of an :class:`~.estimands.Estimand` over the replicates of
    ``sample``; under the design effect's reference (``design`` a :class:`~.design.SimpleRandom`), the variance of
    simple random sampling, as the estimand's linearisation gives it. A replicate in which a value is undefined
    adds nothing to that value's variance."""
    if isinstance(design, SimpleRandom):
        if estimand.structured:
            return estimand.variances(keys, design)
        return estimand.moved_variances(keys, design)
    sums = {key: np.zeros(np.shape(estimand.point[key])) for key in keys}
    for stack, factor in sample.replicates(kind, n_resamples, rng):
        values = estimand.evaluate(stack, keys)
        for key in keys:
            deviation = np.asarray(values[key], dtype=float) - np.asarray(estimand.point[key], dtype=float)
            squares = np.where(np.isfinite(deviation), deviation * deviation, 0.0)
            sums[key] += np.tensordot(factor, squares, axes=1)
    return sums


def replicate_covariance(sample: SampleDesign, function, point: np.ndarray, n_resamples: int = 2000,
                         seed: int = 0) -> np.ndarray:
    """The replicate covariance matrix Σ_r c_r (f_r − f̂)(f_r − f̂)' of the V values ``function`` gives on a stack of
    tables (shape (b, V) from (b, *table_shape)), centred at ``point`` = f̂, over the replicates of ``sample`` (its
    kind; Rao–Wu's bootstrap with ``n_resamples`` replicates drawn with ``seed``, so that a test gives the same
    answer on every call)."""
    point = np.asarray(point, dtype=float)
    total = np.zeros((len(point), len(point)))
    for stack, factor in sample.replicates(sample.replicates_kind, n_resamples, np.random.default_rng(seed)):
        deviation = np.asarray(function(stack), dtype=float).reshape(len(stack), -1) - point
        total += (deviation * factor[:, None]).T @ deviation
    return total
