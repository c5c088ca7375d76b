"""Two raters and several raters: psychiatric diagnoses (Fleiss 1971) and anxiety ratings (R package irr).

    python examples/raters.py

Two raters are two classifications of the same subjects, so ``df.agree`` gives Cohen's kappa, Scott's pi,
Gwet's AC1 and the rest, and weighted kappa for ordered categories. Several raters go to ``df.agree.raters``:
Fleiss', Conger's and Light's kappa, Gwet's AC1 and Krippendorff's alpha.
"""

from __future__ import annotations

import pandas as pd

import pandas_agree as pa


def main() -> dict:
    diagnoses = pa.datasets.load("diagnoses")  # 30 patients, 6 psychiatrists, 5 diagnoses
    two = diagnoses.agree("rater1", "rater2")
    print(two.multiclass(["PO", "KAPPA", "SPI", "AC1", "BPK"], ci="auto").round(3), end="\n\n")

    several = diagnoses.agree.raters([f"rater{i}" for i in range(1, 7)])
    print(several.summary(ci="auto").round(3), end="\n\n")
    print(several.by_category().round(3), end="\n\n")
    print(several.pairwise("KAPPA").round(2), end="\n\n")

    anxiety = pa.datasets.load("anxiety")  # 20 subjects, 3 raters, ordinal scale 1-6
    ordinal = anxiety.agree("rater1", "rater2", labels=range(1, 7))
    print(ordinal.multiclass(["KAPPA", "KAPPA_W"], kappa_weights="quadratic", ci="auto").round(3), end="\n\n")
    scale = anxiety.agree.raters(["rater1", "rater2", "rater3"], labels=range(1, 7))
    print(scale.summary(kappa_weights="quadratic", level="interval").round(3))
    return {"two": two, "several": several, "ordinal": ordinal, "scale": scale}


if __name__ == "__main__":
    pd.set_option("display.width", 200)
    pd.set_option("display.max_columns", None)
    pd.set_option("display.max_colwidth", None)
    main()
