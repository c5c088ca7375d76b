"""The hypothesis tests and the Fleiss–Cohen–Everitt variances on dense and sparse views.

``run_tests`` computes Bowker, Stuart–Maxwell, χ² and G² from the stored cells and the margins; statsmodels'
``SquareTable`` and scipy's ``chi2_contingency`` on the dense q×q (or I×J) table are the reference, and the same
view held sparse must give the same rows.
"""

import re
import tracemalloc
import warnings

import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from scipy import stats
from statsmodels.stats.contingency_tables import SquareTable, mcnemar
from statsmodels.stats.inter_rater import cohens_kappa

from pandas_agree.engine.tableview import TableView
from pandas_agree.inference.analytic import binary_analytic, multiclass_analytic
from pandas_agree.inference.estimates import IntervalOptions
from pandas_agree.inference.tests import kappa_variances, run_tests
from pandas_agree.measures.registry import REGISTRY
from pandas_agree.measures.weights import agreement_weights

REL = 1e-10


@st.composite
def views(draw, max_q=6):
    """A dense view over a union of q labels: each side holds some of them (in any order), with empty rows and
    columns, fractional counts and ties; often the same labels on both sides."""
    q = draw(st.integers(1, max_q))
    same = draw(st.booleans())

    def side():
        if same:
            chosen = np.arange(q)
        else:
            chosen = np.flatnonzero(draw(st.lists(st.booleans(), min_size=q, max_size=q)))
            chosen = chosen if len(chosen) else np.array([draw(st.integers(0, q - 1))])
        return np.array(draw(st.permutations(list(chosen))), dtype=int)

    row_place, col_place = side(), side()
    size = len(row_place) * len(col_place)
    cells = draw(st.lists(st.one_of(st.just(0), st.integers(1, 40)), min_size=size, max_size=size))
    scale = draw(st.sampled_from([1.0, 0.25, 0.37, 3.1]))
    table = np.array(cells, dtype=float).reshape(len(row_place), len(col_place)) * scale
    if draw(st.booleans()):
        table[draw(st.integers(0, len(row_place) - 1))] = 0  # an empty row
    if table.sum() == 0:
        table[0, 0] = 1.0
    return _view(table, row_place, col_place, q)


def _view(table, row_place, col_place, q) -> TableView:
    """The view of ``table`` whose rows and columns sit at ``row_place`` and ``col_place`` among q labels."""
    common = np.intersect1d(row_place, col_place)
    rows = np.array([np.flatnonzero(row_place == k)[0] for k in common], dtype=int)
    cols = np.array([np.flatnonzero(col_place == k)[0] for k in common], dtype=int)
    return TableView(table, rows, cols, np.asarray(row_place), np.asarray(col_place), q)


def _close(ours, reference, rel=REL, abs_=0.0) -> bool:
    ours, reference = float(ours), float(reference)
    if np.isnan(reference) or np.isnan(ours):
        return np.isnan(reference) and np.isnan(ours)
    return abs(ours - reference) <= max(rel * abs(reference), abs_)


def _same_rows(ours, other, n):
    """Two ``run_tests`` results agree: the same methods, NaN in the same places, values within round-off."""
    assert ours.index.tolist() == other.index.tolist()
    # the same methods; a number a method names (NIR) within its printed precision (its sums may differ in the last
    # bit, which can turn the rounding of a value on a half: 0.71875 prints as 0.7188 or 0.7187)
    number = re.compile(r"\d+\.\d+")
    assert [number.sub("#", m) for m in ours["method"]] == [number.sub("#", m) for m in other["method"]]
    for one, two in zip(ours["method"], other["method"], strict=True):
        for x, y in zip(number.findall(one), number.findall(two), strict=True):
            assert abs(float(x) - float(y)) <= 1.5 * 10 ** -len(x.split(".")[1])
    for code in ours.index:
        for column in ("statistic", "df", "pvalue"):
            tolerance = 1e-12 * n if code in ("CHI2", "G2") and column == "statistic" else 1e-14
            assert _close(ours.loc[code, column], other.loc[code, column], abs_=tolerance), (code, column)


def _reference_fce(square, weights):
    """Fleiss, Cohen & Everitt's variances summed over the dense q×q table, term by term, with the round-off of
    each (a variance that is 0 but for rounding may come out as either)."""
    n = square.sum()
    p = square / n
    rows, cols = p.sum(axis=1), p.sum(axis=0)
    po, pe = (weights * p).sum(), rows @ weights @ cols
    w_row, w_col = weights @ cols, rows @ weights
    spread = w_row[:, None] + w_col[None, :]
    h1 = (p * (weights * (1 - pe) - spread * (1 - po)) ** 2).sum() - (po * pe - 2 * pe + po) ** 2
    h0 = (np.outer(rows, cols) * (weights - spread) ** 2).sum() - pe**2
    return (po - pe) / (1 - pe), h1 / (n * (1 - pe) ** 4), h0 / (n * (1 - pe) ** 2), \
        1e-13 / (n * (1 - pe) ** 4), 1e-13 / (n * (1 - pe) ** 2)


def _check_against_references(view, result):
    square, n = view.square, float(view.n)
    quiet = np.errstate(all="ignore")
    # KAPPA_Z: kappa over its SE under H0 (Fleiss, Cohen & Everitt 1969)
    with quiet:
        kappa, _, var0, _, noise = _reference_fce(square, np.eye(view.q))
    z = result.loc["KAPPA_Z"]
    if np.isfinite(kappa) and var0 > 1e3 * noise:
        assert _close(z["statistic"], kappa / np.sqrt(var0), abs_=1e-10)
        assert _close(z["pvalue"], 2 * stats.norm.sf(abs(kappa / np.sqrt(var0))), abs_=1e-12)
    elif not (np.isfinite(kappa) and var0 > noise):
        assert np.isnan(z["statistic"]) and "not defined" in z["method"]
    # McNemar (2×2 over the union of labels)
    for code, exact in (("MCNEMAR", False), ("MCNEMAR_EXACT", True)):
        row = result.loc[code]
        if view.q != 2:
            assert np.isnan(row["statistic"]) and "2×2" in row["method"]
        elif square[0, 1] + square[1, 0] > 0 and (not exact or np.all(square == np.round(square))):
            ref = mcnemar(square, exact=exact, correction=True)
            if not exact and abs(square[0, 1] - square[1, 0]) < 1:
                # R's mcnemar.test corrects only down to 0 (none where b = c); statsmodels' (|b − c| − 1)² grows
                assert row["statistic"] == 0 and row["pvalue"] == 1
            else:
                assert _close(row["statistic"], ref.statistic) and _close(row["pvalue"], ref.pvalue)
    # Bowker and Stuart–Maxwell: statsmodels' SquareTable on the dense q×q table
    applies = view.same_labels and view.q >= 2
    for code in ("BOWKER", "STUART_MAXWELL"):
        if not applies:
            assert np.isnan(result.loc[code, "statistic"]) and "not applicable" in result.loc[code, "method"]
    if applies:
        table = SquareTable(square, shift_zeros=False)
        bowker = table.symmetry()
        row = result.loc["BOWKER"]
        assert _close(row["statistic"], bowker.statistic) and row["df"] == bowker.df
        assert _close(row["pvalue"], bowker.pvalue, abs_=1e-14)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                stuart = table.homogeneity()
            except np.linalg.LinAlgError:
                stuart = None
        row = result.loc["STUART_MAXWELL"]
        # the Moore–Penrose form d' V⁺ d on rank(V) df over the full covariance (coin::mh_test's generalised
        # inverse), which is statsmodels' statistic where V without the last label is of full rank
        p = square / n
        v = -(p + p.T)
        np.fill_diagonal(v, p.sum(0) + p.sum(1) - 2 * np.diag(p))
        scale = max(np.abs(v).max(), 1e-300)
        rank = np.linalg.matrix_rank(v, tol=1e-10 * scale, hermitian=True)
        if rank == 0:
            assert np.isnan(row["statistic"]) and "off the diagonal" in row["method"]
        else:
            d = p.sum(0) - p.sum(1)
            expected = n * float(d @ np.linalg.pinv(v, rcond=1e-10, hermitian=True) @ d)
            assert row["df"] == rank and _close(row["statistic"], expected, rel=1e-7, abs_=1e-9)
            full = np.linalg.matrix_rank(v[:-1, :-1], tol=1e-10 * scale, hermitian=True) == view.q - 1
            if full and stuart is not None and np.isfinite(stuart.statistic):
                assert _close(row["statistic"], stuart.statistic, rel=1e-9, abs_=1e-12) and row["df"] == stuart.df
                # statsmodels takes 1 − cdf, which loses p-values below 1e-16; the test takes the survival function
                assert _close(row["pvalue"], stuart.pvalue, rel=1e-9, abs_=1e-15)
    # χ² and G² of independence: scipy on the table without its empty rows and columns
    counts = view.counts
    kept = counts[counts.sum(axis=1) > 0][:, counts.sum(axis=0) > 0]
    for code, kind in (("CHI2", None), ("G2", "log-likelihood")):
        row = result.loc[code]
        if min(kept.shape) < 2:
            assert np.isnan(row["statistic"]) and "not applicable" in row["method"]
            continue
        ref = stats.chi2_contingency(kept, correction=False, lambda_=kind)
        assert _close(row["statistic"], ref.statistic, abs_=1e-12 * n) and row["df"] == ref.dof
        if abs(ref.statistic) <= 1e-12 * n:  # independent but for round-off: scipy's p of a statistic below 0 is NaN
            assert row["pvalue"] == pytest.approx(1.0, abs=1e-6)
            continue
        assert _close(row["pvalue"], ref.pvalue, rel=1e-9, abs_=1e-12)


@given(views())
@example(_view(np.array([[3.0, 0, 0], [0, 0, 0], [0, 0, 2]]), np.arange(3), np.arange(3), 3))  # label 1 unused
@example(_view(np.array([[5.0, 2], [0, 4]]), np.arange(2), np.arange(2), 2))
@example(_view(np.array([[5.0, 2], [7, 4]]), np.array([0, 1]), np.array([2, 1]), 3))  # one label on each side only
@example(_view(np.array([[4.0, 1, 0], [1, 4, 0], [0, 0, 6]]), np.arange(3), np.arange(3), 3))  # {0, 1} apart
@example(_view(np.array([[0.0, 5, 0], [0, 0, 5], [5, 0, 0]]), np.arange(3), np.arange(3), 3))  # symmetric margins
def test_run_tests_dense_sparse_and_references(view):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        dense = run_tests(view, None)
        held = run_tests(view.sparse(), None)
    _check_against_references(view, dense)
    _same_rows(held, dense, float(view.n))


@given(views())
def test_kappa_variances_dense_sparse_and_statsmodels(view):
    square = view.square
    with np.errstate(all="ignore"):
        reference = _reference_fce(square, np.eye(view.q))
        weights = agreement_weights("linear", view.q)
        reference_w = _reference_fce(square, weights)
    for held in (view, view.sparse()):
        for ours, ref in ((kappa_variances(held), reference), (kappa_variances(held, np.eye(view.q)), reference),
                          (kappa_variances(held, weights), reference_w)):
            assert _close(ours[0], ref[0], abs_=1e-14)
            assert _close(ours[1], ref[1], rel=1e-9, abs_=ref[3]) and _close(ours[2], ref[2], rel=1e-9, abs_=ref[4])
    if view.same_labels and view.q >= 2 and np.all(square.sum(axis=0) < view.n) and view.n > 1:
        with np.errstate(invalid="ignore"):
            ref = cohens_kappa(square)  # its SE is NaN where the variance is a rounding error below 0
        kappa, var1, var0 = kappa_variances(view.sparse())
        assert _close(kappa, ref.kappa, abs_=1e-14)
        assert _close(var1, np.nan_to_num(ref.std_kappa**2), rel=1e-9, abs_=reference[3])
        assert _close(var0, np.nan_to_num(ref.std_kappa0**2), rel=1e-9, abs_=reference[4])


def test_kappa_variances_of_a_stack():
    rng = np.random.default_rng(5)
    stack = rng.integers(0, 9, (4, 3, 3)).astype(float) + np.eye(3) * 5
    view = TableView(stack, np.arange(3), np.arange(3), np.arange(3), np.arange(3), 3)
    together = kappa_variances(view)
    for b in range(4):
        alone = kappa_variances(view.with_counts(stack[b]))
        assert np.allclose([x[b] for x in together], alone, rtol=1e-13, atol=0)
        assert np.allclose(alone, _reference_fce(stack[b], np.eye(3))[:3], rtol=1e-12, atol=0)


def test_fce_intervals_of_dense_and_sparse_views():
    table = np.array([[20.0, 5, 1, 0], [3, 15, 2, 0], [0, 4, 9, 1]])
    view = _view(table, np.array([0, 1, 2]), np.array([0, 1, 2, 3]), 4)  # label 3 in the columns only
    opts = IntervalOptions("linearized")  # "auto" takes the BCa bootstrap's interval below 200 objects
    weights = agreement_weights("quadratic", 4)
    for code, params, w in (("KAPPA", {}, np.eye(4)), ("KAPPA_W", {"kappa_weights": weights}, weights)):
        kappa, var1, _, _, _ = _reference_fce(view.square, w)
        for held in (view, view.sparse()):
            estimate = multiclass_analytic(REGISTRY[code], held, params, opts)
            assert estimate.method == "Fleiss–Cohen–Everitt"
            assert _close(estimate.value, kappa, rel=1e-13) and _close(estimate.se, np.sqrt(var1), rel=1e-12)
            assert _close(estimate.lower, kappa - opts.z * np.sqrt(var1), rel=1e-12)
    # HSS, the kappa of each class's 2×2 table (the class against the rest), three classes at once
    a, b, c, d = (np.array(x) for x in ([20.0, 15, 9], [1, 5, 4], [6, 9, 3], [18, 16, 29]))
    estimate = binary_analytic(REGISTRY["HSS"], (a, b, c, d), (a, b, c, d), {}, opts, None)
    for k in range(3):
        kappa, var1, _, _, _ = _reference_fce(np.array([[a[k], b[k]], [c[k], d[k]]]), np.eye(2))
        assert _close(estimate.value[k], kappa, rel=1e-13) and _close(estimate.se[k], np.sqrt(var1), rel=1e-12)


def _large(q, chain, rng):
    """A sparse q×q table: the diagonal, a cycle through the labels (chain) or random cells, and a few more."""
    diagonal = rng.integers(50, 100, q).astype(float)
    if chain:
        i, j = np.arange(q), (np.arange(q) + 1) % q
    else:
        i, j = rng.integers(0, q, 6 * q), rng.integers(0, q, 6 * q)
    table = {}
    for a, b, x in zip(np.r_[np.arange(q), i], np.r_[np.arange(q), j], np.r_[diagonal, rng.integers(1, 9, len(i))],
                       strict=True):
        table[a, b] = table.get((a, b), 0.0) + float(x)
    keys = sorted(table)
    rows, cols = (np.array(x) for x in zip(*keys, strict=True))
    counts = np.array([table[k] for k in keys])
    places = np.arange(q)
    return TableView(counts, places, places, places, places, q, (rows, cols), (q, q))


@pytest.mark.parametrize("chain", [True, False])
def test_sparse_tests_need_no_square(chain):
    """At q = 2,000 the q×q table alone takes 32 MB; the sparse tests stay far below and equal the dense ones
    (a cycle makes an ill-conditioned Stuart–Maxwell covariance, random pairs a well-conditioned one)."""
    q = 2000
    held = _large(q, chain, np.random.default_rng(7))
    tracemalloc.start()
    try:
        sparse_result = run_tests(held, None)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 8 * 2**20
    dense = TableView(held.square, held.rows, held.cols, held.row_place, held.col_place, q)
    _same_rows(sparse_result, run_tests(dense, None), float(held.n))
    _check_against_references(dense, sparse_result)
    assert np.isfinite(sparse_result.loc["STUART_MAXWELL", "statistic"])


@given(st.integers(2, 8), st.integers(0, 2**32 - 1), st.booleans())
def test_homogeneity_statistic_is_the_pseudo_inverse_form(k, seed, sparse_cells):
    """Stuart–Maxwell's d' V⁺ d by Cholesky of V without the last label of each connected component
    (homogeneity_statistic, which KAPPA_MAX's upper end reads) equals d' V⁺ d by numpy's pseudo-inverse of the dense
    covariance, on rank(V) df, whether or not V without the last label is singular."""
    from pandas_agree.inference.tests import homogeneity_statistic

    rng = np.random.default_rng(seed)
    table = rng.integers(0, 6, (k, k)).astype(float)
    if sparse_cells:
        table *= rng.random((k, k)) < 0.3
    places = np.arange(k)
    found, df = homogeneity_statistic(TableView(table, places, places, places, places, k))
    cov = -(table + table.T)
    np.fill_diagonal(cov, table.sum(axis=1) + table.sum(axis=0) - 2 * np.diag(table))
    d = table.sum(axis=1) - table.sum(axis=0)
    assert df == np.linalg.matrix_rank(cov, hermitian=True)
    expected = float(d @ np.linalg.pinv(cov, hermitian=True) @ d)
    assert found == pytest.approx(expected, rel=1e-9, abs=1e-9)


@given(views())
def test_values_at_the_cells_are_those_of_flat(view):
    """``at_rows``/``at_cols`` place the values of the rows and columns at the cells of ``flat()`` (repeated and
    tiled where the view is dense, gathered where it is sparse), and ``flat_counts`` is ``flat()``'s counts: for a
    dense view, the same view held sparse and a stack of resamples."""
    stack = view.with_counts(np.stack([view.counts, 2 * view.counts + 1]))
    for v in (view, view.sparse(), stack):
        counts, i, j = v.flat()
        rows, cols = np.arange(1.0, v.shape[0] + 1), -np.arange(1.0, v.shape[1] + 1)
        if v is stack:  # values of each resample's rows and columns, (2, I) and (2, J)
            rows, cols = np.stack([rows, 10 * rows]), np.stack([cols, 10 * cols])
        assert np.array_equal(v.flat_counts(), counts)
        assert np.array_equal(v.at_rows(rows), rows[..., i])
        assert np.array_equal(v.at_cols(cols), cols[..., j])
        assert np.array_equal(v.at_rows(v.row_place), v.row_place[i])


def test_pairs_and_stuart_maxwell_statistic_are_computed_once_per_table(monkeypatch):
    """The pairs of labels and the dense Stuart–Maxwell statistic are derived once per table: KAPPA_MAX's test of
    equal margins and the Stuart–Maxwell row of the tests read the same ones (each was computed twice)."""
    import pandas_agree as pa
    from pandas_agree.inference import tests as inference_tests

    calls = {"pairs": 0, "statistic": 0}
    pairs_of, dense_statistic = inference_tests._pairs_of, inference_tests._dense_statistic

    def counted_pairs(view):
        calls["pairs"] += 1
        return pairs_of(view)

    def counted_statistic(*args):
        calls["statistic"] += 1
        return dense_statistic(*args)

    monkeypatch.setattr(inference_tests, "_pairs_of", counted_pairs)
    monkeypatch.setattr(inference_tests, "_dense_statistic", counted_statistic)
    ag = pa.Agreement.from_table([[20, 3, 1], [2, 15, 4], [3, 2, 18]])
    ag.multiclass(["KAPPA_MAX"], ci="auto")
    tests = ag.tests()
    assert calls == {"pairs": 1, "statistic": 1}
    reference = SquareTable(np.array([[20, 3, 1], [2, 15, 4], [3, 2, 18]]), shift_zeros=False).homogeneity()
    assert tests.loc["STUART_MAXWELL", "statistic"] == pytest.approx(reference.statistic, rel=REL)


@given(views())
def test_pairs_summed_in_bins_are_those_of_the_sparse_matrix(view):
    """The pairs of labels summed in one bin per place (up to PAIR_BINS places) are, to the bit and in the same
    order, those a sparse matrix sums (the path of larger tables), on dense and sparse views."""
    from pandas_agree.inference import tests as inference_tests

    for held in (view, view.sparse()):
        i, j, counts = held.entries
        row, col = held.row_place[i], held.col_place[j]
        off = row != col
        binned = inference_tests._pairs_of(held)
        summed = inference_tests._sparse_pairs(held, row[off].astype(np.int32), col[off].astype(np.int32),
                                               counts[off])
        for ours, reference in zip(binned, summed, strict=True):
            assert np.array_equal(np.asarray(ours), np.asarray(reference))


# R 4.2, coin 1.4-2: f <- function(v, k) { t <- as.table(matrix(v, k, byrow = TRUE, dimnames = list(A = letters[1:k],
#   B = letters[1:k]))); r <- mh_test(t); c(statistic(r), r@statistic@df, pvalue(r)) }
# coin's marginal homogeneity test takes the Moore–Penrose inverse of the covariance and its rank as df; where the
# labels are all confused with one another it is statsmodels' SquareTable(t).homogeneity() (the first table)
MH_TEST = [
    ([20, 5, 1, 9, 15, 2, 3, 4, 7], 3, 2.78048780487805, 2, 0.249014561965311),
    # a class recognised without error (as iris's setosa): it adds nothing
    ([50, 0, 0, 0, 47, 3, 0, 2, 48], 3, 0.2, 1, 0.654720846018577),
    ([20, 5, 0, 9, 15, 0, 0, 0, 7], 3, 1.14285714285714, 1, 0.285049407402613),
    ([7, 0, 0, 0, 20, 5, 0, 9, 15], 3, 1.14285714285714, 1, 0.285049407402613),
    # two groups of labels never confused with one another: the sum of their statistics
    ([20, 5, 0, 0, 9, 15, 0, 0, 0, 0, 7, 1, 0, 0, 3, 9], 4, 2.14285714285714, 2, 0.342518855093046),
    ([12, 3, 0, 0, 0, 4, 10, 0, 0, 0, 0, 0, 9, 0, 0, 0, 0, 0, 8, 2, 0, 0, 0, 5, 6], 5, 1.42857142857143, 2,
     0.489541659556953),
]


@pytest.mark.parametrize("dense_solve", [200, 1])
@pytest.mark.parametrize(("cells", "k", "statistic", "df", "pvalue"), MH_TEST)
def test_stuart_maxwell_with_labels_never_confused_is_coins_mh_test(monkeypatch, dense_solve, cells, k, statistic,
                                                                      df, pvalue):
    """Labels never confused with another (or groups of them) leave V without the last label singular: the test is
    the Moore–Penrose form on rank(V) df, as R's coin::mh_test gives it, dense and sparse (it was NaN)."""
    import pandas_agree as pa
    from pandas_agree.inference import tests as inference_tests

    monkeypatch.setattr(inference_tests, "DENSE_SOLVE", dense_solve)
    row = pa.Agreement.from_table(np.array(cells, dtype=float).reshape(k, k)).tests().loc["STUART_MAXWELL"]
    assert row["statistic"] == pytest.approx(statistic, rel=1e-12)
    assert row["df"] == df
    assert row["pvalue"] == pytest.approx(pvalue, rel=1e-12)
    if df < k - 1:
        assert f"rank(V) = {df} df" in row["method"] and f"{k - df} groups" in row["method"]


def test_stuart_maxwell_without_objects_off_the_diagonal_is_not_defined():
    """Every object on the diagonal: V is 0 and the margins are equal; the test is not defined (NaN, with the
    reason), and KAPPA_MAX's upper end is 1."""
    import pandas_agree as pa

    ag = pa.Agreement.from_table(np.diag([5.0, 6.0, 7.0]))
    row = ag.tests().loc["STUART_MAXWELL"]
    assert np.isnan(row[["statistic", "df", "pvalue"]].astype(float)).all()
    assert "needs objects off the diagonal" in row["method"]
    assert ag.multiclass(["KAPPA_MAX"], ci="auto").loc["KAPPA_MAX", "upper"] == 1.0
