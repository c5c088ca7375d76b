"""Planning a rater study (pandas_agree.plan): each function against the published values of its reference and
R's implementations (irr, kappaSize, epiR, TrialSize, MESS), with the R call beside each value; the inverse
functions (power of N, the kappa N detects) against the sample sizes; and every bad input."""

import math
import pickle
import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import pandas_agree as pa
from pandas_agree import plan
from pandas_agree.plan.ac1 import ac1_table, ac1_unit_variance

# --- Cantor (1996): R's irr 0.84.1, N.cohen.kappa(rate1, rate2, k1, k0, alpha, power, twosided) -------------------
IRR = [
    # (rate1, rate2, k1, k0, alpha, power, twosided) -> N.cohen.kappa(...)
    ((0.5, 0.5, 0.7, 0.85, 0.05, 0.8, False), 96),  # irr's own example, N.cohen.kappa(0.5, 0.5, 0.7, 0.85)
    ((0.5, 0.5, 0.85, 0.7, 0.05, 0.8, False), 117),
    ((0.5, 0.5, 0.6, 0.4, 0.05, 0.8, False), 119),
    ((0.3, 0.4, 0.6, 0.4, 0.05, 0.8, True), 158),
    ((0.2, 0.3, 0.5, 0.2, 0.05, 0.8, False), 71),
    ((0.7, 0.6, 0.7, 0.4, 0.05, 0.8, True), 67),
    ((0.1, 0.15, 0.6, 0.3, 0.05, 0.8, False), 115),
    ((0.4, 0.5, 0.6, 0.3, 0.01, 0.9, False), 113),  # N.cohen.kappa(0.4, 0.5, 0.6, 0.3, alpha=0.01, power=0.9)
]


@pytest.mark.parametrize("args, expected", IRR)
def test_cohen_kappa_n_equals_irr(args, expected):
    rate1, rate2, k1, k0, alpha, power, twosided = args
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # k1 < k0 under "greater": irr's one-sided test the other way
        n = plan.cohen_kappa_n(rate1, rate2, k1, k0, alpha=alpha, power=power,
                               alternative="two-sided" if twosided else "greater")
    assert n == expected and isinstance(n, int)
    assert n.exact <= n < n.exact + 1
    assert "Cantor" in n.reference and "kappa" in n.method


def test_cohen_kappa_n_refuses_a_kappa_the_rates_cannot_reach():
    # irr gives N.cohen.kappa(0.7, 0.6, 0.8, 0.5, twosided=TRUE) = 57 from a table with a negative cell: with these
    # rates kappa is at most 0.782609
    with pytest.raises(ValueError, match=r"kappa1 must lie between -0\.521739 and 0\.782609"):
        plan.cohen_kappa_n(0.7, 0.6, 0.8, 0.5, alternative="two-sided")


def test_cohen_kappa_n_direction_and_alternatives():
    # "less" plans the test of kappa < kappa0 with irr's formula, silently; "greater" the other way warns
    assert plan.cohen_kappa_n(0.5, 0.5, 0.7, 0.85, alternative="less") == 96
    with pytest.warns(UserWarning, match="other side of kappa0"):
        assert plan.cohen_kappa_n(0.5, 0.5, 0.7, 0.85) == 96
    one = plan.cohen_kappa_n(0.3, 0.4, 0.6, 0.4).exact
    two = plan.cohen_kappa_n(0.3, 0.4, 0.6, 0.4, alternative="two-sided").exact
    assert two > one


def test_cohen_kappa_n_by_hand():
    # rate1 = rate2 = 0.5, kappa 0.6 against 0.4: the table at kappa is [[(1+k)/4, (1-k)/4], [(1-k)/4, (1+k)/4]],
    # and Fleiss-Cohen-Everitt's N·var(kappa) there is (1 - k)(1 + k) = 1 - k²
    q0, q1 = 1 - 0.4 ** 2, 1 - 0.6 ** 2
    by_hand = ((1.6448536269514722 * math.sqrt(q0) + 0.8416212335729143 * math.sqrt(q1)) / 0.2) ** 2
    assert plan.cohen_kappa_n(0.5, 0.5, 0.6, 0.4).exact == pytest.approx(by_hand, rel=1e-12)


@pytest.mark.parametrize("alternative", ["greater", "two-sided"])
def test_cohen_kappa_power_and_detectable_invert_the_sample_size(alternative):
    n = plan.cohen_kappa_n(0.3, 0.4, 0.6, 0.4, alternative=alternative)
    power = plan.cohen_kappa_power(n, 0.3, 0.4, 0.6, 0.4, alternative=alternative)
    assert power >= 0.8 > plan.cohen_kappa_power(n - 1, 0.3, 0.4, 0.6, 0.4, alternative=alternative)
    # at the exact (fractional) N the near tail is exactly the power asked for
    kappa = plan.cohen_kappa_detectable(n, 0.3, 0.4, 0.4, alternative=alternative)
    assert 0.4 < kappa <= 0.6
    assert plan.cohen_kappa_power(n, 0.3, 0.4, float(kappa), 0.4, alternative=alternative) == pytest.approx(0.8)
    assert isinstance(power, float) and "power" in power.method and "Cantor" in kappa.reference


def test_cohen_kappa_detectable_below_kappa0_and_out_of_reach():
    kappa = plan.cohen_kappa_detectable(200, 0.5, 0.5, 0.6, alternative="less")
    assert kappa < 0.6
    assert plan.cohen_kappa_power(200, 0.5, 0.5, float(kappa), 0.6, alternative="less") == pytest.approx(0.8)
    with pytest.warns(UserWarning, match="no kappa"):
        assert math.isnan(plan.cohen_kappa_detectable(3, 0.5, 0.5, 0.4))


@given(rate1=st.floats(0.05, 0.95), rate2=st.floats(0.05, 0.95), k0=st.floats(0.0, 0.5), effect=st.floats(0.1, 0.4),
       power=st.floats(0.5, 0.95))
def test_cohen_kappa_n_is_the_smallest_n_with_the_power(rate1, rate2, k0, effect, power):
    low, high = plan.kappa.kappa_range(rate1, rate2)
    k1 = k0 + effect
    if not (low < k0 and k1 < high - 0.01):
        return
    n = plan.cohen_kappa_n(rate1, rate2, k1, k0, power=power)
    assert plan.cohen_kappa_power(n, rate1, rate2, k1, k0) >= power - 1e-9
    if n > 1:
        assert plan.cohen_kappa_power(n - 1, rate1, rate2, k1, k0) < power


# --- Donner and Eliasziw, R's kappaSize 1.2 (run from its sources): PowerBinary, Power3Cats, ... $N ---------------
KAPPASIZE_POWER = [
    # (kappa0, kappa1, props, raters) -> N, alpha 0.05, power 0.8;
    # e.g. PowerBinary(kappa0=0.4, kappa1=0.6, props=0.3, raters=2)$N = 190.456402 (kappaSize's example)
    (0.4, 0.6, 0.3, 2, 190.456402), (0.4, 0.6, 0.5, 2, 164.827282), (0.4, 0.6, 0.3, 3, 105.521665),
    (0.4, 0.6, 0.5, 3, 86.338100), (0.4, 0.6, 0.3, 4, 80.611580), (0.4, 0.6, 0.5, 4, 63.912619),
    (0.4, 0.6, 0.3, 5, 68.741641), (0.4, 0.6, 0.5, 5, 54.942427), (0.4, 0.6, 0.3, 6, 61.698727),
    (0.4, 0.6, 0.5, 6, 50.891373),
    # Power3Cats(kappa0=0.4, kappa1=0.6, props=c(0.3, 0.6, 0.1), raters=r)$N (r = 2: kappaSize's example)
    *[(0.4, 0.6, (0.3, 0.6, 0.1), r, n) for r, n in
      zip(range(2, 7), (134.782304, 73.115580, 53.149187, 43.240179, 37.277606), strict=True)],
    # Power4Cats(kappa0=0.4, kappa1=0.6, props=c(0.3, 0.3, 0.3, 0.1), raters=r)$N
    *[(0.4, 0.6, (0.3, 0.3, 0.3, 0.1), r, n) for r, n in
      zip(range(2, 7), (91.846113, 50.852359, 37.422091, 30.708800, 26.649640), strict=True)],
    # Power5Cats(kappa0=0.4, kappa1=0.6, props=c(0.3, 0.2, 0.1, 0.3, 0.1), raters=r)$N
    *[(0.4, 0.6, (0.3, 0.2, 0.1, 0.3, 0.1), r, n) for r, n in
      zip(range(2, 7), (82.728488, 46.383942, 34.388482, 28.363180, 24.707119), strict=True)],
]


@pytest.mark.parametrize("kappa0, kappa1, props, raters, expected", KAPPASIZE_POWER)
def test_raters_kappa_n_equals_kappasize(kappa0, kappa1, props, raters, expected):
    n = plan.raters_kappa_n(kappa1, kappa0, props, raters=raters)
    # kappaSize's non-centrality comes from a bisection to 1e-5 in the probability
    assert n.exact == pytest.approx(expected, rel=2e-5)
    assert n == math.ceil(expected)


def test_raters_kappa_n_other_level_and_power():
    # PowerBinary(kappa0=0.6, kappa1=0.8, props=0.2, raters=3, alpha=0.01, power=0.9)$N = 229.567423
    n = plan.raters_kappa_n(0.8, 0.6, [0.2, 0.8], raters=3, alpha=0.01, power=0.9)
    assert n.exact == pytest.approx(229.567423, rel=2e-5) and n == 230


def test_raters_kappa_two_raters_binary_is_the_table_of_donner_eliasziw():
    # two raters, binary: the outcomes (both negative, one positive, both positive) have probabilities
    # (1-p)² + κp(1-p), 2(1-κ)p(1-p), p² + κp(1-p) (Donner and Eliasziw 1992)
    p, k = 0.3, 0.45
    expected = [(1 - p) ** 2 + k * p * (1 - p), 2 * (1 - k) * p * (1 - p), p * p + k * p * (1 - p)]
    np.testing.assert_allclose(plan.raters.outcome_probabilities(k, (p, 1 - p), 2), expected, rtol=1e-14)
    # with more categories, two raters agree on j with p_j² + κ p_j (1 - p_j) (kappaSize's Power3Cats)
    props = (0.2, 0.3, 0.5)
    agree = [q * q + k * q * (1 - q) for q in props]
    np.testing.assert_allclose(plan.raters.outcome_probabilities(k, props, 2), [*agree, 1 - sum(agree)],
                               rtol=1e-14)


def test_raters_kappa_power_and_detectable_invert_the_sample_size():
    n = plan.raters_kappa_n(0.6, 0.4, (0.3, 0.6, 0.1), raters=3)
    assert plan.raters_kappa_power(n, 0.6, 0.4, (0.3, 0.6, 0.1), raters=3) >= 0.8
    assert plan.raters_kappa_power(n - 1, 0.6, 0.4, (0.3, 0.6, 0.1), raters=3) < 0.8
    kappa = plan.raters_kappa_detectable(n, 0.4, (0.3, 0.6, 0.1), raters=3)
    assert 0.4 < kappa <= 0.6
    assert plan.raters_kappa_power(n, float(kappa), 0.4, (0.3, 0.6, 0.1), raters=3) == pytest.approx(0.8)
    with pytest.warns(UserWarning, match="no kappa below 1"):
        assert math.isnan(plan.raters_kappa_detectable(2, 0.9, 0.5))


KAPPASIZE_CI = [
    # kappaSize's CIBinary(kappa0=0.4, kappaL=0.3, kappaU=0.5, props=0.30)$n = 397 (its example)
    ((0.4, 0.3, 0.3), {"upper": 0.5}, 397),
    # CIBinary(kappa0=0.6, kappaL=0.4, props=0.2, raters=3)$n = 50 (one-sided)
    ((0.6, 0.4, 0.2), {"raters": 3}, 50),
    # CI3Cats(kappa0=0.4, kappaL=0.3, kappaU=0.6, props=c(0.3, 0.2, 0.5), raters=3)$n = 125 (its example)
    ((0.4, 0.3, (0.3, 0.2, 0.5)), {"upper": 0.6, "raters": 3}, 125),
    # CI4Cats(kappa0=0.4, kappaL=0.3, kappaU=0.5, props=c(0.3, 0.2, 0.2, 0.3))$n = 174 (its example)
    ((0.4, 0.3, (0.3, 0.2, 0.2, 0.3)), {"upper": 0.5}, 174),
    # CI5Cats(kappa0=0.4, kappaL=0.3, kappaU=0.5, props=c(0.13, 0.17, 0.2, 0.2, 0.3))$n = 153 (its example)
    ((0.4, 0.3, (0.13, 0.17, 0.2, 0.2, 0.3)), {"upper": 0.5}, 153),
    # CI3Cats(kappa0=0.7, kappaL=0.5, props=c(0.2, 0.3, 0.5), raters=5)$n = 13 (one-sided)
    ((0.7, 0.5, (0.2, 0.3, 0.5)), {"raters": 5}, 13),
]


@pytest.mark.parametrize("args, kw, expected", KAPPASIZE_CI)
def test_raters_kappa_interval_n_equals_kappasize(args, kw, expected):
    n = plan.raters_kappa_interval_n(*args, **kw)
    assert n == expected
    assert ("two-sided" if "upper" in kw else "one-sided") in n.method and "Rotondi" in n.reference


KAPPASIZE_FIXED_N = [
    # kappaSize's examples: FixedNBinary(kappa0=0.7, n=100, props=0.50, raters=4)$kappaL = 0.61, ...
    ((100, 0.7, 0.5), 4, 0.610),
    ((80, 0.7, (0.33, 0.34, 0.33)), 5, 0.623),  # FixedN3Cats(kappa0=0.7, n=80, props=c(.33, .34, .33), raters=5)
    ((80, 0.7, (0.4, 0.4, 0.1, 0.1)), 5, 0.623),  # FixedN4Cats(kappa0=0.7, n=80, props=c(.4, .4, .1, .1), raters=5)
    ((150, 0.6, (0.4, 0.2, 0.2, 0.1, 0.1)), 2, 0.513),  # FixedN5Cats(kappa0=0.6, n=150, ..., raters=2)
]


@pytest.mark.parametrize("args, raters, stepped", KAPPASIZE_FIXED_N)
def test_raters_kappa_lower_limit_is_kappasize_before_its_steps_of_0001(args, raters, stepped):
    # kappaSize steps down from kappa0 by 0.001 until the limit is passed: its answer is the first step below ours
    limit = float(plan.raters_kappa_lower_limit(*args, raters=raters))
    assert stepped < limit <= stepped + 0.001 + 1e-9
    # and the interval sized for (just below) that limit needs that N
    n = plan.raters_kappa_interval_n(args[1], limit - 1e-9, args[2], raters=raters)
    assert n == args[0]


# --- Buderer (1996), R's epiR 2.0.57 epi.ssdxsesp(test, type, Py, epsilon, error = "absolute", conf.level) --------
EPIR = [
    # epiR's example (Hajian-Tilaki 2014, p. 195): epi.ssdxsesp(test=0.80, type="se", Py=0.10, epsilon=0.07,
    # error="absolute") = 1255
    (plan.sensitivity_n, (0.80, 0.10, 0.07), 0.95, 1255),
    # van Hal et al. (2025), epiR's second example: 8295 for the sensitivity, 19 for the specificity
    (plan.sensitivity_n, (0.95, 0.0022, 0.10), 0.95, 8295),
    (plan.specificity_n, (0.95, 0.0022, 0.10), 0.95, 19),
    (plan.specificity_n, (0.90, 0.10, 0.05), 0.95, 154),  # epi.ssdxsesp(test=0.90, type="sp", Py=0.10, ...)
    (plan.sensitivity_n, (0.85, 0.30, 0.05), 0.90, 460),  # ..., type="se", Py=0.30, epsilon=0.05, conf.level=0.90
]


@pytest.mark.parametrize("function, args, level, expected", EPIR)
def test_sensitivity_and_specificity_n_equal_epir(function, args, level, expected):
    n = function(*args, confidence_level=level)
    assert n == expected and "Buderer" in n.reference


def test_sensitivity_n_by_hand():
    # Buderer's formula: TP + FN = z² Se (1 - Se) / W², divided by the prevalence
    z = 1.959963984540054
    assert plan.sensitivity_n(0.9, 0.2, 0.1).exact == pytest.approx(z * z * 0.09 / 0.01 / 0.2, rel=1e-14)
    assert plan.specificity_n(0.85, 0.2, 0.1).exact == pytest.approx(z * z * 0.85 * 0.15 / 0.01 / 0.8, rel=1e-14)


# --- Connor (1987), McNemar's test of paired accuracies -----------------------------------------------------------
def test_paired_accuracy_n_equals_chow_shao_wang_and_trialsize():
    # Chow, Shao and Wang (2003) Example 6.4.3; R's TrialSize McNemar.Test(0.05, 0.2, 0.2/0.5, 0.7) = 58.63224:
    # discordant cells 0.2 and 0.5
    n = plan.paired_accuracy_n(0.8, 0.5, discordant=0.7)
    assert n.exact == pytest.approx(58.63224, rel=1e-6) and n == 59 and "Connor" in n.reference
    assert plan.paired_accuracy_n(0.5, 0.8, discordant=0.7) == 59


def test_paired_accuracy_n_equals_mess():
    # R's MESS power_mcnemar_test(paid=0.05, psi=45/5, power=0.8)$n = 22.01132 (its validated value 22), and with
    # alternative="one.sided" 17.09476 (17): discordant cells 0.05 and 0.45
    assert plan.paired_accuracy_n(0.9, 0.5, discordant=0.5).exact == pytest.approx(22.01132, rel=1e-6)
    one = plan.paired_accuracy_n(0.9, 0.5, discordant=0.5, alternative="greater")
    assert one.exact == pytest.approx(17.09476, rel=1e-6) and one == 18
    # MESS power_mcnemar_test(n=59, paid=0.2, psi=2.5)$power = 0.8025683632 leaves out the far tail (2e-7 here)
    power = plan.paired_accuracy_power(59, 0.8, 0.5, discordant=0.7)
    assert power == pytest.approx(0.8025683632, abs=1e-6) and power > 0.8025683632


def test_paired_accuracy_default_discordance_is_independent_errors():
    a1, a2 = 0.75, 0.85
    assert plan.paired_accuracy_n(a1, a2).exact == pytest.approx(
        plan.paired_accuracy_n(a1, a2, discordant=a1 * (1 - a2) + a2 * (1 - a1)).exact, rel=1e-14)
    n = plan.paired_accuracy_n(a1, a2, discordant=0.2)
    assert plan.paired_accuracy_power(n, a1, a2, discordant=0.2) >= 0.8
    assert plan.paired_accuracy_power(n - 1, a1, a2, discordant=0.2) < 0.8


# --- Gwet's AC1 ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("ac1, props", [(0.7, (0.2, 0.3, 0.5)), (0.6, (0.5, 0.5)), (0.85, (0.1, 0.9)),
                                        (0.8, (0.1, 0.2, 0.3, 0.4))])
def test_ac1_variance_is_gwets_linearised_variance_of_the_library(ac1, props):
    table = ac1_table(ac1, props)
    np.testing.assert_allclose(table.sum(axis=0), props, rtol=1e-12)
    out = pa.Agreement.from_table(table * 1000).multiclass(["AC1"], ci="linearized")
    assert out.loc["AC1", "value"] == pytest.approx(ac1, rel=1e-12)
    assert ac1_unit_variance(table) == pytest.approx(out.loc["AC1", "se"] ** 2 * 1000, rel=1e-10)


def test_ac1_interval_n_by_hand():
    # two equally likely categories and AC1 0.6: the table [[0.4, 0.1], [0.1, 0.4]], where n·var(AC1) = 0.64
    # (pe = 0.5, and every g_ij is ±0.8/0.5 ... : 4·(0.8·0.2) = 0.64), so n = (2·1.96)²·0.64/0.2² = 245.86
    assert ac1_unit_variance([[0.4, 0.1], [0.1, 0.4]]) == pytest.approx(0.64, rel=1e-12)
    n = plan.ac1_interval_n(0.6, 0.5, 0.2)
    assert n.exact == pytest.approx((2 * 1.959963984540054) ** 2 * 0.64 / 0.04, rel=1e-12) and n == 246
    with pytest.raises(ValueError, match=r"ac1 must lie between 0\.756098 and 1"):
        plan.ac1_interval_n(0.5, (0.1, 0.9), 0.2)


# --- results and bad input ----------------------------------------------------------------------------------------
def test_results_are_numbers_that_name_their_method():
    n = plan.cohen_kappa_n(0.5, 0.5, 0.6, 0.4)
    assert n + 1 == 120 and f"{n}" == "119" and repr(n) == "119"
    assert pickle.loads(pickle.dumps(n)).method == n.method
    p = plan.cohen_kappa_power(119, 0.5, 0.5, 0.6, 0.4)
    assert pickle.loads(pickle.dumps(p)) == p and pickle.loads(pickle.dumps(p)).reference == p.reference
    assert n.describe().startswith("119 subjects (normal test")


BAD = [
    (lambda: plan.cohen_kappa_n(0.5, 0.5, 0.4, 0.4), ValueError, "kappa1 must differ from kappa0"),
    (lambda: plan.cohen_kappa_n(0.0, 0.5, 0.6, 0.4), ValueError, "rate1 must be a probability strictly between"),
    (lambda: plan.cohen_kappa_n(0.5, 1.2, 0.6, 0.4), ValueError, "rate2 must be a probability"),
    (lambda: plan.cohen_kappa_n(0.5, 0.5, 0.6, 0.4, power=0.05), ValueError, "power must be greater than alpha"),
    (lambda: plan.cohen_kappa_n(0.5, 0.5, 0.6, 0.4, alpha=1.5), ValueError, "alpha must be a probability"),
    (lambda: plan.cohen_kappa_n(0.5, 0.5, 0.6, 0.4, alternative="larger"), ValueError, "alternative must be one"),
    (lambda: plan.cohen_kappa_n(0.3, 0.5, 0.7, 0.4), ValueError, "kappa1 must lie between -0.6 and 0.6"),
    (lambda: plan.cohen_kappa_n("0.5", 0.5, 0.6, 0.4), TypeError, "rate1 must be a number"),
    (lambda: plan.cohen_kappa_n(0.5, 0.5, float("nan"), 0.4), ValueError, "kappa1 must be a finite number"),
    (lambda: plan.cohen_kappa_power(0, 0.5, 0.5, 0.6, 0.4), ValueError, "n must be at least 1"),
    (lambda: plan.raters_kappa_n(0.6, 0.6, 0.3), ValueError, "kappa1 must differ from kappa0"),
    (lambda: plan.raters_kappa_n(0.6, 0.4, 0.3, raters=7), ValueError, "raters must be between 2 and 6"),
    (lambda: plan.raters_kappa_n(0.6, 0.4, [0.3, 0.3, 0.3]), ValueError, "proportions must sum to 1"),
    (lambda: plan.raters_kappa_n(0.6, 0.4, [0.2] * 5 + [0.0]), ValueError, "between 2 and 5 categories"),
    (lambda: plan.raters_kappa_n(1.0, 0.4, 0.3), ValueError, r"kappa1 must lie in \[0, 1\)"),
    (lambda: plan.raters_kappa_n(0.6, 0.4, 0.3, power=0.01), ValueError, "power must be greater than alpha"),
    (lambda: plan.raters_kappa_interval_n(0.4, 0.5, 0.3), ValueError, "lower must be below kappa0"),
    (lambda: plan.raters_kappa_interval_n(0.4, 0.3, 0.3, upper=0.3), ValueError, "upper must be above kappa0"),
    (lambda: plan.sensitivity_n(1.0, 0.1, 0.05), ValueError, "value must be a probability"),
    (lambda: plan.sensitivity_n(0.8, 0.0, 0.05), ValueError, "prevalence must be a probability"),
    (lambda: plan.specificity_n(0.8, 0.1, 0.0), ValueError, r"precision must lie strictly between 0 and 1 \(the half"),
    (lambda: plan.paired_accuracy_n(0.8, 0.8), ValueError, "accuracy1 must differ from accuracy2"),
    (lambda: plan.paired_accuracy_n(0.8, 0.5, discordant=0.2), ValueError, "discordant must lie above"),
    (lambda: plan.paired_accuracy_n(0.5, 0.8, alternative="greater"), ValueError, "alternative='greater' tests"),
    (lambda: plan.ac1_interval_n(0.6, 0.5, 0.0), ValueError, r"width must lie strictly between 0 and 1 \(the full"),
]


def test_a_width_or_a_precision_is_not_called_a_probability():
    # before: "width must be a probability strictly between 0 and 1; got 2.5", though a width is no probability
    for call in (lambda: plan.ac1_interval_n(0.8, [0.9, 0.1], 2.5), lambda: plan.sensitivity_n(0.8, 0.1, 1.5),
                 lambda: plan.specificity_n(0.8, 0.1, 1.5)):
        with pytest.raises(ValueError) as info:
            call()
        assert "probability" not in str(info.value) and "interval" in str(info.value)


@pytest.mark.parametrize("call, error, message", BAD)
def test_bad_input_names_the_argument(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_planning_example_runs(capsys):
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "examples" / "planning.py"
    spec = importlib.util.spec_from_file_location("planning", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = module.main()
    assert out["kappa"] == 141 and out["raters"] == 74 and out["interval"] == 397 and out["sensitivity"] == 1255
    assert "subjects" in capsys.readouterr().out
