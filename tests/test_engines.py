"""Any dataframe in: Polars (eager and lazy), PyArrow, DuckDB and Ibis tables counted in their own engine give what the
same rows give in pandas, for tables, rater analyses and comparisons (Dask and Spark: tests/test_engines_slow.py)."""

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

DF = rows()
THREE = with_third(DF)
_KEEP: list = []


def _polars(df):
    import polars as pl

    return pl.from_pandas(df)


def _polars_lazy(df):
    return _polars(df).lazy()


def _arrow(df):
    import pyarrow

    return pyarrow.Table.from_pandas(df, preserve_index=False)


def _duckdb(df):
    import duckdb

    con = duckdb.connect()
    _KEEP.append(con)  # a relation needs its connection open
    con.register("rows_in_pandas", _arrow(df))  # an Arrow table: what every DuckDB reads
    return con.sql("SELECT * FROM rows_in_pandas")


def _ibis(df):
    import ibis

    return ibis.memtable(_arrow(df))  # on ibis' default back end, DuckDB


ENGINES = {"polars": _polars, "polars-lazy": _polars_lazy, "pyarrow": _arrow, "duckdb": _duckdb, "ibis": _ibis}


@pytest.fixture(scope="module", params=list(ENGINES))
def engine(request):
    return request.param, ENGINES[request.param](DF)


@pytest.mark.parametrize(("call", "options"), CALLS, ids=[f"{c}-{'-'.join(o) or 'plain'}" for c, o in CALLS])
def test_every_engine_gives_what_pandas_gives(engine, call, options):
    _, frame = engine
    assert_same(build(frame, call, options), build(DF, call, options))


@pytest.fixture(scope="module", params=list(ENGINES))
def engine_three(request):
    return request.param, ENGINES[request.param](THREE)


@pytest.mark.parametrize("options", RATER_CALLS, ids=["-".join(o) or "plain" for o in RATER_CALLS])
def test_rater_analyses_of_every_engine_are_those_of_pandas(engine_three, options):
    _, frame = engine_three
    assert_same_raters(build_raters(frame, options), build_raters(THREE, options))


@pytest.mark.parametrize("options", COMPARE_CALLS, ids=["-".join(o) or "plain" for o in COMPARE_CALLS])
def test_comparisons_of_every_engine_are_those_of_pandas(engine_three, options):
    _, frame = engine_three
    assert_same_comparison(build_comparison(frame, options), build_comparison(THREE, options))


def test_rater_patterns_and_joint_cells_are_counted_in_the_engine():
    """A lazy Polars query of the raters comes back as its rating patterns, with their numbers of subjects; the
    constructor takes the table itself (every column a rater); the Polars accessor has both calls."""
    import polars as pl

    lazy = pl.from_pandas(THREE).lazy()
    ra = pa.RaterAgreement.from_frame(lazy, ["truth", "guess", "third"])
    assert len(ra.counts) < 60 < ra.n_subjects == len(THREE)
    whole = pa.RaterAgreement(lazy.select("truth", "guess", "third"))
    assert_same_raters(whole, THREE.agree.raters(["truth", "guess", "third"]))
    assert_same_raters(lazy.agree.raters(["truth", "guess", "third"], weights="w"),
                       THREE.agree.raters(["truth", "guess", "third"], weights="w"))
    assert_same_comparison(lazy.agree.compare("truth", ["guess", "third"], weights="w"),
                           THREE.agree.compare("truth", ["guess", "third"], weights="w"))
    with pytest.raises(TypeError, match="weights: on a Polars table give the columns by name"):
        pa.RaterAgreement(lazy.select("truth", "guess"), weights=np.ones(len(THREE)))
    with pytest.raises(TypeError, match="weights must be a column name"):
        pa.Comparison.from_frame(lazy, "truth", ["guess", "third"], weights=[1.0] * len(THREE))
    with pytest.raises(KeyError, match=r"predictions\[1\]: no column 'nope'"):
        pa.Comparison.from_frame(lazy, "truth", ["guess", "nope"])
    with pytest.raises(ValueError, match="dropna=True only"):
        pa.Comparison.from_frame(lazy, "truth", ["guess", "third"], dropna=False)
    with pytest.raises(ValueError, match="no valid rows"):
        pa.Comparison.from_frame(pl.DataFrame({"a": ["x", None], "b": ["x", "y"], "c": [None, "y"]}), "a", ["b", "c"])


def test_the_rows_stay_in_the_engine():
    """Only the groups come back: a lazy Polars query is planned as one group-by and nothing of pandas is built from
    the rows."""
    import polars as pl

    from pandas_agree.engine.native import grouped_counts

    lazy = pl.from_pandas(DF).lazy()
    groups = grouped_counts(lazy, ["truth", "guess"], weights="w")
    assert len(groups) < 40 < len(DF)
    assert groups["n"].sum() == len(DF)


def test_categorical_and_enum_columns_keep_their_order():
    import polars as pl

    df = pd.DataFrame({"a": pd.Categorical(["lo", "hi", "mid", "hi"], categories=["lo", "mid", "hi"]),
                       "b": pd.Categorical(["lo", "mid", "mid", "hi"], categories=["lo", "mid", "hi"])})
    frame = pl.DataFrame({"a": df["a"].astype(str), "b": df["b"].astype(str)},
                         schema={"a": pl.Enum(["lo", "mid", "hi"]), "b": pl.Enum(["lo", "mid", "hi"])})
    got, want = pa.Agreement.from_frame(frame, "a", "b"), pa.Agreement.from_frame(df, "a", "b")
    assert got.table.index.tolist() == want.table.index.tolist() == ["lo", "mid", "hi"]
    np.testing.assert_array_equal(got.table.to_numpy(), want.table.to_numpy())


def test_an_ordered_type_carries_its_order_as_an_ordered_categorical_does_in_pandas():
    """A Polars Enum and an ordered Arrow dictionary declare the labels' order, as an ordered pandas categorical does:
    the statistics that read the labels as a scale (gamma, weighted kappa) take it without a LabelOrderWarning, and
    the report is the one of the same rows in pandas (no note that the labels carry no order)."""
    import polars as pl

    levels = ["lo", "mid", "hi"]
    kind = pd.CategoricalDtype(levels, ordered=True)
    df = pd.DataFrame({"a": pd.Series(["lo", "hi", "mid", "hi", "lo", "mid", "hi"], dtype=kind),
                       "b": pd.Series(["lo", "mid", "mid", "hi", "mid", "lo", "hi"], dtype=kind),
                       "s": list("xxxyyyy")})
    enum = pl.DataFrame({"a": df["a"].astype(str), "b": df["b"].astype(str), "s": df["s"]},
                        schema={"a": pl.Enum(levels), "b": pl.Enum(levels), "s": pl.String})
    with warnings.catch_warnings():
        warnings.simplefilter("error", pa.LabelOrderWarning)
        want_ct, want_ag = pa.crosstabs(df, "a", "b"), pa.Agreement.from_frame(df, "a", "b")
        want = (str(want_ct.report(statistics=["gamma"])), want_ag.multiclass(["KAPPA_W"], kappa_weights="linear"))
        for frame in (enum, enum.lazy(), _arrow(df)):
            ct, ag = pa.crosstabs(frame, "a", "b"), pa.Agreement.from_frame(frame, "a", "b")
            assert ct.ordered and ag.ordered
            assert str(ct.report(statistics=["gamma"])) == want[0]
            pd.testing.assert_frame_equal(ag.multiclass(["KAPPA_W"], kappa_weights="linear"), want[1])
            layered = pa.crosstabs(frame, "a", "b", layers="s")  # a layer column other than the row and column
            assert layered.ordered
    # text labels still read their sorted order as a scale, with the warning, as in pandas
    with pytest.warns(pa.LabelOrderWarning, match="carry no order of their own"):
        pa.crosstabs(enum.with_columns(pl.all().cast(pl.String)), "a", "b").statistics(["gamma"])


def test_column_names_with_a_dot_are_counted_in_duckdb():
    """Names such as R's "Winnipeg.Neurologist" (read.csv, write.csv) name columns, not a table's column: DuckDB counts
    them, with weights, a design, layers and several raters, as pandas counts the same rows."""
    df = pd.DataFrame({"r.a": ["x", "y", "x", "y", "x", "z"], "r.b": ["x", "y", "y", "y", "x", "z"],
                       "w.1": [1.0, 2.0, 3.0, 1.0, 1.0, 2.0], "s.t": ["a", "a", "b", "b", "a", "b"]})
    relation = _duckdb(df)
    for options in ({}, {"weights": "w.1"}, {"weights": "w.1", "strata": "s.t"}):
        got, want = pa.Agreement.from_frame(relation, "r.a", "r.b", **options), df.agree("r.a", "r.b", **options)
        pd.testing.assert_frame_equal(got.table, want.table)
        assert str(got.report()) == str(want.report())
    layered = pa.crosstabs(relation, "r.a", "r.b", layers="s.t", weights="w.1")
    assert str(layered.report()) == str(df.agree.crosstabs("r.a", "r.b", layers="s.t", weights="w.1").report())
    assert_same_raters(pa.RaterAgreement.from_frame(relation, ["r.a", "r.b"]), df.agree.raters(["r.a", "r.b"]))


def test_a_polars_categorical_sorts_as_its_text_whatever_order_the_groups_come_in():
    # a Polars Categorical declares no order (Polars sorts it by its text; an Enum is the ordered type): its labels
    # come sorted, as the same strings in pandas, not in the order the group-by happens to return its groups
    import polars as pl

    rng = np.random.default_rng(0)
    labels = [f"L{i:02d}" for i in range(40)]
    truth = rng.choice(labels, 20_000)
    guess = np.where(rng.random(20_000) < 0.8, truth, rng.choice(labels, 20_000))
    frame = pl.DataFrame({"t": truth[::-1], "p": guess[::-1]}).with_columns(pl.all().cast(pl.Categorical))
    want = pd.DataFrame({"t": truth[::-1], "p": guess[::-1]}).agree("t", "p")
    assert sorted(labels) == want.table.index.tolist()
    for source in (frame, frame.lazy(), frame.lazy(), frame.lazy()):
        got = pa.Agreement.from_frame(source, "t", "p")
        assert got.table.index.tolist() == got.table.columns.tolist() == want.table.index.tolist()
        np.testing.assert_array_equal(got.table.to_numpy(), want.table.to_numpy())
    # layers by a copy of the column variable (a layer column is neither the row nor the column variable itself)
    layered = pa.crosstabs(frame.with_columns(pl.col("p").alias("g")).lazy(), "t", "p", layers="g")
    assert layered.table.index.tolist() == sorted(labels)


def test_bad_weights_are_caught_in_the_engine():
    import polars as pl

    frame = pl.DataFrame({"a": ["x", "y"], "b": ["x", "x"], "w": [1.0, -2.0], "t": ["1", "2"],
                          "inf": [1.0, float("inf")]})
    with pytest.raises(ValueError, match="weights must be non-negative"):
        pa.Agreement.from_frame(frame, "a", "b", weights="w")
    with pytest.raises(TypeError, match="weights must be numeric"):
        pa.Agreement.from_frame(frame, "a", "b", weights="t")
    with pytest.raises(ValueError, match="weights must be finite"):
        pa.Agreement.from_frame(frame, "a", "b", weights="inf")
    with pytest.raises(KeyError, match="pred: no column 'nope'"):
        pa.Agreement.from_frame(frame, "a", "nope")
    with pytest.raises(TypeError, match="must be a column name"):
        pa.Agreement.from_frame(frame, "a", "b", weights=[1, 2])
    with pytest.raises(TypeError, match="frame must be a dataframe"):
        pa.Agreement.from_frame({"a": [1]}, "a", "b")


def test_a_missing_weight_with_dropna_false_is_an_error_as_in_pandas():
    import polars as pl

    frame = pl.DataFrame({"a": ["x", "y"], "b": ["x", "x"], "w": [1.0, None]})
    with pytest.raises(ValueError, match="weights has 1 missing value"):
        pa.Agreement.from_frame(frame, "a", "b", weights="w", dropna=False)


def test_a_column_against_itself():
    import polars as pl

    frame = pl.DataFrame({"a": ["x", "y", "x"]})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        got = pa.Agreement.from_frame(frame, "a", "a")
    assert np.diag(got.table.to_numpy()).tolist() == [2.0, 1.0]



def test_duckdb_relations_of_every_release_are_recognised():
    """DuckDB's relation type lives in duckdb.duckdb (1.1–1.3), in the extension module _duckdb (1.4–1.5, the newest
    for Python 3.10) and in duckdb._relation (2.x): each is a DuckDB relation, not "no dataframe" (a TypeError)."""
    from pandas_agree.engine.native import engine_of

    for module in ("duckdb.duckdb", "_duckdb", "duckdb._relation"):
        relation = type("DuckDBPyRelation", (), {"__module__": module})()
        assert engine_of(relation) == "DuckDB", module
    import duckdb

    assert engine_of(duckdb.sql("SELECT 1 AS a")) == "DuckDB"  # the installed release's own type


@pytest.mark.parametrize("lazy", [False, True], ids=["eager", "lazy"])
def test_the_polars_accessor_has_the_score_analyses_of_the_pandas_accessor(lazy):
    """``frame.agree.scores`` and ``compare_scores`` on a Polars frame (the guide: "the calls of the pandas
    accessor") give the pandas accessor's values, intervals, tests and rows left out, with weights, a missing score
    and a sample design."""
    import polars as pl

    rng = np.random.default_rng(3)
    n = 200
    y = rng.integers(0, 2, n)
    df = pd.DataFrame({"y": np.where(y == 1, "yes", "no"), "a": np.clip(0.3 * y + rng.uniform(0, 0.7, n), 0, 1),
                       "b": np.clip(0.2 * y + rng.uniform(0, 0.8, n), 0, 1), "w": rng.integers(1, 4, n) * 1.0,
                       "st": rng.integers(0, 2, n), "psu": rng.integers(0, 10, n)})
    df.loc[5, "a"] = np.nan
    frame = pl.from_pandas(df)
    frame = frame.lazy() if lazy else frame
    for options in ({}, {"weights": "w"}, {"weights": "w", "strata": "st", "cluster": "psu"}):
        want = df.agree.scores("y", "a", positive="yes", **options)
        got = frame.agree.scores("y", "a", positive="yes", **options)
        assert (got.n, got.n_missing) == (want.n, want.n_missing)
        pd.testing.assert_frame_equal(got.values(["AUC", "AP", "BRIER"], ci="auto"),
                                      want.values(["AUC", "AP", "BRIER"], ci="auto"), rtol=1e-12)
        want_pair = df.agree.compare_scores("y", ["a", "b"], positive="yes", **options)
        got_pair = frame.agree.compare_scores("y", ["a", "b"], positive="yes", **options)
        pd.testing.assert_frame_equal(got_pair.tests(), want_pair.tests(), rtol=1e-12)
    with pytest.raises(KeyError, match="no column 'c'"):
        frame.agree.scores("y", "c")
    with pytest.raises(TypeError, match="scores must be a list"):
        frame.agree.compare_scores("y", "a")


def test_the_polars_accessor_has_every_method_of_the_pandas_accessor_with_its_arguments():
    import inspect

    from pandas_agree.integrations.accessor import AgreeAccessor
    from pandas_agree.integrations.native_accessor import FrameAgreeAccessor

    def public(cls):
        return {name for name, _ in inspect.getmembers(cls, callable) if not name.startswith("_")} | {"__call__"}

    def parameters(method):
        return [(p.name, p.kind, p.default) for p in inspect.signature(method).parameters.values()]

    assert not public(AgreeAccessor) - public(FrameAgreeAccessor)
    for name in public(AgreeAccessor):
        assert parameters(getattr(FrameAgreeAccessor, name)) == parameters(getattr(AgreeAccessor, name)), name


def test_the_dask_accessor_leaves_out_subjects_of_zero_and_missing_weight_alone():
    """A subject of weight 0 or of a missing weight is left out by itself, not with the other subjects of its rating
    pattern (before, a missing weight made the whole pattern's weight missing, and a zero weight counted the subject
    with its pattern)."""
    import dask.dataframe as dd

    df = pd.DataFrame({"r1": ["a", "a", "a", "b", "b", "a"], "r2": ["a", "a", "a", "b", "a", "b"],
                       "w": [1.0, 0.0, np.nan, 2.0, 1.0, 1.0]})
    want = df.agree.raters(["r1", "r2"], weights="w")
    got = dd.from_pandas(df, npartitions=2).agree.raters(["r1", "r2"], weights="w")
    assert (got.n_subjects, got.n_dropped) == (want.n_subjects, want.n_dropped) == (6, 2)
    np.testing.assert_array_equal(got.distribution.to_numpy(), want.distribution.to_numpy())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pd.testing.assert_frame_equal(got.summary(ci="linearized"), want.summary(ci="linearized"), rtol=1e-12)


def test_the_large_data_guide_s_examples_give_what_they_show():
    """The ``>>>`` examples of docs/user_guide/large_data.md (rater analyses and comparisons of a Polars table, and
    analyses that add up) run and print what the page shows."""
    import doctest
    import re
    from pathlib import Path

    page = (Path(__file__).parents[1] / "docs" / "user_guide" / "large_data.md").read_text(encoding="utf-8")
    blocks = [b for b in re.findall(r"```python\n(.*?)```", page, flags=re.S) if ">>>" in b]
    assert len(blocks) >= 2
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    globs: dict = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for i, block in enumerate(blocks):  # one namespace: later blocks use what earlier ones made
            test = parser.get_doctest(block, globs, f"large_data.md block {i}", "large_data.md", 0)
            runner.run(test, clear_globs=False)
            globs.update(test.globs)
    assert runner.failures == 0, f"{runner.failures} of {runner.tries} examples of large_data.md fail"


def test_aggregated_cells_of_every_engine_are_those_of_pandas(engine):
    """from_counts on another engine's table of cells (a GROUP BY's output, repeated cells included) gives the table
    of the same cells in pandas."""
    name, _ = engine
    cells = DF.groupby(["truth", "guess"], dropna=False, observed=True).size().rename("n").reset_index()
    cells = pd.concat([cells, cells.iloc[:3]], ignore_index=True)  # repeated cells are summed
    for kind in (pa.Agreement, pa.Crosstab):
        want = kind.from_counts(cells, "truth", "guess", "n")
        got = kind.from_counts(ENGINES[name](cells), "truth", "guess", "n")
        assert type(got) is kind
        pd.testing.assert_frame_equal(got.table, want.table)
        assert (got.n, got.n_missing) == (want.n, want.n_missing)


_WITHOUT_PYARROW = '''
import importlib.abc
import sys


class NoPyarrow(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] == "pyarrow":
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)


sys.meta_path.insert(0, NoPyarrow())
import duckdb
import polars as pl

import pandas_agree as pa

frames = {"Polars": pl.DataFrame({"a": ["x", "y", "x"], "b": ["x", "x", "y"], "w": [1.0, 2.0, 1.0]}),
          "DuckDB": duckdb.sql("SELECT 'x' AS a, 'y' AS b, 1.0 AS w")}
for name, frame in frames.items():
    for weights in (None, "w"):
        try:
            pa.Agreement.from_frame(frame, "a", "b", weights=weights)
            print(name, weights, "counted")
        except ModuleNotFoundError as error:
            print(name, weights, error.name, error)
'''


def test_without_pyarrow_counting_in_an_engine_says_how_to_install_it():
    """Polars' to_pandas and narwhals' collection of a DuckDB relation need pyarrow, which `pip install
    ".[polars]"` and `".[duckdb]"` did not install: the error was "No module named 'pyarrow'" from deep inside
    Polars or narwhals. It now names the engine and the remedy, and the extras install pyarrow."""
    import os
    import subprocess
    import sys

    run = subprocess.run([sys.executable, "-c", _WITHOUT_PYARROW], capture_output=True, text=True, timeout=120,
                         env={**os.environ, "PYTHONWARNINGS": "ignore"})
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert len(lines) == 4, run.stdout
    for line, engine in zip(lines, ["Polars", "Polars", "DuckDB", "DuckDB"], strict=True):
        assert line.startswith(f"{engine} ") and " pyarrow counting a " + engine + " table" in line, line
        assert "pip install pyarrow" in line, line
