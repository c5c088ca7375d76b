"""The report of rows in a Parquet file counted where they are: DuckDB and Polars (lazy) against reading the file
into pandas and ``df.agree.report``, and Dask (``dask.dataframe.read_parquet`` and its accessor: as it reads a single
file, one partition, and with ``split_row_groups=True``, a partition per row group); best of N wall times, and the
growth of each process's peak resident memory over its state after the imports.

    python benchmarks/engines.py [--rows 100000000] [--classes 50] [--repeat 3] [--path /tmp/rows.parquet]
                                 [--engines duckdb polars-lazy dask dask-row-groups pandas]

The rows are written in chunks with PyArrow (two text columns, the reference and a prediction right 80% of the time)
to ``--path`` (kept there for the next run: delete it yourself; never commit it). Each engine runs in a fresh process,
so that the peak memory is its own: ``resource.getrusage``'s peak RSS, which sees what Arrow, DuckDB and Polars
allocate outside Python (``tracemalloc`` sees none of it), minus the resident memory after the imports (Linux's
``/proc/self/status``). The load average of the
machine is printed beside the numbers, as the timings of a shared machine depend on it.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

RUN = r"""
import json, resource, sys, time

import pandas as pd
import pandas_agree as pa

engine, path, repeat = sys.argv[1], sys.argv[2], int(sys.argv[3])
if engine == "duckdb":
    import duckdb
elif engine == "polars-lazy":
    import polars as pl
elif engine.startswith("dask"):
    import dask.dataframe as dd
import pyarrow.parquet  # every variant reads Parquet through Arrow: its import is no part of the growth

def peak():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux

def resident():  # the resident memory now (the peak after the imports may be above it)
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:")) / 1024

before = resident()
best = float("inf")
for _ in range(repeat):
    start = time.perf_counter()
    if engine == "pandas":
        df = pd.read_parquet(path, columns=["truth", "guess"])
        report = df.agree.report("truth", "guess", random_state=1)
        del df
    elif engine == "duckdb":
        con = duckdb.connect()
        report = pa.Agreement.from_frame(con.read_parquet(path), "truth", "guess").report(random_state=1)
        con.close()
    elif engine == "polars-lazy":
        report = pl.scan_parquet(path).agree.report("truth", "guess", random_state=1)
    elif engine == "dask":  # a single file is a single partition by default
        report = dd.read_parquet(path, columns=["truth", "guess"]).agree.report("truth", "guess", random_state=1)
    elif engine == "dask-row-groups":  # a partition per row group (10**6 rows)
        ddf = dd.read_parquet(path, columns=["truth", "guess"], split_row_groups=True)
        report = ddf.agree.report("truth", "guess", random_state=1)
    text = str(report)
    best = min(best, time.perf_counter() - start)
print(json.dumps({"engine": engine, "seconds": best, "peak_mib": peak(), "growth_mib": peak() - before,
                  "n": float(report.multiclass.loc["OSR", "value"])}))
"""

ENGINES = ("duckdb", "polars-lazy", "dask", "dask-row-groups", "pandas")


def write(path: Path, rows: int, classes: int, chunk: int = 5_000_000) -> None:
    """``rows`` rows of two text columns, written ``chunk`` rows at a time (the whole never in memory)."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.parquet as pq

    rng = np.random.default_rng(0)
    names = pa.array([f"class {k:03d}" for k in range(classes)])
    with pq.ParquetWriter(path, pa.schema([("truth", pa.string()), ("guess", pa.string())])) as out:
        for start in range(0, rows, chunk):
            n = min(chunk, rows - start)
            truth = rng.integers(0, classes, n)
            guess = np.where(rng.random(n) < 0.8, truth, rng.integers(0, classes, n))
            out.write_table(pa.table({"truth": names.take(truth), "guess": names.take(guess)}),
                            row_group_size=1_000_000)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=100_000_000)
    parser.add_argument("--classes", type=int, default=50)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--path", type=Path, default=Path("/tmp/pandas_agree_engines.parquet"))
    parser.add_argument("--engines", nargs="+", default=list(ENGINES), choices=ENGINES)
    args = parser.parse_args()
    import pyarrow.parquet as pq

    path = args.path
    if not path.exists() or pq.ParquetFile(path).metadata.num_rows != args.rows:
        write(path, args.rows, args.classes)
    print(f"{args.rows:,} rows, K = {args.classes}, {path.stat().st_size / 2**20:,.0f} MiB of Parquet ({path}); "
          f"best of {args.repeat}")
    found = {}
    for engine in args.engines:
        load = os.getloadavg()[0]
        run = subprocess.run([sys.executable, "-c", RUN, engine, str(path), str(args.repeat)], capture_output=True,
                             text=True)
        if run.returncode:
            print(f"{engine:16s} failed: {run.stderr.strip().splitlines()[-1]}")
            continue
        found[engine] = json.loads(run.stdout.strip().splitlines()[-1])
        found[engine]["load"] = load
    base = found.get("pandas", {}).get("seconds")
    print(f"{'engine':16s} {'seconds':>9s} {'× pandas':>9s} {'peak MiB':>9s} {'growth MiB':>11s} {'load':>5s}")
    for engine, f in found.items():
        ratio = f"{f['seconds'] / base:9.3f}" if base else f"{'':9s}"
        print(f"{engine:16s} {f['seconds']:9.2f} {ratio} {f['peak_mib']:9.0f} {f['growth_mib']:11.0f} "
              f"{f['load']:5.2f}")
    if len({round(f["n"], 12) for f in found.values()}) > 1:
        print("the engines' OSR differ:", {e: f["n"] for e, f in found.items()})


if __name__ == "__main__":
    main()
