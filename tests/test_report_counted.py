"""The Comparison and Scores reports: the Case Processing Summary's Total as a total (text, HTML, the workbook's
Report sheet), and the notes on the weights and the rows left out, worded as the crosstab's and the agreement's
reports word them."""

from __future__ import annotations

import numpy as np
import openpyxl
import pandas as pd
import pytest

import pandas_agree  # noqa: F401  (the .agree accessor)

# 12 rows: row 0 without a reference label, row 1 without a prediction q (and without a score), row 2 with a
# missing weight, rows 3 and 4 with a weight of 0; the 7 others counted, with weights summing to 11.5
FRAME = pd.DataFrame({
    "y": [None, "a", "a", "b", "a", "a", "b", "b", "a", "b", "a", "b"],
    "p": ["a", "a", "b", "b", "a", "a", "b", "a", "a", "b", "b", "b"],
    "q": ["a", None, "a", "b", "b", "a", "b", "b", "a", "a", "a", "b"],
    "s": [0.2, np.nan, 0.5, 0.7, 0.1, 0.3, 0.8, 0.6, 0.4, 0.9, 0.35, 0.75],
    "w": [1.0, 2.0, np.nan, 0.0, 0.0, 1.5, 2.0, 1.0, 2.5, 1.0, 1.5, 2.0],
})
FREQUENCY = ("Frequency weights were used: N = 11.50 is the sum of the weights of 7 rows; the Case Processing "
             "Summary counts weights, as SPSS's WEIGHT BY does.")


def _compare(**kw):
    return FRAME.agree.compare("y", ["p", "q"], **kw).report(random_state=0, n_resamples=20)


def _scores(**kw):
    return FRAME.agree.scores("y", "s", positive="b", **kw).report(ci=None)


def test_comparison_and_scores_count_the_rows_left_out_for_a_weight():
    cmp = FRAME.agree.compare("y", ["p", "q"], weights="w")
    sc = FRAME.agree.scores("y", "s", positive="b", weights="w")
    for analysis in (cmp, sc):
        assert (analysis.n_rows, analysis.n_missing, analysis.n_missing_weight, analysis.n_zero_weight) == \
            (12, 3, 1, 2)
        assert analysis.n == 11.5
    unweighted = FRAME.agree.scores("y", "s", positive="b")
    assert (unweighted.n_missing_weight, unweighted.n_zero_weight) == (0, 0)


def test_comparison_notes_give_the_weights_and_the_rows_left_out():
    notes = _compare(weights="w").notes
    assert FREQUENCY in notes
    i = notes.index(FREQUENCY)
    assert notes[i + 1:i + 4] == ["2 rows with a missing label were left out.",
                                  "1 row with a missing weight was left out.",
                                  "2 rows with a weight of 0 were left out."]
    # the agreement report of the same rows says the same
    agreement = FRAME.dropna(subset=["q"]).agree.report("y", "p", weights="w").notes
    assert "1 row with a missing weight was left out." in agreement
    assert "2 rows with a weight of 0 were left out." in agreement
    assert "Frequency weights were used" in str(_compare(weights="w"))


def test_comparison_notes_without_weights_count_the_rows_left_out():
    notes = _compare().notes
    assert "2 rows with a missing label were left out." in notes
    assert not any("weights were used" in note for note in notes)
    assert FRAME.agree.report("y", "q").notes.count("2 rows with a missing label were left out.") == 1


def test_scores_notes_give_the_weights_and_the_rows_left_out():
    notes = _scores(weights="w").notes
    i = notes.index(FREQUENCY)
    assert notes[i + 1:i + 4] == ["2 rows with a missing label or score were left out.",
                                  "1 row with a missing weight was left out.",
                                  "2 rows with a weight of 0 were left out."]
    assert "2 rows with a missing label or score were left out." in _scores().notes


def test_scores_notes_under_a_design_say_sampling_weights():
    frame = FRAME.assign(psu=[1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6])
    notes = frame.agree.scores("y", "s", positive="b", weights="w", cluster="psu").report(ci=None).notes
    assert FREQUENCY.replace("Frequency", "Sampling") in notes


@pytest.mark.parametrize("make", [_compare, lambda: _compare(weights="w")])
def test_comparison_total_row_is_a_total(make, tmp_path):
    report = make()
    text = str(report).splitlines()
    total = next(i for i, line in enumerate(text) if line.startswith("Total"))
    assert set(text[total - 1]) == {"─"}  # the rule above the total
    html = report.to_html()
    assert '<tr class="pa-total"><th>Total</th>' in html
    report.to_excel(tmp_path / "c.xlsx")
    ws = openpyxl.load_workbook(tmp_path / "c.xlsx")["Report"]
    cell = next(c for row in ws.iter_rows() for c in row if c.value == "Total")
    assert cell.font.b
    assert all(c.border.top.style == "thin" for c in ws[cell.row][:3])


def test_scores_count_valid_rows_without_those_of_weight_zero():
    """A row of weight 0 is no valid row of Scores (as under a sample design, which counts the PSUs' rows)."""
    frame = pd.DataFrame({"y": [1, 0, 1, 0, 1], "s": [0.9, 0.2, 0.7, 0.4, 0.6], "w": [1.0, 1.0, 0.0, 2.0, 1.0]})
    plain = frame.agree.scores("y", "s", weights="w", positive=1)
    designed = frame.assign(st=[0, 0, 1, 1, 1]).agree.scores("y", "s", weights="w", positive=1, strata="st")
    assert plain.n_zero_weight == 1 and plain.n_valid_rows == 4 == designed.n_valid_rows
