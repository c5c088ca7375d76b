"""Tests of kappa-type coefficients against a null value κ0 (``tests(kappa0=..., alternative=...)``).

Against κ0 ≠ 0 the statistic is (κ̂ − κ0) over the SE not assuming the null (Fleiss, Levin & Paik 2003, §18.1),
checked here by hand from the published SE: SAS/STAT's PROC FREQ agreement example (kappa 0.4842, ASE 0.1380;
weighted kappa with Cicchetti–Allison weights 0.4701, ASE 0.1457).
"""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd
import pytest
from scipy import stats

import pandas_agree as pa

SAS = np.array([[0, 4, 1], [0, 8, 0], [0, 1, 5]])


def quiet(f, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return f(*args, **kwargs)


@pytest.mark.parametrize("alternative", ["two-sided", "greater", "less"])
def test_kappa_against_a_null_value_from_the_published_se(alternative):
    tests = quiet(pa.Agreement.from_table(SAS).tests, kappa0=0.3, kappa_weights="linear", alternative=alternative)
    for code, kappa, ase in (("KAPPA_Z", 0.4842, 0.1380), ("KAPPA_W_Z", 0.4701, 0.1457)):
        z = (kappa - 0.3) / ase
        p = {"two-sided": 2 * stats.norm.sf(abs(z)), "greater": stats.norm.sf(z), "less": stats.norm.cdf(z)}
        assert tests.loc[code, "statistic"] == pytest.approx(z, abs=2e-3)  # the published values have 4 decimals
        assert tests.loc[code, "pvalue"] == pytest.approx(p[alternative], rel=5e-3)
        assert "not assuming the null" in tests.loc[code, "method"]


def test_kappa_against_zero_keeps_the_se_under_the_null_and_takes_a_side():
    ag = pa.Agreement.from_table(SAS)
    two = ag.tests()
    one = ag.tests(alternative="greater")
    assert one.loc["KAPPA_Z", "statistic"] == pytest.approx(two.loc["KAPPA_Z", "statistic"], rel=1e-14)
    assert one.loc["KAPPA_Z", "pvalue"] == pytest.approx(two.loc["KAPPA_Z", "pvalue"] / 2, rel=1e-12)
    assert "AC1_Z" not in one.index and "under H0" in one.loc["KAPPA_Z", "method"]
    zero = ag.tests(kappa0=0.0)  # an explicit κ0 = 0 adds AC1's test and keeps kappa's SE under H0
    assert zero.loc["KAPPA_Z", "statistic"] == pytest.approx(two.loc["KAPPA_Z", "statistic"], rel=1e-14)
    assert "AC1_Z" in zero.index


def test_ac1_against_a_null_value():
    ag = pa.Agreement.from_table([[40, 9], [6, 45]])
    ac1 = ag.multiclass(["AC1"], ci="linearized").loc["AC1"]
    test = ag.tests(kappa0=0.5, alternative="less").loc["AC1_Z"]
    z = (ac1["value"] - 0.5) / ac1["se"]
    assert test["statistic"] == pytest.approx(z, rel=1e-12)
    assert test["pvalue"] == pytest.approx(stats.norm.cdf(z), rel=1e-10)


def test_fleiss_kappa_against_a_null_value():
    ra = pa.datasets.load("diagnoses").agree.raters([f"rater{k}" for k in range(1, 7)])
    summary = ra.summary(["FLEISS", "AC1"], ci="auto", random_state=0)  # Gwet's SEs, irrCAC's
    tests = ra.tests(kappa0=0.35, alternative="greater")
    for code in ("FLEISS", "AC1"):
        z = (summary.loc[code, "value"] - 0.35) / summary.loc[code, "se"]
        assert tests.loc[f"{code}_Z", "statistic"] == pytest.approx(z, rel=1e-12)
        assert tests.loc[f"{code}_Z", "pvalue"] == pytest.approx(stats.norm.sf(z), rel=1e-10)


def test_under_a_design_the_test_is_students_t_on_the_design_df():
    rng = np.random.default_rng(3)
    a = rng.integers(0, 2, 400)
    df = pd.DataFrame({"a": a, "p": np.where(rng.random(400) < 0.85, a, 1 - a), "psu": np.repeat(np.arange(40), 10),
                       "w": rng.uniform(1, 4, 400)})
    ag = df.agree("a", "p", weights="w", cluster="psu")
    kappa = quiet(ag.multiclass, ["KAPPA"], ci="linearized", random_state=0).loc["KAPPA"]
    test = quiet(ag.tests, kappa0=0.5, alternative="greater").loc["KAPPA_Z"]
    t = (kappa["value"] - 0.5) / kappa["se"]
    assert test["statistic"] == pytest.approx(t, rel=1e-12) and test["df"] == 39
    assert test["pvalue"] == pytest.approx(stats.t.sf(t, 39), rel=1e-10)


@pytest.mark.parametrize(("kwargs", "match"), [({"kappa0": 1.0}, "kappa0 must be None or the null value"),
                                               ({"kappa0": -1.5}, "kappa0"),
                                               ({"alternative": "bigger"}, "alternative must be one of")])
def test_bad_null_values_are_errors_naming_the_argument(kwargs, match):
    with pytest.raises(ValueError, match=match):
        pa.Agreement.from_table(SAS).tests(**kwargs)
    ra = pa.datasets.load("diagnoses").agree.raters([f"rater{k}" for k in range(1, 4)])
    with pytest.raises(ValueError, match=match):
        ra.tests(**kwargs)
