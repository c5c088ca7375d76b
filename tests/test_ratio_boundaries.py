"""Class-specific ratio measures at 0 or ∞ (a zero cell in the class's 2×2 table): score intervals that use the data.

The likelihood ratios take Koopman's (1984) score interval for a ratio of two independent proportions
(LRP = REC/FPR: a of a + b against c of c + d; LRN = FNR/SPE: b of a + b against d of c + d), the odds-ratio family
the Miettinen–Nurminen (1985) score interval of the odds ratio (a of a + b against c of c + d), mapped. The
references are statsmodels 0.15's ``confint_proportions_2indep`` and, where its starting values divide by zero (the
odds ratio with a zero cell), the inversion of its score test ``test_proportions_2indep``; R's epiR 2.0.57
``epi.tests`` for the intervals that stay as they were.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pandas_agree as pa
from pandas_agree.inference.analytic import odds_ratio_score_interval, ratio_score_interval

pytestmark = pytest.mark.filterwarnings("ignore::pandas_agree.UndefinedMeasureWarning")

CODES = ["DOR", "LNDOR", "LRP", "LRN"]
TABLE = [[10, 0, 0], [0, 8, 2], [1, 3, 6]]  # class 0: a = 10, b = 0, c = 1, d = 19


def _binary(table, codes=CODES, **kw):
    return pa.Agreement.from_table(table).binary(codes, **kw)


def _inverted(x1, n1, x2, n2, compare, correction, alpha=0.05):
    """The score interval as statsmodels defines it: the ratios (odds ratios) at which its score test
    ``test_proportions_2indep(x1, n1, x2, n2, value=θ, compare=compare, method="score", correction=correction)``
    has the p-value alpha, found by brentq on log θ on either side of the estimate (0 or ∞ at a boundary)."""
    from scipy.optimize import brentq
    from statsmodels.stats.proportion import test_proportions_2indep

    def excess(u):
        with np.errstate(all="ignore"):
            return test_proportions_2indep(x1, n1, x2, n2, value=float(np.exp(u)), compare=compare, method="score",
                                           correction=correction).pvalue - alpha

    if compare == "ratio":
        top, bottom = x1 * n2, x2 * n1
    else:
        top, bottom = x1 * (n2 - x2), (n1 - x1) * x2
    with np.errstate(divide="ignore"):
        centre = np.log(top) - np.log(bottom)
    def end(far, step):
        inner = float(np.clip(centre, -25.0, 25.0))
        # its statistic is 0/0 or loses its digits right beside some estimates (x1 = n1 and x2 = n2)
        for nudge in (1e-6, 1e-3, 1e-2, 0.1):
            if excess(inner + step * nudge) > 0:
                break
        return math.exp(brentq(excess, *sorted((far, inner + step * nudge)), xtol=1e-13, rtol=1e-15))

    return 0.0 if top == 0 else end(-25.0, -1.0), math.inf if bottom == 0 else end(25.0, 1.0)


def _closed_form(x1, n1, x2, n2, compare, correction, alpha=0.05):
    """statsmodels' ``confint_proportions_2indep(..., method="score")`` where its answer is its own score
    interval (its ends real, and each 0, ∞ or where its test has the p-value alpha), else None: its closed form
    of the ratio's interval (Nam's cubic) takes the wrong roots on some tables of one or two objects a row
    (x1 = 1 of 1 against 0 of 1: [2, ∞], where its test has the p-value 0.317 at 2 and 0.05 at 0.5206)."""
    from statsmodels.stats.proportion import confint_proportions_2indep, test_proportions_2indep

    try:
        with np.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ends = confint_proportions_2indep(x1, n1, x2, n2, method="score", compare=compare,
                                              correction=correction, alpha=alpha)
            if any(np.iscomplexobj(e) or np.isnan(e) for e in ends):
                return None
            lower, upper = float(ends[0]), float(ends[1])
            lower = 0.0 if x1 == 0 else lower  # its lower end of 0 (x1 = 0) comes with rounding errors (±2e-9)
            for end in (lower, upper):
                if 1e-9 < end < math.inf:
                    p = test_proportions_2indep(x1, n1, x2, n2, value=end, compare=compare, method="score",
                                                correction=correction).pvalue
                    if not abs(p - alpha) <= 1e-6:  # NaN too (its constrained p̃ beyond 1)
                        return None
    except (ZeroDivisionError, ValueError):  # its starting values for the odds ratio divide by zero at a zero cell
        return None
    return lower, upper


# --- known answers ---------------------------------------------------------------------------------------------

def test_the_zero_cell_class_gets_finite_ends_from_the_data():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        b = _binary(TABLE, ci="auto")
    row = b.loc[0]
    # DOR = ∞: statsmodels' score test inverted, test_proportions_2indep(10, 10, 1, 20, value=θ,
    # compare="odds-ratio", method="score").pvalue == 0.05 at θ = 23.49818049132668 (brentq on log θ);
    # R's fisher.test(matrix(c(10, 0, 1, 19), 2, byrow = TRUE))$conf.int, the exact conditional interval, is
    # [13.5052021153, Inf]; epiR's epi.tests gives NaN for the lower end
    assert row[("DOR", "value")] == np.inf and math.isnan(row[("DOR", "se")])
    assert row[("DOR", "lower")] == pytest.approx(23.49818049132668, rel=1e-10)
    assert row[("DOR", "upper")] == np.inf
    assert row[("LNDOR", "lower")] == pytest.approx(math.log(23.49818049132668), rel=1e-10)
    assert row[("LNDOR", "upper")] == np.inf and math.isnan(row[("LNDOR", "se")])
    # LRN = (0/10)/(19/20) = 0: confint_proportions_2indep(0, 10, 19, 20, method="score", compare="ratio",
    # correction=False) = (-1.744569401221433e-12, 0.2931422749829963); epi.tests gives [0, NaN]
    assert row[("LRN", "value")] == 0 and math.isnan(row[("LRN", "se")])
    assert row[("LRN", "lower")] == 0 and row[("LRN", "upper")] == pytest.approx(0.2931422749829963, rel=1e-10)
    # LRP = 20 is finite (b = 0 leaves the log method's SE finite): as before, epi.tests' 2.96061105787 and
    # 135.107243803 (method = "wilson"; the table matrix(c(10, 1, 0, 19), 2, byrow = TRUE))
    assert row[("LRP", "lower")] == pytest.approx(2.96061105787, rel=1e-10)
    assert row[("LRP", "upper")] == pytest.approx(135.107243803, rel=1e-10)
    assert row[("LRP", "se")] == pytest.approx(19.4936, abs=1e-4)
    undefined = [str(w.message) for w in caught if issubclass(w.category, pa.UndefinedMeasureWarning)]
    assert len(undefined) == 1 and "DOR (1 class)" in undefined[0] and "LRN (1 class)" in undefined[0]
    assert "LRP" not in undefined[0]
    assert b.attrs["methods"]["DOR"] == "Woolf; Miettinen–Nurminen score at a zero cell"
    assert b.attrs["methods"]["LRN"] == "log method (Simel 1991); Koopman score at 0 or ∞"
    assert b.attrs["methods"]["LRP"] == "log method (Simel 1991)"
    notes = " ".join(b.attrs["notes"])
    assert "Miettinen–Nurminen (1985)" in notes and "Koopman's (1984)" in notes


def test_the_classes_without_a_zero_cell_keep_their_intervals():
    """A regression guard (it passes before the score intervals too: they change only the boundary).
    R: epi.tests(as.table(matrix(c(8, 3, 2, 17), 2, byrow = TRUE)), method = "wilson") and
    matrix(c(6, 2, 4, 18), ...): diag.or (Woolf), lr.pos and lr.neg (Simel's log method)."""
    b = _binary(TABLE, ci="auto")
    expected = {1: {"DOR": (3.1398955018903, 163.628941621934), "LRP": (1.7961619238982, 15.836236180039),
                    "LRN": (0.0671983610895, 0.823879048562)},
                2: {"DOR": (1.954509241751, 93.245913657941), "LRP": (1.466599699309, 24.546575331335),
                    "LRN": (0.205163011759, 0.962799592889)}}
    for k, codes in expected.items():
        for code, (lower, upper) in codes.items():
            assert b.loc[k, (code, "lower")] == pytest.approx(lower, rel=1e-10)
            assert b.loc[k, (code, "upper")] == pytest.approx(upper, rel=1e-10)
            assert np.isfinite(b.loc[k, (code, "se")])


def test_the_functions_reproduce_statsmodels_on_tables_without_zeros():
    # confint_proportions_2indep(10, 10, 1, 20, method="score", compare="ratio", correction=False / True)
    assert ratio_score_interval(10, 10, 1, 20) == pytest.approx((4.234933917045331, 112.59424249683721), rel=1e-10)
    assert ratio_score_interval(10, 10, 1, 20, correction=True) == pytest.approx(
        (4.157784032738826, 115.32067432644999), rel=1e-10)
    # confint_proportions_2indep(10, 11, 1, 20, method="score", compare="odds-ratio")
    assert odds_ratio_score_interval(10, 11, 1, 20) == pytest.approx((12.661127135813816, 2857.5016335486343),
                                                                      rel=1e-10)


def test_correction_and_the_confidence_level_reach_every_class():
    """correction= removes the zero cell (no score interval); a 90% level narrows the finite end."""
    b = _binary(TABLE, ci="auto", correction=0.5)
    assert np.isfinite(b.loc[0, ("DOR", "value")]) and np.isfinite(b.loc[0, ("DOR", "se")])
    assert b.attrs["methods"]["DOR"] == "Woolf"
    narrow = _binary(TABLE, ci="auto", confidence_level=0.90)
    assert narrow.loc[0, ("DOR", "lower")] == pytest.approx(
        _inverted(10, 10, 1, 20, "odds-ratio", True, 0.10)[0], rel=1e-9)
    # confint_proportions_2indep(0, 10, 19, 20, method="score", compare="ratio", correction=False, alpha=0.1)
    assert narrow.loc[0, ("LRN", "upper")] == pytest.approx(
        _closed_form(0, 10, 19, 20, "ratio", False, 0.10)[1], rel=1e-9)


def test_undefined_values_stay_undefined():
    # a class absent from the prediction and the reference's other classes never predicted: 0/0 odds ratios
    lower, upper = odds_ratio_score_interval([0, 0, 4], [10, 0, 4], [0, 1, 3], [20, 3, 3])
    assert np.isnan(lower).all() and np.isnan(upper).all()
    lower, upper = ratio_score_interval([0, 2], [10, 4], [0, 0], [20, 0])
    assert np.isnan(lower).all() and np.isnan(upper).all()
    with pytest.raises(ValueError, match="between 0 and n1"):
        ratio_score_interval(5, 4, 1, 2)


def test_many_classes_in_one_call():
    """A 3,000-class table (every class with a zero cell: the diagonal with one object moved on each row) in one
    vectorised pass, each class's interval that of its own 2×2 table."""
    k = 3000
    table = np.diag(np.full(k, 5.0))
    table[np.arange(k), (np.arange(k) + 1) % k] += 1.0  # each class: a = 5, b = 1, c = 1; d = N − 7
    table[0, 1] -= 1.0
    table[0, 0] += 1.0  # class 0: b = 0 (DOR ∞)
    b = pa.Agreement.from_table(table).binary(["DOR", "LRP", "LRN"], ci="auto")
    n = table.sum()
    # class 0: a = 6, b = 0, c = 1; class 1: a = 5, b = 1, c = 0 (its column lost row 0's object); class 5:
    # a = 5, b = 1, c = 1 (no zero cell)
    assert b.iloc[0][("DOR", "lower")] == pytest.approx(_inverted(6, 6, 1, n - 6, "odds-ratio", True)[0], rel=1e-9)
    assert b.iloc[1][("DOR", "lower")] == pytest.approx(_inverted(5, 6, 0, n - 6, "odds-ratio", True)[0], rel=1e-9)
    assert b.iloc[1][("LRP", "lower")] == pytest.approx(_closed_form(5, 6, 0, n - 6, "ratio", False)[0], rel=1e-9)
    assert np.isfinite(b.iloc[5][("DOR", "se")])
    assert b[("DOR", "se")].isna().sum() == 2 and b[("LRP", "se")].isna().sum() == 1


def _design_frame(table):
    cells = [(i, j) for i, row in enumerate(table) for j, count in enumerate(row) for _ in range(count)]
    frame = pd.DataFrame(cells, columns=["ref", "pred"])
    frame["stratum"] = np.arange(len(frame)) % 2
    return frame


@pytest.mark.parametrize("how", ["linearized", "bootstrap", "design"])
def test_the_delta_method_bootstrap_and_designs_leave_the_boundary_without_an_interval(how):
    """Neither the delta method (its SE 0 or ∞ there), the table bootstrap (no object drawn into an empty cell) nor
    a design's linearisation says anything at 0 or ∞: NaN with a note and a warning, never [0, ∞] or [0, 0]."""
    codes = ["DOR", "LNDOR", "LRP", "LRN", "YULEQ"]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        if how == "design":
            b = _design_frame(TABLE).agree("ref", "pred", strata="stratum").binary(codes, ci="auto")
        else:
            b = _binary(TABLE, codes, ci=how, random_state=1, n_resamples=500)
    row = b.loc[0]
    assert [row[(code, "value")] for code in ("DOR", "LNDOR", "LRN", "YULEQ")] == [np.inf, np.inf, 0.0, 1.0]
    for code in ("DOR", "LNDOR", "LRN", "YULEQ"):
        assert np.isnan(row[[(code, "se"), (code, "lower"), (code, "upper")]].to_numpy(float)).all(), code
    # LRP = 20 and class 1 (no zero cell) keep their intervals (the bootstrap's SE of LRP is ∞ and its upper end
    # too: some resamples have no false positive)
    assert np.isfinite(row[("LRP", "lower")]) and np.isfinite(b.loc[1, ("DOR", "lower")])
    if how == "design":
        assert np.isnan(row[("DOR", "deff")]) and np.isfinite(b.loc[1, ("DOR", "deff")])
    assert any("draws no object into an empty cell" in n for n in b.attrs["notes"])
    assert not any("zero width" in n for n in b.attrs["notes"])  # LRN's [0, 0] is gone
    message = [str(w.message) for w in caught if issubclass(w.category, pa.UndefinedMeasureWarning)]
    # the infinite values (DOR, LNDOR) by the one warning of every infinite value, those at 0 or 1 by this one
    assert any("LRN (1 class)" in m and "YULEQ (1 class)" in m and "set to NaN" in m for m in message)
    assert any("infinite value are undefined and set to NaN: DOR, LNDOR" in m for m in message)


# --- properties --------------------------------------------------------------------------------------------------

@st.composite
def zero_cell_tables(draw):
    """A 2×2 table (a, b, c, d) with a zero cell and both rows present, whose odds ratio is defined."""
    cells = [draw(st.integers(0, 60)) for _ in range(4)]
    cells[draw(st.integers(0, 3))] = 0
    a, b, c, d = cells
    if a + b == 0 or c + d == 0 or (a * d == 0 and b * c == 0):
        cells = [a or 1, b, c, d or 1] if b * c == 0 else cells
        a, b, c, d = cells
        if a + b == 0 or c + d == 0 or (a * d == 0 and b * c == 0):
            cells = [max(a, 1), 0, max(c, 1), max(d, 1)]
    return tuple(cells)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(zero_cell_tables())
def test_boundary_intervals_are_statsmodels_score_intervals(cells):
    a, b, c, d = cells
    out = _binary([[a, b], [c, d]], ci="auto").loc[0]  # the first class's 2×2 table is the table itself
    value = out[("DOR", "value")]
    assert value in (0.0, np.inf) and math.isnan(out[("DOR", "se")])
    lower, upper = out[("DOR", "lower")], out[("DOR", "upper")]
    assert lower <= value <= upper
    assert (lower, upper) == pytest.approx(_inverted(a, a + b, c, c + d, "odds-ratio", True), rel=1e-8)
    # DOR is the same on the transposed table (reference and prediction swapped), and so is its interval
    swapped = _binary([[a, c], [b, d]], ["DOR"], ci="auto").loc[0]
    assert (swapped[("DOR", "lower")], swapped[("DOR", "upper")]) == pytest.approx((lower, upper), rel=1e-10)
    with np.errstate(divide="ignore"):
        assert out[("LNDOR", "lower")] == pytest.approx(np.log(lower), rel=1e-12, abs=1e-12)
        assert out[("LNDOR", "upper")] == pytest.approx(np.log(upper), rel=1e-12, abs=1e-12)
    for code, (x1, n1, x2, n2) in {"LRP": (a, a + b, c, c + d), "LRN": (b, a + b, d, c + d)}.items():
        v = out[(code, "value")]
        lo, up = out[(code, "lower")], out[(code, "upper")]
        if math.isnan(v):
            assert math.isnan(lo) and math.isnan(up)
            continue
        assert lo <= v <= up
        if v in (0.0, np.inf):  # the boundary: statsmodels' Koopman interval
            assert math.isnan(out[(code, "se")])
            assert (lo, up) == pytest.approx(_inverted(x1, n1, x2, n2, "ratio", False), rel=1e-8)
            ref = _closed_form(x1, n1, x2, n2, "ratio", False)
            if ref is not None:
                assert (lo, up) == pytest.approx(ref, rel=1e-7, abs=1e-11)  # its cubic's roots: ~1e-8
        else:  # unchanged: Simel's log method
            log_se = math.sqrt(1 / x1 - 1 / n1 + 1 / x2 - 1 / n2)
            z = 1.959963984540054
            assert lo == pytest.approx(v * math.exp(-z * log_se), rel=1e-10)
            assert up == pytest.approx(v * math.exp(z * log_se), rel=1e-10)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 80), st.integers(1, 80), st.integers(0, 80), st.integers(1, 80), st.booleans(),
       st.sampled_from([0.9, 0.95, 0.99]))
def test_the_score_intervals_equal_statsmodels(x1, n1, x2, n2, correction, level):
    """Every table (with zeros or without): both intervals are statsmodels' score tests inverted, and equal its
    confint_proportions_2indep where that gives its own score interval (the ratio's closed form on all but some
    tables of one or two objects a row; the odds ratio's root finding on tables without a zero cell)."""
    x1, x2 = min(x1, n1), min(x2, n2)
    alpha = 1 - level
    lower, upper = ratio_score_interval(x1, n1, x2, n2, level, correction=correction)
    if x1 + x2 == 0:
        assert np.isnan(lower) and np.isnan(upper)
    else:
        got = (float(lower), float(upper))
        assert got == pytest.approx(_inverted(x1, n1, x2, n2, "ratio", correction, alpha), rel=1e-8)
        ref = _closed_form(x1, n1, x2, n2, "ratio", correction, alpha)
        if ref is not None:
            assert got == pytest.approx(ref, rel=1e-7, abs=1e-11)  # its cubic's roots: ~1e-8
    lower, upper = odds_ratio_score_interval(x1, n1, x2, n2, level, correction=correction)
    a, b, c, d = x1, n1 - x1, x2, n2 - x2
    if a * d == 0 and b * c == 0:
        assert np.isnan(lower) and np.isnan(upper)
    else:
        got = (float(lower), float(upper))
        assert got == pytest.approx(_inverted(x1, n1, x2, n2, "odds-ratio", correction, alpha), rel=1e-8)
        if min(a, b, c, d) > 0:  # statsmodels' own root finding runs
            assert got == pytest.approx(_closed_form(x1, n1, x2, n2, "odds-ratio", correction, alpha), rel=1e-8)


@pytest.mark.parametrize("ci", ["auto", "linearized", "bootstrap"])
def test_an_infinite_average_has_no_se_or_interval(ci):
    """An average over classes of which one has an infinite odds ratio is infinite: the delta method has no finite
    partials there and the bootstrap's resampled averages are infinite too, so its SE and interval are NaN (they
    were inf and the whole range [0, inf], or [inf, inf]), with a note and one warning; the finite micro average
    keeps its interval."""
    ag = pa.Agreement.from_table([[12, 0, 1], [0, 9, 1], [2, 0, 5]])
    with pytest.warns(pa.UndefinedMeasureWarning, match="infinite value are undefined and set to NaN: DOR"):
        av = ag.averages(["DOR", "F1"], ci=ci, n_resamples=200)
    for method in ("unweighted", "weighted", "inverse"):
        row = av.loc["DOR", method]
        assert row["value"] == np.inf and np.isnan(row[["se", "lower", "upper"]].astype(float)).all()
    assert np.isfinite(av.loc["DOR", ("micro", "lower")]) and np.isfinite(av.loc["F1", ("unweighted", "se")])
    assert any(note.startswith("An infinite value (an odds ratio of a table with an empty cell") for note in
               av.attrs["notes"])


def test_an_infinite_average_under_a_design_has_no_se_or_interval():
    rows = pd.DataFrame({"a": [0] * 12 + [2] * 3 + [1] * 10 + [2] * 5, "p": [0] * 12 + [0, 2, 2] + [1] * 9 + [2] +
                         [2] * 5, "psu": np.arange(30) % 6})
    with pytest.warns(pa.UndefinedMeasureWarning, match="infinite value"):
        av = rows.agree.averages("a", "p", measures=["DOR"], cluster="psu", ci="auto")
    assert av.loc["DOR", ("unweighted", "value")] == np.inf
    assert np.isnan(av.loc["DOR", ("unweighted", "se")]) and np.isnan(av.loc["DOR", ("unweighted", "deff")])
