"""A Comparison's frames and report name its predictions as given: a column named None, a tuple of a MultiIndex."""

import warnings

import numpy as np
import pandas as pd
import pytest
from sklearn.metrics import accuracy_score, cohen_kappa_score

import pandas_agree as pa  # noqa: F401  (the .agree accessor)


def _named_none(n=100, seed=0):
    """A reference and two predictions of two classes, the first in a column named None."""
    rng = np.random.default_rng(seed)
    ref = rng.integers(0, 2, n)
    first = np.where(rng.random(n) < 0.8, ref, 1 - ref)
    second = np.where(rng.random(n) < 0.7, ref, 1 - ref)
    return pd.DataFrame({"ref": ref, None: first, "tree": second}), ref, first, second


def test_values_index_keeps_a_prediction_named_none():
    df, ref, first, second = _named_none()
    comparison = df.agree.compare("ref", [None, "tree"])
    for values in (comparison.values(["OSR", "KAPPA"], ci=None),
                   comparison.values(["OSR", "KAPPA"], ci="auto", random_state=0, n_resamples=200)):
        # under pandas 3 pd.Index([None, "tree"]) infers the string dtype and turns None into NaN
        assert values.index.tolist() == [None, "tree"] and values.index[0] is None
        osr = values.xs("value", axis=1, level="stat")["OSR"] if values.columns.nlevels == 2 else values["OSR"]
        kappa = values.xs("value", axis=1, level="stat")["KAPPA"] if values.columns.nlevels == 2 else values["KAPPA"]
        # scikit-learn's accuracy and Cohen's kappa of each prediction, found by the name as given
        assert osr.loc[[None]].iloc[0] == pytest.approx(accuracy_score(ref, first))
        assert kappa.loc["tree"] == pytest.approx(cohen_kappa_score(ref, second))


def test_values_index_keeps_tuple_names_and_text_names():
    df, ref, first, second = _named_none()
    df.columns = pd.MultiIndex.from_tuples([("ref", 0), ("a", 1), ("b", 2)])
    values = df.agree.compare(("ref", 0), [("a", 1), ("b", 2)]).values(["OSR"], ci=None)
    assert values.index.nlevels == 1 and values.index.tolist() == [("a", 1), ("b", 2)]
    assert values.loc[[("a", 1)], "OSR"].iloc[0] == pytest.approx(accuracy_score(ref, first))  # scikit-learn
    text = pd.DataFrame({"ref": ref, "knn": first, "tree": second}).agree.compare("ref", ["knn", "tree"])
    # text names: the Index pandas makes of them (its string dtype under pandas 3)
    pd.testing.assert_index_equal(text.values(["OSR"], ci=None).index, pd.Index(["knn", "tree"]))


def test_every_frame_and_the_report_name_a_prediction_named_none_alike():
    df = _named_none()[0]
    comparison = df.agree.compare("ref", [None, "tree"])
    assert comparison.differences(["OSR"], ci=None).index.tolist() == ["(missing) − tree"]
    assert comparison.differences(["OSR"], ci="auto").index.tolist() == ["(missing) − tree"]
    between = comparison.tests().index.get_level_values("between")
    assert set(between) == {"(missing) vs tree", "all"}
    assert repr(comparison).startswith("<Comparison: (missing) vs tree against ref")
    report = comparison.report(measures=["OSR"], random_state=0, n_resamples=200)
    text = str(report)
    assert text.splitlines()[0] == "Comparison report: (missing), tree against ref"
    lines = text.splitlines()
    assert any(line.startswith("(missing) ") for line in lines)  # its row of values
    assert any(line.startswith("(missing) − tree ") for line in lines)  # the pair's differences
    assert any(line.startswith("MCNEMAR · (missing) vs tree · (all)") for line in lines)
    assert "None" not in text


def test_labels_left_out_name_a_prediction_named_none():
    # the reference's class "c" is never predicted by the column named None: the averages leave it out
    df = pd.DataFrame({"ref": list("aabbcc") * 5, None: list("aabbab") * 5, "tree": list("aabbcc") * 5})
    comparison = df.agree.compare("ref", [None, "tree"])
    with pytest.warns(UserWarning, match=r"^\(missing\): "):
        comparison.values(["F1"], ci=None)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        report = comparison.report(measures=["F1"], ci=None)
        text = str(report)
    assert "(missing): reference labels never predicted" in text
    assert "None" not in text
