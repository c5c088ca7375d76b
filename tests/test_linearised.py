"""ci="linearized": the delta method for every value, against the published SEs it must reproduce.

The delta method's variance Σ n g² − (Σ n g)²/N needs the gradient g of each value with respect to the cells;
the library takes it from the formulas by a three-point forward difference. Each known answer below is a
published variance written in closed form (or from its analytic gradient), so it checks the gradient, the
variance and the sampling model at once.
"""

import math
import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from statsmodels.stats.inter_rater import cohens_kappa

import pandas_agree as pa
from pandas_agree.inference.delta import gradients, linearised_variance
from pandas_agree.measures.registry import REGISTRY, range_scale

from ._tables import square_tables
from .test_intervals import _gwet_2008

SAS = np.array([[0, 4, 1], [0, 8, 0], [0, 1, 5]])  # SAS/STAT PROC FREQ agreement example
REL = 1e-7


def lin(table, method, codes, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return getattr(pa.Agreement.from_table(np.asarray(table, float)), method)(codes, ci="linearized", **kwargs)


def test_kappa_is_fleiss_cohen_everitt():
    # SAS/STAT User's Guide, PROC FREQ: kappa 0.4842, ASE 0.1380; weighted kappa (linear) 0.4701, ASE 0.1457
    m = lin(SAS, "multiclass", ["KAPPA", "KAPPA_W"], kappa_weights="linear")
    assert m.loc["KAPPA", "se"] == pytest.approx(0.1380, abs=5e-5)
    assert m.loc["KAPPA_W", "se"] == pytest.approx(0.1457, abs=5e-5)
    assert m.loc["KAPPA", "method"] == "linearised (identity scale)"  # as the published Wald interval


@settings(max_examples=30, deadline=None)
@given(table=square_tables(min_k=2, max_k=5, low=1, high=60))
def test_kappa_equals_statsmodels_se_under_h1(table):
    m = lin(table, "multiclass", ["KAPPA"])
    assert m.loc["KAPPA", "se"] == pytest.approx(cohens_kappa(table.to_numpy()).std_kappa, rel=REL)


@settings(max_examples=30, deadline=None)
@given(table=square_tables(min_k=2, max_k=6, low=1, high=60))
def test_ac1_and_scotts_pi_equal_gwet_2008(table):
    m = lin(table, "multiclass", ["AC1", "SPI"])
    se_ac1, se_spi = _gwet_2008(table.to_numpy())
    assert m.loc["AC1", "se"] == pytest.approx(se_ac1, rel=REL)
    assert m.loc["SPI", "se"] == pytest.approx(se_spi, rel=REL)


@settings(max_examples=30, deadline=None)
@given(table=square_tables(min_k=2, max_k=5, low=1, high=60))
def test_class_specific_values_equal_their_published_ses(table):
    """Proportions: √(p(1−p)/n); the odds-ratio family: Woolf's √(1/a + 1/b + 1/c + 1/d) on the log scale;
    the likelihood ratios: Simel, Samsa & Matchar (1991) on the log scale; OSR: its binomial SE."""
    ag = pa.Agreement.from_table(table)
    b = lin(table, "binary", ["REC", "PRE", "ACC", "DOR", "LNDOR", "LRP", "LRN"])
    a, bb, c, d = _counts(table.to_numpy())
    rec, pre, acc = a / (a + bb), a / (a + c), (a + d) / (a + bb + c + d)
    assert b["REC"]["se"].to_numpy() == pytest.approx(np.sqrt(rec * (1 - rec) / (a + bb)), rel=REL)
    assert b["PRE"]["se"].to_numpy() == pytest.approx(np.sqrt(pre * (1 - pre) / (a + c)), rel=REL)
    assert b["ACC"]["se"].to_numpy() == pytest.approx(np.sqrt(acc * (1 - acc) / (a + bb + c + d)), rel=REL)
    woolf = np.sqrt(1 / a + 1 / bb + 1 / c + 1 / d)
    finite = np.isfinite(woolf)
    assert b["LNDOR"]["se"].to_numpy()[finite] == pytest.approx(woolf[finite], rel=REL)
    dor = a * d / (bb * c)
    assert b["DOR"]["se"].to_numpy()[finite] == pytest.approx((dor * woolf)[finite], rel=REL)
    spe = d / (c + d)
    lrp = rec / (1 - spe)
    simel = np.sqrt(1 / a - 1 / (a + bb) + 1 / c - 1 / (c + d))
    ok = np.isfinite(simel) & (c > 0)
    assert b["LRP"]["se"].to_numpy()[ok] == pytest.approx((lrp * simel)[ok], rel=REL)
    osr = lin(table, "multiclass", ["OSR"]).loc["OSR", "se"]
    p = np.trace(table.to_numpy()) / ag.n
    assert osr == pytest.approx(math.sqrt(p * (1 - p) / ag.n), rel=REL)


def _counts(t):
    a = np.diag(t).astype(float)
    return a, t.sum(1) - a, t.sum(0) - a, t.sum() - t.sum(1) - t.sum(0) + a


def _takahashi(t):
    """Takahashi, Yamamoto, Kuchiba & Koyama (2022), Applied Intelligence 52: the delta-method variances of the
    micro-averaged F1 (which is the accuracy of a single-label table: p(1−p)/n) and of the macro-averaged F1
    (1/r) Σ_i 2p_ii/(p_i· + p_·i), here from its analytic gradient
    ∂F1_i/∂p_kl = 2[k = l = i]/s_i − 2 p_ii ([k = i] + [l = i])/s_i², s_i = p_i· + p_·i."""
    n = t.sum()
    p = t / n
    r = len(t)
    s = p.sum(1) + p.sum(0)
    diag = np.diag(p)
    grad = np.zeros_like(p)
    for i in range(r):
        g = np.zeros_like(p)
        g[i, i] += 2 / s[i]
        g[i, :] -= 2 * diag[i] / s[i] ** 2
        g[:, i] -= 2 * diag[i] / s[i] ** 2
        grad += g / r
    macro = ((p * grad**2).sum() - (p * grad).sum() ** 2) / n
    micro = np.trace(p) * (1 - np.trace(p)) / n
    return math.sqrt(micro), math.sqrt(macro)


@settings(max_examples=30, deadline=None)
@given(table=square_tables(min_k=2, max_k=6, low=1, high=60))
def test_f1_averages_equal_takahashi_2022(table):
    av = lin(table, "averages", ["F1"], average=["unweighted", "micro"], timing="after")
    micro, macro = _takahashi(table.to_numpy())
    assert av.loc["F1", ("micro", "se")] == pytest.approx(micro, rel=REL)
    assert av.loc["F1", ("unweighted", "se")] == pytest.approx(macro, rel=REL)


def test_raters_equal_gwet_up_to_the_divisor():
    """Gwet's linearised SE over subjects divides by W − 1; the delta method by W."""
    df = pa.datasets.load("diagnoses")
    ra = df.agree.raters([f"rater{k}" for k in range(1, 7)])
    gwet = ra.summary(["FLEISS", "AC1", "PO"], ci="wilson")  # Gwet's SE (the interval may be BCa's)
    delta = ra.summary(["FLEISS", "AC1", "PO"], ci="linearized")
    w = ra.n_subjects
    assert delta["se"].to_numpy() == pytest.approx(gwet["se"].to_numpy() * math.sqrt((w - 1) / w), rel=REL)


def test_paired_accuracy_difference_is_the_mcnemar_se():
    rng = np.random.default_rng(3)
    t = rng.choice(list("xyz"), 400)
    df = pd.DataFrame({"t": t, **{f"r{i}": np.where(rng.random(400) < 0.7, t, rng.choice(list("xyz"), 400))
                                  for i in range(3)}})
    c = df.agree.compare("t", ["r0", "r1", "r2"])
    lin_ = c.differences(["OSR"], ci="linearized")
    auto = c.differences(["OSR"], ci="auto")
    assert lin_.xs("se", axis=1, level="stat").to_numpy() == pytest.approx(
        auto.xs("se", axis=1, level="stat").to_numpy(), rel=REL)
    assert (lin_.xs("pvalue", axis=1, level="stat").to_numpy() > 0).all()


def test_fixed_reference_design_takes_the_variance_row_by_row():
    """With the reference sizes fixed, recall (a row proportion) keeps its binomial SE; precision (a column
    proportion) gets a smaller one than under multinomial sampling, and the two agree with their definitions."""
    t = np.array([[40.0, 8, 2], [6, 50, 9], [3, 7, 45]])
    free = lin(t, "binary", ["REC", "PRE"])
    fixed = lin(t, "binary", ["REC", "PRE"], resampling="fixed-reference")
    assert fixed["REC"]["se"].to_numpy() == pytest.approx(free["REC"]["se"].to_numpy(), rel=REL)
    # precision of class 0 = a/(a + c) with the column's off-diagonal cells from rows of fixed size
    a, c1, c2 = 40.0, 6.0, 3.0
    grad = {(0, 0): c1 + c2, (1, 0): -a, (2, 0): -a}
    col = a + c1 + c2
    var = 0.0
    for i, size in enumerate(t.sum(1)):
        cells = [(i, j) for j in range(3)]
        ng = sum(t[c] * grad.get(c, 0.0) / col**2 for c in cells)
        var += sum(t[c] * (grad.get(c, 0.0) / col**2) ** 2 for c in cells) - ng**2 / size
    assert fixed["PRE"]["se"].iloc[0] == pytest.approx(math.sqrt(var), rel=REL)
    assert fixed["PRE"]["se"].iloc[0] < free["PRE"]["se"].iloc[0]


def test_intervals_are_built_on_the_scale_of_the_range():
    t = np.array([[40.0, 8, 2], [6, 50, 9], [3, 7, 45]])
    b = lin(t, "binary", ["REC"])
    p, se = b["REC"]["value"].iloc[0], b["REC"]["se"].iloc[0]
    logit, z = math.log(p / (1 - p)), 1.959963984540054
    spread = z * se / (p * (1 - p))
    assert b["REC"]["lower"].iloc[0] == pytest.approx(1 / (1 + math.exp(-(logit - spread))), rel=1e-12)
    assert b["REC"]["upper"].iloc[0] == pytest.approx(1 / (1 + math.exp(-(logit + spread))), rel=1e-12)
    assert range_scale((-1.0, 1.0)) == "fisher-z" and range_scale((0.0, np.inf)) == "log"
    # a recall of 1 has no finite logit: its interval is the Wald interval, clipped (here of zero width)
    edge = lin(np.array([[5.0, 0], [2, 3]]), "binary", ["REC"])
    assert edge["REC"]["value"].iloc[0] == 1 and edge["REC"]["upper"].iloc[0] == 1


def test_half_bounded_and_narrowed_ranges_have_their_own_scales():
    """(−∞, 1] takes −log(1 − v); an average whose range is narrower than its measure's takes the scale of its
    position in that range: the logit for the unweighted mean of the matched shares a_k/N (in [0, 1/K]), the
    arcsine of the square root for the prevalences weighted by themselves (Σ p_k², in [1/K, 1]). The value lies
    inside its interval, the interval inside the range, and the ends map back to value ∓ z·SE on the scale."""
    z = 1.959963984540054
    assert range_scale((-np.inf, 1.0)) == "reflected-log" and range_scale((0.0, 0.5)) == "logit"
    ag = pa.Agreement.from_table(np.array([[90.0, 30], [20, 60]]))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        av = ag.averages(["OPRE", "PREV", "RR"], ci="linearized")
    cases = {("OPRE", "unweighted"): (lambda v: -math.log(1 - v), lambda v: 1 / (1 - v), (-np.inf, 1.0)),
             ("PREV", "weighted"): (lambda v: math.asin(math.sqrt((v - 0.5) / 0.5)),
                                    lambda v: 0.5 / math.sqrt((v - 0.5) * (1 - v)), (0.5, 1.0)),
             ("RR", "unweighted"): (lambda v: math.log(v / (0.5 - v)), lambda v: 0.5 / (v * (0.5 - v)), (0.0, 0.5))}
    for (code, method), (forward, slope, (lo, hi)) in cases.items():
        v, se, lower, upper = (av.loc[code, (method, stat)] for stat in ("value", "se", "lower", "upper"))
        assert lo < lower < v < upper < hi and se > 0, (code, method)
        assert forward(lower) == pytest.approx(forward(v) - z * se * slope(v), rel=1e-9), (code, method)
        assert forward(upper) == pytest.approx(forward(v) + z * se * slope(v), rel=1e-9), (code, method)
    # Σ p_k² = 0.52 is near 1/2: its interval, asymmetric, reaches further up than down
    v, lower, upper = (av.loc["PREV", ("weighted", stat)] for stat in ("value", "lower", "upper"))
    assert upper - v > v - lower


def test_gradients_do_not_depend_on_the_chunk_size():
    t = np.array([[40.0, 8, 2], [6, 50, 9], [3, 7, 45]])
    ag = pa.Agreement.from_table(t)

    def evaluate(stack):
        return {"KAPPA": np.array([pa.Agreement.from_table(s).multiclass(["KAPPA"]).iloc[0, 0] for s in stack])}

    point = {"KAPPA": ag.multiclass(["KAPPA"]).iloc[0, 0]}
    whole = gradients(t, evaluate, point)
    small = gradients(t, evaluate, point, chunk_cells=9 * 2)
    np.testing.assert_array_equal(whole["KAPPA"], small["KAPPA"])
    # multiclass() takes KAPPA's partials from its record: central differences agree to their truncation error
    assert math.sqrt(linearised_variance(t, whole["KAPPA"])) == pytest.approx(
        lin(t, "multiclass", ["KAPPA"]).loc["KAPPA", "se"], rel=1e-8)


# --- every registry value: the linearised SE against a large bootstrap (slow) ------------------------------------

LARGE = np.array([[5200.0, 700, 250, 90], [450, 3900, 380, 160], [180, 420, 2900, 310], [60, 140, 350, 1800]])


def _close_to_bootstrap(lin_se: np.ndarray, boot_se: np.ndarray, what: str) -> None:
    lin_se, boot_se = np.asarray(lin_se, float).ravel(), np.asarray(boot_se, float).ravel()
    constant = np.isfinite(boot_se) & (boot_se < 1e-9)  # the unweighted mean prevalence is 1/K in every table
    assert (lin_se[constant] < 1e-9).all(), (what, lin_se[constant])
    defined = np.isfinite(boot_se) & ~constant
    assert np.isfinite(lin_se[defined]).all(), what
    ratio = lin_se[defined] / boot_se[defined]
    assert ((ratio > 0.95) & (ratio < 1.05)).all(), (what, ratio)


@pytest.mark.slow
def test_every_table_value_is_close_to_a_large_bootstrap():
    ag = pa.Agreement.from_table(LARGE)
    kw = {"n_resamples": 20_000, "random_state": 0}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for params in ({}, {"beta": 2.0, "tversky": (0.3, 0.7)}):
            codes = list(pa.measures("binary")["code"]) \
                if params else None
            b, boot = ag.binary(codes, ci="linearized", **params), ag.binary(codes, ci="bootstrap", **params, **kw)
            for code in dict.fromkeys(b.columns.get_level_values("code")):
                _close_to_bootstrap(b[(code, "se")], boot[(code, "se")], code)
            for timing in ("before", "after"):
                av = ag.averages(codes, timing=timing, ci="linearized", **params)
                avb = ag.averages(codes, timing=timing, ci="bootstrap", **params, **kw)
                for method in ("unweighted", "weighted", "inverse", "micro"):
                    for code in av.index:
                        _close_to_bootstrap(av.loc[code, (method, "se")], avb.loc[code, (method, "se")],
                                            f"{code} {method} {timing}")
        codes = list(pa.measures("multiclass")["code"])
        m = ag.multiclass(codes, ci="linearized", kappa_weights="linear")
        mb = ag.multiclass(codes, ci="bootstrap", kappa_weights="linear", **kw)
        for code in codes:
            _close_to_bootstrap(m.loc[code, "se"], mb.loc[code, "se"], code)


@pytest.mark.slow
def test_every_rater_and_paired_value_is_close_to_a_large_bootstrap():
    rng = np.random.default_rng(12)
    n = 20_000
    truth = rng.choice(4, n, p=[0.4, 0.3, 0.2, 0.1])
    df = pd.DataFrame({"t": truth, **{f"r{i}": np.where(rng.random(n) < 0.6 + 0.1 * i, truth, rng.choice(4, n))
                                      for i in range(3)}})
    kw = {"n_resamples": 20_000, "random_state": 0}
    ra = df.agree.raters(["r0", "r1", "r2"])
    for kappa_weights in (None, "quadratic"):
        s = ra.summary(ci="linearized", kappa_weights=kappa_weights)
        sb = ra.summary(ci="bootstrap", kappa_weights=kappa_weights, **kw)
        for code in s.index:
            _close_to_bootstrap(s.loc[code, "se"], sb.loc[code, "se"], f"{code} {kappa_weights}")
    c = df.agree.compare("t", ["r0", "r1", "r2"])
    d, db = c.differences(ci="linearized"), c.differences(ci="bootstrap", **kw)
    _close_to_bootstrap(d.xs("se", axis=1, level="stat"), db.xs("se", axis=1, level="stat"), "differences")


def _generic(table, method, codes, column, **kwargs):
    """The variance by moving every non-empty cell of the table (delta.gradients), evaluating with the public
    method on each moved table: the reference for the analyses' faster paths."""
    table = np.asarray(table, float)

    def values(t):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            out = getattr(pa.Agreement.from_table(t), method)(codes, **kwargs)
        return np.asarray(column(out), float)

    point = {"v": values(table)}
    grads = gradients(table, lambda stack: {"v": np.stack([values(t) for t in stack])}, point)
    return point["v"], np.sqrt(linearised_variance(table, grads["v"], kwargs.get("resampling", "multinomial")))


@settings(max_examples=15, deadline=None)
@given(table=square_tables(min_k=2, max_k=4, low=0, high=30))
def test_the_fast_paths_equal_moving_every_cell(table):
    """binary() moves the four counts of every class at once and averages() each class's counts: the same
    variances as moving every cell of the table (zero cells and never-predicted classes included)."""
    t = table.to_numpy().astype(float)
    if t.sum() == 0:
        return
    for resampling in ("multinomial", "fixed-reference"):
        codes = ["REC", "PRE", "F1", "KULCZ2", "CORR", "YOUD"]
        b = lin(t, "binary", codes, resampling=resampling)
        value, se = _generic(t, "binary", codes, lambda out: out.to_numpy(), resampling=resampling)
        fast = b.xs("se", axis=1, level="stat").to_numpy()
        defined = np.isfinite(value)
        # a variance that is 0 but for the rounding of the moved cells' differences has an SE up to about
        # √ε ≈ 1.5e-8 (1.9e-9 on the table [[0, 3], [0, 1]]), where the fast path gives exactly 0
        np.testing.assert_allclose(fast[defined], se[defined], rtol=1e-6, atol=2e-8)
        for timing in ("before", "after"):
            av = lin(t, "averages", codes, timing=timing, resampling=resampling)
            value, se = _generic(t, "averages", codes, lambda out: out.to_numpy(), timing=timing,
                                 resampling=resampling)
            fast = av.xs("se", axis=1, level="stat").to_numpy()
            defined = np.isfinite(value)
            np.testing.assert_allclose(fast[defined], se[defined], rtol=1e-6, atol=2e-8)


@pytest.mark.filterwarnings("ignore::pandas_agree.UndefinedMeasureWarning")
def test_infinite_values_get_no_se_and_no_zero_width_note():
    """Class 1 is predicted perfectly: its odds ratio is infinite, without SE; its interval is the score interval's
    [lower, ∞] under "auto" (tests/test_ratio_boundaries.py), NaN under the delta method."""
    ag = pa.Agreement.from_table([[12, 0, 1], [0, 9, 1], [2, 0, 5]])
    for ci in ("auto", "linearized"):
        b = ag.binary(["DOR", "LNDOR"], ci=ci)
        assert b.loc[1, ("DOR", "value")] == np.inf and np.isnan(b.loc[1, ("DOR", "se")])
        if ci == "auto":
            assert 0 < b.loc[1, ("DOR", "lower")] < np.inf and b.loc[1, ("DOR", "upper")] == np.inf
            assert b.loc[1, ("LNDOR", "lower")] == pytest.approx(np.log(b.loc[1, ("DOR", "lower")]))
        else:
            assert np.isnan(b.loc[1, [("DOR", "lower"), ("DOR", "upper"), ("LNDOR", "lower")]]).all()
        assert not any("zero width" in n for n in b.attrs["notes"])
        av = ag.averages(["DOR"], ci=ci)
        assert av.loc["DOR", ("unweighted", "value")] == np.inf
        assert np.isnan(av.loc["DOR", [("unweighted", "se"), ("unweighted", "lower"), ("unweighted", "upper")]]).all()


def test_constant_averages_have_no_variance_and_say_why():
    ag = pa.Agreement.from_table(np.array([[40.0, 8, 2], [6, 50, 9], [3, 7, 45]]))
    av = ag.averages(["PREV"], ci="linearized")
    assert av.loc["PREV", ("unweighted", "se")] == 0 and av.loc["PREV", ("micro", "se")] == 0
    assert av.loc["PREV", ("weighted", "se")] > 0
    assert any("the unweighted mean of the prevalences is 1/K" in n for n in av.attrs["notes"])


def test_the_record_declares_the_scale():
    """Chance-corrected coefficients keep the identity scale of their published Wald intervals (KAPPA and SPI
    alike); a proportion takes the logit scale of its range, an odds ratio the log scale."""
    assert pa.measures().set_index("code").loc["KAPPA", "kind"] == "multiclass"
    m = lin(SAS, "multiclass", ["KAPPA", "SPI", "AC1", "OSR", "HC"])
    assert set(m.loc[["KAPPA", "SPI", "AC1"], "method"]) == {"linearised (identity scale)"}
    assert m.loc["OSR", "method"] == "linearised (logit scale)"
    assert m.loc["HC", "method"] == "linearised (fisher-z scale)"
    assert lin(SAS, "binary", ["DOR"]).attrs["methods"]["DOR"] == "linearised (log scale)"


def test_reports_name_the_scale_of_each_average():
    df = pa.datasets.load("wine_predictions")
    report = df.agree.report("cultivar", "knn", measures=["REC", "F1", "DOR"], ci="linearized")
    lines = [line for line in report.notes if line.strip().startswith("averages,")]
    assert any(line.endswith(": REC, F1") for line in lines) and any(line.endswith(": DOR") for line in lines)


def test_differences_carry_their_interval_notes():
    df = pa.datasets.load("wine_predictions")
    df["same"] = df["knn"]
    d = df.agree.compare("cultivar", ["knn", "same"]).differences(["OSR", "KAPPA"], ci="linearized")
    assert any("zero width" in n for n in d.attrs["notes"])


@settings(max_examples=25, deadline=None)
@given(table=square_tables(min_k=2, max_k=5, low=0, high=40), extra_column=st.booleans(), fractional=st.booleans())
def test_multiclass_partials_equal_moving_every_cell(table, extra_column, fractional):
    """Each multiclass record's partials with respect to the table's summaries (its ``gradient``) give the
    variance found by moving every non-empty cell, on square tables and on tables with a label on one side
    only, with empty cells and ties. A kink (LAMBDA's maxima, KAPPA_MAX's minima) with tied counts has no
    gradient: there the two may differ, and such tables are left out."""
    t = table.to_numpy().astype(float)
    if extra_column:
        t = np.hstack([t, np.arange(t.shape[0])[:, None] % 3])
    if fractional:
        t = t * 1.37 + (t > 0) * 0.11
    if t.sum() == 0:
        return
    codes = [m.code for m in REGISTRY.values() if m.kind == "multiclass" and m.gradient is not None and m.default]
    value, se = _generic(t, "multiclass", codes, lambda out: out["value"].to_numpy())
    fast = lin(t, "multiclass", codes)["se"].to_numpy()
    r, c = t.sum(axis=1), t.sum(axis=0)
    matched = min(t.shape)

    def tied_at_max(x):  # within rounding of each other: the moved cells cross the kink
        return np.isclose(x, x.max(), rtol=1e-9, atol=0).sum() > 1

    tied = {
        "LAMBDA": tied_at_max(r) or tied_at_max(c) or any(tied_at_max(row) for row in t)
        or any(tied_at_max(col) for col in t.T),
        "KAPPA_MAX": bool(np.isclose(r[:matched], c[:matched], rtol=1e-9, atol=0).any()),
        "NIR": tied_at_max(r),
    }
    for code, v, s, g in zip(codes, value, se, fast, strict=True):
        # √ has no slope at 0, nor at a value that is 0 but for rounding
        if tied.get(code) or not np.isfinite(v) or (code == "CRAMERV" and v < 1e-12):
            continue
        assert np.isfinite(g) == np.isfinite(s), code
        if np.isfinite(s):
            assert g == pytest.approx(s, rel=1e-5, abs=1e-7), code


def test_table_products_by_blas_blocks_agree_with_the_sparse_product():
    """A table held dense and mostly non-empty is multiplied by BLAS in blocks of rows (or of columns, for a
    wide right-hand side); a sparse one, or a dense one mostly empty, by its CSR array: the same numbers."""
    from scipy import sparse

    from pandas_agree.inference.delta import BLAS_BLOCK, TableCells

    rng = np.random.default_rng(3)
    table = rng.integers(0, 5, (70, 90)).astype(float)
    for width in (3, 400, 4000):  # blocks of rows; one row a block; one row in blocks of columns
        x = rng.standard_normal((90, width))
        assert (90 * width > BLAS_BLOCK) == (width == 4000)
        found = TableCells(table).times(x)
        np.testing.assert_allclose(found, table @ x, rtol=1e-12, atol=1e-12)
        np.testing.assert_allclose(TableCells(sparse.csr_array(table)).times(x), found, rtol=1e-12, atol=1e-12)
    empty = np.zeros((70, 90))
    empty[5, 7] = 3.0
    np.testing.assert_allclose(TableCells(empty).times(x), empty @ x, rtol=1e-12, atol=1e-12)


def test_variances_of_the_averages_the_same_for_a_table_held_dense_or_sparse():
    """Σ n (R_i + C_j)² − (Σ n (R_i + C_j))²/N from the product of the table with C, dense or sparse, equal to
    the sum over the cells written out (under both sampling models)."""
    from scipy import sparse

    from pandas_agree.inference.delta import TableCells, parts_variance

    rng = np.random.default_rng(5)
    table = rng.integers(0, 9, (12, 12)).astype(float)
    row_part, col_part = rng.standard_normal((12, 4)), rng.standard_normal((12, 4))
    g = row_part[:, None, :] + col_part[None, :, :]  # (I, J, V)
    n = table[:, :, None]
    multinomial = (n * g * g).sum(axis=(0, 1)) - (n * g).sum(axis=(0, 1)) ** 2 / table.sum()
    by_row = (n * g).sum(axis=1)
    fixed = (n * g * g).sum(axis=(0, 1)) - (by_row ** 2 / table.sum(axis=1)[:, None]).sum(axis=0)
    for held in (table, sparse.csr_array(table)):
        np.testing.assert_allclose(parts_variance(TableCells(held), row_part, col_part), multinomial, rtol=1e-10)
        np.testing.assert_allclose(parts_variance(TableCells(held), row_part, col_part, design="fixed-reference"),
                                   fixed, rtol=1e-10)
