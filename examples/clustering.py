"""Comparing a clustering with known classes: k-means clusters of the iris flowers against the species.

    python examples/clustering.py

Cluster ids are arbitrary, so they are first matched to classes: by the assignment with the most objects on
the diagonal (``match="accuracy"``, the Hungarian algorithm) or by the largest standardised residuals
(``match="residual"``). Without matching no label is on both sides, and building the table says so.
"""

from __future__ import annotations

import pandas as pd

import pandas_agree as pa


def main() -> dict:
    df = pa.datasets.load("iris_clusters")
    try:
        df.agree("species", "cluster")  # cluster ids are not species: no label is on both sides
    except ValueError as err:
        print(err, end="\n\n")

    matched = df.agree("species", "cluster", match="accuracy")
    print("accuracy matching:", matched.mapping, sep="\n")
    print(matched.crosstab(), end="\n\n")
    print(matched.multiclass(["OSR", "KAPPA", "RKCORR", "CRAMERV", "UC"]).round(3), end="\n\n")
    print(matched.binary(["REC", "PRE", "F1"]).round(3), end="\n\n")

    by_residual = df.agree("species", "cluster", match="residual")
    print("residual matching:", by_residual.mapping, sep="\n")
    return {"accuracy": matched, "residual": by_residual}


if __name__ == "__main__":
    pd.set_option("display.width", 200)
    pd.set_option("display.max_columns", None)
    pd.set_option("display.max_colwidth", None)
    main()
