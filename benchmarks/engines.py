"""The report of rows in a Parquet file counted where they are: DuckDB and Polars (lazy) against reading the file
into pandas and ``df.agree.report``; best of N wall times and the peak resident memory of each.

    python benchmarks/engines.py [--rows 10000000] [--classes 5] [--repeat 3]

Each engine runs in a fresh process (so that the peak memory is its own); the numbers go to stdout.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

RUN = r"""
import json, resource, sys, time
import pandas_agree as pa
engine, path, repeat = sys.argv[1], sys.argv[2], int(sys.argv[3])
best = float("inf")
for _ in range(repeat):
    start = time.perf_counter()
    if engine == "pandas":
        import pandas as pd
        df = pd.read_parquet(path, columns=["truth", "guess"])
        report = df.agree.report("truth", "guess", random_state=1)
    elif engine == "duckdb":
        import duckdb
        con = duckdb.connect()
        report = pa.Agreement.from_frame(con.read_parquet(path), "truth", "guess").report(random_state=1)
    elif engine == "polars-lazy":
        import polars as pl
        report = pa.Agreement.from_frame(pl.scan_parquet(path), "truth", "guess").report(random_state=1)
    str(report)
    best = min(best, time.perf_counter() - start)
print(json.dumps({"engine": engine, "seconds": best,
                  "peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def write(path: Path, rows: int, classes: int) -> None:
    import numpy as np
    import pyarrow as pa
    import pyarrow.parquet as pq

    rng = np.random.default_rng(0)
    names = np.array([f"class {k:03d}" for k in range(classes)])
    with pq.ParquetWriter(path, pa.schema([("truth", pa.string()), ("guess", pa.string())])) as out:
        for start in range(0, rows, 2_000_000):
            n = min(2_000_000, rows - start)
            truth = rng.integers(0, classes, n)
            guess = np.where(rng.random(n) < 0.8, truth, rng.integers(0, classes, n))
            out.write_table(pa.table({"truth": names[truth], "guess": names[guess]}))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=10_000_000)
    parser.add_argument("--classes", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "rows.parquet"
        write(path, args.rows, args.classes)
        print(f"{args.rows:,} rows, K = {args.classes}, {path.stat().st_size / 2**20:.0f} MiB of Parquet")
        for engine in ("pandas", "duckdb", "polars-lazy"):
            run = subprocess.run([sys.executable, "-c", RUN, engine, str(path), str(args.repeat)], capture_output=True,
                                 text=True, check=True)
            found = json.loads(run.stdout.strip().splitlines()[-1])
            print(f"{engine:12s} {found['seconds']:7.2f} s  peak {found['peak_mib']:7.0f} MiB")


if __name__ == "__main__":
    main()
