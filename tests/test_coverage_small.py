"""Coverage of the default (ci="auto") 95% intervals at small samples and with rare classes (slow; CI runs it).

Cells of the coverage study (benchmarks/coverage_study.py, docs/notes/intervals.md "Small samples"): 2×2 tables
with prevalence up to 0.97, K = 3–6 classes with one of 1–5%, three raters over 20–50 subjects. Each cell draws
2,000 tables (seeded, in two halves on the two cores) and counts, for every value listed, the share of default
intervals that hold the true value. Every value covers 0.93–0.97, or is listed in SHORT with the coverage this
test measures, and its interval is then one of the rules' (pandas_agree.inference.auto), whose note the results
and the report print.
"""

import itertools
import warnings

import numpy as np
import pandas as pd
import pytest

import pandas_agree as pa

from ._tables import in_halves

pytestmark = pytest.mark.slow

SIMS = 2000
CHANCE = ["KAPPA", "SPI", "BPK", "AC1", "ALPHA"]
RATERS = ["FLEISS", "CONGER", "AC1", "ALPHA", "LIGHT"]
AVERAGED = ["F1", "REC", "PRE"]
AVERAGES = ["unweighted", "weighted", "micro"]
RULED = ("Donner–Eliasziw", "bootstrap", "blurred")  # the intervals of the rules


def confusion(shares, hits) -> np.ndarray:
    """Joint shares: class k named correctly with probability hits[k], otherwise one of the others at random."""
    shares = np.asarray(shares, float)
    hits = np.broadcast_to(np.asarray(hits, float), shares.shape)
    k = len(shares)
    p = np.repeat(((1 - hits) / (k - 1))[:, None], k, axis=1)
    np.fill_diagonal(p, hits)
    return shares[:, None] * p


def rare_shares(k: int, rare: float) -> np.ndarray:
    common = np.linspace(2, 1, k - 1)
    return np.append((1 - rare) * common / common.sum(), rare)


TWO = {  # name: (true table, N)
    "two-p0.9-moderate-n30": (confusion([0.9, 0.1], [0.9, 0.7]), 30),
    "two-p0.95-moderate-n40": (confusion([0.95, 0.05], [0.9, 0.7]), 40),
    "two-p0.9-strong-n50": (confusion([0.9, 0.1], [0.98, 0.9]), 50),
    "k3-r0.05-moderate-n50": (confusion(rare_shares(3, 0.05), 0.75), 50),
    "k4-r0.03-moderate-n150": (confusion(rare_shares(4, 0.03), 0.75), 150),
}
RATER_CELLS = {"raters-k2-moderate-n20": ((0.9, 0.1), 0.8, 20), "raters-k3-moderate-n50": ((0.8, 0.15, 0.05), 0.8, 50)}

SHORT: dict[tuple[str, str], float] = {
    # (cell, value): the coverage measured here outside 0.93–0.97, where no candidate of the coverage study did
    # better (docs/notes/intervals.md); each is a rule's interval, whose note gives the study's range
    ("two-p0.9-moderate-n30", "F1[rare]"): 0.8820,
    ("two-p0.9-moderate-n30", "F1 unweighted before"): 0.8630,
    ("two-p0.9-moderate-n30", "REC unweighted before"): 0.8940,
    ("two-p0.9-moderate-n30", "PRE unweighted before"): 0.8710,
    ("two-p0.9-moderate-n30", "PRE weighted before"): 0.9170,
    ("two-p0.9-moderate-n30", "F1 unweighted after"): 0.8590,
    ("two-p0.9-moderate-n30", "REC unweighted after"): 0.8940,
    ("two-p0.9-moderate-n30", "PRE unweighted after"): 0.8710,
    ("two-p0.9-moderate-n30", "PRE weighted after"): 0.9170,
    ("two-p0.95-moderate-n40", "SPI"): 0.9705,
    ("two-p0.95-moderate-n40", "ALPHA"): 0.9705,
    ("two-p0.95-moderate-n40", "BPK"): 0.9770,
    ("two-p0.95-moderate-n40", "AC1"): 0.9720,
    ("two-p0.95-moderate-n40", "F1[rare]"): 0.7700,
    ("two-p0.95-moderate-n40", "F1 unweighted before"): 0.7580,
    ("two-p0.95-moderate-n40", "F1 weighted before"): 0.9720,
    ("two-p0.95-moderate-n40", "F1 micro"): 0.9710,
    ("two-p0.95-moderate-n40", "REC unweighted before"): 0.8510,
    ("two-p0.95-moderate-n40", "REC weighted before"): 0.9710,
    ("two-p0.95-moderate-n40", "REC micro"): 0.9710,
    ("two-p0.95-moderate-n40", "PRE unweighted before"): 0.7890,
    ("two-p0.95-moderate-n40", "PRE weighted before"): 0.8360,
    ("two-p0.95-moderate-n40", "PRE micro"): 0.9710,
    ("two-p0.95-moderate-n40", "F1 unweighted after"): 0.7820,
    ("two-p0.95-moderate-n40", "F1 weighted after"): 0.9720,
    ("two-p0.95-moderate-n40", "REC unweighted after"): 0.8510,
    ("two-p0.95-moderate-n40", "REC weighted after"): 0.9710,
    ("two-p0.95-moderate-n40", "PRE unweighted after"): 0.7890,
    ("two-p0.95-moderate-n40", "PRE weighted after"): 0.8360,
    ("two-p0.9-strong-n50", "BPK"): 0.7410,
    ("two-p0.9-strong-n50", "AC1"): 0.7410,
    ("two-p0.9-strong-n50", "F1 unweighted before"): 0.9090,
    ("two-p0.9-strong-n50", "F1 weighted before"): 0.9720,
    ("two-p0.9-strong-n50", "PRE unweighted before"): 0.8900,
    ("two-p0.9-strong-n50", "PRE weighted before"): 0.9750,
    ("two-p0.9-strong-n50", "F1 unweighted after"): 0.8960,
    ("two-p0.9-strong-n50", "PRE unweighted after"): 0.8900,
    ("two-p0.9-strong-n50", "PRE weighted after"): 0.9750,
    ("k3-r0.05-moderate-n50", "F1[rare]"): 0.8320,
    ("k3-r0.05-moderate-n50", "F1 unweighted before"): 0.9130,
    ("k3-r0.05-moderate-n50", "REC unweighted before"): 0.9070,
    ("k3-r0.05-moderate-n50", "PRE unweighted before"): 0.9110,
    ("k3-r0.05-moderate-n50", "PRE weighted before"): 0.9790,
    ("k3-r0.05-moderate-n50", "F1 unweighted after"): 0.8570,
    ("k3-r0.05-moderate-n50", "REC unweighted after"): 0.9070,
    ("k3-r0.05-moderate-n50", "PRE unweighted after"): 0.9110,
    ("k3-r0.05-moderate-n50", "PRE weighted after"): 0.9790,
    ("k4-r0.03-moderate-n150", "REC unweighted before"): 0.9250,
    ("k4-r0.03-moderate-n150", "F1 unweighted after"): 0.9080,
    ("k4-r0.03-moderate-n150", "REC unweighted after"): 0.9250,
    ("raters-k2-moderate-n20", "FLEISS"): 0.8630,
    ("raters-k2-moderate-n20", "CONGER"): 0.8480,
    ("raters-k2-moderate-n20", "ALPHA"): 0.8800,
    ("raters-k2-moderate-n20", "LIGHT"): 0.8250,
}


def quiet(fn, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return fn(*args, **kwargs)


def two_values(ag, ci=None, **opts) -> dict:
    """The values followed, each (value, lower, upper, method) with ``ci``, else the value."""
    out = {}
    m = quiet(ag.multiclass, CHANCE, ci=ci, **opts)
    b = quiet(ag.binary, ["REC", "PRE", "F1"], ci=ci, **opts)
    for code in CHANCE:
        out[code] = (m.loc[code, "value"], m.loc[code, "lower"], m.loc[code, "upper"], m.loc[code, "method"]) \
            if ci else m.loc[code, "value"]
    for code in ("REC", "PRE", "F1"):
        out[f"{code}[rare]"] = (b[(code, "value")].iloc[-1], b[(code, "lower")].iloc[-1], b[(code, "upper")].iloc[-1],
                                b.attrs["methods"][code]) if ci else b[code].iloc[-1]
    for timing in ("before", "after"):
        av = quiet(ag.averages, AVERAGED, average=AVERAGES, timing=timing, ci=ci, **opts)
        for code, method in itertools.product(AVERAGED, AVERAGES):
            if method == "micro" and timing == "after":
                continue
            label = f"{code} {method}" + ("" if method == "micro" else f" {timing}")
            out[label] = (av.loc[code, (method, "value")], av.loc[code, (method, "lower")],
                          av.loc[code, (method, "upper")], av.attrs["methods"][code]) if ci else av.loc[code, method]
    return out


def coverage(target: dict, draw) -> dict:
    def count(sims, rng, first):
        hits = dict.fromkeys(target, 0)
        seen = dict.fromkeys(target, 0)
        ruled = dict.fromkeys(target, 0)
        for sim in range(first, first + sims):
            for key, (value, lower, upper, method) in draw(rng, sim).items():
                if np.isnan(value):
                    continue
                seen[key] += 1
                hits[key] += bool(lower <= target[key] <= upper)
                ruled[key] += any(word in method for word in RULED)
        return hits, seen, ruled

    halves = in_halves(count, SIMS, sum(map(ord, str(sorted(target)))))
    return {key: (sum(h[0][key] for h in halves) / max(1, sum(h[1][key] for h in halves)),
                  sum(h[2][key] for h in halves)) for key in target}


def check(cell: str, cover: dict) -> None:
    print(f"\n{cell}: " + ", ".join(f"{k} {v:.4f}" for k, (v, _) in cover.items()))
    for key, (value, ruled) in cover.items():
        if (cell, key) in SHORT:
            assert value == pytest.approx(SHORT[cell, key], abs=0.002), (cell, key, value)
            assert ruled > 0, (cell, key)  # the interval is a rule's, whose note the results print
        else:
            assert 0.93 <= value <= 0.97, (cell, key, value)


@pytest.mark.parametrize("cell", list(TWO))
def test_default_intervals_cover_small_samples(cell):
    p, n = TWO[cell]
    k = len(p)
    target = two_values(pa.Agreement.from_table(pd.DataFrame(p * 1e12)))

    def draw(rng, sim):
        table = rng.multinomial(n, p.ravel()).reshape(k, k).astype(float)
        return two_values(pa.Agreement.from_table(pd.DataFrame(table)), "auto", random_state=sim)

    check(cell, coverage(target, draw))


def rater_frame(ratings) -> pd.DataFrame:
    return pd.DataFrame(ratings, columns=[f"r{i}" for i in range(np.shape(ratings)[1])])


@pytest.mark.parametrize("cell", list(RATER_CELLS))
def test_default_intervals_cover_few_subjects(cell):
    shares, hit, n = RATER_CELLS[cell]
    shares = np.array(shares)
    k = len(shares)
    given = confusion(shares, hit) / shares[:, None]
    patterns = np.array(list(itertools.product(range(k), repeat=3)))
    prob = sum(shares[c] * np.prod(given[c][patterns], axis=1) for c in range(k))
    truth = quiet(pa.RaterAgreement(rater_frame(patterns), weights=prob * 1e9).summary, RATERS)
    target = {code: truth.loc[code, "value"] for code in RATERS}

    def draw(rng, sim):
        classes = rng.choice(k, size=n, p=shares)
        ratings = (rng.random((n, 3))[..., None] > np.cumsum(given[classes], axis=1)[:, None, :]).sum(-1)
        s = quiet(pa.RaterAgreement(rater_frame(ratings), labels=list(range(k))).summary, RATERS, ci="auto",
                  random_state=sim)
        return {code: (s.loc[code, "value"], s.loc[code, "lower"], s.loc[code, "upper"], s.loc[code, "method"])
                for code in RATERS}

    check(cell, coverage(target, draw))
