"""The report of a comparison of scores (text, HTML, Excel, JSON, plot) and ``pandas-agree scores --compare``.

Known answers from R's pROC on its aSAH data (tests/data/asah.csv holds its columns outcome, s100b, wfns and
ndka; wfns as the numbers of its levels, R's ``as.numeric(aSAH$wfns)``):

    library(pROC); data(aSAH)
    r1 <- roc(aSAH$outcome, aSAH$s100b); r2 <- roc(aSAH$outcome, as.numeric(aSAH$wfns))
    r3 <- roc(aSAH$outcome, aSAH$ndka)
"""

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import pandas_agree as pa
from pandas_agree.integrations.cli import main

ASAH = Path(__file__).parent / "data" / "asah.csv"

# auc(r1), auc(r2), auc(r3); ci.auc(r) (DeLong, scale identity)
AUC = {"s100b": 0.7313685637, "wfns": 0.8236788618, "ndka": 0.6119579946}
AUC_CI = {"s100b": (0.6301182118, 0.8326189156), "wfns": (0.7485348878, 0.8988228358),
          "ndka": (0.5012449993, 0.7226709899)}
# roc.test(r1, r2): Z, p-value, conf.int
Z_S100B_WFNS, P_S100B_WFNS = -2.20898359144091, 0.0271757822291882
CI_S100B_WFNS = (-0.1742144192494776, -0.0104061769564846)
# roc.test(r1, r3)$p.value, roc.test(r2, r3)$p.value; p.adjust(c(...), "holm")
P = [0.027175782229, 0.164295175223, 0.005145579707]
P_HOLM = [0.05435156446, 0.16429517522, 0.01543673912]


@pytest.fixture(scope="module")
def asah() -> pd.DataFrame:
    return pd.read_csv(ASAH)


@pytest.fixture(scope="module")
def report(asah):
    return asah.agree.compare_scores("outcome", ["s100b", "wfns", "ndka"], positive="Poor").report(scale="identity")


def test_report_values_differences_and_tests_are_pROC_s(report):
    assert isinstance(report, pa.ScoreComparisonReport)
    for score, auc in AUC.items():
        row = report.values.loc[(score, "AUC")]
        assert row["value"] == pytest.approx(auc, abs=1e-10)
        assert (row["lower"], row["upper"]) == pytest.approx(AUC_CI[score], abs=1e-9)
    d = report.differences.loc[("s100b", "wfns", "AUC")]
    assert d["value"] == pytest.approx(AUC["s100b"] - AUC["wfns"], abs=1e-10)
    assert (d["lower"], d["upper"]) == pytest.approx(CI_S100B_WFNS, abs=1e-12)
    assert report.tests.loc[("s100b", "wfns"), "statistic"] == pytest.approx(Z_S100B_WFNS, abs=1e-12)
    assert report.tests["pvalue"].tolist() == pytest.approx(P, abs=1e-11)
    assert report.tests["pvalue_holm"].tolist() == pytest.approx(P_HOLM, abs=1e-10)
    assert report.tests["df"].isna().all()  # Z: the normal distribution


def test_text_shows_every_table_with_spss_headings(report):
    text = str(report)
    assert text.splitlines()[0] == "Score comparison report: s100b, wfns, ndka against outcome (positive: Poor)"
    for title in ("Case Processing Summary", "Statistics of s100b", "Statistics of wfns", "Statistics of ndka",
                  "Paired differences of the AUCs", "Paired tests of the AUCs", "Notes"):
        assert title in text
    tests = text.split("Paired tests of the AUCs")[1]
    header = next(line for line in tests.splitlines() if line.startswith("Pair"))
    assert header.split() == ["Pair", "Statistic", "Sig.", "Sig.", "(Holm)"]  # no df for Z
    assert "s100b − wfns     -2.209  0.027        0.054" in tests
    assert "wfns − ndka       2.798  0.005        0.015" in tests
    assert "s100b − wfns      -0.092  0.042  [-0.174, -0.010]" in text  # the difference, SE and pROC's interval
    assert "Valid                 113   100.0%" in text
    assert "pROC's roc.test" in text
    assert "<table" in report._repr_html_()
    page = report.to_html()
    assert page.startswith("<!DOCTYPE html>") and "Paired tests of the AUCs" in page


def test_to_dict_is_json_ready(report):
    data = json.loads(report.to_json())
    assert {"summary", "values", "differences", "tests", "notes", "options", "version"} <= set(data)
    tests = data["tests"]
    assert tests["index"] == [["s100b", "wfns"], ["s100b", "ndka"], ["wfns", "ndka"]]
    assert tests["columns"] == ["statistic", "df", "pvalue", "pvalue_holm", "method"]
    assert tests["data"][0][0] == pytest.approx(Z_S100B_WFNS, abs=1e-12)
    assert tests["data"][0][1] is None  # NaN becomes None
    assert [row[3] for row in tests["data"]] == pytest.approx(P_HOLM, abs=1e-10)
    assert data["values"]["index"][:2] == [["s100b", "AUC"], ["s100b", "GINI"]]
    assert data["options"]["scale"] == "identity"


def test_workbook(tmp_path, report):
    import openpyxl

    path = tmp_path / "compare.xlsx"
    report.to_excel(path)
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames == ["Report", "Values", "Tests", "ROC", "Notes"]
    cells = {c.value: c for row in wb["Tests"].iter_rows() for c in row if c.value is not None}
    assert "Paired tests of the AUCs" in cells
    row = next(r for r in wb["Tests"].iter_rows() if (r[0].value, r[1].value) == ("s100b", "wfns"))  # the pair
    shown = [c.value for c in row][2:]  # statistic, df (empty), p, Holm's p, method
    assert shown[0] == pytest.approx(Z_S100B_WFNS, abs=1e-12) and shown[1] is None
    assert shown[2:4] == pytest.approx([P_S100B_WFNS, P_HOLM[0]], abs=1e-10)
    values = [[c.value for c in row] for row in wb["Values"].iter_rows()]
    assert ["s100b", "AUC"] in [row[:2] for row in values]
    assert "Paired differences of the AUCs" in [row[0] for row in values]
    report_text = [c.value for row in wb["Report"].iter_rows() for c in row if isinstance(c.value, str)]
    assert "Paired tests of the AUCs" in report_text
    roc = pd.read_excel(path, sheet_name="ROC", header=1)
    assert roc["score"].dropna().unique().tolist() == ["s100b", "wfns", "ndka"]  # below: a note on +inf


def test_roc_curves_are_those_of_each_score(asah):
    comparison = asah.agree.compare_scores("outcome", ["s100b", "wfns"], positive="Poor")
    roc = comparison.roc()
    for score in ("s100b", "wfns"):
        pd.testing.assert_frame_equal(roc.loc[score], asah.agree.scores("outcome", score, positive="Poor").roc())


def test_plot_shows_each_score_s_curve(report):
    import matplotlib

    matplotlib.use("Agg")
    fig = report.plot()
    assert [t.get_text() for t in fig.axes[0].get_legend().get_texts()] == [
        f"{score} (AUC {auc:.3f})" for score, auc in AUC.items()]
    import matplotlib.pyplot as plt

    plt.close(fig)


def test_design_tests_are_t_on_the_design_s_df(asah):
    cluster = pd.Series(np.arange(len(asah)) // 3)
    report = asah.agree.compare_scores("outcome", ["s100b", "wfns"], positive="Poor", cluster=cluster).report()
    assert report.tests["df"].tolist() == [37.0]  # 38 PSUs in one stratum
    text = str(report)
    header = next(line for line in text.split("Paired tests of the AUCs")[1].splitlines() if line.startswith("Pair"))
    assert header.split() == ["Pair", "Statistic", "df", "Sig.", "Sig.", "(Holm)"]
    assert "Sample Design" in text and "DEFF" in text and "t = ΔAUC / SE" in text


def test_weights_are_counted_as_spss_weight_by(asah):
    weighted = asah.assign(w=2.0)
    report = weighted.agree.compare_scores("outcome", ["s100b", "wfns"], positive="Poor", weights="w").report(ci=None)
    assert report.summary.loc["Valid", "N"] == 226
    assert report.values.loc[("s100b", "AUC"), "value"] == pytest.approx(AUC["s100b"], abs=1e-10)
    assert "Frequency weights were used" in " ".join(report.notes)
    # without intervals the tests are still DeLong's: a weight of 2 counts each row twice
    twice = pd.concat([asah, asah]).agree.compare_scores("outcome", ["s100b", "wfns"], positive="Poor").tests()
    pd.testing.assert_frame_equal(report.tests.drop(columns="df"), twice, rtol=1e-12)
    assert "se" not in report.differences.columns


def test_cli_compare(capsys, tmp_path):
    argv = ["scores", str(ASAH), "--actual", "outcome", "--score", "s100b", "wfns", "--positive", "Poor", "--compare"]
    assert main([*argv, "--scale", "identity"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Score comparison report: s100b, wfns against outcome (positive: Poor)")
    assert "s100b − wfns     -2.209  0.027        0.027" in out  # one pair: Holm's p is the p-value
    assert "[0.630, 0.833]" in out and "[-0.174, -0.010]" in out
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["tests"]["data"][0][2] == pytest.approx(P_S100B_WFNS, abs=1e-12)
    book = tmp_path / "c.xlsx"
    assert main([*argv, "--excel", str(book), "--quiet"]) == 0
    assert capsys.readouterr().out == ""
    assert list(pd.read_excel(book, sheet_name=None)) == ["Report", "Values", "Tests", "ROC", "Notes"]


@pytest.mark.parametrize(("argv", "message"), [
    (["--score", "s100b", "wfns", "--positive", "Poor"], "add --compare to compare the scores"),
    (["--score", "s100b", "--positive", "Poor", "--compare"], "argument --compare: compares two or more --score"),
    (["--score", "s100b", "wfns", "--compare", "--average", "weighted"], "argument --average:"),
])
def test_cli_compare_errors(capsys, argv, message):
    assert main(["scores", str(ASAH), "--actual", "outcome", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_the_precision_recall_panel_names_its_curve_by_its_average_precision():
    """The PR panel's legend showed only the no-skill line; the curve is named with its AP, as the ROC curve is
    with its AUC (scikit-learn's average_precision_score)."""
    import matplotlib

    matplotlib.use("Agg")
    from sklearn.metrics import average_precision_score

    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 200)
    s = np.round(rng.random(200) + 0.5 * y, 1)
    fig = pd.DataFrame({"y": y, "s": s}).agree.scores("y", "s", positive=1).report(ci=None).plot()
    labels = [t.get_text() for t in fig.axes[1].get_legend().get_texts()]
    assert labels[0] == f"AP {average_precision_score(y, s):.3f}" and "no skill" in labels[1]


def test_a_note_about_one_score_goes_on_after_its_name():
    # "sep" separates the classes completely: its AUC is 1 with DeLong's SE 0 (pROC's), an interval of zero width
    df = pd.DataFrame({"y": [0] * 10 + [1] * 10, "sep": np.r_[np.linspace(0, 0.4, 10), np.linspace(0.6, 0.95, 10)],
                       "noisy": np.r_[np.linspace(0, 0.8, 10), np.linspace(0.2, 0.95, 10)]})
    report = df.agree.compare_scores("y", ["sep", "noisy"], positive=1).report()
    assert report.values.loc[("sep", "AUC"), ["value", "se"]].tolist() == [1.0, 0.0]
    assert any(note.startswith("sep: the intervals of AUC, GINI, PRAUC and AP have zero width: the score separates")
               for note in report.notes)


def test_a_score_named_none_is_named_and_plotted_as_the_others():
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    y = [0, 0, 1, 1, 0, 1, 1, 0]
    first, second = [0.1, 0.4, 0.35, 0.8, 0.2, 0.9, 0.7, 0.3], [0.3, 0.2, 0.6, 0.7, 0.1, 0.5, 0.4, 0.6]
    report = pd.DataFrame({"y": y, None: first, "b": second}).agree.compare_scores("y", [None, "b"]).report(ci=None)
    assert report.title.startswith("(missing), b against y")
    assert "Statistics of (missing)" in str(report) and "(missing) − b" in str(report)
    legend = [t.get_text() for t in report.plot().axes[0].get_legend().get_texts()]
    # scikit-learn: roc_auc_score(y, first) = 0.9375, roc_auc_score(y, second) = 0.84375
    assert legend == ["(missing) (AUC 0.938)", "b (AUC 0.844)"]


def test_the_paired_tests_statistics_have_three_decimals(asah):
    """The Statistic column of "Paired tests of the AUCs" showed a z through a value's rules (one decimal from 1000,
    a round-off of 0 in scientific notation, "7.0e-16"); it has SPSS's three decimals, as every Tests table
    (display.statistic). The frame's numbers are set here: the known answer is their rounding to three decimals."""
    report = asah.agree.compare_scores("outcome", ["s100b", "wfns", "ndka"], positive="Poor").report(scale="identity")
    report.tests = report.tests.assign(statistic=[1234.56789, 7.0e-16, Z_S100B_WFNS])
    tests = str(report).split("Paired tests of the AUCs")[1]
    rows = {line.split()[0] + line.split()[2]: line.split()[3] for line in tests.splitlines()
            if line.startswith(("s100b", "wfns"))}
    assert rows == {"s100b" + "wfns": "1234.568", "s100b" + "ndka": "0.000", "wfns" + "ndka": "-2.209"}
