"""The Notes sheet's options hold numbers as numbers (Excel flagged 0.95, 2000 and 20 stored as text), and the
other values as text."""

import openpyxl
import pandas as pd

import pandas_agree as pa


def _options(tmp_path, **report_options) -> dict:
    """The Notes sheet's option cells, by option name, of the wine data's report with ``report_options``."""
    df = pa.datasets.load("wine_predictions")
    path = tmp_path / "report.xlsx"
    df.agree.report("cultivar", "knn", **report_options).to_excel(path)
    ws = openpyxl.load_workbook(path)["Notes"]
    return {row[0].value: row[1] for row in ws.iter_rows() if len(row) > 1 and row[0].value is not None}


def test_numeric_options_are_numbers(tmp_path):
    options = _options(tmp_path, n_resamples=200, random_state=3)
    for name, value in (("confidence_level", 0.95), ("n_resamples", 200), ("random_state", 3), ("max_classes", 20)):
        assert options[name].data_type == "n" and options[name].value == value, name
    assert options["ci"].value == "auto" and options["ci"].data_type == "s"
    assert options["pandas_agree version"].data_type == "s"


def test_whole_number_options_are_integers_shown_without_decimals(tmp_path):
    options = _options(tmp_path, n_resamples=2000, random_state=0)
    for name, value in (("n_resamples", 2000), ("random_state", 0), ("max_classes", 20)):
        cell = options[name]
        assert type(cell.value) is int and cell.value == value, (name, cell.value)  # 2000, not 2000.0
        assert cell.number_format in ("0", "General"), (name, cell.number_format)  # no decimals shown
    assert type(options["confidence_level"].value) is float and options["confidence_level"].value == 0.95


def test_scores_report_options_too(tmp_path):
    frame = pd.DataFrame({"y": [0, 1] * 20, "s": [i / 40 for i in range(40)]})
    path = tmp_path / "scores.xlsx"
    frame.agree.scores("y", "s").report(ci=None).to_excel(path)
    ws = openpyxl.load_workbook(path)["Notes"]
    options = {row[0].value: row[1] for row in ws.iter_rows() if len(row) > 1 and row[0].value is not None}
    assert options["confidence_level"].data_type == "n"
