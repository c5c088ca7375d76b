"""The command line's label order: a LabelOrderWarning there advises the options the command line offers (--labels,
--row-labels, --col-labels), not an ordered pandas Categorical, which a command-line user cannot give; and the two
variables of ``crosstabs`` are read each on its own, with --labels too."""

import json
import warnings

import pandas as pd
import pytest

import pandas_agree as pa
from pandas_agree.integrations import cli

TEXT = pd.DataFrame({"a": ["low", "mid", "high", "mid", "low", "high"], "b": ["low", "high", "high", "mid", "mid",
                                                                            "low"]})


@pytest.fixture
def text_file(tmp_path):
    path = tmp_path / "ratings.csv"
    TEXT.to_csv(path, index=False)
    return str(path)


def _run(capsys, *argv) -> tuple[str, str]:
    status = cli.main([str(x) for x in argv])
    out, err = capsys.readouterr()
    assert status == 0, err
    return out, err


def _one_line(text: str) -> str:
    return " ".join(text.split())


def test_the_report_command_advises_labels_not_a_categorical(text_file, capsys):
    out, _ = _run(capsys, "report", text_file, "--actual", "a", "--pred", "b", "--measures", "KAPPA_W",
                  "--kappa-weights", "linear", "--ci", "none")
    text = _one_line(out)
    assert "read the labels as an ordered scale" in text
    assert "Give the order with --labels, the categories in their order (e.g. --labels low mid high" in text
    assert "Categorical" not in text and "labels=[" not in text


def test_the_crosstabs_command_advises_the_side_options(text_file, capsys):
    _, err = _run(capsys, "crosstabs", text_file, "--row", "a", "--col", "b", "--statistics", "gamma")
    warning = next(line for line in err.splitlines() if "ordered scale" in line)
    assert "Give the order with --row-labels/--col-labels, the categories in their order" in warning
    assert "Categorical" not in warning and "labels={" not in warning


def test_the_raters_command_advises_labels(text_file, capsys):
    out, err = _run(capsys, "raters", text_file, "--columns", "a", "b", "--kappa-weights", "linear", "--ci", "none")
    text = _one_line(out + err)
    assert "Give the order with --labels" in text and "Categorical" not in text


def test_python_callers_keep_the_python_advice_after_the_command_line_ran(text_file, capsys):
    _run(capsys, "report", text_file, "--actual", "a", "--pred", "b", "--measures", "KAPPA_W", "--kappa-weights",
         "linear", "--ci", "none")
    with pytest.warns(pa.LabelOrderWarning) as caught:
        TEXT.agree("a", "b").multiclass(["KAPPA_W"])
    message = str(caught[0].message)
    assert "labels=[...] (--labels on the command line) or an ordered pandas Categorical" in message
    with pytest.warns(pa.LabelOrderWarning) as caught:
        pa.crosstabs(TEXT, "a", "b").measures(["GAMMA"])
    message = str(caught[0].message)
    assert "labels={'a': [...], 'b': [...]} (--row-labels/--col-labels on the command line)" in message
    assert "ordered pandas Categorical" in message


def test_labels_as_given_silence_the_warning_on_the_command_line(text_file, capsys):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        _, err = _run(capsys, "crosstabs", text_file, "--row", "a", "--col", "b", "--statistics", "gamma",
                      "--labels", "low", "mid", "high")
    assert "ordered scale" not in err


# --- crosstabs: each variable read on its own ----------------------------------------------------------------------

@pytest.fixture
def mixed_file(tmp_path):
    path = tmp_path / "mixed.csv"
    pd.DataFrame({"grade": ["1", "2", "3", "1", "2", "3", "10"],
                  "level": ["low", "high", "mid", "mid", "low", "high", "low"]}).to_csv(path, index=False)
    return str(path)


def _crosstab(capsys, *argv) -> dict:
    out, _ = _run(capsys, *argv, "--json")
    return json.loads(out)["crosstab"]


def test_crosstabs_with_labels_reads_integer_codes_as_numbers_and_text_as_text(mixed_file, capsys):
    ct = _crosstab(capsys, "crosstabs", mixed_file, "--row", "grade", "--col", "level", "--labels", "1", "2", "3",
                   "10", "low", "mid", "high")
    assert [row for row, _ in ct["index"]] == [1, 2, 3, 10, "Total"]  # integers, in numeric order: not "1" < "10"
    assert ct["columns"] == ["low", "mid", "high", "Total"]  # the text variable in the order listed
    assert ct["data"][-1] == [3.0, 2.0, 2.0, 7.0]
    # the list in any order: each variable takes its own labels in the order given
    ct = _crosstab(capsys, "crosstabs", mixed_file, "--row", "level", "--col", "grade", "--labels", "high", "mid",
                   "low", "10", "3", "2", "1")
    assert [row for row, _ in ct["index"]] == ["high", "mid", "low", "Total"]
    assert ct["columns"] == [10, 3, 2, 1, "Total"]


def test_a_text_variable_keeps_its_own_number_like_labels(tmp_path, capsys):
    path = tmp_path / "shared.csv"  # the same 1-3 scale, one column with a category of text as well
    pd.DataFrame({"before": ["1", "2", "3", "2", "1"], "after": ["1", "2", "3", "unknown", "3"]}).to_csv(
        path, index=False)
    ct = _crosstab(capsys, "crosstabs", path, "--row", "before", "--col", "after", "--labels", "1", "2", "3",
                   "unknown")
    assert [row for row, _ in ct["index"]] == [1, 2, 3, "Total"]
    assert ct["columns"] == ["1", "2", "3", "unknown", "Total"]


def test_a_label_left_out_of_labels_is_an_error_naming_labels(mixed_file, capsys):
    status = cli.main(["crosstabs", mixed_file, "--row", "grade", "--col", "level", "--labels", "1", "2", "3", "low",
                       "mid", "high"])
    err = capsys.readouterr().err
    assert status == 2 and "argument --labels" in err and "10" in err


def test_an_agreement_reads_its_two_columns_together(tmp_path, capsys):
    path = tmp_path / "pair.csv"  # integer codes against text: one comparison, so both stay text (kept)
    pd.DataFrame({"a": ["1", "2", "10", "2"], "b": ["1", "2", "x", "2"]}).to_csv(path, index=False)
    out, _ = _run(capsys, "report", path, "--actual", "a", "--pred", "b", "--ci", "none", "--json")
    assert json.loads(out)["crosstab"]["index"][:3] == ["1", "10", "2"]
