"""Under a sample design, a measure whose linearised SE is 0 because the value does not move under small changes
of the table (lambda at 0: the dependent variable has the same mode in every category of the other) shows no test
and no interval, and says why: an interval [0, 0] would claim a certainty the sample does not give."""

import warnings

import numpy as np
import pandas as pd
import pytest

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
    # printed as SPSS names them: the row variable's name, then the column variable's
    rows = [line for line in block.splitlines() if line.strip().startswith("Lambda — sch.wide Dependent")]
    first, second = rows  # the table is printed in two blocks of columns
    assert first.split()[-2:] == ["0.000ᶜ", "0.000"]  # value (with its note) and SE, then nothing
    assert second.strip() == "Lambda — sch.wide Dependent"  # no interval
    assert "c. The design-based SE is 0: the value does not move under small changes of the table" in block
    columns = [line for line in block.splitlines() if line.strip().startswith("Lambda — awards Dependent")]
    assert len(columns[1].split()) == 6  # the other lambdas keep their intervals


def _rare_column_sample(seed: int) -> pd.DataFrame:
    """400 rows in 5 strata of 2 PSUs with large sampling weights; ``col`` is 1 in about a fifth of the rows of every
    ``row`` category, so the columns' mode is 0 in each and lambda (columns dependent) is 0 exactly."""
    rng = np.random.default_rng(seed)
    n = 400
    df = pd.DataFrame({"row": rng.integers(0, 4, n), "col": (rng.random(n) < 0.2).astype(int),
                       "stratum": rng.integers(0, 5, n), "w": rng.uniform(1e3, 9e4, n)})
    df["psu"] = df["stratum"] * 2 + rng.integers(0, 2, n)
    return df


@pytest.mark.parametrize("seed", range(5))
def test_lambda_at_zero_has_no_round_off_se_under_a_design(seed):
    # The PSU totals of its influences cancel but for round-off: before, SE 2.4e-17 to 2.6e-16 and an interval
    # [0, 6.8e-16] (NHANES, agecat x HI_CHOL by SDMVSTRA/SDMVPSU/WTMEC2YR: SE 1.5e-16, printed as such).
    ct = pa.crosstabs(_rare_column_sample(seed), "row", "col", strata="stratum", cluster="psu", weights="w")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        frame = ct.measures(["LAMBDA_C", "LAMBDA_R"], ci="auto")
    assert frame.loc["LAMBDA_C", "value"] == 0
    assert frame.loc["LAMBDA_C", "se"] == 0
    assert frame.loc["LAMBDA_C", ["lower", "upper"]].tolist() == [0, 0]
    assert frame.loc["LAMBDA_R", "se"] > 0.01  # a lambda that varies keeps its SE
    text = str(ct.report(statistics=["lambda"]))
    assert "e-1" not in text  # no SE of 10⁻¹⁶ printed
    assert "The design-based SE is 0" in text


def test_a_small_se_that_is_real_is_kept():
    # The same table with every weight × 4·10⁸ (a total of 7·10¹⁵, near the 2⁵³ that float64 counts exactly): the
    # frequency-weighted SEs shrink by 2·10⁴, to 10⁻⁹–10⁻⁸, far above the round-off floor, and are kept, proportional
    # to the unscaled ones.
    df = _rare_column_sample(0)
    one = df.agree.crosstabs("row", "col", weights="w").measures(["LAMBDA_R", "CRAMERV", "GKTAU_R"], ci="linearized")
    df["w"] *= 4e8
    big = df.agree.crosstabs("row", "col", weights="w").measures(["LAMBDA_R", "CRAMERV", "GKTAU_R"], ci="linearized")
    assert (big["se"] > 1e-10).all() and (big["se"] < 1e-7).all()
    np.testing.assert_allclose(big["se"].to_numpy() * 2e4, one["se"].to_numpy(), rtol=1e-6)
