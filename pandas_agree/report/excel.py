"""Excel export of an AgreementReport (openpyxl).

One workbook: "Report" (the text report laid out for print, see :mod:`~pandas_agree.report.printed`), then the data
sheets: "Summary" (case processing, multiclass measures with intervals and interpretation, tests), "Crosstab"
(matching cells highlighted; with ``cells=``, SPSS's cell statistics under each row label), "Matching" (with
``match=``: the whole pairing of the predicted labels to the reference labels), "Statistics" (with
``statistics=``: the CROSSTABS tables, titled, one under the other), "Confusions" (every cell outside the matching
cells that holds objects, the largest first), "Class measures", "Averages" (not with ``positive=``: nothing is
averaged), "Notes" (notes, options, version) and
"Measures" (every measure shown, documented from the registry). With groups, each sheet stacks the tables of all
data and of every group, with a "group" column (or a group title above each crosstab), so the group values never
become sheet names. Numbers keep full precision and are shown through number formats (standard errors with at least
two significant digits, an interval's ends with the decimals that keep them apart from its value); labels are
written as text, never as formulas. With a sample design the measures of "Summary", "Class measures" and "Averages"
carry their design effects ("deff") beside their intervals.

The data sheets are written as XML row by row (:mod:`~pandas_agree.report.xlsx`), in time and memory linear in
their cells; each prints on A4, one page wide, with its header rows and label column on every page.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from pathlib import Path

import numpy as np
import pandas as pd
from openpyxl import Workbook

from ..base.spelling import option_set
from ..base.version import __version__
from ..measures.registry import REGISTRY
from . import display
from .document import (
    FRAME_DEPENDENT,
    Document,
    count_places,
    footnotes_by_row,
    laid_out,
    read_columns,
    statistics_tables,
)
from .options import bootstrap_used, interval_frames
from .printed import report_sheet
from .ranking import shown_measures
from .sheet import BOLD, MATCH, P_FORMAT, VALUE_FORMAT, Sheet, checked_path, infinite_sign
from .xlsx import (
    CELL_LIMIT,
    COLUMN_LIMIT,
    ROW_LIMIT,
    StreamSheet,
    Styles,
    number_widths,
    print_setup,
    save,
    sheet_names,
)

__all__ = ["bootstrap_used", "bound_formats", "se_formats", "statistics_sheet", "statistics_table",
           "threshold_format", "value_formats", "write", "write_frames"]

DECIMALS = 4  # the decimals of VALUE_FORMAT


def _format(decimals: int | None) -> str:
    return "0.0E+00" if decimals is None else "0." + "0" * decimals if decimals else "0"


def se_formats(values) -> list[str]:
    """The number format of each standard error in ``values``: four decimals where they show two significant
    digits, more below 0.001, scientific notation below 10⁻⁹ (see :func:`~pandas_agree.report.display.se`).

    Examples
    --------
    >>> from pandas_agree.report.excel import se_formats
    >>> se_formats([0.0312, 0.00047, float("nan"), 3e-12])
    ['0.0000', '0.00000', '0.0000', '0.0E+00']
    """
    values = np.abs(np.asarray(values, dtype=float))
    small = np.isfinite(values) & (values > 0) & (values < 10.0 ** (1 - DECIMALS))  # the few that need more
    formats = np.full(values.shape, VALUE_FORMAT, dtype=object)
    for i in np.flatnonzero(small):
        formats[i] = _format(display.se_decimals(values[i], DECIMALS))
    return formats.tolist()


def bound_formats(value, lower, upper, se=None) -> tuple[list[str], list[str]]:
    """The number formats of intervals' ends beside their values: four decimals, at least those of the value's SE
    ``se`` where it is small (as :func:`centre_formats` gives the value them, and the printed report its ends), more
    where an end would read as the value (see :func:`~pandas_agree.report.display.bound_decimals`).

    Examples
    --------
    >>> from pandas_agree.report.excel import bound_formats
    >>> bound_formats([0.5, 0.5], [0.49997, 0.4], [0.50003, 0.6])
    (['0.000000', '0.0000'], ['0.000000', '0.0000'])
    >>> bound_formats([0.3336], [0.3331], [0.3346], se=[0.00032])
    (['0.00000'], ['0.00000'])
    """
    value, lower, upper = (np.asarray(x, float) for x in (value, lower, upper))
    # only where an end rounds as the value, or beside a small SE, does an end need its own decimals (a few cells)
    with np.errstate(invalid="ignore"):
        close = ((np.round(lower, DECIMALS) == np.round(value, DECIMALS)) & (lower != value)) | \
                ((np.round(upper, DECIMALS) == np.round(value, DECIMALS)) & (upper != value))
        spreads = None if se is None else np.asarray(se, float)
        if spreads is not None:
            close |= np.isfinite(spreads) & (spreads > 0) & (spreads < 10.0 ** (1 - DECIMALS))
    formats = np.full(value.shape, VALUE_FORMAT, dtype=object)
    for i in np.flatnonzero(close):
        decimals = DECIMALS if spreads is None else \
            display.centre_decimals(float(value[i]), DECIMALS, se=float(spreads[i]), digits=DECIMALS) or DECIMALS
        formats[i] = _format(display.bound_decimals(value[i], lower[i], upper[i], max(DECIMALS, decimals)))
    formats = formats.tolist()
    return formats, formats


def _sections(rep):
    """The sections of ``rep``: (None, the report of all data), then (value, report) of each group."""
    return rep.sections()


# the "group" column of a grouped sheet leaves the rows of all data blank: any text there ("All", "Total") could be a
# group's value, a blank cannot (rows with a missing group value belong to no group)
GROUP_NOTE = ("A blank group cell marks the rows of all data (every group together, with the rows that belong to "
              "no group); the other rows are those of the group named in their cell.")


def _group_text(group):
    """A group's value as its cell holds it: the value, or where it would read as another group's or as nothing,
    as Python writes it (``''`` for an empty text: a blank is all data's; see :func:`~.display.labels_apart`)."""
    return display.cell_label(group)


def _lead(ws: StreamSheet, grouped: bool, group) -> int:
    """Write the group in the first column when the report has groups (a blank cell for all data, ``group`` None);
    return the next free column."""
    if grouped:
        if group is not None:
            ws.text(1, _group_text(group))
        return 2
    return 1


def _group_column(ws: StreamSheet, group, n: int):
    """The "group" column of ``n`` rows for :meth:`StreamSheet.rows` and its width: the group's value, or blank cells
    for all data (``group`` None)."""
    if group is not None:
        return ws.text_column([_group_text(group)], np.zeros(n, dtype=np.int64))
    return (lambda letter, first, rows: [f'<c r="{letter}{r}"/>' for r in range(first, first + len(range(n)[rows]))],
            0)


def _section_title(rep, title: str, group) -> str:
    """``title`` of a section of a sheet: with groups, the group's ("— site = A") or "— all data"."""
    if not rep.groups:
        return title
    return f"{title} — all data" if group is None else f"{title} — {rep.by} = {display.label(group)}"


def _stat_formats(read, stats: list[str], key=None) -> dict[str, list[str]]:
    """The formats of a frame's statistics (the columns ``(key, stat)``, or ``stat`` without a key; ``read`` is
    :func:`~.document.read_columns` of the frame): the standard errors' and the interval ends' of their own, the
    others four decimals (more for small values, :func:`value_formats`)."""
    def column(stat):
        return read.floats_of(stat if key is None else (key, stat))

    formats = {stat: value_formats(column(stat)) for stat in stats}
    if "se" in stats:
        formats["se"] = se_formats(column("se"))
    ends = "lower" in stats and "upper" in stats
    if "value" in stats and ("se" in stats or ends):  # a rounding error of 0 beside its SE or interval reads 0
        formats["value"] = centre_formats(column("value"), column("se") if "se" in stats else None,
                                          *((column("lower"), column("upper")) if ends else (None, None)))
    if "lower" in stats and "upper" in stats and "value" in stats:
        formats["lower"], formats["upper"] = bound_formats(column("value"), column("lower"), column("upper"),
                                                           column("se") if "se" in stats else None)
    return formats


def _measures_block(ws: StreamSheet, rep, grouped: bool, title: str, name: str) -> None:
    """The frames of whole-table measures ``name`` ("multiclass", "paradox") of every section, titled, at full
    precision; with a sample design, the design effects too; the notes of the frames below."""
    lead = ["group"] if grouped else []
    ws.title(title)
    stats = ["value", "se", "lower", "upper", *(["deff"] if any("deff" in getattr(sub, name).columns
                                                               for _, sub in _sections(rep)) else [])]
    ws.header([*lead, "code", "measure", *stats, "method", "interpretation"])
    notes = []
    # the paradox's coefficients are the unweighted ones whatever the report's kappa_weights
    weighted = name == "multiclass" and rep.options.get("kappa_weights") is not None
    for group, sub in _sections(rep):
        m = getattr(sub, name)
        read = read_columns(m)  # each column read once, by position (a Series each cell would copy m's attrs)
        formats = _stat_formats(read, stats)
        numbers = {stat: read(stat) for stat in stats if stat in m.columns}
        methods = read("method") if "method" in m.columns else None
        bands = read("interpretation") if "interpretation" in m.columns else None
        for i, code in enumerate(m.index):
            col = _lead(ws, grouped, group)
            ws.text(col, code)
            ws.text(col + 1, display.measure_name(code, weighted))
            for j, stat in enumerate(stats):
                ws.number(col + 2 + j, numbers[stat][i] if stat in numbers else None, formats[stat][i])
            ws.text(col + 2 + len(stats), methods[i] if methods is not None else "")
            interp = bands[i] if bands is not None else None
            ws.text(col + 3 + len(stats), "" if interp is None or pd.isna(interp) else interp)
            ws.skip()
        if m.attrs.get("paradox") and m.attrs["paradox"] not in notes:
            notes.append(m.attrs["paradox"])
    for note in notes:
        ws.note(note)
    ws.skip()


def _summary_sheet(ws: StreamSheet, rep, grouped: bool) -> None:
    lead = ["group"] if grouped else []
    ws.title("Case Processing Summary")
    ws.header([*lead, "Cases", "N", "Percent"])
    for group, sub in _sections(rep):
        s = sub.summary
        for case in s.index:
            col = _lead(ws, grouped, group)
            ws.text(col, case)
            ws.number(col + 1, s.loc[case, "N"], _counts_format(s["N"]))
            ws.number(col + 2, s.loc[case, "Percent"], "0.0")
            ws.skip()
    ws.skip()
    for title, name in (("Multiclass Measures", "multiclass"), ("Kappa Paradox", "paradox")):
        _measures_block(ws, rep, grouped, title, name)
    ws.title("Tests")
    ws.header([*lead, "test", "statistic", "df", "pvalue", "method"])
    for group, sub in _sections(rep):
        t = sub.tests
        for code in t.index:
            col = _lead(ws, grouped, group)
            ws.text(col, code)
            ws.number(col + 1, t.loc[code, "statistic"])
            df = t.loc[code, "df"]
            ws.number(col + 2, df, "0" if pd.isna(df) or float(df).is_integer() else VALUE_FORMAT)  # Satterthwaite's
            ws.number(col + 3, t.loc[code, "pvalue"], P_FORMAT)
            ws.text(col + 4, t.loc[code, "method"], counted=False)  # the last column: runs on to the right
            ws.skip()
    if grouped:
        ws.note(GROUP_NOTE)
    ws.finish()


def _matching(ag, shape: tuple[int, int]) -> np.ndarray:
    """The matching cells of the crosstab (margins included in ``shape``) as a boolean matrix."""
    mask = np.zeros(shape, dtype=bool)
    rows, cols = ag.common_cells
    mask[rows, cols] = True
    return mask


def _crosstab_sheet(ws: StreamSheet, rep) -> None:
    for group, sub in _sections(rep):
        ag = sub.agreement
        ct = ag.crosstab(margins=True)
        title = f"{sub.title} Crosstabulation"
        ws.title(_section_title(rep, title, group))
        if all(isinstance(dtype, pd.SparseDtype) for dtype in ct.dtypes) or len(ct.columns) >= COLUMN_LIMIT:
            _stored_cells(ws, ag, ct)
            continue
        if sub.options.get("cells") is not None:
            _cell_statistics(ws, sub)
            continue
        header = ws.row
        ws.header([display.name(ag.axis_names[0], ""), *display.margin_labels(ct.columns, display.cell_label)])
        # by position: the table's rows and columns, then the margins (labels may be tuples, booleans or NaN)
        values = ct.to_numpy(dtype=float)
        fmt = _counts_format(values)
        matching = _matching(ag, values.shape)
        last = len(ct.index) - 1
        for i, label in enumerate(display.margin_labels(ct.index, display.cell_label)):
            ws.text(1, label, font=BOLD if i == last else None)
            ws.numbers(2, values[i], fmt, fills=matching[i], fill=MATCH, widths=False)
            ws.skip()
        for j, w in enumerate(_column_widths(values, fmt)):
            ws.width(2 + j, w, pad=1)
        ws.note("Shaded cells: the same label on both sides (the cells that can agree).")
        ws.skip()
        if not rep.groups:
            ws.title_rows, ws.title_columns = f"{header}:{header}", "A:A"
    ws.finish(freeze="B3" if not rep.groups else None)


def _column_widths(values: np.ndarray, fmt: str) -> list[float]:
    """The characters of the widest number of each column of ``values`` in format ``fmt``."""
    if not values.size:
        return []
    widest = np.where(np.isfinite(values), np.abs(values), 0).max(axis=0)
    negative = (values < 0).any(axis=0)
    return number_widths(np.where(negative, -widest, widest), fmt).tolist()


def _cell_statistics(ws: StreamSheet, rep) -> None:
    """The crosstab with SPSS's cell statistics: row label and statistic in the first two columns, then one column
    per column label and the total; full precision (counts with the count format, percentages with one decimal)."""
    ag, ct = rep.agreement, rep.crosstab
    ws.header([display.name(ag.axis_names[0], ""), "statistic", *display.margin_labels(ct.columns,
                                                                                       display.cell_label)])
    stats = list(dict.fromkeys(ct.index.get_level_values(-1)))
    values = ct.to_numpy(dtype=float)
    matching = _matching(ag, (len(ct.index) // len(stats), len(ct.columns)))
    last = len(ct.index) // len(stats) - 1
    counts = _counts_format(values[[i for i, (_, stat) in enumerate(ct.index) if stat == "Count"]])
    labels = display.margin_labels(ct.index.get_level_values(0)[::len(stats)], display.cell_label)
    for i, (_, stat) in enumerate(ct.index):
        position = i // len(stats)
        ws.text(1, labels[position], font=BOLD if position == last else None)
        ws.text(2, stat)
        # percentages, expected counts and residuals with one decimal, as SPSS (and the text report) show them
        fmt = counts if stat == "Count" else "0.0"
        ws.numbers(3, values[i], fmt, fills=matching[position], fill=MATCH)
        ws.skip()
    ws.note("Shaded cells: the same label on both sides (the cells that can agree). Percentages are in % (0 to 100); "
            "the residuals of the totals are blank, as SPSS leaves them.")
    ws.skip()


def statistics_sheet(ws: StreamSheet, rep, titled: Callable[[str, object], str]) -> None:
    """The Statistics sheet of a report: the CROSSTABS tables of ``statistics=`` of the whole table, then of each
    group or layer, each written by :func:`statistics_table`.

    Parameters
    ----------
    ws : StreamSheet
        The sheet, finished here.
    rep : AgreementReport or CrosstabReport
        The report; ``rep.sections()`` gives the whole table's report, then each group's or layer's.
    titled : callable
        ``titled(title, value)``: the title of the table ``title`` of the section ``value`` (the group's or the
        layer's value, None for the whole table) as the sheet writes it ("Chi-Square Tests — site = A" in the
        agreement report, "Chi-Square Tests (site = A)" in the crosstab report, as their other sheets title them).
    """
    places = count_places(rep).summary
    by = getattr(rep, "layers_by", rep.by)  # a crosstab's layer variables, an agreement report's groups
    for value, sub in rep.sections():
        tables = statistics_tables(sub, places, FRAME_DEPENDENT)  # the rows named as the frames name them
        for (title, frame), table in zip(sub.statistics.items(), tables, strict=True):
            statistics_table(ws, titled(title, value), frame, footnotes_by_row(table), by)
    ws.finish()


STATISTICS_FACTS = {
    "min_expected": "Minimum expected count",
    "n": "N of Valid Cases",
    "mean_deff": "Rao-Scott: mean generalized design effect (δ̄)",
    "monte_carlo": "Monte Carlo",
    "layers": "Kappa of each layer",
}
"""The facts of a statistics frame's ``attrs`` that the Statistics sheet writes under the table, by key, with the
label (or the title) it writes them under; :func:`statistics_table` says how."""

STATISTICS_METADATA = frozenset({
    "cells_expected_below_5", "percent_expected_below_5",  # the footnote on expected counts says them
    "exact_work",  # the work of the exact r×c test: a bound on the time it took, not a statistic
    "design", "nu", "design_df", "d0",  # the footnotes say them (d₀ is the Adjusted F's df1 in the table)
    "notes", "footnotes", "odds", "layers_left_out",  # footnotes of the table
    "layers_used", "generalized", "codes", "titles",  # what the code reads: counters, row and column names
})
"""The keys of a statistics frame's ``attrs`` that serve the code or that a footnote says in full: the Statistics
sheet does not write them. Any other key is not written either (a test keeps the two sets up to date)."""


def statistics_table(ws: StreamSheet, title: str, frame: pd.DataFrame, footnotes: list[str], by=None) -> None:
    """One CROSSTABS table on a Statistics sheet, as both reports write it.

    In order: its ``title``; the frame at full precision (its index in the first column, a header of its column
    names, numbers as numbers in the formats of the data sheets, :func:`_frame_formats`); then what a reader needs
    that the table itself does not hold (the facts of ``frame.attrs`` named in :data:`STATISTICS_FACTS`):

    * numbers worth their full precision as labelled rows, the label in the first column and the number in the
      table's "value" column (else its second): "N of Valid Cases" under the Symmetric Measures (as SPSS prints
      it), the "Minimum expected count" (the footnote gives it to two decimals), the Rao-Scott "mean generalized
      design effect (δ̄)" (the footnote gives four digits) and, where Fisher's test of a table larger than 2×2 is
      estimated by Monte Carlo, its "Monte Carlo: Std. Error", "Monte Carlo: 99% CI Lower Bound" and "Upper Bound"
      (Clopper–Pearson, as the footnote says) and "Monte Carlo: tables drawn" (the estimate itself is the table's
      exact significance);
    * a frame, the kappa and the ASE of each layer (or group) of the Test of Homogeneity of Kappa, as a small table
      under a title line ("Kappa of each layer"), the layer variable (each of several in a column of its own) in
      the first column;

    then the lettered ``footnotes`` (:func:`~.document.footnotes_by_row`: each names the rows or columns it belongs
    to), each once. What serves only the code (codes, titles, design flags, counters) and what a footnote already
    says in full (the cells with an expected count below 5, the design's df, the layers left out)
    (:data:`STATISTICS_METADATA`) is not written, and no fact is ever written as the text of a Python dict, list or
    bool.

    Parameters
    ----------
    ws : StreamSheet
        The sheet, written from its current row on.
    title : str
        The table's title as the sheet shows it.
    frame : pandas.DataFrame
        A table of ``report.statistics`` (its ``attrs`` hold the facts).
    footnotes : list of str
        The footnotes the Report sheet prints under the table, lettered ones naming what they mark.
    by : hashable or list, optional
        The layer variable (a list for several), which heads the first column(s) of the layers' kappas.
    """
    ws.title(title)
    ws.header([frame.index.name or "", *frame.columns])
    formats = _frame_formats(frame)
    for i, idx in enumerate(frame.index):
        ws.text(1, idx)
        for j in range(len(frame.columns)):
            v = frame.iat[i, j]
            if display.is_number(v):
                ws.number(2 + j, v, formats[j][i])
            else:
                ws.text(2 + j, "" if v is None or (not isinstance(v, str) and pd.isna(v)) else v)
        ws.skip()
    column = 2 + (list(frame.columns).index("value") if "value" in frame.columns else 0)
    for label, value, fmt in _statistics_facts(frame.attrs):
        ws.text(1, label)
        ws.number(column, value, fmt)
        ws.skip()
    layers = frame.attrs.get("layers")
    if isinstance(layers, pd.DataFrame) and len(layers):
        _layers_table(ws, layers, by)
    for line in dict.fromkeys(footnotes):
        ws.note(line)
    ws.skip()


def _statistics_facts(attrs: dict) -> list[tuple[str, float, str]]:
    """The labelled numbers of a statistics frame's ``attrs`` (see :func:`statistics_table`): (label, number,
    format), in the order of :data:`STATISTICS_FACTS`."""
    out = []
    n = attrs.get("n")
    if display.is_number(n):
        out.append((STATISTICS_FACTS["n"], n, _counts_format([n])))
    for key in ("min_expected", "mean_deff"):
        x = attrs.get(key)
        if display.is_number(x) and np.isfinite(x):
            out.append((STATISTICS_FACTS[key], x, value_formats([x])[0]))
    mc = attrs.get("monte_carlo")
    if isinstance(mc, dict):
        level = f"{display.significant(100 * mc['level'])}% CI"
        out += [("Monte Carlo: Std. Error", mc["se"], se_formats([mc["se"]])[0]),
                (f"Monte Carlo: {level} Lower Bound", mc["lower"], value_formats([mc["lower"]])[0]),
                (f"Monte Carlo: {level} Upper Bound", mc["upper"], value_formats([mc["upper"]])[0]),
                ("Monte Carlo: tables drawn", mc["tables"], "0")]
    return out


def _layers_table(ws: StreamSheet, layers: pd.DataFrame, by) -> None:
    """Each layer's (or group's) kappa and ASE of the Test of Homogeneity of Kappa: a title line, a header, one row
    per layer (the value of each layer variable in a column of its own)."""
    names = by if isinstance(by, list) else [by]
    several = len(names) > 1 and all(isinstance(v, tuple) and len(v) == len(names) for v in layers.index)
    names = names if several else [by]
    ws.text(1, STATISTICS_FACTS["layers"], font=BOLD, counted=False)
    ws.skip()
    ws.header([*(display.layer_by(x) for x in names), *layers.columns])
    formats = _frame_formats(layers)
    for i, value in enumerate(layers.index):
        for k, v in enumerate(value if several else (value,)):
            ws.text(1 + k, display.cell_label(v))
        for j in range(len(layers.columns)):
            ws.number(1 + len(names) + j, layers.iat[i, j], formats[j][i])
        ws.skip()


_SE_COLUMNS = ("se", "ase", "pooled_se", "se_log")
_COUNT_COLUMNS = ("N", "n", "count", "Count", "TP", "FN", "FP", "TN", "positives", "negatives", "support")
"""The columns of counts in the frames of the data sheets (the last word of a flattened column's name): shown as the
reports show counts (whole numbers without decimals, weighted sums with two; :func:`~.display.count`)."""
_DF_COLUMNS = ("df", "df1", "df2")
_CENTRES = ("value", "difference", "estimate", "kappa")  # the values whose SE or interval's ends sit beside them
_TEST_STATISTICS = ("statistic", "t", "z")  # on their null distribution's scale (a unit SE for z and t)
_STATISTICS = (*_CENTRES, "statistic", "t", "z", "deff", "lower", "upper")
"""Columns of statistics: four decimals (more for small values) even where every value happens to be whole."""
_P_NAME = re.compile(r"(?i)\bp[-_ ]?values?(\b|_)|(^|\s)p$|\bsig\b|exact_[12]sided")
"""Columns of p-values: "pvalue", "pvalue_holm", "OSR pvalue", "p", "Sig.", "Asymp. Sig. (2-sided)", "exact_2sided"."""
_PERCENT_NAME = re.compile(r"(?i)percent|^%|%$")


def value_formats(values) -> list[str]:
    """The number format of each statistic in ``values``: four decimals, more where a small value would read as 0
    (two significant digits, as :func:`se_formats`), scientific notation below 10⁻⁹.

    Examples
    --------
    >>> from pandas_agree.report.excel import value_formats
    >>> value_formats([190.4011, 0.2941, 6.3e-05, 0.0, 4.1e-37])
    ['0.0000', '0.0000', '0.000000', '0.0000', '0.0E+00']
    """
    return se_formats(values)


def centre_formats(values, se=None, lower=None, upper=None) -> list[str]:
    """The number formats of values beside their standard errors and/or intervals: where each takes its precision
    from, as the printed report decides it (:func:`~pandas_agree.report.display.centre_precision`, with the
    decimals the report shows the value and its ends with), in this sheet's decimals. From its SE: four decimals,
    or more where :func:`se_formats` shows the SE with more (0.41200 beside an SE of 0.00034); from its interval,
    a value the report shows as 0 to the precision of its ends: four decimals (a kappa of a table at exactly chance,
    computed as −1.1·10⁻¹⁶, is 0.0000, not −1.1E−16); any other value as :func:`value_formats` shows it (its two
    significant digits below 0.001).

    Examples
    --------
    >>> from pandas_agree.report.excel import centre_formats
    >>> centre_formats([-1.1e-16, 6.3e-05, 6.3e-05, 0.41], lower=[-0.24, 5e-05, -0.01, 0.3],
    ...                upper=[0.24, 8e-05, 0.02, 0.5])
    ['0.0000', '0.000000', '0.0000', '0.0000']
    >>> centre_formats([1.8e-16, 6.3e-05, 0.41], se=[0.08, 0.00002, 0.00034])
    ['0.0000', '0.000000', '0.00000']
    """
    values = np.asarray(values, dtype=float)
    formats = value_formats(values)
    spreads = None if se is None else np.asarray(se, dtype=float)
    ends = lower is not None and upper is not None
    lows, highs = (np.asarray(lower, dtype=float), np.asarray(upper, dtype=float)) if ends else (None, None)
    # only a small value, or a value beside a small SE, takes a format other than value_formats' (a value from 0.001
    # up has four decimals either way): a few cells of a table
    unit = 10.0 ** (1 - DECIMALS)
    with np.errstate(invalid="ignore"):
        candidates = np.isfinite(values) & (values != 0) & (np.abs(values) < unit)
        if spreads is not None:
            candidates |= np.isfinite(spreads) & (spreads > 0) & (spreads < unit)
    for i in np.flatnonzero(candidates):
        x = float(values[i])
        spread = None if spreads is None else float(spreads[i])
        around = (float(lows[i]), float(highs[i])) if ends else None
        decimals = display.shared_decimals((x, *(around or ())))
        source = "" if decimals is None else display.centre_precision(x, decimals, se=spread, ends=around)
        if source == "se":
            formats[i] = _format(max(DECIMALS, display.se_places(spread, DECIMALS)))
        elif source == "ends":
            formats[i] = VALUE_FORMAT
    return formats


def threshold_format(values) -> str:
    """The one number format of a column of thresholds (a curve's, the best ones): the fewest decimals, at least
    four and at most ten, that keep its distinct finite values apart; else scientific notation with the fewest
    digits that do (scores such as 1e-12 and 2e-12). Infinite thresholds are not shown by a format (see
    :func:`write_frames`).

    Examples
    --------
    >>> from pandas_agree.report.excel import threshold_format
    >>> threshold_format([float("inf"), 0.9, 0.35, 0.1])
    '0.0000'
    >>> threshold_format([0.80001, 0.80002, 0.5])
    '0.00000'
    >>> threshold_format([3e-12, 2e-12, 1e-12])
    '0.0E+00'
    """
    values = np.asarray(values, dtype=float)
    distinct = np.unique(values[np.isfinite(values)])
    for decimals in range(DECIMALS, 11):
        if len(np.unique(np.round(distinct, decimals))) == len(distinct):
            return _format(decimals)
    nonzero = np.where(distinct == 0, 1.0, np.abs(distinct))
    exponent = np.floor(np.log10(nonzero))
    mantissa = distinct / 10.0 ** exponent
    for digits in range(1, 17):  # 17 significant digits tell any two doubles apart
        shown = np.stack([np.round(mantissa, digits), exponent], axis=1)
        if len(np.unique(shown, axis=0)) == len(distinct):
            break
    return "0." + "0" * digits + "E+00"


def _counts_format(values) -> str:
    """The one format of counts shown side by side (a column, a table): "0" where every one is whole (but for the
    rounding of sums of fractional weights), else "0.00" (:func:`~.display.count_decimals`), as the text report
    shows them."""
    return "0.00" if display.count_decimals(np.ravel(np.asarray(values, dtype=float))) else "0"


def _df_formats(values: np.ndarray) -> list[str]:
    """Degrees of freedom cell by cell: whole ones "0", Satterthwaite's and a design's fractional ones "0.00"."""
    return [_counts_format([x]) for x in values.tolist()]


def _column_kind(name) -> str:
    """What a data sheet's column holds, by its name: "p", "percent", "count", "df", "se", "threshold",
    "statistic" or "other" (a column named by a label, or by a name not known)."""
    if not isinstance(name, str):
        return "other"
    last = name.rsplit(" ", 1)[-1]
    if _P_NAME.search(name):
        return "p"
    if _PERCENT_NAME.search(name):
        return "percent"
    if last in _COUNT_COLUMNS:
        return "count"
    if last in _DF_COLUMNS:
        return "df"
    if last in _SE_COLUMNS:
        return "se"
    if last == "threshold":
        return "threshold"
    if last in _STATISTICS or REGISTRY.get(last) is not None or REGISTRY.get(name) is not None:
        return "statistic"
    return "other"


def _row_formats(frame: pd.DataFrame) -> list[str | None]:
    """The format of each row whose label says what it holds, None for the others: the rows of a crosstab's cell
    statistics (``frame.attrs["cell_statistics"]``: counts as counts, percentages, expected counts and residuals
    with one decimal, as the text report and SPSS show them) and the "N of Valid Cases" rows of SPSS's tables
    (counts)."""
    stats = frame.attrs.get("cell_statistics")
    if stats is not None and len(stats) == len(frame):
        return ["count" if s == "Count" else "0.0" for s in stats]
    return ["n" if isinstance(i, str) and (i == "N" or i.startswith("N of ")) else None for i in frame.index]


def _frame_formats(frame: pd.DataFrame) -> list[list[str]]:
    """The number format of every cell of a frame, a list by row for each column (by position: labels such as 1
    and True stay apart), chosen so that each value shows: p-values in the reports' format ("<0.001", else three
    decimals), percentages with one decimal, counts whole ("0"; "0.00" for a column or a crosstab of which any is
    fractional), degrees of freedom whole ("0", fractional ones "0.00"), standard errors with two significant
    digits, an interval's ends with the decimals that keep them apart from the value beside them, other statistics
    four decimals (more for small ones, scientific below 10⁻⁹), thresholds one format for the column
    (:func:`threshold_format`); a column of another name whose values are all whole, "0". The cells themselves
    keep full precision."""
    n = len(frame)
    columns = list(frame.columns)
    values = [pd.to_numeric(frame.iloc[:, j], errors="coerce").to_numpy(dtype=float) for j in range(len(columns))]
    kinds = [_column_kind(c) for c in columns]
    out: list[list[str]] = []
    for kind, v in zip(kinds, values, strict=True):
        if kind == "p":
            out.append([P_FORMAT] * n)
        elif kind == "percent":
            out.append(["0.0"] * n)
        elif kind == "count":
            out.append([_counts_format(v)] * n)
        elif kind == "df":
            out.append(_df_formats(v))
        elif kind == "se":
            out.append(se_formats(v))
        elif kind == "threshold":
            out.append([threshold_format(v)] * n)
        else:
            finite = v[np.isfinite(v)]
            whole = kind == "other" and finite.size and (finite == np.round(finite)).all()
            out.append(["0"] * n if whole else value_formats(v))
    where = {c: j for j, c in enumerate(columns) if isinstance(c, str)}
    for j, c in enumerate(columns):  # "value", "lower", "upper"; "OSR difference", "OSR lower", "OSR upper"
        if not isinstance(c, str):
            continue
        stem, _, last = c.rpartition(" ")
        lower, upper = (where.get(f"{stem} {end}" if stem else end) for end in ("lower", "upper"))
        if last in _CENTRES and lower is not None and upper is not None:
            se = where.get(f"{stem} se" if stem else "se")
            out[lower], out[upper] = bound_formats(values[j], values[lower], values[upper],
                                                   None if se is None else values[se])
        if c in _TEST_STATISTICS:  # a z of 2·10⁻¹⁵ (of a kappa of exactly 0) is 0.0000
            out[j] = centre_formats(values[j], np.ones(n))
        if last in _CENTRES and kinds[j] not in ("p", "percent", "count", "df", "se", "threshold"):
            se = where.get(f"{stem} se" if stem else "se")
            if se is not None or (lower is not None and upper is not None):
                out[j] = centre_formats(values[j], None if se is None else values[se],
                                        *((values[lower], values[upper]) if lower is not None and upper is not None
                                          else (None, None)))
    rows = _row_formats(frame)
    if any(r is not None for r in rows):
        counted = [i for i, row in enumerate(rows) if row == "count"]
        columns_shown = [j for j in range(len(columns)) if kinds[j] != "p"]
        # the counts of a crosstab: one format for the whole table, as the text report shows them
        table = _counts_format(np.concatenate([values[j][counted] for j in columns_shown])) if counted and \
            columns_shown else "0"
        for j in columns_shown:
            for i, row in enumerate(rows):
                if row is not None:
                    out[j][i] = table if row == "count" else _counts_format([values[j][i]]) if row == "n" else row
    return out


_INFINITE_THRESHOLDS = {
    "+inf": "An empty threshold is +inf, the point above every score: no object is called positive (false and true "
            "positive rates 0), the first point of scikit-learn's roc_curve and the Inf of pROC's coords(); a "
            "sheet cannot hold infinity.",
    "-inf": "An empty threshold is -inf, the point below every score: every object is called positive (false and "
            "true positive rates 1), the -Inf of pROC's coords(); a sheet cannot hold infinity.",
    "+inf and -inf": "An empty threshold is +inf (the point above every score: no object called positive) or -inf "
                     "(below every score: every object called positive), as scikit-learn's roc_curve and pROC's "
                     "coords() give them; a sheet cannot hold infinity.",
}
"""The note under a table whose threshold column holds infinite thresholds (written as empty cells)."""
_INFINITE_CELL = {
    "+inf": "Threshold +inf: the point above every score, no object called positive (false and true positive rates "
            "0); scikit-learn's roc_curve and pROC give it as inf. A sheet cannot hold infinity.",
    "-inf": "Threshold -inf: the point below every score, every object called positive (false and true positive "
            "rates 1); pROC gives it as -Inf. A sheet cannot hold infinity.",
}
"""The comment on the empty cell of an infinite threshold."""


def _codes(labels) -> tuple[np.ndarray, list]:
    """Codes of the label objects of a column and the distinct objects, by identity (the labels of a table are the
    same objects wherever they recur; 1 and True stay apart)."""
    objects = np.asarray(labels, dtype=object)
    ids = np.fromiter(map(id, objects.tolist()), dtype=np.int64, count=len(objects))
    codes, first = pd.factorize(ids)
    where = np.zeros(len(first), dtype=np.int64)
    where[codes[::-1]] = np.arange(len(codes))[::-1]  # the first row of each code
    return codes, objects[where].tolist()


def _stored_cells(ws: StreamSheet, ag, ct: pd.DataFrame) -> None:
    """A crosstab held sparse (or of more columns than a sheet holds): its non-empty cells one per row (reference,
    predicted, count; the margins last), cut at Excel's row limit with a note saying so."""
    from scipy import sparse

    reference, predicted = ag.axis_names
    ws.header([display.name(reference, "reference"), display.name(predicted, "prediction"), "count"])
    held_sparse = all(isinstance(dtype, pd.SparseDtype) for dtype in ct.dtypes)
    cells = (ct.sparse.to_coo() if held_sparse else sparse.coo_array(ct.to_numpy(dtype=float))).tocsr()
    cells.sort_indices()
    rows = np.repeat(np.arange(cells.shape[0]), np.diff(cells.indptr))
    left = max(ROW_LIMIT - ws.row - 4, 0)
    fmt = _counts_format(cells.data)
    row_labels, row_width = ws.text_column(display.margin_labels(ct.index, display.cell_label), rows[:left])
    col_labels, col_width = ws.text_column(display.margin_labels(ct.columns, display.cell_label),
                                           cells.indices[:left])
    counts, count_width = ws.number_column(cells.data[:left], fmt)
    ws.rows(1, [row_labels, col_labels, counts], min(left, len(rows)))
    for col, width in enumerate((row_width, col_width, count_width), start=1):
        ws.width(col, width, pad=0)
    i, j = ag.shape
    ws.note(f"The {i:,} × {j:,} crosstab is held sparse: its {cells.nnz:,} non-empty cells (with the \"Total\" "
            "row and column), one per row; the other cells are 0.")
    if len(rows) > left:
        ws.note(f"{len(rows) - left:,} more cells do not fit in a sheet ({ROW_LIMIT:,} rows); Agreement.table holds "
                "them all.", font=BOLD)
    ws.skip()


def _matching_sheet(ws: StreamSheet, rep) -> None:
    """The whole pairing of a matched table (``match=``): each predicted label, the reference label it is paired
    with, their cell's count and standardised residual Δ (Agreement.mapping), whatever ``max_classes`` is; the
    groups share it."""
    mapping = rep.agreement.mapping
    ag = rep.agreement
    reference, predicted = (display.name(x, default) for x, default in zip(ag.axis_names, ("reference",
                                                                                        "prediction"), strict=True))
    ws.title(f"Matching of {predicted} to {reference}")
    ws.header([predicted, reference, "count", "Δ"])
    ws.title_rows = "2:2"
    shown = mapping.iloc[:max(ROW_LIMIT - ws.row - 2, 0)]
    columns, widths = [], []
    for name in ("cluster", "class"):
        codes, labels = _codes(shown[name])
        column, width = ws.text_column(list(map(display.cell_label, labels)), codes)
        columns.append(column)
        widths.append(width)
    for name, fmt in (("count", _counts_format(shown["count"])), ("delta", "0.0000")):
        column, width = ws.number_column(shown[name].to_numpy(dtype=float), fmt)
        columns.append(column)
        widths.append(width)
    ws.rows(1, columns, len(shown))
    for col, width in enumerate(widths, start=1):
        ws.width(col, width, pad=0)
    ws.note("Each predicted label and the reference label it is paired with (Agreement.mapping), with the count of "
            "their cell and its standardised residual Δ; every group of the report uses this pairing.")
    if len(shown) < len(mapping):
        ws.note(f"{len(mapping) - len(shown):,} more pairs do not fit in a sheet ({ROW_LIMIT:,} rows); "
                "Agreement.mapping holds them all.", font=BOLD)
    ws.finish(freeze="A3")


def _confusions_sheet(ws: StreamSheet, rep) -> None:
    """Every cell outside the matching cells with objects in it, the largest first (Agreement.confusions(top=None)),
    for all data and each group; its shares in % (0 to 100) with one decimal, as the other sheets show
    percentages; cut at Excel's row limit, with a note saying so."""
    grouped = bool(rep.groups)
    ws.title("Confusions")
    ws.header([*(["group"] if grouped else []), "rank", "reference", "predicted", "count", "row share (%)",
               "share (%)"])
    ws.title_rows = "2:2"
    left = ROW_LIMIT - ws.row - 2  # the rows left, keeping two for the notes
    cut = 0
    for group, sub in _sections(rep):
        c = sub.agreement.confusions(top=None)
        shown = c.iloc[:max(left, 0)]
        cut += len(c) - len(shown)
        columns, widths = [], []
        if grouped:
            column, width = _group_column(ws, group, len(shown))
            columns.append(column)
            widths.append(width)
        for values, fmt in ((shown.index.to_numpy(dtype=float), "0"),):
            column, width = ws.number_column(values, fmt)
            columns.append(column)
            widths.append(width)
        for name in ("reference", "predicted"):
            codes, labels = _codes(shown[name])
            column, width = ws.text_column(list(map(display.cell_label, labels)), codes)
            columns.append(column)
            widths.append(width)
        for name, scale, fmt in (("count", 1, _counts_format(shown["count"])), ("row share", 100, "0.0"),
                                 ("share", 100, "0.0")):  # shares in % (0 to 100), as the other sheets' percentages
            column, width = ws.number_column(scale * shown[name].to_numpy(dtype=float), fmt)
            columns.append(column)
            widths.append(width)
        ws.rows(1, columns, len(shown))
        for col, width in enumerate(widths, start=1):
            ws.width(col, width, pad=0)
        left -= len(shown)
    ws.note("The cells outside the matching cells that hold objects, the largest first (ties in the order of the "
            "table): Agreement.confusions(top=None), whose shares (fractions) are shown here in % (0 to 100).")
    if cut:
        ws.note(f"{cut:,} more cells do not fit in a sheet ({ROW_LIMIT:,} rows); Agreement.confusions(top=None) "
                "lists them all.", font=BOLD)
    if grouped:
        ws.note(GROUP_NOTE)
    ws.finish(freeze="A3")


def _wide_sheet(ws: StreamSheet, rep, frame_of, stub: str, first_level: str) -> None:
    """A table whose columns are (key, stat) pairs: two header rows, one row per index entry."""
    grouped = bool(rep.groups)
    lead = ["group"] if grouped else []
    first = rep.sections()[0][1]
    frame = frame_of(first)
    multi = isinstance(frame.columns, pd.MultiIndex)
    keys = shown_measures(frame) if multi else list(frame.columns)
    stats = list(dict.fromkeys(frame.columns.get_level_values(1))) if multi else ["value"]
    top = [*lead, stub]
    for key in keys:
        top += [key] + [""] * (len(stats) - 1)
    ws.header(top, counted=False)  # a key runs into the empty cells over its statistics
    ws.header([*([""] * len(lead)), first_level, *(stats * len(keys))])
    for group, sub in _sections(rep):
        f = frame_of(sub)
        n = len(f.index)
        columns, widths = [], []
        if grouped:
            column, width = _group_column(ws, group, n)
            columns.append(column)
            widths.append(width)
        # rows by position: labels may be tuples, booleans or NaN
        column, width = ws.text_column(list(map(display.cell_label, f.index)))
        columns.append(column)
        widths.append(width)
        read = read_columns(f)  # each column read once, by position (a Series would copy f's attrs)
        for key in keys:
            formats = _stat_formats(read, stats, key if multi else None) if multi else {"value": VALUE_FORMAT}
            for stat in stats:
                values = read.floats_of((key, stat) if multi else key)
                column, width = ws.number_column(values, formats[stat])
                columns.append(column)
                widths.append(width)
        ws.rows(1, columns, n)
        for col, width in enumerate(widths, start=1):
            ws.width(col, width, pad=0)
    if grouped:
        ws.note(GROUP_NOTE)
    letter = ws.letter(len(lead) + 2)
    ws.title_rows, ws.title_columns = "1:2", f"A:{ws.letter(len(lead) + 1)}"
    ws.finish(freeze=f"{letter}3")


def _notes_sheet(ws: StreamSheet, rep) -> None:
    ws.wrap_columns = {1, 2}
    ws.fixed_widths.update(NOTES_WIDTHS)
    ws.title("Notes")
    for group, sub in _sections(rep):
        if rep.groups:
            ws.text(1, f"{rep.by} = {display.label(group)}" if group is not None else "All data", font=BOLD)
            ws.skip()
        for note in sub.notes:
            ws.text(1, note)
            ws.skip()
        ws.skip()
    _options(ws, [*rep.options.items(), ("by", rep.by)], bootstrap_used(interval_frames(rep)))


def _bootstrap_row(options: dict, used: dict[str, list]) -> tuple[str, str] | None:
    """The row under ``bootstrap_method`` in the options where the bootstrap intervals of the report are not all of
    that method (``ci="auto"`` takes BCa, or percentile, where its small-sample rules resample: the option is kept
    as given, and this row says what was used), or None."""
    if not used or set(used) == {options.get("bootstrap_method")}:
        return None
    why = (f": {option_set('ci', 'auto')} picks the bootstrap method where its small-sample rules resample (see the "
           "notes above); bootstrap_method is that of any other value it bootstraps") if options.get("ci") == "auto" \
        else ""
    return f"bootstrap intervals used{why}", "; ".join(
        f"{method}: {', '.join(c if isinstance(c, str) else display.label(c) for c in codes)}"
        for method, codes in used.items())


def _options(ws: StreamSheet, options: list, used: dict[str, list] | None = None) -> None:
    """The Options table: each option as given, then the package's version; under ``bootstrap_method``, the
    bootstrap methods ``used`` (:func:`bootstrap_used`) where they are not all that option's
    (:func:`_bootstrap_row`)."""
    ws.title("Options")
    ws.header(["option", "value"])
    extra = _bootstrap_row(dict(options), used or {})
    for key, value in [*options, ("pandas_agree version", __version__)]:
        ws.text(1, key)
        if isinstance(value, (int, float, np.integer, np.floating)) and not isinstance(value, (bool, np.bool_)) \
                and np.isfinite(value):
            whole = isinstance(value, (int, np.integer))  # n_resamples 2000, not 2000.0
            ws.number(2, value, "0" if whole else "General")  # a number, not text that reads as one
        else:
            ws.text(2, "" if value is None else str(value))
        ws.skip()
        if key == "bootstrap_method" and extra is not None:
            ws.text(1, extra[0])
            ws.text(2, extra[1])
            ws.skip()
    ws.finish()


NOTES_WIDTHS = {1: 70, 2: 28}  # the notes' and the options' columns (wrapped): a portrait page wide


def _measures_sheet(ws: StreamSheet, rep) -> None:
    shown = list(dict.fromkeys([*rep.binary.columns.get_level_values(0), *rep.averages.index, *rep.multiclass.index]))
    ws.wrap_columns = {2, 4, 8, 9}  # name, formula, interval, reference: wrapped at their width
    ws.fixed_widths.update({2: 24, 4: 30, 8: 30, 9: 60})
    ws.title("Measures shown")
    ws.header(["code", "name", "kind", "formula", "range", "symmetric", "averaging", "interval", "reference"])
    ws.title_rows = "2:2"
    catalogue = pd.DataFrame([{
        "code": m.code, "name": m.name, "kind": m.kind, "formula": m.formula,
        "range": f"[{display.significant(m.range[0])}, {display.significant(m.range[1])}]",
        "symmetric": "yes" if m.symmetric else "no",
        "averaging": m.averaging or "", "interval": m.ci_method, "reference": m.reference,
    } for code in shown if (m := REGISTRY.get(code)) is not None])
    for row in catalogue.itertuples(index=False):
        for j, v in enumerate(row):
            ws.text(j + 1, v)
        ws.skip()
    ws.finish(freeze="B3")


def _workbook() -> tuple[Workbook, Sheet, Styles]:
    wb = Workbook()
    report = Sheet(wb.active)
    report.ws.title = "Report"
    return wb, report, Styles(wb)


def _save(wb: Workbook, path: Path, report: Sheet, streamed: list[StreamSheet], notes: StreamSheet) -> None:
    """Say on the Notes sheet how many cells were cut to Excel's limit (each cut cell also says so), give each data
    sheet its sheet and print setup, and save."""
    cut = report.cut + sum(s.cut for s in streamed)
    if cut:
        notes.skip()
        notes.text(1, f"{cut} cell(s) held more than {CELL_LIMIT:,} characters, the most an Excel cell holds, and "
                      "were cut (each says so); to_json() and to_dict() keep the whole text.", font=BOLD)
        notes.finish()
    for sheet in streamed:
        print_setup(wb.create_sheet(sheet.name), sheet)
    save(wb, path, streamed, {"Report": report.exact} if report.exact else {})


def write(rep, path: str | Path) -> None:
    """Write ``rep`` to an .xlsx workbook at ``path``; its labels as the Report sheet shows them (apart where they
    would read alike, :func:`~.display.labels_apart`)."""
    path = checked_path(path)
    with display.labels_apart(*rep.label_sets(), reserved=rep.headings()):
        _write(rep, path)


def _write(rep, path: Path) -> None:
    wb, report, styles = _workbook()
    report_sheet(report, laid_out(rep))
    statistics = [("Statistics", lambda ws, r: statistics_sheet(ws, r, partial(_section_title, r)))] \
        if any(sub.statistics for _, sub in rep.sections()) else []
    matching = [("Matching", _matching_sheet)] if rep.agreement.mapping is not None else []
    # with a positive class nothing is averaged: no Averages sheet, as the text and HTML reports have no Averages
    # table (report.averages is then the positive class's column of Class measures again)
    averages = [("Averages", lambda ws, r: _wide_sheet(ws, r, lambda x: x.averages, "measure", ""))] \
        if rep.options.get("positive") is None else []
    streamed = []
    for name, fill in [("Summary", lambda ws, r: _summary_sheet(ws, r, bool(r.groups))),
                       ("Crosstab", _crosstab_sheet), *matching, *statistics, ("Confusions", _confusions_sheet),
                       ("Class measures", lambda ws, r: _wide_sheet(ws, r, lambda x: x.binary, "class", "")),
                       *averages, ("Notes", _notes_sheet), ("Measures", _measures_sheet)]:
        streamed.append(StreamSheet(name, styles))
        fill(streamed[-1], rep)
    _save(wb, path, report, streamed, next(s for s in streamed if s.name == "Notes"))


def write_frames(path: str | Path, document: Document, sheets: dict[str, list[tuple] | Callable],
                 notes: list[str], options: dict) -> None:
    """A workbook of the "Report" sheet (the document laid out for print), then titled DataFrames (index in the
    first column; each level of a MultiIndex in a column of its own, headed by its name, so that a sheet filters
    and sorts by any of them), then a Notes sheet with the options. Sheet names are made valid for Excel (see
    :func:`~pandas_agree.report.xlsx.sheet_names`). Each table is (title, frame), or (title, frame, n) where the
    last index level of the first n rows is a heading, written as its text (the comparison's "(all)"), or
    (title, frame, n, footnotes) with lines of text written under the table (the footnotes the Report sheet prints
    under it). A sheet may instead be a function that writes it (``fill(ws)``, a
    :class:`~pandas_agree.report.xlsx.StreamSheet`; the Statistics sheet, :func:`statistics_sheet`). Labels are
    written as :func:`~.display.cell_label` writes them: call it within the report's
    :func:`~.display.labels_apart`."""
    path = checked_path(path)
    wb, report, styles = _workbook()
    report_sheet(report, document)
    names = sheet_names(["Report", *sheets, "Notes"])[1:]
    streamed = []
    for name, tables in zip(names, sheets.values(), strict=False):
        ws = StreamSheet(name, styles)
        if callable(tables):
            tables(ws)
            streamed.append(ws)
            continue
        for title, frame, *more in tables:
            headed = more[0] if more else 0  # the first rows whose last label is a heading ("(all)")
            footnotes = more[1] if len(more) > 1 else ()
            ws.title(title)
            levels = frame.index.nlevels  # the label columns: one for each level of the index
            ws.header([*(name or "" for name in frame.index.names), *map(display.cell_label, frame.columns)])
            formats = _frame_formats(frame)
            thresholds = {j for j, c in enumerate(frame.columns) if _column_kind(c) == "threshold"}
            # positions (a curve's points) are numbers, labels text
            positions = isinstance(frame.index, pd.RangeIndex) or (frame.index.name == "point"
                                                                    and pd.api.types.is_integer_dtype(frame.index))
            infinite = set()
            for i, idx in enumerate(frame.index):  # by position: labels may be tuples, booleans or NaN
                if positions:
                    ws.number(1, idx, "0")
                elif levels > 1:
                    for k, label in enumerate(idx):
                        ws.text(1 + k, str(label) if i < headed and k == levels - 1 else display.cell_label(label))
                else:
                    ws.text(1, display.cell_label(idx))
                for j in range(len(frame.columns)):
                    v = frame.iat[i, j]
                    col = 1 + levels + j
                    if isinstance(v, str) or v is None or not display.is_number(v):
                        ws.text(col, "" if v is None or (not isinstance(v, str) and pd.isna(v)) else v)
                    elif j in thresholds:  # an infinite threshold: an empty cell whose comment says what it is
                        if np.isinf(v):
                            infinite.add(infinite_sign(v))
                        ws.number(col, v, formats[j][i], comments=_INFINITE_CELL)
                    else:
                        ws.number(col, v, formats[j][i])
                ws.skip()
            if infinite:
                ws.note(_INFINITE_THRESHOLDS[" and ".join(sorted(infinite, reverse=True))])
            for line in footnotes:
                ws.note(line)
            ws.skip()
        ws.finish()
        streamed.append(ws)
    ws = StreamSheet(names[-1], styles)
    ws.wrap_columns = {1, 2}
    ws.fixed_widths.update(NOTES_WIDTHS)
    ws.title("Notes")
    for note in notes:
        ws.text(1, note)
        ws.skip()
    ws.skip()
    _options(ws, list(options.items()), bootstrap_used(frame for tables in sheets.values() if not callable(tables)
                                                    for _, frame, *_ in tables))
    streamed.append(ws)
    _save(wb, path, report, streamed, ws)
