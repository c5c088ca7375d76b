"""Averages over classes: which classes (``classes=``), the labels a choice leaves out (one warning and the report's
header), each term averaged over the classes where it is defined, ``zero_division=`` as in scikit-learn, and CORR
averaged before the formula as Brennan–Prediger's kappa."""

import json
import re
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from sklearn.metrics import precision_recall_fscore_support

import pandas_agree as pa
from pandas_agree.integrations import cli

from ._tables import expand, square_tables

METHODS = ["unweighted", "weighted", "inverse", "micro"]
CLASSES = ["common", "reference", "union"]
GUIDE = Path(__file__).resolve().parents[1] / "docs" / "user_guide" / "classifier.md"


@st.composite
def labelled_tables(draw, max_labels=5, high=12):
    """A table whose reference and predicted labels are two overlapping subsets of one pool (so some reference
    labels may never be predicted and some predicted labels may be absent from the reference)."""
    pool = [f"l{k}" for k in range(draw(st.integers(2, max_labels)))]
    rows = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=len(pool), unique=True))
    cols = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=len(pool), unique=True))
    if not set(rows) & set(cols):
        cols = [rows[0], *cols]
    cells = draw(st.lists(st.integers(0, high), min_size=len(rows) * len(cols), max_size=len(rows) * len(cols)))
    table = np.array(cells, dtype=float).reshape(len(rows), len(cols))
    # labels that one side never uses (a class never predicted, a label with no reference object)
    table[:, draw(st.lists(st.integers(0, len(cols) - 1), max_size=len(cols) - 1, unique=True))] = 0
    table[draw(st.lists(st.integers(0, len(rows) - 1), max_size=len(rows) - 1, unique=True)), :] = 0
    if table.sum() == 0:
        table[0, 0] = 1
    return pd.DataFrame(table, index=rows, columns=cols)


def _silent(fn, *args, **kwargs):
    """Call ``fn`` with every warning silenced (the tests that are about warnings record them)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return fn(*args, **kwargs)


def _record(fn, *args, **kwargs):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = fn(*args, **kwargs)
    return result, caught


def _left_out_warnings(caught) -> list:
    return [w for w in caught if w.category is UserWarning and "classes='union'" in str(w.message)]


# a: predicted well; b: some errors; c: in the reference, never predicted; e: predicted, not in the reference
TABLE = pd.DataFrame([[8, 2, 0], [1, 9, 1], [2, 3, 0]], index=["a", "b", "c"], columns=["a", "b", "e"])


# --- classes= -------------------------------------------------------------------------------------------------

@given(labelled_tables(), st.sampled_from(CLASSES))
def test_averages_run_over_the_classes_binary_gives(table, classes):
    ag = pa.Agreement.from_table(table)
    per_class = _silent(ag.binary, ["REC", "PRE", "F1"], classes=classes)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        out = ag.averages(["REC", "PRE", "F1"], classes=classes, timing="after")
    size = table.sum(axis=1).reindex(per_class.index, fill_value=0).to_numpy()
    for code in ("REC", "PRE", "F1"):
        values = per_class[code].to_numpy()
        for method, weights in (("unweighted", np.ones(len(size))), ("weighted", size)):
            enter = ~np.isnan(values) & (weights > 0)
            want = (values[enter] * weights[enter]).sum() / weights[enter].sum() if enter.any() else np.nan
            np.testing.assert_allclose(out.loc[code, method], want, rtol=1e-12, atol=1e-15)
            assert out.attrs["classes"][method][code] == enter.sum()


def test_the_report_takes_classes():
    ag = pa.Agreement.from_table(TABLE)
    report = _silent(ag.report, classes="union", ci=None)
    want = _silent(ag.averages, classes="union")
    pd.testing.assert_frame_equal(report.averages, want)
    assert list(report.binary.index) == ["a", "b", "c", "e"]


def _comparison() -> pa.Comparison:
    y = ["a"] * 5 + ["b"] * 5 + ["c"] * 4
    p1 = ["a"] * 4 + ["b"] + ["b"] * 4 + ["a"] + ["a", "b", "b", "a"]  # c never predicted
    p2 = ["a"] * 5 + ["b"] * 3 + ["e", "e"] + ["c", "c", "c", "b"]  # e not in the reference
    return pd.DataFrame({"y": y, "p1": p1, "p2": p2}).agree.compare("y", ["p1", "p2"])


def test_comparison_values_and_differences_take_classes():
    cmp = _comparison()
    values = _silent(cmp.values, ["OSR", "F1", "REC"], classes="union")
    for name, ag in cmp.agreements.items():
        want = _silent(ag.averages, ["F1", "REC"], average="unweighted", classes="union")
        assert values.loc[name, "F1 (unweighted)"] == pytest.approx(want.loc["F1", "unweighted"], abs=1e-12)
        assert values.loc[name, "REC (unweighted)"] == pytest.approx(want.loc["REC", "unweighted"], abs=1e-12)
    common = _silent(cmp.values, ["REC"])
    assert common.loc["p1", "REC (unweighted)"] != pytest.approx(values.loc["p1", "REC (unweighted)"])
    diffs = _silent(cmp.differences, ["F1", "REC"], classes="union")
    for col in ("F1 (unweighted)", "REC (unweighted)"):
        assert diffs.loc["p1 − p2", col] == pytest.approx(values.loc["p1", col] - values.loc["p2", col], abs=1e-12)
    report = _silent(cmp.report, measures=["REC"], classes="union", ci=None)
    pd.testing.assert_frame_equal(report.values, _silent(cmp.values, ["REC"], classes="union"))


def test_the_command_line_takes_classes(tmp_path, capsys):
    y = [label for label, row in TABLE.iterrows() for col, n in row.items() for _ in range(int(n))]
    p = [col for label, row in TABLE.iterrows() for col, n in row.items() for _ in range(int(n))]
    path = tmp_path / "labels.csv"
    pd.DataFrame({"y": y, "p": p, "q": p[::-1]}).to_csv(path, index=False)
    ag = pa.agreement(y, p)
    for classes in ("common", "union"):
        assert cli.main(["report", str(path), "--actual", "y", "--pred", "p", "--ci", "none", "--json",
                         "--classes", classes]) == 0
        data = json.loads(capsys.readouterr().out)["averages"]
        want = _silent(ag.averages, classes=classes)
        assert data["index"] == list(want.index)
        np.testing.assert_allclose(np.array(data["data"], dtype=float), want.to_numpy(), rtol=1e-12)
    assert cli.main(["compare", str(path), "--actual", "y", "--pred", "p", "q", "--ci", "none", "--json",
                     "--measures", "REC", "--classes", "union"]) == 0
    data = json.loads(capsys.readouterr().out)["values"]
    want = _silent(ag.averages, ["REC"], average="unweighted", classes="union").loc["REC", "unweighted"]
    assert data["data"][0][0] == pytest.approx(want)


# --- the labels left out: one warning with the remedy, and the report's header -------------------------------

def test_one_warning_names_the_labels_left_out_and_the_remedy():
    ag = pa.Agreement.from_table(TABLE)
    out, caught = _record(ag.averages, ["REC"])
    (w,) = _left_out_warnings(caught)
    message = str(w.message)
    assert "never predicted: 'c'" in message and "not in the reference: 'e'" in message
    assert w.filename == __file__
    assert out.attrs["left_out"] == {"never predicted": ["c"], "not in the reference": ["e"]}
    out, caught = _record(ag.averages, ["REC"], classes="reference")
    (w,) = _left_out_warnings(caught)
    assert "not in the reference: 'e'" in str(w.message) and "never predicted" not in str(w.message)
    out, caught = _record(ag.averages, ["REC"], classes="union")
    assert not _left_out_warnings(caught)
    assert out.attrs["left_out"] == {"never predicted": [], "not in the reference": []}
    _, caught = _record(pa.Agreement.from_table(np.array([[5, 1], [2, 8]])).averages)
    assert not caught


def test_the_report_header_names_the_labels_left_out():
    ag = pa.Agreement.from_table(TABLE)
    report = _silent(ag.report, ci=None)
    text = str(report)
    header = text[:text.index("Case Processing Summary")]  # the first table
    assert re.search(r"Reference labels never predicted +c\n", header)
    assert re.search(r"Predicted labels not in the reference +e\n", header)
    assert "classes='union' counts" in header
    assert max(len(line) for line in header.splitlines()) <= 100
    html = report._repr_html_()
    assert html.index("Labels Left Out of the Averages") < html.index("Case Processing Summary")
    assert any("classes='union' counts them" in note for note in report.notes)  # also in the notes (and Excel)
    union = _silent(ag.report, ci=None, classes="union")
    assert "Labels Left Out" not in str(union) and "classes='union' counts" not in str(union)


def test_the_comparison_names_the_labels_left_out():
    cmp = _comparison()
    _, caught = _record(cmp.values, ["F1"], ci=None)
    (w,) = _left_out_warnings(caught)
    assert "p1: " in str(w.message) and "never predicted: 'c'" in str(w.message)
    assert "p2: " in str(w.message) and "not in the reference: 'e'" in str(w.message)
    _, caught = _record(cmp.values, ["OSR"], ci=None)  # nothing is averaged
    assert not _left_out_warnings(caught)
    report, caught = _record(cmp.report, measures=["F1"], ci=None)
    assert not _left_out_warnings(caught)
    text = str(report)
    header = text[:text.index("Case Processing Summary")]
    assert re.search(r"p1: reference labels never predicted +c\n", header)
    assert re.search(r"p2: predicted labels not in the reference +e\n", header)


# --- each term averaged over the classes where it is defined ---------------------------------------------------

def test_a_class_never_predicted_keeps_its_recall_in_a_before_average():
    t = pd.DataFrame([[8, 2, 0], [1, 9, 0], [2, 3, 0]], index=list("abc"), columns=list("abc"))
    ag = pa.Agreement.from_table(t)
    out = _silent(ag.averages, ["F1", "KULCZ2"], average="unweighted", timing="before")
    rec = (0.8 + 0.9 + 0.0) / 3  # class c: recall 0
    pre = (8 / 11 + 9 / 14) / 2  # class c: precision 0/0, left out of the precision average only
    assert out.loc["F1", "unweighted"] == pytest.approx(2 * pre * rec / (pre + rec), abs=1e-12)
    assert out.loc["KULCZ2", "unweighted"] == pytest.approx((pre + rec) / 2, abs=1e-12)
    assert out.attrs["classes"]["unweighted"]["F1"] == 3


def _moves(table: pd.DataFrame) -> list[tuple[int, int, int]]:
    """(row, column, diagonal column) of every off-diagonal cell with a count whose row label is a column too."""
    cols = list(table.columns)
    return [(i, j, cols.index(r)) for i, r in enumerate(table.index) if r in cols
            for j in range(len(cols)) if j != cols.index(r) and table.iat[i, j] > 0]


@given(labelled_tables(), st.data())
def test_a_correct_prediction_never_lowers_the_averages(table, data):
    # Moving an object of row i from an off-diagonal cell to (i, i) keeps every row total, so every class weight
    # (1, n_k·, 1/n_k·) is fixed: REC_i rises, PRE_i and F1_i rise (or become defined), and PRE_j and F1_j of
    # the column left rise or become undefined from 0. So OSR and the averaged REC, PRE and F1 never fall, for
    # every class set, every method (unweighted, weighted, inverse, micro) and both timings, with zero_division
    # NaN (undefined values left out) or 0. (With zero_division above 0, an F1 averaged before the formula can
    # fall from the value given to 0/0, when every class has precision and recall 0.)
    moves = _moves(table)
    assume(moves)
    i, j, k = data.draw(st.sampled_from(moves))
    after = table.copy()
    after.iat[i, j] -= 1
    after.iat[i, k] += 1
    old, new = pa.Agreement.from_table(table), pa.Agreement.from_table(after)
    assert new.multiclass(["OSR"]).loc["OSR", "value"] >= old.multiclass(["OSR"]).loc["OSR", "value"]
    for classes in CLASSES:
        for timing in ("after", "before"):
            for zero_division in (np.nan, 0):
                kw = {"classes": classes, "timing": timing, "zero_division": zero_division}
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    before_move = old.averages(["REC", "PRE", "F1"], **kw)
                    after_move = new.averages(["REC", "PRE", "F1"], **kw)
                defined = before_move.notna().to_numpy()
                assert after_move.notna().to_numpy()[defined].all(), kw
                assert (after_move.to_numpy()[defined] >= before_move.to_numpy()[defined] - 1e-12).all(), kw


# --- zero_division ------------------------------------------------------------------------------------------------

def test_zero_division_in_binary():
    ag = pa.Agreement.from_table(TABLE)
    with pytest.warns(pa.UndefinedMeasureWarning):
        nan = ag.binary(["PRE", "REC"], classes="union")
    assert np.isnan(nan.loc["c", "PRE"]) and np.isnan(nan.loc["e", "REC"])
    with warnings.catch_warnings():
        warnings.simplefilter("error", pa.UndefinedMeasureWarning)
        for value in (0, 1, 0.5):
            filled = ag.binary(["PRE", "REC"], classes="union", zero_division=value)
            assert filled.loc["c", "PRE"] == value and filled.loc["e", "REC"] == value
            pd.testing.assert_frame_equal(filled.drop(index=["c", "e"]), nan.drop(index=["c", "e"]))
    ci = _silent(ag.binary, ["PRE"], classes="union", zero_division=0, ci="bootstrap", n_resamples=50,
               random_state=0)
    assert ci.loc["c", ("PRE", "value")] == 0


def test_undefined_class_values_left_out_are_named_with_the_remedy():
    ag = pa.Agreement.from_table(TABLE)
    out, caught = _record(ag.averages, ["PRE", "REC"], classes="union", timing="after")
    undefined = [w for w in caught if issubclass(w.category, pa.UndefinedMeasureWarning)]
    assert len(undefined) == 1
    message = str(undefined[0].message)
    assert "PRE (class c)" in message and "REC (class e)" in message and "zero_division=0" in message
    assert out.attrs["classes"]["unweighted"] == {"PRE": 3, "REC": 3}
    out, caught = _record(ag.averages, ["PRE", "REC"], classes="union", timing="after", zero_division=0)
    assert not caught
    assert out.attrs["classes"]["unweighted"] == {"PRE": 4, "REC": 4}
    assert out.notna().all().all()


@given(labelled_tables())
def test_union_after_zero_division_0_is_scikit_learn(table):
    ag = pa.Agreement.from_table(table)
    with warnings.catch_warnings():
        warnings.simplefilter("error", pa.UndefinedMeasureWarning)
        warnings.simplefilter("ignore", UserWarning)
        out = ag.averages(["PRE", "REC", "F1"], classes="union", timing="after", zero_division=0)
    labels = list(_silent(ag.binary, ["PRE"], classes="union").index)
    rows, cols = expand(table.to_numpy())
    y_true, y_pred = table.index.to_numpy()[rows], table.columns.to_numpy()[cols]
    for method, average in (("unweighted", "macro"), ("weighted", "weighted"), ("micro", "micro")):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            p, r, f, _ = precision_recall_fscore_support(y_true, y_pred, labels=labels, average=average,
                                                         zero_division=0)
        np.testing.assert_allclose(out.loc[["PRE", "REC", "F1"], method], [p, r, f], rtol=1e-12, atol=1e-15)


def test_the_guide_says_which_call_is_scikit_learn():
    guide = GUIDE.read_text(encoding="utf-8")
    assert 'ag.averages(["PRE", "REC", "F1"], classes="union", timing="after", zero_division=0)' in guide
    assert "`unweighted` is scikit-learn's \"macro\"" not in guide


def test_zero_division_is_validated():
    ag = pa.Agreement.from_table(TABLE)
    for bad, error in ((2, ValueError), (-1, ValueError), ("0", TypeError), (None, TypeError)):
        with pytest.raises(error, match=r"zero_division must be np\.nan or a number from 0 to 1"):
            ag.averages(zero_division=bad)
    _silent(ag.averages, zero_division=float("nan"))


# --- CORR averaged before the formula over one label set is Brennan–Prediger's kappa -------------------------

@given(square_tables(min_k=2, max_k=6))
def test_corr_averaged_before_over_one_label_set_is_brennan_prediger(table):
    ag = pa.Agreement.from_table(table)
    corr = _silent(ag.averages, ["CORR"], average="unweighted", timing="before").loc["CORR", "unweighted"]
    bpk = _silent(ag.multiclass, ["BPK"]).loc["BPK", "value"]
    k = len(table)
    osr = np.trace(table.to_numpy()) / table.to_numpy().sum()
    assert corr == pytest.approx(bpk, abs=1e-12)
    assert corr == pytest.approx((osr - 1 / k) / (1 - 1 / k), abs=1e-12)


def test_the_catalogue_says_corr_before_is_brennan_prediger():
    reference = pa.measures().set_index("code").loc["CORR", "reference"]
    assert "Brennan–Prediger" in reference
    catalogue = (GUIDE.parents[1] / "catalogue.md").read_text(encoding="utf-8")
    entry = catalogue[catalogue.index("### CORR:"):catalogue.index("### SS1:")]
    assert "Brennan–Prediger's kappa" in entry


def test_the_command_line_names_its_option_where_the_averages_leave_labels_out(tmp_path):
    """Labels never predicted: the report's header, its notes and the warning of the averages name the option that
    counts them as the caller writes it, ``--classes union`` on the command line and ``classes='union'`` in
    Python."""
    import io
    from contextlib import redirect_stdout

    from pandas_agree.integrations.cli import main

    df = pd.DataFrame({"a": ["x", "y", "z", "x", "y", "z"], "p": ["x", "y", "y", "x", "y", "x"]})
    path = tmp_path / "labels.csv"
    df.to_csv(path, index=False)
    out = io.StringIO()
    with redirect_stdout(out), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        main(["report", str(path), "--actual", "a", "--pred", "p"])
    text = out.getvalue()
    assert "--classes union counts" in text and "classes='union'" not in text
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        python = str(df.agree.report("a", "p"))
    assert "classes='union' counts" in python and "--classes" not in python


@pytest.mark.parametrize("ci", ["linearized", "auto"])
def test_an_averaging_method_asked_for_twice_gets_the_same_interval_twice(ci):
    """Each column of an averaging method named twice has the same SE and interval as the first (to rounding: the
    variances of the columns are sums in products of their own): the partials of the averages fill every column of
    the method, not only the first one of its name (the second had an SE of 0 and a zero-width interval)."""
    ag = pa.Agreement.from_table([[50, 10, 0], [5, 20, 5], [0, 2, 8]])
    twice = ag.averages(["REC", "F1", "SPE"], average=["unweighted", "micro", "unweighted", "micro"], ci=ci)
    once = ag.averages(["REC", "F1", "SPE"], average=["unweighted", "micro"], ci=ci)
    for method in ("unweighted", "micro"):
        columns = twice.loc[:, method]
        first, second = columns.iloc[:, :4], columns.iloc[:, 4:]
        assert (second.loc[:, "se"] > 0).all()
        np.testing.assert_allclose(second.to_numpy(), first.to_numpy(), rtol=1e-12)
        np.testing.assert_allclose(first.to_numpy(), once.loc[:, method].to_numpy(), rtol=1e-12)


@pytest.mark.parametrize("timing", ["default", "after", "before"])
def test_the_partials_of_every_average_are_the_slopes_of_the_averages(timing):
    """The partials of the averages (the chain rule through the class values, the class weights and, before the
    formula, the term means) agree with central differences of the averages themselves, each count of each class
    moved on its own."""
    from pandas_agree.inference.delta import class_partials
    from pandas_agree.measures.averaging import Averaging
    from pandas_agree.measures.binary import one_vs_rest, resolve_params
    from pandas_agree.measures.registry import REGISTRY

    table = np.array([[40.0, 6, 3, 1], [5, 30, 2, 2], [2, 3, 12, 4], [1, 2, 2, 9]])
    counts = one_vs_rest(table, np.arange(4), np.arange(4))
    chosen = [REGISTRY[c] for c in ("REC", "PRE", "F1", "CORR", "AGM", "SS4", "YOUD", "GM", "PREV", "HSS", "DOR")]
    partials = Averaging(chosen, counts, METHODS, timing, resolve_params()).partials(
        lambda function, at: class_partials(function, at, separable=True))  # (4, K, measures, methods)
    for t in range(4):
        for k in range(4):
            h = 1e-4 * counts[t][k]
            moved = [[np.array(x, dtype=float) for x in counts] for _ in range(2)]
            moved[0][t][k] += h
            moved[1][t][k] -= h
            up, down = (Averaging(chosen, tuple(x), METHODS, timing, resolve_params()).values()[0] for x in moved)
            np.testing.assert_allclose(partials[t, k], (up - down) / (2 * h), rtol=1e-5, atol=1e-9)
