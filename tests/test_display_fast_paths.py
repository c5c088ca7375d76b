"""The report formats its tables through fast paths: display.with_intervals (a whole table of values with their
intervals at once), display.values (a column of values), display.value_and_interval (a value and its interval in
two cells) and the lone-float path of display.value. Each gives the text (and the number and Excel format) of the
general functions it stands for, for any numbers: near the rounding points of their decimals, ends that read as
the value, values that read as 0 or -0, NaN, infinities, and numbers from 1000, 10^5 and 10^9 up."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pandas_agree.report import display

EDGES = [0.0, -0.0, 0.0005, -0.0005, 0.00049999999999999, 0.0004999, 0.5, 0.9995, 0.99949999, 1.0, 999.9995,
         999.99949, 1000.0, 99999.95, 100000.0, 1e9, 2.5e-12, -3e-7, 1e-18, math.nan, math.inf, -math.inf]


# the ways a number is moved near another: kept, one unit of its last bit (up, down or not), or up to a
# thousandth (or 10⁻⁷) added. One strategy, drawn for each number: a strategy made anew for each draw (one_of over
# maps of closures) is validated anew by Hypothesis, which took most of these tests' time
_MOVES = st.one_of(st.just(("keep", 0.0)), st.integers(-4, 4).map(lambda k: ("bit", float(k))),
                   st.floats(-1e-3, 1e-3).map(lambda d: ("add", d)), st.floats(-1e-7, 1e-7).map(lambda d: ("add", d)))


def _near(draw, x: float) -> float:
    """A number at or around ``x``: the same, one unit of its last bit away, or up to a thousandth away."""
    how, by = draw(_MOVES)
    if how == "add":
        return x + by
    if how == "bit" and by:  # math.nextafter: numpy's warns of an overflow at the largest float on some versions
        return math.nextafter(x, math.inf if by > 0 else -math.inf)
    return x


NUMBERS = st.one_of(st.sampled_from(EDGES), st.floats(allow_nan=True, allow_infinity=True, width=64),
                    st.floats(-2, 2), st.floats(-2e5, 2e5), st.integers(-2000, 2000).map(lambda k: k / 2000))


@st.composite
def cells(draw):
    """A value and the ends of its interval, often close to it or to each other."""
    x = draw(NUMBERS)
    if not math.isfinite(x) or draw(st.booleans()):
        return x, draw(NUMBERS), draw(NUMBERS)
    low, high = _near(draw, x), _near(draw, x)
    return x, min(low, high), max(low, high)


def _same(shown, expected) -> None:
    assert str(shown) == str(expected)
    assert type(shown) is type(expected)
    if isinstance(expected, display.Shown):
        assert (shown.excel_format, shown.interval) == (expected.excel_format, expected.interval)
        assert shown.number == expected.number or (math.isnan(shown.number) and math.isnan(expected.number))


@pytest.mark.filterwarnings("error")  # no warning of numpy's for NaN, infinities or huge numbers
@settings(max_examples=1500, deadline=None)
@given(st.lists(cells(), min_size=1, max_size=8), st.sampled_from([3, 2, 1, 4]))
def test_with_intervals_is_with_interval(rows, digits):
    values, lowers, uppers = (np.array(column, dtype=float) for column in zip(*rows, strict=True))
    shown = display.with_intervals(values, lowers, uppers, digits)
    for cell, (x, low, high) in zip(shown, rows, strict=True):
        _same(cell, display.with_interval(x, low, high, digits))


@settings(max_examples=1500, deadline=None)
@given(cells(), st.one_of(st.none(), NUMBERS, st.floats(0, 0.1)), st.booleans())
def test_value_and_interval_is_value_and_interval(cell, se, alone):
    x, low, high = cell
    value, interval = display.value_and_interval(x, low, high, se=se, alone=alone)
    _same(value, display.value(x, like=() if alone else (low, high), inside=(low, high), se=se))
    assert interval == display.interval(low, high, like=(x,), value_shown=x, se=se)


@settings(max_examples=1500, deadline=None)
@given(st.lists(NUMBERS, max_size=8), st.sampled_from([3, 2, 1, 0]))
def test_values_is_value(numbers, digits):
    for shown, x in zip(display.values(numbers, digits), numbers, strict=True):
        expected = display.value(x, digits, like=(0.0,))  # like=(0.0,): through the general path
        _same(shown, expected)
        _same(display.value(x, digits), expected)


@settings(max_examples=1500, deadline=None)
@given(cells(), st.sampled_from([3, 2, 1]))
def test_with_interval_is_value_and_interval(cell, digits):
    x, low, high = cell
    _same(display.with_interval(x, low, high, digits), display._with_interval(x, low, high, digits))
