"""Result frames carry only plain JSON data in ``attrs``, so that they print, concatenate and compare on every
supported pandas (pandas compares ``attrs`` when it concatenates, and an array or a DataFrame there raises)."""

import json
import warnings

import numpy as np
import pandas as pd
import pytest

import pandas_agree as pa

TABLE = np.array([[50.0, 3, 0], [2, 30, 1], [0, 1, 1]])  # a rare third class: some resamples leave values undefined
FAST = {"n_resamples": 50, "random_state": 0}


def _agreement():
    return pa.Agreement.from_table(TABLE)


def _raters():
    return pa.datasets.load("anxiety").agree.raters(["rater1", "rater2", "rater3"])


def _comparison():
    return pa.datasets.load("wine_predictions").agree.compare("cultivar", ["knn", "logistic"])


RESULTS = {
    "crosstab": lambda: _agreement().crosstab(),
    "binary": lambda: _agreement().binary(),
    "binary, ci='auto'": lambda: _agreement().binary(["REC", "PRE", "F1", "CORR"], ci="auto", **FAST),
    "binary, ci='bootstrap'": lambda: _agreement().binary(["PRE", "CORR"], ci="bootstrap", **FAST),
    "averages": lambda: _agreement().averages(),
    "averages, ci='auto'": lambda: _agreement().averages(["REC", "F1"], ci="auto", **FAST),
    "multiclass": lambda: _agreement().multiclass(),
    "multiclass, ci='auto'": lambda: _agreement().multiclass(ci="auto", **FAST),
    "tests": lambda: _agreement().tests(),
    "raters summary": lambda: _raters().summary(),
    "raters summary, ci='auto'": lambda: _raters().summary(ci="auto", **FAST),
    "raters pairwise": lambda: _raters().pairwise(),
    "raters by_category": lambda: _raters().by_category(),
    "comparison values": lambda: _comparison().values(["OSR", "F1"], **FAST),
    "comparison differences": lambda: _comparison().differences(["OSR", "F1"], **FAST),
    "comparison tests": lambda: _comparison().tests(),
}


def _result(name: str) -> pd.DataFrame:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return RESULTS[name]()


def _plain(value) -> bool:
    """Whether ``value`` is made of str, int, float, bool, None, lists and dicts with str keys only."""
    if value is None or isinstance(value, (str, bool, int, float)):
        return not isinstance(value, np.generic)
    if isinstance(value, list):
        return all(_plain(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain(v) for k, v in value.items())
    return False


@pytest.mark.parametrize("name", list(RESULTS))
def test_attrs_are_plain_json(name):
    frame = _result(name)
    assert _plain(frame.attrs), {k: type(v).__name__ for k, v in frame.attrs.items()}
    assert json.loads(json.dumps(frame.attrs)) == frame.attrs


@pytest.mark.parametrize("name", list(RESULTS))
def test_results_print_concatenate_and_compare(name):
    a, b = _result(name), _result(name)  # two computations: equal attrs, but not the same objects
    assert repr(a) and a.to_string()
    both = pd.concat([a, b])
    assert len(both) == 2 * len(a) and both.attrs == a.attrs
    assert a.equals(b)


def test_bootstrapped_results_have_attrs_to_check():
    # the checks above see real metadata: methods, left-out resamples per class, classes per average, notes
    binary = _result("binary, ci='bootstrap'")
    assert set(binary.attrs["undefined_resamples"]) == {"PRE", "CORR"}
    assert len(binary.attrs["undefined_resamples"]["PRE"]) == 3 and binary.attrs["undefined_resamples"]["PRE"][2] > 0
    classes = pd.DataFrame(_result("averages").attrs["classes"])
    assert list(classes.columns) == ["unweighted", "weighted", "inverse", "micro"] and (classes <= 3).all().all()
    assert isinstance(_result("multiclass, ci='auto'").attrs["notes"], list)
