"""``--layer-labels COL VALUE ...`` orders the values of a layer column on the command line, as
``labels={"Dept": [...]}`` does in Python; repeated for several layer columns; a clear error for a column that is
not a layer column, a value the column does not hold, or a value left out."""

from __future__ import annotations

import json

import pytest

import pandas_agree  # noqa: F401  (registers the df.agree accessor)
from pandas_agree.integrations import cli

from ._r_datasets import TITANIC, UCB


@pytest.fixture
def ucb_file(tmp_path):
    path = tmp_path / "ucb.csv"
    UCB.to_csv(path, index=False)  # R: write.csv(as.data.frame(UCBAdmissions))
    return str(path)


def _crosstabs(capsys, path, *options) -> tuple[int, dict | None, str]:
    status = cli.main(["crosstabs", path, "--row", "Admit", "--col", "Gender", "--weights", "Freq", *options])
    out, err = capsys.readouterr()
    return status, (json.loads(out) if status == 0 and "--json" in options else None), " ".join(err.split())


def test_layer_values_come_in_the_order_given(ucb_file, capsys):
    status, printed, err = _crosstabs(capsys, ucb_file, "--layer", "Dept", "--layer-labels", "Dept", "F", "E", "D",
                                      "C", "B", "A", "--json", "--quiet")
    assert status == 0, err
    assert list(printed["layers"]) == ["F", "E", "D", "C", "B", "A"]
    # the same order as Python's labels= gives
    python = UCB.agree.crosstabs("Admit", "Gender", weights="Freq", layers="Dept", labels={"Dept": list("FEDCBA")})
    assert list(python.layers) == list("FEDCBA")
    # R: UCBAdmissions[, , "F"]: 22 men and 24 women admitted; its layer is printed first
    status = cli.main(["crosstabs", ucb_file, "--row", "Admit", "--col", "Gender", "--weights", "Freq", "--layer",
                       "Dept", "--layer-labels", "Dept", *"FEDCBA"])
    out = capsys.readouterr().out
    first = out.split("Crosstabulation", 1)[1].splitlines()[5].split()
    assert status == 0 and first == ["F", "Admit", "Admitted", "Count", "24", "22", "46"]


def test_repeated_for_several_layer_columns(tmp_path, capsys):
    path = tmp_path / "titanic.csv"
    TITANIC.to_csv(path, index=False)  # R: write.csv(as.data.frame(Titanic))
    status = cli.main(["crosstabs", str(path), "--row", "Class", "--col", "Survived", "--weights", "Freq",
                       "--layers", "Age", "Sex", "--layer-labels", "Age", "Child", "Adult", "--layer-labels", "Sex",
                       "Male", "Female", "--json", "--quiet"])
    out, err = capsys.readouterr()
    assert status == 0, err
    # R's level order: dimnames(Titanic)$Age is Child, Adult and $Sex is Male, Female (the data sort otherwise)
    assert list(json.loads(out)["layers"]) == ["Age = Child, Sex = Male", "Age = Child, Sex = Female",
                                               "Age = Adult, Sex = Male", "Age = Adult, Sex = Female"]


def test_integer_layer_codes_are_read_as_numbers(tmp_path, capsys):
    df = UCB.assign(Dept=UCB["Dept"].map({d: k for k, d in enumerate("ABCDEF", start=1)}))
    path = tmp_path / "codes.csv"
    df.to_csv(path, index=False)
    status, printed, err = _crosstabs(capsys, str(path), "--layer", "Dept", "--layer-labels", "Dept", "6", "5", "4",
                                      "3", "2", "1", "--json", "--quiet")
    assert status == 0, err
    assert list(printed["layers"]) == ["6", "5", "4", "3", "2", "1"]
    assert list(df.agree.crosstabs("Admit", "Gender", weights="Freq", layers="Dept",
                                   labels={"Dept": [6, 5, 4, 3, 2, 1]}).layers) == [6, 5, 4, 3, 2, 1]


@pytest.mark.parametrize(("options", "message"), [
    (["--layer-labels", "Gender", "Male", "Female"],
     "argument --layer-labels: 'Gender' is not a layer column; give a column of --layer ('Dept')"),
    (["--layer-labels", "Dept", *"FEDCBA", "G"],
     "argument --layer-labels: the layer column 'Dept' does not hold 'G'; its values are A, B, C, D, E, F"),
    (["--layer-labels", "Dept", *"FEDCB"],
     "argument --layer-labels: 'Dept' must list every observed value of the layer variable; not listed: ['A']"),
    (["--layer-labels", "Dept", *"FEDCBAA"],
     "argument --layer-labels: 'Dept' must list each value of the layer variable 'Dept' once"),
    (["--layer-labels", "Dept"], "argument --layer-labels: 'Dept' has no values"),
    (["--layer-labels", "Dept", *"FEDCBA", "--layer-labels", "Dept", *"ABCDEF"],
     "argument --layer-labels: 'Dept' is given twice"),
    (["--labels", "Admitted", "Rejected", "Male", "Female", "--layer-labels", "Dept", *"FEDCBA"],
     "argument --layer-labels: with --layer-labels give the categories of the row and the column variable with "
     "--row-labels/--col-labels"),
])
def test_bad_layer_labels_name_the_option(ucb_file, capsys, options, message):
    status, _, err = _crosstabs(capsys, ucb_file, "--layer", "Dept", *options)
    assert status == 2 and message in err, err


def test_with_the_side_options(ucb_file, capsys):
    status, printed, err = _crosstabs(capsys, ucb_file, "--layer", "Dept", "--layer-labels", "Dept", *"FEDCBA",
                                      "--row-labels", "Rejected", "Admitted", "--col-labels", "Male", "Female",
                                      "--json", "--quiet")
    assert status == 0, err
    assert list(printed["layers"]) == list("FEDCBA")


def test_help_names_the_option(capsys):
    with pytest.raises(SystemExit):
        cli.build_parser().parse_args(["crosstabs", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--layer-labels COL [VALUE ...]" in text and "e.g. --layer-labels Dept F E D C B A" in text
