"""Values that would read as 0 keep their significant digits (as standard errors do), unless an SE or an interval
beside them gives them fewer (a rounding error of 0 reads 0.000), a test's statistic has three decimals, a 2×2 table
of counts has one format, and the reliability diagram of a scores report has the bins of its calibration table."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pandas_agree as pa
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


# tables at exactly chance (each cell its row total times its column total over N): every chance-corrected
# coefficient is 0 in exact arithmetic, and computes as a rounding error (−1.7·10⁻¹⁶, 9.8·10⁻¹⁷) or as 0
_AT_CHANCE = ([[3, 6, 9], [1, 2, 3], [5, 10, 15]], [[7, 14], [3, 6]])


@pytest.mark.parametrize("table", _AT_CHANCE)
def test_a_rounding_error_beside_its_interval_reads_as_zero(table):
    """Kappa, Youden's J and markedness of a table at chance read 0.000 beside their intervals (they read
    "-1.1e-16 [-0.243, 0.243]"), and so does kappa's z (it read "7.0e-16")."""
    text = str(pa.Agreement.from_table(table).report())
    assert "e-1" not in text
    # every Youden's J and markedness of the class-specific table and of the averages (each class's is 0)
    lines = [line for line in text.splitlines() if line.startswith(("Youden's J (YOUD)", "markedness (MARK)"))]
    assert lines and all(line.split(")")[1].split()[0] == "0.000" for line in lines), lines
    kappa_z = next(line for line in text.splitlines() if line.startswith("KAPPA_Z"))
    assert kappa_z.split()[1] == "0.000"


def test_rater_coefficients_at_chance_read_as_zero():
    """Three raters giving every pattern of three categories once: Fleiss', Conger's and Brennan–Prediger's kappas
    and AC1 are 0 (computed −1.7·10⁻¹⁶ and −2.5·10⁻¹⁶) and read 0.000 beside their SEs, as do the kappas by category
    and their z (2.2·10⁻¹⁶, 2.0·10⁻¹⁵)."""
    import itertools

    patterns = pd.DataFrame(list(itertools.product(range(3), repeat=3)), columns=["r1", "r2", "r3"])
    ra = pa.RaterAgreement(patterns)
    summary = ra.summary(ci="auto")
    assert np.allclose(summary.loc[["FLEISS", "CONGER", "AC1", "BPK"], "value"], 0, atol=1e-15)
    text = str(ra.report())
    assert "e-1" not in text
    table = text.split("Agreement among Raters")[1].split("Kappa Paradox")[0]
    for name in ("Fleiss' kappa (FLEISS)", "Conger's kappa (CONGER)", "Gwet's AC1 (AC1)",
                 "Brennan–Prediger kappa (BPK)"):
        line = next(line for line in table.splitlines() if line.startswith(name))
        assert line[len(name):].split()[:2] == ["0.000", "0.080"], line
    by_category = text.split("Fleiss' Kappa by Category")[1].split("Ratings by Rater")[0]
    for category in "012":
        line = next(line for line in by_category.splitlines() if line.startswith(category + " "))
        assert line.split()[1:5] == ["0.000", "0.111", "0.000", "1.000"], line


def test_a_value_beside_an_interval_takes_no_more_digits_than_its_ends():
    assert display.value(-1.7e-16, inside=(-0.243, 0.243)) == "0.000"
    assert display.with_interval(-1.7e-16, -0.243, 0.243) == "0.000 [-0.243, 0.243]"
    assert display.with_interval(0.0004, -0.1, 0.1) == "0.000 [-0.100, 0.100]"  # as beside an SE of 0.05
    assert display.value(0.0004, se=0.05) == "0.000"
    # ends that read as 0 themselves give no such precision: the value keeps its significant digits
    assert display.with_interval(0.000187, 0.000156, 0.000225) == "0.00019 [0.00016, 0.00023]"
    assert display.with_interval(2e-18, 0.0, 0.0) == "2.0e-18 [0.000, 0.000]"


def test_a_test_statistic_has_three_decimals():
    assert display.statistic(7.0e-16) == "0.000" and display.statistic(-2.0e-15) == "0.000"
    assert display.statistic(3.8415) == "3.842" and display.statistic(0.00023) == "0.000"
    assert display.statistic(float("nan")) == display.MISSING


@settings(max_examples=200, deadline=None)
@given(st.floats(-1e-9, 1e-9), st.floats(0.001, 1), st.floats(0.001, 1))
def test_a_tiny_value_with_a_spread_interval_reads_zero(x, below, above):
    shown = display.with_interval(x, x - below, x + above)
    assert shown.split(" [")[0] == "0.000" and "e-" not in shown


def _scientific_cells(path) -> list:
    """The cells of a workbook holding a number below 10⁻⁹ (not 0) in scientific notation."""
    import openpyxl

    book = openpyxl.load_workbook(path)
    return [(sheet.title, cell.coordinate, cell.value) for sheet in book for row in sheet.iter_rows() for cell in row
            if isinstance(cell.value, float) and 0 < abs(cell.value) < 1e-9 and "E" in cell.number_format]


def test_the_workbooks_show_a_rounding_error_of_0_as_0(tmp_path):
    """The Averages sheet showed Youden's J of a table at chance as -1.1E-16, the rater workbook's Summary sheet
    the kappas as -1.7E-16 and its Categories sheet the kappas by category (2.2E-16) and their z (2.0E-15): beside
    an SE or an interval (and a test's statistic, whose SE is 1) they have four decimals, as the report prints
    them; the cells keep the numbers as computed."""
    import itertools

    pa.Agreement.from_table(_AT_CHANCE[0]).report().to_excel(tmp_path / "agreement.xlsx")
    patterns = pd.DataFrame(list(itertools.product(range(3), repeat=3)), columns=["r1", "r2", "r3"])
    pa.RaterAgreement(patterns).report().to_excel(tmp_path / "raters.xlsx")
    assert _scientific_cells(tmp_path / "agreement.xlsx") == []
    assert _scientific_cells(tmp_path / "raters.xlsx") == []
    import openpyxl

    summary = openpyxl.load_workbook(tmp_path / "raters.xlsx")["Summary"]
    kappas = [c for row in summary.iter_rows() for c in row if isinstance(c.value, float) and 0 < abs(c.value) < 1e-9]
    assert kappas and all(c.number_format == "0.0000" for c in kappas)


def test_a_small_value_in_a_workbook_keeps_its_digits_where_nothing_beside_it_gives_fewer():
    from pandas_agree.report.excel import centre_formats

    # the formats: two significant digits of 6.3e-05 (six decimals), scientific notation below 10⁻⁹
    assert centre_formats([6.3e-05, 4.1e-37]) == ["0.000000", "0.0E+00"]
    assert centre_formats([6.3e-05], lower=[5e-05], upper=[8e-05]) == ["0.000000"]  # ends that read as 0 too
    assert centre_formats([6.3e-05], se=[0.00002]) == ["0.000000"]  # the SE's decimals
    assert centre_formats([6.3e-05], se=[0.02]) == ["0.0000"]
    assert centre_formats([-1.1e-16, 4.1e-37], se=[0.08, 0.0], lower=[-0.24, 0.0], upper=[0.24, 0.0]) == \
        ["0.0000", "0.0E+00"]


def test_the_workbook_takes_the_reports_decision_on_a_value_beside_its_se_or_interval():
    """One rule (display.centre_precision) for where a value beside its SE or interval takes its precision from;
    the workbook maps it to four decimals where the text has three. The workbook had a copy of the rule with
    thresholds of its own (a value below 0.001, an end from 0.001 up), which disagreed with the report at the
    edges."""
    from pandas_agree.report.excel import bound_formats, centre_formats

    # 10⁻¹⁶ in [−0.0007, 0.0007]: 0 to the precision of its ends in the report, so 0.0000 in the sheet (was 1.0E-16)
    assert display.value_and_interval(1e-16, -0.0007, 0.0007) == ("0.000", "[-0.001, 0.001]")
    assert display.centre_precision(1e-16, 3, ends=(-0.0007, 0.0007)) == "ends"
    assert centre_formats([1e-16], lower=[-0.0007], upper=[0.0007]) == ["0.0000"]
    # 0.41 beside an SE of 0.00034: the SE's five decimals in both (the sheet had four), and so have its ends
    assert display.value_and_interval(0.41, 0.4093, 0.4107, se=0.00034) == ("0.41000", "[0.40930, 0.41070]")
    assert centre_formats([0.41], se=[0.00034]) == ["0.00000"]
    assert bound_formats([0.41], [0.4093], [0.4107], se=[0.00034]) == (["0.00000"], ["0.00000"])
    # an SE below 10⁻⁸ (scientific notation) gives no decimals: the value keeps its own digits in both
    assert display.value(2e-18, se=3e-12) == "2.0e-18"
    assert centre_formats([2e-18], se=[3e-12]) == ["0.0E+00"]


@settings(max_examples=300, deadline=None)
@given(st.floats(-1e-3, 1e-3), st.floats(1e-12, 0.1), st.floats(0, 0.1), st.floats(0, 0.1), st.booleans())
def test_the_workbook_shows_a_value_as_0_where_the_report_does(x, se, below, above, with_se):
    """The workbook shows a value beside its SE or interval in scientific notation (its own digits) exactly where the
    report does; where the report shows it as 0 (0.000, or 0.00000 beside a small SE), the workbook has decimals
    too, at least four."""
    from pandas_agree.report.excel import centre_formats

    lower, upper = x - below, x + above
    text, _ = display.value_and_interval(x, lower, upper, se=se if with_se else None)
    (fmt,) = centre_formats([x], [se] if with_se else None, [lower], [upper])
    assert ("e" in text) == ("E" in fmt)
    if set(text) <= set("-0."):
        assert len(fmt.split(".")[1]) >= 4
