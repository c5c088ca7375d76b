"""``Comparison``: two or more classifications of the same objects against one reference, with paired inference.

The rows are counted once into the joint table reference × prediction_1 × … × prediction_P. Each prediction's
Agreement is a margin of it; the paired bootstrap resamples the joint table (multinomial) and gives every
prediction's table of the same resample at once, so differences keep their pairing and the cost does not grow
with the number of rows.
"""

from __future__ import annotations

import warnings
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import replace
from itertools import combinations

import numpy as np
import pandas as pd

from ..base.frames import column, column_or_values
from ..base.options import validate_options
from ..base.text import about, name_text
from ..base.undefined import UndefinedMeasureWarning, external_stacklevel
from ..engine.cells import native_rows
from ..engine.crosstab import as_label_series, described, held_sparse, no_valid_rows, validate_weights
from ..engine.design import DesignColumns, check_replicates, merge_units
from ..engine.joint import MAX_CELLS, MAX_CODES, JointTable, joint_table
from ..engine.labels import labels_index, names_index, positions_of
from ..engine.native import engine_of
from ..inference.analytic import interval_notes
from ..inference.bootstrap import CHUNK_CELLS
from ..inference.delta import linearised_variance
from ..inference.design import SampleDesign
from ..inference.distributions import two_sided_p
from ..inference.estimands import Estimand
from ..inference.estimates import Estimate, IntervalOptions, interval_options, within
from ..inference.intervals import estimate
from ..inference.tests import cochran_q, cochran_q_of_totals, holm, paired_mcnemar
from ..measures.registry import resolve
from .agreement import Agreement
from .crosstab import Counted
from .merge import check_batch_design, merged_label_order, same_labels, union_labels
from .messages import classes_left_out, left_out_text
from .reports import build_report
from .rows import CountedRows

__all__ = ["Comparison", "compare"]

DEFAULT_MEASURES = ("OSR", "KAPPA", "F1")


def _resolve(measures) -> list:
    names = list(DEFAULT_MEASURES) if measures is None else measures
    return resolve(names, ("multiclass", "binary"), default=lambda m: False)


SPARSE_JOINT = 1 << 16
"""A joint table of more cells than this goes to the inference core as its non-empty cells (without a sample
design): at 60 labels and three predictions it has 13 million cells, nearly all empty, and the paired bootstrap and
the moved cells of the delta method read every one of them (94 s for differences())."""


class PairedDifferences(Estimand):
    """The differences A − B of some measures for every pair of predictions, as the inference core takes them: the
    joint table (reference × prediction_1 × … × prediction_P, its predictions in the order of their names, so that
    listing them in another order gives the same resamples) is what is resampled, so every resample keeps the
    pairing; a large one (:data:`SPARSE_JOINT`) as its non-empty cells in the same order, each with its reference
    label (the row that ``resampling="fixed-reference"`` keeps). OSR's difference has the analytic Wald interval of
    paired proportions (McNemar-type SE)."""

    unit = "paired bootstrap"

    def __init__(self, comparison: Comparison, chosen: list, classes: str, timing: str = "default",
                 zero_division: float = np.nan) -> None:
        self.comparison, self.chosen, self.classes = comparison, chosen, classes
        self.timing, self.zero_division = timing, zero_division
        axes = comparison._canonical_axes()
        self.back = [0, *(1 + a for a in np.argsort(axes))]
        bounds = {m.code: (m.range[0] - m.range[1], m.range[1] - m.range[0]) for m in chosen}
        self.gathers, rows = None, None
        joint = comparison._joint
        if joint.counts is None:  # held as its non-empty cells: those, in the canonical axes' row-major order
            values, own = joint.nonzero()
            row_major = np.lexsort([own[axis] for axis in axes][::-1])
            where = tuple(own[axis][row_major] for axis in axes)
            counts = values[row_major]
        else:
            counts = np.transpose(joint.counts, axes)
            where = np.nonzero(counts)  # row-major: the order of the whole table's non-empty cells
        # each non-empty cell's label on each axis of the joint table's own order (reference, predictions)
        self.cells = [where[axis] for axis in np.argsort(axes)]
        if joint.counts is None or (counts.size > SPARSE_JOINT and comparison._sample is None):
            if counts.ndim > 1:
                counts = counts[where]
            rows = where[0]
            # each cell's place in each prediction's table
            self.gathers = comparison._gathers(self.cells)
        super().__init__({}, bounds, counts, scales=dict.fromkeys(bounds, "identity"), rows=rows)
        # on each prediction's own table (its margin of the joint table, held sparse where it is large): no dense
        # copy of every prediction's I × J table, which 20,000 classes would make 3.2 GB each
        self.point = comparison._paired_values(chosen, [None] * len(comparison._agreements), classes, timing,
                                               zero_division)
        self.opts = None

    def evaluate(self, stack, keys):
        chosen = [m for m in self.chosen if m.code in keys]
        if self.gathers is None:
            margins = self.comparison._margins(np.transpose(stack, self.back))
        else:
            # each resample's tables are added up dense (I × J_p cells each): as many at a time as CHUNK_CELLS
            # holds, however few non-empty cells the resamples were drawn in chunks of
            largest = max(gather.shape[1] for gather in self.gathers)
            step = max(1, CHUNK_CELLS // largest)
            if len(stack) > step:
                parts = [self.evaluate(stack[i:i + step], keys) for i in range(0, len(stack), step)]
                return {code: np.concatenate([part[code] for part in parts]) for code in keys}
            margins = self.comparison._margins_at_cells(stack, self.gathers)
        paired = self.comparison._paired_values(chosen, margins, self.classes, self.timing, self.zero_division)
        return {code: paired[code] for code in keys}

    def analytic(self, key):
        return self.comparison._paired_proportions(self.point[key], self.opts) if key == "OSR" else None

    def variances(self, keys, design):
        """Each difference's gradient over the joint table's non-empty cells is the difference of the two
        predictions' gradients over their own tables (:meth:`~pandas_agree.Agreement.summary_gradients`), each
        at the cell's labels: O(non-empty cells) for each value, where moving every cell took an evaluation of
        every prediction's table for each cell. A record without a declared gradient is moved cell by cell."""
        chosen = [m for m in self.chosen if m.code in keys]
        wanted = tuple(m.code for m in chosen)
        if getattr(self, "_gradients", (None,))[0] != wanted:  # the same for a design and for its reference
            self._gradients = (wanted, [ag.summary_gradients(chosen, self.classes, self.timing, self.zero_division)
                                        for ag in self.comparison._agreements])
        found = self._gradients[1]
        declared = [code for code in keys if all(g[code] is not None for g in found)]
        out = {}
        if declared:
            reference = self.cells[0]
            at = [{code: g[code].at(reference, self.cells[1 + p])[:, 0] for code in declared}
                  for p, g in enumerate(found)]
            for code in declared:
                gradient = np.stack([at[a][code] - at[b][code] for a, b in self.comparison._pairs()], axis=-1)
                out[code] = linearised_variance(self.counts, gradient, design, self.rows)
        moved = [code for code in keys if code not in out]
        if moved:
            out.update(self.moved_variances(moved, design))
        return out


def _each_prediction(methods: dict) -> str:
    """One interval method for every prediction, or each prediction's ("knn: Wilson; logistic: ..."), where they
    differ."""
    texts = list(dict.fromkeys(methods.values()))
    if len(texts) == 1:
        return texts[0]
    return "; ".join(f"{name_text(name)}: {text}" for name, text in methods.items())


def _column_name(m) -> str:
    return m.code if m.kind != "binary" else f"{m.code} (unweighted)"


class Comparison(CountedRows):
    """Two or more classifications (prediction columns) of the same objects against one reference.

    Build one with ``df.agree.compare(reference, [pred_a, pred_b, ...])`` or, for a table of any engine,
    :meth:`from_frame`; comparisons of disjoint rows add up (``a + b``, :meth:`combine`, :meth:`update`).
    ``values()`` gives each prediction's measures with intervals, ``differences()`` each pair's paired difference
    with its interval and p-value, ``tests()`` McNemar's and Cochran's tests, ``report()`` all of it.

    Attributes
    ----------
    names : list
        The prediction columns, in order.
    agreements : dict
        Each prediction's :class:`~pandas_agree.Agreement` with the reference (margins of the joint table).
    n : float
        N, the objects every prediction is judged on (or their weight sum).
    n_missing : int
        Rows left out because a label (in any column used) or the weight was missing.
    n_missing_weight : int
        Rows left out because their weight was missing (they are among ``n_missing``).
    n_zero_weight : int
        Rows with valid labels left out because their weight was 0.
    n_missing_zero_weight : int
        Rows left out for a missing label whose weight was 0 (they are among ``n_missing``).
    weight_missing : float
        The weighted count of the rows left out for a missing label: the sum of their weights, or their number
        without weights.
    n_rows : int
        Rows read.
    reference : hashable
        The reference column.
    joint : numpy.ndarray
        The joint table of counts, reference × prediction_1 × … × prediction_P (beyond 2²² cells it is held as its
        non-empty cells, and the whole array is refused beyond 50 million cells).
    joint_cells : pandas.DataFrame
        The joint table's non-empty cells: each column's label and the count.

    Examples
    --------
    >>> import pandas_agree as pa
    >>> df = pa.datasets.load("wine_predictions")
    >>> cmp = df.agree.compare("cultivar", ["knn", "logistic"])
    >>> cmp.differences(ci=None).round(3)
                     OSR  KAPPA  F1 (unweighted)
    knn − logistic -0.32 -0.491           -0.347
    """

    @validate_options
    def __init__(self, joint: JointTable, *, match=None, weighted: bool = False, lonely_psu: str = "adjust",
                 replicates: str | None = None) -> None:
        if len(joint.labels) < 3:
            raise ValueError("compare needs at least two prediction columns")
        self._joint = joint
        self._cells = None  # the non-empty cells, counted on first use (_nonempty_cells)
        self._match, self._lonely_psu, self._replicates = match, lonely_psu, replicates
        # match= pairs each prediction's labels with the reference's on its own table; no label is moved
        self._agreements = [Agreement(joint.marginal(p), match=match, counted=Counted(
            n_rows=joint.n_rows, n_missing=joint.n_missing, n_zero_weight=joint.n_zero_weight,
            weight_missing=joint.weight_missing, n_missing_weight=joint.n_missing_weight,
            n_missing_zero_weight=joint.n_missing_zero_weight, weighted=weighted,
            order=joint.order, units=self._margin_units(p), lonely_psu=lonely_psu, replicates=replicates))
            for p in range(len(joint.labels) - 1)]
        self._mappings = [ag.mapping for ag in self._agreements]
        counts = joint.counts
        self._weighted = weighted
        self._sample = None
        if joint.units is not None:  # the PSUs' tables over the cells of the joint table in its canonical order
            canonical = np.transpose(np.arange(counts.size).reshape(counts.shape), self._canonical_axes())
            place = np.empty(counts.size, dtype=np.int64)
            place[canonical.ravel()] = np.arange(counts.size)
            self._sample = SampleDesign(joint.units.mapped(place, 1, (counts.size, 1)), (counts.size, 1),
                                        lonely_psu, replicates, table_shape=canonical.shape)

    @classmethod
    @validate_options
    def from_frame(cls, frame, reference: Hashable, predictions: Sequence[Hashable], *,
                   weights: Hashable | None = None, dropna: bool = True, match=None, strata: Hashable | None = None,
                   cluster: Hashable | None = None, fpc: Hashable | None = None, lonely_psu: str = "adjust",
                   replicates: str | None = None) -> Comparison:
        """The Comparison of the prediction columns of any dataframe against its reference column, its joint table
        counted by the engine that holds the rows.

        A pandas DataFrame is counted as ``df.agree.compare(reference, predictions, ...)`` counts it. A Polars
        DataFrame or LazyFrame, a PyArrow Table, a DuckDB relation, an Ibis table, a PySpark DataFrame or a Dask
        DataFrame is counted where it is: one group-by of the reference and the predictions, with the number of rows
        and the sum of the weights of each cell, runs in its engine (through narwhals;
        :mod:`pandas_agree.engine.native`), and only the cells come back. The joint table, the rows left out (a
        missing value in any column, or a missing weight), values, differences, tests and intervals are those of
        the same rows in pandas. Under a sample design (``strata``, ``cluster``, ``fpc``) each row comes back with
        its cell, design values and weight, since every row can be a PSU.

        Parameters
        ----------
        frame : dataframe
            pandas, Polars (eager or lazy), PyArrow, DuckDB, Ibis, PySpark or Dask.
        reference : column name
            The reference column.
        predictions : list of column names
            Two or more prediction columns.
        weights, strata, cluster, fpc : column name, optional
            As for ``df.agree.compare``; on a frame other than pandas they must be column names.
        dropna, match, lonely_psu, replicates
            As for ``df.agree.compare``.

        Returns
        -------
        Comparison

        Examples
        --------
        >>> import polars as pl
        >>> import pandas_agree as pa
        >>> frame = pl.from_pandas(pa.datasets.load("wine_predictions")).lazy()
        >>> comparison = pa.Comparison.from_frame(frame, "cultivar", ["knn", "logistic"])
        >>> comparison.values(["OSR"], ci=None).round(3)
                    OSR
        knn       0.663
        logistic  0.983
        """
        if isinstance(frame, pd.DataFrame):
            return compare(frame, reference, predictions, weights=weights, dropna=dropna, match=match, strata=strata,
                           cluster=cluster, fpc=fpc, lonely_psu=lonely_psu, replicates=replicates)
        if engine_of(frame) is None:
            raise TypeError(f"frame must be a dataframe (pandas, Polars, PyArrow, DuckDB, Ibis, PySpark or Dask); got "
                            f"{type(frame).__module__}.{type(frame).__name__}")
        predictions = _checked_predictions(predictions, dropna)
        design = {"strata": strata, "cluster": cluster, "fpc": fpc}
        for name, value in {"weights": weights, **design}.items():
            if value is not None and pd.api.types.is_list_like(value):
                raise TypeError(f"{name} must be a column name on a {engine_of(frame)} frame")
        sampled = any(v is not None for v in design.values())
        check_replicates(replicates, sampled)
        names = [reference, *predictions]
        values, rows, w = native_rows(frame, names, weights=weights, design=design,
                                      names=["reference", *(f"predictions[{i}]" for i in range(len(predictions)))])
        columns = [values.iloc[:, i].rename(name) for i, name in enumerate(names)]
        if sampled:  # a row per row of the frame: counted as the pandas rows are
            found = DesignColumns(*(None if value is None else as_label_series(values[value], name)
                                    for name, value in design.items()))
            joint = joint_table(columns, w, names, found, weights_named=described(weights, "weights"))
        else:  # the cells with their rows (or weights) as weights, and the rows' bookkeeping from the counts
            if len(values) == 0:
                raise ValueError("no rows to count: the columns are empty")
            missing = pd.concat(columns, axis=1).isna().any(axis=1).to_numpy().copy()
            if w is not None:
                missing |= np.isnan(w)
            counted = rows.astype(float) if w is None else w
            if not (counted[~missing] > 0).any():  # why: columns whose every label is missing, useless weights
                useless = w is not None and bool(np.all(np.isnan(w) | (w == 0)))
                raise no_valid_rows(int(rows.sum()), all_missing=[described(name) for name, c in
                                                                  zip(names, columns, strict=True) if c.isna().all()],
                                    weights=described(weights, "weights") if useless else None,
                                    weighted=w is not None)
            absent = np.zeros(len(rows), dtype=bool) if w is None else np.isnan(w)
            joint = replace(joint_table(columns, counted, names), n_rows=int(rows.sum()),
                            n_missing=int(rows[missing].sum()), n_missing_weight=int(rows[absent].sum()),
                            n_zero_weight=0 if w is None else int(rows[~missing & (w == 0)].sum()),
                            n_missing_zero_weight=0 if w is None else int(rows[missing & (w == 0)].sum()))
        return cls(joint, match=match, weighted=weights is not None, lonely_psu=lonely_psu, replicates=replicates)

    def _margin_units(self, p: int):
        """The PSUs' tables of the reference × prediction p margin, or None without a sample design."""
        units = self._joint.units
        if units is None:
            return None
        shape = self._joint.counts.shape
        cells = np.indices(shape).reshape(len(shape), -1)
        return units.mapped(cells[0] * shape[1 + p] + cells[1 + p], 1, (shape[0], shape[1 + p]))

    def _canonical_axes(self) -> list[int]:
        """The axes of the joint table with the predictions in the order of their names, so that listing them in
        another order gives the same resamples (and exactly antisymmetric differences)."""
        order = sorted(range(len(self.names)), key=lambda p: str(self.names[p]))
        return [0, *(1 + p for p in order)]

    @property
    def weighted(self) -> bool:
        """Whether N is a weight sum."""
        return self._weighted

    @property
    def design(self) -> dict | None:
        """The sample design (with ``strata=``, ``cluster=`` or ``fpc=``), as :attr:`pandas_agree.Agreement.design`
        gives it; None for independent rows."""
        return None if self._sample is None else self._sample.summary()

    @property
    def names(self) -> list:
        """The prediction columns, in order."""
        return list(self._joint.names[1:])

    @property
    def agreements(self) -> dict:
        """Each prediction's :class:`~pandas_agree.Agreement` with the reference."""
        return dict(zip(self.names, self._agreements, strict=True))

    @property
    def n(self) -> float:
        return self._joint.total

    @property
    def _counted_rows(self):
        return self._joint

    @property
    def reference(self) -> Hashable:
        """The reference column."""
        return self._joint.names[0]

    @property
    def joint(self) -> np.ndarray:
        """The joint table of counts, reference × prediction_1 × … × prediction_P (a ValueError for a table held
        as its non-empty cells that has more than 50 million cells: :attr:`joint_cells` gives those)."""
        return self._joint.dense().copy()

    @property
    def joint_cells(self) -> pd.DataFrame:
        """The non-empty cells of the joint table: one row per combination of labels the rows hold, a column of
        each column's label (the reference's, then each prediction's) and ``count`` (the rows, or their weight
        sum), in the order of the labels.

        Examples
        --------
        >>> import pandas_agree as pa
        >>> df = pa.datasets.load("wine_predictions")
        >>> cells = df.agree.compare("cultivar", ["knn", "logistic"]).joint_cells
        >>> cells.columns.tolist(), int(cells["count"].sum()), len(cells)
        (['cultivar', 'knn', 'logistic', 'count'], 178, 12)
        """
        values, where = self._joint.nonzero()
        columns = {f"_{axis}": labels.take(at) for axis, (labels, at) in enumerate(zip(self._joint.labels, where,
                                                                                      strict=True))}
        out = pd.DataFrame(columns)
        out.columns = pd.Index(self._joint.names, dtype=object, tupleize_cols=False)
        out["count"] = values
        return out

    # --- counts that add up -----------------------------------------------------------------------------

    def combine(self, other: Comparison) -> Comparison:
        """The comparison of this comparison's rows and the rows of ``other`` counted together (``a + b`` is
        ``a.combine(b)``, and ``sum(comparisons)`` adds up several), as :meth:`pandas_agree.Crosstab.combine` adds up
        tables.

        The joint tables add up cell by cell over the union of each column's labels (sorted where both comparisons'
        labels were, as one count of all the rows sorts them; else this comparison's labels, then the other's new
        ones); the rows read, left out and of zero weight add up too, and under a sample design the PSUs' tables are
        merged (a cluster met in both, in the same stratum, is one PSU). Every value, difference, test and interval
        then equals that of one count of all the rows: exactly for whole-number weights.

        Parameters
        ----------
        other : Comparison
            The comparison of other rows, counted the same way: the same reference and predictions (in the same
            order), both weighted or neither, the same ``match=`` and the same sample design (strata, clusters and
            ``fpc`` given for both or neither, with ``lonely_psu=`` and ``replicates=`` alike).

        Returns
        -------
        Comparison
            A new comparison; the two added are unchanged.

        Raises
        ------
        TypeError
            For an object that is not a Comparison.
        ValueError
            For comparisons counted differently (the message names what differs).

        Examples
        --------
        >>> import pandas_agree as pa
        >>> df = pa.datasets.load("wine_predictions")
        >>> both = (df.iloc[:90].agree.compare("cultivar", ["knn", "logistic"])
        ...         + df.iloc[90:].agree.compare("cultivar", ["knn", "logistic"]))
        >>> one = df.agree.compare("cultivar", ["knn", "logistic"])
        >>> both.n == one.n, bool((both.joint == one.joint).all())
        (True, True)
        """
        if not isinstance(other, Comparison):
            raise TypeError(f"combine() takes a Comparison, not a {type(other).__name__}")
        a, b = self._joint, other._joint
        if not same_labels(pd.Index(a.names, dtype=object, tupleize_cols=False),
                           pd.Index(b.names, dtype=object, tupleize_cols=False)):
            raise ValueError(f"cannot add these comparisons: their columns differ (reference and predictions "
                             f"{a.names} and {b.names}); only counts of the same columns add up")
        for what, x, y in (("weighted", self._weighted, other._weighted), ("lonely_psu", self._lonely_psu,
                                                                            other._lonely_psu),
                           ("replicates", self._replicates, other._replicates)):
            if x != y:
                raise ValueError(f"cannot add these comparisons: {what} differs ({x!r} and {y!r}); only counts of "
                                 "the same kind add up")
        if not _same_match(self._match, other._match):
            raise ValueError(f"cannot add these comparisons: match= differs ({self._match!r} and {other._match!r})")
        if (a.units is None) != (b.units is None):
            raise ValueError(f"cannot add these comparisons: the {'first' if a.units is not None else 'second'} has a "
                             "sample design (strata=, cluster=, fpc=) and the other none; only counts of one design "
                             "add up")
        return self._merged(b)

    def _merged(self, b: JointTable) -> Comparison:
        """The comparison of this joint table and ``b`` (of the same columns, counted the same way) added up."""
        a = self._joint
        order = merged_label_order(a.order, b.order)
        labels = []
        for first, second in zip(a.labels, b.labels, strict=True):
            union = union_labels(first, second)
            labels.append(union[np.argsort(positions_of(union, order), kind="stable")])
        shape = tuple(len(lab) for lab in labels)
        cells = float(np.prod([float(n) for n in shape]))
        stored = a.units is None and held_sparse(shape)  # held as its non-empty cells, as one count would hold it
        if cells >= MAX_CODES or (not stored and cells > MAX_CELLS):
            raise ValueError(f"the joint table of these comparisons would have {cells:.3g} cells; compare fewer "
                             "predictions at a time")
        counts, units, kept = None, None, None
        if stored:
            values, flat = [], []
            for part in (a, b):
                counted, where = part.nonzero()
                at = [positions_of(own, lab)[w] for own, lab, w in zip(part.labels, labels, where, strict=True)]
                values.append(counted)
                flat.append(np.ravel_multi_index(at, shape))
            found, inverse = np.unique(np.concatenate(flat), return_inverse=True)  # sorted: row-major
            kept = (np.bincount(inverse, weights=np.concatenate(values)), np.unravel_index(found, shape))
        else:
            counts = np.zeros(shape)
            flat = []
            for part in (a, b):
                at = [positions_of(own, lab) for own, lab in zip(part.labels, labels, strict=True)]
                counts[np.ix_(*at)] += part.dense()
                flat.append(np.ravel_multi_index(np.meshgrid(*at, indexing="ij"), shape).ravel())
            if a.units is not None:
                single = np.zeros(1, dtype=np.int64)
                units = merge_units(a.units, b.units, (flat[0], single), (flat[1], single), (int(np.prod(shape)), 1))
        joint = JointTable(counts, labels, list(a.names), order, a.n_rows + b.n_rows, a.n_missing + b.n_missing,
                           a.n_zero_weight + b.n_zero_weight, units, weight_missing=a.weight_missing + b.weight_missing,
                           n_missing_weight=a.n_missing_weight + b.n_missing_weight,
                           n_missing_zero_weight=a.n_missing_zero_weight + b.n_missing_zero_weight, stored=kept)
        return type(self)(joint, match=self._match, weighted=self._weighted, lonely_psu=self._lonely_psu,
                          replicates=self._replicates)

    def __add__(self, other):
        if not isinstance(other, Comparison):
            return NotImplemented
        return self.combine(other)

    def __radd__(self, other):
        if isinstance(other, int) and other == 0:  # sum() of comparisons starts from 0
            return self
        return NotImplemented

    @validate_options
    def update(self, reference, predictions, weights=None, *, strata=None, cluster=None, fpc=None) -> Comparison:
        """Add a batch of rows to the comparison, in place, and return it (as :meth:`pandas_agree.Crosstab.update`
        adds rows to a table).

        The batch is counted as the comparison's own rows were (a row with a missing value in any column is left
        out and counted) and merged as :meth:`combine` merges. Every value computed afterwards is that of all the
        rows added so far; with integer counts, exactly that of one count of all of them.

        Parameters
        ----------
        reference : array_like
            The batch's reference labels, one per row.
        predictions : pandas.DataFrame, mapping or sequence of array_like
            The batch's predictions: a DataFrame or mapping with a column for each prediction of the comparison (by
            its name), or one sequence of labels per prediction, in the comparison's order.
        weights : array_like, optional
            The batch's weights; needed when the comparison is weighted, and an error when it is not.
        strata, cluster, fpc : array_like, optional
            The batch's sample design, one value per row: needed (the same ones) when the comparison has one.

        Returns
        -------
        Comparison
            This comparison, updated.

        Examples
        --------
        >>> import pandas_agree as pa
        >>> df = pa.datasets.load("wine_predictions")
        >>> comparison = df.iloc[:100].agree.compare("cultivar", ["knn", "logistic"])
        >>> rest = df.iloc[100:]
        >>> comparison.update(rest["cultivar"], rest[["knn", "logistic"]]).n
        178.0
        """
        names = self.names
        if isinstance(predictions, (pd.DataFrame, Mapping)):
            lacking = [name for name in names if name not in predictions]
            if lacking:
                raise ValueError(f"predictions: the batch lacks the prediction column(s) {lacking}; it needs "
                                 f"{names}")
            found = [predictions[name] for name in names]
        elif isinstance(predictions, (str, bytes)) or not pd.api.types.is_list_like(predictions):
            raise TypeError(f"predictions must be a DataFrame, a mapping or a list of {len(names)} sequences of "
                            f"labels; got {type(predictions).__name__}")
        else:
            found = list(predictions)
            if len(found) != len(names):
                raise ValueError(f"predictions must hold {len(names)} sequences of labels (for {names}); got "
                                 f"{len(found)}")
        if (weights is None) == self._weighted:
            raise ValueError("weights: the comparison is weighted, so each batch needs its weights" if self._weighted
                             else "weights: the comparison is not weighted; a batch with weights would add weights "
                             "to counts")
        design = {"strata": strata, "cluster": cluster, "fpc": fpc}
        units = self._joint.units
        check_batch_design(units, design, "the comparison", "the comparison's")
        columns = [as_label_series(reference, "reference").rename(self.reference)]
        columns += [as_label_series(p, "predictions").rename(name) for p, name in zip(found, names, strict=True)]
        lengths = {len(c) for c in columns}
        if len(lengths) > 1:
            raise ValueError(f"reference and predictions must have the same length; got {[len(c) for c in columns]}")
        n = len(columns[0])
        w = None if weights is None else validate_weights(weights, n)
        found_design = None
        if units is not None:
            found_design = DesignColumns(*(None if value is None else as_label_series(value, name)
                                           for name, value in design.items()))
        # the batch's joint table, added as it is (a batch need not be a comparison of its own: a label may be on
        # one side only)
        merged = self._merged(joint_table(columns, w, list(self._joint.names), found_design))
        self.__dict__.clear()
        self.__dict__.update(merged.__dict__)
        return self


    def __repr__(self) -> str:
        return (f"<Comparison: {' vs '.join(map(name_text, self.names))} against {name_text(self._joint.names[0])}, "
                f"N = {self.n:g}>")

    # --- values -------------------------------------------------------------------------------------------

    @validate_options
    def values(self, measures=None, *, classes: str = "common", timing: str = "default",
               zero_division: float = np.nan, ci: str | None = None, confidence_level: float = 0.95,
               n_resamples: int = 2000, bootstrap_method: str = "percentile", random_state=None,
               resampling: str = "multinomial") -> pd.DataFrame:
        """Each prediction's measures (multiclass ones, and the unweighted average of class-specific ones).

        Parameters
        ----------
        measures : str or list of str, optional
            Multiclass and class-specific codes or names together (default OSR, KAPPA, F1).
        classes : {"common", "reference", "union"}, default "common"
            The classes of each prediction that class-specific measures are averaged over, as in
            :meth:`pandas_agree.Agreement.averages` ("union": the labels of the reference and of that prediction).
            A warning names the labels the choice leaves out.
        timing : {"default", "after", "before"}, default "default"
            When those averages are taken, as in :meth:`pandas_agree.Agreement.averages`: "default" follows each
            measure's rule (F1 and the other measures that list terms average the terms and apply the formula to
            the averages, the !KO_clasagree rule); "after" averages the classes' values (scikit-learn's "macro");
            "before" averages the terms wherever a measure lists them.
        zero_division : np.nan or float, default np.nan
            As in :meth:`pandas_agree.Agreement.averages` (scikit-learn's ``zero_division``): NaN leaves an
            undefined (0/0) class value out of the average; a number from 0 to 1 is the value of every undefined
            class value, term and average of the measures it reaches (range [0, 1], outside the odds-ratio family).
            ``classes="union", timing="after", zero_division=0`` gives each prediction scikit-learn's
            ``f1_score(..., average="macro", zero_division=0)`` (and the same for precision and recall).
        ci, confidence_level, n_resamples, bootstrap_method, random_state, resampling
            As in :meth:`pandas_agree.Agreement.multiclass`: each prediction's intervals are those of its own
            Agreement with the reference.

        Returns
        -------
        pandas.DataFrame
            One row per prediction, indexed by its name as given (None stays None); columns the measures, or
            with ``ci`` a MultiIndex (measure, stat), stat in ("value", "se", "lower", "upper"), intervals as
            :meth:`Agreement.multiclass` and :meth:`Agreement.averages` give them. With ``ci``,
            ``result.attrs["methods"]`` names the interval method of each measure (each prediction's, "name:
            method; ...", where the predictions' differ) and ``result.attrs["notes"]`` holds the notes of those
            intervals, each once (with the predictions it is about, where it is not about every one: "B: with
            fewer than ..."). With or without ``ci``, ``result.attrs["notes"]`` also holds the notes on the class
            values ``zero_division`` set, as :meth:`pandas_agree.Agreement.averages` words them ("B: PRE of 'c' is
            0/0 and shown as 0, ..."); without ``ci`` it is there only where there is such a note.

        Examples
        --------
        >>> import pandas_agree as pa
        >>> df = pa.datasets.load("wine_predictions")
        >>> df.agree.compare("cultivar", ["knn", "logistic"]).values(["OSR", "KAPPA"], ci=None).round(3)
                    OSR  KAPPA
        knn       0.663  0.483
        logistic  0.983  0.974
        """
        chosen = _resolve(measures)
        self._warn_left_out(chosen, classes)
        multi = [m.code for m in chosen if m.kind != "binary"]
        binary = [m.code for m in chosen if m.kind == "binary"]
        kw = {"ci": ci, "confidence_level": confidence_level, "n_resamples": n_resamples,
              "bootstrap_method": bootstrap_method, "random_state": random_state,
              "resampling": resampling}
        rows = []
        methods: dict[str, dict] = {}  # by measure, each prediction's interval method
        notes: dict[str, list] = {}  # each note of the intervals, with the predictions it is about
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for name, ag in zip(self.names, self._agreements, strict=True):
                row = {}
                mc = ag.multiclass(multi, **kw) if multi else None
                av = ag.averages(binary, average="unweighted", classes=classes, timing=timing,
                                 zero_division=zero_division, **kw) if binary else None
                for m in chosen:
                    col = _column_name(m)
                    if ci is None:
                        row[col] = mc.loc[m.code, "value"] if m.kind != "binary" else av.loc[m.code, "unweighted"]
                        continue
                    for stat in ("value", "se", "lower", "upper", *(("deff",) if self._sample else ())):
                        row[(col, stat)] = (mc.loc[m.code, stat] if m.kind != "binary"
                                            else av.loc[m.code, ("unweighted", stat)])
                    methods.setdefault(col, {})[name] = (mc.loc[m.code, "method"] if m.kind != "binary"
                                                         else av.attrs["methods"][m.code])
                # the notes of the intervals, and with or without them those of the values zero_division set
                for frame in (mc, av):
                    for note in [] if frame is None else frame.attrs.get("notes", []):
                        notes.setdefault(note, []).append(name)
                rows.append(row)
        out = pd.DataFrame(rows, index=names_index(self.names))  # the names as given (None, a tuple)
        everyone = len(self.names)
        shown = [note if len(names) == everyone else about(", ".join(map(name_text, names)), note)
                 for note, names in notes.items()]
        if ci is not None:
            out.columns = pd.MultiIndex.from_tuples(out.columns, names=["measure", "stat"])
            out.attrs["methods"] = {col: _each_prediction(found) for col, found in methods.items()}
        if ci is not None or shown:
            out.attrs["notes"] = shown
        return out

    # --- paired differences ------------------------------------------------------------------------------

    def _warn_left_out(self, chosen, classes: str) -> None:
        """One warning naming, for each prediction, the labels that averaging over ``classes`` leaves out (when a
        class-specific measure is averaged)."""
        if not any(m.kind == "binary" for m in chosen):
            return
        found = {name: left_out_text(classes_left_out(ag, classes), classes)
                 for name, ag in zip(self.names, self._agreements, strict=True)}
        found = {name: text for name, text in found.items() if text}
        if found:
            warnings.warn("; ".join(f"{name_text(name)}: {text}" for name, text in found.items()), UserWarning,
                          stacklevel=external_stacklevel())

    def _pairs(self) -> list[tuple[int, int]]:
        return list(combinations(range(len(self.names)), 2))

    def _pair_name(self, a: int, b: int, between: str = " − ") -> str:
        """The pair of predictions ``a`` and ``b`` (positions) as the differences ("knn − tree") and the tests
        ("knn vs tree") name it, each name as the reports print it (a column named None reads "(missing)")."""
        return f"{name_text(self.names[a])}{between}{name_text(self.names[b])}"

    def _margins(self, stack: np.ndarray) -> list[np.ndarray]:
        """Each prediction's table reference × prediction (b, I, J_p) of a stack of joint tables (b, I, J_1, …)."""
        return [stack.sum(axis=tuple(2 + q for q in range(len(self._agreements)) if q != p))
                for p in range(len(self._agreements))]

    def _gathers(self, cells: list[np.ndarray]) -> list:
        """For the joint table's non-empty cells, ``cells`` giving each one's label on each axis: the sparse matrix
        (cells × I·J_p) that adds them up into each prediction's table (:meth:`_margins_at_cells`)."""
        from scipy import sparse

        shape, m = self._joint.shape, len(cells[0])
        return [sparse.csr_array((np.ones(m), (np.arange(m), cells[0] * shape[1 + p] + cells[1 + p])),
                                 shape=(m, shape[0] * shape[1 + p])) for p in range(len(self._agreements))]

    def _margins_at_cells(self, stack: np.ndarray, gathers: list) -> list[np.ndarray]:
        """:meth:`_margins` of a stack of the joint table's non-empty cells (b, m), by the matrices of
        :meth:`_gathers`."""
        shape = self._joint.shape
        return [np.asarray(stack @ gather).reshape(len(stack), shape[0], shape[1 + p])
                for p, gather in enumerate(gathers)]

    def _paired_values(self, chosen, margins: list[np.ndarray | None], classes: str = "common",
                       timing: str = "default", zero_division: float = np.nan) -> dict[str, np.ndarray]:
        """The difference A − B of each measure for every pair, on each prediction's stack of tables (b, I, J_p)
        (:meth:`_margins`): arrays of shape (b, pairs); with margins None, on each prediction's own table: arrays
        of shape (pairs,). Class-specific measures are averaged over ``classes`` with ``timing`` and
        ``zero_division`` (:meth:`~pandas_agree.Agreement.summary_on`). The difference of two infinite values of
        the same sign (two odds ratios of tables with an empty cell) is undefined: NaN, with an
        UndefinedMeasureWarning naming the measures and pairs on each prediction's own table."""
        values = [ag.summary_on(chosen, margin, classes, timing, zero_division)
                  for ag, margin in zip(self._agreements, margins, strict=True)]
        pairs = self._pairs()
        with np.errstate(invalid="ignore"):  # inf − inf: NaN, warned below
            out = {m.code: np.stack([values[a][m.code] - values[b][m.code] for a, b in pairs], axis=-1)
                   for m in chosen}
        if all(margin is None for margin in margins):
            undefined = {}
            for m in chosen:
                both = [self._pair_name(a, b) for a, b in pairs
                        if np.isinf(values[a][m.code]) and values[a][m.code] == values[b][m.code]]
                if both:
                    undefined[m.code] = both
            if undefined:
                warnings.warn("the difference of two infinite values is undefined, set to NaN: " + "; ".join(
                    f"{code} ({', '.join(both)})" for code, both in undefined.items()), UndefinedMeasureWarning,
                    stacklevel=external_stacklevel())
        return out

    def _discordant(self, a: int, b: int, cls=None) -> tuple[float, float]:
        """b: objects A gets right and B wrong; c: the other way round (one class against the rest with cls)."""
        counts, _ = self._nonempty_cells()
        correct_a, correct_b = self._correct_at_cells(a, cls), self._correct_at_cells(b, cls)
        return float((counts * correct_a * (1 - correct_b)).sum()), float((counts * (1 - correct_a) * correct_b).sum())

    def _right(self, p: int, cls, at: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
        """1 where prediction p is right, at the cells ``at`` (rows and columns) of its table reference ×
        prediction p: on the cells its Agreement pairs (the same label, or the pairs match= made); for a class
        ``cls`` (a reference label), one-vs-rest: where the reference is ``cls`` exactly when the prediction is the
        label paired with it."""
        ag = self._agreements[p]
        rows, cols = ag.common_cells
        i, j = at
        if cls is None:
            paired = np.full(ag.shape[0], -1)
            paired[rows] = cols
            return (paired[i] == j).astype(float)
        # the class's row (every prediction's table has the reference's rows) and, where p pairs a label with it,
        # that label's column: a prediction that never gives the class is wrong about each object of the class
        row = positions_of([cls], self._joint.labels[0])[0]
        found = positions_of([cls], ag.common)[0]
        is_col = (j == cols[found]) if found >= 0 else np.zeros(np.shape(j), dtype=bool)
        return ((i == row) == is_col).astype(float)

    def _nonempty_cells(self) -> tuple[np.ndarray, tuple[np.ndarray, ...]]:
        """The counts of the non-empty cells of the joint table and their index along each axis. The tests read
        only these: with many labels the joint table has millions of cells, nearly all of them empty."""
        if self._cells is None:
            self._cells = self._joint.nonzero()
        return self._cells

    def _correct_at_cells(self, p: int, cls=None) -> np.ndarray:
        """:meth:`_right` at the non-empty cells of the joint table, in the order of :meth:`_nonempty_cells`."""
        _, where = self._nonempty_cells()
        return self._right(p, cls, (where[0], where[1 + p]))

    @validate_options
    def differences(self, measures=None, *, classes: str = "common", timing: str = "default",
                    zero_division: float = np.nan, ci: str | None = None, confidence_level: float = 0.95,
                    n_resamples: int = 2000, bootstrap_method: str = "percentile", random_state=None,
                    resampling: str = "multinomial") -> pd.DataFrame:
        """The paired difference A − B of each measure for every pair of predictions.

        Parameters
        ----------
        measures : str or list of str, optional
            Multiclass and class-specific codes or names together (default OSR, KAPPA, F1); class-specific
            measures are compared through their unweighted average over the classes.
        classes : {"common", "reference", "union"}, default "common"
            The classes of each prediction those averages run over, as in :meth:`values`.
        timing, zero_division
            How those averages are taken, as in :meth:`values` (and :meth:`pandas_agree.Agreement.averages`): with
            ``classes="union", timing="after", zero_division=0`` each difference is that of scikit-learn's macro
            averages of the two predictions. The paired bootstrap and the delta method take the averages the same
            way on every resample and in every gradient.
        ci : {None, "auto", "wilson", "clopper-pearson", "agresti-coull", "jeffreys", "normal", "linearized", \
"bootstrap"}
            "auto" (and the binomial method names, which concern single proportions, which a difference is not)
            gives OSR the Wald interval of a difference of paired proportions (the McNemar-type SE
            √(b + c − (b − c)²/N)/N) with its z-test, and the other measures the linearised (delta-method)
            interval over the cells of the joint table with its Wald z-test, at any size (each difference's
            gradient is the two predictions' gradients over their own tables, taken at the joint cells).
            "linearized": the delta method for every measure
            (for OSR it equals the McNemar-type SE). "bootstrap": the paired bootstrap for every measure; its
            p-value is two-sided, 2·min(1 + #{d* ≤ 0}, 1 + #{d* ≥ 0})/(B + 1), never 0.
        confidence_level, n_resamples, bootstrap_method, random_state, resampling
            As in :meth:`pandas_agree.Agreement.multiclass`. The bootstrap resamples the joint table reference ×
            prediction_1 × … (so every resample keeps the pairing); "bca" takes its acceleration from the
            jackknife over the cells of the joint table; resampling="fixed-reference" keeps each reference
            class's size.

        Returns
        -------
        pandas.DataFrame
            One row per pair "A − B" (each name as the report prints it: a column named None reads
            "(missing)"); columns the measures, or with ``ci`` a MultiIndex (measure, stat), stat in
            ("difference", "se", "lower", "upper", "pvalue", "pvalue_holm"), the last adjusted by Holm's method
            across the pairs. With ``ci``, ``result.attrs["methods"]`` names the interval method of each measure.

        Examples
        --------
        >>> import pandas_agree as pa
        >>> df = pa.datasets.load("wine_predictions")
        >>> d = df.agree.compare("cultivar", ["knn", "logistic"]).differences(["OSR"], ci="auto")
        >>> d.loc["knn − logistic", "OSR"][["difference", "lower", "upper"]].round(3).tolist()
        [-0.32, -0.391, -0.25]
        """
        chosen = _resolve(measures)
        self._warn_left_out(chosen, classes)
        pairs = self._pairs()
        index = [self._pair_name(a, b) for a, b in pairs]
        differences = PairedDifferences(self, chosen, classes, timing, zero_division)
        if ci is None:
            return pd.DataFrame({_column_name(m): differences.point[m.code] for m in chosen}, index=index)
        opts = interval_options(ci, confidence_level, n_resamples, bootstrap_method, random_state, resampling,
                                self._sample)
        differences.opts = opts
        estimates = estimate(differences, opts)
        columns = {}
        for m in chosen:
            est, col = estimates[m.code], _column_name(m)
            for stat, values in (("difference", est.value), ("se", est.se), ("lower", est.lower),
                                 ("upper", est.upper), ("pvalue", est.pvalue)):
                columns[(col, stat)] = np.asarray(values, dtype=float)
            if est.deff is not None:
                columns[(col, "deff")] = np.asarray(est.deff, dtype=float)
            columns[(col, "pvalue_holm")] = holm(est.pvalue)
        out = pd.DataFrame(columns, index=index)
        out.columns = pd.MultiIndex.from_tuples(out.columns, names=["measure", "stat"])
        out.attrs["methods"] = {_column_name(m): estimates[m.code].method for m in chosen}
        out.attrs["notes"] = interval_notes({_column_name(m): estimates[m.code] for m in chosen})
        return out

    def _paired_proportions(self, difference: np.ndarray, opts: IntervalOptions) -> Estimate:
        """The Wald interval and z-test of each pair's difference of paired proportions (OSR): the McNemar-type
        SE √(b + c − (b − c)²/N)/N, with b and c the objects only A and only B gets right."""
        n = self.n
        discordant = np.array([self._discordant(a, b) for a, b in self._pairs()], dtype=float)
        only_a, only_b = discordant[:, 0], discordant[:, 1]
        se = np.sqrt(np.maximum(only_a + only_b - (only_a - only_b) ** 2 / n, 0.0)) / n
        with np.errstate(divide="ignore", invalid="ignore"):
            pvalue = np.where(se > 0, two_sided_p(difference / se),
                              np.where(difference == 0, 1.0, 0.0))
        return within((-1.0, 1.0), difference, se, difference - opts.z * se, difference + opts.z * se,
                      "Wald for paired proportions (McNemar)", pvalue=pvalue)

    # --- tests ---------------------------------------------------------------------------------------------

    def tests(self) -> pd.DataFrame:
        """McNemar's test for every pair (exact binomial when there are fewer than 25 discordant objects and their
        weighted counts are whole, else χ² with continuity correction) and Cochran's Q across all predictions, on
        "right or wrong"; then the same for each class, one against the rest ("is it this class or not"). On two
        classes each class's tests repeat those of the whole table (the report shows them once).

        Under a sample design (``strata=``, ``cluster=``, ``fpc=``) both take the rows as independent and
        unweighted, which they are not: each pair gets instead the design-based t-test ("DESIGN_T") of the
        difference of the proportions right, its variance linearised over the PSUs within strata, on the design's
        degrees of freedom (the statistic is t). Cochran's Q has no such counterpart here: the pairs' tests, with
        Holm's adjustment in :meth:`differences`, stand in for it.

        Returns
        -------
        pandas.DataFrame
            Index (test, between, class); columns "statistic", "df", "pvalue", "method". The class is "(all)" for
            the tests of overall correctness; "between" names the pair "A vs B" (as :meth:`differences` does) or
            "all".

        Examples
        --------
        >>> import pandas_agree as pa
        >>> df = pa.datasets.load("wine_predictions")
        >>> tests = df.agree.compare("cultivar", ["knn", "logistic"]).tests()
        >>> print(f"{tests.loc[('MCNEMAR', 'knn vs logistic', '(all)'), 'statistic']:.2f}")
        53.15
        """
        keys, rows = [], []  # lists, not a dict: the class labels True and 1 are two keys
        classes = self._test_classes()
        pairs = self._pairs()
        if self._sample is None and len(classes):  # each class's discordant counts and Cochran's, from the cells
            discordant, cochran = self._class_discordant(), self._class_cochran()
        for at, cls in enumerate([None, *classes]):
            label = "(all)" if cls is None else cls
            for pair, (a, b) in enumerate(pairs):
                between = self._pair_name(a, b, " vs ")
                if self._sample is not None:
                    keys.append(("DESIGN_T", between, label))
                    rows.append(self._design_t(a, b, cls))
                    continue
                keys.append(("MCNEMAR", between, label))
                rows.append(self._mcnemar(a, b, cls) if cls is None else
                            paired_mcnemar(*discordant[pair][:, at - 1].tolist()))
            if self._sample is None:
                keys.append(("COCHRAN_Q", "all", label))
                rows.append(self._cochran(cls) if cls is None else cochran[at - 1])
        index = labels_index([[k[level] for k in keys] for level in range(3)], ["test", "between", "class"])
        return pd.DataFrame(rows, index=index, columns=["statistic", "df", "pvalue", "method"])

    def _test_classes(self) -> pd.Index:
        """The classes of the tests, one against the rest: the reference labels that some prediction gives (or
        pairs with a label of its own), in the order of the reference, whatever the order of the predictions."""
        rows = np.unique(np.concatenate([ag.common_cells[0] for ag in self._agreements]))
        return self._joint.labels[0][rows]

    def _class_errors(self, p: int) -> tuple[np.ndarray, np.ndarray]:
        """The classes of the tests (:meth:`_test_classes`), each one against the rest, that
        prediction p is wrong about at each non-empty cell, as pairs (cell, class): a cell whose reference and
        prediction are different classes is wrong about those two (about one where the other side's label is none
        of the classes, or a class p never gives) and right about every other class; a matching cell is right
        about every class (:meth:`_right`)."""
        ag = self._agreements[p]
        classes = self._test_classes()
        _, cols = ag.common_cells
        found = positions_of(classes, ag.common)
        held = np.flatnonzero(found >= 0)
        row_class, col_class = np.full(ag.shape[0], -1), np.full(ag.shape[1], -1)
        row_class[positions_of(classes, self._joint.labels[0])] = np.arange(len(classes))
        col_class[cols[found[held]]] = held
        _, where = self._nonempty_cells()
        r, c = row_class[where[0]], col_class[where[1 + p]]
        differ = np.flatnonzero(r != c)
        first, second = differ[r[differ] >= 0], differ[c[differ] >= 0]
        return np.concatenate([first, second]), np.concatenate([r[first], c[second]])

    def _class_discordant(self) -> list[np.ndarray]:
        """For each pair (A, B), each class's objects only A and only B gets right, one class against the rest:
        (2, classes), from the cells where one of them is wrong about the class, O(non-empty cells)."""
        counts, _ = self._nonempty_cells()
        k = len(self._test_classes())
        errors = [self._class_errors(p) for p in range(len(self.names))]
        keys = [cells * k + classes for cells, classes in errors]
        out = []
        for a, b in self._pairs():
            only = []
            for right, wrong in ((a, b), (b, a)):  # wrong's errors where right is not wrong too
                cells, classes = errors[wrong]
                alone = ~np.isin(keys[wrong], keys[right])
                only.append(np.bincount(classes, weights=counts[cells] * alone, minlength=k))
            out.append(np.array(only))
        return out

    def _class_cochran(self) -> list[list]:
        """Cochran's Q of each class, one against the rest (:func:`~pandas_agree.inference.tests.cochran_q` of its
        table of right and wrong), from the cells where some prediction is wrong about the class: a prediction's
        objects right are N less those, and Σ n (predictions right)² is N·P² but for those cells."""
        counts, _ = self._nonempty_cells()
        k, p = len(self._test_classes()), len(self.names)
        errors = [self._class_errors(q) for q in range(p)]
        n = float(counts.sum())
        col_totals = n - np.array([np.bincount(classes, weights=counts[cells], minlength=k)
                                   for cells, classes in errors]).reshape(p, k)
        keys, wrong = np.unique(np.concatenate([cells * k + classes for cells, classes in errors]),
                                return_counts=True)  # each (cell, class) and how many predictions are wrong there
        squares = n * p**2 + np.bincount(keys % k, weights=counts[keys // k] * ((p - wrong) ** 2 - p**2),
                                         minlength=k)
        return cochran_q_of_totals(col_totals, squares)

    def _design_t(self, a: int, b: int, cls) -> list:
        """The design-based t-test of "A and B are right equally often": the difference of the proportions right,
        its linearised variance over the PSUs, Student's t on the design's degrees of freedom. It reads the
        non-empty cells alone (the gradient is 0 elsewhere), so a test costs O(non-empty cells), not O(cells)."""
        counts, _ = self._nonempty_cells()
        right = self._correct_at_cells(a, cls) - self._correct_at_cells(b, cls)
        n = float(counts.sum())
        gradient = right / n  # of Σ n_c r_c / N; the design centres it (Σ n g = 0)
        u = self._sample.at_cells(self._canonical_keys(), gradient[:, None])
        se = float(np.sqrt(self._sample.variance(u)[0]))
        t = float((counts * right).sum() / n / se) if se > 0 else np.nan
        df = self._sample.df
        return [t, float(df), float(two_sided_p(t, df)) if np.isfinite(t) else np.nan,
                "t-test of the difference of the proportions right (sample design, linearised)"]

    def _canonical_keys(self) -> np.ndarray:
        """The flat position of each non-empty cell (:meth:`_nonempty_cells`) in the joint table with its axes in
        the canonical order (:meth:`_canonical_axes`), the cells the sample design's PSU tables are mapped onto."""
        _, where = self._nonempty_cells()
        axes, shape = self._canonical_axes(), self._joint.shape
        return np.ravel_multi_index(tuple(where[ax] for ax in axes), tuple(shape[ax] for ax in axes))

    def _mcnemar(self, a: int, b: int, cls) -> list:
        return paired_mcnemar(*self._discordant(a, b, cls))

    def _cochran(self, cls) -> list:
        counts, _ = self._nonempty_cells()
        right = np.stack([self._correct_at_cells(p, cls) for p in range(len(self.names))])
        return cochran_q(counts, right)

    def report(self, **options):
        """All the tables of the comparison as a report (text, HTML, Excel, JSON, plot).

        Options: ``measures``, ``classes``, ``timing``, ``zero_division``, ``ci`` (default "auto"),
        ``confidence_level``, ``n_resamples``, ``bootstrap_method``, ``random_state`` (0 when not given,
        ``"fresh"`` for a seed drawn at random; recorded either way) and ``resampling``, as for :meth:`values` and
        :meth:`differences`; ``max_classes``
        (default 20; None for no limit) shapes the text and HTML reports only: above it, the Tests table shows
        the tests of the whole table and those of the ``max_classes`` classes whose tests give the smallest p-value,
        in the order of the labels, with a footnote that says so (``report.tests``, the workbook and the JSON keep
        every class).

        Returns
        -------
        pandas_agree.ComparisonReport

        Examples
        --------
        >>> import pandas_agree as pa
        >>> df = pa.datasets.load("wine_predictions")
        >>> report = df.agree.compare("cultivar", ["knn", "logistic"]).report(random_state=0, n_resamples=200)
        >>> list(report.differences.index)
        ['knn − logistic']
        """
        return build_report(self, **options)


@validate_options
def compare(frame: pd.DataFrame, reference: Hashable, predictions: Sequence[Hashable], *, weights=None,
            dropna: bool = True, match=None, strata=None, cluster=None, fpc=None, lonely_psu: str = "adjust",
            replicates: str | None = None) -> Comparison:
    """The Comparison of several prediction columns of ``frame`` against its ``reference`` column; ``strata``,
    ``cluster`` and ``fpc`` (columns or arrays) make its rows a complex sample, as for
    :func:`~pandas_agree.analyses.crosstab.from_labels`."""
    predictions = _checked_predictions(predictions, dropna)
    columns = [as_label_series(column(frame, reference, "reference"), "reference")]
    columns += [as_label_series(column(frame, p, f"predictions[{i}]"), "predictions")
                for i, p in enumerate(predictions)]
    w = None
    if weights is not None:
        w = validate_weights(column_or_values(frame, weights, "weights"), len(frame))
    design = None
    if any(x is not None for x in (strata, cluster, fpc)):
        given = []
        for value, name in ((strata, "strata"), (cluster, "cluster"), (fpc, "fpc")):
            value = column_or_values(frame, value, name)
            given.append(None if value is None else as_label_series(value, name))
        design = DesignColumns(*given)
    check_replicates(replicates, design is not None)
    joint = joint_table(columns, w, [reference, *predictions], design,
                        weights_named=described(None if pd.api.types.is_list_like(weights) else weights, "weights"))
    return Comparison(joint, match=match, weighted=w is not None, lonely_psu=lonely_psu, replicates=replicates)



def _checked_predictions(predictions, dropna) -> list:
    """The prediction columns as a list, or the error of a single column, of too few or repeated ones, or of
    ``dropna=False``."""
    if isinstance(predictions, (str, bytes)) or not pd.api.types.is_list_like(predictions):
        raise TypeError(f"predictions must be a list of two or more columns; got {predictions!r}")
    predictions = list(predictions)
    if len(predictions) < 2:
        raise ValueError(f"predictions must name two or more columns; got {predictions!r}")
    if len(set(map(str, predictions))) < len(predictions):
        raise ValueError(f"predictions must not repeat a column; got {predictions!r}")
    if dropna is not True:
        raise ValueError("compare leaves out rows with a missing value in any column (dropna=True only)")
    return predictions


def _same_match(first, second) -> bool:
    """Whether two ``match=`` are the same (a dict compared as a dict)."""
    try:
        return bool(first == second)
    except (TypeError, ValueError):  # values without a truth value
        return first is second
