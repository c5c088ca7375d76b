"""Tables held sparse: the same numbers as dense tables, in memory that grows with the non-empty cells.

Above ``engine.crosstab.SPARSE_CELLS`` cells the engine counts and the Agreement holds only the non-empty cells.
Setting the threshold to 0 holds every table sparse, so each analysis is checked on small tables against the same
table held dense; the memory test uses a table above the real threshold.
"""

import subprocess
import sys
import textwrap
import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scipy import sparse

import pandas_agree as pa
from pandas_agree.engine import crosstab as engine


@pytest.fixture
def all_sparse(monkeypatch):
    """Every table held sparse while the test runs."""
    monkeypatch.setattr(engine, "SPARSE_CELLS", 0)


def _table(rng, i=6, j=7) -> pd.DataFrame:
    t = rng.integers(0, 6, (i, j)).astype(float)
    t[2] = 0  # an empty row, an empty column, a label on one side only
    t[:, 3] = 0
    t[0, 0], t[1, 1] = 30, 25
    return pd.DataFrame(t, index=list("abcdeg")[:i], columns=list("abcdefh")[:j])


def _frames(ag: pa.Agreement) -> dict:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return {
            "binary": ag.binary(ci="auto"),
            "union": ag.binary(["REC", "F1", "SPE"], classes="union", ci="linearized"),
            "averages": ag.averages(ci="auto", random_state=0),
            "multiclass": ag.multiclass(ci="auto", random_state=0),
            "weighted": ag.multiclass(["KAPPA_W", "SPI", "AC1", "ALPHA", "BPK"], kappa_weights="quadratic",
                                      ci="auto", random_state=0),
            "tests": ag.tests(),
            "confusions": ag.confusions(top=None),
            "bootstrap": ag.multiclass(["KAPPA", "CRAMERV", "LAMBDA", "UC"], ci="bootstrap", n_resamples=200,
                                       random_state=1, bootstrap_method="bca"),
            "binary bootstrap": ag.binary(["F1", "MCC"], ci="bootstrap", n_resamples=100, random_state=1),
            "fixed": ag.averages(["F1", "REC"], ci="linearized", resampling="fixed-reference"),
            "moved": ag.multiclass(["KAPPA_W"], kappa_weights="linear", ci="linearized", resampling="fixed-reference"),
        }


def _assert_same(dense: dict, held: dict) -> None:
    for key in dense:
        a, b = dense[key], held[key]
        pd.testing.assert_frame_equal(a.select_dtypes("number"), b.select_dtypes("number"), rtol=1e-9,
                                      check_dtype=False, obj=key)
        for column in a.columns.difference(a.select_dtypes("number").columns):
            assert a[column].equals(b[column]), (key, column)


def test_every_analysis_is_the_same_held_sparse(monkeypatch):
    rng = np.random.default_rng(3)
    two = pd.DataFrame([[20.0, 5], [3, 22]], index=["no", "yes"], columns=["no", "yes"])
    for table in (_table(rng), _table(rng, 5, 5), two):
        dense = pa.Agreement.from_table(table)
        monkeypatch.setattr(engine, "SPARSE_CELLS", 0)
        held = pa.Agreement.from_table(table)
        monkeypatch.undo()
        assert held._cells is not None and dense._cells is None
        _assert_same(_frames(dense), _frames(held))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(1, 5), st.integers(1, 5), st.integers(0, 2**32 - 1), st.booleans())
def test_random_tables_are_the_same_held_sparse(monkeypatch, i, j, seed, fractional):
    rng = np.random.default_rng(seed)
    counts = rng.integers(0, 4, (i, j)) * (rng.random((i, j)) < 0.6)
    if fractional:
        counts = counts * rng.random((i, j)) * 3
    counts[0, 0] += 1
    labels = [f"c{x}" for x in rng.permutation(6)]
    table = pd.DataFrame(counts.astype(float), index=labels[:i], columns=labels[6 - j:])
    if not set(table.index) & set(table.columns):
        table.columns = table.index[:1].append(table.columns[1:])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        dense = pa.Agreement.from_table(table)
        expected = {"binary": dense.binary(ci="linearized"), "averages": dense.averages(ci="linearized"),
                    "multiclass": dense.multiclass(ci="linearized"), "tests": dense.tests()}
        monkeypatch.setattr(engine, "SPARSE_CELLS", 0)
        held = pa.Agreement.from_table(table)
        found = {"binary": held.binary(ci="linearized"), "averages": held.averages(ci="linearized"),
                 "multiclass": held.multiclass(ci="linearized"), "tests": held.tests()}
    _assert_same(expected, found)


def test_fixed_reference_bootstrap_keeps_row_totals_and_spread(all_sparse):
    """Held sparse, the fixed-reference bootstrap draws each row over its own cells: the same distribution as
    the dense draws (the SEs agree within the Monte Carlo error), every row keeping its total."""
    from pandas_agree.inference.bootstrap import resample_chunks
    from pandas_agree.inference.estimates import IntervalOptions

    table = _table(np.random.default_rng(5))
    held = pa.Agreement.from_table(table)
    opts = IntervalOptions(ci="bootstrap", n_resamples=300, design="fixed-reference", random_state=0)
    stack = np.concatenate(list(resample_chunks(held._counts, opts, rows=held._cells[0], chunk_cells=500)))
    rows = held._cells[0]
    totals = np.stack([np.bincount(rows, weights=s, minlength=held.shape[0]) for s in stack])
    assert np.allclose(totals, table.sum(axis=1).to_numpy())
    options = {"ci": "bootstrap", "n_resamples": 4000, "random_state": 2, "resampling": "fixed-reference",
               "classes": "union", "zero_division": 0.0}
    se = held.averages(["F1"], **options)
    engine.SPARSE_CELLS = 1 << 22
    dense = pa.Agreement.from_table(table).averages(["F1"], **options)
    ratio = se.xs("se", axis=1, level="stat") / dense.xs("se", axis=1, level="stat")
    assert np.allclose(ratio.to_numpy(), 1, atol=0.1), ratio


@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("dropna", [True, False])
def test_the_engine_counts_the_same_held_sparse(monkeypatch, weighted, dropna):
    rng = np.random.default_rng(7)
    n = 2000
    actual = pd.Series(rng.integers(0, 40, n).astype(str), name="truth")
    pred = pd.Series(np.where(rng.random(n) < 0.6, actual, rng.integers(0, 45, n).astype(str)), name="guess")
    actual[[3, 9]] = None
    weights = rng.random(n) * 2 if weighted else None
    if weighted:
        weights[[5, 6]] = 0.0
        if dropna:
            weights[8] = np.nan
    dense = pa.agreement(actual, pred, weights=weights, dropna=dropna)
    monkeypatch.setattr(engine, "SPARSE_CELLS", 0)
    held = pa.agreement(actual, pred, weights=weights, dropna=dropna)
    table = held.table
    assert all(isinstance(dtype, pd.SparseDtype) for dtype in table.dtypes)
    pd.testing.assert_frame_equal(table.sparse.to_dense(), dense.table)
    assert (held.n_rows, held.n_missing, held.n_zero_weight) == (dense.n_rows, dense.n_missing, dense.n_zero_weight)
    assert list(held.labels) == list(dense.labels)
    pd.testing.assert_frame_equal(held.crosstab().sparse.to_dense(), dense.crosstab(), check_dtype=False)


def test_labels_and_categories_keep_their_order_held_sparse(monkeypatch):
    actual = pd.Categorical(["b", "a", "c", "a"], categories=["c", "b", "a", "z"])
    pred = pd.Categorical(["b", "a", "a", "y"], categories=["y", "a", "b"])
    dense, listed_dense = pa.agreement(actual, pred), pa.agreement(["b", "a"], ["a", "a"], labels=["b", "a", "q"])
    monkeypatch.setattr(engine, "SPARSE_CELLS", 0)
    held, listed = pa.agreement(actual, pred), pa.agreement(["b", "a"], ["a", "a"], labels=["b", "a", "q"])
    assert list(held.table.index) == ["c", "b", "a"] and list(held.table.columns) == ["b", "a", "y"]
    pd.testing.assert_frame_equal(held.table.sparse.to_dense(), dense.table)
    assert list(held.labels) == list(dense.labels) == ["c", "b", "a", "y"]
    assert list(listed.table.index) == ["b", "a", "q"] and listed.table.sparse.to_dense().iloc[0, 1] == 1
    pd.testing.assert_frame_equal(listed.table.sparse.to_dense(), listed_dense.table)


def test_sparse_inputs_are_accepted_and_checked():
    matrix = sparse.csr_matrix(np.array([[5.0, 1, 0], [0, 3, 2], [0, 0, 4]]))
    ag = pa.Agreement.from_table(matrix)
    assert ag.n == 15 and list(ag.common) == [0, 1, 2]
    frame = pd.DataFrame.sparse.from_spmatrix(matrix, index=list("abc"), columns=list("abc"))
    assert pa.Agreement.from_table(frame).multiclass(["OSR"]).iloc[0, 0] == pytest.approx(12 / 15)
    with pytest.raises(ValueError, match="non-negative counts; 1 cell"):
        pa.Agreement.from_table(sparse.csr_matrix(np.array([[1.0, -1], [0, 2]])))
    with pytest.raises(ValueError, match="finite counts"):
        pa.Agreement.from_table(sparse.csr_matrix(np.array([[1.0, np.nan], [0, 2]])))
    with pytest.raises(ValueError, match="positive total"):
        pa.Agreement.from_table(sparse.csr_matrix((2, 2)))


def test_reports_of_a_table_held_sparse(all_sparse, tmp_path):
    from openpyxl import load_workbook

    ag = pa.Agreement.from_table(_table(np.random.default_rng(1)))
    rep = ag.report(random_state=0)
    assert all(isinstance(dtype, pd.SparseDtype) for dtype in rep.crosstab.dtypes)
    assert "Crosstabulation" in str(rep) and "Largest Confusions" in rep.to_html()
    data = rep.to_dict()
    assert "cells" in data["crosstab"] and data["confusions"]["index"][0] == 1
    rep.to_excel(tmp_path / "r.xlsx")
    sheet = load_workbook(tmp_path / "r.xlsx")["Crosstab"]
    texts = [str(c.value) for row in sheet.iter_rows() for c in row if c.value is not None]
    assert any("held sparse" in t for t in texts)
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    rep.plot()


def test_percentages_of_a_crosstab_held_sparse(monkeypatch):
    table = _table(np.random.default_rng(2))
    dense = pa.Agreement.from_table(table).report(ci=None).crosstab
    monkeypatch.setattr(engine, "SPARSE_CELLS", 0)
    held = pa.Agreement.from_table(table).report(ci=None).crosstab
    pd.testing.assert_frame_equal(held.sparse.to_dense(), dense, check_dtype=False)


def test_a_large_table_held_sparse_needs_memory_of_its_cells():
    """3,000 labels on both sides (9 million cells: 72 MiB dense) and 30,000 objects: counting, the table, every
    class-specific and multiclass measure with its linearised interval, averages and every test each stay below
    a third of the dense table."""
    script = textwrap.dedent("""
        import tracemalloc, warnings
        import numpy as np, pandas as pd
        import pandas_agree as pa
        warnings.simplefilter("ignore")
        small = pa.Agreement.from_table([[5, 1, 0], [2, 8, 1], [0, 1, 4]])  # imports done before tracing
        small.binary(ci="auto"), small.averages(ci="auto"), small.multiclass(ci="auto"), small.tests()
        rng = np.random.default_rng(0)
        k = 3000
        actual = np.concatenate([np.arange(k), rng.integers(0, k, 27000)])
        pred = np.where(rng.random(len(actual)) < 0.7, actual, rng.permutation(actual))
        actual, pred = pd.Series(actual).astype(str), pd.Series(pred).astype(str)
        tracemalloc.start()
        steps = {"agreement": lambda: pa.agreement(actual, pred)}
        ag = steps["agreement"]()
        steps.update(binary=lambda: ag.binary(ci="auto"), averages=lambda: ag.averages(["F1", "REC"], ci="auto"),
                     multiclass=lambda: ag.multiclass(ci="auto"), tests=lambda: ag.tests())
        for name, step in steps.items():
            tracemalloc.reset_peak()
            step()
            print(name, tracemalloc.get_traced_memory()[1] / 2**20)
        print("sparse", ag._cells is not None, ag.shape == (k, k))
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    lines = dict(line.split(" ", 1) for line in out.strip().splitlines())
    assert lines.pop("sparse") == "True True", out
    assert all(float(peak) < 24 for peak in lines.values()), out
