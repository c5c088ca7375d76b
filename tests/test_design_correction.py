"""The Haldane–Anscombe correction (``correction=0.5``) under a sample design.

The correction is a fixed pseudo-count: the value is f(n + 0.5) for a class whose 2×2 has a zero, its partials are
taken at the corrected counts, and each PSU's influence is those partials summed over its own (observed) weighted
counts; the 0.5s have no variance. That is R's survey package's linearisation of the same expression: ``svymean``
of the four one-vs-rest indicators (or the nine cell indicators), then ``svycontrast`` of the corrected function of
the means times the weight sum N (docs/notes/intervals.md, "The correction under a sample design").

With every row its own PSU (one stratum, with replacement) the design variance is the multinomial delta-method
variance of the same partials, Σ n g² − (Σ n g)²/N over the observed cells, times n/(n − 1). Woolf's SE
√(Σ 1/(n + 0.5)), which ``ci="auto"`` gives a class without a design, also counts the 0.5s as observations, and
is larger where a class has a zero cell.

These tests guard behaviour that was already right (they pass before they were written too): they pin the design's
handling of the correction to R's values.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pandas_agree  # noqa: F401  (registers DataFrame.agree)

# A stratified two-stage sample of 30 rows: strata s, PSUs psu (nested), weights w. Class 2 is never predicted
# correctly (a = 0), so its 2×2 is corrected; classes 0 and 1 have no zero cell.
SAMPLE = pd.DataFrame({
    "actual": [0, 0, 0, 1, 1, 2, 0, 1, 1, 2, 0, 0, 1, 1, 1, 2, 2, 0, 1, 0, 1, 1, 0, 0, 2, 1, 0, 1, 0, 1],
    "pred": [0, 0, 1, 1, 1, 1, 0, 1, 2, 0, 0, 1, 1, 1, 0, 1, 0, 0, 1, 0, 1, 2, 0, 2, 1, 1, 0, 1, 0, 1],
    "psu": [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 6, 7, 7, 7, 7, 7],
    "s": [1] * 12 + [2] * 18,
    "w": [1.5, 2, 2, 1.5, 3, 3, 1, 1, 2.5, 2, 2, 1, 1, 4, 4, 2, 2, 1.5, 1.5, 1, 3, 3, 2, 2, 1, 2, 2, 1, 1, 2.5],
})


def _quiet(function):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return function()


def test_corrected_lndor_under_a_design_is_r_survey_svycontrast():
    """R 4 survey 4.x, for each class k (A, B, C, D the one-vs-rest indicators of class k)::

        des <- svydesign(ids=~psu, strata=~s, weights=~w, data=d, nest=TRUE)
        m <- svymean(~A+B+C+D, des); N <- sum(d$w); h <- if (any(coef(m) == 0)) 0.5 else 0
        svycontrast(m, bquote(log((A*.(N)+.(h))*(D*.(N)+.(h))/((B*.(N)+.(h))*(C*.(N)+.(h))))))

    and with every row its own PSU and unit weights, ``svydesign(ids=~id, weights=~w, data=d)``."""
    found = _quiet(lambda: SAMPLE.agree("actual", "pred", weights="w", strata="s", cluster="psu").binary(
        ["LNDOR"], correction=0.5, ci="linearized"))
    np.testing.assert_allclose(found[("LNDOR", "value")], [2.41591377830105, 1.56764078375564, -1.38629436111989],
                               rtol=1e-12)
    np.testing.assert_allclose(found[("LNDOR", "se")], [0.725622872315489, 0.76469851358766, 0.840215758377222],
                               rtol=1e-9)
    rows = SAMPLE.assign(id=np.arange(len(SAMPLE)))
    for ci in ("linearized", "auto"):  # "auto" under a design is the design's linearisation
        found = _quiet(lambda ci=ci: rows.agree("actual", "pred", cluster="id").binary(["LNDOR"], correction=0.5,
                                                                                      ci=ci))
        np.testing.assert_allclose(found[("LNDOR", "value")], [2.70805020110221, 2.07944154167984,
                                                               -0.537142932083364], rtol=1e-12)
        np.testing.assert_allclose(found[("LNDOR", "se")], [0.934646039092235, 0.861033861323019,
                                                            0.669216147738691], rtol=1e-9)


def test_corrected_average_under_a_design_is_r_survey_svycontrast():
    """The unweighted average of the classes' LNDOR, class 2 corrected. R: the nine cell indicators n_ij,
    ``m <- svymean(~n00+n01+...+n22, des)``, then ``svycontrast(m, ...)`` of (Σ_k log((a_k + h_k)(d_k + h_k) /
    ((b_k + h_k)(c_k + h_k))))/3 with a_k = n_kk N, b_k = (row k) N − a_k, c_k = (column k) N − a_k, d_k = N − a_k −
    b_k − c_k and h_k = 0.5 where one of them is 0 (class 2): 0.865753400312266, SE 0.606115142822507."""
    found = _quiet(lambda: SAMPLE.agree("actual", "pred", weights="w", strata="s", cluster="psu").averages(
        ["LNDOR"], correction=0.5, ci="linearized"))
    assert found.loc["LNDOR", ("unweighted", "value")] == pytest.approx(0.865753400312266, rel=1e-12)
    assert found.loc["LNDOR", ("unweighted", "se")] == pytest.approx(0.606115142822507, rel=1e-9)


def _rows(table: np.ndarray) -> pd.DataFrame:
    i, j = np.indices(table.shape)
    take = np.repeat(np.arange(table.size), table.ravel())
    return pd.DataFrame({"a": i.ravel()[take], "p": j.ravel()[take], "psu": np.arange(len(take))})


def _one_vs_rest(table: np.ndarray, classes: np.ndarray):
    a = np.diag(table)[classes].astype(float)
    b = table.sum(axis=1)[classes] - a
    c = table.sum(axis=0)[classes] - a
    return a, b, c, table.sum() - a - b - c


tables = st.integers(2, 4).flatmap(
    lambda k: st.lists(st.integers(0, 5), min_size=k * k, max_size=k * k).map(
        lambda cells: np.array(cells, dtype=np.int64).reshape(k, k))
).filter(lambda t: t.sum() >= 4 and (t.sum(axis=1) > 0).all() and (t.sum(axis=0) > 0).all())


@settings(max_examples=40, deadline=None)
@given(tables)
def test_every_row_its_own_psu_is_the_delta_method_at_the_corrected_counts(table):
    """Every row its own PSU: the design SE of LNDOR (linearised and "auto") is the multinomial delta-method SE with
    the partials at the corrected counts, g = (1/a', −1/b', −1/c', 1/d'), over the observed counts, times
    √(n/(n − 1)); the other values of the odds-ratio family and the averages have their delta-method SEs times the
    same factor."""
    frame = _rows(table)
    n = len(frame)
    factor = math.sqrt(n / (n - 1))
    a, b, c, d = _one_vs_rest(table, np.arange(len(table)))
    add = np.where((a == 0) | (b == 0) | (c == 0) | (d == 0), 0.5, 0.0)
    counts = np.stack([a, b, c, d])
    g = np.stack([1 / (a + add), -1 / (b + add), -1 / (c + add), 1 / (d + add)])
    delta = np.sqrt(np.maximum((counts * g * g).sum(axis=0) - (counts * g).sum(axis=0) ** 2 / n, 0.0))

    plain = _quiet(lambda: frame.agree("a", "p").binary(["LNDOR"], correction=0.5, ci="linearized"))
    np.testing.assert_allclose(plain[("LNDOR", "se")], delta, rtol=1e-6, atol=1e-9)
    for ci in ("linearized", "auto"):
        designed = _quiet(lambda ci=ci: frame.agree("a", "p", cluster="psu").binary(["LNDOR"], correction=0.5,
                                                                                    ci=ci))
        corrected_value = np.log((a + add) * (d + add) / ((b + add) * (c + add)))
        np.testing.assert_allclose(designed[("LNDOR", "value")], corrected_value, rtol=1e-12)
        np.testing.assert_allclose(designed[("LNDOR", "se")], delta * factor, rtol=1e-6, atol=1e-9)

    family = ["DOR", "DP", "LRP", "LRN", "YULEQ", "YULEY"]  # the rest of the odds-ratio family
    plain = _quiet(lambda: frame.agree("a", "p").binary(family, correction=0.5, ci="linearized"))
    for ci in ("linearized", "auto"):
        designed = _quiet(lambda ci=ci: frame.agree("a", "p", cluster="psu").binary(family, correction=0.5, ci=ci))
        ses = [(code, "se") for code in family]
        np.testing.assert_allclose(designed[ses].to_numpy(), plain[ses].to_numpy() * factor, rtol=1e-6, atol=1e-9)

    plain = _quiet(lambda: frame.agree("a", "p").averages(["LNDOR", "DOR"], correction=0.5, ci="linearized"))
    designed = _quiet(lambda: frame.agree("a", "p", cluster="psu").averages(["LNDOR", "DOR"], correction=0.5,
                                                                             ci="auto"))
    ses = [m for m in plain.columns if m[1] == "se"]
    np.testing.assert_allclose(designed[ses].to_numpy(), plain[ses].to_numpy() * factor, rtol=1e-6, atol=1e-9)


def test_auto_without_a_design_counts_the_pseudo_counts_as_woolf_does():
    """Without a design, "auto" gives the class with a zero cell Woolf's SE on the corrected counts, √(Σ 1/(n +
    0.5)) (R: ``x <- vcd::loddsratio(matrix(c(0, 3, 4, 20), 2))`` (0.5 added as the table has a zero):
    ``coef(x)`` −0.429562659687225, ``sqrt(vcov(x))`` 1.59897373203608); under a design
    (every row its own PSU) the 0.5s carry no variance and the SE is the linearised one. The classes without a zero
    cell have the same SE both ways, up to √(n/(n − 1))."""
    table = np.array([[8, 2, 0], [1, 9, 3], [0, 4, 0]])
    frame = _rows(table)
    n = len(frame)
    plain = _quiet(lambda: frame.agree("a", "p").binary(["LNDOR"], correction=0.5, ci="auto"))
    designed = _quiet(lambda: frame.agree("a", "p", cluster="psu").binary(["LNDOR"], correction=0.5, ci="auto"))
    assert plain[("LNDOR", "value")].iloc[2] == pytest.approx(-0.429562659687225, rel=1e-12)
    # rel 1e-9: the SE of a measure mapped from the log odds ratio takes the map's slope by a central difference
    assert plain[("LNDOR", "se")].iloc[2] == pytest.approx(1.59897373203608, rel=1e-9)
    assert designed[("LNDOR", "se")].iloc[2] < plain[("LNDOR", "se")].iloc[2] / 2
    np.testing.assert_allclose(designed[("LNDOR", "se")].iloc[:2],
                               plain[("LNDOR", "se")].iloc[:2] * math.sqrt(n / (n - 1)), rtol=1e-9)
