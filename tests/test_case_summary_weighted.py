"""The Case Processing Summary under frequency weights, as SPSS's CROSSTABS shows it after ``WEIGHT BY``: weighted
Valid, Missing and Total, percentages of the weighted total, and no row for the cases of a zero or missing weight
(SPSS leaves them out of the procedure; the notes count them). The weighted count of the rows with a missing label
(``weight_missing``) is kept by the count of every engine (pandas, Dask, Polars) and adds up when tables are added.
Without weights the summary keeps its rows."""

from __future__ import annotations

import json

import numpy as np
import openpyxl
import pandas as pd
import pytest

import pandas_agree as pa
from pandas_agree.report.agreement import case_summary

from ._r_datasets import TITANIC

dd = pytest.importorskip("dask.dataframe")
pl = pytest.importorskip("polars")

CASES = pd.Index(["Valid", "Missing", "Total"], name="Cases")

# By hand: rows 0–2 are valid (1.5 + 2 + 0.5 = 4); rows 3–5 miss a label (2.25 + 3 + 4 = 9.25); row 6 has a weight of
# 0 and row 7 a missing weight (both with valid labels). Total 13.25: Valid 4 / 13.25 = 30.188679…%, Missing 69.811…%.
HAND = pd.DataFrame({"a": ["x", "y", "x", None, "y", None, "x", "y"],
                     "b": ["x", "y", "y", "x", None, None, "x", "x"],
                     "w": [1.5, 2.0, 0.5, 2.25, 3.0, 4.0, 0.0, np.nan]})
HAND_N = [4.0, 9.25, 13.25]


def _expected(counts) -> pd.DataFrame:
    counts = np.asarray(counts, dtype=float)
    return pd.DataFrame({"N": counts, "Percent": 100 * counts / counts[-1]}, index=CASES)


# --- R's Titanic, as SPSS shows it ------------------------------------------------------------------------------------

def test_titanic_weighted_summary_is_spss():
    # SPSS: WEIGHT BY Freq. CROSSTABS /TABLES=Class BY Survived. on R's as.data.frame(Titanic) (32 rows, 8 of Freq 0):
    # Case Processing Summary Valid 2201 100.0%, Missing 0 0.0%, Total 2201 100.0%
    report = TITANIC.agree.crosstabs("Class", "Survived", weights="Freq").report()
    pd.testing.assert_frame_equal(report.summary, _expected([2201, 0, 2201]))
    text = str(report)
    assert "Valid    2201   100.0%" in text and "Missing     0     0.0%" in text and "Total    2201   100.0%" in text
    assert "Excluded by weight" not in text and "Weighted N" not in text
    # the rows stay in the notes: 24 counted, 8 of weight 0 left out
    assert any("N = 2201 is the sum of the weights of 24 rows" in note for note in report.notes)
    assert "8 rows with a weight of 0 were left out." in report.notes


def test_titanic_layers_have_weighted_summaries():
    # R: margin.table(Titanic, 3): Child 109, Adult 2092; of the 16 rows of children 8 have Freq 0
    report = TITANIC.agree.crosstabs("Class", "Survived", weights="Freq", layers="Age").report()
    pd.testing.assert_frame_equal(report.summary, _expected([2201, 0, 2201]))
    pd.testing.assert_frame_equal(report.layers["Child"].summary, _expected([109, 0, 109]))
    pd.testing.assert_frame_equal(report.layers["Adult"].summary, _expected([2092, 0, 2092]))
    assert "8 rows with a weight of 0 were left out." in report.layers["Child"].notes
    assert report.to_dict()["layers"]["Child"]["summary"]["data"] == [[109.0, 100.0], [0.0, 0.0], [109.0, 100.0]]


# --- a known weighted Missing -----------------------------------------------------------------------------------------

def test_weighted_missing_is_the_weight_of_the_rows_with_a_missing_label():
    ct = HAND.agree.crosstabs("a", "b", weights="w")
    assert ct.n == 4.0 and ct.weight_missing == 9.25
    assert (ct.n_missing, ct.n_missing_weight, ct.n_zero_weight, ct.n_rows) == (4, 1, 1, 8)
    pd.testing.assert_frame_equal(case_summary(ct), _expected(HAND_N))
    ag = HAND.agree("a", "b", weights="w")
    assert ag.weight_missing == 9.25
    pd.testing.assert_frame_equal(ag.report(random_state=0).summary, _expected(HAND_N))


def test_every_output_shows_the_weighted_summary(tmp_path):
    report = HAND.agree.crosstabs("a", "b", weights="w").report()
    text = str(report)
    lines = text.splitlines()
    at = lines.index("Case Processing Summary")
    # one format for the column: the whole Valid count with two decimals beside the weighted Missing
    assert lines[at + 2:at + 9] == ["Cases        N  Percent", "─" * 23, "Valid     4.00    30.2%",
                                    "Missing   9.25    69.8%", "─" * 23, "Total    13.25   100.0%", "═" * 23]
    html = report.to_html()
    assert "9.25" in html and "13.25" in html and "Excluded by weight" not in html and "Weighted N" not in html
    data = json.loads(json.dumps(report.to_dict()))
    assert data["summary"]["index"] == ["Valid", "Missing", "Total"]
    assert data["summary"]["columns"] == ["N", "Percent"]
    assert [row[0] for row in data["summary"]["data"]] == HAND_N
    report.to_excel(tmp_path / "summary.xlsx")
    frame = pd.read_excel(tmp_path / "summary.xlsx", sheet_name="Summary", header=None)
    cells = frame.astype(object).where(frame.notna(), None).to_numpy().tolist()
    start = next(i for i, row in enumerate(cells) if row[0] == "Cases")
    assert [row[0] for row in cells[start + 1:start + 4]] == ["Valid", "Missing", "Total"]
    assert [row[1] for row in cells[start + 1:start + 4]] == HAND_N


def test_the_agreement_workbook_shows_weighted_cases(tmp_path):
    path = tmp_path / "agreement.xlsx"
    HAND.agree.report("a", "b", weights="w", random_state=0).to_excel(path)
    ws = openpyxl.load_workbook(path)["Summary"]
    rows = [[c.value for c in row] for row in ws.iter_rows()]
    start = next(i for i, row in enumerate(rows) if row[0] == "Cases")
    assert [v for v in rows[start] if v is not None] == ["Cases", "N", "Percent"]
    assert [row[:2] for row in rows[start + 1:start + 4]] == [["Valid", 4], ["Missing", 9.25], ["Total", 13.25]]


# --- zero and missing weights: no cases, but notes --------------------------------------------------------------------

def test_zero_and_missing_weights_are_not_in_the_table_but_in_the_notes():
    report = HAND.agree.crosstabs("a", "b", weights="w").report()
    assert list(report.summary.index) == ["Valid", "Missing", "Total"]
    assert report.notes[:4] == [
        "Frequency weights were used: N = 4 is the sum of the weights of 3 rows; the Case Processing Summary counts "
        "weights, as SPSS's WEIGHT BY does.",
        "3 rows with a missing value were left out.",
        "1 row with a missing weight was left out.",
        "1 row with a weight of 0 was left out.",
    ]
    agreement_notes = HAND.agree.report("a", "b", weights="w", random_state=0).notes
    assert "3 rows with a missing label were left out." in agreement_notes
    assert "1 row with a missing weight was left out." in agreement_notes


def test_a_row_missing_its_label_and_its_weight_counts_as_a_missing_weight():
    frame = pd.DataFrame({"a": ["x", "y", None, None], "b": ["x", "y", "x", "y"], "w": [1.0, 2.0, np.nan, 0.5]})
    ct = frame.agree.crosstabs("a", "b", weights="w")
    assert (ct.weight_missing, ct.n_missing, ct.n_missing_weight) == (0.5, 2, 1)
    pd.testing.assert_frame_equal(case_summary(ct), _expected([3.0, 0.5, 3.5]))
    notes = ct.report().notes
    assert "1 row with a missing value was left out." in notes and "1 row with a missing weight was left out." in notes


# --- the same summary from every engine -------------------------------------------------------------------------------

@pytest.mark.parametrize("engine", ["dask", "polars"])
def test_engines_give_the_pandas_summary(engine):
    frame = dd.from_pandas(HAND, npartitions=3) if engine == "dask" else pl.from_pandas(HAND)
    expected = HAND.agree.crosstabs("a", "b", weights="w").report()
    ct = pa.crosstabs(frame, "a", "b", weights="w")
    assert (ct.weight_missing, ct.n_missing, ct.n_missing_weight, ct.n_zero_weight) == (9.25, 4, 1, 1)
    report = ct.report()
    pd.testing.assert_frame_equal(report.summary, expected.summary)
    assert report.notes == expected.notes
    ag = frame.agree("a", "b", weights="w")
    assert ag.weight_missing == 9.25
    pd.testing.assert_frame_equal(case_summary(ag), _expected(HAND_N))


@pytest.mark.parametrize("engine", ["pandas", "dask", "polars"])
def test_engines_agree_on_titanic(engine):
    frame = {"pandas": TITANIC, "dask": dd.from_pandas(TITANIC, npartitions=4),
             "polars": pl.from_pandas(TITANIC)}[engine]
    report = pa.crosstabs(frame, "Class", "Survived", weights="Freq").report()
    pd.testing.assert_frame_equal(report.summary, _expected([2201, 0, 2201]))
    assert "8 rows with a weight of 0 were left out." in report.notes


@pytest.mark.parametrize("engine", ["pandas", "polars"])
def test_a_missing_layer_value_is_a_weighted_missing_case(engine):
    # rows 6 and 7 have no layer: row 6 (weight 0) adds nothing, row 7 (missing weight) is a missing weight
    frame = HAND.assign(g=["p", "p", "q", "q", "p", "q", None, None], w=HAND["w"].fillna(1.0).where(
        HAND.index != 7, np.nan))
    frame.loc[6, "w"] = 0.75
    native = frame if engine == "pandas" else pl.from_pandas(frame)
    ct = pa.crosstabs(native, "a", "b", weights="w", layers="g")
    # missing: 9.25 (labels) + 0.75 (row 6, no layer); the layers: p has row 4 (3), q rows 3 and 5 (6.25)
    assert ct.weight_missing == 10.0 and ct.n_missing_weight == 1 and ct.n_missing == 5
    assert {k: v.weight_missing for k, v in ct.layers.items()} == {"p": 3.0, "q": 6.25}
    pd.testing.assert_frame_equal(ct.report().summary, _expected([4.0, 10.0, 14.0]))


def test_the_design_path_of_dask_keeps_the_weighted_missing():
    frame = HAND.assign(psu=[1, 1, 2, 2, 3, 3, 4, 4])
    expected = frame.agree("a", "b", weights="w", cluster="psu")
    got = dd.from_pandas(frame, npartitions=2).agree("a", "b", weights="w", cluster="psu")
    assert expected.weight_missing == got.weight_missing == 9.25
    assert expected.n_missing_weight == got.n_missing_weight == 1
    pd.testing.assert_frame_equal(case_summary(got), case_summary(expected))


def test_a_table_held_sparse_keeps_the_weighted_missing():
    # 2100 labels a side: more than 2**22 cells, counted and held sparse
    n = 2100
    labels = np.arange(n).astype(str).astype(object)
    a, b = labels.copy(), labels.copy()
    a[:3] = None
    w = np.full(n, 2.0)
    w[:3] = [0.5, 1.25, np.nan]
    ct = pa.crosstabs(pd.DataFrame({"a": a, "b": b, "w": w}), "a", "b", weights="w")
    assert ct.held_sparse
    assert (ct.weight_missing, ct.n_missing, ct.n_missing_weight) == (1.75, 3, 1)


# --- adding tables, and the other table objects -----------------------------------------------------------------------

def test_added_tables_add_their_weighted_missing():
    first = HAND.agree("a", "b", weights="w")
    second = HAND.iloc[:6].agree("a", "b", weights="w")
    both = first + second
    assert both.weight_missing == 18.5 and both.n_missing_weight == 1
    pd.testing.assert_frame_equal(case_summary(both), _expected([8.0, 18.5, 26.5]))


def test_comparison_and_scores_keep_the_weighted_missing():
    frame = HAND.assign(c=["x", "y", "x", "x", "y", "y", "x", "y"], s=[0.9, 0.2, 0.6, 0.3, 0.8, 0.1, 0.5, 0.4])
    cmp = frame.agree.compare("a", ["b", "c"], weights="w")
    assert cmp.weight_missing == 9.25
    scores = frame.agree.scores("a", "s", weights="w", positive="x")
    assert scores.weight_missing == 6.25  # rows 3 and 5 miss the label a (2.25 + 4); row 7 its weight


def test_comparison_and_scores_reports_show_weighted_cases():
    """The reports of a comparison and of scores show weighted cases under weights, as the crosstab's does: no
    row counts beside a weighted N."""
    frame = HAND.assign(c=["x", "y", "x", "x", "y", "y", "x", "y"], s=[0.9, 0.2, 0.6, 0.3, 0.8, 0.1, 0.5, 0.4])
    cmp = frame.agree.compare("a", ["b", "c"], weights="w")
    summary = cmp.report(ci=None).summary
    assert summary.index.tolist() == ["Valid", "Missing (any column)", "Total"]
    assert summary["N"].tolist() == [cmp.n, 9.25, cmp.n + 9.25] and list(summary.columns) == ["N", "Percent"]
    scores = frame.agree.scores("a", "s", weights="w", positive="x")
    summary = scores.report(ci=None).summary
    assert summary["N"].tolist() == [scores.n, 6.25, scores.n + 6.25] and list(summary.columns) == ["N", "Percent"]
    assert summary.loc["Missing", "Percent"] == pytest.approx(100 * 6.25 / (scores.n + 6.25))


# --- without weights: the rows, as SPSS counts them ------------------------------------------------------------------

def test_unweighted_summary_counts_rows_and_weight_missing_counts_rows():
    """Without weights the cases are the rows, Valid, Missing and Total as SPSS shows them (no row of cases
    excluded by a weight, which cannot be), and the notes speak of missing values only."""
    frame = HAND.drop(columns="w")
    ct = frame.agree.crosstabs("a", "b")
    assert ct.weight_missing == 3.0 and ct.n_missing == 3 and ct.n_missing_weight == 0
    expected = pd.DataFrame({"N": [5, 3, 8], "Percent": [62.5, 37.5, 100.0]},
                            index=pd.Index(["Valid", "Missing", "Total"], name="Cases"))
    report = ct.report()
    pd.testing.assert_frame_equal(report.summary, expected)
    assert "3 rows with a missing value were left out." in report.notes
    assert not any("weight" in note for note in report.notes)
    lines = str(report).splitlines()
    at = lines.index("Case Processing Summary")
    assert lines[at + 2:at + 9] == ["Cases    N  Percent", "─" * 19, "Valid    5    62.5%",
                                    "Missing  3    37.5%", "─" * 19, "Total    8   100.0%", "═" * 19]


def test_the_total_percent_is_100_and_whole_sums_print_whole():
    """Sums of fractional weights that are whole but for rounding (4/3 + 57/3 + 140/3) print as whole numbers, one
    format for every count of a table; the Total's percent is 100 exactly (not 100.00000000000001) in every
    output."""
    frame = pd.DataFrame({"a": ["x", "x", "x", "y", "y"], "b": ["u", "v", "v", "u", "v"],
                          "w": [4 / 3, 57 / 3, 140 / 3, 1.0, 2.0]})
    report = frame.agree.crosstabs("a", "b", weights="w").report()
    lines = str(report).splitlines()
    assert "Total    70   100.0%" in lines and "N = 70" in lines[1]
    counts = [line for line in lines if "Count" in line]
    assert counts[0].split()[-3:] == ["1.33", "65.67", "67.00"] and counts[1].split()[-3:] == ["1.00", "2.00", "3.00"]
    assert report.summary["Percent"].iloc[-1] == 100.0
    thirds = pd.DataFrame({"a": ["x", None, "y"], "b": ["u", "v", "v"], "w": [1 / 3, 1 / 3, 1 / 3]})
    summary = thirds.agree.crosstabs("a", "b", weights="w").report().summary
    assert summary["Percent"].tolist()[-1] == 100.0 and json.loads(json.dumps(summary["Percent"].tolist()))[-1] == 100


def test_counts_of_rows_are_integers_and_sums_floats():
    """N counts rows without weights (integers, as SPSS prints them), sums with weights, or the cells of a table
    given as counts, which may hold fractions (floats)."""
    frame = HAND.drop(columns="w")
    assert frame.agree.crosstabs("a", "b").report().summary["N"].dtype == np.int64
    assert HAND.agree.crosstabs("a", "b", weights="w").report().summary["N"].dtype == np.float64
    assert pa.Agreement.from_table([[3, 1], [1, 2]]).report(ci=None).summary["N"].tolist() == [7, 0, 7]
    fractions = pa.Agreement.from_table([[3.5, 1], [1, 2]]).report(ci=None).summary
    assert fractions["N"].dtype == np.float64 and fractions["N"].tolist() == [7.5, 0.0, 7.5]
    raters = pd.DataFrame({"r1": ["x", "y", "x", None], "r2": ["x", "y", "y", "x"]})
    assert pa.RaterAgreement(raters).report(ci=None).summary["N"].tolist() == [3, 1, 4]
