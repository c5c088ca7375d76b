"""With dropna=False a missing label is a category of its own: a row with a missing label and a weight of 0 is left
out for its weight, like any row of weight 0, and the notes count the rows the sum of the weights comes from. It was
counted nowhere: "N = 3 is the sum of the weights of 3 rows" when 2 rows carried them. Every engine agrees."""

import warnings

import pandas as pd
import pytest

import pandas_agree as pa

ROWS = pd.DataFrame({"a": ["x", None, "y", "x"], "b": ["x", "y", "y", "y"], "w": [2.0, 0.0, 1.0, 0.0]})


def _frame(engine: str):
    if engine == "pandas":
        return ROWS
    if engine == "polars":
        return pytest.importorskip("polars").from_pandas(ROWS)
    if engine == "dask":
        return pytest.importorskip("dask.dataframe").from_pandas(ROWS, npartitions=2)
    return pytest.importorskip("duckdb").from_df(ROWS)


@pytest.mark.parametrize("engine", ["pandas", "polars", "dask", "duckdb"])
@pytest.mark.parametrize(("dropna", "bookkeeping"), [(False, (4, 0, 2, 0)), (True, (4, 1, 1, 1))])
def test_rows_of_weight_zero_are_counted_once(engine, dropna, bookkeeping):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ct = pa.crosstabs(_frame(engine), "a", "b", weights="w", dropna=dropna)
    assert (ct.n_rows, ct.n_missing, ct.n_zero_weight, ct.n_missing_zero_weight) == bookkeeping
    assert ct.n == 3
    notes = ct.report().notes
    assert notes[0].startswith("Frequency weights were used: N = 3 is the sum of the weights of 2 rows;")
    if not dropna:
        assert "2 rows with a weight of 0 were left out." in notes
