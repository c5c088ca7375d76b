"""The groups of a report (``by=``) come in one order on pandas and on Dask: a categorical's categories, else
sorted, values that cannot be sorted together by kind."""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd
import pytest

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
