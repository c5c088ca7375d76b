"""The reports show alike what is alike: a test statistic that is a count as a count, the Tests tables' headings in
SPSS's words, one count format over the sections of a layered or grouped report, readable layer keys in JSON."""

import json
import re
import warnings

import numpy as np
import openpyxl
import pandas as pd
import pytest

import pandas_agree as pa
from pandas_agree.report.document import laid_out

from ._r_datasets import TITANIC, UCB


def _table(report, title: str, section: int = 0):
    return next(t for t in laid_out(report).sections[section].tables if t.title == title)


def _cell(table, row: str, column: str) -> str:
    return dict(table.rows)[row][table.columns.index(column)]


# --- a statistic that is a count is shown as one ------------------------------------------------------------------

def test_exact_mcnemar_statistic_is_a_count_in_the_agreement_report():
    # discordant cells 126 and 150: the exact test's statistic is min(b, c) = 126 (statsmodels'
    # mcnemar([[300, 126], [150, 400]], exact=True).statistic is 126.0)
    report = pa.Agreement.from_table([[300, 126], [150, 400]]).report(ci=None)
    assert report.tests.loc["MCNEMAR_EXACT", "statistic"] == 126.0  # the frame keeps the number
    tests = _table(report, "Tests")
    assert _cell(tests, "MCNEMAR_EXACT", "Statistic") == "126"
    assert _cell(tests, "MCNEMAR", "Statistic") == "1.917"  # (|126 − 150| − 1)² / 276, a χ², keeps 3 decimals
    for text in (str(report), report.to_html()):
        assert "126.000" not in text


def test_exact_mcnemar_statistic_is_a_count_in_the_comparison_report():
    y = np.tile([0, 1], 100)
    a, b = y.copy(), y.copy()
    a[:8] = 1 - a[:8]  # a wrong on rows 0-7, b on rows 5-14: only a right 7 times, only b 5 times
    b[5:15] = 1 - b[5:15]
    report = pd.DataFrame({"y": y, "a": a, "b": b}).agree.compare("y", ["a", "b"]).report(n_resamples=50)
    assert report.tests.loc[("MCNEMAR", "a vs b", "(all)"), "method"] == "exact binomial"
    tests = _table(report, "Tests")
    assert _cell(tests, "MCNEMAR · a vs b · (all)", "Statistic") == "5"
    # Cochran's Q is no count: (k − 1)(k Σ Cⱼ² − T²)/(k T − Σ Rᵢ²) with C = (192, 190), T = 382, Σ Rᵢ² = 752
    assert _cell(tests, "COCHRAN_Q · all · (all)", "Statistic") == "0.333"
    assert "5.000" not in str(report)


# --- the Tests tables' headings -----------------------------------------------------------------------------------

HEADINGS = ["Statistic", "df", "Sig.", "Method"]


def _report_sheet_rows(report, tmp_path) -> list[list]:
    path = tmp_path / "report.xlsx"
    report.to_excel(path)
    sheet = openpyxl.load_workbook(path, read_only=True)["Report"]
    return [[c for c in row if c is not None] for row in sheet.iter_rows(values_only=True)]


def test_comparison_tests_table_has_spss_headings(tmp_path):
    df = pa.datasets.load("wine_predictions")
    report = df.agree.compare("cultivar", ["knn", "logistic"]).report(n_resamples=50)
    assert list(report.tests.columns) == ["statistic", "df", "pvalue", "method"]  # the frame keeps its names
    assert _table(report, "Tests").columns == HEADINGS
    text = str(report)
    tests = text[text.index("\nTests\n"):]
    header = tests.splitlines()[3]
    assert header.split()[-4:] == HEADINGS and "pvalue" not in header
    html = report.to_html()
    assert "<th>pvalue</th>" not in html and "<th>Sig.</th>" in html
    assert ["Test · between · class", *HEADINGS] in _report_sheet_rows(report, tmp_path)


def test_agreement_and_rater_tests_tables_share_the_headings(tmp_path):
    agreement = pa.Agreement.from_table([[20, 5], [3, 22]]).report(ci=None)
    assert _table(agreement, "Tests").columns == HEADINGS
    ratings = pd.DataFrame({"r1": list("aabbcabcab"), "r2": list("abbbcabcaa"), "r3": list("aabbccbcab")})
    raters = ratings.agree.raters(["r1", "r2", "r3"]).report(ci=None)
    assert list(raters.tests.columns) == ["statistic", "df", "pvalue", "method"]
    assert _table(raters, "Tests").columns == HEADINGS
    assert ["Test", *HEADINGS] in _report_sheet_rows(raters, tmp_path)


# --- one count format over the sections of a report ---------------------------------------------------------------

def _ucb_fractional() -> pd.DataFrame:
    df = UCB.astype({"Freq": float})
    df.loc[0, "Freq"] += 0.5  # Dept A's admitted men weigh 512.5: department A and the whole table are fractional
    return df


def _counts_shown(report) -> dict[str, list[str]]:
    """Every count of every section's Case Processing Summary and crosstab, by section heading (a layered report
    prints one crosstab of every layer, in its first section)."""
    out = {}
    for section in laid_out(report).sections:
        summary = next(t for t in section.tables if t.title == "Case Processing Summary")
        crosstab = next((t for t in section.tables if t.title.endswith("Crosstabulation")), None)
        out[section.heading] = [cells[0] for _, cells in summary.rows] + \
            [cell for _, cells in (crosstab.rows if crosstab else []) for cell in cells]
    return out


def test_layers_share_the_count_format_of_the_whole_table():
    ct = pa.crosstabs(_ucb_fractional(), "Admit", "Gender", layers="Dept", weights="Freq")
    shown = _counts_shown(ct.report())
    assert list(shown) == [None]  # one section: the whole table's summary and the crosstab of every layer
    assert shown[None][0] == "4526.50"
    # R: UCBAdmissions["Admitted", , "B"]: 353 men and 17 women (the columns: Female, Male, Total)
    assert shown[None][3 + 3 * 3:3 + 3 * 4] == ["17.00", "353.00", "370.00"]
    assert all(re.fullmatch(r"\d+\.\d\d", cell) for cell in shown[None] if cell), shown[None]
    apart = _counts_shown(ct.report(max_classes=1))  # the crosstab not printed: a section for each layer
    assert len(apart) == 7
    assert apart["Layer: Dept = B"][:3] == ["585.00", "0.00", "585.00"]  # R: sum(UCBAdmissions[, , "B"]) is 585
    assert apart["All layers (the whole table)"][0] == "4526.50"
    for heading, cells in apart.items():
        assert all(re.fullmatch(r"\d+\.\d\d", cell) for cell in cells), (heading, cells)


def test_groups_share_the_count_format_of_all_data():
    df = pd.DataFrame({"a": list("xxyyxyxy"), "p": list("xyyyxxxy"), "g": list("AABBAABB"),
                       "w": [1.5, 2, 1, 1, 1, 1, 1, 1]})
    report = df.agree.report("a", "p", by="g", weights="w", ci=None)
    shown = _counts_shown(report)
    assert shown["Group: g = B"][:3] == ["4.00", "0.00", "4.00"]  # group B: four rows of weight 1
    assert shown["Group: g = A"][:3] == ["5.50", "0.00", "5.50"]


def test_whole_counts_keep_no_decimals():
    ct = pa.crosstabs(UCB, "Admit", "Gender", layers="Dept", weights="Freq")
    shown = _counts_shown(ct.report())
    assert shown[None][0] == "4526" and shown[None][3 + 3 * 3:3 + 3 * 4] == ["17", "353", "370"]
    apart = _counts_shown(ct.report(max_classes=1))
    assert apart["Layer: Dept = B"][:3] == ["585", "0", "585"]
    assert apart["All layers (the whole table)"][0] == "4526"


# --- layer keys in to_dict ----------------------------------------------------------------------------------------

def test_layer_keys_of_several_layer_variables_read_as_the_report_names_them():
    # R: dimnames(Titanic)$Age and $Sex (a layer variable is neither the row nor the column variable)
    report = pa.crosstabs(TITANIC, "Class", "Survived", layers=["Age", "Sex"], weights="Freq").report()
    data = json.loads(json.dumps(report.to_dict()))
    assert list(data["layers"])[:2] == ["Age = Adult, Sex = Female", "Age = Adult, Sex = Male"]
    assert data["layers_by"] == "Age, Sex"
    headings = [s.heading for s in laid_out(report.source.report(max_classes=1)).sections[1:]]
    assert headings == [f"Layer: {key}" for key in data["layers"]]
    one = pa.crosstabs(UCB, "Admit", "Gender", layers="Dept", weights="Freq").report().to_dict()
    assert list(one["layers"]) == ["A", "B", "C", "D", "E", "F"]  # one layer variable: its values, as before


@pytest.mark.parametrize(("a", "b"), [
    ([1, 1, "1", "1"], ["z"] * 4),  # "a = 1, b = z" twice
    (["x, b = y"] * 2 + ["x"] * 2, ["z", "z", "y, b = z", "y, b = z"]),  # "a = x, b = y, b = z" twice
])
def test_layer_keys_that_would_read_alike_fall_back_to_the_tuples(a, b):
    df = pd.DataFrame({"r": list("uvuv"), "c": list("stts"), "a": pd.Series(a, dtype=object), "b": b})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # 1 beside "1": labels that differ only in type
        report = pa.crosstabs(df, "r", "c", layers=["a", "b"]).report()
    keys = list(report.to_dict()["layers"])
    assert len(report.layers) == len(set(keys)) == 2
    assert keys == [str(value) for value in report.layers]


# --- rows with a missing value and a weight of 0 ------------------------------------------------------------------

ROWS = pd.DataFrame({"a": ["x", None, None, "y", "x", "y", None], "b": ["x", "y", "x", "y", "y", "x", "x"],
                     "c": ["x", "y", "y", "x", "x", "y", "x"], "w": [2.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.5],
                     "layer": ["p", "p", None, "q", "q", None, "p"]})
# rows 1, 2 and 6 miss a label (1 and 2 of weight 0), row 3 has its labels and a weight of 0


def test_missing_rows_of_weight_0_are_named_in_the_note_on_missing_values():
    report = ROWS.agree.report("a", "b", weights="w", ci=None)
    assert report.agreement.n_missing_zero_weight == 2
    assert report.summary.loc["Missing", "N"] == 1.5  # the weights of 0 add nothing to Missing
    assert report.notes[1:3] == [
        "3 rows with a missing label were left out (2 of them with a weight of 0, which count nothing).",
        "1 row with a weight of 0 was left out."]
    assert "(2 of them with a weight of 0, which count nothing)" in str(report)


def test_layers_count_the_rows_of_weight_0_without_a_layer_value():
    report = pa.crosstabs(ROWS, "a", "b", layers="layer", weights="w").report()
    # row 2 misses its label and its layer value, row 5 only its layer value: 4 rows with a missing value
    assert report.notes[1] == ("4 rows with a missing value were left out (2 of them with a weight of 0, which "
                               "count nothing).")
    assert report.layers["p"].notes[1] == ("2 rows with a missing value were left out (1 of them with a weight of 0, "
                                           "which counts nothing).")
    assert report.layers["q"].notes[1:] == ["1 row with a weight of 0 was left out."]


def test_every_missing_row_of_weight_0():
    df = ROWS.assign(w=[2.0, 0.0, 0.0, 0.0, 1.0, 1.0, 0.0])
    notes = df.agree.crosstabs("a", "b", weights="w").report().notes
    assert notes[1] == ("3 rows with a missing value were left out (all of them with a weight of 0, which count "
                        "nothing).")
    one = df.iloc[[0, 1, 3, 4, 5]].agree.crosstabs("a", "b", weights="w").report().notes
    assert one[1] == "1 row with a missing value was left out (with a weight of 0, which counts nothing)."


def test_comparison_and_scores_name_the_missing_rows_of_weight_0():
    comparison = ROWS.agree.compare("a", ["b", "c"], weights="w")
    assert (comparison.n_missing, comparison.n_missing_zero_weight, comparison.n_zero_weight) == (3, 2, 1)
    note = "3 rows with a missing label were left out (2 of them with a weight of 0, which count nothing)."
    assert note in comparison.report(n_resamples=20).notes
    scores = ROWS.assign(y=(ROWS["a"] == "x").where(ROWS["a"].notna()), s=np.linspace(0.1, 0.7, 7))
    found = scores.agree.scores("y", "s", weights="w")
    assert (found.n_missing, found.n_missing_zero_weight) == (3, 2)


def test_notes_without_missing_rows_of_weight_0_are_as_before():
    df = ROWS.assign(w=[2.0, 1.0, 1.0, 0.0, 1.0, 1.0, 1.5])
    assert df.agree.crosstabs("a", "b", weights="w").report().notes[1:] == [
        "3 rows with a missing value were left out.", "1 row with a weight of 0 was left out."]
    assert ROWS.agree.crosstabs("a", "b").report().notes == ["3 rows with a missing value were left out."]


def test_fleiss_kappa_by_category_has_spss_headings():
    """The rater report's "Fleiss' Kappa by Category" headed its columns with the frame's names (kappa, se, z,
    pvalue); it uses SPSS's words as every other table does. The DataFrame keeps its column names."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        report = pa.datasets.load("anxiety").agree.raters(["rater1", "rater2", "rater3"]).report(
            random_state=0, n_resamples=50)
    assert report.by_category.columns.tolist() == ["kappa", "se", "z", "pvalue"]
    block = str(report).split("Fleiss' Kappa by Category", 1)[1]
    header = block.splitlines()[2:4]
    assert header[0].split() == ["Asymptotic"] and header[1].split() == ["Category", "Kappa", "Std.", "Error", "Z",
                                                                         "Sig."]


def test_n_of_valid_cases_shares_the_summaries_format_across_layers():
    """A layer whose weighted N is whole printed "N of Valid Cases 585" under a Case Processing Summary of "585.00"
    (the whole table's N is 4526.50): the statistics tables' N takes the summaries' format."""
    weights = UCB.assign(Freq=UCB["Freq"].astype(float))
    weights.loc[0, "Freq"] = 512.5  # department A: 933.50
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        text = str(pa.crosstabs(weights, "Admit", "Gender", layers="Dept", weights="Freq").report(
            statistics=["chisq", "phi", "risk"]))
    shown = {line.split()[-1] for line in text.splitlines() if "N of Valid Cases" in line}
    # R: margin.table(UCBAdmissions, 3) gives 933 (+ 0.5 here), 585, 918, 792, 584, 714 and 4526 in all
    assert shown == {"4526.50", "933.50", "585.00", "918.00", "792.00", "584.00", "714.00"}


# --- the printed tables are those of the report's frames ----------------------------------------------------------

def test_printed_tables_read_the_frames_the_report_holds_when_printed():
    # the report reads its frames once as it makes them; a frame replaced before printing is printed as it is then
    table = pd.DataFrame([[20, 5, 1], [3, 15, 2], [0, 4, 9]], index=list("xyz"), columns=list("xyz"))
    report = pa.Agreement.from_table(table).report(ci=None)
    report.tests = report.tests.iloc[:2]
    report.summary = report.summary.assign(Percent=[50.0, 50.0, 100.0])
    report.multiclass = report.multiclass.iloc[[1, 0]]
    report.confusions = report.confusions.iloc[:1]
    tests, summary = _table(report, "Tests"), _table(report, "Case Processing Summary")
    multiclass, confusions = _table(report, "Multiclass Measures"), _table(report, "Largest Confusions")
    assert [label for label, _ in tests.rows] == ["KAPPA_Z", "MCNEMAR"]
    assert [cells[1] for _, cells in summary.rows] == ["50.0%", "50.0%", "100.0%"]
    assert [label for label, _ in multiclass.rows] == ["Cohen's kappa (KAPPA)", "overall success rate (OSR)"]
    assert len(confusions.rows) == 1 and confusions.rows[0][1][:3] == ["x", "y", "5"]  # the largest: 5 at (x, y)


def test_crosstab_margins_are_integers_of_the_sums():
    # counts of objects: integers, the margins their sums (pandas.crosstab(..., margins=True) gives the same)
    df = pd.DataFrame({"a": list("xxyyyz"), "p": list("xyyyzz")})
    expected = pd.crosstab(df["a"], df["p"], margins=True, margins_name="Total")
    table = df.agree("a", "p").crosstab()
    assert table.dtypes.tolist() == [np.dtype(np.int64)] * 4
    assert table.to_numpy().tolist() == expected.to_numpy().tolist()
    weighted = pd.DataFrame({"a": list("xxy"), "p": list("xyy"), "w": [0.5, 1.25, 2.0]}).agree.crosstabs(
        "a", "p", weights="w").crosstab()
    assert weighted.to_numpy().tolist() == [[0.5, 1.25, 1.75], [0.0, 2.0, 2.0], [0.5, 3.25, 3.75]]
