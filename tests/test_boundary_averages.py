"""Values at an end of their range that the delta method turns into point intervals whatever the number of objects:
the averages of Yule's Q and Y (and the odds-ratio family) whose classes all sit at the end, and F1 at 0 or 1 (a
class never predicted, or predicted without error).

The known answers are statsmodels' score test of the odds ratio inverted (``test_proportions_2indep(...,
compare="odds-ratio", method="score")``, whose p-value is 0.05 at the interval's finite end), and the Wilson and
Clopper–Pearson intervals of statsmodels' ``proportion_confint`` and R's ``prop.test`` and ``binom.test``.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pandas_agree as pa

pytestmark = pytest.mark.filterwarnings("ignore::pandas_agree.UndefinedMeasureWarning")

AVERAGES = ["unweighted", "weighted", "inverse", "micro"]


def _odds_ratio_lower(x1, n1, x2, n2, alpha=0.05):
    """The lower end of the score interval of the odds ratio of x1/n1 against x2/n2 (x1 = n1 or x2 = 0: the odds
    ratio ∞): the θ at which statsmodels' ``test_proportions_2indep(x1, n1, x2, n2, value=θ,
    compare="odds-ratio", method="score")`` has the p-value alpha (brentq on log θ)."""
    from scipy.optimize import brentq
    from statsmodels.stats.proportion import test_proportions_2indep

    def excess(u):
        with np.errstate(all="ignore"):
            return test_proportions_2indep(x1, n1, x2, n2, value=float(np.exp(u)), compare="odds-ratio",
                                           method="score").pvalue - alpha

    return math.exp(brentq(excess, -5.0, 25.0, xtol=1e-13, rtol=1e-15))


def _yule_q(odds_ratio):
    return (odds_ratio - 1) / (odds_ratio + 1)


def _yule_y(odds_ratio):
    return (math.sqrt(odds_ratio) - 1) / (math.sqrt(odds_ratio) + 1)


# --- averages at the end of their range ---------------------------------------------------------------------------

def test_two_classes_at_q_1_average_to_the_classes_score_interval():
    """[[40, 0], [10, 50]]: both classes have Q = Y = 1 (class 0: a = 40, b = 0, c = 10, d = 50; class 1 the same
    table read both ways), and every average of them is the classes' value with the classes' interval, not
    [1, 1] with SE 0."""
    ag = pa.Agreement.from_table([[40, 0], [10, 50]])
    classes = ag.binary(["YULEQ", "YULEY"], ci="auto")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        out = ag.averages(["YULEQ", "YULEY"], ci="auto")
    lower_or = _odds_ratio_lower(40, 40, 10, 60)  # a of a + b against c of c + d
    for code, mapped in (("YULEQ", _yule_q), ("YULEY", _yule_y)):
        assert classes.loc[0, (code, "lower")] == pytest.approx(mapped(lower_or), rel=1e-8)
        for method in ("unweighted", "weighted", "inverse"):
            assert out.loc[code, (method, "value")] == 1.0
            assert out.loc[code, (method, "lower")] == pytest.approx(mapped(lower_or), rel=1e-8), (code, method)
            assert out.loc[code, (method, "upper")] == 1.0
            assert np.isnan(out.loc[code, (method, "se")])
    assert out.loc["YULEQ", ("unweighted", "lower")] == pytest.approx(0.958958, abs=1e-6)
    # micro: the pooled table (90, 10, 10, 90) has no zero cell and keeps its interval
    assert out.loc["YULEQ", ("micro", "se")] > 0 and out.loc["YULEQ", ("micro", "upper")] < 1
    assert not any("zero width" in note for note in out.attrs["notes"])
    assert any("averaged with the average's weights" in note for note in out.attrs["notes"])
    assert "score intervals averaged" in out.attrs["methods"]["YULEQ"]
    assert any("average at the end of its range" in str(w.message) and "YULEQ (unweighted, weighted, inverse)"
               in str(w.message) for w in caught)


def test_three_classes_at_q_1_average_their_score_intervals_with_the_averages_weights():
    """[[30, 0, 0], [0, 20, 5], [0, 0, 40]]: each class has a zero cell and Q = 1; the interval of each average is
    [Σ c_k·l_k, 1], c_k its weights (1/3 each; n_k· = 30, 25, 40; 1/n_k·), l_k each class's lower end."""
    table = [[30, 0, 0], [0, 20, 5], [0, 0, 40]]
    ag = pa.Agreement.from_table(table)
    out = ag.averages(["YULEQ"], ci="auto")
    # the classes' (a, a + b, c, c + d): class 0 (30, 30, 0, 65), class 1 (20, 25, 0, 70), class 2 (40, 40, 5, 55)
    lowers = np.array([_yule_q(_odds_ratio_lower(*x)) for x in [(30, 30, 0, 65), (20, 25, 0, 70), (40, 40, 5, 55)]])
    sizes = np.array([30.0, 25.0, 40.0])
    for method, weights in (("unweighted", np.ones(3)), ("weighted", sizes), ("inverse", 1 / sizes)):
        expected = float(weights @ lowers / weights.sum())
        assert out.loc["YULEQ", (method, "lower")] == pytest.approx(expected, rel=1e-8), method
        assert out.loc["YULEQ", (method, "upper")] == 1.0
    # the pooled table (90, 5, 5, 185) has no zero cell: micro's own interval
    assert out.loc["YULEQ", ("micro", "value")] < 1 and out.loc["YULEQ", ("micro", "se")] > 0


@pytest.mark.parametrize("how", ["linearized", "bootstrap", "design"])
def test_the_other_methods_leave_an_average_at_the_end_without_an_interval(how):
    """As with the classes' values there: the delta method's SE is 0 (its interval [1, 1]), the bootstrap's
    resamples all sit at 1, a design's DEFF is 0/0; NaN with a note, never a point."""
    table = [[40, 0], [10, 50]]
    if how == "design":
        cells = [(i, j) for i, row in enumerate(table) for j, count in enumerate(row) for _ in range(count)]
        frame = pd.DataFrame(cells, columns=["ref", "pred"])
        frame["stratum"] = np.arange(len(frame)) % 2
        out = frame.agree("ref", "pred", strata="stratum").averages(["YULEQ", "YULEY"], ci="auto")
    else:
        out = pa.Agreement.from_table(table).averages(["YULEQ", "YULEY"], ci=how, random_state=0, n_resamples=300)
    for code in ("YULEQ", "YULEY"):
        for method in ("unweighted", "weighted", "inverse"):
            assert out.loc[code, (method, "value")] == 1.0
            stats = ["se", "lower", "upper"] + (["deff"] if how == "design" else [])
            assert np.isnan(out.loc[code, [(method, s) for s in stats]].to_numpy(float)).all(), (code, method)
        assert np.isfinite(out.loc[code, ("micro", "lower")])
    assert any("ci=\"auto\"" in note and "classes' score intervals" in note for note in out.attrs["notes"])
    assert not any("zero width" in note for note in out.attrs["notes"])


def test_averages_inside_the_range_keep_their_intervals():
    """Only an average at the end of its range changes: one class at Q = 1 beside one below leaves the average
    inside the range with its delta-method interval, as before."""
    ag = pa.Agreement.from_table([[30, 0, 0], [0, 20, 5], [3, 0, 40]])
    out = ag.averages(["YULEQ"], ci="auto")
    assert (out.xs("value", axis=1, level="stat").loc["YULEQ"] < 1).all()
    assert (out.xs("se", axis=1, level="stat").loc["YULEQ"] > 0).all()
    assert out.attrs["methods"]["YULEQ"] == "linearised (fisher-z scale)"


@st.composite
def perfect_tables(draw):
    """A K×K table (K = 2..4) whose every off-diagonal row has at most one error column, so that every class has a
    zero cell: b = 0 or c = 0 with a > 0 (Q = 1)."""
    k = draw(st.integers(2, 4))
    table = np.diag([draw(st.integers(5, 60)) for _ in range(k)]).astype(float)
    for i in range(k - 1):  # errors only below the diagonal's next class: class i's c and class i + 1's b
        table[i + 1, i] = draw(st.integers(0, 15))
    return table


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(perfect_tables())
def test_property_an_average_at_q_1_lies_within_its_classes_intervals(table):
    ag = pa.Agreement.from_table(table)
    classes = ag.binary(["YULEQ"], ci="auto")
    assume_all_one = (classes[("YULEQ", "value")] == 1).all()
    if not assume_all_one:
        return
    out = ag.averages(["YULEQ"], ci="auto", average=["unweighted", "weighted", "inverse"])
    lowers = classes[("YULEQ", "lower")].to_numpy(float)
    for method in ("unweighted", "weighted", "inverse"):
        lower = out.loc["YULEQ", (method, "lower")]
        assert lowers.min() - 1e-12 <= lower <= lowers.max() + 1e-12
        assert lower < 1 and out.loc["YULEQ", (method, "upper")] == 1
    assert out.loc["YULEQ", ("unweighted", "lower")] == pytest.approx(lowers.mean(), rel=1e-12)


# --- F1 at 0 and 1 -----------------------------------------------------------------------------------------------

UNION = pd.DataFrame([[300, 20], [15, 250], [100, 82]], index=["a", "b", "c"], columns=["a", "b"])
"""Class "c" (182 objects) is never predicted: a = 0, b = 182, c = 0; its F1 and recall are 0."""


def test_f1_of_a_class_never_predicted_has_an_interval():
    """F1 = 2J/(1 + J) with J = a/(a + b + c) = 0/182: the Wilson interval of J (statsmodels'
    ``proportion_confint(0, 182, method="wilson")``, R's ``prop.test(0, 182, correct = FALSE)$conf.int``:
    [0, 0.020670623471593]) mapped; recall keeps its Wilson interval, the same numbers."""
    out = pa.Agreement.from_table(UNION).binary(["F1", "REC"], classes="union", ci="auto")
    upper_j = 0.020670623471593
    assert out.loc["c", ("F1", "value")] == 0.0
    assert out.loc["c", ("F1", "lower")] == 0.0
    assert out.loc["c", ("F1", "upper")] == pytest.approx(2 * upper_j / (1 + upper_j), rel=1e-12)
    assert out.loc["c", ("REC", "upper")] == pytest.approx(upper_j, rel=1e-12)
    notes = " ".join(out.attrs["notes"])
    assert "zero width" not in notes and "more objects are needed" not in notes
    assert "2J/(1 + J)" in notes
    # the other classes keep the delta method's interval
    assert out.loc["a", ("F1", "lower")] < out.loc["a", ("F1", "value")] < out.loc["a", ("F1", "upper")] < 1
    assert out.attrs["methods"]["F1"].startswith("linearised (logit scale)")


def test_f1_at_1_and_the_binomial_method_named():
    """Class 0 of [[50, 0, 0], [0, 30, 10], [0, 5, 40]] has no error (a = 50, b = c = 0): F1 = 1, J's lower end
    from statsmodels' ``proportion_confint(50, 50, method="wilson")`` (0.9286524008666412); with
    ``ci="clopper-pearson"`` F1 of class "c" above takes R's ``binom.test(0, 182)$conf.int`` upper end
    0.0200645417640249."""
    out = pa.Agreement.from_table([[50, 0, 0], [0, 30, 10], [0, 5, 40]]).binary(["F1"], ci="auto")
    lower_j = 0.9286524008666412
    assert out.loc[0, ("F1", "value")] == 1.0 and out.loc[0, ("F1", "upper")] == 1.0
    assert out.loc[0, ("F1", "lower")] == pytest.approx(2 * lower_j / (1 + lower_j), rel=1e-12)
    exact = pa.Agreement.from_table(UNION).binary(["F1"], classes="union", ci="clopper-pearson")
    upper_j = 0.0200645417640249
    assert exact.loc["c", ("F1", "upper")] == pytest.approx(2 * upper_j / (1 + upper_j), rel=1e-12)


def test_f1_at_0_of_a_small_class_is_not_a_point_either():
    """A class never predicted of 12 objects (below 20: the blurred rule, whose table adds nothing to a column
    without objects, so that F1 stays 0 there) takes the same mapped Wilson interval: J = 0/12, statsmodels'
    ``proportion_confint(0, 12, method="wilson")`` upper end 0.24249..."""
    from statsmodels.stats.proportion import proportion_confint

    table = pd.DataFrame([[300, 20], [15, 250], [7, 5]], index=["a", "b", "c"], columns=["a", "b"])
    out = pa.Agreement.from_table(table).binary(["F1"], classes="union", ci="auto")
    upper_j = proportion_confint(0, 12, method="wilson")[1]
    assert out.loc["c", ("F1", "upper")] == pytest.approx(2 * upper_j / (1 + upper_j), rel=1e-12)


def test_the_delta_method_at_0_says_why_its_interval_is_a_point():
    """Under ci="linearized" F1 (and REC) of the class never predicted keep the delta method's [0, 0]; the note
    names the end of the range, not a lack of objects."""
    out = pa.Agreement.from_table(UNION).binary(["F1", "REC"], classes="union", ci="linearized")
    assert out.loc["c", ("F1", "upper")] == 0.0
    notes = " ".join(out.attrs["notes"])
    assert "zero width at 0 or 1, an end of the range" in notes
    assert "more objects are needed" not in notes
    assert "a class never predicted has F1 0" in notes and "nor is F1's under it" in notes


def test_the_bootstrap_at_0_says_why_its_interval_is_a_point():
    """Under ci="bootstrap" every resample of the table keeps a = 0 for the class never predicted (its cell has no
    objects), so F1 and REC keep [0, 0] at any size: the note names the end of the range and the resamples, not a
    lack of objects."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        out = pa.Agreement.from_table(UNION).binary(["F1", "REC"], classes="union", ci="bootstrap", n_resamples=200,
                                                    random_state=0)
    assert out.loc["c", ("F1", "lower")] == out.loc["c", ("F1", "upper")] == 0.0
    notes = " ".join(out.attrs["notes"])
    assert "zero width at 0 or 1, an end of the range, where every resample of the table keeps the value" in notes
    assert "more objects are needed" not in notes


def test_the_note_at_0_names_f1_only_where_f1_is_listed():
    """Under ci="auto" F1 of the class never predicted has its mapped interval, so the note on zero widths at an
    end lists GM (sqrt(REC·SPE) = 0 there) alone and does not speak of F1."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        out = pa.Agreement.from_table(UNION).binary(["F1", "GM"], classes="union", ci="auto")
    assert out.loc["c", ("F1", "upper")] > 0 and out.loc["c", ("GM", "upper")] == 0.0
    note = next(n for n in out.attrs["notes"] if "an end of the range" in n)
    assert note.startswith("The interval of GM (") and "F1" not in note
    assert "a class never predicted, for one" in note


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 400), st.integers(0, 400), st.integers(1, 400))
def test_property_f1_at_0_is_the_mapped_wilson_interval(b, c_other, d):
    """Every class with a = 0 and a + b + c > 0: F1's interval is [0, 2u/(1 + u)], u the Wilson upper end of
    0 of a + b + c (statsmodels), and it contains the value."""
    from statsmodels.stats.proportion import proportion_confint

    table = np.array([[0.0, b], [c_other, d]])  # class 0: a = 0, b = b, c = c_other
    out = pa.Agreement.from_table(table).binary(["F1"], ci="auto")
    upper_j = proportion_confint(0, b + c_other, method="wilson")[1]
    assert out.loc[0, ("F1", "lower")] == 0.0
    assert out.loc[0, ("F1", "upper")] == pytest.approx(2 * upper_j / (1 + upper_j), rel=1e-10)


def test_report_names_f1s_whole_interval_method():
    """The report's list of interval methods shortens a binomial method ("wilson (a of a+b)" to "wilson") and
    nothing else: F1's method, which holds "of J = a/(a+b+c)", is named whole (it read "linearised")."""
    t = pd.DataFrame([[20, 0, 1], [0, 15, 0], [2, 0, 9]], index=list("abc"), columns=list("abc"))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        report = pa.Agreement.from_table(t).report()
    listed = " ".join(" ".join(report.notes).split())
    assert ("class-specific, linearised (logit scale) SE, blurred (logit scale) interval; wilson of J = a/(a+b+c) "
            "mapped by 2J/(1 + J) at 0 and 1: F1") in listed
    assert "class-specific, linearised: F1" not in listed
    assert "class-specific, wilson: " in listed


def test_the_note_on_a_prevalence_known_exactly_does_not_contradict_itself():
    """The unweighted mean of the K prevalences is 1/K on every table (zero width, known exactly): the note says
    so as the exception to "more objects are needed", not beside it."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        out = pa.Agreement.from_table([[20, 5, 1], [3, 22, 4], [2, 3, 30]]).averages(["PREV"], ci="auto")
    assert out.loc["PREV", ("unweighted", "value")] == pytest.approx(1 / 3, abs=1e-15)
    note = next(n for n in out.attrs["notes"] if "zero width" in n)
    assert note.endswith("more objects are needed to estimate its uncertainty, except where the value is the same "
                         "on every table of these classes (the unweighted mean of the prevalences is 1/K): that "
                         "value is known exactly.")
    assert "only then" not in note


# --- points away from the logit scale's ends -------------------------------------------------------------------------

def test_points_off_the_logit_scale_name_the_empty_cells_not_a_lack_of_objects():
    """Class "c" of UNION is never predicted (a = c = 0, b = 182): REC = 0/182 and SPE = 403/403, whose Wald
    intervals are points (statsmodels' ``proportion_confint(0, 182, method="normal")`` is (0, 0) and
    ``proportion_confint(403, 403, method="normal")`` (1, 1)), so YOUD = REC + SPE − 1 = 0 and BCR = 0.5 have the
    Wald SE √(0/182 + 0/403) = 0; LRN = (182/182)/(403/403) = 1 has Simel's log SE √(1/182 − 1/182 + 1/403 −
    1/403) = 0; HSS (kappa) and SOMERSD are 0 with an empty column, where the FCE and delta-method SEs are 0. That
    holds at any number of objects: the note names the empty cells, not a lack of objects; GM at 0 keeps the note
    on the logit scale's end."""
    out = pa.Agreement.from_table(UNION).binary(["YOUD", "BCR", "HSS", "SOMERSD", "LRN", "GM"], classes="union",
                                                ci="auto")
    for code, value in (("YOUD", 0.0), ("BCR", 0.5), ("HSS", 0.0), ("SOMERSD", 0.0), ("LRN", 1.0)):
        assert out.loc["c", (code, "value")] == pytest.approx(value, abs=1e-15)
        assert out.loc["c", (code, "lower")] == pytest.approx(value, abs=1e-15)
        assert out.loc["c", (code, "upper")] == pytest.approx(value, abs=1e-15)
    notes = out.attrs["notes"]
    assert not any("more objects are needed" in n for n in notes)
    note = next(n for n in notes if n.startswith("The intervals of YOUD"))
    assert note.startswith("The intervals of YOUD, BCR (Wald); HSS (Fleiss–Cohen–Everitt); SOMERSD (linearised "
                           "(fisher-z scale)); LRN (log method (Simel 1991)) have zero width: the class's 2×2 table")
    assert "a row or a column without objects (a class never predicted, for one)" in note
    assert "is 0 whatever the number of objects" in note
    assert "an end of the range" not in note and "sample design" not in note
    assert 'which ci="auto" gives them, are not points there.' in note
    gm = next(n for n in notes if n.startswith("The interval of GM"))
    assert "zero width at 0 or 1, an end of the range, where the logit scale's slope is infinite" in gm


def test_the_bootstrap_at_a_value_inside_the_range_does_not_name_an_end():
    """Under ci="bootstrap" every resample keeps class "c" never predicted, so YOUD (0 of [−1, 1]), BCR (0.5) and LRN
    (1 of [0, ∞)) are points as GM (0 of [0, 1]) is: the note on GM names the end of the range, the other names the
    empty cells (YOUD and BCR read "more objects are needed" or "at 0 or 1, an end of the range")."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        out = pa.Agreement.from_table(UNION).binary(["YOUD", "BCR", "LRN", "GM"], classes="union", ci="bootstrap",
                                                    n_resamples=200, random_state=0)
    for code in ("YOUD", "BCR", "LRN", "GM"):
        assert out.loc["c", (code, "lower")] == out.loc["c", (code, "upper")] == out.loc["c", (code, "value")]
    notes = out.attrs["notes"]
    assert not any("more objects are needed" in n for n in notes)
    at_end = next(n for n in notes if "an end of the range" in n)
    assert at_end.startswith("The interval of GM (bootstrap") and "YOUD" not in at_end
    cells = next(n for n in notes if n.startswith("The intervals of YOUD, BCR, LRN (bootstrap"))
    assert "where every resample of the table keeps the value (a cell without objects has none in any resample) " \
           "whatever the number of objects" in cells


def test_averages_without_errors_name_the_empty_diagonal():
    """Every object on the diagonal of [[30, 0, 0], [0, 20, 0], [0, 0, 10]]: each class has b = c = 0, YOUD = MARK
    = HSS = 1 with the delta method's SE 0 on the Fisher-z scale (the slope of artanh is infinite at 1) and OPRE 1
    with SE 0 on the reflected-log scale, at any number of objects; BCR (of [0, 1]) at 1 keeps the logit note."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        out = pa.Agreement.from_table(np.diag([30.0, 20.0, 10.0])).averages(["YOUD", "MARK", "HSS", "OPRE", "BCR"],
                                                                           ci="linearized")
    assert (out.xs("upper", axis=1, level="stat") == 1).all().all()
    assert (out.xs("lower", axis=1, level="stat") == 1).all().all()
    notes = out.attrs["notes"]
    assert not any("more objects are needed" in n for n in notes)
    cells = next(n for n in notes if n.startswith("The intervals of YOUD, MARK, HSS"))
    assert "(linearised (fisher-z scale)); OPRE (linearised (reflected-log scale)) have zero width" in cells
    assert "or none on or off its diagonal" in cells
    assert any(n.startswith("The interval of BCR (linearised (logit scale)) has zero width at 0 or 1") for n in notes)


def test_a_sample_design_says_that_auto_gives_no_binomial_interval_there():
    """Under a sample design ci="auto" keeps the linearised intervals (REC of a class never predicted is 0 [0, 0]
    there too): the note on YOUD's point says where the binomial intervals are given."""
    rng = np.random.default_rng(1)
    n = 400
    df = pd.DataFrame({"y": rng.choice(list("abc"), n), "psu": rng.integers(0, 20, n), "st": rng.integers(0, 2, n)})
    df["pred"] = np.where(rng.random(n) < 0.7, df["y"], "a")
    df.loc[df["pred"] == "c", "pred"] = "b"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        out = pa.Agreement.from_frame(df, "y", "pred", strata="st", cluster="psu").binary(["YOUD", "REC"],
                                                                                         classes="union", ci="auto")
    assert out.loc["c", ("YOUD", "lower")] == out.loc["c", ("YOUD", "upper")] == 0.0
    note = next(n for n in out.attrs["notes"] if n.startswith("The interval of YOUD"))
    assert 'which ci="auto" gives them without a sample design, are not points there.' in note


def test_digits_report_of_a_tree_names_the_classes_never_predicted():
    """A tree of depth 3 on scikit-learn's digits predicts 6 of the 10 digits (at most 8 leaves): digits 1, 2, 4
    and 8 are never predicted, at any number of objects. Their YOUD (0), BCR (0.5), HSS (0), SOMERSD (0) and LRN
    (1) have intervals of zero width, which the report's note puts down to the empty column, not to too few
    objects."""
    from sklearn.datasets import load_digits
    from sklearn.tree import DecisionTreeClassifier

    x, y = load_digits(return_X_y=True)
    pred = DecisionTreeClassifier(max_depth=3, random_state=0).fit(x, y).predict(x)
    assert sorted(set(y) - set(pred)) == [1, 2, 4, 8]
    df = pd.DataFrame({"y": y, "pred": pred})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        report = df.agree.report("y", "pred", classes="union")
    flat = [" ".join(n.split()) for n in report.notes]
    note = next(n for n in flat if n.startswith("The intervals of YOUD"))
    assert "more objects are needed" not in note
    for code in ("BCR (Wald)", "HSS (Fleiss–Cohen–Everitt)", "SOMERSD", "LRN (log method"):
        assert code in note
    assert "a row or a column without objects (a class never predicted, for one)" in note
