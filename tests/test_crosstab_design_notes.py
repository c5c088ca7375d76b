"""A CROSSTABS report under a sample design names the tests it has (not an agreement report's OSR against NIR or
its tests of symmetry), and a Mantel–Haenszel common odds ratio that is not computed has no note on the
distribution of its estimate. The second and last tests guard what was right before."""

from __future__ import annotations

import warnings

import pandas as pd

import pandas_agree as pa

from ._survey_reference import load


def _report(**options):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ct = pa.crosstabs(load("apistrat"), "sch.wide", "awards", weights="pw", strata="stype", fpc="fpc", **options)
        return ct.report(statistics=["chisq", "mcnemar", "kappa", "phi", "cmh" if options else "corr"])


def test_the_design_note_of_a_crosstabs_report_names_its_own_tests():
    note = next(n for n in _report().notes if n.startswith("Sample design"))
    assert "OSR against NIR" not in note and "symmetry" not in note  # before: the agreement report's tests
    assert "Rao and Scott's corrections of the chi-square tests of independence" in note
    assert "McNemar's b\u00a0−\u00a0c" in note  # kept on one line where the note is wrapped
    assert "t-tests of the measures" in note


def test_the_design_note_of_an_agreement_report_keeps_its_tests():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rep = load("apistrat").agree.report("sch.wide", "awards", weights="pw", strata="stype", fpc="fpc")
    note = next(n for n in rep.notes if n.startswith("Sample design"))
    assert "OSR against NIR" in note and "Fisher's exact test has no design-based form and is left out" in note


def test_a_common_odds_ratio_not_computed_has_no_note_on_its_distribution():
    text = str(_report(layers="stype"))
    table = text.split("Mantel-Haenszel Common Odds Ratio Estimate", 1)[1].split("\n\n", 1)[0]
    assert "Not computed under a sample design" in table
    assert "asymptotically normally distributed" not in table  # before: said of an estimate that is not there
    note = next(n for n in _report(layers="stype").notes if n.startswith("Sample design"))
    assert "Cochran–Mantel–Haenszel statistics have no design-based form and are left out" in note


def test_a_computed_common_odds_ratio_keeps_its_note():
    # R: mantelhaen.test(UCBAdmissions) -- the layers of a 2 x 2 x 6 table without a design
    ucb = pd.DataFrame([(a, g, d) for a, g, d, n in [
        ("Admitted", "Male", "A", 512), ("Rejected", "Male", "A", 313), ("Admitted", "Female", "A", 89),
        ("Rejected", "Female", "A", 19), ("Admitted", "Male", "B", 353), ("Rejected", "Male", "B", 207),
        ("Admitted", "Female", "B", 17), ("Rejected", "Female", "B", 8)] for _ in range(n)],
        columns=["admit", "gender", "dept"])
    text = str(ucb.agree.crosstabs("admit", "gender", layers="dept").report(statistics=["cmh"]))
    table = text.split("Mantel-Haenszel Common Odds Ratio Estimate", 1)[1].split("\n\n", 1)[0]
    assert "asymptotically normally distributed" in table
