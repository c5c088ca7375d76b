"""Chance agreement with one division: a table at its point of no agreement beyond chance gives exactly 0.

Pe = Σ n_k· n_·k / N² and Po = Σ n_kk / N are then correctly rounded quotients of integers; at independence
(n_ij = n_i· n_·j / N) they are the same rational number, so kappa is 0.0, not ±1e-16. The known answers: 0 by
exact rational arithmetic (``fractions.Fraction``) and statsmodels' ``cohens_kappa``.
"""

import math
import warnings
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st
from statsmodels.stats.inter_rater import cohens_kappa

import pandas_agree as pa
from pandas_agree.engine.tableview import TableView
from pandas_agree.inference.tests import kappa_variances, two_by_two_kappa
from pandas_agree.measures.registry import REGISTRY
from pandas_agree.measures.weights import agreement_weights

INDEPENDENT = [np.array([[2, 1], [6, 3]]), np.outer([2, 4, 6], [1, 2, 3]), np.outer([1, 2, 3, 7], [2, 5, 1])]
KAPPAS = ["KAPPA", "KAPPA_W"]
AVERAGES = ["unweighted", "weighted", "inverse"]


def _quiet(fn, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return fn(*args, **kwargs)


def _values(frame: pd.DataFrame) -> np.ndarray:
    """The values of a result, with or without interval columns."""
    if isinstance(frame.columns, pd.MultiIndex):
        return frame.xs("value", axis=1, level=-1).to_numpy(dtype=float)
    return frame["value"].to_numpy(dtype=float) if "value" in frame else frame.to_numpy(dtype=float)


@pytest.mark.parametrize("ci", [None, "auto"])
@pytest.mark.parametrize("table", INDEPENDENT, ids=["2x2", "3x3", "4x3"])
def test_kappa_of_a_table_at_independence_is_exactly_zero(table, ci):
    ag = pa.Agreement.from_table(table)
    assert _values(_quiet(ag.multiclass, KAPPAS, ci=ci)).tolist() == [0.0, 0.0]
    weighted = _quiet(ag.multiclass, ["KAPPA_W"], kappa_weights="quadratic", ci=ci)
    assert _values(weighted).tolist() == [0.0]
    # per class: Heidke's skill score (each class's 2×2 kappa), Youden's J and markedness
    assert (_values(_quiet(ag.binary, ["HSS", "YOUD", "MARK"], ci=ci)) == 0.0).all()


def test_kappa_at_independence_is_printed_as_zero():
    # before: "Cohen's kappa (KAPPA)   9.5e-17   slight"
    text = str(_quiet(pa.Agreement.from_table(np.array([[2, 1], [6, 3]])).report, ci=None))
    row = next(line for line in text.splitlines() if line.startswith("Cohen's kappa (KAPPA)"))
    assert row.split()[3] == "0.000" and "e-1" not in text


@pytest.mark.parametrize("table", INDEPENDENT, ids=["2x2", "3x3", "4x3"])
def test_youden_and_markedness_averages_at_independence_are_zero(table):
    # each class's YOUD = REC − FPR and MARK = PRE − FOR is exactly 0 (REC = FPR = n_·k/N, PRE = FOR = n_k·/N):
    # averaged after the formula, exactly 0; before it, the macro's terms REC + SPE − 1 and PRE + NPV − 1
    # (measures.md) sum to 0 within round-off (the inverse average of the 3×3 table gives −1.1e-16)
    ag = pa.Agreement.from_table(table)
    after = _quiet(ag.averages, ["YOUD", "MARK"], average=AVERAGES, timing="after", ci=None)
    assert (after.to_numpy(dtype=float) == 0.0).all()
    before = _quiet(ag.averages, ["YOUD", "MARK"], average=AVERAGES, ci=None)
    assert np.abs(before.to_numpy(dtype=float)).max() <= 4 * np.finfo(float).eps


def test_crosstabs_kappa_at_independence_is_exactly_zero():
    table = np.outer([7, 5, 1], [1, 3, 4])  # before: CROSSTABS' kappa −3.7e-17
    statistics = _quiet(pa.Crosstab.from_table(table).statistics, "kappa")["Symmetric Measures"]
    assert statistics["value"].tolist() == [0.0]


def test_light_kappa_of_two_raters_at_independence_is_exactly_zero():
    # two raters whose crosstab is a table at independence: Light's kappa is the one pair's Cohen's kappa
    table = np.outer([2, 5], [4, 3])  # before: 1.0e-16
    cells = [(i, j) for i in range(2) for j in range(2) for _ in range(table[i, j])]
    ratings = pd.DataFrame(cells, columns=["r1", "r2"])
    assert _values(_quiet(pa.RaterAgreement(ratings).summary, ["LIGHT"])).tolist() == [0.0]


def _zero_point(table: np.ndarray, code: str) -> bool:
    """Whether ``code`` is 0 in exact rational arithmetic: Po = Pe (ALPHA: Pa = (1 − ε)Po + ε, ε = 1/(2N))."""
    n = int(table.sum())
    rows, cols = table.sum(axis=1), table.sum(axis=0)
    po = Fraction(int(np.trace(table)), n)
    pi = [Fraction(int(rows[k] + cols[k]), 2 * n) for k in range(len(table))]
    if code == "SPI":
        return po == sum(p * p for p in pi)
    if code == "AC1":
        return po == sum(p * (1 - p) for p in pi) / (len(table) - 1)
    eps = Fraction(1, 2 * n)
    return (1 - eps) * po + eps == sum(p * p for p in pi)


@pytest.mark.parametrize(("code", "table"), [
    ("SPI", [[2, 5, 0], [7, 5, 0], [4, 2, 3]]),  # before: 8.6e-17
    ("AC1", [[0, 0, 5], [1, 6, 0], [6, 7, 3]]),  # before: 8.2e-17
    ("ALPHA", [[2, 1, 0], [3, 2, 5], [4, 3, 4]]),  # before: -8.5e-17
])
@pytest.mark.parametrize("ci", [None, "auto"])
def test_scott_gwet_and_krippendorff_at_their_chance_point_are_exactly_zero(code, table, ci):
    table = np.array(table)
    assert _zero_point(table, code)  # 0 in exact arithmetic
    assert _values(_quiet(pa.Agreement.from_table(table).multiclass, [code], ci=ci)).tolist() == [0.0]


margins = st.lists(st.integers(1, 60), min_size=2, max_size=6)


@given(rows=margins, cols=margins)
def test_every_integer_table_at_independence_has_kappa_exactly_zero(rows, cols):
    k = min(len(rows), len(cols))
    rows, cols = np.array(rows[:k]), np.array(cols[:k])
    ag = pa.Agreement.from_table(np.outer(rows, cols))
    assert _values(_quiet(ag.multiclass, KAPPAS, ci=None)).tolist() == [0.0, 0.0]
    assert (_values(_quiet(ag.binary, ["YOUD", "MARK"], ci=None)) == 0.0).all()
    averages = _quiet(ag.averages, ["YOUD", "MARK"], average=AVERAGES, timing="after", ci=None)
    assert (averages.to_numpy(dtype=float) == 0.0).all()
    # equal margins: Scott's pi, Gwet's AC1 at its own point aside, is kappa
    same = pa.Agreement.from_table(np.outer(rows, rows))
    assert _values(_quiet(same.multiclass, ["SPI"], ci=None)).tolist() == [0.0]


TABLE = np.array([[22, 3, 2], [4, 17, 6], [1, 5, 19]])


def _view(table: np.ndarray) -> TableView:
    places = np.arange(len(table))
    return TableView(table, places, places, places, places, len(table))


@pytest.mark.parametrize("scale", [1e-200, 1e200])
def test_tiny_and_huge_weights_give_the_unscaled_coefficients(scale):
    # the formulas on counts scaled so that the margins' products and N² would underflow (1e-400) or overflow
    # (1e400) if formed as they are (the tables the package builds have totals within [1e-50, 2**53])
    quadratic = agreement_weights("quadratic", 3)
    for code, params in (("KAPPA", {}), ("SPI", {}), ("AC1", {}), ("KAPPA_W", {"kappa_weights": quadratic})):
        unscaled = float(REGISTRY[code].compute(_view(TABLE.astype(float)), **params))
        scaled = float(REGISTRY[code].compute(_view(TABLE * scale), **params))
        assert scaled == pytest.approx(unscaled, rel=1e-12)
    assert float(REGISTRY["KAPPA_W"].compute(_view(TABLE * scale), kappa_weights=quadratic)) == pytest.approx(
        cohens_kappa(TABLE, wt="quadratic").kappa, rel=1e-12)  # statsmodels
    for weights in (None, quadratic):  # Fleiss, Cohen & Everitt's kappa and its variances
        unscaled = kappa_variances(_view(TABLE.astype(float)), weights)
        kappa, var1, var0 = kappa_variances(_view(TABLE * scale), weights)
        assert float(kappa) == pytest.approx(float(unscaled[0]), rel=1e-12)
        assert float(var1 * scale) == pytest.approx(float(unscaled[1]), rel=1e-12)  # a variance goes as 1/N
        assert float(var0 * scale) == pytest.approx(float(unscaled[2]), rel=1e-12)
    a, b, c, d = (np.array([float(x)]) for x in (22, 5, 4, 42))
    for code in ("YOUD", "MARK"):
        unscaled = REGISTRY[code].compute(a, b, c, d)
        assert float(REGISTRY[code].compute(a * scale, b * scale, c * scale, d * scale)[0]) == pytest.approx(
            float(unscaled[0]), rel=1e-12)
    kappa, _ = two_by_two_kappa(a * scale, b * scale, c * scale, d * scale)
    assert float(kappa[0]) == pytest.approx(float(two_by_two_kappa(a, b, c, d)[0][0]), rel=1e-12)


def test_kappa_away_from_independence_is_statsmodels():
    ag = pa.Agreement.from_table(TABLE)
    for wt, weights in ((None, None), ("linear", "linear"), ("quadratic", "quadratic")):
        reference = cohens_kappa(TABLE, wt=wt).kappa  # statsmodels.stats.inter_rater.cohens_kappa
        codes = ["KAPPA"] if weights is None else ["KAPPA_W"]
        ours = _values(_quiet(ag.multiclass, codes, kappa_weights=weights, ci=None))[0]
        assert math.isclose(ours, reference, rel_tol=0, abs_tol=1e-12)
