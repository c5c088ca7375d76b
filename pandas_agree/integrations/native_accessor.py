"""``agree`` on Polars DataFrames and LazyFrames: the table is counted by Polars, everything else is local.

Registered (``polars.api.register_dataframe_namespace`` and ``register_lazyframe_namespace``) when pandas_agree is
imported and Polars is, in either order (:mod:`.import_hooks`). The calls are those of the pandas accessor; each
builds its table with :meth:`pandas_agree.Agreement.from_frame` or :func:`pandas_agree.crosstabs` (``scores`` and
``compare_scores`` count the distinct label and score rows), so that one group-by runs in Polars (lazily planned for
a LazyFrame: only the groups are collected).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

import numpy as np

from ..analyses.agreement import Agreement
from ..analyses.build import crosstabs
from ..analyses.comparison import Comparison
from ..analyses.crosstab import Crosstab, from_tabulation
from ..analyses.groups import group_rows
from ..analyses.raters import RaterAgreement
from ..analyses.scores import ScoreComparison, Scores, counted_scores
from ..base.options import validate_options
from ..engine.cells import NativeCounts
from ..engine.scores import count_frame_scores
from ..report.agreement import AgreementReport, assemble_grouped
from .accessor import TABLE_OPTIONS, Shortcuts, shortcut_options

__all__ = ["FrameAgreeAccessor", "register_polars"]


class FrameAgreeAccessor(Shortcuts):
    """``frame.agree(actual, pred, ...)`` on a Polars DataFrame or LazyFrame, with the shortcuts of the pandas
    accessor (``crosstab``, ``binary``, ``averages``, ``multiclass``, ``tests``, ``report``), ``crosstabs``,
    ``raters``, ``compare``, ``scores`` and ``compare_scores``.

    ``weights`` and a sample design's ``strata``, ``cluster`` and ``fpc`` are column names. The result is the same
    :class:`~pandas_agree.Agreement` as for the same rows in a pandas frame.

    Examples
    --------
    >>> import polars as pl
    >>> import pandas_agree as pa
    >>> frame = pl.from_pandas(pa.datasets.load("wine_predictions")).lazy()
    >>> ag = frame.agree("cultivar", "knn")  # one group-by in Polars
    >>> ag.n, ag.table.shape
    (178.0, (3, 3))
    """

    _public_name = "polars.DataFrame.agree"  # how error messages name the accessor's methods

    def __init__(self, frame) -> None:
        self._frame = frame

    @validate_options
    def __call__(self, actual: Hashable, pred: Hashable, *, weights: Hashable | None = None, dropna: bool = True,
                 labels: Sequence | None = None, match=None, strata: Hashable | None = None,
                 cluster: Hashable | None = None, fpc: Hashable | None = None, lonely_psu: str = "adjust",
                 replicates: str | None = None) -> Agreement:
        """The Agreement of two columns, counted by Polars (:meth:`pandas_agree.Agreement.from_frame`).

        Examples
        --------
        >>> import polars as pl
        >>> import pandas_agree as pa
        >>> pl.DataFrame({"a": ["x", "y", None], "b": ["x", "x", "y"]}).agree("a", "b").n_missing
        1
        """
        return Agreement.from_frame(self._frame, actual, pred, weights=weights, dropna=dropna, labels=labels,
                                    match=match, strata=strata, cluster=cluster, fpc=fpc, lonely_psu=lonely_psu,
                                    replicates=replicates)

    @validate_options
    def crosstabs(self, row: Hashable, col: Hashable, *, layers=None, weights: Hashable | None = None,
                  dropna: bool = True, labels: Sequence | None = None, strata: Hashable | None = None,
                  cluster: Hashable | None = None, fpc: Hashable | None = None, lonely_psu: str = "adjust",
                  replicates: str | None = None) -> Crosstab:
        """The crosstab of any two columns (:func:`pandas_agree.crosstabs` of this frame).

        Examples
        --------
        >>> import polars as pl
        >>> import pandas_agree as pa
        >>> frame = pl.DataFrame({"sex": ["f", "m", "m"], "region": ["n", "s", "n"]})
        >>> frame.agree.crosstabs("sex", "region").shape
        (2, 2)
        """
        return crosstabs(self._frame, row, col, layers=layers, weights=weights, dropna=dropna, labels=labels,
                         strata=strata, cluster=cluster, fpc=fpc, lonely_psu=lonely_psu, replicates=replicates)

    @validate_options(passes=shortcut_options("report"))
    def report(self, actual: Hashable, pred: Hashable, *, by: Hashable | None = None, **kwargs) -> AgreementReport:
        """As the pandas accessor's ``report``; with ``by`` the groups are counted in the same group-by (under a
        sample design each group is a domain of the whole sample).

        Examples
        --------
        >>> import polars as pl
        >>> import pandas_agree as pa
        >>> frame = pl.from_pandas(pa.datasets.load("wine_predictions"))
        >>> report = frame.agree.report("cultivar", "knn", random_state=1)
        >>> print(f"{report.multiclass.loc['KAPPA', 'value']:.3f}")
        0.483
        """
        if by is None:
            ag, rest = self._split(actual, pred, kwargs)
            return ag.report(**rest)
        table_kw = {k: kwargs.pop(k) for k in TABLE_OPTIONS if k in kwargs}
        everything = self(actual, pred, **table_kw)
        design = {name: table_kw.get(name) for name in ("strata", "cluster", "fpc")}
        sampled = any(v is not None for v in design.values())
        counts = NativeCounts.count(self._frame, actual, pred, weights=table_kw.get("weights"),
                                    dropna=table_kw.get("dropna", True), labels=table_kw.get("labels"),
                                    layers=[by], **design)
        key = counts.key(by).reset_index(drop=True)
        common = {"ordered": table_kw.get("labels") is not None, "dropna": bool(table_kw.get("dropna", True)),
                  "lonely_psu": table_kw.get("lonely_psu", "adjust"), "replicates": table_kw.get("replicates")}

        def build(groups):
            mask = np.zeros(len(key), dtype=bool)
            mask[groups] = True
            # one matching for every group: that of all the rows
            return from_tabulation(counts.tabulation(mask, domain=sampled), Agreement, pairs=everything.pairs(),
                                   **common)

        no_group = int(counts.groups["n"].to_numpy()[key.isna().to_numpy()].sum())
        groups = {value: (lambda rows=rows: build(rows)) for value, rows in group_rows(key).items()}
        return assemble_grouped(everything, groups, by, no_group, kwargs)


    @validate_options
    def raters(self, columns: Sequence[Hashable], *, labels: Sequence | None = None,
               weights: Hashable | None = None, strata: Hashable | None = None, cluster: Hashable | None = None,
               fpc: Hashable | None = None, lonely_psu: str = "adjust",
               replicates: str | None = None) -> RaterAgreement:
        """Agreement among several raters (:meth:`pandas_agree.RaterAgreement.from_frame` of this frame): the
        rating patterns are counted by Polars.

        Examples
        --------
        >>> import polars as pl
        >>> import pandas_agree as pa
        >>> frame = pl.from_pandas(pa.datasets.load("diagnoses")).lazy()
        >>> ra = frame.agree.raters([f"rater{k}" for k in range(1, 7)])
        >>> print(f"{ra.summary(['FLEISS']).loc['FLEISS', 'value']:.3f}")
        0.430
        """
        return RaterAgreement.from_frame(self._frame, columns, labels=labels, weights=weights, strata=strata,
                                         cluster=cluster, fpc=fpc, lonely_psu=lonely_psu, replicates=replicates)

    @validate_options
    def compare(self, reference: Hashable, predictions: Sequence[Hashable], *, weights: Hashable | None = None,
                dropna: bool = True, match=None, strata: Hashable | None = None, cluster: Hashable | None = None,
                fpc: Hashable | None = None, lonely_psu: str = "adjust", replicates: str | None = None) -> Comparison:
        """Two or more prediction columns against one reference (:meth:`pandas_agree.Comparison.from_frame` of this
        frame): the joint table is counted by Polars.

        Examples
        --------
        >>> import polars as pl
        >>> import pandas_agree as pa
        >>> frame = pl.from_pandas(pa.datasets.load("wine_predictions"))
        >>> frame.agree.compare("cultivar", ["knn", "logistic"]).n
        178.0
        """
        return Comparison.from_frame(self._frame, reference, predictions, weights=weights, dropna=dropna, match=match,
                                     strata=strata, cluster=cluster, fpc=fpc, lonely_psu=lonely_psu,
                                     replicates=replicates)

    def _score_counts(self, actual, names: list, weights, strata, cluster, fpc, labels, argument: str):
        """The distinct (label, scores) rows counted by one Polars group-by, with the number of rows and the weight
        of each (:func:`~pandas_agree.engine.scores.count_frame_scores`), and the distinct rows' values."""
        design = {"strata": strata, "cluster": cluster, "fpc": fpc}
        for name, value in {"weights": weights, **design}.items():
            if value is not None and not isinstance(value, str):
                raise TypeError(f"{name} must be a column name on a Polars frame; got {type(value).__name__}")
        return count_frame_scores(self._frame, actual, names, weights=weights, labels=labels, design=design,
                                  score_argument=argument)

    @validate_options
    def scores(self, actual: Hashable, score, *, positive=None, weights: Hashable | None = None,
               labels: Sequence | None = None, strata: Hashable | None = None, cluster: Hashable | None = None,
               fpc: Hashable | None = None, lonely_psu: str = "adjust", replicates: str | None = None) -> Scores:
        """A score (or class probabilities, a list of columns) against a reference column, as the pandas
        accessor's ``scores``: the rows are counted by one Polars group-by of the label and score columns (each
        distinct row with its number of rows and its weight sum), which gives the same :class:`~pandas_agree.Scores`
        as the rows (``weights`` and the design: column names; under a design every row comes back with its
        weight, as each can be a PSU).

        Examples
        --------
        >>> import polars as pl
        >>> import pandas_agree as pa
        >>> frame = pl.DataFrame({"y": ["no", "no", "yes", "yes"], "s": [0.1, 0.4, 0.35, 0.8]})
        >>> frame.agree.scores("y", "s", positive="yes").values("AUC")
             value
        AUC   0.75
        """
        return counted_scores(self._score_counts, actual, score, weights=weights, labels=labels, strata=strata,
                              cluster=cluster, fpc=fpc, positive=positive, lonely_psu=lonely_psu, replicates=replicates)

    @validate_options
    def compare_scores(self, actual: Hashable, scores: Sequence[Hashable], *, positive=None,
                       weights: Hashable | None = None, labels: Sequence | None = None,
                       strata: Hashable | None = None, cluster: Hashable | None = None, fpc: Hashable | None = None,
                       lonely_psu: str = "adjust", replicates: str | None = None) -> ScoreComparison:
        """Two or more score columns of the same objects against one reference, as the pandas accessor's
        ``compare_scores``, the rows counted as :meth:`scores` counts them.

        Examples
        --------
        >>> import polars as pl
        >>> import pandas_agree as pa
        >>> frame = pl.DataFrame({"y": [0, 0, 1, 1, 0, 1], "a": [0.1, 0.4, 0.35, 0.8, 0.2, 0.9],
        ...                       "b": [0.3, 0.2, 0.6, 0.7, 0.1, 0.5]})
        >>> frame.agree.compare_scores("y", ["a", "b"]).tests()["pvalue"].round(4).tolist()
        [0.4795]
        """
        if isinstance(scores, (str, bytes)) or not isinstance(scores, (list, tuple)):
            raise TypeError(f"scores must be a list of score columns; got {scores!r}")
        return counted_scores(self._score_counts, actual, list(scores), compare=True, weights=weights, labels=labels,
                              strata=strata, cluster=cluster, fpc=fpc, positive=positive, lonely_psu=lonely_psu,
                              replicates=replicates)


def register_polars() -> None:
    """Register ``agree`` on Polars DataFrames and LazyFrames."""
    import polars as pl

    for register in (pl.api.register_dataframe_namespace, pl.api.register_lazyframe_namespace):
        register("agree")(FrameAgreeAccessor)
