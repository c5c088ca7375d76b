"""Multiclass measures, the hypothesis tests and cluster-to-class matching: known answers, cross-checks
against scikit-learn, statsmodels and scipy, and identities (the properties of every record are tested in
test_registry_properties.py)."""

import math
import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from scipy.stats.contingency import association
from sklearn.metrics import cohen_kappa_score, matthews_corrcoef, normalized_mutual_info_score
from statsmodels.stats.contingency_tables import SquareTable
from statsmodels.stats.inter_rater import cohens_kappa

import pandas_agree as pa
from pandas_agree.engine.matching import residuals
from pandas_agree.inference.tests import kappa_variances
from pandas_agree.measures.registry import REGISTRY
from pandas_agree.measures.weights import agreement_weights

from ._tables import expand, quiet, square_tables

MULTICLASS = [m.code for m in REGISTRY.values() if m.kind == "multiclass" or m.among_multiclass]
SAS = np.array([[0, 4, 1], [0, 8, 0], [0, 1, 5]])  # SAS/STAT PROC FREQ agreement example (statsmodels' tests)


def _mc(table, codes=None, **kw):
    return quiet(pa.Agreement.from_table(table).multiclass, codes, **kw)["value"]


# --- known answers ------------------------------------------------------------------------------------------

# Řezanková & Húsek (2015), seed 000, Table 3.1: three reference classes of 3 objects, diagonal as given.
# Columns: OSR, normalised mutability, RH, DIF2, DIF2NORM. The printed row 1,0,0 has DIF2 = 23 and
# DIF2NORM = 0.148; the formula (and every other row) gives 22 and 0.185: an erratum in the table.
TABLE_3_1 = {
    (0, 0, 0): (0, 0, 0, 27, 0), (1, 0, 0): (0.111, 0, 0, 22, 0.185), (2, 0, 0): (0.222, 0, 0, 19, 0.296),
    (3, 0, 0): (0.333, 0, 0, 18, 0.333), (1, 1, 0): (0.222, 0.750, 0.167, 17, 0.370),
    (2, 1, 0): (0.333, 0.667, 0.222, 14, 0.481), (3, 1, 0): (0.444, 0.563, 0.250, 13, 0.519),
    (1, 1, 1): (0.333, 1.000, 0.333, 12, 0.556), (2, 2, 0): (0.444, 0.750, 0.333, 11, 0.593),
    (3, 2, 0): (0.556, 0.720, 0.400, 10, 0.630), (2, 1, 1): (0.444, 0.938, 0.417, 9, 0.667),
    (3, 3, 0): (0.667, 0.750, 0.500, 9, 0.667), (2, 2, 1): (0.556, 0.960, 0.533, 6, 0.778),
    (3, 2, 1): (0.667, 0.917, 0.611, 5, 0.815), (2, 2, 2): (0.667, 1.000, 0.667, 3, 0.889),
    (3, 2, 2): (0.778, 0.980, 0.762, 2, 0.926), (3, 3, 2): (0.889, 0.984, 0.875, 1, 0.963),
    (3, 3, 3): (1, 1.000, 1, 0, 1),
}


@pytest.mark.parametrize("diagonal", list(TABLE_3_1))
@pytest.mark.parametrize("off_diagonal", ["next", "spread"])
def test_seed000_table_3_1(diagonal, off_diagonal):
    osr, mutability, rh, dif2, dif2norm = TABLE_3_1[diagonal]
    t = np.zeros((3, 3))
    for i, k in enumerate(diagonal):
        t[i, i] = k
        if off_diagonal == "next":
            t[i, (i + 1) % 3] = 3 - k
        else:  # only the diagonal matters: put the misclassified objects anywhere else
            t[i, (i + 1) % 3] += (3 - k) // 2 + (3 - k) % 2
            t[i, (i + 2) % 3] += (3 - k) // 2
    m = _mc(t, ["OSR", "RH", "DIF2", "DIF2NORM"])
    assert m["OSR"] == pytest.approx(osr, abs=0.0006)
    assert m["RH"] == pytest.approx(rh, abs=0.0006)
    if osr > 0:
        assert m["RH"] / m["OSR"] == pytest.approx(mutability, abs=0.0006)
    assert m["DIF2"] == dif2
    assert m["DIF2NORM"] == pytest.approx(dif2norm, abs=0.0006)


# Volovici (2016), seed 002, Tables 9 and 12 (rows C1..C4 classes, columns K1..K4 clusters); Δ truncated.
T9 = pd.DataFrame([[94, 27, 70, 44], [69, 56, 10, 4], [21, 53, 35, 19], [0, 33, 1, 3]],
                  index=["C1", "C2", "C3", "C4"], columns=["K1", "K2", "K3", "K4"])
T12 = [[1.53, -5.43, 2.73, 2.44], [3.12, 1.88, -3.64, -3.3], [-3.43, 2.03, 1.41, 0.58], [-3.55, 6.28, -2.46, -0.82]]
T8 = pd.DataFrame([[76, 1, 1, 2], [0, 0, 30, 0], [1, 47, 1, 1], [3, 2, 0, 15]],
                  index=["C1", "C2", "C3", "C4"], columns=["K1", "K2", "K3", "K4"])


def test_seed002_table_12_residuals():
    np.testing.assert_array_equal(np.trunc(residuals(T9.to_numpy(float)) * 100) / 100, T12)


def test_seed002_table_9_residual_match():
    ag = pa.Agreement.from_table(T9, match="residual")
    assert dict(zip(ag.mapping["cluster"], ag.mapping["class"], strict=True)) == {
        "K4": "C1", "K1": "C2", "K3": "C3", "K2": "C4"}
    assert ag.multiclass(["OSR"]).loc["OSR", "value"] == pytest.approx((44 + 69 + 35 + 33) / 539)
    assert np.trunc(ag.mapping["delta"].to_numpy() * 100).tolist() == [244, 312, 141, 628]


def test_seed002_table_9_accuracy_match():
    ag = pa.Agreement.from_table(T9, match="accuracy")
    assert dict(zip(ag.mapping["cluster"], ag.mapping["class"], strict=True)) == {
        "K3": "C1", "K1": "C2", "K2": "C3", "K4": "C4"}
    assert ag.mapping["count"].sum() == 195
    assert ag.multiclass(["OSR"]).loc["OSR", "value"] == pytest.approx(0.362, abs=0.0005)


def test_seed002_table_8_accuracy_match():
    ag = pa.Agreement.from_table(T8, match="accuracy")
    assert dict(zip(ag.mapping["cluster"], ag.mapping["class"], strict=True)) == {
        "K1": "C1", "K3": "C2", "K2": "C3", "K4": "C4"}
    assert ag.multiclass(["OSR"]).loc["OSR", "value"] == pytest.approx(0.9333, abs=0.00005)


def test_sas_kappa_and_weighted_kappa():
    # SAS/STAT User's Guide, PROC FREQ, "Agreement study"; also statsmodels' test_inter_rater.py
    m = pa.Agreement.from_table(SAS).multiclass(["KAPPA", "KAPPA_W"], kappa_weights="linear")
    assert m.loc["KAPPA", "value"] == pytest.approx(0.4842, abs=0.00005)
    assert m.loc["KAPPA_W", "value"] == pytest.approx(0.4701, abs=0.00005)
    view = pa.Agreement.from_table(SAS)._view()
    _, var1, var0 = kappa_variances(view, np.eye(3))
    assert math.sqrt(var1) == pytest.approx(0.1380, abs=0.00005)
    assert math.sqrt(var0) == pytest.approx(0.1484, abs=0.00005)
    _, var1, var0 = kappa_variances(view, agreement_weights("linear", 3))
    assert math.sqrt(var1) == pytest.approx(0.1457, abs=0.00005)
    assert math.sqrt(var0) == pytest.approx(0.1426, abs=0.00005)


def test_sas_tests():
    t = pa.Agreement.from_table(SAS).tests(kappa_weights="linear")
    assert list(t.columns) == ["statistic", "df", "pvalue", "method"]
    assert t.loc["KAPPA_Z", "statistic"] == pytest.approx(3.2626, abs=0.00005)
    assert t.loc["KAPPA_Z", "pvalue"] == pytest.approx(0.0011, abs=0.00005)
    assert t.loc["KAPPA_W_Z", "statistic"] == pytest.approx(3.2971, abs=0.00005)
    # statsmodels' SquareTable on the same table (its own values: 6.0 on 3 df; 5.5556 on 2 df)
    assert t.loc["BOWKER", ["statistic", "df"]].tolist() == pytest.approx([6.0, 3])
    assert t.loc["BOWKER", "pvalue"] == pytest.approx(0.11161022509471268, rel=1e-12)
    assert t.loc["STUART_MAXWELL", ["statistic", "df"]].tolist() == pytest.approx([5.555555555555555, 2])
    assert t.loc["STUART_MAXWELL", "pvalue"] == pytest.approx(0.062176524022116375, rel=1e-12)
    assert np.isnan(t.loc["MCNEMAR", "statistic"]) and "2×2" in t.loc["MCNEMAR", "method"]


def test_krippendorff_binary_two_observers():
    # Krippendorff (2011), Computing Krippendorff's alpha-reliability, A: binary data, two observers: 0.095
    a = [0, 1, 0, 0, 0, 0, 0, 0, 1, 0]
    b = [1, 1, 1, 0, 0, 1, 0, 0, 0, 0]
    assert pa.agreement(a, b).multiclass(["ALPHA"]).loc["ALPHA", "value"] == pytest.approx(0.095, abs=0.0005)


# --- cross-checks on random tables ---------------------------------------------------------------------------

def _tables(seed, count=20, zeros=False):
    rng = np.random.default_rng(seed)
    for _ in range(count):
        k = int(rng.integers(2, 7))
        t = rng.integers(0 if zeros else 1, 40, (k, k)) + np.diag(rng.integers(0, 60, k))
        yield t.astype(float)


@pytest.mark.parametrize("seed", range(3))
def test_against_sklearn(seed):
    for t in _tables(seed):
        y_true, y_pred = expand(t)
        m = pa.Agreement.from_table(t).multiclass(["KAPPA", "RKCORR", "OSR", "UC"])
        assert m.loc["KAPPA", "value"] == pytest.approx(cohen_kappa_score(y_true, y_pred), abs=1e-12)
        assert m.loc["RKCORR", "value"] == pytest.approx(matthews_corrcoef(y_true, y_pred), abs=1e-12)
        assert m.loc["OSR", "value"] == pytest.approx(np.mean(y_true == y_pred), abs=1e-12)
        nmi = normalized_mutual_info_score(y_true, y_pred, average_method="arithmetic")
        assert m.loc["UC", "value"] == pytest.approx(nmi, abs=1e-10)
        for weights in ("linear", "quadratic"):
            ours = pa.Agreement.from_table(t).multiclass(["KAPPA_W"], kappa_weights=weights)
            assert ours.loc["KAPPA_W", "value"] == pytest.approx(
                cohen_kappa_score(y_true, y_pred, weights=weights), abs=1e-12)


@pytest.mark.parametrize("seed", range(3))
def test_against_statsmodels_and_scipy(seed):
    for t in _tables(seed, zeros=True):
        ag = pa.Agreement.from_table(t)
        ref = cohens_kappa(t)
        kappa, var1, var0 = kappa_variances(ag._view(), np.eye(len(t)))
        assert kappa == pytest.approx(ref.kappa, abs=1e-12)
        assert math.sqrt(var1) == pytest.approx(ref.std_kappa, rel=1e-10)
        assert math.sqrt(var0) == pytest.approx(ref.std_kappa0, rel=1e-10)
        tests = ag.tests()
        assert tests.loc["KAPPA_Z", "statistic"] == pytest.approx(ref.z_value, rel=1e-10)
        assert tests.loc["KAPPA_Z", "pvalue"] == pytest.approx(ref.pvalue_two_sided, rel=1e-8, abs=1e-300)
        for weights in ("linear", "quadratic"):
            ref_w = cohens_kappa(t, wt=weights)
            kw, v1, v0 = kappa_variances(ag._view(), agreement_weights(weights, len(t)))
            assert kw == pytest.approx(ref_w.kappa, abs=1e-12)
            assert math.sqrt(v1) == pytest.approx(ref_w.std_kappa, rel=1e-10)
            assert math.sqrt(v0) == pytest.approx(ref_w.std_kappa0, rel=1e-10)
        square = SquareTable(t, shift_zeros=False)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            bowker, stuart = square.symmetry(), square.homogeneity()
        assert tests.loc["BOWKER", "statistic"] == pytest.approx(bowker.statistic, rel=1e-12)
        assert tests.loc["BOWKER", "pvalue"] == pytest.approx(bowker.pvalue, rel=1e-12)
        assert tests.loc["STUART_MAXWELL", "statistic"] == pytest.approx(stuart.statistic, rel=1e-10, nan_ok=True)
        if (t.sum(axis=0) > 0).all() and (t.sum(axis=1) > 0).all():
            m = ag.multiclass(["CRAMERV"])
            assert m.loc["CRAMERV", "value"] == pytest.approx(association(t.astype(int), method="cramer"), rel=1e-12)


def test_lambda_and_bangdiwala_by_hand():
    t = np.array([[20.0, 5, 3], [4, 15, 8], [2, 6, 30]])
    m = _mc(t, ["LAMBDA", "B", "NIR", "KAPPA_MAX"])
    n = t.sum()
    # Goodman & Kruskal's symmetric lambda as SPSS defines it
    num = t.max(axis=1).sum() + t.max(axis=0).sum() - t.sum(axis=0).max() - t.sum(axis=1).max()
    assert m["LAMBDA"] == pytest.approx(num / (2 * n - t.sum(axis=0).max() - t.sum(axis=1).max()))
    assert m["B"] == pytest.approx((np.diag(t) ** 2).sum() / (t.sum(axis=1) * t.sum(axis=0)).sum())
    assert m["NIR"] == pytest.approx(38 / n)
    pe = (t.sum(axis=1) * t.sum(axis=0)).sum() / n**2
    pmax = np.minimum(t.sum(axis=1), t.sum(axis=0)).sum() / n
    assert m["KAPPA_MAX"] == pytest.approx((pmax - pe) / (1 - pe))


def test_ac1_and_alpha_by_definition():
    t = np.array([[20.0, 5, 3], [4, 15, 8], [2, 6, 30]])
    m = _mc(t, ["AC1", "ALPHA"])
    n, q = t.sum(), 3
    pi = (t.sum(axis=1) + t.sum(axis=0)) / (2 * n)
    pe = (pi * (1 - pi)).sum() / (q - 1)
    po = np.trace(t) / n
    assert m["AC1"] == pytest.approx((po - pe) / (1 - pe))
    # Krippendorff's alpha from the pairable values, unit by unit
    values = np.concatenate([expand(t)[0], expand(t)[1]])
    pairs_disagree = 2 * (n - np.trace(t))
    counts = np.bincount(values)
    expected = (len(values) ** 2 - (counts**2).sum()) / (len(values) - 1)
    assert m["ALPHA"] == pytest.approx(1 - pairs_disagree / expected)


# --- identities ----------------------------------------------------------------------------------------------

@given(table=square_tables(min_k=2, max_k=6, low=1))
def test_identities(table):
    m = _mc(table)
    osr = m["OSR"]
    k = len(table)
    assert m["HC"] == pytest.approx(2 * osr - 1, abs=1e-12)
    assert m["BPK"] == pytest.approx((k * osr - 1) / (k - 1), abs=1e-12)
    assert m["KAPPA"] <= m["KAPPA_MAX"] + 1e-12
    assert m["RMSE"] == pytest.approx(math.sqrt(2 * (1 - osr) / k), abs=1e-12)


@given(table=square_tables(min_k=2, max_k=2, low=1))
def test_two_by_two_kappa_is_hss_of_either_class(table):
    ag = pa.Agreement.from_table(table)
    kappa = ag.multiclass(["KAPPA"]).loc["KAPPA", "value"]
    hss = ag.binary(["HSS"])["HSS"]
    np.testing.assert_allclose(hss.to_numpy(), [kappa, kappa], atol=1e-12)



def test_rkcorr_of_a_prediction_that_never_gives_a_class_says_how_to_get_scikit_learns_number():
    """A classifier that never predicts class 2: RKCORR is NaN, and the warning says that labels= over the union gives
    it, as scikit-learn's matthews_corrcoef computes it."""
    y = [0, 0, 1, 1, 2, 2, 2, 0, 1, 2]
    pred = [0, 1, 1, 1, 0, 1, 0, 0, 1, 1]
    df = pd.DataFrame({"y": y, "pred": pred})
    with pytest.warns(pa.UndefinedMeasureWarning, match=r"labels= listing every label of either side .* "
                                                        r"matthews_corrcoef"):
        assert np.isnan(df.agree("y", "pred").multiclass(["RKCORR"]).loc["RKCORR", "value"])
    square = df.agree("y", "pred", labels=[0, 1, 2]).multiclass(["RKCORR"])
    # sklearn.metrics.matthews_corrcoef(y, pred) = 0.3553345272593507 (scikit-learn 1.9.1)
    assert square.loc["RKCORR", "value"] == pytest.approx(0.3553345272593507, abs=1e-12)

# --- non-matching label sets (the macro's rules) -------------------------------------------------------------

def test_non_matching_label_sets():
    df = pd.DataFrame({"actual": [1, 1, 2, 2, 3, 3, 1, 2], "pred": [1, 2, 2, 4, 5, 1, 1, 2]})
    ag = df.agree("actual", "pred")
    with pytest.warns(pa.UndefinedMeasureWarning, match="RKCORR"):
        m = ag.multiclass()
    assert m.loc["OSR", "value"] == pytest.approx(0.5)
    pe = (3 * 3 + 3 * 3) / 64
    assert m.loc["KAPPA", "value"] == pytest.approx((0.5 - pe) / (1 - pe))
    pe_scott = ((3 + 3) / 16) ** 2 * 2
    assert m.loc["SPI", "value"] == pytest.approx((0.5 - pe_scott) / (1 - pe_scott))
    assert m.loc["BPK", "value"] == pytest.approx((0.5 - 2 / 12) / (1 - 2 / 12))
    assert np.isnan(m.loc["RKCORR", "value"]) and any("RKCORR" in n for n in m.attrs["notes"])
    # square measures use the union 1..5
    assert list(ag.labels) == [1, 2, 3, 4, 5]
    assert m.loc["RMSE", "value"] == pytest.approx(math.sqrt(2 * 0.5 / 5))
    # RH and DIF2 run over the I reference classes (class 3 has n_33 = 0)
    assert m.loc["DIF2", "value"] == (3 - 2) ** 2 + (3 - 2) ** 2 + 2**2


def test_kappa_of_matching_cells_equals_kappa_of_the_union_table():
    df = pd.DataFrame({"actual": [1, 1, 2, 2, 3, 3, 1, 2], "pred": [1, 2, 2, 4, 5, 1, 1, 2]})
    ag = df.agree("actual", "pred")
    square = ag._view().square
    assert ag.multiclass(["KAPPA"]).loc["KAPPA", "value"] == pytest.approx(cohens_kappa(square).kappa)


def test_weighted_kappa_uses_label_order():
    cat = pd.CategoricalDtype(["low", "mid", "high"], ordered=True)
    df = pd.DataFrame({"a": pd.Series(["low", "mid", "high", "high", "low"], dtype=cat),
                       "p": pd.Series(["mid", "mid", "high", "low", "low"], dtype=cat)})
    ours = df.agree("a", "p").multiclass(["KAPPA_W"], kappa_weights="quadratic").loc["KAPPA_W", "value"]
    codes = df.apply(lambda c: c.cat.codes)
    assert ours == pytest.approx(cohen_kappa_score(codes["a"], codes["p"], weights="quadratic"))


def test_kappa_weights_matrix_and_frame():
    ag = pa.Agreement.from_table(SAS)
    w = agreement_weights("linear", 3)
    by_array = ag.multiclass(["KAPPA_W"], kappa_weights=w).loc["KAPPA_W", "value"]
    frame = pd.DataFrame(w[::-1, ::-1], index=[2, 1, 0], columns=[2, 1, 0])
    by_frame = ag.multiclass(["KAPPA_W"], kappa_weights=frame).loc["KAPPA_W", "value"]
    assert by_array == pytest.approx(0.4701, abs=5e-5) and by_frame == pytest.approx(by_array)
    identity = ag.multiclass(["KAPPA_W", "KAPPA"], kappa_weights=np.eye(3))["value"]
    assert identity["KAPPA_W"] == pytest.approx(identity["KAPPA"])


@pytest.mark.parametrize("weights, err, fragment", [
    ("cubic", ValueError, "linear"), (np.eye(2), ValueError, "3×3"), (np.full((3, 3), 2.0), ValueError, "between 0"),
    (np.zeros((3, 3)), ValueError, "diagonal"), (pd.DataFrame(np.eye(2)), ValueError, "missing"),
])
def test_bad_kappa_weights(weights, err, fragment):
    with pytest.raises(err, match=fragment):
        pa.Agreement.from_table(SAS).multiclass(["KAPPA_W"], kappa_weights=weights)


def test_ac2_with_weights_and_identity_weights_give_ac1():
    ag = pa.Agreement.from_table(SAS)
    ac1 = ag.multiclass(["AC1"]).loc["AC1", "value"]
    same = ag.multiclass(["AC1"], kappa_weights=np.eye(3))
    assert same.loc["AC1", "value"] == pytest.approx(ac1) and any("AC2" in n for n in same.attrs["notes"])


def test_interpretation_bands():
    t = np.array([[45, 5], [5, 45]])
    m = pa.Agreement.from_table(t).multiclass(["OSR", "KAPPA", "AC1"])
    assert m.loc["KAPPA", "interpretation"] == "substantial" and pd.isna(m.loc["OSR", "interpretation"])
    cohen = pa.Agreement.from_table(t).multiclass(["KAPPA"], bands="cohen")
    assert cohen.loc["KAPPA", "interpretation"] == "substantial"
    from pandas_agree.measures.bands import interpret
    assert interpret([-0.1, 0, 0.2, 0.21, 0.4, 0.6, 0.8, 0.81, 1], "landis-koch") == [
        "poor", "slight", "slight", "fair", "fair", "moderate", "substantial", "almost perfect", "almost perfect"]
    assert interpret([-0.1, 0, 0.01, 0.2, 0.21, np.nan], "cohen") == [
        "no agreement", "no agreement", "none to slight", "none to slight", "fair", None]
    with pytest.raises(ValueError, match="bands must be one of"):
        pa.Agreement.from_table(t).multiclass(["KAPPA"], bands="fleiss")
    assert "interpretation" not in pa.Agreement.from_table(t).multiclass(["OSR"]).columns


def test_default_set_and_kappa_w():
    ag = pa.Agreement.from_table(SAS)
    codes = list(ag.multiclass().index)
    # the default set leaves out KAPPA_W (it needs weights) and the Kappa Paradox table's PABAK, PI and BI
    assert "KAPPA_W" not in codes and codes[0] == "OSR" and len(codes) == len(MULTICLASS) - 4
    assert not {"PABAK", "PI", "BI"} & set(codes)
    assert "KAPPA_W" in ag.multiclass(kappa_weights="quadratic").index


def test_unknown_or_wrong_kind_measure():
    ag = pa.Agreement.from_table(SAS)
    with pytest.raises(ValueError, match="REC is a binary measure"):
        ag.multiclass(["REC"])
    with pytest.raises(ValueError, match="KAPPA is a multiclass measure"):
        ag.binary(["KAPPA"])


# --- tests() on tables where a test does not apply ------------------------------------------------------------

def test_mcnemar_on_two_by_two():
    t = pa.Agreement.from_table(np.array([[10, 5], [2, 20]])).tests()
    assert t.loc["MCNEMAR", "statistic"] == pytest.approx(0.5714285714285714)  # statsmodels' value
    assert t.loc["MCNEMAR", "pvalue"] == pytest.approx(0.4496917979688908)
    assert t.loc["MCNEMAR_EXACT", "pvalue"] == pytest.approx(0.453125)
    assert t.loc["MCNEMAR_EXACT", "statistic"] == 2


def test_tests_that_do_not_apply_are_nan_rows():
    df = pd.DataFrame({"actual": [1, 1, 2, 2, 3, 3, 1, 2], "pred": [1, 2, 2, 4, 5, 1, 1, 2]})
    t = df.agree("actual", "pred").tests()
    for code in ("BOWKER", "STUART_MAXWELL", "MCNEMAR"):
        assert np.isnan(t.loc[code, "statistic"]) and t.loc[code, "method"].startswith("not applicable")
    assert np.isfinite(t.loc["CHI2", "statistic"]) and np.isfinite(t.loc["KAPPA_Z", "statistic"])


def test_chi2_g2_and_nir_test():
    t = np.array([[20.0, 5, 3], [4, 15, 8], [2, 6, 30]])
    from scipy import stats
    res = pa.Agreement.from_table(t).tests()
    chi = stats.chi2_contingency(t, correction=False)
    g2 = stats.chi2_contingency(t, correction=False, lambda_="log-likelihood")
    expected = [chi.statistic, chi.dof, chi.pvalue]
    assert res.loc["CHI2", ["statistic", "df", "pvalue"]].tolist() == pytest.approx(expected)
    assert res.loc["G2", "statistic"] == pytest.approx(g2.statistic)
    n, k = int(t.sum()), int(np.trace(t))
    nir = t.sum(axis=1).max() / n
    assert res.loc["ACC_NIR", "pvalue"] == pytest.approx(stats.binomtest(k, n, nir, alternative="greater").pvalue)


def test_single_label_tables_do_not_raise():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        t = pa.Agreement.from_table(pd.DataFrame([[7.0]], index=["x"], columns=["x"])).tests()
    assert t["statistic"].isna().sum() >= 6


# --- matching ---------------------------------------------------------------------------------------------------

def test_iris_clusters_matched():
    df = pa.datasets.load("iris_clusters")
    with pytest.raises(ValueError, match="match="):
        df.agree("species", "cluster")
    ag = df.agree("species", "cluster", match="accuracy")
    assert list(ag.common) == ["setosa", "versicolor", "virginica"]
    assert ag.multiclass(["OSR"]).loc["OSR", "value"] == pytest.approx((50 + 48 + 36) / 150)
    assert list(ag.mapping.columns) == ["cluster", "class", "count", "delta"]


def test_match_with_more_clusters_than_classes():
    t = pd.DataFrame([[10, 1, 5], [2, 12, 0]], index=["a", "b"], columns=[7, 8, 9])
    ag = pa.Agreement.from_table(t, match="accuracy")
    assert list(ag.table.columns) == [7, 8, 9]  # the table keeps its own labels and order
    assert list(ag.predicted_only) == [9] and list(ag.common) == ["a", "b"]
    rows, cols = ag.common_cells
    assert rows.tolist() == [0, 1] and cols.tolist() == [0, 1]
    assert list(ag.labels) == ["a", "b", "9 (unmatched)"]


def test_unmatched_cluster_that_looks_like_a_class_keeps_its_label_and_is_not_a_class():
    t = pd.DataFrame([[10, 1, 5], [2, 12, 0]], index=[1, 2], columns=[2, 3, 1])
    ag = pa.Agreement.from_table(t, match="accuracy")
    assert list(ag.table.columns) == [2, 3, 1]
    assert ag.assignment() == {2: 1, 3: 2} and list(ag.predicted_only) == [1]
    # among the classes of either side it is named apart from the reference label 1
    assert list(ag.labels) == [1, 2, "1 (unmatched)"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", pa.UndefinedMeasureWarning)  # the recall of a label not in the reference
        assert list(ag.binary(["REC"], classes="union").index) == [1, 2, "1 (unmatched)"]


def test_match_dict_and_errors():
    ag = pa.Agreement.from_table(T9, match={"K4": "C1", "K1": "C2"})
    assert list(ag.table.columns) == list(T9.columns) and list(ag.common) == ["C1", "C2"]
    with pytest.raises(ValueError, match="not predicted labels"):
        pa.Agreement.from_table(T9, match={"K9": "C1"})
    with pytest.raises(ValueError, match="at most one predicted label"):
        pa.Agreement.from_table(T9, match={"K1": "C1", "K2": "C1"})
    with pytest.raises(ValueError, match="match must be"):
        pa.Agreement.from_table(T9, match="hungarian")
    with pytest.raises(TypeError, match="match must be"):
        pa.Agreement.from_table(T9, match=3)


def test_ties_are_broken_deterministically():
    t = pd.DataFrame(np.full((3, 3), 5.0), index=list("abc"), columns=list("xyz"))
    maps = [pa.Agreement.from_table(t, match="accuracy").mapping for _ in range(3)]
    for m in maps[1:]:
        pd.testing.assert_frame_equal(m, maps[0])


def test_interpretation_bands_read_a_chance_level_kappa_as_zero():
    # kappa is exactly 0 on [[1, 3], [4, 12]]: po = 13/20 and pe = (4·5 + 16·15)/400 = 13/20; and on
    # [[2, 1], [6, 3]]: po = 5/12 and pe = (3·8 + 9·4)/144 = 5/12. The floats come out at -3e-16 and +1e-16,
    # which the bands read as "poor" and "none to slight" before; Landis & Koch put 0 in "slight" (0–0.20),
    # Cohen's bands in "no agreement" (≤ 0)
    for table in ([[1, 3], [4, 12]], [[2, 1], [6, 3]]):
        ag = pa.Agreement.from_table(np.array(table))
        assert ag.multiclass(["KAPPA"]).loc["KAPPA", "interpretation"] == "slight"
        assert ag.multiclass(["KAPPA"], bands="cohen").loc["KAPPA", "interpretation"] == "no agreement"
    # Conger's kappa is exactly 0 when raters a and c always say "x" and b once says "y" (Pa = Pe = 44/45)
    df = pd.DataFrame({"a": ["x"] * 30, "b": ["x"] * 29 + ["y"], "c": ["x"] * 30})
    with pytest.warns(pa.UndefinedMeasureWarning):
        summary = df.agree.raters(["a", "b", "c"]).summary(["CONGER", "LIGHT"])
    assert summary.loc["CONGER", "interpretation"] == "slight"
