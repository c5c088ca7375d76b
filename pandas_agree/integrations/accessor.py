"""``DataFrame.agree``: a thin, stateless accessor that builds an :class:`Agreement` and delegates to it."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence

import numpy as np
import pandas as pd

from ..analyses.agreement import Agreement
from ..analyses.build import crosstabs
from ..analyses.comparison import Comparison, compare
from ..analyses.crosstab import Crosstab, from_labels
from ..analyses.groups import group_rows
from ..analyses.raters import RaterAgreement, rater_columns
from ..analyses.scores import ScoreComparison, Scores
from ..analyses.scores import compare_scores as score_comparison
from ..analyses.scores import scores as score_analysis
from ..base.frames import aligned, column, column_or_values, is_column_name
from ..base.options import keyword_names, validate_options
from ..report.agreement import REPORT_OPTIONS, AgreementReport, assemble_grouped

__all__ = ["TABLE_OPTIONS", "AgreeAccessor", "Shortcuts", "shortcut_options"]

TABLE_OPTIONS = ("weights", "dropna", "labels", "match", "strata", "cluster", "fpc", "lonely_psu", "replicates")
DESIGN_COLUMNS = ("strata", "cluster", "fpc")


def shortcut_options(method: str):
    """The keyword arguments a shortcut ``method`` of an accessor passes on, as a function of the accessor's class
    (for :func:`~pandas_agree.base.options.validate_options`' ``passes``): the table options of the accessor's
    call, then the options of ``Agreement.<method>`` (of the report, for "report"). An unknown keyword is then an
    error that names the shortcut and lists all of them."""
    def names(owner: type | None) -> tuple[str, ...]:
        call = (owner or AgreeAccessor).__call__
        table = [n for n in keyword_names(call) if n in TABLE_OPTIONS]
        own = tuple(REPORT_OPTIONS) if method == "report" else keyword_names(getattr(Agreement, method))
        return (*table, *own)

    return names


class Shortcuts:
    """The one-shot shortcuts shared by the pandas and the dask accessors: build the Agreement, delegate."""

    def __call__(self, actual, pred, **table_options) -> Agreement:  # pragma: no cover - overridden
        raise NotImplementedError

    def _split(self, actual, pred, kwargs: dict) -> tuple[Agreement, dict]:
        table_kw = {k: kwargs.pop(k) for k in TABLE_OPTIONS if k in kwargs}
        return self(actual, pred, **table_kw), kwargs

    @validate_options(passes=shortcut_options("crosstab"))
    def crosstab(self, actual: Hashable, pred: Hashable, **kwargs) -> pd.DataFrame:
        """Shortcut for ``df.agree(actual, pred, ...).crosstab(...)``.

        Examples
        --------
        >>> import pandas_agree as pa
        >>> df = pa.datasets.load("wine_predictions")
        >>> float(df.agree.crosstab("cultivar", "knn").loc["Total", "Total"])
        178.0
        """
        ag, rest = self._split(actual, pred, kwargs)
        return ag.crosstab(**rest)

    @validate_options(passes=shortcut_options("binary"))
    def binary(self, actual: Hashable, pred: Hashable, **kwargs) -> pd.DataFrame:
        """Shortcut for ``df.agree(actual, pred, ...).binary(...)``.

        Examples
        --------
        >>> import pandas_agree as pa
        >>> df = pa.datasets.load("wine_predictions")
        >>> df.agree.binary("cultivar", "knn", measures=["REC"]).round(3)
                      REC
        class
        cultivar 1  0.898
        cultivar 2  0.690
        cultivar 3  0.333
        """
        ag, rest = self._split(actual, pred, kwargs)
        return ag.binary(**rest)

    @validate_options(passes=shortcut_options("averages"))
    def averages(self, actual: Hashable, pred: Hashable, **kwargs) -> pd.DataFrame:
        """Shortcut for ``df.agree(actual, pred, ...).averages(...)``.

        Examples
        --------
        >>> import pandas_agree as pa
        >>> df = pa.datasets.load("wine_predictions")
        >>> df.agree.averages("cultivar", "knn", measures=["REC"], average="unweighted").round(3)
             unweighted
        REC       0.641
        """
        ag, rest = self._split(actual, pred, kwargs)
        return ag.averages(**rest)

    @validate_options(passes=shortcut_options("multiclass"))
    def multiclass(self, actual: Hashable, pred: Hashable, **kwargs) -> pd.DataFrame:
        """Shortcut for ``df.agree(actual, pred, ...).multiclass(...)``.

        Examples
        --------
        >>> import pandas_agree as pa
        >>> df = pa.datasets.load("wine_predictions")
        >>> df.agree.multiclass("cultivar", "knn", measures=["OSR", "KAPPA"])["value"].round(3).tolist()
        [0.663, 0.483]
        """
        ag, rest = self._split(actual, pred, kwargs)
        return ag.multiclass(**rest)

    @validate_options(passes=shortcut_options("tests"))
    def tests(self, actual: Hashable, pred: Hashable, **kwargs) -> pd.DataFrame:
        """Shortcut for ``df.agree(actual, pred, ...).tests(...)``.

        Examples
        --------
        >>> import pandas_agree as pa
        >>> df = pa.datasets.load("wine_predictions")
        >>> bool(df.agree.tests("cultivar", "knn").loc["KAPPA_Z", "pvalue"] < 0.001)
        True
        """
        ag, rest = self._split(actual, pred, kwargs)
        return ag.tests(**rest)


@pd.api.extensions.register_dataframe_accessor("agree")
class AgreeAccessor(Shortcuts):
    """Agreement between two label columns of a DataFrame.

    Calling the accessor builds an :class:`~pandas_agree.Agreement` (the crosstab is computed once, there);
    the methods are one-shot shortcuts that take the same keyword arguments plus the method's own.

    Examples
    --------
    >>> import pandas as pd
    >>> import pandas_agree as pa
    >>> df = pd.DataFrame({"actual": list("aabbc"), "pred": list("abbbc")})
    >>> ag = df.agree("actual", "pred")
    >>> ag.n
    5.0
    >>> df.agree.binary("actual", "pred", measures=["REC"])["REC"].tolist()
    [0.5, 1.0, 1.0]
    """

    _public_name = "DataFrame.agree"  # how error messages name the accessor's methods

    def __init__(self, pandas_obj: pd.DataFrame) -> None:
        self._df = pandas_obj

    @validate_options
    def __call__(self, actual: Hashable, pred: Hashable, *, weights=None, dropna: bool = True,
                 labels: Sequence | None = None, match=None, strata=None, cluster=None, fpc=None,
                 lonely_psu: str = "adjust", replicates: str | None = None) -> Agreement:
        """Crosstab the columns ``actual`` (reference) and ``pred`` (prediction) into an Agreement.

        Parameters
        ----------
        actual, pred : column labels
            The reference and the predicted classification. The same column twice is valid.
        weights : column label or array_like, optional
            Frequency weights: numeric, finite, non-negative. ``None`` (the default) means no weights, even where
            the frame has a column named None; rename such a column to weight by it.
        dropna : bool, default True
            Leave out rows with a missing label or weight (counted in ``n_missing``).
        labels : list, optional
            Categories and their order, kept even when unobserved.
        match : {None, "accuracy", "residual"} or dict, optional
            Cluster-to-class matching of the predicted labels.
        strata, cluster, fpc : column label or array_like, optional
            A complex sample's design: the stratum and the cluster (primary sampling unit, nested in its stratum)
            of each row, and each stratum's finite population correction (its population number of PSUs, or
            the sampling fraction of its PSUs). With any of them, ``weights`` are sampling weights and every
            interval is design-based: linearised over the PSUs' totals within strata, Student's t on
            PSUs − strata degrees of freedom, and the design effect beside each SE (as R's survey package and
            SPSS Complex Samples give them; docs/user_guide/survey.md).
        lonely_psu : {"adjust", "remove", "fail"}, default "adjust"
            What a stratum with a single PSU contributes to the variance, as R's ``survey.lonely.psu``.
        replicates : {None, "jackknife", "bootstrap"}, optional
            With a sample design: the variance of every value from the delete-one-PSU jackknife or Rao and Wu's
            rescaling bootstrap (``n_resamples`` replicates) instead of linearisation; ``ci="bootstrap"`` means
            the latter.

        Returns
        -------
        pandas_agree.Agreement

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> df = pd.DataFrame({"truth": ["a", "a", "b", None], "guess": ["a", "b", "b", "b"]})
        >>> ag = df.agree("truth", "guess")
        >>> ag.n, ag.n_missing
        (3.0, 1)
        """
        a = column(self._df, actual, "actual")
        p = column(self._df, pred, "pred")
        weights_by = weights if weights is not None and is_column_name(self._df, weights) else None
        weights = column_or_values(self._df, weights, "weights")
        design = {name: column_or_values(self._df, value, name)
                  for name, value in zip(DESIGN_COLUMNS, (strata, cluster, fpc), strict=True)}
        return from_labels(a, p, weights=weights, dropna=dropna, labels=labels, match=match, names=("actual", "pred"),
                           lonely_psu=lonely_psu, replicates=replicates, kind=Agreement, weights_by=weights_by,
                           **design)

    @validate_options
    def crosstabs(self, row: Hashable, col: Hashable, *, layers=None, weights=None, dropna: bool = True,
                  labels: Sequence | Mapping | None = None, strata=None, cluster=None, fpc=None,
                  lonely_psu: str = "adjust", replicates: str | None = None) -> Crosstab:
        """The crosstab of the columns ``row`` and ``col`` (SPSS's ``CROSSTABS row BY col [BY layer ...]``), whose
        labels need not match: :func:`pandas_agree.crosstabs` of this frame. ``labels=`` takes a list (both
        variables) or a dict giving each variable its own categories and order (``labels={"Class": [...]}``), a
        layer variable the order of its layers.

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> titanic = pd.DataFrame({"Class": ["1st", "1st", "3rd", "3rd", "Crew", "Crew"],
        ...                         "Survived": ["No", "Yes", "No", "Yes", "No", "Yes"],
        ...                         "Freq": [122, 203, 528, 178, 673, 212]})
        >>> ct = titanic.agree.crosstabs("Class", "Survived", weights="Freq")
        >>> ct.shape, ct.n
        ((3, 2), 1916.0)
        >>> ct = titanic.agree.crosstabs("Class", "Survived", weights="Freq",
        ...                              labels={"Class": ["1st", "2nd", "3rd", "Crew"]})
        >>> list(ct.table.index), float(ct.table.loc["2nd"].sum())
        (['1st', '2nd', '3rd', 'Crew'], 0.0)
        """
        return crosstabs(self._df, row, col, layers=layers, weights=weights, dropna=dropna, labels=labels,
                         strata=strata, cluster=cluster, fpc=fpc, lonely_psu=lonely_psu, replicates=replicates)

    @validate_options(passes=shortcut_options("report"))
    def report(self, actual: Hashable, pred: Hashable, *, by: Hashable | None = None, **kwargs) -> AgreementReport:
        """The whole picture: ``df.agree(actual, pred, ...).report(...)``, with one section per group of ``by``.

        With ``by=column`` the report's tables are for all rows and ``report.groups`` holds one report per value
        of the column (rows with a missing value belong to no group). ``by=None`` (the default) means no groups,
        even where the frame has a column named None; rename such a column to group by it.

        Examples
        --------
        >>> import pandas_agree as pa
        >>> df = pa.datasets.load("wine_predictions")
        >>> report = df.agree.report("cultivar", "knn", random_state=1)
        >>> print(str(report).splitlines()[0])
        Agreement report: cultivar * knn
        """
        if by is None:
            ag, rest = self._split(actual, pred, kwargs)
            return ag.report(**rest)
        table_kw = {k: kwargs.pop(k) for k in TABLE_OPTIONS if k in kwargs}
        return _grouped_report(self._df, actual, pred, by, table_kw, kwargs)

    @validate_options
    def raters(self, columns: Sequence[Hashable], *, labels: Sequence | None = None, weights=None, strata=None,
               cluster=None, fpc=None, lonely_psu: str = "adjust", replicates: str | None = None) -> RaterAgreement:
        """Agreement among several raters: one row per subject, one column per rater (missing ratings allowed).

        ``weights`` (a column or array) are frequency weights of the subjects. ``strata``, ``cluster`` and ``fpc``
        (columns or arrays) make the subjects a complex sample: each subject is a unit, ``cluster`` groups them
        into PSUs nested in strata, ``weights`` are then sampling weights and every interval is design-based
        (with ``lonely_psu`` and ``replicates`` as in ``df.agree(...)``; :class:`~pandas_agree.RaterAgreement`).

        Returns
        -------
        pandas_agree.RaterAgreement

        Examples
        --------
        >>> import pandas_agree as pa
        >>> df = pa.datasets.load("anxiety")
        >>> ra = df.agree.raters(["rater1", "rater2", "rater3"])
        >>> ra.n_subjects, len(ra.categories)
        (20, 6)
        """
        columns = rater_columns(columns)
        frame = pd.concat({c: column(self._df, c, "columns") for c in columns}, axis=1)
        design = {name: column_or_values(self._df, value, name)
                  for name, value in zip(DESIGN_COLUMNS, (strata, cluster, fpc), strict=True)}
        return RaterAgreement(frame, labels=labels, weights=column_or_values(self._df, weights, "weights"),
                              lonely_psu=lonely_psu, replicates=replicates, **design)

    @validate_options
    def compare(self, reference: Hashable, predictions: Sequence[Hashable], *, weights=None, dropna: bool = True,
                match=None, strata=None, cluster=None, fpc=None, lonely_psu: str = "adjust",
                replicates: str | None = None) -> Comparison:
        """Two or more prediction columns against one reference column, with paired inference.

        The rows are counted once into the joint table; rows with a missing value in any of the columns are left
        out. ``match`` is applied to each prediction separately. ``strata``, ``cluster``, ``fpc``, ``lonely_psu``
        and ``replicates`` make the rows a complex sample, as in the accessor's call: every value and every paired
        difference gets a design-based interval (the PSUs' tables of the joint table) with its design effect.

        Returns
        -------
        pandas_agree.Comparison

        Examples
        --------
        >>> import pandas_agree as pa
        >>> df = pa.datasets.load("wine_predictions")
        >>> comparison = df.agree.compare("cultivar", ["knn", "logistic"])
        >>> comparison.names
        ['knn', 'logistic']
        """
        return compare(self._df, reference, predictions, weights=weights, dropna=dropna, match=match, strata=strata,
                       cluster=cluster, fpc=fpc, lonely_psu=lonely_psu, replicates=replicates)

    @validate_options
    def scores(self, actual: Hashable, score, *, positive=None, weights=None, labels: Sequence | None = None,
               strata=None, cluster=None, fpc=None, lonely_psu: str = "adjust",
               replicates: str | None = None) -> Scores:
        """A score against a reference column (``positive=`` the label it speaks for), or class probabilities
        (a list of columns, one per label in the order of the labels): ROC AUC with DeLong's interval, average
        precision, the ROC curve and the measures at each threshold (:class:`~pandas_agree.Scores`).

        ``weights`` are frequency weights; ``strata``, ``cluster``, ``fpc``, ``lonely_psu`` and ``replicates`` make
        the rows a complex sample, as in the accessor's call (every SE design-based).

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> df = pd.DataFrame({"y": ["no", "no", "yes", "yes"], "s": [0.1, 0.4, 0.35, 0.8]})
        >>> df.agree.scores("y", "s", positive="yes").values("AUC")
             value
        AUC   0.75
        """
        many = isinstance(score, (list, tuple))
        names = list(score) if many else [score]
        columns = [column(self._df, c, "score") for c in names]
        design = {name: column_or_values(self._df, value, name)
                  for name, value in zip(DESIGN_COLUMNS, (strata, cluster, fpc), strict=True)}
        return score_analysis(column(self._df, actual, "actual"), columns if many else columns[0],
                              positive=positive, weights=column_or_values(self._df, weights, "weights"),
                              labels=labels, names=(actual, names), lonely_psu=lonely_psu, replicates=replicates,
                              **design)

    @validate_options
    def compare_scores(self, actual: Hashable, scores: Sequence[Hashable], *, positive=None, weights=None,
                       labels: Sequence | None = None, strata=None, cluster=None, fpc=None,
                       lonely_psu: str = "adjust", replicates: str | None = None) -> ScoreComparison:
        """Two or more score columns of the same objects against one reference: paired differences of their AUCs
        (and other statistics) and DeLong's paired test (:class:`~pandas_agree.ScoreComparison`).

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> df = pd.DataFrame({"y": [0, 0, 1, 1, 0, 1], "a": [0.1, 0.4, 0.35, 0.8, 0.2, 0.9],
        ...                    "b": [0.3, 0.2, 0.6, 0.7, 0.1, 0.5]})
        >>> df.agree.compare_scores("y", ["a", "b"]).tests()["pvalue"].round(4).tolist()
        [0.4795]
        """
        if isinstance(scores, (str, bytes)) or not pd.api.types.is_list_like(scores):
            raise TypeError(f"scores must be a list of score columns; got {scores!r}")
        names = list(scores)
        design = {name: column_or_values(self._df, value, name)
                  for name, value in zip(DESIGN_COLUMNS, (strata, cluster, fpc), strict=True)}
        return score_comparison(column(self._df, actual, "actual"), [column(self._df, c, "scores") for c in names],
                                positive=positive, weights=column_or_values(self._df, weights, "weights"),
                                labels=labels, names=(actual, names), lonely_psu=lonely_psu, replicates=replicates,
                                **design)


def _values(frame: pd.DataFrame, value, name: str):
    """A table option's values for every row of ``frame`` (a column's, or an array's as given), or None."""
    value = column_or_values(frame, value, name)
    if value is None:
        return None
    return np.asarray(value) if not isinstance(value, pd.Series) else value.to_numpy()


def _grouped_report(frame: pd.DataFrame, actual, pred, by, table_options: dict, options: dict) -> AgreementReport:
    """The report of all rows, with one report per value of the column ``by``."""
    keys = column(frame, by, "by")
    named = table_options.get("weights")
    weights_by = named if named is not None and is_column_name(frame, named) else None
    for name in ("weights", *DESIGN_COLUMNS):
        if name in table_options:
            table_options = {**table_options, name: aligned(frame, table_options[name], name)}
    everything = frame.agree(actual, pred, **table_options)
    design = {name: _values(frame, table_options.get(name), name) for name in DESIGN_COLUMNS}
    weights = _values(frame, table_options.get("weights"), "weights")
    a, p = column(frame, actual, "actual"), column(frame, pred, "pred")
    rest = {k: v for k, v in table_options.items() if k not in ("weights", *DESIGN_COLUMNS)}
    rest["weights_by"] = weights_by
    if everything.mapping is not None:  # one matching for every group: that of all the rows
        rest = {**rest, "match": None, "assignment": everything.pairs()}

    def build(rows):
        if everything.design is None:
            return from_labels(a.iloc[rows], p.iloc[rows], weights=None if weights is None else weights[rows],
                               names=("actual", "pred"), kind=Agreement, **rest)
        # each group is a domain of the whole sample: its PSUs and strata stay
        domain = np.zeros(len(frame), dtype=bool)
        domain[rows] = True
        return from_labels(a.iloc[rows], p.iloc[rows], weights=None if weights is None else weights[rows],
                           names=("actual", "pred"), domain=domain, kind=Agreement, **design, **rest)

    positions = group_rows(keys)  # in pandas' order: a categorical's categories, else sorted

    return assemble_grouped(everything, {value: (lambda rows=rows: build(rows)) for value, rows in positions.items()},
                            by, int(keys.isna().sum()), options)
