"""Gwet's (2014) linearised variance of a chance-corrected coefficient κ = (Pa − Pe)/(1 − Pe).

One function for both kinds of unit the package linearises over:

- the cells of the q×q union table of two classifications, each weighted by its count (the delta method on
  the multinomial cell proportions; Gwet 2008 for AC1 and Scott's pi), and
- the subjects rated by several raters, each weighted by its frequency weight (Gwet 2014, ch. 5).

Each unit u has a weight ω_u and the derivatives d_pa_u, d_pe_u of Pa and Pe in its direction; its influence on
κ is z_u = (d_pa_u − (1 − κ)·d_pe_u)/(1 − Pe) and the variance is Σ_u ω_u (z_u − z̄)² / (W (W − ddof)), with
W = Σ_u ω_u and z̄ the ω-weighted mean. The conventions differ by the divisor, as in the literature:

- table cells: ``ddof=0``, so the variance is Σ p_u (z_u − z̄)² / N (the delta method, divisor N);
- subjects: ``ddof=1``, so it is Σ w_i (κ*_i − κ)² / (W (W − 1)) (Gwet's formula, divisor W − 1), where
  κ*_i = κ_i − 2(1 − κ)(pe_i − Pe)/(1 − Pe) differs from z_i by a constant only.

For two raters the two give SEs in the ratio √(n/(n − 1)).
"""

from __future__ import annotations

import math

import numpy as np

from ..base.undefined import divide
from ..measures import chance

__all__ = ["linearised"]


def linearised(pa, pe, d_pa, d_pe, weights, *, ddof: int, shares: np.ndarray | None = None) -> tuple[float, float]:
    """The coefficient (Pa − Pe)/(1 − Pe) and its linearised standard error.

    Parameters
    ----------
    pa, pe : float
        Observed and chance agreement.
    d_pa, d_pe : array_like
        Their derivatives in the direction of each unit (a scalar broadcasts: 0 for a constant Pe).
    weights : array_like
        The weight of each unit (cell counts, or subject weights), of the shape of ``d_pa``.
    ddof : {0, 1}
        0 for the cells of a table (divisor N), 1 for subjects (divisor W − 1).
    shares : numpy.ndarray, optional
        ``weights / weights.sum()``, where the caller has it (the same units for several coefficients).

    Returns
    -------
    (float, float)
        The value and its SE; the SE is NaN when W − ddof is not positive.

    Examples
    --------
    >>> import numpy as np
    >>> p = np.array([[0.4, 0.1], [0.1, 0.4]])  # Po = 0.8 with Pe = 0.5 (a constant): SE = √(.8·.2/100)/.5
    >>> value, se = linearised(0.8, 0.5, np.eye(2), 0.0, p * 100, ddof=0)
    >>> round(float(value), 3), round(float(se), 3)
    (0.6, 0.08)
    """
    weights = np.asarray(weights, dtype=float)
    value = float(chance.chance_corrected(pa, pe))
    influence = np.broadcast_to(divide(np.asarray(d_pa) - (1 - value) * np.asarray(d_pe), 1 - pe), weights.shape)
    total = float(weights.sum())
    share = weights / total if shares is None else shares
    spread = total - ddof
    if not spread > 0:
        return value, np.nan
    # Σ s z and Σ s (z − z̄)² as products over the units (numpy's own loop, not a multi-threaded BLAS call)
    centred = influence - _dot(share, influence)
    variance = _dot(share * centred, centred) / spread
    return value, math.sqrt(max(variance, 0.0)) if not math.isnan(variance) else np.nan


def _dot(x: np.ndarray, y: np.ndarray) -> float:
    """Σ x y over units of one axis (else over every axis, elementwise)."""
    return float(np.einsum("i,i->", x, y) if x.ndim == 1 else (x * y).sum())
