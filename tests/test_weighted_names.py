"""With agreement weights, a report names each coefficient as what it is: the multiclass table's AC1 row is Gwet's AC2
(weighted), the Kappa Paradox table's AC1 row the unweighted AC1, in the text, HTML and the workbook's Summary sheet
alike (the rows keep the code AC1)."""

import warnings

import numpy as np
import pandas as pd
import pytest

import pandas_agree as pa

openpyxl = pytest.importorskip("openpyxl")

# vcd's SexualFun: Husband (rows) x Wife (columns), 91 couples.  R: library(vcd); data(SexualFun)
LEVELS = ["Never Fun", "Fairly Often", "Very Often", "Always fun"]
TABLE = np.array([[7, 7, 2, 3], [2, 8, 3, 7], [1, 5, 4, 9], [2, 8, 9, 14]], dtype=float)


def gwet_ac1(table: np.ndarray) -> float:
    """Gwet's AC1 from its published formula (Gwet 2008): Pe = Σ π_k (1 − π_k)/(q − 1), π_k the pooled share."""
    n, q = table.sum(), len(table)
    po = np.trace(table) / n
    pi = (table.sum(axis=0) + table.sum(axis=1)) / (2 * n)
    pe = (pi * (1 - pi)).sum() / (q - 1)
    return (po - pe) / (1 - pe)


@pytest.fixture(scope="module")
def report():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        frame = pd.DataFrame(TABLE, index=LEVELS, columns=LEVELS)
        return pa.Agreement.from_table(frame).report(kappa_weights="linear", random_state=0)


def _row(text: str, table_title: str, code: str) -> str:
    block = text.split(table_title, 1)[1]
    return next(line for line in block.splitlines() if line.rstrip().split("  ")[0].endswith(f"({code})"))


def test_the_paradox_table_names_its_unweighted_ac1_so(report):
    assert report.paradox.loc["AC1", "value"] == pytest.approx(gwet_ac1(TABLE), rel=1e-12)
    assert report.multiclass.loc["AC1", "value"] != pytest.approx(report.paradox.loc["AC1", "value"], rel=1e-3)
    text = str(report)
    assert _row(text, "Multiclass Measures", "AC1").startswith("Gwet's AC2 (AC1)")
    assert _row(text, "Kappa Paradox", "AC1").startswith("Gwet's AC1 (AC1)")
    html = report.to_html()
    assert html.count("Gwet&#x27;s AC2 (AC1)") + html.count("Gwet's AC2 (AC1)") == 1


def test_the_workbook_names_the_weighted_coefficients_as_the_text_does(report, tmp_path):
    report.to_excel(tmp_path / "r.xlsx")
    rows = [r[:3] for r in openpyxl.load_workbook(tmp_path / "r.xlsx")["Summary"].iter_rows(values_only=True)]
    named = [(code, name) for code, name, _ in rows if code in ("SPI", "AC1", "ALPHA")]
    assert named == [("SPI", "weighted Scott's pi"), ("AC1", "Gwet's AC2"), ("ALPHA", "weighted Krippendorff's alpha"),
                     ("AC1", "Gwet's AC1")]
