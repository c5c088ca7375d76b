"""The report of scores (text, HTML, Excel, JSON, plot) and the scores command of the CLI."""

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import pandas_agree as pa
from pandas_agree.base.rounding import rounded_text
from pandas_agree.integrations.cli import main

ASAH = Path(__file__).parent / "data" / "asah.csv"


@pytest.fixture(scope="module")
def probabilities() -> pd.DataFrame:
    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, 400)
    return pd.DataFrame({"y": np.where(y == 1, "yes", "no"), "p": 1 / (1 + np.exp(-rng.normal(2 * y - 1, 1.2)))})


def test_report_holds_every_table(probabilities):
    report = probabilities.agree.scores("y", "p", positive="yes").report()
    text = str(report)
    for title in ("Case Processing Summary", "Statistics of the score", "Thresholds", "Calibration", "Notes"):
        assert title in text
    assert isinstance(report, pa.ScoresReport)
    assert report.values.loc["AUC", "value"] == pytest.approx(
        probabilities.agree.scores("y", "p", positive="yes").values("AUC").loc["AUC", "value"])
    data = json.loads(report.to_json())
    assert {"summary", "values", "thresholds", "calibration", "notes", "options"} <= set(data)
    assert "<table" in report.to_html() and "ROC curve" in report.to_html()


def test_report_of_class_probabilities_under_a_design():
    rng = np.random.default_rng(0)
    n = 300
    y = rng.integers(0, 3, n)
    logits = rng.normal(size=(n, 3)) + 2 * np.eye(3)[y]
    p = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    df = pd.DataFrame(p, columns=["pa", "pb", "pc"]).assign(y=np.array(["a", "b", "c"])[y], w=rng.uniform(1, 2, n),
                                                            st=rng.integers(0, 3, n), cl=rng.integers(0, 30, n))
    report = df.agree.scores("y", ["pa", "pb", "pc"], weights="w", strata="st", cluster="cl").report()
    text = str(report)
    assert "Sample Design" in text and "One-vs-rest values by class" in text and "DEFF" in text
    assert "AUC_OVO" in text
    assert report.thresholds is None and report.calibration is None


def test_excel_workbook(tmp_path, probabilities):
    report = probabilities.agree.scores("y", "p", positive="yes").report()
    path = tmp_path / "scores.xlsx"
    report.to_excel(path)
    sheets = pd.read_excel(path, sheet_name=None)
    assert list(sheets) == ["Report", "Values", "ROC", "Notes"]
    assert len(sheets["ROC"]) > 100


def test_excel_counts_are_shown_as_counts(tmp_path, probabilities):
    from openpyxl import load_workbook

    # whole counts without decimals, weighted sums with two (as the text report shows them)
    weighted = probabilities.assign(w=np.random.default_rng(1).uniform(0.5, 2.0, len(probabilities)))
    for frame, weights in ((probabilities, None), (weighted, "w")):
        path = tmp_path / "scores.xlsx"
        frame.agree.scores("y", "p", positive="yes", weights=weights).report().to_excel(path)
        ws = load_workbook(path)["Values"]
        rows = {ws.cell(r, 1).value: r for r in range(1, ws.max_row + 1)}
        header = next(r for r in range(1, ws.max_row + 1) if ws.cell(r, 2).value == "threshold")
        columns = {ws.cell(header, c).value: c for c in range(1, ws.max_column + 1)}
        cells = [ws.cell(header + 1, columns[name]) for name in ("TP", "FN", "FP", "TN")]
        cells.append(ws.cell(rows["Total"], 2))  # the Case Processing Summary's N
        for cell in cells:
            assert cell.number_format == ("0" if cell.value == round(cell.value) else "0.00"), cell.coordinate
        assert ("0.00" in {cell.number_format for cell in cells}) == (weights is not None)
        assert ws.cell(header + 1, columns["REC"]).number_format == "0.0000"  # a measure keeps four decimals


def test_plot_has_three_panels(probabilities):
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    scores = probabilities.agree.scores("y", "p", positive="yes")
    fig = scores.report(ci=None).plot()
    assert [ax.get_title() for ax in fig.axes] == ["ROC curve", "Precision–recall curve", "Reliability diagram"]
    # the AUC in the ROC curve's legend; the AP and the prevalence (a score without skill) on the precision–recall
    # curve's
    auc = scores.values("AUC", ci=None).loc["AUC", "value"]
    assert [t.get_text() for t in fig.axes[0].get_legend().get_texts()] == [f"AUC {rounded_text(auc, 3)}"]
    prevalence = (probabilities["y"] == "yes").mean()
    ap = scores.values("AP", ci=None).loc["AP", "value"]
    assert [t.get_text() for t in fig.axes[1].get_legend().get_texts()] == [
        f"AP {rounded_text(ap, 3)}", f"prevalence {rounded_text(prevalence, 3)} (no skill)"]  # 0.5025: 0.503
    assert fig.axes[1].get_lines()[-1].get_ydata()[0] == pytest.approx(prevalence, rel=1e-12)


def test_plot_of_class_probabilities_names_each_class_s_auc():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    rng = np.random.default_rng(0)
    y = rng.integers(0, 3, 300)
    logits = rng.normal(size=(300, 3)) + 2 * np.eye(3)[y]
    p = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    df = pd.DataFrame(p, columns=["pa", "pb", "pc"]).assign(y=np.array(["a", "b", "c"])[y])
    scores = df.agree.scores("y", ["pa", "pb", "pc"])
    fig = scores.report(ci=None).plot()
    auc = scores.classes("AUC", ci=None)["AUC"]
    assert [t.get_text() for t in fig.axes[0].get_legend().get_texts()] == [
        f"{label} (AUC {auc[label]:.3f})" for label in ("a", "b", "c")]


def test_cli_scores(capsys, tmp_path):
    assert main(["scores", str(ASAH), "--actual", "outcome", "--score", "s100b", "--positive", "Poor",
                 "--scale", "identity"]) == 0
    out = capsys.readouterr().out
    assert "s100b against outcome (positive: Poor)" in out
    assert "[0.630, 0.833]" in out  # pROC: ci.auc(roc(aSAH$outcome, aSAH$s100b)) 0.6301–0.8326
    html = tmp_path / "s.html"
    assert main(["scores", str(ASAH), "--actual", "outcome", "--score", "s100b", "--html", str(html),
                 "--quiet"]) == 0
    assert html.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


@pytest.mark.parametrize(("argv", "message"), [
    (["--score", "nope"], "argument --score: no column 'nope'"),
    (["--score", "outcome"], "argument --score: column 'outcome' is not numeric"),
    # the help offers only the interval methods and averages of scores
    (["--score", "s100b", "--ci", "wilson"], "argument --ci: invalid choice: 'wilson'"),
    (["--score", "s100b", "--average", "micro"], "argument --average: invalid choice: 'micro'"),
])
def test_cli_scores_errors(capsys, argv, message):
    assert main(["scores", str(ASAH), "--actual", "outcome", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_zero_width_intervals_and_cox_s_left_out_objects_are_noted():
    separated = pd.DataFrame({"y": [0] * 10 + [1] * 10,
                              "s": np.r_[np.linspace(0.0, 0.4, 10), np.linspace(0.6, 0.95, 10)]})
    report = separated.agree.scores("y", "s").report()
    assert report.values.loc["AUC", ["lower", "upper"]].tolist() == [1.0, 1.0]  # pROC's [1, 1]
    assert any(note.startswith("The intervals of AUC, GINI, PRAUC and AP have zero width: the score separates")
               for note in report.notes)
    # the object at a score of 0 is left out of Cox's fit: said in the notes, not as a warning
    assert any("left out of Cox's calibration intercept and slope" in note for note in report.notes)
    plain = pd.DataFrame({"y": [0, 1, 0, 1, 1, 0], "s": [0.2, 0.3, 0.6, 0.8, 0.7, 0.1]}).agree.scores("y", "s")
    assert not any("zero width" in note for note in plain.report().notes)


def test_zero_width_intervals_of_a_class_are_noted():
    df = pd.DataFrame({"y": ["a", "a", "b", "b", "c", "c", "b", "c"],
                       "p_a": [0.8, 0.7, 0.1, 0.2, 0.1, 0.2, 0.3, 0.1], "p_b": [0.1, 0.2, 0.5, 0.3, 0.5, 0.2, 0.4, 0.6],
                       "p_c": [0.1, 0.1, 0.4, 0.5, 0.4, 0.6, 0.3, 0.3]})
    report = df.agree.scores("y", ["p_a", "p_b", "p_c"]).report()
    assert report.classes.loc["a", ("AUC", "se")] == 0 and report.classes.loc["b", ("AUC", "se")] > 0
    assert any(note.startswith("The one-vs-rest intervals of AUC, GINI, PRAUC and AP of a have zero width: the "
                               "probability of a separates") for note in report.notes)


def test_title_names_the_columns_as_the_other_reports_do():
    # column names the display helpers show otherwise than str(): a name that is missing, one with a control
    # character (escaped, as the agreement report's title shows it), one cut for its length
    rng = np.random.default_rng(1)
    y = rng.integers(0, 2, 80)
    score, reference, long = "s\tcore", None, "p" * 200
    df = pd.DataFrame({reference: y, score: y + rng.normal(0, 1, 80), long: rng.random(80)})
    assert df.agree.scores(reference, score).report(ci=None).title == "s\\tcore against (missing) (positive: 1)"
    agreement = pd.DataFrame({"y": y, score: y}).agree.report("y", score, ci=None).title
    assert agreement == "y * s\\tcore"
    assert str(df.agree.scores(reference, long).report(ci=None)).splitlines()[0] == (
        f"Scores report: {'p' * 30}…{'p' * 10} (200 characters) against (missing) (positive: 1)")
    shares = rng.dirichlet([1, 1, 1], 90)
    labels = pd.DataFrame({"y": rng.integers(0, 3, 90), "a\n": shares[:, 0], long: shares[:, 1],
                           None: shares[:, 2]})
    multiclass = labels.agree.scores("y", ["a\n", long, None], labels=[0, 1, 2]).report(ci=None).title
    assert multiclass == f"class probabilities a\\n, {'p' * 30}…{'p' * 10} (200 characters), (missing) against y"
