"""The delta method for every value: a linearised SE from the gradient of the value with respect to the counts.

Every value the library reports is a function f(n) of a table of counts n (the I×J crosstab, the joint table of a
comparison, or the weights of the subjects' rating patterns). Under multinomial sampling of the N objects,
Cov(n) = N(diag(p) − ppᵀ), so the delta method gives

    Var f ≈ Σ_c n_c g_c² − (Σ_c n_c g_c)² / N,     g_c = ∂f/∂n_c,

a sum over the non-empty cells only (an empty cell has no objects to vary). With the reference sizes fixed by
design (``resampling="fixed-reference"``, a product multinomial over the rows) the second term is taken row by row.

The gradient comes from the formulas themselves, evaluated by the same vectorised code as the values: each
non-empty cell is moved up and down by a step h = 10⁻⁵·n_c, and g_c = (f(n + h e_c) − f(n − h e_c)) / (2h), the
central difference (error of order (h/n_c)²; no step leaves the counts' domain or turns an empty cell into a
non-empty one, and at a kink such as |REC − SPE| = 0 it takes the mean of the two one-sided slopes). No measure
needs a derivative written by hand. The moved tables are evaluated in chunks, like the bootstrap's resamples, so
that memory stays bounded.

The interval is built on the scale the measure's record declares (Wald on that scale, mapped back): the identity
for chance-corrected coefficients (as their published intervals), else by the range [lo, hi]: the logit of the
position (v − lo)/(hi − lo) for a finite range (the logit for [0, 1], Fisher's z, artanh, for [−1, 1]), log(v − lo)
for [lo, ∞), −log(hi − v) for (−∞, hi], the identity for (−∞, ∞); an average that is a quadratic form of shares
near its extreme (the prevalences weighted by themselves, Σ p_k², from 1/K) takes the arcsine of the square root
of its position, which linearises the distance from the extreme. A value on the edge of its range (a recall of 1)
has no finite transformed SE: its interval is then the Wald interval, clipped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import numpy as np

from ..base.steps import RELATIVE_STEP
from ..engine.tableview import nonzero_cells
from ..measures.registry import range_scale
from .bootstrap import CHUNK_CELLS, chunk_sizes, replicate
from .design import SampleDesign, SimpleRandom
from .distributions import two_sided_p
from .estimates import Estimate, IntervalOptions, undefined_at_infinity, within

__all__ = [
    "RELATIVE_STEP", "CellGradient", "TableCells", "class_gradient", "class_partials", "class_variance",
    "delta_estimates", "gradients", "linearised_variance", "partials_variance", "partials_variances", "parts_variance",
    "table_variance",
]



def _moved_chunks(counts: np.ndarray, multiple: float, chunk_cells: int) -> Iterator[np.ndarray]:
    """The tables with each non-empty cell moved up by ``multiple`` steps, in the order of the flat cells."""
    flat = counts.ravel()
    cells = np.flatnonzero(flat > 0)
    steps = RELATIVE_STEP * flat[cells]
    start = 0
    for b in chunk_sizes(len(cells), counts.size, chunk_cells):
        part = slice(start, start + b)
        stack = np.repeat(flat[None], b, axis=0)
        stack[np.arange(b), cells[part]] += multiple * steps[part]
        yield stack.reshape(b, *counts.shape)
        start += b


def gradients(counts: np.ndarray, evaluate: Callable[[np.ndarray], dict[str, np.ndarray]], point: dict,
              *, chunk_cells: int = CHUNK_CELLS) -> dict[str, np.ndarray]:
    """∂f/∂n_c of every quantity of ``evaluate`` at each non-empty cell c of ``counts``: (cells, *value shape).

    ``evaluate(stack)`` gives the values of the quantities on a stack of tables (b, *counts.shape), each with
    shape (b, *value shape); ``point`` holds the values on ``counts`` itself.
    """
    counts = np.asarray(counts, dtype=float)
    up = replicate(_moved_chunks(counts, 1.0, chunk_cells), evaluate)
    down = replicate(_moved_chunks(counts, -1.0, chunk_cells), evaluate)
    flat = counts.ravel()
    h = RELATIVE_STEP * flat[flat > 0]
    out = {}
    for key, moved in up.items():
        value = np.asarray(point[key], dtype=float)
        step = h.reshape(-1, *([1] * value.ndim))
        with np.errstate(invalid="ignore"):
            out[key] = (moved - down[key]) / (2 * step)
    return out


def linearised_variance(counts: np.ndarray, gradient: np.ndarray, design: str = "multinomial",
                        rows: np.ndarray | None = None) -> np.ndarray:
    """Σ n g² − (Σ n g)²/N over the non-empty cells (row by row for ``design="fixed-reference"``).

    ``gradient`` has shape (cells, *value shape), in the order of the non-empty flat cells of ``counts``. For
    ``counts`` that are the stored cells of a sparse table (shape (m,)), ``rows`` gives the row of each cell.
    """
    counts = np.asarray(counts, dtype=float)
    flat = counts.ravel()
    cells = np.flatnonzero(flat > 0)
    scale = 1.0
    if isinstance(design, SampleDesign):
        return design.variance(design.at_table_cells(cells, gradient.reshape(len(cells), -1))).reshape(
            gradient.shape[1:])
    if isinstance(design, SimpleRandom):  # the design effect's reference
        design, scale = "multinomial", design.scale
    n = flat[cells].reshape(-1, *([1] * (gradient.ndim - 1)))
    ng = n * gradient
    if design == "fixed-reference":
        cell_rows = np.unravel_index(cells, counts.shape)[0] if rows is None else rows[cells]
        height = counts.shape[0] if rows is None else int(rows.max()) + 1
        totals = np.zeros((height, *gradient.shape[1:]))
        np.add.at(totals, cell_rows, ng)
        row_sizes = (counts.reshape(counts.shape[0], -1).sum(axis=1) if rows is None
                     else np.bincount(rows, weights=flat, minlength=height))
        sizes = row_sizes.reshape(-1, *([1] * (gradient.ndim - 1)))
        with np.errstate(invalid="ignore", divide="ignore"):
            centred = np.where(sizes > 0, totals ** 2 / np.where(sizes > 0, sizes, 1.0), 0.0).sum(axis=0)
    else:
        centred = ng.sum(axis=0) ** 2 / flat.sum()
    return scale * np.maximum((ng * gradient).sum(axis=0) - centred, 0.0)  # a rounding error can leave it below 0


ROUND_OFF_SE = 1e-12
"""A linearised SE below which the quantity does not vary, whatever its value: sums of influences that cancel leave
10⁻¹⁶ to 10⁻¹⁴, while no measure of a table of counts held in float64 varies by less than about 10⁻⁸ (a proportion's
SE at 10¹⁶ observations)."""

SEPARABLE_CLASSES = 1024
"""The most classes whose moved counts a separable function is evaluated on at once (the rest in blocks of as many):
the arrays of every record's values on the nine sets of counts stay a few MiB whatever K is."""


def class_partials(function: Callable, counts: tuple[np.ndarray, ...], *, separable: bool,
                   chunk_cells: int = CHUNK_CELLS, with_values: bool = False):
    """∂f/∂a_k, ∂f/∂b_k, ∂f/∂c_k, ∂f/∂d_k of a function of the one-vs-rest counts, shape (4, K, *value shape).

    ``function(a, b, c, d)`` takes arrays of shape (..., K). A ``separable`` function gives one value per class
    that depends on that class's counts only (a class-specific measure): every class is then moved at once, in
    eight evaluations; otherwise (an average over the classes) each of the 4K counts is moved on its own, in
    chunks. Central differences, as in :func:`gradients`: moving one count of a class leaves the tables a
    table can be, where a kink that no table crosses (|REC − SPE| of the unweighted averages of two classes,
    identically 0) would otherwise show a slope. A count of 0 is not moved (its cells hold no objects, so its
    partial does not enter the variance): its partial is NaN. With ``with_values`` (separable only) the function's
    value at ``counts`` comes from the same evaluation: (values, partials).
    """
    counts = np.stack([np.asarray(x, dtype=float) for x in counts])  # (4, K)
    steps = RELATIVE_STEP * counts
    if separable and counts.shape[1] > SEPARABLE_CLASSES:  # classes in blocks: the formulas' arrays stay small
        parts = [class_partials(function, tuple(counts[:, start:start + SEPARABLE_CLASSES]), separable=True,
                                with_values=with_values)
                 for start in range(0, counts.shape[1], SEPARABLE_CLASSES)]
        if with_values:
            return (np.concatenate([v for v, _ in parts], axis=0), np.concatenate([p for _, p in parts], axis=1))
        return np.concatenate(parts, axis=1)
    if separable:  # the eight moved sets of counts (each count up and down, every class at once) in one call
        first = int(with_values)  # the counts themselves first, where their values are wanted too
        moved = np.repeat(counts[None], 8 + first, axis=0)
        for t in range(4):
            moved[first + 2 * t, t] += steps[t]
            moved[first + 2 * t + 1, t] -= steps[t]
        values = np.asarray(function(*(moved[:, t] for t in range(4))), dtype=float)  # ((1 +) 8, K, ...)
        base, values = (values[0], values[1:]) if with_values else (None, values)
        extra = [1] * (values.ndim - 2)  # the value's axes after the classes
        with np.errstate(invalid="ignore", divide="ignore"):
            out = (values[0::2] - values[1::2]) / (2 * steps.reshape(4, -1, *extra))
        out = np.where((counts > 0).reshape(4, *counts.shape[1:], *extra), out, np.nan)
        return (base, out) if with_values else out
    if with_values:
        raise ValueError("with_values is for separable functions")
    base = np.asarray(function(*counts), dtype=float)
    k = counts.shape[1]
    positions = np.flatnonzero(counts.ravel() > 0)
    out = np.full((4 * k, *base.shape), np.nan)
    start = 0
    for b in chunk_sizes(len(positions), 4 * k, chunk_cells):
        part = positions[start:start + b]
        values = []
        for multiple in (1.0, -1.0):
            stack = np.repeat(counts.reshape(1, 4 * k), b, axis=0)
            stack[np.arange(b), part] += multiple * steps.ravel()[part]
            stack = stack.reshape(b, 4, k)
            values.append(np.asarray(function(*(stack[:, t] for t in range(4))), dtype=float))
        with np.errstate(invalid="ignore", divide="ignore"):
            out[part] = (values[0] - values[1]) / (2 * steps.ravel()[part].reshape(-1, *([1] * base.ndim)))
        start += b
    return out.reshape(4, k, *base.shape)


def class_variance(counts: tuple[np.ndarray, ...], partials: np.ndarray) -> np.ndarray:
    """The delta-method variance of each class's value from the partials of :func:`class_partials` (separable):
    a f_a² + b f_b² + c f_c² + d f_d² − (a f_a + b f_b + c f_c + d f_d)²/N, N = a + b + c + d. Axes of
    ``partials`` after those of the counts hold several values side by side."""
    counts = np.stack([np.asarray(x, dtype=float) for x in counts])
    counts = counts.reshape(*counts.shape, *[1] * (np.ndim(partials) - counts.ndim))
    g = np.where(counts > 0, partials, 0.0)
    n = counts.sum(axis=0)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.maximum((counts * g * g).sum(axis=0) - (counts * g).sum(axis=0) ** 2 / n, 0.0)


def table_variance(table: np.ndarray, rows: np.ndarray, cols: np.ndarray, counts: tuple[np.ndarray, ...],
                   partials: np.ndarray, design: str = "multinomial") -> np.ndarray:
    """The delta-method variance of values that depend on the table through the one-vs-rest counts of the
    classes at ``rows`` and ``cols`` (−1 where a class is absent on a side), from the partials (4, K, V): that of
    their gradient over the cells (:func:`class_gradient`, :func:`parts_variance`)."""
    g = class_gradient(np.shape(table), rows, cols, partials)
    return parts_variance(table, g.rows, g.cols, g.matching, design=design)


class CellGradient:
    """The gradient of V values of a table with respect to its cells, up to a constant (∂f/∂N, the same for every
    cell, which leaves a delta-method variance as it is), split by the table's summaries:
    ∂f/∂n_ij = ``rows[i]`` + ``cols[j]`` (+ M_k at class k's matching cell) (+ D_ij at the non-empty cells), as
    :func:`parts_variance` takes it; :meth:`at` evaluates it at any cells, such as the cells of a joint table
    that add up into this one.

    Parameters
    ----------
    rows, cols : numpy.ndarray
        R (I, V) and C (J, V).
    matching : (rows, cols, values), optional
        The matching cells and M (K, V).
    cells : (rows, cols, values), optional
        The non-empty cells in row-major order and D (nnz, V).
    """

    def __init__(self, rows: np.ndarray, cols: np.ndarray, matching: tuple | None = None,
                 cells: tuple | None = None) -> None:
        self.rows, self.cols, self.matching, self.cells = rows, cols, matching, cells

    @classmethod
    def of_partials(cls, view, partials) -> CellGradient:
        """The gradient of one value from its :class:`~pandas_agree.engine.tableview.TablePartials` on ``view``
        (a :class:`~pandas_agree.engine.tableview.TableView`): V = 1."""
        (i, j), k = view.shape, len(view.rows)

        def part(x, size):
            return np.zeros((size, 1)) if x is None else np.asarray(x, dtype=float).reshape(size, 1)

        matching = None if partials.matching is None else (view.rows, view.cols, part(partials.matching, k))
        cells = None
        if partials.cells is not None:
            ci, cj, _ = view.entries
            cells = (ci, cj, part(partials.cells, len(ci)))
        return cls(part(partials.rows, i), part(partials.cols, j), matching, cells)

    def column(self, x: int) -> CellGradient:
        """The gradient of the value ``x`` alone (V = 1)."""
        def pick(extra):
            return None if extra is None else (extra[0], extra[1], extra[2][:, [x]])

        return CellGradient(self.rows[:, [x]], self.cols[:, [x]], pick(self.matching), pick(self.cells))

    def at(self, i: np.ndarray, j: np.ndarray) -> np.ndarray:
        """The gradient at the cells (i[m], j[m]) (each a cell of the table; D is looked up where it is given):
        (m, V)."""
        out = self.rows[i] + self.cols[j]
        width = self.cols.shape[0]
        for extra in (self.matching, self.cells):
            if extra is None or not len(extra[0]):
                continue
            keys = np.asarray(extra[0], dtype=np.int64) * width + extra[1]
            order = np.argsort(keys, kind="stable")
            wanted = np.asarray(i, dtype=np.int64) * width + j
            at = np.minimum(np.searchsorted(keys[order], wanted), len(keys) - 1)
            found = keys[order][at] == wanted
            out[found] += extra[2][order][at[found]]
        return out


def class_gradient(shape: tuple[int, int], rows: np.ndarray, cols: np.ndarray, partials: np.ndarray) -> CellGradient:
    """The gradient over the cells of values that depend on the table through the one-vs-rest counts of the
    classes at ``rows`` and ``cols`` (−1 where a class is absent on a side), from their partials (4, K, V).

    A cell (i, j) changes a_k when it is class k's matching cell, b_k when it lies in k's row only, c_k in k's
    column only, d_k elsewhere, so its gradient is Σ_k ∂f/∂d_k + R_i + C_j (+ M_k on class k's matching cell),
    with R = ∂f/∂b − ∂f/∂d on class rows, C = ∂f/∂c − ∂f/∂d on class columns and M = ∂f/∂a − ∂f/∂b − ∂f/∂c +
    ∂f/∂d; Σ_k ∂f/∂d_k is the same for every cell and left out. A partial left NaN (its count is 0) only ever
    multiplies empty cells, and is given a value that cancels there.
    """
    gb, gc, gd, matching = _parts(partials)
    i, j = shape
    v = gd.shape[1]
    has_row, has_col = rows >= 0, cols >= 0
    row_part, col_part = np.zeros((i, v)), np.zeros((j, v))
    row_part[rows[has_row]] = (gb - gd)[has_row]
    col_part[cols[has_col]] = (gc - gd)[has_col]
    both = has_row & has_col
    return CellGradient(row_part, col_part, (rows[both], cols[both], matching[both]))


def _parts(partials) -> tuple[np.ndarray, ...]:
    """∂f/∂b, ∂f/∂c, ∂f/∂d and M = ∂f/∂a − ∂f/∂b − ∂f/∂c + ∂f/∂d from the partials (4, K, V), a partial left NaN
    (its count is 0, so it only ever multiplies empty cells) given a value that cancels there."""
    ga, gb, gc, gd = (np.asarray(p, dtype=float) for p in partials)
    if not np.isnan(partials).any():  # every count moved: nothing to fill in
        with np.errstate(invalid="ignore"):
            return gb, gc, gd, ga - gb - gc + gd
    gd = np.where(np.isnan(gd), 0.0, gd)
    gb = np.where(np.isnan(gb), gd, gb)
    gc = np.where(np.isnan(gc), gd, gc)
    with np.errstate(invalid="ignore"):
        ga = np.where(np.isnan(ga), gb + gc - gd, ga)
        return gb, gc, gd, ga - gb - gc + gd


def class_design_variance(design: SampleDesign | SimpleRandom, counts: tuple[np.ndarray, ...], rows: np.ndarray,
                          cols: np.ndarray, partials: np.ndarray) -> np.ndarray:
    """The design-based variance of class-specific values, each a function of its own class's one-vs-rest counts
    only, from the partials (4, K, V): (K, V). Class k's value moves with a PSU's objects in row ``rows[k]`` (by
    ∂f/∂b − ∂f/∂d), in column ``cols[k]`` (∂f/∂c − ∂f/∂d) and in its matching cell (M), and with every object
    by ∂f/∂d, a constant the centring removes; so each influence is three gathers of the PSUs' counts, O(PSUs ·
    K · V) whatever the table's size. Under :class:`~.design.SimpleRandom`, the multinomial variance of as many
    rows (the design effect's reference)."""
    if isinstance(design, SimpleRandom):
        return design.scale * class_variance(counts, partials)
    gb, gc, gd, matching = _parts(partials)
    u = design.diagonal(rows, cols, gb - gd, gc - gd, matching)  # (PSUs, K, V)
    return design.variance(u.reshape(u.shape[0], -1)).reshape(gd.shape)


def partials_variance(table, rows: np.ndarray, cols: np.ndarray, partials, design: str = "multinomial") -> float:
    """The delta-method variance of one value of a table from its partials with respect to the table's summaries
    (a :class:`~pandas_agree.engine.tableview.TablePartials`); ``rows`` and ``cols`` place the K matching
    cells. O(non-empty cells)."""
    return float(partials_variances(table, rows, cols, [partials], design)[0])


def partials_variances(table, rows: np.ndarray, cols: np.ndarray, partials: list,
                       design: str = "multinomial") -> np.ndarray:
    """:func:`partials_variance` of several values of one table at once: those without partials at the cells side
    by side, each of the others on its own (an array the size of the non-empty cells per value at a time)."""
    table = table if isinstance(table, TableCells) else TableCells(table)  # taken once for every group below
    with_cells = [x for x, p in enumerate(partials) if p.cells is not None]
    if with_cells and len(partials) > 1:
        out = np.empty(len(partials))
        rest = [x for x in range(len(partials)) if partials[x].cells is None]
        for group in [*([x] for x in with_cells), *([rest] if rest else [])]:
            out[group] = partials_variances(table, rows, cols, [partials[x] for x in group], design)
        return out
    i, j = np.shape(table)

    def side(parts, size):
        return np.column_stack([np.zeros(size) if x is None else np.asarray(x, dtype=float).reshape(size)
                                for x in parts])

    matching = None if all(p.matching is None for p in partials) else \
        (rows, cols, side([p.matching for p in partials], len(rows)))
    cells = None
    if any(p.cells is not None for p in partials):
        size = next(np.size(p.cells) for p in partials if p.cells is not None)
        cells = side([p.cells for p in partials], size)
    return parts_variance(table, side([p.rows for p in partials], i), side([p.cols for p in partials], j), matching,
                          cells, design)


def _sparse(table):
    from scipy import sparse

    if isinstance(table, TableCells):
        return table.n
    # a float sparse table is taken as it is (an analysis keeps its cells once, not twice)
    return table.astype(float, copy=False) if sparse.issparse(table) else sparse.csr_array(np.asarray(table,
                                                                                                      dtype=float))


BLAS_BLOCK = 1 << 18
"""The most multiply-adds of one BLAS product of :meth:`TableCells.times` (OpenBLAS's threshold for running a
product on more than one thread)."""


class TableCells:
    """A table of counts as a canonical CSR array, with its margins, its total and its non-empty cells (row-major),
    taken once for every variance of that table (an analysis keeps it for every call on its table). A dense table
    is read as it is (its non-empty cells found by ``numpy.nonzero``; the CSR array made only where a product
    needs it). Of a dense table, its non-empty cells (rows, columns, counts, in row-major order) and its margins
    (row and column totals) may be given as its TableView holds them (:attr:`TableView.entries`): found once for
    both."""

    def __init__(self, table, entries: tuple | None = None, margins: tuple | None = None) -> None:
        from scipy import sparse

        if sparse.issparse(table):
            n = table.astype(float, copy=False).tocsr()
            if not n.has_canonical_format or not n.data.all():  # canonical form without changing the caller's
                n = n.copy()
                n.sum_duplicates()
                n.eliminate_zeros()
            self._n = n
            coo = n.tocoo()
            self.ci, self.cj, self.cn = coo.row, coo.col, coo.data
            self._array = None
        else:
            self._n = None
            self._array = np.asarray(table, dtype=float)
            if entries is None:
                self.ci, self.cj = nonzero_cells(self._array)  # row-major, as the COO of the CSR array
                self.cn = self._array[self.ci, self.cj]
            else:
                self.ci, self.cj, self.cn = entries
        self.shape = (self._n if self._array is None else self._array).shape
        held = self._n if self._array is None else self._array
        if margins is None or self._array is None:
            self.r, self.c = np.asarray(held.sum(axis=1)).ravel(), np.asarray(held.sum(axis=0)).ravel()
        else:
            self.r, self.c = margins
        self.total = self.r.sum()

    @property
    def n(self):
        """The table as a canonical CSR array (for a dense table, made at the first product that needs it)."""
        if self._n is None:
            from scipy import sparse

            indptr = np.concatenate([[0], np.cumsum(np.bincount(self.ci, minlength=self.shape[0]))])
            self._n = sparse.csr_array((self.cn, self.cj, indptr), shape=self.shape)
        return self._n

    def times(self, x: np.ndarray) -> np.ndarray:
        """The product n @ x of the table with ``x`` (J, V): (I, V). A table held dense with at least a quarter
        of its cells non-empty is multiplied as it is, by BLAS in blocks of rows of at most :data:`BLAS_BLOCK`
        multiply-adds each (OpenBLAS runs a product of that size on the calling thread; a larger one waits for
        its threads on a busy machine); another by its CSR array, in O(non-empty cells · V)."""
        x = np.asarray(x, dtype=float)
        if self._array is None or 4 * len(self.cn) < self._array.size or x.ndim != 2:
            return self.n @ x
        i, j = self.shape
        v = x.shape[1]
        out = np.empty((i, v))
        rows = max(1, BLAS_BLOCK // max(j * v, 1))
        cols = v if rows > 1 else max(1, BLAS_BLOCK // max(j, 1))
        x = np.ascontiguousarray(x)
        for start in range(0, i, rows):
            part = self._array[start:start + rows]
            for first in range(0, v, cols):
                np.matmul(part, x[:, first:first + cols], out=out[start:start + rows, first:first + cols])
        return out



def parts_variance(table, row_part: np.ndarray, col_part: np.ndarray,
                   matching: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None,
                   cells: np.ndarray | None = None, design: str = "multinomial") -> np.ndarray:
    """The delta-method variance of V values whose gradient at cell (i, j) is R_i + C_j (+ M on the matching
    cells, + D_ij), plus any constant (which does not change the variance).

    Parameters
    ----------
    table : numpy.ndarray or scipy sparse array
        The I×J counts n_ij.
    row_part, col_part : numpy.ndarray
        R (I, V) and C (J, V).
    matching : (rows, cols, values), optional
        The cells (rows[m], cols[m]) and the extra M (m, V) of each.
    cells : numpy.ndarray, optional
        D at the non-empty cells (nnz, V), in the order of the sparse table's coordinates (row-major).
    design : {"multinomial", "fixed-reference"}, SampleDesign or SimpleRandom
        With a :class:`~.design.SampleDesign`, the design-based variance of the PSUs' totals; with a
        :class:`~.design.SimpleRandom`, the design effect's reference.

    Notes
    -----
    Var = Σ n g² − (Σ n g)²/N (row by row under "fixed-reference", where R leaves it as it is) is expanded into
    sums over the margins and one product of the table with C, so that nothing of size I·J·V is formed: the work
    is O(non-zero cells · V). R and C are first centred (a constant shift), against cancellation.
    """
    with np.errstate(invalid="ignore"):  # an infinite partial gives an infinite (or NaN) variance, as it should
        cells_of = table if isinstance(table, TableCells) else TableCells(table)
        if isinstance(design, SampleDesign):
            return _design_parts_variance(cells_of, row_part, col_part, matching, cells, design)
        if isinstance(design, SimpleRandom):  # the design effect's reference
            return design.scale * _parts_variance(cells_of, row_part, col_part, matching, cells, "multinomial")
        return _parts_variance(cells_of, row_part, col_part, matching, cells, design)


def _design_parts_variance(table: TableCells, row_part, col_part, matching, cells, design: SampleDesign):
    """:func:`parts_variance` under a sample design: the influences of the PSUs from their rows, columns and
    cells."""
    v = np.asarray(row_part).shape[1]
    extra = None
    if cells is not None:
        keys = table.ci.astype(np.int64) * table.shape[1] + table.cj  # row-major: the order of D
        extra = (keys, np.asarray(cells, dtype=float).reshape(len(keys), v))
    return design.variance(design.structured(row_part, col_part, matching, extra))


def _parts_variance(table: TableCells, row_part, col_part, matching, cells, design):
    r, c, total = table.r, table.c, table.total
    row_part = np.asarray(row_part, dtype=float)
    col_part = np.asarray(col_part, dtype=float)
    v = row_part.shape[1]
    if total <= 0:
        return np.zeros(v)
    ci, cj, cn = table.ci, table.cj, table.cn
    # the cells with an extra term (D, or M on the matching cells): positions among the non-empty cells
    if cells is not None:  # every non-empty cell (``at`` None: all of them, in order, without gathering)
        at, extra = None, np.array(cells, dtype=float).reshape(len(cn), v)
    else:
        at, extra = np.zeros(0, dtype=np.int64), np.zeros((0, v))
    if matching is not None and len(matching[0]) and len(cn):
        mr, mc, mv = matching
        key = ci.astype(np.int64) * table.shape[1] + cj  # sorted: the COO of a canonical CSR array is row-major
        wanted = np.asarray(mr, dtype=np.int64) * table.shape[1] + np.asarray(mc, dtype=np.int64)
        place = np.minimum(np.searchsorted(key, wanted), len(key) - 1)
        found = key[place] == wanted  # an empty matching cell has no objects: its M does not enter
        if cells is not None:
            extra[place[found]] += np.asarray(mv, dtype=float)[found]
        else:
            at, extra = place[found], np.asarray(mv, dtype=float)[found]
    ni, ci_at, cj_at = (cn, ci, cj) if at is None else (cn[at], ci[at], cj[at])
    cc = col_part - (c @ col_part) / total  # R and C are shifted by constants, against cancellation
    if design == "fixed-reference":
        # R adds a constant to each row, which leaves that row's variance as it is
        squares = c @ (cc * cc)  # Σ_i Σ_j n_ij C_j²
        by_row = table.times(cc)  # Σ_j n_ij C_j, (I, V)
        base = np.take(cc, cj_at, axis=0)
        squares = squares + _weighted_sum(ni, extra * (extra + 2 * base))
        np.add.at(by_row, ci_at, ni[:, None] * extra)
        with np.errstate(divide="ignore"):
            centred = (by_row ** 2 / np.where(r > 0, r, np.inf)[:, None]).sum(axis=0)
        return _rounded(squares, squares - centred)
    rr = row_part - (r @ row_part) / total
    # Σ n (R_i + C_j)² = Σ r R² + Σ c C² + 2 Σ_i R_i (n C)_i
    squares = r @ (rr * rr) + c @ (cc * cc) + 2 * np.einsum("iv,iv->v", rr, table.times(cc))
    first = r @ rr + c @ cc
    base = np.take(rr, ci_at, axis=0) + np.take(cc, cj_at, axis=0)  # rows gathered by take: faster than rr[ci]
    squares = squares + _weighted_sum(ni, extra * (extra + 2 * base))
    first = first + _weighted_sum(ni, extra)
    return _rounded(squares, squares - first ** 2 / total)


def _weighted_sum(weights: np.ndarray, values: np.ndarray) -> np.ndarray:
    """Σ_m w_m x_mv over the non-empty cells, by numpy's own loop rather than BLAS: a matrix-vector product of
    the cells' length runs multi-threaded in OpenBLAS, which on a busy machine waits for its threads (10 ms for
    50,000 cells instead of 0.05)."""
    return np.einsum("m,mv->v", weights, values)


def _rounded(squares: np.ndarray, variance: np.ndarray) -> np.ndarray:
    """The variance, 0 where it is within rounding of the (centred) sum of squares it was taken from."""
    return np.where(variance <= 1e-13 * np.abs(squares), 0.0, variance)


def _position(lo, hi):
    """Logit of the position of a value in a finite range [lo, hi]: log((v − lo)/(hi − v))."""
    return (lambda x: np.log((x - lo) / (hi - x)), lambda x: (hi - lo) / ((x - lo) * (hi - x)),
            lambda y: lo + (hi - lo) / (1 + np.exp(-y)))


_SCALES = {
    # for a range [lo, hi]: the forward map, its derivative, and the inverse. Fisher's z, artanh v, is half the
    # logit of the position in [−1, 1] (its intervals are the same).
    "logit": _position,
    "fisher-z": _position,
    "arcsine": lambda lo, hi: (lambda x: np.arcsin(np.sqrt((x - lo) / (hi - lo))),
                               lambda x: 0.5 / np.sqrt((x - lo) * (hi - x)),
                               lambda y: lo + (hi - lo) * np.sin(np.clip(y, 0.0, np.pi / 2)) ** 2),
    "log": lambda lo, hi: (lambda x: np.log(x - lo), lambda x: 1 / (x - lo), lambda y: lo + np.exp(y)),
    "reflected-log": lambda lo, hi: (lambda x: -np.log(hi - x), lambda x: 1 / (hi - x), lambda y: hi - np.exp(-y)),
}


def _interval(value: np.ndarray, se: np.ndarray, bounds: tuple, z: float, scale: str):
    """The Wald interval on ``scale`` (of the range ``bounds``, two numbers or two arrays like ``value``), mapped
    back; the plain Wald interval on the range's edge or outside it."""
    with np.errstate(invalid="ignore"):  # inf − inf where the value is infinite: set to the range by the caller
        lower, upper = value - z * se, value + z * se
    if scale == "identity":
        return lower, upper
    lo, hi = (np.broadcast_to(np.asarray(b, dtype=float), np.shape(value)) for b in bounds)
    inside = _inside(value, lo, hi) & np.isfinite(se)
    lower, upper = np.array(lower, dtype=float), np.array(upper, dtype=float)
    lower[inside], upper[inside] = _mapped_back(value[inside], se[inside], lo[inside], hi[inside], z, scale)
    return lower, upper


_ROUNDING = 4 * np.finfo(float).eps


def _inside(value: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    """Whether each value lies inside its range [lo, hi] by more than the rounding error of a number at its ends
    (four units of the last place, relative to the end or to 1): a value within it is at the end, where a scale that
    maps the end to infinity would turn any SE into the whole range (a weighted mean of ones, computed as
    0.9999999999999999, took the interval [−1, 1] on the Fisher z scale)."""
    with np.errstate(invalid="ignore"):
        above = np.where(np.isfinite(lo), value - lo > _ROUNDING * np.maximum(1.0, np.abs(lo)), value > lo)
        below = np.where(np.isfinite(hi), hi - value > _ROUNDING * np.maximum(1.0, np.abs(hi)), value < hi)
    return above & below


def _mapped_back(value: np.ndarray, se: np.ndarray, lo: np.ndarray, hi: np.ndarray, z: float, scale: str):
    """The ends of the Wald interval on ``scale`` of values strictly inside their ranges [lo, hi] with a finite
    SE (flat arrays alike), mapped back."""
    with np.errstate(all="ignore"):
        forward, slope, inverse = _SCALES[scale](np.where(np.isfinite(lo), lo, 0.0),
                                                 np.where(np.isfinite(hi), hi, 1.0))
        centre, spread = forward(value), z * se * slope(value)
        return inverse(centre - spread), inverse(centre + spread)


def _kind(bounds) -> tuple[float, float]:
    """Bounds given as arrays (one range per value, all of one kind): a pair of numbers of that kind."""
    lo, hi = (np.asarray(b, dtype=float).ravel() for b in bounds)
    return float(lo[0]), float(hi[0])


def _spread(bound, value: np.ndarray) -> np.ndarray:
    """A bound (a number, or one per number of ``value``) for each number of ``value``, flat."""
    bound = np.asarray(bound, dtype=float)
    if bound.shape == value.shape:
        return bound.ravel()
    return np.full(value.size, bound) if bound.ndim == 0 else np.broadcast_to(bound, value.shape).ravel()


def _bounds_of(ends: list, values: list[np.ndarray]) -> np.ndarray:
    """One end of the range of each number of ``values`` (one array per quantity), flat: each quantity's end (a
    number, or one per number) repeated over its numbers, in one step where every end is a number."""
    if all(np.ndim(end) == 0 for end in ends):
        return np.repeat(np.array(ends, dtype=float), [v.size for v in values])
    ends = [np.asarray(end, dtype=float) for end in ends]
    if all(end.shape == v.shape for end, v in zip(ends, values, strict=True)):  # one number per number
        return np.concatenate([end.ravel() for end in ends])
    return np.concatenate([_spread(end, v) for end, v in zip(ends, values, strict=True)])


def delta_estimates(estimand, opts: IntervalOptions, keys: list[str],
                    variances: Callable[[list[str], object], dict[str, np.ndarray]] | None = None,
                    label: str = "linearised") -> dict[str, Estimate]:
    """Linearised (delta-method) estimates of the quantities ``keys`` of an :class:`~.estimands.Estimand`: the SE
    from its variances (those it knows the structure of, else the gradients over the non-empty cells of its counts
    and :func:`linearised_variance`), the interval on the scale of each quantity's range, and the two-sided Wald
    p-value of "the value is 0" (for differences). The estimand's ``scales`` name the scale of a quantity (as the
    measure's record declares it, :attr:`~pandas_agree.measures.registry.Measure.scale`); the others take the
    scale of their range (:func:`~pandas_agree.measures.registry.range_scale`).

    ``variances(keys, design)`` replaces the estimand's own (a sample design's replicates give theirs so); under a
    sample design the design effect is the variance over that of the design's reference
    (:meth:`~.design.SampleDesign.reference`), from the same call.

    An SE below 10⁻⁹ of the value is the rounding error of a value that does not vary (the unweighted mean of the
    prevalences is 1/K in every table): it is 0; so is one below :data:`ROUND_OFF_SE` whatever the value (a lambda
    of 0 whose every row has the same mode took 1.5·10⁻¹⁶ from a design's PSU totals). An infinite value (an odds
    ratio with an empty cell, an average of such values) has no finite partials, so no SE or interval
    (:func:`~.estimates.undefined_at_infinity`).
    ``label`` names the method of the SE; under a sample design the p-value is Student's t on the design's degrees
    of freedom."""
    if variances is None:
        variances = estimand.variances if estimand.structured else estimand.moved_variances
    bounds, point, scales = estimand.bounds, estimand.point, estimand.scales
    var = variances(keys, opts.design)
    # the design effect's reference: the same influences under simple random sampling
    srs = variances(keys, opts.sample.reference()) if opts.sample is not None else None
    # every quantity in one pass; the interval of each scale is mapped back on that scale's numbers
    if not keys:
        return {}
    values = [np.asarray(point[key], dtype=float) for key in keys]
    value = np.concatenate([v.ravel() for v in values])
    variance = np.concatenate([np.asarray(var[key], dtype=float).ravel() if key in var else
                               np.zeros(v.size) for key, v in zip(keys, values, strict=True)])
    lo, hi = (_bounds_of([bounds[key][side] for key in keys], values) for side in (0, 1))
    deff = None
    if srs is not None:
        reference = np.concatenate([np.asarray(srs[key], dtype=float).ravel() if key in srs else
                                    np.zeros(v.size) for key, v in zip(keys, values, strict=True)])
        with np.errstate(divide="ignore", invalid="ignore"):
            deff = np.where(reference > 0, variance / np.where(reference > 0, reference, 1.0), np.nan)
    se = np.sqrt(variance)  # no non-empty cell: nothing varies (0)
    se = np.where(se < np.maximum(1e-9 * np.abs(value), ROUND_OFF_SE), 0.0, se)
    if deff is not None:  # a value that does not vary (its SE rounding error) has no design effect
        deff = np.where(se > 0, deff, np.nan)
    infinite = np.isinf(value)
    se = np.where(infinite | np.isnan(value), np.nan, se)
    scale_of = [(scales or {}).get(key) or range_scale(_kind(bounds[key])) for key in keys]
    lower, upper = _interval(value, se, (lo, hi), opts.z, "identity")
    # the values inside their ranges with a finite SE, on a scale other than the identity: their ends mapped back,
    # the scales that map alike (the logit of the position and Fisher's z) together
    maps = list(dict.fromkeys(_SCALES[s] for s in scale_of if s != "identity"))
    if maps:
        group = np.repeat([-1 if s == "identity" else maps.index(_SCALES[s]) for s in scale_of],
                          [v.size for v in values])
        inside = (group >= 0) & _inside(value, lo, hi) & np.isfinite(se)
        for x, on in enumerate(maps):
            at = inside & (group == x)
            name = next(s for s in scale_of if s != "identity" and _SCALES[s] is on)
            lower[at], upper[at] = _mapped_back(value[at], se[at], lo[at], hi[at], opts.z, name)
    lower = np.where(infinite, np.nan, lower)
    upper = np.where(infinite, np.nan, upper)
    with np.errstate(divide="ignore", invalid="ignore"):
        if opts.sample is None or opts.sample.df <= 0:
            pvalue = two_sided_p(value / se)  # the Wald test of "the value is 0"
        else:
            pvalue = two_sided_p(value / se, opts.sample.df)
    # nothing varies: the value is 0 or it is not; an infinite value has no Wald test
    pvalue = np.where(se == 0, np.where(value == 0, 1.0, 0.0), np.where(infinite, np.nan, pvalue))
    joined = within((lo, hi), value, se, lower, upper, "", pvalue=np.where(np.isfinite(value), pvalue, np.nan))
    design = "" if opts.sample is None else f", sample design, t on {opts.sample.df} df"
    methods = {on: f"{label} ({on} scale){design}" for on in dict.fromkeys(scale_of)}
    stats = (joined.value, joined.se, joined.lower, joined.upper, joined.pvalue, deff)
    shape = values[0].shape
    if all(v.shape == shape for v in values):  # every quantity's numbers alike: one view of each statistic
        parts = [None if x is None else x.reshape(len(keys), *shape) for x in stats]
        found = [[None if x is None else x[i, ...] for x in parts] for i in range(len(keys))]
    else:
        ends = np.cumsum([v.size for v in values])
        found = [[None if x is None else x[end - v.size:end].reshape(v.shape) for x in stats]
                 for end, v in zip(ends.tolist(), values, strict=True)]
    out = {key: Estimate(*numbers[:4], methods[on], pvalue=numbers[4],
                         deff=None if deff is None else np.where(np.isnan(v), np.nan, numbers[5]))
           for key, v, on, numbers in zip(keys, values, scale_of, found, strict=True)}
    return undefined_at_infinity(out) if infinite.any() else out
