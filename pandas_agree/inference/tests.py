"""Hypothesis tests: of one crosstab (kappa z, McNemar, Bowker, Stuart–Maxwell, χ², G², OSR against the no-information
rate), with the standard errors of kappa behind the z-tests; and of paired classifications (McNemar, Cochran's Q),
with Holm's adjustment."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..base.rounding import rounded_text
from ..base.undefined import divide
from ..engine.tableview import TableView, nonzero_cells
from ..measures import chance
from ..measures.association import centred_scores, chi_square
from .distributions import binomial_cdf, chi2_sf, normal_cdf, t_sf, two_sided_p

__all__ = ["SIDES", "TESTS", "against_null", "centred_scores", "cochran_q", "cochran_q_of_totals", "holm",
           "homogeneity_statistic",
           "independence", "kappa_variances", "mcnemar", "paired_mcnemar", "run_tests", "two_by_two_kappa"]

TESTS = ("KAPPA_Z", "KAPPA_W_Z", "MCNEMAR", "MCNEMAR_EXACT", "BOWKER", "STUART_MAXWELL", "CHI2", "G2", "ACC_NIR")
FCE = "Fleiss, Cohen & Everitt (1969)"


def _on_union(values: np.ndarray, place: np.ndarray, q: int) -> np.ndarray:
    """``values`` of the rows (or columns) put at their places among the q labels of the union, shape (..., q)."""
    out = np.zeros((*values.shape[:-1], q))
    out[..., place] = values
    return out


def kappa_variances(view: TableView, weights: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Kappa with agreement ``weights`` and its variances under H1 and H0, from the stored cells and the margins.

    Fleiss, Cohen & Everitt (1969), Large sample standard errors of kappa and weighted kappa, Psychological
    Bulletin 72, 323–327: the variance under H1 is for intervals, the one under H0 for the z-test (as SAS PROC
    FREQ and SPSS CROSSTABS report them). Over the q×q table of the union of labels (where Cohen's kappa equals
    the kappa of the matching cells), with cell shares p_ij, margins p_i· and p_·j, w̄_i· = Σ_j p_·j w_ij and
    w̄_·j = Σ_i p_i· w_ij:

    * n (1 − Pe)⁴ Var₁ = Σ_ij p_ij [w_ij (1 − Pe) − (w̄_i· + w̄_·j)(1 − Po)]² − (Po Pe − 2 Pe + Po)², a sum over
      the cells, taken over the cells the view stores (an empty cell adds nothing);
    * n (1 − Pe)² Var₀ = Σ_ij p_i· p_·j [w_ij − (w̄_i· + w̄_·j)]² − Pe², which for unweighted kappa (w the
      identity, so w̄_i· = p_·i and w̄_·j = p_j·) is Pe + Pe² − Σ_i p_i· p_·i (p_i· + p_·i), a sum over the labels
      (the unweighted form as Fleiss, Levin & Paik 2003, Statistical Methods for Rates and Proportions, ch. 18,
      print it).

    Without weights this takes memory and time in O(stored cells + q) (a sparse view never becomes q×q); with
    q×q ``weights`` Po and the null variance cost O(q²).

    Parameters
    ----------
    view : TableView
        One table or a stack of tables along leading axes, dense or sparse.
    weights : numpy.ndarray, optional
        q×q agreement weights over the union of labels; None for Cohen's kappa (the identity).

    Returns
    -------
    kappa, var1, var0 : numpy.ndarray
        Kappa and its variances under H1 and H0, each of the view's leading shape.

    Examples
    --------
    >>> import numpy as np
    >>> from pandas_agree.engine.tableview import TableView
    >>> t = np.array([[20.0, 5], [10, 15]])
    >>> view = TableView(t, np.arange(2), np.arange(2), np.arange(2), np.arange(2), 2)
    >>> [round(float(x), 6) for x in kappa_variances(view)]
    [0.4, 0.016128, 0.0192]
    >>> bool(np.allclose(kappa_variances(view.sparse()), kappa_variances(view, np.eye(2)), rtol=1e-14, atol=0))
    True
    """
    # once per view and weights for every measure and test that reads them (the weights are kept with the result,
    # so that their id names them while it is remembered)
    key = ("kappa_variances", None if weights is None else id(weights))
    return view.memo(key, lambda: (weights, _kappa_variances(view, weights)))[1]


def _kappa_variances(view: TableView, weights: np.ndarray | None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    if view.mostly_empty:  # one dense table, at most half of it non-empty: its non-empty cells (an empty one adds 0)
        i, j, counts = view.entries

        def on_cells(row_values, col_values, op):
            return op(row_values[..., i], col_values[..., j])
    else:
        counts, on_cells = view.flat_counts(), view.on_cells
    n = view.n
    p = divide(counts, n[..., None])
    rows = _on_union(divide(view.row_totals, n[..., None]), view.row_place, view.q)
    cols = _on_union(divide(view.col_totals, n[..., None]), view.col_place, view.q)
    if weights is None:
        w_cell = on_cells(view.row_place, view.col_place, np.equal).astype(float)  # the union's diagonal
        w_row, w_col = cols, rows
    else:
        w_cell = on_cells(view.row_place, view.col_place, lambda u, v: weights[u, v])  # by the places in the union
        w_row = np.einsum("ij,...j->...i", weights, cols)  # w̄_i· = Σ_j p_·j w_ij
        w_col = np.einsum("...i,ij->...j", rows, weights)  # w̄_·j = Σ_i p_i· w_ij
    # Po and Pe each with one division (chance.cohen_of_counts): kappa is exactly 0 at independence
    row_counts = _on_union(view.row_totals, view.row_place, view.q)
    col_counts = _on_union(view.col_totals, view.col_place, view.q)
    if weights is None:
        po = divide((counts * w_cell).sum(axis=-1), n)
    else:
        po = chance.observed_of_counts(view.square, n, weights)
    pe = chance.cohen_of_counts(row_counts, col_counts, n, weights)
    kappa = chance.chance_corrected(po, pe)
    spread = on_cells(w_row[..., view.row_place], w_col[..., view.col_place], np.add)
    # Σ p (w (1 − Pe) − spread (1 − Po))², the arrays of the cells' number updated in place (the same numbers)
    spread *= (1 - po)[..., None]
    deviation = w_cell * (1 - pe)[..., None]
    deviation -= spread
    np.square(deviation, out=deviation)
    deviation *= p
    h1_sum = deviation.sum(axis=-1)
    h1 = _difference(h1_sum, (po * pe - 2 * pe + po) ** 2)
    if weights is None:
        h0 = _difference(pe + pe**2, (rows * cols * (rows + cols)).sum(axis=-1))
    else:
        expected = rows[..., :, None] * cols[..., None, :]
        h0 = _difference((expected * (weights - w_row[..., :, None] - w_col[..., None, :]) ** 2).sum(axis=(-2, -1)),
                         pe**2)
    return kappa, divide(h1, n * (1 - pe) ** 4), divide(h0, n * (1 - pe) ** 2)


def two_by_two_kappa(a, b, c, d) -> tuple[np.ndarray, np.ndarray]:
    """Kappa of the 2×2 tables [[a, b], [c, d]] (arrays of any one shape: one table per number, a class against
    the rest) and its variance under H1: :func:`kappa_variances` of those tables without weights, the sums over
    the four cells written out (no table view to build).

    Examples
    --------
    >>> import numpy as np
    >>> kappa, var1 = two_by_two_kappa(np.array([20.0]), np.array([5.0]), np.array([10.0]), np.array([15.0]))
    >>> [round(float(kappa[0]), 6), round(float(var1[0]), 6)]  # as kappa_variances of [[20, 5], [10, 15]]
    [0.4, 0.016128]
    """
    a, b, c, d = (np.asarray(x, dtype=float) for x in (a, b, c, d))
    n = a + b + c + d
    p11, p12, p21, p22 = (divide(x, n) for x in (a, b, c, d))
    r1, r2, c1, c2 = divide(a + b, n), divide(c + d, n), divide(a + c, n), divide(b + d, n)
    # Po and Pe each with one division (chance.cohen_of_counts): kappa is exactly 0 at independence
    po = divide(a + d, n)
    pe = chance.cohen_of_counts(np.stack([a + b, c + d], axis=-1), np.stack([a + c, b + d], axis=-1), n)
    kappa = chance.chance_corrected(po, pe)
    # w̄_i· = p_·i and w̄_·j = p_j· (w the identity): cell (i, j) moves by δ_ij (1 − Pe) − (p_·i + p_j·)(1 − Po)
    agree, spread = 1 - pe, 1 - po
    h1_sum = (p11 * (agree - (c1 + r1) * spread) ** 2 + p12 * ((c1 + r2) * spread) ** 2
              + p21 * ((c2 + r1) * spread) ** 2 + p22 * (agree - (c2 + r2) * spread) ** 2)
    h1 = _difference(h1_sum, (po * pe - 2 * pe + po) ** 2)
    return kappa, divide(h1, n * agree ** 4)


def _difference(total: np.ndarray, subtracted: np.ndarray) -> np.ndarray:
    """total − subtracted for a variance that is a difference of two sums of shares: 0 where it is within
    round-off (:data:`~pandas_agree.measures.chance.ROUNDING` of ``total``) of 0 or below, as with one side all
    in one label, where the sums cancel exactly but for rounding and the sign of the remainder would depend
    on the order of summation."""
    out = total - subtracted
    return np.where(out <= chance.ROUNDING * np.abs(total), 0.0, out)


def _row(statistic=np.nan, df=np.nan, pvalue=np.nan, method="") -> dict:
    return {"statistic": float(statistic), "df": float(df), "pvalue": float(pvalue), "method": method}


def _kappa_z(view: TableView, weights: np.ndarray | None, what: str) -> dict:
    kappa, _, var0 = kappa_variances(view, weights)
    if not var0 > 0:
        return _row(method=f"{what}: not defined (the variance under H0 is 0)")
    z = kappa / np.sqrt(var0)
    return _row(z, np.nan, two_sided_p(z), f"{what} / SE under H0, two-sided ({FCE})")


def _is_integral(table: np.ndarray) -> bool:
    return bool(np.all(table == np.round(table)))


def mcnemar(only_a: float, only_b: float, *, exact: bool) -> tuple[float, float]:
    """McNemar's test of the discordant counts b and c, computed here (:func:`~.distributions.binomial_cdf`,
    :func:`~.distributions.chi2_sf`) so that a report of a 2×2 table does not import statsmodels and scipy.stats.
    Exact: min(b, c) and min(1, 2 P(X ≤ min(b, c))), X binomial on b + c trials with p = ½ (statsmodels'
    ``mcnemar(exact=True)``). Otherwise the χ² statistic with the continuity correction as R's ``mcnemar.test``
    applies it, max(|b − c| − 1, 0)² / (b + c), and its χ² tail on 1 df: R corrects only where b ≠ c, so that
    b = c gives 0 and p = 1 (statsmodels' (|b − c| − 1)²/(b + c) gives 1/(b + c) there, 0.5 and p = 0.4795 for
    b = c = 1: a correction that moves the statistic away from 0). The max also keeps weighted counts with
    0 < |b − c| < 1 at 0, where the correction would again overshoot.

    Examples
    --------
    >>> from pandas_agree.inference.tests import mcnemar
    >>> [round(x, 6) for x in mcnemar(150, 86, exact=False)]  # R: 16.817797, 4.115e-05
    [16.817797, 4.1e-05]
    >>> mcnemar(1, 1, exact=False)  # R's mcnemar.test(matrix(c(3, 1, 1, 3), 2)): 0 and 1
    (0.0, 1.0)
    >>> [round(x, 6) for x in mcnemar(3, 9, exact=True)]  # statsmodels: 3.0, 0.145996 (= 598/4096)
    [3.0, 0.145996]
    """
    if exact:
        low = float(min(only_a, only_b))
        return low, min(1.0, 2 * float(binomial_cdf(low, only_a + only_b, 0.5)))
    statistic = float(max(abs(only_a - only_b) - 1, 0.0) ** 2 / (only_a + only_b))
    return statistic, float(chi2_sf(statistic, 1))


def _mcnemar(view: TableView, exact: bool) -> dict:
    if view.q != 2:
        return _row(method=f"not applicable: McNemar's test needs a 2×2 table (this one is {view.q}×{view.q} over "
                    "the union of labels)")
    square = view.square
    if square[0, 1] + square[1, 0] == 0:
        return _row(method="not defined: no discordant pairs")
    if exact:
        if not _is_integral(square):
            return _row(method="not applicable: the exact test needs integer counts")
        if square[0, 1] + square[1, 0] >= 2**53:
            # beyond 2**53 objects no float holds a count exactly (and statsmodels counts in int64): the binomial
            # is then its normal limit, within about 1/√n ≈ 1e-8 (scipy's binomial itself fails there before 1.12)
            low, n = min(square[0, 1], square[1, 0]), square[0, 1] + square[1, 0]
            pvalue = min(1.0, 2 * float(normal_cdf((low + 0.5 - n / 2) / np.sqrt(n / 4))))
            return _row(low, np.nan, pvalue, "binomial test of b against c, by its normal limit (more than 2⁵³ "
                        "discordant objects)")
        statistic, pvalue = mcnemar(square[0, 1], square[1, 0], exact=True)
        return _row(statistic, np.nan, pvalue, "exact binomial test of b against c")
    statistic, pvalue = mcnemar(square[0, 1], square[1, 0], exact=False)
    return _row(statistic, 1, pvalue, _chi_square_method(square[0, 1], square[1, 0]))


def _chi_square_method(b: float, c: float) -> str:
    """The method of McNemar's χ² test: with the continuity correction, except where b = c, which R's
    ``mcnemar.test`` (and :func:`mcnemar`) test without it (the statistic 0, p = 1)."""
    return "chi-square with continuity correction" if b != c else "chi-square (b = c: no continuity correction)"


def _pairs(view: TableView) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The pairs of labels {k, l} (k < l, places in the union) with objects off the diagonal: k, l, n_kl + n_lk
    and n_kl − n_lk, in the order of (k, l); from the non-empty cells, each met with its transpose. Once per view
    (the symmetry tests and the test of equal margins of KAPPA_MAX's interval read them)."""
    return view.memo("pairs", lambda: _pairs_of(view))


PAIR_BINS = 1 << 20
"""Up to this many places (K², or eight per off-diagonal cell where that is more) the pairs are summed in one bin
per place (three ``bincount`` calls); beyond, a sparse matrix sums them (memory in the non-empty cells only)."""


def _pairs_of(view: TableView) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    if not view.is_sparse and view.counts.ndim == 2:
        # a dense table is as large as its union table: the pairs read off the q×q square, the same sums (each
        # pair's two cells added once, in either order) in the same (k, l) order as the bins below
        square = view.square
        stored = square != 0
        low, high = nonzero_cells(np.triu(stored | stored.T, 1))
        above, below = square[low, high], square[high, low]
        return low, high, above + below, above - below
    counts = view.entries[2]
    row, col = view.entry_places
    off = row != col
    row, col = row[off], col[off]
    q = view.q
    if q * q <= max(PAIR_BINS, 8 * row.size):
        # each pair's two cells summed in its bin (k < l): the same sums, in the same (k, l) order, as the sparse
        # matrix's (each bin adds at most two counts, and a + b is b + a)
        low = np.minimum(row, col).astype(np.int64)
        key = low * q + np.maximum(row, col)
        size = q * q
        found = np.flatnonzero(np.bincount(key, minlength=size))
        cells = counts[off].astype(float)
        total = np.bincount(key, weights=cells, minlength=size)[found]
        difference = np.bincount(key, weights=np.where(row < col, cells, -cells), minlength=size)[found]
        return found // q, found % q, total, difference
    return _sparse_pairs(view, row.astype(np.int32), col.astype(np.int32), counts[off])


def _sparse_pairs(view: TableView, row: np.ndarray, col: np.ndarray, counts: np.ndarray):
    from scipy import sparse

    # the conversion sums the two cells of a pair: n_kl + n_lk in the real part, n_kl − n_lk in the imaginary one
    signed = counts.astype(complex)
    signed.imag = np.where(row < col, signed.real, -signed.real)
    low = np.minimum(row, col)
    np.maximum(row, col, out=row)
    summed = sparse.coo_array((signed, (low, row)), shape=(view.q, view.q)).tocsr()
    summed.sum_duplicates()
    summed = summed.tocoo()
    return summed.row, summed.col, summed.data.real.copy(), summed.data.imag.copy()


def _bowker(view: TableView, pairs) -> dict:
    """Bowker (1948), A test for symmetry in contingency tables, JASA 43, 572–574: Σ_{k<l} (n_kl − n_lk)² /
    (n_kl + n_lk) over the pairs with objects (:func:`_pairs`), on K(K − 1)/2 df (as SAS PROC FREQ and
    statsmodels' ``SquareTable.symmetry``)."""
    _, _, total, difference = pairs
    statistic = (difference**2 / total).sum()
    df = view.q * (view.q - 1) / 2
    return _row(statistic, df, chi2_sf(statistic, df), "Bowker's symmetry test (Bowker 1948)")


DENSE_SOLVE = 200
"""The Stuart–Maxwell covariance of at most this many labels is solved as a dense matrix (Cholesky, in NumPy); a
larger one by conjugate gradients over its non-zeros (scipy.sparse)."""


def _solve_laplacian(matrix, rhs: np.ndarray) -> np.ndarray:
    """x with ``matrix`` x = ``rhs`` for a symmetric positive definite sparse ``matrix`` (a grounded Laplacian) of
    more than :data:`DENSE_SOLVE` labels: conjugate gradients with the diagonal as preconditioner, in O(non-zeros)
    per step, and a sparse LU when they do not reach the tolerance (an ill-conditioned matrix, such as that of a
    long chain of labels)."""
    from scipy import sparse
    from scipy.sparse import linalg

    options = {"atol": 0.0, "maxiter": max(100, min(len(rhs), 2000)), "M": sparse.diags(1 / matrix.diagonal())}
    try:
        x, info = linalg.cg(matrix, rhs, rtol=1e-13, **options)
    except TypeError:  # scipy before 1.12 names the relative tolerance tol
        x, info = linalg.cg(matrix, rhs, tol=1e-13, **options)
    if info != 0 or not np.linalg.norm(matrix @ x - rhs) <= 1e-10 * np.linalg.norm(rhs):
        x = linalg.spsolve(matrix.tocsc(), rhs)
    return x


def components(q: int, low: np.ndarray, high: np.ndarray) -> np.ndarray:
    """The connected component of each of ``q`` labels in the graph joining k and l for each pair (``low``,
    ``high``), as the smallest label of the component: minimum labels passed along the pairs, with pointer
    jumping, in NumPy (a few passes over the pairs)."""
    label = np.arange(q)
    while True:
        smaller = np.minimum(label[low], label[high])
        grown = label.copy()
        np.minimum.at(grown, low, smaller)
        np.minimum.at(grown, high, smaller)
        grown = grown[grown]
        if np.array_equal(grown, label):
            return label
        label = grown


def _grounded(component: np.ndarray) -> np.ndarray:
    """Which labels stay when the last label of each component (:func:`components`) is left out."""
    last = np.zeros(len(component), dtype=np.int64)
    np.maximum.at(last, component, np.arange(len(component)))
    kept = np.ones(len(component), dtype=bool)
    kept[last[np.unique(component)]] = False
    return kept


def _margin_parts(q: int, pairs) -> tuple[np.ndarray, np.ndarray]:
    """The degree V_kk = Σ_l (n_kl + n_lk) and d_k = Σ_l (n_lk − n_kl) of every label, from the pairs."""
    low, high, total, difference = pairs
    degree = np.bincount(low, weights=total, minlength=q) + np.bincount(high, weights=total, minlength=q)
    d = np.bincount(high, weights=difference, minlength=q) - np.bincount(low, weights=difference, minlength=q)
    return degree, d


def _dense_statistic(q: int, low, high, total, degree, d: np.ndarray) -> tuple[float, int]:
    """d' V⁺ d and rank(V) for the Laplacian V of :func:`_stuart_maxwell` held dense (at most :data:`DENSE_SOLVE`
    labels), ``d`` over all q labels: the last label of each connected component left out, the rest solved by
    Cholesky (||L⁻¹ d||² with V = L Lᵀ)."""
    laplacian = np.diag(np.asarray(degree, dtype=float))
    laplacian[low, high] -= total  # each pair (k < l) once
    laplacian[high, low] -= total
    partners = np.bincount(low, minlength=q) + np.bincount(high, minlength=q)
    if partners.max(initial=0) == q - 1:  # a label joined to every other: one component, the last label left out
        d, grounded = d[:-1], laplacian[:-1, :-1]
    else:
        kept = _grounded(components(q, low, high))
        d, grounded = d[kept], laplacian[np.ix_(kept, kept)]
    rank = len(d)
    if not np.any(d):
        return 0.0, rank
    lower = np.linalg.cholesky(grounded)
    y = np.linalg.solve(lower, d)
    return float(y @ y), rank


def homogeneity_statistic(view: TableView) -> tuple[float, int]:
    """Stuart–Maxwell's d' V⁺ d over the union of labels and its degrees of freedom rank(V)
    (:func:`_stuart_maxwell`) with V held dense (at most :data:`DENSE_SOLVE` labels and at least 2)."""
    return _dense_homogeneity(view, _pairs(view))


def _dense_homogeneity(view: TableView, pairs) -> tuple[float, int]:
    """:func:`_dense_statistic` of the view's pairs (:func:`_pairs`), once per view: KAPPA_MAX's test of equal
    margins and the Stuart–Maxwell test read the same statistic."""
    def compute() -> tuple[float, int]:
        q = view.q
        degree, d = _margin_parts(q, pairs)
        return _dense_statistic(q, pairs[0], pairs[1], pairs[2], degree, d)

    return view.memo("homogeneity", compute)


def _sparse_homogeneity(view: TableView, pairs) -> tuple[float, int]:
    """d' V⁺ d and rank(V) as :func:`_dense_statistic` gives them, for more than :data:`DENSE_SOLVE` labels: V
    held sparse, its connected components found by scipy.sparse.csgraph, the grounded system solved by
    :func:`_solve_laplacian`."""
    from scipy import sparse
    from scipy.sparse import csgraph

    q = view.q
    low, high, total, _ = pairs
    degree, d = _margin_parts(q, pairs)
    index = np.arange(q, dtype=np.int32)
    laplacian = sparse.coo_array((np.concatenate([degree, -total, -total]),
                                  (np.concatenate([index, low.astype(np.int32), high.astype(np.int32)]),
                                   np.concatenate([index, high.astype(np.int32), low.astype(np.int32)]))),
                                 shape=(q, q)).tocsr()
    _, component = csgraph.connected_components(laplacian, directed=False)
    kept = _grounded(component)
    rank = int(kept.sum())
    d = d[kept]
    if not np.any(d):
        return 0.0, rank
    return float(d @ _solve_laplacian(laplacian[kept][:, kept], d)), rank


def _stuart_maxwell(view: TableView, pairs) -> dict:
    """Stuart (1955), A test for homogeneity of the marginal distributions in a two-way classification,
    Biometrika 42, 412–416; Maxwell (1970), Comparing the classification of subjects by two independent judges,
    British Journal of Psychiatry 116, 651–655: d' V⁻¹ d on K − 1 df, with d_k = n_·k − n_k·, V_kk = n_k· + n_·k
    − 2 n_kk and V_kl = −(n_kl + n_lk), the last label left out (as statsmodels' ``SquareTable.homogeneity``).

    V is the Laplacian of the graph joining k and l when n_kl + n_lk > 0, of rank K − c for c connected
    components. Where the labels are all joined (c = 1) this is the statistic above. Where they are not (a label
    never confused with another, such as a class recognised without error; or groups of labels never confused
    with one another) V without the last label is singular, and the statistic is the quadratic form with the
    Moore–Penrose inverse, d' V⁺ d on rank(V) = K − c df (as ``coin::mh_test`` in R, which takes the generalised
    inverse of the covariance and its rank): the sum of the Stuart–Maxwell statistics of the components, each on
    its number of labels less one, a label alone adding nothing (its two margins are equal by construction). It
    is computed by leaving out the last label of each component, which leaves V positive definite, with as many
    non-zeros as pairs; so the test costs O(non-empty cells) rather than O(K³). Both d and V are read off the
    pairs (:func:`_pairs`; d_k = Σ_l (n_lk − n_kl) and V_kk = Σ_l (n_kl + n_lk)), which keeps them exact where
    margins would cancel. Up to :data:`DENSE_SOLVE` labels V is held dense and everything is NumPy's
    (scipy.sparse.csgraph and scipy.linalg are not imported). Without any object off the diagonal (rank 0) the
    test is not defined.
    """
    name = "Stuart–Maxwell marginal homogeneity test"
    q = view.q
    statistic, df = _dense_homogeneity(view, pairs) if q <= DENSE_SOLVE else _sparse_homogeneity(view, pairs)
    if df == 0:
        return _row(method=f"not defined: {name} needs objects off the diagonal (every object is on it, so the "
                           "margins are equal)")
    method = f"{name} (Stuart 1955, Maxwell 1970)"
    if df < q - 1:
        method += (f", the Moore–Penrose form d' V⁺ d on rank(V) = {df} df: the labels fall into {q - df} groups "
                   "never confused with one another (a label never confused adds nothing)")
    return _row(statistic, df, chi2_sf(statistic, df), method)


def _symmetry_tests(view: TableView) -> tuple[dict, dict]:
    """The BOWKER and STUART_MAXWELL rows, from the pairs of labels computed once."""
    rows = []
    for name in ("Bowker's symmetry test", "Stuart–Maxwell marginal homogeneity test"):
        if not view.same_labels:
            rows.append(_row(method=f"not applicable: {name} needs the same labels on both sides"))
        elif view.q < 2:
            rows.append(_row(method=f"not applicable: {name} needs at least 2 labels"))
    if rows:
        return rows[0], rows[1]
    pairs = _pairs(view)
    return _bowker(view, pairs), _stuart_maxwell(view, pairs)


def independence(view: TableView) -> tuple[float, float, int] | None:
    """Pearson's χ² and the likelihood-ratio G² of independence over the rows and columns with objects, and their
    df, from the stored cells and the margins (equal to ``scipy.stats.chi2_contingency`` on the table without its
    empty rows and columns); None when fewer than two rows or two columns hold objects.

    With e_ij = n_i· n_·j / n: χ² = Σ (n_ij − e_ij)² / e_ij, where a cell that is not stored adds e_ij, so the
    cells of row i that are not stored add n_i· (n − Σ_{j stored} n_·j) / n (nothing when the row stores every
    column with objects); G² = 2 Σ_{n_ij > 0} n_ij log(n_ij / e_ij) (Agresti 2013, Categorical Data Analysis,
    §3.2.1). df = (I' − 1)(J' − 1) over the I' rows and J' columns with objects.

    Examples
    --------
    >>> import numpy as np
    >>> from pandas_agree.engine.tableview import TableView
    >>> t = np.array([[20.0, 5], [10, 15]])
    >>> chi2, g2, df = independence(TableView(t, np.arange(2), np.arange(2), np.arange(2), np.arange(2), 2))
    >>> round(chi2, 4), round(g2, 4), df
    (8.3333, 8.6305, 1)
    """
    return view.memo("independence", lambda: _independence_of(view))


def _independence_of(view: TableView) -> tuple[float, float, int] | None:
    from scipy import special

    row_totals, col_totals = view.row_totals, view.col_totals
    used_rows, used_cols = int((row_totals > 0).sum()), int((col_totals > 0).sum())
    if min(used_rows, used_cols) < 2:
        return None
    n = float(view.n)
    if not view.is_sparse and view.counts.ndim == 2 and used_rows == len(row_totals) and \
            used_cols == len(col_totals):
        # a dense table whose every row and column holds objects: none is left unstored. G² over its cells, or
        # over its non-empty ones where they are at most half (an empty cell adds 0), the arrays updated in place
        if view.mostly_empty:
            i, j, counts = view.entries
            expected = row_totals[i] * col_totals[j]
        else:
            counts = view.flat_counts()
            expected = np.multiply.outer(row_totals, col_totals).ravel()
        expected /= n
        terms = counts / expected
        special.xlogy(counts, terms, out=terms)
        terms *= 2
        likelihood_ratio = float(terms.sum())
        if float(row_totals.min()) * float(col_totals.min()) / n > 0:
            # every expected count is positive: Pearson's X² is the one the measures of X² read (the same sum)
            pearson = float(chi_square(view) + 0.0)
        else:
            expected = np.multiply.outer(row_totals, col_totals).ravel() / n
            pearson = float(((view.flat_counts() - expected) ** 2 / expected).sum() + 0.0)
        return pearson, likelihood_ratio, (used_rows - 1) * (used_cols - 1)
    counts, i, j = view.flat()
    keep = (row_totals[i] > 0) & (col_totals[j] > 0)
    counts, i, j = counts[keep], i[keep], j[keep]
    expected = row_totals[i] * col_totals[j] / n
    likelihood_ratio = float(2 * special.xlogy(counts, counts / expected).sum())
    stored_mass = np.bincount(i, weights=col_totals[j], minlength=len(row_totals))
    full = np.bincount(i, minlength=len(row_totals)) == used_cols
    unstored = np.where(full, 0.0, row_totals * (n - stored_mass) / n).sum()
    pearson = float(((counts - expected) ** 2 / expected).sum() + unstored)
    return pearson, likelihood_ratio, (used_rows - 1) * (used_cols - 1)


def _independence(view: TableView, log_likelihood: bool) -> dict:
    """The CHI2 or G2 row of :func:`independence`."""
    name = "likelihood-ratio G²" if log_likelihood else "Pearson chi-square"
    found = independence(view)
    if found is None:
        return _row(method=f"not applicable: the {name} test needs at least 2 non-empty rows and columns")
    statistic, df = found[1 if log_likelihood else 0], found[2]
    return _row(statistic, df, chi2_sf(statistic, df), f"{name} test of independence")


def _accuracy_vs_nir(view: TableView) -> dict:
    from scipy import special

    n, k = float(view.n), float(view.agreement)
    nir = min(float(view.row_totals.max()) / n, 1.0)  # one row holding every object: 1, not 1 + 2⁻⁵²
    # P(X >= k) for X ~ Binomial(n, nir), as the regularised incomplete beta (valid for weighted counts)
    pvalue = 1.0 if k == 0 else float(special.betainc(k, n - k + 1, nir))
    return _row(k / n, np.nan, pvalue, f"one-sided binomial test of OSR > NIR = {rounded_text(nir, 4, 'g')} (caret)")


def run_tests(view: TableView, weights: np.ndarray | None) -> pd.DataFrame:
    """Every test of the table, one row each; a test that does not apply is a row of NaN saying why.

    The table may be dense or sparse: without ``weights`` every test takes memory and time in O(non-empty cells
    + I + J) (nothing of size I×J or q×q is formed), plus the Stuart–Maxwell solve (conjugate gradients over
    the pairs of labels with objects off the diagonal).

    Parameters
    ----------
    view : TableView
        One table.
    weights : numpy.ndarray, optional
        q×q agreement weights; with them a KAPPA_W_Z row is added.

    Returns
    -------
    pandas.DataFrame
        Index: test codes; columns "statistic", "df", "pvalue", "method".

    Examples
    --------
    >>> import numpy as np
    >>> from pandas_agree.engine.tableview import TableView
    >>> t = np.array([[20.0, 5, 1], [3, 15, 2], [0, 4, 9]])
    >>> view = TableView(t, np.arange(3), np.arange(3), np.arange(3), np.arange(3), 3)
    >>> run_tests(view.sparse(), None).loc[["BOWKER", "STUART_MAXWELL", "CHI2"], ["statistic", "df"]].round(4)
                    statistic   df
    BOWKER             2.1667  3.0
    STUART_MAXWELL     1.2581  2.0
    CHI2              46.4720  4.0

    (statsmodels' ``SquareTable(t).symmetry()`` and ``.homogeneity()`` give 2.1667 and 1.2581, scipy's
    ``chi2_contingency(t, correction=False)`` 46.4720.)
    """
    bowker, stuart_maxwell = _symmetry_tests(view)
    rows = {
        "KAPPA_Z": _kappa_z(view, None, "KAPPA"),
        **({} if weights is None else {"KAPPA_W_Z": _kappa_z(view, weights, "KAPPA_W")}),
        "MCNEMAR": _mcnemar(view, exact=False),
        "MCNEMAR_EXACT": _mcnemar(view, exact=True),
        "BOWKER": bowker,
        "STUART_MAXWELL": stuart_maxwell,
        "CHI2": _independence(view, log_likelihood=False),
        "G2": _independence(view, log_likelihood=True),
        "ACC_NIR": _accuracy_vs_nir(view),
    }
    columns = {name: [row[name] for row in rows.values()] for name in ("statistic", "df", "pvalue", "method")}
    return pd.DataFrame(columns, index=pd.Index(list(rows)))  # by columns: a frame from rows is slow


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
    if only_a + only_b == 0:
        return [np.nan, np.nan, 1.0, "no discordant objects: the two are right on the same objects"]
    if only_a + only_b < EXACT_BELOW and float(only_a).is_integer() and float(only_b).is_integer():
        statistic, pvalue = mcnemar(only_a, only_b, exact=True)
        return [statistic, np.nan, pvalue, "exact binomial"]
    statistic, pvalue = mcnemar(only_a, only_b, exact=False)
    return [statistic, 1.0, pvalue, _chi_square_method(only_a, only_b)]


def cochran_q(counts: np.ndarray, right: np.ndarray) -> list:
    """Cochran's Q of k classifications from a table of counts and, for each classification, whether it is right
    in each cell (``right`` has shape (k, *counts.shape)); equal to statsmodels' ``cochrans_q`` on the rows.

    Returns
    -------
    list
        statistic, df, p-value, method.
    """
    k = right.shape[0]
    per_object = right.sum(axis=0)  # how many classifications are right, for each cell
    col_totals = (counts * right).reshape(k, -1).sum(axis=1)
    return cochran_q_of_totals(col_totals[:, None], np.array([(counts * per_object**2).sum()]))[0]


def cochran_q_of_totals(col_totals: np.ndarray, squares: np.ndarray) -> list[list]:
    """Cochran's Q of k classifications in m tables at once from each one's number of objects right ``col_totals``
    (k, m) and, for each table, Σ (objects right per object)² over its objects ``squares`` (m,): one row
    (statistic, df, p-value, method) per table, as :func:`cochran_q` gives it."""
    k = col_totals.shape[0]
    total = col_totals.sum(axis=0)
    denominator = k * total - squares
    with np.errstate(divide="ignore", invalid="ignore"):
        q = (k - 1) * (k * (col_totals**2).sum(axis=0) - total**2) / denominator
    return [[np.nan, k - 1, 1.0, "not defined: every object is right for all or for none of them"] if d == 0 else
            [float(x), k - 1, chi2_sf(float(x), k - 1), "Cochran's Q (chi-square, k − 1 df)"]
            for x, d in zip(q.tolist(), denominator.tolist(), strict=True)]


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


SIDES = {"two-sided": "two-sided", "greater": "one-sided (H1: > κ0)", "less": "one-sided (H1: < κ0)"}
"""How a test's method names each alternative of :func:`against_null`."""


def against_null(value: float, se: float, null: float, alternative: str = "two-sided",
                 df: float | None = None) -> tuple[float, float]:
    """The test of a coefficient against a null value: (value − null)/SE and its p-value, from the normal or, with
    ``df``, Student's t; ``alternative`` "two-sided", "greater" (H1: value > null) or "less".

    Examples
    --------
    >>> from pandas_agree.inference.tests import against_null
    >>> z, p = against_null(0.7, 0.1, 0.4, "greater")
    >>> round(z, 6), round(p, 6)
    (3.0, 0.00135)
    """
    statistic = (value - null) / se if se > 0 else np.nan
    if not np.isfinite(statistic):
        return float(statistic), np.nan
    if alternative == "two-sided":
        return float(statistic), float(two_sided_p(statistic, df))
    tail = statistic if alternative == "greater" else -statistic
    return float(statistic), float(t_sf(tail, np.inf if df is None else df))
