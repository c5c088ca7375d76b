"""The delta method over subjects with many distinct rating patterns: the patterns' own linearisation (linear in
the number of patterns), the same SE as moving every pattern's weight in the inference core, and ci="auto" keeps
the delta method for LIGHT (and ALPHA at the ordinal level) whatever the number of patterns."""

import warnings

import numpy as np
import pandas as pd
import pytest

import pandas_agree as pa
from pandas_agree.analyses.raters import RaterCoefficients
from pandas_agree.inference.estimands import Estimand
from pandas_agree.inference.intervals import MOVED_CELLS


def _ratings(n, m, q, seed=0, missing=0.1):
    rng = np.random.default_rng(seed)
    truth = rng.integers(0, q, n)
    ratings = np.where(rng.random((n, m)) < 0.7, truth[:, None], rng.integers(0, q, (n, m))).astype(float)
    ratings[rng.random((n, m)) < missing] = np.nan
    return pd.DataFrame(ratings + 1, columns=[f"r{g}" for g in range(m)])


@pytest.fixture(scope="module")
def many():
    # 4,000 subjects, 7 raters, 5 categories: more distinct rating patterns than the core moves one by one
    return _ratings(4000, 7, 5).agree.raters([f"r{g}" for g in range(7)])


def _patterns(ra):
    return len(ra._design.weights)


def test_auto_keeps_the_delta_method_beyond_the_moved_cells(many):
    assert _patterns(many) > MOVED_CELLS
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        auto = many.summary(["LIGHT", "ALPHA"], ci="auto", level="ordinal")
        linearized = many.summary(["LIGHT", "ALPHA"], ci="linearized", level="ordinal")
    for code in ("LIGHT", "ALPHA"):
        assert auto.loc[code, "method"].startswith("linearised (identity scale)")
        assert auto.loc[code, "se"] == pytest.approx(linearized.loc[code, "se"], rel=1e-12)


def test_linearized_never_moves_the_patterns_one_by_one(many, monkeypatch):
    def moved(*args, **kwargs):
        raise AssertionError("the core's moved cells evaluate every pattern for each pattern")
    monkeypatch.setattr(RaterCoefficients, "moved_variances", moved)
    s = many.summary(ci="linearized")
    assert np.isfinite(s["se"]).all()


def test_the_patterns_linearisation_equals_the_moved_cells():
    # the core's gradient over every non-empty cell (each pattern's weight moved up and down) gives the same
    # variance, to the central differences' rounding
    ra = _ratings(400, 5, 4, seed=3).agree.raters([f"r{g}" for g in range(5)], weights=np.linspace(0.5, 2, 400))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ours = ra.summary(ci="linearized")
    codes = list(ours.index)
    blocks, sums, values = ra._estimate(codes, np.eye(len(ra.categories)), "nominal")
    opts = pa.analyses.raters.interval_options("linearized", 0.95, 2000, "bca", 0, "multinomial", None)
    estimand = RaterCoefficients(ra, codes, {c: float(values[c]) for c in codes}, blocks, sums,
                                 np.eye(len(ra.categories)), "nominal", opts)
    moved = Estimand.moved_variances(estimand, codes, "multinomial")
    for code in codes:
        assert ours.loc[code, "se"] == pytest.approx(np.sqrt(moved[code]), rel=1e-6)
