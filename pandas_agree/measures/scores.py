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

__all__ = ["PROBABILITY_CODES", "average_precision", "average_precision_partials", "placements", "roc_auc",
           "roc_auc_partials"]


def _above(x: np.ndarray) -> np.ndarray:
    """Σ of x over the higher scores (strictly above each one), along the last axis."""
    return x.sum(axis=-1, keepdims=True) - np.cumsum(x, axis=-1)


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
    tp = _above(v.positives) + v.positives
    called = tp + _above(v.negatives) + v.negatives
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
AP = register(Measure(
    code="AP", name="average precision", kind="score", aliases=("area under the precision-recall curve",),
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
PROBABILITY_CODES = frozenset({"BRIER", "LOGLOSS", "ECE"})
"""The records that read the scores as probabilities of the positive label (in [0, 1])."""
