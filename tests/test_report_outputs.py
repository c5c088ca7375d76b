"""The renderers take whatever a report holds: labels of any length and characters, variables named by any hashable,
and standard errors too small for three decimals; the workbook's data sheets are written in time and memory linear
in their cells."""

from __future__ import annotations

import html
import json
import math
import os
import re
import shutil
import subprocess
import sys
import textwrap
import warnings
import zipfile
from xml.etree import ElementTree

import numpy as np
import openpyxl
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pandas_agree as pa
from pandas_agree.report import display, excel

FAST = {"ci": None}


def quiet(make):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return make()


def cells_of(path) -> list[openpyxl.cell.cell.Cell]:
    book = openpyxl.load_workbook(path)
    return [c for ws in book for row in ws.iter_rows() for c in row if c.value is not None]


def well_formed(path) -> None:
    with zipfile.ZipFile(path) as archive:
        for name in archive.namelist():
            if name.endswith((".xml", ".rels")):
                ElementTree.fromstring(archive.read(name))


# --- labels of any length and any characters in the workbook -------------------------------------------------------

WEIRD = ["=1+1", "L" * 2_000, "ctl\x00\x1b[31m", "+1", "@cmd", "tab\there", " lead", "a&b<c>", "x" * 40_000]


def weird_table(names=("rows", "columns")) -> pd.DataFrame:
    labels = pd.Index(WEIRD, dtype=object)
    counts = np.random.default_rng(0).integers(0, 5, (len(WEIRD), len(WEIRD))) + 20 * np.eye(len(WEIRD), dtype=int)
    table = pd.DataFrame(counts, index=labels, columns=labels.copy())
    table.index.name, table.columns.name = names
    return table


@pytest.mark.parametrize("options", [{"cells": ["count", "row", "expected"]}, {"cells": "all", "statistics": "all"},
                                     {"percentages": ["row", "column"]}, {}])
def test_labels_of_any_length_and_characters_write_as_text(options, tmp_path):
    """A label of 2,000 characters with cells= made an indent of 1,000 levels ("Max value is 255"); every label
    now writes, stays text (never a formula), and the workbook is well formed and loads."""
    report = quiet(lambda: pa.Agreement.from_table(weird_table()).report(**FAST, **options))
    path = tmp_path / "weird.xlsx"
    report.to_excel(path)
    well_formed(path)
    cells = cells_of(path)
    texts = {c.value for c in cells if isinstance(c.value, str)}
    assert "=1+1" in texts and "+1" in texts and "@cmd" in texts and "a&b<c>" in texts
    assert all(c.data_type != "f" for c in cells)
    assert "L" * 2_000 in texts  # whole in the data sheets
    assert "ctl\\x00\\x1b[31m" in texts  # control characters shown as escapes
    assert max(map(len, texts)) <= 32_767
    sheet = openpyxl.load_workbook(path)["Report"]
    assert all((c.alignment.indent or 0) <= 250 for row in sheet.iter_rows() for c in row)
    assert all((d.height or 0) <= 409 for d in sheet.row_dimensions.values())


def test_lone_surrogates_and_formulas_in_names_write(tmp_path):
    """Names pass through every output; a lone surrogate, which UTF-8 cannot encode, is shown as its escape."""
    table = weird_table(("s\ud800", "=2+2"))
    report = quiet(lambda: pa.Agreement.from_table(table).report(**FAST))
    text, page = str(report), report.to_html()
    assert "s\\ud800" in text and "\ud800" not in text and "\ud800" not in page
    report.to_excel(tmp_path / "s.xlsx")
    well_formed(tmp_path / "s.xlsx")
    texts = {c.value for c in cells_of(tmp_path / "s.xlsx") if isinstance(c.value, str)}
    assert "s\\ud800" in texts and "=2+2" in texts


SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")


@pytest.mark.skipif(SOFFICE is None, reason="needs LibreOffice")
def test_a_workbook_of_any_labels_converts_in_libreoffice(tmp_path):
    report = quiet(lambda: pa.Agreement.from_table(weird_table(("=1+1", "tab\there"))).report(
        **FAST, cells=["count", "row", "expected"]))
    report.to_excel(tmp_path / "weird.xlsx")
    subprocess.run([SOFFICE, f"-env:UserInstallation=file://{tmp_path}/profile", "--headless", "--convert-to", "pdf",
                    "--outdir", str(tmp_path), str(tmp_path / "weird.xlsx")], capture_output=True, timeout=300)
    pdf = tmp_path / "weird.pdf"
    assert pdf.exists() and pdf.read_bytes().startswith(b"%PDF") and pdf.stat().st_size > 10_000


def test_sheet_names_are_cut_made_valid_and_distinct(tmp_path):
    from pandas_agree.report.excel import write_frames

    frame = pd.DataFrame({"x": [1.0]}, index=["a"])
    long = "=" + "n" * 60
    report = pa.Agreement.from_table([[3, 1], [1, 3]]).report(**FAST)
    write_frames(tmp_path / "f.xlsx", report.document(), {long: [("t", frame)], long + "2": [("t", frame)],
                                                          "a/b:c*d?[e]": [("t", frame)], "notes": [("t", frame)]},
                 ["a note"], {"ci": None})
    names = openpyxl.load_workbook(tmp_path / "f.xlsx").sheetnames
    assert names[0] == "Report" and len(names) == len({n.lower() for n in names}) == 6
    assert all(len(n) <= 31 and not set(n) & set("[]:*?/\\") for n in names)


# --- long labels in the text and HTML reports ----------------------------------------------------------------------

def long_label_report(n: int):
    long = "a" * n
    frame = pd.DataFrame({"actual": ["x", "y", long, "x", "y", long, "z"],
                          "pred": ["x", "y", long, "y", "y", "x", "q"]})
    return long, quiet(lambda: frame.agree.report("actual", "pred", **FAST))


def test_a_long_label_is_cut_in_tables_and_notes_and_shown_whole_once():
    """Printing a report with a label of n characters was quadratic in n (each row padded to the label's width):
    the label is cut wherever it appears, its whole text printed once under "Long labels"."""
    long, report = long_label_report(200_000)
    text = str(report)
    assert "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…aaaaaaaaaa (200,000 characters)" in text
    assert len(text) < 1.1 * len(long) + 60_000  # linear: the label once, not once per row
    lines = text.splitlines()
    start = lines.index("Long labels")
    assert "".join(line.strip() for line in lines[start + 4:]).count(long) == 1
    assert max(len(line) for line in lines[:start]) < 400  # tables and notes keep their width
    page = report.to_html()
    assert page.count(long) == 1 and "(200,000 characters)" in page
    assert long in report.to_json()  # the data keep the whole label


def test_labels_up_to_the_limit_are_whole_and_cut_forms_stay_distinct():
    short = "b" * 60
    twins = ["c" * 35 + "_one" + "d" * 30, "c" * 35 + "_two" + "d" * 30]  # the same first 30 and last 10
    frame = pd.DataFrame({"a": [short, *twins, short], "p": [short, *twins, twins[0]]})
    report = quiet(lambda: frame.agree.report("a", "p", **FAST))
    text = str(report)
    first, second = "c" * 30 + "…" + "d" * 10 + " (69 characters)", "c" * 30 + "…" + "d" * 10 + " #2 (69 characters)"
    crosstab = text.split("Crosstabulation", 1)[1].split("Matching cells")[0]
    assert first in crosstab and second in crosstab and twins[0] not in crosstab  # told apart
    long_labels = text.split("\nLong labels\n", 1)[1]
    assert twins[0] in long_labels and twins[1] in long_labels and short in crosstab


# --- any hashable as a variable's name ------------------------------------------------------------------------------

NAMES = st.one_of(
    st.integers(-10**6, 10**6),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.booleans(),
    st.text(min_size=1, max_size=80),
    st.datetimes(min_value=pd.Timestamp("1900-01-01").to_pydatetime(),
                 max_value=pd.Timestamp("2200-01-01").to_pydatetime()).map(pd.Timestamp),
    st.tuples(st.text(max_size=5), st.integers(0, 9)),
)


def named_frame(a, b) -> pd.DataFrame:
    values = {"x": list("aabbcxab"), "y": list("abbccxaa")}
    if isinstance(a, tuple) or isinstance(b, tuple):
        a, b = (a if isinstance(a, tuple) else (a, "")), (b if isinstance(b, tuple) else (b, ""))
        frame = pd.DataFrame(list(zip(values["x"], values["y"], strict=True)))
        frame.columns = pd.MultiIndex.from_tuples([a, b])
        return frame, a, b
    frame = pd.DataFrame(list(zip(values["x"], values["y"], strict=True)))
    frame.columns = pd.Index([a, b], dtype=object)
    return frame, a, b


@settings(max_examples=40, deadline=None)
@given(NAMES, NAMES)
def test_every_renderer_takes_any_hashable_name(a, b):
    """`df.agree(0, 1)` worked but `str(df.agree.report(0, 1))` raised TypeError (a header joined as str)."""
    if a == b or (isinstance(a, float) and isinstance(b, float) and math.isclose(a, b)):
        return
    frame, a, b = named_frame(a, b)
    if not frame.columns.is_unique:
        return
    report = quiet(lambda: frame.agree.report(a, b, **FAST))
    text = str(report)
    assert text.splitlines()[0] == f"Agreement report: {display.label(a)} * {display.label(b)}"
    assert display.label(b) in text.split("Crosstabulation", 1)[1]
    assert html.escape(display.label(b), quote=True) in report._repr_html_()
    json.loads(report.to_json())


@pytest.mark.parametrize("names", [(0, 1), (("a", 1), ("b", 2)), (1.5, 2.5), (True, False),
                                   (pd.Timestamp("2020-01-01"), pd.Timestamp("2021-06-30"))])
def test_the_workbook_and_the_plot_take_any_hashable_name(names, tmp_path):
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    frame, a, b = named_frame(*names)
    report = quiet(lambda: frame.agree.report(a, b, **FAST))
    report.to_excel(tmp_path / "n.xlsx")
    sheets = openpyxl.load_workbook(tmp_path / "n.xlsx")
    assert sheets["Report"].cell(1, 1).value == f"Agreement report: {display.label(a)} * {display.label(b)}"
    assert sheets["Crosstab"].cell(2, 1).value == display.label(a)
    figure = report.plot()
    assert display.label(b) in figure.axes[0].get_xlabel()
    plt.close(figure)


def test_no_name_and_a_name_of_zero_from_a_table(tmp_path):
    table = pd.DataFrame([[5, 1], [2, 6]], index=pd.Index(["a", "b"], name=None), columns=pd.Index(["a", "b"], name=0))
    report = pa.Agreement.from_table(table).report(**FAST)
    assert str(report).startswith("Agreement report: reference * 0\n")
    report.to_excel(tmp_path / "t.xlsx")
    assert openpyxl.load_workbook(tmp_path / "t.xlsx")["Report"].cell(1, 1).value == "Agreement report: reference * 0"
    assert json.loads(report.to_json())["crosstab"]["index"][:2] == ["a", "b"]


def test_a_name_that_is_zero_is_not_taken_for_no_name():
    frame = pd.DataFrame({0: list("aabb"), 1: list("abab")})
    report = frame.agree.report(0, 1, **FAST, percentages=["row"])
    assert str(report).startswith("Agreement report: 0 * 1\n")
    assert "% within 0" in report.crosstab.index.get_level_values("statistic")
    crosstab = report.document().sections[0].tables[1]
    assert crosstab.stub == "0" and crosstab.column_title == "1"


# --- standard errors at large N ----------------------------------------------------------------------------------

def big_report():
    """About 10^6 objects: every standard error below 0.001."""
    return quiet(lambda: pa.Agreement.from_table([[500_000, 1_000], [2_000, 497_000]]).report())


def significant(text: str) -> int:
    digits = re.sub(r"[^0-9]", "", text.split("e")[0]).lstrip("0")
    return len(digits)


def test_standard_errors_show_two_significant_digits_at_a_million_rows(tmp_path):
    """At 10^6 rows every SE printed as 0.000; it shows two significant digits (SPSS's three decimals where they
    already do), and an interval's ends are not printed as the value when they differ from it."""
    report = big_report()
    multiclass = next(t for t in report.document().sections[0].tables if t.title == "Multiclass Measures")
    column = multiclass.columns.index("SE")
    for code, (label, cells) in zip(report.multiclass.index, multiclass.rows, strict=True):
        se = report.multiclass.loc[code, "se"]
        if np.isnan(se) or se == 0:
            continue
        assert significant(cells[column]) >= 2, (label, cells[column])
        assert cells[column].number == se  # the number kept for the workbook
        value = cells[0]
        places = len(str(value).split(".")[-1]) if "." in str(value) else 0  # none from 100,000
        assert str(value) == f"{report.multiclass.loc[code, 'value']:.{places}f}"
    kappa = next(cells for label, cells in multiclass.rows if label.endswith("(KAPPA)"))
    lower, upper = re.findall(r"[-0-9.]+", kappa[column + 1])[:2]
    assert lower != upper and str(kappa[0]) not in (lower, upper)  # [0.99379, 0.99421], not [0.994, 0.994]
    text, page = str(report), report.to_html()
    assert kappa[column] in text and kappa[column] in page
    report.to_excel(tmp_path / "big.xlsx")
    book = openpyxl.load_workbook(tmp_path / "big.xlsx")
    row = next(r for r in book["Report"].iter_rows() if r[0].value == "Cohen's kappa (KAPPA)")
    se_cell = row[column + 1]
    assert se_cell.value == report.multiclass.loc["KAPPA", "se"]
    assert se_cell.number_format.count("0") - 1 >= 5  # 0.00011: five decimals
    summary = book["Summary"]
    head = next(r for r in summary.iter_rows() if r[0].value == "code")
    names = [c.value for c in head]
    kappa_row = next(r for r in summary.iter_rows() if r[0].value == "KAPPA")
    shown = kappa_row[names.index("se")]
    assert shown.value == report.multiclass.loc["KAPPA", "se"] and len(shown.number_format.split(".")[1]) >= 5
    for code in report.multiclass.index:  # the ends never read as the value (four decimals, or more)
        row = next(r for r in summary.iter_rows() if r[0].value == code)
        value, lower, upper = (row[names.index(stat)] for stat in ("value", "lower", "upper"))
        if lower.value is None or value.value is None:
            continue
        decimals = len(lower.number_format.split(".")[1])
        for end in (lower.value, upper.value):
            if end != value.value and decimals < 9:
                assert f"{end:.{decimals}f}" != f"{value.value:.{decimals}f}", (code, end, value.value)


@settings(max_examples=200, deadline=None)
@given(st.floats(min_value=1e-12, max_value=1e4, allow_nan=False))
def test_a_standard_error_keeps_spss_decimals_or_two_significant_digits(x):
    shown = display.se(x)
    if x >= 0.01:
        assert str(shown) == f"{x:.{1 if x >= 1000 else 3}f}"  # as every value: SPSS's three decimals
    else:
        assert significant(str(shown)) >= 2
        assert float(str(shown)) == pytest.approx(x, rel=0.05)
    assert shown.number == x


def test_collapsing_intervals_get_digits_and_their_values_with_them():
    shown = display.with_interval(0.49987, 0.49967, 0.50007)
    # the value with its ends' decimals (before: "0.500 [0.49967, 0.50007]", the value rounded more coarsely)
    assert str(shown) == "0.49987 [0.49967, 0.50007]" and shown.interval == "[0.49967, 0.50007]"
    assert display.with_interval(0.5, 0.41, 0.62) == "0.500 [0.410, 0.620]"
    assert display.interval(0.95, 1.0, value_shown=1.0) == "[0.950, 1.000]"  # an end at the value is the value
    assert display.interval(1 / 3 - 1e-17, 1 / 3 + 1e-17, value_shown=1 / 3) == "[0.333, 0.333]"  # round-off


# --- the workbook's data sheets: linear in time and memory ---------------------------------------------------------

MEMORY_SCRIPT = textwrap.dedent("""
    import resource, sys, warnings
    import numpy as np
    import pandas_agree as pa
    warnings.simplefilter("ignore")
    rng = np.random.default_rng(0)
    k = 1000
    table = rng.poisson(0.3, (k, k)) + np.diag(rng.integers(50, 100, k))  # a quarter of the cells non-empty
    report = pa.Agreement.from_table(table).report(ci=None)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    report.to_excel(sys.argv[1])
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print((after - before) / 1024)
""")


def test_writing_a_workbook_of_1000_classes_stays_under_a_memory_bound(tmp_path):
    """A workbook of a 1,000 × 1,000 table (a million crosstab cells and a quarter million confusions) took a Python
    object and a style per cell: gigabytes (3.9 GiB with every cell non-empty). The data sheets are written as XML
    row by row: the process grows by tens of megabytes (the bound leaves room for the allocator)."""
    out = tmp_path / "k1000.xlsx"
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
    done = subprocess.run([sys.executable, "-c", MEMORY_SCRIPT, str(out)], capture_output=True, text=True,
                          timeout=1200, env=env)
    assert done.returncode == 0, done.stderr[-3000:]
    grown = float(done.stdout.split()[-1])
    assert grown < 300, f"writing the workbook grew the process by {grown:.0f} MiB"
    well_formed_names = zipfile.ZipFile(out).namelist()
    assert "xl/worksheets/sheet3.xml" in well_formed_names
    crosstab = pd.read_excel(out, sheet_name="Crosstab", header=1, nrows=3)
    assert crosstab.shape[1] == 1002  # the labels, 1,000 columns and the total


def test_the_streamed_sheets_hold_every_number_exactly(tmp_path):
    rng = np.random.default_rng(5)
    table = pd.DataFrame(rng.integers(0, 40, (6, 6)) + 30 * np.eye(6, dtype=int))
    report = pa.Agreement.from_table(table.astype(float) + rng.random((6, 6))).report(ci="linearized")
    report.to_excel(tmp_path / "x.xlsx")
    book = openpyxl.load_workbook(tmp_path / "x.xlsx")
    crosstab = book["Crosstab"]
    stored = np.array([[crosstab.cell(3 + i, 2 + j).value for j in range(7)] for i in range(7)], dtype=float)
    assert np.array_equal(stored, report.crosstab.to_numpy())  # every bit
    confusions = pd.read_excel(tmp_path / "x.xlsx", sheet_name="Confusions", header=1).dropna(subset=["count"])
    expected = report.agreement.confusions(top=None)
    assert np.array_equal(confusions["share (%)"].to_numpy(dtype=float), 100 * expected["share"].to_numpy())
    assert crosstab.freeze_panes == "B3" and book["Class measures"].freeze_panes == "B3"


def test_the_sheet_names_helper_keeps_excel_limits():
    names = excel.sheet_names(["History", "x" * 40, "x" * 40, "", "a'"])
    assert names == ["History_", "x" * 31, "x" * 27 + " (2)", "Sheet", "a"]
