"""The data sheets of a workbook, written as the sheet's XML row by row (openpyxl writes the rest of the workbook).

A sheet of openpyxl cells costs a Python object, a style and an XML element per cell: a crosstab of 2,000 labels
(4 million cells) took minutes and gigabytes. A :class:`StreamSheet` writes each row's XML at once to a temporary
file instead (a row of numbers from one numpy array, a column of labels from the text of each distinct label), and
keeps only the column widths and the extent of the sheet; :func:`save` lets openpyxl write the workbook with an
empty sheet in its place (its widths, panes and print setup set), then puts the rows into it. Styles are
openpyxl's own (registered through a detached cell), so the style sheet is the one openpyxl writes.

What the sheets hold is as before: text cells are inline strings (never formulas: a label "=1+1" stays text),
control characters and lone surrogates are shown as escapes, a text longer than an Excel cell holds is cut and says
so; numbers are written with all the digits of their ``repr`` (the float read back is the float written), NaN as
an empty cell, and ±inf (which a sheet cannot hold) as an empty cell in the column's number format with a comment
saying which infinity it is (:data:`~pandas_agree.report.sheet.INFINITE_VALUE`), so that the column stays numeric.
"""

from __future__ import annotations

import io
import itertools
import math
import re
import shutil
import tempfile
import zipfile
from pathlib import Path

import numpy as np
from openpyxl.cell.cell import Cell
from openpyxl.styles import Alignment
from openpyxl.utils import get_column_letter

from . import display
from .sheet import BOLD, CELL_LIMIT, HEADER, INFINITE_VALUE, RULE, TITLE, comment, infinite_sign

__all__ = ["CELL_LIMIT", "COLUMN_LIMIT", "ROW_LIMIT", "StreamSheet", "Styles", "number_widths", "print_setup", "save",
           "sheet_names", "text_chars"]

ROW_LIMIT = 1_048_576  # the most rows an Excel sheet holds
COLUMN_LIMIT = 16_384  # the most columns an Excel sheet holds
WIDTH_LIMIT = 60  # the widest a data sheet's column is made (characters)
MIN_WIDTH = 6  # the narrowest
DEFAULT_WIDTH = 8.43  # Excel's width of a column given none
TITLE_CHARS = 1.3  # the width of a character of a title (bold Arial 12) in characters of the default font
BOLD_WIDTH = 1.1  # bold text is about a tenth wider
MAX_ROW_POINTS = 409.0  # the tallest row Excel allows
LINE_POINTS = 12.75  # the height of a line of Arial 10
CHUNK_ROWS = 4_096  # rows built at a time by StreamSheet.rows
NUMBER_FORMAT = "0.0000"  # the data sheets' numbers: four decimals (full precision stored)


class Styles:
    """The workbook's cell styles (number format, font, fill, border, alignment), each registered once with
    openpyxl's workbook through a detached cell; the id is what a cell's ``s`` attribute names."""

    def __init__(self, wb) -> None:
        self._sheet = wb.worksheets[0]
        self._ids: dict = {}

    def __call__(self, number_format: str = "General", font=None, fill=None, border=None, alignment=None) -> int:
        key = (number_format, font, fill, border, alignment)
        sid = self._ids.get(key)
        if sid is None:
            cell = Cell(self._sheet)
            cell.number_format = number_format
            for attr, style in (("font", font), ("fill", fill), ("border", border), ("alignment", alignment)):
                if style is not None:
                    setattr(cell, attr, style)
            sid = self._ids[key] = cell.style_id
        return sid


_TOP = Alignment(vertical="top")  # the cells of a sheet with wrapped columns: each at the top of its row


def numeric_label(value) -> str | None:
    """The cell value of a label that is a real number (an integer up to 2⁵³, a finite float; not a boolean), so
    that a sheet holds codes 1, 2, 3 as numbers, as the data holds them (the text "1" stays text); None for any other
    label."""
    if isinstance(value, (bool, np.bool_)):
        return None
    if isinstance(value, (int, np.integer)):
        return str(int(value)) if abs(int(value)) <= 2**53 else None
    if isinstance(value, (float, np.floating)) and math.isfinite(value):
        return repr(float(value))
    return None


def text_chars(text: str) -> float:
    """The width of ``text`` in the unit of a column's width, the digits of Arial 10: a character each, a capital
    letter 1.3 (Arial's capitals are about 0.7 em wide, its digits 0.556 em), so that a column of codes such as
    "COCHRAN_Q" is wide enough for them.

    Examples
    --------
    >>> from pandas_agree.report.xlsx import text_chars
    >>> text_chars("class"), round(text_chars("COCHRAN_Q"), 2)
    (5.0, 11.4)
    """
    return len(text) + 0.3 * sum(map(str.isupper, text))


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _style(sid: int) -> str:
    return f' s="{sid}"' if sid else ""


_DECIMALS = re.compile(r"\.(0+)")


def number_widths(values: np.ndarray, fmt: str) -> np.ndarray:
    """The characters each number takes in format ``fmt`` (its integer digits, sign, decimals and percent sign; in
    scientific notation one digit and the exponent's four characters; the p-values' "<0.001" its six)."""
    values = np.asarray(values, dtype=float)
    if fmt.startswith("[<"):  # the p-values' format: "<0.001", else the decimals after the ";"
        return np.maximum(number_widths(values, fmt.rsplit(";", 1)[-1]), 6.0)
    size = np.abs(np.where(np.isfinite(values), values, 0.0)) * (100 if fmt.endswith("%") else 1)
    with np.errstate(divide="ignore"):
        digits = np.floor(np.log10(np.maximum(size, 1.0))) + 1
    if "E+" in fmt:
        digits = np.ones_like(digits) + 4
    decimals = _DECIMALS.search(fmt)
    extra = (len(decimals.group(1)) + 1 if decimals else 0) + fmt.endswith("%")
    return digits + extra + (values < 0)


class StreamSheet:
    """A data sheet written row by row as XML (see the module's description).

    The interface is that of :class:`~pandas_agree.report.sheet.Sheet` (``text``, ``number``, ``header``,
    ``title``, ``skip``, ``finish``: cells of the current row ``row``), with ``numbers`` (a row of numbers from an
    array) and ``rows`` (many rows from columns at once, see :meth:`text_column` and :meth:`number_column`) for
    large tables. ``title_rows`` and ``title_columns`` name the rows and columns repeated on every printed page,
    ``wrap_columns`` the columns whose text wraps at the column's width."""

    def __init__(self, name: str, styles: Styles) -> None:
        self.name = name
        self.styles = styles
        self.row = 1
        self.cut = 0  # cells cut to Excel's limit
        self.freeze: str | None = None
        self.title_rows: str | None = None
        self.title_columns: str | None = None
        self.wrap_columns: set[int] = set()
        self.fixed_widths: dict[int, float] = {}  # columns given a width of their own
        self.merged: list[str] = []  # ranges merged (the notes under tables)
        self.comments: dict[str, str] = {}  # cell reference -> the comment (note) shown on it
        self.last_row = 0
        self.last_column = 0
        self.title_chars = 0.0  # the widest title, in characters of the sheet's columns (titles widen no column)
        self._chars: dict[int, float] = {}  # column -> the characters of its widest cell
        self._lines = 1  # the lines of the current row's tallest wrapped cell
        self.height = 0.0  # the points of the rows written (what the print setup needs to know)
        self._cells: list[tuple[int, str]] = []  # (first column, XML of one or more cells) of the current row
        self._file = tempfile.TemporaryFile()  # noqa: SIM115 (closed by save, once copied into the workbook)
        self._letters: list[str] = [""]

    # --- cells of the current row -------------------------------------------------------------------------------

    def letter(self, col: int) -> str:
        """The letters of column ``col`` (1 is "A")."""
        if len(self._letters) <= col:
            self._letters.extend(get_column_letter(j) for j in range(len(self._letters), col + 1))
        return self._letters[col]

    def _text(self, value) -> str:
        # control characters, U+FFFE/U+FFFF and lone surrogates cannot be stored: they are shown as escapes
        text = display.printable(value) if isinstance(value, str) else display.label(value, limit=None)
        if len(text) > CELL_LIMIT:
            mark = f" … [cut to Excel's limit of {CELL_LIMIT:,} characters; {len(text):,} in all]"
            text = text[:CELL_LIMIT - len(mark)] + mark
            self.cut += 1
        return text

    def text_body(self, value, font=None, fill=None, border=None, wrap: bool = False) -> tuple[str, float]:
        """The XML of a text cell after its reference (an inline string, never a formula), and its width
        (:func:`text_chars`); a label that is a number (:func:`numeric_label`) is a number cell, as the column holds
        it."""
        number = numeric_label(value)
        if number is not None:
            sid = self.styles(font=font, fill=fill, border=border)
            return f"{_style(sid)}><v>{number}</v></c>", len(display.label(value, limit=None))
        text = self._text(value)
        align = Alignment(wrap_text=True, vertical="top") if wrap else _TOP if self.wrap_columns else None
        sid = self.styles(font=font, fill=fill, border=border, alignment=align)
        space = ' xml:space="preserve"' if text[:1].isspace() or text[-1:].isspace() or "  " in text else ""
        return f' t="inlineStr"{_style(sid)}><is><t{space}>{_escape(text)}</t></is></c>', text_chars(text)

    def _add(self, col: int, xml: str, last: int | None = None) -> None:
        self._cells.append((col, xml))
        self.last_column = max(self.last_column, col if last is None else last)

    def text(self, col: int, value, font=None, fill=None, border=None, counted: bool = True) -> None:
        """A text cell: a label such as "=1+1" stays a literal string, never a formula. In a column of
        :attr:`wrap_columns` (given a width in :attr:`fixed_widths`) it wraps, and its row is made as tall as its
        lines; ``counted=False`` leaves the column's width as it is (a title that may run into the next cells)."""
        wrap = col in self.wrap_columns
        body, n = self.text_body(value, font, fill, border, wrap=wrap)
        self._add(col, f'<c r="{self.letter(col)}{self.row}"{body}')
        if wrap:
            self._lines = max(self._lines, -(-n // _line_chars(self.fixed_widths.get(col, WIDTH_LIMIT))))
        elif counted:
            self.width(col, n * (BOLD_WIDTH if font is not None and font.b else 1))

    def blank(self, col: int, fill=None, border=None, font=None, number_format: str = "General") -> None:
        """An empty cell with a style (a header's fill and rule, a column's number format): text on its left may run
        into it."""
        sid = self.styles(number_format, font=font, fill=fill, border=border)
        self._add(col, f'<c r="{self.letter(col)}{self.row}"{_style(sid)}/>')

    def note(self, text: str, font=None) -> None:
        """A line of text under a table, on a row of its own: wrapped across the columns written so far (merged), as
        tall as its lines, so that it neither widens the first column nor runs off the printed page."""
        if self._cells:
            self._flush()
        last = max(self.last_column, 1)
        body, n = self.text_body(text, font, wrap=True)
        widths = self.widths
        chars = sum(widths.get(col, MIN_WIDTH) for col in range(1, last + 1))
        points = min(-(-n // _line_chars(chars)) * LINE_POINTS, MAX_ROW_POINTS)
        row = f'<row r="{self.row}" ht="{points:g}" customHeight="1"><c r="A{self.row}"{body}</row>'
        self._file.write(row.encode())
        self.height += points
        if last > 1:
            self.merged.append(f"A{self.row}:{self.letter(last)}{self.row}")
        self.last_row = self.row
        self.row += 1

    def _number_body(self, x: float, sid: str, ref: str, comments: dict[str, str] = INFINITE_VALUE) -> str:
        """The XML of the number cell at ``ref`` after its reference: NaN an empty cell; ±inf an empty cell with the
        comment of its sign in ``comments`` (a sheet holds no infinity)."""
        if x != x:
            return f"{sid}/>"
        if x in (np.inf, -np.inf):
            self.comments[ref] = comments[infinite_sign(x)]
            return f"{sid}/>"
        return f"{sid}><v>{x!r}</v></c>"

    def number(self, col: int, value, fmt: str = NUMBER_FORMAT, fill=None,
               comments: dict[str, str] = INFINITE_VALUE) -> None:
        """A number at full precision shown in ``fmt``; NaN or None an empty cell (unless filled); ±inf an empty cell
        in ``fmt`` with a comment, its sign's in ``comments`` ("+inf", "-inf" -> text; by default
        :data:`~pandas_agree.report.sheet.INFINITE_VALUE`). An integer (not a bool) is stored as one: ``2000``, not
        ``2000.0``, which a reader of the sheet takes for a float."""
        if value is None:
            return
        if isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)) and abs(value) < 2**53:
            ref = f"{self.letter(col)}{self.row}"
            self._add(col, f'<c r="{ref}"{_style(self.styles(fmt, fill=fill))}><v>{int(value)}</v></c>')
            self.width(col, float(number_widths(np.array([float(value)]), fmt)[0]), pad=1)
            return
        x = float(value)
        if x != x and fill is None:
            return
        ref = f"{self.letter(col)}{self.row}"
        body = self._number_body(x, _style(self.styles(fmt, fill=fill)), ref, comments)
        self._add(col, f'<c r="{ref}"{body}')
        chars = 4 if x != x or abs(x) == np.inf else float(number_widths(np.array([x]), fmt)[0])
        self.width(col, chars, pad=1)

    def numbers(self, col: int, values, fmt: str = NUMBER_FORMAT, fills=None, fill=None, widths: bool = True) -> None:
        """A row of numbers from ``col`` on, in format ``fmt``, the cells where ``fills`` (a boolean array) is true
        filled with ``fill``; ``widths=False`` leaves the columns' widths to the caller (see :meth:`width`), who
        knows them for a whole table at once."""
        values = np.asarray(values, dtype=float)
        n = len(values)
        if not n:
            return
        self.letter(col + n - 1)
        letters = self._letters[col:col + n]
        plain = _style(self.styles(fmt))
        if fills is None or fill is None:
            sids = [plain] * n
        else:
            marked = _style(self.styles(fmt, fill=fill))
            sids = [marked if m else plain for m in np.asarray(fills, bool).tolist()]
        r = self.row
        if np.isfinite(values).all():
            xml = "".join([f'<c r="{c}{r}"{s}><v>{x!r}</v></c>' for c, s, x in zip(letters, sids, values.tolist(),
                                                                                    strict=True)])
        else:
            xml = "".join([f'<c r="{c}{r}"{self._number_body(x, s, f"{c}{r}")}' for c, s, x in zip(letters, sids,
                                                                                      values.tolist(), strict=True)
                           if x == x or s != plain])
        self._add(col, xml, col + n - 1)
        if widths:
            for j, w in enumerate(number_widths(values, fmt).tolist()):
                self.width(col + j, w, pad=1)

    def header(self, values: list, start: int = 1, counted: bool = True) -> None:
        """A header row: bold on a shaded fill, ruled below; an empty title leaves its cell empty (the title on its
        left may run into it), and ``counted=False`` leaves the widths of the columns to their values."""
        for j, v in enumerate(values):
            if isinstance(v, str) and not v:
                self.blank(start + j, fill=HEADER, border=RULE)
            else:
                self.text(start + j, v, font=BOLD, fill=HEADER, border=RULE, counted=counted)
        self.skip()

    def title(self, text: str) -> None:
        self.text(1, text, font=TITLE, counted=False)  # runs into the empty cells on its right
        self.title_chars = max(self.title_chars, TITLE_CHARS * len(text))
        self.skip()

    def skip(self, n: int = 1) -> None:
        if self._cells:
            self._flush()
        self.row += n

    def _flush(self) -> None:
        cells = self._cells
        if any(a[0] >= b[0] for a, b in itertools.pairwise(cells)):
            cells = sorted(cells, key=lambda c: c[0])
        points = min(self._lines * LINE_POINTS, MAX_ROW_POINTS)
        tall = f' ht="{points:g}" customHeight="1"' if self._lines > 1 else ""
        self._file.write(f'<row r="{self.row}"{tall}>{"".join(xml for _, xml in cells)}</row>'.encode())
        self.height += points
        self.last_row = self.row
        self._cells = []
        self._lines = 1

    # --- many rows at once ----------------------------------------------------------------------------------------

    def rows(self, col: int, columns: list, n: int) -> None:
        """``n`` rows from column ``col`` on, from ``columns`` (of :meth:`text_column` and :meth:`number_column`):
        each a function of (letters, first row, slice of rows) returning the XML of each cell."""
        if self._cells:
            self._flush()
        letters = [self.letter(col + j) for j in range(len(columns))]
        for lo in range(0, n, CHUNK_ROWS):
            hi = min(lo + CHUNK_ROWS, n)
            first = self.row + lo
            parts = [column(letter, first, slice(lo, hi)) for letter, column in zip(letters, columns, strict=True)]
            self._file.write("".join([f'<row r="{first + i}">{"".join(cells)}</row>'
                                      for i, cells in enumerate(zip(*parts, strict=True))]).encode())
        if n:
            self.last_row = self.row + n - 1
            self.last_column = max(self.last_column, col + len(columns) - 1)
            self.height += n * LINE_POINTS
        self.row += n

    def text_column(self, texts: list, codes: np.ndarray | None = None, font=None):
        """A column of text cells for :meth:`rows`: the row's value of ``texts`` (its value at ``codes`` when
        given: the text of each distinct label is made once), and the width it needs (see :meth:`width`, ``pad=0``)."""
        made = [self.text_body(t, font) for t in texts]
        bodies = np.empty(len(made), dtype=object)
        bodies[:] = [xml for xml, _ in made]
        width = max((n for _, n in made), default=0) + 2

        def column(letter: str, first: int, rows: slice) -> list[str]:
            chunk = (bodies[codes[rows]] if codes is not None else bodies[rows]).tolist()
            return [f'<c r="{letter}{r}"{body}' for r, body in enumerate(chunk, start=first)]

        return column, width

    def number_column(self, values: np.ndarray, fmt: str | list[str] = NUMBER_FORMAT):
        """A column of numbers for :meth:`rows`, in format ``fmt`` (a format for each value when a list), and the
        width it needs (see :meth:`width`, ``pad=0``); NaN an empty cell, ±inf an empty cell with a comment."""
        values = np.asarray(values, dtype=float)
        if not isinstance(fmt, str) and len(set(fmt)) <= 1:
            fmt = fmt[0] if len(fmt) else NUMBER_FORMAT
        if isinstance(fmt, str):
            sid, sids = _style(self.styles(fmt)), None
            width = float(number_widths(values, fmt).max(initial=0))
        else:
            formats = np.asarray(fmt, dtype=object)
            ids = {f: _style(self.styles(f)) for f in set(formats.tolist())}
            sid, sids = None, np.array([ids[f] for f in formats.tolist()], dtype=object)
            width = max(float(number_widths(values[formats == f], f).max(initial=0)) for f in ids)
        width += 1
        texts = _number_texts(values) if sids is None and np.isfinite(values).all() else None

        def column(letter: str, first: int, rows: slice) -> list[str]:
            if texts is not None:
                return [f'<c r="{letter}{r}"{sid}><v>{x}</v></c>' for r, x in enumerate(texts(rows), start=first)]
            chunk = values[rows]
            styles = [sid] * len(chunk) if sids is None else sids[rows].tolist()
            return [f'<c r="{letter}{r}"{self._number_body(x, s, f"{letter}{r}")}' if x == x else ""
                    for r, (x, s) in enumerate(zip(chunk.tolist(), styles, strict=True), start=first)]

        return column, width

    # --- widths and the end ---------------------------------------------------------------------------------------

    def width(self, col: int, n: float, pad: float = 2) -> None:
        """Make column ``col`` wide enough for ``n`` characters (and ``pad``: two for text, one for numbers, whose
        digits are as wide as the width's unit)."""
        if n + pad > self._chars.get(col, 0):
            self._chars[col] = n + pad

    @property
    def widths(self) -> dict[int, float]:
        """The width of each column: its widest cell's, at least :data:`MIN_WIDTH` and at most :data:`WIDTH_LIMIT`
        characters (or the width given in :attr:`fixed_widths`)."""
        out = {col: min(max(w, MIN_WIDTH), WIDTH_LIMIT) for col, w in self._chars.items()}
        return {**out, **self.fixed_widths}

    def finish(self, freeze: str | None = None) -> None:
        if self._cells:
            self._flush()
        if freeze:
            self.freeze = freeze

    def xml(self) -> io.BufferedIOBase:
        """The rows written, as a file positioned at its start."""
        if self._cells:
            self._flush()
        self._file.seek(0)
        return self._file

    def close(self) -> None:
        self._file.close()


def _number_texts(values: np.ndarray):
    """The text of each of ``values`` (finite) as a sheet stores it, by slices of rows: whole numbers as integers,
    others with all the digits of their ``repr``. A column that repeats few values (the shares of a table's cells,
    its counts) is formatted one distinct value at a time."""
    whole = bool(np.all((values == np.round(values)) & (np.abs(values) < 2**53)))
    if whole:
        return lambda rows: values[rows].astype(np.int64).tolist()
    distinct, inverse = np.unique(values, return_inverse=True)
    if len(distinct) > len(values) // 4:
        return lambda rows: list(map(repr, values[rows].tolist()))
    shown = np.array(list(map(repr, distinct.tolist())), dtype=object)
    return lambda rows: shown[inverse[rows]].tolist()


def _line_chars(width: float) -> int:
    """The characters of text a line of a column ``width`` wide holds when wrapped: the width counts digits of
    Arial 10, a little wider than its average letter; words wrap a little early."""
    return max(int((width - 1) * 1.15), 1)


def sheet_names(names: list[str]) -> list[str]:
    """Sheet names Excel takes for ``names``: at most 31 characters, none of ``[]:*?/\\`` (each replaced by "_"),
    no apostrophe first or last, not empty and not "History", each different from the others whatever the case
    (a repeated name gets " (2)", " (3)"... within the 31 characters).

    Examples
    --------
    >>> from pandas_agree.report.xlsx import sheet_names
    >>> sheet_names(["a/b", "x" * 40, "A/B", "'q'", ""])
    ['a_b', 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'A_B (2)', 'q', 'Sheet']
    """
    out, taken = [], set()
    for name in names:
        base = re.sub(r"[\[\]:*?/\\]", "_", display.printable(str(name))).strip("'")[:31] or "Sheet"
        if base.lower() == "history":
            base = "History_"
        candidate, k = base, 2
        while candidate.lower() in taken:
            suffix = f" ({k})"
            candidate, k = base[:31 - len(suffix)] + suffix, k + 1
        taken.add(candidate.lower())
        out.append(candidate)
    return out


PAGE_POINTS = {"landscape": ((11.69 - 0.8) * 72, (8.27 - 1.05) * 72),
               "portrait": ((8.27 - 0.8) * 72, (11.69 - 1.05) * 72)}  # A4 within the margins: width, height
SQUEEZE = 1.45  # a sheet at most this much taller than n pages (at the scale of its width) is shrunk onto n pages
SMALLEST_SCALE = 0.4
"""The smallest scale a data sheet is printed at (11-point text at about 4.5 points): a sheet wider than one page at
this scale (a sheet of class-specific measures with their intervals, some 200 columns) prints on pages side by side,
left to right and then down, with its label column and header rows repeated on each."""


def print_setup(ws, sheet: StreamSheet) -> None:
    """The sheet and print setup of a data sheet (on openpyxl's worksheet ``ws``): its column widths and panes; A4
    in the orientation its width needs (portrait where it fits at full size, else landscape), fitted to one page
    wide (as many pages tall as it takes, one fewer where the last would be little used: see :data:`SQUEEZE`), or,
    where that would print smaller than :data:`SMALLEST_SCALE`, at that scale on pages side by side; the
    header rows and label column repeated on every page; the print area the cells written; the grid printed; narrow
    margins; the sheet's name and "Page n of m" in the footer; the comments of :attr:`StreamSheet.comments`."""
    widths = sheet.widths
    for col, w in widths.items():
        ws.column_dimensions[get_column_letter(col)].width = round(w, 2)
    if sheet.freeze:
        ws.freeze_panes = sheet.freeze
    last_row, last_column = max(sheet.last_row, 1), max(sheet.last_column, 1)
    covered = sum(widths.get(col, DEFAULT_WIDTH) for col in range(1, last_column + 1))
    while covered < sheet.title_chars:  # a title runs into the empty cells on its right: they are printed too
        last_column += 1
        covered += widths.get(last_column, DEFAULT_WIDTH)
    points = sum((widths.get(col, DEFAULT_WIDTH) * 7 + 5) * 0.75
                 for col in sorted({*widths, *range(1, last_column + 1)}))
    orientation = "portrait" if points <= PAGE_POINTS["portrait"][0] else "landscape"
    page_width, page_height = PAGE_POINTS[orientation]
    fitted = min(1.0, page_width / max(points, 1.0))
    ws.page_setup.orientation = orientation
    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    if fitted >= SMALLEST_SCALE:
        pages_tall = sheet.height * fitted / page_height
        fewer = math.ceil(pages_tall) - 1  # a last page little used is saved by printing a little smaller
        ws.page_setup.fitToWidth = 1
        ws.page_setup.fitToHeight = max(fewer, 1) if pages_tall <= max(fewer, 1) * SQUEEZE else 0
        ws.sheet_properties.pageSetUpPr.fitToPage = True
    else:  # too wide to read on one page: pages side by side at the smallest scale, the label column on each
        ws.page_setup.scale = round(100 * SMALLEST_SCALE)
        ws.page_setup.pageOrder = "overThenDown"
        ws.sheet_properties.pageSetUpPr.fitToPage = False
    for side, inches in {"left": 0.4, "right": 0.4, "top": 0.5, "bottom": 0.55, "header": 0.2,
                         "footer": 0.25}.items():
        setattr(ws.page_margins, side, inches)
    ws.print_options.gridLines = True
    if sheet.title_rows:
        ws.print_title_rows = sheet.title_rows
    if sheet.title_columns:
        ws.print_title_cols = sheet.title_columns
    ws.print_area = f"A1:{get_column_letter(last_column)}{last_row}"
    ws.oddFooter.center.text = "&A — Page &P of &N"
    ws.oddFooter.center.size = 8
    if sheet.comments:
        for ref, text in sheet.comments.items():  # the cells stay empty: save() writes the sheet's rows
            ws[ref].comment = comment(text)
        ws.page_setup.cellComments = "atEnd"  # a printout lists what the empty cells hold


_SHEET_DATA = re.compile(rb"<sheetData\s*/>|<sheetData>.*?</sheetData>", re.DOTALL)
"""The rows openpyxl wrote for a streamed sheet: none, or the empty cells that carry its comments."""
_DIMENSION = re.compile(rb'<dimension ref="[^"]*"\s*/>')
_NUMBER = re.compile(rb'<c r="([A-Z]+[0-9]+)"([^>]*)><v>([^<]*)</v>')
_FIRST_FONT = re.compile(rb"(<fonts\b[^>]*>\s*)<font>.*?</font>", re.DOTALL)
DEFAULT_FONT = b'<font><name val="Arial" /><family val="2" /><sz val="10" /></font>'
"""The workbook's default font, Arial 10, as SPSS's exports have it. Column widths are counted in the default
font's digits, so the widths and the printed scale come out the same in Excel and in LibreOffice (whose Liberation
Sans has Arial's metrics, while Calibri's metrics are not installed everywhere)."""


def _sheet_parts(archive: zipfile.ZipFile) -> dict[str, str]:
    """Sheet name -> the part that holds it, read from the workbook and its relationships."""
    from xml.etree import ElementTree

    ns = {"m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main",
          "r": "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
          "rel": "http://schemas.openxmlformats.org/package/2006/relationships"}
    book = ElementTree.fromstring(archive.read("xl/workbook.xml"))
    rels = ElementTree.fromstring(archive.read("xl/_rels/workbook.xml.rels"))
    targets = {r.get("Id"): r.get("Target") for r in rels.findall("rel:Relationship", ns)}
    out = {}
    for sheet in book.find("m:sheets", ns):
        target = targets[sheet.get(f"{{{ns['r']}}}id")].lstrip("/")
        out[sheet.get("name")] = target if target.startswith("xl/") else f"xl/{target}"
    return out


def save(wb, path: str | Path, streamed: list[StreamSheet], exact: dict[str, dict[str, str]]) -> None:
    """Save ``wb`` at ``path`` with the rows of each :class:`StreamSheet` in its (empty) sheet of the same name; the
    numbers of openpyxl's own sheets (``exact``: sheet name -> coordinate -> repr) with all their digits (openpyxl
    keeps 16 significant digits, which can change the last bit), and the default font (the first of the style
    sheet's fonts, which openpyxl offers no setting for) :data:`DEFAULT_FONT`."""
    skeleton = io.BytesIO()
    wb.save(skeleton)
    by_name = {sheet.name: sheet for sheet in streamed}
    with zipfile.ZipFile(skeleton) as source, \
            zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as target:
        parts = {part: name for name, part in _sheet_parts(source).items()}
        for info in source.infolist():
            data = source.read(info.filename)
            name = parts.get(info.filename)
            if info.filename == "xl/styles.xml":
                data = _FIRST_FONT.sub(lambda m: m.group(1) + DEFAULT_FONT, data, count=1)
            elif name in by_name:
                _write_streamed(target, info, data, by_name[name])
                continue
            elif name in exact:
                values = exact[name]

                def exact_value(match, values=values):
                    text = values.get(match.group(1).decode())
                    return match.group(0) if text is None else (
                        b'<c r="' + match.group(1) + b'"' + match.group(2) + b"><v>" + text.encode() + b"</v>")

                data = _NUMBER.sub(exact_value, data)
            target.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=6)


def _write_streamed(target: zipfile.ZipFile, info: zipfile.ZipInfo, skeleton: bytes, sheet: StreamSheet) -> None:
    """The sheet's part: openpyxl's XML with the rows in its empty ``sheetData`` and their extent as its
    dimension."""
    last = f"{get_column_letter(max(sheet.last_column, 1))}{max(sheet.last_row, 1)}"
    skeleton = _DIMENSION.sub(f'<dimension ref="A1:{last}" />'.encode(), skeleton, count=1)
    match = _SHEET_DATA.search(skeleton)
    if match is None:  # pragma: no cover - openpyxl always writes the element
        raise RuntimeError(f"the sheet {sheet.name!r} written by openpyxl has no sheetData")
    with target.open(info.filename, "w", force_zip64=True) as out:  # the archive's compression: fast
        out.write(skeleton[:match.start()] + b"<sheetData>")
        shutil.copyfileobj(sheet.xml(), out, 1 << 20)
        merged = "".join(f'<mergeCell ref="{ref}"/>' for ref in sheet.merged)
        out.write(b"</sheetData>" + (f'<mergeCells count="{len(sheet.merged)}">{merged}</mergeCells>'.encode()
                                     if sheet.merged else b"") + skeleton[match.end():])
    sheet.close()
