"""The CROSSTABS tables of inference/contingency.py: known answers from scipy and statsmodels, published outputs,
properties (transposing, permuting layers, scaling counts) and the undefined cases."""

import itertools

import numpy as np
import pandas as pd
import pytest
import scipy
import scipy.special
from hypothesis import given
from hypothesis import strategies as st
from scipy import stats
from statsmodels.stats.contingency_tables import StratifiedTable, Table, Table2x2

from pandas_agree.inference.contingency import (
    CELLS,
    cell_statistics,
    chi_square_tests,
    kappa_homogeneity,
    layered_tests,
    risk_estimate,
)

NUMERIC = ["value", "df", "pvalue", "exact_2sided", "exact_1sided"]


def tables(rows=(2, 4), cols=(2, 4), low=1, high=40):
    """Tables with every row and column occupied (each cell ≥ low)."""
    return st.tuples(st.integers(*rows), st.integers(*cols)).flatmap(
        lambda s: st.lists(st.integers(low, high), min_size=s[0] * s[1], max_size=s[0] * s[1]).map(
            lambda v: np.array(v, dtype=float).reshape(s)))


def layers(low=1, high=30):
    return st.integers(2, 5).flatmap(
        lambda k: st.lists(st.integers(low, high), min_size=4 * k, max_size=4 * k).map(
            lambda v: np.array(v, dtype=float).reshape(k, 2, 2)))


# --- published outputs -------------------------------------------------------------------------------------------

# Field, A. (2009). Discovering Statistics Using SPSS, 3rd ed., Sage, §18.5 (the cats trained to dance with food
# or affection as reward, 200 cats): SPSS's "Chi-Square Tests" table, and the odds ratio 6.65 of the text.
CATS = pd.DataFrame([[28, 10], [48, 114]], index=pd.Index(["Food as Reward", "Affection as Reward"], name="Training"),
                    columns=pd.Index(["Yes", "No"], name="Dance"))


def test_field_2009_cats_chi_square_table_at_spss_precision():
    res = chi_square_tests(CATS)
    printed = {"Pearson Chi-Square": 25.356, "Continuity Correction": 23.520, "Likelihood Ratio": 24.932,
               "Linear-by-Linear Association": 25.229}
    for row, value in printed.items():
        assert round(res.loc[row, "value"], 3) == value
        assert res.loc[row, "df"] == 1
        assert f"{res.loc[row, 'pvalue']:.3f}" == "0.000"  # printed ".000"
    fisher = res.loc["Fisher's Exact Test"]
    assert f"{fisher['exact_2sided']:.3f}" == "0.000" and f"{fisher['exact_1sided']:.3f}" == "0.000"
    assert res.loc["N of Valid Cases", "value"] == 200
    # footnote a: "0 cells (.0%) have expected count less than 5. The minimum expected count is 14.44."
    assert res.attrs["cells_expected_below_5"] == 0 and res.attrs["percent_expected_below_5"] == 0
    assert round(res.attrs["min_expected"], 2) == 14.44


def test_field_2009_cats_risk_estimate():
    res = risk_estimate(CATS)
    assert list(res.index) == ["Odds Ratio for Training (Food as Reward / Affection as Reward)",
                               "For cohort Dance = Yes", "For cohort Dance = No", "N of Valid Cases"]
    assert round(res["value"].iloc[0], 2) == 6.65
    assert res["value"].iloc[3] == 200


def test_r_mantelhaen_rabbits_pvalue():
    # R's documentation of mantelhaen.test (Agresti 1990, pp. 231-237, penicillin and rabbits): the classical
    # Mantel-Haenszel test with continuity correction gives p = 0.047.
    rabbits = np.array([[[0, 0], [6, 5]], [[3, 0], [3, 6]], [[6, 2], [0, 4]], [[5, 6], [1, 0]], [[2, 5], [0, 0]]],
                       dtype=float)
    # R's array(c(...), dim=c(2, 2, 5)) fills columns first: stratum k is [[x1, x3], [x2, x4]]
    rabbits = rabbits.reshape(5, 4)[:, [0, 2, 1, 3]].reshape(5, 2, 2)
    res = layered_tests(rabbits)
    assert round(res.loc[("Tests of Conditional Independence", "Mantel-Haenszel"), "pvalue"], 3) == 0.047
    # the first and the last stratum have an empty column: they say nothing about the odds ratio and are left out
    assert res.attrs["layers_used"] == 3


def test_catecholamine_layers_common_odds_ratio():
    # Kleinbaum, Kupper & Morgenstern (1982) catecholamine and coronary heart disease by age and ECG, as printed in
    # A. M. Tamil (2020), Cochran-Mantel-Haenszel (slides, slideshare.net/drtamil): Mantel-Haenszel odds ratio 1.89.
    t = np.array([[[1, 7], [17, 257]], [[3, 14], [7, 52]], [[9, 30], [15, 107]], [[14, 44], [5, 27]]], dtype=float)
    res = layered_tests(t)
    assert round(res.loc[("Mantel-Haenszel Common Odds Ratio Estimate", "Estimate"), "value"], 2) == 1.89


# --- scipy and statsmodels -----------------------------------------------------------------------------------------

@given(tables())
def test_chi_square_family_matches_scipy(t):
    res = chi_square_tests(t, random_state=0, monte_carlo_tables=200, exact_work=0)
    pearson = stats.chi2_contingency(t, correction=False)
    lr = stats.chi2_contingency(t, correction=False, lambda_="log-likelihood")
    np.testing.assert_allclose(res.loc["Pearson Chi-Square", ["value", "df", "pvalue"]].astype(float),
                               [pearson.statistic, pearson.dof, pearson.pvalue], rtol=1e-10, atol=1e-300)
    np.testing.assert_allclose(res.loc["Likelihood Ratio", ["value", "pvalue"]].astype(float),
                               [lr.statistic, lr.pvalue], rtol=1e-9, atol=1e-300)
    if t.shape == (2, 2):
        yates = stats.chi2_contingency(t, correction=True)
        np.testing.assert_allclose(res.loc["Continuity Correction", ["value", "pvalue"]].astype(float),
                                   [yates.statistic, yates.pvalue], rtol=1e-10, atol=1e-12)
    else:
        assert np.isnan(res.loc["Continuity Correction", "value"])
    assert res.attrs["min_expected"] == pytest.approx(pearson.expected_freq.min())
    assert res.attrs["cells_expected_below_5"] == int((pearson.expected_freq < 5).sum())


@given(tables(rows=(2, 2), cols=(2, 2), low=0, high=30).filter(lambda t: (t.sum(0) > 0).all() and (t.sum(1) > 0).all()))
def test_fisher_2x2_matches_scipy(t):
    res = chi_square_tests(t).loc["Fisher's Exact Test"]
    assert res["exact_2sided"] == pytest.approx(stats.fisher_exact(t).pvalue, rel=1e-12)
    side = "greater" if t[0, 0] * t.sum() >= t[0].sum() * t[:, 0].sum() else "less"
    assert res["exact_1sided"] == pytest.approx(stats.fisher_exact(t, alternative=side).pvalue, rel=1e-12)


def test_linear_by_linear_is_n_minus_1_times_squared_correlation_of_the_scores():
    t = np.array([[10, 4, 2], [3, 8, 6], [1, 5, 12]], dtype=float)
    x, y = [], []
    for i, j in itertools.product(range(3), range(3)):
        x += [[1, 2, 5][i]] * int(t[i, j])
        y += [[0, 1, 3][j]] * int(t[i, j])
    r = np.corrcoef(x, y)[0, 1]
    res = chi_square_tests(t, row_scores=[1, 2, 5], col_scores=[0, 1, 3], monte_carlo_tables=10, exact_work=0)
    assert res.loc["Linear-by-Linear Association", "value"] == pytest.approx((t.sum() - 1) * r**2, rel=1e-12)
    # numeric labels are the default scores (SPSS uses the codes); strings get 1, 2, ... in label order
    numeric = pd.DataFrame(t, index=[1, 2, 5], columns=[0, 1, 3])
    strings = pd.DataFrame(t, index=["a", "b", "c"], columns=["x", "y", "z"])
    lin = "Linear-by-Linear Association"
    assert chi_square_tests(numeric, monte_carlo_tables=10, exact_work=0).loc[lin, "value"] == \
        pytest.approx((t.sum() - 1) * r**2, rel=1e-12)
    plain = chi_square_tests(t, row_scores=[1, 2, 3], col_scores=[1, 2, 3], monte_carlo_tables=10, exact_work=0)
    assert chi_square_tests(strings, monte_carlo_tables=10, exact_work=0).loc[lin, "value"] == \
        pytest.approx(plain.loc[lin, "value"], rel=1e-12)


@given(tables(low=1, high=40))
def test_risk_estimate_matches_statsmodels_table2x2(t):
    t = t[:2, :2]
    res = risk_estimate(t, confidence_level=0.9)
    odds = Table2x2(t)
    np.testing.assert_allclose(res.iloc[0][["value", "lower", "upper"]].astype(float),
                               [odds.oddsratio, *odds.oddsratio_confint(alpha=0.1)], rtol=1e-10)
    np.testing.assert_allclose(res.iloc[1][["value", "lower", "upper"]].astype(float),
                               [odds.riskratio, *odds.riskratio_confint(alpha=0.1)], rtol=1e-10)
    second = Table2x2(t[:, ::-1])
    np.testing.assert_allclose(res.iloc[2][["value", "lower", "upper"]].astype(float),
                               [second.riskratio, *second.riskratio_confint(alpha=0.1)], rtol=1e-10)
    assert list(res["measure"]) == ["odds ratio", "relative risk", "relative risk", "N of valid cases"]


@given(layers())
def test_layered_tests_match_statsmodels(t):
    res = layered_tests(t, confidence_level=0.9)
    stt = StratifiedTable(np.moveaxis(t, 0, -1))
    odds = stt.oddsratio_pooled
    mh = stt.test_null_odds(correction=True)
    est = res.loc["Mantel-Haenszel Common Odds Ratio Estimate"]
    np.testing.assert_allclose(res.loc[("Tests of Conditional Independence", "Mantel-Haenszel"), ["value", "pvalue"]]
                               .astype(float), [mh.statistic, mh.pvalue], rtol=1e-9, atol=1e-14)
    np.testing.assert_allclose(est.loc["Estimate", ["value", "se", "lower", "upper"]].astype(float),
                               [odds, stt.logodds_pooled_se, *stt.oddsratio_pooled_confint(alpha=0.1)], rtol=1e-10)
    np.testing.assert_allclose(est.loc["ln(Estimate)", ["lower", "upper"]].astype(float),
                               stt.logodds_pooled_confint(alpha=0.1), rtol=1e-10, atol=1e-12)
    if abs(odds - 1) > 1e-6:  # statsmodels' root divides by 1 - odds
        for line, adjust in (("Breslow-Day", False), ("Tarone's", True)):
            sm = stt.test_equal_odds(adjust=adjust)
            got = res.loc[("Tests of Homogeneity of the Odds Ratio", line), ["value", "df", "pvalue"]].astype(float)
            np.testing.assert_allclose(got, [sm.statistic, len(t) - 1, sm.pvalue], rtol=1e-7, atol=1e-9)


def test_breslow_day_at_a_common_odds_ratio_of_one():
    # every layer has odds ratio 1, so the Mantel-Haenszel estimate is exactly 1 (statsmodels returns NaN there)
    t = np.array([[[2, 4], [3, 6]], [[5, 5], [7, 7]], [[1, 3], [2, 6]]], dtype=float)
    res = layered_tests(t)
    homogeneity = res.loc["Tests of Homogeneity of the Odds Ratio"]
    assert homogeneity["value"].tolist() == pytest.approx([0.0, 0.0], abs=1e-12)
    assert homogeneity["pvalue"].tolist() == pytest.approx([1.0, 1.0])


@given(tables(rows=(2, 2), cols=(2, 2)))
def test_cochran_of_one_layer_is_pearson_and_mantel_haenszel_its_corrected_n_minus_1_form(t):
    res = layered_tests(t[None])
    assert res.loc[("Tests of Conditional Independence", "Cochran's"), "value"] == pytest.approx(
        stats.chi2_contingency(t, correction=False).statistic, rel=1e-10)
    n = t.sum()
    m = t[0].sum() * t[:, 0].sum() / n
    corrected = (abs(t[0, 0] - m) - 0.5) ** 2 / (t[0].sum() * t[1].sum() * t[:, 0].sum() * t[:, 1].sum()
                                                 / (n**2 * (n - 1)))
    assert res.loc[("Tests of Conditional Independence", "Mantel-Haenszel"), "value"] == pytest.approx(corrected)
    assert res.loc["Tests of Homogeneity of the Odds Ratio", "note"].str.contains("two layers").all()


@given(tables(low=0, high=30).filter(lambda t: t.sum() > 0))
def test_cell_statistics_match_statsmodels_and_sum_to_the_chi_square(t):
    res = cell_statistics(t, "all", margins=False)
    keep = (t.sum(1) > 0)[:, None] & (t.sum(0) > 0)[None, :]
    for key, ref in (("sresid", None), ("asresid", None)):
        got = res.xs(key, level="statistic").to_numpy()
        assert np.isnan(got[~keep]).all()
        if keep.all() and t.shape[0] > 1 and t.shape[1] > 1:
            ref = Table(t, shift_zeros=False)
            want = ref.resid_pearson if key == "sresid" else ref.standardized_resids
            np.testing.assert_allclose(got, want, rtol=1e-10, atol=1e-12)
    if keep.all() and t.shape[0] > 1 and t.shape[1] > 1:
        chi2 = (res.xs("sresid", level="statistic").to_numpy() ** 2).sum()
        assert chi2 == pytest.approx(stats.chi2_contingency(t, correction=False).statistic, rel=1e-10)
    resid = res.xs("resid", level="statistic").to_numpy()
    assert resid.sum() == pytest.approx(0, abs=1e-9 * t.sum())
    total = cell_statistics(t, ["total", "row", "column"])
    assert total.loc[("Total", "total"), "Total"] == pytest.approx(100)
    rows = total.xs("row", level="statistic").iloc[:-1, :-1].to_numpy()
    occupied = t.sum(1) > 0
    np.testing.assert_allclose(rows[occupied].sum(1), 100)
    assert np.isnan(rows[~occupied]).all()


def test_cell_statistics_layout_like_spss():
    t = pd.DataFrame([[3, 1], [2, 4]], index=pd.Index(["a", "b"], name="x"), columns=pd.Index(["u", "v"], name="y"))
    res = cell_statistics(t, ["count", "row", "asresid"])
    assert res.index.names == ["x", "statistic"]
    assert list(res.index) == [(r, s) for r in ["a", "b", "Total"] for s in ["count", "row", "asresid"]]
    assert list(res.columns) == ["u", "v", "Total"] and res.columns.name == "y"
    assert res.attrs["titles"] == {"count": "Count", "row": "% within x", "asresid": "Adjusted Residual"}
    assert np.isnan(res.xs("asresid", level="statistic")["Total"]).all()
    assert all(dtype == np.float64 for dtype in res.dtypes)
    assert set(CELLS) == set(cell_statistics(t, "all").index.get_level_values("statistic"))


# --- properties ---------------------------------------------------------------------------------------------------

@given(tables())
def test_transposing_leaves_the_chi_square_tests_unchanged(t):
    a = chi_square_tests(t, random_state=1, monte_carlo_tables=50, exact_work=0)
    b = chi_square_tests(t.T, random_state=1, monte_carlo_tables=50, exact_work=0)
    rows = ["Pearson Chi-Square", "Continuity Correction", "Likelihood Ratio", "Linear-by-Linear Association",
            "N of Valid Cases"]
    pd.testing.assert_frame_equal(a.loc[rows, NUMERIC], b.loc[rows, NUMERIC], rtol=1e-9)
    if t.shape == (2, 2):
        assert a.loc["Fisher's Exact Test", "exact_2sided"] == pytest.approx(
            b.loc["Fisher's Exact Test", "exact_2sided"], rel=1e-9)


@given(tables(), st.integers(2, 5))
def test_scaling_counts_scales_the_chi_squares(t, k):
    a, b = (chi_square_tests(x, monte_carlo_tables=10, exact_work=0) for x in (t, k * t))
    for row in ("Pearson Chi-Square", "Likelihood Ratio"):
        assert b.loc[row, "value"] == pytest.approx(k * a.loc[row, "value"], rel=1e-9, abs=1e-9)
    n = t.sum()
    assert b.loc["Linear-by-Linear Association", "value"] == pytest.approx(
        a.loc["Linear-by-Linear Association", "value"] * (k * n - 1) / (n - 1), rel=1e-9, abs=1e-9)
    if t.shape == (2, 2):
        pd.testing.assert_series_equal(risk_estimate(k * t)["value"].iloc[:3], risk_estimate(t)["value"].iloc[:3])
        assert (risk_estimate(k * t)["se_log"].iloc[:3] ** 2 * k).to_numpy() == pytest.approx(
            (risk_estimate(t)["se_log"].iloc[:3] ** 2).to_numpy())


@given(layers(), st.randoms(use_true_random=False))
def test_permuting_layers_changes_nothing(t, rnd):
    order = list(range(len(t)))
    rnd.shuffle(order)
    a, b = layered_tests(t), layered_tests(t[order])
    pd.testing.assert_frame_equal(a, b, rtol=1e-10)


@given(layers(), st.integers(2, 4))
def test_transposing_layers_keeps_the_tests_and_scaling_keeps_the_odds_ratio(t, k):
    a, b = layered_tests(t), layered_tests(np.swapaxes(t, 1, 2))
    pd.testing.assert_frame_equal(a, b, rtol=1e-9)
    scaled = layered_tests(k * t)
    est = ("Mantel-Haenszel Common Odds Ratio Estimate", "Estimate")
    assert scaled.loc[est, "value"] == pytest.approx(a.loc[est, "value"], rel=1e-10)
    assert scaled.loc[est, "se"] ** 2 * k == pytest.approx(a.loc[est, "se"] ** 2, rel=1e-10)
    cochran = ("Tests of Conditional Independence", "Cochran's")
    assert scaled.loc[cochran, "value"] == pytest.approx(k * a.loc[cochran, "value"], rel=1e-9, abs=1e-12)


def test_swapping_the_rows_inverts_the_common_odds_ratio():
    t = np.array([[[12, 5], [6, 9]], [[8, 8], [3, 10]], [[15, 4], [9, 7]]], dtype=float)
    a, b = layered_tests(t), layered_tests(t[:, ::-1])
    est = ("Mantel-Haenszel Common Odds Ratio Estimate", "ln(Estimate)")
    assert b.loc[est, "value"] == pytest.approx(-a.loc[est, "value"])
    assert b.loc[est, ["lower", "upper"]].tolist() == pytest.approx((-a.loc[est, ["upper", "lower"]]).tolist())


# --- Monte Carlo Fisher test of larger tables -------------------------------------------------------------------------

def _exact_rxc(t):
    """Fisher–Freeman–Halton p-value by enumerating every 3×3 table with the margins of t."""
    rows, cols = t.sum(1).astype(int), t.sum(0).astype(int)

    def logp(x):
        return (scipy.special.gammaln(rows + 1).sum() + scipy.special.gammaln(cols + 1).sum()
                - scipy.special.gammaln(rows.sum() + 1) - scipy.special.gammaln(x + 1).sum())

    observed, total = logp(t), 0.0
    for a, b, d, e in itertools.product(*(range(min(rows[i], cols[j]) + 1) for i, j in ((0, 0), (0, 1), (1, 0),
                                                                                           (1, 1)))):
        x = np.zeros((3, 3))
        x[0, :2], x[1, :2] = (a, b), (d, e)
        x[:2, 2] = rows[:2] - x[:2, :2].sum(1)
        x[2] = cols - x[:2].sum(0)
        if (x < 0).any() or x[2].sum() != rows[2]:
            continue
        lp = logp(x)
        if lp <= observed + 1e-7 * abs(observed):
            total += np.exp(lp)
    return total


def test_monte_carlo_fisher_agrees_with_full_enumeration_and_is_seeded():
    t = np.array([[3, 1, 4], [1, 5, 0], [2, 1, 5]], dtype=float)
    exact = _exact_rxc(t)
    res = chi_square_tests(t, random_state=7, monte_carlo_tables=20_000, exact_work=0)
    mc = res.attrs["monte_carlo"]
    assert mc["tables"] == 20_000 and mc["level"] == 0.99
    assert abs(mc["pvalue"] - exact) < 4 * mc["se"]
    assert mc["lower"] <= mc["pvalue"] <= mc["upper"]
    assert res.loc["Fisher's Exact Test", "exact_2sided"] == mc["pvalue"]
    assert np.isnan(res.loc["Fisher's Exact Test", "exact_1sided"])
    assert "Monte Carlo" in res.loc["Fisher's Exact Test", "note"]
    again = chi_square_tests(t, random_state=7, monte_carlo_tables=20_000, exact_work=0)
    assert again.attrs["monte_carlo"] == mc


@pytest.mark.skipif(tuple(int(x) for x in scipy.__version__.split(".")[:2]) < (1, 15),
                    reason="scipy's fisher_exact takes r×c tables from 1.15")
def test_monte_carlo_fisher_agrees_with_scipy_rxc():
    t = np.array([[3, 1, 4], [1, 5, 0], [2, 1, 5]])
    ours = chi_square_tests(t, random_state=3, monte_carlo_tables=20_000, exact_work=0).attrs["monte_carlo"]
    theirs = stats.fisher_exact(t, method=stats.MonteCarloMethod(n_resamples=20_000, rng=np.random.default_rng(4)))
    assert abs(ours["pvalue"] - theirs.pvalue) < 5 * ours["se"] * np.sqrt(2)


# --- kappa homogeneity ----------------------------------------------------------------------------------------------

def test_kappa_homogeneity_by_hand():
    k, s = np.array([0.72, 0.55, 0.61]), np.array([0.06, 0.08, 0.05])
    w = 1 / s**2
    pooled = (w * k).sum() / w.sum()
    chi2 = (w * k**2).sum() - (w * k).sum() ** 2 / w.sum()  # the same sum, written another way
    res = kappa_homogeneity(k, s)
    assert res["value"].iloc[0] == pytest.approx(chi2, rel=1e-12)
    assert res["df"].iloc[0] == 2
    assert res["pvalue"].iloc[0] == pytest.approx(stats.chi2.sf(chi2, 2))
    assert res["pooled"].iloc[0] == pytest.approx(pooled)
    assert res["pooled_se"].iloc[0] == pytest.approx(w.sum() ** -0.5)
    permuted = kappa_homogeneity(k[::-1], s[::-1])
    pd.testing.assert_frame_equal(res, permuted)
    assert kappa_homogeneity([0.4, 0.4, 0.4], [0.1, 0.2, 0.3])["value"].iloc[0] == pytest.approx(0)


def test_kappa_homogeneity_leaves_out_undefined_groups():
    res = kappa_homogeneity([0.5, np.nan, 0.3], [0.1, 0.1, 0.1])
    assert res["df"].iloc[0] == 1 and "1 group left out" in res["note"].iloc[0]
    alone = kappa_homogeneity([0.5, np.nan], [0.1, 0.1])
    assert np.isnan(alone["value"].iloc[0]) and "at least two groups" in alone["note"].iloc[0]
    with pytest.raises(ValueError, match="same length"):
        kappa_homogeneity([0.5, 0.3], [0.1])


# --- undefined values and validation ----------------------------------------------------------------------------

def test_undefined_values_are_nan_with_a_reason_never_strings():
    constant = chi_square_tests([[5, 3]])
    assert constant.loc["Pearson Chi-Square", NUMERIC].isna().all()
    assert "constant" in constant.loc["Pearson Chi-Square", "note"]
    assert constant.loc["N of Valid Cases", "value"] == 8
    weighted = chi_square_tests([[2.5, 1], [1, 3]])
    assert np.isnan(weighted.loc["Fisher's Exact Test", "exact_2sided"])
    assert "whole counts" in weighted.loc["Fisher's Exact Test", "note"]
    empty_cell = risk_estimate([[0, 4], [3, 5]])
    assert empty_cell[["value", "lower", "upper"]].iloc[:3].isna().all().all()
    assert empty_cell["note"].iloc[:3].str.contains("without empty cells").all()
    flat = chi_square_tests([[1, 2], [2, 4]])
    assert flat.loc["Linear-by-Linear Association", "value"] == pytest.approx(0)
    for frame in (constant, weighted, flat, layered_tests([[[1, 2], [3, 4]]])):
        assert all(frame[c].dtype == float for c in frame.columns if c != "note")
    one_sided_zero = layered_tests([[[0, 3], [0, 4]], [[2, 0], [3, 0]]])
    assert one_sided_zero.attrs["layers_used"] == 0 and one_sided_zero["value"].isna().all()


def test_empty_rows_and_columns_are_left_out_of_the_chi_square_tests():
    t = pd.DataFrame([[10, 0, 4], [0, 0, 0], [3, 0, 9]])
    a = chi_square_tests(t)
    b = chi_square_tests(t.iloc[[0, 2], [0, 2]])
    pd.testing.assert_frame_equal(a, b)
    assert a.loc["Continuity Correction", "df"] == 1


def test_validation_names_the_argument():
    with pytest.raises(ValueError, match="non-negative"):
        chi_square_tests([[1, -2], [3, 4]])
    with pytest.raises(ValueError, match="row_scores"):
        chi_square_tests([[1, 2], [3, 4]], row_scores=[1])
    with pytest.raises(ValueError, match="2×2"):
        risk_estimate([[1, 2, 3], [4, 5, 6]])
    with pytest.raises(ValueError, match="confidence_level"):
        risk_estimate([[1, 2], [3, 4]], confidence_level=95)
    with pytest.raises(ValueError, match="cells"):
        cell_statistics([[1, 2], [3, 4]], ["count", "percent"])
    with pytest.raises(ValueError, match="margins_name"):
        cell_statistics(pd.DataFrame([[1, 2], [3, 4]], index=["Total", "x"]), "count")
    with pytest.raises(ValueError, match=r"\(L, 2, 2\)"):
        layered_tests(np.ones((2, 3, 2)))
    with pytest.raises(ValueError, match="null_odds_ratio"):
        layered_tests(np.ones((2, 2, 2)), null_odds_ratio=0)
    with pytest.raises(ValueError, match="monte_carlo_tables"):
        chi_square_tests([[1, 2, 3], [4, 5, 6]], monte_carlo_tables=0)


def test_monte_carlo_fisher_is_bounded_for_large_tables():
    """A table whose Monte Carlo estimate would draw more than MONTE_CARLO_CELLS cells gets a note instead."""
    from pandas_agree.inference import contingency

    rng = np.random.default_rng(3)
    table = rng.integers(1, 5, (150, 150)).astype(float)
    out = contingency.chi_square_tests(table, random_state=0)
    fisher = out.loc["Fisher's Exact Test"]
    assert np.isnan(fisher["exact_2sided"]) and fisher["note"].startswith("not computed")
    small = contingency.chi_square_tests(table[:3, :3], random_state=0, monte_carlo_tables=100)
    assert np.isfinite(small.loc["Fisher's Exact Test", "exact_2sided"])
