"""Long columns of pyarrow-backed strings are encoded by looking their rows up among the labels of a sample; the
codes, labels, tables and label order are those of pandas.factorize's encoding, for every dtype and with missing
labels. The thresholds are lowered so that short columns take that path."""

import itertools
import re

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pandas_agree as pa
from pandas_agree.engine import crosstab as engine

pyarrow = pytest.importorskip("pyarrow")

ARROW_DTYPES = ["str", "string[pyarrow]", "large_string[pyarrow]", "string_arrow"]
OTHER_DTYPES = ["object", "string[python]", "category", "mixed"]


def _series(values: list, dtype: str, chunks: int) -> pd.Series:
    if dtype == "string_arrow":  # an ArrowDtype of 32-bit offsets, held in several chunks
        typ = pyarrow.string()
        cut = np.linspace(0, len(values), chunks + 1).astype(int)
        parts = [pyarrow.array(values[a:b], typ) for a, b in itertools.pairwise(cut)]
        return pd.Series(pd.arrays.ArrowExtensionArray(pyarrow.chunked_array(parts, typ)))
    if dtype == "mixed":
        return pd.Series([v if v is None or i % 3 else len(v) for i, v in enumerate(values)], dtype=object)
    return pd.Series(values, dtype=dtype)


def _sorted(values: list, sort: bool) -> list:
    return sorted(values, key=lambda v: (v is None, v or "")) if sort else values


label = st.one_of(st.none(), st.sampled_from(["a", "b", "c", "", "é", "zz"]), st.text(max_size=3))


@settings(max_examples=150, deadline=None)
@given(st.lists(label, max_size=120), st.sampled_from(ARROW_DTYPES), st.integers(1, 3), st.booleans(),
       st.sampled_from([1, 4, 16, 1 << 14]))
def test_codes_are_those_of_factorize(values, dtype, chunks, sort, sample_rows):
    series = _series(_sorted(values, sort), dtype, chunks)
    expected_codes, expected_uniques = pd.factorize(series)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(engine, "_PARALLEL_ROWS", 1)
        mp.setattr(engine, "_SAMPLE_ROWS", sample_rows)
        (codes,) = engine.encode([series], ["x"])
    np.testing.assert_array_equal(codes.codes - codes.offset, expected_codes)
    assert codes.uniques.equals(pd.Index(expected_uniques))
    assert codes.uniques.dtype == pd.Index(expected_uniques).dtype


def _counted(count, a, p, arrow: bool, **kw):
    """``count(a, p, **kw)`` with long columns of arrow strings encoded by lookup (arrow) or by pandas."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(engine, "_PARALLEL_ROWS", 1 if arrow else 10**12)
        mp.setattr(engine, "_SAMPLE_ROWS", 4)
        return count(a, p, **kw)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(label, label), min_size=1, max_size=100), st.sampled_from(ARROW_DTYPES),
       st.sampled_from(ARROW_DTYPES + OTHER_DTYPES), st.booleans(), st.booleans(), st.booleans())
def test_tables_are_those_of_factorize(pairs, dtype_a, dtype_p, dropna, sort, with_labels):
    if sort:
        pairs = sorted(pairs, key=lambda t: (t[0] is None, t[0] or ""))
    a = _series([x for x, _ in pairs], dtype_a, 2).rename("a")
    p = _series([y for _, y in pairs], dtype_p, 1).rename("p")
    kw = {"dropna": dropna}
    if with_labels:
        kw["labels"] = sorted({x for pair in pairs for x in pair if isinstance(x, str)}, reverse=True)
        if not dropna or any(isinstance(x, int) for x in p):
            return  # labels= lists the labels; missing labels and numbers are not among them
    try:
        expected = _counted(engine.tabulate, a, p, arrow=False, **kw)
    except ValueError as err:
        with pytest.raises(ValueError, match=re.escape(str(err))):
            _counted(engine.tabulate, a, p, arrow=True, **kw)
        return
    got = _counted(engine.tabulate, a, p, arrow=True, **kw)
    pd.testing.assert_frame_equal(got.table, expected.table)
    assert got.order.equals(expected.order) and got.order.dtype == expected.order.dtype
    assert (got.n_rows, got.n_missing, got.n_zero_weight) == (expected.n_rows, expected.n_missing,
                                                              expected.n_zero_weight)
    cells, expected_cells = (_counted(engine.partial_counts, a, p, arrow=arrow, dropna=dropna) for arrow in (1, 0))
    pd.testing.assert_frame_equal(cells[0], expected_cells[0])
    assert cells[1] == expected_cells[1]


def test_long_string_columns_of_every_kind():
    """At the real thresholds: rare labels (missed by the sample), missing labels, sorted rows (labels met late),
    many labels; the table is the same as from object columns."""
    rng = np.random.default_rng(0)
    n = 200_000
    names = np.array([f"class_{i:02d}" for i in range(40)], dtype=object)
    columns = {
        "random": names[rng.integers(0, 40, n)],
        "rare": names[np.minimum(rng.geometric(0.3, n), 39)],
        "sorted": names[np.sort(rng.integers(0, 40, n))],
        "missing": np.where(rng.random(n) < 0.2, None, names[rng.integers(0, 40, n)]),
        "many": np.array([f"id{i}" for i in rng.integers(0, 30_000, n)], dtype=object),
    }
    for name, values in columns.items():
        pred = names[rng.integers(0, 40, n)]
        for dtype in ("str", "large_string[pyarrow]"):
            series = pd.Series(values, dtype=dtype)
            (codes,) = engine.encode([series], [name])
            expected_codes, expected_uniques = pd.factorize(series)
            np.testing.assert_array_equal(codes.codes - codes.offset, expected_codes)
            assert codes.uniques.equals(pd.Index(expected_uniques)), name
            ours = engine.tabulate(series, pd.Series(pred, dtype=dtype))
            theirs = engine.tabulate(pd.Series(values, dtype=object), pd.Series(pred, dtype=object))
            np.testing.assert_array_equal(ours.table.to_numpy(), theirs.table.to_numpy())
            assert list(ours.order) == list(theirs.order) and ours.n_missing == theirs.n_missing
        if name != "many":
            assert pa.agreement(series, pd.Series(pred, dtype=dtype)).n == n - (values == None).sum()  # noqa: E711
