"""The HTML crosstab with SPSS's cell statistics (/CELLS) puts each row's label and the statistics' names in two
stub columns, as SPSS's viewer does, so that the names line up under one another in any font (the text report
keeps them side by side in its fixed-width stub)."""

import re
import warnings

import pandas_agree as pa

from ._r_datasets import TITANIC


def _crosstab_rows(page: str) -> tuple[str, list[list[str]]]:
    start = page.index("<h3>Class * Survived Crosstabulation</h3>")
    table = page[start:page.index("</table>", start)]
    head = table[:table.index("<tbody>")]
    body = table[table.index("<tbody>"):]
    return head, [re.findall(r"<t[hd][^>]*>([^<]*)</t[hd]>", row) for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body)]


def test_the_row_labels_and_the_statistics_are_two_columns():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", pa.LabelOrderWarning)
        report = pa.crosstabs(TITANIC, "Class", "Survived", weights="Freq").report(
            cells=["count", "expected", "row"])
    head, rows = _crosstab_rows(report.to_html())
    assert '<th colspan="2">Class</th>' in head and '<tr><th colspan="2"></th><th colspan="3"' in head
    assert [row[0] for row in rows] == ["1st", "", "", "2nd", "", "", "3rd", "", "", "Crew", "", "",
                                       "Total", "", ""]
    assert [row[1] for row in rows] == ["Count", "Expected Count", "% within Class"] * 5
    # R: margin.table(Titanic, c(1, 4)) is 122, 203 / 167, 118 / 528, 178 / 673, 212; chisq.test(...)$expected
    # [1, ] is 220.0227, 104.9773; 122 / 325 = 37.5%
    assert rows[0][2:] == ["122", "203", "325"]
    assert rows[1][2:] == ["220.0", "105.0", "325.0"]
    assert rows[2][2:] == ["37.5%", "62.5%", "100.0%"]
    assert all(len(row) == 5 for row in rows)
    # the text report keeps its one stub, the label and the statistic side by side
    text = str(report)
    assert re.search(r"^1st +Count +122 +203 +325$", text, re.M)
    assert re.search(r"^ +Expected Count +220\.0 +105\.0 +325\.0$", text, re.M)


def test_other_tables_keep_one_stub_column():
    report = pa.crosstabs(TITANIC, "Class", "Survived", weights="Freq").report(cells=["count"],
                                                                               statistics=["phi"])
    page = report.to_html()
    symmetric = page[page.index("<h3>Symmetric Measures</h3>"):]
    symmetric = symmetric[:symmetric.index("</table>")]
    assert "colspan" not in symmetric and "pa-stat" not in symmetric
