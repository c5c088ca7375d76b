"""The layer columns of ``crosstabs`` on the command line are read as its row and column variables are: a column of
integer codes written plainly is read as integers, so that its layers come in numeric order (1, 2, …, 10, not 1,
10, 2), as SPSS orders the values of a layer variable and as Python's call orders an integer column; --missing
applies to them (a case whose layer value is missing is a missing case) and --numeric may name them."""

import json

import pandas as pd

import pandas_agree as pa
from pandas_agree.integrations import cli


def _strata(n_strata: int = 12) -> pd.DataFrame:
    # matched sets of three, as R's infert (stratum = 1, …, 83): case 1 and two controls 0
    rows = []
    for s in range(1, n_strata + 1):
        rows += [(s, 1, "yes" if s % 2 else "no"), (s, 0, "no"), (s, 0, "yes" if s % 3 == 0 else "no")]
    return pd.DataFrame(rows, columns=["stratum", "case", "sp"])


def test_integer_layer_codes_come_in_numeric_order(tmp_path, capsys):
    df = _strata()
    path = tmp_path / "strata.csv"
    df.to_csv(path, index=False)
    argv = ["crosstabs", str(path), "--row", "case", "--col", "sp", "--layer", "stratum", "--json", "--quiet"]
    assert cli.main(argv) == 0
    printed = json.loads(capsys.readouterr().out)
    assert list(printed["layers"]) == [str(s) for s in range(1, 13)]  # not 1, 10, 11, 12, 2, …
    assert list(df.agree.crosstabs("case", "sp", layers="stratum").layers) == list(range(1, 13))


def test_missing_applies_to_a_layer_column(tmp_path, capsys):
    df = _strata().astype({"stratum": str})
    df.loc[:2, "stratum"] = "NA"  # R's write.csv writes a missing value as NA
    path = tmp_path / "strata.csv"
    df.to_csv(path, index=False)
    argv = ["crosstabs", str(path), "--row", "case", "--col", "sp", "--layer", "stratum", "--missing", "NA",
            "--json", "--quiet"]
    assert cli.main(argv) == 0
    printed = json.loads(capsys.readouterr().out)
    assert list(printed["layers"]) == [str(s) for s in range(2, 13)]
    # the three rows of the missing layer are missing cases of the whole table, as SPSS counts them
    expected = pa.crosstabs(_strata().assign(stratum=lambda d: d["stratum"].where(d["stratum"] != 1)), "case", "sp",
                            layers="stratum")
    assert expected.n_missing == 3
    assert printed["summary"] == json.loads(json.dumps(expected.report().to_dict()["summary"]))


def test_numeric_may_name_a_layer_column(tmp_path, capsys):
    df = _strata().assign(stratum=lambda d: d["stratum"].map("{:02d}".format))  # zero-padded codes stay text
    path = tmp_path / "strata.csv"
    df.to_csv(path, index=False)
    base = ["crosstabs", str(path), "--row", "case", "--col", "sp", "--layer", "stratum", "--json", "--quiet"]
    assert cli.main(base) == 0
    assert list(json.loads(capsys.readouterr().out)["layers"])[:3] == ["01", "02", "03"]
    assert cli.main([*base, "--numeric", "stratum"]) == 0
    assert list(json.loads(capsys.readouterr().out)["layers"])[:3] == ["1", "2", "3"]
