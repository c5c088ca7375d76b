"""Intervals at the edges: Cramér's V near 0 (the noncentral χ² interval, against R's effectsize and statpsych),
the maximum kappa near 1 (the identity scale and the kinks of its margins), and the Risk Estimate of labels that
print alike.

R 4.x from Debian with effectsize 0.8.3; the R call is beside each value (CI has no R)."""

import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pandas_agree as pa
from pandas_agree.inference.contingency import risk_estimate

Z = 1.959963984540054

HAIR_EYE = np.array([[68, 20, 15, 5], [119, 84, 54, 29], [26, 17, 14, 14], [7, 94, 10, 16]])  # HairEyeColor summed
NEAR_INDEPENDENT = np.array([[30, 31, 29], [30, 29, 31], [31, 30, 30]])

# effectsize::cramers_v(m, adjust = FALSE, alternative = "two.sided"): V, CI_low, CI_high
CRAMER = {
    "HairEyeColor": (HAIR_EYE, 0.2790446233, 0.2235269947, 0.3179880993),  # m = margin.table(HairEyeColor, 1:2)
    "2x2 near independence": (np.array([[10, 10], [10, 11]]), 0.0238095238, 0.0, 0.2785494970),
    "3x3 agreement": (np.array([[20, 5, 3], [4, 30, 2], [3, 3, 25]]), 0.6825709370, 0.5272276421, 0.8141673069),
    "MSPatients New Orleans": (np.array([[5, 3, 0, 0], [3, 11, 4, 0], [2, 13, 3, 4], [1, 2, 4, 14]]), 0.4613893773,
                               0.2710477745, 0.5595092704),
    "MSPatients Winnipeg": (np.array([[38, 5, 0, 1], [33, 11, 3, 0], [10, 14, 5, 6], [3, 7, 3, 10]]), 0.3806045797,
                            0.2595465749, 0.4516994357),
}


def _multiclass(table, codes, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # few shared labels, and the like: not what these tests look at
        return pa.Agreement.from_table(np.asarray(table, dtype=float)).multiclass(codes, **kw)


# --- Cramér's V -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", list(CRAMER))
def test_cramer_v_interval_equals_effectsize(name):
    """effectsize's ends are uniroot's, up to 4e-7 from the root (HairEyeColor: R's pchisq(138.28984163, 9,
    ncp = 0.2235269947^2 * 592 * 3) is 0.975 + 5.2e-8); ours leave the noncentral χ² within 1e-9 of its level."""
    from scipy import special

    table, value, lower, upper = CRAMER[name]
    row = _multiclass(table, ["CRAMERV"], ci="auto").loc["CRAMERV"]
    assert row[["value", "lower", "upper"]].astype(float).tolist() == pytest.approx([value, lower, upper], abs=1e-6)
    assert row["method"].startswith("noncentral χ² inversion")
    assert row["se"] == pytest.approx((row["upper"] - row["lower"]) / (2 * Z), rel=1e-12)
    x2, n = (value**2 * table.sum() * (min(table.shape) - 1)), table.sum()
    df = (table.shape[0] - 1) * (table.shape[1] - 1)
    for end, level in ((row["lower"], 0.975), (row["upper"], 0.025)):
        if end > 0:
            assert special.chndtr(x2, df, end**2 * n * (min(table.shape) - 1)) == pytest.approx(level, abs=1e-9)


def test_cramer_v_interval_equals_statpsych():
    """statpsych's documented example: ci.cramer(.05, 19.21, 2, 3, 200) gives SE 0.0718, LL 0.1601, UL 0.4417."""
    from pandas_agree.inference.association import noncentral_v_interval

    lower, upper, degenerate = noncentral_v_interval(19.21, 2, 200, 1)
    assert (round(lower, 4), round(upper, 4), round((upper - lower) / (2 * Z), 4)) == (0.1601, 0.4417, 0.0718)
    assert not degenerate


@settings(max_examples=60, deadline=None)
@given(df=st.integers(100, 200_000), share=st.floats(0.5, 3.0), level=st.sampled_from([0.9, 0.95, 0.99]))
def test_noncentrality_of_many_degrees_of_freedom_equals_chndtrinc(df, share, level):
    """From 100 df on, the ends of the noncentrality's interval are found by the secant method from the
    Cornish–Fisher quantile (a few evaluations of chndtr where chndtrinc's search takes many): λ solves
    chndtr(x², df, λ) = p to 1e-9, and is chndtrinc's λ (to 1e-12 relative with SciPy's Boost functions, 1e-8 with
    the older cdflib ones of SciPy 1.11, whose search stops sooner), 0 where chndtrinc's end is 0 too."""
    from scipy import special

    from pandas_agree.inference.association import noncentrality_interval

    x2 = df * share + 40 * np.sqrt(df) * (share - 0.5)  # from below the central quantiles to λ of many df
    lower, upper, degenerate = noncentrality_interval(x2, df, level)
    at_zero = special.chndtr(x2, df, 0.0)
    for found, p in ((lower, 1 - (1 - level) / 2), (upper, (1 - level) / 2)):
        expected = float(special.chndtrinc(x2, df, p)) if at_zero > p else 0.0
        assert found == pytest.approx(expected, rel=1e-8, abs=1e-9)
        if expected > 0:
            assert float(special.chndtr(x2, df, found)) == pytest.approx(p, abs=1e-9)
    assert degenerate == (at_zero <= (1 - level) / 2)


def test_cramer_v_near_0_is_not_the_delta_method():
    """The defect: V = 0.024 of a table near independence had the logit-scale Wald interval [0.00000005, 0.9999]."""
    row = _multiclass([[10, 10], [10, 11]], ["CRAMERV"], ci="auto").loc["CRAMERV"]
    assert row["lower"] == 0.0 and row["upper"] < 0.3


def test_cramer_v_degenerate_interval_says_so():
    """X² = 0.148 on 4 df is below the central χ²'s 2.5% quantile: effectsize gives [0, 0] too
    (cramers_v(m, adjust = FALSE, alternative = "two.sided")); the old logit interval was [0.0001, 0.75]."""
    out = _multiclass(NEAR_INDEPENDENT, ["CRAMERV"], ci="auto")
    row = out.loc["CRAMERV"]
    assert row["value"] == pytest.approx(0.0165453550, abs=1e-9)
    assert (row["lower"], row["upper"]) == (0.0, 0.0)
    assert row["method"].endswith(", degenerate")
    notes = out.attrs["notes"]
    assert any(note.startswith("CRAMERV's interval is [0, 0]") for note in notes)
    assert not any("leaves out its estimate: the resampled values" in note for note in notes)


def test_noncentral_interval_below_the_value_says_why():
    """ANES 1996 (statsmodels' anes96), education × party identification: X² = 38.80 on 36 df, near its df, so the
    interval of the population's V lies below V = √(X²/(N(m − 1))), which takes all of X² as association. A note
    says why (once for PHI, CC and CRAMERV); it is not the bootstrap's note on resampled values."""
    from statsmodels.datasets import anes96

    data = anes96.load_pandas().data
    ct = data.agree.crosstabs("educ", "PID")
    out = ct.measures(["PHI", "CC", "CRAMERV"], ci="auto")
    # R: x <- the 7 × 7 table; x2 <- chisq.test(x)$statistic (38.7997148040884);
    # u <- uniroot(function(l) pchisq(x2, 36, ncp = l) - 0.025, c(0, 200), tol = 1e-12)$root (26.3485719464);
    # sqrt(u / (944 * 6)) = 0.0682051107868; sqrt(x2 / (944 * 6)) = 0.0827661291441
    assert out.loc["CRAMERV", "value"] == pytest.approx(0.0827661291441, rel=1e-10)
    assert out.loc["CRAMERV", "upper"] == pytest.approx(0.0682051107868, rel=1e-8)
    assert (out["upper"] < out["value"]).all()
    notes = out.attrs["notes"]
    below = [note for note in notes if "lies below its value here: X² = 38.8 on 36 df" in note]
    assert len(below) == 1
    assert not any("resampled values" in note for note in notes)
    report = data.assign(educ=data["educ"].astype(int), PID=data["PID"].astype(int) + 1).agree.report(
        "educ", "PID", measures=["CRAMERV", "KAPPA"])
    assert any("lies below its value here" in note for note in report.notes)
    assert not any("CRAMERV leaves out its estimate" in note for note in report.notes)


def test_cramer_v_of_a_constant_variable_is_undefined():
    out = _multiclass([[5, 3], [0, 0]], ["CRAMERV"], ci="auto")
    assert np.isnan(out.loc["CRAMERV", ["value", "lower", "upper"]].astype(float)).all()


# --- the maximum kappa ------------------------------------------------------------------------------------------

def test_kappa_max_near_1_has_an_informative_interval():
    """The defect: KAPPA_MAX 0.994 of a table of nearly equal margins had the Fisher-z interval [−0.99999, 1]."""
    out = _multiclass(NEAR_INDEPENDENT, ["KAPPA_MAX"], ci="auto")
    row = out.loc["KAPPA_MAX"]
    pe = (90 * 91 + 90 * 90 + 91 * 90) / 271**2
    assert row["value"] == pytest.approx((270 / 271 - pe) / (1 - pe), rel=1e-12)
    assert 0.8 < row["lower"] < row["value"] and row["upper"] == 1.0
    assert row["method"].startswith("linearised (identity scale)")
    assert any(note.startswith("KAPPA_MAX = 1 − T/(1 − Pe)") for note in out.attrs["notes"])


def test_kappa_max_of_equal_margins_has_a_width():
    """[[3, 1], [1, 3]]: KAPPA_MAX = 1 had SE 0 and the interval [1, 1]. With the kink of |b − c| at b = c, the SE
    is that of (b − c)/N over 1 − Pe: √(b + c)/N / (1 − Pe) = √2/8/0.5."""
    out = _multiclass([[3, 1], [1, 3]], ["KAPPA_MAX"], ci="auto")
    row = out.loc["KAPPA_MAX"]
    se = np.sqrt(2) / 8 / 0.5
    assert (row["value"], row["se"]) == pytest.approx((1.0, se), rel=1e-12)
    assert (row["lower"], row["upper"]) == pytest.approx((1 - Z * se, 1.0), rel=1e-12)
    assert any("equal margins" in note for note in out.attrs["notes"])


def test_kappa_max_far_from_its_kinks_is_the_wald_interval():
    """Margins that differ clearly: the delta method on the identity scale, value ± z·SE."""
    table = np.array([[50, 30, 15], [2, 20, 3], [1, 2, 10]])
    row = _multiclass(table, ["KAPPA_MAX"], ci="auto").loc["KAPPA_MAX"]
    linearised = _multiclass(table, ["KAPPA_MAX"], ci="linearized").loc["KAPPA_MAX"]
    assert row["se"] == pytest.approx(linearised["se"], rel=1e-6)
    assert (row["lower"], row["upper"]) == pytest.approx((row["value"] - Z * row["se"], row["value"] + Z * row["se"]),
                                                         rel=1e-12)
    assert linearised["method"] == "linearised (identity scale)"


def test_kappa_max_interval_under_fixed_reference_design():
    table = np.array([[50, 30, 15], [2, 20, 3], [1, 2, 10]])
    free = _multiclass(table, ["KAPPA_MAX"], ci="auto").loc["KAPPA_MAX"]
    fixed = _multiclass(table, ["KAPPA_MAX"], ci="auto", resampling="fixed-reference").loc["KAPPA_MAX"]
    assert fixed["value"] == free["value"] and fixed["se"] < free["se"]


@pytest.mark.slow
def test_kappa_max_and_cramer_v_cover():
    """Equal margins (KAPPA_MAX = 1) over three labels and independence (V = 0), N = 200, 400 tables each: 0.958
    and 0.973 (the Fisher-z interval of KAPPA_MAX covered 0.004 and the logit interval of V never reaches 0)."""
    rng = np.random.default_rng(11)
    agreement = np.full((3, 3), 0.4 / 6)
    np.fill_diagonal(agreement, 0.2)
    independent = np.outer([0.5, 0.3, 0.2], [0.4, 0.4, 0.2])
    hits = {"KAPPA_MAX": 0, "CRAMERV": 0}
    for _ in range(400):
        kappa = _multiclass(rng.multinomial(200, agreement.ravel()).reshape(3, 3), ["KAPPA_MAX"], ci="auto")
        hits["KAPPA_MAX"] += kappa.loc["KAPPA_MAX", "upper"] == 1.0
        v = _multiclass(rng.multinomial(200, independent.ravel()).reshape(3, 3), ["CRAMERV"], ci="auto")
        hits["CRAMERV"] += v.loc["CRAMERV", "lower"] == 0.0
    assert hits["KAPPA_MAX"] / 400 >= 0.92 and hits["CRAMERV"] / 400 >= 0.92


# --- labels that print alike -----------------------------------------------------------------------------------

def _alike() -> pd.DataFrame:
    return pd.DataFrame({"a": [1] * 10 + ["1"] * 8, "p": [1] * 6 + ["1"] * 4 + [1] * 3 + ["1"] * 5})


def test_risk_estimate_of_labels_that_print_alike():
    """1 and "1": the titles were "For cohort p = 1" twice, and the report's lookup of a title failed ("The truth
    value of a Series is ambiguous")."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ag = _alike().agree("a", "p")
        risk = ag.crosstab_statistics("risk")["Risk Estimate"]
        assert risk.index.is_unique
        assert list(risk.index) == ["Odds Ratio for a (1 / '1')", "For cohort p = 1", "For cohort p = '1'",
                                    "N of Valid Cases"]
        assert risk["value"].iloc[:3].tolist() == pytest.approx([6 * 5 / (4 * 3), (6 / 10) / (3 / 8),
                                                                 (4 / 10) / (5 / 8)])
        for statistics in ("risk", "all"):
            text = str(ag.report(statistics=statistics))
            assert "For cohort p = '1'" in text


def test_risk_titles_stay_distinct_whatever_the_labels():
    t = pd.DataFrame([[3, 1], [2, 4]], index=pd.Index([1, "1"], name="x"), columns=pd.Index(["b", "b "], name="y"))
    assert risk_estimate(t).index.is_unique
    plain = risk_estimate(pd.DataFrame([[3, 1], [2, 4]], index=["u", "v"], columns=["b", "c"]))
    assert list(plain.index[:3]) == ["Odds Ratio for row (u / v)", "For cohort column = b", "For cohort column = c"]



def test_corrected_log_ratio_beside_wald_reads_each_its_own_counts():
    """With correction=0.5, LRP's log-method interval is that of the corrected counts of each class (0.5 added to
    the four cells of a class whose 2×2 has a zero), while YOUD's Wald SE (outside the odds-ratio family) reads the
    counts as they are: the proportion both read (REC) is not taken from one set of counts for the other.
    Reference: Simel, Samsa & Matchar (1991), SE of log(p1/p2) = √(1/x1 − 1/n1 + 1/x2 − 1/n2); the Wald SE
    √(Σ p(1 − p)/n); written out here with scipy's normal quantile."""
    from scipy.stats import norm

    table = np.array([[8.0, 0, 0], [1, 9, 3], [2, 4, 7]])  # class "a": b = 0, corrected for LRP only
    out = pa.Agreement.from_table(pd.DataFrame(table, index=list("abc"), columns=list("abc"))).binary(
        ["YOUD", "LRP"], ci="auto", correction=0.5)
    z = norm.ppf(0.975)
    n = table.sum()
    corrected_somewhere = False
    for k, label in enumerate("abc"):
        a = table[k, k]
        b, c = table[k].sum() - a, table[:, k].sum() - a
        d = n - a - b - c
        rec, spe = a / (a + b), d / (c + d)
        youd_se = np.sqrt(rec * (1 - rec) / (a + b) + spe * (1 - spe) / (c + d))
        assert out.loc[label, ("YOUD", "se")] == pytest.approx(youd_se, rel=1e-12)
        if min(a, b, c, d) == 0:
            a, b, c, d = a + 0.5, b + 0.5, c + 0.5, d + 0.5
            corrected_somewhere = True
        lrp = (a / (a + b)) / (c / (c + d))
        log_se = np.sqrt(1 / a - 1 / (a + b) + 1 / c - 1 / (c + d))
        assert out.loc[label, ("LRP", "value")] == pytest.approx(lrp, rel=1e-12)
        assert out.loc[label, ("LRP", "lower")] == pytest.approx(lrp * np.exp(-z * log_se), rel=1e-12)
        assert out.loc[label, ("LRP", "upper")] == pytest.approx(lrp * np.exp(z * log_se), rel=1e-12)
    assert corrected_somewhere
