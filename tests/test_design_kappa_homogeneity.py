"""The Test of Homogeneity of Kappa under a sample design: Fleiss's χ² takes the layers as independent samples, which
they are where each stratum's rows lie in one layer (layers that are strata, or unions of them: their PSUs were
drawn apart); where the PSUs of one stratum hold rows of several layers (a cluster sample, or layers that cut across
strata) the layers' kappas are correlated and the test is not computed, with a note saying why. R's survey data
(tests/data/, see tests/_survey_reference.py)."""

import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import pandas_agree as pa
from pandas_agree.inference.contingency import kappa_homogeneity

DATA = Path(__file__).parent / "data"
TITLE = "Test of Homogeneity of Kappa"


def _read(name: str) -> pd.DataFrame:
    return pd.read_csv(DATA / f"{name}.csv.gz", keep_default_na=False, na_values=[""])


def _homogeneity(ct: pa.Crosstab) -> pd.DataFrame:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return ct.statistics(["cmh"])[TITLE]


def test_layers_that_are_strata_are_independent_samples():
    """apistrat, stratified by school type, layered by it: svydesign(id = ~1, strata = ~stype, weights = ~pw,
    fpc = ~fpc, data = apistrat). The χ² is Fleiss's on the layers' kappas and design-based SEs."""
    ct = _read("apistrat").agree.crosstabs("sch.wide", "awards", layers="stype", weights="pw", strata="stype",
                                           fpc="fpc")
    out = _homogeneity(ct)
    layers = out.attrs["layers"]
    expected = kappa_homogeneity(layers["kappa"], layers["ase"])
    assert out["value"].iloc[0] == pytest.approx(expected["value"].iloc[0], rel=1e-12)
    assert out["df"].iloc[0] == 2 and np.isfinite(out["pvalue"].iloc[0])
    assert "as they are: each stratum's rows lie in one layer" in out["note"].iloc[0]


def test_a_cluster_sample_s_layers_are_not_independent():
    """apiclus1, one-stage cluster sample of districts: svydesign(id = ~dnum, weights = ~pw, fpc = ~fpc, data =
    apiclus1). Most districts hold schools of several types, so the layers' kappas share PSUs: no test."""
    ct = _read("apiclus1").agree.crosstabs("sch.wide", "awards", layers="stype", weights="pw", cluster="dnum",
                                           fpc="fpc")
    out = _homogeneity(ct)
    assert out[["value", "df", "pvalue", "pooled", "pooled_se"]].isna().all(axis=None)
    assert out["note"].iloc[0].startswith("not computed under this sample design")
    assert len(out.attrs["layers"]) == 3 and out.attrs["layers"]["kappa"].notna().all()  # each layer's kappa
    text = " ".join(str(ct.report(statistics=["cmh"])).split())
    assert "Not computed under this sample design: the test takes the layers as independent samples" in text


def test_layers_across_strata_are_not_independent():
    """NHANES: svydesign(id = ~SDMVPSU, strata = ~SDMVSTRA, weights = ~WTMEC2YR, nest = TRUE), layered by sex,
    which every stratum holds both of."""
    data = _read("nhanes_survey").assign(HI_CHOL=lambda d: d["HI_CHOL"].astype(int),
                                         high=lambda d: (d["agecat"].astype(str) >= "(39,59]").astype(int))
    ct = data.agree.crosstabs("HI_CHOL", "high", layers="RIAGENDR", weights="WTMEC2YR", strata="SDMVSTRA",
                              cluster="SDMVPSU")
    out = _homogeneity(ct)
    assert np.isnan(out["value"].iloc[0]) and out["note"].iloc[0].startswith("not computed")


def test_without_a_design_the_test_is_as_before():
    """A regression guard (it passes before the change too): independent rows keep Fleiss's test."""
    data = _read("apiclus1")
    ct = data.agree.crosstabs("sch.wide", "awards", layers="stype", weights="pw")
    out = _homogeneity(ct)
    assert np.isfinite(out["value"].iloc[0]) and out["note"].iloc[0] == ""


def test_a_layer_left_out_does_not_make_correlated_layers_independent():
    """apiclus1 layered by api_band: the districts hold schools of several bands, so the layers share PSUs, and
    the test is not computed, also where a layer is left out of it (band "top" has no kappa: a single row category),
    whose note had made the test skip the check of the design."""
    ct = _read("apiclus1").agree.crosstabs("sch.wide", "awards", layers="api_band", weights="pw", cluster="dnum",
                                           fpc="fpc")
    out = _homogeneity(ct)
    assert out.attrs["layers"]["kappa"].isna().sum() == 1  # one layer left out
    assert out[["value", "df", "pvalue", "pooled", "pooled_se"]].isna().all(axis=None)
    assert out["note"].iloc[0].startswith("not computed under this sample design")


def test_layers_that_are_strata_keep_the_note_of_a_layer_left_out():
    """apistrat stratified and layered by api_band (svydesign(id = ~1, strata = ~api_band, weights = ~pw)): the
    layers are independent samples, the band "top" is left out (a single row category: no kappa), and the note and
    the report say both, with the SEs design-based. apiclus2 layered by school type (districts hold several types,
    the type "H" left out with a kappa of 1 and an SE of 0): not computed."""
    ct = _read("apistrat").agree.crosstabs("sch.wide", "awards", layers="api_band", weights="pw", strata="api_band")
    out = _homogeneity(ct)
    assert np.isfinite(out["value"].iloc[0]) and out["df"].iloc[0] == 2
    assert "1 group left out" in out["note"].iloc[0]
    assert "the layers' kappas with their design-based SEs" in out["note"].iloc[0]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        text = " ".join(str(ct.report(statistics=["cmh"])).split())
    assert "SE_g is the design-based standard error of each group's Cohen's kappa" in text
    clustered = _homogeneity(_read("apiclus2").agree.crosstabs("sch.wide", "awards", layers="stype", weights="pw",
                                                                cluster="dnum"))
    assert np.isnan(clustered["value"].iloc[0]) and clustered["note"].iloc[0].startswith("not computed")


def test_without_a_design_the_footnote_names_the_asymptotic_se():
    """A regression guard (it passes before the change too): independent rows keep SPSS's ASE in the footnote."""
    ct = _read("apiclus1").agree.crosstabs("sch.wide", "awards", layers="stype", weights="pw")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        text = " ".join(str(ct.report(statistics=["cmh"])).split())
    assert "SE_g is the asymptotic standard error of each group's Cohen's kappa" in text
