"""Two label columns coded among one set of labels (long columns of pyarrow strings of one dtype, categoricals with
the same categories, integer columns of a small range together): the table, the label order, the bookkeeping of the
rows and the Agreement's matching of labels are those of each column coded on its own."""

import dataclasses
import re
import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pandas_agree as pa
from pandas_agree.analyses import crosstab
from pandas_agree.engine import crosstab as engine
from pandas_agree.engine.labels import positions_of

pytest.importorskip("pyarrow")

BOOKKEEPING = ("n_rows", "n_missing", "n_zero_weight", "weight_missing", "n_missing_weight", "n_missing_zero_weight")


def _apart(monkeypatch, fn, *args, **kw):
    """``fn(*args, **kw)`` with every column coded on its own (within the ``monkeypatch`` context)."""
    encode = engine.encode
    monkeypatch.setattr(engine, "encode", lambda columns, names, shared=False: encode(columns, names))
    return fn(*args, **kw)


def _typed(series: pd.Series) -> bool:
    """Whether a column's labels (a categorical's categories) have a dtype of their own: object columns, which may
    mix numbers and text (pandas 2's "str" columns are object columns), are coded apart."""
    dtype = series.dtype.categories.dtype if isinstance(series.dtype, pd.CategoricalDtype) else series.dtype
    return not pd.api.types.is_object_dtype(dtype)


def _same_tabulation(a, p, **kw):
    ours = engine.tabulate(a, p, **kw)
    with pytest.MonkeyPatch.context() as mp:
        theirs = _apart(mp, engine.tabulate, a, p, **kw)
    pd.testing.assert_frame_equal(ours.table, theirs.table)
    assert ours.order.equals(theirs.order) and ours.order.dtype == theirs.order.dtype
    assert [getattr(ours, k) for k in BOOKKEEPING] == [getattr(theirs, k) for k in BOOKKEEPING]
    if ours.places is not None:  # the engine's places are the labels' positions in the order
        np.testing.assert_array_equal(ours.places[0], positions_of(ours.table.index, ours.order))
        np.testing.assert_array_equal(ours.places[1], positions_of(ours.table.columns, ours.order))
    return ours


def _same_agreement(a, p, **kw):
    ours = pa.agreement(a, p, **kw)
    with pytest.MonkeyPatch.context() as mp:
        from_tabulation = crosstab.from_tabulation  # every label looked up by the Agreement
        mp.setattr(crosstab, "from_tabulation", lambda tab, *args, **more: from_tabulation(
            dataclasses.replace(tab, places=None), *args, **more))
        theirs = _apart(mp, pa.agreement, a, p, **kw)
    pd.testing.assert_frame_equal(ours.table, theirs.table)
    for name in ("labels", "common", "reference_only", "predicted_only"):
        got, expected = getattr(ours, name), getattr(theirs, name)
        assert got.equals(expected) and got.dtype == expected.dtype, name
    for got, expected in zip((ours._col_of_row, ours._row_of_col, *ours._places),
                             (theirs._col_of_row, theirs._row_of_col, *theirs._places), strict=True):
        np.testing.assert_array_equal(got, expected)
    with warnings.catch_warnings():  # a table of one label: kappa is undefined for both
        warnings.simplefilter("ignore", pa.UndefinedMeasureWarning)
        pd.testing.assert_frame_equal(ours.multiclass(["OSR", "KAPPA"], ci=None),
                                      theirs.multiclass(["OSR", "KAPPA"], ci=None))
    return ours


def _strings(n: int, seed: int = 0, same: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Labels of a reference and a prediction, with rare ones first met late on either side (a sample of the first
    rows misses them) and missing labels on both; unless ``same``, some only predicted and some on one side only."""
    rng = np.random.default_rng(seed)
    names = np.array([f"class_{i:02d}" for i in range(30)], dtype=object)
    a = names[rng.integers(0, 25, n)]
    p = np.where(rng.random(n) < 0.7, a, names[rng.integers(0, 25 if same else 30, n)])
    a[[n - 7, n - 3]] = ["late both", "late both"] if same else ["late reference", "late both"]
    p[[n - 5, n - 2, n - 1]] = ["late both"] * 3 if same else ["late prediction", "late both", "late prediction"]
    a[rng.random(n) < 0.05] = None
    p[rng.random(n) < 0.05] = None
    return a, p


@pytest.mark.parametrize("dtype", ["str", "string[pyarrow]", "large_string[pyarrow]"])
@pytest.mark.parametrize("dropna", [True, False])
@pytest.mark.parametrize("same", [True, False])
def test_long_string_columns(dtype, dropna, same):
    """The labels of each column sorted; one set of labels where both columns have the same."""
    a, p = _strings(70_000, same=same)
    a, p = pd.Series(a, dtype=dtype, name="truth"), pd.Series(p, dtype=dtype, name="model")
    w = np.random.default_rng(1).random(len(a)) * 3
    w[::17] = 0
    assert engine.count_cells(a, p, dropna=dropna).shared == (same and _typed(a))
    tab = _same_tabulation(a, p, dropna=dropna)
    assert "late both" in tab.table.index and "late both" in tab.table.columns
    if not same:
        assert "late reference" in tab.table.index and "late prediction" in tab.table.columns
        assert "class_29" in tab.table.columns and "class_29" not in tab.table.index
    _same_tabulation(a, p, dropna=dropna, weights=w)
    _same_tabulation(a, p, dropna=dropna, labels=[*sorted(set(a.dropna()) | set(p.dropna())), "unseen"]
                     if dropna else None)
    if dropna:
        w[::23] = np.nan
        _same_tabulation(a, p, weights=w)
        _same_agreement(a, p)


def test_long_string_columns_of_two_dtypes_or_many_labels():
    """Columns of two string dtypes are coded apart; so are labels too many for one table of both sides."""
    a, p = _strings(70_000, seed=2)
    a, p = pd.Series(a, dtype="str"), pd.Series(p, dtype="string[pyarrow]")
    assert not engine.count_cells(a, p).shared
    _same_tabulation(a, p)
    rng = np.random.default_rng(3)
    many = np.array([f"id{i}" for i in range(3000)], dtype=object)
    a, p = (pd.Series(many[rng.integers(0, 3000, 70_000)], dtype="str") for _ in range(2))
    assert not engine.count_cells(a, p).shared
    _same_tabulation(a, p)


def test_long_sorted_string_columns():
    """Labels first met late (sorted rows): each column is factorised on its own, with the same table."""
    rng = np.random.default_rng(4)
    names = np.array(list("abcdefgh"), dtype=object)
    a = names[np.sort(rng.integers(0, 8, 70_000))]
    p = names[rng.integers(0, 4, 70_000)]  # a's last labels are in neither column's first rows
    a, p = pd.Series(a, dtype="str"), pd.Series(p, dtype="str")
    assert not engine.count_cells(a, p).shared and not engine.count_cells(p, a).shared
    _same_tabulation(a, p)
    _same_tabulation(p, a)


def test_categoricals_with_the_same_categories():
    rng = np.random.default_rng(5)
    cats = ["lo", "mid", "hi", "unused", "top"]
    a = pd.Categorical(np.array(cats)[rng.integers(0, 3, 500)], categories=cats)
    p = pd.Categorical(np.array(cats)[rng.integers(0, 5, 500)], categories=list(cats))  # equal, another object
    p[rng.random(500) < 0.1] = np.nan
    assert engine.count_cells(pd.Series(a), pd.Series(p)).shared == _typed(pd.Series(a))
    for dropna in (True, False):
        tab = _same_tabulation(pd.Series(a), pd.Series(p), dropna=dropna)
        assert list(tab.order[:5]) == cats
    _same_agreement(pd.Series(a), pd.Series(p))
    ordered = pd.Series(pd.Categorical(a, ordered=True)), pd.Series(pd.Categorical(p, ordered=True))
    _same_agreement(*ordered)
    # the same labels, but numbers of two dtypes: not one set of labels
    ints = pd.Categorical(rng.integers(0, 4, 500), categories=[0, 1, 2, 3])
    floats = pd.Categorical(rng.integers(0, 4, 500).astype(float), categories=[0.0, 1.0, 2.0, 3.0])
    _same_tabulation(pd.Series(ints), pd.Series(floats))


def test_integer_columns_of_a_small_range_together():
    rng = np.random.default_rng(6)
    a, p = pd.Series(rng.integers(0, 10, 3000)), pd.Series(rng.integers(5, 21, 3000))
    assert engine.count_cells(a, p).shared and not engine.count_cells(a.astype(np.int8), p).shared
    _same_tabulation(a, p)
    _same_tabulation(a, p, labels=list(range(25)))
    _same_tabulation(a.astype(np.int8), p)  # two dtypes: apart
    _same_tabulation(a, p + 2000)  # too wide a range together: apart
    _same_agreement(a, p.clip(0, 12))
    design = engine.DesignColumns(pd.Series(rng.integers(0, 3, 3000)), None, None)
    _same_tabulation(a, p, design=design)


@pytest.mark.filterwarnings("ignore::UserWarning")  # few labels on both sides, or none
@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.one_of(st.none(), st.integers(-3, 6)), st.one_of(st.none(), st.integers(0, 9))),
                min_size=1, max_size=60),
       st.booleans(), st.booleans())
def test_integers_and_categoricals_coded_together(pairs, dropna, categorical):
    a = pd.Series([x for x, _ in pairs], dtype="Int64" if categorical else object)
    p = pd.Series([y for _, y in pairs], dtype="Int64" if categorical else object)
    if categorical:
        dtype = pd.CategoricalDtype(list(range(-3, 10)))
        a, p = a.astype(dtype), p.astype(dtype)
    elif a.notna().all() and p.notna().all():
        a, p = a.astype(np.int64), p.astype(np.int64)
    _same_or_same_error(_same_tabulation, a, p, dropna=dropna)
    if dropna:
        _same_or_same_error(_same_agreement, a, p)


def _same_or_same_error(check, a, p, **kw):
    """``check(a, p, **kw)``, or the same error from both codings."""
    try:
        with pytest.MonkeyPatch.context() as mp:
            _apart(mp, pa.agreement, a, p, **kw)
    except ValueError as err:
        with pytest.raises(ValueError, match=re.escape(str(err))):
            pa.agreement(a, p, **kw)
        return
    check(a, p, **kw)


@pytest.mark.parametrize(("dtype", "predicted"), [("category", ["x", "y", None, "x"]), ("str", ["y", "x", None, "x"])])
def test_cells_of_a_chunk_with_a_missing_label_last(dtype, predicted, monkeypatch):
    """The long cells of a chunk counted with dropna=False (as Dask's partitions are): row by row in the order each
    column numbers its labels (categories; else first appearance), a missing label last on either side."""
    monkeypatch.setattr(engine, "_PARALLEL_ROWS", 1)  # short columns of arrow strings looked up
    a = pd.Series(["x", None, "y", "x"] * 10, dtype=dtype)
    p = pd.Series(["y", "x", None, "x"] * 10, dtype=dtype)
    if dtype == "category":
        a, p = a.cat.set_categories(["x", "y"]), p.cat.set_categories(["x", "y"])
    long, bookkeeping = engine.partial_counts(a, p, dropna=False)
    long = long[long["count"] > 0]  # an object column's labels come first, each with a count of 0
    assert long["actual"].tolist()[:3] == ["x", "x", "y"] and pd.isna(long["actual"].iloc[3])
    assert [None if pd.isna(x) else x for x in long["pred"]] == predicted
    assert long["count"].tolist() == [10.0] * 4 and bookkeeping["n_missing"] == 0


def test_labels_of_dates_keep_no_frequency():
    """Labels of dates are taken as indexing takes them: without the frequency of the dates they come from."""
    dates = pd.date_range("2020-01-01", periods=3, freq="D")
    table = pd.DataFrame([[3, 1, 0], [0, 2, 1], [1, 0, 4]], index=dates, columns=dates)
    ag = pa.Agreement.from_table(table)
    assert ag.common.freq is None and list(ag.common) == list(dates)
    a = pd.Series(pd.Categorical(dates[[0, 1, 2, 1]], categories=dates))
    p = pd.Series(pd.Categorical(dates[[0, 2, 2, 1]], categories=dates))
    ag = pa.agreement(a, p)
    assert ag.table.index.freq is None and ag.table.columns.freq is None and list(ag.table.index) == list(dates)


def test_floats_are_coded_apart():
    """-0.0 equals 0.0: columns of floats keep their own labels (the prediction's -0.0 stays on its columns)."""
    a = pd.Series([0.0, 1.0, 0.0, 1.0])
    p = pd.Series([-0.0, 1.0, 1.0, 0.0])
    assert not engine.count_cells(a, p).shared
    tab = engine.tabulate(a, p)
    assert np.signbit(tab.table.columns[0]) and not np.signbit(tab.table.index[0])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(max_size=4), min_size=1, max_size=12, unique=True), st.randoms(use_true_random=False))
def test_arrow_labels_sorted_as_pandas_sorts_them(labels, random):
    """Labels of arrow strings sorted by pyarrow are in the order pandas sorts them (any text: case, accents,
    emoji, control characters), so that a count of one set of them takes that order as it is."""
    rows = labels * 8
    shuffled = random.sample(rows, len(rows))
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(engine, "_PARALLEL_ROWS", 1)  # short columns of arrow strings looked up
        a, p = pd.Series(rows, dtype="str"), pd.Series(shuffled, dtype="str")
        assert engine.count_cells(a, p).shared == _typed(a)
        tab = _same_tabulation(a, p)
    assert list(tab.order) == sorted(labels, key=lambda s: s.encode("utf-8"))


@pytest.mark.parametrize("count_rows", [1, 7, 1 << 16])
def test_counted_a_chunk_of_rows_at_a_time(count_rows, monkeypatch):
    """Without weights the combined codes are counted a chunk of rows at a time: the table and the rows left out
    are those of the count of every row at once (with weights of 1)."""
    monkeypatch.setattr(engine, "_COUNT_ROWS", count_rows)
    rng = np.random.default_rng(8)
    a = pd.Series(np.where(rng.random(500) < 0.1, None, rng.choice(["x", "y", "z"], 500)), dtype=object)
    p = pd.Series(rng.integers(0, 4, 500)).where(rng.random(500) > 0.1)
    for dropna in (True, False):
        ours, theirs = engine.tabulate(a, p, dropna=dropna), engine.tabulate(a, p, dropna=dropna, weights=np.ones(500))
        pd.testing.assert_frame_equal(ours.table, theirs.table)
        assert (ours.n_missing, ours.weight_missing) == (theirs.n_missing, theirs.weight_missing)


def test_counted_in_chunks_of_categorical_codes(monkeypatch):
    """Small integer codes (a categorical's int8) times the width of the table pass int8's range: the combined codes
    are made in intp, chunk after chunk."""
    monkeypatch.setattr(engine, "_COUNT_ROWS", 64)
    cats = [f"c{i}" for i in range(100)]
    rng = np.random.default_rng(9)
    a = pd.Series(pd.Categorical(np.array(cats)[rng.integers(0, 100, 90_000)], categories=cats))
    p = pd.Series(pd.Categorical(np.array(cats)[rng.integers(0, 100, 90_000)], categories=cats))
    assert a.array.codes.dtype == np.int8
    tab = engine.tabulate(a, p)
    expected = pd.crosstab(a, p).to_numpy()
    np.testing.assert_array_equal(tab.table.to_numpy(), expected)
