"""The example scripts run, and the DuckDB recipe gives the pandas result."""

import importlib.util
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def load(name: str):
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_duckdb_recipe_matches_pandas():
    duckdb = pytest.importorskip("duckdb")
    recipe = load("duckdb_counts")
    data = recipe.make_data(5000, seed=1)
    con = duckdb.connect()
    con.register("ratings", data)
    ag, missing, total = recipe.agreement_from_duckdb(con, "ratings", "truth", "guess")
    expected = data.agree("truth", "guess")
    pd.testing.assert_frame_equal(ag.table, expected.table, check_index_type=False, check_column_type=False)
    assert missing == expected.n_missing and total == expected.n_rows
    np.testing.assert_allclose(ag.multiclass()["value"], expected.multiclass()["value"], rtol=1e-12)


def test_duckdb_example_runs(capsys):
    pytest.importorskip("duckdb")
    report = load("duckdb_counts").main(rows=2000)
    assert "KAPPA" in report.multiclass.index
    assert "counted in DuckDB" in capsys.readouterr().out
