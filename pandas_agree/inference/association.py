"""SPSS CROSSTABS' symmetric and directional measures of association, each with its Value, Asymp. Std. Error
(ASE1), Approx. T and Approx. Sig.

The formulas are those of "IBM SPSS Statistics Algorithms — CROSSTABS" as GNU PSPP implements them
(``crosstabs.c``; its notation: cell counts f_ij, row totals r_i, column totals c_j, total W), checked against
published SPSS output (tests/test_spss_published.py). The ordinal measures rest on

* C_ij = Σ_{h<i, k<j} f_hk + Σ_{h>i, k>j} f_hk (cells concordant with cell ij) and
  D_ij = Σ_{h<i, k>j} f_hk + Σ_{h>i, k<j} f_hk (discordant ones);
* P = Σ f_ij C_ij and Q = Σ f_ij D_ij (twice the numbers of concordant and discordant pairs);
* D_r = W² − Σ r_i² and D_c = W² − Σ c_j².

The ASE of each measure is its delta-method standard error under the multinomial model (ASE1, for intervals);
Approx. T is the value over the standard error under independence (ASE0) where SPSS prints one, with a
two-sided normal Approx. Sig. Spearman's and Pearson's correlations print T = r √((W − 2)/(1 − r²)) with a
t distribution on W − 2 degrees of freedom; phi, Cramér's V and the contingency coefficient print the
significance of the Pearson chi-square, the uncertainty coefficients that of the likelihood-ratio chi-square, and
Goodman and Kruskal's tau that of (W − 1)(J − 1)τ on (I − 1)(J − 1) df (J the dependent variable's categories).

Goodman and Kruskal's tau's ASE1 is its delta-method standard error, as SAS's PROC FREQ and R's DescTools give it;
SPSS prints a slightly different one (.145 for .147 in a 2×3 table, and two different ASEs for the two directions
of a 2×2 table, where both are φ² and have one delta-method error), which its documentation does not let us
reproduce.

Only the order of rows and columns enters the ordinal measures; Pearson's R and eta use row and column
scores (by default the positions 1, 2, …, as SPSS uses the values of numeric codes).

Cramér's V, symmetric lambda and the symmetric uncertainty coefficient are the registry's records CRAMERV, LAMBDA
and UC, UC's ASE1 its record's linearised SE, and χ² and G² those of
:func:`~pandas_agree.inference.tests.independence`. Symmetric lambda's ASE1 is SPSS's own: a tie for a modal
category takes the first, where the record's gradient shares it.
"""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd

from ..base.undefined import divide, warn_undefined
from ..engine.tableview import TableView
from ..measures.registry import REGISTRY
from .delta import linearised_variance, partials_variance
from .distributions import chi2_sf, normal_ppf, two_sided_p
from .estimates import Estimate, IntervalOptions
from .tests import centred_scores, independence, kappa_variances

__all__ = ["KEYWORDS", "association_measures", "cramer_v_interval", "kappa_max_interval",
           "noncentral_v_interval"]

SYMMETRIC = "Symmetric Measures"
DIRECTIONAL = "Directional Measures"
NOMINAL, ORDINAL, INTERVAL, AGREEMENT = "Nominal by Nominal", "Ordinal by Ordinal", "Interval by Interval", \
    "Measure of Agreement"
NOMINAL_INTERVAL = "Nominal by Interval"

#: SPSS's /STATISTICS keywords and the measures each one prints, in SPSS's order.
KEYWORDS: dict[str, tuple[str, ...]] = {
    "phi": ("Phi", "Cramér's V"),
    "cc": ("Contingency Coefficient",),
    "btau": ("Kendall's tau-b",),
    "ctau": ("Kendall's tau-c",),
    "gamma": ("Gamma",),
    "corr": ("Spearman Correlation", "Pearson's R"),
    "kappa": ("Kappa",),
    "lambda": ("Lambda — Symmetric", "Lambda — Rows Dependent", "Lambda — Columns Dependent",
               "Goodman and Kruskal tau — Rows Dependent", "Goodman and Kruskal tau — Columns Dependent"),
    "uc": ("Uncertainty Coefficient — Symmetric", "Uncertainty Coefficient — Rows Dependent",
           "Uncertainty Coefficient — Columns Dependent"),
    "d": ("Somers' d — Symmetric", "Somers' d — Rows Dependent", "Somers' d — Columns Dependent"),
    "eta": ("Eta — Rows Dependent", "Eta — Columns Dependent"),
}

_SYMMETRIC_ORDER = ("phi", "cc", "btau", "ctau", "gamma", "corr", "kappa")
_DIRECTIONAL_ORDER = ("lambda", "uc", "d", "eta")
_SCALE = {"phi": NOMINAL, "cc": NOMINAL, "lambda": NOMINAL, "uc": NOMINAL, "btau": ORDINAL, "ctau": ORDINAL,
          "gamma": ORDINAL, "d": ORDINAL, "kappa": AGREEMENT, "eta": NOMINAL_INTERVAL}
COLUMNS = ["scale", "value", "ase", "t", "pvalue", "method", "note"]

NORMAL = "two-sided normal, T = value / ASE0"
PEARSON_SIG = "Pearson chi-square"
LR_SIG = "likelihood-ratio chi-square"
CATANOVA_SIG = "chi-square approximation, (W − 1)(J − 1)τ on (I − 1)(J − 1) df"
T_SIG = "t on W − 2 df, T = r √((W − 2)/(1 − r²))"
NOT_APPLICABLE = "not computed"
ROUNDING = 1e-12  # relative size below which a difference of sums of shares is taken for round-off


def _row(value=np.nan, ase=np.nan, t=np.nan, pvalue=np.nan, method="", note="") -> dict:
    return {"value": float(value), "ase": float(ase), "t": float(t), "pvalue": float(pvalue), "method": method,
            "note": note}


def _sqrt(x) -> float:
    """√x of a variance that is a difference of sums: 0 where round-off makes it slightly negative."""
    return float(np.sqrt(max(float(x), 0.0)))


def _normal_sig(t: float) -> float:
    return float(two_sided_p(t)) if np.isfinite(t) else np.nan


def _ratio(value: float, se: float) -> float:
    return float(divide(value, se))


class _Table:
    """The non-empty rows and columns of a table with the sums every measure shares, and its view for the
    registry's measures (only its cells and margins are read: no matching classes)."""

    def __init__(self, f: np.ndarray, x: np.ndarray, y: np.ndarray):
        self.f, self.x, self.y = f, x, y
        self.r, self.c = f.sum(axis=1), f.sum(axis=0)
        self.w = float(f.sum())
        none = np.empty(0, dtype=int)
        self.view = TableView(f, none, none, np.arange(f.shape[0]), np.arange(f.shape[1]), max(f.shape))

    def measure(self, code: str) -> float:
        """The value of the registry's measure ``code``."""
        return float(REGISTRY[code].compute(self.view))

    def linearised_se(self, code: str) -> float:
        """The delta-method SE of the registry's measure ``code`` from its record's gradient: SPSS's ASE1."""
        v = self.view
        return _sqrt(partials_variance(self.f, v.rows, v.cols, REGISTRY[code].gradient(v)))

    def chi_square(self) -> tuple[float, float, float, float]:
        """Pearson's X² and the likelihood ratio G² with their p-values on (I − 1)(J − 1) df."""
        x2, g2, df = independence(self.view)
        return x2, float(chi2_sf(x2, df)), g2, float(chi2_sf(max(g2, 0.0), df))

    def concordance(self) -> tuple[np.ndarray, np.ndarray, float, float]:
        """C_ij, D_ij, P and Q, from two-dimensional cumulative sums in O(I·J)."""
        f = self.f
        cum = np.zeros((f.shape[0] + 1, f.shape[1] + 1))
        cum[1:, 1:] = f.cumsum(axis=0).cumsum(axis=1)  # cum[a, b] = Σ_{h<a, k<b} f_hk
        total, rows, cols = cum[-1, -1], cum[1:, -1], cum[-1, 1:]
        before_rows, before_cols = cum[:-1, -1][:, None], cum[-1, :-1][None, :]
        upper_left = cum[:-1, :-1]  # h < i, k < j
        upper_right = before_rows - cum[:-1, 1:]  # h < i, k > j
        lower_left = before_cols - cum[1:, :-1]  # h > i, k < j
        lower_right = total - rows[:, None] - cols[None, :] + cum[1:, 1:]  # h > i, k > j
        conc, disc = upper_left + lower_right, upper_right + lower_left
        return conc, disc, float((f * conc).sum()), float((f * disc).sum())


def _chi_based(t: _Table, x2: float, p: float) -> dict[str, dict]:
    w = t.w
    if t.f.shape == (2, 2):  # SPSS signs phi in a 2×2 table (V is |phi| there)
        f = t.f
        phi = float(divide(f[0, 0] * f[1, 1] - f[0, 1] * f[1, 0], np.sqrt(np.prod(t.r) * np.prod(t.c))))
    else:
        phi = float(np.sqrt(x2 / w))
    return {
        "Phi": _row(phi, pvalue=p, method=PEARSON_SIG),
        "Cramér's V": _row(t.measure("CRAMERV"), pvalue=p, method=PEARSON_SIG),
        "Contingency Coefficient": _row(np.sqrt(x2 / (x2 + w)), pvalue=p, method=PEARSON_SIG),
    }


def _ordinal(t: _Table, q: int) -> dict[str, dict]:
    """Kendall's tau-b and tau-c, gamma and Somers' d with their ASE1 and T."""
    f, w, r, c = t.f, t.w, t.r, t.c
    conc, disc, p, qq = t.concordance()
    s = p - qq
    dr, dc = w * w - (r * r).sum(), w * w - (c * c).sum()
    diff = conc - disc
    # Σ f (C − D)² − (P − Q)²/W: W times the null variance of the concordance score, shared by every ASE0
    null_spread = _sqrt((f * diff**2).sum() - s * s / w)
    out = {}

    tau_b = _ratio(s, np.sqrt(dr * dc))
    v = r[:, None] * dc + c[None, :] * dr
    ase1 = _sqrt((f * (2 * np.sqrt(dr * dc) * diff + tau_b * v) ** 2).sum() - w**3 * tau_b**2 * (dr + dc) ** 2)
    ase1 = float(divide(ase1, dr * dc))
    ase0 = float(divide(2 * null_spread, np.sqrt(dr * dc)))
    tb = _ratio(tau_b, ase0)
    out["Kendall's tau-b"] = _row(tau_b, ase1, tb, _normal_sig(tb), NORMAL)

    tau_c = float(divide(q * s, w * w * (q - 1)))
    ase_c = float(divide(2 * q * null_spread, (q - 1) * w * w))  # ASE1 = ASE0 for tau-c
    tc = _ratio(tau_c, ase_c)
    out["Kendall's tau-c"] = _row(tau_c, ase_c, tc, _normal_sig(tc), NORMAL)

    gamma = _ratio(s, p + qq)
    ase1 = float(divide(4 * _sqrt((f * (qq * conc - p * disc) ** 2).sum()), (p + qq) ** 2))
    tg = _ratio(gamma, float(divide(2 * null_spread, p + qq)))
    out["Gamma"] = _row(gamma, ase1, tg, _normal_sig(tg), NORMAL)

    # Somers' d: (P − Q) over the pairs not tied on the independent variable; symmetric over their mean
    for name, den, tied in (
        ("Somers' d — Symmetric", (dr + dc) / 2, w - (r[:, None] + c[None, :]) / 2),
        ("Somers' d — Rows Dependent", dc, np.broadcast_to(w - c[None, :], f.shape)),
        ("Somers' d — Columns Dependent", dr, np.broadcast_to(w - r[:, None], f.shape)),
    ):
        d = _ratio(s, den)
        ase1 = float(divide(2 * _sqrt((f * (den * diff - s * tied) ** 2).sum()), den * den))
        td = _ratio(d, float(divide(2 * null_spread, den)))
        out[name] = _row(d, ase1, td, _normal_sig(td), NORMAL)
    return out


def _pearson(t: _Table, x: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    """Pearson's r of scores x (rows) and y (columns) and its ASE1 (delta method, scores held fixed)."""
    f = t.f
    xr, yr = centred_scores(x, t.r), centred_scores(y, t.c)  # r and its ASE do not depend on the scale of the scores
    s = float((f * np.outer(xr, yr)).sum())
    sx, sy = float((t.r * xr * xr).sum()), float((t.c * yr * yr).sum())
    root = np.sqrt(sx * sy)
    r = _ratio(s, root)
    inner = root * np.outer(xr, yr) - float(divide(s, 2 * root)) * (xr[:, None] ** 2 * sy + yr[None, :] ** 2 * sx)
    return r, float(divide(_sqrt((f * inner**2).sum()), sx * sy))


def _spearman(t: _Table) -> tuple[float, float]:
    """Spearman's r (Pearson's r of the midranks) and its ASE1: the delta method with the midranks a function
    of the margins, so that moving a case also moves the ranks (the form SAS PROC FREQ documents)."""
    f, r, c = t.f / t.w, t.r / t.w, t.c / t.w
    a = np.cumsum(r) - r / 2 - 0.5  # centred midranks of the rows, in units of W
    b = np.cumsum(c) - c / 2 - 0.5
    n = float((f * np.outer(a, b)).sum())
    sx, sy = float((r * a * a).sum()), float((c * b * b).sum())
    rho = _ratio(n, np.sqrt(sx * sy))
    # ∂a_k/∂f_ij = [k > i] + [k = i]/2, so Σ_k g_k ∂a_k/∂f_ij = Σ_{k>i} g_k + g_i/2
    def after(g: np.ndarray) -> np.ndarray:
        return np.cumsum(g[::-1])[::-1] - g / 2

    fb, fa = f @ b, a @ f  # Σ_l f_kl b_l per row k, Σ_k f_kl a_k per column l
    dn = np.outer(a, b) + after(fb)[:, None] + after(fa)[None, :]
    dsx = (a * a + 2 * after(r * a))[:, None]
    dsy = (b * b + 2 * after(c * b))[None, :]
    g = rho * (divide(dn, n) - divide(dsx, 2 * sx) - divide(dsy, 2 * sy)) if n != 0 else \
        divide(dn, np.sqrt(sx * sy))
    mean = float((f * g).sum())
    return rho, _sqrt((f * (g - mean) ** 2).sum() / t.w)


def _correlations(t: _Table) -> dict[str, dict]:
    out = {}
    for name, (r, ase) in (("Spearman Correlation", _spearman(t)), ("Pearson's R", _pearson(t, t.x, t.y))):
        df = t.w - 2
        tt = float(divide(r * np.sqrt(df), np.sqrt(max(1 - r * r, 0.0)), infinite=True)) if df > 0 else np.nan
        p = float(two_sided_p(tt, df))
        out[name] = _row(r, ase, tt, p, T_SIG)
    return out


def _lambda(t: _Table) -> dict[str, dict]:
    """Goodman and Kruskal's lambda; a tie for a maximum takes the first (lowest) category."""
    f, w, r, c = t.f, t.w, t.r, t.c
    rows = np.arange(f.shape[0])
    cols = np.arange(f.shape[1])
    out = {}

    def asymmetric(g: np.ndarray, totals: np.ndarray) -> dict:
        # g: the table with the dependent variable along the columns
        best = g.argmax(axis=1)  # modal dependent category in each row of the independent variable
        top = g[np.arange(g.shape[0]), best]
        m = int(totals.argmax())  # modal dependent category overall
        cm, sum_top = totals[m], top.sum()
        lam = float(divide(sum_top - cm, w - cm))
        same = best == m
        ase1 = float(divide(_sqrt((w - sum_top) * (sum_top + cm - 2 * top[same].sum())), (w - cm) ** 1.5))
        spread = (top[~same] + g[np.arange(g.shape[0]), m][~same]).sum()
        ase0 = float(divide(_sqrt(spread - (sum_top - cm) ** 2 / w), w - cm))
        tt = _ratio(lam, ase0)
        return _row(lam, ase1, tt, _normal_sig(tt), NORMAL)

    row_best, col_best = f.argmax(axis=1), f.argmax(axis=0)  # per row: column of its maximum, and per column
    rm, cm = int(r.argmax()), int(c.argmax())
    sum_rows, sum_cols = f.max(axis=1).sum(), f.max(axis=0).sum()
    den = 2 * w - r[rm] - c[cm]
    lam = t.measure("LAMBDA")
    # the ASE1 with SPSS's modal categories (the first of tied ones), not the registry's gradient (ties shared)
    modal = (col_best[None, :] == rows[:, None]).astype(float) + (row_best[:, None] == cols[None, :])
    overall = (rows[:, None] == rm).astype(float) + (cols[None, :] == cm)
    ase1 = float(divide(_sqrt((f * (modal + (lam - 1) * overall) ** 2).sum() - 4 * w * lam * lam), den))
    ase0 = float(divide(_sqrt((f * (modal - overall) ** 2).sum() - (sum_rows + sum_cols - r[rm] - c[cm]) ** 2 / w),
                        den))
    tt = _ratio(lam, ase0)
    out["Lambda — Symmetric"] = _row(lam, ase1, tt, _normal_sig(tt), NORMAL)
    out["Lambda — Rows Dependent"] = asymmetric(f.T, r)
    out["Lambda — Columns Dependent"] = asymmetric(f, c)
    return out


def _goodman_kruskal_tau(t: _Table) -> dict[str, dict]:
    """Goodman and Kruskal's tau, τ = (A − B)/(1 − B) with A = Σ p_ij²/p_i· and B = Σ p_·j² (columns dependent),
    and its ASE1 by the delta method. Its Sig. is SPSS's "chi-square approximation": (W − 1)(J − 1)τ, with J the
    categories of the dependent variable, is χ² on (I − 1)(J − 1) df under independence (Light & Margolin 1971,
    An analysis of variance for categorical data, JASA 66, 534–544)."""
    out = {}
    df = (t.f.shape[0] - 1) * (t.f.shape[1] - 1)
    for name, g in (("Goodman and Kruskal tau — Rows Dependent", t.f.T), ("Goodman and Kruskal tau — Columns Dependent",
                                                                          t.f)):
        p = g / t.w
        pi, pj = p.sum(axis=1), p.sum(axis=0)
        a = float((p * p / pi[:, None]).sum())
        b = float((pj * pj).sum())
        # A ≥ B; independence up to round-off (a difference below ROUNDING of A) is exactly 0, in either direction
        tau = float(divide(0.0 if a - b <= ROUNDING * a else a - b, 1 - b))
        da = 2 * p / pi[:, None] - ((p * p).sum(axis=1) / (pi * pi))[:, None]
        db = np.broadcast_to(2 * pj[None, :], p.shape)
        grad = divide(da * (1 - b) - db * (1 - a), (1 - b) ** 2)
        mean = float((p * grad).sum())
        ase1 = _sqrt((p * (grad - mean) ** 2).sum() / t.w)
        statistic = (t.w - 1) * (g.shape[1] - 1) * tau
        out[name] = _row(tau, ase1, pvalue=float(chi2_sf(statistic, df)) if np.isfinite(tau) else np.nan,
                         method=CATANOVA_SIG)
    return out


def _uncertainty(t: _Table, p_lr: float) -> dict[str, dict]:
    """Theil's uncertainty coefficients from the entropies of the rows (U_X), the columns (U_Y) and the cells."""
    f, w, r, c = t.f, t.w, t.r, t.c
    nz = f > 0
    ux = -float((r / w * np.log(r / w)).sum())
    uy = -float((c / w * np.log(c / w)).sum())
    logf = np.where(nz, np.log(np.where(nz, f, 1.0) / w), 0.0)
    uxy = -float((f / w * logf).sum())
    lr, lc = np.log(r / w)[:, None], np.log(c / w)[None, :]
    info = float((f / w * np.where(nz, logf - lr - lc, 0.0)).sum())  # the mutual information, U_X + U_Y − U_XY
    if info <= ROUNDING * (ux + uy):  # independence up to round-off: exactly 0, and T is 0/0
        info = 0.0
    # W times the null variance of the information: Σ f ln²(r c / (W f)) − W I²
    null = _sqrt((f * np.where(nz, lr + lc - logf, 0.0) ** 2).sum() - w * info * info) if info > 0 else 0.0
    out = {}
    sym = t.measure("UC") if info > 0 else 0.0  # 0 (and T 0/0) under independence up to round-off, as above
    ase1 = t.linearised_se("UC")
    tt = _ratio(sym, float(divide(2 * null, w * (ux + uy))))
    out["Uncertainty Coefficient — Symmetric"] = _row(sym, ase1, tt, p_lr, LR_SIG)
    for name, u_dep, cond, marg in (
        ("Uncertainty Coefficient — Rows Dependent", ux, logf - lc, lr),  # ln(f/c_j), ln(r_i/W)
        ("Uncertainty Coefficient — Columns Dependent", uy, logf - lr, lc),
    ):
        u_other = uy if u_dep is ux else ux
        value = float(divide(info, u_dep))
        ase1 = float(divide(_sqrt((f * np.where(nz, u_dep * cond + (u_other - uxy) * marg, 0.0) ** 2).sum()),
                            w * u_dep * u_dep))
        tt = _ratio(value, float(divide(null, w * u_dep)))
        out[name] = _row(value, ase1, tt, p_lr, LR_SIG)
    return out


def _eta(t: _Table) -> dict[str, dict]:
    """Eta of the scores of the dependent variable over the categories of the other: √(1 − within SS / total SS)."""
    out = {}
    for name, g, scores in (("Eta — Rows Dependent", t.f.T, t.x), ("Eta — Columns Dependent", t.f, t.y)):
        totals = g.sum(axis=0)
        mean = (totals * scores).sum() / t.w
        total_ss = float((totals * (scores - mean) ** 2).sum())
        group_mean = (g * scores[None, :]).sum(axis=1) / g.sum(axis=1)
        within = float((g * (scores[None, :] - group_mean[:, None]) ** 2).sum())
        value = float(np.sqrt(max(1 - float(divide(within, total_ss)), 0.0))) if total_ss > 0 else np.nan
        out[name] = _row(value, method="value only")
    return out


def _kappa(table: np.ndarray) -> dict:
    """Cohen's kappa with the Fleiss–Cohen–Everitt ASE (H1) and T = kappa / ASE under H0."""
    k = table.shape[0]
    places = np.arange(k)
    kappa, var1, var0 = (float(v) for v in kappa_variances(TableView(table, places, places, places, places, k)))
    tt = _ratio(kappa, np.sqrt(var0)) if var0 > 0 else np.nan
    return _row(kappa, np.sqrt(var1), tt, _normal_sig(tt), NORMAL + " (Fleiss, Cohen & Everitt 1969)")


def _scores(scores, n: int, what: str) -> np.ndarray:
    if scores is None:
        return np.arange(1.0, n + 1)
    out = np.asarray(scores, dtype=np.float64)
    if out.shape != (n,) or not np.all(np.isfinite(out)):
        raise ValueError(f"{what} must be {n} finite numbers, one for each {what.split('_')[0]} of the table")
    return out


def _keywords(keywords) -> list[str]:
    if keywords is None:
        return list(KEYWORDS)
    words = [keywords] if isinstance(keywords, str) else list(keywords)
    chosen = []
    for word in words:
        key = str(word).lower()
        if key == "all":
            return list(KEYWORDS)
        if key not in KEYWORDS:
            raise ValueError(f"unknown keyword {word!r}: use SPSS's /STATISTICS words {sorted(KEYWORDS)}")
        chosen.append(key)
    return chosen


def association_measures(table: np.ndarray, row_scores=None, col_scores=None, keywords=None) -> pd.DataFrame:
    """SPSS CROSSTABS' Symmetric Measures and Directional Measures of one two-way table.

    Each statistic comes with SPSS's columns: its value, the asymptotic standard error (ASE1, without assuming
    independence), the approximate T (the value over its standard error under independence, or the t statistic
    for the correlations) and the approximate two-sided significance, computed as "IBM SPSS Statistics
    Algorithms — CROSSTABS" documents them (see the module docstring and ``docs/notes/statistics.md``).

    Parameters
    ----------
    table : numpy.ndarray
        I×J table of non-negative counts (frequency weights may be fractional). Rows are one variable and
        columns the other, each in its category order; empty rows and columns are left out, as SPSS does.
    row_scores, col_scores : array_like, optional
        Scores of the rows and the columns for Pearson's R and eta (SPSS uses the codes of numeric variables).
        Default: the positions 1, 2, …. The ordinal measures use the order of the rows and columns only.
    keywords : str or sequence of str, optional
        SPSS's ``/STATISTICS`` words: ``"phi"`` (phi and Cramér's V), ``"cc"``, ``"lambda"`` (lambda and
        Goodman and Kruskal's tau), ``"uc"``, ``"btau"``, ``"ctau"``, ``"gamma"``, ``"d"``, ``"eta"``,
        ``"corr"`` (Spearman and Pearson), ``"kappa"``, or ``"all"``. None (the default) gives all of them.

    Returns
    -------
    pandas.DataFrame
        One row per statistic, indexed by (table, measure): table "Symmetric Measures" or "Directional
        Measures", measure as SPSS labels it (directional ones as "Lambda — Rows Dependent" and so on).
        Columns ``scale`` (SPSS's group, e.g. "Ordinal by Ordinal"), ``value``, ``ase``, ``t``, ``pvalue``
        (float, NaN where SPSS prints nothing or the statistic is undefined), ``method`` (what the
        significance rests on) and ``note`` (why a value is undefined; empty otherwise).

    Warns
    -----
    UndefinedMeasureWarning
        When a value is undefined (0/0, e.g. a table with a single non-empty row); it is NaN and its note says
        why.

    Notes
    -----
    Kappa needs a square table whose rows and columns are the same categories in the same order; otherwise
    its value is NaN with a note (SPSS prints no kappa then). Phi of a 2×2 table carries the sign of
    f₁₁f₂₂ − f₁₂f₂₁, as SPSS prints it. A tie for a modal category in lambda takes the first category.

    Examples
    --------
    >>> import numpy as np
    >>> from pandas_agree.inference.association import association_measures
    >>> t = np.array([[76, 78, 16, 7], [19, 29, 10, 13], [2, 6, 7, 8]])  # Marques de Sá (2007), Table 5.13
    >>> out = association_measures(t, keywords=["gamma", "corr"])
    >>> out.loc[("Symmetric Measures", "Gamma"), ["value", "ase", "t"]].astype(float).round(3).tolist()
    [0.486, 0.076, 5.458]
    >>> out.loc[("Symmetric Measures", "Spearman Correlation"), ["value", "ase", "t"]].astype(float).round(3).tolist()
    [0.332, 0.058, 5.766]
    """
    full = np.asarray(table, dtype=np.float64)
    if full.ndim != 2 or full.shape[0] < 1 or full.shape[1] < 1:
        raise ValueError(f"table must be a two-way table of counts, got shape {full.shape}")
    if not np.all(np.isfinite(full)) or np.any(full < 0):
        raise ValueError("table must hold finite, non-negative counts")
    x_all = _scores(row_scores, full.shape[0], "row_scores")
    y_all = _scores(col_scores, full.shape[1], "col_scores")
    chosen = _keywords(keywords)

    keep_r, keep_c = full.sum(axis=1) > 0, full.sum(axis=0) > 0
    f = full[keep_r][:, keep_c]
    q = min(f.shape)
    results: dict[str, dict] = {}
    constant = ""
    if f.size == 0:
        constant = "the table is empty"
    elif q < 2:
        constant = "no statistics are computed: one of the variables is a constant (a single non-empty " + \
            ("row" if f.shape[0] < 2 else "column") + ")"
    if not constant:
        t = _Table(f, x_all[keep_r], y_all[keep_c])
        x2, p_chi, _, p_lr = t.chi_square()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            if {"phi", "cc"} & set(chosen):
                results.update(_chi_based(t, x2, p_chi))
            if {"btau", "ctau", "gamma", "d"} & set(chosen):
                results.update(_ordinal(t, q))
            if "corr" in chosen:
                results.update(_correlations(t))
            if "lambda" in chosen:
                results.update(_lambda(t))
                results.update(_goodman_kruskal_tau(t))
            if "uc" in chosen:
                results.update(_uncertainty(t, p_lr))
            if "eta" in chosen:
                results.update(_eta(t))
    if "kappa" in chosen:
        if full.shape[0] != full.shape[1]:
            results["Kappa"] = _row(note=NOT_APPLICABLE + ": kappa needs a square table whose rows and columns "
                                         "are the same categories in the same order")
        elif full.sum() > 0:
            results["Kappa"] = _kappa(full)

    rows, index = [], []
    for group, order in ((SYMMETRIC, _SYMMETRIC_ORDER), (DIRECTIONAL, _DIRECTIONAL_ORDER)):
        for key in order:
            if key not in chosen:
                continue
            for name in KEYWORDS[key]:
                row = results.get(name) or _row(note=constant)
                if np.isnan(row["value"]) and not row["note"]:
                    row["note"] = "undefined (0/0): a denominator of its formula is 0"
                scale = INTERVAL if name == "Pearson's R" else _SCALE.get(key, ORDINAL)
                if key == "lambda" and name.startswith("Goodman"):
                    scale = NOMINAL
                rows.append({"scale": scale, **row})
                index.append((group, name))
    out = pd.DataFrame(rows, index=pd.MultiIndex.from_tuples(index, names=["table", "measure"]), columns=COLUMNS)
    undefined = [name for (_, name), value, note in zip(index, out["value"], out["note"], strict=True)
                 if np.isnan(value) and not note.startswith(NOT_APPLICABLE)]
    warn_undefined({name: None for name in undefined})
    return out


# --- intervals of Cramér's V and of the maximum kappa ----------------------------------------------------------------

def cramer_v_interval(view: TableView, opts: IntervalOptions) -> Estimate:
    """Cramér's V with the interval of the noncentrality of Pearson's X², mapped (Smithson 2003; Bonett 2021).

    Under an association of population V, X² on df = (I − 1)(J − 1) degrees of freedom (over the rows and columns
    with objects) is noncentral χ² with noncentrality λ = N (m − 1) V², m = min(I, J). The interval of λ inverts
    that distribution at X²: λ_L with P(χ²_df(λ_L) ≤ X²) = 1 − α/2 (0 where even λ = 0 gives less, that is where
    the test of independence does not reject at level α), λ_U with P(χ²_df(λ_U) ≤ X²) = α/2; V's interval is
    √(λ/(N (m − 1))), at most 1 (statpsych's ``ci.cramer``; Smithson's √((λ + df)/(N (m − 1))), as R's confintr
    writes it, is an error that Bonett's statpsych 1.5 corrects). This is the interval of RMSEA (Browne & Cudeck
    1993) for a table. The delta method cannot give it near V = 0, where √ has no slope: there its SE grows
    without bound and the logit-scale Wald interval spans nearly all of [0, 1] (V = 0.024 of [[10, 10],
    [10, 11]]: [0.00000005, 0.9999]; here [0, 0.278]).

    The SE is the one the interval implies, (upper − lower)/(2 z), as statpsych reports it. Where X² falls below
    the α/2 quantile of the central χ² (the table is closer to independence than chance makes it), no λ ≥ 0
    leaves X² inside the central 1 − α of its distribution: the interval is [0, 0], which leaves out V itself,
    and a note says so (effectsize and statpsych give [0, 0] there too). Noncentral χ² quantiles are those of
    ``scipy.special.chndtrinc``.

    Examples
    --------
    >>> import numpy as np
    >>> from pandas_agree.engine.tableview import TableView
    >>> from pandas_agree.inference.estimates import IntervalOptions
    >>> t = np.array([[10.0, 10], [10, 11]])
    >>> e = cramer_v_interval(TableView(t, np.arange(2), np.arange(2), np.arange(2), np.arange(2), 2),
    ...                       IntervalOptions("auto"))
    >>> [round(float(x), 4) for x in (e.value, e.lower, e.upper)]
    [0.0238, 0.0, 0.2785]
    """
    method = "noncentral χ² inversion of Pearson's X² (Smithson 2003; Bonett 2021)"
    found = independence(view)
    if found is None:
        nan = np.float64(np.nan)
        return Estimate(nan, nan, nan, nan, method)
    x2, _, df = found
    n = float(view.n)
    smaller = min(int((view.row_totals > 0).sum()), int((view.col_totals > 0).sum())) - 1
    lower, upper, degenerate = noncentral_v_interval(x2, df, n, smaller, opts.confidence_level)
    alpha = 1 - opts.confidence_level
    note = None
    if degenerate:
        note = (f"CRAMERV's interval is [0, 0]: X² = {x2:.4g} on {df} df lies below the {alpha / 2:g} quantile of "
                f"the central χ², so that no noncentrality leaves it inside the central {1 - alpha:g} of its "
                "distribution (the table is closer to independence than chance alone makes a table). V is near 0, "
                "but the interval cannot say how near.")
    return Estimate(np.float64(np.sqrt(x2 / (n * smaller))), np.float64((upper - lower) / (2 * opts.z)),
                    np.float64(lower), np.float64(upper), method + (", degenerate" if degenerate else ""), note=note)


def noncentral_v_interval(x2: float, df: float, n: float, smaller: int,
                          confidence_level: float = 0.95) -> tuple[float, float, bool]:
    """The interval of Cramér's V from Pearson's X² on ``df`` degrees of freedom, N = ``n`` and min(I, J) − 1 =
    ``smaller`` (:func:`cramer_v_interval`): √(λ/(N·smaller)) at the ends λ_L, λ_U of the noncentrality's
    interval, each at most 1, and whether it is degenerate (X² below the α/2 quantile of the central χ²: [0, 0]).

    Examples
    --------
    >>> # statpsych: ci.cramer(.05, 19.21, 2, 3, 200) gives LL 0.1601, UL 0.4417
    >>> [round(x, 4) for x in noncentral_v_interval(19.21, 2, 200, 1)[:2]]
    [0.1601, 0.4417]
    """
    from scipy import special

    alpha = 1 - confidence_level
    at_zero = float(special.chndtr(x2, df, 0.0))

    def noncentrality(p: float) -> float:  # λ with P(χ²_df(λ) ≤ X²) = p, or 0 where even λ = 0 gives at most p
        return float(special.chndtrinc(x2, df, p)) if at_zero > p else 0.0

    lower, upper = (min(1.0, float(np.sqrt(noncentrality(p) / (n * smaller)))) for p in (1 - alpha / 2, alpha / 2))
    return lower, upper, at_zero <= alpha / 2


def _margin_gradient(view: TableView, signs: np.ndarray, pe: float, tv: float) -> np.ndarray:
    """The gradient, at each non-empty cell, of 1 − T/(1 − Pe) with T = Σ_k s_k (p_k· − p_·k)/2 (the signs fixed)
    and Pe = Σ_k p_k· p_·k over the union of labels."""
    i, j, _ = view.entries
    u, v = view.row_place[i], view.col_place[j]
    n = float(view.n)
    rows = np.zeros(view.q)
    cols = np.zeros(view.q)
    rows[view.row_place] = view.row_totals / n
    cols[view.col_place] = view.col_totals / n
    d_t = (signs[u] - signs[v] - signs @ (rows - cols)) / (2 * n)
    d_pe = (cols[u] + rows[v] - 2 * pe) / n
    return -d_t / (1 - pe) - tv * d_pe / (1 - pe) ** 2


def kappa_max_interval(view: TableView, opts: IntervalOptions) -> Estimate:
    """The maximum kappa with a delta-method interval on its own (identity) scale that allows for the kinks of
    min(n_k·, n_·k).

    KAPPA_MAX is a function of the margins only: with p_k· and p_·k the shares of label k on each side (over the
    union of labels), Σ_k min(p_k·, p_·k) = 1 − T with T = Σ_k max(p_k· − p_·k, 0) = ½ Σ_k |p_k· − p_·k| (the
    total variation distance between the margins), so KAPPA_MAX = 1 − T/(1 − Pe), at least 0 (min(p, q) ≥ pq).
    T is a sum of absolute differences: its estimate is biased up where a difference is near 0, and no scale
    makes the delta method right at such a kink, so the interval is built as follows.

    * SE: the delta method with each difference's sign fixed at its observed sign; where a difference is exactly
      0 (a tie, which the central-difference gradient splits into a slope of 0), the signs of the tied labels
      that give the largest variance (one sign turned at a time while the variance grows).
    * Lower end: value − z·SE, on the identity scale (not Fisher's z, whose slope 1/(1 − v²) near 1 turned
      0.994 ± 0.05 into [−1, 1]), at least 0.
    * Upper end: the largest of value + z·SE; the same with the labels whose margin difference lies within
      z_{α/(2K)} standard errors of 0 left out of T (they may well be 0: T is at least the rest); and 1 where the
      Stuart–Maxwell test (Stuart 1955; Maxwell 1970) does not reject equal margins at level α (KAPPA_MAX = 1
      exactly when the margins are equal). At most 1.

    In a simulation of 1,000 tables per cell (2, 3 and 5 labels; equal, nearly equal and different margins;
    N = 50, 200, 1000) it covered 0.95–0.99 of nominal 0.95, where the Fisher-z Wald interval covered 0.00–0.96
    (0.00–0.10 with equal margins) and the plain Wald interval on the identity scale 0.61–0.97 (docs/notes/
    intervals.md).

    Examples
    --------
    >>> import numpy as np
    >>> from pandas_agree.engine.tableview import TableView
    >>> from pandas_agree.inference.estimates import IntervalOptions
    >>> t = np.array([[3.0, 1], [1, 3]])  # equal margins: KAPPA_MAX is 1
    >>> e = kappa_max_interval(TableView(t, np.arange(2), np.arange(2), np.arange(2), np.arange(2), 2),
    ...                        IntervalOptions("auto"))
    >>> [round(float(x), 4) for x in (e.value, e.se, e.lower, e.upper)]
    [1.0, 0.3536, 0.307, 1.0]
    """
    method = "linearised (identity scale), kink-aware upper end"
    n = float(view.n)
    rows = np.zeros(view.q)
    cols = np.zeros(view.q)
    rows[view.row_place] = view.row_totals / n
    cols[view.col_place] = view.col_totals / n
    difference = rows - cols
    pe = float(rows @ cols)
    tv = float(np.maximum(difference, 0.0).sum())
    nan = np.float64(np.nan)
    if not n > 0 or not pe < 1:
        return Estimate(nan, nan, nan, nan, method)
    value = 1 - tv / (1 - pe)
    counts, cell_rows = view.entries[2], view.entries[0]

    def variance(signs: np.ndarray, t: float) -> float:
        g = _margin_gradient(view, signs, pe, t)
        return float(linearised_variance(counts, g, opts.design, cell_rows))

    signs = np.sign(difference)
    tied = np.flatnonzero((difference == 0) & (rows + cols > 0))
    signs[tied] = 1.0
    # the sign search turns at most 12 tied labels, those with the largest margins (the others keep +1)
    searched = tied[np.argsort(-(rows + cols)[tied], kind="stable")[:12]]
    best = variance(signs, tv)
    improved = len(searched) > 0
    while improved:  # turn one tied sign at a time while the variance grows
        improved = False
        for k in searched:
            signs[k] = -signs[k]
            trial = variance(signs, tv)
            if trial > best * (1 + 1e-12):
                best, improved = trial, True
            else:
                signs[k] = -signs[k]
    se = np.sqrt(best)
    z = opts.z
    upper = value + z * se
    # the labels whose margins may well be equal: their differences are left out of T. The SE of a difference is
    # the multinomial one, √((n_k· + n_·k − 2 n_kk)/N² − d_k²/N), whatever the resampling model: it only screens
    labels = np.flatnonzero(rows + cols > 0)
    i, j, _ = view.entries
    matched = np.zeros(view.q)
    np.add.at(matched, view.row_place[i], np.where(view.row_place[i] == view.col_place[j], counts, 0.0))
    spread = np.sqrt(np.maximum((rows + cols)[labels] / n - 2 * matched[labels] / n**2 - difference[labels]**2 / n,
                                0.0))
    bonferroni = -float(normal_ppf((1 - opts.confidence_level) / (2 * len(labels))))
    clear = np.zeros(view.q, dtype=bool)
    clear[labels] = np.abs(difference[labels]) > bonferroni * spread
    kinked = int(len(labels) - clear[labels].sum())
    if kinked:
        kept = np.where(clear, np.sign(difference), 0.0)
        part = float(kept @ difference) / 2
        upper = max(upper, 1 - part / (1 - pe) + z * np.sqrt(variance(kept, part)))
    homogeneous = _equal_margins_accepted(view, rows, cols, n, opts.confidence_level)
    if homogeneous:
        upper = 1.0
    notes = []
    if kinked:
        notes.append(f"KAPPA_MAX = 1 − T/(1 − Pe), T the total variation distance between the two margins, has a kink "
                     f"wherever a label's two margins are equal, where the delta method does not apply: {kinked} of "
                     f"{len(labels)} labels have margins within {bonferroni:.3g} standard errors (z at α/(2K)) of "
                     "equal. The upper end of KAPPA_MAX's interval leaves them out of T"
                     + (", and is 1: the Stuart–Maxwell test does not reject equal margins." if homogeneous else "."))
    if len(tied):
        notes.append(f"{len(tied)} label(s) have equal margins: KAPPA_MAX's SE takes the signs of their margin "
                     "differences that give the largest variance (at the tie the gradient's slope is 0, which would "
                     "give an interval of zero width).")
    note = " ".join(notes) or None
    return Estimate(np.float64(value), np.float64(se), np.float64(max(0.0, value - z * se)),
                    np.float64(min(1.0, upper)), method, note=note)


def _equal_margins_accepted(view: TableView, rows: np.ndarray, cols: np.ndarray, n: float,
                            confidence_level: float) -> bool:
    """Whether the Stuart–Maxwell test of equal margins over the union of labels does not reject at level
    1 − ``confidence_level``: d' V⁺ d on rank(V) df, d the margin differences in counts and V their covariance
    under equal margins (V_kk = n_k· + n_·k − 2 n_kk, V_kl = −(n_kl + n_lk)), with a pseudo-inverse so that labels
    without objects off the diagonal (d_k = 0 and no variance) drop out. Only up to 200 labels (its dense
    matrix); beyond, False."""
    if view.q > 200:
        return False
    i, j, counts = view.entries
    u, v = view.row_place[i], view.col_place[j]
    cov = np.zeros((view.q, view.q))
    np.add.at(cov, (u, v), -counts)
    cov = cov + cov.T
    diagonal = np.where(u == v, counts, 0.0)
    np.fill_diagonal(cov, n * (rows + cols) - 2 * np.bincount(u, weights=diagonal, minlength=view.q))
    d = n * (rows - cols)
    inverse = np.linalg.pinv(cov[:-1, :-1], hermitian=True)
    rank = int(np.linalg.matrix_rank(cov[:-1, :-1], hermitian=True))
    if rank == 0:
        return True
    statistic = float(d[:-1] @ inverse @ d[:-1])
    return bool(chi2_sf(statistic, rank) > 1 - confidence_level)
