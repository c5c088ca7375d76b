"""Coverage of the intervals of the averages of the odds-ratio family with ``correction=0.5``.

Tables of N objects are drawn from the multinomial of a true table with a nearly perfectly classified class (so
that zero cells are common), and the share of nominal 95% intervals that hold the true average is counted. The
estimand is the average over the classes of the population class values: the record's formula on the true
one-vs-rest cell probabilities, without any correction (every true cell probability is positive, so every true
odds ratio is finite), unweighted or weighted by the true reference shares. The estimate is the average of the
corrected class values (0.5 added to the four cells of a class's 2×2 table with a zero cell).

Intervals, each on the record's scale (DOR log, LNDOR identity, YULEQ Fisher's z):

- ``linearised``: the delta method with the pseudo-counts as constants (``ci="linearized"``; "auto" before);
- ``pseudo-counts``: the delta method with each corrected class's four pseudo-counts counted as observations
  (what ``ci="auto"`` gives now);
- ``blurred``: the delta method on the table with 0.5 added to every cell (the SE of the small-class rule);
- ``bootstrap``: the percentile bootstrap of the table (B = 400, the first 500 tables of a cell).

The intervals are computed here, vectorised over the tables (partials by central differences over the cells);
the first tables of every cell are checked against ``Agreement.averages(..., ci="auto")`` and
``ci="linearized"``. Markdown rows on stdout (docs/notes/intervals.md, "The averages of corrected classes").

Usage::

    python benchmarks/corrected_averages_coverage.py            # 2,000 tables a cell, about 30 s
    python benchmarks/corrected_averages_coverage.py --sims 300 --boot 0
"""

from __future__ import annotations

import argparse
import warnings

import numpy as np
import pandas as pd

H = 0.5
Z = 1.959963984540054
SIGN = np.array([1.0, -1.0, -1.0, 1.0])
SIZES = (50, 150, 500)
RECORDS = {  # the value and its slope as functions of the log odds ratio
    "LNDOR": (lambda x: x, np.ones_like),
    "DOR": (np.exp, np.exp),
    "YULEQ": (lambda x: np.tanh(x / 2), lambda x: (1 - np.tanh(x / 2) ** 2) / 2),
}


def _tables() -> dict[str, np.ndarray]:
    """The true tables (cell probabilities), reference in rows."""
    third = np.array([[0.990, 0.005, 0.005], [0.005, 0.900, 0.095], [0.005, 0.100, 0.895]]) / 3
    rare = np.array([[0.998, 0.001, 0.001], [0.001, 0.900, 0.099], [0.001, 0.100, 0.899]]) / 3
    small = np.array([0.4, 0.3, 0.2, 0.1])[:, None] * np.array(
        [[0.80, 0.10, 0.095, 0.005], [0.12, 0.75, 0.125, 0.005], [0.10, 0.15, 0.745, 0.005],
         [0.01, 0.005, 0.005, 0.98]])
    counts = np.array([0.45, 0.30, 0.20, 0.05])[:, None] * np.array(
        [[0.85, 0.08, 0.06, 0.01], [0.10, 0.80, 0.08, 0.02], [0.05, 0.10, 0.80, 0.05], [0.05, 0.05, 0.05, 0.85]])
    even = np.array([[0.90, 0.05, 0.05], [0.05, 0.90, 0.05], [0.05, 0.05, 0.90]]) / 3
    return {"A": third, "B": rare, "C": small, "D": counts, "E": even}


def one_vs_rest(t: np.ndarray) -> np.ndarray:
    """a, b, c, d of every class of tables (..., K, K): (4, ..., K)."""
    a = np.diagonal(t, axis1=-2, axis2=-1)
    r, c = t.sum(-1), t.sum(-2)
    n = t.sum((-2, -1))[..., None]
    return np.stack([a, r - a, c - a, n - r - c + a])


def corrected(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    add = np.where((x == 0).any(axis=0), H, 0.0)
    return x + add, add


def log_odds(x: np.ndarray) -> np.ndarray:
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.log(x[0]) + np.log(x[3]) - np.log(x[1]) - np.log(x[2])


def _weights(x: np.ndarray, weighted: bool) -> np.ndarray:
    w = x[0] + x[1] if weighted else np.ones_like(x[0])
    return w / w.sum(-1, keepdims=True)


def average(t: np.ndarray, code: str, weighted: bool, correct: bool = True) -> np.ndarray:
    x = one_vs_rest(t)
    v = RECORDS[code][0](log_odds(corrected(x)[0] if correct else x))
    return (_weights(x, weighted) * v).sum(-1)


def _gradient(t: np.ndarray, f) -> np.ndarray:
    """∂f/∂n of every non-empty cell of tables (T, K, K) by central differences (0 at the empty cells)."""
    size, k, _ = t.shape
    flat = t.reshape(size, k * k)
    step = 1e-5 * np.where(flat > 0, flat, 1.0)
    g = np.zeros_like(flat)
    for j in range(k * k):
        up, down = flat.copy(), flat.copy()
        up[:, j] += step[:, j]
        down[:, j] -= step[:, j]
        g[:, j] = (f(up.reshape(t.shape)) - f(down.reshape(t.shape))) / (2 * step[:, j])
    return np.where(flat > 0, g, 0.0).reshape(t.shape)


def variances(t: np.ndarray, code: str, weighted: bool) -> dict[str, np.ndarray]:
    """The linearised, pseudo-count and blurred variances of the average of every table."""
    def f(s):
        return average(s, code, weighted)

    g = _gradient(t, f)
    n = t.sum((1, 2))
    ng = (t * g).sum((1, 2))
    plain = np.maximum((t * g * g).sum((1, 2)) - ng ** 2 / n, 0.0)
    x = one_vs_rest(t)
    xc, add = corrected(x)
    # each corrected class's four pseudo-counts as cells of weight h, with the partials through its value
    gp = (_weights(x, weighted) * RECORDS[code][1](log_odds(xc)))[None] * SIGN[:, None, None] / xc
    hg = (add[None] * gp).sum((0, 2))
    total = n + 4 * add.sum(-1)
    pseudo = np.maximum((t * g * g).sum((1, 2)) + (add[None] * gp * gp).sum((0, 2)) - (ng + hg) ** 2 / total, 0.0)
    blurred_table = t + H
    gb = _gradient(blurred_table, f)
    nb = blurred_table.sum((1, 2))
    blurred = np.maximum((blurred_table * gb * gb).sum((1, 2)) - (blurred_table * gb).sum((1, 2)) ** 2 / nb, 0.0)
    return {"linearised": plain, "pseudo-counts": pseudo, "blurred": blurred}


def interval(v: np.ndarray, se: np.ndarray, code: str) -> tuple[np.ndarray, np.ndarray]:
    if code == "LNDOR":
        return v - Z * se, v + Z * se
    if code == "DOR":
        return v * np.exp(-Z * se / v), v * np.exp(Z * se / v)
    y, s = np.arctanh(v), se / (1 - v ** 2)
    return np.tanh(y - Z * s), np.tanh(y + Z * s)


def bootstrap_cover(t: np.ndarray, code: str, weighted: bool, truth: float, b: int, rng) -> float:
    size, k, _ = t.shape
    held = np.empty(size, dtype=bool)
    for i in range(size):
        n = int(t[i].sum())
        s = rng.multinomial(n, (t[i] / n).ravel(), size=b).reshape(b, k, k).astype(float)
        v = average(s, code, weighted)
        lo, hi = np.quantile(v[np.isfinite(v)], [0.025, 0.975])
        held[i] = lo <= truth <= hi
    return float(held.mean())


def check_library(t: np.ndarray, code: str, weighted: bool, found: dict) -> None:
    """The SEs of the first tables as the library gives them (ci="auto": pseudo-counts; "linearized")."""
    import pandas_agree as pa

    column = "weighted" if weighted else "unweighted"
    for i in range(min(len(t), 5)):
        ag = pa.Agreement.from_table(pd.DataFrame(t[i], index=range(len(t[i])), columns=range(len(t[i]))))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for ci, kind in (("auto", "pseudo-counts"), ("linearized", "linearised")):
                se = ag.averages([code], correction=H, ci=ci).loc[code, (column, "se")]
                mine = np.sqrt(found[kind][i])
                if not np.isclose(se, mine, rtol=1e-5, atol=1e-9):
                    raise AssertionError(f"{code} {column} {ci}: library {se}, here {mine}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sims", type=int, default=2000)
    parser.add_argument("--boot", type=int, default=500, help="tables of a cell with a bootstrap (0: none)")
    parser.add_argument("--check", action="store_true", help="check the first tables against the library")
    args = parser.parse_args()
    print("| table | N | average | zero | LNDOR linearised | pseudo-counts | blurred | bootstrap | DOR linearised "
          "| pseudo-counts | blurred | bootstrap | YULEQ linearised | pseudo-counts | blurred |")
    print("|---" * 15 + "|")
    for x, (name, p) in enumerate(_tables().items()):
        for y, n in enumerate(SIZES):
            rng = np.random.default_rng(1000 * x + y)
            t = rng.multinomial(n, p.ravel(), size=args.sims).reshape(args.sims, *p.shape).astype(float)
            t = t[(t.sum(1) > 0).all(1) & (t.sum(2) > 0).all(1)]  # "common": every class on both sides
            zero = float((one_vs_rest(t) == 0).any(axis=0).any(axis=-1).mean())
            for weighted in (False, True):
                row = [name, str(n), "weighted" if weighted else "unweighted", f"{zero:.2f}"]
                for code in RECORDS:
                    truth = float(average(p, code, weighted, correct=False))
                    v = average(t, code, weighted)
                    found = variances(t, code, weighted)
                    if args.check:
                        check_library(t, code, weighted, found)
                    for kind in ("linearised", "pseudo-counts", "blurred"):
                        lo, hi = interval(v, np.sqrt(found[kind]), code)
                        row.append(f"{np.mean((lo <= truth) & (truth <= hi)):.3f}")
                    if code != "YULEQ":
                        boot = (bootstrap_cover(t[:args.boot], code, weighted, truth, 400,
                                                np.random.default_rng(7 + 1000 * x + y))
                                if args.boot and not weighted else np.nan)
                        row.append("" if np.isnan(boot) else f"{boot:.3f}")
                print("| " + " | ".join(row) + " |", flush=True)
    # the nearly perfect class's own Woolf interval of LNDOR (what "auto" gives the class value), same tables
    print()
    print("| table | class | N | Woolf's interval of its LNDOR |")
    print("|---|---|---|---|")
    for x, (name, p) in enumerate(_tables().items()):
        if name not in ("A", "B", "C"):
            continue
        k = len(p) - 1 if name == "C" else 0
        truth = float(log_odds(one_vs_rest(p))[k])
        for y, n in enumerate(SIZES):
            rng = np.random.default_rng(1000 * x + y)
            t = rng.multinomial(n, p.ravel(), size=args.sims).reshape(args.sims, *p.shape).astype(float)
            t = t[(t.sum(1) > 0).all(1) & (t.sum(2) > 0).all(1)]
            xc, _ = corrected(one_vs_rest(t))
            held = np.abs(log_odds(xc)[:, k] - truth) <= Z * np.sqrt((1 / xc).sum(axis=0))[:, k]
            print(f"| {name} | {k + 1} | {n} | {held.mean():.3f} |")


if __name__ == "__main__":
    main()
