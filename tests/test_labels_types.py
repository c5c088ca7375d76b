"""Labels match exactly: ``True`` is not ``1`` and ``False`` is not ``0`` whatever the dtypes of the columns that
hold them, ``1`` and ``1.0`` are one label, ``True`` and ``numpy.True_`` are one label, and any Python str is a
label (a lone surrogate too). An object column gives the table its typed column gives, in the crosstab, the joint
table of ``compare()``, the rating counts of ``raters()`` and the Dask accessor's merged cells."""

import warnings
from collections import Counter

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pandas_agree as pa
from pandas_agree import UndefinedMeasureWarning
from pandas_agree.engine.crosstab import as_label_series, merged_order, tabulate
from pandas_agree.engine.joint import joint_table
from pandas_agree.engine.ratings import category_order, count_ratings
from pandas_agree.engine.tables import CountedTable

from ._labels import SURROGATE, tag, tags

dask = pytest.importorskip("dask")
dd = pytest.importorskip("dask.dataframe")

def cells(table: pd.DataFrame) -> dict:
    """The table as {(row label, column label): count}, labels tagged, empty cells left out."""
    values = table.to_numpy()
    return {(tag(r), tag(c)): values[i, j] for i, r in enumerate(table.index) for j, c in enumerate(table.columns)
            if values[i, j]}


def counted_pairs(actual, pred) -> dict:
    """The oracle: the rows counted one by one in Python, by tagged label (rows with a missing label left out)."""
    pairs = Counter((tag(a), tag(p)) for a, p in zip(actual, pred, strict=True))
    return {key: float(n) for key, n in pairs.items() if ("missing",) not in key}


# --- the example: object columns as their typed columns ---------------------------------------------------------

def test_object_integers_against_object_booleans_do_not_agree():
    frame = pd.DataFrame({"ref": [1, 1, 0, 0], "m": [True, True, False, False]}, dtype=object)
    typed = frame.astype({"ref": "int64", "m": "bool"})
    with pytest.raises(ValueError, match="no label is present on both sides"):
        typed.agree("ref", "m")
    with pytest.raises(ValueError, match="no label is present on both sides"):
        frame.agree("ref", "m")  # not an OSR of 1: the label 1 is not the label True


@pytest.mark.parametrize("typed", ["bool", "boolean"])
def test_object_booleans_give_the_table_of_typed_booleans(typed):
    frame = pd.DataFrame({"a": [True, False, True, np.True_, False], "p": [True, True, False, True, np.False_]},
                         dtype=object)
    ours = frame.agree("a", "p")
    theirs = frame.astype(typed).agree("a", "p")
    pd.testing.assert_frame_equal(ours.table, theirs.table, check_index_type=False, check_column_type=False)
    assert ours.table.index.dtype == bool  # the labels typed as the column would be
    assert ours.multiclass(["OSR"]).loc["OSR", "value"] == 0.6


def test_the_order_of_integers_and_booleans():
    actual = pd.Series([1, True, 0, False, 2, np.True_], dtype=object)
    pred = pd.Series([True, 0, 0, 1, 2, False], dtype=object)
    tab = tabulate(actual, pred)
    assert tags(tab.table.index) == tags(tab.table.columns) == tags([0, 1, 2, False, True])  # booleans after
    assert cells(tab.table) == counted_pairs(actual, pred)
    assert tags(merged_order([], [pd.Index([1, 0]), pd.Index([True, False])])) == tags([0, 1, False, True])
    actual, pred = pd.Series([1, 0, 1, 0]), pd.Series([True, False, False, True])
    for a, p in ((actual, pred), (actual.astype(object), pred.astype(object)),
                 (actual.astype("Int64"), pred.astype("boolean")),
                 (pd.Series(pd.Categorical(actual)), pd.Series(pd.Categorical(pred)))):
        tab = tabulate(a, p)
        assert tags(tab.table.index) == tags([0, 1]) and tags(tab.table.columns) == tags([False, True])
        assert tab.table.to_numpy().tolist() == [[1, 1], [1, 1]]


def test_categorical_orders_keep_booleans_apart():
    tab = tabulate(pd.Series(pd.Categorical([0, 1, 2, 0])), pd.Series(pd.Categorical([True, False, True, False])))
    assert tags(tab.table.index) == tags([0, 1, 2]) and tags(tab.table.columns) == tags([False, True])
    assert tab.table.to_numpy().tolist() == [[1, 1], [1, 0], [0, 1]]
    order = merged_order([pd.Index([0, 1, 2]), pd.Index([False, True])], pd.Index([0, 1, 2, True, False], dtype=object))
    assert tags(order) == tags([0, 1, 2, False, True])  # the declared orders one after the other
    order = merged_order([pd.Index([1, 0]), pd.Index([True, False])], pd.Index([0, 1, True, False, "x"], dtype=object))
    assert tags(order) == tags([1, 0, True, False, "x"])


def test_one_object_column_holding_integers_and_booleans():
    actual = pd.Series([1, True, 0, False, 1.0, np.True_, "1", None, np.int64(0), np.False_], dtype=object)
    pred = pd.Series([True, 1, False, 0, 1, 1, "1", 0, 0.0, False], dtype=object)
    tab = tabulate(actual, pred)
    assert cells(tab.table) == counted_pairs(actual, pred)
    assert tags(tab.table.index) == tags([1, True, 0, False, "1"])  # first appearance (text is not sortable)
    assert tab.n_missing == 1 and tab.table.to_numpy().sum() == 9


def test_labels_argument_holds_integers_and_booleans_apart():
    actual, pred = pd.Series([1, 0, 1], dtype=object), pd.Series([True, False, 1], dtype=object)
    tab = tabulate(actual, pred, labels=[0, 1, False, True])
    assert tags(tab.table.index) == tags([0, 1, False, True]) == tags(tab.table.columns)
    assert tab.table.iloc[:, 3].tolist() == [0, 1, 0, 0]  # (1, True) once
    assert tab.table.iat[1, 1] == 1 and tab.table.iat[0, 2] == 1  # (1, 1) and (0, False) once
    with pytest.raises(ValueError, match=r"labels must list every observed label; not listed: \[True, False\]"):
        tabulate(actual, pred, labels=[0, 1])
    with pytest.raises(ValueError, match=r"must not repeat a label; repeated: \[1.0\]"):
        tabulate(actual, pred, labels=[0, 1, False, True, 1.0])  # 1 and 1.0 are one label


# --- any str is a label ------------------------------------------------------------------------------------------

def test_lone_surrogates_are_labels():
    actual = pd.Series([SURROGATE, "b", SURROGATE, "b", None], dtype=object)
    pred = pd.Series([SURROGATE, "b", "b", "b", SURROGATE], dtype=object)
    tab = tabulate(actual, pred)
    assert tags(tab.order) == tags(["b", SURROGATE]) and tab.n_missing == 1
    assert cells(tab.table) == counted_pairs(actual, pred)
    tab = tabulate(actual, pred, labels=[SURROGATE, "b", "c"])
    assert list(tab.table.index) == [SURROGATE, "b", "c"] and tab.table.to_numpy().sum() == 4
    joint = joint_table([actual, pred, pred], None, ["a", "p", "q"])
    assert list(joint.order) == ["b", SURROGATE] and joint.counts.sum() == 4


def test_lists_of_labels_stay_arrow_strings_unless_they_cannot():
    # pandas' own type for a list of strings (arrow strings from pandas 3, whose crosstab is fastest) is kept
    assert as_label_series(["a", "b"], "actual").dtype == pd.Series(np.array(["a", "b"], dtype=object)).dtype
    series = as_label_series(["a", SURROGATE], "actual")
    assert series.dtype == object and series[1] == SURROGATE


def test_raters_with_surrogates_and_booleans():
    frame = pd.DataFrame({"r1": [SURROGATE, "b", SURROGATE, "b", 1, True],
                          "r2": [SURROGATE, "b", "b", "b", True, True],
                          "r3": [SURROGATE, SURROGATE, "b", "b", 1, 1]}, dtype=object)
    ra = frame.agree.raters(["r1", "r2", "r3"])
    assert tags(ra.categories) == tags([SURROGATE, "b", 1, True])
    assert ra.counts.to_numpy().tolist() == [[3, 0, 0, 0], [1, 2, 0, 0], [1, 2, 0, 0], [0, 3, 0, 0],
                                                     [0, 0, 2, 1], [0, 0, 1, 2]]


def test_raters_with_a_surrogate_in_a_python_string_column():
    """A lone surrogate in a ``string[python]`` column is the same label as in an object column:
    before pandas 3 the python strings were looked up among the categories by their UTF-8 hash, so that the
    surrogate was not found (its ratings silently counted as missing) or the categories held it twice (an
    InvalidIndexError)."""
    def raters(label):
        frame = pd.DataFrame({"a": pd.Series([label, label, "y", "y", "y"], dtype=object),
                              "p": pd.array([label, label, "y", "y", label], dtype="string[python]"),
                              "q": pd.array([label, pd.NA, "y", label, label], dtype="string[python]")})
        return [frame.agree.raters(columns) for columns in (["a", "q"], ["p", "q"], ["a", "p", "q"])]

    for got, want in zip(raters(SURROGATE), raters("x"), strict=True):
        assert (got.n_subjects, got.n_dropped) == (want.n_subjects, want.n_dropped)
        assert tags(got.categories) == tags([SURROGATE, "y"]) and tags(want.categories) == tags(["x", "y"])
        np.testing.assert_array_equal(got.counts.to_numpy(), want.counts.to_numpy())
        pd.testing.assert_frame_equal(got.summary(["FLEISS", "PO"]), want.summary(["FLEISS", "PO"]))


# --- raters and compare() ----------------------------------------------------------------------------------------

def test_raters_keep_integers_and_booleans_apart():
    frame = pd.DataFrame({"r1": [1, 1, 0, 0, 1], "r2": [True, True, False, False, 1]}, dtype=object)
    ra = frame.agree.raters(["r1", "r2"])
    assert tags(ra.categories) == tags([0, 1, False, True])
    assert ra.summary(["PO"]).loc["PO", "value"] == pytest.approx(0.2)  # only the last subject agrees
    typed = pd.DataFrame({"r1": [1, 1, 0, 0], "r2": [True, True, False, False]})
    assert typed.agree.raters(["r1", "r2"]).summary(["PO"]).loc["PO", "value"] == 0
    with pytest.raises(ValueError, match=r"not listed: \[True, False\]"):
        frame.agree.raters(["r1", "r2"], labels=[0, 1])
    ra = frame.agree.raters(["r1", "r2"], labels=[True, False, 1, 0])
    assert tags(ra.categories) == tags([True, False, 1, 0])
    assert ra.counts.to_numpy().tolist()[0] == [1, 0, 1, 0]


def test_rating_counts_match_ratings_exactly():
    columns = [pd.Series([1, True, 0, None], dtype=object), pd.Series([True, 1.0, np.False_, 0])]
    categories = category_order(columns)
    assert tags(categories) == tags([0, 1, False, True])
    counts, _ = count_ratings(columns, categories, np.ones(4))
    assert counts.codes.tolist() == [[1, 3], [3, 1], [0, 2], [-1, 0]]


def test_joint_table_of_object_columns_is_that_of_typed_columns():
    ref = pd.Series([1, 1, 0, 0, 1])
    first, second = pd.Series([True, True, False, False, True]), pd.Series([1, 0, 0, 1, 1])
    typed = joint_table([ref, first, second], None, ["ref", "first", "second"])
    ours = joint_table([c.astype(object) for c in (ref, first, second)], None, ["ref", "first", "second"])
    assert tags(ours.order) == tags(typed.order)
    np.testing.assert_array_equal(ours.counts, typed.counts)
    for mine, theirs in zip(ours.labels, typed.labels, strict=True):
        assert tags(mine) == tags(theirs)
    mixed = joint_table([pd.Series([1, True, 1], dtype=object), pd.Series([True, 1, 1], dtype=object)], None,
                        ["a", "b"])
    assert tags(mixed.labels[0]) == tags([1, True]) and mixed.counts.tolist() == [[1, 1], [1, 0]]


# --- property: an object column gives the table of its typed column ----------------------------------------------

KINDS = {
    "bool": (st.booleans(), lambda v: pd.Series(v, dtype=bool)),
    "boolean": (st.one_of(st.booleans(), st.none()), lambda v: pd.Series(v, dtype="boolean")),
    "int": (st.integers(-2, 3), lambda v: pd.Series(v, dtype="int64")),
    "Int64": (st.one_of(st.integers(0, 2), st.none()), lambda v: pd.Series(v, dtype="Int64")),
    "float": (st.one_of(st.sampled_from([0.0, 1.0, 2.5]), st.none()),
              lambda v: pd.Series([np.nan if x is None else x for x in v], dtype="float64")),
    "string": (st.one_of(st.sampled_from(["a", "1", "True"]), st.none()), lambda v: pd.Series(v, dtype="string")),
}


@settings(max_examples=80)
@given(st.data())
def test_object_columns_give_the_tables_of_typed_columns(data):
    n = data.draw(st.integers(1, 30), label="rows")
    sides = []
    for side in ("actual", "pred"):
        kind = data.draw(st.sampled_from(sorted(KINDS)), label=f"{side} kind")
        values, typed = KINDS[kind]
        drawn = data.draw(st.lists(values, min_size=n, max_size=n), label=side)
        sides.append((typed(drawn), pd.Series(drawn, dtype=object)))
    (typed_a, object_a), (typed_p, object_p) = sides
    expected = counted_pairs(object_a, object_p)
    if not expected:
        with pytest.raises(ValueError, match="no valid rows"):
            tabulate(object_a, object_p)
        return
    theirs, ours = tabulate(typed_a, typed_p), tabulate(object_a, object_p)
    assert cells(ours.table) == cells(theirs.table) == expected
    assert tags(ours.table.index) == tags(theirs.table.index)
    assert tags(ours.table.columns) == tags(theirs.table.columns)
    assert tags(ours.order) == tags(theirs.order)
    valid = int((object_a.notna() & object_p.notna()).sum())
    assert ours.table.to_numpy().sum() == valid and ours.n_missing == n - valid  # every valid row counted once


MIXED = st.one_of(st.booleans(), st.sampled_from([np.True_, np.False_]), st.integers(-1, 2),
                  st.sampled_from([0.0, 1.0, 2.5, np.float64(1.0), np.int64(0)]),
                  st.sampled_from(["a", "1", "True", SURROGATE, "\ud800"]), st.none(), st.just(np.nan))


@settings(max_examples=80)
@given(st.lists(st.tuples(MIXED, MIXED), min_size=1, max_size=40), st.booleans())
def test_mixed_object_columns_are_counted_label_by_label(rows, dropna):
    actual = pd.Series([a for a, _ in rows], dtype=object)
    pred = pd.Series([p for _, p in rows], dtype=object)
    expected = Counter((tag(a), tag(p)) for a, p in rows)
    if dropna:
        expected = {key: n for key, n in expected.items() if ("missing",) not in key}
    if not expected:
        return
    tab = tabulate(actual, pred, dropna=dropna)
    assert cells(tab.table) == {key: float(n) for key, n in expected.items()}
    assert tab.table.to_numpy().sum() + tab.n_missing == len(rows)
    for side in (tab.table.index, tab.table.columns):
        assert len(set(tags(side))) == len(side)  # no label twice
    assert {(r, c) for r, c in expected} <= {(tag(r), tag(c)) for r in tab.table.index for c in tab.table.columns}


# --- the Dask accessor counts what the pandas accessor counts ---------------------------------------------------

class _HandedOver(Exception):
    """Raised where an Agreement would be built, once its table and bookkeeping are seen."""


def _handed_over(monkeypatch, frame: pd.DataFrame, npartitions: int, **kwargs) -> tuple[tuple, tuple]:
    """The table and bookkeeping (``Counted``) each path hands to the Agreement, from the pandas frame and from the
    Dask frame of it."""
    seen = []

    def record(self, table, *, match=None, counted=None, layers=None, layers_by=None):
        if isinstance(table, CountedTable):  # a table the engine counted, handed over without a frame
            table = pd.DataFrame(table.values, index=table.index, columns=table.columns)
        seen.append((table, counted))
        raise _HandedOver

    monkeypatch.setattr(pa.Agreement, "__init__", record)
    with pytest.raises(_HandedOver):
        frame.agree("a", "p", **kwargs)
    with dask.config.set({"dataframe.convert-string": False, "scheduler": "synchronous"}), \
            pytest.raises(_HandedOver):
        dd.from_pandas(frame, npartitions=npartitions, sort=False).agree("a", "p", **kwargs)
    assert len(seen) == 2
    return seen[0], seen[1]


def _same_table(ours, theirs):
    (table, info), (dask_table, dask_info) = ours, theirs
    assert tags(table.index) == tags(dask_table.index) and tags(table.columns) == tags(dask_table.columns)
    np.testing.assert_array_equal(table.to_numpy(), dask_table.to_numpy())
    assert tags(info.order) == tags(dask_info.order)
    for key in ("n_rows", "n_missing", "n_zero_weight"):
        assert getattr(info, key) == getattr(dask_info, key)


@settings(max_examples=40)
@given(st.lists(st.tuples(MIXED, MIXED, st.sampled_from([0.0, 1.0, 2.0])), min_size=2, max_size=40),
       st.integers(1, 4), st.booleans())
def test_dask_and_pandas_count_mixed_object_columns_alike(rows, npartitions, dropna):
    frame = pd.DataFrame({"a": pd.Series([r[0] for r in rows], dtype=object),
                          "p": pd.Series([r[1] for r in rows], dtype=object),
                          "w": [r[2] for r in rows]})
    expected = Counter()
    for a, p, w in rows:
        expected[(tag(a), tag(p))] += w
    expected = {k: n for k, n in expected.items() if n and (not dropna or ("missing",) not in k)}
    if not expected:
        return
    with pytest.MonkeyPatch.context() as monkeypatch:
        ours, theirs = _handed_over(monkeypatch, frame, npartitions, weights="w", dropna=dropna)
    _same_table(ours, theirs)
    assert cells(ours[0]) == expected


def test_dask_partitions_of_booleans_and_integers_are_not_merged():
    # the first partition holds only booleans, the second only integers: each partition's labels are typed, and
    # pandas would stack a boolean column on an integer one as integers
    frame = pd.DataFrame({"a": [True, False, 1, 0], "p": [True, False, 1, 0]}, dtype=object)
    with pytest.MonkeyPatch.context() as monkeypatch:
        ours, theirs = _handed_over(monkeypatch, frame, 2)
    _same_table(ours, theirs)
    assert tags(theirs[0].index) == tags([0, 1, False, True])
    assert np.diag(theirs[0].to_numpy()).tolist() == [1, 1, 1, 1]


def test_dask_design_cells_keep_booleans_apart():
    frame = pd.DataFrame({"a": [1, True, 1, True, 0, False], "p": [1, True, True, 1, 0, False],
                          "s": ["x", "x", "x", "y", "y", "y"], "c": [1, 2, 3, 4, 5, 6]})
    frame[["a", "p"]] = frame[["a", "p"]].astype(object)
    with pytest.MonkeyPatch.context() as monkeypatch:
        ours, theirs = _handed_over(monkeypatch, frame, 2, strata="s", cluster="c")
    _same_table(ours, theirs)
    units, dask_units = ours[1].units, theirs[1].units
    for field in ("unit", "row", "col", "count", "stratum", "fraction"):
        np.testing.assert_array_equal(getattr(units, field), getattr(dask_units, field))
    assert units.n_units == dask_units.n_units == 6 and units.n_valid == dask_units.n_valid == 6
    table = ours[0]
    assert tags(table.index) == tags(table.columns) == tags([0, 1, False, True])
    # every row its own PSU (cluster), in the cell of its own two labels
    at = {t: i for i, t in enumerate(tags(table.index))}
    assert units.row.tolist() == [at[tag(x)] for x in frame["a"]]
    assert units.col.tolist() == [at[tag(x)] for x in frame["p"]]


@settings(max_examples=30)
@given(st.lists(st.tuples(MIXED, MIXED, MIXED), min_size=2, max_size=30), st.integers(1, 3))
def test_dask_and_pandas_raters_agree_on_mixed_object_columns(rows, npartitions):
    frame = pd.DataFrame({f"r{k}": pd.Series([r[k] for r in rows], dtype=object) for k in range(3)})
    subjects = [Counter(tag(x) for x in r if tag(x) != ("missing",)) for r in rows]
    if not any(sum(s.values()) >= 2 for s in subjects):
        return
    ours = frame.agree.raters(["r0", "r1", "r2"])
    with dask.config.set({"dataframe.convert-string": False, "scheduler": "synchronous"}):
        theirs = dd.from_pandas(frame, npartitions=npartitions, sort=False).agree.raters(["r0", "r1", "r2"])
    assert tags(ours.categories) == tags(theirs.categories)
    assert {tag(c) for c in ours.categories} == {t for s in subjects for t in s}
    # each subject's counts, by tagged category, as counted in Python
    position = {tag(c): i for i, c in enumerate(ours.categories)}
    expected = np.zeros((len(rows), len(position)))
    for i, s in enumerate(subjects):
        for t, n in s.items():
            expected[i, position[t]] = n
    used = expected.sum(axis=1) >= 2
    np.testing.assert_array_equal(ours.counts.to_numpy(), expected[used])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMeasureWarning)  # one category: FLEISS is 0/0
        pd.testing.assert_frame_equal(ours.summary(["PO", "FLEISS"]), theirs.summary(["PO", "FLEISS"]),
                                      rtol=1e-12, atol=1e-15)
