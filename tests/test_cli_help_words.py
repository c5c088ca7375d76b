"""The command line's own words: a missing command names the commands there are, every option has a help text,
and an option the library rejects for lack of another is named by the command line's option, not the Python
argument."""

import argparse

import pytest

import pandas_agree as pa
from pandas_agree.integrations import cli


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    found = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return found[0].choices if found else {}


def _every_parser(parser, path=("pandas-agree",)):
    yield " ".join(path), parser
    for name, sub in _subparsers(parser).items():
        yield from _every_parser(sub, (*path, name))


def test_no_command_names_the_commands(run):
    result = run()
    assert result.returncode == 2 and result.stdout == ""
    err = result.stderr.strip()
    assert "\n" not in err and err.startswith("pandas-agree: error: ")
    for command in ("report", "crosstabs", "raters", "compare", "scores", "demo", "measures", "plan"):
        assert command in err, err
    assert "pandas-agree --help" in err
    assert "required: command" not in err  # the parser's internal name of the argument


def test_plan_without_a_kind_names_the_kinds(run):
    result = run("plan")
    assert result.returncode == 2 and result.stdout == ""
    err = result.stderr.strip()
    assert "\n" not in err and err.startswith("pandas-agree: error: ")
    for kind in ("kappa", "raters", "kappa-interval", "ac1", "sensitivity", "specificity", "paired"):
        assert kind in err, err
    assert "pandas-agree plan --help" in err
    assert "required: plan" not in err


def test_every_option_has_a_help_text():
    undocumented = [f"{where} {action.option_strings[0]}" for where, parser in _every_parser(cli.build_parser())
                    for action in parser._actions
                    if action.option_strings and action.help is None]
    assert undocumented == []


@pytest.fixture(scope="module")
def wine_csv(tmp_path_factory):
    path = tmp_path_factory.mktemp("help_words") / "wine.csv"
    pa.datasets.load("wine_predictions").to_csv(path, index=False)
    return path


def test_cmh_in_a_report_without_groups_names_by(run, wine_csv):
    """The report's groups are its layers: the error names --by, the command line's option, not Python's calls."""
    result = run("report", wine_csv, "--actual", "cultivar", "--pred", "knn", "--statistics", "cmh")
    assert result.returncode == 2 and result.stdout == ""
    err = result.stderr.strip()
    assert err.startswith("pandas-agree: error: argument --statistics: "), err
    assert "--by COL" in err and "df.agree" not in err, err


def test_cmh_in_the_demo_says_it_has_no_groups(run):
    result = run("demo", "--statistics", "cmh")
    assert result.returncode == 2 and result.stdout == ""
    err = result.stderr.strip()
    assert err.startswith("pandas-agree: error: argument --statistics: "), err
    assert "df.agree" not in err and "pandas-agree report" in err, err


def test_the_demos_statistics_help_does_not_name_an_option_it_lacks(capsys):
    demo = _subparsers(cli.build_parser())["demo"]
    statistics = next(a for a in demo._actions if "--statistics" in a.option_strings)
    assert not any("--by" in a.option_strings for a in demo._actions)
    assert "needs --by" not in statistics.help and "pandas-agree report" in statistics.help
