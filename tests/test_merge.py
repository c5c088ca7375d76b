"""Counts that add up: ``a + b``, ``combine`` and ``update`` give the table of one count of all the rows."""

from __future__ import annotations

import contextlib
import itertools
import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pandas_agree as pa

LABELS = ["a", "b", "c", "d", None]


def _frame(draw_labels, n, seed, *, weighted=False, design=False):
    rng = np.random.default_rng(seed)
    df = pd.DataFrame({
        "actual": pd.Series(rng.choice(np.array(draw_labels, dtype=object), n), dtype=object),
        "pred": pd.Series(rng.choice(np.array(draw_labels, dtype=object), n), dtype=object),
    })
    if weighted:
        df["w"] = rng.integers(0, 4, n).astype(float)
    if design:
        df["stratum"] = rng.integers(0, 3, n)
        df["school"] = rng.integers(0, 6, n)
    return df


def _same_counts(merged: pa.Crosstab, whole: pa.Crosstab) -> None:
    """The merged table equals the table of one pass, cell by cell (its labels in the merged order)."""
    assert len(merged.table.index) == len(whole.table.index)
    assert len(merged.table.columns) == len(whole.table.columns)
    expected = whole.table.reindex(index=merged.table.index, columns=merged.table.columns)
    np.testing.assert_array_equal(merged.table.to_numpy(), expected.to_numpy())  # exact: integer counts
    assert (merged.n, merged.n_rows, merged.n_missing, merged.n_zero_weight) == (
        whole.n, whole.n_rows, whole.n_missing, whole.n_zero_weight)


def _pieces(df: pd.DataFrame, cuts: list[int]) -> list[pd.DataFrame]:
    bounds = sorted({0, len(df), *(c % (len(df) + 1) for c in cuts)})
    return [df.iloc[lo:hi] for lo, hi in itertools.pairwise(bounds) if hi > lo]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(2, 60), seed=st.integers(0, 10_000), cuts=st.lists(st.integers(0, 60), max_size=4),
       labels=st.lists(st.sampled_from(LABELS), min_size=1, max_size=5, unique=True),
       weighted=st.booleans(), dropna=st.booleans())
def test_adding_batches_equals_one_pass(n, seed, cuts, labels, weighted, dropna):
    df = _frame(labels, n, seed, weighted=weighted)
    kw = {"weights": "w"} if weighted else {}
    try:
        whole = pa.crosstabs(df, "actual", "pred", dropna=dropna, **kw)
    except ValueError:  # no valid row at all: nothing to compare
        return
    pieces = []
    for piece in _pieces(df, cuts):
        with contextlib.suppress(ValueError):  # a batch without a valid row has no table of its own
            pieces.append(pa.crosstabs(piece, "actual", "pred", dropna=dropna, **kw))
    merged = sum(pieces)
    assert merged.n == whole.n
    if sum(p.n_rows for p in pieces) == n:  # every batch counted: the bookkeeping adds up too
        _same_counts(merged, whole)
    # update() batch by batch: the same table, whatever batches had no valid row
    first = _pieces(df, cuts)
    running = None
    for piece in first:
        w = piece["w"] if weighted else None
        if running is None:
            try:
                running = pa.crosstabs(piece, "actual", "pred", dropna=dropna, **kw)
            except ValueError:
                continue
        else:
            try:
                running.update(piece["actual"], piece["pred"], w)
            except ValueError as err:
                assert "no valid rows" in str(err)
    assert running is not None
    assert len(running.table.index) == len(whole.table.index)
    np.testing.assert_array_equal(running.table.to_numpy(),
                                  whole.table.reindex(index=running.table.index,
                                                      columns=running.table.columns).to_numpy())


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(8, 80), seed=st.integers(0, 10_000), cut=st.integers(1, 79), clustered=st.booleans(),
       fpc=st.booleans())
def test_a_sample_design_merges_its_psus(n, seed, cut, clustered, fpc):
    df = _frame(["a", "b", "c"], n, seed, weighted=True, design=True)
    df["w"] += 1  # sampling weights, positive
    df["pop"] = 10 + df["stratum"] * (1 if clustered else 100)
    kw = {"weights": "w", "strata": "stratum", **({"cluster": "school"} if clustered else {}),
          **({"fpc": "pop"} if fpc else {})}
    cut = 1 + cut % (n - 1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            whole = df.agree("actual", "pred", **kw)
            first, second = df.iloc[:cut].agree("actual", "pred", **kw), df.iloc[cut:].agree("actual", "pred", **kw)
        except ValueError as err:  # a batch's fpc below its PSUs cannot happen for the whole: skip such draws
            assert "fpc" in str(err) or "no valid rows" in str(err) or "no label" in str(err)
            return
        merged = first + second
        _same_counts(merged, whole)
        assert merged.design == whole.design
        got = merged.multiclass(["OSR", "KAPPA"], ci="linearized")
        want = whole.multiclass(["OSR", "KAPPA"], ci="linearized")
    np.testing.assert_allclose(got[["value", "se", "lower", "upper"]].to_numpy(float),
                               want[["value", "se", "lower", "upper"]].to_numpy(float), rtol=1e-9, atol=1e-12)


def test_label_order_is_that_of_one_count_of_all_the_rows():
    first = pa.agreement(["c", "b"], ["b", "c"])
    second = pa.agreement(["a", "c"], ["a", "d"])
    both = first + second
    whole = pa.agreement(["c", "b", "a", "c"], ["b", "c", "a", "d"])
    assert both.table.index.tolist() == whole.table.index.tolist() == ["a", "b", "c"]
    assert both.table.columns.tolist() == whole.table.columns.tolist() == ["a", "b", "c", "d"]
    assert both.labels.tolist() == ["a", "b", "c", "d"]
    assert list(both.common) == ["a", "b", "c"]
    # a declared (categorical) order is kept
    order = pd.CategoricalDtype(["lo", "mid", "hi"], ordered=True)
    ends = pd.DataFrame({"a": pd.Categorical(["hi", "lo"], dtype=order),
                         "p": pd.Categorical(["lo", "hi"], dtype=order)})
    middle = pd.DataFrame({"a": pd.Categorical(["mid"], dtype=order), "p": pd.Categorical(["mid"], dtype=order)})
    merged = ends.agree("a", "p") + middle.agree("a", "p")
    assert merged.table.index.tolist() == pd.concat([ends, middle]).agree("a", "p").table.index.tolist()
    assert merged.table.index.tolist() == ["lo", "mid", "hi"]


def test_ordinal_statistics_of_merged_tables_equal_one_pass():
    # gamma, Somers' d and Kendall's tau read the labels' order: the merged table's is that of one pass
    d1 = pd.DataFrame({"a": [2, 3, 3, 2, 3], "p": [2, 3, 2, 3, 3]})
    d2 = pd.DataFrame({"a": [1, 2, 1, 1], "p": [1, 1, 3, 2]})
    merged = pa.crosstabs(d1, "a", "p") + pa.crosstabs(d2, "a", "p")
    whole = pa.crosstabs(pd.concat([d1, d2]), "a", "p")
    codes = ["GAMMA", "TAU_B", "SOMERS_D"]
    pd.testing.assert_frame_equal(merged.measures(codes), whole.measures(codes))


def test_values_and_intervals_equal_one_pass():
    df = pa.datasets.load("wine_predictions")
    whole = df.agree("cultivar", "knn")
    merged = df.iloc[:70].agree("cultivar", "knn") + df.iloc[70:].agree("cultivar", "knn")
    pd.testing.assert_frame_equal(merged.table, whole.table)
    pd.testing.assert_frame_equal(merged.multiclass(ci="auto"), whole.multiclass(ci="auto"))
    pd.testing.assert_frame_equal(merged.binary(ci="wilson"), whole.binary(ci="wilson"))
    assert str(merged.report(random_state=1)) == str(whole.report(random_state=1))


def test_update_is_in_place_and_drops_cached_values():
    ag = pa.agreement([1, 1, 2, 2], [1, 2, 2, 2])
    before = ag.multiclass(["OSR"]).loc["OSR", "value"]
    assert ag.update([1, 1], [1, 1]) is ag
    assert ag.n == 6 and ag.n_rows == 6
    assert ag.multiclass(["OSR"]).loc["OSR", "value"] == pytest.approx(5 / 6) != before


def test_layers_merge_layer_by_layer():
    df = pd.DataFrame({"a": list("xyxyxyxy"), "b": list("uuvvuvuv"), "site": list("PPQQRRPQ")})
    whole = pa.crosstabs(df, "a", "b", layers="site")
    merged = pa.crosstabs(df.iloc[:4], "a", "b", layers="site") + pa.crosstabs(df.iloc[4:], "a", "b", layers="site")
    assert list(merged.layers) == ["P", "Q", "R"]
    for site, layer in whole.layers.items():
        _same_counts(merged.layers[site], layer)
    _same_counts(merged, whole)


def test_the_sum_of_several_tables():
    parts = [pa.agreement(["a", "b"], ["a", "a"]), pa.agreement(["b"], ["b"]), pa.agreement(["a", "b"], ["b", "b"])]
    assert sum(parts).n == 5.0
    assert parts[0].combine(parts[1]).combine(parts[2]).table.equals(sum(parts).table)


def test_match_is_found_again_on_the_merged_table():
    truth = ["a", "a", "b", "b", "c", "c"] * 3
    clusters = [1, 1, 2, 2, 3, 3] * 3
    whole = pa.agreement(truth, clusters, match="accuracy")
    merged = pa.agreement(truth[:7], clusters[:7], match="accuracy") + pa.agreement(truth[7:], clusters[7:],
                                                                                    match="accuracy")
    assert merged.mapping.equals(whole.mapping)
    assert merged.multiclass(["OSR"]).equals(whole.multiclass(["OSR"]))


def _ag(actual, pred, **kw) -> pa.Agreement:
    return pd.DataFrame({"a": actual, "p": pred}).agree("a", "p", **kw)


@pytest.mark.parametrize(("first", "second", "message"), [
    (({}), ({"weights": [2, 1]}), "weighted differs"),
    (({}), ({"dropna": False}), "dropna differs"),
    (({"match": "accuracy"}), ({"match": "residual"}), "match= differs"),
    (({}), ({"strata": [1, 2]}), "sample design"),
    (({"strata": [1, 2]}), ({"cluster": [1, 2]}), "different sample designs"),
    (({"cluster": [1, 2], "fpc": [10, 10]}), ({"cluster": [4, 5], "fpc": [20, 20]}), "fpc of stratum"),
])
def test_tables_counted_differently_do_not_add_up(first, second, message):
    with pytest.raises(ValueError, match=message):
        _ag(["a", "b"], ["a", "b"], **first) + _ag(["a", "b"], ["a", "b"], **second)


def test_layers_and_classes_that_differ_do_not_add_up():
    df = pd.DataFrame({"a": list("xyxy"), "b": list("uuvv"), "site": list("PPQQ")})
    with pytest.raises(ValueError, match="layers differ"):
        pa.crosstabs(df, "a", "b", layers="site") + pa.crosstabs(df, "a", "b")
    with pytest.raises(ValueError, match="layers"):
        pa.crosstabs(df, "a", "b", layers="site").update(["x"], ["u"])
    with pytest.raises(TypeError, match="same class"):
        pa.agreement(["a"], ["a"]).combine(pa.crosstabs(df, "a", "b"))
    with pytest.raises(TypeError):
        pa.agreement(["a"], ["a"]) + 1


def test_update_needs_the_tables_weights_and_design():
    with pytest.raises(ValueError, match="weights: the table is weighted"):
        pa.agreement(["a"], ["a"], weights=[1]).update(["a"], ["a"])
    with pytest.raises(ValueError, match="weights: the table is not weighted"):
        pa.agreement(["a"], ["a"]).update(["a"], ["a"], [1])
    with pytest.raises(ValueError, match="cluster: the table's sample design has cluster"):
        _ag(["a", "b"], ["a", "b"], cluster=[1, 2]).update(["a"], ["a"])
    ag = _ag(["a", "b"], ["a", "b"], cluster=[1, 2])
    ag.update(["a", "b"], ["b", "b"], cluster=[2, 3])
    assert ag.design["psus"] == 3
