"""Calibration and probability-score measures of a binary problem, as functions of its score table.

The *score table* of a binary problem is its rows reduced to the (weighted) counts of positive and negative objects
at each distinct predicted probability of the positive class. Every function here takes

``scores``
    a 1-D float array (S,), the distinct predicted probabilities, strictly ascending, in [0, 1];
``positives``, ``negatives``
    float arrays (..., S), the (weighted) counts of positive and negative objects at each score. Leading dimensions
    are a stack of tables (the resamples of a bootstrap, say) and broadcast;

and returns values of shape (...,), one per table, computed without a Python loop over the tables or the scores.
With s_i the scores, a_i the positives, b_i the negatives, n_i = a_i + b_i, N = Σ n_i and A = Σ a_i:

* :func:`brier`: Brier (1950), Σ [a_i (1 − s_i)² + b_i s_i²] / N;
* :func:`murphy`: Murphy's (1973) reliability − resolution + uncertainty, with the within-bin terms of Stephenson,
  Coelho & Jolliffe (2008) when the forecasts are binned;
* :func:`log_loss`: −Σ [a_i log s_i + b_i log(1 − s_i)] / N;
* :func:`calibration_error`: the ECE (Naeini, Cooper & Hauskrecht 2015), RMS and maximum calibration errors as
  torchmetrics' ``BinaryCalibrationError`` defines them, and the debiased RMS error (Kumar, Liang & Ma 2019);
* :func:`reliability_curve`: the points of the reliability diagram, as scikit-learn's ``calibration_curve``;
* :func:`calibration_intercept_slope`: Cox's (1958) calibration slope and calibration-in-the-large;
* ``*_partials``: the partial derivatives of a value with respect to each count (N varying with them), for the
  linearised (delta-method) standard errors.

The formulas, conventions and references are in the statistical notes (``docs/notes/calibration.md``).
"""

from __future__ import annotations

import warnings
from typing import Literal

import numpy as np

from ..base.spelling import option_set
from ..base.undefined import UndefinedMeasureWarning, external_stacklevel

__all__ = [
    "BINNED",
    "bin_sums",
    "binned_partials",
    "binned_values",
    "brier",
    "brier_partials",
    "calibration_bins",
    "calibration_error",
    "calibration_error_partials",
    "calibration_intercept_slope",
    "debiased_squared_error",
    "log_loss",
    "log_loss_partials",
    "murphy",
    "murphy_bins",
    "murphy_partials",
    "positive_log_loss",
    "positive_log_loss_partials",
    "reliability_curve",
]

NORMS = ("l1", "l2", "max")
STRATEGIES = ("uniform", "quantile")


# --- input checks and shared helpers ---------------------------------------------------------------------


def _table(scores, positives, negatives) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Validated float64 arrays: scores (S,), positives and negatives broadcast to a common (..., S)."""
    s = np.asarray(scores, dtype=np.float64)
    if s.ndim != 1 or s.size == 0:
        raise ValueError(f"scores must be a non-empty 1-D array of the distinct scores, got shape {s.shape}")
    if not np.all(np.isfinite(s)) or s[0] < 0 or s[-1] > 1:
        raise ValueError("scores must be probabilities in [0, 1]; got values outside it or not finite")
    if s.size > 1 and not np.all(np.diff(s) > 0):
        raise ValueError("scores must be strictly ascending (the distinct scores of the table, in order)")
    out = []
    for name, counts in (("positives", positives), ("negatives", negatives)):
        c = np.asarray(counts, dtype=np.float64)
        if c.ndim == 0 or c.shape[-1] != s.size:
            raise ValueError(f"{name} must have the scores' length {s.size} as its last dimension, got shape "
                             f"{c.shape}")
        if not np.all(np.isfinite(c)) or np.any(c < 0):
            raise ValueError(f"{name} must be finite, non-negative counts")
        out.append(c)
    try:
        a, b = np.broadcast_arrays(*out)
    except ValueError:
        raise ValueError(f"positives {out[0].shape} and negatives {out[1].shape} do not broadcast") from None
    return s, a, b


def _warn(message: str) -> None:
    warnings.warn(message, UndefinedMeasureWarning, stacklevel=external_stacklevel())


def _per_table(num, den, what: str) -> np.ndarray:
    """``num / den`` of one value per table; a table with ``den == 0`` is undefined (NaN, one warning)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        out = np.asarray(num / den, dtype=np.float64)
    empty = np.asarray(den == 0)
    if empty.any():
        out = np.where(empty, np.nan, out)
        _warn(f"{what} is undefined for a table without objects (N = 0) and set to NaN")
    return out


def _safe_ratio(num, den, fill: float = 0.0) -> np.ndarray:
    """``num / den`` elementwise, ``fill`` where ``den == 0`` (bins or scores without objects)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(den == 0, fill, num / np.where(den == 0, 1.0, den))


def _bin_sums(values: np.ndarray, index: np.ndarray, n_bins: int) -> np.ndarray:
    """Sums of ``values`` (..., S) over the scores of each bin: (..., n_bins), vectorised over the stack, in
    O(size of ``values``) time and memory (the bins of ascending scores are runs of neighbouring scores)."""
    values = np.asarray(values, dtype=np.float64)
    if values.ndim == 1:
        return np.bincount(index, weights=values, minlength=n_bins)
    if index.size > 1 and np.any(np.diff(index) < 0):  # an explicit assignment that is not in score order
        order = np.argsort(index, kind="stable")
        index, values = index[order], values[..., order]
    bins_used, starts = np.unique(index, return_index=True)
    out = np.zeros((*values.shape[:-1], n_bins))
    out[..., bins_used] = np.add.reduceat(values, starts, axis=-1)
    return out


def _uniform_edges(bins: int) -> np.ndarray:
    return np.linspace(0.0, 1.0, bins + 1)


def _torch_edges(bins: int) -> np.ndarray:
    """``torch.linspace(0, 1, bins + 1)`` in float64: i·step below the middle, 1 − (bins − i)·step from it (so
    that, unlike ``numpy.linspace``, the edge 0.6 of 5 bins is the float 0.6)."""
    i = np.arange(bins + 1)
    step = 1.0 / bins
    return np.where(i < (bins + 1) // 2, step * i, 1.0 - step * (bins - i))


def _check_bins(bins, name: str = "bins") -> int:
    if isinstance(bins, bool) or not isinstance(bins, (int, np.integer)) or bins < 1:
        raise ValueError(f"{name} must be an integer ≥ 1, got {bins!r}")
    return int(bins)


def _check_choice(value, allowed: tuple, name: str) -> str:
    if value not in allowed:
        raise ValueError(f"{name} must be one of {', '.join(map(repr, allowed))}; got {value!r}")
    return value


def _weighted_percentile_edges(s: np.ndarray, counts: np.ndarray, bins: int) -> np.ndarray:
    """``np.percentile(rows, np.linspace(0, 1, bins + 1) * 100)`` of the rows the table stands for (method
    "linear"), computed from the distinct scores and their counts; for non-integer counts the same positions
    (N − 1)·q on the cumulative weights."""
    if counts.ndim != 1:
        raise ValueError("quantile bins are computed from one table: pass the bins of the unresampled table "
                         "(bin_index= for calibration_error, an array of edges as bins= for reliability_curve)")
    n = counts.sum()
    if n <= 0:
        raise ValueError("quantile bins need a table with objects (the counts sum to 0)")
    q = np.linspace(0, 1, bins + 1) * 100 / 100  # as np.percentile divides the percentages by 100
    h = q * (n - 1)
    lo = np.floor(h)
    t = h - lo
    cum = np.cumsum(counts)
    last = np.flatnonzero(counts > 0)[-1]
    x_lo = s[np.minimum(np.searchsorted(cum, lo, side="right"), last)]
    x_hi = s[np.minimum(np.searchsorted(cum, np.minimum(lo + 1, n - 1), side="right"), last)]
    diff = x_hi - x_lo
    # numpy's _lerp: from the nearer end, so that t = 1 gives b exactly
    return np.where(t >= 0.5, x_hi - diff * (1 - t), x_lo + diff * t)


# --- Brier score and Murphy's decomposition ---------------------------------------------------------------


def brier(scores, positives, negatives) -> np.ndarray:
    """The Brier score, the mean of (y − p)² over the objects (Brier 1950).

    Parameters
    ----------
    scores : array_like of shape (S,)
        The distinct predicted probabilities of the positive class, strictly ascending, in [0, 1].
    positives, negatives : array_like of shape (..., S)
        The (weighted) counts of positive and negative objects at each score; leading dimensions are a stack.

    Returns
    -------
    numpy.ndarray of shape (...,)
        Σ [a_i (1 − s_i)² + b_i s_i²] / N; NaN (with an :class:`~pandas_agree.UndefinedMeasureWarning`) for a
        table without objects. Equals scikit-learn's ``brier_score_loss`` on the rows.

    Examples
    --------
    >>> from pandas_agree.measures.calibration import brier
    >>> round(float(brier([0.2, 0.7], [1, 3], [4, 2])), 12)  # (1·0.64 + 4·0.04 + 3·0.09 + 2·0.49) / 10
    0.205
    """
    s, a, b = _table(scores, positives, negatives)
    return _per_table((a * (1 - s) ** 2 + b * s**2).sum(axis=-1), (a + b).sum(axis=-1), "the Brier score")


def brier_partials(scores, positives, negatives) -> tuple[np.ndarray, np.ndarray]:
    """Partial derivatives of :func:`brier` with respect to each count (N varying with the counts).

    ∂BS/∂a_i = ((1 − s_i)² − BS) / N and ∂BS/∂b_i = (s_i² − BS) / N.

    Parameters
    ----------
    scores, positives, negatives : array_like
        The score table, as in :func:`brier`.

    Returns
    -------
    (d_positives, d_negatives) : tuple of numpy.ndarray of shape (..., S)

    Examples
    --------
    >>> from pandas_agree.measures.calibration import brier_partials
    >>> d_pos, d_neg = brier_partials([0.2, 0.7], [1, 3], [4, 2])
    >>> d_pos.round(4).tolist(), d_neg.round(4).tolist()
    ([0.0435, -0.0115], [-0.0165, 0.0285])
    """
    s, a, b = _table(scores, positives, negatives)
    n = (a + b).sum(axis=-1, keepdims=True)
    value = brier(s, a, b)[..., None]
    return ((1 - s) ** 2 - value) / n, (s**2 - value) / n


def murphy(scores, positives, negatives, bins=None) -> dict[str, np.ndarray]:
    """Murphy's (1973) decomposition of the Brier score: reliability − resolution + uncertainty.

    With o_k the fraction of positives and f_k the mean score of the objects of bin k, n_k their count, ō = A / N:
    reliability = Σ n_k (f_k − o_k)² / N, resolution = Σ n_k (o_k − ō)² / N, uncertainty = ō (1 − ō).
    Binned forecasts add the two terms of Stephenson, Coelho & Jolliffe (2008): the within-bin variance of the
    scores, Σ_i n_i (s_i − f_k(i))² / N, and the within-bin covariance 2 Σ_i a_i (s_i − f_k(i)) / N, so that

        brier = reliability − resolution + uncertainty + within_bin_variance − within_bin_covariance

    holds exactly in both forms.

    Parameters
    ----------
    scores, positives, negatives : array_like
        The score table, as in :func:`brier`.
    bins : None, int or array_like of edges, default None
        None: each distinct score is its own bin (Murphy's decomposition; the two within-bin terms are 0 and the
        identity with :func:`brier` holds to rounding). An integer: that many equal-width bins of [0, 1]. An array:
        the ascending bin edges, from at most the smallest score to at least the largest. A score belongs to
        (e_j, e_(j+1)], the first bin being closed [e_0, e_1] (R's ``cut(..., include.lowest = TRUE)``, the rule
        of scikit-learn's ``calibration_curve``).

    Returns
    -------
    dict of numpy.ndarray of shape (...,)
        ``reliability``, ``resolution``, ``uncertainty``, ``within_bin_variance``, ``within_bin_covariance``.

    Examples
    --------
    >>> from pandas_agree.measures.calibration import brier, murphy
    >>> parts = murphy([0.2, 0.7], [1, 3], [4, 2])
    >>> {k: round(float(v), 4) for k, v in parts.items()}  # doctest: +NORMALIZE_WHITESPACE
    {'reliability': 0.005, 'resolution': 0.04, 'uncertainty': 0.24, 'within_bin_variance': 0.0,
     'within_bin_covariance': 0.0}
    >>> round(float(parts["reliability"] - parts["resolution"] + parts["uncertainty"]), 12)
    0.205
    """
    s, a, b = _table(scores, positives, negatives)
    n = a + b
    total = n.sum(axis=-1)
    if bins is None:
        a_k, n_k, f_k = a, n, np.broadcast_to(s, n.shape)
        wbv = wbc = np.zeros(total.shape)
    else:
        index, n_bins = _murphy_bin_index(s, bins)
        a_k, n_k = _bin_sums(a, index, n_bins), _bin_sums(n, index, n_bins)
        f_k = _safe_ratio(_bin_sums(n * s, index, n_bins), n_k)
        spread = s - f_k[..., index]
        wbv = (n * spread**2).sum(axis=-1)
        wbc = 2 * (a * spread).sum(axis=-1)
    # Σ n_k (f_k − o_k)² = Σ (a_k − f_k n_k)² / n_k, 0 for a bin without objects
    rel = _safe_ratio((a_k - f_k * n_k) ** 2, n_k).sum(axis=-1)
    mean = _safe_ratio(a.sum(axis=-1), total, np.nan)
    res = _safe_ratio((a_k - mean[..., None] * n_k) ** 2, n_k).sum(axis=-1)
    out = {"reliability": rel, "resolution": res, "within_bin_variance": wbv, "within_bin_covariance": wbc}
    out = {key: _per_table(value, total, "Murphy's decomposition") if key == "reliability" else
           np.where(total == 0, np.nan, _safe_ratio(value, total)) for key, value in out.items()}
    out["uncertainty"] = mean * (1 - mean)
    return {key: out[key] for key in ("reliability", "resolution", "uncertainty", "within_bin_variance",
                                       "within_bin_covariance")}


def murphy_bins(scores, bins) -> tuple[np.ndarray, int]:
    """The bin of each score and the number of bins of :func:`murphy`'s ``bins`` (scikit-learn's rule: the first bin
    closed, the others (e_j, e_(j+1)])."""
    return _murphy_bin_index(np.asarray(scores, dtype=np.float64), bins)


def _murphy_bin_index(s: np.ndarray, bins) -> tuple[np.ndarray, int]:
    if isinstance(bins, (int, np.integer)) and not isinstance(bins, bool):
        edges = _uniform_edges(_check_bins(bins))
    else:
        edges = np.asarray(bins, dtype=np.float64)
        if edges.ndim != 1 or edges.size < 2 or not np.all(np.diff(edges) > 0):
            raise ValueError("bins must be None, an integer ≥ 1 or a strictly ascending 1-D array of at least two "
                             f"edges; got {bins!r}")
        if s[0] < edges[0] or s[-1] > edges[-1]:
            raise ValueError(f"bins: the edges [{edges[0]}, {edges[-1]}] must cover every score "
                             f"[{s[0]}, {s[-1]}]")
    return np.searchsorted(edges[1:-1], s, side="left"), edges.size - 1


def murphy_partials(scores, positives, negatives) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Partial derivatives of the three components of :func:`murphy` (each distinct score its own bin) with
    respect to each count.

    With o_i = a_i / n_i, g_i = o_i − s_i, M = Σ a_i² / n_i / N and ō = A / N:

    * reliability: ∂/∂a_i = (2 g_i (1 − s_i) − g_i² − REL) / N, ∂/∂b_i = (−2 g_i s_i − g_i² − REL) / N;
    * resolution: ∂/∂a_i = (2 o_i − o_i² − M − 2 ō (1 − ō)) / N, ∂/∂b_i = (−o_i² − M + 2 ō²) / N;
    * uncertainty: ∂/∂a_i = (1 − 2ō)(1 − ō) / N, ∂/∂b_i = −(1 − 2ō) ō / N.

    At a score without objects (n_i = 0) the components are not differentiable; there each count's one-sided
    slope (the count growing from 0, the other staying 0) is given: o_i = 1 in the positives' partials and
    o_i = 0 in the negatives'.

    Parameters
    ----------
    scores, positives, negatives : array_like
        The score table, as in :func:`brier`.

    Returns
    -------
    dict of (d_positives, d_negatives)
        For ``reliability``, ``resolution`` and ``uncertainty``, each array of shape (..., S).

    Examples
    --------
    >>> from pandas_agree.measures.calibration import murphy_partials
    >>> d_pos, d_neg = murphy_partials([0.2, 0.7], [1, 3], [4, 2])["uncertainty"]
    >>> d_pos.round(4).tolist(), d_neg.round(4).tolist()
    ([0.012, 0.012], [-0.008, -0.008])
    """
    s, a, b = _table(scores, positives, negatives)
    n = a + b
    total = n.sum(axis=-1, keepdims=True)
    parts = murphy(s, a, b)
    rel = parts["reliability"][..., None]
    mean = a.sum(axis=-1, keepdims=True) / total
    o_pos, o_neg = _safe_ratio(a, n, 1.0), _safe_ratio(a, n, 0.0)
    g_pos, g_neg = o_pos - s, o_neg - s
    m = (_safe_ratio(a**2, n)).sum(axis=-1, keepdims=True) / total
    return {
        "reliability": ((2 * g_pos * (1 - s) - g_pos**2 - rel) / total, (-2 * g_neg * s - g_neg**2 - rel) / total),
        "resolution": ((2 * o_pos - o_pos**2 - m - 2 * mean * (1 - mean)) / total,
                       (-(o_neg**2) - m + 2 * mean**2) / total),
        "uncertainty": (np.broadcast_to((1 - 2 * mean) * (1 - mean) / total, a.shape),
                        np.broadcast_to(-(1 - 2 * mean) * mean / total, a.shape)),
    }


# --- log loss ---------------------------------------------------------------------------------------------


def _log_terms(s: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """a_i log s_i + b_i log(1 − s_i), with 0·log 0 = 0 (−inf where a count meets a log of 0)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(a > 0, a * np.log(s), 0.0) + np.where(b > 0, b * np.log1p(-s), 0.0)


def log_loss(scores, positives, negatives) -> np.ndarray:
    """The log loss (cross-entropy), −mean(y log p + (1 − y) log(1 − p)) over the objects.

    A positive object at p = 0 or a negative one at p = 1 makes the loss +inf, as the formula does; a score of
    0 or 1 with no object of the class it rules out adds 0 (0 · log 0 = 0). scikit-learn's ``log_loss``
    (1.9.1 checked) instead clips the scores to [ε, 1 − ε], ε = 2.22e-16 the machine epsilon of float64, so
    that it gives a finite value there (−log ε ≈ 36.04 per such object); the two agree on every score in
    [ε, 1 − ε].

    Parameters
    ----------
    scores, positives, negatives : array_like
        The score table, as in :func:`brier`.

    Returns
    -------
    numpy.ndarray of shape (...,)
        −Σ [a_i log s_i + b_i log(1 − s_i)] / N; NaN (with a warning) for a table without objects.

    Examples
    --------
    >>> from pandas_agree.measures.calibration import log_loss
    >>> round(float(log_loss([0.2, 0.7], [1, 3], [4, 2])), 6)
    0.597998
    >>> float(log_loss([0.0, 0.7], [1, 3], [4, 2]))  # a positive object scored 0
    inf
    """
    s, a, b = _table(scores, positives, negatives)
    return _per_table(-_log_terms(s, a, b).sum(axis=-1), (a + b).sum(axis=-1), "the log loss")


def log_loss_partials(scores, positives, negatives) -> tuple[np.ndarray, np.ndarray]:
    """Partial derivatives of :func:`log_loss` with respect to each count (N varying with the counts).

    ∂L/∂a_i = (−log s_i − L) / N and ∂L/∂b_i = (−log(1 − s_i) − L) / N. Where the loss is infinite its partials
    are undefined: NaN, with a warning. Where it is finite, the positives' partial at a score of 0 (and the
    negatives' at 1) is +inf, as the formula says: one such object makes the loss infinite.

    Parameters
    ----------
    scores, positives, negatives : array_like
        The score table, as in :func:`brier`.

    Returns
    -------
    (d_positives, d_negatives) : tuple of numpy.ndarray of shape (..., S)

    Examples
    --------
    >>> from pandas_agree.measures.calibration import log_loss_partials
    >>> d_pos, d_neg = log_loss_partials([0.2, 0.7], [1, 3], [4, 2])
    >>> d_pos.round(4).tolist(), d_neg.round(4).tolist()
    ([0.1011, -0.0241], [-0.0375, 0.0606])
    """
    s, a, b = _table(scores, positives, negatives)
    with np.errstate(divide="ignore"):
        return _log_loss_partials(s, a, b, log_loss(s, a, b), -np.log1p(-s))


def _log_loss_partials(s, a, b, value, negative_loss) -> tuple[np.ndarray, np.ndarray]:
    """(−log s_i − L) / N and (``negative_loss`` − L) / N for the loss ``value`` L (..., ) of the score table
    (s, a, b): the partials of a mean loss whose positive objects lose −log s; NaN, with a warning, where L is
    infinite."""
    n = (a + b).sum(axis=-1, keepdims=True)
    value = np.asarray(value)[..., None]
    with np.errstate(divide="ignore", invalid="ignore"):
        d_pos = (-np.log(s) - value) / n
        d_neg = np.broadcast_to((negative_loss - value) / n, d_pos.shape).copy()
    infinite = np.isinf(value)
    if infinite.any():
        _warn("the partials of an infinite log loss are undefined and set to NaN")
        d_pos, d_neg = np.where(infinite, np.nan, d_pos), np.where(infinite, np.nan, d_neg)
    return d_pos, d_neg


def positive_log_loss(scores, positives, negatives) -> np.ndarray:
    """The positive objects' share of a log loss, −Σ a_i log s_i / N over all N objects: summed over the classes
    of class probabilities (each class's probability column against the other classes), the multiclass log loss
    −mean log p_(y) (scikit-learn's ``log_loss`` on the probability matrix), as the one-vs-rest Brier scores sum to
    the multiclass Brier score. It takes the score table and returns one value per table as :func:`log_loss` does
    (+inf where a positive object has the probability 0; NaN, with a warning, for a table without objects).

    Examples
    --------
    >>> from pandas_agree.measures.calibration import positive_log_loss
    >>> round(float(positive_log_loss([0.2, 0.7], [1, 3], [4, 2])), 6)
    0.267946
    """
    s, a, b = _table(scores, positives, negatives)
    return _per_table(-_log_terms(s, a, np.zeros_like(b)).sum(axis=-1), (a + b).sum(axis=-1), "the log loss")


def positive_log_loss_partials(scores, positives, negatives) -> tuple[np.ndarray, np.ndarray]:
    """Partial derivatives of :func:`positive_log_loss`: ∂L/∂a_i = (−log s_i − L) / N, ∂L/∂b_i = −L / N (NaN,
    with a warning, where the loss is infinite).

    Examples
    --------
    >>> from pandas_agree.measures.calibration import positive_log_loss_partials
    >>> d_pos, d_neg = positive_log_loss_partials([0.2, 0.7], [1, 3], [4, 2])
    >>> d_pos.round(4).tolist(), d_neg.round(4).tolist()
    ([0.1341, 0.0089], [-0.0268, -0.0268])
    """
    s, a, b = _table(scores, positives, negatives)
    return _log_loss_partials(s, a, b, positive_log_loss(s, a, b), 0.0)


# --- calibration errors -----------------------------------------------------------------------------------


def calibration_bins(scores, positives, negatives, bins: int = 15,
                     strategy: Literal["uniform", "quantile"] = "uniform") -> np.ndarray:
    """The bin of each distinct score, as :func:`calibration_error` forms them: fix them once from the
    unresampled table and pass them as ``bin_index=`` so that a bootstrap resamples the counts, not the bins.

    ``"uniform"``: the edges e_j = j / ``bins`` as ``torch.linspace(0, 1, bins + 1)`` computes them in float64
    (j·step in the lower half, 1 − (``bins`` − j)·step in the upper, so that 0.6 is an edge of 5 bins where
    ``numpy.linspace`` gives 0.6000000000000001) and torchmetrics' rule (``torch.bucketize(p, edges, right=True)
    − 1``): bin j holds e_j ≤ p < e_(j+1), and a score of exactly 1 is a bin of its own, the last (index
    ``bins``). ``"quantile"``: equal-mass bins (Nixon et al. 2019) whose edges are
    the (weighted) quantiles of the scores, as scikit-learn's ``calibration_curve`` takes them
    (``numpy.percentile`` of the rows, method "linear"), each score in (e_j, e_(j+1)], the first bin closed; tied
    objects share their score's bin, so the masses are equal only up to ties.

    Parameters
    ----------
    scores, positives, negatives : array_like
        The score table, as in :func:`brier`; one table (1-D counts) for ``"quantile"``.
    bins : int, default 15
        The number of bins (torchmetrics' ``n_bins``).
    strategy : {"uniform", "quantile"}, default "uniform"

    Returns
    -------
    numpy.ndarray of int, shape (S,)
        The bin of each score, from 0 to ``bins`` (``"uniform"``) or ``bins − 1`` (``"quantile"``).

    Examples
    --------
    >>> from pandas_agree.measures.calibration import calibration_bins
    >>> calibration_bins([0.25, 0.5, 0.55, 1.0], [0, 1, 1, 1], [2, 0, 0, 0], bins=2).tolist()
    [0, 1, 1, 2]
    """
    s, a, b = _table(scores, positives, negatives)
    bins = _check_bins(bins)
    if _check_choice(strategy, STRATEGIES, "strategy") == "uniform":
        return np.searchsorted(_torch_edges(bins), s, side="right") - 1
    edges = _weighted_percentile_edges(s, a + b, bins)
    return np.searchsorted(edges[1:-1], s, side="left")


def _calibration_index(s, a, b, bins, strategy, bin_index) -> tuple[np.ndarray, int]:
    if bin_index is None:
        if _check_choice(strategy, STRATEGIES, "strategy") == "quantile" and a.ndim > 1:
            raise ValueError("with a stack of tables and strategy='quantile', pass the bins of the unresampled "
                             "table: bin_index=calibration_bins(scores, positives, negatives, bins, 'quantile')")
        index = calibration_bins(s, a.reshape(-1, s.size)[0] if a.ndim > 1 else a,
                                 b.reshape(-1, s.size)[0] if b.ndim > 1 else b, bins, strategy)
    else:
        index = np.asarray(bin_index)
        if index.shape != s.shape or not np.issubdtype(index.dtype, np.integer) or (index.size and index.min() < 0):
            raise ValueError(f"bin_index must be an array of non-negative integers of the scores' shape {s.shape}, "
                             "as calibration_bins returns")
    return index, int(index.max()) + 1


def _calibration_terms(s, a, b, index, n_bins):
    n = a + b
    count = _bin_sums(n, index, n_bins)
    # D_j = Σ_(i in j) (a_i − s_i n_i): the bin's positives minus its summed scores; gap_j = D_j / n_j
    gap_sum = _bin_sums(a - s * n, index, n_bins)
    return count, gap_sum, n.sum(axis=-1)


def calibration_error(scores, positives, negatives, bins: int = 15,
                      strategy: Literal["uniform", "quantile"] = "uniform",
                      norm: Literal["l1", "l2", "max"] = "l1", debiased: bool = False,
                      bin_index=None) -> np.ndarray:
    """The calibration error of binned scores: ECE (``"l1"``), RMS calibration error (``"l2"``) or maximum
    calibration error (``"max"``), as torchmetrics' ``BinaryCalibrationError``.

    With n_j the (weighted) count, o_j the fraction of positives and f_j the mean score of bin j:
    ECE = Σ_j (n_j / N) |o_j − f_j| (Naeini, Cooper & Hauskrecht 2015), RMSCE = √(Σ_j (n_j / N)(o_j − f_j)²) and
    MCE = max_j |o_j − f_j| over the bins with objects. ``debiased=True`` (``"l2"`` only) adds Kumar, Liang & Ma's
    (2019) correction as torchmetrics' ``debias=True`` does, Σ_j (n_j / N) o_j (o_j − 1) / (n_j − 1) over the bins
    with n_j > 1, inside the square root, and gives 0 when that sum is not positive, as torchmetrics and Kumar et
    al.'s code do (:func:`debiased_squared_error` gives the sum itself, below 0 as it may be).

    Parameters
    ----------
    scores, positives, negatives : array_like
        The score table, as in :func:`brier`.
    bins : int, default 15
        The number of bins (torchmetrics' ``n_bins``); see :func:`calibration_bins` for the rule.
    strategy : {"uniform", "quantile"}, default "uniform"
        Equal-width bins (torchmetrics') or equal-mass bins (Nixon et al. 2019).
    norm : {"l1", "l2", "max"}, default "l1"
    debiased : bool, default False
    bin_index : array_like of int, shape (S,), optional
        The bin of each score, from :func:`calibration_bins` on the unresampled table (or any assignment); when
        given, ``bins`` and ``strategy`` are not used. Needed with a stack of tables and ``"quantile"``.

    Returns
    -------
    numpy.ndarray of shape (...,)
        NaN (with a warning) for a table without objects.

    Examples
    --------
    torchmetrics' documented example (``binary_calibration_error`` with ``n_bins=2``: 0.2900, 0.2918, 0.3167):

    >>> from pandas_agree.measures.calibration import calibration_error
    >>> table = ([0.25, 0.55, 0.75], [0, 1, 2], [2, 0, 0])
    >>> [round(float(calibration_error(*table, bins=2, norm=norm)), 4) for norm in ("l1", "l2", "max")]
    [0.29, 0.2918, 0.3167]
    """
    s, a, b = _table(scores, positives, negatives)
    _check_choice(norm, NORMS, "norm")
    if debiased and norm != "l2":
        raise ValueError(f"debiased=True applies to norm='l2' only; got norm={norm!r}")
    index, n_bins = _calibration_index(s, a, b, bins, strategy, bin_index)
    count, gap_sum, total = _calibration_terms(s, a, b, index, n_bins)
    if norm == "max":
        value = _absolute_gaps(count, gap_sum).max(axis=-1)
        if np.any(total == 0):
            _warn("the calibration error is undefined for a table without objects (N = 0) and set to NaN")
            value = np.where(total == 0, np.nan, value)
        return value
    if norm == "l1":
        return _per_table(np.abs(gap_sum).sum(axis=-1), total, "the calibration error")
    square = _per_table(_safe_ratio(gap_sum**2, count).sum(axis=-1), total, "the calibration error")
    if debiased:
        square = square + _debiasing_term(a, index, n_bins, count, total)
        square = np.where(square > 0, square, np.where(np.isnan(square), np.nan, 0.0))
    return np.sqrt(square)


def debiased_squared_error(scores, positives, negatives, bins: int = 15,
                           strategy: Literal["uniform", "quantile"] = "uniform", bin_index=None) -> np.ndarray:
    """Kumar, Liang & Ma's (2019) debiased estimate of the squared RMS calibration error, before any clip at 0:
    Σ_j (n_j / N)(o_j − f_j)² + Σ_j (n_j / N) o_j (o_j − 1) / (n_j − 1), the second sum over the bins with
    n_j > 1 (as :func:`calibration_error` with ``norm="l2"`` and ``debiased=True`` forms it).

    The estimate is negative where the bins' gaps are smaller than their sampling noise; then
    :func:`calibration_error` gives 0, as torchmetrics' ``debias=True`` and Kumar et al.'s own code
    (``unbiased_l2_ce``: ``max(unbiased_square_ce, 0) ** 0.5``) do. This value carries the information that the
    clip removes (how far below 0 the estimate fell), from which the interval of a clipped error is built.

    Parameters
    ----------
    scores, positives, negatives, bins, strategy, bin_index
        As in :func:`calibration_error`.

    Returns
    -------
    numpy.ndarray of shape (...,)
        The estimate of each table, which may be below 0; NaN (with a warning) for a table without objects.

    Examples
    --------
    Two bins of a well-calibrated score whose gaps are smaller than their noise (the debiased RMS error is 0):

    >>> from pandas_agree.measures.calibration import calibration_error, debiased_squared_error
    >>> table = ([0.25, 0.75], [1, 3], [3, 1])
    >>> float(debiased_squared_error(*table, bins=2)), float(calibration_error(*table, bins=2, norm="l2",
    ...                                                                           debiased=True))
    (-0.0625, 0.0)
    """
    s, a, b = _table(scores, positives, negatives)
    index, n_bins = _calibration_index(s, a, b, bins, strategy, bin_index)
    count, gap_sum, total = _calibration_terms(s, a, b, index, n_bins)
    square = _per_table(_safe_ratio(gap_sum**2, count).sum(axis=-1), total, "the calibration error")
    return square + _debiasing_term(a, index, n_bins, count, total)


def _debiasing_term(a, index, n_bins, count, total) -> np.ndarray:
    """The correction of the debiased squared error, Σ_j (n_j / N) o_j (o_j − 1) / (n_j − 1) over the bins with
    n_j > 1 (o_j the bin's share of positives)."""
    acc = _safe_ratio(_bin_sums(a, index, n_bins), count)
    with np.errstate(divide="ignore", invalid="ignore"):
        term = np.where(count > 1, acc * (acc - 1) * count / (count - 1), 0.0)
    return _safe_ratio(term.sum(axis=-1), total, np.nan)


def calibration_error_partials(scores, positives, negatives, bins: int = 15,
                               strategy: Literal["uniform", "quantile"] = "uniform",
                               norm: Literal["l1", "l2", "max"] = "l1",
                               bin_index=None) -> tuple[np.ndarray, np.ndarray]:
    """Partial derivatives of :func:`calibration_error` (``debiased=False``) with respect to each count, the bins
    held fixed.

    With D_j = Σ_(i in j) (a_i − s_i n_i), so that ECE = Σ_j |D_j| / N, and score i in bin j:

    * ``"l1"``: ∂/∂a_i = (σ_j (1 − s_i) − ECE) / N, ∂/∂b_i = (−σ_j s_i − ECE) / N with σ_j the sign of D_j;
    * ``"l2"``: of Q = RMSCE² = Σ_j D_j² / n_j / N, ∂Q/∂a_i = (2 g_j (1 − s_i) − g_j² − Q) / N,
      ∂Q/∂b_i = (−2 g_j s_i − g_j² − Q) / N with g_j = D_j / n_j, and ∂RMSCE = ∂Q / (2 RMSCE);
    * ``"max"``: in the bin j* of the largest |g_j| (the first of ties), ∂/∂a_i = ±(1 − s_i − g_j*) / n_j*,
      ∂/∂b_i = ±(−s_i − g_j*) / n_j*, and 0 for the counts of the other bins.

    Kinks: |D_j| and |g_j| have no derivative where a bin's gap is 0. There each count's one-sided slope is given,
    the count growing: |∂D_j| for ``"l1"`` (1 − s_i for a_i, s_i for b_i), and for ``"max"`` the absolute value
    likewise. For ``"l2"`` a bin without objects gets the one-sided slope of its counts (g_j = 1 − s_i for a_i,
    −s_i for b_i); where RMSCE = 0 the square root has no finite slope: NaN, with a warning. MCE jumps when a bin
    without objects gains one; the partials of such bins' counts are 0 (the linearisation does not see the jump).

    Parameters
    ----------
    scores, positives, negatives, bins, strategy, norm, bin_index
        As in :func:`calibration_error`.

    Returns
    -------
    (d_positives, d_negatives) : tuple of numpy.ndarray of shape (..., S)

    Examples
    --------
    >>> from pandas_agree.measures.calibration import calibration_error_partials
    >>> d_pos, d_neg = calibration_error_partials([0.25, 0.55, 0.75], [0, 1, 2], [2, 0, 0], bins=2)
    >>> d_pos.round(4).tolist(), d_neg.round(4).tolist()
    ([-0.208, 0.032, -0.008], [-0.008, -0.168, -0.208])
    """
    s, a, b = _table(scores, positives, negatives)
    _check_choice(norm, NORMS, "norm")
    index, n_bins = _calibration_index(s, a, b, bins, strategy, bin_index)
    count, gap_sum, total = _calibration_terms(s, a, b, index, n_bins)
    total = total[..., None]
    d_sum = gap_sum[..., index]  # D_j of each score's bin
    n_bin = count[..., index]
    if norm == "l1":
        value = np.abs(gap_sum).sum(axis=-1, keepdims=True) / total
        sign = np.sign(d_sum)
        d_pos = np.where(sign == 0, 1 - s, sign * (1 - s))
        d_neg = np.where(sign == 0, s, -sign * s)
        return (d_pos - value) / total, (d_neg - value) / total
    if norm == "l2":
        square = _safe_ratio(gap_sum**2, count).sum(axis=-1, keepdims=True) / total
        g_pos, g_neg = _safe_ratio(d_sum, n_bin, np.nan), _safe_ratio(d_sum, n_bin, np.nan)
        g_pos = np.where(n_bin == 0, 1 - s, g_pos)
        g_neg = np.where(n_bin == 0, -s, g_neg)
        dq_pos = (2 * g_pos * (1 - s) - g_pos**2 - square) / total
        dq_neg = (-2 * g_neg * s - g_neg**2 - square) / total
        root = np.sqrt(square)
        if np.any(root == 0):
            _warn("the partials of a zero RMS calibration error are undefined (the square root has no finite "
                  "slope at 0) and set to NaN")
        with np.errstate(divide="ignore", invalid="ignore"):
            return (np.where(root == 0, np.nan, dq_pos / (2 * root)),
                    np.where(root == 0, np.nan, dq_neg / (2 * root)))
    gap = _safe_ratio(gap_sum, count)
    top = np.argmax(_absolute_gaps(count, gap_sum), axis=-1)[..., None]  # MCE's bin, as binned_values finds it
    g = np.take_along_axis(gap, top, axis=-1)
    in_top = (index == top) & (n_bin > 0)
    d_pos, d_neg = _safe_ratio(1 - s - g, n_bin), _safe_ratio(-s - g, n_bin)
    sign = np.sign(g)
    d_pos = np.where(sign == 0, np.abs(d_pos), sign * d_pos)
    d_neg = np.where(sign == 0, np.abs(d_neg), sign * d_neg)
    return np.where(in_top, d_pos, 0.0), np.where(in_top, d_neg, 0.0)


# --- reliability diagram ----------------------------------------------------------------------------------


def reliability_curve(scores, positives, negatives, bins=10,
                      strategy: Literal["uniform", "quantile"] = "uniform") -> dict[str, np.ndarray]:
    """The points of the reliability diagram: per bin, the mean predicted probability, the observed fraction of
    positives and the (weighted) count; for unit weights equal to scikit-learn's ``calibration_curve`` with
    ``n_bins=bins`` and the same ``strategy``.

    The bins follow scikit-learn: ``"uniform"`` has the edges ``numpy.linspace(0, 1, bins + 1)``, ``"quantile"``
    the quantiles of the (weighted) scores at those levels (``numpy.percentile`` of the rows, method "linear");
    a score belongs to (e_j, e_(j+1)], the first bin being closed. (:func:`calibration_error` follows
    torchmetrics' rule instead, [e_j, e_(j+1)).)

    Parameters
    ----------
    scores, positives, negatives : array_like
        The score table, as in :func:`brier`.
    bins : int or array_like of edges, default 10
        The number of bins, or their ascending edges covering the scores (then ``strategy`` is not used; fixed
        edges are what a stack of tables needs with ``"quantile"``).
    strategy : {"uniform", "quantile"}, default "uniform"

    Returns
    -------
    dict of numpy.ndarray
        ``bin`` (the bin numbers), ``mean_predicted``, ``fraction_positive`` and ``count``. For one table (1-D
        counts), the bins with objects only, as scikit-learn; for a stack, every bin (shape (..., bins)), with
        count 0 and NaN mean and fraction where a table's bin is empty (an absent point, not a warning).

    Examples
    --------
    >>> from pandas_agree.measures.calibration import reliability_curve
    >>> curve = reliability_curve([0.1, 0.4, 0.45, 0.9], [0, 1, 1, 3], [2, 1, 1, 1], bins=2)
    >>> {k: v.round(4).tolist() for k, v in curve.items()}  # doctest: +NORMALIZE_WHITESPACE
    {'bin': [0, 1], 'mean_predicted': [0.3167, 0.9], 'fraction_positive': [0.3333, 0.75],
     'count': [6.0, 4.0]}
    """
    s, a, b = _table(scores, positives, negatives)
    n = a + b
    if isinstance(bins, (int, np.integer)) and not isinstance(bins, bool):
        n_bins = _check_bins(bins)
        if _check_choice(strategy, STRATEGIES, "strategy") == "uniform":
            edges = _uniform_edges(n_bins)
        else:
            edges = _weighted_percentile_edges(s, n, n_bins)
    else:
        edges = np.asarray(bins, dtype=np.float64)
        if edges.ndim != 1 or edges.size < 2 or not np.all(np.diff(edges) >= 0):
            raise ValueError(f"bins must be an integer ≥ 1 or an ascending 1-D array of edges; got {bins!r}")
        n_bins = edges.size - 1
    index = np.searchsorted(edges[1:-1], s, side="left")
    count = _bin_sums(n, index, n_bins)
    mean = _safe_ratio(_bin_sums(n * s, index, n_bins), count, np.nan)
    fraction = _safe_ratio(_bin_sums(a, index, n_bins), count, np.nan)
    if count.ndim == 1:
        keep = count > 0
        return {"bin": np.flatnonzero(keep), "mean_predicted": mean[keep], "fraction_positive": fraction[keep],
                "count": count[keep]}
    return {"bin": np.arange(n_bins), "mean_predicted": mean, "fraction_positive": fraction, "count": count}


# --- Cox's calibration slope and intercept ----------------------------------------------------------------


def _solve(info: np.ndarray, vector: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """info⁻¹ · vector and the diagonal of info⁻¹ for stacks of 1×1 or 2×2 matrices (NaN where singular)."""
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        if info.shape[-1] == 1:
            inverse = 1 / info[..., 0, 0]
            return (vector[..., 0] * inverse)[..., None], inverse[..., None]
        i00, i01, i11 = info[..., 0, 0], info[..., 0, 1], info[..., 1, 1]
        det = i00 * i11 - i01 * i01
        det = np.where(det > 1e-14 * np.abs(i00 * i11), det, np.nan)  # singular: a single distinct score
        solved = np.stack([(i11 * vector[..., 0] - i01 * vector[..., 1]) / det,
                           (i00 * vector[..., 1] - i01 * vector[..., 0]) / det], axis=-1)
        return solved, np.stack([i11 / det, i00 / det], axis=-1)


def _newton_logistic(x, offset, a, n, slope: bool, iterations: int = 100):
    """Maximum likelihood of logit P(y = 1) = α (+ β x) + offset on the score table, for every table of the stack
    at once: Newton–Raphson with step halving. Returns the estimates, their SEs (from the information matrix)
    and whether each fit converged."""
    shape = a.shape[:-1]
    design = np.stack([np.ones_like(x), x], axis=-1) if slope else np.ones((*x.shape, 1))
    theta = np.zeros((*shape, design.shape[-1]))

    k = design.shape[-1]
    products = (design[:, :, None] * design[:, None, :]).reshape(x.size, k * k)

    def loglik(theta):  # Σ a·η − n·log(1 + e^η), stable for large |η|; and η
        eta = offset + theta @ design.T
        return (a * eta - n * np.logaddexp(0.0, eta)).sum(axis=-1), eta

    def information(eta):
        mu = 0.5 * (1 + np.tanh(eta / 2))  # the logistic function, stable
        return mu, ((n * mu * (1 - mu)) @ products).reshape(*shape, k, k)

    current, eta = loglik(theta)
    converged = np.zeros(shape, dtype=bool)
    for _ in range(iterations):
        mu, info = information(eta)
        step, _ = _solve(info, (a - n * mu) @ design)
        step = np.where(np.isfinite(step) & ~converged[..., None], step, 0.0)
        factor = np.ones(shape)
        for _ in range(60):  # halve the step where the likelihood would fall
            new, eta = loglik(theta + factor[..., None] * step)
            worse = ~(new >= current - 1e-12 * np.abs(current))
            if not worse.any():
                break
            factor = np.where(worse, factor / 2, factor)
        move = factor[..., None] * step
        theta = theta + move
        converged |= np.abs(move).max(axis=-1) <= 1e-11 * (1 + np.abs(theta).max(axis=-1))
        current = new
        if converged.all():
            break
    _, info = information(eta)
    _, variance = _solve(info, np.zeros(theta.shape))
    se = np.sqrt(variance)
    return theta, se, converged & np.isfinite(se).all(axis=-1)


def calibration_intercept_slope(scores, positives, negatives) -> dict[str, np.ndarray]:
    """Cox's (1958) calibration slope and the calibration-in-the-large intercept, with their standard errors.

    The slope β is that of the logistic regression logit P(y = 1) = α + β logit(p); the intercept α₀ that of
    logit P(y = 1) = α₀ + logit(p) (logit p an offset, the slope fixed at 1). A well-calibrated score has β = 1
    and α₀ = 0; β < 1 says the scores are too extreme (overfitting). Both are maximum-likelihood fits on the
    score table with the counts as frequency weights (the same as on the rows: statsmodels' ``GLM(Binomial,
    freq_weights=...)``, R's ``glm(family = binomial, weights = ...)``), by Newton–Raphson for every table of a
    stack at once; the standard errors are those of the observed (= expected) information.

    Objects at a score of exactly 0 or 1 (logit ±inf: the models give them a probability of 0 or 1 whatever α and
    β are) are left out of both fits, with a :class:`UserWarning` that counts them and those of them that
    contradict their score (a positive at 0, a negative at 1, which no positive slope fits), as R's
    ``rms::val.prob`` leaves them out ("observations deleted from logistic calibration due to probs. of 0 or 1").
    Undefined, NaN with an :class:`~pandas_agree.UndefinedMeasureWarning`: a table with no positive or no negative
    object among the others (the estimates diverge), with a single distinct score with objects (no slope), or
    whose fit does not converge (separation).

    Parameters
    ----------
    scores, positives, negatives : array_like
        The score table, as in :func:`brier`.

    Returns
    -------
    dict of numpy.ndarray of shape (...,)
        ``slope``, ``slope_se``, ``intercept`` (calibration-in-the-large), ``intercept_se``.

    Examples
    --------
    >>> from pandas_agree.measures.calibration import calibration_intercept_slope
    >>> fit = calibration_intercept_slope([0.2, 0.5, 0.8], [2, 5, 6], [8, 5, 4])
    >>> {k: round(float(v), 4) for k, v in fit.items()}
    {'slope': 0.6244, 'slope_se': 0.357, 'intercept': -0.3523, 'intercept_se': 0.4214}
    """
    s, a, b = _table(scores, positives, negatives)
    edge = (s == 0) | (s == 1)
    _warn_left_out(np.where(edge, a + b, 0.0).sum(axis=-1),
                   np.where(s == 0, a, 0.0).sum(axis=-1) + np.where(s == 1, b, 0.0).sum(axis=-1))
    a, b = np.where(edge, 0.0, a), np.where(edge, 0.0, b)
    n = a + b
    x = np.log(np.where(edge, 0.5, s)) - np.log1p(-np.where(edge, 0.5, s))
    pos, neg = a.sum(axis=-1), b.sum(axis=-1)
    one_score = (n > 0).sum(axis=-1) < 2
    theta1, se1, ok1 = _newton_logistic(x, x, a, n, slope=False)
    theta2, se2, ok2 = _newton_logistic(x, np.zeros_like(x), a, n, slope=True)
    degenerate = (pos == 0) | (neg == 0)
    bad_intercept = degenerate | ~ok1
    bad_slope = degenerate | one_score | ~ok2
    if bad_intercept.any() or bad_slope.any():
        reasons = [text for flag, text in (((pos == 0) | (neg == 0), "no positive or no negative object"
                                            + (" (besides those at a score of 0 or 1)" if edge.any() else "")),
                                            (one_score & ~degenerate, "a single distinct score (no slope)"),
                                            ((~ok1 | ~ok2) & ~degenerate & ~one_score, "no convergence"))
                   if np.any(flag)]
        _warn("the calibration intercept and slope are undefined and set to NaN: " + "; ".join(reasons))
    return {"slope": np.where(bad_slope, np.nan, theta2[..., 1]),
            "slope_se": np.where(bad_slope, np.nan, se2[..., 1]),
            "intercept": np.where(bad_intercept, np.nan, theta1[..., 0]),
            "intercept_se": np.where(bad_intercept, np.nan, se1[..., 0])}


def _warn_left_out(left_out: np.ndarray, contradicting: np.ndarray) -> None:
    """The warning of :func:`calibration_intercept_slope` for the objects at a score of 0 or 1 it leaves out
    (each array by table; the largest counts are named)."""
    if not np.any(left_out > 0):
        return
    count, against = float(np.max(left_out)), float(np.max(contradicting))
    text = (f"{count:g} object{'s' if count != 1 else ''} at a score of exactly 0 or 1 (logit infinite) "
            f"{'were' if count != 1 else 'was'} left out of Cox's calibration intercept and slope, as R's "
            "rms::val.prob leaves them out")
    if against > 0:
        text += (f"; {against:g} of them contradict{'s' if against == 1 else ''} the score (a positive at 0 or a "
                 "negative at 1): the score is wrong there with certainty, which no logistic recalibration fits")
    warnings.warn(text, UserWarning, stacklevel=external_stacklevel())


# --- the binned statistics as functions of five sums per bin, for their partials ---------------------------------

BINNED = ("reliability", "resolution", "uncertainty", "within_bin_variance", "within_bin_covariance", "ECE", "RMSCE",
          "RMSCE_DEBIASED", "RMSCE_DEBIASED_SQUARED", "MCE")
"""The statistics of binned scores that :func:`binned_values` gives from the bins' sums."""


def bin_sums(scores, positives, negatives, bin_index, n_bins: int) -> np.ndarray:
    """The five sums of each bin that the binned statistics are functions of, (5, n_bins): the count n, the
    positives o, and Σ s n, Σ s² n and Σ s a over the bin's scores (``bin_index`` gives each score's bin)."""
    s, a, b = _table(scores, positives, negatives)
    n = a + b
    index = np.asarray(bin_index)
    return np.stack([_bin_sums(x, index, n_bins) for x in (n, a, s * n, s * s * n, s * a)])


def binned_values(sums: np.ndarray, many: np.ndarray | None = None) -> dict[str, np.ndarray]:
    """Murphy's binned terms (as :func:`murphy` with bins) and the calibration errors (as
    :func:`calibration_error` over the same bins, and the debiased squared error before its clip at 0,
    ``RMSCE_DEBIASED_SQUARED``, as :func:`debiased_squared_error`) from the bins' sums (5, ..., n_bins) of
    :func:`bin_sums`.
    ``many`` (n_bins,) marks the bins of more than one object, which the debiased error's correction sums over
    (by default, those of the sums): the partials hold it at the table's own bins, as the correction of a bin of
    one object is 0 by definition, not a function that jumps as its count moves past 1."""
    n, o, f, g, h = sums
    total = n.sum(axis=-1)
    with np.errstate(divide="ignore", invalid="ignore"):
        filled = n > 0
        safe = np.where(filled, n, 1.0)
        mean = o.sum(axis=-1) / total
        gap = np.where(filled, (o - f) / safe, 0.0)  # the bin's share of positives less its mean score
        out = {
            "reliability": np.where(filled, (o - f) ** 2 / safe, 0.0).sum(axis=-1) / total,
            "resolution": np.where(filled, (o - mean[..., None] * n) ** 2 / safe, 0.0).sum(axis=-1) / total,
            "uncertainty": mean * (1 - mean),
            "within_bin_variance": np.where(filled, g - f * f / safe, 0.0).sum(axis=-1) / total,
            "within_bin_covariance": 2 * np.where(filled, h - f * o / safe, 0.0).sum(axis=-1) / total,
            "ECE": np.abs(o - f).sum(axis=-1) / total,
            "MCE": _absolute_gaps(n, o - f).max(axis=-1),
        }
        square = (n * gap * gap).sum(axis=-1) / total
        out["RMSCE"] = np.sqrt(square)
        share = np.where(filled, o / safe, 0.0)
        many = n > 1 if many is None else np.broadcast_to(many, n.shape)
        correction = np.where(many, n * share * (share - 1) / np.where(many, n - 1, 1.0), 0.0).sum(axis=-1) / total
        out["RMSCE_DEBIASED_SQUARED"] = square + correction  # before the clip at 0 (debiased_squared_error)
        out["RMSCE_DEBIASED"] = np.sqrt(np.maximum(square + correction, 0.0))
    return out


def binned_partials(scores, positives, negatives, bin_index, n_bins: int,
                    names=BINNED) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """The partials of the binned statistics ``names`` with respect to the positive and the negative count at each
    score (each (S,)), through the bins' sums: a positive object at score s in bin j adds (1, 1, s, s², s) to bin j's
    sums, a negative one (1, 0, s, s², 0), so a partial is the sums' partials (central differences of
    :func:`binned_values`, O(bins²)) read at the score. The kinks (a bin's gap of 0 in ECE, the bin that holds
    MCE, the clip at 0 of the debiased error) take the central difference's value between the one-sided slopes.

    MCE's partials are NaN, with a warning, where the bin of the largest gap holds objects of one class only (its
    share of positives 0 or 1, a single object among them): the linearisation reads that share's variance as 0, as
    a Wald interval of a proportion of 0 does, and an SE of 0 (an interval [MCE, MCE]) would claim a certainty that a
    few objects do not give; the bootstrap gives an interval."""
    s, a, b = _table(scores, positives, negatives)
    index = np.asarray(bin_index)
    sums = bin_sums(s, a, b, index, n_bins)
    step = 1e-6 * np.maximum(np.abs(sums), 1.0)
    moved = np.repeat(sums[None], 2 * sums.size, axis=0).reshape(2, *sums.shape, *sums.shape)
    flat_up, flat_down = moved[0].reshape(sums.size, *sums.shape), moved[1].reshape(sums.size, *sums.shape)
    at = np.arange(sums.size)
    flat_up.reshape(sums.size, -1)[at, at] += step.ravel()
    flat_down.reshape(sums.size, -1)[at, at] -= step.ravel()
    many = sums[0] > 1
    up = binned_values(np.moveaxis(flat_up, 0, 1), many)
    down = binned_values(np.moveaxis(flat_down, 0, 1), many)
    out = {}
    for name in names:
        d = ((up[name] - down[name]) / (2 * step.ravel())).reshape(sums.shape)  # (5, n_bins)
        dn, do, df, dg, dh = (d[k][index] for k in range(5))
        negative = dn + s * df + s * s * dg
        out[name] = (negative + do + s * dh, negative)
    if "MCE" in names and _one_class_at_the_largest_gap(sums):
        _warn("the linearised SE of the maximum calibration error (MCE) is undefined where the bin of the largest gap "
              "holds objects of one class only (its share of positives, 0 or 1, has no spread to linearise): NaN; "
              f"{option_set('ci', 'bootstrap')} gives an interval")
        out["MCE"] = (np.full(s.shape, np.nan), np.full(s.shape, np.nan))
    return out


def _absolute_gaps(n: np.ndarray, gap_sum: np.ndarray) -> np.ndarray:
    """|o_j − f_j| / n_j of each bin (its share of positives less its mean score; ``gap_sum`` is o_j − f_j, the
    positives less the scores' sum), −inf where the bin is empty: MCE is their maximum, and its bin the first that
    holds it."""
    filled = n > 0
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(filled, np.abs(gap_sum) / np.where(filled, n, 1.0), -np.inf)


def _one_class_at_the_largest_gap(sums: np.ndarray) -> bool:
    """Whether the bin of MCE (the first of the largest gap) holds objects of one class only."""
    n, o, f = sums[0], sums[1], sums[2]
    if not (n > 0).any():
        return False
    top = int(np.argmax(_absolute_gaps(n, o - f)))
    return bool(o[top] == 0 or o[top] == n[top])
