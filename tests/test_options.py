"""One option specification: every option of every public method, function, accessor shortcut, report and CLI
command is checked up front, and a bad value raises an error that names the option.

The cases are generated from the signatures, the reports' option dicts and the CLI's parser, so a new option
without an entry in the specification (or without an invalid value here) makes a test fail.
"""

import argparse
import inspect
from functools import cache

import numpy as np
import pandas as pd
import pytest

import pandas_agree as pa
from pandas_agree.analyses.comparison import compare
from pandas_agree.base import options as spec
from pandas_agree.base.options import SPEC, check_option, check_options, choices, validate_options
from pandas_agree.integrations import cli
from pandas_agree.measures.bands import BANDS
from pandas_agree.measures.registry import KINDS
from pandas_agree.report.agreement import REPORT_OPTIONS
from pandas_agree.report.comparison import OPTIONS as COMPARISON_OPTIONS
from pandas_agree.report.crosstab import CROSSTAB_OPTIONS
from pandas_agree.report.raters import OPTIONS as RATER_OPTIONS

# Invalid values of every option in the specification, with the error each must raise: a value of a type the
# option does not know is a TypeError, a value of a known type that is not allowed a ValueError.
INVALID = {
    "ci": [("bogus", ValueError), (3, TypeError)],
    "confidence_level": [(1.5, ValueError), ("0.9", TypeError)],
    "n_resamples": [(-5, ValueError), (2.5, TypeError)],
    "bootstrap_method": [("bogus", ValueError)],
    "random_state": [(-1, ValueError), ("seed", ValueError), (1.5, TypeError)],
    "resampling": [("bogus", ValueError)],
    "measures": [(5, TypeError)],
    "measure": [(None, TypeError)],
    "kind": [(5, TypeError)],
    "classes": [("bogus", ValueError)],
    "beta": [(0, ValueError), ("2", TypeError)],
    "tversky": [((1,), ValueError), (5, TypeError)],
    "correction": [(-0.5, ValueError), ("0.5", TypeError)],
    "average": [("bogus", ValueError), ([], ValueError)],
    "timing": [("bogus", ValueError)],
    "top": [(0, ValueError), (2.5, TypeError)],
    "zero_division": [(2, ValueError), (-0.5, ValueError), ("0", TypeError), (None, TypeError)],
    "kappa_weights": [("bogus", ValueError), (np.ones((2, 3)), ValueError), (5, TypeError)],
    "bands": [("bogus", ValueError)],
    "level": [("bogus", ValueError)],
    "percentages": [("bogus", ValueError), (5, TypeError)],
    "margins": [("yes", TypeError)],
    "normalize": [("yes", TypeError)],
    "dropna": [("yes", TypeError)],
    "plots": [("yes", TypeError)],
    "labels": [("abc", TypeError), ([["a"], "b"], ValueError)],
    "match": [("bogus", ValueError), (3, TypeError)],
    "weights": [({"w": 1}, TypeError)],
    "by": [(["site"], TypeError)],
    "strata": [({"s": 1}, TypeError)],
    "cluster": [({"c": 1}, TypeError)],
    "fpc": [({"f": 1}, TypeError)],
    "lonely_psu": [("bogus", ValueError)],
    "replicates": [("bogus", ValueError)],
    "positive": [(["yes"], TypeError)],
    "scale": [("log", ValueError)],
    "criterion": [("best", ValueError)],
    "sensitivity": [(0, ValueError), (1.5, ValueError)],
    "max_fpr": [(0, ValueError), (1.5, ValueError)],
    "max_classes": [(0, ValueError), (2.5, TypeError)],
    "sort_by": [(5, TypeError)],
    "statistics": [("bogus", ValueError), ([], ValueError), (["chisq", "bogus"], ValueError), (5, TypeError)],
    "kappa0": [(1.0, ValueError), (-1.0, ValueError), ("0.4", TypeError)],
    "alternative": [("bogus", ValueError), (2, TypeError)],
    "cells": [("bogus", ValueError), ([], ValueError), (5, TypeError)],
}

# Parameters of public callables that are not options: what is analysed (checked against the data where it is
# read), where an export goes, and the arguments the package passes itself.
NON_OPTIONS = {
    "self", "cls",
    "table",  # the counts an Agreement is built from (checked by the table validation)
    "data", "frame", "ratings",  # the DataFrame analysed
    "actual", "pred", "count", "y_true", "y_pred", "subject", "rater", "rating", "columns", "reference",
    "predictions",  # columns or label sequences: checked against the data (KeyError naming the argument)
    "joint", "weighted",  # Comparison's constructor arguments, given by compare()
    "agreement", "raters", "comparison", "crosstab",  # the analysis a report is made of
    "layer",  # a CrosstabReport of one layer, made by the report of all the layers
    "pandas_obj", "ddf",  # the frame an accessor is on
    "groups", "group_notes",  # a grouped report's parts, given by the accessor's report(by=...)
    "path",  # where to_excel / to_html write
    "counted",  # how a table was counted from rows, given by the constructors from rows
    "codes",  # measure codes, checked by the registry (UnknownMeasureError naming them)
    "records", "stack",  # registry records and a stack of tables, as Comparison hands them to summary_on
    "layers", "layers_by", "row", "col",  # the layer columns (checked against the data) and the tables of layers
    "frequencies",  # the subjects each row of ratings stands for: checked with the ratings (ValueError naming it)
    "other",  # the table combine() adds: checked to be a table of the same class, counted the same way
    "score", "scores", "patterns", "names",  # score columns (checked against the data) and their joint counts
    "at", "threshold",  # thresholds of a score: any numbers
}


# --- the objects the calls are made on ------------------------------------------------------------------------

TABLE = np.array([[20.0, 5, 1], [3, 22, 2], [1, 2, 15]])


def _arrow_frame():
    """The example rows as a PyArrow table (counted in Arrow by from_frame)."""
    import pyarrow

    df = _frame().astype({"cultivar": str, "knn": str})
    return pyarrow.Table.from_pandas(df.assign(w=1.0, s=np.arange(len(df)) % 3), preserve_index=False)


def _arrow_raters():
    """The rater example as a PyArrow table (its patterns counted in Arrow by from_frame)."""
    import pyarrow

    return pyarrow.Table.from_pandas(_raters_frame(), preserve_index=False)


@cache
def _frame() -> pd.DataFrame:
    df = pa.datasets.load("wine_predictions")
    return df.assign(site=np.where(np.arange(len(df)) % 2, "A", "B"))


@cache
def _scores_frame() -> pd.DataFrame:
    return pd.DataFrame({"y": ["no", "yes"] * 10, "s": np.linspace(0, 1, 20), "t": np.linspace(1, 0, 20) ** 2})


@cache
def _raters_frame() -> pd.DataFrame:
    return pa.datasets.load("anxiety")


@cache
def _crosstab() -> pa.Crosstab:
    return pa.Crosstab.from_table(pd.DataFrame(TABLE, index=["a", "b", "c"], columns=["x", "y", "z"]))


@cache
def _agreement() -> pa.Agreement:
    return pa.Agreement.from_table(TABLE)


@cache
def _raters() -> pa.RaterAgreement:
    return _raters_frame().agree.raters(["rater1", "rater2", "rater3"])


@cache
def _comparison() -> pa.Comparison:
    return _frame().agree.compare("cultivar", ["knn", "logistic"])


@cache
def _report() -> pa.AgreementReport:
    return _agreement().report(ci=None)


@cache
def _dask_frame(scores: bool = False):
    dd = pytest.importorskip("dask.dataframe")
    return dd.from_pandas(_scores_frame() if scores else _frame(), npartitions=2)


def _long() -> pd.DataFrame:
    wide = _raters_frame()[["rater1", "rater2"]].reset_index(names="s")
    return wide.melt(id_vars="s", var_name="r", value_name="y")


CELLS = pd.DataFrame({"a": ["x", "x", "y"], "p": ["x", "y", "y"], "n": [40, 10, 50]})

# Every public callable that takes options: how to call it with valid data and the keyword arguments given. The
# key is the callable's qualified name.
CALLS = {
    "agreement": lambda kw: pa.agreement([1, 1, 2], [1, 2, 2], **kw),
    "measures": lambda kw: pa.measures(**kw),
    "compare": lambda kw: compare(_frame(), "cultivar", ["knn", "logistic"], **kw),
    "Agreement.__init__": lambda kw: pa.Agreement(TABLE, **kw),
    "Agreement.from_table": lambda kw: pa.Agreement.from_table(TABLE, **kw),
    "Agreement.from_counts": lambda kw: pa.Agreement.from_counts(CELLS, "a", "p", "n", **kw),
    "Agreement.crosstab": lambda kw: _agreement().crosstab(**kw),
    "Agreement.binary": lambda kw: _agreement().binary(**kw),
    "Agreement.averages": lambda kw: _agreement().averages(**kw),
    "Agreement.multiclass": lambda kw: _agreement().multiclass(**kw),
    "Agreement.tests": lambda kw: _agreement().tests(**kw),
    "RaterAgreement.tests": lambda kw: _raters().tests(**kw),
    "Agreement.confusions": lambda kw: _agreement().confusions(**kw),
    "Agreement.crosstab_statistics": lambda kw: _agreement().crosstab_statistics(**kw),
    "Agreement.cell_statistics": lambda kw: _agreement().cell_statistics(**kw),
    "Agreement.statistics": lambda kw: _agreement().statistics(**kw),
    "Agreement.cells": lambda kw: _agreement().cells(**kw),
    "Crosstab.crosstab": lambda kw: _crosstab().crosstab(**kw),
    "Crosstab.statistics": lambda kw: _crosstab().statistics(**kw),
    "Crosstab.crosstab_statistics": lambda kw: _crosstab().crosstab_statistics(**kw),
    "Crosstab.cells": lambda kw: _crosstab().cells(**kw),
    "Crosstab.measures": lambda kw: _crosstab().measures(**kw),
    "Agreement.measures": lambda kw: _agreement().measures(**kw),
    "Agreement.summary_on": lambda kw: _agreement().summary_on([], np.zeros((1, 3, 3)) + TABLE, **kw),
    "Agreement.summary_gradients": lambda kw: _agreement().summary_gradients([], **kw),
    "Crosstab.cell_statistics": lambda kw: _crosstab().cell_statistics(**kw),
    "Crosstab.from_counts": lambda kw: pa.Crosstab.from_counts(CELLS, "a", "p", "n", **kw),
    "crosstabs": lambda kw: pa.crosstabs(_frame(), "cultivar", "knn", **kw),
    "Crosstab.from_frame": lambda kw: pa.Crosstab.from_frame(_arrow_frame(), "cultivar", "knn", **kw),
    "Agreement.from_frame": lambda kw: pa.Agreement.from_frame(_arrow_frame(), "cultivar", "knn", **kw),
    "Agreement.update": lambda kw: pa.agreement([1, 1, 2], [1, 2, 2]).update([1], [2], **kw),
    "Crosstab.update": lambda kw: _crosstab().update([1], [2], **kw),
    "AgreeAccessor.crosstabs": lambda kw: _frame().agree.crosstabs("cultivar", "knn", **kw),
    "RaterAgreement.__init__": lambda kw: pa.RaterAgreement(_raters_frame()[["rater1", "rater2"]], **kw),
    "RaterAgreement.from_long": lambda kw: pa.RaterAgreement.from_long(_long(), "s", "r", "y", **kw),
    "RaterAgreement.summary": lambda kw: _raters().summary(**kw),
    "RaterAgreement.pairwise": lambda kw: _raters().pairwise(**kw),
    "Comparison.__init__": lambda kw: pa.Comparison(_comparison()._joint, **kw),
    "Comparison.values": lambda kw: _comparison().values(**kw),
    "Comparison.differences": lambda kw: _comparison().differences(**kw),
    "AgreeAccessor.__call__": lambda kw: _frame().agree("cultivar", "knn", **kw),
    "AgreeAccessor.raters": lambda kw: _raters_frame().agree.raters(["rater1", "rater2"], **kw),
    "AgreeAccessor.compare": lambda kw: _frame().agree.compare("cultivar", ["knn", "logistic"], **kw),
    "AgreeAccessor.scores": lambda kw: _scores_frame().agree.scores("y", "s", **kw),
    "AgreeAccessor.compare_scores": lambda kw: _scores_frame().agree.compare_scores("y", ["s", "t"], **kw),
    "Scores.values": lambda kw: _scores_frame().agree.scores("y", "s").values(**kw),
    "Scores.thresholds": lambda kw: _scores_frame().agree.scores("y", "s").thresholds(**kw),
    "Scores.best_threshold": lambda kw: _scores_frame().agree.scores("y", "s").best_threshold(**kw),
    "ScoreComparison.values": lambda kw: _scores_frame().agree.compare_scores("y", ["s", "t"]).values(**kw),
    "ScoreComparison.differences": lambda kw: _scores_frame().agree.compare_scores("y", ["s", "t"]).differences(
        **kw),
    "AgreementReport.__init__": lambda kw: pa.AgreementReport(_agreement(), **kw),
    "AgreementReport.plot": lambda kw: _report().plot(**kw),
    "AgreementReport.to_html": lambda kw: _report().to_html(**kw),
    "CrosstabReport.to_html": lambda kw: _crosstab().report().to_html(**kw),
    "RaterReport.to_html": lambda kw: _raters().report(ci=None).to_html(**kw),
    "ComparisonReport.to_html": lambda kw: _comparison().report(ci=None).to_html(**kw),
    "DaskAgreeAccessor.__call__": lambda kw: _dask_frame().agree("cultivar", "knn", **kw),
    "DaskAgreeAccessor.raters": lambda kw: _dask_frame().agree.raters(["knn", "logistic"], **kw),
    "DaskAgreeAccessor.crosstabs": lambda kw: _dask_frame().agree.crosstabs("cultivar", "knn", **kw),
    "DaskAgreeAccessor.compare": lambda kw: _dask_frame().agree.compare("cultivar", ["knn", "logistic"], **kw),
    "DaskAgreeAccessor.scores": lambda kw: _dask_frame(scores=True).agree.scores("y", "s", **kw),
    "DaskAgreeAccessor.compare_scores": lambda kw: _dask_frame(scores=True).agree.compare_scores(
        "y", ["s", "t"], **kw),
    "RaterAgreement.from_frame": lambda kw: pa.RaterAgreement.from_frame(_arrow_raters(), ["rater1", "rater2"], **kw),
    "RaterAgreement.update": lambda kw: _raters_frame().agree.raters(["rater1", "rater2"]).update(
        _raters_frame(), **kw),
    "Comparison.from_frame": lambda kw: pa.Comparison.from_frame(_arrow_frame(), "cultivar", ["knn", "logistic"],
                                                                 **kw),
    "Comparison.update": lambda kw: _frame().agree.compare("cultivar", ["knn", "logistic"]).update(
        _frame()["cultivar"], _frame()[["knn", "logistic"]], **kw),
}
# the callables that take **options, and the options each takes (the rest of their keyword arguments)
SHORTCUTS = ("crosstab", "binary", "averages", "multiclass", "tests")
TABLE_OPTIONS = ("weights", "dropna", "labels", "match")
KEYWORDS = {
    **{f"AgreeAccessor.{name}": (lambda kw, name=name: getattr(_frame().agree, name)("cultivar", "knn", **kw),
                                 (*TABLE_OPTIONS, *inspect.signature(getattr(pa.Agreement, name)).parameters))
       for name in SHORTCUTS},
    **{f"DaskAgreeAccessor.{name}": (lambda kw, name=name: getattr(_dask_frame().agree, name)("cultivar", "knn", **kw),
                                     (*TABLE_OPTIONS, *inspect.signature(getattr(pa.Agreement, name)).parameters))
       for name in SHORTCUTS},
    "AgreeAccessor.report": (lambda kw: _frame().agree.report("cultivar", "knn", **kw),
                             (*TABLE_OPTIONS, "by", *REPORT_OPTIONS)),
    "DaskAgreeAccessor.report": (lambda kw: _dask_frame().agree.report("cultivar", "knn", **kw),
                                 (*TABLE_OPTIONS, "by", *REPORT_OPTIONS)),
    "Agreement.report": (lambda kw: _agreement().report(**kw), tuple(REPORT_OPTIONS)),
    "AgreementReport.__init__": (lambda kw: pa.AgreementReport(_agreement(), **kw), tuple(REPORT_OPTIONS)),
    "RaterAgreement.report": (lambda kw: _raters().report(**kw), tuple(RATER_OPTIONS)),
    "RaterReport.__init__": (lambda kw: pa.RaterReport(_raters(), **kw), tuple(RATER_OPTIONS)),
    "Comparison.report": (lambda kw: _comparison().report(**kw), tuple(COMPARISON_OPTIONS)),
    "Crosstab.report": (lambda kw: _crosstab().report(**kw), tuple(CROSSTAB_OPTIONS)),
    "CrosstabReport.__init__": (lambda kw: pa.CrosstabReport(_crosstab(), **kw), tuple(CROSSTAB_OPTIONS)),
    "ComparisonReport.__init__": (lambda kw: pa.ComparisonReport(_comparison(), **kw), tuple(COMPARISON_OPTIONS)),
}


def _public_classes() -> list[type]:
    classes = [pa.Crosstab, pa.Agreement, pa.RaterAgreement, pa.Comparison, pa.AgreeAccessor, pa.AgreementReport,
               pa.CrosstabReport, pa.RaterReport, pa.ComparisonReport]
    try:
        from pandas_agree.integrations.dask_accessor import DaskAgreeAccessor
    except ImportError:  # dask is not installed
        return classes
    return [*classes, DaskAgreeAccessor]


def _public_callables() -> dict[str, object]:
    """Every public function and method (with __init__ and __call__), by qualified name."""
    out = {"agreement": pa.agreement, "crosstabs": pa.crosstabs, "compare": compare, "measures": pa.measures}
    for cls in _public_classes():
        for name, member in inspect.getmembers(cls):
            public = name in ("__init__", "__call__") or not name.startswith("_")
            if public and callable(member) and not isinstance(member, type) and member is not object.__init__:
                out[f"{cls.__name__}.{name}"] = member
    return out


def _spec_parameters(func) -> list[str]:
    kinds = (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)
    return [n for n, p in inspect.signature(func).parameters.items() if n in SPEC and p.kind not in kinds]


def _cases() -> list:
    cases = []
    for qualname, func in _public_callables().items():
        names = _spec_parameters(func)
        if qualname in KEYWORDS:
            call, extra = KEYWORDS[qualname]
            names = list(dict.fromkeys([*names, *(n for n in extra if n in SPEC)]))
        elif names:
            call = CALLS.get(qualname)
        if not names:
            continue
        for name in names:
            for value, err in INVALID.get(name, [(None, None)]):
                cases.append(pytest.param(qualname, call, name, value, err, id=f"{qualname}-{name}-{value!r}"[:90]))
    return cases


# --- the specification itself ----------------------------------------------------------------------------------

def test_every_parameter_of_every_public_callable_is_an_option_or_listed():
    unknown = {f"{qualname}({p.name})" for qualname, func in _public_callables().items()
               for p in inspect.signature(func).parameters.values()
               if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD) and p.name not in SPEC and p.name not in NON_OPTIONS}
    assert not unknown, f"add these to base/options.py SPEC (or to NON_OPTIONS with a reason): {sorted(unknown)}"


def test_every_option_has_invalid_values_here():
    assert set(INVALID) == set(SPEC)


def test_every_callable_with_options_can_be_called_here():
    missing = {q for q, f in _public_callables().items() if _spec_parameters(f) and q not in CALLS | KEYWORDS}
    assert not missing


@pytest.mark.parametrize("qualname, call, name, value, err", _cases())
def test_invalid_option_raises_naming_it(qualname, call, name, value, err):
    with pytest.raises(err) as info:
        call({name: value})
    message = str(info.value)
    assert message.startswith(f"{name} must be "), message
    assert SPEC[name].allowed in message


def test_the_cases_named_in_the_issue_are_rejected():
    ag = _agreement()
    with pytest.raises(ValueError, match=r"bands must be one of \('landis-koch', 'cohen'\); got 'bogus'"):
        ag.multiclass(["OSR"], bands="bogus")
    with pytest.raises(ValueError, match=r"resampling must be one of .*; got 'bogus'"):
        ag.binary(resampling="bogus", ci=None)
    with pytest.raises(ValueError, match="n_resamples must be an integer from 2 to 1,000,000; got -5"):
        ag.multiclass(n_resamples=-5, ci=None)


def test_valid_values_pass():
    for name, value in [("ci", None), ("ci", "bootstrap"), ("random_state", np.random.default_rng(0)),
                        ("random_state", np.random.SeedSequence(1)), ("random_state", np.int64(3)),
                        ("kappa_weights", np.eye(3)), ("kappa_weights", pd.DataFrame(np.eye(2))),
                        ("labels", [("a", 1), ("b", 2)]), ("weights", "w"), ("weights", np.ones(3)),
                        ("match", {"K1": "C1"}), ("average", ["micro"]), ("percentages", ()), ("dropna", np.True_),
                        ("tversky", (0, 2.5)), ("by", ("a", 1))]:
        check_option(name, value)


def test_check_options_names_unknown_options():
    with pytest.raises(TypeError, match=r"^report\(\) got an unexpected keyword argument 'colour'; allowed: bands, "
                                        r"ci$"):
        check_options({"colour": "blue", "ci": None}, {"ci", "bands"}, "report()")
    with pytest.raises(ValueError, match="ci must be"):
        check_options({"ci": "bogus"}, {"ci"}, "report")


def test_the_decorator_checks_defaults_given_values_and_keyword_dicts():
    with pytest.raises(ValueError, match=r"the default of .*\(bands=\) must be one of"):
        @validate_options
        def bad(*, bands="bogus"):
            pass

    @validate_options
    def f(x, *, level="nominal", **kwargs):
        return x, level, kwargs

    assert f(1, level="ordinal", other=2) == (1, "ordinal", {"other": 2})
    assert inspect.signature(f) == inspect.signature(f.__wrapped__)
    with pytest.raises(ValueError, match="level must be"):
        f(1, level="bogus")
    with pytest.raises(ValueError, match="resampling must be"):
        f(1, resampling="bogus")  # a spec name among **kwargs is checked too


def test_the_vocabularies_are_shared():
    from pandas_agree.engine import matching
    from pandas_agree.inference import estimates

    assert estimates.CI_METHODS is spec.CI_METHODS and estimates.BOOTSTRAP_METHODS is spec.BOOTSTRAP_METHODS
    assert tuple(estimates.BINOMIAL_METHODS) == spec.BINOMIAL_CI
    assert matching.MATCHES is spec.MATCHES
    assert tuple(BANDS) == spec.BAND_NAMES
    assert choices("ci") == spec.CI_METHODS and choices("percentages") == spec.PERCENTAGES
    from pandas_agree.inference import association, contingency

    assert spec.CELLS == contingency.CELLS
    assert set(spec.STATISTICS) == {*association.KEYWORDS, "chisq", "risk", "mcnemar", "cmh"}


def test_report_defaults_are_the_methods_defaults():
    def defaults(*funcs):
        return {n: p.default for f in funcs for n, p in inspect.signature(f).parameters.items()
                if p.default is not p.empty}

    for options, funcs in [(REPORT_OPTIONS, (pa.Agreement.binary, pa.Agreement.averages, pa.Agreement.multiclass)),
                           (RATER_OPTIONS, (pa.RaterAgreement.summary,)),
                           (COMPARISON_OPTIONS, (pa.Comparison.values, pa.Comparison.differences))]:
        methods = defaults(*funcs)
        for name, value in options.items():
            if name == "ci":
                assert value == "auto"  # reports give intervals by default
            elif name in methods:  # NaN (zero_division's) is the same default as NaN
                assert value == methods[name] or (value != value and methods[name] != methods[name]), name
            else:
                assert name in ("percentages", "max_classes", "sort_by", "statistics", "cells")  # the report's own
        for name, value in options.items():
            check_option(name, value)


def test_grouped_report_checks_options_before_the_groups():
    with pytest.raises(ValueError, match="confidence_level must be"):
        _frame().agree.report("cultivar", "knn", by="site", confidence_level=2)
    with pytest.raises(TypeError, match=r"DataFrame.agree.report\(\) got an unexpected keyword argument 'colour'"):
        _frame().agree.report("cultivar", "knn", by="site", colour="blue")


# --- the command line ------------------------------------------------------------------------------------------

def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """Every command, a command's own commands too (``plan kappa``), by its words."""
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    out = {}
    for name, sub in action.choices.items():
        out[name] = sub
        if any(isinstance(a, argparse._SubParsersAction) for a in sub._actions):
            out.update({f"{name} {inner}": parser for inner, parser in _subparsers(sub).items()})
    return out


# the value-taking command-line options that are neither a choice nor checked by the specification: a bad value
BAD_TEXT = {"measures": ["BOGUS"], "actual": ["nope"], "reference": ["nope"], "pred": ["nope"], "weights": ["nope"],
            "by": ["nope"], "tversky": ["-1", "2"],
            "strata": ["nope"], "cluster": ["nope"], "fpc": ["nope"],
            "columns": ["nope", "rater2"], "long": ["nope", "r", "y"], "excel": ["/no/such/dir/out.xlsx"],
            "html": ["/no/such/dir/out.html"], "sheet": ["nosheet"], "missing": [""], "numeric": ["nope"],
            "positive": ["nolabel"], "sort_by": ["BOGUS"], "labels": ["nope"],
            "row_labels": ["nope"], "col_labels": ["nope"], "layer_labels": ["nope", "x"],
            "row": ["nope"], "col": ["nope"], "layer": ["nope"], "score": ["nope"],
            # pandas-agree plan ...: numbers outside what each allows (the plan functions' errors, named by flag)
            "rate1": ["1.5"], "rate2": ["0"], "kappa1": ["1.5"], "kappa0": ["1.5"], "alpha": ["1.5"],
            "power": ["0.01"], "n": ["0"], "proportions": ["1.5"], "raters": ["9"], "lower": ["1.5"],
            "upper": ["1.5"], "confidence_level": ["1.5"], "ac1": ["1.5"], "width": ["0"], "value": ["1.5"],
            "prevalence": ["0"], "precision": ["0"], "accuracy1": ["1.5"], "accuracy2": ["0"], "discordant": ["1.5"]}


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("cli")
    wine, raters, scores = folder / "wine.xlsx", folder / "raters.xlsx", folder / "scores.xlsx"
    _frame().to_excel(wine, index=False)
    _raters_frame().to_excel(raters, index=False)
    _scores_frame().to_excel(scores, index=False)
    return {"wine": str(wine), "raters": str(raters), "scores": str(scores)}


def _base(command: str, files: dict) -> dict:
    """Valid arguments of each command, as {option: values} (None: the positional file)."""
    wine = {None: [files["wine"]], "--ci": ["none"]}
    return {
        "report": {**wine, "--actual": ["cultivar"], "--pred": ["knn"]},
        "compare": {**wine, "--actual": ["cultivar"], "--pred": ["knn", "logistic"]},
        "raters": {None: [files["raters"]], "--ci": ["none"], "--columns": ["rater1", "rater2"]},
        "crosstabs": {None: [files["wine"]], "--row": ["cultivar"], "--col": ["knn"]},
        "demo": {"--ci": ["none"]},
        "scores": {None: [files["scores"]], "--ci": ["none"], "--actual": ["y"], "--score": ["s"],
                   "--positive": ["yes"]},
        "measures": {},
        "plan kappa": {"--rate1": ["0.5"], "--rate2": ["0.5"], "--kappa1": ["0.6"], "--kappa0": ["0.4"]},
        "plan raters": {"--kappa1": ["0.6"], "--kappa0": ["0.4"], "--proportions": ["0.3"]},
        "plan kappa-interval": {"--kappa0": ["0.6"], "--lower": ["0.4"], "--proportions": ["0.3"]},
        "plan ac1": {"--ac1": ["0.6"], "--proportions": ["0.3"], "--width": ["0.2"]},
        "plan sensitivity": {"--value": ["0.9"], "--prevalence": ["0.2"], "--precision": ["0.05"]},
        "plan specificity": {"--value": ["0.9"], "--prevalence": ["0.2"], "--precision": ["0.05"]},
        "plan paired": {"--accuracy1": ["0.8"], "--accuracy2": ["0.9"]},
    }[command]


def _cli_cases() -> list:
    cases = []
    for command, sub in _subparsers(cli.build_parser()).items():
        for action in sub._actions:
            if not action.option_strings or action.nargs == 0:
                continue  # positional, or a flag that takes no value
            flag = action.option_strings[0]
            if action.choices is not None:
                bad = [["bogus"]]
            elif hasattr(action.type, "option"):
                bad = [["-1"], ["abc"]]
            else:
                bad = [BAD_TEXT.get(action.dest)]
            for values in bad:
                cases.append(pytest.param(command, flag, values, id=f"{command}-{flag}-{values}"))
    return cases


@pytest.mark.parametrize("command, flag, values", _cli_cases())
def test_invalid_cli_option_exits_2_naming_it(command, flag, values, files, capsys):
    assert values is not None, f"add a bad value of {flag} to BAD_TEXT"
    args = {**_base(command, files), flag: values}
    if command == "raters" and flag == "--long":
        args.pop("--columns")
    argv = [*command.split(), *args.pop(None, [])]
    for option, given in args.items():
        argv += [f"{option}={given[0]}", *given[1:]] if given[0].startswith("-") else [option, *given]
    assert cli.main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and err.startswith("pandas-agree: error: ")
    assert f"argument {flag}" in err, err


def test_cli_choices_come_from_the_specification():
    for command, sub in _subparsers(cli.build_parser()).items():
        for action in sub._actions:
            if action.choices is None or isinstance(action, argparse._SubParsersAction):
                continue  # a command's own commands are checked as commands
            if action.dest == "kind":  # the registry's kinds of measure
                assert tuple(action.choices) == KINDS
                continue
            option = spec.RENAMED.get(action.dest, action.dest)  # an old name (--design) takes the new one's choices
            expected = choices(option) + (("none",) if action.dest == "ci" else ())
            if (command, action.dest) in NARROWED:  # the statistics of scores take fewer interval methods, averages
                expected = tuple(c for c in expected if c in NARROWED[command, action.dest])
            assert tuple(action.choices) == expected, (command, action.dest)


NARROWED = {("scores", "ci"): ("auto", "linearized", "bootstrap", "none"),
            ("scores", "average"): ("unweighted", "weighted")}
"""The CLI options a command narrows to the choices its analysis takes (each choice still the specification's)."""


def test_arguments_bound_directly_are_those_of_signature_bind():
    # the checked call binds plain calls itself: the same arguments, in the same order, as inspect's bind, and
    # the same TypeError for a call that does not fit
    import re

    from pandas_agree.base.options import _binder

    def f(self, a, b=1, *, c=2, d=None, **kw):
        pass

    def g(x, y=2, *, z):
        pass

    fits = [(f, (0, 1), {}), (f, (0,), {"a": 1, "c": 3}), (f, (0, 1, 2), {"d": 4, "zz": 5, "c": 1}),
            (g, (1,), {"z": 3}), (g, (), {"x": 1, "z": 2, "y": 3})]
    for func, args, kwargs in fits:
        sig = inspect.signature(func)
        expected = sig.bind(*args, **kwargs).arguments
        bound = _binder(sig)(args, kwargs)
        assert list(bound.items()) == list(expected.items())
    misfits = [(f, (0,), {}), (f, (0, 1), {"a": 2}), (g, (1, 2, 3), {"z": 1}), (g, (1,), {"w": 1}), (g, (1,), {})]
    for func, args, kwargs in misfits:
        sig = inspect.signature(func)
        with pytest.raises(TypeError) as expected:
            sig.bind(*args, **kwargs)
        with pytest.raises(TypeError, match=re.escape(str(expected.value))):
            _binder(sig)(args, kwargs)
