"""Comparison.values() and .differences() take ``timing=`` and ``zero_division=`` as Agreement.averages() takes
them: with ``classes="union", timing="after", zero_division=0`` each prediction's averages are scikit-learn's macro
averages of precision, recall and F1 (labels the union of the reference's and the prediction's), and the paired
differences are the differences of those, with their intervals (the delta method's SE checked against central
differences of an independent macro F1 over the joint table's cells)."""

import warnings

import numpy as np
import pandas as pd
import pytest
from sklearn.metrics import f1_score, precision_score, recall_score

import pandas_agree as pa

MEASURES = ["F1", "PRE", "REC"]
SKLEARN = {"F1": f1_score, "PRE": precision_score, "REC": recall_score}
MACRO = {"classes": "union", "timing": "after", "zero_division": 0}


def _frame() -> pd.DataFrame:
    """240 objects of four reference classes a–d. A never predicts "d" and predicts "e", a label not in the
    reference (its PRE of "d" and REC of "e" are 0/0, which zero_division=0 counts as 0); B predicts every class;
    C confuses "b" and "c" often."""
    rng = np.random.default_rng(20261128)
    ref = rng.choice(list("abcd"), 240, p=[0.4, 0.3, 0.2, 0.1])
    a = np.where(rng.random(240) < 0.7, ref, rng.choice(list("abce"), 240))
    a[a == "d"] = "e"
    b = np.where(rng.random(240) < 0.8, ref, rng.choice(list("abcd"), 240))
    c = np.where(rng.random(240) < 0.6, ref, np.where(ref == "b", "c", np.where(ref == "c", "b", ref)))
    return pd.DataFrame({"ref": ref, "A": a, "B": b, "C": c})


def _quiet(function, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return function(*args, **kwargs)


def _sklearn_macro(df: pd.DataFrame, name: str, code: str) -> float:
    # sklearn.metrics.{f1,precision,recall}_score(ref, pred, average="macro", zero_division=0, labels=union)
    labels = sorted(set(df["ref"]) | set(df[name]))
    return SKLEARN[code](df["ref"], df[name], labels=labels, average="macro", zero_division=0)


def test_after_with_zero_division_0_is_scikit_learns_macro_average():
    df = _frame()
    comparison = df.agree.compare("ref", ["A", "B", "C"])
    values = _quiet(comparison.values, MEASURES, ci=None, **MACRO)
    differences = _quiet(comparison.differences, MEASURES, ci=None, **MACRO)
    assert list(differences.index) == ["A − B", "A − C", "B − C"]
    for code in MEASURES:
        expected = {name: _sklearn_macro(df, name, code) for name in "ABC"}
        np.testing.assert_allclose(values[f"{code} (unweighted)"].to_numpy(), [expected[n] for n in "ABC"],
                                   rtol=0, atol=1e-12, err_msg=code)
        np.testing.assert_allclose(differences[f"{code} (unweighted)"].to_numpy(),
                                   [expected["A"] - expected["B"], expected["A"] - expected["C"],
                                    expected["B"] - expected["C"]], rtol=0, atol=1e-12, err_msg=code)
    # the case the data were made for: the macro F1 differs from the default average (terms averaged first) and
    # zero_division=0 counts A's 0/0 class values, which NaN leaves out
    default = _quiet(comparison.values, ["F1"], classes="union", ci=None)["F1 (unweighted)"]
    left_out = _quiet(comparison.values, ["PRE"], classes="union", timing="after", ci=None)["PRE (unweighted)"]
    assert abs(default["A"] - _sklearn_macro(df, "A", "F1")) > 1e-3
    assert abs(left_out["A"] - _sklearn_macro(df, "A", "PRE")) > 1e-3


def test_the_wine_predictions_macro_f1():
    # sklearn.metrics.f1_score(df.cultivar, df.knn, average="macro") = 0.6326586548597933 (logistic:
    # 0.9825985230679243); the default average, F1 of the averaged PRE and REC, is 0.635685
    df = pa.datasets.load("wine_predictions")
    comparison = df.agree.compare("cultivar", ["knn", "logistic"])
    values = comparison.values(["F1"], ci=None, **MACRO)["F1 (unweighted)"]
    assert values.tolist() == pytest.approx([0.6326586548597933, 0.9825985230679243], abs=1e-12)
    difference = comparison.differences(["F1"], ci=None, **MACRO).loc["knn − logistic", "F1 (unweighted)"]
    assert difference == pytest.approx(0.6326586548597933 - 0.9825985230679243, abs=1e-12)


@pytest.mark.parametrize("classes", ["common", "union"])
def test_before_and_the_default_keep_todays_numbers(classes):
    """F1 averages its terms before the formula by default (the !KO_clasagree rule), PRE and REC list no terms:
    timing="before" and zero_division=np.nan give exactly what the calls without them give."""
    df = _frame()
    comparison = df.agree.compare("ref", ["A", "B", "C"])
    for ci in (None, "linearized"):
        for method in (comparison.values, comparison.differences):
            plain = _quiet(method, MEASURES, classes=classes, ci=ci)
            before = _quiet(method, MEASURES, classes=classes, ci=ci, timing="before", zero_division=np.nan)
            pd.testing.assert_frame_equal(plain, before, check_exact=True)
    # and the default average of F1 is the F1 of the averaged PRE and REC (not the mean of the classes' F1)
    f1 = _quiet(comparison.values, MEASURES, classes=classes, ci=None)
    pre, rec = f1["PRE (unweighted)"], f1["REC (unweighted)"]
    np.testing.assert_allclose(f1["F1 (unweighted)"], 2 * pre * rec / (pre + rec), rtol=1e-14)


def test_values_are_those_of_each_agreement():
    df = _frame()
    comparison = df.agree.compare("ref", ["A", "B"])
    values = _quiet(comparison.values, MEASURES, ci="linearized", **MACRO)
    for name in ("A", "B"):
        own = _quiet(df.agree("ref", name).averages, MEASURES, average="unweighted", ci="linearized", **MACRO)
        for code in MEASURES:
            for stat in ("value", "se", "lower", "upper"):
                assert values.loc[name, (f"{code} (unweighted)", stat)] == own.loc[code, ("unweighted", stat)]


def _macro_f1(table: np.ndarray) -> float:
    """Independent of the package: the mean over the classes of 2a/(2a + b + c), 0/0 counted as 0 (scikit-learn's
    zero_division=0), on a square table reference × prediction over the union of the labels."""
    a = np.diag(table)
    b, c = table.sum(axis=1) - a, table.sum(axis=0) - a
    denominator = 2 * a + b + c
    return float(np.mean(np.where(denominator > 0, 2 * a / np.where(denominator > 0, denominator, 1), 0.0)))


def _union_table(joint: np.ndarray, labels: list, p: int) -> np.ndarray:
    """The table reference × prediction p of the joint table over the union of both sides' labels."""
    margin = joint.sum(axis=tuple(1 + q for q in range(joint.ndim - 1) if q != p))
    union = sorted(set(labels[0]) | set(labels[1 + p]))
    out = np.zeros((len(union), len(union)))
    rows = [union.index(x) for x in labels[0]]
    cols = [union.index(x) for x in labels[1 + p]]
    out[np.ix_(rows, cols)] = margin
    return out


def test_the_linearised_se_of_a_macro_difference_is_that_of_central_differences():
    """The SE of the delta method under multinomial sampling, √(Σ n g² − (Σ n g)²/N) over the joint table's
    non-empty cells, with g the numerical gradient (central differences, step 1e-6 of a count) of the difference
    of the two macro F1s computed from scratch (:func:`_macro_f1`)."""
    df = _frame()
    comparison = df.agree.compare("ref", ["A", "B", "C"])
    joint = comparison.joint
    labels = [list(x) for x in comparison._joint.labels]
    out = _quiet(comparison.differences, ["F1"], ci="linearized", **MACRO)
    auto = _quiet(comparison.differences, ["F1"], ci="auto", **MACRO)
    cells = np.argwhere(joint > 0)
    n = joint[joint > 0]
    for pair, (p, q) in enumerate([(0, 1), (0, 2), (1, 2)]):
        def difference(counts, p=p, q=q):
            return _macro_f1(_union_table(counts, labels, p)) - _macro_f1(_union_table(counts, labels, q))

        gradient = np.empty(len(cells))
        step = 1e-6
        for i, cell in enumerate(map(tuple, cells)):
            up, down = joint.astype(float), joint.astype(float)
            up[cell] += step
            down[cell] -= step
            gradient[i] = (difference(up) - difference(down)) / (2 * step)
        se = np.sqrt((n * gradient**2).sum() - (n * gradient).sum() ** 2 / n.sum())
        assert out[("F1 (unweighted)", "difference")].iloc[pair] == pytest.approx(difference(joint), abs=1e-12)
        assert out[("F1 (unweighted)", "se")].iloc[pair] == pytest.approx(se, rel=1e-6)
        assert auto[("F1 (unweighted)", "se")].iloc[pair] == pytest.approx(se, rel=1e-6)
    # the macro F1's SE is not the default average's
    default = _quiet(comparison.differences, ["F1"], classes="union", ci="linearized")
    assert not np.allclose(default[("F1 (unweighted)", "se")], out[("F1 (unweighted)", "se")], rtol=1e-3)


@pytest.mark.parametrize("ci", ["auto", "linearized", "bootstrap"])
def test_every_interval_method_runs(ci):
    df = _frame()
    comparison = df.agree.compare("ref", ["A", "B", "C"])
    kw = {"n_resamples": 200, "random_state": 3} if ci == "bootstrap" else {}
    values = _quiet(comparison.values, MEASURES, ci=ci, **MACRO, **kw)
    differences = _quiet(comparison.differences, MEASURES, ci=ci, **MACRO, **kw)
    points = _quiet(comparison.values, MEASURES, ci=None, **MACRO)
    point_differences = _quiet(comparison.differences, MEASURES, ci=None, **MACRO)
    for code in MEASURES:
        col = f"{code} (unweighted)"
        np.testing.assert_array_equal(values[(col, "value")], points[col])
        np.testing.assert_allclose(differences[(col, "difference")], point_differences[col], rtol=0, atol=1e-15)
        for frame, stat in ((values, "value"), (differences, "difference")):
            lower, upper, value = frame[(col, "lower")], frame[(col, "upper")], frame[(col, stat)]
            assert np.isfinite(frame[(col, "se")]).all() and (frame[(col, "se")] > 0).all()
            assert (lower <= value).all() and (value <= upper).all() and (lower < upper).all()
        assert ((differences[(col, "pvalue")] >= 0) & (differences[(col, "pvalue")] <= 1)).all()
    if ci == "bootstrap":  # the paired bootstrap takes the macro averages on every resample: its SE is the delta
        # method's within the error of 200 resamples (about 5 % of an SE)
        linear = _quiet(comparison.differences, ["F1"], ci="linearized", **MACRO)
        np.testing.assert_allclose(differences[("F1 (unweighted)", "se")], linear[("F1 (unweighted)", "se")],
                                   rtol=0.25)


def _agreement_error(**kwargs) -> tuple[type, str]:
    with pytest.raises((TypeError, ValueError)) as found:
        pa.Agreement.from_table([[5, 1], [2, 4]]).averages(["F1"], **kwargs)
    return found.type, str(found.value)


@pytest.mark.parametrize("bad", [{"timing": "later"}, {"timing": None}, {"zero_division": 2},
                                 {"zero_division": -1}, {"zero_division": "0"}, {"zero_division": None}])
def test_bad_values_give_agreements_errors(bad):
    comparison = pa.datasets.load("wine_predictions").agree.compare("cultivar", ["knn", "logistic"])
    kind, message = _agreement_error(**bad)
    for call in (comparison.values, comparison.differences, comparison.report):
        with pytest.raises(kind) as found:
            call(ci=None, **bad)
        assert str(found.value) == message


def test_the_report_takes_them_and_says_so():
    df = _frame()
    comparison = df.agree.compare("ref", ["A", "B"])
    report = _quiet(comparison.report, measures=MEASURES, ci=None, **MACRO)
    expected = _quiet(comparison.differences, MEASURES, ci=None, **MACRO)
    pd.testing.assert_frame_equal(report.differences, expected)
    assert report.options["timing"] == "after" and report.options["zero_division"] == 0
    assert any(n.startswith('Class-specific measures averaged after their formula (timing="after")')
               for n in report.notes)
    assert not any("before their formula" in n for n in report.notes)
    before = _quiet(comparison.report, measures=MEASURES, ci=None, timing="before").notes
    assert any(n.startswith('Class-specific measures averaged before their formula (timing="before"): F1 of the '
                            "averages of REC and PRE") for n in before)
