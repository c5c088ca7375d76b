"""The resampling model's option is ``resampling=``; ``design=``, its old name, still works for now, with a
FutureWarning, on every public callable that takes ``resampling=``; giving both is a TypeError naming both. The
command line's ``--design`` is the old name of ``--resampling`` in the same way.

The callables are found, not listed: those of tests/test_unknown_keywords.py (every public function, method and
accessor, the dask accessor's included) whose error for an unknown keyword lists ``resampling`` among what they
take, so a new method that takes the option cannot be missed."""

import inspect
import warnings

import numpy as np
import pandas as pd
import pytest

import pandas_agree as pa
from pandas_agree.base.options import RENAMED, SPEC, choices
from pandas_agree.integrations import cli

from .test_unknown_keywords import BOGUS, CALLABLES, OBJECTS, _allowed

MESSAGE = "design= is renamed resampling=; design= will be removed in a future version"
# a bootstrap on few resamples: the resampling model changes every interval
OPTIONS = {"ci": "bootstrap", "n_resamples": 50, "random_state": 1}


def _takes(function) -> list[str]:
    with pytest.raises(TypeError) as err:
        function(**{BOGUS: 1})
    return _allowed(str(err.value))


TAKES = {name: _takes(function) for name, function in CALLABLES}
WITH = [(name, function) for name, function in CALLABLES if "resampling" in TAKES[name]]
WITHOUT = [(name, function) for name, function in CALLABLES if "resampling" not in TAKES[name]]

# the values of the positional arguments the callables require (the objects they were made of, their columns)
ARGUMENTS = {"actual": "cultivar", "pred": "knn", "agreement": OBJECTS[pa.Agreement],
             "comparison": OBJECTS[pa.Comparison]}


def _call(function, **kwargs):
    """Call ``function`` with the positional arguments it requires and ``kwargs``, recording every warning."""
    params = inspect.signature(function).parameters.values()
    required = [p.name for p in params if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY,
                                                                              p.POSITIONAL_OR_KEYWORD)]
    missing = [name for name in required if name not in ARGUMENTS]
    assert not missing, f"add a value of {missing} to ARGUMENTS"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = function(*(ARGUMENTS[name] for name in required), **kwargs)
    return result, caught


def _same(a, b) -> None:
    if isinstance(a, pd.DataFrame):
        pd.testing.assert_frame_equal(a, b)
        assert a.attrs == b.attrs or repr(a.attrs) == repr(b.attrs)  # NaN in attrs: compared as text
    else:
        assert a.to_json() == b.to_json()


def test_the_old_name_is_declared_once_and_the_new_one_specified():
    assert RENAMED == {"design": "resampling"}
    assert "design" not in SPEC and choices("resampling") == ("multinomial", "fixed-reference")


def test_the_callables_that_take_resampling_are_found():
    names = {name for name, _ in WITH}
    assert {"Agreement.binary()", "Agreement.averages()", "Agreement.multiclass()", "Agreement.report()",
            "AgreementReport()", "Comparison.values()", "Comparison.differences()", "Comparison.report()",
            "ComparisonReport()", "DataFrame.agree.binary()", "DataFrame.agree.averages()",
            "DataFrame.agree.multiclass()", "DataFrame.agree.report()"} <= names
    # the old name is not listed as an argument anywhere
    assert not any("design" in allowed for allowed in TAKES.values())


@pytest.mark.parametrize(("name", "function"), WITH, ids=[name for name, _ in WITH])
def test_design_warns_and_gives_what_resampling_gives(name, function):
    new, quiet = _call(function, resampling="fixed-reference", **OPTIONS)
    assert not [w for w in quiet if issubclass(w.category, FutureWarning)], name
    old, caught = _call(function, design="fixed-reference", **OPTIONS)
    future = [w for w in caught if issubclass(w.category, FutureWarning)]
    assert [str(w.message) for w in future] == [MESSAGE], name
    assert future[0].filename == __file__  # the warning points at the caller's line
    _same(new, old)


@pytest.mark.parametrize(("name", "function"), WITH, ids=[name for name, _ in WITH])
def test_both_names_are_a_type_error_naming_both(name, function):
    with pytest.raises(TypeError) as err:
        _call(function, resampling="multinomial", design="multinomial")
    assert str(err.value) == f"{name} got both resampling= and design=, its old name; give resampling= only"


@pytest.mark.parametrize(("name", "function"), WITHOUT, ids=[name for name, _ in WITHOUT])
def test_a_callable_without_resampling_does_not_take_design(name, function):
    with warnings.catch_warnings():
        warnings.simplefilter("error", FutureWarning)
        with pytest.raises(TypeError, match=r"unexpected keyword argument 'design'"):
            function(design="fixed-reference")


def test_the_resampling_model_changes_the_intervals():
    """fixed-reference keeps each reference row's size: recall (a row proportion) then has no other variance than
    its row's, and the SEs of precision differ from those of the multinomial model."""
    ag = OBJECTS[pa.Agreement]
    free = ag.binary(["PRE"], ci="linearized")
    fixed = ag.binary(["PRE"], ci="linearized", resampling="fixed-reference")
    with pytest.warns(FutureWarning, match="design= is renamed resampling="):
        old = ag.binary(["PRE"], ci="linearized", design="fixed-reference")
    pd.testing.assert_frame_equal(fixed, old)
    assert not np.allclose(fixed[("PRE", "se")], free[("PRE", "se")])
    pd.testing.assert_series_equal(fixed[("PRE", "value")], free[("PRE", "value")])


def test_a_bad_value_under_the_old_name_names_the_new_one():
    with pytest.warns(FutureWarning), pytest.raises(ValueError, match=r"^resampling must be one of .*; got 'bogus'"):
        OBJECTS[pa.Agreement].binary(design="bogus")


def test_the_report_records_resampling():
    rep = OBJECTS[pa.Agreement].report(resampling="fixed-reference", ci=None)
    assert rep.options["resampling"] == "fixed-reference" and "design" not in rep.options


# --- the command line ------------------------------------------------------------------------------------------

DEMO = ["demo", "--ci", "bootstrap", "--n-resamples", "50", "--json", "--measures", "F1", "KAPPA"]


@pytest.mark.parametrize("command", [DEMO, ["compare", "FILE", "--actual", "cultivar", "--pred", "knn", "logistic",
                                            "--ci", "bootstrap", "--n-resamples", "50", "--json",
                                            "--measures", "OSR"]])
def test_cli_design_is_the_old_name_of_resampling(command, tmp_path, capsys):
    path = tmp_path / "wine.csv"
    pa.datasets.load("wine_predictions").to_csv(path, index=False)
    command = [str(path) if part == "FILE" else part for part in command]
    assert cli.main([*command, "--resampling", "fixed-reference"]) == 0
    new = capsys.readouterr()
    assert new.err == ""
    assert cli.main([*command, "--design", "fixed-reference"]) == 0
    old = capsys.readouterr()
    assert old.out == new.out
    assert old.err == ("pandas-agree: warning: --design is renamed --resampling; --design will be removed in a "
                       "future version\n")
    assert cli.main([*command, "--design", "fixed-reference", "--quiet"]) == 0
    assert capsys.readouterr().err == ""
    assert cli.main([*command]) == 0
    assert capsys.readouterr().out != new.out  # the multinomial model gives other intervals


def test_cli_both_names_are_an_error_naming_both(capsys):
    assert cli.main([*DEMO, "--design", "fixed-reference", "--resampling", "fixed-reference"]) == 2
    assert capsys.readouterr().err == ("pandas-agree: error: argument --resampling: --design is its old name; give "
                                       "--resampling only\n")


def test_cli_help_shows_the_new_name_only(capsys):
    with pytest.raises(SystemExit):
        cli.main(["demo", "--help"])
    out = capsys.readouterr().out
    assert "--resampling" in out and "--design" not in out
