"""Out of core: a Parquet data set of 2×10^8 rows, written in chunks, reported through Dask on a LocalCluster.

    pip install ".[bench]"
    python benchmarks/out_of_core.py [--rows 2e8] [--chunk 1e7] [--path DIR] [--keep]

Prints the time of each step and the peak memory (max RSS) of every process: the client, the scheduler and
the two workers. The table is counted partition by partition on the workers; only the small counts travel.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import tempfile
import time
from pathlib import Path

import numpy as np
import pandas as pd


def peak_rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux reports KiB


def write(path: Path, rows: int, chunk: int, k: int = 5) -> None:
    labels = [f"class_{i}" for i in range(k)]
    cats = pd.CategoricalDtype(labels)
    rng = np.random.default_rng(0)
    for i, start in enumerate(range(0, rows, chunk)):
        n = min(chunk, rows - start)
        a = rng.integers(0, k, n, dtype=np.int8)
        p = np.where(rng.random(n) < 0.7, a, rng.integers(0, k, n, dtype=np.int8))
        part = pd.DataFrame({"actual": pd.Categorical.from_codes(a, dtype=cats),
                             "pred": pd.Categorical.from_codes(p, dtype=cats)})
        part.to_parquet(path / f"part-{i:04d}.parquet", index=False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=float, default=2e8)
    parser.add_argument("--chunk", type=float, default=1e7)
    parser.add_argument("--path", type=Path, default=None)
    parser.add_argument("--keep", action="store_true", help="keep the data set")
    args = parser.parse_args()
    import dask.dataframe as dd
    import distributed

    import pandas_agree  # noqa: F401  (registers ddf.agree)

    path = args.path or Path(tempfile.mkdtemp(prefix="pandas_agree_ooc_"))
    path.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    write(path, int(args.rows), int(args.chunk))
    size = sum(f.stat().st_size for f in path.glob("*.parquet")) / 2**20
    print(f"wrote {int(args.rows):,} rows to {path} ({size:.0f} MiB) in {time.perf_counter() - start:.1f} s")
    try:
        with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                      dashboard_address=None) as cluster, distributed.Client(cluster) as client:
            ddf = dd.read_parquet(str(path))
            start = time.perf_counter()
            ag = ddf.agree("actual", "pred")
            crosstab = time.perf_counter() - start
            start = time.perf_counter()
            report = ag.report(random_state=0)
            rest = time.perf_counter() - start
            workers = client.run(peak_rss_mib)
            scheduler = client.run_on_scheduler(peak_rss_mib)
            print(f"N = {ag.n:,.0f}; KAPPA = {report.multiclass.loc['KAPPA', 'value']:.6f}")
            print(f"crosstab through Dask: {crosstab:.1f} s; the report from the table: {rest:.2f} s")
            print("peak memory (max RSS) per process:")
            print(f"  client     {peak_rss_mib():8.0f} MiB")
            print(f"  scheduler  {scheduler:8.0f} MiB")
            for address, mib in sorted(workers.items()):
                print(f"  worker {address.rsplit(':', 1)[-1]:>5} {mib:8.0f} MiB")
    finally:
        if not args.keep and args.path is None:
            shutil.rmtree(path, ignore_errors=True)


if __name__ == "__main__":
    main()
