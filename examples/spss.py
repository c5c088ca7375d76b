"""Coming from SPSS: CROSSTABS /STATISTICS=KAPPA and the !KO_clasagree macro, side by side.

    python examples/spss.py [--out DIR]

Writes the diagnoses of two psychiatrists to an SPSS ``.sav`` file with value labels (needs pyreadstat:
``pip install "pandas-agree[spss]"``), reads it back as SPSS users would, and runs the calls that correspond to
the SPSS syntax shown in the comments. The same report from a shell:
``pandas-agree report diagnoses.sav --actual rater1 --pred rater2``.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

import pandas as pd

import pandas_agree as pa
from pandas_agree.integrations.cli import main as cli


def write_sav(path: Path) -> None:
    """The first two raters of the diagnoses data as numeric codes with SPSS value labels."""
    import pyreadstat

    data = pa.datasets.load("diagnoses")[["patient", "rater1", "rater2"]]
    categories = data["rater1"].cat.categories
    codes = data.assign(rater1=data["rater1"].cat.codes + 1, rater2=data["rater2"].cat.codes + 1)
    labels = {i + 1: name for i, name in enumerate(categories)}
    pyreadstat.write_sav(codes, str(path), variable_value_labels={"rater1": labels, "rater2": labels})


def main(out: str | Path | None = None) -> pa.AgreementReport:
    folder = Path(out) if out is not None else Path(tempfile.mkdtemp())
    folder.mkdir(parents=True, exist_ok=True)
    sav = folder / "diagnoses.sav"
    write_sav(sav)
    import pyreadstat

    # GET FILE: value labels become the labels; SPSS orders them by their codes, so pass that order on
    df, meta = pyreadstat.read_sav(str(sav), apply_value_formats=True, formats_as_category=True)
    value_labels = meta.variable_value_labels["rater1"]
    ag = df.agree("rater1", "rater2", labels=[value_labels[code] for code in sorted(value_labels)])

    # CROSSTABS /TABLES=rater1 BY rater2 /CELLS=COUNT ROW.
    print(ag.crosstab(), end="\n\n")
    # /STATISTICS=KAPPA: Value, Asymptotic Standard Error, Approximate T, Approximate Significance.
    kappa = ag.multiclass(["KAPPA"], ci="auto").loc["KAPPA"]
    test = ag.tests().loc["KAPPA_Z"]
    print(f"Kappa {kappa['value']:.3f}  ASE {kappa['se']:.3f}  T {test['statistic']:.3f}  Sig. {test['pvalue']:.4f}")
    # /STATISTICS=CHISQ MCNEMAR LAMBDA UC
    print(ag.tests().loc[["CHI2", "G2", "BOWKER"]].round(4), end="\n\n")
    print(ag.multiclass(["LAMBDA", "UC", "CRAMERV"]).round(3), end="\n\n")

    # !KO_clasagree: every binary measure per class, averaged three ways with the macro's before/after rule.
    print(ag.binary(["REC", "PRE", "F1", "CORR"]).round(3), end="\n\n")
    print(ag.averages(["REC", "PRE", "F1", "CORR"], average=["unweighted", "weighted", "inverse"]).round(3),
          end="\n\n")

    # The whole report from the command line, as an SPSS user would run it on the .sav file.
    cli(["report", str(sav), "--actual", "rater1", "--pred", "rater2", "--random-state", "1", "--quiet",
         "--excel", str(folder / "diagnoses.xlsx")])
    return ag.report(random_state=1)


if __name__ == "__main__":
    pd.set_option("display.width", 200)
    pd.set_option("display.max_columns", None)
    pd.set_option("display.max_colwidth", None)
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", help="folder for the .sav file and the Excel report")
    main(parser.parse_args().out)
