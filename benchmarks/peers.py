"""pandas_agree against its peers on the same data, as ratios measured in one run, with peak memory.

    pip install ".[bench]"
    python benchmarks/peers.py [--sizes 1e5 1e6 1e7] [--write]
    python benchmarks/peers.py --sizes 2e5 --k 100 400 --str

With --str, the default report printed, str(df.agree.report(actual, pred)) (every table, intervals with
ci="auto", laid out as text), against PyCM's ConfusionMatrix on the same labels as lists, for string labels at
each N and K: the best and the median of 15 interleaved rounds of each, and PyCM's best over the report's.

For each N, label kind (string, categorical) and K (5, 50), the same two label columns go to
  agree report       df.agree.report(actual, pred)  (every table, intervals with ci="auto", B = 2000)
  report, no CI      df.agree.report(actual, pred, ci=None)  (every table, point values: the work PyCM does)
  agree crosstab     df.agree(actual, pred)          (the one pass over the rows)
  bincount floor     numpy.bincount on precomputed integer codes
  sklearn trio       classification_report + cohen_kappa_score + matthews_corrcoef
  PyCM               pycm.ConfusionMatrix (computes all its statistics)
  crosstab+kappa     pandas.crosstab + statsmodels cohens_kappa
Ratios are peer time / report time (above 1: pandas_agree is faster), each time the best of its runs: below 10^7
rows the calls of under a second run in 15 rounds, one call of each per round, so that a drift of the machine's
speed reaches them alike (scikit-learn's trio runs twice). Peak memory is what tracemalloc sees (Python and numpy
allocations) during the call. With --write the table goes to benchmarks/peers_table.md.
At 10^7 rows the slow peers run once, traced, which gives both their time and their memory.
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import time
import tracemalloc
import warnings
from pathlib import Path

import numpy as np
import pandas as pd

import pandas_agree as pa


def measure(fn, repeat: int = 1) -> tuple[float, float]:
    """Best time (s) of ``repeat`` runs and the peak traced memory (MiB) of one run; with ``repeat=0`` one run
    gives both (for slow peers on large data; tracing adds a little to that time)."""
    gc.collect()
    tracemalloc.start()
    start = time.perf_counter()
    fn()
    traced_time = time.perf_counter() - start
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    best = traced_time if repeat == 0 else np.inf
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best, peak


def data(n: int, k: int, kind: str, seed: int = 0) -> tuple[pd.DataFrame, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    a = rng.integers(0, k, n)
    p = np.where(rng.random(n) < 0.7, a, rng.integers(0, k, n))
    names = np.array([f"class_{i:03d}" for i in range(k)], dtype=object)
    if kind == "categorical":
        cats = pd.CategoricalDtype(list(names))
        df = pd.DataFrame({"a": pd.Categorical.from_codes(a, dtype=cats),
                           "p": pd.Categorical.from_codes(p, dtype=cats)})
    else:
        df = pd.DataFrame({"a": pd.Series(names[a]), "p": pd.Series(names[p])})
    return df, a, p


def peers(df: pd.DataFrame, a: np.ndarray, p: np.ndarray, k: int, n: int, limits: dict) -> dict:
    from pycm import ConfusionMatrix
    from sklearn.metrics import classification_report, cohen_kappa_score, matthews_corrcoef
    from statsmodels.stats.inter_rater import cohens_kappa

    def sklearn_trio():
        y, yhat = df["a"], df["p"]
        classification_report(y, yhat, zero_division=0)
        cohen_kappa_score(y, yhat)
        matthews_corrcoef(y, yhat)

    def pycm():
        ConfusionMatrix(actual_vector=df["a"].to_numpy(), predict_vector=df["p"].to_numpy())

    def crosstab_kappa():
        cohens_kappa(pd.crosstab(df["a"], df["p"]).to_numpy())

    tasks = {
        "agree report": lambda: df.agree.report("a", "p", random_state=0),
        "report, no CI": lambda: df.agree.report("a", "p", ci=None),
        "agree crosstab": lambda: df.agree("a", "p"),
        "bincount floor": lambda: np.bincount(a * k + p, minlength=k * k),
        "sklearn trio": sklearn_trio,
        "PyCM": pycm,
        "crosstab+kappa": crosstab_kappa,
    }
    out = {}
    rounds = {}  # the quick calls below 10^7 rows: timed in rounds, one call of each per round
    for name, fn in tasks.items():
        if n > limits.get(name, np.inf):
            out[name] = (np.nan, np.nan)
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            slow_peer = name in ("sklearn trio", "PyCM", "crosstab+kappa") and n >= 10**7
            if n < 10**7 and name != "sklearn trio":
                out[name] = measure(fn, repeat=0)  # the peak memory (and a first time)
                rounds[name] = fn
            else:
                out[name] = measure(fn, repeat=0 if slow_peer else (1 if n >= 10**7 else 2))
    # On a shared machine the speed of the whole machine drifts by a third within a minute: calls timed one
    # after the other in rounds see the same drift, so the ratio of their best times is that of their costs.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(ROUNDS):
            for name, fn in rounds.items():
                start = time.perf_counter()
                fn()
                out[name] = (min(out[name][0], time.perf_counter() - start), out[name][1])
    return out


ROUNDS = 15


def printed_report(sizes: list[int], ks: list[int]) -> None:
    """The default report with str() against PyCM (see the module docstring): best and median of interleaved
    rounds."""
    from pycm import ConfusionMatrix

    for n in sizes:
        for k in ks:
            df, _, _ = data(n, k, "string")
            actual, predicted = df["a"].tolist(), df["p"].tolist()
            tasks = {"report + str": lambda df=df: str(df.agree.report("a", "p")),
                     "PyCM": lambda a=actual, p=predicted: ConfusionMatrix(actual_vector=a, predict_vector=p)}
            times: dict[str, list[float]] = {name: [] for name in tasks}
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                for fn in tasks.values():  # warm: imports and first-call costs stay out of the rounds
                    fn()
                for _ in range(ROUNDS):
                    for name, fn in tasks.items():
                        gc.collect()
                        start = time.perf_counter()
                        fn()
                        times[name].append(time.perf_counter() - start)
            ours, theirs = min(times["report + str"]), min(times["PyCM"])
            print(f"N = {n:.0e}, K = {k}: report + str best {ours:.4f} s (median "
                  f"{np.median(times['report + str']):.4f}), PyCM best {theirs:.4f} s (median "
                  f"{np.median(times['PyCM']):.4f}); PyCM / report = {theirs / ours:.1f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=float, nargs="+", default=[1e5, 1e6, 1e7])
    parser.add_argument("--ks", "--k", type=int, nargs="+", default=[5, 50])
    parser.add_argument("--str", action="store_true", dest="printed",
                        help="time str() of the default report against PyCM only (string labels)")
    parser.add_argument("--pycm-limit", type=float, default=1e7, help="largest N given to PyCM")
    parser.add_argument("--kinds", nargs="+", default=["string", "categorical"], choices=["string", "categorical"])
    parser.add_argument("--write", action="store_true", help="write benchmarks/peers_table.md")
    args = parser.parse_args()
    if args.printed:
        printed_report([int(s) for s in args.sizes], args.ks)
        return
    rows = []
    for n in [int(s) for s in args.sizes]:
        for kind in args.kinds:
            for k in args.ks:
                df, a, p = data(n, k, kind)
                res = peers(df, a, p, k, n, {"PyCM": args.pycm_limit})
                ours = res["agree report"][0]
                row = {"N": f"{n:.0e}", "labels": kind, "K": k, "report (s)": ours,
                       "report, no CI (s)": res["report, no CI"][0]}
                for name in ("agree crosstab", "bincount floor", "sklearn trio", "PyCM", "crosstab+kappa"):
                    row[f"{name} / report"] = res[name][0] / ours
                row["PyCM / report, no CI"] = res["PyCM"][0] / res["report, no CI"][0]
                row["report MiB"] = res["agree report"][1]
                row["sklearn MiB"] = res["sklearn trio"][1]
                row["PyCM MiB"] = res["PyCM"][1]
                rows.append(row)
                print(row, flush=True)
    table = pd.DataFrame(rows)
    header = (f"pandas_agree {pa.__version__}; {platform.machine()}, {os.cpu_count()} cores, "
              f"{os.sysconf('SC_PAGE_SIZE') * os.sysconf('SC_PHYS_PAGES') / 2**30:.0f} GiB; Python "
              f"{platform.python_version()}, numpy {np.__version__}, pandas {pd.__version__}")
    text = table.to_markdown(index=False, floatfmt=".3g") if _has("tabulate") else table.to_string(index=False)
    print(f"\n{header}\n\n{text}")
    if args.write:
        path = Path(__file__).with_name("peers_table.md")
        path.write_text(f"{header}\n\n{text}\n", encoding="utf-8")
        print(f"wrote {path}")


def _has(module: str) -> bool:
    try:
        __import__(module)
    except ImportError:
        return False
    return True


if __name__ == "__main__":
    main()
