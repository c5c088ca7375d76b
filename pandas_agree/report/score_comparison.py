"""``ScoreComparisonReport``: the tables of a :class:`~pandas_agree.ScoreComparison` as text, HTML, Excel and
JSON, and the ROC curves of its scores."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from ..base.options import validate_options
from ..base.version import __version__
from . import display
from .agreement import cases, design_table, frame_dict, jsonable, table_notes, weighted_cases
from .document import Document, Section, Table, design, laid_out, summary
from .options import report_options
from .rendered import Rendered
from .scores import _roc_panel, _values_table, _zero_width_notes

__all__ = ["ScoreComparisonReport"]

# the options of ScoreComparisonReport and their defaults (those of ScoreComparison.values, with intervals)
OPTIONS = {"measures": None, "ci": "auto", "confidence_level": 0.95, "n_resamples": 2000,
           "bootstrap_method": "percentile", "random_state": None, "scale": "auto", "max_fpr": None}


def _pair(first, second) -> str:
    return f"{display.label(first)} − {display.label(second)}"


def _by_pair(frame: pd.DataFrame) -> pd.DataFrame:
    """A frame of pairs (index first, second[, measure]) indexed by "first − second" (the AUC's rows only)."""
    if "measure" in frame.index.names:
        frame = frame.xs("AUC", level="measure")
    out = frame.copy()
    out.index = pd.Index([_pair(a, b) for a, b in frame.index], dtype=object, name="Pair")
    return out


class ScoreComparisonReport(Rendered):
    """Every table of a :class:`~pandas_agree.ScoreComparison`: the cases, each score's statistics with their
    intervals, the paired differences of the AUCs with their intervals, DeLong's paired tests with Holm's
    adjustment, and the ROC curves of the scores.

    Examples
    --------
    >>> import pandas as pd
    >>> import pandas_agree as pa
    >>> df = pd.DataFrame({"y": [0, 0, 1, 1, 0, 1], "a": [0.1, 0.4, 0.35, 0.8, 0.2, 0.9],
    ...                    "b": [0.3, 0.2, 0.6, 0.7, 0.1, 0.5]})
    >>> print(str(df.agree.compare_scores("y", ["a", "b"]).report()).splitlines()[0])
    Score comparison report: a, b against y (positive: 1)
    """

    @validate_options(passes=OPTIONS)
    def __init__(self, comparison, **options) -> None:
        opts = report_options(OPTIONS, options)
        self.comparison = comparison
        self.options = opts
        kw = {k: opts[k] for k in ("ci", "confidence_level", "n_resamples", "bootstrap_method", "random_state",
                                   "max_fpr")}
        self.values = comparison.values(opts["measures"], scale=opts["scale"], **kw)
        self.differences = comparison.differences("AUC", **kw)
        tests = comparison.tests()
        # Z on the normal distribution; under a sample design t on the design's degrees of freedom
        tests.insert(1, "df", np.nan if comparison.design is None else float(comparison.design["df"]))
        self.tests = tests
        self.design = design_table(comparison)
        if comparison.weighted:  # weighted cases, as SPSS shows them under WEIGHT BY
            self.summary = weighted_cases(comparison, "Missing (any column)")
        else:
            valid = comparison.n_valid_rows
            self.summary = cases([valid, comparison.n_missing, valid + comparison.n_missing], "Missing (any column)")
        k = len(comparison.scores)
        self.notes = [f"Rows with a missing label or a missing score in any of the {k} score columns are left out "
                      "(listwise), so every score is judged on the same objects. A higher score speaks for the "
                      "positive label."]
        if "se" in self.values.columns:
            for score in comparison.scores:
                self.notes.extend(f"{display.label(score)}: {note}" for note in
                                  _zero_width_notes(self.values.xs(score, level="score")))
        if comparison.design is not None:
            self.notes.append("Sample design: every SE is design-based (the influence of each object totalled over "
                              f"its PSU), with Student's t on {comparison.design['df']} degrees of freedom; DEFF is "
                              "its variance over that of as many objects drawn independently. The paired tests are "
                              "t = ΔAUC / SE on those degrees of freedom.")
        else:
            if opts["ci"] is not None:
                self.notes.append("AUC and Gini: DeLong, DeLong and Clarke-Pearson's (1988) SE (pROC's); under "
                                  "scale='auto' the interval on the logit scale with Student's t on the smaller "
                                  "class's count less one (scale='identity' gives pROC's). The other statistics: "
                                  "the linearised SE (delta method).")
            self.notes.append("Paired differences of the AUCs: DeLong's SE of the difference, which takes the "
                              "correlation of the scores of the same objects into account, with the normal "
                              "distribution; the tests are DeLong's Z = ΔAUC / SE, two-sided (pROC's roc.test).")
        self.notes.extend(table_notes(comparison, "label or score"))

    @property
    def title(self) -> str:
        comparison = self.comparison
        return (f"{', '.join(map(display.label, comparison.scores))} against {display.label(comparison.names[0])} "
                f"(positive: {display.label(comparison.positive)})")

    def document(self) -> Document:
        level = self.options["confidence_level"]
        tables = [summary(self), *([design(self)] if self.design is not None else [])]
        for score in self.comparison.scores:
            tables.append(_values_table(f"Statistics of {display.label(score)}",
                                        self.values.xs(score, level="score"), level))
        tables.append(_values_table("Paired differences of the AUCs", _by_pair(self.differences), level,
                                    stub="Pair", names=str, value="Difference"))
        tests = _by_pair(self.tests)
        has_df = tests["df"].notna().any()
        rows = [(name, [display.value(row["statistic"]), *([display.count(row["df"])] if has_df else []),
                        display.pvalue(row["pvalue"]), display.pvalue(row["pvalue_holm"])])
                for name, row in tests.iterrows()]
        statistic = "t" if has_df else "Z"
        methods = [f"{statistic} = ΔAUC / SE ({method})" for method in dict.fromkeys(tests["method"])]
        tables.append(Table("Paired tests of the AUCs", ["Statistic", *(["df"] if has_df else []), "Sig.",
                                                         "Sig. (Holm)"], rows, stub="Pair",
                            footnotes=[*methods, "Sig. (Holm): Holm's adjustment across the pairs."]))
        meta = f"pandas_agree {__version__} · N = {display.count(self.comparison.n)}"
        return Document(f"Score comparison report: {self.title}", meta,
                        [Section(None, tables, self.notes, figure=self.plot)])

    def plot(self):
        """The ROC curves of the scores with the chance diagonal (needs matplotlib, the ``plot`` extra).

        Returns
        -------
        matplotlib.figure.Figure

        Examples
        --------
        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> df = pd.DataFrame({"y": [0, 0, 1, 1, 0, 1], "a": [0.1, 0.4, 0.35, 0.8, 0.2, 0.9],
        ...                    "b": [0.3, 0.2, 0.6, 0.7, 0.1, 0.5]})
        >>> df.agree.compare_scores("y", ["a", "b"]).report(ci=None).plot().axes[0].get_title()
        'ROC curve'
        """
        from .plots import pyplot

        plt = pyplot()
        fig, ax = plt.subplots(figsize=(4.6, 4.4))
        roc = self.comparison.roc()
        _roc_panel(ax, {score: roc.loc[score] for score in self.comparison.scores}, "score")
        fig.tight_layout()
        return fig

    def __repr__(self) -> str:
        return f"<ScoreComparisonReport: {self.title}>"

    def _frames(self) -> dict[str, pd.DataFrame]:
        values = self.values.copy()
        values.index = pd.Index([f"{display.label(s, None)} · {m}" for s, m in values.index], dtype=object,
                                name="score · measure")
        return {"values": values, "differences": _by_pair(self.differences), "tests": _by_pair(self.tests)}

    def to_excel(self, path: str | Path) -> None:
        """One workbook: Report (the text report's tables laid out for print), Values (the cases, each score's
        statistics, the paired differences), Tests, ROC (each score's curve), Notes (with the options).

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
        >>> df = pd.DataFrame({"y": [0, 0, 1, 1, 0, 1], "a": [0.1, 0.4, 0.35, 0.8, 0.2, 0.9],
        ...                    "b": [0.3, 0.2, 0.6, 0.7, 0.1, 0.5]})
        >>> report = df.agree.compare_scores("y", ["a", "b"]).report()
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     report.to_excel(Path(folder) / "scores.xlsx")
        ...     sheets = list(pd.read_excel(Path(folder) / "scores.xlsx", sheet_name=None))
        >>> sheets
        ['Report', 'Values', 'Tests', 'ROC', 'Notes']
        """
        from .excel import write_frames

        frames = self._frames()
        # the points numbered from 0 for each score; the +inf threshold an empty cell
        roc = self.comparison.roc().rename_axis(["score", "point"]).reset_index(level="score")
        write_frames(path, laid_out(self), {
            "Values": [("Case Processing Summary", self.summary), ("Statistics", frames["values"]),
                       ("Paired differences of the AUCs", frames["differences"])],
            "Tests": [("Paired tests of the AUCs", frames["tests"])],
            "ROC": [("ROC curves", roc)]}, self.notes, self.options)

    def to_dict(self) -> dict:
        """The report as plain Python data (JSON-ready: NaN and ±inf become None, labels become text).

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> df = pd.DataFrame({"y": [0, 0, 1, 1, 0, 1], "a": [0.1, 0.4, 0.35, 0.8, 0.2, 0.9],
        ...                    "b": [0.3, 0.2, 0.6, 0.7, 0.1, 0.5]})
        >>> data = df.agree.compare_scores("y", ["a", "b"]).report().to_dict()
        >>> data["tests"]["index"], data["tests"]["columns"]
        ([['a', 'b']], ['statistic', 'df', 'pvalue', 'pvalue_holm', 'method'])
        """
        out = {"summary": frame_dict(self.summary), "values": frame_dict(self.values),
               "differences": frame_dict(self.differences), "tests": frame_dict(self.tests),
               "notes": list(self.notes), "options": {k: jsonable(v) for k, v in self.options.items()},
               "version": __version__}
        if self.comparison.design is not None:
            out["design"] = {k: jsonable(v) for k, v in self.comparison.design.items()}
        return out
