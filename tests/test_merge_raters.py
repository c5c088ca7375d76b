"""Rater analyses and comparisons that add up (``a + b``, ``combine``, ``update``) give those of one count of all the
rows; a table's ``labels=`` holds for the batches added to it."""

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
RATERS = ["r1", "r2", "r3"]


def _frame(labels, n, seed, *, weighted=False, design=False):
    rng = np.random.default_rng(seed)
    values = np.array(labels, dtype=object)
    df = pd.DataFrame({r: pd.Series(rng.choice(values, n), dtype=object) for r in RATERS})
    if weighted:
        df["w"] = rng.integers(0, 4, n).astype(float)
    if design:
        df["stratum"] = rng.integers(0, 3, n)
        df["school"] = rng.integers(0, 6, n)
    return df


def _pieces(df, cuts):
    bounds = sorted({0, len(df), *(c % (len(df) + 1) for c in cuts)})
    return [df.iloc[lo:hi] for lo, hi in itertools.pairwise(bounds) if hi > lo]


def _same_raters(got: pa.RaterAgreement, want: pa.RaterAgreement, *, ci: str | None = "linearized") -> None:
    assert got.categories.tolist() == want.categories.tolist()
    assert (got.n_subjects, got.n_dropped, got.n_missing, got.weighted, got.design) == (
        want.n_subjects, want.n_dropped, want.n_missing, want.weighted, want.design)
    pd.testing.assert_frame_equal(got.distribution, want.distribution)  # exact: integer weights
    pd.testing.assert_frame_equal(got.counts, want.counts)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        kw = {"ci": ci, "n_resamples": 20, "random_state": 1} if ci else {}
        pd.testing.assert_frame_equal(got.summary(**kw), want.summary(**kw), rtol=1e-12, atol=1e-15)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(2, 50), seed=st.integers(0, 10_000), cuts=st.lists(st.integers(0, 50), max_size=4),
       labels=st.lists(st.sampled_from(LABELS), min_size=1, max_size=5, unique=True), weighted=st.booleans())
def test_adding_batches_of_subjects_equals_one_pass(n, seed, cuts, labels, weighted):
    df = _frame(labels, n, seed, weighted=weighted)
    kw = {"weights": "w"} if weighted else {}
    try:
        whole = pa.RaterAgreement.from_frame(df, RATERS, **kw)
    except ValueError:  # no subject rated twice: nothing to compare
        return
    pieces = []
    for piece in _pieces(df, cuts):
        with contextlib.suppress(ValueError):  # a batch without a subject rated twice is no analysis of its own
            pieces.append(pa.RaterAgreement.from_frame(piece, RATERS, **kw))
    if sum(p.n_subjects for p in pieces) == n:  # every batch an analysis: the sum is that of all the subjects
        _same_raters(sum(pieces), whole, ci="bootstrap")  # the patterns in the order of one pass: the same draws
    # update() batch by batch, whatever the batches hold (a batch may have no subject rated twice, or no rating)
    first, *rest = _pieces(df, cuts)
    running = None
    for piece in [first, *rest]:
        w = {"weights": piece["w"]} if weighted else {}
        if running is None:
            with contextlib.suppress(ValueError):
                running = pa.RaterAgreement.from_frame(piece, RATERS, **kw)
            if running is None:
                continue
            continue
        assert running.update(piece, **w) is running
    if running is not None and running.n_subjects == n:
        _same_raters(running, whole)


def _comparison(df, **kw):
    return pa.Comparison.from_frame(df, "r1", ["r2", "r3"], **kw)


def _same_comparisons(got: pa.Comparison, want: pa.Comparison, *, ci: str | None = "auto") -> None:
    # the same labels on every axis, in the order of one pass, and the same cells
    assert [lab.tolist() for lab in got._joint.labels] == [lab.tolist() for lab in want._joint.labels]
    np.testing.assert_array_equal(got.joint, want.joint)
    assert (got.n, got.n_rows, got.n_missing, got.design) == (want.n, want.n_rows, want.n_missing, want.design)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pd.testing.assert_frame_equal(got.values(["OSR", "KAPPA"], ci=ci), want.values(["OSR", "KAPPA"], ci=ci),
                                      rtol=1e-12, atol=1e-15)
        pd.testing.assert_frame_equal(got.tests(), want.tests(), rtol=1e-12, atol=1e-15)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(2, 50), seed=st.integers(0, 10_000), cuts=st.lists(st.integers(0, 50), max_size=4),
       labels=st.lists(st.sampled_from(LABELS), min_size=1, max_size=5, unique=True), weighted=st.booleans())
def test_adding_batches_of_a_comparison_equals_one_pass(n, seed, cuts, labels, weighted):
    df = _frame(labels, n, seed, weighted=weighted)
    kw = {"weights": "w"} if weighted else {}
    try:
        whole = _comparison(df, **kw)
    except ValueError:  # no valid row, or no label shared
        return
    pieces = []
    for piece in _pieces(df, cuts):
        with contextlib.suppress(ValueError):
            pieces.append(_comparison(piece, **kw))
    if sum(p.n_rows for p in pieces) == n:
        _same_comparisons(sum(pieces), whole, ci=None)
    running = None
    for piece in _pieces(df, cuts):
        if running is None:
            with contextlib.suppress(ValueError):
                running = _comparison(piece, **kw)
            continue
        try:
            running.update(piece["r1"], piece[["r2", "r3"]], piece["w"] if weighted else None)
        except ValueError as err:  # a batch without a valid row is no count of its own
            assert "no valid rows" in str(err)
    if running is not None and running.n_rows == n:
        _same_comparisons(running, whole, ci=None)


@pytest.mark.parametrize("clustered", [True, False])
def test_a_sample_design_merges_its_psus_for_raters_and_comparisons(clustered):
    df = _frame(["a", "b", "c"], 300, 5, weighted=True, design=True)
    df["w"] += 1
    df["pop"] = (10 if clustered else 1000) + df["stratum"]
    kw = {"weights": "w", "strata": "stratum", "fpc": "pop", **({"cluster": "school"} if clustered else {})}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        _same_raters(pa.RaterAgreement.from_frame(df.iloc[:120], RATERS, **kw)
                     + pa.RaterAgreement.from_frame(df.iloc[120:], RATERS, **kw),
                     pa.RaterAgreement.from_frame(df, RATERS, **kw))
        _same_comparisons(_comparison(df.iloc[:120], **kw) + _comparison(df.iloc[120:], **kw), _comparison(df, **kw),
                          ci="linearized")
        running = pa.RaterAgreement.from_frame(df.iloc[:120], RATERS, **kw)
        rest = df.iloc[120:]
        running.update(rest, weights=rest["w"], strata=rest["stratum"], fpc=rest["pop"],
                       **({"cluster": rest["school"]} if clustered else {}))
        _same_raters(running, pa.RaterAgreement.from_frame(df, RATERS, **kw))


def test_categories_that_do_not_sort_keep_the_first_analysis_order():
    lo = pd.DataFrame({"r1": pd.Categorical(["lo", "hi"], ["lo", "hi"], ordered=True),
                       "r2": pd.Categorical(["lo", "lo"], ["lo", "hi"], ordered=True)})
    mid = pd.DataFrame({"r1": ["mid", "mid"], "r2": ["mid", "lo"]})
    both = lo.agree.raters(["r1", "r2"]) + mid.agree.raters(["r1", "r2"])
    assert both.categories.tolist() == ["lo", "hi", "mid"]
    sorted_both = (pd.DataFrame({"r1": ["b", "d"], "r2": ["b", "b"]}).agree.raters(["r1", "r2"])
                   + pd.DataFrame({"r1": ["a", "c"], "r2": ["c", "a"]}).agree.raters(["r1", "r2"]))
    assert sorted_both.categories.tolist() == ["a", "b", "c", "d"]


def _ra(columns=("r1", "r2"), **kw):
    df = pd.DataFrame({"r1": ["a", "b", "a"], "r2": ["a", "b", "b"], "r3": ["b", "b", "a"]})
    return df.agree.raters(list(columns), **kw)


@pytest.mark.parametrize(("first", "second", "message"), [
    ({}, {"columns": ("r1", "r3")}, r"the raters differ \(\['r1', 'r2'\] and \['r1', 'r3'\]\)"),
    ({}, {"weights": [1, 2, 1]}, "weighted differs"),
    ({}, {"strata": [1, 1, 2]}, "the second has a sample design"),
    ({"strata": [1, 1, 2]}, {"cluster": [1, 2, 3]}, "different sample designs: strata"),
    ({"cluster": [1, 2, 3]}, {"cluster": [1, 2, 3], "lonely_psu": "remove"}, "lonely_psu differs"),
    ({"labels": ["a", "b"]}, {"labels": ["b", "a"]}, "labels= differs"),
])
def test_rater_analyses_counted_differently_do_not_add_up(first, second, message):
    with pytest.raises(ValueError, match=message):
        _ra(**first) + _ra(**second)


def _cmp(reference="r1", predictions=("r2", "r3"), **kw):
    df = pd.DataFrame({"r1": ["a", "b", "a"], "r2": ["a", "b", "b"], "r3": ["b", "b", "a"], "r4": ["a", "a", "a"]})
    return df.agree.compare(reference, list(predictions), **kw)


@pytest.mark.parametrize(("first", "second", "message"), [
    ({}, {"predictions": ("r2", "r4")}, r"their columns differ \(reference and predictions \['r1', 'r2', 'r3'\]"),
    ({}, {"weights": [1, 2, 1]}, "weighted differs"),
    ({}, {"match": "accuracy"}, "match= differs"),
    ({}, {"cluster": [1, 2, 3]}, "the second has a sample design"),
    ({"cluster": [1, 2, 3]}, {"cluster": [1, 2, 3], "replicates": "jackknife"}, "replicates differs"),
])
def test_comparisons_counted_differently_do_not_add_up(first, second, message):
    with pytest.raises(ValueError, match=message):
        _cmp(**first) + _cmp(**second)


def test_batches_need_the_weights_design_and_columns_of_what_they_are_added_to():
    with pytest.raises(TypeError, match="RaterAgreement"):
        _ra().combine(_cmp())
    with pytest.raises(ValueError, match=r"ratings: the batch lacks the rater column\(s\) \['r2'\]"):
        _ra().update(pd.DataFrame({"r1": ["a"]}))
    with pytest.raises(ValueError, match="weights: the analysis is weighted"):
        _ra(weights=[1, 1, 1]).update(pd.DataFrame({"r1": ["a"], "r2": ["a"]}))
    with pytest.raises(ValueError, match="cluster: the analysis' sample design has cluster"):
        _ra(cluster=[1, 2, 3]).update(pd.DataFrame({"r1": ["a"], "r2": ["a"]}))
    with pytest.raises(ValueError, match=r"predictions: the batch lacks the prediction column\(s\) \['r3'\]"):
        _cmp().update(["a"], pd.DataFrame({"r2": ["a"]}))
    with pytest.raises(ValueError, match="predictions must hold 2 sequences"):
        _cmp().update(["a"], [["a"]])
    with pytest.raises(ValueError, match="weights: the comparison is not weighted"):
        _cmp().update(["a"], [["a"], ["a"]], [1.0])
    cmp = _cmp()
    assert cmp.update(["c"], {"r2": ["c"], "r3": ["a"]}) is cmp
    assert cmp.n_rows == 4 and cmp._joint.labels[0].tolist() == ["a", "b", "c"]
    assert sum([_cmp(), _cmp()]).n == 6.0


# --- labels= holds for the batches ------------------------------------------------------------------------

def test_update_keeps_the_labels_of_an_agreement():
    """A batch's label outside labels= is the constructor's error (before, update() added the label)."""
    ag = pa.agreement(["a", "b"], ["a", "a"], labels=["a", "b", "c"])
    with pytest.raises(ValueError, match=r"labels must list every observed label; not listed: \['d'\]"):
        ag.update(["d"], ["a"])
    assert ag.labels.tolist() == ["a", "b", "c"] and ag.n == 2.0  # the table is unchanged
    ag.update(["c"], ["b"])  # within the labels: the labels and their order stay
    assert ag.table.index.tolist() == ag.table.columns.tolist() == ["a", "b", "c"]
    assert ag.table.loc["c", "b"] == 1.0


@pytest.mark.parametrize("source", ["pandas", "polars", "crosstabs"])
def test_update_keeps_the_labels_whatever_built_the_table(source):
    df = pd.DataFrame({"t": ["y", "x"], "p": ["x", "x"]})
    if source == "pandas":
        table = df.agree("t", "p", labels=["y", "x"])
    elif source == "polars":
        import polars as pl

        table = pa.Agreement.from_frame(pl.from_pandas(df).lazy(), "t", "p", labels=["y", "x"])
    else:
        table = pa.crosstabs(df, "t", "p", labels=["y", "x"])
    with pytest.raises(ValueError, match=r"not listed: \['z'\]"):
        table.update(["x"], ["z"])
    table.update(["x"], ["y"])
    assert table.table.index.tolist() == ["y", "x"]


def test_tables_with_labels_add_up_within_them():
    fixed = pa.agreement(["a"], ["a"], labels=["b", "a"])
    both = fixed + pa.agreement(["a", "b"], ["b", "b"])
    assert both.table.index.tolist() == ["b", "a"]  # the order labels= gives, as one count with labels= gives it
    np.testing.assert_array_equal(both.table.to_numpy(), [[1, 0], [1, 1]])
    with pytest.raises(ValueError, match=r"not listed: \['z'\]"):
        fixed + pa.agreement(["a", "z"], ["z", "a"])
    with pytest.raises(ValueError, match="labels= differs"):
        fixed + pa.agreement(["a"], ["a"], labels=["a", "b"])


def test_update_keeps_the_labels_of_a_rater_analysis():
    ra = _ra(labels=["a", "b", "c"])
    with pytest.raises(ValueError, match=r"labels must list every observed rating; not listed: \['z'\]"):
        ra.update(pd.DataFrame({"r1": ["z"], "r2": ["a"]}))
    ra.update(pd.DataFrame({"r1": ["c"], "r2": ["b"]}))
    assert ra.categories.tolist() == ["a", "b", "c"] and ra.n_subjects == 4
