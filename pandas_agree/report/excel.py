"""Excel export of an AgreementReport (openpyxl).

One workbook: "Summary" (case processing, multiclass measures with intervals and interpretation, tests),
"Crosstab" (matching cells highlighted; with ``cells=``, SPSS's cell statistics under each row label),
"Statistics" (with ``statistics=``: the CROSSTABS tables, titled, one under the other), "Confusions" (every
cell outside the matching cells that holds objects, the largest first), "Class measures", "Averages", "Notes"
(notes, options, version) and "Measures" (every measure shown, documented from the registry). With groups,
each sheet stacks the tables of all data and of every group, with a "group" column (or a group title above
each crosstab), so the group values never become sheet names. Numbers keep full precision and are shown through
number formats; labels are written as text, never as formulas. With a sample design the measures of "Summary",
"Class measures" and "Averages" carry their design effects ("deff") beside their intervals.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
from openpyxl import Workbook
from openpyxl.utils import get_column_letter

from ..base.version import __version__
from ..measures.registry import REGISTRY
from . import display
from .document import Document
from .printed import report_sheet
from .sheet import (
    BOLD,
    CELL_LIMIT,
    MATCH,
    P_FORMAT,
    VALUE_FORMAT,
    Sheet,
    checked_path,
    finish_workbook,
)

__all__ = ["write", "write_frames"]

def _count_format(ag) -> str:
    return "0.00" if ag.weighted else "0"


def _sections(rep):
    return [("All" if value is None else value, sub) for value, sub in rep.sections()]


def _lead(ws: Sheet, grouped: bool, group) -> int:
    """Write the group in the first column when the report has groups; return the next free column."""
    if grouped:
        ws.text(1, group)
        return 2
    return 1


def _summary_sheet(ws: Sheet, rep, grouped: bool) -> None:
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
    # with a sample design, the design effects too
    stats = ["value", "se", "lower", "upper", *(["deff"] if any("deff" in sub.multiclass.columns
                                                               for _, sub in _sections(rep)) else [])]
    ws.header([*lead, "code", "measure", *stats, "method", "interpretation"])
    for group, sub in _sections(rep):
        m = sub.multiclass
        for code in m.index:
            col = _lead(ws, grouped, group)
            ws.text(col, code)
            ws.text(col + 1, display.measure_name(code))
            for j, stat in enumerate(stats):
                ws.number(col + 2 + j, m.loc[code, stat] if stat in m.columns else None)
            ws.text(col + 2 + len(stats), m.loc[code, "method"] if "method" in m.columns else "")
            interp = m.loc[code, "interpretation"] if "interpretation" in m.columns else None
            ws.text(col + 3 + len(stats), "" if interp is None or pd.isna(interp) else interp)
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


def _crosstab_sheet(ws: Sheet, rep) -> None:
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


def _cell_statistics(ws: Sheet, rep) -> None:
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


def _statistics_sheet(ws: Sheet, rep) -> None:
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


def _stored_cells(ws: Sheet, ag, ct: pd.DataFrame) -> None:
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


def _confusions_sheet(ws: Sheet, rep) -> None:
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


def _wide_sheet(ws: Sheet, rep, frame_of, stub: str, first_level: str) -> None:
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


def _notes_sheet(ws: Sheet, rep) -> None:
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


def _measures_sheet(ws: Sheet, rep) -> None:
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


def write(rep, path: str | Path) -> None:
    """Write ``rep`` to an .xlsx workbook at ``path``."""
    path = checked_path(path)
    wb = Workbook()
    sheets = [Sheet(wb.active)]
    sheets[0].ws.title = "Report"
    report_sheet(sheets[0], rep.document())
    sheets.append(Sheet(wb.create_sheet("Summary")))
    _summary_sheet(sheets[-1], rep, bool(rep.groups))
    statistics = [("Statistics", _statistics_sheet)] if any(sub.statistics for _, sub in rep.sections()) else []
    for title, fill in [("Crosstab", _crosstab_sheet), *statistics, ("Confusions", _confusions_sheet),
                        ("Class measures", lambda ws, r: _wide_sheet(ws, r, lambda x: x.binary, "class", "")),
                        ("Averages", lambda ws, r: _wide_sheet(ws, r, lambda x: x.averages, "measure", "")),
                        ("Notes", _notes_sheet), ("Measures", _measures_sheet)]:
        sheets.append(Sheet(wb.create_sheet(title)))
        fill(sheets[-1], rep)
    _note_cut_cells(sheets, next(s for s in sheets if s.ws.title == "Notes"))
    wb.save(path)
    finish_workbook(path, {s.ws.title: s.exact for s in sheets if s.exact})


def _note_cut_cells(sheets: list[Sheet], notes: Sheet) -> None:
    """Say on the Notes sheet how many cells were cut to Excel's limit (each cut cell also says so)."""
    cut = sum(s.cut for s in sheets)
    if cut:
        notes.skip()
        notes.text(1, f"{cut} cell(s) held more than {CELL_LIMIT:,} characters, the most an Excel cell holds, and "
                      "were cut (each says so); to_json() and to_dict() keep the whole text.", font=BOLD)
        notes.finish()


def write_frames(path: str | Path, document: Document, sheets: dict[str, list[tuple[str, pd.DataFrame]]],
                 notes: list[str], options: dict) -> None:
    """A workbook of the "Report" sheet (the document laid out for print), then titled DataFrames (index in the
    first column), then a Notes sheet with the options."""
    path = checked_path(path)
    wb = Workbook()
    written = [Sheet(wb.active)]
    written[0].ws.title = "Report"
    report_sheet(written[0], document)
    for name, tables in sheets.items():
        ws = Sheet(wb.create_sheet(name))
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
    ws = Sheet(wb.create_sheet("Notes"))
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
    finish_workbook(path, {s.ws.title: s.exact for s in written if s.exact})
