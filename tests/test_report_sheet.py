"""The workbook's "Report" sheet: the text report's tables laid out for print, numbers kept as numbers, paginated
so that a table that fits on a page is never split, and the print settings that make it print as laid out."""

from __future__ import annotations

import itertools
import math

import numpy as np
import openpyxl
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openpyxl import Workbook

import pandas_agree as pa
from pandas_agree.base.rounding import rounded_text
from pandas_agree.integrations import cli
from pandas_agree.report import display, printed
from pandas_agree.report.sheet import Sheet


@pytest.fixture(scope="module")
def demo():
    """The report of ``pandas-agree demo`` (wine cultivars against a classifier) and its workbook."""
    name, actual, pred = cli.DEMO
    return pa.datasets.load(name).agree.report(actual, pred, random_state=0, n_resamples=200)


@pytest.fixture(scope="module")
def demo_book(demo, tmp_path_factory):
    path = tmp_path_factory.mktemp("book") / "demo.xlsx"
    demo.to_excel(path)
    return openpyxl.load_workbook(path)


def layout(report) -> tuple[printed.PrintLayout, openpyxl.worksheet.worksheet.Worksheet]:
    wb = Workbook()
    result = printed.report_sheet(Sheet(wb.active), report.document())
    return result, wb.active


def rows_of(ws) -> list[tuple[int, list]]:
    return [(r, [ws.cell(r, c).value for c in range(1, ws.max_column + 1)]) for r in range(1, ws.max_row + 1)]


def find(ws, text: str) -> tuple[int, int]:
    for row in ws.iter_rows():
        for cell in row:
            if cell.value == text:
                return cell.row, cell.column
    raise AssertionError(f"{text!r} is not on the sheet")


# --- print settings and pages ------------------------------------------------------------------------------------

def test_the_report_sheet_comes_first_and_is_set_up_to_print(demo_book):
    assert demo_book.sheetnames[0] == "Report"
    ws = demo_book["Report"]
    setup = ws.page_setup
    assert setup.orientation == "landscape"
    assert int(setup.paperSize) == 9  # A4
    assert ws.sheet_properties.pageSetUpPr.fitToPage is True
    assert (int(setup.fitToWidth), int(setup.fitToHeight)) == (1, 0)  # one page wide, as many pages tall as needed
    assert ws.print_title_rows == "$1:$2"  # the report's title and meta line head every page
    assert ws.cell(1, 1).value.startswith("Agreement report:")
    assert "Page &P of &N" in ws.oddFooter.center.text
    assert ws.print_area is not None and ws.sheet_view.showGridLines is False


def test_the_demo_report_prints_on_at_most_six_pages(demo, demo_book):
    result, _ = layout(demo)
    assert result.pages <= 6
    assert result.scale >= 0.9  # readable: the widest table fits at 90% of full size or more
    breaks = sorted(b.id for b in demo_book["Report"].row_breaks.brk)
    assert breaks == [b - 1 for b in result.breaks] and len(breaks) + 1 == result.pages


@pytest.mark.parametrize("make", ["demo", "statistics", "many"])
def test_every_page_holds_its_rows_and_tables_that_fit_are_not_split(make, demo, tmp_path):
    """The paginator's pages each hold at most the page's height; a table that fits on a page is on one page; a
    table cut by a page break goes on under its title "(continued)" and its header."""
    if make == "demo":
        report = demo
    elif make == "statistics":
        report = pa.datasets.load("diagnoses").agree.report("rater1", "rater2", statistics="all", cells="all",
                                                            ci=None)
    else:
        rng = np.random.default_rng(1)
        x = rng.integers(0, 60, 3000)
        y = np.where(rng.random(3000) < 0.7, x, rng.integers(0, 60, 3000))
        report = pd.DataFrame({"a": x, "p": y}).agree.report("a", "p", max_classes=None, ci=None)
    result, ws = layout(report)
    edges = [3, *result.breaks, ws.max_row + 1]
    for lo, hi in itertools.pairwise(edges):
        assert sum(ws.row_dimensions[r].height for r in range(lo, hi)) <= result.capacity + 1e-9
    for first in result.breaks:  # what a page starts with
        value = ws.cell(first, 1).value
        assert value and (value.endswith("(continued)") or value in titles(report) or value == "Notes"), value
    if make == "many":
        assert any(str(ws.cell(b, 1).value).endswith("(continued)") for b in result.breaks)
        assert result.scale >= 0.75  # wide tables are cut into parts that print at a readable size


def titles(report) -> set[str]:
    out = set()
    for sec in report.document().sections:
        for t in sec.tables:
            out.add(t.title)
            out.update(f"{t.title}, part {n} of {m}" for m in range(2, 40) for n in range(1, m + 1))
    return out


# --- layout and numbers ------------------------------------------------------------------------------------------

def test_tables_in_the_order_of_the_text_report(demo, demo_book):
    ws = demo_book["Report"]
    order = [t.title for sec in demo.document().sections for t in sec.tables]
    rows = [find(ws, title)[0] for title in order]
    assert rows == sorted(rows)
    text = str(demo)
    assert [text.index(f"\n{title}\n") for title in order] == sorted(text.index(f"\n{title}\n") for title in order)


def test_numbers_are_numbers_with_the_decimals_shown(demo, demo_book):
    ws = demo_book["Report"]
    row, _ = find(ws, "Cohen's kappa (KAPPA)")
    value = ws.cell(row, 2)
    assert value.value == demo.multiclass.loc["KAPPA", "value"]  # full precision
    assert value.number_format == "0.000"
    row, _ = find(ws, "CHI2")
    p = [c for c in ws[row] if c.number_format == display.P_FORMAT]
    assert len(p) == 1 and p[0].value == demo.tests.loc["CHI2", "pvalue"] < 0.001
    row, col = find(ws, "Valid")
    assert ws.cell(row, col + 1).value == 178 and ws.cell(row, col + 2).number_format == "0.0%"
    assert ws.cell(row, col + 2).value == pytest.approx(1.0)


def test_values_and_their_intervals_take_two_columns_with_classes_as_columns(demo, demo_book):
    ws = demo_book["Report"]
    row, _ = find(ws, "recall (REC)")
    binary = demo.binary
    classes = list(binary.index)
    header_row = find(ws, "Class-Specific Measures (each class against the rest)")[0] + 1
    headers = [ws.cell(header_row, c).value for c in range(2, 2 + 2 * len(classes), 2)]
    assert headers == classes
    for k, label in enumerate(classes):
        value, interval = ws.cell(row, 2 + 2 * k), ws.cell(row, 3 + 2 * k)
        assert value.value == binary.loc[label, ("REC", "value")]
        lo, hi = binary.loc[label, ("REC", "lower")], binary.loc[label, ("REC", "upper")]
        assert interval.value == f"[{lo:.3f}, {hi:.3f}]"
        merged = [m for m in ws.merged_cells.ranges if m.min_row == header_row and m.min_col == 2 + 2 * k]
        assert merged and merged[0].max_col == 3 + 2 * k  # the class's name over its two columns


def test_the_column_variable_over_the_crosstab_and_footnotes_under_tables(demo, demo_book):
    ws = demo_book["Report"]
    row, col = find(ws, "knn")
    assert col == 2
    span = next(m for m in ws.merged_cells.ranges if m.min_row == row and m.min_col == 2)
    assert span.max_col == 1 + len(demo.crosstab.columns)  # over every column of the crosstab, its total too
    assert ws.cell(row + 1, 1).value == "cultivar"  # the row variable heads the stub
    notes = next(t.footnotes for sec in demo.document().sections for t in sec.tables
                 if t.title == "Multiclass Measures")
    row, _ = find(ws, notes[0])
    assert ws.cell(row - 1, 1).value == "no-information rate (NIR)"  # right under the table's last row
    assert ws.cell(row, 1).font.sz < ws.cell(row - 1, 1).font.sz


def test_matching_cells_shaded_and_totals_ruled(demo_book):
    ws = demo_book["Report"]
    row, _ = find(ws, "cultivar 1")
    first = next(r for r in range(row, row + 10) if ws.cell(r, 1).value == "cultivar 1" and ws.cell(r, 2).value == 53)
    assert ws.cell(first, 2).fill.fgColor.rgb.endswith("DCEBFA")
    assert ws.cell(first, 3).fill.fill_type is None
    total = next(r for r in range(first, first + 10) if ws.cell(r, 1).value == "Total")
    assert ws.cell(total, 1).border.top.style == "thin" and ws.cell(total, 1).font.b


def test_merged_cells_never_overlap_nor_hide_values(demo, tmp_path):
    """What makes Excel offer to repair a workbook: overlapping merged ranges, or values under a merged range."""
    report = pa.datasets.load("diagnoses").agree.report("rater1", "rater2", by="rater3", statistics="all",
                                                        cells=["count", "row"], ci=None)
    for rep in (demo, report):
        rep.to_excel(tmp_path / "b.xlsx")
        ws = openpyxl.load_workbook(tmp_path / "b.xlsx")["Report"]
        seen = set()
        for m in ws.merged_cells.ranges:
            cells = {(r, c) for r in range(m.min_row, m.max_row + 1) for c in range(m.min_col, m.max_col + 1)}
            assert not cells & seen
            seen |= cells
        assert ws.max_column <= len(ws.column_dimensions)  # every used column has its width


def test_groups_get_a_section_each(tmp_path):
    report = pa.datasets.load("diagnoses").agree.report("rater1", "rater2", by="rater3", ci=None)
    report.to_excel(tmp_path / "g.xlsx")
    ws = openpyxl.load_workbook(tmp_path / "g.xlsx")["Report"]
    headings = [sec.heading for sec in report.document().sections if sec.heading]
    assert len(headings) > 1
    rows = [find(ws, h)[0] for h in headings]
    assert rows == sorted(rows)


@pytest.mark.parametrize("kind", ["raters", "compare"])
def test_rater_and_comparison_workbooks_have_the_report_sheet(kind, tmp_path):
    if kind == "raters":
        report = pa.datasets.load("anxiety").agree.raters(["rater1", "rater2", "rater3"]).report(
            random_state=0, n_resamples=100)
    else:
        report = pa.datasets.load("wine_predictions").agree.compare("cultivar", ["knn", "logistic"]).report(
            random_state=0, n_resamples=100)
    report.to_excel(tmp_path / "b.xlsx")
    wb = openpyxl.load_workbook(tmp_path / "b.xlsx")
    ws = wb["Report"]
    assert wb.sheetnames[0] == "Report" and ws.page_setup.orientation == "landscape"
    assert ws.cell(1, 1).value == report.document().title
    result, _ = layout(report)
    assert result.pages <= 3
    texts = {c.value for row in ws.iter_rows() for c in row if isinstance(c.value, str)}
    for t in report.document().sections[0].tables:  # whole, or cut into parts of columns
        assert t.title in texts or f"{t.title}, part 1 of 2" in texts, t.title
    numbers = [c.value for row in ws.iter_rows() for c in row if isinstance(c.value, float)]
    assert numbers  # values are stored as numbers


# --- the shown text and its number ---------------------------------------------------------------------------------

@settings(max_examples=200, deadline=None)
@given(st.floats(allow_nan=False, min_value=-1e6, max_value=1e6), st.sampled_from(["value", "count", "percent",
                                                                                   "pvalue"]))
def test_shown_text_is_the_old_text_and_keeps_the_number(x, kind):
    if kind == "pvalue":
        x = abs(x) / 1e6
    shown = getattr(display, kind)(x)
    assert isinstance(shown, display.Shown) and isinstance(shown, str)
    # the digits rounded half away from zero, as SPSS rounds (tests/test_rounding.py)
    def value_text():  # three decimals (one from 1000 up, none from 100,000); a value that would read as 0: two
        decimals = 0 if abs(x) >= 1e5 else 1 if abs(x) >= 1000 else 3  # significant digits
        if x != 0 and abs(x) < 0.5 * 10.0 ** -decimals:
            needed = 1 - math.floor(math.log10(abs(x)))
            return rounded_text(x, needed) if needed <= 9 else rounded_text(x, 1, "e")
        return rounded_text(x, decimals)

    expected = {"value": value_text,
                # whole but for the rounding of sums of fractional weights: no decimals
                "count": lambda: rounded_text(x, 0 if abs(x - round(x)) <= 1e-9 * max(1.0, abs(x)) else 2),
                "percent": lambda: f"{rounded_text(x, 1)}%",
                "pvalue": lambda: "<0.001" if x < 0.001 else rounded_text(x, 3)}[kind]()
    if expected.startswith("-") and not expected.strip("-0.%"):  # a number that rounds to 0 shows no sign
        expected = expected[1:]
    assert str(shown) == expected
    assert shown.number == (x / 100 if kind == "percent" else x)
    marked = shown + "ᵃ"
    assert str(marked) == expected + "ᵃ" and marked.number == shown.number
    # the mark after every section of the format: a p-value's "<.001" keeps it too
    assert marked.excel_format == ";".join(f'{part}"ᵃ"' for part in shown.excel_format.split(";"))


def test_values_with_infinite_ends_stay_in_their_columns(tmp_path):
    report = pa.Agreement.from_table([[10, 0, 0], [0, 8, 2], [1, 3, 6]]).report(ci="auto")
    report.to_excel(tmp_path / "i.xlsx")
    ws = openpyxl.load_workbook(tmp_path / "i.xlsx")["Report"]
    row, _ = find(ws, "diagnostic odds ratio (DOR)")
    cells = [ws.cell(row, c).value for c in range(2, 8)]
    # +inf: the text report's "inf" (the data sheets leave the cell empty, with a comment), the interval beside it
    assert cells[0] == "inf" and cells[1].startswith("[") and math.isinf(report.binary.iloc[0][("DOR", "value")])


def test_the_default_font_is_arial_10_so_widths_print_alike_everywhere(tmp_path):
    """Column widths count the default font's digits: Arial 10 (as SPSS's exports) rather than openpyxl's Calibri,
    whose metrics LibreOffice lacks where Carlito is not installed."""
    import zipfile

    pa.Agreement.from_table([[5, 1], [2, 7]]).report(ci=None).to_excel(tmp_path / "f.xlsx")
    with zipfile.ZipFile(tmp_path / "f.xlsx") as archive:
        styles = archive.read("xl/styles.xml").decode()
    first = styles[styles.index("<fonts"):].split("</font>")[0]
    assert '<name val="Arial" />' in first and '<sz val="10" />' in first and "Calibri" not in first
    assert openpyxl.load_workbook(tmp_path / "f.xlsx")["Summary"].cell(1, 1).value == "Case Processing Summary"


def test_words_in_a_column_of_numbers_are_right_aligned(tmp_path):
    """The Sample Design table's "yes" among its counts lines up with them, as in the text report; a column of
    words (Interpretation) stays left-aligned."""
    data = pd.DataFrame({"a": list("xxyyxyxy") * 3, "p": list("xyyyxxxy") * 3, "psu": np.arange(24) % 6,
                         "w": np.linspace(1, 2, 24)})
    report = data.agree.report("a", "p", cluster="psu", weights="w")
    report.to_excel(tmp_path / "d.xlsx")
    ws = openpyxl.load_workbook(tmp_path / "d.xlsx")["Report"]
    row, _ = find(ws, "Sampling weights")
    cells = [c for c in ws[row][1:] if c.value is not None]
    assert [c.value for c in cells] == ["yes"] and cells[0].alignment.horizontal == "right"
    row, _ = find(ws, "Cohen's kappa (KAPPA)")
    words = [c for c in ws[row] if isinstance(c.value, str) and c.value in ("slight", "fair", "moderate", "poor",
                                                                            "substantial", "almost perfect")]
    assert words and all(c.alignment.horizontal != "right" for c in words)
