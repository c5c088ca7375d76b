"""The statistics tables of a layered CROSSTABS report as SPSS prints them (``CROSSTABS a BY b BY c /STATISTICS``):
each table once, the layer variable its outermost row dimension, each layer's rows in turn and the whole table last
as the "Total" layer, the footnotes lettered over the one table; the notes of a layer named by it."""

from __future__ import annotations

import re
import warnings

import pandas as pd
import pytest
from scipy import stats

import pandas_agree as pa
from pandas_agree.report.document import Table, laid_out, layered_statistics, stub_parts

from ._r_datasets import TITANIC, UCB


def _tables(report) -> dict[str, Table]:
    [section] = laid_out(report).sections
    return {t.title: t for t in section.tables}


def _layer_blocks(t: Table) -> dict[str, list[tuple[str, list[str]]]]:
    """Each layer's rows of a layered table (by the layer's value in the stub), each row's label without it."""
    blocks: dict[str, list] = {}
    current = None
    for label, cells in t.rows:
        layer, rest = stub_parts(t, label)
        current = layer or current
        blocks.setdefault(current, []).append((rest.strip(), cells))
    return blocks


def test_each_statistics_table_is_printed_once_over_the_layers():
    ct = UCB.agree.crosstabs("Admit", "Gender", weights="Freq", layers="Dept")
    report = ct.report(statistics=["chisq", "phi", "risk", "cmh"])
    tables = _tables(report)
    assert [title for title in tables if title in ("Chi-Square Tests", "Symmetric Measures", "Risk Estimate")] == \
        ["Chi-Square Tests", "Symmetric Measures", "Risk Estimate"]
    assert sum(title == "Chi-Square Tests" for title in tables) == 1
    chi_square = tables["Chi-Square Tests"]
    assert chi_square.stub == "Dept"
    blocks = _layer_blocks(chi_square)
    assert list(blocks) == [*"ABCDEF", "Total"]
    assert chi_square.rules == {sum(len(rows) for rows in list(blocks.values())[:k]) for k in range(1, 7)}
    for dept in "ABCDEF":
        counts = UCB[UCB["Dept"] == dept].pivot_table(index="Admit", columns="Gender", values="Freq", aggfunc="sum")
        # scipy.stats.chi2_contingency(counts, correction=False): Pearson's X² of the department's 2×2 table
        x2 = stats.chi2_contingency(counts.to_numpy(), correction=False).statistic
        rows = dict(blocks[dept])
        assert re.sub(r"[^\d.]", "", rows["Pearson Chi-Square"][0]) == f"{x2:.3f}"
        assert rows["N of Valid Cases"][0] == f"{counts.to_numpy().sum():.0f}"
    # R: sum(UCBAdmissions) is 4526; chisq.test(margin.table(UCBAdmissions, 1:2), correct = FALSE) gives 92.205
    total = dict(blocks["Total"])
    assert total["N of Valid Cases"][0] == "4526" and total["Pearson Chi-Square"][0].startswith("92.205")
    # the layered statistics (cmh) have no layers of their own: they stay as they are
    assert "Dept" not in tables["Tests of Conditional Independence"].stub


def test_the_footnotes_are_lettered_over_the_whole_table():
    report = UCB.agree.crosstabs("Admit", "Gender", weights="Freq", layers="Dept").report(statistics=["chisq"])
    t = _tables(report)["Chi-Square Tests"]
    # a minimum expected count for each layer and the whole table, and the continuity correction's once
    letters = [line[0] for line in t.footnotes]
    assert letters == list("abcdefgh")
    texts = [line[3:] for line in t.footnotes]
    assert texts.count("Computed only for a 2x2 table.") == 1
    assert sum("The minimum expected count is" in text for text in texts) == 7
    blocks = _layer_blocks(t)
    marks = {layer: dict(rows)["Pearson Chi-Square"][0][-1] for layer, rows in blocks.items()}
    assert len(set(marks.values())) == 7  # each layer's own footnote on its expected counts
    corrections = {dict(rows)["Continuity Correction"][0][-1] for rows in blocks.values()}
    assert len(corrections) == 1  # one footnote shared by every layer
    # the minimum expected count of department B's table (scipy.stats.contingency.expected_freq): 9.19
    b = UCB[UCB["Dept"] == "B"].pivot_table(index="Admit", columns="Gender", values="Freq", aggfunc="sum")
    expected = stats.contingency.expected_freq(b.to_numpy()).min()
    letter = "abcdefgh"["ᵃᵇᶜᵈᵉᶠᵍʰ".index(marks["B"])]
    assert f"{letter}. 0 cells (0.0%) have expected count less than 5. The minimum expected count is " \
           f"{expected:.2f}." in t.footnotes


def test_the_columns_are_those_of_every_layer():
    # a 2×2 layer (Fisher's one-sided significance) beside a 2×3 one (none): the table has both exact columns
    df = pd.DataFrame({"r": list("xxyyxxyy") + list("xxxxxyyy"), "c": list("uvuvuvuv") + list("uvwuvwuw"),
                       "g": ["p"] * 8 + ["q"] * 8})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        report = df.agree.crosstabs("r", "c", layers="g").report(statistics=["chisq"])
    t = _tables(report)["Chi-Square Tests"]
    assert t.columns == ["Value", "df", "Asymp. Sig.\n(2-sided)", "Exact Sig.\n(2-sided)", "Exact Sig.\n(1-sided)"]
    blocks = {layer: dict(rows) for layer, rows in _layer_blocks(t).items()}
    assert blocks["p"]["Fisher's Exact Test"][4] != "" and blocks["q"]["Fisher's Exact Test"][4] == ""
    # scipy.stats.fisher_exact([[2, 2], [2, 2]]): both sides 1.0 (layer p holds two of each cell)
    assert blocks["p"]["Fisher's Exact Test"][3] == "1.000"


def test_several_layer_variables_each_have_a_stub_column():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        report = TITANIC.agree.crosstabs("Sex", "Survived", weights="Freq", layers=["Class", "Age"]).report(
            statistics=["phi"])
    t = _tables(report)["Symmetric Measures"]
    assert stub_parts(t, t.stub)[:2] == ["Class", "Age"]
    # the outer value printed where it changes, the inner on each layer's first row; the whole table last
    layers = [stub_parts(t, label)[:2] for label, _ in t.rows if "Nominal by Nominal" in label]
    assert layers[:2] == [["1st", "Adult"], ["", "Child"]] and layers[-1] == ["Total", ""]
    # R: margin.table(Titanic, c(1, 3)): 319 adults and 6 children in the first class
    ns = [cells[0] for label, cells in t.rows if "N of Valid Cases" in label]
    assert ns[:2] == ["319", "6"] and ns[-1] == "2201"


def test_the_html_and_the_workbook_give_the_layer_a_column(tmp_path):
    report = UCB.agree.crosstabs("Admit", "Gender", weights="Freq", layers="Dept").report(statistics=["chisq"])
    html = report.to_html()
    chi_square = html[html.index("<h3>Chi-Square Tests</h3>"):]
    chi_square = chi_square[:chi_square.index("</table>")]
    assert "<th>Dept</th>" in chi_square and "<th>A</th>" in chi_square and "<th>Total</th>" in chi_square
    assert chi_square.count('class="pa-rule"') == 6  # a rule above each layer after the first
    import openpyxl

    report.to_excel(tmp_path / "ucb.xlsx")
    ws = openpyxl.load_workbook(tmp_path / "ucb.xlsx")["Report"]
    rows = [[c.value for c in row] for row in ws.iter_rows()]
    at = next(i for i, row in enumerate(rows) if row[0] == "Chi-Square Tests")
    below = rows[at:at + 60]
    assert any(row[0] == "B" and row[1] == "Pearson Chi-Square" for row in below)
    assert any(row[0] == "Total" and row[1] == "Pearson Chi-Square" for row in below)


def test_a_layers_own_notes_are_named_by_it():
    # layer q has a row with a missing r, and the whole table one more (its layer value missing): 1 and 2 rows left
    # out. Layer q has one column with cases: phi and Cramér's V are undefined there (SPSS: "No statistics are
    # computed because c is a constant"), and not in layer p or the whole table
    df = pd.DataFrame({"r": list("xxyyxxyy") + list("xyxyxy") + [None, "x"],
                       "c": list("uvuvuvuv") + list("uuuuuu") + ["u", "v"], "g": ["p"] * 8 + ["q"] * 7 + [None]})
    with pytest.warns(pa.UndefinedMeasureWarning, match=r"^Phi and Cramér's V undefined \(NaN\): the column "
                                                        r"variable 'c' has one category with cases$"):
        report = df.agree.crosstabs("r", "c", layers="g").report(statistics=["phi"])
    assert report.layers["q"].notes == ["1 row with a missing value was left out."]
    [section] = laid_out(report).sections
    assert section.notes == ["2 rows with a missing value were left out.",
                             "g = q: 1 row with a missing value was left out."]
    assert not any(note.startswith("g = p:") for note in section.notes)
    # the footnote of layer q's statistics says why they are undefined; no note says it again
    text = str(report)
    assert text.count("No statistics are computed: one of the variables is a constant (a single non-empty "
                      "column).") == 1
    assert "undefined" not in text.lower()


def test_a_weighted_layer_leaves_the_note_on_the_weights_to_the_whole_table():
    report = UCB.agree.crosstabs("Admit", "Gender", weights="Freq", layers="Dept").report(statistics=["chisq"])
    [section] = laid_out(report).sections
    weights = [note for note in section.notes if "weights were used" in note]
    assert len(weights) == 1 and "N = 4526" in weights[0]
    # a layer's own report still says it
    assert any("N = 933" in note for note in report.layers["A"].notes)


def test_a_layers_notes_are_built_once_and_filtered(monkeypatch):
    # R: sum(UCBAdmissions[, , "A"]) is 933; each of the 6 layers' notes, and the whole table's, are built once
    import pandas_agree.report.crosstab as module

    built = []
    original = module.table_notes

    def counted(table, value):
        built.append(table.n)
        return original(table, value)

    monkeypatch.setattr(module, "table_notes", counted)
    report = UCB.agree.crosstabs("Admit", "Gender", weights="Freq", layers="Dept").report(statistics=["chisq"])
    assert len(built) == 1 + 6 and built.count(933) == 1
    layer = report.layers["A"]
    weights = [note for note in layer.notes if note.startswith("Frequency weights were used: N = 933")]
    assert len(weights) == 1 and layer.layer_notes == [note for note in layer.notes if note not in weights]


def test_the_layer_variables_are_one_name_or_a_list_of_names():
    from pandas_agree.base.frames import name_list

    # the layer variables as Crosstab.layers_by gives them (R: names(dimnames(Titanic))[3:2] for two)
    assert name_list("Dept") == ["Dept"] and name_list(["Age", "Sex"]) == ["Age", "Sex"]
    assert name_list(("a", 1)) == [("a", 1)]  # a column of a MultiIndex is one name
    ct = TITANIC.agree.crosstabs("Class", "Survived", weights="Freq", layers=["Age", "Sex"])
    assert laid_out(ct.report()).title == "Crosstabs: Class * Survived * Age * Sex"


def test_unlettered_footnotes_are_kept_once():
    one = Table("T", ["Value"], [("x", ["1.000ᵃ"])], footnotes=["a. First.", "Under the sample design."])
    two = Table("T", ["Value"], [("x", ["2.000ᵃ"])], footnotes=["a. Second.", "Under the sample design."])
    [t] = layered_statistics([(1, [one]), (2, [two]), (None, [one])], "g")
    assert t.footnotes == ["a. First.", "b. Second.", "Under the sample design."]
    assert [cells[0] for _, cells in t.rows] == ["1.000ᵃ", "2.000ᵇ", "1.000ᵃ"]


@pytest.mark.parametrize("max_classes", [1, 20])
def test_the_numbers_are_those_of_the_layers_reports(max_classes):
    """Whichever the layout, a layer's printed statistics are those of its own report's tables."""
    ct = UCB.agree.crosstabs("Admit", "Gender", weights="Freq", layers="Dept")
    report = ct.report(statistics=["chisq"], max_classes=max_classes)
    text = str(report)
    for dept, sub in report.layers.items():
        value = sub.statistics["Chi-Square Tests"].loc["Likelihood Ratio", "value"]
        assert f"{value:.3f}" in text, dept


def test_the_title_names_the_layers():
    # SPSS titles the layered crosstab "Admit * Gender * Dept Crosstabulation"; the report's title and its meta line
    # name the layers too (R: dim(UCBAdmissions)[3] is 6 departments)
    report = UCB.agree.crosstabs("Admit", "Gender", weights="Freq", layers="Dept").report()
    doc = laid_out(report)
    assert doc.title == "Crosstabs: Admit * Gender * Dept" and doc.meta.endswith("· 2 × 2 table · 6 layers")
    assert laid_out(UCB.agree.crosstabs("Admit", "Gender", weights="Freq").report()).title == \
        "Crosstabs: Admit * Gender"


def test_a_page_that_goes_on_mid_layer_repeats_the_layer(tmp_path):
    """The workbook's Report sheet paginates: a layered table that goes on to a new page in the middle of a layer
    names the layer again on the page's first row (its value is otherwise only on the layer's first row)."""
    import openpyxl

    report = UCB.agree.crosstabs("Admit", "Gender", weights="Freq", layers="Dept").report(
        statistics=["chisq", "lambda"], cells="all")
    report.to_excel(tmp_path / "long.xlsx")
    rows = [[c.value for c in row] for row in openpyxl.load_workbook(tmp_path / "long.xlsx")["Report"].iter_rows()]
    continued = [i for i, row in enumerate(rows) if row[0] and str(row[0]).endswith("(continued)")]
    assert len(continued) >= 3  # the crosstab and the statistics tables go on to new pages
    for i in continued:
        header = next(k for k in range(i + 1, i + 4) if rows[k][0] == "Dept")
        assert rows[header + 1][0] in [*"ABCDEF", "Total"], rows[header + 1]
    # the first page's rows are as before: a layer's value on its first row only
    first = next(i for i, row in enumerate(rows) if row[0] == "A")
    assert rows[first + 1][0] is None
