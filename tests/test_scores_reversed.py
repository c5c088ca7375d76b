"""An AUC whose interval lies entirely below 0.5: scores read the wrong way round (probability columns in another
order than the labels, a score of the other label) are not flipped, but said in a warning and in the report's notes.

Known answers: scikit-learn's ``roc_auc_score`` on the Wisconsin breast cancer data with a standardised logistic
regression's probabilities. R's pROC on the same probabilities (p0 = p(malignant)):
``roc(y, p0, levels = c("malignant", "benign"), direction = "<")`` gives AUC 0.002563, DeLong CI [0, 0.005894]; with
its default ``direction = "auto"`` it prints "Setting direction: controls > cases" and gives 0.9974."""

import warnings

import numpy as np
import pandas as pd
import pytest
from sklearn.datasets import load_breast_cancer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

import pandas_agree  # noqa: F401  (registers df.agree)

REVERSED = "lies entirely below 0.5"


@pytest.fixture(scope="module")
def cancer():
    """scikit-learn codes malignant 0 and benign 1, so predict_proba's columns are [p(malignant), p(benign)]; the
    labels sorted are benign, malignant: the columns [p0, p1] given without labels= are matched the wrong way."""
    data = load_breast_cancer()
    model = make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000)).fit(data.data, data.target)
    p = model.predict_proba(data.data)
    return pd.DataFrame({"y": np.where(data.target == 0, "malignant", "benign"), "p0": p[:, 0], "p1": p[:, 1],
                         "fractal": data.data[:, list(data.feature_names).index("mean fractal dimension")]})


def _reversed(caught) -> list[str]:
    return [str(w.message) for w in caught if issubclass(w.category, UserWarning) and REVERSED in str(w.message)]


def test_columns_in_the_wrong_label_order_warn(cancer):
    # the AUC of p0 as the probability of "benign": scikit-learn's roc_auc_score(y == "benign", p0)
    expected = roc_auc_score(cancer["y"] == "benign", cancer["p0"])
    assert expected < 0.01
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        values = cancer.agree.scores("y", ["p0", "p1"]).values("AUC", ci="auto")
    assert values.loc["AUC", "value"] == pytest.approx(expected, rel=1e-12)  # nothing is flipped
    texts = _reversed(caught)
    assert len(texts) == 1
    upper = values.loc["AUC", "upper"]
    assert upper < 0.5
    assert "p0, p1" in texts[0] and f"{expected:.4f}" in texts[0] and f"upper limit {upper:.4f}" in texts[0]
    assert "labels=" in texts[0] and "p0 → 'benign'" in texts[0]


def test_columns_in_the_label_order_do_not_warn(cancer):
    # with labels= in the columns' order: scikit-learn's roc_auc_score(y == "malignant", p0), above 0.99
    expected = roc_auc_score(cancer["y"] == "malignant", cancer["p0"])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        scores = cancer.agree.scores("y", ["p0", "p1"], labels=["malignant", "benign"])
        values = scores.values("AUC", ci="auto")
        scores.classes("AUC", ci="auto")
        report = scores.report()
    assert values.loc["AUC", "value"] == pytest.approx(expected, rel=1e-12)
    assert expected > 0.99
    assert _reversed(caught) == []
    assert not any(REVERSED in note for note in report.notes)


def test_the_classes_name_the_column(cancer):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        classes = cancer.agree.scores("y", ["p0", "p1"]).classes("AUC", ci="auto")
    texts = _reversed(caught)
    assert len(texts) == 2
    assert "p0, the probability of 'benign'" in texts[0] and "p1, the probability of 'malignant'" in texts[1]
    assert f"upper limit {classes.loc['benign', ('AUC', 'upper')]:.4f}" in texts[0]


def test_one_score_of_the_other_label_warns(cancer):
    # p0 is the probability of malignant; read as benign's score its AUC is 1 − roc_auc_score(malignant, p0)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        values = cancer.agree.scores("y", "p0", positive="benign").values("AUC", ci="auto")
        right = cancer.agree.scores("y", "p0", positive="malignant").values("AUC", ci="auto")
    assert values.loc["AUC", "value"] == pytest.approx(roc_auc_score(cancer["y"] == "benign", cancer["p0"]))
    assert right.loc["AUC", "value"] > 0.99
    texts = _reversed(caught)
    assert len(texts) == 1
    assert "the score p0" in texts[0] and "positive label 'benign'" in texts[0] and "positive=" in texts[0]


def test_a_weak_score_below_one_half_does_not_warn(cancer):
    # the mean fractal dimension alone: roc_auc_score(malignant, x) = 0.4845, an interval that holds 0.5
    expected = roc_auc_score(cancer["y"] == "malignant", cancer["fractal"])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        values = cancer.agree.scores("y", "fractal", positive="malignant").values("AUC", ci="auto")
    assert values.loc["AUC", "value"] == pytest.approx(expected)
    assert values.loc["AUC", "value"] < 0.5 < values.loc["AUC", "upper"]
    assert _reversed(caught) == []


def test_the_report_says_it_once_in_its_notes(cancer):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        report = cancer.agree.scores("y", ["p0", "p1"]).report()
    texts = _reversed(caught)
    assert len(texts) == 1  # the average's, not again for each class
    assert texts[0] in report.notes
    assert REVERSED in report.to_html()


def test_the_comparison_names_the_reversed_score(cancer):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        report = cancer.agree.compare_scores("y", ["p0", "p1"], positive="benign").report()
    texts = _reversed(caught)
    assert len(texts) == 1 and "the score p0" in texts[0] and "p1" not in texts[0]
    assert texts[0] in report.notes
