"""The bootstrap of a table of counts: one resampler, one jackknife, one summariser, for every analysis.

Every analysis here is a function of a table of counts: the I×J crosstab of two classifications, the joint table
reference × prediction_1 × … × prediction_P of a comparison, or the vector of subject weights of several raters.
Resampling the objects counted in such a table is a multinomial draw of the same total over its cells
(``Generator.multinomial(N, counts / N)``), the case bootstrap of independent objects; with
``resampling="fixed-reference"`` each slice along the first axis (each reference class) is resampled on its own, a
product multinomial. Resamples are drawn in chunks, so memory does not grow with the number of resamples, and an
analysis evaluates its values on each chunk with the same vectorised formulas as on the table itself.

The jackknife for BCa leaves one object out of each non-empty cell (a cell of c objects stands for c identical
jackknife values). :func:`summarise` turns the resampled values of every quantity into a standard error, a
percentile, basic or BCa interval, the number of resamples where it was undefined, and a bootstrap p-value.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np

from ..base.undefined import divide
from .distributions import normal_cdf, normal_ppf
from .estimates import Estimate, IntervalOptions, within

__all__ = [
    "Summary", "bootstrap_estimates", "chunk_sizes", "jackknife", "jackknife_chunks", "replicate", "resample",
    "resample_chunks", "summarise",
]

# resamples are drawn and evaluated this many table cells at a time (about 32 MiB of float64)
CHUNK_CELLS = 1 << 22
# from this many cells on, a draw of fewer than four objects per cell (integer counts) picks the objects one by one
INDEX_CELLS = 1 << 12


def chunk_sizes(total: int, cells: int, chunk_cells: int) -> Iterator[int]:
    size = max(1, chunk_cells // max(cells, 1))
    for start in range(0, total, size):
        yield min(size, total - start)


def resample_chunks(counts: np.ndarray, opts: IntervalOptions, rng: np.random.Generator | None = None, *,
                    chunk_cells: int = CHUNK_CELLS, rows: np.ndarray | None = None) -> Iterator[np.ndarray]:
    """Multinomial resamples of a table of counts of any shape, ``opts.n_resamples`` in all, in chunks.

    Each chunk has shape (b, *counts.shape). The whole sequence is the same whatever the chunk size (the draws
    of one generator, in order). A table of non-integer counts (weights) is resampled as round(N) objects and
    rescaled to its total N. A table of many cells with few objects per cell (the subjects of a rater study) is
    drawn object by object (objects at random, then the counts per cell): the same multinomial distribution.
    With ``opts.design == "fixed-reference"`` each slice ``counts[i]`` keeps its total; for ``counts`` that are
    the stored cells of a sparse table (shape (m,), in row-major order), ``rows`` gives the row of each cell and
    each row keeps its total (the rows drawn in groups of equal numbers of cells within each chunk, so these
    draws depend on the chunk size, which is fixed).
    """
    counts = np.asarray(counts, dtype=float)
    rng = opts.rng() if rng is None else rng
    if opts.design == "multinomial":
        total = counts.sum()
        draws = max(round(float(total)), 1)
        share = (counts / total).ravel()
        cells = counts.size
        flat = counts.ravel()
        if cells >= INDEX_CELLS and draws < 4 * cells and np.array_equal(flat, np.round(flat)):
            # few objects over many cells (subjects, say): drawing objects at random and counting them by cell is
            # the same multinomial, and far cheaper than one binomial per cell
            cell_of = np.repeat(np.arange(cells), flat.astype(np.int64))
            for b in chunk_sizes(opts.n_resamples, max(cells, draws), chunk_cells):
                picks = cell_of[rng.integers(0, draws, size=(b, draws))]
                picks += np.arange(b)[:, None] * cells
                out = np.bincount(picks.ravel(), minlength=b * cells).reshape(b, *counts.shape)
                yield out * (total / draws)
            return
        # a multinomial over the non-empty cells only: an empty cell has probability 0 (and numpy draws nothing
        # for it, so the resamples are the same draw for draw)
        filled = np.flatnonzero(flat > 0)
        for b in chunk_sizes(opts.n_resamples, cells, chunk_cells):
            out = np.zeros((b, cells))
            out[:, filled] = rng.multinomial(draws, share[filled], size=b) * (total / draws)
            yield out.reshape(b, *counts.shape)
        return
    if rows is not None:
        yield from _row_by_row(counts, rows, opts.n_resamples, rng, chunk_cells)
        return
    rows = counts.reshape(counts.shape[0], -1)
    sizes = rows.sum(axis=1)
    draws = np.maximum(np.round(sizes), 0).astype(np.int64)
    share = np.where(sizes[:, None] > 0, divide(rows, sizes[:, None]), 1.0 / rows.shape[1])
    scale = np.where(draws > 0, divide(sizes, np.maximum(draws, 1)), 0.0)[:, None]
    for b in chunk_sizes(opts.n_resamples, counts.size, chunk_cells):
        out = rng.multinomial(draws, share, size=(b, rows.shape[0])).astype(float) * scale
        yield out.reshape(b, *counts.shape)


def _row_by_row(counts: np.ndarray, rows: np.ndarray, n_resamples: int, rng: np.random.Generator,
                chunk_cells: int) -> Iterator[np.ndarray]:
    """Resamples of the stored cells of a sparse table with every row's total kept: a multinomial per row over its
    cells, drawn together for the rows with the same number of cells."""
    starts = np.flatnonzero(np.diff(rows, prepend=-1))
    lengths = np.diff(np.append(starts, len(rows)))
    sizes = np.add.reduceat(counts, starts)
    draws = np.maximum(np.round(sizes), 0).astype(np.int64)
    scale = np.where(draws > 0, divide(sizes, np.maximum(draws, 1)), 0.0)
    groups = []
    for length in np.unique(lengths):
        which = np.flatnonzero(lengths == length)
        cells = starts[which][:, None] + np.arange(length)  # (rows of this length, length)
        groups.append((which, cells, divide(counts[cells], sizes[which][:, None])))
    for b in chunk_sizes(n_resamples, counts.size, chunk_cells):
        out = np.zeros((b, counts.size))
        for which, cells, share in groups:
            out[:, cells] = rng.multinomial(draws[which], share, size=(b, len(which))) * scale[which][:, None]
        yield out


def resample(counts: np.ndarray, opts: IntervalOptions, rng: np.random.Generator | None = None) -> np.ndarray:
    """All resamples of :func:`resample_chunks` in one array of shape (B, *counts.shape)."""
    return np.concatenate(list(resample_chunks(counts, opts, rng)))


def jackknife_chunks(counts: np.ndarray, *, chunk_cells: int = CHUNK_CELLS) -> Iterator[np.ndarray]:
    """The tables with one object left out of each non-empty cell (in the order of the flat cells), in chunks."""
    counts = np.asarray(counts, dtype=float)
    flat = counts.ravel()
    cells = np.flatnonzero(flat > 0)
    start = 0
    for b in chunk_sizes(len(cells), counts.size, chunk_cells):
        part = cells[start:start + b]
        stack = np.repeat(flat[None], b, axis=0)
        stack[np.arange(b), part] -= np.minimum(1.0, flat[part])
        yield stack.reshape(b, *counts.shape)
        start += b


def jackknife(counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """All tables of :func:`jackknife_chunks` in one array, and the number of objects in each cell left out of."""
    counts = np.asarray(counts, dtype=float)
    weights = counts.ravel()[counts.ravel() > 0]
    if not len(weights):
        return np.empty((0, *counts.shape)), weights
    return np.concatenate(list(jackknife_chunks(counts))), weights


def replicate(chunks: Iterator[np.ndarray], evaluate: Callable[[np.ndarray], dict[str, np.ndarray]]) -> dict:
    """The values of ``evaluate`` on every chunk of tables, joined along the leading (resample) axis."""
    pieces: dict[str, list[np.ndarray]] = {}
    for stack in chunks:
        with np.errstate(all="ignore"):
            for key, values in evaluate(stack).items():
                pieces.setdefault(key, []).append(np.asarray(values, dtype=float))
    return {key: np.concatenate(parts) for key, parts in pieces.items()}


def _quantiles(values: np.ndarray, *levels) -> np.ndarray | tuple[np.ndarray, ...]:
    """Quantiles of each column of a (B, C) array with NaN left out; each of ``levels`` is one level or one per
    column, and each gives an array of shape (C,) (one level: that array, several: a tuple of them).

    Equal to ``numpy.quantile`` of each column's defined values, "linear" where they are all finite and
    "inverted_cdf" where some are infinite (interpolating next to ±inf would give NaN); NaN where no value or no
    level is defined. One sort serves every quantile of every column.
    """
    ordered = np.sort(values, axis=0)  # NaN sorts last
    n = (~np.isnan(values)).sum(axis=0)
    finite = np.isfinite(np.where(np.isnan(values), 0.0, values)).all(axis=0)
    found = tuple(_sorted_quantiles(ordered, n, finite, q) for q in levels)
    return found[0] if len(found) == 1 else found


def _sorted_quantiles(ordered: np.ndarray, n: np.ndarray, finite: np.ndarray, q) -> np.ndarray:
    """The quantiles of :func:`_quantiles` at the level(s) ``q``, from the columns sorted (``ordered``), their
    numbers of defined values ``n`` and whether those are all finite (``finite``)."""
    q = np.broadcast_to(np.asarray(q, float), n.shape)
    last = np.maximum(n - 1, 0)
    with np.errstate(invalid="ignore"):
        position = last * q
        below = np.clip(np.floor(np.nan_to_num(position)), 0, last).astype(np.intp)
        above = np.minimum(below + 1, last)
        gamma = position - below
        low, high = (np.take_along_axis(ordered, i[None], axis=0)[0] for i in (below, above))
        diff = high - low
        linear = np.where(gamma >= 0.5, high - diff * (1 - gamma), low + diff * gamma)  # numpy's lerp
        step = n * q - 1
        index = np.floor(np.nan_to_num(step))
        index = np.clip(np.where(step - index > 0, index + 1, index), 0, last).astype(np.intp)
        stepwise = np.take_along_axis(ordered, index[None], axis=0)[0]
    return np.where((n == 0) | np.isnan(q), np.nan, np.where(finite, linear, stepwise))


def _acceleration(jack: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """BCa's acceleration from the jackknife values (one row per cell), each row weighted by its count."""
    ok = ~np.isnan(jack)
    w = np.where(ok, weights.reshape(-1, *([1] * (jack.ndim - 1))), 0.0)
    values = np.where(ok, jack, 0.0)
    mean = divide((w * values).sum(axis=0), w.sum(axis=0))
    dev = mean - values
    num = (w * dev**3).sum(axis=0)
    den = 6 * ((w * dev**2).sum(axis=0)) ** 1.5
    return np.nan_to_num(divide(num, den), nan=0.0)


@dataclass(frozen=True)
class Summary:
    """Bootstrap summaries of C quantities side by side (arrays of shape (C,))."""

    se: np.ndarray
    lower: np.ndarray
    upper: np.ndarray
    undefined: np.ndarray  # resamples in which the quantity was undefined (left out)
    pvalue: np.ndarray  # two-sided p-value of "the quantity is 0": 2·min(1 + #{x* ≤ 0}, 1 + #{x* ≥ 0})/(B + 1)


def summarise(point: np.ndarray, boot: np.ndarray, opts: IntervalOptions, jack: np.ndarray | None = None,
              jack_weights: np.ndarray | None = None) -> Summary:
    """Standard errors, intervals (percentile, basic or BCa, as ``opts`` says) and p-values of C quantities.

    ``point`` has shape (C,) (the values on the table), ``boot`` (B, C) (their values on B resamples; NaN where
    undefined, left out), and for BCa ``jack`` (J, C) the values on the jackknife tables with ``jack_weights``
    (J,) the number of objects each stands for. One sort serves every quantile of every column.
    """
    point = np.asarray(point, dtype=float)
    alpha = 1 - opts.confidence_level
    defined = ~np.isnan(boot)
    n_defined = defined.sum(axis=0)
    undefined = boot.shape[0] - n_defined
    if np.isfinite(boot).all():
        se = np.std(boot, axis=0, ddof=1) if boot.shape[0] > 1 else np.full(point.shape, np.nan)
    else:
        with np.errstate(invalid="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # a value undefined in every resample has no SE
            se = np.where(np.isinf(boot).any(axis=0), np.inf,
                          np.nanstd(np.where(np.isinf(boot), np.nan, boot), axis=0, ddof=1))
    if opts.bootstrap_method == "bca":
        if jack is None or jack_weights is None:
            raise ValueError("bootstrap_method='bca' needs the jackknife values")
        below = (boot < point).sum(axis=0) + 0.5 * (boot == point).sum(axis=0)
        z0 = normal_ppf(np.clip(divide(below, n_defined), 1e-12, 1 - 1e-12))
        a = _acceleration(jack, jack_weights)
        levels = []
        for tail in (alpha / 2, 1 - alpha / 2):
            z = z0 + normal_ppf(tail)
            levels.append(normal_cdf(z0 + z / (1 - a * z)))
        lower, upper = _quantiles(boot, *levels)
    else:
        lower, upper = _quantiles(boot, alpha / 2, 1 - alpha / 2)
        if opts.bootstrap_method == "basic":
            lower, upper = 2 * point - upper, 2 * point - lower
    # as a Monte Carlo p-value, (1 + #)/(B + 1) on each side (Davison & Hinkley 1997, §4.4; North, Curtis & Sham
    # 2002): the data's own value is one of the values the null hypothesis allows, so no p-value is 0
    on_one_side = np.minimum((defined & (boot <= 0)).sum(axis=0), (defined & (boot >= 0)).sum(axis=0))
    pvalue = np.where(n_defined > 0, np.minimum(1.0, 2 * (1 + on_one_side) / (n_defined + 1)), np.nan)
    return Summary(se, lower, upper, undefined, pvalue)


def bootstrap_estimates(bounds: dict[str, tuple[float, float]], point: dict, boot: dict, opts: IntervalOptions,
                        method: str, jack: dict | None = None, jack_weights: np.ndarray | None = None
                        ) -> dict[str, Estimate]:
    """Bootstrap estimates of every quantity named in ``bounds``, summarised in one pass side by side.

    ``point[key]`` is the value (any shape), ``boot[key]`` its values on the resamples (B, *shape) and
    ``jack[key]`` on the jackknife tables; the interval ends are clipped to ``bounds[key]``.
    """
    keys = list(bounds)
    values = [np.asarray(point[k], float) for k in keys]
    splits = np.cumsum([v.size for v in values])[:-1]

    def side_by_side(stacks: dict) -> np.ndarray:
        return np.concatenate([np.asarray(stacks[k], float).reshape(len(stacks[k]), -1) for k in keys], axis=1)

    summary = summarise(np.concatenate([v.ravel() for v in values]), side_by_side(boot), opts,
                        side_by_side(jack) if jack else None, jack_weights)
    pieces = zip(*(np.split(getattr(summary, f), splits) for f in ("se", "lower", "upper", "undefined", "pvalue")),
                 strict=True)
    out = {}
    for k, v, (se, lower, upper, undefined, pvalue) in zip(keys, values, pieces, strict=True):
        out[k] = within(bounds[k], v, se.reshape(v.shape), lower.reshape(v.shape), upper.reshape(v.shape), method,
                        undefined=undefined.reshape(v.shape),
                        pvalue=np.where(np.isnan(v), np.nan, pvalue.reshape(v.shape)))
    return out
