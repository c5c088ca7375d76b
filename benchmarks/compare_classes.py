"""Paired comparison of two predictions with many classes: the linearised differences, time and peak memory.

    python benchmarks/compare_classes.py [--n 1e5] [--k 10 30 100 300] [--moved-k 100] [--predictions 2]

For each K, two (or --predictions: 2 or 3) predictions (80%, 70% and 60% right, the errors spread over every class)
of n objects against one reference, and
  joint      df.agree.compare(reference, [a, b])              (the one pass over the rows; beyond 2**22 cells held
                                                                as its non-empty cells)
  linearized comparison.differences(ci="linearized")          (OSR, KAPPA, F1: each difference's gradient is the
                                                                two predictions' gradients at the joint cells)
  report     str(comparison.report())                         (values, differences with ci="auto", tests)
  moved      every non-empty cell of the joint table moved up and down (the generic delta method, how the
             differences were linearised before), for K up to --moved-k
each the best of 3 (moved: one run), the ratio moved / linearized, and the peak of the Python and numpy
allocations that tracemalloc sees during a traced call of the linearised differences.
Targets: the linearised differences of two predictions of 300 classes under 1 s and 256 MiB; the report of two
predictions of 3,000 classes (10^5 rows) under 30 s.
"""

from __future__ import annotations

import argparse
import time
import tracemalloc
import warnings

import numpy as np
import pandas as pd


def predictions(n: int, k: int, count: int = 2, seed: int = 0) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    truth = rng.integers(0, k, n)
    out = {"truth": truth}
    for name, right in list(zip("abc", (0.8, 0.7, 0.6), strict=True))[:count]:
        out[name] = np.where(rng.random(n) < right, truth, rng.integers(0, k, n))
    return pd.DataFrame(out)


def best(fn, repeat: int) -> float:
    out = np.inf
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        out = min(out, time.perf_counter() - start)
    return out


def row(n: int, k: int, moved_k: int, count: int) -> dict:
    import pandas_agree as pa  # noqa: F401  (registers the accessor)
    from pandas_agree.analyses.comparison import PairedDifferences, _resolve

    df = predictions(n, k, count)
    names = list(df.columns[1:])
    joint = best(lambda: df.agree.compare("truth", names), 3)
    comparison = df.agree.compare("truth", names)
    linearized = best(lambda: comparison.differences(ci="linearized"), 3)
    report = best(lambda: str(comparison.report(random_state=0)), 3)
    tracemalloc.start()
    comparison.differences(ci="linearized")
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    moved = np.nan
    if k <= moved_k:
        paired = PairedDifferences(comparison, _resolve(None), "common")
        moved = best(lambda: paired.moved_variances(["KAPPA", "F1"], "multinomial"), 1)
    nonzero = len(comparison.joint_cells)
    return {"N": n, "K": k, "predictions": count, "non-empty cells": nonzero, "joint (s)": joint,
            "linearized (s)": linearized, "report (s)": report, "moved (s)": moved,
            "moved / linearized": moved / linearized, "traced MiB": peak}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=float, default=1e5)
    parser.add_argument("--k", type=int, nargs="+", default=[10, 30, 100, 300])
    parser.add_argument("--moved-k", type=int, default=100)
    parser.add_argument("--predictions", type=int, default=2, choices=[2, 3])
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    rows = [row(int(args.n), k, args.moved_k, args.predictions) for k in args.k]
    print(pd.DataFrame(rows).to_string(index=False, float_format="{:.3g}".format))


if __name__ == "__main__":
    main()
