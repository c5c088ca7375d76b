"""The number formats of the workbooks' data sheets: each value shows (counts and degrees of freedom whole, weighted
counts with two decimals, percentages with one, p-values as the reports show them, small statistics with their
significant digits), while every cell keeps the value at full precision."""

from __future__ import annotations

import math

import numpy as np
import openpyxl
import pandas as pd
import pytest

import pandas_agree as pa
from pandas_agree.report import display

from ._r_datasets import TITANIC

P = display.P_FORMAT  # '[<0.001]"<0.001";0.000'
# the linear-by-linear test reads Titanic's text labels in their sorted order, and says so
pytestmark = pytest.mark.filterwarnings("ignore::pandas_agree.base.notices.LabelOrderWarning")


def _rows(ws) -> dict[str, list]:
    """The cells of each row of a sheet by the text of its first cell (the first row of that text)."""
    out: dict[str, list] = {}
    for row in ws.iter_rows():
        if row[0].value is not None:
            out.setdefault(str(row[0].value), list(row))
    return out


def _column(ws, header_row: list, name: str) -> int:
    return next(i for i, c in enumerate(header_row) if c.value == name)


def _shown(cell) -> tuple[float, str]:
    return cell.value, cell.number_format


@pytest.fixture(scope="module")
def crosstab_book(tmp_path_factory):
    report = TITANIC.agree.crosstabs("Class", "Survived", weights="Freq").report(
        statistics=["chisq", "phi", "lambda"], cells=["count", "row", "expected"])
    path = tmp_path_factory.mktemp("x") / "crosstab.xlsx"
    report.to_excel(path)
    return report, openpyxl.load_workbook(path)


def test_crosstab_cells_are_shown_as_counts_percentages_and_one_decimal(crosstab_book):
    report, book = crosstab_book
    rows = _rows(book["Crosstab"])
    ct = report.crosstab
    assert _shown(rows["1st · Count"][1]) == (122.0, "0")  # R: xtabs(Freq ~ Class + Survived, Titanic)["1st", "No"]
    assert [c.number_format for c in rows["Total · Count"][1:4]] == ["0", "0", "0"]
    percent = rows["1st · % within Class"][1]
    assert percent.number_format == "0.0" and percent.value == ct.loc[("1st", "% within Class"), "No"]
    expected = rows["1st · Expected Count"][1]
    assert expected.number_format == "0.0" and expected.value == ct.loc[("1st", "Expected Count"), "No"]
    assert not float(expected.value).is_integer()  # full precision: 325 * 1490 / 2201


def test_crosstab_summary_and_statistics_show_their_values(crosstab_book):
    report, book = crosstab_book
    summary = _rows(book["Summary"])
    assert _shown(summary["Valid"][1]) == (2201.0, "0")
    assert _shown(summary["Valid"][2]) == (100.0, "0.0")
    ws = book["Statistics"]
    rows = _rows(ws)
    header = rows["statistic"]
    chisq = report.statistics["Chi-Square Tests"]
    pearson = rows["Pearson Chi-Square"]
    df, p = pearson[_column(ws, header, "df")], pearson[_column(ws, header, "pvalue")]
    assert _shown(df) == (3.0, "0")
    # R: chisq.test(xtabs(Freq ~ Class + Survived, Titanic))$p.value == 4.999928e-41: kept whole, shown "<0.001"
    assert p.value == chisq.loc["Pearson Chi-Square", "pvalue"] and math.isclose(p.value, 4.999928e-41, rel_tol=1e-6)
    assert p.number_format == P
    value = pearson[_column(ws, header, "value")]
    assert value.value == chisq.loc["Pearson Chi-Square", "value"] and value.number_format == "0.0000"
    n = rows["N of Valid Cases"][_column(ws, header, "value")]
    assert _shown(n) == (2201.0, "0")
    fisher = rows["Fisher's Exact Test"][_column(ws, header, "exact_2sided")]
    assert fisher.number_format == P and 0 < fisher.value < 1e-30
    # Goodman and Kruskal tau's p-value (3.9e-35) and lambda's (6.4e-06): p-values, never "0.0000"
    p_cells = [c for row in ws.iter_rows() for c in row if isinstance(c.value, float) and 0 < c.value < 1e-5]
    assert p_cells and {c.number_format for c in p_cells} == {P}


def test_weighted_counts_have_two_decimals_and_whole_ones_none(tmp_path):
    t = TITANIC.assign(w=TITANIC["Freq"] / 3)
    report = t.agree.crosstabs("Class", "Survived", weights="w").report(statistics=["chisq"])
    report.to_excel(tmp_path / "w.xlsx")
    book = openpyxl.load_workbook(tmp_path / "w.xlsx")
    rows = _rows(book["Crosstab"])
    first = rows["1st · Count"][1]  # 122 / 3
    assert first.number_format == "0.00" and first.value == report.crosstab.iloc[0, 0]
    total = rows["Total · Count"][3]  # 2201 / 3
    assert total.number_format == "0.00" and math.isclose(total.value, 2201 / 3)
    whole = rows["2nd · Count"][3]  # 285 / 3 = 95: one format for every count of the table, as the text has it
    assert whole.number_format == "0.00" and math.isclose(whole.value, 95)
    assert " 95.00\n" in str(report)
    summary = _rows(book["Summary"])
    assert summary["Valid"][1].number_format == "0.00" and summary["Valid"][2].number_format == "0.0"
    n = _rows(book["Statistics"])["N of Valid Cases"][1]
    assert n.number_format == "0.00" and math.isclose(n.value, 2201 / 3)


@pytest.fixture(scope="module")
def compare_book(tmp_path_factory):
    df = pa.datasets.load("wine_predictions")
    w = np.linspace(0.5, 1.6, len(df))  # a fractional sum
    report = df.assign(w=w).agree.compare("cultivar", ["knn", "logistic"], weights="w").report(
        random_state=0, n_resamples=50)
    path = tmp_path_factory.mktemp("c") / "compare.xlsx"
    report.to_excel(path)
    return report, openpyxl.load_workbook(path)


def test_compare_sheets_show_counts_percentages_and_p_values(compare_book):
    report, book = compare_book
    summary = _rows(book["Summary"])
    valid = summary["Valid"]
    assert valid[1].number_format == "0.00" and valid[1].value == report.summary.loc["Valid", "N"]
    assert valid[2].number_format == "0.0" and valid[2].value == report.summary.loc["Valid", "Percent"]
    ws = book["Summary"]
    header = next(r for r in ws.iter_rows() if any(c.value == "OSR pvalue" for c in r))
    pair = ws[header[0].row + 1]
    for name in ("OSR pvalue", "OSR pvalue_holm"):
        cell = pair[_column(ws, header, name)]
        assert cell.number_format == P
        assert cell.value == report.differences.iloc[0][tuple(name.split(" "))]
    tests = book["Tests"]
    header = _rows(tests)["statistic"] if "statistic" in _rows(tests) else next(tests.iter_rows(min_row=2, max_row=2))
    for row in tests.iter_rows(min_row=header[0].row + 1):
        if row[0].value is None:
            continue
        assert row[_column(tests, header, "df")].number_format == "0"
        assert row[_column(tests, header, "pvalue")].number_format == P


def test_scores_percent_has_one_decimal(tmp_path):
    df = pd.DataFrame({"y": [0, 0, 1, 1, 0, 1, 1, 0], "s": [0.1, 0.4, 0.35, 0.8, 0.2, 0.9, 0.7, 0.3]})
    report = df.agree.scores("y", "s").report()
    report.to_excel(tmp_path / "s.xlsx")
    rows = _rows(openpyxl.load_workbook(tmp_path / "s.xlsx")["Values"])
    assert _shown(rows["Valid"][1]) == (8.0, "0") and _shown(rows["Valid"][2]) == (100.0, "0.0")


def test_agreement_tests_p_values_are_shown_as_the_report_does(tmp_path):
    df = pa.datasets.load("wine_predictions")
    report = df.agree.report("cultivar", "knn")
    report.to_excel(tmp_path / "a.xlsx")
    ws = openpyxl.load_workbook(tmp_path / "a.xlsx")["Summary"]
    header = next(r for r in ws.iter_rows() if any(c.value == "pvalue" for c in r))
    j = _column(ws, header, "pvalue")
    cells = [r[j] for r in ws.iter_rows(min_row=header[0].row + 1) if isinstance(r[j].value, float)]
    assert cells and {c.number_format for c in cells} == {P}
    assert [c.value for c in cells] == report.tests["pvalue"].dropna().tolist()


def test_small_statistics_keep_two_significant_digits():
    from pandas_agree.report.excel import value_formats

    assert value_formats([190.4011, 0.2941, 6.3e-05, 0.0, 4.1e-37]) == [
        "0.0000", "0.0000", "0.000000", "0.0000", "0.0E+00"]


def test_a_frame_of_small_values_labels_and_whole_columns(tmp_path):
    from pandas_agree.report.excel import write_frames

    report = TITANIC.agree.crosstabs("Class", "Survived", weights="Freq").report()
    frame = pd.DataFrame({"value": [6.3e-05, 0.5], "Sig.": [6.3e-41, 0.5], "Percent": [12.5, 87.5],
                          1: [3.0, 4.0], "df": [2.5, 3.0]}, index=pd.Index(["a", "b"], name="row"))
    write_frames(tmp_path / "f.xlsx", report.document(), {"Data": [("t", frame)]}, [], {})
    rows = _rows(openpyxl.load_workbook(tmp_path / "f.xlsx")["Data"])
    a, b = rows["a"], rows["b"]
    assert [_shown(c) for c in a[1:]] == [(6.3e-05, "0.000000"), (6.3e-41, P), (12.5, "0.0"), (3.0, "0"),
                                          (2.5, "0.00")]
    assert [c.number_format for c in b[1:]] == ["0.0000", P, "0.0", "0", "0"]


def test_agreement_workbook_counts_as_the_text_shows_them(tmp_path):
    """The agreement report's workbook: its summary has no empty "Weighted N" column; whole weighted counts show as
    whole numbers and a fractional one gives its whole crosstab two decimals; cell statistics other than counts
    and percentages (expected counts, residuals) show one decimal, as SPSS and the text report show them."""
    frame = TITANIC.assign(Guess=TITANIC["Survived"].where(TITANIC["Sex"] == "Female", "No"))
    frame.agree.report("Survived", "Guess", weights="Freq", ci=None,
                       cells=["count", "expected", "sresid"]).to_excel(tmp_path / "whole.xlsx")
    book = openpyxl.load_workbook(tmp_path / "whole.xlsx")
    assert not [c for row in book["Summary"].iter_rows() for c in row if c.value == "Weighted N"]
    summary = _rows(book["Summary"])
    assert _shown(summary["Valid"][1]) == (2201.0, "0")
    formats: dict[str, set] = {}  # the formats of each statistic's numbers, over the rows
    for row in book["Crosstab"].iter_rows():
        if row[1].value is not None:
            formats.setdefault(str(row[1].value), set()).update(c.number_format for c in row[2:]
                                                                if isinstance(c.value, float))
    assert formats["Count"] == {"0"} and formats["Expected Count"] == {"0.0"}
    assert formats["Standardized Residual"] == {"0.0"}
    halves = frame.assign(Freq=frame["Freq"] + np.where(np.arange(len(frame)) == 2, 0.5, 0.0))  # one cell of x.5
    halves.agree.report("Survived", "Guess", weights="Freq", ci=None).to_excel(tmp_path / "halves.xlsx")
    crosstab = openpyxl.load_workbook(tmp_path / "halves.xlsx")["Crosstab"]
    assert {c.number_format for row in crosstab.iter_rows() for c in row if isinstance(c.value, float)} == {"0.00"}
