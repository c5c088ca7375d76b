"""Every sheet of a workbook prints: a print setup on each data sheet (A4, one page wide, the header rows and label
column on every page, the print area the cells written), and a crosstab of up to 12 columns in one block on the
Report sheet."""

from __future__ import annotations

import re
import shutil
import subprocess
import warnings

import numpy as np
import openpyxl
import pandas as pd
import pytest
from openpyxl.utils import get_column_letter, range_boundaries

import pandas_agree as pa
from pandas_agree.integrations import cli
from pandas_agree.report.printed import CHAR_UNITS
from pandas_agree.report.xlsx import SMALLEST_SCALE

SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")
PDFINFO = shutil.which("pdfinfo")
PDFTOTEXT = shutil.which("pdftotext")


@pytest.fixture(scope="module")
def demo_book(tmp_path_factory):
    """The workbook of ``pandas-agree demo`` (wine cultivars against a classifier)."""
    name, actual, pred = cli.DEMO
    path = tmp_path_factory.mktemp("print") / "demo.xlsx"
    pa.datasets.load(name).agree.report(actual, pred).to_excel(path)
    return path


def two_by_two(path):
    pa.Agreement.from_table([[20, 5], [3, 22]]).report().to_excel(path)
    return path


def check_print_setup(path) -> None:
    book = openpyxl.load_workbook(path)
    for ws in book.worksheets:
        setup = ws.page_setup
        if ws.sheet_properties.pageSetUpPr.fitToPage:
            assert int(setup.fitToWidth) == 1, ws.title  # one page wide
        else:  # too wide to read on one page wide (the class measures with intervals): pages side by side
            assert int(setup.scale) == round(100 * SMALLEST_SCALE) and setup.pageOrder == "overThenDown", ws.title
        assert setup.orientation in ("portrait", "landscape") and int(setup.paperSize) == 9, ws.title  # A4
        assert ws.print_area, ws.title
        first_col, first_row, last_col, last_row = range_boundaries(ws.print_area.split("!")[-1].replace("$", ""))
        assert (first_col, first_row) == (1, 1) and last_col >= ws.max_column and last_row >= ws.max_row, ws.title
        assert "&P" in ws.oddFooter.center.text, ws.title
        assert ws.page_margins.left <= 0.5, ws.title
    for title in ("Crosstab", "Confusions", "Class measures", "Averages", "Measures"):
        assert book[title].print_title_rows, title  # the header on every page
    for title in ("Crosstab", "Class measures", "Averages"):
        assert book[title].print_title_cols == "$A:$A", title  # the labels on every page


def test_every_sheet_of_the_demo_workbook_has_a_print_setup(demo_book):
    """The data sheets had no print setup: the demo workbook printed 57 pages (61 for a 2 × 2 table), a sheet of
    class measures across dozens of pages."""
    check_print_setup(demo_book)


def test_every_sheet_of_a_two_by_two_workbook_has_a_print_setup(tmp_path):
    check_print_setup(two_by_two(tmp_path / "two.xlsx"))


@pytest.mark.parametrize("kind", ["raters", "compare"])
def test_rater_and_comparison_workbooks_print_every_sheet(kind, tmp_path):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if kind == "raters":
            report = pa.datasets.load("anxiety").agree.raters(["rater1", "rater2", "rater3"]).report(
                random_state=0, n_resamples=100)
        else:
            report = pa.datasets.load("wine_predictions").agree.compare("cultivar", ["knn", "logistic"]).report(
                random_state=0, n_resamples=100)
    report.to_excel(tmp_path / "b.xlsx")
    book = openpyxl.load_workbook(tmp_path / "b.xlsx")
    for ws in book.worksheets:
        if ws.sheet_properties.pageSetUpPr.fitToPage:
            assert int(ws.page_setup.fitToWidth) == 1, ws.title
        else:  # too wide to read on one page wide (the comparison's summary): pages side by side
            assert int(ws.page_setup.scale) == round(100 * SMALLEST_SCALE), ws.title
        assert ws.print_area, ws.title


def crosstab_report(k: int):
    rng = np.random.default_rng(0)
    labels = [f"class {i}" for i in range(k)]
    table = pd.DataFrame(rng.integers(0, 30, (k, k)) + np.diag(np.full(k, 200)), index=labels, columns=labels)
    return pa.Agreement.from_table(table).report()


@pytest.mark.parametrize("k", [10, 12])
def test_a_crosstab_of_up_to_12_columns_is_one_block_on_the_report_sheet(k, tmp_path):
    """A 10 × 10 crosstab (eleven columns with the total) was cut into two blocks: the other tables' wider columns
    (intervals, interpretations) share the sheet's columns. Up to 12 columns and the total it stays whole; the
    sheet prints a little smaller."""
    report = crosstab_report(k)
    report.to_excel(tmp_path / "c.xlsx")
    ws = openpyxl.load_workbook(tmp_path / "c.xlsx")["Report"]
    texts = [c.value for row in ws.iter_rows() for c in row if isinstance(c.value, str)]
    assert "reference * prediction Crosstabulation" in texts
    assert not any(t.startswith("reference * prediction Crosstabulation, part") for t in texts)
    header = next(r for r in ws.iter_rows() if r[1].value == "class 0" and r[k + 1].value == "Total")
    assert [c.value for c in header[1:k + 2]] == [f"class {i}" for i in range(k)] + ["Total"]


def test_a_wider_crosstab_is_still_cut(tmp_path):
    report = crosstab_report(20)
    report.to_excel(tmp_path / "w.xlsx")
    texts = [c.value for row in openpyxl.load_workbook(tmp_path / "w.xlsx")["Report"].iter_rows() for c in row
             if isinstance(c.value, str)]
    assert any(t.startswith("reference * prediction Crosstabulation, part 1 of") for t in texts)


def pdf_pages(path, tmp_path) -> tuple[int, str]:
    """Print ``path`` to PDF with LibreOffice: the pages and their text."""
    done = subprocess.run([SOFFICE, f"-env:UserInstallation=file://{tmp_path}/profile", "--headless",
                           "--convert-to", "pdf", "--outdir", str(tmp_path), str(path)],
                          capture_output=True, text=True, timeout=300)
    pdf = tmp_path / (path.stem + ".pdf")
    assert pdf.exists(), done.stderr
    info = subprocess.run([PDFINFO, str(pdf)], capture_output=True, text=True, check=True).stdout
    text = subprocess.run([PDFTOTEXT, "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    return int(re.search(r"Pages:\s+(\d+)", info).group(1)), text


@pytest.mark.skipif(not (SOFFICE and PDFINFO and PDFTOTEXT), reason="needs LibreOffice and poppler-utils")
def test_the_demo_workbook_prints_readably_on_at_most_18_pages(demo_book, tmp_path):
    """57 pages before the print setup. The class measures with their intervals (157 columns) print on four pages
    side by side at 40% of full size: fitted to one page wide they printed at 12%, pages that read as empty."""
    pages, text = pdf_pages(demo_book, tmp_path)
    assert pages <= 18
    assert text.count("Class measures — Page") == 4
    for title in ("Summary", "Crosstab", "Confusions", "Class measures", "Averages", "Notes", "Measures"):
        assert f"{title} — Page" in text  # every sheet is printed, its name in the footer
    assert text.count("Agreement report: cultivar * knn") <= 6  # the Report sheet's pages


def test_the_report_sheet_prints_the_whole_title_of_a_report_of_narrow_tables(tmp_path):
    """The title (12-point bold) is written in cell A1 and prints as far as the print area's columns reach: a score
    comparison, whose tables are four narrow columns, printed "Score comparison report: s100b, ndka, wfns against
    outcome (posit" (LibreOffice's PDF of pROC's aSAH scores). The columns of the print area now hold at least the
    title's characters at 12/9 of the 9-point character's width."""
    rng = np.random.default_rng(1)
    outcome = rng.choice(["Good", "Poor"], 113, p=[0.64, 0.36])
    scores = pd.DataFrame({"outcome": outcome, **{name: rng.normal(size=113) + (outcome == "Poor") * shift
                                                   for name, shift in (("s100b", 0.8), ("ndka", 0.3), ("wfns", 1.2))}})
    report = scores.agree.compare_scores("outcome", ["s100b", "ndka", "wfns"], positive="Poor").report()
    report.to_excel(tmp_path / "scores.xlsx")
    ws = openpyxl.load_workbook(tmp_path / "scores.xlsx")["Report"]
    _, _, last_col, _ = range_boundaries(ws.print_area.split("!")[-1].replace("$", ""))
    printed = sum(ws.column_dimensions[get_column_letter(col)].width for col in range(1, last_col + 1))
    title = ws.cell(1, 1).value
    assert title.startswith("Score comparison report: s100b, ndka, wfns against outcome")
    assert printed >= len(title) * CHAR_UNITS * 12 / 9
