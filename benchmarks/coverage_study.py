"""Coverage of nominal 95% intervals at small samples and with rare classes: ``ci="auto"`` against candidates.

Tables are drawn from the multinomial of a true table (two classifications) or subjects from a latent-class
model (three raters), and the share of intervals that hold the true value (the value of the true table) is
counted, value by value and method by method. The output is markdown: one table per cell of the grid, a row per
value, a column per method, and a summary of every cell at the end.

Methods (where they apply to a value):

- ``auto``: what ``ci="auto"`` gives;
- ``lin``: ``ci="linearized"`` (the delta method on the scale the record declares; kappa's Wald interval of
  Fleiss, Cohen & Everitt; Gwet's linearised Wald intervals on the identity scale);
- ``z``: the Wald interval of the linearised SE on Fisher's z scale (coefficients of [−1, 1]) or the logit scale
  (values of [0, 1]), mapped back;
- ``blur``: as ``z`` with the SE of the table with half an object added to every cell (a small-sample variance
  correction in the spirit of Agresti–Coull's pseudo-counts; Yuan & Jiang 2025's "blurring");
- ``pct``, ``bca``: the percentile and BCa bootstrap of the table (``ci="bootstrap"``);
- ``de``: Donner & Eliasziw's (1992) goodness-of-fit interval for kappa on 2×2 tables (KAPPA, SPI, ALPHA).

Usage::

    python benchmarks/coverage_study.py                      # the whole grid, 400 tables per cell
    python benchmarks/coverage_study.py --sims 2000 --cells "two-p0.95" --methods auto,bca,de
    python benchmarks/coverage_study.py --list                # the cells' names

Coverage is counted over the tables in which the value is defined; the column "undef" gives the share of tables
in which it is not (a rare class absent from the sample), and "absent" the share of tables without some class.
The simulation's own error at 2,000 tables is about ±0.005 (one standard error at 0.95).
"""

from __future__ import annotations

import argparse
import itertools
import re
import sys
import time
import warnings
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

import pandas_agree as pa

CHANCE = ["KAPPA", "KAPPA_W", "SPI", "BPK", "AC1", "ALPHA"]
RATERS = ["FLEISS", "CONGER", "AC1", "ALPHA", "LIGHT"]
CLASS = ["REC", "PRE", "F1"]
AVERAGED = ["F1", "REC", "PRE"]
AVERAGES = ["unweighted", "weighted", "micro"]
TIMINGS = ["before", "after"]
METHODS = ["auto", "lin", "z", "blur", "pct", "bca", "de"]
Z = 1.959963984540054


# --- the grid --------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Cell:
    """One cell of the grid: a true table (two classifications) or a rater model, and a sample size."""

    name: str
    n: int
    table: np.ndarray | None = None  # joint shares of (reference, prediction)
    shares: np.ndarray | None = None  # raters: the latent classes' shares
    hit: float = 0.0  # raters: the probability that a rater names the subject's class
    raters: int = 3
    notes: dict = field(default_factory=dict)


def confusion(shares, hits) -> np.ndarray:
    """The joint shares of a classifier that names class k correctly with probability hits[k], otherwise one of the
    other classes at random."""
    shares, hits = np.asarray(shares, float), np.broadcast_to(np.asarray(hits, float), (len(shares),))
    k = len(shares)
    p = np.repeat(((1 - hits) / (k - 1))[:, None], k, axis=1)
    np.fill_diagonal(p, hits)
    return shares[:, None] * p


def rare_shares(k: int, rare: float) -> np.ndarray:
    """K shares, the last one ``rare``, the others decreasing gently (2:1 from the first to the last common)."""
    common = np.linspace(2, 1, k - 1)
    return np.append((1 - rare) * common / common.sum(), rare)


def grid() -> list[Cell]:
    cells = []
    # 2×2, the rare class at 10%, 5%, 3%: moderate agreement (common class named 0.9, rare 0.7) and strong
    # (0.98, 0.9)
    for prev, (level, hits), n in itertools.product((0.9, 0.95, 0.97), (("moderate", (0.9, 0.7)),
                                                                     ("strong", (0.98, 0.9))), (30, 50, 100, 200, 500)):
        cells.append(Cell(f"two-p{prev}-{level}-n{n}", n, confusion([prev, 1 - prev], hits)))
    # K classes, one rare (3 classes with one of 5%, 4 with one of 3%, 6 with one of 1%): moderate (every class
    # named 0.75) and strong (0.9)
    for (k, rare), (level, hit), n in itertools.product(((3, 0.05), (4, 0.03), (6, 0.01)), (("moderate", 0.75),
                                                                                          ("strong", 0.9)),
                                                        (30, 50, 150, 500)):
        cells.append(Cell(f"k{k}-r{rare}-{level}-n{n}", n, confusion(rare_shares(k, rare), hit)))
    # three raters over 20–100 subjects: two classes at 0.9/0.1, three at 0.8/0.15/0.05
    for shares, (level, hit), n in itertools.product(((0.9, 0.1), (0.8, 0.15, 0.05)), (("moderate", 0.8),
                                                                                     ("strong", 0.95)),
                                                     (20, 50, 100)):
        cells.append(Cell(f"raters-k{len(shares)}-{level}-n{n}", n, shares=np.array(shares), hit=hit))
    return cells


# --- true values ---------------------------------------------------------------------------------------------

def quiet(fn, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return fn(*args, **kwargs)


def two_values(ag: pa.Agreement, k: int, ci=None, **opts) -> dict[str, tuple]:
    """Every value the study follows, as (value, se, lower, upper) by label (value alone without ``ci``)."""
    out = {}
    chance = CHANCE if k > 2 else [c for c in CHANCE if c != "KAPPA_W"]
    mc = quiet(ag.multiclass, chance, ci=ci, **opts)
    for code in chance:
        out[code] = _row(mc.loc[code], ci)
    b = quiet(ag.binary, CLASS, ci=ci, **opts)
    for code in CLASS:
        out[f"{code}[rare]"] = _row(b[code].iloc[-1], ci)
    for timing in TIMINGS:
        av = quiet(ag.averages, AVERAGED, average=AVERAGES, timing=timing, ci=ci, **opts)
        for code, method in itertools.product(AVERAGED, AVERAGES):
            if method == "micro" and timing == "after":
                continue  # the micro average does not depend on the timing
            label = f"{code} {method}" + ("" if method == "micro" else f" {timing}")
            out[label] = _row(av.loc[code, method], ci)
    return out


def _row(x, ci):
    if not ci:
        return float(x["value"]) if isinstance(x, pd.Series) and "value" in x.index else float(x)
    return tuple(float(x[s]) for s in ("value", "se", "lower", "upper"))


def rater_frame(ratings: np.ndarray) -> pd.DataFrame:
    return pd.DataFrame(ratings, columns=[f"r{i}" for i in range(ratings.shape[1])])


def rater_values(ra: pa.RaterAgreement, ci=None, **opts) -> dict:
    s = quiet(ra.summary, RATERS, ci=ci, **opts)
    return {code: (_row(s.loc[code], ci)) for code in RATERS}


def truth(cell: Cell) -> dict[str, float]:
    if cell.table is not None:
        ag = pa.Agreement.from_table(pd.DataFrame(cell.table * 1e12))
        return two_values(ag, len(cell.table))
    k = len(cell.shares)
    patterns = np.array(list(itertools.product(range(k), repeat=cell.raters)))
    given = confusion(cell.shares, cell.hit) / cell.shares[:, None]  # P(rating | class)
    prob = sum(cell.shares[c] * np.prod(given[c][patterns], axis=1) for c in range(k))
    ra = pa.RaterAgreement(rater_frame(patterns), weights=prob * 1e9)
    return rater_values(ra)


# --- candidate intervals ---------------------------------------------------------------------------------------

def transformed(value, se, lo):
    """The Wald interval of ``se`` on Fisher's z (range from −1) or the logit scale (range from 0), mapped back."""
    value, se = np.asarray(value, float), np.asarray(se, float)
    with np.errstate(all="ignore"):
        if lo < 0:
            centre, slope = np.arctanh(value), 1 / (1 - value**2)
            return np.tanh(centre - Z * se * slope), np.tanh(centre + Z * se * slope)
        centre, slope = np.log(value / (1 - value)), 1 / (value * (1 - value))
        low, high = centre - Z * se * slope, centre + Z * se * slope
        return 1 / (1 + np.exp(-low)), 1 / (1 + np.exp(-high))


def donner_eliasziw(table: np.ndarray, level: float = 0.95) -> tuple[float, float]:
    """Donner & Eliasziw's (1992) goodness-of-fit interval for kappa of a 2×2 table: the values κ₀ at which the χ²
    of the three observed frequencies (both positive, one of each, both negative) against the common-correlation
    model (π² + π(1 − π)κ₀, 2π(1 − π)(1 − κ₀), (1 − π)² + π(1 − π)κ₀, π at its estimate) stays below the χ²₁
    quantile. Solved by bisection on either side of the intraclass kappa, where the statistic is 0."""
    from scipy.stats import chi2

    (a, b), (c, d) = table
    n = a + b + c + d
    pi = (2 * a + b + c) / (2 * n)
    if not 0 < pi < 1:
        return np.nan, np.nan
    q = pi * (1 - pi)
    observed = np.array([a, b + c, d])
    crit = chi2.ppf(level, 1)
    kappa = 1 - (b + c) / (2 * n * q)

    def stat(k):
        expected = n * np.array([pi**2 + q * k, 2 * q * (1 - k), (1 - pi) ** 2 + q * k])
        with np.errstate(all="ignore"):
            terms = np.where(expected > 0, (observed - expected) ** 2 / expected, np.where(observed > 0, np.inf, 0))
        return terms.sum() - crit

    low_end = max(-pi / (1 - pi), -(1 - pi) / pi)
    ends = []
    for far in (low_end, 1.0):
        if stat(far) <= 0:
            ends.append(far)
            continue
        near = kappa
        for _ in range(60):
            mid = (near + far) / 2
            near, far = (mid, far) if stat(mid) <= 0 else (near, mid)
        ends.append((near + far) / 2)
    return ends[0], ends[1]


# --- the simulation ------------------------------------------------------------------------------------------

def simulate(cell: Cell, sims: int, methods: list[str], resamples: int, seed: int) -> pd.DataFrame:
    target = truth(cell)
    rng = np.random.default_rng([seed, zlib_hash(cell.name)])
    hits = {m: {v: [] for v in target} for m in methods}
    undefined = dict.fromkeys(target, 0)
    absent = 0
    boot = {"n_resamples": resamples}
    for sim in range(sims):
        if cell.table is not None:
            k = len(cell.table)
            table = rng.multinomial(cell.n, cell.table.ravel()).reshape(k, k).astype(float)
            absent += bool(np.any((table.sum(0) == 0) & (table.sum(1) == 0)))
            ag = pa.Agreement.from_table(pd.DataFrame(table))

            def get(ci, obj=ag, k=k, **opts):
                return two_values(obj, k, ci, **opts)
        else:
            k = len(cell.shares)
            classes = rng.choice(k, size=cell.n, p=cell.shares)
            given = confusion(cell.shares, cell.hit) / cell.shares[:, None]
            u = rng.random((cell.n, cell.raters))
            ratings = (u[..., None] > np.cumsum(given[classes], axis=1)[:, None, :]).sum(-1)
            absent += len(np.unique(ratings)) < k
            ra = quiet(pa.RaterAgreement, rater_frame(ratings), labels=list(range(k)))
            table = None

            def get(ci, obj=ra, **opts):
                return rater_values(obj, ci, **opts)
        found = {}
        for m in methods:
            if m == "auto":
                found[m] = get("auto", random_state=sim, **boot)
            elif m in ("lin", "z"):
                found.setdefault("lin", get("linearized"))
                if m == "z":
                    found[m] = {v: (x[0], x[1], *transformed(x[0], x[1], -1 if v in CHANCE + RATERS else 0))
                                for v, x in found["lin"].items()}
            elif m == "blur":
                if table is None:
                    continue
                blurred = get("linearized", obj=pa.Agreement.from_table(pd.DataFrame(table + 0.5)))
                lin = found.setdefault("lin", get("linearized"))
                found[m] = {v: (lin[v][0], blurred[v][1],
                                *transformed(lin[v][0], blurred[v][1], -1 if v in CHANCE else 0)) for v in lin}
            elif m in ("pct", "bca"):
                found[m] = get("bootstrap", bootstrap_method={"pct": "percentile", "bca": "bca"}[m],
                               random_state=sim, **boot)
            elif m == "de" and table is not None and k == 2:
                found[m] = {v: (np.nan, np.nan, *donner_eliasziw(table)) for v in ("KAPPA", "SPI", "ALPHA")}
        reference = found.get("lin") or next(iter(found.values()))
        for v in target:
            if np.isnan(reference[v][0]):
                undefined[v] += 1
        for m, values in found.items():
            if m not in hits:
                continue
            for v, (_, _, lower, upper) in values.items():
                if np.isnan(reference[v][0]):
                    continue
                hits[m][v].append(lower <= target[v] <= upper)
    rows = []
    for v in target:
        row = {"value": v, "true": target[v]}
        for m in methods:
            h = hits[m][v]
            row[m] = float(np.mean(h)) if h else np.nan
        row["undef"] = undefined[v] / sims
        rows.append(row)
    out = pd.DataFrame(rows).set_index("value")
    out.attrs["absent"] = absent / sims
    return out


def zlib_hash(text: str) -> int:
    import zlib

    return zlib.crc32(text.encode())


def markdown(frame: pd.DataFrame) -> str:
    cols = list(frame.columns)
    lines = ["| value | " + " | ".join(cols) + " |", "|---" * (len(cols) + 1) + "|"]
    for label, row in frame.iterrows():
        cells = [("" if pd.isna(x) else f"{x:.3f}") for x in row]
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sims", type=int, default=400, help="tables per cell (default 400)")
    parser.add_argument("--cells", default=".", help="regular expression the cells' names must match")
    parser.add_argument("--methods", default=",".join(METHODS), help=f"comma-separated, of {','.join(METHODS)}")
    parser.add_argument("--resamples", type=int, default=2000, help="bootstrap resamples (default 2000)")
    parser.add_argument("--values", default=".", help="regular expression the values' labels must match")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--list", action="store_true", help="list the cells and stop")
    args = parser.parse_args(argv)
    cells = [c for c in grid() if re.search(args.cells, c.name)]
    if args.list:
        print("\n".join(c.name for c in cells))
        return 0
    methods = [m for m in args.methods.split(",") if m]
    unknown = sorted(set(methods) - set(METHODS))
    if unknown:
        parser.error(f"unknown methods {unknown}; allowed: {METHODS}")
    summary = []
    for cell in cells:
        start = time.perf_counter()
        frame = simulate(cell, args.sims, methods, args.resamples, args.seed)
        frame = frame[frame.index.str.contains(args.values)]
        took = time.perf_counter() - start
        print(f"\n### {cell.name} ({args.sims} tables; some class absent from {frame.attrs.get('absent', 0):.1%}; "
              f"{took:.0f} s)\n")
        print(markdown(frame))
        sys.stdout.flush()
        summary.append(frame.assign(cell=cell.name).reset_index())
    if len(summary) > 1:
        every = pd.concat(summary)
        print("\n### every cell: lowest, median and highest coverage by method\n")
        stats = every[[m for m in methods if m in every]].agg(["min", "median", "max"]).T
        print(markdown(stats))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
