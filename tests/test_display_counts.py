"""Counts of any size shown: whole counts in full while a float holds every digit, beyond that and where infinite
(a test on an infinite number of degrees of freedom) in scientific notation, in the text and in the workbook."""

import math

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pandas_agree.report import display, document


@pytest.mark.parametrize(("x", "text", "excel_format"), [
    (math.inf, "inf", "0"), (-math.inf, "-inf", "0"),
    (1e300, "1.000e+300", "0.000E+00"), (2.0**53, "9.007e+15", "0.000E+00"),
    (2.0**53 - 1, "9007199254740991", "0"), (328_239_523.0, "328239523", "0"), (1234.5, "1234.50", "0.00"),
])
def test_counts_of_any_size(x, text, excel_format):
    shown = display.count(x)
    assert shown == text and shown.excel_format == excel_format
    assert shown.number == x


@given(st.floats(allow_nan=False))
def test_every_float_is_shown_as_a_count(x):
    """No float raises; whole counts below 2**53 keep every digit."""
    shown = display.count(x)
    if abs(x) < display.EXACT_COUNTS_BELOW and x == round(x):
        assert int(shown) == x


def test_a_test_on_infinite_degrees_of_freedom_is_shown():
    """A Tests table whose df is infinite (a statistic referred to the normal distribution as Student's t on
    infinitely many degrees of freedom) shows "inf" where it raised an OverflowError."""
    tests = pd.DataFrame({"statistic": [1.96], "df": [np.inf], "pvalue": [0.05], "method": ["z"]}, index=["Z"])
    table = document.tests_table("Tests", tests)
    assert table.rows[0][1][1] == "inf"
