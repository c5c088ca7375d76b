"""Layers that are not 2×2 tables: SPSS's tables defined only for 2×2 layers (the Tests of Homogeneity of the Odds
Ratio, Cochran's and Mantel-Haenszel's tests, the Mantel-Haenszel Common Odds Ratio Estimate) are left out with one
note, in the frames and in the text, HTML and workbook reports; the generalized Cochran-Mantel-Haenszel tests of
conditional independence, defined for layers of any size, stay."""

from __future__ import annotations

import warnings

import openpyxl
import pandas as pd
import pytest

import pandas_agree as pa

from ._r_datasets import UCB

INDEPENDENCE = "Tests of Conditional Independence"
TWO_BY_TWO_ONLY = ("Tests of Homogeneity of the Odds Ratio", "Mantel-Haenszel Common Odds Ratio Estimate")
GENERAL = "Cochran-Mantel-Haenszel (general association)"
CORRELATION = "Cochran-Mantel-Haenszel (nonzero correlation)"
NOTE = "computed only when every layer is a 2×2 table, as in SPSS"

# Koch & Edwards (1988), the rheumatoid arthritis trial (R: vcd::Arthritis; the counts as Friendly prints them,
# "Categorical data analysis with graphics", http://euclid.psych.yorku.ca/SCS/Courses/grcat/grc2.html): improvement
# (None, Some, Marked) by treatment, for each sex
ARTHRITIS = {("Female", "Treated"): (6, 5, 16), ("Female", "Placebo"): (19, 7, 6),
             ("Male", "Treated"): (7, 2, 5), ("Male", "Placebo"): (10, 0, 1)}
IMPROVED = ["None", "Some", "Marked"]
ARTHRITIS_FRAME = pd.DataFrame([(imp, treat, sex, n) for (sex, treat), counts in ARTHRITIS.items()
                                for imp, n in zip(IMPROVED, counts, strict=True)],
                               columns=["Improved", "Treatment", "Sex", "n"])


def _arthritis() -> pa.Crosstab:
    return ARTHRITIS_FRAME.agree.crosstabs("Improved", "Treatment", weights="n", layers="Sex",
                                           labels={"Improved": IMPROVED, "Treatment": ["Treated", "Placebo"]})


def test_three_by_two_layers_keep_the_generalized_tests_only():
    stats = _arthritis().statistics(["cmh"])
    assert not set(TWO_BY_TWO_ONLY) & set(stats)
    out = stats[INDEPENDENCE]
    assert list(out.index) == [GENERAL, CORRELATION]
    # R: x <- array(c(6,19, 5,7, 16,6, 7,10, 2,0, 5,1), dim = c(2, 3, 2)); mantelhaen.test(x)
    #    # Cochran-Mantel-Haenszel M^2 = 14.6322653062946, df = 2, p-value = 0.000664727980317431
    #    (mantelhaen.test(aperm(x, c(2, 1, 3))) gives the same M^2)
    assert out.loc[GENERAL, "value"] == pytest.approx(14.6322653062946, rel=1e-12)
    assert out.loc[GENERAL, "df"] == 2 and out.loc[GENERAL, "pvalue"] == pytest.approx(0.000664727980317431,
                                                                                        rel=1e-10)
    # R, Mantel's statistic with the scores 1, 2, 3 and 1, 2, summed over the layers k of x[, , k]:
    #    (sum(T - E T))^2 / sum(Var T) = 14.6319401418069 (SAS PROC FREQ's "Nonzero Correlation", 14.6319)
    assert out.loc[CORRELATION, "value"] == pytest.approx(14.6319401418069, rel=1e-12)
    # the frame carries the note that the 2×2 statistics are left out: no silent rows of NaN
    assert out["value"].notna().all()
    notes = " ".join(out.attrs["footnotes"])
    assert NOTE in notes and "3 row and 2 column categories" in notes


def test_ucb_department_by_admission_layered_by_gender_equals_r():
    ct = UCB.agree.crosstabs("Dept", "Admit", weights="Freq", layers="Gender")
    with pytest.warns(pa.LabelOrderWarning, match="nonzero correlation"):  # Dept has no order of its own
        stats = ct.statistics(["cmh"])
    assert not set(TWO_BY_TWO_ONLY) & set(stats)
    out = stats[INDEPENDENCE]
    # R: mantelhaen.test(aperm(UCBAdmissions, c(3, 1, 2)))  # Dept x Admit x Gender
    #    # Cochran-Mantel-Haenszel M^2 = 684.222591040878, df = 5, p-value = 1.26610540990762e-145
    assert out.loc[GENERAL, "value"] == pytest.approx(684.222591040878, rel=1e-12)
    assert out.loc[GENERAL, "df"] == 5 and out.loc[GENERAL, "pvalue"] == pytest.approx(1.26610540990762e-145,
                                                                                        rel=1e-8)


def test_two_by_two_layers_keep_spss_tables():
    # R: mantelhaen.test(UCBAdmissions)  # Mantel-Haenszel X-squared = 1.4269, df = 1, p-value = 0.2323
    stats = UCB.agree.crosstabs("Admit", "Gender", weights="Freq", layers="Dept").statistics(["cmh"])
    assert set(TWO_BY_TWO_ONLY) <= set(stats)
    assert list(stats[INDEPENDENCE].index) == ["Cochran's", "Mantel-Haenszel"]
    assert stats[INDEPENDENCE].loc["Mantel-Haenszel", "value"] == pytest.approx(1.4269, abs=5e-5)
    assert not any(NOTE in line for line in stats[INDEPENDENCE].attrs.get("footnotes", []))


def test_text_report_has_no_rows_of_dashes_and_one_note():
    text = str(_arthritis().report(statistics=["cmh"]))
    flat = " ".join(text.split())  # the footnotes wrap
    for title in TWO_BY_TWO_ONLY:
        assert title + "\n" not in text
    assert "Breslow-Day  " not in text and "Cochran's  " not in text and "—ᵃ" not in text
    assert flat.count(NOTE) == 1
    table = text.split(INDEPENDENCE + "\n", 1)[1].split("\n\n", 1)[0]
    line = next(line for line in table.splitlines() if line.startswith(GENERAL))
    assert line.split()[-3:] == ["14.632", "2", "<0.001"]  # R: M^2 = 14.632, df = 2, p-value = 0.0006647


def test_html_and_workbook_leave_the_tables_out(tmp_path):
    rep = _arthritis().report(statistics=["cmh"])
    html = rep.to_html()
    for title in TWO_BY_TWO_ONLY:
        assert f"<h3>{title}</h3>" not in html
    assert f"<h3>{INDEPENDENCE}</h3>" in html and "Breslow-Day</th>" not in html
    assert html.count(NOTE) == 1 and GENERAL in html
    path = tmp_path / "arthritis.xlsx"
    rep.to_excel(path)
    book = openpyxl.load_workbook(path, read_only=True)
    report = [str(v) for row in book["Report"].iter_rows(values_only=True) for v in row if v is not None]
    statistics = [str(v) for row in book["Statistics"].iter_rows(values_only=True) for v in row if v is not None]
    for cells in (report, statistics):
        assert not [c for c in cells if any(title in c for title in TWO_BY_TWO_ONLY) and NOTE not in c]
        assert "Breslow-Day" not in cells and "Cochran's" not in cells and GENERAL in cells
    assert sum(NOTE in c for c in report) == 1  # the Report sheet prints the footnote, as the text report does


def test_groups_of_a_report_larger_than_2x2_and_a_sample_design():
    # the groups of a report are the layers: the same rule
    frame = ARTHRITIS_FRAME.loc[ARTHRITIS_FRAME.index.repeat(ARTHRITIS_FRAME["n"])].reset_index(drop=True)
    frame["psu"] = frame.index % 10
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ct = frame.agree.crosstabs("Improved", "Treatment", layers="Sex", cluster="psu")
        stats = ct.statistics(["cmh"])
    assert not set(TWO_BY_TWO_ONLY) & set(stats)
    out = stats[INDEPENDENCE]
    assert out["value"].isna().all() and out["note"].str.contains("sample design").all()
    assert NOTE in " ".join(out.attrs["footnotes"])
