"""Large data in a database: let DuckDB count the table (GROUP BY), then build the Agreement from the counts.

    python examples/duckdb_counts.py [--rows 1000000]

Only the I×J counts leave the database. Rows with a missing label are counted in SQL, so the case summary is
the same as for the rows themselves.
"""

from __future__ import annotations

import argparse

import numpy as np
import pandas as pd

import pandas_agree as pa


def agreement_from_duckdb(con, table: str, actual: str, pred: str) -> pa.Agreement:
    """The Agreement of two columns of a DuckDB table (or view, or Parquet file) from one GROUP BY."""
    counts = con.execute(
        f'SELECT "{actual}", "{pred}", COUNT(*) AS n FROM {table} '
        f'WHERE "{actual}" IS NOT NULL AND "{pred}" IS NOT NULL GROUP BY ALL'
    ).df()
    missing, total = con.execute(
        f'SELECT COUNT(*) FILTER (WHERE "{actual}" IS NULL OR "{pred}" IS NULL), COUNT(*) FROM {table}'
    ).fetchone()
    ag = pa.Agreement.from_counts(counts, actual, pred, "n")
    return ag, int(missing), int(total)


def make_data(rows: int, seed: int = 0) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    labels = np.array(["low", "mid", "high"], dtype=object)
    truth = labels[rng.integers(0, 3, rows)]
    guess = np.where(rng.random(rows) < 0.75, truth, labels[rng.integers(0, 3, rows)]).astype(object)
    guess[rng.random(rows) < 0.01] = None
    return pd.DataFrame({"truth": truth, "guess": guess})


def main(rows: int = 100_000) -> pa.AgreementReport | None:
    try:
        import duckdb
    except ImportError:
        print("duckdb is not installed (pip install duckdb): this example is skipped")
        return None

    data = make_data(rows)
    con = duckdb.connect()
    con.register("ratings", data)
    ag, missing, total = agreement_from_duckdb(con, "ratings", "truth", "guess")
    print(f"{total} rows, {missing} with a missing label; the table counted in DuckDB:")
    print(ag.crosstab())
    return ag.report(random_state=0)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, default=100_000)
    report = main(parser.parse_args().rows)
    if report is not None:
        print(report)
