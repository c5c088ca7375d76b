"""Crosstab speed: ``df.agree(...)`` against the floor and against pandas, as ratios measured in one run.

    python benchmarks/bench_crosstab.py [--sizes 1e6 1e7] [--k 5] [--repeat 3]

Baselines, on the same two label columns (K classes, ~70% agreement):
  bincount      numpy.bincount(code_a * K + code_b) on precomputed integer codes (the floor)
  fact+bincount two pandas.factorize calls plus that bincount
  pd.crosstab   pandas.crosstab
Targets: within 3x of the floor for categorical and small-integer labels; within 1.3x of factorize+bincount
for string labels.
"""

from __future__ import annotations

import argparse
import platform
import time

import numpy as np
import pandas as pd

import pandas_agree  # noqa: F401  (registers DataFrame.agree)


def best_of(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def make_codes(n: int, k: int, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    a = rng.integers(0, k, n)
    p = np.where(rng.random(n) < 0.7, a, rng.integers(0, k, n))
    return a, p


def frames(n: int, k: int) -> dict[str, pd.DataFrame]:
    a, p = make_codes(n, k)
    names = np.array([f"class_{i:03d}" for i in range(k)], dtype=object)
    cats = pd.CategoricalDtype(list(names))
    return {
        "categorical": pd.DataFrame({"a": pd.Categorical.from_codes(a, dtype=cats),
                                     "p": pd.Categorical.from_codes(p, dtype=cats)}),
        "small int": pd.DataFrame({"a": a + 1, "p": p + 1}),
        "string": pd.DataFrame({"a": pd.Series(names[a]), "p": pd.Series(names[p])}),
    }


def run(sizes: list[int], k: int, repeat: int) -> list[dict]:
    rows = []
    for n in sizes:
        a, p = make_codes(n, k)
        floor = best_of(lambda a=a, p=p: np.bincount(a * k + p, minlength=k * k), repeat)
        for kind, df in frames(n, k).items():
            def fact(df=df):
                ca, ua = pd.factorize(df["a"])
                cb, ub = pd.factorize(df["p"])
                return np.bincount(ca * len(ub) + cb, minlength=len(ua) * len(ub))

            ours = best_of(lambda df=df: df.agree("a", "p"), repeat)
            factorized = best_of(fact, repeat)
            crosstab = best_of(lambda df=df: pd.crosstab(df["a"], df["p"]), max(1, repeat - 1))
            rows.append({"N": n, "labels": kind, "dtype": str(df["a"].dtype), "agree (s)": ours,
                         "x bincount": ours / floor, "x fact+bincount": ours / factorized,
                         "pd.crosstab / agree": crosstab / ours})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=float, nargs="+", default=[1e6, 1e7])
    parser.add_argument("--k", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    rows = run([int(s) for s in args.sizes], args.k, args.repeat)
    print(f"# crosstab, K = {args.k}; {platform.processor() or platform.machine()}, "
          f"numpy {np.__version__}, pandas {pd.__version__}; best of {args.repeat}\n")
    print(pd.DataFrame(rows).to_markdown(index=False, floatfmt=".3g")
          if _has_tabulate() else pd.DataFrame(rows).to_string(index=False, float_format="{:.3g}".format))


def _has_tabulate() -> bool:
    try:
        import tabulate  # noqa: F401
    except ImportError:
        return False
    return True


if __name__ == "__main__":
    main()
