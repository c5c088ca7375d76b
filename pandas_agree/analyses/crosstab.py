"""``Crosstab``: the crosstab of any two variables, as SPSS's CROSSTABS gives it; the base of ``Agreement``.

A :class:`Crosstab` holds the I×J table of two variables whatever their labels (statsmodels' ``Table``): its
cells, the SPSS ``/CELLS`` and ``/STATISTICS`` tables, the association measures with intervals, and its report.
:class:`~pandas_agree.Agreement` is a Crosstab of two classifications into the same classes (statsmodels'
``SquareTable``): it adds the K labels on both sides and the measures of agreement.
"""

from __future__ import annotations

import inspect
import warnings
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

import numpy as np
import pandas as pd

from ..base.frames import column, name_list, require_frame
from ..base.lazy import LazyModule
from ..base.options import keywords, validate_options
from ..base.rounding import rounded_text
from ..base.text import in_words, shown, shown_list
from ..base.undefined import (
    UndefinedMeasureWarning,
    external_stacklevel,
    quiet_division,
    warn_undefined,
    warn_undefined_because,
)
from ..engine.crosstab import (
    SPARSE_CELLS,
    NoValidRowsError,
    SideLabels,
    Tabulation,
    as_label_series,
    described,
    held_sparse,
    no_valid_rows,
    sparse_frame,
    tabulate,
    validate_weights,
)
from ..engine.design import DesignColumns, check_replicates
from ..engine.labels import as_labels, check_listed, positions_of, unique_labels
from ..engine.native import engine_of
from ..engine.tables import CountedTable, validated_table
from ..engine.tableview import TableView
from ..inference import contingency
from ..inference.analytic import interval_notes
from ..inference.association import KEYWORDS as ASSOCIATION_KEYWORDS
from ..inference.association import RECORDS as ASSOCIATION_RECORDS
from ..inference.association import ZERO_ASE, association_measures
from ..inference.delta import TableCells
from ..inference.design import SampleDesign
from ..inference.design_tests import DesignTest, design_test_df, independence_tests, linear_wald, symmetry_tests
from ..inference.distributions import two_sided_p
from ..inference.estimands import TableMeasures
from ..inference.estimates import interval_options, seed_of
from ..inference.intervals import estimate
from ..inference.tests import run_tests
from ..measures.bands import interpret
from ..measures.registry import REGISTRY, Setting, notes_of, resolve
from .order import carries_order, numbers, ordered_categorical, warn_label_order
from .reports import build_report
from .results import estimate_columns, undefined_resamples
from .rows import CountedRows

sparse = LazyModule("scipy.sparse")

__all__ = ["KAPPA_TABLE", "LAYER_TABLES", "ORDINAL_KEYWORDS", "Counted", "Crosstab", "fixed_labels", "from_labels",
           "from_tabulation", "layer_labels", "layer_statistics", "order_fields", "order_layers", "scores",
           "side_labels", "statistics_keywords", "why_no_valid_rows"]


@dataclass(frozen=True)
class Counted:
    """How a table was counted from rows: what the engine's tabulation tells beside the table itself.

    Attributes
    ----------
    n_rows : int or None
        Rows read (None for a table given directly).
    n_missing, n_zero_weight : int
        Rows left out for a missing label or weight, and rows with valid labels left out for a weight of 0.
    weight_missing : float
        The weighted count of the rows left out for a missing label (the weight sum of those whose weight is not
        missing; without weights, their number).
    n_missing_weight : int
        Rows left out because their weight was missing (among ``n_missing``).
    weighted : bool
        Whether N is a sum of weights.
    order : pandas.Index or None
        Every label of either side in display order, as the engine ordered them.
    ordered : bool
        Whether that order is a scale the caller gave (``labels=``, ordered categoricals).
    sides_ordered : (bool, bool)
        Whether the order of each side (rows, columns) is one the caller gave: its list in ``labels={row: [...],
        col: [...]}``, or an ordered categorical.
    units, lonely_psu, replicates
        The sample design: the tables of the PSUs within strata (None for independent rows), the treatment of a
        stratum with a single PSU, and the replicates that give the variances instead of linearisation.
    pairs : list of tuple, dict or None
        For a group of a sample whose labels were paired by ``match=``: the pairs found on the whole sample.
    dropna : bool
        Whether rows with a missing label were left out (True) or a missing label is a category (False).
    labels : pandas.Index, SideLabels or None
        The categories ``labels=`` fixed (None: the observed ones), on both sides or each side its own
        (:class:`~pandas_agree.engine.crosstab.SideLabels`): a batch added later must keep within them.
    places : (numpy.ndarray, numpy.ndarray) or None
        The position in ``order`` of each label of the table's rows and of its columns, as the engine placed them
        (None: each label is looked up in ``order``).
    weights_by : hashable or None
        The name of the column of the weights (:func:`~pandas_agree.crosstabs`'s ``weights=`` naming a column);
        None without weights or where they were given as values.
    """

    n_rows: int | None = None
    n_missing: int = 0
    n_zero_weight: int = 0
    weight_missing: float = 0.0
    n_missing_weight: int = 0
    n_missing_zero_weight: int = 0
    weighted: bool = False
    order: pd.Index | None = None
    ordered: bool = False
    units: Any = None
    lonely_psu: str = "adjust"
    replicates: str | None = None
    pairs: list | Mapping | None = None
    dropna: bool = True
    labels: pd.Index | SideLabels | None = None
    sides_ordered: tuple[bool, bool] = (False, False)
    places: tuple[np.ndarray, np.ndarray] | None = None
    weights_by: Hashable | None = None


class Crosstab(CountedRows):
    """The crosstab of any two variables, held as their I×J table of counts (SPSS's CROSSTABS).

    Rows are the categories of the row variable, columns those of the column variable; the two need not share a
    label. Every cell statistic, CROSSTABS statistic and association measure is a function of this table.
    :class:`~pandas_agree.Agreement`, two classifications into the same classes, is a Crosstab.

    Build one with ``df.agree.crosstabs(row, col)``, :func:`~pandas_agree.crosstabs`, :meth:`from_table` or
    :meth:`from_counts`. Passing a table to the constructor is the same as :meth:`from_table`.

    Parameters
    ----------
    table : pandas.DataFrame, 2-D array or scipy sparse array
        Non-negative counts; index = row categories, columns = column categories (0..I−1 and 0..J−1 for an
        array).
    counted : Counted, optional
        How the table was counted from rows (the constructors from rows give it).
    layers : mapping of label to Crosstab, optional
        The tables of the layers (SPSS's ``CROSSTABS a BY b BY c``: one table of a by b for each value of c), whose
        sum this table is; ``df.agree.crosstabs(row, col, layers=column)`` gives them.
    layers_by : hashable or list, optional
        The layer variable (a list of them for several), as headings name it.

    Attributes
    ----------
    table : pandas.DataFrame
        The I×J table of counts (float64); sparse columns for a table of more than 2²² cells.
    shape, axis_names : tuple
        (I, J), and the names of the row and column variables.
    n : float
        N, the total of the table (the number of valid rows, or their weight sum).
    n_rows, n_missing, n_zero_weight : int
        Rows read (None for a table given directly); rows left out for a missing label or weight; rows with
        valid labels left out because their weight was 0.
    weight_missing : float
        The weighted count of the rows left out for a missing label: the sum of their weights (those of a missing
        weight, counted in ``n_missing_weight``, are not in it), or their number without weights. What SPSS's Case
        Processing Summary shows as Missing under ``WEIGHT BY``.
    n_missing_weight : int
        Rows left out because their weight was missing (they are among ``n_missing``).
    n_missing_zero_weight : int
        Rows left out for a missing label whose weight was 0 (they are among ``n_missing``).
    weighted : bool
        Whether weights were used (N is then a weight sum).
    weights_by : hashable or None
        The weight column, where ``weights=`` named one.
    layers : dict
        The table of each layer (empty without layers).

    Examples
    --------
    >>> import pandas as pd
    >>> import pandas_agree as pa
    >>> df = pd.DataFrame({"sex": ["f", "f", "m", "m", "m"], "region": ["north", "south", "south", "south", "north"]})
    >>> ct = df.agree.crosstabs("sex", "region")
    >>> ct.crosstab()
    region  north  south  Total
    sex
    f           1      1      2
    m           1      2      3
    Total       2      3      5
    """

    _paired_labels = False  # two classifications into one set of classes (an Agreement): one list of labels

    @validate_options
    def __init__(self, table, *, counted: Counted | None = None, layers: Mapping | None = None,
                 layers_by: Hashable | None = None) -> None:
        index, columns, values = validated_table(table)
        self._layers = {} if layers is None else dict(layers)
        self._layers_by = layers_by
        for value, layer in self._layers.items():
            if not isinstance(layer, Crosstab):
                raise TypeError(f"layers must map each layer to a Crosstab; layer {value!r} is a "
                                f"{type(layer).__name__}")
        counted = Counted() if counted is None else counted
        if not isinstance(counted, Counted):
            raise TypeError(f"counted must be a Counted record; got {type(counted).__name__}")
        self._counted = counted
        self._index, self._columns = index, columns
        self._shape = (len(index), len(columns))
        self._cells = None
        if held_sparse(self._shape):  # the stored cells in row-major order; counts of shape (m,)
            stored = sparse.csr_array(values)
            stored.sum_duplicates()
            stored.eliminate_zeros()
            stored.sort_indices()
            self._cells = (np.repeat(np.arange(self._shape[0]), np.diff(stored.indptr)), stored.indices.copy())
            self._counts = np.asarray(stored.data, dtype=np.float64)
        else:
            self._counts = values.toarray() if sparse.issparse(values) else values
        # whether the label order is a scale the data or the caller gave (numbers, ordered categoricals, labels=):
        # of each side, and of both
        own = [False, False] if counted.ordered else [carries_order(side) for side in (index, columns)]
        self._sides_ordered = tuple(bool(counted.ordered or given or carries)
                                    for given, carries in zip(counted.sides_ordered, own, strict=True))
        # both sides carry an order of their own only where each does
        self._ordered = bool(counted.ordered or (all(own) and carries_order(index, columns))
                             or (not self._paired_labels and all(self._sides_ordered)))
        self._sample = None
        if counted.units is not None:
            self._sample = SampleDesign(counted.units, self._shape, counted.lonely_psu, counted.replicates,
                                        stored=self._cells)
        self._notices: list[str] = []

    # --- constructors ---------------------------------------------------------------------------------

    @classmethod
    @validate_options
    def from_table(cls, table) -> Crosstab:
        """A Crosstab from a table of counts.

        Parameters
        ----------
        table : pandas.DataFrame, 2-D array or scipy sparse array
            Non-negative finite counts. A DataFrame gives the labels (index = rows, columns = columns); an array
            gets labels 0..I−1 and 0..J−1.

        Examples
        --------
        >>> import pandas_agree as pa
        >>> pa.Crosstab.from_table([[5, 1, 0], [2, 8, 4]]).shape
        (2, 3)
        """
        return cls(table)

    @classmethod
    @validate_options
    def from_counts(cls, data: pd.DataFrame, row: Hashable, col: Hashable, count: Hashable, *,
                    dropna: bool = True, labels: Sequence | Mapping | None = None) -> Crosstab:
        """A Crosstab from long aggregated data: one row per cell with its count (what a SQL ``GROUP BY row, col``
        or an SPSS ``WEIGHT BY`` file gives). Repeated cells are summed; rows with a missing label are left out
        (counted in ``n_missing``) unless ``dropna=False``. ``data`` may be a pandas DataFrame or any table
        :meth:`from_frame` takes (Polars, PyArrow, DuckDB, Ibis, PySpark, Dask): the repeated cells are then summed
        in its engine, the counts taken as frequency weights.

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> cells = pd.DataFrame({"sex": ["f", "f", "m"], "region": ["n", "s", "s"], "n": [40, 10, 50]})
        >>> pa.Crosstab.from_counts(cells, "sex", "region", "n").n
        100.0

        ``labels=`` gives both variables the same categories (a list), or each its own (a dict by variable):

        >>> ct = pa.Crosstab.from_counts(cells, "sex", "region", "n", labels={"region": ["s", "n", "e"]})
        >>> list(ct.table.columns), ct.shape
        (['s', 'n', 'e'], (2, 3))
        """
        if engine_of(data) is not None:  # the cells of another engine's table, summed where they are
            return cls.from_frame(data, row, col, weights=count, dropna=dropna, labels=labels)
        require_frame(data, "data")
        for arg, col_name in {"row": row, "col": col, "count": count}.items():
            column(data, col_name, arg)
        return from_labels(data[row], data[col], weights=data[count], dropna=dropna, labels=labels,
                           names=("row", "col"), weights_name="count", kind=cls, weights_by=count)

    @classmethod
    @validate_options
    def from_frame(cls, frame, actual: Hashable, pred: Hashable, *, weights: Hashable | None = None,
                   dropna: bool = True, labels: Sequence | Mapping | None = None, match=None,
                   strata: Hashable | None = None,
                   cluster: Hashable | None = None, fpc: Hashable | None = None, lonely_psu: str = "adjust",
                   replicates: str | None = None) -> Crosstab:
        """The table of two columns of any dataframe, counted by the engine that holds the rows.

        A pandas DataFrame is counted as ``df.agree(actual, pred, ...)`` counts it. A Polars DataFrame or LazyFrame,
        a PyArrow Table, a DuckDB relation, an Ibis table, a PySpark DataFrame or a Dask DataFrame is counted where it
        is: one group-by of the label columns (with the design's columns under a sample design) and the sum of the
        weights runs in its engine (through narwhals), and only the groups come back
        (:mod:`pandas_agree.engine.native` shows the query). Label order, missing labels (``dropna=``; NaN is
        missing, as in pandas), weights and ``labels=`` behave as with pandas, and the table, values and intervals
        are those of the same rows in pandas.

        Parameters
        ----------
        frame : dataframe
            pandas, Polars (eager or lazy), PyArrow, DuckDB, Ibis, PySpark or Dask.
        actual, pred : column names
            The row (reference) and the column (predicted) variable.
        weights, strata, cluster, fpc : column name, optional
            As for ``df.agree``; on a frame other than pandas they must be column names.
        dropna, labels, match, lonely_psu, replicates
            As for ``df.agree`` (``match=`` for an :class:`~pandas_agree.Agreement` only). A Crosstab's ``labels=``
            may also be a dict giving the row and/or the column variable its own categories and order, as
            :func:`~pandas_agree.crosstabs` takes it.

        Returns
        -------
        Crosstab or Agreement
            An object of the class it is called on.

        Examples
        --------
        >>> import pyarrow as pa
        >>> import pandas_agree
        >>> t = pa.table({"truth": ["a", "a", "b", None], "guess": ["a", "b", "b", "b"]})
        >>> ag = pandas_agree.Agreement.from_frame(t, "truth", "guess")
        >>> ag.n, ag.n_missing
        (3.0, 1)
        """

        if match is not None and "match" not in inspect.signature(cls.__init__).parameters:
            raise ValueError("match= pairs the labels of an Agreement; a Crosstab takes none (use "
                             "pandas_agree.Agreement.from_frame)")
        design = {"strata": strata, "cluster": cluster, "fpc": fpc}
        paired = {} if match is None else {"match": match}
        if isinstance(frame, pd.DataFrame):
            values = {name: None if value is None else column(frame, value, name)
                      for name, value in {"weights": weights, **design}.items()}
            return from_labels(column(frame, actual, "actual"), column(frame, pred, "pred"), dropna=dropna,
                               labels=labels, lonely_psu=lonely_psu, replicates=replicates, kind=cls, **paired,
                               weights_by=weights, **values)
        if engine_of(frame) is None:
            raise TypeError(f"frame must be a dataframe (pandas, Polars, PyArrow, DuckDB, Ibis, PySpark or Dask); got "
                            f"{type(frame).__module__}.{type(frame).__name__}")
        for name, value in {"weights": weights, **design}.items():
            if value is not None and pd.api.types.is_list_like(value):
                raise TypeError(f"{name} must be a column name on a {engine_of(frame)} frame")
        check_replicates(replicates, any(v is not None for v in design.values()))
        from ..engine.cells import NativeCounts

        labels = side_labels(labels, actual, pred, kind=cls)
        counts = NativeCounts.count(frame, actual, pred, weights=weights, dropna=dropna, labels=labels, **design)
        # an ordered type (a Polars Enum, an ordered pandas or Arrow categorical) reaches the groups as an ordered
        # categorical: its order is the labels' own, as on a pandas frame
        categorical = (ordered_categorical(counts.key(actual)), ordered_categorical(counts.key(pred)))
        return from_tabulation(counts.tabulation(), cls, **order_fields(labels, categorical), lonely_psu=lonely_psu,
                               replicates=replicates, dropna=bool(dropna), labels=fixed_labels(labels),
                               weights_by=weights, **paired)

    # --- attributes -----------------------------------------------------------------------------------

    @property
    def table(self) -> pd.DataFrame:
        """The I×J table of counts (float64): index = row categories, columns = column categories.

        A table of more than 2²² cells (:data:`pandas_agree.engine.crosstab.SPARSE_CELLS`) is held sparse:
        its columns are then ``Sparse[float64, 0]`` (``table.sparse.to_coo()`` gives the scipy form).
        """
        if self._cells is not None:
            return sparse_frame(self._sparse_counts, self._index.copy(), self._columns.copy())
        return pd.DataFrame(self._counts.copy(), index=self._index.copy(), columns=self._columns.copy())

    @property
    def held_sparse(self) -> bool:
        """Whether the table is held sparse (more than 2²² cells: :attr:`table` has sparse columns, and the SPSS
        cell statistics and CROSSTABS tables, which need the whole table, are not computed on it)."""
        return self._cells is not None

    @property
    def shape(self) -> tuple[int, int]:
        """(I, J): the numbers of row and column categories, the shape of :attr:`table`."""
        return self._shape

    @property
    def axis_names(self) -> tuple[Hashable, Hashable]:
        """The names of the row and the column variable (those of :attr:`table`'s index and columns)."""
        return self._index.name, self._columns.name

    @property
    def n(self) -> float:
        """N, the total of the whole table (the number of valid rows, or their weight sum)."""
        return float(self._counts.sum())

    @property
    def _counted_rows(self):
        return self._counted

    @property
    def _sampled_objects(self) -> float | None:
        """Under a sample design, the rows the table counts (:attr:`TableView.sampled`); None otherwise."""
        units = self._counted.units
        return None if self._sample is None or units is None else float(units.n_valid)

    @property
    def weighted(self) -> bool:
        """Whether weights were used (N is then a weight sum)."""
        return self._counted.weighted

    @property
    def ordered(self) -> bool:
        """Whether the order of the labels is a scale the data or the caller gave: numeric labels, ordered
        categoricals on both sides, or ``labels=``. Statistics that read the order as a scale (the ordinal
        CROSSTABS statistics, the linear-by-linear test, weighted coefficients) warn when it is not
        (:class:`~pandas_agree.LabelOrderWarning`).

        Examples
        --------
        >>> import pandas_agree as pa
        >>> pa.agreement([1, 2, 3], [1, 3, 3]).ordered, pa.agreement(["a", "b"], ["a", "a"]).ordered
        (True, False)
        """
        return self._ordered

    @property
    def design(self) -> dict | None:
        """The sample design (with ``strata=``, ``cluster=`` or ``fpc=``): strata, PSUs, degrees of freedom
        (PSUs − strata), rows counted, and the strata with a single PSU; None for independent rows.

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> df = pd.DataFrame({"a": list("xxyyxy"), "p": list("xyyyxx"), "school": [1, 1, 2, 2, 3, 3]})
        >>> df.agree("a", "p", cluster="school").design["psus"]
        3
        """
        return None if self._sample is None else self._sample.summary()

    @property
    def layers(self) -> dict:
        """The table of each layer, by the layer's value (a tuple of values for several layer columns), in the
        order of the groups of a report; empty without layers.

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> df = pd.DataFrame({"a": list("xyxy"), "b": list("uuvv"), "site": list("PPQQ")})
        >>> {site: layer.shape for site, layer in df.agree.crosstabs("a", "b", layers="site").layers.items()}
        {'P': (2, 1), 'Q': (2, 1)}
        """
        return dict(self._layers)

    @property
    def layers_by(self) -> Hashable | None:
        """The layer variable (a list of them for several), or None without layers."""
        return self._layers_by

    @property
    def weights_by(self) -> Hashable | None:
        """The weight column (``weights=`` of :func:`~pandas_agree.crosstabs`, ``df.agree(...)`` or
        :meth:`from_frame` naming a column of the frame, or the ``count`` column of :meth:`from_counts`), or None
        without weights or where they were given as values.

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> df = pd.DataFrame({"a": list("xyxy"), "b": list("uuvv"), "n": [3, 1, 2, 5]})
        >>> pa.crosstabs(df, "a", "b", weights="n").weights_by, pa.crosstabs(df, "a", "b").weights_by
        ('n', None)
        """
        return self._counted.weights_by

    @property
    def notices(self) -> list[str]:
        """What a reader should know of the table itself, as its construction warned it (the reports add them to
        their notes)."""
        return list(self._notices)

    # --- counts that add up -----------------------------------------------------------------------------

    def _merge_options(self, other: Crosstab) -> dict:
        """The constructor's options of the table of ``self`` and ``other`` counted together (an Agreement's
        ``match=``), or a ValueError where they differ."""
        return {}

    def combine(self, other: Crosstab) -> Crosstab:
        """The table of this table's rows and the rows of ``other`` counted together (PyCM's ``combine``;
        ``a + b`` is ``a.combine(b)``, and ``sum(tables)`` adds up several).

        Counts add up cell by cell over the union of the labels, in the order one count of all the rows gives them
        (sorted where both tables' labels were sorted; else this table's labels in their order, then the new labels
        of the other table in its order: declared categorical orders, labels that do not sort). The rows read, left
        out and of zero weight add up too; under a sample design the tables of the PSUs are merged (a cluster met in
        both, in the same stratum, is one PSU; the sampling fractions are found again from ``fpc``), and the tables
        of layers are merged layer by layer. The result equals the table one count of all the rows gives: exactly
        for counts of objects and weights that are whole numbers.

        Parameters
        ----------
        other : Crosstab
            A table of the same class (an :class:`~pandas_agree.Agreement` with an Agreement), counted the same way:
            both weighted or neither, the same ``dropna=``, the same ``labels=`` if both fixed them (a table with
            ``labels=`` adds up with one whose labels are among them, in the order ``labels=`` gives), the same
            sample design (strata, clusters and ``fpc``
            given for both or neither, with ``lonely_psu=`` and ``replicates=`` alike), layers by the same variable
            or none, and for Agreements the same ``match=``.

        Returns
        -------
        Crosstab
            A new table object of the same class; the tables added are unchanged.

        Raises
        ------
        TypeError
            For an object that is not a table of the same class.
        ValueError
            For tables counted differently (the message says how).

        Examples
        --------
        >>> import pandas_agree as pa
        >>> first = pa.agreement(["a", "a", "b"], ["a", "b", "b"])
        >>> second = pa.agreement(["c", "a"], ["c", "a"])
        >>> both = first + second
        >>> both.crosstab(margins=False)
           a  b  c
        a  2  1  0
        b  0  1  0
        c  0  0  1
        >>> both.n == pa.agreement(["a", "a", "b", "c", "a"], ["a", "b", "b", "c", "a"]).n
        True
        """
        if type(other) is not type(self):
            raise TypeError(f"combine() takes a table of the same class: a {type(self).__name__} adds up with a "
                            f"{type(self).__name__}, not with a {type(other).__name__}")
        options = self._merge_options(other)
        if bool(self._layers) != bool(other._layers) or self._layers_by != other._layers_by:
            raise ValueError(
                "cannot add these tables: their layers differ (layers by "
                f"{self._layers_by!r} and by {other._layers_by!r}); a table with layers adds up with a table "
                "with layers by the same variable")
        layers = None
        if self._layers:  # layer by layer: this table's layers, then the other's new ones
            layers = dict(self._layers)
            for value, layer in other._layers.items():
                layers[value] = layers[value].combine(layer) if value in layers else layer
        return self._merged(other, options, layers)

    def _merged(self, other: Crosstab, options: dict, layers: dict | None = None) -> Crosstab:
        from .merge import merged_fields

        fields = merged_fields(self._counted, other._counted, (self._index, self._columns, self._cells, self._counts),
                               (other._index, other._columns, other._cells, other._counts))
        return type(self)(fields["table"], counted=Counted(**fields["counted"]), layers=layers,
                          layers_by=self._layers_by, **options)

    def __add__(self, other):
        if not isinstance(other, Crosstab):
            return NotImplemented
        return self.combine(other)

    def __radd__(self, other):
        if isinstance(other, int) and other == 0:  # sum() of tables starts from 0
            return self
        return NotImplemented

    def update(self, y_true, y_pred, weights=None, *, strata=None, cluster=None, fpc=None) -> Crosstab:
        """Add a batch of rows to the table, in place (as torchmetrics' ``update`` accumulates a confusion matrix),
        and return it.

        The batch is counted as the table's own rows were (the same ``dropna=`` and ``labels=``: with ``labels=``, a
        batch's label outside them is the constructor's ValueError and the table is unchanged), and merged as
        :meth:`combine` merges: new labels come after the table's own. Every value computed afterwards is that of
        all the rows added so far; with integer counts, exactly that of one count of all of them.

        Parameters
        ----------
        y_true, y_pred : array_like
            The labels of the batch (Series, arrays or lists), one per row: the row and the column variable.
        weights : array_like, optional
            The batch's weights; needed when the table is weighted, and an error when it is not.
        strata, cluster, fpc : array_like, optional
            The batch's sample design columns, one value per row: needed (the same ones) when the table has a
            sample design.

        Returns
        -------
        Crosstab
            This table object, updated.

        Examples
        --------
        >>> import pandas_agree as pa
        >>> ag = pa.agreement([1, 1, 2], [1, 2, 2])
        >>> ag.update([2, 3], [2, 3]).n
        5.0
        >>> int(ag.crosstab(margins=False).loc[3, 3])
        1
        """
        if self._layers:
            raise ValueError("update() cannot place a batch in the layers of a table with layers: add the batch's "
                             "table with the same layers instead (ct + pa.crosstabs(batch, row, col, layers=...))")
        if (weights is None) == self.weighted:
            raise ValueError("weights: the table is weighted, so each batch needs its weights" if self.weighted else
                             "weights: the table is not weighted; a batch with weights would add weights to counts")
        from .merge import check_batch_design

        design = {"strata": strata, "cluster": cluster, "fpc": fpc}
        units = self._counted.units
        check_batch_design(units, design, "the table", "the table's")
        # a batch is counted onto the table's labels= as the table's own rows were: a label outside them is the
        # constructor's error
        batch = from_labels(y_true, y_pred, weights=weights, dropna=self._counted.dropna,
                            labels=self._counted.labels, names=("y_true", "y_pred"),
                            lonely_psu=self._counted.lonely_psu, replicates=self._counted.replicates, kind=Crosstab,
                            **({} if units is None else design))
        merged = self._merged(batch, self._merge_options(batch))
        # the merged object's state becomes this one's (cached values of the old counts go with the old state)
        self.__dict__.clear()
        self.__dict__.update(merged.__dict__)
        return self

    def __repr__(self) -> str:
        i, j = self._shape
        missing = self.n_missing
        return (f"<{type(self).__name__}: {i}×{j} table, N = {self.n:g}" + self._repr_more() + self._repr_layers()
                + (f", {missing} row{'s' if missing != 1 else ''} missing" if missing else "") + ">")

    def _repr_layers(self) -> str:
        """The layers in :meth:`__repr__`: their number and the layer columns (", 3 layers by Dept")."""
        if not self._layers:
            return ""
        by = name_list(self._layers_by)
        n = len(self._layers)
        return f", {n:,} layer{'s' if n != 1 else ''} by {', '.join(map(str, by))}"

    def _repr_more(self) -> str:
        return ""

    # --- the table's derived forms, built once ------------------------------------------------------------

    @cached_property
    def _label_objects(self) -> tuple[np.ndarray, np.ndarray]:
        """The row and column labels as object arrays, which index fast (an Index of pyarrow strings does not)."""
        return self._index.to_numpy(dtype=object), self._columns.to_numpy(dtype=object)

    @property
    def table_labels(self) -> list:
        """The labels of the table's rows, then those of its columns, in one list (a label of both sides is in it
        twice): the labels a report of the table prints.

        Examples
        --------
        >>> import pandas_agree as pa
        >>> pa.Crosstab.from_table([[1, 2], [3, 4]]).table_labels
        [0, 1, 0, 1]
        """
        rows, columns = self._label_objects
        return [*rows.tolist(), *columns.tolist()]

    def _frame(self) -> pd.DataFrame:
        """The table as a dense DataFrame of its own labels."""
        dense = self._counts
        if self._cells is not None:
            dense = np.zeros(self._shape)
            dense[self._cells] = self._counts
        return pd.DataFrame(dense, index=self._index, columns=self._columns)

    @cached_property
    def _sparse_counts(self):
        """The table as a scipy sparse array (its non-empty cells), for the delta method's sums."""
        if self._cells is not None:
            return sparse.csr_array((self._counts, self._cells), shape=self._shape)
        return sparse.csr_array(self._counts)

    @cached_property
    def _table_cells(self) -> TableCells:
        """The table's non-empty cells and margins, as every delta-method variance of it takes them."""
        if self._cells is not None:
            return TableCells(self._sparse_counts)
        view = self._dense_view_held()
        if view is None:
            return TableCells(self._counts)
        return TableCells(self._counts, view.entries, (view.row_totals, view.col_totals))

    def _dense_view_held(self) -> TableView | None:
        """The view of this dense table that the analysis keeps for every call (its non-empty cells and margins
        found once for the measures and the delta method's sums), or None where it keeps none."""
        return None

    @cached_property
    def _counts_objects(self) -> bool:
        """Whether the table counts objects (no weights, whole numbers), so that counts show as integers."""
        return (not self.weighted and np.array_equal(self._counts, np.round(self._counts))
                and self._counts.sum() < 2.0 ** 53)

    @property
    def _cell_rows(self) -> np.ndarray | None:
        """The row of each stored cell when the table is held sparse, else None."""
        return None if self._cells is None else self._cells[0]

    def _margins(self) -> tuple[np.ndarray, np.ndarray]:
        """The row and column totals."""
        if self._cells is not None:
            rows, cols = self._cells
            return (np.bincount(rows, self._counts, minlength=self._shape[0]),
                    np.bincount(cols, self._counts, minlength=self._shape[1]))
        return self._counts.sum(axis=1), self._counts.sum(axis=0)

    def _own_view(self) -> TableView:
        """The table as the association measures see it: each side in its own labels and order."""
        i, j = self._shape
        return TableView(self._counts, np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64), np.arange(i),
                         i + np.arange(j), i + j, self._cells, self._shape if self._cells is not None else None)

    def _warn_order(self, what: str) -> None:
        """A LabelOrderWarning that ``what`` used the order of labels that carry none, naming the side(s) without
        an order, the order used, and how to give each side its own (``labels={row: [...], col: [...]}``)."""
        if self._ordered or all(self._sides_ordered):
            return
        unordered = [k for k in (0, 1) if not self._sides_ordered[k]]
        side = ("rows", "columns")
        variables = [("the row variable" if n is None else repr(n)) for n in self.axis_names]
        labels = (self._index, self._columns)
        order = " and ".join(f"{shown_list(labels[k], most=6, separator=' < ')} for the {side[k]}" for k in unordered)
        which = " and of the ".join(f"{side[k]} ({variables[k]})" for k in unordered)
        keys = {0: "row", 1: "col"}
        flags = "/".join(f"--{keys[k]}-labels" for k in unordered)
        given = ", ".join(f"{variables[k]}: [...]" for k in unordered)
        warn_label_order(what, order, sides=f"the labels of the {which}", advice=f"labels={{{given}}}", options=flags)

    # --- tables ---------------------------------------------------------------------------------------

    @validate_options
    def crosstab(self, margins: bool = True) -> pd.DataFrame:
        """The crosstab, with row and column totals labelled "Total" when ``margins`` is true.

        The totals are the last row and the last column, whatever the labels are (a category may itself be called
        "Total"): read them by position (``.iloc[-1]``).

        Counts of objects are integers (as ``pandas.crosstab`` gives them); with weights, or a table of fractional
        counts, they are the float sums of the weights (:attr:`table` is always float).

        Examples
        --------
        >>> import pandas_agree as pa
        >>> pa.Agreement.from_table([[3, 1], [0, 4]]).crosstab()
               0  1  Total
        0      3  1      4
        1      0  4      4
        Total  3  5      8
        """
        index, columns = self._index, self._columns
        if margins:
            rows, cols = self._label_objects
            index = pd.Index([*rows.tolist(), "Total"], dtype=object, name=self._index.name)
            columns = pd.Index([*cols.tolist(), "Total"], dtype=object, name=self._columns.name)
        if self._cells is not None:  # sparse columns, as the table is held
            rows, cols, counts = *self._cells, self._counts
            if margins:
                i, j = self._shape
                row_totals, col_totals = self._margins()
                rows = np.concatenate([rows, np.arange(i), np.full(j + 1, i)])
                cols = np.concatenate([cols, np.full(i, j), np.arange(j + 1)])
                counts = np.concatenate([counts, row_totals, col_totals, [counts.sum()]])
            table = sparse.coo_array((counts, (rows, cols)), shape=(len(index), len(columns)))
            out = sparse_frame(table, index, columns)
            return out.astype(pd.SparseDtype(np.int64, 0)) if self._counts_objects else out
        counts = self._counts
        if margins:  # made in the dtype shown: counts of objects as integers (whole, so their sums are the same)
            i, j = counts.shape
            full = np.empty((i + 1, j + 1), dtype=np.int64 if self._counts_objects else counts.dtype)
            full[:i, :j] = counts
            full[:i, j] = counts.sum(axis=1)
            full[i] = full[:i].sum(axis=0)
            counts = full
        elif self._counts_objects:
            counts = counts.astype(np.int64)
        return pd.DataFrame(counts, index=index, columns=columns)

    def _dense_only(self, option: str) -> None:
        """A ValueError naming ``option`` when the table is held sparse: the CROSSTABS statistics need its dense
        form, which is not built (it would be too large to compute with)."""
        if self._cells is not None:
            i, j = self._shape
            raise ValueError(
                f"{option}: the CROSSTABS {'cell ' if option == 'cells' else ''}statistics need the whole table, and "
                f"this {i:,} × {j:,} table ({float(i) * j:,.0f} cells) is held sparse (more than {SPARSE_CELLS:,} "
                "cells); they are not computed on it. Compute them on fewer labels (a table of the classes of "
                "interest).")

    @validate_options
    def cells(self, cells=("count",)) -> pd.DataFrame:
        """The crosstab with SPSS's ``/CELLS`` statistics: under each row label, one row per statistic.

        The statistics are those of :func:`~pandas_agree.inference.contingency.cell_statistics`, on the table as
        :meth:`crosstab` shows it, with the "Total" row and column, named apart from every label: "(Total)" if a
        label is "Total", "((Total))" if "(Total)" is one too, and so on
        (:func:`~pandas_agree.inference.contingency.margins_label`).

        Parameters
        ----------
        cells : str or list of str, default ("count",)
            SPSS's ``/CELLS`` keywords (any case): count, expected, row, column, total (percentages), resid,
            sresid (standardized), asresid (adjusted standardized residuals), or "all". They come in SPSS's order
            (that of this list), whatever the order given.

        Returns
        -------
        pandas.DataFrame
            Index (row label, statistic keyword), columns the column labels and the total; float values, NaN where
            SPSS leaves a cell blank (residuals of the totals) or a denominator is 0. ``attrs["titles"]`` maps each
            keyword to SPSS's title ("Expected Count", "% within <row variable>", ...).

        Raises
        ------
        ValueError
            For an unknown keyword, or a table held sparse (more than 2²² cells).

        Examples
        --------
        >>> import pandas_agree as pa
        >>> out = pa.Crosstab.from_table([[20, 5], [10, 15]]).cells(["count", "expected"])
        >>> out.loc[(0, "expected")].tolist()
        [15.0, 10.0, 25.0]
        """
        words = keywords("cells", cells)
        self._dense_only("cells")
        table = self.table
        table.index.name, table.columns.name = self.axis_names
        total = contingency.margins_label([*table.index, *table.columns])
        return contingency.cell_statistics(table, list(words), margins_name=total)

    def cell_statistics(self, cells=("count",)) -> pd.DataFrame:
        """The same as :meth:`cells` (its name before :class:`Crosstab`).

        Examples
        --------
        >>> import pandas_agree as pa
        >>> pa.Agreement.from_table([[20, 5], [10, 15]]).cell_statistics("expected").iloc[0].tolist()
        [15.0, 10.0, 25.0]
        """
        return self.cells(cells)

    # --- measures of the whole table ------------------------------------------------------------------

    @validate_options
    def measures(self, codes=None, *, ci: str | None = None, confidence_level: float = 0.95,
                 n_resamples: int = 2000, bootstrap_method: str = "percentile", random_state=None,
                 resampling: str = "multinomial") -> pd.DataFrame:
        """The association measures of the table (the registry's kind "association": phi, Cramér's V, lambda,
        Goodman and Kruskal's tau, the uncertainty coefficients, Kendall's tau-b and tau-c, gamma, Somers' d,
        Spearman's and Pearson's correlations, eta, the risk estimates), with an interval for each.

        Each side is read in its own labels and order (the ordinal measures), and Pearson's R and eta score the
        categories as :meth:`scored_table` does. Under a sample design (``strata=``, ``cluster=``, ``fpc=``) every
        interval is design-based, linearised through the record's partials.

        Parameters
        ----------
        codes : str or list of str, optional
            Codes or names of association measures (``pa.measures("association")``), in the order wanted; by
            default every one that applies to any table (the risk estimates are for 2×2 tables).
        ci : {None, "auto", "linearized", "bootstrap", ...}, optional
            The interval method, as :meth:`Agreement.multiclass` takes it: None for values only. A binomial
            method's name ("wilson", "clopper-pearson", ...) means "auto" with that method for proportions; no
            association measure is a proportion, so it gives the intervals of "auto" (the "method" column names
            each).
        confidence_level, n_resamples, bootstrap_method, random_state, resampling
            As in :meth:`Agreement.binary`.

        Returns
        -------
        pandas.DataFrame
            Index: measure codes; column "value", with ``ci`` also "se", "lower", "upper" and "method" (and "deff"
            under a sample design). ``attrs["notes"]`` says why a value is undefined.

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> t = pd.DataFrame([[20, 10, 5], [5, 25, 10]], index=[1, 2], columns=[1, 2, 3])
        >>> pa.Crosstab.from_table(t).measures(["CRAMERV", "GAMMA"], ci="linearized").round(3)[["value", "se"]]
                 value     se
        CRAMERV  0.474  0.099
        GAMMA    0.600  0.141
        """
        opts = interval_options(ci, confidence_level, n_resamples, bootstrap_method, random_state, resampling,
                                self._sample)
        chosen = resolve(codes, "association", default=lambda m: True)
        rows, cols = self._margins()
        if codes is None:  # by default the measures the table's shape defines (the risk estimates: 2×2 tables)
            shape = (int((rows > 0).sum()), int((cols > 0).sum()))
            setting = Setting(same_labels=False, shape=shape)
            chosen = [m for m in chosen if not any(undefined for *_, undefined in notes_of([m], setting))]
        if any(m.level != "nominal" for m in chosen) and self._order_matters():
            ordinal = [m.code for m in chosen if m.level != "nominal"]
            self._warn_order(f"The measure{'s' if len(ordinal) > 1 else ''} {in_words(ordinal)}")
        row_scores, col_scores = scores(self._index, rows, self._columns, cols)
        view = replace(self._own_view(), row_scores=row_scores, col_scores=col_scores)
        return self._table_measures(chosen, view, lambda m: {}, opts, why=self.why_statistics_undefined())

    def _table_measures(self, chosen: list, view: TableView, params, opts, *, weighted: bool = False,
                        bands: str | None = None, why: str = "") -> pd.DataFrame:
        """The frame of measures of the whole table: each record's value on ``view`` (with ``params(record)``),
        the notes of the values a rule leaves undefined, and with ``opts`` their intervals (the one inference core,
        through the :class:`~pandas_agree.inference.estimands.TableMeasures` estimand); ``bands`` interprets the
        kappa-like rows. The values left undefined otherwise are said in one UndefinedMeasureWarning, which gives
        ``why`` as their reason where there is one (:meth:`why_statistics_undefined`)."""
        values, notes = {}, []
        with np.errstate(all="ignore"), quiet_division():  # set once for every measure's formulas
            for m in chosen:
                values[m.code] = float(m.compute(view, **params(m)))
        by_rule = set()  # NaN by a rule that a note explains
        shape = (int((view.row_totals > 0).sum()), int((view.col_totals > 0).sum()))  # rows, columns with objects
        for text, codes, undefined in notes_of(chosen, Setting(weighted=weighted, same_labels=view.same_labels,
                                                               shape=shape, labels=view.q)):
            notes.append(text)
            if undefined:
                by_rule.update(codes)
                warnings.warn(text, UndefinedMeasureWarning, stacklevel=external_stacklevel())
        undefined = [code for code, value in values.items() if np.isnan(value) and code not in by_rule]
        if undefined and why:
            warn_undefined_because(in_words(undefined), why)
        else:
            warn_undefined({code: None for code in undefined})
        columns: dict = {"value": np.array(list(values.values()), dtype=float)}  # the frame is made once, at the end
        if opts is not None:
            estimand = TableMeasures(chosen, view, values, params, self._table_cells, self._counts, self._cell_rows,
                                     opts)
            estimates = estimate(estimand, opts)
            stats = {stat: np.array([getattr(estimates[code], stat) for code in values], dtype=float)
                     for stat in estimate_columns(estimates)[1:]}  # the frame in one step: setting columns is slow
            columns.update(stats, method=[estimates[code].method for code in values])
        kappa_rows = [m.code for m in chosen if m.kappa_like]
        if kappa_rows and bands is not None:
            # NaN (not None) where there is no band, so the column prints alike on every pandas
            band = dict(zip(kappa_rows, interpret([values[code] for code in kappa_rows], bands), strict=True))
            columns["interpretation"] = [(band[m.code] if m.kappa_like else None) or np.nan for m in chosen]
        out = pd.DataFrame(columns, index=pd.Index(list(values)))
        if opts is not None:
            out.attrs["undefined_resamples"] = undefined_resamples(estimates)
            notes += interval_notes(estimates)
        out.attrs["notes"] = notes
        return out

    # --- SPSS CROSSTABS -------------------------------------------------------------------------------

    def scored_table(self) -> tuple[pd.DataFrame, np.ndarray, np.ndarray]:
        """The table as the CROSSTABS statistics read it, with the row and column scores of Pearson's R, eta and
        the linear-by-linear test: each side in its own labels and order, scored by its labels when both sides'
        labels are numbers (as SPSS uses numeric codes), otherwise 1, 2, … over the categories with cases.

        Examples
        --------
        >>> import pandas_agree as pa
        >>> frame, row_scores, col_scores = pa.Crosstab.from_table([[1, 0, 2], [0, 0, 3]]).scored_table()
        >>> row_scores.tolist(), col_scores.tolist()
        ([0.0, 1.0], [0.0, 1.0, 2.0])
        """
        frame = self._frame()
        return frame, *scores(frame.index, frame.sum(axis=1).to_numpy(), frame.columns, frame.sum(axis=0).to_numpy())

    def _kappa_table(self) -> pd.DataFrame | None:
        """The square table kappa and the tests of symmetry read: the columns in the order of the rows where both
        sides have the same labels (SPSS's rule), else None."""
        frame = self._frame()
        at = positions_of(frame.index, frame.columns)
        if len(frame.index) != len(frame.columns) or (at < 0).any():
            return None
        return frame.iloc[:, at]

    def _symmetry_tests(self) -> tuple[pd.DataFrame | None, int]:
        """The tests of the square table (McNemar's, Bowker's) and its number of categories, or (None, 0) where the
        table is not square on the same labels."""
        square = self._kappa_table()
        if square is None:
            return None, 0
        q = len(square)
        view = TableView(square.to_numpy(), np.arange(q), np.arange(q), np.arange(q), np.arange(q), q)
        return run_tests(view, None), q

    @validate_options
    def statistics(self, statistics="all", *, random_state=None) -> dict[str, pd.DataFrame]:
        """The tables SPSS's ``CROSSTABS /STATISTICS=...`` prints for this table, by title, in SPSS's order.

        ========================================  ==================================================================
        title                                     keywords
        ========================================  ==================================================================
        "Chi-Square Tests"                        ``chisq`` (Pearson, continuity correction and Fisher's exact test
                                                  for 2×2 tables, likelihood ratio, linear-by-linear association,
                                                  N of valid cases); ``mcnemar`` adds SPSS's "McNemar Test" row
                                                  (2×2: the exact binomial p-value) or "McNemar-Bowker Test" row
        "Directional Measures"                    ``lambda`` (and Goodman and Kruskal's tau), ``uc``, ``d``, ``eta``
        "Symmetric Measures"                      ``phi`` (and Cramér's V), ``cc``, ``btau``, ``ctau``, ``gamma``,
                                                  ``corr`` (Spearman and Pearson), ``kappa``
        "Risk Estimate"                           ``risk`` (2×2 tables; otherwise a row whose note says why)
        ========================================  ==================================================================

        The values are those of :func:`~pandas_agree.inference.contingency.chi_square_tests`,
        :func:`~pandas_agree.inference.association.association_measures` and
        :func:`~pandas_agree.inference.contingency.risk_estimate` on the table :meth:`scored_table` gives (rows
        and columns without cases are left out, as SPSS leaves them out). Kappa and McNemar's tests need a square
        table whose rows and columns are the same categories (SPSS's rule); elsewhere their row is NaN and its
        note says why. An :class:`~pandas_agree.Agreement` reads its table over its labels, on both sides.

        ``cmh`` needs layers (``df.agree.crosstabs(row, col, layers=column)``): it adds the tables of
        :func:`layer_statistics` over :attr:`layers`. Without layers it is a ValueError, and ``"all"`` means every
        other keyword.

        Parameters
        ----------
        statistics : str or list of str, default "all"
            SPSS's ``/STATISTICS`` keywords (any case): chisq, phi, cc, lambda, uc, btau, ctau, gamma, d, eta,
            corr, kappa, risk, mcnemar, cmh (with layers), or "all".
        random_state : None, "fresh", int or numpy Generator, optional
            Seed of the Monte Carlo estimate of Fisher's exact test of a table larger than 2×2 where the exact test
            is not computed (tables with the observed margins, as SPSS's ``/METHOD=MC``): 0 when None, so that the
            same call gives the same numbers; ``"fresh"`` draws a seed from the operating system's entropy.

        Returns
        -------
        dict of str to pandas.DataFrame
            The tables asked for, at full precision. "Chi-Square Tests": index statistic, columns ``value``,
            ``df``, ``pvalue``, ``exact_2sided``, ``exact_1sided``, ``note``; ``attrs`` holds the footnote facts
            (``cells_expected_below_5``, ``percent_expected_below_5``, ``min_expected``, ``monte_carlo``).
            "Directional Measures" and "Symmetric Measures": index measure, columns ``scale``, ``value``, ``ase``
            (ASE1), ``t``, ``pvalue``, ``method``, ``note`` (``attrs["n"]`` of "Symmetric Measures": the N of valid
            cases). "Risk Estimate": index statistic, columns ``measure``, ``cohort``, ``value``, ``se_log``,
            ``lower``, ``upper``, ``note``. Under a sample design "Chi-Square Tests" holds the design-based tests
            (columns ``value``, ``df``, ``df2``, ``pvalue``, ``distribution``, ``note``; ``attrs["nu"]`` the
            tests' degrees of freedom, ``attrs["design_df"]`` the design's), the measures tables gain ``deff``,
            ``lower`` and ``upper`` (their ``ase`` is design-based), and the Risk Estimate ``deff``.

        Raises
        ------
        ValueError
            For an unknown keyword, for ``cmh``, or for a table held sparse (more than 2²² cells: its dense form
            is not built).

        Warns
        -----
        UndefinedMeasureWarning
            Once for the call where the row or the column variable has one category with cases: the tests and the
            measures are then NaN (SPSS computes none of them), and the warning names them and the variable.

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> t = pd.DataFrame([[20, 10], [5, 25]], index=["f", "m"], columns=["north", "south"])
        >>> tables = pa.Crosstab.from_table(t).statistics(["chisq", "phi", "risk"])
        >>> list(tables)
        ['Chi-Square Tests', 'Symmetric Measures', 'Risk Estimate']
        >>> round(float(tables["Chi-Square Tests"].loc["Pearson Chi-Square", "value"]), 4)
        15.4286
        """
        words = statistics_keywords(statistics, layers=bool(self._layers))
        random_state = seed_of(random_state)
        self._dense_only("statistics")
        frame, row_scores, col_scores = self.scored_table()
        out: dict[str, pd.DataFrame] = {}
        if self._sample is not None:  # every design-based estimate of the call in one pass over the PSUs
            self._design_estimates([*(["PEARSON"] if "chisq" in words else []),
                                    *(code for w in words if w in ASSOCIATION_RECORDS
                                      for _, code in ASSOCIATION_RECORDS[w]),
                                    *(["ODDSRATIO", "RELRISK1", "RELRISK2"] if "risk" in words and
                                      self._shape == (2, 2) else [])])
        if "chisq" in words or "mcnemar" in words:
            out["Chi-Square Tests"] = (self._chi_square_tests(frame, row_scores, col_scores, words, random_state)
                                       if self._sample is None else self._design_chi_square_tests(words))
        association = [w for w in words if w in ASSOCIATION_KEYWORDS]
        scaled = [ORDINAL_KEYWORDS[w] for w in words if w in ORDINAL_KEYWORDS]
        if scaled and self._order_matters():
            several = len(scaled) > 1 or "corr" in words  # corr: Spearman's and Pearson's correlations
            self._warn_order(f"The statistic{'s' if several else ''} {in_words(scaled)}")
        constant = self.why_statistics_undefined()
        if association:
            with warnings.catch_warnings():
                if constant:  # every statistic the constant leaves undefined is said once below, with the reason
                    warnings.simplefilter("ignore", UndefinedMeasureWarning)
                measures = association_measures(frame.to_numpy(), row_scores, col_scores,
                                                [w for w in association if w != "kappa"])
            if "kappa" in association:
                square = self._kappa_table()
                kappa = association_measures(np.ones((1, 2)) if square is None else square.to_numpy(), None, None,
                                             ["kappa"])  # a table of another shape is kappa's row saying why
                measures = pd.concat([measures, kappa]) if len(measures) else kappa
            for title in ("Directional Measures", "Symmetric Measures"):
                if title in measures.index.get_level_values("table"):
                    out[title] = measures.xs(title, level="table")
            if self._sample is not None:
                for title in ("Directional Measures", "Symmetric Measures"):
                    if title in out:
                        out[title] = self._design_measures(out[title])
            if "Symmetric Measures" in out:
                out["Symmetric Measures"].attrs["n"] = self.n  # SPSS prints the N of valid cases under it
        if "risk" in words:
            out["Risk Estimate"] = _risk(frame) if self._sample is None else self._design_risk(_risk(frame))
        if constant:
            _warn_constant(out, constant, self._shape)
        if "cmh" in words:
            out.update(layer_statistics(self, self._layers))
        return out

    def crosstab_statistics(self, statistics="all", *, random_state=None) -> dict[str, pd.DataFrame]:
        """The same as :meth:`statistics` (its name before :class:`Crosstab`).

        Examples
        --------
        >>> import pandas_agree as pa
        >>> list(pa.Agreement.from_table([[20, 5], [10, 15]]).crosstab_statistics(["phi", "kappa"]))
        ['Symmetric Measures']
        """
        return self.statistics(statistics, random_state=random_state)

    def _order_matters(self) -> bool:
        """Whether the size of an ordinal statistic depends on an order the labels may not carry: a side of three
        labels or more without an order. Reversing a side of two labels changes only the sign of the signed
        statistics (tau-b, tau-c, gamma, Somers' d, the correlations), and neither the linear-by-linear
        association's M² = (N − 1) r² nor eta."""
        return any(size > 2 and not ordered for size, ordered in zip(self._shape, self._sides_ordered, strict=True))

    def why_statistics_undefined(self) -> str:
        """Why the statistics of the table's association (the chi-square tests and the measures of
        :meth:`statistics` and :meth:`measures`) are undefined, as their warning says it: a variable with cases in
        one category only (SPSS: "No statistics are computed because ... is a constant"), or no case at all; ""
        where two row and two column categories have cases.

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> df = pd.DataFrame({"a": ["x", "x", "x"], "b": ["u", "v", "v"]})
        >>> pa.crosstabs(df, "a", "b").why_statistics_undefined()
        "the row variable 'a' has one category with cases"
        >>> pa.Crosstab.from_table([[3, 1], [2, 5]]).why_statistics_undefined()
        ''
        """
        rows, cols = (int((totals > 0).sum()) for totals in self._margins())
        if rows >= 2 and cols >= 2:
            return ""
        if rows == 0:
            return "the table has no cases"
        sides = [f"the {side} variable" + ("" if name is None else f" {shown(name)}")
                 for side, name, count in zip(("row", "column"), self.axis_names, (rows, cols), strict=True)
                 if count < 2]
        return f"{in_words(sides)} {'has' if len(sides) == 1 else 'each have'} one category with cases"

    def _chi_square_tests(self, frame: pd.DataFrame, row_scores, col_scores, words, random_state) -> pd.DataFrame:
        last = "N of Valid Cases"
        if "chisq" in words:
            chi = contingency.chi_square_tests(frame, row_scores, col_scores, random_state=random_state)
        else:
            chi = pd.DataFrame({"value": [self.n]}, index=pd.Index([last], name="statistic"))
            chi = chi.reindex(columns=["value", "df", "pvalue", "exact_2sided", "exact_1sided"])
            chi["note"] = ""
        if "mcnemar" not in words:
            return chi
        tests, size = self._symmetry_tests()
        if tests is None:
            row = pd.DataFrame({"note": ["McNemar's and Bowker's tests need a square table whose rows and columns "
                                         "are the same categories"]}, index=["McNemar-Bowker Test"])
        elif size == 2:
            exact = tests.loc["MCNEMAR_EXACT"]  # SPSS prints the exact binomial test of a 2×2 table
            row = pd.DataFrame({"exact_2sided": [exact["pvalue"]],
                                "note": ["Binomial distribution used." if not np.isnan(exact["pvalue"]) else
                                         exact["method"]]}, index=["McNemar Test"])
        else:
            bowker = tests.loc["BOWKER"]
            row = pd.DataFrame({"value": [bowker["statistic"]], "df": [bowker["df"]], "pvalue": [bowker["pvalue"]],
                                "note": ["" if not np.isnan(bowker["statistic"]) else bowker["method"]]},
                               index=["McNemar-Bowker Test"])
        attrs = dict(chi.attrs)
        out = pd.concat([chi.drop(index=last), row.reindex(columns=chi.columns), chi.loc[[last]]])
        out.index.name = "statistic"
        out.attrs = attrs
        return out

    # --- the statistics under a sample design ----------------------------------------------------------

    def _rows_cols_with_cases(self) -> tuple[np.ndarray, np.ndarray]:
        rows, cols = self._margins()
        return np.flatnonzero(rows > 0), np.flatnonzero(cols > 0)

    @cached_property
    def _independence(self) -> dict:
        """The design-based tests of independence (:func:`~pandas_agree.inference.design_tests.independence_tests`)
        of the rows and columns with cases."""
        return independence_tests(self._sample, *self._rows_cols_with_cases())

    def _symmetry_places(self) -> tuple[np.ndarray, np.ndarray, int] | None:
        """The place of each row and each column among the labels of a square table whose rows and columns are the
        same categories, and their number; None where the table is not one."""
        at = positions_of(self._index, self._columns)
        if len(self._index) != len(self._columns) or (at < 0).any():
            return None
        q = len(at)
        col_place = np.empty(q, dtype=np.int64)
        col_place[at] = np.arange(q)
        return np.arange(q), col_place, q

    def _kappa_view(self) -> TableView | None:
        """The table as kappa reads it (the pairs of the same category on both sides), or None."""
        places = self._symmetry_places()
        if places is None:
            return None
        rows, col_place, q = places
        return TableView(self._counts, rows, np.argsort(col_place), rows, col_place, q)

    def _design_symmetry(self) -> tuple[DesignTest, DesignTest] | None:
        """Bowker's and Stuart–Maxwell's tests under the design, or None where the table is not square."""
        places = self._symmetry_places()
        return None if places is None else symmetry_tests(self._sample, *places)

    def _design_chi_square_tests(self, words) -> pd.DataFrame:
        """The "Chi-Square Tests" under the sample design: the unadjusted X² and G² of the table rescaled to the
        rows counted, their Rao–Scott corrections (first order, and second order as SPSS Complex Samples' "Adjusted
        F"), the Wald and adjusted Wald F tests (R's ``svychisq``), the linear-by-linear association as the
        design-based test of Pearson's R, McNemar's or Bowker's test as an adjusted Wald test with ``mcnemar``."""
        rows, notes = [], []

        def add(name, test: DesignTest | None = None, value=np.nan, df=np.nan, note=""):
            if test is not None:
                rows.append((name, test.statistic, test.df1, test.df2, test.pvalue, test.distribution, test.note))
            else:
                rows.append((name, value, df, np.nan, np.nan, "chi-square", note))

        if "chisq" in words:
            tests = self._independence
            counted = rounded_text(tests["n"], 6, "g")
            unadjusted = (f"unadjusted, on the weighted table rescaled to the {counted} rows counted: its "
                          "chi-square p-value would take the rows as independent draws")
            for name, key, value in (("Pearson", "pearson", tests["pearson"]),
                                     ("Likelihood Ratio", "lr", tests["likelihood_ratio"])):
                add(f"{name} Chi-Square" if name == "Pearson" else name, value=value, df=tests["df"],
                    note=unadjusted)
                add(f"{name}: Rao-Scott Chi-Square", tests[f"{key}_first"])
                add(f"{name}: Adjusted F", tests[f"{key}_second"])
            add("Wald F", tests["wald"])
            add("Adjusted Wald F", tests["adjusted_wald"])
            pearson = self._design_estimates(["PEARSON"]).loc["PEARSON"]
            add("Linear-by-Linear Association", linear_wald(float(pearson["value"]), float(pearson["se"]),
                                                            design_test_df(self._sample)))
            notes.append("Fisher's exact test and the continuity correction have no design-based form: they are "
                         "not computed under a sample design.")
        if "mcnemar" in words:
            places = self._symmetry_places()
            name = "McNemar Test" if places is not None and places[2] == 2 else "McNemar-Bowker Test"
            if places is None:
                add(name, note="McNemar's and Bowker's tests need a square table whose rows and columns are the same "
                               "categories")
            else:
                add(name, symmetry_tests(self._sample, *places)[0])
        add("N of Valid Cases", value=self.n)
        out = pd.DataFrame(rows, columns=["statistic", "value", "df", "df2", "pvalue", "distribution", "note"])
        out = out.set_index("statistic")
        out.loc["N of Valid Cases", "distribution"] = ""
        out.attrs = {"design": True, "nu": design_test_df(self._sample), "design_df": self._sample.df, "notes": notes,
                     **({} if "chisq" not in words else {"mean_deff": self._independence["mean_deff"],
                                                        "d0": self._independence["d0"]})}
        return out

    def _design_estimates(self, codes: list[str]) -> pd.DataFrame:
        """The design-based estimates (value, SE, interval, DEFF) of association codes and of KAPPA: those not yet
        found for this table computed in one call, then kept (every statistic of a call shares them)."""
        found = self.__dict__.setdefault("_design_found", {})
        missing = [c for c in dict.fromkeys(codes) if c not in found]
        if missing:
            opts = interval_options("linearized", 0.95, 2000, "percentile", 0, "multinomial", self._sample)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                association = [c for c in missing if c != "KAPPA"]
                frames = [self.measures(association, ci="linearized", random_state=0)] if association else []
                view = self._kappa_view() if "KAPPA" in missing else None
                if view is not None:
                    frames.append(self._table_measures([REGISTRY["KAPPA"]], view, lambda m: {}, opts))
            for frame in frames:
                found.update({code: frame.loc[code] for code in frame.index})
        rows = [found[c] for c in codes if c in found]
        return pd.DataFrame(rows) if rows else pd.DataFrame(columns=["value", "se", "lower", "upper", "deff"])

    def _design_measures(self, frame: pd.DataFrame) -> pd.DataFrame:
        """SPSS's "Symmetric Measures" or "Directional Measures" under the sample design: each value's design-based
        SE, T = value / SE on the design's degrees of freedom (the Rao–Scott adjusted F for the measures whose
        significance is the Pearson or the likelihood-ratio chi-square), DEFF and 95% interval."""
        codes = [DESIGN_CODES.get(title) for title in frame.index]
        estimates = self._design_estimates([c for c in codes if c is not None])
        nu = design_test_df(self._sample)
        out = frame.copy()
        size = len(out)
        columns = {name: out[name].to_numpy(dtype=float, copy=True) for name in ("ase", "t", "pvalue")}
        columns.update({name: np.full(size, np.nan) for name in ("deff", "lower", "upper")})
        methods = out["method"].to_numpy(dtype=object, copy=True)
        for i, code in enumerate(codes):
            if code is None or code not in estimates.index or pd.isna(out["value"].iloc[i]):
                continue
            e = estimates.loc[code]
            se = float(e["se"])
            rule = DESIGN_SIGNIFICANCE.get(code, "t")
            t = float(e["value"]) / se if se > 0 else np.nan
            if rule == "t":
                pvalue, method = float(two_sided_p(t, nu)) if np.isfinite(t) else np.nan, f"t on {nu} df"
            elif rule is None:
                pvalue, method, t = np.nan, "", np.nan
            else:
                test = self._independence[f"{rule}_second"]
                pvalue, t = test.pvalue, np.nan
                method = "Rao-Scott adjusted F (" + ("Pearson" if rule == "pearson" else "likelihood ratio") + ")"
            for name, value in (("ase", se), ("t", t), ("pvalue", pvalue), ("deff", e.get("deff", np.nan)),
                                ("lower", e["lower"]), ("upper", e["upper"])):
                columns[name][i] = float(value)
            methods[i] = method
        # the design-based SE replaces the simple-random-sampling one: its zero (if any) is noted by the table
        notes = out["note"].where(out["note"] != ZERO_ASE, "")
        out = out.assign(**columns, method=methods, note=notes)
        out.attrs = {**frame.attrs, "design": True, "nu": nu, "design_df": self._sample.df}
        return out

    def _design_risk(self, frame: pd.DataFrame) -> pd.DataFrame:
        """SPSS's "Risk Estimate" under the sample design: the standard errors of the logs design-based, the
        intervals exp(ln θ ± t SE) on the design's degrees of freedom."""
        out = frame.copy()
        out["deff"] = np.nan
        out.attrs = {**frame.attrs, "design": True, "nu": design_test_df(self._sample), "design_df": self._sample.df}
        computed = out["measure"].ne("N of valid cases") & out["value"].notna()
        if not computed.any():
            return out
        if self._shape != (2, 2):
            out.loc[computed, ["value", "se_log", "lower", "upper"]] = np.nan
            out.loc[computed, "note"] = ("computed under a sample design only for a table of two rows and two "
                                         "columns, all with cases")
            return out
        estimates = self._design_estimates(["ODDSRATIO", "RELRISK1", "RELRISK2"])
        critical = self._sample.critical(0.95)
        for i, code in zip(np.flatnonzero(computed.to_numpy()), ["ODDSRATIO", "RELRISK1", "RELRISK2"], strict=False):
            e = estimates.loc[code]
            value = float(e["value"])
            se_log = float(e["se"]) / value
            out.iloc[i, out.columns.get_indexer(["se_log", "lower", "upper", "deff"])] = [
                se_log, value * np.exp(-critical * se_log), value * np.exp(critical * se_log), float(e["deff"])]
        return out

    # --- the report -----------------------------------------------------------------------------------

    def report(self, **options):
        """Every CROSSTABS table of this table in one :class:`~pandas_agree.CrosstabReport` (an Agreement gives
        its :class:`~pandas_agree.AgreementReport`).

        Options: ``statistics`` (SPSS's ``/STATISTICS`` keywords) and ``cells`` (``/CELLS`` keywords; "count" by
        default), ``random_state`` (Fisher's Monte Carlo test).

        Examples
        --------
        >>> import pandas_agree as pa
        >>> rep = pa.Crosstab.from_table([[20, 5], [3, 22]]).report(statistics=["chisq"])
        >>> list(rep.statistics)
        ['Chi-Square Tests']
        """
        return build_report(self, **options)


def scores(rows: pd.Index, row_totals: np.ndarray, cols: pd.Index, col_totals: np.ndarray) -> tuple:
    """The row and column scores of the CROSSTABS statistics: the labels of both sides when they are all numbers
    (as SPSS uses numeric codes), otherwise 1, 2, … over the categories with cases of each side, in order."""
    if numbers(rows) and numbers(cols):
        row_values, col_values = rows.to_numpy(dtype=float), cols.to_numpy(dtype=float)
        if np.isfinite(row_values).all() and np.isfinite(col_values).all():
            return row_values, col_values
    return np.cumsum(row_totals > 0).astype(float), np.cumsum(col_totals > 0).astype(float)


def statistics_keywords(statistics: Any, *, layers: bool) -> tuple[str, ...]:
    """SPSS's ``/STATISTICS`` keywords asked for, in SPSS's order; ``cmh`` only where there are ``layers``.

    Without layers, a ``statistics`` that names ``cmh`` is a ValueError saying how to get layers, and ``"all"``
    means every keyword but ``cmh``.

    Examples
    --------
    >>> from pandas_agree.analyses.crosstab import statistics_keywords
    >>> statistics_keywords("all", layers=False)[-2:], statistics_keywords(["CMH", "chisq"], layers=True)
    (('risk', 'mcnemar'), ('chisq', 'cmh'))
    """
    words = keywords("statistics", statistics)
    if layers or "cmh" not in words:
        return words
    named = {w.lower() for w in ([statistics] if isinstance(statistics, str) else statistics)}
    if "cmh" in named:
        raise ValueError("statistics: 'cmh' (Cochran's and Mantel-Haenszel statistics) needs layers, several tables "
                         "(2×2 for SPSS's, any size for the generalized ones): use df.agree.crosstabs(row, col, "
                         "layers=column), or df.agree.report(actual, pred, by=column, statistics=[..., 'cmh']), whose "
                         "groups are the layers")
    return tuple(w for w in words if w != "cmh")


def _warn_constant(tables: Mapping[str, pd.DataFrame], why: str, shape: tuple[int, int]) -> None:
    """One UndefinedMeasureWarning naming the statistics of ``tables`` (the Chi-Square Tests and the measures of
    :meth:`Crosstab.statistics`) that a variable with one category with cases leaves NaN, ``why`` its reason. Kappa
    and McNemar's tests, which have their own conditions, and the continuity correction of a table that is not 2×2
    (which SPSS computes for 2×2 tables only) are not named; nor is the N of valid cases."""
    names = []
    for title in ("Chi-Square Tests", "Directional Measures", "Symmetric Measures"):
        frame = tables.get(title)
        if frame is None:
            continue
        undefined = frame[[c for c in ("value", "exact_2sided") if c in frame]].isna().all(axis=1)
        names += [name for name, nan in zip(frame.index, undefined, strict=True) if nan and name not in (
            "N of Valid Cases", "McNemar Test", "McNemar-Bowker Test", "Kappa")
            and (name != "Continuity Correction" or shape == (2, 2))]
    if names:
        warn_undefined_because(in_words(names), why)


def _risk(frame: pd.DataFrame) -> pd.DataFrame:
    """SPSS's Risk Estimate of the rows and columns with cases, or a row saying why there is none."""
    counts = frame.to_numpy()
    table = frame.loc[counts.sum(axis=1) > 0, counts.sum(axis=0) > 0]
    if table.shape == (2, 2):
        return contingency.risk_estimate(table)
    name = table.index.name if table.index.name is not None else "row"
    out = pd.DataFrame({"measure": ["odds ratio", "N of valid cases"], "cohort": [None, None],
                        "value": [np.nan, counts.sum()]},
                       index=pd.Index([f"Odds Ratio for {name}", "N of Valid Cases"], name="statistic"))
    for col in ("se_log", "lower", "upper"):
        out[col] = np.nan
    out["note"] = [f"computed only for a 2×2 table; this one is {table.shape[0]} × {table.shape[1]} (the rows and "
                   "columns with cases)", ""]
    return out


LAYER_TABLES = ("Tests of Homogeneity of the Odds Ratio", "Tests of Conditional Independence",
                "Mantel-Haenszel Common Odds Ratio Estimate")
KAPPA_TABLE = "Test of Homogeneity of Kappa"


def layer_statistics(everything: Crosstab, layers: Mapping[Hashable, Crosstab]) -> dict[str, pd.DataFrame]:
    """SPSS's ``/STATISTICS=CMH`` tables over layers, and a test that the layers share one kappa.

    The layers (those of ``df.agree.crosstabs(row, col, layers=column)``, or the groups of a report with ``by=``)
    are 2×2 tables on the two reference and the two predicted
    labels with cases in ``everything`` (all the layers together). When that holds, the first three tables are
    :func:`~pandas_agree.inference.contingency.layered_tests` (Breslow–Day and Tarone's tests of homogeneity of
    the odds ratio, Cochran's and Mantel–Haenszel tests of conditional independence, the Mantel–Haenszel common
    odds ratio with its 95% interval). Where all layers together do not have two row and two column categories
    with cases, these statistics, defined only for 2×2 layers, are left out, as SPSS leaves them out: there is
    no Tests of Homogeneity of the Odds Ratio and no Mantel-Haenszel Common Odds Ratio Estimate, and the Tests of
    Conditional Independence hold the generalized Cochran–Mantel–Haenszel statistics of R's ``mantelhaen.test``
    and SAS PROC FREQ's ``CMH`` (:func:`~pandas_agree.inference.contingency.generalized_cmh`) instead:
    "Cochran-Mantel-Haenszel (general association)" on (R − 1)(C − 1) df over the R rows and C columns with
    cases, and "Cochran-Mantel-Haenszel (nonzero correlation)" on 1 df with the scores of the linear-by-linear
    association (:meth:`scored_table`), NaN with a note and an
    :class:`~pandas_agree.base.undefined.UndefinedMeasureWarning` where a side has fewer than two categories with
    cases;
    that table's ``attrs["generalized"]`` names those rows and ``attrs["footnotes"]`` says what they are and
    that the 2×2 statistics are left out. Under a sample design every one of these
    tables is NaN with a note. The last is
    :func:`~pandas_agree.inference.contingency.kappa_homogeneity` of the layers' Cohen's kappas and their
    asymptotic standard errors (those of ``crosstab_statistics("kappa")``; design-based under a sample design,
    where the test is computed only if the layers are independent samples), for any number of labels.

    Parameters
    ----------
    everything : Crosstab
        The table of all the layers together (its labels give the order of the rows and columns).
    layers : mapping of label to Crosstab
        One table per layer.

    Returns
    -------
    dict of str to pandas.DataFrame
        "Tests of Homogeneity of the Odds Ratio", "Tests of Conditional Independence", "Mantel-Haenszel Common
        Odds Ratio Estimate" (the first and the last of these only for 2×2 layers; index statistic; columns
        ``value``, ``df``, ``pvalue``, ``se``, ``lower``, ``upper``, ``note``; the first one's
        ``attrs["layers_left_out"]``: the layers, by their keys in ``layers``, that Breslow-Day's and Tarone's
        statistics leave out, those with a row or a column without cases or a total of at most 1) and "Test of
        Homogeneity of Kappa" (columns ``value``, ``df``, ``pvalue``, ``pooled``, ``pooled_se``, ``note``;
        ``attrs["layers"]``: each layer's kappa and ASE; ``attrs["design"]``: whether the SEs are design-based).

    Examples
    --------
    >>> import numpy as np
    >>> import pandas_agree as pa
    >>> from pandas_agree.analyses.crosstab import layer_statistics
    >>> tables = {g: pa.Agreement.from_table(t) for g, t in enumerate([[[10, 2], [3, 12]], [[8, 4], [2, 9]]])}
    >>> out = layer_statistics(pa.Agreement.from_table([[18, 6], [5, 21]]), tables)
    >>> list(out)[-1], round(out["Tests of Conditional Independence"].loc["Mantel-Haenszel", "df"])
    ('Test of Homogeneity of Kappa', 1)
    """
    # the layers' tables in their own labels and order (a matched table's columns are not the classes)
    frame, row_scores, col_scores = everything.scored_table()
    counts = frame.to_numpy()
    has_rows, has_cols = counts.sum(axis=1) > 0, counts.sum(axis=0) > 0
    rows, cols = frame.index[has_rows], frame.columns[has_cols]
    two_by_two = len(rows) == 2 and len(cols) == 2
    why = ""
    if everything.design is not None:
        why = ("not computed under a sample design: Breslow–Day's, Tarone's, Cochran's and Mantel–Haenszel's "
               "statistics (the generalized ones too) take the rows as independent draws and have no "
               "design-based form here")
    stack = []
    for layer in ([] if why else layers.values()):
        square = layer.scored_table()[0]
        held = square.to_numpy()
        outside_rows = positions_of(square.index[held.sum(axis=1) > 0], rows) < 0
        outside_cols = positions_of(square.columns[held.sum(axis=0) > 0], cols) < 0
        if outside_rows.any() or outside_cols.any():
            why = ("computed only when every layer is a 2×2 table on the same two labels on each side" if two_by_two
                   else "computed only when every layer's labels are among those of all layers together")
            stack = []
            break
        at_rows, at_cols = positions_of(rows, square.index), positions_of(cols, square.columns)
        stack.append(np.where((at_rows[:, None] >= 0) & (at_cols[None, :] >= 0), held[np.ix_(at_rows, at_cols)], 0.0))
    if not why and not stack:
        why = "no layer"
    if not two_by_two:
        out = {LAYER_TABLES[1]: _generalized_cmh(everything, stack, why, rows, cols, row_scores[has_rows],
                                                 col_scores[has_cols])}
        out[LAYER_TABLES[1]].attrs["footnotes"].append(_not_two_by_two(len(rows), len(cols)))
        return _kappa_homogeneity(everything, layers, out)
    tested = contingency.layered_tests(np.zeros((1, 2, 2)) if why else np.stack(stack))
    if why:
        tested["note"] = why
    out = {title: tested.xs(title, level="table") for title in LAYER_TABLES}
    if why:
        return _kappa_homogeneity(everything, layers, out)
    # the layers that carry no information on the odds ratio (a row or a column without cases), which
    # Breslow-Day's and Tarone's statistics leave out (their df count the others)
    tables = np.stack(stack)
    informative = ((tables.sum(axis=2) > 0).all(axis=1) & (tables.sum(axis=1) > 0).all(axis=1)
                   & (tables.sum(axis=(1, 2)) > 1))  # as contingency.layered_tests keeps them
    out[LAYER_TABLES[0]].attrs["layers_left_out"] = [value for value, used in zip(layers, informative,
                                                                                  strict=True) if not used]
    # which way round the common odds ratio is: SPSS's table does not say
    odds = out["Mantel-Haenszel Common Odds Ratio Estimate"]
    odds.attrs["odds"] = (f"The odds ratio is that of the odds of {shown(cols[0])} (against {shown(cols[1])}) in "
                          f"{shown(rows[0])} over those in {shown(rows[1])}; its reciprocal is the other way round.")
    return _kappa_homogeneity(everything, layers, out)


def _generalized_cmh(everything: Crosstab, stack: list, why: str, rows: pd.Index, cols: pd.Index,
                     row_scores: np.ndarray, col_scores: np.ndarray) -> pd.DataFrame:
    """The generalized Cochran–Mantel–Haenszel rows of the Tests of Conditional Independence of layers larger
    than 2×2 (:func:`~pandas_agree.inference.contingency.generalized_cmh`), NaN with a note where ``why`` (or
    a side with fewer than two categories with cases) says they are not computed; the latter, where the statistics
    are undefined, with an :class:`~pandas_agree.base.undefined.UndefinedMeasureWarning`."""
    if not why and min(len(rows), len(cols)) < 2:
        why = (f"needs two row and two column categories with cases; all layers together have {len(rows)} row and "
               f"{len(cols)} column categories with cases")
        warn_undefined_because(" and ".join(contingency.GENERALIZED_CMH_ROWS), why)
    if why:
        out = pd.DataFrame({"value": np.nan, "df": np.nan, "pvalue": np.nan, "note": why},
                           index=list(contingency.GENERALIZED_CMH_ROWS))
    else:
        if everything._order_matters():
            everything._warn_order("The Cochran-Mantel-Haenszel nonzero correlation statistic")
        out = contingency.generalized_cmh(np.stack(stack), row_scores, col_scores)
    left_out = len(stack) - out.attrs.get("layers_used", len(stack))  # those with at most one case
    out.index.name = "statistic"
    for name in ("se", "lower", "upper"):
        out[name] = np.nan
    out = out[["value", "df", "pvalue", "se", "lower", "upper", "note"]]
    out.attrs = {"generalized": list(out.index), "footnotes": [
        "The generalized Cochran-Mantel-Haenszel statistics (R's mantelhaen.test; SAS PROC FREQ's CMH) test "
        "conditional independence in layers of any size: general association on (rows − 1)(columns − 1) df, "
        "over the categories with cases; nonzero correlation of the row and column scores (the labels where "
        "both sides are numbers, otherwise 1, 2, …) on 1 df."
        + ("" if not left_out else " 1 layer with at most one case is left out (it carries no information)."
           if left_out == 1 else f" {left_out} layers with at most one case are left out (they carry no "
           "information).")]}
    return out


def _not_two_by_two(n_rows: int, n_cols: int) -> str:
    """The note of the layered statistics of layers that are not 2×2 tables: SPSS's tables defined only for 2×2
    layers are left out."""
    return (f"The Tests of Homogeneity of the Odds Ratio (Breslow-Day, Tarone's), Cochran's and Mantel-Haenszel's "
            f"tests of conditional independence and the Mantel-Haenszel Common Odds Ratio Estimate are computed only "
            f"when every layer is a 2×2 table, as in SPSS; all layers together have {n_rows} row and {n_cols} column "
            f"categories with cases.")


def _kappa_homogeneity(everything: Crosstab, layers: Mapping[Hashable, Crosstab],
                       out: dict[str, pd.DataFrame]) -> dict[str, pd.DataFrame]:
    """``out`` with the Test of Homogeneity of Kappa of the layers where the rows and columns are the same
    categories."""
    if everything._kappa_table() is None:  # the rows and columns are not the same categories: no kappa
        return out
    kappas = {}
    for value, layer in layers.items():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UndefinedMeasureWarning)
            kappa = layer.statistics("kappa")["Symmetric Measures"].loc["Kappa"]
        kappas[value] = (kappa["value"], kappa["ase"])
    values = np.array(list(kappas.values()), dtype=float).reshape(-1, 2)
    homogeneity = contingency.kappa_homogeneity(values[:, 0], values[:, 1])
    layer_index = pd.Index(list(kappas), dtype=object, name="layer", tupleize_cols=False)
    homogeneity.attrs["layers"] = pd.DataFrame(values, index=layer_index, columns=["kappa", "ase"])
    homogeneity.attrs["design"] = everything.design is not None  # the layers' SEs are then design-based
    if everything.design is not None:
        # whatever the note of the test says (a layer left out, too few layers), the design decides first
        left = homogeneity["note"].iloc[0]
        if _strata_apart(layers):
            homogeneity["note"] = "; ".join(filter(None, [
                "the layers' kappas with their design-based SEs; the test takes the layers as independent samples, "
                "as they are: each stratum's rows lie in one layer", left]))
        else:
            homogeneity.loc[:, ["value", "df", "pvalue", "pooled", "pooled_se"]] = np.nan
            homogeneity["note"] = ("not computed under this sample design: the test takes the layers as independent "
                                   "samples, and they are not (the PSUs of a stratum hold rows of several layers); "
                                   "it applies where each stratum's rows lie in one layer")
    out[KAPPA_TABLE] = homogeneity
    return out


def _strata_apart(layers: Mapping[Hashable, Crosstab]) -> bool:
    """Whether the layers of a sample are independent samples: every stratum holding rows of one layer holds
    none of another (the layers are unions of strata), so that their PSUs were drawn apart. Without strata the one
    stratum holds every layer's rows."""
    seen: set = set()
    for layer in layers.values():
        strata = layer._sample.strata_holding_rows()
        if seen & strata:
            return False
        seen |= strata
    return True


ORDINAL_KEYWORDS = {"chisq": "linear-by-linear association", "btau": "Kendall's tau-b", "ctau": "Kendall's tau-c",
                    "gamma": "gamma", "d": "Somers' d", "corr": "Spearman's and Pearson's correlations", "eta": "eta"}
"""The /STATISTICS keywords whose statistics read the labels as an ordered scale (chisq: its linear-by-linear
association test)."""

DESIGN_CODES = {title: code for rows in ASSOCIATION_RECORDS.values() for title, code in rows}
"""The record of each row of SPSS's Symmetric and Directional Measures."""
DESIGN_SIGNIFICANCE = {"PHI": "pearson", "CC": "pearson", "CRAMERV": "pearson", "GKTAU_R": "pearson",
                       "GKTAU_C": "pearson", "UC": "lr", "UC_R": "lr", "UC_C": "lr", "ETA_R": None, "ETA_C": None}
"""Under a sample design, the significance of the measures whose SPSS significance is a test of independence is
that test's Rao–Scott adjusted F (Pearson's for phi, Cramér's V, the contingency coefficient and Goodman and
Kruskal's tau, the likelihood ratio's for the uncertainty coefficients); eta has none, as in SPSS; every other
measure's is its t = value / design-based SE."""


def from_labels(actual, pred, *, weights=None, dropna: bool = True, labels: Sequence | None = None, match=None,
                names: tuple[Hashable, Hashable] = ("actual", "pred"), weights_name: str = "weights",
                strata=None, cluster=None, fpc=None, lonely_psu: str = "adjust", replicates: str | None = None,
                domain: np.ndarray | None = None, assignment: Mapping | list | None = None,
                kind: type[Crosstab], layers: Mapping | None = None, layers_by: Hashable | None = None,
                left_out: int = 0, left_out_weights: np.ndarray | None = None,
                weights_by: Hashable | None = None) -> Crosstab:
    """An Agreement from two sequences of labels: :func:`agreement`, with the arguments named as the caller names
    them in error messages.

    ``names`` name the two label arguments and ``weights_name`` the weights (a Series keeps its own name on the
    table's axes). The accessors build their Agreement here. ``strata``, ``cluster`` and ``fpc`` (one value per
    row, each optional) make the rows a complex sample: the table of every PSU is counted with the crosstab and
    every interval is design-based (:mod:`pandas_agree.inference.design`); ``weights`` are then sampling weights.
    ``domain`` (a mask over the rows of ``strata``, ``cluster`` and ``fpc``, which then hold the whole sample)
    makes the labels those of a subpopulation, estimated within the whole sample's design. ``replicates``
    ("jackknife" or "bootstrap") gives every value the variance of the design's replicates instead of the
    linearised one. ``assignment`` (the pairs of :meth:`Agreement.pairs`, or a dict as :meth:`Agreement.assignment`
    gives them) pairs the labels as ``match=`` would, but as found on another table (the whole sample, for one of
    its groups): a predicted label it names that this table lacks is left aside. ``kind`` is the class built:
    :class:`~pandas_agree.Agreement`, or :class:`~pandas_agree.Crosstab` (which takes no ``match`` nor
    ``assignment``); ``layers`` and ``layers_by`` its layers (:class:`Crosstab`); ``left_out`` the rows the caller
    left out before (a missing layer value), counted as read and missing, and ``left_out_weights`` their validated
    weights (with ``weights``), whose sum is added to :attr:`Crosstab.weight_missing` (a missing one counts in
    :attr:`Crosstab.n_missing_weight` instead); ``weights_by`` the name of the weights' column, where the caller
    named one (:attr:`Crosstab.weights_by`).

    Examples
    --------
    >>> import pandas_agree as pa
    >>> from pandas_agree.analyses.crosstab import from_labels
    >>> from_labels(["a", "b", "b"], ["a", "b", "a"], names=("truth", "model"), kind=pa.Agreement).n
    3.0
    >>> from_labels(["a", "b"], ["a"], names=("truth", "model"), kind=pa.Agreement)
    Traceback (most recent call last):
    ...
    ValueError: truth and model must have the same length; got 2 and 1
    """
    actual, pred = as_label_series(actual, names[0]), as_label_series(pred, names[1])
    labels = side_labels(labels, actual.name, pred.name, kind=kind)
    w = None if weights is None else validate_weights(weights, len(actual), weights_name)
    design = None
    if any(x is not None for x in (strata, cluster, fpc)):
        design = DesignColumns(*(None if x is None else as_label_series(x, name)
                                 for x, name in ((strata, "strata"), (cluster, "cluster"), (fpc, "fpc"))),
                               domain=domain)
    check_replicates(replicates, design is not None)
    try:
        tab = tabulate(actual, pred, weights=w, dropna=bool(dropna), labels=labels, names=names, design=design)
    except NoValidRowsError:
        raise _no_valid_rows(actual, pred, w, names, weights, weights_name, dropna=bool(dropna)) from None
    fields = order_fields(labels, (ordered_categorical(actual), ordered_categorical(pred)))
    # rows the caller left out before (those without a layer value) count as read and missing
    return from_tabulation(tab, kind, **fields, lonely_psu=lonely_psu, replicates=replicates,
                           match=match, pairs=assignment, layers=layers, layers_by=layers_by,
                           n_rows=tab.n_rows + left_out, n_missing=tab.n_missing + left_out,
                           weight_missing=tab.weight_missing + (left_out if left_out_weights is None
                                                                else float(np.nansum(left_out_weights))),
                           n_missing_weight=tab.n_missing_weight + (0 if left_out_weights is None
                                                                    else int(np.isnan(left_out_weights).sum())),
                           n_missing_zero_weight=tab.n_missing_zero_weight + (
                               0 if left_out_weights is None else int((left_out_weights == 0).sum())),
                           dropna=bool(dropna), labels=fixed_labels(labels), weights_by=weights_by)


def _no_valid_rows(actual: pd.Series, pred: pd.Series, w: np.ndarray | None, names: tuple[Hashable, Hashable],
                   weights, weights_name: str, *, dropna: bool) -> NoValidRowsError:
    """The error of labels without a valid row, naming the label columns whose every label is missing (with
    ``dropna``) and the weights when every one is missing or zero."""
    empty = [(s.name, argument) for s, argument in ((actual, names[0]), (pred, names[1])) if dropna and s.isna().all()]
    nothing = w is not None and bool((np.isnan(w) | (w == 0)).all())
    return why_no_valid_rows(len(actual), empty, (getattr(weights, "name", None), weights_name) if nothing else None,
                             weighted=w is not None)


def why_no_valid_rows(n_rows: int, all_missing: Sequence[tuple[Hashable, str]],
                      weights: tuple[Hashable, str] | None = None, *, weighted: bool = True) -> NoValidRowsError:
    """The error of ``n_rows`` rows without a valid one, naming the label columns whose every label is missing
    (``all_missing``: each one's column name, or None, and the argument that gives it) and the weights when every
    one is missing or zero (``weights``: its column name, or None, and its argument; None otherwise); ``weighted``:
    whether weights were given (else a row can only miss a label).

    Examples
    --------
    >>> from pandas_agree.analyses.crosstab import why_no_valid_rows
    >>> str(why_no_valid_rows(3, [("a", "row")])).split("; ")[-1]
    "every label of 'a' (row) is missing"
    """
    return no_valid_rows(n_rows, all_missing=[described(x, argument) for x, argument in all_missing],
                         weights=None if weights is None else described(*weights), weighted=weighted)


def fixed_labels(labels: Sequence | SideLabels | None) -> pd.Index | SideLabels | None:
    """The categories ``labels=`` fixes, as a table's :class:`Counted` record keeps them (None for none; each side's
    own as :func:`side_labels` gives them)."""
    if labels is None or isinstance(labels, SideLabels):
        return labels
    return as_labels(labels)


def order_fields(labels: Sequence | SideLabels | None, categorical: tuple[bool, bool] = (False, False)) -> dict:
    """The :class:`Counted` fields that say whose order the labels are in: ``ordered`` (both sides: a list of
    ``labels=``, a list for each side, or ordered categoricals on both) and ``sides_ordered`` (each side: its list,
    or an ordered categorical, ``categorical``)."""
    given = labels.given() if isinstance(labels, SideLabels) else (labels is not None,) * 2
    sides = tuple(bool(g or c) for g, c in zip(given, categorical, strict=True))
    return {"ordered": all(sides), "sides_ordered": sides}


def side_labels(labels, row: Hashable, col: Hashable, *, kind: type | None = None) -> Sequence | SideLabels | None:
    """``labels=`` as the engine takes it: a list (both sides) or None as given; a dict mapping the row variable
    ``row`` and/or the column variable ``col`` to its list of labels becomes each side's own
    (:class:`~pandas_agree.engine.crosstab.SideLabels`; a side not in it keeps its observed labels). A dict is
    for a crosstab of two variables: ``kind`` an :class:`~pandas_agree.Agreement` (one set of classes) takes a
    list only.

    Examples
    --------
    >>> from pandas_agree.analyses.crosstab import side_labels
    >>> sides = side_labels({"eye": ["brown", "blue"]}, "hair", "eye")
    >>> sides.rows is None, list(sides.cols)
    (True, ['brown', 'blue'])
    >>> side_labels({"age": ["young"]}, "hair", "eye")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: labels: 'age' is neither the row variable ('hair') nor the column variable ('eye'); ...
    """
    if not isinstance(labels, Mapping):
        return labels
    if kind is not None and getattr(kind, "_paired_labels", False):
        raise TypeError(f"labels: an {kind.__name__} holds two classifications into one set of classes, so it takes "
                        "one list of labels for both (labels=[...]); a dict of labels by variable is for a crosstab "
                        "of two variables (pandas_agree.crosstabs or df.agree.crosstabs)")
    found: list[pd.Index | None] = [None, None]
    for key, given in labels.items():
        sides = [k for k, name in enumerate((row, col)) if _same_name(key, name)]
        if not sides:
            raise ValueError(f"labels: {key!r} is neither the row variable ({row!r}) nor the column variable "
                             f"({col!r}); a dict of labels maps the row and/or the column variable to the list of its "
                             "labels")
        listed = _listed(key, given, f"the labels of {key!r}")
        for k in sides:
            found[k] = as_labels(listed)
    if all(f is None for f in found):
        return None
    return SideLabels(found[0], found[1], names=(f"labels[{row!r}]", f"labels[{col!r}]"))


def _listed(key: Hashable, given, what: str) -> list:
    """``labels[key]`` as a list, checked: one dimension of hashable labels (not a string, a mapping or a set, whose
    order is not the user's), ``what`` naming them in the error."""
    if isinstance(given, (str, bytes, Mapping, set, frozenset)) or not pd.api.types.is_list_like(given) or (
            getattr(given, "ndim", 1) != 1):
        raise TypeError(f"labels[{key!r}] must be a list of {what} in their order; got a {type(given).__name__}")
    listed = list(given)
    for item in listed:
        try:
            hash(item)
        except TypeError:
            raise TypeError(f"labels[{key!r}] must be a list of (hashable) labels; got {item!r}") from None
    return listed


def layer_labels(labels, row: Hashable, col: Hashable, layers: Sequence) -> tuple[Sequence | Mapping | None, dict]:
    """``labels=`` of a layered crosstab split in two: what the row and the column variable take (for
    :func:`side_labels`), and the order of the values of each layer variable a dict names (by its position among
    ``layers``, as an Index), which :func:`order_layers` follows. A key naming the row or the column variable is
    theirs.

    Examples
    --------
    >>> from pandas_agree.analyses.crosstab import layer_labels
    >>> sides, orders = layer_labels({"Eye": ["Brown", "Blue"], "Sex": ["Male", "Female"]}, "Hair", "Eye", ["Sex"])
    >>> sides, {k: list(v) for k, v in orders.items()}
    ({'Eye': ['Brown', 'Blue']}, {0: ['Male', 'Female']})
    """
    if not isinstance(labels, Mapping) or not layers:
        return labels, {}
    sides, orders = {}, {}
    for key, given in labels.items():
        at = [k for k, name in enumerate(layers) if _same_name(key, name)]
        if _same_name(key, row) or _same_name(key, col):
            sides[key] = given
            continue
        if not at:
            raise ValueError(f"labels: {key!r} is neither the row variable ({row!r}), the column variable ({col!r}) "
                             f"nor a layer variable ({', '.join(map(repr, layers))}); a dict of labels maps each of "
                             "them to the list of its labels (values) in their order")
        values = as_labels(_listed(key, given, f"the values of the layer variable {key!r}"))
        if len(unique_labels(values)) < len(values):
            raise ValueError(f"labels[{key!r}] must list each value of the layer variable {key!r} once")
        orders[at[0]] = values
    return sides, orders


def order_layers(values: list, orders: Mapping, names: Sequence) -> list:
    """The layer values ``values`` (a layer variable's values, or tuples of the values of several ``names``) in the
    order ``labels=`` gives each layer variable (``orders``, as :func:`layer_labels` gives them); a variable
    without one keeps the order of its values in ``values``. Every observed value must be listed; a value listed
    that no row has makes no layer (SPSS prints no table for it).

    Examples
    --------
    >>> import pandas as pd
    >>> from pandas_agree.analyses.crosstab import order_layers
    >>> order_layers(["Adult", "Child"], {0: pd.Index(["Child", "Adult"])}, ["Age"])
    ['Child', 'Adult']
    >>> order_layers([("Adult", "F"), ("Adult", "M"), ("Child", "F")], {0: pd.Index(["Child", "Adult"])},
    ...              ["Age", "Sex"])
    [('Child', 'F'), ('Adult', 'F'), ('Adult', 'M')]
    """
    if not orders or not values:
        return values
    several = len(names) > 1
    ranks = []
    for k, name in enumerate(names):
        column = as_labels([v[k] if several else v for v in values])
        if k in orders:
            check_listed(column, orders[k], f"labels[{name!r}]", noun="value of the layer variable")
            ranks.append(positions_of(column, orders[k]))
        else:
            ranks.append(positions_of(column, unique_labels(column)))
    by = sorted(range(len(values)), key=lambda i: tuple(int(rank[i]) for rank in ranks))
    return [values[i] for i in by]


def _same_name(key, name) -> bool:
    """Whether a key of ``labels={...}`` names the variable ``name`` (exactly: ``True`` does not name ``1``)."""
    if key is name:
        return True
    try:
        return isinstance(key, bool | np.bool_) == isinstance(name, bool | np.bool_) and bool(key == name)
    except (TypeError, ValueError):
        return False


def from_tabulation(tab: Tabulation, kind: type[Crosstab], *, match=None, pairs=None, layers: Mapping | None = None,
                    layers_by: Hashable | None = None, **counted: Any) -> Crosstab:
    """The table object of a tabulation: a :class:`~pandas_agree.Crosstab` or an :class:`~pandas_agree.Agreement`
    (``kind``) of ``tab.table`` with the count's bookkeeping, and what the caller adds to it (``counted``: the
    fields of :class:`~pandas_agree.analyses.crosstab.Counted` the tabulation does not hold, or overrides).
    ``match`` and ``pairs`` (the pairs found on a whole sample, for one of its groups) pair the labels of an
    Agreement.

    Examples
    --------
    >>> import pandas as pd
    >>> from pandas_agree.engine.crosstab import tabulate
    >>> from pandas_agree.analyses.crosstab import Crosstab, from_tabulation
    >>> tab = tabulate(pd.Series(["a", "b", None]), pd.Series(["x", "x", "y"]))
    >>> ct = from_tabulation(tab, Crosstab)
    >>> ct.n, ct.n_missing, type(ct).__name__
    (2.0, 1, 'Crosstab')
    """
    fields = {"n_rows": tab.n_rows, "n_missing": tab.n_missing, "n_zero_weight": tab.n_zero_weight,
              "weight_missing": tab.weight_missing, "n_missing_weight": tab.n_missing_weight,
              "n_missing_zero_weight": tab.n_missing_zero_weight,
              "weighted": tab.weighted, "order": tab.order, "units": tab.units, "places": tab.places, **counted}
    paired = {} if match is None and pairs is None else {"match": match}  # an Agreement's labels, paired
    table = tab.table
    if not held_sparse(table.shape):  # made valid by the engine: its labels and counts need no check
        table = CountedTable(table.index, table.columns, table.to_numpy())
    return kind(table, counted=Counted(**fields, pairs=pairs), layers=layers, layers_by=layers_by, **paired)
