"""The command line's reading of integer codes: label columns of a CSV, TSV or Excel file that hold only integers
written plainly are read as integers, in numeric order; SPSS codes without a value label are shown as SPSS shows
them; the help of --measures; and the README's excerpt of the demo report, which must be what the demo prints."""

import json
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from pandas_agree.integrations import cli

README = Path(__file__).resolve().parents[1] / "README.md"


def _codes(n: int = 500) -> pd.DataFrame:
    """Ordinal codes 1-12 on two sides that mostly differ by at most two steps."""
    rng = np.random.default_rng(0)
    a = rng.integers(1, 13, n)
    b = np.clip(a + rng.integers(-2, 3, n), 1, 12)
    return pd.DataFrame({"a": a, "b": b})


def _main_json(capsys, *argv) -> dict:
    status = cli.main([str(x) for x in argv] + ["--json"])
    out, err = capsys.readouterr()
    assert status == 0, err
    return json.loads(out)


def _linear_kappa(a: np.ndarray, b: np.ndarray) -> float:
    """sklearn.metrics.cohen_kappa_score(a, b, weights="linear"), written out (Cohen 1968): 1 - Σ w·O / Σ w·E with
    the disagreement weights |i - j| on the codes' ranks."""
    labels = np.union1d(a, b)
    i, j = np.searchsorted(labels, a), np.searchsorted(labels, b)
    k = len(labels)
    observed = np.zeros((k, k))
    np.add.at(observed, (i, j), 1)
    expected = np.outer(observed.sum(1), observed.sum(0)) / observed.sum()
    weights = np.abs(np.subtract.outer(np.arange(k), np.arange(k)))
    return 1 - (weights * observed).sum() / (weights * expected).sum()


def _gamma(a: np.ndarray, b: np.ndarray) -> float:
    """Goodman and Kruskal's gamma from every pair of rows: (C - D) / (C + D)."""
    s = np.sign(np.subtract.outer(a, a)) * np.sign(np.subtract.outer(b, b))
    concordant, discordant = (s > 0).sum() / 2, (s < 0).sum() / 2
    return (concordant - discordant) / (concordant + discordant)


@pytest.mark.parametrize("suffix", [".csv", ".tsv", ".xlsx"])
def test_integer_codes_are_read_in_numeric_order(tmp_path, capsys, suffix):
    frame = _codes()
    path = tmp_path / f"ord12{suffix}"
    if suffix == ".xlsx":
        frame.to_excel(path, index=False)
    else:
        frame.to_csv(path, sep="," if suffix == ".csv" else "\t", index=False)
    report = _main_json(capsys, "report", path, "--actual", "a", "--pred", "b", "--measures", "KAPPA_W",
                        "--kappa-weights", "linear", "--ci", "none")
    assert report["crosstab"]["index"] == [*range(1, 13), "Total"]
    (value, _), = report["multiclass"]["data"]
    # sklearn.metrics.cohen_kappa_score(a, b, weights="linear") = 0.7467330026982488 (scikit-learn 1.9.1)
    assert value == pytest.approx(0.7467330026982488, rel=1e-12)
    assert value == pytest.approx(_linear_kappa(frame["a"].to_numpy(), frame["b"].to_numpy()), rel=1e-12)
    # no note that the labels were read as text in the order '1' < '10' < ...
    assert not any("ordered scale" in note for note in report["notes"])
    crosstab = _main_json(capsys, "crosstabs", path, "--row", "a", "--col", "b", "--statistics", "gamma")
    assert crosstab["crosstab"]["columns"] == [*range(1, 13), "Total"]
    gamma = crosstab["statistics"]["Symmetric Measures"]["data"][0][1]
    assert gamma == pytest.approx(_gamma(frame["a"].to_numpy(), frame["b"].to_numpy()), rel=1e-12)


def test_integer_codes_with_empty_cells(tmp_path, capsys):
    """Missing cells stay missing (pandas' nullable Int64); the report, the crosstabs and --labels work with them."""
    frame = _codes().astype(object)
    frame.loc[[3, 7], "a"] = None
    frame.loc[[5, 7], "b"] = None
    path = tmp_path / "gaps.csv"
    frame.to_csv(path, index=False)
    assert ".0" not in path.read_text() and ",\n" in path.read_text()  # integers written plainly, empty cells
    args = ["report", path, "--actual", "a", "--pred", "b", "--measures", "KAPPA_W", "--kappa-weights", "linear",
            "--ci", "none"]
    complete = frame.dropna().astype(int)
    expected = _linear_kappa(complete["a"].to_numpy(), complete["b"].to_numpy())
    for extra in ([], ["--labels", *map(str, range(1, 13))]):
        report = _main_json(capsys, *args, *extra)
        assert [n for n, _ in report["summary"]["data"]] == [497.0, 3.0, 500.0]
        assert report["crosstab"]["index"] == [*range(1, 13), "Total"]
        assert report["multiclass"]["data"][0][0] == pytest.approx(expected, rel=1e-12)
    crosstab = _main_json(capsys, "crosstabs", path, "--row", "a", "--col", "b", "--row-labels",
                          *map(str, range(1, 14)))
    assert [row for row, _ in crosstab["crosstab"]["index"]] == [*range(1, 14), "Total"]  # 13: an empty row
    assert crosstab["summary"]["data"][1][0] == 3.0


def test_canonical_integers_only():
    yes = ["0", "7", "-3", "12", "9223372036854775807", "-9223372036854775808"]
    no = ["01", "+3", "3.0", "1e3", "-0", " 1", "1 ", "9223372036854775808", "-9223372036854775809", "x", "1_000"]
    assert cli._integer_codes(pd.Series(yes, dtype=object))
    for text in no:
        assert not cli._integer_codes(pd.Series(["1", text], dtype=object)), text
    assert not cli._integer_codes(pd.Series([None, None], dtype=object))  # nothing to read: stays as it is


def test_padded_and_mixed_codes_stay_text(tmp_path, capsys):
    """Regression guard (the old code read these as text too): zero-padded codes, and a column of integers beside
    one that also holds a word, stay text, so that "1" on one side still meets "1" on the other."""
    path = tmp_path / "mixed.csv"
    pd.DataFrame({"pad": ["01", "02", "10", "02"], "ints": ["1", "2", "10", "2"],
                  "words": ["1", "2", "x", "2"]}).to_csv(path, index=False)
    report = _main_json(capsys, "report", path, "--actual", "ints", "--pred", "words", "--ci", "none")
    assert report["crosstab"]["index"] == ["1", "10", "2", "Total"]
    assert report["crosstab"]["data"][0][0] == 1.0  # "1" meets "1"
    report = _main_json(capsys, "report", path, "--actual", "pad", "--pred", "pad", "--ci", "none")
    assert report["crosstab"]["index"] == ["01", "02", "10", "Total"]
    # --numeric still reads padded codes as numbers
    report = _main_json(capsys, "report", path, "--actual", "pad", "--pred", "ints", "--numeric", "pad", "ints",
                        "--ci", "none")
    assert report["crosstab"]["index"] == [1, 2, 10, "Total"]


def test_numeric_column_with_empty_cells_prints_whole_numbers(tmp_path, capsys):
    """--numeric reads a column with an empty cell as whole numbers, as the column beside it without one: its
    labels print as 1 and 2 on both sides, not 1.0 against 1. R reads the file the same way:
    read.csv(text = "truth,guess\\n1,1\\n2,2\\n,1\\n1,2\\n2,2\\n1,1\\n") has truth int 1 2 NA 1 2 1, and
    table(d) is [[2, 1], [0, 2]]."""
    path = tmp_path / "gap.csv"
    path.write_text("truth,guess\n1,1\n2,2\n,1\n1,2\n2,2\n1.0,1\n")  # 1.0 is the number 1 under --numeric
    args = ["report", path, "--actual", "truth", "--pred", "guess", "--numeric", "truth", "guess", "--ci", "none"]
    report = _main_json(capsys, *args)
    index = report["crosstab"]["index"]
    assert index == [1, 2, "Total"] and all(type(label) is int for label in index[:2])  # 1, not 1.0
    assert [row[:2] for row in report["crosstab"]["data"][:2]] == [[2, 1], [0, 2]]  # R's table(d)
    assert cli.main([str(x) for x in args] + ["--quiet"]) == 0
    out = capsys.readouterr().out
    rows = out.split("Crosstabulation")[1].split("Matching cells")[0].splitlines()
    assert [r.split()[0] for r in rows if r[:1].isdigit()] == ["1", "2"]  # the crosstab's rows, not 1.0 and 2.0
    # numbers that are not all whole stay numbers as they are
    path.write_text("truth,guess\n1.5,1.5\n2,2\n,2\n")
    report = _main_json(capsys, *args)
    assert report["crosstab"]["index"] == [1.5, 2.0, "Total"]


@pytest.mark.parametrize("gap", [False, True])
def test_positive_names_an_integer_code(tmp_path, capsys, gap):
    """--positive 1 on integer codes (read as numbers) is the code 1, with or without an empty cell and --numeric.
    sklearn.metrics.recall_score([1, 2, 1, 2, 1, 1, 2, 1], [1, 2, 2, 2, 1, 1, 1, 2], pos_label=1) = 0.6 and
    precision_score(...) = 0.75 (scikit-learn 1.9.1); the empty cell's row is left out."""
    rows = ["1,1", "2,2", "1,2", "2,2", "1,1", "1,1", "2,1", "1,2"] + ([",1"] if gap else [])
    path = tmp_path / "codes.csv"
    path.write_text("truth,guess\n" + "\n".join(rows) + "\n")
    for extra in ([], ["--numeric", "truth", "guess"]):
        report = _main_json(capsys, "report", path, "--actual", "truth", "--pred", "guess", "--positive", "1",
                            "--measures", "REC", "PRE", "--ci", "none", *extra)
        assert report["binary"]["index"] == [1]
        assert report["binary"]["data"][0] == pytest.approx([0.6, 0.75], rel=1e-12)
    status = cli.main([str(x) for x in ("report", path, "--actual", "truth", "--pred", "guess", "--positive", "yes")])
    assert status == 2
    assert "argument --positive: the label columns hold numbers; 'yes' is not one" in capsys.readouterr().err


def test_crosstabs_reads_each_variable_on_its_own(tmp_path, capsys):
    path = tmp_path / "income.csv"
    pd.DataFrame({"income": ["1", "2", "10", "11", "2", "1"], "sex": ["f", "m", "f", "m", "f", "m"]}).to_csv(
        path, index=False)
    crosstab = _main_json(capsys, "crosstabs", path, "--row", "income", "--col", "sex")
    assert [row for row, _ in crosstab["crosstab"]["index"]] == [1, 2, 10, 11, "Total"]
    assert crosstab["crosstab"]["columns"] == ["f", "m", "Total"]
    # --labels, one list for both variables, reads them each on its own too: each takes the labels it can hold
    crosstab = _main_json(capsys, "crosstabs", path, "--row", "income", "--col", "sex", "--labels", "1", "2", "10",
                          "11", "f", "m")
    assert [row for row, _ in crosstab["crosstab"]["index"]] == [1, 2, 10, 11, "Total"]
    assert crosstab["crosstab"]["columns"] == ["f", "m", "Total"]


def test_spss_code_without_value_label_is_an_integer(tmp_path, capsys):
    pyreadstat = pytest.importorskip("pyreadstat")
    path = tmp_path / "codes.sav"
    frame = pd.DataFrame({"r1": [1.0, 2, 3, 4, 1, 2, 9, 3], "r2": [1.0, 2, 3, 4, 2, 2, 3, 9]})
    labels = {1.0: "low", 2.0: "mid", 3.0: "high"}
    pyreadstat.write_sav(frame, str(path), variable_value_labels={"r1": labels, "r2": labels},
                         missing_ranges={"r1": [9], "r2": [9]})  # 9: user-missing
    status = cli.main(["report", str(path), "--actual", "r1", "--pred", "r2", "--ci", "none"])
    out, err = capsys.readouterr()
    assert status == 0, err
    assert not re.search(r"(?<![\d.])4\.0(?![\d])", out)
    assert re.search(r"^r1\s+low\s+mid\s+high\s+4\s+Total$", out, re.M)  # the codes' order, 4 last
    assert re.search(r"^4\s+0\s+0\s+0\s+\[1\]\s+1$", out, re.M), out
    report = _main_json(capsys, "report", path, "--actual", "r1", "--pred", "r2", "--ci", "none", "--labels", "low",
                        "mid", "high", "4")
    assert report["crosstab"]["index"] == ["low", "mid", "high", "4", "Total"]
    assert report["summary"]["data"][1][0] == 2.0  # the two rows with the user-missing 9


def test_measures_help_says_what_it_shows():
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if a.dest == "command").choices
    for command in ("report", "demo"):
        text = " ".join(sub[command].format_help().split())
        assert "a kind not named keeps its default set" in text
        assert "--measures KAPPA REC PRE" in text
    numeric = " ".join(sub["report"].format_help().split())
    assert "read as integers, in numeric order" in numeric


def test_readme_demo_excerpt_is_what_the_demo_prints(capsys):
    """Every line of the README's excerpt of the demo report (after "an excerpt:") is a line of
    `pandas-agree demo`'s output, spaces aside."""
    text = README.read_text(encoding="utf-8")
    block = re.search(r"an excerpt:\s*```\n(.*?)```", text, re.S)
    assert block, "the README's excerpt of the demo report is gone"
    excerpt = [" ".join(line.split()) for line in block.group(1).splitlines()]
    excerpt = [line for line in excerpt if line and line != "..."]
    assert len(excerpt) > 10
    assert cli.main(["demo"]) == 0
    printed = {" ".join(line.split()) for line in capsys.readouterr().out.splitlines()}
    missing = [line for line in excerpt if line not in printed]
    assert not missing, f"README.md shows lines the demo does not print: {missing}"
