"""The planned numbers of subjects reach the power asked for: studies of that size simulated (seeded), analysed as
the plan assumes, reject the null hypothesis in the planned share of them (within ±0.03 over 2,000 studies;
the Monte Carlo SE is 0.009 at a power of 0.8)."""

import numpy as np
import pytest

from pandas_agree import plan

pytestmark = pytest.mark.slow
STUDIES = 2000
Z95, Z975 = 1.6448536269514722, 1.959963984540054


def _kappa_table(rate1: float, rate2: float, kappa: float) -> np.ndarray:
    """The 2×2 cell probabilities (p11, p12, p21, p22) of two raters with these rates and kappa."""
    pe = rate1 * rate2 + (1 - rate1) * (1 - rate2)
    p0 = kappa * (1 - pe) + pe
    p11 = (p0 + rate1 + rate2 - 1) / 2
    return np.array([p11, rate1 - p11, rate2 - p11, p0 - p11])


def _null_variance(r1, r2, kappa0):
    """N·var(kappa) of Fleiss, Cohen and Everitt (1969) at the table with margins r1, r2 and kappa kappa0:
    [Σ p_ii (1 − pe − (p_i. + p_.i)(1 − p0))² + (1 − p0)² Σ_{i≠j} p_ij (p_.i + p_j.)² − (p0 pe − 2 pe + p0)²]
    / (1 − pe)⁴ (arrays of studies)."""
    pe = r1 * r2 + (1 - r1) * (1 - r2)
    p0 = kappa0 * (1 - pe) + pe
    p11 = (p0 + r1 + r2 - 1) / 2
    p12, p21, p22 = r1 - p11, r2 - p11, p0 - p11
    return ((p11 * (1 - pe - (r1 + r2) * (1 - p0)) ** 2 + p22 * (1 - pe - (2 - r1 - r2) * (1 - p0)) ** 2
             + (1 - p0) ** 2 * (p12 * (r2 + 1 - r1) ** 2 + p21 * (1 - r2 + r1) ** 2)
             - (p0 * pe - 2 * pe + p0) ** 2) / (1 - pe) ** 4)


@pytest.mark.parametrize("alternative", ["greater", "two-sided"])
def test_cantor_n_reaches_its_power(alternative):
    rate1, rate2, kappa1, kappa0 = 0.3, 0.4, 0.6, 0.4
    n = plan.cohen_kappa_n(rate1, rate2, kappa1, kappa0, alternative=alternative)
    rng = np.random.default_rng(20240601)
    counts = rng.multinomial(n, _kappa_table(rate1, rate2, kappa1), size=STUDIES) / n
    r1, r2 = counts[:, 0] + counts[:, 1], counts[:, 0] + counts[:, 2]
    pe = r1 * r2 + (1 - r1) * (1 - r2)
    kappa = (counts[:, 0] + counts[:, 3] - pe) / (1 - pe)
    z = (kappa - kappa0) / np.sqrt(_null_variance(r1, r2, kappa0) / n)
    rejected = z > Z95 if alternative == "greater" else np.abs(z) > Z975
    assert abs(rejected.mean() - 0.8) <= 0.03, (n, rejected.mean())


def test_connor_n_reaches_its_power():
    accuracy1, accuracy2, discordant = 0.6, 0.7, 0.4
    n = plan.paired_accuracy_n(accuracy1, accuracy2, discordant=discordant)
    delta = accuracy1 - accuracy2
    cells = [(discordant + delta) / 2, (discordant - delta) / 2, 1 - discordant]  # only 1 right, only 2 right, rest
    rng = np.random.default_rng(20240602)
    b, c, _ = rng.multinomial(n, cells, size=STUDIES).T
    with np.errstate(invalid="ignore", divide="ignore"):
        z = np.where(b + c > 0, (b - c) / np.sqrt(b + c), 0.0)  # McNemar's statistic, without correction
    rejected = np.abs(z) > Z975
    assert abs(rejected.mean() - 0.8) <= 0.03, (n, rejected.mean())


def test_donner_eliasziw_n_reaches_its_power():
    # two raters, binary ratings: the goodness-of-fit χ² of the counts of 0, 1, 2 positive ratings against their
    # expectations at kappa0 and the estimated proportion (1 degree of freedom)
    kappa1, kappa0, p = 0.5, 0.3, 0.3
    n = plan.raters_kappa_n(kappa1, kappa0, p)
    probs = plan.raters.outcome_probabilities(kappa1, (p, 1 - p), 2)
    rng = np.random.default_rng(20240603)
    observed = rng.multinomial(n, probs, size=STUDIES)
    p_hat = (observed[:, 1] + 2 * observed[:, 2]) / (2 * n)
    expected = n * np.stack([(1 - p_hat) ** 2 + kappa0 * p_hat * (1 - p_hat),
                             2 * (1 - kappa0) * p_hat * (1 - p_hat),
                             p_hat ** 2 + kappa0 * p_hat * (1 - p_hat)], axis=1)
    statistic = np.sum((observed - expected) ** 2 / expected, axis=1)
    rejected = statistic > Z975 ** 2
    assert abs(rejected.mean() - 0.8) <= 0.03, (n, rejected.mean())
