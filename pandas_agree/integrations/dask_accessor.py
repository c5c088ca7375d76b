"""``agree`` on dask DataFrames: the table is counted where the data live, everything else is local.

Each partition is counted by the same engine as a pandas frame (one pass, no shuffle of rows); the small
per-partition cells are added up on the client and become an ordinary :class:`~pandas_agree.Agreement`.
Registered when pandas_agree is imported and dask is installed.

With a sample design (``strata=``, ``cluster=``, ``fpc=``, each a column name) a partition reduces its rows to the
non-empty (stratum, cluster, reference label, predicted label) cells with their weight sums and row counts, and
lists the PSUs it holds (with the finite population correction of their stratum), rows with a missing label or a
zero weight included: a PSU belongs to the design whatever its rows. The client adds these up into the table of
every PSU (:func:`~pandas_agree.engine.design.unit_tables`, as the pandas path counts it from the rows). Without
``cluster`` every row is a PSU: the cells are then kept by weight as well, and the client holds one entry per row,
as the pandas path does.
"""

from __future__ import annotations

import contextlib
from collections.abc import Hashable, Iterator, Mapping, Sequence

import dask
import dask.dataframe as dd
import numpy as np
import pandas as pd

from ..analyses.agreement import Agreement
from ..analyses.build import DESIGN_KEYS as _KEYS
from ..analyses.build import crosstabs, from_cells, from_design_cells
from ..analyses.comparison import Comparison
from ..analyses.crosstab import Crosstab, why_no_valid_rows
from ..analyses.groups import group_order, group_rows
from ..analyses.raters import RaterAgreement, rater_columns
from ..analyses.scores import ScoreComparison, Scores, counted_scores
from ..base.options import validate_options
from ..engine.crosstab import (
    BOOKKEEPING,
    NoValidRowsError,
    coded_keys,
    keys_back,
    label_positions,
    partial_counts,
    stack_cells,
    validate_weights,
)
from ..engine.design import check_replicates
from ..engine.labels import as_labels
from ..engine.ratings import rating_patterns
from ..engine.scores import count_frame_scores
from ..report.agreement import AgreementReport, assemble_grouped
from .accessor import TABLE_OPTIONS, Shortcuts, shortcut_options

__all__ = ["DaskAgreeAccessor"]


def _cells(part: pd.DataFrame, actual, pred, weights, dropna: bool) -> tuple[pd.DataFrame, dict]:
    w = None if weights is None else validate_weights(part[weights], len(part))
    return partial_counts(part[actual], part[pred], weights=w, dropna=dropna)


def _without_valid_values(part: pd.DataFrame, actual, pred, weights) -> tuple[int, bool, bool, bool]:
    """A partition's rows, and whether every label of ``actual``, of ``pred`` and every weight is missing (or zero,
    for the weights): what the error of a table without a valid row names."""
    w = None if weights is None else part[weights]
    return (len(part), bool(part[actual].isna().all()), bool(part[pred].isna().all()),
            w is None or bool((w.isna() | (w == 0)).all()))


def _partition(part: pd.DataFrame, actual, pred, weights, dropna: bool, by) -> tuple:
    """All cells of one partition, and with ``by`` the cells of each group value in it."""
    everything = _cells(part, actual, pred, weights, dropna)
    if by is None:
        return everything, {}, 0
    keys = part[by]
    groups = {value: _cells(part.iloc[rows], actual, pred, weights, dropna)
              for value, rows in group_rows(keys).items()}  # as the pandas accessor's groups
    return everything, groups, int(keys.isna().sum())


def _combine(pieces: list[tuple[pd.DataFrame, dict]]) -> tuple[pd.DataFrame, dict]:
    cells = stack_cells([c for c, _ in pieces])  # True in one partition is not 1 in another
    return cells, {k: sum(b[k] for _, b in pieces) for k in BOOKKEEPING}


def _check_columns(ddf: dd.DataFrame, wanted: dict) -> None:
    columns = list(ddf.columns)
    for arg, name in wanted.items():
        if name is not None and name not in columns:
            shown = ", ".join(repr(c) for c in columns[:20])
            raise KeyError(f"{arg}: no column {name!r} in the DataFrame; its columns are {shown}")


DESIGN_COLUMNS = ("strata", "cluster", "fpc")


def _design_partition(part: pd.DataFrame, actual, pred, weights, dropna: bool, design: dict, by) -> dict:
    """One partition of a sample: its table's cells and bookkeeping as without a design (and those of each group of
    ``by``), the rows missing a stratum or a cluster, the non-empty (design keys, labels) cells of its valid rows
    with their weight sums ``w`` and rows ``n`` (with ``by`` the group ``g`` as one more key), and its PSUs (with
    ``rows``, the rows of each). Sums are taken row by row in order, as the pandas path's counts are."""
    table = _cells(part, actual, pred, weights, dropna)
    w = None if weights is None else validate_weights(part[weights], len(part))
    present = [_KEYS[name] for name in DESIGN_COLUMNS if design[name] is not None]
    frame = pd.DataFrame({_KEYS[name]: part[design[name]].array for name in DESIGN_COLUMNS
                          if design[name] is not None})
    missing = {name: int(frame[_KEYS[name]].isna().sum()) for name in ("strata", "cluster")
               if design[name] is not None}
    # strata and clusters grouped by their positions too, as the pandas path codes them
    frame, design_labels = coded_keys(frame, [_KEYS[name] for name in ("strata", "cluster")
                                              if design[name] is not None])
    a, p = part[actual], part[pred]
    # grouped by the labels' positions (True and 1 are two labels; a group-by of the labels would merge them)
    (frame["a"], a_labels), (frame["p"], p_labels) = label_positions(a, "actual"), label_positions(p, "pred")
    valid = np.ones(len(part), dtype=bool) if not dropna else ~(a.isna().to_numpy() | p.isna().to_numpy())
    weight = np.ones(len(part)) if w is None else w
    if w is not None:
        valid &= w > 0  # a missing weight is no weight either
    keys = list(present)
    if design["cluster"] is None:  # every row a PSU: rows of the same cell are kept apart by their weight
        frame["uw"] = weight
        keys.append("uw")
    keys += ["a", "p"]
    groups, no_group = {}, 0
    if by is not None:
        g = part[by]
        positions = group_rows(g)
        # grouped by the groups' positions (a group-by of the values would take "a\x00b" for "a" before pandas 3)
        code = np.full(len(part), len(positions), dtype=np.int64)  # the last position: no group
        for i, rows in enumerate(positions.values()):
            code[rows] = i
        frame["g"] = code
        keys.append("g")
        groups = {value: _cells(part.iloc[rows], actual, pred, weights, dropna) for value, rows in positions.items()}
        no_group = int(g.isna().sum())
    grouped = frame[valid].groupby(keys, dropna=False, observed=True, sort=False)
    cells = grouped.size().reset_index(name="n")
    cells["w"] = np.bincount(grouped.ngroup().to_numpy(), weights=weight[valid], minlength=len(cells))
    if by is not None:  # the positions back to the groups' values (NaN: no group)
        values = np.empty(len(positions) + 1, dtype=object)
        for i, value in enumerate([*positions, np.nan]):
            values[i] = value
        cells["g"] = pd.Series(values[cells["g"].to_numpy()], index=cells.index, dtype=object)
    for key, labels in (("a", a_labels), ("p", p_labels)):  # the positions back to labels (−1: a missing label)
        cells[key] = pd.Series(np.append(labels.to_numpy(dtype=object), np.nan)[cells[key].to_numpy()],
                               index=cells.index, dtype=object)
    keys_back(cells, design_labels)
    units = keys_back(frame.groupby(present, dropna=False, observed=True, sort=False).size().reset_index(name="rows"),
                      design_labels)
    return {"table": table, "missing": missing, "cells": cells, "units": units, "groups": groups,
            "no_group": no_group}


def _stacked(frames: list[pd.DataFrame]) -> pd.DataFrame:
    """The frames of every partition one under another (empty ones left out where others are not, as their
    columns' types may be a placeholder's)."""
    kept = [f for f in frames if len(f)] or frames[:1]
    return pd.concat(kept, ignore_index=True)


@dd.extensions.register_dataframe_accessor("agree")
class DaskAgreeAccessor(Shortcuts):
    """``ddf.agree(actual, pred, ...)`` on a dask DataFrame, with the shortcuts of the pandas accessor.

    ``weights`` and a sample design's ``strata``, ``cluster`` and ``fpc`` must be column names. The result is the
    same :class:`~pandas_agree.Agreement` as for the equivalent pandas frame, design-based intervals included:
    each partition sends only its non-empty (stratum, cluster, label, label) cells and its PSUs.

    Examples
    --------
    >>> import dask.dataframe as dd
    >>> import pandas_agree as pa
    >>> ddf = dd.from_pandas(pa.datasets.load("wine_predictions"), npartitions=3)
    >>> ag = ddf.agree("cultivar", "knn")  # one pass over the partitions
    >>> ag.n, ag.table.shape
    (178.0, (3, 3))

    A complex sample (here the wines' cultivar as stratum, every row its own PSU):

    >>> ag = ddf.agree("cultivar", "knn", strata="cultivar")
    >>> ag.design["strata"], ag.design["psus"], ag.design["df"]
    (3, 178, 175)
    """

    _public_name = "dask.dataframe.DataFrame.agree"  # how error messages name the accessor's methods

    def __init__(self, ddf: dd.DataFrame) -> None:
        self._ddf = ddf

    def _checked(self, actual, pred, weights, by, design: dict) -> None:
        for name, value in (("weights", weights), *design.items()):
            if value is not None and pd.api.types.is_list_like(value):
                raise TypeError(f"{name} must be a column name on a dask DataFrame")
        _check_columns(self._ddf, {"actual": actual, "pred": pred, "weights": weights, **design, "by": by})

    @contextlib.contextmanager
    def _why_no_valid_rows(self, actual, pred, weights, dropna) -> Iterator[None]:
        """The pandas accessor's error where no row is valid: the label columns whose every label is missing (with
        ``dropna``) and the weights when every one is missing or zero named, found in one more pass."""
        try:
            yield
        except NoValidRowsError:
            # partition by partition, as the counting reads the columns (any column name, None among them)
            parts = dask.compute(*[dask.delayed(_without_valid_values)(part, actual, pred, weights)
                                   for part in self._ddf.to_delayed()])
            n_rows = sum(part[0] for part in parts)
            found = [all(part[i] for part in parts) for i in (1, 2, 3)]
            empty = [(column, argument) for column, argument, missing in
                     ((actual, "actual", found[0]), (pred, "pred", found[1])) if dropna and missing]
            nothing = weights is not None and found[2]
            raise why_no_valid_rows(int(n_rows), empty, (weights, "weights") if nothing else None,
                                    weighted=weights is not None) from None

    def _categorical(self, actual, pred) -> tuple[bool, bool]:
        """Whether each label column is an ordered categorical (its order the labels' own, as on a pandas frame)."""
        return tuple(isinstance(self._ddf.dtypes[c], pd.CategoricalDtype) and bool(self._ddf.dtypes[c].ordered)
                     for c in (actual, pred))

    def _count(self, actual, pred, weights, dropna, by=None):
        self._checked(actual, pred, weights, by, {})
        tasks = [dask.delayed(_partition)(part, actual, pred, weights, bool(dropna), by)
                 for part in self._ddf.to_delayed()]
        return dask.compute(*tasks)

    def _sample(self, actual, pred, weights, dropna, design: dict, by=None) -> dict:
        """One pass over the partitions of a sample: the cells, PSUs and bookkeeping of all of them, added up."""
        self._checked(actual, pred, weights, by, design)
        tasks = [dask.delayed(_design_partition)(part, actual, pred, weights, bool(dropna), design, by)
                 for part in self._ddf.to_delayed()]
        results = dask.compute(*tasks)
        groups: dict = {}
        for r in results:
            for value, piece in r["groups"].items():
                groups.setdefault(value, []).append(piece)
        return {"table": _combine([r["table"] for r in results]), "cells": _stacked([r["cells"] for r in results]),
                "units": _stacked([r["units"] for r in results]),
                "missing": {k: sum(r["missing"][k] for r in results) for k in results[0]["missing"]},
                "groups": {value: _combine(pieces) for value, pieces in groups.items()},
                "no_group": sum(r["no_group"] for r in results)}

    @validate_options
    def __call__(self, actual: Hashable, pred: Hashable, *, weights: Hashable | None = None, dropna: bool = True,
                 labels: Sequence | None = None, match=None, strata: Hashable | None = None,
                 cluster: Hashable | None = None, fpc: Hashable | None = None, lonely_psu: str = "adjust",
                 replicates: str | None = None) -> Agreement:
        """Count the table in one pass over the partitions and return the Agreement.

        Parameters are those of the pandas accessor's call, except that ``weights``, ``strata``, ``cluster`` and
        ``fpc`` must be column names. With a design, each partition reduces its rows to the non-empty cells of
        each PSU (the table of every PSU is that of the pandas path), and the intervals are the design-based ones.

        Examples
        --------
        >>> import dask.dataframe as dd
        >>> import pandas_agree as pa
        >>> ddf = dd.from_pandas(pa.datasets.load("wine_predictions"), npartitions=3)
        >>> ddf.agree("cultivar", "knn").n_rows
        178
        """
        design = {"strata": strata, "cluster": cluster, "fpc": fpc}
        if any(v is not None for v in design.values()):
            sample = self._sample(actual, pred, weights, dropna, design)
            with self._why_no_valid_rows(actual, pred, weights, dropna):
                return from_design_cells(sample["table"], sample["cells"], sample["units"], sample["missing"],
                                         names=(actual, pred), dropna=dropna, labels=labels, match=match,
                                         weighted=weights is not None, design=design, lonely_psu=lonely_psu,
                                         replicates=replicates, categorical=self._categorical(actual, pred),
                                         weights_by=weights)
        check_replicates(replicates, False)
        results = self._count(actual, pred, weights, dropna)
        cells, bookkeeping = _combine([r[0] for r in results])
        with self._why_no_valid_rows(actual, pred, weights, dropna):
            return from_cells(cells, bookkeeping, names=(actual, pred), dropna=dropna, labels=labels, match=match,
                              weighted=weights is not None, categorical=self._categorical(actual, pred),
                              weights_by=weights)

    @validate_options(passes=shortcut_options("report"))
    def report(self, actual: Hashable, pred: Hashable, *, by: Hashable | None = None, **kwargs) -> AgreementReport:
        """As the pandas accessor's ``report``; with ``by`` the groups are counted in the same pass (under a
        sample design each group is a domain of the whole sample: its PSUs and strata are all of the sample's).

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
        design = {name: table_kw.get(name) for name in DESIGN_COLUMNS}
        if any(v is not None for v in design.values()):
            return self._domains(actual, pred, by, weights, dropna, design, table_kw, kwargs)
        results = self._count(actual, pred, weights, dropna, by)
        cells, bookkeeping = _combine([r[0] for r in results])
        common = {"names": (actual, pred), "dropna": dropna, "labels": table_kw.get("labels"),
                  "match": table_kw.get("match"), "weighted": weights is not None,
                  "categorical": self._categorical(actual, pred), "weights_by": weights}
        with self._why_no_valid_rows(actual, pred, weights, dropna):
            everything = from_cells(cells, bookkeeping, **common)
        # one matching for every group: that of all the rows
        common = {**common, "match": None, "assignment": everything.pairs()}
        values = group_order([v for r in results for v in r[1]], self._ddf.dtypes[by])  # the pandas accessor's

        def build(value):
            pieces = [r[1][value] for r in results if value in r[1]]
            return from_cells(*_combine(pieces), **common)

        groups = {v: (lambda v=v: build(v)) for v in values}
        return assemble_grouped(everything, groups, by, sum(r[2] for r in results), kwargs)

    def _domains(self, actual, pred, by, weights, dropna, design: dict, table_kw: dict, options: dict):
        """The grouped report of a sample: every group a domain, its cells in the PSUs of the whole sample."""
        sample = self._sample(actual, pred, weights, dropna, design, by)
        cells, units = sample["cells"], sample["units"]
        common = {"names": (actual, pred), "dropna": dropna, "labels": table_kw.get("labels"),
                  "match": table_kw.get("match"), "weighted": weights is not None, "design": design,
                  "categorical": self._categorical(actual, pred), "weights_by": weights,
                  "lonely_psu": table_kw.get("lonely_psu", "adjust"), "replicates": table_kw.get("replicates")}
        with self._why_no_valid_rows(actual, pred, weights, dropna):
            everything = from_design_cells(sample["table"], cells, units, sample["missing"], **common)
        common = {**common, "match": None, "assignment": everything.pairs()}  # one matching for every group
        positions = group_rows(cells["g"])

        def build(value):
            rows = positions.get(value, np.zeros(0, dtype=np.int64))
            return from_design_cells(sample["groups"][value], cells.iloc[rows], units, sample["missing"], **common,
                                     domain=True)

        values = group_order(list(sample["groups"]), self._ddf.dtypes[by])
        groups = {v: (lambda v=v: build(v)) for v in values}
        return assemble_grouped(everything, groups, by, sample["no_group"], options)

    @validate_options
    def raters(self, columns: Sequence[Hashable], *, labels: Sequence | None = None,
               weights: Hashable | None = None, strata: Hashable | None = None, cluster: Hashable | None = None,
               fpc: Hashable | None = None, lonely_psu: str = "adjust",
               replicates: str | None = None) -> RaterAgreement:
        """Several raters: the distinct rating patterns are counted per partition, and the patterns with their
        counts (as subject weights) give the same coefficients as the rows.

        Under a sample design (``strata``, ``cluster``, ``fpc``: column names, with ``lonely_psu`` and
        ``replicates`` as in the pandas accessor's ``raters``) every subject can be a PSU: each comes back with
        its ratings, design values and weight, as :meth:`RaterAgreement.from_frame` counts a Dask frame, and every
        interval is design-based.

        Examples
        --------
        >>> import dask.dataframe as dd
        >>> import pandas_agree as pa
        >>> ddf = dd.from_pandas(pa.datasets.load("diagnoses"), npartitions=2)
        >>> ra = ddf.agree.raters([f"rater{k}" for k in range(1, 7)])
        >>> print(f"{ra.summary(['FLEISS']).loc['FLEISS', 'value']:.3f}")
        0.430
        """
        columns = rater_columns(columns)
        _check_columns(self._ddf, {**{f"columns[{i}]": c for i, c in enumerate(columns)}, "weights": weights,
                                   "strata": strata, "cluster": cluster, "fpc": fpc})
        if strata is not None or cluster is not None or fpc is not None or replicates is not None:
            return RaterAgreement.from_frame(self._ddf, columns, labels=labels, weights=weights, strata=strata,
                                             cluster=cluster, fpc=fpc, lonely_psu=lonely_psu, replicates=replicates)
        tasks = [dask.delayed(_patterns)(part, columns, weights) for part in self._ddf.to_delayed()]
        pieces = [p for p in dask.compute(*tasks) if len(p)]
        if not pieces:  # no rows in any partition: the empty columns give the pandas accessor's error
            return RaterAgreement(pd.DataFrame({c: pd.Series(dtype=self._ddf.dtypes[c]) for c in columns}),
                                  labels=labels)
        patterns = pd.concat(pieces, ignore_index=True)
        k = len(columns)
        found = [rating_patterns(kind.iloc[:, :k], kind.iloc[:, k:k + 2].to_numpy(dtype=float))
                 for _, kind in patterns.groupby("kind", sort=True)]  # the subjects with a weight, then the others
        distinct = pd.concat([f[0] for f in found], ignore_index=True)
        summed = np.concatenate([f[1] for f in found])
        distinct.columns = as_labels(columns)  # the names as the pandas accessor's frame has them
        # each pattern with its number of subjects: the counts and rules of the subjects, as from the rows
        return RaterAgreement(distinct, labels=labels, weights=None if weights is None else summed[:, 0],
                              frequencies=summed[:, 1])

    @validate_options
    def crosstabs(self, row: Hashable, col: Hashable, *, layers=None, weights=None, dropna: bool = True,
                  labels: Sequence | Mapping | None = None, strata=None, cluster=None, fpc=None,
                  lonely_psu: str = "adjust", replicates: str | None = None) -> Crosstab:
        """As the pandas accessor's ``crosstabs``: :func:`pandas_agree.crosstabs` of this frame, its cells counted
        by one Dask group-by (``layers``, ``weights`` and the design: column names).

        Examples
        --------
        >>> import dask.dataframe as dd
        >>> import pandas_agree as pa
        >>> ddf = dd.from_pandas(pa.datasets.load("wine_predictions"), npartitions=3)
        >>> ct = ddf.agree.crosstabs("cultivar", "knn")
        >>> ct.shape, ct.n
        ((3, 3), 178.0)
        """
        return crosstabs(self._ddf, row, col, layers=layers, weights=weights, dropna=dropna, labels=labels,
                         strata=strata, cluster=cluster, fpc=fpc, lonely_psu=lonely_psu, replicates=replicates)

    @validate_options
    def compare(self, reference: Hashable, predictions: Sequence[Hashable], *, weights=None, dropna: bool = True,
                match=None, strata=None, cluster=None, fpc=None, lonely_psu: str = "adjust",
                replicates: str | None = None) -> Comparison:
        """As the pandas accessor's ``compare``: :meth:`pandas_agree.Comparison.from_frame` of this frame, the
        joint table's cells counted by one Dask group-by (``weights`` and the design: column names).

        Examples
        --------
        >>> import dask.dataframe as dd
        >>> import pandas_agree as pa
        >>> ddf = dd.from_pandas(pa.datasets.load("wine_predictions"), npartitions=3)
        >>> ddf.agree.compare("cultivar", ["knn", "logistic"]).values(["OSR"], ci=None).round(3)
                    OSR
        knn       0.663
        logistic  0.983
        """
        return Comparison.from_frame(self._ddf, reference, predictions, weights=weights, dropna=dropna, match=match,
                                     strata=strata, cluster=cluster, fpc=fpc, lonely_psu=lonely_psu,
                                     replicates=replicates)

    def _score_counts(self, actual, names: list, weights, strata, cluster, fpc, labels, argument: str):
        """The patterns of the label and score columns counted by Dask, and the distinct rows (as
        :func:`~pandas_agree.engine.scores.count_frame_scores` gives them)."""
        design = {"strata": strata, "cluster": cluster, "fpc": fpc}
        for name, value in {"weights": weights, **design}.items():
            if value is not None and pd.api.types.is_list_like(value):
                raise TypeError(f"{name} must be a column name on a dask DataFrame")
        _check_columns(self._ddf, {"actual": actual, **{f"{argument}[{i}]": c for i, c in enumerate(names)},
                                   "weights": weights, **design})
        return count_frame_scores(self._ddf, actual, names, weights=weights, labels=labels, design=design,
                                  score_argument=argument)

    @validate_options
    def scores(self, actual: Hashable, score, *, positive=None, weights=None, labels: Sequence | None = None,
               strata=None, cluster=None, fpc=None, lonely_psu: str = "adjust",
               replicates: str | None = None) -> Scores:
        """As the pandas accessor's ``scores``: the rows are counted by one Dask group-by of the label and score
        columns (each distinct row with its number of rows and its weight sum), and those counts give the same
        :class:`~pandas_agree.Scores` as the rows (``weights`` and the design: column names; under a design every
        row comes back with its weight, as each can be a PSU).

        Examples
        --------
        >>> import dask.dataframe as dd
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> df = pd.DataFrame({"y": ["no", "no", "yes", "yes"], "s": [0.1, 0.4, 0.35, 0.8]})
        >>> dd.from_pandas(df, npartitions=2).agree.scores("y", "s", positive="yes").values("AUC")
             value
        AUC   0.75
        """
        return counted_scores(self._score_counts, actual, score, weights=weights, labels=labels, strata=strata,
                              cluster=cluster, fpc=fpc, positive=positive, lonely_psu=lonely_psu, replicates=replicates)

    @validate_options
    def compare_scores(self, actual: Hashable, scores: Sequence[Hashable], *, positive=None, weights=None,
                       labels: Sequence | None = None, strata=None, cluster=None, fpc=None,
                       lonely_psu: str = "adjust", replicates: str | None = None) -> ScoreComparison:
        """As the pandas accessor's ``compare_scores``, the rows counted as :meth:`scores` counts them.

        Examples
        --------
        >>> import dask.dataframe as dd
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> df = pd.DataFrame({"y": [0, 0, 1, 1, 0, 1], "a": [0.1, 0.4, 0.35, 0.8, 0.2, 0.9],
        ...                    "b": [0.3, 0.2, 0.6, 0.7, 0.1, 0.5]})
        >>> ddf = dd.from_pandas(df, npartitions=2)
        >>> ddf.agree.compare_scores("y", ["a", "b"]).tests()["pvalue"].round(4).tolist()
        [0.4795]
        """
        if isinstance(scores, (str, bytes)) or not pd.api.types.is_list_like(scores):
            raise TypeError(f"scores must be a list of score columns; got {scores!r}")
        return counted_scores(self._score_counts, actual, list(scores), compare=True, weights=weights, labels=labels,
                              strata=strata, cluster=cluster, fpc=fpc, positive=positive, lonely_psu=lonely_psu,
                              replicates=replicates)


def _patterns(part: pd.DataFrame, columns: list, weights) -> pd.DataFrame:
    """The distinct rating patterns of one partition (its rater columns by position, named 0, 1, …) with their
    summed weights and numbers of subjects (ratings matched as labels are: True is not 1)."""
    w = np.ones(len(part)) if weights is None else validate_weights(part[weights], len(part))
    at = [part.columns.get_loc(c) for c in columns]  # by position: a column may be named None or by a tuple
    ratings = part.iloc[:, at].set_axis(range(len(at)), axis=1)
    # the subjects of a positive, a zero and a missing weight apart: a subject left out for its weight is no part of
    # the weight of its pattern's other subjects
    kind = np.where(np.isnan(w), 2, np.where(w == 0, 1, 0))
    frames = []
    for k in np.unique(kind):
        rows = kind == k
        frame, summed = rating_patterns(ratings[rows], np.column_stack([w[rows], np.ones(int(rows.sum()))]))
        frame["weight"], frame["subjects"], frame["kind"] = summed[:, 0], summed[:, 1], k
        frames.append(frame)
    return pd.concat(frames, ignore_index=True) if frames else rating_patterns(ratings, np.ones((0, 2)))[0]
