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
- ``de``: Donner & Eliasziw's (1992) goodness-of-fit interval for kappa on 2×2 tables (KAPPA, SPI, ALPHA);
- ``mover``: the MOVER–Wilson interval of the unweighted averages of REC and PRE (Wilson intervals of the
  classes' proportions, combined by Zou & Donner's method of variance estimates recovery).

Usage::

    python benchmarks/coverage_study.py                      # the whole grid, 400 tables per cell
    python benchmarks/coverage_study.py --sims 2000 --cells "two-p0.95" --methods auto,bca,de
    python benchmarks/coverage_study.py --list                # the cells' names
    PANDAS_AGREE_COVERAGE_OUT=cov.jsonl pytest -m slow tests/test_coverage_small.py
    python benchmarks/coverage_study.py --from-test cov.jsonl # the notes' tables of ci="auto", from the slow test
    python benchmarks/coverage_study.py --from-test cov.jsonl --short  # the slow test's SHORT list
    python benchmarks/coverage_study.py --from-test cov.jsonl --outside  # the notes' table of the values outside

The grid, the true values and the samples are those of ``tests/_coverage_grid.py``, which the slow test
(``tests/test_coverage_small.py``) uses too: a cell's samples are drawn at once and each distinct sample is
evaluated once, its hits counted as often as it was drawn, so that ``--sims 2000 --methods auto`` gives exactly
the slow test's coverages.

Coverage is counted over the tables in which the value is defined; the column "undef" gives the share of tables
in which it is not (a rare class absent from the sample), and "absent" the share of tables without some class.
The simulation's own error at 2,000 tables is about ±0.005 (one standard error at 0.95).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd

import pandas_agree as pa

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the grid is shared with the slow test

from tests._coverage_grid import CHANCE, RATERS, Cell, absent, draw, grid, truth
from tests._coverage_grid import two_values as _two_values
from tests._coverage_grid import values as _values

METHODS = ["auto", "lin", "z", "blur", "pct", "bca", "de", "mover"]
Z = 1.959963984540054


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


def mover_wilson(table: np.ndarray, axis: int) -> tuple[float, float]:
    """The MOVER–Wilson interval (Zou & Donner 2008; Newcombe 1998's method for sums) of the unweighted average of
    the classes' recalls (``axis=1``: the diagonal over the reference's counts) or precisions (``axis=0``: over the
    predicted counts), over the classes present on that side: ``pandas_agree.inference.analytic.mover_wilson``,
    which ``ci="auto"`` takes with a class of fewer than 20 objects."""
    from pandas_agree.inference.analytic import mover_wilson as interval

    _, low, high = interval(np.diag(table), table.sum(axis=axis))
    return float(low), float(high)


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
    """The coverage of each method's intervals over ``sims`` samples of ``cell``, drawn at once (the generator
    ``[seed, crc32(name)]``, as tests/test_coverage_small.py draws them) and evaluated once per distinct sample,
    its hits weighted by its multiplicity; the bootstrap's ``random_state`` is the distinct sample's index."""
    target = truth(cell)
    distinct, times = draw(cell, sims, np.random.default_rng([seed, zlib_hash(cell.name)]))
    hits = {m: dict.fromkeys(target, 0) for m in methods}
    seen = {m: dict.fromkeys(target, 0) for m in methods}
    undefined = dict.fromkeys(target, 0)
    lacking = 0
    boot = {"n_resamples": resamples}
    for i, (sample, w) in enumerate(zip(distinct, times, strict=True)):
        lacking += w * absent(cell, sample)
        table = sample.reshape(cell.k, cell.k).astype(float) if cell.table is not None else None

        def get(ci, sample=sample, **opts):
            return _values(cell, sample, ci, **opts)

        found = {}
        for m in methods:
            if m == "auto":
                found[m] = get("auto", random_state=i, **boot)
            elif m in ("lin", "z"):
                found.setdefault("lin", get("linearized"))
                if m == "z":
                    found[m] = {v: (x[0], x[1], *transformed(x[0], x[1], -1 if v in CHANCE + RATERS else 0))
                                for v, x in found["lin"].items()}
            elif m == "blur":
                if table is None:
                    continue
                blurred = _two_values(pa.Agreement.from_table(pd.DataFrame(table + 0.5)), cell.k, "linearized")
                lin = found.setdefault("lin", get("linearized"))
                found[m] = {v: (lin[v][0], blurred[v][1],
                                *transformed(lin[v][0], blurred[v][1], -1 if v in CHANCE else 0)) for v in lin}
            elif m in ("pct", "bca"):
                found[m] = get("bootstrap", bootstrap_method={"pct": "percentile", "bca": "bca"}[m],
                               random_state=i, **boot)
            elif m == "de" and table is not None and cell.k == 2:
                found[m] = {v: (np.nan, np.nan, *donner_eliasziw(table)) for v in ("KAPPA", "SPI", "ALPHA")}
            elif m == "mover" and table is not None:
                found[m] = {f"{code} unweighted {timing}": (np.nan, np.nan, *mover_wilson(table, axis))
                            for code, axis in (("REC", 1), ("PRE", 0)) for timing in ("before", "after")}
        reference = found.get("lin") or next(iter(found.values()))
        for v in target:
            if np.isnan(reference[v][0]):
                undefined[v] += w
        for m, found_values in found.items():
            if m not in hits:
                continue
            for v, x in found_values.items():
                if np.isnan(reference[v][0]):
                    continue
                seen[m][v] += w
                hits[m][v] += w * bool(x[2] <= target[v] <= x[3])
    rows = []
    for v in target:
        row = {"value": v, "true": target[v]}
        for m in methods:
            row[m] = hits[m][v] / seen[m][v] if seen[m][v] else np.nan
        row["undef"] = undefined[v] / sims
        rows.append(row)
    out = pd.DataFrame(rows).set_index("value")
    out.attrs["absent"] = lacking / sims
    out.attrs["distinct"] = len(distinct)
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


def read_test_output(path: str) -> dict:
    """The slow test's records (one line of JSON a cell) by cell; the last run of a cell wins."""
    cells = {}
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if line.strip():
            record = json.loads(line)
            cells[record["cell"]] = record
    return cells


def short_list(path: str) -> str:
    """The slow test's SHORT list from its output: by cell, every value outside 0.93–0.97 with its coverage and the
    rule whose interval it was (the rule of most samples where any applied; None where none did)."""
    cells = read_test_output(path)
    lines = []
    for name in (c.name for c in grid() if c.name in cells):
        entries = []
        for v, r in cells[name]["values"].items():
            if 0.93 <= r["coverage"] <= 0.97:
                continue
            rule = max(r["noted"], key=r["noted"].get) if any(r["noted"].values()) else None
            entries.append(f'"{v}": ({r["coverage"]:.4f}, ' + (f'"{rule}"' if rule else "None") + ")")
        if not entries:
            continue
        lines.append(f'    "{name}": {{')
        line = "       "
        for entry in entries:
            if len(line) + len(entry) + 2 > 119:
                lines.append(line)
                line = "       "
            line += f" {entry},"
        lines.extend([line, "    },"])
    return "\n".join(lines)


def outside_table(path: str) -> str:
    """The notes' table of the values outside 0.93–0.97 from the slow test's output: by design (two classes, K
    classes, three raters), value (both timings together) and the rule of most of its samples ("none" where no rule
    applied), how many cells fall below and above and their range, and the cell of the lowest coverage (of the
    highest where none is below)."""
    cells = read_test_output(path)
    design_of = {"two": "two classes", "raters": "three raters"}
    groups: dict[tuple, list] = {}
    for c in grid():
        if c.name not in cells:
            continue
        design = design_of.get(c.name.split("-")[0], "K classes")
        for v, r in cells[c.name]["values"].items():
            if 0.93 <= r["coverage"] <= 0.97:
                continue
            rule = max(r["noted"], key=r["noted"].get) if any(r["noted"].values()) else "none"
            value = re.sub(r" (before|after)$", "", v)
            groups.setdefault((design, value, rule), []).append((r["coverage"], c.name))
    order = {"two classes": 0, "K classes": 1, "three raters": 2}
    lines = ["| design | value | rule | below 0.93 (range) | above 0.97 (range) | lowest in |",
             "|---|---|---|---|---|---|"]
    for (design, value, rule), found in sorted(groups.items(), key=lambda x: (order[x[0][0]], x[0][1], x[0][2])):
        below = sorted(x for x in found if x[0] < 0.93)
        above = sorted(x for x in found if x[0] > 0.97)
        text = [f"{len(x)} ({x[0][0]:.3f}–{x[-1][0]:.3f})" if x else "0" for x in (below, above)]
        where = below[0][1] if below else above[-1][1]
        lines.append(f"| {design} | {value} | {rule} | {text[0]} | {text[1]} | {where} |")
    return "\n".join(lines)


def from_test(path: str) -> str:
    """Markdown tables of the coverage of ``ci="auto"`` from tests/test_coverage_small.py's output (one line of JSON
    a cell): a table per design (the cells' names without the sample size), a row per value, a column per sample
    size; then the values outside 0.93–0.97."""
    cells = read_test_output(path)
    designs: dict[str, list[str]] = {}
    for c in grid():
        if c.name in cells:
            designs.setdefault(c.name.rsplit("-n", 1)[0], []).append(c.name)
    out = []
    for design, names in designs.items():
        labels = list(dict.fromkeys(v for n in names for v in cells[n]["values"]))
        frame = pd.DataFrame({"N = " + n.rsplit("-n", 1)[1]: {v: cells[n]["values"][v]["coverage"] for v in labels}
                              for n in names})
        distinct = ", ".join(f"{cells[n]['distinct']:,}" for n in names)
        out.append(f"**{design}** ({cells[names[0]]['tables']:,} tables a cell; distinct: {distinct})\n\n"
                   + markdown(frame))
    outside = [(n, v, r["coverage"]) for n in cells for v, r in cells[n]["values"].items()
               if not 0.93 <= r["coverage"] <= 0.97]
    out.append(f"{len(outside)} of {sum(len(r['values']) for r in cells.values())} values outside 0.93–0.97")
    return "\n\n".join(out)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sims", type=int, default=400, help="tables per cell (default 400)")
    parser.add_argument("--cells", default=".", help="regular expression the cells' names must match")
    parser.add_argument("--methods", default=",".join(METHODS), help=f"comma-separated, of {','.join(METHODS)}")
    parser.add_argument("--resamples", type=int, default=2000, help="bootstrap resamples (default 2000)")
    parser.add_argument("--values", default=".", help="regular expression the values' labels must match")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--list", action="store_true", help="list the cells and stop")
    parser.add_argument("--from-test", metavar="FILE",
                        help="print the coverage tables of ci=\"auto\" from the slow test's output (its "
                             "PANDAS_AGREE_COVERAGE_OUT file) instead of simulating")
    parser.add_argument("--short", action="store_true",
                        help="with --from-test: print the slow test's SHORT list (the values outside 0.93–0.97)")
    parser.add_argument("--outside", action="store_true",
                        help="with --from-test: print the notes' table of the values outside 0.93–0.97 by design, "
                             "value and rule")
    args = parser.parse_args(argv)
    if args.from_test:
        print(short_list(args.from_test) if args.short else outside_table(args.from_test) if args.outside
              else from_test(args.from_test))
        return 0
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
        print(f"\n### {cell.name} ({args.sims} tables, {frame.attrs['distinct']} distinct; some class absent from "
              f"{frame.attrs['absent']:.1%}; {took:.0f} s)\n")
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
