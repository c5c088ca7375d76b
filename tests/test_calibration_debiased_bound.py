"""The debiased RMS calibration error where its debiased squared error falls below 0: the value is clipped to 0
(as torchmetrics' ``debias=True`` and Kumar, Liang & Ma's ``unbiased_l2_ce`` clip it), and the linearised method
took the slopes of the clipped value, all 0, which gave the SE 0 and the interval [0, 0]. The SE is now NaN with a
warning and the interval [0, √(T̂ + z·SE(T̂))], the Wald interval of the unclipped squared error mapped back; the
interval of a positive error is that square root too, √max(T̂ ∓ z·SE(T̂), 0), which holds 0 where T̂ is within
z SEs of 0 (the logit scale of the error never held 0)."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pandas as pd
import pytest

import pandas_agree  # noqa: F401  (the .agree accessor)
from pandas_agree import UndefinedMeasureWarning
from pandas_agree.measures.calibration import calibration_error, debiased_squared_error

# R's infert data and the probabilities of glm(case ~ spontaneous + induced, family = binomial, data = infert),
# by (spontaneous, induced): the fitted probability (sprintf("%.17g", predict(m, newdata, type = "response")))
# and the numbers of cases and of controls.
INFERT = [
    (0, 0, 0.15344148038841418, 7, 60),
    (1, 0, 0.3750399823444876, 22, 25),
    (2, 0, 0.66519901796922598, 18, 11),
    (0, 1, 0.21589840013948264, 12, 33),
    (1, 1, 0.4768850779523815, 5, 11),
    (2, 1, 0.75113585597737575, 6, 1),
    (0, 2, 0.29492121795343956, 9, 20),
    (1, 2, 0.58068931958407999, 4, 4),
]
# R 4.2.2, on the 248 rows with p <- fitted(m), y <- infert$case:
#   b <- findInterval(p, (0:15)/15); N <- length(p); T <- 0
#   for (j in unique(b)) { k <- b == j; n <- sum(k); o <- mean(y[k]); f <- mean(p[k])
#     T <- T + n/N*(o - f)^2 + if (n > 1) n/N*o*(o - 1)/(n - 1) else 0 }
#   sprintf("%.17g", T)  # "-0.0014583062156224859"
#   the plain RMS error, sqrt(sum over bins of n/N*(o - f)^2): 0.072706023231801517
INFERT_DEBIASED_SQUARE = -0.0014583062156224859
INFERT_RMSCE = 0.072706023231801517
Z = 1.959963984540054  # qnorm(0.975)


def _infert() -> pd.DataFrame:
    rows = [(1, p) for _, _, p, cases, _ in INFERT for _ in range(cases)]
    rows += [(0, p) for _, _, p, _, controls in INFERT for _ in range(controls)]
    return pd.DataFrame(rows, columns=["case", "p"])


def _table():
    scores = np.array([r[2] for r in INFERT])
    order = np.argsort(scores)
    return scores[order], np.array([r[3] for r in INFERT])[order], np.array([r[4] for r in INFERT])[order]


def _debiased_square_by_rows(y: np.ndarray, p: np.ndarray, bins: int = 15) -> float:
    """Kumar, Liang & Ma's debiased squared error from the rows, torchmetrics' equal-width bins (e_j ≤ p < e_j+1)."""
    n_total = len(y)
    out = 0.0
    for j in set(np.floor(p * bins).astype(int).tolist()):
        k = np.floor(p * bins).astype(int) == j
        n, o, f = int(k.sum()), float(y[k].mean()), float(p[k].mean())
        out += n / n_total * (o - f) ** 2 + (n / n_total * o * (o - 1) / (n - 1) if n > 1 else 0.0)
    return out


def _delta_se(bins: int = 15) -> float:
    """The multinomial delta-method SE of the debiased squared error over the cells (score, label), from central
    differences of the row-wise formula on the counts: Var = Σ n_c g_c² − (Σ n_c g_c)² / N."""
    s, a, b = _table()
    counts = np.concatenate([a, b]).astype(float)

    def value(c):
        pos, neg = c[:len(s)], c[len(s):]
        n, total = pos + neg, c.sum()
        out = 0.0
        for j in set(np.floor(s * bins).astype(int).tolist()):
            k = np.floor(s * bins).astype(int) == j
            nj = n[k].sum()
            o, f = pos[k].sum() / nj, (s[k] * n[k]).sum() / nj
            out += nj / total * (o - f) ** 2 + nj / total * o * (o - 1) / (nj - 1)
        return out

    g = np.empty_like(counts)
    for c in range(len(counts)):
        h = 1e-5 * counts[c]
        up, down = counts.copy(), counts.copy()
        up[c] += h
        down[c] -= h
        g[c] = (value(up) - value(down)) / (2 * h)
    variance = (counts * g**2).sum() - (counts * g).sum() ** 2 / counts.sum()
    return math.sqrt(variance)


def test_debiased_squared_error_of_infert_is_r_s_and_the_rows():
    df = _infert()
    assert len(df) == 248 and df["case"].sum() == 83
    assert float(debiased_squared_error(*_table())) == pytest.approx(INFERT_DEBIASED_SQUARE, rel=1e-12, abs=0)
    by_rows = _debiased_square_by_rows(df["case"].to_numpy(), df["p"].to_numpy())
    assert by_rows == pytest.approx(INFERT_DEBIASED_SQUARE, rel=1e-12, abs=0)
    # the value reported is clipped: sqrt(max(T, 0)), as torchmetrics' debias=True gives it
    assert float(calibration_error(*_table(), norm="l2", debiased=True)) == 0.0
    assert float(calibration_error(*_table(), norm="l2")) == pytest.approx(INFERT_RMSCE, rel=1e-12)


def test_debiased_squared_error_is_the_clipped_error_squared_where_positive():
    rng = np.random.default_rng(3)
    for _ in range(20):
        s = np.sort(rng.uniform(0, 1, 30))
        n = rng.integers(1, 6, 30)
        a = rng.binomial(n, np.clip(s + rng.normal(0, 0.2), 0, 1))
        square = float(debiased_squared_error(s, a, n - a, bins=5))
        error = float(calibration_error(s, a, n - a, bins=5, norm="l2", debiased=True))
        assert error == pytest.approx(math.sqrt(max(square, 0.0)), rel=1e-12, abs=1e-15)


@pytest.mark.parametrize("ci", ["auto", "linearized"])
def test_clipped_debiased_error_has_no_se_and_an_interval_of_the_squared_error(ci):
    sc = _infert().agree.scores("case", "p")
    with pytest.warns(UndefinedMeasureWarning) as caught:
        cal = sc.calibration(ci=ci)
    row = cal.loc["RMSCE_DEBIASED"]
    assert row["value"] == 0.0
    assert np.isnan(row["se"])  # was 0
    assert row["lower"] == 0.0
    # was 0; the upper end of the squared error's Wald interval, its SE by the delta method on the cells
    se = _delta_se()
    assert se == pytest.approx(0.0043828, abs=5e-7)
    assert row["upper"] == pytest.approx(math.sqrt(INFERT_DEBIASED_SQUARE + Z * se), rel=1e-6)
    assert row["upper"] == pytest.approx(0.08445, abs=1e-5)
    assert row["method"] == ("linearised (identity scale) of the debiased squared error; interval: the square root of "
                             "its interval cut at 0 (−0.00146 ≤ 0: value set to 0, SE undefined); 15 equal-width bins")
    texts = [str(w.message) for w in caught if issubclass(w.category, UndefinedMeasureWarning)]
    assert texts == [
        "the debiased estimate of the squared RMS calibration error is −0.00146, not above 0 (the bins' gaps lie "
        "within their sampling noise), and the debiased RMS calibration error is set to 0; its SE there is "
        "undefined (the square root has no finite slope at 0) and set to NaN, and its interval [0, 0.0845] is "
        "the square root of the squared error's interval (linearised (identity scale)), cut at 0: an error of 0 is "
        "consistent with the data, not known exactly"]
    # the other errors keep their intervals
    assert cal.loc["RMSCE", "value"] == pytest.approx(INFERT_RMSCE, rel=1e-12)
    assert cal.loc["RMSCE", "se"] > 0


def test_clipped_debiased_error_under_the_bootstrap_keeps_its_interval_and_names_the_clip():
    sc = _infert().agree.scores("case", "p")
    with warnings.catch_warnings():
        warnings.simplefilter("error", UndefinedMeasureWarning)  # the bootstrap's SE is defined: no warning
        cal = sc.calibration(ci="bootstrap", n_resamples=500, random_state=1)
    row = cal.loc["RMSCE_DEBIASED"]
    assert row["value"] == 0.0 and row["se"] > 0 and row["lower"] == 0.0 and row["upper"] > 0.05
    assert "debiased squared error −0.00146 ≤ 0, set to 0" in row["method"]


def test_clipped_debiased_error_under_a_sample_design():
    df = _infert()
    df["psu"] = np.random.default_rng(0).permutation(len(df)) % 40
    sc = df.agree.scores("case", "p", cluster="psu")
    with pytest.warns(UndefinedMeasureWarning, match="debiased estimate of the squared RMS calibration error"):
        cal = sc.calibration()
    row = cal.loc["RMSCE_DEBIASED"]
    assert row["value"] == 0.0 and np.isnan(row["se"]) and row["lower"] == 0.0 and row["upper"] > 0


def test_positive_debiased_error_takes_the_square_root_of_the_squared_error_s_interval():
    rng = np.random.default_rng(0)
    p = rng.uniform(0, 1, 400)
    df = pd.DataFrame({"y": (rng.random(400) < p**2).astype(int), "p": p})  # miscalibrated
    with warnings.catch_warnings():
        warnings.simplefilter("error", UndefinedMeasureWarning)
        row = df.agree.scores("y", "p").calibration().loc["RMSCE_DEBIASED"]
    # the delta method's SE of the error, as before: SE(T) / (2 sqrt T); the interval sqrt(T -/+ z SE(T))
    assert row["value"] == pytest.approx(0.173901, abs=1e-6) and row["se"] == pytest.approx(0.022025, abs=1e-6)
    square, se_square = row["value"] ** 2, 2 * row["value"] * row["se"]
    assert row["lower"] == pytest.approx(math.sqrt(square - Z * se_square), rel=1e-9)
    assert row["upper"] == pytest.approx(math.sqrt(square + Z * se_square), rel=1e-9)
    assert row["method"] == ("linearised (identity scale) of the debiased squared error; interval: the square root of "
                             "its interval cut at 0; 15 equal-width bins")


def _coverage(truth: np.ndarray, p: np.ndarray, reps: int, seed: int) -> float:
    """The share of ``reps`` samples of labels drawn with probabilities ``truth`` at the scores ``p`` whose
    linearised interval of the debiased RMS error holds the binned error of the truth."""
    levels = np.unique(p)
    shares = np.array([truth[p == v].mean() for v in levels])
    weights = np.array([(p == v).sum() for v in levels]) / len(p)
    true = math.sqrt(float((weights * (shares - levels) ** 2).sum()))  # one score per bin
    rng = np.random.default_rng(seed)
    held = 0
    for _ in range(reps):
        y = (rng.random(len(p)) < truth).astype(int)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UndefinedMeasureWarning)
            row = pd.DataFrame({"y": y, "p": p}).agree.scores("y", "p").calibration(ci="linearized")
        held += row.loc["RMSCE_DEBIASED", "lower"] <= true <= row.loc["RMSCE_DEBIASED", "upper"]
    return held / reps


def test_interval_of_a_calibrated_score_holds_an_error_of_0():
    # infert's 8 scores, calibrated: the debiased error is clipped in about half the samples; the logit-scale
    # interval of a positive estimate never held 0 (coverage 0.58 of 300 samples), [0, 0] of a clipped one did
    p = _infert()["p"].to_numpy()
    assert _coverage(p, p, 60, 1) >= 0.9


@pytest.mark.slow
def test_interval_of_the_debiased_error_covers():
    p = _infert()["p"].to_numpy()
    steeper = 1 / (1 + np.exp(-1.5 * np.log(p / (1 - p))))  # scores too flat: a slope of 1.5 on the logit scale
    assert _coverage(p, p, 300, 0) >= 0.95
    assert 0.92 <= _coverage(steeper, p, 400, 0) <= 0.98


def test_report_shows_the_interval_and_the_note():
    text = str(_infert().agree.scores("case", "p").report())
    line = next(x for x in text.splitlines() if x.startswith("RMS calibration error, debiased"))
    assert line.split()[-2:] == ["0.084]", "g"] and "[0.000, 0.084]" in line
    assert "- Calibration: The debiased estimate of the squared RMS calibration error is −0.00146" in text
