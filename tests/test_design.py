"""Design-based intervals of complex samples (strata, clusters, sampling weights, finite population correction).

Known answers: the linearised SEs of OSR (a proportion) and of REC for a class (a ratio) against samplics 0.6.0's
TaylorEstimator (``PopParam.mean`` and ``PopParam.ratio`` with ``samp_weight``, ``stratum``, ``psu`` and ``fpc``),
on a simulated stratified two-stage sample and on the NHANES II subset that samplics ships
(``samplics.load_nhanes2()``: 31 strata of 2 PSUs, final weights; its columns stratid, psuid, race, highbp, diabetes and
finalwgt are in tests/data/nhanes2_subset.csv.gz). The reference values were computed with::

    from samplics.estimation import TaylorEstimator
    from samplics import PopParam
    est = TaylorEstimator(PopParam.ratio)  # PopParam.mean for OSR, with x=None
    est.estimate(y=..., x=..., samp_weight=w, stratum=s, psu=p, fpc=fpc)  # fpc: {stratum: 1 − n_h/N_h} or 1.0
    est.point_est, est.stderror
"""

from __future__ import annotations

import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

import pandas_agree
from pandas_agree.analyses.crosstab import from_labels

DATA = Path(__file__).parent / "data"


def lcg(seed: int):
    """A linear congruential generator (Knuth's MMIX constants): the same numbers on every platform and version."""
    state = seed
    while True:
        state = (6364136223846793005 * state + 1442695040888963407) % 2**64
        yield (state >> 11) / 2**53


def simulated() -> pd.DataFrame:
    """A stratified two-stage sample: 6 strata of 5 to 7 PSUs of 5 to 29 objects, three classes (shares 0.5, 0.3,
    0.2), each object coded correctly with a probability that varies by PSU (intra-cluster correlation), unequal
    sampling weights; the population has 40 + 3h PSUs in stratum h."""
    u = lcg(2026)
    rows = []
    for h in range(6):
        for c in range(5 + h % 3):
            m = 5 + int(25 * next(u))
            hit = 0.55 + 0.4 * next(u)
            for _ in range(m):
                r = next(u)
                a = 0 if r < 0.5 else 1 if r < 0.8 else 2
                p = a if next(u) < hit else int(3 * next(u))
                rows.append((h, f"s{h}c{c}", a, p, round(1 + 4 * next(u), 3) * (1 + h), 40 + 3 * h))
    return pd.DataFrame(rows, columns=["stratum", "psu", "actual", "pred", "weight", "psus_in_stratum"])


# samplics 0.6.0: (point estimate, standard error)
SIMULATED = {
    None: {"OSR": (0.8562995031743537, 0.02309056516566119), 0: (0.8634901588528766, 0.02490807817615446),
           1: (0.8306072923393955, 0.04098066070399339), 2: (0.8728951720156121, 0.03552624705152689)},
    "psus_in_stratum": {"OSR": (0.8562995031743537, 0.021630696207934674),
                        0: (0.8634901588528766, 0.02330439303838107), 1: (0.8306072923393955, 0.038312852385897635),
                        2: (0.8728951720156121, 0.033491113619073636)},
}
NHANES = {  # fpc: 60 PSUs in every stratum (an assumed population, for the with-fpc design)
    None: {"OSR": (0.638638442608958, 0.013561307812923112), 0: (0.9787536196993382, 0.0019007228778455487),
           1: (0.05659871027067538, 0.003702639662688218)},
    60: {"OSR": (0.638638442608958, 0.013333370439500827), 0: (0.9787536196993382, 0.0018687756802480645),
         1: (0.05659871027067538, 0.0036404059923752356)},
}


def quiet(f, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return f(*args, **kwargs)


def check(ag, reference: dict, classes) -> None:
    m = quiet(ag.multiclass, ["OSR"], ci="auto")
    b = quiet(ag.binary, ["REC"], ci="auto")
    value, se = reference["OSR"]
    assert m.loc["OSR", "value"] == pytest.approx(value, rel=1e-12)
    assert m.loc["OSR", "se"] == pytest.approx(se, rel=1e-8)
    for k in classes:
        value, se = reference[k]
        assert b.loc[k, ("REC", "value")] == pytest.approx(value, rel=1e-12)
        assert b.loc[k, ("REC", "se")] == pytest.approx(se, rel=1e-8)


@pytest.mark.parametrize("fpc", [None, "psus_in_stratum"])
def test_simulated_two_stage_sample_against_samplics(fpc):
    df = simulated()
    ag = df.agree("actual", "pred", weights="weight", strata="stratum", cluster="psu", fpc=fpc)
    assert ag.design["psus"] == 36 and ag.design["strata"] == 6 and ag.design["df"] == 30
    check(ag, SIMULATED[fpc], [0, 1, 2])


@pytest.mark.parametrize("population", [None, 60])
def test_nhanes_subset_against_samplics(population):
    """The real survey file; the two rows without a diabetes code are left out of the table but their PSUs stay
    (samplics was given the file without them: the PSUs are the same)."""
    d = pd.read_csv(DATA / "nhanes2_subset.csv.gz")
    assert len(d) == 10337 and d["diabetes"].isna().sum() == 2
    fpc = None if population is None else np.full(len(d), population)
    ag = d.agree("highbp", "diabetes", weights="finalwgt", strata="stratid", cluster="psuid", fpc=fpc)
    assert ag.design["psus"] == 62 and ag.design["df"] == 31 and ag.n_missing == 2
    check(ag, NHANES[population], [0, 1])


# R 4.2.2, survey 4.1.1:
#   d <- read.csv(gzfile("tests/data/nhanes2_subset.csv.gz")); d <- d[!is.na(d$diabetes), ]
#   des <- svydesign(ids = ~psuid, strata = ~stratid, weights = ~finalwgt, nest = TRUE, data = d)
#   deff(svymean(~I(as.numeric(highbp == diabetes)), des, deff = "replace"))                   # OSR
#   deff(svyratio(~I(as.numeric(highbp == 0 & diabetes == 0)), ~I(as.numeric(highbp == 0)), des,
#                 deff = "replace"))                                                           # REC of class 0
NHANES_DEFF = {"OSR": 8.2352084785105095, "REC": 1.1331736805020549}


def test_design_effect_is_r_survey_deff_replace():
    """DEFF is Kish's, as R's survey package gives it with ``deff = "replace"``: the design variance over the
    variance of simple random sampling with replacement of as many rows, estimated with the divisor n − 1."""
    d = pd.read_csv(DATA / "nhanes2_subset.csv.gz")
    ag = d.agree("highbp", "diabetes", weights="finalwgt", strata="stratid", cluster="psuid")
    m = quiet(ag.multiclass, ["OSR"], ci="auto")
    b = quiet(ag.binary, ["REC"], ci="auto")
    assert m.loc["OSR", "deff"] == pytest.approx(NHANES_DEFF["OSR"], rel=1e-10)
    assert b.loc[0, ("REC", "deff")] == pytest.approx(NHANES_DEFF["REC"], rel=1e-9)
    report = quiet(d.agree.report, "highbp", "diabetes", weights="finalwgt", strata="stratid", cluster="psuid")
    assert report.multiclass.loc["OSR", "deff"] == pytest.approx(NHANES_DEFF["OSR"], rel=1e-10)


def iid_and_design(seed: int, n: int, k: int):
    rng = np.random.default_rng(seed)
    a = rng.integers(0, k, n)
    p = np.where(rng.random(n) < 0.7, a, rng.integers(0, k, n))
    df = pd.DataFrame({"a": a, "p": p, "id": np.arange(n)})
    return df.agree("a", "p"), df.agree("a", "p", cluster="id")


@pytest.mark.parametrize("seed, n, k", [(1, 300, 2), (2, 500, 3), (3, 80, 5)])
def test_one_row_per_cluster_is_the_iid_se_times_the_small_sample_factor(seed, n, k):
    """With one row per cluster and one stratum the design SE is the i.i.d. linearised SE times √(n/(n − 1)), for
    every value: class-specific, averaged (every weighting) and multiclass."""
    iid, design = iid_and_design(seed, n, k)
    factor = np.sqrt(n / (n - 1))
    pairs = [(quiet(iid.binary, ci="linearized"), quiet(design.binary, ci="auto")),
             (quiet(iid.averages, ci="linearized"), quiet(design.averages, ci="auto")),
             (quiet(iid.multiclass, ci="linearized")[["se"]], quiet(design.multiclass, ci="auto")[["se"]])]
    for one, other in pairs:
        se_one = one.xs("se", axis=1, level="stat") if isinstance(one.columns, pd.MultiIndex) else one
        se_other = other.xs("se", axis=1, level="stat") if isinstance(other.columns, pd.MultiIndex) else other
        finite = np.isfinite(se_one.to_numpy()) & (se_one.to_numpy() > 1e-12)
        assert finite.sum() > 10
        np.testing.assert_allclose(se_other.to_numpy()[finite], factor * se_one.to_numpy()[finite], rtol=1e-7)


def test_intervals_use_t_on_psus_minus_strata_df_and_report_the_design_effect():
    df = simulated()
    ag = df.agree("actual", "pred", weights="weight", strata="stratum", cluster="psu")
    m = quiet(ag.multiclass, ["OSR", "KAPPA"], ci="auto")
    v, se, lower, upper, deff = m.loc["OSR", ["value", "se", "lower", "upper", "deff"]]
    t = stats.t.ppf(0.975, 30)
    logit = np.log(np.array([lower, v, upper]) / (1 - np.array([lower, v, upper])))
    assert logit[2] - logit[1] == pytest.approx(t * se / (v * (1 - v)), rel=1e-10)  # logit scale, t on 30 df
    assert logit[1] - logit[0] == pytest.approx(t * se / (v * (1 - v)), rel=1e-10)
    assert "t on 30 df" in m.loc["OSR", "method"]
    # the design effect of a proportion: its variance over p(1 − p)/(n − 1), that of as many rows drawn at random
    # with replacement (R's svymean(..., deff = "replace"))
    assert deff == pytest.approx(se**2 / (v * (1 - v) / (len(df) - 1)), rel=1e-10)
    assert deff > 1.5  # the PSUs' own accuracies make the objects of a PSU alike
    assert np.isfinite(m.loc["KAPPA", "deff"])
    b = quiet(ag.binary, ["REC", "F1"], ci="auto")
    a = quiet(ag.averages, ["REC", "F1"], ci="auto")
    assert list(b.columns.get_level_values("stat")[:5]) == ["value", "se", "lower", "upper", "deff"]
    assert a.xs("deff", axis=1, level="stat").notna().all().all()


def test_equal_weights_and_constant_scaling_change_nothing():
    df = simulated()
    plain = quiet(df.agree("actual", "pred", strata="stratum", cluster="psu").binary, ["REC", "PRE"], ci="auto")
    scaled = quiet(df.assign(w=7.5).agree("actual", "pred", weights="w", strata="stratum", cluster="psu").binary,
                   ["REC", "PRE"], ci="auto")
    np.testing.assert_allclose(scaled.to_numpy(), plain.to_numpy(), rtol=1e-9)


def test_strata_without_clusters_make_every_row_a_psu():
    df = simulated()
    ag = df.agree("actual", "pred", strata="stratum")
    assert ag.design["psus"] == len(df) and ag.design["df"] == len(df) - 6 and not ag.design["clustered"]
    stratified = quiet(ag.multiclass, ["OSR"], ci="auto").loc["OSR", "se"]
    srs = quiet(df.agree("actual", "pred", cluster=np.arange(len(df))).multiclass, ["OSR"], ci="auto").loc["OSR", "se"]
    assert stratified <= srs * 1.01  # strata that explain nothing cost (almost) nothing


def test_lonely_psu_options():
    df = simulated()
    one = df[(df.stratum != 0) | (df.psu == "s0c0")]  # stratum 0 keeps a single PSU
    adjust = one.agree("actual", "pred", strata="stratum", cluster="psu")
    remove = one.agree("actual", "pred", strata="stratum", cluster="psu", lonely_psu="remove")
    assert adjust.design["single_psu_strata"] == ["0"]
    se_adjust = quiet(adjust.multiclass, ["OSR"], ci="auto").loc["OSR", "se"]
    se_remove = quiet(remove.multiclass, ["OSR"], ci="auto").loc["OSR", "se"]
    assert se_remove < se_adjust
    # its PSU still counts in the degrees of freedom: PSUs − strata
    assert remove.design["df"] == adjust.design["df"] == adjust.design["psus"] - 6
    with pytest.raises(ValueError, match="single PSU"):
        one.agree("actual", "pred", strata="stratum", cluster="psu", lonely_psu="fail")


def test_bad_designs_are_errors_naming_the_argument():
    df = simulated()
    with pytest.raises(ValueError, match="strata has 1 missing"):
        df.assign(stratum=df.stratum.where(df.index != 3)).agree("actual", "pred", strata="stratum")
    with pytest.raises(ValueError, match="fpc must be the same on every row of a stratum"):
        df.assign(f=np.arange(len(df)) + 100).agree("actual", "pred", strata="stratum", cluster="psu", fpc="f")
    with pytest.raises(ValueError, match="fpc is below the number of sampled PSUs"):
        df.agree("actual", "pred", strata="stratum", cluster="psu", fpc=np.full(len(df), 3))
    with pytest.raises(ValueError, match="fpc must be positive"):
        df.agree("actual", "pred", strata="stratum", cluster="psu", fpc=np.zeros(len(df)))
    with pytest.raises(ValueError, match="cluster must have one value per row"):
        from_labels([1, 2, 1], [1, 2, 2], cluster=[1, 2], kind=pandas_agree.Agreement)
    ag = df.agree("actual", "pred", strata="stratum", cluster="psu")
    with pytest.raises(ValueError, match="replicates must be None or one of"):
        df.agree("actual", "pred", cluster="psu", replicates="bogus")
    with pytest.raises(ValueError, match="replicates='jackknife' needs a sample design"):
        df.agree("actual", "pred", replicates="jackknife")
    with pytest.raises(ValueError, match="replicates='bootstrap' needs a sample design"):
        df.agree.compare("actual", ["pred", "actual"], replicates="bootstrap")
    with pytest.raises(ValueError, match="does not apply to a sample design"):
        ag.binary(["REC"], ci="auto", resampling="fixed-reference")
    with pytest.raises(ValueError, match="lonely_psu"):
        df.agree("actual", "pred", cluster="psu", lonely_psu="drop")
    with pytest.raises(KeyError):
        df.agree("actual", "pred", cluster="no such column")


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 4), st.integers(2, 5), st.integers(0, 2**32 - 1))
def test_design_variance_is_the_psu_totals_variance(k, strata, seed):
    """Against a direct computation for OSR (a mean): each PSU's weighted sum of (y − p̂)/W, the with-replacement
    variance of those sums within strata, summed."""
    rng = np.random.default_rng(seed)
    rows = []
    for h in range(strata):
        for c in range(2 + int(rng.integers(0, 4))):
            m = int(rng.integers(1, 12))
            a = rng.integers(0, k, m)
            p = np.where(rng.random(m) < rng.random(), a, rng.integers(0, k, m))
            rows += [(h, f"{h}-{c}", x, y, w) for x, y, w in zip(a, p, rng.uniform(0.5, 3, m), strict=True)]
    df = pd.DataFrame(rows, columns=["h", "c", "a", "p", "w"])
    ag = df.agree("a", "p", weights="w", strata="h", cluster="c")
    got = quiet(ag.multiclass, ["OSR"], ci="auto").loc["OSR"]
    y = (df.a == df.p).to_numpy(float)
    total = df.w.sum()
    share = (df.w * y).sum() / total
    z = df.assign(z=df.w * (y - share) / total).groupby(["h", "c"]).z.sum()
    variance = 0.0
    for _, zh in z.groupby(level="h"):
        n = len(zh)
        variance += n / (n - 1) * ((zh - zh.mean()) ** 2).sum()
    assert got["value"] == pytest.approx(share, rel=1e-12)
    assert got["se"] == pytest.approx(np.sqrt(variance), rel=1e-9, abs=1e-15)


def test_groups_are_domains_of_the_whole_sample():
    """``by=`` under a design: each group keeps every PSU and stratum of the sample (a PSU without a row of the
    group has an empty table), as samplics' ``domain=`` estimates them: OSR by race in the NHANES subset."""
    samplics = {1: (0.644999650085109, 0.014802937723305671), 2: (0.5850276104641997, 0.019595068836193087),
                3: (0.6203417760064243, 0.0492399942549353)}  # TaylorEstimator(PopParam.mean), domain=race
    d = pd.read_csv(DATA / "nhanes2_subset.csv.gz")
    report = quiet(d.agree.report, "highbp", "diabetes", weights="finalwgt", strata="stratid", cluster="psuid",
                   by="race", ci="auto")
    for race, (value, se) in samplics.items():
        sub = report.groups[race]
        assert sub.agreement.design["psus"] == 62 and sub.agreement.design["df"] == 31
        assert sub.multiclass.loc["OSR", "value"] == pytest.approx(value, rel=1e-12)
        assert sub.multiclass.loc["OSR", "se"] == pytest.approx(se, rel=1e-8)
    assert report.groups[3].agreement.n < 0.2 * report.agreement.n  # a small domain, the whole design


def test_report_cli_workbook_and_dict_show_the_design(tmp_path, capsys):
    from pandas_agree.integrations import cli

    df = simulated()
    report = quiet(df.agree.report, "actual", "pred", weights="weight", strata="stratum", cluster="psu")
    text = str(report)
    assert "Sample Design" in text and "DEFF" in text and "t on 30 df" in text
    assert "Sampling weights were used" in text and any("Every test is design-based" in n for n in report.notes)
    assert report.to_dict()["design"]["psus"] == 36
    assert report.multiclass["deff"].notna().all()
    report.to_excel(tmp_path / "d.xlsx")
    sheet = pd.read_excel(tmp_path / "d.xlsx", sheet_name="Report", header=None)
    assert (sheet == "Sample Design").any().any()
    df.to_csv(tmp_path / "d.csv", index=False)
    assert cli.main(["report", str(tmp_path / "d.csv"), "--actual", "actual", "--pred", "pred", "--numeric",
                     "actual", "pred", "--weights", "weight", "--strata", "stratum", "--cluster", "psu", "--fpc",
                     "psus_in_stratum", "--ci", "auto"]) == 0
    out = capsys.readouterr().out
    assert "Finite population correction    yes" in out
    assert cli.main(["report", str(tmp_path / "d.csv"), "--actual", "actual", "--pred", "pred",
                     "--cluster", "nope"]) == 2


def delete_one_psu_variance(df: pd.DataFrame, fpc, analyse) -> pd.Series:
    """The JKn variance Σ_h (1 − f_h)(n_h − 1)/n_h Σ_j (θ_hj − θ̂)² of the values ``analyse`` gives (a Series) on
    rows weighted by the column "w", computed directly: each replicate drops one PSU (stratum, psu), reweights the
    other PSUs of its stratum by n_h/(n_h − 1), and is analysed as independent rows (no design)."""
    full = analyse(df.assign(w=df.weight))
    variance = pd.Series(0.0, index=full.index)
    for (stratum, _psu), rows in df.groupby(["stratum", "psu"]).groups.items():
        inside = df[df.stratum == stratum]
        n_h = inside.psu.nunique()
        f_h = 0.0 if fpc is None else n_h / inside[fpc].iloc[0]
        kept = df.drop(rows)
        replicate = analyse(kept.assign(w=kept.weight * np.where(kept.stratum == stratum, n_h / (n_h - 1), 1.0)))
        variance += (1 - f_h) * (n_h - 1) / n_h * (replicate - full) ** 2
    return variance


def test_jackknife_equals_a_direct_delete_one_psu_loop():
    df = simulated()

    def analyse(rows):
        one = rows.agree("actual", "pred", weights="w")
        return pd.Series({"OSR": quiet(one.multiclass, ["OSR"]).loc["OSR", "value"],
                          "KAPPA": quiet(one.multiclass, ["KAPPA"]).loc["KAPPA", "value"],
                          **{k: quiet(one.binary, ["REC"]).loc[k, "REC"] for k in range(3)}})

    for fpc in (None, "psus_in_stratum"):
        ag = df.agree("actual", "pred", weights="weight", strata="stratum", cluster="psu", fpc=fpc,
                      replicates="jackknife")
        m = quiet(ag.multiclass, ["OSR", "KAPPA"], ci="auto")
        b = quiet(ag.binary, ["REC"], ci="auto")
        variance = delete_one_psu_variance(df, fpc, analyse)
        assert m.loc["OSR", "se"] == pytest.approx(np.sqrt(variance["OSR"]), rel=1e-10)
        assert m.loc["KAPPA", "se"] == pytest.approx(np.sqrt(variance["KAPPA"]), rel=1e-10)
        for k in range(3):
            assert b.loc[k, ("REC", "se")] == pytest.approx(np.sqrt(variance[k]), rel=1e-10)
        assert m.loc["OSR", "method"].startswith("jackknife (JKn, delete one PSU) (logit scale)")


def test_rao_wu_bootstrap_agrees_with_linearisation_and_is_seeded():
    df = simulated()
    ag = df.agree("actual", "pred", weights="weight", strata="stratum", cluster="psu")
    linear = quiet(ag.multiclass, ["OSR", "KAPPA"], ci="auto")
    boot = quiet(ag.multiclass, ["OSR", "KAPPA"], ci="bootstrap", n_resamples=4000, random_state=5)
    again = quiet(ag.multiclass, ["OSR", "KAPPA"], ci="bootstrap", n_resamples=4000, random_state=5)
    pd.testing.assert_frame_equal(boot, again)
    np.testing.assert_allclose(boot["se"], linear["se"], rtol=0.1)
    assert boot.loc["OSR", "method"].startswith("Rao–Wu bootstrap (B = 4000, random_state = 5)")
    replicated = df.agree("actual", "pred", weights="weight", strata="stratum", cluster="psu", replicates="bootstrap")
    averaged = quiet(replicated.averages, ["F1"], ci="auto", n_resamples=500, random_state=2)
    assert averaged.attrs["methods"]["F1"].startswith("Rao–Wu bootstrap (B = 500, random_state = 2)")
    assert (averaged.xs("se", axis=1, level="stat") > 0).all().all()


def test_rao_wu_bootstrap_applies_the_finite_population_correction():
    """Rao, Wu and Yue's rescaling with λ_h = √(1 − f_h): on the same draws, a linear value's deviations shrink by
    λ_h in every stratum, so that with one sampling fraction f everywhere the bootstrap SE of the weighted total's
    share is √(1 − f) times the one without; and it agrees with the linearisation with the correction."""
    df = simulated().assign(fraction=0.36)
    plain = df.agree("actual", "pred", weights="weight", strata="stratum", cluster="psu")
    corrected = df.agree("actual", "pred", weights="weight", strata="stratum", cluster="psu", fpc="fraction")
    kw = {"ci": "bootstrap", "n_resamples": 3000, "random_state": 11}
    without = quiet(plain.binary, ["PREV"], **kw)
    with_fpc = quiet(corrected.binary, ["PREV"], **kw)
    # PREV (n_k·/N) is a ratio, linear in its PSUs' totals only to first order: close to √(1 − f), not equal
    np.testing.assert_allclose(with_fpc[("PREV", "se")] / without[("PREV", "se")], np.sqrt(1 - 0.36), rtol=0.02)
    linear = quiet(corrected.binary, ["PREV"], ci="linearized")
    np.testing.assert_allclose(with_fpc[("PREV", "se")], linear[("PREV", "se")], rtol=0.1)


def test_replicate_memory_is_bounded_whatever_the_number_of_psus():
    """The bootstrap's PSU weights and the replicate tables come in chunks of at most 2²² numbers."""
    import tracemalloc

    rng = np.random.default_rng(0)
    n = 100_000
    c = rng.integers(0, 20_000, n)
    a = rng.integers(0, 3, n)
    df = pd.DataFrame({"a": a, "p": np.where(rng.random(n) < 0.8, a, rng.integers(0, 3, n)), "c": c, "s": c % 40})
    ag = df.agree("a", "p", strata="s", cluster="c")
    tracemalloc.start()
    try:
        quiet(ag.multiclass, ["OSR"], ci="bootstrap", n_resamples=2000, random_state=1)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 150 * 2**20  # 2,000 × 20,000 PSU weights at once would be 305 MiB; a chunk holds 32 MiB


@pytest.mark.parametrize("replicates", [None, "jackknife", "bootstrap"])
def test_a_table_held_sparse_gives_the_same_design_intervals(monkeypatch, replicates):
    """Above the engine's threshold (here set to 0) the table and the PSUs' tables are held as their non-empty
    cells: every value, SE, interval and design effect is that of the dense table, the replicates too."""
    from pandas_agree.engine import crosstab as engine

    df = simulated()
    kw = {"weights": "weight", "strata": "stratum", "cluster": "psu", "fpc": "psus_in_stratum",
          "replicates": replicates}
    options = {"ci": "auto", "n_resamples": 300, "random_state": 4}

    def frames(ag):
        return [quiet(ag.multiclass, ["OSR", "KAPPA", "RKCORR", "AC1", "CRAMERV"], **options),
                quiet(ag.binary, ["REC", "F1"], **options), quiet(ag.averages, ["F1", "PRE"], **options),
                quiet(ag.tests)]

    dense = df.agree("actual", "pred", **kw)
    monkeypatch.setattr(engine, "SPARSE_CELLS", 0)
    held = df.agree("actual", "pred", **kw)
    assert held._cells is not None and dense._cells is None
    assert held.design == dense.design
    for a, b in zip(frames(dense), frames(held), strict=True):
        pd.testing.assert_frame_equal(a.select_dtypes("number"), b.select_dtypes("number"), rtol=1e-9,
                                      check_dtype=False)


def test_a_design_on_a_table_held_sparse_forms_no_array_of_every_cell():
    """2,100 classes (4.4 million cells, above the engine's threshold): the design-based intervals of class values,
    their averages and the multiclass measures stay far below the 34 MiB of one float per cell."""
    import tracemalloc

    rng = np.random.default_rng(5)
    n, k = 50_000, 2100
    a = rng.integers(0, k, n)
    df = pd.DataFrame({"a": a, "p": np.where(rng.random(n) < 0.8, a, rng.integers(0, k, n)),
                       "c": rng.integers(0, 200, n)}).assign(s=lambda d: d.c % 10)
    ag = df.agree("a", "p", strata="s", cluster="c")
    assert ag._cells is not None
    quiet(ag.multiclass, ["OSR"], ci="auto")  # imports and cached properties before measuring
    for step in (lambda: ag.multiclass(["OSR", "KAPPA"], ci="auto"), lambda: ag.averages(["F1"], ci="auto"),
                 lambda: ag.binary(["F1"], ci="auto")):
        tracemalloc.start()
        out = quiet(step)
        peak = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
        assert peak < 20, peak
        assert np.isfinite(out.xs("se", axis=1, level="stat") if isinstance(out.columns, pd.MultiIndex)
                           else out["se"]).to_numpy().all()


def test_tests_under_a_design_are_design_based():
    """Under a design the tests are Wald t-tests on the design's df: McNemar's b − c and OSR − NIR are means of
    row-level differences, whose t equals samplics 0.6.0's (TaylorEstimator(PopParam.mean) of
    d = [highbp 0, diabetes 1] − [highbp 1, diabetes 0], and of d = [right] − [highbp is the largest class], on the
    NHANES II subset); kappa's is kappa over its design-based SE."""
    d = pd.read_csv(DATA / "nhanes2_subset.csv.gz")
    ag = d.agree("highbp", "diabetes", weights="finalwgt", strata="stratid", cluster="psuid")
    tests = ag.tests()
    assert tests.loc["MCNEMAR", "statistic"] == pytest.approx(-0.3345412533902397 / 0.014270559785010172, rel=1e-8)
    assert tests.loc["ACC_NIR", "statistic"] == pytest.approx(0.007464952789448731 / 0.0019892508731632467,
                                                               rel=1e-8)
    assert tests.loc["ACC_NIR", "pvalue"] == pytest.approx(stats.t.sf(tests.loc["ACC_NIR", "statistic"], 31))
    kappa = quiet(ag.multiclass, ["KAPPA"], ci="auto")
    assert tests.loc["KAPPA_Z", "statistic"] == pytest.approx(kappa.loc["KAPPA", "value"] / kappa.loc["KAPPA", "se"])
    assert (tests.loc[["KAPPA_Z", "MCNEMAR", "ACC_NIR"], "df"] == 31).all()
    # on a 2×2 table Bowker's and Stuart–Maxwell's adjusted Wald F (1 contrast: W(ν − 1 + 1)/ν = W) is the square
    # of McNemar's t; the exact test has no design-based form
    for code in ("BOWKER", "STUART_MAXWELL"):
        assert tests.loc[code, "statistic"] == pytest.approx(tests.loc["MCNEMAR", "statistic"] ** 2, rel=1e-10)
        assert tests.loc[code, "pvalue"] == pytest.approx(tests.loc["MCNEMAR", "pvalue"], rel=1e-8)
    assert np.isnan(tests.loc["MCNEMAR_EXACT", "statistic"])
    assert "no design-based form" in tests.loc["MCNEMAR_EXACT", "method"]
    for code in ("CHI2", "G2"):
        assert "Rao–Scott" in tests.loc[code, "method"] and np.isfinite(tests.loc[code, "pvalue"])
    weighted = quiet(ag.tests, kappa_weights="linear")
    kappa_w = quiet(ag.multiclass, ["KAPPA_W"], ci="auto", kappa_weights="linear")
    assert weighted.loc["KAPPA_W_Z", "statistic"] == pytest.approx(
        kappa_w.loc["KAPPA_W", "value"] / kappa_w.loc["KAPPA_W", "se"])
