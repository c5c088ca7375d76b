"""``--correction`` of the report commands: the Python report's ``correction=``, spelt and checked as the other
options are, with the same output as the Python call."""

import argparse
import json

import numpy as np
import pandas as pd
import pytest

from pandas_agree.base.spelling import command_line_advice
from pandas_agree.integrations import cli

# a 3 × 3 table whose first class is predicted without error: its 2×2 table has two zero cells
TABLE = [[50, 0, 0], [0, 49, 1], [0, 5, 45]]
LABELS = ["setosa", "versicolor", "virginica"]
# vcd: oddsratio(matrix(c(50, 0, 0, 100), 2), log = FALSE) -> 20301 (0.5 added to every cell, as any is zero);
# the other classes have no zero cell: 49 · 95 / (1 · 5) = 931 and 45 · 99 / (5 · 1) = 891
DOR_CORRECTED = [20301.0, 931.0, 891.0]


@pytest.fixture(scope="module")
def table_csv(tmp_path_factory):
    rows = [(LABELS[i], LABELS[j]) for i, row in enumerate(TABLE) for j, n in enumerate(row) for _ in range(n)]
    path = tmp_path_factory.mktemp("correction") / "rule.csv"
    pd.DataFrame(rows, columns=["Species", "rule"]).to_csv(path, index=False)
    return path


def _main(capsys, *argv):
    status = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out, err


ARGS = ["--actual", "Species", "--pred", "rule", "--measures", "DOR", "LRP", "KAPPA", "--ci", "none"]


def test_the_report_with_correction_is_the_python_reports(table_csv, capsys):
    with command_line_advice():  # its notes name the option as the command line writes it
        python = pd.read_csv(table_csv).agree.report("Species", "rule", measures=["DOR", "LRP", "KAPPA"], ci=None,
                                                     correction=0.5)
    np.testing.assert_allclose(python.binary["DOR"], DOR_CORRECTED, rtol=1e-12)
    status, out, err = _main(capsys, "report", table_csv, *ARGS, "--correction", "0.5", "--json")
    assert status == 0, err
    assert json.loads(out) == json.loads(python.to_json())
    assert json.loads(out)["options"]["correction"] == 0.5
    status, out, err = _main(capsys, "report", table_csv, *ARGS, "--correction", "0.5")
    assert status == 0, err
    with command_line_advice():  # the text as the command line words its advice (--excel, not Python calls)
        text = str(pd.read_csv(table_csv).agree.report("Species", "rule", measures=["DOR", "LRP", "KAPPA"], ci=None,
                                                       correction=0.5))
    assert out == text + "\n"
    status, out, _ = _main(capsys, "report", table_csv, *ARGS, "--json")  # without it: no correction
    data = json.loads(out)
    assert data["options"]["correction"] is None
    assert data["binary"]["data"][0][data["binary"]["columns"].index("DOR")] is None  # +inf: 50 · 100 / 0


def test_the_demo_takes_correction(capsys):
    import pandas_agree as pa

    python = pa.datasets.load("wine_predictions").agree.report("cultivar", "knn", measures=["DOR", "YULEQ"],
                                                                ci=None, correction=0.25)
    status, out, err = _main(capsys, "demo", "--measures", "DOR", "YULEQ", "--ci", "none", "--correction", "0.25",
                             "--json")
    assert status == 0, err
    assert json.loads(out) == json.loads(python.to_json())


@pytest.mark.parametrize("value", ["-1", "abc", "inf", "nan"])
def test_a_bad_correction_names_the_option_and_what_it_allows(table_csv, capsys, value):
    status, out, err = _main(capsys, "report", table_csv, *ARGS, "--correction", value)
    assert status == 2 and out == ""
    assert err == ("pandas-agree: error: argument --correction: must be a non-negative finite number such as 0.5 "
                   f"(leave --correction out for none); got {value!r}\n")


def test_a_correction_no_measure_uses_is_named_as_the_reader_gave_it(table_csv, capsys):
    status, out, err = _main(capsys, "report", table_csv, "--actual", "Species", "--pred", "rule", "--measures",
                             "F1", "--correction", "0.5")
    assert status == 2 and out == ""
    assert err.startswith("pandas-agree: error: --correction 0.5 is not used by the measures asked for (F1): it is "
                          "used by "), err
    assert err.rstrip().endswith("or leave --correction out") and "correction=" not in err, err
    with pytest.raises(ValueError, match=r"^correction=0.5 is not used by the measures asked for \(F1\).* or leave "
                                         r"correction out$"):
        pd.read_csv(table_csv).agree.report("Species", "rule", measures=["F1"], correction=0.5)


@pytest.mark.parametrize("command", ["report", "demo"])
def test_the_help_names_correction(command, capsys):
    with pytest.raises(SystemExit):
        cli.main([command, "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "--correction C Haldane-Anscombe correction of the odds-ratio family" in out


@pytest.mark.parametrize("command", ["compare", "raters", "scores", "crosstabs"])
def test_commands_whose_reports_take_no_correction_have_no_option(command):
    commands = next(a for a in cli.build_parser()._actions if isinstance(a, argparse._SubParsersAction)).choices
    assert not any("--correction" in a.option_strings for a in commands[command]._actions)
