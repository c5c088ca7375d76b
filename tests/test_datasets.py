"""Bundled data."""

import importlib.util
from pathlib import Path

import numpy as np
import pytest
from statsmodels.stats.inter_rater import aggregate_raters, fleiss_kappa

import pandas_agree as pa


def test_names():
    assert pa.datasets.names() == ["anxiety", "cancer_scores", "diagnoses", "iris_clusters", "wine_predictions"]


@pytest.mark.parametrize("name, shape", [("wine_predictions", (178, 3)), ("iris_clusters", (150, 2)),
                                         ("diagnoses", (30, 7)), ("anxiety", (20, 4)), ("cancer_scores", (569, 3))])
def test_load_shapes_and_sources(name, shape):
    df = pa.datasets.load(name)
    assert df.shape == shape
    assert "Source" in pa.datasets.describe(name)
    assert pa.datasets.load(name) is not df  # a new frame each time


def test_diagnoses_is_fleiss_1971():
    # Fleiss (1971), Psychological Bulletin 76, 378-382: kappa = 0.430 for the 30 patients x 6 raters.
    df = pa.datasets.load("diagnoses")
    counts, _ = aggregate_raters(df.filter(like="rater").apply(lambda c: c.cat.codes).to_numpy())
    assert round(fleiss_kappa(counts), 3) == 0.430
    assert list(df["rater1"].cat.categories) == [
        "Depression", "Personality Disorder", "Schizophrenia", "Neurosis", "Other"]


def test_cancer_scores_are_scikit_learn_s_breast_cancer_data():
    """The diagnoses are scikit-learn's (212 malignant of 569) and the probabilities cross-validated ones: the
    logistic regression's AUC is that of scikit-learn's roc_auc_score on them."""
    from sklearn.datasets import load_breast_cancer
    from sklearn.metrics import roc_auc_score

    df = pa.datasets.load("cancer_scores")
    malignant = load_breast_cancer().target == 0
    assert (df["diagnosis"].eq("malignant").to_numpy() == malignant).all()
    assert list(df["diagnosis"].cat.categories) == ["benign", "malignant"]
    assert df[["logistic", "bayes"]].stack().between(0, 1).all()
    auc = df.agree.scores("diagnosis", "logistic").values("AUC").loc["AUC", "value"]
    assert auc == pytest.approx(roc_auc_score(malignant, df["logistic"]), rel=1e-14)


def test_anxiety_levels():
    df = pa.datasets.load("anxiety")
    values = df[["rater1", "rater2", "rater3"]].to_numpy()
    assert values.min() == 1 and values.max() == 6


def test_wine_predictions_is_reproducible():
    pytest.importorskip("sklearn")
    script = Path(__file__).resolve().parents[1] / "examples" / "make_datasets.py"
    spec = importlib.util.spec_from_file_location("make_datasets", script)
    make_datasets = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_datasets)
    rebuilt = make_datasets.wine_predictions()
    shipped = pa.datasets.load("wine_predictions").astype(str)
    assert (rebuilt.to_numpy() == shipped.to_numpy()).all()
    rebuilt = make_datasets.iris_clusters()
    assert np.array_equal(rebuilt.to_numpy(), pa.datasets.load("iris_clusters").to_numpy())


def test_unknown_dataset():
    with pytest.raises(ValueError, match="name must be one of"):
        pa.datasets.load("nope")
