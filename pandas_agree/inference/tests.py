"""Hypothesis tests: of one crosstab (kappa z, McNemar, Bowker, Stuart–Maxwell, χ², G², OSR against the no-information
rate), with the standard errors of kappa behind the z-tests; and of paired classifications (McNemar, Cochran's Q),
with Holm's adjustment."""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd

from ..base.undefined import divide
from ..engine.tableview import TableView
from ..measures import chance

__all__ = ["TESTS", "cochran_q", "fce_variances", "holm", "kappa_variances", "paired_mcnemar", "run_tests"]

TESTS = ("KAPPA_Z", "KAPPA_W_Z", "MCNEMAR", "MCNEMAR_EXACT", "BOWKER", "STUART_MAXWELL", "CHI2", "G2", "ACC_NIR")
FCE = "Fleiss, Cohen & Everitt (1969)"


def fce_variances(square: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Kappa with agreement ``weights`` (identity: Cohen's kappa) and its variances under H1 and H0.

    Fleiss, Cohen & Everitt (1969), Large sample standard errors of kappa and weighted kappa, Psychological
    Bulletin 72, 323–327: the variance under H1 is for intervals, the one under H0 for the z-test (as SAS
    PROC FREQ and SPSS CROSSTABS report them). ``square`` has shape (..., q, q).
    """
    n = square.sum(axis=(-2, -1))
    p = divide(square, n[..., None, None])
    rows, cols = p.sum(axis=-1), p.sum(axis=-2)
    po, pe = chance.observed(p, weights), chance.cohen(rows, cols, weights)
    kappa = chance.chance_corrected(po, pe)
    w_row = np.einsum("ij,...j->...i", weights, cols)  # w̄_i· = Σ_j p_·j w_ij
    w_col = np.einsum("...i,ij->...j", rows, weights)  # w̄_·j = Σ_i p_i· w_ij
    spread = w_row[..., :, None] + w_col[..., None, :]
    h1_terms = p * (weights * (1 - pe)[..., None, None] - spread * (1 - po)[..., None, None]) ** 2
    h1 = h1_terms.sum(axis=(-2, -1)) - (po * pe - 2 * pe + po) ** 2
    var1 = divide(h1, n * (1 - pe) ** 4)
    expected = rows[..., :, None] * cols[..., None, :]
    h0 = (expected * (weights - spread) ** 2).sum(axis=(-2, -1)) - pe**2
    var0 = divide(h0, n * (1 - pe) ** 2)
    # a variance of 0 (perfect agreement) can come out a rounding error below 0
    return kappa, np.maximum(var1, 0.0), np.maximum(var0, 0.0)


def kappa_variances(view: TableView, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`fce_variances` of the q×q table over the union of labels, where Cohen's kappa equals the kappa
    of the matching cells."""
    return fce_variances(view.square, weights)


def _row(statistic=np.nan, df=np.nan, pvalue=np.nan, method="") -> dict:
    return {"statistic": float(statistic), "df": float(df), "pvalue": float(pvalue), "method": method}


def _kappa_z(view: TableView, weights: np.ndarray, what: str) -> dict:
    from scipy import stats

    kappa, _, var0 = kappa_variances(view, weights)
    if not var0 > 0:
        return _row(method=f"{what}: not defined (the variance under H0 is 0)")
    z = kappa / np.sqrt(var0)
    return _row(z, np.nan, 2 * stats.norm.sf(abs(z)), f"{what} / SE under H0, two-sided ({FCE})")


def _is_integral(table: np.ndarray) -> bool:
    return bool(np.all(table == np.round(table)))


def _mcnemar(square: np.ndarray, exact: bool) -> dict:
    from statsmodels.stats.contingency_tables import mcnemar

    if square.shape != (2, 2):
        return _row(method=f"not applicable: McNemar's test needs a 2×2 table (this one is {square.shape[0]}×"
                    f"{square.shape[1]} over the union of labels)")
    if square[0, 1] + square[1, 0] == 0:
        return _row(method="not defined: no discordant pairs")
    if exact:
        if not _is_integral(square):
            return _row(method="not applicable: the exact test needs integer counts")
        if square[0, 1] + square[1, 0] >= 2**53:
            # beyond 2**53 objects no float holds a count exactly (and statsmodels counts in int64): the binomial
            # is then its normal limit, within about 1/√n ≈ 1e-8 (scipy's binomial itself fails there before 1.12)
            from scipy import stats

            low, n = min(square[0, 1], square[1, 0]), square[0, 1] + square[1, 0]
            pvalue = min(1.0, 2 * float(stats.norm.cdf((low + 0.5 - n / 2) / np.sqrt(n / 4))))
            return _row(low, np.nan, pvalue, "binomial test of b against c, by its normal limit (more than 2⁵³ "
                        "discordant objects)")
        res = mcnemar(square, exact=True)
        return _row(res.statistic, np.nan, res.pvalue, "exact binomial test of b against c (statsmodels)")
    res = mcnemar(square, exact=False, correction=True)
    return _row(res.statistic, 1, res.pvalue, "chi-square with continuity correction (statsmodels)")


def _square_table_test(view: TableView, kind: str) -> dict:
    from statsmodels.stats.contingency_tables import SquareTable
    from statsmodels.tools.sm_exceptions import SingularMatrixWarning

    name = "Bowker's symmetry test" if kind == "symmetry" else "Stuart–Maxwell marginal homogeneity test"
    if not view.same_labels:
        return _row(method=f"not applicable: {name} needs the same labels on both sides")
    if view.q < 2:
        return _row(method=f"not applicable: {name} needs at least 2 labels")
    table = SquareTable(view.square, shift_zeros=False)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SingularMatrixWarning)  # reported in the row instead
        try:
            res = table.symmetry() if kind == "symmetry" else table.homogeneity(method="stuart_maxwell")
        except np.linalg.LinAlgError:
            res = None
    if res is None or np.isnan(res.statistic):
        return _row(method=f"not defined: {name} has a singular covariance matrix for this table")
    return _row(res.statistic, res.df, res.pvalue, f"{name} (statsmodels SquareTable)")


def _independence(counts: np.ndarray, log_likelihood: bool) -> dict:
    from scipy import stats

    table = counts[counts.sum(axis=1) > 0][:, counts.sum(axis=0) > 0]
    name = "likelihood-ratio G²" if log_likelihood else "Pearson chi-square"
    if min(table.shape) < 2:
        return _row(method=f"not applicable: the {name} test needs at least 2 non-empty rows and columns")
    res = stats.chi2_contingency(table, correction=False, lambda_="log-likelihood" if log_likelihood else None)
    return _row(res.statistic, res.dof, res.pvalue, f"{name} test of independence (scipy)")


def _accuracy_vs_nir(view: TableView) -> dict:
    from scipy import special

    n, k = float(view.n), float(view.agreement)
    nir = float(view.row_totals.max()) / n
    # P(X >= k) for X ~ Binomial(n, nir), as the regularised incomplete beta (valid for weighted counts)
    pvalue = 1.0 if k == 0 else float(special.betainc(k, n - k + 1, nir))
    return _row(k / n, np.nan, pvalue, f"one-sided binomial test of OSR > NIR = {nir:.4g} (caret)")


def run_tests(view: TableView, weights: np.ndarray | None) -> pd.DataFrame:
    """Every test of the table, one row each; a test that does not apply is a row of NaN saying why. KAPPA_W_Z is
    a row only with agreement ``weights``."""
    square = view.square
    rows = {
        "KAPPA_Z": _kappa_z(view, np.eye(view.q), "KAPPA"),
        **({} if weights is None else {"KAPPA_W_Z": _kappa_z(view, weights, "KAPPA_W")}),
        "MCNEMAR": _mcnemar(square, exact=False),
        "MCNEMAR_EXACT": _mcnemar(square, exact=True),
        "BOWKER": _square_table_test(view, "symmetry"),
        "STUART_MAXWELL": _square_table_test(view, "homogeneity"),
        "CHI2": _independence(view.counts, log_likelihood=False),
        "G2": _independence(view.counts, log_likelihood=True),
        "ACC_NIR": _accuracy_vs_nir(view),
    }
    return pd.DataFrame.from_dict(rows, orient="index", columns=["statistic", "df", "pvalue", "method"])


# --- paired comparisons of several classifications ---------------------------------------------------------

EXACT_BELOW = 25  # McNemar's test is exact (binomial) when fewer discordant objects than this


def paired_mcnemar(only_a: float, only_b: float) -> list:
    """McNemar's test of two classifications from their discordant counts (objects only A, only B gets right):
    exact binomial below 25 discordant objects (integer counts), else χ² with continuity correction.

    Returns
    -------
    list
        statistic, df, p-value, method.
    """
    from statsmodels.stats.contingency_tables import mcnemar

    if only_a + only_b == 0:
        return [np.nan, np.nan, 1.0, "no discordant objects: the two are right on the same objects"]
    table = np.array([[0.0, only_a], [only_b, 0.0]])
    if only_a + only_b < EXACT_BELOW and float(only_a).is_integer() and float(only_b).is_integer():
        res = mcnemar(table, exact=True)
        return [res.statistic, np.nan, res.pvalue, "exact binomial (statsmodels)"]
    res = mcnemar(table, exact=False, correction=True)
    return [res.statistic, 1.0, res.pvalue, "chi-square with continuity correction (statsmodels)"]


def cochran_q(counts: np.ndarray, right: np.ndarray) -> list:
    """Cochran's Q of k classifications from a table of counts and, for each classification, whether it is right
    in each cell (``right`` has shape (k, *counts.shape)); equal to statsmodels' ``cochrans_q`` on the rows.

    Returns
    -------
    list
        statistic, df, p-value, method.
    """
    from scipy import stats

    k = right.shape[0]
    per_object = right.sum(axis=0)  # how many classifications are right, for each cell
    col_totals = (counts * right).reshape(k, -1).sum(axis=1)
    total = col_totals.sum()
    denominator = k * total - (counts * per_object**2).sum()
    if denominator == 0:
        return [np.nan, k - 1, 1.0, "not defined: every object is right for all or for none of them"]
    q = (k - 1) * (k * (col_totals**2).sum() - total**2) / denominator
    return [q, k - 1, stats.chi2.sf(q, k - 1), "Cochran's Q (chi-square, k − 1 df)"]


def holm(pvalues: np.ndarray) -> np.ndarray:
    """Holm's step-down adjusted p-values (NaN left out).

    Written here because statsmodels' ``multipletests`` runs a garbage collection on every call, which costs
    more than a whole paired bootstrap; the tests check that both agree.
    """
    pvalues = np.asarray(pvalues, dtype=float)
    out = np.full(len(pvalues), np.nan)
    ok = np.flatnonzero(~np.isnan(pvalues))
    if len(ok):
        order = ok[np.argsort(pvalues[ok], kind="stable")]
        m = len(order)
        stepped = np.maximum.accumulate((m - np.arange(m)) * pvalues[order])
        out[order] = np.minimum(stepped, 1.0)
    return out
