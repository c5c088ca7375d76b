"""``Comparison``: two or more classifications of the same objects against one reference, with paired inference.

The rows are counted once into the joint table reference × prediction_1 × … × prediction_P. Each prediction's
Agreement is a margin of it; the paired bootstrap resamples the joint table (multinomial) and gives every
prediction's table of the same resample at once, so differences keep their pairing and the cost does not grow
with the number of rows.
"""

from __future__ import annotations

import warnings
from collections.abc import Hashable, Sequence
from itertools import combinations

import numpy as np
import pandas as pd
from scipy import stats
from statsmodels.stats.contingency_tables import mcnemar

from ..engine.crosstab import as_label_series, validate_weights
from ..engine.joint import JointTable, joint_table
from ..engine.matching import column_permutation
from ..inference.estimates import IntervalOptions
from ..measures.registry import resolve
from .agreement import Agreement
from .reports import build_report

__all__ = ["Comparison", "compare"]

DEFAULT_MEASURES = ("OSR", "KAPPA", "F1")
EXACT_BELOW = 25  # McNemar's test is exact (binomial) when fewer discordant pairs than this


def _resolve(measures) -> list:
    names = list(DEFAULT_MEASURES) if measures is None else ([measures] if isinstance(measures, str)
                                                             else list(measures))
    out = []
    for name in names:
        try:
            out += resolve([name], "multiclass", default=lambda m: False)
        except ValueError:
            out += resolve([name], "binary", default=lambda m: False)
    return out


def _column_name(m) -> str:
    return m.code if m.kind == "multiclass" else f"{m.code} (unweighted)"


class Comparison:
    """Two or more classifications (prediction columns) of the same objects against one reference.

    Build one with ``df.agree.compare(reference, [pred_a, pred_b, ...])``. ``values()`` gives each
    prediction's measures with intervals, ``differences()`` each pair's paired difference with its interval and
    p-value, ``tests()`` McNemar's and Cochran's tests, ``report()`` all of it.

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
    joint : numpy.ndarray
        The joint table of counts, reference × prediction_1 × … × prediction_P.

    Examples
    --------
    >>> import pandas_agree as pa
    >>> df = pa.datasets.load("wine_predictions")
    >>> cmp = df.agree.compare("cultivar", ["knn", "logistic"])
    >>> cmp.differences(ci=None).round(3)
                     OSR  KAPPA  F1 (unweighted)
    knn − logistic -0.32 -0.491           -0.347
    """

    def __init__(self, joint: JointTable, *, match=None, weighted: bool = False) -> None:
        if len(joint.labels) < 3:
            raise ValueError("compare needs at least two prediction columns")
        counts, labels, mappings = joint.counts, list(joint.labels), []
        for p in range(len(labels) - 1):
            if match is None:
                mappings.append(None)
                continue
            positions, new_labels, mapping = column_permutation(joint.marginal(p), match)
            counts = np.take(counts, positions, axis=p + 1)
            labels[p + 1] = pd.Index(new_labels)
            mappings.append(mapping)
        self._joint = JointTable(counts, labels, joint.names, joint.order, joint.n_rows, joint.n_missing,
                                 joint.n_zero_weight)
        info = {"n_missing": joint.n_missing, "n_zero_weight": joint.n_zero_weight, "n_rows": joint.n_rows,
                "weighted": weighted, "order": None if match is not None else joint.order}
        self._agreements = [Agreement(self._joint.marginal(p), _bookkeeping=info) for p in range(len(labels) - 1)]
        self._mappings = mappings

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
        return float(self._joint.counts.sum())

    @property
    def n_missing(self) -> int:
        """Rows left out because a label (in any column used) or the weight was missing."""
        return self._joint.n_missing

    @property
    def joint(self) -> np.ndarray:
        """The joint table of counts, reference × prediction_1 × … × prediction_P."""
        return self._joint.counts.copy()

    def __repr__(self) -> str:
        return f"<Comparison: {' vs '.join(map(str, self.names))} against {self._joint.names[0]}, N = {self.n:g}>"

    # --- values -------------------------------------------------------------------------------------------

    def values(self, measures=None, *, ci: str | None = "auto", confidence_level: float = 0.95,
               n_resamples: int = 2000, random_state=None) -> pd.DataFrame:
        """Each prediction's measures (multiclass ones, and the unweighted average of class-specific ones).

        Returns
        -------
        pandas.DataFrame
            One row per prediction; columns the measures, or with ``ci`` a MultiIndex (measure, stat), stat in
            ("value", "se", "lower", "upper"), intervals as :meth:`Agreement.multiclass` and
            :meth:`Agreement.averages` give them.

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
        multi = [m.code for m in chosen if m.kind == "multiclass"]
        binary = [m.code for m in chosen if m.kind == "binary"]
        kw = {"ci": ci, "confidence_level": confidence_level, "n_resamples": n_resamples,
              "random_state": random_state}
        rows = {}
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for name, ag in zip(self.names, self._agreements, strict=True):
                row = {}
                mc = ag.multiclass(multi, **kw) if multi else None
                av = ag.averages(binary, average="unweighted", **kw) if binary else None
                for m in chosen:
                    col = _column_name(m)
                    if ci is None:
                        row[col] = mc.loc[m.code, "value"] if m.kind == "multiclass" else av.loc[m.code, "unweighted"]
                        continue
                    for stat in ("value", "se", "lower", "upper"):
                        row[(col, stat)] = (mc.loc[m.code, stat] if m.kind == "multiclass"
                                            else av.loc[m.code, ("unweighted", stat)])
                rows[name] = row
        out = pd.DataFrame.from_dict(rows, orient="index")
        if ci is not None:
            out.columns = pd.MultiIndex.from_tuples(out.columns, names=["measure", "stat"])
        return out

    # --- paired differences ------------------------------------------------------------------------------

    def _pairs(self) -> list[tuple[int, int]]:
        return list(combinations(range(len(self.names)), 2))

    def _point_values(self, chosen) -> list[dict]:
        return [ag._summary_values(chosen, ag._counts) for ag in self._agreements]

    def _resampled_values(self, chosen, opts: IntervalOptions) -> list[dict]:
        # resample in a canonical order of the predictions, so that listing them in another order gives the
        # same resamples (and exactly antisymmetric differences)
        order = sorted(range(len(self.names)), key=lambda p: str(self.names[p]))
        axes = [0, *(1 + p for p in order)]
        counts = np.transpose(self._joint.counts, axes)
        total = counts.sum()
        draws = max(round(float(total)), 1)
        flat = opts.rng().multinomial(draws, (counts / total).ravel(), size=opts.n_resamples)
        canonical = flat.reshape(opts.n_resamples, *counts.shape) * (total / draws)
        stack = np.transpose(canonical, [0, *(1 + a for a in np.argsort(axes))])
        out = []
        for p, ag in enumerate(self._agreements):
            axes = tuple(2 + q for q in range(len(self._agreements)) if q != p)
            out.append(ag._summary_values(chosen, stack.sum(axis=axes)))
        return out

    def _discordant(self, a: int, b: int, cls=None) -> tuple[float, float]:
        """b: objects A gets right and B wrong; c: the other way round (one class against the rest with cls)."""
        correct_a, correct_b = self._correct(a, cls), self._correct(b, cls)
        return float((self._joint.counts * correct_a * (1 - correct_b)).sum()), \
            float((self._joint.counts * (1 - correct_a) * correct_b).sum())

    def _correct(self, p: int, cls=None) -> np.ndarray:
        """1 where prediction p is right, broadcast over the joint table."""
        ref, pred = self._joint.labels[0], self._joint.labels[1 + p]
        if cls is None:
            right = np.equal.outer(np.asarray(ref, dtype=object), np.asarray(pred, dtype=object))
        else:
            right = np.equal.outer(np.asarray(ref == cls), np.asarray(pred == cls))
        shape = [1] * self._joint.counts.ndim
        shape[0], shape[1 + p] = right.shape
        return right.astype(float).reshape(shape)

    def differences(self, measures=None, *, ci: str | None = "auto", confidence_level: float = 0.95,
                    n_resamples: int = 2000, bootstrap_method: str = "percentile",
                    random_state=None) -> pd.DataFrame:
        """The paired difference A − B of each measure for every pair of predictions.

        Parameters
        ----------
        ci : {"auto", "bootstrap", None}
            "auto": OSR gets the Wald interval of a difference of paired proportions (the McNemar-type SE
            √(b + c − (b − c)²/N)/N) with its z-test; the other measures the paired bootstrap of the joint table.
            "bootstrap": the paired bootstrap for every measure. The bootstrap p-value is two-sided,
            2·min(P*(d ≤ 0), P*(d ≥ 0)).

        Returns
        -------
        pandas.DataFrame
            One row per pair "A − B"; columns the measures, or with ``ci`` a MultiIndex (measure, stat), stat in
            ("difference", "se", "lower", "upper", "pvalue", "pvalue_holm"), the last adjusted by Holm's method
            across the pairs.

        Examples
        --------
        >>> import pandas_agree as pa
        >>> df = pa.datasets.load("wine_predictions")
        >>> d = df.agree.compare("cultivar", ["knn", "logistic"]).differences(["OSR"])
        >>> d.loc["knn − logistic", "OSR"][["difference", "lower", "upper"]].round(3).tolist()
        [-0.32, -0.391, -0.25]
        """
        chosen = _resolve(measures)
        point = self._point_values(chosen)
        pairs = self._pairs()
        index = [f"{self.names[a]} − {self.names[b]}" for a, b in pairs]
        if ci is None:
            return pd.DataFrame({_column_name(m): [float(point[a][m.code] - point[b][m.code]) for a, b in pairs]
                                 for m in chosen}, index=index)
        if ci not in ("auto", "bootstrap"):
            raise ValueError(f"ci must be None, 'auto' or 'bootstrap' for differences; got {ci!r}")
        opts = IntervalOptions("bootstrap", confidence_level, n_resamples, bootstrap_method, random_state)
        if bootstrap_method == "bca":
            raise ValueError("bootstrap_method must be 'percentile' or 'basic' for paired differences")
        boot = self._resampled_values(chosen, opts)
        alpha = 1 - confidence_level
        columns, methods = {}, {}
        for m in chosen:
            col = _column_name(m)
            rows = []
            for a, b in pairs:
                d = float(point[a][m.code] - point[b][m.code])
                if ci == "auto" and m.code == "OSR":
                    rows.append(self._paired_proportions(a, b, d, opts.z))
                    methods[col] = "Wald for paired proportions (McNemar)"
                    continue
                draws = boot[a][m.code] - boot[b][m.code]
                draws = draws[~np.isnan(draws)]
                lower, upper = (np.quantile(draws, [alpha / 2, 1 - alpha / 2]) if len(draws) else (np.nan, np.nan))
                if bootstrap_method == "basic":
                    lower, upper = 2 * d - upper, 2 * d - lower
                p = min(1.0, 2 * min((draws <= 0).mean(), (draws >= 0).mean())) if len(draws) else np.nan
                rows.append((d, float(np.std(draws, ddof=1)) if len(draws) > 1 else np.nan, lower, upper, p))
                methods[col] = f"paired bootstrap {bootstrap_method} (B = {n_resamples})"
            values = np.array(rows, dtype=float)
            adjusted = holm(values[:, 4])
            for j, stat in enumerate(("difference", "se", "lower", "upper", "pvalue")):
                columns[(col, stat)] = values[:, j]
            columns[(col, "pvalue_holm")] = adjusted
        out = pd.DataFrame(columns, index=index)
        out.columns = pd.MultiIndex.from_tuples(out.columns, names=["measure", "stat"])
        out.attrs["methods"] = methods
        return out

    def _paired_proportions(self, a: int, b: int, d: float, z: float) -> tuple:
        n = self.n
        b_, c_ = self._discordant(a, b)
        se = np.sqrt(max(b_ + c_ - (b_ - c_) ** 2 / n, 0.0)) / n
        if se == 0:
            return d, 0.0, d, d, 1.0 if d == 0 else 0.0
        p = 2 * stats.norm.sf(abs(d) / se)
        return d, se, max(d - z * se, -1.0), min(d + z * se, 1.0), p

    # --- tests ---------------------------------------------------------------------------------------------

    def tests(self) -> pd.DataFrame:
        """McNemar's test for every pair (exact binomial when there are fewer than 25 discordant objects, else χ²
        with continuity correction) and Cochran's Q across all predictions, on "right or wrong"; then the same
        for each class, one against the rest ("is it this class or not").

        Returns
        -------
        pandas.DataFrame
            Index (test, between, class); columns "statistic", "df", "pvalue", "method". The class is "(all)" for
            the tests of overall correctness.

        Examples
        --------
        >>> import pandas_agree as pa
        >>> df = pa.datasets.load("wine_predictions")
        >>> tests = df.agree.compare("cultivar", ["knn", "logistic"]).tests()
        >>> print(f"{tests.loc[('MCNEMAR', 'knn vs logistic', '(all)'), 'statistic']:.2f}")
        53.15
        """
        rows = {}
        classes = [None, *self._agreements[0].common]
        for cls in classes:
            label = "(all)" if cls is None else cls
            for a, b in self._pairs():
                rows[("MCNEMAR", f"{self.names[a]} vs {self.names[b]}", label)] = self._mcnemar(a, b, cls)
            if len(self.names) >= 2:
                rows[("COCHRAN_Q", "all", label)] = self._cochran(cls)
        out = pd.DataFrame.from_dict(rows, orient="index", columns=["statistic", "df", "pvalue", "method"])
        out.index = pd.MultiIndex.from_tuples(out.index, names=["test", "between", "class"])
        return out

    def _mcnemar(self, a: int, b: int, cls) -> list:
        b_, c_ = self._discordant(a, b, cls)
        if b_ + c_ == 0:
            return [np.nan, np.nan, 1.0, "no discordant objects: the two are right on the same objects"]
        table = np.array([[0.0, b_], [c_, 0.0]])
        if b_ + c_ < EXACT_BELOW and float(b_).is_integer() and float(c_).is_integer():
            res = mcnemar(table, exact=True)
            return [res.statistic, np.nan, res.pvalue, "exact binomial (statsmodels)"]
        res = mcnemar(table, exact=False, correction=True)
        return [res.statistic, 1.0, res.pvalue, "chi-square with continuity correction (statsmodels)"]

    def _cochran(self, cls) -> list:
        """Cochran's Q from the counts of the right/wrong patterns (equal to statsmodels' cochrans_q on rows)."""
        k = len(self.names)
        right = [self._correct(p, cls) * np.ones_like(self._joint.counts) for p in range(k)]
        counts = self._joint.counts
        per_object = sum(right)  # R: how many predictions are right, for each cell
        col_totals = np.array([(counts * r).sum() for r in right])
        total = col_totals.sum()
        denominator = k * total - (counts * per_object**2).sum()
        if denominator == 0:
            return [np.nan, k - 1, 1.0, "not defined: every object is right for all or for none of them"]
        q = (k - 1) * (k * (col_totals**2).sum() - total**2) / denominator
        return [q, k - 1, stats.chi2.sf(q, k - 1), "Cochran's Q (chi-square, k − 1 df)"]

    def report(self, **options):
        """All the tables of the comparison as a report (text, HTML, Excel, JSON, plot).

        Options: ``measures``, ``ci`` (default "auto"), ``confidence_level``, ``n_resamples``,
        ``bootstrap_method`` and ``random_state`` (drawn once and recorded when not given), as for :meth:`values`
        and :meth:`differences`.

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


def holm(pvalues: np.ndarray) -> np.ndarray:
    """Holm's step-down adjusted p-values (NaN left out). Written here because statsmodels' multipletests
    runs a garbage collection on every call, which costs more than the whole paired bootstrap; the tests check
    that both agree."""
    pvalues = np.asarray(pvalues, dtype=float)
    out = np.full(len(pvalues), np.nan)
    ok = np.flatnonzero(~np.isnan(pvalues))
    if len(ok):
        order = ok[np.argsort(pvalues[ok], kind="stable")]
        m = len(order)
        stepped = np.maximum.accumulate((m - np.arange(m)) * pvalues[order])
        out[order] = np.minimum(stepped, 1.0)
    return out


def compare(frame: pd.DataFrame, reference: Hashable, predictions: Sequence[Hashable], *, weights=None,
            dropna: bool = True, match=None) -> Comparison:
    """The Comparison of several prediction columns of ``frame`` against its ``reference`` column."""
    from .agreement import _column

    if isinstance(predictions, (str, bytes)) or not pd.api.types.is_list_like(predictions):
        raise TypeError(f"predictions must be a list of two or more columns; got {predictions!r}")
    predictions = list(predictions)
    if len(predictions) < 2:
        raise ValueError(f"predictions must name two or more columns; got {predictions!r}")
    if len(set(map(str, predictions))) < len(predictions):
        raise ValueError(f"predictions must not repeat a column; got {predictions!r}")
    if dropna is not True:
        raise ValueError("compare leaves out rows with a missing value in any column (dropna=True only)")
    columns = [as_label_series(_column(frame, reference, "reference"), "reference")]
    columns += [as_label_series(_column(frame, p, f"predictions[{i}]"), "predictions")
                for i, p in enumerate(predictions)]
    w = None
    if weights is not None:
        if not pd.api.types.is_list_like(weights):
            weights = _column(frame, weights, "weights")
        w = validate_weights(weights, len(frame))
    joint = joint_table(columns, w, [reference, *predictions])
    return Comparison(joint, match=match, weighted=w is not None)

