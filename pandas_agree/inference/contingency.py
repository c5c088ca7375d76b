"""The tables of SPSS's CROSSTABS for one dense table of counts: the chi-square tests, the risk estimate of a 2×2
table, the cell statistics of ``/CELLS``, the tests over layers of 2×2 tables (``/STATISTICS=CMH``) and a test of
equal kappa across groups.

Every function takes a dense table of non-negative counts (float frequency weights are allowed) whose rows and
columns are in the table's label order, and returns a DataFrame with one row per line of the SPSS table. Full
precision throughout; a value that is undefined is NaN, and the ``note`` column says why.

The formulas are those of the CROSSTABS chapter of IBM SPSS Statistics Algorithms; scipy and statsmodels compute
what they share with it (``scipy.stats.chi2_contingency``, ``fisher_exact``, ``random_table``;
``statsmodels.stats.contingency_tables.StratifiedTable``).
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import pandas as pd

from ..base.rounding import rounded_text
from ..base.undefined import UndefinedMeasureWarning, divide, external_stacklevel, warn_undefined_because
from ..engine.tableview import TableView
from ..measures.registry import REGISTRY
from .delta import TableCells, partials_variances
from .distributions import beta_isf, beta_ppf, chi2_sf, critical_value, two_sided_p
from .tests import centred_scores, independence

__all__ = ["CELLS", "EXACT_WORK", "FEXACT_TOLERANCE", "cell_statistics", "chi_square_tests", "fisher_exact_rxc",
           "generalized_cmh", "kappa_homogeneity", "layered_tests", "margins_label", "risk_estimate"]

CELLS = ("count", "expected", "row", "column", "total", "resid", "sresid", "asresid")
CHI_SQUARE_ROWS = ("Pearson Chi-Square", "Continuity Correction", "Likelihood Ratio", "Fisher's Exact Test",
                   "Linear-by-Linear Association", "N of Valid Cases")
MONTE_CARLO_TABLES = 10_000  # SPSS's default for /METHOD=MC SAMPLES
MONTE_CARLO_LEVEL = 0.99  # SPSS's default for /METHOD=MC CIN
MONTE_CARLO_CELLS = 200_000_000  # the most cells drawn for one Monte Carlo estimate (tables × cells): seconds
FEXACT_TOLERANCE = 3.45254e-7
"""A table larger than 2×2 counts as no more probable than the observed one where its log-probability exceeds the
observed one's by at most this much, as R's fisher.test counts it (FEXACT's ``tol``, "the square root of the
smallest relative spacing"); a 2×2 table where its probability exceeds by at most a relative 10⁻⁷ (R's ``relErr``
and scipy's ``fisher_exact``)."""


def _table(table: Any) -> tuple[np.ndarray, pd.Index, pd.Index, str, str]:
    """Counts as a float array, its row and column labels and the names of the two variables; validated."""
    frame = table if isinstance(table, pd.DataFrame) else pd.DataFrame(np.asarray(table, dtype=float))
    if frame.ndim != 2 or frame.shape[0] == 0 or frame.shape[1] == 0:
        raise ValueError(f"table must be a non-empty two-dimensional table of counts, got shape {frame.shape}")
    try:
        counts = frame.to_numpy(dtype=float)
    except (TypeError, ValueError) as err:
        raise TypeError(f"table must hold numeric counts, got dtypes {sorted(set(map(str, frame.dtypes)))}") from err
    if not np.isfinite(counts).all() or (counts < 0).any():
        raise ValueError("table must hold finite, non-negative counts")
    rows, cols = frame.index, frame.columns
    return counts, rows, cols, str(rows.name) if rows.name is not None else "row", \
        str(cols.name) if cols.name is not None else "column"


def _whole(counts: np.ndarray) -> bool:
    return bool(np.all(counts == np.round(counts)))


def _scores(scores: Any, labels: pd.Index, what: str) -> np.ndarray:
    """The scores of the linear-by-linear test: given, the numeric labels, or 1, 2, … in label order."""
    if scores is None:
        if pd.api.types.is_numeric_dtype(labels.dtype) and not pd.api.types.is_bool_dtype(labels.dtype):
            return labels.to_numpy(dtype=float)
        return np.arange(1.0, len(labels) + 1)
    out = np.asarray(scores, dtype=float)
    if out.shape != (len(labels),) or not np.isfinite(out).all():
        raise ValueError(f"{what} must be {len(labels)} finite numbers, one per label, got {scores!r}")
    return out


def _fisher_2x2(counts: np.ndarray) -> tuple[float, float]:
    """Fisher's exact test of a 2×2 table as SPSS prints it: the two-sided p-value (the tables no more probable
    than the observed one) and the one-sided p-value (the tail of the hypergeometric distribution of n₁₁ on the
    side of the observed table: n₁₁ ≥ its expected count takes the upper tail)."""
    from scipy import stats

    two = float(stats.fisher_exact(counts.astype(np.int64), alternative="two-sided").pvalue)
    (a, b), (c, d) = counts
    n, row, col = a + b + c + d, a + b, a + c
    dist = stats.hypergeom(int(n), int(row), int(col))
    one = float(dist.sf(a - 1) if a * n >= row * col else dist.cdf(a))
    return two, min(one, 1.0)


# --- Fisher's exact test of an r×c table: the network algorithm ----------------------------------------------------

EXACT_WORK = 5_000_000
"""The most work the exact test of a table larger than 2×2 may take before the Monte Carlo estimate stands in for
it: the partial tables the network algorithm forms (each node's paths along each of its arcs, the arcs of the
stages before the last two columns, the completions of the last two). Each step's count is known before the step
is taken, so the bound holds whatever the table. A unit takes about 0.1 µs of CPU on the 2-core development
machine, so the bound is about half a second; ``exact_work=`` raises it (MSPatients' Winnipeg table takes 13.4
million, 0.85 s; R's fisher.test 5.4 s with a workspace of 2·10⁷, and fails with its default)."""
_CHUNK = 1 << 21  # partial tables formed at a time: memory stays below a few hundred MiB whatever the work
_GRID = 1e-9  # paths to one node whose log-probabilities agree this closely are merged


class _LogFactorial:
    """log n! of whole numbers n ≤ N: looked up in a table up to 2²², ``scipy.special.gammaln`` beyond."""

    def __init__(self, n: int):
        from scipy import special

        self._gammaln = special.gammaln
        self.table = special.gammaln(np.arange(n + 1) + 1.0) if n <= 1 << 22 else None

    def __call__(self, x):
        return self.table[x] if self.table is not None else self._gammaln(np.asarray(x, dtype=float) + 1.0)


def _composition_counts(keys: np.ndarray, total: int) -> np.ndarray:
    """For each row m of ``keys`` (U, R), the number of x with Σ x = ``total`` and 0 ≤ x ≤ m, as floats."""
    block = max(1, _CHUNK // (total + 1))
    if len(keys) > block:
        return np.concatenate([_composition_counts(keys[i:i + block], total) for i in range(0, len(keys), block)])
    ways = np.zeros((len(keys), total + 1))
    ways[:, 0] = 1.0
    span = np.arange(total + 1)
    for i in range(keys.shape[1]):  # Σ_{x=0..m} ways[s − x], from the running sums
        running = np.cumsum(ways, axis=1)
        drop = span[None, :] - keys[:, i:i + 1] - 1
        ways = running - np.where(drop >= 0, np.take_along_axis(running, np.maximum(drop, 0), axis=1), 0.0)
    return ways[:, total]


def _compositions(keys: np.ndarray, total: int, lf: _LogFactorial, paired: bool = False):
    """Every x with Σ x = ``total`` and 0 ≤ x ≤ m, for each row m of ``keys`` (U, R, ascending), up to the order
    of the x of equal m (rows of equal totals are interchangeable: the x of a run of equal m are taken in
    non-increasing order, and each stands for its number of distinct orders). Gives the row of ``keys`` (the
    parent) of each x, the x themselves (A, R), Σ log x_i! and that number; with ``paired``, no x, and Σ log x_i!
    + log (m_i − x_i)!, the last two columns of a table (the second holding what the first leaves). The x of one
    parent come together, parents in order; each row i takes x_i from max(0, left − Σ of the rows after it) to
    min(m_i, left), so that the last row takes what is left."""
    nodes, width = keys.shape
    after = np.zeros_like(keys)
    after[:, :-1] = np.cumsum(keys[:, :0:-1], axis=1)[:, ::-1]
    parent, left, score = np.arange(nodes), np.full(nodes, total, dtype=np.int64), np.zeros(nodes)
    previous, run, group, multiple = np.zeros(nodes, dtype=np.int64), np.zeros(nodes), np.zeros(nodes), np.zeros(nodes)
    columns: list[np.ndarray] = []
    for i in range(width):
        m = keys[parent, i]
        tied = (m == keys[parent, i - 1]) if i else np.zeros(len(parent), dtype=bool)
        if i == width - 1:
            x = left
            keep = ~tied | (x <= previous)
            if not keep.all():
                parent, x, score, previous, run, group, multiple, m, tied = (
                    a[keep] for a in (parent, x, score, previous, run, group, multiple, m, tied))
                columns = [c[keep] for c in columns]
        else:
            low = np.maximum(0, left - after[parent, i])
            high = np.minimum(m, left)
            high = np.where(tied, np.minimum(high, previous), high)
            count = np.maximum(high - low + 1, 0)
            step = np.repeat(np.arange(len(parent)), count)
            x = np.repeat(low - (np.cumsum(count) - count), count) + np.arange(len(step))
            parent, left, score, m, tied = parent[step], left[step] - x, score[step], m[step], tied[step]
            previous, run, group, multiple = previous[step], run[step], group[step], multiple[step]
            columns = [c[step] for c in columns]
        # the x of a run of equal m in non-increasing order stand for (run length)! / Π (equal x)! orders
        group = np.where(tied, group + 1, 1.0)
        run = np.where(tied & (x == previous), run + 1, 1.0)
        multiple = multiple + np.log(group) - np.log(run)
        previous = x
        score = score + lf(x) + (lf(m - x) if paired else 0.0)
        if not paired:
            columns.append(x)
    return parent, (np.stack(columns, axis=1) if columns else None), score, np.rint(np.exp(multiple))


def _codes(rows: np.ndarray, base: int) -> np.ndarray:
    """An int64 code of each row of sorted remaining row totals, each below ``base`` (base^width < 2⁶²)."""
    code = np.zeros(len(rows), dtype=np.int64)
    for i in range(rows.shape[1]):
        code = code * base + rows[:, i]
    return code


def _decode(code: np.ndarray, base: int, width: int) -> np.ndarray:
    """The rows of :func:`_codes`."""
    rows = np.empty((len(code), width), dtype=np.int64)
    for i in range(width - 1, -1, -1):
        code, rows[:, i] = np.divmod(code, base)
    return rows


def _path_bounds(keys: np.ndarray, columns: np.ndarray, lf: _LogFactorial) -> tuple[np.ndarray, np.ndarray]:
    """For the tables with row totals ``keys`` (U, R) and column totals ``columns``: an upper bound of the longest
    path, max −Σ log n_ij! (the most probable table), and a lower bound of the shortest (the least probable).

    Longest: min Σ log n_ij! is at least Σ_i a_i m_i + Σ_j b_j c_j + Σ_ij min over n = 0 … min(m_i, c_j) of
    (log n! − (a_i + b_j) n), whatever a and b (weak duality of the Lagrangian); a_i = log m_i and b_j = log c_j −
    log M put the inner minimisers, ⌊e^(a_i + b_j)⌋, near the expected counts m_i c_j / M. Shortest: max Σ log
    n_ij! is at most that of each column filling its largest rows first with the row totals dropped (the greedy
    fill is that relaxation's maximum: Σ log n! is Schur-convex), and of each row filling its largest columns."""
    m, c = keys.astype(float), columns.astype(float)
    total = m.sum(axis=1)
    with np.errstate(divide="ignore"):
        a = np.log(m)  # −inf for an empty row, whose cells are 0 and add nothing
    t = a[:, :, None] + (np.log(c)[None, :] - np.log(total)[:, None])[:, None, :]
    cap = np.minimum(keys[:, :, None], columns[None, None, :])
    finite = np.isfinite(t)
    tt = np.where(finite, t, 0.0)
    guess = np.where(finite, np.floor(np.exp(np.minimum(tt, 40.0))), 0.0).astype(np.int64)
    inner = np.full(t.shape, np.inf)
    for shift in (-1, 0, 1):  # the minimiser ⌊e^t⌋ and its neighbours, against rounding
        n = np.clip(guess + shift, 0, cap)
        inner = np.minimum(inner, lf(n) - tt * n)
    dual = ((np.where(m > 0, a, 0.0) * m).sum(axis=1) + (np.log(c) * c).sum()
            - np.log(total) * total + inner.sum(axis=(1, 2)))
    longest = -dual + 1e-9 * (1.0 + np.abs(dual))
    rows_down, cols_down = -np.sort(-keys, axis=1), -np.sort(-columns)
    by_column = np.clip(columns[None, :, None] - (np.cumsum(rows_down, axis=1) - rows_down)[:, None, :], 0,
                        rows_down[:, None, :])
    by_row = np.clip(keys[:, :, None] - (np.cumsum(cols_down) - cols_down)[None, None, :], 0, cols_down)
    most = np.minimum(lf(by_column).sum(axis=(1, 2)), lf(by_row).sum(axis=(1, 2)))
    return longest, -most - 1e-9 * (1.0 + most)


def _order(major: np.ndarray, minor: np.ndarray) -> np.ndarray:
    """The order of (``major``, ``minor``) pairs of non-negative and of any integers: one argsort of a combined
    int64 key where both fit in 62 bits (a lexsort is several times slower), a lexsort otherwise."""
    if not len(major):
        return np.zeros(0, dtype=np.intp)
    low = minor.min()
    span = int(minor.max()) - int(low) + 1
    if int(major.max()) * span + span < 1 << 62:
        return np.argsort(major * span + (minor - low))
    return np.lexsort((minor, major))


def _merge(node: np.ndarray, past: np.ndarray, weight: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Paths into one node whose log-probabilities agree within :data:`_GRID`, as one path of their summed weight."""
    grid = np.rint(past / _GRID).astype(np.int64)
    order = _order(node, grid)
    node, grid, past, weight = node[order], grid[order], past[order], weight[order]
    new = np.ones(len(node), dtype=bool)
    new[1:] = (node[1:] != node[:-1]) | (grid[1:] != grid[:-1])
    starts = np.flatnonzero(new)
    return node[starts], past[starts], (np.add.reduceat(weight, starts) if len(starts) else weight)


def _segmented_logcumsum(values: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """log Σ exp of ``values`` up to each position, starting afresh where ``starts`` is True (log₂ steps)."""
    out = values.copy()
    first = np.flatnonzero(starts)
    position = np.arange(len(values)) - first[np.cumsum(starts) - 1]
    shift = 1
    while len(values) and shift <= position.max():
        at = np.flatnonzero(position >= shift)
        out[at] = np.logaddexp(out[at], out[at - shift])
        shift *= 2
    return out


def _last_two(keys, node, past, weight, first: int, lf: _LogFactorial, const: float, threshold: float) -> np.ndarray:
    """The log-probabilities the paths (``node``, ``past``, ``weight``) add through their completions by the last
    two columns (the first of total ``first``): for each path, Σ exp(f) over the completions f of its node with
    past + f ≤ ``threshold``. Each completion is placed among its node's sorted bounds threshold − past (so the
    completions are never sorted), each place sums its completions, and a running sum over the places gives each
    path its share; every sum adds positive terms, scaled by the place's bound."""
    order = np.argsort(past)[::-1]  # by node, and within a node by the bound threshold − past
    order = order[np.argsort(node[order], kind="stable")]
    node, past, weight = node[order], past[order], weight[order]
    bound = threshold - past
    sums = np.zeros(len(node))
    own = np.searchsorted(node, np.arange(len(keys) + 1))  # the paths of node u are own[u]:own[u + 1]
    edges = np.concatenate([[0.0], np.cumsum(_composition_counts(keys, first))])
    start = 0
    while start < len(keys):  # the completions of a bounded number of nodes at a time
        stop = max(start + 1, int(np.searchsorted(edges, edges[start] + _CHUNK, side="right")) - 1)
        parent, _, score, times = _compositions(keys[start:stop], first, lf, paired=True)
        at = np.searchsorted(parent, np.arange(stop - start + 1))
        slot = np.empty(len(parent), dtype=np.int64)
        for u in range(start, stop):
            a, b = at[u - start], at[u - start + 1]
            slot[a:b] = own[u] + np.searchsorted(bound[own[u]:own[u + 1]], -score[a:b], side="left")
        inside = slot < own[parent + start + 1]  # beyond every bound of its node: more probable, left out
        slot = slot[inside]
        sums += np.bincount(slot, weights=times[inside] * np.exp(-score[inside] - bound[slot]), minlength=len(node))
        start = stop
    new = np.ones(len(node), dtype=bool)
    new[1:] = node[1:] != node[:-1]
    with np.errstate(divide="ignore"):
        cumulative = _segmented_logcumsum(np.log(sums) + bound, new)
    return (np.log(weight) + const + past + cumulative)[np.isfinite(cumulative)]


def _arcs(keys: np.ndarray, total: int, lf: _LogFactorial, base: int):
    """The arcs that fill the next column (of ``total``) from each node (row of ``keys``): parent node, child node,
    length −Σ log x_i! and number (the orders of the x of equal row totals, :func:`_compositions`), ordered by
    parent; and the child nodes' sorted row totals. Formed a bounded number at a time."""
    width = keys.shape[1]
    codable = width * np.log2(base) < 62
    edges = np.concatenate([[0.0], np.cumsum(_composition_counts(keys, total))])
    parts, start = [], 0
    while start < len(keys):
        stop = max(start + 1, int(np.searchsorted(edges, edges[start] + _CHUNK, side="right")) - 1)
        parent, x, score, times = _compositions(keys[start:stop], total, lf)
        rows = np.sort(keys[start:stop][parent] - x, axis=1)
        parts.append((parent + start, _codes(rows, base) if codable else rows, -score, times))
        start = stop
    parent, found, length, times = (np.concatenate(p) for p in zip(*parts, strict=True))
    if codable:
        unique, child = np.unique(found, return_inverse=True)
        return parent, child.ravel(), length, times, _decode(unique, base, width)
    unique, child = np.unique(found, axis=0, return_inverse=True)  # a wide table of large totals
    return parent, child.ravel(), length, times, unique


def fisher_exact_rxc(table: Any, *, max_work: int = EXACT_WORK) -> tuple[float, int] | None:
    """Fisher's exact test of an r×c table of whole counts (the Fisher–Freeman–Halton test): the probability,
    given both margins, of the tables no more probable than the observed one, by the network algorithm of Mehta
    & Patel (1983).

    The tables with the observed margins are the paths of a network: the columns are taken one at a time, and a
    node of stage k is the multiset of row totals the first k columns leave (the rows are interchangeable, so it
    is held sorted); the arc that fills column k + 1 with x has length −Σ log x_i!, and a table's probability is
    exp(const + the length of its path). At every node the paths that reached it are grouped by their length
    (within 10⁻⁹; their numbers are weights), and a bound on the longest and the shortest completion
    (:func:`_path_bounds`) settles each group where it can: if even the most probable completion is no more
    probable than the observed table, all of them count, with their total probability in closed form
    (M!/(Π m_i! Π c_j!) for the completions of a node); if even the least probable is more probable, none counts;
    otherwise the group goes on to the next stage. The last two columns are enumerated node by node and their
    completions placed among the node's groups (:func:`_last_two`). As FEXACT does, the longer side of the table
    gives the stages and the columns come smallest first.

    "No more probable" is up to :data:`FEXACT_TOLERANCE` = 3.45254 × 10⁻⁷ on the log scale, as R's FEXACT counts
    (its ``tol``), where R's 2×2 test and scipy's ``fisher_exact`` count up to a relative 10⁻⁷: it decides the
    tables whose probability exceeds the observed one's by a relative 10⁻⁷ to 3.45 × 10⁻⁷, such as one table of
    ``vcd::JobSatisfaction``'s supervisor × (management, own), whose p is 7.626845e-19 counted so (R's value) and
    7.626278e-19 with 10⁻⁷.

    Parameters
    ----------
    table : array_like
        Whole counts, at least 2×2 after empty rows and columns are left out.
    max_work : int, default :data:`EXACT_WORK`
        The most partial tables the algorithm may form; None is returned before it would form more.

    Returns
    -------
    (float, int) or None
        The p-value and the work it took, or None where that would exceed ``max_work``.

    Examples
    --------
    >>> from pandas_agree.inference.contingency import fisher_exact_rxc
    >>> job = [[1, 2, 1, 0], [3, 3, 6, 1], [10, 10, 14, 9], [6, 7, 12, 11]]  # R's ?fisher.test: 0.7827
    >>> round(fisher_exact_rxc(job)[0], 4)
    0.7827
    """
    t = np.asarray(table)
    if t.ndim != 2 or not np.issubdtype(t.dtype, np.number) or (t < 0).any() or np.any(t != np.round(t)):
        raise ValueError("table must be a two-dimensional table of whole, non-negative counts")
    t = t.astype(np.int64)
    t = t[t.sum(axis=1) > 0][:, t.sum(axis=0) > 0]
    if min(t.shape) < 2:
        return 1.0, 0
    if t.shape[0] > t.shape[1]:
        t = t.T
    rows, cols = np.sort(t.sum(axis=1)), np.sort(t.sum(axis=0))
    lf = _LogFactorial(int(t.sum()))
    observed = -float(lf(t).sum())
    const = float(lf(rows).sum() + lf(cols).sum() - lf(np.array([t.sum()]))[0])
    threshold = observed + FEXACT_TOLERANCE
    base = int(rows.max()) + 1
    keys = rows[None, :]
    node, past, weight = np.zeros(1, dtype=np.int64), np.zeros(1), np.ones(1)
    terms: list[np.ndarray] = []
    work = 0
    for k in range(len(cols) - 1):
        rest = cols[k:]
        longest, shortest = _path_bounds(keys, rest, lf)
        every = past + longest[node] <= threshold
        mass = lf(keys.sum(axis=1)) - lf(keys).sum(axis=1) - lf(rest).sum()  # log Σ over a node's completions
        terms.append(np.log(weight[every]) + const + past[every] + mass[node[every]])
        open_ = ~every & (past + shortest[node] <= threshold)
        node, past, weight = node[open_], past[open_], weight[open_]
        if not len(node):
            break
        used, node = np.unique(node, return_inverse=True)
        keys = keys[used]
        arcs = float(_composition_counts(keys, int(cols[k])).sum())
        if k == len(cols) - 2:
            work += int(arcs) + len(node)
            if work > max_work:
                return None
            terms.append(_last_two(keys, node, past, weight, int(cols[k]), lf, const, threshold))
            break
        work += int(arcs)
        if work > max_work:
            return None
        parent, child, length, times, child_keys = _arcs(keys, int(cols[k]), lf, base)
        per_node = np.bincount(parent, minlength=len(keys))
        first_arc = np.cumsum(per_node) - per_node
        fan = per_node[node]
        work += int(fan.sum())
        if work > max_work:
            return None
        ends = np.concatenate([[0], np.cumsum(fan)])
        pieces, start = [], 0
        while start < len(node):  # each path along each arc of its node, a bounded number at a time
            stop = max(start + 1, int(np.searchsorted(ends, ends[start] + _CHUNK, side="right")) - 1)
            f = fan[start:stop]
            path = np.repeat(np.arange(start, stop), f)
            arc = np.repeat(first_arc[node[start:stop]] - (np.cumsum(f) - f), f) + np.arange(len(path))
            pieces.append(_merge(child[arc], past[path] + length[arc], weight[path] * times[arc]))
            start = stop
        node, past, weight = (np.concatenate(p) for p in zip(*pieces, strict=True))
        if len(pieces) > 1:
            node, past, weight = _merge(node, past, weight)
        keys = child_keys
    found = np.concatenate(terms) if terms else np.empty(0)
    if not len(found):
        return 0.0, work
    top = found.max()
    return min(1.0, float(np.exp(top + np.log(np.exp(found - top).sum())))), work


def _monte_carlo(counts: np.ndarray, n_tables: int, random_state: Any) -> dict:
    """Fisher–Freeman–Halton test of an r×c table by Monte Carlo, as R's ``fisher.test(simulate.p.value=TRUE)``:
    (1 + X)/(B + 1), X of B = ``n_tables`` tables drawn with the observed margins (``scipy.stats.random_table``)
    no more probable than the observed one (up to :data:`FEXACT_TOLERANCE`, as the exact test counts them; R's
    simulation counts ties within 64 ulps), never 0 (the observed table is one of the
    tables the null hypothesis allows); its standard error √(p(1 − p)/B) and the 99% Clopper–Pearson interval of
    the p-value from X of B (SPSS's level for /METHOD=MC)."""
    from scipy import special, stats

    rng = np.random.default_rng(None if isinstance(random_state, str) else random_state)
    rows, cols = counts.sum(axis=1), counts.sum(axis=0)
    dist = stats.random_table(rows.astype(np.int64), cols.astype(np.int64), seed=rng)
    # a table's probability falls as Σ log n_ij! rises (the margins are fixed)
    threshold = special.gammaln(counts + 1).sum() - FEXACT_TOLERANCE
    chunk = max(1, min(n_tables, 2_000_000 // counts.size))
    hits, drawn = 0, 0
    while drawn < n_tables:
        size = min(chunk, n_tables - drawn)
        tables = dist.rvs(size=size).astype(float)
        hits += int((special.gammaln(tables + 1).sum(axis=(1, 2)) >= threshold).sum())
        drawn += size
    p = (1 + hits) / (n_tables + 1)
    half = (1 - MONTE_CARLO_LEVEL) / 2
    lower = 0.0 if hits == 0 else float(beta_ppf(half, hits, n_tables - hits + 1))
    upper = 1.0 if hits == n_tables else float(beta_isf(half, hits + 1, n_tables - hits))
    return {"pvalue": p, "se": float(np.sqrt(p * (1 - p) / n_tables)), "tables": n_tables, "count": hits,
            "level": MONTE_CARLO_LEVEL, "lower": lower, "upper": upper, "interval": "Clopper–Pearson"}


def chi_square_tests(table: Any, row_scores: Any = None, col_scores: Any = None, random_state: Any = None, *,
                     monte_carlo_tables: int = MONTE_CARLO_TABLES, exact_work: int = EXACT_WORK) -> pd.DataFrame:
    """SPSS's "Chi-Square Tests" table of one crosstab.

    Rows and columns without a case are left out first (SPSS's crosstab never shows them), so the degrees of
    freedom are (R − 1)(C − 1) over the rows and columns that occur. Then:

    * Pearson chi-square Σ (n − e)²/e and the likelihood ratio 2 Σ n ln(n/e), (R − 1)(C − 1) df;
    * the continuity correction (Yates), 2×2 tables only: N (|n₁₁n₂₂ − n₁₂n₂₁| − N/2)² / (r₁r₂c₁c₂), and 0 where
      |n₁₁n₂₂ − n₁₂n₂₁| ≤ N/2, 1 df;
    * Fisher's exact test: for a 2×2 table the exact two-sided p-value (the tables with the observed margins no
      more probable than the observed one) and the one-sided p-value (the tail of n₁₁ on the observed side);
      for a larger table the exact Fisher–Freeman–Halton p-value (:func:`fisher_exact_rxc`, the network
      algorithm, as R's ``fisher.test``) where it takes at most ``exact_work`` partial tables, and otherwise its
      Monte Carlo estimate from B = ``monte_carlo_tables`` tables drawn with the observed margins
      (``scipy.stats.random_table``): (1 + X)/(B + 1) with X the tables no more probable than the observed one,
      as R's ``simulate.p.value=TRUE`` (never 0), with its standard error √(p(1 − p)/B) and the 99%
      Clopper–Pearson interval of the p-value from X of B in ``attrs["monte_carlo"]`` (SPSS's ``/METHOD=MC``
      prints a 99% interval). Only for whole counts;
    * linear-by-linear association M² = (N − 1) r², r the Pearson correlation of the row and column scores, 1 df;
    * N of valid cases.

    Parameters
    ----------
    table : pandas.DataFrame or array_like
        R×C counts, rows and columns in label order (a DataFrame's index and columns name the labels and, by
        their ``name``, the variables).
    row_scores, col_scores : array_like, optional
        Scores of the linear-by-linear test, one per label. By default the labels themselves where they are
        numbers (SPSS uses the numeric codes) and 1, 2, … in label order otherwise.
    random_state : int, numpy.random.Generator or None
        Seed of the Monte Carlo estimate of Fisher's test for tables larger than 2×2 (None or ``"fresh"``: fresh
        randomness).
    monte_carlo_tables : int, default 10000
        Number of tables drawn for that estimate (SPSS's default).
    exact_work : int, default :data:`EXACT_WORK`
        The most partial tables the exact test of a table larger than 2×2 may form (a bound of a few seconds);
        beyond, or with 0, the Monte Carlo estimate.

    Returns
    -------
    pandas.DataFrame
        Six rows (Pearson Chi-Square, Continuity Correction, Likelihood Ratio, Fisher's Exact Test,
        Linear-by-Linear Association, N of Valid Cases) and the columns ``value``, ``df``, ``pvalue`` (asymptotic,
        two-sided), ``exact_2sided``, ``exact_1sided`` and ``note`` (why a value is NaN, or how it was computed).
        ``attrs`` holds SPSS's footnote: ``cells_expected_below_5``, ``percent_expected_below_5``,
        ``min_expected``; ``exact_work`` (the partial tables the exact r×c test formed) or None; and
        ``monte_carlo`` (pvalue, se, tables, count, level, lower, upper, interval) or None.

    Examples
    --------
    >>> import pandas as pd
    >>> from pandas_agree.inference.contingency import chi_square_tests
    >>> t = pd.DataFrame([[28, 10], [48, 114]], index=["food", "affection"], columns=["yes", "no"])
    >>> res = chi_square_tests(t)
    >>> res[["value", "df", "pvalue"]].round(3).iloc[[0, 1, 2, 4]]
                                   value   df  pvalue
    statistic
    Pearson Chi-Square            25.356  1.0     0.0
    Continuity Correction         23.520  1.0     0.0
    Likelihood Ratio              24.932  1.0     0.0
    Linear-by-Linear Association  25.229  1.0     0.0
    >>> res.attrs["cells_expected_below_5"], round(res.attrs["min_expected"], 2)
    (0, 14.44)
    """
    counts, rows, cols, _, _ = _table(table)
    r_scores = _scores(row_scores, rows, "row_scores")
    c_scores = _scores(col_scores, cols, "col_scores")
    if not isinstance(monte_carlo_tables, (int, np.integer)) or isinstance(monte_carlo_tables, bool) \
            or monte_carlo_tables < 1:
        raise ValueError(f"monte_carlo_tables must be a positive integer, got {monte_carlo_tables!r}")
    if not isinstance(exact_work, (int, np.integer)) or isinstance(exact_work, bool) or exact_work < 0:
        raise ValueError(f"exact_work must be a non-negative integer (0: no exact test beyond 2×2), got "
                         f"{exact_work!r}")
    keep_r, keep_c = counts.sum(axis=1) > 0, counts.sum(axis=0) > 0
    t = counts[np.ix_(keep_r, keep_c)]
    r_scores, c_scores = r_scores[keep_r], c_scores[keep_c]
    n = float(counts.sum())
    out = pd.DataFrame(np.nan, index=pd.Index(CHI_SQUARE_ROWS, name="statistic"),
                       columns=["value", "df", "pvalue", "exact_2sided", "exact_1sided"])
    out["note"] = ""
    out.loc["N of Valid Cases", "value"] = n
    out.attrs.update(cells_expected_below_5=0, percent_expected_below_5=np.nan, min_expected=np.nan,
                     monte_carlo=None, exact_work=None)
    if t.shape[0] < 2 or t.shape[1] < 2:
        # as the Symmetric and Directional Measures say it (SPSS: "No statistics are computed because ... is a
        # constant")
        reason = ("the table is empty" if t.size == 0 else "no statistics are computed: one of the variables is a "
                  f"constant (a single non-empty {'row' if t.shape[0] < 2 else 'column'})")
        out.loc[list(CHI_SQUARE_ROWS[:-1]), "note"] = reason
        return out
    r, c = t.sum(axis=1), t.sum(axis=0)
    e = np.outer(r, c) / n
    df = float((t.shape[0] - 1) * (t.shape[1] - 1))
    below = int((e < 5).sum())
    out.attrs.update(cells_expected_below_5=below, percent_expected_below_5=100.0 * below / e.size,
                     min_expected=float(e.min()))

    # the package's chi-square and G² (only the cells and margins of the view are read: no matching classes)
    none = np.empty(0, dtype=int)
    pearson, lr, _ = independence(TableView(t, none, none, np.arange(t.shape[0]), np.arange(t.shape[1]),
                                            max(t.shape)))
    out.loc["Pearson Chi-Square", ["value", "df", "pvalue"]] = [pearson, df, chi2_sf(pearson, df)]
    out.loc["Likelihood Ratio", ["value", "df", "pvalue"]] = [lr, df, chi2_sf(lr, df)]

    is_2x2 = t.shape == (2, 2)
    if is_2x2:
        cross = abs(t[0, 0] * t[1, 1] - t[0, 1] * t[1, 0])
        yates = float(n * (cross - n / 2) ** 2 / (r.prod() * c.prod())) if cross > n / 2 else 0.0
        out.loc["Continuity Correction", ["value", "df", "pvalue"]] = [yates, 1.0, chi2_sf(yates, 1)]
    else:
        out.loc["Continuity Correction", "note"] = "computed only for a 2×2 table"

    fisher = "Fisher's Exact Test"
    if not _whole(t):
        out.loc[fisher, "note"] = "exact test needs whole counts (the table has fractional weights)"
    elif is_2x2:
        out.loc[fisher, ["exact_2sided", "exact_1sided"]] = _fisher_2x2(t)
        out.loc[fisher, "note"] = "exact (hypergeometric)"
    else:
        exact = fisher_exact_rxc(t, max_work=int(exact_work)) if exact_work else None
        why = (f"the exact test would take more than exact_work = {int(exact_work):,} partial tables" if exact_work
               else "exact_work = 0 asks for no exact test")
        if exact is not None:
            out.loc[fisher, "exact_2sided"] = exact[0]
            out.loc[fisher, "note"] = "exact (network algorithm, Mehta & Patel 1983)"
            out.attrs["exact_work"] = exact[1]
        elif t.size * int(monte_carlo_tables) > MONTE_CARLO_CELLS:
            out.loc[fisher, "note"] = (f"not computed: {why}, and {int(monte_carlo_tables):,} Monte Carlo tables of "
                                       f"{t.size:,} cells would draw more than {MONTE_CARLO_CELLS:,} cells; the "
                                       "Pearson chi-square stands in for it")
        else:
            mc = _monte_carlo(t, int(monte_carlo_tables), random_state)
            out.attrs["monte_carlo"] = mc
            out.loc[fisher, "exact_2sided"] = mc["pvalue"]
            out.loc[fisher, "note"] = (
                f"Monte Carlo estimate (1 + X)/(B + 1) (Fisher–Freeman–Halton), as {why}: X = {mc['count']:,} of "
                f"B = {mc['tables']:,} tables drawn with the observed margins are no more probable than the observed "
                f"one; {100 * mc['level']:g}% Clopper–Pearson interval of the p-value "
                f"[{rounded_text(mc['lower'], 3, 'g')}, "
                f"{rounded_text(mc['upper'], 3, 'g')}]; one-sided only for 2×2")

    w_r, w_c = centred_scores(r_scores, r), centred_scores(c_scores, c)
    corr = divide(w_r @ t @ w_c, np.sqrt((r * w_r**2).sum() * (c * w_c**2).sum()))
    lin = "Linear-by-Linear Association"
    if np.isnan(corr):
        out.loc[lin, "note"] = "undefined: the row or column scores do not vary"
    else:
        m2 = float((n - 1) * corr**2)
        out.loc[lin, ["value", "df", "pvalue"]] = [m2, 1.0, chi2_sf(m2, 1)]
    return out


def _printed(labels: pd.Index) -> list[str]:
    """Two labels as a title prints them: as text, or, where they print alike (1 and "1", or "a" and "a " cut),
    as Python writes them (1 and '1'), and by position where even that does not tell them apart."""
    texts = [str(x) for x in labels]
    if texts[0] == texts[1]:
        texts = [repr(x) for x in labels]
    if texts[0] == texts[1]:
        texts = [f"{text} (#{i + 1})" for i, text in enumerate(texts)]
    return texts


def _risk_title(rows: pd.Index, cols: pd.Index, row_name: str, col_name: str) -> list[str]:
    """The four titles of the Risk Estimate, distinct whatever the labels (a frame's rows are found by them)."""
    (r1, r2), (c1, c2) = _printed(rows), _printed(cols)
    return [f"Odds Ratio for {row_name} ({r1} / {r2})", f"For cohort {col_name} = {c1}",
            f"For cohort {col_name} = {c2}", "N of Valid Cases"]


def risk_estimate(table: Any, confidence_level: float = 0.95) -> pd.DataFrame:
    """SPSS's "Risk Estimate" table of a 2×2 table: the odds ratio and the relative risk of each column cohort.

    With cells [[a, b], [c, d]] and row totals r₁, r₂:

    * odds ratio ad/(bc), interval exp(ln OR ± z √(1/a + 1/b + 1/c + 1/d)) (Woolf's log method);
    * relative risk for the cohort of the first column (a/r₁)/(c/r₂), interval exp(ln RR ± z √(b/(a r₁) +
      d/(c r₂))) (the log method), and for the cohort of the second column (b/r₁)/(d/r₂), interval
      exp(ln RR ± z √(a/(b r₁) + c/(d r₂)));
    * N of valid cases.

    As in SPSS, nothing is computed for a table with an empty cell (the values are NaN with that reason).

    Parameters
    ----------
    table : pandas.DataFrame or array_like
        2×2 counts; the first row is the one the odds ratio and the relative risks put in the numerator.
    confidence_level : float, default 0.95
        Level of the intervals.

    Returns
    -------
    pandas.DataFrame
        Four rows titled as SPSS titles them ("Odds Ratio for <row variable> (<row 1> / <row 2>)", "For cohort
        <column variable> = <column 1>", "… = <column 2>", "N of Valid Cases") and the columns ``measure``
        ("odds ratio", "relative risk", "N of valid cases"), ``cohort`` (the column label of a relative risk),
        ``value``, ``se_log`` (standard error of the log), ``lower``, ``upper`` and ``note``. The titles are
        distinct: two labels that print alike (1 and "1") are written as Python writes them (1 and '1').

    Examples
    --------
    >>> import pandas as pd
    >>> from pandas_agree.inference.contingency import risk_estimate
    >>> t = pd.DataFrame([[20, 80], [15, 135]], index=pd.Index(["placebo", "aspirin"], name="group"),
    ...                  columns=pd.Index(["yes", "no"], name="heart attack"))
    >>> risk_estimate(t)[["value", "lower", "upper"]].round(3)
                                               value   lower    upper
    statistic
    Odds Ratio for group (placebo / aspirin)   2.250   1.090    4.643
    For cohort heart attack = yes              2.000   1.076    3.717
    For cohort heart attack = no               0.889   0.795    0.994
    N of Valid Cases                         250.000     NaN      NaN
    """
    counts, rows, cols, row_name, col_name = _table(table)
    if counts.shape != (2, 2):
        raise ValueError(f"the risk estimate needs a 2×2 table, got shape {counts.shape}")
    if not (isinstance(confidence_level, (float, int)) and 0 < confidence_level < 1):
        raise ValueError(f"confidence_level must be a number between 0 and 1, got {confidence_level!r}")
    index = pd.Index(_risk_title(rows, cols, row_name, col_name), dtype=object, name="statistic")
    cohorts = np.empty(4, dtype=object)  # labels as objects: a str UTF-8 cannot encode is a label too
    cohorts[1], cohorts[2] = cols[0], cols[1]
    out = pd.DataFrame({"measure": ["odds ratio", "relative risk", "relative risk", "N of valid cases"],
                        "cohort": pd.Series(cohorts, index=index, dtype=object)}, index=index)
    for column in ("value", "se_log", "lower", "upper"):
        out[column] = np.nan
    out["note"] = ""
    out.iloc[3, out.columns.get_loc("value")] = counts.sum()
    if (counts == 0).any():
        out.iloc[:3, out.columns.get_loc("note")] = "computed only for a 2×2 table without empty cells (as SPSS)"
        return out
    z = critical_value(confidence_level)
    # the registry's risk records (their formulas and gradients): the SE of the log is the delta method's SE of the
    # value over the value, √(1/a + 1/b + 1/c + 1/d) for the odds ratio (Woolf) and √(b/(a r₁) + d/(c r₂)) for the
    # first cohort's relative risk (Katz)
    view = TableView(counts, np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64), np.arange(2), 2 + np.arange(2),
                     4)
    records = [REGISTRY[code] for code in RISK_RECORDS]
    values = np.array([float(m.compute(view)) for m in records])
    variances = partials_variances(TableCells(counts), view.rows, view.cols, [m.gradient(view) for m in records])
    se = np.sqrt(np.asarray(variances, dtype=float)) / values
    out.iloc[:3, out.columns.get_indexer(["value", "se_log", "lower", "upper"])] = np.column_stack(
        [values, se, values * np.exp(-z * se), values * np.exp(z * se)])
    return out


RISK_RECORDS = ("ODDSRATIO", "RELRISK1", "RELRISK2")
"""The records of SPSS's Risk Estimate rows, in its order."""


_CELL_TITLES = {"count": "Count", "expected": "Expected Count", "row": "% within {row}",
                "column": "% within {col}", "total": "% of Total", "resid": "Residual",
                "sresid": "Standardized Residual", "asresid": "Adjusted Residual"}


def margins_label(labels: Iterable, name: str = "Total") -> str:
    """The name of a table's margins that is none of its ``labels``: ``name``, else ``name`` in parentheses, as
    many times as it takes ("(Total)" where a label is "Total", "((Total))" where "(Total)" is one too).

    Examples
    --------
    >>> from pandas_agree.inference.contingency import margins_label
    >>> margins_label(["a", "b"]), margins_label(["Total", "b"]), margins_label(["Total", "(Total)"])
    ('Total', '(Total)', '((Total))')
    """
    taken = set(labels)
    while name in taken:
        name = f"({name})"
    return name


def cell_statistics(table: Any, cells: str | Sequence[str] = ("count",), *, margins: bool = True,
                    margins_name: str = "Total") -> pd.DataFrame:
    """The cells of SPSS's crosstab with ``/CELLS``: each row of the table repeated once per statistic.

    With n the count, e = r_i c_j / N the expected count, r_i, c_j the row and column totals:

    * ``count`` n; ``expected`` e;
    * ``row``, ``column``, ``total``: 100 n/r_i, 100 n/c_j, 100 n/N (percentages);
    * ``resid`` n − e; ``sresid`` (n − e)/√e (standardized); ``asresid`` (n − e)/√(e (1 − r_i/N)(1 − c_j/N))
      (adjusted standardized, Haberman 1973).

    Parameters
    ----------
    table : pandas.DataFrame or array_like
        R×C counts, rows and columns in label order.
    cells : str or sequence of str, default ("count",)
        Keywords among ``count``, ``expected``, ``row``, ``column``, ``total``, ``resid``, ``sresid``,
        ``asresid`` (SPSS's /CELLS keywords), in the order wanted; ``"all"`` for every one.
    margins : bool, default True
        Add the Total row and column as SPSS prints them (residuals there are NaN: SPSS leaves them blank).
    margins_name : str, default "Total"
        Label of the margins; must not be a label of the table (:func:`margins_label` gives one that is
        not).

    Returns
    -------
    pandas.DataFrame
        Index: a MultiIndex (row label, statistic) with R (+1) × len(cells) entries, rows first; columns: the
        column labels (+ Total). A percentage or residual whose denominator is zero is NaN. ``attrs["titles"]``
        maps each keyword to SPSS's title of it ("% within <row variable>", …).

    Examples
    --------
    >>> from pandas_agree.inference.contingency import cell_statistics
    >>> cell_statistics([[20, 5], [10, 15]], ["count", "expected", "asresid"]).round(2)
                       0      1  Total
    row   statistic
    0     count    20.00   5.00   25.0
          expected 15.00  10.00   25.0
          asresid   2.89  -2.89    NaN
    1     count    10.00  15.00   25.0
          expected 15.00  10.00   25.0
          asresid  -2.89   2.89    NaN
    Total count    30.00  20.00   50.0
          expected 30.00  20.00   50.0
          asresid    NaN    NaN    NaN
    """
    counts, rows, cols, row_name, col_name = _table(table)
    wanted = [cells] if isinstance(cells, str) else list(cells)
    if wanted == ["all"]:
        wanted = list(CELLS)
    unknown = [x for x in wanted if x not in CELLS]
    if unknown or not wanted:
        raise ValueError(f"cells must be keywords among {', '.join(CELLS)} (or 'all'), got {cells!r}")
    if margins and (margins_name in list(rows) or margins_name in list(cols)):
        raise ValueError(f"margins_name {margins_name!r} is a label of the table; choose another")
    n = counts.sum()
    r, c = counts.sum(axis=1), counts.sum(axis=0)
    e = np.outer(r, c) / n if n > 0 else np.full(counts.shape, np.nan)
    full = np.full((counts.shape[0] + 1, counts.shape[1] + 1), np.nan)

    def bordered(inner, right, bottom, corner):
        out = full.copy()
        out[:-1, :-1], out[:-1, -1], out[-1, :-1], out[-1, -1] = inner, right, bottom, corner
        return out

    share_r, share_c = divide(r, n), divide(c, n)
    blank_r, blank_c = np.full(r.shape, np.nan), np.full(c.shape, np.nan)
    stat = {
        "count": lambda: bordered(counts, r, c, n),
        "expected": lambda: bordered(e, r, c, n),
        "row": lambda: bordered(100 * divide(counts, r[:, None]), np.where(r > 0, 100.0, np.nan), 100 * share_c,
                                100.0 if n > 0 else np.nan),
        "column": lambda: bordered(100 * divide(counts, c[None, :]), 100 * share_r, np.where(c > 0, 100.0, np.nan),
                                   100.0 if n > 0 else np.nan),
        "total": lambda: bordered(100 * divide(counts, n), 100 * share_r, 100 * share_c, 100.0 if n > 0 else np.nan),
        "resid": lambda: bordered(counts - e, blank_r, blank_c, np.nan),
        "sresid": lambda: bordered(divide(counts - e, np.sqrt(e)), blank_r, blank_c, np.nan),
        "asresid": lambda: bordered(divide(counts - e, np.sqrt(e * np.outer(1 - share_r, 1 - share_c))),
                                    blank_r, blank_c, np.nan),
    }
    blocks = np.stack([stat[k]() for k in wanted], axis=1)  # (R + 1, S, C + 1)
    if not margins:
        blocks = blocks[:-1, :, :-1]
    row_labels = list(rows) + ([margins_name] if margins else [])
    col_labels = list(cols) + ([margins_name] if margins else [])
    # built from positions: from_product would take tuple labels for levels and merge True with 1
    levels = pd.Index(row_labels, dtype=object, tupleize_cols=False)
    index = pd.MultiIndex(levels=[levels, pd.Index(wanted)], names=[rows.name if rows.name is not None else "row",
                                                                   "statistic"],
                          codes=[np.repeat(np.arange(len(row_labels)), len(wanted)),
                                 np.tile(np.arange(len(wanted)), len(row_labels))], verify_integrity=False)
    columns = pd.Index(col_labels, dtype=object, tupleize_cols=False, name=cols.name)
    out = pd.DataFrame(blocks.reshape(-1, blocks.shape[-1]), index=index, columns=columns)
    out.attrs["titles"] = {k: _CELL_TITLES[k].format(row=row_name, col=col_name) for k in wanted}
    return out


_LAYER_ROWS = [("Tests of Homogeneity of the Odds Ratio", "Breslow-Day"),
               ("Tests of Homogeneity of the Odds Ratio", "Tarone's"),
               ("Tests of Conditional Independence", "Cochran's"),
               ("Tests of Conditional Independence", "Mantel-Haenszel"),
               ("Mantel-Haenszel Common Odds Ratio Estimate", "Estimate"),
               ("Mantel-Haenszel Common Odds Ratio Estimate", "ln(Estimate)")]


def _breslow_day(t: np.ndarray, odds: float) -> tuple[float, float]:
    """Breslow–Day statistic and Tarone's corrected one for the strata t (L, 2, 2) at the common odds ratio."""
    a = t[:, 0, 0]
    row1, col1 = t[:, 0].sum(axis=1), t[:, :, 0].sum(axis=1)
    dma = t[:, 1, 1] - a
    # expected n11 under the common odds ratio: the root in range of (1 − ψ)x² + (ψ(r₁ + c₁) + d − a)x − ψr₁c₁ = 0,
    # written −2q/(b + √(b² − 4pq)) so that ψ = 1 (p = 0) needs no special case
    p, bq, q = 1 - odds, odds * (row1 + col1) + dma, -odds * row1 * col1
    fitted = -2 * q / (bq + np.sqrt(bq**2 - 4 * p * q))
    var = 1 / (1 / fitted + 1 / (col1 - fitted) + 1 / (row1 - fitted) + 1 / (dma + fitted))
    bd = float(((a - fitted) ** 2 / var).sum())
    tarone = bd - float((a.sum() - fitted.sum()) ** 2 / var.sum())
    return bd, tarone


def layered_tests(tables: Any, confidence_level: float = 0.95, *, null_odds_ratio: float = 1.0) -> pd.DataFrame:
    """SPSS's tables of ``/STATISTICS=CMH`` over L layers of 2×2 tables.

    Only the informative layers enter (those whose four margins are positive, and whose total is above 1: the
    others say nothing about the odds ratio and add 0/0 terms, and under fractional weights a layer of total 1 or
    less would give Mantel–Haenszel's variance term, with n_k − 1 in it, a zero or negative denominator; R's
    ``mantelhaen.test`` stops on a layer of one case); ``attrs["layers_used"]`` counts them. With a_k the first
    cell, m_k = r₁c₁/n its expected count under independence and v_k = r₁r₂c₁c₂:

    * Breslow–Day: Σ (a_k − â_k)²/V̂_k, â_k the first cell fitted to the Mantel–Haenszel odds ratio with the
      layer's margins, V̂_k its variance, L − 1 df; Tarone's: the same minus (Σ a_k − Σ â_k)²/Σ V̂_k (Tarone 1985);
    * Cochran's: (Σ (a_k − m_k))² / Σ v_k/n_k³, 1 df (no continuity correction);
    * Mantel–Haenszel: (|Σ (a_k − m_k)| − 0.5)² / Σ v_k/(n_k²(n_k − 1)), 1 df (with the continuity correction);
    * Mantel–Haenszel common odds ratio Σ a_k d_k/n_k / Σ b_k c_k/n_k, the standard error of its log by Robins,
      Breslow & Greenland (1986), the asymptotic two-sided p-value of ln(ψ̂/ψ₀)/SE, and the intervals on both
      scales (exp of the log interval).

    statsmodels' ``StratifiedTable`` computes the Mantel–Haenszel test, the common odds ratio and its standard
    error; Cochran's statistic and the Breslow–Day test are computed here (statsmodels has no Cochran statistic,
    and its Breslow–Day root divides by 1 − ψ̂, which fails when ψ̂ = 1).

    Parameters
    ----------
    tables : array_like, shape (L, 2, 2)
        One 2×2 table of counts per layer.
    confidence_level : float, default 0.95
        Level of the intervals of the common odds ratio.
    null_odds_ratio : float, default 1.0
        The common odds ratio under the null hypothesis of the estimate's test (SPSS's ``CMH(value)``).

    Returns
    -------
    pandas.DataFrame
        Six rows, indexed by (SPSS table, line): Breslow-Day, Tarone's, Cochran's, Mantel-Haenszel, Estimate,
        ln(Estimate); columns ``value``, ``df``, ``pvalue``, ``se`` (of ln(Estimate)), ``lower``, ``upper`` and
        ``note``.

    Examples
    --------
    >>> import numpy as np
    >>> from pandas_agree.inference.contingency import layered_tests
    >>> t = np.array([[[1, 7], [17, 257]], [[3, 14], [7, 52]], [[9, 30], [15, 107]], [[14, 44], [5, 27]]])
    >>> layered_tests(t)[["value", "df", "pvalue"]].round(3)
                                                                 value   df  pvalue
    table                                      statistic
    Tests of Homogeneity of the Odds Ratio     Breslow-Day       0.164  3.0   0.983
                                               Tarone's          0.164  3.0   0.983
    Tests of Conditional Independence          Cochran's         4.191  1.0   0.041
                                               Mantel-Haenszel   3.510  1.0   0.061
    Mantel-Haenszel Common Odds Ratio Estimate Estimate          1.891  NaN   0.044
                                               ln(Estimate)      0.637  NaN   0.044
    """
    from statsmodels.stats.contingency_tables import StratifiedTable

    arr = np.asarray(tables, dtype=float)
    if arr.ndim != 3 or arr.shape[1:] != (2, 2) or arr.shape[0] == 0:
        raise ValueError(f"tables must have shape (L, 2, 2) with L ≥ 1, got {arr.shape}")
    if not np.isfinite(arr).all() or (arr < 0).any():
        raise ValueError("tables must hold finite, non-negative counts")
    if not (isinstance(confidence_level, (float, int)) and 0 < confidence_level < 1):
        raise ValueError(f"confidence_level must be a number between 0 and 1, got {confidence_level!r}")
    if not (isinstance(null_odds_ratio, (float, int)) and np.isfinite(null_odds_ratio) and null_odds_ratio > 0):
        raise ValueError(f"null_odds_ratio must be a positive number, got {null_odds_ratio!r}")
    margins = np.concatenate([arr.sum(axis=2), arr.sum(axis=1)], axis=1)
    t = arr[(margins > 0).all(axis=1) & (arr.sum(axis=(1, 2)) > 1)]
    out = pd.DataFrame(np.nan, index=pd.MultiIndex.from_tuples(_LAYER_ROWS, names=["table", "statistic"]),
                       columns=["value", "df", "pvalue", "se", "lower", "upper"])
    out["note"] = ""
    out.attrs["layers_used"] = len(t)
    if len(t) == 0:
        out["note"] = "no layer with both rows and both columns occupied"
        return out

    st = StratifiedTable(np.moveaxis(t, 0, -1))
    a, n = t[:, 0, 0], t.sum(axis=(1, 2))
    row1, row2, col1, col2 = t[:, 0].sum(axis=1), t[:, 1].sum(axis=1), t[:, :, 0].sum(axis=1), t[:, :, 1].sum(axis=1)
    v = row1 * row2 * col1 * col2
    cochran = float((a - row1 * col1 / n).sum() ** 2 / (v / n**3).sum())
    mh = st.test_null_odds(correction=True)
    out.loc[_LAYER_ROWS[2], ["value", "df", "pvalue"]] = [cochran, 1.0, chi2_sf(cochran, 1)]
    out.loc[_LAYER_ROWS[3], ["value", "df", "pvalue"]] = [float(mh.statistic), 1.0, chi2_sf(mh.statistic, 1)]

    with np.errstate(divide="ignore", invalid="ignore"):
        odds = float(st.oddsratio_pooled)
        se = float(st.logodds_pooled_se)
    if not (np.isfinite(odds) and odds > 0 and np.isfinite(se)):
        why = "undefined: the common odds ratio is 0 or infinite (an empty cell in every layer on one diagonal)"
        out.loc[_LAYER_ROWS[0:2] + _LAYER_ROWS[4:], "note"] = why
        return out
    if len(t) < 2:
        out.loc[_LAYER_ROWS[0:2], "note"] = "needs at least two layers with both rows and both columns occupied"
    else:
        with np.errstate(divide="ignore", invalid="ignore"):
            bd, tarone = _breslow_day(t, odds)
        df = float(len(t) - 1)
        out.loc[_LAYER_ROWS[0], ["value", "df", "pvalue"]] = [bd, df, chi2_sf(bd, df)]
        out.loc[_LAYER_ROWS[1], ["value", "df", "pvalue"]] = [tarone, df, chi2_sf(tarone, df)]
    z = critical_value(confidence_level)
    log_odds = np.log(odds)
    p = float(two_sided_p((log_odds - np.log(null_odds_ratio)) / se))
    lo, hi = log_odds - z * se, log_odds + z * se
    out.loc[_LAYER_ROWS[4], ["value", "pvalue", "se", "lower", "upper"]] = [odds, p, se, np.exp(lo), np.exp(hi)]
    out.loc[_LAYER_ROWS[5], ["value", "pvalue", "se", "lower", "upper"]] = [log_odds, p, se, lo, hi]
    return out


GENERALIZED_CMH_MAX_DF = 2500
"""The most degrees of freedom, (I − 1)(J − 1), of the general association statistic computed: its covariance
matrix has that many rows and columns (2500: 50 MB and about half a second; a 51×51 table)."""
GENERALIZED_CMH_TOLERANCE = 1e-10
"""The covariance matrix of the general association statistic is singular where, scaled to unit diagonal, a pivot
of its Cholesky factorisation with full pivoting falls to this or below: a cell whose variance is explained by the
others but for a share of 10⁻¹⁰ (rounding leaves about p × 10⁻¹⁶ where it is exactly singular)."""
GENERALIZED_CMH_ROWS = ("Cochran-Mantel-Haenszel (general association)",
                        "Cochran-Mantel-Haenszel (nonzero correlation)")
"""The lines of :func:`generalized_cmh`, named by the alternative each tests, as SAS PROC FREQ names them."""


def generalized_cmh(tables: Any, row_scores: Any = None, col_scores: Any = None) -> pd.DataFrame:
    """The generalized Cochran–Mantel–Haenszel statistics over K layers of I×J tables (R's ``mantelhaen.test`` on
    an I×J×K table; SAS PROC FREQ's ``CMH`` "General Association" and "Nonzero Correlation").

    With n_k the layer's total, its table's margins r_k and c_k, and its first I − 1 rows and J − 1 columns
    (the last of each is redundant given the margins):

    * general association (Landis, Heyman & Koch 1978; Agresti 2013, §6.4.3): M² = dᵀ V⁻¹ d on (I − 1)(J − 1)
      df, with d = Σ_k (n_ijk − r_ik c_jk / n_k) over those (I − 1)(J − 1) cells and
      V = Σ_k (diag(n_k r_k) − r_k r_kᵀ) ⊗ (diag(n_k c_k) − c_k c_kᵀ) / (n_k² (n_k − 1)), the null covariance of
      the cells given the margins (hypergeometric);
    * nonzero correlation (Mantel 1963; Agresti 2013, §6.4.2): (Σ_k (T_k − E T_k))² / Σ_k Var T_k on 1 df, with
      T_k = Σ_ij u_i v_j n_ijk for the row scores u and column scores v, E T_k = (Σ_i u_i r_ik)(Σ_j v_j c_jk)/n_k
      and Var T_k = (Σ_i u_i² r_ik − (Σ_i u_i r_ik)²/n_k)(Σ_j v_j² c_jk − (Σ_j v_j c_jk)²/n_k)/(n_k − 1).

    A layer with n_k ≤ 1 carries no information (its cells equal their expected counts) and is left out (R's
    ``mantelhaen.test`` stops on one); ``attrs["layers_used"]`` counts the others. A row or a column without
    cases in a layer is allowed (its margin is 0). The row and the column left out of d and V are those with the
    most cases (M² is the same whichever are left out). Where V is singular (scaled to unit diagonal, a pivot of its
    pivoted Cholesky factorisation at most :data:`GENERALIZED_CMH_TOLERANCE`: some combination of rows and columns
    never varies within a layer, as when a row has cases only in the layers where a column has none), the general
    association statistic is undefined: NaN with an :class:`~pandas_agree.base.undefined.UndefinedMeasureWarning`
    and a note (R's ``qr.solve`` stops there; a generalized inverse would test a smaller hypothesis on fewer df
    than printed). Above :data:`GENERALIZED_CMH_MAX_DF` df it is not computed (NaN, a note and the warning).
    Likewise the nonzero correlation is NaN where Σ_k Var T_k is 0.

    For 2×2 layers both equal the Mantel–Haenszel statistic without the continuity correction
    (``mantelhaen.test(x, correct=FALSE)``).

    Parameters
    ----------
    tables : array_like, shape (K, I, J)
        One I×J table of counts (or frequency weights) per layer, I, J ≥ 2, every layer on the same labels in
        the same order.
    row_scores, col_scores : array_like, optional
        The I row and J column scores of the nonzero correlation statistic; by default 1, 2, … (SAS's table
        scores for labels that are not numbers).

    Returns
    -------
    pandas.DataFrame
        Two rows, :data:`GENERALIZED_CMH_ROWS`; columns ``value``, ``df``, ``pvalue`` and ``note``.

    Examples
    --------
    >>> import numpy as np
    >>> from pandas_agree.inference.contingency import generalized_cmh
    >>> t = np.array([[[10, 4, 2], [3, 9, 5]], [[8, 6, 1], [2, 7, 6]]])
    >>> generalized_cmh(t)[["value", "df", "pvalue"]].round(4)
                                                     value   df  pvalue
    Cochran-Mantel-Haenszel (general association)  12.9715  2.0  0.0015
    Cochran-Mantel-Haenszel (nonzero correlation)  12.2060  1.0  0.0005
    """
    arr = np.asarray(tables, dtype=float)
    if arr.ndim != 3 or arr.shape[0] == 0 or arr.shape[1] < 2 or arr.shape[2] < 2:
        raise ValueError(f"tables must have shape (K, I, J) with K ≥ 1 and I, J ≥ 2, got {arr.shape}")
    if not np.isfinite(arr).all() or (arr < 0).any():
        raise ValueError("tables must hold finite, non-negative counts")
    n_rows, n_cols = arr.shape[1:]
    u = _cmh_scores(row_scores, n_rows, "row_scores")
    v = _cmh_scores(col_scores, n_cols, "col_scores")
    out = pd.DataFrame({"value": np.nan, "df": [float((n_rows - 1) * (n_cols - 1)), 1.0], "pvalue": np.nan,
                        "note": ""}, index=list(GENERALIZED_CMH_ROWS))
    t = arr[arr.sum(axis=(1, 2)) > 1]
    out.attrs["layers_used"] = len(t)
    if len(t) == 0:
        out["note"] = "no layer with more than one case"
        warn_undefined_because(" and ".join(GENERALIZED_CMH_ROWS), "no layer with more than one case")
        return out
    n = t.sum(axis=(1, 2))
    r, c = t.sum(axis=2), t.sum(axis=1)  # (K, I), (K, J)
    p = (n_rows - 1) * (n_cols - 1)
    undefined = []
    if p > GENERALIZED_CMH_MAX_DF:
        out.iloc[0, out.columns.get_loc("note")] = (
            f"not computed: (I − 1)(J − 1) = {p} df, more than {GENERALIZED_CMH_MAX_DF}: its covariance matrix "
            f"would have {p}² entries")
        undefined.append(f"{GENERALIZED_CMH_ROWS[0]} (not computed above {GENERALIZED_CMH_MAX_DF} df)")
    else:
        m2 = _general_association(t, n, r, c)
        if np.isnan(m2):
            out.iloc[0, out.columns.get_loc("note")] = (
                "undefined: the covariance matrix of the counts is singular (some rows and columns never vary "
                "together within a layer: a row with cases only in layers where a column has none, or the like)")
            undefined.append(f"{GENERALIZED_CMH_ROWS[0]} (singular covariance matrix)")
        else:
            out.iloc[0, [0, 2]] = [m2, chi2_sf(m2, p)]
    # nonzero correlation: the layers' T_k − E T_k and Var T_k
    ru, cv = r @ u, c @ v
    excess = float((np.einsum("kij,i,j->k", t, u, v) - ru * cv / n).sum())
    variance = float(((r @ u**2 - ru**2 / n) * (c @ v**2 - cv**2 / n) / (n - 1)).sum())
    if variance > 0:
        q = excess**2 / variance
        out.iloc[1, [0, 2]] = [q, chi2_sf(q, 1)]
    else:
        out.iloc[1, out.columns.get_loc("note")] = ("undefined: the scores of the rows or of the columns do not vary "
                                                    "within any layer")
        undefined.append(f"{GENERALIZED_CMH_ROWS[1]} (no variance)")
    if undefined:
        warnings.warn("values set to NaN: " + "; ".join(undefined), UndefinedMeasureWarning,
                      stacklevel=external_stacklevel())
    return out


def _general_association(t: np.ndarray, n: np.ndarray, r: np.ndarray, c: np.ndarray) -> float:
    """M² of layers ``t`` (K, I, J) with totals ``n`` and margins ``r``, ``c``; NaN where V is singular.

    The row and the column left out are those with the most cases (M² does not depend on which: any I − 1 rows and
    J − 1 columns carry the table given its margins), which keeps V as far from singular as the data allow; V is
    scaled to unit diagonal before its pivoted Cholesky factorisation decides its rank, so that the decision does
    not depend on the size of the counts."""
    from scipy.linalg import lapack, solve_triangular

    keep_rows = np.delete(np.arange(r.shape[1]), np.argmax(r.sum(axis=0)))
    keep_cols = np.delete(np.arange(c.shape[1]), np.argmax(c.sum(axis=0)))
    rk, ck = r[:, keep_rows], c[:, keep_cols]
    d = (t[:, keep_rows][:, :, keep_cols] - rk[:, :, None] * ck[:, None, :] / n[:, None, None]).sum(axis=0).ravel()
    rows_cov = (n[:, None, None] * _diagonals(rk) - rk[:, :, None] * rk[:, None, :]) / (n**2 * (n - 1))[:, None, None]
    cols_cov = n[:, None, None] * _diagonals(ck) - ck[:, :, None] * ck[:, None, :]
    # V = Σ_k w_k (rows_k ⊗ columns_k): one tensor product over the layers, the cells in row-major order
    p = d.size
    cov = np.tensordot(rows_cov, cols_cov, axes=(0, 0)).transpose(0, 2, 1, 3).reshape(p, p)
    scale = np.sqrt(np.diagonal(cov))
    if not (scale > 0).all():  # a cell that never varies: V has a zero row
        return np.nan
    factor, pivots, rank, _ = lapack.dpstrf(cov / np.outer(scale, scale), lower=1, tol=GENERALIZED_CMH_TOLERANCE)
    if rank < p:
        return np.nan
    z = solve_triangular(np.tril(factor), (d / scale)[pivots - 1], lower=True)
    return float(z @ z)


def _diagonals(x: np.ndarray) -> np.ndarray:
    """(K, m) → (K, m, m): one diagonal matrix per row of x."""
    out = np.zeros(x.shape + x.shape[-1:])
    idx = np.arange(x.shape[-1])
    out[:, idx, idx] = x
    return out


def _cmh_scores(scores: Any, size: int, what: str) -> np.ndarray:
    """The scores of the nonzero correlation statistic: given, or 1, 2, …"""
    if scores is None:
        return np.arange(1.0, size + 1)
    out = np.asarray(scores, dtype=float)
    if out.shape != (size,) or not np.isfinite(out).all():
        raise ValueError(f"{what} must be {size} finite numbers, one per category, got {scores!r}")
    return out


def kappa_homogeneity(kappas: Any, ses: Any) -> pd.DataFrame:
    """Chi-square test that G independent groups share one kappa (Fleiss 1981, §13.4; Fleiss, Levin & Paik 2003).

    χ² = Σ_g (κ_g − κ̄)²/SE_g² with κ̄ = Σ_g (κ_g/SE_g²) / Σ_g (1/SE_g²), the inverse-variance weighted mean,
    G − 1 degrees of freedom. The standard errors are those of the estimates (the ASE under the alternative, as
    SPSS prints it), not those under κ = 0.

    Parameters
    ----------
    kappas, ses : array_like
        The G kappas and their standard errors (positive).

    Returns
    -------
    pandas.DataFrame
        One row, "Homogeneity of kappa", with the columns ``value`` (χ²), ``df``, ``pvalue``, ``pooled`` (κ̄),
        ``pooled_se`` (1/√Σ 1/SE_g²) and ``note``.

    Examples
    --------
    >>> from pandas_agree.inference.contingency import kappa_homogeneity
    >>> kappa_homogeneity([0.6, 0.4], [0.05, 0.05])[["value", "df", "pvalue", "pooled"]].round(4)
                          value   df  pvalue  pooled
    Homogeneity of kappa    8.0  1.0  0.0047     0.5
    """
    k = np.asarray(kappas, dtype=float).ravel()
    s = np.asarray(ses, dtype=float).ravel()
    if k.shape != s.shape:
        raise ValueError(f"kappas and ses must have the same length, got {k.size} and {s.size}")
    out = pd.DataFrame({"value": [np.nan], "df": [np.nan], "pvalue": [np.nan], "pooled": [np.nan],
                        "pooled_se": [np.nan], "note": [""]}, index=["Homogeneity of kappa"])
    finite = np.isfinite(k) & np.isfinite(s)
    if (s[finite] < 0).any():
        raise ValueError("ses must be non-negative")
    use = finite & (s > 0)
    left = int(k.size - use.sum())
    groups = "1 group" if left == 1 else f"{left} groups"
    note = f"{groups} left out: kappa or its standard error undefined or 0" if left else ""
    if use.sum() < 2:
        out["note"] = "needs at least two groups with a kappa and a positive standard error" + \
            (f"; {note}" if note else "")
        return out
    w = 1 / s[use] ** 2
    pooled = float((w * k[use]).sum() / w.sum())
    chi2 = float((w * (k[use] - pooled) ** 2).sum())
    df = float(use.sum() - 1)
    out.loc[:, ["value", "df", "pvalue", "pooled", "pooled_se"]] = [[chi2, df, chi2_sf(chi2, df), pooled,
                                                                     1 / np.sqrt(w.sum())]]
    out["note"] = note
    return out
