"""The one-number paths of the division helper and the chance-corrected formulas give the numbers of their array
paths (the same IEEE arithmetic), including signed zeros, infinities and NaN."""

import itertools

import numpy as np
import pytest

from pandas_agree.base.undefined import divide
from pandas_agree.measures.chance import chance_corrected, within_range

NUMBERS = [0.0, -0.0, 1.0, -2.5, 0.3, 1 + 2**-52, 1 - 2**-52, 1e300, 3e-300, np.inf, -np.inf, np.nan]


def _same(array_result, scalar_result) -> bool:
    a, s = float(np.asarray(array_result).ravel()[0]), float(scalar_result)
    return (np.isnan(a) and np.isnan(s)) or (a == s and np.signbit(a) == np.signbit(s))


@pytest.mark.parametrize("infinite", [False, True])
def test_divide_of_two_numbers_is_the_array_quotient(infinite):
    for num, den in itertools.product(NUMBERS, NUMBERS):
        got = divide(num, den, infinite=infinite)
        assert isinstance(got, np.ndarray) and got.ndim == 0 and got.dtype == np.float64
        assert _same(divide(np.array([num]), np.array([den]), infinite=infinite), got), (num, den)


def test_chance_corrected_of_two_numbers_is_the_array_value():
    with np.errstate(all="ignore"):
        for po, pe in itertools.product(NUMBERS, NUMBERS):
            got = chance_corrected(po, pe)
            assert np.ndim(got) == 0
            assert _same(chance_corrected(np.array([po]), np.array([pe])), got), (po, pe)


@pytest.mark.parametrize("bounds", [(0.0, 1.0), (-1.0, 1.0), (-np.inf, 1.0), (0.0, np.inf)])
def test_within_range_of_one_number_is_the_array_value(bounds):
    for value in [*NUMBERS, 1 + 1e-15, -1e-15, 1.5, -1 - 1e-15]:
        got = within_range(value, bounds)
        assert np.ndim(got) == 0
        assert _same(within_range(np.array([value]), bounds), got), (value, bounds)
