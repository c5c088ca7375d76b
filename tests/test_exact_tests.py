"""Exact and Monte Carlo tests: Fisher's exact test of r×c tables against R's fisher.test (FEXACT), its Monte Carlo
estimate against R's simulate.p.value, McNemar's corrected statistic against R's mcnemar.test, and bootstrap
p-values that are never 0.

R 4.x from Debian; the R call is beside each value (CI has no R)."""

import itertools

import numpy as np
import pandas as pd
import pytest
import scipy.special
from hypothesis import given, settings
from hypothesis import strategies as st

import pandas_agree as pa
from pandas_agree.inference import contingency
from pandas_agree.inference.bootstrap import summarise
from pandas_agree.inference.contingency import chi_square_tests
from pandas_agree.inference.estimates import IntervalOptions
from pandas_agree.inference.tests import paired_mcnemar

FISHER = "Fisher's Exact Test"

# vcd::MSPatients: the New Orleans and the Winnipeg patients, each rated by both neurologists (rows New Orleans,
# columns Winnipeg neurologist; Certain, Probable, Possible, Doubtful)
NEW_ORLEANS = np.array([[5, 3, 0, 0], [3, 11, 4, 0], [2, 13, 3, 4], [1, 2, 4, 14]])
WINNIPEG = np.array([[38, 5, 0, 1], [33, 11, 3, 0], [10, 14, 5, 6], [3, 7, 3, 10]])

# (table, R's p-value, the R call): R's fisher.test, whose r×c p-values are FEXACT's (Mehta & Patel's network
# algorithm); workspace = 2e8 where the default workspace is too small for the table
KNOWN = {
    "MSPatients New Orleans": (
        NEW_ORLEANS, 7.11674726933056e-07,
        'fisher.test(vcd::MSPatients[, , "New Orleans"], workspace = 2e8)$p.value'),
    # ?fisher.test's "Job satisfaction" example (Agresti 2002, p. 57): Job <- matrix(c(1,2,1,0, 3,3,6,1,
    # 10,10,14,9, 6,7,12,11), 4, 4); transposed here, which leaves Fisher's test as it is
    "Job satisfaction (?fisher.test)": (
        np.array([[1, 2, 1, 0], [3, 3, 6, 1], [10, 10, 14, 9], [6, 7, 12, 11]]), 0.782684938965693,
        "fisher.test(Job)$p.value"),
    # ?fisher.test's MP6, the 5×7 table of Mehta & Patel (1983)
    "MP6 (?fisher.test)": (
        np.array([[1, 2, 2, 1, 1, 0, 1], [2, 0, 0, 2, 3, 0, 0], [0, 1, 1, 1, 2, 7, 3], [1, 1, 2, 0, 0, 0, 1],
                  [0, 1, 1, 1, 1, 0, 0]]), 0.0392896436553332, "fisher.test(MP6)$p.value"),
    "vcd::JobSatisfaction, management × (supervisor, own)": (
        np.array([[103, 32, 87, 42], [59, 78, 109, 205]]), 6.09277234175977e-22,
        "fisher.test(xtabs(Freq ~ management + interaction(supervisor, own), data = JobSatisfaction))$p.value"),
    "vcd::JobSatisfaction, supervisor × (management, own)": (
        np.array([[103, 59, 87, 109], [32, 78, 42, 205]]), 7.62684480762638e-19,
        "fisher.test(xtabs(Freq ~ supervisor + interaction(management, own), data = JobSatisfaction))$p.value"),
    "Titanic Class × Survived": (
        np.array([[122, 203], [167, 118], [528, 178], [673, 212]]), 5.29111045714565e-39,
        "fisher.test(margin.table(Titanic, c(1, 4)))$p.value"),
    "Titanic Class × Sex": (
        np.array([[180, 145], [179, 106], [510, 196], [862, 23]]), 2.95312310595204e-89,
        "fisher.test(margin.table(Titanic, c(1, 2)))$p.value"),
    "Titanic Class × Age": (
        np.array([[6, 319], [24, 261], [79, 627], [0, 885]]), 1.48242202152543e-31,
        "fisher.test(margin.table(Titanic, c(1, 3)))$p.value"),
}

# 2×2 tables (scipy's hypergeometric test, as before): UCBAdmissions, one department each (Admit × Gender)
UCB = {"A": ([[512, 89], [313, 19]], 1.66918932838912e-05), "B": ([[353, 17], [207, 8]], 0.677089913722977),
       "C": ([[120, 202], [205, 391]], 0.386616575975129), "D": ([[138, 131], [279, 244]], 0.599496507961329),
       "E": ([[53, 94], [138, 299]], 0.360396431414691), "F": ([[22, 24], [351, 317]], 0.545840826900557)}


# --- Fisher's exact test of r×c tables ------------------------------------------------------------------------------

@pytest.mark.parametrize("name", list(KNOWN))
def test_fisher_rxc_equals_r(name):
    """R's FEXACT merges path lengths within 3.45e-7 on the log scale; the two agree within 1e-9 (relative). The
    supervisor table has a table 2e-7 more probable than the observed one, which FEXACT's tolerance counts: with
    scipy's 1e-7 the p-value would be 7.626278e-19, 7e-5 below R's (an enumeration gives both)."""
    table, expected, _call = KNOWN[name]
    p, work = contingency.fisher_exact_rxc(table)
    assert p == pytest.approx(expected, rel=1e-9, abs=0)
    assert 0 < work <= contingency.EXACT_WORK
    assert contingency.fisher_exact_rxc(table.T)[0] == pytest.approx(expected, rel=1e-9, abs=0)


def test_chi_square_tests_give_the_exact_r_x_c_test():
    """The defect: a Monte Carlo p of 0 (SE 0, 99% interval [0, 0]) where the exact p is 7.1e-7."""
    res = pa.Agreement.from_table(NEW_ORLEANS).crosstab_statistics(["chisq"])["Chi-Square Tests"]
    fisher = res.loc[FISHER]
    # R: fisher.test(vcd::MSPatients[, , "New Orleans"], workspace = 2e8)$p.value
    assert fisher["exact_2sided"] == pytest.approx(7.11674726933056e-07, rel=1e-9, abs=0)
    assert fisher["note"].startswith("exact (network algorithm")
    assert res.attrs["monte_carlo"] is None and res.attrs["exact_work"] > 0


@pytest.mark.slow
def test_fisher_rxc_winnipeg_equals_r():
    """13.4 million partial tables, beyond the default bound (0.85 s of CPU on the development machine; R's takes
    5.4 s with workspace = 2e7, and fails with its default workspace)."""
    assert contingency.fisher_exact_rxc(WINNIPEG) is None
    p, work = contingency.fisher_exact_rxc(WINNIPEG, max_work=20_000_000)
    # R: fisher.test(vcd::MSPatients[, , "Winnipeg"], workspace = 2e8)$p.value
    assert p == pytest.approx(1.1406565539904e-11, rel=1e-8, abs=0)
    assert contingency.EXACT_WORK < work <= 20_000_000


@pytest.mark.parametrize("dept", list(UCB))
def test_fisher_2x2_ucb_admissions_equals_r(dept):
    table, expected = UCB[dept]  # R: fisher.test(UCBAdmissions[, , dept])$p.value
    res = chi_square_tests(np.array(table, dtype=float))
    assert res.loc[FISHER, "exact_2sided"] == pytest.approx(expected, rel=1e-12, abs=0)


def _enumerated(table: np.ndarray) -> float:
    """Fisher's p by listing every table with the margins (a small table's cells, row by row)."""
    rows, cols = table.sum(axis=1), table.sum(axis=0)
    n = int(table.sum())

    def log_p(t):
        return float(scipy.special.gammaln(rows + 1).sum() + scipy.special.gammaln(cols + 1).sum()
                     - scipy.special.gammaln(n + 1) - scipy.special.gammaln(np.asarray(t) + 1).sum())

    observed = log_p(table)
    total = 0.0

    def fill(i, left_cols, cells):
        nonlocal total
        if i == len(rows) - 1:
            t = np.array([*cells, left_cols])
            if log_p(t) <= observed + 3.45254e-7:  # R's FEXACT's tolerance
                total += np.exp(log_p(t))
            return
        for row in itertools.product(*(range(min(int(c), int(rows[i])) + 1) for c in left_cols)):
            if sum(row) == rows[i]:
                fill(i + 1, left_cols - np.array(row), [*cells, row])

    fill(0, cols.copy(), [])
    return total


@settings(max_examples=40, deadline=None)
@given(st.tuples(st.integers(2, 3), st.integers(2, 4)).flatmap(
    lambda s: st.lists(st.integers(0, 3), min_size=s[0] * s[1], max_size=s[0] * s[1]).map(
        lambda v: np.array(v).reshape(s))))
def test_fisher_rxc_equals_enumeration(table):
    """Small tables, many of whose tables tie with the observed one: every tie counts, as in the enumeration."""
    kept = table[table.sum(axis=1) > 0][:, table.sum(axis=0) > 0]
    if min(kept.shape, default=0) < 2:
        assert contingency.fisher_exact_rxc(table) == (1.0, 0)
        return
    assert contingency.fisher_exact_rxc(table)[0] == pytest.approx(_enumerated(kept), rel=1e-10, abs=0)


def test_fisher_rxc_stops_at_its_bound():
    assert contingency.fisher_exact_rxc(NEW_ORLEANS, max_work=1000) is None
    with pytest.raises(ValueError, match="whole, non-negative counts"):
        contingency.fisher_exact_rxc([[1.5, 2], [3, 4]])


def test_beyond_the_bound_the_monte_carlo_p_is_never_0():
    """R: set.seed(1); fisher.test(vcd::MSPatients[, , "New Orleans"], simulate.p.value = TRUE, B = 10000)$p.value
    gives 9.999e-05 = 1/10001 (no drawn table is as improbable as the observed one); the 99% Clopper–Pearson
    interval of 0 of 10000 is binom.test(0, 10000, conf.level = 0.99)$conf.int = [0, 0.000529691400606145]."""
    res = chi_square_tests(NEW_ORLEANS, random_state=0, exact_work=0)
    mc = res.attrs["monte_carlo"]
    assert mc["count"] == 0 and mc["tables"] == 10_000
    assert mc["pvalue"] == res.loc[FISHER, "exact_2sided"] == 1 / 10_001
    assert (mc["lower"], mc["interval"]) == (0.0, "Clopper–Pearson")
    assert mc["upper"] == pytest.approx(0.000529691400606145, rel=1e-12, abs=0)
    assert mc["lower"] <= 7.11674726933056e-07 <= mc["upper"]  # the exact p is inside
    assert mc["se"] > 0 and "Monte Carlo" in res.loc[FISHER, "note"]


def test_monte_carlo_interval_is_clopper_pearson():
    from scipy import stats

    mc = contingency._monte_carlo(np.array([[3, 1, 4], [1, 5, 0], [2, 1, 5]]), 10_000, 0)
    assert mc["pvalue"] == (1 + mc["count"]) / 10_001
    ci = stats.binomtest(mc["count"], 10_000).proportion_ci(0.99, method="exact")
    assert (mc["lower"], mc["upper"]) == pytest.approx((ci.low, ci.high), rel=1e-9, abs=0)
    assert mc["lower"] <= contingency.fisher_exact_rxc([[3, 1, 4], [1, 5, 0], [2, 1, 5]])[0] <= mc["upper"]


def test_exact_work_is_checked():
    with pytest.raises(ValueError, match="exact_work"):
        chi_square_tests(NEW_ORLEANS, exact_work=-1)


# --- McNemar's corrected statistic ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("b", "c", "statistic", "pvalue"), [
    (1, 1, 0.0, 1.0),  # R: mcnemar.test(matrix(c(3, 1, 1, 3), 2)): McNemar's chi-squared = 0, p-value = 1
    (2, 1, 0.0, 1.0),  # R: mcnemar.test(matrix(c(3, 1, 2, 3), 2)): 0, 1 (with continuity correction)
    (13, 13, 0.0, 1.0),  # R: mcnemar.test(matrix(c(5, 13, 13, 5), 2)): 0, 1
    (150, 86, 16.8177966102, 4.11456228135e-05),  # R: mcnemar.test(matrix(c(0, 86, 150, 0), 2))
])
def test_mcnemar_corrects_as_r(b, c, statistic, pvalue):
    from pandas_agree.inference.tests import mcnemar

    got = mcnemar(b, c, exact=False)
    assert got == pytest.approx((statistic, pvalue), rel=1e-10, abs=1e-15)


def test_mcnemar_rows_of_tests_and_of_crosstab_statistics():
    ag = pa.Agreement.from_table(np.array([[3.0, 1], [1, 3]]))
    tests = ag.tests()
    # R: mcnemar.test(matrix(c(3, 1, 1, 3), 2)): 0 and 1; binom.test(1, 2)$p.value: 1
    assert tests.loc["MCNEMAR", ["statistic", "pvalue"]].tolist() == [0.0, 1.0]
    assert tests.loc["MCNEMAR_EXACT", "pvalue"] == 1.0
    chi = ag.crosstab_statistics(["mcnemar"])["Chi-Square Tests"]
    assert chi.loc["McNemar Test", "exact_2sided"] == 1.0  # SPSS: the exact binomial test of a 2×2 table


def test_comparison_mcnemar_per_pair_with_equal_discordant_counts():
    """26 discordant objects (the χ² form from 25): 13 only a gets right and 13 only b; R: 0 and p = 1."""
    truth = np.array(["x"] * 40 + ["y"] * 40)
    a, b = truth.copy(), truth.copy()
    a[:13] = "y"  # b right, a wrong
    b[40:53] = "x"  # a right, b wrong
    df = pd.DataFrame({"truth": truth, "a": a, "b": b})
    row = df.agree.compare("truth", ["a", "b"]).tests().loc[("MCNEMAR", "a vs b", "(all)")]
    assert (row["statistic"], row["pvalue"]) == (0.0, 1.0)
    assert paired_mcnemar(13, 13)[:3] == [0.0, 1.0, 1.0]


# --- bootstrap p-values -------------------------------------------------------------------------------------------

def test_bootstrap_pvalue_is_never_0():
    """Every resampled difference above 0: 2 (1 + 0)/(B + 1), as a Monte Carlo p-value (Davison & Hinkley 1997)."""
    boot = np.linspace(0.1, 0.5, 99)[:, None]
    summary = summarise(np.array([0.3]), boot, IntervalOptions("bootstrap", n_resamples=99))
    assert summary.pvalue[0] == pytest.approx(2 / 100)
    half = np.concatenate([boot, -boot])
    assert summarise(np.array([0.0]), half, IntervalOptions("bootstrap")).pvalue[0] == 1.0
    assert np.isnan(summarise(np.array([0.3]), np.full((5, 1), np.nan), IntervalOptions("bootstrap")).pvalue[0])


def test_comparison_bootstrap_pvalue_has_the_floor():
    rng = np.random.default_rng(4)
    truth = rng.integers(0, 3, 600)
    good = np.where(rng.random(600) < 0.95, truth, (truth + 1) % 3)
    poor = np.where(rng.random(600) < 0.55, truth, (truth + 1) % 3)
    df = pd.DataFrame({"truth": truth, "good": good, "poor": poor})
    d = df.agree.compare("truth", ["good", "poor"]).differences(["OSR"], ci="bootstrap", n_resamples=199,
                                                                random_state=0)
    assert d.iloc[0][("OSR", "pvalue")] == pytest.approx(2 / 200)
