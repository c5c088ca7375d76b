"""Tests of a table under a sample design: Rao–Scott's corrections, the Wald tests, and the design-based tests of
symmetry and marginal homogeneity.

Known answers: R 4.2.2, survey 4.1.1. ``svychisq``'s four statistics on the designs and tables of
tests/_survey_reference.py (stratified with and without fpc, one-stage cluster with fpc, two-stage cluster, NHANES'
strata of clusters; tables that share no label, that share labels, 2×2, ordinal); the layers of a crosstab against
``svychisq`` on ``subset(design, ...)`` (domain estimation); a replicate design (``as.svrepdesign(type = "JKn",
mse = TRUE)``); and Bowker's and Stuart–Maxwell's adjusted Wald tests against the Wald test of ``svymean`` of the
row-level differences, written out in R (below).
"""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd
import pytest

import pandas_agree as pa
from pandas_agree.inference.design_tests import adjusted_wald, independence_tests

from ._survey_reference import DESIGNS, SVYCHISQ, load
from .test_design import simulated

CASES = sorted({(design, table) for design, table, _ in SVYCHISQ})


def quiet(f, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return f(*args, **kwargs)


def crosstabs(design: str, table: str, **more) -> pa.Crosstab:
    name, kw = DESIGNS[design]
    row, col = table.split("+")
    return pa.crosstabs(load(name), row, col, **kw, **more)


def chi_square(ct) -> pd.DataFrame:
    return quiet(ct.statistics, ["chisq"])["Chi-Square Tests"]


@pytest.mark.parametrize(("design", "table"), CASES)
def test_svychisq(design, table):
    """Every statistic of ``svychisq(~row + col, design, statistic = s)`` for s in F, Chisq, Wald and adjWald."""
    tests = chi_square(crosstabs(design, table))
    f, chisq = SVYCHISQ[design, table, "F"], SVYCHISQ[design, table, "Chisq"]
    df = chisq["df"]
    assert tests.loc["Pearson Chi-Square", "value"] == pytest.approx(f["X2"], rel=1e-9)
    assert tests.loc["Pearson Chi-Square", "df"] == df
    second = tests.loc["Pearson: Adjusted F"]
    assert second["value"] == pytest.approx(f["statistic"], rel=1e-8)
    assert second["df"] == pytest.approx(f["ndf"], rel=1e-8)
    assert second["df2"] == pytest.approx(f["ddf"], rel=1e-8)
    assert second["pvalue"] == pytest.approx(f["p.value"], rel=1e-6)
    # R's "Chisq" prints the unadjusted X² and takes its p-value from X²/δ̄, δ̄ = tr Δ / df
    first = tests.loc["Pearson: Rao-Scott Chi-Square"]
    assert first["value"] == pytest.approx(chisq["statistic"] / (f["trace"] / df), rel=1e-8)
    assert first["df"] == df
    assert first["pvalue"] == pytest.approx(chisq["p.value"], rel=1e-6)
    for name, statistic in (("Wald F", "Wald"), ("Adjusted Wald F", "adjWald")):
        r = SVYCHISQ[design, table, statistic]
        assert tests.loc[name, "value"] == pytest.approx(r["statistic"], rel=1e-8)
        assert (tests.loc[name, "df"], tests.loc[name, "df2"]) == (r["ndf"], r["ddf"])
        assert tests.loc[name, "pvalue"] == pytest.approx(r["p.value"], rel=1e-6)


@pytest.mark.parametrize(("design", "table"), CASES)
def test_the_likelihood_ratio_takes_the_same_design_effects(design, table):
    """Rao–Scott's G²: the likelihood ratio of the rescaled table over the same δ̄ and tr Δ as X² (SAS SURVEYFREQ's
    Rao–Scott likelihood ratio test), a second implementation written out here."""
    ct = crosstabs(design, table)
    tests = chi_square(ct)
    f = SVYCHISQ[design, table, "F"]
    rows, cols = (np.flatnonzero(x > 0) for x in (ct.table.sum(axis=1).to_numpy(), ct.table.sum(axis=0).to_numpy()))
    p = ct.table.to_numpy()[np.ix_(rows, cols)]
    p = p / p.sum()
    n = ct.design["rows"]
    expected = np.outer(p.sum(axis=1), p.sum(axis=0))
    g2 = 2 * n * np.sum(np.where(p > 0, p * np.log(np.where(p > 0, p, 1) / expected), 0))
    assert tests.loc["Likelihood Ratio", "value"] == pytest.approx(g2, rel=1e-10)
    assert tests.loc["Likelihood Ratio: Adjusted F", "value"] == pytest.approx(g2 / f["trace"], rel=1e-8)
    assert tests.loc["Likelihood Ratio: Adjusted F", "df2"] == pytest.approx(f["ddf"], rel=1e-8)


# svychisq(~stype + awards, subset(svydesign(id = ~dnum, weights = ~pw, fpc = ~fpc, data = apiclus1), both == "Yes"),
#          statistic = s) and svychisq(~sch.wide + awards, subset(svydesign(id = ~1, strata = ~stype, weights = ~pw,
#          fpc = ~fpc, data = apistrat), yr.rnd == v), statistic = s): (statistic, ndf, ddf or df, p-value)
LAYERS = {
    ("D2", "stype+awards", "both", "Yes"): {
        "F": (3.92823914884105, 1.12071788197409, 14.5693324656632, 0.0630457562235658),
        "Chisq": (7.05496794871795, 2, None, 0.0196782926080832),
        "Wald": (0.471588644492472, 2, 13, 0.634279124731602),
        "adjWald": (0.435312594916128, 2, 12, 0.656885411366337)},
    ("D1", "sch.wide+awards", "yr.rnd", "No"): {
        "F": (66.0457372802848, 1, 176, 7.52412379296756e-14),
        "Chisq": (64.1324313648378, 1, None, 4.40579678308532e-16),
        "Wald": (62.5679052845066, 1, 176, 2.74056582552669e-13),
        "adjWald": (62.5679052845066, 1, 176, 2.74056582552669e-13)},
    ("D1", "sch.wide+awards", "yr.rnd", "Yes"): {
        "F": (9.72637329089094, 1, 18, 0.00593136174280355),
        "Chisq": (8.81331297827019, 1, None, 0.00181642549749887),
        "Wald": (3.00625539686772, 1, 18, 0.100037722533879),
        "adjWald": (3.00625539686772, 1, 18, 0.100037722533879)},
}


@pytest.mark.parametrize("case", list(LAYERS))
def test_a_layer_is_a_domain_as_r_subset_takes_it(case):
    """A layer's tests use the whole sample's design restricted to the layer (its PSUs without rows stay, with empty
    tables) and the degrees of freedom of the PSUs holding its rows, as R's svychisq on subset(design, ...)."""
    design, table, layer, value = case
    tests = chi_square(crosstabs(design, table, layers=layer).layers[value])
    r = LAYERS[case]
    assert tests.loc["Pearson Chi-Square", "value"] == pytest.approx(r["Chisq"][0], rel=1e-9)
    assert tests.loc["Pearson: Rao-Scott Chi-Square", "pvalue"] == pytest.approx(r["Chisq"][3], rel=1e-6)
    for name, statistic in (("Pearson: Adjusted F", "F"), ("Wald F", "Wald"), ("Adjusted Wald F", "adjWald")):
        value, df1, df2, pvalue = r[statistic]
        row = tests.loc[name]
        assert row["value"] == pytest.approx(value, rel=1e-8)
        assert (row["df"], row["df2"]) == (pytest.approx(df1, rel=1e-8), pytest.approx(df2, rel=1e-8))
        assert row["pvalue"] == pytest.approx(pvalue, rel=1e-6)


def simulated_agreement(**more) -> pa.Agreement:
    return simulated().agree("actual", "pred", weights="weight", strata="stratum", cluster="psu", **more)


def test_symmetry_and_marginal_homogeneity_are_wald_tests_of_the_design():
    """Bowker's and Stuart–Maxwell's tests under a design are the adjusted Wald F tests of the differences of
    proportions; R (the simulated sample of tests/test_design.py written to CSV)::

        des <- svydesign(id = ~psu, strata = ~stratum, weights = ~weight, data = d, nest = TRUE)
        # d$m0 <- (actual == 0) - (pred == 0), d$m1 likewise; d$b01 <- (actual == 0 & pred == 1) -
        # (actual == 1 & pred == 0), d$b02, d$b12 likewise
        m <- svymean(~m0 + m1, des)  # (~b01 + b02 + b12 for Bowker)
        W <- t(coef(m)) %*% solve(vcov(m), coef(m)); F <- W * (nu - r + 1) / (r * nu)  # nu = degf(des) = 30
    """
    tests = quiet(simulated_agreement().tests)
    assert tests.loc["STUART_MAXWELL", "statistic"] == pytest.approx(4.53643376749187, rel=1e-9)
    assert tests.loc["STUART_MAXWELL", "df"] == 2
    assert tests.loc["STUART_MAXWELL", "pvalue"] == pytest.approx(0.0193127868017969, rel=1e-7)
    assert tests.loc["BOWKER", "statistic"] == pytest.approx(2.92508828585836, rel=1e-9)
    assert tests.loc["BOWKER", "df"] == 3
    assert tests.loc["BOWKER", "pvalue"] == pytest.approx(0.0511353648490467, rel=1e-7)
    assert "on 3 and 28 df" in tests.loc["BOWKER", "method"]


def test_symmetry_tests_of_a_single_label_under_a_design_are_not_applicable():
    """A table of one label (every object agrees on it, as a subpopulation of R's apistrat with awards == "Yes",
    where sch.wide and comp.imp are both "Yes") has no pair of labels and no margin to compare: under a design
    Bowker's and Stuart–Maxwell's tests are NaN, as without one, and the report of such a group is made."""
    df = pd.DataFrame({"a": ["y"] * 6, "p": ["y"] * 6, "s": [1, 1, 1, 2, 2, 2], "w": [2.0] * 6})
    tests = quiet(df.agree("a", "p", weights="w", strata="s").tests)
    assert np.isnan(tests.loc[["BOWKER", "STUART_MAXWELL"], "statistic"]).all()
    assert "at least 2 labels" in tests.loc["STUART_MAXWELL", "method"]
    df["g"] = ["one"] * 6
    more = pd.DataFrame({"a": ["y", "n", "y", "n"], "p": ["n", "n", "y", "y"], "s": [1, 1, 2, 2], "w": [1.0] * 4,
                         "g": ["two"] * 4})
    report = quiet(pd.concat([df, more]).agree.report, "a", "p", weights="w", strata="s", by="g", ci=None)
    assert list(report.groups) == ["one", "two"]


def test_independence_of_an_agreement_is_svychisq():
    """CHI2 and G2 of ``tests()`` under a design are Rao–Scott's second-order F; svychisq(~actual + pred, des)
    (statistic = "F"): F = 94.7680370024949 on 3.16478946650453 and 94.9436839951359 df, p = 3.78614636589667e-29."""
    ag = simulated_agreement()
    tests = quiet(ag.tests)
    assert tests.loc["CHI2", "statistic"] == pytest.approx(94.7680370024949, rel=1e-9)
    assert tests.loc["CHI2", "df"] == pytest.approx(3.16478946650453, rel=1e-9)
    assert tests.loc["CHI2", "pvalue"] == pytest.approx(3.78614636589667e-29, rel=1e-6)
    chi = chi_square(ag)
    assert chi.loc["Wald F", "value"] == pytest.approx(38.1584214964021, rel=1e-9)  # statistic = "Wald"
    assert chi.loc["Adjusted Wald F", "value"] == pytest.approx(34.3425793467619, rel=1e-9)  # "adjWald"
    assert tests.loc["G2", "statistic"] == pytest.approx(chi.loc["Likelihood Ratio: Adjusted F", "value"])


def test_replicate_designs_take_the_replicates_variance():
    """With replicates="jackknife", svychisq on as.svrepdesign(des, type = "JKn", mse = TRUE): the Rao–Scott
    tests from the replicate covariance of the proportions, the Wald tests from that of the totals (linear, so the
    same as the linearisation's)."""
    tests = chi_square(simulated_agreement(replicates="jackknife"))
    f = tests.loc["Pearson: Adjusted F"]
    assert f["value"] == pytest.approx(94.0570061532163, rel=1e-9)
    assert (f["df"], f["df2"]) == (pytest.approx(3.15781599813708, rel=1e-9), pytest.approx(94.7344799441123, rel=1e-9))
    assert f["pvalue"] == pytest.approx(5.6783000261257e-29, rel=1e-6)
    assert tests.loc["Pearson: Rao-Scott Chi-Square", "pvalue"] == pytest.approx(3.80054776866077e-80, rel=1e-6)
    assert tests.loc["Wald F", "value"] == pytest.approx(38.1584214964021, rel=1e-9)
    assert tests.loc["Adjusted Wald F", "value"] == pytest.approx(34.3425793467619, rel=1e-9)


def test_the_report_under_a_design_has_no_unexplained_nan_and_no_independent_rows_se():
    ct = crosstabs("D2", "stype+awards")
    tables = quiet(ct.statistics, "all")
    for title, frame in tables.items():
        for name in frame.index:
            row = frame.loc[name]
            if name == "N of Valid Cases" or "pvalue" not in frame:
                continue
            if pd.isna(row["pvalue"]) and not pd.isna(row["value"]):
                assert row["note"] or name in ("Pearson Chi-Square", "Likelihood Ratio") or "Eta" in name or \
                    row.get("ase") == 0, (title, name)
    symmetric = tables["Symmetric Measures"]
    measures = quiet(ct.measures, ["TAU_B", "CRAMERV"], ci="linearized")
    assert symmetric.loc["Kendall's tau-b", "ase"] == pytest.approx(measures.loc["TAU_B", "se"], rel=1e-12)
    assert symmetric.loc["Cramér's V", "ase"] == pytest.approx(measures.loc["CRAMERV", "se"], rel=1e-12)
    text = str(quiet(ct.report, statistics="all"))
    assert "Tests of Independence" in text and "Asymp. Std." not in text  # SPSS's ASE assumes independent rows


def test_adjusted_wald_needs_degrees_of_freedom():
    test = adjusted_wald(np.array([0.1, 0.2, 0.3]), np.eye(3), 2, "a test")
    assert np.isnan(test.pvalue) and "3 contrasts" in test.note and "2 degrees of freedom" in test.note
    ok = adjusted_wald(np.array([0.1]), np.eye(1) * 0.01, 10, "a test")
    assert ok.statistic == pytest.approx(1.0) and (ok.df1, ok.df2) == (1, 10)


def test_a_table_with_one_column_with_cases_has_no_test_and_says_why():
    df = pd.DataFrame({"a": list("xyxy"), "b": list("uuuu"), "s": [0, 0, 1, 1]})
    ct = df.agree.crosstabs("a", "b", strata="s")
    out = independence_tests(ct._sample, np.arange(2), np.arange(1))
    assert np.isnan(out["pearson_second"].pvalue) and "single row or column" in out["pearson_second"].note


def test_dask_gives_the_same_tests():
    dd = pytest.importorskip("dask.dataframe")
    df = simulated()
    kw = {"weights": "weight", "strata": "stratum", "cluster": "psu"}
    ours = dd.from_pandas(df, npartitions=3).agree("actual", "pred", **kw)
    theirs = df.agree("actual", "pred", **kw)
    pd.testing.assert_frame_equal(quiet(ours.tests), quiet(theirs.tests), rtol=1e-12)
    pd.testing.assert_frame_equal(chi_square(ours), chi_square(theirs), rtol=1e-12)


def test_a_table_held_sparse_takes_the_design(monkeypatch):
    """The tests of a table held sparse (its PSUs' non-empty cells) equal those of the same table held dense."""
    from pandas_agree.engine import crosstab as engine

    dense = quiet(simulated_agreement().tests)
    monkeypatch.setattr(engine, "SPARSE_CELLS", 0)
    held = simulated_agreement()
    assert held.held_sparse
    pd.testing.assert_frame_equal(quiet(held.tests), dense, rtol=1e-10)


@pytest.mark.slow
def test_rao_scott_f_holds_its_level_in_a_clustered_design():
    """Under independence in a clustered design (intra-cluster correlation 0.3 in both variables), the Rao–Scott F
    test rejects at 5% in 4–6% of 2,000 samples; Pearson's test of the rows as independent draws rejects far more
    often. Each sample: 40 clusters of 15 rows, a 2×3 table."""
    rng = np.random.default_rng(20261126)
    rejected_f = rejected_pearson = 0
    n_samples, clusters, size = 2000, 40, 15
    from scipy import stats

    def clustered(levels):
        # each row takes its cluster's category with probability √0.3, else one of its own: an ICC of 0.3
        shared = np.repeat(rng.integers(0, levels, clusters), size)
        own = rng.integers(0, levels, clusters * size)
        return np.where(rng.random(clusters * size) < np.sqrt(0.3), shared, own)

    for _ in range(n_samples):
        df = pd.DataFrame({"x": clustered(2), "y": clustered(3), "psu": np.repeat(np.arange(clusters), size)})
        ct = pa.crosstabs(df, "x", "y", cluster="psu")
        out = independence_tests(ct._sample, np.flatnonzero(ct.table.sum(axis=1).to_numpy() > 0),
                                 np.flatnonzero(ct.table.sum(axis=0).to_numpy() > 0))
        rejected_f += out["pearson_second"].pvalue < 0.05
        df_table = (ct.table.shape[0] - 1) * (ct.table.shape[1] - 1)
        rejected_pearson += stats.chi2.sf(out["pearson"], df_table) < 0.05
    print(f"Rao–Scott F rejects {rejected_f / n_samples:.4f}, Pearson {rejected_pearson / n_samples:.4f}")
    assert 0.04 <= rejected_f / n_samples <= 0.06, rejected_f / n_samples
    assert rejected_pearson / n_samples > 0.15, rejected_pearson / n_samples


def test_design_effects_of_a_singular_contrast_matrix_are_undefined_as_r_finds_them():
    """Rao–Scott's design effects solve C'D⁻¹C Δ = C'D⁻¹VD⁻¹C; in the domain g = "y" below the empty cells leave
    C'D⁻¹C singular (reciprocal condition 7e-18), where R's solve() stops:

        d <- data.frame(a = c("lo", "hi", "mid", "hi", "lo", "mid", "hi", "lo"),
                        b = c("lo", "mid", "mid", "hi", "mid", "lo", "hi", "lo"),
                        g = rep(c("x", "y"), 4), st = rep(c("s", "t", "t", "s"), 2))
        des <- svydesign(ids = ~1, strata = ~st, data = d)
        svychisq(~a + b, subset(des, g == "y"), statistic = "F")
        # Error: system is computationally singular: reciprocal condition number = 1.38778e-17
        svychisq(~a + b, subset(des, g == "x"), statistic = "F")
        # F = 1.5, ndf = 2.7778, ddf = 5.5556, p-value = 0.3114

    The corrections are undefined there, and say why, whatever order the rounding of the solve takes (on Dask it
    gave a finite F of 0.82), while the domain g = "x" keeps R's test."""
    df = pd.DataFrame({"a": ["lo", "hi", "mid", "hi", "lo", "mid", "hi", "lo"],
                       "b": ["lo", "mid", "mid", "hi", "mid", "lo", "hi", "lo"],
                       "g": ["x", "y"] * 4, "st": ["s", "t", "t", "s"] * 2})
    frames = [df]
    dd = pytest.importorskip("dask.dataframe")
    frames.append(dd.from_pandas(df, npartitions=2))
    for frame in frames:
        layers = quiet(frame.agree.crosstabs, "a", "b", layers="g", strata="st").layers
        singular, regular = chi_square(layers["y"]), chi_square(layers["x"])
        for name in ("Pearson: Adjusted F", "Likelihood Ratio: Adjusted F"):
            assert np.isnan(singular.loc[name, "value"]) and np.isnan(singular.loc[name, "pvalue"])
            assert "cannot be estimated" in singular.loc[name, "note"]
        row = regular.loc["Pearson: Adjusted F"]
        assert row["value"] == pytest.approx(1.5, rel=1e-9)
        assert (row["df"], row["df2"]) == (pytest.approx(2.7778, abs=1e-4), pytest.approx(5.5556, abs=1e-4))
        assert row["pvalue"] == pytest.approx(0.3114, abs=1e-4)
