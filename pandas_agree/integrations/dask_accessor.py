"""``agree`` on dask DataFrames: the table is counted where the data live, everything else is local.

Each partition is counted by the same engine as a pandas frame (one pass, no shuffle of rows); the small
per-partition cells are added up on the client and become an ordinary :class:`~pandas_agree.Agreement`.
Registered when pandas_agree is imported and dask is installed.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

import dask
import dask.dataframe as dd
import numpy as np
import pandas as pd

from ..analyses.agreement import Agreement, from_cells
from ..analyses.raters import RaterAgreement
from ..base.options import validate_options
from ..engine.crosstab import partial_counts, validate_weights
from ..report.agreement import AgreementReport, assemble_grouped
from .accessor import TABLE_OPTIONS, Shortcuts

__all__ = ["DaskAgreeAccessor"]

BOOKKEEPING = ("n_rows", "n_missing", "n_zero_weight")


def _cells(part: pd.DataFrame, actual, pred, weights, dropna: bool) -> tuple[pd.DataFrame, dict]:
    w = None if weights is None else validate_weights(part[weights], len(part))
    return partial_counts(part[actual], part[pred], weights=w, dropna=dropna)


def _partition(part: pd.DataFrame, actual, pred, weights, dropna: bool, by) -> tuple:
    """All cells of one partition, and with ``by`` the cells of each group value in it."""
    everything = _cells(part, actual, pred, weights, dropna)
    if by is None:
        return everything, {}, 0
    keys = part[by]
    groups = {value: _cells(part.iloc[rows], actual, pred, weights, dropna)
              for value, rows in pd.Series(np.arange(len(part))).groupby(keys.to_numpy(), dropna=True).indices.items()}
    return everything, groups, int(keys.isna().sum())


def _combine(pieces: list[tuple[pd.DataFrame, dict]]) -> tuple[pd.DataFrame, dict]:
    cells = pd.concat([c for c, _ in pieces], ignore_index=True)
    return cells, {k: sum(b[k] for _, b in pieces) for k in BOOKKEEPING}


def _check_columns(ddf: dd.DataFrame, wanted: dict) -> None:
    columns = list(ddf.columns)
    for arg, name in wanted.items():
        if name is not None and name not in columns:
            shown = ", ".join(repr(c) for c in columns[:20])
            raise KeyError(f"{arg}: no column {name!r} in the DataFrame; its columns are {shown}")


@dd.extensions.register_dataframe_accessor("agree")
class DaskAgreeAccessor(Shortcuts):
    """``ddf.agree(actual, pred, ...)`` on a dask DataFrame, with the shortcuts of the pandas accessor.

    ``weights`` must be a column name. The result is the same :class:`~pandas_agree.Agreement` as for the
    equivalent pandas frame.

    Examples
    --------
    >>> import dask.dataframe as dd
    >>> import pandas_agree as pa
    >>> ddf = dd.from_pandas(pa.datasets.load("wine_predictions"), npartitions=3)
    >>> ag = ddf.agree("cultivar", "knn")  # one pass over the partitions
    >>> ag.n, ag.table.shape
    (178.0, (3, 3))
    """

    def __init__(self, ddf: dd.DataFrame) -> None:
        self._ddf = ddf

    def _count(self, actual, pred, weights, dropna, by=None):
        if weights is not None and pd.api.types.is_list_like(weights):
            raise TypeError("weights must be a column name on a dask DataFrame")
        _check_columns(self._ddf, {"actual": actual, "pred": pred, "weights": weights, "by": by})
        tasks = [dask.delayed(_partition)(part, actual, pred, weights, bool(dropna), by)
                 for part in self._ddf.to_delayed()]
        return dask.compute(*tasks)

    @validate_options
    def __call__(self, actual: Hashable, pred: Hashable, *, weights: Hashable | None = None, dropna: bool = True,
                 labels: Sequence | None = None, match=None) -> Agreement:
        """Count the table in one pass over the partitions and return the Agreement.

        Parameters are those of the pandas accessor's call, except that ``weights`` must be a column name.

        Examples
        --------
        >>> import dask.dataframe as dd
        >>> import pandas_agree as pa
        >>> ddf = dd.from_pandas(pa.datasets.load("wine_predictions"), npartitions=3)
        >>> ddf.agree("cultivar", "knn").n_rows
        178
        """
        results = self._count(actual, pred, weights, dropna)
        cells, bookkeeping = _combine([r[0] for r in results])
        return from_cells(cells, bookkeeping, names=(actual, pred), dropna=dropna, labels=labels, match=match,
                          weighted=weights is not None)

    @validate_options
    def report(self, actual: Hashable, pred: Hashable, *, by: Hashable | None = None, **kwargs) -> AgreementReport:
        """As the pandas accessor's ``report``; with ``by`` the groups are counted in the same pass.

        Examples
        --------
        >>> import dask.dataframe as dd
        >>> import pandas_agree as pa
        >>> ddf = dd.from_pandas(pa.datasets.load("wine_predictions"), npartitions=3)
        >>> report = ddf.agree.report("cultivar", "knn", random_state=1)
        >>> print(f"{report.multiclass.loc['KAPPA', 'value']:.3f}")
        0.483
        """
        if by is None:
            ag, rest = self._split(actual, pred, kwargs)
            return ag.report(**rest)
        table_kw = {k: kwargs.pop(k) for k in TABLE_OPTIONS if k in kwargs}
        weights, dropna = table_kw.get("weights"), table_kw.get("dropna", True)
        results = self._count(actual, pred, weights, dropna, by)
        cells, bookkeeping = _combine([r[0] for r in results])
        common = {"names": (actual, pred), "dropna": dropna, "labels": table_kw.get("labels"),
                  "match": table_kw.get("match"), "weighted": weights is not None}
        everything = from_cells(cells, bookkeeping, **common)
        values = sorted({v for r in results for v in r[1]}, key=lambda v: (str(type(v)), v))

        def build(value):
            pieces = [r[1][value] for r in results if value in r[1]]
            return from_cells(*_combine(pieces), **common)

        groups = {v: (lambda v=v: build(v)) for v in values}
        return assemble_grouped(everything, groups, by, sum(r[2] for r in results), kwargs)

    @validate_options
    def raters(self, columns: Sequence[Hashable], *, labels: Sequence | None = None,
               weights: Hashable | None = None) -> RaterAgreement:
        """Several raters: the distinct rating patterns are counted per partition, and the patterns with their
        counts (as subject weights) give the same coefficients as the rows.

        Examples
        --------
        >>> import dask.dataframe as dd
        >>> import pandas_agree as pa
        >>> ddf = dd.from_pandas(pa.datasets.load("diagnoses"), npartitions=2)
        >>> ra = ddf.agree.raters([f"rater{k}" for k in range(1, 7)])
        >>> print(f"{ra.summary(['FLEISS']).loc['FLEISS', 'value']:.3f}")
        0.430
        """
        if isinstance(columns, (str, bytes)) or not pd.api.types.is_list_like(columns):
            raise TypeError(f"columns must be a list of rater columns; got {columns!r}")
        columns = list(columns)
        _check_columns(self._ddf, {**{f"columns[{i}]": c for i, c in enumerate(columns)}, "weights": weights})
        tasks = [dask.delayed(_patterns)(part, columns, weights) for part in self._ddf.to_delayed()]
        pieces = [p for p in dask.compute(*tasks) if len(p)]
        patterns = pd.concat(pieces, ignore_index=True)
        summed = patterns.groupby(columns, dropna=False, sort=False, observed=True)["__weight__"].sum().reset_index()
        return RaterAgreement(summed[columns], labels=labels, weights=summed["__weight__"].to_numpy())


def _patterns(part: pd.DataFrame, columns: list, weights) -> pd.DataFrame:
    frame = part[columns].copy()
    frame["__weight__"] = 1.0 if weights is None else validate_weights(part[weights], len(part))
    return frame.groupby(columns, dropna=False, sort=False, observed=True)["__weight__"].sum().reset_index()
