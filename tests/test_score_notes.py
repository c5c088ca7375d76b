"""What the score reports say about the values whose SE says nothing: two scores that rank the objects alike (a
difference of AUCs of 0 with an SE of 0), an infinite log loss (no SE, no interval), and the method of the paired
differences named in full."""

import warnings

import numpy as np
import pandas as pd
import pytest

import pandas_agree as pa

Y = [0, 0, 1, 1, 0, 1, 1, 0, 1, 0]
A = [0.1, 0.4, 0.35, 0.8, 0.2, 0.9, 0.55, 0.6, 0.7, 0.3]
B = [0.3, 0.2, 0.6, 0.7, 0.1, 0.5, 0.45, 0.65, 0.8, 0.25]
ZERO = [0.1, 0.4, 0.0, 0.8, 0.2, 1.0, 0.55, 0.6, 0.7, 0.3]  # a positive object at a probability of 0


def _notes(report) -> str:
    return "\n".join(report.notes)


# --- two scores that rank the objects alike ------------------------------------------------------------------------

def test_identical_scores_give_a_zero_difference_and_a_note_that_says_so():
    df = pd.DataFrame({"y": Y, "a": A, "twice": np.array(A) * 2 - 0.5})  # a monotone copy: the same ranking
    cmp = df.agree.compare_scores("y", ["a", "twice"])
    d = cmp.differences("AUC").loc[("a", "twice", "AUC")]
    # R: library(pROC); t <- roc.test(roc(y, a), roc(y, 2 * a - 0.5)); c(t$statistic, t$p.value, t$conf.int)
    #    gives Z = 0, p = 1, conf.int 0 0
    assert (d["value"], d["se"], d["lower"], d["upper"], d["pvalue"]) == (0.0, 0.0, 0.0, 0.0, 1.0)
    assert cmp.tests().loc[("a", "twice"), "statistic"] == 0.0
    report = cmp.report()
    notes = [n for n in report.notes if n.startswith("a − twice:")]
    assert len(notes) == 1
    assert "identical in their ranking" in notes[0] and "SE of 0" in notes[0] and "roc.test" in notes[0]
    assert "a − twice: the two scores are identical" in str(report)


def test_scores_that_differ_get_no_such_note():
    df = pd.DataFrame({"y": Y, "a": A, "b": B})
    report = df.agree.compare_scores("y", ["a", "b"]).report()
    assert not any(n.startswith("a − b:") for n in report.notes)
    assert "identical" not in _notes(report)


def test_a_zero_se_without_the_same_ranking_is_said_as_such():
    # both separate the classes completely (AUC 1) but rank the objects differently within a class
    y = [0, 0, 0, 1, 1, 1]
    df = pd.DataFrame({"y": y, "a": [0.1, 0.2, 0.3, 0.7, 0.8, 0.9], "b": [0.3, 0.1, 0.2, 0.9, 0.7, 0.8]})
    cmp = df.agree.compare_scores("y", ["a", "b"])
    assert cmp.differences("AUC")["se"].iloc[0] == 0.0
    notes = [n for n in cmp.report().notes if n.startswith("a − b:")]
    assert len(notes) == 1 and "SE of 0" in notes[0] and "identical" not in notes[0]


# --- the method of the paired differences --------------------------------------------------------------------------

def test_the_paired_differences_name_delongs_test_for_paired_aucs():
    df = pd.DataFrame({"y": Y, "a": A, "b": B})
    cmp = df.agree.compare_scores("y", ["a", "b"])
    d = cmp.differences(["AUC", "GINI", "BRIER"])
    assert d.loc[("a", "b", "AUC"), "method"] == "DeLong's test for paired AUCs"
    assert d.loc[("a", "b", "GINI"), "method"] == "DeLong's test for paired AUCs (on the Gini scale, 2·AUC − 1)"
    assert d.loc[("a", "b", "BRIER"), "method"] == "linearised (identity scale)"
    assert cmp.tests()["method"].tolist() == ["DeLong's test for paired AUCs"]
    text = str(cmp.report())
    table = text[text.index("Paired differences of the AUCs"):text.index("Paired tests")]
    assert "a. DeLong's test for paired AUCs: DeLong, DeLong and Clarke-Pearson's (1988) SE of the difference" in table
    assert "\na. DeLong\n" not in table
    assert "Z = ΔAUC / SE (DeLong's test for paired AUCs)" in text


@pytest.mark.parametrize(("ci", "start"), [("linearized", "a. linearised (identity scale): the linearised "
                                                          "(delta-method) SE of the paired difference"),
                                           ("bootstrap", "a. bootstrap percentile (B = 200, random_state = 0): the "
                                                         "objects resampled with all their scores")])
def test_the_other_methods_of_the_differences_are_said_in_full(ci, start):
    df = pd.DataFrame({"y": Y, "a": A, "b": B})
    text = str(df.agree.compare_scores("y", ["a", "b"]).report(ci=ci, n_resamples=200, random_state=0))
    table = text[text.index("Paired differences of the AUCs"):text.index("Paired tests")]
    assert start in " ".join(table.split())  # the footnote, wrapped over lines


# --- an infinite log loss ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("ci", ["auto", "linearized", "bootstrap"])
def test_an_infinite_log_loss_has_no_se_and_no_interval_with_a_warning(ci):
    df = pd.DataFrame({"y": Y, "p": ZERO})
    with pytest.warns(pa.UndefinedMeasureWarning, match="infinite value are undefined and set to NaN: LOGLOSS"):
        v = df.agree.scores("y", "p").values(["BRIER", "LOGLOSS"], ci=ci, n_resamples=200, random_state=0)
    row = v.loc["LOGLOSS"]
    assert row["value"] == np.inf
    assert np.isnan(row["se"]) and np.isnan(row["lower"]) and np.isnan(row["upper"])
    assert row["method"] == "none: an infinite value has no SE or interval"
    assert np.isfinite(v.loc["BRIER", ["se", "lower", "upper"]].to_numpy(dtype=float)).all()  # the others keep theirs


def test_without_intervals_an_infinite_log_loss_is_just_inf():
    df = pd.DataFrame({"y": Y, "p": ZERO})
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        v = df.agree.scores("y", "p").values("LOGLOSS")
    assert v.loc["LOGLOSS", "value"] == np.inf


def test_the_clipped_log_loss_is_scikit_learns():
    sklearn = pytest.importorskip("sklearn.metrics")
    eps = np.finfo(float).eps
    df = pd.DataFrame({"y": Y, "p": np.clip(ZERO, eps, 1 - eps)})
    got = df.agree.scores("y", "p").values("LOGLOSS").loc["LOGLOSS", "value"]
    assert got == pytest.approx(sklearn.log_loss(Y, ZERO), rel=1e-12)  # scikit-learn clips to [eps, 1 - eps]


def test_the_report_shows_an_infinite_log_loss_without_se_and_says_why(tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    df = pd.DataFrame({"y": Y, "p": ZERO})
    with pytest.warns(pa.UndefinedMeasureWarning):
        report = df.agree.scores("y", "p").report()
    text = str(report)
    line = next(row for row in text.splitlines() if row.startswith("log loss (LOGLOSS)"))
    assert line.split()[3] == "inf" and "[" not in line and "inf, SE" not in text
    assert "0.000, inf" not in text
    notes = [n for n in report.notes if n.startswith("LOGLOSS is infinite")]
    assert len(notes) == 1
    assert "probability of its own label is 0" in notes[0] and "scikit-learn's log_loss clips" in notes[0]
    assert "36.04" in notes[0]
    report.to_excel(tmp_path / "s.xlsx")
    ws = openpyxl.load_workbook(tmp_path / "s.xlsx")["Values"]
    row = next(r for r in ws.iter_rows() if r[0].value == "LOGLOSS")
    value, se = row[1], row[2]
    assert value.value is None and value.comment is not None and "+inf" in value.comment.text
    assert se.value is None and se.comment is None


def test_a_comparison_with_an_infinite_log_loss_says_which_score():
    df = pd.DataFrame({"y": Y, "a": A, "zero": ZERO})
    with pytest.warns(pa.UndefinedMeasureWarning, match="a · zero · LOGLOSS"):
        d = df.agree.compare_scores("y", ["a", "zero"]).differences(["AUC", "LOGLOSS"])
    row = d.loc[("a", "zero", "LOGLOSS")]
    assert row["value"] == -np.inf and np.isnan(row[["se", "lower", "upper", "pvalue", "pvalue_holm"]]
                                                .to_numpy(dtype=float)).all()
    with pytest.warns(pa.UndefinedMeasureWarning):
        report = df.agree.compare_scores("y", ["a", "zero"]).report()
    assert sum(n.startswith("zero: LOGLOSS is infinite") for n in report.notes) == 1
    assert not any(n.startswith("a: LOGLOSS") for n in report.notes)
