"""ddf.agree on dask DataFrames, under a real distributed.LocalCluster (2 worker processes)."""

import numpy as np
import pandas as pd
import pytest

dd = pytest.importorskip("dask.dataframe")
distributed = pytest.importorskip("distributed")

import pandas_agree as pa  # noqa: E402


@pytest.fixture(scope="module")
def client():
    with (distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                   dashboard_address=None) as cluster, distributed.Client(cluster) as c):
        yield c


def _frame(n=3000, seed=0):
    rng = np.random.default_rng(seed)
    labels = np.array(["ant", "bee", "cat", "dog"], dtype=object)
    a = labels[rng.integers(0, 4, n)]
    p = np.where(rng.random(n) < 0.6, a, labels[rng.integers(0, 4, n)]).astype(object)
    a[rng.random(n) < 0.03] = None
    p[rng.random(n) < 0.03] = None
    p[:7] = "eel"  # a label only on the predicted side
    return pd.DataFrame({"a": a, "p": p, "w": rng.integers(0, 4, n).astype(float),
                         "f": rng.random(n) * 3, "g": rng.choice(["x", "y", None], n)})


def _same(ours, theirs):
    # dask stores text as its own string dtype: the labels must be equal, their dtype may differ
    pd.testing.assert_frame_equal(ours.table, theirs.table, rtol=1e-12, atol=0, check_index_type=False,
                                  check_column_type=False)
    assert list(ours.table.index) == list(theirs.table.index) or (
        pd.isna(ours.table.index[-1]) and list(ours.table.index[:-1]) == list(theirs.table.index[:-1]))
    assert ours.n_missing == theirs.n_missing and ours.n_zero_weight == theirs.n_zero_weight
    assert ours.n_rows == theirs.n_rows and ours.weighted == theirs.weighted
    assert list(ours.labels) == list(theirs.labels)


@pytest.mark.parametrize("kwargs", [{}, {"weights": "w"}, {"weights": "f"}, {"dropna": False},
                                    {"labels": ["dog", "cat", "bee", "ant", "eel"]}])
@pytest.mark.parametrize("npartitions", [1, 5])
def test_equals_pandas(client, kwargs, npartitions):
    df = _frame()
    ddf = dd.from_pandas(df, npartitions=npartitions)
    _same(ddf.agree("a", "p", **kwargs), df.agree("a", "p", **kwargs))


def test_categorical_labels_and_empty_partitions(client):
    df = _frame().dropna(subset=["a", "p"])
    cats = pd.CategoricalDtype(["dog", "cat", "bee", "ant", "eel"])
    df = df.astype({"a": cats, "p": cats}).reset_index(drop=True)
    import dask

    pieces = [df.iloc[:500], df.iloc[0:0], df.iloc[500:1500], df.iloc[0:0], df.iloc[1500:]]
    ddf = dd.from_delayed([dask.delayed(p) for p in pieces], meta=df.iloc[0:0])
    kept = ddf.compute()
    assert (ddf.map_partitions(len).compute() == 0).sum() == 2
    _same(ddf.agree("a", "p"), kept.agree("a", "p"))
    assert list(ddf.agree("a", "p").table.index)[:2] == ["dog", "cat"]


def test_measures_and_report_equal_pandas(client):
    df = _frame()
    ddf = dd.from_pandas(df, npartitions=4)
    ours = ddf.agree.report("a", "p", weights="w", random_state=3, n_resamples=200)
    theirs = df.agree.report("a", "p", weights="w", random_state=3, n_resamples=200)
    for name in ("summary", "crosstab", "binary", "averages", "multiclass", "tests"):
        pd.testing.assert_frame_equal(getattr(ours, name), getattr(theirs, name), rtol=1e-12, check_index_type=False,
                                      check_column_type=False)
    np.testing.assert_allclose(ddf.agree.binary("a", "p", measures=["F1"]).to_numpy(),
                               df.agree.binary("a", "p", measures=["F1"]).to_numpy(), rtol=1e-12)


def test_grouped_report(client):
    df = _frame()
    ddf = dd.from_pandas(df, npartitions=3)
    ours = ddf.agree.report("a", "p", by="g", ci=None)
    theirs = df.agree.report("a", "p", by="g", ci=None)
    assert sorted(ours.groups) == sorted(theirs.groups) == ["x", "y"]
    for value in ours.groups:
        pd.testing.assert_frame_equal(ours.groups[value].multiclass, theirs.groups[value].multiclass, rtol=1e-12,
                                      check_index_type=False)
    assert any("belong to no group" in n for n in ours.notes)


def test_raters(client):
    wide = pa.datasets.load("diagnoses")
    ddf = dd.from_pandas(wide, npartitions=3)
    columns = [f"rater{k}" for k in range(1, 7)]
    ours = ddf.agree.raters(columns).summary()
    theirs = wide.agree.raters(columns).summary()
    np.testing.assert_allclose(ours["value"], theirs["value"], rtol=1e-12)


def test_raters_under_a_design(client):
    from .test_design_raters import RATER_COLUMNS, survey

    wide = survey()
    ddf = dd.from_pandas(wide, npartitions=3)
    design = {"weights": "weight", "strata": "stratum", "cluster": "psu", "fpc": "psus_in_stratum"}
    ours = ddf.agree.raters(RATER_COLUMNS, **design)
    theirs = wide.agree.raters(RATER_COLUMNS, **design)
    assert ours.design["psus"] == theirs.design["psus"] and ours.design["strata"] == theirs.design["strata"]
    got, want = ours.summary(ci="auto"), theirs.summary(ci="auto")
    np.testing.assert_allclose(got["value"], want["value"], rtol=1e-12)
    np.testing.assert_allclose(got["se"], want["se"], rtol=1e-9)
    assert got["method"].tolist() == want["method"].tolist()
    with pytest.raises(KeyError, match="cluster: no column 'nope'"):
        ddf.agree.raters(RATER_COLUMNS, cluster="nope")


@pytest.mark.parametrize("call, err, fragment", [
    (lambda d: d.agree("a", "nope"), KeyError, "no column 'nope'"),
    (lambda d: d.agree("a", "p", weights="neg"), ValueError, "weights must be non-negative"),
    (lambda d: d.agree("a", "p", weights=[1, 2]), TypeError, "column name"),
    (lambda d: d.agree("a", "other"), ValueError, "K = 0"),
    (lambda d: d.agree("a", "p", dropna="no"), TypeError, "dropna"),
])
def test_bad_input_gives_the_pandas_errors(client, call, err, fragment):
    df = _frame(200).assign(neg=-1.0, other="zzz")
    with pytest.raises(err, match=fragment):
        call(dd.from_pandas(df, npartitions=2))


def test_all_missing_and_empty(client):
    df = pd.DataFrame({"a": [None, None], "p": ["x", None]})
    with pytest.raises(ValueError, match="no valid rows"):
        dd.from_pandas(df, npartitions=1).agree("a", "p")
    empty = dd.from_pandas(pd.DataFrame({"a": pd.Series([], dtype=object), "p": pd.Series([], dtype=object)}),
                           npartitions=1)
    with pytest.raises(ValueError, match="empty"):
        empty.agree("a", "p")
