"""Writing an openpyxl worksheet row by row (the "Report" sheet, with its fonts, merged cells and borders): text that
stays text, numbers at full precision with a display format (their exact digits put in the saved file by
:func:`~pandas_agree.report.xlsx.save`). The data sheets are written by :class:`~pandas_agree.report.xlsx.StreamSheet`
in the same way, as XML."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.utils import get_column_letter

from . import display

__all__ = ["INFINITE_VALUE", "Sheet", "checked_path", "comment", "infinite_sign"]

BOLD = Font(name="Arial", bold=True, size=10)  # the workbook's default font (Arial 10), bold
TITLE = Font(name="Arial", bold=True, size=12)
MATCH = PatternFill("solid", fgColor="DCEBFA")
HEADER = PatternFill("solid", fgColor="EEEEEE")
RULE = Border(bottom=Side(style="thin", color="555555"))
VALUE_FORMAT = "0.0000"
P_FORMAT = display.P_FORMAT  # "<0.001", else three decimals, as the reports show p-values
CELL_LIMIT = 32_767  # the most characters an Excel cell holds

INFINITE_VALUE = {
    "+inf": "Value +inf: a sheet cannot hold infinity, so the cell is left empty (in the column's number format); "
            "the report's DataFrames hold inf.",
    "-inf": "Value -inf: a sheet cannot hold infinity, so the cell is left empty (in the column's number format); "
            "the report's DataFrames hold -inf.",
}
"""The comment on the empty cell of an infinite value (see :func:`comment`); a column of thresholds says what its
infinite thresholds mean instead."""


def infinite_sign(x: float) -> str:
    """"+inf" or "-inf", the key of ``x`` (infinite) in :data:`INFINITE_VALUE`."""
    return "+inf" if x > 0 else "-inf"


def comment(text: str):
    """The comment (note) shown on a cell of every sheet: on the empty cell of an infinite value, the one way a
    sheet, which holds no infinity, keeps a column of numbers numeric and still says what the value is."""
    from openpyxl.comments import Comment

    return Comment(text, "pandas_agree", width=300, height=110)


class Sheet:
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
        """A number at full precision shown in ``fmt``; NaN or None an empty cell; ±inf the text "inf" / "-inf",
        right-aligned, as the text report prints it (this sheet is the report's print layout, read rather than
        computed with; the data sheets leave an infinite value's cell empty, with a comment)."""
        cell = self.ws.cell(self.row, col)
        if value is None or (isinstance(value, float) and np.isnan(value)):
            cell.value = None
        elif isinstance(value, (float, np.floating)) and np.isinf(value):  # a sheet holds no infinity
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


def checked_path(path) -> Path:
    """``path`` as a Path, or a TypeError naming the argument (openpyxl would fail deep inside on None); a name
    that does not end in .xlsx is a ValueError, as pandas' ``to_excel`` refuses it (a workbook written under
    "report.csv" would be taken for text by whoever opens it, and Excel refuses an .xlsm without macros)."""
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path must be a file path (a str or path-like) of the .xlsx workbook; got {path!r}")
    path = Path(path)
    if path.suffix.lower() != ".xlsx":
        raise ValueError(f"path must name an Excel workbook, a file ending in .xlsx; got {str(path)!r} (the frames' "
                         f"to_csv() writes text)")
    return path


