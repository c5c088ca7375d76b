"""Scores against a reference: ROC AUC with DeLong's interval, average precision, curves and thresholds.

A score thresholded at each of its distinct values is a stack of 2×2 tables, so every class-specific measure of the
registry is a curve, and every statistic of the score is a function of the counts of each label at each distinct
score (:mod:`pandas_agree.engine.scores`). :class:`Scores` holds those counts for one score column against a binary
reference (``positive=``) or for class probabilities (one column per class, one-vs-rest); :class:`ScoreComparison`
holds the joint counts of several scores of the same objects, for their paired differences and DeLong's test.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Hashable, Sequence
from dataclasses import replace

import numpy as np
import pandas as pd

from ..base.options import validate_options
from ..base.spelling import on_command_line
from ..base.undefined import UndefinedMeasureWarning, external_stacklevel, warn_undefined
from ..engine.crosstab import as_label_series
from ..engine.design import DesignColumns, check_replicates
from ..engine.labels import positions_of
from ..engine.scores import ScorePatterns, count_scores
from ..inference.design import SampleDesign
from ..inference.estimates import interval_options
from ..inference.intervals import estimate
from ..inference.scores import Atom, Combination, ScoreFunctions, ScoreMeasures
from ..measures import calibration as _calibration
from ..measures.binary import apply_formula
from ..measures.registry import SCORES, Measure, range_scale, resolve
from ..measures.scores import CALIBRATION_BINS, MULTICLASS_PROBABILITY_ROWS, POSITIVE_LOG_LOSS, PROBABILITY_CODES
from .agreement import Agreement
from .messages import shown_labels
from .order import numbers
from .reports import build_report
from .rows import CountedRows

__all__ = ["MAX_THRESHOLD_INTERVALS", "ScoreComparison", "Scores", "compare_scores", "counted_scores", "scores"]

ESTIMATE_COLUMNS = ("se", "lower", "upper")
MULTICLASS_ROW_OF = {"AUC_OVO": "AUC", **{row: code for code, (row, _, _) in MULTICLASS_PROBABILITY_ROWS.items()}}
"""The rows of :meth:`Scores.values` for class probabilities that are no statistic of their own in the registry,
each with the one-vs-rest statistic whose computation brings it (Hand and Till's M with the AUC, the multiclass
Brier score and log loss with BRIER and LOGLOSS)."""
MAX_THRESHOLD_INTERVALS = 1000
"""The most thresholds :meth:`Scores.thresholds` gives intervals at in one call (each is a 2×2 table of its own)."""
PROBABILITY_TOLERANCE = 1e-6  # class probabilities must sum to 1 within this, as scikit-learn's check


def _chosen(measures, probabilities: bool = True) -> list[Measure]:
    """The score records named, or the default set: without the records of probabilities where the scores are
    not all in [0, 1] (a record of probabilities asked for by name is then an error)."""
    chosen = resolve(measures, "score", default=lambda m: m.default and (probabilities
                                                                          or m.code not in PROBABILITY_CODES))
    wrong = [m.code for m in chosen if m.code in PROBABILITY_CODES and not probabilities]
    if wrong:
        raise ValueError(f"measures: {', '.join(wrong)} read the scores as probabilities of the positive label, "
                         "but some scores lie outside [0, 1]")
    return chosen


SCORE_CI = (None, "auto", "linearized", "bootstrap")


def _check_ci(ci) -> None:
    """The interval methods of the statistics of scores: the binomial ones name intervals of proportions."""
    if ci not in SCORE_CI:
        raise ValueError(f"ci must be one of {', '.join(map(repr, SCORE_CI))} for the statistics of scores; got "
                         f"{ci!r} (a binomial interval method, for proportions such as the sensitivity at a threshold: "
                         "thresholds(..., ci=...) takes it)")


def _params(chosen: list[Measure], max_fpr: float | None) -> dict[str, dict]:
    """Each chosen record's parameters: ``max_fpr`` for the partial AUC (which needs it)."""
    out = {}
    for m in chosen:
        if "max_fpr" in m.params:
            if max_fpr is None:
                raise ValueError(f"measures: {m.code} needs max_fpr= (the largest false positive rate of its area, "
                                 "a number in (0, 1])")
            out[m.code] = {"max_fpr": float(max_fpr)}
        else:
            out[m.code] = {}
    return out


def _design_columns(strata, cluster, fpc) -> DesignColumns | None:
    if all(x is None for x in (strata, cluster, fpc)):
        return None
    return DesignColumns(*(None if x is None else as_label_series(x, name)
                           for x, name in ((strata, "strata"), (cluster, "cluster"), (fpc, "fpc"))))


class _ScoreAnalysis(CountedRows):
    """What the analyses of scores share: the joint counts, the sample design and the interval machinery."""

    def __init__(self, patterns: ScorePatterns, *, names: tuple[Hashable, Sequence[Hashable]],
                 lonely_psu: str = "adjust", replicates: str | None = None) -> None:
        self._patterns = patterns
        self._names = names
        self._sample = None
        if patterns.units is not None:
            self._sample = SampleDesign(patterns.units, (len(patterns.counts), 1), lonely_psu, replicates,
                                        table_shape=(len(patterns.counts),))

    @property
    def names(self) -> tuple:
        """The name of the reference and the names of the score columns: (actual, [score, ...])."""
        return self._names[0], list(self._names[1])

    @property
    def n(self) -> float:
        """N, the (weighted) number of objects counted."""
        return self._patterns.n

    @property
    def _counted_rows(self):
        return self._patterns

    @property
    def labels(self) -> pd.Index:
        """The reference labels, in order."""
        return self._patterns.labels

    @property
    def probabilities(self) -> bool:
        """Whether every score lies in [0, 1] (the statistics of probabilities apply)."""
        return all(len(s) == 0 or (s[0] >= 0 and s[-1] <= 1) for s in self._patterns.scores)

    @property
    def n_valid_rows(self) -> int:
        """The rows counted (a label, every score and a positive weight)."""
        units = self._patterns.units
        patterns = self._patterns
        return int(patterns.n_rows - patterns.n_missing - patterns.n_zero_weight) if units is None else \
            int(units.n_valid)

    @property
    def weighted(self) -> bool:
        """Whether the rows carry weights."""
        return self._patterns.weighted

    @property
    def design(self) -> dict | None:
        """The sample design's summary (strata, PSUs, degrees of freedom), or None."""
        return None if self._sample is None else self._sample.summary()

    def _estimates(self, atoms: list[Atom], combos: dict, *, ci, confidence_level, n_resamples, bootstrap_method,
                   random_state, scale) -> tuple[dict, dict | None]:
        _check_ci(ci)
        opts = interval_options(ci, confidence_level, n_resamples, bootstrap_method, random_state, "multinomial",
                                self._sample)
        estimand = ScoreMeasures(self._patterns, atoms, combos, opts=opts, delong_scale=scale)
        if opts is None:
            return estimand.point, None
        infinite = [key for key, value in estimand.point.items() if np.isinf(value)]
        if not infinite:
            return estimand.point, estimate(estimand, opts)
        with warnings.catch_warnings():  # said once below, for the values themselves
            warnings.filterwarnings("ignore", INFINITE_PARTIALS, UndefinedMeasureWarning)
            warnings.filterwarnings("ignore", INFINITE_VALUE, UndefinedMeasureWarning)
            found = estimate(estimand, opts)
        return estimand.point, _without_spread(found, infinite)

    def _frame(self, point: dict, found: dict | None, keys: list, index: list) -> pd.DataFrame:
        # every column at once: a frame built column by column costs more than the values of a small analysis
        columns = {"value": [float(point[k]) for k in keys]}
        if found is not None:
            for column in ESTIMATE_COLUMNS:
                columns[column] = [float(getattr(found[k], column)) for k in keys]
            if self._sample is not None:
                columns["deff"] = [float(np.nan if found[k].deff is None else found[k].deff) for k in keys]
            columns["method"] = [found[k].method for k in keys]
        return pd.DataFrame(columns, index=pd.Index(index))


PAIRED_DELONG = "DeLong's test for paired AUCs"
"""The method of a difference of two AUCs (or Ginis) of the same objects under DeLong's SE: DeLong, DeLong and
Clarke-Pearson (1988), the SE of the difference with the correlation of the two AUCs, the normal distribution
(pROC's ``roc.test(method="delong", paired=TRUE)``)."""
INFINITE_PARTIALS = "the partials of an infinite log loss"
INFINITE_VALUE = "the SE and interval of an infinite value"
"""The start of the warning of :func:`~pandas_agree.inference.estimates.undefined_at_infinity`, which the log loss's
own warning (:func:`_without_spread`) says more fully."""
"""The start of the warning of :func:`~pandas_agree.measures.calibration.log_loss_partials`, which
:func:`_without_spread` says more fully."""
INFINITE_METHOD = "none: an infinite value has no SE or interval"
"""The method of the SE and interval of an infinite value: they are undefined (NaN)."""


def _key_text(key) -> str:
    return " · ".join(map(str, key)) if isinstance(key, tuple) else str(key)


def _without_spread(found: dict, infinite: list) -> dict:
    """``found`` with the SE, interval, p-value and design effect of the ``infinite`` values NaN, and one
    :class:`~pandas_agree.UndefinedMeasureWarning` naming them: an infinite value (a log loss where a probability of
    0 meets a positive object, or 1 a negative one; a difference with such a log loss) has no finite partials, so
    neither the linearised nor a bootstrap SE measures its spread (a bootstrap interval would be [inf, inf] or reach
    from a finite value to inf)."""
    nan = np.asarray(np.nan)
    out = dict(found)
    for key in infinite:
        e = found[key]
        out[key] = replace(e, se=nan, lower=nan, upper=nan, method=INFINITE_METHOD,
                           pvalue=None if e.pvalue is None else nan, deff=None if e.deff is None else nan)
    warnings.warn("the SE and interval of an infinite value are undefined and set to NaN: "
                  f"{', '.join(map(_key_text, infinite))} (a log loss is infinite where a predicted probability of 0 "
                  "meets a positive object or one of 1 a negative object: −log 0 = inf)", UndefinedMeasureWarning,
                  stacklevel=external_stacklevel())
    return out


def _debiased_error(found, squared, opts):
    """The estimate of the debiased RMS calibration error √max(T̂, 0) (``found``: as the other errors take theirs)
    from ``squared``, that of Kumar, Liang & Ma's unclipped debiased squared error T̂.

    A bootstrap of the objects keeps its interval of the clipped value (its method names the clip where T̂ ≤ 0).
    The linearised and the design-based methods take the Wald interval of T̂, cut at 0, and its square root, the
    interval of the square mapped back (as Cramér's V's is built on the scale of X²): it holds 0 where T̂ is within
    z SEs of 0, which the logit scale of the error never does, and it is not [0, 0] where T̂ ≤ 0 and the error is
    clipped to 0. The SE is the delta method's SE(T̂) / (2√T̂); where T̂ ≤ 0 the square root has no finite slope
    and the SE is NaN, with a warning (the slopes of the clipped value, all 0, gave the SE 0 and the interval
    [0, 0])."""
    square = float(squared.value)
    if np.isnan(square):
        return found
    shown = f"{square:.3g}".replace("-", "−")
    if opts.sample is None and opts.ci == "bootstrap":
        if square > 0:
            return found
        return replace(found, method=f"{found.method}; debiased squared error {shown} ≤ 0, set to 0")
    lower, upper = (np.sqrt(np.maximum(np.asarray(end, dtype=float), 0.0)) for end in (squared.lower, squared.upper))
    method = f"{squared.method} of the debiased squared error; interval: the square root of its interval cut at 0"
    if square > 0:
        return replace(found, se=np.asarray(squared.se, dtype=float) / (2 * np.sqrt(square)), lower=lower,
                       upper=upper, method=method)
    warnings.warn(
        f"the debiased estimate of the squared RMS calibration error is {shown}, not above 0 (the bins' gaps lie "
        "within their sampling noise), and the debiased RMS calibration error is set to 0; its SE there is "
        "undefined (the square root has no finite slope at 0) and set to NaN, and its interval "
        f"[0, {float(upper):.3g}] is the square root of the squared error's interval ({squared.method}), cut at 0: "
        "an error of 0 is consistent with the data, not known exactly",
        UndefinedMeasureWarning, stacklevel=external_stacklevel())
    nan = np.full(np.shape(found.value), np.nan)
    return replace(found, se=nan, lower=lower, upper=upper,
                   method=f"{method} ({shown} ≤ 0: value set to 0, SE undefined)",
                   pvalue=None if found.pvalue is None else nan, deff=None if found.deff is None else nan)


REVERSED_AUC = "lies entirely below 0.5"
"""The words of the warning (and of the report's note) on an AUC whose interval lies below 0.5."""


def reversed_auc_text(what: str, value: float, upper: float, confidence_level: float, remedy: str) -> str:
    """The sentence on an AUC whose interval lies entirely below 0.5: the score ranks the objects the wrong way round
    (pROC's ``direction="auto"`` would flip it; here nothing is flipped)."""
    level = f"{100 * confidence_level:g}"
    return (f"The AUC of {what} is {value:.4f} and its {level}% interval {REVERSED_AUC} (upper limit {upper:.4f}): "
            f"the scores rank the objects the wrong way round, not just weakly; no score is reversed here. {remedy}")


def _warn_reversed(texts: list[str]) -> None:
    for text in dict.fromkeys(texts):
        warnings.warn(text, UserWarning, stacklevel=external_stacklevel())


def _below_half(frame: pd.DataFrame, code: str = "AUC"):
    """The (value, upper) of the AUC row ``code`` of ``frame`` where its interval lies entirely below 0.5, or None."""
    if "upper" not in frame.columns or code not in frame.index:
        return None
    value, upper = float(frame.loc[code, "value"]), float(frame.loc[code, "upper"])
    return (value, upper) if upper < 0.5 else None


def _atom_combination(atoms: int, at: int, bounds, scale: str) -> Combination:
    weights = np.zeros(atoms)
    weights[at] = 1.0
    return Combination(weights, bounds, scale)


@validate_options
class Scores(_ScoreAnalysis):
    """The statistics of a score against a reference label: ROC AUC with DeLong's interval, average precision, the
    ROC curve and every class-specific measure at each threshold.

    Built by ``df.agree.scores(actual, score, positive=...)`` (one score column, a binary reference: ``positive``
    is the label the score speaks for) or ``df.agree.scores(actual, [p_a, p_b, ...])`` (one probability column per
    label, in the order of the labels: one-vs-rest per class, their averages and Hand and Till's M). A higher score
    speaks for the positive label. Rows with a missing label, score or weight are left out (counted in
    :attr:`n_missing`).

    Examples
    --------
    >>> import pandas as pd
    >>> import pandas_agree as pa
    >>> df = pd.DataFrame({"y": [0, 0, 1, 1, 0, 1], "s": [0.1, 0.4, 0.35, 0.8, 0.2, 0.9]})
    >>> sc = df.agree.scores("y", "s")
    >>> sc.values(["AUC", "AP"]).round(4)
         value
    AUC  0.8889
    AP   0.9167
    """

    def __init__(self, patterns: ScorePatterns, *, positive: int | None,
                 names: tuple[Hashable, Sequence[Hashable]], lonely_psu: str = "adjust",
                 replicates: str | None = None) -> None:
        super().__init__(patterns, names=names, lonely_psu=lonely_psu, replicates=replicates)
        self._positive = positive  # the positive label's position (one score column), or None (class probabilities)

    @property
    def multiclass(self) -> bool:
        """Whether the scores are class probabilities (one column per label) rather than one score."""
        return self._positive is None

    @property
    def positive(self):
        """The positive label of one score column (None for class probabilities)."""
        return None if self._positive is None else self.labels[self._positive]

    def _remedy(self) -> str:
        """What to check where the AUC lies below 0.5: which label the score speaks for, or which column is whose
        probability (the order of ``labels=``)."""
        labels = [str(label) for label in self.labels]
        if not self.multiclass:
            return (f"A higher score speaks for the positive label {labels[self._positive]!r}: check which label the "
                    "score is the probability of and name it with positive= (or, where labels= gives the order, "
                    "its order).")
        pairs = ", ".join(f"{name} → {label!r}" for name, label in zip(self.names[1], labels, strict=True))
        return (f"The class probabilities are matched to the labels by position ({pairs}): check which column is "
                "whose probability and give labels= in the order of the columns.")

    def _what(self, label=None) -> str:
        columns = ", ".join(map(str, self.names[1]))
        if not self.multiclass:
            return f"the score {columns}"
        if label is None:
            return f"the class probabilities {columns} (averaged over the classes)"
        column = self.names[1][positions_of(pd.Index([label], dtype=object), self.labels)[0]]
        return f"{column}, the probability of {str(label)!r} (one-vs-rest)"

    def _problems(self) -> list[tuple[int, int]]:
        """The one-vs-rest problems: (score column, positive label) of the positive label, or of every class."""
        if self._positive is not None:
            return [(0, self._positive)]
        return [(k, k) for k in range(len(self.labels))]

    def values(self, measures=None, *, average: str = "unweighted", ci: str | None = None,
               confidence_level: float = 0.95, n_resamples: int = 2000, bootstrap_method: str = "percentile",
               random_state=None, scale: str = "auto", max_fpr: float | None = None) -> pd.DataFrame:
        """The statistics of the score, each with its standard error and interval.

        Parameters
        ----------
        measures : str or list, optional
            Codes or names of score statistics (``pa.measures("score")``); the default set by default. For class
            probabilities the rows "AUC_OVO", "BRIER_MC" and "LOGLOSS_MC" (below) are asked for by their codes
            too; where one of them is named, only the rows named come back, in the order named.
        average : {"unweighted", "weighted"}, default "unweighted"
            For class probabilities, the average of the one-vs-rest values over the classes: unweighted (macro) or
            weighted by each class's prevalence (scikit-learn's ``average="macro"`` and ``"weighted"``). For
            class probabilities and AUC, the row "AUC_OVO" adds Hand and Till's (2001) M, the mean AUC of every
            pair of classes (scikit-learn's ``multi_class="ovo"``); for class probabilities the rows "BRIER_MC"
            (the multiclass Brier score, mean Σ_k (p_k − y_k)²: scikit-learn's ``brier_score_loss`` on the
            probability matrix) and "LOGLOSS_MC" (the multiclass log loss, −mean log p_(y): scikit-learn's
            ``log_loss``) come by default and with BRIER and LOGLOSS, whose rows are then the averages of the
            one-vs-rest values. Both are sums over the classes of one-vs-rest terms, and each SE is that of the
            objects' mean loss.
        ci : {None, "auto", "linearized", "bootstrap", ...}
            The intervals. Under "auto" an AUC (and a difference of AUCs) takes DeLong's SE, the others the
            linearised one; under a sample design every SE is design-based.
        scale : {"auto", "identity", "logit"}, default "auto"
            DeLong's interval of an AUC (and of the Gini coefficient): "auto" builds it on the logit scale with
            Student's t on the smaller class's count less one (the conservative bound of the Welch–Satterthwaite
            df of DeLong's two variance parts; it covers 0.93–0.97 from 10 objects of the smaller class, where
            pROC's falls to 0.85: docs/notes/scores.md); "identity" is pROC's normal interval on the AUC's
            scale, "logit" the normal interval of logit(AUC) mapped back (Pepe 2003, §5.2.2). A difference of
            AUCs takes pROC's interval.

        Returns
        -------
        pandas.DataFrame
            Index: the codes; columns "value", and with ``ci`` "se", "lower", "upper" (with a sample design
            "deff") and "method".

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> df = pd.DataFrame({"y": ["a", "a", "b", "b", "c", "c"],
        ...                    "p_a": [0.7, 0.2, 0.2, 0.1, 0.3, 0.1], "p_b": [0.2, 0.5, 0.6, 0.3, 0.3, 0.2],
        ...                    "p_c": [0.1, 0.3, 0.2, 0.6, 0.4, 0.7]})
        >>> df.agree.scores("y", ["p_a", "p_b", "p_c"]).values("AUC", ci="linearized")[["value", "se"]].round(4)
                  value      se
        AUC      0.8333  0.1201
        AUC_OVO  0.8333  0.1197

        The multiclass Brier score and log loss (scikit-learn's ``brier_score_loss`` and ``log_loss`` on the
        probability matrix: 0.4833 and 0.8256) beside the averages of the one-vs-rest values:

        >>> df.agree.scores("y", ["p_a", "p_b", "p_c"]).values(["BRIER", "LOGLOSS"],
        ...                                                    ci="linearized")[["value", "se"]].round(4)
                     value      se
        BRIER       0.1611  0.0460
        LOGLOSS     0.4912  0.1040
        BRIER_MC    0.4833  0.1381
        LOGLOSS_MC  0.8256  0.1904
        """
        if average not in ("unweighted", "weighted"):
            raise ValueError(f"average must be 'unweighted' or 'weighted' for scores; got {average!r}")
        measures, rows = self._multiclass_rows(measures)
        chosen = _chosen(measures, self.probabilities and (measures is not None or not self.multiclass))
        problems = self._problems()
        params = _params(chosen, max_fpr)
        atoms = [Atom(m, column, positive, params=params[m.code]) for m in chosen for column, positive in problems]
        # class probabilities: the multiclass Brier score and log loss, sums over the classes of one-vs-rest terms
        sums = {}
        if self.multiclass and self.probabilities:
            named = {m.code for m in chosen}
            for code in MULTICLASS_PROBABILITY_ROWS:
                if measures is None or code in named:
                    term = POSITIVE_LOG_LOSS if code == "LOGLOSS" else SCORES["BRIER"]
                    at = next((i * len(problems) for i, m in enumerate(chosen) if m is term), None)
                    if at is None:
                        at = len(atoms)
                        atoms += [Atom(term, column, positive) for column, positive in problems]
                    sums[code] = at
        one_vs_rest = len(atoms)
        pairs = []
        if self.multiclass and any(m.code == "AUC" for m in chosen):
            # Hand and Till's M: the AUC of class i's probability, class i against class j, for every ordered pair
            pairs = [(i, j) for i in range(len(self.labels)) for j in range(len(self.labels)) if i != j]
            atoms += [Atom(SCORES["AUC"], i, i, j) for i, j in pairs]
            # weighted as scikit-learn weighs the pairs: by the prevalence of the two classes, each ordered pair's
            # AUC once by the prevalence of its positive class and once (a copy) by its negative class's
            atoms += [Atom(SCORES["AUC"], i, i, j) for i, j in pairs]
        by = np.array([a.positive for a in atoms])
        if pairs:
            by[len(by) - len(pairs):] = [j for _, j in pairs]
        combos: dict = {}
        keys = []
        for i, m in enumerate(chosen):
            at = slice(i * len(problems), (i + 1) * len(problems))
            weights = np.zeros(len(atoms))
            weighted = average == "weighted" and self.multiclass
            weights[at] = 1.0 if weighted else 1.0 / len(problems)
            combos[m.code] = Combination(weights, m.range, m.interval_scale or range_scale(m.range),
                                         by if weighted else None)
            keys.append(m.code)
        if pairs:
            weights = np.zeros(len(atoms))
            auc = SCORES["AUC"]
            if average == "weighted":  # Σ over pairs of (π_i + π_j)/(K − 1) × their mean AUC
                weights[one_vs_rest:] = 1.0 / (2 * (len(self.labels) - 1))
                combos["AUC_OVO"] = Combination(weights, auc.range, range_scale(auc.range), by)
            else:
                weights[one_vs_rest:one_vs_rest + len(pairs)] = 1.0 / len(pairs)
                combos["AUC_OVO"] = Combination(weights, auc.range, range_scale(auc.range))
            keys.append("AUC_OVO")
        for code, at in sums.items():
            key, _, bounds = MULTICLASS_PROBABILITY_ROWS[code]
            weights = np.zeros(len(atoms))
            weights[at:at + len(problems)] = 1.0
            combos[key] = Combination(weights, bounds, range_scale(bounds))
            keys.append(key)
        point, found = self._estimates(atoms, combos, ci=ci, confidence_level=confidence_level,
                                       n_resamples=n_resamples, bootstrap_method=bootstrap_method,
                                       random_state=random_state, scale=scale)
        if rows is not None:  # a row of class probabilities named (AUC_OVO, ...): the rows named, in their order
            keys = [k for k in rows if k in keys]
        warn_undefined({k: None for k in keys if np.isnan(point[k])}, what="measure")
        out = self._frame(point, found, keys, keys)
        below = _below_half(out)
        if below is not None:
            _warn_reversed([reversed_auc_text(self._what(), *below, confidence_level, self._remedy())])
        return out

    def _multiclass_rows(self, measures) -> tuple:
        """The measures to compute where a row of class probabilities is named by its code (AUC_OVO, BRIER_MC,
        LOGLOSS_MC): each such code stands for the one-vs-rest statistic whose computation brings its row, and the
        rows to show are the codes named (None: every row the statistics bring)."""
        named = [measures] if isinstance(measures, str) else measures
        if named is None:
            return measures, None
        is_row = [isinstance(m, str) and m.upper() in MULTICLASS_ROW_OF for m in named]
        if not any(is_row):
            return measures, None
        rows = [m.upper() for m, row in zip(named, is_row, strict=True) if row]
        if not self.multiclass:
            raise ValueError(f"measures: {', '.join(rows)} {'is a row' if len(rows) == 1 else 'are rows'} of class "
                             "probabilities (one score column per label); for one score ask for "
                             f"{', '.join(dict.fromkeys(MULTICLASS_ROW_OF[r] for r in rows))}")
        parents = list(dict.fromkeys(MULTICLASS_ROW_OF[m.upper()] if row else m
                                     for m, row in zip(named, is_row, strict=True)))
        shown = [m.upper() if row else _chosen([m])[0].code for m, row in zip(named, is_row, strict=True)]
        return parents, list(dict.fromkeys(shown))

    def classes(self, measures=None, *, ci: str | None = None, confidence_level: float = 0.95,
                n_resamples: int = 2000, bootstrap_method: str = "percentile", random_state=None,
                scale: str = "auto", max_fpr: float | None = None) -> pd.DataFrame:
        """The one-vs-rest values of every class (of the positive label, for one score).

        Returns
        -------
        pandas.DataFrame
            Index: the classes, name "class"; columns: the codes, with ``ci`` a MultiIndex (code, stat), stat in
            ("value", "se", "lower", "upper").

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> df = pd.DataFrame({"y": ["a", "a", "b", "b", "c", "c"],
        ...                    "p_a": [0.7, 0.2, 0.2, 0.1, 0.3, 0.1], "p_b": [0.2, 0.5, 0.6, 0.3, 0.3, 0.2],
        ...                    "p_c": [0.1, 0.3, 0.2, 0.6, 0.4, 0.7]})
        >>> df.agree.scores("y", ["p_a", "p_b", "p_c"]).classes("AUC")
                  AUC
        class
        a      0.8125
        b      0.8125
        c      0.8750
        """
        chosen = _chosen(self._multiclass_rows(measures)[0], self.probabilities)  # AUC_OVO: the classes' AUC
        problems = self._problems()
        params = _params(chosen, max_fpr)
        atoms = [Atom(m, column, positive, params=params[m.code]) for m in chosen for column, positive in problems]
        combos = {(self.labels[positive], m.code): _atom_combination(len(atoms), i * len(problems) + j, m.range,
                                                                     m.interval_scale or range_scale(m.range))
                  for i, m in enumerate(chosen) for j, (_, positive) in enumerate(problems)}
        point, found = self._estimates(atoms, combos, ci=ci, confidence_level=confidence_level,
                                       n_resamples=n_resamples, bootstrap_method=bootstrap_method,
                                       random_state=random_state, scale=scale)
        index = pd.Index([self.labels[positive] for _, positive in problems], name="class")
        if found is None:
            return pd.DataFrame({m.code: [float(point[(c, m.code)]) for c in index] for m in chosen}, index=index)
        stats = ("value", *ESTIMATE_COLUMNS)
        data = {(m.code, stat): [float(point[(c, m.code)]) if stat == "value" else
                                 float(getattr(found[(c, m.code)], stat)) for c in index]
                for m in chosen for stat in stats}
        out = pd.DataFrame(data, index=index)
        out.columns = pd.MultiIndex.from_tuples(out.columns, names=[None, "stat"])
        out.attrs["methods"] = {m.code: found[(index[0], m.code)].method for m in chosen}
        if "AUC" in out.columns.get_level_values(0):
            _warn_reversed([reversed_auc_text(self._what(label) if self.multiclass else self._what(), value, upper,
                                              confidence_level, self._remedy())
                            for label, value, upper in zip(index, out[("AUC", "value")], out[("AUC", "upper")],
                                                           strict=True) if upper < 0.5])
        return out

    def report(self, **options):
        """All the tables of the scores as a report (text, HTML, Excel, JSON, the ROC curve).

        Options: ``measures``, ``average``, ``ci`` (default "auto"), ``confidence_level``, ``n_resamples``,
        ``bootstrap_method``, ``random_state`` and ``scale``, as for :meth:`values`.

        Returns
        -------
        pandas_agree.ScoresReport

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> df = pd.DataFrame({"y": [0, 0, 1, 1, 0, 1], "s": [0.1, 0.4, 0.35, 0.8, 0.2, 0.9]})
        >>> df.agree.scores("y", "s").report().values.loc["AUC", "method"]
        'DeLong SE, logit scale, t on 2 df (smaller class − 1)'
        """
        return build_report(self, **options)

    def roc(self) -> pd.DataFrame:
        """The ROC curve: at each distinct score from the highest down (and +inf first), the false and the true
        positive rate of calling positive every object scored at or above it (scikit-learn's ``roc_curve`` with
        ``drop_intermediate=False``). For class probabilities one curve per class (one-vs-rest), the class the
        first level of the index.

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> df = pd.DataFrame({"y": [0, 0, 1, 1], "s": [0.1, 0.4, 0.35, 0.8]})
        >>> df.agree.scores("y", "s").roc()
           threshold  fpr  tpr
        0        inf  0.0  0.0
        1       0.80  0.0  0.5
        2       0.40  0.5  0.5
        3       0.35  0.5  1.0
        4       0.10  1.0  1.0
        """
        frames = {self.labels[positive]: _roc_curve(self._patterns, column, positive)
                  for column, positive in self._problems()}
        if not self.multiclass:
            return next(iter(frames.values()))
        return pd.concat(frames, names=["class", None])

    def precision_recall(self) -> pd.DataFrame:
        """The precision–recall curve: at each distinct score from the highest down, the recall and the precision of
        calling positive every object scored at or above it, after a first point (threshold +inf, recall 0,
        precision 1) as scikit-learn's ``precision_recall_curve`` ends its (reversed). Average precision (AP) is
        Σ (R_k − R_(k−1)) P_k over these points. One score only.

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> df = pd.DataFrame({"y": [0, 0, 1, 1], "s": [0.1, 0.4, 0.35, 0.8]})
        >>> df.agree.scores("y", "s").precision_recall()
           threshold  recall  precision
        0        inf     0.0   1.000000
        1       0.80     0.5   1.000000
        2       0.40     0.5   0.500000
        3       0.35     1.0   0.666667
        4       0.10     1.0   0.500000
        """
        self._one_score("precision_recall()")
        _, a, b, c, _ = self._counts_at(None, 0, self._positive)
        with np.errstate(invalid="ignore", divide="ignore"):
            recall, precision = a / (a + b), a / (a + c)
        return pd.DataFrame({"threshold": np.append(np.inf, self._patterns.scores[0][::-1]),
                             "recall": np.append(0.0, recall), "precision": np.append(1.0, precision)})

    def calibration(self, bins: int = CALIBRATION_BINS, *, ci: str | None = "auto", confidence_level: float = 0.95,
                    n_resamples: int = 2000, bootstrap_method: str = "percentile",
                    random_state=None) -> pd.DataFrame:
        """How well the scores, read as probabilities of the positive label, are calibrated.

        - Cox's (1958) calibration intercept (calibration-in-the-large: the logistic model of the label with
          logit p as offset) and slope (the logistic regression of the label on logit p), with their model-based
          SEs and Wald intervals; perfect calibration is intercept 0, slope 1.
        - The Brier score and Murphy's (1973) decomposition over ``bins`` equal-width bins (reliability −
          resolution + uncertainty, with Stephenson, Coelho and Jolliffe's (2008) within-bin terms, so that the
          terms add up to the Brier score).
        - The calibration errors over ``bins`` bins: ECE with equal-width and with equal-mass bins (the bins of the
          scores as counted), the RMS calibration error and its debiased estimate (Kumar, Liang and Ma 2019),
          and the maximum calibration error (torchmetrics' ``BinaryCalibrationError``).

        Every value but Cox's takes the interval of ``ci`` as the other values do: linearised (from its partials;
        the binned ones through the bins' five sums, :func:`~pandas_agree.measures.calibration.binned_partials`)
        or design-based, or a bootstrap of the objects (``ci="bootstrap"``); the bins stay those of the counted
        scores.

        The debiased RMS error is √max(T̂, 0), T̂ an estimate of the squared error
        (:func:`~pandas_agree.measures.calibration.debiased_squared_error`) that falls below 0 where the bins'
        gaps are smaller than their sampling noise; the value is then 0 (torchmetrics' ``debias=True`` and Kumar
        et al.'s code clip it so), which is not a certainty that the error is 0. Its linearised or design-based
        interval is T̂'s Wald interval by the same method, cut at 0, mapped back by the square root (it holds 0
        where T̂ is within z SEs of 0); where T̂ ≤ 0 the SE is NaN (the square root has no finite slope at 0),
        with an ``UndefinedMeasureWarning`` that gives T̂, and the interval [0, √(T̂ + z·SE(T̂))]. The bootstrap
        resamples the clipped value, and its method says where T̂ was clipped.

        Returns
        -------
        pandas.DataFrame
            Index: "intercept", "slope", "BRIER", "reliability", "resolution", "uncertainty",
            "within_bin_variance", "within_bin_covariance", "ECE", "ECE_MASS", "RMSCE", "RMSCE_DEBIASED",
            "MCE"; columns "value", and with ``ci`` "se", "lower", "upper", "method".

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> df = pd.DataFrame({"y": [0, 0, 1, 1, 0, 1, 1, 0], "p": [0.1, 0.4, 0.35, 0.8, 0.2, 0.9, 0.6, 0.5]})
        >>> import warnings
        >>> with warnings.catch_warnings():  # the debiased RMS error is clipped at 0: an UndefinedMeasureWarning
        ...     warnings.simplefilter("ignore", pa.UndefinedMeasureWarning)
        ...     cal = df.agree.scores("y", "p").calibration(bins=2)
        >>> cal.loc[["slope", "BRIER", "MCE"], ["value", "se"]].round(4)
                value      se
        slope  2.0650  1.5534
        BRIER  0.1366  0.0478
        MCE    0.0500  0.1677
        >>> cal.loc[["RMSCE_DEBIASED"], ["value", "se", "lower", "upper"]].round(4)
                        value  se  lower  upper
        RMSCE_DEBIASED    0.0 NaN    0.0  0.062

        (Eight objects in the default 15 bins would leave MCE's bin with one object: its SE is then NaN, with an
        UndefinedMeasureWarning.)
        """
        self._one_score("calibration()")
        if not self.probabilities:
            raise ValueError("calibration() reads the scores as probabilities of the positive label, but some "
                             "scores lie outside [0, 1]")
        view = self._patterns.view(0, self._positive)
        args = (view.scores, view.positives, view.negatives)
        rows: dict = {}
        cox = _calibration.calibration_intercept_slope(*args)
        from ..inference.distributions import critical_value

        z = float(critical_value(confidence_level))
        for name, centre in (("intercept", 0.0), ("slope", 1.0)):
            value, se = float(cox[name]), float(cox[f"{name}_se"])
            rows[name] = {"value": value, "se": se, "lower": value - z * se, "upper": value + z * se,
                          "method": f"Cox (1958) logistic recalibration, Wald (perfect: {centre:g})"}
        width_bins = _calibration.calibration_bins(*args, bins=bins, strategy="uniform")
        mass_bins = _calibration.calibration_bins(*args, bins=bins, strategy="quantile")
        murphy_bins = _calibration.murphy_bins(view.scores, bins)

        def murphy_term(term):
            return lambda v: _calibration.murphy(v.scores, v.positives, v.negatives, bins=bins)[term]

        def error(norm, index, debiased=False):
            return lambda v: _calibration.calibration_error(v.scores, v.positives, v.negatives, bins=bins,
                                                            norm=norm, debiased=debiased, bin_index=index)

        functions = {
            "reliability": murphy_term("reliability"), "resolution": murphy_term("resolution"),
            "uncertainty": murphy_term("uncertainty"), "within_bin_variance": murphy_term("within_bin_variance"),
            "within_bin_covariance": murphy_term("within_bin_covariance"),
            "ECE": error("l1", width_bins), "ECE_MASS": error("l1", mass_bins), "RMSCE": error("l2", width_bins),
            "RMSCE_DEBIASED": error("l2", width_bins, debiased=True), "MCE": error("max", width_bins),
            # not a row: the unclipped squared error, whose interval the debiased error's is built from
            "RMSCE_DEBIASED_SQUARED": lambda v: _calibration.debiased_squared_error(
                v.scores, v.positives, v.negatives, bins=bins, bin_index=width_bins)}
        murphy = ("reliability", "resolution", "uncertainty", "within_bin_variance", "within_bin_covariance")

        def partials():  # only for linearised intervals (MCE's may be undefined, with a warning)
            found = _calibration.binned_partials(*args, *murphy_bins, names=murphy)
            found.update(_calibration.binned_partials(*args, width_bins, bins,
                                                      names=("ECE", "RMSCE", "RMSCE_DEBIASED",
                                                             "RMSCE_DEBIASED_SQUARED", "MCE")))
            found["ECE_MASS"] = _calibration.binned_partials(*args, mass_bins, bins, names=("ECE",))["ECE"]
            return found

        bounds = {key: (-1.0, 1.0) if key == "within_bin_covariance" else (0.0, 1.0) for key in functions}
        bounds["RMSCE_DEBIASED_SQUARED"] = (-np.inf, np.inf)  # below 0 where the gaps are within the noise
        brier = self.values("BRIER", ci=ci, confidence_level=confidence_level, n_resamples=n_resamples,
                            bootstrap_method=bootstrap_method, random_state=random_state).loc["BRIER"]
        rows["BRIER"] = brier.to_dict()
        estimand = ScoreFunctions(self._patterns, 0, self._positive, functions, partials, bounds)
        opts = interval_options(ci, confidence_level, n_resamples, bootstrap_method, random_state, "multinomial",
                                self._sample)
        found = None if opts is None else estimate(estimand, opts)
        if found is not None:
            found["RMSCE_DEBIASED"] = _debiased_error(found["RMSCE_DEBIASED"], found["RMSCE_DEBIASED_SQUARED"], opts)
        for key in (key for key in functions if key != "RMSCE_DEBIASED_SQUARED"):
            rows[key] = {"value": float(estimand.point[key])}
            if found is not None:
                e = found[key]
                rows[key].update(se=float(e.se), lower=float(e.lower), upper=float(e.upper),
                                 method=f"{e.method}; {bins} {'equal-mass' if key == 'ECE_MASS' else 'equal-width'}"
                                        " bins")
        out = pd.DataFrame.from_dict(rows, orient="index")
        if ci is None:
            return out[["value"]]
        return out.reindex(columns=["value", "se", "lower", "upper", "method"])

    def reliability(self, bins: int = CALIBRATION_BINS, strategy: str = "uniform") -> pd.DataFrame:
        """The points of the reliability diagram: for each bin of the scores with objects, the mean predicted
        probability, the observed fraction of positives and the (weighted) count (scikit-learn's
        ``calibration_curve`` with ``n_bins`` and ``strategy``: "uniform", equal-width bins, or "quantile"). By
        default the 15 bins of :meth:`calibration` and of the report's diagram (``calibration_curve``'s default is
        5).

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> df = pd.DataFrame({"y": [0, 0, 1, 1, 0, 1], "p": [0.1, 0.4, 0.35, 0.8, 0.2, 0.9]})
        >>> df.agree.scores("y", "p").reliability(bins=2)
           mean_predicted  fraction_positive  count
        0          0.2625               0.25    4.0
        1          0.8500               1.00    2.0
        """
        self._one_score("reliability()")
        if not self.probabilities:
            raise ValueError("reliability() reads the scores as probabilities of the positive label, but some "
                             "scores lie outside [0, 1]")
        view = self._patterns.view(0, self._positive)
        curve = _calibration.reliability_curve(view.scores, view.positives, view.negatives, bins=bins,
                                               strategy=strategy)
        return pd.DataFrame({"mean_predicted": curve["mean_predicted"],
                             "fraction_positive": curve["fraction_positive"], "count": curve["count"]})

    def _one_score(self, what: str) -> None:
        if self.multiclass:
            raise ValueError(f"{what} takes one score against a positive label; for class probabilities build the "
                             "analysis of one column with positive= (df.agree.scores(actual, column, "
                             "positive=label))")

    def _counts_at(self, thresholds: np.ndarray | None, column: int, positive: int):
        view = self._patterns.view(column, positive)
        scores = view.scores
        if thresholds is None:
            thresholds = scores[::-1]
        thresholds = np.asarray(thresholds, dtype=float)
        # the objects at or above each threshold: those from its insertion point up
        start = np.searchsorted(scores, thresholds, side="left")
        pos_above = np.append(np.cumsum(view.positives[::-1])[::-1], 0.0)
        neg_above = np.append(np.cumsum(view.negatives[::-1])[::-1], 0.0)
        a, c = pos_above[start], neg_above[start]
        b, d = pos_above[0] - a, neg_above[0] - c
        return thresholds, a, b, c, d

    def thresholds(self, measures=None, *, at=None, ci: str | None = None, confidence_level: float = 0.95,
                   n_resamples: int = 2000, bootstrap_method: str = "percentile",
                   random_state=None) -> pd.DataFrame:
        """Every class-specific measure of the registry at every threshold (calling positive the objects scored at
        or above it): the counts TP, FN, FP, TN and the measures, one row per threshold, from the highest distinct
        score down, or at the thresholds ``at``; with ``ci`` each measure's interval, as
        :meth:`Agreement.binary <pandas_agree.Agreement.binary>` gives it for the 2×2 table there.

        Parameters
        ----------
        measures : str or list, optional
            Class-specific measure codes or names (``pa.measures("binary")``); the default set by default.
        at : sequence of float, optional
            The thresholds; every distinct score by default. With ``ci``, at most
            :data:`MAX_THRESHOLD_INTERVALS` of them (each is a table of its own).
        ci, confidence_level, n_resamples, bootstrap_method, random_state
            The intervals, as for :meth:`Agreement.binary <pandas_agree.Agreement.binary>`.

        Returns
        -------
        pandas.DataFrame
            Index: the thresholds, name "threshold"; columns "TP", "FN", "FP", "TN" and the codes, with ``ci`` a
            MultiIndex (code, stat), stat in ("value", "se", "lower", "upper"), the counts under stat "count".

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> df = pd.DataFrame({"y": [0, 0, 1, 1], "s": [0.1, 0.4, 0.35, 0.8]})
        >>> df.agree.scores("y", "s").thresholds(["REC", "SPE"])
                   TP   FN   FP   TN  REC  SPE
        threshold
        0.80      1.0  1.0  0.0  2.0  0.5  1.0
        0.40      1.0  1.0  1.0  1.0  0.5  0.5
        0.35      2.0  0.0  1.0  1.0  1.0  0.5
        0.10      2.0  0.0  2.0  0.0  1.0  0.0
        >>> t = df.agree.scores("y", "s").thresholds("REC", at=[0.35], ci="wilson")
        >>> t[("REC", "upper")].round(4).tolist()
        [1.0]
        """
        self._one_score("thresholds()")
        chosen = resolve(measures, "binary", default=lambda m: m.default and not m.params)
        thresholds, a, b, c, d = self._counts_at(None if at is None else np.atleast_1d(at), 0, self._positive)
        index = pd.Index(thresholds, name="threshold")
        if ci is None:
            out = pd.DataFrame({"TP": a, "FN": b, "FP": c, "TN": d}, index=index)
            for m in chosen:
                out[m.code] = apply_formula(m.compute, m, (a, b, c, d), {})
            return out
        if len(thresholds) > MAX_THRESHOLD_INTERVALS:
            raise ValueError(f"at: intervals at {len(thresholds):,} thresholds (every distinct score) would build as "
                             f"many tables; give at most {MAX_THRESHOLD_INTERVALS:,} thresholds with at=")
        codes = [m.code for m in chosen]
        rows = []
        for counts in zip(a, b, c, d, strict=True):
            with warnings.catch_warnings():  # a threshold's undefined values are NaN, said once below
                warnings.simplefilter("ignore", UndefinedMeasureWarning)
                found = self._agreement(*counts).binary(codes, classes="common", ci=ci,
                                                        confidence_level=confidence_level,
                                                        n_resamples=n_resamples, bootstrap_method=bootstrap_method,
                                                        random_state=random_state)
            rows.append(found.loc[self.labels[self._positive]])
        out = pd.DataFrame(rows, index=index)
        out.columns = pd.MultiIndex.from_tuples(out.columns, names=["code", "stat"])
        counts = pd.DataFrame({("TP", "count"): a, ("FN", "count"): b, ("FP", "count"): c, ("TN", "count"): d},
                              index=index)
        out = pd.concat([counts, out], axis=1)
        warn_undefined({code: None for code in codes if out[(code, "value")].isna().any()}, what="measure")
        return out

    def _agreement(self, a: float, b: float, c: float, d: float) -> Agreement:
        """The 2×2 Agreement of the positive label against the rest at one threshold (TP a, FN b, FP c, TN d)."""
        positive = self.labels[self._positive]
        negative = self.labels[1 - self._positive] if len(self.labels) == 2 else "rest"
        order = [negative, positive]
        reference, scores = self.names  # the axes named after the columns, as the Agreement of df.agree(a, p)
        table = pd.DataFrame([[d, c], [b, a]], index=pd.Index(order, name=reference),
                             columns=pd.Index(order, name=scores[0] if len(scores) == 1 else "pred"))
        return Agreement.from_table(table)

    def at(self, threshold: float) -> Agreement:
        """The Agreement of the reference with the classification "positive where the score is at or above
        ``threshold``": its 2×2 table (labels: the other label, or "rest" where the reference has more than two,
        then the positive one), with every analysis of an Agreement (class-specific measures with intervals, kappa,
        tests, the report).

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> df = pd.DataFrame({"y": [0, 0, 1, 1], "s": [0.1, 0.4, 0.35, 0.8]})
        >>> df.agree.scores("y", "s").at(0.35).table
        s    0    1
        y
        0  1.0  1.0
        1  0.0  2.0
        """
        self._one_score("at()")
        _, a, b, c, d = self._counts_at(np.array([float(threshold)]), 0, self._positive)
        return self._agreement(a[0], b[0], c[0], d[0])

    def best_threshold(self, criterion: str = "youden", *, sensitivity: float | None = None) -> pd.Series:
        """The threshold that maximises Youden's J (sensitivity + specificity − 1) or F1, or the highest threshold
        whose sensitivity reaches ``sensitivity``; with its counts and measures (a row of :meth:`thresholds`).

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> df = pd.DataFrame({"y": [0, 0, 1, 1], "s": [0.1, 0.4, 0.35, 0.8]})
        >>> float(df.agree.scores("y", "s").best_threshold("youden").name)
        0.8
        """
        table = self.thresholds(["REC", "SPE", "F1"])
        if sensitivity is not None:
            if not 0 < sensitivity <= 1:
                raise ValueError(f"sensitivity must be in (0, 1]; got {sensitivity!r}")
            reached = table[table["REC"] >= sensitivity]
            return reached.iloc[0]
        if criterion not in ("youden", "f1"):
            raise ValueError(f"criterion must be 'youden' or 'f1'; got {criterion!r}")
        score = table["REC"] + table["SPE"] - 1 if criterion == "youden" else table["F1"]
        return table.loc[score.idxmax()]


@validate_options
class ScoreComparison(_ScoreAnalysis):
    """Several scores of the same objects against one reference: each score's statistics, their paired
    differences with intervals, and DeLong's paired test of the AUCs (Holm's adjustment across pairs).

    Built by ``df.agree.compare_scores(actual, [score_a, score_b, ...], positive=...)``.

    Examples
    --------
    >>> import pandas as pd
    >>> import pandas_agree as pa
    >>> df = pd.DataFrame({"y": [0, 0, 1, 1, 0, 1], "a": [0.1, 0.4, 0.35, 0.8, 0.2, 0.9],
    ...                    "b": [0.3, 0.2, 0.6, 0.7, 0.1, 0.5]})
    >>> cmp = df.agree.compare_scores("y", ["a", "b"])
    >>> cmp.differences("AUC")["value"].round(4).tolist()
    [-0.1111]
    """

    def __init__(self, patterns: ScorePatterns, *, positive: int, names: tuple[Hashable, Sequence[Hashable]],
                 lonely_psu: str = "adjust", replicates: str | None = None) -> None:
        super().__init__(patterns, names=names, lonely_psu=lonely_psu, replicates=replicates)
        self._positive = positive

    @property
    def scores(self) -> list:
        """The names of the score columns, in order."""
        return list(self._names[1])

    @property
    def positive(self):
        """The positive label, the label every score speaks for."""
        return self.labels[self._positive]

    def report(self, **options):
        """All the tables of the comparison as a report (text, HTML, Excel, JSON, the ROC curves): the cases, each
        score's statistics with intervals, the paired differences of the AUCs and DeLong's paired tests.

        Options: ``measures`` (the statistics of each score; default those of :meth:`values`), ``ci`` (default
        "auto"; None for the values alone, the tests still shown), ``confidence_level``, ``n_resamples``,
        ``bootstrap_method``, ``random_state``, ``scale`` (the AUC's interval of each score) and ``max_fpr``.

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> df = pd.DataFrame({"y": [0, 0, 1, 1, 0, 1], "a": [0.1, 0.4, 0.35, 0.8, 0.2, 0.9],
        ...                    "b": [0.3, 0.2, 0.6, 0.7, 0.1, 0.5]})
        >>> df.agree.compare_scores("y", ["a", "b"]).report().tests["pvalue"].round(4).tolist()
        [0.4795]
        """
        return build_report(self, **options)

    def roc(self) -> pd.DataFrame:
        """The ROC curve of each score, as :meth:`Scores.roc`: the score the first level of the index.

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> df = pd.DataFrame({"y": [0, 0, 1, 1], "a": [0.1, 0.4, 0.35, 0.8], "b": [0.3, 0.2, 0.6, 0.7]})
        >>> df.agree.compare_scores("y", ["a", "b"]).roc().loc["b"]
           threshold  fpr  tpr
        0        inf  0.0  0.0
        1        0.7  0.0  0.5
        2        0.6  0.0  1.0
        3        0.3  0.5  1.0
        4        0.2  1.0  1.0
        """
        return pd.concat({name: _roc_curve(self._patterns, k, self._positive) for k, name in enumerate(self.scores)},
                         names=["score", None])

    def _pairs(self) -> list[tuple[int, int]]:
        k = len(self.scores)
        return [(i, j) for i in range(k) for j in range(i + 1, k)]

    def values(self, measures=None, *, ci: str | None = None, confidence_level: float = 0.95,
               n_resamples: int = 2000, bootstrap_method: str = "percentile", random_state=None,
               scale: str = "auto", max_fpr: float | None = None) -> pd.DataFrame:
        """Each score's statistics: index (score, code), columns as :meth:`Scores.values`.

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> df = pd.DataFrame({"y": [0, 0, 1, 1, 0, 1], "a": [0.1, 0.4, 0.35, 0.8, 0.2, 0.9],
        ...                    "b": [0.3, 0.2, 0.6, 0.7, 0.1, 0.5]})
        >>> df.agree.compare_scores("y", ["a", "b"]).values("AUC")["value"].round(4).tolist()
        [0.8889, 1.0]
        """
        chosen = _chosen(measures, self.probabilities)
        params = _params(chosen, max_fpr)
        atoms = [Atom(m, c, self._positive, params=params[m.code]) for c in range(len(self.scores)) for m in chosen]
        combos = {(s, m.code): _atom_combination(len(atoms), i * len(chosen) + j, m.range,
                                                 m.interval_scale or range_scale(m.range))
                  for i, s in enumerate(self.scores) for j, m in enumerate(chosen)}
        point, found = self._estimates(atoms, combos, ci=ci, confidence_level=confidence_level,
                                       n_resamples=n_resamples, bootstrap_method=bootstrap_method,
                                       random_state=random_state, scale=scale)
        keys = list(combos)
        out = self._frame(point, found, keys, keys)
        out.index = pd.MultiIndex.from_tuples(keys, names=["score", "measure"])
        if "upper" in out.columns:
            texts = []
            for score in self.scores:
                below = _below_half(out.xs(score, level="score")) if (score, "AUC") in combos else None
                if below is not None:
                    texts.append(reversed_auc_text(
                        f"the score {score}", *below, confidence_level,
                        f"A higher score speaks for the positive label {str(self.positive)!r}: check which label the "
                        "score is the probability of and name it with positive= (or, where labels= gives the "
                        "order, its order)."))
            _warn_reversed(texts)
        return out

    def differences(self, measures="AUC", *, ci: str | None = "auto", confidence_level: float = 0.95,
                    n_resamples: int = 2000, bootstrap_method: str = "percentile", random_state=None,
                    max_fpr: float | None = None) -> pd.DataFrame:
        """The paired difference (first score − second) of each statistic for every pair of scores, with its SE,
        interval and two-sided p-value: for the AUC DeLong's paired test (pROC's ``roc.test``), for the others the
        linearised one; Holm's adjustment across the pairs of each statistic in "pvalue_holm".

        Returns
        -------
        pandas.DataFrame
            Index (first, second, measure); columns "value" and with ``ci`` "se", "lower", "upper", "method",
            "pvalue", "pvalue_holm". With the AUC among the measures, ``attrs["same_ranking"]`` lists the pairs
            (first, second) that rank the objects alike (one score a strictly increasing function of the other):
            their AUCs are equal on every sample, the difference 0 with an SE of 0.

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> df = pd.DataFrame({"y": [0, 0, 1, 1, 0, 1], "a": [0.1, 0.4, 0.35, 0.8, 0.2, 0.9],
        ...                    "b": [0.3, 0.2, 0.6, 0.7, 0.1, 0.5]})
        >>> d = df.agree.compare_scores("y", ["a", "b"]).differences("AUC")
        >>> d[["value", "se", "pvalue"]].round(4)
                               value      se  pvalue
        first second measure
        a     b      AUC     -0.1111  0.1571  0.4795
        """
        chosen = _chosen(measures, self.probabilities)
        k = len(self.scores)
        params = _params(chosen, max_fpr)
        atoms = [Atom(m, c, self._positive, params=params[m.code]) for c in range(k) for m in chosen]
        combos = {}
        for i, j in self._pairs():
            for t, m in enumerate(chosen):
                weights = np.zeros(len(atoms))
                weights[i * len(chosen) + t], weights[j * len(chosen) + t] = 1.0, -1.0
                lo, hi = m.range
                combos[(self.scores[i], self.scores[j], m.code)] = Combination(weights, (lo - hi, hi - lo),
                                                                               "identity")
        point, found = self._estimates(atoms, combos, ci=ci, confidence_level=confidence_level,
                                       n_resamples=n_resamples, bootstrap_method=bootstrap_method,
                                       random_state=random_state, scale="identity")
        keys = list(combos)
        out = self._frame(point, found, keys, keys)
        out.index = pd.MultiIndex.from_tuples(keys, names=["first", "second", "measure"])
        if found is not None:
            out["method"] = [PAIRED_DELONG + (" (on the Gini scale, 2·AUC − 1)" if key[2] == "GINI" else "")
                             if method == "DeLong" else method for method, key in zip(out["method"], keys,
                                                                                      strict=True)]
            out["pvalue"] = [float(np.nan if found[key].pvalue is None else found[key].pvalue) for key in keys]
            out["pvalue_holm"] = np.nan
            for m in chosen:
                rows = out.index.get_level_values("measure") == m.code
                out.loc[rows, "pvalue_holm"] = _holm(out.loc[rows, "pvalue"].to_numpy())
        if any(m.code == "AUC" for m in chosen):  # the pairs that rank the objects alike (only they can: ΔAUC = 0)
            out.attrs["same_ranking"] = [
                (self.scores[i], self.scores[j]) for i, j in self._pairs()
                if point[(self.scores[i], self.scores[j], "AUC")] == 0 and _same_ranking(self._patterns, i, j)]
        return out

    def tests(self) -> pd.DataFrame:
        """DeLong's paired test of the AUCs of every pair of scores: index (first, second); columns "statistic"
        (Z = ΔAUC / SE), "pvalue" (two-sided) and "pvalue_holm" (Holm's adjustment across the pairs), "method".

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> df = pd.DataFrame({"y": [0, 0, 1, 1, 0, 1], "a": [0.1, 0.4, 0.35, 0.8, 0.2, 0.9],
        ...                    "b": [0.3, 0.2, 0.6, 0.7, 0.1, 0.5]})
        >>> df.agree.compare_scores("y", ["a", "b"]).tests().round(4)
                      statistic  pvalue  pvalue_holm                         method
        first second
        a     b         -0.7071  0.4795       0.4795  DeLong's test for paired AUCs
        """
        found = self.differences("AUC", ci="auto")
        with np.errstate(invalid="ignore", divide="ignore"):  # the same ranking twice: no difference, Z = 0 (pROC)
            statistic = np.where((found["se"] == 0) & (found["value"] == 0), 0.0, found["value"] / found["se"])
        out = pd.DataFrame({"statistic": statistic, "pvalue": found["pvalue"],
                            "pvalue_holm": found["pvalue_holm"], "method": found["method"]})
        out.index = out.index.droplevel("measure")
        return out


def _same_ranking(patterns: ScorePatterns, first: int, second: int) -> bool:
    """Whether two score columns rank the objects alike: one a strictly increasing function of the other on the
    objects counted (ties in the one exactly where ties in the other), so that every statistic of ranks is the same
    for both on every sample."""
    pairs = np.unique(patterns.levels[patterns.counts > 0][:, [first, second]], axis=0)  # sorted by the first
    return bool(np.all(np.diff(pairs[:, 0]) > 0) and np.all(np.diff(pairs[:, 1]) > 0))


def _roc_curve(patterns: ScorePatterns, column: int, positive: int) -> pd.DataFrame:
    """The ROC curve of one score column against one positive label (see :meth:`Scores.roc`)."""
    view = patterns.view(column, positive)
    tp = np.cumsum(view.positives[::-1])
    fp = np.cumsum(view.negatives[::-1])
    with np.errstate(invalid="ignore", divide="ignore"):
        tpr = np.append(0.0, tp / tp[-1])
        fpr = np.append(0.0, fp / fp[-1])
    return pd.DataFrame({"threshold": np.append(np.inf, view.scores[::-1]), "fpr": fpr, "tpr": tpr})


def _holm(pvalues: np.ndarray) -> np.ndarray:
    """Holm's step-down adjustment of the p-values (NaN kept)."""
    out = np.full(len(pvalues), np.nan)
    valid = np.flatnonzero(~np.isnan(pvalues))
    if not len(valid):
        return out
    order = valid[np.argsort(pvalues[valid], kind="stable")]
    m = len(order)
    adjusted = np.maximum.accumulate(np.minimum((m - np.arange(m)) * pvalues[order], 1.0))
    out[order] = adjusted
    return out


def _positive_position(labels: pd.Index, positive, arg: str = "positive", *, ordered: bool = False) -> int:
    """The position among ``labels`` of the label the score speaks for: ``positive``'s, or without it the second of
    two labels, with a warning that names it where the labels are not numbers or booleans (whose second is 1 or
    True) and their order is not the caller's (``ordered``: ``labels=`` or a categorical column's order). A score
    read the wrong way round gives 1 − AUC without a sign: breast cancer's logistic score read 0.006 with the labels
    "cancer" and "healthy" ("healthy" taken as positive), 0.994 the right way round."""
    if positive is None:
        if len(labels) == 1:
            raise ValueError(f"the reference holds a single class ({labels[0]!r}); the statistics of a score compare "
                             "the scores of the positive and the negative objects and need both")
        if len(labels) != 2:
            raise ValueError(f"{arg} must name the positive label where the reference has {len(labels)} labels "
                             f"(one score speaks for one label); the labels are {shown_labels(labels, limit=8)}")
        if not ordered and not numbers(labels) and not pd.api.types.is_bool_dtype(labels.dtype):
            option = "--positive" if on_command_line() else "positive="
            warnings.warn(f"{option} is not given: the positive label is {labels[1]!r}, the second of "
                          f"{labels[0]!r} and {labels[1]!r} in sorted order, and higher scores are taken to speak "
                          f"for it; give {option} to name the label the score speaks for (pROC's levels, "
                          "scikit-learn's pos_label)", UserWarning, stacklevel=external_stacklevel())
        return 1
    at = positions_of(pd.Index([positive], dtype=object), labels)[0]
    if at < 0:
        raise ValueError(f"{arg}={positive!r} is not a label of the reference; the labels are "
                         f"{shown_labels(labels, limit=8)}")
    return int(at)


def _ordered(actual, labels) -> bool:
    """Whether the caller gave the labels' order: ``labels=``, or a categorical column (its categories' order)."""
    return labels is not None or isinstance(getattr(actual, "dtype", None), pd.CategoricalDtype)


def _check_column_order(columns: Sequence, labels: pd.Index) -> None:
    """The class probabilities are matched to the labels by position: where the columns are named as the labels
    but in another order, that match would be wrong, so it is an error naming the order to give."""
    shown = [str(c) for c in columns]
    wanted = [str(label) for label in labels]
    if sorted(shown) == sorted(wanted) and shown != wanted:
        raise ValueError(f"the class probabilities are matched to the labels by position, and the columns "
                         f"{shown} are named as the labels in another order; give them in the order of the labels: "
                         f"{wanted}")


def _check_probabilities(columns: list[np.ndarray], names: Sequence) -> None:
    stacked = np.column_stack(columns)
    complete = ~np.isnan(stacked).any(axis=1)
    rows = stacked[complete]
    if ((rows < 0) | (rows > 1)).any():
        raise ValueError(f"the class probabilities {list(names)} must lie in [0, 1]")
    total = rows.sum(axis=1)
    off = np.abs(total - 1) > PROBABILITY_TOLERANCE
    if off.any():
        raise ValueError(f"the class probabilities {list(names)} must sum to 1 in every row; {int(off.sum())} "
                         f"row(s) do not (first sum: {total[off][0]:.6g})")


def _two_classes(patterns: ScorePatterns, positive: int | None, actual_name) -> None:
    """A clear error where the counted objects hold a single class: no statistic of a score is defined then."""
    present = np.bincount(patterns.label, weights=patterns.counts, minlength=patterns.width) > 0
    if positive is not None:
        rest = present.copy()
        rest[positive] = False
        if not present[positive] or not rest.any():
            single = patterns.labels[positive] if present[positive] else patterns.labels[np.flatnonzero(rest)[0]]
            raise ValueError(f"{actual_name} holds a single class among the rows counted ({single!r}); the "
                             "statistics of a score compare the scores of the positive and the negative objects "
                             "and need both")
    elif present.sum() < 2:
        raise ValueError(f"{actual_name} holds a single class among the rows counted; the statistics of class "
                         "probabilities need at least two")


def scores(actual, score, *, positive=None, weights=None, labels: Sequence | None = None,
           names: tuple[Hashable, Sequence[Hashable]] | None = None, strata=None, cluster=None, fpc=None,
           lonely_psu: str = "adjust", replicates: str | None = None, counted: ScorePatterns | None = None) -> Scores:
    """A :class:`Scores` from a label sequence and one score sequence (``positive=`` the label it speaks for), or a
    list of probability sequences (one per label, in the order of the labels). ``counted``: the rows' counts made
    elsewhere (a native frame's, :func:`~pandas_agree.engine.scores.count_frame_scores`), whose distinct rows are
    then ``actual`` and ``score``."""
    many = isinstance(score, (list, tuple))
    columns = list(score) if many else [score]
    names = names or ("actual", [f"score{i}" for i in range(len(columns))] if many else ["score"])
    design = _design_columns(strata, cluster, fpc)
    patterns = counted if counted is not None else count_scores(actual, columns, weights=weights, labels=labels,
                                                                 names=names, design=design)
    check_replicates(replicates, patterns.units is not None)
    if many:
        if positive is not None:
            raise ValueError("positive= takes one score column; with class probabilities each column is the "
                             "positive label's score")
        if len(columns) != len(patterns.labels):
            raise ValueError(f"the class probabilities must be one column per label: {len(columns)} column(s) "
                             f"for the {len(patterns.labels)} labels {shown_labels(patterns.labels, limit=8)}")
        _check_column_order(names[1], patterns.labels)
        from ..engine.scores import validate_scores
        _check_probabilities([validate_scores(c, len(as_label_series(actual, "actual")), str(n))
                              for c, n in zip(columns, names[1], strict=True)], names[1])
        _two_classes(patterns, None, names[0])
        return Scores(patterns, positive=None, names=names, lonely_psu=lonely_psu, replicates=replicates)
    at = _positive_position(patterns.labels, positive, ordered=_ordered(actual, labels))
    _two_classes(patterns, at, names[0])
    return Scores(patterns, positive=at, names=names, lonely_psu=lonely_psu, replicates=replicates)


def compare_scores(actual, scores_: Sequence, *, positive=None, weights=None, labels: Sequence | None = None,
                   names: tuple[Hashable, Sequence[Hashable]] | None = None, strata=None, cluster=None, fpc=None,
                   lonely_psu: str = "adjust", replicates: str | None = None,
                   counted: ScorePatterns | None = None) -> ScoreComparison:
    """A :class:`ScoreComparison` of two or more score sequences of the same objects (``counted`` as for
    :func:`scores`)."""
    columns = list(scores_)
    if len(columns) < 2:
        raise ValueError(f"compare_scores needs at least two score columns; got {len(columns)}")
    names = names or ("actual", [f"score{i}" for i in range(len(columns))])
    design = _design_columns(strata, cluster, fpc)
    patterns = counted if counted is not None else count_scores(actual, columns, weights=weights, labels=labels,
                                                                 names=names, design=design)
    check_replicates(replicates, patterns.units is not None)
    at = _positive_position(patterns.labels, positive, ordered=_ordered(actual, labels))
    _two_classes(patterns, at, names[0])
    return ScoreComparison(patterns, positive=at, names=names, lonely_psu=lonely_psu, replicates=replicates)


def counted_scores(count: Callable, actual: Hashable, score, *, compare: bool = False, weights=None,
                   labels: Sequence | None = None, strata=None, cluster=None, fpc=None,
                   **options) -> Scores | ScoreComparison:
    """A :class:`Scores` (of one score column, or of class probabilities: a list of columns) or with ``compare`` a
    :class:`ScoreComparison` (a list of score columns), from the distinct (label, scores) rows another engine
    counts: ``count(actual, names, weights, strata, cluster, fpc, labels, argument)`` gives them and their values
    (the label, then a column per score), as :func:`~pandas_agree.engine.scores.count_frame_scores` does;
    ``options``: positive, lonely_psu, replicates, as for :func:`scores`."""
    many = isinstance(score, (list, tuple))
    names = list(score) if many else [score]
    counted, values = count(actual, names, weights, strata, cluster, fpc, labels, "scores" if compare else "score")
    reference = values.iloc[:, 0].rename(actual)
    columns = [values.iloc[:, 1 + i].rename(name) for i, name in enumerate(names)]
    if compare:
        return compare_scores(reference, columns, labels=labels, names=(actual, names), counted=counted, **options)
    return scores(reference, columns if many else columns[0], labels=labels, names=(actual, names), counted=counted,
                  **options)
