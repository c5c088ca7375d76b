"""The crosstab engine, the constructors and their handling of input."""

import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

import pandas_agree as pa


@pytest.fixture
def df():
    return pd.DataFrame({
        "actual": ["a", "a", "b", "b", "c", "a"],
        "pred": ["a", "b", "b", "b", "d", "a"],
        "w": [1.0, 2.0, 0.5, 1.5, 3.0, 1.0],
    })


def test_accessor_builds_agreement(df):
    ag = df.agree("actual", "pred")
    assert isinstance(ag, pa.Agreement)
    assert ag.n == 6.0
    assert list(ag.common) == ["a", "b"]
    assert list(ag.reference_only) == ["c"]
    assert list(ag.predicted_only) == ["d"]
    assert ag.table.shape == (3, 3)
    assert ag.table.dtypes.eq(np.float64).all()
    assert ag.table.index.name == "actual" and ag.table.columns.name == "pred"


def test_crosstab_margins(df):
    ct = df.agree("actual", "pred").crosstab()
    assert list(ct.index) == ["a", "b", "c", "Total"]
    assert list(ct.columns) == ["a", "b", "d", "Total"]
    assert ct.loc["Total", "Total"] == 6
    assert ct.loc["a", "Total"] == 3 and ct.loc["Total", "b"] == 3
    pd.testing.assert_frame_equal(df.agree.crosstab("actual", "pred", margins=False), df.agree("actual", "pred").table,
                                  check_dtype=False)


def test_crosstab_counts_are_integers_unless_weighted(df):
    """Counts of objects print as 166, not 166.0 (as pandas.crosstab gives them); weighted sums stay float."""
    unweighted = df.agree("actual", "pred")
    assert (unweighted.crosstab().dtypes == "int64").all()
    assert (unweighted.crosstab(margins=False).dtypes == "int64").all()
    assert "2.0" not in unweighted.crosstab().to_string()
    assert (unweighted.table.dtypes == "float64").all()  # the table itself is float (API.md)
    assert (df.agree("actual", "pred", weights="w").crosstab().dtypes == "float64").all()
    assert (pa.Agreement.from_table([[1.5, 1], [0, 2]]).crosstab().dtypes == "float64").all()


def test_table_is_a_copy(df):
    ag = df.agree("actual", "pred")
    t = ag.table
    t.iloc[0, 0] = 1000
    assert ag.table.iloc[0, 0] == 2


def test_caller_frame_never_modified(df):
    before = df.copy(deep=True)
    df.agree("actual", "pred", weights="w")
    df.agree("actual", "pred", dropna=False)
    df.agree.binary("actual", "pred", measures=["REC"])
    pd.testing.assert_frame_equal(df, before)


def test_same_column_twice_is_perfect_agreement(df):
    ag = df.agree("actual", "actual")
    t = ag.table.to_numpy()
    assert np.array_equal(t, np.diag(np.diag(t)))
    assert ag.binary(["F1"])["F1"].eq(1.0).all()


def test_functional_constructor_takes_lists_arrays_series():
    for y_true, y_pred in [([1, 2, 2], [1, 2, 1]), (np.array([1, 2, 2]), np.array([1, 2, 1])),
                           (pd.Series([1, 2, 2]), pd.Series([1, 2, 1]))]:
        ag = pa.agreement(y_true, y_pred)
        assert ag.table.to_numpy().tolist() == [[1, 0], [1, 1]]


# --- weights -----------------------------------------------------------------------------------------------

def test_integer_weights_equal_repeated_rows(df):
    w = pd.Series([1, 2, 1, 3, 1, 2])
    weighted = df.agree("actual", "pred", weights=w.to_numpy())
    repeated = df.loc[df.index.repeat(w)].agree("actual", "pred")
    pd.testing.assert_frame_equal(weighted.table, repeated.table)
    assert weighted.weighted and not repeated.weighted


def test_fractional_weights_sum(df):
    ag = df.agree("actual", "pred", weights="w")
    expected = pd.crosstab(df["actual"], df["pred"], values=df["w"], aggfunc="sum").fillna(0)
    np.testing.assert_allclose(ag.table.to_numpy(), expected.to_numpy())
    assert ag.n == pytest.approx(df["w"].sum())


def test_zero_weights_are_excluded_and_counted():
    df = pd.DataFrame({"a": [1, 1, 2, 3], "p": [1, 2, 2, 3], "w": [1.0, 0.0, 2.0, 0.0]})
    ag = df.agree("a", "p", weights="w")
    assert ag.n_zero_weight == 2
    assert list(ag.table.index) == [1, 2] and list(ag.table.columns) == [1, 2]
    assert ag.n == 3.0


@pytest.mark.parametrize("bad, err, fragment", [
    ([1.0, -1.0, 1.0], ValueError, "non-negative"),
    ([1.0, np.inf, 1.0], ValueError, "finite"),
    (["x", "y", "z"], TypeError, "numeric"),
])
def test_bad_weights(bad, err, fragment):
    df = pd.DataFrame({"a": [1, 2, 3], "p": [1, 2, 3], "w": bad})
    with pytest.raises(err, match=fragment) as info:
        df.agree("a", "p", weights="w")
    assert "weights" in str(info.value)


def test_missing_weight_excluded_with_dropna_and_rejected_without():
    df = pd.DataFrame({"a": [1, 2, 3], "p": [1, 2, 3], "w": [1.0, np.nan, 2.0]})
    ag = df.agree("a", "p", weights="w")
    assert ag.n_missing == 1 and ag.n == 3.0
    with pytest.raises(ValueError, match="weights has 1 missing"):
        df.agree("a", "p", weights="w", dropna=False)


def test_weights_length_must_match():
    df = pd.DataFrame({"a": [1, 2, 3], "p": [1, 2, 3]})
    with pytest.raises(ValueError, match="weights has 2 values"):
        df.agree("a", "p", weights=[1, 2])


# --- missing values ----------------------------------------------------------------------------------------

def test_missing_labels_listwise():
    df = pd.DataFrame({"a": ["x", None, "y", "y", np.nan], "p": ["x", "x", pd.NA, "y", "y"]})
    ag = df.agree("a", "p")
    assert ag.n_missing == 3 and ag.n == 2.0 and ag.n_rows == 5
    assert ag.table.to_numpy().tolist() == [[1, 0], [0, 1]]


def test_missing_labels_kept_as_category_with_dropna_false():
    df = pd.DataFrame({"a": ["x", None, "y", "y", np.nan], "p": ["x", "x", None, "y", "y"]})
    ag = df.agree("a", "p", dropna=False)
    assert ag.n_missing == 0 and ag.n == 5.0
    t = ag.table
    assert list(t.index[:2]) == ["x", "y"] and pd.isna(t.index[2])
    assert pd.isna(t.columns[2])
    assert t.iloc[2, 0] == 1 and t.iloc[2, 1] == 1 and t.iloc[1, 2] == 1
    assert len(ag.common) == 3  # the missing category matches itself


def test_missing_categorical_codes():
    cat = pd.CategoricalDtype(["lo", "hi"])
    df = pd.DataFrame({"a": pd.Series(["lo", None, "hi"], dtype=cat), "p": pd.Series(["lo", "hi", None], dtype=cat)})
    ag = df.agree("a", "p")
    assert ag.n_missing == 2 and ag.table.to_numpy().tolist() == [[1.0]]
    ag = df.agree("a", "p", dropna=False)
    assert ag.n == 3


# --- label order --------------------------------------------------------------------------------------------

def test_categorical_order_is_kept():
    cat = pd.CategoricalDtype(["low", "mid", "high"], ordered=True)
    df = pd.DataFrame({"a": pd.Series(["high", "low", "mid"], dtype=cat),
                       "p": pd.Series(["mid", "low", "high"], dtype=cat)})
    ag = df.agree("a", "p")
    assert list(ag.table.index) == ["low", "mid", "high"]
    assert list(ag.table.columns) == ["low", "mid", "high"]


def test_sorted_when_sortable():
    ag = pa.agreement(["b", "c", "a"], ["c", "a", "b"])
    assert list(ag.table.index) == ["a", "b", "c"]
    ag = pa.agreement([10, 2, 33], [33, 10, 2])
    assert list(ag.table.index) == [2, 10, 33]


def test_first_appearance_when_not_sortable():
    ag = pa.agreement(["b", 1, "a"], ["b", 1, "a"])
    assert list(ag.table.index) == ["b", 1, "a"]


def test_unobserved_categories_dropped_and_kept_with_labels():
    cat = pd.CategoricalDtype(["x", "y", "z"])
    df = pd.DataFrame({"a": pd.Series(["x", "y"], dtype=cat), "p": pd.Series(["x", "x"], dtype=cat)})
    ag = df.agree("a", "p")
    assert list(ag.table.index) == ["x", "y"] and list(ag.table.columns) == ["x"]
    kept = df.agree("a", "p", labels=["z", "y", "x"])
    assert list(kept.table.index) == ["z", "y", "x"] and list(kept.table.columns) == ["z", "y", "x"]
    assert kept.table.loc["y", "x"] == 1 and kept.table.loc["z"].sum() == 0


def test_labels_must_cover_observed_labels():
    with pytest.raises(ValueError, match="labels must list every observed label"):
        pa.agreement(["a", "b"], ["a", "c"], labels=["a", "b"])
    with pytest.raises(ValueError, match="must not repeat"):
        pa.agreement(["a", "b"], ["a", "b"], labels=["a", "b", "a"])


def test_integer_fast_path_matches_factorize():
    rng = np.random.default_rng(1)
    a = rng.integers(-5, 5, 1000).astype(np.int8)
    p = rng.integers(0, 7, 1000).astype(np.uint16)
    fast = pa.agreement(a, p).table
    slow = pa.agreement(a.astype(object), p.astype(object)).table
    np.testing.assert_array_equal(fast.to_numpy(), slow.to_numpy())
    assert list(fast.index) == list(slow.index) and list(fast.columns) == list(slow.columns)


def test_wide_or_large_integers_use_factorize():
    ag = pa.agreement([0, 10**9, 5], [0, 10**9, 7])
    assert list(ag.table.index) == [0, 5, 10**9]
    big = np.array([2**62, 2**62 + 1], dtype=np.int64)
    assert pa.agreement(big, big).table.to_numpy().tolist() == [[1, 0], [0, 1]]
    huge = np.array([2**63 + 1, 2**63 + 2], dtype=np.uint64)
    assert list(pa.agreement(huge, huge[::-1]).table.index) == list(huge)


@given(st.sampled_from([-(2**31) + 1, -(2**20), 0, 2**31 - 40]), st.sampled_from([-(2**31) + 1, 7, 2**31 - 40]),
       st.lists(st.tuples(st.integers(0, 30), st.integers(0, 30), st.booleans()), min_size=1, max_size=60))
def test_integer_codes_near_int32_edges(low_a, low_p, pairs):
    # labels of a narrow range far from 0 are coded by subtracting the range's start; the combined codes are
    # int32, whose products pass int32's range on the way and must still come out exact
    a = np.array([low_a + x for x, _, _ in pairs], dtype=np.int64)
    p = np.array([low_p + (x if same else y) for x, y, same in pairs], dtype=np.int64)
    if not set(a) & set(p):
        p[0] = a[0]
    fast = pa.agreement(a, p).table
    slow = pa.agreement(a.astype(object), p.astype(object)).table
    np.testing.assert_array_equal(fast.to_numpy(), slow.to_numpy())
    assert list(fast.index) == list(slow.index) and list(fast.columns) == list(slow.columns)


# --- bad input -----------------------------------------------------------------------------------------------

def test_unknown_column_lists_columns(df):
    with pytest.raises(KeyError, match=r"'nope'.*'actual', 'pred', 'w'"):
        df.agree("actual", "nope")
    with pytest.raises(KeyError, match="weights"):
        df.agree("actual", "pred", weights="nope")


def test_empty_frame():
    with pytest.raises(ValueError, match="empty"):
        pd.DataFrame({"a": [], "p": []}).agree("a", "p")


def test_every_row_missing():
    with pytest.raises(ValueError, match="no valid rows"):
        pd.DataFrame({"a": [None, None], "p": ["x", None]}).agree("a", "p")


def test_unhashable_labels():
    df = pd.DataFrame({"a": [[1], [2]], "p": [1, 2]})
    with pytest.raises(TypeError, match="actual has unhashable labels"):
        df.agree("a", "p")


def test_no_common_label_suggests_match():
    with pytest.raises(ValueError, match=r"K = 0.*'x'.*'y'.*match=") as info:
        pa.agreement(["x", "x"], ["y", "z"])
    assert "reference labels" in str(info.value)


def test_integer_against_string_spelling():
    with pytest.raises(ValueError, match="differ only in type"):
        pa.agreement([1, 2], ["1", "2"])
    with pytest.warns(UserWarning, match="differ only in type"):
        pa.agreement([1, 2, 3], [1, "2", 3])


def test_integer_against_string_beside_its_match():
    """A label on one side only that is the text of a label on both sides (the prediction '2' beside the 2 both
    sides hold: a model that returned some labels as text) is named too; its objects silently count as wrong
    otherwise."""
    with pytest.warns(UserWarning, match=r"differ only in type.*2 and '2'"):
        ag = pa.agreement([0, 1, 2, 2], [0, 1, 2, "2"])
    assert list(ag.predicted_only) == ["2"]
    with pytest.warns(UserWarning, match=r"differ only in type.*'1' and 1"):
        pa.agreement(["a", "b", "1", "1"], ["a", "b", 1, "1"])


def test_no_warning_where_both_spellings_are_on_both_sides():
    # 1 and '1' each on both sides: each matches itself, no object is counted against a look-alike
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        pa.agreement([1, "1", 2], [1, "1", 2])


def test_no_warning_for_ordinary_non_matching_labels():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        pa.agreement([1, 2, 3], [1, 2, 4])


def test_length_mismatch():
    with pytest.raises(ValueError, match="same length"):
        pa.agreement([1, 2], [1])


def test_two_dimensional_labels_rejected():
    with pytest.raises(ValueError, match="one-dimensional"):
        pa.agreement(np.ones((2, 2)), [1, 2])


def test_dropna_must_be_boolean(df):
    with pytest.raises(TypeError, match="dropna"):
        df.agree("actual", "pred", dropna="yes")


# --- from_table and from_counts -------------------------------------------------------------------------

def test_from_table_array_and_frame():
    ag = pa.Agreement.from_table(np.array([[5, 1], [2, 8]]))
    assert list(ag.table.index) == [0, 1] and ag.n == 16.0 and ag.n_rows is None
    t = pd.DataFrame([[5, 1], [2, 8]], index=["y", "n"], columns=["y", "n"])
    assert list(pa.Agreement.from_table(t).common) == ["y", "n"]
    assert pa.Agreement(t).n == 16.0


@pytest.mark.parametrize("table, fragment", [
    ([[1, -1], [0, 2]], "non-negative"),
    ([[1, np.nan], [0, 2]], "finite"),
    ([[1, np.inf], [0, 2]], "finite"),
    (pd.DataFrame({"x": ["1", "2"], "y": ["3", "4"]}), "numeric"),
    (np.ones(3), "two-dimensional"),
    ([[0, 0], [0, 0]], "positive total"),
])
def test_from_table_bad_counts(table, fragment):
    with pytest.raises(ValueError, match=fragment):
        pa.Agreement.from_table(table)


def test_from_counts_sums_repeated_cells():
    cells = pd.DataFrame({"a": ["x", "x", "y", "x"], "p": ["x", "y", "y", "x"], "n": [40, 10, 50, 5]})
    ag = pa.Agreement.from_counts(cells, "a", "p", "n")
    assert ag.table.to_numpy().tolist() == [[45, 10], [0, 50]]
    with pytest.raises(KeyError, match="count"):
        pa.Agreement.from_counts(cells, "a", "p", "nope")
    with pytest.raises(ValueError, match="count must be non-negative"):
        pa.Agreement.from_counts(cells.assign(n=[1, -1, 1, 1]), "a", "p", "n")


def test_repr():
    assert repr(pa.agreement([1, 2, None], [1, 2, 2])) == (
        "<Agreement: 2×2 table, N = 2, K = 2 common labels, 1 row missing>")


# --- properties -----------------------------------------------------------------------------------------------

@given(st.lists(st.tuples(st.sampled_from(["a", "b", "c", None]), st.sampled_from(["a", "b", "c", "e", None]),
                          st.just(0.0) | st.floats(1e-6, 10)), min_size=1, max_size=60))
def test_total_is_valid_rows_or_weight_sum(rows):  # (weight sums below 1e-50 are refused: see test_labels.py)
    df = pd.DataFrame(rows, columns=["a", "p", "w"])
    valid = df["a"].notna() & df["p"].notna()
    common = set(df.loc[valid, "a"]) & set(df.loc[valid, "p"])
    positive = valid & (df["w"] > 0)
    if not valid.any() or not common:
        return
    ag = df.agree("a", "p")
    assert ag.n == valid.sum() and ag.n_missing == (~valid).sum()
    if positive.any() and set(df.loc[positive, "a"]) & set(df.loc[positive, "p"]):
        agw = df.agree("a", "p", weights="w")
        assert agw.n == pytest.approx(df.loc[valid, "w"].sum())
        assert agw.n_zero_weight == (valid & (df["w"] == 0)).sum()


@given(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5)), min_size=1, max_size=80),
       st.sampled_from(["int", "str", "category"]))
def test_equals_pandas_crosstab(pairs, kind):
    df = pd.DataFrame(pairs, columns=["a", "p"])
    if kind == "str":
        df = df.astype(str)
    elif kind == "category":
        df = df.astype("category")
    if not set(df["a"]) & set(df["p"]):
        return
    ours = df.agree("a", "p").table
    theirs = pd.crosstab(df["a"], df["p"])
    theirs = theirs.loc[theirs.sum(axis=1) > 0, theirs.sum(axis=0) > 0]
    theirs.index, theirs.columns = list(theirs.index), list(theirs.columns)
    assert set(ours.index) == set(theirs.index) and set(ours.columns) == set(theirs.columns)
    expected = theirs.reindex(index=list(ours.index), columns=list(ours.columns))
    np.testing.assert_array_equal(ours.to_numpy(), expected.to_numpy(dtype=float))


def test_an_empty_frame_s_error_names_the_columns():
    # before: "no rows to count: actual and pred are empty", which named the arguments only
    df = pd.DataFrame({"truth": pd.Series([], dtype=str), "guess": pd.Series([], dtype=str)})
    with pytest.raises(ValueError, match=r"no rows to count: actual \('truth'\) and pred \('guess'\) are empty"):
        df.agree("truth", "guess")
    with pytest.raises(ValueError, match=r"row \('truth'\) and col \('guess'\) are empty"):
        df.agree.crosstabs("truth", "guess")
