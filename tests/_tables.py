"""Shared helpers for the measure tests: random tables and quiet evaluation."""

import warnings

import numpy as np
import pandas as pd
from hypothesis import strategies as st

import pandas_agree as pa


@st.composite
def square_tables(draw, min_k=2, max_k=5, low=0, high=40):
    """A K×K table of counts with the same labels on both sides and a positive total."""
    k = draw(st.integers(min_k, max_k))
    cells = draw(st.lists(st.integers(low, high), min_size=k * k, max_size=k * k))
    table = np.array(cells, dtype=float).reshape(k, k)
    if table.sum() == 0:
        table[0, 0] = 1
    labels = [f"c{i}" for i in range(k)]
    return pd.DataFrame(table, index=labels, columns=labels)


def quiet(fn, *args, **kwargs):
    """Call ``fn`` with undefined-value warnings silenced."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", pa.UndefinedMeasureWarning)
        return fn(*args, **kwargs)


def expand(table: np.ndarray):
    """Rows (y_true, y_pred) whose crosstab is ``table`` (integer counts)."""
    i, j = np.indices(table.shape)
    reps = table.astype(int).ravel()
    return np.repeat(i.ravel(), reps), np.repeat(j.ravel(), reps)
