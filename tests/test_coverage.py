"""Coverage of nominal 95% intervals by simulation (slow; CI runs it).

For true tables with K = 2, 3, 5 classes and N = 50, 200, 1000 objects, tables are drawn from the multinomial
and the share of intervals that cover the true value is counted. Fixed seeds make the run reproducible.
"""

import warnings

import numpy as np
import pandas as pd
import pytest

import pandas_agree as pa

pytestmark = pytest.mark.slow

SHARES = {2: [0.6, 0.4], 3: [0.45, 0.35, 0.2], 5: [0.3, 0.25, 0.2, 0.15, 0.1]}


def true_table(k: int) -> np.ndarray:
    """Reference shares as above; each class predicted correctly with probability 0.75, else uniformly."""
    s = np.array(SHARES[k])
    hit = np.full((k, k), 0.25 / (k - 1))
    np.fill_diagonal(hit, 0.75)
    return s[:, None] * hit


def truth(p: np.ndarray) -> dict:
    ag = pa.Agreement.from_table(pd.DataFrame(p))
    b = ag.binary(["REC", "F1", "CORR"])
    return {"REC": b["REC"].to_numpy(), "F1": b["F1"].to_numpy(), "CORR": b["CORR"].to_numpy(),
            "F1avg": ag.averages(["F1"], average="unweighted").iloc[0, 0],
            "OSR": ag.multiclass(["OSR"]).iloc[0, 0], "KAPPA": ag.multiclass(["KAPPA"]).iloc[0, 0]}


def covered(lower, upper, true) -> np.ndarray:
    return (np.asarray(lower) <= true) & (true <= np.asarray(upper))


CASES = [(k, n) for k in (2, 3, 5) for n in (50, 200, 1000)]


def simulate(k: int, n: int, sims: int, bootstrap: bool) -> dict:
    p = true_table(k)
    target = truth(p)
    rng = np.random.default_rng(1000 * k + n)
    hits: dict[str, list] = {key: [] for key in target}
    for _ in range(sims):
        table = rng.multinomial(n, p.ravel()).reshape(k, k).astype(float)
        ag = pa.Agreement.from_table(pd.DataFrame(table))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            m = ag.multiclass(["OSR", "KAPPA"], ci="auto")
            codes = ["REC", "F1", "CORR"] if bootstrap else ["REC"]
            b = ag.binary(codes, ci="auto", n_resamples=1000, random_state=rng)
            if bootstrap:
                av = ag.averages(["F1"], average="unweighted", ci="auto", n_resamples=1000, random_state=rng)
        for code in ("OSR", "KAPPA"):
            hits[code].append(covered(m.loc[code, "lower"], m.loc[code, "upper"], target[code]))
        for code in codes:
            hits[code].append(covered(b[(code, "lower")], b[(code, "upper")], target[code]))
        if bootstrap:
            hits["F1avg"].append(covered(av[("unweighted", "lower")].iloc[0], av[("unweighted", "upper")].iloc[0],
                                         target["F1avg"]))
    return {key: float(np.mean(np.concatenate([np.atleast_1d(h) for h in v]))) for key, v in hits.items() if v}


@pytest.mark.parametrize("k, n", CASES)
def test_analytic_coverage(k, n):
    cover = simulate(k, n, sims=2000, bootstrap=False)
    print(f"\nK={k} N={n} analytic coverage: " + ", ".join(f"{c} {v:.3f}" for c, v in cover.items()))
    assert 0.93 <= cover["REC"] <= 0.97, cover
    assert 0.93 <= cover["OSR"] <= 0.97, cover
    if n >= 200:
        assert 0.93 <= cover["KAPPA"] <= 0.97, cover


@pytest.mark.parametrize("k, n", [c for c in CASES if c[1] >= 200])
def test_bootstrap_coverage(k, n):
    cover = simulate(k, n, sims=1000, bootstrap=True)
    print(f"\nK={k} N={n} bootstrap coverage: " + ", ".join(f"{c} {v:.3f}" for c, v in cover.items()))
    for code in ("F1", "CORR", "F1avg"):
        assert 0.92 <= cover[code] <= 0.97, (code, cover)
