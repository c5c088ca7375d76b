"""A joint table of more than 2²² cells (without a sample design) is counted and held as its non-empty cells, which
are at most the rows: three predictions of 100 classes (10⁸ cells) or two of 3,000 (2.7·10¹⁰) compare like small
ones, where more than 5·10⁷ cells were refused. Held so, every value, difference, test, report and sum of
comparisons equals that of the same table held whole (weighted sums to round-off: the cells' weights are added in
another order)."""

import warnings

import numpy as np
import pandas as pd
import pytest

import pandas_agree  # noqa: F401  (the .agree accessor)
import pandas_agree.analyses.comparison as comparison_module
import pandas_agree.engine.joint as joint_module


def _predictions(n: int = 20_000, k: int = 12, seed: int = 0) -> tuple[pd.DataFrame, np.ndarray]:
    rng = np.random.default_rng(seed)
    truth = rng.integers(0, k, n)
    df = pd.DataFrame({"truth": truth})
    for name, right in (("a", 0.8), ("c", 0.6), ("b", 0.7)):
        df[name] = np.where(rng.random(n) < right, truth, rng.integers(0, k, n))
    df["b"] = df["b"].astype(object)
    df.loc[::97, "b"] = None  # rows left out for a missing label
    weights = rng.uniform(0.0, 2.0, n)
    weights[::501], weights[::333] = np.nan, 0.0  # missing and zero weights
    return df, weights


def _both(monkeypatch, count):
    whole = count()
    monkeypatch.setattr(joint_module, "held_sparse", lambda shape: True)
    monkeypatch.setattr(comparison_module, "held_sparse", lambda shape: True)
    stored = count()
    monkeypatch.undo()
    assert whole._joint.counts is not None and stored._joint.counts is None
    return whole, stored


@pytest.mark.parametrize("weighted", [False, True])
def test_held_as_cells_equals_held_whole(monkeypatch, weighted):
    df, weights = _predictions()
    w = weights if weighted else None
    whole, stored = _both(monkeypatch, lambda: df.agree.compare("truth", ["a", "c", "b"], weights=w))
    # the whole table's differences from its non-empty cells too, so that the bootstrap draws the same resamples
    # (tests/test_compare_sparse_joint.py: those equal the whole table's)
    monkeypatch.setattr(comparison_module, "SPARSE_JOINT", 0)
    exact = {} if weighted else {"check_exact": True}
    np.testing.assert_allclose(stored.joint, whole.joint, rtol=0 if not weighted else 1e-13, atol=0)
    for name in ("n_rows", "n_missing", "n_zero_weight", "n_missing_weight", "n_missing_zero_weight"):
        assert getattr(stored._joint, name) == getattr(whole._joint, name), name
    assert stored._joint.weight_missing == pytest.approx(whole._joint.weight_missing, rel=1e-13)
    for p in range(3):
        pd.testing.assert_frame_equal(stored._joint.marginal(p), whole._joint.marginal(p), rtol=1e-13)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pd.testing.assert_frame_equal(stored.values(ci="auto"), whole.values(ci="auto"), rtol=1e-9, **exact)
        for options in ({"ci": "auto"}, {"ci": "linearized", "resampling": "fixed-reference"},
                        {"ci": "bootstrap", "n_resamples": 200, "random_state": 1}):
            pd.testing.assert_frame_equal(stored.differences(**options), whole.differences(**options), rtol=1e-9)
        pd.testing.assert_frame_equal(stored.tests(), whole.tests(), rtol=1e-9)
        if not weighted:
            assert str(stored.report(random_state=0)) == str(whole.report(random_state=0))
    cells = stored.joint_cells
    assert cells.columns.tolist() == ["truth", "a", "c", "b", "count"]
    assert len(cells) == np.count_nonzero(whole.joint) and cells["count"].sum() == pytest.approx(whole.n)


def test_sums_of_comparisons_held_as_cells(monkeypatch):
    df, _ = _predictions(seed=2)
    one = df.agree.compare("truth", ["a", "c", "b"])

    def added():
        return df.iloc[:7000].agree.compare("truth", ["a", "c", "b"]) + df.iloc[7000:].agree.compare(
            "truth", ["a", "c", "b"])

    _, stored = _both(monkeypatch, added)
    assert np.array_equal(stored.joint, one.joint) and stored.n_rows == one.n_rows
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pd.testing.assert_frame_equal(stored.differences(ci="auto"), one.differences(ci="auto"), rtol=1e-9)


def test_three_predictions_of_a_hundred_classes():
    """101⁴ ≈ 10⁸ cells, of which 20,000 rows fill at most 20,000: held as those, compared as any table (OSR's
    difference has the McNemar-type SE of paired proportions)."""
    df, _ = _predictions(k=100, seed=3)
    df = df.dropna()
    comparison = df.agree.compare("truth", ["a", "b", "c"])
    assert comparison._joint.counts is None and comparison.n == len(df)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        d = comparison.differences(["OSR", "KAPPA"], ci="auto")
    right_a, right_b = df["a"] == df["truth"], df["b"] == df["truth"]
    only_a, only_b = float((right_a & ~right_b).sum()), float((~right_a & right_b).sum())
    n = len(df)
    assert d.loc["a − b", ("OSR", "difference")] == pytest.approx((only_a - only_b) / n, rel=1e-12)
    assert d.loc["a − b", ("OSR", "se")] == pytest.approx(np.sqrt(only_a + only_b - (only_a - only_b) ** 2 / n) / n,
                                                          rel=1e-9)
    assert np.isfinite(d.xs("se", axis=1, level="stat").to_numpy()).all()
