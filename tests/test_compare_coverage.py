"""Coverage of the paired intervals for differences in OSR and KAPPA, by simulation (slow; CI runs it)."""

import warnings

import numpy as np
import pandas as pd
import pytest

import pandas_agree as pa

pytestmark = pytest.mark.slow


def test_paired_interval_coverage():
    # Truth: 3 classes; prediction A right with probability 0.8, B with 0.7, their errors independent.
    rng = np.random.default_rng(2024)
    k, n, sims = 3, 500, 1000
    shares = np.array([0.5, 0.3, 0.2])

    def joint_probabilities():
        p = np.zeros((k, k, k))
        for t in range(k):
            a = np.full(k, 0.2 / (k - 1))
            a[t] = 0.8
            b = np.full(k, 0.3 / (k - 1))
            b[t] = 0.7
            p[t] = shares[t] * np.outer(a, b)
        return p

    p = joint_probabilities()
    truth = {}
    for name, axes in (("a", (2,)), ("b", (1,))):
        table = pd.DataFrame(p.sum(axis=axes))
        m = pa.Agreement.from_table(table).multiclass(["OSR", "KAPPA"])["value"]
        truth[name] = m
    true_diff = truth["a"] - truth["b"]
    hits = {"OSR": 0, "KAPPA": 0}
    cells = np.array([(t, a, b) for t in range(k) for a in range(k) for b in range(k)])
    for _ in range(sims):
        counts = rng.multinomial(n, p.ravel())
        rows = np.repeat(cells, counts, axis=0)
        df = pd.DataFrame(rows, columns=["truth", "a", "b"])
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            d = df.agree.compare("truth", ["a", "b"]).differences(["OSR", "KAPPA"], ci="auto", n_resamples=1000,
                                                                    random_state=rng)
        for m in hits:  # the first row's cells read by position (d.iloc[0] would make a Series each time)
            lower, upper = (d.iat[0, d.columns.get_loc((m, end))] for end in ("lower", "upper"))
            hits[m] += lower <= true_diff[m] <= upper
    coverage = {m: h / sims for m, h in hits.items()}
    print(f"\npaired interval coverage at N = {n}: {coverage}")
    assert 0.93 <= coverage["OSR"] <= 0.97 and 0.93 <= coverage["KAPPA"] <= 0.97, coverage
