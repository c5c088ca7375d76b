"""The default report with many classes: time and peak memory, measured in one run.

    python benchmarks/many_classes.py [--n 1e7] [--k 5 500 5000] [--html-k 500]

For each K, a fresh process builds 10^7 string labels (K classes, ~70% agreement, the errors spread over every
class) and times (best of 3 up to K = 500, one run above)
  crosstab   df.agree(actual, pred)            (the one pass over the rows)
  report     df.agree.report(actual, pred)     (every table with intervals for every value, ci="auto")
and reads the peak memory of the report ("sparse": whether the table is held sparse, above 2**22 cells):
"traced MiB" is the peak of the Python and numpy allocations that tracemalloc sees during a second, traced call;
"RSS MiB" is the process's peak resident memory (its data included) after the untraced call. Then, at --html-k
classes, to_html() of the report (plots included).
Targets: K = 5 at most 1.5x the crosstab; K = 500 under 5 s and 2 GiB; K = 5,000 under 30 s and 4 GiB;
to_html() with plots at K = 500 under 5 s.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
import tracemalloc
import warnings

import numpy as np
import pandas as pd


def labels(n: int, k: int, seed: int = 0) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    a = rng.integers(0, k, n)
    p = np.where(rng.random(n) < 0.7, a, rng.integers(0, k, n))
    names = np.array([f"class_{i:04d}" for i in range(k)], dtype=object)
    return pd.DataFrame({"actual": pd.Series(names[a]), "pred": pd.Series(names[p])})


def one(n: int, k: int, html: bool) -> dict:
    """Measure one K in this process (called in a child process by main)."""
    import pandas_agree as pa  # noqa: F401  (registers the accessor)

    warnings.simplefilter("ignore")
    df = labels(n, k)
    df.agree.report("actual", "pred", ci=None)  # imports and first-call costs out of the timings
    repeat = 3 if k <= 500 else 1
    crosstab = seconds = np.inf
    for _ in range(repeat):
        start = time.perf_counter()
        ag = df.agree("actual", "pred")
        crosstab = min(crosstab, time.perf_counter() - start)
    for _ in range(repeat):
        start = time.perf_counter()
        report = df.agree.report("actual", "pred")
        seconds = min(seconds, time.perf_counter() - start)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    table = ag.table
    held_sparse = all(isinstance(dtype, pd.SparseDtype) for dtype in table.dtypes)
    nonzero = int(table.sparse.to_coo().nnz) if held_sparse else int(np.count_nonzero(table.to_numpy()))
    del table
    methods = sorted(set(report.multiclass["method"]))
    del report
    tracemalloc.start()
    df.agree.report("actual", "pred")
    traced = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    row = {"N": f"{n:.0e}", "K": k, "non-empty cells": nonzero, "sparse": held_sparse,
           "crosstab (s)": round(crosstab, 3), "report (s)": round(seconds, 3),
           "report / crosstab": round(seconds / crosstab, 2),
           "traced MiB": round(traced), "RSS MiB": round(rss), "multiclass methods": "; ".join(methods)}
    if html:
        report = df.agree.report("actual", "pred")
        report.to_html()  # the first figure imports matplotlib
        start = time.perf_counter()
        page = report.to_html()
        row["to_html (s)"] = round(time.perf_counter() - start, 3)
        row["html MB"] = round(len(page) / 1e6, 2)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=float, default=1e7)
    parser.add_argument("--k", type=int, nargs="+", default=[5, 500, 5000])
    parser.add_argument("--html-k", type=int, default=500)
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        n, k, html = int(args.child[0]), int(args.child[1]), args.child[2] == "1"
        print(json.dumps(one(n, k, html)))
        return
    rows = []
    for k in args.k:
        done = subprocess.run([sys.executable, __file__, "--child", str(int(args.n)), str(k),
                               "1" if k == args.html_k else "0"], capture_output=True, text=True, check=True)
        rows.append(json.loads(done.stdout.strip().splitlines()[-1]))
        print(rows[-1], flush=True)
    table = pd.DataFrame(rows).set_index(["N", "K"])
    with pd.option_context("display.width", 200, "display.max_columns", 20):
        print(table.drop(columns="multiclass methods"))
    print()
    for (_, k), methods in table["multiclass methods"].items():
        print(f"K = {k}: multiclass interval methods: {methods}")


if __name__ == "__main__":
    main()
