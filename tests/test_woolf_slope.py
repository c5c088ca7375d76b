"""Woolf's SE mapped to each measure of the odds ratio: the log scale's SE √(1/a + 1/b + 1/c + 1/d) times the
measure's slope in the log odds ratio, which is 1 for LNDOR, the odds ratio for DOR, √3/π for DP, (1 − Q²)/2 for
Yule's Q and (1 − Y²)/4 for Yule's Y (Q = tanh(ln θ/2), Y = tanh(ln θ/4)). Each record declares its slope
(``Woolf(slope=...)``), so that the SE agrees with these to the last digits (a two-point difference left 10⁻¹⁰, and
up to 3·10⁻¹¹ for Yule's Q near ±1, where the slope is small beside the value)."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pandas_agree as pa

CODES = ["LNDOR", "DOR", "DP", "YULEQ", "YULEY"]


def _exact(a, b, c, d):
    se = np.sqrt(1 / a + 1 / b + 1 / c + 1 / d)
    x = np.log(a * d / (b * c))
    # (1 − Q²)/2 written as 1/(2 cosh²(x/2)), which keeps its digits where Q is near ±1 (1 − Q² cancels)
    return {"LNDOR": se, "DOR": se * np.exp(x), "DP": se * np.sqrt(3) / np.pi,
            "YULEQ": se / (2 * np.cosh(x / 2) ** 2), "YULEY": se / (4 * np.cosh(x / 4) ** 2)}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 400), min_size=4, max_size=4))
def test_woolf_se_of_every_measure_of_the_odds_ratio(cells):
    a, b, c, d = cells
    found = pa.Agreement.from_table(np.array([[a, b], [c, d]])).binary(CODES, ci="auto").loc[0]
    for code, se in _exact(float(a), float(b), float(c), float(d)).items():
        assert found[(code, "se")] == pytest.approx(se, rel=1e-13, abs=1e-300), code


def test_lndor_se_is_woolf_s_to_the_last_digits():
    # the 2×2 of class 0 of [[8, 2, 1], [1, 9, 3], [2, 4, 6]]: a = 8, b = 3, c = 3, d = 22
    found = pa.Agreement.from_table(np.array([[8, 2, 1], [1, 9, 3], [2, 4, 6]])).binary(["LNDOR"], ci="auto")
    assert found.loc[0, ("LNDOR", "se")] == pytest.approx(np.sqrt(1 / 8 + 1 / 3 + 1 / 3 + 1 / 22), rel=1e-15)


def test_zero_cells_leave_the_odds_ratio_family_without_a_runtime_warning():
    """A table without confusions makes each class's log odds ratio and its Woolf SE infinite, so that the ends
    of the Woolf interval read ∞ − ∞; those ends are replaced (the value at the end of its range gets the score
    interval of the notes), and numpy's "invalid value" RuntimeWarning must not reach the caller. The shared
    evaluation of the family gives what each measure alone gives."""
    import warnings

    ag = pa.Agreement.from_table(np.array([[5, 0], [0, 5]]))
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        warnings.simplefilter("ignore", pa.UndefinedMeasureWarning)
        together = ag.binary(CODES, ci="wilson")
        alone = {code: ag.binary([code], ci="wilson")[code] for code in CODES}
    assert np.isposinf(together[("DOR", "value")]).all()
    for code in CODES:
        np.testing.assert_array_equal(together[code].to_numpy(), alone[code].to_numpy())
