"""Large data: count the table where the data live, compute everything else locally.

    python examples/large_data.py [--rows 1000000] [--partitions 8] [--workers 2]   (the defaults)

Writes a Parquet data set in chunks, then computes the report through Dask on a local cluster (one pass over
the partitions; only the small per-partition counts reach the client), and checks that DuckDB's GROUP BY over
the same files (``examples/duckdb_counts.py``) gives the same table. Needs the ``dask`` and ``parquet`` extras
(and duckdb for the last step, which is skipped without it).
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

import numpy as np
import pandas as pd

import pandas_agree  # noqa: F401  (registers the agree accessor, on dask frames too)

LABELS = ["low", "mid", "high"]


def write_parquet(folder: Path, rows: int, partitions: int, seed: int = 0) -> Path:
    """``rows`` simulated ratings in ``partitions`` Parquet files, written one chunk at a time."""
    folder.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(seed)
    labels = pd.CategoricalDtype(LABELS)
    for i, size in enumerate(np.diff(np.linspace(0, rows, partitions + 1).astype(int))):
        truth = rng.integers(0, len(LABELS), size)
        guess = np.where(rng.random(size) < 0.75, truth, rng.integers(0, len(LABELS), size))
        pd.DataFrame({"truth": pd.Categorical.from_codes(truth, dtype=labels),
                      "guess": pd.Categorical.from_codes(guess, dtype=labels),
                      "site": rng.choice(["A", "B"], size)}).to_parquet(folder / f"part-{i:04d}.parquet")
    return folder


def main(rows: int = 1_000_000, partitions: int = 8, workers: int = 2, processes: bool = True,
         folder: Path | None = None) -> dict:
    import dask.dataframe as dd
    from distributed import Client, LocalCluster

    data = write_parquet(Path(folder or tempfile.mkdtemp()) / "ratings", rows, partitions)
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=processes) as cluster, Client(cluster):
        ddf = dd.read_parquet(str(data))
        ag = ddf.agree("truth", "guess")  # one pass over the partitions
        report = ddf.agree.report("truth", "guess", by="site", random_state=0)
    print(f"{ag.n_rows} rows in {partitions} partitions, counted by {workers} Dask workers")
    print(ag.crosstab(), end="\n\n")
    print(report.multiclass[["value", "lower", "upper"]].round(4), end="\n\n")

    out = {"dask": ag, "report": report}
    try:
        import duckdb
    except ImportError:
        print("duckdb is not installed: the SQL recipe is skipped")
        return out
    from duckdb_counts import agreement_from_duckdb

    con = duckdb.connect()
    con.execute(f"CREATE VIEW ratings AS SELECT * FROM read_parquet('{data}/*.parquet')")
    out["duckdb"], _, _ = agreement_from_duckdb(con, "ratings", "truth", "guess")
    same = np.array_equal(out["duckdb"].table.loc[ag.table.index, ag.table.columns].to_numpy(), ag.table.to_numpy())
    print(f"DuckDB's GROUP BY gives the same table: {same}")
    return out


if __name__ == "__main__":
    pd.set_option("display.width", 200)
    pd.set_option("display.max_columns", None)
    pd.set_option("display.max_colwidth", None)
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--partitions", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    main(args.rows, args.partitions, args.workers)
