"""The grid of the coverage study, shared by tests/test_coverage_small.py and benchmarks/coverage_study.py.

Each cell is a true table of two classifications (its joint shares) or a latent-class model of three raters, and
a sample size. A cell's samples are drawn at once: N objects from the multinomial of the true table (a K×K table
of counts), or N subjects from the multinomial of the K³ rating patterns (the counts of the patterns, which is
all that the rater coefficients depend on: the subjects are independent). Identical samples are counted once with
their multiplicity (:func:`draw`): small samples repeat often (2,000 tables of 30 objects on two classes hold about
200 distinct tables), and a deterministic interval of a table is the same each time the table is drawn, so that
weighting the hits of a distinct table by its multiplicity gives exactly the coverage of the 2,000 draws. (A
bootstrap interval of a repeated table is then one resampling's interval, counted as often as the table was drawn:
the expected coverage is the same, only the Monte Carlo error of the resampling is shared among the repeats.)

The values followed (:func:`two_values`, :func:`rater_values`) are called through the public API, one call per
measure family and distinct sample. Nothing here is imported by the package.
"""

from __future__ import annotations

import itertools
import warnings
from dataclasses import dataclass

import numpy as np
import pandas as pd

import pandas_agree as pa

CHANCE = ["KAPPA", "KAPPA_W", "SPI", "BPK", "AC1", "ALPHA"]
RATERS = ["FLEISS", "CONGER", "AC1", "ALPHA", "LIGHT"]
CLASS = ["REC", "PRE", "F1"]
AVERAGED = ["F1", "REC", "PRE"]
AVERAGES = ["unweighted", "weighted", "micro"]
TIMINGS = ["before", "after"]


@dataclass(frozen=True)
class Cell:
    """One cell of the grid: a true table (two classifications) or a rater model, and a sample size."""

    name: str
    n: int
    table: np.ndarray | None = None  # joint shares of (reference, prediction)
    shares: np.ndarray | None = None  # raters: the latent classes' shares
    hit: float = 0.0  # raters: the probability that a rater names the subject's class
    raters: int = 3

    @property
    def k(self) -> int:
        return len(self.table) if self.table is not None else len(self.shares)


def confusion(shares, hits) -> np.ndarray:
    """The joint shares of a classifier that names class k correctly with probability hits[k], otherwise one of the
    other classes at random."""
    shares = np.asarray(shares, float)
    hits = np.broadcast_to(np.asarray(hits, float), shares.shape)
    k = len(shares)
    p = np.repeat(((1 - hits) / (k - 1))[:, None], k, axis=1)
    np.fill_diagonal(p, hits)
    return shares[:, None] * p


def rare_shares(k: int, rare: float) -> np.ndarray:
    """K shares, the last one ``rare``, the others decreasing gently (2:1 from the first to the last common)."""
    common = np.linspace(2, 1, k - 1)
    return np.append((1 - rare) * common / common.sum(), rare)


def grid() -> list[Cell]:
    """The 66 cells: 30 of two classes, 24 of 3–6 classes with a rare one, 12 of three raters."""
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


def quiet(fn, *args, **kwargs):
    """Call ``fn`` with warnings silenced (undefined values are expected in small samples)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return fn(*args, **kwargs)


# --- the values followed -----------------------------------------------------------------------------------------

STATS = ["value", "se", "lower", "upper"]


def _columns(frame: pd.DataFrame, names) -> tuple[np.ndarray, np.ndarray]:
    """The columns ``names`` of ``frame`` side by side as floats, and its column "method", one row per row of
    ``frame``: read from one array of the whole frame (a list of columns, or each column, taken from a frame makes a
    new frame or Series, the largest cost of reading one small result)."""
    at = {name: i for i, name in enumerate(frame.columns.tolist())}
    cells = frame.to_numpy()  # objects: the floats as they are, and the method's text
    return cells[:, [at[name] for name in names]].astype(float), cells[:, at["method"]]


def _labels(index: pd.Index) -> list:
    """The labels of ``index`` (tuples for a MultiIndex, read from its levels and codes: the tuples of a new
    MultiIndex are otherwise built as an array of objects first, which costs as much as the rest of the reading)."""
    if not isinstance(index, pd.MultiIndex):
        return index.tolist()
    levels = [level.tolist() for level in index.levels]
    return list(zip(*([level[i] for i in codes] for level, codes in zip(levels, index.codes, strict=True)),
                    strict=True))


def two_values(ag: pa.Agreement, k: int, ci=None, **opts) -> dict:
    """Every value followed on a table of two classifications over ``k`` classes: with ``ci``, (value, se, lower,
    upper, method, notes) by label; without, the value. ``notes`` are the notes under the result."""
    out = {}
    chance = CHANCE if k > 2 else [c for c in CHANCE if c != "KAPPA_W"]
    mc = quiet(ag.multiclass, chance, ci=ci, **opts)
    if ci:
        notes = tuple(mc.attrs.get("notes", ()))
        stats, methods = _columns(mc, STATS)
        for i, code in enumerate(chance):
            out[code] = (*stats[i], methods[i], notes)
    else:
        out.update(zip(chance, mc["value"].to_numpy(float), strict=True))
    b = quiet(ag.binary, CLASS, ci=ci, **opts)
    rare = dict(zip(_labels(b.columns), b.to_numpy(float)[-1], strict=True))  # the rare class is the last
    if ci:
        notes = tuple(b.attrs.get("notes", ()))
        for code in CLASS:
            out[f"{code}[rare]"] = (*(rare[code, s] for s in STATS), b.attrs["methods"][code], notes)
    else:
        out.update((f"{code}[rare]", rare[code]) for code in CLASS)
    for timing in TIMINGS:
        av = quiet(ag.averages, AVERAGED, average=AVERAGES, timing=timing, ci=ci, **opts)
        table = av.to_numpy(float)
        rows, cols = av.index.tolist(), {c: i for i, c in enumerate(_labels(av.columns))}
        notes = tuple(av.attrs.get("notes", ()))
        for code, method in itertools.product(AVERAGED, AVERAGES):
            if method == "micro" and timing == "after":
                continue  # the micro average does not depend on the timing
            label = f"{code} {method}" + ("" if method == "micro" else f" {timing}")
            row = table[rows.index(code)]
            if ci:
                out[label] = (*(row[cols[method, s]] for s in STATS), av.attrs["methods"][code], notes)
            else:
                out[label] = row[cols[method]]
    return out


def rater_frame(ratings: np.ndarray) -> pd.DataFrame:
    """A frame of one column per rater, one row per subject."""
    return pd.DataFrame(ratings, columns=[f"r{i}" for i in range(ratings.shape[1])])


def rater_values(ra: pa.RaterAgreement, ci=None, **opts) -> dict:
    """The rater coefficients followed: with ``ci``, (value, se, lower, upper, method, notes) by code; without, the
    value."""
    s = quiet(ra.summary, RATERS, ci=ci, **opts)
    at = s.index.get_indexer(RATERS)
    if not ci:
        return dict(zip(RATERS, s["value"].to_numpy(float)[at], strict=True))
    notes = tuple(s.attrs.get("notes", ()))
    stats, methods = _columns(s, STATS)
    stats, methods = stats[at], methods[at]
    return {code: (*stats[i], methods[i], notes) for i, code in enumerate(RATERS)}


# --- the truth and the samples ---------------------------------------------------------------------------------

def patterns(cell: Cell) -> tuple[np.ndarray, np.ndarray]:
    """The K³ rating patterns of a rater cell (one row per pattern) and their probabilities under the model."""
    k = cell.k
    rows = np.array(list(itertools.product(range(k), repeat=cell.raters)))
    given = confusion(cell.shares, cell.hit) / cell.shares[:, None]  # P(rating | class)
    prob = sum(cell.shares[c] * np.prod(given[c][rows], axis=1) for c in range(k))
    return rows, prob


def truth(cell: Cell) -> dict[str, float]:
    """The value of every value followed in the population (the true table, or the patterns' probabilities)."""
    if cell.table is not None:
        return two_values(pa.Agreement.from_table(pd.DataFrame(cell.table * 1e12)), cell.k)
    rows, prob = patterns(cell)
    return rater_values(pa.RaterAgreement(rater_frame(rows), weights=prob * 1e9))


def draw(cell: Cell, sims: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """``sims`` samples of the cell, drawn at once (one multinomial draw of ``sims`` rows), as the distinct samples
    (K×K tables of counts, or counts of the rating patterns) and how many times each was drawn."""
    if cell.table is not None:
        counts = rng.multinomial(cell.n, cell.table.ravel(), size=sims)
    else:
        counts = rng.multinomial(cell.n, patterns(cell)[1], size=sims)
    distinct, times = np.unique(counts, axis=0, return_counts=True)
    return distinct, times


def sample_object(cell: Cell, sample: np.ndarray):
    """The analysis of one sample of :func:`draw`: an Agreement of the table, or a RaterAgreement of the subjects
    (each pattern repeated as often as it was drawn, all categories declared)."""
    if cell.table is not None:
        return pa.Agreement.from_table(pd.DataFrame(sample.reshape(cell.k, cell.k).astype(float)))
    rows = np.repeat(patterns(cell)[0], sample, axis=0)
    return quiet(pa.RaterAgreement, rater_frame(rows), labels=list(range(cell.k)))


def values(cell: Cell, sample: np.ndarray, ci=None, **opts) -> dict:
    """Every value followed on one sample of :func:`draw`, as :func:`two_values` or :func:`rater_values` give it."""
    obj = sample_object(cell, sample)
    return two_values(obj, cell.k, ci, **opts) if cell.table is not None else rater_values(obj, ci, **opts)


def absent(cell: Cell, sample: np.ndarray) -> bool:
    """Whether some class has no object in the sample (on either side)."""
    if cell.table is not None:
        t = sample.reshape(cell.k, cell.k)
        return bool(np.any((t.sum(0) == 0) & (t.sum(1) == 0)))
    seen = np.unique(patterns(cell)[0][sample > 0])
    return len(seen) < cell.k
