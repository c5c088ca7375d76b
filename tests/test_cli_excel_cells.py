"""The command line reads an Excel sheet whose label column holds a number and a text that read the same (1 and
"1", a number stored as text) as two labels, as its cells are typed and as the Python API keeps them: the same
classes and counts as ``df.agree`` on ``pandas.read_excel(dtype=object)``, with a warning naming the column and
the values; --numeric reads them as one number."""

import json

import openpyxl
import pandas as pd
import pytest

import pandas_agree  # noqa: F401  (the .agree accessor)
from pandas_agree.integrations import cli

# (a, p): 1 and "1" on both sides, 2 a number only; "x" a text that no number reads as
ROWS = [(1, 1), ("1", "1"), (1, "1"), ("1", 1), (2, 2), (2, 1), ("1", 2), (1, 1), (2, 2), ("1", "1"), (1, "x")]


@pytest.fixture
def workbook(tmp_path):
    path = tmp_path / "typed.xlsx"
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["a", "p", "c"])
    for a, p in ROWS:
        sheet.append([a, p, "k" if a == 2 else "j"])
    book.save(path)
    assert {sheet.cell(r, 1).data_type for r in range(2, len(ROWS) + 2)} == {"n", "s"}  # typed as written
    return path


def _main(capsys, *argv) -> tuple[dict, str]:
    status = cli.main([str(x) for x in argv] + ["--json"])
    out, err = capsys.readouterr()
    assert status == 0, err
    return json.loads(out), err


def _python(path, *args, **kwargs) -> dict:
    """The Python API's report on the sheet as pandas reads its cells (numbers as numbers, text as text)."""
    frame = pd.read_excel(path, dtype=object, keep_default_na=False, na_values=[""])
    return json.loads(frame.agree.report(*args, **kwargs).to_json())


def test_number_and_text_are_two_labels(workbook, capsys):
    report, err = _main(capsys, "report", workbook, "--actual", "a", "--pred", "p", "--ci", "none")
    crosstab = report["crosstab"]
    assert crosstab["index"] == [1, "1", 2, "Total"] and crosstab["columns"] == [1, "1", 2, "x", "Total"]
    #     1  "1"  2  "x": counted from ROWS
    assert crosstab["data"][:3] == [[2, 1, 0, 1, 4], [1, 2, 1, 0, 4], [1, 0, 2, 0, 3]]
    assert crosstab == _python(workbook, "a", "p", ci=None)["crosstab"]
    assert "column 'a': the number 1 and the text '1'" in err and "column 'p'" in err and "--numeric a p" in err


def test_printed_labels_are_told_apart(workbook, capsys):
    assert cli.main(["report", str(workbook), "--actual", "a", "--pred", "p", "--ci", "none", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "'1'      1  [2]    1  0      4" in out  # the text "1" printed quoted beside the number 1


def test_numeric_reads_them_as_one_number(workbook, capsys):
    report, err = _main(capsys, "report", workbook, "--actual", "a", "--pred", "p", "--numeric", "a", "p",
                        "--missing", "x", "--ci", "none")
    assert report["crosstab"]["index"] == [1, 2, "Total"]
    assert report["crosstab"]["data"] == [[6, 1, 7], [1, 2, 3], [7, 3, 10]]  # the last row's "x" is missing
    # the columns --numeric names read 1 and "1" as one number: no warning that they are two labels, and no advice
    # to give the --numeric that was given
    assert "read the same" not in err and "--numeric" not in err


def test_numeric_on_one_column_warns_of_the_other_only(workbook, capsys):
    report, err = _main(capsys, "report", workbook, "--actual", "a", "--pred", "p", "--numeric", "a",
                        "--ci", "none")
    assert report["crosstab"]["index"] == [1, 2, "Total"]  # a: 1 and "1" one number
    assert report["crosstab"]["columns"] == [1, 2, "1", "x", "Total"]  # p: two labels, as typed
    assert "column 'p': the number 1 and the text '1'" in err and "column 'a'" not in err
    assert "--numeric p to read" in err


def test_missing_names_the_number_and_the_text(workbook, capsys):
    report, _ = _main(capsys, "report", workbook, "--actual", "a", "--pred", "p", "--missing", "1", "--ci", "none")
    # the number 1 and the text "1" both missing: only the rows (2, 2) are left
    assert report["crosstab"]["index"] == [2, "Total"] and report["crosstab"]["columns"] == [2, "Total"]
    assert report["crosstab"]["data"] == [[2, 2], [2, 2]]


def test_crosstabs_too(workbook, capsys):
    crosstab, err = _main(capsys, "crosstabs", workbook, "--row", "a", "--col", "c")
    assert [row for row, _ in crosstab["crosstab"]["index"]] == [1, "1", 2, "Total"]
    assert "column 'a'" in err and "column 'c'" not in err


def test_a_sheet_without_such_labels_reads_as_before(tmp_path, capsys):
    path = tmp_path / "plain.xlsx"
    pd.DataFrame({"a": [1, 2, 2, 1], "p": ["1", "2", "1", "1"]}).to_excel(path, index=False)
    report, err = _main(capsys, "report", path, "--actual", "a", "--pred", "p", "--ci", "none")
    assert report["crosstab"]["index"] == [1, 2, "Total"] and report["crosstab"]["data"][0] == [2, 0, 2]
    assert "warning" not in err


def test_labels_name_the_number_and_the_text_in_their_place(workbook, capsys):
    # "1" on the command line stands for both labels that read as it: the number 1, then the text "1"
    report, _ = _main(capsys, "report", workbook, "--actual", "a", "--pred", "p", "--labels", "2", "1", "x",
                      "--ci", "none")
    assert report["crosstab"]["index"] == report["crosstab"]["columns"] == [2, 1, "1", "x", "Total"]
    crosstab, _ = _main(capsys, "crosstabs", workbook, "--row", "a", "--col", "c", "--row-labels", "2", "1")
    assert [row for row, _ in crosstab["crosstab"]["index"]] == [2, 1, "1", "Total"]


def test_positive_that_reads_as_two_labels_is_refused(tmp_path, capsys):
    path = tmp_path / "two.xlsx"
    book = openpyxl.Workbook()
    book.active.append(["a", "p", "s"])
    for k in range(12):
        book.active.append([[1, "1"][k % 2], [1, "1"][k // 3 % 2], k / 12])
    book.save(path)
    for argv in (["report", path, "--actual", "a", "--pred", "p"], ["scores", path, "--actual", "a", "--score", "s"]):
        assert cli.main([str(x) for x in argv] + ["--positive", "1"]) == 2
        err = capsys.readouterr().err
        assert "argument --positive: '1' is the number 1 and the text '1'" in err and "--numeric a" in err


def test_the_cells_as_text_are_what_read_excel_reads_as_text(tmp_path):
    # the command line reads a sheet's label columns once, as typed, and takes their text from those cells: it must
    # be what pandas.read_excel(dtype=str) reads (the reference), for every kind of cell and on an empty sheet
    import datetime as dt

    cells = [1, "1", 1.5, 0.1, 1e20, 123456789012, True, False, dt.datetime(2020, 1, 2, 3, 4, 5), dt.date(2021, 5, 6),
             dt.time(7, 8, 9), " x ", "NA", "None", None, "01", -0.0, 2.0, 1e-7, "é", 3]
    for name, rows in (("mixed", [[v, cells[-1 - i], cells[i]] for i, v in enumerate(cells)]), ("empty", [])):
        path = tmp_path / f"{name}.xlsx"
        book = openpyxl.Workbook()
        book.active.append(["a", "p", "a"])  # a repeated header: read by position
        for row in rows:
            book.active.append(row)
        book.save(path)
        options = {"usecols": [0, 1, 2], "keep_default_na": False, "na_values": [""]}
        expected = pd.read_excel(path, dtype=str, **options)
        pd.testing.assert_frame_equal(cli._cells_as_text(pd.read_excel(path, dtype=object, **options)), expected)


def test_a_sheet_is_parsed_twice_whatever_its_label_columns_hold(workbook, monkeypatch, capsys):
    # openpyxl reads every cell of a sheet at each read_excel, usecols or not: the whole sheet once, the label
    # columns once more (as typed), not a third time for their text
    calls = []
    read_excel = pd.read_excel
    monkeypatch.setattr(pd, "read_excel", lambda *args, **kw: calls.append(kw) or read_excel(*args, **kw))
    _, err = _main(capsys, "report", workbook, "--actual", "a", "--pred", "p", "--ci", "none")
    assert "read the same" in err  # the sheet's 1 and "1" found from that one read
    assert len(calls) == 2


def test_type_clash_advice_names_the_option(tmp_path, capsys):
    # --numeric a reads a's 1 and "1" as the number 1; p keeps the number 1 and the text "1" apart, so p's "1"
    # matches nothing: the warning's advice is the command line's --numeric, not a Python call
    path = tmp_path / "clash.xlsx"
    book = openpyxl.Workbook()
    book.active.append(["a", "p"])
    for a, p in ROWS[:10]:
        book.active.append([a, p])
    book.save(path)
    _, err = _main(capsys, "report", path, "--actual", "a", "--pred", "p", "--numeric", "a", "--ci", "none")
    assert "labels that differ only in type do not match: 1 and '1'" in err
    assert "read the label columns as numbers with --numeric" in err and ".astype(str)" not in err
    # so does the raters command's note on ratings of two types
    path = tmp_path / "raters.xlsx"
    book = openpyxl.Workbook()
    book.active.append(["r1", "r2", "r3"])
    for row in [(1, 1, "1"), (2, 2, 2), ("1", 1, 1), (2, 2, 1), (1, 1, 1), (2, "2", 2)]:
        book.active.append(list(row))
    book.save(path)
    _, err = _main(capsys, "raters", path, "--columns", "r1", "r2", "r3", "--numeric", "r1")
    assert "ratings that differ only in type are different categories: 2 and '2', 1 and '1'" in err
    assert "read the rater columns as numbers with --numeric" in err and ".astype(str)" not in err
