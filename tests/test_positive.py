"""positive=: the measures of one class of a two-class problem, without averaging (caret's ``positive``,
scikit-learn's ``pos_label`` with ``average="binary"``)."""

import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import precision_recall_fscore_support

import pandas_agree  # noqa: F401  (registers the accessor)


def quiet(fn, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return fn(*args, **kwargs)


@settings(max_examples=60, deadline=None)
@given(cells=st.lists(st.integers(0, 6), min_size=4, max_size=4), positive=st.sampled_from(["yes", "no"]))
def test_positive_class_equals_scikit_learn_binary_average(cells, positive):
    pairs = [("yes", "yes"), ("yes", "no"), ("no", "yes"), ("no", "no")]
    rows = [pair for pair, count in zip(pairs, cells, strict=True) for _ in range(count)]
    if len({x for pair in rows for x in pair}) != 2 or not {a for a, _ in rows} & {b for _, b in rows}:
        return  # one label only, or no label on both sides (K = 0, an error): not this test's case
    df = pd.DataFrame(rows, columns=["y", "p"])
    ag = df.agree("y", "p")
    out = quiet(ag.averages, ["PRE", "REC", "F1"], positive=positive, zero_division=0)
    want = precision_recall_fscore_support(df["y"], df["p"], average="binary", pos_label=positive,
                                           zero_division=0)[:3]
    np.testing.assert_allclose(out["positive"].to_numpy(), want, rtol=0, atol=1e-12)
    one = quiet(ag.binary, ["PRE", "REC", "F1"], positive=positive, zero_division=0)
    assert list(one.index) == [positive]
    pd.testing.assert_series_equal(one.iloc[0], out["positive"], check_names=False)


def test_positive_class_that_only_one_side_uses():
    # "yes" is never predicted: classes="common" would leave it out; positive= still gives its measures
    df = pd.DataFrame({"y": ["yes", "yes", "no", "no"], "p": ["no", "no", "no", "no"]})
    out = quiet(df.agree("y", "p").binary, ["REC", "PRE"], positive="yes")
    assert out.loc["yes", "REC"] == 0 and np.isnan(out.loc["yes", "PRE"])


def test_positive_with_intervals_keeps_the_shapes():
    df = pd.DataFrame({"y": list("aabbbab"), "p": list("abbbaab")})
    ag = df.agree("y", "p")
    out = ag.averages(["REC", "F1"], positive="a", ci="auto", random_state=0)
    assert list(out.index) == ["REC", "F1"]
    assert list(out.columns) == [("positive", s) for s in ("value", "se", "lower", "upper")]
    single = ag.binary(["REC", "F1"], positive="a", ci="auto", random_state=0)
    assert out.loc["REC", ("positive", "value")] == single.loc["a", ("REC", "value")]


@pytest.mark.parametrize("call, fragment", [
    (lambda ag: ag.binary(positive="zzz"), "positive must be one of the two labels"),
    (lambda ag: ag.averages(positive="zzz"), "positive must be one of the two labels"),
])
def test_unknown_positive_label(call, fragment):
    ag = pd.DataFrame({"y": list("aab"), "p": list("abb")}).agree("y", "p")
    with pytest.raises(ValueError, match=fragment):
        call(ag)


def test_positive_needs_two_labels():
    ag = pd.DataFrame({"y": list("abc"), "p": list("abc")}).agree("y", "p")
    with pytest.raises(ValueError, match="two-class problems; this table has 3 labels"):
        ag.binary(positive="a")


def test_report_with_a_positive_class():
    df = pd.DataFrame({"y": ["pos", "neg", "pos", "neg", "pos"] * 4, "p": ["pos", "neg", "neg", "neg", "pos"] * 4})
    rep = df.agree.report("y", "p", positive="pos", n_resamples=100)
    text = str(rep)
    assert "Averages over Classes" not in text and "Class-Specific Measures" in text
    assert any("positive class pos, without averaging" in note for note in rep.notes)
    assert not any(note.startswith("  averages") for note in rep.notes)
    assert list(rep.binary.index) == ["pos"] and rep.options["positive"] == "pos"
    assert rep.averages[("positive", "value")].loc["REC"] == pytest.approx(2 / 3)


def test_report_titles_the_class_table_by_its_positive_class(tmp_path):
    # with positive= the table holds the positive class alone, as caret's confusionMatrix(table, positive = "pos")
    # prints "'Positive' Class : pos": its title names that class, not "each class against the rest"
    import openpyxl

    df = pd.DataFrame({"y": ["pos", "neg", "pos", "neg", "pos"] * 4, "p": ["pos", "neg", "neg", "neg", "pos"] * 4})
    title = "Class-Specific Measures (positive class: pos)"
    rep = df.agree.report("y", "p", positive="pos", n_resamples=100)
    text, html = str(rep), rep.to_html(plots=False)
    rep.to_excel(tmp_path / "positive.xlsx")
    sheet = openpyxl.load_workbook(tmp_path / "positive.xlsx")["Report"]
    cells = [c.value for row in sheet.iter_rows() for c in row if isinstance(c.value, str)]
    for shown in (text, html, "\n".join(cells)):
        assert title in shown and "Measures (each class against the rest)" not in shown
    # without positive= every class is taken against the rest, as before
    assert "Class-Specific Measures (each class against the rest)" in str(df.agree.report("y", "p", ci=None))


def test_the_workbook_has_no_averages_sheet_with_a_positive_class(tmp_path):
    # with positive= nothing is averaged (scikit-learn's average="binary" with pos_label): the text and HTML reports
    # have no Averages table, and the workbook no Averages sheet (before, one column "positive" repeating the
    # positive class's row of Class measures)
    import openpyxl

    df = pd.DataFrame({"y": ["pos", "neg", "pos", "neg", "pos"] * 4, "p": ["pos", "neg", "neg", "neg", "pos"] * 4})
    rep = df.agree.report("y", "p", positive="pos", n_resamples=100)
    assert "Averages over Classes" not in rep.to_html(plots=False)
    rep.to_excel(tmp_path / "positive.xlsx")
    assert openpyxl.load_workbook(tmp_path / "positive.xlsx").sheetnames == [
        "Report", "Summary", "Crosstab", "Confusions", "Class measures", "Notes", "Measures"]
    # the positive class's measures are in Class measures, with their intervals
    sheet = pd.read_excel(tmp_path / "positive.xlsx", sheet_name="Class measures", header=[0, 1], index_col=0)
    assert sheet.loc["pos", ("REC", "value")] == pytest.approx(2 / 3)
    # without positive= the averages have their sheet, as before
    df.agree.report("y", "p", ci=None).to_excel(tmp_path / "averaged.xlsx")
    assert "Averages" in openpyxl.load_workbook(tmp_path / "averaged.xlsx").sheetnames
