"""The averages of the odds-ratio family with ``correction=0.5`` under ``ci="auto"``: the delta method with the
correction's pseudo-counts counted as observations, as Woolf's SE of a corrected class counts them, checked against
a second implementation (every cell and pseudo-count of the table written out, the partials by hand); the plain
linearisation (``ci="linearized"``) keeps the pseudo-counts as constants."""

import math
import warnings

import numpy as np
import pandas as pd
import pytest

import pandas_agree as pa

# R's iris, species against a classifier that separates setosa: setosa's 2×2 against the rest has two zero cells
IRIS = np.array([[50, 0, 0], [0, 48, 2], [0, 4, 46]])
NAMES = ["setosa", "versicolor", "virginica"]
H = 0.5

# each record of the family as a function of the log odds ratio L: the value and its slope dv/dL
FAMILY = {
    "LNDOR": (lambda x: x, lambda x: 1.0),
    "DOR": (math.exp, math.exp),
    "YULEQ": (lambda x: math.tanh(x / 2), lambda x: (1 - math.tanh(x / 2) ** 2) / 2),
}


def _quiet(call):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return call()


def _agreement(table=IRIS, names=NAMES):
    return pa.Agreement.from_table(pd.DataFrame(table, index=names, columns=names))


def _role(k, i, j):
    """The cell of class k's 2×2 table (0 = a, 1 = b, 2 = c, 3 = d) that the table's cell (i, j) adds to."""
    return 0 if i == k == j else 1 if i == k else 2 if j == k else 3


def _pseudo_count_se(table, code, weighted=False):
    """The SE of the unweighted (or reference-weighted) average of ``code`` over the classes, written out cell by
    cell: f = Σ w_k v_k(L_k), L_k the log odds ratio of class k's corrected counts x + h (h = 0.5 where its 2×2 has
    a zero), and the multinomial variance Σ m g² − (Σ m g)²/M over the table's N objects and the pseudo-counts
    (each corrected class's four, of weight h), M their total, g = ∂f/∂m (the weights r_k/N of the observed counts,
    which the pseudo-counts do not change). For one class this is Woolf's √(Σ 1/(x + h))."""
    t = np.asarray(table, dtype=float)
    k_classes, n = len(t), t.sum()
    rows, cols = t.sum(axis=1), t.sum(axis=0)
    counts = [np.array([t[k, k], rows[k] - t[k, k], cols[k] - t[k, k], n - rows[k] - cols[k] + t[k, k]])
              for k in range(k_classes)]
    added = [H if (x == 0).any() else 0.0 for x in counts]
    value, slope = FAMILY[code]
    logs = [math.log(x[0] + h) + math.log(x[3] + h) - math.log(x[1] + h) - math.log(x[2] + h)
            for x, h in zip(counts, added, strict=True)]
    weights = [rows[k] / n if weighted else 1 / k_classes for k in range(k_classes)]
    average = sum(w * value(v) for w, v in zip(weights, logs, strict=True))
    sign = [1.0, -1.0, -1.0, 1.0]

    def through_values(k, cell):  # ∂f/∂x of class k's corrected count ``cell``
        return weights[k] * slope(logs[k]) * sign[cell] / (counts[k][cell] + added[k])

    masses, grads = [], []
    for i in range(k_classes):
        for j in range(k_classes):
            g = sum(through_values(k, _role(k, i, j)) for k in range(k_classes))
            if weighted:  # the weight r_i/N of row i's class, and every weight's 1/N
                g += (value(logs[i]) - average) / n
            masses.append(t[i, j])
            grads.append(g)
    for k in range(k_classes):
        for cell in range(4):
            masses.append(added[k])
            grads.append(through_values(k, cell))
    m, g = np.array(masses), np.array(grads)
    return math.sqrt((m * g * g).sum() - (m * g).sum() ** 2 / m.sum())


@pytest.mark.parametrize(("code", "weighted"), [("DOR", False), ("LNDOR", False), ("YULEQ", False),
                                                ("LNDOR", True), ("DOR", True)])
def test_iris_averages_take_the_pseudo_counts_as_observations(code, weighted):
    """The SE of the average under "auto" is that of the cell-by-cell implementation (the library takes its
    partials by central differences: rel 1e-6). Unweighted DOR: 13589.3357 against 535.3634 linearised; LNDOR
    0.892259 against 0.590538."""
    found = _quiet(lambda: _agreement().averages([code], correction=0.5, ci="auto"))
    method = "weighted" if weighted else "unweighted"
    assert found.loc[code, (method, "se")] == pytest.approx(_pseudo_count_se(IRIS, code, weighted), rel=1e-6)


def test_iris_pseudo_count_se_pinned():
    """The numbers of the cell-by-cell implementation on the iris table, as docs/notes/intervals.md shows them."""
    assert _pseudo_count_se(IRIS, "DOR") == pytest.approx(13589.3357, rel=1e-8)
    assert _pseudo_count_se(IRIS, "LNDOR") == pytest.approx(0.8922588, rel=1e-6)


def test_unweighted_dor_interval_holds_the_class_values():
    """The interval of the unweighted DOR average (7146.8) holds every class's DOR (setosa 20301, versicolor 576,
    virginica 563.5) and the average with setosa's DOR at the lower end of its Woolf interval (397.0):
    the linearised interval, [6170.9, 8277.1], held none of them."""
    ag = _agreement()
    found = _quiet(lambda: ag.averages(["DOR"], correction=0.5, ci="auto"))
    lower, upper = found.loc["DOR", ("unweighted", "lower")], found.loc["DOR", ("unweighted", "upper")]
    classes = _quiet(lambda: ag.binary(["DOR"], correction=0.5, ci="auto"))
    values = classes[("DOR", "value")].to_numpy()
    assert values.tolist() == pytest.approx([20301.0, 576.0, 563.5])
    assert lower < values.min() and values.max() < upper
    setosa_low = classes[("DOR", "lower")].iloc[0]
    assert setosa_low == pytest.approx(397.0039, rel=1e-6)
    assert lower < (setosa_low + values[1] + values[2]) / 3 < upper
    assert found.attrs["methods"]["DOR"] == ("linearised with the correction's pseudo-counts (log scale) (unweighted, "
                                             "weighted, inverse), linearised (log scale) (micro)")
    assert any("pseudo-counts counted as observations" in note for note in found.attrs["notes"])


def test_linearized_keeps_the_pseudo_counts_as_constants():
    """ci="linearized" is the delta method with h a constant of the estimator (the class values' linearised SE
    likewise; R's survey svycontrast gives it under a design): unweighted DOR 535.3634, with no note."""
    found = _quiet(lambda: _agreement().averages(["DOR"], correction=0.5, ci="linearized"))
    assert found.loc["DOR", ("unweighted", "se")] == pytest.approx(535.3633782, rel=1e-6)
    assert found.attrs["methods"]["DOR"] == "linearised (log scale)"
    assert not any("pseudo-counts" in note for note in found.attrs["notes"])


def test_two_classes_average_is_woolf():
    """On a 2×2 table the two classes' 2×2 tables are the same four cells read both ways, so their pseudo-counts
    are counted once: the unweighted average of LNDOR is the class value, with Woolf's SE √(Σ 1/(x + 0.5))
    (R: ``sqrt(vcov(vcd::loddsratio(matrix(c(12, 3, 0, 9), 2) + 0.5)))`` 1.571934)."""
    table = np.array([[12, 0], [3, 9]])
    found = _quiet(lambda: _agreement(table, ["a", "b"]).averages(["LNDOR"], correction=0.5, ci="auto"))
    woolf = math.sqrt(sum(1 / (x + 0.5) for x in table.ravel()))
    assert woolf == pytest.approx(1.5719343, rel=1e-7)
    for method in ("unweighted", "weighted", "inverse"):
        assert found.loc["LNDOR", (method, "se")] == pytest.approx(woolf, rel=1e-6)


def test_no_zero_cell_leaves_the_linearisation():
    """Where the correction changes no class, the averages keep the linearised SE and its name, without the
    note."""
    table = np.array([[40, 3, 2], [4, 38, 5], [1, 6, 30]])
    auto = _quiet(lambda: _agreement(table).averages(["DOR", "LNDOR"], correction=0.5, ci="auto"))
    plain = _quiet(lambda: _agreement(table).averages(["DOR", "LNDOR"], correction=0.5, ci="linearized"))
    pd.testing.assert_frame_equal(auto, plain)
    assert auto.attrs["methods"] == plain.attrs["methods"]
    assert not any("pseudo-counts" in note for note in auto.attrs["notes"])


def test_report_averages_show_the_pseudo_count_interval():
    """The report's Averages table reads the same estimates: the unweighted DOR average's interval holds
    setosa's 20301 and versicolor's 576, and the note is printed."""
    rows = np.repeat(np.arange(3), IRIS.sum(axis=1))
    cols = np.concatenate([np.repeat(np.arange(3), r) for r in IRIS])
    frame = pd.DataFrame({"a": np.array(NAMES)[rows], "p": np.array(NAMES)[cols]})
    report = _quiet(lambda: frame.agree.report("a", "p", measures=["DOR"], correction=0.5))
    averages = report.averages
    lower, upper = averages.loc["DOR", ("unweighted", "lower")], averages.loc["DOR", ("unweighted", "upper")]
    assert lower < 576 and upper > 20301
    assert "pseudo-counts counted as observations" in str(report)
