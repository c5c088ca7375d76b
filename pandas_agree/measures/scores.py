"""The statistics of a score against a binary reference: one record each, functions of the score table.

Every function takes a :class:`~pandas_agree.engine.scores.ScoreView`: the distinct scores in ascending order and
the (weighted) counts of the positive and of the negative objects at each, with any leading axes (a stack of
resampled tables). A higher score speaks for the positive label (scikit-learn's convention; pROC's
``direction="<"``). Each record's ``gradient`` gives the partials of the value with respect to the two counts at
every distinct score, from which the inference core takes its linearised and design-based variances.

The area under the ROC curve counts a tie between a positive and a negative object as one half (the Mann–Whitney
statistic; DeLong, DeLong and Clarke-Pearson 1988). Its placement values (the share of the negatives a positive
object outscores, ties halved, and the share of the positives that outscore a negative object) are the AUC's
influence: the partials are (V10 − AUC)/m at a positive object and (V01 − AUC)/n at a negative one, and DeLong's
variance is the sum of their squares with the divisors m − 1 and n − 1 (Sun and Xu 2014 compute them from the
ranks; the cumulated counts at the distinct scores give the same in one pass).
"""

from __future__ import annotations

import numpy as np

from ..base.undefined import divide
from ..engine.scores import ScoreView
from . import calibration
from .interval_methods import DeLong
from .registry import Measure, register

__all__ = ["PROBABILITY_CODES", "average_precision", "average_precision_partials", "partial_auc",
           "partial_auc_partials", "placements", "pr_auc", "pr_auc_partials", "roc_auc", "roc_auc_partials"]


def _at_or_above(x: np.ndarray) -> np.ndarray:
    """Σ of x over each score and the higher ones, along the last axis (summed from the top, so that it is exactly
    0 above the highest score with objects)."""
    return np.cumsum(x[..., ::-1], axis=-1)[..., ::-1]


def _above(x: np.ndarray) -> np.ndarray:
    """Σ of x over the higher scores (strictly above each one), along the last axis."""
    return _at_or_above(x) - x


def placements(v: ScoreView) -> tuple[np.ndarray, np.ndarray]:
    """DeLong's placement values at each distinct score: V10, the share of the negatives a positive object there
    outscores (ties count one half), and V01, the share of the positives that outscore a negative object there.

    Examples
    --------
    >>> import numpy as np
    >>> from pandas_agree.engine.scores import ScoreView
    >>> v = ScoreView(np.array([0.1, 0.4, 0.8]), np.array([0.0, 1.0, 1.0]), np.array([1.0, 1.0, 0.0]))
    >>> [p.tolist() for p in placements(v)]
    [[0.25, 0.75, 1.0], [1.0, 0.75, 0.25]]
    """
    pos, neg = v.positives, v.negatives
    below = np.cumsum(neg, axis=-1) - neg
    v10 = divide(below + 0.5 * neg, neg.sum(axis=-1, keepdims=True))
    v01 = divide(_above(pos) + 0.5 * pos, pos.sum(axis=-1, keepdims=True))
    return v10, v01


def roc_auc(v: ScoreView) -> np.ndarray:
    """The area under the ROC curve: P(a positive object outscores a negative one) + ½ P(tie).

    Examples
    --------
    >>> import numpy as np
    >>> from pandas_agree.engine.scores import ScoreView
    >>> roc_auc(ScoreView(np.array([0.1, 0.4, 0.8]), np.array([0.0, 1.0, 1.0]), np.array([1.0, 1.0, 0.0])))
    array(0.875)
    """
    pos, neg = v.positives, v.negatives
    below = np.cumsum(neg, axis=-1) - neg
    return divide((pos * (below + 0.5 * neg)).sum(axis=-1), pos.sum(axis=-1) * neg.sum(axis=-1))


def roc_auc_partials(v: ScoreView) -> tuple[np.ndarray, np.ndarray]:
    """The partials of the AUC with respect to the positive and the negative count at each distinct score:
    (V10 − AUC)/m and (V01 − AUC)/n."""
    value = roc_auc(v)
    v10, v01 = placements(v)
    return divide(v10 - value, v.n_positive), divide(v01 - value, v.n_negative)


def _gini(v: ScoreView) -> np.ndarray:
    return 2 * roc_auc(v) - 1


def _gini_partials(v: ScoreView) -> tuple[np.ndarray, np.ndarray]:
    d_pos, d_neg = roc_auc_partials(v)
    return 2 * d_pos, 2 * d_neg


def _precision_at(v: ScoreView) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The positives and all objects at or above each distinct score, and the precision there."""
    tp = _at_or_above(v.positives)
    called = tp + _at_or_above(v.negatives)
    return tp, called, divide(tp, called)


def average_precision(v: ScoreView) -> np.ndarray:
    """Average precision: Σ_k (R_k − R_{k−1}) P_k over the distinct scores from the highest down (the precision at
    each threshold weighted by the share of the positives first reached there; scikit-learn's
    ``average_precision_score``, without interpolation).

    Examples
    --------
    >>> import numpy as np
    >>> from pandas_agree.engine.scores import ScoreView
    >>> v = ScoreView(np.array([0.1, 0.4, 0.35, 0.8])[[0, 2, 1, 3]], np.array([0., 1, 0, 1]), np.array([1., 0, 1, 0]))
    >>> float(average_precision(v))
    0.8333333333333333
    """
    _, _, precision = _precision_at(v)
    pos = v.positives
    return divide((pos * np.where(pos > 0, precision, 0.0)).sum(axis=-1), pos.sum(axis=-1))


def average_precision_partials(v: ScoreView) -> tuple[np.ndarray, np.ndarray]:
    """The partials of average precision with respect to the positive and the negative count at each distinct
    score. With T_s and A_s the positives and all objects at or above score s (F_s = A_s − T_s) and m the positives,
    AP = Σ_s p_s T_s/A_s / m: ∂/∂p_u = (T_u/A_u + Σ_{s≤u} p_s F_s/A_s² − AP)/m and ∂/∂n_u = −Σ_{s≤u} p_s T_s/A_s² / m.
    """
    tp, called, precision = _precision_at(v)
    pos = v.positives
    m = v.n_positive
    value = average_precision(v)
    with np.errstate(divide="ignore", invalid="ignore"):
        share = np.where(pos > 0, pos / called ** 2, 0.0)
    up_to = np.cumsum(share * (called - tp), axis=-1)
    d_pos = divide(np.where(called > 0, precision, 0.0) + up_to - value[..., None], m[..., None])
    d_neg = divide(-np.cumsum(share * tp, axis=-1), m[..., None])
    return d_pos, d_neg


def _descending(v: ScoreView) -> tuple[np.ndarray, np.ndarray]:
    """The positive and negative counts from the highest score down."""
    return v.positives[..., ::-1], v.negatives[..., ::-1]


def pr_auc(v: ScoreView) -> np.ndarray:
    """The area under the precision–recall curve by the trapezoidal rule over its points from the highest score
    down, from (recall 0, precision 1) (scikit-learn's ``auc(recall, precision)`` of ``precision_recall_curve``):
    ½ AP + ½ Σ_k (R_k − R_(k−1)) P_(k−1).

    Examples
    --------
    >>> import numpy as np
    >>> from pandas_agree.engine.scores import ScoreView
    >>> v = ScoreView(np.array([0.1, 0.35, 0.4, 0.8]), np.array([0., 1, 0, 1]), np.array([1., 0, 1, 0]))
    >>> round(float(pr_auc(v)), 6)
    0.791667
    """
    return 0.5 * average_precision(v) + 0.5 * _precision_before(v)


def _precision_before(v: ScoreView) -> np.ndarray:
    """Σ_k (R_k − R_(k−1)) P_(k−1): each recall step times the precision at the next higher score (1 above the
    highest)."""
    tp, called, _ = _precision_at(v)
    tp_next = np.concatenate([tp[..., 1:], np.zeros_like(tp[..., :1])], axis=-1)
    called_next = np.concatenate([called[..., 1:], np.zeros_like(called[..., :1])], axis=-1)
    # nothing above (the highest score, or only empty scores above): the curve's first point, precision 1
    above = np.where(called_next > 0, tp_next / np.where(called_next > 0, called_next, 1.0), 1.0)
    pos = v.positives
    return divide((pos * np.where(pos > 0, above, 0.0)).sum(axis=-1), pos.sum(axis=-1))


def pr_auc_partials(v: ScoreView) -> tuple[np.ndarray, np.ndarray]:
    """The partials of :func:`pr_auc`: half those of AP and half those of Q = Σ_s p_s T_(s+1)/A_(s+1) / m (the
    counts at or above the next higher score, 1 for the highest): ∂Q/∂p_u = (T_(u+1)/A_(u+1) + Σ_{s<u} p_s
    F_(s+1)/A_(s+1)² − Q)/m and ∂Q/∂n_u = −Σ_{s<u} p_s T_(s+1)/A_(s+1)² / m."""
    tp, called, _ = _precision_at(v)
    pos = v.positives
    m = v.n_positive
    q = _precision_before(v)
    zeros = np.zeros_like(tp[..., :1])
    tp_next = np.concatenate([tp[..., 1:], zeros], axis=-1)
    called_next = np.concatenate([called[..., 1:], zeros], axis=-1)
    above = called_next > 0  # else the curve's first point: precision 1, which no count moves
    with np.errstate(divide="ignore", invalid="ignore"):
        share = np.where((pos > 0) & above, pos / np.where(above, called_next, 1.0) ** 2, 0.0)
    # Σ over s < u: an exclusive cumulative sum
    up_to = np.cumsum(share * (called_next - tp_next), axis=-1) - share * (called_next - tp_next)
    down_to = np.cumsum(share * tp_next, axis=-1) - share * tp_next
    d_pos_q = divide(np.where(above, tp_next / np.where(above, called_next, 1.0), 1.0) + up_to - q[..., None],
                     m[..., None])
    d_neg_q = divide(-down_to, m[..., None])
    d_pos_ap, d_neg_ap = average_precision_partials(v)
    return 0.5 * (d_pos_ap + d_pos_q), 0.5 * (d_neg_ap + d_neg_q)


def _partial_area(v: ScoreView, max_fpr: float, partials: bool = False):
    """The area under the ROC curve over false positive rates 0 to ``max_fpr`` (the curve linear between its points)
    and, with ``partials``, its partials with respect to the counts (one table)."""
    pos, neg = _descending(v)
    m, n = pos.sum(axis=-1, keepdims=True), neg.sum(axis=-1, keepdims=True)
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.cumsum(pos, axis=-1) / m
        f = np.cumsum(neg, axis=-1) / n
        step = neg / n
    t_before = np.concatenate([np.zeros_like(t[..., :1]), t[..., :-1]], axis=-1)
    f_before = np.concatenate([np.zeros_like(f[..., :1]), f[..., :-1]], axis=-1)
    width = np.clip(max_fpr - f_before, 0.0, step)  # the part of each segment left of max_fpr
    with np.errstate(divide="ignore", invalid="ignore"):
        fraction = np.where(step > 0, width / np.where(step > 0, step, 1.0), 0.0)
    area = (width * (t_before + fraction * (t - t_before) / 2)).sum(axis=-1)
    if not partials:
        return area
    # ∂area/∂T_k (a) and ∂area/∂ΔF_k (b) at each segment k, then the chain through T = N_T/m and ΔF = neg/n
    inside = (width > 0) & (width == step)  # wholly left of max_fpr
    # the segment max_fpr falls in: the first that does not lie wholly left of it (of width 0 where max_fpr is its
    # start, whose place still moves with every count before it)
    cut = (step > 0) & (width < step) & (f_before <= max_fpr)
    cut &= np.cumsum(cut) == 1
    a = np.where(inside | cut, width * (1 - fraction / 2), 0.0)  # from T_k's own segment's start...
    a = np.concatenate([a[1:], [0.0]])  # ...which is T_(k) of segment k + 1
    a = a + np.where(inside | cut, width * fraction / 2, 0.0)  # and T_k at its segment's end
    b = np.where(inside, (t_before + t) / 2, 0.0)
    at_cut = np.flatnonzero(cut)
    if len(at_cut):
        k = at_cut[0]
        slope = (t[k] - t_before[k]) / step[k]
        b[:k] -= t_before[k] + width[k] * slope  # moving a segment before it moves max_fpr's place in it
        b[k] = -width[k] ** 2 * slope / (2 * step[k])
    d_pos = (np.cumsum(a[::-1])[::-1] - (a * t).sum()) / m[0]
    d_neg = (b - (b * step).sum()) / n[0]
    return area, d_pos[::-1], d_neg[::-1]


def partial_auc(v: ScoreView, max_fpr: float = 1.0) -> np.ndarray:
    """McClish's (1989) standardised partial AUC over false positive rates 0 to ``max_fpr``:
    ½ (1 + (A − a_min)/(a_max − a_min)), a_min = max_fpr²/2 (the diagonal's area), a_max = max_fpr (scikit-learn's
    ``roc_auc_score(max_fpr=...)``; pROC's ``partial.auc.correct=TRUE``). 0.5 for a score without information, 1
    for one that separates the classes; the AUC itself where max_fpr is 1.

    Examples
    --------
    >>> import numpy as np
    >>> from pandas_agree.engine.scores import ScoreView
    >>> v = ScoreView(np.array([0.1, 0.35, 0.4, 0.8]), np.array([0., 1, 0, 1]), np.array([1., 0, 1, 0]))
    >>> round(float(partial_auc(v, max_fpr=0.5)), 6)
    0.666667
    """
    if max_fpr >= 1:
        return roc_auc(v)
    low, high = max_fpr ** 2 / 2, max_fpr
    return 0.5 * (1 + (_partial_area(v, max_fpr) - low) / (high - low))


def partial_auc_partials(v: ScoreView, max_fpr: float = 1.0) -> tuple[np.ndarray, np.ndarray]:
    """The partials of :func:`partial_auc` with respect to the counts (the curve's segments left of max_fpr, and
    the one it cuts, whose share of the segment moves with every count before it)."""
    if max_fpr >= 1:
        return roc_auc_partials(v)
    _, d_pos, d_neg = _partial_area(v, max_fpr, partials=True)
    scale = 0.5 / (max_fpr - max_fpr ** 2 / 2)
    return scale * d_pos, scale * d_neg


AUC = register(Measure(
    code="AUC", name="area under the ROC curve", kind="score", aliases=("ROC AUC", "c statistic", "concordance"),
    formula="P(s⁺ > s⁻) + ½ P(s⁺ = s⁻)", compute=roc_auc, gradient=roc_auc_partials, range=(0.0, 1.0),
    interval=DeLong(),
    reference="Hanley & McNeil (1982), Radiology 143:29; DeLong, DeLong & Clarke-Pearson (1988), Biometrics 44:837; "
              "Sun & Xu (2014), IEEE Signal Process. Lett. 21:1389",
))
GINI = register(Measure(
    code="GINI", name="Gini coefficient of the ROC curve", kind="score", aliases=("Somers' D of the score", "AR"),
    formula="2·AUC − 1", compute=_gini, gradient=_gini_partials, range=(-1.0, 1.0), interval=DeLong(slope=2.0),
    reference="Somers (1962), Am. Sociol. Rev. 27:799; Hand & Till (2001), Mach. Learn. 45:171",
))
PRAUC = register(Measure(
    code="PRAUC", name="trapezoidal precision–recall AUC", kind="score",
    aliases=("PR AUC", "area under the precision-recall curve, trapezoidal"),
    formula="Σ_k (R_k − R_(k−1)) (P_k + P_(k−1))/2",
    compute=pr_auc, gradient=pr_auc_partials, range=(0.0, 1.0),
    reference="Davis & Goadrich (2006), ICML 233; Boyd, Eng & Page (2013), ECML PKDD 451 (the trapezoid's optimism)",
))
PAUC = register(Measure(
    code="PAUC", name="standardised partial AUC", kind="score", aliases=("partial AUC", "McClish pAUC"),
    formula="½ (1 + (A(0, f) − f²/2)/(f − f²/2)), A(0, f) the area over false positive rates 0 to f = max_fpr",
    compute=partial_auc, gradient=partial_auc_partials, range=(0.0, 1.0), params=("max_fpr",), default=False,
    reference="McClish (1989), Med. Decis. Making 9:190; scikit-learn roc_auc_score(max_fpr=...)",
))
AP = register(Measure(
    code="AP", name="average precision", kind="score", aliases=("area under the precision-recall curve",
                                                                   "AUPRC"),
    formula="Σ_k (R_k − R_(k−1)) P_k", compute=average_precision, gradient=average_precision_partials,
    range=(0.0, 1.0),
    reference="Zhu (2004), Recall, precision and average precision, Univ. Waterloo; Boyd, Eng & Page (2013), "
              "ECML PKDD 451",
))


# --- the statistics of probabilities (scores in [0, 1]): pandas_agree.measures.calibration ---------------------

CALIBRATION_BINS = 15  # the equal-width bins of ECE, as torchmetrics' BinaryCalibrationError


def _probability(function, **fixed):
    def compute(v: ScoreView) -> np.ndarray:
        return function(v.scores, v.positives, v.negatives, **fixed)

    return compute


def _probability_partials(function, **fixed):
    def partials(v: ScoreView) -> tuple[np.ndarray, np.ndarray]:
        return function(v.scores, v.positives, v.negatives, **fixed)

    return partials


BRIER = register(Measure(
    code="BRIER", name="Brier score", kind="score", aliases=("mean squared error of the probabilities",),
    formula="Σ (y − p)² / N", compute=_probability(calibration.brier),
    gradient=_probability_partials(calibration.brier_partials), range=(0.0, 1.0), best=None,
    reference="Brier (1950), Mon. Weather Rev. 78:1; Murphy (1973), J. Appl. Meteorol. 12:595",
))
LOGLOSS = register(Measure(
    code="LOGLOSS", name="log loss", kind="score", aliases=("cross-entropy", "logarithmic score"),
    formula="−Σ [y log p + (1 − y) log(1 − p)] / N", compute=_probability(calibration.log_loss),
    gradient=_probability_partials(calibration.log_loss_partials), range=(0.0, np.inf), best=None,
    reference="Good (1952), J. R. Stat. Soc. B 14:107",
))
ECE = register(Measure(
    code="ECE", name="expected calibration error", kind="score", aliases=("calibration error",),
    formula=f"Σ_b (n_b/N) |ȳ_b − p̄_b| over {CALIBRATION_BINS} equal-width bins",
    compute=_probability(calibration.calibration_error, bins=CALIBRATION_BINS),
    gradient=_probability_partials(calibration.calibration_error_partials, bins=CALIBRATION_BINS),
    range=(0.0, 1.0), best=None,
    reference="Naeini, Cooper & Hauskrecht (2015), AAAI 29:2901; torchmetrics BinaryCalibrationError",
))
POSITIVE_LOG_LOSS = Measure(
    code="LOGLOSS_POSITIVE", name="log loss of the positive objects", kind="score",
    formula="−Σ y log p / N", compute=_probability(calibration.positive_log_loss),
    gradient=_probability_partials(calibration.positive_log_loss_partials), range=(0.0, np.inf), best=None,
    reference="Good (1952), J. R. Stat. Soc. B 14:107",
)
"""The positive objects' share of the log loss (:func:`~.calibration.positive_log_loss`): not a registry record
but a term of the multiclass log loss of class probabilities (the row LOGLOSS_MC of ``Scores.values``), its sum over
the classes."""

MULTICLASS_PROBABILITY_ROWS = {"BRIER": ("BRIER_MC", "multiclass Brier score", (0.0, 2.0)),
                               "LOGLOSS": ("LOGLOSS_MC", "multiclass log loss", (0.0, np.inf))}
"""The rows of class probabilities' statistics that are sums over the classes (key: the record whose one-vs-rest
values, or whose positive objects' share, add up to it): (code, name, range). BRIER_MC is Brier's (1950) original
score, mean Σ_k (p_k − y_k)² (scikit-learn's ``brier_score_loss`` on the probability matrix), LOGLOSS_MC the
cross-entropy −mean log p_(y) (scikit-learn's ``log_loss``)."""

PROBABILITY_CODES = frozenset({"BRIER", "LOGLOSS", "ECE"})
"""The records that read the scores as probabilities of the positive label (in [0, 1])."""
