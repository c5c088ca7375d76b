"""Building the table objects: from rows, from aggregated cells, from a tabulation (one way each)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence

import numpy as np
import pandas as pd

from ..base.frames import column, column_or_values, is_column_name, require_frame
from ..base.options import validate_options
from ..base.text import shown
from ..engine.cells import DESIGN_KEYS, NativeCounts, design_tabulation, tabulate_cells
from ..engine.crosstab import BOOKKEEPING, NoValidRowsError, validate_weights
from ..engine.design import check_replicates
from ..engine.native import engine_of
from .agreement import Agreement
from .crosstab import (
    Counted,
    Crosstab,
    fixed_labels,
    from_labels,
    from_tabulation,
    layer_labels,
    order_fields,
    order_layers,
    side_labels,
)
from .groups import group_rows
from .order import ordered_categorical

__all__ = ["DESIGN_KEYS", "agreement", "crosstabs", "from_cells", "from_design_cells", "tabulate_cells"]



@validate_options
def agreement(y_true, y_pred, *, weights=None, dropna: bool = True, labels: Sequence | None = None,
              match=None) -> Agreement:
    """An Agreement from two sequences of labels (Series, arrays or lists).

    Parameters
    ----------
    y_true, y_pred : array_like
        Reference and predicted labels, one per object.
    weights : array_like, optional
        Frequency weights: numeric, finite, non-negative. N is then the weight sum (as SPSS's WEIGHT BY).
    dropna : bool, default True
        Leave out objects with a missing label or weight (they are counted in ``n_missing``); with False a
        missing label is a category of its own.
    labels : list, optional
        The categories and their order; kept even when unobserved. Must list every observed label.
    match : {None, "accuracy", "residual"} or dict, optional
        Cluster-to-class matching of the predicted labels.

    Examples
    --------
    >>> import pandas_agree as pa
    >>> ag = pa.agreement([1, 1, 2, 3], [1, 2, 2, 3])
    >>> ag.n, list(ag.common)
    (4.0, [1, 2, 3])
    """
    return from_labels(y_true, y_pred, weights=weights, dropna=dropna, labels=labels, match=match,
                       names=("y_true", "y_pred"), kind=Agreement)


def from_cells(cells: pd.DataFrame, bookkeeping: dict, *, names: tuple[Hashable, Hashable], dropna: bool = True,
               labels: Sequence | None = None, match=None, weighted: bool = False,
               assignment: Mapping | list | None = None, kind: type[Crosstab] = Agreement,
               categorical: tuple[bool, bool] = (False, False), weights_by: Hashable | None = None) -> Crosstab:
    """An Agreement from the long cells of chunks counted apart (columns "actual", "pred", "count") and the sum
    of their bookkeeping (``n_rows``, ``n_missing``, ``n_zero_weight``, ``weight_missing``, ``n_missing_weight``,
    ``n_missing_zero_weight``:
    see :class:`~pandas_agree.engine.crosstab.Tabulation`); the Dask accessor builds its Agreement here
    (``assignment`` as in :func:`from_labels`; ``categorical``: whether each label column is an ordered
    categorical, whose order is then the labels' own; ``weights_by`` the name of the weights' column).

    Examples
    --------
    >>> import pandas as pd
    >>> from pandas_agree.analyses.build import from_cells
    >>> cells = pd.DataFrame({"actual": ["x", "x", "y"], "pred": ["x", "y", "y"], "count": [4, 1, 5]})
    >>> bookkeeping = {"n_rows": 11, "n_missing": 1, "n_zero_weight": 0, "weight_missing": 1.0, "n_missing_weight": 0,
    ...                "n_missing_zero_weight": 0}
    >>> ag = from_cells(cells, bookkeeping, names=("a", "p"))
    >>> ag.n, ag.n_missing
    (10.0, 1)
    """
    labels = side_labels(labels, *names, kind=kind)
    tab = tabulate_cells(cells, bookkeeping, names=names, dropna=dropna, labels=labels)
    return from_tabulation(tab, kind, **{k: bookkeeping[k] for k in BOOKKEEPING}, weighted=weighted,
                           **order_fields(labels, categorical),
                           match=match, pairs=assignment, dropna=bool(dropna), labels=fixed_labels(labels),
                           weights_by=weights_by)


def from_design_cells(table: tuple[pd.DataFrame, dict], cells: pd.DataFrame, units: pd.DataFrame, missing: dict, *,
                      names, dropna: bool, labels, match, weighted: bool, design: dict, lonely_psu: str,
                      replicates: str | None, assignment: dict | None = None, domain: bool = False,
                      kind: type[Crosstab] = Agreement, layers: Mapping | None = None,
                      layers_by: Hashable | None = None, categorical: tuple[bool, bool] = (False, False),
                      weights_by: Hashable | None = None) -> Crosstab:
    """The table object of a sample's rows counted apart (those of the whole sample, or of a group: a ``domain``):
    its table from the table's long cells and bookkeeping ``table`` (as :func:`from_cells` takes them), the table of
    every PSU from the ``cells`` placed in it, in the design of all PSUs ``units``. ``cells`` has the design's keys
    (``DESIGN_KEYS``: "s", "c", "f"; "uw", the weight, where every row is a PSU), the labels "a" and "p", and of
    each group the rows ``n`` and weight sum ``w`` of its valid rows; ``units`` the design's keys and the ``rows`` of
    each (every row, valid or not); ``missing`` the rows missing a stratum or a cluster. The Dask accessor and the
    engines of :func:`pandas_agree.crosstabs` build their objects of a sample here (``categorical`` and
    ``weights_by`` as in :func:`from_cells`)."""
    labels = side_labels(labels, *names, kind=kind)
    tab = design_tabulation(table, cells, units, missing, names=names, dropna=dropna, labels=labels, design=design,
                            domain=domain)
    bookkeeping = table[1]
    found = tab.units
    paired = {"match": match} if issubclass(kind, Agreement) else {}
    return kind(tab.table, **paired, layers=layers, layers_by=layers_by, counted=Counted(
        **{k: bookkeeping[k] for k in BOOKKEEPING}, weighted=weighted, order=tab.order,
        **order_fields(labels, categorical),
        units=found, lonely_psu=lonely_psu, replicates=replicates, pairs=assignment, dropna=bool(dropna),
        labels=fixed_labels(labels), weights_by=weights_by))


@validate_options
def crosstabs(data: pd.DataFrame, row: Hashable, col: Hashable, *, layers=None, weights=None, dropna: bool = True,
              labels: Sequence | Mapping | None = None, strata=None, cluster=None, fpc=None,
              lonely_psu: str = "adjust", replicates: str | None = None) -> Crosstab:
    """The crosstab of two columns of ``data`` (SPSS's ``CROSSTABS row BY col [BY layer ...]``): a
    :class:`~pandas_agree.Crosstab`, whose labels need not match.

    Parameters
    ----------
    data : dataframe
        The rows: a pandas DataFrame, or a Polars (eager or lazy), PyArrow, DuckDB, Ibis, PySpark or Dask table,
        counted in its own engine (see :meth:`Crosstab.from_frame`; weights, design and layers are then column
        names).
    row, col : column labels
        The row and the column variable.
    layers : column label or list of column labels, optional
        Layer variables: one table of ``row`` by ``col`` for each value of the layer column (each combination of
        the values of several), in :attr:`Crosstab.layers`; the table itself is their sum. Each column is named
        once and is neither ``row`` nor ``col`` (a ValueError otherwise). A row with a missing
        layer value is in no table (SPSS leaves it out): it is counted in ``n_missing``. A layer whose rows all have
        a zero weight or a missing label (R's ``as.data.frame(Titanic)`` by Class and Age: no child in the crew)
        has no table, as SPSS prints none; its rows count in the table's case summary.
    weights : column label or array_like, optional
        Frequency weights (N is then their sum, as SPSS's ``WEIGHT BY``), or sampling weights with a design.
    dropna : bool, default True
        Leave out rows with a missing label or weight (counted in ``n_missing``); with False a missing label is a
        category of its own.
    labels : list or dict, optional
        The categories and their order, kept even when unobserved (an empty row or column): a list for both
        variables, or a dict mapping the row and/or the column variable to its own list (as R gives each factor its
        own levels), e.g. ``labels={"Hair": ["Black", "Brown", "Red", "Blond"], "Eye": ["Brown", "Blue", "Hazel",
        "Green"]}``; a variable not in the dict keeps its observed categories in the usual order. Each list must
        hold every category the data hold, once. The order is the scale of the ordinal statistics (gamma,
        Kendall's tau-b, Somers' d, ...), as SPSS reads the order of the values. The dict may also map a layer
        variable to its values in the order of the layers (``labels={"Age": ["Child", "Adult"]}``; every value the
        data hold, once; a value listed that no row has makes no layer).
    strata, cluster, fpc : column label or array_like, optional
        A sample design (as for ``df.agree``): every interval is then design-based, and each layer is a domain of
        the whole sample.
    lonely_psu, replicates : str, optional
        As for ``df.agree``.

    Returns
    -------
    pandas_agree.Crosstab

    Examples
    --------
    >>> import pandas as pd
    >>> import pandas_agree as pa
    >>> df = pd.DataFrame({"sex": ["f", "m", "m", "f"], "region": ["n", "s", "n", "n"], "year": [1, 1, 2, 2]})
    >>> ct = pa.crosstabs(df, "sex", "region", layers="year")
    >>> ct.crosstab()
    region  n  s  Total
    sex
    f       2  0      2
    m       1  1      2
    Total   3  1      4
    >>> {year: layer.n for year, layer in ct.layers.items()}
    {1: 2.0, 2: 2.0}

    The layers in the order ``labels=`` gives them:

    >>> list(pa.crosstabs(df, "sex", "region", layers="year", labels={"year": [2, 1]}).layers)
    [2, 1]

    Each variable its own categories and order (an unobserved one is an empty row or column):

    >>> pa.crosstabs(df, "sex", "region", labels={"region": ["s", "n", "w"]}).crosstab()
    region  s  n  w  Total
    sex
    f       0  2  0      2
    m       1  1  0      2
    Total   1  3  0      4
    """
    if not isinstance(data, pd.DataFrame) and engine_of(data) is not None:
        return _native_crosstabs(data, row, col, layers=layers, weights=weights, dropna=dropna, labels=labels,
                                 strata=strata, cluster=cluster, fpc=fpc, lonely_psu=lonely_psu, replicates=replicates)
    require_frame(data, "data")
    names = [] if layers is None else _layer_names(layers, row, col)
    labels, layer_orders = layer_labels(labels, row, col, names)
    labels = side_labels(labels, row, col, kind=Crosstab)
    x, y = column(data, row, "row"), column(data, col, "col")
    w = column_or_values(data, weights, "weights")
    design = {name: column_or_values(data, value, name) for name, value in zip(("strata", "cluster", "fpc"),
                                                                               (strata, cluster, fpc), strict=True)}
    common = {"dropna": dropna, "labels": labels, "names": ("row", "col"), "lonely_psu": lonely_psu,
              "replicates": replicates, "kind": Crosstab,
              "weights_by": weights if weights is not None and is_column_name(data, weights) else None}
    layered = None
    if layers is not None:
        keys = [column(data, name, "layers") for name in names]
        key = keys[0] if len(keys) == 1 else pd.Series(list(zip(*keys, strict=True)), index=data.index, dtype=object)
        if len(keys) > 1:  # a combination with a missing value is in no layer
            key[pd.concat([k.isna() for k in keys], axis=1).any(axis=1).to_numpy()] = None
        sampled = any(v is not None for v in design.values())

        def counted(rows: np.ndarray, **more) -> Crosstab:
            domain = None
            if sampled:  # a layer, and the rows in any layer, are domains of the whole sample: its PSUs stay
                domain = np.zeros(len(data), dtype=bool)
                domain[rows] = True
            weights_of = None if w is None else w.iloc[rows] if isinstance(w, pd.Series) else np.asarray(w)[rows]
            return from_labels(x.iloc[rows], y.iloc[rows], weights=weights_of, domain=domain,
                               **(design if sampled else {}), **common, **more)

        positions = _in_order(group_rows(key, "layers"), layer_orders, names)
        layered = _counted_layers(positions, counted)
        # a row without a layer value is in no table, as SPSS leaves it out: the table is the sum of its layers
        in_layer = np.zeros(len(data), dtype=bool)
        for rows in positions.values():
            in_layer[rows] = True
        layers_by = names[0] if len(names) == 1 else names
        if not in_layer.all():
            if not in_layer.any():
                raise ValueError(f"layers: every row has a missing value of {layers_by!r}; no layer is left")
            outside = None if w is None else validate_weights(
                w[~in_layer] if isinstance(w, pd.Series) else np.asarray(w)[~in_layer], int((~in_layer).sum()))
            return counted(np.flatnonzero(in_layer), layers=layered, layers_by=layers_by,
                           left_out=int((~in_layer).sum()), left_out_weights=outside)
        return from_labels(x, y, weights=w, layers=layered, layers_by=layers_by, **design, **common)
    return from_labels(x, y, weights=w, **design, **common)


def _counted_layers(positions: Mapping, counted) -> dict:
    """The table of each layer (``counted`` of its rows), leaving out a layer without a valid row (every weight
    zero, or every label missing): SPSS prints no table for it. Its rows still count in the whole table's case
    processing summary, as zero weights or missing values."""
    layered = {}
    for value, rows in positions.items():
        try:
            layered[value] = counted(rows)
        except NoValidRowsError:
            continue
    return layered


def _in_order(positions: dict, orders: Mapping, names: list) -> dict:
    """The rows of each layer (``positions``, by layer value) in the order ``labels=`` gives the layer variables
    (:func:`~pandas_agree.analyses.crosstab.order_layers`)."""
    return {value: positions[value] for value in order_layers(list(positions), orders, names)} if orders else positions


def _layer_names(layers, row, col) -> list:
    """The layer columns ``layers`` names (one name or a list), checked: at least one, each named once, none of them
    the row or the column variable (each of its layers would hold a single row or column of the table)."""
    names = list(layers) if isinstance(layers, (list, tuple)) and not isinstance(layers, str) else [layers]
    if not names:
        raise ValueError("layers must name at least one column")
    for k, name in enumerate(names):
        if any(_same(name, other) for other in names[:k]):
            raise ValueError(f"layers: {shown(name)} is named more than once; name each layer column once")
        for side, other in (("row", row), ("column", col)):
            if _same(name, other):
                raise ValueError(f"layers: {shown(name)} is the {side} variable; a layer column must be another "
                                 "column than the row and column variables (each layer of it would hold a single "
                                 f"{side} of the table)")
    return names


def _same(a, b) -> bool:
    """Whether two column labels are the same label (False where they do not compare, such as arrays)."""
    try:
        return bool(a == b)
    except (TypeError, ValueError):
        return False


def _native_crosstabs(data, row, col, *, layers, weights, dropna, labels, strata, cluster, fpc, lonely_psu,
                      replicates) -> Crosstab:
    """:func:`crosstabs` of a frame other than pandas: one group-by in its engine gives the table, its layers and
    the PSUs' tables; the layers are grouped and ordered as the pandas path groups them (:mod:`.groups`)."""
    names = [] if layers is None else _layer_names(layers, row, col)
    labels, layer_orders = layer_labels(labels, row, col, names)
    labels = side_labels(labels, row, col, kind=Crosstab)
    design = {"strata": strata, "cluster": cluster, "fpc": fpc}
    for name, value in {"weights": weights, **design}.items():
        if value is not None and pd.api.types.is_list_like(value):
            raise TypeError(f"{name} must be a column name on a {engine_of(data)} frame")
    check_replicates(replicates, any(v is not None for v in design.values()))
    counts = NativeCounts.count(data, row, col, weights=weights, dropna=dropna, labels=labels, layers=names,
                                names=("row", "col"), **design)
    categorical = (ordered_categorical(counts.key(row)), ordered_categorical(counts.key(col)))  # as on pandas
    common = {**order_fields(labels, categorical), "lonely_psu": lonely_psu, "replicates": replicates,
              "dropna": bool(dropna), "labels": fixed_labels(labels), "weights_by": weights}
    if layers is None:
        return from_tabulation(counts.tabulation(), Crosstab, **common)
    keys = [counts.key(name) for name in names]
    key = keys[0] if len(keys) == 1 else pd.Series(list(zip(*keys, strict=True)), dtype=object)
    if len(keys) > 1:  # a combination with a missing value is in no layer
        key[pd.concat([k.isna() for k in keys], axis=1).any(axis=1).to_numpy()] = None
    sampled = any(v is not None for v in design.values())

    def counted(groups: np.ndarray) -> Crosstab:
        mask = np.zeros(len(key), dtype=bool)
        mask[groups] = True
        return from_tabulation(counts.tabulation(mask, domain=sampled), Crosstab, **common)

    layered = _counted_layers(_in_order(group_rows(key.reset_index(drop=True), "layers"), layer_orders, names),
                             counted)
    in_layer = key.notna().to_numpy()
    if not in_layer.any():
        raise ValueError(f"layers: every row has a missing value of {names[0] if len(names) == 1 else names!r}; "
                         "no layer is left")
    outside = counts.left_out(~in_layer)
    whole = counts.tabulation(in_layer, domain=sampled and outside["n_rows"] > 0)
    return from_tabulation(whole, Crosstab, layers=layered, layers_by=names[0] if len(names) == 1 else names,
                           **common, **{k: getattr(whole, k) + outside[k] for k in outside})
