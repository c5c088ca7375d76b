"""Values that would read as 0 keep their significant digits (as standard errors do), a 2×2 table of counts has one
format, and the reliability diagram of a scores report has the bins of its calibration table."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pandas_agree  # noqa: F401  (the .agree accessor)
from pandas_agree.report import display


def test_a_small_value_is_not_shown_as_zero_beside_its_interval():
    # the within-bin variance of a calibration table: 0.000187 in [0.000156, 0.000225] read "0.000"
    # (0.000225 is a tie at five decimals: rounded half away from zero, as SPSS rounds, it is 0.00023)
    assert display.with_interval(0.000187, 0.000156, 0.000225) == "0.00019 [0.00016, 0.00023]"
    assert display.value(0.000187) == "0.00019" and display.value(-1.79e-5) == "-0.000018"
    assert display.value(0.0) == "0.000" and display.value(3e-12) == "3.0e-12"
    assert display.value(0.4123) == "0.412"  # a value that shows as a number keeps SPSS's three decimals


@settings(max_examples=200, deadline=None)
@given(st.floats(-1e-2, 1e-2), st.floats(0, 1e-3), st.floats(0, 1e-3))
def test_a_column_of_values_with_intervals_reads_as_each_of_them(x, below, above):
    """The column at once (``with_intervals``) gives the text of each value with its interval
    (``with_interval``), small values included."""
    values, lowers, uppers = np.array([x, 0.5]), np.array([x - below, 0.4]), np.array([x + above, 0.6])
    column = display.with_intervals(values, lowers, uppers)
    assert column == [display.with_interval(float(v), float(lo), float(hi))
                      for v, lo, hi in zip(values, lowers, uppers, strict=True)]


def _scored() -> pd.DataFrame:
    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, 300)
    p = np.clip(0.3 * y + rng.uniform(0, 0.7, 300), 0, 1)
    return pd.DataFrame({"y": y, "p": p, "w": np.where(np.arange(300) == 7, 1.5, 1.0)})


def test_the_thresholds_2x2_counts_share_one_format():
    """A fractional weight in one cell of a threshold's 2×2 table gives all four cells two decimals."""
    table = next(t for t in _scored().agree.scores("y", "p", positive=1, weights="w").report(ci=None)
                 .document().sections[0].tables if t.title == "Thresholds")
    for _, cells in table.rows:
        counts = cells[1:5]
        assert all(c.count(".") == 1 and len(c.split(".")[1]) == 2 for c in counts), counts


def test_the_reliability_diagram_has_the_calibration_tables_bins():
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    report = _scored().agree.scores("y", "p", positive=1).report()
    bins = {m.split("; ")[-1] for m in report.calibration["method"].dropna() if "bins" in m}
    assert bins == {"15 equal-width bins", "15 equal-mass bins"}
    figure = report.plot()
    assert "mean predicted probability (15 bins)" in [ax.get_xlabel() for ax in figure.axes]


def _numbers(text: str) -> list[float]:
    return [float(t) for t in text.replace("[", " ").replace("]", " ").replace(",", " ").split()]


def test_a_value_never_reads_outside_its_interval():
    """0.999752 of [0.99908, 0.99993] read "1.000 [0.99908, 0.99993]" (a class-probability AUC of the digits): the
    value takes the decimals of its ends where its rounding would put it outside them."""
    assert str(display.with_interval(0.999752, 0.99908, 0.99993)) == "0.99975 [0.99908, 0.99993]"
    assert str(display.value(0.999752, inside=(0.99908, 0.99993))) == "0.99975"
    assert str(display.interval(0.99908, 0.99993, value_shown=0.999752)) == "[0.99908, 0.99993]"
    assert str(display.with_interval(0.412, 0.3, 0.5)) == "0.412 [0.300, 0.500]"  # the common case as before


@settings(max_examples=300, deadline=None)
@given(st.floats(-5, 5).filter(lambda x: x == 0 or abs(x) >= 1e-8), st.floats(0, 1e-2), st.floats(0, 1e-2))
def test_the_value_shown_lies_within_the_ends_shown(x, below, above):
    """Values down to 10⁻⁸ (smaller ones are shown in scientific notation, their ends in decimals)."""
    lower, upper = x - below, x + above
    value, low, high = _numbers(str(display.with_interval(x, lower, upper)))
    assert low <= value <= high
    value = float(str(display.value(x, inside=(lower, upper))))
    low, high = _numbers(str(display.interval(lower, upper, like=(x,), value_shown=x)))
    assert low <= value <= high


def test_reliability_takes_the_bins_of_calibration_by_default():
    """reliability() had 10 bins by default where calibration() and the report's diagram have 15."""
    import inspect

    scores = _scored().agree.scores("y", "p", positive=1)
    assert inspect.signature(scores.reliability).parameters["bins"].default == \
        inspect.signature(scores.calibration).parameters["bins"].default == 15
    pd.testing.assert_frame_equal(scores.reliability(), scores.reliability(bins=15))
