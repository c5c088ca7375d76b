"""The command line: every input format, groups, every output, and bad input, through ``cli.main`` in this
process; one smoke test runs the installed ``pandas-agree`` script."""

import json
import shutil
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import openpyxl
import pandas as pd
import pytest

from pandas_agree.integrations import cli

FAST = ["--n-resamples", "100", "--random-state", "0"]


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
    # the summary counts weights (SPSS's WEIGHT BY): no row of rows excluded by weight
    assert "Frequency weights were used" in result.stdout and "Excluded by weight" not in result.stdout


def test_outputs(run, tmp_path, data):
    path = tmp_path / "data.csv"
    data.to_csv(path, index=False)
    excel, html = tmp_path / "out.xlsx", tmp_path / "out.html"
    result = run("report", path, "--actual", "truth", "--pred", "guess", "--excel", excel, "--html", html,
                 "--measures", "F1", "KAPPA", "--percentages", "row", "--kappa-weights", "linear", "--quiet", *FAST)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "" and result.stderr == ""  # --quiet is quiet
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
    (["report", "{csv}", "--actual", "truth", "--pred", "guess", "--confidence-level", "2"],
     "argument --confidence-level: must be a number strictly between 0 and 1"),
    (["report", "{csv}", "--actual", "truth"], "required"),
    (["report", "{csv}", "--actual", "truth", "--pred", "guess", "--weights", "truth"],
     "argument --weights: must be numeric"),
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
    assert list(data["a"].cat.categories) == ["low", "middle", "high", "9"]  # an unlabelled code, as SPSS shows it
    table = data.agree("a", "b").table
    assert list(table.index) == ["low", "middle", "high", "9"]


def test_missing_spss_reader_is_a_clear_message(tmp_path, monkeypatch):
    path = tmp_path / "data.sav"
    path.write_bytes(b"not really spss")
    monkeypatch.setitem(sys.modules, "pyreadstat", None)
    with pytest.raises(cli.UsageError, match=r"needs pyreadstat: pip install pyreadstat, or the project's spss extra"):
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


@pytest.mark.parametrize("suffix", [".xlsx", ".sav", ".parquet"])
def test_truncated_files_exit_2_with_one_line(run, tmp_path, data, suffix):
    whole = tmp_path / f"whole{suffix}"
    _write(data, whole)
    cut = tmp_path / f"cut{suffix}"
    content = whole.read_bytes()
    cut.write_bytes(content[: len(content) // 2])
    result = run("report", cut, "--actual", "truth", "--pred", "guess")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and result.stderr.startswith(f"pandas-agree: error: cannot read {cut}")


def test_huge_n_resamples_exits_2_before_any_work(run, tmp_path, data):
    data.to_csv(tmp_path / "data.csv", index=False)
    result = run("report", tmp_path / "data.csv", "--actual", "truth", "--pred", "guess", "--n-resamples", "10**9")
    assert result.returncode == 2 and "--n-resamples" in result.stderr
    result = run("demo", "--n-resamples", str(10**9))
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert "from 2 to 1,000,000; got 1000000000" in result.stderr


@pytest.fixture
def coded(tmp_path):
    """A CSV whose labels look like numbers or like missing values, with a weights column that has a gap."""
    frame = pd.DataFrame({"a": ["01", "1", "NA", "None", "null", "01", "1", "2"],
                          "p": ["01", "01", "NA", "null", "null", "1", "1", "2.0"],
                          "w": ["1", "2", "1", "1", "NA", "1", "1", "1"]})
    path = tmp_path / "coded.csv"
    frame.to_csv(path, index=False)
    return path


def _table(result) -> list:
    return json.loads(result.stdout)["crosstab"]["index"][:-1]  # without the margin


def test_label_columns_are_read_as_text(run, coded):
    result = run("report", coded, "--actual", "a", "--pred", "p", "--ci", "none", "--json")
    assert result.returncode == 0, result.stderr
    assert _table(result) == ["01", "1", "2", "NA", "None", "null"]  # "01" is not 1; "NA" is a label
    data = json.loads(result.stdout)
    assert data["summary"]["data"][1][0] == 0  # nothing missing
    weighted = run("report", coded, "--actual", "a", "--pred", "p", "--weights", "w", "--ci", "none", "--json")
    assert weighted.returncode == 0, weighted.stderr  # the weights stay numbers; their "NA" is a missing weight
    weighted = json.loads(weighted.stdout)
    assert weighted["summary"]["data"][1][0] == 0  # no case missing a label: the row of a missing weight is no case
    assert "1 row with a missing weight was left out." in weighted["notes"]


def test_missing_values_and_numeric_sides_are_options(run, coded):
    result = run("report", coded, "--actual", "a", "--pred", "p", "--ci", "none", "--json", "--missing", "NA", "null")
    assert _table(result) == ["01", "1", "2"]  # the rows with NA or null on either side are left out
    assert json.loads(result.stdout)["summary"]["data"][1][0] == 3
    numeric = run("report", coded, "--actual", "a", "--pred", "p", "--ci", "none", "--json",
                  "--missing", "NA", "None", "null", "--numeric", "a", "p")
    assert numeric.returncode == 0, numeric.stderr
    assert _table(numeric) == [1.0, 2.0]  # "01", "1" and "2.0" are the numbers they spell
    bad = run("report", coded, "--actual", "a", "--pred", "p", "--numeric", "a")
    assert bad.returncode == 2 and "argument --numeric: column 'a' is not numeric" in bad.stderr
    weights = run("report", coded, "--actual", "a", "--pred", "p", "--numeric", "w")
    assert weights.returncode == 2 and "argument --numeric: 'w' is not a label column" in weights.stderr
    raters = run("raters", coded, "--columns", "a", "p", "--ci", "none", "--json", "--missing", "NA", "null",
                 "None", "--numeric", "a", "p")
    assert raters.returncode == 0, raters.stderr


def test_labels_cannot_act_on_the_terminal(run, tmp_path):
    path = tmp_path / "escape.csv"
    pd.DataFrame({"a": ["\x1b[2J", "x\ny", "ok"] * 3, "p": ["ok", "x\ny", "\x1b[2J"] * 3}).to_csv(path, index=False)
    result = run("report", path, "--actual", "a", "--pred", "p", "--ci", "none")
    assert result.returncode == 0, result.stderr
    assert "\x1b" not in result.stdout and "\\x1b[2J" in result.stdout and "x\\ny" in result.stdout
    result = run("report", path, "--actual", "\x1b[2Jcolumn", "--pred", "p")
    assert result.returncode == 2 and "\x1b" not in result.stderr and "\\x1b[2Jcolumn" in result.stderr


def test_quiet_silences_warnings(run, tmp_path, data, monkeypatch):
    data.to_csv(tmp_path / "data.csv", index=False)
    read = cli.read_table

    def read_with_a_warning(*args, **kwargs):
        warnings.warn("something to know\nabout this file", UserWarning, stacklevel=1)
        return read(*args, **kwargs)

    monkeypatch.setattr(cli, "read_table", read_with_a_warning)
    args = ("report", tmp_path / "data.csv", "--actual", "truth", "--pred", "guess", "--ci", "none")
    loud = run(*args)
    assert loud.returncode == 0 and loud.stderr == "pandas-agree: warning: something to know about this file\n"
    quiet = run(*args, "--quiet")
    assert quiet.returncode == 0 and quiet.stderr == "" and "Crosstabulation" in quiet.stdout


def test_measures_fit_100_columns(run):
    result = run("measures")
    lines = result.stdout.splitlines()
    assert result.returncode == 0 and len(lines) > 66
    assert max(map(len, lines)) <= 100
    assert any(line.strip().startswith("formula: (a+d)/N") for line in lines)


def test_by_on_spss_keeps_the_code_order(run, tmp_path):
    pyreadstat = pytest.importorskip("pyreadstat")
    rng = np.random.default_rng(1)
    frame = pd.DataFrame({c: rng.integers(1, 3, 90).astype(float) for c in ("a", "b")})
    frame["site"] = np.repeat([1.0, 2.0, 3.0], 30)
    path = tmp_path / "sites.sav"
    yes_no = {1.0: "yes", 2.0: "no"}
    pyreadstat.write_sav(frame, str(path), variable_value_labels={
        "a": yes_no, "b": yes_no, "site": {1.0: "north", 2.0: "east", 3.0: "west"}})
    result = run("report", path, "--actual", "a", "--pred", "b", "--by", "site", "--ci", "none")
    groups = [line.split("=")[1].split()[0] for line in result.stdout.splitlines() if "Group: site" in line]
    assert groups == ["north", "east", "west"]


def test_installed_script_stops_quietly_when_the_output_closes():
    """``pandas-agree demo | head``: the reader goes away before the report is written; no traceback."""
    script = shutil.which("pandas-agree", path=str(Path(sys.executable).parent))
    command = [script] if script else [sys.executable, "-m", "pandas_agree.integrations.cli"]
    process = subprocess.Popen([*command, "demo", "--ci", "none"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdout.close()  # as head does after its lines, here before the first one
    stderr = process.stderr.read().decode()
    assert process.wait(timeout=300) == 141  # 128 + SIGPIPE, as a Unix tool stopped by a closed pipe
    assert stderr == ""


def test_one_number_spelled_two_ways_is_named_with_the_fix(tmp_path, capsys):
    """A file that writes an integer column as 0 and a column with missing values as 0.0: read as text these are
    different labels, and the warning says to give --numeric; with it, they agree."""
    path = tmp_path / "spelled.csv"
    path.write_text("a,b,c\n0,0.0,0\n1,1.0,1\n0,1.0,0\n1,,1\n")
    assert cli.main(["raters", str(path), "--columns", "a", "b", "c"]) == 0
    err = capsys.readouterr().err
    assert "spell one number in several ways ('0' and '0.0'; '1' and '1.0')" in err
    assert "give --numeric a b c to read them as numbers" in err
    assert cli.main(["raters", str(path), "--columns", "a", "b", "c", "--numeric", "a", "b", "c"]) == 0
    assert "spell one number" not in capsys.readouterr().err


def test_spss_ordinal_variables_are_ordered_in_code_order(tmp_path, run):
    """A .sav variable declared ordinal (or scale) is an ordered scale in its code order, as SPSS reads it: gamma and
    weighted kappa use that order without a LabelOrderWarning; a nominal one stays unordered, and the warning says
    that the order was read."""
    pyreadstat = pytest.importorskip("pyreadstat")
    path = tmp_path / "levels.sav"
    frame = pd.DataFrame({"a": [1.0, 2.0, 3.0, 1.0, 2.0, 3.0, 3.0, 1.0], "b": [1.0, 2.0, 3.0, 2.0, 2.0, 3.0, 1.0, 1.0],
                          "c": [1.0, 2.0, 3.0, 2.0, 2.0, 3.0, 1.0, 1.0]})
    labels = {1.0: "low", 2.0: "middle", 3.0: "high"}
    pyreadstat.write_sav(frame, str(path), variable_value_labels={"a": labels, "b": labels, "c": labels},
                         variable_measure={"a": "ordinal", "b": "scale", "c": "nominal"})
    data = cli.read_table(path)
    assert data["a"].cat.ordered and data["b"].cat.ordered and not data["c"].cat.ordered
    assert list(data["a"].cat.categories) == ["low", "middle", "high"] == list(data["c"].cat.categories)
    ordered = run("crosstabs", path, "--row", "a", "--col", "b", "--statistics", "gamma")
    assert ordered.returncode == 0 and "LabelOrderWarning" not in ordered.stderr
    nominal = run("crosstabs", path, "--row", "a", "--col", "c", "--statistics", "gamma")
    assert nominal.returncode == 0 and "carry no order of their own" in nominal.stderr
