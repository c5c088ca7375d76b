"""The rater report's tables read as the two-classification report's: the same headings for a coefficient, its SE
and its interpretation, and weighted counts shown with one number of decimals across the table."""

import numpy as np

import pandas_agree as pa

RATERS6 = [f"rater{k}" for k in range(1, 7)]


def _table(report, title):
    return next(t for s in report.document().sections for t in s.tables if t.title == title)


def test_coefficient_tables_take_the_multiclass_headings():
    diagnoses = pa.datasets.load("diagnoses")
    two = _table(diagnoses.agree.report("rater1", "rater2", n_resamples=50), "Multiclass Measures")
    several = diagnoses.agree.raters(RATERS6).report(n_resamples=50)
    for title in ("Agreement among Raters", "Kappa Paradox"):
        columns = _table(several, title).columns
        assert columns[:2] == two.columns[:2] == ["Value", "SE"]
        assert columns[-1] == two.columns[-1] == "Interpretation"
    text = str(several)
    assert "Coefficient                   Value     SE" in text


def test_weighted_ratings_by_rater_share_their_decimals():
    # rater6 never chose Depression: its weighted count is 0.00 beside 19.35, not a bare 0
    diagnoses = pa.datasets.load("diagnoses")
    report = diagnoses.agree.raters(RATERS6, weights=np.linspace(0.5, 2.3, 30)).report(n_resamples=50)
    table = _table(report, "Ratings by Rater")
    cells = dict(table.rows)
    assert cells["rater6"][0] == "0.00"
    assert cells["rater1"][0] == "19.35"
    assert {len(c.split(".")[-1]) for _, row in table.rows for c in row} == {2}
    # whole counts stay whole
    plain = _table(diagnoses.agree.raters(RATERS6).report(n_resamples=50), "Ratings by Rater")
    assert dict(plain.rows)["rater6"][0] == "0" and dict(plain.rows)["rater1"][0] == "13"


def test_tests_table_letters_its_methods_as_the_two_classification_report():
    # with missing ratings the method of FLEISS_Z is long (the number of ratings varies): written in the row it cut
    # a one-row table into two parts; a footnote letter keeps it whole, as the two-classification Tests table
    ratings = pa.datasets.load("diagnoses")[RATERS6].astype(object)
    ratings.iloc[::4, 0] = None
    report = ratings.agree.raters(RATERS6).report(n_resamples=50)
    table = _table(report, "Tests")
    assert table.columns[-1] == "Method"
    assert dict(table.rows)["FLEISS_Z"][-1] == "a"
    method = report.tests.loc["FLEISS_Z", "method"]
    assert f"a. {method}" in table.footnotes
    text = str(report)
    tests = text[text.index("\nTests\n"):text.index("\nNotes\n")]
    assert "of 2" not in tests and max(map(len, tests.splitlines())) <= 100
