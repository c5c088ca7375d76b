"""Estimands: what an analysis hands the inference core (:func:`~.intervals.estimate`) for the values of one call.

An estimand holds the values of its quantities on the table (``point``), the ranges their intervals are clipped
to (``bounds``) and the scales they are built on (``scales``), and the table of counts they are functions of
(``counts``: the I×J crosstab, the joint table of a comparison, or the weights of the subjects' rating patterns).
It gives the values on a stack of resampled tables (:meth:`Estimand.evaluate`), its analytic estimate where the
literature has one (:meth:`Estimand.analytic`), and, where it knows the structure of its gradient, its variances
under a variance model (:meth:`Estimand.variances`: the multinomial or product-multinomial model, a sample design,
or the design effect's reference, :class:`~.design.SimpleRandom`); without that the core moves every non-empty
cell of the counts (:func:`~.delta.gradients`). R's survey package works this way: an estimator gives its
influence, the design turns an influence into a variance.

The estimands of a table of counts are here: the class-specific values (:class:`ClassMeasures`), their averages
(:class:`ClassAverages`) and the values of the whole table (:class:`TableMeasures`). Analyses with values of their
own (several raters, paired differences) define theirs beside them. The class-specific values and their averages
of one table share one :class:`ClassEvaluation`: the one-vs-rest counts, every class value, and the partials of the
class values in one evaluation of the formulas, which both estimands read.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ..engine.tableview import TableView
from ..measures import binary as _binary
from ..measures.averaging import (
    Averaging,
    ClassValues,
    averaged_before,
    averages_of,
    class_matrix,
    class_weights,
    fill_undefined,
    takes_zero_division,
)
from ..measures.registry import Measure
from .analytic import (
    average_boundary_note,
    average_boundary_undefined_note,
    binary_analytics,
    mover_wilson,
    multiclass_analytics,
    settle_boundaries,
    settle_dice_boundaries,
    warn_at_end,
)
from .auto import (
    BLURRED_LABELS,
    MOVER_WILSON,
    average_rules,
    blurred_table,
    class_rule,
    pseudo_count_rule,
    smallest_class,
)
from .delta import (
    TableCells,
    class_design_variance,
    class_partials,
    class_variance,
    delta_estimates,
    gradients,
    linearised_variance,
    partials_variances,
    table_variance,
)
from .design import SampleDesign, SimpleRandom
from .estimates import Estimate, IntervalOptions, Resample

__all__ = ["ClassAverages", "ClassEvaluation", "ClassMeasures", "Estimand", "TableMeasures"]


class Estimand:
    """The quantities of one call, as the inference core takes them.

    Parameters
    ----------
    point : dict
        Each quantity's value on ``counts`` (an array of any shape: one number, one per class, one per average).
    bounds : dict
        The same keys, in order, with the range (lo, hi) each interval is clipped to (numbers, or arrays like the
        value).
    counts : numpy.ndarray
        The table of counts the values are functions of, as it is resampled.
    scales : dict, optional
        The scale of a quantity's delta-method interval, as its record declares it; the others take their range's.
    rows : numpy.ndarray, optional
        For ``counts`` that are the stored cells of a sparse table (shape (m,)), the row of each cell.

    Attributes
    ----------
    unit : str
        How the bootstrap's method name begins ("bootstrap", "bootstrap over subjects,", "paired bootstrap").
    """

    unit = "bootstrap"

    def __init__(self, point: dict, bounds: dict, counts: np.ndarray, *, scales: dict | None = None,
                 rows: np.ndarray | None = None) -> None:
        self.point, self.bounds, self.counts = point, bounds, counts
        self.scales, self.rows = scales or {}, rows

    @property
    def keys(self) -> list:
        """The quantities, in order."""
        return list(self.bounds)

    def evaluate(self, stack: np.ndarray, keys: list) -> dict[str, np.ndarray]:
        """The values of the quantities ``keys`` on a stack of tables (b, *counts.shape), each (b, *value shape)."""
        raise NotImplementedError

    def analytic(self, key) -> Estimate | Resample | None:
        """The analytic estimate of a quantity; None where it has none (the delta method or the bootstrap); a
        :class:`~.estimates.Resample` for the analytic SE beside a bootstrap interval."""
        return None

    def settled(self, estimates: dict, opts: IntervalOptions) -> dict:
        """The estimates of every quantity as the call returns them: the estimand's last word on values its
        methods say nothing about (by default, the estimates as they are)."""
        return estimates

    def variances(self, keys: list, design) -> dict[str, np.ndarray] | None:
        """The delta-method variances of the quantities ``keys`` under ``design`` ("multinomial",
        "fixed-reference", a :class:`~.design.SampleDesign` or a :class:`~.design.SimpleRandom`), where the estimand
        knows their structure; None where it does not (the core then moves every non-empty cell)."""
        return None

    @property
    def structured(self) -> bool:
        """Whether :meth:`variances` gives the variances (cheap at any size), rather than the core's moved cells."""
        return type(self).variances is not Estimand.variances

    def _smallest_class(self) -> float:
        """The fewest objects of a class present on either side (:func:`~.auto.smallest_class` of the one-vs-rest
        counts ``self.one_vs_rest``), computed once: the small-sample rules of every key read it."""
        if not hasattr(self, "_smallest"):
            a, b, c, _ = self.one_vs_rest
            self._smallest = smallest_class(a + b, a + c)
        return self._smallest

    def small_sample(self, key, estimate: Estimate, opts: IntervalOptions) -> Estimate | Resample | None:
        """What ``ci="auto"`` gives a quantity instead of its delta-method ``estimate`` where that interval does not
        keep its promise (the rules of :mod:`.auto`): a :class:`~.estimates.Resample` for a bootstrap interval
        beside its SE, or another Estimate; None where the estimate stands."""
        return None

    def jackknife(self, keys: list) -> tuple[dict, np.ndarray] | None:
        """The values of ``keys`` with one object left out of each non-empty cell and the number of objects each
        stands for, where the estimand has a faster way than evaluating the leave-one-out tables (values linear in
        the counts); None otherwise. Used by BCa only."""
        return None

    def moved_variances(self, keys: list, design) -> dict[str, np.ndarray]:
        """The variances from the gradients over the non-empty cells (each moved up and down), under ``design``
        (the gradients taken once for every design: the sample's and its reference)."""
        if not hasattr(self, "_moved"):
            self._moved: dict = {}
        wanted = tuple(keys)
        if wanted not in self._moved:
            self._moved[wanted] = gradients(self.counts, lambda stack: self.evaluate(stack, keys), self.point)
        grads = self._moved[wanted]
        return {key: linearised_variance(self.counts, g, design, self.rows) if len(g) else
                np.zeros_like(np.asarray(self.point[key], dtype=float)) for key, g in grads.items()}


PARTIALS_KEPT = 1 << 21
"""The most bytes of class partials an Agreement keeps for its later calls (K = 100 classes and every record: about
0.1 MiB); a larger table's are computed for each call, so that its memory stays that of the call."""


class ClassEvaluation(ClassValues):
    """The class-specific records evaluated on the one-vs-rest counts of one table's classes, shared by every
    call on that table: the counts (:attr:`one_vs_rest`), each record's class values and the value of the pooled
    counts (:class:`~pandas_agree.measures.averaging.ClassValues`), and the partials of the class values
    (:meth:`partials`), each record's taken once, the records asked for together in one evaluation of their
    formulas on the eight moved sets of counts (:func:`~.delta.class_partials`). The class-specific estimand and
    the averages' read the same partials (the averages' micro column reads those of the pooled counts, one more
    class).

    Examples
    --------
    >>> import numpy as np
    >>> from pandas_agree.measures.binary import resolve_params
    >>> from pandas_agree.measures.registry import REGISTRY
    >>> from pandas_agree.engine.tableview import TableView
    >>> table = np.array([[4.0, 1], [1, 3]])
    >>> found = ClassEvaluation(table, np.arange(2), np.arange(2), resolve_params())
    >>> found.of(REGISTRY["REC"]).tolist()
    [0.8, 0.75]
    >>> found.partials([REGISTRY["REC"]], np.nan).shape  # (a, b, c, d), the K classes and the pooled counts, 1
    (4, 3, 1)
    """

    def __init__(self, view, rows: np.ndarray, cols: np.ndarray, params: dict, correction=None) -> None:
        self.one_vs_rest = _binary.one_vs_rest(view, rows, cols)
        super().__init__(self.one_vs_rest, params, correction)
        self._partials: dict = {}

    def partials(self, measures: list[Measure], zero_division: float) -> np.ndarray:
        """∂/∂a, ∂/∂b, ∂/∂c, ∂/∂d of the class values of ``measures`` (with ``zero_division``) for each class and
        for the pooled counts: shape (4, K + 1, len(measures)). The records not met before are evaluated together,
        once."""
        if 32 * (len(self.one_vs_rest[0]) + 1) * len(measures) > PARTIALS_KEPT:  # a large table: not kept
            function = class_matrix(list(measures), self.params, self.correction, zero_division)
            return class_partials(function, self._joined, separable=True)
        # each evaluation's partials kept as one block (4, K + 1, records), each record's place in its block
        blocks, known = self._partials.setdefault(repr(float(zero_division)), ([], {}))
        missing = list({m.code: m for m in measures if m.code not in known}.values())
        if missing:
            function = class_matrix(missing, self.params, self.correction, zero_division)
            if math.isnan(zero_division):  # the class values as they are: from the same evaluation
                values, found = class_partials(function, self._joined, separable=True, with_values=True)
                by_record = np.ascontiguousarray(np.moveaxis(values, -1, 0))  # each record's values a block
                for i, m in enumerate(missing):
                    self._both.setdefault(m.code, by_record[i])
            else:
                found = class_partials(function, self._joined, separable=True)
            blocks.append(found)
            known.update({m.code: (len(blocks) - 1, i) for i, m in enumerate(missing)})
        places = [known[m.code] for m in measures]
        block = places[0][0] if places else None
        if all(b == block for b, _ in places):  # one block: the records' columns taken at once
            return blocks[block][..., [i for _, i in places]]
        return np.stack([blocks[b][..., i] for b, i in places], axis=-1)


class ClassMeasures(Estimand):
    """The class-specific (one-vs-rest) values of some records for K classes of a table.

    Parameters
    ----------
    chosen : list of Measure
        The class-specific records.
    view : TableView
        The table as the measures see it.
    rows, cols : numpy.ndarray
        The row and column of each class (−1 where a side lacks it).
    values : dict
        Each record's values on the table, (K,).
    params, correction, zero_division
        As the analysis took them.
    cells : TableCells
        The table's non-empty cells and margins (the delta method's sums).
    counts, cell_rows
        The table of counts as it is resampled, and the row of each stored cell of a sparse one.
    evaluation : ClassEvaluation, optional
        The records evaluated on the one-vs-rest counts of these classes, shared with the other calls on the table
        (made here when not given).
    smallest : float, optional
        The fewest objects of a class of the table on either side, which the small-sample rules of ``ci="auto"``
        read (:mod:`.auto`). By default that of these classes; given where they are only some of the table's
        classes whose rules should be those of all of them: the positive class of a two-class problem, whose
        intervals are then those it has beside the other class.
    """

    def __init__(self, chosen: list[Measure], view: TableView, rows: np.ndarray, cols: np.ndarray, values: dict,
                 params: dict, correction, zero_division: float, cells: TableCells, counts: np.ndarray,
                 cell_rows: np.ndarray | None, opts: IntervalOptions,
                 evaluation: ClassEvaluation | None = None, smallest: float | None = None) -> None:
        super().__init__(values, {m.code: m.range for m in chosen}, counts, scales={m.code: m.scale for m in chosen},
                         rows=cell_rows)
        self.by_code = {m.code: m for m in chosen}
        self.view, self.class_rows, self.class_cols = view, rows, cols
        self.params, self.correction, self.zero_division = params, correction, zero_division
        self.cells, self.opts = cells, opts
        self.evaluation = ClassEvaluation(view, rows, cols, params, correction) if evaluation is None else evaluation
        self.one_vs_rest = self.evaluation.one_vs_rest
        self._analytic: dict = {}
        if smallest is not None:
            self._smallest = float(smallest)

    def analytic(self, key):
        if not self._analytic:  # every analytic estimate at the first call (the binomial ones in one call)
            corrected = _binary.corrected(*self.one_vs_rest, self.correction)
            self._analytic.update(binary_analytics(list(self.by_code.values()), self.one_vs_rest, corrected,
                                                   self.params, self.opts, self.point, self._smallest_class()))
        return self._analytic[key]

    def settled(self, estimates, opts):
        records = list(self.by_code.values())
        settled = settle_boundaries(records, _binary.corrected(*self.one_vs_rest, self.correction), estimates, opts)
        return settle_dice_boundaries(records, self.one_vs_rest, settled, opts)

    def evaluate(self, stack, keys):
        resampled = _binary.one_vs_rest(self.view.with_counts(stack), self.class_rows, self.class_cols)
        return {code: fill_undefined(_binary.class_values(self.by_code[code], resampled, self.params,
                                                          self.correction), self.zero_division,
                                     takes_zero_division(self.by_code[code])) for code in keys}

    def small_sample(self, key, estimate, opts):
        rule = class_rule(self.by_code[key], self._smallest_class())
        if rule is None or max(self.view.shape) > BLURRED_LABELS:
            return None
        blurred = self._blurred_estimates(opts)[key]
        return Estimate(estimate.value, estimate.se, blurred.lower, blurred.upper,
                        f"{estimate.method} SE, {blurred.method.replace('linearised', 'blurred')} interval",
                        pvalue=estimate.pvalue, note=rule.note)

    def _blurred_estimates(self, opts) -> dict[str, Estimate]:
        """The linearised estimates on the blurred table (:meth:`_blurred`) of every record that a small-sample rule
        gives its interval and that has no analytic one, from one evaluation for all of them (kept for the call's
        other records)."""
        if getattr(self, "_blurred_found", None) is None or self._blurred_found[0] is not opts:
            smallest = self._smallest_class()
            keys = [code for code, m in self.by_code.items()
                    if self._analytic.get(code) is None and class_rule(m, smallest) is not None]
            self._blurred_found = (opts, delta_estimates(self, opts, keys, variances=self._blurred().variances))
        return self._blurred_found[1]

    def _blurred(self) -> ClassMeasures:
        """The same values on the table with :data:`~.auto.BLUR` objects added to every cell of the classes
        present (:func:`blurred_table`)."""
        view = _dense(self.view)
        table = blurred_table(view.counts)
        return ClassMeasures(list(self.by_code.values()), view.with_counts(table), self.class_rows,
                             self.class_cols, self.point, self.params, self.correction, self.zero_division,
                             TableCells(table), table, None, self.opts)

    def variances(self, keys, design):
        counts, rows, cols = self.one_vs_rest, self.class_rows, self.class_cols
        k = len(rows)
        # (4, K, codes): the classes' partials, those of the pooled counts left aside
        every = np.ascontiguousarray(self.evaluation.partials([self.by_code[code] for code in keys],
                                                              self.zero_division)[:, :k])
        together = np.empty((k, len(keys)))  # (K, codes), codes in groups whose temporaries stay bounded
        if isinstance(design, SimpleRandom) or design == "multinomial":
            scale = design.scale if isinstance(design, SimpleRandom) else 1.0
            step = max(1, (1 << 16) // max(k, 1))
            for i in range(0, len(keys), step):
                together[:, i:i + step] = scale * class_variance(counts, every[..., i:i + step])
        elif isinstance(design, SampleDesign):  # the PSUs' influences, at most 2²² numbers at a time
            step = max(1, (1 << 22) // max(k * design.units.n_units, 1))
            for i in range(0, len(keys), step):
                together[:, i:i + step] = class_design_variance(design, counts, rows, cols, every[..., i:i + step])
        else:  # each class's value as a function of every class's counts
            step = max(1, (1 << 20) // max(k * k, 1))
            for i in range(0, len(keys), step):
                part = every[..., i:i + step]
                spread = np.zeros((4, k, k, part.shape[-1]))
                spread[:, np.arange(k), np.arange(k)] = part
                together[:, i:i + step] = table_variance(self.cells, rows, cols, counts, spread.reshape(4, k, -1),
                                                         design).reshape(k, part.shape[-1])
        return {code: together[:, i] for i, code in enumerate(keys)}


def _dense(view: TableView) -> TableView:
    """``view`` held dense (the I×J counts of a sparse one's stored cells)."""
    if not view.is_sparse:
        return view
    counts = np.zeros(view.shape)
    np.add.at(counts, view.cells, view.counts)
    return TableView(counts, view.rows, view.cols, view.row_place, view.col_place, view.q,
                     row_scores=view.row_scores, col_scores=view.col_scores, sampled=view.sampled)


def _separable_partials(function, counts):
    return class_partials(function, counts, separable=True)


class ClassAverages(Estimand):
    """The averages over the classes of some class-specific records, by each averaging method.

    ``class_values`` are the records' values of each class (shared with the class-specific call); ``bounds`` give
    each average's own range, which is its interval's scale; ``averaging`` is the
    :class:`~pandas_agree.measures.averaging.Averaging` that gave the values, whose partials serve the variances of
    every average (made here when not given).
    """

    def __init__(self, chosen: list[Measure], view: TableView, rows: np.ndarray, cols: np.ndarray,
                 one_vs_rest: tuple, values: dict, bounds: dict, scales: dict, methods: list[str], timing: str,
                 params: dict, correction, zero_division: float, class_values: ClassValues, cells: TableCells,
                 counts: np.ndarray, cell_rows: np.ndarray | None, *, averaging: Averaging | None = None) -> None:
        super().__init__(values, bounds, counts, scales=scales, rows=cell_rows)
        self.by_code = {m.code: m for m in chosen}
        self.view, self.class_rows, self.class_cols, self.one_vs_rest = view, rows, cols, one_vs_rest
        self.methods, self.timing, self.params = methods, timing, params
        self.correction, self.zero_division, self.class_values, self.cells = correction, zero_division, \
            class_values, cells
        self.averaging = averaging

    def evaluate(self, stack, keys):
        resampled = _binary.one_vs_rest(self.view.with_counts(stack), self.class_rows, self.class_cols)
        averaged = averages_of([self.by_code[k] for k in keys], resampled, self.methods, self.timing, self.params,
                               self.correction, self.zero_division)
        return {code: v for code, (v, _) in averaged.items()}

    def variances(self, keys, design):
        averaging = self.averaging
        if averaging is None or [m.code for m in averaging.measures] != list(keys):
            averaging = Averaging([self.by_code[k] for k in keys], self.one_vs_rest, self.methods, self.timing,
                                  self.params, self.correction, self.zero_division, values=self.class_values)
        shared = self.class_values.partials if isinstance(self.class_values, ClassEvaluation) else None
        partials = averaging.partials(_separable_partials, None if shared is None else
                                      (lambda records: shared(records, self.zero_division)))
        k = partials.shape[1]
        variance = table_variance(self.cells, self.class_rows, self.class_cols, self.one_vs_rest,
                                  partials.reshape(4, k, -1), design)
        return dict(zip(keys, variance.reshape(len(keys), len(self.methods)), strict=True))

    def settled(self, estimates, opts):
        """The estimates with the averages of the odds-ratio family at a finite end of their range (every class they
        average at that end: a zero cell in each class's 2×2 table, Yule's Q of 1) given an interval that is not a
        point, as the class values there are given one.

        Under ``ci="auto"`` (or a binomial method's name) without a sample design, an unweighted, weighted or
        inverse average of values at the end e takes the classes' score intervals (l_k, u_k)
        (:func:`~.analytic.binary_analytics`, as ``binary()`` gives them) averaged with the average's renormalised
        weights c_k: [Σ c_k·l_k, Σ c_k·u_k]. It is the method of variance estimates recovery (Zou & Donner 2008) with
        the classes' estimates taken as perfectly correlated (the one-vs-rest tables share their objects, and on two
        classes they are one table read both ways, whose Q and Y are the same), the widest it gives: on two classes
        it is the classes' own interval. The micro average takes the score interval of the pooled counts. The SE,
        p-value and design effect are NaN, as the classes' (:func:`~.analytic.average_boundary_note`).
        Under the delta method, the bootstrap and sample designs (and for an average taken before the formula),
        the SE and interval are NaN with :func:`~.analytic.average_boundary_undefined_note`, as
        :func:`~.analytic.settle_boundaries` leaves the class values. One warning names the averages."""
        family = [m for m in self.by_code.values() if m.odds_ratio_family and isinstance(estimates.get(m.code),
                                                                                          Estimate)]
        if not family:
            return estimates
        scored = opts.sample is None and opts.ci not in ("linearized", "bootstrap")
        a, b = (np.asarray(x, dtype=float) for x in self.one_vs_rest[:2])
        out, found, classes = dict(estimates), {}, None
        for m in family:
            e = estimates[m.code]
            shape = np.shape(e.value)
            value = np.asarray(e.value, dtype=float).reshape(-1)
            lo, hi = (np.broadcast_to(np.asarray(x, dtype=float), shape).reshape(-1) for x in self.bounds[m.code])
            with np.errstate(invalid="ignore"):  # within 1e-12 of a finite end (NaN and ∞ are at none)
                ends = np.where(np.abs(value - lo) <= 1e-12, lo, np.where(np.abs(value - hi) <= 1e-12, hi, np.nan))
            edge = np.isfinite(ends) & np.isfinite(value)  # an infinite value is blank already (undefined_at_infinity)
            if not edge.any():
                continue
            lower, upper = (np.array(np.broadcast_to(np.asarray(x, dtype=float), shape)).reshape(-1)
                            for x in (e.lower, e.upper))
            done = np.zeros(value.shape, dtype=bool)
            if scored:
                if classes is None:
                    classes = self._class_score_intervals(family, opts)
                values, class_lower, class_upper = classes[m.code]
                for j, method in enumerate(self.methods):
                    if not edge[j]:
                        continue
                    if method == "micro":
                        ends_j = class_lower[-1], class_upper[-1]
                    elif averaged_before(m, self.timing):
                        continue
                    else:
                        w = np.where(np.isnan(values[:-1]), 0.0, class_weights(method, a, b))
                        if w.sum() <= 0 or not np.allclose(values[:-1][w > 0], ends[j], rtol=0, atol=1e-12):
                            continue
                        c = w / w.sum()
                        ends_j = (np.sum(np.where(w > 0, c * class_lower[:-1], 0.0)),
                                  np.sum(np.where(w > 0, c * class_upper[:-1], 0.0)))
                        # the end the classes share is the average's end exactly (a weighted sum may miss it by
                        # a rounding error)
                        ends_j = (lo[j], ends_j[1]) if ends[j] == lo[j] else (ends_j[0], hi[j])
                    if np.all(np.isfinite(ends_j) | np.isinf(ends_j)) and not np.any(np.isnan(ends_j)):
                        lower[j], upper[j] = np.clip(ends_j, lo[j], hi[j])
                        done[j] = True
            blank = edge & ~done

            def nan_at(x, at):
                return None if x is None else np.where(at.reshape(np.shape(x)) if np.ndim(x) else at.any(), np.nan,
                                                       x)

            lower, upper = np.where(blank, np.nan, lower), np.where(blank, np.nan, upper)
            notes = () if e.note is None else (e.note,) if isinstance(e.note, str) else tuple(e.note)
            if done.any():
                notes = (*notes, average_boundary_note())
            if blank.any():
                notes = (*notes, average_boundary_undefined_note())
            method = e.method + ("; at the end of the range, the classes' score intervals averaged" if done.any()
                                 else "")
            out[m.code] = Estimate(e.value, nan_at(e.se, edge), lower.reshape(shape), upper.reshape(shape), method,
                                   e.undefined, nan_at(e.pvalue, edge), notes, nan_at(e.deff, edge))
            found[m.code] = [name for name, at in zip(self.methods, edge, strict=True) if at]
        warn_at_end({code: f"{code} ({', '.join(names)})" for code, names in found.items()},
                    "the SE of an average at the end of its range (every class it averages at that end: a zero cell in "
                    "each class's 2×2 table) is undefined and set to NaN: {}; see the notes for its interval")
        return out

    def _class_score_intervals(self, family: list[Measure], opts) -> dict:
        """The class values of the records ``family`` and their intervals as ``binary()`` gives them under
        ``opts`` (the score intervals at a zero cell), of every class and of the pooled counts (the last), by
        code."""
        import warnings

        from ..base.undefined import UndefinedMeasureWarning

        joined = tuple(np.concatenate([x, x.sum(axis=-1, keepdims=True)]) for x in
                       (np.asarray(c, dtype=float) for c in self.one_vs_rest))
        corrected = _binary.corrected(*joined, self.correction)
        values = {m.code: _binary.class_values(m, joined, self.params, self.correction) for m in family}
        with warnings.catch_warnings():  # the classes' values at the boundary are the averages' concern here
            warnings.simplefilter("ignore", UndefinedMeasureWarning)
            found = binary_analytics(family, joined, corrected, self.params, opts, values)
        return {m.code: (np.asarray(values[m.code], dtype=float), np.asarray(found[m.code].lower, dtype=float),
                         np.asarray(found[m.code].upper, dtype=float)) for m in family}

    def _rules(self, key) -> list:
        """The rule of :mod:`.auto` for each averaging method of ``key`` (None where none applies), those of every
        key found at the first call."""
        if getattr(self, "_rule_table", None) is None:
            smallest, k = self._smallest_class(), len(self.class_rows)
            self._rule_table = {code: average_rules(m, self.methods, k, smallest, self.timing)
                                for code, m in self.by_code.items()}
        return self._rule_table[key]

    def small_sample(self, key, estimate, opts):
        rule = pseudo_count_rule(self.by_code[key], self.correction, opts.design)
        if rule is not None:
            return self._pseudo_count_estimate(key, estimate, opts, rule)
        rules = self._rules(key)
        if not any(rules):
            return None
        kinds = [None if rule is None else rule.method for rule in rules]
        if "percentile" in kinds:
            return Resample("percentile", rules[kinds.index("percentile")].note, estimate)
        if max(self.view.shape) > BLURRED_LABELS:  # the blurred table is held dense: not for many labels
            kinds = [None if kind == "blurred" else kind for kind in kinds]
        if not any(kinds):
            return None
        m = len(self.methods)
        value = np.asarray(estimate.value, dtype=float).reshape(m)
        lower, upper = (np.array(x, dtype=float).reshape(m) for x in (estimate.lower, estimate.upper))
        # the interval of each averaging method, as the method column names it: the estimate's own where no rule
        # replaces it ("linearised (logit scale) interval")
        names = [f"{estimate.method} interval"] * m
        at = np.array([kind == "blurred" for kind in kinds])
        if at.any():
            blurred = self._blurred_estimates(opts)[key]
            lower[at], upper[at] = np.reshape(blurred.lower, m)[at], np.reshape(blurred.upper, m)[at]
            for j in np.flatnonzero(at):
                names[j] = f"{blurred.method.replace('linearised', 'blurred')} interval"
        at = np.array([kind == "mover-wilson" for kind in kinds])
        if at.any():
            mean, low, high = self._mover_wilson(opts.confidence_level)[key]
            lo, hi = (np.broadcast_to(np.asarray(x, dtype=float), (m,))[at] for x in self.bounds[key])
            # the ends' distances from the mean of the proportions, about the average's value
            lower[at] = np.where(np.isnan(value[at]), np.nan, np.clip(value[at] - (mean - low), lo, value[at]))
            upper[at] = np.where(np.isnan(value[at]), np.nan, np.clip(value[at] + (high - mean), value[at], hi))
            for j in np.flatnonzero(at):
                names[j] = "MOVER–Wilson interval"
        by_name: dict[str, list[str]] = {}
        for name, method in zip(names, self.methods, strict=True):
            by_name.setdefault(name, []).append(method)
        described = next(iter(by_name)) if len(by_name) == 1 else ", ".join(
            f"{name} ({', '.join(methods)})" for name, methods in by_name.items())
        notes = tuple(dict.fromkeys(rule.note for rule, kind in zip(rules, kinds, strict=True) if kind))
        shape = np.shape(estimate.lower)
        return Estimate(estimate.value, estimate.se, lower.reshape(shape), upper.reshape(shape),
                        f"{estimate.method} SE, {described}", pvalue=estimate.pvalue,
                        note=notes[0] if len(notes) == 1 else notes)

    def _pseudo_count_estimate(self, key, estimate: Estimate, opts, rule) -> Estimate | None:
        """The estimate of the averages of ``key`` (a record of the odds-ratio family) with the correction's
        pseudo-counts counted as observations (:meth:`pseudo_count_variances`), each averaging method's named by
        what it took; None where the correction changed none of the classes (or pooled counts) they read."""
        if getattr(self, "_pseudo", None) is None or self._pseudo[0] is not opts:
            keys = [k for k in self.by_code if pseudo_count_rule(self.by_code[k], self.correction, opts.design)]
            extra, changed = self.pseudo_count_variances(keys)
            if not changed:
                found = {}
            else:
                plain = self.variances(keys, opts.design)
                found = delta_estimates(self, opts, keys, variances=lambda wanted, design: {
                    k: plain[k] + extra[k] for k in wanted}, label="linearised with the correction's pseudo-counts")
            self._pseudo = (opts, found, changed)
        _, found, changed = self._pseudo
        at = changed.get(key)
        if at is None or not at.any():
            return None
        pseudo = found[key]
        names = [pseudo.method if on else estimate.method for on in at]
        by_name: dict[str, list[str]] = {}
        for name, method in zip(names, self.methods, strict=True):
            by_name.setdefault(name, []).append(method)
        described = next(iter(by_name)) if len(by_name) == 1 else ", ".join(
            f"{name} ({', '.join(methods)})" for name, methods in by_name.items())
        return Estimate(pseudo.value, pseudo.se, pseudo.lower, pseudo.upper, described, pvalue=pseudo.pvalue,
                        note=rule.note)

    def pseudo_count_variances(self, keys: list) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray]]:
        """What the correction's pseudo-counts add to the multinomial delta-method variance of the averages
        ``keys`` (records of the odds-ratio family) when they are counted as observations, and where the correction
        changed the counts an average reads: two dicts by code, each (methods,).

        A class whose 2×2 table has a zero cell takes its value at the counts x + h (h = ``correction``). Woolf's
        variance of its log odds ratio, Σ 1/(x + h), is the multinomial delta-method variance Σ m g² − (Σ m g)²/M
        over the four corrected cells m = x + h (M their total, g the partials at them): the pseudo-counts are
        counted as observations. The average f = Σ w_k v_k / Σ w_k takes each corrected class's four pseudo-counts
        the same way, as cells of weight h with the partials g_kx = w_k ∂v_k/∂x_k / Σ w (the weights, of the
        counts as they are, held fixed); micro the pooled counts' four, where they were corrected. Every value of
        the family is a function of degree 0 of its corrected counts, so Σ n g over the table's cells is −Σ h g_kx,
        and the variance over the N objects and the pseudo-counts is the linearised one plus
        Σ h g_kx² + (Σ h g_kx)²/N, which this gives. For one class it is Woolf's variance (Simel's for LRP and LRN);
        so is it for the average over the two classes of a 2×2 table, whose one-vs-rest tables are the same four
        cells read both ways, and whose pseudo-counts are therefore counted once.
        """
        records = [self.by_code[k] for k in keys]
        if not records or not self.correction:
            return {}, {}
        joined = tuple(np.concatenate([x, x.sum(axis=-1, keepdims=True)]) for x in
                       (np.asarray(c, dtype=float) for c in self.one_vs_rest))
        corrected = _binary.corrected(*joined, self.correction)
        added = corrected[0] - joined[0]  # h of each class and of the pooled counts, 0 where none was added
        k = len(added) - 1
        if k < 1 or not added.any():
            return {}, {}

        def class_partials_at(wanted):
            """The partials of the class values (and pooled counts') of ``wanted`` at the corrected counts, each of
            the four counts moved (the formulas without correction, at x + h), 0 for the classes not corrected."""
            found = class_partials(class_matrix(list(wanted), self.params, None, self.zero_division), corrected,
                                   separable=True)
            return np.where(added[None, :, None] > 0, found, 0.0)

        averaging = Averaging(records, self.one_vs_rest, self.methods, self.timing, self.params, self.correction,
                              self.zero_division, values=self.class_values)
        held = averaging.partials(lambda function, counts: np.zeros((4, *np.shape(function(*counts)))),
                                  class_partials_at, with_values=False)  # (4, K, keys, methods), weights held
        total = float(sum(np.asarray(x, dtype=float)[0] for x in self.one_vs_rest))
        # two classes that make up the whole table read one 2×2 both ways (the second's a, b, c, d are the first's
        # d, c, b, a): their pseudo-counts are the same four, each with the partials of both classes
        both_ways = k == 2 and np.array_equal(np.stack(joined)[:, 1], np.stack(joined)[::-1, 0])
        extra, changed = {}, {}
        for i, code in enumerate(keys):
            var = np.zeros(len(self.methods))
            at = np.zeros(len(self.methods), dtype=bool)
            for j, method in enumerate(self.methods):
                if method == "micro":  # the pooled counts' partials, the same for every class: taken once
                    h, g = added[k:], held[:, :1, i, j]
                elif both_ways:
                    h, g = added[:1], held[:, :1, i, j] + held[::-1, 1:, i, j]
                else:
                    h, g = added[:k], held[:, :, i, j]
                g = np.where(h > 0, g, 0.0)
                at[j] = bool((h > 0).any())
                var[j] = (h * g * g).sum() + (h * g).sum() ** 2 / total
            extra[code], changed[code] = var, at
        return extra, changed

    def _mover_wilson(self, confidence_level: float) -> dict[str, tuple[np.ndarray, np.ndarray, np.ndarray]]:
        """The unweighted mean of the classes' recalls (REC) or precisions (PRE) and its MOVER–Wilson interval
        (:func:`~.analytic.mover_wilson`), by code, for the records of :data:`~.auto.MOVER_WILSON` among the keys
        (both in one call): each class's proportion of the diagonal count over its reference (or predicted) count,
        the classes without that count left out as the average leaves them out (or entered with
        ``zero_division``'s value)."""
        if getattr(self, "_mover", None) is None or self._mover[0] != confidence_level:
            a, b, c, _ = self.one_vs_rest
            codes = [code for code in MOVER_WILSON if code in self.by_code]
            trials = np.stack([a + b if MOVER_WILSON[code] == "reference" else a + c for code in codes])
            found = mover_wilson(np.broadcast_to(a, trials.shape), trials, confidence_level=confidence_level,
                                 undefined=self.zero_division)
            self._mover = (confidence_level, {code: tuple(x[i] for x in found) for i, code in enumerate(codes)})
        return self._mover[1]

    def _blurred_estimates(self, opts) -> dict[str, Estimate]:
        """The linearised estimates of every average on the table with :data:`~.auto.BLUR` objects added to every
        cell whose row and column hold objects, from one evaluation for all the records (kept for the call's other
        records)."""
        if getattr(self, "_blurred", None) is None or self._blurred[0] is not opts:
            keys = [key for key in self.by_code
                    if any(rule is not None and rule.method == "blurred" for rule in self._rules(key))]
            self._blurred = (opts, delta_estimates(self, opts, keys, variances=self._blurred_variances))
        return self._blurred[1]

    def _blurred_variances(self, keys, design):
        """The variances of the averages ``keys`` on the table with :data:`~.auto.BLUR` objects added to every
        cell whose row and column hold objects (:func:`~.auto.blurred_table`): the class values and their partials
        on it in one evaluation of the formulas."""
        view = _dense(self.view)
        table = blurred_table(view.counts)
        evaluation = ClassEvaluation(view.with_counts(table), self.class_rows, self.class_cols, self.params,
                                     self.correction)
        averaging = Averaging([self.by_code[k] for k in keys], evaluation.one_vs_rest, self.methods, self.timing,
                              self.params, self.correction, self.zero_division, values=evaluation)
        partials = averaging.partials(_separable_partials,
                                      lambda records: evaluation.partials(records, self.zero_division),
                                      with_values=False)  # the intervals are about the table's own values
        k = partials.shape[1]
        variance = table_variance(TableCells(table), self.class_rows, self.class_cols, evaluation.one_vs_rest,
                                  partials.reshape(4, k, -1), design)
        return dict(zip(keys, variance.reshape(len(keys), len(self.methods)), strict=True))


class TableMeasures(Estimand):
    """Values of the whole table (multiclass measures, association statistics): one number each.

    ``params_of(record)`` gives the parameters a record's formula takes (its agreement weights); ``cells`` the
    table's non-empty cells and margins, from which the records that declare a gradient get their variances in
    O(non-empty cells); the others are moved cell by cell.
    """

    def __init__(self, chosen: list[Measure], view: TableView, values: dict, params_of: Any, cells: TableCells,
                 counts: np.ndarray, cell_rows: np.ndarray | None, opts: IntervalOptions) -> None:
        super().__init__(values, {m.code: m.range for m in chosen}, counts, scales={m.code: m.scale for m in chosen},
                         rows=cell_rows)
        self.by_code = {m.code: m for m in chosen}
        self.view, self.params_of, self.cells, self.opts = view, params_of, cells, opts
        self._analytic: dict = {}
        self._partials: dict = {}

    def analytic(self, key):
        if not self._analytic:  # every analytic estimate at the first call (the binomial ones in one call)
            self._analytic.update(multiclass_analytics(list(self.by_code.values()), self.view,
                                                       lambda m: self.params_of(m), self.opts))
        return self._analytic[key]

    def evaluate(self, stack, keys):
        resampled = self.view.with_counts(stack)
        return {code: np.asarray(self.by_code[code].compute(resampled, **self.params_of(self.by_code[code])), float)
                for code in keys}

    def _partials_of(self, code):
        if code not in self._partials:  # the same partials under the design and its reference
            m = self.by_code[code]
            with np.errstate(all="ignore"):  # an undefined value has undefined partials
                self._partials[code] = None if m.gradient is None else m.gradient(self.view, **self.params_of(m))
        return self._partials[code]

    def variances(self, keys, design):
        found = {code: p for code in keys if (p := self._partials_of(code)) is not None}
        moved = [code for code in keys if code not in found]
        out = {}
        if found:  # the variances of every value with partials in one pass over the cells
            variances = partials_variances(self.cells, self.view.rows, self.view.cols, list(found.values()), design)
            out = {code: float(v) for code, v in zip(found, variances, strict=True)}
        if moved:  # no structure to use (a weighted form): every non-empty cell is moved
            out.update(self.moved_variances(moved, design))
        return out
