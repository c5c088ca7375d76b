"""Example data sets bundled with pandas_agree.

>>> import pandas_agree as pa
>>> pa.datasets.names()
['anxiety', 'cancer_scores', 'diagnoses', 'iris_clusters', 'wine_predictions']
>>> pa.datasets.load("wine_predictions").shape
(178, 3)
"""

from __future__ import annotations

from importlib import resources

import pandas as pd

__all__ = ["describe", "load", "names"]

_DIAGNOSES = ["Depression", "Personality Disorder", "Schizophrenia", "Neurosis", "Other"]


def _wine_predictions(frame: pd.DataFrame) -> pd.DataFrame:
    """UCI wine data (Forina et al., as shipped with scikit-learn's ``load_wine``): 178 wines.

    Columns: ``cultivar`` (the true cultivar of each wine), ``knn`` and ``logistic`` (its predicted cultivar
    from 5-fold stratified cross-validation of a 5-nearest-neighbour classifier on the raw measurements and
    of a standardised logistic regression). ``examples/make_datasets.py`` rebuilds it.

    Source: Aeberhard, S., Coomans, D. & de Vel, O. (1992), Comparison of classifiers in high dimensional
    settings; UCI Machine Learning Repository, Wine data set.
    """
    levels = sorted(frame["cultivar"].unique())
    return frame.astype({c: pd.CategoricalDtype(levels) for c in frame.columns})


def _iris_clusters(frame: pd.DataFrame) -> pd.DataFrame:
    """Fisher's iris data (as shipped with scikit-learn's ``load_iris``): 150 flowers.

    Columns: ``species`` and ``cluster``, the id (1, 2, 3) of a k-means clustering (k = 3, scikit-learn
    ``KMeans(n_init=10, random_state=0)``) of the four measurements. Cluster ids do not correspond to
    species names: use ``match=``. ``examples/make_datasets.py`` rebuilds it.

    Source: Fisher, R. A. (1936), The use of multiple measurements in taxonomic problems, Annals of
    Eugenics 7, 179–188.
    """
    return frame


def _diagnoses(frame: pd.DataFrame) -> pd.DataFrame:
    """Psychiatric diagnoses of 30 patients by 6 raters each, 5 categories (one row per patient).

    Columns: ``patient`` and ``rater1`` … ``rater6`` (categorical: Depression, Personality Disorder,
    Schizophrenia, Neurosis, Other). Fleiss' kappa is 0.430.

    Source: Fleiss, J. L. (1971), Measuring nominal scale agreement among many raters, Psychological
    Bulletin 76, 378–382, Table 1 (as distributed in the R package irr, data set ``diagnoses``).
    """
    raters = [c for c in frame.columns if c.startswith("rater")]
    return frame.astype(dict.fromkeys(raters, pd.CategoricalDtype(_DIAGNOSES)))


def _anxiety(frame: pd.DataFrame) -> pd.DataFrame:
    """Anxiety ratings of 20 subjects by 3 raters on levels 1 (not anxious) to 6 (extremely anxious).

    Columns: ``subject``, ``rater1``, ``rater2``, ``rater3`` (integers).

    Source: the R package irr (Gamer, Lemon, Fellows & Singh), data set ``anxiety`` (simulated ratings).
    """
    return frame


def _cancer_scores(frame: pd.DataFrame) -> pd.DataFrame:
    """Wisconsin Diagnostic Breast Cancer data (as shipped with scikit-learn's ``load_breast_cancer``): 569 tumours.

    Columns: ``diagnosis`` ("benign" or "malignant", categorical in that order) and ``logistic`` and ``bayes``: the
    probability that the tumour is malignant from 5-fold stratified cross-validation of a standardised logistic
    regression and of a Gaussian naive Bayes classifier on the 30 features (naive Bayes gives many
    probabilities of exactly 0 and 1).
    ``examples/make_datasets.py`` rebuilds it.

    Source: Street, W. N., Wolberg, W. H. & Mangasarian, O. L. (1993), Nuclear feature extraction for breast tumor
    diagnosis, IS&T/SPIE Symposium on Electronic Imaging 1905, 861–870; UCI Machine Learning Repository, Breast
    Cancer Wisconsin (Diagnostic) data set.
    """
    return frame.astype({"diagnosis": pd.CategoricalDtype(["benign", "malignant"])})


_LOADERS = {
    "anxiety": _anxiety,
    "cancer_scores": _cancer_scores,
    "diagnoses": _diagnoses,
    "iris_clusters": _iris_clusters,
    "wine_predictions": _wine_predictions,
}


def names() -> list[str]:
    """The names of the bundled data sets.

    Examples
    --------
    >>> import pandas_agree as pa
    >>> "diagnoses" in pa.datasets.names()
    True
    """
    return sorted(_LOADERS)


def load(name: str) -> pd.DataFrame:
    """Load a bundled data set as a new DataFrame.

    Parameters
    ----------
    name : str
        One of :func:`names`: ``"wine_predictions"``, ``"iris_clusters"``, ``"cancer_scores"``, ``"diagnoses"``,
        ``"anxiety"``.
        Each loader's source is cited in ``pandas_agree.datasets.describe(name)``.

    Examples
    --------
    >>> import pandas_agree as pa
    >>> pa.datasets.load("iris_clusters").head(2)
      species  cluster
    0  setosa        2
    1  setosa        2
    """
    if name not in _LOADERS:
        raise ValueError(f"name must be one of {names()}; got {name!r}")
    with resources.files(__name__).joinpath(f"{name}.csv").open("rb") as f:
        frame = pd.read_csv(f)
    return _LOADERS[name](frame)


def describe(name: str) -> str:
    """The description and source of a bundled data set.

    Examples
    --------
    >>> import pandas_agree as pa
    >>> "Fleiss" in pa.datasets.describe("diagnoses")
    True
    """
    if name not in _LOADERS:
        raise ValueError(f"name must be one of {names()}; got {name!r}")
    return _LOADERS[name].__doc__ or ""
