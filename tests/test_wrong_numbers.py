"""Numbers that were silently wrong: weights used by position, a class called "Total", intervals of the wrong
weights, round-off past a bound, intervals that leave out their estimate, and subjects rated once."""

import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pandas_agree as pa
from pandas_agree.engine.tableview import TableView
from pandas_agree.measures.registry import RATERS, records
from pandas_agree.measures.weights import agreement_weights

from ._tables import quiet

# --- weights and groups align on the DataFrame's index ----------------------------------------------------------


def _shuffled_frame():
    df = pd.DataFrame({"a": list("xxyyxy"), "p": list("xyyyxx"), "g": list("uuuvvv")}, index=[5, 3, 9, 1, 7, 2])
    w = pd.Series([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], index=df.index)
    return df, w, w.sample(frac=1, random_state=1)  # the same weights, in another order


def test_a_weights_series_aligns_on_the_index():
    df, w, shuffled = _shuffled_frame()
    expected = df.agree("a", "p", weights=w.to_numpy()).table
    pd.testing.assert_frame_equal(df.agree("a", "p", weights=shuffled).table, expected)
    raters = df.agree.raters(["a", "p"], weights=shuffled).summary(["PO"])
    assert raters.loc["PO", "value"] == df.agree.raters(["a", "p"], weights=w.to_numpy()).summary(["PO"]).loc[
        "PO", "value"]
    values = df.agree.compare("a", ["p", "a"], weights=shuffled).values(["OSR"])
    assert values.loc["p", "OSR"] == pytest.approx(df.agree("a", "p", weights=w.to_numpy()).multiclass(
        ["OSR"]).loc["OSR", "value"])


def test_grouped_report_uses_aligned_weights_in_each_group():
    df, w, shuffled = _shuffled_frame()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rep = df.agree.report("a", "p", by="g", weights=shuffled, random_state=0, n_resamples=20)
        for key, rows in df.groupby("g").groups.items():
            expected = df.loc[rows].agree("a", "p", weights=w.loc[rows].to_numpy()).table
            pd.testing.assert_frame_equal(rep.groups[key].agreement.table, expected)


@pytest.mark.parametrize("call", [
    lambda df, w: df.agree("a", "p", weights=w),
    lambda df, w: df.agree.raters(["a", "p"], weights=w),
    lambda df, w: df.agree.compare("a", ["p", "a"], weights=w),
    lambda df, w: df.agree.report("a", "p", by="g", weights=w),
])
def test_a_weights_series_on_another_index_is_an_error(call):
    df, w, _ = _shuffled_frame()
    with pytest.raises(ValueError, match="weights: the Series' index does not match"):
        call(df, w.reset_index(drop=True))


# --- margins by position --------------------------------------------------------------------------------------


def test_a_class_called_total_keeps_its_counts():
    df = pd.DataFrame({"a": ["Total", "x", "x", "Total", "y"] * 2, "p": ["Total", "x", "Total", "Total", "x"] * 2})
    ag = df.agree("a", "p")
    ct = ag.crosstab()
    np.testing.assert_array_equal(ct.iloc[:-1, :-1].to_numpy(), ag.table.to_numpy())
    np.testing.assert_array_equal(ct.iloc[:-1, -1], ag.table.sum(axis=1))
    np.testing.assert_array_equal(ct.iloc[-1], [*ag.table.sum(axis=0), ag.n])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rep = ag.report(percentages=["row", "column", "total"], random_state=0, n_resamples=20)
    row_share = rep.crosstab.xs("% within a", level="statistic")
    np.testing.assert_allclose(row_share.iloc[:, -1], 100.0)
    assert "Total" in str(rep) and "Total" in rep._repr_html_()


def test_a_class_called_total_in_excel(tmp_path):
    pytest.importorskip("openpyxl")
    df = pd.DataFrame({"a": ["Total", "x", "x", "Total"], "p": ["Total", "x", "Total", "Total"]})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        df.agree.report("a", "p", percentages="row", random_state=0, n_resamples=20).to_excel(tmp_path / "t.xlsx")
    assert (tmp_path / "t.xlsx").stat().st_size > 0


# --- round-off: undefined stays NaN, values stay in their range --------------------------------------------------


def test_all_ones_weights_are_undefined_not_perfect():
    ag = pa.Agreement.from_table(np.array([[3, 1, 0], [2, 5, 1], [0, 2, 4]]))
    with pytest.warns(pa.UndefinedMeasureWarning):
        m = ag.multiclass(["KAPPA_W", "SPI", "BPK", "ALPHA"], kappa_weights=np.ones((3, 3)), ci="auto")
    assert m["value"].isna().all() and m["interpretation"].isna().all()


def test_fractional_weights_stay_inside_the_range():
    # the diagonal and the whole table sum in another order: Σ n_kk / N was 1.0000000000000002
    ag = pa.agreement(list("abcd"), list("abcd"), weights=[0.7, 0.3, 0.3, 0.1])
    assert ag.multiclass(["OSR"]).loc["OSR", "value"] == 1.0


def _random_view(rng, fractional: bool) -> tuple[np.ndarray, TableView]:
    k = int(rng.integers(2, 5))
    table = rng.integers(0, 6, (k, k)).astype(float)
    if fractional:
        table = table * rng.choice([0.1, 0.3, 0.7, 1 / 3], (k, k))
    table[0, 0] += 0.1 if fractional else 1
    return table, pa.Agreement.from_table(table)


def test_weights_that_are_all_one_give_a_coefficient_of_one_not_more():
    # fractional counts whose shares sum to 1 + 2 ulp: AC2 was 1 + 64 ulp, above its range
    ag = pa.Agreement.from_table([[0.1, 2.8], [0.2, 0.30000000000000004]])
    values = quiet(ag.multiclass, ["AC1", "KAPPA_W", "SPI", "BPK"], kappa_weights=np.ones((2, 2)))["value"]
    assert values["AC1"] == pytest.approx(1.0, abs=1e-12) and all(np.isnan(v) or v <= 1.0 for v in values)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), fractional=st.booleans(), weighted=st.booleans())
def test_every_value_lies_in_its_declared_range(seed, fractional, weighted):
    rng = np.random.default_rng(seed)
    _, ag = _random_view(rng, fractional)
    q = len(ag.labels)
    weights = None
    if weighted:
        weights = rng.choice([0.0, 0.25, 0.5, 1.0, rng.uniform()], (q, q))
        np.fill_diagonal(weights, 1.0)
    values = quiet(ag.multiclass, [m.code for m in records("multiclass")], kappa_weights=weights)["value"]
    codes = {}
    for row, value in values.items():
        lo, hi = pa.measures("multiclass").set_index("code").loc[codes.get(row, row), "range"].strip("[]()").split(", ")
        assert np.isnan(value) or float(lo) <= value <= float(hi), (row, value)
    ratings = pd.DataFrame(rng.integers(0, 3, (12, 3)).astype(float), columns=list("abc"))
    ratings[rng.random((12, 3)) < 0.2] = np.nan
    rater_weights = None if weights is None else agreement_weights("quadratic", 3)
    try:
        ra = ratings.agree.raters(list("abc"))
    except ValueError:
        return
    s = quiet(ra.summary, kappa_weights=rater_weights if len(ra.categories) == 3 else None)
    for row, value in s["value"].items():
        m = RATERS[codes.get(row, row)]
        assert np.isnan(value) or m.range[0] <= value <= m.range[1], (row, value)


def test_weighted_coefficients_can_fall_below_minus_one():
    # one pair of raters disagrees on cells of weight 0 while most pairs of labels have weight 1: Pe = 3/4
    table = np.diag([1.0, 1.0, 1.0, 1.0])[[2, 3, 0, 1]]
    w = np.ones((4, 4)) - np.diag([1.0, 1.0, 1.0, 1.0])[[2, 3, 0, 1]]
    m = quiet(pa.Agreement.from_table(table).multiclass, ["SPI", "KAPPA_W"], kappa_weights=w)
    assert m.loc["SPI", "value"] == pytest.approx(-3.0)
    catalogue = pa.measures("multiclass").set_index("code")
    assert all(catalogue.loc[c, "range"] == "(-inf, 1]" for c in ("SPI", "KAPPA_W", "AC1"))


# --- every interval holds its estimate, or a note says why ------------------------------------------------------


def test_nir_interval_holds_its_estimate_on_a_balanced_table():
    ag = pa.Agreement.from_table(np.full((3, 3), 10.0))
    m = ag.multiclass(["NIR"], ci="auto")
    assert m.loc["NIR", "lower"] <= m.loc["NIR", "value"] <= m.loc["NIR", "upper"]
    assert m.loc["NIR", "method"].startswith("wilson")


def _holds_its_estimate_or_says_why(stats: pd.DataFrame, notes: list) -> None:
    """Every row (index: the measure's code) has lower <= value <= upper, or a note saying why not."""
    text = " ".join(notes)
    for code, row in stats.iterrows():
        if np.isnan(row["value"]) or np.isnan(row["lower"]):
            continue
        inside = row["lower"] - 1e-12 <= row["value"] <= row["upper"] + 1e-12
        assert inside or f"interval of {code} leaves out its estimate" in text, (code, row.tolist())


CI_CHOICES = ["auto", "wilson", "clopper-pearson", "agresti-coull", "jeffreys", "normal", "bootstrap"]


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), ci=st.sampled_from(CI_CHOICES))
def test_every_interval_holds_its_estimate_or_says_why(seed, ci):
    rng = np.random.default_rng(seed)
    k = int(rng.integers(2, 4))
    table = rng.integers(0, 8, (k, k)).astype(float) + np.eye(k)
    ag = pa.Agreement.from_table(table)
    m = quiet(ag.multiclass, [r.code for r in records("multiclass")], ci=ci, n_resamples=200, random_state=0)
    _holds_its_estimate_or_says_why(m, m.attrs["notes"])
    ratings = pd.DataFrame(rng.integers(0, 3, (15, 3)), columns=list("abc"))
    s = quiet(pa.RaterAgreement(ratings).summary, ci=ci, n_resamples=200, random_state=0)
    _holds_its_estimate_or_says_why(s, s.attrs["notes"])


# --- several raters: subjects rated once count in the shares (Gwet 2014, irrCAC) ------------------------------

# irrCAC's cac.raw4raters: 12 subjects, 4 raters, with gaps (subject 12 is rated once).
NAN = np.nan
RAW4RATERS = pd.DataFrame({
    "Rater1": [1, 2, 3, 3, 2, 1, 4, 1, 2, NAN, NAN, NAN], "Rater2": [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, NAN, NAN],
    "Rater3": [NAN, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, 3], "Rater4": [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, NAN]})


def test_raters_with_gaps_equal_irrcac():
    # irrCAC (Gwet): fleiss.kappa.raw 0.76117 (se 0.15302), gwet.ac1.raw 0.77544 (se 0.14295),
    # conger.kappa.raw 0.763 (linear weights 0.814), pa 0.81818
    ra = RAW4RATERS.agree.raters(list(RAW4RATERS.columns))
    s = ra.summary(["FLEISS", "AC1", "CONGER", "PO"], ci="auto", random_state=0, n_resamples=100)
    assert s.loc["FLEISS", "value"] == pytest.approx(0.76117, abs=5e-6)
    assert s.loc["FLEISS", "se"] == pytest.approx(0.15302, abs=5e-6)
    assert s.loc["AC1", "value"] == pytest.approx(0.77544, abs=5e-6)
    assert s.loc["AC1", "se"] == pytest.approx(0.14295, abs=5e-6)
    assert s.loc["CONGER", "value"] == pytest.approx(0.763, abs=5e-4)
    assert s.loc["PO", "value"] == pytest.approx(0.81818, abs=5e-6)
    linear = ra.summary(["CONGER"], kappa_weights="linear")
    assert linear.loc["CONGER", "value"] == pytest.approx(0.814, abs=5e-4)
    assert "count in the category shares" in " ".join(s.attrs["notes"])


def test_raters_weighted_ac2_with_gaps_equals_irrcac():
    # irrCAC's gwet.ac1.raw with bipolar weights on cac.raw4raters: AC2 = 0.90037 (se 0.10582)
    bipolar = _bipolar(np.arange(1, 6, dtype=float))
    ra = RAW4RATERS.agree.raters(list(RAW4RATERS.columns))
    s = ra.summary(["AC2"], kappa_weights=bipolar, ci="auto")
    assert s.loc["AC1", "value"] == pytest.approx(0.90037, abs=5e-6)
    assert s.loc["AC1", "se"] == pytest.approx(0.10582, abs=5e-6)


def _bipolar(v):
    """Gwet's (2014) bipolar weights: 1 − (k − m)² / ((k + m − 2·min)(2·max − k − m)), the largest off-diagonal
    ratio scaled to 1."""
    lo, hi = v.min(), v.max()
    k, m = np.meshgrid(v, v, indexing="ij")
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = np.where(k == m, 0.0, (k - m) ** 2 / ((k + m - 2 * lo) * (2 * hi - k - m)))
    return 1 - ratio / ratio.max()


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), fractional=st.booleans())
def test_class_values_and_averages_lie_in_their_declared_range(seed, fractional):
    # round-off of fractional weights used to leave SPE at −2.7e-16
    rng = np.random.default_rng(seed)
    _, ag = _random_view(rng, fractional)
    bounds = {m.code: m.range for m in records("binary")}
    b = quiet(ag.binary, list(bounds), classes="union", beta=2.0, tversky=(0.5, 2.0))
    a = quiet(ag.averages, list(bounds), beta=2.0, tversky=(0.5, 2.0))
    for code, (lo, hi) in bounds.items():
        for value in [*b[code], *a.loc[code]]:
            assert np.isnan(value) or lo <= value <= hi, (code, value)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), ci=st.sampled_from(CI_CHOICES))
def test_every_class_interval_and_average_holds_its_estimate_or_says_why(seed, ci):
    rng = np.random.default_rng(seed)
    k = int(rng.integers(2, 4))
    ag = pa.Agreement.from_table(rng.integers(0, 8, (k, k)).astype(float) + np.eye(k))
    codes = [m.code for m in records("binary") if m.default]
    for fn in (ag.binary, ag.averages):
        out = quiet(fn, codes, ci=ci, n_resamples=200, random_state=0)
        stats = out.stack(0, future_stack=True)  # one row per (class, code) or (code, method)
        stats.index = stats.index.get_level_values(1 if fn == ag.binary else 0)  # the measure's code
        _holds_its_estimate_or_says_why(stats, out.attrs["notes"])


def test_alpha_of_fewer_than_one_pairable_value_is_undefined_not_above_one():
    # Krippendorff's small-sample factor n − 1 (n = 2N pairable values) is negative when fractional counts sum to
    # less than 1/2: alpha was 1.8 on this table
    ag = pa.Agreement.from_table([[0.2, 0.0], [0.1, 0.0]])
    with pytest.warns(pa.UndefinedMeasureWarning):
        assert np.isnan(ag.multiclass(["ALPHA"]).loc["ALPHA", "value"])
    assert pa.Agreement.from_table([[2.0, 0.0], [1.0, 0.0]]).multiclass(["ALPHA"]).loc["ALPHA", "value"] <= 1.0
