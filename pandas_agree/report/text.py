"""Plain-text rendering of an AgreementReport, in the style of SPSS output: titled tables with aligned
columns and footnotes. Tables wider than the page are split into column blocks that repeat the row labels (a value's
design effect stays in the block of its value)."""

from __future__ import annotations

import dataclasses
import textwrap
from itertools import chain
from operator import itemgetter

from .display import printable
from .document import Document, Table

__all__ = ["render", "render_table", "wrap"]

WIDTH = 100

HEADER_LINE = 20
"""In a table wider than the page, a column title longer than this and than its column's widest cell (a long label
over a crosstab's column) wraps onto lines of that many characters."""


_CHUNKS = textwrap.TextWrapper.wordsep_re
"""How :mod:`textwrap` cuts a word at its hyphens ("class-specific" into "class-" and "specific")."""


def wrap(text: str, width: int, initial_indent: str = "", subsequent_indent: str = "",
         break_on_hyphens: bool = True) -> list[str]:
    """``textwrap.wrap(text, width, initial_indent=..., subsequent_indent=..., break_on_hyphens=...)``, the same
    lines, found a line at a time rather than a word at a time (a report wraps some 60 notes and footnotes).

    Each line ends at the last space, or the last hyphen :mod:`textwrap` would break at, that leaves it at most
    ``width`` characters with its indent. Text with whitespace other than single spaces between words (or any
    character that is not printable), or with a word after a line's end longer than a line, is wrapped by
    :func:`textwrap.wrap` itself.

    Examples
    --------
    >>> from pandas_agree.report.text import wrap
    >>> wrap("the class-specific measures of every class", 20, subsequent_indent="  ")
    ['the class-specific', '  measures of every', '  class']
    """
    lines: list[str] = []
    end = len(text)
    if text and text[0] != " " and text[-1] != " " and "  " not in text and text.isprintable():
        start, indent = 0, initial_indent
        while end - start > width - len(indent):
            limit = start + width - len(indent)  # the line holds text[start:limit] at most
            space = text.rfind(" ", start, limit + 1)  # the end of its last whole word
            if space < 0:  # a first word longer than the line
                break
            stop, resume = space, space + 1
            # the next word may break beside a hyphen ("class-|specific", "word|--dash") within the line
            if break_on_hyphens and text.find("-", space + 1, limit + 1) >= 0:
                after = text.find(" ", space + 1)
                at = space + 1
                for chunk in _CHUNKS.split(text[space + 1:after if after >= 0 else end]):
                    if at + len(chunk) > limit:
                        break
                    at += len(chunk)
                if at > space + 1:
                    stop = resume = at
            after = text.find(" ", resume)
            if (after if after >= 0 else end) - resume > width - max(len(indent), len(subsequent_indent)):
                break  # the word after the line's end longer than a line (textwrap cuts it)
            lines.append(indent + text[start:stop])
            start, indent = resume, subsequent_indent
        else:
            lines.append(indent + text[start:])
            return lines
    return textwrap.wrap(text, width, initial_indent=initial_indent, subsequent_indent=subsequent_indent,
                         break_on_hyphens=break_on_hyphens)


def _printable_table(t: Table) -> Table:
    """``t`` with every text printable (control characters as escapes: nothing reaches the terminal raw); ``t``
    itself where every text is (as a report's are: all of them are checked at once)."""
    texts = [t.title, t.stub, t.column_title or "", "".join(t.columns).replace("\n", ""), *t.footnotes]
    for label, cells in t.rows:
        texts.append(label)
        if cells is not None:
            texts.extend(cells)
    if "".join(texts).isprintable():
        return t
    return dataclasses.replace(
        t, title=printable(t.title), columns=["\n".join(map(printable, c.split("\n"))) for c in t.columns],
        stub=printable(t.stub),
        rows=[(printable(label), None if cells is None else [printable(c) for c in cells]) for label, cells in t.rows],
        footnotes=[printable(n) for n in t.footnotes],
        column_title=None if t.column_title is None else printable(t.column_title))


def render_table(t: Table, width: int = WIDTH) -> str:
    t = _printable_table(t)
    if not t.columns:  # a title with its footnotes
        return "\n".join([t.title, *(line for note in t.footnotes for line in wrap(note, width))]) + "\n"
    n_columns = len(t.columns)
    rows = t.rows if not t.highlight else [
        (label, None if cells is None else [f"[{c}]" if (i, j) in t.highlight else c for j, c in enumerate(cells)])
        for i, (label, cells) in enumerate(t.rows)]
    table_rows = [cells for label, cells in rows if cells is not None]
    stub_width = max([len(t.stub), *(len(label) for label, cells in rows if cells is not None)])
    heads = [c.split("\n") for c in t.columns]  # a title with a newline takes two lines
    # the cells of each column (the rows are read once)
    by_column = list(zip(*table_rows, strict=True)) if table_rows and all(len(cells) == n_columns for cells in
                                                                         table_rows) else \
        [[cells[j] for cells in table_rows] for j in range(n_columns)]
    cell_widths = [max(map(len, cells), default=0) for cells in by_column]
    if stub_width + sum(max(w, *map(len, h)) + 2 for w, h in zip(cell_widths, heads, strict=True)) > width:
        # wider than the page: titles longer than their cells (and than HEADER_LINE) wrap
        for j, head in enumerate(heads):
            room = max(HEADER_LINE, cell_widths[j])
            if max(map(len, head)) > room:
                heads[j] = [line for part in head for line in wrap(part, room, break_on_hyphens=False)
                            or [""]]
    depth = max(len(h) for h in heads)
    heads = [[""] * (depth - len(h)) + h for h in heads]
    widths = [max(max(map(len, head)), cell_width) for head, cell_width in zip(heads, cell_widths, strict=True)]
    units: list[list[int]] = []  # a column with its companions (its design effect): never cut apart
    for j in range(len(widths)):
        if j in t.companions and units:
            units[-1].append(j)
        else:
            units.append([j])
    # row labels too long to leave room for the widest column beside them wrap onto lines that do
    room = max(width - max(sum(widths[j] + 2 for j in unit) for unit in units), HEADER_LINE)
    if stub_width > room:
        labels = {i: wrap(label, room, break_on_hyphens=False) or [""] for i, (label, cells) in
                  enumerate(rows) if cells is not None}
        stub_width = max([len(t.stub), *(len(line) for lines in labels.values() for line in lines)])
    else:
        labels = None  # each label on its line
    blocks, current, used = [], [], stub_width
    for unit in units:
        w = sum(widths[j] + 2 for j in unit)
        if current and used + w > width:
            blocks.append(current)
            current, used = [], stub_width
        current.extend(unit)
        used += w
    blocks.append(current)
    out = [t.title]
    total = len(rows) - int(t.total_row) if t.total_row else None  # the first row of the total
    # rows of cells only, each on one line (no total, no row of text, no label on lines of its own)
    plain = total is None and not t.rules and labels is None and len(table_rows) == len(rows) and \
        len(by_column) == n_columns and all(len(cells) == n_columns for cells in table_rows)
    row_labels = [label for label, _ in rows] if plain else []
    for n, block in enumerate(blocks):
        line = stub_width + sum(widths[j] + 2 for j in block)
        if len(blocks) > 1:
            out.append(f"({n + 1} of {len(blocks)})" if n else f"(1 of {len(blocks)}; the table continues below)")
        out.append("═" * line)
        if t.column_title:
            out.append(" " * stub_width + "  " + t.column_title)
        first = next(k for k in range(depth) if k == depth - 1 or any(heads[j][k] for j in block))
        for k in range(first, depth):  # the stub's title on the last line; no blank line above a block's titles
            line_text = (t.stub if k == depth - 1 else "").ljust(stub_width) + \
                "".join("  " + heads[j][k].rjust(widths[j]) for j in block)
            out.append(line_text if k == depth - 1 else line_text.rstrip())
        out.append("─" * line)
        # a row's line: its label left-aligned in the stub, each cell of the block right-aligned in its column
        template = f"%-{stub_width}s" + "".join(f"  %{widths[j]}s" for j in block)
        if plain:  # every row a line of its own: the labels and the block's columns read in turn
            texts = chain.from_iterable(zip(row_labels, *(by_column[j] for j in block), strict=True))
            out.extend(_lines(template, list(texts), len(block) + 1))
            out.append("═" * line)
            continue
        take = itemgetter(*block) if len(block) > 1 else lambda cells, j=block[0]: (cells[j],)
        run: list = []  # the label and cells of each row of a run of rows of one line each, laid out at once
        for i, (label, cells) in enumerate(rows):
            if i == total or i in t.rules or cells is None or labels is not None:
                out.extend(_lines(template, run, len(block) + 1))
                run = []
                if i == total or i in t.rules:  # a total, or a new block of rows (a layer)
                    out.append("─" * line)
                if cells is None:  # a row of text across the table
                    out.append(label.center(line).rstrip())
                    continue
                if labels is not None:  # a label on lines of its own
                    label, *more = labels[i]
                    out.extend(_lines(template, [label, *take(cells)], len(block) + 1))
                    out.extend(more)
                    continue
            run.append(label)
            run.extend(take(cells))
        out.extend(_lines(template, run, len(block) + 1))
        out.append("═" * line)
    for note in t.footnotes:
        out.extend(wrap(note, width, subsequent_indent="   "))
    return "\n".join(out) + "\n"


def _lines(template: str, texts: list, per_line: int) -> list[str]:
    """The lines of ``template`` (a row's line: "%-20s  %8s", each text padded to its width) filled with ``texts``
    in turn, ``per_line`` of them a line, without trailing spaces; one formatting for all of them (the texts of a
    table hold no line break), with %, which pads text twice as fast as str.format."""
    if not texts:
        return []
    lines = "\n".join([template] * (len(texts) // per_line)) % tuple(texts)
    return [line.rstrip() for line in lines.split("\n")]


def _notes(notes: list[str], width: int) -> str:
    out = ["Notes", "═" * min(width, 40)]
    for note in map(printable, notes):
        nested = note.startswith("  ")
        out.extend(wrap(note.strip(), width, initial_indent="    " if nested else "- ",
                                 subsequent_indent="      " if nested else "  "))
    return "\n".join(out) + "\n"


def _long_labels(labels: list[tuple[str, str]], width: int) -> str:
    """Each cut label's shown form and its whole text, in lines of ``width`` characters (cut anywhere, not at
    spaces: a label is shown as it is, and cutting it into lines takes time linear in its length)."""
    out = ["Long labels", "═" * min(width, 40),
           "Labels longer than 60 characters are shown cut in the tables and notes; their whole text:"]
    step = max(width - 4, 1)
    for shown, whole in labels:
        out.append(f"- {printable(shown)}:")
        whole = printable(whole)
        out.extend("    " + whole[i:i + step] for i in range(0, len(whole), step))
    return "\n".join(out) + "\n"


def render(doc: Document, width: int = WIDTH) -> str:
    """A report document as text, ``width`` columns wide."""
    parts = [f"{printable(doc.title)}\n{printable(doc.meta)}\n"]
    for sec in doc.sections:
        if sec.heading is not None:
            banner = f" {printable(sec.heading)} "
            parts.append("▌" + banner + "─" * max(3, min(width, 70) - len(banner) - 1))
        parts.extend(render_table(t, width) for t in sec.tables)
        if sec.notes:
            parts.append(_notes(sec.notes, width))
    if doc.long_labels:
        parts.append(_long_labels(doc.long_labels, width))
    return "\n".join(parts)
