"""A value shown beside its standard error has at least the SE's decimals (a value of 0.000564 with an SE of
0.00034 read "0.001", rounded more coarsely than its own uncertainty), and so do the ends of its interval."""

from __future__ import annotations

import re

import numpy as np
import pandas as pd
from hypothesis import given, settings
from hypothesis import strategies as st

import pandas_agree as pa
from pandas_agree.report import display


def test_a_value_takes_the_decimals_of_its_standard_error():
    assert display.value(0.000564, se=0.00034) == "0.00056"  # was "0.001" beside "0.00034"
    assert display.se(0.00034) == "0.00034"
    assert display.value(0.41234, se=0.00047) == "0.41234"
    assert display.value(0.41234, se=0.048) == "0.412"  # an SE shown with SPSS's three decimals changes nothing
    assert display.value(0.41234, se=float("nan")) == "0.412"
    assert display.value(0.41234, se=0.0) == "0.412"
    assert display.value(0.41234, se=3e-12) == "0.412"  # an SE in scientific notation asks for no decimals
    assert display.interval(0.4114, 0.4133, like=(0.41234,), value_shown=0.41234, se=0.00047) == "[0.41140, 0.41330]"
    # an SE from 0.01 up is shown with SPSS's three decimals whatever its size: it gives a large value none
    assert display.value(1544.0, se=347.788) == "1544.0" and display.se(347.788) == "347.788"
    assert display.interval(992.917, 2400.941, like=(1544.0,), value_shown=1544.0, se=347.788) == "[992.9, 2400.9]"


@settings(max_examples=300, deadline=None)
@given(st.floats(-5, 5), st.floats(1e-8, 10))
def test_a_value_never_has_fewer_decimals_than_its_se(x, se):
    shown, se_shown = display.value(x, se=se), display.se(se)

    def decimals(text: str) -> int:
        return len(text.split(".")[1]) if "." in text and "e" not in text else 0

    if "e" not in se_shown and se < 0.01:  # a small SE, shown with more than three decimals
        assert decimals(shown) >= decimals(se_shown)
    assert abs(float(shown) - x) <= 0.5 * 10.0 ** -decimals(shown) * (1 + 1e-9)


def test_the_multiclass_table_shows_values_to_the_decimals_of_their_ses():
    # 10⁶ rows: SEs of about 0.0005 show with five decimals, and now so do their values (kappa 0.69949, not 0.699;
    # the maximum kappa 0.99971 [0.99878, 1.00000], not 1.000)
    rng = np.random.default_rng(0)
    a = rng.integers(0, 5, 1_000_000)
    p = np.where(rng.random(a.size) < 0.7, a, rng.integers(0, 5, a.size))
    rep = pd.DataFrame({"a": a, "p": p}).agree.report("a", "p")
    text = str(rep)
    frame = rep.multiclass
    for code in ("KAPPA", "OSR", "KAPPA_MAX"):
        row = next(line for line in text.splitlines() if f"({code})" in line)
        value, se, lower, upper = re.findall(r"-?\d+\.\d+", row)[:4]
        assert len(value.split(".")[1]) >= len(se.split(".")[1]) == 5
        assert float(value) == round(frame.loc[code, "value"], 5)
        assert len(lower.split(".")[1]) >= 5 and len(upper.split(".")[1]) >= 5
    assert max(len(line) for line in text.splitlines()) <= 100


def test_design_statistics_show_values_to_their_ses_decimals():
    # a design-based lambda: the value shows as many decimals as its SE
    from ._survey_reference import load

    ct = pa.crosstabs(load("apistrat"), "stype", "awards", weights="pw", strata="stype", fpc="fpc")
    frame = ct.statistics(["lambda"])["Directional Measures"]
    text = str(ct.report(statistics=["lambda"]))
    for name in frame.index:
        r = frame.loc[name]
        if pd.isna(r["ase"]) or r["ase"] == 0:
            continue
        se = display.se(r["ase"])
        # printed as SPSS names the dependent variable: "Lambda — stype Dependent" for "Lambda — Rows Dependent"
        name = name.replace("Rows Dependent", "stype Dependent").replace("Columns Dependent", "awards Dependent")
        row = next(line for line in text.splitlines() if line.strip().startswith(name.strip()) and se in line)
        value = row.split()[len(name.split())]
        assert len(value.rstrip("ᵃᵇᶜᵈᵉ").split(".")[1]) >= len(se.split(".")[1])


def test_a_number_that_rounds_to_zero_has_no_minus_sign():
    # an interval's end of −8.3e-17 (Conger's kappa of two raters) read "[-0.000, 1.000]"; an adjusted residual of
    # −0.04 read "-0.0" in the text and "0.0" in Excel
    assert display.with_interval(0.5, -8.3e-17, 1.0) == "0.500 [0.000, 1.000]"
    assert display.with_intervals([0.5], [-8.3e-17], [1.0]) == ["0.500 [0.000, 1.000]"]
    assert display.interval(-8.3e-17, 0.3) == "[0.000, 0.300]"
    assert display.fixed(-0.04, 1) == "0.0" and display.fixed(-0.06, 1) == "-0.1"
    assert display.value(-0.0004, se=0.01) == "0.000" and display.value(-0.0006, se=0.01) == "-0.001"


def test_a_small_share_of_the_largest_confusions_keeps_two_significant_digits():
    # 300 classes: every confusion held about 0.01% of the rows and the "% of all" column read 0.0% on every row
    import pandas_agree as pa

    k = 300
    table = np.diag(np.full(k, 100)) + np.eye(k, k=1, dtype=int)  # one object in each cell above the diagonal
    rep = pa.Agreement.from_table(table).report(ci=None)
    text = str(rep)
    block = text.split("Largest Confusions", 1)[1].split("\n\n", 1)[0]
    share = 100 / table.sum()  # 0.0033%
    assert f"{share:.2g}%" in block and "0.0%" not in block
    assert display.percent(12.345) == "12.3%" and display.percent(0.0123) == "0.0%"  # a crosstab's, as SPSS
