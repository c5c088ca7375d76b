"""The engine's rule for which labels are the same label (``engine/labels.py``), the function the analyses match
label sets with (``positions_of``: ``Index.get_indexer`` with ``True`` not found at ``1``), and the engine's
helpers built on it: a column's exact codes, the Dask accessor's stacking of partitions' cells and the distinct
rating patterns."""

from decimal import Decimal

import numpy as np
import pandas as pd
import pytest

from pandas_agree.engine.crosstab import label_positions, partial_counts, stack_cells
from pandas_agree.engine.labels import (
    as_labels,
    concat_labels,
    difference_labels,
    duplicated_labels,
    exact_codes,
    isin_labels,
    positions_of,
    sorted_labels,
    typed_labels,
    unique_labels,
)
from pandas_agree.engine.ratings import rating_patterns

from ._labels import SURROGATE, tag, tags

# --- the rule: which labels are the same label ----------------------------------------------------------------

SAME = [(1, 1.0), (1, np.int64(1)), (0, -0.0), (1, Decimal(1)), (True, np.True_), (False, np.False_),
        ("a", "a"), (np.nan, None), (None, pd.NA)]
DIFFERENT = [(True, 1), (False, 0), (True, 1.0), (False, 0.0), (np.True_, np.int64(1)), (np.False_, Decimal(0)),
             ("1", 1), ("True", True), (2, True)]


@pytest.mark.parametrize(("x", "y"), SAME, ids=repr)
def test_the_same_label(x, y):
    among = pd.Index([y, "z", True if not isinstance(y, (bool, np.bool_)) else 7], dtype=object)
    assert positions_of(pd.Index([x], dtype=object), among).tolist() == [0]
    assert duplicated_labels(pd.Index([y, x], dtype=object)).tolist() == [False, True]


@pytest.mark.parametrize(("x", "y"), DIFFERENT, ids=repr)
def test_different_labels(x, y):
    assert positions_of(pd.Index([x], dtype=object), pd.Index([y, "z"], dtype=object)).tolist() == [-1]
    assert positions_of(pd.Index([y], dtype=object), pd.Index(["z", x], dtype=object)).tolist() == [-1]
    assert duplicated_labels(pd.Index([y, x], dtype=object)).tolist() == [False, False]
    assert len(unique_labels(pd.Index([x, y, x, y], dtype=object))) == 2


@pytest.mark.parametrize("among", [pd.Index([0, 1]), pd.Index([0.0, 1.0]), pd.Index([1, 0], dtype="Int64"),
                                   pd.Index([0, 1, "a"], dtype=object)], ids=str)
@pytest.mark.parametrize("labels", [pd.Index([False, True]), pd.Index([False, True], dtype="boolean"),
                                    pd.Index([False, True], dtype=object)], ids=str)
def test_booleans_are_not_found_among_numbers_whatever_the_dtypes(labels, among):
    assert positions_of(labels, among).tolist() == [-1, -1]
    assert positions_of(among, labels).tolist() == [-1] * len(among)
    assert not isin_labels(labels, among).any()


def test_positions_of_matches_get_indexer_without_booleans():
    among = pd.Index(["b", "a", 3, 2.5, None], dtype=object)
    labels = pd.Index([3.0, "a", "x", 2.5], dtype=object)
    assert positions_of(labels, among).tolist() == among.get_indexer(labels).tolist() == [2, 1, -1, 3]
    # pandas tells NaN from None; a missing label is one label (dropna=False)
    assert positions_of(pd.Index([np.nan, pd.NA], dtype=object), among).tolist() == [4, 4]
    numbers = pd.Index([1, 2, 3])
    assert positions_of(pd.Index([3.0, 7.0]), numbers).tolist() == [2, -1]
    assert positions_of([True, 1, "1"], pd.Index([1, "1", True], dtype=object)).tolist() == [2, 0, 1]


def test_set_operations_keep_booleans_apart():
    labels = pd.Index([1, True, 1.0, False, 0, np.True_], dtype=object)
    assert tags(unique_labels(labels)) == tags([1, True, False, 0])
    assert duplicated_labels(labels).tolist() == [False, False, True, False, False, True]
    assert tags(difference_labels(labels, pd.Index([True, 0]))) == tags([1, False])
    assert isin_labels(labels, pd.Index([0])).tolist() == [False, False, False, False, True, False]
    assert tags(sorted_labels(pd.Index([True, 2, 0, False, 1.5], dtype=object))) == tags([0, 1.5, 2, False, True])
    assert tags(sorted_labels(pd.Index([True, "b", 0], dtype=object))) == tags([True, "b", 0])  # not sortable


def test_exact_codes_in_order_of_appearance():
    values = np.array([0, "x", False, 1, np.False_, True, 0.0, None, 1.0], dtype=object)
    codes, uniques = exact_codes(values, *pd.factorize(values))
    assert codes.tolist() == [0, 1, 2, 3, 2, 4, 0, -1, 3]
    assert tags(uniques) == tags([0, "x", False, 1, True])
    plain = np.array([0, 1, "x", 1.0], dtype=object)  # no boolean: pandas' codes as they are
    factorized = pd.factorize(plain)
    assert exact_codes(plain, *factorized)[0] is factorized[0]


def test_exact_codes_without_booleans_tell_only_strings_apart():
    """booleans=False (the groups of a report, keys of a dict): True and 1 stay one value, as a dict keys them;
    strings equal up to a NUL character, which pandas before 3 hashes as one C string, are two."""
    strings = np.array(["a", "a\x00b", "", "\x00", "a", "\x00"], dtype=object)
    codes, uniques = exact_codes(strings, *pd.factorize(strings), booleans=False)
    assert codes.tolist() == [0, 1, 2, 3, 0, 3] and uniques.tolist() == ["a", "a\x00b", "", "\x00"]
    mixed = np.array([1, True, None, 1.0, "a"], dtype=object)
    codes, uniques = exact_codes(mixed, *pd.factorize(mixed), booleans=False)
    assert codes.tolist() == [0, 0, -1, 0, 1] and uniques.tolist() == [1, "a"]

def test_typed_labels_keep_values_exact():
    assert typed_labels(pd.Index([True, np.False_], dtype=object)).dtype == bool
    assert typed_labels(pd.Index([1, np.int64(2)], dtype=object)).dtype == np.int64
    assert typed_labels(pd.Index([1, 2.5], dtype=object)).dtype == np.float64
    for kept in ([1, True], [2**70, 1], [-1, 2**63], [2**60 + 1, 0.5], ["a", 1]):
        assert typed_labels(pd.Index(kept, dtype=object)).dtype == object


def test_label_positions_of_a_column():
    positions, labels = label_positions(pd.Series([0, "x", False, 1, np.False_, True, 0.0, None], dtype=object))
    assert positions.tolist() == [0, 1, 2, 3, 2, 4, 0, -1]
    assert tags(labels) == tags([0, "x", False, 1, True])
    positions, labels = label_positions(pd.Series([5, 3, 5]))  # a small integer range: offset codes
    assert labels[positions].tolist() == [5, 3, 5]


def test_labels_that_arrow_cannot_hold():
    index = as_labels(["a", SURROGATE])
    assert index.dtype == object and index[1] == SURROGATE
    assert as_labels([(1, 2), (3, 4)]).nlevels == 1  # tuples are labels, not levels
    joined = concat_labels(pd.Index(["a"], dtype=object), pd.Index([SURROGATE], dtype=object))
    assert joined.tolist() == ["a", SURROGATE]
    assert concat_labels(pd.Index([1]), pd.Index([], dtype=object)).dtype == np.int64  # nothing to append


def test_stacked_partitions_keep_booleans_apart():
    stacked = stack_cells([pd.DataFrame({"a": pd.Index([True]), "count": [1.0]}),
                           pd.DataFrame({"a": pd.Index([1]), "count": [2.0]})])
    assert tags(stacked["a"]) == tags([True, 1])  # pandas' concat gives [1, 1]
    empty = stack_cells([pd.DataFrame({"a": pd.Index(["x"], dtype=object), "count": [0.0]})])
    assert len(empty) == 0  # cells of count 0 only carry the order of labels


def test_partial_counts_carry_the_order_of_object_labels():
    actual = pd.Series(["x", 1, "y", None, "z"], dtype=object)
    pred = pd.Series([2, "q", "x", "x", "q"], dtype=object)
    cells, bookkeeping = partial_counts(actual, pred, weights=np.array([1.0, 1.0, 1.0, 1.0, 0.0]))
    labelled = cells[cells["count"] == 0]
    assert tags(labelled["actual"].dropna()) == tags(["x", 1, "y", "z"])  # every label, in order of appearance
    assert tags(labelled["pred"].dropna()) == tags([2, "q", "x"])
    counted = cells[cells["count"] > 0]
    assert sorted(zip(tags(counted["actual"]), tags(counted["pred"]), strict=True)) == sorted(
        [(tag("x"), tag(2)), (tag(1), tag("q")), (tag("y"), tag("x"))])
    assert bookkeeping == {"n_rows": 5, "n_missing": 1, "n_zero_weight": 1, "weight_missing": 1.0,
                           "n_missing_weight": 0, "n_missing_zero_weight": 0}
    typed, _ = partial_counts(pd.Series([1, 2]), pd.Series([2, 2]))
    assert (typed["count"] > 0).all()  # typed labels sort: no cell of count 0


def test_distinct_rating_patterns():
    ratings = pd.DataFrame({"a": [1, True, 0, None, 1.0], "b": [True, 1.0, np.False_, 0, True]}, dtype=object)
    patterns, weights = rating_patterns(ratings, np.array([1.0, 2.0, 3.0, 4.0, 5.0]))
    assert [tags(row) for row in patterns.itertuples(index=False)] == [
        tags([1, True]), tags([True, 1]), tags([0, False]), tags([None, 0])]
    assert weights.tolist() == [6, 2, 3, 4]  # the first and last subjects rate alike (1.0 is 1)
    categorical = pd.DataFrame({"a": pd.Categorical(["x", "y", "x"], categories=["y", "x", "z"])})
    patterns, weights = rating_patterns(categorical, np.ones(3))
    assert patterns["a"].dtype == categorical["a"].dtype and weights.tolist() == [2, 1]


@pytest.mark.parametrize("dtype", [object, "str"])
def test_strings_equal_up_to_a_nul_character_are_two_labels(dtype):
    """Before pandas 3 an object column's strings are hashed as C strings, which end at a NUL character: "a\\x00b"
    was counted as "a" and "\\x00" as "". Each is a label of its own, in the table, the labels and the measures,
    with the cells a count of the pairs gives."""
    import collections

    import pandas_agree as pa

    reference = ["a", "a\x00b", "a", "b", "", "\x00", "a\x00c"] * 3
    predicted = ["a\x00b", "a", "a", "b", "\x00", "", "a\x00c"] * 3
    ag = pa.agreement(pd.Series(reference, dtype=dtype), pd.Series(predicted, dtype=dtype))
    labels = sorted(set(reference))
    assert sorted(ag.labels.tolist()) == labels and sorted(ag.table.index.tolist()) == labels
    pairs = collections.Counter(zip(reference, predicted, strict=True))
    for (r, p), n in pairs.items():
        assert ag.table.loc[r, p] == n
    assert ag.table.to_numpy().sum() == len(reference)
    assert ag.multiclass(["OSR"], ci=None).loc["OSR", "value"] == pytest.approx(9 / 21)
