"""``import pandas_agree`` stays light: heavy and optional dependencies are imported where they are used, and the
Dask accessor is registered whichever of dask and pandas_agree is imported first."""

import subprocess
import sys

import pytest

# imported by the functions that need them, never by ``import pandas_agree``
HEAVY = ("scipy", "scipy.sparse", "scipy.stats", "scipy.optimize", "scipy.special", "statsmodels", "matplotlib",
         "openpyxl", "pyreadstat", "dask", "narwhals", "polars", "duckdb", "ibis", "pyspark")


def _run(code: str) -> str:
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-3000:]
    return run.stdout


def test_import_leaves_heavy_dependencies_unimported():
    # one process: what ``import pandas_agree`` loads, then (so that the probe is seen to work) what a test loads
    out = _run("import sys\n"
               "import pandas_agree as pa\n"
               f"print([m for m in {HEAVY!r} if m in sys.modules])\n"
               "pa.Agreement.from_table([[3, 1], [0, 4]]).tests()\n"
               "print('scipy.special' in sys.modules)")
    loaded, probe = out.splitlines()
    assert loaded == "[]", f"imported by import pandas_agree: {loaded}"
    assert probe == "True"


@pytest.mark.parametrize("first, second", [("pandas_agree", "dask.dataframe"), ("dask.dataframe", "pandas_agree")])
def test_dask_accessor_whichever_is_imported_first(first, second):
    pytest.importorskip("dask.dataframe")
    out = _run(f"import {first}\nimport {second}\n"
               "import pandas as pd, dask.dataframe as dd\n"
               "df = pd.DataFrame({'a': list('aabbc'), 'p': list('abbbc')})\n"
               "ag = dd.from_pandas(df, npartitions=2).agree('a', 'p')\n"
               "print(type(ag).__name__, ag.n)")
    assert out.split() == ["Agreement", "5.0"]
