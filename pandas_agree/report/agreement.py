"""``AgreementReport``: every table of an Agreement in one object that prints, shows in Jupyter, plots and
exports to Excel, HTML and JSON."""

from __future__ import annotations

import math
import warnings
from collections.abc import Hashable, Mapping, Sequence
from pathlib import Path

import numpy as np
import pandas as pd

from ..analyses.crosstab import layer_statistics, statistics_keywords
from ..analyses.messages import (
    classes_left_out,
    correction_note,
    design_note,
    kappa_paradox,
    option_notes,
    predicted_only_named,
    zero_division_note,
)
from ..base.lazy import LazyModule
from ..base.options import AVERAGES, CELLS, keywords, validate_options
from ..base.spelling import option_set
from ..base.undefined import UndefinedMeasureWarning, undefined_because
from ..base.version import __version__
from ..engine.crosstab import sparse_frame
from ..inference.contingency import margins_label
from ..measures.parameters import uses
from ..measures.registry import REGISTRY, resolve
from . import display
from .document import columns_of, keep_columns, read_columns
from .options import BOOTSTRAP_USED, bootstrap_used, interval_frames, report_options
from .ranking import sort_measure
from .rendered import Rendered

sparse = LazyModule("scipy.sparse")

__all__ = ["CONFUSIONS", "REPORT_OPTIONS", "AgreementReport", "attrs_dict", "case_summary", "cell_statistics_frame",
           "design_table", "footnoted", "frame_dict", "jsonable", "left_out_table", "lonely_psu_notes", "options_dict",
           "run_dict", "statistics_dict", "table_notes", "warning_notes", "weights_note"]

CONFUSIONS = 10  # the largest confusions a report shows (Agreement.confusions lists them all)

# the options of AgreementReport and their defaults (those of the Agreement methods, but intervals by default)
REPORT_OPTIONS = {
    "measures": None, "classes": "common", "positive": None, "beta": None, "tversky": None, "correction": None,
    "zero_division": np.nan, "average": AVERAGES, "timing": "default", "kappa_weights": None,
    "bands": "landis-koch", "ci": "auto", "confidence_level": 0.95, "n_resamples": 2000,
    "bootstrap_method": "percentile", "random_state": None, "resampling": "multinomial", "percentages": (),
    "max_classes": 20, "sort_by": None, "statistics": None, "cells": None,
}


def left_out_table(found: dict, classes: str, matched: bool = False):
    """The header table that names the labels the averages leave out, for each prediction (a key of ``found``;
    None for a report of one prediction) with :func:`~pandas_agree.analyses.messages.classes_left_out`'s
    lists, and how to count them; None when none is left out. With ``matched`` (predicted labels matched to reference
    labels, ``match=``) the rows name the labels paired with none, as the notes do.

    Examples
    --------
    >>> from pandas_agree.report.agreement import left_out_table
    >>> table = left_out_table({None: {"never predicted": ["c"], "not in the reference": []}}, "common")
    >>> table.title, table.rows
    ('Labels Left Out of the Averages', [('Reference labels never predicted', ['c'])])
    >>> left_out_table({None: {"never predicted": [], "not in the reference": []}}, "union") is None
    True
    """
    from .document import Table

    names = ({"never predicted": "Reference labels paired with no predicted label",
              "not in the reference": "Predicted labels paired with no reference label"} if matched else
             {"never predicted": "Reference labels never predicted",
              "not in the reference": "Predicted labels not in the reference"})
    rows = [(names[key] if who is None else f"{who}: {names[key].lower()}", [_listed(labels)])
            for who, left_out in found.items() for key, labels in left_out.items() if labels]
    if not rows:
        return None
    where = {"common": "the labels present on both sides", "reference": "the reference labels"}[classes]
    note = (f"The averages run over {where} ({option_set('classes', classes)}); {option_set('classes', 'union')} "
            "counts these labels too, as scikit-learn's averages do (recall 0 for a label never predicted, precision "
            "0 for one not in the reference).")
    return Table("Labels Left Out of the Averages", ["Labels"], rows, footnotes=[note])


def _listed(labels, limit: int = 8) -> str:
    """The first ``limit`` of ``labels`` as the report shows labels, and how many more there are."""
    shown = ", ".join(map(display.label, labels[:limit]))
    return shown + (f" and {len(labels) - limit:,} more" if len(labels) > limit else "")


def _split_measures(measures) -> tuple[list | None, list | None]:
    """Binary and multiclass codes of a mixed ``measures=`` list (None: that kind keeps its default set)."""
    if measures is None:
        return None, None
    from ..measures.registry import resolve

    chosen = resolve(measures, ("binary", "multiclass"), default=lambda m: False)
    binary = [m.code for m in chosen if m.kind == "binary"]
    multiclass = [m.code for m in chosen if m.kind != "binary"]  # multiclass and association
    return binary or None, multiclass or None


def case_summary(ag) -> pd.DataFrame:
    """The Case Processing Summary of a table object: its cases, valid, missing and in all, with their percentages
    of the total (index "Cases"; columns "N" and "Percent").

    Without weights the cases are the rows: Valid (counted in the table), Missing (a missing label or layer value)
    and Total (the rows read), as SPSS shows them. With weights they are SPSS's under ``WEIGHT BY``:
    weighted counts, Valid the table's N, Missing the weights of the rows with a missing label
    (:attr:`~pandas_agree.Crosstab.weight_missing`), Total their sum, each a percentage of that total; a row of a
    zero or missing weight is no case at all (SPSS leaves it out of the procedure), and the report's notes count
    those rows (:func:`table_notes`).

    Examples
    --------
    >>> import pandas as pd
    >>> import pandas_agree as pa
    >>> from pandas_agree.report.agreement import case_summary
    >>> df = pd.DataFrame({"a": ["x", "y", None, "x"], "b": ["x", "x", "y", "y"], "w": [2.0, 3.0, 1.0, 0.0]})
    >>> summary = case_summary(df.agree.crosstabs("a", "b", weights="w"))
    >>> summary.index.tolist(), summary["N"].tolist(), summary["Percent"].round(2).tolist()
    (['Valid', 'Missing', 'Total'], [5.0, 1.0, 6.0], [83.33, 16.67, 100.0])
    """
    if ag.weighted:
        return weighted_cases(ag)
    rows = ag.n_rows if ag.n_rows is not None else ag.n
    return cases([rows - ag.n_missing, ag.n_missing, rows], rows=True)


def weighted_cases(table, missing: str = "Missing") -> pd.DataFrame:
    """The Case Processing Summary of a weighted table object (an Agreement or Crosstab, a Comparison, Scores), as
    SPSS's under ``WEIGHT BY``: Valid (N), ``missing`` (the weights of the rows left out for a missing value,
    :attr:`~pandas_agree.Crosstab.weight_missing`) and Total, each with its percentage of the total."""
    return cases([table.n, table.weight_missing, table.n + table.weight_missing], missing)


def cases(counts, missing: str = "Missing", *, rows: bool = False) -> pd.DataFrame:
    """A Case Processing Summary of Valid, ``missing`` and Total ``counts``, each with its percentage of the total
    (the total's 100 exactly, whatever the rounding of the others). Counts of ``rows`` (unweighted) are integers
    where they are whole (a table given as counts may hold fractions); weighted counts are floats."""
    counts = np.array(counts, dtype=float)  # a copy: the frame holds it
    with np.errstate(divide="ignore", invalid="ignore"):
        percent = 100 * counts / counts[-1]
    percent[-1] = 100.0 if counts[-1] > 0 else np.nan
    whole = rows and bool(np.all(counts == np.round(counts))) and counts[-1] < 2**53
    return pd.DataFrame({"N": counts.astype(np.int64) if whole else counts, "Percent": percent},
                        index=pd.Index(["Valid", missing, "Total"], name="Cases"), copy=False)  # arrays of its own


def lonely_psu_notes(design: dict) -> list[str]:
    """The note on the strata with a single PSU of a design's summary, and what was done (none without such)."""
    if not design["single_psu_strata"]:
        return []
    what = {"adjust": "its PSU is centred at the mean of all PSUs (conservative)",
            "remove": "it adds nothing to the variance"}[design["lonely_psu"]]
    n = len(design["single_psu_strata"])
    return [f"{n} {'stratum' if n == 1 else 'strata'} with a single PSU "
            f"({', '.join(design['single_psu_strata'][:8])}): {what} (lonely_psu={design['lonely_psu']!r})."]


def design_table(ag) -> pd.DataFrame | None:
    """The "Sample Design" table: strata, PSUs, degrees of freedom, rows, weights and correction; None without a
    design."""
    design = ag.design
    if design is None:
        return None
    rows = {"Strata": design["strata"], "Clusters (PSUs)": design["psus"], "Degrees of freedom": design["df"],
            "Rows counted": design["rows"], "Sampling weights": "yes" if ag.weighted else "no",
            "Finite population correction": "yes" if design["fpc"] else "no",
            "Strata with a single PSU": len(design["single_psu_strata"])}
    frame = pd.DataFrame({"Value": pd.Series(rows, dtype=object)})
    frame.index.name = "Design"
    return frame


def _crosstab(ag, percentages: Sequence[str]) -> pd.DataFrame:
    counts = ag.crosstab(margins=True)
    if not percentages:
        return counts
    row, column = counts.index.name, counts.columns.name  # any hashable: 0 is a name
    names = {"row": f"% within {'reference' if row is None else row}",
             "column": f"% within {'prediction' if column is None else column}", "total": "% of Total"}
    held_sparse = all(isinstance(dtype, pd.SparseDtype) for dtype in counts.dtypes)
    # by position: the margins are the last row and column, whatever the labels are (a class may be "Total")
    cells = counts.sparse.to_coo() if held_sparse else None
    rows, cols, values = (cells.row, cells.col, cells.data.astype(float)) if held_sparse else \
        (*np.indices(counts.shape).reshape(2, -1), counts.to_numpy(dtype=float).ravel())
    i, j = counts.shape
    row_totals, col_totals = np.zeros(i), np.zeros(j)
    row_totals[rows[cols == j - 1]] = values[cols == j - 1]
    col_totals[cols[rows == i - 1]] = values[rows == i - 1]
    blocks = {"Count": (rows, cols, values)}
    with np.errstate(divide="ignore", invalid="ignore"):
        if "row" in percentages:  # a row without objects is NaN throughout, stored or not
            empty = np.flatnonzero(row_totals == 0)
            blocks[names["row"]] = _with_undefined((rows, cols, 100 * values / row_totals[rows]),
                                                   np.repeat(empty, j), np.tile(np.arange(j), len(empty)))
        if "column" in percentages:
            empty = np.flatnonzero(col_totals == 0)
            blocks[names["column"]] = _with_undefined((rows, cols, 100 * values / col_totals[cols]),
                                                      np.tile(np.arange(i), len(empty)), np.repeat(empty, i))
        if "total" in percentages:
            blocks[names["total"]] = (rows, cols, 100 * values / row_totals[-1])
    # row by row, each statistic
    stacked = [(r * len(blocks) + b, c, v) for b, (r, c, v) in enumerate(blocks.values())]
    place = tuple(np.concatenate(part) for part in zip(*stacked, strict=True))
    # built from positions: from_tuples would sort and split labels that are tuples themselves, and a factorisation
    # would merge True with 1 or a label "Total" with the margin
    labels = pd.Index(list(counts.index), dtype=object, tupleize_cols=False)
    index = pd.MultiIndex(levels=[labels, list(blocks)],
                          codes=[np.repeat(np.arange(len(labels)), len(blocks)),
                                 np.tile(np.arange(len(blocks)), len(labels))],
                          names=[counts.index.name, "statistic"], verify_integrity=False)
    if held_sparse:
        table = sparse.coo_array((place[2], (place[0], place[1])), shape=(i * len(blocks), j))
        return sparse_frame(table, index, counts.columns)
    stacked_values = np.empty((i * len(blocks), j))
    stacked_values[place[0], place[1]] = place[2]
    return pd.DataFrame(stacked_values, index=index, columns=counts.columns)


def cell_statistics_frame(ag, cells: Sequence[str], percentages: Sequence[str]) -> pd.DataFrame:
    """The crosstab with SPSS's cell statistics (those of ``cells`` and ``percentages``, in SPSS's order), each
    named by its SPSS title."""
    wanted = set(cells) | set(percentages)
    frame = ag.cell_statistics([w for w in CELLS if w in wanted])
    titles = frame.attrs["titles"]
    # the statistics' level renamed in place (rename() would sort and split labels that are tuples)
    level = frame.index.names.index("statistic")
    out = frame.set_axis(frame.index.set_levels([titles[k] for k in frame.index.levels[level]], level=level,
                                                verify_integrity=False), axis=0)
    out.attrs = {"titles": titles}
    return out


def _with_undefined(cells: tuple, rows: np.ndarray, cols: np.ndarray) -> tuple:
    """``cells`` (rows, columns, values) with NaN put at (``rows``, ``cols``), where a share has no total."""
    if not len(rows):
        return cells
    keep = ~np.isnan(cells[2])  # the stored cells of such rows are NaN already
    return (np.concatenate([cells[0][keep], rows]), np.concatenate([cells[1][keep], cols]),
            np.concatenate([cells[2][keep], np.full(len(rows), np.nan)]))


def _family(method: str) -> str:
    """A binomial interval method without its numerator and denominator, and what follows them: "wilson (a of a+b)"
    and "wilson (a+d of N), mapped by 2p − 1" -> "wilson"; any other method as it is (a method whose first brackets
    hold no counts, such as F1's at 0 and 1, "linearised (logit scale) …; wilson of J = …", whole)."""
    head, bracket, detail = method.partition(" (")
    return head if bracket and " of " in detail.partition(")")[0] else method


def _interval_notes(binary: dict, averages: dict, multiclass: dict, level: float, seed) -> list[str]:
    def seeded(method: str) -> str:
        return f"{method}, random_state = {seed}" if "bootstrap" in method and "random_state" not in method else method

    notes = [f"{display.significant(100 * level)}% confidence intervals:"]
    for what, methods in (("class-specific", binary), ("multiclass", multiclass)):
        grouped: dict[str, list[str]] = {}
        for code, method in methods.items():
            grouped.setdefault(_family(method), []).append(code)
        for method, codes in grouped.items():
            notes.append(f"  {what}, {seeded(method)}: {', '.join(codes)}")
    grouped = {}
    for code, method in averages.items():
        grouped.setdefault(method, []).append(code)
    for method, codes in grouped.items():
        notes.append(f"  averages, {seeded(method)}: " + ("every average" if len(grouped) == 1 else ", ".join(codes)))
    return notes


class AgreementReport(Rendered):
    """Every table of an :class:`~pandas_agree.Agreement` in one report.

    Build one with ``df.agree.report(actual, pred, ...)`` or ``Agreement.report(...)``. ``str(report)`` is a
    plain-text report in the style of SPSS output; in Jupyter it shows as HTML; :meth:`to_excel`,
    :meth:`to_html`, :meth:`to_dict` and :meth:`plot` export it.

    Attributes
    ----------
    summary : pandas.DataFrame
        Case processing summary (:func:`case_summary`): valid, missing, excluded by weight and total rows, with
        percentages; with weights, as SPSS's ``WEIGHT BY``, the weighted valid, missing and total cases (the rows
        of a zero or missing weight are counted in the notes).
    crosstab : pandas.DataFrame
        Counts with "Total" margins; with ``percentages=`` also row, column and total percentages, as an
        SPSS-style (label, statistic) row index; with ``cells=`` (SPSS's ``/CELLS`` keywords) the cell
        statistics of :meth:`Agreement.cell_statistics` instead, the statistics named by SPSS's titles ("Count",
        "Expected Count", "% within <row variable>", ..., "Adjusted Residual").
    statistics : dict of str to pandas.DataFrame
        With ``statistics=`` (SPSS's ``/STATISTICS`` keywords), the tables of
        :meth:`Agreement.crosstab_statistics` by title; in a report with ``by=`` and ``cmh``, also those of
        :func:`~pandas_agree.analyses.crosstab.layer_statistics` over the groups. Empty without ``statistics=``.
    confusions : pandas.DataFrame
        The largest confusions (at most ten, :meth:`Agreement.confusions`).
    more_confusions : bool
        Whether the table has more confusions than :attr:`confusions` holds.
    binary, averages, multiclass, tests : pandas.DataFrame
        As :meth:`Agreement.binary`, :meth:`Agreement.averages`, :meth:`Agreement.multiclass` and
        :meth:`Agreement.tests`, with intervals (``ci="auto"`` by default).
    notes : list of str
        What a reader needs to know: non-matching labels, excluded rows, undefined values, the matching used,
        and which interval method each value got.
    options : dict
        The options used, including the bootstrap seed, so the report can be reproduced.
    groups : dict
        With ``by=``, one report per group (the attributes above are then for all data).

    Notes
    -----
    Many classes: with more than ``max_classes`` classes (default 20; None for no limit) the text and HTML reports
    do not print the crosstab (the "Largest Confusions" table stays) and show the class-specific measures with a
    row per class, sorted by the measure ``sort_by`` (default F1 when shown, else the first class-specific measure
    shown): the ``max_classes // 2`` weakest and the ``max_classes // 2`` strongest classes. The forest plot of
    :meth:`plot` shows the same classes when it would have more than 60 rows. The DataFrames above,
    :meth:`to_excel` and :meth:`to_dict` always hold every class.

    A report is made once: its DataFrames are its results, and its text, HTML and the workbook's Report sheet are
    laid out from them when first shown and then kept. Work on copies (``report.binary.copy()``): a frame edited
    in place would leave the report's outputs disagreeing with one another.

    Examples
    --------
    >>> import pandas_agree as pa
    >>> df = pa.datasets.load("wine_predictions")
    >>> report = df.agree.report("cultivar", "knn", random_state=0)
    >>> print(f"{report.multiclass.loc['KAPPA', 'value']:.4f}", report.multiclass.loc["KAPPA", "interpretation"])
    0.4835 moderate
    >>> print(str(report).splitlines()[0])
    Agreement report: cultivar * knn

    With many classes, the weakest and strongest by recall:

    >>> import numpy as np
    >>> table = np.diag(np.arange(10, 70)) + 1
    >>> text = str(pa.Agreement.from_table(table).report(ci=None, max_classes=6, sort_by="REC"))
    >>> "… 54 classes not shown …" in text
    True
    """

    @validate_options(passes=REPORT_OPTIONS)
    def __init__(self, agreement, *, by: Hashable | None = None, groups: dict | None = None,
                 group_notes: Sequence[str] = (), **options) -> None:
        opts = report_options(REPORT_OPTIONS, options)
        percentages = opts["percentages"]
        opts["percentages"] = (percentages,) if isinstance(percentages, str) else tuple(percentages or ())
        # the keywords in SPSS's order; cmh only where there are layers (a ValueError names it otherwise)
        words = statistics_keywords(opts["statistics"], layers=by is not None)
        opts["statistics"] = list(words) if opts["statistics"] is not None else None
        opts["cells"] = list(keywords("cells", opts["cells"])) if opts["cells"] is not None else None
        self.agreement = agreement
        self.options = opts
        self.by = by
        self.groups = dict(groups or {})
        self._compute(agreement, opts, list(group_notes))
        sort_measure(self.binary, opts["sort_by"])  # an unknown or unshown measure fails now, not when printed

    def _compute(self, ag, opts: dict, group_notes: list[str]) -> None:
        binary_codes, multiclass_codes = _split_measures(opts["measures"])
        interval_kw = {k: opts[k] for k in ("ci", "confidence_level", "n_resamples", "bootstrap_method",
                                            "random_state", "resampling")}
        binary_kw = {k: opts[k] for k in ("beta", "tversky", "correction", "zero_division")}
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            self.binary = ag.binary(binary_codes, classes=opts["classes"], positive=opts["positive"], **binary_kw,
                                    **interval_kw)
            self.averages = ag.averages(binary_codes, average=opts["average"], timing=opts["timing"],
                                        classes=opts["classes"], positive=opts["positive"], **binary_kw,
                                        **interval_kw)
            # the weights serve the weighted coefficients asked for and the test of weighted kappa (KAPPA_W_Z)
            weighted = multiclass_codes is None or any(
                uses(REGISTRY[code], "kappa_weights") for code in multiclass_codes)
            # the default measures without weights: the Kappa Paradox table's rows that they do not hold (PABAK)
            # come from the same call, with the same resamples
            default = multiclass_codes is None and opts["kappa_weights"] is None
            defaults = _default_multiclass() if default else []
            extra = paradox_extra(ag, defaults) if default else []
            every = ag.multiclass([*defaults, *extra] if extra else multiclass_codes,
                                  kappa_weights=opts["kappa_weights"] if weighted else None, bands=opts["bands"],
                                  **interval_kw)
            # the frame read once: the multiclass and paradox tables of the document and the notes read its rows
            read = read_columns(every)
            kept = [i for i, code in enumerate(read.index) if code not in extra]
            self.multiclass = _without(every, extra)
            shown = read.rows(kept, self.multiclass) if extra else read
            keep_columns(self, shown)
            test_weights = opts["kappa_weights"]
            if test_weights is None and "KAPPA_W" in shown.index:
                test_weights = "linear"  # the weights of the KAPPA_W shown
            self.tests = ag.tests(kappa_weights=test_weights)
            self.paradox, paradox_read = _paradox(ag, interval_kw, read if opts["kappa_weights"] is None else None)
            if paradox_read is not None:
                keep_columns(self, paradox_read)
            self.statistics = self._statistics(ag, opts)
        self.summary = case_summary(ag)
        self.design = design_table(ag)
        self.crosstab = _crosstab(ag, opts["percentages"]) if opts["cells"] is None else \
            cell_statistics_frame(ag, opts["cells"], opts["percentages"])
        confusions = ag.confusions(top=CONFUSIONS + 1)  # one more than shown, if the table has it
        self.confusions, self.more_confusions = confusions.iloc[:CONFUSIONS], len(confusions) > CONFUSIONS
        # each frame read once, as it is made: the notes and the text and HTML reports read these lists
        for frame in (self.summary, self.tests, self.confusions, self.binary, self.averages):
            keep_columns(self, read_columns(frame))
        # the notes name labels as the tables show them
        with display.labels_apart(ag.table_labels, reserved=self.headings()):
            self.notes = self._notes(ag, opts, caught) + group_notes

    def _option_notes(self, opts: dict) -> tuple[list[str], list[str]]:
        """The notes on what ``correction=`` and ``zero_division=`` did to the class-specific values and the
        averages shown, as the class-specific frames' ``attrs`` record it (:func:`~.messages.option_notes`): the
        frames' own notes (which name the labels as messages do), and the report's, which name them as its tables
        show them and say that the averages read the corrected values (none where an option changed nothing)."""
        averaged = opts["positive"] is None  # with positive=, no average counts the values
        own = option_notes(self.binary.attrs) + option_notes(self.averages.attrs, averaged)
        attrs, notes = self.binary.attrs, []
        if "corrected" in attrs:
            notes.append(correction_note(attrs["corrected"], averaged=True, listed=_listed))
        if "zero_division" in attrs:
            notes.append(zero_division_note(attrs["zero_division"], averaged=averaged, listed=_listed))
        return own, notes

    def _statistics(self, ag, opts: dict) -> dict[str, pd.DataFrame]:
        """The CROSSTABS tables asked for; over the groups as layers when ``cmh`` is among them."""
        words = opts["statistics"] or []
        one_table = [w for w in words if w != "cmh"]
        out = ag.crosstab_statistics(one_table, random_state=opts["random_state"]) if one_table else {}
        if "cmh" in words:
            out.update(layer_statistics(ag, {value: sub.agreement for value, sub in self.groups.items()}))
        return out

    def _notes(self, ag, opts: dict, caught) -> list[str]:
        notes = []
        design = ag.design
        if design is not None:
            notes.append(design_note(design))
        notes.extend(table_notes(ag, "label"))
        matched = ag.mapping is not None
        if len(ag.reference_only) or len(ag.predicted_only):
            only = "the label" if len(ag.common) == 1 else f"the {len(ag.common)} labels"
            where = "paired by the matching" if matched else "present on both sides"
            notes.append(f"Only {only} {where} can agree; the others count against agreement.")
            if len(ag.reference_only):
                never = "paired with no predicted label" if matched else "never predicted"
                notes.append(f"Reference labels {never}: " + _listed(ag.reference_only) + ".")
            if len(ag.predicted_only):
                outside = "paired with no reference label" if matched else "not in the reference"
                notes.append(f"Predicted labels {outside}: " + _listed(predicted_only_named(ag)) + ".")
        if matched:
            pairs = ", ".join(f"{display.label(c)} → {display.label(k)}" for c, k in
                              zip(ag.mapping["cluster"].iloc[:8], ag.mapping["class"].iloc[:8], strict=True))
            if len(ag.mapping) > 8:  # the Matching table, or report.agreement.mapping, has them all
                pairs += f" and {len(ag.mapping) - 8:,} more (report.agreement.mapping)"
            notes.append(f"Predicted labels were matched to reference labels: {pairs}"
                         + (" (found on all rows; every group uses it)." if self.groups
                            or ag.mapping.attrs.get("match") == "all rows" else "."))
        timing = opts["timing"]
        before = [code for code in columns_of(self, self.averages).index if REGISTRY[code].averaging == "before"]
        if opts["positive"] is not None:
            notes.append(f"Two-class problem: the class-specific measures are those of the positive class "
                         f"{display.label(opts['positive'])}, without averaging.")
        elif timing == "default" and before:
            listed = before[0] if len(before) == 1 else f"{', '.join(before[:-1])} and {before[-1]}"
            notes.append(f"Averages: {listed} average their terms before the formula (the !KO_clasagree rule); the "
                         "other measures average their values.")
        elif timing != "default":
            notes.append("Averages: " + {"after": "every measure averages its values over the classes.",
                                         "before": "every measure that lists terms averages them before the "
                                                   "formula."}[timing])
        if opts["positive"] is None and len(self.binary.index) > 2 and any(
                code in ("ACC", "ERR") for code in columns_of(self, self.averages).index):
            # with more than two classes a class's accuracy (a + d)/N counts the objects of the other classes that
            # neither side put in it, and its average is well above the accuracy of the classification
            notes.append("ACC (and ERR) is each class's accuracy against the rest, (a + d)/N, and its averages are "
                         "not the accuracy of the classification: that is OSR, the share of all objects on the "
                         "matching cells (scikit-learn's accuracy_score).")
        own, options = self._option_notes(opts)
        for frame in (self.multiclass, self.binary, self.averages):
            notes += [n for n in frame.attrs.get("notes", []) if n not in notes and n not in own]
        notes += options
        notes += warning_notes(caught, notes, footnoted(ag, self.statistics))
        if opts["ci"] is not None:
            averaged = {} if opts["positive"] is not None else self.averages.attrs.get("methods", {})
            multiclass = columns_of(self, self.multiclass)
            notes += _interval_notes(self.binary.attrs.get("methods", {}), averaged,
                                     dict(zip(multiclass.index, multiclass("method"), strict=True)),
                                     opts["confidence_level"], opts["random_state"])
        return notes

    # --- outputs ----------------------------------------------------------------------------------------

    @property
    def source(self):
        """The Agreement this report shows (:attr:`agreement`)."""
        return self.agreement

    @property
    def title(self) -> str:
        reference, predicted = self.agreement.axis_names
        return f"{display.name(reference, 'reference')} * {display.name(predicted, 'prediction')}"

    def document(self):
        """The report laid out for the renderers (text and HTML)."""
        from . import display
        from .document import Document, Section, count_places, directional_notes, section

        ag = self.agreement
        i, j = ag.shape
        meta = (f"pandas_agree {__version__} · N = {display.count(ag.n)} · {i} × {j} table · K = "
                f"{display.count_of(len(ag.common), 'label')} on both sides")
        sections = []
        places = count_places(self)  # one format for the counts of all data and of every group
        for value, sub in self.sections():
            classes = sub.options["classes"]
            header = left_out_table({None: classes_left_out(sub.agreement, classes)}, classes,
                                    matched=sub.agreement.mapping is not None)
            heading = f"Group: {self.by} = {display.label(value)}" if value is not None else \
                "All data (every row, whatever its group)" if self.groups else None
            # the notes name the directional measures as the tables print them ("Lambda — Admit Dependent")
            notes = directional_notes(sub.notes, display.dependent(*sub.agreement.axis_names))
            sections.append(Section(heading, [*([header] if header else []), *section(sub, places)], notes,
                                    figure=sub.plot))
        return Document(f"Agreement report: {self.title}", meta, sections)

    def headings(self) -> tuple[str, ...]:
        """The fixed texts printed where labels are: the names of the crosstabs' margins (:func:`margin_name`)."""
        return tuple(dict.fromkeys(margin_name(sub.agreement.table_labels, sub.options["cells"])
                                   for _, sub in self.sections()))

    def label_sets(self) -> list[list]:
        """The labels the report prints: those of the tables of all data and of every group (one set: a label
        reads the same in every section), and the groups."""
        return [[x for _, sub in self.sections() for x in sub.agreement.table_labels], list(self.groups)]

    def __repr__(self) -> str:
        return f"<AgreementReport: {self.title}, N = {display.significant(self.agreement.n)}" + (
            f", {len(self.groups)} groups>" if self.groups else ">")

    def to_excel(self, path: str | Path) -> None:
        """Write the report to one Excel workbook.

        Sheets: Report (the text report's tables in its order and layout, ready to print: landscape A4, one page
        wide, the title repeated on every page, page breaks between tables, a long table's header repeated on each
        page it continues on; numbers shown with the report's decimals and p-values as "<0.001", but stored at full
        precision), then the data sheets for further analysis: Summary (case processing, multiclass measures,
        tests), Crosstab (with ``cells=``, SPSS's cell statistics), Matching (only with ``match=``: every pair of
        a predicted label and the reference label it is paired with), Statistics (only with ``statistics=``: the
        CROSSTABS tables of :attr:`statistics`, at full precision), Confusions (every cell outside the matching
        cells that holds objects, the largest first), Class measures, Averages (not with ``positive=``, which
        averages nothing: the text and HTML reports have no Averages table then), Notes (notes, options, version) and
        Measures (the measures shown, from the registry). Every class is in the data sheets, whatever
        ``max_classes`` is; with a sample design they (and the Report sheet, beside each value) hold the design
        effects too. Numbers keep full precision, labels are always text. With groups, the Report sheet
        has a section per group, and each data sheet stacks the tables of all groups under a "group" column.

        Parameters
        ----------
        path : str or path-like
            The ``.xlsx`` file to write.

        Examples
        --------
        >>> import tempfile
        >>> from pathlib import Path
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> report = pa.Agreement.from_table([[20, 5], [3, 22]]).report(random_state=1)
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     path = Path(folder) / "agreement.xlsx"
        ...     report.to_excel(path)
        ...     sheets = pd.read_excel(path, sheet_name=None)
        >>> list(sheets)
        ['Report', 'Summary', 'Crosstab', 'Confusions', 'Class measures', 'Averages', 'Notes', 'Measures']
        """
        from .excel import write

        write(self, path)

    @validate_options
    def plot(self, measures: Sequence[str] | None = None, *, normalize: bool = False):
        """A figure with the crosstab as a heatmap and a forest plot of class-specific measures.

        Needs matplotlib (the ``plot`` extra). The figure is at most 14 inches wide and high whatever the number of
        classes: the heatmap's cells carry their numbers up to 30 rows and columns, and each axis at most 40 tick
        labels (every m-th label beyond that); with more than 60 rows (classes × measures) the forest plot shows
        the weakest and strongest classes by ``sort_by``, as the text report does.

        Parameters
        ----------
        measures : list of str, optional
            Class-specific measures of the report for the forest plot, with their intervals; by default REC, PRE
            and F1 (those of them the report shows, else its first three class-specific measures).
        normalize : bool
            Show row percentages in the heatmap instead of counts.

        Returns
        -------
        matplotlib.figure.Figure

        Examples
        --------
        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> import pandas_agree as pa
        >>> report = pa.datasets.load("wine_predictions").agree.report("cultivar", "knn", random_state=1)
        >>> figure = report.plot(["REC", "F1"])
        >>> len(figure.axes) >= 2
        True
        """
        from .plots import report_figure

        return report_figure(self, measures=measures, normalize=normalize)

    def sections(self) -> list[tuple[str | None, AgreementReport]]:
        """The report for all data, then one per group: (group value or None, report).

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> df = pd.DataFrame({"a": list("xxyyxy"), "p": list("xyyyxx"), "site": list("AABBAB")})
        >>> report = df.agree.report("a", "p", by="site", ci=None)
        >>> [group for group, _ in report.sections()]
        [None, 'A', 'B']
        """
        return [(None, self), *self.groups.items()]

    def to_dict(self) -> dict:
        """The report as plain Python data (JSON-ready: NaN and ±inf become None, labels become text).

        With groups (``by=``), ``"by"`` names the group column and ``"groups"`` holds each group's report, keyed
        by the group's text (``str(value)``: ``"A"``, ``"1"``); groups whose texts are the same (``1`` beside
        ``"1"``, ``True`` beside ``"True"``) are keyed by their values as Python writes them (``"1"`` and
        ``"'1'"``), so that every group keeps its own entry (see :func:`group_keys`).

        ``"actual"``, ``"pred"`` and ``"weights"`` name the two classifications' columns and the weight column (None
        without one, or where the weights were given as values), as ``"row"``, ``"column"`` and ``"weights"`` do in
        :meth:`CrosstabReport.to_dict <pandas_agree.CrosstabReport.to_dict>`.

        ``"options"`` holds the options as given and, after ``"bootstrap_method"``, ``"bootstrap_methods_used"``: the
        bootstrap methods the intervals used, each with the codes of the values it gave
        (``{"bca": ["KAPPA"], ...}``; ``{}`` where nothing was bootstrapped), as the workbook's Options table says
        where ``ci="auto"`` picked them; with groups, the top level's covers every group, each group's its own
        (:func:`~pandas_agree.report.agreement.options_dict`).

        Examples
        --------
        >>> import pandas_agree as pa
        >>> data = pa.Agreement.from_table([[20, 5], [3, 22]]).report(ci=None).to_dict()
        >>> data["multiclass"]["index"][:2]
        ['OSR', 'KAPPA']
        >>> df = pa.datasets.load("wine_predictions")
        >>> data = df.agree.report("cultivar", "knn", ci=None).to_dict()
        >>> data["actual"], data["pred"], data["weights"]
        ('cultivar', 'knn', None)
        """
        actual, pred = self.agreement.axis_names
        out = {"actual": jsonable(actual), "pred": jsonable(pred), "weights": jsonable(self.agreement.weights_by)}
        out.update({name: frame_dict(getattr(self, name)) for name in ("summary", "crosstab", "confusions", "binary",
                                                                   "averages", "multiclass", "tests", "paradox")})
        if self.agreement.mapping is not None:  # the pairs of match=, all of them (the report may print the first)
            out["mapping"] = frame_dict(self.agreement.mapping)
        # the bootstrap methods of every section's intervals (with groups, of all of them, as the workbook's Options)
        out.update(statistics_dict(self, bootstrap_used(interval_frames(self))))
        if self.groups:
            out["by"] = jsonable(self.by)
            out["groups"] = dict(zip(group_keys(list(self.groups)), (rep.to_dict() for rep in self.groups.values()),
                                     strict=True))
        return out



PARADOX = ("OSR", "KAPPA", "KAPPA_MAX", "PABAK", "AC1", "PI", "BI")
"""The rows of the Kappa Paradox table (PI and BI only for two labels)."""


def paradox_extra(ag, defaults: list[str] | None = None) -> list[str]:
    """The rows of the Kappa Paradox table of ``ag`` that the default multiclass measures (``defaults``, where the
    caller has them) do not hold."""
    shown = set(_default_multiclass() if defaults is None else defaults)
    return [c for c in PARADOX if (c not in ("PI", "BI") or len(ag.labels) == 2) and c not in shown]


def _default_multiclass() -> list[str]:
    """The codes of the default multiclass measures (those :meth:`~pandas_agree.Agreement.multiclass` gives
    without agreement weights), in their order."""
    return [m.code for m in resolve(None, "multiclass", default=lambda m: m.default)]


def _without(frame: pd.DataFrame, codes: list[str]) -> pd.DataFrame:
    """``frame`` of multiclass measures without the rows ``codes`` (and their entries in ``attrs``)."""
    if not codes:
        return frame
    kept = [i for i, code in enumerate(frame.index.tolist()) if code not in codes]
    # the rows left out are those asked for after the others (the usual case): the rest is a slice, which costs a
    # fraction of a take
    out = frame.iloc[:len(kept)] if kept == list(range(len(kept))) else frame.take(kept)
    out.attrs = {key: ({k: v for k, v in value.items() if k not in codes} if key == "undefined_resamples" else value)
                 for key, value in frame.attrs.items()}
    return out


def paradox_frame(ag, interval_kw: dict, shown: pd.DataFrame | None = None) -> pd.DataFrame:
    """The Kappa Paradox table of an Agreement: observed agreement, kappa, maximum kappa, PABAK, AC1 and, for two
    labels, the prevalence and bias indices, with the intervals of ``interval_kw``; the rows of ``shown`` (the
    multiclass measures of the same call, unweighted) are taken from it. ``attrs["paradox"]`` holds the note where
    the paradox is at work (:func:`~pandas_agree.analyses.messages.kappa_paradox`)."""
    return _paradox(ag, interval_kw, None if shown is None else read_columns(shown))[0]


def _paradox(ag, interval_kw: dict, shown=None) -> tuple[pd.DataFrame, object]:
    """:func:`paradox_frame` of the multiclass measures ``shown`` read by :func:`~.document.read_columns` (or None), and
    the table read the same way where its rows are all those of ``shown`` (else None)."""
    codes = [c for c in PARADOX if c not in ("PI", "BI") or len(ag.labels) == 2]
    at = {} if shown is None else {code: i for i, code in enumerate(shown.index) if code in codes}
    found = [c for c in codes if c in at]
    missing = [c for c in codes if c not in at]
    # rows taken by position (a frame's .loc and .reindex by labels cost more than the measures they hold here)
    frames = [shown.frame.take([at[c] for c in found])] if found else []
    if missing:
        frames.append(ag.multiclass(missing, **interval_kw))
    if len(frames) > 1:
        stacked = [*found, *missing]
        frame = pd.concat(frames).take([stacked.index(c) for c in codes])
    else:
        frame = frames[0]
    if not frames[-1].columns.equals(frame.columns):
        frame = frame.reindex(columns=frames[-1].columns.union(frame.columns, sort=False))
    frame.attrs = {}
    read = shown.rows([at[c] for c in codes], frame) if not missing else None
    values = read("value") if read is not None else frame["value"].tolist()
    value = dict(zip(codes, values, strict=True))
    frame.attrs["paradox"] = kappa_paradox(value["OSR"], value["KAPPA"], value["PABAK"], value["AC1"],
                                           value.get("PI"), value.get("BI"))
    return frame, read


def warning_notes(caught, notes: Sequence[str] = (), footnoted: Sequence[str] = ()) -> list[str]:
    """The notes that say what the warnings ``caught`` as a report was made said (an undefined value, the order of
    labels a statistic read, …), so that its text, HTML, Excel and JSON outputs say it too: each warning's message
    once, as a sentence, unless one of ``notes`` (those the report has already) says it, or it is an undefined
    value's whose reason is one of ``footnoted`` (the message ends "undefined (NaN): <reason>"), a reason the
    footnotes of the report's tables give beside the values.

    Examples
    --------
    >>> import warnings
    >>> from pandas_agree.report.agreement import warning_notes
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     warnings.warn("the order used is 'a' < 'b'")
    ...     warnings.warn("the order used is 'a' < 'b'")
    >>> warning_notes(caught)
    ["The order used is 'a' < 'b'."]
    """
    out: list[str] = []
    seen = set()
    said = tuple(undefined_because("", why) for why in footnoted if why)
    for w in caught:
        text = str(w.message)
        if said and issubclass(w.category, UndefinedMeasureWarning) and text.endswith(said):
            continue
        if issubclass(w.category, (UndefinedMeasureWarning, UserWarning)) and text and text not in seen:
            if not any(text in n for n in (*notes, *out)):
                out.append(text[0].upper() + text[1:] + ("" if text.endswith(".") else "."))
            seen.add(text)
    return out


def footnoted(table, statistics: Mapping[str, pd.DataFrame]) -> list[str]:
    """The reasons of undefined values that the footnotes of the CROSSTABS tables ``statistics`` (of
    :meth:`~pandas_agree.Crosstab.statistics`) give beside the values, for :func:`warning_notes`: the notes of
    their rows, and where a variable of ``table`` has one category with cases, that (SPSS's "No statistics are
    computed because ... is a constant" under each table). None without tables.

    Examples
    --------
    >>> import pandas_agree as pa
    >>> from pandas_agree.report.agreement import footnoted
    >>> footnoted(pa.Crosstab.from_table([[3, 2, 1]]), {})
    []
    >>> footnoted(pa.Crosstab.from_table([[3, 2, 1]]), {"Symmetric Measures": pd.DataFrame({"note": ["", "x"]})})
    ['the row variable has one category with cases', 'x']
    """
    if not statistics:
        return []
    notes = (note for frame in statistics.values() if "note" in frame for note in frame["note"])
    reasons = [table.why_statistics_undefined(), *(note for note in notes if isinstance(note, str) and note)]
    return list(dict.fromkeys(reasons))


def table_notes(table, value: str) -> list[str]:
    """The notes every report of a table (a Crosstab or Agreement, a Comparison, Scores) starts with, after its own
    note on the design: the strata with a single PSU, the weights, and the rows left out (for a missing ``value``
    or weight, or a weight of 0), then the table's notices. With weights the Case Processing Summary counts
    weights (:func:`case_summary`): these notes give the rows, those counted and those left out for a missing
    ``value``, a missing weight or a weight of 0. A row with a missing ``value`` and a weight of 0 is left out for
    its value (its weight adds nothing to Missing): the note on the missing values says how many of them weigh 0.
    The note that weights were used is :func:`weights_note`.

    Examples
    --------
    >>> import pandas as pd
    >>> import pandas_agree as pa
    >>> from pandas_agree.report.agreement import table_notes
    >>> df = pd.DataFrame({"a": ["x", None, None, "y"], "b": ["x", "y", "x", "y"], "w": [2.0, 0.0, 1.0, 0.0]})
    >>> for note in table_notes(df.agree.crosstabs("a", "b", weights="w"), "value")[1:]:
    ...     print(note)
    2 rows with a missing value were left out (1 of them with a weight of 0, which counts nothing).
    1 row with a weight of 0 was left out.
    """
    notes = [] if table.design is None else lonely_psu_notes(table.design)
    if table.weighted:
        notes.append(weights_note(table))
        left_out = [(table.n_missing - table.n_missing_weight, f"a missing {value}", table.n_missing_zero_weight),
                    (table.n_missing_weight, "a missing weight", 0)]
    else:
        left_out = [(table.n_missing, f"a missing {value}", 0)]
    for rows, why, zero in left_out:
        if rows:
            notes.append(f"{display.count_of(rows, 'row')} with {why} {'was' if rows == 1 else 'were'} left out"
                         f"{_zero_weight_among(zero, rows)}.")
    if table.n_zero_weight:
        notes.append(f"{display.count_of(table.n_zero_weight, 'row')} with a weight of 0 "
                     f"{'was' if table.n_zero_weight == 1 else 'were'} left out.")
    notes.extend(text[0].upper() + text[1:] for text in getattr(table, "notices", ()))
    return notes


def weights_note(table) -> str | None:
    """The note of :func:`table_notes` that weights were used (N is their sum); None without weights. A layer of a
    layered CROSSTABS report leaves it out of its own notes, which follow the whole table's.

    Examples
    --------
    >>> import pandas as pd
    >>> import pandas_agree as pa
    >>> from pandas_agree.report.agreement import weights_note
    >>> df = pd.DataFrame({"a": ["x", "y", "y"], "b": ["x", "y", "x"], "w": [2.0, 1.5, 1.0]})
    >>> weights_note(df.agree.crosstabs("a", "b", weights="w"))
    "Frequency weights were used: N = 4.50 is the sum of the weights of 3 rows; the Case Processing Summary counts \
weights, as SPSS's WEIGHT BY does."
    >>> weights_note(df.agree.crosstabs("a", "b")) is None
    True
    """
    if not table.weighted:
        return None
    of_rows = "" if table.n_rows is None else \
        f" of {display.count_of(table.n_rows - table.n_missing - table.n_zero_weight, 'row')}"
    return (f"{'Sampling' if table.design is not None else 'Frequency'} weights were used: "
            f"N = {display.count(table.n)} is the sum of the weights{of_rows}; the Case Processing "
            "Summary counts weights, as SPSS's WEIGHT BY does.")


def _zero_weight_among(zero: int, rows: int) -> str:
    """What the note on ``rows`` rows left out for a missing value adds about the ``zero`` of them whose weight is
    0 (they are not among the rows "with a weight of 0", which have every value)."""
    if not zero:
        return ""
    if zero == rows:
        return " (with a weight of 0, which counts nothing)" if rows == 1 else \
            " (all of them with a weight of 0, which count nothing)"
    return f" ({zero} of them with a weight of 0, which count{'s' if zero == 1 else ''} nothing)"


def statistics_dict(rep, used: dict[str, list] | None = None) -> dict:
    """What the reports of a table share in :meth:`to_dict`: the CROSSTABS tables asked for (with the facts of
    their footnotes), the sample design, the notes, the options (with the bootstrap methods ``used``, where the
    report has intervals: see :func:`options_dict`) and the version."""
    out = {}
    if rep.statistics:
        out["statistics"] = {title: {**frame_dict(frame), **({"attrs": attrs_dict(frame.attrs)} if frame.attrs
                                                             else {})}
                             for title, frame in rep.statistics.items()}
    return {**out, **run_dict(rep.source.design, rep.notes, rep.options, used)}


def run_dict(design: dict | None, notes: list[str], options: dict, used: dict[str, list] | None = None) -> dict:
    """What every report's :meth:`to_dict` ends with: the sample design (where there is one), the notes, the
    options (:func:`options_dict`) and the version."""
    out = {} if design is None else {"design": {k: jsonable(v) for k, v in design.items()}}
    return {**out, "notes": list(notes), "options": options_dict(options, used), "version": __version__}


def options_dict(options: dict, used: dict[str, list] | None = None) -> dict:
    """A report's options as JSON-ready data, each as given; with ``used`` (a report with intervals: the bootstrap
    methods its intervals used, :func:`~pandas_agree.report.options.bootstrap_used`), a key
    ``"bootstrap_methods_used"`` after ``"bootstrap_method"``: ``{method: [code, ...]}``, each method with the
    codes of the values it gave, in the report's order (``{"bca": ["BPK", "AC1"], "percentile": ["PPREV"]}``;
    ``{}`` where no interval is a bootstrap's; a code of several parts, a score comparison's (score, measure), a
    list, as the keys of its tables are). ``ci="auto"`` picks the method where its small-sample rules
    resample, whatever ``bootstrap_method`` is; the workbook's Options table says the same in a row under
    ``bootstrap_method``.

    Examples
    --------
    >>> from pandas_agree.report.agreement import options_dict
    >>> options_dict({"ci": "auto", "bootstrap_method": "percentile", "random_state": 0}, {"bca": ["AC1"]})
    {'ci': 'auto', 'bootstrap_method': 'percentile', 'bootstrap_methods_used': {'bca': ['AC1']}, 'random_state': 0}
    """
    out = {}
    for k, v in options.items():
        out[k] = jsonable(v)
        if k == "bootstrap_method" and used is not None:
            out[BOOTSTRAP_USED] = {method: jsonable(list(codes)) for method, codes in used.items()}
    if used is not None and BOOTSTRAP_USED not in out:
        out[BOOTSTRAP_USED] = {method: jsonable(list(codes)) for method, codes in used.items()}
    return out


def attrs_dict(attrs: dict) -> dict:
    """A frame's ``attrs`` as JSON-ready data (frames within as :func:`frame_dict`)."""
    def plain(v):
        if isinstance(v, dict):
            return {str(k): plain(x) for k, x in v.items()}
        return frame_dict(v) if isinstance(v, pd.DataFrame) else jsonable(v)

    return plain(attrs)


def flat_columns(frame: pd.DataFrame) -> pd.DataFrame:
    """A copy of ``frame`` whose MultiIndex columns are joined into one level ("AUC value"), as a workbook's sheet
    and JSON show them."""
    out = frame.copy()
    if isinstance(out.columns, pd.MultiIndex):
        out.columns = [" ".join(map(str, c)) for c in out.columns]
    return out


def frame_dict(df: pd.DataFrame) -> dict:
    """A DataFrame as plain, JSON-ready data: index, columns and rows; for a frame of sparse columns (a crosstab
    held sparse) "cells" instead of rows: [row position, column position, value] of each stored cell."""
    def key(x):
        return [jsonable(v) for v in x] if isinstance(x, tuple) else jsonable(x)

    out = {"index": [key(i) for i in df.index], "columns": [key(c) for c in df.columns]}
    if len(df.columns) and all(isinstance(dtype, pd.SparseDtype) for dtype in df.dtypes):
        cells = df.sparse.to_coo()
        out["cells"] = [[int(i), int(j), jsonable(v)] for i, j, v in zip(cells.row, cells.col, cells.data,
                                                                         strict=True)]
        return out
    # the rows read at once as Python objects: itertuples (and every column taken as a Series) would copy the
    # frame's attrs, the notes and methods of every class, into each column
    out["data"] = [[_json_cell(v) for v in row] for row in df.to_numpy(dtype=object).tolist()]
    return out


def _json_cell(v):
    """:func:`jsonable` of one cell, with the common cells (Python floats and text) taken first."""
    kind = type(v)
    if kind is float:
        return v if math.isfinite(v) else None
    if kind is str:
        return v
    return jsonable(v)


def group_keys(values: list) -> list[str]:
    """The keys of groups (or layers) in :meth:`AgreementReport.to_dict`, one distinct text per value: each value's
    text (``str(value)``), except where values share a text (``1`` and ``"1"``, ``True`` and ``"True"``): those are
    keyed by their values as Python writes them (``repr``: ``"1"`` and ``"'1'"``), as the notes name labels that
    differ only in type. Should a key made so still be another's, every value is keyed by its ``repr``, and keys
    that are still alike are told apart by a number (``" (2)"``), as the workbook's sheet names are. The rule is
    :func:`~pandas_agree.report.display.apart`'s, which the printed outputs apply to their labels too.

    Examples
    --------
    >>> from pandas_agree.report.agreement import group_keys
    >>> group_keys(["A", "B"]), group_keys([1, "1", "2"]), group_keys([True, "True"])
    (['A', 'B'], ['1', "'1'", '2'], ['True', "'True'"])
    >>> group_keys([1, "1", "'1'"])
    ['1', "'1'", '"\\'1\\'"']
    """
    return display.apart(values)


def jsonable(v):
    """``v`` as plain JSON data: tuples and arrays as lists, numpy scalars as Python numbers, NaN and
    infinities as None, other objects as their text."""
    if isinstance(v, (list, tuple)):
        return [jsonable(x) for x in v]
    if isinstance(v, np.ndarray):
        return [jsonable(x) for x in v.tolist()]
    if isinstance(v, (bool, np.bool_)):
        return bool(v)
    if isinstance(v, (int, np.integer)):
        return int(v)
    if isinstance(v, (float, np.floating)):
        return None if not np.isfinite(v) else float(v)
    if v is None or isinstance(v, str):
        return v
    try:
        if pd.isna(v):
            return None
    except (TypeError, ValueError):
        pass
    return str(v)


def margin_name(labels, cells) -> str:
    """The name of the margins of a crosstab of ``labels`` as the report prints them: "Total"; with cell
    statistics (``cells``) one that is none of the labels ("(Total)" where a label is "Total"), as
    :meth:`~pandas_agree.Crosstab.cells` names them."""
    return "Total" if cells is None else margins_label(labels)


def assemble_grouped(everything, groups: dict, by, n_missing_group: int, options: dict) -> AgreementReport:
    """A report of all data with one report per group; ``groups`` maps each value to a callable that builds its
    Agreement (a group for which that fails with a ValueError gets a note instead of a report)."""
    notes, reports = [], {}
    if n_missing_group:
        notes.append(f"{display.count_of(n_missing_group, 'row')} with a missing value of {by} "
                     f"{'belongs' if n_missing_group == 1 else 'belong'} to no group (in the report for all data).")
    options = report_options(REPORT_OPTIONS, options)
    # cmh is a statistic over the groups (the layers): the report of all data has it, the groups do not
    words = statistics_keywords(options["statistics"], layers=True)
    group_options = {**options, "statistics": [w for w in words if w != "cmh"] or None} \
        if options["statistics"] is not None else options
    # the groups' notes name labels and groups as the report of all data shows them
    with display.labels_apart(everything.table_labels, list(groups),
                              reserved=[margin_name(everything.table_labels, options["cells"])]):
        for value, make in groups.items():
            try:
                reports[value] = AgreementReport(make(), **group_options)
            except ValueError as err:
                notes.append(f"Group {by} = {display.label(value)} has no report: {err}")
        return AgreementReport(everything, by=by, groups=reports, group_notes=notes, **options)
