"""Tests of a table under a sample design: Rao–Scott tests of independence, Wald tests, and design-based tests of
symmetry and marginal homogeneity.

Under a complex sample (strata, clusters, sampling weights) the weighted counts are not a multinomial sample, and
Pearson's X² and the likelihood ratio G² of the weighted table are far too large. Rao and Scott (1981, 1984)
correct them with the design effects of the table: with p̂ the cells' proportions, V̂ their design-based
covariance, C a basis of the interaction contrasts (the columns of the I×J saturated model orthogonal to the main
effects) and D = diag(p̂), the generalized design effects are the eigenvalues δ of

    Δ = (C' D⁻¹ C / N)⁻¹ (C' D⁻¹ V̂ D⁻¹ C),

and, with X² computed on the weighted table rescaled to the N rows counted (N Σ (p̂_ij − p̂_i+ p̂_+j)² /
(p̂_i+ p̂_+j)) and ν = PSUs − strata the design's degrees of freedom:

* first-order correction: X² / δ̄ on (I − 1)(J − 1) df, δ̄ = tr Δ / ((I − 1)(J − 1)) (R's ``svychisq(...,
  statistic="Chisq")`` p-value; SAS SURVEYFREQ's Rao–Scott chi-square);
* second-order correction: F = X² / tr Δ on d₀ and d₀ ν df, d₀ = (tr Δ)² / tr Δ² (Satterthwaite; R's
  ``statistic="F"``, SPSS Complex Samples' "Adjusted F");

and the same for G². The Wald tests take the (I − 1)(J − 1) interaction totals Y_ij = N̂_ij − N̂_i+ N̂_+j / N̂
(first row and column left out) with their design covariance V̂_Y (with replicates, that of the totals through the
gradient of Y, as R computes it): W = Y' V̂_Y⁻¹ Y, "Wald" F = W / df on (df, ν)
and "adjusted Wald" F = W (ν − df + 1) / (df ν) on (df, ν − df + 1) (R's ``statistic="Wald"`` and
``"adjWald"``; Thomas and Rao 1987). The values are those of R's survey package (``svychisq``) to rounding.

Tests of a square table: Bowker's symmetry (the differences p̂_ab − p̂_ba of the pairs with counts) and
Stuart–Maxwell's marginal homogeneity (p̂_a+ − p̂_+a for every label but the last) as adjusted Wald F tests of
their design-based covariance, on as many df as its rank.

References: Rao, J. N. K. and Scott, A. J. (1981), JASA 76, 221–230; (1984), Annals of Statistics 12, 46–60;
Thomas, D. R. and Rao, J. N. K. (1987), JASA 82, 630–636; Lumley, T. (2010), Complex Surveys, §6.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..base.lazy import LazyModule
from ..base.rounding import rounded_text
from .design import SampleDesign
from .distributions import chi2_sf, f_sf
from .replicates import replicate_covariance

sparse = LazyModule("scipy.sparse")
lapack = LazyModule("scipy.linalg.lapack")

__all__ = ["DesignTest", "design_test_df", "independence_tests", "linear_wald", "symmetry_tests"]


def _solve(a: np.ndarray, b: np.ndarray) -> np.ndarray | None:
    """The solution of ``a x = b``, or None where ``a`` is singular as R's ``solve()`` finds it: an LU factor with
    a zero pivot, or a reciprocal condition number (LAPACK's estimate in the 1-norm) below the machine epsilon, where
    the rounding of the factors would decide the answer (Rao–Scott's design effects of a table whose empty cells
    leave too few contrasts: R's svychisq stops there, "system is computationally singular").

    Examples
    --------
    >>> import numpy as np
    >>> _solve(np.array([[2.0, 0.0], [0.0, 4.0]]), np.array([[2.0], [2.0]])).ravel().tolist()
    [1.0, 0.5]
    >>> _solve(np.array([[1.0, 2.0], [2.0, 4.0 + 1e-17]]), np.eye(2)) is None
    True
    """
    a = np.asarray(a, dtype=float)
    lu, pivots, info = lapack.dgetrf(a)
    if info != 0:
        return None
    rcond, info = lapack.dgecon(lu, float(np.abs(a).sum(axis=0).max()), norm="1")
    if info != 0 or not rcond >= np.finfo(float).eps:
        return None
    x, info = lapack.dgetrs(lu, pivots, np.asarray(b, dtype=float))
    return x if info == 0 else None


@dataclass(frozen=True)
class DesignTest:
    """One design-based test: its statistic, its distribution ("F" or "chi-square"), the degrees of freedom
    (``df2`` for an F test), the p-value, and why it is NaN where it is."""

    statistic: float
    distribution: str
    df1: float
    df2: float = np.nan
    pvalue: float = np.nan
    note: str = ""

    @classmethod
    def undefined(cls, distribution: str, why: str) -> DesignTest:
        return cls(np.nan, distribution, np.nan, np.nan, np.nan, why)


def design_test_df(sample: SampleDesign) -> int:
    """The degrees of freedom of the design's tests: PSUs less strata, of the PSUs that hold the rows of a domain
    where the table is one (as R's ``svychisq`` on ``subset(design, ...)``)."""
    domain = sample.units.domain_df
    return int(sample.df if domain is None else domain)


def _f_test(statistic: float, df1: float, df2: float) -> DesignTest:
    if not (np.isfinite(statistic) and df1 > 0 and df2 > 0):
        return DesignTest(statistic, "F", df1, df2, np.nan,
                          "" if df2 > 0 else "undefined: the design has too few degrees of freedom "
                          f"({rounded_text(df2, 6, 'g')})")
    return DesignTest(float(statistic), "F", float(df1), float(df2), float(f_sf(statistic, df1, df2)))


def _wald(values: np.ndarray, covariance: np.ndarray, nu: int) -> tuple[float, int]:
    """W = d' V⁺ d on the rank of V (eigenvalues below 1e-10 of the largest are left out)."""
    eigenvalues, vectors = np.linalg.eigh((covariance + covariance.T) / 2)
    keep = eigenvalues > 1e-10 * max(float(eigenvalues.max(initial=0.0)), 0.0)
    if not keep.any():
        return np.nan, 0
    projected = vectors[:, keep].T @ values
    return float(projected @ (projected / eigenvalues[keep])), int(keep.sum())


def adjusted_wald(values: np.ndarray, covariance: np.ndarray, nu: int, what: str) -> DesignTest:
    """The adjusted Wald F test of ``values`` = 0 with their design covariance: W (ν − r + 1)/(r ν) on (r, ν − r +
    1), r the rank of the covariance."""
    if not len(values):
        return DesignTest.undefined("F", f"undefined: {what} has no contrast with cases")
    w, rank = _wald(np.asarray(values, dtype=float), np.asarray(covariance, dtype=float), nu)
    if rank == 0:
        return DesignTest.undefined("F", f"undefined: {what} has no design variance")
    if nu - rank + 1 <= 0:
        return DesignTest.undefined("F", f"undefined: {what} has {rank} contrasts, and the design only {nu} "
                                         "degrees of freedom (PSUs − strata)")
    return _f_test(w * (nu - rank + 1) / (rank * nu), rank, nu - rank + 1)


def linear_wald(value: float, se: float, nu: int) -> DesignTest:
    """The Wald F test of one value against 0: (value / SE)² on (1, ν) (the square of the design's t test)."""
    if not (np.isfinite(se) and se > 0):
        return DesignTest.undefined("F", "undefined: the value has no design-based SE")
    return _f_test((value / se) ** 2, 1, nu)


def _contrasts(i: int, j: int) -> np.ndarray:
    """A basis of the interaction contrasts of an I×J table (cells row-major): the residuals of the interaction
    columns of the saturated model on the main effects, which on a complete grid are doubly centred indicators."""
    rows = np.eye(i)[:, 1:] - 1.0 / i
    cols = np.eye(j)[:, 1:] - 1.0 / j
    return np.kron(rows, cols)


MAX_CONTRASTS = 2048
"""The most contrasts (interaction df, pairs of labels) a design-based test takes: its covariance matrix is
contrasts × contrasts, and its influences PSUs × contrasts."""


def _covariance(sample: SampleDesign, influences, function, point: np.ndarray, *, proportions: bool) -> np.ndarray:
    """The design covariance of values: linearised from their ``influences()`` (PSUs, V), or, for a design with
    replicates, that of ``function`` over the replicate tables (a stack (b, *table_shape) → (b, V)), centred at
    ``point``."""
    if sample.replicates_kind is None:
        return sample.covariance(influences(), proportions=proportions)
    return replicate_covariance(sample, function, point)


def _at_positions(stack: np.ndarray, positions: np.ndarray) -> np.ndarray:
    """The counts of a stack of tables (b, *table_shape) at cell positions (−1: a cell not stored, 0)."""
    flat = stack.reshape(len(stack), -1)
    return np.where(positions >= 0, flat[:, np.maximum(positions, 0)], 0.0)


def _too_large(contrasts: int, sample: SampleDesign, what: str) -> str:
    if contrasts > MAX_CONTRASTS or contrasts * sample.units.n_units > 1 << 25:
        return (f"not computed: {what} has {contrasts} contrasts, too many for a design covariance matrix (at most "
                f"{MAX_CONTRASTS}, and {1 << 25} contrasts × PSUs)")
    return ""


def independence_tests(sample: SampleDesign, rows: np.ndarray, cols: np.ndarray) -> dict[str, DesignTest | float]:
    """The design-based tests of independence of the table's rows ``rows`` by columns ``cols`` (positions in the
    I×J table of the design; the rows and columns with cases).

    Returns
    -------
    dict
        "pearson", "likelihood_ratio": X² and G² of the table rescaled to the N rows counted (unadjusted);
        "pearson_first", "pearson_second", "lr_first", "lr_second": the Rao–Scott tests (:class:`DesignTest`);
        "wald", "adjusted_wald": the Wald tests; "mean_deff", "d0": δ̄ and d₀; "nu", "df", "n": the design's df,
        the table's df and the rows counted.

    Examples
    --------
    >>> import numpy as np, pandas as pd
    >>> import pandas_agree as pa
    >>> from pandas_agree.inference.design_tests import independence_tests
    >>> rng = np.random.default_rng(0)
    >>> df = pd.DataFrame({"x": rng.choice(["a", "b"], 300), "y": rng.choice(["u", "v", "w"], 300),
    ...                    "psu": np.repeat(np.arange(30), 10), "w": rng.uniform(1, 3, 300)})
    >>> ct = pa.crosstabs(df, "x", "y", weights="w", cluster="psu")
    >>> tests = independence_tests(ct._sample, np.arange(2), np.arange(3))
    >>> tests["nu"], round(tests["pearson_second"].df1, 3) > 0
    (29, True)
    """
    rows, cols = np.asarray(rows, dtype=np.int64), np.asarray(cols, dtype=np.int64)
    i, j = len(rows), len(cols)
    df = (i - 1) * (j - 1)
    nu = design_test_df(sample)
    width = sample.shape[1]
    keys = (rows[:, None] * width + cols[None, :]).ravel()
    positions = sample.table_positions(keys)
    all_counts = sample.cells[1]
    counts = np.zeros(len(keys))
    found = positions >= 0
    counts[found] = all_counts[positions[found]]
    total = float(counts.sum())
    n = float(sample.units.n_valid)
    out: dict = {"nu": nu, "df": df, "n": n}
    names = ("pearson_first", "pearson_second", "lr_first", "lr_second", "wald", "adjusted_wald")

    def undefined(why, which=names):
        out.update({k: DesignTest.undefined("chi-square" if k.endswith("first") else "F", why) for k in which})

    if df == 0 or total <= 0:
        undefined("undefined: the table has a single row or column with cases" if df == 0 else "undefined: no cases")
        out.update(pearson=np.nan, likelihood_ratio=np.nan, mean_deff=np.nan, d0=np.nan)
        return out
    p = counts / total
    table = p.reshape(i, j)
    r, c = table.sum(axis=1), table.sum(axis=0)
    expected = np.outer(r, c)
    x2 = float(n * ((table - expected) ** 2 / expected).sum())
    with np.errstate(divide="ignore", invalid="ignore"):
        g2 = float(2 * n * np.where(table > 0, table * np.log(table / expected), 0.0).sum())
    out.update(pearson=x2, likelihood_ratio=g2, mean_deff=np.nan, d0=np.nan)
    large = _too_large(df, sample, "the table")
    if large:
        undefined(large)
        return out

    # Rao–Scott: the generalized design effects of the interaction contrasts
    contrasts = _contrasts(i, j)
    inverse_p = np.where(p > 0, 1 / np.where(p > 0, p, 1.0), 0.0)
    scaled = inverse_p[:, None] * contrasts  # D⁻¹ C
    denominator = contrasts.T @ scaled / n
    numerator = _covariance(
        sample, lambda: np.asarray(sample.counts_at(keys) @ scaled) / total,
        lambda stack: (lambda t: (t / t.sum(axis=1, keepdims=True)) @ scaled)(_at_positions(stack, positions)),
        p @ scaled, proportions=True)
    delta = _solve(denominator, numerator)
    if delta is None or not np.isfinite(delta).all():
        undefined("undefined: the design effects of the table cannot be estimated (empty cells)", names[:4])
    else:
        trace, trace2 = float(np.trace(delta)), float(np.trace(delta @ delta))
        mean_deff = trace / df
        d0 = trace ** 2 / trace2 if trace2 > 0 else np.nan
        out.update(mean_deff=mean_deff, d0=d0)
        if mean_deff > 0:
            for name, value in (("pearson", x2), ("lr", g2)):
                first = value / mean_deff
                out[f"{name}_first"] = DesignTest(first, "chi-square", df, np.nan, float(chi2_sf(first, df)))
                out[f"{name}_second"] = _f_test(value / trace, d0, d0 * nu)
        else:
            undefined("undefined: the table's design effects are 0 (no variation between PSUs)", names[:4])

    # Wald: the interaction totals N̂_ij − N̂_i+ N̂_+j / N̂ of rows and columns 2.., as totals (not centred)
    ui, uj = np.nonzero((np.arange(i)[:, None] > 0) & (np.arange(j)[None, :] > 0))
    used = ui * j + uj

    def interaction(t: np.ndarray) -> np.ndarray:  # (b, I·J) counts → (b, df) totals
        t = t.reshape(len(t), i, j)
        sums, row_sums, col_sums = t.sum(axis=(1, 2)), t.sum(axis=2), t.sum(axis=1)
        return t[:, ui, uj] - row_sums[:, ui] * col_sums[:, uj] / sums[:, None]

    def wald_influences() -> np.ndarray:
        row_totals, col_totals = r * total, c * total
        row_part = np.zeros((sample.shape[0], df))
        col_part = np.zeros((sample.shape[1], df))
        v = np.arange(df)
        row_part[rows[ui], v] = -col_totals[uj] / total
        col_part[cols[uj], v] = -row_totals[ui] / total
        row_part += row_totals[ui] * col_totals[uj] / total ** 2  # through N̂: the same on every cell
        return sample.structured(row_part, col_part, cells=(keys[used], np.eye(df)))

    def linearised(t: np.ndarray) -> np.ndarray:  # the totals' replicates through the gradient at the sample (R)
        t = t.reshape(len(t), i, j)
        row_totals, col_totals = r * total, c * total
        return (t[:, ui, uj] - t.sum(axis=2)[:, ui] * col_totals[uj] / total
                - t.sum(axis=1)[:, uj] * row_totals[ui] / total
                + t.sum(axis=(1, 2))[:, None] * row_totals[ui] * col_totals[uj] / total ** 2)

    y = interaction(counts[None])[0]
    covariance = _covariance(sample, wald_influences, lambda stack: linearised(_at_positions(stack, positions)), y,
                             proportions=False)
    w, rank = _wald(y, covariance, nu)
    if rank < df:
        undefined("undefined: the design covariance of the interaction totals is singular (more contrasts than "
                  "the design's degrees of freedom, or empty cells)", names[4:])
    else:
        out["wald"] = _f_test(w / df, df, nu)
        out["adjusted_wald"] = (_f_test(w * (nu - df + 1) / (df * nu), df, nu - df + 1) if nu - df + 1 > 0 else
                                DesignTest.undefined("F", f"undefined: the table has {df} degrees of freedom, the "
                                                          f"design only {nu} (PSUs − strata)"))
    return out


def symmetry_tests(sample: SampleDesign, row_place: np.ndarray, col_place: np.ndarray, q: int
                   ) -> tuple[DesignTest, DesignTest]:
    """Bowker's test of symmetry and Stuart–Maxwell's test of marginal homogeneity of the square table over the q
    labels of both sides, as adjusted Wald F tests under the design.

    ``row_place`` and ``col_place`` give the place of each row and each column of the design's I×J table among
    the q labels. Bowker: the differences (n_ab − n_ba)/N of the pairs a < b with cases; Stuart–Maxwell: the
    differences of the margins (n_a+ − n_+a)/N of every label but the last. With fewer than 2 labels there is
    neither a pair nor a margin to compare: both are undefined (NaN).
    """
    if q < 2:
        return (DesignTest.undefined("F", "not applicable: Bowker's symmetry test needs at least 2 labels"),
                DesignTest.undefined("F", "not applicable: Stuart–Maxwell marginal homogeneity test needs at least "
                                          "2 labels"))
    nu = design_test_df(sample)
    row_place, col_place = np.asarray(row_place, dtype=np.int64), np.asarray(col_place, dtype=np.int64)
    keys, counts = sample.cells
    cell_rows, cell_cols = np.divmod(keys, sample.shape[1])
    label_row, label_col = row_place[cell_rows], col_place[cell_cols]

    # Bowker: the pairs of labels a < b with cases in (a, b) or (b, a)
    off = label_row != label_col
    low, high = np.minimum(label_row, label_col)[off], np.maximum(label_row, label_col)[off]
    sign = np.where(label_row[off] < label_col[off], 1.0, -1.0)
    pair_keys, pair_of = np.unique(low * q + high, return_inverse=True)
    with_cases = np.bincount(pair_of, weights=counts[off], minlength=len(pair_keys)) > 0
    pairs = int(with_cases.sum())
    contrast = np.where(with_cases, np.cumsum(with_cases) - 1, -1)[pair_of]  # each off cell's pair, or −1
    kept = contrast >= 0
    bowker_matrix = sparse.csr_array((sign[kept], (np.flatnonzero(off)[kept], contrast[kept])),
                                     shape=(len(keys), pairs))
    if pairs == 0:
        bowker = DesignTest.undefined("F", "undefined: no pair of labels has cases off the diagonal")
    else:
        bowker = _proportions_test(sample, keys, counts, bowker_matrix, nu, "Bowker's test of symmetry",
                                   f"{pairs} pairs of labels with cases")
    # Stuart–Maxwell: n_a+ − n_+a of every label but the last
    m = q - 1
    ones = np.ones(len(keys))
    margin_matrix = (sparse.csr_array((ones, (np.arange(len(keys)), label_row)), shape=(len(keys), q))
                     - sparse.csr_array((ones, (np.arange(len(keys)), label_col)), shape=(len(keys), q)))[:, :m]
    stuart = _proportions_test(sample, keys, counts, sparse.csr_array(margin_matrix), nu,
                               "Stuart–Maxwell's test of marginal homogeneity", f"{m} margins to compare")
    return bowker, stuart


def _proportions_test(sample: SampleDesign, keys: np.ndarray, counts: np.ndarray, matrix, nu: int, what: str,
                      contrasts: str) -> DesignTest:
    """The adjusted Wald F test that the proportions' contrasts d = t G / N are 0: G (``matrix``, cells × V,
    sparse) over the table's cells ``keys`` with ``counts``."""
    v = matrix.shape[1]
    if v > nu:
        return DesignTest.undefined("F", f"undefined: {what} has {contrasts}, more than the design's {nu} degrees "
                                         "of freedom (PSUs − strata)")
    large = _too_large(v, sample, what)
    if large:
        return DesignTest.undefined("F", large)
    total = float(counts.sum())
    used = np.flatnonzero(np.diff(matrix.indptr))  # the cells in some contrast

    def influences() -> np.ndarray:
        return sample.at_cells(keys[used], matrix[used].toarray() / total)

    def values(stack: np.ndarray) -> np.ndarray:
        flat = stack.reshape(len(stack), -1)
        return np.asarray(matrix.T @ flat.T).T / flat.sum(axis=1, keepdims=True)

    d = values(counts[None])[0]
    return adjusted_wald(d, _covariance(sample, influences, values, d, proportions=True), nu, what)
