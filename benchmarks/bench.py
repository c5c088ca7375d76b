"""Benchmarks of pandas_agree, printed as tables of ratios measured in one run.

    python benchmarks/bench.py [--only crosstab measures] [--sizes 1e6 1e7] [--k 5] [--repeat 3]

crosstab: ``df.agree(...)`` on two label columns (K classes, ~70% agreement) against
  bincount      numpy.bincount(code_a * K + code_b) on precomputed integer codes (the floor)
  fact+bincount two pandas.factorize calls plus that bincount
  pd.crosstab   pandas.crosstab
  Targets: within 3x of the floor for categorical and small-integer labels; within 1.3x of
  factorize+bincount for string labels.
measures: ``binary()`` + ``averages()`` (every default measure, every averaging method) for K = 5 and
  K = 500 on a 10^7-row Agreement, as a ratio to building that Agreement. Target: under 0.5.
report: ``df.agree.report(...)`` (ci="auto": every table with its intervals) on 10^7 string labels, as a
  ratio to the crosstab alone (``df.agree(...)``). Target: at most 1.5.
crosstabs: ``str(df.agree.crosstabs(row, col).report())`` (two variables that share no label) on 10^7 string
  labels, as a ratio to the crosstab alone (``df.agree.crosstabs(row, col)``), target at most 1.5; and with every
  statistic and cell statistic, without and with 10 layers.
raters: 10^5 subjects x 10 raters x 5 categories: every coefficient with analytic intervals where they exist
  (FLEISS, AC1, PO; the others are values) under 2 s; every coefficient with a bootstrap over subjects
  (B = 1000) under 10 s.
compare: two predictions against one reference, K = 5, 10^7 rows, B = 2000: building the joint table, then
  values(), differences() and tests() with intervals, as a ratio to building the joint table. Target: at
  most 2.
bootstrap: bootstrap intervals (B = 2000) for every class-specific, average and multiclass measure, on tables
  of N = 10^2, 10^5 and 10^7 objects. Targets: under 1 s for K = 5 at any N; under 5 s for K = 50.
"""

from __future__ import annotations

import argparse
import os
import platform
import time
import warnings

import numpy as np
import pandas as pd

import pandas_agree as pa


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


def crosstab_rows(sizes: list[int], k: int, repeat: int) -> list[dict]:
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


def measures_rows(n: int, ks: list[int], repeat: int) -> list[dict]:
    rows = []
    for k in ks:
        a, p = make_codes(n, k, seed=1)
        names = [f"class_{i:03d}" for i in range(k)]
        cats = pd.CategoricalDtype(names)
        df = pd.DataFrame({"a": pd.Categorical.from_codes(a, dtype=cats),
                           "p": pd.Categorical.from_codes(p, dtype=cats)})
        build = best_of(lambda df=df: df.agree("a", "p"), repeat)
        ag = df.agree("a", "p")

        def measures(ag=ag):
            ag.binary()
            ag.averages()

        cost = best_of(measures, repeat)
        rows.append({"N": n, "K": k, "crosstab (s)": build, "binary+averages (s)": cost,
                     "measures / crosstab": cost / build})
    return rows


def bootstrap_rows(repeat: int) -> list[dict]:
    rows = []
    for k in (5, 50):
        p = np.full((k, k), 0.3 / (k * (k - 1)))
        np.fill_diagonal(p, 0.7 / k)
        for n in (10**2, 10**5, 10**7):
            table = np.random.default_rng(k).multinomial(n, p.ravel()).reshape(k, k)
            ag = pa.Agreement.from_table(table)

            def intervals(ag=ag):
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    ag.binary(ci="bootstrap", random_state=0)
                    ag.averages(ci="bootstrap", random_state=0)
                    ag.multiclass(ci="bootstrap", random_state=0)

            seconds = best_of(intervals, max(1, repeat - 1))
            rows.append({"K": k, "N": n, "B": 2000, "every measure, bootstrap (s)": seconds,
                         "target (s)": 1 if k == 5 else 5})
    return rows


def report_rows(n: int, k: int, repeat: int) -> list[dict]:
    df = frames(n, k)["string"]
    build = best_of(lambda: df.agree("a", "p"), repeat)
    report = best_of(lambda: df.agree.report("a", "p", random_state=0), repeat)
    return [{"N": n, "K": k, "labels": "string", "crosstab (s)": build, "report, ci='auto' (s)": report,
             "report / crosstab": report / build}]


def crosstabs_rows(n: int, k: int, repeat: int) -> list[dict]:
    a, p = make_codes(n, k)
    rows = np.array([f"row_{i:03d}" for i in range(k)], dtype=object)
    cols = np.array([f"col_{i:03d}" for i in range(k + 1)], dtype=object)
    df = pd.DataFrame({"a": pd.Series(rows[a]), "p": pd.Series(cols[p]),
                       "layer": pd.Series(np.random.default_rng(1).integers(0, 10, n))})
    out = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for layers, words, cells in ((None, None, None), (None, "all", "all"), ("layer", ["all", "cmh"], "all")):
            build = best_of(lambda layers=layers: df.agree.crosstabs("a", "p", layers=layers), repeat)

            def report(layers=layers, words=words, cells=cells):
                str(df.agree.crosstabs("a", "p", layers=layers).report(statistics=words, cells=cells))

            seconds = best_of(report, repeat)
            out.append({"N": n, "K": k, "layers": 0 if layers is None else 10,
                        "report": "default" if words is None else "every statistic and cell",
                        "crosstab (s)": build, "report with str (s)": seconds, "report / crosstab": seconds / build})
    return out


def raters_rows(repeat: int) -> list[dict]:
    rng = np.random.default_rng(0)
    n, m, q = 10**5, 10, 5
    truth = rng.integers(0, q, n)
    ratings = np.where(rng.random((n, m)) < 0.7, truth[:, None], rng.integers(0, q, (n, m)))
    df = pd.DataFrame(ratings, columns=[f"r{g}" for g in range(m)])

    def analytic():
        ra = df.agree.raters(list(df.columns))
        ra.summary()
        ra.summary(["FLEISS", "AC1", "PO"], ci="auto")

    def bootstrap():
        df.agree.raters(list(df.columns)).summary(ci="bootstrap", n_resamples=1000, random_state=0)

    return [{"subjects": n, "raters": m, "categories": q, "task": "values + analytic intervals",
             "seconds": best_of(analytic, repeat), "target (s)": 2},
            {"subjects": n, "raters": m, "categories": q, "task": "bootstrap B = 1000, every coefficient",
             "seconds": best_of(bootstrap, max(1, repeat - 1)), "target (s)": 10}]


def compare_rows(n: int, k: int, repeat: int) -> list[dict]:
    rows = []
    for kind in ("categorical", "string"):
        df = frames(n, k)[kind]
        rng = np.random.default_rng(5)
        df["q"] = df["p"].to_numpy()[rng.permutation(n)] if kind == "string" else df["p"].cat.codes.to_numpy()[
            rng.permutation(n)]
        if kind == "categorical":
            df["q"] = pd.Categorical.from_codes(df["q"], dtype=df["p"].dtype)
        build = best_of(lambda df=df: df.agree.compare("a", ["p", "q"]), repeat)
        cmp = df.agree.compare("a", ["p", "q"])

        def inference(cmp=cmp):
            cmp.values(ci="auto", random_state=0)
            cmp.differences(ci="auto", random_state=0)
            cmp.tests()

        seconds = best_of(inference, repeat)
        rows.append({"N": n, "K": k, "labels": kind, "joint table (s)": build, "intervals + tests (s)": seconds,
                     "total / joint table": (build + seconds) / build})
    return rows


def show(title: str, rows: list[dict]) -> None:
    print(f"## {title}\n")
    print(pd.DataFrame(rows).to_string(index=False, float_format="{:.3g}".format))
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parts = ["crosstab", "measures", "report", "crosstabs", "bootstrap", "raters", "compare"]
    parser.add_argument("--only", nargs="+", choices=parts, default=parts)
    parser.add_argument("--sizes", type=float, nargs="+", default=[1e6, 1e7])
    parser.add_argument("--k", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes]
    print(f"# pandas_agree {pa.__version__} benchmarks; {platform.machine()}, {os.cpu_count()} cores, "
          f"numpy {np.__version__}, pandas {pd.__version__}; best of {args.repeat}\n")
    if "crosstab" in args.only:
        show(f"crosstab, K = {args.k}", crosstab_rows(sizes, args.k, args.repeat))
    if "measures" in args.only:
        show("class-specific measures and averages", measures_rows(max(sizes), [5, 500], args.repeat))
    if "report" in args.only:
        show("report", report_rows(max(sizes), args.k, args.repeat))
    if "crosstabs" in args.only:
        show("crosstabs of two variables", crosstabs_rows(max(sizes), args.k, args.repeat))
    if "bootstrap" in args.only:
        show("bootstrap intervals", bootstrap_rows(args.repeat))
    if "raters" in args.only:
        show("several raters", raters_rows(args.repeat))
    if "compare" in args.only:
        show("comparing two predictions", compare_rows(max(sizes), args.k, args.repeat))


if __name__ == "__main__":
    main()
