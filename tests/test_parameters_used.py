"""A parameter is never silently ignored: given to a call none of whose measures uses it, it is an error naming the
measures that do; and a coefficient computed with agreement weights is named as weighted in every output."""

from __future__ import annotations

import warnings

import pandas as pd
import pytest

import pandas_agree as pa
from pandas_agree.measures.multiclass import row_name
from pandas_agree.measures.parameters import uses
from pandas_agree.measures.registry import records

TABLE = pd.DataFrame([[20, 5, 1], [3, 22, 2], [1, 2, 9]], index=[1, 2, 3], columns=[1, 2, 3])
GIVEN = {"beta": 2.0, "tversky": (0.5, 0.5), "correction": 0.5, "kappa_weights": "linear"}
KIND_OF = {"beta": "binary", "tversky": "binary", "correction": "binary", "kappa_weights": "multiclass"}


def call(kind: str, codes: list[str], parameter: str):
    ag = pa.Agreement.from_table(TABLE)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if kind == "binary":
            return ag.binary(codes, **{parameter: GIVEN[parameter]})
        return ag.multiclass(codes, **{parameter: GIVEN[parameter]})


def test_weights_given_to_unweighted_kappa_are_an_error_naming_weighted_kappa():
    with pytest.raises(ValueError, match=r"kappa_weights='linear' is not used by the measures asked for \(KAPPA\).*"
                                         r"KAPPA_W"):
        pa.Agreement.from_table(TABLE).multiclass(["KAPPA"], kappa_weights="linear")


@pytest.mark.parametrize("parameter", list(GIVEN))
def test_every_parameter_is_an_error_where_no_measure_asked_for_uses_it(parameter):
    kind = KIND_OF[parameter]
    users = [m.code for m in records(kind) if uses(m, parameter)]
    others = [m.code for m in records(kind) if not uses(m, parameter) and not m.params]
    assert users and others
    with pytest.raises(ValueError, match=rf"^{parameter}=.* is not used by the measures asked for") as err:
        call(kind, others[:3], parameter)
    for code in users:
        assert code in str(err.value)
    for code in users:  # each measure that uses it takes it, alone or beside others
        assert code in call(kind, [code, *others[:2]], parameter).columns.union(
            call(kind, [code], parameter).index)


def test_the_same_holds_for_averages_and_reports():
    ag = pa.Agreement.from_table(TABLE)
    with pytest.raises(ValueError, match="beta=2 is not used"):
        ag.averages(["REC", "PRE"], beta=2)
    with pytest.raises(ValueError, match="beta=2 is not used"):
        ag.report(measures=["REC", "KAPPA"], beta=2)
    # in a report the weights also give the test of weighted kappa, so unweighted measures beside them are valid
    report = ag.report(measures=["OSR", "KAPPA"], kappa_weights="quadratic", ci=None)
    assert "KAPPA_W_Z" in report.tests.index
    assert "FBETA" in ag.averages(beta=2).index  # the default set takes the measure that uses it


def weighted_names() -> dict[str, str]:
    return {m.code: row_name(m, True) for m in records("multiclass") if "kappa_weights" in m.params}


def test_every_weighted_coefficient_is_named_as_weighted():
    names = weighted_names()
    assert names == {"SPI": "weighted Scott's pi", "BPK": "weighted Brennan–Prediger kappa",
                     "KAPPA_W": "weighted kappa", "AC1": "Gwet's AC2", "ALPHA": "weighted Krippendorff's alpha"}
    raters = {m.code: row_name(m, True) for m in records("rater") if "kappa_weights" in m.params}
    assert all(n.startswith("weighted ") or n == "Gwet's AC2" for n in raters.values()), raters


def test_the_report_names_the_weighted_coefficients_in_text_html_and_excel(tmp_path):
    report = pa.Agreement.from_table(TABLE).report(kappa_weights="linear", ci=None)
    text, html = str(report), report.to_html()
    report.to_excel(tmp_path / "r.xlsx")
    sheet = pd.read_excel(tmp_path / "r.xlsx", sheet_name="Report", header=None)
    cells = " ".join(str(x) for x in sheet.to_numpy().ravel())
    for name in weighted_names().values():
        assert name in text and name in cells and name in html.replace("&#x27;", "'").replace("&#39;", "'")
    assert "Scott's pi (SPI)" not in text.replace("weighted Scott's pi (SPI)", "")
    plain = str(pa.Agreement.from_table(TABLE).report(ci=None))
    assert "Scott's pi (SPI)" in plain and "weighted Scott" not in plain


def test_the_raters_report_names_the_weighted_coefficients():
    df = pa.datasets.load("anxiety")
    text = str(df.agree.raters(["rater1", "rater2", "rater3"]).report(kappa_weights="linear", ci=None))
    assert "weighted Fleiss' kappa (FLEISS)" in text and "Gwet's AC2 (AC1)" in text


def test_the_raters_parameters_are_errors_where_no_coefficient_asked_for_uses_them():
    ra = pa.datasets.load("anxiety").agree.raters(["rater1", "rater2", "rater3"])
    with pytest.raises(ValueError, match=r"level='interval' is not used by the measures asked for \(FLEISS\).*ALPHA"):
        ra.summary(["FLEISS"], level="interval")
    with pytest.raises(ValueError, match=r"kappa_weights='linear' is not used by the measures asked for "
                                         r"\(ALPHA\): level='interval'"):
        ra.summary(["ALPHA"], kappa_weights="linear", level="interval")  # the level sets alpha's differences
    assert ra.summary(["ALPHA"], level="interval").shape[0] == 1
