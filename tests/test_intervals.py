"""Confidence intervals: known answers, agreement with statsmodels and Gwet's formulas, the table bootstrap."""

import math
import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st
from statsmodels.stats.inter_rater import cohens_kappa
from statsmodels.stats.proportion import proportion_confint

import pandas_agree as pa
from pandas_agree.inference.analytic import donner_eliasziw
from pandas_agree.inference.bootstrap import _quantiles, jackknife, resample
from pandas_agree.inference.estimates import IntervalOptions
from pandas_agree.measures.registry import REGISTRY

from ._tables import quiet, square_tables

SAS = np.array([[0, 4, 1], [0, 8, 0], [0, 1, 5]])  # SAS/STAT PROC FREQ agreement example
STATS = ["value", "se", "lower", "upper"]


def test_sas_kappa_interval():
    # SAS/STAT User's Guide, PROC FREQ agreement example: kappa 0.4842, ASE 0.1380, 95% CI 0.2137-0.7547;
    # weighted kappa (Cicchetti-Allison weights) 0.4701, ASE 0.1457, 95% CI 0.1845-0.7558.
    # ci="linearized" gives SAS's Wald interval at any size
    m = pa.Agreement.from_table(SAS).multiclass(["KAPPA", "KAPPA_W"], kappa_weights="linear", ci="linearized")
    assert m.loc["KAPPA", STATS].tolist() == pytest.approx([0.4842, 0.1380, 0.2137, 0.7547], abs=0.00005)
    assert m.loc["KAPPA_W", STATS].tolist() == pytest.approx([0.4701, 0.1457, 0.1845, 0.7558], abs=0.00005)
    # "auto" keeps SAS's ASE in the se column; below 200 objects its interval is the BCa bootstrap's
    auto = pa.Agreement.from_table(SAS).multiclass(["KAPPA", "KAPPA_W"], kappa_weights="linear", ci="auto")
    assert auto["se"].tolist() == pytest.approx([0.1380, 0.1457], abs=0.00005)
    assert auto.loc["KAPPA", "method"] == ("Fleiss–Cohen–Everitt SE, bootstrap bca (B = 2000, random_state = 0) "
                                           "interval")


@pytest.mark.parametrize("method, lower, upper", [
    # statsmodels' tests (test_proportion.py) for 100 successes of 200
    ("normal", 0.4307048, 0.5692952), ("wilson", 0.4313609, 0.5686391),
    ("clopper-pearson", 0.4286584, 0.5713416), ("jeffreys", 0.4311217, 0.5688783),
])
def test_binomial_known_answers(method, lower, upper):
    t = pd.DataFrame([[100, 100], [30, 70]], index=["x", "y"], columns=["x", "y"])
    b = pa.Agreement.from_table(t).binary(["REC"], ci=method)
    assert b.loc["x", ("REC", "lower")] == pytest.approx(lower, abs=1e-7)
    assert b.loc["x", ("REC", "upper")] == pytest.approx(upper, abs=1e-7)
    assert b.loc["x", ("REC", "se")] == pytest.approx(math.sqrt(0.25 / 200))


@pytest.mark.parametrize("method, sm", [("wilson", "wilson"), ("agresti-coull", "agresti_coull"),
                                        ("clopper-pearson", "beta"), ("jeffreys", "jeffreys")])
def test_binomial_numerators_and_denominators(method, sm):
    t = np.array([[30.0, 10, 5], [4, 20, 6], [2, 3, 15]])
    b = pa.Agreement.from_table(t).binary(["REC", "PRE", "JACCARD", "ACC", "SPE", "NPV"], ci=method)
    a = np.diag(t)
    rows, cols, n = t.sum(1), t.sum(0), t.sum()
    for code, x, m in [("REC", a, rows), ("PRE", a, cols), ("JACCARD", a, rows + cols - a),
                       ("ACC", n - rows - cols + 2 * a, np.full(3, n)), ("SPE", n - rows - cols + a, n - rows),
                       ("NPV", n - rows - cols + a, n - cols)]:
        lo, hi = proportion_confint(x, m, method=sm)
        np.testing.assert_allclose(b[(code, "lower")], lo, rtol=1e-12)
        np.testing.assert_allclose(b[(code, "upper")], hi, rtol=1e-12)
    osr = pa.Agreement.from_table(t).multiclass(["OSR", "HC"], ci=method)
    lo, hi = proportion_confint(a.sum(), n, method=sm)
    assert osr.loc["OSR", ["lower", "upper"]].tolist() == pytest.approx([lo, hi], rel=1e-12)
    assert osr.loc["HC", ["lower", "upper"]].tolist() == pytest.approx([2 * lo - 1, 2 * hi - 1], rel=1e-12)


@pytest.mark.parametrize("seed", range(3))
def test_kappa_se_matches_statsmodels(seed):
    rng = np.random.default_rng(seed)
    for _ in range(15):
        k = int(rng.integers(2, 6))
        t = (rng.integers(1, 40, (k, k)) + np.diag(rng.integers(0, 60, k))).astype(float)
        m = pa.Agreement.from_table(t).multiclass(["KAPPA", "KAPPA_W"], kappa_weights="quadratic", ci="auto")
        assert m.loc["KAPPA", "se"] == pytest.approx(cohens_kappa(t).std_kappa, rel=1e-10)
        assert m.loc["KAPPA_W", "se"] == pytest.approx(cohens_kappa(t, wt="quadratic").std_kappa, rel=1e-10)


def _gwet_2008(t):
    """Gwet (2008), Br. J. Math. Stat. Psychol. 61, 29-48: variances of AC1 and Scott's pi for two raters."""
    n = t.sum()
    p = t / n
    q = len(t)
    pi = (p.sum(0) + p.sum(1)) / 2
    pa_ = np.trace(p)
    pe1 = (pi * (1 - pi)).sum() / (q - 1)
    ac1 = (pa_ - pe1) / (1 - pe1)
    avg = (pi[:, None] + pi[None, :]) / 2
    v1 = (pa_ * (1 - pa_) - 4 * (1 - ac1) * ((np.diag(p) * (1 - pi)).sum() / (q - 1) - pa_ * pe1)
          + 4 * (1 - ac1) ** 2 * ((p * (1 - avg) ** 2).sum() / (q - 1) ** 2 - pe1**2)) / (n * (1 - pe1) ** 2)
    pe2 = (pi**2).sum()
    spi = (pa_ - pe2) / (1 - pe2)
    v2 = (pa_ * (1 - pa_) - 4 * (1 - spi) * ((np.diag(p) * pi).sum() - pa_ * pe2)
          + 4 * (1 - spi) ** 2 * ((p * avg**2).sum() - pe2**2)) / (n * (1 - pe2) ** 2)
    return math.sqrt(v1), math.sqrt(v2)


@given(table=square_tables(min_k=2, max_k=6, low=1, high=60))
def test_gwet_linearised_variances(table):
    m = pa.Agreement.from_table(table).multiclass(["AC1", "SPI", "BPK"], ci="auto")
    se_ac1, se_spi = _gwet_2008(table.to_numpy())
    assert m.loc["AC1", "se"] == pytest.approx(se_ac1, rel=1e-9)
    assert m.loc["SPI", "se"] == pytest.approx(se_spi, rel=1e-9)
    n, k = table.to_numpy().sum(), len(table)
    po = np.trace(table.to_numpy()) / n
    # Brennan-Prediger: chance agreement is a constant, so the variance is that of Po
    assert m.loc["BPK", "se"] == pytest.approx(math.sqrt(po * (1 - po) / n) / (1 - 1 / k), rel=1e-9)
    assert all(method.startswith("Gwet linearised") for method in m["method"])


def test_alpha_linearised_variance_against_bootstrap():
    t = np.array([[40.0, 8, 2], [6, 50, 9], [3, 7, 45]])
    m = pa.Agreement.from_table(t).multiclass(["ALPHA"], ci="auto")
    boot = pa.Agreement.from_table(t).multiclass(["ALPHA"], ci="bootstrap", n_resamples=4000, random_state=0)
    assert m.loc["ALPHA", "se"] == pytest.approx(boot.loc["ALPHA", "se"], rel=0.08)


def test_analytic_and_bootstrap_kappa_agree_on_a_large_table():
    t = np.array([[400.0, 80, 20], [60, 500, 90], [30, 70, 450]])
    ag = pa.Agreement.from_table(t)
    analytic = ag.multiclass(["KAPPA", "OSR"], ci="auto")
    boot = ag.multiclass(["KAPPA", "OSR"], ci="bootstrap", random_state=1)
    np.testing.assert_allclose(boot["se"], analytic["se"], rtol=0.08)
    np.testing.assert_allclose(boot["lower"], analytic["lower"], atol=0.01)


def test_wald_woolf_and_log_methods_by_hand():
    t = np.array([[30.0, 10], [5, 55]])
    b = pa.Agreement.from_table(t).binary(["YOUD", "BCR", "MARK", "LNDOR", "DOR", "YULEQ", "LRP", "LRN", "DP"],
                                          ci="auto")
    a, bb, c, d = 30, 10, 5, 55
    z = 1.959963984540054
    rec, spe, pre, npv = a / (a + bb), d / (c + d), a / (a + c), d / (bb + d)
    se = math.sqrt(rec * (1 - rec) / (a + bb) + spe * (1 - spe) / (c + d))
    assert b.loc[0, ("YOUD", "se")] == pytest.approx(se)
    assert b.loc[0, ("YOUD", "lower")] == pytest.approx(rec + spe - 1 - z * se)
    assert b.loc[0, ("BCR", "se")] == pytest.approx(se / 2)
    se_mark = math.sqrt(pre * (1 - pre) / (a + c) + npv * (1 - npv) / (bb + d))
    assert b.loc[0, ("MARK", "se")] == pytest.approx(se_mark)
    log_or, se_ln = math.log(a * d / (bb * c)), math.sqrt(1 / a + 1 / bb + 1 / c + 1 / d)
    assert b.loc[0, ("LNDOR", "se")] == pytest.approx(se_ln, rel=1e-8)
    assert b.loc[0, ("LNDOR", "lower")] == pytest.approx(log_or - z * se_ln)
    assert b.loc[0, ("DOR", "upper")] == pytest.approx(math.exp(log_or + z * se_ln))
    assert b.loc[0, ("DOR", "se")] == pytest.approx(math.exp(log_or) * se_ln, rel=1e-8)
    assert b.loc[0, ("DP", "lower")] == pytest.approx(math.sqrt(3) / math.pi * (log_or - z * se_ln))
    lo_or = math.exp(log_or - z * se_ln)
    assert b.loc[0, ("YULEQ", "lower")] == pytest.approx((lo_or - 1) / (lo_or + 1))
    # Simel, Samsa & Matchar (1991): SE of ln LR+ = sqrt(1/a - 1/(a+b) + 1/c - 1/(c+d))
    lrp = rec / (1 - spe)
    se_lrp = math.sqrt(1 / a - 1 / (a + bb) + 1 / c - 1 / (c + d))
    assert b.loc[0, ("LRP", "lower")] == pytest.approx(lrp * math.exp(-z * se_lrp))
    lrn = (1 - rec) / spe
    se_lrn = math.sqrt(1 / bb - 1 / (a + bb) + 1 / d - 1 / (c + d))
    assert b.loc[0, ("LRN", "upper")] == pytest.approx(lrn * math.exp(z * se_lrn))


def test_hss_interval_is_fce_of_the_class_two_by_two():
    t = np.array([[30.0, 10, 5], [4, 20, 6], [2, 3, 15]])
    b = pa.Agreement.from_table(t).binary(["HSS"], ci="auto")
    for k in range(3):
        a = t[k, k]
        two = np.array([[a, t[k].sum() - a], [t[:, k].sum() - a, t.sum() - t[k].sum() - t[:, k].sum() + a]])
        assert b.loc[k, ("HSS", "se")] == pytest.approx(cohens_kappa(two).std_kappa, rel=1e-10)


def test_shapes_and_methods():
    ag = pa.datasets.load("wine_predictions").agree("cultivar", "knn")
    b = ag.binary(["REC", "F1"], ci="auto", random_state=0)
    assert b.columns.names == ["code", "stat"]
    assert list(b.columns) == [(c, s) for c in ("REC", "F1") for s in STATS]
    assert b.attrs["methods"] == {"REC": "wilson (a of a+b)", "F1": "linearised (logit scale)"}
    av = ag.averages(["REC", "F1"], ci="auto", random_state=0)
    assert av.columns.names == ["method", "stat"] and av.shape == (2, 16)
    assert (pd.DataFrame(av.attrs["classes"]) == 3).all().all()
    m = ag.multiclass(["OSR", "KAPPA", "RH"], ci="auto", random_state=0)
    assert list(m.columns) == ["value", "se", "lower", "upper", "method", "interpretation"]
    assert m.loc["RH", "method"] == "linearised (logit scale)"
    assert ag.binary(["REC"]).columns.nlevels == 1  # ci=None leaves the table as it was


def test_bootstrap_everything_and_points_unchanged():
    ag = pa.datasets.load("wine_predictions").agree("cultivar", "knn")
    b = ag.binary(ci="bootstrap", random_state=0)
    plain = ag.binary()
    np.testing.assert_array_equal(b.xs("value", axis=1, level="stat").to_numpy(), plain.to_numpy())
    assert all(m.startswith("bootstrap") for m in b.attrs["methods"].values())
    av = ag.averages(ci="bootstrap", random_state=0)
    np.testing.assert_allclose(av.xs("value", axis=1, level="stat").to_numpy(), ag.averages().to_numpy())


def test_reproducible_with_random_state():
    ag = pa.datasets.load("wine_predictions").agree("cultivar", "knn")
    one = ag.binary(["F1", "CORR"], ci="bootstrap", random_state=7)
    two = ag.binary(["F1", "CORR"], ci="bootstrap", random_state=7)
    other = ag.binary(["F1", "CORR"], ci="bootstrap", random_state=8)
    pd.testing.assert_frame_equal(one, two)
    assert not np.allclose(one.to_numpy(), other.to_numpy())
    generator = ag.multiclass(["RH"], ci="bootstrap", random_state=np.random.default_rng(7))
    assert np.isfinite(generator.loc["RH", "lower"])


@pytest.mark.parametrize("method", ["percentile", "basic", "bca"])
def test_bootstrap_methods(method):
    t = np.array([[40.0, 8, 2], [6, 50, 9], [3, 7, 45]])
    m = pa.Agreement.from_table(t).multiclass(["KAPPA", "RH", "CRAMERV"], ci="bootstrap",
                                              bootstrap_method=method, random_state=3)
    assert (m["lower"] < m["value"]).all() and (m["value"] < m["upper"]).all()
    assert m["method"].str.contains(method).all()
    analytic = pa.Agreement.from_table(t).multiclass(["KAPPA"], ci="auto")
    assert m.loc["KAPPA", "lower"] == pytest.approx(analytic.loc["KAPPA", "lower"], abs=0.03)


def test_bca_acceleration_uses_cell_jackknife():
    t = np.array([[3.0, 1], [0, 2]])
    stack, weights = jackknife(t)
    assert stack.shape == (3, 2, 2) and weights.tolist() == [3, 1, 2]
    assert stack[0].tolist() == [[2, 1], [0, 2]] and stack[2].tolist() == [[3, 1], [0, 1]]


@given(st.integers(1, 40), st.integers(1, 6), st.floats(0, 1), st.booleans(), st.integers(0, 2**32 - 1))
def test_quantiles_of_all_columns_equal_numpy_column_by_column(b, c, level, per_column, seed):
    # the bootstrap summarises every measure's resamples at once; each column must equal numpy.quantile of its
    # defined values ("linear", or "inverted_cdf" next to an infinite value), bit for bit
    rng = np.random.default_rng(seed)
    values = np.round(rng.normal(size=(b, c)), 1)
    values[rng.random((b, c)) < 0.2] = np.nan
    values[rng.random((b, c)) < 0.05] = np.inf
    values[rng.random((b, c)) < 0.05] = -np.inf
    q = rng.random(c) if per_column else level
    got = _quantiles(values, q)
    for j, qj in enumerate(np.broadcast_to(q, (c,))):
        column = values[~np.isnan(values[:, j]), j]
        method = "linear" if np.isfinite(column).all() else "inverted_cdf"
        expected = np.quantile(column, qj, method=method) if len(column) else np.nan
        assert np.array_equal(got[j], expected, equal_nan=True)


@given(st.integers(1, 40), st.integers(1, 6), st.integers(0, 2**32 - 1))
def test_quantiles_at_several_levels_are_those_of_each_level(b, c, seed):
    # an interval's two ends are read from one sort of the resampled values: each level's quantiles are those of
    # that level alone, bit for bit
    rng = np.random.default_rng(seed)
    values = np.round(rng.normal(size=(b, c)), 1)
    values[rng.random((b, c)) < 0.2] = np.nan
    values[rng.random((b, c)) < 0.05] = np.inf
    low, high, per_column = 0.025, 0.975, rng.random(c)
    got = _quantiles(values, low, high, per_column)
    assert len(got) == 3
    for found, level in zip(got, (low, high, per_column), strict=True):
        assert np.array_equal(found, _quantiles(values, level), equal_nan=True)


def test_fixed_reference_design_keeps_row_totals():
    t = np.array([[40.0, 8, 2], [6, 50, 9], [3, 7, 45]])
    opts = IntervalOptions("bootstrap", n_resamples=50, design="fixed-reference")
    stack = resample(t, opts, np.random.default_rng(0))
    assert stack.shape == (50, 3, 3)
    np.testing.assert_array_equal(stack.sum(axis=2), np.broadcast_to(t.sum(axis=1), (50, 3)))
    free = resample(t, IntervalOptions("bootstrap", n_resamples=50), np.random.default_rng(0))
    assert (free.sum(axis=(1, 2)) == t.sum()).all() and not (free.sum(axis=2) == t.sum(axis=1)).all()
    b = pa.Agreement.from_table(t).binary(["F1"], ci="bootstrap", resampling="fixed-reference", random_state=0)
    assert np.isfinite(b[("F1", "se")]).all()


def test_weighted_tables_resample_their_total():
    t = np.array([[40.5, 8.25], [6.0, 50.75]])
    stack = resample(t, IntervalOptions("bootstrap", n_resamples=20), np.random.default_rng(0))
    np.testing.assert_allclose(stack.sum(axis=(1, 2)), t.sum())


def test_undefined_resamples_are_left_out_and_counted():
    # a rare class: some resamples never predict it, so its PRE (and F1's terms) are undefined there
    t = np.array([[50.0, 1], [1, 1]])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        b = pa.Agreement.from_table(t).binary(["PRE", "CORR"], ci="bootstrap", random_state=0)
    left_out = b.attrs["undefined_resamples"]["CORR"]
    assert left_out[1] > 0 and left_out[1] < 2000
    assert np.isfinite(b.loc[1, ("CORR", "lower")])


@pytest.mark.parametrize("kwargs, fragment", [
    ({"ci": "wald"}, "ci must be None or one of"), ({"ci": "auto", "confidence_level": 95}, "confidence_level"),
    ({"ci": "auto", "n_resamples": 1}, "n_resamples"), ({"ci": "auto", "bootstrap_method": "bc"}, "bootstrap_method"),
    ({"ci": "auto", "resampling": "stratified"}, "resampling must be one of"),
])
def test_bad_interval_options(kwargs, fragment):
    ag = pa.Agreement.from_table(SAS)
    with pytest.raises(ValueError, match=fragment):
        ag.multiclass(["KAPPA"], **kwargs)


INTERVAL_CODES = [m.code for m in REGISTRY.values() if m.kind == "binary" and m.interval.analytic]


@pytest.mark.parametrize("ci", ["auto", "clopper-pearson"])
@given(table=square_tables(min_k=2, max_k=4), data=st.data())
def test_interval_ends_never_leave_the_range(ci, table, data):
    codes = data.draw(st.lists(st.sampled_from(INTERVAL_CODES), min_size=1, max_size=4, unique=True))
    b = quiet(pa.Agreement.from_table(table).binary, codes, ci=ci)
    for code in codes:
        lo, hi = REGISTRY[code].range
        lower, upper, value = (b[(code, s)].to_numpy() for s in ("lower", "upper", "value"))
        ok = ~np.isnan(lower)
        assert (lower[ok] >= lo).all() and (upper[ok] <= hi).all() and (lower[ok] <= upper[ok]).all()
        assert np.isnan(lower[np.isnan(value)]).all()


@given(table=square_tables(min_k=2, max_k=4, low=1))
def test_multiclass_interval_ends_never_leave_the_range(table):
    m = quiet(pa.Agreement.from_table(table).multiclass, ci="auto", n_resamples=200, random_state=0)
    for code, row in m.iterrows():
        lo, hi = REGISTRY[code].range
        if not np.isnan(row["lower"]):
            assert lo <= row["lower"] <= row["upper"] <= hi


def test_a_zero_width_interval_carries_a_note():
    """Kappa on a table whose objects all lie in one row: the FCE SE is 0 and the interval [0, 0]."""
    ag = pa.Agreement.from_table([[5, 3], [0, 0]])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        m = ag.multiclass(["KAPPA", "OSR"], ci="linearized")
        auto = ag.multiclass(["KAPPA"], ci="auto")
        report = ag.report(ci="auto", random_state=0)
    assert m.loc["KAPPA", "lower"] == m.loc["KAPPA", "upper"] == 0
    # under "auto" (8 objects on two classes) Donner and Eliasziw's interval, which is not degenerate here
    assert auto.loc["KAPPA", "lower"] < 0 < auto.loc["KAPPA", "upper"]
    notes = " ".join(m.attrs["notes"])
    assert "The interval of KAPPA (linearised (identity scale)) has zero width" in notes
    assert "more objects are needed" in notes
    assert "OSR" not in notes.split("zero width")[0]  # OSR's Wilson interval is not flat
    assert "have zero width" in " ".join(str(report).split())


def test_the_se_beside_a_binomial_interval_says_what_it_is():
    ag = pa.Agreement.from_table([[5, 3], [0, 4]])
    wilson = ag.binary(["PRE", "REC"], ci="auto")
    assert any("The SE beside a wilson interval is the Wald SE √(p(1 − p)/n)" in n for n in wilson.attrs["notes"])
    normal = ag.binary(["PRE", "REC"], ci="normal")
    assert not any("The SE beside" in n for n in normal.attrs["notes"])
    # 0 of 3: the Wilson interval starts at 0 exactly (statsmodels leaves a rounding error of 5e-17)
    none_right = pa.Agreement.from_table([[5, 3], [0, 0]]).binary(["PRE"], ci="auto", classes="union")
    assert none_right.loc[1, ("PRE", "value")] == 0 and none_right.loc[1, ("PRE", "lower")] == 0.0


@pytest.mark.parametrize("scale", [1, 10])
def test_small_samples_keep_the_published_se_with_a_small_sample_interval(scale):
    """Below 200 objects on two classes: KAPPA and SPI keep their published SE with Donner and Eliasziw's interval,
    AC1 its linearised SE with the BCa bootstrap's interval, each with a note. From 200 objects on, the analytic
    intervals throughout."""
    table = scale * np.array([[40.0, 3], [4, 3]])
    ag = pa.Agreement.from_table(table)
    m = ag.multiclass(["KAPPA", "SPI", "AC1"], ci="auto", n_resamples=500, random_state=1)
    linear = ag.multiclass(["KAPPA", "SPI", "AC1"], ci="linearized")
    boot = ag.multiclass(["AC1"], ci="bootstrap", n_resamples=500, random_state=1, bootstrap_method="bca")
    notes = " ".join(m.attrs["notes"])
    small = table.sum() < 200
    assert ("Donner & Eliasziw's (1992) goodness-of-fit intervals" in notes) == small
    assert ("the chance-corrected coefficients get BCa bootstrap intervals" in notes) == small
    assert m["se"].tolist() == pytest.approx(linear["se"].tolist(), rel=1e-12)  # the published SEs throughout
    if small:
        assert m.loc["KAPPA", "method"] == "Fleiss–Cohen–Everitt SE, Donner–Eliasziw interval"
        assert m.loc["SPI", "method"] == "Gwet linearised SE, Donner–Eliasziw interval"
        ends = [float(x) for x in donner_eliasziw(*table.ravel())]
        for code in ("KAPPA", "SPI"):
            assert (m.loc[code, "lower"], m.loc[code, "upper"]) == pytest.approx(ends, abs=1e-12)
        assert m.loc["AC1", "method"] == "Gwet linearised SE, bootstrap bca (B = 500, random_state = 1) interval"
        assert (m.loc["AC1", "lower"], m.loc["AC1", "upper"]) == (boot.loc["AC1", "lower"], boot.loc["AC1", "upper"])
    else:
        assert m.loc["KAPPA", "method"] == "Fleiss–Cohen–Everitt"
        for code in ("KAPPA", "SPI", "AC1"):
            assert m.loc[code, "lower"] == pytest.approx(linear.loc[code, "lower"], rel=1e-12)


def test_auto_resamples_the_averages_of_predicted_prevalences_on_two_classes_only():
    """The coverage study's rule (docs/notes/intervals.md, "Coverage"): on two classes the weighted and inverse
    averages of PPREV get the percentile bootstrap's interval beside their linearised SE; from three classes on,
    and for every other average, the linearised interval stands."""
    two = pa.Agreement.from_table(pd.DataFrame([[90, 30], [20, 60]]))
    av = quiet(two.averages, ["PPREV", "F1"], ci="auto", random_state=0)
    assert av.attrs["methods"]["PPREV"] == ("linearised (logit scale) SE, bootstrap percentile "
                                            "(B = 2000, random_state = 0) interval")
    assert av.attrs["methods"]["F1"].startswith("linearised")
    assert any("weighted and inverse averages of PPREV get the percentile bootstrap" in n for n in av.attrs["notes"])
    linear = quiet(two.averages, ["PPREV"], ci="linearized")
    for method in ("weighted", "inverse"):
        assert av.loc["PPREV", (method, "se")] == pytest.approx(linear.loc["PPREV", (method, "se")], rel=1e-12)
        assert av.loc["PPREV", (method, "lower")] != pytest.approx(linear.loc["PPREV", (method, "lower")],
                                                                     rel=1e-6)
    three = pa.Agreement.from_table(pd.DataFrame([[50, 5, 5], [5, 40, 5], [5, 5, 30]]))
    assert quiet(three.averages, ["PPREV"], ci="auto").attrs["methods"]["PPREV"].startswith("linearised")
