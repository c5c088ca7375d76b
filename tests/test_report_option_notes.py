"""The text and HTML reports say what correction= and zero_division= did, as the reader writes the option."""

import html
import warnings

import pandas as pd
import pytest

import pandas_agree  # noqa: F401
from pandas_agree.base.spelling import command_line_advice
from pandas_agree.integrations import cli

LABELS = ["setosa", "versicolor", "virginica"]
TABLE = [[50, 0, 0], [0, 50, 0], [0, 50, 0]]  # virginica never predicted and never correct
MEASURES = ["PRE", "DOR", "LNDOR", "YULEQ", "YULEY", "DP"]
ZERO = "PRE of virginica is 0/0 and shown as {z}, and the averages count it so ({option})."
CORRECTION = ("0.5 is added to each of the four cells of a class's 2×2 table with a zero cell (setosa, versicolor, "
              "virginica) before DOR, LNDOR, YULEQ, YULEY and DP are computed, in the class-specific values and their "
              "averages ({option}); the other measures read the counts as they are.")


def _frame() -> pd.DataFrame:
    rows = [(LABELS[i], LABELS[j]) for i in range(3) for j in range(3) for _ in range(TABLE[i][j])]
    return pd.DataFrame(rows, columns=["Species", "pred2"])


def _report(**options):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return _frame().agree.report("Species", "pred2", classes="union", measures=MEASURES, ci=None, **options)


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("z", [0, 1])
def test_zero_division_is_noted_in_text_and_html(z):
    report = _report(zero_division=z)
    note = ZERO.format(z=z, option=f"zero_division={z}")
    assert note in report.notes
    assert note in _flat(str(report))
    assert html.escape(note) in _flat(report.to_html(plots=False))
    assert not any("0/0 and shown" in n for n in _report().notes)  # without it: no such note


def test_correction_is_noted_in_text_and_html():
    report = _report(correction=0.5)
    note = CORRECTION.format(option="correction=0.5")
    assert note in report.notes
    assert note in _flat(str(report))
    assert html.escape(note) in _flat(report.to_html(plots=False))
    # no note where no class's table has a zero cell
    full = pd.DataFrame({"Species": ["a"] * 3 + ["b"] * 3, "pred2": ["a", "a", "b", "b", "b", "a"]})
    assert not any("is added to each" in n for n in full.agree.report("Species", "pred2", measures=["DOR"], ci=None,
                                                                       correction=0.5).notes)


def test_the_notes_name_the_command_line_options(tmp_path, capsys):
    path = tmp_path / "iris.csv"
    _frame().to_csv(path, index=False)
    status = cli.main(["report", str(path), "--actual", "Species", "--pred", "pred2", "--classes", "union",
                       "--measures", *MEASURES, "--ci", "none", "--zero-division", "1", "--correction", "0.5"])
    out = _flat(capsys.readouterr().out)
    assert status == 0
    assert ZERO.format(z=1, option="--zero-division 1") in out
    assert CORRECTION.format(option="--correction 0.5") in out
    with command_line_advice():
        report = _report(zero_division=1, correction=0.5)
    assert html.escape(ZERO.format(z=1, option="--zero-division 1")) in _flat(report.to_html(plots=False))
    assert html.escape(CORRECTION.format(option="--correction 0.5")) in _flat(report.to_html(plots=False))
