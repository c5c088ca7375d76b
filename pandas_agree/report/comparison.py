"""``ComparisonReport``: the tables of a Comparison as text, HTML, Excel and JSON, and a plot of the differences."""

from __future__ import annotations

import warnings
from pathlib import Path

import numpy as np
import pandas as pd

from ..analyses.comparison import DEFAULT_MEASURES
from ..analyses.messages import classes_left_out, left_out_text
from ..base.options import validate_options
from ..base.spelling import option_set
from ..base.undefined import UndefinedMeasureWarning
from ..base.version import __version__
from ..engine.labels import positions_of, unique_labels
from ..measures.registry import resolve
from . import display
from .agreement import (
    cases,
    design_table,
    flat_columns,
    frame_dict,
    jsonable,
    left_out_table,
    options_dict,
    table_notes,
    warning_notes,
    weighted_cases,
)
from .document import Document, Section, Table, design, frame_table, laid_out, summary, tests_table
from .options import bootstrap_used, report_options
from .ranking import class_limit, every_class, exceeds, kept, shown_measures
from .rendered import Rendered

__all__ = ["ComparisonReport"]

# the options of ComparisonReport and their defaults (those of Comparison.values and .differences, but intervals
# by default)
OPTIONS = {"measures": None, "classes": "common", "timing": "default", "zero_division": np.nan, "ci": "auto",
           "confidence_level": 0.95, "n_resamples": 2000, "bootstrap_method": "percentile", "random_state": None,
           "resampling": "multinomial", "max_classes": 20}


LABEL_LINE = 60
"""The most characters of the difference plot's x-axis label on one line (the figure is 7 inches wide); a longer
label puts its interval on a second line."""


def _tests_table(tests: pd.DataFrame, comparison, max_classes: int | None) -> Table:
    """The Tests table: the tests of the whole table and of each class against the rest, over at most
    ``max_classes`` classes (:func:`_classes_shown`). On two classes, the tests of the whole table alone (each class
    against the rest is right on the same objects as the whole table, so its tests repeat them), with a footnote
    that says so."""
    per_block = whole_table_tests(tests)
    whole = np.arange(len(tests)) < per_block
    if all(len(ag.labels) == 2 for ag in comparison.agreements.values()):
        return tests_table("Tests", tests[whole], stub="Test · between · class", headings=per_block, footnotes=[
            "On two classes each class against the rest is right on the same objects as the whole table: its tests "
            "are those above (Comparison.tests() lists them for each class)."])
    per_class = tests[~whole]
    classes = per_class.index.get_level_values("class")
    uniques = unique_labels(classes)  # True and 1 two classes, and "a\x00b" and "a" before pandas 3
    codes = positions_of(classes, uniques)
    if not exceeds(len(uniques), max_classes):
        return tests_table("Tests", tests, stub="Test · between · class", headings=per_block)
    shown = _classes_shown(codes, per_class["pvalue"].to_numpy(dtype=float), max_classes)
    shown_are = "the one shown is the class" if max_classes == 1 else f"the {max_classes} shown are those"
    footnote = (f"{len(uniques)} classes, more than {class_limit(max_classes)}: {shown_are} "
                "whose tests give the smallest p-value (the strongest evidence that the predictions differ on the "
                f"class), in the order of the labels. Every class: {kept('tests', 'Tests', 'tests')}, or "
                f"{every_class()}.")
    return tests_table("Tests", pd.concat([tests[whole], per_class[np.isin(codes, shown)]]),
                       stub="Test · between · class", footnotes=[footnote], headings=per_block)


def whole_table_tests(tests: pd.DataFrame) -> int:
    """How many of the first rows of ``tests`` (:meth:`~pandas_agree.Comparison.tests`) are the tests of the
    whole table, class "(all)": by position, one for each test and pair before those of each class (a class may
    be "(all)" too)."""
    index = tests.index
    return len(dict.fromkeys(zip(index.get_level_values("test"), index.get_level_values("between"), strict=True)))


def _classes_shown(codes: np.ndarray, pvalues: np.ndarray, max_classes: int) -> np.ndarray:
    """The codes of the ``max_classes`` classes whose smallest p-value (over their tests) is the smallest; classes
    whose tests have no p-value come last, ties in the order of the labels.

    Examples
    --------
    >>> import numpy as np
    >>> _classes_shown(np.array([0, 0, 1, 1, 2, 2]), np.array([0.5, 0.2, np.nan, 0.9, 0.01, np.nan]), 2)
    array([0, 2])
    """
    smallest = np.full(codes.max(initial=-1) + 1, np.inf)
    np.minimum.at(smallest, codes, np.where(np.isnan(pvalues), np.inf, pvalues))
    return np.sort(np.argsort(smallest, kind="stable")[:max_classes])


def _with_intervals(frame: pd.DataFrame, value: str) -> pd.DataFrame:
    """A (measure, stat) frame as one text column per measure: value [lower, upper]."""
    if not isinstance(frame.columns, pd.MultiIndex):
        return frame
    measures = shown_measures(frame)
    # object columns: a string dtype would drop what the shown text keeps (its number, for the workbook)
    return pd.DataFrame({m: pd.Series([display.with_interval(v, lo, hi) for v, lo, hi in
                                       zip(frame[(m, value)], frame[(m, "lower")], frame[(m, "upper")], strict=True)],
                                      index=frame.index, dtype=object)
                         for m in measures}, index=frame.index)


def _design_effects(values: pd.DataFrame, differences: pd.DataFrame) -> pd.DataFrame | None:
    """Each measure's design effect (a sample design) for every prediction and every pair, or None."""
    frames = [frame.xs("deff", axis=1, level="stat") for frame in (values, differences)
              if isinstance(frame.columns, pd.MultiIndex) and "deff" in frame.columns.get_level_values("stat")]
    return pd.concat(frames) if frames else None


class ComparisonReport(Rendered):
    """Every table of a :class:`~pandas_agree.Comparison`.

    Examples
    --------
    >>> import pandas_agree as pa
    >>> df = pa.datasets.load("wine_predictions")
    >>> rep = df.agree.compare("cultivar", ["knn", "logistic"]).report(random_state=0, n_resamples=200)
    >>> print(str(rep).splitlines()[0])
    Comparison report: knn, logistic against cultivar
    """

    @validate_options(passes=OPTIONS)
    def __init__(self, comparison, **options) -> None:
        opts = report_options(OPTIONS, options)
        self.comparison = comparison
        self.options = opts
        kw = {k: opts[k] for k in ("timing", "zero_division", "ci", "confidence_level", "n_resamples",
                                   "bootstrap_method", "random_state", "resampling")}
        with warnings.catch_warnings():  # the labels the averages leave out are named in the header
            warnings.filterwarnings("ignore", message=".*union.? counts them", category=UserWarning)
            self.values = comparison.values(opts["measures"], classes=opts["classes"], **kw)
            # a difference the report shows as undefined (inf − inf) is told in a note, as the agreement report
            # tells its undefined values
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always", UndefinedMeasureWarning)
                self.differences = comparison.differences(opts["measures"], classes=opts["classes"], **kw)
        undefined = [w for w in caught if issubclass(w.category, UndefinedMeasureWarning)]
        for w in caught:
            if w not in undefined:
                warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)
        self.tests = comparison.tests()
        self.design = design_table(comparison)
        n_rows = comparison.n_rows
        if comparison.weighted:  # weighted cases, as SPSS shows them under WEIGHT BY
            self.summary = weighted_cases(comparison, "Missing (any column)")
        else:
            self.summary = cases([n_rows - comparison.n_missing, comparison.n_missing, n_rows], "Missing (any column)",
                                 rows=True)
        self.notes = [f"Rows with a missing label in any of the {len(comparison.names) + 1} columns are left out "
                      "(listwise), so every prediction is judged on the same objects."]
        for what, frame in (("Values", self.values), ("Differences", self.differences)):
            for col, method in frame.attrs.get("methods", {}).items():
                seed = (f", random_state = {opts['random_state']}" if "bootstrap" in method
                        and "random_state" not in method else "")
                self.notes.append(f"{what} of {col}: {method}{seed}.")
        self.notes.extend(self.values.attrs.get("notes", []))
        self.notes.extend(warning_notes(undefined, self.notes))
        self.notes.append("Holm's adjustment is across the pairs, for each measure.")
        if comparison.design is None and "OSR" in self.differences.attrs.get("methods", {}):
            self.notes.append("The p-value of a difference of OSR is the Wald test of the paired difference; "
                              "McNemar's test (Tests) asks the same question, whether the two are right equally "
                              "often, with the SE under that hypothesis and a continuity correction (the exact "
                              "binomial test below 25 discordant objects), so that the two p-values differ.")
        if comparison.design is not None:
            self.notes.append(f"Sample design: every interval and paired difference is design-based (the PSUs' "
                              f"tables of the joint table), with Student's t on {comparison.design['df']} degrees of "
                              "freedom; DEFF is its variance over that of as many rows drawn independently. "
                              "McNemar's and Cochran's tests take the rows as independent: under the design, the "
                              "p-values of the paired differences are the design-based tests.")
        self.notes.extend(table_notes(comparison, "label"))
        measures = DEFAULT_MEASURES if opts["measures"] is None else opts["measures"]
        resolved = resolve(measures, ("multiclass", "binary"), default=lambda m: False)
        timing = opts["timing"]
        before = [m for m in resolved if m.kind == "binary" and m.terms
                  and (m.averaging == "before" if timing == "default" else timing == "before")]
        # the option as the reader writes it: timing="after" in Python, --timing after on the command line
        after, before_set = (option_set("timing", t, python=f'timing="{t}"') for t in ("after", "before"))
        if timing == "after" and any(m.kind == "binary" for m in resolved):
            self.notes.append(f"Class-specific measures averaged after their formula ({after}): the mean "
                              "of the classes' values, as scikit-learn's macro average.")
        elif before and timing == "before":
            listed = "; ".join(f"{m.code} of the averages of {' and '.join(m.terms)}" for m in before)
            self.notes.append(f"Class-specific measures averaged before their formula ({before_set}): {listed}.")
        elif before:
            # as in the agreement report's notes on averages: F1 (unweighted) is not scikit-learn's macro F1
            listed = "; ".join(f"{m.code} of the averages of {' and '.join(m.terms)}" for m in before)
            self.notes.append(f"Class-specific measures averaged before their formula (the !KO_clasagree rule, as "
                              f"Agreement.averages() does by default): {listed}. scikit-learn's macro average is the "
                              f"mean of the classes' values instead ({after}, as in Agreement.averages()).")
        if any(m.kind == "binary" for m in resolved):
            for name, ag in comparison.agreements.items():
                text = left_out_text(classes_left_out(ag, opts["classes"]), opts["classes"])
                if text:
                    self.notes.append(f"{display.name(name, '(missing)')}: {text}.")

    @property
    def title(self) -> str:
        # the columns' names as the other reports print a variable's (a column named None reads "(missing)")
        names = ", ".join(display.name(name, "(missing)") for name in self.comparison.names)
        return f"{names} against {display.name(self.comparison.reference, '(missing)')}"

    def headings(self) -> tuple[str, ...]:
        """The fixed texts printed where labels are: the class of the tests of the whole table."""
        return ("(all)",)

    def label_sets(self) -> list[list]:
        """The labels the report prints: those of every prediction's table with the reference, in one set."""
        return [[x for ag in self.comparison.agreements.values() for x in ag.table_labels]]

    def document(self) -> Document:
        values = _with_intervals(self.values, "value")
        diffs = self.differences
        if isinstance(diffs.columns, pd.MultiIndex):
            shown = _with_intervals(diffs, "difference")
            for m in dict.fromkeys(diffs.columns.get_level_values(0)):
                shown[f"{m} p (Holm)"] = [f"{display.pvalue(p)} ({display.pvalue(h)})" for p, h in
                                          zip(diffs[(m, "pvalue")], diffs[(m, "pvalue_holm")], strict=True)]
        else:
            shown = diffs
        # the intervals' level in the titles only where there are intervals (not with ci=None)
        level = (f" with {display.significant(100 * self.options['confidence_level'])}% intervals"
                 if isinstance(diffs.columns, pd.MultiIndex) else "")
        tables = [
            summary(self),  # Total after a rule, as every report's Case Processing Summary
            *([design(self)] if self.design is not None else []),
            frame_table(f"Values{level}", values, stub="Prediction"),
            frame_table(f"Paired differences{level}", shown, stub="Pair"),
            *([frame_table("Design effects (DEFF)", deff, stub="Prediction or pair",
                           formats=dict.fromkeys(deff.columns, lambda v: display.value(v, 2)))]
              if (deff := _design_effects(self.values, diffs)) is not None else []),
            _tests_table(self.tests, self.comparison, self.options["max_classes"]),
        ]
        meta = f"pandas_agree {__version__} · N = {display.count(self.comparison.n)}"
        measures = DEFAULT_MEASURES if self.options["measures"] is None else self.options["measures"]
        if any(m.kind == "binary" for m in resolve(measures, ("multiclass", "binary"), default=lambda m: False)):
            classes = self.options["classes"]
            agreements = self.comparison.agreements
            # each prediction by its name as the title prints it (None would read as a report of one prediction)
            header = left_out_table({display.name(name, "(missing)"): classes_left_out(ag, classes)
                                     for name, ag in agreements.items()},
                                    classes, matched=any(ag.mapping is not None for ag in agreements.values()))
            tables = [*([header] if header else []), *tables]
        return Document(f"Comparison report: {self.title}", meta, [Section(None, tables, self.notes,
                                                                            figure=self.plot)])

    def plot(self):
        """A forest plot of the paired differences with their intervals (needs matplotlib, the ``plot`` extra): one
        row per measure and pair, a point at the difference and a line over its interval; with ``ci=None`` the
        points alone.

        Returns
        -------
        matplotlib.figure.Figure

        Examples
        --------
        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> import pandas_agree as pa
        >>> df = pa.datasets.load("wine_predictions")
        >>> report = df.agree.compare("cultivar", ["knn", "logistic"]).report(random_state=0, n_resamples=200)
        >>> report.plot().axes[0].get_title()
        'Paired differences'
        """
        from .plots import fallback_fonts, pyplot

        plt = pyplot()
        d = self.differences
        with plt.rc_context(fallback_fonts([*map(str, d.index), *map(str, self.comparison.names)])):
            return self._plot(plt, d)

    def _plot(self, plt, d):
        with_ci = isinstance(d.columns, pd.MultiIndex)
        measures = list(dict.fromkeys(d.columns.get_level_values(0)))
        rows = len(measures) * len(d.index)
        # as high with ci=None as with intervals (six statistics a row)
        fig, ax = plt.subplots(figsize=(7, 0.5 * (6 * rows) ** 0.5 + 2.5))
        labels, y = [], 0
        pairs = [display.label(pair) for pair in d.index]  # by position: a pair's name may be any label
        for k, m in enumerate(measures):
            value = d[(m, "difference")] if with_ci else d[m]
            for x, pair in enumerate(pairs):
                if with_ci:  # the interval's line; without intervals (ci=None) the difference alone
                    ax.plot([d[(m, "lower")].iloc[x], d[(m, "upper")].iloc[x]], [y, y], color=f"C{k}")
                ax.plot([value.iloc[x]], [y], "o", color=f"C{k}")
                labels.append(display.plot_text(f"{m} · {pair}"))  # no mathtext: a "$" stays a dollar
                y += 1
        ax.set_yticks(range(len(labels)), labels)
        ax.invert_yaxis()
        ax.axvline(0, color="grey", linewidth=1)
        ax.set_title("Paired differences")
        ax.set_xlabel(self._difference_label(d))
        fig.tight_layout()
        return fig

    def _difference_label(self, d) -> str:
        """The x-axis label of :meth:`plot`: what a point is (the first prediction's value minus the second's, the
        pair named when there is one) and, with intervals, their confidence level."""
        pairs = list(d.index)
        what = f"difference ({display.plot_text(display.label(pairs[0]))})" if len(pairs) == 1 else \
            "difference (first − second prediction of each row's pair)"
        if not isinstance(d.columns, pd.MultiIndex):
            return what
        interval = f"with {display.significant(100 * self.options['confidence_level'])}% confidence interval"
        return f"{what} {interval}" if len(what) + len(interval) < LABEL_LINE else f"{what}\n{interval}"

    def __repr__(self) -> str:
        return f"<ComparisonReport: {self.title}>"

    def to_excel(self, path: str | Path) -> None:
        """One workbook: Report (the text report's tables laid out for print, as in
        :meth:`AgreementReport.to_excel <pandas_agree.AgreementReport.to_excel>`), Summary (cases, values,
        differences), Tests (the test, the pair it is between and the class each in a column of their own, to
        filter and sort by), Notes (with the options).

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
        >>> df = pa.datasets.load("wine_predictions")
        >>> report = df.agree.compare("cultivar", ["knn", "logistic"]).report(random_state=0, n_resamples=200)
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     report.to_excel(Path(folder) / "compare.xlsx")
        ...     sheets = list(pd.read_excel(Path(folder) / "compare.xlsx", sheet_name=None))
        >>> sheets
        ['Report', 'Summary', 'Tests', 'Notes']
        """
        # labels as the Report sheet shows them
        with display.labels_apart(*self.label_sets(), reserved=self.headings()):
            self._to_excel(path)

    def _to_excel(self, path: str | Path) -> None:
        from .excel import write_frames

        write_frames(path, laid_out(self), {  # Tests: test, between and class each in a column of its own
            "Summary": [("Case Processing Summary", self.summary), ("Values", flat_columns(self.values)),
                        ("Paired differences", flat_columns(self.differences))],
            "Tests": [("Tests", self.tests, whole_table_tests(self.tests))]}, self.notes, self.options)

    def to_dict(self) -> dict:
        """The report as plain Python data (JSON-ready: NaN and ±inf become None, labels become text).

        The rows of ``"tests"`` are keyed by their three index levels kept apart, each key a list [test, between,
        class] (a class label a number stays a number; "(all)" is the whole table), as the workbook's Tests sheet
        gives each level a column of its own: ``pd.MultiIndex.from_tuples(map(tuple, data["tests"]["index"]),
        names=["test", "between", "class"])`` is ``report.tests.index`` again.

        ``"options"`` holds the options as given and, after ``"bootstrap_method"``, ``"bootstrap_methods_used"``: the
        bootstrap methods the intervals used, each with the codes of the values it gave
        (``{"bca": ["KAPPA"], ...}``; ``{}`` where nothing was bootstrapped), as the workbook's Options table says
        where ``ci="auto"`` picked them (:func:`~pandas_agree.report.agreement.options_dict`).

        Examples
        --------
        >>> import pandas_agree as pa
        >>> df = pa.datasets.load("wine_predictions")
        >>> report = df.agree.compare("cultivar", ["knn", "logistic"]).report(random_state=0, n_resamples=200)
        >>> data = report.to_dict()
        >>> data["differences"]["index"]
        ['knn − logistic']
        >>> data["tests"]["index"][:2]
        [['MCNEMAR', 'knn vs logistic', '(all)'], ['COCHRAN_Q', 'all', '(all)']]
        """
        # the bootstrap methods of the intervals, read from the frames of the workbook's sheets, in their order
        used = bootstrap_used([self.summary, self.values, self.differences, self.tests])
        out = {"summary": frame_dict(self.summary), "values": frame_dict(self.values),
               "differences": frame_dict(self.differences), "tests": frame_dict(self.tests),
               "notes": list(self.notes), "options": options_dict(self.options, used), "version": __version__}
        if self.comparison.design is not None:
            out["design"] = {k: jsonable(v) for k, v in self.comparison.design.items()}
        return out
