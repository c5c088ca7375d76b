"""Rebuild the bundled data sets ``wine_predictions``, ``iris_clusters`` and ``cancer_scores`` from scikit-learn's
copies.

Run from the project root (needs scikit-learn):

    python examples/make_datasets.py

The output is deterministic: fixed fold assignment and fixed k-means seed.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
from sklearn.cluster import KMeans
from sklearn.datasets import load_breast_cancer, load_iris, load_wine
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_val_predict
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

OUT = Path(__file__).resolve().parents[1] / "pandas_agree" / "datasets"


def wine_predictions() -> pd.DataFrame:
    """True cultivar and 5-fold cross-validated predictions of two classifiers (UCI wine data)."""
    data = load_wine()
    names = [f"cultivar {k + 1}" for k in range(3)]
    folds = StratifiedKFold(n_splits=5, shuffle=True, random_state=0)
    knn = cross_val_predict(KNeighborsClassifier(n_neighbors=5), data.data, data.target, cv=folds)
    logistic = cross_val_predict(make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000)),
                                 data.data, data.target, cv=folds)
    return pd.DataFrame({
        "cultivar": [names[k] for k in data.target],
        "knn": [names[k] for k in knn],
        "logistic": [names[k] for k in logistic],
    })


def cancer_scores() -> pd.DataFrame:
    """Diagnosis of each tumour and two classifiers' 5-fold cross-validated probabilities that it is malignant
    (Wisconsin Diagnostic Breast Cancer data)."""
    data = load_breast_cancer()
    malignant = (data.target == 0).astype(int)  # scikit-learn codes malignant 0
    folds = StratifiedKFold(n_splits=5, shuffle=True, random_state=0)
    logistic = cross_val_predict(make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000)), data.data,
                                 malignant, cv=folds, method="predict_proba")[:, 1]
    bayes = cross_val_predict(GaussianNB(), data.data, malignant, cv=folds, method="predict_proba")[:, 1]
    return pd.DataFrame({
        "diagnosis": ["malignant" if m else "benign" for m in malignant],
        "logistic": logistic,
        "bayes": bayes,
    })


def iris_clusters() -> pd.DataFrame:
    """Iris species and the ids of a 3-means clustering of the four measurements."""
    data = load_iris()
    clusters = KMeans(n_clusters=3, n_init=10, random_state=0).fit_predict(data.data)
    return pd.DataFrame({
        "species": [data.target_names[k] for k in data.target],
        "cluster": clusters + 1,
    })


if __name__ == "__main__":
    wine_predictions().to_csv(OUT / "wine_predictions.csv", index=False)
    iris_clusters().to_csv(OUT / "iris_clusters.csv", index=False)
    cancer_scores().to_csv(OUT / "cancer_scores.csv", index=False)
    print(f"wrote wine_predictions.csv, iris_clusters.csv and cancer_scores.csv to {OUT}")
