"""positive= gives the positive class the intervals it has without positive=: the small-sample rules of ci="auto"
read the smallest class of the two-class table, not of the positive class alone (the blurred interval of F1 and
its like, the BCa interval of HSS), and the note on HSS's Donner–Eliasziw interval speaks of the one class shown."""

import warnings

import numpy as np
import pandas as pd
import pytest
from scipy.special import expit, logit
from scipy.stats import norm

import pandas_agree as pa
from pandas_agree.inference.auto import RULES

SMALL = pd.DataFrame([[12, 3], [2, 40]], index=["yes", "no"], columns=["yes", "no"])  # "yes": 14 and 15 objects


def quiet(fn, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return fn(*args, **kwargs)


def labelled(table: pd.DataFrame) -> pd.DataFrame:
    """The rows of a table of counts (reference = index, prediction = columns)."""
    rows = [(r, c) for r in table.index for c in table.columns for _ in range(int(table.loc[r, c]))]
    return pd.DataFrame(rows, columns=["y", "p"])


def assert_same(with_positive: pd.DataFrame, without: pd.DataFrame, positive) -> None:
    assert list(with_positive.index) == [positive]
    # a measure's method names what its classes got: without positive= it also names what the other class got
    # (F1 of a class never predicted, at 0, takes the binomial interval of a/(a + b + c) mapped there)
    for code, method in with_positive.attrs["methods"].items():
        assert without.attrs["methods"][code].startswith(method), code
    np.testing.assert_allclose(with_positive.to_numpy(dtype=float), without.loc[[positive]].to_numpy(dtype=float),
                               rtol=0, atol=1e-12, equal_nan=True)


@pytest.mark.parametrize("ci", ["auto", "linearized", "clopper-pearson"])
@pytest.mark.parametrize("positive", ["yes", "no"])
@pytest.mark.parametrize("source", ["table", "frame"])
def test_every_class_measure_of_the_positive_class_as_without_positive(ci, positive, source):
    # the known answer: the same class's row of binary() without positive= on the same table, every measure of the
    # default list (value, SE, interval and method); "no" (42 and 43 objects) beside the small class "yes" takes the
    # blurred interval of the rule "blurred-class" under "auto" and a binomial method's name
    ag = pa.Agreement.from_table(SMALL) if source == "table" else labelled(SMALL).agree("y", "p")
    without = quiet(ag.binary, ci=ci)
    with_positive = quiet(ag.binary, ci=ci, positive=positive)
    assert_same(with_positive, without, positive)
    if ci != "linearized":
        assert with_positive.attrs["methods"]["F1"] == "linearised (logit scale) SE, blurred (logit scale) interval"


def test_blurred_interval_of_the_large_positive_class_by_hand():
    # F1 of "no" (a = 40, b = 2, c = 3, d = 12) is 80/85; the blurred interval is the Wald interval on the logit
    # scale, at the value, of the multinomial delta-method SE of the table with 0.5 added to each cell:
    # Var = Σ g²n − (Σ g n)²/N with g = (2(b + c), −2a, −2a, 0)/(2a + b + c)², divided by (F(1 − F))² at the value;
    # z = scipy.stats.norm.ppf(0.975)
    a, b, c, d = 40.5, 2.5, 3.5, 12.5
    s = 2 * a + b + c
    g, n = np.array([2 * (b + c), -2 * a, -2 * a, 0]) / s ** 2, np.array([a, b, c, d])
    se = np.sqrt((g ** 2 * n).sum() - (g * n).sum() ** 2 / n.sum())
    value = 80 / 85
    half = norm.ppf(0.975) * se / (value * (1 - value))
    out = quiet(pa.Agreement.from_table(SMALL).binary, ["F1"], ci="auto", positive="no")
    np.testing.assert_allclose(out.loc["no", ("F1", "value")], value, rtol=0, atol=1e-15)
    np.testing.assert_allclose(out.loc["no", [("F1", "lower"), ("F1", "upper")]].to_numpy(dtype=float),
                               expit([logit(value) - half, logit(value) + half]), rtol=0, atol=1e-9)


def test_averages_with_positive_as_binary_without_it():
    ag = pa.Agreement.from_table(SMALL)
    without = quiet(ag.binary, ["F1", "CORR"], ci="auto")
    out = quiet(ag.averages, ["F1", "CORR"], ci="auto", positive="no")
    for code in ("F1", "CORR"):
        np.testing.assert_allclose(out.loc[code, "positive"].to_numpy(dtype=float),
                                   without.loc["no", code].to_numpy(dtype=float), rtol=0, atol=1e-12)


def test_hss_takes_bca_beside_a_small_class_with_positive_too():
    # 417 objects, the class "yes" of 14 and 15: HSS (the kappa of the 2×2 table) takes the BCa interval of the
    # rule "bca" (a class of fewer than 20); the known answer is the class's row without positive= on the same
    # resamples (random_state=1)
    ag = pa.Agreement.from_table(pd.DataFrame([[12, 3], [2, 400]], index=["yes", "no"], columns=["yes", "no"]))
    without = quiet(ag.binary, ["HSS", "F1"], ci="auto", random_state=1, n_resamples=500)
    with_positive = quiet(ag.binary, ["HSS", "F1"], ci="auto", random_state=1, n_resamples=500, positive="no")
    assert "bootstrap bca" in with_positive.attrs["methods"]["HSS"]
    assert_same(with_positive, without, "no")


def test_a_class_only_one_side_uses_counts_as_with_classes_union():
    # "yes" is never predicted (5 objects in the reference): positive= takes its classes from both sides' labels,
    # as classes="union" does, and "no" gets the blurred interval of a table with a class of fewer than 20
    df = pd.DataFrame({"y": ["yes"] * 5 + ["no"] * 40, "p": ["no"] * 45})
    ag = df.agree("y", "p")
    without = quiet(ag.binary, ["F1", "REC", "PRE"], ci="auto", classes="union")
    with_positive = quiet(ag.binary, ["F1", "REC", "PRE"], ci="auto", positive="no")
    assert "blurred" in with_positive.attrs["methods"]["F1"]
    assert_same(with_positive, without, "no")


def test_the_hss_note_speaks_of_the_positive_class():
    out = quiet(pa.Agreement.from_table(SMALL).binary, ["HSS"], ci="auto", positive="no")
    assert RULES["donner-eliasziw-positive"].note in out.attrs["notes"]
    assert RULES["donner-eliasziw-class"].note not in out.attrs["notes"]
    report = quiet(pa.Agreement.from_table(SMALL).report, positive="no", random_state=0, n_resamples=200)
    assert not any("each class's HSS" in note for note in report.notes)
    assert any(note.startswith("With fewer than 200 objects, the positive class's HSS") for note in report.notes)
    # without positive= every class is shown, and the note speaks of each
    out = quiet(pa.Agreement.from_table(SMALL).binary, ["HSS"], ci="auto")
    assert RULES["donner-eliasziw-class"].note in out.attrs["notes"]


def test_the_blurred_note_speaks_of_the_positive_class_rare_or_not():
    # SMALL: "yes" has 15 objects in the reference and 14 predicted (row and column sums), "no" 42 and 43; the rule
    # "blurred-class" fires for either class (a class of fewer than 20 on a side), and its coverage was measured on
    # the rare class's F1 only (docs/notes/intervals.md, the coverage study's grid)
    ag = pa.Agreement.from_table(SMALL)
    rare = quiet(ag.binary, ["F1"], ci="auto", positive="yes")
    assert "blurred" in rare.attrs["methods"]["F1"]
    assert RULES["blurred-positive-rare"].note in rare.attrs["notes"]
    assert RULES["blurred-class"].note not in rare.attrs["notes"]
    assert RULES["blurred-positive-rare"].note.startswith("With fewer than 20 objects of the positive class")
    common = quiet(ag.binary, ["F1"], ci="auto", positive="no")
    assert "blurred" in common.attrs["methods"]["F1"]
    note = RULES["blurred-positive-common"].note
    assert note in common.attrs["notes"] and RULES["blurred-class"].note not in common.attrs["notes"]
    assert note.startswith("With fewer than 20 objects of the other class (in the reference or the prediction), the "
                           "positive class's values without a binomial interval (F1 and its like) get Wald intervals")
    assert "measured these intervals on the rare class's F1" in note and "not on the larger class's" in note
    assert "the linearised intervals of the rare class's F1 covered" not in note
    report = quiet(ag.report, positive="no", random_state=0, n_resamples=200)
    assert note in report.notes and RULES["blurred-class"].note not in report.notes
    # without positive= every class is shown, the rare one among them: the note speaks of them all
    assert RULES["blurred-class"].note in quiet(ag.binary, ["F1"], ci="auto").attrs["notes"]
