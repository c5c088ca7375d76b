"""A crosstab whose row or column variable has one category with cases: the CROSSTABS statistics are NaN with one
UndefinedMeasureWarning per call that names them and the variable, and the report says why once, in the footnote
beside the values (SPSS prints "No statistics are computed because a is a constant" under each table)."""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd
import pytest

import pandas_agree as pa

# one row with cases: the table is 1 × 3, counts 3, 2, 1
ONE_ROW = pd.DataFrame({"a": ["x"] * 6, "b": list("uvuvuw")})
FOOTNOTE = "No statistics are computed: one of the variables is a constant (a single non-empty row)."


def _undefined(caught) -> list[str]:
    return [str(w.message) for w in caught if issubclass(w.category, pa.UndefinedMeasureWarning)]


def test_every_statistic_of_a_constant_row_variable_is_nan_with_one_warning_naming_them():
    # SPSS computes no statistic of a constant ("No statistics are computed because a is a constant"); scipy's
    # Cramér's V of the table is 0/0: scipy.stats.contingency.association(np.array([[3, 2, 1]])) is nan
    ct = pa.crosstabs(ONE_ROW, "a", "b", labels={"b": ["u", "v", "w"]})
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        tables = ct.statistics("all")
    [message] = _undefined(caught)  # one warning for the call, not one per table or statistic
    assert message.endswith(" undefined (NaN): the row variable 'a' has one category with cases")
    for name in ("Pearson Chi-Square", "Likelihood Ratio", "Fisher's Exact Test", "Linear-by-Linear Association",
                 "Phi", "Cramér's V", "Contingency Coefficient", "Lambda — Symmetric", "Goodman and Kruskal tau — "
                 "Rows Dependent", "Uncertainty Coefficient — Columns Dependent", "Kendall's tau-b", "Gamma",
                 "Somers' d — Symmetric", "Eta — Rows Dependent", "Spearman Correlation", "Pearson's R"):
        assert name in message
    # kappa and McNemar's tests have conditions of their own (a square table), said by their notes; nor is the
    # N of valid cases undefined
    assert "Kappa" not in message and "McNemar" not in message and "N of Valid Cases" not in message
    chi = tables["Chi-Square Tests"]
    assert chi.loc[["Pearson Chi-Square", "Likelihood Ratio", "Linear-by-Linear Association"], "value"].isna().all()
    for title in ("Directional Measures", "Symmetric Measures"):
        values = tables[title].drop(index=["Kappa"], errors="ignore")["value"]
        assert values.isna().all()
    assert chi.loc["N of Valid Cases", "value"] == 6


@pytest.mark.parametrize(("frame", "reason"), [
    (pd.DataFrame({"a": list("xyxyxy"), "b": ["u"] * 6}), "the column variable 'b' has one category with cases"),
    (pd.DataFrame({"a": ["x"] * 4, "b": ["u"] * 4}),
     "the row variable 'a' and the column variable 'b' each have one category with cases"),
])
def test_the_warning_names_the_constant_variable(frame, reason):
    ct = pa.crosstabs(frame, "a", "b")
    with pytest.warns(pa.UndefinedMeasureWarning, match=r"^Pearson Chi-Square, Likelihood Ratio, Fisher's Exact Test"
                                                        r" and Linear-by-Linear Association undefined \(NaN\): "
                                                        + reason + "$"):
        ct.statistics(["chisq"])
    with pytest.warns(pa.UndefinedMeasureWarning, match=r"^Phi, Cramér's V and Contingency Coefficient undefined "
                                                        r"\(NaN\): " + reason + "$"):
        ct.statistics(["phi", "cc"])


def test_a_table_without_names_says_which_side():
    with pytest.warns(pa.UndefinedMeasureWarning, match=r"^Phi and Cramér's V undefined \(NaN\): the row variable "
                                                        r"has one category with cases$"):
        pa.Crosstab.from_table([[3, 2, 1]]).statistics(["phi"])


def test_the_measures_warn_with_the_reason():
    ct = pa.crosstabs(ONE_ROW, "a", "b", labels={"b": ["u", "v", "w"]})
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        out = ct.measures(["PHI", "CRAMERV", "LAMBDA_R"])
    assert _undefined(caught) == ["PHI, CRAMERV and LAMBDA_R undefined (NaN): the row variable 'a' has one category "
                                  "with cases"]
    assert out["value"].isna().all()


def test_a_table_with_two_categories_on_each_side_does_not_warn():
    # R: chisq.test(matrix(c(20, 5, 10, 25), 2), correct = FALSE)$statistic = 15.42857; pyproject's filterwarnings
    # makes any UndefinedMeasureWarning an error
    tables = pa.Crosstab.from_table([[20, 10], [5, 25]]).statistics(["chisq", "phi", "lambda"])
    assert tables["Chi-Square Tests"].loc["Pearson Chi-Square", "value"] == pytest.approx(15.42857, abs=1e-5)


def test_the_report_warns_once_and_says_it_in_the_footnotes_only(tmp_path):
    ct = pa.crosstabs(ONE_ROW, "a", "b", labels={"b": ["u", "v", "w"]})
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        report = ct.report(statistics="all")
    [message] = _undefined(caught)
    assert message.startswith("Pearson Chi-Square, Likelihood Ratio") and message.endswith(
        "the row variable 'a' has one category with cases")
    assert not any("ndefined" in note for note in report.notes)
    text = str(report)
    # a footnote under each of the three tables; no note says it again
    assert text.count(FOOTNOTE) == 3 and "ndefined" not in text and "Notes" not in text
    assert "ndefined" not in report.to_html() and "ndefined" not in report.to_json()


def test_an_agreement_warns_as_its_crosstab_does():
    # a prediction of one class: the column variable (the prediction) is a constant
    df = pd.DataFrame({"truth": ["a", "b", "a", "b", "a"], "guess": ["a"] * 5})
    ag = df.agree("truth", "guess")
    with pytest.warns(pa.UndefinedMeasureWarning, match=r"^Pearson Chi-Square, .*Lambda — Symmetric.* undefined "
                                                        r"\(NaN\): the column variable 'guess' has one category "
                                                        r"with cases$"):
        tables = ag.crosstab_statistics(["chisq", "lambda"])
    assert np.isnan(tables["Chi-Square Tests"].loc["Pearson Chi-Square", "value"])
    assert tables["Directional Measures"]["value"].isna().all()


def test_under_a_sample_design_the_statistics_warn_once_too():
    frame = ONE_ROW.assign(s=[1, 1, 1, 2, 2, 2])
    ct = pa.crosstabs(frame, "a", "b", strata="s", labels={"b": ["u", "v", "w"]})
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        tables = ct.statistics(["chisq", "phi"])
    [message] = _undefined(caught)
    assert "Pearson: Rao-Scott Chi-Square" in message and "Cramér's V" in message
    assert message.endswith("undefined (NaN): the row variable 'a' has one category with cases")
    assert tables["Symmetric Measures"]["value"].isna().all()
