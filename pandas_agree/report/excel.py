"""Excel export of an AgreementReport (openpyxl).

One workbook: "Summary" (case processing, multiclass measures with intervals and interpretation, tests),
"Crosstab" (matching cells highlighted; with ``cells=``, SPSS's cell statistics under each row label),
"Statistics" (with ``statistics=``: the CROSSTABS tables, titled, one under the other), "Confusions" (every
cell outside the matching cells that holds objects, the largest first), "Class measures", "Averages", "Notes"
(notes, options, version) and "Measures" (every measure shown, documented from the registry). With groups,
each sheet stacks the tables of all data and of every group, with a "group" column (or a group title above
each crosstab), so the group values never become sheet names. Numbers keep full precision and are shown through
number formats; labels are written as text, never as formulas.
"""

from __future__ import annotations

import os
import re
import zipfile
from pathlib import Path
from xml.etree import ElementTree

import numpy as np
import pandas as pd
from openpyxl import Workbook
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.utils import get_column_letter

from ..base.version import __version__
from ..measures.registry import REGISTRY
from . import display

__all__ = ["write"]

BOLD = Font(bold=True)
TITLE = Font(bold=True, size=12)
MATCH = PatternFill("solid", fgColor="DCEBFA")
HEADER = PatternFill("solid", fgColor="EEEEEE")
RULE = Border(bottom=Side(style="thin", color="555555"))
VALUE_FORMAT = "0.0000"
P_FORMAT = "0.0000"
CELL_LIMIT = 32_767  # the most characters an Excel cell holds


class _Sheet:
    """Writes rows top to bottom and remembers column widths."""

    def __init__(self, ws) -> None:
        self.ws = ws
        self.row = 1
        self.widths: dict[int, int] = {}
        self.exact: dict[str, str] = {}  # coordinate -> repr of the float written there
        self.cut = 0  # cells cut to Excel's limit

    def text(self, col: int, value, font=None, fill=None):
        cell = self.ws.cell(self.row, col)
        # control characters, U+FFFE/U+FFFF and lone surrogates cannot be stored: they are shown as escapes
        text = display.label(value) if not isinstance(value, str) else display.printable(value)
        if len(text) > CELL_LIMIT:
            mark = f" … [cut to Excel's limit of {CELL_LIMIT:,} characters; {len(text):,} in all]"
            text = text[:CELL_LIMIT - len(mark)] + mark
            self.cut += 1
        cell.value = text
        cell.data_type = "s"  # a label such as "=1+1" stays a literal string, never a formula
        if font:
            cell.font = font
        if fill:
            cell.fill = fill
        self._width(col, len(text))
        return cell

    def number(self, col: int, value, fmt: str = VALUE_FORMAT, fill=None):
        cell = self.ws.cell(self.row, col)
        if value is None or (isinstance(value, float) and np.isnan(value)):
            cell.value = None
        elif isinstance(value, (float, np.floating)) and np.isinf(value):
            cell.value = "inf" if value > 0 else "-inf"
            cell.data_type = "s"
            cell.alignment = Alignment(horizontal="right")
        else:
            cell.value = float(value)
            cell.number_format = fmt
            if not (cell.value.is_integer() and abs(cell.value) < 2**53):  # whole numbers are written exactly
                self.exact[cell.coordinate] = repr(cell.value)
        if fill:
            cell.fill = fill
        self._width(col, 10)
        return cell

    def header(self, values: list, start: int = 1) -> None:
        for j, v in enumerate(values):
            c = self.text(start + j, v, font=BOLD, fill=HEADER)
            c.border = RULE
        self.row += 1

    def title(self, text: str) -> None:
        self.text(1, text, font=TITLE)
        self.row += 1

    def skip(self, n: int = 1) -> None:
        self.row += n

    def _width(self, col: int, n: int) -> None:
        self.widths[col] = min(max(self.widths.get(col, 8), n + 2), 60)

    def finish(self, freeze: str | None = None) -> None:
        for col, w in self.widths.items():
            self.ws.column_dimensions[get_column_letter(col)].width = w
        if freeze:
            self.ws.freeze_panes = freeze


def _count_format(ag) -> str:
    return "0.00" if ag.weighted else "0"


def _sections(rep):
    return [("All" if value is None else value, sub) for value, sub in rep.sections()]


def _lead(ws: _Sheet, grouped: bool, group) -> int:
    """Write the group in the first column when the report has groups; return the next free column."""
    if grouped:
        ws.text(1, group)
        return 2
    return 1


def _summary_sheet(ws: _Sheet, rep, grouped: bool) -> None:
    lead = ["group"] if grouped else []
    ws.title("Case Processing Summary")
    ws.header([*lead, "Cases", "N", "Percent", "Weighted N"])
    for group, sub in _sections(rep):
        s = sub.summary
        for case in s.index:
            col = _lead(ws, grouped, group)
            ws.text(col, case)
            ws.number(col + 1, s.loc[case, "N"], _count_format(sub.agreement))
            ws.number(col + 2, s.loc[case, "Percent"], "0.0")
            ws.number(col + 3, s.loc[case, "Weighted N"] if "Weighted N" in s.columns else None, "0.00")
            ws.skip()
    ws.skip()
    ws.title("Multiclass Measures")
    stats = ["value", "se", "lower", "upper"]
    ws.header([*lead, "code", "measure", *stats, "method", "interpretation"])
    for group, sub in _sections(rep):
        m = sub.multiclass
        for code in m.index:
            col = _lead(ws, grouped, group)
            ws.text(col, code)
            ws.text(col + 1, display.measure_name(code))
            for j, stat in enumerate(stats):
                ws.number(col + 2 + j, m.loc[code, stat] if stat in m.columns else None)
            ws.text(col + 6, m.loc[code, "method"] if "method" in m.columns else "")
            interp = m.loc[code, "interpretation"] if "interpretation" in m.columns else None
            ws.text(col + 7, "" if interp is None or pd.isna(interp) else interp)
            ws.skip()
    ws.skip()
    ws.title("Tests")
    ws.header([*lead, "test", "statistic", "df", "pvalue", "method"])
    for group, sub in _sections(rep):
        t = sub.tests
        for code in t.index:
            col = _lead(ws, grouped, group)
            ws.text(col, code)
            ws.number(col + 1, t.loc[code, "statistic"])
            ws.number(col + 2, t.loc[code, "df"], "0")
            ws.number(col + 3, t.loc[code, "pvalue"], P_FORMAT)
            ws.text(col + 4, t.loc[code, "method"])
            ws.skip()
    ws.finish()


def _crosstab_sheet(ws: _Sheet, rep) -> None:
    for group, sub in _sections(rep):
        ag = sub.agreement
        ct = ag.crosstab(margins=True)
        title = f"{sub.title} Crosstabulation"
        ws.title(title if group == "All" and not rep.groups else f"{title} — {rep.by} = {display.label(group)}"
                 if group != "All" else f"{title} — all data")
        if all(isinstance(dtype, pd.SparseDtype) for dtype in ct.dtypes):
            _stored_cells(ws, ag, ct)
            continue
        if sub.options.get("cells") is not None:
            _cell_statistics(ws, sub)
            continue
        ws.header([ag.axis_names[0] or "", *ct.columns])
        fmt = _count_format(ag)
        # by position: the table's rows and columns, then the margins (labels may be tuples, booleans or NaN)
        matching = set(zip(*ag.common_cells, strict=True))
        values = ct.to_numpy()
        for i, label in enumerate(ct.index):
            ws.text(1, label, font=BOLD if i == len(ct.index) - 1 else None)
            for j in range(len(ct.columns)):
                ws.number(2 + j, values[i, j], fmt, fill=MATCH if (i, j) in matching else None)
            ws.skip()
        ws.text(1, "Shaded cells: the same label on both sides (the cells that can agree).")
        ws.skip(2)
    ws.finish(freeze="B3" if not rep.groups else None)


def _cell_statistics(ws: _Sheet, rep) -> None:
    """The crosstab with SPSS's cell statistics: row label and statistic in the first two columns, then one column
    per column label and the total; full precision (counts with the count format, percentages with one decimal)."""
    ag, ct = rep.agreement, rep.crosstab
    ws.header([ag.axis_names[0] or "", "statistic", *ct.columns])
    stats = list(dict.fromkeys(ct.index.get_level_values(-1)))
    matching = set(zip(*ag.common_cells, strict=True))
    values = ct.to_numpy(dtype=float)
    for i, (label, stat) in enumerate(ct.index):
        position = i // len(stats)
        ws.text(1, label, font=BOLD if position == len(ct.index) // len(stats) - 1 else None)
        ws.text(2, stat)
        fmt = _count_format(ag) if stat == "Count" else "0.0" if stat.startswith("%") else VALUE_FORMAT
        for j in range(len(ct.columns)):
            ws.number(3 + j, values[i, j], fmt, fill=MATCH if (position, j) in matching else None)
        ws.skip()
    ws.text(1, "Shaded cells: the same label on both sides (the cells that can agree). Percentages are in % "
               "(0 to 100); the residuals of the totals are blank, as SPSS leaves them.")
    ws.skip(2)


def _statistics_sheet(ws: _Sheet, rep) -> None:
    """The CROSSTABS tables of ``statistics=`` of all data and of each group, titled, one under the other, at full
    precision: the frames of ``report.statistics`` with their index in the first column and their facts (the
    footnote on expected counts, the Monte Carlo estimate, the layers' kappas) below them."""
    for group, sub in _sections(rep):
        for title, frame in sub.statistics.items():
            ws.title(title if not rep.groups else f"{title} — {rep.by} = {display.label(group)}"
                     if group != "All" else f"{title} — all data")
            ws.header([frame.index.name or "", *frame.columns])
            for i, idx in enumerate(frame.index):
                ws.text(1, idx)
                for j, column in enumerate(frame.columns):
                    v = frame.iat[i, j]
                    if display.is_number(v):
                        ws.number(2 + j, v, "0" if column == "df" else VALUE_FORMAT)
                    else:
                        ws.text(2 + j, "" if v is None or (not isinstance(v, str) and pd.isna(v)) else v)
                ws.skip()
            for key, value in frame.attrs.items():
                if isinstance(value, pd.DataFrame):
                    ws.header([value.index.name or "", *value.columns])
                    for i, idx in enumerate(value.index):
                        ws.text(1, idx)
                        for j in range(len(value.columns)):
                            ws.number(2 + j, value.iat[i, j])
                        ws.skip()
                elif value is not None:
                    ws.text(1, key)
                    if display.is_number(value):
                        ws.number(2, value)
                    else:
                        ws.text(2, str(value))
                    ws.skip()
            ws.skip()
    ws.finish()


ROW_LIMIT = 1_048_576  # the most rows an Excel sheet holds


def _stored_cells(ws: _Sheet, ag, ct: pd.DataFrame) -> None:
    """A crosstab held sparse, too large for a grid: its non-empty cells one per row (reference, predicted, count;
    the margins last), cut at Excel's row limit with a note saying so."""
    reference, predicted = ag.axis_names
    ws.header([reference or "reference", predicted or "prediction", "count"])
    cells = ct.sparse.to_coo().tocsr()  # row by row
    cells.sort_indices()
    rows = np.repeat(np.arange(cells.shape[0]), np.diff(cells.indptr))
    left = max(ROW_LIMIT - ws.row - 4, 0)
    fmt = _count_format(ag)
    for i, j, count in zip(rows[:left], cells.indices[:left], cells.data[:left], strict=True):
        ws.text(1, ct.index[i])
        ws.text(2, ct.columns[j])
        ws.number(3, count, fmt)
        ws.skip()
    i, j = ag.shape
    ws.text(1, f"The {i:,} × {j:,} crosstab is held sparse: its {cells.nnz:,} non-empty cells (with the \"Total\" "
               "row and column), one per row; the other cells are 0.")
    if len(rows) > left:
        ws.skip()
        ws.text(1, f"{len(rows) - left:,} more cells do not fit in a sheet ({ROW_LIMIT:,} rows); "
                   "Agreement.table holds them all.", font=BOLD)
    ws.skip(2)


def _confusions_sheet(ws: _Sheet, rep) -> None:
    """Every cell outside the matching cells with objects in it, the largest first (Agreement.confusions(top=None)),
    for all data and each group; cut at Excel's row limit, with a note saying so."""
    grouped = bool(rep.groups)
    ws.title("Confusions")
    ws.header([*(["group"] if grouped else []), "rank", "reference", "predicted", "count", "row share", "share"])
    left = ROW_LIMIT - ws.row - 2  # the rows left, keeping two for the notes
    cut = 0
    for group, sub in _sections(rep):
        c = sub.agreement.confusions(top=None)
        fmt = _count_format(sub.agreement)
        cut += max(len(c) - left, 0)
        for rank, reference, predicted, count, row_share, share in c.iloc[:max(left, 0)].itertuples():
            col = _lead(ws, grouped, group)
            ws.number(col, rank, "0")
            ws.text(col + 1, reference)
            ws.text(col + 2, predicted)
            ws.number(col + 3, count, fmt)
            ws.number(col + 4, row_share, "0.0%")
            ws.number(col + 5, share, "0.0%")
            ws.skip()
        left -= len(c)
    ws.text(1, "The cells outside the matching cells that hold objects, the largest first (ties in the order of the "
               "table): Agreement.confusions(top=None).")
    if cut:
        ws.skip()
        ws.text(1, f"{cut:,} more cells do not fit in a sheet ({ROW_LIMIT:,} rows); Agreement.confusions(top=None) "
                   "lists them all.", font=BOLD)
    ws.finish(freeze="A3")


def _wide_sheet(ws: _Sheet, rep, frame_of, stub: str, first_level: str) -> None:
    """A table whose columns are (key, stat) pairs: two header rows, one row per index entry."""
    grouped = bool(rep.groups)
    lead = ["group"] if grouped else []
    first = rep.sections()[0][1]
    frame = frame_of(first)
    multi = isinstance(frame.columns, pd.MultiIndex)
    keys = list(dict.fromkeys(frame.columns.get_level_values(0))) if multi else list(frame.columns)
    stats = list(dict.fromkeys(frame.columns.get_level_values(1))) if multi else ["value"]
    top = [*lead, stub]
    for key in keys:
        top += [key] + [""] * (len(stats) - 1)
    ws.header(top)
    ws.header([*([""] * len(lead)), first_level, *(stats * len(keys))])
    for group, sub in _sections(rep):
        f = frame_of(sub)
        for i, idx in enumerate(f.index):  # rows by position: labels may be tuples, booleans or NaN
            col = _lead(ws, grouped, group)
            ws.text(col, idx)
            col += 1
            for key in keys:
                for stat in stats:
                    column = (key, stat) if multi else key
                    ws.number(col, f.iat[i, f.columns.get_loc(column)] if column in f.columns else None)
                    col += 1
            ws.skip()
    ws.finish(freeze=f"{get_column_letter(len(lead) + 2)}3")


def _notes_sheet(ws: _Sheet, rep) -> None:
    ws.title("Notes")
    for group, sub in _sections(rep):
        if rep.groups:
            ws.text(1, f"{rep.by} = {display.label(group)}" if group != "All" else "All data", font=BOLD)
            ws.skip()
        for note in sub.notes:
            ws.text(1, note)
            ws.skip()
        ws.skip()
    ws.title("Options")
    ws.header(["option", "value"])
    for key, value in [*rep.options.items(), ("by", rep.by), ("pandas_agree version", __version__)]:
        ws.text(1, key)
        ws.text(2, "" if value is None else str(value))
        ws.skip()
    ws.finish()


def _measures_sheet(ws: _Sheet, rep) -> None:
    shown = list(dict.fromkeys([*rep.binary.columns.get_level_values(0), *rep.averages.index, *rep.multiclass.index]))
    ws.title("Measures shown")
    ws.header(["code", "name", "kind", "formula", "range", "symmetric", "averaging", "interval", "reference"])
    catalogue = pd.DataFrame([{
        "code": m.code, "name": m.name, "kind": m.kind, "formula": m.formula,
        "range": f"[{m.range[0]:g}, {m.range[1]:g}]", "symmetric": "yes" if m.symmetric else "no",
        "averaging": m.averaging or "", "interval": m.ci_method, "reference": m.reference,
    } for code in shown if (m := REGISTRY.get(code)) is not None])
    for row in catalogue.itertuples(index=False):
        for j, v in enumerate(row):
            ws.text(j + 1, v)
        ws.skip()
    ws.finish(freeze="B3")


_NS = {"m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main",
       "r": "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
       "rel": "http://schemas.openxmlformats.org/package/2006/relationships"}
_NUMBER = re.compile(rb'<c r="([A-Z]+[0-9]+)"([^>]*)><v>([^<]*)</v>')


def _sheet_files(archive: zipfile.ZipFile) -> dict[str, str]:
    """Sheet name -> the part that holds it, read from the workbook and its relationships."""
    book = ElementTree.fromstring(archive.read("xl/workbook.xml"))
    rels = ElementTree.fromstring(archive.read("xl/_rels/workbook.xml.rels"))
    targets = {r.get("Id"): r.get("Target") for r in rels.findall("rel:Relationship", _NS)}
    out = {}
    for sheet in book.find("m:sheets", _NS):
        target = targets[sheet.get(f"{{{_NS['r']}}}id")].lstrip("/")
        out[sheet.get("name")] = target if target.startswith("xl/") else f"xl/{target}"
    return out


def _write_exact_numbers(path: str | Path, exact: dict[str, dict[str, str]]) -> None:
    """Rewrite every number with all 17 significant digits (openpyxl keeps 16, which can change the last bit)."""
    with zipfile.ZipFile(path) as archive:
        parts = {info.filename: (info, archive.read(info.filename)) for info in archive.infolist()}
        files = _sheet_files(archive)
    for name, values in exact.items():
        info, xml = parts[files[name]]

        def exact_value(match, values=values):
            text = values.get(match.group(1).decode())
            return match.group(0) if text is None else (
                b'<c r="' + match.group(1) + b'"' + match.group(2) + b"><v>" + text.encode() + b"</v>")

        parts[files[name]] = (info, _NUMBER.sub(exact_value, xml))
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for info, data in parts.values():
            archive.writestr(info, data)


def _checked_path(path) -> Path:
    """``path`` as a Path, or a TypeError naming the argument (openpyxl would fail deep inside on None)."""
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path must be a file path (a str or path-like) of the .xlsx workbook; got {path!r}")
    return Path(path)


def write(rep, path: str | Path) -> None:
    """Write ``rep`` to an .xlsx workbook at ``path``."""
    path = _checked_path(path)
    wb = Workbook()
    summary = wb.active
    summary.title = "Summary"
    sheets = [_Sheet(summary)]
    _summary_sheet(sheets[-1], rep, bool(rep.groups))
    statistics = [("Statistics", _statistics_sheet)] if any(sub.statistics for _, sub in rep.sections()) else []
    for title, fill in [("Crosstab", _crosstab_sheet), *statistics, ("Confusions", _confusions_sheet),
                        ("Class measures", lambda ws, r: _wide_sheet(ws, r, lambda x: x.binary, "class", "")),
                        ("Averages", lambda ws, r: _wide_sheet(ws, r, lambda x: x.averages, "measure", "")),
                        ("Notes", _notes_sheet), ("Measures", _measures_sheet)]:
        sheets.append(_Sheet(wb.create_sheet(title)))
        fill(sheets[-1], rep)
    _note_cut_cells(sheets, next(s for s in sheets if s.ws.title == "Notes"))
    wb.save(path)
    _write_exact_numbers(path, {s.ws.title: s.exact for s in sheets if s.exact})


def _note_cut_cells(sheets: list[_Sheet], notes: _Sheet) -> None:
    """Say on the Notes sheet how many cells were cut to Excel's limit (each cut cell also says so)."""
    cut = sum(s.cut for s in sheets)
    if cut:
        notes.skip()
        notes.text(1, f"{cut} cell(s) held more than {CELL_LIMIT:,} characters, the most an Excel cell holds, and "
                      "were cut (each says so); to_json() and to_dict() keep the whole text.", font=BOLD)
        notes.finish()


def write_frames(path: str | Path, sheets: dict[str, list[tuple[str, pd.DataFrame]]], notes: list[str],
                 options: dict) -> None:
    """A workbook of titled DataFrames (index in the first column), plus a Notes sheet with the options."""
    path = _checked_path(path)
    wb = Workbook()
    written = []
    for n, (name, tables) in enumerate(sheets.items()):
        ws = _Sheet(wb.active if n == 0 else wb.create_sheet(name))
        ws.ws.title = name
        for title, frame in tables:
            ws.title(title)
            ws.header([frame.index.name or "", *frame.columns])
            for i, idx in enumerate(frame.index):  # by position: labels may be tuples, booleans or NaN
                ws.text(1, idx)
                for j in range(len(frame.columns)):
                    v = frame.iat[i, j]
                    if isinstance(v, str) or v is None or not display.is_number(v):
                        ws.text(2 + j, "" if v is None or (not isinstance(v, str) and pd.isna(v)) else v)
                    else:
                        ws.number(2 + j, v)
                ws.skip()
            ws.skip()
        ws.finish()
        written.append(ws)
    ws = _Sheet(wb.create_sheet("Notes"))
    ws.title("Notes")
    for note in notes:
        ws.text(1, note)
        ws.skip()
    ws.skip()
    ws.title("Options")
    ws.header(["option", "value"])
    for key, value in [*options.items(), ("pandas_agree version", __version__)]:
        ws.text(1, key)
        ws.text(2, "" if value is None else str(value))
        ws.skip()
    ws.finish()
    written.append(ws)
    _note_cut_cells(written, ws)
    wb.save(path)
    _write_exact_numbers(path, {s.ws.title: s.exact for s in written if s.exact})
