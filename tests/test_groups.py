"""The groups of a report (``by=``) come in one order on pandas and on Dask: a categorical's categories, else
sorted, values that cannot be sorted together by kind."""

from __future__ import annotations

import collections
import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pandas_agree as pa  # noqa: F401 (registers the accessors)
from pandas_agree.analyses.groups import group_order, group_rows

dd = pytest.importorskip("dask.dataframe")


def quiet(f, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return f(*args, **kwargs)


@pytest.mark.parametrize("groups", [
    pd.Categorical(list("zzaazzaa"), categories=["z", "a"]),  # Dask sorted these, pandas kept the categories' order
    [3, 1, 3, 1, 2, 2, 1, 3],
    pd.Series([0, ("t", 1), 0, ("t", 1), "x", "x", 0, "x"], dtype=object),  # not sortable together
])
def test_pandas_and_dask_give_the_groups_in_one_order(groups):
    df = pd.DataFrame({"a": list("abababab"), "p": list("abbaabab"), "g": groups})
    ours = quiet(df.agree.report, "a", "p", by="g", ci=None)
    import dask

    with dask.config.set({"dataframe.convert-string": False}):  # else Dask turns object values into their text
        theirs = quiet(dd.from_pandas(df, npartitions=3).agree.report, "a", "p", by="g", ci=None)
    assert list(ours.groups) == list(theirs.groups)
    for value in ours.groups:
        pd.testing.assert_frame_equal(ours.groups[value].agreement.table, theirs.groups[value].agreement.table,
                                      check_index_type=False, check_column_type=False)  # str dtypes' NA differ


def test_the_order_of_groups():
    assert group_order([0, ("t", 1), "x", 2, None, np.nan]) == [0, 2, "x", ("t", 1)]
    assert group_order(["b", "a"], pd.CategoricalDtype(["b", "a"])) == ["b", "a"]
    rows = group_rows(pd.Series(["b", None, "a", "b"]))
    assert list(rows) == ["a", "b"] and rows["b"].tolist() == [0, 3]


# Strings equal up to a NUL character: pandas before 3 hashes an object column of strings as C strings, which end at
# the NUL, and took "a\x00b" for "a" and "\x00" for "" (one group of both, under the first one's name).
NUL_KEYS = ["a", "a\x00b", "", "\x00", "a\x00c", "b"]


def rows_by_key(keys) -> dict:
    """The positions of each key, as a dict groups them (missing values in no group)."""
    found: dict = {}
    for i, key in enumerate(keys):
        if key is not None:
            found.setdefault(key, []).append(i)
    return found


@pytest.mark.parametrize("dtype", [object, "string"])
def test_strings_equal_up_to_a_nul_character_are_two_groups(dtype):
    keys = NUL_KEYS * 2 + ["a"]
    rows = group_rows(pd.Series(keys, dtype=dtype))
    assert list(rows) == sorted(set(keys))
    assert {k: v.tolist() for k, v in rows.items()} == rows_by_key(keys)


@settings(max_examples=200, deadline=None)
@given(keys=st.lists(st.one_of(st.text(alphabet="a\x00", max_size=3), st.none()), min_size=1, max_size=25))
def test_the_groups_of_strings_are_those_of_a_dict(keys):
    rows = group_rows(pd.Series(keys, dtype=object))
    expected = rows_by_key(keys)
    assert list(rows) == sorted(expected)
    assert {k: v.tolist() for k, v in rows.items()} == expected


def nul_frame() -> pd.DataFrame:
    """Every group of NUL_KEYS with the same 12 rows (both labels on both sides, two strata of six PSUs)."""
    pairs = [("a", "a"), ("a", "b"), ("b", "a"), ("b", "b"), ("a", "a"), ("b", "b")] * 2
    rows = [(key, r, p, "xy"[i % 2]) for i, (r, p) in enumerate(pairs) for key in NUL_KEYS]
    return pd.DataFrame(rows, columns=["g", "r", "p", "s"], dtype=object)


def group_totals(report) -> dict:
    return {k: int(v.agreement.table.to_numpy().sum()) for k, v in report.groups.items()}


def test_report_groups_and_layers_keep_strings_equal_up_to_a_nul_character_apart():
    df = nul_frame()
    expected = collections.Counter(df["g"])
    for options in ({}, {"strata": "s"}):
        report = quiet(df.agree.report, "r", "p", by="g", ci=None, **options)
        assert list(report.groups) == sorted(expected) and group_totals(report) == expected
    table = quiet(df.agree.crosstabs, "r", "p", layers="g")
    assert list(table.layers) == sorted(expected)
    assert {k: int(v.table.to_numpy().sum()) for k, v in table.layers.items()} == expected


@pytest.mark.parametrize("options", [{}, {"strata": "s"}])
def test_dask_groups_keep_strings_equal_up_to_a_nul_character_apart(options):
    """The Dask accessor's groups are those of the pandas accessor, their cells in the PSUs too (the standard
    errors of a sample's groups)."""
    import dask

    df = nul_frame()
    ours = quiet(df.agree.report, "r", "p", by="g", ci=None, **options)
    with dask.config.set({"dataframe.convert-string": False}):
        theirs = quiet(dd.from_pandas(df, npartitions=2).agree.report, "r", "p", by="g", ci=None, **options)
    assert list(theirs.groups) == list(ours.groups) == sorted(NUL_KEYS)
    assert group_totals(theirs) == collections.Counter(df["g"])
    for value in ours.groups:
        pd.testing.assert_frame_equal(
            quiet(theirs.groups[value].agreement.multiclass, ["KAPPA", "OSR"], ci="auto"),
            quiet(ours.groups[value].agreement.multiclass, ["KAPPA", "OSR"], ci="auto"))


@pytest.mark.parametrize("options", [{}, {"strata": "s"}])
def test_polars_groups_and_layers_keep_strings_equal_up_to_a_nul_character_apart(options):
    pl = pytest.importorskip("polars")
    df = nul_frame()
    expected = collections.Counter(df["g"])
    report = quiet(pl.from_pandas(df).agree.report, "r", "p", by="g", ci=None, **options)
    assert list(report.groups) == sorted(expected) and group_totals(report) == expected
    table = quiet(pl.from_pandas(df).agree.crosstabs, "r", "p", layers="g", **options)
    assert {k: int(v.table.to_numpy().sum()) for k, v in table.layers.items()} == expected
