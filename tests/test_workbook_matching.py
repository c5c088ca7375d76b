"""A matched table's workbook (``match=``) holds the whole pairing on a "Matching" sheet, whatever max_classes cuts
from the printed Matching table; an unmatched table has no such sheet."""

import warnings

import numpy as np
import openpyxl
import pandas as pd
import pytest

import pandas_agree  # noqa: F401  (registers the accessor)


@pytest.fixture(scope="module")
def clusters():
    rng = np.random.default_rng(3)
    truth = rng.integers(0, 12, 1500)
    cluster = np.where(rng.random(1500) < 0.8, (truth * 5 + 3) % 12, rng.integers(0, 12, 1500))
    return pd.DataFrame({"truth": truth, "cluster": cluster})


def test_the_matching_sheet_holds_every_pair(clusters, tmp_path):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        report = clusters.agree.report("truth", "cluster", match="accuracy", max_classes=5)
    report.to_excel(tmp_path / "m.xlsx")
    wb = openpyxl.load_workbook(tmp_path / "m.xlsx")
    assert wb.sheetnames.index("Matching") == wb.sheetnames.index("Crosstab") + 1
    rows = list(wb["Matching"].iter_rows(values_only=True))
    assert rows[0][0] == "Matching of cluster to truth" and rows[1] == ("cluster", "truth", "count", "Δ")
    mapping = report.agreement.mapping
    body = rows[2:2 + len(mapping)]
    assert len(mapping) == 12 and [r[0] for r in body] == mapping["cluster"].tolist()  # integer labels: numbers
    assert [r[1] for r in body] == mapping["class"].tolist()
    assert [r[2] for r in body] == mapping["count"].tolist()
    assert np.allclose([r[3] for r in body], mapping["delta"].to_numpy(), rtol=1e-15)
    assert "Agreement.mapping" in rows[2 + len(mapping)][0]


def test_no_matching_sheet_without_match(clusters, tmp_path):
    """A regression guard (it passes before the sheet existed too)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        clusters.agree.report("truth", "cluster").to_excel(tmp_path / "u.xlsx")
    assert "Matching" not in openpyxl.load_workbook(tmp_path / "u.xlsx").sheetnames
