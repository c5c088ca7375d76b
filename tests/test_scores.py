"""Scores against a reference: ROC AUC with DeLong's SE, average precision, curves, thresholds, paired tests.

Known answers: pROC 1.18 (R 4.2.2, Debian's r-cran-proc) on its ``aSAH`` data (tests/data/asah.csv: the columns
outcome, s100b, wfns and ndka of ``data(aSAH)``, written by ``write.csv``), with the R calls beside the values;
scikit-learn for the point values on generated data (hypothesis); DeLong's variance and the design-based variance
against second implementations written from the published formulas (placement values of every pair of objects).
"""

import inspect
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import average_precision_score, roc_auc_score, roc_curve

import pandas_agree as pa

ASAH = pd.read_csv(Path(__file__).parent / "data" / "asah.csv")

# R: library(pROC); data(aSAH)
#    r <- roc(aSAH$outcome, aSAH[[m]], direction="<", levels=c("Good","Poor")); c(auc(r), var(r), ci.auc(r))
PROC = {
    "s100b": (0.731368563685637, 0.00266868245717244, 0.630118211761623, 0.832618915609651),
    "wfns": (0.823678861788618, 0.00146991470882363, 0.748534887819453, 0.898822835757783),
    "ndka": (0.611957994579946, 0.0031908105493913, 0.501244999271703, 0.722670989888189),
}
# R: t <- roc.test(roc_a, roc_b); c(t$statistic, t$p.value, t$conf.int)   (method "delong", paired)
PROC_TESTS = {
    ("s100b", "wfns"): (-2.20898359144091, 0.0271757822291882, -0.174214419249478, -0.0104061769564846),
    ("s100b", "ndka"): (1.39077002573558, 0.164295175223054, -0.0488706064228094, 0.287691744634191),
}
PROC_COV_S100B_WFNS = 0.00119615567376754  # R: cov(roc_s100b, roc_wfns)


@pytest.mark.parametrize("marker", list(PROC))
def test_auc_and_delong_interval_equal_proc(marker):
    auc, var, lower, upper = PROC[marker]
    got = ASAH.agree.scores("outcome", marker, positive="Poor").values("AUC", ci="auto", scale="identity").loc["AUC"]
    assert got["value"] == pytest.approx(auc, abs=1e-12)
    assert got["se"] ** 2 == pytest.approx(var, rel=1e-9)
    assert (got["lower"], got["upper"]) == pytest.approx((lower, upper), abs=1e-9)
    assert got["method"] == "DeLong"


@pytest.mark.parametrize("pair", list(PROC_TESTS))
def test_paired_delong_test_equals_proc_roc_test(pair):
    z, p, lower, upper = PROC_TESTS[pair]
    cmp = ASAH.agree.compare_scores("outcome", list(pair), positive="Poor")
    test = cmp.tests().loc[pair]
    assert test["statistic"] == pytest.approx(z, rel=1e-9)
    assert test["pvalue"] == pytest.approx(p, rel=1e-8)
    diff = cmp.differences("AUC").loc[(*pair, "AUC")]
    assert (diff["lower"], diff["upper"]) == pytest.approx((lower, upper), abs=1e-9)


def test_paired_covariance_equals_proc():
    cmp = ASAH.agree.compare_scores("outcome", ["s100b", "wfns"], positive="Poor")
    var_a, var_b = PROC["s100b"][1], PROC["wfns"][1]
    se_diff = cmp.differences("AUC")["se"].iloc[0]
    # var(A − B) = var A + var B − 2 cov(A, B)
    assert (var_a + var_b - se_diff ** 2) / 2 == pytest.approx(PROC_COV_S100B_WFNS, rel=1e-9)


def _delong_by_pairs(y, s, w=None):
    """DeLong's variance from the placement values of every pair of objects (the 1988 paper's formulas; frequency
    weights as repeated objects)."""
    w = np.ones(len(y)) if w is None else np.asarray(w, float)
    pos, neg = y == 1, y == 0
    sp, sn, wp, wn = s[pos], s[neg], w[pos], w[neg]
    psi = (sp[:, None] > sn[None, :]) + 0.5 * (sp[:, None] == sn[None, :])
    m, n = wp.sum(), wn.sum()
    auc = wp @ psi @ wn / (m * n)
    v10, v01 = psi @ wn / n, wp @ psi / m
    s10 = (wp * (v10 - auc) ** 2).sum() / (m - 1)
    s01 = (wn * (v01 - auc) ** 2).sum() / (n - 1)
    return auc, s10 / m + s01 / n, v10, v01


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(6, 80), st.sampled_from([0, 1, 2]), st.booleans())
def test_values_equal_sklearn_and_delong_equals_pairs(seed, n, decimals, weighted):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    y[:4] = [0, 1, 0, 1]  # DeLong's variance needs two objects of each class
    s = np.round(rng.normal(y * 0.7, 1), decimals)  # ties at 0 and 1 decimals
    w = rng.integers(1, 4, n).astype(float) if weighted else None
    df = pd.DataFrame({"y": y, "s": s, "w": w if weighted else 1.0})
    got = df.agree.scores("y", "s", weights="w" if weighted else None).values(["AUC", "AP"], ci="auto")
    assert got.loc["AUC", "value"] == pytest.approx(roc_auc_score(y, s, sample_weight=w), abs=1e-12)
    assert got.loc["AP", "value"] == pytest.approx(average_precision_score(y, s, sample_weight=w), abs=1e-12)
    auc, var, _, _ = _delong_by_pairs(y, s, w)
    assert got.loc["AUC", "value"] == pytest.approx(auc, abs=1e-12)
    assert got.loc["AUC", "se"] ** 2 == pytest.approx(var, rel=1e-9, abs=1e-15)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(5, 60))
def test_roc_curve_equals_sklearn(seed, n):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    y[:2] = [0, 1]
    s = np.round(rng.random(n), 1)
    fpr, tpr, thresholds = roc_curve(y, s, drop_intermediate=False)
    got = pd.DataFrame({"y": y, "s": s}).agree.scores("y", "s").roc()
    np.testing.assert_allclose(got["fpr"], fpr, atol=1e-15)
    np.testing.assert_allclose(got["tpr"], tpr, atol=1e-15)
    np.testing.assert_array_equal(got["threshold"].to_numpy()[1:], thresholds[1:])


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(12, 80), st.integers(3, 4))
def test_class_probabilities_equal_sklearn(seed, n, k):
    rng = np.random.default_rng(seed)
    y = np.resize(np.arange(k), n)
    rng.shuffle(y)
    logits = rng.normal(size=(n, k)) + np.eye(k)[y]
    p = np.round(np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True), 2)
    p[:, -1] = 1 - p[:, :-1].sum(axis=1)  # rounded, and still summing to 1
    p = np.clip(p, 0, 1)
    p /= p.sum(axis=1, keepdims=True)
    df = pd.DataFrame(p, columns=[f"p{i}" for i in range(k)]).assign(y=y)
    sc = df.agree.scores("y", [f"p{i}" for i in range(k)])
    macro = sc.values("AUC")
    weighted = sc.values("AUC", average="weighted")
    assert macro.loc["AUC", "value"] == pytest.approx(roc_auc_score(y, p, multi_class="ovr"), abs=1e-12)
    assert macro.loc["AUC_OVO", "value"] == pytest.approx(roc_auc_score(y, p, multi_class="ovo"), abs=1e-12)
    assert weighted.loc["AUC", "value"] == pytest.approx(
        roc_auc_score(y, p, multi_class="ovr", average="weighted"), abs=1e-12)


def test_linearised_se_close_to_bootstrap():
    rng = np.random.default_rng(3)
    n = 400
    y = rng.integers(0, 2, n)
    df = pd.DataFrame({"y": y, "s": np.round(rng.normal(y, 1.2), 2)})
    sc = df.agree.scores("y", "s")
    lin = sc.values(ci="linearized")["se"]
    boot = sc.values(ci="bootstrap", n_resamples=4000, random_state=1)["se"]
    np.testing.assert_allclose(lin, boot, rtol=0.06)


def test_design_based_se_equals_second_implementation():
    """The design-based SE of the AUC: the per-object influence (v10 − AUC)/m, (v01 − AUC)/n (of weighted pairs)
    totalled by PSU, centred within strata, n_h/(n_h − 1) Σ (as R's survey takes a linearised statistic)."""
    rng = np.random.default_rng(5)
    strata = np.repeat([0, 1, 2], 40)
    cluster = np.repeat(np.arange(24), 5)
    w = rng.uniform(1, 3, 120)
    effect = rng.normal(0, 0.5, 24)[cluster]
    y = (rng.random(120) < 0.4).astype(int)
    s = np.round(y + effect + rng.normal(0, 1, 120), 1)
    df = pd.DataFrame({"y": y, "s": s, "w": w, "st": strata, "cl": cluster})
    got = df.agree.scores("y", "s", weights="w", strata="st", cluster="cl").values("AUC", ci="auto").loc["AUC"]
    auc, _, v10, v01 = _delong_by_pairs(y, s, w)
    m, n = w[y == 1].sum(), w[y == 0].sum()
    u = np.where(y == 1, 0.0, 0.0)
    u[y == 1] = w[y == 1] * (v10 - auc) / m
    u[y == 0] = w[y == 0] * (v01 - auc) / n
    totals = pd.Series(u).groupby([strata, cluster]).sum()
    var = 0.0
    for _, t in totals.groupby(level=0):
        var += len(t) / (len(t) - 1) * ((t - t.mean()) ** 2).sum()
    assert got["value"] == pytest.approx(auc, abs=1e-12)
    assert got["se"] == pytest.approx(np.sqrt(var), rel=1e-9)
    assert got["method"].endswith("sample design, t on 21 df")
    assert np.isfinite(got["deff"])


def test_simple_random_design_is_linearised_times_n_over_n_minus_1():
    rng = np.random.default_rng(2)
    y = rng.integers(0, 2, 90)
    df = pd.DataFrame({"y": y, "s": np.round(rng.normal(y, 1), 1), "id": np.arange(90)})
    lin = df.agree.scores("y", "s").values("AP", ci="linearized").loc["AP", "se"]
    design = df.agree.scores("y", "s", cluster="id").values("AP", ci="auto").loc["AP", "se"]
    assert design ** 2 == pytest.approx(lin ** 2 * 90 / 89, rel=1e-10)


def test_thresholds_at_and_best_threshold():
    y = ASAH["outcome"].eq("Poor").astype(int).to_numpy()
    s = ASAH["s100b"].to_numpy()
    sc = ASAH.agree.scores("outcome", "s100b", positive="Poor")
    table = sc.thresholds(["REC", "SPE", "PRE"])
    for t in (0.05, 0.205, 0.52):
        row = sc.thresholds(["REC", "SPE"], at=[t]).iloc[0]
        called = s >= t
        assert row["TP"] == (called & (y == 1)).sum() and row["FP"] == (called & (y == 0)).sum()
        assert row["REC"] == pytest.approx((called & (y == 1)).sum() / (y == 1).sum())
    assert len(table) == len(np.unique(s))
    ag = sc.at(0.205)
    assert isinstance(ag, pa.Agreement)
    assert ag.binary("REC").loc["Poor", "REC"] == pytest.approx(sc.thresholds("REC", at=[0.205])["REC"].iloc[0])
    # R: coords(roc(aSAH$outcome, aSAH$s100b, direction="<"), "best", best.method="youden"): threshold 0.205,
    # specificity 0.8055555556, sensitivity 0.6341463415. pROC reports the midpoint between the distinct scores 0.19
    # and 0.22; here (as in scikit-learn) a threshold is a distinct score, positive at or above it: 0.22
    best = sc.best_threshold("youden")
    assert best.name == 0.22
    assert best["REC"] == pytest.approx(0.6341463, abs=1e-6) and best["SPE"] == pytest.approx(0.8055556, abs=1e-6)
    assert sc.best_threshold(sensitivity=0.9)["REC"] >= 0.9


def test_auto_interval_is_logit_with_t_on_the_smaller_class():
    """scale="auto": the logit-scale interval with Student's t on min(m, n) − 1 df (the conservative bound of the
    Welch–Satterthwaite df of DeLong's two parts), DeLong's variance from the placement values of every pair."""
    from scipy.stats import t

    y = ASAH["outcome"].eq("Poor").astype(int).to_numpy()
    s = ASAH["s100b"].to_numpy()
    auc, var, _, _ = _delong_by_pairs(y, s)
    m, n = y.sum(), (1 - y).sum()
    df = min(m, n) - 1
    half = t.isf(0.025, df) * np.sqrt(var) / (auc * (1 - auc))
    logit = np.log(auc / (1 - auc))
    expected = 1 / (1 + np.exp(-(logit - half))), 1 / (1 + np.exp(-(logit + half)))
    got = ASAH.agree.scores("outcome", "s100b", positive="Poor").values("AUC", ci="auto").loc["AUC"]
    assert (got["lower"], got["upper"]) == pytest.approx(expected, abs=1e-12)
    assert got["se"] ** 2 == pytest.approx(var, rel=1e-12)
    assert got["method"] == "DeLong SE, logit scale, t on 40 df (smaller class − 1)"


def test_logit_scale_interval_stays_in_range():
    y = np.array([0] * 20 + [1] * 8)
    s = np.append(np.linspace(0, 1, 20), np.linspace(0.9, 2, 8))
    df = pd.DataFrame({"y": y, "s": s})
    identity = df.agree.scores("y", "s").values("AUC", ci="auto", scale="identity").loc["AUC"]
    logit = df.agree.scores("y", "s").values("AUC", ci="auto", scale="logit").loc["AUC"]
    assert identity["se"] == logit["se"] and logit["method"] == "DeLong (logit scale)"
    assert logit["upper"] < 1 and logit["lower"] < identity["lower"]


@pytest.mark.parametrize(("kwargs", "error", "match"), [
    ({"score": [0.1, np.inf, 0.3, 0.2]}, ValueError, "must be finite"),
    ({"score": ["a", "b", "c", "d"]}, TypeError, "numeric scores"),
    ({"positive": "maybe"}, ValueError, "is not a label"),
    ({"actual": ["x", "x", "x", "x"]}, ValueError, "single class"),
    ({"actual": ["x", "y", "z", "x"]}, ValueError, "must name the positive label"),
])
def test_bad_input_gets_clear_errors(kwargs, error, match):
    args = {"actual": ["no", "yes", "no", "yes"], "score": [0.1, 0.2, 0.3, 0.4]}
    args.update(kwargs)
    df = pd.DataFrame({"y": args["actual"], "s": args["score"]})
    with pytest.raises(error, match=match):
        df.agree.scores("y", "s", positive=kwargs.get("positive"))


def test_single_positive_class_among_counted_rows():
    df = pd.DataFrame({"y": ["no", "yes", "no", "yes"], "s": [0.1, np.nan, 0.3, np.nan]})
    with pytest.raises(ValueError, match="single class"):
        df.agree.scores("y", "s", positive="yes")


def test_probabilities_must_sum_to_one():
    df = pd.DataFrame({"y": [0, 1, 2], "a": [0.5, 0.2, 0.1], "b": [0.3, 0.6, 0.1], "c": [0.1, 0.2, 0.8]})
    with pytest.raises(ValueError, match="must sum to 1"):
        df.agree.scores("y", ["a", "b", "c"])
    with pytest.raises(ValueError, match="one column per label"):
        df.agree.scores("y", ["a", "b"])



def test_an_error_that_lists_some_labels_says_how_many_there_are():
    """Ten labels (the digits' classes) and nine probability columns: the message names the first labels and the
    count of all, rather than a list of eight that reads as every label."""
    rng = np.random.default_rng(0)
    probabilities = rng.dirichlet(np.ones(10), size=30)
    df = pd.DataFrame(probabilities, columns=[f"p{k}" for k in range(10)]).assign(y=np.arange(30) % 10)
    with pytest.raises(ValueError, match=r"9 column\(s\) for the 10 labels \[0, 1, .*, 7, … \(10 in all\)\]"):
        df.agree.scores("y", [f"p{k}" for k in range(9)])
    with pytest.raises(ValueError, match=r"positive=10 is not a label .* 7, … \(10 in all\)\]"):
        df.agree.scores("y", "p0", positive=10)
    with pytest.raises(ValueError, match=r"10 labels .* 7, … \(10 in all\)\]"):
        df.agree.scores("y", "p0")

def test_missing_scores_are_left_out_and_counted():
    df = pd.DataFrame({"y": [0, 1, 0, 1, None], "s": [0.1, 0.8, np.nan, 0.3, 0.5]})
    sc = df.agree.scores("y", "s")
    assert sc.n == 3 and sc.n_missing == 2
    assert sc.values("AUC").loc["AUC", "value"] == roc_auc_score([0, 1, 1], [0.1, 0.8, 0.3])


def test_score_records_in_catalogue():
    cat = pa.measures("score").set_index("code")
    assert {"AUC", "GINI", "AP"} <= set(cat.index)
    assert cat.loc["AUC", "ci_method"] == "DeLong, DeLong and Clarke-Pearson (1988)"


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(6, 60), st.booleans())
def test_probability_statistics_equal_sklearn(seed, n, weighted):
    from sklearn.metrics import brier_score_loss, log_loss, precision_recall_curve

    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    y[:2] = [0, 1]
    p = np.round(rng.uniform(0.01, 0.99, n), 2)
    w = rng.integers(1, 4, n).astype(float) if weighted else None
    df = pd.DataFrame({"y": y, "p": p, "w": 1.0 if w is None else w})
    sc = df.agree.scores("y", "p", weights="w" if weighted else None)
    got = sc.values(["BRIER", "LOGLOSS"])["value"]
    assert got["BRIER"] == pytest.approx(brier_score_loss(y, p, sample_weight=w), rel=1e-12)
    assert got["LOGLOSS"] == pytest.approx(log_loss(y, p, sample_weight=w), rel=1e-12)
    if not weighted:
        precision, recall, thresholds = precision_recall_curve(y, p)
        curve = sc.precision_recall()
        np.testing.assert_allclose(curve["precision"], precision[::-1], atol=1e-15)
        np.testing.assert_allclose(curve["recall"], recall[::-1], atol=1e-15)
        np.testing.assert_array_equal(curve["threshold"].to_numpy()[1:], thresholds[::-1])


def test_records_of_probabilities_need_scores_in_the_unit_interval():
    sc = ASAH.agree.scores("outcome", "wfns", positive="Poor")  # WFNS grades 1–5
    assert list(sc.values().index) == ["AUC", "GINI", "PRAUC", "AP"]
    with pytest.raises(ValueError, match="BRIER read the scores as probabilities"):
        sc.values(["AUC", "BRIER"])
    with pytest.raises(ValueError, match="outside \\[0, 1\\]"):
        sc.calibration()


def test_calibration_equals_statsmodels_glm_and_the_score_equation():
    import statsmodels.api as sm
    from scipy.optimize import brentq
    from scipy.special import expit

    rng = np.random.default_rng(4)
    y = rng.integers(0, 2, 300)
    p = np.round(1 / (1 + np.exp(-rng.normal(1.5 * y - 0.75, 1))), 3)
    # the debiased RMS error of these calibrated scores is clipped at 0: its SE is undefined, with a warning
    with pytest.warns(pa.UndefinedMeasureWarning, match="debiased estimate of the squared RMS calibration error"):
        table = pd.DataFrame({"y": y, "p": p}).agree.scores("y", "p").calibration()
    logit = np.log(p / (1 - p))
    slope = sm.GLM(y, sm.add_constant(logit), family=sm.families.Binomial()).fit()
    assert table.loc["slope", ["value", "se"]].tolist() == pytest.approx([slope.params[1], slope.bse[1]], rel=1e-7)
    # calibration-in-the-large: the root of its score equation Σ (y − expit(b + logit p)) = 0 and its information
    # (statsmodels' IRLS stops 1e-7 short of it in the SE)
    b = brentq(lambda b: (y - expit(b + logit)).sum(), -5, 5, xtol=1e-15)
    q = expit(b + logit)
    assert table.loc["intercept", ["value", "se"]].tolist() == pytest.approx([b, 1 / np.sqrt((q * (1 - q)).sum())],
                                                                              rel=1e-12)
    parts = table["value"]
    assert parts["reliability"] - parts["resolution"] + parts["uncertainty"] + parts["within_bin_variance"] \
        - parts["within_bin_covariance"] == pytest.approx(parts["BRIER"], abs=1e-12)


def test_partial_auc_equals_proc():
    # R: auc(roc(aSAH$outcome, aSAH$s100b, direction="<"), partial.auc=c(1, 0.9), partial.auc.focus="specificity",
    #        partial.auc.correct=TRUE)
    sc = ASAH.agree.scores("outcome", "s100b", positive="Poor")
    got = sc.values("PAUC", max_fpr=0.1).loc["PAUC", "value"]
    assert got == pytest.approx(0.646091855655399, abs=1e-12)
    with pytest.raises(ValueError, match="PAUC needs max_fpr="):
        sc.values("PAUC")


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(6, 60), st.sampled_from([0.05, 0.2, 0.5, 0.9]))
def test_partial_and_trapezoidal_pr_areas_equal_sklearn(seed, n, max_fpr):
    from sklearn.metrics import auc, precision_recall_curve

    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    y[:2] = [0, 1]
    s = np.round(rng.normal(y, 1), 1)
    got = pd.DataFrame({"y": y, "s": s}).agree.scores("y", "s").values(["PAUC", "PRAUC"], max_fpr=max_fpr)["value"]
    precision, recall, _ = precision_recall_curve(y, s)
    assert got["PAUC"] == pytest.approx(roc_auc_score(y, s, max_fpr=max_fpr), abs=1e-12)
    assert got["PRAUC"] == pytest.approx(auc(recall, precision), abs=1e-12)


def test_linearised_se_of_the_new_areas_close_to_bootstrap():
    rng = np.random.default_rng(8)
    y = rng.integers(0, 2, 600)
    df = pd.DataFrame({"y": y, "s": np.round(rng.normal(y, 1.1), 2)})
    sc = df.agree.scores("y", "s")
    lin = sc.values(["PAUC", "PRAUC", "AP"], ci="linearized", max_fpr=0.2)["se"]
    boot = sc.values(["PAUC", "PRAUC", "AP"], ci="bootstrap", max_fpr=0.2, n_resamples=4000, random_state=3)["se"]
    np.testing.assert_allclose(lin, boot, rtol=0.08)


def test_threshold_intervals_are_those_of_the_table_there():
    from statsmodels.stats.proportion import proportion_confint

    sc = ASAH.agree.scores("outcome", "s100b", positive="Poor")
    table = sc.thresholds(["REC", "SPE"], at=[0.05, 0.22, 0.5], ci="wilson")
    for t in (0.05, 0.22, 0.5):
        row = table.loc[t]
        tp, fn = row[("TP", "count")], row[("FN", "count")]
        lower, upper = proportion_confint(tp, tp + fn, method="wilson")
        assert (row[("REC", "lower")], row[("REC", "upper")]) == pytest.approx((lower, upper), abs=1e-12)
        expected = sc.at(t).binary(["SPE"], ci="wilson").loc["Poor"]
        assert row[("SPE", "lower")] == pytest.approx(expected[("SPE", "lower")], abs=1e-15)
    with pytest.raises(ValueError, match="at most 1,000 thresholds"):
        pd.DataFrame({"y": np.arange(3000) % 2, "s": np.arange(3000.0)}).agree.scores("y", "s").thresholds(
            "REC", ci="auto")


def test_calibration_errors_equal_the_measures_and_take_intervals():
    import importlib

    calibration = importlib.import_module("pandas_agree.measures.calibration")
    rng = np.random.default_rng(9)
    y = rng.integers(0, 2, 500)
    p = np.round(1 / (1 + np.exp(-rng.normal(1.6 * y - 0.8, 1))), 2)
    sc = pd.DataFrame({"y": y, "p": p}).agree.scores("y", "p")
    table = sc.calibration(bins=10, ci="bootstrap", n_resamples=500, random_state=1)
    scores, counts = np.unique(p, return_inverse=True)
    pos = np.bincount(counts, weights=y, minlength=len(scores))
    neg = np.bincount(counts, weights=1 - y, minlength=len(scores))
    mass = calibration.calibration_bins(scores, pos, neg, bins=10, strategy="quantile")
    assert table.loc["ECE", "value"] == pytest.approx(float(calibration.calibration_error(scores, pos, neg,
                                                                                           bins=10)), rel=1e-12)
    assert table.loc["ECE_MASS", "value"] == pytest.approx(float(calibration.calibration_error(
        scores, pos, neg, bins=10, bin_index=mass)), rel=1e-12)
    assert table.loc["RMSCE_DEBIASED", "value"] < table.loc["RMSCE", "value"]
    ends = table.drop(index=["intercept", "slope"])
    assert (ends["lower"] <= ends["value"]).all() and (ends["value"] <= ends["upper"]).all()
    assert ends["method"].str.startswith(("bootstrap", "linearised")).all()
    assert sc.calibration(ci=None).columns.tolist() == ["value"]


def test_a_design_of_one_psu_has_no_variance():
    df = ASAH.assign(stratum=0, psu=0)
    with pytest.warns(pa.UndefinedMeasureWarning, match="single PSU"):
        got = df.agree.scores("outcome", "s100b", positive="Poor", strata="stratum", cluster="psu").values(
            "AUC", ci="auto").loc["AUC"]
    assert got["value"] == pytest.approx(PROC["s100b"][0]) and np.isnan(got["se"]) and np.isnan(got["lower"])


def test_binomial_interval_methods_are_refused_for_scores():
    sc = ASAH.agree.scores("outcome", "s100b", positive="Poor")
    for ci in ("wilson", "clopper-pearson"):
        with pytest.raises(ValueError, match="ci must be one of None, 'auto', 'linearized', 'bootstrap'"):
            sc.values("AUC", ci=ci)


def test_weighted_one_vs_one_auc_equals_sklearn():
    rng = np.random.default_rng(12)
    y = rng.choice(3, 200, p=[0.6, 0.3, 0.1])
    logits = rng.normal(size=(200, 3)) + 1.5 * np.eye(3)[y]
    p = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    df = pd.DataFrame(p, columns=["p0", "p1", "p2"]).assign(y=y)
    got = df.agree.scores("y", ["p0", "p1", "p2"]).values("AUC", average="weighted", ci="linearized")
    assert got.loc["AUC_OVO", "value"] == pytest.approx(
        roc_auc_score(y, p, multi_class="ovo", average="weighted"), abs=1e-12)
    unweighted = df.agree.scores("y", ["p0", "p1", "p2"]).values("AUC").loc["AUC_OVO", "value"]
    assert unweighted == pytest.approx(roc_auc_score(y, p, multi_class="ovo"), abs=1e-12)


def test_probability_columns_named_as_the_labels_in_another_order_are_refused():
    df = pd.DataFrame({"y": ["a", "b", "c"], "c": [0.1, 0.1, 0.8], "b": [0.1, 0.8, 0.1], "a": [0.8, 0.1, 0.1]})
    with pytest.raises(ValueError, match=r"in the order of the labels: \['a', 'b', 'c'\]"):
        df.agree.scores("y", ["c", "b", "a"])
    assert df.agree.scores("y", ["a", "b", "c"]).values("AUC").loc["AUC", "value"] == 1.0


def test_the_same_ranking_twice_has_z_zero():
    df = ASAH.assign(squared=ASAH["s100b"] ** 2)
    test = df.agree.compare_scores("outcome", ["s100b", "squared"], positive="Poor").tests().iloc[0]
    assert test["statistic"] == 0.0 and test["pvalue"] == 1.0  # pROC's roc.test: Z = 0, p = 1


def test_class_probabilities_default_set_leaves_out_the_one_vs_rest_probability_records():
    df = pd.DataFrame({"y": ["a", "a", "b", "b", "c", "c"], "p_a": [0.7, 0.2, 0.2, 0.1, 0.3, 0.1],
                       "p_b": [0.2, 0.5, 0.6, 0.3, 0.3, 0.2], "p_c": [0.1, 0.3, 0.2, 0.6, 0.4, 0.7]})
    sc = df.agree.scores("y", ["p_a", "p_b", "p_c"])
    assert "BRIER" not in sc.values().index and "BRIER" in sc.values("BRIER").index


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(12, 80), st.integers(2, 4), st.booleans())
def test_multiclass_brier_and_log_loss_equal_sklearn(seed, n, k, weighted):
    from sklearn.metrics import brier_score_loss, log_loss

    rng = np.random.default_rng(seed)
    y = np.resize(np.arange(k), n)
    rng.shuffle(y)
    logits = rng.normal(size=(n, k)) + np.eye(k)[y]
    p = np.round(np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True), 2)  # ties
    p = np.clip(p, 0.01, 1)
    p /= p.sum(axis=1, keepdims=True)
    w = rng.integers(1, 4, n).astype(float) if weighted else None
    df = pd.DataFrame(p, columns=[f"p{i}" for i in range(k)]).assign(y=y, w=w)
    sc = df.agree.scores("y", [f"p{i}" for i in range(k)], weights="w" if weighted else None)
    got = sc.values(ci="linearized")
    # Brier's (1950) score, the sum over the classes (scikit-learn ≥ 1.7 halves it for two classes by default)
    brier = np.average(((p - np.eye(k)[y]) ** 2).sum(axis=1), weights=w)
    assert got.loc["BRIER_MC", "value"] == pytest.approx(brier, rel=1e-12)
    if "scale_by_half" in inspect.signature(brier_score_loss).parameters:  # multiclass from scikit-learn 1.7
        assert brier == pytest.approx(brier_score_loss(y, p, sample_weight=w, scale_by_half=False), rel=1e-12)
    assert got.loc["LOGLOSS_MC", "value"] == pytest.approx(log_loss(y, p, sample_weight=w), rel=1e-12)
    # each SE is that of a weighted mean of the objects' losses: √(Σ w (loss − mean)²) / Σ w
    weights = np.ones(n) if w is None else w
    for key, loss in (("BRIER_MC", ((p - np.eye(k)[y]) ** 2).sum(axis=1)), ("LOGLOSS_MC", -np.log(p[np.arange(n), y]))):
        mean = np.average(loss, weights=weights)
        assert got.loc[key, "se"] == pytest.approx(np.sqrt((weights * (loss - mean) ** 2).sum()) / weights.sum(),
                                                   rel=1e-9)


def test_rows_of_class_probabilities_are_asked_for_by_their_codes():
    """AUC_OVO, BRIER_MC and LOGLOSS_MC are rows of values(): each is asked for by its code (any case), alone or
    among others, and only the rows named come back, in the order named."""
    df = pd.DataFrame({"y": ["a", "a", "b", "b", "c", "c"], "p_a": [0.7, 0.2, 0.2, 0.1, 0.3, 0.1],
                       "p_b": [0.2, 0.5, 0.6, 0.3, 0.3, 0.2], "p_c": [0.1, 0.3, 0.2, 0.6, 0.4, 0.7]})
    sc = df.agree.scores("y", ["p_a", "p_b", "p_c"])
    got = sc.values(["auc_ovo", "BRIER_MC", "LOGLOSS_MC", "AP"])
    assert got.index.tolist() == ["AUC_OVO", "BRIER_MC", "LOGLOSS_MC", "AP"]
    # scikit-learn 1.9: roc_auc_score(y, P, multi_class="ovo") = 0.8333333333333334,
    # brier_score_loss(y, P) = 0.48333333333333334, log_loss(y, P) = 0.8256461600462744
    assert got["value"].tolist()[:3] == pytest.approx([0.8333333333333334, 0.48333333333333334, 0.8256461600462744],
                                                      rel=1e-12)
    alone = sc.values("AUC_OVO", ci="linearized")
    assert alone.index.tolist() == ["AUC_OVO"]
    assert alone.loc["AUC_OVO"].drop("method").tolist() == sc.values("AUC", ci="linearized").loc["AUC_OVO"].drop(
        "method").tolist()
    assert sc.values(["AUC", "AUC_OVO"], average="weighted").index.tolist() == ["AUC", "AUC_OVO"]
    report = sc.report(measures=["AUC_OVO", "BRIER_MC"])
    assert report.values.index.tolist() == ["AUC_OVO", "BRIER_MC"]
    with pytest.raises(ValueError, match=r"AUC_OVO is a row of class probabilities.*ask for AUC"):
        pd.DataFrame({"y": [0, 1, 0, 1], "s": [0.1, 0.2, 0.3, 0.4]}).agree.scores("y", "s").values("AUC_OVO")


def test_multiclass_sums_come_by_default_and_with_their_records():
    df = pd.DataFrame({"y": ["a", "a", "b", "b", "c", "c"], "p_a": [0.7, 0.2, 0.2, 0.1, 0.3, 0.1],
                       "p_b": [0.2, 0.5, 0.6, 0.3, 0.3, 0.2], "p_c": [0.1, 0.3, 0.2, 0.6, 0.4, 0.7]})
    sc = df.agree.scores("y", ["p_a", "p_b", "p_c"])
    assert sc.values().index.tolist()[-2:] == ["BRIER_MC", "LOGLOSS_MC"]
    assert sc.values("BRIER").index.tolist() == ["BRIER", "BRIER_MC"]
    assert sc.values(["AUC", "LOGLOSS"]).index.tolist() == ["AUC", "LOGLOSS", "AUC_OVO", "LOGLOSS_MC"]
    assert "BRIER_MC" not in sc.values("AUC").index and "BRIER_MC" not in sc.classes().columns.get_level_values(0)
    # the one-vs-rest Brier scores add up to the multiclass one
    assert sc.values("BRIER").loc["BRIER", "value"] * 3 == pytest.approx(sc.values().loc["BRIER_MC", "value"])
    # an object of class a given the probability 0 for a: the log loss is infinite (scikit-learn clips it to
    # 36.04 per such object), and has no SE or interval (NaN with a warning, as for one score's LOGLOSS)
    zero = df.assign(p_a=[0.0, 0.2, 0.2, 0.1, 0.3, 0.1], p_b=[0.9, 0.5, 0.6, 0.3, 0.3, 0.2])
    with pytest.warns(pa.UndefinedMeasureWarning, match="infinite value are undefined and set to NaN: LOGLOSS_MC"):
        got = zero.agree.scores("y", ["p_a", "p_b", "p_c"]).values(ci="linearized")
    assert got.loc["LOGLOSS_MC", "value"] == np.inf and np.isnan(got.loc["LOGLOSS_MC", "upper"])


def test_the_table_at_a_threshold_names_its_axes_after_the_columns():
    """Scores.at(t) is the Agreement of the reference column with the score's classification: its axes take the
    columns' names (they read "actual" and "pred" whatever the data called them)."""
    df = pd.DataFrame({"diagnosis": [0, 1, 0, 1, 1, 0], "risk": [0.1, 0.9, 0.3, 0.6, 0.4, 0.7]})
    ag = df.agree.scores("diagnosis", "risk", positive=1).at(0.5)
    assert ag.axis_names == ("diagnosis", "risk")
    assert ag.crosstab().index.name == "diagnosis" and ag.crosstab().columns.name == "risk"
