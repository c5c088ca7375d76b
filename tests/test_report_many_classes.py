"""Reports over many classes: ``max_classes`` and ``sort_by`` in text and HTML, plots of bounded size, the
Confusions sheet, the command line, and a 1,000-class report rendered under a memory limit."""

import json
import os
import subprocess
import sys
import textwrap
import time
import warnings

import numpy as np
import pandas as pd
import pytest

import pandas_agree as pa
from pandas_agree.integrations import cli

SEPARATOR = "classes not shown"


def _table(k: int, seed: int = 0) -> np.ndarray:
    """A K × K table whose classes differ in recall and precision (no two F1 values alike)."""
    rng = np.random.default_rng(seed)
    return np.diag(rng.integers(20, 200, k)) + rng.poisson(1.5, (k, k))


def _agreement(k: int, seed: int = 0) -> pa.Agreement:
    return pa.Agreement.from_table(_table(k, seed))


def _class_table(rep):
    tables = rep.document().sections[0].tables
    return next(t for t in tables if t.title.startswith("Class-Specific Measures"))


def _shown_classes(rep) -> tuple[list[str], list[str]]:
    """The class labels of the many-class table before and after its separator row."""
    rows = _class_table(rep).rows
    cut = next(i for i, (_, cells) in enumerate(rows) if cells is None)
    return [label for label, _ in rows[:cut]], [label for label, _ in rows[cut + 1:]]


# --- text and HTML below and above max_classes ------------------------------------------------------------------

def test_at_max_classes_the_report_keeps_its_usual_layout():
    rep = _agreement(20).report(ci=None, measures=["REC", "F1"])
    text = str(rep)
    assert SEPARATOR not in text and "is not printed" not in text
    assert "[" in text.split("Crosstabulation")[1].split("Largest Confusions")[0]  # matching cells marked
    table = _class_table(rep)
    assert table.stub == "Measure" and len(table.columns) == 20  # classes as columns
    assert 'class="pa-match"' in rep._repr_html_()


def test_above_max_classes_the_crosstab_is_not_printed_and_classes_are_rows():
    rep = _agreement(21).report(ci=None, measures=["REC", "F1"])
    text = str(rep)
    crosstab_part = text.split("Crosstabulation")[1].split("Largest Confusions")[0]
    assert "report.crosstab" in crosstab_part and "to_excel()" in crosstab_part and "to_dict()" in crosstab_part
    assert "[" not in crosstab_part  # no cell of it printed
    assert "Largest Confusions" in text
    table = _class_table(rep)
    assert table.stub == "Class" and table.columns == ["F1", "REC"]  # the sorting measure first
    weakest, strongest = _shown_classes(rep)
    assert len(weakest) == len(strongest) == 10
    assert "… 1 class not shown …" in text
    footnote = " ".join(table.footnotes)
    for where in ("max_classes=None", "report.binary", "to_excel()", "to_dict()", "weakest", "F1"):
        assert where in footnote
    html = rep._repr_html_()
    assert 'class="pa-match"' not in html and "… 1 class not shown …" in html and "colspan" in html
    # the DataFrames stay complete
    assert len(rep.binary) == 21 and rep.crosstab.shape == (22, 22)
    assert len(rep.to_dict()["binary"]["index"]) == 21


def test_max_classes_none_prints_everything():
    rep = _agreement(30).report(ci=None, measures=["REC"], max_classes=None)
    text = str(rep)
    assert SEPARATOR not in text and "is not printed" not in text
    table = _class_table(rep)
    assert table.stub == "Measure" and len(table.columns) == 30
    crosstab = next(t for t in rep.document().sections[0].tables if t.title.endswith("Crosstabulation"))
    assert len(crosstab.rows) == 31 and len(crosstab.columns) == 31


def test_the_weakest_and_strongest_classes_are_those_of_report_binary():
    rep = _agreement(40, seed=3).report(max_classes=8, measures=["REC", "PRE", "F1"])  # with intervals
    values = rep.binary[("F1", "value")]
    ascending = [str(c) for c in values.sort_values(kind="stable").index]
    weakest, strongest = _shown_classes(rep)
    assert weakest == ascending[:4] and strongest == ascending[-4:]
    table = _class_table(rep)
    assert table.columns[:2] == ["F1", "95% CI"]
    first = rep.binary.loc[int(weakest[0])]
    assert table.rows[0][1][0] == f"{first[('F1', 'value')]:.3f}"
    assert table.rows[0][1][1] == f"[{first[('F1', 'lower')]:.3f}, {first[('F1', 'upper')]:.3f}]"


def test_a_measure_best_at_zero_sorts_the_highest_first():
    rep = _agreement(30, seed=5).report(ci=None, measures=["REC", "FNR", "PREV"], max_classes=6, sort_by="miss rate")
    descending = [str(c) for c in rep.binary["FNR"].sort_values(ascending=False, kind="stable").index]
    weakest, strongest = _shown_classes(rep)
    assert weakest == descending[:3] and strongest == descending[-3:]
    assert _class_table(rep).columns[0] == "FNR"
    prevalence = _agreement(30, seed=5).report(ci=None, measures=["REC", "PREV"], max_classes=6, sort_by="PREV")
    lowest, highest = _shown_classes(prevalence)
    ascending = [str(c) for c in prevalence.binary["PREV"].sort_values(kind="stable").index]
    assert lowest == ascending[:3] and highest == ascending[-3:]
    assert "lowest" in " ".join(_class_table(prevalence).footnotes)


def test_classes_without_a_value_are_not_ranked():
    table = _table(12)
    table[:, 0] = 0  # label 0 is never predicted: its precision is undefined
    rep = pa.Agreement.from_table(table).report(ci=None, measures=["PRE", "REC"], classes="union", max_classes=4,
                                                sort_by="PRE")
    assert np.isnan(rep.binary.loc[0, "PRE"])
    weakest, strongest = _shown_classes(rep)
    assert "0" not in weakest + strongest
    assert "undefined" in " ".join(_class_table(rep).footnotes)


def test_the_default_sort_measure_without_f1_is_the_first_shown():
    rep = _agreement(25).report(ci=None, measures=["PRE", "REC"])
    assert _class_table(rep).columns[0] == "PRE"


# --- option validation ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("options, error, message", [
    ({"max_classes": 0}, ValueError, "max_classes must be None or an integer >= 1; got 0"),
    ({"max_classes": 2.5}, TypeError, "max_classes must be"),
    ({"sort_by": 3}, TypeError, "sort_by must be"),
    ({"sort_by": "BOGUS"}, ValueError, r"sort_by must be one of the class-specific measures of the report "
                                       r"\(REC, F1\); got 'BOGUS'"),
    ({"sort_by": "PRE"}, ValueError, r"sort_by must be one of .*\(REC, F1\); got 'PRE'"),  # not shown
    ({"sort_by": "KAPPA"}, ValueError, "sort_by must be one of"),  # not class-specific
])
def test_invalid_options_raise_naming_them(options, error, message):
    with pytest.raises(error, match=message):
        _agreement(5).report(ci=None, measures=["REC", "F1"], **options)


def test_sort_by_is_checked_in_every_group_even_with_few_classes():
    df = pd.DataFrame({"a": list("xxyyxy"), "p": list("xyyyxx"), "g": list("AABBAB")})
    with pytest.raises(ValueError, match="sort_by must be one of"):
        df.agree.report("a", "p", by="g", ci=None, sort_by="nope")


# --- the length of the text report ------------------------------------------------------------------------------

def _between(text: str, start: str, end: str) -> list[str]:
    return text.split(start)[1].split(end)[0].splitlines()


def test_the_default_text_report_at_100_classes_does_not_grow_with_the_classes():
    texts = {k: str(_agreement(k).report()) for k in (40, 100)}  # default options, intervals included
    # 3,245 lines at K = 100 before; now the crosstab is one paragraph and the class-specific table 20 rows of
    # the sorting measure and the headline measures, so what is left are the tables that do not depend on K (the
    # 4 averages of 39 measures, 18 multiclass measures, the tests, the notes): 274 lines when measured, 291 since
    # standard errors show two significant digits and interval ends the digits that keep them apart from the value
    # (the averages table, wider, is cut into more blocks of columns); 318 with the note of the unweighted REC and PRE
    # averages' MOVER–Wilson interval and the line that names their interval method
    assert len(texts[100].splitlines()) <= 320
    crosstab, classes = ({k: len(_between(t, start, end)) for k, t in texts.items()}
                         for start, end in (("Crosstabulation", "Largest Confusions"),
                                            ("Class-Specific Measures", "Averages over Classes")))
    assert crosstab[100] == crosstab[40] <= 5
    assert classes[100] == classes[40] <= 40


# --- plots ------------------------------------------------------------------------------------------------------

def test_the_plot_of_200_classes_has_a_bounded_size_and_thinned_ticks():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rep = _agreement(200).report(ci="wilson", measures=["REC", "PRE", "F1"])
    start = time.perf_counter()
    fig = rep.plot()
    assert time.perf_counter() - start < 20
    try:
        width, height = fig.get_size_inches()
        assert width <= 14 and height <= 14
        heat, forest = fig.axes[:2]
        assert 0 < len(heat.get_xticklabels()) <= 40 and 0 < len(heat.get_yticklabels()) <= 40
        assert len(heat.texts) == 0  # no number in cells too small to read
        assert len(heat.patches) == 0 and len(heat.collections) == 1  # matching cells: one collection
        assert len(forest.get_yticklabels()) == 60  # 10 weakest and 10 strongest classes, 3 measures
        assert "10 weakest" in forest.get_title() and "200 classes" in forest.get_title()
    finally:
        plt.close(fig)
    small = _agreement(5).report(ci=None).plot()
    try:
        assert len(small.axes[0].texts) == 25  # small tables keep their numbers
    finally:
        plt.close(small)


# --- Excel --------------------------------------------------------------------------------------------------------

def test_excel_has_every_confusion(tmp_path):
    pytest.importorskip("openpyxl")
    ag = _agreement(25)
    path = tmp_path / "many.xlsx"
    ag.report(ci=None).to_excel(path)
    sheet = pd.read_excel(path, sheet_name="Confusions", header=1)
    expected = ag.confusions(top=None)
    listed = sheet.dropna(subset=["count"])
    assert len(listed) == len(expected) > 10
    assert listed["count"].astype(int).tolist() == expected["count"].tolist()
    assert listed["reference"].astype(int).tolist() == expected["reference"].tolist()
    assert listed["predicted"].astype(int).tolist() == expected["predicted"].tolist()
    assert len(pd.read_excel(path, sheet_name="Class measures", header=1)) == 25  # every class


# --- the command line ---------------------------------------------------------------------------------------------

def test_cli_max_classes_and_sort_by(capsys):
    assert cli.main(["demo", "--ci", "none", "--max-classes", "2", "--sort-by", "REC"]) == 0
    out = capsys.readouterr().out
    assert "… 1 class not shown …" in out and "is not printed" in out and "by REC" in out
    assert cli.main(["demo", "--ci", "none", "--max-classes", "all"]) == 0
    out = capsys.readouterr().out
    assert SEPARATOR not in out and "is not printed" not in out
    assert cli.main(["demo", "--ci", "none", "--json", "--max-classes", "all"]) == 0
    assert json.loads(capsys.readouterr().out)["options"]["max_classes"] is None
    assert cli.main(["demo", "--ci", "none", "--sort-by", "BOGUS"]) == 2
    assert "argument --sort-by: must be one of" in capsys.readouterr().err
    assert cli.main(["demo", "--ci", "none", "--max-classes", "0"]) == 2
    assert "argument --max-classes" in capsys.readouterr().err


# --- the acceptance test: 1,000 classes under a memory limit -------------------------------------------------------

# the address-space limit (RLIMIT_AS) of the child process: its peak address space (VmPeak) was measured at 2.2 GiB
# (with one BLAS thread), 0.9 GiB resident; the limit leaves a little room above that
MEMORY_LIMIT_GIB = 3.0

SCRIPT = textwrap.dedent("""
    import resource, sys
    limit = int(float(sys.argv[1]) * 2**30)
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    import matplotlib
    matplotlib.use("Agg")
    import numpy as np
    import pandas_agree as pa

    rng = np.random.default_rng(0)
    k, n = 1000, 100_000
    actual = rng.integers(0, k, n)
    pred = np.where(rng.random(n) < 0.7, actual, rng.integers(0, k, n))  # 70% agree, the rest anywhere
    table = np.zeros((k, k), dtype=np.int64)
    np.add.at(table, (actual, pred), 1)
    rep = pa.Agreement.from_table(table).report()  # the default options: ci="auto"
    text = str(rep)
    page = rep.to_html()
    rep.to_excel(sys.argv[2])
    peak = next(line for line in open("/proc/self/status") if line.startswith("VmPeak"))
    print(len(text.splitlines()), "base64," in page, len(rep.binary), peak.split(":")[1].strip())
""")


@pytest.mark.slow  # about 35 s on two cores, most of it openpyxl writing the 1,000 × 1,000 crosstab sheet
def test_a_report_of_1000_classes_renders_under_a_memory_limit(tmp_path):
    pytest.importorskip("matplotlib")
    pytest.importorskip("openpyxl")
    out = tmp_path / "k1000.xlsx"
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(MEMORY_LIMIT_GIB), str(out)], capture_output=True,
                          text=True, timeout=900, env=env)
    assert done.returncode == 0, done.stderr[-3000:]
    lines, plotted, classes, _ = done.stdout.split(maxsplit=3)
    assert int(lines) <= 400 and plotted == "True" and int(classes) == 1000
    assert out.stat().st_size > 0


def test_one_class_with_an_undefined_value_is_said_in_the_singular():
    # seven classes, the last with no objects on either side: its F1 is undefined (0/0)
    table = np.diag(np.arange(1, 8) * 5.0) + 1
    table[6, :] = table[:, 6] = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", pa.UndefinedMeasureWarning)
        text = " ".join(str(pa.Agreement.from_table(table).report(ci=None, max_classes=4)).split())
    assert "the 4 shown are the 2 weakest and the 2 strongest by F1" in text
    assert "the 1 class where F1 is undefined is among those not shown." in text
