"""The scores report shows the ECE (torchmetrics' bins) and the reliability diagram (scikit-learn's
``calibration_curve`` bins): a note says that the two place a score on a bin's edge differently."""

import warnings

import numpy as np
import pytest
from sklearn.calibration import calibration_curve

import pandas_agree as pa

BINS = 15


def _ece(p: np.ndarray, y: np.ndarray, bin_of: np.ndarray) -> float:
    """Σ_j (n_j / N) |o_j − f_j| of the rows, the bins given."""
    total = 0.0
    for j in np.unique(bin_of):
        at = bin_of == j
        total += at.sum() / len(p) * abs(y[at].mean() - p[at].mean())
    return total


def _report(column: str):
    df = pa.datasets.load("cancer_scores")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the naive Bayes probabilities of 0 and 1: left out of Cox's fit
        return df, df.agree.scores("diagnosis", column, positive="malignant").report()


def test_the_note_says_the_two_binnings_differ():
    df, report = _report("bayes")
    p, y = df["bayes"].to_numpy(), df["diagnosis"].eq("malignant").to_numpy(dtype=float)
    edges = np.linspace(0, 1, BINS + 1)
    # torchmetrics' rule (bucketize(p, edges, right=True) − 1: [e_j, e_{j+1}), a score of 1 in a bin of its own)
    ece = _ece(p, y, np.searchsorted(edges, p, side="right") - 1)
    # scikit-learn's calibration_curve rule (np.searchsorted(bins[1:-1], p): (e_j, e_{j+1}], the first bin closed)
    sklearn_bins = np.searchsorted(edges[1:-1], p)
    fraction, mean = calibration_curve(y, p, n_bins=BINS)
    diagram = report.scores.reliability(bins=BINS)
    assert diagram["fraction_positive"].to_numpy() == pytest.approx(fraction, rel=1e-12)
    assert diagram["mean_predicted"].to_numpy() == pytest.approx(mean, rel=1e-12)
    assert report.calibration.loc["ECE", "value"] == pytest.approx(ece, rel=1e-12)
    # the same data, the same 15 bins, other bins: the diagram's last bin holds 192 scores, 142 of them exactly 1,
    # which the ECE's bins hold in a bin of their own
    assert diagram["count"].iloc[-1] == (sklearn_bins == BINS - 1).sum() == 192
    torch_bins = np.searchsorted(edges, p, side="right") - 1
    assert ((torch_bins == BINS - 1).sum(), (torch_bins == BINS).sum()) == (50, 142)
    notes = [n for n in report.notes if "reliability diagram" in n]
    assert len(notes) == 1
    assert "torchmetrics" in notes[0] and "calibration_curve" in notes[0] and "docs/notes/calibration.md" in notes[0]
    assert "docs/notes/calibration.md" in " ".join(str(report).split())


def test_no_note_without_the_calibration_table():
    df = pa.datasets.load("cancer_scores").assign(logit=lambda d: np.log(d["logistic"] / (1 - d["logistic"])))
    df = df[np.isfinite(df["logit"])]
    report = df.agree.scores("diagnosis", "logit", positive="malignant").report()  # not probabilities: no ECE
    assert report.calibration is None
    assert not any("reliability diagram" in n for n in report.notes)
