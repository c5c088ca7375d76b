"""Sample designs in the analysis of several raters: the subject is the unit, ``cluster=`` groups subjects.

Known answer from samplics: percent agreement PO = Σ w_i pa_i / Σ w_i [r_i ≥ 2] is a ratio of subject totals
(y_i = pa_i, the share of agreeing pairs of ratings of subject i, 0 when it has fewer than two ratings;
x_i = [r_i ≥ 2]). Its linearised SE on the stratified cluster sample :func:`survey` was computed with
samplics 0.6.0's TaylorEstimator::

    from samplics.estimation import TaylorEstimator
    from samplics import PopParam
    est = TaylorEstimator(PopParam.ratio)
    est.estimate(y=pa, x=paired, samp_weight=d.weight, stratum=d.stratum, psu=d.psu, fpc=fpc)
    # fpc: 1.0, or {stratum: 1 − n_h/N_h} with N_h = d.psus_in_stratum
    est.point_est, est.stderror
"""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd
import pytest

import pandas_agree  # noqa: F401  (registers DataFrame.agree)
from pandas_agree import UndefinedMeasureWarning
from pandas_agree.analyses.raters import ANALYTIC, RaterAgreement
from pandas_agree.inference.linearised import linearised
from pandas_agree.measures.raters import Scale, subject_features
from pandas_agree.measures.registry import RATERS

from .test_design import delete_one_psu_variance, lcg

RATER_COLUMNS = ["r1", "r2", "r3", "r4"]

# samplics 0.6.0 (see the module's notes): (PO, its SE)
SAMPLICS_PO = {None: (0.5402225541650318, 0.04533477562126825),
               "psus_in_stratum": (0.5402225541650318, 0.041009774772662655)}


def survey() -> pd.DataFrame:
    """A stratified cluster sample of 190 subjects: 5 strata of 4 to 6 clusters of 3 to 12 subjects, four raters on
    three categories, each rating missing with probability 0.3 (15 subjects rated once), the raters' accuracy
    varying by cluster (intra-cluster correlation), unequal sampling weights; 20 + 2h clusters in stratum h."""
    u = lcg(17)
    rows = []
    for h in range(5):
        for c in range(4 + h % 3):
            m = 3 + int(10 * next(u))
            truth = int(3 * next(u))
            hit = 0.35 + 0.6 * next(u)
            for _ in range(m):
                t = truth if next(u) < 0.6 else int(3 * next(u))
                ratings = [(t if next(u) < hit else int(3 * next(u))) if next(u) > 0.3 else None for _ in range(4)]
                rows.append((f"s{h}", f"s{h}c{c}", *ratings, round(1 + 3 * next(u), 3) * (1 + h % 2), 20 + 2 * h))
    return pd.DataFrame(rows, columns=["stratum", "psu", *RATER_COLUMNS, "weight", "psus_in_stratum"])


def quiet(f, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return f(*args, **kwargs)


def ratings(seed: int, n: int, missing: float, m: int = 4, q: int = 3) -> pd.DataFrame:
    """n subjects, m raters, q categories; each rating missing with probability ``missing``."""
    rng = np.random.default_rng(seed)
    truth = rng.integers(0, q, n)
    values = np.where(rng.random((n, m)) < 0.6, truth[:, None], rng.integers(0, q, (n, m))).astype(float)
    values[rng.random((n, m)) < missing] = np.nan
    return pd.DataFrame(values, columns=[f"r{g + 1}" for g in range(m)]).assign(id=np.arange(n))


@pytest.mark.parametrize("fpc", [None, "psus_in_stratum"])
def test_percent_agreement_against_samplics(fpc):
    d = survey()
    ra = d.agree.raters(RATER_COLUMNS, weights="weight", strata="stratum", cluster="psu", fpc=fpc)
    assert ra.design["psus"] == 24 and ra.design["strata"] == 5 and ra.design["df"] == 19
    assert ra.design["fpc"] == (fpc is not None) and ra.weighted
    po = quiet(ra.summary, ["PO"], ci="auto")
    value, se = SAMPLICS_PO[fpc]
    assert po.loc["PO", "value"] == pytest.approx(value, rel=1e-12)
    assert po.loc["PO", "se"] == pytest.approx(se, rel=1e-8)
    assert po.loc["PO", "method"] == "linearised (logit scale), sample design, t on 19 df"


@pytest.mark.parametrize("kappa_weights", [None, "quadratic"])
@pytest.mark.parametrize("seed", [1, 2])
def test_one_subject_per_psu_gives_gwets_se_when_every_subject_has_two_ratings(seed, kappa_weights):
    """Gwet's (2014) variance, Σ (κ*_i − κ̄*)²/(n(n − 1)), is the with-replacement estimator with every subject a
    PSU: with one subject per cluster, one stratum and no weights the design SE of FLEISS, CONGER, AC1 (AC2), BPK
    and PO is Gwet's SE (missing ratings allowed, as long as every subject keeps two). LIGHT gets the i.i.d.
    delta-method SE, whose divisor is n, times √(n/(n − 1)); so does ALPHA (whose Gwet variance is that of α′,
    before Krippendorff's factor (N − 1)/N) but for the factor, which the design holds constant."""
    df = ratings(seed, 240, missing=0.15)
    df = df[df[["r1", "r2", "r3", "r4"]].notna().sum(axis=1) >= 2]
    n = len(df)
    columns = ["r1", "r2", "r3", "r4"]
    iid = df.agree.raters(columns)
    design = df.agree.raters(columns, cluster="id")
    assert design.design["psus"] == n and design.design["df"] == n - 1
    gwet = quiet(iid.summary, ci="auto", kappa_weights=kappa_weights)
    delta = quiet(iid.summary, ci="linearized", kappa_weights=kappa_weights)
    ours = quiet(design.summary, ci="auto", kappa_weights=kappa_weights)
    assert set(ANALYTIC) == {"FLEISS", "CONGER", "AC1", "ALPHA", "BPK", "PO"}
    for code in ("FLEISS", "CONGER", "AC1", "BPK", "PO"):
        assert gwet.loc[code, "method"].startswith("Gwet linearised")
        assert ours.loc[code, "se"] == pytest.approx(gwet.loc[code, "se"], rel=1e-8, abs=1e-12)
    assert ours.loc["LIGHT", "se"] == pytest.approx(delta.loc["LIGHT", "se"] * np.sqrt(n / (n - 1)), rel=1e-7)
    # under a design Krippendorff's factor 1 − 1/N is a constant of the sample (docs/user_guide/survey.md), where
    # the i.i.d. delta method moves N with the subjects' weights: the two SEs differ by O(1/N) (here 2e-5)
    alpha_delta = delta.loc["ALPHA", "se"] * np.sqrt(n / (n - 1))
    assert ours.loc["ALPHA", "se"] == pytest.approx(alpha_delta, rel=1e-4)
    assert ours.loc["ALPHA", "se"] != pytest.approx(alpha_delta, rel=1e-7)
    # the design effect of n PSUs of one subject: 1, the design variance being that of simple random sampling
    # with replacement (estimated with the divisor n − 1, as R's svyvar)
    np.testing.assert_allclose(ours["deff"], 1.0, rtol=1e-6)


def test_with_subjects_rated_once_gwets_subject_term_is_not_the_exact_influence():
    """Where some subjects are rated once, Gwet's κ*_i takes the part of subject i in Pa as (W/W₂)(pa_i − Pe) for
    the W₂ subjects rated twice or more and 0 for the others; the derivative of Pa = Σ w_i pa_i / W₂ is
    (W/W₂)(pa_i − Pa) there. The two differ by (W/W₂)(Pa − Pe) on the paired subjects only, which centring does not
    remove, so Gwet's SE is not the design SE. With that term replaced by the exact derivative, Gwet's formula
    (divisor n(n − 1)) gives the design SE of one subject per PSU to 1e-8."""
    df = ratings(5, 300, missing=0.35)
    columns = ["r1", "r2", "r3", "r4"]
    df = df[df[columns].notna().any(axis=1)]  # every subject rated: Gwet's n is the design's
    values = df[columns].to_numpy()
    codes = np.where(np.isnan(values), -1, np.nan_to_num(values)).astype(np.intp)
    counts = np.stack([(codes == k).sum(axis=1) for k in range(3)], axis=1).astype(float)
    rated = counts.sum(axis=1) >= 1
    assert rated.all() and (counts.sum(axis=1) == 1).sum() > 20
    iid = df.agree.raters(columns)
    design = df.agree.raters(columns, cluster="id")
    gwet_codes = ["FLEISS", "CONGER", "AC1", "PO"]  # Pa's part as Gwet's (ALPHA's takes the paired subjects alone)
    gwet = quiet(iid.summary, gwet_codes, ci="auto")
    ours = quiet(design.summary, gwet_codes, ci="auto")
    scale = Scale(iid.categories, np.eye(3))
    records = [RATERS[code] for code in gwet_codes]
    features = subject_features(codes, counts, np.eye(3), records)
    sums = {k: np.ones(len(df)) @ v for k, v in features.items()}
    share = sums["one"][0] / sums["paired"][0]
    for code in gwet_codes:
        pa, pe, d_pa, d_pe = RATERS[code].interval.gradient(features, sums, scale)
        exact = d_pa - share * (pa - pe) * features["paired"][:, 0]
        _, se = linearised(pa, pe, exact, d_pe, np.ones(len(df)), ddof=1)
        assert ours.loc[code, "se"] == pytest.approx(se, rel=1e-8)
        assert abs(ours.loc[code, "se"] - gwet.loc[code, "se"]) > 1e-5  # Gwet's own SE differs here
        assert gwet.loc[code, "se"] == pytest.approx(linearised(pa, pe, d_pa, d_pe, np.ones(len(df)), ddof=1)[1],
                                                     rel=1e-12)


@pytest.mark.parametrize("fpc", [None, "psus_in_stratum"])
def test_jackknife_equals_a_direct_delete_one_cluster_loop(fpc):
    """JKn: each replicate drops one PSU and reweights the other PSUs of its stratum by n_h/(n_h − 1); the variance
    Σ_h (1 − f_h)(n_h − 1)/n_h Σ_j (θ_hj − θ̂)², computed here by analysing each replicate's subjects without a
    design (ALPHA with the design's constant small-sample factor, that of the sample's pairable values)."""
    d = survey()
    ra = d.agree.raters(RATER_COLUMNS, weights="weight", strata="stratum", cluster="psu", fpc=fpc,
                        replicates="jackknife")
    s = quiet(ra.summary, ci="auto")
    ratings = d[RATER_COLUMNS].notna().sum(axis=1)
    paired = ratings >= 2
    sampled = float(ratings[paired].sum())  # the sample's pairable values: Krippendorff's N under the design

    def analyse(rows):
        values = quiet(rows.agree.raters(RATER_COLUMNS, weights="w").summary)["value"].copy()
        # ALPHA of frequency weights has the factor 1 − 1/N of the weighted count N; the design's, of the sample's
        counted = rows[RATER_COLUMNS].notna().sum(axis=1)
        weighted = float((rows["w"] * counted)[counted >= 2].sum())
        values["ALPHA"] = 1 - (1 - values["ALPHA"]) / (1 - 1 / weighted) * (1 - 1 / sampled)
        return values

    variance = delete_one_psu_variance(d, fpc, analyse)
    np.testing.assert_allclose(s["se"], np.sqrt(variance), rtol=1e-10)
    assert s["method"].str.startswith("jackknife (JKn, delete one PSU)").all()
    assert (s["deff"] > 0).all()


def test_rao_wu_bootstrap_agrees_with_linearisation_and_is_seeded():
    d = survey()
    ra = d.agree.raters(RATER_COLUMNS, weights="weight", strata="stratum", cluster="psu")
    linear = quiet(ra.summary, ci="auto")
    boot = quiet(ra.summary, ci="bootstrap", n_resamples=3000, random_state=4)
    pd.testing.assert_frame_equal(boot, quiet(ra.summary, ci="bootstrap", n_resamples=3000, random_state=4))
    np.testing.assert_allclose(boot["se"], linear["se"], rtol=0.15)
    assert boot["method"].str.startswith("Rao–Wu bootstrap (B = 3000, random_state = 4)").all()
    assert any("Rao and Wu's rescaling bootstrap" in note for note in boot.attrs["notes"])


def test_clustered_subjects_have_a_design_effect_above_one():
    """Each subject's ratings repeated five times within its cluster (an intra-cluster correlation of 1): the
    design SE is about √5 times the SE that takes the subjects as independent."""
    base = ratings(8, 80, missing=0.0)
    df = pd.concat([base] * 5, ignore_index=True)
    columns = ["r1", "r2", "r3", "r4"]
    iid = quiet(df.agree.raters(columns).summary, ci="linearized")
    clustered = quiet(df.agree.raters(columns, cluster="id").summary, ci="auto")
    assert (clustered["deff"] > 3).all()
    assert (clustered["se"] > 1.5 * iid["se"]).all()
    np.testing.assert_allclose(clustered["value"], iid["value"], rtol=1e-12)
    # the clusters' totals are those of the 80 subjects, each five times: the SE of the 80 subjects as PSUs (but
    # for ALPHA, whose expected disagreement has the factor n/(n − 1) of the number n of pairable values, so that
    # its value on the five copies is not that on the 80 subjects)
    single = quiet(base.agree.raters(columns, cluster="id").summary, ci="auto")
    same = clustered.index != "ALPHA"
    np.testing.assert_allclose(clustered["se"][same], single["se"][same], rtol=1e-7)
    assert clustered.loc["ALPHA", "value"] != pytest.approx(single.loc["ALPHA", "value"], rel=1e-6)
    assert clustered.loc["FLEISS", "method"] == "linearised (identity scale), sample design, t on 79 df"


def test_without_a_design_nothing_changes_and_left_out_subjects_keep_their_psu():
    df = ratings(3, 60, missing=0.0)
    columns = ["r1", "r2", "r3", "r4"]
    plain = df.agree.raters(columns)
    assert plain.design is None and not plain.weighted
    assert "deff" not in quiet(plain.summary, ci="auto", n_resamples=100, random_state=0).columns
    df.loc[0, columns] = np.nan  # a subject without ratings: out of the coefficients, its PSU stays
    ra = df.agree.raters(columns, cluster=df["id"] // 3)
    assert ra.design["psus"] == 20 and ra.design["rows"] == 59


def test_errors_name_the_argument():
    df = ratings(1, 30, missing=0.0).assign(stratum=lambda x: x["id"] % 3)
    columns = ["r1", "r2", "r3"]
    with pytest.raises(KeyError, match="cluster: no column 'nope'"):
        df.agree.raters(columns, cluster="nope")
    with pytest.raises(ValueError, match="strata has 1 missing value"):
        df.agree.raters(columns, strata=df["stratum"].where(df["id"] != 4))
    with pytest.raises(ValueError, match="cluster must have one value per row"):
        RaterAgreement(df[columns], cluster=np.arange(5))
    with pytest.raises(ValueError, match="single PSU"):
        df.agree.raters(columns, strata=np.r_[np.zeros(29), 1], lonely_psu="fail")
    with pytest.raises(ValueError, match="replicates='jackknife' needs a sample design"):
        df.agree.raters(columns, replicates="jackknife")
    with pytest.raises(ValueError, match="lonely_psu"):
        df.agree.raters(columns, cluster="id", lonely_psu="drop")
    long = df.melt(id_vars="id", value_vars=columns, var_name="rater", value_name="rating")
    with pytest.raises(ValueError, match=r"^cluster: long data .* take no sample design"):
        RaterAgreement.from_long(long, "id", "rater", "rating", cluster="id")


def test_lonely_psu_note_in_the_report():
    df = ratings(2, 40, missing=0.0)
    stratum = np.r_[np.zeros(39), 1]
    report = quiet(df.agree.raters(["r1", "r2", "r3"], strata=stratum, cluster="id").report, ci="auto")
    assert "1 stratum with a single PSU (1.0): its PSU is centred at the mean" in str(report)


def test_report_workbook_dict_and_cli_show_the_design(tmp_path, capsys):
    from pandas_agree.integrations import cli

    d = survey()
    ra = d.agree.raters(RATER_COLUMNS, weights="weight", strata="stratum", cluster="psu", fpc="psus_in_stratum")
    report = quiet(ra.report)
    text = str(report)
    assert "Sample Design" in text and "DEFF" in text and "t on 19 df" in text
    assert any("Gwet's SEs, which take the subjects as independent draws, are not used" in note
               for note in report.notes)
    assert "Sampling weights were used" in text
    assert report.design.loc["Clusters (PSUs)", "Value"] == 24
    assert report.coefficients["deff"].notna().all()
    assert report.to_dict()["design"]["df"] == 19
    report.to_excel(tmp_path / "r.xlsx")
    sheets = pd.read_excel(tmp_path / "r.xlsx", sheet_name=None, header=None)
    assert (sheets["Report"] == "Sample Design").any().any() and (sheets["Summary"] == "Sample Design").any().any()
    d.to_csv(tmp_path / "r.csv", index=False)
    assert cli.main(["raters", str(tmp_path / "r.csv"), "--columns", *RATER_COLUMNS, "--weights", "weight",
                     "--strata", "stratum", "--cluster", "psu", "--fpc", "psus_in_stratum"]) == 0
    out = capsys.readouterr().out
    assert "Sample Design" in out and "Finite population correction    yes" in out and "DEFF" in out
    assert cli.main(["raters", str(tmp_path / "r.csv"), "--columns", *RATER_COLUMNS, "--cluster", "nope"]) == 2
    assert "argument --cluster: no column 'nope'" in capsys.readouterr().err
    assert cli.main(["raters", str(tmp_path / "r.csv"), "--columns", *RATER_COLUMNS, "--cluster", "psu",
                     "--replicates", "jackknife", "--ci", "auto"]) == 0
    assert "jackknife (JKn, delete one PSU)" in capsys.readouterr().out


def test_tests_under_a_design_are_design_based():
    """Under a design the test of Fleiss' kappa is its value over its design-based SE (t on the design's df); the
    by-category kappas come without the SE under H0, which counts independent subjects."""
    from scipy import stats

    d = survey()
    ra = d.agree.raters(RATER_COLUMNS, weights="weight", strata="stratum", cluster="psu")
    fleiss = quiet(ra.summary, ["FLEISS"], ci="auto").loc["FLEISS"]
    test = ra.tests().loc["FLEISS_Z"]
    df = ra.design["df"]
    assert test["statistic"] == pytest.approx(fleiss["value"] / fleiss["se"], rel=1e-12)
    assert test["df"] == df
    assert test["pvalue"] == pytest.approx(2 * stats.t.sf(abs(test["statistic"]), df), rel=1e-12)
    by_category = quiet(ra.by_category)
    assert by_category[["se", "z", "pvalue"]].isna().all().all()
    assert by_category["kappa"].notna().all()
    plain = d.agree.raters(RATER_COLUMNS, weights="weight")
    np.testing.assert_allclose(by_category["kappa"], quiet(plain.by_category)["kappa"], rtol=1e-12)


def test_by_category_under_a_design_says_why_its_se_is_nan():
    # before: NaN SE, z and p-value without a warning or a note
    ra = survey().agree.raters(RATER_COLUMNS, weights="weight", strata="stratum", cluster="psu")
    with pytest.warns(UndefinedMeasureWarning, match="by category under a sample design: its SE, z and p-value"):
        by_category = ra.by_category()
    assert any("by category under a sample design" in note for note in by_category.attrs["notes"])
    plain = survey().agree.raters(RATER_COLUMNS, weights="weight")
    with warnings.catch_warnings():
        warnings.simplefilter("error", UndefinedMeasureWarning)  # without a design: its SEs, no such warning
        assert plain.by_category()["se"].notna().all()


def test_report_notes_say_once_why_kappa_by_category_has_no_test():
    # before: the design note and by_category()'s own note both said it, and the design note said the pairwise
    # kappas "take the subjects as independent draws", though they are shown without SEs or intervals
    ra = survey().agree.raters(RATER_COLUMNS, weights="weight", strata="stratum", cluster="psu")
    notes = quiet(ra.report).notes
    assert sum("kappa by category" in note for note in notes) == 1
    assert not any("pairwise kappas take the subjects as independent draws" in note for note in notes)
    assert any("the pairwise kappas are estimates without intervals" in note for note in notes)
