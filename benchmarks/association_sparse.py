"""The association statistics of a large sparse table, each with its linearised interval: time and peak memory.

    python benchmarks/association_sparse.py [--labels 5000] [--objects 10000000] [--repeat 3]

A K × K table of two classifications of N objects (by default K = 5,000, N = 10⁷): each object's first label is
drawn from the K labels, its second is the first with probability 0.6 and any of the K labels otherwise (about
3.7 million non-empty cells of the 25 million). The table is held sparse (its non-empty cells only). The timed
step is ``Agreement.multiclass(every association record, ci="linearized")``: the values, the partials of each
record (O(non-empty cells); the ordinal records' concordance sums from dense blocks of rows here, where the table
is not very sparse, else by a merge sort of the cells, O(m log m)) and the delta-method variances. Peak memory
is that of the Python heap (tracemalloc) over the step, and the process's peak resident size (ru_maxrss) at the
end. Best of ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import resource
import time
import tracemalloc
import warnings

import numpy as np
from scipy import sparse

import pandas_agree as pa


def table(k: int, n: int, seed: int = 0) -> sparse.csr_array:
    rng = np.random.default_rng(seed)
    first = rng.integers(0, k, n)
    second = np.where(rng.random(n) < 0.6, first, rng.integers(0, k, n))
    counts = sparse.coo_array((np.ones(n), (first, second)), shape=(k, k)).tocsr()
    counts.sum_duplicates()
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--labels", type=int, default=5000)
    parser.add_argument("--objects", type=int, default=10_000_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    codes = list(pa.measures("association")["code"])
    small = pa.Agreement.from_table(np.array([[5.0, 1, 0], [2, 8, 1], [0, 1, 4]]))
    small.multiclass(codes, ci="linearized")  # imports done before timing
    counts = table(args.labels, args.objects)
    ag = pa.Agreement.from_table(counts)
    print(f"table: {args.labels} × {args.labels}, {args.objects:,} objects, {counts.nnz:,} non-empty cells, "
          f"held sparse: {ag._cells is not None}")
    best, peak = np.inf, 0.0
    for _ in range(args.repeat):
        tracemalloc.start()
        start = time.perf_counter()
        out = ag.multiclass(codes, ci="linearized")
        elapsed = time.perf_counter() - start
        peak = max(peak, tracemalloc.get_traced_memory()[1] / 2**30)
        tracemalloc.stop()
        best = min(best, elapsed)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20  # KiB on Linux
    print(f"{len(codes)} association records with linearised intervals: best of {args.repeat} {best:.2f} s, "
          f"peak traced memory {peak:.2f} GiB, process peak resident {rss:.2f} GiB")
    print(out[["value", "se", "lower", "upper"]].round(5).to_string())


if __name__ == "__main__":
    main()
