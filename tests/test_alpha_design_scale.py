"""Krippendorff's alpha under a sample design: its small-sample factor 1 − 1/n reads the sample's values (n the
objects, or the pairable values of several raters, whatever their weights), so that alpha does not change when the
sampling weights are scaled, and equals the unweighted alpha (checked against Krippendorff's published values in
the raters' tests) where the weights are all equal, as every other value does. With the weighted count, alpha on a
simple random sample of weights 30.97 (R's survey::apisrs) was 0.723858 against 0.724303 unweighted. Frequency
weights (no design) still count subjects: integer weights equal repeated rows."""

import numpy as np
import pandas as pd
import pytest

import pandas_agree  # noqa: F401  (the accessor)


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(3)
    n = 120
    truth = rng.integers(0, 3, n)
    df = pd.DataFrame({f"r{i}": np.where(rng.random(n) < 0.7, truth, rng.integers(0, 3, n)).astype(str)
                       for i in range(3)})
    df.loc[rng.random(n) < 0.1, "r2"] = None
    df["psu"] = rng.integers(0, 20, n)
    df["st"] = df["psu"] % 3
    df["w"] = rng.uniform(1, 4, n)
    df["w10"] = 10 * df["w"]
    df["equal"] = 30.97
    df["f"] = rng.integers(1, 4, n)
    return df


DESIGN = {"cluster": "psu", "strata": "st"}


def _two(df, **kw):
    return df.dropna(subset=["r2"]).agree("r0", "r2", **kw).multiclass(["ALPHA", "KAPPA"], ci="auto")


def _several(df, **kw):
    return df.agree.raters(["r0", "r1", "r2"], **kw).summary(["ALPHA", "FLEISS"], ci="auto")


@pytest.mark.parametrize("analysis", [_two, _several])
def test_alpha_with_equal_sampling_weights_is_the_unweighted_alpha(data, analysis):
    unweighted = analysis(data)
    weighted = analysis(data, weights="equal", **DESIGN)
    assert weighted["value"].to_numpy() == pytest.approx(unweighted["value"].to_numpy(), rel=1e-12)


@pytest.mark.parametrize("replicates", [None, "jackknife"])
@pytest.mark.parametrize("analysis", [_two, _several])
def test_alpha_does_not_depend_on_the_scale_of_sampling_weights(data, analysis, replicates):
    one = analysis(data, weights="w", replicates=replicates, **DESIGN).loc["ALPHA"]
    ten = analysis(data, weights="w10", replicates=replicates, **DESIGN).loc["ALPHA"]
    assert one["value"] == pytest.approx(ten["value"], rel=1e-13)
    # the linearised SEs of every coefficient (KAPPA, FLEISS too) move by about 1e-10 with the scale
    assert one[["se", "lower", "upper"]].astype(float).to_numpy() == pytest.approx(
        ten[["se", "lower", "upper"]].astype(float).to_numpy(), rel=1e-8)
    unscaled = analysis(data.assign(w10=data["w"] / data["w"].mean()), weights="w10", replicates=replicates,
                        **DESIGN).loc["ALPHA"]
    assert unscaled["value"] == pytest.approx(one["value"], rel=1e-13)


def test_frequency_weights_still_count_subjects(data):
    weighted = _several(data, weights="f").loc["ALPHA"]
    repeated = _several(data.loc[data.index.repeat(data["f"])].reset_index(drop=True)).loc["ALPHA"]
    assert weighted[["value", "se"]].astype(float).to_numpy() == pytest.approx(
        repeated[["value", "se"]].astype(float).to_numpy(), rel=1e-12)
    pair = data.dropna(subset=["r2"])
    weighted = pair.agree("r0", "r2", weights="f").multiclass(["ALPHA"]).loc["ALPHA", "value"]
    repeated = pair.loc[pair.index.repeat(pair["f"])].agree("r0", "r2").multiclass(["ALPHA"]).loc["ALPHA", "value"]
    assert weighted == pytest.approx(repeated, rel=1e-13)
