"""The AUC with DeLong's interval against scikit-learn's ``roc_auc_score`` alone: time and peak memory.

    python benchmarks/scores.py [--objects 10000000] [--repeat 3]
    python benchmarks/scores.py --classes 20 100 [--objects 100000] [--repeat 1]

With ``--classes``, class probabilities instead: N objects (by default 10⁵) of K classes, a softmax of normal
logits (the true class's raised by 1.5, every probability distinct), and the one-vs-rest AUCs' average with Hand
and Till's M (the mean AUC of the K(K − 1) ordered pairs of classes), ``values("AUC")`` without and with intervals
(``ci="auto"``: the linearised SEs of both), against scikit-learn's ``roc_auc_score`` with ``multi_class="ovr"``
and ``"ovo"`` (values only); peak memory as below.

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


def _timed(step, repeat: int) -> tuple[float, float, object]:
    """The best time of ``repeat`` calls, then the peak memory (MiB) of one more, traced, and its result."""
    best = min(_once(step) for _ in range(repeat))
    tracemalloc.start()
    result = step()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return best, peak / 2**20, result


def _once(step) -> float:
    start = time.perf_counter()
    step()
    return time.perf_counter() - start


def classes(counts: list[int], n: int, repeat: int) -> None:
    """Class probabilities of each number of classes in ``counts`` (see the module docstring)."""
    from sklearn.metrics import roc_auc_score

    print(f"{'K':>5}{'pairs':>8}{'sklearn ovr+ovo (s)':>21}{'AUC, M (s)':>12}{'with intervals (s)':>20}"
          f"{'peak MiB':>10}{'sklearn / ours':>16}")
    for k in counts:
        rng = np.random.default_rng(0)
        y = rng.integers(0, k, n)
        logits = rng.normal(size=(n, k))
        logits[np.arange(n), y] += 1.5
        p = np.exp(logits)
        p /= p.sum(axis=1, keepdims=True)
        probabilities = [p[:, j] for j in range(k)]
        theirs, _, sk = _timed(lambda y=y, p=p: (roc_auc_score(y, p, multi_class="ovr"),
                                                 roc_auc_score(y, p, multi_class="ovo")), repeat)
        plain, _, _ = _timed(lambda y=y, ps=probabilities: scores(y, ps).values("AUC"), repeat)
        ours, peak, found = _timed(lambda y=y, ps=probabilities: scores(y, ps).values("AUC", ci="auto"), repeat)
        assert abs(found.loc["AUC", "value"] - sk[0]) < 1e-9 and abs(found.loc["AUC_OVO", "value"] - sk[1]) < 1e-9
        print(f"{k:>5}{k * (k - 1):>8}{theirs:>21.2f}{plain:>12.2f}{ours:>20.2f}{peak:>10.0f}{theirs / plain:>16.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--objects", type=int, default=None)
    parser.add_argument("--repeat", type=int, default=None)
    parser.add_argument("--classes", type=int, nargs="+", default=None,
                        help="class probabilities of these numbers of classes (AUC and Hand and Till's M)")
    args = parser.parse_args()
    if args.classes:
        classes(args.classes, args.objects or 100_000, args.repeat or 1)
        return
    args.objects, args.repeat = args.objects or 10_000_000, args.repeat or 3
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
