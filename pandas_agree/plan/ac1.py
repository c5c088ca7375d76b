"""Gwet's AC1 of two raters: the number of subjects for an interval of a given width.

The two raters share the category proportions p; with probability λ they give a subject the same rating, drawn
from p, and otherwise rate independently, so that the expected table is P = λ diag(p) + (1 − λ) p pᵀ. λ is the
one that gives the AC1 expected. The interval is the Wald interval with Gwet's (2008) large-sample variance of
AC1, the multinomial delta-method variance that ``ci="linearized"`` gives for AC1 in ``multiclass()``:

    n·Var(AC1) = Σ_ij P_ij g_ij² − (Σ_ij P_ij g_ij)²,
    g_ij = (1{i = j} − (1 − AC1)(1 − π_i − π_j)/(K − 1)) / (1 − pe),

with π the mean of the two raters' proportions (here p) and pe = Σ π_k (1 − π_k)/(K − 1). The interval's width
2 z_{1−α/2} √Var(AC1) is at most ``width`` from n = (2 z)² n·Var / width² on.

Examples
--------
>>> from pandas_agree.plan import ac1_interval_n
>>> ac1_interval_n(0.7, [0.2, 0.3, 0.5], width=0.2)
136
"""

from __future__ import annotations

import numpy as np

from ..inference.distributions import normal_ppf
from .checks import fraction, number, probability
from .checks import proportions as check_proportions
from .results import SampleSize

__all__ = ["GWET", "ac1_interval_n", "ac1_table", "ac1_unit_variance"]

GWET = ("Gwet, K. L. (2008). Computing inter-rater reliability and its variance in the presence of high "
        "agreement. British Journal of Mathematical and Statistical Psychology 61, 29-48")


def ac1_table(ac1: float, props) -> np.ndarray:
    """The expected table of two raters with category proportions ``props`` and Gwet's AC1 ``ac1``:
    λ diag(p) + (1 − λ) p pᵀ (see the module's text). A ``ValueError`` when no such table exists.

    Examples
    --------
    >>> from pandas_agree.plan.ac1 import ac1_table
    >>> ac1_table(0.6, [0.5, 0.5]).round(12).tolist()
    [[0.4, 0.1], [0.1, 0.4]]
    """
    p = np.asarray(props, dtype=float)
    k = p.size
    pe = float(np.sum(p * (1 - p))) / (k - 1)
    pa = ac1 * (1 - pe) + pe
    chance = float(np.sum(p * p))
    lam = (pa - chance) / (1 - chance)
    table = lam * np.diag(p) + (1 - lam) * np.outer(p, p)
    if lam > 1 or table.min() < 0:
        # AC1 runs from the table with λ at its lowest (a diagonal cell empty) to λ = 1
        low_lam = max(-p / (1 - p))
        low_pa = low_lam + (1 - low_lam) * chance
        raise ValueError(f"ac1 must lie between {(low_pa - pe) / (1 - pe):.6g} and 1 with these proportions "
                         f"(the AC1 of the tables they allow); got {ac1:g}")
    return table


def ac1_unit_variance(table) -> float:
    """N times the large-sample variance of Gwet's AC1 on a table of cell probabilities (Gwet 2008).

    Examples
    --------
    >>> from pandas_agree.plan.ac1 import ac1_unit_variance
    >>> round(ac1_unit_variance([[0.4, 0.1], [0.1, 0.4]]), 6)
    0.64
    """
    p = np.asarray(table, dtype=float)
    p = p / p.sum()
    k = p.shape[0]
    pi = (p.sum(axis=1) + p.sum(axis=0)) / 2
    pe = float(np.sum(pi * (1 - pi))) / (k - 1)
    ac1 = (float(np.trace(p)) - pe) / (1 - pe)
    g = (np.eye(k) - (1 - ac1) * (1 - pi[:, None] - pi[None, :]) / (k - 1)) / (1 - pe)
    return float(np.sum(p * g * g) - np.sum(p * g) ** 2)


def ac1_interval_n(ac1: float, proportions, width: float, *, confidence_level: float = 0.95) -> SampleSize:
    """The number of subjects two raters must rate for a Wald interval of Gwet's AC1 no wider than ``width``.

    Parameters
    ----------
    ac1 : float
        The AC1 expected in the study.
    proportions : float or sequence of float
        The expected category proportions (the same for both raters): for two categories one number (the
        proportion of the first) or two; for more, one for each, summing to 1.
    width : float
        The full width of the interval (upper − lower limit), strictly between 0 and 1; ±0.1 is a width of 0.2.
    confidence_level : float, default 0.95

    Returns
    -------
    SampleSize
        An ``int``: (2 z_{1−α/2})² n·Var(AC1) / width², rounded up, with n·Var(AC1) Gwet's variance at the
        expected table (see the module's text).

    References
    ----------
    Gwet, K. L. (2008). British Journal of Mathematical and Statistical Psychology 61, 29-48.

    Examples
    --------
    >>> from pandas_agree.plan import ac1_interval_n
    >>> ac1_interval_n(0.6, 0.5, width=0.2)
    246
    """
    ac1 = number("ac1", ac1)
    props = check_proportions("proportions", proportions)
    width = fraction("width", width, "the full width of the interval, upper − lower limit")
    level = probability("confidence_level", confidence_level)
    if not ac1 < 1:
        raise ValueError(f"ac1 must be below 1 (an AC1 of 1 has no variance to plan for); got {ac1:g}")
    z = float(normal_ppf(1 - (1 - level) / 2))
    exact = (2 * z) ** 2 * ac1_unit_variance(ac1_table(ac1, props)) / width ** 2
    return SampleSize(exact, method="Wald interval of Gwet's AC1 (Gwet's variance) no wider than width",
                      reference=GWET)
