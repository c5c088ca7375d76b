"""The class-specific (one-vs-rest) measures of an :class:`~pandas_agree.Agreement` and their averages over the
classes: :class:`ClassSpecific`, which Agreement takes its ``binary()`` and ``averages()`` from."""

from __future__ import annotations

import warnings
from collections.abc import Sequence

import numpy as np
import pandas as pd

from ..base.options import AVERAGES, validate_options
from ..base.spelling import on_command_line
from ..base.undefined import external_stacklevel, warn_undefined
from ..engine.labels import concat_labels, positions_of
from ..inference.auto import SMALL_CLASS, positive_notes, smallest_class
from ..inference.delta import CellGradient, class_gradient, class_partials
from ..inference.estimands import ClassAverages, ClassEvaluation, ClassMeasures
from ..inference.estimates import interval_options
from ..inference.intervals import estimate
from ..measures import binary as _binary
from ..measures.averaging import (
    Averaging,
    average_bounds,
    average_partials,
    average_scale,
    averages_of,
    fill_undefined,
    takes_zero_division,
)
from ..measures.parameters import check_parameters_used
from ..measures.registry import resolve
from .messages import (
    absent_classes_note,
    classes_left_out,
    left_out_text,
    option_notes,
    shown_labels,
    warn_undefined_averages,
)
from .results import frame_by_class, frame_by_method

__all__ = ["ClassSpecific"]


class ClassSpecific:
    """The class-specific measures of a table of two classifications (each class against the rest) and their
    averages over the classes, for :class:`~pandas_agree.Agreement` (which holds the classes: its labels on both
    sides, the positions of their cells, and the view of its table)."""

    # --- measures -------------------------------------------------------------------------------------

    def _class_positions(self, classes: str, positive=None) -> tuple[pd.Index, np.ndarray, np.ndarray]:
        if positive is not None:
            labels, rows, cols = self._class_positions("union")
            if len(labels) != 2:
                advice = "leave --positive out for the measures of every class" if on_command_line() else \
                    "use binary() for every class, or classes= to choose them"
                raise ValueError(f"positive= is for two-class problems; this table has {len(labels)} labels "
                                 f"{shown_labels(labels)}: {advice}")
            found = positions_of([positive], labels)  # labels match by value, as everywhere
            if found[0] < 0:
                raise ValueError(f"positive must be one of the two labels {shown_labels(labels)}; got {positive!r}")
            return labels[found], rows[found], cols[found]
        if classes == "common":
            return self.common, self._common_rows, self._common_cols
        rows = np.arange(self._shape[0])
        labels, cols = self._index, self._col_of_row
        if classes == "union":
            extra = np.flatnonzero(self._row_of_col < 0)
            # the columns' own labels unless matched
            labels = concat_labels(labels, self._union[self._places[1][extra]])
            rows = np.concatenate([rows, np.full(len(extra), -1)])
            cols = np.concatenate([cols, extra])
        return labels, rows, cols

    # --- class-specific measures ----------------------------------------------------------------------

    @validate_options
    def binary(self, measures=None, *, classes: str = "common", positive=None, beta: float | None = None,
               tversky: tuple[float, float] | None = None, correction: float | None = None,
               zero_division: float = np.nan, ci: str | None = None, confidence_level: float = 0.95,
               n_resamples: int = 2000, bootstrap_method: str = "percentile", random_state=None,
               resampling: str = "multinomial") -> pd.DataFrame:
        """Class-specific (one-vs-rest) measures for each class.

        Parameters
        ----------
        measures : str or list of str, optional
            Codes or aliases (any case), in the order wanted. By default every class-specific measure that
            needs no parameter, plus FBETA when ``beta`` is given and TVERSKY when ``tversky`` is given.
        classes : {"common", "reference", "union"}, default "common"
            The K labels present on both sides; or every reference label; or every label of either side.
        positive : label, optional
            For a two-class problem (two labels in all): the measures of this class only, as caret's
            ``positive`` and scikit-learn's ``pos_label`` give them (``classes`` is then not used). Its values and
            intervals are those of its row without ``positive`` (with ``classes="union"``): the small-sample rules
            of ``ci="auto"`` read both classes.
        beta : float, optional
            β of FBETA (default 1).
        tversky : (float, float), optional
            α and β of TVERSKY (default (1, 1)).
        correction : float, optional
            Haldane–Anscombe correction added to the four cells of every class whose 2×2 has a zero, for
            the odds-ratio family (DOR, LNDOR, DP, LRP, LRN, YULEQ, YULEY) only. 0.5 is usual.
        zero_division : np.nan or float, default np.nan
            The value of an undefined (0/0) class value, as in scikit-learn: NaN (with a warning), or a number
            from 0 to 1 that the undefined values of the proportions take: the measures whose declared range is
            [0, 1], outside the odds-ratio family (PRE, REC, SPE, NPV, F1, FBETA, ACC, …), for which
            scikit-learn's convention of a proportion without trials makes sense. The others (signed or
            unbounded: YOUD, MARK, HSS, the odds-ratio family DOR, LNDOR, YULEQ, …) stay NaN with the warning
            naming them: a number would contradict their formulas (an LNDOR of 1 beside a DOR of 1).
        ci : {None, "auto", "wilson", "clopper-pearson", "agresti-coull", "jeffreys", "normal", "linearized", \
"bootstrap"}
            Confidence intervals (docs/notes/intervals.md); the "method" column, or ``attrs["methods"]``, names each
            value's. "auto": the published analytic interval of each measure (Wilson for proportions) and the
            linearised (delta-method) interval where there is none, except where the small-sample rules of "auto"
            give another interval beside the same SE, because the coverage study found that one covering too little
            (:mod:`pandas_agree.inference.auto`; "Small samples" in docs/notes/intervals.md): below 200 objects, the
            chance-corrected coefficients (KAPPA, KAPPA_W, SPI, BPK, AC1, ALPHA, HSS) get the BCa bootstrap's
            interval (so too with a class of fewer than 20 objects, on tables of at most 400 non-empty cells), or
            Donner and Eliasziw's on two classes (KAPPA, KAPPA_W, SPI, ALPHA, HSS); with a class of fewer than 20
            objects, the class-specific values without a binomial interval (F1, ...) and the averages get the Wald
            interval of an SE blurred by half an object in every cell; the unweighted averages of REC and PRE get
            the MOVER–Wilson interval at any size. A binomial method name: "auto" with that method for proportions,
            the small-sample rules included. "linearized": the delta method for every measure and no small-sample
            rule (for KAPPA and KAPPA_W, the Wald interval of the Fleiss–Cohen–Everitt SE, as vcd's
            ``confint(Kappa(...))``). "bootstrap": the table bootstrap for every measure. Under "auto", F1 at 0 or
            1 (a class never predicted, or without errors) takes the binomial interval of a/(a + b + c) mapped by
            2J/(1 + J), where the delta method's is a point (docs/notes/intervals.md, "F1 at 0 and 1").
        confidence_level : float, default 0.95
        n_resamples, bootstrap_method, random_state, resampling
            Table bootstrap: number of resamples, "percentile", "basic" or "bca", seed or Generator, and the
            resampling model: "multinomial" (rows drawn at random) or "fixed-reference" (each reference row
            resampled on its own, for studies whose reference sizes are fixed), which the linearised variances
            follow too. ``resampling`` was called ``design`` before; ``design=`` still works, with a
            FutureWarning. A sample design is given by ``strata=``, ``cluster=`` and ``fpc=`` of the
            accessor, and then gives the variance itself.

        Returns
        -------
        pandas.DataFrame
            Index: class labels (named "class"); columns: measure codes, or with ``ci`` a MultiIndex (code,
            stat) with stat in ("value", "se", "lower", "upper"). With ``ci``, ``result.attrs["methods"]`` names
            the interval method of each measure and ``result.attrs["undefined_resamples"]`` counts, for each
            bootstrapped measure, the resamples left out because the value was undefined in them (a list with
            one count per class). Where ``correction`` changed some class, ``result.attrs["corrected"]`` is
            ``{"correction": h, "measures": [...], "classes": [...]}``: the odds-ratio family among the measures
            and the classes whose 2×2 table had a zero cell and got h added to each cell; where ``zero_division``
            set some value, ``result.attrs["zero_division"]`` is ``{"value": z, "classes": {code: [...]}}``: by
            measure, the classes whose value was 0/0 and is z. ``result.attrs["notes"]`` says each in words (and
            what the intervals mean, with ``ci``). Every ``attrs`` entry is plain JSON data (str, int, float, list,
            dict).

        Warns
        -----
        UndefinedMeasureWarning
            Once per call when some values are undefined (0/0) and stay NaN: every such value when
            ``zero_division`` is NaN, those of the measures it does not reach otherwise.

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> t = pd.DataFrame([[8, 2], [1, 9]], index=["yes", "no"], columns=["yes", "no"])
        >>> pa.Agreement.from_table(t).binary(["REC", "PRE", "F1"]).round(3)
               REC    PRE     F1
        class
        yes    0.8  0.889  0.842
        no     0.9  0.818  0.857
        """
        opts = interval_options(ci, confidence_level, n_resamples, bootstrap_method, random_state, resampling,
                                 self._sample)
        params = _binary.resolve_params(beta, tversky)
        chosen = _resolve_binary(measures, beta, tversky)
        check_parameters_used(chosen, {"beta": beta, "tversky": tversky, "correction": correction}, "binary")
        labels, rows, cols = self._class_positions(classes, positive)
        view = self._view()
        store = self._class_values(view, rows, cols, (classes, positive), params, correction)
        if opts is not None and opts.ci != "bootstrap" and chosen:
            store.partials(chosen, zero_division)  # the intervals read the partials: values and partials at once
        values = {m.code: fill_undefined(store.of(m), zero_division, takes_zero_division(m)) for m in chosen}
        # the labels are indexed only where a value is NaN (a mask of a pyarrow-backed Index is slow); the NaNs of
        # every measure found in one step
        nan = np.isnan(np.stack(list(values.values()))) if values else np.zeros((0, len(labels)), dtype=bool)
        warn_undefined({code: list(labels[nan[x]]) if some else []
                        for x, (code, some) in enumerate(zip(values, nan.any(axis=1).tolist(), strict=True))})
        index = pd.Index(labels, name="class")
        if opts is None:
            out = pd.DataFrame(values, index=index, columns=[m.code for m in chosen])
        else:
            estimand = ClassMeasures(chosen, view, rows, cols, values, params, correction, zero_division,
                                     self._table_cells, self._counts, self._cell_rows, opts, evaluation=store,
                                     smallest=None if positive is None else self._smallest_of_both(view))
            out = frame_by_class(estimate(estimand, opts) if chosen else {}, index)  # no measures: no columns
            if positive is not None:  # the notes of the rules speak of the positive class, rare or not
                a, b, c, _ = _binary.one_vs_rest(view, rows, cols)
                rare = smallest_class(a + b, a + c) < SMALL_CLASS
                out.attrs["notes"] = positive_notes(out.attrs["notes"], rare=rare)
        _note_options(out, chosen, store, labels, correction, zero_division, averaged=False)
        return out

    def _smallest_of_both(self, view) -> float:
        """The fewest objects of either class of a two-class problem on either side (the two labels of
        ``classes="union"``), which the small-sample rules of ``ci="auto"`` read: with ``positive=`` the estimand
        holds the positive class only, and its intervals are those it has beside the other class."""
        _, rows, cols = self._class_positions("union")
        a, b, c, _ = _binary.one_vs_rest(view, rows, cols)
        return smallest_class(a + b, a + c)

    @validate_options
    def averages(self, measures=None, *, average: str | Sequence[str] = AVERAGES,
                 timing: str = "default", classes: str = "common", positive=None, beta: float | None = None,
                 tversky: tuple[float, float] | None = None, correction: float | None = None,
                 zero_division: float = np.nan, ci: str | None = None, confidence_level: float = 0.95,
                 n_resamples: int = 2000, bootstrap_method: str = "percentile", random_state=None,
                 resampling: str = "multinomial") -> pd.DataFrame:
        """Averages of the class-specific measures over the classes (by default the K common classes).

        Parameters
        ----------
        measures : str or list of str, optional
            As in :meth:`binary`.
        average : str or sequence of str, default ("unweighted", "weighted", "inverse", "micro")
            "unweighted" (each class 1/K), "weighted" (by the reference size n_k·), "inverse" (by 1/n_k·)
            and "micro" (the formula applied to the pooled counts Σa, Σb, Σc, Σd).
        timing : {"default", "after", "before"}, default "default"
            "default" follows each measure's rule (the SPSS macro !KO_clasagree): measures that list
            terms average the terms first and apply the formula to the averages ("before"); the others
            average their values ("after"). "after" averages the values of every measure (scikit-learn's
            "macro"); "before" averages terms wherever a measure lists them. Each term is averaged over the
            classes where it is defined.
        classes : {"common", "reference", "union"}, default "common"
            The classes averaged over, as in :meth:`binary`: the K labels present on both sides (the macro's
            classes); every reference label (a class never predicted counts, with recall 0); or every label of
            either side (scikit-learn's default labels). A warning names the labels the choice leaves out.
        positive : label, optional
            For a two-class problem: no averaging, but the measures of this class (scikit-learn's
            ``average="binary"`` with ``pos_label``), in one column "positive"; ``average``, ``timing`` and
            ``classes`` are then not used.
        beta, tversky, correction
            As in :meth:`binary`.
        zero_division : np.nan or float, default np.nan
            As in scikit-learn: NaN leaves an undefined (0/0) class value out of the average (with a warning);
            a number from 0 to 1 is the value of every undefined class value, term and average of the measures
            it reaches (as in :meth:`binary`: range [0, 1], outside the odds-ratio family; their terms are
            proportions too). The other measures are averaged as without it, their terms averaged before the
            formula included, with the warning naming the class values left out.
            ``classes="union", timing="after", zero_division=0`` gives scikit-learn's ``macro``, ``weighted``
            and ``micro`` averages of precision, recall and F1 with its default labels and ``zero_division=0``.
        ci, confidence_level, n_resamples, bootstrap_method, random_state, resampling
            As in :meth:`binary`. No average has a published interval: under "auto" each gets the delta method
            (its gradient from those of the class values and weights), except where the small-sample rules of
            "auto" (:mod:`pandas_agree.inference.auto`) give another interval beside the linearised SE: the
            MOVER–Wilson interval for the unweighted averages of REC and PRE, the Wald interval of a blurred SE
            with a class of fewer than 20 objects, the percentile bootstrap's for the weighted and inverse
            averages of PPREV on two classes. With ``correction`` where it changed a class's 2×2 table (or the
            pooled table, for "micro"), the averages of the odds-ratio family (DOR, LNDOR, DP, LRP, LRN, YULEQ,
            YULEY) get under "auto" (with ``resampling="multinomial"`` and no sample design) the SE and Wald
            interval of the delta method with the correction's pseudo-counts counted as observations, as Woolf's
            SE of a corrected class counts them (the method names "linearised with the correction's
            pseudo-counts", and a note says so; docs/notes/intervals.md, "The averages of corrected classes", has
            the coverage study). "linearized" gives the delta method to every average, the pseudo-counts taken as
            constants; under "bootstrap" the table bootstrap with the same before/after rule on every resample
            (which never fills a cell the sample left empty). An average of the odds-ratio family at a finite end
            of its range (every class it averages there: Yule's Q of 1 with a zero cell in each class's table) gets
            under "auto" the classes' score intervals averaged with its weights, its SE NaN; under the other
            methods its SE and interval are NaN, as the classes' values there (docs/notes/intervals.md, "Averages
            at the end of their range").

        Returns
        -------
        pandas.DataFrame
            Index: measure codes; columns: the averaging methods, or with ``ci`` a MultiIndex (method, stat).
            ``result.attrs["classes"]`` holds the number of classes that entered each average as a dict
            ``{method: {code: count}}`` (``pd.DataFrame(result.attrs["classes"])`` is it as a table): a class
            whose value (or, before the formula, every term) is undefined, or whose weight is 0, is left out and
            the weights of the others are renormalised. ``result.attrs["left_out"]`` lists the labels that
            ``classes`` leaves out: ``{"never predicted": [...], "not in the reference": [...]}``.
            ``result.attrs["corrected"]`` and ``result.attrs["zero_division"]`` say, as in :meth:`binary`, which
            class values ``correction`` and ``zero_division`` changed (the averages count them so), and
            ``result.attrs["notes"]`` says it in words.

        Warns
        -----
        UserWarning
            Once per call when ``classes`` leaves out a reference label that is never predicted or a predicted
            label that is not in the reference, naming them and the remedy.
        UndefinedMeasureWarning
            Once per call when class values are undefined (left out) or an average is undefined (NaN): of any
            measure when ``zero_division`` is NaN, of those it does not reach otherwise.

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> t = pd.DataFrame([[50, 10, 0], [5, 20, 5], [0, 2, 8]], index=list("abc"), columns=list("abc"))
        >>> pa.Agreement.from_table(t).averages(["REC", "F1"]).round(4)
             unweighted  weighted  inverse  micro
        REC      0.7667    0.7800   0.7741   0.78
        F1       0.7407    0.7872   0.7067   0.78

        Class "c" is never predicted: the K = 2 common classes leave it out (with a warning), scikit-learn's
        macro averages count it (REC = (50/60 + 20/25 + 0)/3, PRE = (50/59 + 20/36 + 0)/3).

        >>> t = pd.DataFrame([[50, 10], [5, 20], [4, 6]], index=list("abc"), columns=list("ab"))
        >>> ag = pa.Agreement.from_table(t)
        >>> ag.averages(["REC", "PRE"], average="unweighted", classes="union", timing="after",
        ...             zero_division=0).round(4)
             unweighted
        REC      0.5444
        PRE      0.4677
        """
        if positive is not None:
            one = self.binary(measures, positive=positive, beta=beta, tversky=tversky, correction=correction,
                              zero_division=zero_division, ci=ci, confidence_level=confidence_level,
                              n_resamples=n_resamples, bootstrap_method=bootstrap_method, random_state=random_state,
                              resampling=resampling)
            row = one.iloc[0]
            if ci is None:
                out = row.to_frame("positive")
            else:
                codes = list(dict.fromkeys(row.index.get_level_values("code")))
                stats = list(dict.fromkeys(row.index.get_level_values("stat")))
                out = pd.concat({"positive": row.unstack("stat").loc[codes, stats]}, axis=1)
            out.columns.names = [None] if ci is None else ["method", "stat"]
            out.index.name = None
            out.attrs.update(one.attrs)
            out.attrs["classes"] = {"positive": {code: int(np.isfinite(v)) for code, v in
                                                 (row if ci is None else row.xs("value", level="stat")).items()}}
            out.attrs["left_out"] = {}
            return out
        opts = interval_options(ci, confidence_level, n_resamples, bootstrap_method, random_state, resampling,
                                 self._sample)
        methods = [average] if isinstance(average, str) else list(average)
        params = _binary.resolve_params(beta, tversky)
        chosen = _resolve_binary(measures, beta, tversky)
        check_parameters_used(chosen, {"beta": beta, "tversky": tversky, "correction": correction}, "binary")
        labels, rows, cols = self._class_positions(classes)
        if not chosen:  # measures=[]: no measure, no row (as multiclass() gives)
            out = (pd.DataFrame(index=pd.Index([]), columns=methods, dtype=float) if opts is None
                   else frame_by_method({}, methods))
            out.attrs.update(classes={method: {} for method in methods}, left_out={})
            return out
        view = self._view()
        codes = [m.code for m in chosen]
        class_values = self._class_values(view, rows, cols, (classes, None), params, correction)
        counts = class_values.one_vs_rest
        averaging = Averaging(chosen, counts, methods, timing, params, correction, zero_division, values=class_values)
        if opts is not None and opts.ci != "bootstrap" and (opts.sample is None or opts.sample.replicates_kind is None):
            # the linearised intervals read the partials: the class values, the averages and their partials at once
            averaging.partials(_separable_partials, lambda records: class_values.partials(records, zero_division))
        values, entered = averaging.values()
        left_out = classes_left_out(self, classes)
        if left_out_text(left_out, classes):
            warnings.warn(left_out_text(left_out, classes), UserWarning, stacklevel=external_stacklevel())
        # the measures outside zero_division's scope leave their undefined class values out whatever it is
        unfilled = np.isnan(zero_division) or not all(takes_zero_division(m) for m in chosen)
        if unfilled:
            skipped = averaging.left_out()  # (measures, K): the labels indexed only where some class is left out
            if not np.isnan(zero_division):
                skipped = skipped & ~np.array([takes_zero_division(m) for m in chosen]).reshape(
                    -1, *[1] * (skipped.ndim - 1))
            skipped_labels: dict[str, list] = {code: [] for code in codes}
            for i in np.flatnonzero(skipped.any(axis=1)):
                skipped_labels[codes[i]] = list(labels[skipped[i]])
            warn_undefined_averages(codes, values, methods, skipped_labels,
                                    frozenset(m.code for m in chosen if not takes_zero_division(m)))
        classes_entered = {method: dict(zip(codes, column, strict=True))
                           for method, column in zip(methods, entered.T.tolist(), strict=True)}
        if opts is None:
            out = pd.DataFrame(values, index=pd.Index(codes), columns=methods)
        else:
            a, b = counts[0], counts[1]
            complete = bool(np.isclose((a + b).sum(), sum(x[0] for x in counts))) if len(a) else False
            estimand = ClassAverages(chosen, view, rows, cols, counts, dict(zip(codes, values, strict=True)),
                                     average_bounds(chosen, methods, entered, complete),
                                     {m.code: average_scale(m) for m in chosen}, methods, timing, params, correction,
                                     zero_division, class_values, self._table_cells, self._counts, self._cell_rows,
                                     averaging=averaging)
            estimates = estimate(estimand, opts)
            out = frame_by_method(estimates, methods)
        out.attrs["classes"] = classes_entered
        out.attrs["left_out"] = {key: [_plain_label(x) for x in found] for key, found in left_out.items()}
        absent = (counts[0] + counts[1] == 0) & (counts[0] + counts[2] == 0)
        if absent.any() and not absent.all():
            notes = out.attrs.get("notes", [])
            out.attrs["notes"] = [*notes, absent_classes_note(labels[absent], int((~absent).sum()))]
        _note_options(out, chosen, class_values, labels, correction, zero_division, averaged=True)
        return out

    def _class_values(self, view, rows, cols, classes: tuple, params: dict, correction) -> ClassEvaluation:
        """The records evaluated on the one-vs-rest counts of ``classes`` (the classes and positive class asked
        for, at ``rows`` and ``cols`` of ``view``): the counts, the class values and their partials, each computed
        once for this table and shared by binary() and averages() (a
        :class:`~pandas_agree.inference.estimands.ClassEvaluation`)."""
        key = (classes, tuple(sorted(params.items())), correction)
        if key not in self._class_memo:
            self._class_memo[key] = ClassEvaluation(view, rows, cols, params, correction)
        return self._class_memo[key]

    def summary_on(self, records: list, stack: np.ndarray | None, classes: str = "common", timing: str = "default",
                   zero_division: float = np.nan) -> dict[str, np.ndarray]:
        """Values of summary measures (registry records) on a stack of tables shaped like this one, (..., I, J):
        the measures of the whole table as they are, class-specific ones as their unweighted average over the classes
        of ``classes``, taken before or after the formula as ``timing`` says and with ``zero_division`` as
        :meth:`averages` takes them (by default each measure's own before/after rule, undefined class values left
        out). What :class:`~pandas_agree.Comparison` evaluates on the margins of its joint table. ``stack=None``
        evaluates them on this table itself, as it is held (sparse beyond
        :data:`~pandas_agree.engine.crosstab.SPARSE_CELLS` cells, with no dense copy): 0-d arrays.

        Examples
        --------
        >>> import numpy as np
        >>> import pandas_agree as pa
        >>> from pandas_agree.measures.registry import REGISTRY
        >>> ag = pa.Agreement.from_table([[8, 2], [1, 9]])
        >>> out = ag.summary_on([REGISTRY["OSR"], REGISTRY["F1"]], np.array([[[8.0, 2], [1, 9]], [[5, 5], [5, 5]]]))
        >>> out["OSR"].tolist()
        [0.85, 0.5]
        """
        out = {}
        view = self._view() if stack is None else self._dense_view(stack)
        binary = [m for m in records if m.kind == "binary"]
        if binary:
            _, rows, cols = self._class_positions(classes)
            counts = _binary.one_vs_rest(view, rows, cols)
            for code, (value, _) in averages_of(binary, counts, ["unweighted"], timing, _binary.resolve_params(),
                                                zero_division=zero_division).items():
                out[code] = value[..., 0]
        with np.errstate(all="ignore"):
            for m in records:
                if m.kind != "binary":  # multiclass and association records
                    params = {"kappa_weights": None} if m.params else {}
                    out[m.code] = np.asarray(m.compute(view, **params), dtype=float)
        return out

    @validate_options
    def summary_gradients(self, records: list, classes: str = "common", timing: str = "default",
                          zero_division: float = np.nan) -> dict:
        """The gradient over this table's cells of each value :meth:`summary_on` gives on it (with the same
        ``classes``, ``timing`` and ``zero_division``; a
        :class:`~pandas_agree.inference.delta.CellGradient` of one value), by code; None for a record that declares
        no gradient (its variance then comes from moved cells). :class:`~pandas_agree.Comparison` linearises its
        paired differences with them, each evaluated at the cells of the joint table that add up into this one.

        Examples
        --------
        OSR = (n₀₀ + n₁₁)/N moves by 1/N more with a matching cell than with any other cell (here N = 20):

        >>> import numpy as np
        >>> from pandas_agree import Agreement
        >>> from pandas_agree.measures.registry import REGISTRY
        >>> gradient = Agreement.from_table([[8, 2], [1, 9]]).summary_gradients([REGISTRY["OSR"]])["OSR"]
        >>> at = gradient.at(np.array([0, 0, 1]), np.array([0, 1, 0]))[:, 0]
        >>> np.round(at - at[2], 4).tolist()
        [0.05, 0.0, 0.0]
        """
        out: dict = {}
        view = self._view()
        binary = [m for m in records if m.kind == "binary"]
        if binary:
            _, rows, cols = self._class_positions(classes)
            partials = average_partials(binary, _binary.one_vs_rest(view, rows, cols), ["unweighted"], timing,
                                        _binary.resolve_params(), _separable_partials,
                                        zero_division=zero_division)  # (4, K, records, 1)
            found = class_gradient(view.shape, rows, cols, partials.reshape(4, len(rows), len(binary)))
            out.update((m.code, found.column(x)) for x, m in enumerate(binary))
        for m in records:
            if m.kind != "binary":  # multiclass and association records, as summary_on evaluates them
                with np.errstate(all="ignore"):
                    partials = None if m.gradient is None else m.gradient(view, **(
                        {"kappa_weights": None} if m.params else {}))
                out[m.code] = None if partials is None else CellGradient.of_partials(view, partials)
        return out


def _note_options(out: pd.DataFrame, chosen: list, store: ClassEvaluation, labels: pd.Index, correction,
                  zero_division: float, averaged: bool) -> None:
    """Say in ``out.attrs`` what ``correction=`` and ``zero_division=`` changed among the class values of
    ``chosen`` (``store``, of the classes ``labels``): ``attrs["corrected"]`` (the correction, the odds-ratio family
    asked for, and the classes whose 2×2 table has a zero cell, :func:`~pandas_agree.measures.binary.zero_cell`)
    and ``attrs["zero_division"]`` (its value and, by measure, the classes whose value was 0/0 and took it), each
    only where the option changed some value, and their notes in ``attrs["notes"]`` (``averaged``: those of
    averages, which count the values so)."""
    family = [m.code for m in chosen if m.odds_ratio_family]
    if correction and family:
        zero = _binary.zero_cell(*store.one_vs_rest)
        if zero.any():
            out.attrs["corrected"] = {"correction": float(correction), "measures": family,
                                      "classes": [_plain_label(x) for x in labels[zero]]}
    if not np.isnan(zero_division):
        found = {}
        for m in chosen:
            undefined = np.isnan(store.of(m)) if takes_zero_division(m) else None
            if undefined is not None and undefined.any():
                found[m.code] = [_plain_label(x) for x in labels[undefined]]
        if found:
            out.attrs["zero_division"] = {"value": float(zero_division), "classes": found}
    notes = option_notes(out.attrs, averaged)
    if notes:
        out.attrs["notes"] = [*out.attrs.get("notes", []), *notes]


def _separable_partials(function, counts):
    return class_partials(function, counts, separable=True)


def _resolve_binary(measures, beta, tversky):
    given = {"beta": beta is not None, "tversky": tversky is not None}
    return resolve(measures, "binary", default=lambda m: m.default or any(given[p] for p in m.params))


def _plain_label(x):
    """A label as plain JSON data: a numpy scalar as its Python value, a label of another type as its text."""
    if isinstance(x, np.generic):
        x = x.item()
    return x if x is None or isinstance(x, (str, bool, int, float)) else str(x)
