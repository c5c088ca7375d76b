"""The report of a complex sample (strata, clusters, sampling weights) against the report of independent rows.

    python benchmarks/design.py [--n 1e7] [--clusters 10000] [--strata 50] [--k 5] [--repeat 3]

Builds n string labels (K classes, ~80% agreement) in clusters (PSUs) spread over strata, with sampling weights,
and times, interleaved and best of --repeat:
  crosstab         df.agree(a, p, weights=w)
  design crosstab  df.agree(a, p, weights=w, strata=s, cluster=c)   (the table of every PSU counted too)
  report           df.agree.report(a, p, weights=w)                   (every value with its interval)
  design report    df.agree.report(a, p, weights=w, strata=s, cluster=c)   (design-based intervals and DEFF)
  crosstabs        pa.crosstabs(df, a, p, weights=w).report(statistics="all")   (SPSS's CROSSTABS /STATISTICS=ALL)
  design crosstabs the same with strata=s, cluster=c (Rao–Scott and Wald tests, design-based SEs of every measure)
  measures         the crosstabs report with every /STATISTICS keyword but chisq (the measures, no Fisher's test)
  design measures  the same with the design
and the peak of the Python and numpy allocations (tracemalloc) of one design report.
Targets: the design report at most 3x the report of independent rows, and the design crosstabs report at most 3x
the crosstabs report (10^7 rows, 10^4 clusters, 50 strata, K = 5).
"""

from __future__ import annotations

import argparse
import time
import tracemalloc
import warnings

import numpy as np
import pandas as pd


def sample(n: int, clusters: int, strata: int, k: int, seed: int = 0) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    cluster = rng.integers(0, clusters, n)
    accuracy = np.clip(rng.normal(0.8, 0.1, clusters), 0.3, 0.99)[cluster]  # coding varies by cluster
    a = rng.integers(0, k, n)
    p = np.where(rng.random(n) < accuracy, a, rng.integers(0, k, n))
    names = np.array([f"class {i}" for i in range(k)], dtype=object)
    return pd.DataFrame({"a": pd.Series(names[a]), "p": pd.Series(names[p]), "w": rng.uniform(1, 3, n),
                         "s": cluster % strata, "c": cluster})


MEASURES = ["phi", "cc", "lambda", "uc", "btau", "ctau", "gamma", "d", "corr", "eta", "kappa", "risk", "mcnemar"]


def main() -> None:
    import pandas_agree as pa

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=float, default=1e7)
    parser.add_argument("--clusters", type=int, default=10_000)
    parser.add_argument("--strata", type=int, default=50)
    parser.add_argument("--k", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    df = sample(int(args.n), args.clusters, args.strata, args.k)
    design = {"strata": "s", "cluster": "c"}
    steps = {
        "crosstab": lambda: df.agree("a", "p", weights="w"),
        "design crosstab": lambda: df.agree("a", "p", weights="w", **design),
        "report": lambda: df.agree.report("a", "p", weights="w"),
        "design report": lambda: df.agree.report("a", "p", weights="w", **design),
        "crosstabs": lambda: pa.crosstabs(df, "a", "p", weights="w").report(statistics="all"),
        "design crosstabs": lambda: pa.crosstabs(df, "a", "p", weights="w", **design).report(statistics="all"),
        "measures": lambda: pa.crosstabs(df, "a", "p", weights="w").report(statistics=MEASURES),
        "design measures": lambda: pa.crosstabs(df, "a", "p", weights="w", **design).report(statistics=MEASURES),
    }
    for step in steps.values():  # imports and first calls out of the timings
        step()
    best = dict.fromkeys(steps, np.inf)
    for _ in range(args.repeat):  # interleaved, so that the machine's load falls on every step alike
        for name, step in steps.items():
            start = time.perf_counter()
            step()
            best[name] = min(best[name], time.perf_counter() - start)
    tracemalloc.start()
    report = steps["design report"]()
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    d = report.agreement.design
    print(f"n = {int(args.n):,} rows, {d['psus']:,} PSUs in {d['strata']} strata, K = {args.k}")
    for name, seconds in best.items():
        print(f"  {name:<16} {seconds:7.3f} s")
    print(f"  design report / report     {best['design report'] / best['report']:.2f}  (target at most 3)")
    print(f"  design crosstab / crosstab {best['design crosstab'] / best['crosstab']:.2f}")
    print(f"  design crosstabs report / crosstabs report {best['design crosstabs'] / best['crosstabs']:.2f} "
          "(target at most 3)")
    print(f"  design measures / measures {best['design measures'] / best['measures']:.2f}")
    print(f"  peak traced memory of the design report: {peak:,.0f} MiB")
    print(f"  OSR {report.multiclass.loc['OSR', 'value']:.4f}, SE {report.multiclass.loc['OSR', 'se']:.5f}, "
          f"DEFF {report.multiclass.loc['OSR', 'deff']:.2f}")


if __name__ == "__main__":
    main()
