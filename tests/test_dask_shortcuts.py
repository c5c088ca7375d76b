"""Every method of the pandas accessor ``df.agree`` on the Dask accessor ``ddf.agree``: the same signature, and the same
numbers as on the pandas frame, the rows counted by Dask (weights, a missing label, 2–4 partitions)."""

import inspect

import dask
import dask.dataframe as dd
import numpy as np
import pandas as pd
import pytest

import pandas_agree  # noqa: F401  (registers the accessors)
from pandas_agree import LabelOrderWarning
from pandas_agree.integrations.accessor import AgreeAccessor
from pandas_agree.integrations.dask_accessor import DaskAgreeAccessor

# the public methods of the pandas accessor that the Dask accessor leaves out on purpose, each with its reason
NOT_ON_DASK: dict[str, str] = {}


def _public(cls) -> set[str]:
    return {name for name, _ in inspect.getmembers(cls, callable) if not name.startswith("_")} | {"__call__"}


def _parameters(method) -> list[tuple]:
    """Each parameter's name, kind and default (the annotations may say "a column name" on Dask)."""
    return [(p.name, p.kind, p.default) for p in inspect.signature(method).parameters.values()]


def test_the_dask_accessor_has_every_method_of_the_pandas_accessor():
    missing = _public(AgreeAccessor) - _public(DaskAgreeAccessor) - set(NOT_ON_DASK)
    assert not missing, f"methods of df.agree missing from ddf.agree: {sorted(missing)}"
    assert set(NOT_ON_DASK) <= _public(AgreeAccessor)  # no stale exception


@pytest.mark.parametrize("name", sorted(_public(AgreeAccessor) - set(NOT_ON_DASK)))
def test_each_method_takes_the_arguments_of_the_pandas_one(name):
    assert _parameters(getattr(DaskAgreeAccessor, name)) == _parameters(getattr(AgreeAccessor, name))


def _frame(n=240, seed=7) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    labels = np.array(["ant", "bee", "cat"], dtype=object)
    y = labels[rng.integers(0, 3, n)]
    p1 = np.where(rng.random(n) < 0.7, y, labels[rng.integers(0, 3, n)]).astype(object)
    p2 = np.where(rng.random(n) < 0.5, y, labels[rng.integers(0, 3, n)]).astype(object)
    s = np.round(np.where(y == "bee", 0.3, 0.0) + rng.random(n) * 0.7, 2)  # ties: repeated scores
    t = np.round(np.where(y == "bee", 0.15, 0.0) + rng.random(n) * 0.85, 2)
    probs = rng.dirichlet([1.0, 1.0, 1.0], n).round(3)
    probs[:, 2] = 1 - probs[:, 0] - probs[:, 1]
    frame = pd.DataFrame({"y": y, "p1": p1, "p2": p2, "s": s, "t": t, "w": rng.integers(0, 4, n).astype(float),
                          "pa": probs[:, 0], "pb": probs[:, 1], "pc": probs[:, 2],
                          "st": rng.choice(["north", "south"], n), "psu": rng.integers(0, 12, n),
                          "site": rng.choice(["x", "y"], n)})
    frame["psu"] = frame["st"] + frame["psu"].astype(str)  # PSUs nested in strata
    frame["N"] = np.where(frame["st"] == "north", 40, 50)  # each stratum's population of PSUs
    frame.loc[[3, 50, 170], "y"] = None  # missing labels
    frame.loc[[11, 90], "p1"] = None
    frame.loc[[20, 130], "s"] = np.nan  # missing scores
    frame.loc[[25], "w"] = np.nan  # a missing weight
    return frame


FRAME = _frame()


@pytest.fixture(params=[2, 3, 4], ids=lambda k: f"{k} partitions")
def ddf(request):
    with dask.config.set(scheduler="synchronous"):
        yield dd.from_pandas(FRAME, npartitions=request.param)


BOOKKEEPING = ("n_rows", "n_missing", "weight_missing", "n_missing_weight", "n_zero_weight", "n_missing_zero_weight",
               "weighted", "n")


def _same_rows(ours, theirs):
    for name in BOOKKEEPING:
        assert getattr(ours, name) == getattr(theirs, name), name


@pytest.mark.parametrize("options", [{}, {"weights": "w"}, {"weights": "w", "dropna": False},
                                     {"weights": "w", "layers": ["site"]},
                                     {"weights": "w", "strata": "st", "cluster": "psu"}],
                         ids=["rows", "weights", "missing as a category", "layers", "design"])
def test_crosstabs_as_on_pandas(ddf, options):
    if options.get("dropna") is False:
        options = {**options, "weights": None}  # with dropna=False every row needs a weight
    ours, theirs = ddf.agree.crosstabs("y", "p1", **options), FRAME.agree.crosstabs("y", "p1", **options)
    pd.testing.assert_frame_equal(ours.table, theirs.table)
    _same_rows(ours, theirs)
    # text labels: the ordinal statistics (with layers also the CMH correlation statistic) warn that they read the
    # labels' sorted order as a scale, on Dask as on pandas
    unordered = r"read the labels as an ordered scale, and the labels of the rows \('y'\) and of the columns \('p1'\)"
    with pytest.warns(LabelOrderWarning, match=unordered):
        ours = ours.statistics()
    with pytest.warns(LabelOrderWarning, match=unordered):
        theirs = theirs.statistics()
    assert list(ours) == list(theirs)
    for name in theirs:
        pd.testing.assert_frame_equal(ours[name], theirs[name], rtol=1e-12)


@pytest.mark.parametrize("options", [{}, {"weights": "w"}, {"weights": "w", "strata": "st", "cluster": "psu"}],
                         ids=["rows", "weights", "design"])
def test_compare_as_on_pandas(ddf, options):
    ours = ddf.agree.compare("y", ["p1", "p2"], **options)
    theirs = FRAME.agree.compare("y", ["p1", "p2"], **options)
    _same_rows(ours, theirs)
    pd.testing.assert_frame_equal(ours.values(["OSR", "KAPPA"]), theirs.values(["OSR", "KAPPA"]), rtol=1e-12)
    pd.testing.assert_frame_equal(ours.differences(["OSR", "KAPPA"]), theirs.differences(["OSR", "KAPPA"]),
                                  rtol=1e-12)
    pd.testing.assert_frame_equal(ours.tests(), theirs.tests(), rtol=1e-12)


SCORE_OPTIONS = [{}, {"weights": "w"}, {"weights": "w", "strata": "st", "cluster": "psu"},
                 {"weights": "w", "strata": "st"}, {"labels": ["ant", "bee", "cat", "dog"]},
                 {"strata": "st", "cluster": "psu", "fpc": "N", "replicates": "jackknife"}]
SCORE_IDS = ["rows", "weights", "design", "every row a PSU", "declared labels", "jackknife"]


@pytest.mark.parametrize("options", SCORE_OPTIONS, ids=SCORE_IDS)
def test_scores_as_on_pandas(ddf, options):
    ours = ddf.agree.scores("y", "s", positive="bee", **options)
    theirs = FRAME.agree.scores("y", "s", positive="bee", **options)
    _same_rows(ours, theirs)
    assert ours.n_valid_rows == theirs.n_valid_rows and list(ours.labels) == list(theirs.labels)
    pd.testing.assert_frame_equal(ours.values(ci="auto"), theirs.values(ci="auto"), rtol=1e-12)
    pd.testing.assert_frame_equal(ours.roc(), theirs.roc(), rtol=1e-12)
    pd.testing.assert_frame_equal(ours.thresholds(["REC", "PRE"], at=[0.3, 0.5]),
                                  theirs.thresholds(["REC", "PRE"], at=[0.3, 0.5]), rtol=1e-12)
    assert str(ours.report(random_state=1)) == str(theirs.report(random_state=1))


@pytest.mark.parametrize("options", [{}, {"weights": "w"}], ids=["rows", "weights"])
def test_class_probabilities_as_on_pandas(ddf, options):
    columns = ["pa", "pb", "pc"]
    ours, theirs = ddf.agree.scores("y", columns, **options), FRAME.agree.scores("y", columns, **options)
    _same_rows(ours, theirs)
    pd.testing.assert_frame_equal(ours.values(), theirs.values(), rtol=1e-12)
    pd.testing.assert_frame_equal(ours.classes(), theirs.classes(), rtol=1e-12)


@pytest.mark.parametrize("options", SCORE_OPTIONS[:4] + SCORE_OPTIONS[5:], ids=SCORE_IDS[:4] + SCORE_IDS[5:])
def test_compare_scores_as_on_pandas(ddf, options):
    ours = ddf.agree.compare_scores("y", ["s", "t"], positive="bee", **options)
    theirs = FRAME.agree.compare_scores("y", ["s", "t"], positive="bee", **options)
    _same_rows(ours, theirs)
    pd.testing.assert_frame_equal(ours.values(ci="auto"), theirs.values(ci="auto"), rtol=1e-12)
    pd.testing.assert_frame_equal(ours.differences(), theirs.differences(), rtol=1e-12)
    pd.testing.assert_frame_equal(ours.tests(), theirs.tests(), rtol=1e-12)


def test_the_score_counts_of_the_rows_left_out_as_on_pandas(ddf):
    """The rows read, left out (a missing label, score or weight) and of weight 0, as the pandas path counts them."""
    ours = ddf.agree.scores("y", "s", positive="bee", weights="w")
    theirs = FRAME.agree.scores("y", "s", positive="bee", weights="w")
    _same_rows(ours, theirs)
    valid = FRAME[["y", "s", "w"]].notna().all(axis=1)
    assert (ours.n_rows, ours.n_missing, ours.n_missing_weight) == (240, 6, 1)
    assert ours.n_zero_weight == int((valid & (FRAME["w"] == 0)).sum()) > 0
    assert ours.weight_missing == FRAME.loc[~valid, "w"].sum()


def test_only_the_distinct_rows_come_back():
    """The scores are counted by a group-by in Dask: what the client receives is one row per distinct (label, score)
    pair, not one per row of the frame."""
    from pandas_agree.engine.scores import count_frame_scores
    n = 20_000
    frame = pd.DataFrame({"y": np.tile(["n", "p"], n // 2), "s": np.tile([0.1, 0.2, 0.7, 0.9], n // 4)})
    with dask.config.set(scheduler="synchronous"):
        patterns, values = count_frame_scores(dd.from_pandas(frame, npartitions=4), "y", ["s"])
    assert len(values) == 4 and patterns.n_rows == n
    assert patterns.table(0).tolist() == [[n / 4, 0], [0, n / 4], [n / 4, 0], [0, n / 4]]


MISSING = pd.DataFrame({"y": [None] * 4, "s": [0.1, 0.2, 0.3, 0.4], "t": [0.5] * 4, "w": [1.0, 0.0, 2.0, 1.0]})
NO_WEIGHT = pd.DataFrame({"y": list("abab"), "s": [0.1, 0.2, 0.3, 0.4], "t": [0.5] * 4, "w": [0.0, np.nan, 0.0, 0.0]})
NO_SCORE = pd.DataFrame({"y": list("abab"), "s": [np.nan] * 4, "t": [0.5] * 4, "w": [1.0] * 4})
EMPTY = NO_SCORE.iloc[:0]


@pytest.mark.parametrize("frame", [MISSING, NO_WEIGHT, NO_SCORE, EMPTY],
                         ids=["no label", "no weight", "no score", "no rows"])
@pytest.mark.parametrize("call", [lambda d: d.agree.scores("y", "s", positive="b", weights="w"),
                                  lambda d: d.agree.compare_scores("y", ["s", "t"], positive="b", weights="w")],
                         ids=["scores", "compare_scores"])
def test_no_valid_row_gives_the_error_of_pandas(frame, call):
    with pytest.raises(ValueError) as theirs:
        call(frame)
    with dask.config.set(scheduler="synchronous"), pytest.raises(ValueError) as ours:
        call(dd.from_pandas(frame, npartitions=2))
    assert str(ours.value) == str(theirs.value)
    # a frame without rows says its columns are empty, as the other analyses say it
    expected = "no rows to count: " if len(frame) == 0 else f"no valid rows: all {len(frame)} rows have"
    assert str(ours.value).startswith(expected)


def test_weights_and_design_are_column_names_and_must_exist(ddf):
    with pytest.raises(TypeError, match="weights must be a column name on a dask DataFrame"):
        ddf.agree.scores("y", "s", positive="bee", weights=np.ones(len(FRAME)))
    with pytest.raises(KeyError, match=r"scores\[1\]: no column 'nope'"):
        ddf.agree.compare_scores("y", ["s", "nope"], positive="bee")
    with pytest.raises(TypeError, match="scores must be a list of score columns"):
        ddf.agree.compare_scores("y", "s")
    with pytest.raises(TypeError, match="weights must be a column name on a Dask frame"):
        ddf.agree.compare("y", ["p1", "p2"], weights=np.ones(len(FRAME)))


def test_an_unknown_option_names_the_shortcut(ddf):
    with pytest.raises(TypeError, match="compare_scores"):
        ddf.agree.compare_scores("y", ["s", "t"], positve="bee")


def test_the_docs_list_the_dask_shortcuts():
    """The large-data guide and the API reference name every method of ``ddf.agree``."""
    from pathlib import Path
    docs = Path(__file__).parents[1] / "docs"
    guide = (docs / "user_guide" / "large_data.md").read_text(encoding="utf-8")
    section = guide.split("## Dask", 1)[1].split("\n## ", 1)[0]
    api = (docs / "api.rst").read_text(encoding="utf-8")
    for name in sorted(_public(DaskAgreeAccessor) - {"__call__"}):
        assert f"`{name}`" in section or f".{name}(" in section, name
        assert f"integrations.dask_accessor.DaskAgreeAccessor.{name}\n" in api, name


NAMED = pd.DataFrame({"a": list("xyxyxxyx"), "p": list("xxyyxyyx"), "q": list("yyxxxyyy"),
                      "w": [1.0, 2.0, 1.0, 0.0, 1.0, 3.0, 1.0, 2.0], "g": [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.2, 0.9]})
NAMINGS = {"None": ["a", None, "q", "w", "g"],
           "mixed types": [7, None, ("t", 1), 2.5, pd.Timestamp("2020-02-29")]}


@pytest.mark.parametrize("naming", list(NAMINGS))
def test_columns_named_none_or_by_mixed_types(naming):
    """Columns named None (NaN in Dask's meta) or by names of mixed types (which do not sort) are counted as on
    pandas: Dask's planner would take them from the frame by those names, so they are renamed by position first."""
    a, p, q, w, g = NAMINGS[naming]
    df = NAMED.set_axis(pd.Index(NAMINGS[naming], dtype=object, tupleize_cols=False), axis=1)
    calls = {"crosstabs": lambda x: x.agree.crosstabs(a, p, weights=w).table,
             "compare": lambda x: x.agree.compare(a, [p, q], weights=w).values(["OSR", "KAPPA"]),
             "scores": lambda x: x.agree.scores(a, g, positive="y", weights=w).values(ci="auto"),
             "compare_scores": lambda x: x.agree.compare_scores(p, [g, w], positive="y").differences()}
    with dask.config.set({"scheduler": "synchronous", "dataframe.convert-string": False}):
        ddf = dd.from_pandas(df, npartitions=2)
        for name, call in calls.items():
            pd.testing.assert_frame_equal(call(ddf), call(df), rtol=1e-12, obj=name)


def test_ordered_categorical_labels_carry_their_order_on_dask_as_on_pandas():
    """Ordered categorical label columns are a scale of their own on a Dask frame too: the call (with and without a
    design), its report, grouped or not, and its crosstabs read their order without a LabelOrderWarning, and print
    what pandas prints."""
    import warnings

    kind = pd.CategoricalDtype(["lo", "mid", "hi"], ordered=True)
    frame = pd.DataFrame({"a": pd.Series(["lo", "hi", "mid", "hi", "lo", "mid", "hi", "lo"], dtype=kind),
                          "b": pd.Series(["lo", "mid", "mid", "hi", "mid", "lo", "hi", "lo"], dtype=kind),
                          "g": ["x", "y"] * 4, "st": ["s", "t", "t", "s"] * 2})
    ddf = dd.from_pandas(frame, npartitions=2)
    with warnings.catch_warnings():
        warnings.simplefilter("error", LabelOrderWarning)
        for options in ({}, {"strata": "st"}):
            ours, theirs = ddf.agree("a", "b", **options), frame.agree("a", "b", **options)
            assert ours.ordered and theirs.ordered
            pd.testing.assert_frame_equal(ours.multiclass(["KAPPA_W"], kappa_weights="linear"),
                                          theirs.multiclass(["KAPPA_W"], kappa_weights="linear"))
            assert (str(ddf.agree.report("a", "b", kappa_weights="linear", **options))
                    == str(frame.agree.report("a", "b", kappa_weights="linear", **options)))
        assert (str(ddf.agree.report("a", "b", by="g", kappa_weights="linear"))
                == str(frame.agree.report("a", "b", by="g", kappa_weights="linear")))
        ours, theirs = ddf.agree.crosstabs("a", "b", layers="g"), frame.agree.crosstabs("a", "b", layers="g")
        assert ours.ordered
        assert str(ours.report(statistics=["gamma", "cmh"])) == str(theirs.report(statistics=["gamma", "cmh"]))
