"""Calibration and probability-score measures on the score table (pandas_agree.measures.calibration).

Known answers: scikit-learn (brier_score_loss, log_loss, calibration_curve) on the rows the table stands for;
statsmodels' GLM and R's glm for Cox's calibration slope and intercept; torchmetrics' BinaryCalibrationError
through its documented example and an independent row-wise implementation of its algorithm (torch itself is not
installed here: see test_calibration_error_matches_torchmetrics_algorithm)."""

import warnings

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pandas_agree import UndefinedMeasureWarning
from pandas_agree.measures import calibration as cal

# --- rows → score table, in the test (np.unique / bincount) -------------------------------------------------


def table(p, y, w=None):
    """The score table of rows: distinct scores, weighted positives and negatives at each."""
    p, y = np.asarray(p, dtype=float), np.asarray(y, dtype=float)
    w = np.ones_like(p) if w is None else np.asarray(w, dtype=float)
    s, inv = np.unique(p, return_inverse=True)
    return (s, np.bincount(inv, weights=w * y, minlength=s.size),
            np.bincount(inv, weights=w * (1 - y), minlength=s.size))


# rows with many ties (scores on a grid of 1/20) or with distinct scores; optional integer or fractional weights
GRID = st.integers(0, 20).map(lambda k: k / 20)
INNER = st.floats(1e-6, 1 - 1e-6, allow_nan=False)


@st.composite
def rows(draw, score=None, weights=None, min_size=2, max_size=60):
    n = draw(st.integers(min_size, max_size))
    p = draw(st.lists(st.one_of(GRID, INNER) if score is None else score, min_size=n, max_size=n))
    y = draw(st.lists(st.integers(0, 1), min_size=n, max_size=n))
    w = None
    if weights == "integer":
        w = draw(st.lists(st.integers(1, 5), min_size=n, max_size=n))
    elif weights == "float":
        w = draw(st.lists(st.floats(0.1, 5.0), min_size=n, max_size=n))
    return np.array(p), np.array(y), None if w is None else np.array(w, dtype=float)


# --- Brier score and log loss against scikit-learn ------------------------------------------------------------


@settings(max_examples=80, deadline=None)
@given(rows(weights="float") | rows(weights="integer") | rows())
def test_brier_equals_scikit_learn_on_the_rows(data):
    from sklearn.metrics import brier_score_loss

    p, y, w = data
    assume(0 < y.sum() < y.size)
    expected = brier_score_loss(y, p, sample_weight=w)
    assert cal.brier(*table(p, y, w)) == pytest.approx(expected, rel=1e-12, abs=1e-15)


@settings(max_examples=80, deadline=None)
@given(rows(score=st.one_of(GRID.filter(lambda v: 0 < v < 1), INNER), weights="float")
       | rows(score=st.one_of(GRID.filter(lambda v: 0 < v < 1), INNER)))
def test_log_loss_equals_scikit_learn_on_the_rows(data):
    from sklearn.metrics import log_loss

    p, y, w = data
    expected = log_loss(y, p, sample_weight=w, labels=[0, 1])
    assert cal.log_loss(*table(p, y, w)) == pytest.approx(expected, rel=1e-12)


def test_log_loss_at_scores_zero_and_one_follows_the_formula_not_the_clip():
    from sklearn.metrics import log_loss

    p, y = np.array([0.0, 0.0, 0.5, 1.0]), np.array([0, 0, 1, 1])
    # no object of the class a score of 0 or 1 rules out: 0·log 0 = 0, as scikit-learn (whose clip changes the
    # values by about 1e-16 there)
    assert cal.log_loss(*table(p, y)) == pytest.approx(np.log(2) / 4, rel=1e-12)
    assert log_loss(y, p) == pytest.approx(np.log(2) / 4, rel=1e-12)
    # a positive object at 0: +inf here; scikit-learn (1.9.1) clips to [eps, 1 - eps] and gives -log(eps)
    y = np.array([1, 0, 1, 1])
    assert cal.log_loss(*table(p, y)) == np.inf
    eps = np.finfo(float).eps
    assert log_loss(y, p) == pytest.approx((-np.log(eps) + np.log(2)) / 4, rel=1e-9)
    assert cal.log_loss(*table([0.3, 1.0], [1, 0])) == np.inf  # a negative object at 1


# --- reliability curve against scikit-learn's calibration_curve -------------------------------------------------


@settings(max_examples=80, deadline=None)
@given(rows(), st.integers(1, 12), st.sampled_from(["uniform", "quantile"]))
def test_reliability_curve_equals_calibration_curve(data, bins, strategy):
    from sklearn.calibration import calibration_curve

    p, y, _ = data
    assume(0 < y.sum() < y.size)
    prob_true, prob_pred = calibration_curve(y, p, n_bins=bins, strategy=strategy)
    curve = cal.reliability_curve(*table(p, y), bins=bins, strategy=strategy)
    np.testing.assert_allclose(curve["fraction_positive"], prob_true, rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(curve["mean_predicted"], prob_pred, rtol=1e-12, atol=1e-15)
    assert curve["count"].sum() == p.size


@settings(max_examples=50, deadline=None)
@given(rows(weights="integer"), st.integers(1, 8), st.sampled_from(["uniform", "quantile"]))
def test_reliability_curve_with_integer_weights_equals_the_repeated_rows(data, bins, strategy):
    from sklearn.calibration import calibration_curve

    p, y, w = data
    assume(0 < y.sum() < y.size)
    reps = w.astype(int)
    prob_true, prob_pred = calibration_curve(np.repeat(y, reps), np.repeat(p, reps), n_bins=bins, strategy=strategy)
    curve = cal.reliability_curve(*table(p, y, w), bins=bins, strategy=strategy)
    np.testing.assert_allclose(curve["fraction_positive"], prob_true, rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(curve["mean_predicted"], prob_pred, rtol=1e-12, atol=1e-15)


@settings(max_examples=80, deadline=None)
@given(rows(weights="integer"), st.integers(1, 12))
def test_quantile_edges_are_numpy_percentiles_of_the_rows(data, bins):
    p, y, w = data
    s, a, b = table(p, y, w)
    expanded = np.repeat(p, w.astype(int))
    expected = np.percentile(expanded, np.linspace(0, 1, bins + 1) * 100)
    np.testing.assert_array_equal(cal._weighted_percentile_edges(s, a + b, bins), expected)


def test_reliability_curve_of_a_stack_keeps_every_bin():
    s = np.array([0.1, 0.4, 0.9])
    pos, neg = np.array([[1.0, 2, 3], [0, 0, 2]]), np.array([[1.0, 2, 1], [0, 0, 1]])
    curve = cal.reliability_curve(s, pos, neg, bins=2)
    assert curve["count"].tolist() == [[6.0, 4.0], [0.0, 3.0]]
    np.testing.assert_allclose(curve["fraction_positive"], [[0.5, 0.75], [np.nan, 2 / 3]])
    np.testing.assert_allclose(curve["mean_predicted"], [[0.3, 0.9], [np.nan, 0.9]])
    with pytest.raises(ValueError, match="bins"):
        cal.reliability_curve(s, pos, neg, bins=2, strategy="quantile")


# --- calibration errors against torchmetrics --------------------------------------------------------------------


def torchmetrics_ce(p, y, n_bins, norm, debias=False):
    """torchmetrics' _ce_compute (functional/classification/calibration_error.py, 1.9.0), row by row in numpy:
    edges linspace(0, 1, n_bins + 1), bin = bucketize(p, edges, right=True) − 1 (so len(edges) bins, p = 1 in the
    last), acc/conf/prop per bin with nan_to_num, the debias term (acc (acc − 1) prop) / (prop N − 1)."""
    # torch.linspace (ATen's linspace kernel): start + step·i below steps // 2, end − step·(steps − 1 − i) from it
    steps, step = n_bins + 1, 1.0 / n_bins
    edges = np.array([step * i if i < steps // 2 else 1.0 - step * (steps - 1 - i) for i in range(steps)])
    index = (p[:, None] >= edges[None, :]).sum(axis=1) - 1  # bucketize(right=True): the edges ≤ p
    acc, conf, prop = np.zeros(edges.size), np.zeros(edges.size), np.zeros(edges.size)
    for j in range(edges.size):
        members = index == j
        if members.any():
            acc[j], conf[j] = y[members].mean(), p[members].mean()
        prop[j] = members.sum() / p.size
    if norm == "l1":
        return np.sum(np.abs(acc - conf) * prop)
    if norm == "max":
        return np.max(np.abs(acc - conf))
    ce = np.sum((acc - conf) ** 2 * prop)
    if debias:
        with np.errstate(divide="ignore", invalid="ignore"):
            ce += np.sum(np.nan_to_num(acc * (acc - 1) * prop / (prop * p.size - 1)))
    return np.sqrt(ce) if ce > 0 else 0.0


def test_calibration_error_reproduces_torchmetrics_documented_example():
    # torchmetrics 1.9.0, binary_calibration_error's docstring: preds [0.25, 0.25, 0.55, 0.75, 0.75],
    # target [0, 0, 1, 1, 1], n_bins=2 → l1 0.2900, l2 0.2918, max 0.3167
    t = table([0.25, 0.25, 0.55, 0.75, 0.75], [0, 0, 1, 1, 1])
    assert round(float(cal.calibration_error(*t, bins=2, norm="l1")), 4) == 0.2900
    assert round(float(cal.calibration_error(*t, bins=2, norm="l2")), 4) == 0.2918
    assert round(float(cal.calibration_error(*t, bins=2, norm="max")), 4) == 0.3167


@settings(max_examples=100, deadline=None)
@given(rows(), st.integers(1, 20), st.sampled_from(["l1", "l2", "max"]), st.booleans())
def test_calibration_error_matches_torchmetrics_algorithm(data, bins, norm, debias):
    # torch is not installed here (too heavy a test dependency; torchmetrics itself needs it), so the reference is
    # torchmetrics' published algorithm re-implemented row by row above
    p, y, _ = data
    debias = debias and norm == "l2"
    expected = torchmetrics_ce(p, y.astype(float), bins, norm, debias)
    got = cal.calibration_error(*table(p, y), bins=bins, norm=norm, debiased=debias)
    if norm == "l2":  # the square root of a sum that cancels to about 0 magnifies its rounding: compare squares
        assert got**2 == pytest.approx(expected**2, rel=1e-11, abs=1e-15)
    else:
        assert got == pytest.approx(expected, rel=1e-11, abs=1e-15)


def test_calibration_error_recorded_values():
    # values of the row-wise torchmetrics algorithm above (torchmetrics_ce), computed once and recorded; by hand:
    # bins 0.1 | 0.3 | 0.6 | 0.9 | 1.0 with gaps 0.1, 0.5, 0.4333, 0.1, 0.5 → ECE = 7.2 / 24
    p = np.repeat([0.1, 0.3, 0.6, 0.9, 1.0], [5, 5, 6, 6, 2])
    y = np.r_[1, 0, 0, 0, 0, 1, 1, 1, 1, 0, 1, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 0]
    t = table(p, y)
    assert cal.calibration_error(*t, bins=5, norm="l1") == pytest.approx(0.3, rel=1e-12)
    assert cal.calibration_error(*t, bins=5, norm="l2") == pytest.approx(0.35276684147527876, rel=1e-12)
    assert cal.calibration_error(*t, bins=5, norm="max") == pytest.approx(0.5, rel=1e-12)
    assert cal.calibration_error(*t, bins=5, norm="l2", debiased=True) == pytest.approx(0.28284271247461906,
                                                                                        rel=1e-12)
    # a score of 1 is a bin of its own (with it in [0.8, 1] the ECE would be 6 / 24), and 0.6 is the lower edge
    # of [0.6, 0.8) as torch.linspace makes it (numpy.linspace's 0.6000000000000001 would put 0.6 below it)
    assert cal.calibration_bins(*t, bins=5).tolist() == [0, 1, 3, 4, 5]


def test_quantile_calibration_error_with_fixed_bins_resamples_counts_only():
    rng = np.random.default_rng(3)
    s = np.sort(rng.choice(np.linspace(0.01, 0.99, 99), size=30, replace=False))
    n = rng.integers(1, 9, size=30).astype(float)
    a = rng.binomial(n.astype(int), s).astype(float)
    index = cal.calibration_bins(s, a, n - a, bins=4, strategy="quantile")
    assert np.unique(index).tolist() == [0, 1, 2, 3]
    stack = rng.multinomial(int(n.sum()), np.r_[a, n - a] / n.sum(), size=5).astype(float)
    pos, neg = stack[:, :30], stack[:, 30:]
    got = cal.calibration_error(s, pos, neg, bin_index=index, norm="l2")
    each = [cal.calibration_error(s, pos[k], neg[k], bin_index=index, norm="l2") for k in range(5)]
    np.testing.assert_allclose(got, each, rtol=1e-13)
    # equal to the quantile bins of the unresampled table, without bin_index
    assert cal.calibration_error(s, a, n - a, bins=4, strategy="quantile") == cal.calibration_error(
        s, a, n - a, bin_index=index)
    with pytest.raises(ValueError, match="bin_index"):
        cal.calibration_error(s, pos, neg, bins=4, strategy="quantile")


def test_quantile_bins_have_equal_mass_without_ties():
    s = np.linspace(0.01, 0.99, 40)
    index = cal.calibration_bins(s, np.ones(40), np.ones(40), bins=4, strategy="quantile")
    assert np.bincount(index).tolist() == [10, 10, 10, 10]


# --- Murphy's decomposition ---------------------------------------------------------------------------------------


@settings(max_examples=100, deadline=None)
@given(rows(weights="float") | rows())
def test_murphy_identity_with_distinct_values_is_exact(data):
    p, y, w = data
    t = table(p, y, w)
    parts = cal.murphy(*t)
    assert parts["within_bin_variance"] == 0 and parts["within_bin_covariance"] == 0
    total = parts["reliability"] - parts["resolution"] + parts["uncertainty"]
    assert abs(total - cal.brier(*t)) <= 1e-12


@settings(max_examples=100, deadline=None)
@given(rows(weights="float") | rows(), st.integers(1, 12))
def test_murphy_binned_form_adds_stephenson_terms(data, bins):
    p, y, w = data
    w = np.ones_like(p) if w is None else w
    t = table(p, y, w)
    parts = cal.murphy(*t, bins=bins)
    # row by row, with bins (e_j, e_j+1], the first closed (R's cut(include.lowest = TRUE))
    edges = np.linspace(0, 1, bins + 1)
    k = np.clip(np.ceil(p * bins).astype(int) - 1, 0, bins - 1)
    k = np.where(p > edges[k + 1], k + 1, np.where((k > 0) & (p <= edges[k]), k - 1, k))  # ulp of edges
    n = w.sum()
    obar = (w * y).sum() / n
    rel = res = wbv = wbc = 0.0
    for j in np.unique(k):
        m = k == j
        nj, fj, oj = w[m].sum(), (w[m] * p[m]).sum() / w[m].sum(), (w[m] * y[m]).sum() / w[m].sum()
        rel += nj * (fj - oj) ** 2
        res += nj * (oj - obar) ** 2
        wbv += (w[m] * (p[m] - fj) ** 2).sum()
        wbc += 2 * (w[m] * (y[m] - oj) * (p[m] - fj)).sum()
    for key, value in (("reliability", rel), ("resolution", res), ("within_bin_variance", wbv),
                       ("within_bin_covariance", wbc)):
        assert parts[key] == pytest.approx(value / n, rel=1e-9, abs=1e-13), key
    identity = (parts["reliability"] - parts["resolution"] + parts["uncertainty"] + parts["within_bin_variance"]
                - parts["within_bin_covariance"])
    assert abs(identity - cal.brier(*t)) <= 1e-12


def test_murphy_edges_array_and_errors():
    t = table([0.1, 0.3, 0.3, 0.8], [0, 1, 0, 1])
    by_edges = cal.murphy(*t, bins=[0.0, 0.5, 1.0])
    by_count = cal.murphy(*t, bins=2)
    assert all(by_edges[k] == by_count[k] for k in by_count)
    with pytest.raises(ValueError, match="bins"):
        cal.murphy(*t, bins=[0.2, 0.5, 1.0])
    with pytest.raises(ValueError, match="bins"):
        cal.murphy(*t, bins=0)


# --- Cox's calibration slope and intercept -------------------------------------------------------------------------


def _statsmodels_cox(s, a, b, rows=True):
    import statsmodels.api as sm

    x = np.log(s / (1 - s))
    if rows:  # the expanded rows
        xr = np.r_[np.repeat(x, a.astype(int)), np.repeat(x, b.astype(int))]
        yr = np.r_[np.ones(int(a.sum())), np.zeros(int(b.sum()))]
        slope = sm.GLM(yr, sm.add_constant(xr), family=sm.families.Binomial()).fit(tol=1e-13)
        large = sm.GLM(yr, np.ones((yr.size, 1)), family=sm.families.Binomial(), offset=xr).fit(tol=1e-13)
    else:
        keep = np.r_[a, b] > 0
        xr, yr, w = np.r_[x, x][keep], np.r_[np.ones(s.size), np.zeros(s.size)][keep], np.r_[a, b][keep]
        slope = sm.GLM(yr, sm.add_constant(xr), family=sm.families.Binomial(), freq_weights=w).fit(tol=1e-13)
        large = sm.GLM(yr, np.ones((yr.size, 1)), family=sm.families.Binomial(), offset=xr,
                       freq_weights=w).fit(tol=1e-13)
    return slope.params[1], slope.bse[1], large.params[0], large.bse[0]


@pytest.mark.parametrize("seed", range(6))
def test_cox_slope_and_intercept_equal_statsmodels_on_the_rows(seed):
    rng = np.random.default_rng(seed)
    s = np.sort(rng.choice(np.linspace(0.02, 0.98, 49), size=rng.integers(3, 15), replace=False))
    n = rng.integers(1, 12, size=s.size)
    true = 1 / (1 + np.exp(-(0.3 + 0.7 * np.log(s / (1 - s)))))
    a = rng.binomial(n, true).astype(float)
    b = n - a
    assert 0 < a.sum() < n.sum()  # both classes (the seeds are chosen so)
    fit = cal.calibration_intercept_slope(s, a, b)
    got = (fit["slope"], fit["slope_se"], fit["intercept"], fit["intercept_se"])
    np.testing.assert_allclose(got, _statsmodels_cox(s, a, b, rows=True), rtol=1e-7)
    np.testing.assert_allclose(got, _statsmodels_cox(s, a, b, rows=False), rtol=1e-7)


def test_cox_slope_and_intercept_equal_r_glm():
    # R 4.x, stats::glm on the score table with the counts as weights:
    #   p <- c(0.05,0.1,0.3,0.45,0.6,0.9,0.95); a <- c(1,0,3,4,7,9,12); b <- c(10,6,8,5,4,2,1)
    #   x <- qlogis(p); y <- rep(c(1,0), each=7); w <- c(a,b); xx <- c(x,x); k <- w > 0
    #   glm(y[k] ~ xx[k], family=binomial, weights=w[k], control=glm.control(epsilon=1e-14, maxit=100))
    #   glm(y[k] ~ 1, offset=xx[k], family=binomial, weights=w[k], control=glm.control(epsilon=1e-14, maxit=100))
    fit = cal.calibration_intercept_slope([0.05, 0.1, 0.3, 0.45, 0.6, 0.9, 0.95], [1, 0, 3, 4, 7, 9, 12],
                                          [10, 6, 8, 5, 4, 2, 1])
    assert fit["slope"] == pytest.approx(0.885714457111434, rel=1e-9)
    assert fit["slope_se"] == pytest.approx(0.200901344446521, rel=1e-9)
    assert fit["intercept"] == pytest.approx(-0.137313094170035, rel=1e-9)
    assert fit["intercept_se"] == pytest.approx(0.319248738227392, rel=1e-9)
    # the same call on p <- c(0.2,0.5,0.8), a <- c(2,5,6), b <- c(8,5,4)
    fit = cal.calibration_intercept_slope([0.2, 0.5, 0.8], [2, 5, 6], [8, 5, 4])
    assert fit["slope"] == pytest.approx(0.624357248082803, rel=1e-9)
    assert fit["slope_se"] == pytest.approx(0.356970609144450, rel=1e-9)
    assert fit["intercept"] == pytest.approx(-0.352310489544805, rel=1e-9)
    assert fit["intercept_se"] == pytest.approx(0.421431943486541, rel=1e-9)


def test_cox_leaves_out_scores_of_0_and_1_as_rms_val_prob():
    # R 4.2.2, rms 6.5-0 (the table of test_cox_slope_and_intercept_equal_r_glm with objects at 0 and 1 added):
    #   p <- c(0, 0.05, 0.1, 0.3, 0.45, 0.6, 0.9, 0.95, 1); a <- c(0, 1, 0, 3, 4, 7, 9, 12, 3)
    #   b <- c(2, 10, 6, 8, 5, 4, 2, 1, 1); y <- rep(c(1, 0), times = c(sum(a), sum(b)))
    #   pp <- c(rep(p, a), rep(p, b)); val.prob(pp, y, pl = FALSE)["Slope"]   # 0.885714457057539, with the warning
    #   "6 observations deleted from logistic calibration due to probs. of 0 or 1"
    #   x <- qlogis(pp); k <- is.finite(x); glm(y[k] ~ 1, offset = x[k], family = binomial)   # -0.137313094170033
    s = [0, 0.05, 0.1, 0.3, 0.45, 0.6, 0.9, 0.95, 1]
    with pytest.warns(UserWarning, match=r"6 objects at a score of exactly 0 or 1 .* were left out.*1 of them "
                                         r"contradicts the score") as caught:
        fit = cal.calibration_intercept_slope(s, [0, 1, 0, 3, 4, 7, 9, 12, 3], [2, 10, 6, 8, 5, 4, 2, 1, 1])
    assert not any(issubclass(w.category, UndefinedMeasureWarning) for w in caught)
    assert fit["slope"] == pytest.approx(0.885714457057539, rel=1e-9)  # rms's lrm stops at a looser tolerance
    assert fit["slope"] == pytest.approx(0.885714457111434, rel=1e-12)  # glm's, as without those objects
    assert fit["slope_se"] == pytest.approx(0.200901344446521, rel=1e-9)
    assert fit["intercept"] == pytest.approx(-0.137313094170033, rel=1e-9)
    assert fit["intercept_se"] == pytest.approx(0.319248738227392, rel=1e-9)


def test_cox_stack_and_undefined_tables():
    s = np.array([0.0, 0.2, 0.5, 0.8])
    pos = np.array([[0.0, 2, 5, 6], [1, 2, 5, 6], [0, 0, 0, 6], [0, 0, 5, 0], [2, 0, 0, 0]])
    neg = np.array([[0.0, 8, 5, 4], [0, 8, 5, 4], [0, 8, 5, 4], [0, 0, 5, 0], [0, 8, 5, 4]])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        fit = cal.calibration_intercept_slope(s, pos, neg)
    said = {(w.category, str(w.message).split(":")[0]) for w in caught}
    assert (UndefinedMeasureWarning, "the calibration intercept and slope are undefined and set to NaN") in said
    assert any(issubclass(w.category, UserWarning) and "left out of Cox's calibration" in str(w.message)
               and "besides those at a score of 0 or 1" not in str(w.message) for w in caught)
    assert any("no positive or no negative object (besides those at a score of 0 or 1)" in str(w.message)
               for w in caught)
    single = cal.calibration_intercept_slope(s[1:], pos[0, 1:], neg[0, 1:])
    assert fit["slope"][0] == pytest.approx(float(single["slope"]), rel=1e-12)
    assert fit["intercept_se"][0] == pytest.approx(float(single["intercept_se"]), rel=1e-12)
    # a positive object at p = 0 is left out: the fit of the others
    assert fit["slope"][1] == pytest.approx(float(single["slope"]), rel=1e-12)
    assert fit["intercept"][1] == pytest.approx(float(single["intercept"]), rel=1e-12)
    assert np.isnan(fit["slope"][4]) and np.isnan(fit["intercept"][4])  # every positive at p = 0
    # separation (positives only at the highest score): the estimates diverge
    assert np.isnan(fit["slope"][2])
    # a single score with objects: calibration-in-the-large exists, the slope does not
    assert np.isnan(fit["slope"][3]) and fit["intercept"][3] == pytest.approx(0.0, abs=1e-12)


# --- stacks broadcast ------------------------------------------------------------------------------------------------


def test_every_function_evaluates_a_stack_as_each_table():
    rng = np.random.default_rng(7)
    s = np.sort(rng.choice(np.linspace(0.01, 0.99, 99), size=12, replace=False))
    stack = rng.integers(0, 6, size=(2, 3, 24)).astype(float)
    pos, neg = stack[..., :12], stack[..., 12:]
    index = cal.calibration_bins(s, pos[0, 0], neg[0, 0], bins=3, strategy="quantile")
    functions = {"brier": cal.brier, "log_loss": cal.log_loss,
                 "ece": lambda *t: cal.calibration_error(*t, bins=5),
                 "max": lambda *t: cal.calibration_error(*t, norm="max", bin_index=index),
                 "debiased": lambda *t: cal.calibration_error(*t, norm="l2", debiased=True),
                 **{key: (lambda *t, key=key: cal.murphy(*t, bins=4)[key])
                    for key in ("reliability", "resolution", "within_bin_covariance")}}
    for name, f in functions.items():
        got = f(s, pos, neg)
        assert got.shape == (2, 3), name
        for i in range(2):
            for j in range(3):
                assert got[i, j] == pytest.approx(float(f(s, pos[i, j], neg[i, j])), rel=1e-13), name
    # a leading dimension broadcasts against a single table
    assert cal.brier(s, pos[0], neg[0, 0]).shape == (3,)


def test_a_table_without_objects_is_undefined():
    s = np.array([0.2, 0.7])
    pos, neg = np.array([[1.0, 3], [0, 0]]), np.array([[4.0, 2], [0, 0]])
    for f in (cal.brier, cal.log_loss, cal.calibration_error, lambda *t: cal.calibration_error(*t, norm="max"),
              lambda *t: cal.calibration_error(*t, norm="l2", debiased=True),
              lambda *t: cal.murphy(*t)["reliability"], lambda *t: cal.murphy(*t, bins=3)["resolution"]):
        with pytest.warns(UndefinedMeasureWarning):
            got = f(s, pos, neg)
        assert np.isfinite(got[0]) and np.isnan(got[1])


@pytest.mark.parametrize("call, match", [
    (lambda: cal.brier([0.5, 0.2], [1, 1], [1, 1]), "ascending"),
    (lambda: cal.brier([0.5, 1.2], [1, 1], [1, 1]), r"\[0, 1\]"),
    (lambda: cal.brier([0.2, 0.5], [1, 1, 1], [1, 1]), "positives"),
    (lambda: cal.brier([0.2, 0.5], [1, 1], [1, -1]), "negatives"),
    (lambda: cal.calibration_error([0.2, 0.5], [1, 1], [1, 1], norm="l3"), "norm"),
    (lambda: cal.calibration_error([0.2, 0.5], [1, 1], [1, 1], strategy="kmeans"), "strategy"),
    (lambda: cal.calibration_error([0.2, 0.5], [1, 1], [1, 1], debiased=True), "debiased"),
    (lambda: cal.calibration_error([0.2, 0.5], [1, 1], [1, 1], bins=0), "bins"),
    (lambda: cal.calibration_error([0.2, 0.5], [1, 1], [1, 1], bin_index=[0]), "bin_index"),
])
def test_bad_input_names_the_argument(call, match):
    with pytest.raises(ValueError, match=match):
        call()


# --- gradients against central finite differences ------------------------------------------------------------------


@st.composite
def count_tables(draw):
    size = draw(st.integers(2, 10))
    s = np.sort(np.array(draw(st.lists(st.floats(0.01, 0.99), min_size=size, max_size=size, unique=True))))
    assume(np.all(np.diff(s) > 1e-6))
    a = np.array(draw(st.lists(st.floats(0.5, 20), min_size=size, max_size=size)))
    b = np.array(draw(st.lists(st.floats(0.5, 20), min_size=size, max_size=size)))
    return s, a, b


def finite_differences(f, s, a, b, h=1e-6):
    d_pos, d_neg = np.zeros(s.size), np.zeros(s.size)
    for i in range(s.size):
        e = np.zeros(s.size)
        e[i] = h
        d_pos[i] = (f(s, a + e, b) - f(s, a - e, b)) / (2 * h)
        d_neg[i] = (f(s, a, b + e) - f(s, a, b - e)) / (2 * h)
    return d_pos, d_neg


def _check(partials, f, s, a, b):
    expected = finite_differences(f, s, a, b)
    for got, want in zip(partials, expected, strict=True):
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-8)


@settings(max_examples=60, deadline=None)
@given(count_tables())
def test_brier_and_log_loss_partials(t):
    _check(cal.brier_partials(*t), lambda *u: float(cal.brier(*u)), *t)
    _check(cal.log_loss_partials(*t), lambda *u: float(cal.log_loss(*u)), *t)


@settings(max_examples=60, deadline=None)
@given(count_tables())
def test_murphy_partials(t):
    partials = cal.murphy_partials(*t)
    for key in ("reliability", "resolution", "uncertainty"):
        _check(partials[key], lambda *u, key=key: float(cal.murphy(*u)[key]), *t)


@settings(max_examples=80, deadline=None)
@given(count_tables(), st.integers(1, 6), st.sampled_from(["l1", "l2", "max"]))
def test_calibration_error_partials_with_fixed_bins(t, bins, norm):
    s, a, b = t
    index = cal.calibration_bins(s, a, b, bins=bins)
    count = np.bincount(index, weights=a + b)
    gap = np.bincount(index, weights=a - s * (a + b)) / np.where(count > 0, count, 1)
    used = count > 0
    assume(np.all(np.abs(gap[used]) > 1e-3))  # away from the kinks
    if norm == "max":
        top = np.sort(np.abs(gap[used]))
        assume(top.size == 1 or top[-1] - top[-2] > 1e-3)

    def f(*u):
        return float(cal.calibration_error(*u, norm=norm, bin_index=index))

    _check(cal.calibration_error_partials(s, a, b, norm=norm, bin_index=index), f, s, a, b)


def test_calibration_error_partials_at_a_kink_are_the_one_sided_slopes():
    # bin [0, 0.5): a = 1, b = 3 at 0.25 → gap 0.25 − 0.25 = 0; bin [0.5, 1): gap ≠ 0
    s, a, b = np.array([0.25, 0.75]), np.array([1.0, 1.0]), np.array([3.0, 3.0])
    index = cal.calibration_bins(s, a, b, bins=2)
    h = 1e-7
    for norm in ("l1", "max"):
        d_pos, d_neg = cal.calibration_error_partials(s, a, b, norm=norm, bin_index=index)
        f = lambda *u, norm=norm: float(cal.calibration_error(*u, norm=norm, bin_index=index))  # noqa: E731
        forward_pos = (f(s, a + np.array([h, 0.0]), b) - f(s, a, b)) / h
        forward_neg = (f(s, a, b + np.array([h, 0.0])) - f(s, a, b)) / h
        assert d_pos[0] == pytest.approx(forward_pos, rel=1e-5, abs=1e-9), norm
        assert d_neg[0] == pytest.approx(forward_neg, rel=1e-5, abs=1e-9), norm
    with pytest.warns(UndefinedMeasureWarning, match="square root"):
        d_pos, _ = cal.calibration_error_partials([0.25], [1.0], [3.0], bins=2, norm="l2")
    assert np.isnan(d_pos).all()


def _debiased_rms_partials(s, a, b, index, bins):
    """The partials of the debiased RMS calibration error (Kumar, Liang & Ma 2019; torchmetrics' ``debias=True``)
    with respect to a positive and a negative object at each score, by hand: D² = (Σ_j A_j + Σ_j B_j) / N with
    A_j = (o_j − f_j)² / n_j and, over the bins of at least two objects, B_j = (o_j² − o_j n_j) / (n_j (n_j − 1))
    (n_j objects, o_j positives, f_j the sum of their scores); an object at score x in bin j adds (1, 1, x) or
    (1, 0, x) to (n_j, o_j, f_j) and 1 to N."""
    n = np.bincount(index, weights=a + b, minlength=bins)
    o = np.bincount(index, weights=a, minlength=bins)
    f = np.bincount(index, weights=s * (a + b), minlength=bins)
    total = n.sum()
    safe = np.where(n > 0, n, 1.0)
    many = n >= 2
    square = (np.where(n > 0, (o - f) ** 2 / safe, 0.0).sum()
              + np.where(many, (o * o - o * n) / np.where(many, n * (n - 1), 1.0), 0.0).sum()) / total
    d_a_n, d_a_o, d_a_f = -((o - f) / safe) ** 2, 2 * (o - f) / safe, -2 * (o - f) / safe
    m = np.where(many, n * n - n, 1.0)
    d_b_o = np.where(many, (2 * o - n) / m, 0.0)
    d_b_n = np.where(many, (-o * m - (o * o - o * n) * (2 * n - 1)) / m**2, 0.0)
    j = np.asarray(index)
    common = (d_a_n + d_b_n)[j] + s * d_a_f[j]
    d_pos = (common + (d_a_o + d_b_o)[j] - square) / total
    d_neg = (common - square) / total
    return d_pos / (2 * np.sqrt(square)), d_neg / (2 * np.sqrt(square))


def test_debiased_rms_partials_hold_a_bin_of_one_object_at_zero_correction():
    # the bin [0.6, 0.8) holds one object: its correction is 0 by definition; a central difference across a count
    # of 1 took the jump to n / (n − 1) for a slope (an SE of 14,782 for a debiased RMSCE of 0.03)
    s = np.array([0.05, 0.15, 0.35, 0.45, 0.7, 0.85, 0.95])
    a, b = np.array([3.0, 4, 5, 3, 1, 2, 3]), np.array([3.0, 4, 1, 2, 0, 5, 6])  # poorly calibrated
    bins = 5
    index = cal.calibration_bins(s, a, b, bins=bins)
    assert np.bincount(index, weights=a + b, minlength=bins).tolist()[3] == 1.0
    d_pos, d_neg = cal.binned_partials(s, a, b, index, bins, names=("RMSCE_DEBIASED",))["RMSCE_DEBIASED"]
    want_pos, want_neg = _debiased_rms_partials(s, a, b, index, bins)
    np.testing.assert_allclose(d_pos, want_pos, rtol=1e-6, atol=1e-9)
    np.testing.assert_allclose(d_neg, want_neg, rtol=1e-6, atol=1e-9)
    assert float(cal.calibration_error(s, a, b, norm="l2", debiased=True, bin_index=index)) > 0.2
    assert np.abs(d_pos).max() < 1 and np.abs(d_neg).max() < 1


def test_partials_broadcast_over_a_stack():
    rng = np.random.default_rng(11)
    s = np.array([0.1, 0.3, 0.6, 0.9])
    pos, neg = rng.uniform(1, 5, size=(3, 4)), rng.uniform(1, 5, size=(3, 4))
    for f in (cal.brier_partials, cal.log_loss_partials, lambda *t: cal.murphy_partials(*t)["resolution"],
              lambda *t: cal.calibration_error_partials(*t, bins=3, norm="l2")):
        d_pos, d_neg = f(s, pos, neg)
        assert d_pos.shape == d_neg.shape == (3, 4)
        for k in range(3):
            one = f(s, pos[k], neg[k])
            np.testing.assert_allclose(d_pos[k], one[0], rtol=1e-13)
            np.testing.assert_allclose(d_neg[k], one[1], rtol=1e-13)


def test_log_loss_partials_of_an_infinite_loss_are_undefined():
    with pytest.warns(UndefinedMeasureWarning, match="infinite"):
        d_pos, d_neg = cal.log_loss_partials([0.0, 0.5], [1.0, 1.0], [1.0, 1.0])
    assert np.isnan(d_pos).all() and np.isnan(d_neg).all()


def test_no_warning_for_a_defined_table():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        cal.calibration_intercept_slope([0.2, 0.5, 0.8], [2, 5, 6], [8, 5, 4])
        cal.murphy([0.2, 0.5, 0.8], [2, 5, 6], [8, 5, 4], bins=2)
        cal.calibration_error([0.0, 0.5, 1.0], [0, 5, 6], [8, 5, 0], norm="l2", debiased=True)


def test_bins_of_an_assignment_out_of_score_order():
    # bin_index need not follow the scores' order: the bin sums of a stack are those of each table
    s = np.array([0.1, 0.3, 0.5, 0.7, 0.9])
    pos = np.array([[1.0, 2, 0, 4, 5], [2, 0, 3, 1, 1]])
    neg = np.array([[3.0, 1, 2, 0, 1], [1, 1, 1, 4, 0]])
    index = np.array([1, 0, 1, 2, 0])
    got = cal.calibration_error(s, pos, neg, norm="l2", bin_index=index)
    for k in range(2):
        n = pos[k] + neg[k]
        d = np.array([np.sum((pos[k] - s * n)[index == j]) for j in range(3)])
        m = np.array([np.sum(n[index == j]) for j in range(3)])
        assert got[k] == pytest.approx(np.sqrt(np.sum(d**2 / m) / n.sum()), rel=1e-13)


def test_murphy_partials_at_a_score_without_objects_are_one_sided():
    s, a, b = np.array([0.2, 0.5, 0.8]), np.array([2.0, 0.0, 6.0]), np.array([8.0, 0.0, 4.0])
    partials = cal.murphy_partials(s, a, b)
    h = 1e-7
    for key in ("reliability", "resolution", "uncertainty"):
        value = float(cal.murphy(s, a, b)[key])
        forward_pos = (float(cal.murphy(s, a + np.array([0, h, 0]), b)[key]) - value) / h
        forward_neg = (float(cal.murphy(s, a, b + np.array([0, h, 0]))[key]) - value) / h
        assert partials[key][0][1] == pytest.approx(forward_pos, rel=1e-5, abs=1e-9), key
        assert partials[key][1][1] == pytest.approx(forward_neg, rel=1e-5, abs=1e-9), key
