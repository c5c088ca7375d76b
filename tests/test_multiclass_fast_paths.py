"""The multiclass measures' fast paths give the numbers of the general ones, bit for bit."""

import numpy as np
import pytest

from pandas_agree.engine.tableview import TableView
from pandas_agree.inference import tests


def _views(seed: int):
    """A dense table with labels placed in a shuffled union, and the same table held sparse."""
    rng = np.random.default_rng(seed)
    q = int(rng.integers(2, 25))
    table = rng.integers(0, 4, (q, q)).astype(float) * (rng.random((q, q)) < 0.5)
    if seed % 2:  # weighted counts: sums that are not whole numbers
        table = table * rng.random((q, q)) * 7.3
    rows, cols = rng.permutation(q), rng.permutation(q)
    dense = TableView(table, np.arange(q), np.arange(q), rows, cols, q)
    i, j = np.nonzero(table)
    held = TableView(table[i, j], np.arange(q), np.arange(q), rows, cols, q, (i, j), (q, q))
    return dense, held


@pytest.mark.parametrize("seed", range(40))
def test_pairs_of_a_dense_table_are_those_of_its_stored_cells(seed):
    dense, held = _views(seed)
    found, expected = tests._pairs_of(dense), tests._pairs_of(held)
    for x, y in zip(found, expected, strict=True):
        if x.size or y.size:
            assert x.dtype.kind == y.dtype.kind
            assert x.tobytes() == y.astype(x.dtype).tobytes()
    assert tests._dense_homogeneity(dense, found) == tests._dense_homogeneity(held, expected)


def test_entry_places_are_the_union_places_of_the_cells_and_read_only():
    dense, held = _views(3)
    for view in (dense, held):
        i, j, _ = view.entries
        rows, cols = view.entry_places
        assert rows.tolist() == view.row_place[i].tolist() and cols.tolist() == view.col_place[j].tolist()
        with pytest.raises(ValueError):
            rows[0] = 0


def test_small_sample_facts_are_read_once_per_table(monkeypatch):
    from pandas_agree.analyses.agreement import Agreement
    from pandas_agree.inference import analytic

    calls = []
    original = analytic._two_by_two

    def counted(view):
        calls.append(view)
        return original(view)

    monkeypatch.setattr(analytic, "_two_by_two", counted)
    ag = Agreement.from_table(np.array([[20, 3, 1], [2, 15, 4], [1, 2, 30]]))
    frame = ag.multiclass(["KAPPA", "SPI", "BPK", "AC1", "ALPHA"], ci="auto")
    assert len(calls) == 1
    assert frame["method"].notna().all()


@pytest.mark.parametrize("seed", range(10))
def test_on_cells_gives_the_numbers_of_the_repeated_sides(seed):
    dense, held = _views(seed)
    rng = np.random.default_rng(seed)
    stack = dense.with_counts(np.stack([dense.counts, dense.counts * 2.5]))
    for view in (dense, held, stack):
        lead = view.counts.shape[:-2] if not view.is_sparse else ()
        rows, cols = rng.random((*lead, view.shape[0])), rng.random((*lead, view.shape[1]))
        for op in (np.add, np.multiply, np.equal):
            found = view.on_cells(rows, cols, op)
            expected = op(view.at_rows(rows), view.at_cols(cols))
            assert found.shape == expected.shape and found.tobytes() == expected.tobytes()
        places = view.on_cells(view.row_place, view.col_place, np.equal)
        assert places.tolist() == (view.at_rows(view.row_place) == view.at_cols(view.col_place)).tolist()


@pytest.mark.parametrize("weighted", [False, True])
def test_table_cells_of_an_agreement_read_its_view_and_match_their_own(weighted):
    import pandas as pd

    from pandas_agree.inference.delta import TableCells

    rng = np.random.default_rng(4)
    df = pd.DataFrame({"a": rng.integers(0, 6, 400), "p": rng.integers(0, 7, 400), "w": rng.random(400) * 3})
    ag = df.agree("a", "p", weights="w" if weighted else None)
    cells, view = ag._table_cells, ag._view()
    assert cells.ci is view.entries[0] and cells.cn is view.entries[2]
    own = TableCells(ag._counts)
    for name in ("ci", "cj", "cn", "r", "c", "total"):
        found, expected = np.asarray(getattr(cells, name)), np.asarray(getattr(own, name))
        assert found.dtype == expected.dtype and found.tobytes() == expected.tobytes()


@pytest.mark.parametrize("scale", [1.0, 0.37, 1e-160])
def test_independence_of_a_full_dense_table_is_scipys_and_the_measures_x2(scale):
    from scipy import special, stats

    from pandas_agree.measures.association import chi_square

    rng = np.random.default_rng(7)
    table = (rng.integers(1, 9, (5, 4)) * scale).astype(float)
    view = TableView(table, np.arange(4), np.arange(4), np.arange(5), np.arange(4), 5)
    pearson, g2, df = tests._independence_of(view)
    expected = np.multiply.outer(table.sum(axis=1), table.sum(axis=0)).ravel() / table.sum()
    cells = table.ravel()
    assert pearson == float(((cells - expected) ** 2 / expected).sum() + 0.0)  # the sum as it was written
    assert g2 == float(2 * special.xlogy(cells, cells / expected).sum())
    if scale == 1.0:
        assert pearson == float(chi_square(view))
        reference = stats.chi2_contingency(table, correction=False)  # scipy's Pearson X² and G²
        assert pearson == pytest.approx(reference.statistic, rel=1e-12) and df == reference.dof
        g_test = stats.chi2_contingency(table, correction=False, lambda_="log-likelihood")
        assert g2 == pytest.approx(g_test.statistic, rel=1e-12)


@pytest.mark.parametrize("seed", range(8))
def test_kappa_variance_under_h1_is_the_sum_over_the_cells_as_written(seed):
    from pandas_agree.base.undefined import divide
    from pandas_agree.measures import chance

    dense, _ = _views(seed)
    view = dense.with_counts(np.stack([dense.counts, dense.counts.T])) if seed % 2 else dense
    q = view.q
    weights = None if seed % 4 < 2 else 1 - np.abs(np.subtract.outer(np.arange(q), np.arange(q))) / (q - 1)
    n = view.n
    p = divide(view.flat_counts(), n[..., None])
    rows = tests._on_union(divide(view.row_totals, n[..., None]), view.row_place, q)
    cols = tests._on_union(divide(view.col_totals, n[..., None]), view.col_place, q)
    u, v = view.at_rows(view.row_place), view.at_cols(view.col_place)
    w_cell = (u == v).astype(float) if weights is None else weights[u, v]
    w_row = cols if weights is None else np.einsum("ij,...j->...i", weights, cols)
    w_col = rows if weights is None else np.einsum("...i,ij->...j", rows, weights)
    spread = view.at_rows(w_row[..., view.row_place]) + view.at_cols(w_col[..., view.col_place])
    counts = view.flat_counts()
    if view.mostly_empty:  # a dense table with at most half of its cells non-empty: the sums over those alone
        at = counts != 0
        p, w_cell, spread, counts = p[at], w_cell[at], spread[at], counts[at]
    # Po and Pe each with one division of sums of counts
    po = divide((counts * w_cell).sum(axis=-1), n) if weights is None else chance.observed_of_counts(view.square, n,
                                                                                                       weights)
    pe = chance.cohen_of_counts(tests._on_union(view.row_totals, view.row_place, q),
                                tests._on_union(view.col_totals, view.col_place, q), n, weights)
    h1 = tests._difference((p * (w_cell * (1 - pe)[..., None] - spread * (1 - po)[..., None]) ** 2).sum(axis=-1),
                           (po * pe - 2 * pe + po) ** 2)
    expected = divide(h1, n * (1 - pe) ** 4)
    assert np.asarray(tests._kappa_variances(view, weights)[1]).tobytes() == np.asarray(expected).tobytes()


@pytest.mark.parametrize("seed", range(8))
def test_pearson_x2_of_the_measures_is_the_sum_as_written(seed):
    from pandas_agree.base.undefined import divide
    from pandas_agree.measures import association

    dense, held = _views(seed)
    table = dense.counts.copy()
    table[0] = 0.0  # a row without objects: nothing expected there
    dense = dense.with_counts(table)
    stack = dense.with_counts(np.stack([table, table * 3.5]))
    for view in (dense, stack, held):
        r, c, n = view.row_totals, view.col_totals, view.n
        expected = divide(view.at_rows(r) * view.at_cols(c), n[..., None])
        with np.errstate(divide="ignore", invalid="ignore"):
            cells = np.where(expected > 0, (view.flat_counts() - expected) ** 2 / expected, 0.0)
        x2 = cells.sum(axis=-1)
        if view.is_sparse:
            x2 = x2 + np.maximum(n - expected.sum(axis=-1), 0.0)
        assert np.asarray(association._chi_square(view)).tobytes() == np.asarray(x2).tobytes()
