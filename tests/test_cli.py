"""The command line: every input format, groups, every output, and bad input, through ``cli.main`` in this
process; one smoke test runs the installed ``pandas-agree`` script."""

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import numpy as np
import openpyxl
import pandas as pd
import pytest

from pandas_agree.integrations import cli

FAST = ["--n-resamples", "100", "--random-state", "0"]


class Result(NamedTuple):
    returncode: int
    stdout: str
    stderr: str


@pytest.fixture
def run(capsys):
    """``run(*args)``: the command line run in this process, with its exit status and what it printed."""
    def run(*args) -> Result:
        capsys.readouterr()
        status = cli.main([str(a) for a in args])
        out, err = capsys.readouterr()
        return Result(status, out, err)

    return run


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(0)
    a = rng.choice(["low", "mid", "high"], 200)
    p = np.where(rng.random(200) < 0.7, a, rng.choice(["low", "mid", "high"], 200))
    return pd.DataFrame({"truth": a, "guess": p, "w": rng.integers(1, 4, 200), "region": rng.choice(["n", "s"], 200)})


def _write(frame: pd.DataFrame, path):
    suffix = path.suffix
    if suffix == ".csv":
        frame.to_csv(path, index=False)
    elif suffix == ".tsv":
        frame.to_csv(path, sep="\t", index=False)
    elif suffix == ".xlsx":
        frame.to_excel(path, index=False)
    elif suffix == ".parquet":
        pytest.importorskip("pyarrow")
        frame.to_parquet(path)
    elif suffix == ".sav":
        pyreadstat = pytest.importorskip("pyreadstat")
        pyreadstat.write_sav(frame, str(path))


@pytest.mark.parametrize("suffix", [".csv", ".tsv", ".xlsx", ".parquet", ".sav"])
def test_report_from_every_format(run, tmp_path, data, suffix):
    path = tmp_path / f"data{suffix}"
    _write(data, path)
    result = run("report", path, "--actual", "truth", "--pred", "guess", "--json", *FAST)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    expected = data.agree("truth", "guess").crosstab()
    assert report["crosstab"]["data"][-1][-1] == 200
    assert report["crosstab"]["index"] == [str(x) for x in expected.index] or report["crosstab"]["index"] == list(
        expected.index)


def test_text_report_weights_and_groups(run, tmp_path, data):
    path = tmp_path / "data.csv"
    data.to_csv(path, index=False)
    result = run("report", path, "--actual", "truth", "--pred", "guess", "--weights", "w", "--by", "region", *FAST)
    assert result.returncode == 0, result.stderr
    assert "Group: region = n" in result.stdout and "Group: region = s" in result.stdout
    assert "Weighted N" in result.stdout


def test_outputs(run, tmp_path, data):
    path = tmp_path / "data.csv"
    data.to_csv(path, index=False)
    excel, html = tmp_path / "out.xlsx", tmp_path / "out.html"
    result = run("report", path, "--actual", "truth", "--pred", "guess", "--excel", excel, "--html", html,
                 "--measures", "F1", "KAPPA", "--percentages", "row", "--kappa-weights", "linear", "--quiet", *FAST)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "" and "wrote" in result.stderr
    wb = openpyxl.load_workbook(excel)
    assert "Class measures" in wb.sheetnames
    assert html.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_ci_none_and_match(run, tmp_path):
    frame = pd.DataFrame({"species": ["a"] * 5 + ["b"] * 5, "cluster": [1] * 4 + [2] * 6})
    path = tmp_path / "clusters.csv"
    frame.to_csv(path, index=False)
    result = run("report", path, "--actual", "species", "--pred", "cluster", "--match", "accuracy", "--ci", "none",
                 "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    osr = report["multiclass"]["index"].index("OSR")
    assert report["multiclass"]["data"][osr][0] == pytest.approx(0.9)


def test_demo_and_its_outputs(run, tmp_path):
    result = run("demo", *FAST)
    assert result.returncode == 0, result.stderr
    assert "cultivar * knn Crosstabulation" in result.stdout and "Cohen's kappa (KAPPA)" in result.stdout
    excel, html = tmp_path / "demo.xlsx", tmp_path / "demo.html"
    result = run("demo", "--excel", excel, "--html", html, "--quiet", *FAST)
    assert result.returncode == 0 and excel.exists() and html.exists()


def test_measures_catalogue(run):
    result = run("measures", "--kind", "multiclass")
    assert result.returncode == 0
    codes = [line.split()[0] for line in result.stdout.splitlines()[1:]]
    assert "KAPPA" in codes and "REC" not in codes


@pytest.mark.parametrize("args, fragment", [
    (["report", "missing.csv", "--actual", "a", "--pred", "b"], "no such file"),
    (["report", "{csv}", "--actual", "nope", "--pred", "guess"], "no column 'nope'"),
    (["report", "{txt_bad}", "--actual", "a", "--pred", "b"], "unsupported file type"),
    (["report", "{csv}", "--actual", "truth", "--pred", "guess", "--ci", "psychic"], "invalid choice"),
    (["report", "{csv}", "--actual", "truth", "--pred", "guess", "--measures", "nonsense"], "unknown measure"),
    (["report", "{csv}", "--actual", "truth", "--pred", "guess", "--confidence-level", "2"], "confidence_level"),
    (["report", "{csv}", "--actual", "truth"], "required"),
    (["report", "{csv}", "--actual", "truth", "--pred", "guess", "--weights", "truth"], "weights must be numeric"),
    (["frobnicate"], "invalid choice"),
])
def test_bad_input_exits_2_with_one_line(run, tmp_path, monkeypatch, data, args, fragment):
    data.to_csv(tmp_path / "data.csv", index=False)
    (tmp_path / "data.json").write_text("{}")
    args = [a.format(csv=tmp_path / "data.csv", txt_bad=tmp_path / "data.json") for a in args]
    monkeypatch.chdir(tmp_path)
    result = run(*args)
    assert result.returncode == 2, (result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("pandas-agree: error:"), result.stderr
    assert fragment in lines[0]
    assert "Traceback" not in result.stderr


def test_spss_value_labels_keep_the_code_order(tmp_path):
    pyreadstat = pytest.importorskip("pyreadstat")
    path = tmp_path / "coded.sav"
    frame = pd.DataFrame({"a": [3.0, 1.0, 2.0, 1.0, 9.0], "b": [3.0, 1.0, 1.0, 2.0, 9.0]})
    labels = {1.0: "low", 2.0: "middle", 3.0: "high"}  # alphabetically: high, low, middle
    pyreadstat.write_sav(frame, str(path), variable_value_labels={"a": labels, "b": labels})
    data = cli.read_table(path)
    assert list(data["a"].cat.categories) == ["low", "middle", "high", 9.0]  # an unlabelled code stays, last
    table = data.agree("a", "b").table
    assert list(table.index) == ["low", "middle", "high", 9.0]


def test_missing_spss_reader_is_a_clear_message(tmp_path, monkeypatch):
    path = tmp_path / "data.sav"
    path.write_bytes(b"not really spss")
    monkeypatch.setitem(sys.modules, "pyreadstat", None)
    with pytest.raises(cli.UsageError, match=r"pip install 'pandas-agree\[spss\]'"):
        cli.read_table(path)


def test_main_returns_status(capsys):
    assert cli.main(["measures"]) == 0
    assert cli.main(["report", "nowhere.csv", "--actual", "a", "--pred", "b"]) == 2
    assert "no such file" in capsys.readouterr().err


def test_raters_command(run, tmp_path):
    import pandas_agree as pa

    wide = pa.datasets.load("diagnoses")
    path = tmp_path / "diagnoses.csv"
    wide.to_csv(path, index=False)
    columns = [f"rater{k}" for k in range(1, 7)]
    result = run("raters", path, "--columns", *columns, "--json", *FAST)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    fleiss = report["coefficients"]["index"].index("FLEISS")
    assert report["coefficients"]["data"][fleiss][0] == pytest.approx(0.430, abs=0.0005)
    long = wide.melt(id_vars="patient", var_name="rater", value_name="diagnosis")
    long_path = tmp_path / "long.tsv"
    long.to_csv(long_path, sep="\t", index=False)
    excel = tmp_path / "raters.xlsx"
    result = run("raters", long_path, "--long", "patient", "rater", "diagnosis", "--excel", excel, *FAST)
    assert result.returncode == 0, result.stderr
    assert "Fleiss' kappa (FLEISS)" in result.stdout and excel.exists()
    result = run("raters", path, *FAST)
    assert result.returncode == 2 and "either --columns" in result.stderr
    result = run("raters", path, "--columns", "rater1", "nobody", *FAST)
    assert result.returncode == 2 and "no column 'nobody'" in result.stderr


def test_compare_command(run, tmp_path):
    import pandas_agree as pa

    path = tmp_path / "wine.parquet"
    pytest.importorskip("pyarrow")
    pa.datasets.load("wine_predictions").astype(str).to_parquet(path)
    result = run("compare", path, "--actual", "cultivar", "--pred", "knn", "logistic", "--json", *FAST)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["differences"]["index"] == ["knn − logistic"]
    result = run("compare", path, "--actual", "cultivar", "--pred", "knn", *FAST)
    assert result.returncode == 2 and "two or more" in result.stderr


def test_installed_script_smoke(tmp_path, data):
    """The console script of the installed package, in its own process: reads a file, prints JSON, exits 0."""
    script = shutil.which("pandas-agree", path=str(Path(sys.executable).parent))
    command = [script] if script else [sys.executable, "-m", "pandas_agree.integrations.cli"]
    path = tmp_path / "data.csv"
    data.to_csv(path, index=False)
    result = subprocess.run([*command, "report", str(path), "--actual", "truth", "--pred", "guess", "--ci", "none",
                             "--json"], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["crosstab"]["data"][-1][-1] == 200
