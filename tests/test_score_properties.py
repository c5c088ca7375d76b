"""Properties of every score record, generated from the registry and checked both ways (hypothesis).

Each record of the kind "score" is evaluated on random score tables (distinct scores × positive and negative
counts): its value lies in its declared range; scaling every count leaves a scale-invariant record unchanged; a
score that separates the classes gives the best value and one that does not stays below it; the declared gradient
equals central differences of the formula; a stack of tables gives each table's value.
"""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pandas_agree.engine.scores import ScoreView
from pandas_agree.measures.registry import records

SCORE_RECORDS = records("score")
IDS = [m.code for m in SCORE_RECORDS]
each = pytest.mark.parametrize("m", SCORE_RECORDS, ids=IDS)


@st.composite
def score_tables(draw, min_levels=2, max_levels=12):
    """Counts of positives and negatives at S distinct scores, each class present (fractional counts allowed)."""
    s = draw(st.integers(min_levels, max_levels))
    count = st.one_of(st.integers(0, 6).map(float), st.floats(0, 5, allow_nan=False).map(lambda x: round(x, 2)))
    pos = np.array(draw(st.lists(count, min_size=s, max_size=s)))
    neg = np.array(draw(st.lists(count, min_size=s, max_size=s)))
    pos[draw(st.integers(0, s - 1))] += 1
    neg[draw(st.integers(0, s - 1))] += 1
    return ScoreView(np.linspace(0.05, 0.95, s), pos, neg)


PARAMS = {"max_fpr": 0.3}  # a parameter that makes the partial AUC partial


def _params(m) -> dict:
    return {p: PARAMS[p] for p in m.params}


def _value(m, v: ScoreView) -> float:
    with np.errstate(all="ignore"):
        return float(m.compute(v, **_params(m)))


@each
@settings(max_examples=60, deadline=None)
@given(v=score_tables())
def test_value_inside_declared_range(m, v):
    lo, hi = m.range
    x = _value(m, v)
    assert np.isnan(x) or lo - 1e-12 <= x <= hi + 1e-12


@each
@settings(max_examples=40, deadline=None)
@given(v=score_tables(), factor=st.sampled_from([0.25, 3.0, 1000.0]))
def test_scaling_the_counts(m, v, factor):
    scaled = _value(m, ScoreView(v.scores, v.positives * factor, v.negatives * factor))
    if m.scale_invariant:
        assert scaled == pytest.approx(_value(m, v), rel=1e-10, abs=1e-12)


@each
@settings(max_examples=40, deadline=None)
@given(s=st.integers(2, 10), split=st.data())
def test_separating_score_gives_the_best_value_and_an_overlap_does_not(m, s, split):
    if m.best is None:
        return
    cut = split.draw(st.integers(1, s - 1))
    pos = np.where(np.arange(s) >= cut, 1.0 + np.arange(s) % 3, 0.0)
    neg = np.where(np.arange(s) < cut, 2.0, 0.0)
    scores = np.linspace(0, 1, s)
    assert _value(m, ScoreView(scores, pos, neg)) == pytest.approx(m.best, abs=1e-12)
    overlap = neg.copy()
    overlap[-1] += 1.0  # a negative object at the highest score
    assert _value(m, ScoreView(scores, pos, overlap)) < m.best - 1e-9


@each
@settings(max_examples=40, deadline=None)
@given(v=score_tables())
def test_gradient_equals_central_differences(m, v):
    """The declared partials against the formula moved at each count (the counts kept positive). At a kink (the
    one-sided slopes differ: a bin of ECE whose gap is 0) the partial is one of the one-sided slopes."""
    pos, neg = v.positives + 0.5, v.negatives + 0.5  # every count positive: no one-sided step
    d_pos, d_neg = m.gradient(ScoreView(v.scores, pos, neg), **_params(m))
    h = 1e-6
    for side, partials in ((0, d_pos), (1, d_neg)):
        for i in range(len(pos)):
            up, down = [pos.copy(), neg.copy()], [pos.copy(), neg.copy()]
            up[side][i] += h
            down[side][i] -= h
            at = _value(m, ScoreView(v.scores, pos, neg))
            right = (_value(m, ScoreView(v.scores, *up)) - at) / h
            left = (at - _value(m, ScoreView(v.scores, *down))) / h
            if abs(right - left) > 1e-4 * max(1.0, abs(right)):  # a kink
                assert partials[i] == pytest.approx(right, rel=1e-4, abs=1e-6) or \
                    partials[i] == pytest.approx(left, rel=1e-4, abs=1e-6)
            else:
                assert partials[i] == pytest.approx((right + left) / 2, rel=1e-5, abs=1e-7)


@each
@settings(max_examples=20, deadline=None)
@given(a=score_tables(min_levels=5, max_levels=5), b=score_tables(min_levels=5, max_levels=5))
def test_a_stack_gives_each_tables_value(m, a, b):
    stacked = ScoreView(a.scores, np.stack([a.positives, b.positives]), np.stack([a.negatives, b.negatives]))
    with np.errstate(all="ignore"):
        both = np.asarray(m.compute(stacked, **_params(m)), dtype=float)
    np.testing.assert_allclose(both, [_value(m, a), _value(m, b)], rtol=1e-12, atol=1e-14)
