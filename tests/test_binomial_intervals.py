"""The binomial intervals, the beta quantiles and the binomial distribution behind them are statsmodels' and
scipy.stats' values (statsmodels' ``proportion_confint`` is the reference: the same numbers, edges included),
computed from ``scipy.special`` so that a report does not import scipy.stats or statsmodels."""

import subprocess
import sys
import warnings
from fractions import Fraction
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import special, stats
from statsmodels.stats.contingency_tables import mcnemar as statsmodels_mcnemar
from statsmodels.stats.proportion import proportion_confint

import pandas_agree as pa
from pandas_agree.base.options import BINOMIAL_CI
from pandas_agree.inference.analytic import binomial_interval
from pandas_agree.inference.distributions import beta_isf, beta_ppf, binomial_cdf
from pandas_agree.inference.estimates import BINOMIAL_METHODS
from pandas_agree.inference.tests import mcnemar, paired_mcnemar

LEVELS = (0.5, 0.8, 0.9, 0.95, 0.99, 0.999)
# SciPy before 1.12 has neither betainccinv nor betaincc: there the quantiles are scipy.stats' own (the same
# numbers) and the binomial tail comes from betainc at 1 − p (within 1e-12 of the exact sum)
NEW_SCIPY = hasattr(special, "betaincc")


def _grid(top: int = 60) -> tuple[np.ndarray, np.ndarray]:
    """Every x from 0 to n for n from 0 to ``top``, and the ends and middle of a few large n."""
    n = np.repeat(np.arange(top + 1), top + 1).astype(float)
    x = np.tile(np.arange(top + 1), top + 1).astype(float)
    keep = x <= n
    large = np.array([1e3, 1e4, 1e6, 1e9])
    ends = np.concatenate([np.zeros(4), np.ones(4), large / 2, large - 1, large])
    return np.concatenate([x[keep], ends]), np.concatenate([n[keep], np.tile(large, 5)])


def _statsmodels(x, n, level: float, method: str) -> tuple[np.ndarray, np.ndarray]:
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")  # 0/0 at n = 0
        lower, upper = proportion_confint(x, n, alpha=1 - level, method=BINOMIAL_METHODS[method])
    if method == "wilson":  # statsmodels clips Wilson's interval to [0, 1] since 0.14.1 (rounding left -1e-18)
        lower, upper = np.clip(lower, 0, 1), np.clip(upper, 0, 1)
    return np.asarray(lower, float), np.asarray(upper, float)


def _same(ours, theirs, rtol: float) -> None:
    np.testing.assert_allclose(ours, theirs, rtol=rtol, atol=0, equal_nan=True)


@pytest.mark.parametrize("method", BINOMIAL_CI)
@pytest.mark.parametrize("level", LEVELS)
def test_every_method_is_statsmodels_on_a_grid_with_its_edges(method, level):
    # x = 0, x = n and n = 0 included: statsmodels' conventions there (0 and 1 for Clopper-Pearson's ends, the
    # prior's interval for Jeffreys at n = 0, [0, 1] for Agresti-Coull at n = 0, NaN for the others at n = 0)
    x, n = _grid()
    lower, upper = binomial_interval(x, n, level, method)
    sm_lower, sm_upper = _statsmodels(x, n, level, method)
    # the same operations: equal, but for statsmodels' older versions (Jeffreys' upper end as a ppf, in 0.14.0)
    _same(lower, sm_lower, 1e-13)
    _same(upper, sm_upper, 1e-13)
    at_zero = n == 0
    assert np.isnan(lower[at_zero]).all() == (method in ("wilson", "normal", "clopper-pearson"))


def test_the_edges_by_name():
    lower, upper = binomial_interval([0, 10, 0], [10, 10, 0], 0.95, "clopper-pearson")
    assert lower[0] == 0 and upper[1] == 1 and np.isnan(lower[2]) and np.isnan(upper[2])
    assert upper[0] == pytest.approx(1 - 0.025 ** (1 / 10), rel=1e-15)  # B(0.975; 1, 10) in closed form
    assert lower[1] == pytest.approx(0.025 ** (1 / 10), rel=1e-15)
    jeffreys = binomial_interval([0, 0], [10, 0], 0.95, "jeffreys")
    assert 0 < jeffreys[0][0] < 1e-4  # not set to 0, as statsmodels leaves it
    assert jeffreys[0][1] == pytest.approx(stats.beta.ppf(0.025, 0.5, 0.5), rel=1e-14)  # the prior at n = 0
    assert binomial_interval(0, 0, 0.95, "agresti-coull") == pytest.approx((0.0, 1.0), abs=1e-15)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # n = 0 gives NaN without a RuntimeWarning
        assert np.isnan(binomial_interval(0, 0, 0.95, "wilson")).all()


# R's binom package (as statsmodels' tests/results/results_proportion.py records it):
# > binom.confint(x = 18, n = 20, tol = 1e-8) and binom.confint(x = 4, n = 200, tol = 1e-8), methods
# "agresti-coull", "asymptotic" (unclipped in R), "bayes" (Jeffreys' prior), "exact" (Clopper-Pearson), "wilson"
R_BINOM = {
    (18, 20): {"agresti-coull": (0.6867561125596077, 0.984343760998137),
               "normal": (0.768521618913513, 1.031478381086487),
               "jeffreys": (0.716146742695748, 0.97862751197755),
               "clopper-pearson": (0.6830172859809176, 0.9876514728297052),
               "wilson": (0.6989663547715128, 0.972133518786232)},
    (4, 200): {"agresti-coull": (0.005991954548218395, 0.0520995587739575),
               "normal": (0.000597346459104517, 0.0394026535408955),
               "jeffreys": (0.00678759879519299, 0.0468465669668423),
               "clopper-pearson": (0.005475565879556443, 0.05041360908989634),
               "wilson": (0.00780442641634947, 0.05028708690582643)},
}


@pytest.mark.parametrize("case", list(R_BINOM))
@pytest.mark.parametrize("method", BINOMIAL_CI)
def test_known_answers_of_r_binom(case, method):
    lower, upper = binomial_interval(*case, 0.95, method)
    r_lower, r_upper = R_BINOM[case][method]
    # R's values to 1e-8 (its tol for Jeffreys' quantiles), the others to the last digits; the normal one clipped
    assert lower == pytest.approx(r_lower, rel=1e-12 if method != "jeffreys" else 1e-8)
    assert upper == pytest.approx(min(r_upper, 1.0), rel=1e-12 if method != "jeffreys" else 1e-8)


@settings(max_examples=300, deadline=None)
@given(n=st.floats(1e-3, 1e8), share=st.one_of(st.just(0.0), st.floats(1e-6, 1)), level=st.floats(0.5, 0.9999),
       method=st.sampled_from(BINOMIAL_CI), whole=st.booleans())
def test_equal_to_statsmodels_for_any_counts(n, share, level, method, whole):
    # weighted counts need not be integers
    if whole:
        n = float(np.ceil(n))
        x = float(np.floor(share * n))
    else:
        x = share * n
    lower, upper = binomial_interval(x, n, level, method)
    sm_lower, sm_upper = _statsmodels(x, n, level, method)
    _same(lower, sm_lower, 1e-12)
    _same(upper, sm_upper, 1e-12)
    if method != "jeffreys":  # Jeffreys' ends are quantiles of a posterior: at x = 0 its lower end is above 0
        assert 0 <= lower <= x / n + 1e-15 and x / n - 1e-15 <= upper <= 1


def test_vectorised_and_broadcast():
    x = np.arange(12.0).reshape(3, 4)
    lower, upper = binomial_interval(x, 20.0, 0.9, "jeffreys")
    assert lower.shape == upper.shape == (3, 4)
    single = [binomial_interval(v, 20.0, 0.9, "jeffreys") for v in x.ravel()]
    assert np.array_equal(lower.ravel(), [s[0] for s in single])


def test_bad_arguments_name_what_is_allowed():
    with pytest.raises(ValueError, match=r"method must be one of \('wilson', 'clopper-pearson'"):
        binomial_interval(1, 2, 0.95, "beta")
    with pytest.raises(ValueError, match="confidence_level must be a number strictly between 0 and 1"):
        binomial_interval(1, 2, 1.0)


def test_report_intervals_keep_the_library_edges():
    # on top of statsmodels' conventions: 0 and 1 at x = 0 and x = n for every method, NaN at n = 0
    table = np.array([[5.0, 0.0], [3.0, 0.0]])  # REC: 5 of 5, 0 of 3; PRE of the second class: 0 of 0
    for method in BINOMIAL_CI:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", pa.UndefinedMeasureWarning)
            b = pa.Agreement.from_table(table).binary(["REC", "PRE"], ci=method)
        assert b[("REC", "upper")].iloc[0] == 1.0 and b[("REC", "lower")].iloc[1] == 0.0
        assert np.isnan(b[("PRE", "lower")].iloc[1]) and np.isnan(b[("PRE", "upper")].iloc[1])


# --- the beta quantiles and the binomial distribution -----------------------------------------------------------

Q = np.array([-0.1, 0.0, 1e-6, 0.0005, 0.025, 0.5, 0.975, 1.0, 1.1, np.nan])
SHAPES = np.array([-1.0, 0.0, 1e-3, 0.5, 1.0, 3.0, 1e3, 1e6, np.inf, np.nan])


@pytest.mark.parametrize(("ours", "theirs"), [(beta_ppf, stats.beta.ppf), (beta_isf, stats.beta.isf)])
def test_beta_quantiles_are_scipy_stats_on_a_grid_of_edges(ours, theirs):
    q, a, b = np.meshgrid(Q, SHAPES, SHAPES)
    both_infinite = np.isinf(a) & np.isinf(b)
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        # inside (0, 1) SciPy from 1.16 answers NaN where both shapes are infinite, and SciPy 1.15 (the newest for
        # Python 3.10) raises an OverflowError: there the newer answer, elsewhere this SciPy's
        inner = both_infinite & (q > 0) & (q < 1)
        expected = np.where(inner, np.nan, theirs(q, np.where(inner, 1.0, a), b))
        got = ours(q, a, b)
    _same(got, expected, 1e-13)
    assert np.isnan(got[inner]).all()


@settings(max_examples=300, deadline=None)
@given(q=st.floats(1e-6, 1 - 1e-6), a=st.floats(1e-2, 1e7), b=st.floats(1e-2, 1e7))
def test_beta_quantiles_equal_scipy_stats(q, a, b):
    _same(beta_ppf(q, a, b), stats.beta.ppf(q, a, b), 1e-12)
    _same(beta_isf(q, a, b), stats.beta.isf(q, a, b), 1e-12)


def test_beta_quantile_far_in_the_tail_is_the_series():
    # I_x(a, b) = x^a / (a B(a, b)) (1 + O(x)): where q is tiny, x = (q a B(a, b))^(1/a) to the last digits.
    # SciPy 1.17's scipy.stats.beta.ppf answers 2.0e-23 (q = 1e-8) and 1.8e-27 (q = 1e-12) for a = 0.5, b = 3.
    for q in (1e-8, 1e-12):
        assert beta_ppf(q, 0.5, 3.0) == pytest.approx((q * 0.5 * special.beta(0.5, 3.0)) ** 2, rel=1e-7)


def test_binomial_cdf_is_the_exact_sum():
    rng = np.random.default_rng(3)
    for _ in range(200):
        n = int(rng.integers(1, 300))
        k = int(rng.integers(0, n))
        p = float(rng.choice([0.5, rng.random(), 10 ** rng.uniform(-9, 0)]))
        # the exact sum Σ C(n, i) p^i (1 − p)^(n − i) of the float p = a/b, as one fraction over b^n (the same
        # number as a sum of Fractions, without reducing each term)
        a, b = Fraction(p).as_integer_ratio()
        exact = float(Fraction(sum(comb(n, i) * a**i * (b - a) ** (n - i) for i in range(k + 1)), b**n))
        if exact > 1e-300:
            assert binomial_cdf(k, n, p) == pytest.approx(exact, rel=1e-15 if NEW_SCIPY else 1e-12, abs=0)


def test_binomial_cdf_edges_are_scipy_stats():
    k, n, p = np.meshgrid(np.array([-1, -0.5, 0, 0.5, 1, 2, 3.7, 5, 9, 10, 11, np.inf, -np.inf, np.nan]),
                          np.array([-1, 0, 1, 2.5, 5, 10, 1e6, np.nan]),
                          np.array([-0.1, 0, 1e-9, 0.3, 0.5, 1, 1.1, np.nan]))
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        expected = stats.binom.cdf(k, n, p)
    _same(binomial_cdf(k, n, p), expected, 1e-12)


@pytest.mark.parametrize(("b", "c"), [(0, 1), (1, 1), (3, 9), (12, 12), (0, 24), (150, 86), (2.5, 7.5), (10**6, 2)])
def test_mcnemar_is_statsmodels(b, c):
    table = np.array([[0.0, b], [c, 0.0]])
    chi2 = statsmodels_mcnemar(table, exact=False, correction=True)
    if abs(b - c) >= 1:  # (where |b - c| < 1 the continuity correction has more than one convention)
        assert mcnemar(b, c, exact=False) == pytest.approx((chi2.statistic, chi2.pvalue), rel=1e-13)
    if float(b).is_integer() and float(c).is_integer():
        exact = statsmodels_mcnemar(table, exact=True)
        assert mcnemar(b, c, exact=True) == pytest.approx((exact.statistic, exact.pvalue), rel=1e-12)
    if b + c < 25 and float(b).is_integer() and float(c).is_integer():
        assert paired_mcnemar(b, c)[2] == pytest.approx(exact.pvalue, rel=1e-12)
    elif abs(b - c) >= 1:
        assert paired_mcnemar(b, c)[2] == pytest.approx(chi2.pvalue, rel=1e-12)


# --- what the first report imports ---------------------------------------------------------------------------

FIRST_REPORTS = """
import sys
import pandas as pd
import pandas_agree as pa
from pandas_agree.integrations.cli import main

df = pa.datasets.load("wine_predictions")
str(df.agree.report("cultivar", "knn"))
two = pd.DataFrame({"a": list("xxyyxyxy"), "p": list("xyyyxxxy")})  # a 2x2 table: McNemar's tests
str(two.agree.report("a", "p"))
df.to_csv(sys.argv[1], index=False)
assert main(["report", sys.argv[1], "--actual", "cultivar", "--pred", "knn", "--quiet", "--html",
             sys.argv[2]]) == 0
if sys.argv[3] == "all":
    for ci in ("clopper-pearson", "jeffreys", "agresti-coull", "normal"):
        df.agree.binary("cultivar", "knn", ci=ci)
print(",".join(sorted(m for m in ("statsmodels", "scipy.stats", "scipy.optimize") if m in sys.modules)) or "none")
"""


def test_reports_and_the_command_line_import_neither_statsmodels_nor_scipy_stats(tmp_path):
    # importing scipy.stats (with scipy.optimize and scipy.linalg) and statsmodels took 0.9 s of the first report;
    # on SciPy before 1.12 the beta quantiles of Clopper-Pearson and Jeffreys are scipy.stats' (see above)
    run = subprocess.run([sys.executable, "-c", FIRST_REPORTS, str(tmp_path / "wine.csv"), str(tmp_path / "r.html"),
                          "all" if NEW_SCIPY else "default"], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "none"
