"""Statistics that read the labels as an ordered scale say which order they used when the labels carry none, and
two columns that share few labels are not silently taken for two classifications."""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd
import pytest

import pandas_agree as pa

# R: vcd::SexualFun (Husband × Wife); vcd 1.4: Kappa(SexualFun)$Weighted["value"] (equal-spacing weights)
LEVELS = ["Never Fun", "Fairly Often", "Very Often", "Always fun"]
SEXUAL_FUN = np.array([[7, 7, 2, 3], [2, 8, 3, 7], [1, 5, 4, 9], [2, 8, 9, 14]])
VCD_WEIGHTED = 0.2373806275579809
# R: margin.table(HairEyeColor, c(1, 2))
HAIR_EYE = pd.DataFrame([[68, 20, 15, 5], [119, 84, 54, 29], [26, 17, 14, 14], [7, 94, 10, 16]],
                        index=pd.Index(["Black", "Brown", "Red", "Blond"], name="Hair"),
                        columns=pd.Index(["Brown", "Blue", "Hazel", "Green"], name="Eye"))


def long(table: np.ndarray, levels) -> pd.DataFrame:
    i, j = np.indices(table.shape)
    return pd.DataFrame({"husband": np.repeat(np.asarray(levels, dtype=object)[i.ravel()], table.ravel()),
                         "wife": np.repeat(np.asarray(levels, dtype=object)[j.ravel()], table.ravel())})


def caught(f, *args, **kwargs):
    with warnings.catch_warnings(record=True) as found:
        warnings.simplefilter("always")
        out = f(*args, **kwargs)
    return out, [w for w in found if issubclass(w.category, (pa.LabelOrderWarning, pa.FewSharedLabelsWarning))]


def test_weighted_kappa_of_text_labels_says_which_order_it_used():
    df = long(SEXUAL_FUN, LEVELS)
    value, found = caught(lambda: df.agree("husband", "wife").multiclass(["KAPPA_W"]).loc["KAPPA_W", "value"])
    assert value == pytest.approx(0.0654566, abs=1e-6)  # the sorted (alphabetical) order, which is no scale
    assert len(found) == 1 and found[0].category is pa.LabelOrderWarning
    text = str(found[0].message)
    assert "'Always fun' < 'Fairly Often' < 'Never Fun' < 'Very Often'" in text and "labels=" in text
    assert "KAPPA_W" in text and "ordered pandas Categorical" in text


@pytest.mark.parametrize("how", ["labels", "ordered categorical", "numeric codes"])
def test_an_order_given_is_used_silently(how):
    df = long(SEXUAL_FUN, LEVELS)
    if how == "labels":
        ag = df.agree("husband", "wife", labels=LEVELS)
    elif how == "ordered categorical":
        ag = df.astype(pd.CategoricalDtype(LEVELS, ordered=True)).agree("husband", "wife")
    else:
        ag = long(SEXUAL_FUN, [1, 2, 3, 4]).agree("husband", "wife")
    value, found = caught(lambda: ag.multiclass(["KAPPA_W"], kappa_weights="linear").loc["KAPPA_W", "value"])
    assert value == pytest.approx(VCD_WEIGHTED, rel=1e-12)
    assert found == [] and ag.ordered


def test_a_table_of_text_labels_is_read_in_its_own_order_and_says_so():
    ag = pa.Agreement.from_table(pd.DataFrame(SEXUAL_FUN, index=LEVELS, columns=LEVELS))
    value, found = caught(lambda: ag.multiclass(["KAPPA_W"]).loc["KAPPA_W", "value"])
    assert value == pytest.approx(VCD_WEIGHTED, rel=1e-12)
    assert len(found) == 1 and "'Never Fun' < 'Fairly Often' < 'Very Often' < 'Always fun'" in str(found[0].message)


def test_every_order_dependent_statistic_warns_and_the_others_do_not():
    ag = long(SEXUAL_FUN, LEVELS).agree("husband", "wife")
    for call in (lambda: ag.multiclass(["SPI"], kappa_weights="quadratic"),
                 lambda: ag.tests(kappa_weights="linear"),
                 lambda: ag.crosstab_statistics(["gamma"]),
                 lambda: ag.crosstab_statistics(["chisq"]),
                 lambda: ag.crosstab_statistics(["corr", "btau", "ctau", "d", "eta"])):
        assert len(caught(call)[1]) == 1
    weights = pd.DataFrame(np.eye(4), index=LEVELS, columns=LEVELS)  # aligned by label: no order read
    for call in (lambda: ag.multiclass(["KAPPA", "SPI", "OSR"]), lambda: ag.multiclass(["SPI"], kappa_weights=weights),
                 lambda: ag.crosstab_statistics(["phi", "lambda", "uc", "kappa", "risk"]), lambda: ag.tests()):
        assert caught(call)[1] == []
    two = pa.agreement(["yes", "no", "no", "yes"], ["yes", "no", "yes", "yes"])  # one order on both sides: any
    assert caught(lambda: two.crosstab_statistics(["gamma", "chisq"]))[1] == []


def test_the_report_notes_the_order_used():
    report = caught(long(SEXUAL_FUN, LEVELS).agree.report, "husband", "wife", kappa_weights="linear", ci=None)[0]
    assert any("the order used is 'Always fun' < 'Fairly Often'" in note for note in report.notes)
    assert "the order used is" in str(report)


def hair_eye() -> pd.DataFrame:
    return HAIR_EYE.stack().rename("n").reset_index()


def test_two_variables_that_share_few_labels_are_named_as_such():
    ag, found = caught(hair_eye().agree, "Hair", "Eye", weights="n")
    assert list(ag.common) == ["Brown"]
    assert len(found) == 1 and found[0].category is pa.FewSharedLabelsWarning
    text = str(found[0].message)
    assert "only 1 label is on both sides ('Brown') of 4 reference and 4 predicted labels" in text
    assert "crosstab" in text and "match=" in text
    report = caught(hair_eye().agree.report, "Hair", "Eye", weights="n", ci=None)[0]
    assert any("Only 1 label is on both sides ('Brown')" in note for note in report.notes)



def test_four_shared_labels_are_all_named_rather_than_three_and_an_ellipsis():
    """A depth-2 decision tree on the ten digits predicts four of them: the message named "0, 6, 7, … (4 in all)",
    an ellipsis in place of the fourth label; it names all four. Ten labels still end in "… (10 in all)"."""
    truth = list(range(10)) * 3
    pred = [0, 6, 7, 7, 7, 6, 6, 7, 7, 9] * 3
    found = caught(pa.agreement, truth, pred)[1]
    assert len(found) == 1 and found[0].category is pa.FewSharedLabelsWarning
    assert "only 4 labels are on both sides (0, 6, 7, 9) of 10 reference and 4 predicted labels" in str(
        found[0].message)
    from pandas_agree.base.text import shown_list

    assert shown_list(range(10), most=3) == "0, 1, 2, … (10 in all)"

def test_half_the_labels_shared_or_a_matching_is_silent():
    assert caught(pa.agreement, ["a", "b", "c", "d"], ["a", "b", "x", "y"])[1] == []  # 2 of 4 on each side
    assert caught(pa.agreement, ["a", "b"], ["a", "a"])[1] == []  # a prediction of one class: 1 of 2, 1 of 1
    assert caught(pa.Agreement.from_table, HAIR_EYE, match="accuracy")[1] == []
    assert len(caught(pa.agreement, ["a", "b", "c"], ["a", "a", "a"])[1]) == 1  # 1 of 3 reference labels


def test_the_raters_weighted_and_ordinal_coefficients_say_which_order_they_used():
    df = pd.DataFrame({"r1": ["lo", "mid", "hi", "mid", "lo", "hi"], "r2": ["lo", "hi", "hi", "mid", "mid", "hi"],
                       "r3": ["mid", "mid", "hi", "mid", "lo", "lo"]})
    ra = df.agree.raters(["r1", "r2", "r3"])
    for call in (lambda: ra.summary(["FLEISS", "CONGER"], kappa_weights="linear"),
                 lambda: ra.summary(["ALPHA"], level="ordinal")):
        found = caught(call)[1]
        assert len(found) == 1 and "'hi' < 'lo' < 'mid'" in str(found[0].message)
    ordered = df.agree.raters(["r1", "r2", "r3"], labels=["lo", "mid", "hi"])
    assert caught(lambda: ordered.summary(["FLEISS"], kappa_weights="linear"))[1] == []
    assert caught(lambda: ra.summary(["FLEISS", "ALPHA"]))[1] == []
    report = caught(ra.report, kappa_weights="quadratic", ci=None)[0]
    assert any("the order used is 'hi' < 'lo' < 'mid'" in note for note in report.notes)
