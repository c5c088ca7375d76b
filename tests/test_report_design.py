"""The design effects (DEFF) of a report of a complex sample: beside every value of the multiclass, class-specific
and averages tables in the text, the HTML and the workbook's Report sheet (there at full precision), in the data
sheets and in to_dict(); nowhere without a design."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import numpy as np
import openpyxl
import pandas as pd
import pytest

import pandas_agree  # noqa: F401  (registers DataFrame.agree)
from pandas_agree.report import text
from pandas_agree.report.document import DEFF

from .test_design import quiet, simulated

AVERAGES, CLASSES, MULTICLASS = "Averages over Classes", "Class-Specific Measures", "Multiclass Measures"
PARADOX = "Kappa Paradox"
CODE = re.compile(r"\(([A-Z0-9_]+)\)$")  # a measure's row label ends with its code


@pytest.fixture(scope="module")
def sample() -> pd.DataFrame:
    return simulated()


@pytest.fixture(scope="module")
def design(sample):
    return quiet(sample.agree.report, "actual", "pred", weights="weight", strata="stratum", cluster="psu",
                 random_state=0)


@pytest.fixture(scope="module")
def plain(sample):
    """The same rows as independent draws (frequency weights): no design, no design effects."""
    return quiet(sample.agree.report, "actual", "pred", weights="weight", random_state=0)


@pytest.fixture(scope="module")
def book(design, tmp_path_factory):
    path = tmp_path_factory.mktemp("design") / "design.xlsx"
    design.to_excel(path)
    return openpyxl.load_workbook(path)


def expected(rep) -> dict:
    """Every design effect a report shows: (table, row code, column title) -> the frame's deff."""
    out = {}
    for method in rep.averages.columns.get_level_values(0).unique():
        for code in rep.averages.index:
            out[AVERAGES, code, str(method)] = rep.averages.loc[code, (method, "deff")]
    for code in rep.binary.columns.get_level_values(0).unique():
        for label in rep.binary.index:
            out[CLASSES, code, str(label)] = rep.binary.loc[label, (code, "deff")]
    for code in rep.multiclass.index:
        out[MULTICLASS, code, "95% CI"] = rep.multiclass.loc[code, "deff"]
    for code in rep.paradox.index:
        out[PARADOX, code, "95% CI"] = rep.paradox.loc[code, "deff"]
    return out


def shown(deff: float) -> str:
    """A design effect as the report prints it: an undefined one (a value that does not vary) as a dash."""
    return "—" if np.isnan(deff) else f"{deff:.2f}"


def which(title: str) -> str | None:
    return next((t for t in (AVERAGES, CLASSES, MULTICLASS, PARADOX) if title.startswith(t)), None)


def pairs(table: str | None, label: str, heads: list, cells: list, found: dict) -> None:
    """Each DEFF cell of a row under the title of the column on its left."""
    match = CODE.search(label)
    if table is None or match is None:
        return
    for j, head in enumerate(heads):
        if head == DEFF:
            found[table, match.group(1), heads[j - 1]] = cells[j]


# --- text ------------------------------------------------------------------------------------------------------

def text_deffs(report_text: str) -> dict:
    """(table, code, column) -> the DEFF text of every table of a text report (tables cut into blocks too)."""
    found, table, heads = {}, None, None
    lines = report_text.splitlines()
    for i, line in enumerate(lines):
        if (i == 0 or not lines[i - 1].strip()) and i + 1 < len(lines) and lines[i + 1].startswith(("═", "(1 of")):
            table, heads = which(line), None
        elif line.startswith(("Measure ", "Class ")) and i and lines[i + 1].startswith("─"):
            heads = re.split(r"\s{2,}", line.strip())
        elif heads and not line.startswith(("═", "─", "(")) and line.strip():
            cells = re.split(r"\s{2,}", line.strip())
            if len(cells) == len(heads) - 1 and heads[-1] == "Interpretation":
                cells.append("")  # a measure without bands ends its row before the last column
            if len(cells) == len(heads):
                pairs(table, cells[0], heads, cells, found)
    return found


def test_the_text_shows_every_design_effect_beside_its_value(design):
    found = text_deffs(str(design))
    want = expected(design)
    assert set(found) == set(want)
    assert {key: shown(v) for key, v in want.items()} == found


def test_a_value_and_its_design_effect_stay_in_one_block_at_any_width(design):
    doc = design.document()
    tables = [t for t in doc.sections[0].tables if which(t.title) in (AVERAGES, CLASSES)]
    for width in (60, 80, 97, 100, 120, 160):
        for t in tables:
            for line in text.render_table(t, width).splitlines():
                if line.startswith("Measure "):
                    heads = re.split(r"\s{2,}", line.strip())[1:]
                    assert heads[0::2] and DEFF not in heads[0::2] and heads[1::2] == [DEFF] * (len(heads) // 2)
                    assert len(heads) % 2 == 0


def test_the_table_of_many_classes_shows_the_design_effect_of_the_sorting_measure(sample):
    rep = quiet(sample.agree.report, "actual", "pred", weights="weight", strata="stratum", cluster="psu",
                random_state=0, max_classes=2, sort_by="REC")
    table = next(t for t in rep.document().sections[0].tables if t.title.startswith(CLASSES))
    assert table.columns[:3] == ["REC", "95% CI", DEFF] and table.companions == {2}
    rows = {label: cells for label, cells in table.rows if cells is not None}
    assert rows and {label: cells[2] for label, cells in rows.items()} == {
        str(label): shown(rep.binary.loc[label, ("REC", "deff")]) for label in rep.binary.index if str(label) in rows}
    assert any("design effect of REC" in note for note in table.footnotes)


# --- HTML ------------------------------------------------------------------------------------------------------

class Tables(HTMLParser):
    """The tables of an HTML report: (title, header cells, [(row label, cells, classes of the cells)])."""

    def __init__(self) -> None:
        super().__init__()
        self.tables, self.title, self.text, self.row, self.classes = [], "", None, None, None
        self.heading = False

    def handle_starttag(self, tag, attrs):
        if tag == "h3":
            self.heading, self.title = True, ""
        elif tag == "table":
            self.tables.append((self.title, [], []))
        elif tag == "tr":
            self.row, self.classes = [], []
        elif tag in ("th", "td"):
            self.text = ""
            self.classes.append(dict(attrs).get("class"))

    def handle_data(self, data):
        if self.heading:
            self.title += data
        elif self.text is not None:
            self.text += data

    def handle_endtag(self, tag):
        if tag == "h3":
            self.heading = False
        elif tag in ("th", "td"):
            self.row.append(self.text)
            self.text = None
        elif tag == "tr" and self.tables:
            _, heads, rows = self.tables[-1]
            if not heads:
                heads.extend(self.row)
            else:
                rows.append((self.row[0], self.row, self.classes))


def test_the_html_shows_every_design_effect_in_a_cell_of_its_own(design):
    parser = Tables()
    parser.feed(design.to_html())
    found = {}
    for title, heads, rows in parser.tables:
        if which(title) is None:
            continue
        for label, cells, classes in rows:
            pairs(which(title), label, heads, cells, found)
            assert all(c == "pa-aside" for c, head in zip(classes, heads, strict=True) if head == DEFF)
    want = expected(design)
    assert {key: shown(v) for key, v in want.items()} == found


# --- the workbook ----------------------------------------------------------------------------------------------

def sheet_deffs(ws) -> dict:
    """(table, code, column) -> the DEFF cell of every table on the Report sheet (its parts and pages too)."""
    found, table, heads = {}, None, None
    for row in ws.iter_rows():
        first = row[0].value
        values = [cell.value for cell in row]
        if isinstance(first, str) and which(first):
            table, heads = which(first), None
        elif DEFF in values:
            heads, last = [], None
            for v in values:  # a value with its interval takes two columns, its title over both
                last = v if v is not None else last
                heads.append(last if v is None and last != DEFF else v)
        elif heads and isinstance(first, str) and CODE.search(first):
            pairs(table, first, heads, row, found)
    return found


def test_the_report_sheet_stores_every_design_effect_at_full_precision(design, book):
    found = sheet_deffs(book["Report"])
    want = expected(design)
    assert set(found) == set(want)
    for key, cell in found.items():
        if np.isnan(want[key]):  # a value that does not vary has no design effect: a dash, as in the text
            assert cell.value == "—", key
            continue
        assert cell.value == want[key] and cell.number_format == "0.00", key


def test_the_data_sheets_and_the_json_carry_every_design_effect(design, book):
    data = json.loads(design.to_json())
    for name in ("binary", "averages", "multiclass"):
        frame = getattr(design, name)
        stored = data[name]
        deffs = [j for j, c in enumerate(stored["columns"]) if c == "deff" or c[-1:] == ["deff"]]
        keys = frame.columns.get_level_values(0).unique() if isinstance(frame.columns, pd.MultiIndex) else [None]
        assert len(deffs) == len(keys)  # one deff per measure (per average method)
        numbers = np.array([[row[j] for j in deffs] for row in stored["data"]], dtype=float)
        assert np.array_equal(numbers, frame.loc[:, [frame.columns[j] for j in deffs]].to_numpy(dtype=float),
                              equal_nan=True)
    for sheet, frame in (("Class measures", design.binary), ("Averages", design.averages)):
        ws = book[sheet]
        keys, stats = [c.value for c in ws[1]], [c.value for c in ws[2]]
        columns = [c for c, stat in enumerate(stats) if stat == "deff"]
        assert len(columns) == len(frame.columns.get_level_values(0).unique())
        for c in columns:
            key = keys[c - 4]  # the key heads its first statistic: value, se, lower, upper, deff
            stored = [ws.cell(r, c + 1).value for r in range(3, 3 + len(frame))]
            assert np.array_equal(np.array(stored, dtype=float), frame[(key, "deff")].to_numpy(), equal_nan=True)
    summary = [[c.value for c in row] for row in book["Summary"].iter_rows()]
    head = next(r for r in summary if "deff" in r)
    start = summary.index(head) + 1
    stored = {r[0]: r[head.index("deff")] for r in summary[start:start + len(design.multiclass)]}
    assert stored == design.multiclass["deff"].to_dict()


def test_a_cut_table_keeps_each_design_effect_beside_its_class(tmp_path):
    rng = np.random.default_rng(3)
    n, k = 2000, 25
    psu = rng.integers(0, 50, n)
    actual = rng.integers(0, k, n)
    pred = np.where(rng.random(n) < 0.5 + 0.4 * (psu % 5) / 4, actual, rng.integers(0, k, n))
    df = pd.DataFrame({"a": actual, "p": pred, "psu": psu, "s": psu % 5})
    rep = quiet(df.agree.report, "a", "p", strata="s", cluster="psu", measures=["REC", "F1", "OSR"],
                max_classes=None, random_state=0)
    rep.to_excel(tmp_path / "wide.xlsx")
    ws = openpyxl.load_workbook(tmp_path / "wide.xlsx")["Report"]
    parts = {v for row in ws.iter_rows(max_col=1) for v in [row[0].value]
             if isinstance(v, str) and v.startswith(CLASSES) and ", part " in v}
    assert len(parts) > 1  # the class table is cut into parts
    found, want = sheet_deffs(ws), expected(rep)
    assert {key for key in found if key[0] == CLASSES} == {key for key in want if key[0] == CLASSES}
    assert all(cell.value == want[key] for key, cell in found.items())
    found_text = text_deffs(str(rep))
    assert {key: shown(v) for key, v in want.items()} == found_text


# --- without a design ------------------------------------------------------------------------------------------

def test_without_a_design_no_design_effect_is_shown_or_stored(plain, tmp_path):
    assert DEFF not in str(plain) and DEFF not in plain.to_html()
    assert not any(t.companions for sec in plain.document().sections for t in sec.tables)
    assert "deff" not in plain.to_json()
    plain.to_excel(tmp_path / "plain.xlsx")
    book = openpyxl.load_workbook(tmp_path / "plain.xlsx")
    for ws in book.worksheets:
        assert not any(isinstance(c.value, str) and c.value.lower() == "deff" for row in ws.iter_rows() for c in row)
