"""Large values in reports: no decimals from 100,000, scientific notation from 10⁹, so that a weighted sum of squares
(DIF2 of a survey's population totals) does not widen its table past the page.

apistrat (R's survey package, ``data(api)``; tests/data/apistrat.csv.gz) with its stratified design: DIF2 is
1370632.1 with the interval [738666.0, 2543277.1], which with one decimal made "Multiclass Measures" 108 columns wide
and split it into two blocks, the Interpretation column alone in the second.
"""

from __future__ import annotations

import math
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
from hypothesis import given, settings
from hypothesis import strategies as st

import pandas_agree  # noqa: F401  (registers DataFrame.agree)
from pandas_agree.report import display
from pandas_agree.report.text import WIDTH

DATA = Path(__file__).parent / "data"


def _section(text: str, title: str) -> list[str]:
    lines = text.splitlines()
    start = lines.index(title)
    end = next(i for i in range(start + 1, len(lines)) if not lines[i].strip())
    return lines[start:end]


def test_a_large_weighted_dif2_keeps_the_multiclass_table_in_one_block():
    frame = pd.read_csv(DATA / "apistrat.csv.gz")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        text = str(frame.agree("sch.wide", "awards", weights="pw", strata="stype", fpc="fpc").report())
    table = _section(text, "Multiclass Measures")
    assert not any(" of 2" in line for line in table)
    assert max(len(line) for line in table) <= WIDTH
    assert "Interpretation" in table[2]
    row = next(line for line in table if "(DIF2)" in line)
    assert row.split()[-6:] == ["1370632", "429648", "[738666,", "2543277]", "d", "1.14"]


def test_large_numbers_drop_their_decimals_then_switch_to_scientific_notation():
    assert display.value(1234.5678) == "1234.6"  # unchanged below 100,000
    assert display.value(99999.94) == "99999.9"
    assert display.value(1381348.46) == "1381348"
    assert display.value(999999999.4) == "999999999"
    shown = display.value(1.6597e15)
    assert shown == "1.660e+15" and shown.number == 1.6597e15 and shown.excel_format == "0.000E+00"
    assert display.value(-2.5e9) == "-2.500e+09"
    assert display.se(429647.7) == "429648" and display.se(1.3194e14) == "1.319e+14"
    assert display.interval(738666.0, 2543277.1) == "[738666, 2543277]"
    assert display.interval(1.4113e15, 1.9518e15) == "[1.411e+15, 1.952e+15]"
    # a value beside larger ends takes their form, as the column's decimals follow its largest number
    assert display.value(5.0e8, like=(1.0e8, 2.0e9)) == "5.000e+08"
    # ends that would read as the value take more significant digits, as bound_decimals adds decimals
    assert display.interval(1.6596e15, 1.6599e15, value_shown=1.6597e15) == "[1.6596e+15, 1.6599e+15]"
    assert display.with_interval(1.6597e15, 1.6596e15, 1.6599e15) == "1.660e+15 [1.6596e+15, 1.6599e+15]"
    assert display.with_interval(1370632.1, 738666.0, 2543277.1).interval == "[738666, 2543277]"
    assert display.value(math.inf) == "inf" and display.interval(3.9476e14, math.inf) == "[3.948e+14, inf]"


magnitudes = st.floats(-3, 16).map(lambda e: 10.0 ** e)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(magnitudes, st.floats(0.5, 1.0), st.floats(1.0, 2.0)), min_size=1, max_size=8))
def test_a_column_of_values_with_intervals_reads_as_each_value_alone(rows):
    """with_intervals (a whole column at once) gives each cell the text of with_interval, which is value() and
    interval() side by side, the value with at least the decimals of its interval's ends, at every magnitude."""
    values = np.array([v for v, _, _ in rows])
    lowers = np.array([v * lo for v, lo, _ in rows])
    uppers = np.array([v * hi for v, _, hi in rows])
    column = display.with_intervals(values, lowers, uppers)
    for x, lower, upper, cell in zip(values.tolist(), lowers.tolist(), uppers.tolist(), column, strict=True):
        alone = display.with_interval(x, lower, upper)
        assert cell == alone
        ends = display.interval(lower, upper, like=(x,), value_shown=x)
        places = None if "e" in ends else len(ends.strip("[]").split(", ")[0].partition(".")[2])
        general = f"{display.value(x, like=(lower, upper), inside=(lower, upper), places=places)} {ends}"
        assert alone == general
        if max(abs(x), abs(upper)) >= display.SCIENTIFIC_FROM:
            assert "e+" in cell
        elif max(abs(x), abs(upper)) >= display.WHOLE_FROM:
            # no decimals, unless the ends need them to stand apart from the value (316227.766 of [316227.7613,
            # 316227.7660]): then the value takes theirs, so as not to read outside its interval
            shown, ends = cell.split(" ", 1)
            ends_decimals = len(ends.strip("[]").split(", ")[0].partition(".")[2])
            assert len(shown.partition(".")[2]) in (0, ends_decimals)
