"""The maximum calibration error's linearised SE where the bin of the largest gap holds objects of one class only:
the linearisation reads that bin's share of positives (0 or 1) as without variance and gave an SE of 0 and an
interval [MCE, MCE]; it is NaN with a warning that names the bootstrap."""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd
import pytest

import pandas_agree  # noqa: F401  (the .agree accessor)
from pandas_agree import UndefinedMeasureWarning


def _calibrated_with_one_outlier(n_bad: int = 1, spread: bool = False) -> pd.DataFrame:
    """200 well-calibrated objects near 0 and near 1, and ``n_bad`` negative objects at 0.8 (spread over
    0.78–0.82 where ``spread``): the largest gap is theirs, a bin of negatives only."""
    rng = np.random.default_rng(0)
    p = np.concatenate([rng.uniform(0, 0.05, 100), rng.uniform(0.95, 1, 100),
                        np.linspace(0.78, 0.82, n_bad) if spread else np.full(n_bad, 0.8)])
    y = (rng.random(len(p)) < p).astype(int)
    y[200:] = 0
    return pd.DataFrame({"y": y, "p": p})


@pytest.mark.parametrize(("n_bad", "spread"), [(1, False), (5, True)])
def test_mce_of_a_bin_of_one_class_has_no_linearised_interval(n_bad, spread):
    sc = _calibrated_with_one_outlier(n_bad, spread).agree.scores("y", "p")
    with pytest.warns(UndefinedMeasureWarning, match="maximum calibration error .* ci='bootstrap'"):
        row = sc.calibration(ci="auto").loc["MCE"]
    assert row["value"] == pytest.approx(0.8, abs=0.03)
    assert np.isnan(row["se"]) and np.isnan(row["lower"]) and np.isnan(row["upper"])  # before: 0 and [0.8, 0.8]
    with warnings.catch_warnings():
        warnings.simplefilter("error", UndefinedMeasureWarning)  # the bootstrap needs no partials: no warning
        boot = sc.calibration(ci="bootstrap", random_state=0).loc["MCE"]
        sc.calibration(ci=None)  # nor the values alone
    assert boot["lower"] < row["value"] <= boot["upper"] + 1e-12
    if n_bad == 1:  # one object: in a resample without it the largest gap is small, the bootstrap's [0.008, 0.8]
        assert boot["lower"] < 0.1


def test_the_report_says_why_mce_has_no_interval():
    df = _calibrated_with_one_outlier()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMeasureWarning)
        text = str(df.agree.scores("y", "p").report())
    assert "maximum calibration error (MCE) is undefined where the bin of the largest gap holds objects of one" in \
        " ".join(text.split())


def test_mce_of_a_bin_of_both_classes_keeps_its_linearised_se():
    # a guard: the largest gap in a bin of both classes (six objects at 0.8, two of them positive: a gap of 0.47)
    # keeps a finite SE, of the size of the bootstrap's
    df = _calibrated_with_one_outlier(6)
    df.loc[df.index[-2:], "y"] = 1
    sc = df.agree.scores("y", "p")
    with warnings.catch_warnings():
        warnings.simplefilter("error", UndefinedMeasureWarning)
        row = sc.calibration(ci="linearized").loc["MCE"]
    boot = sc.calibration(ci="bootstrap", random_state=0).loc["MCE"]
    assert row["value"] == pytest.approx(0.8 - 2 / 6)
    assert 0 < row["se"] < 1 and 0.5 < row["se"] / boot["se"] < 2


def test_mce_partials_find_the_bin_of_the_registry():
    """``calibration_error_partials(norm="max")`` takes MCE's bin as ``binned_values`` does, the first bin with
    objects of the largest gap: where every gap is 0 and an empty bin comes first it gives the one-sided slopes
    of that bin's counts (|1 − s − g|/n for a positive, |−s − g|/n for a negative: 0.25 and 0.25 at s = 0.5 in a
    bin of two), where it gave 0 for every count (the empty bin)."""
    from pandas_agree.measures.calibration import calibration_error, calibration_error_partials

    table = ([0.5], [1], [1])  # one positive and one negative at 0.5: the gap of its bin (the second of 2) is 0
    assert float(calibration_error(*table, bins=2, norm="max")) == 0.0
    d_pos, d_neg = calibration_error_partials(*table, bins=2, norm="max")
    assert d_pos.tolist() == [0.25] and d_neg.tolist() == [0.25]
