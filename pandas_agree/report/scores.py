"""``ScoresReport`` and ``ScoreComparisonReport``: the tables of a :class:`~pandas_agree.Scores` and of a
:class:`~pandas_agree.ScoreComparison` as text, HTML, Excel and JSON, and their curves."""

from __future__ import annotations

import warnings
from contextlib import contextmanager
from pathlib import Path

import numpy as np
import pandas as pd

from ..analyses.scores import PAIRED_DELONG, REVERSED_AUC
from ..base.options import validate_options
from ..base.spelling import option_set
from ..base.text import about
from ..base.undefined import external_stacklevel
from ..base.version import __version__
from ..engine.labels import names_index, positions_of
from ..measures.registry import SCORES
from ..measures.scores import CALIBRATION_BINS, MULTICLASS_PROBABILITY_ROWS
from . import display
from .agreement import (
    cases,
    design_table,
    flat_columns,
    frame_dict,
    jsonable,
    options_dict,
    table_notes,
    weighted_cases,
)
from .document import DEFF, Document, Section, Table, design, footnote_letters, frame_table, laid_out, summary
from .options import bootstrap_used, report_options
from .rendered import Rendered

__all__ = ["ScoreComparisonReport", "ScoresReport"]

# the options of ScoresReport and their defaults (those of Scores.values, with intervals by default)
OPTIONS = {"measures": None, "average": "unweighted", "ci": "auto", "confidence_level": 0.95, "n_resamples": 2000,
           "bootstrap_method": "percentile", "random_state": None, "scale": "auto", "max_fpr": None}

CALIBRATION_NAMES = {"intercept": "calibration intercept (in the large)", "slope": "calibration slope",
                     "BRIER": "Brier score", "reliability": "  reliability", "resolution": "  resolution",
                     "uncertainty": "  uncertainty", "within_bin_variance": "  within-bin variance",
                     "within_bin_covariance": "  within-bin covariance",
                     "ECE": "expected calibration error (ECE)", "ECE_MASS": "ECE, equal-mass bins",
                     "RMSCE": "RMS calibration error", "RMSCE_DEBIASED": "RMS calibration error, debiased",
                     "MCE": "maximum calibration error"}


def _name(code: str) -> str:
    record = SCORES.get(code)
    if record is not None:
        return f"{record.name} ({code})"
    if code == "AUC_OVO":
        return "Hand and Till's M, one-vs-one AUC (AUC_OVO)"
    summed = {key: name for key, name, _ in MULTICLASS_PROBABILITY_ROWS.values()}
    return f"{summed[code]} ({code})" if code in summed else code


_BINS_NOTE = (f"The ECE and the reliability diagram both take {CALIBRATION_BINS} equal-width bins but place a score on "
              "a bin's edge differently (the ECE as torchmetrics, [lower, upper) with a score of 1 in a bin of its "
              "own; the diagram as scikit-learn's calibration_curve, (lower, upper] with the first bin closed), so "
              "their bins' counts and mean scores can differ (docs/notes/calibration.md).")
"""The note on the two binnings of the report's calibration table and reliability diagram."""


def _delong_note() -> str:
    """The note on the SE and interval of the AUC, its options as the reader writes them (``scale='auto'``,
    ``--scale auto`` on the command line)."""
    return ("AUC and Gini: DeLong, DeLong and Clarke-Pearson's (1988) SE (pROC's); under "
            f"{option_set('scale', 'auto')} the interval on the logit scale with Student's t on the smaller class's "
            f"count less one ({option_set('scale', 'identity')} gives pROC's). The other statistics: the linearised "
            "SE (delta method).")


@contextmanager
def _reversed_caught():
    """Catch the warnings on AUCs whose interval lies below 0.5 (their texts, once each, in the list yielded); any
    other warning goes on to the caller."""
    texts: list[str] = []
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield texts
    for w in caught:
        if issubclass(w.category, UserWarning) and REVERSED_AUC in str(w.message):
            texts.append(str(w.message))
        else:
            warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)
    texts[:] = list(dict.fromkeys(texts))


def _column(name) -> str:
    """A column's name (a score's, the reference's) as the reports print it: a variable's name, printed as it is
    where labels that print alike are shown apart (a score column "1" beside the labels 1 and "1")."""
    return display.name(name, "(missing)")  # a column named None or NaN reads "(missing)", as display.label reads it


def _listed(items) -> str:
    items = [str(x) for x in items]
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _zero_width_notes(values: pd.DataFrame, classes: pd.DataFrame | None = None) -> list[str]:
    """The notes on the statistics whose interval has zero width (an SE of 0), of the score or averages
    (``values``) and of the classes (``classes``, columns (code, stat)): where a score separates the classes
    completely, the AUC is 1 and DeLong's SE 0, as pROC gives them."""
    separated = ("separates the classes completely (every positive object scored above every negative one, or "
                 "below), so that DeLong's and the linearised SEs are 0, as pROC's are")
    notes = []
    if "se" in values.columns:
        codes = [code for code, se in zip(values.index, values["se"].to_numpy(dtype=float), strict=True) if se == 0]
        if codes:
            why = f"the score {separated}" if values["value"].get("AUC") in (0.0, 1.0) else "their SE is 0"
            notes.append(f"The intervals of {_listed(codes)} have zero width: {why}; such an interval does not "
                         "show the uncertainty of the estimate.")
    if classes is not None and isinstance(classes.columns, pd.MultiIndex) and "se" in classes.columns.levels[-1]:
        codes = [code for code in dict.fromkeys(classes.columns.get_level_values(0))
                 if (code, "se") in classes.columns and (classes[(code, "se")] == 0).any()]
        if codes:
            zero = (classes[[(code, "se") for code in codes]] == 0).any(axis=1)
            labels = [display.label(label) for label in classes.index[zero.to_numpy()]]
            auc = classes[("AUC", "value")] if ("AUC", "value") in classes.columns else None
            why = (f"the probability of {_listed(labels)} {separated}" if auc is not None
                   and auc[zero].isin([0.0, 1.0]).all() else "their SE is 0")
            notes.append(f"The one-vs-rest intervals of {_listed(codes)} of {_listed(labels)} have zero width: "
                         f"{why}; such an interval does not show the uncertainty of the estimate.")
    return notes


LOG_EPS = float(-np.log(np.finfo(float).eps))  # the loss scikit-learn's log_loss gives a probability of 0: 36.04


def _infinite_notes(values: pd.DataFrame, classes: pd.DataFrame | None = None) -> list[str]:
    """The note on the statistics that are infinite (a log loss where a probability of 0 meets its event), of the
    score or averages (``values``) and of the classes (``classes``, columns codes or (code, stat)): why, what their
    SE and interval are, and what scikit-learn's ``log_loss`` gives instead."""
    codes = [code for code, v in zip(values.index, values["value"].to_numpy(dtype=float), strict=True)
             if np.isinf(v)]
    if classes is not None:
        stat = (lambda code: (code, "value")) if isinstance(classes.columns, pd.MultiIndex) else (lambda code: code)
        for code in dict.fromkeys(classes.columns.get_level_values(0)):
            infinite = np.isinf(classes[stat(code)].to_numpy(dtype=float))
            if infinite.any():
                labels = [display.label(label) for label in classes.index[infinite]]
                codes.append(f"the one-vs-rest {code} of {_listed(labels)}")
    if not codes:
        return []
    return [f"{_listed(codes)} {'is' if len(codes) == 1 else 'are'} infinite: an object's predicted probability of "
            "its own label is 0 (a positive object scored 0, or a negative one scored 1), and its loss −log 0 is "
            "infinite. An infinite value has no SE or interval (left empty: NaN, with a warning). scikit-learn's "
            "log_loss clips the probabilities to [ε, 1 − ε] (ε = 2.2·10⁻¹⁶, float64's machine epsilon), so that "
            f"each such object adds −log ε ≈ {display.fixed(LOG_EPS, 2)} to its sum, a finite value set by ε alone; "
            "here no "
            "probability is changed."]


def _difference_method(method: str) -> str:
    """What a method of a paired difference of AUCs is, for the footnote of the differences' table."""
    if method.startswith(PAIRED_DELONG):
        return (f"{method}: DeLong, DeLong and Clarke-Pearson's (1988) SE of the difference of two AUCs of the same "
                "objects, their correlation included, with the normal distribution (pROC's roc.test)")
    if method.startswith("linearised"):
        return (f"{method}: the linearised (delta-method) SE of the paired difference, from each object's "
                "influence on both AUCs")
    if method.startswith("bootstrap"):
        return f"{method}: the objects resampled with all their scores, the difference computed on each resample"
    return method


def _identical_notes(differences: pd.DataFrame) -> list[str]:
    """The note on each pair of scores whose difference of AUCs has an SE of 0: scores that rank the objects alike
    (``differences.attrs["same_ranking"]``) have the same AUC on every sample, so the interval [0, 0] and DeLong's
    Z = 0 (p = 1, as pROC's roc.test gives them) say that they do not differ, not how precisely a difference is
    known; any other SE of 0 gives an interval of zero width that shows no uncertainty."""
    if "se" not in differences.columns:
        return []
    pairs = differences.xs("AUC", level="measure")
    alike = set(differences.attrs.get("same_ranking", []))
    notes = []
    for (a, b), se in zip(pairs.index, pairs["se"].to_numpy(dtype=float), strict=True):
        if (a, b) in alike:
            notes.append(f"{_pair(a, b)}: the two scores are identical in their ranking of the objects (one a strictly "
                         "increasing function of the other), so their AUCs are equal on every sample: the difference "
                         "is 0 with an SE of 0, and its interval [0, 0] and DeLong's test (Z = 0, p = 1, as pROC's "
                         "roc.test gives them) say that the scores do not differ, not how precisely a difference is "
                         "known.")
        elif se == 0:
            notes.append(f"{_pair(a, b)}: the difference of the AUCs has an SE of 0 (as where both scores separate "
                         "the classes completely), so its interval has zero width and does not show the uncertainty "
                         "of the estimate.")
    return notes


def _values_table(title: str, frame: pd.DataFrame, confidence_level: float, stub: str = "Statistic",
                  names=_name, value: str = "Value") -> Table:
    has_ci = "lower" in frame.columns
    deff = "deff" in frame.columns
    letters, notes = footnote_letters(list(frame["method"])) if has_ci else ({}, [])
    ci = f"{display.significant(100 * confidence_level)}% CI"
    columns = [value, *(["SE", ci] if has_ci else []), *([DEFF] if deff else [])]
    rows = []
    for key, row in frame.iterrows():
        v = row["value"]
        ends = (row["lower"], row["upper"]) if has_ci else ()
        se = row["se"] if has_ci else None
        cells = [display.value(v, like=ends, inside=ends or None, se=se)]
        if has_ci:
            ci = display.interval(row["lower"], row["upper"], like=(v,), value_shown=v, se=se)
            cells += [display.se(row["se"]), f"{ci} {letters.get(row['method'], '')}".rstrip()]
        if deff:
            cells.append(display.value(row["deff"], 2))
        rows.append((names(key), cells))
    return Table(title, columns, rows, stub=stub, footnotes=notes, companions={columns.index(DEFF)} if deff else set())


def _each_score(frame: pd.DataFrame, scores: list) -> list[pd.DataFrame]:
    """The rows of each score of a frame indexed (score, ...), in the order of ``scores``, the score level dropped:
    found as labels are (a score named None is found where pandas 3 stores it as NaN, which ``.loc[None]`` does not
    find)."""
    at = positions_of(frame.index.get_level_values(0), names_index(scores))
    return [frame[at == k].droplevel(0) for k in range(len(scores))]


def _roc_panel(ax, curves: list[tuple[str | None, pd.DataFrame]], legend: str | None) -> None:
    """The ROC curves (each named with its AUC, after its text unless that is None) and the chance diagonal."""
    for k, (text, curve) in enumerate(curves):
        fpr, tpr = curve["fpr"].to_numpy(), curve["tpr"].to_numpy()
        area = float(np.sum(np.diff(fpr) * (tpr[1:] + tpr[:-1]) / 2))  # the trapezoids: the AUC, ties included
        name = f"AUC {display.value(area)}" if text is None else f"{display.plot_text(text)} " \
            f"(AUC {display.value(area)})"
        ax.plot(fpr, tpr, color=f"C{k % 10}", label=name)
    ax.plot([0, 1], [0, 1], color="grey", linewidth=1, linestyle="--")
    ax.set(xlabel="1 − specificity (false positive rate)", ylabel="sensitivity (true positive rate)",
           xlim=(0, 1), ylim=(0, 1.01), title="ROC curve")
    ax.legend(title=legend, loc="lower right")


class ScoresReport(Rendered):
    """Every table of a :class:`~pandas_agree.Scores`: the cases, the statistics with their intervals, the
    one-vs-rest values of each class (class probabilities), the thresholds that maximise Youden's J and F1 (one
    score), and the ROC curve.

    Examples
    --------
    >>> import pandas as pd
    >>> import pandas_agree as pa
    >>> df = pd.DataFrame({"y": [0, 0, 1, 1, 0, 1, 0, 1], "s": [0.1, 0.4, 0.35, 0.8, 0.2, 0.9, 0.6, 0.7]})
    >>> print(str(df.agree.scores("y", "s").report()).splitlines()[0])
    Scores report: s against y (positive: 1)
    """

    @validate_options(passes=OPTIONS)
    def __init__(self, scores, **options) -> None:
        opts = report_options(OPTIONS, options)
        self.scores = scores
        self.options = opts
        kw = {k: opts[k] for k in ("ci", "confidence_level", "n_resamples", "bootstrap_method", "random_state",
                                   "scale", "max_fpr")}
        with _reversed_caught() as reversed_values:
            self.values = scores.values(opts["measures"], average=opts["average"], **kw)
        with _reversed_caught() as reversed_classes:
            self.classes = scores.classes(opts["measures"], **kw) if scores.multiclass else None
        # an AUC whose interval lies below 0.5: said once (the average's, else the classes'), as a warning and a note
        reversed_aucs = reversed_values or reversed_classes
        for text in reversed_aucs:
            warnings.warn(text, UserWarning, stacklevel=external_stacklevel())
        self.thresholds = self.calibration = None
        undefined = []
        if not scores.multiclass and scores.probabilities:
            with warnings.catch_warnings(record=True) as caught:  # said in the notes instead
                warnings.simplefilter("always", UserWarning)  # undefined values, objects left out of Cox's fit
                self.calibration = scores.calibration(CALIBRATION_BINS, **{
                    k: opts[k] for k in ("ci", "confidence_level", "n_resamples", "bootstrap_method", "random_state")})
            undefined = [str(w.message) for w in caught if issubclass(w.category, UserWarning)]
            for w in caught:  # any other warning goes on to the caller
                if not issubclass(w.category, UserWarning):
                    warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)
        if not scores.multiclass:
            best = {"Youden's J": scores.best_threshold("youden"), "F1": scores.best_threshold("f1")}
            self.thresholds = pd.DataFrame({name: row for name, row in best.items()}).T
            self.thresholds.insert(0, "threshold", [row.name for row in best.values()])
            self.thresholds.index.name = "Best by"
        valid, missing = scores.n_valid_rows, scores.n_missing
        # weighted cases under weights, as SPSS shows them under WEIGHT BY; else the rows
        self.summary = weighted_cases(scores) if scores.weighted else cases([valid, missing, valid + missing])
        self.design = design_table(scores)
        self.notes = [
            "A higher score speaks for the positive label; a threshold calls positive every object scored at or "
            "above it. Rows with a missing label, score or weight are left out.",
        ]
        # the notes name classes as the tables show them
        with display.labels_apart(*self.label_sets(), reserved=self.headings()):
            self.notes.extend(_zero_width_notes(self.values, self.classes))
            self.notes.extend(_infinite_notes(self.values, self.classes))
        if opts["ci"] is not None and scores.design is not None:
            self.notes.append("Sample design: every SE is design-based (the influence of each object totalled over "
                              f"its PSU), with Student's t on {scores.design['df']} degrees of freedom; DEFF is its "
                              "variance over that of as many objects drawn independently.")
        elif opts["ci"] is not None and not scores.multiclass:
            self.notes.append(_delong_note())
        elif opts["ci"] is not None:
            self.notes.append("The averages over the classes and Hand and Till's M: the linearised SE (delta method) "
                              "of the objects with all their probabilities.")
        self.notes.extend(reversed_aucs)
        # the weights and the rows left out, as the crosstab's report says them
        self.notes.extend(table_notes(scores, "label or score"))
        self.notes.extend(f"Calibration: {text[0].upper()}{text[1:]}." for text in dict.fromkeys(undefined))
        if self.calibration is not None and "ECE" in self.calibration.index:
            self.notes.append(_BINS_NOTE)
        if scores.multiclass:
            how = "without weights" if opts["average"] == "unweighted" else "by the classes' prevalences"
            meaning = {"BRIER_MC": "BRIER_MC is the multiclass Brier score, mean Σ_k (p_k − y_k)²",
                       "LOGLOSS_MC": "LOGLOSS_MC the multiclass log loss, −mean log p_(y)"}
            summed = [text for key, text in meaning.items() if key in self.values.index]
            self.notes.append(f"Class probabilities: each class's probability against every other class "
                              f"(one-vs-rest), averaged {how}; AUC_OVO is Hand and Till's (2001) M"
                              + "".join(f"; {text}" for text in summed) + ".")

    @property
    def title(self) -> str:
        scores, names = self.scores, self.scores.names
        if scores.multiclass:
            return f"class probabilities {', '.join(map(_column, names[1]))} against {_column(names[0])}"
        return f"{_column(names[1][0])} against {_column(names[0])} (positive: {display.label(scores.positive)})"

    def label_sets(self) -> list[list]:
        """The labels the report prints: the reference labels (the classes of class probabilities; the positive
        label and the others of one score)."""
        return [self.scores.labels.tolist()]

    def document(self) -> Document:
        level = self.options["confidence_level"]
        tables = [summary(self), *([design(self)] if self.design is not None else []),
                  _values_table("Statistics of the score" if not self.scores.multiclass else
                                f"Statistics of the class probabilities ({self.options['average']} average)",
                                self.values, level)]
        if self.classes is not None:
            classes = self.classes
            if isinstance(classes.columns, pd.MultiIndex):
                shown = pd.DataFrame({code: [display.with_interval(v, lo, hi) for v, lo, hi in
                                             zip(classes[(code, "value")], classes[(code, "lower")],
                                                 classes[(code, "upper")], strict=True)]
                                      for code in dict.fromkeys(classes.columns.get_level_values(0))},
                                     index=classes.index, dtype=object)
            else:
                shown = classes
            with_ci = f" with {display.significant(100 * level)}% intervals" if shown is not classes else ""
            tables.append(frame_table(f"One-vs-rest values by class{with_ci}", shown, stub="Class"))
        if self.thresholds is not None:
            frame = self.thresholds[["threshold", "TP", "FN", "FP", "TN", "REC", "SPE", "F1"]]
            cells = ("TP", "FN", "FP", "TN")
            places = display.count_decimals(frame[list(cells)].to_numpy(dtype=float).ravel())  # one 2×2 format

            def count(v):
                return display.count(v, places)

            tables.append(frame_table("Thresholds", frame, stub="Best by",
                                      formats={**dict.fromkeys(cells, count), "threshold": display.significant}))
        if self.calibration is not None:
            cal = self.calibration
            if "se" not in cal.columns:  # without intervals
                cal = cal.assign(se=np.nan, lower=np.nan, upper=np.nan, method=None)
            letters, notes = footnote_letters([m for m in cal["method"] if isinstance(m, str)])
            rows = []
            for name, row in cal.iterrows():
                has_se = pd.notna(row["se"])
                # an interval without an SE: the debiased RMS error clipped at 0 (its SE undefined there)
                has_ci = has_se or (pd.notna(row["lower"]) and pd.notna(row["upper"]))
                ci = display.interval(row["lower"], row["upper"], like=(row["value"],), value_shown=row["value"],
                                      se=row["se"] if has_se else None) if has_ci else ""
                mark = letters.get(row["method"], "") if isinstance(row["method"], str) else ""
                rows.append((CALIBRATION_NAMES.get(name, name),
                             [display.value(row["value"], inside=(row["lower"], row["upper"]) if has_se else None,
                                            se=row["se"] if has_se else None),
                              display.se(row["se"]) if has_se else "",
                              f"{ci} {mark}".strip()]))
            ci = f"{display.significant(100 * level)}% CI"
            tables.append(Table("Calibration", ["Value", "SE", ci], rows, stub="Statistic",
                                footnotes=notes))
        meta = f"pandas_agree {__version__} · N = {display.count(self.scores.n)}"
        return Document(f"Scores report: {self.title}", meta, [Section(None, tables, self.notes, figure=self.plot)])

    def plot(self):
        """The ROC curve (one per class for class probabilities) with the chance diagonal; for one score also the
        precision–recall curve, and the reliability diagram where the scores are probabilities (needs
        matplotlib, the ``plot`` extra).

        Returns
        -------
        matplotlib.figure.Figure

        Examples
        --------
        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> df = pd.DataFrame({"y": [0, 0, 1, 1, 0, 1], "s": [0.1, 0.4, 0.35, 0.8, 0.2, 0.9]})
        >>> df.agree.scores("y", "s").report(ci=None).plot().axes[0].get_title()
        'ROC curve'
        """
        from .plots import fallback_fonts, pyplot

        plt = pyplot()
        texts = [] if not self.scores.multiclass else self.scores.roc().index.get_level_values("class").unique()
        # classes that print alike are told apart as the report's tables show them
        with plt.rc_context(fallback_fonts(map(str, [*texts, self.scores.names[0], *self.scores.names[1]]))), \
                display.labels_apart(*self.label_sets(), reserved=self.headings()):
            return self._plot(plt)

    def _plot(self, plt):
        one = not self.scores.multiclass
        panels = 1 + one + (self.calibration is not None)
        fig, axes = plt.subplots(1, panels, figsize=(4.6 * panels, 4.4), squeeze=False)
        ax = axes[0, 0]
        roc = self.scores.roc()
        _roc_panel(ax, [(None, roc)] if one else
                   [(display.label(c), roc.xs(c, level="class"))
                    for c in dict.fromkeys(roc.index.get_level_values("class"))], None if one else "class")
        if one:
            pr = self.scores.precision_recall()
            ax = axes[0, 1]
            recall, precision = pr["recall"].to_numpy(), pr["precision"].to_numpy()
            # the steps' area: the average precision Σ (Rₙ − Rₙ₋₁) Pₙ, as the ROC panel names its curve by its AUC
            average_precision = float(np.nansum(np.diff(recall) * precision[1:]))
            ax.step(recall, precision, where="post", color="C0", label=f"AP {display.value(average_precision)}")
            # precision at the lowest threshold (every object positive) is the prevalence: a score without skill
            prevalence = float(pr["precision"].iloc[int(np.argmin(pr["threshold"].to_numpy()))])
            ax.axhline(prevalence, color="grey", linewidth=1, linestyle="--",
                       label=f"prevalence {display.value(prevalence)} (no skill)")
            ax.legend(loc="lower left")
            ax.set(xlabel="recall (sensitivity)", ylabel="precision", xlim=(0, 1), ylim=(0, 1.01),
                   title="Precision–recall curve")
        if self.calibration is not None:
            curve = self.scores.reliability(bins=CALIBRATION_BINS)
            ax = axes[0, 2]
            ax.plot([0, 1], [0, 1], color="grey", linewidth=1, linestyle="--")
            ax.plot(curve["mean_predicted"], curve["fraction_positive"], "o-", color="C0")
            ax.set(xlabel=f"mean predicted probability ({CALIBRATION_BINS} bins)", ylabel="fraction of positives",
                   xlim=(0, 1), ylim=(0, 1.01), title="Reliability diagram")
        fig.tight_layout()
        return fig

    def __repr__(self) -> str:
        return f"<ScoresReport: {self.title}>"

    def to_excel(self, path: str | Path) -> None:
        """One workbook: Report (the text report's tables laid out for print), Values (the statistics, the classes'
        values and the thresholds), ROC (the curve's points), Notes (with the options).

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
        >>> df = pd.DataFrame({"y": [0, 0, 1, 1, 0, 1], "s": [0.1, 0.4, 0.35, 0.8, 0.2, 0.9]})
        >>> report = df.agree.scores("y", "s").report()
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     report.to_excel(Path(folder) / "scores.xlsx")
        ...     sheets = list(pd.read_excel(Path(folder) / "scores.xlsx", sheet_name=None))
        >>> sheets
        ['Report', 'Values', 'ROC', 'Notes']
        """
        # labels as the Report sheet shows them
        with display.labels_apart(*self.label_sets(), reserved=self.headings()):
            self._to_excel(path)

    def _to_excel(self, path: str | Path) -> None:
        from .excel import write_frames

        values = [("Case Processing Summary", self.summary), ("Statistics", self.values)]
        if self.classes is not None:
            values.append(("One-vs-rest values by class", flat_columns(self.classes)))
        if self.thresholds is not None:
            values.append(("Thresholds", self.thresholds))
        if self.calibration is not None:
            values.append(("Calibration", self.calibration))
        roc = self.scores.roc()  # the points numbered from 0 (for each class); the +inf threshold an empty cell
        if self.scores.multiclass:
            classes = roc.index.levels[0]
            shown = [display.cell_label(c) for c in classes]
            if any(s is not c for s, c in zip(shown, classes, strict=True)):  # classes shown apart, as in Values
                roc.index = roc.index.set_levels(pd.Index(shown, dtype=object), level=0)
            roc = roc.rename_axis(["class", "point"]).reset_index(level="class")
        else:
            roc = roc.rename_axis("point")
        write_frames(path, laid_out(self), {"Values": values, "ROC": [("ROC curve", roc)]}, self.notes, self.options)

    def to_dict(self) -> dict:
        """The report as plain Python data (JSON-ready: NaN and ±inf become None, labels become text).

        ``"options"`` holds the options as given and, after ``"bootstrap_method"``, ``"bootstrap_methods_used"``: the
        bootstrap methods the intervals used, each with the codes of the values it gave
        (``{"bca": ["KAPPA"], ...}``; ``{}`` where nothing was bootstrapped), as the workbook's Options table says
        where ``ci="auto"`` picked them (:func:`~pandas_agree.report.agreement.options_dict`).

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> df = pd.DataFrame({"y": [0, 0, 1, 1, 0, 1], "s": [0.1, 0.4, 0.35, 0.8, 0.2, 0.9]})
        >>> data = df.agree.scores("y", "s").report().to_dict()
        >>> data["values"]["index"]
        ['AUC', 'GINI', 'PRAUC', 'AP', 'BRIER', 'LOGLOSS', 'ECE']
        """
        # the bootstrap methods of the intervals, read from the frames of the workbook's sheets, in their order
        used = bootstrap_used([self.summary, self.values, *(frame for frame in (self.classes, self.thresholds,
                                                                                 self.calibration)
                                                              if frame is not None)])
        out = {"summary": frame_dict(self.summary), "values": frame_dict(self.values),
               "notes": list(self.notes), "options": options_dict(self.options, used), "version": __version__}
        if self.classes is not None:
            out["classes"] = frame_dict(flat_columns(self.classes))
        if self.thresholds is not None:
            out["thresholds"] = frame_dict(self.thresholds)
        if self.calibration is not None:
            out["calibration"] = frame_dict(self.calibration)
        if self.scores.design is not None:
            out["design"] = {k: jsonable(v) for k, v in self.scores.design.items()}
        return out


# the options of ScoreComparisonReport and their defaults (those of ScoreComparison.values, with intervals)
COMPARISON_OPTIONS = {"measures": None, "ci": "auto", "confidence_level": 0.95, "n_resamples": 2000,
           "bootstrap_method": "percentile", "random_state": None, "scale": "auto", "max_fpr": None}


def _pair(first, second) -> str:
    return f"{_column(first)} − {_column(second)}"


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

    @validate_options(passes=COMPARISON_OPTIONS)
    def __init__(self, comparison, **options) -> None:
        opts = report_options(COMPARISON_OPTIONS, options)
        self.comparison = comparison
        self.options = opts
        kw = {k: opts[k] for k in ("ci", "confidence_level", "n_resamples", "bootstrap_method", "random_state",
                                   "max_fpr")}
        with _reversed_caught() as reversed_aucs:
            self.values = comparison.values(opts["measures"], scale=opts["scale"], **kw)
        for text in reversed_aucs:
            warnings.warn(text, UserWarning, stacklevel=external_stacklevel())
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
            self.summary = cases([valid, comparison.n_missing, valid + comparison.n_missing], "Missing (any column)",
                                 rows=True)
        k = len(comparison.scores)
        self.notes = [f"Rows with a missing label or a missing score in any of the {k} score columns are left out "
                      "(listwise), so every score is judged on the same objects. A higher score speaks for the "
                      "positive label."]
        if "se" in self.values.columns:
            for score in comparison.scores:
                self.notes.extend(about(_column(score), note) for note in
                                  _zero_width_notes(self.values.xs(score, level="score")))
        for score in comparison.scores:
            self.notes.extend(about(_column(score), note) for note in
                              _infinite_notes(self.values.xs(score, level="score")))
        self.notes.extend(reversed_aucs)
        self.notes.extend(_identical_notes(self.differences))
        if comparison.design is not None:
            self.notes.append("Sample design: every SE is design-based (the influence of each object totalled over "
                              f"its PSU), with Student's t on {comparison.design['df']} degrees of freedom; DEFF is "
                              "its variance over that of as many objects drawn independently. The paired tests are "
                              "t = ΔAUC / SE on those degrees of freedom.")
        else:
            if opts["ci"] is not None:
                self.notes.append(_delong_note())
            self.notes.append("Paired differences of the AUCs: DeLong's SE of the difference, which takes the "
                              "correlation of the scores of the same objects into account, with the normal "
                              "distribution; the tests are DeLong's Z = ΔAUC / SE, two-sided (pROC's roc.test).")
        self.notes.extend(table_notes(comparison, "label or score"))

    @property
    def title(self) -> str:
        comparison = self.comparison
        return (f"{', '.join(map(_column, comparison.scores))} against {_column(comparison.names[0])} "
                f"(positive: {display.label(comparison.positive)})")

    def label_sets(self) -> list[list]:
        """The labels the report prints: the reference labels (the positive label and the others)."""
        return [self.comparison.labels.tolist()]

    def document(self) -> Document:
        level = self.options["confidence_level"]
        tables = [summary(self), *([design(self)] if self.design is not None else [])]
        for score in self.comparison.scores:
            tables.append(_values_table(f"Statistics of {_column(score)}",
                                        self.values.xs(score, level="score"), level))
        differences = _by_pair(self.differences)
        if "method" in differences.columns:
            differences["method"] = differences["method"].map(_difference_method)
        tables.append(_values_table("Paired differences of the AUCs", differences, level, stub="Pair", names=str,
                                    value="Difference"))
        tests = _by_pair(self.tests)
        has_df = tests["df"].notna().any()
        rows = [(name, [display.statistic(row["statistic"]), *([display.count(row["df"])] if has_df else []),
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
        from .plots import fallback_fonts, pyplot

        plt = pyplot()
        with plt.rc_context(fallback_fonts(map(str, self.comparison.scores))):
            fig, ax = plt.subplots(figsize=(4.6, 4.4))
            roc = self.comparison.roc()
            _roc_panel(ax, list(zip(map(_column, self.comparison.scores), _each_score(roc, self.comparison.scores),
                                    strict=True)), "score")
            fig.tight_layout()
        return fig

    def __repr__(self) -> str:
        return f"<ScoreComparisonReport: {self.title}>"

    def _frames(self) -> dict[str, pd.DataFrame]:
        """The frames of the workbook as the report holds them, each level of their index a column of the sheet to
        filter and sort by: the values by score and measure, the differences of the AUCs and their tests by the
        pair's first and second score (the columns of the values and of the differences line up)."""
        differences = self.differences
        if "measure" in differences.index.names:
            differences = differences.xs("AUC", level="measure")
        return {"values": self.values, "differences": differences, "tests": self.tests}

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
        # the data sheets hold no label (their first columns name the score columns, variables): only the Report
        # sheet, laid out as the text report is, shows the labels apart
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

        ``"options"`` holds the options as given and, after ``"bootstrap_method"``, ``"bootstrap_methods_used"``: the
        bootstrap methods the intervals used, each with the codes of the values it gave
        (``{"bca": ["KAPPA"], ...}``; ``{}`` where nothing was bootstrapped), as the workbook's Options table says
        where ``ci="auto"`` picked them (:func:`~pandas_agree.report.agreement.options_dict`).

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
        # the bootstrap methods of the intervals of the frames this dict holds
        used = bootstrap_used([self.summary, self.values, self.differences, self.tests])
        out = {"summary": frame_dict(self.summary), "values": frame_dict(self.values),
               "differences": frame_dict(self.differences), "tests": frame_dict(self.tests),
               "notes": list(self.notes), "options": options_dict(self.options, used), "version": __version__}
        if self.comparison.design is not None:
            out["design"] = {k: jsonable(v) for k, v in self.comparison.design.items()}
        return out
