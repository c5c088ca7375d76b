"""The tables of a report laid out once, as rows of display text, for every renderer (text and HTML)."""

from __future__ import annotations

import string
from dataclasses import dataclass, field

import pandas as pd

from ..measures.multiclass import row_name
from . import display
from .ranking import exceeds, rank, sort_measure

__all__ = ["Document", "Section", "Table", "footnote_letters", "frame_table", "section"]


@dataclass
class Table:
    """A titled table of display text. ``rows`` holds (label, cells) pairs; a pair (text, None) is a row of text
    across the whole table (such as "… 60 classes not shown …"). A table without columns is a title with its
    footnotes."""

    title: str
    columns: list[str]
    rows: list
    stub: str = ""
    footnotes: list[str] = field(default_factory=list)
    column_title: str | None = None
    highlight: set = field(default_factory=set)  # (row, column) positions in ``rows`` of cells to mark
    total_row: bool = False  # whether the last row is a total (shown after a rule)


@dataclass
class Section:
    """One section of a report: an optional heading (a group), its tables, its notes and an optional figure."""

    heading: str | None
    tables: list[Table]
    notes: list[str]
    figure: object = None  # a callable returning a matplotlib figure, for the HTML page


@dataclass
class Document:
    """A whole report as the renderers see it."""

    title: str
    meta: str
    sections: list[Section]


def frame_table(title: str, frame: pd.DataFrame, *, stub: str = "", footnotes: list[str] = (),
                formats: dict | None = None) -> Table:
    """A Table from a DataFrame; ``formats`` maps a column to a display function (default: values)."""
    formats = formats or {}
    rows = []
    for i, idx in enumerate(frame.index):  # by position: labels may be tuples, booleans, NaN or repeated
        cells = []
        for j, col in enumerate(frame.columns):
            v = frame.iat[i, j]
            fmt = formats.get(col)
            if fmt is not None:
                cells.append(fmt(v))
            elif isinstance(v, str) or v is None:
                cells.append("" if v is None else v)
            elif pd.isna(v):
                cells.append(display.MISSING)
            else:
                cells.append(display.value(v))
        rows.append((display.label(idx), cells))
    return Table(title, [display.label(c) for c in frame.columns], rows, stub=stub, footnotes=list(footnotes))


def footnote_letters(methods: list[str]) -> tuple[dict[str, str], list[str]]:
    """Footnote letters for distinct method texts."""
    unique = list(dict.fromkeys(m for m in methods if m))
    letters = dict(zip(unique, string.ascii_lowercase, strict=False))
    return letters, [f"{letters[m]}. {m}" for m in unique]


def _with_interval(frame: pd.DataFrame, key, row: int) -> str:
    """The value of measure ``key`` in the row at position ``row``, with its interval when the frame has one."""
    if isinstance(frame.columns, pd.MultiIndex):
        v, lower, upper = (frame.iat[row, frame.columns.get_loc((key, stat))] for stat in ("value", "lower", "upper"))
        return display.with_interval(v, lower, upper)
    return display.value(frame.iat[row, frame.columns.get_loc(key)])


def summary(rep) -> Table:
    s = rep.summary
    weighted = "Weighted N" in s.columns
    columns = ["N", "Percent", *(["Weighted N"] if weighted else [])]
    rows = [(str(i), [display.count(s.loc[i, "N"]), display.percent(s.loc[i, "Percent"]),
                      *([display.count(s.loc[i, "Weighted N"])] if weighted else [])]) for i in s.index]
    return Table("Case Processing Summary", columns, rows, stub="Cases", total_row=True)


def crosstab(rep) -> Table:
    ct, ag = rep.crosstab, rep.agreement
    limit = rep.options.get("max_classes")
    if exceeds(max(ag.shape), limit):
        i, j = ag.shape
        return Table(f"{rep.title} Crosstabulation", [], [], footnotes=[
            f"The {i} × {j} crosstab has more than max_classes = {limit} classes and is not printed: it is "
            "report.crosstab, the \"Crosstab\" sheet of to_excel() and \"crosstab\" in to_dict(); "
            "report(max_classes=None) prints it. The largest confusions follow."])
    # by position: the rows and columns of the crosstab are those of the table, then the margins
    matching = set(zip(*ag.common_cells, strict=True))
    with_percentages = isinstance(ct.index, pd.MultiIndex)
    rows, highlight, position = [], set(), -1
    for i, key in enumerate(ct.index):
        value, stat = key if with_percentages else (key, "Count")
        counts = stat == "Count"
        position += counts
        cells = []
        for j in range(len(ct.columns)):
            cells.append(display.count(ct.iat[i, j]) if counts else display.percent(ct.iat[i, j]))
            if counts and (position, j) in matching:
                highlight.add((len(rows), j))
        rows.append((display.label(value) if counts else "  " + stat, cells))
    return Table(f"{rep.title} Crosstabulation", [display.label(c) for c in ct.columns], rows,
                 stub=ag.axis_names[0] or "", column_title=ag.axis_names[1] or None, highlight=highlight,
                 footnotes=["Matching cells (the same label on both sides) are marked."], total_row=True)


def confusions(rep) -> Table | None:
    """The largest confusions (off the matching cells), or None where the table has none."""
    c = rep.confusions
    if c.empty:
        return None
    rows = [(str(rank), [display.label(c.at[rank, "reference"]), display.label(c.at[rank, "predicted"]),
                         display.count(c.at[rank, "count"]), display.percent(100 * c.at[rank, "row share"]),
                         display.percent(100 * c.at[rank, "share"])]) for rank in c.index]
    reference, predicted = rep.agreement.axis_names
    return Table("Largest Confusions", [reference or "Reference", predicted or "Predicted", "Count",
                                        "% of row", "% of all"], rows, stub="Rank",
                 footnotes=["The cells outside the matching cells that hold the most objects, the largest first "
                            "(Agreement.confusions(top=None) lists them all)."])


def multiclass(rep) -> Table:
    m = rep.multiclass
    has_ci = "lower" in m.columns
    letters, notes = footnote_letters(list(m["method"])) if has_ci else ({}, [])
    level = f"{100 * rep.options['confidence_level']:g}% CI"
    columns = ["Value", *(["SE", level] if has_ci else []),
               *(["Interpretation"] if "interpretation" in m.columns else [])]
    rows = []
    for code in m.index:
        ends = (m.loc[code, "lower"], m.loc[code, "upper"]) if has_ci else ()
        cells = [display.value(m.loc[code, "value"], like=ends)]
        if has_ci:
            ci = display.interval(*ends, like=(m.loc[code, "value"],))
            cells += [display.value(m.loc[code, "se"]), f"{ci} {letters.get(m.loc[code, 'method'], '')}".rstrip()]
        if "interpretation" in m.columns:
            interp = m.loc[code, "interpretation"]
            cells.append("" if pd.isna(interp) else str(interp))
        weighted = rep.options.get("kappa_weights") is not None
        rows.append((f"{row_name(code, display.measure_name(code), weighted)} ({code})", cells))
    return Table("Multiclass Measures", columns, rows, stub="Measure", footnotes=notes)


def tests(rep) -> Table:
    t = rep.tests
    letters, notes = footnote_letters(list(t["method"]))
    rows = [(code, [display.value(t.loc[code, "statistic"]), display.count(t.loc[code, "df"]),
                    display.pvalue(t.loc[code, "pvalue"]), letters[t.loc[code, "method"]]]) for code in t.index]
    return Table("Tests", ["Statistic", "df", "Sig.", "Method"], rows, stub="Test", footnotes=notes)


def binary(rep) -> Table:
    b = rep.binary
    if exceeds(len(b.index), rep.options.get("max_classes")):
        return ranked_binary(rep)
    ci = isinstance(b.columns, pd.MultiIndex)
    codes = list(dict.fromkeys(b.columns.get_level_values(0))) if ci else list(b.columns)
    rows = [(f"{display.measure_name(code)} ({code})", [_with_interval(b, code, i) for i in range(len(b.index))])
            for code in codes]
    notes = [f"Values with {100 * rep.options['confidence_level']:g}% confidence intervals; the methods are listed "
             "in the notes."] if ci else []
    return Table("Class-Specific Measures (each class against the rest)", [display.label(c) for c in b.index], rows,
                 stub="Measure", footnotes=notes)


HEADLINE = ("REC", "PRE", "F1", "SPE", "PREV")
"""Beside the sorting measure, the measures of the class table of a report over many classes (those shown)."""


def ranked_binary(rep) -> Table:
    """The class-specific measures of many classes: a row per class (the weakest and the strongest by the measure
    ``sort_by``, see :mod:`~pandas_agree.report.ranking`), a column per measure; the sorting measure first, with its
    interval when the report has intervals, then the values of the :data:`HEADLINE` measures shown (a footnote
    names the others and where they are), so that the table takes one screen whatever K is."""
    b = rep.binary
    limit = rep.options["max_classes"]
    code = sort_measure(b, rep.options.get("sort_by"))
    ranking = rank(b, code, limit)
    ci = isinstance(b.columns, pd.MultiIndex)
    shown = list(dict.fromkeys(b.columns.get_level_values(0) if ci else b.columns))
    headline = [c for c in HEADLINE if c in shown and c != code]
    codes = [code, *(headline if len(shown) > len(headline) + 1 else [c for c in shown if c != code])]
    level = f"{100 * rep.options['confidence_level']:g}% CI"

    def row(i: int) -> tuple[str, list[str]]:
        cells = [_value(b, c, i) for c in codes]
        if ci:
            lower, upper = (b.iat[i, b.columns.get_loc((code, stat))] for stat in ("lower", "upper"))
            cells.insert(1, display.interval(lower, upper, like=(b.iat[i, b.columns.get_loc((code, "value"))],)))
        return display.label(b.index[i]), cells

    rows = [row(i) for i in ranking.weakest]
    if ranking.hidden:
        rows.append((f"… {ranking.hidden} class{'' if ranking.hidden == 1 else 'es'} not shown …", None))
    rows += [row(i) for i in ranking.strongest]
    notes = [ranking.footnote(len(b.index), limit)]
    left = [c for c in shown if c not in codes]
    if left:
        notes.append(f"The other {len(left)} class-specific measures ({', '.join(left)}) of every class are in "
                     "report.binary, the \"Class measures\" sheet of to_excel() and to_dict(); "
                     "report(max_classes=None) prints them.")
    if ci:
        notes.append(f"{level}: the interval of {code} (the methods are listed in the notes); report.binary holds "
                     "the interval of every measure.")
    return Table("Class-Specific Measures (each class against the rest)", [code, *([level] if ci else []),
                                                                          *codes[1:]],
                 rows, stub="Class", footnotes=notes)


def _value(frame: pd.DataFrame, code: str, row: int) -> str:
    column = (code, "value") if isinstance(frame.columns, pd.MultiIndex) else code
    return display.value(frame.iat[row, frame.columns.get_loc(column)])


def averages(rep) -> Table:
    a = rep.averages
    ci = isinstance(a.columns, pd.MultiIndex)
    methods = list(dict.fromkeys(a.columns.get_level_values(0))) if ci else list(a.columns)
    rows = [(f"{display.measure_name(code)} ({code})", [_with_interval(a, m, i) for m in methods])
            for i, code in enumerate(a.index)]
    return Table("Averages over Classes", methods, rows, stub="Measure")


def section(rep) -> list[Table]:
    """The tables of one report section, in reading order."""
    tables = [summary(rep), crosstab(rep), *filter(None, [confusions(rep)]), multiclass(rep), tests(rep), binary(rep)]
    if rep.options.get("positive") is None:  # with a positive class the measures are not averaged
        tables.append(averages(rep))
    return tables
