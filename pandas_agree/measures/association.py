"""Association records: SPSS CROSSTABS' symmetric and directional measures and the risk estimates of any two
variables, each a function of the whole table.

The formulas are those of "IBM SPSS Statistics Algorithms — CROSSTABS" (as GNU PSPP's ``crosstabs.c`` implements
them), in its notation: cells f_ij (n_ij), row totals r_i, column totals c_j, total W, over the rows and columns
with objects (an empty row or column is left out, as SPSS leaves it out). Each record gives

* ``compute(view)``: the value, vectorised over a dense stack (..., I, J) or the stored cells of a sparse table
  (:meth:`~pandas_agree.engine.tableview.TableView.flat`);
* ``gradient(view)``: its partials with respect to the table's summaries
  (:class:`~pandas_agree.engine.tableview.TablePartials`), from which the delta-method variance is SPSS's ASE1
  ("Asymp. Std. Error", not assuming independence);
* ``null_se(view)``, where SPSS prints T = value / ASE0: the standard error under independence;
* ``significance``: SPSS's rule for "Approx. Sig." (:mod:`.significance`).

"Rows dependent" records predict the row variable from the column variable (their denominators hold the pairs
not tied on the columns), "columns dependent" ones the columns from the rows; transposing the table turns each
into the other (``transposed``). The ordinal records read the order of the rows and the order of the columns,
each side its own; Pearson's R and eta read the scores of the view (``TableView.row_scores`` and ``col_scores``,
by default the positions 1, 2, …; SPSS uses the values of numeric codes). The ordinal sums are

* C_ij = Σ_{h<i, k<j} f_hk + Σ_{h>i, k>j} f_hk and D_ij = Σ_{h<i, k>j} f_hk + Σ_{h>i, k<j} f_hk (the cells
  concordant and discordant with cell ij: :attr:`~pandas_agree.engine.tableview.TableView.concordance`, which a
  sparse table finds at its stored cells in O(m log m) without forming the I×J array);
* P = Σ f_ij C_ij and Q = Σ f_ij D_ij (twice the numbers of concordant and discordant pairs);
* D_r = W² − Σ r_i² and D_c = W² − Σ c_j².

A tie for a modal category is a kink of a maximum, where lambda has no gradient. The lambdas' ``gradient`` shares
the slope among the tied categories (the mean of the one-sided slopes, which moving a cell up and down gives, as
multiclass() has always given LAMBDA's linearised SE); SPSS's ASE1 takes the first (lowest) of them, one of the
one-sided slopes, which their ``spss_gradient`` gives to SPSS's Directional Measures.
"""

from __future__ import annotations

import math

import numpy as np

from ..base.undefined import divide
from ..engine.tableview import TablePartials, TableView
from . import binary, chance, multiclass  # noqa: F401  (registered first: the association records go before RMSE)
from .interval_methods import LogScale, NoncentralChiSquare
from .registry import Measure, Note, register
from .significance import CorrelationT, LightMargolin, LikelihoodRatio, NormalT, PearsonChiSquare

__all__ = ["ROUNDING", "SPSS", "centred_scores", "chi_square", "two_by_two"]

INF = math.inf
ROUNDING = 1e-12
"""Relative size below which a difference of sums of shares is taken for round-off: Goodman and Kruskal's tau and
the uncertainty coefficients of a table independent up to round-off are 0 (and their T 0/0)."""

SPSS = "IBM SPSS Statistics Algorithms, CROSSTABS"
_FIRST_TIE = ("at a tie for a modal category (a kink, with no gradient) the linearised SE takes the mean of the "
              "one-sided slopes; SPSS's ASE1 takes the first (lowest) category (spss_gradient)")


def _association(**fields) -> Measure:
    fields["compute"] = _bounded(fields["compute"], fields["range"])
    # before RMSE: CRAMERV, LAMBDA and UC keep their place among the multiclass measures of multiclass()
    return register(Measure(kind="association", **fields), before="RMSE")


def _bounded(compute, bounds):
    """``compute`` with values within round-off of a bound put at the bound."""
    def bounded(*args, **kwargs):
        return chance.within_range(compute(*args, **kwargs), bounds)

    return bounded


# --- sums every record shares -------------------------------------------------------------------------------

def _used(v: TableView) -> tuple[np.ndarray, np.ndarray]:
    """The numbers of rows and of columns with objects, shape (...)."""
    return (v.row_totals > 0).sum(axis=-1), (v.col_totals > 0).sum(axis=-1)


def _smaller(v: TableView) -> np.ndarray:
    """min of the numbers of rows and columns with objects (SPSS's q), shape (...)."""
    rows, cols = _used(v)
    return np.minimum(rows, cols)


def chi_square(v: TableView) -> np.ndarray:
    """Pearson's X² of independence over the rows and columns with objects, shape (...): each cell not stored in
    a sparse table holds 0 objects, so adds its expected count (together N − Σ_stored e_ij). Once per view (the
    value and the interval of a measure of X² read it)."""
    return v.memo("chi_square", lambda: _chi_square(v))


def _chi_square(v: TableView) -> np.ndarray:
    r, c, n = v.row_totals, v.col_totals, v.n
    counts = v.flat_counts()
    expected = divide(v.on_cells(r, c, np.multiply), n[..., None])
    with np.errstate(divide="ignore", invalid="ignore"):
        cells = counts - expected  # (n − e)²/e in place, 0 where nothing is expected
        np.square(cells, out=cells)
        cells /= expected
        # the mask only where some expected count is not positive: the smallest is that of the smallest margins
        if not (r.min(axis=-1) * c.min(axis=-1) / n > 0).all():
            cells[~(expected > 0)] = 0.0
    chi2 = cells.sum(axis=-1)
    if v.is_sparse:
        chi2 = chi2 + np.maximum(n - expected.sum(axis=-1), 0.0)
    return chi2


def two_by_two(v: TableView) -> tuple[np.ndarray, ...]:
    """The cells a, b, c, d of the table's rows and columns with objects where they are two and two (NaN
    elsewhere), each of shape (...): a and b in the first row with objects, a and c in the first such column.

    Examples
    --------
    >>> import numpy as np
    >>> t = np.array([[1.0, 0, 2], [0, 0, 0], [3, 0, 4]])
    >>> [float(x) for x in two_by_two(TableView(t, np.arange(0), np.arange(0), np.arange(3), np.arange(3), 3))]
    [1.0, 2.0, 3.0, 4.0]
    """
    counts, i, j = v.flat()
    rows_used, cols_used = v.row_totals > 0, v.col_totals > 0
    first_row, first_col = np.argmax(rows_used, axis=-1), np.argmax(cols_used, axis=-1)
    last_row = rows_used.shape[-1] - 1 - np.argmax(rows_used[..., ::-1], axis=-1)
    last_col = cols_used.shape[-1] - 1 - np.argmax(cols_used[..., ::-1], axis=-1)
    two = (rows_used.sum(axis=-1) == 2) & (cols_used.sum(axis=-1) == 2)
    top, bottom = i == first_row[..., None], i == last_row[..., None]
    left, right = j == first_col[..., None], j == last_col[..., None]
    return tuple(np.where(two, (counts * (side & end)).sum(axis=-1), np.nan)
                 for side, end in ((top, left), (top, right), (bottom, left), (bottom, right)))


def centred_scores(scores: np.ndarray, totals: np.ndarray) -> np.ndarray:
    """Scores minus their mean over ``totals`` (..., K) (the counts of each category), divided by the largest of
    them in absolute value, shape (..., K): correlations and eta do not change, and scores as large as 1e300
    neither overflow nor lose their differences. All zeros where the scores do not vary.

    Examples
    --------
    >>> import numpy as np
    >>> centred_scores(np.array([0.0, 1e300]), np.array([1.0, 1.0])).tolist()
    [-1.0, 1.0]
    """
    scores = np.asarray(scores, dtype=np.float64)
    top = np.max(np.abs(scores)) if scores.size else 0.0
    if not np.isfinite(top) or top == 0:
        return np.zeros(np.shape(totals))
    unit = scores / top  # the mean of scores near the largest float would overflow
    mean = divide((totals * unit).sum(axis=-1), totals.sum(axis=-1))
    centred = unit - mean[..., None]
    spread = np.max(np.abs(centred), axis=-1, keepdims=True)
    return np.where(spread > 0, divide(centred, np.where(spread > 0, spread, 1.0)), 0.0)


def _undefined(v: TableView) -> TablePartials:
    """The partials of a value that has no gradient here (it is NaN, or at a point where it has no slope)."""
    return TablePartials(rows=np.full(v.shape[0], np.nan))


def _at_entries(v: TableView, values: np.ndarray) -> np.ndarray:
    """A quantity given at the cells of :meth:`~TableView.flat` (one table), at its non-empty cells
    (:attr:`~TableView.entries`)."""
    return values[v.flat()[0] > 0]


def _one(size: int, at: int, value: float) -> np.ndarray:
    out = np.zeros(size)
    out[at] = value
    return out


# --- phi, the contingency coefficient and Cramér's V: functions of Pearson's X² -----------------------------

def _cramer_v(v: TableView) -> np.ndarray:
    return np.sqrt(divide(chi_square(v), v.n * (_smaller(v) - 1)))


def _phi(v: TableView) -> np.ndarray:
    a, b, c, d = two_by_two(v)
    with np.errstate(invalid="ignore"):
        signed = divide(a * d - b * c, np.sqrt((a + b) * (c + d) * (a + c) * (b + d)))
    magnitude = np.sqrt(divide(chi_square(v), np.where(_smaller(v) > 1, v.n, 0.0)))
    return np.where(np.isnan(a), magnitude, signed)


def _contingency(v: TableView) -> np.ndarray:
    chi2 = chi_square(v)
    return np.sqrt(divide(chi2, np.where(_smaller(v) > 1, chi2 + v.n, 0.0)))


def _s_partials(v: TableView) -> TablePartials:
    """The partials of S = Σ n_ij²/(n_i· n_·j) = X²/N + 1."""
    i, j, n = v.entries
    r, c = v.row_totals, v.col_totals
    ratio = n**2 / (r[i] * c[j])
    return TablePartials(rows=-np.bincount(i, ratio / r[i], minlength=len(r)),
                         cols=-np.bincount(j, ratio / c[j], minlength=len(c)), cells=2 * n / (r[i] * c[j]))


def _cramer_v_partials(v: TableView) -> TablePartials:
    # V = √((S − 1)/(m − 1)), m the smaller number of rows and columns with objects
    value = np.float64(_cramer_v(v))
    if not value > 0:  # √ has no slope at 0
        return _undefined(v)
    return _s_partials(v) * (1 / (2 * value * np.float64(_smaller(v) - 1)))


def _phi_partials(v: TableView) -> TablePartials:
    a = two_by_two(v)[0]
    if not np.isnan(a):  # a 2×2 table: phi is Pearson's r of the two indicators, smooth through 0
        rows_used, cols_used = v.row_totals > 0, v.col_totals > 0
        x = np.cumsum(rows_used) > 1  # 1 on the second row with objects (and after), 0 before
        y = np.cumsum(cols_used) > 1
        return _pearson_partials(v, x.astype(float), y.astype(float))
    value = np.float64(_phi(v))
    if not value > 0:
        return _undefined(v)
    return _s_partials(v) * (1 / (2 * value))


def _contingency_partials(v: TableView) -> TablePartials:
    value = np.float64(_contingency(v))
    if not value > 0:
        return _undefined(v)
    s = 1 + np.float64(chi_square(v)) / np.float64(v.n)
    return _s_partials(v) * (1 / (2 * value * s * s))  # CC = √(1 − 1/S)


# --- lambda --------------------------------------------------------------------------------------------------

def _lambda(v: TableView) -> np.ndarray:
    r, c = v.row_totals, v.col_totals
    top_r, top_c = r.max(axis=-1), c.max(axis=-1)
    num = v.row_max.sum(axis=-1) + v.col_max.sum(axis=-1) - top_r - top_c
    return divide(num, 2 * v.n - top_r - top_c)


def _lambda_columns(v: TableView) -> np.ndarray:
    top = v.col_totals.max(axis=-1)
    return divide(v.row_max.sum(axis=-1) - top, v.n - top)


def _lambda_rows(v: TableView) -> np.ndarray:
    top = v.row_totals.max(axis=-1)
    return divide(v.col_max.sum(axis=-1) - top, v.n - top)


def _modal(v: TableView) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """At the non-empty cells of one table: whether the cell is its row's first modal cell and whether it is its
    column's first modal cell; and the first modal row and column of the margins."""
    i, j, n = v.entries
    best_in_row = np.zeros(len(n), dtype=bool)
    at_max = np.flatnonzero(n == v.row_max[i])  # row-major: the first of a row is its lowest column
    _, first = np.unique(i[at_max], return_index=True)
    best_in_row[at_max[first]] = True
    best_in_col = np.zeros(len(n), dtype=bool)
    at_max = np.flatnonzero(n == v.col_max[j])
    by_column = at_max[np.argsort(j[at_max], kind="stable")]  # within a column, rows in order
    _, first = np.unique(j[by_column], return_index=True)
    best_in_col[by_column[first]] = True
    return best_in_row, best_in_col, int(np.argmax(v.row_totals)), int(np.argmax(v.col_totals))


def _shared(v: TableView) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """As :func:`_modal`, with each tie shared: at the non-empty cells of one table, each row's share of its
    maximum (1 over the number of its tied largest cells) and each column's; and the same over the rows' and over
    the columns' totals (vectors of shape (I,) and (J,)). The mean of the one-sided slopes at a tie, which is what
    moving a tied cell up and down by the same amount gives."""
    i, j, n = v.entries
    r, c = v.row_totals, v.col_totals
    in_row, in_col = np.zeros(len(n)), np.zeros(len(n))
    # 1 over the number of the row's (column's) largest cells, at those cells alone
    at = np.flatnonzero(n == v.row_max[i])
    in_row[at] = 1.0 / np.bincount(i[at], minlength=len(r))[i[at]]
    at = np.flatnonzero(n == v.col_max[j])
    in_col[at] = 1.0 / np.bincount(j[at], minlength=len(c))[j[at]]
    return in_row, in_col, _split(r == r.max()), _split(c == c.max())


def _split(at: np.ndarray) -> np.ndarray:
    """1 shared evenly among the places where ``at`` holds (the tied maxima), 0 elsewhere."""
    return at / max(int(at.sum()), 1)


def _first(v: TableView) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """:func:`_modal` in the form of :func:`_shared`: the first of tied maxima takes the whole slope."""
    best_in_row, best_in_col, rm, cm = _modal(v)
    return (best_in_row.astype(float), best_in_col.astype(float), _one(v.shape[0], rm, 1.0),
            _one(v.shape[1], cm, 1.0))


_TIES = {"shared": _shared, "first": _first}


def _lambda_partials(ties: str):
    # λ = (Σ_i max_j + Σ_j max_i − r_m − c_m)/(2W − r_m − c_m): at each cell (modal − (1 − λ)·overall)/den
    def gradient(v: TableView) -> TablePartials:
        in_row, in_col, top_rows, top_cols = _TIES[ties](v)
        value = np.float64(_lambda(v))
        den = 2 * np.float64(v.n) - v.row_totals.max() - v.col_totals.max()
        return TablePartials(rows=top_rows * -(1 - value), cols=top_cols * -(1 - value),
                             cells=in_row + in_col) * (1 / den)

    return gradient


def _lambda_directional_partials(dependent: str, ties: str):
    def gradient(v: TableView) -> TablePartials:
        in_row, in_col, top_rows, top_cols = _TIES[ties](v)
        if dependent == "columns":
            value, total = np.float64(_lambda_columns(v)), v.col_totals.max()
            sides = {"cols": top_cols * -(1 - value), "cells": in_row}
        else:
            value, total = np.float64(_lambda_rows(v)), v.row_totals.max()
            sides = {"rows": top_rows * -(1 - value), "cells": in_col}
        return TablePartials(**sides) * (1 / (np.float64(v.n) - total))

    return gradient


def _lambda_null(v: TableView) -> float:
    best_in_row, best_in_col, rm, cm = _modal(v)
    i, j, n = v.entries
    w, r, c = float(v.n), v.row_totals, v.col_totals
    modal = best_in_row + best_in_col.astype(float)
    overall = (i == rm) + (j == cm).astype(float)
    spread = (n * (modal - overall) ** 2).sum() - (v.row_max.sum() + v.col_max.sum() - r[rm] - c[cm]) ** 2 / w
    return float(divide(np.sqrt(max(float(spread), 0.0)), 2 * w - r[rm] - c[cm]))


def _lambda_directional_null(v: TableView, dependent: str) -> float:
    # the rows of g are the categories of the independent variable: Σ over those whose modal category is not the
    # overall modal m of their own modal cell and their cell in m
    best_in_row, best_in_col, rm, cm = _modal(v)
    i, j, n = v.entries
    w = float(v.n)
    if dependent == "columns":
        best, group, place, modal, tops, total = best_in_row, i, j, cm, v.row_max, v.col_totals[cm]
    else:
        best, group, place, modal, tops, total = best_in_col, j, i, rm, v.col_max, v.row_totals[rm]
    same = np.zeros(len(tops), dtype=bool)
    same[group[best & (place == modal)]] = True  # groups whose first modal category is the overall one
    in_modal = np.bincount(group, weights=np.where(place == modal, n, 0.0), minlength=len(tops))
    spread = (tops[~same] + in_modal[~same]).sum() - (tops.sum() - total) ** 2 / w
    return float(divide(np.sqrt(max(float(spread), 0.0)), w - total))


# --- Goodman and Kruskal's tau --------------------------------------------------------------------------------

def _tau_parts(v: TableView, dependent: str):
    """A − B and B with A = Σ p_ij²/p_i· and B = Σ p_·j² (the columns dependent, p_i· the independent side's shares),
    each of shape (...). A − B is taken as Σ_ij (p_ij − p_i· p_·j)²/p_i·, a sum of squares (A and B cancel near
    independence): over the cells of :meth:`~TableView.flat`, and for a sparse table Σ_i p_i· (B − Σ_j p_·j²) over
    the columns j a row does not store."""
    counts, i, j = v.flat()
    n = v.n[..., None]
    independent, own, index, other = (v.row_totals, v.col_totals, i, j) if dependent == "columns" else \
        (v.col_totals, v.row_totals, j, i)
    p = divide(counts, n)
    pi, pj = divide(independent, n), divide(own, n)
    b = (pj * pj).sum(axis=-1)
    at_i, at_j = pi[..., index], pj[..., other]
    with np.errstate(divide="ignore", invalid="ignore"):
        excess = np.where(at_i > 0, (p - at_i * at_j) ** 2 / at_i, 0.0).sum(axis=-1)
    if v.is_sparse:  # the cells not stored hold p_ij = 0: each adds p_i· p_·j² (none where a line is whole)
        by_line = v.sum_by_row if dependent == "columns" else v.sum_by_col
        stored = by_line(np.broadcast_to(at_j * at_j, p.shape))
        whole = by_line(np.ones(p.shape[-1])) == own.shape[-1]
        excess = excess + (pi * np.where(whole, 0.0, np.maximum(b[..., None] - stored, 0.0))).sum(axis=-1)
    return excess, b


def _goodman_kruskal(dependent: str):
    def compute(v: TableView) -> np.ndarray:
        excess, b = _tau_parts(v, dependent)
        # independence up to round-off (A − B below ROUNDING of A) is exactly 0, in either direction
        return divide(np.where(excess <= ROUNDING * (excess + b), 0.0, excess), 1 - b)

    return compute


def _goodman_kruskal_partials(dependent: str):
    def gradient(v: TableView) -> TablePartials:
        i, j, n = v.entries
        w = np.float64(v.n)
        excess, b = (np.float64(x) for x in _tau_parts(v, dependent))
        a = excess + b
        independent, own, index = (v.row_totals, v.col_totals, i) if dependent == "columns" else \
            (v.col_totals, v.row_totals, j)
        p, pi, pj = n / w, independent / w, own / w
        squares = np.bincount(index, weights=p * p, minlength=len(pi))
        with np.errstate(divide="ignore", invalid="ignore"):
            by_independent = np.where(pi > 0, -squares / pi**2, 0.0)
        cells = 2 * p / pi[index]
        scale = divide(1, (1 - b) * w)
        d_own = -2 * pj * float(divide(1 - a, 1 - b))
        sides = {"rows": by_independent, "cols": d_own} if dependent == "columns" else \
            {"cols": by_independent, "rows": d_own}
        return TablePartials(cells=cells, **sides) * float(scale)

    return gradient


# --- the uncertainty coefficients -----------------------------------------------------------------------------

def _entropies(v: TableView):
    """U_X, U_Y (the entropies of the rows and of the columns) and the mutual information I, 0 where the table is
    independent up to round-off, each of shape (...); once per view (the values and the gradients of the
    uncertainty coefficients read them)."""
    return v.memo("entropies", lambda: _entropies_of(v))


def _entropies_of(v: TableView):
    n = v.n[..., None]
    r, c = divide(v.row_totals, n), divide(v.col_totals, n)
    with np.errstate(divide="ignore", invalid="ignore"):
        ux = -np.where(r > 0, r * np.log(r), 0.0).sum(axis=-1)
        uy = -np.where(c > 0, c * np.log(c), 0.0).sum(axis=-1)
        log_r, log_c = np.log(r), np.log(c)  # a logarithm per row and column, placed at each cell
        if v.mostly_empty:  # one dense table, at most half of it non-empty: those cells (an empty one adds 0)
            i, j, counts = v.entries
            p = divide(counts, n)
            info = np.where(counts > 0, p * (np.log(p) - log_r[i] - log_c[j]), 0.0).sum(axis=-1)
        else:
            counts = v.flat_counts()
            p = divide(counts, n)
            info = np.where(counts > 0, p * (np.log(p) - v.at_rows(log_r) - v.at_cols(log_c)), 0.0).sum(axis=-1)
    info = np.where(info <= ROUNDING * (ux + uy), 0.0, info)
    return ux, uy, info


def _uncertainty(v: TableView) -> np.ndarray:
    ux, uy, info = _entropies(v)
    return divide(2 * info, ux + uy)


def _uncertainty_rows(v: TableView) -> np.ndarray:
    ux, _, info = _entropies(v)
    return divide(info, ux)


def _uncertainty_columns(v: TableView) -> np.ndarray:
    _, uy, info = _entropies(v)
    return divide(info, uy)


def _entropy_partials(v: TableView) -> tuple[TablePartials, TablePartials, TablePartials]:
    """The partials of U_X, U_Y and U_XY: −ln(share)/W at the rows, the columns and the cells (the +1 of
    d(−x ln x) adds the same to every cell and is left out)."""
    n = v.entries[2]
    w = np.float64(v.n)

    def minus_log(x):
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.where(x > 0, -np.log(x / w) / w, 0.0)

    return (TablePartials(rows=minus_log(v.row_totals)), TablePartials(cols=minus_log(v.col_totals)),
            TablePartials(cells=minus_log(n)))


def _uncertainty_partials(form: str):
    def gradient(v: TableView) -> TablePartials:
        ux, uy, info = (np.float64(x) for x in _entropies(v))
        d_x, d_y, d_xy = _entropy_partials(v)
        d_info = d_x + d_y + d_xy * -1.0
        below = {"symmetric": (ux + uy) / 2, "rows": ux, "columns": uy}[form]
        d_below = {"symmetric": (d_x + d_y) * 0.5, "rows": d_x, "columns": d_y}[form]
        if not below > 0:
            return _undefined(v)
        return d_info * (1 / below) + d_below * (-info / below**2)

    return gradient


def _uncertainty_null(form: str):
    def null_se(v: TableView) -> float:
        ux, uy, info = (float(x) for x in _entropies(v))
        i, j, n = v.entries
        w = float(v.n)
        logf, lr, lc = np.log(n / w), np.log(v.row_totals[i] / w), np.log(v.col_totals[j] / w)
        # W times the null variance of the information: Σ f ln²(r c / (W f)) − W I²
        spread = np.sqrt(max(float((n * (lr + lc - logf) ** 2).sum()) - w * info * info, 0.0)) if info > 0 else 0.0
        below = {"symmetric": (ux + uy) / 2, "rows": ux, "columns": uy}[form]
        return float(divide(spread, w * below))

    return null_se


# --- the ordinal measures: Kendall's tau-b and tau-c, gamma, Somers' d ---------------------------------------------

def _pq(v: TableView):
    """P and Q, D_r and D_c, each of shape (...)."""
    counts = v.flat()[0]
    conc, disc = v.concordance
    p, q = (counts * conc).sum(axis=-1), (counts * disc).sum(axis=-1)
    n = v.n
    dr = n * n - (v.row_totals**2).sum(axis=-1)
    dc = n * n - (v.col_totals**2).sum(axis=-1)
    return p, q, dr, dc


def _tau_b(v: TableView) -> np.ndarray:
    p, q, dr, dc = _pq(v)
    return divide(p - q, np.sqrt(dr * dc))


def _tau_c(v: TableView) -> np.ndarray:
    p, q, _, _ = _pq(v)
    m = _smaller(v)
    return divide(m * (p - q), v.n * v.n * (m - 1))


def _gamma(v: TableView) -> np.ndarray:
    p, q, _, _ = _pq(v)
    return divide(p - q, p + q)


def _somers(dependent: str):
    def compute(v: TableView) -> np.ndarray:
        p, q, dr, dc = _pq(v)
        den = {"symmetric": (dr + dc) / 2, "rows": dc, "columns": dr}[dependent]
        return divide(p - q, den)

    return compute


def _concordance_at_entries(v: TableView) -> tuple[np.ndarray, np.ndarray]:
    conc, disc = v.concordance
    return _at_entries(v, conc), _at_entries(v, disc)


def _tau_b_partials(v: TableView) -> TablePartials:
    p, q, dr, dc = (np.float64(x) for x in _pq(v))
    conc, disc = _concordance_at_entries(v)
    root = np.sqrt(dr * dc)
    value = (p - q) / root
    return TablePartials(cells=2 * (conc - disc) / root, rows=value * v.row_totals / dr,
                         cols=value * v.col_totals / dc)


def _tau_c_partials(v: TableView) -> TablePartials:
    conc, disc = _concordance_at_entries(v)
    m, w = np.float64(_smaller(v)), np.float64(v.n)
    return TablePartials(cells=2 * (conc - disc) * float(divide(m, w * w * (m - 1))))


def _gamma_partials(v: TableView) -> TablePartials:
    p, q, _, _ = (np.float64(x) for x in _pq(v))
    conc, disc = _concordance_at_entries(v)
    return TablePartials(cells=4 * (q * conc - p * disc) / (p + q) ** 2)


def _somers_partials(dependent: str):
    def gradient(v: TableView) -> TablePartials:
        p, q, dr, dc = (np.float64(x) for x in _pq(v))
        conc, disc = _concordance_at_entries(v)
        r, c = v.row_totals, v.col_totals
        # the denominator's partials (its part in W is the same for every cell)
        den, d_rows, d_cols = {"symmetric": ((dr + dc) / 2, -r, -c), "rows": (dc, 0 * r, -2 * c),
                               "columns": (dr, -2 * r, 0 * c)}[dependent]
        value = (p - q) / den
        return TablePartials(cells=2 * (conc - disc) / den, rows=-value * d_rows / den, cols=-value * d_cols / den)

    return gradient


def _concordance_null(below):
    """ASE0 of a concordance measure (P − Q)/den: 2 √(Σ f (C − D)² − (P − Q)²/W) / den, one T for them all."""
    def null_se(v: TableView) -> float:
        p, q, dr, dc = (float(x) for x in _pq(v))
        conc, disc = _concordance_at_entries(v)
        n = v.entries[2]
        spread = np.sqrt(max(float((n * (conc - disc) ** 2).sum()) - (p - q) ** 2 / float(v.n), 0.0))
        return float(divide(2 * spread, below(v, p, q, dr, dc)))

    return null_se


# --- correlations: Spearman's (midranks) and Pearson's (scores) --------------------------------------------------

def _midranks(totals: np.ndarray, n: np.ndarray) -> np.ndarray:
    """The centred midranks of the categories in units of W: Σ_{h<k} p_h + p_k/2 − 1/2."""
    p = divide(totals, n[..., None])
    return np.cumsum(p, axis=-1) - p / 2 - 0.5


def _spearman_sums(v: TableView):
    counts, i, j = v.flat()
    n = v.n
    a, b = _midranks(v.row_totals, n), _midranks(v.col_totals, n)
    p = divide(counts, n[..., None])
    cross = (p * a[..., i] * b[..., j]).sum(axis=-1)
    sx = (divide(v.row_totals, n[..., None]) * a * a).sum(axis=-1)
    sy = (divide(v.col_totals, n[..., None]) * b * b).sum(axis=-1)
    return a, b, cross, sx, sy


def _spearman(v: TableView) -> np.ndarray:
    _, _, cross, sx, sy = _spearman_sums(v)
    return divide(cross, np.sqrt(sx * sy))


def _spearman_partials(v: TableView) -> TablePartials:
    """The delta method with the midranks a function of the margins, so that moving a case also moves the ranks
    (the form SAS PROC FREQ documents): ∂a_k/∂p_ij = [k > i] + [k = i]/2."""
    a, b, cross, sx, sy = (np.asarray(x, dtype=float) for x in _spearman_sums(v))
    i, j, n = v.entries
    w = float(v.n)
    p = n / w
    pr, pc = v.row_totals / w, v.col_totals / w

    def after(g: np.ndarray) -> np.ndarray:  # Σ_{k>i} g_k + g_i/2
        return np.cumsum(g[::-1])[::-1] - g / 2

    fb = np.bincount(i, weights=p * b[j], minlength=len(a))  # Σ_l p_kl b_l per row k
    fa = np.bincount(j, weights=p * a[i], minlength=len(b))
    root = np.sqrt(sx * sy)
    rho = float(divide(cross, root))
    d_sx, d_sy = a * a + 2 * after(pr * a), b * b + 2 * after(pc * b)
    return TablePartials(cells=a[i] * b[j] / root, rows=after(fb) / root - rho * d_sx / (2 * sx),
                         cols=after(fa) / root - rho * d_sy / (2 * sy)) * (1 / w)


def _pearson_sums(v: TableView, x=None, y=None):
    counts, i, j = v.flat()
    rows, cols = v.scores
    x = centred_scores(rows if x is None else x, v.row_totals)
    y = centred_scores(cols if y is None else y, v.col_totals)
    cross = (counts * x[..., i] * y[..., j]).sum(axis=-1)
    sx, sy = (v.row_totals * x * x).sum(axis=-1), (v.col_totals * y * y).sum(axis=-1)
    return x, y, cross, sx, sy


def _pearson(v: TableView) -> np.ndarray:
    _, _, cross, sx, sy = _pearson_sums(v)
    return divide(cross, np.sqrt(sx * sy))


def _pearson_partials(v: TableView, x=None, y=None) -> TablePartials:
    """Pearson's r of the scores (held fixed): ∂r = x_i y_j/√(sx sy) − r x_i²/(2 sx) − r y_j²/(2 sy), x and y
    centred."""
    x, y, cross, sx, sy = _pearson_sums(v, x, y)
    i, j, _ = v.entries
    root = np.sqrt(sx * sy)
    value = float(divide(cross, root))
    return TablePartials(cells=x[i] * y[j] / root, rows=-value * x * x / (2 * sx), cols=-value * y * y / (2 * sy))


# --- eta ------------------------------------------------------------------------------------------------------

def _eta_sums(v: TableView, dependent: str):
    """The centred scores of the dependent side, the sums T_g of those scores over each category g of the other
    side, that side's totals, the between-groups and the total sums of squares."""
    counts, i, j = v.flat()
    rows, cols = v.scores
    if dependent == "rows":
        scores = centred_scores(rows, v.row_totals)
        sums = v.sum_by_col(counts * scores[..., i])
        groups, own = v.col_totals, v.row_totals
    else:
        scores = centred_scores(cols, v.col_totals)
        sums = v.sum_by_row(counts * scores[..., j])
        groups, own = v.row_totals, v.col_totals
    with np.errstate(divide="ignore", invalid="ignore"):
        between = np.where(groups > 0, sums * sums / groups, 0.0).sum(axis=-1)
    total = (own * scores * scores).sum(axis=-1)
    return scores, sums, groups, between, total


def _eta(dependent: str):
    def compute(v: TableView) -> np.ndarray:
        _, _, _, between, total = _eta_sums(v, dependent)
        return np.sqrt(divide(between, total))

    return compute


def _eta_partials(dependent: str):
    def gradient(v: TableView) -> TablePartials:
        scores, sums, groups, between, total = _eta_sums(v, dependent)
        value = float(np.sqrt(divide(between, total)))
        if not value > 0:  # √ has no slope at 0
            return _undefined(v)
        i, j, _ = v.entries
        with np.errstate(divide="ignore", invalid="ignore"):
            mean = np.where(groups > 0, sums / groups, 0.0)  # of the dependent scores in each group
        if dependent == "rows":
            d_between = TablePartials(cells=2 * mean[j] * scores[i], cols=-mean * mean)
            d_total = TablePartials(rows=scores * scores)
        else:
            d_between = TablePartials(cells=2 * mean[i] * scores[j], rows=-mean * mean)
            d_total = TablePartials(cols=scores * scores)
        return (d_between + d_total * -(value * value)) * (1 / (2 * value * float(total)))

    return gradient


# --- the risk estimates of a 2×2 table -----------------------------------------------------------------------

def _positive(*cells) -> np.ndarray:
    """Whether every cell holds objects (SPSS computes no risk estimate otherwise; NaN outside a 2×2 table)."""
    with np.errstate(invalid="ignore"):
        return np.logical_and.reduce([x > 0 for x in cells])


def _odds_ratio(v: TableView) -> np.ndarray:
    a, b, c, d = two_by_two(v)
    return np.where(_positive(a, b, c, d), divide(a * d, b * c), np.nan)


def _cohort(column: int):
    def compute(v: TableView) -> np.ndarray:
        a, b, c, d = two_by_two(v)
        top, bottom = (a, c) if column == 1 else (b, d)
        return np.where(_positive(a, b, c, d), divide(top * (c + d), bottom * (a + b)), np.nan)

    return compute


def _corners(v: TableView) -> tuple[int, int, int, int]:
    rows_used, cols_used = np.flatnonzero(v.row_totals > 0), np.flatnonzero(v.col_totals > 0)
    return int(rows_used[0]), int(rows_used[-1]), int(cols_used[0]), int(cols_used[-1])


def _odds_ratio_partials(v: TableView) -> TablePartials:
    value = np.float64(_odds_ratio(v))
    if not np.isfinite(value):
        return _undefined(v)
    top, _, left, _ = _corners(v)
    i, j, n = v.entries
    sign = np.where((i == top) == (j == left), 1.0, -1.0)  # ∂ ln OR = 1/a − 1/b − 1/c + 1/d
    return TablePartials(cells=value * sign / n)


def _cohort_partials(column: int):
    def gradient(v: TableView) -> TablePartials:
        value = np.float64(_cohort(column)(v))
        if not np.isfinite(value):
            return _undefined(v)
        top, bottom, left, right = _corners(v)
        i, j, n = v.entries
        wanted = left if column == 1 else right
        # ln RR = ln n_top,wanted − ln r_top − ln n_bottom,wanted + ln r_bottom
        cells = np.where(j == wanted, np.where(i == top, 1.0, -1.0) / n, 0.0)
        r = v.row_totals
        rows = np.zeros(len(r))
        rows[top], rows[bottom] = -1 / r[top], 1 / r[bottom]
        return TablePartials(cells=cells, rows=rows) * value

    return gradient


# --- the records -----------------------------------------------------------------------------------------------

CHI = PearsonChiSquare()
NORMAL = NormalT()
_NOT_TWO_BY_TWO = Note("{codes}: computed only for a table with two rows and two columns with objects (SPSS's "
                       "Risk Estimate); this table has more, so the value is NaN.",
                       when=lambda s: s.shape is not None and s.shape != (2, 2), undefined=True)


def _below_tau_b(v, p, q, dr, dc):
    return np.sqrt(dr * dc)


def _below_tau_c(v, p, q, dr, dc):
    m, w = float(_smaller(v)), float(v.n)
    return (m - 1) * w * w / m


def _below_gamma(v, p, q, dr, dc):
    return p + q


def _below_somers(dependent: str):
    def below(v, p, q, dr, dc):
        return {"symmetric": (dr + dc) / 2, "rows": dc, "columns": dr}[dependent]

    return below


_association(code="PHI", name="phi", aliases=("phi coefficient", "phi coefficient of a table"),
             formula="√(X²/W), in [0, √(q − 1)], q = min(I, J); in a 2×2 table (f₁₁f₂₂ − f₁₂f₂₁)/√(r₁r₂c₁c₂), "
                     "signed, in [−1, 1]; the range listed is the union of the two", compute=_phi,
             range=(-1.0, INF), transposed="PHI", best=None, level="nominal",
             reference=f"Cramér (1946); {SPSS}; R vcd::assocstats (unsigned)",
             interval=NoncentralChiSquare("phi"), interval_scale="identity", gradient=_phi_partials,
             significance=CHI)
_association(code="CC", name="contingency coefficient", aliases=("Pearson's contingency coefficient",
                                                                  "Pearson contingency coefficient"),
             formula="√(X²/(X² + W))", compute=_contingency, range=(0.0, 1.0), transposed="CC", best=None,
             level="nominal", reference=f"Pearson (1904); {SPSS}; R vcd::assocstats",
             interval=NoncentralChiSquare("contingency"), gradient=_contingency_partials, significance=CHI)
_association(code="CRAMERV", name="Cramér's V", aliases=("Cramer's V", "Cramer V"),
             formula="√(X²/(W·(q − 1))), q = min(I, J) over the rows and columns with objects", compute=_cramer_v,
             range=(0.0, 1.0), transposed="CRAMERV", level="nominal",
             reference=f"Cramér (1946); {SPSS}; R vcd::assocstats; interval: Smithson (2003), Bonett (2021)",
             interval=NoncentralChiSquare(), gradient=_cramer_v_partials, significance=CHI, among_multiclass=True)
_association(code="LAMBDA", name="Goodman–Kruskal lambda", aliases=("Goodman-Kruskal lambda", "lambda",
                                                                     "symmetric lambda"),
             formula="(Σ_i max_j f_ij + Σ_j max_i f_ij − max c_j − max r_i) / (2W − max c_j − max r_i) (symmetric)",
             compute=_lambda, range=(0.0, 1.0), transposed="LAMBDA", level="nominal",
             reference=f"Goodman & Kruskal (1954); {SPSS}; {_FIRST_TIE}",
             gradient=_lambda_partials("shared"), spss_gradient=_lambda_partials("first"), null_se=_lambda_null,
             significance=NORMAL, among_multiclass=True)
_association(code="LAMBDA_R", name="lambda, rows dependent", aliases=("lambda rows dependent", "lambda R|C"),
             formula="(Σ_j max_i f_ij − max r_i) / (W − max r_i)", compute=_lambda_rows, range=(0.0, 1.0),
             transposed="LAMBDA_C", level="nominal", reference=f"Goodman & Kruskal (1954); {SPSS}; {_FIRST_TIE}",
             gradient=_lambda_directional_partials("rows", "shared"),
             spss_gradient=_lambda_directional_partials("rows", "first"),
             null_se=lambda v: _lambda_directional_null(v, "rows"),
             significance=NORMAL)
_association(code="LAMBDA_C", name="lambda, columns dependent", aliases=("lambda columns dependent", "lambda C|R"),
             formula="(Σ_i max_j f_ij − max c_j) / (W − max c_j)", compute=_lambda_columns, range=(0.0, 1.0),
             transposed="LAMBDA_R", level="nominal", reference=f"Goodman & Kruskal (1954); {SPSS}; {_FIRST_TIE}",
             gradient=_lambda_directional_partials("columns", "shared"),
             spss_gradient=_lambda_directional_partials("columns", "first"),
             null_se=lambda v: _lambda_directional_null(v, "columns"),
             significance=NORMAL)
_association(code="GKTAU_R", name="GK tau, rows dependent",
             aliases=("Goodman–Kruskal tau, rows dependent", "Goodman-Kruskal tau rows dependent",
                      "Goodman and Kruskal tau rows dependent", "tau R|C"),
             formula="(A − B)/(1 − B), A = Σ p_ij²/p_·j, B = Σ p_i·²", compute=_goodman_kruskal("rows"),
             range=(0.0, 1.0), transposed="GKTAU_C", level="nominal",
             reference=f"Goodman & Kruskal (1954); {SPSS}; significance: Light & Margolin (1971)",
             gradient=_goodman_kruskal_partials("rows"), significance=LightMargolin("rows"))
_association(code="GKTAU_C", name="GK tau, columns dependent",
             aliases=("Goodman–Kruskal tau, columns dependent", "Goodman-Kruskal tau columns dependent",
                      "Goodman and Kruskal tau columns dependent",
                      "tau C|R"),
             formula="(A − B)/(1 − B), A = Σ p_ij²/p_i·, B = Σ p_·j²", compute=_goodman_kruskal("columns"),
             range=(0.0, 1.0), transposed="GKTAU_R", level="nominal",
             reference=f"Goodman & Kruskal (1954); {SPSS}; significance: Light & Margolin (1971)",
             gradient=_goodman_kruskal_partials("columns"), significance=LightMargolin("columns"))
_association(code="UC", name="uncertainty coefficient", aliases=("Theil's U", "Theil U",
                                                                  "symmetric uncertainty coefficient"),
             formula="2·(U_X + U_Y − U_XY)/(U_X + U_Y) (symmetric), U the entropies of the rows, columns and cells",
             compute=_uncertainty, range=(0.0, 1.0), transposed="UC", level="nominal",
             reference=f"Theil (1970); {SPSS}", gradient=_uncertainty_partials("symmetric"),
             null_se=_uncertainty_null("symmetric"), significance=LikelihoodRatio(), among_multiclass=True)
_association(code="UC_R", name="Theil's U, rows dependent",
             aliases=("uncertainty coefficient, rows dependent", "uncertainty coefficient rows dependent",
                      "Theil's U R|C"),
             formula="(U_X + U_Y − U_XY)/U_X", compute=_uncertainty_rows, range=(0.0, 1.0), transposed="UC_C",
             level="nominal", reference=f"Theil (1970); {SPSS}", gradient=_uncertainty_partials("rows"),
             null_se=_uncertainty_null("rows"), significance=LikelihoodRatio())
_association(code="UC_C", name="Theil's U, columns dependent",
             aliases=("uncertainty coefficient, columns dependent", "uncertainty coefficient columns dependent",
                      "Theil's U C|R"),
             formula="(U_X + U_Y − U_XY)/U_Y", compute=_uncertainty_columns, range=(0.0, 1.0), transposed="UC_R",
             level="nominal", reference=f"Theil (1970); {SPSS}", gradient=_uncertainty_partials("columns"),
             null_se=_uncertainty_null("columns"), significance=LikelihoodRatio())
_association(code="TAU_B", name="Kendall's tau-b", aliases=("Kendall tau-b", "tau-b", "tau b"),
             formula="(P − Q)/√(D_r D_c)", compute=_tau_b, range=(-1.0, 1.0), transposed="TAU_B", level="ordinal",
             reference=f"Kendall (1945); {SPSS}", gradient=_tau_b_partials, null_se=_concordance_null(_below_tau_b),
             significance=NORMAL)
_association(code="TAU_C", name="Kendall's tau-c", aliases=("Kendall tau-c", "tau-c", "tau c", "Stuart's tau-c"),
             formula="q(P − Q)/(W²(q − 1)), q = min(I, J)", compute=_tau_c, range=(-1.0, 1.0), transposed="TAU_C",
             best=None, level="ordinal", reference=f"Stuart (1953); {SPSS}", gradient=_tau_c_partials,
             null_se=_concordance_null(_below_tau_c), significance=NORMAL)
_association(code="GAMMA", name="Goodman–Kruskal gamma", aliases=("gamma", "Goodman-Kruskal gamma"),
             formula="(P − Q)/(P + Q)", compute=_gamma, range=(-1.0, 1.0), transposed="GAMMA", level="ordinal",
             reference=f"Goodman & Kruskal (1954); {SPSS}", gradient=_gamma_partials,
             null_se=_concordance_null(_below_gamma), significance=NORMAL)
_association(code="SOMERS_D", name="Somers' d, symmetric", aliases=("Somers' d", "Somers d", "symmetric Somers' d"),
             formula="(P − Q)/((D_r + D_c)/2)", compute=_somers("symmetric"), range=(-1.0, 1.0),
             transposed="SOMERS_D", level="ordinal", reference=f"Somers (1962); {SPSS}",
             gradient=_somers_partials("symmetric"), null_se=_concordance_null(_below_somers("symmetric")),
             significance=NORMAL)
_association(code="SOMERS_D_R", name="Somers' d, rows dependent", aliases=("Somers' d rows dependent", "Somers' d R|C"),
             formula="(P − Q)/D_c", compute=_somers("rows"), range=(-1.0, 1.0), transposed="SOMERS_D_C",
             level="ordinal", reference=f"Somers (1962); {SPSS}", gradient=_somers_partials("rows"),
             null_se=_concordance_null(_below_somers("rows")), significance=NORMAL)
_association(code="SOMERS_D_C", name="Somers' d, columns dependent",
             aliases=("Somers' d columns dependent", "Somers' d C|R"),
             formula="(P − Q)/D_r", compute=_somers("columns"), range=(-1.0, 1.0), transposed="SOMERS_D_R",
             level="ordinal", reference=f"Somers (1962); {SPSS}", gradient=_somers_partials("columns"),
             null_se=_concordance_null(_below_somers("columns")), significance=NORMAL)
_association(code="SPEARMAN", name="Spearman correlation", aliases=("Spearman's rho", "Spearman rho", "rho"),
             formula="Pearson's r of the midranks of the rows and of the columns", compute=_spearman,
             range=(-1.0, 1.0), transposed="SPEARMAN", level="ordinal",
             reference=f"Spearman (1904); {SPSS}; ASE1: the delta method with the midranks moving with the margins",
             gradient=_spearman_partials, significance=CorrelationT())
_association(code="PEARSON", name="Pearson's R", aliases=("Pearson's r", "Pearson correlation", "Pearson r"),
             formula="Pearson's r of the row and column scores (by default the positions 1, 2, …)",
             compute=_pearson, range=(-1.0, 1.0), transposed="PEARSON", level="interval",
             reference=f"{SPSS}; ASE1: the delta method with the scores fixed",
             gradient=_pearson_partials, significance=CorrelationT())
_association(code="ETA_R", name="eta, rows dependent", aliases=("eta rows dependent", "correlation ratio R|C"),
             formula="√(between / total sum of squares) of the row scores over the columns", compute=_eta("rows"),
             range=(0.0, 1.0), transposed="ETA_C", level="nominal by interval",
             reference=f"Pearson (1905), the correlation ratio; {SPSS}", gradient=_eta_partials("rows"))
_association(code="ETA_C", name="eta, columns dependent", aliases=("eta columns dependent", "correlation ratio C|R"),
             formula="√(between / total sum of squares) of the column scores over the rows",
             compute=_eta("columns"), range=(0.0, 1.0), transposed="ETA_R", level="nominal by interval",
             reference=f"Pearson (1905), the correlation ratio; {SPSS}", gradient=_eta_partials("columns"))
_association(code="ODDSRATIO", name="odds ratio of a 2×2 table", aliases=("odds ratio", "OR", "cross-product ratio"),
             formula="f₁₁f₂₂/(f₁₂f₂₁), a 2×2 table without empty cells", compute=_odds_ratio, range=(0.0, INF),
             transposed="ODDSRATIO", best=None, level="nominal",
             reference=f"{SPSS} (Risk Estimate); interval: Woolf (1955)",
             interval=LogScale("Woolf (1955)"), gradient=_odds_ratio_partials, notes=(_NOT_TWO_BY_TWO,))
_association(code="RELRISK1", name="relative risk, column 1",
             aliases=("relative risk for the first column's cohort", "relative risk, first column",
                      "cohort relative risk 1"),
             formula="(f₁₁/r₁)/(f₂₁/r₂), a 2×2 table without empty cells", compute=_cohort(1), range=(0.0, INF),
             best=None, level="nominal", reference=f"{SPSS} (Risk Estimate); interval: Katz et al. (1978)",
             interval=LogScale("Katz et al. (1978)"), gradient=_cohort_partials(1), notes=(_NOT_TWO_BY_TWO,))
_association(code="RELRISK2", name="relative risk, column 2",
             aliases=("relative risk for the second column's cohort", "relative risk, second column",
                      "cohort relative risk 2"),
             formula="(f₁₂/r₁)/(f₂₂/r₂), a 2×2 table without empty cells", compute=_cohort(2), range=(0.0, INF),
             best=None, level="nominal", reference=f"{SPSS} (Risk Estimate); interval: Katz et al. (1978)",
             interval=LogScale("Katz et al. (1978)"), gradient=_cohort_partials(2), notes=(_NOT_TWO_BY_TWO,))
