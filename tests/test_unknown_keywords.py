"""An argument a public callable does not take (an unknown keyword, one positional argument too many) is a
TypeError that names the callable as the user called it, lists what it takes and suggests the closest name.

The callables are found, not listed: the functions and classes of ``pandas_agree.__all__`` (every public method
and the constructor of each class), and the ``DataFrame.agree`` accessor (its call and its methods)."""

import importlib.util
import inspect
import re
import warnings

import numpy as np
import pytest

import pandas_agree as pa

BOGUS = "bogus_option"


def _objects() -> dict[type, object]:
    """One instance of every public class, made by the public API."""
    df = pa.datasets.load("wine_predictions")
    ag = df.agree("cultivar", "knn")
    raters = pa.datasets.load("anxiety").agree.raters(["rater1", "rater2", "rater3"])
    comparison = df.agree.compare("cultivar", ["knn", "logistic"])
    cancer = pa.datasets.load("cancer_scores")
    scores = cancer.agree.scores("diagnosis", "logistic")
    score_comparison = cancer.agree.compare_scores("diagnosis", ["logistic", "bayes"])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        crosstab = df.agree.crosstabs("cultivar", "knn", layers="split") if "split" in df else \
            df.agree.crosstabs("cultivar", "knn")
        made = [ag, ag.report(ci=None), raters, raters.report(ci=None), comparison, comparison.report(ci=None),
                crosstab, crosstab.report(), scores, scores.report(ci=None), score_comparison,
                score_comparison.report(ci=None), df.agree]
    return {type(obj): obj for obj in made}


OBJECTS = _objects()


def _display(cls: type) -> str:
    return "DataFrame.agree" if cls is pa.AgreeAccessor else cls.__name__


def _dask_accessor() -> list[tuple[str, object]]:
    """The dask accessor's call and methods, where dask is installed (it is in the test extra)."""
    if importlib.util.find_spec("dask") is None:
        return []
    import dask.dataframe as dd

    accessor = dd.from_pandas(pa.datasets.load("wine_predictions"), npartitions=2).agree
    names = [n for n in dir(accessor) if not n.startswith("_") and callable(getattr(accessor, n))]
    return [("dask.dataframe.DataFrame.agree()", accessor),
            *((f"dask.dataframe.DataFrame.agree.{n}()", getattr(accessor, n)) for n in names)]


def _callables() -> list[tuple[str, object]]:
    """(the name an error must give, the callable) for every public callable."""
    found = []
    for name in pa.__all__:
        obj = getattr(pa, name)
        if (inspect.isclass(obj) and issubclass(obj, Warning)) or inspect.ismodule(obj) or not callable(obj):
            continue  # a warning class, and the datasets module (its loaders stand apart from the package)
        if not inspect.isclass(obj):
            found.append((f"{name}()", obj))
            continue
        assert obj in OBJECTS, f"no instance of {name} to call its methods on: add one to _objects()"
        instance = OBJECTS[obj]
        if obj is pa.AgreeAccessor:
            found.append(("DataFrame.agree()", instance))  # pandas makes the accessor; the user calls it
        else:
            found.append((f"{name}()", obj))
        for attr, member in inspect.getmembers(obj):
            if attr.startswith("_") or isinstance(inspect.getattr_static(obj, attr), property) or not callable(member):
                continue
            if hasattr(member, "fget") or "cached_property" in type(inspect.getattr_static(obj, attr)).__name__:
                continue
            found.append((f"{_display(obj)}.{attr}()", getattr(instance, attr)))
    return found + _dask_accessor()


CALLABLES = _callables()
IDS = [name for name, _ in CALLABLES]


def test_every_public_class_and_the_accessor_are_covered():
    names = set(IDS)
    for expected in ("agreement()", "measures()", "Agreement()", "Agreement.from_table()", "Agreement.binary()",
                     "Agreement.report()", "AgreementReport.to_html()", "RaterAgreement.by_category()",
                     "Comparison.tests()", "ComparisonReport()", "DataFrame.agree()", "DataFrame.agree.report()",
                     "DataFrame.agree.raters()", "DataFrame.agree.compare()",
                     "dask.dataframe.DataFrame.agree.binary()"):
        assert expected in names


def _allowed(message: str) -> list[str]:
    found = re.search(r"; allowed: (.*)$", message)
    return [] if found is None else found.group(1).split(", ")


@pytest.mark.parametrize(("name", "function"), CALLABLES, ids=IDS)
def test_an_unknown_keyword_names_the_callable_and_what_it_takes(name, function):
    with pytest.raises(TypeError) as err:
        function(**{BOGUS: 1})
    message = str(err.value)
    assert message.startswith(f"{name} got an unexpected keyword argument '{BOGUS}'"), message
    assert "; allowed: " in message or message.endswith("it takes no keyword arguments"), message


def _message(function, *args, **kwargs) -> str:
    with pytest.raises(TypeError) as err:
        function(*args, **kwargs)
    return str(err.value)


def _misspellings() -> list[tuple[str, object, str]]:
    """(name, callable, a keyword it takes) for the first three and last two keywords of every callable that takes
    keywords of more than two letters."""
    cases = []
    for name, function in CALLABLES:
        allowed = [a for a in _allowed(_message(function, **{BOGUS: 1})) if len(a) > 2]
        cases += [(name, function, right) for right in dict.fromkeys(allowed[:3] + allowed[-2:])]
    return cases


MISSPELLINGS = _misspellings()


@pytest.mark.parametrize(("name", "function", "right"), MISSPELLINGS, ids=[f"{n}-{r}" for n, _, r in MISSPELLINGS])
def test_a_misspelt_keyword_gets_the_closest_name(name, function, right):
    wrong = right + right[-1]  # one letter too many
    message = _message(function, **{wrong: 1})
    assert message.startswith(f"{name} got an unexpected keyword argument '{wrong}' (did you mean '{right}'?)"), message


def _positional() -> list[tuple[str, object, list[str]]]:
    """(name, callable, its positional arguments) for every callable that takes a bounded number of them."""
    cases = []
    for name, function in CALLABLES:
        params = inspect.signature(function).parameters.values()
        if not any(p.kind is p.VAR_POSITIONAL for p in params):
            cases.append((name, function, [p.name for p in params if p.kind in (p.POSITIONAL_ONLY,
                                                                                 p.POSITIONAL_OR_KEYWORD)]))
    return cases


POSITIONAL = _positional()


def test_every_callable_is_checked_for_surplus_positional_arguments():
    assert {name for name, _, _ in POSITIONAL} == set(IDS)  # none takes *args


@pytest.mark.parametrize(("name", "function", "positional"), POSITIONAL, ids=[n for n, _, _ in POSITIONAL])
def test_a_positional_argument_too_many_names_the_callable(name, function, positional):
    message = _message(function, *([None] * (len(positional) + 1)))
    assert message.startswith(f"{name} takes "), message
    assert f"but {len(positional) + 1} w" in message, message
    assert (f"({', '.join(positional)})" in message) if positional else "takes no positional arguments" in message


@pytest.mark.parametrize(("call", "expected"), [
    # the cases of the defect: the message named neither the function nor what is allowed
    (lambda ag, df: ag.multiclass(foo=1), "Agreement.multiclass() got an unexpected keyword argument 'foo'; "
                                          "allowed: measures, kappa_weights, bands, ci, "),
    (lambda ag, df: ag.binary(["REC"], "x"), "Agreement.binary() takes at most 1 positional argument (measures) but "
                                             "2 were given; the others are keyword arguments: classes, positive, "),
    (lambda ag, df: df.agree.report("cultivar", "knn", colour=1),
     "DataFrame.agree.report() got an unexpected keyword argument 'colour'; allowed: actual, pred, by, weights, "
     "dropna, labels, match, strata, cluster, fpc, lonely_psu, replicates, measures, classes, "),
    (lambda ag, df: pa.agreement(df["cultivar"], df["knn"], wieghts=np.ones(len(df))),
     "agreement() got an unexpected keyword argument 'wieghts' (did you mean 'weights'?); allowed: y_true, y_pred, "
     "weights, "),
    (lambda ag, df: df.agree.binary("cultivar", "knn", n_resample=10),
     "DataFrame.agree.binary() got an unexpected keyword argument 'n_resample' (did you mean 'n_resamples'?)"),
    (lambda ag, df: df.agree.raters(["knn", "logistic"], weigths="w"),
     "DataFrame.agree.raters() got an unexpected keyword argument 'weigths' (did you mean 'weights'?); allowed: "
     "columns, labels, weights, "),
    (lambda ag, df: df.agree.compare("cultivar", ["knn", "logistic"], refrence="x"),
     "DataFrame.agree.compare() got an unexpected keyword argument 'refrence' (did you mean 'reference'?)"),
    (lambda ag, df: ag.report(confidence=0.9), "Agreement.report() got an unexpected keyword argument 'confidence'"),
    (lambda ag, df: df.agree.compare("cultivar", ["knn", "logistic"]).values(clases="union"),
     "Comparison.values() got an unexpected keyword argument 'clases' (did you mean 'classes'?)"),
])
def test_the_messages_of_the_cases_reported(call, expected):
    df = pa.datasets.load("wine_predictions")
    message = _message(call, df.agree("cultivar", "knn"), df)
    assert message.startswith(expected), message


def test_a_word_that_only_shares_letters_gets_no_suggestion():
    message = _message(lambda: pa.datasets.load("wine_predictions").agree.report("cultivar", "knn", colour=1))
    assert "did you mean" not in message  # not 'cluster'


def test_unknown_keywords_are_errors_before_any_work():
    # the grouped report checks every option before it counts a group
    df = pa.datasets.load("wine_predictions")
    with pytest.raises(TypeError, match=r"DataFrame.agree.report\(\) got an unexpected keyword argument 'colour'"):
        df.agree.report("cultivar", "knn", by="logistic", colour="blue")
