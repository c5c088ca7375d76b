"""Coverage of design-based intervals by simulation (slow; CI runs it).

A cluster sample: 100 clusters of 20 objects, three classes (shares 0.5, 0.3, 0.2); the coder of each cluster is
right with a probability drawn from Beta(3.2, 0.8) (mean 0.8), so that whether two objects of one cluster are coded
right has intra-cluster correlation 1/(3.2 + 0.8 + 1) = 0.2; a wrong code is one of the two other classes at
random. The intervals of OSR, KAPPA and the unweighted F1 average with the design (``cluster=``) are counted
against the population's values, beside those that take the rows as independent (the table in
docs/user_guide/survey.md comes from this run).
"""

import warnings

import numpy as np
import pandas as pd
import pytest

import pandas_agree as pa

from ._tables import in_halves

pytestmark = pytest.mark.slow

SHARES = np.array([0.5, 0.3, 0.2])
ALPHA, BETA = 3.2, 0.8  # mean accuracy 0.8, intra-cluster correlation 0.2
CLUSTERS, SIZE, SIMULATIONS = 100, 20, 2000


def population() -> dict:
    accuracy = ALPHA / (ALPHA + BETA)
    k = len(SHARES)
    table = SHARES[:, None] * np.where(np.eye(k, dtype=bool), accuracy, (1 - accuracy) / (k - 1))
    ag = pa.Agreement.from_table(pd.DataFrame(table * 1e12))
    return {"OSR": ag.multiclass(["OSR"]).loc["OSR", "value"], "KAPPA": ag.multiclass(["KAPPA"]).loc["KAPPA", "value"],
            "F1": ag.averages(["F1"], average="unweighted").loc["F1", "unweighted"]}


def sample(rng: np.random.Generator) -> pd.DataFrame:
    cluster = np.repeat(np.arange(CLUSTERS), SIZE)
    accuracy = rng.beta(ALPHA, BETA, CLUSTERS)[cluster]
    truth = rng.choice(len(SHARES), len(cluster), p=SHARES)
    wrong = (truth + rng.integers(1, len(SHARES), len(cluster))) % len(SHARES)
    coded = np.where(rng.random(len(cluster)) < accuracy, truth, wrong)
    return pd.DataFrame({"truth": truth, "coded": coded, "cluster": cluster})


def intervals(ag) -> dict:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        m = ag.multiclass(["OSR", "KAPPA"], ci="auto" if ag.design is not None else "linearized")
        a = ag.averages(["F1"], average="unweighted", ci="auto")
    return {"OSR": cells(m, "OSR", ["lower", "upper"]), "KAPPA": cells(m, "KAPPA", ["lower", "upper"]),
            "F1": cells(a, "F1", [("unweighted", "lower"), ("unweighted", "upper")])}


def cells(frame: pd.DataFrame, row, columns) -> np.ndarray:
    """``frame.loc[row, columns]`` as floats, read cell by cell (a row taken as a Series costs more)."""
    i = frame.index.get_loc(row)
    return np.array([frame.iat[i, frame.columns.get_loc(column)] for column in columns], dtype=float)


def test_design_intervals_cover_in_a_cluster_sample_with_icc_02():
    truth = population()

    def count(sims, rng, _):
        hits = {kind: dict.fromkeys(truth, 0) for kind in ("design", "independent")}
        for _ in range(sims):
            df = sample(rng)
            for kind, ag in (("design", df.agree("truth", "coded", cluster="cluster")),
                             ("independent", df.agree("truth", "coded"))):
                for code, (lower, upper) in intervals(ag).items():
                    hits[kind][code] += lower <= truth[code] <= upper
        return hits

    halves = in_halves(count, SIMULATIONS, 20261122)
    cover = {kind: {code: sum(h[kind][code] for h in halves) / SIMULATIONS for code in truth}
             for kind in ("design", "independent")}
    print("\ncoverage of 95% intervals, 100 clusters of 20, ICC 0.2:",
          "; ".join(f"{kind} " + ", ".join(f"{c} {v:.3f}" for c, v in found.items()) for kind, found in cover.items()))
    for code, value in cover["design"].items():
        assert 0.93 <= value <= 0.97, (code, value)
    for code, value in cover["independent"].items():
        assert value < 0.9, (code, value)  # rows taken as independent: far too narrow
