"""Coverage of nominal 95% intervals by simulation (slow; CI runs it).

For true tables with K = 2, 3, 5 classes and N = 50, 200, 1000 objects (and skewed designs below), tables are
drawn from the multinomial and the share of intervals that cover the true value is counted. Fixed seeds make
the run reproducible.
"""

import warnings

import numpy as np
import pandas as pd
import pytest

import pandas_agree as pa

from ._tables import in_halves

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
            "OSR": ag.multiclass(["OSR"]).iloc[0, 0], "KAPPA": ag.multiclass(["KAPPA"]).iloc[0, 0]}


def covered(lower, upper, true) -> np.ndarray:
    return (np.asarray(lower) <= true) & (true <= np.asarray(upper))


CASES = [(k, n) for k in (2, 3, 5) for n in (50, 200, 1000)]


def simulate(k: int, n: int, sims: int) -> dict:
    """Coverage of the "auto" intervals of REC, OSR and KAPPA (analytic) and F1 and CORR (linearised)."""
    p = true_table(k)
    target = truth(p)
    halves = in_halves(lambda count, rng, _: _hits(p, target, n, count, rng), sims, 1000 * k + n)
    # the share of the intervals (one a table, or one a class and table) that hold the true value
    return {key: sum(float(half[key].sum()) for half in halves) / (sims * np.size(target[key])) for key in target}


def _hits(p: np.ndarray, target: dict, n: int, sims: int, rng: np.random.Generator) -> dict:
    """The intervals that hold the true value, by code: counts over the ``sims`` tables drawn (an array of one per
    class for REC, F1 and CORR). The tables are drawn at once (the same draws as one at a time), and a distinct
    table is evaluated once, its hits counted as often as it was drawn: each interval is a function of the table
    (analytic, linearised, or the BCa bootstrap of KAPPA on a small table, seeded with the package's default seed),
    so that this is the count of the ``sims`` evaluations."""
    k = len(p)
    distinct, times = np.unique(rng.multinomial(n, p.ravel(), size=sims), axis=0, return_counts=True)
    hits = {key: np.zeros(np.shape(value)) for key, value in target.items()}
    for table, drawn in zip(distinct, times, strict=True):
        ag = pa.Agreement.from_table(pd.DataFrame(table.reshape(k, k).astype(float)))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            m = ag.multiclass(["OSR", "KAPPA"], ci="auto")
            b = ag.binary(["REC", "F1", "CORR"], ci="auto")
        ends = _ends(m, [(code, end) for code in ("OSR", "KAPPA") for end in ("lower", "upper")], rows=True)
        ends.update(_ends(b, [(code, end) for code in ("REC", "F1", "CORR") for end in ("lower", "upper")]))
        for code in target:
            hits[code] += drawn * covered(ends[code, "lower"], ends[code, "upper"], target[code])
    return hits


def _ends(frame: pd.DataFrame, keys: list, rows: bool = False) -> dict:
    """The values of ``frame`` at each of ``keys``: with ``rows``, the cell ``(row, column)``, read by position;
    else the column's values, read from the array of the frame's floats. (``frame.loc[row, column]`` and
    ``frame[column]`` cost more: the second makes a Series with a deep copy of the frame's attrs.)"""
    if rows:
        return {key: frame.iat[frame.index.get_loc(key[0]), frame.columns.get_loc(key[1])] for key in keys}
    cells = frame.to_numpy(float)
    return {key: cells[:, frame.columns.get_loc(key)] for key in keys}


@pytest.mark.parametrize("k, n", CASES)
def test_analytic_and_linearised_coverage(k, n):
    cover = simulate(k, n, sims=2000)
    print(f"\nK={k} N={n} coverage: " + ", ".join(f"{c} {v:.3f}" for c, v in cover.items()))
    assert 0.93 <= cover["REC"] <= 0.97, cover
    assert 0.93 <= cover["OSR"] <= 0.97, cover
    if n >= 200:
        for code in ("KAPPA", "F1", "CORR"):
            assert 0.93 <= cover[code] <= 0.97, (code, cover)


def constant(p: np.ndarray) -> pd.DataFrame:
    """The averages that are the same on every table of the design's classes (PREV and PPREV unweighted and
    micro: 1/K): their intervals have zero width and say nothing of coverage."""
    tables = [pa.Agreement.from_table(pd.DataFrame(t)) for t in (p * 1e6, np.diag(np.diag(p)) * 1e6 + 1)]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        first, second = (ag.averages() for ag in tables)
    return np.isclose(first, second, rtol=0, atol=1e-12)


@pytest.mark.parametrize("k, n", [c for c in CASES if c[1] >= 200])
def test_every_averaged_measure_covers(k, n):
    """Every average of every default measure (unweighted, weighted, inverse, micro; the measures' own timing)
    gets an interval under "auto" that covers 0.93–0.97 from 200 objects on: linearised, but the weighted and
    inverse averages of PPREV on two classes, which get the percentile bootstrap's, and where a class has fewer
    than 20 objects the Wald interval of the blurred SE (pandas_agree.inference.auto)."""
    p = true_table(k)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        target = pa.Agreement.from_table(pd.DataFrame(p * 1e12)).averages()
    fixed = constant(p)
    sims = 4000 if n < 1000 else 1000  # the coverage of a proportion's interval wavers most at small N

    def count(sims, rng, first):
        hits = np.zeros(target.shape)
        for sim in range(first, first + sims):
            ag = pa.Agreement.from_table(pd.DataFrame(rng.multinomial(n, p.ravel()).reshape(k, k).astype(float)))
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                av = ag.averages(ci="auto", random_state=sim)  # seeded: the two averages resampled on two classes
            lower = av.xs("lower", axis=1, level="stat")[target.columns].to_numpy()
            upper = av.xs("upper", axis=1, level="stat")[target.columns].to_numpy()
            hits += covered(lower, upper, target.to_numpy())
        return hits

    hits = sum(in_halves(count, sims, 77 * k + n))
    cover = pd.DataFrame(hits / sims, index=target.index, columns=target.columns).mask(fixed)
    print(f"\nK={k} N={n} linearised coverage of the averages: min {np.nanmin(cover.to_numpy()):.3f}, "
          f"max {np.nanmax(cover.to_numpy()):.3f}, median {np.nanmedian(cover.to_numpy()):.3f}")
    outside = cover[(cover < 0.93) | (cover > 0.97)].stack().dropna()
    assert outside.empty, outside


# --- skewed designs: a rare class -------------------------------------------------------------------------------

def skewed_table() -> np.ndarray:
    """Two classes, prevalence 0.9: the common class recognised with probability 0.9, the rare one with 0.7."""
    return np.array([[0.9 * 0.9, 0.9 * 0.1], [0.1 * 0.3, 0.1 * 0.7]])


def limit(p: np.ndarray, method: str, codes: list[str], **kwargs) -> pd.Series:
    """The values of an infinite sample (some coefficients carry a small-sample correction)."""
    return getattr(pa.Agreement.from_table(pd.DataFrame(p * 1e12)), method)(codes, **kwargs).iloc[:, 0]


@pytest.mark.parametrize("n", [30, 50, 100, 200])
def test_skewed_chance_corrected_coverage(n):
    """Below SMALL_SAMPLE objects (and with a class of fewer than SMALL_CLASS) "auto" gives KAPPA and SPI on two
    classes Donner and Eliasziw's interval and AC1 the BCa bootstrap's: they cover better than the linearised Wald
    interval (value ± z·SE, recomputed here): AC1 within [0.92, 0.98] from 50 objects on, KAPPA and SPI within
    [0.91, 0.98] from 30."""
    codes = ["KAPPA", "SPI", "AC1"]
    p = skewed_table()
    target = limit(p, "multiclass", codes)
    rng = np.random.default_rng(7 + n)
    auto, wald = {c: [] for c in codes}, {c: [] for c in codes}
    for _ in range(1000):
        table = rng.multinomial(n, p.ravel()).reshape(2, 2).astype(float)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            m = pa.Agreement.from_table(pd.DataFrame(table)).multiclass(codes, ci="auto", n_resamples=500,
                                                                         random_state=rng)
        for c in codes:
            value, se = m.loc[c, "value"], m.loc[c, "se"]
            auto[c].append(covered(m.loc[c, "lower"], m.loc[c, "upper"], target[c]))
            wald[c].append(covered(value - 1.959964 * se, value + 1.959964 * se, target[c]))
    cover = {c: float(np.mean(auto[c])) for c in codes}
    plain = {c: float(np.mean(wald[c])) for c in codes}
    print(f"\nprevalence 0.9, N={n}: auto " + ", ".join(f"{c} {v:.3f}" for c, v in cover.items())
          + "; linearised Wald " + ", ".join(f"{c} {v:.3f}" for c, v in plain.items()))
    for c in codes:
        if n < 200:
            assert cover[c] >= plain[c], (c, cover, plain)
        if c == "AC1" and n >= 50:
            assert 0.92 <= cover[c] <= 0.98, (c, cover)
        elif c != "AC1":  # Donner–Eliasziw's: 0.90–0.985 over the study's two-class cells (docs/notes/intervals.md)
            assert 0.91 <= cover[c] <= 0.98, (c, cover)


def test_skewed_f1_average_coverage():
    """F1 averages at N = 50 with a class of 5% (K = 3): the weighted averages' linearised intervals keep their
    promise; the unweighted ones cannot (the rare class is often absent from the sample, and neither a gradient
    nor a resample can see it), which the documentation states with these numbers."""
    p = true_table(3)
    p = np.array([0.6, 0.35, 0.05])[:, None] * (p / p.sum(axis=1, keepdims=True))
    n = 50
    rng = np.random.default_rng(11)
    keys = [(a, t) for a in ("unweighted", "weighted") for t in ("before", "after")]
    target = {(a, t): limit(p, "averages", ["F1"], average=a, timing=t).iloc[0] for a, t in keys}
    hits = {key: [] for key in keys}
    for _ in range(500):
        ag = pa.Agreement.from_table(pd.DataFrame(rng.multinomial(n, p.ravel()).reshape(3, 3).astype(float)))
        for timing in ("before", "after"):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                av = ag.averages(["F1"], average=["unweighted", "weighted"], timing=timing, ci="auto")
            for a in ("unweighted", "weighted"):  # the first row's cells, read by position
                lower, upper = (av.iat[0, av.columns.get_loc((a, end))] for end in ("lower", "upper"))
                hits[(a, timing)].append(covered(lower, upper, target[(a, timing)]))
    cover = {key: float(np.mean(v)) for key, v in hits.items()}
    print("\nK=3 with a 5% class, N=50, F1 averages (linearised): "
          + ", ".join(f"{a} {t} {v:.3f}" for (a, t), v in cover.items()))
    for timing in ("before", "after"):
        assert 0.92 <= cover[("weighted", timing)] <= 0.98, cover
        assert cover[("unweighted", timing)] >= 0.78, cover  # the floor the documentation states
