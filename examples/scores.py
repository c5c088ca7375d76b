"""Scores against a reference: ROC AUC with DeLong's interval, thresholds, calibration and DeLong's paired test.

The steps of docs/user_guide/scores.md on the bundled ``cancer_scores`` data (two classifiers' cross-validated
probabilities that each of 569 breast tumours is malignant). Run from anywhere: ``python examples/scores.py``.
"""

import warnings

import pandas as pd

import pandas_agree as pa


def main() -> pa.ScoreComparison:
    df = pa.datasets.load("cancer_scores")
    sc = df.agree.scores("diagnosis", "logistic", positive="malignant")
    print(sc.values(ci="auto").round(4), end="\n\n")
    print(sc.best_threshold("youden").round(4), end="\n\n")
    print(sc.at(0.5).binary(["REC", "SPE"], ci="auto").round(3), end="\n\n")
    with warnings.catch_warnings():  # Cox's recalibration is undefined at probabilities of exactly 0 or 1
        warnings.simplefilter("ignore")
        print(sc.calibration().round(4), end="\n\n")
    comparison = df.agree.compare_scores("diagnosis", ["logistic", "bayes"], positive="malignant")
    print(comparison.tests().round(4), end="\n\n")
    with warnings.catch_warnings():  # naive Bayes gives probabilities of exactly 0 and 1: its log loss is infinite
        warnings.simplefilter("ignore")
        print(comparison.differences(["AUC", "BRIER"]).round(4), end="\n\n")
    print(sc.report())
    return comparison


if __name__ == "__main__":
    pd.set_option("display.width", 200)
    pd.set_option("display.max_columns", None)
    main()
