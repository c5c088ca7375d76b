"""match=: a dict naming a reference label the table does not have is refused; clusters paired with no class are
listed by their "<id> (unmatched)" names wherever the labels left out of the averages are listed; the Matching
table is cut at max_classes as the crosstab is."""

from __future__ import annotations

import warnings
from functools import cache

import numpy as np
import pandas as pd
import pytest

import pandas_agree as pa


def quiet(f, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return f(*args, **kwargs)


@cache
def iris() -> pd.DataFrame:
    """Species (names and codes) of scikit-learn's iris with k-means clusters (k = 3 and 5)."""
    from sklearn.cluster import KMeans
    from sklearn.datasets import load_iris

    data = load_iris(as_frame=True)
    return pd.DataFrame({
        "cls": np.asarray(data.target_names)[data.target], "y": data.target.to_numpy(),
        "cluster": KMeans(3, random_state=0, n_init=10).fit_predict(data.data),
        "k": KMeans(5, random_state=0, n_init=10).fit_predict(data.data),
    })


@cache
def wine() -> pd.DataFrame:
    """Cultivars of scikit-learn's wine with k-means clusters (k = 4)."""
    from sklearn.cluster import KMeans
    from sklearn.datasets import load_wine

    data = load_wine(as_frame=True)
    return pd.DataFrame({"cls": np.asarray(data.target_names)[data.target],
                         "cluster": KMeans(4, random_state=0, n_init=10).fit_predict(data.data)})


# --- a dict naming a class that does not exist -------------------------------------------------------------------

TYPO = {0: "virginica", 1: "setosa", 2: "versicolour"}
RIGHT = {0: "versicolor", 1: "setosa", 2: "virginica"}
LISTED = "'setosa', 'versicolor', 'virginica'"


def _refused(call):
    with pytest.raises(ValueError, match="match") as err:
        quiet(call)
    text = str(err.value)
    assert "not reference labels: 'versicolour'" in text and LISTED in text
    return text


def test_a_match_dict_naming_no_reference_label_is_an_error():
    df = iris()
    _refused(lambda: df.agree("cls", "cluster", match=TYPO))
    _refused(lambda: df.agree.report("cls", "cluster", match=TYPO))
    _refused(lambda: pa.agreement(df["cls"], df["cluster"], match=TYPO))
    _refused(lambda: pa.Agreement.from_frame(df, "cls", "cluster", match=TYPO))
    _refused(lambda: pa.Agreement.from_table(pd.crosstab(df["cls"], df["cluster"]), match=TYPO))
    # the right names still pair
    ag = df.agree("cls", "cluster", match=RIGHT)
    assert ag.assignment() == RIGHT and list(ag.predicted_only) == []


def test_a_match_dict_naming_no_reference_label_is_an_error_in_a_comparison_and_by_groups():
    df = iris().assign(site=np.arange(150) % 2, again=iris()["cluster"])
    _refused(lambda: df.agree.compare("cls", ["cluster", "again"], match=TYPO))
    _refused(lambda: pa.Comparison.from_frame(df, "cls", ["again", "cluster"], match=TYPO))
    _refused(lambda: df.agree.report("cls", "cluster", match=TYPO, by="site"))


def test_a_match_dict_naming_no_reference_label_is_an_error_on_polars_and_dask():
    pl = pytest.importorskip("polars")
    dd = pytest.importorskip("dask.dataframe")
    df = iris()[["cls", "cluster"]]
    _refused(lambda: pl.from_pandas(df).agree("cls", "cluster", match=TYPO))
    _refused(lambda: pl.from_pandas(df).lazy().agree("cls", "cluster", match=TYPO))
    _refused(lambda: dd.from_pandas(df, npartitions=3).agree("cls", "cluster", match=TYPO))


def test_the_reference_labels_a_bad_match_lists_are_cut_and_the_bad_ones_named_once():
    classes = np.array([f"c{i:02d}" for i in range(30)])
    df = pd.DataFrame({"a": np.repeat(classes, 2), "p": np.tile(np.arange(30), 2)})
    match = {i: f"c{i:02d}" for i in range(28)} | {28: "nope", 29: "nope2"}
    with pytest.raises(ValueError, match="match") as err:
        quiet(df.agree, "a", "p", match=match)
    text = str(err.value)
    assert "not reference labels: 'nope', 'nope2';" in text
    assert "'c00', 'c01'" in text and "… (30 in all)" in text and "'c29'" not in text


# --- the names of the clusters paired with no class ----------------------------------------------------------------

def _left_out_row(report) -> list:
    tables = [t for s in report.document().sections for t in s.tables if t.title == "Labels Left Out of the Averages"]
    assert len(tables) == 1
    return tables[0].rows


def test_the_labels_left_out_table_names_unpaired_clusters_as_the_labels_do():
    df = iris()
    ag = quiet(df.agree, "y", "k", match="accuracy")
    assert list(ag.predicted_only) == [0, 2] and list(ag.labels)[3:] == ["0 (unmatched)", "2 (unmatched)"]
    rep = quiet(df.agree.report, "y", "k", match="accuracy", ci=None)
    assert _left_out_row(rep) == [("Predicted labels paired with no reference label", ["0 (unmatched), 2 (unmatched)"])]
    assert "Predicted labels paired with no reference label: 0 (unmatched), 2 (unmatched)." in str(rep)
    assert "0 (unmatched), 2 (unmatched)" in rep.to_html()


def test_an_unpaired_cluster_id_that_is_no_class_name_is_named_unmatched_too():
    df = wine()
    ag = quiet(df.agree, "cls", "cluster", match="accuracy")
    (lone,) = ag.predicted_only  # four clusters, three cultivars
    assert list(ag.labels) == ["class_0", "class_1", "class_2", f"{lone} (unmatched)"]
    rep = quiet(df.agree.report, "cls", "cluster", match="accuracy", ci=None)
    assert _left_out_row(rep) == [("Predicted labels paired with no reference label", [f"{lone} (unmatched)"])]
    assert f"{lone} (unmatched)" in quiet(ag.binary, ["REC"], classes="union").index


def test_the_workbook_report_sheet_names_unpaired_clusters(tmp_path):
    from openpyxl import load_workbook

    rep = quiet(iris().agree.report, "y", "k", match="accuracy", ci=None)
    path = tmp_path / "r.xlsx"
    rep.to_excel(path)
    cells = [str(c) for row in load_workbook(path)["Report"].iter_rows(values_only=True) for c in row if c]
    assert "0 (unmatched), 2 (unmatched)" in cells


def test_the_left_out_warnings_quote_the_labels_so_they_do_not_read_as_counts():
    df = iris()
    ag = quiet(df.agree, "y", "k", match="accuracy")
    with pytest.warns(UserWarning, match="leave out") as caught:
        ag.averages(["REC"])
    text = " ".join(str(w.message) for w in caught)
    assert "predicted labels not in the reference: '0 (unmatched)', '2 (unmatched)'" in text
    comp = quiet(df.agree.compare, "y", ["cluster", "k"], match="accuracy")
    with pytest.warns(UserWarning, match="leave out") as caught:
        comp.values(["REC"])
    text = " ".join(str(w.message) for w in caught)
    assert "k: the averages over the labels on both sides leave out predicted labels not in the reference: " \
           "'0 (unmatched)', '2 (unmatched)'" in text
    # without matching a label that is a number is quoted as the label it is, not a count
    plain = quiet(pa.agreement, ["a", "b", "b"], ["a", "b", 3])
    with pytest.warns(UserWarning, match="leave out") as caught:
        plain.averages(["REC"])
    assert "predicted labels not in the reference: 3;" in str(caught[0].message)
    plain = quiet(pa.agreement, [1, 2, 2], [1, 2, "3"])
    with pytest.warns(UserWarning, match="leave out") as caught:
        plain.averages(["REC"])
    assert "predicted labels not in the reference: '3';" in str(caught[0].message)


# --- the Matching table of many pairs --------------------------------------------------------------------------

@cache
def many() -> pd.DataFrame:
    """400 classes, 500 clusters: cluster i holds most of class i (i < 400); 100 clusters hold a few objects."""
    rng = np.random.default_rng(7)
    y = np.repeat(np.arange(400), 10)
    k = np.where(rng.random(y.size) < 0.8, y, rng.integers(0, 500, y.size))
    return pd.DataFrame({"y": y, "k": k})


def _matching(report):
    return next(t for s in report.document().sections for t in s.tables if t.title.startswith("Matching of"))


def test_the_matching_table_of_more_pairs_than_max_classes_prints_the_first_and_says_where_the_rest_are():
    rep = quiet(many().agree.report, "y", "k", match="accuracy", ci=None, statistics=None)
    assert rep.agreement.mapping.shape[0] == 400
    table = _matching(rep)
    assert len(table.rows) == 20
    assert [r[0] for r in table.rows] == [str(i) for i in range(20)]
    note = table.footnotes[-1]
    assert note.startswith("400 pairs, more than max_classes = 20: the first 20 are shown.")
    assert "report.agreement.mapping" in note and "to_dict()" in note
    assert len(rep.to_dict()["mapping"]["data"]) == 400
    assert len(str(rep).splitlines()) < 400  # nor do the notes list every pair
    small = quiet(many().agree.report, "y", "k", match="accuracy", ci=None, max_classes=None)
    assert len(_matching(small).rows) == 400
    few = quiet(iris().agree.report, "cls", "cluster", match="accuracy", ci=None)
    assert len(_matching(few).rows) == 3 and not any("max_classes" in f for f in _matching(few).footnotes)


def test_one_pair_printed_is_said_in_the_singular():
    df = pd.DataFrame({"y": [0, 0, 0, 1, 1, 1, 2, 2, 2], "k": [7, 7, 8, 8, 8, 9, 9, 9, 7]})
    rep = quiet(df.agree.report, "y", "k", match="accuracy", ci=None, max_classes=1)
    table = _matching(rep)
    assert len(table.rows) == 1
    assert table.footnotes[-1].startswith("3 pairs, more than max_classes = 1: the first is shown.")
