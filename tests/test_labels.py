"""Any label renders or fails clearly: booleans, missing values, tuples, mixed objects, control characters, very
long text and dollar signs go through every output of the three reports; absurd sizes fail fast and say why."""

import json
import warnings
import zipfile
from xml.etree import ElementTree

import numpy as np
import openpyxl
import pandas as pd
import pytest

import pandas_agree as pa
from pandas_agree.engine.crosstab import MAX_CELLS, MAX_TOTAL, MIN_TOTAL
from pandas_agree.report import display

FAST = {"n_resamples": 50, "random_state": 0}


def every_output(report, tmp_path) -> str:
    """Every output of a report (text, both HTML forms, JSON, Excel); returns the text."""
    text = str(report)
    assert report._repr_html_().startswith("<div")
    assert report.to_html(tmp_path / "out.html").startswith("<!DOCTYPE html>")
    json.loads(report.to_json())
    report.to_excel(tmp_path / "out.xlsx")
    openpyxl.load_workbook(tmp_path / "out.xlsx")
    return text


LABEL_CASES = {
    "booleans": (pd.Series([True, False, True, True, False, False]),
                 pd.Series([True, True, False, True, False, False])),
    "missing, dropna=False": (pd.Series(["x", "y", None, "x", "y", "x"]), pd.Series(["x", None, "y", "x", "y", "y"])),
    "tuples": (pd.Series([(1, 2), (3, 4), (1, 2), (3, 4), (1, 2)]),
               pd.Series([(1, 2), (1, 2), (1, 2), (3, 4), (3, 4)])),
    "mixed objects": (pd.Series([True, 1, "1", 0, False, "x", 2.5], dtype=object),
                      pd.Series([1, True, "1", False, 0, "x", 2.5], dtype=object)),
}


@pytest.mark.parametrize("case", list(LABEL_CASES))
@pytest.mark.parametrize("percentages", [(), ("row", "column", "total")])
def test_any_label_renders_in_every_output(case, percentages, tmp_path):
    actual, pred = LABEL_CASES[case]
    frame = pd.DataFrame({"a": actual, "p": pred})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # labels that differ only in type
        report = frame.agree.report("a", "p", dropna=False, percentages=percentages, **FAST)
    text = every_output(report, tmp_path)
    for label in report.agreement.table.index:
        assert display.label(label) in text
    assert "[" in text.split("Crosstabulation")[1]  # the matching cells are marked


def test_matching_cells_are_marked_by_position_with_percentages(tmp_path):
    frame = pd.DataFrame({"a": [True, False, True, False], "p": [True, False, False, False]})
    report = frame.agree.report("a", "p", percentages=["row"], ci=None)
    crosstab = str(report).split("Crosstabulation")[1].split("Matching cells")[0]
    assert crosstab.count("[") == 2  # one per matching cell, on the count rows only


def test_tuple_labels_of_raters_and_comparisons(tmp_path):
    ratings = [(1, 2), (3, 4), (1, 2), (1, 2), (3, 4), (3, 4)]
    frame = pd.DataFrame({"r1": ratings, "r2": ratings[::-1], "r3": ratings[1:] + ratings[:1]})
    text = every_output(frame.agree.raters(["r1", "r2", "r3"]).report(**FAST), tmp_path)
    assert "(1, 2)" in text
    text = every_output(frame.agree.compare("r1", ["r2", "r3"]).report(**FAST), tmp_path)
    assert "r2" in text


@pytest.mark.parametrize("categories", [[0, 1], [0, 1, 2]])
def test_categorical_integers_against_categorical_booleans(categories):
    frame = pd.DataFrame({"a": pd.Categorical([0, 1, 0, 1, categories[-1]]),
                          "p": pd.Categorical([True, False, False, True, True])})
    with pytest.raises(ValueError, match="no label is present on both sides"):
        frame.agree("a", "p")  # labels match by value and type: 0 is not False
    raters = frame.agree.raters(["a", "p"])  # ratings match as labels do: no rating is lost or merged
    assert raters.n_dropped == 0
    assert [(isinstance(c, (bool, np.bool_)), c) for c in raters.categories] == [
        *((False, c) for c in categories), (True, False), (True, True)]


CONTROL = ["esc\x1b[31mred", "nul\x00", "bel\x07", "vt\x0b", "nonchar\uffff", "two\nlines", "tab\tbed", "rtl\u202e"]


def test_control_characters_never_reach_the_terminal_or_the_files(tmp_path):
    frame = pd.DataFrame({"a": CONTROL * 3, "p": CONTROL[1:] + CONTROL[:1] + CONTROL * 2})
    report = frame.agree.report("a", "p", **FAST)
    text = every_output(report, tmp_path)
    assert not any(c in text for c in "\x1b\x00\x07\x0b\uffff\t\u202e")
    assert not any(line.startswith("lines") for line in text.splitlines())  # "two\nlines" stays on one line
    assert "esc\\x1b[31mred" in text and "two\\nlines" in text and "nonchar\\uffff" in text
    with zipfile.ZipFile(tmp_path / "out.xlsx") as archive:  # a well-formed workbook: every part parses
        for name in archive.namelist():
            if name.endswith(".xml"):
                ElementTree.fromstring(archive.read(name))
    cells = {c.value for ws in openpyxl.load_workbook(tmp_path / "out.xlsx") for row in ws.iter_rows() for c in row}
    assert "esc\\x1b[31mred" in cells and "nonchar\\uffff" in cells
    assert "\x1b" not in (tmp_path / "out.html").read_text(encoding="utf-8")


def test_control_characters_in_raters_and_comparisons(tmp_path):
    frame = pd.DataFrame({"r1": CONTROL, "r2": CONTROL[::-1], "r3": CONTROL[1:] + CONTROL[:1]})
    for report in (frame.agree.raters(["r1", "r2", "r3"]).report(**FAST),
                   frame.agree.compare("r1", ["r2", "r3"]).report(**FAST)):
        text = every_output(report, tmp_path)
        assert "\x1b" not in text and "\x00" not in text


def test_labels_longer_than_an_excel_cell_are_cut_and_said_so(tmp_path):
    long = "L" * 40_000
    frame = pd.DataFrame({"a": [long, "b", long, "b"], "p": [long, "b", "b", "b"]})
    report = frame.agree.report("a", "p", ci=None)
    report.to_excel(tmp_path / "out.xlsx")
    book = openpyxl.load_workbook(tmp_path / "out.xlsx")
    cells = [c.value for ws in book for row in ws.iter_rows() for c in row if isinstance(c.value, str)]
    assert max(map(len, cells)) <= 32_767
    assert any(c.startswith("LLL") and "cut to Excel's limit" in c and "40,000" in c for c in cells)
    notes = [c.value for row in book["Notes"].iter_rows() for c in row if isinstance(c.value, str)]
    assert any("held more than 32,767 characters" in n for n in notes)
    assert long in report.to_json()  # the other outputs keep the whole label


def test_plot_labels_are_not_mathtext(tmp_path):
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    labels = ["$x^$", "$100-$200", "plain", "L" * 200]
    frame = pd.DataFrame({"a": labels * 3, "p": labels[1:] + labels[:1] + labels * 2})
    report = frame.agree.report("a", "p", **FAST)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        figure = report.plot()
        figure.canvas.draw()  # "$x^$" as mathtext does not parse
    ticks = [t.get_text() for t in figure.axes[0].get_xticklabels()]
    assert r"\$100-\$200" in ticks and r"\$x^\$" in ticks  # escaped dollars show as dollars
    assert max(map(len, ticks)) <= 40
    assert report.to_html().count("data:image/png") == 1


def test_absurd_numbers_of_labels_fail_before_allocating():
    n = 200_000
    ids = np.arange(n).astype(str)
    frame = pd.DataFrame({"a": ids, "p": ids[::-1], "r": ids})
    with pytest.raises(ValueError, match=f"too many labels.*at most {MAX_CELLS:,}.*map the labels to fewer"):
        frame.agree("a", "p")
    with pytest.raises(ValueError, match="too many labels"):
        frame.agree.raters(["a", "p", "r"])


def test_n_resamples_has_a_limit():
    ag = pa.Agreement.from_table([[5, 3], [2, 6]])
    with pytest.raises(ValueError, match="n_resamples must be an integer from 2 to 1,000,000; got 1000000000"):
        ag.multiclass(ci="bootstrap", n_resamples=10**9)
    with pytest.raises(ValueError, match="n_resamples"):
        ag.report(n_resamples=10**9)


@pytest.mark.parametrize("table", [[[1, 2.0**64], [2.0**63, 1]], [[2.0**63, 5], [3, 2.0**62]]])
def test_tests_with_counts_above_2_to_the_63(table):
    with pytest.raises(ValueError, match="outside"):
        pa.Agreement.from_table(np.array(table))  # beyond 2**53: refused, not computed wrongly


def test_exact_mcnemar_with_counts_beyond_int64():
    from pandas_agree.engine.tableview import TableView
    from pandas_agree.inference.tests import run_tests

    counts = np.array([[1.0, 2.0**64], [2.0**63, 1.0]])
    view = TableView(counts, np.arange(2), np.arange(2), np.arange(2), np.arange(2), 2)
    result = run_tests(view, np.eye(2))
    assert result.loc["MCNEMAR_EXACT", "pvalue"] == 0.0
    balanced = run_tests(view.with_counts(np.array([[1.0, 2.0**63], [2.0**63, 1.0]])), np.eye(2))
    assert balanced.loc["MCNEMAR_EXACT", "pvalue"] == 1.0


@pytest.mark.parametrize("scale", [1e154, 1e-300, 2.0**60])
def test_counts_out_of_range_fail_clearly(scale):
    table = np.array([[20.0, 5], [3, 22]]) * scale
    with pytest.raises(ValueError, match="rescale them"):
        pa.Agreement.from_table(table)
    frame = pd.DataFrame({"a": list("xyxyxy"), "p": list("xyyyxx"), "w": [scale] * 6})
    with pytest.raises(ValueError, match=r"weights sums to .* outside"):
        frame.agree("a", "p", weights="w")
    with pytest.raises(ValueError, match="weights sums to"):
        frame.agree.raters(["a", "p"], weights="w")
    with pytest.raises(ValueError, match="weights sums to"):
        frame.agree.compare("a", ["p", "a"], weights="w")


@pytest.mark.parametrize("total", [MIN_TOTAL * 10, 1e-20, 1e12, MAX_TOTAL / 10])
def test_counts_inside_the_range_compute_without_warnings(total):
    table = np.array([[20.0, 5, 1], [3, 22, 4], [0, 2, 9]])
    ag = pa.Agreement.from_table(table / table.sum() * total)
    # Krippendorff's alpha counts 2N pairable values: below a total of 1/2 it is undefined (its own test)
    codes = [code for code in pa.Agreement.from_table(table).multiclass().index if code != "ALPHA" or total >= 0.5]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        multiclass = ag.multiclass(codes, ci="auto", random_state=0, n_resamples=50)
        binary = ag.binary(ci="auto", random_state=0, n_resamples=50)
        ag.averages(ci="auto", random_state=0, n_resamples=50)
        ag.tests()
    reference = pa.Agreement.from_table(table)
    np.testing.assert_allclose(multiclass.loc["KAPPA", "value"], reference.multiclass().loc["KAPPA", "value"])
    assert np.isfinite(binary[("REC", "value")]).all()
