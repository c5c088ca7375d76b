"""The AUC with DeLong's interval against scikit-learn's ``roc_auc_score`` alone: time and peak memory.

    python benchmarks/scores.py [--objects 10000000] [--repeat 3]

N objects (by default 10⁷), a label drawn with prevalence 0.3 and a continuous score (binormal, AUC ≈ 0.76), so
that nearly every score is distinct: the hardest case for the counts, which then hold one pattern per object. The
timed steps, interleaved round by round: scikit-learn's ``roc_auc_score(y, s)`` (the value only, no interval), and
``pa.analyses.scores.scores(y, s).values("AUC", ci="auto")`` (the counts, the AUC, DeLong's SE and its interval);
the pandas accessor adds nothing but the column lookup. Peak memory is the Python heap's (tracemalloc, which sees
numpy's arrays) during each step, in bytes per object. Best of ``--repeat`` rounds.
"""

from __future__ import annotations

import argparse
import time
import tracemalloc

import numpy as np

from pandas_agree.analyses.scores import scores


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--objects", type=int, default=10_000_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    from sklearn.metrics import roc_auc_score

    rng = np.random.default_rng(0)
    n = args.objects
    y = (rng.random(n) < 0.3).astype(np.int64)
    s = rng.normal(y * 1.0, 1.0)
    scores(y[:1000], s[:1000]).values("AUC", ci="auto")  # imports done before timing

    def ours():
        return scores(y, s).values("AUC", ci="auto").loc["AUC"]

    def theirs():
        return roc_auc_score(y, s)

    times = {"sklearn": [], "pandas_agree": []}
    peaks = {}
    for _ in range(args.repeat):
        for name, step in (("sklearn", theirs), ("pandas_agree", ours)):
            start = time.perf_counter()
            result = step()
            times[name].append(time.perf_counter() - start)
    for name, step in (("sklearn", theirs), ("pandas_agree", ours)):
        tracemalloc.start()
        step()
        peaks[name] = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    best = {name: min(t) for name, t in times.items()}
    print(f"N = {n:,}, prevalence 0.3, {len(np.unique(s)):,} distinct scores")
    print(f"AUC {result['value']:.6f}, SE {result['se']:.6f}, interval [{result['lower']:.6f}, {result['upper']:.6f}]"
          f" ({result['method']})")
    print(f"{'step':<14}{'best (s)':>10}{'rounds (s)':>28}{'peak MiB':>10}{'bytes/object':>14}")
    for name in times:
        rounds = ", ".join(f"{t:.2f}" for t in times[name])
        print(f"{name:<14}{best[name]:>10.3f}{rounds:>28}{peaks[name] / 2**20:>10.0f}{peaks[name] / n:>14.1f}")
    print(f"pandas_agree (AUC + DeLong interval) / sklearn roc_auc_score: {best['pandas_agree'] / best['sklearn']:.2f}")


if __name__ == "__main__":
    main()
