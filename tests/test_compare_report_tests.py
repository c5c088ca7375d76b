"""The Comparison report's Tests table on two classes shows the tests of the whole table once (each class against the
rest is right on the same objects, so its rows repeated them), and the notes say why the p-value of the OSR difference
and McNemar's test differ."""

import warnings

import numpy as np
import pandas as pd
import pytest
from statsmodels.stats.contingency_tables import mcnemar

import pandas_agree  # noqa: F401  (registers the accessor)


@pytest.fixture(scope="module")
def two_classes():
    rng = np.random.default_rng(3)
    truth = rng.integers(0, 2, 400)
    a = np.where(rng.random(400) < 0.9, truth, 1 - truth)
    b = np.where(rng.random(400) < 0.85, truth, 1 - truth)
    return pd.DataFrame({"truth": truth, "a": a, "b": b})


def _tests_block(report) -> list[str]:
    text = str(report)
    block = text[text.index("\nTests\n"):]
    return block[:block.index("\n\n")].splitlines()


def test_two_classes_show_the_whole_tables_tests_once(two_classes):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        comparison = two_classes.agree.compare("truth", ["a", "b"])
        report = comparison.report(random_state=0, n_resamples=200)
    lines = _tests_block(report)
    rows = [line for line in lines if line.startswith(("MCNEMAR", "COCHRAN_Q"))]
    assert [r.split(" · ")[2].split()[0] for r in rows] == ["(all)", "(all)"]
    assert any("On two classes each class against the rest is right on the same objects" in line for line in lines)
    # the frame keeps every class; on two classes each class's rows equal the whole table's
    tests = comparison.tests()
    assert len(tests) == 6
    whole = tests.xs("(all)", level="class")["statistic"].to_numpy()
    for cls in (0, 1):
        np.testing.assert_allclose(tests.xs(cls, level="class")["statistic"].to_numpy(), whole, rtol=1e-12)
    # statsmodels: mcnemar([[both right, only a], [only b, both wrong]], exact=False, correction=True)
    right_a, right_b = two_classes["a"] == two_classes["truth"], two_classes["b"] == two_classes["truth"]
    table = [[(right_a & right_b).sum(), (right_a & ~right_b).sum()], [(~right_a & right_b).sum(),
                                                                         (~right_a & ~right_b).sum()]]
    expected = mcnemar(table, exact=False, correction=True)
    assert tests.loc[("MCNEMAR", "a vs b", "(all)"), "statistic"] == pytest.approx(expected.statistic, rel=1e-12)
    assert tests.loc[("MCNEMAR", "a vs b", "(all)"), "pvalue"] == pytest.approx(expected.pvalue, rel=1e-12)


def test_three_labels_keep_every_class(two_classes):
    """A guard: with a third label (here in the reference only) each class's tests differ from the whole table's
    and stay, for the classes both sides hold."""
    three = two_classes.assign(truth=np.where(np.arange(400) % 7 == 0, 2, two_classes["truth"]))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        report = three.agree.compare("truth", ["a", "b"]).report(random_state=0, n_resamples=200)
    classes = {line.split(" · ")[2].split()[0] for line in _tests_block(report) if line.startswith("MCNEMAR")}
    assert classes == {"(all)", "0", "1"}


def test_the_notes_say_why_the_osr_difference_and_mcnemar_differ(two_classes):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        report = two_classes.agree.compare("truth", ["a", "b"]).report(random_state=0, n_resamples=200)
    assert any(n.startswith("The p-value of a difference of OSR is the Wald test of the paired difference; "
                            "McNemar's test (Tests) asks the same question") for n in report.notes)


@pytest.fixture(scope="module")
def many_classes():
    """30 classes; the two predictions differ most on the classes 4 and 17 (the first is wrong there more often)."""
    rng = np.random.default_rng(11)
    truth = rng.integers(0, 30, 3000)
    wrong = np.where(np.isin(truth, [4, 17]), 0.6, 0.2)
    a = np.where(rng.random(3000) < wrong, rng.integers(0, 30, 3000), truth)
    b = np.where(rng.random(3000) < 0.2, rng.integers(0, 30, 3000), truth)
    return pd.DataFrame({"truth": truth, "a": a, "b": b})


def test_many_classes_show_those_with_the_smallest_pvalues(many_classes):
    """Above max_classes (default 20) the Tests table shows the whole table's tests and those of the classes whose
    tests give the smallest p-value, in the order of the labels; the frame, the workbook's sheet and the JSON keep
    every class, and max_classes=None prints them all."""
    comparison = many_classes.agree.compare("truth", ["a", "b"])
    tests = comparison.tests()
    per_class = tests.drop("(all)", level="class")
    smallest = per_class["pvalue"].groupby(level="class").min()
    expected = sorted(smallest.sort_values(kind="stable").index[:5])
    assert {4, 17} <= set(expected)
    report = comparison.report(ci=None, max_classes=5)
    lines = _tests_block(report)
    shown = [line.split(" · ")[2].split()[0] for line in lines if line.startswith(("MCNEMAR", "COCHRAN_Q"))]
    assert shown == ["(all)", "(all)"] + [str(c) for c in expected for _ in range(2)]
    footnote = " ".join(line.strip() for line in lines[lines.index(next(x for x in lines if x.startswith("30 "))):])
    assert footnote.startswith("30 classes, more than max_classes = 5: the 5 shown are those whose tests give the "
                               "smallest p-value")
    assert "report(max_classes=None)" in footnote
    pd.testing.assert_frame_equal(report.tests, tests)
    assert len(report.to_dict()["tests"]["index"]) == len(tests)
    default = _tests_block(comparison.report(ci=None))  # 30 classes, more than 20
    assert sum(line.startswith("MCNEMAR") for line in default) == 1 + 20
    every = _tests_block(comparison.report(ci=None, max_classes=None))
    assert sum(line.startswith("MCNEMAR") for line in every) == 1 + 30
    assert not any(line.startswith("30 classes") for line in every)


def test_many_classes_on_the_command_line(many_classes, tmp_path, capsys):
    """--max-classes limits the compare command's Tests table and its footnote names the option."""
    from pandas_agree.integrations import cli

    path = tmp_path / "many.csv"
    many_classes.to_csv(path, index=False)
    assert cli.main(["compare", str(path), "--reference", "truth", "--pred", "a", "b", "--ci", "none",
                     "--max-classes", "4"]) == 0
    text = capsys.readouterr().out
    block = text[text.index("\nTests\n"):]
    assert sum(line.startswith("MCNEMAR") for line in block.splitlines()) == 1 + 4
    assert "30 classes, more than --max-classes 4: the 4 shown" in " ".join(block.split())
    assert "--max-classes all" in " ".join(block.split())
    assert cli.main(["compare", str(path), "--reference", "truth", "--pred", "a", "b", "--ci", "none",
                     "--max-classes", "all"]) == 0
    assert "classes, more than" not in capsys.readouterr().out


@pytest.mark.parametrize("labels", [["a", "a\x00b", "", "\x00", "a\x00c", "b"], [1, True, 0, False, 2, 3]],
                         ids=["strings equal up to a NUL character", "booleans and 0, 1"])
def test_the_classes_counted_against_max_classes_are_the_tables_labels(labels):
    """Six labels that pandas' hash tables take for three (True for 1, False for 0; before pandas 3, "a\\x00b" for "a"
    and "\\x00" for ""): max_classes=3 shows three classes' tests and says six classes."""
    rng = np.random.default_rng(5)
    truth = rng.integers(0, 6, 600)
    a = np.where(rng.random(600) < 0.3, rng.integers(0, 6, 600), truth)
    b = np.where(rng.random(600) < 0.2, rng.integers(0, 6, 600), truth)
    values = np.empty(6, dtype=object)
    values[:] = labels
    frame = pd.DataFrame({"truth": values[truth], "a": values[a], "b": values[b]}, dtype=object)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        comparison = frame.agree.compare("truth", ["a", "b"])
        lines = _tests_block(comparison.report(ci=None, max_classes=3))
    assert sum(line.startswith("MCNEMAR") for line in lines) == 1 + 3
    assert any(line.startswith("6 classes, more than max_classes = 3") for line in lines)


def test_one_class_shown_is_said_in_the_singular(many_classes):
    report = many_classes.agree.compare("truth", ["a", "b"]).report(ci=None, max_classes=1)
    lines = _tests_block(report)
    footnote = " ".join(line.strip() for line in lines[lines.index(next(x for x in lines if x.startswith("30 "))):])
    assert footnote.startswith("30 classes, more than max_classes = 1: the one shown is the class whose tests give "
                               "the smallest p-value")
    assert sum(line.startswith("MCNEMAR") for line in lines) == 1 + 1


def test_json_keeps_the_levels_of_the_tests_apart():
    """to_json() keys each row of the Tests by its three levels (test, between, class), as the workbook's Tests
    sheet gives each a column, and as every report writes a MultiIndex of rows: the frame comes back from the JSON.
    A class label that is a number stays a number."""
    import json

    rng = np.random.default_rng(5)
    truth = rng.integers(1, 4, 300)
    frame = pd.DataFrame({"truth": truth, **{name: np.where(rng.random(300) < accuracy, truth, rng.integers(1, 4, 300))
                                             for name, accuracy in (("a", 0.8), ("b", 0.7), ("c", 0.6))}})
    report = frame.agree.compare("truth", ["a", "b", "c"]).report(ci=None)
    data = json.loads(report.to_json())["tests"]
    assert data["index"][:2] == [["MCNEMAR", "a vs b", "(all)"], ["MCNEMAR", "a vs c", "(all)"]]
    assert ["COCHRAN_Q", "all", 3] in data["index"]
    back = pd.DataFrame(data["data"], index=pd.MultiIndex.from_tuples(map(tuple, data["index"]),
                                                                      names=["test", "between", "class"]),
                        columns=data["columns"]).fillna(np.nan)
    expected = report.tests
    pd.testing.assert_index_equal(back.index, expected.index)
    pd.testing.assert_frame_equal(back, expected, check_dtype=False, rtol=1e-12)


def test_the_tests_statistics_have_three_decimals_whatever_their_size(tmp_path):
    """McNemar's statistic of 2100 discordant objects printed 1717.2 and Cochran's Q 1719.0 (a large value's one
    decimal) beside three-decimal statistics; every statistic of the column has SPSS's three, in the text, the HTML
    and the workbook's Report sheet."""
    import openpyxl
    from statsmodels.stats.contingency_tables import cochrans_q

    # 2000 objects a right and b wrong, 100 the other way, 500 both right, 400 both wrong (two classes)
    blocks = [(2000, 1, 1, 0), (100, 1, 0, 1), (500, 0, 0, 0), (400, 0, 1, 1)]
    frame = pd.DataFrame([row[1:] for row in blocks for _ in range(row[0])], columns=["truth", "a", "b"])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        report = frame.agree.compare("truth", ["a", "b"]).report(ci=None)
    # statsmodels: mcnemar([[500, 2000], [100, 400]], exact=False, correction=True).statistic = 1899² / 2100
    # = 1717.238571...; cochrans_q of the two columns of right/wrong = 1900² / 2100 = 1719.047619...
    right = np.array([[1, 0]] * 2000 + [[0, 1]] * 100 + [[1, 1]] * 500 + [[0, 0]] * 400)
    expected = {"MCNEMAR": mcnemar([[500, 2000], [100, 400]], exact=False, correction=True).statistic,
                "COCHRAN_Q": cochrans_q(right).statistic}
    assert expected["MCNEMAR"] == pytest.approx(1899**2 / 2100)
    assert expected["COCHRAN_Q"] == pytest.approx(1900**2 / 2100)
    rows = {line.split(" · ")[0]: line.split() for line in _tests_block(report) if line.startswith(("MCNEMAR",
                                                                                                     "COCHRAN_Q"))}
    statistic = {test: words[words.index("(all)") + 1] for test, words in rows.items()}
    assert statistic == {"MCNEMAR": "1717.239", "COCHRAN_Q": "1719.048"}
    html = report.to_html()
    assert "1717.239" in html and "1719.048" in html and "1717.2<" not in html
    report.to_excel(tmp_path / "tests.xlsx")
    book = openpyxl.load_workbook(tmp_path / "tests.xlsx")
    shown = [c for row in book["Report"].iter_rows() for c in row if isinstance(c.value, float)
             and any(c.value == pytest.approx(v) for v in expected.values())]
    assert len(shown) == 2 and all(c.number_format == "0.000" for c in shown)
