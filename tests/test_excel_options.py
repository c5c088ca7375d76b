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


def _rows(path) -> list[tuple]:
    """The (option, value) rows of the Notes sheet's Options table, in order."""
    ws = openpyxl.load_workbook(path)["Notes"]
    rows = [tuple(c.value for c in row[:2]) for row in ws.iter_rows() if len(row) > 1]
    return rows[rows.index(("option", "value")) + 1:]


def test_options_say_which_bootstrap_intervals_ci_auto_used(tmp_path):
    # 30 objects on two classes (25 yes-yes, 1 yes-no, 1 no-yes, 3 no-no): under ci="auto" BPK and AC1 get the BCa
    # bootstrap's interval (pandas_agree.inference.auto: coefficient_rule("AC1", 30, 2).method == "bca", the small-
    # sample rule of docs/notes/intervals.md) and the weighted and inverse averages of PPREV on two classes the
    # percentile bootstrap's (average_rule(REGISTRY["PPREV"], "weighted", 2, 4).method == "percentile")
    from pandas_agree.inference.auto import average_rule, coefficient_rule
    from pandas_agree.measures.registry import REGISTRY

    assert coefficient_rule("AC1", 30, 2).method == coefficient_rule("BPK", 30, 2).method == "bca"
    assert average_rule(REGISTRY["PPREV"], "weighted", 2, 4).method == "percentile"
    rows = [("yes", "yes")] * 25 + [("yes", "no"), ("no", "yes")] + [("no", "no")] * 3
    df = pd.DataFrame(rows, columns=["a", "p"])
    rep = df.agree.report("a", "p")
    methods = rep.multiclass["method"]
    assert [code for code in methods.index if "bootstrap bca" in methods[code]] == ["BPK", "AC1"]
    rep.to_excel(tmp_path / "auto.xlsx")
    options = _rows(tmp_path / "auto.xlsx")
    at = options.index(("bootstrap_method", "percentile"))  # the option as given, kept
    used, value = options[at + 1]
    assert used.startswith("bootstrap intervals used: ci='auto' picks the bootstrap method where its small-sample")
    assert value == "bca: BPK, AC1; percentile: PPREV"
    # every interval a bootstrap of the method asked for: the option says it all, no row is added
    df.agree.report("a", "p", ci="bootstrap", n_resamples=200).to_excel(tmp_path / "bootstrap.xlsx")
    options = _rows(tmp_path / "bootstrap.xlsx")
    at = options.index(("bootstrap_method", "percentile"))
    assert options[at + 1][0] == "random_state"
    assert not any(str(key).startswith("bootstrap intervals used") for key, _ in options)


def test_rater_options_say_which_bootstrap_intervals_ci_auto_used(tmp_path):
    # 20 subjects (irr's anxiety data): under ci="auto" every rater coefficient gets the BCa bootstrap over subjects
    # (pandas_agree.inference.auto.rater_rule(20).method == "bca")
    from pandas_agree.inference.auto import rater_rule

    assert rater_rule(20).method == "bca"
    ra = pa.datasets.load("anxiety").agree.raters(["rater1", "rater2", "rater3"])
    rep = ra.report(random_state=0, n_resamples=200)
    rep.to_excel(tmp_path / "raters.xlsx")
    options = _rows(tmp_path / "raters.xlsx")
    at = options.index(("bootstrap_method", "percentile"))
    assert options[at + 1][0].startswith("bootstrap intervals used: ci='auto'")
    assert options[at + 1][1] == "bca: " + ", ".join(rep.coefficients.index)
