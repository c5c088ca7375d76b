"""The command line's bad input: every output option of every command checked before the work (extension,
directory, missing directory, unwritable place, the input file itself), --sheet only where there are sheets,
compare's --reference, and measure names suggested in the command line's own options. Each ends with exit status
2 and one line that names the option, no traceback."""

import argparse
import os
import re
import shutil
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import pandas_agree as pa
from pandas_agree.integrations import cli

from .conftest import Result

FAST = ["--n-resamples", "50", "--random-state", "0"]


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("cli_errors")
    wine = pa.datasets.load("wine_predictions")
    raters = pa.datasets.load("anxiety")
    out = {"csv": folder / "wine.csv", "tsv": folder / "wine.tsv", "xlsx": folder / "wine.xlsx",
           "raters": folder / "raters.csv"}
    wine.to_csv(out["csv"], index=False)
    wine.to_csv(out["tsv"], sep="\t", index=False)
    wine.to_excel(out["xlsx"], index=False)
    raters.to_csv(out["raters"], index=False)
    out["scores"] = folder / "scores.csv"
    pd.DataFrame({"y": [0, 1] * 10, "s": np.linspace(0, 1, 20)}).to_csv(out["scores"], index=False)
    return out


def _commands(files) -> dict[str, list]:
    """Valid arguments of each command that writes a report."""
    return {"report": ["report", files["csv"], "--actual", "cultivar", "--pred", "knn", "--ci", "none"],
            "compare": ["compare", files["csv"], "--reference", "cultivar", "--pred", "knn", "logistic", "--ci",
                        "none"],
            "raters": ["raters", files["raters"], "--columns", "rater1", "rater2", "rater3", "--ci", "none"],
            "crosstabs": ["crosstabs", files["csv"], "--row", "cultivar", "--col", "knn"],
            "demo": ["demo", "--ci", "none"],
            "scores": ["scores", files["scores"], "--actual", "y", "--score", "s", "--ci", "none"]}


def _output_options() -> list[tuple[str, str]]:
    """(command, option) for every option of every command that names a file to write, from the parser."""
    parser = cli.build_parser()
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices
    found = [(command, action.option_strings[0]) for command, sub in subparsers.items() for action in sub._actions
             if action.dest in cli.OUTPUTS]
    assert {option for _, option in found} == {"--excel", "--html"}
    return found


OUTPUT_OPTIONS = _output_options()
EXTENSION = {"--excel": ".xlsx", "--html": ".html"}


def _one_line_naming(result: Result, option: str, *fragments: str) -> str:
    assert result.returncode == 2, result
    err = result.stderr.strip()
    assert "\n" not in err and "Traceback" not in err, err
    assert err.startswith(f"pandas-agree: error: argument {option}: "), err
    for fragment in fragments:
        assert fragment in err, err
    return err


def _unwritable(tmp_path: Path) -> Path:
    """A directory in which no file can be created: one without write permission, or for root (whom permissions
    do not stop) /proc, where no file can be made."""
    if os.geteuid() == 0:
        return Path("/proc")
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    return folder


@pytest.mark.parametrize(("command", "option"), OUTPUT_OPTIONS, ids=[f"{c}{o}" for c, o in OUTPUT_OPTIONS])
@pytest.mark.parametrize("problem", ["directory", "extension", "no parent", "parent is a file", "unwritable"])
def test_every_output_option_is_checked_before_the_work(run, files, tmp_path, command, option, problem):
    right = EXTENSION[option]
    target, expected = {
        "directory": (tmp_path / f"folder{right}", "is a directory"),
        "extension": (tmp_path / "out.csv", f"does not end in {right}"),
        "no parent": (tmp_path / "missing" / f"out{right}", "no such directory"),
        "parent is a file": (Path(files["csv"]) / f"out{right}", "is not a directory"),
        "unwritable": (_unwritable(tmp_path) / f"pandas_agree_out{right}", "cannot write"),
    }[problem]
    if problem == "directory":
        target.mkdir()
    result = run(*_commands(files)[command], option, target)
    _one_line_naming(result, option, expected)
    assert target.is_dir() if problem == "directory" else not target.exists()


def test_excel_to_a_csv_name_writes_nothing(run, files, tmp_path):
    # the case reported: `--excel out.csv` wrote a workbook's bytes into a .csv file
    target = tmp_path / "out.csv"
    err = _one_line_naming(run(*_commands(files)["report"], "--excel", target), "--excel")
    assert "--excel writes an Excel workbook; name the file out.xlsx" in err and not target.exists()
    err = _one_line_naming(run(*_commands(files)["report"], "--html", tmp_path / "out.txt"), "--html")
    assert "does not end in .html or .htm" in err


def test_excel_naming_a_directory_names_the_option(run, files, tmp_path):
    # the case reported: the error named neither --excel nor what was wrong ("[Errno 21] Is a directory")
    err = _one_line_naming(run(*_commands(files)["report"], "--excel", tmp_path), "--excel")
    assert "is a directory; give the name of a file to write, ending in .xlsx" in err


def test_the_right_extensions_in_any_case_write(run, files, tmp_path):
    excel, html, htm = tmp_path / "OUT.XLSX", tmp_path / "out.HTML", tmp_path / "out.htm"
    assert run(*_commands(files)["report"], "--excel", excel, "--html", html, "--quiet").returncode == 0
    assert run(*_commands(files)["report"], "--html", htm, "--quiet").returncode == 0
    assert excel.stat().st_size > 0 and html.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert htm.exists()


def test_an_existing_output_file_is_left_alone_until_written(run, files, tmp_path):
    # the writability probe opens an existing file without changing it; a failed run leaves it as it was
    target = tmp_path / "old.html"
    target.write_text("old page", encoding="utf-8")
    result = run("report", files["csv"], "--actual", "cultivar", "--pred", "nope", "--html", target)
    assert result.returncode == 2 and target.read_text(encoding="utf-8") == "old page"
    no_new = tmp_path / "new.html"
    run("report", files["csv"], "--actual", "cultivar", "--pred", "nope", "--html", no_new)
    assert not no_new.exists()  # the probe's file is removed again


def test_the_input_file_is_not_overwritten(run, files, tmp_path):
    book = tmp_path / "data.xlsx"
    shutil.copy(files["xlsx"], book)
    before = book.read_bytes()
    err = _one_line_naming(run("report", book, "--actual", "cultivar", "--pred", "knn", "--excel", book), "--excel")
    assert "is the input file" in err and book.read_bytes() == before


def test_a_failure_while_writing_names_the_option(run, files, tmp_path, monkeypatch):
    def full_disk(self, path):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(pa.AgreementReport, "to_excel", full_disk)
    err = _one_line_naming(run(*_commands(files)["report"], "--excel", tmp_path / "out.xlsx"), "--excel")
    assert "cannot write" in err and "No space left on device" in err


@pytest.mark.parametrize("kind", ["csv", "tsv"])
def test_sheet_is_an_error_without_sheets(run, files, kind):
    # the case reported: --sheet was ignored for CSV input
    result = run("report", files[kind], "--actual", "cultivar", "--pred", "knn", "--sheet", "Sheet1")
    _one_line_naming(result, "--sheet", "only Excel files (.xlsx, .xlsm) have sheets",
                     f"is a {kind.upper()} file")


def test_sheet_still_reads_a_workbook(run, files):
    assert run("report", files["xlsx"], "--actual", "cultivar", "--pred", "knn", "--sheet", "Sheet1", "--ci",
               "none").returncode == 0
    _one_line_naming(run("report", files["xlsx"], "--actual", "cultivar", "--pred", "knn", "--sheet", "nope"),
                     "--sheet", "no sheet 'nope'")


# --- compare's reference ----------------------------------------------------------------------------------------

def test_compare_takes_reference_as_python_does(run, files):
    # df.agree.compare(reference, predictions): --reference and --predictions, with --actual and --pred kept
    base = ["compare", files["csv"], "--ci", "none", "--json"]
    by_reference = run(*base, "--reference", "cultivar", "--predictions", "knn", "logistic")
    by_actual = run(*base, "--actual", "cultivar", "--pred", "knn", "logistic")
    assert by_reference.returncode == by_actual.returncode == 0, by_reference.stderr
    assert by_reference.stdout == by_actual.stdout
    assert "cultivar" in by_reference.stdout


def test_compare_help_lists_reference_and_actual(capsys):
    with pytest.raises(SystemExit):
        cli.build_parser().parse_args(["compare", "--help"])
    text = capsys.readouterr().out
    # Python 3.13's argparse writes the metavar once, after the last name
    assert re.search(r"--reference( COL)?, --actual COL", text)
    assert re.search(r"--pred( COL \[COL \.\.\.\])?, --predictions COL \[COL \.\.\.\]", text)


def test_compare_errors_name_both_spellings(run, files):
    _one_line_naming(run("compare", files["csv"], "--reference", "nope", "--pred", "knn", "logistic"),
                     "--reference/--actual", "no column 'nope'")
    missing = run("compare", files["csv"], "--pred", "knn", "logistic")
    assert missing.returncode == 2 and "required: --reference/--actual" in missing.stderr


@pytest.mark.parametrize(("predictions", "fragment"), [(["knn"], "two or more columns"),
                                                       (["knn", "knn"], "must not repeat a column")])
def test_compare_errors_about_the_predictions_name_the_option(run, files, predictions, fragment):
    # the library's message begins with its argument's name, predictions, which is no option of the command
    _one_line_naming(run("compare", files["csv"], "--reference", "cultivar", "--pred", *predictions),
                     "--pred/--predictions", fragment)


# --- measure names ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("name", "suggested"), [
    ("F2", "FBETA with --beta 2"), ("F0.5", "FBETA with --beta 0.5"), ("Tversky 0.5 0.5",
                                                                       "TVERSKY with --tversky 0.5 0.5"),
    ("QWK", "KAPPA_W with --kappa-weights quadratic"), ("sensitivty", "REC (sensitivity)"),
])
def test_unknown_measures_suggest_the_command_lines_options(run, files, name, suggested):
    # the case reported: --measures F2 suggested DIF2
    err = _one_line_naming(run(*_commands(files)["report"], "--measures", name), "--measures")
    assert f"unknown measure {name!r}; did you mean {suggested}? (pandas-agree measures lists them all)" in err
    assert "DIF2" not in err


def test_the_suggested_options_work(run, files):
    result = run(*_commands(files)["report"], "--measures", "FBETA", "TVERSKY", "--beta", "2", "--tversky", "0.5",
                 "0.5", "--json")
    assert result.returncode == 0, result.stderr
    data = pa.datasets.load("wine_predictions")
    expected = data.agree.binary("cultivar", "knn", measures=["FBETA"], beta=2)["FBETA"]
    assert f"{expected.iloc[0]:.6f}"[:6] in result.stdout


def test_a_command_without_the_parameter_does_not_suggest_it(run, files):
    # compare has no --beta: FBETA with --beta 2 would not work there
    err = _one_line_naming(run(*_commands(files)["compare"], "--measures", "F2"), "--measures")
    assert "--beta" not in err


def test_a_bad_beta_names_the_option(run, files):
    _one_line_naming(run(*_commands(files)["report"], "--measures", "FBETA", "--beta", "-1"), "--beta",
                     "argument --beta: must be None or a positive finite number")


def test_labels_give_the_order_and_values_meaning_missing_are_named(tmp_path):
    """--labels gives text categories their order (the scale of weighted kappa); a label column holding "NA" says
    that it is a label here and how to make it missing."""
    import json
    import subprocess
    import sys

    path = tmp_path / "o.csv"
    path.write_text("a,b\nlow,low\nmid,high\nhigh,high\nmid,mid\nNA,low\nlow,mid\nhigh,mid\n")

    def run(*args):
        return subprocess.run([sys.executable, "-m", "pandas_agree.integrations.cli", "report", str(path),
                               "--actual", "a", "--pred", "b", "--kappa-weights", "linear", "--ci", "none", "--json",
                               *args], capture_output=True, text=True)

    sorted_order = run()
    assert sorted_order.returncode == 0, sorted_order.stderr
    assert "give --missing NA to leave those rows out" in sorted_order.stderr
    said = " ".join((sorted_order.stdout + sorted_order.stderr).split())
    assert "Give the order with --labels" in said and "Categorical" not in said  # what the command line offers
    given = run("--labels", "low", "mid", "high", "--missing", "NA")
    assert given.returncode == 0, given.stderr
    assert "--missing" not in given.stderr and "order used" not in given.stderr + given.stdout
    def kappa_w(result):
        found = json.loads(result.stdout)["multiclass"]
        return dict(zip(found["index"], found["data"], strict=True))["KAPPA_W"][0]

    # with the scale low < mid < high the disagreements are of one step: they weigh less than in sorted order
    assert kappa_w(given) == pytest.approx(0.4) and kappa_w(run("--missing", "NA")) < 0.3
    missing = run("--labels", "low", "mid")
    assert missing.returncode == 2 and "argument --labels: must list every observed label" in missing.stderr


def test_cmh_without_a_layer_names_the_option_and_any_table_size(run, files):
    """The layered statistics take layers of any size (the generalized CMH beyond 2×2): the error says what is
    missing, a --layer, without saying the layers must be 2×2."""
    result = run("crosstabs", files["csv"], "--row", "cultivar", "--col", "knn", "--statistics", "cmh")
    _one_line_naming(result, "--statistics", "give the layer column with --layer COL")
    assert "2×2" not in result.stderr


@pytest.mark.parametrize(("layers", "fragment"), [
    (["--layer", "Admit"], "'Admit' is the row variable"),
    (["--layer", "Gender"], "'Gender' is the column variable"),
    (["--layer", "Dept", "--layer", "Dept"], "'Dept' is named more than once"),
    (["--layers", "Dept", "Dept"], "'Dept' is named more than once"),
])
def test_a_layer_column_equal_to_the_row_variable_or_repeated_names_layer(run, tmp_path, layers, fragment):
    # crosstabs(..., layers=...) refuses these in Python, naming layers=; the command line names its own option,
    # --layer, as its other errors do (R: write.csv(as.data.frame(UCBAdmissions)))
    from ._r_datasets import UCB

    path = tmp_path / "ucb.csv"
    UCB.to_csv(path, index=False)
    result = run("crosstabs", path, "--row", "Admit", "--col", "Gender", "--weights", "Freq", *layers)
    err = _one_line_naming(result, "--layer", fragment)
    assert "layers" not in err


@pytest.mark.parametrize("suffix", [".csv", ".xlsx"])
def test_a_column_name_the_header_repeats(run, tmp_path, suffix):
    # pandas reads the second of two columns named "a" as "a.1": --actual a would take the first without a word.
    # The name is an error naming the option; the other columns read as they are, and a column truly named "a.1"
    # beside "a" is no repetition.
    path = tmp_path / f"repeated{suffix}"
    frame = pd.DataFrame([[1, 2, 3], [2, 2, 1], [1, 1, 1]], columns=["a", "p", "a"])
    if suffix == ".csv":
        frame.to_csv(path, index=False)
    else:
        frame.to_excel(path, index=False)
    result = run("report", path, "--actual", "a", "--pred", "p")
    assert result.returncode == 2
    assert result.stderr.strip() == (f"pandas-agree: error: argument --actual: the column name 'a' is repeated in "
                                     f"{path}; it must name one column (rename the others)")
    assert run("report", path, "--actual", "p", "--pred", "p").returncode == 0
    dotted = tmp_path / "dotted.csv"
    pd.DataFrame({"a": [1, 2, 1], "a.1": [1, 2, 2]}).to_csv(dotted, index=False)
    assert run("report", dotted, "--actual", "a", "--pred", "a.1").returncode == 0
