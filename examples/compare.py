"""Is one classifier better than another on the same objects? k-nearest neighbours against logistic regression.

    python examples/compare.py

Both predict the wine cultivars of the same 178 wines, so their measures are paired: the differences get paired
intervals (the bootstrap of the joint table, or McNemar's Wald interval for accuracy), p-values and Holm's
adjustment, and McNemar's and Cochran's tests compare right and wrong answers object by object.
"""

from __future__ import annotations

import pandas as pd

import pandas_agree as pa


def main() -> pa.Comparison:
    df = pa.datasets.load("wine_predictions")
    comparison = df.agree.compare("cultivar", ["knn", "logistic"])
    print(comparison.values(["OSR", "KAPPA", "F1"], ci="auto", random_state=2).round(3), end="\n\n")
    print(comparison.differences(["OSR", "KAPPA", "F1"], ci="auto", random_state=2).round(4), end="\n\n")
    print(comparison.tests().round(4))
    return comparison


if __name__ == "__main__":
    pd.set_option("display.width", 200)
    pd.set_option("display.max_columns", None)
    pd.set_option("display.max_colwidth", None)
    main()
