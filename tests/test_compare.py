"""Comparing classifications on the same objects: known answers, paired-bootstrap checks, properties."""

import io
import re
import warnings

import numpy as np
import pandas as pd
import pytest
from statsmodels.stats.contingency_tables import cochrans_q, mcnemar

import pandas_agree as pa


def _frame_from_correctness(both, a_only, b_only, neither):
    """Rows of a two-class problem whose right/wrong table for predictions A and B is the one given."""
    rows = []
    for count, a_right, b_right in [(both, True, True), (a_only, True, False), (b_only, False, True),
                                    (neither, False, False)]:
        rows += [("yes", "yes" if a_right else "no", "yes" if b_right else "no")] * count
    return pd.DataFrame(rows, columns=["truth", "a", "b"])


def test_mcnemar_on_a_published_table():
    # Agresti (2013), Categorical Data Analysis, Table 11.1 (presidential approval): 794, 150, 86, 570.
    df = _frame_from_correctness(794, 150, 86, 570)
    t = df.agree.compare("truth", ["a", "b"]).tests()
    row = t.loc[("MCNEMAR", "a vs b", "(all)")]
    expected = mcnemar(np.array([[794, 150], [86, 570]]), exact=False, correction=True)  # statsmodels: 16.82
    assert row["statistic"] == pytest.approx(expected.statistic) and row["statistic"] == pytest.approx(16.82, abs=0.005)
    assert row["pvalue"] == pytest.approx(expected.pvalue)


def test_mcnemar_exact_when_small():
    df = _frame_from_correctness(20, 7, 2, 5)
    row = df.agree.compare("truth", ["a", "b"]).tests().loc[("MCNEMAR", "a vs b", "(all)")]
    expected = mcnemar(np.array([[20, 7], [2, 5]]), exact=True)
    assert row["pvalue"] == pytest.approx(expected.pvalue) and row["method"].startswith("exact")


def _three(seed, n=400):
    rng = np.random.default_rng(seed)
    truth = rng.integers(0, 3, n)
    preds = {name: np.where(rng.random(n) < acc, truth, rng.integers(0, 3, n))
             for name, acc in (("a", 0.8), ("b", 0.7), ("c", 0.6))}
    return pd.DataFrame({"truth": truth, **preds})


@pytest.mark.parametrize("seed", range(3))
def test_cochran_q_against_statsmodels(seed):
    df = _three(seed)
    t = df.agree.compare("truth", ["a", "b", "c"]).tests()
    right = np.column_stack([df[p] == df["truth"] for p in "abc"]).astype(int)
    expected = cochrans_q(right)
    assert t.loc[("COCHRAN_Q", "all", "(all)"), "statistic"] == pytest.approx(expected.statistic, rel=1e-12)
    assert t.loc[("COCHRAN_Q", "all", "(all)"), "pvalue"] == pytest.approx(expected.pvalue, rel=1e-10)
    right1 = np.column_stack([(df[p] == 1) == (df["truth"] == 1) for p in "abc"]).astype(int)
    assert t.loc[("COCHRAN_Q", "all", 1), "statistic"] == pytest.approx(cochrans_q(right1).statistic, rel=1e-12)


def test_tests_with_many_labels_read_only_the_nonempty_cells():
    # 40 labels and three predictions: a joint table of 40**4 = 2,560,000 cells (20 MB), of which at most 600
    # hold an object. McNemar's and Cochran's tests of all 41 rows of classes read those cells only; they agree
    # with statsmodels' mcnemar and cochrans_q on the objects' right/wrong columns.
    import tracemalloc

    rng = np.random.default_rng(5)
    n, k = 600, 40
    truth = rng.integers(0, k, n)
    df = pd.DataFrame({"truth": truth, **{name: np.where(rng.random(n) < acc, truth, rng.integers(0, k, n))
                                          for name, acc in (("a", 0.8), ("b", 0.7), ("c", 0.6))}})
    cmp = df.agree.compare("truth", ["a", "b", "c"])
    assert cmp.joint.size == k**4
    tracemalloc.start()
    try:
        t = cmp.tests()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < cmp.joint.nbytes / 10  # the dense path built several arrays of the joint table's size
    for cls in ["(all)", 7]:
        right = {p: (df[p] == df["truth"]) if cls == "(all)" else ((df[p] == cls) == (df["truth"] == cls))
                 for p in "abc"}
        b = int((right["a"] & ~right["c"]).sum())
        c = int((~right["a"] & right["c"]).sum())
        expected = mcnemar([[0, b], [c, 0]], exact=b + c < 25, correction=True)
        got = t.loc[("MCNEMAR", "a vs c", cls)]
        assert got["statistic"] == pytest.approx(expected.statistic, rel=1e-12)
        assert got["pvalue"] == pytest.approx(expected.pvalue, rel=1e-10)
        q = cochrans_q(np.column_stack([right[p] for p in "abc"]).astype(int))
        assert t.loc[("COCHRAN_Q", "all", cls), "statistic"] == pytest.approx(q.statistic, rel=1e-12)
        assert t.loc[("COCHRAN_Q", "all", cls), "pvalue"] == pytest.approx(q.pvalue, rel=1e-10)


def test_bootstrap_of_osr_difference_matches_mcnemar_interval():
    df = _three(9, n=20000)
    cmp = df.agree.compare("truth", ["a", "b"])
    analytic = cmp.differences(["OSR"], ci="auto")
    boot = cmp.differences(["OSR"], ci="bootstrap", n_resamples=4000, random_state=0)
    for stat, tol in (("se", 0.05), ("lower", 0.05), ("upper", 0.05)):
        assert boot.iloc[0][("OSR", stat)] == pytest.approx(analytic.iloc[0][("OSR", stat)], rel=tol)
    n = len(df)
    b = ((df.a == df.truth) & (df.b != df.truth)).sum()
    c = ((df.a != df.truth) & (df.b == df.truth)).sum()
    assert analytic.iloc[0][("OSR", "se")] == pytest.approx(np.sqrt(b + c - (b - c) ** 2 / n) / n)


def test_values_match_single_agreements():
    df = _three(1)
    cmp = df.agree.compare("truth", ["a", "b", "c"])
    values = cmp.values(ci=None)
    for p in "abc":
        ag = df.agree("truth", p)
        assert values.loc[p, "OSR"] == pytest.approx(ag.multiclass(["OSR"]).iloc[0, 0])
        assert values.loc[p, "F1 (unweighted)"] == pytest.approx(ag.averages(["F1"]).loc["F1", "unweighted"])
    d = cmp.differences(ci=None)
    assert list(d.index) == ["a − b", "a − c", "b − c"]
    assert d.loc["a − c", "KAPPA"] == pytest.approx(values.loc["a", "KAPPA"] - values.loc["c", "KAPPA"])


def test_antisymmetry_and_self_comparison():
    df = _three(2)
    ab = df.agree.compare("truth", ["a", "b"]).differences(ci="auto", random_state=0)
    ba = df.agree.compare("truth", ["b", "a"]).differences(ci="auto", random_state=0)
    for m in ("OSR", "KAPPA", "F1 (unweighted)"):
        assert ab.iloc[0][(m, "difference")] == pytest.approx(-ba.iloc[0][(m, "difference")], abs=1e-15)
        assert ab.iloc[0][(m, "lower")] == pytest.approx(-ba.iloc[0][(m, "upper")], abs=1e-12)
        assert ab.iloc[0][(m, "pvalue")] == pytest.approx(ba.iloc[0][(m, "pvalue")])
    df["a2"] = df["a"]
    same = df.agree.compare("truth", ["a", "a2"]).differences(ci="auto", random_state=0)
    for m in ("OSR", "KAPPA", "F1 (unweighted)"):
        row = same.iloc[0]
        assert row[(m, "difference")] == 0 and row[(m, "lower")] == 0 and row[(m, "upper")] == 0
        assert row[(m, "pvalue")] == 1


def test_row_order_invariance_and_weights():
    df = _three(3)
    shuffled = df.sample(frac=1, random_state=1)
    one = df.agree.compare("truth", ["a", "b"]).differences(ci="auto", random_state=4)
    two = shuffled.agree.compare("truth", ["a", "b"]).differences(ci="auto", random_state=4)
    pd.testing.assert_frame_equal(one, two)
    w = np.random.default_rng(0).integers(1, 4, len(df))
    weighted = df.agree.compare("truth", ["a", "b"], weights=w).differences(ci=None)
    repeated = df.loc[df.index.repeat(w)].agree.compare("truth", ["a", "b"]).differences(ci=None)
    pd.testing.assert_frame_equal(weighted, repeated)


def test_missing_values_listwise_and_match():
    df = _three(4).astype(float)
    df.loc[:9, "a"] = np.nan
    df.loc[5:14, "b"] = np.nan
    cmp = df.agree.compare("truth", ["a", "b"])
    assert cmp.n_missing == 15 and cmp.n == len(df) - 15
    iris = pa.datasets.load("iris_clusters").assign(other=lambda d: (d["cluster"] % 3) + 1)
    matched = iris.agree.compare("species", ["cluster", "other"], match="accuracy")
    v = matched.values(["OSR"], ci=None)
    assert v.loc["cluster", "OSR"] == pytest.approx(
        iris.agree("species", "cluster", match="accuracy").multiclass(["OSR"]).iloc[0, 0])


@pytest.mark.parametrize("call, err, fragment", [
    (lambda d: d.agree.compare("truth", ["a"]), ValueError, "two or more"),
    (lambda d: d.agree.compare("truth", "a"), TypeError, "list of two or more"),
    (lambda d: d.agree.compare("truth", ["a", "zzz"]), KeyError, "predictions\\[1\\]: no column 'zzz'"),
    (lambda d: d.agree.compare("truth", ["a", "a"]), ValueError, "must not repeat"),
    (lambda d: d.agree.compare("truth", ["a", "b"]).differences(ci="bogus"), ValueError, "ci"),
])
def test_bad_input(call, err, fragment):
    with pytest.raises(err, match=fragment):
        call(_three(0, n=50))


def test_report(tmp_path):
    import openpyxl

    df = pa.datasets.load("wine_predictions")
    rep = df.agree.compare("cultivar", ["knn", "logistic"]).report(random_state=0, n_resamples=200)
    text = str(rep)
    assert "Paired differences" in text and max(len(line) for line in text.splitlines()) <= 100
    rep.to_excel(tmp_path / "c.xlsx")
    assert openpyxl.load_workbook(tmp_path / "c.xlsx").sheetnames == ["Report", "Summary", "Tests", "Notes"]
    html = rep.to_html(tmp_path / "c.html")
    assert "data:image/png;base64," in html
    assert rep.to_dict()["differences"]["index"] == ["knn − logistic"]


def test_the_plot_of_differences_says_what_its_x_axis_holds():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    df = pa.datasets.load("wine_predictions")
    comparison = df.agree.compare("cultivar", ["knn", "logistic"])
    rep = comparison.report(confidence_level=0.9, random_state=0, n_resamples=200)
    fig = rep.plot()
    ax = fig.axes[0]
    # the level is the report's confidence_level (0.9 -> 90%), and the lines drawn are the 90% intervals of
    # rep.differences (its lower and upper columns), knn's value minus logistic's
    assert ax.get_xlabel() == "difference (knn − logistic) with 90% confidence interval"
    ends = ax.lines[0].get_xdata()
    assert list(ends) == [rep.differences.loc["knn − logistic", ("OSR", "lower")],
                          rep.differences.loc["knn − logistic", ("OSR", "upper")]]
    plt.close(fig)
    df["third"] = df["knn"]
    three = df.agree.compare("cultivar", ["knn", "logistic", "third"]).report(random_state=0, n_resamples=200)
    fig = three.plot()
    assert fig.axes[0].get_xlabel() == ("difference (first − second prediction of each row's pair)\n"
                                        "with 95% confidence interval")
    plt.close(fig)
    fig = comparison.report(ci=None).plot()  # without intervals, the label names none
    assert fig.axes[0].get_xlabel() == "difference (knn − logistic)"
    plt.close(fig)


def test_the_plot_without_intervals_draws_the_differences_as_points():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    df = pa.datasets.load("wine_predictions")
    df["third"] = df["knn"]
    rep = df.agree.compare("cultivar", ["knn", "logistic", "third"]).report(ci=None)
    d = rep.differences  # 3 pairs x 3 measures, one number each (ci=None: no interval columns)
    fig = rep.plot()
    ax = fig.axes[0]
    points = [line for line in ax.lines if line.get_marker() == "o"]
    # one point per measure and pair at its difference (the known answer: rep.differences, each prediction's value
    # minus the other's), no interval line: the lines are the points and the grey line at 0
    assert len(points) == d.size == 9 and len(ax.lines) == d.size + 1 and not ax.collections
    drawn = [(float(line.get_xdata()[0]), float(line.get_ydata()[0])) for line in points]
    want = [(float(d.iloc[x, k]), k * len(d.index) + x) for k in range(d.shape[1]) for x in range(len(d.index))]
    assert drawn == want
    assert [t.get_text() for t in ax.get_yticklabels()][:3] == [f"OSR · {pair}" for pair in d.index]
    fig.savefig(io.BytesIO(), format="png")  # draws
    plt.close(fig)


@pytest.mark.parametrize("ci", [None, "auto"])
def test_the_plot_of_differences_prints_a_dollar_as_a_dollar(ci):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    # column names with two "$" would be mathtext ("$5$" an italic 5) unless escaped, as every other plot of the
    # report escapes them (display.plot_text); a label's text keeps the escape, so that it renders as typed
    df = pa.datasets.load("wine_predictions").rename(columns={"knn": "knn $5$", "logistic": "logit $x^2$"})
    rep = df.agree.compare("cultivar", ["knn $5$", "logit $x^2$"]).report(ci=ci, random_state=0, n_resamples=100)
    fig = rep.plot()
    labels = [t.get_text() for t in fig.axes[0].get_yticklabels()]
    assert labels[0] == "OSR · knn \\$5\\$ − logit \\$x^2\\$"
    assert not any(re.search(r"(?<!\\)\$", label) for label in labels)  # no "$" left unescaped
    fig.savefig(io.BytesIO(), format="png")  # draws
    plt.close(fig)


def test_holm_matches_statsmodels():
    from statsmodels.stats.multitest import multipletests

    from pandas_agree.inference.tests import holm

    rng = np.random.default_rng(0)
    for size in (1, 2, 5, 12):
        p = rng.random(size) ** 3
        np.testing.assert_allclose(holm(p), multipletests(p, method="holm")[1], rtol=1e-14)
    assert np.isnan(holm(np.array([0.01, np.nan, 0.04]))[1])
    np.testing.assert_allclose(holm(np.array([0.01, np.nan, 0.04]))[[0, 2]], [0.02, 0.04])


def test_too_large_a_joint_table_under_a_design_says_what_to_do_with_two_predictions():
    """Under a sample design the joint table is held whole (its PSUs' tables are mapped onto it): two predictions of
    400 labels make 401³ ≈ 6.4e7 cells, and the error names the columns and the labels, and, since there are no
    predictions to leave out, says what else to do. Without a design the table is held as its non-empty cells."""
    labels = np.arange(400)
    df = pd.DataFrame({"truth": labels, "a": labels, "b": np.roll(labels, 1), "s": labels % 2})
    with pytest.raises(ValueError, match=r"joint table of truth, a, b would have 6\.45e\+07 cells \(400 × 400 × 400 "
                                         r"labels.*under a sample design.*merge rare labels.*McNemar") as info:
        df.agree.compare("truth", ["a", "b"], strata="s")
    assert "fewer predictions" not in str(info.value)
    with pytest.raises(ValueError, match="merge rare labels"):  # three of them: no pair fits either
        df.assign(c=labels).agree.compare("truth", ["a", "b", "c"], strata="s")
    # three predictions of 100 labels (101⁴ ≈ 1.04e8 cells): two at a time fit, and leaving one out is the way
    small = df.iloc[:100]
    with pytest.raises(ValueError, match="compare fewer predictions at a time"):
        small.assign(c=small["a"]).agree.compare("truth", ["a", "b", "c"], strata="s")
    held = df.agree.compare("truth", ["a", "b"])
    assert held.n == 400 and len(held.joint_cells) == 400
    assert held.differences(["OSR"])["OSR"].tolist() == [1.0]
    with pytest.raises(ValueError, match=r"more than the 50,000,000 held whole; Comparison.joint_cells"):
        held.joint  # noqa: B018


def test_mcnemar_of_equal_discordant_counts_says_it_is_not_corrected():
    """R's mcnemar.test corrects for continuity only where b ≠ c (b = c gives 0 and p = 1, its method without
    "with continuity correction"): the method says so too."""
    from pandas_agree.inference.tests import paired_mcnemar

    assert paired_mcnemar(20.5, 20.5)[3] == "chi-square (b = c: no continuity correction)"
    assert paired_mcnemar(20.5, 20.5)[:3] == [0.0, 1.0, 1.0]
    assert paired_mcnemar(30.0, 20.0)[3] == "chi-square with continuity correction"


def test_difference_of_two_infinite_odds_ratios_is_undefined_with_a_warning():
    # both predictions separate class "a" from the rest exactly: its 2×2 table [[10, 0], [0, 20]] has two empty
    # cells and an infinite odds ratio (10·20/(0·0)), so each prediction's unweighted average of DOR is inf, and
    # inf − inf is undefined (IEEE 754: NaN). The difference is NaN with the library's warning naming the measure
    # and the pair, and numpy's RuntimeWarning does not leak.
    ref = ["a"] * 10 + ["b"] * 10 + ["c"] * 10
    p1 = ["a"] * 10 + ["b"] * 8 + ["c"] * 2 + ["c"] * 9 + ["b"]
    p2 = ["a"] * 10 + ["b"] * 9 + ["c"] + ["c"] * 7 + ["b"] * 3
    comparison = pd.DataFrame({"ref": ref, "p1": p1, "p2": p2}).agree.compare("ref", ["p1", "p2"])
    assert np.isinf(comparison.values(["DOR"]).to_numpy()).all()
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        with pytest.warns(pa.UndefinedMeasureWarning, match=r"infinite values .*DOR \(p1 − p2\)"):
            plain = comparison.differences(["DOR", "OSR"])
        with pytest.warns(pa.UndefinedMeasureWarning, match=r"DOR \(p1 − p2\)"):
            with_ci = comparison.differences(["DOR", "OSR"], ci="auto")
    assert np.isnan(plain.loc["p1 − p2", "DOR (unweighted)"])
    assert plain.loc["p1 − p2", "OSR"] == pytest.approx(27 / 30 - 26 / 30)  # 27 and 26 of 30 right
    assert np.isnan(with_ci.loc["p1 − p2", ("DOR (unweighted)", "difference")])
    # the report shows the difference as undefined and says why in a note, as the agreement report does, without
    # a warning
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        report = comparison.report(measures=["DOR", "OSR"], ci=None)
    assert "The difference of two infinite values is undefined, set to NaN: DOR (p1 − p2)." in report.notes
    assert "set to NaN: DOR (p1 − p2)" in str(report)


def test_the_report_says_that_f1_is_averaged_before_its_formula():
    """The comparison's F1 (unweighted) of the wine data's kNN is 0.6357, the F1 of the averaged recall and
    precision, where scikit-learn's macro F1 (classification_report's "macro avg") is 0.6327: a note says which."""
    df = pa.datasets.load("wine_predictions")
    comparison = df.agree.compare("cultivar", ["knn", "logistic"])
    # sklearn.metrics: precision_score(..., average="macro") = 0.6308512966407703,
    # recall_score(..., average="macro") = 0.6405930877165061, f1_score(..., average="macro") = 0.6326586548597933
    pre, rec = 0.6308512966407703, 0.6405930877165061
    assert comparison.values(["F1"]).loc["knn", "F1 (unweighted)"] == pytest.approx(2 * pre * rec / (pre + rec),
                                                                                     abs=1e-12)
    notes = comparison.report(ci=None).notes
    note = [n for n in notes if n.startswith("Class-specific measures averaged before their formula")]
    assert len(note) == 1 and "F1 of the averages of REC and PRE" in note[0] and 'timing="after"' in note[0]
    assert not any("before their formula" in n for n in comparison.report(ci=None, measures=["OSR", "REC"]).notes)


def test_the_tables_name_intervals_only_where_there_are_some(tmp_path):
    # with ci=None the values and differences are numbers without intervals (rep.values and rep.differences have
    # no lower/upper columns), so no title may promise "95% intervals"; with intervals it names their level
    import openpyxl

    comparison = pa.datasets.load("wine_predictions").agree.compare("cultivar", ["knn", "logistic"])
    bare = comparison.report(ci=None, measures=["OSR", "KAPPA"])
    assert not isinstance(bare.differences.columns, pd.MultiIndex)
    text, page = str(bare), bare.to_html()
    bare.to_excel(tmp_path / "bare.xlsx")
    sheet = [str(c) for row in openpyxl.load_workbook(tmp_path / "bare.xlsx")["Report"].iter_rows(values_only=True)
             for c in row if c is not None]
    for shown in (text, page, "\n".join(sheet)):
        assert "% intervals" not in shown
        assert "Values" in shown and "Paired differences" in shown
    assert "Values\n═" in text and "Paired differences\n═" in text
    with_ci = str(comparison.report(confidence_level=0.9, measures=["OSR"]))
    assert "Values with 90% intervals" in with_ci and "Paired differences with 90% intervals" in with_ci
