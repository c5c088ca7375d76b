"""A data sheet gives each level of a frame's index a column of its own, headed by the level's name, so that a user
can filter and sort the workbook by any of them (the comparison's tests by test, pair or class; a score comparison's
statistics by score or measure); the columns of values keep their number formats."""

import openpyxl
import pandas as pd
import pytest

import pandas_agree as pa
from pandas_agree.report.sheet import P_FORMAT


def _table(ws, first: str) -> tuple[list, list[list]]:
    """The header (the row whose first cell is ``first``) and the rows under it, up to the next empty row."""
    rows = list(ws.iter_rows())
    start = next(i for i, row in enumerate(rows) if row[0].value == first)
    body = []
    for row in rows[start + 1:]:
        if row[0].value is None:
            break
        body.append(list(row))
    return [c.value for c in rows[start]], body


@pytest.fixture(scope="module")
def compare_report():
    df = pa.datasets.load("wine_predictions")
    return df.agree.compare("cultivar", ["knn", "logistic"]).report(random_state=0, n_resamples=50)


def test_comparison_tests_sheet_has_a_column_for_test_pair_and_class(compare_report, tmp_path):
    path = tmp_path / "compare.xlsx"
    compare_report.to_excel(path)
    header, body = _table(openpyxl.load_workbook(path)["Tests"], "test")
    tests = compare_report.tests
    assert header == [*tests.index.names, *tests.columns] == ["test", "between", "class", "statistic", "df",
                                                              "pvalue", "method"]
    assert [tuple(c.value for c in row[:3]) for row in body] == list(tests.index)
    assert {row[0].value for row in body} == {"MCNEMAR", "COCHRAN_Q"}
    assert {row[1].value for row in body} == {"knn vs logistic", "all"}
    assert [row[3].value for row in body] == pytest.approx(tests["statistic"].tolist(), nan_ok=True)
    assert {row[5].number_format for row in body} == {P_FORMAT}
    assert {row[4].number_format for row in body if row[4].value is not None} == {"0"}  # exact binomial: none
    assert [row[6].value for row in body] == tests["method"].tolist()
    # the column of test codes is as wide as its capitals: COCHRAN_Q in Arial 10 is 6.39 em, 11.5 digits (0.556 em)
    # wide, and a cell's margins take about one digit more
    assert openpyxl.load_workbook(path)["Tests"].column_dimensions["A"].width >= 12.5
    # filtering by one column is what the sheet is for: one pair's tests, class by class
    frame = pd.read_excel(path, sheet_name="Tests", header=1)
    pair = frame[frame["between"] == "knn vs logistic"]
    assert pair["class"].tolist() == ["(all)", "cultivar 1", "cultivar 2", "cultivar 3"]
    assert frame[frame["class"] == "cultivar 2"]["test"].tolist() == ["MCNEMAR", "COCHRAN_Q"]


def test_score_comparison_values_have_a_column_for_score_and_measure(tmp_path):
    df = pd.DataFrame({"y": [0, 0, 1, 1, 0, 1] * 3, "a": [0.1, 0.4, 0.35, 0.8, 0.2, 0.9] * 3,
                       "b": [0.3, 0.2, 0.6, 0.7, 0.1, 0.5] * 3})
    report = df.agree.compare_scores("y", ["a", "b"]).report()
    path = tmp_path / "scores.xlsx"
    report.to_excel(path)
    header, body = _table(openpyxl.load_workbook(path)["Values"], "score")
    assert header[:3] == ["score", "measure", "value"]
    assert [(row[0].value, row[1].value) for row in body] == list(report.values.index)
    assert [row[2].value for row in body] == pytest.approx(report.values["value"].tolist())
    # the differences of the AUCs under them by the pair's scores, their columns in line with the values'
    header, body = _table(openpyxl.load_workbook(path)["Values"], "first")
    assert header[:7] == ["first", "second", "value", "se", "lower", "upper", "method"]
    assert [(row[0].value, row[1].value) for row in body] == [("a", "b")]
    header, body = _table(openpyxl.load_workbook(path)["Tests"], "first")
    assert header[:2] == ["first", "second"] and [(row[0].value, row[1].value) for row in body] == [("a", "b")]
