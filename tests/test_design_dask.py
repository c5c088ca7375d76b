"""Sample designs on the Dask accessor: ``ddf.agree(..., strata=, cluster=, fpc=)`` gives the Agreement the pandas
accessor gives on ``ddf.compute()``, in one pass over the partitions.

The simulated sample's weights are rounded to 1/64 (and the NHANES weights are integers), so that every sum of
weights is exact in whatever order the partitions add it up: the tables, the PSUs' tables and so every value, SE
and design effect are then those of the pandas path, not merely close to them.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

dd = pytest.importorskip("dask.dataframe")
dask = pytest.importorskip("dask")

import pandas_agree  # noqa: E402, F401  (registers DataFrame.agree and the dask accessor)

from .test_design import simulated  # noqa: E402

DATA = Path(__file__).parent / "data"
FRAMES = ("binary", "averages", "multiclass")


def quiet(f, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return f(*args, **kwargs)


def sample() -> pd.DataFrame:
    df = simulated()
    return df.assign(weight=np.round(df.weight * 64) / 64, everywhere=5000, grade=np.arange(len(df)) % 3)


def nhanes() -> pd.DataFrame:
    return pd.read_csv(DATA / "nhanes2_subset.csv.gz").assign(population=60)


def same_frame(ours: pd.DataFrame, theirs: pd.DataFrame) -> None:
    """Equal to 1e-12; the design effect of a value whose variance is 0 (the unweighted average of the predicted
    prevalences, 1/K whatever the sample) is a ratio of rounding errors and is left out, its SE compared to 0."""
    ours, theirs = ours.copy(), theirs.copy()
    stat = ours.columns.get_level_values(-1) if ours.columns.nlevels > 1 else ours.columns
    if "deff" in set(stat):
        se = theirs.xs("se", axis=1, level=-1) if theirs.columns.nlevels > 1 else theirs[["se"]]
        noise = (se.abs() < 1e-12).to_numpy()
        deff = np.flatnonzero(stat == "deff")
        for k, column in enumerate(deff):
            ours.iloc[noise[:, k], column] = theirs.iloc[noise[:, k], column] = np.nan
    pd.testing.assert_frame_equal(ours, theirs, rtol=1e-12, atol=1e-12, check_index_type=False,
                                  check_column_type=False)


def same(ours, theirs, frames=FRAMES) -> None:
    pd.testing.assert_frame_equal(ours.table, theirs.table, rtol=1e-12, atol=0, check_index_type=False,
                                  check_column_type=False)
    assert ours.design == theirs.design
    assert (ours.n_rows, ours.n_missing, ours.n_zero_weight, ours.weighted) == \
        (theirs.n_rows, theirs.n_missing, theirs.n_zero_weight, theirs.weighted)
    for name in frames:
        same_frame(quiet(getattr(ours, name), ci="auto"), quiet(getattr(theirs, name), ci="auto"))


DESIGNS = {
    "two-stage": {"weights": "weight", "strata": "stratum", "cluster": "psu"},
    "two-stage, fpc": {"weights": "weight", "strata": "stratum", "cluster": "psu", "fpc": "psus_in_stratum"},
    "jackknife": {"weights": "weight", "strata": "stratum", "cluster": "psu", "fpc": "psus_in_stratum",
                  "replicates": "jackknife"},
    "unweighted clusters": {"cluster": "psu"},
    "strata of rows": {"weights": "weight", "strata": "stratum"},
    "fpc only": {"fpc": "everywhere"},
}


@pytest.mark.parametrize("npartitions", [1, 3, 7])
@pytest.mark.parametrize("design", list(DESIGNS))
def test_simulated_sample_equals_pandas(design, npartitions):
    df = sample()
    ours = dd.from_pandas(df, npartitions=npartitions).agree("actual", "pred", **DESIGNS[design])
    theirs = df.agree("actual", "pred", **DESIGNS[design])
    assert ours.design["rows"] == len(df)  # rows, not the cells they were reduced to
    same(ours, theirs)


@pytest.mark.parametrize("npartitions", [1, 3, 7])
@pytest.mark.parametrize("fpc", [None, "population"])
def test_nhanes_subset_equals_pandas(fpc, npartitions):
    d = nhanes()
    kw = {"weights": "finalwgt", "strata": "stratid", "cluster": "psuid", "fpc": fpc}
    ours = dd.from_pandas(d, npartitions=npartitions).agree("highbp", "diabetes", **kw)
    assert ours.design["psus"] == 62 and ours.design["df"] == 31 and ours.n_missing == 2
    same(ours, d.agree("highbp", "diabetes", **kw))


def test_rao_wu_bootstrap_draws_the_same_psus():
    df = sample()
    kw = {"weights": "weight", "strata": "stratum", "cluster": "psu", "replicates": "bootstrap"}
    ours = dd.from_pandas(df, npartitions=3).agree("actual", "pred", **kw)
    theirs = df.agree("actual", "pred", **kw)
    boot = {"ci": "auto", "n_resamples": 200, "random_state": 4}
    pd.testing.assert_frame_equal(quiet(ours.multiclass, ["OSR", "KAPPA"], **boot),
                                  quiet(theirs.multiclass, ["OSR", "KAPPA"], **boot), rtol=1e-12)


@pytest.mark.parametrize("npartitions", [3, 7])
def test_groups_are_domains_of_the_whole_sample(npartitions):
    """``by=``: every group keeps all PSUs and strata of the sample (samplics' domain SEs: tests/test_design.py);
    the report's text is that of the pandas report."""
    d = nhanes()
    kw = {"weights": "finalwgt", "strata": "stratid", "cluster": "psuid", "by": "race", "random_state": 1}
    ours = quiet(dd.from_pandas(d, npartitions=npartitions).agree.report, "highbp", "diabetes", **kw)
    theirs = quiet(d.agree.report, "highbp", "diabetes", **kw)
    assert list(ours.groups) == list(theirs.groups) == [1, 2, 3]
    for race in ours.groups:
        assert ours.groups[race].agreement.design == theirs.groups[race].agreement.design
        assert ours.groups[race].agreement.design["psus"] == 62
        same(ours.groups[race].agreement, theirs.groups[race].agreement)
    assert ours.groups[2].multiclass.loc["OSR", "se"] == pytest.approx(0.019595068836193087, rel=1e-8)
    assert str(ours) == str(theirs)


def test_groups_of_a_sample_of_rows_with_missing_group_values():
    df = sample()
    df["grade"] = df["grade"].astype(float).where(np.arange(len(df)) % 11 != 0)
    kw = {"weights": "weight", "strata": "stratum", "by": "grade", "random_state": 2}
    ours = quiet(dd.from_pandas(df, npartitions=4).agree.report, "actual", "pred", **kw)
    theirs = quiet(df.agree.report, "actual", "pred", **kw)
    assert list(ours.groups) == list(theirs.groups) == [0.0, 1.0, 2.0]
    for grade in ours.groups:
        assert ours.groups[grade].agreement.design["psus"] == len(df)
        same(ours.groups[grade].agreement, theirs.groups[grade].agreement)
    assert str(ours) == str(theirs) and "belong to no group" in str(ours)


@pytest.mark.parametrize("lonely_psu", ["adjust", "remove"])
def test_a_lonely_psu_split_across_partitions(lonely_psu):
    df = sample()
    one = df[(df.stratum != 0) | (df.psu == "s0c0")]  # stratum 0 keeps a single PSU
    one = one.sample(frac=1, random_state=3).reset_index(drop=True)  # its rows spread over the partitions
    ddf = dd.from_pandas(one, npartitions=5)
    spread = ddf.map_partitions(lambda part: (part.psu == "s0c0").any()).compute()
    assert spread.sum() >= 2
    kw = {"weights": "weight", "strata": "stratum", "cluster": "psu", "lonely_psu": lonely_psu}
    ours = ddf.agree("actual", "pred", **kw)
    assert ours.design["single_psu_strata"] == ["0"]
    same(ours, one.agree("actual", "pred", **kw))
    with pytest.raises(ValueError, match="single PSU"):
        ddf.agree("actual", "pred", strata="stratum", cluster="psu", lonely_psu="fail")


def test_rows_left_out_keep_their_psus():
    """A PSU whose rows all miss a label or weigh 0 stays in the design with an empty table; rows with a missing
    label or a zero weight are counted as the pandas path counts them; dropna=False and categorical labels."""
    df = sample()
    cats = pd.CategoricalDtype([2, 1, 0])
    df["actual"] = df["actual"].astype(cats).where(df.psu != "s1c0")
    df.loc[df.psu == "s2c1", "weight"] = 0.0
    df.loc[::13, "pred"] = np.nan
    kw = {"weights": "weight", "strata": "stratum", "cluster": "psu"}
    ours = dd.from_pandas(df, npartitions=3).agree("actual", "pred", **kw)
    theirs = df.agree("actual", "pred", **kw)
    assert ours.design["psus"] == 36 and ours.n_zero_weight > 0 and ours.n_missing > 0
    same(ours, theirs)
    kept = df.assign(weight=df.weight.where(df.weight > 0, 1.0))
    same(dd.from_pandas(kept, npartitions=3).agree("actual", "pred", dropna=False, **kw),
         kept.agree("actual", "pred", dropna=False, **kw), frames=("multiclass",))


def test_unrounded_weights_agree_to_rounding():
    """Weights whose sums round: the partitions add them in another order, which moves the SEs in their last
    digits (the one-partition count is the pandas count)."""
    df = simulated()
    kw = {"weights": "weight", "strata": "stratum", "cluster": "psu"}
    theirs = quiet(df.agree("actual", "pred", **kw).multiclass, ["OSR", "KAPPA"], ci="auto")
    one = quiet(dd.from_pandas(df, npartitions=1).agree("actual", "pred", **kw).multiclass, ["OSR", "KAPPA"],
                ci="auto")
    pd.testing.assert_frame_equal(one, theirs, check_exact=True)
    seven = quiet(dd.from_pandas(df, npartitions=7).agree("actual", "pred", **kw).multiclass, ["OSR", "KAPPA"],
                  ci="auto")
    pd.testing.assert_frame_equal(seven, theirs, rtol=1e-9)


def test_one_pass_over_the_partitions():
    calls = []

    def scheduler(dsk, keys, **kwargs):
        calls.append(keys)
        return dask.get(dsk, keys, **kwargs)

    df = sample()
    ddf = dd.from_pandas(df, npartitions=4)
    with dask.config.set(scheduler=scheduler):
        ddf.agree("actual", "pred", weights="weight", strata="stratum", cluster="psu")
        assert len(calls) == 1
        quiet(ddf.agree.report, "actual", "pred", strata="stratum", cluster="psu", by="grade", ci=None)
        assert len(calls) == 2


@pytest.mark.parametrize("call, err, fragment", [
    (lambda d: d.agree("actual", "pred", strata="nope"), KeyError, "strata: no column 'nope'"),
    (lambda d: d.agree("actual", "pred", cluster="nope"), KeyError, "cluster: no column 'nope'"),
    (lambda d: d.agree("actual", "pred", fpc="nope"), KeyError, "fpc: no column 'nope'"),
    (lambda d: d.agree("actual", "pred", cluster=np.arange(5)), TypeError,
     "cluster must be a column name on a dask DataFrame"),
    (lambda d: d.agree("actual", "pred", strata=["a", "b"]), TypeError,
     "strata must be a column name on a dask DataFrame"),
    (lambda d: d.agree.report("actual", "pred", fpc=[1, 2], by="grade"), TypeError,
     "fpc must be a column name on a dask DataFrame"),
    (lambda d: d.agree("actual", "pred", replicates="bogus", cluster="psu"), ValueError, "replicates must be"),
])
def test_bad_arguments(call, err, fragment):
    with pytest.raises(err, match=fragment):
        call(dd.from_pandas(sample(), npartitions=2))


@pytest.mark.parametrize("change, kw", [
    (lambda df: df.assign(stratum=df.stratum.where(df.index % 50 != 3)), {"strata": "stratum"}),
    (lambda df: df.assign(psu=df.psu.where(df.index != 7)), {"strata": "stratum", "cluster": "psu"}),
    (lambda df: df.assign(f=np.arange(len(df)) + 100.0), {"strata": "stratum", "cluster": "psu", "fpc": "f"}),
    (lambda df: df.assign(f=3), {"strata": "stratum", "cluster": "psu", "fpc": "f"}),
    (lambda df: df.assign(f=0.0), {"cluster": "psu", "fpc": "f"}),
    (lambda df: df, {"replicates": "jackknife"}),
])
def test_bad_designs_give_the_pandas_errors(change, kw):
    df = change(sample())
    with pytest.raises(ValueError) as theirs:
        df.agree("actual", "pred", **kw)
    with pytest.raises(ValueError) as ours:
        dd.from_pandas(df, npartitions=3).agree("actual", "pred", **kw)
    assert str(ours.value) == str(theirs.value)


def test_a_matched_table_takes_the_design_as_with_pandas():
    df = sample()
    kw = {"weights": "weight", "strata": "stratum", "cluster": "psu", "match": "accuracy"}
    ours = dd.from_pandas(df, npartitions=3).agree("actual", "pred", **kw)
    theirs = df.agree("actual", "pred", **kw)
    assert ours.assignment() == theirs.assignment()
    same_frame(quiet(ours.multiclass, ["OSR", "KAPPA"], ci="auto"),
               quiet(theirs.multiclass, ["OSR", "KAPPA"], ci="auto"))


def test_shortcuts_take_the_design():
    df = sample()
    kw = {"weights": "weight", "strata": "stratum", "cluster": "psu", "ci": "auto"}
    ddf = dd.from_pandas(df, npartitions=3)
    same_frame(quiet(ddf.agree.multiclass, "actual", "pred", measures=["OSR", "KAPPA"], **kw),
               quiet(df.agree.multiclass, "actual", "pred", measures=["OSR", "KAPPA"], **kw))
    ours = quiet(ddf.agree.report, "actual", "pred", random_state=0, **kw)
    assert str(ours) == str(quiet(df.agree.report, "actual", "pred", random_state=0, **kw))
    assert "Sample Design" in str(ours)


@pytest.mark.parametrize("design", ["two-stage", "strata of rows"])
def test_strata_and_clusters_equal_up_to_a_nul_character_are_apart(design):
    """Strata and clusters whose names differ by a NUL character: pandas before 3 hashes an object column of
    strings as C strings and took "p\\x00s0c1" for "p\\x00s0c0" in a partition's group-by (every PSU one). Each is a
    stratum or cluster of its own, as on the pandas path, whose design is that of the integer ids."""
    df = sample()
    names = {0: "", 1: "\x00", 2: "s", 3: "s\x00", 4: "s\x00t", 5: "t"}
    texts = df.assign(stratum=df["stratum"].map(names).astype(object), psu=("p\x00" + df["psu"]).astype(object))
    theirs = df.agree("actual", "pred", **DESIGNS[design])
    with dask.config.set({"dataframe.convert-string": False}):
        ours = quiet(dd.from_pandas(texts, npartitions=3).agree, "actual", "pred", **DESIGNS[design])
    assert ours.design["strata"] == 6 and ours.design["psus"] == theirs.design["psus"]
    same(ours, theirs)
    pl = pytest.importorskip("polars")
    same(quiet(pl.from_pandas(texts).agree, "actual", "pred", **DESIGNS[design]), theirs)


def test_strata_true_and_1_are_two_strata():
    """An object column of strata holding True and 1: two strata, as on the pandas path (a group-by of the values
    took them for one)."""
    df = sample()
    texts = df.assign(stratum=df["stratum"].map({0: True, 1: 1, 2: False, 3: 0, 4: "s", 5: 1.5}).astype(object))
    theirs = df.agree("actual", "pred", **DESIGNS["strata of rows"])
    with dask.config.set({"dataframe.convert-string": False}):
        ours = quiet(dd.from_pandas(texts, npartitions=3).agree, "actual", "pred", **DESIGNS["strata of rows"])
    assert ours.design["strata"] == 6
    same(ours, theirs)
