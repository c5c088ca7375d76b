"""SPSS CROSSTABS' /STATISTICS and /CELLS in the DataFrame API, the report (text, HTML, Excel, to_dict) and the
command line: the values are those of the inference modules (and scipy's and statsmodels'), the words are SPSS's."""

import json

import numpy as np
import openpyxl
import pandas as pd
import pytest
from scipy import stats

import pandas_agree as pa
from pandas_agree.engine import crosstab as engine
from pandas_agree.inference.association import association_measures
from pandas_agree.inference.contingency import (
    cell_statistics,
    chi_square_tests,
    kappa_homogeneity,
    layered_tests,
    risk_estimate,
)
from pandas_agree.integrations import cli

TWO = pd.DataFrame([[20.0, 10], [5, 25]], index=pd.Index(["x", "y"], name="actual"),
                   columns=pd.Index(["x", "y"], name="pred"))


def _rows(table: pd.DataFrame, **extra) -> pd.DataFrame:
    """One row per object of a table of counts: actual, pred (and constant columns ``extra``)."""
    cells = table.stack()
    counts = cells.to_numpy().astype(int)
    return pd.DataFrame({"actual": np.repeat(cells.index.get_level_values(0), counts),
                         "pred": np.repeat(cells.index.get_level_values(1), counts), **extra})


def _layers() -> pd.DataFrame:
    """Three sites of 2×2 tables (the layers of cmh)."""
    tables = {"A": [[30, 6], [4, 25]], "B": [[18, 9], [7, 20]], "C": [[12, 3], [5, 14]]}
    frames = [_rows(pd.DataFrame(t, index=["no", "yes"], columns=["no", "yes"]), site=s) for s, t in tables.items()]
    return pd.concat(frames, ignore_index=True)


# --- the DataFrame API -------------------------------------------------------------------------------------------

def test_crosstab_statistics_are_the_modules_and_scipys():
    ag = pa.Agreement.from_table(TWO)
    out = ag.crosstab_statistics()
    assert list(out) == ["Chi-Square Tests", "Directional Measures", "Symmetric Measures", "Risk Estimate"]
    chi = out["Chi-Square Tests"]
    expected = chi_square_tests(TWO)
    pd.testing.assert_frame_equal(chi.drop(index="McNemar Test"), expected)
    assert chi.loc["Pearson Chi-Square", "value"] == pytest.approx(stats.chi2_contingency(TWO, correction=False)[0])
    assert chi.loc["Continuity Correction", "value"] == pytest.approx(stats.chi2_contingency(TWO)[0])
    assert chi.loc["Fisher's Exact Test", "exact_2sided"] == pytest.approx(stats.fisher_exact(TWO).pvalue)
    assert chi.attrs["min_expected"] == pytest.approx(12.5)
    # McNemar's test as SPSS prints it in a 2×2 table: the exact binomial p-value
    assert chi.loc["McNemar Test", "exact_2sided"] == pytest.approx(ag.tests().loc["MCNEMAR_EXACT", "pvalue"])
    assert chi.loc["McNemar Test", "exact_2sided"] == pytest.approx(stats.binomtest(5, 15).pvalue)
    measures = association_measures(TWO.to_numpy())
    for title in ("Symmetric Measures", "Directional Measures"):
        pd.testing.assert_frame_equal(out[title], measures.xs(title, level="table"))
    assert out["Symmetric Measures"].attrs["n"] == 60
    assert out["Symmetric Measures"].loc["Kappa", "value"] == pytest.approx(ag.multiclass(["KAPPA"]).iloc[0, 0])
    pd.testing.assert_frame_equal(out["Risk Estimate"], risk_estimate(TWO))
    assert out["Risk Estimate"].iloc[0]["value"] == pytest.approx(stats.contingency.odds_ratio(
        TWO.to_numpy().astype(int), kind="sample").statistic)


def test_numeric_labels_are_the_scores_and_text_labels_their_positions():
    table = np.array([[10.0, 4, 1], [3, 12, 5], [1, 4, 9]])
    numeric = pa.Agreement.from_table(pd.DataFrame(table, index=[1, 2, 5], columns=[1, 2, 5]))
    out = numeric.crosstab_statistics(["corr", "eta", "chisq"], random_state=0)
    scores = np.array([1.0, 2, 5])
    expected = association_measures(table, scores, scores, ["corr", "eta"])
    assert out["Symmetric Measures"].loc["Pearson's R", "value"] == pytest.approx(
        expected.loc[("Symmetric Measures", "Pearson's R"), "value"])
    r = stats.pearsonr(np.repeat(np.repeat(scores, 3), table.ravel().astype(int)),
                       np.repeat(np.tile(scores, 3), table.ravel().astype(int))).statistic
    assert out["Symmetric Measures"].loc["Pearson's R", "value"] == pytest.approx(r)
    linear = out["Chi-Square Tests"].loc["Linear-by-Linear Association", "value"]
    assert linear == pytest.approx((table.sum() - 1) * r * r)
    assert out["Directional Measures"].loc["Eta — Rows Dependent", "value"] == pytest.approx(
        expected.loc[("Directional Measures", "Eta — Rows Dependent"), "value"])
    # text labels: 1, 2, … over the categories with cases of each side (a label only predicted is not a gap)
    text = pd.DataFrame([[8.0, 2, 1], [3, 9, 4]], index=["a", "b"], columns=["a", "b", "c"])
    with pytest.warns(pa.LabelOrderWarning, match=r"correlations read the labels as an ordered scale, .* the order "
                                                  r"used is 'a' < 'b' < 'c'\."):  # the table's order: no scale
        out = pa.Agreement.from_table(text).crosstab_statistics("corr")
    assert out["Symmetric Measures"].loc["Pearson's R", "value"] == pytest.approx(
        association_measures(text.to_numpy(), keywords="corr").loc[("Symmetric Measures", "Pearson's R"), "value"])


def test_keywords_are_spss_words_in_any_case_and_order():
    ag = pa.Agreement.from_table(TWO)
    out = ag.crosstab_statistics(["RISK", "Chisq"])
    assert list(out) == ["Chi-Square Tests", "Risk Estimate"]  # SPSS's order, whatever the order given
    only = ag.crosstab_statistics("mcnemar")["Chi-Square Tests"]
    assert list(only.index) == ["McNemar Test", "N of Valid Cases"]
    bigger = pa.Agreement.from_table(np.array([[10, 2, 1], [3, 12, 2], [1, 4, 9]]))
    bowker = bigger.crosstab_statistics("mcnemar")["Chi-Square Tests"].loc["McNemar-Bowker Test"]
    assert bowker["value"] == pytest.approx(bigger.tests().loc["BOWKER", "statistic"]) and bowker["df"] == 3
    risk = bigger.crosstab_statistics("risk")["Risk Estimate"]
    assert np.isnan(risk.iloc[0]["value"]) and "2×2" in risk.iloc[0]["note"]


@pytest.mark.parametrize("call, message", [
    (lambda ag: ag.crosstab_statistics("bogus"), r"statistics must be None, 'all' or SPSS CROSSTABS /STATISTICS "
                                                 r"keywords among \('chisq', .*; got 'bogus'"),
    (lambda ag: ag.crosstab_statistics(["chisq", "cmh"]), r"'cmh' .* needs layers.*by=column"),
    (lambda ag: ag.cell_statistics(["count", "percent"]), r"cells must be .*/CELLS keywords among \('count', "
                                                          r"'expected', .*; got \['count', 'percent'\]"),
    (lambda ag: ag.cell_statistics([]), "cells must be"),
    (lambda ag: ag.report(statistics="cmh"), "needs layers"),
    (lambda ag: ag.report(cells="bogus"), "cells must be"),
])
def test_option_errors_name_the_argument(call, message):
    with pytest.raises(ValueError, match=message):
        call(pa.Agreement.from_table(TWO))


def test_all_means_every_statistic_but_cmh_on_one_table():
    out = pa.Agreement.from_table(TWO).crosstab_statistics("ALL")
    assert set(out) == {"Chi-Square Tests", "Directional Measures", "Symmetric Measures", "Risk Estimate"}


def test_a_table_held_sparse_is_not_densified(monkeypatch):
    monkeypatch.setattr(engine, "SPARSE_CELLS", 0)
    ag = pa.Agreement.from_table(TWO)
    with pytest.raises(ValueError, match=r"statistics: .* this 2 × 2 table \(4 cells\) is held sparse"):
        ag.crosstab_statistics("chisq")
    with pytest.raises(ValueError, match=r"cells: .* is held sparse"):
        ag.cell_statistics("expected")


def test_cell_statistics_are_the_modules():
    ag = pa.Agreement.from_table(TWO)
    out = ag.cell_statistics(["asresid", "Count", "expected"])
    pd.testing.assert_frame_equal(out, cell_statistics(TWO, ["count", "expected", "asresid"]))
    assert out.loc[("x", "expected"), "x"] == pytest.approx(stats.contingency.expected_freq(TWO)[0, 0])
    named = pa.Agreement.from_table(pd.DataFrame([[3.0, 1], [1, 4]], index=["Total", "b"], columns=["Total", "b"]))
    assert named.cell_statistics("all").index.get_level_values(0)[-1] == "(Total)"


def test_cells_name_the_margins_apart_from_any_label():
    table = pd.DataFrame([[1, 2], [3, 4]], index=["Total", "(Total)"], columns=["x", "(Total)"])
    out = pa.Crosstab.from_table(table).cells(["count", "row"])
    assert list(out.index.get_level_values(0)) == ["Total", "Total", "(Total)", "(Total)", "((Total))", "((Total))"]
    assert list(out.columns) == ["x", "(Total)", "((Total))"]
    # the table's own cell statistics, with margins named apart: 100 * 1 / 3, 100 * 4 / 7, totals 4 and 6 of 10
    pd.testing.assert_frame_equal(out, cell_statistics(table, ["count", "row"], margins_name="((Total))"))
    assert out.loc[("Total", "row"), "x"] == pytest.approx(100 / 3)
    assert out.loc[("(Total)", "row"), "(Total)"] == pytest.approx(400 / 7)
    assert out.loc[("((Total))", "count")].tolist() == [4.0, 6.0, 10.0]


# --- the report ----------------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def report():
    return _rows(TWO).agree.report("actual", "pred", statistics=["chisq", "phi", "cc", "lambda", "corr", "kappa",
                                                                 "risk", "mcnemar"],
                                   cells=["count", "expected", "asresid"], percentages="row", ci=None)


def test_report_holds_the_tables_and_the_cells(report):
    assert report.options["statistics"] == ["chisq", "phi", "cc", "lambda", "corr", "kappa", "risk", "mcnemar"]
    expected = pa.Agreement.from_table(TWO).crosstab_statistics(report.options["statistics"], random_state=0)
    assert list(report.statistics) == list(expected)
    for title, frame in expected.items():
        pd.testing.assert_frame_equal(report.statistics[title], frame)
    # cells and percentages together, in SPSS's order, named by SPSS's titles
    assert list(report.crosstab.index.get_level_values(1)[:4]) == ["Count", "Expected Count", "% within actual",
                                                                   "Adjusted Residual"]
    assert report.crosstab.loc[("x", "Expected Count"), "x"] == pytest.approx(12.5)


def test_text_report_lays_the_tables_out_as_spss(report):
    text = str(report)
    for line in ("a. 0 cells (0.0%) have expected count less than 5. The minimum expected count is 12.50.",
                 "b. Computed only for a 2x2 table.", "a. Not assuming the null hypothesis.",
                 "b. Using the asymptotic standard error assuming the null hypothesis.", "Binomial distribution used."):
        assert line in text, line
    chi = text[text.index("Chi-Square Tests"):text.index("Directional Measures")]
    assert "Asymp. Sig." in chi and "(2-sided)" in chi and "Exact Sig." in chi
    assert "Pearson Chi-Square            15.429ᵃ   1       <0.001" in chi
    assert "McNemar Test" in chi
    symmetric = text[text.index("Symmetric Measures"):text.index("Risk Estimate")]
    assert "Nominal by Nominal" in symmetric and "  Phi" in symmetric and "N of Valid Cases" in symmetric
    assert "Odds Ratio for actual (x / y)  10.000" in text
    crosstab = text[text.index("Crosstabulation"):text.index("Largest Confusions")]
    lines = crosstab.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("x "))
    assert lines[at].split() == ["x", "Count", "[20]", "10", "30"]
    assert lines[at + 1].split() == ["Expected", "Count", "12.5", "17.5", "30.0"]
    assert lines[at + 2].split() == ["%", "within", "actual", "66.7%", "33.3%", "100.0%"]
    assert lines[at + 3].split() == ["Adjusted", "Residual", "3.9", "-3.9"]  # blank in the total column
    assert text.index("Risk Estimate") < text.index("Multiclass Measures")
    assert max(map(len, text.splitlines())) <= 100


def test_html_excel_and_dict_hold_the_tables(report, tmp_path):
    page = report.to_html()
    assert "<h3>Chi-Square Tests</h3>" in page and "Asymp. Sig.<br>(2-sided)" in page
    assert "Expected Count" in page and 'class="pa-total"' in page
    path = tmp_path / "r.xlsx"
    report.to_excel(path)
    book = openpyxl.load_workbook(path)
    assert book.sheetnames[:4] == ["Report", "Summary", "Crosstab", "Statistics"]
    values = [c for row in book["Statistics"].iter_rows(values_only=True) for c in row if c is not None]
    assert "Chi-Square Tests" in values and "Risk Estimate" in values
    pearson = report.statistics["Chi-Square Tests"].loc["Pearson Chi-Square", "value"]
    assert pearson in values  # full precision
    crosstab = [row for row in book["Crosstab"].iter_rows(values_only=True)]
    assert ("x", "Expected Count", 12.5, 17.5, 30) in crosstab
    data = json.loads(json.dumps(report.to_dict()))
    chi = data["statistics"]["Chi-Square Tests"]
    assert chi["data"][0][0] == pytest.approx(pearson) and chi["attrs"]["min_expected"] == 12.5
    assert ["x", "Expected Count"] in data["crosstab"]["index"]


def test_without_the_options_the_report_is_unchanged():
    plain = pa.Agreement.from_table(TWO).report(ci=None)
    assert plain.statistics == {} and "statistics" not in plain.to_dict()
    assert "Chi-Square Tests" not in str(plain) and plain.crosstab.index.nlevels == 1


def test_max_classes_hides_the_cell_statistics_crosstab_as_the_crosstab():
    table = np.diag([9.0, 8, 7, 6, 5]) + 1
    rep = pa.Agreement.from_table(table).report(ci=None, cells="all", statistics="chisq", max_classes=3)
    text = str(rep)
    assert "crosstab has more than max_classes = 3 classes and is not printed" in text
    assert "Expected Count" not in text and "Chi-Square Tests" in text
    assert len(rep.crosstab) == 6 * 8 and len(rep.to_dict()["crosstab"]["index"]) == 48
    assert "Expected Count" in str(pa.Agreement.from_table(table).report(ci=None, cells="all", max_classes=None))


# --- layers (by=) ----------------------------------------------------------------------------------------------------

def test_cmh_over_the_groups():
    from statsmodels.stats.contingency_tables import StratifiedTable

    df = _layers()
    rep = df.agree.report("actual", "pred", by="site", statistics=["chisq", "kappa", "cmh"], ci=None)
    assert "Tests of Conditional Independence" not in rep.groups["A"].statistics  # cmh is over the groups
    assert list(rep.groups["A"].statistics) == ["Chi-Square Tests", "Symmetric Measures"]
    tables = np.stack([rep.groups[s].agreement.table.to_numpy() for s in "ABC"])
    expected = layered_tests(tables)
    for title in ("Tests of Homogeneity of the Odds Ratio", "Tests of Conditional Independence",
                  "Mantel-Haenszel Common Odds Ratio Estimate"):
        pd.testing.assert_frame_equal(rep.statistics[title], expected.xs(title, level="table"))
    st = StratifiedTable(np.moveaxis(tables, 0, -1))
    assert rep.statistics["Mantel-Haenszel Common Odds Ratio Estimate"].loc["Estimate", "value"] == pytest.approx(
        st.oddsratio_pooled)
    assert rep.statistics["Tests of Homogeneity of the Odds Ratio"].loc["Breslow-Day", "value"] == pytest.approx(
        st.test_equal_odds().statistic)
    kappas = [rep.groups[s].statistics["Symmetric Measures"].loc["Kappa", ["value", "ase"]] for s in "ABC"]
    homogeneity = rep.statistics["Test of Homogeneity of Kappa"]
    pd.testing.assert_frame_equal(homogeneity, kappa_homogeneity([k["value"] for k in kappas],
                                                                 [k["ase"] for k in kappas]))
    text = str(rep)
    assert "Tests of Homogeneity of the Odds Ratio" in text and "Breslow-Day" in text
    assert "The layers are the groups of site" in text and "site = B" in text
    assert "Test of Homogeneity of Kappa" in rep.to_dict()["statistics"]


def test_cmh_of_groups_that_are_not_2x2_is_a_note():
    df = pa.datasets.load("wine_predictions")
    df = df.assign(site=np.where(np.arange(len(df)) % 2, "odd", "even"))
    rep = df.agree.report("cultivar", "knn", by="site", statistics="cmh", ci=None)
    cmh = rep.statistics["Tests of Conditional Independence"]
    # SPSS's 2×2 statistics are left out, and a footnote says so
    assert "Cochran's" not in cmh.index and "Mantel-Haenszel" not in cmh.index
    assert "Tests of Homogeneity of the Odds Ratio" not in rep.statistics
    assert "Mantel-Haenszel Common Odds Ratio Estimate" not in rep.statistics
    assert any("only when every layer is a 2×2 table" in line for line in cmh.attrs["footnotes"])
    # layers larger than 2×2: the generalized Cochran-Mantel-Haenszel statistics instead (R's mantelhaen.test)
    general = cmh.loc["Cochran-Mantel-Haenszel (general association)"]
    assert general["df"] == 4 and np.isfinite(general["value"]) and 0 <= general["pvalue"] <= 1
    assert rep.statistics["Test of Homogeneity of Kappa"]["df"].iloc[0] == 1  # kappa: any number of labels
    assert all(not sub.statistics for sub in rep.groups.values())


# --- the command line ------------------------------------------------------------------------------------------------

def test_cli_takes_the_spss_words(tmp_path, capsys):
    path = tmp_path / "data.csv"
    _layers().to_csv(path, index=False)
    status = cli.main(["report", str(path), "--actual", "actual", "--pred", "pred", "--by", "site", "--ci", "none",
                       "--statistics", "CHISQ", "risk", "cmh", "--cells", "count", "Expected", "--json"])
    assert status == 0
    data = json.loads(capsys.readouterr().out)
    assert data["options"]["statistics"] == ["chisq", "risk", "cmh"]
    assert data["options"]["cells"] == ["count", "expected"]
    assert "Tests of Conditional Independence" in data["statistics"]
    assert "Risk Estimate" in data["groups"]["A"]["statistics"]
    assert cli.main(["demo", "--ci", "none", "--cells", "percent"]) == 2
    assert "argument --cells: invalid choice: 'percent'" in capsys.readouterr().err


def test_the_footnote_on_expected_counts_says_one_cell_in_the_singular():
    # row and column totals 20, 60, 60, 60 of N = 200: only the first cell expects fewer than 5 (20 · 20 / 200 = 2)
    table = np.array([[5, 5, 5, 5], [5, 20, 20, 15], [5, 15, 20, 20], [5, 20, 15, 20]])
    expected = stats.contingency.expected_freq(table)
    assert (expected < 5).sum() == 1 and expected.min() == pytest.approx(2.0)
    text = str(pa.Crosstab.from_table(table).report(statistics=["chisq"]))
    # 1/16 = 6.25% shows as 6.3, rounded half away from zero as SPSS rounds (Python's formatting gave 6.2)
    assert "a. 1 cell (6.3%) has expected count less than 5. The minimum expected count is 2.00." in text
    two = np.array([[5, 5, 5, 5], [5, 5, 25, 25], [5, 5, 25, 25], [5, 5, 25, 25]])  # 20 · 20 / 200 twice
    assert (stats.contingency.expected_freq(two) < 5).sum() == 2
    assert "a. 2 cells (12.5%) have expected count less than 5." in str(
        pa.Crosstab.from_table(two).report(statistics=["chisq"]))


def _sheet_lines(path, sheet: str) -> list[tuple]:
    book = openpyxl.load_workbook(path)
    return [tuple(c for c in row if c is not None) for row in book[sheet].iter_rows(values_only=True)]


def test_the_statistics_sheet_writes_each_tables_footnotes_under_it(tmp_path):
    # the expected counts of TWO: scipy.stats.contingency.expected_freq([[20, 10], [5, 25]]).min() == 12.5
    assert stats.contingency.expected_freq(TWO.to_numpy()).min() == pytest.approx(12.5)
    report = pa.crosstabs(_rows(TWO), "actual", "pred").report(statistics=["chisq", "lambda", "phi", "btau"])
    path = tmp_path / "crosstabs.xlsx"
    report.to_excel(path)
    lines = _sheet_lines(path, "Statistics")
    chi = lines.index(("Chi-Square Tests",))
    symmetric = lines.index(("Symmetric Measures",))
    # the Report sheet's footnotes, under their table, each naming what its letter marks
    assert lines.index(("a. Pearson Chi-Square: 0 cells (0.0%) have expected count less than 5. The minimum "
                        "expected count is 12.50.",)) in range(chi, symmetric)
    assert lines.index(("b. Continuity Correction: Computed only for a 2x2 table.",)) in range(chi, symmetric)
    assert ("a. Asymp. Std. Error: Not assuming the null hypothesis.",) in lines[symmetric:]
    assert ("c. Phi, Cramér's V: Based on chi-square approximation (the Pearson chi-square).",) in lines[symmetric:]
    # the directional measures named as the sheet's rows name them (the report prints "— actual Dependent")
    directional = lines.index(("Directional Measures",))
    tau = [line[0] for line in lines[directional:symmetric] if line and str(line[0]).startswith("c. ")]
    assert tau[0].startswith("c. Goodman and Kruskal tau — Rows Dependent, Goodman and Kruskal tau — Columns "
                             "Dependent: Based on chi-square approximation")
    assert lines[directional + 5][:1] == ("Goodman and Kruskal tau — Rows Dependent",)
    text = str(report)
    assert "a. 0 cells (0.0%) have expected count less than 5. The minimum expected count is 12.50." in text


def test_the_statistics_sheet_of_a_layered_report_writes_each_layers_footnotes(tmp_path):
    # site A's expected counts: scipy.stats.contingency.expected_freq([[30, 6], [4, 25]]).min() == 31 * 29 / 65
    report = pa.crosstabs(_layers(), "actual", "pred", layers="site").report(statistics=["chisq", "cmh"])
    path = tmp_path / "layered.xlsx"
    report.to_excel(path)
    lines = _sheet_lines(path, "Statistics")
    a = lines.index(("Chi-Square Tests (site = A)",))
    expected = stats.contingency.expected_freq(np.array([[30, 6], [4, 25]])).min()
    assert expected == pytest.approx(31 * 29 / 65)
    # under the table, the minimum expected count at full precision, then the footnote that rounds it
    assert lines[a + 8] == ("Minimum expected count", pytest.approx(expected, rel=1e-12))
    assert lines[a + 9] == ("a. Pearson Chi-Square: 0 cells (0.0%) have expected count less than 5. The minimum "
                            f"expected count is {expected:.2f}.",)
    conditional = lines.index(("Tests of Conditional Independence",))
    assert ("The layers are the groups of site (2×2 tables).",) in lines[conditional:a]


def test_the_statistics_sheet_of_the_agreement_report_writes_the_footnotes(report, tmp_path):
    path = tmp_path / "agreement.xlsx"
    report.to_excel(path)
    lines = _sheet_lines(path, "Statistics")
    assert ("a. Pearson Chi-Square: 0 cells (0.0%) have expected count less than 5. The minimum expected count is "
            "12.50.",) in lines
    assert ("c. McNemar Test: Binomial distribution used.",) in lines
