"""Messages that name the argument and say what is allowed, for mistakes a careful user makes."""

import matplotlib
import pandas as pd
import pytest

import pandas_agree  # registers the accessor

matplotlib.use("Agg")


@pytest.fixture(scope="module")
def frame():
    return pd.DataFrame({"r1": list("aabb"), "r2": list("abab"), "r3": list("abba")})


def test_a_rater_named_twice(frame):
    with pytest.raises(ValueError, match=r"columns must name each rater once; repeated: \['r1'\]"):
        frame.agree.raters(["r1", "r1"])


def test_a_partial_key_of_a_multiindex():
    mi = pd.DataFrame({("x", "a"): list("ab"), ("x", "b"): list("ab")})
    with pytest.raises(ValueError, match=r"actual: 'x' names 2 columns of the DataFrame's MultiIndex; give the whole"):
        mi.agree("x", ("x", "b"))
    assert mi.agree(("x", "a"), ("x", "b")).n == 2


@pytest.mark.parametrize("make", [
    lambda f: f.agree.report("r1", "r2", ci=None),
    lambda f: f.agree.raters(["r1", "r2", "r3"]).report(ci=None),
    lambda f: f.agree.compare("r1", ["r2", "r3"]).report(ci=None),
])
def test_an_excel_path_that_is_not_a_path(frame, make):
    with pytest.raises(TypeError, match="path must be a file path"):
        make(frame).to_excel(None)


def test_unknown_or_absent_measures_in_plot(frame):
    rep = frame.agree.report("r1", "r2", ci=None, measures=["REC", "PRE"])
    with pytest.raises(ValueError, match="unknown measure 'XYZ'"):
        rep.plot(["XYZ"])
    with pytest.raises(ValueError, match="F1 not in the report's class-specific measures"):
        rep.plot(["F1"])
    assert len(rep.plot(["recall"]).axes) == 2  # aliases work


def test_unhashable_labels(frame):
    with pytest.raises(ValueError, match="labels must be None or a list of"):
        frame.agree("r1", "r2", labels=[["a"], "b"])


def test_a_column_named_none():
    """A column named None is a label column like any other; as weights= or by=, None means none (documented)."""
    frame = pd.DataFrame({None: list("aabb"), "pred": list("abab"), "w": [1.0, 2.0, 3.0, 4.0]})
    ag = frame.agree(None, "pred")
    assert ag.n == 4 and list(ag.table.index) == ["a", "b"]
    numbers = pd.DataFrame({"actual": list("aabb"), "pred": list("abab"), None: [1.0, 2.0, 3.0, 4.0]})
    assert numbers.agree("actual", "pred", weights=None).n == 4  # not the column None (sum 10)
    assert numbers.agree.report("actual", "pred", by=None, ci=None).groups == {}
    doc = " ".join((pd.DataFrame.agree.__call__.__doc__ + pd.DataFrame.agree.report.__doc__).split())
    assert doc.count("even where the frame has a column named None") == 2


@pytest.mark.parametrize("columns", [[], (), ["r1"]])
@pytest.mark.parametrize("entry", ["accessor", "from_frame", "arrow", "dask"])
def test_fewer_than_two_rater_columns(frame, entry, columns):
    # an empty list reached pd.concat ("No objects to concatenate") or a list index (IndexError) before
    import dask.dataframe as dd
    import pyarrow

    calls = {"accessor": lambda: frame.agree.raters(columns),
             "from_frame": lambda: pandas_agree.RaterAgreement.from_frame(frame, columns),
             "arrow": lambda: pandas_agree.RaterAgreement.from_frame(pyarrow.Table.from_pandas(frame), columns),
             "dask": lambda: dd.from_pandas(frame, npartitions=1).agree.raters(columns)}
    with pytest.raises(ValueError, match=rf"columns: at least two raters \(columns\) are needed; got {len(columns)}"):
        calls[entry]()
