"""Labels that print alike are told apart in every printed output (docs/notes/report.md, "Labels that print alike"):
where two labels of one output would read the same (1 and "1", True and "True", "" and " ", "a\\x00" and the text
"a\\\\x00") or a label would read as nothing (""), those labels are printed as Python writes them (repr) in the text
report, the HTML report, the workbook's Report and data sheets and the command line; every other label as before."""

import html
import re
import unicodedata
from html.parser import HTMLParser

import numpy as np
import openpyxl
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pandas_agree.integrations import cli
from pandas_agree.report.display import apart, label, labels_apart, name
from pandas_agree.report.document import laid_out, stub_parts
from tests._fuzz_labels import label_key, label_pool


def _objects(labels, pred=None) -> pd.DataFrame:
    """Each label twice on both sides (object columns, so that 1 and "1" are two labels of one column)."""
    pred = labels if pred is None else pred
    return pd.DataFrame({"a": pd.Series([x for x in labels for _ in range(2)], dtype=object),
                         "p": pd.Series([x for x in pred for _ in range(2)], dtype=object)})


def _report(labels, **options):
    return _objects(labels).agree.report("a", "p", ci=None, **options)


def _seen(text: str) -> str:
    """What a reader sees of a printed text: the characters that print as nothing left out, spaces collapsed."""
    text = unicodedata.normalize("NFC", text)
    return " ".join("".join(c for c in text if unicodedata.category(c) != "Cf").split())


def _apart(texts) -> bool:
    seen = [_seen(t) for t in texts]
    return len(set(seen)) == len(seen) and "" not in seen


def _text_crosstab(report) -> tuple[list[str], list[str]]:
    """The column and row headers of the (first) crosstab of the text report, of labels without spaces."""
    lines = str(report).splitlines()
    top = next(i for i, line in enumerate(lines) if line.endswith("Crosstabulation"))
    header = lines[top + 3].split()
    body = []
    for line in lines[top + 5:]:
        if line.startswith("─"):
            break
        body.append(line.split()[0])
    return header[1:-1], body  # without the stub and "Total"


class _Tables(HTMLParser):
    """The header cells (th) of each table of an HTML page, after the h3 title before it."""

    def __init__(self):
        super().__init__()
        self.tables, self.title, self._in, self._text = {}, None, None, ""

    def handle_starttag(self, tag, attrs):
        if tag in ("h3", "th"):
            self._in, self._text = tag, ""
        elif tag == "table":
            self.tables.setdefault(self.title, []).append({"thead": [], "tbody": []})
        elif tag in ("thead", "tbody"):
            self._part = tag

    def handle_endtag(self, tag):
        if tag == "h3" and self._in == "h3":
            self.title, self._in = self._text, None
        elif tag == "th" and self._in == "th":
            self.tables[self.title][-1][self._part].append(self._text)
            self._in = None

    def handle_data(self, data):
        if self._in:
            self._text += data


def _html_crosstab(report) -> tuple[list[str], list[str]]:
    parser = _Tables()
    parser.feed(report.to_html(plots=False))
    title = next(t for t in parser.tables if t and t.endswith("Crosstabulation"))
    table = parser.tables[title][0]
    return table["thead"][3:-1], table["tbody"][:-1]  # without "", the column variable, the stub and "Total"


def _sheet_crosstab(report, path) -> tuple[list, list, list]:
    """The Crosstab data sheet's column and row headers, and the Report sheet's crosstab column headers."""
    report.to_excel(path)
    book = openpyxl.load_workbook(path)
    data = book["Crosstab"]
    header = [c.value for c in data[2]][1:-1]
    rows = [data.cell(r, 1).value for r in range(3, data.max_row + 1)]
    rows = rows[:rows.index("Total")]
    sheet = book["Report"]
    top = next(r for r in range(1, sheet.max_row + 1) if str(sheet.cell(r, 1).value).endswith("Crosstabulation"))
    printed = [c.value for c in sheet[top + 2]][1:]
    printed = printed[:printed.index("Total")]
    return header, rows, [x for x in printed if x is not None]


def _cells(values) -> list[str]:
    """Cells as a reader sees them: an empty cell as nothing, a number as its text."""
    return ["" if v is None else str(v) for v in values]


@pytest.mark.parametrize(("labels", "expected"), [
    ([1, "1", 2], ["1", "'1'", "2"]),
    (["", " ", "x"], ["''", "' '", "x"]),
    (["a", "a\x00", "a\\x00"], ["a", "'a\\x00'", "'a\\\\x00'"]),
    (["", "x"], ["''", "x"]),
    ([True, "True", "x"], ["True", "'True'", "x"]),
    (["a", "a\u200b", "b"], ["'a'", "'a\\u200b'", "b"]),
    (["a", "a ", "b"], ["'a'", "'a '", "b"]),
], ids=["1 and '1'", "'' and ' '", "a and a\\x00", "'' alone", "True and 'True'", "zero-width space", "a space"])
def test_labels_print_apart_in_text_html_and_workbook(labels, expected, tmp_path):
    report = _report(labels)
    order = [labels.index(x) for x in report.agreement.labels.tolist()]  # the table's order of the labels
    shown = [expected[i] for i in order]
    columns, rows = _text_crosstab(report) if all(" " not in e for e in expected) else (shown, shown)
    assert columns == shown and rows == shown
    doc = laid_out(report)
    table = next(t for sec in doc.sections for t in sec.tables if t.title.endswith("Crosstabulation"))
    assert table.columns[:-1] == shown and [row for row, _ in table.rows][:-1] == shown
    columns, rows = _html_crosstab(report)
    assert columns == shown and rows == shown
    header, body, printed = _sheet_crosstab(report, tmp_path / "labels.xlsx")
    assert _apart(_cells(header)) and _apart(_cells(body)) and _apart(_cells(printed))
    assert _cells(printed) == shown
    # the data sheets keep a number a number: only the labels shown apart become their repr
    assert _cells(header) == [e if isinstance(x, str) and e != x else str(x) for x, e in
                              zip(report.agreement.labels.tolist(), shown, strict=True)]


def test_an_empty_label_alone_is_written_as_two_quotes(tmp_path):
    report = _report(["", "x"])
    assert "''" in _text_crosstab(report)[0]
    header, body, printed = _sheet_crosstab(report, tmp_path / "empty.xlsx")
    assert header[0] == "''" and body[0] == "''" and printed[0] == "''"  # not an empty cell


def test_notes_and_other_tables_name_labels_as_the_crosstab_shows_them():
    with pytest.warns(UserWarning, match="differ only in type"):
        report = _objects([1, "1", "z"], pred=[1, "y", "z"]).agree.report("a", "p", ci=None)
    assert "Reference labels never predicted: '1'." in report.notes  # "1" beside the label 1
    text = str(report)
    assert "Reference labels never predicted: '1'." in text
    left_out = text.split("Labels Left Out of the Averages")[1].split("═\n")[1]
    assert "Reference labels never predicted          '1'" in left_out
    confusions = text.split("Largest Confusions")[1].split("═\n")[1].splitlines()
    assert confusions[2].split()[:3] == ["1", "'1'", "y"]  # rank, reference, predicted


def test_groups_print_apart(tmp_path):
    df = _objects(["x", "y"] * 3)
    df["g"] = pd.Series([1, 1, 1, 1, "1", "1", "1", "1", "", "", "", ""], dtype=object)
    report = df.agree.report("a", "p", ci=None, by="g")
    headings = [line for line in str(report).splitlines() if line.startswith("▌ Group")]
    assert [h.split(" ─")[0] for h in headings] == ["▌ Group: g = 1", "▌ Group: g = ''", "▌ Group: g = '1'"]
    parser = _Tables()
    page = report.to_html(plots=False)
    assert "Group: g = &#x27;1&#x27;" in page and "Group: g = &#x27;&#x27;" in page
    path = tmp_path / "groups.xlsx"
    report.to_excel(path)
    book = openpyxl.load_workbook(path)
    titles = [c.value for c in book["Crosstab"]["A"] if c.value and "Crosstabulation" in str(c.value)]
    assert titles == ["a * p Crosstabulation — all data", "a * p Crosstabulation — g = 1",
                      "a * p Crosstabulation — g = ''", "a * p Crosstabulation — g = '1'"]
    groups = {c.value for c in book["Summary"]["A"][2:] if c.value is not None and c.row < 15}
    assert groups == {1, "''", "'1'"}  # the number stays a number; the group cell of all data stays blank
    del parser


def test_layers_print_apart(tmp_path):
    df = pd.DataFrame({"r": list("xyxyxyxy"), "c": list("uvvuuvvu"),
                       "g": pd.Series([1, 1, 1, 1, "1", "1", "1", "1"], dtype=object)})
    report = df.agree.crosstabs("r", "c", layers="g").report()
    layered = [t for sec in laid_out(report).sections for t in sec.tables if "Crosstabulation" in t.title]
    assert len(layered) == 1  # every layer in one table: each layer's value in the stub's first column
    assert [v for v in (stub_parts(layered[0], label)[0] for label, _ in layered[0].rows) if v] == \
        ["1", "'1'", "Total"]
    apart = report.source.report(max_classes=1)  # a section for each layer, headed by it
    headings = [line.split(" ─")[0] for line in str(apart).splitlines() if line.startswith("▌ Layer")]
    assert headings == ["▌ Layer: g = 1", "▌ Layer: g = '1'"]
    path = tmp_path / "layers.xlsx"
    report.to_excel(path)
    titles = [c.value for c in openpyxl.load_workbook(path)["Crosstab"]["A"]
              if c.value and "Crosstabulation" in str(c.value)]
    assert titles[1:] == ["r * c Crosstabulation (g = 1)", "r * c Crosstabulation (g = '1')"]


def test_crosstabs_rows_and_columns_print_apart(tmp_path):
    df = pd.DataFrame({"r": pd.Series([1, "1", 1, "1", ""], dtype=object), "c": list("uvvuu")})
    report = df.agree.crosstabs("r", "c").report()
    doc = laid_out(report)
    table = next(t for sec in doc.sections for t in sec.tables if "Crosstabulation" in t.title)
    assert [row.split()[0] for row, cells in table.rows if cells is not None][:3] == ["1", "'1'", "''"]
    path = tmp_path / "crosstabs.xlsx"
    report.to_excel(path)
    column = [c.value for c in openpyxl.load_workbook(path)["Crosstab"]["A"]]
    assert "'1' · Count" in column and "1 · Count" in column and "'' · Count" in column


def test_command_line_prints_blank_and_spaced_labels_apart(tmp_path, capsys):
    path = tmp_path / "spaced.csv"
    path.write_text('truth,guess\na,a\n"a ","a "\n" "," "\nb,b\na,b\n')
    assert cli.main(["report", str(path), "--actual", "truth", "--pred", "guess", "--ci", "none"]) == 0
    out = capsys.readouterr().out
    crosstab = out.split("Crosstabulation")[1].split("Matching cells")[0]
    assert "'a '" in crosstab and "' '" in crosstab and "'a'" in crosstab


def test_ordinary_labels_and_names_are_unchanged():
    with labels_apart(["a", "b", 1, 2.5, True, ("a", 1)]):
        assert [label(x) for x in ("a", "b", 1, 2.5, True, ("a", 1))] == ["a", "b", "1", "2.5", "True", "('a', 1)"]
    with labels_apart([1, "1"]):
        assert label("1") == "'1'" and name("1", "reference") == "1"  # a variable's name is not a label
    assert label("1") == "1"  # outside an output's layout nothing changes
    # the JSON keys of groups follow the same rule (group_keys), an empty key is a key
    assert apart(["", "a"]) == ["", "a"] and apart([1, "1"]) == ["1", "'1'"]


def test_missing_label_beside_its_name_as_text():
    with labels_apart([np.nan, "(missing)", "x"]):
        assert label(np.nan) == "(missing)" and label("(missing)") == "'(missing)'" and label("x") == "x"


@st.composite
def _label_sets(draw):
    kinds = ["str", "alike", "mixed", "boolint", "surrogate", "tuple", "int", "float", "bool", "long"]
    pools = [draw(label_pool(kinds=kinds, max_size=4))[1] for _ in range(2)]
    extra = draw(st.lists(st.sampled_from(["", " ", "  ", "\u200b", "a", "a ", "a\x00", "a\\x00", "1", "True",
                                           "(missing)", "\u00e9", "e\u0301", "\u3000"]), max_size=4))
    labels = list({label_key(x): x for x in [*pools[0], *pools[1], *extra] if label_key(x) is not None}.values())
    return labels


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_label_sets())
def test_printed_headers_of_a_crosstab_are_pairwise_distinct(labels):
    if len(labels) < 2:
        return
    report = _objects(labels).agree.crosstabs("a", "p").report()
    doc = laid_out(report)
    table = next(t for sec in doc.sections for t in sec.tables if "Crosstabulation" in t.title)
    columns = table.columns[:-1]
    rows = [row for row, cells in table.rows if cells is not None][:-1]
    assert len(columns) == len(rows) == len(labels)
    assert _apart(columns), columns
    assert _apart(rows), rows
    text = str(report)
    assert all(c in text for c in columns)


def test_rater_categories_and_comparison_classes_print_apart(tmp_path):
    df = pd.DataFrame({"r1": pd.Series([1, "1", "", 1, "1", ""], dtype=object),
                       "r2": pd.Series([1, "1", "", "1", "1", ""], dtype=object),
                       "r3": pd.Series([1, "1", "", 1, 1, ""], dtype=object)})
    with pytest.warns(UserWarning, match="differ only in type"):
        raters = df.agree.raters(["r1", "r2", "r3"]).report(ci=None)
    tables = {t.title: t for sec in laid_out(raters).sections for t in sec.tables}
    assert [row for row, _ in tables["Fleiss' Kappa by Category"].rows] == ["1", "'1'", "''"]
    assert tables["Ratings by Rater"].columns == ["1", "'1'", "''"]
    path = tmp_path / "raters.xlsx"
    raters.to_excel(path)
    sheet = openpyxl.load_workbook(path)["Raters"]
    assert [c.value for c in sheet[2]] == ["rater", 1, "'1'", "''"]
    comparison = df.agree.compare("r1", ["r2", "r3"]).report(ci=None)
    tests = next(t for sec in laid_out(comparison).sections for t in sec.tables if t.title == "Tests")
    assert {row.rsplit(" · ", 1)[-1] for row, _ in tests.rows} == {"(all)", "1", "'1'", "''"}


def test_the_plot_shows_labels_apart():
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    figure = _report([1, "1", ""]).plot()
    ticks = [t.get_text() for t in figure.axes[0].get_xticklabels()]
    assert ticks == ["1", "'1'", "''"]


def _class_probabilities(labels) -> pd.DataFrame:
    """Six objects of each class (an object column) and a probability column for each class, the object's own
    class the likeliest."""
    rng = np.random.default_rng(7)
    y = [x for x in labels for _ in range(6)]
    p = rng.dirichlet(np.ones(len(labels)), len(y))
    p[np.arange(len(y)), np.repeat(np.arange(len(labels)), 6)] += 0.5
    p /= p.sum(axis=1, keepdims=True)
    return pd.DataFrame({"y": pd.Series(y, dtype=object), **{f"p{k}": p[:, k] for k in range(len(labels))}})


def _text_rows(text: str, title: str) -> list[str]:
    """The row labels of a table of the text report (cells two or more spaces apart)."""
    lines = text.splitlines()
    top = lines.index(title)
    body = []
    for line in lines[top + 4:]:
        if line.startswith("═"):
            break
        body.append(re.split(r"\s{2,}", line)[0])
    return body


def _sheet_section(sheet, title: str) -> list[list]:
    """The rows under ``title`` on a workbook's sheet up to the next empty row, its header first."""
    rows = [list(row) for row in sheet.iter_rows(values_only=True)]
    top = next(i for i, row in enumerate(rows) if row[0] == title)
    section = []
    for row in rows[top + 1:]:
        if all(v is None for v in row):
            break
        section.append(row)
    return section


@pytest.mark.parametrize(("labels", "expected"), [
    ([1, "1", "x"], ["1", "'1'", "x"]),
    (["", " ", "x"], ["''", "' '", "x"]),
], ids=["1 and '1'", "'' and ' '"])
def test_class_probabilities_print_their_classes_apart(labels, expected, tmp_path):
    df = _class_probabilities(labels)
    report = df.agree.scores("y", ["p0", "p1", "p2"]).report(ci=None)
    shown = [expected[labels.index(x)] for x in report.scores.labels.tolist()]
    title = "One-vs-rest values by class"
    assert _text_rows(str(report), title) == shown
    parser = _Tables()
    parser.feed(report.to_html(plots=False))
    assert parser.tables[title][0]["tbody"] == shown
    path = tmp_path / "classes.xlsx"
    report.to_excel(path)
    book = openpyxl.load_workbook(path)
    printed = _sheet_section(book["Report"], title)
    assert [row[0] for row in printed[1:]] == shown
    # the data sheets keep a number a number: only the labels shown apart become their repr
    cells = [x if e == str(x) else e for x, e in zip(report.scores.labels.tolist(), shown, strict=True)]
    assert [row[0] for row in _sheet_section(book["Values"], title)[1:]] == cells
    roc = _sheet_section(book["ROC"], "ROC curve")
    column = roc[0].index("class")
    assert list(dict.fromkeys(row[column] for row in roc[1:] if isinstance(row[0], (int, float)))) == cells


def test_notes_and_plot_of_class_probabilities_name_classes_apart():
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    y = pd.Series([1, "1", "x"] * 4, dtype=object)
    p = np.full((12, 3), 0.1)
    p[np.arange(12), np.arange(12) % 3] = 0.8  # every class's probability separates it from the rest
    report = pd.DataFrame({"y": y, "p0": p[:, 0], "p1": p[:, 1], "p2": p[:, 2]}).agree.scores(
        "y", ["p0", "p1", "p2"]).report()
    note = next(n for n in report.notes if n.startswith("The one-vs-rest intervals"))
    assert " of 1, '1' and x have zero width: the probability of 1, '1' and x separates" in note
    assert note in " ".join(str(report).split())
    legend = report.plot().axes[0].get_legend()
    assert [t.get_text().split(" (AUC")[0] for t in legend.get_texts()] == ["1", "'1'", "x"]


@pytest.mark.parametrize(("labels", "positive", "expected"), [
    ([1, "1"], "1", "'1'"), (["", " "], " ", "' '"), (["", " "], "", "''"),
], ids=["'1' beside 1", "' ' beside ''", "'' beside ' '"])
def test_score_reports_name_the_positive_label_apart(labels, positive, expected, tmp_path):
    df = pd.DataFrame({"y": pd.Series(labels * 4, dtype=object), "s": np.linspace(0, 1, 8),
                       "1": np.linspace(1, 0, 8) ** 2})
    one = df.agree.scores("y", "s", positive=positive).report(ci=None)
    two = df.agree.compare_scores("y", ["1", "s"], positive=positive).report(ci=None)
    # a score column's name is a variable's name, not a label: "1" is printed as it is beside the labels 1 and "1"
    for report, title in ((one, f"Scores report: s against y (positive: {expected})"),
                          (two, f"Score comparison report: 1, s against y (positive: {expected})")):
        assert str(report).splitlines()[0] == title
        assert f"<h2>{html.escape(title)}</h2>" in report.to_html(plots=False)
        path = tmp_path / "scores.xlsx"
        report.to_excel(path)
        assert openpyxl.load_workbook(path)["Report"]["A1"].value == title
    assert "Statistics of 1" in str(two) and "1 − s" in str(two)
    two.to_excel(path)
    assert {row[0] for row in _sheet_section(openpyxl.load_workbook(path)["Values"], "Statistics")[1:]} == {"1", "s"}


def _total_and_sub() -> pd.DataFrame:
    return pd.DataFrame({"A": ["Total"] * 10 + ["Sub"] * 10, "P": ["Total"] * 7 + ["Sub"] * 13})


def test_a_label_that_reads_like_the_margin_prints_apart_from_it(tmp_path):
    report = _total_and_sub().agree.report("A", "P", ci=None)
    table = next(t for sec in laid_out(report).sections for t in sec.tables if t.title.endswith("Crosstabulation"))
    assert table.columns == ["Sub", "'Total'", "Total"]  # the label, then the margin as its heading
    assert [row for row, _ in table.rows] == ["Sub", "'Total'", "Total"]
    text = str(report)
    assert re.search(r"Sub +'Total' +Total\n", text) and re.search(r"\n'Total' +3 +\[7\] +10\n", text)
    columns, rows = _html_crosstab(report)
    assert columns == ["Sub", "'Total'"] and rows == ["Sub", "'Total'"]
    path = tmp_path / "total.xlsx"
    report.to_excel(path)
    book = openpyxl.load_workbook(path)
    data = book["Crosstab"]
    assert [c.value for c in data[2]] == ["A", "Sub", "'Total'", "Total"]
    assert [data.cell(r, 1).value for r in range(3, 6)] == ["Sub", "'Total'", "Total"]
    sheet = book["Report"]
    top = next(r for r in range(1, sheet.max_row + 1) if str(sheet.cell(r, 1).value).endswith("Crosstabulation"))
    assert [c.value for c in sheet[top + 2]][1:4] == ["Sub", "'Total'", "Total"]
    assert report.to_dict()["crosstab"]["columns"] == ["Sub", "Total", "Total"]  # the JSON keeps the labels


def test_percentages_and_cell_statistics_print_the_label_apart_from_the_margin():
    report = _total_and_sub().agree.report("A", "P", ci=None, percentages=["row"])
    table = next(t for sec in laid_out(report).sections for t in sec.tables if t.title.endswith("Crosstabulation"))
    assert table.columns == ["Sub", "'Total'", "Total"]
    assert [row for row, _ in table.rows if not row.startswith(" ")] == ["Sub", "'Total'", "Total"]
    # with cell statistics the margins are named "(Total)" where a label is "Total" (Crosstab.cells): the label
    # then reads apart from them
    report = _total_and_sub().agree.report("A", "P", ci=None, cells=["count", "expected"])
    table = next(t for sec in laid_out(report).sections for t in sec.tables if t.title.endswith("Crosstabulation"))
    assert table.columns == ["Sub", "Total", "(Total)"]
    assert [row.split()[0] for row, _ in table.rows if not row.startswith(" ")] == ["Sub", "Total", "(Total)"]


def test_labels_total_and_parenthesised_total_beside_cell_statistics():
    # with "Total" and "(Total)" both labels, the margins are "((Total))": the labels print as they are
    frame = pd.DataFrame({"A": ["Total"] * 3 + ["(Total)"] * 3, "P": ["Total", "(Total)"] * 3})
    for report in (frame.agree.report("A", "P", ci=None, cells=["count", "expected"]),
                   frame.agree.crosstabs("A", "P").report(cells=["count", "row"])):
        table = next(t for sec in laid_out(report).sections for t in sec.tables if "Crosstabulation" in t.title)
        assert table.columns == ["(Total)", "Total", "((Total))"]
        assert [row.split()[0] for row, _ in table.rows if not row.startswith(" ")] == ["(Total)", "Total",
                                                                                         "((Total))"]


def test_a_label_total_beside_the_crosstabs_renamed_margin_is_left_as_it_is():
    # CROSSTABS names its margins "(Total)" where a label is "Total" (Crosstab.cells): the label then reads apart
    report = _total_and_sub().agree.crosstabs("A", "P").report()
    table = next(t for sec in laid_out(report).sections for t in sec.tables if "Crosstabulation" in t.title)
    assert table.columns == ["Sub", "Total", "(Total)"]


def test_a_class_that_reads_like_the_whole_tables_class_prints_apart_in_the_tests(tmp_path):
    df = pd.DataFrame({"A": ["(all)"] * 10 + ["b"] * 10, "P": ["(all)"] * 8 + ["b"] * 12,
                       "Q": ["(all)"] * 9 + ["b"] * 11})
    report = df.agree.compare("A", ["P", "Q"]).report(ci=None)
    tests = next(t for sec in laid_out(report).sections for t in sec.tables if t.title == "Tests")
    # two classes: the tests of the whole table alone, once each
    assert [row for row, _ in tests.rows] == ["MCNEMAR · P vs Q · (all)", "COCHRAN_Q · all · (all)"]
    three = pd.concat([df, pd.DataFrame({"A": ["c"] * 5, "P": ["c"] * 5, "Q": ["c"] * 5})], ignore_index=True)
    report = three.agree.compare("A", ["P", "Q"]).report(ci=None)
    tests = next(t for sec in laid_out(report).sections for t in sec.tables if t.title == "Tests")
    assert [row for row, _ in tests.rows] == [
        "MCNEMAR · P vs Q · (all)", "COCHRAN_Q · all · (all)", "MCNEMAR · P vs Q · '(all)'",
        "COCHRAN_Q · all · '(all)'", "MCNEMAR · P vs Q · b", "COCHRAN_Q · all · b", "MCNEMAR · P vs Q · c",
        "COCHRAN_Q · all · c"]
    assert "MCNEMAR · P vs Q · '(all)'" in str(report)
    path = tmp_path / "compare.xlsx"
    report.to_excel(path)
    sheet = openpyxl.load_workbook(path)["Tests"]
    assert [sheet.cell(r, 3).value for r in range(3, 9)] == ["(all)", "(all)", "'(all)'", "'(all)'", "b", "b"]
    assert report.to_dict()["tests"]["index"][2] == ["MCNEMAR", "P vs Q", "(all)"]  # the JSON keeps the label


def test_reserved_texts_in_apart_and_labels_apart():
    assert apart(["Total", "x"], reserved=["Total"]) == ["'Total'", "x"]
    assert apart(["x", "y"], reserved=["Total"]) == ["x", "y"]  # ordinary labels unchanged
    with labels_apart(["Total ", "x"], reserved=["Total"]):  # reads alike once the space is set aside
        assert label("Total ") == "'Total '" and label("x") == "x"
    with labels_apart([1, 2], ["Total"], reserved=["(all)"]):
        assert [label(v) for v in (1, 2, "Total")] == ["1", "2", "Total"]
