"""The degrees of freedom in a layer of a sample (a domain): its tests on those of the PSUs holding its rows less
their strata (R's svychisq on subset(design, ...)), its intervals on the whole design's (a subpopulation's estimate,
as Stata's svy: subpop), and each table's footnote saying which. apiclus1: svydesign(id = ~dnum, weights = ~pw,
fpc = ~fpc, data = apiclus1), 15 districts (14 df); the high schools' rows lie in 8 of them (7 df)."""

import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from scipy import stats

import pandas_agree  # noqa: F401  (registers the accessor)

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="module")
def layer():
    data = pd.read_csv(DATA / "apiclus1.csv.gz", keep_default_na=False, na_values=[""])
    ct = data.agree.crosstabs("sch.wide", "awards", layers="stype", weights="pw", cluster="dnum", fpc="fpc")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return ct.layers["H"], " ".join(str(ct.report(statistics=["chisq", "kappa", "risk"])).split())


def test_tests_and_intervals_say_their_df(layer):
    ct, text = layer
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        found = ct.statistics(["chisq", "kappa", "risk"])
    assert found["Chi-Square Tests"].attrs["nu"] == 7 and found["Chi-Square Tests"].attrs["design_df"] == 14
    assert ("Design-based tests on 7 degrees of freedom, those of the PSUs holding this table's rows less their "
            "strata (as R's svychisq on subset(design, ...)); the sample design has 14.") in text
    assert "Under the sample design: t on 7 df (those of the PSUs holding this table's rows less their strata), " \
           "the 95% intervals on the sample design's 14 df" in text
    kappa = found["Symmetric Measures"].loc["Kappa"]
    half = (kappa["upper"] - kappa["lower"]) / 2
    # the interval's half-width over the SE is t(0.975, 14), T's p-value is t on 7 df
    assert half / kappa["ase"] == pytest.approx(stats.t.ppf(0.975, 14), rel=1e-9) or kappa["lower"] == 0
    assert kappa["pvalue"] == pytest.approx(2 * stats.t.sf(abs(kappa["value"] / kappa["ase"]), 7), rel=1e-9)


def test_the_risk_estimate_footnote_names_the_df_its_intervals_use(layer):
    _, text = layer
    assert "the intervals exp(ln θ ± t SE) on 14 df (the sample design's)" in text


def test_the_whole_sample_says_the_design_df_once(layer):
    """A regression guard (it passes before the change too): the whole sample's tests keep the design's df."""
    data = pd.read_csv(DATA / "apiclus1.csv.gz", keep_default_na=False, na_values=[""])
    ct = data.agree.crosstabs("sch.wide", "awards", weights="pw", cluster="dnum", fpc="fpc")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        text = " ".join(str(ct.report(statistics=["chisq"])).split())
    assert "Design-based tests on the sample design's 14 degrees of freedom (PSUs − strata)." in text
    assert np.isfinite(ct.statistics(["chisq"])["Chi-Square Tests"]["pvalue"]).any()
