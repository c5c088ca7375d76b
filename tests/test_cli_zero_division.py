"""``zero_division=`` of the agreement report and ``--zero-division`` of the report commands: every undefined (0/0)
class value takes the number given, as scikit-learn's ``zero_division`` does, and the averages count it."""

import json

import numpy as np
import pandas as pd
import pytest
from sklearn.metrics import precision_score, recall_score

import pandas_agree as pa
from pandas_agree.base.spelling import command_line_advice
from pandas_agree.integrations import cli

# class c is never predicted: its precision is 0/0
Y = ["a", "a", "b", "b", "c", "c", "a", "b"]
P = ["a", "a", "a", "b", "a", "b", "a", "b"]
OPTIONS = {"measures": ["PRE", "REC", "F1"], "classes": "union", "ci": None}
ARGS = ["--actual", "y", "--pred", "p", "--measures", "PRE", "REC", "F1", "--classes", "union", "--ci", "none"]


@pytest.fixture(scope="module")
def never_csv(tmp_path_factory):
    path = tmp_path_factory.mktemp("zero_division") / "never.csv"
    pd.DataFrame({"y": Y, "p": P}).to_csv(path, index=False)
    return path


def _main(capsys, *argv):
    status = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("zero_division", [0.0, 1.0])
def test_the_report_takes_zero_division_as_scikit_learn(zero_division):
    report = pd.DataFrame({"y": Y, "p": P}).agree.report("y", "p", zero_division=zero_division, **OPTIONS)
    labels = ["a", "b", "c"]
    np.testing.assert_allclose(report.binary["PRE"], precision_score(Y, P, labels=labels, average=None,
                                                                     zero_division=zero_division), rtol=1e-12)
    for code, score in (("PRE", precision_score), ("REC", recall_score)):
        assert report.averages.loc[code, "unweighted"] == pytest.approx(
            score(Y, P, labels=labels, average="macro", zero_division=zero_division), rel=1e-12)
    assert report.options["zero_division"] == zero_division
    assert not any("Undefined" in note for note in report.notes)


def test_the_report_with_zero_division_is_the_python_reports(never_csv, capsys):
    status, out, err = _main(capsys, "report", never_csv, *ARGS, "--zero-division", "0", "--json")
    assert status == 0, err
    with command_line_advice():  # its notes name the option as the command line writes it
        python = pd.read_csv(never_csv).agree.report("y", "p", zero_division=0, **OPTIONS)
    assert json.loads(out) == json.loads(python.to_json())
    status, out, err = _main(capsys, "report", never_csv, *ARGS, "--zero-division", "0")
    assert status == 0, err
    with command_line_advice():
        assert out == str(pd.read_csv(never_csv).agree.report("y", "p", zero_division=0, **OPTIONS)) + "\n"
    status, out, err = _main(capsys, "demo", "--measures", "PRE", "KAPPA", "--classes", "union", "--ci", "none",
                             "--zero-division", "1", "--json")
    assert status == 0, err
    with command_line_advice():
        demo = pa.datasets.load("wine_predictions").agree.report("cultivar", "knn", measures=["PRE", "KAPPA"],
                                                                classes="union", ci=None, zero_division=1)
    assert json.loads(out) == json.loads(demo.to_json())


def test_without_it_undefined_values_are_nan_and_the_note_names_the_option(never_csv, capsys):
    status, out, _ = _main(capsys, "report", never_csv, *ARGS, "--json")
    assert status == 0
    data = json.loads(out)
    assert data["options"]["zero_division"] is None  # NaN
    assert data["binary"]["data"][2][data["binary"]["columns"].index("PRE")] is None
    notes = " ".join(data["notes"])
    assert "--zero-division 0 counts them as 0, as scikit-learn's zero_division=0 does" in notes
    python = " ".join(pd.read_csv(never_csv).agree.report("y", "p", **OPTIONS).notes)
    assert "left out of the averages: PRE (class c); F1 (class c); zero_division=0 counts them as 0" in python
    status, _, _ = _main(capsys, "report", never_csv, *ARGS, "--zero-division", "nan")
    assert status == 0


@pytest.mark.parametrize("value", ["2", "-0.1", "x", "inf"])
def test_a_bad_zero_division_names_the_option_and_what_it_allows(never_csv, capsys, value):
    status, out, err = _main(capsys, "report", never_csv, *ARGS, "--zero-division", value)
    assert status == 2 and out == ""
    assert err == ("pandas-agree: error: argument --zero-division: must be a number from 0 to 1, or nan (the "
                   f"default); got {value!r}\n")
    with pytest.raises(ValueError, match=r"^zero_division must be np\.nan or a number from 0 to 1; got"):
        pd.read_csv(never_csv).agree.report("y", "p", zero_division=float(value) if value != "x" else 2)
