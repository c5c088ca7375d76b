"""The slow tests' simulations (tests/_tables.py ``in_halves``) give the same results in one process as in two, so
that CI may run them in one process a core."""

import os

import numpy as np

from ._tables import PROCESSES, in_halves


def _draws(sims, rng, first):
    return first, rng.normal(size=sims).tolist()


def test_the_halves_are_the_same_in_one_process_as_in_two(monkeypatch):
    monkeypatch.delenv(PROCESSES, raising=False)
    forked = in_halves(_draws, 7, 11)
    monkeypatch.setenv(PROCESSES, "1")
    serial = in_halves(_draws, 7, 11)
    assert serial == forked
    assert [first for first, _ in serial] == [0, 3] and [len(d) for _, d in serial] == [3, 4]
    assert serial[0][1] == np.random.default_rng([11, 0]).normal(size=3).tolist()


def test_one_process_runs_the_halves_here(monkeypatch):
    # in this process: a simulation that records where it ran sees this process's id in both halves
    monkeypatch.setenv(PROCESSES, "1")
    assert in_halves(lambda sims, rng, first: os.getpid(), 4, 1) == [os.getpid()] * 2
