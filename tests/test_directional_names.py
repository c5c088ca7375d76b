"""The printed Directional Measures name the dependent variable as SPSS does ("Lambda — Admit Dependent" in
``CROSSTABS admit BY gender``), while the DataFrames keep "Rows Dependent" and "Columns Dependent" in their index."""

from __future__ import annotations

import json
import re
import warnings

import openpyxl
import pandas as pd
import pytest

import pandas_agree as pa
from pandas_agree.report.display import dependent

from ._r_datasets import UCB

DIR = "Directional Measures"

# TiaWassell/Dissertation, BetterStats/MatPos.spv, commit bde17861e0ab0e84c376b0c7c5e14e781a7f352f (SPSS 23):
# CROSSTABS Stimuli (Amboseli, Samburu) BY MatPosition (Front, Middle, Back) /STATISTICS=CHISQ PHI CC LAMBDA UC.
# Its Directional Measures print, under "Nominal by Nominal", Lambda "Symmetric" .333, "Stimuli Dependent" .385,
# "MatPosition Dependent" .294, Goodman and Kruskal tau "Stimuli Dependent" .197, "MatPosition Dependent" .109, and
# Uncertainty Coefficient "Symmetric" .117, "Stimuli Dependent" .150, "MatPosition Dependent" .096
# (tests/test_spss_published.py holds the same table unnamed).
MATPOS = pd.DataFrame([[3, 3, 8], [7, 4, 2]], dtype=float, index=pd.Index(["Amboseli", "Samburu"], name="Stimuli"),
                      columns=pd.Index(["Front", "Middle", "Back"], name="MatPosition"))
SPSS_ROWS = [("Lambda — Symmetric", "0.333"), ("Lambda — Stimuli Dependent", "0.385"),
             ("Lambda — MatPosition Dependent", "0.294"), ("Goodman and Kruskal tau — Stimuli Dependent", "0.197"),
             ("Goodman and Kruskal tau — MatPosition Dependent", "0.109"),
             ("Uncertainty Coefficient — Symmetric", "0.117"), ("Uncertainty Coefficient — Stimuli Dependent", "0.150"),
             ("Uncertainty Coefficient — MatPosition Dependent", "0.096")]


def _report(table, words=("lambda", "uc")):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # few cases: the expected-count warning is not what is tested
        return pa.Crosstab.from_table(table).report(statistics=list(words))


def _printed_rows(text: str) -> list[list[str]]:
    """The rows of the (first) printed Directional Measures: each measure's title and its cells."""
    body = text.split(DIR, 1)[1].split("─\n", 1)[1].split("═", 1)[0]  # between the header's rule and the last
    return [re.split(r"\s{2,}", line.strip()) for line in body.splitlines() if line.startswith("  ")]


def _measures(text: str) -> list[str]:
    """The row titles of the printed Directional Measures."""
    return [row[0] for row in _printed_rows(text)]


def test_the_printed_rows_name_the_variables_as_spss_prints_them(tmp_path):
    report = _report(MATPOS)
    text = str(report)
    printed = [(row[0], row[1]) for row in _printed_rows(text)]  # title, Value
    assert printed == SPSS_ROWS
    assert "Rows Dependent" not in text and "Columns Dependent" not in text
    page = report.to_html()
    assert "Lambda — Stimuli Dependent" in page and "Lambda — MatPosition Dependent" in page
    assert "Rows Dependent" not in page
    report.to_excel(tmp_path / "matpos.xlsx")
    sheet = [str(c) for row in openpyxl.load_workbook(tmp_path / "matpos.xlsx")["Report"].iter_rows(values_only=True)
             for c in row if c is not None]
    assert any("Lambda — Stimuli Dependent" in c for c in sheet)
    assert any("Uncertainty Coefficient — MatPosition Dependent" in c for c in sheet)
    assert not any("Rows Dependent" in c for c in sheet)


def test_the_data_keep_their_row_names():
    report = _report(MATPOS)
    frame = report.statistics[DIR]
    assert frame.index.tolist() == [
        "Lambda — Symmetric", "Lambda — Rows Dependent", "Lambda — Columns Dependent",
        "Goodman and Kruskal tau — Rows Dependent", "Goodman and Kruskal tau — Columns Dependent",
        "Uncertainty Coefficient — Symmetric", "Uncertainty Coefficient — Rows Dependent",
        "Uncertainty Coefficient — Columns Dependent"]
    # the stored SPSS value of lambda with Stimuli (the rows) dependent: .384615
    assert frame.loc["Lambda — Rows Dependent", "value"] == pytest.approx(0.384615, abs=5e-7)
    data = json.loads(json.dumps(report.to_dict()))
    assert data["statistics"][DIR]["index"] == frame.index.tolist()


def test_ucb_admissions_admit_by_gender():
    # R: as.data.frame(UCBAdmissions); SPSS's CROSSTABS Admit BY Gender prints "Admit Dependent", "Gender Dependent"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        text = str(UCB.agree.crosstabs("Admit", "Gender", weights="Freq").report(statistics=["d", "eta"]))
    assert _measures(text) == ["Somers' d — Symmetric", "Somers' d — Admit Dependent", "Somers' d — Gender Dependent",
                               "Eta — Admit Dependent", "Eta — Gender Dependent"]


def test_a_table_without_names_keeps_the_wording_of_its_rows_and_columns():
    text = str(_report(MATPOS.to_numpy()))
    assert _measures(text)[:3] == ["Lambda — Symmetric", "Lambda — Rows Dependent", "Lambda — Columns Dependent"]


def test_one_variable_without_a_name():
    table = MATPOS.rename_axis(index=None)
    assert _measures(str(_report(table)))[:3] == ["Lambda — Symmetric", "Lambda — Rows Dependent",
                                                  "Lambda — MatPosition Dependent"]


@pytest.mark.parametrize("row, col, expected", [
    ("label", "label", ("Rows", "Columns")),  # one name on both sides
    ("label", "Label", ("Rows", "Columns")),  # alike but for letter case (SPSS's names ignore it)
    (None, "rows", ("Rows", "Columns")),  # "rows Dependent" would read as the unnamed rows' wording
    ("Columns", None, ("Rows", "Columns")),
    ("Columns", "Rows", ("Rows", "Columns")),  # each would read as the other's wording
    ("Columns", "Gender", ("Rows", "Columns")),  # "Columns Dependent" would name the rows
    ("Stimuli", "rows", ("Rows", "Columns")),
    ("Rows", "Columns", ("Rows", "Columns")),  # each reads as its own wording: kept
    ("", "label", ("Rows", "label")),  # a name that prints as nothing
    (" ", "label", ("Rows", "label")),
])
def test_names_that_would_read_alike_or_as_nothing_fall_back_to_rows_and_columns(row, col, expected):
    rows = _measures(str(_report(MATPOS.rename_axis(index=row, columns=col))))
    assert rows[1:3] == [f"Lambda — {expected[0]} Dependent", f"Lambda — {expected[1]} Dependent"]
    assert len(set(rows)) == len(rows)  # the printed rows stay apart


def test_names_that_are_not_strings():
    assert dependent(0, 1) == ("0", "1")
    assert dependent(1, "1") == ("Rows", "Columns")  # they print alike
    assert dependent(("a", 1), ("a", 2)) == ("('a', 1)", "('a', 2)")


def test_an_agreement_report_names_its_reference_and_prediction():
    data = pa.datasets.load("wine_predictions")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        report = data.agree.report("cultivar", "knn", statistics=["lambda"], ci=None, by=None)
    text = str(report)
    assert _measures(text) == ["Lambda — Symmetric", "Lambda — cultivar Dependent", "Lambda — knn Dependent",
                               "Goodman and Kruskal tau — cultivar Dependent",
                               "Goodman and Kruskal tau — knn Dependent"]
    assert report.statistics[DIR].index[1] == "Lambda — Rows Dependent"


def test_every_layer_names_the_variables():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        report = UCB.agree.crosstabs("Admit", "Gender", weights="Freq", layers="Dept").report(statistics=["lambda"])
        text = str(report)
    assert text.count("Lambda — Admit Dependent") == 1 + 6  # all departments, then each of the six
    assert "Rows Dependent" not in text



def test_a_row_variable_named_columns_is_not_printed_as_the_columns():
    # MatPos as SPSS 23 prints it (see MATPOS): lambda .385 with the rows (Stimuli) dependent, .294 with the columns
    # (MatPosition) dependent. With the row variable named "Columns" and the column variable "Rows", "Lambda — Columns
    # Dependent" would print the rows' .385 under the wording that the DataFrames' index gives the columns.
    printed = dict((row[0], row[1]) for row in _printed_rows(str(_report(MATPOS.rename_axis(index="Columns",
                                                                                               columns="Rows")))))
    assert printed["Lambda — Rows Dependent"] == "0.385"
    assert printed["Lambda — Columns Dependent"] == "0.294"


# UCBAdmissions (R's as.data.frame(UCBAdmissions)) with a department "G" of men only: its table has one column, so
# CROSSTABS computes no statistic there ("No statistics are computed because Gender is a constant", in SPSS's
# words) and every directional measure is undefined; the warning names them as the DataFrames do, and the report
# says why in the tables' footnote alone (a note would say it again).
UCB_G = pd.concat([UCB, pd.DataFrame({"Admit": ["Admitted", "Rejected"], "Gender": ["Male", "Male"],
                                      "Dept": ["G", "G"], "Freq": [10, 5]})], ignore_index=True)
CONSTANT = "No statistics are computed: one of the variables is a constant (a single non-empty column)."


def _undefined_message(caught) -> str:
    [message] = [str(w.message) for w in caught if issubclass(w.category, pa.UndefinedMeasureWarning)]
    return message


def test_the_printed_notes_name_the_dependent_variable_as_the_table_does(tmp_path):
    with pytest.warns(pa.UndefinedMeasureWarning, match="the column variable 'Gender' has one category") as caught:
        report = UCB_G.agree.crosstabs("Admit", "Gender", weights="Freq", layers="Dept").report(
            statistics=["lambda", "eta"])
    layer = report.layers["G"]
    # the warning and the DataFrames keep the frames' index
    assert _undefined_message(caught) == (
        "Lambda — Symmetric, Lambda — Rows Dependent, Lambda — Columns Dependent, Goodman and Kruskal tau — Rows "
        "Dependent, Goodman and Kruskal tau — Columns Dependent, Eta — Rows Dependent and Eta — Columns Dependent "
        "undefined (NaN): the column variable 'Gender' has one category with cases")
    assert layer.statistics[DIR].index[1] == "Lambda — Rows Dependent"
    assert set(layer.statistics[DIR]["note"]) == {CONSTANT[0].lower() + CONSTANT[1:-1]}
    # the printed tables and their footnote read as SPSS prints them; no note says the footnote again
    assert layer.layer_notes == [] and not any("ndefined" in note for note in [*layer.notes, *report.notes])
    text = " ".join(str(report).split())
    assert "Rows Dependent" not in text and "Columns Dependent" not in text
    assert ("G Nominal by Nominal Lambda — Symmetric —ᵉ Lambda — Admit Dependent —ᵉ Lambda — Gender Dependent —ᵉ "
            "Goodman and Kruskal tau — Admit Dependent —ᵉ Goodman and Kruskal tau — Gender Dependent —ᵉ Nominal by "
            "Interval Eta — Admit Dependent —ᵉ Eta — Gender Dependent —ᵉ") in text
    assert text.count(f"e. {CONSTANT}") == 1 and "ndefined" not in text
    page = report.to_html()
    assert "Rows Dependent" not in page and "Eta — Gender Dependent" in page and "ndefined" not in page
    report.to_excel(tmp_path / "ucb.xlsx")
    sheet = [str(c) for row in openpyxl.load_workbook(tmp_path / "ucb.xlsx")["Report"].iter_rows(values_only=True)
             for c in row if c is not None]
    assert any("Lambda — Admit Dependent" in c for c in sheet) and not any("ndefined" in c for c in sheet)
    assert not any("Rows Dependent" in c or "Columns Dependent" in c for c in sheet)


def test_the_printed_notes_of_an_agreement_report_name_the_reference_and_the_prediction():
    # a prediction of one class only: one column, no statistic (as above); the tables name "truth" and "guess", and
    # the footnote says why, which no note says again
    df = pd.DataFrame({"truth": ["a", "b", "a", "b", "a"], "guess": ["a"] * 5})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        report = df.agree.report("truth", "guess", statistics=["lambda"], ci=None)
    assert list(report.statistics[DIR].index[1:3]) == ["Lambda — Rows Dependent", "Lambda — Columns Dependent"]
    assert not any("Lambda" in note for note in report.notes)
    text = " ".join(str(report).split())
    assert "Lambda — truth Dependent —ᵃ Lambda — guess Dependent —ᵃ" in text and text.count(CONSTANT) == 1
    assert "Rows Dependent" not in text and "Columns Dependent" not in text


def test_a_variable_named_like_a_printed_row_is_not_renamed_twice():
    from pandas_agree.report.document import directional_notes

    # one pass: the row variable's name "Columns Dependent" is not read again as the columns' wording
    note = "Undefined (0/0) values set to NaN: Lambda — Rows Dependent; Lambda — Columns Dependent."
    assert directional_notes([note], ("Columns Dependent", "Gender")) == [
        "Undefined (0/0) values set to NaN: Lambda — Columns Dependent Dependent; Lambda — Gender Dependent."]
    assert directional_notes([note], ("Rows", "Columns")) == [note]
