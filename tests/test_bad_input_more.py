"""Odd and wrong input to the public API: a clear error naming the argument, or the result other calls give."""

import copy

import numpy as np
import pandas as pd
import pytest

import pandas_agree as pa

WINE = pa.datasets.load("wine_predictions")


@pytest.mark.parametrize("axis", ["index", "columns"])
@pytest.mark.parametrize("kind", [pa.Agreement, pa.Crosstab])
def test_table_with_a_multiindex_names_the_axis(kind, axis):
    # a MultiIndex of labels (pd.crosstab of two row variables gives one) is not a table of one variable per side:
    # an error naming the axis and the remedy (pandas' own NotImplementedError "isna is not defined for MultiIndex"
    # came from deep inside before)
    two = pd.MultiIndex.from_tuples([("x", "a"), ("x", "b")])
    table = pd.DataFrame([[5, 1], [2, 7]], index=["a", "b"], columns=["a", "b"])
    table = table.set_axis(two, axis=axis)
    with pytest.raises(ValueError, match=rf"table {axis} must be one level of labels; got a MultiIndex of 2 levels"):
        kind.from_table(table)
    # the remedy the message gives works: each label a tuple (5 + 1 + 2 + 7 = 15 objects)
    flat = table.set_axis(getattr(table, axis).to_flat_index(), axis=axis)
    assert pa.Crosstab.from_table(flat).n == 15.0


@pytest.mark.parametrize("table", [[[5, 1], [2]], None, {"a": {"a": 5, "b": 2}}])
def test_table_that_is_no_array_names_what_is_allowed(table):
    # rows of different lengths, None or a dict are no table of counts: numpy's "inhomogeneous shape" error, or
    # "an array of shape ()", before
    with pytest.raises(TypeError, match="table must be a DataFrame, a two-dimensional array"):
        pa.Agreement.from_table(table)


@pytest.mark.parametrize("ci", [None, "wilson", "linearized", "bootstrap"])
def test_no_measures_give_empty_results(ci):
    # measures=[] asks for no measure: multiclass() and report() gave an empty result already; binary() failed
    # with an interval (a TypeError in the partials) and averages() always ("need at least one array to
    # concatenate"). Known answer: no rows of averages (one column per average, as with measures), the classes'
    # rows of binary() without a column.
    ag = WINE.agree("cultivar", "knn")
    options = {"ci": ci, "n_resamples": 20, "random_state": 1}
    binary = ag.binary(measures=[], **options)
    assert binary.shape == (3, 0)
    assert list(binary.index) == ["cultivar 1", "cultivar 2", "cultivar 3"]
    averages = ag.averages(measures=[], **options)
    assert averages.shape[0] == 0
    one = ag.averages(measures=["REC"], **options)
    assert list(averages.columns) == list(one.columns)
    assert ag.multiclass(measures=[], **options).shape[0] == 0


def test_unhashable_groups_name_the_argument():
    # lists as group values cannot be grouped: a TypeError naming by= or layers= (pandas' bare "unhashable type:
    # 'list'" before)
    df = pd.DataFrame({"a": list("abab"), "p": list("aabb"), "g": [[1], [2], [1], [2]], "h": list("xxyy")})
    before = copy.deepcopy(df)
    with pytest.raises(TypeError, match="by has unhashable values"):
        df.agree.report("a", "p", by="g")
    with pytest.raises(TypeError, match="layers has unhashable values"):
        df.agree.crosstabs("a", "p", layers=["g"])
    with pytest.raises(TypeError, match="layers has unhashable values"):
        df.agree.crosstabs("a", "p", layers=["g", "h"])
    pd.testing.assert_frame_equal(df, before)


def test_odd_inputs_leave_the_frame_unchanged():
    # every call reads the user's DataFrame and never writes to it: nullable dtypes, categoricals with unused
    # categories, missing values of every kind, weights and a sample design
    df = pd.DataFrame({
        "a": pd.array([1, 2, None, 1, 2, 1], dtype="Int64"),
        "p": pd.array([1, 1, 2, None, 2, 1], dtype="Int64"),
        "c": pd.Categorical(["x", "y", "x", None, "y", "x"], categories=["x", "y", "z"]),
        "d": pd.Categorical(["x", "x", "y", "y", "y", "x"], categories=["z", "y", "x"]),
        "s": pd.array(["u", None, "v", "u", "v", "u"], dtype="string[python]"),
        "w": [1.0, 2.0, np.nan, 1.0, 0.0, 3.0],
        "st": [1, 1, 1, 2, 2, 2],
        "cl": [1, 2, 3, 4, 5, 6],
    })
    before = copy.deepcopy(df)
    df.agree("a", "p", weights="w").report()
    df.agree("c", "d").report()
    df.agree.crosstabs("s", "c", layers=["d"], weights="w").report()
    df.agree.raters(["c", "d"]).report()
    df.agree.compare("c", ["d", "c"]).report()
    df.agree("a", "p", strata="st", cluster="cl").report()
    pd.testing.assert_frame_equal(df, before)


def test_scores_of_no_rows_say_the_columns_are_empty():
    # a frame without rows: the same "no rows to count" as df.agree() and crosstabs() give (before: "no valid
    # rows: all 0 rows have a missing label or score; every label of 'a' is missing")
    empty = pd.DataFrame({"a": pd.Series([], dtype=object), "s": pd.Series([], dtype=float),
                          "t": pd.Series([], dtype=float)})
    with pytest.raises(ValueError, match=r"^no rows to count: 'a' and 's' are empty$"):
        empty.agree.scores("a", "s")
    with pytest.raises(ValueError, match=r"^no rows to count: 'a', 's' and 't' are empty$"):
        empty.agree.compare_scores("a", ["s", "t"])


@pytest.mark.parametrize("method", ["to_html", "to_json"])
@pytest.mark.parametrize("path", [5, ["page.html"]])
def test_report_path_that_is_no_path_names_the_argument(method, path):
    # pathlib's "expected str, bytes or os.PathLike object, not int" before; to_excel() already said this
    report = pa.Agreement.from_table([[20, 5], [3, 22]]).report(ci=None)
    with pytest.raises(TypeError, match=r"^path must be None or a file path \(a str or path-like\)"):
        getattr(report, method)(path)


@pytest.mark.parametrize("value", [[[0.5, 0.5]], ["0.5", "0.5"]])
def test_plan_proportions_name_each_proportion(value):
    # a nested list or text among the proportions: each of them must be a number (before: "proportions must be a
    # number; got [0.5, 0.5]", as if one number were asked for)
    with pytest.raises(TypeError, match=r"^each of proportions must be a number; got "):
        pa.plan.raters_kappa_n(0.6, 0.4, value)


@pytest.mark.parametrize("name", ["report.csv", "report", "report.xlsm", "report.xls"])
def test_a_workbook_path_must_end_in_xlsx(tmp_path, name):
    # pandas: DataFrame.to_excel("report.csv") raises "No engine for filetype: 'csv'"; openpyxl would write the
    # workbook under any name, which whoever opens "report.csv" takes for text
    report = pa.Agreement.from_table([[20, 5], [3, 22]]).report(ci=None)
    with pytest.raises(ValueError, match=r"^path must name an Excel workbook, a file ending in \.xlsx; got "):
        report.to_excel(tmp_path / name)
    assert not (tmp_path / name).exists()
    report.to_excel(tmp_path / "Report.XLSX")  # the suffix in any case
    assert (tmp_path / "Report.XLSX").stat().st_size > 0


def test_pairwise_names_its_own_argument():
    # the raters' pairwise() takes one measure, measure=: its errors named measures= before
    df = pd.DataFrame({"a": list("xyxyxx"), "b": list("xyyyxx"), "c": list("xxxyxy")})
    raters = df.agree.raters(["a", "b", "c"])
    with pytest.raises(ValueError, match=r"^measure: unknown measure 'kapa'; did you mean KAPPA"):
        raters.pairwise("kapa")
    with pytest.raises(ValueError, match=r"^measure: F1 is a binary measure, not a multiclass one"):
        raters.pairwise("F1")
    with pytest.raises(ValueError, match=r"^measures: unknown measure 'kapa'"):  # measures= keeps its name
        df.agree("a", "b").multiclass(["kapa"])


def test_an_index_level_named_as_a_column_says_how_to_make_it_one():
    # pandas' own df["Admit"] on an index level raises KeyError 'Admit'; the message says what to do
    df = pd.DataFrame({"Admit": ["a", "b", "a"], "Gender": ["m", "f", "f"], "n": [1, 2, 3]})
    indexed = df.set_index(["Admit", "Gender"])
    with pytest.raises(KeyError, match=r"row: no column 'Admit' in the DataFrame; its columns are 'n' \('Admit' is a "
                                       r"level of its index: DataFrame.reset_index\(\) makes it a column\)"):
        indexed.agree.crosstabs("Admit", "Gender", weights="n")
    with pytest.raises(KeyError, match=r"no column 'x' in the DataFrame; its columns are 'n'\"?$"):
        indexed.agree.crosstabs("x", "Gender")
