"""The MOVER–Wilson interval (Zou & Donner 2008; Newcombe 1998's method 10 for a difference) and the rule of
``ci="auto"`` that gives it to the unweighted averages of REC and PRE with a class of fewer than 20 objects."""

import math
import warnings
from statistics import NormalDist

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pandas_agree as pa
from pandas_agree.inference.analytic import binomial_interval, mover_wilson
from pandas_agree.inference.auto import RULES, average_rule
from pandas_agree.measures.registry import REGISTRY

MOVER_NOTE = RULES["mover-wilson"].note
BLURRED_NOTE = RULES["blurred"].note


def wilson(x: float, n: float, level: float) -> tuple[float, float]:
    """Wilson's (1927) score interval, written out: (p + z²/2n ± z·√(p(1 − p)/n + z²/4n²)) / (1 + z²/n)."""
    z = NormalDist().inv_cdf(0.5 + level / 2)
    p = x / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def mover_by_hand(xs, ns, cs, level=0.95) -> tuple[float, float, float]:
    """Zou & Donner's (2008, eq. 5–6) limits of Σ c_k p_k from the Wilson limits of each p_k, one term at a time."""
    value = sum(c * x / n for x, n, c in zip(xs, ns, cs, strict=True))
    below = above = 0.0
    for x, n, c in zip(xs, ns, cs, strict=True):
        p = x / n
        low, high = wilson(x, n, level)
        below += (c * (p - low)) ** 2 if c >= 0 else (c * (high - p)) ** 2
        above += (c * (high - p)) ** 2 if c >= 0 else (c * (p - low)) ** 2
    return value, value - math.sqrt(below), value + math.sqrt(above)


# --- known answers ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("counts", "published"), [
    # Newcombe (1998), Statistics in Medicine 17:873–890, Table II, method 10 (the hybrid score interval)
    (((56, 70), (48, 80)), (0.0524, 0.3339)),
    (((9, 10), (3, 10)), (0.1705, 0.8090)),
])
def test_newcombe_published_differences(counts, published):
    (x1, n1), (x2, n2) = counts
    value, lower, upper = mover_wilson([x1, x2], [n1, n2], [1, -1])
    assert float(value) == pytest.approx(x1 / n1 - x2 / n2, abs=1e-15)
    assert (round(float(lower), 4), round(float(upper), 4)) == published


@pytest.mark.parametrize(("xs", "ns", "r_values"), [
    # R 4.x: w <- function(x, n) as.numeric(prop.test(x, n, correct = FALSE)$conf.int)
    #        mover <- function(x, n) { p <- x / n; k <- length(x); e <- sapply(seq_along(x), function(i) w(x[i], n[i]))
    #          m <- mean(p); c(m, m - sqrt(sum((p - e[1, ])^2)) / k, m + sqrt(sum((e[2, ] - p)^2)) / k) }
    ((25, 2), (27, 3), (0.796296296296296, 0.553311408705033, 0.934826138642221)),  # mover(c(25, 2), c(27, 3))
    ((25, 2), (26, 4), (0.730769230769231, 0.540300859593145, 0.906463404304741)),  # mover(c(25, 2), c(26, 4))
    ((9, 1, 4), (12, 3, 5), (0.627777777777778, 0.435203147734774, 0.798868986489707)),  # mover(c(9,1,4), c(12,3,5))
    ((3, 3), (3, 40), (0.537500000000000, 0.255677354959115, 0.599321167621553)),  # mover(c(3, 3), c(3, 40))
])
def test_unweighted_mean_matches_r(xs, ns, r_values):
    found = mover_wilson(xs, ns)
    np.testing.assert_allclose([float(x) for x in found], r_values, rtol=0, atol=1e-14)


def test_averages_of_a_table_match_r():
    """REC: the diagonal over the reference's counts (25/27, 2/3); PRE: over the predicted counts (25/26, 2/4);
    the R values of test_unweighted_mean_matches_r, through averages() under both timings."""
    ag = pa.Agreement.from_table(pd.DataFrame([[25, 2], [1, 2]]))
    for timing in ("before", "after", "default"):
        av = ag.averages(["REC", "PRE"], average=["unweighted", "weighted"], timing=timing, ci="auto")
        unweighted = av["unweighted"]
        np.testing.assert_allclose(unweighted.loc["REC", ["value", "lower", "upper"]].to_numpy(float),
                                   [0.796296296296296, 0.553311408705033, 0.934826138642221], rtol=0, atol=1e-14)
        np.testing.assert_allclose(unweighted.loc["PRE", ["value", "lower", "upper"]].to_numpy(float),
                                   [0.730769230769231, 0.540300859593145, 0.906463404304741], rtol=0, atol=1e-14)
        assert av.attrs["methods"]["REC"] == ("linearised (logit scale) SE, MOVER–Wilson interval (unweighted), "
                                              "blurred (logit scale) interval (weighted)")
        notes = av.attrs["notes"]
        assert MOVER_NOTE in notes and BLURRED_NOTE in notes


def test_second_implementation_on_many_sets():
    rng = np.random.default_rng(7)
    for _ in range(200):
        k = int(rng.integers(1, 7))
        ns = rng.integers(1, 60, size=k)
        xs = np.array([rng.integers(0, n + 1) for n in ns])
        cs = rng.choice([-1.0, -0.5, 0.25, 1.0, 2.0], size=k)
        level = float(rng.choice([0.8, 0.9, 0.95, 0.99]))
        for coefficients in (cs, None):
            found = mover_wilson(xs, ns, coefficients, level)
            expected = mover_by_hand(xs, ns, np.full(k, 1 / k) if coefficients is None else cs, level)
            np.testing.assert_allclose([float(x) for x in found], expected, rtol=0, atol=1e-13)


# --- properties ------------------------------------------------------------------------------------------------

@st.composite
def proportions(draw, min_k=1, max_k=6):
    k = draw(st.integers(min_k, max_k))
    ns = draw(st.lists(st.integers(1, 80), min_size=k, max_size=k))
    xs = [draw(st.integers(0, n)) for n in ns]
    return np.array(xs, float), np.array(ns, float)


levels = st.sampled_from([0.5, 0.8, 0.9, 0.95, 0.99, 0.999])


@settings(max_examples=200, deadline=None)
@given(proportions(), levels)
def test_interval_holds_the_mean_within_zero_one(counts, level):
    xs, ns = counts
    value, lower, upper = mover_wilson(xs, ns, confidence_level=level)
    assert float(value) == pytest.approx(np.mean(xs / ns), abs=1e-12)
    assert 0.0 <= float(lower) <= float(value) <= float(upper) <= 1.0 + 1e-15


@settings(max_examples=200, deadline=None)
@given(proportions(), levels, levels)
def test_wider_at_higher_confidence(counts, one, two):
    xs, ns = counts
    low, high = sorted((one, two))
    _, l1, u1 = mover_wilson(xs, ns, confidence_level=low)
    _, l2, u2 = mover_wilson(xs, ns, confidence_level=high)
    assert float(l2) <= float(l1) + 1e-15 and float(u2) >= float(u1) - 1e-15


@settings(max_examples=200, deadline=None)
@given(proportions(1, 1), levels)
def test_one_proportion_is_wilson(counts, level):
    xs, ns = counts
    value, lower, upper = mover_wilson(xs, ns, confidence_level=level)
    wl, wu = binomial_interval(xs[0], ns[0], level, "wilson")
    assert float(value) == xs[0] / ns[0]
    assert float(lower) == pytest.approx(float(wl), abs=1e-15) and float(upper) == pytest.approx(float(wu), abs=1e-15)


@settings(max_examples=100, deadline=None)
@given(proportions(2, 2), levels)
def test_difference_reverses_with_its_sign(counts, level):
    xs, ns = counts
    value, lower, upper = mover_wilson(xs, ns, [1, -1], level)
    back, b_lower, b_upper = mover_wilson(xs[::-1], ns[::-1], [1, -1], level)
    assert float(back) == pytest.approx(-float(value), abs=1e-15)
    assert float(b_lower) == pytest.approx(-float(upper), abs=1e-14)
    assert float(b_upper) == pytest.approx(-float(lower), abs=1e-14)


@settings(max_examples=100, deadline=None)
@given(proportions(1, 5), levels)
def test_identical_classes_narrow_the_mean(counts, level):
    """K classes with the same counts: the mean's half-widths are the Wilson half-widths over √K."""
    xs, ns = counts
    k = len(xs)
    value, lower, upper = mover_wilson(np.repeat(xs[:1], k), np.repeat(ns[:1], k), confidence_level=level)
    wl, wu = binomial_interval(xs[0], ns[0], level, "wilson")
    p = xs[0] / ns[0]
    assert float(value - lower) == pytest.approx((p - float(wl)) / math.sqrt(k), abs=1e-14)
    assert float(upper - value) == pytest.approx((float(wu) - p) / math.sqrt(k), abs=1e-14)


def test_stacked_counts_give_one_interval_each():
    xs = np.array([[25, 2], [9, 1], [0, 0]], float)
    ns = np.array([[27, 3], [12, 3], [0, 0]], float)
    value, lower, upper = mover_wilson(xs, ns)
    assert value.shape == lower.shape == upper.shape == (3,)
    for i in range(2):
        np.testing.assert_array_equal([value[i], lower[i], upper[i]],
                                      [float(x) for x in mover_wilson(xs[i], ns[i])])
    assert np.isnan([value[2], lower[2], upper[2]]).all()  # no proportion has trials: undefined


# --- a proportion without trials -------------------------------------------------------------------------------

def test_proportion_without_trials_is_left_out_or_filled():
    left_out = mover_wilson([9, 1, 4, 0], [12, 3, 5, 0])
    np.testing.assert_array_equal([float(x) for x in left_out], [float(x) for x in mover_wilson([9, 1, 4], [12, 3, 5])])
    value, lower, upper = mover_wilson([9, 1, 4, 0], [12, 3, 5, 0], undefined=0.0)
    _, l3, u3 = mover_wilson([9, 1, 4], [12, 3, 5])
    assert float(value) == pytest.approx((9 / 12 + 1 / 3 + 4 / 5 + 0) / 4, abs=1e-15)
    # the filled class is known without uncertainty: the three others' distances, over 4 classes instead of 3
    m3 = (9 / 12 + 1 / 3 + 4 / 5) / 3
    assert float(value - lower) == pytest.approx((m3 - float(l3)) * 3 / 4, abs=1e-14)
    assert float(upper - value) == pytest.approx((float(u3) - m3) * 3 / 4, abs=1e-14)
    assert np.isnan([float(x) for x in mover_wilson([3, 0], [5, 0], [1, -1])]).all()


def test_bad_counts_raise():
    with pytest.raises(ValueError, match="successes must lie between 0 and trials"):
        mover_wilson([5, 1], [4, 3])
    with pytest.raises(ValueError, match="last axis"):
        mover_wilson(3, 5)
    with pytest.raises(ValueError, match="confidence_level"):
        mover_wilson([3], [5], confidence_level=1.5)


# --- the rule of ci="auto" -------------------------------------------------------------------------------------

def test_rule_for_the_unweighted_averages_of_rec_and_pre():
    for code in ("REC", "PRE"):
        for timing in ("default", "before", "after"):
            assert average_rule(REGISTRY[code], "unweighted", 2, 3, timing).method == "mover-wilson"
        assert average_rule(REGISTRY[code], "weighted", 2, 3).method == "blurred"
        assert average_rule(REGISTRY[code], "unweighted", 2, 25).method == "mover-wilson"  # at every size
        assert average_rule(REGISTRY[code], "weighted", 2, 25) is None
    assert average_rule(REGISTRY["F1"], "unweighted", 2, 3).method == "blurred"


def test_class_without_reference_objects_is_left_out_as_the_average_leaves_it_out():
    """Class "c" is only predicted: its recall is undefined (0/0) and the average of the recalls is over "a" and
    "b", its interval the MOVER–Wilson interval of those two; with zero_division=0 it enters as 0."""
    t = pd.DataFrame([[30, 2, 1], [1, 3, 0], [0, 0, 0]], index=list("abc"), columns=list("abc"))
    ag = pa.Agreement.from_table(t)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        av = ag.averages(["REC"], average="unweighted", ci="auto")
        filled = ag.averages(["REC"], average="unweighted", ci="auto", zero_division=0)
    row = av.loc["REC", "unweighted"]
    expected = [float(x) for x in mover_wilson([30, 3], [33, 4])]
    np.testing.assert_allclose(row[["value", "lower", "upper"]].to_numpy(float), expected, rtol=0, atol=1e-14)
    assert av.attrs["classes"]["unweighted"]["REC"] == 2
    row = filled.loc["REC", "unweighted"]
    expected = [float(x) for x in mover_wilson([30, 3, 0], [33, 4, 0], undefined=0.0)]
    np.testing.assert_allclose(row[["value", "lower", "upper"]].to_numpy(float), expected, rtol=0, atol=1e-14)
    assert float(row["value"]) == pytest.approx((30 / 33 + 3 / 4 + 0) / 3)


def test_large_classes_take_it_too():
    """With every class large the unweighted averages of REC and PRE keep the MOVER–Wilson interval (the linearised
    one covered as little as 0.42 there in the coverage study), their other averages the linearised one."""
    ag = pa.Agreement.from_table(pd.DataFrame([[250, 30], [25, 95]]))
    av = ag.averages(["REC", "PRE"], average=["unweighted", "micro"], ci="auto")
    assert av.attrs["methods"]["REC"] == ("linearised (logit scale) SE, MOVER–Wilson interval (unweighted), "
                                          "linearised (logit scale) interval (micro)")
    assert MOVER_NOTE in av.attrs["notes"] and BLURRED_NOTE not in av.attrs["notes"]
    expected = [float(x) for x in mover_wilson([250, 95], [280, 120])]
    np.testing.assert_allclose(av.loc["REC", "unweighted"][["value", "lower", "upper"]].to_numpy(float), expected,
                               rtol=0, atol=1e-14)
    lin = ag.averages(["REC"], average="micro", ci="linearized")
    assert av.loc["REC", ("micro", "lower")] == lin.loc["REC", ("micro", "lower")]


def test_linearized_and_bootstrap_ignore_the_rule():
    ag = pa.Agreement.from_table(pd.DataFrame([[25, 2], [1, 2]]))
    for ci in ("linearized", "bootstrap"):
        av = ag.averages(["REC"], average="unweighted", ci=ci, n_resamples=200)
        assert "MOVER" not in av.attrs["methods"]["REC"] and MOVER_NOTE not in av.attrs["notes"]


def test_report_prints_the_note():
    ag = pa.Agreement.from_table(pd.DataFrame([[25, 2], [1, 2]]))
    report = ag.report()
    assert MOVER_NOTE in report.notes
    assert any("MOVER–Wilson interval (unweighted)" in n for n in report.notes)
    assert MOVER_NOTE in str(report).replace("\n", " ").replace("  ", " ") or MOVER_NOTE[:60] in str(report)


def test_other_confidence_levels():
    ag = pa.Agreement.from_table(pd.DataFrame([[25, 2], [1, 2]]))
    av = ag.averages(["PRE"], average="unweighted", ci="auto", confidence_level=0.9)
    expected = [float(x) for x in mover_wilson([25, 2], [26, 4], confidence_level=0.9)]
    np.testing.assert_allclose(av.loc["PRE", "unweighted"][["value", "lower", "upper"]].to_numpy(float), expected,
                               rtol=0, atol=1e-14)
