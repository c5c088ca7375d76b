"""Spark (a local session) and Dask tables counted in their own engine give what the same rows give in pandas.

Slow (a Spark session takes about 10 s to start, and pyspark is installed for CI's slow step only): run with
``pytest -m slow``. One session serves the module."""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd
import pytest

import pandas_agree as pa

from ._engines import (
    CALLS,
    COMPARE_CALLS,
    RATER_CALLS,
    assert_same,
    assert_same_comparison,
    assert_same_raters,
    build,
    build_comparison,
    build_raters,
    rows,
    with_third,
)

pytestmark = pytest.mark.slow

DF = rows()
THREE = with_third(DF)
RATER_IDS = ["-".join(o) or "plain" for o in RATER_CALLS]
COMPARE_IDS = ["-".join(o) or "plain" for o in COMPARE_CALLS]
IDS = [f"{c}-{'-'.join(o) or 'plain'}" for c, o in CALLS]


@pytest.fixture(scope="module")
def spark():
    from pyspark.sql import SparkSession

    session = (SparkSession.builder.master("local[2]").appName("pandas_agree-tests")
               .config("spark.sql.shuffle.partitions", "4").config("spark.ui.enabled", "false")
               .config("spark.sql.session.timeZone", "UTC").getOrCreate())
    yield session
    session.stop()


@pytest.fixture(scope="module")
def spark_rows(spark):
    # every missing value a NULL, as a table in Spark holds it
    return spark.createDataFrame(DF.astype(object).where(DF.notna(), None))


@pytest.mark.parametrize(("call", "options"), CALLS, ids=IDS)
def test_spark_gives_what_pandas_gives(spark_rows, call, options):
    assert_same(build(spark_rows, call, options), build(DF, call, options))


def test_spark_sql_table(spark, spark_rows):
    spark_rows.createOrReplaceTempView("ratings")
    table = spark.sql("SELECT truth, guess, w FROM ratings WHERE w > 0")
    got = pa.Agreement.from_frame(table, "truth", "guess", weights="w")
    want = pa.Agreement.from_frame(DF[DF["w"] > 0], "truth", "guess", weights="w")
    assert_same(got, want)


@pytest.mark.parametrize(("call", "options"), CALLS, ids=IDS)
def test_dask_through_narwhals_gives_what_pandas_gives(call, options):
    import dask.dataframe as dd

    assert_same(build(dd.from_pandas(DF, npartitions=3), call, options), build(DF, call, options))


@pytest.fixture(scope="module")
def spark_three(spark):
    return spark.createDataFrame(THREE.astype(object).where(THREE.notna(), None))


@pytest.mark.parametrize("options", RATER_CALLS, ids=RATER_IDS)
def test_spark_rater_analyses_are_those_of_pandas(spark_three, options):
    assert_same_raters(build_raters(spark_three, options), build_raters(THREE, options))


@pytest.mark.parametrize("options", COMPARE_CALLS, ids=COMPARE_IDS)
def test_spark_comparisons_are_those_of_pandas(spark_three, options):
    assert_same_comparison(build_comparison(spark_three, options), build_comparison(THREE, options))


@pytest.mark.parametrize("options", RATER_CALLS, ids=RATER_IDS)
def test_dask_rater_analyses_are_those_of_pandas(options):
    """Through narwhals (from_frame) and, where it takes the options, through the Dask accessor."""
    import dask.dataframe as dd

    ddf = dd.from_pandas(THREE, npartitions=3)
    want = build_raters(THREE, options)
    assert_same_raters(build_raters(ddf, options), want)
    if set(options) <= {"weights", "labels"}:  # Dask holds text as pyarrow strings: the values compared
        got = ddf.agree.raters(["truth", "guess", "third"], **options)
        assert got.categories.tolist() == want.categories.tolist()
        assert (got.n_subjects, got.n_dropped, got.n_missing) == (want.n_subjects, want.n_dropped, want.n_missing)
        np.testing.assert_array_equal(got.distribution.to_numpy(), want.distribution.to_numpy())
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            pd.testing.assert_frame_equal(got.summary(ci="linearized"), want.summary(ci="linearized"), rtol=1e-10)


@pytest.mark.parametrize("options", COMPARE_CALLS, ids=COMPARE_IDS)
def test_dask_comparisons_are_those_of_pandas(options):
    import dask.dataframe as dd

    assert_same_comparison(build_comparison(dd.from_pandas(THREE, npartitions=3), options),
                           build_comparison(THREE, options))
