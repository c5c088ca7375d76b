"""Weighted chance-corrected coefficients: every coefficient with a weighted form takes ``kappa_weights``.

Known answers are irrCAC's (Gwet 2014, Handbook of Inter-Rater Reliability, ch. 3; irrCAC's table functions
``scott2.table``, ``bp2.table``, ``gwet.ac1.table`` and ``krippen2.table`` with weights, as the package's tests
print them to three decimals) on its two contingency tables: ``cont3x3abstractors`` (100 pregnant women, two
abstractors) and ``cont4x4diagnosis`` (223 psychiatric patients, two diagnosis methods).
"""

import warnings

import numpy as np
import pandas as pd
import pytest

import pandas_agree as pa

ABSTRACTORS = np.array([[13, 0, 0], [0, 20, 7], [0, 4, 56]])
DIAGNOSIS = np.array([[40, 4, 4, 17], [6, 25, 2, 13], [4, 1, 21, 12], [15, 5, 9, 45]])


@pytest.mark.parametrize("table, weights, expected", [
    # (value, se) of SPI, BPK, AC2 and value of ALPHA, as irrCAC gives them
    (ABSTRACTORS, "linear", {"SPI": (0.843, 0.048), "BPK": (0.876, None), "AC1": (0.900, None),
                             "ALPHA": (0.844, None)}),
    (ABSTRACTORS, "quadratic", {"SPI": (0.892, 0.035), "BPK": (0.918, None), "AC1": (0.940, None),
                                "ALPHA": (0.893, None)}),
    (DIAGNOSIS, "linear", {"SPI": (0.406, 0.054), "BPK": (0.347, 0.060), "AC1": (0.377, 0.056)}),
    (DIAGNOSIS, "quadratic", {"SPI": (0.382, 0.066), "BPK": (0.236, 0.085), "AC1": (0.299, 0.075)}),
])
def test_weighted_coefficients_equal_irrcac(table, weights, expected):
    m = pa.Agreement.from_table(table).multiclass(list(expected), kappa_weights=weights, ci="auto")
    for code, (value, se) in expected.items():
        assert m.loc[code, "value"] == pytest.approx(value, abs=0.0005)
        if se is not None:
            assert m.loc[code, "se"] == pytest.approx(se, abs=0.0005)


def _by_definition(table, w):
    """Gwet (2014) ch. 3 from the definitions: Po = Σ w p, π = (p_k· + p_·k)/2."""
    p = table / table.sum()
    q = len(p)
    pi = (p.sum(axis=1) + p.sum(axis=0)) / 2
    po = (w * p).sum()
    eps = 1 / (2 * table.sum())
    pe = {"SPI": pi @ w @ pi, "BPK": w.sum() / q**2, "AC1": w.sum() / (q * (q - 1)) * (pi * (1 - pi)).sum()}
    out = {code: (po - e) / (1 - e) for code, e in pe.items()}
    out["ALPHA"] = ((1 - eps) * po + eps - pe["SPI"]) / (1 - pe["SPI"])
    return out


def test_weighted_coefficients_follow_their_definition_with_any_weights():
    rng = np.random.default_rng(3)
    table = rng.integers(0, 30, (4, 4)).astype(float)
    w = rng.uniform(0, 1, (4, 4))
    np.fill_diagonal(w, 1.0)
    m = pa.Agreement.from_table(table).multiclass(["SPI", "BPK", "AC1", "ALPHA"], kappa_weights=w)
    for code, value in _by_definition(table, w).items():
        assert m.loc[code, "value"] == pytest.approx(value, abs=1e-12)


def test_identity_weights_give_the_unweighted_coefficients():
    ag = pa.Agreement.from_table(DIAGNOSIS)
    plain = ag.multiclass(["SPI", "BPK", "AC1", "ALPHA"], ci="auto")
    identity = ag.multiclass(["SPI", "BPK", "AC1", "ALPHA"], ci="auto", kappa_weights=np.eye(4))
    assert list(identity.index) == ["SPI", "BPK", "AC1", "ALPHA"]
    np.testing.assert_allclose(identity[["value", "se"]].to_numpy(), plain[["value", "se"]].to_numpy(), rtol=1e-10)


def test_linearised_se_of_weighted_coefficients_matches_the_bootstrap():
    ag = pa.Agreement.from_table(DIAGNOSIS)
    codes = ["SPI", "BPK", "AC1", "ALPHA"]
    auto = ag.multiclass(codes, kappa_weights="quadratic", ci="auto")
    boot = ag.multiclass(codes, kappa_weights="quadratic", ci="bootstrap", n_resamples=4000, random_state=1)
    np.testing.assert_allclose(auto["se"], boot["se"], rtol=0.1)


def test_weighted_rows_are_named_for_what_they_are():
    # the index keeps the codes whatever the options; the notes and the reports say what a weighted row is
    ag = pa.Agreement.from_table(ABSTRACTORS)
    weighted = ag.multiclass(kappa_weights="linear")
    assert "AC1" in weighted.index
    assert any("SPI" in n and "BPK" in n and "ALPHA" in n for n in weighted.attrs["notes"])
    assert any("AC1 is Gwet's AC2" in n for n in weighted.attrs["notes"])
    report = ag.report(kappa_weights="linear", random_state=0, n_resamples=50)
    text = str(report)
    # the Kappa Paradox table's coefficients are the unweighted ones: its AC1 row is Gwet's AC1
    assert "Gwet's AC2 (AC1)" in text and text.count("Gwet's AC1 (AC1)") == 1
    assert text.index("Gwet's AC2 (AC1)") < text.index("Kappa Paradox") < text.index("Gwet's AC1 (AC1)")
    assert "Gwet's AC1 (AC1)" in str(ag.report(random_state=0, n_resamples=50))
    ratings = pd.DataFrame({"a": [1, 2, 3, 1], "b": [1, 2, 2, 1], "c": [1, 3, 3, 2]})
    rater_report = ratings.agree.raters(["a", "b", "c"]).report(kappa_weights="linear", random_state=0,
                                                                 n_resamples=50)
    assert "Gwet's AC2 (AC1)" in str(rater_report)


def test_kappa_w_z_only_with_weights_or_kappa_w():
    ag = pa.Agreement.from_table(ABSTRACTORS)
    assert "KAPPA_W_Z" not in ag.tests().index
    assert "KAPPA_W_Z" in ag.tests(kappa_weights="quadratic").index
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert "KAPPA_W_Z" not in ag.report(random_state=0, n_resamples=50).tests.index
        assert "KAPPA_W_Z" in ag.report(measures=["KAPPA_W"], random_state=0, n_resamples=50).tests.index


def test_kappa_w_interval_uses_the_weights_of_its_value():
    ag = pa.Agreement.from_table(DIAGNOSIS)
    default = ag.multiclass(["KAPPA_W"], ci="auto")
    linear = ag.multiclass(["KAPPA_W"], ci="auto", kappa_weights="linear")
    pd_cols = ["value", "se", "lower", "upper"]
    np.testing.assert_allclose(default[pd_cols].to_numpy(), linear[pd_cols].to_numpy(), rtol=1e-12)
    comparison = pa.datasets.load("wine_predictions").agree.compare("cultivar", ["knn", "logistic"])
    values = comparison.values(["KAPPA_W"], ci="auto")
    for name in ("knn", "logistic"):
        ag = pa.datasets.load("wine_predictions").agree("cultivar", name)
        one = ag.multiclass(["KAPPA_W"], ci="auto", kappa_weights="linear")
        assert values.loc[name, ("KAPPA_W", "se")] == pytest.approx(one.loc["KAPPA_W", "se"], rel=1e-12)
