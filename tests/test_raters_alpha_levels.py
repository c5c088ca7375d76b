"""Krippendorff's alpha at every level of measurement, on ratings with zeros, negative values (where the level
allows them) and missing ratings: the values against the krippendorff package, and their intervals."""

import warnings

import krippendorff
import numpy as np
import pandas as pd
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import pandas_agree as pa

LEVELS = ["nominal", "ordinal", "interval", "ratio"]

# irrCAC's cac.raw5obser (Gwet 2014, Handbook of Inter-Rater Reliability, 4th ed., p. 125): 15 units scored 0–3 by
# 5 observers, with gaps
NAN = np.nan
RAW5OBSER = pd.DataFrame({
    "Observer1": [1, 1, 2, NAN, 0, 0, 1, 1, 2, 2, NAN, 0, 1, 3, 1],
    "Observer2": [1, 1, 3, 0, 0, 0, 0, NAN, 2, 1, 1, 0, 2, 3, 1],
    "Observer3": [2, 0, 3, 0, 0, 0, 2, 2, 2, 1, 0, 0, 2, 2, 1],
    "Observer4": [NAN, 1, 3, NAN, NAN, NAN, NAN, 0, NAN, 1, 0, 0, 2, 2, NAN],
    "Observer5": [2, NAN, NAN, 0, 0, 0, 1, NAN, 2, NAN, NAN, NAN, NAN, 3, 1]})


def _alpha(df, level, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return pa.RaterAgreement(df).summary(["ALPHA"], level=level, **kwargs).loc["ALPHA"]


@pytest.mark.parametrize("level, expected", [
    # krippendorff.alpha(reliability_data=RAW5OBSER.to_numpy().T, level_of_measurement=level), krippendorff 0.9.0
    ("nominal", 0.48053024026512003), ("ordinal", 0.7686851594862338), ("interval", 0.7718648087755707),
    ("ratio", 0.6792398972393263)])
def test_ratings_of_zero_at_every_level(level, expected):
    # the ratio difference of 0 and 0 is 0 (c = k), not 0/0: the ratio alpha of ratings with zeros was NaN
    assert _alpha(RAW5OBSER, level)["value"] == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("ci", ["auto", "linearized", "bootstrap"])
def test_intervals_with_ratings_of_zero_are_defined(level, ci):
    row = _alpha(RAW5OBSER, level, ci=ci, n_resamples=300, random_state=1)
    assert np.isfinite(row[["value", "se", "lower", "upper"]].astype(float)).all(), row
    assert 0 < row["se"] < 1 and row["lower"] <= row["value"] <= row["upper"]


def test_the_ratio_level_is_the_same_for_ratings_times_a_constant():
    # a ratio scale has no unit: doubling every rating (zeros stay zeros) changes neither alpha nor its SE
    one = _alpha(RAW5OBSER, "ratio", ci="linearized")
    two = _alpha(RAW5OBSER * 2, "ratio", ci="linearized")
    assert two["value"] == pytest.approx(one["value"], rel=1e-12)
    assert two["se"] == pytest.approx(one["se"], rel=1e-6)


def test_the_ratio_level_takes_no_negative_ratings():
    with pytest.raises(ValueError, match=r"level='ratio' needs ratings of 0 or more.*-1.*level='interval'"):
        _alpha(RAW5OBSER - 1, "ratio")
    with pytest.raises(ValueError, match="level='interval' needs finite ratings"):
        _alpha(RAW5OBSER.replace(3, np.inf), "interval")


VALUES = {"ratio": [0.0, 0.0, 0.5, 1.0, 2.0, 3.0, 7.0],  # 0 twice: drawn often
          "other": [-3.0, -1.0, 0.0, 0.0, 0.5, 2.0, 5.0]}


@st.composite
def ratings(draw, values):
    n, m = draw(st.integers(2, 15)), draw(st.integers(2, 5))
    cells = draw(st.lists(st.one_of(st.sampled_from(values), st.none()), min_size=n * m, max_size=n * m))
    data = np.array([np.nan if c is None else c for c in cells]).reshape(n, m)
    return pd.DataFrame(data, columns=[f"r{g}" for g in range(m)])


@settings(max_examples=60, deadline=None)
@given(data=st.data(), level=st.sampled_from(LEVELS))
def test_alpha_equals_the_krippendorff_package(data, level):
    df = data.draw(ratings(VALUES["ratio" if level == "ratio" else "other"]))
    assume(((df.notna().sum(axis=1)) >= 2).any())  # a unit with two values: pairable values exist
    ours = _alpha(df, level)["value"]
    values = df.to_numpy()
    pairable = values[(~np.isnan(values)).sum(axis=1) >= 2]
    if len(np.unique(pairable[~np.isnan(pairable)])) < 2:  # no variation among the pairable values: 0/0
        assert np.isnan(ours)
        return
    theirs = krippendorff.alpha(reliability_data=values.T, level_of_measurement=level)
    assert ours == pytest.approx(theirs, rel=1e-9, abs=1e-12)
