"""A fuzzer over random frames: labels of every dtype (integers, floats, text with control characters and lone
surrogates, booleans, booleans and integers in one object column, labels that print alike, categoricals, nullable
dtypes, tuples, labels of thousands of characters) with missing values, optional frequency weights, groups and
columns named by anything pandas allows (integers, floats, tuples, None, Timestamps), through every method and
every output of the three analyses, the Dask accessor and the command line. The only failures allowed are a
ValueError or TypeError raised by the package itself (a deliberate message), and its documented warnings;
anything else (an error from inside pandas, numpy or scipy, a RuntimeWarning, a crash of a renderer) is a defect.

Beyond "no obscure exception", three checks catch a wrong answer given quietly or a deliberate-looking error where
none is due:

- the crosstab is counted here from the rows (tests/_fuzz_labels.py: labels match by value, ``True`` and ``1`` are
  two labels, ``1`` and ``1.0`` one, whatever the dtypes) and every table the package builds must equal it; the
  package may refuse only a table with no label on both sides, no valid row, or a missing weight with
  ``dropna=False``;
- every column named by a name that is not text must give what the same column named by text gives;
- an unknown keyword or a surplus positional argument is a TypeError naming the callable and what it takes.

The default run tries a few frames (a few seconds); ``pytest -m slow`` (CI's slow step) tries 200, and 40 Dask frames.
"""

from __future__ import annotations

import contextlib
import inspect
import io
import tempfile
import traceback
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import pandas_agree
from pandas_agree import FewSharedLabelsWarning, LabelOrderWarning, UndefinedMeasureWarning

from ._fuzz_labels import (
    MISSING,
    NAME_SCHEMES,
    column_names,
    counted,
    label_column,
    label_key,
    label_pool,
    renamed,
    same_cells,
    table_cells,
)

# where the installed package lives (a source tree, or site-packages when it is installed as CI installs it)
PACKAGE = str(Path(pandas_agree.__file__).resolve().parent)
EXCEL_CELL = 32_767  # the most characters Excel takes in a cell: a longer text makes a workbook Excel refuses to open
BOGUS = "bogus_option"


def deliberate(err: BaseException) -> bool:
    """Whether ``err`` is one of the package's deliberate errors: a ValueError or TypeError raised by the package's
    own code, with a message. A KeyError is never one here: every column the fuzzer names is in its frame."""
    if not isinstance(err, (ValueError, TypeError)) or isinstance(err, UnicodeError):
        return False
    where = traceback.extract_tb(err.__traceback__)[-1]
    return where.filename.startswith(PACKAGE) and bool(str(err))


def clear(call):
    """``call()``, or None when it raises one of the package's deliberate errors; any other error is a defect."""
    try:
        return call()
    except Exception as err:
        if not deliberate(err):
            raise
        return None


def outcome(call):
    """("ok", value), or ("refused", the error's type, its message) for a deliberate error; any other error is a
    defect."""
    try:
        return "ok", call()
    except Exception as err:
        if not deliberate(err):
            raise
        return "refused", type(err).__name__, str(err)


# --- frames ---------------------------------------------------------------------------------------------------------

@st.composite
def frames(draw):
    """A frame of a reference "a", predictions "p" and "q", maybe weights "w" (possibly missing or zero) and groups
    "g" (possibly missing), with the columns named by role."""
    n = draw(st.integers(0, 30))
    pools = [draw(label_pool(max_size=draw(st.sampled_from([2, 2, 3, 5])))) for _ in range(2)]
    same = draw(st.booleans())  # most of the time the sides share labels
    frame = pd.DataFrame({
        "a": draw(label_column(n, pools[0][1])),
        "p": draw(label_column(n, pools[0][1] if same else pools[1][1])),
        "q": draw(label_column(n, pools[0][1] if same or draw(st.booleans()) else pools[1][1])),
    })
    weights = draw(st.sampled_from(["none", "some", "float"]))
    if weights != "none":
        choices = [0.0, 0.5, 1.0, 2.0, 3.0, np.nan, 1e-3, 1e4] if weights == "some" else [1.0, 2.0]
        frame["w"] = [draw(st.sampled_from(choices)) for _ in range(n)]
    if draw(st.booleans()):
        groups = draw(st.lists(st.sampled_from([0, 1, "x", True, ("t", 1), "s\ud800"]), min_size=1, max_size=3,
                               unique_by=label_key))
        frame["g"] = pd.Series([draw(st.sampled_from([*groups, None] if draw(st.booleans()) else groups))
                                for _ in range(n)], dtype=object)
    frame.attrs["kinds"] = [kind for kind, _ in pools]
    return frame


def _check_table(ag, frame: pd.DataFrame, weights, dropna: bool) -> None:
    """The table of ``ag`` equals the crosstab counted here from the rows."""
    expected = counted(frame["a"], frame["p"], None if weights is None else frame["w"], dropna)
    found = table_cells(ag.table)
    assert same_cells(found, expected), f"the table {found} is not the crosstab of the rows, {expected}"


def _refusal_is_due(frame: pd.DataFrame, weights, dropna: bool) -> bool:
    """Whether the rows leave no table to build: no valid row, no label on both sides, or a missing weight with
    ``dropna=False``."""
    if weights is not None and not dropna and frame["w"].isna().any():
        return True
    cells = counted(frame["a"], frame["p"], None if weights is None else frame["w"], dropna)
    rows, cols = {r for r, _ in cells}, {c for _, c in cells}
    return not cells or not rows & cols


# --- outputs --------------------------------------------------------------------------------------------------------

def _excel_cells_fit(path: Path) -> None:
    """Every cell of a workbook holds at most Excel's 32,767 characters (a longer text makes a file Excel refuses)."""
    import openpyxl

    book = openpyxl.load_workbook(path, read_only=True)
    for sheet in book.worksheets:
        for row in sheet.iter_rows(values_only=True):
            for value in row:
                assert not isinstance(value, str) or len(value) <= EXCEL_CELL, (
                    f"a cell of {len(value):,} characters in sheet {sheet.title!r}: Excel refuses the workbook")
    book.close()


def outputs(report, heavy: bool) -> None:
    """Every output of a report: text, Jupyter HTML, plain data, JSON; with ``heavy`` also Excel (read back), the HTML
    page (with its plots) and the plot."""
    assert str(report)
    assert report._repr_html_()
    report.to_dict()
    assert report.to_json()
    if heavy:
        with tempfile.TemporaryDirectory() as folder:
            report.to_excel(Path(folder) / "out.xlsx")
            _excel_cells_fit(Path(folder) / "out.xlsx")
            report.to_html(Path(folder) / "out.html")
        if hasattr(report, "plot"):
            import matplotlib.pyplot as plt

            clear(report.plot)
            plt.close("all")


def interval_options(draw) -> dict:
    ci = draw(st.sampled_from([None, None, "auto", "bootstrap", "wilson"]))
    return {"ci": ci, "n_resamples": 20, "random_state": draw(st.integers(0, 3))}


STATISTICS = [None, "all", "risk", ["chisq", "risk", "mcnemar"], ["btau", "ctau", "corr", "kappa", "lambda"]]
CELLS = [None, "all", ["count", "expected", "asresid"]]


# --- unknown keywords and surplus positional arguments --------------------------------------------------------------

def _positional(function) -> int | None:
    """How many positional arguments ``function`` takes (None: any number)."""
    params = inspect.signature(function).parameters.values()
    if any(p.kind is p.VAR_POSITIONAL for p in params):
        return None
    return sum(p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) for p in params)


def wrong_arguments(name: str, function, draw) -> None:
    """``function`` called with an unknown keyword, or with a positional argument too many, raises a TypeError that
    names it as the user called it and says what it takes (tests/test_unknown_keywords.py has the exact words)."""
    if draw(st.booleans()):
        with pytest.raises(TypeError) as err:
            function(**{BOGUS: 1})
        message = str(err.value)
        assert message.startswith(f"{name} got an unexpected keyword argument '{BOGUS}'"), message
        assert "; allowed: " in message or message.endswith("it takes no keyword arguments"), message
        return
    count = _positional(function)
    if count is None:
        return
    with pytest.raises(TypeError) as err:
        function(*([None] * (count + 1)))
    message = str(err.value)
    assert message.startswith(f"{name} takes "), message
    assert f"but {count + 1} w" in message, message


# --- the analyses ---------------------------------------------------------------------------------------------------

def _same_outcome(exotic, plain, what: str) -> None:
    """A call with columns named by non-text names gives what the call with text names gives."""
    assert exotic[0] == plain[0], (f"{what}: with text column names {plain[:2]}, with these names {exotic[:3]}")
    if exotic[0] == "ok" and hasattr(plain[1], "table"):
        pd.testing.assert_frame_equal(exotic[1].table, plain[1].table, check_names=False)


def _w(weights):
    """The text name of the weights column, where there is one."""
    return None if weights is None else "w"


def exercise(frame: pd.DataFrame, draw) -> None:
    kinds = frame.attrs.pop("kinds", [])
    scheme = draw(st.sampled_from(NAME_SCHEMES))
    names = column_names(scheme)
    df = renamed(frame, names)
    plain = renamed(frame, column_names("text"))
    a, p, q = names["a"], names["p"], names["q"]
    weights = names["w"] if "w" in frame.columns else None
    by = names["g"] if "g" in frame.columns else None
    # Excel (read back), the HTML page, the plot and the command line: one frame in twenty, one in eight with names
    # that are not text, and always with long labels
    heavy = draw(st.integers(0, 19 if scheme == "text" else 7)) == 0 or "long" in kinds
    dropna = draw(st.booleans())
    checks = []  # (name as the user calls it, a callable) to call with wrong arguments

    made = outcome(lambda: df.agree(a, p, weights=weights, dropna=dropna))
    if scheme != "text":
        _same_outcome(made, outcome(lambda: plain.agree("a", "p", weights=_w(weights), dropna=dropna)),
                      "df.agree")
    if made[0] == "refused":
        assert _refusal_is_due(frame, weights, dropna), f"df.agree refused a valid table: {made[2]}"
    ag = made[1] if made[0] == "ok" else None
    if ag is not None:
        _check_table(ag, frame, weights, dropna)
        repr(ag)
        ag.crosstab()
        ag.crosstab(margins=False)
        ag.confusions()
        kw = interval_options(draw)
        classes = draw(st.sampled_from(["common", "reference", "union"]))
        clear(lambda: ag.binary(classes=classes, **kw))
        clear(lambda: ag.averages(classes=classes, **kw))
        clear(lambda: ag.multiclass(**kw))
        clear(lambda: ag.tests())
        statistics = draw(st.sampled_from(STATISTICS))
        cells = draw(st.sampled_from(CELLS))
        clear(lambda: ag.crosstab_statistics(statistics or "all"))
        clear(lambda: ag.cell_statistics(cells or "all"))
        percentages = draw(st.sampled_from([(), ("row",), ("row", "column", "total")]))
        report = clear(lambda: ag.report(percentages=percentages, statistics=statistics, cells=cells, **kw))
        if report is not None:
            outputs(report, heavy)
            checks += [("AgreementReport.to_html()", report.to_html), ("AgreementReport.to_dict()", report.to_dict)]
        checks += [("Agreement.binary()", ag.binary), ("Agreement.averages()", ag.averages),
                   ("Agreement.multiclass()", ag.multiclass), ("Agreement.tests()", ag.tests),
                   ("Agreement.crosstab_statistics()", ag.crosstab_statistics),
                   ("Agreement.cell_statistics()", ag.cell_statistics), ("Agreement.crosstab()", ag.crosstab)]
    match = draw(st.sampled_from([None, "accuracy", "residual"]))
    if match is not None or by is not None:  # cluster-to-class matching, groups and their layers
        words = draw(st.sampled_from([["cmh"], ["cmh", "chisq", "kappa"], "all", None]))  # "all": cmh with groups
        if by is None and isinstance(words, list):
            words = [w for w in words if w != "cmh"] or None
        grouped = outcome(lambda: df.agree.report(a, p, by=by, weights=weights, dropna=dropna, match=match,
                                                  statistics=words, ci=None))
        if scheme != "text":
            _same_outcome(grouped, outcome(lambda: plain.agree.report(
                "a", "p", by=None if by is None else "g", weights=_w(weights), dropna=dropna, match=match,
                statistics=words, ci=None)), "df.agree.report")
        if grouped[0] == "ok":
            outputs(grouped[1], heavy)
            if match is not None:  # the groups share the pairing found on all rows (among their own labels)
                shared = {(label_key(c), label_key(r)) for c, r in grouped[1].agreement.pairs()}
                for group in grouped[1].groups.values():
                    pairs = {(label_key(c), label_key(r)) for c, r in group.agreement.pairs()}
                    assert pairs <= shared, f"a group pairs {pairs - shared}, not among the pairs of all rows"
    raters_made = outcome(lambda: df.agree.raters([a, p, q], weights=weights))
    if scheme != "text":
        _same_outcome(raters_made, outcome(lambda: plain.agree.raters(["a", "p", "q"], weights=_w(weights))),
                      "df.agree.raters")
    raters = raters_made[1] if raters_made[0] == "ok" else None
    if raters is not None:
        kw = interval_options(draw)
        level = draw(st.sampled_from(["nominal", "ordinal", "interval", "ratio"]))
        for call in (lambda: raters.summary(level=level, **kw), raters.by_category, lambda: raters.pairwise("KAPPA"),
                     raters.tests, lambda: raters.distribution, lambda: raters.counts):
            clear(call)
        report = clear(lambda: raters.report(**kw))
        if report is not None:
            outputs(report, heavy)
        checks += [("RaterAgreement.summary()", raters.summary), ("RaterAgreement.pairwise()", raters.pairwise)]
    compared = outcome(lambda: df.agree.compare(a, [p, q], weights=weights, dropna=dropna))
    if scheme != "text":
        _same_outcome(compared, outcome(lambda: plain.agree.compare("a", ["p", "q"], weights=_w(weights),
                                                                    dropna=dropna)), "df.agree.compare")
    comparison = compared[1] if compared[0] == "ok" else None
    if comparison is not None:
        kw = interval_options(draw)
        clear(lambda: comparison.values(**kw))
        clear(lambda: comparison.differences(**kw))
        clear(comparison.tests)
        report = clear(lambda: comparison.report(**kw))
        if report is not None:
            outputs(report, heavy)
        checks += [("Comparison.values()", comparison.values), ("Comparison.differences()", comparison.differences)]
    checks += [("DataFrame.agree()", df.agree), ("DataFrame.agree.report()", df.agree.report),
               ("DataFrame.agree.raters()", df.agree.raters), ("DataFrame.agree.compare()", df.agree.compare),
               ("DataFrame.agree.binary()", df.agree.binary)]
    name, function = checks[draw(st.integers(0, len(checks) - 1))]
    wrong_arguments(name, function, draw)
    if heavy and ag is not None:
        command_line(df, a, p, weights, scheme)


def command_line(df: pd.DataFrame, a, p, weights, scheme: str) -> None:
    """``pandas-agree report`` on the frame written to a file, naming the columns as the command line lists them
    (their text): exit status 0, or 2 with a one-line message, never a traceback nor "no column" for a column the
    file has."""
    from pandas_agree.integrations.cli import main

    with tempfile.TemporaryDirectory() as folder:
        if scheme in ("int", "float", "timestamp"):  # Excel keeps numbers and dates as the column names
            path = Path(folder) / "data.xlsx"
            try:
                df.to_excel(path, index=False)
            except Exception:  # labels openpyxl cannot write (control characters): no file to give the command line
                return
            header = list(pd.read_excel(path, nrows=0).columns)
        else:  # CSV names are text
            path = Path(folder) / "data.csv"
            header = [f"c{i}" for i in range(df.shape[1])]
            written = df.copy()
            written.columns = header
            try:
                written.to_csv(path, index=False, encoding="utf-8", errors="surrogatepass")
            except UnicodeError:
                return
        position = {name: i for i, name in enumerate(df.columns)}
        args = ["report", str(path), "--actual", str(header[position[a]]), "--pred", str(header[position[p]]),
                "--ci", "none", "--statistics", "all", "--cells", "all"]
        if weights is not None:
            args += ["--weights", str(header[position[weights]])]
        err, out = io.StringIO(), io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
            status = main(args)
    message = err.getvalue()
    assert status in (0, 2), message
    assert "Traceback" not in message, message
    assert "no column" not in message, f"the file has the columns named, {header}: {message}"


@contextlib.contextmanager
def strict_warnings():
    """Every warning is a defect, but the documented ones: undefined values, few shared labels, an order read as a
    scale, labels that differ only in type (a UserWarning), ..."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for documented in (UndefinedMeasureWarning, FewSharedLabelsWarning, LabelOrderWarning, UserWarning):
            warnings.simplefilter("ignore", documented)
        yield


def fuzz(data) -> None:
    frame = data.draw(frames(), label="frame")
    with strict_warnings():
        exercise(frame, data.draw)


# --- the Dask accessor: no rows, every label missing, and the label classes above ----------------------------------

@st.composite
def dask_frames(draw):
    """A small frame of "a", "p", "q": with no rows, with every label missing, or with a few labels of the classes
    that need care (lone surrogates, True against 1, labels that print alike, tuples); named by any scheme."""
    shape = draw(st.sampled_from(["empty", "missing", "labels"]))
    n = 0 if shape == "empty" else draw(st.integers(1, 8))
    if shape == "labels":
        pool = draw(label_pool(kinds=["surrogate", "boolint", "alike", "tuple", "int"], max_size=3))[1]
        columns = {c: draw(label_column(n, pool)) for c in ("a", "p", "q")}
    else:
        form = draw(st.sampled_from(["object", "float", "category", "string"]))
        columns = {}
        for c in ("a", "p", "q"):
            values = [draw(st.sampled_from(MISSING)) for _ in range(n)]
            if form == "float":
                columns[c] = pd.Series([np.nan] * n, dtype=float)
            elif form == "category":
                columns[c] = pd.Series(pd.Categorical([None] * n, categories=["x", "y"]))
            elif form == "string":
                columns[c] = pd.Series(pd.array([pd.NA] * n, dtype="string[python]"))
            else:
                columns[c] = pd.Series(values, dtype=object)
    frame = pd.DataFrame(columns)
    if draw(st.booleans()):
        frame["w"] = [draw(st.sampled_from([1.0, 2.0, 0.0])) for _ in range(n)]
    return frame, draw(st.sampled_from(NAME_SCHEMES)), draw(st.integers(1, 3))


def dask_fuzz(data) -> None:
    """The Dask accessor gives what the pandas accessor gives on the same rows: the same table, or the same kind of
    deliberate error (no rows to count is a ValueError on both), never an error from inside dask or pandas."""
    import dask
    import dask.dataframe as dd

    frame, scheme, partitions = data.draw(dask_frames(), label="frame")
    names = column_names(scheme)
    df = renamed(frame, names)
    a, p, q = names["a"], names["p"], names["q"]
    weights = names["w"] if "w" in frame.columns else None
    # dask turns object columns into arrow strings, which cannot hold a lone surrogate (docs/notes/conventions.md)
    with strict_warnings(), dask.config.set({"dataframe.convert-string": False}):
        ddf = dd.from_pandas(df, npartitions=partitions)
        calls = [
            ("agree", lambda x: x.agree(a, p, weights=weights)),
            ("report", lambda x: x.agree.report(a, p, weights=weights, ci=None, statistics="all", cells="all")),
            ("binary", lambda x: x.agree.binary(a, p, weights=weights)),
            ("raters", lambda x: x.agree.raters([a, p, q], weights=weights)),
        ]
        if hasattr(ddf.agree, "compare"):  # the pandas accessor's compare, where the Dask accessor has one
            calls.append(("compare", lambda x: x.agree.compare(a, [p, q], weights=weights)))
        for what, call in calls:
            on_dask, on_pandas = outcome(lambda call=call: call(ddf)), outcome(lambda call=call: call(df))
            assert on_dask[0] == on_pandas[0], f"{what}: pandas {on_pandas[:3]}, dask {on_dask[:3]}"
            if on_dask[0] == "refused":
                assert on_dask[1] == on_pandas[1], f"{what}: pandas {on_pandas[:3]}, dask {on_dask[:3]}"
                continue
            result = on_dask[1]
            if hasattr(result, "table"):
                _check_table(result, frame, weights, True)
            elif hasattr(result, "to_dict") and not isinstance(result, pd.DataFrame):
                outputs(result, heavy=False)
            elif isinstance(result, pd.DataFrame):
                pd.testing.assert_frame_equal(result, on_pandas[1])


# --- cases the fuzzers found, each a test of its own -----------------------------------------------------------------



def _objects(values: dict) -> pd.DataFrame:
    return pd.DataFrame({k: pd.Series(v, dtype=object) for k, v in values.items()})


def lone_surrogates() -> None:
    frame = _objects({"a": ["s\ud800", "x", "s\ud800"], "p": ["s\ud800", "s\ud800", "x"]})
    ag = frame.agree("a", "p")
    _check_table(ag, frame, None, True)
    outputs(ag.report(ci=None, statistics="all", cells="all"), heavy=True)


def two_lone_surrogates() -> None:  # pandas 2.2's factorize takes "\udfff" and "\ud83d" for one label
    frame = _objects({"a": ["\udfff", "\ud83d", "\udfff", "\ud83d"], "p": ["\udfff", "\ud83d", "\udfff", "\udfff"]})
    _check_table(frame.agree("a", "p"), frame, None, True)


def lone_surrogates_in_groups() -> None:
    frame = _objects({"a": [1, 2, 1, 2], "p": [1, 2, 2, 2], "g": ["s\ud800", "s\ud800", "x", "x"]})
    report = frame.agree.report("a", "p", by="g", ci=None)
    assert {label_key(g) for g in report.groups} == {("str", "s\ud800"), ("str", "x")}


def true_and_1_in_one_object_column() -> None:
    frame = _objects({"a": [True, 1, False, 0, np.True_], "p": [1, True, 0, False, 1]})
    _check_table(frame.agree("a", "p"), frame, None, True)


def one_point_zero_against_true() -> None:  # no label on both sides: the deliberate ValueError (K = 0)
    frame = _objects({"a": [1.0, 2.0], "p": [True, False]})
    made = outcome(lambda: frame.agree("a", "p"))
    assert made[0] == "refused" and "K = 0" in made[2], made


def tuple_named_weights() -> None:
    frame = pd.DataFrame({("x", "a"): [1, 2, 1], ("x", "p"): [1, 2, 2], ("y", "w"): [1.0, 2.0, 3.0]})
    assert frame.agree(("x", "a"), ("x", "p"), weights=("y", "w")).n == 6.0
    # the raters' distribution holds each subject's weight once per rating (counts are the raters, unweighted)
    assert frame.agree.raters([("x", "a"), ("x", "p")], weights=("y", "w")).distribution.to_numpy().sum() == 12.0
    assert frame.agree.compare(("x", "a"), [("x", "p"), ("x", "a")], weights=("y", "w")).n == 6.0


def mixed_group_values() -> None:
    frame = _objects({"a": [1, 1, 2, 1], "p": [1, 2, 2, 1], "g": [0, ("t", 1), 0, ("t", 1)]})
    assert list(frame.agree.report("a", "p", by="g", ci=None).groups) == [0, ("t", 1)]


def tuple_group_values_as_layers() -> None:
    frame = _objects({"a": [1, 2, 1, 2], "p": [1, 2, 2, 2], "g": [("t", 1), ("t", 1), ("t", 2), ("t", 2)]})
    report = frame.agree.report("a", "p", by="g", statistics=["cmh"], ci=None)
    assert len(report.statistics["Test of Homogeneity of Kappa"].attrs["layers"]) == 2


def tuple_labels_with_cells() -> None:
    frame = _objects({"a": [(1, "b"), (0, "a"), (1, "b")], "p": [(1, "b"), (1, "b"), (0, "a")]})
    report = frame.agree.report("a", "p", ci=None, cells="all")
    outputs(report, heavy=False)


def large_scores() -> None:  # the scores of the linear-by-linear test: no overflow warning
    frame = pd.DataFrame({"a": [1e300, -1.5, 1e300, -1.5, 1e300], "p": [1e300, -1.5, -1.5, -1.5, 1e300]})
    chi = frame.agree("a", "p").crosstab_statistics("chisq")["Chi-Square Tests"]
    assert np.isfinite(chi.loc["Linear-by-Linear Association", "value"])


def dask_raters_named_none() -> None:
    dd = pytest.importorskip("dask.dataframe")
    frame = pd.DataFrame({"a": [1, 2, 1], "b": [1, 2, 2]})
    frame.columns = pd.Index(["a", None], dtype=object)
    raters = dd.from_pandas(frame, npartitions=1).agree.raters(["a", None])
    pd.testing.assert_frame_equal(raters.counts, frame.agree.raters(["a", None]).counts)


def dask_raters_of_multiindex_columns() -> None:
    dd = pytest.importorskip("dask.dataframe")
    frame = pd.DataFrame({("x", "a"): [1, 2, 1], ("x", "p"): [1, 2, 2]})
    raters = dd.from_pandas(frame, npartitions=1).agree.raters([("x", "a"), ("x", "p")])
    pd.testing.assert_frame_equal(raters.counts, frame.agree.raters([("x", "a"), ("x", "p")]).counts)


def command_line_names_of_an_excel_file() -> None:  # an Excel file keeps numbers and dates as column names
    frame = pd.DataFrame({"a": [1, 2, 1, 2], "p": [1, 2, 2, 2], "q": [1, 1, 2, 2]})
    for scheme in ("int", "float", "timestamp"):
        names = column_names(scheme)
        command_line(renamed(frame, names), names["a"], names["p"], None, scheme)


FOUND = [lone_surrogates, two_lone_surrogates, lone_surrogates_in_groups, true_and_1_in_one_object_column,
         one_point_zero_against_true, tuple_named_weights, mixed_group_values, tuple_group_values_as_layers,
         tuple_labels_with_cells, large_scores, dask_raters_named_none, dask_raters_of_multiindex_columns,
         command_line_names_of_an_excel_file]


@pytest.mark.parametrize("case", FOUND, ids=[f.__name__ for f in FOUND])
def test_cases_found(case):
    with strict_warnings():
        case()


# derandomized, and not shrunk: a failing frame is printed as drawn (shrinking one takes minutes), and the cases above
# hold the small reproducers
SETTINGS = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large],
            "derandomize": True, "phases": [Phase.explicit, Phase.generate]}


@pytest.fixture(autouse=True)
def _no_display():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")


@settings(max_examples=5, **SETTINGS)
@given(st.data())
def test_random_frames_render_or_fail_clearly(data):
    fuzz(data)


@pytest.mark.slow
@settings(max_examples=200, **SETTINGS)
@given(st.data())
def test_random_frames_render_or_fail_clearly_many(data):
    fuzz(data)


@settings(max_examples=3, **SETTINGS)
@given(st.data())
def test_dask_frames_without_rows_or_labels(data):
    pytest.importorskip("dask.dataframe")
    dask_fuzz(data)


@pytest.mark.slow
@settings(max_examples=40, **SETTINGS)
@given(st.data())
def test_dask_frames_without_rows_or_labels_many(data):
    pytest.importorskip("dask.dataframe")
    dask_fuzz(data)
