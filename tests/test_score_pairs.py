"""Hand and Till's pairs of classes read the patterns of their two labels only (``ScorePatterns.pair_view``), and
the influences of a combination of atoms are added atom by atom: the same counts, values and influences as the
views of whole score tables and the matrix of patterns × atoms they replace, which at 100 classes and 10⁵ objects
took about 60 s and more than 16 GB (``python benchmarks/scores.py --classes 100``). These tests check that the
two ways agree; the time and memory are the benchmark's."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pandas_agree.analyses.scores import scores
from pandas_agree.engine.scores import count_scores


@st.composite
def _data(draw):
    n = draw(st.integers(4, 40))
    labels = draw(st.integers(2, 5))
    columns = draw(st.integers(1, 3))
    y = draw(st.lists(st.integers(0, labels - 1), min_size=n, max_size=n))
    # few distinct scores, so that patterns share a score in a column and scores are tied across labels
    s = [draw(st.lists(st.integers(0, 6), min_size=n, max_size=n)) for _ in range(columns)]
    w = draw(st.lists(st.sampled_from([0.5, 1.0, 2.5]), min_size=n, max_size=n))
    return np.array(y), [np.array(c, dtype=float) / 6 for c in s], np.array(w)


@settings(max_examples=150, deadline=None)
@given(_data(), st.integers(0, 2**32 - 1))
def test_a_pair_view_has_the_counts_of_the_whole_view_at_its_scores(data, seed):
    y, columns, w = data
    patterns = count_scores(y, columns, weights=w, names=("y", [f"s{c}" for c in range(len(columns))]))
    stack = np.random.default_rng(seed).uniform(0, 3, (3, len(patterns.counts)))
    for counts in (None, stack):
        for column in range(len(columns)):
            for i in range(patterns.width):
                for j in range(patterns.width):
                    if i == j:
                        continue
                    whole = patterns.view(column, i, j, counts=counts)
                    pair, (pos_rows, pos_at), (neg_rows, neg_at) = patterns.pair_view(column, i, j, counts=counts)
                    support = np.searchsorted(patterns.scores[column], pair.scores)
                    assert np.array_equal(patterns.scores[column][support], pair.scores)
                    assert np.array_equal(whole.positives[..., support], pair.positives)  # the same sums, exactly
                    assert np.array_equal(whole.negatives[..., support], pair.negatives)
                    outside = np.ones(len(patterns.scores[column]), dtype=bool)
                    outside[support] = False
                    assert not whole.positives[..., outside].any() and not whole.negatives[..., outside].any()
                    assert (patterns.label[pos_rows] == i).all() and (patterns.label[neg_rows] == j).all()
                    level = patterns.levels[:, column]
                    assert np.array_equal(support[pos_at], level[pos_rows])
                    assert np.array_equal(support[neg_at], level[neg_rows])


def _matrix_influences(estimand, key):
    """The influence of ``key`` as before: every atom's influence from its whole view, in a matrix of patterns ×
    atoms, times the combination's jacobian (and the prevalences' part of a weighted average)."""
    patterns = estimand.patterns
    out = np.zeros((len(patterns.counts), len(estimand.atoms)))
    for a, atom in enumerate(estimand.atoms):
        view = patterns.view(atom.column, atom.positive, atom.negative)
        d_pos, d_neg = atom.measure.gradient(view, **atom.params)
        level = patterns.levels[:, atom.column]
        positive = patterns.label == atom.positive
        negative = ~positive if atom.negative is None else patterns.label == atom.negative
        out[positive, a] = d_pos[level[positive]]
        out[negative, a] = d_neg[level[negative]]
    d_atoms, d_prev = estimand.values[key].jacobian(estimand._atom_point, estimand._prev_point)
    u = out @ d_atoms
    if np.any(d_prev):  # the prevalences of a weighted average
        u = u + (d_prev[patterns.label] - d_prev @ estimand._prev_point) / patterns.n
    return u


@pytest.mark.parametrize("average", ["unweighted", "weighted"])
@pytest.mark.parametrize("weighted", [False, True])
def test_hand_and_till_s_influences_are_those_of_the_matrix_of_atoms(average, weighted, monkeypatch):
    from sklearn.metrics import roc_auc_score

    from pandas_agree.inference.scores import ScoreMeasures

    rng = np.random.default_rng(1)
    n, k = 600, 5
    y = rng.integers(0, k, n)
    logits = rng.normal(size=(n, k))
    logits[np.arange(n), y] += 1.0
    p = np.round(np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True), 2)  # ties within and across classes
    p /= p.sum(axis=1, keepdims=True)
    captured = []
    original = ScoreMeasures.__init__

    def keep(self, *args, **kwargs):
        original(self, *args, **kwargs)
        captured.append(self)

    monkeypatch.setattr(ScoreMeasures, "__init__", keep)
    weights = rng.uniform(0.5, 2, n) if weighted else None
    frame = scores(y, [p[:, j] for j in range(k)], weights=weights).values("AUC", average=average, ci="linearized")
    estimand = captured[-1]
    for key in ("AUC", "AUC_OVO"):
        np.testing.assert_allclose(estimand.influences([key])[:, 0], _matrix_influences(estimand, key),
                                   rtol=1e-12, atol=1e-15)
    if not weighted:  # scikit-learn's Hand and Till M (multi_class="ovo" takes no sample weights)
        expected = roc_auc_score(y, p, multi_class="ovo", average="macro" if average == "unweighted" else "weighted")
        assert frame.loc["AUC_OVO", "value"] == pytest.approx(expected, abs=1e-12)
