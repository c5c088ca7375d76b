"""Design-based jackknife SEs of the association measures of a crosstab, against R's survey package.

Known answers (tests/_survey_reference.py, which holds the R script that computed them): for the designs of R's
API and NHANES samples (strata with a finite population correction, one-stage and two-stage cluster samples,
NHANES' strata of two PSUs) and two to three tables each, every association measure of the table (and on its 2×2
tables kappa and the risk estimates) written as an R function of the weighted table and evaluated by
``withReplicates(as.svrepdesign(design, type = "JKn", mse = TRUE), ...)``: its value on the full sample and its
delete-one-PSU jackknife SE. pandas_agree with the same design and ``replicates="jackknife"`` gives the same value
to 1e-10 and the same SE to 1e-6 relative. Where R's SE is exactly 0 (a value that no replicate moves in exact
arithmetic: lambda of 0, gamma of 1) the comparison is absolute, at 1e-12 (the library's round-off, ROUNDING).
"""

from __future__ import annotations

import math
import warnings
from functools import cache

import pytest

import pandas_agree as pa

from ._survey_reference import DESIGNS, JACKKNIFE, load

RISK = ("ODDSRATIO", "RELRISK1", "RELRISK2")


@cache
def _data(name: str):
    return load(name)


@cache
def _jackknife(design: str, table: str) -> dict[str, tuple[float, float]]:
    """pandas_agree's (value, jackknife SE) of every statistic R gives for this design and table."""
    name, kwargs = DESIGNS[design]
    data = _data(name)
    row, col = table.split("+")
    codes = [code for (d, t, code) in JACKKNIFE if (d, t) == (design, table)]
    undefined = [code for code in codes if math.isnan(JACKKNIFE[design, table, code][0])]
    association = [code for code in codes if code != "KAPPA" and code not in undefined]
    out = {}
    frame = pa.crosstabs(data, row, col, replicates="jackknife", **kwargs).measures(association, ci="linearized")
    out.update({code: (frame.loc[code, "value"], frame.loc[code, "se"]) for code in association})
    if undefined:  # a 2×2 table with an empty cell: no risk estimate (SPSS), NaN with a warning
        with pytest.warns(pa.UndefinedMeasureWarning, match=undefined[0]):
            frame = pa.crosstabs(data, row, col, replicates="jackknife", **kwargs).measures(undefined,
                                                                                            ci="linearized")
        out.update({code: (frame.loc[code, "value"], frame.loc[code, "se"]) for code in undefined})
    if "KAPPA" in codes:  # the two sides share their labels: an Agreement of the row and column variables
        frame = data.agree(row, col, replicates="jackknife", **kwargs).multiclass(["KAPPA"], ci="linearized")
        out["KAPPA"] = (frame.loc["KAPPA", "value"], frame.loc["KAPPA", "se"])
    return out


@pytest.mark.parametrize(("design", "table", "code"), [pytest.param(*key, id="-".join(key)) for key in JACKKNIFE])
def test_jackknife_se_equals_r_survey(design, table, code):
    value, se = JACKKNIFE[design, table, code]
    with warnings.catch_warnings():
        if table == "agecat+RIAGENDR":  # an ordered categorical by numeric codes: each side carries its order, but
            # the library takes the order as given only when both sides are of one kind, and warns here
            warnings.simplefilter("ignore", pa.LabelOrderWarning)
        ours, our_se = _jackknife(design, table)[code]
    if math.isnan(value):
        assert math.isnan(ours) and math.isnan(our_se)
        return
    assert ours == pytest.approx(value, rel=0, abs=1e-10)
    assert our_se == pytest.approx(se, rel=1e-6, abs=1e-12 if se == 0 else 0)


def test_reference_covers_every_association_measure():
    """Every association measure of pandas_agree has a known answer here (on some table), and kappa and the risk
    estimates on a 2×2 table where they are defined."""
    codes = set(pa.measures("association")["code"])
    checked = {code for (_, _, code), (value, _) in JACKKNIFE.items() if not math.isnan(value)}
    assert codes | {"KAPPA"} <= checked
