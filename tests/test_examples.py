"""The example scripts run, and the DuckDB recipe gives the pandas result."""

import importlib.util
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import pandas_agree as pa

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


# --- one script per user guide; each runs here, scaled down where it takes a size ---------------------------

def test_classifier_example(tmp_path, capsys):
    report = load("classifier").main(tmp_path)
    assert (tmp_path / "wine_knn.html").is_file() and (tmp_path / "wine_knn.xlsx").is_file()
    expected = pa.datasets.load("wine_predictions").agree("cultivar", "knn").multiclass(["KAPPA"])
    assert report.multiclass.loc["KAPPA", "value"] == expected.loc["KAPPA", "value"]
    assert "report written to" in capsys.readouterr().out


def test_clustering_example():
    out = load("clustering").main()
    assert sorted(out["accuracy"].common) == ["setosa", "versicolor", "virginica"]
    assert out["accuracy"].multiclass(["OSR"]).loc["OSR", "value"] > 0.85


def test_raters_example():
    out = load("raters").main()
    # Fleiss (1971): kappa 0.430 for the six psychiatrists
    assert out["several"].summary(["FLEISS"]).loc["FLEISS", "value"] == pytest.approx(0.430, abs=5e-4)
    assert set(out["scale"].summary().index) >= {"FLEISS", "ALPHA"}


def test_survey_example(tmp_path):
    module = load("survey")
    report = module.main(respondents=600, out=tmp_path)
    data = module.survey(600)
    assert report.summary is not None and set(report.groups) == set(module.REGIONS)
    expected = data.agree("coder_a", "coder_b", weights="weight").n
    assert report.crosstab.loc["Total", "Total"] == pytest.approx(expected)
    assert (tmp_path / "survey.xlsx").is_file()


def test_spss_example(tmp_path):
    pytest.importorskip("pyreadstat")
    report = load("spss").main(tmp_path)
    assert (tmp_path / "diagnoses.sav").is_file() and (tmp_path / "diagnoses.xlsx").is_file()
    direct = pa.datasets.load("diagnoses").agree("rater1", "rater2").multiclass(["KAPPA"])
    assert report.multiclass.loc["KAPPA", "value"] == pytest.approx(direct.loc["KAPPA", "value"], rel=1e-12)


def test_large_data_example(tmp_path, monkeypatch):
    pytest.importorskip("dask.dataframe")
    pytest.importorskip("distributed")
    pytest.importorskip("pyarrow")
    monkeypatch.syspath_prepend(str(EXAMPLES))  # the script reuses the DuckDB recipe next to it
    out = load("large_data").main(rows=30_000, partitions=3, workers=2, processes=False, folder=tmp_path)
    assert out["dask"].n_rows == 30_000
    if "duckdb" in out:
        pd.testing.assert_frame_equal(out["duckdb"].table.loc[out["dask"].table.index, out["dask"].table.columns],
                                      out["dask"].table, check_index_type=False, check_column_type=False,
                                      check_names=False)


def test_compare_example():
    comparison = load("compare").main()
    assert list(comparison.names) == ["knn", "logistic"]


def test_scores_example(capsys):
    comparison = load("scores").main()
    assert comparison.scores == ["logistic", "bayes"]
    out = capsys.readouterr().out
    assert "Scores report: logistic against diagnosis (positive: malignant)" in out


def test_every_example_that_uses_the_accessor_imports_the_package():
    # the scripts are run here after pandas_agree is imported; run on their own, each must import it itself
    for path in sorted(EXAMPLES.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        if ".agree" in text:
            assert "import pandas_agree" in text, f"{path.name} uses .agree without importing pandas_agree"
