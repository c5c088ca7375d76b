"""Rows that stand for several subjects (distinct rating patterns with their counts, as a GROUP BY gives them, and
as the Dask accessor counts them): every value, count and rule is that of the rows repeated."""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd
import pytest

import pandas_agree as pa

dd = pytest.importorskip("dask.dataframe")


def quiet(f, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return f(*args, **kwargs)


def ratings() -> pd.DataFrame:
    """Raters a and b share two subjects with the same ratings (one pattern), and c rates others."""
    return pd.DataFrame({"a": ["x", "x", "y", None, "x", None], "b": ["x", "x", "y", "y", None, None],
                         "c": [None, None, "y", "y", "x", "x"]}, dtype=object)


def test_patterns_with_frequencies_are_the_rows_repeated():
    df = ratings()
    rows = df.agree.raters(["a", "b", "c"])
    patterns = df.astype(str).value_counts(dropna=False, sort=False).reset_index(name="n")
    grouped = pa.RaterAgreement(patterns[["a", "b", "c"]].replace("None", None), frequencies=patterns["n"])
    for name in ("n_subjects", "n_dropped", "n_missing", "weighted"):
        assert getattr(grouped, name) == getattr(rows, name), name
    pd.testing.assert_frame_equal(quiet(grouped.summary, ci="auto"), quiet(rows.summary, ci="auto"), rtol=1e-12)
    pd.testing.assert_frame_equal(quiet(grouped.pairwise), quiet(rows.pairwise))


def test_the_dask_accessor_counts_subjects_not_patterns():
    df = pd.concat([ratings()] * 3, ignore_index=True)
    ours = quiet(dd.from_pandas(df, npartitions=4).agree.raters, ["a", "b", "c"])
    theirs = quiet(df.agree.raters, ["a", "b", "c"])
    assert (ours.n_subjects, ours.n_dropped, ours.n_missing, ours.weighted) == (18, theirs.n_dropped,
                                                                                theirs.n_missing, False)
    assert ours.n_subjects == theirs.n_subjects
    pd.testing.assert_frame_equal(quiet(ours.summary, ci="auto"), quiet(theirs.summary, ci="auto"), rtol=1e-12)
    pd.testing.assert_frame_equal(quiet(ours.pairwise), quiet(theirs.pairwise))
    weighted = df.assign(w=np.arange(1.0, len(df) + 1))
    ours = quiet(dd.from_pandas(weighted, npartitions=4).agree.raters, ["a", "b", "c"], weights="w")
    theirs = quiet(weighted.agree.raters, ["a", "b", "c"], weights="w")
    assert ours.weighted and ours.n_subjects == theirs.n_subjects
    pd.testing.assert_frame_equal(quiet(ours.summary, ci="auto"), quiet(theirs.summary, ci="auto"), rtol=1e-12)


def test_frequencies_must_be_whole_numbers_of_subjects():
    df = ratings().iloc[:3]
    for bad in ([1, 2], [1, 0, 2], [1, 1.5, 1], [1, np.nan, 1]):
        with pytest.raises(ValueError, match="frequencies"):
            pa.RaterAgreement(df, frequencies=bad)
    with pytest.raises(ValueError, match=r"frequencies= .* takes no sample design"):
        pa.RaterAgreement(df, frequencies=[1, 1, 1], cluster=[1, 2, 3])
