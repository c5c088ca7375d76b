"""``RaterReport``: the tables of a RaterAgreement as text, HTML, Excel and JSON."""

from __future__ import annotations

import warnings
from functools import partial
from pathlib import Path

import pandas as pd

from ..analyses.messages import kappa_paradox
from ..analyses.raters import weighted_codes
from ..base.options import validate_options
from ..base.undefined import UndefinedMeasureWarning
from ..base.version import __version__
from ..measures.multiclass import row_name
from ..measures.registry import RATERS
from . import display
from .agreement import design_table, frame_dict, lonely_psu_notes, run_dict
from .document import Document, Section, design, footnote_letters, frame_table, laid_out, tests_table
from .options import bootstrap_used, report_options
from .rendered import Rendered

__all__ = ["RaterReport"]

# the options of RaterReport and their defaults (those of RaterAgreement.summary, but intervals by default)
OPTIONS = {"measures": None, "ci": "auto", "confidence_level": 0.95, "kappa_weights": None, "level": "nominal",
           "bands": "landis-koch", "n_resamples": 2000, "bootstrap_method": "percentile", "random_state": None}


class RaterReport(Rendered):
    """Every table of a :class:`~pandas_agree.RaterAgreement`: case summary, the coefficients with intervals,
    Fleiss' kappa per category, each rater's distribution, pairwise kappas and the Fleiss z-test; with a sample
    design the "Sample Design" table and the design effect (DEFF) of each coefficient. With ``kappa_weights`` the
    coefficients that take them are named as weighted, the pairwise kappas are the weighted ones (their mean is
    the weighted Light's kappa), and the tables that stay unweighted (kappa paradox, kappa by category, the
    z-test) say so.

    Examples
    --------
    >>> import pandas_agree as pa
    >>> ra = pa.datasets.load("anxiety").agree.raters(["rater1", "rater2", "rater3"])
    >>> rep = ra.report(random_state=0, n_resamples=200)
    >>> print(str(rep).splitlines()[0])
    Rater agreement report: 3 raters (rater1, rater2, rater3)
    """

    @validate_options(passes=OPTIONS)
    def __init__(self, raters, **options) -> None:
        opts = report_options(OPTIONS, options)
        self.raters = raters
        self.options = opts
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            self.coefficients = raters.summary(
                opts["measures"], ci=opts["ci"], confidence_level=opts["confidence_level"],
                kappa_weights=opts["kappa_weights"], level=opts["level"], bands=opts["bands"],
                n_resamples=opts["n_resamples"], bootstrap_method=opts["bootstrap_method"],
                random_state=opts["random_state"])
            self.by_category = raters.by_category()
            weights = opts["kappa_weights"]
            # with agreement weights, the weighted Cohen's kappas whose mean is the weighted Light's kappa shown
            self.pairwise = (raters.pairwise("KAPPA") if weights is None else
                             raters.pairwise("KAPPA_W", kappa_weights=weights))
            self.tests = raters.tests()
            self.paradox = raters.summary(
                ["PO", "FLEISS", "BPK", "AC1"], ci=opts["ci"], confidence_level=opts["confidence_level"],
                bands=opts["bands"], n_resamples=opts["n_resamples"], bootstrap_method=opts["bootstrap_method"],
                random_state=opts["random_state"])
            value = self.paradox["value"]
            self.paradox.attrs["paradox"] = kappa_paradox(
                value["PO"], value["FLEISS"], value["BPK"], value["AC1"], kappa_name="Fleiss' kappa",
                what="two raters agree on {share} of the pairs of ratings of a subject")
        used = raters.n_subjects - raters.n_dropped
        self.summary = pd.DataFrame({"N": [used, raters.n_dropped, raters.n_subjects]},
                                    index=pd.Index(["Subjects used", "Left out", "Total"], name="Subjects"),
                                    dtype="int64")
        self.summary["Percent"] = 100 * self.summary["N"] / raters.n_subjects
        self.distribution = raters.distribution
        self.design = design_table(raters)
        self.notes = list(self.coefficients.attrs.get("notes", []))
        self.notes += self._design_notes(raters)
        if raters.weighted and raters.design is None:
            used = raters.n_subjects - raters.n_dropped
            self.notes.append(f"Frequency weights were used: the {display.count_of(used, 'row')} used stand for "
                              f"{display.count(raters.weight_used)} subjects (the sum of their weights), and the "
                              "coefficients and their SEs count each row as that many subjects, as SPSS's WEIGHT BY "
                              "does; the Case Processing Summary counts rows.")
        for w in caught:
            if issubclass(w.category, (UndefinedMeasureWarning, UserWarning)) and str(w.message) not in self.notes:
                self.notes.append(str(w.message))
        if opts["ci"] is not None:
            methods = dict(zip(self.coefficients.index, self.coefficients["method"], strict=True))
            for method in dict.fromkeys(methods.values()):
                suffix = (f", random_state = {opts['random_state']}" if "bootstrap" in method
                          and "random_state" not in method else "")
                codes_ = ", ".join(c for c, m in methods.items() if m == method)
                level = display.significant(100 * opts["confidence_level"])
                self.notes.append(f"{level}% intervals, {method}{suffix}: {codes_}.")

    @staticmethod
    def _design_notes(raters) -> list[str]:
        d = raters.design
        if d is None:
            return []
        # Fleiss' kappa by category says why it has no test in its own note (RaterAgreement.by_category)
        notes = [f"Sample design: the test of Fleiss' kappa is its design-based t-test (t on {d['df']} df); the "
                 "pairwise kappas are estimates without intervals.",
                 *lonely_psu_notes(d)]
        if raters.weighted:
            notes.append("Sampling weights were used: the coefficients are estimates for the population of subjects.")
        return notes

    @property
    def weighted_coefficients(self) -> list[str]:
        """The codes of the coefficients shown with the agreement weights (``kappa_weights``)."""
        return weighted_codes(self.coefficients.index, self.options["kappa_weights"] is not None,
                              self.options["level"])

    @property
    def pairwise_title(self) -> str:
        """The title of the pairwise table: the weighted kappas, and which weights, with ``kappa_weights``."""
        weights = self.options["kappa_weights"]
        if weights is None:
            return "Pairwise Cohen's Kappa"
        return f"Pairwise Weighted Cohen's Kappa ({weights if isinstance(weights, str) else 'given'} weights)"

    def _unweighted_notes(self) -> dict[str, list[str]]:
        """With agreement weights, the footnotes of the tables whose values do not take them, saying so."""
        if self.options["kappa_weights"] is None:
            return {}
        return {
            "paradox": ["Unweighted: the kappa paradox concerns agreement on the same category, so these "
                        "coefficients take no agreement weights (the weighted ones are under Agreement among "
                        "Raters)."],
            "by_category": ["Unweighted: each category's kappa sets that category against all the others, so the "
                            "agreement weights are not applied."],
            "tests": ["FLEISS_Z tests the unweighted Fleiss' kappa (its SE under H0, Fleiss, Nee & Landis 1979, is "
                      "that of the unweighted kappa); the weighted Fleiss' kappa has its interval under Agreement "
                      "among Raters."],
        }

    @property
    def title(self) -> str:
        # each rater column's name as the other reports print a variable's (a column named None reads "(missing)")
        names = ", ".join(display.name(r, "(missing)") for r in self.raters.raters[:6]) + (
            ", …" if len(self.raters.raters) > 6 else "")
        return f"{len(self.raters.raters)} raters ({names})"

    def _coefficients_table(self, c: pd.DataFrame, title: str, weighted, more_notes=()):
        """A frame of coefficients with their intervals and design effects, laid out; the codes ``weighted`` are
        named as weighted."""
        table = c.rename(index=lambda code: f"{row_name(RATERS[code], code in weighted)} ({code})")
        formats = {"se": display.se, "DEFF": lambda v: display.value(v, 2),
                   "interpretation": lambda v: "" if v is None or pd.isna(v) else str(v)}
        shown = table.drop(columns=[x for x in ("lower", "upper", "method") if x in table.columns])
        shown = shown.rename(columns={"deff": "DEFF"})
        footnotes = []
        if "lower" in c.columns:
            # each value with its interval as the two-classification report shows them: the decimals of its SE and
            # ends (a coefficient of exactly chance, computed as −1.7·10⁻¹⁶, reads 0.000 beside an SE of 0.080)
            letters, footnotes = footnote_letters(list(c["method"]))
            pairs = [display.value_and_interval(v, lo, hi, se=se) for v, lo, hi, se in
                     zip(c["value"], c["lower"], c["upper"], c["se"], strict=True)]
            shown["value"] = pd.Series([value for value, _ in pairs], index=shown.index, dtype=object)
            shown.insert(2, f"{display.significant(100 * self.options['confidence_level'])}% CI",
                         [f"{ends} {letters[m]}" for (_, ends), m in zip(pairs, c["method"], strict=True)])
        # the headings of the two-classification report's Multiclass Measures
        coefficients = frame_table(title, shown, stub="Coefficient", formats=formats,
                                   footnotes=[*footnotes, *more_notes],
                                   headings={"value": "Value", "se": "SE", "interpretation": "Interpretation"})
        if "DEFF" in shown.columns:  # the design effect goes with the interval before it
            coefficients.companions = {list(shown.columns).index("DEFF")}
        return coefficients

    def _by_category_shown(self) -> pd.DataFrame:
        """The kappas by category, each with the decimals of its SE (one of exactly chance, −1.7·10⁻¹⁶ computed,
        reads 0.000 beside its SE)."""
        frame = self.by_category
        if not {"kappa", "se"} <= set(frame.columns):
            return frame
        kappas = [display.value(k, se=se) for k, se in zip(frame["kappa"], frame["se"], strict=True)]
        return frame.assign(kappa=pd.Series(kappas, index=frame.index, dtype=object))

    def _tests_table(self, more_notes: list[str]):
        """The Tests table with each method as a lettered footnote, as in the two-classification report (a method
        written in the row would widen the table past the page for one row)."""
        methods = list(self.tests["method"])
        letters, footnotes = footnote_letters([m for m in methods if isinstance(m, str)])
        lettered = self.tests.assign(method=[letters.get(m, "") if isinstance(m, str) else m for m in methods])
        return tests_table("Tests", lettered, footnotes=[*footnotes, *more_notes])

    def label_sets(self) -> list[list]:
        """The labels the report prints: the rating categories."""
        return [self.raters.categories.tolist()]

    def document(self) -> Document:
        coefficients = self._coefficients_table(self.coefficients, "Agreement among Raters",
                                                self.weighted_coefficients)
        note = self.paradox.attrs.get("paradox")
        unweighted = self._unweighted_notes()
        paradox = self._coefficients_table(self.paradox, "Kappa Paradox", (), [*unweighted.get("paradox", []),
            *([note] if note else []), "BPK: Brennan and Prediger's kappa of several raters, (Pa − 1/q)/(1 − 1/q), the "
            "prevalence- and bias-adjusted kappa (PABAK) of Byrt, Bishop and Carlin (1993) for q categories."])
        tables = [
            frame_table("Case Processing Summary", self.summary, stub="Subjects",
                        formats={"N": display.count, "Percent": display.percent}),
            *filter(None, [design(self)]),
            coefficients,
            paradox,
            frame_table("Fleiss' Kappa by Category", self._by_category_shown(), stub="Category",
                        formats={"pvalue": display.pvalue, "z": display.statistic},
                        footnotes=unweighted.get("by_category", []),
                        headings={"kappa": "Kappa", "se": "Asymptotic\nStd. Error", "z": "Z", "pvalue": "Sig."}),
            frame_table("Ratings by Rater", self.distribution, stub="Rater",  # weighted sums: one number of decimals
                        formats=dict.fromkeys(self.distribution.columns, partial(
                            display.count, decimals=display.count_decimals(self.distribution.to_numpy().ravel())))),
            frame_table(self.pairwise_title, self.pairwise, stub="Rater"),
            self._tests_table(unweighted.get("tests", [])),
        ]
        used = self.raters.n_subjects - self.raters.n_dropped
        meta = (f"pandas_agree {__version__} · {display.count_of(used, 'subject')} used of {self.raters.n_subjects} · "
                f"{len(self.raters.categories)} categories")
        return Document(f"Rater agreement report: {self.title}", meta, [Section(None, tables, self.notes)])

    def __repr__(self) -> str:
        return f"<RaterReport: {self.title}>"

    def to_excel(self, path: str | Path) -> None:
        """One workbook: Report (the text report's tables laid out for print, as in
        :meth:`AgreementReport.to_excel <pandas_agree.AgreementReport.to_excel>`), Summary (cases, coefficients,
        tests), Categories, Raters (distribution and pairwise kappas), Notes (notes and options).

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
        >>> ra = pa.datasets.load("anxiety").agree.raters(["rater1", "rater2", "rater3"])
        >>> report = ra.report(random_state=0, n_resamples=200)
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     report.to_excel(Path(folder) / "raters.xlsx")
        ...     sheets = list(pd.read_excel(Path(folder) / "raters.xlsx", sheet_name=None))
        >>> sheets
        ['Report', 'Summary', 'Categories', 'Raters', 'Notes']
        """
        # labels as the Report sheet shows them
        with display.labels_apart(*self.label_sets(), reserved=self.headings()):
            self._to_excel(path)

    def _to_excel(self, path: str | Path) -> None:
        from .excel import write_frames

        write_frames(path, laid_out(self), {
            "Summary": [("Case Processing Summary", self.summary),
                        *([("Sample Design", self.design)] if self.design is not None else []),
                        ("Agreement among Raters", self.coefficients), ("Kappa Paradox", self.paradox),
                        ("Tests", self.tests)],
            "Categories": [("Fleiss' Kappa by Category", self.by_category)],
            "Raters": [("Ratings by Rater", self.distribution), (self.pairwise_title, self.pairwise)],
        }, self.notes, self.options)

    def to_dict(self) -> dict:
        """The report as plain Python data (JSON-ready: NaN and ±inf become None, labels become text).

        ``"options"`` holds the options as given and, after ``"bootstrap_method"``, ``"bootstrap_methods_used"``: the
        bootstrap methods the intervals used, each with the codes of the values it gave
        (``{"bca": ["KAPPA"], ...}``; ``{}`` where nothing was bootstrapped), as the workbook's Options table says
        where ``ci="auto"`` picked them (:func:`~pandas_agree.report.agreement.options_dict`).

        Examples
        --------
        >>> import pandas_agree as pa
        >>> ra = pa.datasets.load("anxiety").agree.raters(["rater1", "rater2", "rater3"])
        >>> report = ra.report(random_state=0, n_resamples=200)
        >>> data = report.to_dict()
        >>> data["coefficients"]["index"]
        ['FLEISS', 'CONGER', 'AC1', 'ALPHA', 'LIGHT', 'BPK', 'PO']
        """
        out = {name: frame_dict(getattr(self, name)) for name in ("summary", "coefficients", "by_category",
                                                                    "distribution", "pairwise", "tests", "paradox")}
        # the bootstrap methods of the intervals, read from the frames of the workbook's sheets, in their order
        used = bootstrap_used([self.summary, self.coefficients, self.paradox, self.tests, self.by_category,
                               self.distribution, self.pairwise])
        return {**out, **run_dict(self.raters.design, self.notes, self.options, used)}
