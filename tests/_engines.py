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
