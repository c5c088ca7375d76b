"""The "Report" sheet of a workbook: a report's tables in the order and layout of the text report, ready to print.

Each table has its title, the variable name over the crosstab's columns, its header between rules, its rows and
its footnotes; numbers stay numbers, shown with the decimals of the text report (p-values as "<0.001"), and a value
with an interval takes two columns (the value, a number, and the interval). The sheet prints in landscape on A4,
one page wide, with the report's title repeated on every page; the rows are paginated here, as SPSS paginates its
output: a table that fits on a page is never split, and a table longer than a page repeats its title and header
at the top of each page it continues on.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from openpyxl.styles import Alignment, Border, Font, Side
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.pagebreak import Break

from . import display
from .document import Document, Table, stub_parts
from .sheet import CELL_LIMIT, MATCH, Sheet

__all__ = ["PrintLayout", "report_sheet"]

PRINT_SIZE = 9  # points: the size of SPSS's table text
ROW_POINTS = 11.25  # the height of a row of 9-point text
PAGE_INCHES = (11.69, 8.27)  # A4, landscape
MARGINS = {"left": 0.4, "right": 0.4, "top": 0.5, "bottom": 0.55, "header": 0.2, "footer": 0.25}
CHAR_UNITS = 0.82  # Excel column-width units (digits of the default Arial 10) taken by a character of Arial 9
STUB_LIMIT, COLUMN_LIMIT, TEXT_LIMIT = 46, 26, 40  # the widest columns (of numbers, of text), in characters
TITLE_POINTS = (16.0, ROW_POINTS)  # the report's title and meta rows, repeated at the top of every page
SAFETY = 0.97  # of the page height used: Excel's own rounding of the scale must not push a row over
KEEP_ROWS = 3  # rows of a table's body printed at least under its header on a page
PAGE_UNITS = 170  # the widest a table is printed, in Excel's column-width units (about 80% of full size on A4)
WHOLE_COLUMNS = 13  # a table of this many columns or fewer (a crosstab of 12 columns and its total) is kept whole
MAX_ROW_POINTS = 409.0  # the tallest row Excel allows
MAX_INDENT = 15  # the deepest indent of a cell (Excel allows up to 250 levels; a level is three characters)
CHUNK = 2_000  # characters of a long label's whole text per row of the sheet


def _font(size: float = PRINT_SIZE, **kw) -> Font:
    return Font(name="Arial", size=size, **kw)


PLAIN, STRONG, SMALL, ITALIC = _font(), _font(bold=True), _font(size=PRINT_SIZE - 1), _font(italic=True)
HEADING = _font(11, bold=True)
TITLE = _font(12, bold=True)
THIN = Side(style="thin", color="000000")


@dataclass
class PrintLayout:
    """What the Report sheet's pagination found: the printed scale (the fraction of full size that fits the
    sheet's width on the page), the points of rows a page holds under the repeated title rows, the pages and the
    first row of each page after the first."""

    scale: float
    capacity: float
    pages: int
    breaks: list[int]


def _with_interval(cell) -> bool:
    return isinstance(cell, display.Shown) and cell.interval is not None


def _value_part(cell: display.Shown) -> display.Shown:
    return display.Shown(str(cell)[:-len(cell.interval)].strip(), cell.number, cell.excel_format)


def _stubs(t: Table) -> int:
    """The sheet columns of ``t``'s stub: two where its row labels hold a cell statistic's name
    (``Table.stub_split``: the row's label and the statistic, as SPSS shows them and the HTML report does; a
    layered crosstab has one more for each layer variable and one for the row variable), else one."""
    return len(stub_parts(t, ""))


def _span(tables) -> int:
    """The sheet columns every table's stub spans: those of a layered crosstab's stub (a column for each layer
    variable, the row variable, the row labels and the cell statistics), so that the other tables' row labels run
    across them and the layer values get columns as narrow as they are, rather than one as wide as the longest row
    label of any table; 0 (each table its own stub columns) where no stub takes more than two."""
    widest = max((_stubs(t) for t in tables), default=1)
    return widest if widest > 2 else 0


def _stub_columns(t: Table, span: int) -> int:
    """The sheet columns of ``t``'s stub: its own (:func:`_stubs`), or the ``span`` its last part runs across."""
    return max(_stubs(t), span)


def _stub_parts(t: Table, label: str) -> list[str]:
    """A row label as the stub's columns show it: the row's label and the statistic's name where ``t`` splits its
    stub (:func:`~pandas_agree.report.document.stub_parts`), else the label whole."""
    return stub_parts(t, label)


def _pairs(t: Table) -> list[bool]:
    """For each column of ``t``: whether it holds values with intervals (printed in two sheet columns)."""
    return [any(cells is not None and _with_interval(cells[j]) for _, cells in t.rows) for j in range(len(t.columns))]


def _needed(texts, limit: int) -> float:
    longest = max((len(line) for text in texts for line in str(text).split("\n")), default=0)
    return min(longest, limit) * CHAR_UNITS + 2


def _column_blocks(t: Table, sheet_columns: int, span: int = 0) -> list[Table]:
    """``t`` cut into tables of consecutive columns that each print within :data:`PAGE_UNITS` and ``sheet_columns``
    columns of the sheet (as the text report cuts a table wider than the page; a column's companions, its design
    effects, stay in its part): the stub repeated (over ``span`` columns, :func:`_span`), the footnotes under the
    last part."""
    if not t.columns:
        return [t]
    pairs = _pairs(t)
    labels = [_stub_parts(t, label) for label, cells in t.rows if cells is not None]
    stub = _needed([t.stub, *(parts[0] for parts in labels)], STUB_LIMIT) + sum(
        _needed([parts[k] for parts in labels], STUB_LIMIT) for k in range(1, _stubs(t)))
    needs = []
    for j, pair in enumerate(pairs):
        cells = [cells[j] for _, cells in t.rows if cells is not None]
        if pair:
            value = _needed([_value_part(c) if _with_interval(c) else c for c in cells], COLUMN_LIMIT)
            ends = _needed([c.interval for c in cells if _with_interval(c)], COLUMN_LIMIT)
            needs.append(max(value + ends, _needed([t.columns[j]], 2 * COLUMN_LIMIT)))
        else:
            needs.append(_needed([t.columns[j], *cells], COLUMN_LIMIT))
    units = []  # (first column, last column + 1) of a column with its companions (its design effect): kept together
    for j in range(len(needs)):
        if j in t.companions and units:
            units[-1] = (units[-1][0], j + 1)
        else:
            units.append((j, j + 1))
    blocks, start, width, used = [], 0, stub, _stub_columns(t, span)
    for lo, hi in units:
        need, columns = sum(needs[lo:hi]), sum(1 + pair for pair in pairs[lo:hi])
        if lo > start and (width + need > PAGE_UNITS or used + columns > sheet_columns):
            blocks.append((start, lo))
            start, width, used = lo, stub, _stub_columns(t, span)
        width += need
        used += columns
    blocks.append((start, len(needs)))
    if len(blocks) == 1:
        return [t]
    out = []
    for n, (lo, hi) in enumerate(blocks, start=1):
        rows = [(label, cells if cells is None else cells[lo:hi]) for label, cells in t.rows]
        out.append(replace(t, title=f"{t.title}, part {n} of {len(blocks)}", columns=t.columns[lo:hi], rows=rows,
                           footnotes=t.footnotes if n == len(blocks) else [],
                           highlight={(i, j - lo) for i, j in t.highlight if lo <= j < hi},
                           companions={j - lo for j in t.companions if lo < j < hi}))
    return out


def _column_widths(doc: Document, span: int = 0) -> list[float]:
    """Column widths (Excel's units) shared by every table: the stub in the first column (the first two where a
    table's stub is split, a column for each part of a layered crosstab's), then each table column in one sheet
    column, or two when it holds values with intervals. With a ``span`` (:func:`_span`) the tables' values begin
    after it, and the last part of a stub of fewer parts runs across the columns left: the last of them is widened
    where they are together narrower than it needs."""
    widths = [10.0]
    across: list[tuple[int, str]] = []  # (first column, text) of the stub parts that run to the span's end

    def fit(col: int, text) -> None:
        while len(widths) <= col:
            widths.append(8.0)
        longest = max((len(line) for line in str(text).split("\n")), default=0)
        limit = STUB_LIMIT if col == 0 else COLUMN_LIMIT if _numeric(str(text)) else TEXT_LIMIT
        widths[col] = max(widths[col], min(longest, limit) * CHAR_UNITS + 2)

    for t in (t for sec in doc.sections for t in sec.tables):
        last = _stubs(t) - 1  # the stub part that runs across the span's columns left, if any
        spans = _stub_columns(t, span) > _stubs(t)
        for label, cells in [(t.stub, []), *t.rows]:
            parts = _stub_parts(t, label) if cells is not None else [""]
            if label is t.stub and not isinstance(t.stub_split, tuple):
                parts = [label]  # the stub's name, over all its columns
            for k, part in enumerate(parts):
                if spans and k == len(parts) - 1 and k <= last:
                    across.append((k, part))
                else:
                    fit(k, part)
        col = _stub_columns(t, span)
        for j, pair in enumerate(_pairs(t)):
            for _, cells in t.rows:
                if cells is None:
                    continue
                if pair and _with_interval(cells[j]):
                    fit(col, _value_part(cells[j]))
                    fit(col + 1, cells[j].interval)
                else:
                    fit(col, cells[j])
            if pair:
                fit(col + 1, "")
                short = min(len(t.columns[j]), 2 * COLUMN_LIMIT) * CHAR_UNITS + 2 - widths[col] - widths[col + 1]
                widths[col + 1] += max(short, 0)
            else:
                fit(col, t.columns[j])
            col += 2 if pair else 1
    for k, text in across:
        longest = max((len(line) for line in str(text).split("\n")), default=0)
        short = min(longest, STUB_LIMIT) * CHAR_UNITS + 2 - sum(widths[k:span])
        widths[span - 1] += max(short, 0)
    return widths


def _printed_columns(doc: Document) -> tuple[Document, list[float]]:
    """``doc`` with its wide tables cut into parts, and the sheet's column widths. The tables share the sheet's
    columns, so a column is as wide as the widest cell any table puts in it: the parts are cut again, to fewer
    sheet columns, until the widths add up to at most :data:`PAGE_UNITS`, but never to fewer columns than a table
    of at most :data:`WHOLE_COLUMNS` columns whose own columns fit on the page takes (a crosstab of up to 12 columns
    and its total prints in one block; the sheet then prints a little smaller)."""
    tables = [t for sec in doc.sections for t in sec.tables]
    span = _span(tables)
    sheet_columns = max((_stub_columns(t, span) + len(t.columns) + sum(_pairs(t)) for t in tables), default=1)
    whole = max((_stub_columns(t, span) + len(t.columns) + sum(_pairs(t)) for t in tables
                 if len(t.columns) <= WHOLE_COLUMNS and len(_column_blocks(t, sheet_columns, span)) == 1), default=1)
    while True:
        cut = replace(doc, sections=[replace(sec, tables=[part for t in sec.tables
                                                          for part in _column_blocks(t, sheet_columns, span)])
                                     for sec in doc.sections])
        widths = _column_widths(cut, span)
        fits = next((n for n in range(len(widths), 0, -1) if sum(widths[:n]) <= PAGE_UNITS), 1)
        fewer = max(fits, whole)
        if fits >= len(widths) or fits < 3 or fewer >= sheet_columns:
            return cut, widths
        sheet_columns = fewer


_NUMERIC = re.compile(r"^(?:[-−<\[(]?[\d.]|[-−]?inf\b|\[|" + display.MISSING + ")")


def _mostly_numbers(cells: list) -> bool:
    """Whether a column's cells are numbers, but for a few words among them (more than half of those not empty
    stand for numbers: "yes" and "no" among the counts of the Sample Design table)."""
    filled = [c for c in cells if isinstance(c, display.Shown) or (c and str(c).strip())]
    return bool(filled) and 2 * sum(isinstance(c, display.Shown) or _numeric(c) for c in filled) > len(filled)


def _numeric(text: str) -> bool:
    """Whether a cell's text stands for a number (a value with a mark, "<0.001 (<0.001)", "—ᵃ", an interval)."""
    return not text or bool(_NUMERIC.match(text))


def _points(units: float) -> float:
    """The printed width, in points, of a column ``units`` wide (digits of 7 pixels and 5 pixels of padding)."""
    return (units * 7 + 5) * 0.75


class _Pages:
    """Rows written one under the other, each with its height, and the pages they fill."""

    def __init__(self, sheet: Sheet, widths: list[float], repeated: float = sum(TITLE_POINTS)) -> None:
        self.sheet = sheet
        self.widths = widths
        printable = (PAGE_INCHES[0] - MARGINS["left"] - MARGINS["right"]) * 72
        self.scale = min(1.0, int(100 * printable / sum(_points(w) for w in widths)) / 100)
        height = (PAGE_INCHES[1] - MARGINS["top"] - MARGINS["bottom"]) * 72 * SAFETY
        self.capacity = height / self.scale - repeated  # the points of rows a page holds below the title
        self.used = 0.0
        self.breaks: list[int] = []
        self.running: list[str] = []  # what a page continues (a group's heading, "Notes"): repeated after a break

    @property
    def row(self) -> int:
        return self.sheet.row

    def fits(self, points: float) -> bool:
        return self.used + points <= self.capacity

    @property
    def room(self) -> float:
        """The points a page holds for a table: its capacity less the rows repeated after a break."""
        return self.capacity - sum(ROW_POINTS if text == "Notes" else 15.0 for text in self.running)

    def new_page(self) -> None:
        if self.used:
            self.sheet.ws.row_breaks.append(Break(id=self.row - 1))
            self.breaks.append(self.row)
            self.used = 0.0
            for text in self.running:
                self.text(1, f"{text} (continued)", font=HEADING if text != "Notes" else STRONG)
                self.end_row(15.0 if text != "Notes" else ROW_POINTS)

    def end_row(self, points: float = ROW_POINTS) -> None:
        points = min(points, MAX_ROW_POINTS)
        self.sheet.ws.row_dimensions[self.row].height = points
        self.sheet.row += 1
        self.used += points
        if self.used > self.capacity:  # a row taller than what was left: the printer breaks before it
            self.breaks.append(self.row - 1)
            self.used = points

    def text(self, col: int, value, font=PLAIN, align: str = "left", wrap: bool = False, indent: int = 0):
        cell = self.sheet.text(col, value)
        if isinstance(value, str) and "\n" in value:  # a header's line break (labels reach here escaped)
            cell.value = "\n".join(display.printable(part) for part in value.split("\n"))
            wrap = True
        cell.font = font
        cell.alignment = Alignment(horizontal=align, vertical="top", wrap_text=wrap, indent=min(indent, MAX_INDENT))
        return cell

    def cell_lines(self, col: int, value) -> int:
        """The lines a table cell takes in sheet column ``col``: text longer than the column wraps."""
        if isinstance(value, display.Shown) or not value:
            return 1
        chars = (self.widths[col - 1] - 2) / CHAR_UNITS  # what the column was made wide enough for
        if len(value) <= chars + 1e-9:
            return 1
        return -(-len(value) // max(int(0.95 * chars), 1))  # words wrap before the last character fits

    def value(self, col: int, value, fill=None, right: bool = False):
        """A table cell: a number in its format, or text (right-aligned where it stands for a number or ``right``
        says it is in a column of numbers, as "yes" among counts; wrapped where it is longer than the column)."""
        if isinstance(value, display.Shown):
            cell = self.sheet.number(col, value.number, value.excel_format)
            cell.font = PLAIN
            cell.alignment = Alignment(horizontal="right", vertical="top")
        else:
            text = "" if value is None else value
            numeric = right or _numeric(text)  # text after a right-aligned number keeps a space from it
            cell = self.text(col, text, align="right" if numeric else "left", wrap=self.cell_lines(col, text) > 1,
                             indent=0 if numeric or not text else 1)
        if fill:
            cell.fill = fill
        return cell

    def lines(self, text: str, last: int, font=PLAIN, indent: int = 0) -> int:
        """The lines ``text`` takes wrapped over columns 1 to ``last``."""
        size = font.sz or PRINT_SIZE
        chars = max(int((sum(self.widths[:last]) / CHAR_UNITS - 2 - 2 * indent) * PRINT_SIZE / size * 0.92), 1)
        return sum(max(1, -(-len(part) // chars)) for part in text.split("\n"))

    def wide_text(self, text: str, last: int, font=PLAIN, indent: int = 0) -> float:
        """A row of text merged over columns 1 to ``last``, wrapped, as high as its lines need; its height."""
        last = max(last, 1)
        points = self.lines(text, last, font, indent) * ROW_POINTS * (font.sz or PRINT_SIZE) / PRINT_SIZE
        if not self.fits(points):
            self.new_page()
        self.text(1, text, font=font, wrap=True, indent=indent)
        if last > 1:
            self.sheet.ws.merge_cells(start_row=self.row, start_column=1, end_row=self.row, end_column=last)
        self.end_row(points)
        return points

    def wide_height(self, text: str, last: int, font=PLAIN, indent: int = 0) -> float:
        return self.lines(text, max(last, 1), font, indent) * ROW_POINTS * (font.sz or PRINT_SIZE) / PRINT_SIZE

    def rule_below(self, row: int, last: int) -> None:
        for col in range(1, last + 1):
            cell = self.sheet.ws.cell(row, col)
            cell.border = Border(top=cell.border.top, bottom=THIN)


class _Printer:
    """One table on the sheet: its columns' places, its header (repeated on each page it continues on), its rows."""

    def __init__(self, pages: _Pages, t: Table, span: int = 0) -> None:
        self.pages, self.t = pages, t
        pairs = _pairs(t)
        self.parts = _stubs(t)  # the stub's parts: two where a row label holds a cell statistic's name
        self.stubs = _stub_columns(t, span)  # its sheet columns: the last part runs across those beyond the parts
        self.firsts = [1 + self.stubs + j + sum(pairs[:j]) for j in range(len(t.columns))]
        self.ends = [first + pair for first, pair in zip(self.firsts, pairs, strict=True)]  # last sheet column
        self.last = self.ends[-1] if t.columns else 1
        self.notes_last = max(self.last, min(len(pages.widths), 8))
        self.header_lines = max(len(h.split("\n")) for h in [t.stub, *t.columns]) if t.columns else 0
        self.numbers = [self.ends[j] == self.firsts[j] and _mostly_numbers([cells[j] for _, cells in t.rows
                                                                            if cells is not None])
                        for j in range(len(t.columns))]  # columns of numbers: their text too is right-aligned

    def stub_lines(self, label: str) -> int:
        return max(-(-len(part.lstrip(" ")) // STUB_LIMIT) if len(part.lstrip(" ")) > STUB_LIMIT else 1
                   for part in _stub_parts(self.t, label))

    def row_height(self, label: str, cells) -> float:
        if cells is None:
            return self.pages.wide_height(label, self.last, ITALIC)
        return max([self.stub_lines(label), *(self.pages.cell_lines(self.firsts[j], value)
                                              for j, value in enumerate(cells) if not _with_interval(value))]
                   ) * ROW_POINTS

    def header_height(self) -> float:
        return ROW_POINTS * (1 + bool(self.t.column_title and self.t.columns) + self.header_lines)

    def height(self) -> float:
        t = self.t
        return (self.header_height() + sum(self.row_height(label, cells) for label, cells in t.rows)
                + sum(self.pages.wide_height(note, self.notes_last, SMALL) for note in t.footnotes) + ROW_POINTS / 2)

    def header(self, continued: bool) -> None:
        pages, t, ws = self.pages, self.t, self.pages.sheet.ws
        pages.text(1, t.title + (" (continued)" if continued else ""), font=STRONG)
        pages.end_row()
        if not t.columns:
            return
        if t.column_title:
            pages.text(self.firsts[0], t.column_title, font=STRONG, align="center")
            if self.last > self.firsts[0]:
                ws.merge_cells(start_row=pages.row, start_column=self.firsts[0], end_row=pages.row,
                               end_column=self.last)
            pages.end_row()
        rules = Border(top=THIN, bottom=THIN)
        if isinstance(t.stub_split, tuple):  # a layered crosstab: each layer variable's name over its column
            for col, part in enumerate(_stub_parts(t, t.stub), start=1):
                pages.text(col, part, font=STRONG, wrap=True).border = rules
            if self.stubs > self.parts:  # the last part's name over the stub's columns left
                for col in range(self.parts + 1, self.stubs + 1):
                    ws.cell(pages.row, col).border = rules
                ws.merge_cells(start_row=pages.row, start_column=self.parts, end_row=pages.row, end_column=self.stubs)
        else:
            pages.text(1, t.stub, font=STRONG, wrap=True).border = rules
        if self.stubs > 1 and not isinstance(t.stub_split, tuple):
            # the stub's name over all its columns, as the HTML report's corner spans them
            for col in range(2, self.stubs + 1):
                ws.cell(pages.row, col).border = rules
            ws.merge_cells(start_row=pages.row, start_column=1, end_row=pages.row, end_column=self.stubs)
        for j, header in enumerate(t.columns):
            pages.text(self.firsts[j], header, font=STRONG, align="right" if self.numbers[j] else "center",
                       wrap=True).border = rules
            for col in range(self.firsts[j] + 1, self.ends[j] + 1):
                ws.cell(pages.row, col).border = rules
            if self.ends[j] > self.firsts[j]:
                ws.merge_cells(start_row=pages.row, start_column=self.firsts[j], end_row=pages.row,
                               end_column=self.ends[j])
        pages.end_row(self.header_lines * ROW_POINTS)

    def body_row(self, i: int, label: str, cells, total: bool, layer: Sequence[str] = ()) -> None:
        """A row of the table; ``layer``: the layer values its empty layer stub columns show (the first row of a
        page the table goes on to)."""
        pages, t = self.pages, self.t
        if cells is None:  # a row of text across the table
            self.pages.text(1, label, font=ITALIC, wrap=True)
            if self.last > 1:
                pages.sheet.ws.merge_cells(start_row=pages.row, start_column=1, end_row=pages.row, end_column=self.last)
            pages.end_row(self.row_height(label, None))
            return
        shown = []
        for col, part in enumerate(_stub_parts(t, label), start=1):
            if col <= len(layer) and not part.strip():
                part = layer[col - 1]
            stripped = part.lstrip(" ")
            shown.append(pages.text(col, stripped, font=STRONG if total else PLAIN, wrap=len(stripped) > STUB_LIMIT,
                                    indent=(len(part) - len(stripped)) // 2))
        if self.stubs > self.parts:  # the last part runs across the stub's columns left
            shown += [pages.sheet.ws.cell(pages.row, col) for col in range(self.parts + 1, self.stubs + 1)]
            pages.sheet.ws.merge_cells(start_row=pages.row, start_column=self.parts, end_row=pages.row,
                                       end_column=self.stubs)
        for j, value in enumerate(cells):
            fill = MATCH if (i, j) in t.highlight else None
            if self.ends[j] > self.firsts[j] and _with_interval(value):
                shown.append(pages.value(self.firsts[j], _value_part(value), fill))
                shown.append(pages.value(self.ends[j], value.interval, fill))
            else:
                shown.append(pages.value(self.firsts[j], value, fill, right=self.numbers[j]))
                shown += [pages.value(col, "", fill) for col in range(self.firsts[j] + 1, self.ends[j] + 1)]
        if total or i in t.rules:  # a total, or a new block of rows (a layer)
            for cell in shown:
                cell.border = Border(top=THIN)
        pages.end_row(self.row_height(label, cells))

    def write(self, lead=None) -> None:
        """The table (after ``lead``, a (height, writer) pair kept on its page, such as a section's heading)."""
        pages, t = self.pages, self.t
        lead_height, write_lead = lead or (0.0, None)
        first_rows = sum(self.row_height(label, cells) for label, cells in t.rows[:KEEP_ROWS])
        whole = lead_height + self.height()
        if not pages.fits(whole) and (whole <= pages.room or not pages.fits(lead_height + self.header_height()
                                                                          + first_rows)
                                      or pages.used > pages.capacity / 4):
            pages.new_page()
        if write_lead:
            write_lead()
        self.header(continued=False)
        totals = len(t.rows) - int(t.total_row) if t.total_row else None
        last_row = None
        layer = [""] * t.layer_stubs  # the layer values of the rows so far, repeated atop a page the table goes on to
        for i, (label, cells) in enumerate(t.rows):
            if cells is not None:  # a layer's first row shows its values (an outer one where it changes)
                parts = _stub_parts(t, label)[:t.layer_stubs]
                layer = [part.strip() or value for part, value in zip(parts, layer, strict=True)]
            repeat: Sequence[str] = ()
            if not pages.fits(self.row_height(label, cells)):
                if last_row is not None:
                    pages.rule_below(last_row, self.last)
                pages.new_page()
                self.header(continued=True)
                repeat = layer
            self.body_row(i, label, cells, total=i == totals, layer=repeat)
            last_row = pages.row - 1
        if last_row is not None and t.columns:
            pages.rule_below(last_row, self.last)
        for note in t.footnotes:
            pages.wide_text(note, self.notes_last, font=SMALL)
        if pages.fits(ROW_POINTS / 2):
            pages.end_row(ROW_POINTS / 2)


def _long_labels(pages: _Pages, labels: list[tuple[str, str]], last: int) -> None:
    """The whole text of each label shown cut, under "Long labels": its shown form, then its text in rows of
    :data:`CHUNK` characters, up to :data:`~pandas_agree.report.sheet.CELL_LIMIT` characters (the text and HTML
    reports and to_json() hold longer ones whole)."""
    pages.running = []
    if not pages.fits(3 * ROW_POINTS):
        pages.new_page()
    pages.text(1, "Long labels", font=STRONG)
    pages.end_row()
    pages.wide_text("Labels longer than 60 characters are shown cut in the tables and notes; their whole text:", last,
                    font=SMALL)
    for shown, whole in labels:
        pages.wide_text(f"{shown}:", last, font=SMALL)
        kept = whole[:CELL_LIMIT]
        for start in range(0, len(kept), CHUNK):
            pages.wide_text(kept[start:start + CHUNK], last, font=SMALL, indent=2)
        if len(whole) > CELL_LIMIT:
            pages.wide_text(f"… the first {CELL_LIMIT:,} of {len(whole):,} characters; the text and HTML reports and "
                            "to_json() hold the whole label.", last, font=SMALL, indent=2)


def _text_units(text: str, font=PLAIN) -> float:
    """The width (Excel's column units) a line of ``text`` takes in ``font`` (bold a tenth wider), with a cell's
    margins."""
    longest = max((len(line) for line in str(text).split("\n")), default=0)
    return longest * CHAR_UNITS * (font.sz or PRINT_SIZE) / PRINT_SIZE * (1.1 if font.b else 1.0) + 2


def report_sheet(sheet: Sheet, doc: Document) -> PrintLayout:
    """Lay ``doc`` out on ``sheet`` (an empty worksheet) for print; return the pagination found.

    The title and meta line head the sheet and every printed page (a report of layers or groups repeats its title
    alone: the meta line's N is the whole table's, not a layer's); then each section's heading and tables, and the
    section's notes. Page setup: A4 landscape, fit to one page wide (any number of pages tall), narrow margins,
    "Page n of m" in the footer, the grid hidden.
    """
    doc, widths = _printed_columns(doc)
    span = _span([t for sec in doc.sections for t in sec.tables])
    # the title and the meta line are written in the first cell and print as far as the columns reach: a sheet of
    # narrow tables (a score's statistics) gets an empty column at the end, so that the print area holds them
    wanted = min(max(_text_units(doc.title, TITLE), _text_units(doc.meta, SMALL)), PAGE_UNITS) - sum(widths)
    if wanted > 0:
        widths = [*widths, wanted]
    # the meta line's N is the whole table's: repeated only where every page is of the whole table (a report of
    # layers or groups repeats its title alone, each layer's pages heading with the layer and its own N below)
    repeated = 1 if any(sec.heading is not None for sec in doc.sections) else len(TITLE_POINTS)
    pages = _Pages(sheet, widths, sum(TITLE_POINTS[:repeated]))
    pages.text(1, doc.title, font=TITLE)
    sheet.ws.row_dimensions[1].height = TITLE_POINTS[0]
    sheet.row += 1
    pages.text(1, doc.meta, font=SMALL)
    sheet.ws.row_dimensions[2].height = TITLE_POINTS[1]
    sheet.row += 1
    pages.used = sum(TITLE_POINTS[repeated:])  # the meta line printed once, on the first page
    pages.end_row(ROW_POINTS / 2)
    for sec in doc.sections:
        lead = None
        pages.running = []
        if sec.heading is not None:
            def heading(text=sec.heading) -> None:
                pages.text(1, text, font=HEADING)
                pages.end_row(15)
                pages.running = [text]
            lead = (15.0, heading)
        for t in sec.tables:
            _Printer(pages, t, span).write(lead)
            lead = None
        if lead is not None:
            lead[1]()
        if sec.notes:
            if not pages.fits(ROW_POINTS + pages.wide_height(sec.notes[0].strip(), len(widths), SMALL)):
                pages.new_page()
            pages.text(1, "Notes", font=STRONG)
            pages.end_row()
            pages.running = [*pages.running, "Notes"]
            for note in sec.notes:
                nested = note.startswith("  ")
                pages.wide_text(note.strip(), len(widths), font=SMALL, indent=2 if nested else 0)
            pages.running = pages.running[:-1]
            if pages.fits(ROW_POINTS / 2):
                pages.end_row(ROW_POINTS / 2)
    if doc.long_labels:
        _long_labels(pages, doc.long_labels, len(widths))
    ws = sheet.ws
    for col, w in enumerate(widths, start=1):
        ws.column_dimensions[get_column_letter(col)].width = round(w, 2)
    ws.sheet_view.showGridLines = False
    ws.page_setup.orientation = "landscape"
    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    for side, inches in MARGINS.items():
        setattr(ws.page_margins, side, inches)
    ws.print_title_rows = f"1:{repeated}"
    ws.print_area = f"A1:{get_column_letter(len(widths))}{max(sheet.row - 1, 1)}"
    ws.oddFooter.center.text = "Page &P of &N"
    ws.oddFooter.center.size = 8
    return PrintLayout(pages.scale, pages.capacity, 1 + len(pages.breaks), list(pages.breaks))
