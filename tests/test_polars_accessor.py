"""``agree`` on Polars DataFrames and LazyFrames: registered whichever package is imported first, and the same
results as the pandas accessor."""

from __future__ import annotations

import subprocess
import sys
import warnings

import pandas as pd
import pytest

import pandas_agree as pa

from ._engines import assert_same, rows

DF = rows()


@pytest.mark.parametrize("first, second", [("pandas_agree", "polars"), ("polars", "pandas_agree")])
def test_polars_namespace_whichever_is_imported_first(first, second):
    code = (f"import {first}, {second}\nimport polars as pl\n"
            "print(pl.DataFrame({'a': ['x', 'y'], 'b': ['x', 'x']}).agree('a', 'b').n,"
            " pl.LazyFrame({'a': ['x'], 'b': ['x']}).agree('a', 'b').n)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.split() == ["2.0", "1.0"]


@pytest.mark.parametrize("lazy", [False, True])
def test_the_polars_accessor_gives_what_the_pandas_accessor_gives(lazy):
    import polars as pl

    frame = pl.from_pandas(DF)
    frame = frame.lazy() if lazy else frame
    kw = {"weights": "w", "strata": "stratum", "cluster": "school"}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert_same(frame.agree("truth", "guess", **kw), DF.agree("truth", "guess", **kw))
        assert_same(frame.agree.crosstabs("truth", "score", layers="site"),
                    DF.agree.crosstabs("truth", "score", layers="site"))
        pd.testing.assert_frame_equal(frame.agree.binary("truth", "guess", measures=["REC"]),
                                      DF.agree.binary("truth", "guess", measures=["REC"]))
        for design in ({}, kw):
            got = frame.agree.report("truth", "guess", by="site", random_state=1, **design)
            want = DF.agree.report("truth", "guess", by="site", random_state=1, **design)
            assert str(got) == str(want)
            assert list(got.groups) == list(want.groups)


def test_the_polars_accessor_names_itself_in_errors():
    import polars as pl

    with pytest.raises(TypeError, match=r"polars\.DataFrame\.agree"):
        pl.DataFrame({"a": ["x"]}).agree("a", "a", wieghts="w")
    assert isinstance(pl.DataFrame({"a": ["x"]}).agree("a", "a"), pa.Agreement)
