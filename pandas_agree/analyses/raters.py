"""Several raters: Fleiss, Conger, Gwet's AC1 (AC2), Krippendorff's alpha, Light's kappa and percent agreement.

The ratings are held as a subjects × raters matrix of category codes. Every coefficient is a function of sums
over subjects of subject-level quantities (how many raters chose each category, pairwise agreement, each
rater's choice, coincidences), so one matrix product with the subject weights gives the coefficients, and a
matrix of resampled subject weights gives B bootstrap replicates at once.

With a sample design (``strata=``, ``cluster=``, ``fpc=``) the subjects are the rows of a complex sample: each
subject belongs to a cluster (PSU) nested in its stratum, and the weights are sampling weights. The vector of the
patterns' weights is then the table whose PSU tables the design holds (each subject counted in its PSU at its
pattern), so the design's influences, variance, degrees of freedom and replicates
(:mod:`pandas_agree.inference.design`) apply to every coefficient as they do to the measures of a crosstab.
"""

from __future__ import annotations

import warnings
from collections.abc import Hashable, Mapping, Sequence

import numpy as np
import pandas as pd

from ..base.frames import column, column_or_values, require_frame
from ..base.options import validate_options
from ..base.rounding import rounded_text
from ..base.spelling import on_command_line, option_named, option_set
from ..base.steps import RELATIVE_STEP
from ..base.text import in_words, shown, shown_list
from ..base.undefined import UndefinedMeasureWarning, divide, external_stacklevel, undefined_because, warn_undefined
from ..engine.cells import native_rows
from ..engine.crosstab import as_label_series, design_codes, validate_weights
from ..engine.design import DesignColumns, check_replicates, merge_units, unit_tables
from ..engine.labels import difference_labels, positions_of, sorted_labels, taken, unique_labels
from ..engine.native import engine_of, lazy_frame
from ..engine.ratings import RatingCounts, category_order, count_ratings, distinct_rows
from ..inference.analytic import interval_notes
from ..inference.delta import linearised_variance
from ..inference.design import SampleDesign
from ..inference.distributions import two_sided_p
from ..inference.estimands import Estimand
from ..inference.estimates import IntervalOptions, interval_options, small_sample, within
from ..inference.intervals import estimate
from ..inference.linearised import linearised
from ..inference.tests import SIDES, against_null
from ..measures.bands import interpret
from ..measures.parameters import check_parameters_used
from ..measures.raters import Scale, alpha_weighted, light_kappas, rater_values, subject_features
from ..measures.registry import RATERS, REGISTRY, Setting, notes_of, records, resolve
from ..measures.weights import agreement_weights
from .agreement import Agreement
from .merge import check_batch_design, fixed_union, merged_label_order, same_labels
from .order import numbers, ordered_categorical, warn_label_order
from .reports import build_report

__all__ = ["RaterAgreement", "rater_columns", "weighted_codes"]

ANALYTIC = tuple(m.code for m in records("rater") if m.interval.analytic)  # Gwet (2014) linearised variances
MOVED_PATTERNS = 4096  # patterns moved at a time for the gradients of a sample design's linearisation


class RaterAgreement:
    """Agreement among several raters who rated the same subjects on one nominal (or ordinal) scale.

    Build one with ``df.agree.raters(columns)`` (wide data: one row per subject, one column per rater, missing
    ratings allowed), :meth:`from_long` or, for a table of any engine, :meth:`from_frame`; analyses of disjoint
    subjects add up (``a + b``, :meth:`combine`, :meth:`update`). As in Gwet (2014) and irrCAC, observed agreement
    is averaged over the subjects with two or more ratings, and the category shares (chance agreement) over every
    subject with a rating; ``n_dropped`` counts the subjects left out of observed agreement.

    Parameters
    ----------
    ratings : pandas.DataFrame, or a table of another engine
        One row per subject, one column per rater. A Polars, PyArrow, DuckDB, Ibis, PySpark or Dask table (every
        column a rater) has its rating patterns counted by its engine; :meth:`from_frame` names the rater columns
        and the weights' and design's columns of such a table.
    labels : list, optional
        The rating categories and their order (they must list every observed rating).
    weights : array_like, optional
        One weight per subject: frequency weights, or sampling weights with a sample design.
    strata, cluster, fpc : array_like, optional
        A complex sample's design, one value per subject (row): the stratum, the cluster (primary sampling unit,
        nested in its stratum; without it every subject is its own PSU) and each stratum's finite population
        correction (its population number of PSUs, or the sampling fraction of its PSUs). Every interval is then
        design-based: linearised over the PSUs' totals within strata (Gwet's SEs, which take the subjects as
        independent draws, are not used), Student's t on PSUs − strata degrees of freedom, and the design effect
        (column "deff") beside each SE. A subject left out (no rating, a missing or zero weight) stays in its
        PSU, as in domain estimation.
    lonely_psu : {"adjust", "remove", "fail"}, default "adjust"
        What a stratum with a single PSU contributes to the variance, as R's ``survey.lonely.psu``.
    replicates : {None, "jackknife", "bootstrap"}, optional
        With a sample design: the variance from the delete-one-PSU jackknife or Rao and Wu's rescaling bootstrap
        instead of linearisation (``ci="bootstrap"`` means the latter).
    frequencies : array_like, optional
        How many subjects each row stands for (positive integers), for rows that are distinct rating patterns with
        their numbers of subjects, as a ``GROUP BY`` of the ratings gives them: every value, count and rule (two
        subjects in common for a pair of raters) is that of the rows repeated. ``weights`` are then each
        pattern's sum of the subjects' weights. No sample design with it.

    Attributes
    ----------
    categories : pandas.Index
        The rating categories, in order.
    raters : pandas.Index
        The rater columns.
    n_subjects, n_dropped, n_missing : int
        Subjects read; subjects left out of observed agreement (fewer than two ratings, or a missing or zero
        weight); missing ratings.
    counts : pandas.DataFrame
        Subjects × categories: how many raters chose each category (subjects with two or more ratings).
    distribution : pandas.DataFrame
        Raters × categories: how many subjects each rater put in each category (every subject with a weight).
    design : dict or None
        The sample design in numbers (strata, PSUs, degrees of freedom), None without one.
    weighted : bool
        Whether the subjects were weighted.

    Examples
    --------
    >>> import pandas_agree as pa
    >>> df = pa.datasets.load("diagnoses")
    >>> ra = df.agree.raters([f"rater{k}" for k in range(1, 7)])
    >>> print(f"{ra.summary(['FLEISS']).loc['FLEISS', 'value']:.3f}")
    0.430
    """

    @validate_options
    def __init__(self, ratings: pd.DataFrame, *, labels: Sequence | None = None, weights=None, strata=None,
                 cluster=None, fpc=None, lonely_psu: str = "adjust", replicates: str | None = None,
                 frequencies=None) -> None:
        if isinstance(labels, Mapping):
            raise TypeError("labels: the raters rate into one set of categories, so labels= is one list of them in "
                            "their order; a dict of labels by variable is for a crosstab of two variables")
        if not isinstance(ratings, pd.DataFrame) and engine_of(ratings) is not None:
            # a table of another engine: its rating patterns counted there (every column a rater)
            given = [name for name, x in (("weights", weights), ("strata", strata), ("cluster", cluster),
                                          ("fpc", fpc), ("frequencies", frequencies)) if x is not None]
            if given:
                raise TypeError(f"{given[0]}: on a {engine_of(ratings)} table give the columns by name with "
                                "pandas_agree.RaterAgreement.from_frame(frame, columns, weights=..., ...)")
            names = list(lazy_frame(ratings).collect_schema())
            values, frequencies, _ = native_rows(ratings, names, names=[f"columns[{i}]" for i in range(len(names))])
            ratings = pd.concat({c: values.iloc[:, i] for i, c in enumerate(names)}, axis=1)
        self._count(ratings, labels=labels, weights=weights, strata=strata, cluster=cluster, fpc=fpc,
                    lonely_psu=lonely_psu, replicates=replicates, frequencies=frequencies)

    def _count(self, ratings, *, labels, weights, strata, cluster, fpc, lonely_psu, replicates, frequencies,
               batch: bool = False) -> None:
        """Count the subjects of ``ratings`` (the constructor's arguments); a ``batch`` (:meth:`update`) may have no
        subject rated twice and no rating at all, since the ratings it is added to may."""
        if not isinstance(ratings, pd.DataFrame):
            raise TypeError(f"ratings must be a DataFrame (subjects × raters); got {type(ratings).__name__}")
        if ratings.shape[1] < 2:
            raise ValueError(f"at least two raters (columns) are needed; got {ratings.shape[1]}")
        if ratings.columns.has_duplicates:
            raise ValueError("rater columns must be distinct")
        if len(ratings) == 0:
            shown = ", ".join(map(str, ratings.columns[:8])) + (", …" if ratings.shape[1] > 8 else "")
            raise ValueError(f"no rows to count: the rater columns ({shown}) are empty")
        columns = [ratings[c] for c in ratings.columns]
        try:
            categories = category_order(columns, labels)
        except TypeError as err:
            raise TypeError(f"ratings must be hashable values ({err})") from None
        if len(categories) == 0 and not batch:
            raise ValueError("no ratings: every rating is missing")
        clash = type_clash_note(categories)
        if clash and not batch:  # as an Agreement warns of labels that differ only in type
            warnings.warn(clash, UserWarning, stacklevel=external_stacklevel())
        n = len(ratings)
        rows_of = np.ones(n) if frequencies is None else _frequencies(frequencies, n)
        if frequencies is not None and any(x is not None for x in (strata, cluster, fpc)):
            raise ValueError("frequencies= (rows that stand for several subjects) takes no sample design: give one "
                             "row per subject with strata=, cluster= and fpc=")
        w = rows_of if weights is None else validate_weights(weights, n)  # a pattern's weight sums its subjects'
        subjects, keep = count_ratings(columns, categories, w)
        paired = keep & (subjects.counts.sum(axis=1) >= 2)
        if not paired.any() and not batch:
            raise ValueError("no subject has two or more ratings, so agreement is not defined")
        used = RatingCounts(subjects.codes[keep], subjects.counts[keep], w[keep])
        self._categories = categories
        self._labels = None if labels is None else categories  # the categories labels= fixed
        # whether the categories' order is a scale the data or the caller gave (numbers, ordered categoricals, labels=)
        self._ordered = labels is not None or numbers(categories) or all(ordered_categorical(c) for c in columns)
        self._raters = ratings.columns
        self._n_subjects = int(rows_of.sum())
        self._n_used = int(rows_of[paired].sum())
        self._n_single = int(rows_of[keep & ~paired].sum())
        self._n_missing = int((subjects.codes < 0).sum(axis=1) @ rows_of)
        self._n_dropped = self._n_subjects - self._n_used
        self._subjects = ratings.index[paired]
        self._subject_counts = subjects.counts[paired]
        self._weighted = weights is not None
        # every coefficient, variance and resample depends on a subject only through its ratings: the distinct
        # rating patterns, each with the summed weight of its subjects, give the same numbers with less work
        first, pattern = used.pattern_of()
        self._design = RatingCounts(used.codes[first], used.counts[first],
                                    np.bincount(pattern, weights=used.weights, minlength=len(first)))
        # the subjects of each pattern
        self._pattern_rows = np.bincount(pattern, weights=rows_of[keep], minlength=len(first)).astype(float)
        self._sample = None
        if any(x is not None for x in (strata, cluster, fpc)):
            # each subject counted in its PSU at its pattern: the PSU tables of the vector of patterns' weights
            columns = DesignColumns(*(None if x is None else as_label_series(x, name)
                                      for x, name in ((strata, "strata"), (cluster, "cluster"), (fpc, "fpc"))))
            cell = np.full(n, -1, dtype=np.int64)
            cell[keep] = pattern
            size = len(first)
            units = unit_tables(cell, None if weights is None else np.where(keep, w, 0.0), columns, (size, 1),
                                design_codes(columns))
            self._sample = SampleDesign(units, (size, 1), lonely_psu, replicates, table_shape=(size,))
        else:
            check_replicates(replicates, False)
        g, h = np.triu_indices(len(self._raters), 1)  # the pairs of raters, in the order of the "pairs" feature
        self._light_pairs = self._in_common()[g, h] >= 2

    @classmethod
    @validate_options
    def from_long(cls, data: pd.DataFrame, subject: Hashable, rater: Hashable, rating: Hashable, *,
                  labels: Sequence | None = None, strata=None, cluster=None, fpc=None) -> RaterAgreement:
        """From long data: one row per (subject, rater) with the rating.

        Long data take no weights and no sample design (``strata``, ``cluster`` and ``fpc`` are errors): pivot
        them to one row per subject and use ``df.agree.raters(columns, weights=..., strata=..., cluster=...)``.

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> long = pd.DataFrame({"s": [1, 1, 2, 2], "r": ["a", "b", "a", "b"], "y": ["x", "x", "y", "x"]})
        >>> pa.RaterAgreement.from_long(long, "s", "r", "y").n_subjects
        2
        """
        given = [name for name, x in (("strata", strata), ("cluster", cluster), ("fpc", fpc)) if x is not None]
        if given:
            if on_command_line():
                how = ("give the ratings one row per subject, one column per rater, beside the design's columns, and "
                       "name them with --columns and --strata, --cluster, --fpc")
            else:
                how = ("pivot them to one row per subject (DataFrame.pivot) with the design's columns and use "
                       "df.agree.raters(columns, strata=..., cluster=..., fpc=...)")
            raise ValueError(f"{given[0]}: long data ({'--long' if on_command_line() else 'from_long'}) take no "
                             f"sample design; {how}")
        require_frame(data, "data")
        for arg, col in (("subject", subject), ("rater", rater), ("rating", rating)):
            column(data, col, arg)
        return cls(_pivoted(data, subject, rater, rating), labels=labels)

    @classmethod
    @validate_options
    def from_frame(cls, frame, columns: Sequence[Hashable], *, labels: Sequence | None = None,
                   weights: Hashable | None = None, strata: Hashable | None = None, cluster: Hashable | None = None,
                   fpc: Hashable | None = None, lonely_psu: str = "adjust",
                   replicates: str | None = None) -> RaterAgreement:
        """Agreement among the raters ``columns`` of any dataframe, their rating patterns counted by the engine that
        holds the rows.

        A pandas DataFrame is read as ``df.agree.raters(columns, ...)`` reads it. A Polars DataFrame or LazyFrame,
        a PyArrow Table, a DuckDB relation, an Ibis table, a PySpark DataFrame or a Dask DataFrame is counted where
        it is: one group-by of the rater columns, with the number of subjects and the sum of the weights of each
        rating pattern, runs in its engine (through narwhals; :mod:`pandas_agree.engine.native`), and only the
        patterns come back, as rows with their numbers of subjects (``frequencies=``). Every coefficient, interval
        and count is that of the same rows in pandas: missing ratings (null, or NaN in a float column), ``labels=``
        and weights (missing or 0: the subject is left out) behave as there. :attr:`counts` has then a row per
        pattern, not per subject. Under a sample design (``strata``, ``cluster``, ``fpc``) each subject comes back
        as a row of its own (its ratings, design values and weight), since every row can be a PSU.

        Parameters
        ----------
        frame : dataframe
            pandas, Polars (eager or lazy), PyArrow, DuckDB, Ibis, PySpark or Dask: one row per subject.
        columns : list of column names
            The raters, two or more.
        labels, lonely_psu, replicates
            As for ``df.agree.raters``.
        weights, strata, cluster, fpc : column name, optional
            As for ``df.agree.raters``; on a frame other than pandas they must be column names.

        Returns
        -------
        RaterAgreement

        Examples
        --------
        >>> import pyarrow as pa
        >>> import pandas_agree
        >>> t = pa.table({"r1": ["a", "a", "b", "b"], "r2": ["a", "b", "b", None], "r3": ["a", "a", "b", "b"]})
        >>> ra = pandas_agree.RaterAgreement.from_frame(t, ["r1", "r2", "r3"])
        >>> ra.n_subjects, ra.n_missing
        (4, 1)
        >>> print(f"{ra.summary(['FLEISS']).loc['FLEISS', 'value']:.4f}")
        0.6571
        """
        columns = rater_columns(columns)
        options = {"labels": labels, "lonely_psu": lonely_psu, "replicates": replicates}
        given = {"weights": weights, "strata": strata, "cluster": cluster, "fpc": fpc}
        if isinstance(frame, pd.DataFrame):
            ratings = pd.concat({c: column(frame, c, "columns") for c in columns}, axis=1)
            return cls(ratings, **options, **{name: column_or_values(frame, value, name)
                                              for name, value in given.items()})
        if engine_of(frame) is None:
            raise TypeError(f"frame must be a dataframe (pandas, Polars, PyArrow, DuckDB, Ibis, PySpark or Dask); got "
                            f"{type(frame).__module__}.{type(frame).__name__}")
        for name, value in given.items():
            if value is not None and pd.api.types.is_list_like(value):
                raise TypeError(f"{name} must be a column name on a {engine_of(frame)} frame")
        design = {"strata": strata, "cluster": cluster, "fpc": fpc}
        values, rows, w = native_rows(frame, columns, weights=weights, design=design,
                                      names=[f"columns[{i}]" for i in range(len(columns))])
        # the rater columns named as the pandas path names them
        ratings = pd.concat({c: values.iloc[:, i] for i, c in enumerate(columns)}, axis=1)
        if any(v is not None for v in design.values()):  # a row per subject, with the design's values
            return cls(ratings, **options, weights=w, **{name: None if value is None else values[value]
                                                          for name, value in design.items()})
        return cls(ratings, **options, weights=w, frequencies=rows)

    # --- attributes --------------------------------------------------------------------------------------

    @property
    def categories(self) -> pd.Index:
        """The rating categories, in order."""
        return self._categories

    @property
    def raters(self) -> pd.Index:
        return self._raters

    @property
    def n_subjects(self) -> int:
        """Subjects read (rows)."""
        return self._n_subjects

    @property
    def n_dropped(self) -> int:
        """Subjects left out of observed agreement: fewer than two ratings, or a missing or zero weight (those rated
        once still count in the category shares)."""
        return self._n_dropped

    @property
    def n_missing(self) -> int:
        """Missing ratings (cells)."""
        return self._n_missing

    @property
    def counts(self) -> pd.DataFrame:
        """Subjects × categories: how many raters chose each category (subjects with two or more ratings)."""
        return pd.DataFrame(self._subject_counts, index=self._subjects, columns=self._categories)

    @property
    def distribution(self) -> pd.DataFrame:
        """Raters × categories: how many subjects each rater put in each category (every subject with a rating and
        a weight; with weights, the weight sum of those subjects).

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> df = pd.DataFrame({"r1": ["a", "a", "b"], "r2": ["a", "b", "b"]})
        >>> df.agree.raters(["r1", "r2"]).distribution
              a    b
        rater
        r1    2.0  1.0
        r2    1.0  2.0
        """
        codes, w, q = self._design.codes, self._design.weights, len(self._categories)
        shares = np.stack([np.bincount(codes[codes[:, g] >= 0, g], weights=w[codes[:, g] >= 0], minlength=q)
                           for g in range(codes.shape[1])])
        return pd.DataFrame(shares.astype(float), index=pd.Index(self._raters, name="rater"), columns=self._categories)

    @property
    def weight_used(self) -> float | None:
        """With ``weights``: the weight sum of the subjects used (two or more ratings), the number of subjects they
        stand for with frequency weights; None without weights.

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> df = pd.DataFrame({"r1": ["a", "a", "b"], "r2": ["a", "b", None], "w": [3, 2, 4]})
        >>> df.agree.raters(["r1", "r2"], weights="w").weight_used
        5.0
        """
        if not self._weighted:
            return None
        paired = self._design.counts.sum(axis=1) >= 2
        return float(self._design.weights[paired].sum())

    @property
    def weighted(self) -> bool:
        """Whether the subjects were weighted (frequency weights, or sampling weights with a sample design)."""
        return self._weighted

    @property
    def design(self) -> dict | None:
        """The sample design (with ``strata=``, ``cluster=`` or ``fpc=``): strata, PSUs, degrees of freedom, subjects
        counted, lonely-PSU strata; None without a design.

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> df = pd.DataFrame({"r1": list("aabbab"), "r2": list("abbbaa"), "team": [1, 1, 2, 2, 3, 3]})
        >>> d = df.agree.raters(["r1", "r2"], cluster="team").design
        >>> d["psus"], d["df"]
        (3, 2)
        """
        return None if self._sample is None else self._sample.summary()

    # --- counts that add up -----------------------------------------------------------------------------

    def combine(self, other: RaterAgreement) -> RaterAgreement:
        """The analysis of this analysis' subjects and those of ``other`` counted together (``a + b`` is
        ``a.combine(b)``, and ``sum(analyses)`` adds up several), as :meth:`pandas_agree.Crosstab.combine` adds up
        tables.

        The rating patterns add up over the union of the categories: in their sorted order where both analyses'
        categories were sorted (as one count of all the subjects sorts them), else this analysis' categories, then
        the other's new ones; ``labels=`` stays fixed (a rating outside them is the constructor's error). The
        subjects read, left out and the missing ratings add up too, and under a sample design the PSUs' tables are
        merged (a cluster met in both, in the same stratum, is one PSU). Every coefficient, interval and count then
        equals that of one analysis of all the subjects: exactly for whole-number weights.

        Parameters
        ----------
        other : RaterAgreement
            The analysis of other subjects, counted the same way: the same raters (columns, in the same order),
            both weighted or neither, the same ``labels=`` if any, and the same sample design (strata, clusters and
            ``fpc`` given for both or neither, with ``lonely_psu=`` and ``replicates=`` alike).

        Returns
        -------
        RaterAgreement
            A new analysis; the two added are unchanged.

        Raises
        ------
        TypeError
            For an object that is not a RaterAgreement.
        ValueError
            For analyses counted differently (the message names what differs).

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> df = pd.DataFrame({"r1": list("aabbc"), "r2": list("abbbc"), "r3": list("aabbb")})
        >>> both = df.iloc[:3].agree.raters(["r1", "r2", "r3"]) + df.iloc[3:].agree.raters(["r1", "r2", "r3"])
        >>> one = df.agree.raters(["r1", "r2", "r3"])
        >>> both.n_subjects, both.categories.tolist()
        (5, ['a', 'b', 'c'])
        >>> bool(both.summary(["FLEISS"]).equals(one.summary(["FLEISS"])))
        True
        """
        if not isinstance(other, RaterAgreement):
            raise TypeError(f"combine() takes a RaterAgreement, not a {type(other).__name__}")
        if not same_labels(self._raters, other._raters):
            raise ValueError(f"cannot add these rater analyses: the raters differ ({list(self._raters)} and "
                             f"{list(other._raters)}); only ratings by the same raters (columns) add up")
        if self._weighted != other._weighted:
            raise ValueError(f"cannot add these rater analyses: weighted differs ({self._weighted} and "
                             f"{other._weighted}); weights do not add up with counts of subjects")
        if (self._sample is None) != (other._sample is None):
            raise ValueError(f"cannot add these rater analyses: the {'first' if self._sample is not None else 'second'}"
                             " has a sample design (strata=, cluster=, fpc=) and the other none; only counts of one "
                             "design add up")
        if self._sample is not None:
            for what, x, y in (("lonely_psu", self._sample.lonely_psu, other._sample.lonely_psu),
                               ("replicates", self._sample.replicates_kind, other._sample.replicates_kind)):
                if x != y:
                    raise ValueError(f"cannot add these rater analyses: {what} differs ({x!r} and {y!r})")
        fixed = fixed_union(self._labels, other._labels, [self._categories, other._categories])
        categories = fixed if fixed is not None else merged_label_order(self._categories, other._categories)
        merged = object.__new__(type(self))
        merged.__dict__.update(self.__dict__)
        codes, counts, weights, rows = [], [], [], []
        for part in (self, other):
            at = positions_of(part._categories, categories)
            own = part._design.codes
            codes.append(np.where(own >= 0, at[np.maximum(own, 0)], -1))
            moved = np.zeros((len(own), len(categories)))
            moved[:, at] = part._design.counts
            counts.append(moved)
            weights.append(part._design.weights)
            rows.append(part._pattern_rows)
        codes = np.concatenate(codes)
        first, pattern = distinct_rows(codes, len(categories))
        merged._design = RatingCounts(codes[first], np.concatenate(counts)[first],
                                      np.bincount(pattern, weights=np.concatenate(weights), minlength=len(first)))
        merged._pattern_rows = np.bincount(pattern, weights=np.concatenate(rows), minlength=len(first))
        merged._categories, merged._labels = categories, fixed
        merged._ordered = fixed is not None or numbers(categories) or (self._ordered and other._ordered)
        for count in ("_n_subjects", "_n_used", "_n_single", "_n_missing", "_n_dropped"):
            setattr(merged, count, getattr(self, count) + getattr(other, count))
        merged._subjects = self._subjects.append(other._subjects)
        subject_counts = np.zeros((len(merged._subjects), len(categories)))
        subject_counts[:len(self._subjects), positions_of(self._categories, categories)] = self._subject_counts
        subject_counts[len(self._subjects):, positions_of(other._categories, categories)] = other._subject_counts
        merged._subject_counts = subject_counts
        if self._sample is not None:
            size = len(first)
            na = len(self._design.codes)
            units = merge_units(self._sample.units, other._sample.units, (pattern[:na], np.zeros(1, dtype=np.int64)),
                                (pattern[na:], np.zeros(1, dtype=np.int64)), (size, 1))
            merged._sample = SampleDesign(units, (size, 1), self._sample.lonely_psu, self._sample.replicates_kind,
                                          table_shape=(size,))
        g, h = np.triu_indices(len(merged._raters), 1)
        merged._light_pairs = merged._in_common()[g, h] >= 2
        return merged

    def __add__(self, other):
        if not isinstance(other, RaterAgreement):
            return NotImplemented
        return self.combine(other)

    def __radd__(self, other):
        if isinstance(other, int) and other == 0:  # sum() of analyses starts from 0
            return self
        return NotImplemented

    @validate_options
    def update(self, ratings: pd.DataFrame, *, weights=None, strata=None, cluster=None, fpc=None) -> RaterAgreement:
        """Add a batch of subjects to the analysis, in place, and return it (as :meth:`pandas_agree.Crosstab.update`
        adds rows to a table).

        The batch is counted as the analysis' own subjects were (the same ``labels=``: a rating outside them is the
        constructor's error) and merged as :meth:`combine` merges; a batch may hold subjects rated once only, or
        none rated at all. Every value computed afterwards is that of all the subjects added so far.

        Parameters
        ----------
        ratings : pandas.DataFrame
            One row per subject, with a column for every rater of the analysis (other columns are not read).
        weights : array_like, optional
            The batch's weights; needed when the analysis is weighted, and an error when it is not.
        strata, cluster, fpc : array_like, optional
            The batch's sample design, one value per subject: needed (the same ones) when the analysis has a sample
            design.

        Returns
        -------
        RaterAgreement
            This analysis, updated.

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> ra = pd.DataFrame({"r1": ["a", "b"], "r2": ["a", "a"]}).agree.raters(["r1", "r2"])
        >>> ra.update(pd.DataFrame({"r1": ["b", "c"], "r2": ["b", None]})).n_subjects
        4
        >>> ra.categories.tolist(), ra.n_missing
        (['a', 'b', 'c'], 1)
        """
        if not isinstance(ratings, pd.DataFrame):
            raise TypeError(f"ratings must be a DataFrame with the rater columns; got {type(ratings).__name__}")
        lacking = difference_labels(self._raters, ratings.columns)
        if len(lacking):
            raise ValueError(f"ratings: the batch lacks the rater column(s) {list(lacking)}; it needs the columns "
                             f"{list(self._raters)}")
        if (weights is None) == self._weighted:
            raise ValueError("weights: the analysis is weighted, so each batch needs its weights" if self._weighted
                             else "weights: the analysis is not weighted; a batch with weights would add weights to "
                             "counts of subjects")
        design = {"strata": strata, "cluster": cluster, "fpc": fpc}
        check_batch_design(None if self._sample is None else self._sample.units, design, "the analysis",
                           "the analysis'")
        batch = object.__new__(type(self))
        at = [ratings.columns.get_loc(c) for c in self._raters]
        frame = ratings.iloc[:, at].set_axis(self._raters, axis=1)
        sampled = self._sample is not None
        batch._count(frame, labels=self._labels, weights=weights, frequencies=None,
                     lonely_psu=self._sample.lonely_psu if sampled else "adjust",
                     replicates=self._sample.replicates_kind if sampled else None, batch=True,
                     **(design if sampled else dict.fromkeys(design)))
        merged = self.combine(batch)
        self.__dict__.clear()
        self.__dict__.update(merged.__dict__)
        return self

    def __repr__(self) -> str:
        return (f"<RaterAgreement: {self._n_used} subjects, {len(self._raters)} raters, {len(self._categories)} "
                "categories>")

    # --- coefficients --------------------------------------------------------------------------------------

    def _in_common(self) -> np.ndarray:
        """Raters × raters: how many subjects (rows with a weight) both rated; the diagonal: how many each rated.
        A subject counts once whatever its weight, so that scaling the weights changes nothing."""
        rated = (self._design.codes >= 0).astype(float)
        return rated.T @ (rated * self._pattern_rows[:, None])

    def _scale(self, weights: np.ndarray, level: str) -> Scale:
        """The scale of a call: Light's kappa averages the pairs of raters with two or more subjects in common
        (the same pairs in every resample); under a sample design, Krippendorff's small-sample factor reads the
        pairable values of the sample (:class:`~pandas_agree.measures.raters.Scale`)."""
        values = None
        if self._sample is not None:
            ratings = self._design.counts.sum(axis=1)
            values = float(self._pattern_rows @ np.where(ratings >= 2, ratings, 0))
        return Scale(self._categories, weights, level, pairs=self._light_pairs, values=values)

    def _blocks(self, chosen: list[str], weights: np.ndarray, level: str) -> dict[str, np.ndarray]:
        """Subject-level features (one row per subject) whose weighted sums give the coefficients."""
        return subject_features(self._design.codes, self._design.counts, weights, [RATERS[c] for c in chosen])

    def _coefficients(self, sums: dict[str, np.ndarray], chosen: list[str], weights: np.ndarray,
                      level: str) -> dict[str, np.ndarray]:
        """Coefficients from weighted subject sums (leading axis: resamples)."""
        return rater_values(sums, [RATERS[c] for c in chosen], self._scale(weights, level))

    def _estimate(self, chosen: list[str], weights: np.ndarray, level: str):
        blocks = self._blocks(chosen, weights, level)
        w = self._design.weights
        sums = {k: w @ v for k, v in blocks.items()}
        return blocks, sums, self._coefficients(sums, chosen, weights, level)

    @validate_options
    def summary(self, measures: Sequence[str] | None = None, *, ci: str | None = None,
                confidence_level: float = 0.95, kappa_weights=None, level: str = "nominal",
                bands: str = "landis-koch", n_resamples: int = 2000, bootstrap_method: str = "percentile",
                random_state=None) -> pd.DataFrame:
        """The coefficients of agreement among the raters.

        Parameters
        ----------
        measures : list of str, optional
            Any of FLEISS, CONGER, AC1, ALPHA, LIGHT, PO (all by default).
        ci : {None, "auto", "wilson", "clopper-pearson", "agresti-coull", "jeffreys", "normal", "linearized", \
"bootstrap"}
            "auto" (and the binomial method names, which concern single proportions and so change nothing here):
            Gwet's (2014) linearised variance, irrCAC's SE, for FLEISS, CONGER, AC1, ALPHA and PO, and the
            delta method over subjects for LIGHT and for ALPHA at the ordinal level (whatever the number of
            distinct rating patterns: its cost grows linearly with them); with fewer than 200 subjects, where the
            linearised intervals cover too little, the linearised SE with the interval of the BCa bootstrap over
            subjects (a note says so). "linearized": the delta method for every coefficient (its SE differs from
            Gwet's by the divisor, n against n − 1, and where some subjects are rated once; see the notes on
            several raters). "bootstrap": the bootstrap (with ``bootstrap_method``) for
            every coefficient. With a sample design every method gives the design's intervals (Rao and Wu's
            bootstrap for "bootstrap").
        kappa_weights : {"linear", "quadratic"} or matrix, optional
            Agreement weights w over the ordered categories for FLEISS, CONGER, AC1 (then Gwet's AC2, in the row
            AC1), ALPHA (Krippendorff's disagreement 1 − w_kl, as for two classifications), LIGHT, BPK and PO.
        level : {"nominal", "ordinal", "interval", "ratio"}
            Krippendorff's level of measurement for ALPHA (interval and ratio need numeric ratings). A level other
            than "nominal" sets ALPHA's differences itself: ``kappa_weights`` then weight the other coefficients
            and not ALPHA (a note says so).
        bands, confidence_level, n_resamples, bootstrap_method, random_state
            As in :meth:`pandas_agree.Agreement.multiclass`; the bootstrap resamples subjects (a multinomial draw
            over the subjects' weights), and "bca" takes its acceleration from the jackknife over subjects.

        Returns
        -------
        pandas.DataFrame
            Index: the codes; columns "value", with ``ci`` also "se", "lower", "upper" (with a sample design
            "deff", the design effect) and "method", and "interpretation".

        Examples
        --------
        >>> import pandas_agree as pa
        >>> df = pa.datasets.load("diagnoses")
        >>> ra = df.agree.raters([f"rater{k}" for k in range(1, 7)])
        >>> s = ra.summary(["FLEISS", "AC1"], ci="auto", random_state=0)
        >>> s[["value", "se", "lower", "upper"]].round(3)
                value     se  lower  upper
        FLEISS  0.430  0.054  0.340  0.558
        AC1     0.448  0.056  0.354  0.571
        >>> s.loc["FLEISS", "method"]  # 30 subjects: Gwet's SE, the interval of the BCa bootstrap
        'Gwet linearised SE, bootstrap over subjects, bca (B = 2000, random_state = 0) interval'
        """
        chosen = _resolve(measures)
        check_parameters_used([RATERS[code] for code in chosen],
                              {"kappa_weights": kappa_weights, "level": None if level == "nominal" else level}, "rater")
        if kappa_weights is not None and level != "nominal" and not weighted_codes(chosen, True, level):
            given = (option_set("kappa_weights", kappa_weights) if isinstance(kappa_weights, str) else
                     f"{option_named('kappa_weights')} given" if on_command_line() else "kappa_weights=given")
            raise ValueError(f"{given} is not used by the measures asked for ({', '.join(chosen)}): "
                             f"{option_set('level', level)} sets Krippendorff's alpha's differences, so the agreement "
                             "weights apply to ALPHA at the nominal level only; ask for FLEISS, CONGER, AC1, LIGHT, "
                             f"BPK or PO, or leave {option_named('kappa_weights')} out")
        q = len(self._categories)
        weights = np.eye(q) if kappa_weights is None else agreement_weights(kappa_weights, q, self._categories)
        if not self._ordered and q > 2:
            scaled = (weighted_codes(chosen, True, level)
                      if kappa_weights is not None and not isinstance(kappa_weights, pd.DataFrame) else [])
            scaled += ["ALPHA"] if level == "ordinal" and "ALPHA" in chosen else []
            if scaled:
                warn_label_order(f"The coefficients {in_words(scaled)}", shown_list(self._categories, most=6,
                                                                                       separator=" < "))
        blocks, sums, values = self._estimate(chosen, weights, level)
        values = {code: float(values[code]) for code in chosen}
        warn_undefined({code: None for code, v in values.items() if np.isnan(v)})
        # every column at once: a frame built column by column costs more than the coefficients of a small study
        columns = {"value": pd.Series(values, dtype=float)}
        opts = interval_options(ci, confidence_level, n_resamples, bootstrap_method, random_state, "multinomial",
                                self._sample)
        if opts is not None:
            estimates = self._intervals(chosen, values, blocks, sums, weights, level, opts)
            stats = ("se", "lower", "upper", *(("deff",) if self._sample is not None else ()))
            for column in stats:
                columns[column] = np.array([getattr(estimates[code], column) for code in chosen], dtype=float)
            columns["method"] = [estimates[code].method for code in chosen]
        # NaN (not None) where there is no band, so the column prints alike on every pandas
        kappa_like = [c for c in chosen if RATERS[c].kappa_like]
        band = dict(zip(kappa_like, interpret([values[c] for c in kappa_like], bands), strict=True))
        columns["interpretation"] = [band.get(c) or np.nan for c in chosen]
        out = pd.DataFrame(columns)
        light = self._light_notes(sums, weights, level) if "LIGHT" in chosen else []
        for note in light:  # the pairs whose kappa is undefined, as pairwise() warns of them
            warnings.warn(note, UndefinedMeasureWarning, stacklevel=external_stacklevel())
        out.attrs["notes"] = self._notes(chosen, kappa_weights, level) + light + (
            self._design_notes(opts) + interval_notes(estimates) if opts is not None else [])
        return out

    def _pair_names(self, first: np.ndarray, second: np.ndarray, limit: int = 8) -> str:
        """"r1–r3, r2–r2, …": pairs of raters by their positions (a rater with itself where they are equal)."""
        names = [f"{self._raters[g]}–{self._raters[h]}" for g, h in zip(first, second, strict=True)]
        return ", ".join(names[:limit]) + (f" and {len(names) - limit} more" if len(names) > limit else "")

    def _light_notes(self, sums, weights, level) -> list[str]:
        """Which pairs of raters Light's kappa leaves out, and why."""
        kappas = light_kappas(sums, self._scale(weights, level))
        g, h = np.triu_indices(len(self._raters), 1)
        few, undefined = ~self._light_pairs, self._light_pairs & np.isnan(kappas)
        if not (few.any() or undefined.any()):
            return []
        why = []
        if few.any():
            why.append(f"{self._pair_names(g[few], h[few])} (fewer than two subjects rated by both)")
        if undefined.any():
            why.append(f"{self._pair_names(g[undefined], h[undefined])} (their kappa is 0/0: chance agreement 1 on "
                       "the subjects both rated)")
        used = int((~np.isnan(kappas)).sum())
        return [f"LIGHT is the mean of the Cohen's kappas of {used} of {len(kappas)} pairs of raters; left out: "
                + "; ".join(why) + "."]

    def _design_notes(self, opts: IntervalOptions) -> list[str]:
        """What the intervals of a sample design are."""
        if self._sample is None:
            return []
        design = self._sample.summary()
        kind = "bootstrap" if opts.ci == "bootstrap" else design["replicates"]
        correction = ", with the finite population correction" if design["fpc"] else ""
        how = {None: f"linearised over the PSUs' totals within strata (the with-replacement estimator{correction})",
               "jackknife": f"that of the delete-one-PSU jackknife (JKn{correction})",
               "bootstrap": f"that of Rao and Wu's rescaling bootstrap over PSUs within strata{correction}"}[kind]
        return [f"Sample design: the variance of every coefficient is {how}, with Student's t on {design['df']} "
                "degrees of freedom (PSUs − strata); Gwet's SEs, which take the subjects as independent draws, are "
                "not used. The design effect (DEFF) is the variance over that of as many subjects drawn at random."]

    def _notes(self, chosen: list[str], kappa_weights, level: str) -> list[str]:
        notes = []
        if self._n_dropped:
            notes.append(f"{self._n_dropped} of {self._n_subjects} subjects had fewer than two ratings (or no "
                         "weight) and were left out of observed agreement"
                         + (f"; the {self._n_single} rated once count in the category shares (Gwet 2014)."
                            if self._n_single else "."))
        if self._n_missing:
            notes.append("1 rating was missing." if self._n_missing == 1 else
                         f"{self._n_missing} ratings were missing.")
        clash = type_clash_note(self._categories)
        notes += [clash] if clash else []
        setting = Setting(weighted=kappa_weights is not None, level=level)
        return notes + [text for text, _, _ in notes_of([RATERS[c] for c in chosen], setting)]

    def _intervals(self, chosen, values, blocks, sums, weights, level, opts: IntervalOptions) -> dict:
        """Estimates of the coefficients (:class:`RaterCoefficients`): Gwet's linearised variance where there is one
        (unless ci="bootstrap"), else the bootstrap over subjects."""
        return estimate(RaterCoefficients(self, chosen, values, blocks, sums, weights, level, opts), opts)

    def _linearised_se(self, code, blocks, sums, weights, level) -> float | None:
        """Gwet's (2014) linearised SE over the subjects, each weighted by its weight (divisor W − 1); the subjects
        whose derivatives are NaN take no part (those rated once, for ALPHA). None where the coefficient has no
        such variance at this level."""
        gradient = RATERS[code].interval.gradient(blocks, sums, self._scale(weights, level))
        if gradient is None:
            return None
        pa, pe, d_pa, d_pe = gradient
        d_pe = np.broadcast_to(d_pe, np.shape(d_pa))
        part = ~(np.isnan(d_pa) | np.isnan(d_pe))
        return linearised(pa, pe, d_pa[part], d_pe[part], self._design.weights[part], ddof=1)[1]

    # --- other views -----------------------------------------------------------------------------------

    @validate_options
    def pairwise(self, measure: str = "KAPPA", *, kappa_weights=None) -> pd.DataFrame:
        """A two-rater multiclass measure for every pair of raters (subjects rated by both).

        With ``kappa_weights`` (agreement weights over the ordered categories, as in :meth:`summary`) a measure
        with a weighted form takes them: ``pairwise("KAPPA_W", kappa_weights=...)`` gives the weighted Cohen's
        kappas whose mean over the pairs is the weighted Light's kappa (LIGHT of :meth:`summary` with the same
        weights); KAPPA, which has no weighted form, is then an error naming KAPPA_W.

        A pair of raters with fewer than two subjects in common (and a rater with itself who rated fewer than two)
        has no value: NaN, as where the measure is 0/0 on the pair's table; one
        :class:`~pandas_agree.UndefinedMeasureWarning` names those pairs and why, and ``attrs["notes"]`` says
        it. Subjects are counted as rows with a weight: a subject counts once whatever its weight.

        Examples
        --------
        >>> import pandas_agree as pa
        >>> ra = pa.datasets.load("anxiety").agree.raters(["rater1", "rater2", "rater3"])
        >>> ra.pairwise("OSR").round(2)
                rater1  rater2  rater3
        rater1    1.00     0.3    0.05
        rater2    0.30     1.0    0.20
        rater3    0.05     0.2    1.00
        """
        code = resolve([measure], "multiclass", default=bool, argument="measure")[0].code
        codes = self._design.codes
        m, q = codes.shape[1], len(self._categories)
        check_parameters_used([REGISTRY[code]], {"kappa_weights": kappa_weights}, "multiclass")
        weights = None if kappa_weights is None else agreement_weights(kappa_weights, q, self._categories)
        in_common = self._in_common()
        out = np.full((m, m), np.nan)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for g in range(m):
                for h in range(m):
                    if not in_common[g, h] >= 2:
                        continue
                    both = (codes[:, g] >= 0) & (codes[:, h] >= 0)
                    cells = np.bincount(codes[both, g] * q + codes[both, h], weights=self._design.weights[both],
                                        minlength=q * q).reshape(q, q)
                    table = pd.DataFrame(cells, index=self._categories, columns=self._categories)
                    out[g, h] = Agreement.from_table(table).multiclass([code], kappa_weights=weights)["value"].iloc[0]
        frame = pd.DataFrame(out, index=self._raters, columns=self._raters)
        few = np.triu(in_common < 2)
        undefined = np.triu(~(in_common < 2) & (np.isnan(out) | np.isnan(out.T)))
        why = []
        if few.any():
            why.append(f"{self._pair_names(*np.nonzero(few))} rated fewer than two subjects in common")
        if undefined.any():
            why.append(f"for {self._pair_names(*np.nonzero(undefined))}, {code} is 0/0 on the subjects both rated")
        frame.attrs["notes"] = []
        if why:
            message = undefined_because(f"pairwise {code}", "; ".join(why)) + "."
            frame.attrs["notes"] = [message]
            warnings.warn(message, UndefinedMeasureWarning, stacklevel=external_stacklevel())
        return frame

    def by_category(self) -> pd.DataFrame:
        """Fleiss' (1971) kappa of each category (that category against the others), with its SE under H0
        (Fleiss, Nee & Landis 1979), z and two-sided p-value; under a sample design the kappas alone (the SE under
        H0 takes the subjects as independent draws: se, z and pvalue are NaN).

        A category's kappa is NaN (with its SE, z and p) where it is 0/0: a category no rater chose, or one that
        every rating is in; and every category's is NaN when fewer than two subjects have two or more ratings
        (one subject gives −1/(r − 1) whatever its ratings). One :class:`~pandas_agree.UndefinedMeasureWarning`
        names them and why, and ``attrs["notes"]`` says it.

        Examples
        --------
        >>> import pandas_agree as pa
        >>> ra = pa.datasets.load("diagnoses").agree.raters([f"rater{k}" for k in range(1, 7)])
        >>> ra.by_category()["kappa"].round(3).tolist()
        [0.245, 0.245, 0.52, 0.471, 0.566]
        """
        d = self._design
        paired = d.counts.sum(axis=1) >= 2  # Fleiss, Nee & Landis (1979): the subjects with two or more ratings
        w, c = d.weights[paired], d.counts[paired]
        r = c.sum(axis=1)
        rated = (w * r).sum()
        p = (w @ c) / rated
        disagreement = w @ (c * (r[:, None] - c) / (r - 1)[:, None])
        kappa = 1 - divide(disagreement, rated * p * (1 - p))
        m_bar = (w * r).sum() / w.sum()
        se = np.full(len(kappa), np.sqrt(2 / (w.sum() * m_bar * (m_bar - 1))))
        if self._pattern_rows[paired].sum() < 2:
            reason = "fewer than two subjects have two or more ratings"
            kappa = np.full(len(kappa), np.nan)
        else:
            never, every = p == 0, p == 1
            reason = "; ".join(
                [f"no rater chose {_names(self._categories[never])}" if never.any() else "",
                 f"every rating is in {_names(self._categories[every])}" if every.any() else ""]).strip("; ")
            reason += " (0/0)"
        se = np.where(np.isnan(kappa), np.nan, se)
        z = kappa / se
        if self._sample is not None:  # the SE under H0 counts independent subjects: none under a sample design
            se = z = np.full(len(kappa), np.nan)
        out = pd.DataFrame({"kappa": kappa, "se": se, "z": z, "pvalue": two_sided_p(z)},
                           index=pd.Index(self._categories, name="category"))
        out.attrs["notes"] = []
        messages = []
        if np.isnan(kappa).any():
            messages.append(f"Fleiss' kappa by category undefined (NaN) for "
                            f"{_names(self._categories[np.isnan(kappa)])}: {reason}.")
        if self._sample is not None:
            messages.append("Fleiss' kappa by category under a sample design: its SE, z and p-value are NaN (the SE "
                            "under H0 of Fleiss, Nee & Landis takes the subjects as independent draws, and no "
                            "design-based form is computed); the test of Fleiss' kappa (tests(), the report's "
                            "Tests) is design-based.")
        for message in messages:
            out.attrs["notes"].append(message)
            warnings.warn(message, UndefinedMeasureWarning, stacklevel=external_stacklevel())
        return out

    @validate_options
    def tests(self, *, kappa0: float | None = None, alternative: str = "two-sided") -> pd.DataFrame:
        """FLEISS_Z: Fleiss' kappa over its SE under H0 (Fleiss, Nee & Landis 1979), two-sided; under a sample
        design, Fleiss' kappa over its design-based SE, Student's t on the design's degrees of freedom (with Rao–Wu
        replicates, those drawn with the seed 0).

        With ``kappa0``, FLEISS_Z and AC1_Z test H0: κ = κ0: (value − κ0) over the SE not assuming the null (Gwet's
        linearised SE, the ``se`` of :meth:`summary` with ``ci="auto"``; the design-based one under a design), with
        the side ``alternative``.

        Parameters
        ----------
        kappa0 : float, optional
            The null value, strictly between −1 and 1 (None: 0, Fleiss' kappa only).
        alternative : {"two-sided", "greater", "less"}, default "two-sided"
            The alternative hypothesis: "greater" is H1: κ > κ0.

        Returns
        -------
        pandas.DataFrame
            Index "FLEISS_Z" (and "AC1_Z" with ``kappa0``); columns "statistic", "df", "pvalue", "method".

        Examples
        --------
        >>> import pandas_agree as pa
        >>> df = pa.datasets.load("diagnoses")
        >>> ra = df.agree.raters([f"rater{k}" for k in range(1, 7)])
        >>> print(f"{ra.tests().loc['FLEISS_Z', 'statistic']:.3f}")
        17.652
        >>> print(f"{ra.tests(kappa0=0.4, alternative='greater').loc['FLEISS_Z', 'pvalue']:.3f}")
        0.288
        """
        if kappa0 is not None or alternative != "two-sided":
            return self._against_null(0.0 if kappa0 is None else float(kappa0), alternative, given=kappa0 is not None)
        return self._null_test()

    def _against_null(self, kappa0: float, alternative: str, *, given: bool) -> pd.DataFrame:
        """FLEISS_Z (and AC1_Z) against κ0 (:meth:`tests`)."""
        df = None if self._sample is None else float(self._sample.df)
        codes = ["FLEISS", "AC1"] if given else ["FLEISS"]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            values = self.summary(codes, ci="auto", random_state=0)  # Gwet's SE (irrCAC's), or the design's
            null = self._null_test() if not given and self._sample is None else None
        side = SIDES[alternative]
        rows = {}
        for code in codes:
            value = float(values.loc[code, "value"])
            if null is not None:  # against 0: Fleiss, Nee & Landis's SE under H0
                statistic = float(null.loc["FLEISS_Z", "statistic"])
                se, what = (value / statistic if statistic else np.nan), "Fleiss' kappa / SE under H0"
            else:
                se = float(values.loc[code, "se"])
                what = f"({code} − {kappa0:g}) over its " + ("design-based SE" if df is not None else
                                                               "linearised SE (Gwet 2014)")
            statistic, pvalue = against_null(value, se, kappa0, alternative, df)
            design = "" if df is None else f" (sample design, t on {rounded_text(df, 6, 'g')} df)"
            rows[f"{code}_Z"] = [statistic, np.nan if df is None else df, pvalue, f"{what}, {side}{design}"]
        return pd.DataFrame.from_dict(rows, orient="index", columns=["statistic", "df", "pvalue", "method"])

    def _null_test(self) -> pd.DataFrame:
        """FLEISS_Z against 0, two-sided (:meth:`tests`)."""
        d = self._design
        paired = d.counts.sum(axis=1) >= 2  # Fleiss, Nee & Landis (1979): the subjects with two or more ratings
        w, c = d.weights[paired], d.counts[paired]
        r = c.sum(axis=1)
        p = (w @ c) / (w * r).sum()
        pq = p * (1 - p)
        m_bar = (w * r).sum() / w.sum()
        var0 = 2 / (w.sum() * m_bar * (m_bar - 1)) * divide((pq.sum()) ** 2 - (pq * (1 - 2 * p)).sum(),
                                                           pq.sum() ** 2)
        if not var0 > 0:
            return pd.DataFrame({"statistic": [np.nan], "df": [np.nan], "pvalue": [np.nan],
                                 "method": ["not defined: every rating is in one category, so the variance of "
                                            "Fleiss' kappa under H0 is 0/0"]}, index=["FLEISS_Z"])
        if self._sample is not None:  # weighted PSUs' totals, not independent subjects: the design's Wald t-test
            fleiss = self.summary(["FLEISS"], ci="linearized", random_state=0).iloc[0]
            t = fleiss["value"] / fleiss["se"] if fleiss["se"] > 0 else np.nan
            df = self._sample.df
            return pd.DataFrame({"statistic": [t], "df": [float(df)], "pvalue": [two_sided_p(t, df)],
                                 "method": [f"Fleiss' kappa over its design-based SE, two-sided (sample design, t on "
                                            f"{df} df)"]}, index=["FLEISS_Z"])
        kappa = self.summary(["FLEISS"])["value"].iloc[0]
        z = kappa / np.sqrt(var0)
        method = "Fleiss' kappa / SE under H0, two-sided (Fleiss, Nee & Landis 1979)"
        if abs(m_bar - round(m_bar)) > 1e-12:
            method += "; the number of ratings varies, its mean is used"
        return pd.DataFrame({"statistic": [z], "df": [np.nan], "pvalue": [two_sided_p(z)],
                             "method": [method]}, index=["FLEISS_Z"])

    def report(self, **options):
        """The rater report (text, HTML, Excel, JSON), as :class:`pandas_agree.AgreementReport` does for two
        classifications.

        Options: those of :meth:`summary` (``measures``, ``ci`` (default "auto"), ``confidence_level``,
        ``kappa_weights``, ``level``, ``bands``, ``n_resamples``, ``bootstrap_method``, ``random_state``). With a
        sample design the report shows it (a "Sample Design" table) and the design effect of each coefficient.

        Returns
        -------
        pandas_agree.RaterReport

        Examples
        --------
        >>> import pandas_agree as pa
        >>> df = pa.datasets.load("diagnoses")
        >>> ra = df.agree.raters([f"rater{k}" for k in range(1, 7)])
        >>> report = ra.report(random_state=0, n_resamples=200)
        >>> print(f"{report.coefficients.loc['FLEISS', 'value']:.3f}")
        0.430
        """
        return build_report(self, **options)


def weighted_codes(codes, weighted: bool, level: str = "nominal") -> list[str]:
    """The codes of ``codes`` that take the agreement weights of a call with (``weighted``) or without them at
    Krippendorff's ``level``: every rater coefficient with a weighted form, ALPHA at the nominal level only.

    Examples
    --------
    >>> weighted_codes(["FLEISS", "ALPHA", "PO"], True), weighted_codes(["FLEISS", "ALPHA"], True, "interval")
    (['FLEISS', 'ALPHA', 'PO'], ['FLEISS'])
    """
    setting = Setting(weighted=weighted, level=level)
    return [c for c in codes if weighted and "kappa_weights" in RATERS[c].params
            and (c != "ALPHA" or alpha_weighted(setting))]


def type_clash_note(categories: pd.Index) -> str | None:
    """The note on rating categories that are the same when written as text but differ in type (the rating 1 of one
    rater and the text '1' of another are two categories, so they never agree), None where there are none.

    Examples
    --------
    >>> import pandas as pd
    >>> type_clash_note(pd.Index([1, 2, "1", "x"], dtype=object))[:70]
    "ratings that differ only in type are different categories: 1 and '1'. "
    >>> type_clash_note(pd.Index([1.0, 2.0])) is None
    True
    """
    seen, clashes = {}, []
    for category in categories:
        # a whole float is written as the integer it is: 1.0 (a column of numbers with gaps) clashes with '1'
        spelled = (str(int(category)) if isinstance(category, float) and category.is_integer()
                   else str(category))
        if spelled in seen:
            clashes.append((seen[spelled], category))
        else:
            seen[spelled] = category
    if not clashes:
        return None
    pairs = ", ".join(f"{shown(x)} and {shown(y)}" for x, y in clashes[:5]) + (" and more" if len(clashes) > 5 else "")
    how = ("read the rater columns as numbers with --numeric" if on_command_line() else
           "convert the rater columns to one type (for example with .astype(str))")
    return (f"ratings that differ only in type are different categories: {pairs}. Ratings match by value, so no "
            f"two of them ever agree; {how} if they mean the same category.")


def _pivoted(data: pd.DataFrame, subject, rater, rating) -> pd.DataFrame:
    """Long ratings pivoted to one row per subject and one column per rater (:meth:`pandas.DataFrame.pivot`),
    a ValueError where a (subject, rater) pair repeats. Where pandas takes ids for one another (``True`` for ``1``;
    before pandas 3, strings equal up to a NUL character, ``"s\\x00"`` for ``"s"``), the pairs are those of the ids'
    positions among their sorted distinct values (:mod:`~pandas_agree.engine.labels`)."""
    ids = {name: (data[name], unique_labels(data[name])) for name in (subject, rater)}
    if all(len(found) == column.nunique(dropna=False) for column, found in ids.values()):
        pairs, coded = data[[subject, rater]], None
    else:
        order = {name: sorted_labels(found) for name, (_, found) in ids.items()}
        at = {name: positions_of(column, order[name]) for name, (column, _) in ids.items()}
        pairs = pd.DataFrame({"s": at[subject], "r": at[rater]})
        coded = pairs.assign(y=data[rating].array)
    duplicated = pairs.duplicated(keep=False).to_numpy()
    if duplicated.any():
        first = duplicated & ~pairs.duplicated().to_numpy()  # each repeated pair once
        shown = ", ".join(f"({s!r}, {r!r})" for s, r in
                          data.loc[first, [subject, rater]].head(5).itertuples(index=False))
        raise ValueError(f"each subject–rater pair must appear once; repeated: {shown}")
    if coded is None:
        return data.pivot(index=subject, columns=rater, values=rating)
    wide = coded.pivot(index="s", columns="r", values="y")
    wide.index = taken(order[subject], wide.index.to_numpy()).rename(subject)
    wide.columns = taken(order[rater], wide.columns.to_numpy()).rename(rater)
    return wide

def rater_columns(columns) -> list:
    """The rater columns named by ``columns=``: a list of two or more distinct names.

    Parameters
    ----------
    columns : list-like of column names
        One column per rater.

    Returns
    -------
    list
        The names, in their order.

    Raises
    ------
    TypeError
        ``columns`` is a single name or not list-like.
    ValueError
        Fewer than two names, or a name given twice.

    Examples
    --------
    >>> rater_columns(("r1", "r2"))
    ['r1', 'r2']
    """
    if isinstance(columns, (str, bytes)) or not pd.api.types.is_list_like(columns):
        raise TypeError(f"columns must be a list of rater columns; got {columns!r}")
    columns = list(columns)
    if len(columns) < 2:
        raise ValueError(f"columns: at least two raters (columns) are needed; got {len(columns)}")
    repeated = pd.Index(columns, dtype=object, tupleize_cols=False)
    repeated = list(repeated[repeated.duplicated()].unique())
    if repeated:
        raise ValueError(f"columns must name each rater once; repeated: {repeated}")
    return columns


def _bounds(code: str) -> tuple[float, float]:
    return RATERS[code].range


def _names(labels, limit: int = 8) -> str:
    shown = ", ".join(map(str, labels[:limit]))
    return shown + (f" and {len(labels) - limit} more" if len(labels) > limit else "")


class RaterCoefficients(Estimand):
    """The coefficients of several raters as the inference core takes them. The subjects' weights (of their
    distinct rating patterns) are the table of counts that is resampled: every coefficient is a function of the
    weighted sums of the subject-level features, so a stack of resampled weights gives the coefficients of every
    resample by one matrix product."""

    unit = "bootstrap over subjects,"

    def __init__(self, raters: RaterAgreement, chosen: list[str], values: dict, blocks: dict, sums: dict,
                 weights: np.ndarray, level: str, opts: IntervalOptions) -> None:
        super().__init__(values, {code: _bounds(code) for code in chosen}, raters._design.weights,
                         scales={code: RATERS[code].scale for code in chosen})
        self.raters, self.blocks, self.sums, self.weights, self.level, self.opts = raters, blocks, sums, weights, \
            level, opts
        self.features = np.concatenate(list(blocks.values()), axis=1).astype(float)
        self.splits = np.cumsum([v.shape[1] for v in blocks.values()])[:-1]

    @property
    def structured(self) -> bool:
        # the patterns' linearisation (one evaluation on the sums per block of patterns) gives the variances with
        # and without a design; the core's moved cells would evaluate a stack of every pattern for each pattern,
        # O(patterns²), and "auto" would fall back to the bootstrap beyond MOVED_CELLS patterns
        return True

    def _from_sums(self, stacked_sums: np.ndarray, codes) -> dict:
        sums = dict(zip(self.blocks, np.split(stacked_sums, self.splits, axis=-1), strict=True))
        with np.errstate(all="ignore"):
            return self.raters._coefficients(sums, list(codes), self.weights, self.level)

    def evaluate(self, stack, keys):
        return self._from_sums(stack @ self.features, keys)

    def analytic(self, key):
        raters, value = self.raters, self.point[key]
        se = raters._linearised_se(key, self.blocks, self.sums, self.weights, self.level) if key in ANALYTIC \
            else None
        if se is None:  # no published variance (LIGHT; ALPHA at the ordinal level): the delta method
            return None
        found = within(_bounds(key), value, se, value - self.opts.z * se, value + self.opts.z * se,
                       "Gwet linearised")
        return small_sample(self.opts, float(self.counts.sum()), found, "subjects") or found

    def small_sample(self, key, estimate, opts):
        return small_sample(self.opts, float(self.counts.sum()), estimate, "subjects")

    def jackknife(self, keys):
        # leaving one of a subject's w_i objects out removes min(1, w_i) times its features from the sums
        w = self.counts
        keep = w > 0
        loo = (w @ self.features)[None, :] - np.minimum(1.0, w[keep])[:, None] * self.features[keep]
        return self._from_sums(loo, keys), w[keep]

    def variances(self, keys, design):
        # the variances from the gradient over the patterns' weights, as the delta method takes it (each weight
        # moved up and down by RELATIVE_STEP of itself): moving a pattern's weight moves the sums by its features,
        # so each move costs one evaluation on the sums, not a product over the patterns
        w = self.counts
        cells = np.flatnonzero(w > 0)
        total = w @ self.features
        grads = {code: np.empty(len(cells)) for code in keys}
        for start in range(0, len(cells), MOVED_PATTERNS):
            part = cells[start:start + MOVED_PATTERNS]
            h = RELATIVE_STEP * w[part]
            step = h[:, None] * self.features[part]
            up, down = self._from_sums(total + step, keys), self._from_sums(total - step, keys)
            for code in keys:
                grads[code][start:start + len(part)] = (up[code] - down[code]) / (2 * h)
        return {code: linearised_variance(w, grads[code], design) for code in keys}


def _frequencies(values, n: int) -> np.ndarray:
    """The numbers of subjects of ``n`` rows: positive whole numbers, or a ValueError naming ``frequencies``."""
    found = np.asarray(values, dtype=float)
    if found.shape != (n,):
        raise ValueError(f"frequencies must hold one number per row ({n}); got shape {found.shape}")
    if not (np.isfinite(found).all() and (found >= 1).all() and (found == np.round(found)).all()):
        raise ValueError("frequencies must be whole numbers of subjects, 1 or more")
    return found


def _resolve(measures) -> list[str]:
    return [m.code for m in resolve(measures, "rater", default=lambda m: True)]
