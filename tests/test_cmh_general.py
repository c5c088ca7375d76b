"""The generalized Cochran-Mantel-Haenszel statistics of layers larger than 2×2 (general association on
(I − 1)(J − 1) df, nonzero correlation on 1 df): known answers from R's ``mantelhaen.test`` (the R call beside each
value) and from Agresti's published example, and their properties."""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pandas_agree as pa
from pandas_agree.base.undefined import UndefinedMeasureWarning
from pandas_agree.inference.contingency import GENERALIZED_CMH_ROWS, chi_square_tests, generalized_cmh

from ._r_datasets import UCB_COUNTS

GENERAL, CORRELATION = GENERALIZED_CMH_ROWS
TITLE = "Tests of Conditional Independence"

# R: HairEyeColor (Hair × Eye × Sex), R's order of the labels
HAIR, EYE = ["Black", "Brown", "Red", "Blond"], ["Brown", "Blue", "Hazel", "Green"]
HEC = {"Male": [[32, 11, 10, 3], [53, 50, 25, 15], [10, 10, 7, 7], [3, 30, 5, 8]],
       "Female": [[36, 9, 5, 2], [66, 34, 29, 14], [16, 7, 7, 7], [4, 64, 5, 8]]}
HAIR_EYE = pd.DataFrame([(h, e, sex, t[i][j]) for sex, t in HEC.items() for i, h in enumerate(HAIR)
                         for j, e in enumerate(EYE)], columns=["Hair", "Eye", "Sex", "Freq"])

# R: as.data.frame(xtabs(ncases ~ alcgp + tobgp + agegp, data = esoph))$Freq (alcgp fastest, then tobgp, agegp)
ESOPH_FREQ = [0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 1, 3, 0, 0, 0, 1, 0, 2, 0, 0, 0, 0, 1, 6, 3,
              4, 0, 4, 6, 3, 0, 5, 1, 2, 0, 5, 2, 4, 2, 9, 9, 5, 3, 6, 8, 6, 3, 4, 3, 2, 4, 3, 4, 5, 5, 17, 6, 3, 4, 3,
              4, 1, 2, 5, 2, 1, 0, 0, 1, 1, 1, 2, 1, 2, 2, 1, 1, 1, 0, 0, 0, 0, 1, 1, 0, 0]
ALC, TOB = ["0-39g/day", "40-79", "80-119", "120+"], ["0-9g/day", "10-19", "20-29", "30+"]
AGE = ["25-34", "35-44", "45-54", "55-64", "65-74", "75+"]
ESOPH = pd.DataFrame([(a, t, g) for g in AGE for t in TOB for a in ALC], columns=["alcgp", "tobgp", "agegp"]).assign(
    ncases=ESOPH_FREQ)

# Agresti, Categorical Data Analysis, 2nd ed. (2002), Table 7.8 (3rd ed. 2013, Table 6.12): job satisfaction by
# income, by gender; the labels are the scores of the published analysis (income in $1000: 3, 10, 20, 35;
# satisfaction: 1, 3, 4, 5)
JOB = {"Female": [[1, 3, 11, 2], [2, 3, 17, 3], [0, 1, 8, 5], [0, 2, 4, 2]],
       "Male": [[1, 1, 2, 1], [0, 3, 5, 1], [0, 0, 7, 3], [0, 1, 9, 6]]}
INCOME, SATISFACTION = [3, 10, 20, 35], [1, 3, 4, 5]
JOB_FRAME = pd.DataFrame([(inc, sat, g, t[i][j]) for g, t in JOB.items() for i, inc in enumerate(INCOME)
                          for j, sat in enumerate(SATISFACTION)], columns=["income", "satisfaction", "gender", "n"])


def _cmh(ct: pa.Crosstab) -> pd.DataFrame:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", pa.LabelOrderWarning)
        return ct.statistics(["cmh"])[TITLE]


def _r_mantelhaen(x: np.ndarray) -> float:
    """M² as R's mantelhaen.test computes it (stats:::mantelhaen.test, its I×J×K branch, read with
    ``Rscript -e 'mantelhaen.test'``): a loop over the layers, the last row and column left out, the cells in
    column-major order, and qr.solve; here ``x`` is (K, I, J) and the layers with at most one case are left out."""
    _, i, j = x.shape
    df = (i - 1) * (j - 1)
    n, m, v = np.zeros(df), np.zeros(df), np.zeros((df, df))
    for f in x[x.sum(axis=(1, 2)) > 1]:
        ntot = f.sum()
        rowsums, colsums = f.sum(axis=1)[:-1], f.sum(axis=0)[:-1]
        n += f[:-1, :-1].ravel(order="F")
        m += np.outer(rowsums, colsums).ravel(order="F") / ntot
        v += np.kron(np.diag(ntot * colsums) - np.outer(colsums, colsums),
                     np.diag(ntot * rowsums) - np.outer(rowsums, rowsums)) / (ntot**2 * (ntot - 1))
    n -= m
    return float(n @ np.linalg.solve(v, n))


# --- known answers -------------------------------------------------------------------------------------------------

def test_hair_eye_color_equals_r():
    ct = HAIR_EYE.agree.crosstabs("Hair", "Eye", weights="Freq", layers="Sex")
    general = _cmh(ct).loc[GENERAL]
    # R: mantelhaen.test(HairEyeColor)  # Cochran-Mantel-Haenszel M^2 = 140.283332051384, df = 9,
    #    p-value = 9.0163740398083e-26
    assert general["value"] == pytest.approx(140.283332051384, rel=1e-12)
    assert general["df"] == 9
    assert general["pvalue"] == pytest.approx(9.0163740398083e-26, rel=1e-9)
    # the same through pa.crosstabs and the array function
    assert _cmh(pa.crosstabs(HAIR_EYE, "Hair", "Eye", weights="Freq", layers="Sex")).loc[GENERAL, "value"] == \
        general["value"]
    assert generalized_cmh(np.array(list(HEC.values()))).loc[GENERAL, "value"] == pytest.approx(140.283332051384,
                                                                                                rel=1e-12)


def test_agresti_job_satisfaction_general_association_and_nonzero_correlation():
    ct = JOB_FRAME.agree.crosstabs("income", "satisfaction", weights="n", layers="gender")
    out = _cmh(ct)
    # R: js <- array(c(1,2,0,0, 3,3,1,2, 11,17,8,4, 2,3,5,2,  1,0,0,0, 1,3,0,1, 2,5,7,9, 1,1,3,6), c(4, 4, 2))
    #    mantelhaen.test(js)  # Cochran-Mantel-Haenszel M^2 = 10.2000887577686, df = 9, p-value = 0.334531183397821
    # (Agresti 2002, §7.5.3: general association 10.2, df = 9, P = 0.33)
    assert out.loc[GENERAL, "value"] == pytest.approx(10.2000887577686, rel=1e-12)
    assert out.loc[GENERAL, "pvalue"] == pytest.approx(0.334531183397821, rel=1e-10)
    # Agresti 2002, §7.5.3 (SAS PROC FREQ's "Nonzero Correlation" with these scores): 6.156, df = 1, P = 0.013;
    # R, the formula written out (Agresti 2002, eq. 7.21; Landis, Heyman and Koch 1978), on js above:
    #   u <- c(3,10,20,35); v <- c(1,3,4,5); num <- 0; den <- 0
    #   for (h in 1:2) { f <- js[,,h]; n <- sum(f); r <- rowSums(f); cc <- colSums(f)
    #     num <- num + sum(outer(u, v) * f) - sum(u*r)*sum(v*cc)/n
    #     den <- den + (sum(u^2*r) - sum(u*r)^2/n)*(sum(v^2*cc) - sum(v*cc)^2/n)/(n-1) }
    #   num^2/den  # 6.15630149185071; pchisq(num^2/den, 1, lower.tail = FALSE)  # 0.013094472646957
    assert out.loc[CORRELATION, "value"] == pytest.approx(6.15630149185071, rel=1e-12)
    assert out.loc[CORRELATION, "df"] == 1
    assert out.loc[CORRELATION, "pvalue"] == pytest.approx(0.013094472646957, rel=1e-10)
    # the numeric labels are the scores: the array function with the scores given agrees to the last digit
    given_scores = generalized_cmh(np.array(list(JOB.values())), INCOME, SATISFACTION)
    assert out.loc[CORRELATION, "value"] == pytest.approx(given_scores.loc[CORRELATION, "value"], rel=1e-14)


def test_esoph_layer_of_one_case_is_left_out_and_absent_labels_count_zero():
    ct = ESOPH.agree.crosstabs("alcgp", "tobgp", weights="ncases", layers="agegp",
                               labels={"alcgp": ALC, "tobgp": TOB})
    assert ct.layers["25-34"].n == 1  # R stops on it: "sample size in each stratum must be > 1"
    assert ct.layers["35-44"].table.loc["80-119"].sum() == 0  # a row without cases in a layer
    general = _cmh(ct).loc[GENERAL]
    # R: tab <- xtabs(ncases ~ alcgp + tobgp + agegp, data = esoph); mantelhaen.test(tab[, , -1])
    #    # Cochran-Mantel-Haenszel M^2 = 8.00556151276619, df = 9, p-value = 0.53358584657956
    assert general["value"] == pytest.approx(8.00556151276619, rel=1e-12)
    assert general["df"] == 9 and general["pvalue"] == pytest.approx(0.53358584657956, rel=1e-10)
    text = " ".join(str(ct.report(statistics=["cmh"])).split())  # the footnotes wrap
    assert "1 layer with at most one case is left out" in text


def test_ucb_two_by_two_layers_keep_spss_tables_and_equal_the_uncorrected_statistic():
    from ._r_datasets import UCB

    out = UCB.agree.crosstabs("Admit", "Gender", weights="Freq", layers="Dept").statistics(["cmh"])[TITLE]
    assert list(out.index) == ["Cochran's", "Mantel-Haenszel"]  # 2×2 layers: SPSS's table as before
    # R: mantelhaen.test(UCBAdmissions)  # Mantel-Haenszel X-squared = 1.4269, df = 1, p-value = 0.2323
    assert out.loc["Mantel-Haenszel", "value"] == pytest.approx(1.4269, abs=5e-5)
    tables = np.array([[[am, rm], [af, rf]] for am, af, rm, rf in UCB_COUNTS.values()], dtype=float)
    general = generalized_cmh(tables)
    # R: mantelhaen.test(UCBAdmissions, correct = FALSE)  # Mantel-Haenszel X-squared = 1.52460666044344, df = 1,
    #    p-value = 0.216923697055518
    assert general.loc[GENERAL, "value"] == pytest.approx(1.52460666044344, rel=1e-12)
    assert general.loc[GENERAL, "pvalue"] == pytest.approx(0.216923697055518, rel=1e-10)
    assert general.loc[CORRELATION, "value"] == pytest.approx(1.52460666044344, rel=1e-12)


def test_singular_covariance_is_nan_with_a_warning_and_a_note():
    # the third row has cases only in the first layer, the third column only in the second: no layer varies them
    # together. R: s <- array(0, c(3, 3, 2)); s[, , 1] <- matrix(c(5,2,4, 3,6,4, 0,0,0), 3)
    #    s[, , 2] <- matrix(c(5,2,0, 3,6,0, 2,3,0), 3); mantelhaen.test(s)
    #    # Error in qr.solve(V, n) : singular matrix 'a' in solve
    s = np.array([[[5, 3, 0], [2, 6, 0], [4, 4, 0]], [[5, 3, 2], [2, 6, 3], [0, 0, 0]]], dtype=float)
    with pytest.warns(UndefinedMeasureWarning, match="general association.*singular"):
        out = generalized_cmh(s)
    assert np.isnan(out.loc[GENERAL, ["value", "pvalue"]].astype(float)).all()
    assert "singular" in out.loc[GENERAL, "note"] and out.loc[GENERAL, "df"] == 4
    assert np.isfinite(out.loc[CORRELATION, "value"])
    # the same through the layered crosstab: the warning, the NaN and the note in the report
    frame = pd.DataFrame([(r, c, g, s[g, r, c]) for g in range(2) for r in range(3) for c in range(3)],
                         columns=["r", "c", "g", "w"])
    ct = frame.agree.crosstabs("r", "c", weights="w", layers="g")
    with pytest.warns(UndefinedMeasureWarning, match="singular"):
        table = ct.statistics(["cmh"])[TITLE]
    assert np.isnan(table.loc[GENERAL, "value"]) and "singular" in table.loc[GENERAL, "note"]


@pytest.mark.parametrize("scale", [0.37, 1e3, 1e9])
def test_singular_whatever_the_size_of_the_weights(scale):
    # the same structure (the third row only in the first layer, the third column only in the second) with
    # fractional weights of any size: the rank is decided on V scaled to unit diagonal, not on its raw size
    weights = np.random.default_rng(3).uniform(0.5, 1.5, (2, 3, 3)) * scale
    s = np.array([[[5, 3, 0], [2, 6, 0], [4, 4, 0]], [[5, 3, 2], [2, 6, 3], [0, 0, 0]]]) * weights
    with pytest.warns(UndefinedMeasureWarning, match="singular"):
        assert np.isnan(generalized_cmh(s).loc[GENERAL, "value"])
    # and a regular table is computed whatever the unit of its weights, as R's code computes it
    hec = np.array(list(HEC.values()), dtype=float) * np.random.default_rng(4).uniform(0.5, 1.5, (2, 4, 4)) * scale
    assert generalized_cmh(hec).loc[GENERAL, "value"] == pytest.approx(_r_mantelhaen(hec), rel=1e-9)


def test_more_than_the_most_df_is_not_computed():
    from pandas_agree.inference.contingency import GENERALIZED_CMH_MAX_DF

    side = int(np.sqrt(GENERALIZED_CMH_MAX_DF)) + 2  # (side − 1)² > the most df
    t = np.ones((2, side, side))
    with pytest.warns(UndefinedMeasureWarning, match="not computed above"):
        out = generalized_cmh(t)
    assert np.isnan(out.loc[GENERAL, "value"]) and "not computed" in out.loc[GENERAL, "note"]
    assert out.loc[CORRELATION, "value"] == pytest.approx(0.0, abs=1e-12)  # independent layers: T_k = E T_k


def test_no_layer_with_two_cases_is_nan_with_a_warning():
    with pytest.warns(UndefinedMeasureWarning, match="no layer with more than one case"):
        out = generalized_cmh(np.array([[[1, 0, 0], [0, 0, 0]], [[0, 0, 0], [0, 0, 1]]]))
    assert out["value"].isna().all() and out.attrs["layers_used"] == 0


def test_layers_with_a_single_column_category_are_nan_with_a_warning():
    # every layer (and so all of them together) has cases in one column only: R's mantelhaen.test stops,
    # s <- array(c(2, 1, 3, 1, 2, 2), c(3, 1, 2)); mantelhaen.test(s)
    # # Error: each dimension in table must be >= 2
    frame = pd.DataFrame({"r": list("xyzxyz"), "c": ["u"] * 6, "g": list("AAABBB"), "w": [2, 1, 3, 1, 2, 2]})
    ct = frame.agree.crosstabs("r", "c", weights="w", layers="g", labels={"r": ["x", "y", "z"]})
    with pytest.warns(UndefinedMeasureWarning, match=r"general association\) and .*nonzero correlation\) "
                                                    r"undefined \(NaN\): needs two row and two column categories"):
        table = ct.statistics(["cmh"])[TITLE]
    assert table.loc[[GENERAL, CORRELATION], "value"].isna().all()
    assert "3 row and 1 column categories with cases" in table.loc[GENERAL, "note"]


def test_bad_input_names_the_argument():
    with pytest.raises(ValueError, match=r"tables must have shape \(K, I, J\)"):
        generalized_cmh(np.ones((2, 3)))
    with pytest.raises(ValueError, match="tables must hold finite, non-negative counts"):
        generalized_cmh(-np.ones((1, 2, 3)))
    with pytest.raises(ValueError, match="col_scores must be 3 finite numbers"):
        generalized_cmh(np.ones((1, 2, 3)), col_scores=[1, 2])


def test_under_a_sample_design_it_is_a_note():
    frame = HAIR_EYE.loc[HAIR_EYE.index.repeat(HAIR_EYE["Freq"])].reset_index(drop=True)
    frame["psu"] = np.arange(len(frame)) % 20
    ct = frame.agree.crosstabs("Hair", "Eye", layers="Sex", cluster="psu")
    out = _cmh(ct)
    assert out.loc[[GENERAL, CORRELATION], "value"].isna().all()
    assert "not computed under a sample design" in out.loc[GENERAL, "note"]


def test_report_text_and_dict_show_the_rows():
    ct = HAIR_EYE.agree.crosstabs("Hair", "Eye", weights="Freq", layers="Sex", labels={"Hair": HAIR, "Eye": EYE})
    rep = ct.report(statistics=["cmh"])
    text = str(rep)
    assert "Cochran-Mantel-Haenszel (general association)      140.283   9" in text
    assert "(2×2 tables)" not in text and "Cochran's statistic is asymptotically" not in text
    assert "general association on (rows − 1)(columns − 1) df" in " ".join(text.split())
    data = rep.to_dict()["statistics"][TITLE]  # split orientation: index, columns, data
    value = data["data"][data["index"].index(GENERAL)][data["columns"].index("value")]
    assert value == pytest.approx(140.283332051384, rel=1e-12)


# --- properties ----------------------------------------------------------------------------------------------------

def _tables(shape):
    return st.lists(st.integers(0, 30), min_size=int(np.prod(shape)), max_size=int(np.prod(shape))).map(
        lambda v: np.array(v, dtype=float).reshape(shape))


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 5).flatmap(lambda k: _tables((k, 2, 2))))
def test_two_by_two_layers_equal_the_uncorrected_mantel_haenszel_statistic(t):
    used = t[t.sum(axis=(1, 2)) > 1]
    n = used.sum(axis=(1, 2))
    r1, r2, c1, c2 = used[:, 0].sum(1), used[:, 1].sum(1), used[:, :, 0].sum(1), used[:, :, 1].sum(1)
    variance = (r1 * r2 * c1 * c2 / (n**2 * (n - 1))).sum()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMeasureWarning)
        out = generalized_cmh(t)
    if len(used) == 0 or variance == 0:
        assert out["value"].isna().all()
        return
    # R: mantelhaen.test(x, correct = FALSE)$statistic, written out: (Σ (a − r₁c₁/n))² / Σ r₁r₂c₁c₂/(n²(n − 1))
    expected = (used[:, 0, 0] - r1 * c1 / n).sum() ** 2 / variance
    assert out.loc[GENERAL, "value"] == pytest.approx(expected, rel=1e-9, abs=1e-12)
    assert out.loc[CORRELATION, "value"] == pytest.approx(expected, rel=1e-9, abs=1e-12)


@settings(max_examples=60, deadline=None)
@given(st.tuples(st.integers(1, 4), st.integers(2, 4), st.integers(2, 4)).flatmap(_tables), st.randoms())
def test_general_association_is_invariant_to_permuting_rows_columns_and_layers(t, rnd):
    k, i, j = t.shape
    perm = [rnd.sample(range(m), m) for m in (k, i, j)]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMeasureWarning)
        a = generalized_cmh(t)
        b = generalized_cmh(t[perm[0]][:, perm[1]][:, :, perm[2]])
        c = generalized_cmh(np.concatenate([t, np.zeros((1, i, j)), np.eye(1, i * j).reshape(1, i, j)]))
        layers_only = generalized_cmh(t[perm[0]]).loc[CORRELATION, "value"]
    assert np.isnan(a.loc[GENERAL, "value"]) == np.isnan(b.loc[GENERAL, "value"])
    if np.isfinite(a.loc[GENERAL, "value"]):
        assert b.loc[GENERAL, "value"] == pytest.approx(a.loc[GENERAL, "value"], rel=1e-7, abs=1e-9)
        # empty layers and layers of one case change nothing
        assert c.loc[GENERAL, "value"] == pytest.approx(a.loc[GENERAL, "value"], rel=1e-12, abs=1e-12)
    # the nonzero correlation does not depend on the order of the layers
    if np.isfinite(a.loc[CORRELATION, "value"]):
        assert layers_only == pytest.approx(a.loc[CORRELATION, "value"], rel=1e-9, abs=1e-12)


@settings(max_examples=60, deadline=None)
@given(st.tuples(st.integers(1, 4), st.integers(2, 4), st.integers(2, 4)).flatmap(_tables))
def test_general_association_equals_r_code_where_r_gives_one(t):
    # R's code stops where V is singular; where V is well conditioned both give the same M²
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMeasureWarning)
        ours = generalized_cmh(t).loc[GENERAL, "value"]
    used = t[t.sum(axis=(1, 2)) > 1]
    if len(used) == 0 or not np.isfinite(ours):
        return
    assert ours == pytest.approx(_r_mantelhaen(t), rel=1e-8, abs=1e-10)


@settings(max_examples=40, deadline=None)
@given(st.tuples(st.integers(2, 4), st.integers(2, 4)).flatmap(_tables))
def test_one_layer_nonzero_correlation_is_the_linear_by_linear_association(t):
    # one layer: (n − 1) r², the Linear-by-Linear Association of the chi-square tests. On one table, R:
    # x <- margin.table(HairEyeColor, 1:2); d <- as.data.frame(x)
    # (sum(d$Freq) - 1) * cov.wt(cbind(as.integer(d$Hair), as.integer(d$Eye)), wt = d$Freq, cor = TRUE)$cor[1, 2]^2
    #    # 28.2922977643215
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        out = generalized_cmh(t[None])
        tests = chi_square_tests(t)
    linear = tests.loc["Linear-by-Linear Association", "value"]
    if np.isfinite(out.loc[CORRELATION, "value"]) and np.isfinite(linear):
        assert out.loc[CORRELATION, "value"] == pytest.approx(linear, rel=1e-9, abs=1e-12)


def test_hair_eye_margin_linear_by_linear_equals_r():
    summed = np.array(list(HEC.values())).sum(axis=0)
    # R: see the test above: 28.2922977643215
    assert generalized_cmh(summed[None]).loc[CORRELATION, "value"] == pytest.approx(28.2922977643215, rel=1e-12)
