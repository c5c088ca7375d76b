"""A crosstab with residuals among its cell statistics prints the Total row without residual lines (the totals have
no residuals; SPSS prints the Total row's counts and percentages only), and the Total column's residuals blank."""

import warnings

import pandas_agree as pa

from ._r_datasets import TITANIC


def _crosstab_lines(report) -> list[str]:
    text = str(report)
    block = text[text.index("Crosstabulation"):]
    return block[:block.index("\n\n")].splitlines()


def test_the_total_row_has_no_residual_lines():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        report = pa.crosstabs(TITANIC, "Class", "Survived", weights="Freq").report(
            cells=["count", "row", "resid", "asresid"])
    lines = _crosstab_lines(report)
    total = next(i for i, line in enumerate(lines) if line.startswith("Total  Count"))
    assert lines[total + 1].split()[:3] == ["%", "within", "Class"]
    assert lines[total + 2].startswith("═")  # the table ends: no empty residual lines
    # each class keeps its residuals, the Total column's blank: R: chisq.test(xtabs(Freq ~ Class + Survived,
    # as.data.frame(Titanic)))$stdres gives -12.59 and 12.59 for 1st
    first = next(line for line in lines if line.strip().startswith("Adjusted Residual"))
    assert first.split()[-2:] == ["-12.6", "12.6"]
    assert sum(line.strip().startswith("Adjusted Residual") for line in lines) == 4


def test_the_matching_cells_stay_marked_on_their_line():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        report = pa.Agreement.from_table([[20, 5], [3, 22]]).report(cells=["count", "expected", "asresid"])
    lines = _crosstab_lines(report)
    marked = [line.split() for line in lines if "[" in line]
    assert marked == [["0", "Count", "[20]", "5", "25"], ["1", "Count", "3", "[22]", "25"]]
    end = max(i for i, line in enumerate(lines) if line.startswith("═"))
    assert lines[end - 1].split() == ["Expected", "Count", "23.0", "27.0", "50.0"]  # the Total row's last line


def test_the_total_row_with_percentages_is_ruled_off_whole():
    # the Total label's count line and its percentage lines are the total: the rule goes above them all
    report = pa.Agreement.from_table([[20, 5], [3, 22]]).report(percentages=["row", "total"], ci=None)
    lines = _crosstab_lines(report)
    rule = next(i for i, line in enumerate(lines[4:], start=4) if line.startswith("─"))  # below the header's
    # the table's margins: 23, 27 and 50 (R: addmargins(matrix(c(20, 3, 5, 22), 2))); 46.0% = 23/50
    assert lines[rule + 1].split() == ["Total", "23", "27", "50"]
    assert lines[rule + 2].split() == ["%", "within", "reference", "46.0%", "54.0%", "100.0%"]
    assert lines[rule + 3].split() == ["%", "of", "Total", "46.0%", "54.0%", "100.0%"]
    assert lines[rule + 4].startswith("═")
    page = report.to_html()
    assert '<tr class="pa-total"><th>Total</th><td>23</td>' in page
    assert page.count('<tr class="pa-total-more"><th>  % ') == 2
