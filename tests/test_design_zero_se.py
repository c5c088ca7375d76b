"""Under a sample design, a measure whose linearised SE is 0 because the value does not move under small changes
of the table (lambda at 0: the dependent variable has the same mode in every category of the other) shows no test
and no interval, and says why: an interval [0, 0] would claim a certainty the sample does not give."""

import warnings

import pandas_agree as pa

from ._survey_reference import load


def test_lambda_at_zero_under_a_design_shows_no_interval():
    # R: svydesign(id = ~1, strata = ~stype, weights = ~pw, fpc = ~fpc, data = apistrat); sch.wide x awards.
    # In every awards category most schools met their schoolwide target (sch.wide "Yes"): lambda (rows dependent)
    # is 0 and its linearisation has no variance.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ct = pa.crosstabs(load("apistrat"), "sch.wide", "awards", weights="pw", strata="stype", fpc="fpc")
        text = str(ct.report(statistics=["lambda"]))
    block = text.split("Directional Measures", 1)[1]
    rows = [line for line in block.splitlines() if line.strip().startswith("Lambda — Rows Dependent")]
    first, second = rows  # the table is printed in two blocks of columns
    assert first.split()[-2:] == ["0.000ᶜ", "0.000"]  # value (with its note) and SE, then nothing
    assert second.strip() == "Lambda — Rows Dependent"  # no interval
    assert "c. The design-based SE is 0: the value does not move under small changes of the table" in block
    columns = [line for line in block.splitlines() if line.strip().startswith("Lambda — Columns Dependent")]
    assert len(columns[1].split()) == 6  # the other lambdas keep their intervals
