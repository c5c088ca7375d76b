"""Agreement.confusions() and the report's "Largest Confusions" table."""

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings

import pandas_agree as pa

from ._tables import square_tables


def test_largest_first_with_shares_and_labels_of_both_sides():
    # labels differ: "c" is only in the reference, "d" only predicted; (c, d) is a confusion, no matching cell
    t = pd.DataFrame([[50, 10, 0], [5, 20, 7], [4, 6, 9]], index=list("abc"), columns=["a", "b", "d"])
    c = pa.Agreement.from_table(t).confusions(top=None)
    assert list(c.columns) == ["reference", "predicted", "count", "row share", "share"]
    assert c.index.name == "rank" and list(c.index) == list(range(1, 7))
    assert list(zip(c["reference"], c["predicted"], c["count"], strict=True)) == [
        ("a", "b", 10), ("c", "d", 9), ("b", "d", 7), ("c", "b", 6), ("b", "a", 5), ("c", "a", 4)]
    assert c["count"].dtype == np.int64
    assert c.loc[1, "row share"] == pytest.approx(10 / 60) and c.loc[1, "share"] == pytest.approx(10 / 111)
    assert len(pa.Agreement.from_table(t).confusions(top=2)) == 2


def test_ties_keep_the_order_of_the_table_and_weights_stay_float():
    t = np.array([[5.0, 2, 2], [2, 5, 0], [0, 0, 5]])
    c = pa.Agreement.from_table(t).confusions()
    assert list(zip(c["reference"], c["predicted"], strict=True)) == [(0, 1), (0, 2), (1, 0)]
    df = pd.DataFrame({"a": list("xxyy"), "b": list("xyxy"), "w": [1.5, 2.0, 1.0, 1.0]})
    assert df.agree("a", "b", weights="w").confusions()["count"].dtype == np.float64
    assert pa.Agreement.from_table([[3, 0], [0, 4]]).confusions().empty


@settings(max_examples=30, deadline=None)
@given(table=square_tables(min_k=2, max_k=6, low=0, high=30))
def test_the_confusions_are_the_off_diagonal_cells(table):
    t = table.to_numpy().astype(float)
    if t.sum() == 0:
        return
    c = pa.Agreement.from_table(t).confusions(top=None)
    off = t.copy()
    np.fill_diagonal(off, 0)
    assert sorted(c["count"].tolist(), reverse=True) == c["count"].tolist()
    assert sorted(c["count"].tolist()) == sorted(off[off > 0].tolist())
    assert c["count"].sum() == pytest.approx(t.sum() - np.trace(t))


def test_bad_top_names_the_argument():
    with pytest.raises(ValueError, match="top must be None or an integer >= 1"):
        pa.Agreement.from_table([[3, 1], [1, 4]]).confusions(top=0)


def test_the_report_shows_the_largest_confusions():
    report = pa.datasets.load("wine_predictions").agree.report("cultivar", "knn", ci=None)
    text = str(report)
    assert text.index("Largest Confusions") < text.index("Multiclass Measures")
    assert "cultivar 3  cultivar 2     26     54.2%     14.6%" in text
    assert "Largest Confusions" in report.to_html()
    assert report.confusions.equals(report.agreement.confusions(top=10))


def _confusions_footnote(report) -> str:
    text = " ".join(str(report).split())
    return text.split("Largest Confusions", 1)[1].split("═ ", 1)[1].split(" Multiclass Measures", 1)[0]


def test_a_two_by_two_table_lists_both_confusions_without_pointing_to_more():
    # [[40, 7], [3, 50]]: its two confusions, 7 and 3 objects (numpy: the off-diagonal cells), are both shown
    report = pa.Agreement.from_table([[40, 7], [3, 50]]).report(ci=None)
    assert list(report.confusions["count"]) == [7, 3]
    foot = _confusions_footnote(report)
    assert "Every cell outside the matching cells that holds objects, the largest first." in foot
    assert "confusions(top=None)" not in foot and "lists them all" not in foot


@pytest.mark.parametrize("cells", [10, 11])
def test_ten_confusions_are_all_shown_and_eleven_are_not(cells):
    # a 4×4 table with `cells` non-empty cells off its diagonal (np.count_nonzero): the report shows 10 (CONFUSIONS)
    t = np.diag([100.0, 90, 80, 70])
    off = [(i, j) for i in range(4) for j in range(4) if i != j][:cells]
    for n, (i, j) in enumerate(off):
        t[i, j] = n + 1
    report = pa.Agreement.from_table(t).report(ci=None)
    assert len(report.confusions) == 10
    foot = _confusions_footnote(report)
    assert ("Agreement.confusions(top=None) lists them all" in foot) is (cells > 10)
    assert ("Every cell outside the matching cells that holds objects" in foot) is (cells <= 10)
