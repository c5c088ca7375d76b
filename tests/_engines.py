"""The same rows as a pandas DataFrame and in each engine, and the comparison of what each one gives."""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd

import pandas_agree as pa

# (args, options) of the calls every engine must give as pandas gives them
CALLS = [
    ("agreement", {}),
    ("agreement", {"weights": "w"}),
    ("agreement", {"dropna": False}),
    ("agreement", {"labels": ["z", "y", "x", "v"]}),
    ("agreement", {"weights": "w", "strata": "stratum", "cluster": "school", "fpc": "pop"}),
    ("agreement", {"weights": "w", "strata": "stratum"}),
    ("crosstabs", {"layers": "site"}),
    ("crosstabs", {"layers": ["site", "stratum"], "weights": "w"}),
    ("crosstabs", {"layers": "site", "weights": "w", "cluster": "school"}),
    ("crosstabs", {"dropna": False, "layers": "site"}),
]


def rows(n: int = 400, seed: int = 3) -> pd.DataFrame:
    """Labels with missing values (text and numbers), integer weights with missing and zero ones, a sample design
    and a layer column."""
    rng = np.random.default_rng(seed)
    truth = rng.choice(["x", "y", "z", "v"], n, p=[0.4, 0.3, 0.2, 0.1])
    guess = np.where(rng.random(n) < 0.7, truth, rng.choice(["x", "y", "z"], n))
    df = pd.DataFrame({
        "truth": truth,
        "guess": guess,
        "score": rng.choice([1.0, 2.0, 3.0], n),
        "w": rng.integers(0, 5, n).astype(float),
        "stratum": rng.integers(0, 3, n),
        "school": rng.integers(0, 12, n),
        "site": rng.choice(["north", "south", "east"], n),
    })
    df["pop"] = 40 + 10 * df["stratum"]
    df.loc[rng.choice(n, 12, replace=False), "truth"] = None
    df.loc[rng.choice(n, 9, replace=False), "guess"] = None
    df.loc[rng.choice(n, 7, replace=False), "score"] = np.nan
    df.loc[rng.choice(n, 5, replace=False), "w"] = np.nan
    df.loc[rng.choice(n, 6, replace=False), "site"] = None
    return df


def build(frame, call: str, options: dict):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if call == "agreement":
            return pa.Agreement.from_frame(frame, "truth", "guess", **options)
        return pa.crosstabs(frame, "truth", "score", **options)


def assert_same(got, want) -> None:
    """The same table, bookkeeping, layers, values, intervals and printed report."""
    pd.testing.assert_frame_equal(got.table, want.table)
    assert (got.n_rows, got.n_missing, got.n_zero_weight, got.weighted) == (
        want.n_rows, want.n_missing, want.n_zero_weight, want.weighted)
    assert got.design == want.design
    assert list(got.layers) == list(want.layers)
    for value, layer in want.layers.items():
        pd.testing.assert_frame_equal(got.layers[value].table, layer.table)
        assert (got.layers[value].n_rows, got.layers[value].n_missing) == (layer.n_rows, layer.n_missing)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if isinstance(want, pa.Agreement):
            pd.testing.assert_frame_equal(got.multiclass(ci="auto"), want.multiclass(ci="auto"), rtol=1e-12)
            pd.testing.assert_frame_equal(got.binary(ci="wilson"), want.binary(ci="wilson"), rtol=1e-12)
        else:
            pd.testing.assert_frame_equal(got.measures(ci="linearized"), want.measures(ci="linearized"), rtol=1e-12)
        assert str(got.report(random_state=1)) == str(want.report(random_state=1))


# the rater analyses and comparisons every engine must give as pandas gives them (the third rater agrees with the
# reference 60% of the time). The intervals compared are linearised where a bootstrap's draws follow the order of
# the rows, which an engine does not keep: the rating patterns (in order of first appearance), and the PSUs of a
# sample design; a comparison's bootstrap resamples its joint table, in the order of the labels.
RATERS = ["truth", "guess", "third"]
RATER_CALLS = [
    {},
    {"weights": "w"},
    {"labels": ["z", "y", "x", "v", "u"]},
    {"weights": "w", "strata": "stratum", "cluster": "school", "fpc": "pop"},
    {"weights": "w", "strata": "stratum"},
]
COMPARE_CALLS = [
    {},
    {"weights": "w"},
    {"match": "accuracy"},
    {"weights": "w", "strata": "stratum", "cluster": "school", "fpc": "pop"},
    {"strata": "stratum"},
]


def with_third(df: pd.DataFrame) -> pd.DataFrame:
    """The rows with a third classification (missing where the reference is)."""
    rng = np.random.default_rng(11)
    third = np.where(rng.random(len(df)) < 0.6, df["truth"], rng.choice(["x", "y"], len(df)))
    return df.assign(third=pd.Series(third, index=df.index).where(df["truth"].notna(), None))


def build_raters(frame, options: dict) -> pa.RaterAgreement:
    return pa.RaterAgreement.from_frame(frame, RATERS, **options)


def build_comparison(frame, options: dict) -> pa.Comparison:
    return pa.Comparison.from_frame(frame, "truth", ["guess", "third"], **options)


def _ci(sampled: bool) -> str:
    return "linearized" if sampled else "bootstrap"


def assert_same_raters(got: pa.RaterAgreement, want: pa.RaterAgreement) -> None:
    """The same categories, counts of subjects and ratings, coefficients and intervals."""
    assert got.categories.tolist() == want.categories.tolist()
    assert (got.n_subjects, got.n_dropped, got.n_missing, got.weighted, got.design) == (
        want.n_subjects, want.n_dropped, want.n_missing, want.weighted, want.design)
    pd.testing.assert_frame_equal(got.distribution, want.distribution)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pd.testing.assert_frame_equal(got.summary(ci="linearized"), want.summary(ci="linearized"), rtol=1e-10)


def assert_same_comparison(got: pa.Comparison, want: pa.Comparison) -> None:
    """The same joint table, bookkeeping, values, paired differences and tests."""
    np.testing.assert_array_equal(got.joint, want.joint)  # exact: integer counts and weights
    assert [lab.tolist() for lab in got._joint.labels] == [lab.tolist() for lab in want._joint.labels]
    assert (got.n, got.n_rows, got.n_missing, got.weighted, got.design) == (
        want.n, want.n_rows, want.n_missing, want.weighted, want.design)
    ci = _ci(want.design is not None)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pd.testing.assert_frame_equal(got.values(ci="auto"), want.values(ci="auto"), rtol=1e-10)
        pd.testing.assert_frame_equal(got.differences(ci=ci, n_resamples=200, random_state=1),
                                      want.differences(ci=ci, n_resamples=200, random_state=1), rtol=1e-10)
        pd.testing.assert_frame_equal(got.tests(), want.tests(), rtol=1e-10)
