"""Undefined values: NaN with one UndefinedMeasureWarning per call; ±inf only where the range is infinite."""

import warnings

import numpy as np
import pandas as pd
import pytest

import pandas_agree as pa
from pandas_agree.measures.registry import REGISTRY

INFINITE_RANGE = {code for code, m in REGISTRY.items() if m.infinite and m.kind == "binary"}


def _record(fn, *args, **kwargs):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = fn(*args, **kwargs)
    return result, [w for w in caught if issubclass(w.category, pa.UndefinedMeasureWarning)]


def test_class_never_predicted():
    t = pd.DataFrame([[5, 0], [3, 0]], index=["x", "y"], columns=["x", "y"])
    b, caught = _record(pa.Agreement.from_table(t).binary)
    assert len(caught) == 1
    message = str(caught[0].message)
    assert "PRE (class y)" in message and "F1" not in message  # F1 = 2a/(2a+b+c) = 0 is defined
    assert np.isnan(b.loc["y", "PRE"]) and b.loc["y", "REC"] == 0 and b.loc["y", "F1"] == 0
    assert caught[0].filename == __file__  # points at the caller


def test_class_predicted_but_absent_from_reference():
    t = pd.DataFrame([[5, 2], [0, 0]], index=["x", "y"], columns=["x", "y"])
    b, caught = _record(pa.Agreement.from_table(t).binary)
    assert len(caught) == 1 and "REC (class y)" in str(caught[0].message)
    assert np.isnan(b.loc["y", "REC"]) and b.loc["y", "PRE"] == 0


def test_all_zero_row_from_labels():
    ag = pa.agreement(["x", "x", "x"], ["x", "y", "y"], labels=["x", "y"])
    b, caught = _record(ag.binary, ["REC", "PRE", "SPE"])
    assert np.isnan(b.loc["y", "REC"]) and b.loc["y", "PRE"] == 0 and b.loc["y", "SPE"] == pytest.approx(1 / 3)
    assert len(caught) == 1


def test_single_class_table():
    ag = pa.Agreement.from_table(pd.DataFrame([[7.0]], index=["only"], columns=["only"]))
    b, caught = _record(ag.binary)
    assert len(caught) == 1
    assert b.loc["only", "REC"] == 1 and b.loc["only", "PRE"] == 1
    for code in ("SPE", "NPV", "CORR", "YOUD", "GM"):
        assert np.isnan(b.loc["only", code]), code
        assert code in str(caught[0].message)
    av, caught = _record(ag.averages, ["SPE", "REC"])
    assert av.loc["SPE"].isna().all() and (av.loc["REC"] == 1).all()
    assert len(caught) == 1 and "SPE (average unweighted, weighted, inverse, micro)" in str(caught[0].message)
    assert av.attrs["classes"]["unweighted"]["SPE"] == 0


def test_no_warning_when_everything_is_defined():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        pa.Agreement.from_table(np.array([[5, 1], [2, 8]])).binary()


def test_infinities_only_for_infinite_ranges():
    # b = 0 and c = 0: the odds ratio family goes to its limits, every bounded measure is finite.
    t = np.array([[10.0, 0.0, 0.0], [0.0, 6.0, 3.0], [0.0, 0.0, 4.0]])
    b, _ = _record(pa.Agreement.from_table(t).binary)
    assert b.loc[0, "DOR"] == np.inf and b.loc[0, "LNDOR"] == np.inf and b.loc[0, "DP"] == np.inf
    assert b.loc[0, "LRP"] == np.inf and b.loc[0, "LRN"] == 0
    assert b.loc[0, "YULEQ"] == 1 and b.loc[0, "YULEY"] == 1
    infinite_columns = {c for c in b.columns if np.isinf(b[c]).any()}
    assert infinite_columns <= INFINITE_RANGE


def test_minus_infinity_for_log_odds_ratio():
    # a = 0 with b, c, d > 0: ad = 0, so DOR = 0 and LNDOR = -inf (defined, no warning for them)
    t = np.array([[0.0, 5.0], [5.0, 10.0]])
    b, caught = _record(pa.Agreement.from_table(t).binary, ["DOR", "LNDOR", "DP", "YULEQ"])
    assert b.loc[0, "DOR"] == 0 and b.loc[0, "LNDOR"] == -np.inf and b.loc[0, "DP"] == -np.inf
    assert b.loc[0, "YULEQ"] == -1 and not caught


def test_zero_over_zero_in_odds_ratio_family_is_nan():
    # a = 0 and c = 0 (class 0 never predicted) and b > 0, d > 0: ad = 0, bc = 0
    t = np.array([[0.0, 5.0], [0.0, 10.0]])
    b, caught = _record(pa.Agreement.from_table(t).binary, ["DOR", "YULEQ", "LNDOR"])
    assert b.loc[0].isna().all()
    assert len(caught) == 1


def test_haldane_anscombe_correction():
    t = np.array([[10.0, 0.0], [3.0, 7.0]])
    ag = pa.Agreement.from_table(t)
    b = ag.binary(["DOR", "LRP", "REC", "YULEQ"], correction=0.5)
    a, bb, c, d = 10.5, 0.5, 3.5, 7.5
    assert b.loc[0, "DOR"] == pytest.approx(a * d / (bb * c))
    assert b.loc[0, "LRP"] == pytest.approx((a / (a + bb)) / (c / (c + d)))
    assert b.loc[0, "YULEQ"] == pytest.approx((a * d - bb * c) / (a * d + bb * c))
    assert b.loc[0, "REC"] == 1.0  # not in the family: unchanged
    # a class whose 2x2 has no zero is not corrected
    full = pa.Agreement.from_table(np.array([[10.0, 2.0], [3.0, 7.0]]))
    pd.testing.assert_frame_equal(full.binary(["DOR"], correction=0.5), full.binary(["DOR"]))


def test_values_are_never_strings_or_none():
    t = pd.DataFrame([[5, 0], [3, 0]], index=["x", "y"], columns=["x", "y"])
    b, _ = _record(pa.Agreement.from_table(t).binary)
    assert (b.dtypes == np.float64).all()
