"""The workbook's sheets of data hold labels that are numbers (SPSS-style codes 1, 2, 3) as numbers, as the data holds
them, not as text that Excel flags ("number stored as text") and sorts as text; labels that are text ("1"),
booleans, or integers beyond 2⁵³ (identifiers a float would round) stay text."""

import numpy as np
import pandas as pd
import pytest

import pandas_agree  # noqa: F401  (the .agree accessor)
from pandas_agree.report.xlsx import numeric_label

openpyxl = pytest.importorskip("openpyxl")


def _book(tmp_path, a, p):
    path = tmp_path / "labels.xlsx"
    pd.DataFrame({"a": a, "p": p}).agree.report("a", "p", ci=None).to_excel(path)
    return openpyxl.load_workbook(path)


def _codes(n=600, k=4, seed=0):
    rng = np.random.default_rng(seed)
    a = rng.integers(1, k + 1, n)
    return a, np.where(rng.random(n) < 0.7, a, rng.integers(1, k + 1, n))


def test_integer_codes_are_numbers(tmp_path):
    book = _book(tmp_path, *_codes())
    crosstab = book["Crosstab"]
    assert [c.value for c in crosstab[2][1:5]] == [1, 2, 3, 4]  # the column labels
    assert [crosstab.cell(r, 1).value for r in range(3, 8)] == [1, 2, 3, 4, "Total"]
    assert all(crosstab.cell(r, 1).data_type == "n" for r in range(3, 7))
    confusions = book["Confusions"]
    assert all(isinstance(confusions.cell(3, col).value, int) for col in (1, 2, 3))  # rank, reference, predicted
    measures = book["Class measures"]
    assert [measures.cell(r, 1).value for r in range(3, 7)] == [1, 2, 3, 4]


def test_text_and_boolean_labels_stay_text(tmp_path):
    a, p = _codes()
    book = _book(tmp_path, a.astype(str), p.astype(str))
    assert [c.value for c in book["Crosstab"][2][1:5]] == ["1", "2", "3", "4"]
    a, p = _codes(k=2)
    book = _book(tmp_path, a == 1, p == 1)
    assert {c.value for c in book["Crosstab"][2][1:3]} == {"True", "False"}


@pytest.mark.parametrize(("label", "cell"), [
    (3, "3"), (np.int64(-7), "-7"), (2.5, "2.5"), (np.float32(0.5), "0.5"), (2**53, str(2**53)), (2**53 + 1, None),
    (True, None), (np.bool_(False), None), (float("nan"), None), (float("inf"), None), ("1", None), (None, None)])
def test_numeric_label(label, cell):
    assert numeric_label(label) == cell
