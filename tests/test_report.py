"""The report: its tables, notes, text, HTML, Excel, JSON, plots and groups."""

import html.parser
import json
import re
import shutil
import subprocess
import warnings

import numpy as np
import openpyxl
import pandas as pd
import pytest

import pandas_agree as pa

INJECTIONS = ["=1+1", '=HYPERLINK("http://x","y")', "+1", "@cmd"]


@pytest.fixture(scope="module")
def wine_report():
    return pa.datasets.load("wine_predictions").agree.report("cultivar", "knn", random_state=0, n_resamples=500)


@pytest.fixture(scope="module")
def tricky():
    """Labels that look like formulas, a label only on one side, a missing label and a weight column."""
    rng = np.random.default_rng(0)
    labels = np.array(INJECTIONS, dtype=object)
    a = labels[rng.integers(0, 4, 300)]
    p = np.where(rng.random(300) < 0.7, a, labels[rng.integers(0, 4, 300)]).astype(object)
    p[:5] = "only predicted"
    a[5] = None
    return pd.DataFrame({"actual": a, "pred": p, "w": rng.integers(1, 3, 300).astype(float),
                         "site": rng.choice(["north", "south", "=evil()", "a/b:c*d?[e]"], 300)})


def test_attributes(wine_report):
    rep = wine_report
    for name in ("summary", "crosstab", "binary", "averages", "multiclass", "tests"):
        assert isinstance(getattr(rep, name), pd.DataFrame), name
    assert rep.summary.loc["Valid", "N"] == 178 and rep.summary.loc["Total", "Percent"] == 100
    assert rep.crosstab.loc["Total", "Total"] == 178
    assert rep.binary.columns.names == ["code", "stat"] and "interpretation" in rep.multiclass.columns
    ag = pa.datasets.load("wine_predictions").agree("cultivar", "knn")
    pd.testing.assert_frame_equal(rep.binary, ag.binary(ci="auto", random_state=0, n_resamples=500))
    assert rep.options["random_state"] == 0 and isinstance(rep.notes, list)
    assert any("95% confidence intervals" in n for n in rep.notes)


def test_notes_cover_what_a_reader_needs(tricky):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the report records warnings as notes instead of raising them
        rep = tricky.agree.report("actual", "pred", weights="w", random_state=1, n_resamples=200)
    text = " ".join(rep.notes)
    assert "weights" in text and "1 row with a missing label was left out" in text
    assert "Predicted labels not in the reference: only predicted" in text
    assert "Only the 4 labels present on both sides can agree" in text
    # weighted cases, as SPSS's WEIGHT BY: the Missing case is the weight of the row without its label
    assert list(rep.summary.index) == ["Valid", "Missing", "Total"] and list(rep.summary.columns) == ["N", "Percent"]
    assert rep.summary.loc["Missing", "N"] == tricky["w"].iloc[5]



def test_a_note_says_that_the_average_of_acc_is_not_the_accuracy(wine_report):
    """Three cultivars: the classes' one-vs-rest accuracies average 0.775, while the accuracy of the classification
    is OSR, 118 of 178; with two classes each class's ACC is OSR and the note is not needed."""
    # sklearn.metrics.accuracy_score(df.cultivar, df.knn) = 0.6629213483146067 = 118/178
    assert wine_report.multiclass.loc["OSR", "value"] == pytest.approx(0.6629213483146067, abs=1e-15)
    assert wine_report.averages.loc["ACC", ("unweighted", "value")] == pytest.approx(0.775281, abs=1e-6)
    note = [n for n in wine_report.notes if n.startswith("ACC (and ERR)")]
    assert len(note) == 1 and "that is OSR" in note[0] and "accuracy_score" in note[0]
    assert " ".join(note[0].split()) in " ".join(str(wine_report).split())  # the printed notes wrap
    two = pd.DataFrame({"y": list("aabbab"), "p": list("abbbaa")}).agree.report("y", "p", ci=None)
    assert not any(n.startswith("ACC (and ERR)") for n in two.notes)

def test_matching_and_undefined_values_in_notes():
    df = pa.datasets.load("iris_clusters")
    rep = df.agree.report("species", "cluster", match="accuracy", random_state=0, n_resamples=200)
    assert any("matched" in n and "→" in n for n in rep.notes)
    t = pd.DataFrame([[5, 0], [3, 0]], index=["x", "y"], columns=["x", "y"])
    rep = pa.Agreement.from_table(t).report(random_state=0, n_resamples=200)
    assert any("undefined" in n.lower() and "PRE (class y)" in n for n in rep.notes)


def test_percentages():
    rep = pa.datasets.load("wine_predictions").agree.report(
        "cultivar", "knn", ci=None, percentages=["row", "column", "total"])
    ct = rep.crosstab
    assert ct.index.nlevels == 2
    assert ct.loc[("cultivar 1", "% within cultivar"), "Total"] == pytest.approx(100)
    assert ct.loc[("Total", "% within knn"), "cultivar 2"] == pytest.approx(100)
    assert ct.loc[("Total", "% of Total"), "Total"] == pytest.approx(100)
    assert "% within knn" in str(rep)
    with pytest.raises(ValueError, match="percentages must be chosen from"):
        pa.Agreement.from_table([[1, 2], [3, 4]]).report(percentages=["diagonal"])


def test_options_pass_through():
    ag = pa.datasets.load("wine_predictions").agree("cultivar", "knn")
    rep = ag.report(measures=["F1", "kappa", "REC"], ci=None, kappa_weights="quadratic")
    assert list(rep.binary.columns) == ["F1", "REC"] and list(rep.averages.index) == ["F1", "REC"]
    assert list(rep.multiclass.index) == ["KAPPA"]
    with pytest.warns(pa.LabelOrderWarning, match=r"test of weighted kappa \(KAPPA_W_Z\)"):  # the report notes it
        direct = ag.tests(kappa_weights="quadratic").loc["KAPPA_W_Z", "statistic"]
    assert rep.tests.loc["KAPPA_W_Z", "statistic"] == pytest.approx(direct)
    only_binary = ag.report(measures=["F1"], ci=None)
    assert "KAPPA" in only_binary.multiclass.index  # a kind not named keeps its default set
    with pytest.raises(TypeError, match=r"Agreement.report\(\) got an unexpected keyword argument 'colour'"):
        ag.report(colour="blue")
    with pytest.raises(TypeError, match="by= needs the rows"):
        ag.report(by="x")


def test_seed_is_recorded_and_reproduces(wine_report):
    ag = pa.datasets.load("wine_predictions").agree("cultivar", "knn")
    first = ag.report(n_resamples=200)
    seed = first.options["random_state"]
    assert isinstance(seed, int)
    again = ag.report(n_resamples=200, random_state=seed)
    pd.testing.assert_frame_equal(first.binary, again.binary)


def test_text_fits_100_columns_for_ten_classes():
    rng = np.random.default_rng(3)
    names = [f"category {k}" for k in range(10)]
    a = rng.integers(0, 10, 2000)
    p = np.where(rng.random(2000) < 0.6, a, rng.integers(0, 10, 2000))
    df = pd.DataFrame({"truth": np.array(names)[a], "guess": np.array(names)[p]})
    text = str(df.agree.report("truth", "guess", random_state=0, n_resamples=200))
    assert max(len(line) for line in text.splitlines()) <= 100
    assert "(1 of" in text and "the table continues below" in text
    for title in ("Case Processing Summary", "Crosstabulation", "Multiclass Measures", "Tests",
                  "Class-Specific Measures", "Averages over Classes", "Notes"):
        assert title in text


def test_text_marks_matching_cells(wine_report):
    text = str(wine_report)
    assert "[53]" in text and "[49]" in text and "Cohen's kappa (KAPPA)" in text
    assert re.search(r"KAPPA_Z\s+9\.050", text)


def test_repr_html(wine_report):
    fragment = wine_report._repr_html_()
    assert fragment.startswith('<div class="pa-report">') and 'class="pa-match"' in fragment
    assert fragment.count("<table>") == 8  # with the largest confusions and the Kappa Paradox


class _Checker(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.stack, self.urls = [], []

    def handle_starttag(self, tag, attrs):
        if tag not in ("meta", "img", "br", "link"):
            self.stack.append(tag)
        self.urls += [v for k, v in attrs if k in ("src", "href") and v]

    def handle_endtag(self, tag):
        assert self.stack and self.stack[-1] == tag, (tag, self.stack[-5:])
        self.stack.pop()


def test_html_page_is_self_contained(tmp_path, tricky):
    rep = tricky.agree.report("actual", "pred", by="site", random_state=0, n_resamples=200)
    path = tmp_path / "report.html"
    page = rep.to_html(path)
    assert path.read_text(encoding="utf-8") == page
    checker = _Checker()
    checker.feed(page)
    assert checker.stack == []
    assert checker.urls and all(u.startswith("data:image/png;base64,") for u in checker.urls)
    assert "<script" not in page and "<link" not in page
    assert '=HYPERLINK(&quot;http://x&quot;,&quot;y&quot;)' in page  # escaped text, not markup


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium binary to render the page")
def test_html_renders_in_headless_chromium(tmp_path, wine_report):
    page = tmp_path / "report.html"
    wine_report.to_html(page)
    shot = tmp_path / "shot.png"
    subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    f"--user-data-dir={tmp_path / 'profile'}", "--window-size=1200,1600",
                    f"--screenshot={shot}", page.as_uri()], capture_output=True, timeout=120, check=False)
    assert shot.exists() and shot.stat().st_size > 20_000
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_excel_round_trip(tmp_path, wine_report):
    path = tmp_path / "report.xlsx"
    wine_report.to_excel(path)
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames == ["Report", "Summary", "Crosstab", "Confusions", "Class measures", "Averages", "Notes",
                            "Measures"]
    ws = wb["Class measures"]
    header = [c.value for c in ws[1]]
    stats = [c.value for c in ws[2]]
    b = wine_report.binary
    for row in ws.iter_rows(min_row=3, values_only=True):
        label = row[0]
        for j in range(1, len(row)):
            code = next(h for h in reversed(header[: j + 1]) if h)
            want = b.loc[label, (code, stats[j])]
            assert (row[j] is None and np.isnan(want)) or row[j] == want, (label, code, stats[j])
    assert ws.freeze_panes == "B3"
    cross = wb["Crosstab"]
    fills = {(c.row, c.column): c.fill.fgColor.rgb for r in cross.iter_rows() for c in r if c.fill.fill_type}
    assert fills[(3, 2)].endswith("DCEBFA") and (3, 3) not in fills and fills[(4, 3)].endswith("DCEBFA")
    assert cross.cell(3, 2).value == 53 and cross.cell(3, 2).number_format == "0"
    summary = wb["Summary"]
    values = {summary.cell(r, 1).value: summary.cell(r, 3).value for r in range(1, summary.max_row + 1)}
    assert values["KAPPA"] == wine_report.multiclass.loc["KAPPA", "value"]
    measures = [c.value for c in wb["Measures"]["A"]][2:]
    assert "KAPPA" in measures and "F1" in measures
    options = {r[0]: r[1] for r in wb["Notes"].iter_rows(values_only=True) if r[0]}
    assert options["random_state"] == 0 and options["pandas_agree version"] == pa.__version__


def test_excel_writes_labels_as_text(tmp_path, tricky):
    rep = tricky.agree.report("actual", "pred", by="site", random_state=0, n_resamples=200)
    path = tmp_path / "tricky.xlsx"
    rep.to_excel(path)
    wb = openpyxl.load_workbook(path)
    seen = set()
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if cell.value in INJECTIONS or cell.value == "=evil()":
                    assert cell.data_type == "s", (ws.title, cell.coordinate, cell.value)
                    seen.add(cell.value)
                assert cell.data_type != "f", (ws.title, cell.coordinate, cell.value)
    assert seen == {*INJECTIONS, "=evil()"}
    groups = {r[0] for r in wb["Class measures"].iter_rows(min_row=3, values_only=True)}
    assert {None, "north", "south", "=evil()", "a/b:c*d?[e]"} <= groups  # None: the rows of all data


def test_groups(tricky):
    rep = tricky.agree.report("actual", "pred", by="site", random_state=0, n_resamples=200)
    assert sorted(rep.groups) == sorted(tricky["site"].unique())
    for value, sub in rep.groups.items():
        assert sub.agreement.n == (tricky["site"] == value).sum() - tricky.loc[tricky["site"] == value,
                                                                               "actual"].isna().sum()
        assert sub.options["random_state"] == rep.options["random_state"]
    assert rep.agreement.n == 299
    text = str(rep)
    assert "Group: site = north" in text and "Group: site = =evil()" in text
    assert next(v for v, _ in rep.sections()) is None


def test_group_without_common_labels_is_a_note():
    df = pd.DataFrame({"a": ["x", "y", "x", "q"], "p": ["x", "y", "y", "r"], "g": [1, 1, 1, 2]})
    rep = df.agree.report("a", "p", by="g", ci=None)
    assert list(rep.groups) == [1]
    assert any("g = 2 has no report" in n for n in rep.notes)


def test_group_weights_as_array():
    df = pd.DataFrame({"a": list("xyxyxy"), "p": list("xyyyxx"), "g": [1, 1, 1, 2, 2, 2]})
    w = np.array([1.0, 2, 3, 4, 5, 6])
    rep = df.agree.report("a", "p", by="g", weights=w, ci=None)
    assert rep.groups[2].agreement.n == 15 and rep.agreement.n == 21


def test_to_dict_and_json(wine_report):
    data = json.loads(wine_report.to_json())
    assert set(data) >= {"summary", "crosstab", "binary", "averages", "multiclass", "tests", "notes", "options"}
    kappa = data["multiclass"]["index"].index("KAPPA")
    assert data["multiclass"]["data"][kappa][0] == wine_report.multiclass.loc["KAPPA", "value"]
    mc = data["tests"]["index"].index("MCNEMAR")
    assert data["tests"]["data"][mc][0] is None  # NaN becomes null


def test_plot_renders_png(tmp_path, wine_report):
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig = wine_report.plot(["REC", "F1"], normalize=True)
    path = tmp_path / "plot.png"
    fig.savefig(path)
    plt.close(fig)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    fig = pa.datasets.load("wine_predictions").agree.report("cultivar", "knn", ci=None).plot()
    plt.close(fig)


def test_a_value_and_its_interval_share_their_decimals_and_counts_their_noun():
    from pandas_agree.report import display

    assert display.with_interval(1544.0, 961.875, 2313.2) == "1544.0 [961.9, 2313.2]"
    assert display.with_interval(0.5, 0.25, 0.75) == "0.500 [0.250, 0.750]"
    assert display.count_of(1, "row") == "1 row" and display.count_of(2, "row") == "2 rows"
    rep = pa.Agreement.from_table(pd.DataFrame([[3.0]], index=["a"], columns=["a"])).report(ci=None)
    assert "K = 1 label on both sides" in str(rep)


def test_html_without_matplotlib_says_where_the_plots_are(monkeypatch, tmp_path):
    import sys

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now raises ImportError
    report = pa.datasets.load("wine_predictions").agree.report("cultivar", "knn", ci=None)
    html = report.to_html(tmp_path / "r.html") or (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "<img" not in html and "need matplotlib: pip install matplotlib, or the project&#x27;s plot extra" in html
    assert "pandas-agree[" not in html  # not a package of that name on a registry


def test_plot_without_matplotlib_says_how_to_install_it(monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # the import within plots.pyplot() raises ImportError
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    report = pa.datasets.load("wine_predictions").agree.report("cultivar", "knn", ci=None)
    with pytest.raises(ImportError, match=r"^plots need matplotlib: pip install matplotlib, or the project's plot "
                                          r"extra$"):
        report.plot()
