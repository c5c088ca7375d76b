"""Conger's kappa and Krippendorff's alpha with Gwet's (2014) linearised SEs, as irrCAC computes them
(conger.kappa.raw, krippen.alpha.raw), and the delta method's SEs that ci="linearized" gives instead."""

import math
import warnings

import numpy as np
import pandas as pd
import pytest

import pandas_agree as pa

NAN = np.nan
# irrCAC's cac.raw4raters: 12 subjects, 4 raters, with gaps (subject 12 is rated once); Krippendorff's (2011) example
RAW4RATERS = pd.DataFrame({
    "Rater1": [1, 2, 3, 3, 2, 1, 4, 1, 2, NAN, NAN, NAN], "Rater2": [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, NAN, NAN],
    "Rater3": [NAN, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, 3], "Rater4": [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, NAN]})
# irrCAC's cac.raw5obser (Gwet 2014, p. 125), cac.raw.gender and cac.ben.gerry
RAW5OBSER = pd.DataFrame({
    "Observer1": [1, 1, 2, NAN, 0, 0, 1, 1, 2, 2, NAN, 0, 1, 3, 1],
    "Observer2": [1, 1, 3, 0, 0, 0, 0, NAN, 2, 1, 1, 0, 2, 3, 1],
    "Observer3": [2, 0, 3, 0, 0, 0, 2, 2, 2, 1, 0, 0, 2, 2, 1],
    "Observer4": [NAN, 1, 3, NAN, NAN, NAN, NAN, 0, NAN, 1, 0, 0, 2, 2, NAN],
    "Observer5": [2, NAN, NAN, 0, 0, 0, 1, NAN, 2, NAN, NAN, NAN, NAN, 3, 1]})
GENDER = pd.DataFrame({"RaterA": list("aaaaabbbcaaaaab"), "RaterB": list("aaaababccaaaaba"),
                       "RaterC": list("abbcaabbcabbcaa"), "RaterD": list("ccccaabbcccccaa")})
BEN_GERRY = pd.DataFrame({"Ben": list("aabbdcccedda"),
                          "Gerry": ["b", "a", "b", "b", "b", "c", "c", "c", "e", None, "d", "d"]})


def _summary(df, codes, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return df.agree.raters(list(df.columns)).summary(codes, random_state=0, n_resamples=50, **kwargs)


def test_conger_and_alpha_equal_irrcac_readme():
    # irrCAC 1.4 README (R, Gwet): conger.kappa.raw(cac.raw4raters) 0.76282, coeff.se 0.14917;
    # krippen.alpha.raw(cac.raw4raters) 0.74342, coeff.se 0.14548
    s = _summary(RAW4RATERS, ["CONGER", "ALPHA"], ci="auto")
    assert s.loc["CONGER", "value"] == pytest.approx(0.76282, abs=5e-6)
    assert s.loc["CONGER", "se"] == pytest.approx(0.14917, abs=5e-6)
    assert s.loc["ALPHA", "value"] == pytest.approx(0.74342, abs=5e-6)
    assert s.loc["ALPHA", "se"] == pytest.approx(0.14548, abs=5e-6)
    assert s["method"].str.startswith("Gwet linearised SE").all()


@pytest.mark.parametrize("data, code, options, value, se", [
    # the irrCAC values of the Python port of irrCAC (afergadis/irrCAC, test/unit/irrCAC/raw), to 3 decimals
    (RAW4RATERS, "CONGER", {"kappa_weights": "linear"}, 0.814, 0.145),
    (RAW4RATERS, "CONGER", {"kappa_weights": "quadratic"}, 0.858, 0.144),
    (RAW4RATERS, "ALPHA", {"level": "interval"}, 0.849, 0.129),  # irrCAC's quadratic weights: δ² = (c − k)²
    (RAW4RATERS, "ALPHA", {"level": "ratio"}, 0.797, 0.140),  # irrCAC's ratio weights: δ² = ((c − k)/(c + k))²
    (RAW5OBSER, "CONGER", {}, 0.469, 0.117),
    (RAW5OBSER, "ALPHA", {}, 0.481, 0.114),
    (GENDER, "CONGER", {}, 0.166, 0.121),
    (GENDER, "ALPHA", {}, 0.143, 0.141),
    (BEN_GERRY, "CONGER", {}, 0.657, 0.179),
    (BEN_GERRY, "ALPHA", {}, 0.665, 0.180),
])
def test_irrcac_values_to_three_decimals(data, code, options, value, se):
    s = _summary(data, [code], ci="auto", **options)
    assert round(s.loc[code, "value"], 3) == value
    assert round(s.loc[code, "se"], 3) == se


def test_the_delta_method_is_what_linearized_gives():
    # ci="linearized": the delta method over subjects, Var = Σ w_i g_i² − (Σ w_i g_i)²/W (divisor W = 12):
    # 0.1266 for CONGER and 0.1353 for ALPHA, below irrCAC's 0.1492 and 0.1455 (docs/notes/raters.md)
    s = _summary(RAW4RATERS, ["CONGER", "ALPHA"], ci="linearized")
    assert s.loc["CONGER", "se"] == pytest.approx(0.126629, abs=5e-6)
    assert s.loc["ALPHA", "se"] == pytest.approx(0.135333, abs=5e-6)
    assert s["method"].str.startswith("linearised (").all()


def test_with_every_subject_rated_by_all_gwet_is_the_delta_method_over_n_minus_one():
    # no gaps: Gwet's (W/W₂)(pa_i − Pe) is the exact influence and his Pe part (through each rater's shares) the
    # derivative, so his SE of Conger's kappa is the delta method's times √(n/(n − 1)), with weights or without
    df = pa.datasets.load("diagnoses")[[f"rater{k}" for k in range(1, 7)]]
    n = len(df)
    for kappa_weights in (None, "quadratic"):
        gwet = _summary(df, ["CONGER"], ci="auto", kappa_weights=kappa_weights).loc["CONGER", "se"]
        delta = _summary(df, ["CONGER"], ci="linearized", kappa_weights=kappa_weights).loc["CONGER", "se"]
        assert gwet == pytest.approx(delta * math.sqrt(n / (n - 1)), rel=1e-7)


def test_alpha_at_the_ordinal_level_keeps_the_delta_method():
    # the ordinal differences depend on the data; Gwet's variance takes the weights as fixed
    s = _summary(RAW4RATERS, ["ALPHA"], ci="auto", level="ordinal")
    assert s.loc["ALPHA", "method"].startswith("linearised (identity scale) SE")
    assert s.loc["ALPHA", "se"] == pytest.approx(
        _summary(RAW4RATERS, ["ALPHA"], ci="linearized", level="ordinal").loc["ALPHA", "se"], rel=1e-12)


def test_frequency_weights_are_repeated_subjects_for_gwets_se():
    rng = np.random.default_rng(4)
    w = rng.integers(1, 4, len(RAW5OBSER))
    weighted = _summary_weighted(RAW5OBSER, w)
    repeated = _summary(RAW5OBSER.loc[RAW5OBSER.index.repeat(w)].reset_index(drop=True), ["CONGER", "ALPHA"],
                        ci="auto")
    np.testing.assert_allclose(weighted["se"], repeated["se"], rtol=1e-10)


def _summary_weighted(df, w):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return df.agree.raters(list(df.columns), weights=w).summary(["CONGER", "ALPHA"], ci="auto",
                                                                   random_state=0, n_resamples=50)


@pytest.mark.parametrize("data, options, value, se", [
    # irrCAC 0.4.4 (PyPI, the Python port of Gwet's irrCAC): CAC(data).bp() and CAC(data, weights="quadratic").bp()
    (RAW4RATERS, {}, 0.77273, 0.14472),
    (RAW4RATERS, {"kappa_weights": "quadratic"}, 0.90152, 0.11089),
    (RAW5OBSER, {}, 0.48741, 0.12089),
    (RAW5OBSER, {"kappa_weights": "quadratic"}, 0.80622, 0.0586),
    (GENDER, {}, 0.18333, 0.10196),
    (GENDER, {"kappa_weights": "quadratic"}, 0.04167, 0.18244),
])
def test_brennan_prediger_of_several_raters_equals_irrcac(data, options, value, se):
    """BPK of several raters, the prevalence- and bias-adjusted kappa of the kappa paradox (Pe = 1/q)."""
    s = _summary(data, ["BPK"], ci="auto", **options)
    assert s.loc["BPK", "value"] == pytest.approx(value, abs=5e-6)
    assert s.loc["BPK", "se"] == pytest.approx(se, abs=5e-6)
