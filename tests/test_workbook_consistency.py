"""The workbooks' data sheets hold each column's values in one kind and one number format: the ROC sheet's
thresholds as numbers (the +inf of the first point an empty cell with a note), the Confusions sheet's shares in %
as the other sheets' percentages; and a layered report's Report sheet repeats no whole-table N on its layers'
pages."""

import numpy as np
import pandas as pd
import pytest

import pandas_agree as pa

from ._r_datasets import UCB

openpyxl = pytest.importorskip("openpyxl")


def _sheet_rows(ws):
    return [[c for c in row] for row in ws.iter_rows()]


def _column(ws, header: str, header_row: int = 2):
    """The cells under ``header`` (in row ``header_row``) down to the first row whose first cell is a note."""
    names = [c.value for c in ws[header_row]]
    col = names.index(header) + 1
    return [ws.cell(r, col) for r in range(header_row + 1, ws.max_row + 1)
            if not isinstance(ws.cell(r, 1).value, str) or ws.cell(r, 2).value is not None]


# --- the ROC sheet ------------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def roc_book(tmp_path_factory):
    rng = np.random.default_rng(0)
    df = pd.DataFrame({"y": rng.integers(0, 2, 60), "s": np.round(rng.random(60), 3)})
    df.loc[:4, "s"] = [0.80001, 0.80002, 0.80003, 0.5, 0.25]  # two thresholds apart only in the fifth decimal
    scores = df.agree.scores("y", "s")
    path = tmp_path_factory.mktemp("roc") / "scores.xlsx"
    scores.report().to_excel(path)
    return scores, openpyxl.load_workbook(path)["ROC"]


def test_the_roc_thresholds_are_numbers_in_one_format(roc_book):
    scores, ws = roc_book
    roc = scores.roc()
    cells = _column(ws, "threshold")[:len(roc)]
    assert cells[0].value is None  # +inf: a sheet holds no infinity, and no text "inf" in a column of numbers
    assert all(isinstance(c.value, float) for c in cells[1:])
    assert [c.value for c in cells[1:]] == roc["threshold"].to_list()[1:]  # every bit
    formats = {c.number_format for c in cells[1:]}
    assert formats == {"0.00000"}  # one format, with the decimals that keep 0.80001 and 0.80002 apart


def test_the_roc_sheet_says_what_the_empty_threshold_is(roc_book):
    _, ws = roc_book
    notes = [row[0].value for row in ws.iter_rows() if isinstance(row[0].value, str) and "+inf" in row[0].value]
    assert len(notes) == 1
    assert "above every score" in notes[0] and "roc_curve" in notes[0] and "pROC" in notes[0]
    comment = ws.cell(3, 2).comment  # and the empty cell itself says it, in the column's format
    assert comment is not None and comment.text.startswith("Threshold +inf: the point above every score")
    assert ws.cell(3, 2).number_format == ws.cell(4, 2).number_format


def test_the_roc_points_are_numbered_with_numbers(roc_book):
    _, ws = roc_book
    assert ws.cell(2, 1).value == "point"
    assert [ws.cell(r, 1).value for r in (3, 4, 5)] == [0, 1, 2]
    assert ws.cell(3, 1).number_format == "0"


def test_class_probabilities_roc_sheet(tmp_path):
    rng = np.random.default_rng(1)
    p = rng.dirichlet([1, 1, 1], 40)
    df = pd.DataFrame({"y": rng.choice(["a", "b", "c"], 40), "a": p[:, 0], "b": p[:, 1], "c": p[:, 2]})
    scores = df.agree.scores("y", ["a", "b", "c"])
    scores.report(ci=None).to_excel(tmp_path / "mc.xlsx")
    ws = openpyxl.load_workbook(tmp_path / "mc.xlsx")["ROC"]
    assert [c.value for c in ws[2]] == ["point", "class", "threshold", "fpr", "tpr"]  # no "level_1"
    roc = scores.roc()
    cells = _column(ws, "threshold")[:len(roc)]
    values = [c.value for c in cells]
    assert not any(isinstance(v, str) for v in values)
    expected = roc["threshold"].to_numpy()
    assert [v is None for v in values] == np.isinf(expected).tolist()  # each class's first point
    assert np.array_equal(np.array([v for v in values if v is not None]), expected[np.isfinite(expected)])
    assert len({c.number_format for c in cells if c.value is not None}) == 1


def test_the_threshold_format_tells_thresholds_apart():
    from pandas_agree.report.excel import threshold_format

    assert threshold_format([np.inf, 0.9, 0.35, 0.1]) == "0.0000"
    assert threshold_format([0.80001, 0.80002, 0.5]) == "0.00000"
    assert threshold_format([1e-12, 2e-12, 3e-12]) == "0.0E+00"
    assert threshold_format([1.21e-12, 1.24e-12]) == "0.00E+00"
    assert threshold_format([np.inf]) == "0.0000"


# --- the Confusions sheet -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("by", [None, "g"])
def test_the_confusions_shares_are_percentages_as_on_the_other_sheets(by, tmp_path):
    rng = np.random.default_rng(2)
    n = 300
    df = pd.DataFrame({"a": rng.choice(list("abcd"), n), "g": rng.choice(["x", "y"], n)})
    df["p"] = np.where(rng.random(n) < 0.6, df["a"], rng.choice(list("abcd"), n))
    report = df.agree.report("a", "p", by=by, ci=None, cells=["count", "row"])
    report.to_excel(tmp_path / "c.xlsx")
    book = openpyxl.load_workbook(tmp_path / "c.xlsx")
    ws = book["Confusions"]
    headers = [c.value for c in ws[2]]
    assert "row share (%)" in headers and "share (%)" in headers
    expected = report.agreement.confusions(top=None)
    for header, name in (("row share (%)", "row share"), ("share (%)", "share")):
        cells = _column(ws, header)[:len(expected)]
        assert [c.value for c in cells] == (100 * expected[name]).to_list()
        assert {c.number_format for c in cells} == {"0.0"}
    assert list(expected.columns) == ["reference", "predicted", "count", "row share", "share"]  # the API unchanged
    assert expected["share"].max() < 1  # fractions there
    # the crosstab's % of row on the Crosstab sheet: 0 to 100 with "0.0", the same as the Confusions sheet
    crosstab = book["Crosstab"]
    percent = [c for row in crosstab.iter_rows() if row[1].value and "%" in str(row[1].value) for c in row[2:]
               if isinstance(c.value, float)]
    assert percent and max(c.value for c in percent) > 1 and {c.number_format for c in percent} == {"0.0"}


# --- the Report sheet of a layered report -------------------------------------------------------------------------

def _repeated_rows(ws) -> list[int]:
    first, last = ws.print_title_rows.replace("$", "").split(":")
    return list(range(int(first), int(last) + 1))


def test_a_layered_reports_pages_repeat_no_whole_table_n(tmp_path):
    """R: UCBAdmissions, Admit x Gender by Dept with weights Freq; N = 4526 in all, 933 in department A."""
    ct = pa.crosstabs(UCB, "Admit", "Gender", layers="Dept", weights="Freq")
    ct.report().to_excel(tmp_path / "one.xlsx")  # the layered crosstab printed: one section, of the whole table
    ws = openpyxl.load_workbook(tmp_path / "one.xlsx")["Report"]
    assert _repeated_rows(ws) == [1, 2] and "N = 4526" in ws.cell(2, 1).value
    report = ct.report(max_classes=1)  # the crosstab not printed: a section for each layer
    report.to_excel(tmp_path / "ucb.xlsx")
    ws = openpyxl.load_workbook(tmp_path / "ucb.xlsx")["Report"]
    repeated = [ws.cell(r, 1).value for r in _repeated_rows(ws)]
    assert repeated == ["Crosstabs: Admit * Gender * Dept"]  # the title alone on every page
    assert not any("N = " in str(v) for v in repeated)
    assert "N = 4526" in ws.cell(2, 1).value  # the meta line, once, above the whole table
    column = [ws.cell(r, 1).value for r in range(1, ws.max_row + 1)]
    assert column.count(ws.cell(2, 1).value) == 1
    layer = column.index("Layer: Dept = A")
    assert column.index("Total", layer) and ws.cell(column.index("Total", layer) + 1, 2).value == 933


def test_a_report_of_one_table_still_repeats_its_meta_line(tmp_path):
    report = pa.crosstabs(UCB, "Admit", "Gender", weights="Freq").report()
    report.to_excel(tmp_path / "one.xlsx")
    ws = openpyxl.load_workbook(tmp_path / "one.xlsx")["Report"]
    assert _repeated_rows(ws) == [1, 2] and "N = 4526" in ws.cell(2, 1).value


def test_an_agreement_report_by_groups_repeats_no_whole_table_n(tmp_path):
    df = UCB.loc[UCB.index.repeat(UCB["Freq"] // 10)].reset_index(drop=True)
    df["Pred"] = np.where(np.arange(len(df)) % 3 == 0, "Admitted", df["Admit"])
    report = df.agree.report("Admit", "Pred", by="Dept", ci=None)
    report.to_excel(tmp_path / "by.xlsx")
    ws = openpyxl.load_workbook(tmp_path / "by.xlsx")["Report"]
    repeated = [ws.cell(r, 1).value for r in _repeated_rows(ws)]
    assert len(repeated) == 1 and repeated[0].startswith("Agreement report:")


# --- printing a wide data sheet -------------------------------------------------------------------------------------

def test_a_sheet_too_wide_to_read_on_one_page_prints_on_pages_side_by_side(tmp_path):
    """The class-specific measures with their intervals (about 160 columns) would print at a few percent of full
    size on one page wide: they print at the smallest readable scale, pages left to right, the class column on each;
    a narrow sheet still fits one page wide."""
    from pandas_agree.report.xlsx import SMALLEST_SCALE

    rng = np.random.default_rng(1)
    a = rng.choice(list("abcdef"), 500)
    df = pd.DataFrame({"a": a, "p": np.where(rng.random(500) < 0.7, a, rng.choice(list("abcdef"), 500))})
    path = tmp_path / "report.xlsx"
    df.agree.report("a", "p", random_state=0).to_excel(path)
    book = openpyxl.load_workbook(path)
    wide, narrow = book["Class measures"], book["Summary"]
    assert wide.max_column > 100
    assert not wide.sheet_properties.pageSetUpPr.fitToPage
    assert wide.page_setup.scale == round(100 * SMALLEST_SCALE) and wide.page_setup.pageOrder == "overThenDown"
    assert wide.print_title_cols == "$A:$A"
    assert narrow.sheet_properties.pageSetUpPr.fitToPage and narrow.page_setup.fitToWidth == 1


def test_a_sheet_prints_its_titles_whole(tmp_path):
    """A title runs into the empty cells on its right without widening the first column: the printed area takes
    those cells in, so that "Case Processing Summary" over three narrow columns is not cut to "Case Processing
    Summ" on paper."""
    from pandas_agree.report.xlsx import DEFAULT_WIDTH, TITLE_CHARS

    from ._r_datasets import TITANIC

    path = tmp_path / "crosstab.xlsx"
    pa.crosstabs(TITANIC, "Class", "Survived", weights="Freq").report().to_excel(path)
    ws = openpyxl.load_workbook(path)["Summary"]
    assert ws["A1"].value == "Case Processing Summary"
    last = openpyxl.utils.range_boundaries(ws.print_area.split("!")[-1].replace("$", ""))[2]
    width = sum(ws.column_dimensions[openpyxl.utils.get_column_letter(c)].width or DEFAULT_WIDTH
                for c in range(1, last + 1))
    assert width >= TITLE_CHARS * len("Case Processing Summary")
