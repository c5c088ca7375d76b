"""A report printed by the command line names the command line's options where its notes say how to see what a
table leaves out (--max-classes all, the sheets of --excel, --json), not Python calls; the same report from Python
names the calls. And a bad --max-classes or --random-state says what the option allows in its own words."""

import numpy as np
import pandas as pd
import pytest

from pandas_agree.integrations import cli


@pytest.fixture(scope="module")
def many(tmp_path_factory):
    rng = np.random.default_rng(0)
    labels = [f"c{i:02d}" for i in range(30)]
    a = rng.choice(labels, 3000)
    p = np.where(rng.random(3000) < 0.7, a, rng.choice(labels, 3000))
    path = tmp_path_factory.mktemp("data") / "many.csv"
    pd.DataFrame({"a": a, "p": p}).to_csv(path, index=False)
    return path


def test_notes_name_the_options(many, capsys):
    assert cli.main(["report", str(many), "--actual", "a", "--pred", "p", "--ci", "none", "--quiet"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "--max-classes all prints it" in text and "more than --max-classes 20" in text
    assert 'the "Class measures" sheet of --excel and "binary" in --json' in text
    assert 'the "Confusions" sheet of --excel lists them all' in text
    assert "max_classes=None" not in text and "to_dict()" not in text and "Agreement.confusions" not in text


def test_the_same_report_from_python_names_the_calls(many):
    frame = pd.read_csv(many)
    text = " ".join(str(frame.agree.report("a", "p", ci=None)).split())
    assert "report(max_classes=None) prints it" in text and "more than max_classes = 20" in text
    assert "Agreement.confusions(top=None) lists them all" in text and "--max-classes" not in text


@pytest.mark.parametrize(("option", "value", "allowed"), [("--max-classes", "0", "'all' or an integer >= 1"),
                                                          ("--random-state", "abc", "an integer >= 0 or 'fresh'")])
def test_bad_values_say_what_the_option_allows(many, capsys, option, value, allowed):
    assert cli.main(["report", str(many), "--actual", "a", "--pred", "p", option, value]) == 2
    err = capsys.readouterr().err
    assert f"argument {option}:" in err and allowed in err and "None" not in err and "numpy" not in err


def test_positive_on_many_labels_names_the_option(many, capsys):
    """--positive on more than two labels says to leave the option out, not to call binary() or pass classes=."""
    assert cli.main(["report", str(many), "--actual", "a", "--pred", "p", "--positive", "c01"]) == 2
    err = capsys.readouterr().err
    assert "argument --positive: is for two-class problems; this table has 30 labels" in err
    assert "leave --positive out" in err and "binary()" not in err and "classes=" not in err
    frame = pd.read_csv(many)
    with pytest.raises(ValueError, match=r"positive= is for two-class problems.*use binary\(\) for every class"):
        frame.agree.binary("a", "p", positive="c01")


@pytest.mark.parametrize(("option", "listed"), [("--row-labels", "c00"), ("--col-labels", "c00")])
def test_side_labels_name_their_option(many, capsys, option, listed):
    """A side's labels that miss an observed label: the error names --row-labels or --col-labels, not the
    labels={column: [...]} of a Python call."""
    assert cli.main(["crosstabs", str(many), "--row", "a", "--col", "p", option, listed]) == 2
    err = capsys.readouterr().err
    assert f"argument {option}: must list every observed label; not listed:" in err and "labels[" not in err
    frame = pd.read_csv(many)
    with pytest.raises(ValueError, match=r"labels\['a'\] must list every observed label"):
        frame.agree.crosstabs("a", "p", labels={"a": ["c00"]})
