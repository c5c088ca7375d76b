"""The Report sheet of a crosstab with SPSS's cell statistics: the row's label and the statistic's name in two stub
columns (as SPSS and the HTML report show them), so that "Count" lines up with "Expected Count" in any font; the
other tables keep their one stub column."""

import openpyxl
import pandas as pd

import pandas_agree as pa  # noqa: F401  (registers df.agree)

from ._r_datasets import UCB


def _rows(ws) -> list[list]:
    return [[cell.value for cell in row] for row in ws.iter_rows(min_row=1, max_row=ws.max_row,
                                                                  max_col=ws.max_column)]


def _sheet(report, path):
    report.to_excel(path)
    return openpyxl.load_workbook(path)["Report"]


def _ucb() -> pd.DataFrame:
    return UCB.loc[UCB.index.repeat(UCB["Freq"])]  # R: UCBAdmissions, summed over the departments


def test_the_statistic_s_name_has_a_column_of_its_own(tmp_path):
    ws = _sheet(_ucb().agree.crosstabs("Admit", "Gender").report(cells=["count", "expected"]), tmp_path / "a.xlsx")
    rows = _rows(ws)
    at = next(i for i, row in enumerate(rows) if row[0] == "Admitted")
    # R: m <- margin.table(UCBAdmissions, 1:2); chisq.test(m)$expected gives 711.53889 (Admitted, Female)
    assert rows[at][:5] == ["Admitted", "Count", 557, 1198, 1755]
    assert rows[at + 1][0] is None and rows[at + 1][1] == "Expected Count"
    assert round(rows[at + 1][2], 5) == 711.53889
    assert rows[at + 2][:2] == ["Rejected", "Count"] and rows[at + 3][1] == "Expected Count"
    total = rows[at + 4]
    assert total[:3] == ["Total", "Count", 1835]
    assert ws.cell(at + 5, 1).font.b and ws.cell(at + 5, 2).font.b  # the total row bold in both stub columns
    # no indent: the names start at the cell's edge, one under the other
    assert ws.cell(at + 1, 1).alignment.indent == 0 and ws.cell(at + 2, 2).alignment.indent == 0
    header = next(i for i, row in enumerate(rows) if row[0] == "Admit")
    assert rows[header][2:5] == ["Female", "Male", "Total"]
    assert any(str(m) == f"A{header + 1}:B{header + 1}" for m in ws.merged_cells.ranges)  # the stub's name spans both


def test_the_other_tables_keep_one_stub_column(tmp_path):
    report = _ucb().agree.crosstabs("Admit", "Gender").report(cells=["count", "expected"], statistics=["chisq"])
    rows = _rows(_sheet(report, tmp_path / "b.xlsx"))
    valid = next(row for row in rows if row[0] == "Valid")
    assert valid[1] == 4526  # the Case Processing Summary: its N beside the label, as before
    pearson = next(row for row in rows if row[0] == "Pearson Chi-Square")
    # R: chisq.test(margin.table(UCBAdmissions, 1:2), correct = FALSE) gives X-squared = 92.205, df = 1
    assert round(pearson[1], 3) == 92.205 and pearson[2] == 1
