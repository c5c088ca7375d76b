"""Survey data with weights and groups: two coders classify open answers, respondents carry survey weights.

    python examples/survey.py [--respondents N] [--out DIR]

The data are simulated (seeded): each respondent's answer was coded by a reference coder and by a second coder
(or a text classifier) into one of five topics; respondents come from four regions and carry frequency
(expansion) weights. ``weights=`` counts each row by its weight; ``by=`` gives one report section per region
and one for everyone; missing codes are counted and left out (``n_missing``).
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

import numpy as np
import pandas as pd

import pandas_agree as pa

TOPICS = ["economy", "health", "education", "environment", "other"]
REGIONS = ["north", "south", "east", "west"]


def survey(respondents: int = 2000, seed: int = 7) -> pd.DataFrame:
    """Simulated coded survey answers with weights, regions and a few missing codes."""
    rng = np.random.default_rng(seed)
    reference = rng.choice(len(TOPICS), respondents, p=[0.3, 0.25, 0.2, 0.15, 0.1])
    agrees = rng.random(respondents) < 0.8
    second = np.where(agrees, reference, rng.integers(0, len(TOPICS), respondents))
    topics = pd.CategoricalDtype(TOPICS)
    frame = pd.DataFrame({
        "region": pd.Categorical(rng.choice(REGIONS, respondents), categories=REGIONS),
        "coder_a": pd.Categorical.from_codes(reference, dtype=topics),
        "coder_b": pd.Categorical.from_codes(second, dtype=topics),
        "weight": np.round(rng.gamma(4.0, 0.25, respondents), 3),
    })
    frame.loc[rng.random(respondents) < 0.02, "coder_b"] = np.nan  # answers the second coder could not code
    return frame


def main(respondents: int = 2000, out: str | Path | None = None) -> pa.AgreementReport:
    df = survey(respondents)
    weighted = df.agree("coder_a", "coder_b", weights="weight")
    print(f"rows {weighted.n_rows}, missing {weighted.n_missing}, weighted N {weighted.n:.1f}", end="\n\n")
    print(weighted.crosstab().round(1), end="\n\n")
    unweighted = df.agree("coder_a", "coder_b")
    print(pd.concat({"weighted": weighted.multiclass(["OSR", "KAPPA", "AC1"])["value"],
                     "unweighted": unweighted.multiclass(["OSR", "KAPPA", "AC1"])["value"]}, axis=1).round(3),
          end="\n\n")

    report = df.agree.report("coder_a", "coder_b", weights="weight", by="region", random_state=3)
    for group, section in report.sections():
        kappa = section.multiclass.loc["KAPPA", ["value", "lower", "upper"]]
        print(f"{group or 'all regions':>12}: kappa {kappa['value']:.3f} [{kappa['lower']:.3f}, {kappa['upper']:.3f}]")
    folder = Path(out) if out is not None else Path(tempfile.mkdtemp())
    folder.mkdir(parents=True, exist_ok=True)
    report.to_excel(folder / "survey.xlsx")
    print(f"report written to {folder / 'survey.xlsx'}")
    return report


if __name__ == "__main__":
    pd.set_option("display.width", 200)
    pd.set_option("display.max_columns", None)
    pd.set_option("display.max_colwidth", None)
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--respondents", type=int, default=2000)
    parser.add_argument("--out", help="folder for the Excel report")
    args = parser.parse_args()
    main(args.respondents, args.out)
