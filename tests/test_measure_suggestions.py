"""An unknown measure name gets the measures it may have meant: the parametrised measure it spells (F2 is FBETA
with beta = 2), else close codes, names and aliases; in Python and on the command line (the same suggestions,
spelt in each one's words)."""

import warnings

import numpy as np
import pandas as pd
import pytest
from sklearn.metrics import fbeta_score

import pandas_agree as pa
from pandas_agree.measures.registry import KINDS, UnknownMeasureError, records, suggestions


@pytest.fixture(scope="module")
def wine():
    return pa.datasets.load("wine_predictions")


def _message(call) -> str:
    with pytest.raises(ValueError) as err, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        call()
    assert isinstance(err.value, UnknownMeasureError)
    return str(err.value)


@pytest.mark.parametrize(("name", "suggested"), [
    ("F2", "FBETA with beta=2"), ("F0.5", "FBETA with beta=0.5"), ("f-0.5", "FBETA with beta=0.5"),
    ("F_2", "FBETA with beta=2"), ("F-beta 2", "FBETA with beta=2"), ("Fbeta2", "FBETA with beta=2"),
    ("F2 score", "FBETA with beta=2"), ("F3", "FBETA with beta=3"), ("F1.0", "F1"), ("F 1", "F1"),
    ("TVERSKY 0.5 0.5", "TVERSKY with tversky=(0.5, 0.5)"), ("Tversky(1, 0.5)", "TVERSKY with tversky=(1, 0.5)"),
    ("sensitivty", "REC (sensitivity)"), ("precison", "PRE (precision)"), ("recal", "REC (recall)"),
    ("KAPA", "KAPPA (a multiclass measure) or KAPPA_W (a multiclass measure) or "),
])
def test_class_measures_suggest_what_the_name_spells(wine, name, suggested):
    message = _message(lambda: wine.agree.binary("cultivar", "knn", measures=[name]))
    prefix = f"measures: unknown measure {name!r}; did you mean {suggested}"
    assert message.startswith(prefix), message
    assert suggested.endswith(" or ") or message.removeprefix(prefix).startswith("?"), message  # nothing more


def test_f2_is_no_longer_dif2(wine):
    # the case reported: F2 suggested DIF2, a multiclass measure of another meaning
    message = _message(lambda: wine.agree.report("cultivar", "knn", measures=["F2"]))
    assert "FBETA with beta=2" in message and "DIF2" not in message


@pytest.mark.parametrize(("name", "weights"), [("QWK", "quadratic"), ("quadratic weighted kappa", "quadratic"),
                                                ("linear kappa", "linear"), ("kappa_w_quadratic", "quadratic"),
                                                ("LWK", "linear")])
def test_weighted_kappa_spelt_with_its_weights(wine, name, weights):
    message = _message(lambda: wine.agree.multiclass("cultivar", "knn", measures=[name]))
    assert f"did you mean KAPPA_W with kappa_weights={weights!r}?" in message, message


def test_a_measure_of_another_kind_says_so(wine):
    assert "FBETA with beta=2 (a binary measure)" in _message(
        lambda: wine.agree.multiclass("cultivar", "knn", measures=["F2"]))
    assert "PRE (precision, a binary measure)" in _message(
        lambda: wine.agree.multiclass("cultivar", "knn", measures=["precison"]))


def test_no_suggestion_for_an_f_score_that_is_not_one(wine):
    message = _message(lambda: wine.agree.binary("cultivar", "knn", measures=["F0"]))  # beta must be positive
    assert "did you mean" not in message


def test_the_suggestion_works_and_is_the_f2_score(wine):
    # following the suggestion gives the F2 score (scikit-learn's fbeta_score with beta=2, per class)
    f2 = wine.agree.binary("cultivar", "knn", measures=["FBETA"], beta=2)["FBETA"].to_numpy()
    expected = fbeta_score(wine["cultivar"].astype(str), wine["knn"].astype(str), beta=2, average=None)
    np.testing.assert_allclose(f2, expected, rtol=1e-14)


@pytest.mark.parametrize("kind", KINDS)
def test_every_code_name_and_alias_misspelt_suggests_its_measure_first(kind):
    # generated from the registry: each spelling with its last letter doubled
    for m in records(kind):
        for text in (m.code, m.name, *m.aliases):
            if len(text) >= 3:
                got = [s.code for s in suggestions(text + text[-1], kind)]
                assert got[:1] == [m.code], (text, got)


def test_the_rater_coefficients_keep_their_namespace():
    raters = pa.datasets.load("anxiety").agree.raters(["rater1", "rater2", "rater3"])
    message = _message(lambda: raters.summary(["FLEIS"]))
    assert "did you mean FLEISS?" in message and "? Measures must be chosen from ('FLEISS'" in message


def test_a_suggestion_and_the_choices_read_as_two_sentences():
    """"did you mean AUC?; measures must be chosen from" read badly: the choices follow the question as a sentence."""
    scores = pd.DataFrame({"y": [0, 1, 0, 1], "s": [0.1, 0.9, 0.3, 0.6]}).agree.scores("y", "s", positive=1)
    with pytest.raises(ValueError, match=r"did you mean .*AUC.*\? Measures must be chosen from \('AUC'") as caught:
        scores.values(["AUROC"])
    assert "?;" not in str(caught.value)
