"""Known answers for the class-specific measures and their averages, each with its source."""

import math

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from scipy.stats import somersd
from sklearn.metrics import precision_recall_fscore_support
from statsmodels.stats.inter_rater import cohens_kappa

import pandas_agree as pa

from ._tables import expand, quiet, square_tables

# Řezanková & Húsek (2015), seed 000, Table 2.9: 2x2 tables with all margins 90 (N = 180), a = d = n11,
# b = c = 90 - n11. The paper rounds to two decimals (and 0.125 up to 0.13).
N11 = [0, 10, 20, 30, 45, 60, 70, 80, 90]
TABLE_2_9 = {
    "SS1": [0, .20, .36, .50, .67, .80, .88, .94, 1], "SS4": [0, .11, .22, .33, .50, .67, .78, .89, 1],
    "ACC": [0, .11, .22, .33, .50, .67, .78, .89, 1], "RT": [0, .06, .13, .20, .33, .50, .64, .80, 1],
    "SS5": [0, .01, .05, .11, .25, .44, .60, .79, 1], "F1": [0, .11, .22, .33, .50, .67, .78, .89, 1],
    "KULCZ2": [0, .11, .22, .33, .50, .67, .78, .89, 1], "OCHIAI": [0, .11, .22, .33, .50, .67, .78, .89, 1],
    "JACCARD": [0, .06, .13, .20, .33, .50, .64, .80, 1], "SS2": [0, .03, .07, .11, .20, .33, .47, .67, 1],
    "RR": [0, .06, .11, .17, .25, .33, .39, .44, .5],
    "YULEQ": [-1, -.97, -.85, -.60, 0, .60, .85, .97, 1], "YULEY": [-1, -.78, -.56, -.33, 0, .33, .56, .78, 1],
    "CORR": [-1, -.78, -.56, -.33, 0, .33, .56, .78, 1], "SOMERSD": [-1, -.78, -.56, -.33, 0, .33, .56, .78, 1],
    "HAMANN": [-1, -.78, -.56, -.33, 0, .33, .56, .78, 1], "HSS": [-1, -.78, -.56, -.33, 0, .33, .56, .78, 1],
}


def _table_2_9(n11):
    t = pd.DataFrame([[n11, 90 - n11], [90 - n11, n11]], index=["g1", "g2"], columns=["g1", "g2"])
    return pa.Agreement.from_table(t)


@pytest.mark.parametrize("col, n11", list(enumerate(N11)))
def test_seed000_table_2_9(col, n11):
    b = _table_2_9(n11).binary(list(TABLE_2_9))
    for code, row in TABLE_2_9.items():
        assert b.loc["g1", code] == pytest.approx(row[col], abs=0.0051), (code, n11)
        assert b.loc["g2", code] == pytest.approx(row[col], abs=0.0051), (code, n11)


@pytest.mark.parametrize("n11", N11)
def test_seed000_f_alpha_is_fbeta(n11):
    # seed 000 eq. 2.3: F_alpha with alpha = 0.7 is FBETA with beta^2 = 1/alpha; equal to F1 on Table 2.9.
    b = _table_2_9(n11).binary(["FBETA", "F1"], beta=math.sqrt(1 / 0.7))
    assert b.loc["g1", "FBETA"] == pytest.approx(b.loc["g1", "F1"], abs=1e-12)


@pytest.mark.parametrize("table, acc", [
    # Kim & Kwon (2019), seed 003, Table 1.1: random models have HSS = 0.
    ([[81, 9], [9, 1]], 0.82), ([[72, 18], [8, 2]], 0.74), ([[25, 25], [25, 25]], 0.50),
])
def test_seed003_table_1_1(table, acc):
    b = pa.Agreement.from_table(np.array(table)).binary(["ACC", "HSS"])
    assert b.loc[1, "ACC"] == pytest.approx(acc, abs=1e-12)
    assert b.loc[1, "HSS"] == pytest.approx(0, abs=1e-12)
    assert b.loc[0, "HSS"] == pytest.approx(0, abs=1e-12)


def _random_tables(seed, count=25):
    rng = np.random.default_rng(seed)
    for _ in range(count):
        k = int(rng.integers(2, 7))
        yield rng.integers(1, 60, (k, k)).astype(float) + np.diag(rng.integers(0, 80, k))


@pytest.mark.parametrize("seed", range(4))
def test_sklearn_per_class(seed):
    for table in _random_tables(seed):
        y_true, y_pred = expand(table)
        pre, rec, f1, support = precision_recall_fscore_support(y_true, y_pred)
        b = pa.Agreement.from_table(table).binary(["PRE", "REC", "F1", "PREV"])
        np.testing.assert_allclose(b["PRE"], pre, rtol=1e-12)
        np.testing.assert_allclose(b["REC"], rec, rtol=1e-12)
        np.testing.assert_allclose(b["F1"], f1, rtol=1e-12)
        np.testing.assert_allclose(b["PREV"] * table.sum(), support, rtol=1e-12)


@pytest.mark.parametrize("seed", range(4))
def test_sklearn_averages(seed):
    for table in _random_tables(seed):
        y_true, y_pred = expand(table)
        ag = pa.Agreement.from_table(table)
        after = ag.averages(["PRE", "REC", "F1"], timing="after")
        for sk_average, ours in [("macro", "unweighted"), ("weighted", "weighted"), ("micro", "micro")]:
            pre, rec, f1, _ = precision_recall_fscore_support(y_true, y_pred, average=sk_average)
            assert after.loc["PRE", ours] == pytest.approx(pre, rel=1e-12)
            assert after.loc["REC", ours] == pytest.approx(rec, rel=1e-12)
            assert after.loc["F1", ours] == pytest.approx(f1, rel=1e-12)


def _identity_tables(seed):
    rng = np.random.default_rng(seed)
    for _ in range(30):
        k = int(rng.integers(2, 6))
        yield pa.Agreement.from_table(rng.integers(1, 50, (k, k)).astype(float))


@pytest.mark.parametrize("seed", range(3))
def test_identities(seed):
    for ag in _identity_tables(seed):
        b = ag.binary()
        np.testing.assert_allclose(b["YOUD"], b["REC"] + b["SPE"] - 1, atol=1e-12)
        np.testing.assert_allclose(b["DP"], math.sqrt(3) / math.pi * b["LNDOR"], atol=1e-12)
        np.testing.assert_allclose(b["F1"], 2 * b["PRE"] * b["REC"] / (b["PRE"] + b["REC"]), atol=1e-12)
        np.testing.assert_allclose(b["BCR"], (b["REC"] + b["SPE"]) / 2, atol=1e-12)
        np.testing.assert_allclose(b["ACC"], 1 - b["ERR"], atol=1e-12)
        t = ag.table.to_numpy()
        for k, label in enumerate(b.index):
            a = t[k, k]
            bb, c = t[k].sum() - a, t[:, k].sum() - a
            d = t.sum() - a - bb - c
            two_by_two = np.array([[a, bb], [c, d]])
            # seed 000 eq. 2.11: Youden's J is Somers' d of the prediction given the reference (scipy)
            assert b.loc[label, "YOUD"] == pytest.approx(somersd(two_by_two).statistic, abs=1e-12)
            # HSS is Cohen's kappa of the class's 2x2 (statsmodels)
            assert b.loc[label, "HSS"] == pytest.approx(cohens_kappa(two_by_two).kappa, abs=1e-12)


def test_averages_by_hand():
    t = pd.DataFrame([[50, 10, 0], [5, 20, 5], [0, 2, 8]], index=list("abc"), columns=list("abc"))
    ag = pa.Agreement.from_table(t)
    b = ag.binary(["REC", "PRE", "F1", "CORR", "RR", "PREV", "PPREV"])
    rows = t.sum(axis=1).to_numpy()
    av = ag.averages(["REC", "F1", "CORR"])
    assert av.loc["REC", "unweighted"] == pytest.approx(b["REC"].mean(), abs=1e-14)
    assert av.loc["REC", "weighted"] == pytest.approx((b["REC"] * rows).sum() / rows.sum(), abs=1e-14)
    inv = 1 / rows
    assert av.loc["REC", "inverse"] == pytest.approx((b["REC"] * inv).sum() / inv.sum(), abs=1e-14)
    # the macro's rule: F1 of the averaged PRE and REC
    pre, rec = b["PRE"].mean(), b["REC"].mean()
    assert av.loc["F1", "unweighted"] == pytest.approx(2 * pre * rec / (pre + rec), abs=1e-14)
    pw, rw = (b["PRE"] * rows).sum() / rows.sum(), (b["REC"] * rows).sum() / rows.sum()
    assert av.loc["F1", "weighted"] == pytest.approx(2 * pw * rw / (pw + rw), abs=1e-14)
    # CORR averaged before: (a/N - S P) / sqrt(S P (1-S)(1-P)) of the averaged terms
    rr, s, p = b["RR"].mean(), b["PREV"].mean(), b["PPREV"].mean()
    assert av.loc["CORR", "unweighted"] == pytest.approx((rr - s * p) / math.sqrt(s * p * (1 - s) * (1 - p)))
    assert ag.averages(["F1"], timing="after").loc["F1", "unweighted"] == pytest.approx(b["F1"].mean())
    # micro: the formula of the pooled counts
    n = t.to_numpy().sum()
    diag = np.trace(t.to_numpy())
    assert av.loc["REC", "micro"] == pytest.approx(diag / n)
    assert (pd.DataFrame(av.attrs["classes"]) == 3).all().all()


def test_timing_before_only_where_terms_are_listed():
    t = pd.DataFrame([[50, 10, 0], [5, 20, 5], [0, 2, 8]], index=list("abc"), columns=list("abc"))
    ag = pa.Agreement.from_table(t)
    before = ag.averages(["REC", "JACCARD", "F1"], timing="before")
    default = ag.averages(["REC", "JACCARD", "F1"])
    pd.testing.assert_frame_equal(before, default)
    after = ag.averages(["F1"], timing="after")
    assert after.loc["F1", "unweighted"] != pytest.approx(default.loc["F1", "unweighted"])


def test_linear_measures_same_either_way():
    t = pd.DataFrame([[50, 10, 1], [5, 20, 5], [3, 2, 8]], index=list("abc"), columns=list("abc"))
    ag = pa.Agreement.from_table(t)
    codes = ["YOUD", "MARK", "BCR", "KULCZ2", "SS4"]
    pd.testing.assert_frame_equal(ag.averages(codes, timing="after"), ag.averages(codes, timing="before"),
                                  rtol=1e-12)


def test_average_leaves_out_undefined_classes():
    # class "c" is never predicted: its PRE is 0/0 and it is left out of the PRE average
    t = pd.DataFrame([[8, 2, 0], [1, 9, 0], [2, 3, 0]], index=list("abc"), columns=list("abc"))
    ag = pa.Agreement.from_table(t)
    with pytest.warns(pa.UndefinedMeasureWarning):
        pre = ag.binary(["PRE"])["PRE"]
    with pytest.warns(pa.UndefinedMeasureWarning, match=r"left out of the averages: PRE \(class c\); zero_division"):
        av = ag.averages(["PRE"], average=["unweighted", "weighted"])
    assert av.loc["PRE", "unweighted"] == pytest.approx(pre[["a", "b"]].mean())
    w = t.sum(axis=1)[["a", "b"]]
    assert av.loc["PRE", "weighted"] == pytest.approx((pre[["a", "b"]] * w).sum() / w.sum())
    assert av.attrs["classes"]["unweighted"]["PRE"] == 2


@given(square_tables(max_k=5))
def test_after_averages_equal_a_loop_over_classes(table):
    # the averages are batched matrix products; each must equal the plain weighted mean over the classes that
    # enter (value defined, weight positive), infinite values included (DOR and LRP are infinite on zero cells)
    ag = pa.Agreement.from_table(table)
    codes = ["F1", "DOR", "LRP", "PRE", "YULEQ"]
    per_class = quiet(ag.binary, codes)
    averages = quiet(ag.averages, codes, average=["unweighted", "weighted", "inverse"], timing="after")
    size = table.sum(axis=1).to_numpy()
    inverse = np.divide(1, size, out=np.zeros(len(size)), where=size > 0)
    weights = {"unweighted": np.ones(len(size)), "weighted": size, "inverse": inverse}
    for code in codes:
        for method, w in weights.items():
            values = per_class[code].to_numpy()
            enter = ~np.isnan(values) & (w > 0)
            with np.errstate(invalid="ignore"):
                expected = np.sum(w[enter] * values[enter]) / np.sum(w[enter]) if enter.any() else np.nan
            assert averages.loc[code, method] == pytest.approx(expected, rel=1e-12, nan_ok=True)
            assert averages.attrs["classes"][method][code] == enter.sum()


def test_non_matching_labels_only_common_classes_average():
    df = pd.DataFrame({"actual": [1, 1, 2, 2, 3, 3, 1, 2], "pred": [1, 2, 2, 4, 5, 1, 1, 2]})
    ag = df.agree("actual", "pred")
    b = ag.binary(["REC"])
    assert list(b.index) == [1, 2]
    # N is the whole table; REC of class 1 = 2 of its 3 rows
    assert b.loc[1, "REC"] == pytest.approx(2 / 3)
    with pytest.warns(UserWarning, match="never predicted: 3 and predicted labels not in the reference: 4, 5;"):
        averaged = ag.averages(["REC"])
    assert averaged.loc["REC", "micro"] == pytest.approx(4 / 6)


def test_classes_reference_and_union():
    df = pd.DataFrame({"actual": [1, 1, 2, 2, 3, 3, 1, 2], "pred": [1, 2, 2, 4, 5, 1, 1, 2]})
    ag = df.agree("actual", "pred")
    ref = quiet(ag.binary, ["REC", "PRE", "ACC"], classes="reference")
    assert list(ref.index) == [1, 2, 3]
    assert ref.loc[3, "REC"] == 0 and np.isnan(ref.loc[3, "PRE"])
    assert ref.loc[3, "ACC"] == pytest.approx(6 / 8)
    union = quiet(ag.binary, ["REC", "PRE"], classes="union")
    assert list(union.index) == [1, 2, 3, 4, 5]
    assert np.isnan(union.loc[4, "REC"]) and union.loc[4, "PRE"] == 0


def test_fbeta_and_tversky_parameters():
    t = np.array([[30, 10], [5, 55]])
    ag = pa.Agreement.from_table(t)
    b = ag.binary(["FBETA", "TVERSKY"], beta=2, tversky=(0.5, 2))
    a, bb, c, d = 30, 10, 5, 55
    assert b.loc[0, "FBETA"] == pytest.approx(5 * a / (5 * a + 4 * bb + c))
    assert b.loc[0, "TVERSKY"] == pytest.approx((a + d) / (a + d + 0.5 * bb + 2 * c))
    assert "FBETA" not in ag.binary().columns
    assert "FBETA" in ag.binary(beta=0.5).columns and "TVERSKY" in ag.binary(tversky=(1, 2)).columns
    # seed 000 eq. 2.22 with alpha = beta = 1 is (a+d)/(a+d+b+c) = ACC
    np.testing.assert_allclose(ag.binary(["TVERSKY"])["TVERSKY"], ag.binary(["ACC"])["ACC"])


def test_aliases_case_insensitive_and_order():
    ag = pa.Agreement.from_table(np.array([[30, 10], [5, 55]]))
    b = ag.binary(["sensitivity", "ppv", "Matthews correlation", "f-measure"])
    assert list(b.columns) == ["REC", "PRE", "CORR", "F1"]


def test_unknown_measure_suggests_close_matches():
    ag = pa.Agreement.from_table(np.array([[30, 10], [5, 55]]))
    with pytest.raises(ValueError, match=r"unknown measure 'precison'.*PRE"):
        ag.binary(["precison"])


@pytest.mark.parametrize("kwargs, fragment", [
    ({"classes": "all"}, "classes must be one of"),
    ({"beta": -1}, "beta must be"),
    ({"tversky": (1,)}, "tversky must be"),
    ({"correction": -0.5}, "correction must be"),
])
def test_bad_binary_options(kwargs, fragment):
    ag = pa.Agreement.from_table(np.array([[30, 10], [5, 55]]))
    with pytest.raises(ValueError, match=fragment):
        ag.binary(**kwargs)


@pytest.mark.parametrize("kwargs, fragment", [
    ({"average": "macro"}, "average must be chosen from"),
    ({"average": []}, "average must be chosen from"),
    ({"timing": "later"}, "timing must be one of"),
])
def test_bad_average_options(kwargs, fragment):
    ag = pa.Agreement.from_table(np.array([[30, 10], [5, 55]]))
    with pytest.raises(ValueError, match=fragment):
        ag.averages(**kwargs)


def test_accessor_shortcuts():
    df = pa.datasets.load("wine_predictions")
    ag = df.agree("cultivar", "knn")
    pd.testing.assert_frame_equal(df.agree.binary("cultivar", "knn", measures=["F1"]), ag.binary(["F1"]))
    pd.testing.assert_frame_equal(df.agree.averages("cultivar", "knn", measures=["F1"], timing="after"),
                                  ag.averages(["F1"], timing="after"))


def test_hss_se_is_fleiss_cohen_everitt_of_each_class_table():
    """The SE beside each class's HSS is the large-sample SE of kappa (Fleiss, Cohen & Everitt 1969) of that
    class's 2×2 table against the rest, as statsmodels' cohens_kappa gives it (std_kappa)."""
    table = np.array([[30, 4, 1, 0], [6, 22, 3, 2], [2, 5, 18, 1], [0, 3, 2, 9]])
    found = pa.Agreement.from_table(table).binary(["HSS"], ci="auto")
    for k in range(4):
        a = table[k, k]
        b, c = table[k].sum() - a, table[:, k].sum() - a
        d = table.sum() - a - b - c
        expected = cohens_kappa(np.array([[a, b], [c, d]]), return_results=True)
        assert found[("HSS", "value")].iloc[k] == pytest.approx(expected.kappa, rel=1e-12)
        assert found[("HSS", "se")].iloc[k] == pytest.approx(expected.std_kappa, rel=1e-10)
    assert found.attrs["methods"]["HSS"].startswith("Fleiss–Cohen–Everitt")
