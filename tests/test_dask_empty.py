"""The Dask accessor on frames with no rows, or whose every row is missing: the pandas accessor's errors."""

import dask
import dask.dataframe as dd
import numpy as np
import pandas as pd
import pytest

import pandas_agree  # noqa: F401  (registers the accessors)

EMPTY = pd.DataFrame({name: pd.Series([], dtype=dtype) for name, dtype in
                      (("a", object), ("b", object), ("c", object), ("s", float), ("w", float), ("g", object))})
MISSING = pd.DataFrame({"a": [None] * 4, "b": [None] * 4, "c": [None] * 4, "s": [1.0, 2.0, 1.0, 2.0],
                        "w": [1.0, 2.0, 1.0, 1.0], "g": ["x", "y", "x", "y"]})
UNWEIGHTED = pd.DataFrame({"a": list("xyxy"), "b": list("xxyy"), "c": list("yyxx"), "s": [1.0, 2.0, 1.0, 2.0],
                           "w": [0.0] * 4, "g": list("xyxy")})

CALLS = {
    "raters": lambda d: d.agree.raters(["a", "b", "c"]),
    "raters with weights": lambda d: d.agree.raters(["a", "b", "c"], weights="w"),
    "agree": lambda d: d.agree("a", "b"),
    "agree with a design": lambda d: d.agree("a", "b", strata="s"),
    "report": lambda d: d.agree.report("a", "b"),
    "report by group": lambda d: d.agree.report("a", "b", by="g"),
    "report by group with a design": lambda d: d.agree.report("a", "b", by="g", strata="s"),
    "crosstab": lambda d: d.agree.crosstab("a", "b"),
}


def _error(call, frame):
    with pytest.raises(ValueError) as caught:
        call(frame)
    return str(caught.value)


@pytest.mark.parametrize("frame", [EMPTY, MISSING], ids=["no rows", "every row missing"])
@pytest.mark.parametrize("npartitions", [1, 2])
@pytest.mark.parametrize("name", list(CALLS))
def test_dask_gives_the_error_of_pandas(name, frame, npartitions):
    call = CALLS[name]
    with dask.config.set(scheduler="synchronous"):
        ours = _error(call, dd.from_pandas(frame, npartitions=npartitions))
    theirs = _error(call, frame)
    if theirs.startswith("no rows to count: actual ('a') and pred ('b')"):  # pandas names arguments and columns
        assert ours == "no rows to count: a and b are empty"
    else:
        assert ours == theirs
    assert ours.startswith(("no rows to count", "no ratings", "no valid rows")), ours


def test_raters_of_no_rows_say_so():
    message = _error(CALLS["raters"], EMPTY)
    assert message == "no rows to count: the rater columns (a, b, c) are empty"


def test_raters_with_no_weight_give_the_pandas_error():
    with dask.config.set(scheduler="synchronous"):
        ours = _error(CALLS["raters with weights"], dd.from_pandas(UNWEIGHTED, npartitions=2))
    assert ours == _error(CALLS["raters with weights"], UNWEIGHTED)
    assert "no subject has two or more ratings" in ours


def test_some_empty_partitions_change_nothing():
    frame = pd.DataFrame({"a": list("xyxyxx"), "b": list("xxyyxy"), "c": list("yyxxxy")})
    ddf = dd.from_pandas(frame, npartitions=1)
    ddf = dd.concat([ddf, ddf.head(0, compute=False), ddf.head(0, compute=False)])  # partitions of no rows
    with dask.config.set(scheduler="synchronous"):
        ours = ddf.agree.raters(["a", "b", "c"]).summary()["value"]
    np.testing.assert_allclose(ours, frame.agree.raters(["a", "b", "c"]).summary()["value"], rtol=1e-12)


def test_a_column_named_none_gives_the_error_of_pandas():
    """The error naming the columns without a valid label reads them as the counting does, partition by partition:
    a column named None is a column like another (the expression of ``ddf[None]`` failed in Dask's optimiser)."""
    frames = [pd.DataFrame({"a": [np.nan] * 2, None: [np.nan] * 2, "q": [np.nan] * 2}),
              pd.DataFrame([[None, "x", 0.0], [None, None, 0.0], [None, "y", 0.0]], columns=["a", None, "w"])]
    for frame in frames:
        calls = [lambda d: d.agree("a", None), lambda d: d.agree(None, "a")]
        if "w" in frame.columns:
            calls.append(lambda d: d.agree("a", None, weights="w"))
        for call in calls:
            with dask.config.set({"scheduler": "synchronous", "dataframe.convert-string": False}):
                ours = _error(call, dd.from_pandas(frame, npartitions=3))
            assert ours == _error(call, frame)
            assert "'a' (" in ours and "every label of" in ours
