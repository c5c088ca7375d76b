"""Printed numbers round half away from zero on the decimal value ``repr`` shows, as SPSS rounds ("Numbers ending in
.5 exactly are rounded away from 0", IBM SPSS Statistics Command Syntax Reference, Arithmetic functions, RND)."""

import warnings
from decimal import ROUND_HALF_UP, Context, Decimal

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pandas_agree as pa
from pandas_agree.base.rounding import rounded_text
from pandas_agree.report import display

EXACT = Context(prec=1200, rounding=ROUND_HALF_UP, Emax=999_999, Emin=-999_999)


def half_up(x: float, places: int) -> str:
    """The reference: decimal's ROUND_HALF_UP (half away from zero) on ``Decimal(repr(x))``, 0 without a sign."""
    rounded = EXACT.quantize(Decimal(repr(x)), Decimal((0, (1,), -places)))
    return format(abs(rounded) if rounded == 0 else rounded, "f")


@pytest.mark.parametrize("x, places, text", [
    (6.25, 1, "6.3"),  # Python's f"{6.25:.1f}" is "6.2" (half to even on the exact binary 6.25)
    (-6.25, 1, "-6.3"),
    (0.125, 2, "0.13"),  # f"{0.125:.2f}" is "0.12"
    (2.675, 2, "2.68"),  # repr "2.675"; its binary value 2.67499999999999982236431605997495353221893310546875
    (-2.675, 2, "-2.68"),
    (0.30000000000000004, 1, "0.3"),  # the noise of 0.1 + 0.2 does not move it
    (0.1 + 0.2, 16, "0.3000000000000000"),
    (0.1 + 0.2, 17, "0.30000000000000004"),
    (1381348.5, 0, "1381349"), (2.5, 0, "3"), (0.5, 0, "1"), (-0.5, 0, "-1"), (1.5, 0, "2"),
    (0.0625, 3, "0.063"), (0.000225, 5, "0.00023"), (24145.05, 1, "24145.1"),
    (6.249999999999999, 1, "6.2"),  # a tie missed by round-off rounds as its repr reads: below the tie
    (6.250000000000001, 1, "6.3"),
    (1e-17, 3, "0.000"), (-1e-17, 3, "0.000"), (-0.0, 3, "0.000"), (-0.0004, 3, "0.000"), (-0.0005, 3, "-0.001"),
    (0.0, 0, "0"), (12.0, 2, "12.00"), (7, 1, "7.0"), (np.int64(42), 0, "42"), (np.float64(6.25), 1, "6.3"),
    (np.float32(0.5), 0, "1"),
    (float("nan"), 3, "nan"), (float("inf"), 3, "inf"), (float("-inf"), 1, "-inf"),
    (2.0**53, 0, "9007199254740992"), (123456789012.5, 0, "123456789013"),
    (1e22, 0, "10000000000000000000000"),  # digits beyond repr's are 0 (f"{1e22:.0f}" is the binary value's)
    (1.7976931348623157e308, 0, "17976931348623157" + "0" * 292),
    (5e-324, 6, "0.000000"), (1.5e-7, 7, "0.0000002"), (2.5e-7, 7, "0.0000003"), (1.23456785e-3, 10, "0.0012345679"),
])
def test_known_answers(x, places, text):
    assert rounded_text(x, places) == text
    assert rounded_text(np.array([x]), places) == [text]  # the arrays' path gives the same


@pytest.mark.parametrize("x, places, notation, text", [
    (1.2345e15, 3, "e", "1.235e+15"),  # f"{1.2345e15:.3e}" is "1.234e+15"
    (-1.2345e15, 3, "e", "-1.235e+15"), (6.25e-12, 1, "e", "6.3e-12"), (9.995, 2, "e", "1.00e+01"),
    (0.0, 2, "e", "0.00e+00"), (-0.0, 1, "e", "0.0e+00"), (float("inf"), 3, "e", "inf"), (float("nan"), 1, "e", "nan"),
    (1e300, 3, "e", "1.000e+300"), (2.5e-7, 1, "e", "2.5e-07"),
    (95.0, 6, "g", "95"), (99.95, 3, "g", "100"), (0.000123456785, 8, "g", "0.00012345679"),
    (1234565.0, 6, "g", "1.23457e+06"), (0.5, 0, "g", "0.5"), (1.25, 2, "g", "1.3"), (-0.0, 6, "g", "0"),
    (float("inf"), 6, "g", "inf"),
])
def test_known_answers_scientific_and_significant(x, places, notation, text):
    assert rounded_text(x, places, notation) == text
    assert rounded_text([x], places, notation) == [text]


def test_arrays_with_decimals_of_their_own():
    numbers = np.array([[6.25, 0.0625, 1e300], [-2.675, float("nan"), -0.0004]])
    assert rounded_text(numbers, 1) == ["6.3", "0.1", "1" + "0" * 300 + ".0", "-2.7", "nan", "0.0"]
    assert rounded_text(numbers, np.array([[1, 3, 0], [2, 1, 3]])) == \
        ["6.3", "0.063", "1" + "0" * 300, "-2.68", "nan", "0.000"]
    assert rounded_text([], 3) == []


def test_bad_arguments_are_named():
    with pytest.raises(ValueError, match="notation"):
        rounded_text(1.0, 2, "x")
    with pytest.raises(ValueError, match="places"):
        rounded_text(1.0, -1)


@settings(max_examples=3000, deadline=None)
@given(st.floats(allow_nan=False, allow_infinity=False), st.integers(0, 6))
def test_half_away_from_zero_on_the_repr_as_decimal_rounds_it(x, places):
    expected = half_up(x, places)
    assert rounded_text(x, places) == expected
    assert rounded_text(np.array([x, x]), places) == [expected, expected]


@settings(max_examples=3000, deadline=None)
@given(st.integers(-10**9, 10**9), st.integers(0, 6), st.integers(0, 6))
def test_short_decimals_many_of_them_ties(digits, scale, places):
    x = float(Decimal(digits).scaleb(-scale))  # at most 9 digits: the ties of a report's counts and shares
    assert rounded_text(x, places) == half_up(x, places)


@settings(max_examples=500, deadline=None)
@given(st.floats(allow_nan=False, allow_infinity=False).filter(lambda v: v != 0), st.integers(0, 6))
def test_scientific_notation_rounds_the_repr_half_away_from_zero(x, places):
    rounded = Context(prec=places + 1, rounding=ROUND_HALF_UP).plus(Decimal(repr(x)))
    mantissa, exponent = f"{rounded:.{places}e}".split("e")
    assert rounded_text(x, places, "e") == f"{mantissa}e{exponent[0]}{int(exponent[1:]):02d}"


def test_the_report_functions_round_as_spss():
    assert display.percent(6.25) == "6.3%" and display.percent(-6.25) == "-6.3%"
    assert display.value(0.0625) == "0.063" and display.se(0.0625) == "0.063" and display.pvalue(0.0625) == "0.063"
    assert display.fixed(1.25, 1) == "1.3" and display.fixed(-0.25, 1) == "-0.3" and display.count(2.125) == "2.13"
    assert display.values([0.0625, 2.675]) == ["0.063", "2.675"]
    assert display.with_intervals(np.array([0.0625]), np.array([0.0125]), np.array([0.1125])) == \
        ["0.063 [0.013, 0.113]"]
    assert display.value_and_interval(0.0625, 0.01, 0.2) == ("0.063", "[0.010, 0.200]")
    assert display.value(1.2345e15) == "1.235e+15" and display.significant(99.95, 3) == "100"


def test_a_report_whose_percentage_is_a_tie_prints_spss_digits():
    # a 2×2 table of 16 objects: 1 of 16 is 6.25% of the total, and the expected counts, residuals and margins are
    # ties at one decimal too: SPSS prints 6.3% (Python's formatting printed 6.2%, 1.2, -0.2, 31.2%)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        report = pa.Crosstab.from_table(np.array([[1, 3], [4, 8]])).report(cells="all")
        text, html = str(report), report.to_html(plots=False)
    for shown in ("6.3%", "31.3%", "68.8%"):
        assert shown in text and f">{shown}<" in html
    assert "6.2%" not in text and ">6.2%<" not in html
    expected = [line.split()[-3:] for line in text.splitlines() if "Expected Count" in line]
    assert expected == [["1.3", "2.8", "4.0"], ["3.8", "8.3", "12.0"], ["5.0", "11.0", "16.0"]]
    residuals = [line.split()[-2:] for line in text.splitlines() if line.strip().startswith("Residual")]
    assert residuals == [["-0.3", "0.3"], ["0.3", "-0.3"]]
