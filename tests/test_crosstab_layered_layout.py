"""A layered crosstab (CROSSTABS a BY b BY c) printed as SPSS prints it: one table with the layer variable as the
outermost row dimension, each layer's rows with its row Total in turn, then a "Total" layer (the whole table)."""

from __future__ import annotations

import warnings

import openpyxl

import pandas_agree as pa
from pandas_agree.report.document import laid_out

from ._r_datasets import TITANIC, UCB


def _ucb_report(**options):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return pa.crosstabs(UCB, "Admit", "Gender", weights="Freq", layers="Dept").report(**options)


def _crosstabs(report) -> list:
    return [(k, t) for k, sec in enumerate(laid_out(report).sections) for t in sec.tables
            if t.title.endswith("Crosstabulation")]


def test_one_crosstab_for_every_layer_and_the_total_layer_in_text():
    text = str(_ucb_report())
    assert text.count("Crosstabulation") == 1
    lines = text.split("Admit * Gender * Dept Crosstabulation", 1)[1].split("\n\n", 1)[0].splitlines()
    rows = [line.split() for line in lines if line.strip() and line[0] not in "═─" and "Gender" not in line]
    assert rows[0] == ["Dept", "Female", "Male", "Total"]
    # R: UCBAdmissions[, , "A"]: Admitted 512 men and 89 women, Rejected 313 and 19
    assert rows[1] == ["A", "Admit", "Admitted", "Count", "89", "512", "601"]
    assert rows[2] == ["Rejected", "Count", "19", "313", "332"]
    assert rows[3] == ["Total", "Count", "108", "825", "933"]
    assert [row[0] for row in rows[1:] if row[1] == "Admit"] == ["A", "B", "C", "D", "E", "F", "Total"]
    # R: margin.table(UCBAdmissions, c(1, 2)): Admitted 1198 men, 557 women; Rejected 1493 and 1278
    assert rows[-3:] == [["Total", "Admit", "Admitted", "Count", "557", "1198", "1755"],
                         ["Rejected", "Count", "1278", "1493", "2771"], ["Total", "Count", "1835", "2691", "4526"]]


def test_the_crosstab_is_in_the_first_section_only_with_a_rule_before_each_layer():
    report = _ucb_report(cells=["count", "row"])
    (section, table), = _crosstabs(report)
    assert section == 0
    assert table.title == "Admit * Gender * Dept Crosstabulation"
    # six lines a layer (two labels and the row total, each with its count and its row percentage), seven layers
    assert len(table.rows) == 7 * 6 and table.rules == {6 * k for k in range(1, 7)}
    first = table.rows[0][0]
    assert first.split() == ["A", "Admit", "Admitted", "Count"]
    # R: prop.table(UCBAdmissions[, , "A"], 1)["Admitted", "Female"] is 89 / 601 = 0.148
    assert table.rows[1][1] == ["14.8%", "85.2%", "100.0%"]


def test_the_html_report_gives_each_stub_level_its_own_column():
    html = _ucb_report().to_html()
    assert '<th>Dept</th><th class="pa-stat"></th><th class="pa-stat"></th><th class="pa-stat"></th>' in html
    assert ('<tr class="pa-rule"><th>Total</th><th class="pa-stat">Admit</th><th class="pa-stat">Admitted</th>'
            '<th class="pa-stat">Count</th><td>557</td><td>1198</td>') in html
    assert html.count("Crosstabulation</h3>") == 1


def test_the_report_sheet_prints_the_layered_crosstab(tmp_path):
    path = tmp_path / "ucb.xlsx"
    _ucb_report().to_excel(path)
    rows = [list(row) for row in openpyxl.load_workbook(path, read_only=True)["Report"].iter_rows(values_only=True)]
    titles = [row[0] for row in rows if isinstance(row[0], str) and row[0].endswith("Crosstabulation")]
    assert titles == ["Admit * Gender * Dept Crosstabulation"]
    shown = [[c for c in row if c is not None] for row in rows]
    # R: margin.table(UCBAdmissions, c(1, 2)) and UCBAdmissions[, , "F"]
    assert ["Total", "Admit", "Admitted", "Count", 557, 1198, 1755] in shown
    assert ["F", "Admit", "Admitted", "Count", 24, 22, 46] in shown


def test_the_report_sheet_keeps_the_layer_values_beside_their_rows(tmp_path):
    # the first column holds the layer values ("A" to "F", "Total"): as narrow as they are, not as wide as the
    # longest row label of the statistics' tables ("95% CI, ln(Common Odds Ratio): Lower Bound", 36 units wide),
    # whose row labels run across the crosstab's stub columns instead
    path = tmp_path / "ucb.xlsx"
    _ucb_report(statistics=["chisq", "cmh"], cells=["count", "row"]).to_excel(path)
    ws = openpyxl.load_workbook(path)["Report"]
    widths = [ws.column_dimensions[letter].width for letter in "ABCD"]
    assert widths[0] <= 12
    label = "95% CI, ln(Common Odds Ratio): Lower Bound"
    (row,) = [r for r in range(1, ws.max_row + 1) if ws.cell(r, 1).value == label]
    assert f"A{row}:D{row}" in {str(cells) for cells in ws.merged_cells.ranges}
    assert sum(widths) >= len(label) * 0.82 + 2  # the four columns hold it on one line
    # its value in the first column of values, under the crosstab's first column (Female)
    assert isinstance(ws.cell(row, 5).value, float)
    (valid,) = [r for r in range(1, 12) if ws.cell(r, 1).value == "Valid"]
    assert ws.cell(valid, 5).value == 4526  # R: sum(UCBAdmissions)
    # a layered statistics table (the layer, then the statistic's name across the stub's columns left): its header
    # rule runs under all the stub's columns
    title = next(r for r in range(1, ws.max_row + 1) if ws.cell(r, 1).value == "Chi-Square Tests")
    header = next(r for r in range(title, title + 4) if ws.cell(r, 1).value == "Dept")
    assert all(ws.cell(header, col).border.bottom.style == "thin" for col in range(1, 6))
    assert ws.cell(header + 1, 2).value == "Pearson Chi-Square"
    assert f"B{header + 1}:D{header + 1}" in {str(cells) for cells in ws.merged_cells.ranges}


def test_a_report_sheet_without_layers_keeps_its_columns(tmp_path):
    path = tmp_path / "ucb.xlsx"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pa.crosstabs(UCB, "Admit", "Gender", weights="Freq").report(statistics=["chisq"]).to_excel(path)
    ws = openpyxl.load_workbook(path)["Report"]
    (valid,) = [r for r in range(1, 12) if ws.cell(r, 1).value == "Valid"]
    assert ws.cell(valid, 2).value == 4526 and not ws.merged_cells.ranges.__contains__(f"A{valid}:B{valid}")
    assert ws.column_dimensions["A"].width >= len("Linear-by-Linear Association") * 0.82 + 2


def test_a_column_a_layer_has_no_case_of_is_blank_in_that_layer():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        report = pa.crosstabs(TITANIC, "Survived", "Class", weights="Freq", layers="Age").report()
    (_, table), = _crosstabs(report)
    assert table.columns == ["1st", "2nd", "3rd", "Crew", "Total"]
    by_layer = {}
    for label, cells in table.rows:
        parts = label.split()
        if parts[0] in ("Adult", "Child", "Total") and parts[1] == "Survived":
            by_layer[parts[0]] = cells
    # R: margin.table(Titanic, c(4, 1, 3)): no child in the crew; the children who died: 0, 0, 52
    assert by_layer["Child"] == ["0", "0", "52", "", "52"]
    # R: margin.table(Titanic, c(4, 1))["No", ]: 122, 167, 528, 673
    assert by_layer["Total"] == ["122", "167", "528", "673", "1490"]


def test_several_layer_variables_each_have_a_stub_column():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        report = pa.crosstabs(TITANIC, "Class", "Survived", weights="Freq", layers=["Age", "Sex"]).report()
    (_, table), = _crosstabs(report)
    assert table.title == "Class * Survived * Age * Sex Crosstabulation"
    assert table.stub.split() == ["Age", "Sex"]
    heads = [label.split()[:3] for label, _ in table.rows if "Class" in label.split()]
    # each layer variable's value where it changes; the Total layer last
    assert heads == [["Adult", "Female", "Class"], ["Male", "Class", "1st"], ["Child", "Female", "Class"],
                     ["Male", "Class", "1st"], ["Total", "Class", "1st"]]


def test_a_table_not_printed_leaves_each_section_its_own():
    report = _ucb_report(max_classes=1)
    found = _crosstabs(report)
    assert len(found) == 7 and all(not t.columns for _, t in found)  # each says why it is not printed
