"""``Agreement``: two classifications of the same objects, held as their I×J crosstab (the table)."""

from __future__ import annotations

import warnings
from collections.abc import Hashable, Mapping, Sequence
from functools import cached_property

import numpy as np
import pandas as pd

from ..base.frames import column, require_frame
from ..base.lazy import LazyModule
from ..base.notices import FewSharedLabelsWarning
from ..base.options import validate_options
from ..base.text import shown_list
from ..base.undefined import external_stacklevel
from ..engine.labels import positions_of, taken
from ..engine.matching import assign
from ..engine.native import engine_of
from ..engine.tableview import TableView
from ..inference.estimates import interval_options
from ..measures.multiclass import weights_of
from ..measures.parameters import check_parameters_used
from ..measures.registry import resolve
from ..measures.weights import agreement_weights
from .agreement_tests import AgreementTests
from .classes import ClassSpecific
from .crosstab import Counted, Crosstab, from_labels, scores
from .messages import few_shared_labels, no_shared_label, type_clashes
from .order import paired_union, union_order, warn_label_order
from .reports import build_report

sparse = LazyModule("scipy.sparse")

__all__ = ["Agreement"]


def _matched(order: pd.Index, rows: np.ndarray, cols: np.ndarray) -> tuple:
    """The labels of the rows and of the columns matched by value, from their positions ``rows`` and ``cols`` in
    ``order`` (which holds each label once): the position in the columns of each row label and in the rows of each
    column label (−1 where there is none), every label of either side in that order (:func:`union_order`), and the
    position in it of each row and each column label."""
    present = np.zeros(len(order), dtype=bool)
    present[rows] = True
    present[cols] = True
    union = order.view() if present.all() else taken(order, np.flatnonzero(present))
    rank = np.cumsum(present) - 1
    col_at = np.full(len(order), -1, dtype=np.intp)
    col_at[cols] = np.arange(len(cols))
    row_at = np.full(len(order), -1, dtype=np.intp)
    row_at[rows] = np.arange(len(rows))
    return col_at[rows], row_at[cols], union, (rank[rows], rank[cols])


class Agreement(AgreementTests, ClassSpecific, Crosstab):
    """Two classifications of the same objects, held as their I×J crosstab.

    Rows are the reference classification (I labels), columns the predicted one (J labels). Labels match
    by value; the K labels present on both sides are the classes that can agree, and the others count
    against agreement. Every measure is a function of this table.

    Build one with ``df.agree(actual, pred)``, :func:`agreement`, :meth:`from_table` or
    :meth:`from_counts`. Passing a table to the constructor is the same as :meth:`from_table`.

    Parameters
    ----------
    table : pandas.DataFrame or 2-D array
        Non-negative counts; index = reference labels, columns = predicted labels (0..I−1 and 0..J−1 for
        an array).

    Attributes
    ----------
    table : pandas.DataFrame
        The I×J table of counts (float64): index = reference labels, columns = predicted labels (sparse
        columns for a table of more than 2²² cells).
    shape, axis_names : tuple
        (I, J), and the names of the reference and predicted sides.
    n : float
        N, the total of the whole table (the number of valid rows, or their weight sum).
    common, reference_only, predicted_only : pandas.Index
        The K labels present on both sides; reference labels the prediction never uses; predicted labels that
        are not in the reference.
    labels : pandas.Index
        Every label of either side, in order (the order of ordinal scales and of weighted kappa).
    n_rows, n_missing, n_zero_weight : int
        Rows read (None for an Agreement built from a table); rows left out for a missing label or weight;
        rows with valid labels left out because their weight was 0.
    weight_missing : float
        The weighted count of the rows left out for a missing label (their weight sum; their number without
        weights): the Missing cases of SPSS's Case Processing Summary under ``WEIGHT BY``.
    n_missing_weight : int
        Rows left out because their weight was missing (among ``n_missing``).
    weighted : bool
        Whether frequency weights were used (N is then a weight sum).
    mapping : pandas.DataFrame or None
        The cluster-to-class assignment used (``match=``).

    Examples
    --------
    >>> import pandas as pd
    >>> import pandas_agree as pa
    >>> df = pd.DataFrame({"actual": ["a", "a", "b", "b", "c"], "pred": ["a", "b", "b", "b", "d"]})
    >>> ag = df.agree("actual", "pred")
    >>> ag.crosstab()
    pred    a  b  d  Total
    actual
    a       1  1  0      2
    b       0  2  0      2
    c       0  0  1      1
    Total   1  3  1      5
    >>> list(ag.common), list(ag.reference_only), list(ag.predicted_only)
    (['a', 'b'], ['c'], ['d'])
    """

    _paired_labels = True  # two classifications into one set of classes: one list of labels for both

    @validate_options
    def __init__(self, table, *, match=None, counted: Counted | None = None, layers: Mapping | None = None,
                 layers_by: Hashable | None = None) -> None:
        super().__init__(table, counted=counted, layers=layers, layers_by=layers_by)
        self._match = match
        index, columns = self._index, self._columns
        self._class_memo: dict = {}
        self._mapping = None
        given = self._counted.pairs  # the pairs found on a whole sample, given to one of its groups
        if match is not None or given is not None:
            # the assignment pairs rows with columns; each side keeps its own labels and order
            found = assign(self._frame(), match if given is None else given, strict=given is None)
            self._mapping = found.mapping
            # how the pairs were found: "accuracy", "residual", "dict", or "all rows" (those of the whole sample)
            self._mapping.attrs["match"] = ("all rows" if given is not None else
                                            match if isinstance(match, str) else "dict")
            self._col_of_row = np.full(self._shape[0], -1, dtype=np.int64)
            self._col_of_row[found.rows] = found.cols
            self._row_of_col = np.full(self._shape[1], -1, dtype=np.int64)
            self._row_of_col[found.cols] = found.rows
            self._union, self._places = paired_union(index, columns, self._row_of_col)
        elif self._counted.places is not None:  # labels match by value, placed in their order by the engine
            self._col_of_row, self._row_of_col, self._union, self._places = _matched(self._counted.order,
                                                                                     *self._counted.places)
        else:  # labels match by value
            self._col_of_row = positions_of(index, columns)  # position in the columns of each row label, −1 if none
            self._row_of_col = positions_of(columns, index)
            self._union = union_order(index, columns, self._counted.order)
            self._places = positions_of(index, self._union), positions_of(columns, self._union)
        matched = self._col_of_row >= 0
        self._common_rows = np.flatnonzero(matched)
        self._common_cols = self._col_of_row[matched]
        if len(self._common_rows) == 0:
            raise no_shared_label(index, columns)
        if self._mapping is None:
            found = [(text, FewSharedLabelsWarning) for text in few_shared_labels(self._shape, self.common,
                                                                                  self.axis_names)]
            clashes = type_clashes(index, columns, self._col_of_row >= 0, self._row_of_col >= 0)
            found += [(text, UserWarning) for text in clashes]
            for text, category in found:
                self._notices.append(text)
                warnings.warn(text, category, stacklevel=external_stacklevel())

    def _merge_options(self, other) -> dict:
        """An Agreement adds up with one of the same ``match=`` (found again on the merged table); a batch counted
        as a plain Crosstab takes this one's."""
        theirs = getattr(other, "_match", self._match)
        same = theirs is self._match or (type(theirs) is type(self._match) and theirs == self._match)
        if not same:
            raise ValueError(f"cannot add these tables: match= differs ({self._match!r} and {theirs!r}); only "
                             "Agreements whose labels are paired the same way add up")
        return {"match": self._match}

    # --- constructors ---------------------------------------------------------------------------------

    @classmethod
    @validate_options
    def from_table(cls, table, *, match=None) -> Agreement:
        """An Agreement from a crosstab of counts.

        Parameters
        ----------
        table : pandas.DataFrame or 2-D array
            Non-negative finite counts. A DataFrame gives the labels (index = reference, columns =
            predicted); an array gets labels 0..I−1 and 0..J−1.
        match : {None, "accuracy", "residual"} or dict, optional
            Cluster-to-class matching of the columns.

        Examples
        --------
        >>> import numpy as np
        >>> import pandas_agree as pa
        >>> ag = pa.Agreement.from_table(np.array([[5, 1], [2, 8]]))
        >>> ag.n
        16.0
        """
        return cls(table, match=match)

    @classmethod
    @validate_options
    def from_counts(cls, data: pd.DataFrame, actual: Hashable, pred: Hashable, count: Hashable, *,
                    dropna: bool = True, labels: Sequence | None = None, match=None) -> Agreement:
        """An Agreement from long aggregated data: one row per cell with its count.

        This is what a SQL ``GROUP BY actual, pred`` or an SPSS ``WEIGHT BY`` file gives. Repeated cells are
        summed; rows with a missing label are left out (counted in ``n_missing``) unless ``dropna=False``;
        rows with a count of 0 add nothing (use ``labels=`` to keep a label that has no count). ``data`` may be a
        pandas DataFrame or any table :meth:`from_frame` takes: the repeated cells are then summed in its engine.

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> cells = pd.DataFrame({"a": ["x", "x", "y"], "p": ["x", "y", "y"], "n": [40, 10, 50]})
        >>> pa.Agreement.from_counts(cells, "a", "p", "n").table
        p     x     y
        a
        x  40.0  10.0
        y   0.0  50.0
        """
        if engine_of(data) is not None:  # the cells of another engine's table, summed where they are
            return cls.from_frame(data, actual, pred, weights=count, dropna=dropna, labels=labels, match=match)
        require_frame(data, "data")
        columns = {"actual": actual, "pred": pred, "count": count}
        for arg, col in columns.items():
            column(data, col, arg)
        return from_labels(data[actual], data[pred], weights=data[count], dropna=dropna, labels=labels, match=match,
                           names=("actual", "pred"), weights_name="count", kind=cls, weights_by=count)

    # --- attributes -----------------------------------------------------------------------------------

    @property
    def common(self) -> pd.Index:
        """The K labels present on both sides, in the order of the reference."""
        return self._sides[0].view()  # a new Index object: its name can be set without changing this one's

    @property
    def reference_only(self) -> pd.Index:
        """Reference labels that the prediction never uses."""
        return self._sides[1].view()

    @property
    def predicted_only(self) -> pd.Index:
        """Predicted labels that are not in the reference."""
        return self._sides[2].view()

    @cached_property
    def _sides(self) -> tuple[pd.Index, pd.Index, pd.Index]:
        """The labels on both sides, on the reference side only and on the predicted side only (indexing an Index
        of pyarrow strings is slow: taken once)."""
        return (taken(self._index, self._common_rows), taken(self._index, np.flatnonzero(self._col_of_row < 0)),
                taken(self._columns, np.flatnonzero(self._row_of_col < 0)))

    @property
    def labels(self) -> pd.Index:
        """Every label of either side, in order (the order of ordinal scales and of weighted kappa)."""
        return self._union

    def _weights_read_order(self, kappa_weights) -> bool:
        """Whether agreement weights read the order of the labels: "linear", "quadratic" or an array over the
        ordered labels do, for three labels or more; a DataFrame of weights is aligned by label and does not."""
        return len(self._union) > 2 and not isinstance(kappa_weights, pd.DataFrame)

    def _order_matters(self) -> bool:
        """Whether the size of an ordinal statistic depends on an order the labels may not carry: each side's own
        order for a matched table (:meth:`Crosstab._order_matters`), else the one order over the labels of both
        sides, for three labels or more."""
        return super()._order_matters() if self._mapping is not None else max(self._shape) > 2

    def _warn_order(self, what: str) -> None:
        """A LabelOrderWarning that ``what`` used the order of labels that carry none, naming the order used: one
        order over the labels of both sides, or each side's own for a matched table."""
        if self._mapping is not None:
            super()._warn_order(what)
        elif not self._ordered:
            warn_label_order(what, shown_list(self._union, most=6, separator=" < "))

    @property
    def common_cells(self) -> tuple[np.ndarray, np.ndarray]:
        """The positions (rows, columns) in :attr:`table` of the K matching cells, in the order of :attr:`common`.

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> t = pd.DataFrame([[3, 1, 0], [0, 2, 1]], index=["a", "b"], columns=["b", "a", "c"])
        >>> rows, cols = pa.Agreement.from_table(t).common_cells
        >>> rows.tolist(), cols.tolist()
        ([0, 1], [1, 0])
        """
        return self._common_rows.copy(), self._common_cols.copy()

    @property
    def mapping(self) -> pd.DataFrame | None:
        """The cluster-to-class assignment used (``match=``), or None: one row per predicted label paired with a
        reference label, in the order of the reference labels, with "cluster" (the predicted label), "class" (the
        reference label), "count" (the objects of their cell) and "delta" (Volovici's Δ of the cell). The table
        keeps both sides' own labels: the pairs are the cells that can agree (:attr:`common_cells`).
        ``mapping.attrs["match"]`` says how the pairs were found: "accuracy", "residual", "dict", or "all rows"
        (the pairs of a whole sample, given to one of its groups)."""
        if self._mapping is None:
            return None
        out = self._mapping.copy()
        out.attrs = dict(self._mapping.attrs)
        return out

    def pairs(self) -> list[tuple] | None:
        """The pairs of :attr:`mapping` as (predicted label, reference label) tuples in the order of the reference
        labels (None without ``match=``): what :meth:`assignment` gives, also where a dict cannot hold the labels
        (``True`` and ``1`` are two labels, one key).

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> t = pd.DataFrame([[2, 9], [8, 1]], index=["a", "b"], columns=["k1", "k2"])
        >>> pa.Agreement.from_table(t, match="accuracy").pairs()
        [('k2', 'a'), ('k1', 'b')]
        """
        if self._mapping is None:
            return None
        return list(zip(self._mapping["cluster"], self._mapping["class"], strict=True))

    def assignment(self) -> dict | None:
        """The pairs of :attr:`mapping` as ``match=`` takes them, {predicted label: reference label} (None without
        ``match=``): the same pairing on another table, such as a group of the same data.

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> t = pd.DataFrame([[2, 9], [8, 1]], index=["a", "b"], columns=["k1", "k2"])
        >>> pa.Agreement.from_table(t, match="accuracy").assignment()
        {'k2': 'a', 'k1': 'b'}
        """
        pairs = self.pairs()
        return None if pairs is None else dict(pairs)

    def _repr_more(self) -> str:
        k = len(self._common_rows)
        return f", K = {k} common label{'s' if k != 1 else ''}"

    # --- multiclass measures and tests ---------------------------------------------------------------------

    def _view(self) -> TableView:
        """The table as the measures see it (sparse when it is held sparse): one view per Agreement, so that its
        margins, cells and what the measures and tests derive from them (:meth:`TableView.memo`) are taken once
        for every call on this table."""
        view = self.__dict__.get("_table_view")
        if view is None:
            view = self.__dict__["_table_view"] = TableView(
                self._counts, self._common_rows, self._common_cols, *self._places, len(self._union), self._cells,
                self._shape if self._cells is not None else None, sampled=self._sampled_objects)
        return view

    def _dense_view_held(self) -> TableView | None:
        view = self._view()
        dense = not view.is_sparse and view.counts is self._counts and view.counts.dtype == np.float64
        return view if dense else None

    def _dense_view(self, stack: np.ndarray) -> TableView:
        """Dense tables of the shape of this one, (..., I, J), with its labels (such as the margins of a joint
        table)."""
        return TableView(stack, self._common_rows, self._common_cols, *self._places, len(self._union),
                         sampled=self._sampled_objects)

    @validate_options
    def multiclass(self, measures=None, *, kappa_weights=None, bands: str = "landis-koch", ci: str | None = None,
                   confidence_level: float = 0.95, n_resamples: int = 2000, bootstrap_method: str = "percentile",
                   random_state=None, resampling: str = "multinomial") -> pd.DataFrame:
        """Multiclass measures of agreement, each one value for the whole table.

        Parameters
        ----------
        measures : str or list of str, optional
            Codes or aliases (any case), in the order wanted. By default every multiclass measure that needs no
            parameter, plus KAPPA_W when ``kappa_weights`` is given.
        kappa_weights : {"linear", "quadratic"} or matrix, optional
            Agreement weights of KAPPA_W (linear when KAPPA_W is named without them) over the ordered labels
            (:attr:`labels`); with them every chance-corrected coefficient that has a weighted form (KAPPA_W,
            SPI, BPK, ALPHA, AC1) takes them (Gwet 2014), and the AC1 row is Gwet's AC2 (reports name it so).
        bands : {"landis-koch", "cohen"}, default "landis-koch"
            Interpretation bands for the kappa-type rows.
        ci, confidence_level, n_resamples, bootstrap_method, random_state, resampling
            As in :meth:`binary`. Analytic intervals: binomial for OSR (and HC mapped), Fleiss–Cohen–Everitt's
            SE under H1 for KAPPA and KAPPA_W, Gwet's linearised variance for SPI, BPK, AC1 and ALPHA; the
            delta method for the others (from the partials each record declares, in O(non-empty cells)). Under
            "auto" and a binomial method name, below 200 objects (or with a class of fewer than 20) the
            chance-corrected coefficients keep that SE but take the BCa bootstrap's interval, or on two classes
            Donner and Eliasziw's (KAPPA, KAPPA_W, SPI, ALPHA): the small-sample rules of "auto"
            (:mod:`pandas_agree.inference.auto`; "Small samples" in docs/notes/intervals.md). The Wald interval
            of the SE at every size (vcd's ``confint(Kappa(...))`` for KAPPA and KAPPA_W) is ``ci="linearized"``'s.

        Returns
        -------
        pandas.DataFrame
            Index: measure codes; column "value", with ``ci`` also "se", "lower", "upper" and "method", and
            "interpretation" when a kappa-type measure is shown. ``result.attrs["notes"]`` lists what the
            reader should know (such as why RKCORR is NaN).

        Examples
        --------
        >>> import numpy as np
        >>> import pandas_agree as pa
        >>> ag = pa.Agreement.from_table(np.array([[0, 4, 1], [0, 8, 0], [0, 1, 5]]))
        >>> ag.multiclass(["OSR", "KAPPA", "RKCORR"]).round(4)
                 value interpretation
        OSR     0.6842            NaN
        KAPPA   0.4842       moderate
        RKCORR  0.5577            NaN
        """
        opts = interval_options(ci, confidence_level, n_resamples, bootstrap_method, random_state, resampling,
                                 self._sample)
        given = kappa_weights is not None
        chosen = resolve(measures, "multiclass", default=lambda m: m.default or (given and bool(m.params)))
        check_parameters_used(chosen, {"kappa_weights": kappa_weights}, "multiclass")
        weights = agreement_weights(kappa_weights, len(self._union), self._union) if given else None
        scaled = [m.code for m in chosen if m.params and weights_of(m.code, weights, self._union) is not None]
        if scaled and self._weights_read_order(kappa_weights):
            self._warn_order(f"The weighted coefficients ({', '.join(scaled)})")

        def params(m):
            return {"kappa_weights": weights_of(m.code, weights, self._union)} if m.params else {}

        return self._table_measures(chosen, self._view(), params, opts, weighted=given, bands=bands)

    @validate_options
    def confusions(self, top: int | None = 10) -> pd.DataFrame:
        """The largest confusions: the cells outside the K matching cells that hold the most objects.

        Useful at any K and essential at large K, where the crosstab cannot be read whole.

        Parameters
        ----------
        top : int or None, default 10
            How many cells; None for every non-empty one.

        Returns
        -------
        pandas.DataFrame
            One row per cell, the largest first (ties in the order of the table), indexed by rank from 1:
            "reference" and "predicted" (the labels), "count" (integers unless weighted, as in
            :meth:`crosstab`), "row share" (of the reference label's objects) and "share" (of all N).

        Examples
        --------
        >>> import pandas_agree as pa
        >>> df = pa.datasets.load("wine_predictions")
        >>> df.agree("cultivar", "knn").confusions(top=2)
               reference   predicted  count  row share     share
        rank
        1     cultivar 3  cultivar 2     26   0.541667  0.146067
        2     cultivar 2  cultivar 3     16   0.225352  0.089888
        """
        view = self._view()
        rows, cols, found = view.entries
        off = self._col_of_row[rows] != cols  # not a matching cell
        rows, cols, found = rows[off], cols[off], found[off]
        if top is not None and 0 < top < len(found):  # only the cells that may be among the top are sorted
            least = np.partition(found, len(found) - top)[len(found) - top]  # the top-th largest count
            rows, cols, found = (x[found >= least] for x in (rows, cols, found))  # with every tie at it
        order = np.lexsort((cols, rows, -found))[:top]
        rows, cols, found = rows[order], cols[order], found[order]
        out = pd.DataFrame({
            "reference": pd.Index(self._label_objects[0][rows], dtype=object),
            "predicted": pd.Index(self._label_objects[1][cols], dtype=object),
            "count": found.astype(np.int64) if self._counts_objects else found,
            "row share": found / view.row_totals[rows],
            "share": found / self.n,
        }, index=pd.RangeIndex(1, len(found) + 1, name="rank"), copy=False)  # the arrays are its own
        return out

    # --- SPSS CROSSTABS -------------------------------------------------------------------------------

    def _square(self) -> tuple[pd.DataFrame, np.ndarray, np.ndarray]:
        """The table over :attr:`labels` on both sides (the order of the ordinal measures; labels absent from a side
        are empty rows or columns, which the statistics leave out) and the row and column scores: the labels
        themselves when they are numbers, otherwise 1, 2, … over the categories with cases of each side. A column
        paired with a row by ``match=`` takes its row's place."""
        labels = self._union
        q = len(labels)
        dense = np.zeros((q, q))
        dense[np.ix_(*self._places)] = self._frame().to_numpy()
        frame = pd.DataFrame(dense, index=pd.Index(labels, name=self._index.name),
                             columns=pd.Index(labels, name=self._columns.name))
        return frame, *scores(labels, dense.sum(axis=1), labels, dense.sum(axis=0))

    def scored_table(self) -> tuple[pd.DataFrame, np.ndarray, np.ndarray]:
        """The table as the CROSSTABS statistics read it, with its scores: over :attr:`labels` on both sides
        (:meth:`_square`), or, for a matched table, whose columns are not the classes, each side in its own labels
        and order (:meth:`Crosstab.scored_table`).

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> t = pd.DataFrame([[3, 1], [0, 4]], index=["a", "b"], columns=["b", "c"])
        >>> frame, rows, cols = pa.Agreement.from_table(t).scored_table()
        >>> frame.index.tolist(), frame.columns.tolist()
        (['a', 'b', 'c'], ['a', 'b', 'c'])
        """
        return self._square() if self._mapping is None else super().scored_table()

    def _kappa_table(self) -> pd.DataFrame:
        return self._square()[0]  # the pairs of a matched table, or the labels of both sides

    def _symmetry_tests(self) -> tuple[pd.DataFrame, int]:
        return self.tests(), len(self._union)

    def _order_matters(self) -> bool:
        return len(self._union) > 2 or self._mapping is not None

    def report(self, **options):
        """Every table of this Agreement in one :class:`~pandas_agree.AgreementReport`.

        Options pass through to the methods: ``measures`` (class-specific and multiclass codes together; a kind
        not named keeps its default set), ``classes``, ``beta``, ``tversky``, ``correction``, ``zero_division``
        (the value of an undefined class value of the measures of range [0, 1] outside the odds-ratio family, in
        the class-specific table and the averages; the others stay NaN; a note names the values it set),
        ``average``,
        ``timing``, ``kappa_weights``, ``bands``, ``ci`` (default "auto"), ``confidence_level``, ``n_resamples``,
        ``bootstrap_method``, ``random_state`` (0 when not given, ``"fresh"`` for a seed drawn at random;
        recorded either way), ``resampling``, and ``percentages`` ("row", "column", "total") for the crosstab.
        SPSS's CROSSTABS words work too: ``statistics`` (``/STATISTICS`` keywords: the tables of
        :meth:`crosstab_statistics` follow the crosstab) and ``cells`` (``/CELLS`` keywords: the crosstab shows
        :meth:`cell_statistics`, with the words of ``percentages`` added).
        Two options shape the text and HTML reports only: ``max_classes`` (default 20; None shows everything):
        beyond that many classes the crosstab is not printed (the largest confusions are) and the class-specific
        table shows the weakest and strongest classes by ``sort_by`` (a class-specific measure; F1 by default);
        the DataFrames, to_excel() and to_dict() always hold every class.
        Groups (``by=``) need the rows: use ``df.agree.report(..., by=column)``.

        Examples
        --------
        >>> import numpy as np
        >>> import pandas_agree as pa
        >>> rep = pa.Agreement.from_table(np.array([[20, 5], [3, 22]])).report(random_state=1)
        >>> rep.multiclass.loc["KAPPA", "interpretation"]
        'substantial'
        """
        if "by" in options:
            raise TypeError("by= needs the rows of the data: use df.agree.report(actual, pred, by=column)")
        return build_report(self, **options)
