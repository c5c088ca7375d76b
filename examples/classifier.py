"""Evaluating a classifier: the wine cultivars against a k-nearest-neighbour classifier's predictions.

    python examples/classifier.py [--out DIR]

Prints the class-specific measures with intervals, their averages, the multiclass measures and the tests, and
writes the report as HTML and Excel into DIR (default: a temporary folder).
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

import pandas as pd

import pandas_agree as pa


def main(out: str | Path | None = None) -> pa.AgreementReport:
    df = pa.datasets.load("wine_predictions")
    ag = df.agree("cultivar", "knn")  # the crosstab is computed once, here

    print(ag.crosstab(), end="\n\n")
    print(ag.binary(["REC", "PRE", "F1"], ci="auto", random_state=1).round(3), end="\n\n")
    print(ag.averages(["REC", "PRE", "F1", "CORR"]).round(3), end="\n\n")
    print(ag.multiclass(["OSR", "KAPPA", "RKCORR", "AC1"], ci="auto", random_state=1).round(3), end="\n\n")
    print(ag.tests().round(4), end="\n\n")

    report = ag.report(random_state=1)
    folder = Path(out) if out is not None else Path(tempfile.mkdtemp())
    folder.mkdir(parents=True, exist_ok=True)
    report.to_html(folder / "wine_knn.html")
    report.to_excel(folder / "wine_knn.xlsx")
    print(f"report written to {folder}")
    return report


if __name__ == "__main__":
    pd.set_option("display.width", 200)
    pd.set_option("display.max_columns", None)
    pd.set_option("display.max_colwidth", None)
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", help="folder for the HTML and Excel report")
    main(parser.parse_args().out)
