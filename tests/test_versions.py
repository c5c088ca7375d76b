"""Supported versions are tested: what pyproject.toml declares is what CI runs, and results do not depend on the
version of pandas or numpy (CI runs the tests on the lowest and the newest supported versions too)."""

import importlib.util
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import pandas_agree as pa

ROOT = Path(__file__).resolve().parent.parent


def _constraints_module():
    spec = importlib.util.spec_from_file_location("ci_constraints", ROOT / ".ci" / "constraints.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def project() -> dict:
    return _constraints_module().tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def test_python_versions_declared_are_those_ci_tests(project):
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    lowest = re.search(r"python_lowest=.*interpreter (3\.\d+)", run).group(1)
    newest = re.search(r"python_newest=.*interpreter (3\.\d+)", run).group(1)
    assert project["requires-python"] == f">={lowest}"
    declared = [c.rsplit(" :: ", 1)[1] for c in project["classifiers"]
                if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)]
    low, high = (int(v.split(".")[1]) for v in (lowest, newest))
    assert declared == [f"3.{minor}" for minor in range(low, high + 1)]


def test_every_dependency_ci_pins_has_one_lower_bound(project):
    module = _constraints_module()
    pins = dict(line.split("==") for line in module.constraints(["test"]))
    names = {module.lowest(r)[0] for r in [*project["dependencies"], *project["optional-dependencies"]["test"]]}
    assert set(pins) == names and {"pandas", "numpy", "scipy", "statsmodels", "openpyxl"} <= names
    assert module.lowest("dask[dataframe]>=2024.1") == ("dask", "2024.1")
    for bad in ("numpy", "numpy<3", "numpy>=1,>=2"):
        with pytest.raises(ValueError, match="lower bound"):
            module.lowest(bad)


def test_an_interpretation_is_missing_where_there_is_none():
    """Rows without a band hold NaN, as pandas 3 shows them, not None (pandas 2 prints None)."""
    multiclass = pa.Agreement.from_table(np.array([[10, 2], [3, 9]])).multiclass(["OSR", "KAPPA", "RKCORR"])
    raters = pa.datasets.load("diagnoses").agree.raters([f"rater{k}" for k in range(1, 4)]).summary(["FLEISS", "PO"])
    for column, missing in ((multiclass["interpretation"], ["OSR", "RKCORR"]), (raters["interpretation"], ["PO"])):
        assert not any(value is None for value in column), column.tolist()
        assert column[missing].isna().all() and column.drop(missing).notna().all()
    assert "None" not in multiclass.to_string()


def test_a_row_of_tests_rounds_as_numbers():
    tests = pa.Agreement.from_table(np.array([[0, 4, 1], [0, 8, 0], [0, 1, 5]])).tests()
    assert tests[["statistic", "pvalue"]].dtypes.map(pd.api.types.is_float_dtype).all()
    assert tests[["statistic", "pvalue"]].round(4).loc["KAPPA_Z"].tolist() == [3.2626, 0.0011]


def test_the_extras_of_the_engines_counted_through_narwhals_install_pyarrow(project):
    """The groups of a Polars, DuckDB or PySpark table come back to pandas through pyarrow (Polars' to_pandas,
    narwhals' collect of a DuckDB relation or a Spark frame): `pip install ".[polars]"` alone gave
    ModuleNotFoundError: No module named 'pyarrow' at the first count."""
    module = _constraints_module()
    for extra in ("polars", "duckdb", "spark"):
        assert "pyarrow" in {module.lowest(r)[0] for r in project["optional-dependencies"][extra]}, extra
