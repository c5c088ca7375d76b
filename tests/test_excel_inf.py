"""Infinite values in a workbook: a sheet cannot hold infinity, so every data sheet writes ±inf as an empty cell in
the column's number format with a comment saying which infinity it is (the one mechanism of the ROC sheet's infinite
thresholds), never as the text "inf", which would turn a column of numbers into a column of text. The Report sheet,
the text report's print layout, prints "inf" as the text report does."""

import math
import warnings

import numpy as np
import pandas as pd
import pytest

import pandas_agree as pa

INFINITE_VALUE = {sign: f"Value {sign}: a sheet cannot hold infinity, so the cell is left empty (in the column's "
                        f"number format); the report's DataFrames hold {sign.lstrip('+')}."
                  for sign in ("+inf", "-inf")}

openpyxl = pytest.importorskip("openpyxl")

# class 0 is never predicted wrongly: its DOR is +inf; class 3 is never predicted rightly: its LNDOR and the lower
# end of its score interval are -inf
TABLE = [[10, 0, 0, 0], [0, 8, 2, 0], [1, 3, 5, 1], [0, 1, 1, 0]]


@pytest.fixture(scope="module")
def book(tmp_path_factory):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        report = pa.Agreement.from_table(TABLE).report(ci="auto")
    path = tmp_path_factory.mktemp("inf") / "inf.xlsx"
    report.to_excel(path)
    return report, openpyxl.load_workbook(path)


def _headed(ws, first: str, second: str):
    """The column whose first header row names ``first`` (a measure, over its statistics) and second ``second``."""
    top = [c.value for c in ws[1]]
    start = top.index(first)
    names = [c.value for c in ws[2]]
    return start + names[start:].index(second) + 1


def _no_inf_text(wb) -> None:
    for ws in wb.worksheets:
        if ws.title == "Report":  # the print layout: "inf" as the text report prints it
            continue
        for row in ws.iter_rows():
            for c in row:
                assert c.value not in ("inf", "-inf", "+inf"), (ws.title, c.coordinate)


def test_an_infinite_dor_on_the_class_measures_sheet_is_an_empty_numeric_cell_with_a_comment(book):
    report, wb = book
    assert math.isinf(report.binary.loc[0, ("DOR", "value")])
    ws = wb["Class measures"]
    col = _headed(ws, "DOR", "value")
    cell, finite = ws.cell(3, col), ws.cell(4, col)  # class 0, then class 1
    assert cell.value is None and cell.number_format == finite.number_format
    assert isinstance(finite.value, float) and finite.value == report.binary.loc[1, ("DOR", "value")]
    assert cell.comment is not None and cell.comment.text == INFINITE_VALUE["+inf"]
    lower = ws.cell(6, _headed(ws, "LNDOR", "lower"))  # class 3's log DOR and its interval reach -inf
    assert report.binary.loc[3, ("LNDOR", "lower")] == -np.inf
    assert lower.value is None and lower.comment is not None and lower.comment.text == INFINITE_VALUE["-inf"]
    _no_inf_text(wb)


def test_the_report_sheet_prints_infinity_as_the_text_report_does(book):
    """The Report sheet is the text report's print layout: an infinite value reads "inf" there, as in the text
    (an empty cell would print as a missing value, its comment pages away)."""
    report, wb = book
    ws = wb["Report"]
    texts = [c for row in ws.iter_rows() for c in row if c.value in ("inf", "-inf")]
    assert texts and all(c.alignment.horizontal == "right" for c in texts)
    assert not [c for row in ws.iter_rows() for c in row if c.comment is not None]
    assert " inf " in str(report) or "inf " in str(report)


def test_every_way_a_data_sheet_writes_numbers_leaves_infinity_empty_with_a_comment(tmp_path):
    from openpyxl import Workbook

    from pandas_agree.report.xlsx import StreamSheet, Styles, print_setup, save

    wb = Workbook()
    ws = StreamSheet("Data", Styles(wb))
    ws.number(1, np.inf)  # one number
    ws.number(2, 1.5)
    ws.skip()
    ws.numbers(1, [2.5, -np.inf, np.nan])  # a row of numbers
    ws.skip()
    column, _ = ws.number_column(np.array([np.inf, 0.25, -np.inf]))  # many rows at once
    ws.rows(1, [column], 3)
    print_setup(wb.create_sheet("Data"), ws)
    save(wb, tmp_path / "d.xlsx", [ws], {})
    sheet = openpyxl.load_workbook(tmp_path / "d.xlsx")["Data"]
    signs = {(1, 1): "+inf", (2, 2): "-inf", (3, 1): "+inf", (5, 1): "-inf"}
    for (r, c), sign in signs.items():
        cell = sheet.cell(r, c)
        assert cell.value is None and cell.number_format == "0.0000", (r, c)
        assert cell.comment is not None and cell.comment.text == INFINITE_VALUE[sign], (r, c)
    assert [sheet.cell(r, c).value for r, c in ((1, 2), (2, 1), (4, 1))] == [1.5, 2.5, 0.25]
    assert sheet.cell(2, 3).value is None and sheet.cell(2, 3).comment is None  # NaN: empty, nothing to say
    assert sum(c.comment is not None for row in sheet.iter_rows() for c in row) == len(signs)


def test_the_roc_sheet_keeps_its_own_words_for_an_infinite_threshold(tmp_path):
    df = pd.DataFrame({"y": [0, 0, 1, 1, 0, 1], "s": [0.1, 0.4, 0.35, 0.8, 0.2, 0.9]})
    df.agree.scores("y", "s").report().to_excel(tmp_path / "roc.xlsx")
    ws = openpyxl.load_workbook(tmp_path / "roc.xlsx")["ROC"]
    cell = ws.cell(3, 2)
    assert cell.value is None and cell.comment.text.startswith("Threshold +inf: the point above every score")
