"""nonzero_cells gives numpy.nonzero's answer for a 2-D table: the same cells in the same (row-major) order."""

import numpy as np
import pytest

from pandas_agree.engine.tableview import nonzero_cells


@pytest.mark.parametrize("shape", [(0, 0), (0, 3), (3, 0), (1, 1), (4, 7), (50, 50)])
@pytest.mark.parametrize("share", [0.0, 0.3, 1.0])
def test_nonzero_cells_equal_numpy_nonzero(shape, share):
    rng = np.random.default_rng(sum(shape))
    table = np.where(rng.random(shape) < share, rng.random(shape) + 0.5, 0.0)
    if table.size:
        table.flat[0] = np.nan  # NaN is not zero, for numpy.nonzero too
    rows, cols = nonzero_cells(table)
    expected = np.nonzero(table)
    assert rows.tolist() == expected[0].tolist()
    assert cols.tolist() == expected[1].tolist()
    assert rows.dtype == expected[0].dtype and cols.dtype == expected[1].dtype


def test_nonzero_cells_needs_a_table():
    with pytest.raises(ValueError, match="table must be 2-D"):
        nonzero_cells(np.ones(3))
