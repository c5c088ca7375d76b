"""Shared helpers for the measure tests: random tables and quiet evaluation."""

import warnings

import numpy as np
import pandas as pd
from hypothesis import strategies as st

import pandas_agree as pa


@st.composite
def square_tables(draw, min_k=2, max_k=5, low=0, high=40):
    """A K×K table of counts with the same labels on both sides and a positive total."""
    k = draw(st.integers(min_k, max_k))
    cells = draw(st.lists(st.integers(low, high), min_size=k * k, max_size=k * k))
    table = np.array(cells, dtype=float).reshape(k, k)
    if table.sum() == 0:
        table[0, 0] = 1
    labels = [f"c{i}" for i in range(k)]
    return pd.DataFrame(table, index=labels, columns=labels)


def quiet(fn, *args, **kwargs):
    """Call ``fn`` with undefined-value warnings silenced."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", pa.UndefinedMeasureWarning)
        return fn(*args, **kwargs)


def expand(table: np.ndarray):
    """Rows (y_true, y_pred) whose crosstab is ``table`` (integer counts)."""
    i, j = np.indices(table.shape)
    reps = table.astype(int).ravel()
    return np.repeat(i.ravel(), reps), np.repeat(j.ravel(), reps)


_HALVES: list = []  # the simulation and its halves, inherited by forked workers (a closure cannot be pickled)


def _half(i: int):
    simulate, halves = _HALVES
    return simulate(*halves[i])


PROCESSES = "PANDAS_AGREE_TEST_PROCESSES"
"""The environment variable that sets how many processes :func:`in_halves` takes: "1" runs the two halves one after
the other in the test's own process (CI runs one test process a core: more would share the cores, and the switches
between processes cost about a fifth more CPU); by default two forked processes where the machine has two cores."""


def in_halves(simulate, sims: int, seed: int):
    """``simulate(sims, rng, first)`` over two halves of ``sims`` simulations, each with its own generator
    (``SeedSequence([seed, half])``) and the index of its first simulation, on two forked processes where the
    machine has them (and :data:`PROCESSES` does not say one): the same results whatever the number of processes.
    Gives the two results, in order."""
    import multiprocessing
    import os

    halves = [(sims // 2, np.random.default_rng([seed, 0]), 0),
              (sims - sims // 2, np.random.default_rng([seed, 1]), sims // 2)]
    if ((os.cpu_count() or 1) < 2 or os.environ.get(PROCESSES) == "1"
            or "fork" not in multiprocessing.get_all_start_methods()):
        return [simulate(*half) for half in halves]
    _HALVES[:] = [simulate, halves]
    try:
        with multiprocessing.get_context("fork").Pool(2) as pool:
            return pool.map(_half, [0, 1])
    finally:
        _HALVES.clear()
