"""Design-based variance by linearisation: strata, clusters (PSUs), sampling weights, finite population correction.

Every value the package reports is a smooth function f of the table of (weighted) counts, and its gradient with
respect to the cells is known (:mod:`.delta`). Linearised, the estimate moves with the PSUs' totals: PSU j of
stratum h contributes its influence u_hj = Σ_cells n_hj,c ∂f/∂n_c, the gradient summed over its weighted counts.
The variance is the with-replacement estimator of the PSU totals within strata (Wolter 2007, §6.11; R's survey
package, ``svyrecvar``):

    V = Σ_h (1 − f_h) n_h/(n_h − 1) Σ_j (u_hj − ū_h)²,

with f_h the sampling fraction of PSUs in stratum h when a finite population correction is given. Intervals use
Student's t on (PSUs − strata) degrees of freedom, as SPSS Complex Samples and R's survey package do. The design
effect compares V with the variance of the same estimate under simple random sampling of as many rows
(with replacement): the multinomial variance of the weighted table, rescaled from the weight sum to the rows.

With one row per PSU and one stratum, V is the i.i.d. linearised variance times n/(n − 1). Every value is taken as
a function of the proportions (the total weight fixed, as the multinomial variance takes N): its gradient is
centred so that Σ n ∂f/∂n = 0, which removes any constant the structured gradients leave out.

A stratum with a single PSU has no within-stratum variance. As R's ``survey.lonely.psu`` options: "adjust"
(the default) centres its PSU at the mean of all PSUs (conservative); "remove" leaves it out (it adds nothing);
"fail" raises an error.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from ..base.lazy import LazyModule
from ..base.options import LONELY_PSU, REPLICATES
from ..base.spelling import option_set
from ..base.undefined import UndefinedMeasureWarning, external_stacklevel
from ..engine.design import UnitTables
from .distributions import critical_value

sparse = LazyModule("scipy.sparse")

__all__ = ["SampleDesign", "SimpleRandom"]


@dataclass(frozen=True)
class SimpleRandom:
    """The variance of simple random sampling with replacement of n rows: the multinomial variance of the weighted
    table (its weight sum W of draws) times ``scale`` = W/(n − 1), which estimates it with the divisor n − 1 as R's
    ``svyvar`` and Stata's ``estat effects`` do; so the design effect, a design variance over this one, is that of
    R's ``svymean(..., deff = "replace")`` (Kish's deff). NaN for a single row, whose variance has no estimate.

    Every variance function that takes a design takes this one too (:meth:`SampleDesign.reference` gives it).
    """

    scale: float


class SampleDesign:
    """The design of a complex sample, for the variance of any value with a gradient over the table's cells.

    Parameters
    ----------
    units : UnitTables
        The table of every PSU (:func:`~pandas_agree.engine.design.unit_tables`).
    shape : (int, int)
        The shape I×J of the table.
    lonely_psu : {"adjust", "remove", "fail"}, default "adjust"
        What a stratum with a single PSU contributes (see the module's notes).
    replicates : {None, "jackknife", "bootstrap"}, default None
        The variance of every value: linearised (None), or that of the design's replicates (:meth:`replicates`).
    table_shape : tuple of int, optional
        The shape of the tables the values are computed from, where it is not I×J: a table of any number of axes
        (the joint table of several predictions) or a vector (the weights of the subjects or patterns of a rater
        analysis), whose flat cells are the units' rows with ``shape`` (cells, 1).
    stored : (rows, cols), optional
        For an I×J table held sparse, its stored cells (row-major, every cell of a PSU among them): the values are
        then computed from the vector of the stored cells' counts, and the replicates are such vectors.
    """

    def __init__(self, units: UnitTables, shape: tuple[int, int], lonely_psu: str = "adjust",
                 replicates: str | None = None, table_shape: tuple[int, ...] | None = None,
                 stored: tuple[np.ndarray, np.ndarray] | None = None) -> None:
        if lonely_psu not in LONELY_PSU:
            raise ValueError(f"lonely_psu must be one of {', '.join(map(repr, LONELY_PSU))}; got {lonely_psu!r}")
        if replicates not in (None, *REPLICATES):
            raise ValueError(f"replicates must be None or one of {', '.join(map(repr, REPLICATES))}; "
                             f"got {replicates!r}")
        self.replicates_kind = replicates
        self.units = units
        self.shape = tuple(int(x) for x in shape)
        i, j = self.shape
        keys = units.row.astype(np.int64) * j + units.col  # each entry's flat cell of the I×J table
        self._stored_keys = None
        if stored is not None:
            self._stored_keys = np.asarray(stored[0], dtype=np.int64) * j + np.asarray(stored[1], dtype=np.int64)
            self.table_shape = (len(self._stored_keys),)
            place = np.searchsorted(self._stored_keys, keys)
            if len(keys) and (place.max() >= len(self._stored_keys) or (self._stored_keys[place] != keys).any()):
                raise ValueError("the PSUs' tables have cells that the table does not store")
        else:
            self.table_shape = self.shape if table_shape is None else tuple(int(x) for x in table_shape)
            if int(np.prod(self.table_shape)) != i * j:
                raise ValueError(f"table_shape {self.table_shape} does not hold the {i * j} cells of the units' "
                                 "tables")
            place = keys
        self.lonely_psu = lonely_psu
        sizes = units.units_per_stratum
        self.lonely = units.strata[np.flatnonzero(sizes == 1)]
        if lonely_psu == "fail" and len(self.lonely):
            one = len(self.lonely) == 1
            raise ValueError(f"{len(self.lonely)} {'stratum has' if one else 'strata have'} a single PSU "
                             f"({list(self.lonely[:5])}); {'its' if one else 'their'} variance cannot be estimated: "
                             f"use {option_set('lonely_psu', 'adjust')} or "
                             f"{option_set('lonely_psu', 'remove', python=repr('remove'))}, or merge strata")
        n_units = units.n_units
        if n_units < 2:  # one PSU: its deviation from itself is 0, which is no estimate of a variance
            warnings.warn("the sample design has a single PSU: no design-based variance can be estimated, and every "
                          "standard error and interval is NaN (give the clusters, or leave out cluster= and strata= "
                          "for independent rows)", UndefinedMeasureWarning, stacklevel=external_stacklevel())
        # the PSUs' weighted counts by row, by column and by cell of the table the values come from: an influence
        # is one product with each
        self._by_row = sparse.csr_array((units.count, (units.unit, units.row)), shape=(n_units, i))
        self._by_col = sparse.csr_array((units.count, (units.unit, units.col)), shape=(n_units, j))
        self._by_unit = sparse.csr_array((units.count, (units.unit, place)),
                                         shape=(n_units, int(np.prod(self.table_shape))))
        self._keys = keys
        self._size = np.bincount(units.unit, weights=units.count, minlength=n_units)  # each PSU's weight
        n_strata = len(units.fraction)
        self._in_stratum = sparse.csr_array((np.ones(n_units), (units.stratum, np.arange(n_units))),
                                            shape=(n_strata, n_units))  # sums over the PSUs of each stratum
        self._units_per_stratum = np.bincount(units.stratum, minlength=n_strata).astype(float)
        self.total = float(units.count.sum())

    def reference(self) -> SimpleRandom:
        """The design effect's reference: simple random sampling with replacement of as many rows
        (:class:`SimpleRandom`), whose variance every variance function gives from the same influences."""
        n = self.units.n_valid
        return SimpleRandom(self.total / (n - 1) if n > 1 else np.nan)

    @property
    def df(self) -> int:
        """Degrees of freedom: PSUs − strata."""
        return int(self.units.n_units - self.units.n_strata)

    def critical(self, confidence_level: float) -> float:
        """Student's t quantile on :attr:`df` degrees of freedom (the normal one where df is 0 or less)."""
        return float(critical_value(confidence_level, self.df if self.df > 0 else None))

    def at_cells(self, keys: np.ndarray, values: np.ndarray) -> np.ndarray:
        """The influences u (PSUs, V) of values whose gradient is ``values`` (cells, V) at the flat cells ``keys``
        (row · J + column, distinct) and 0 elsewhere: O(the PSUs' entries), whatever I·J is."""
        keys = np.asarray(keys, dtype=np.int64)
        values = np.asarray(values, dtype=float).reshape(len(keys), -1)
        return np.asarray(self._at(keys) @ values)

    def counts_at(self, keys: np.ndarray) -> sparse.sparray:
        """The PSUs' weighted counts at the flat cells ``keys`` (row · J + column, distinct): a sparse (PSUs,
        len(keys)) array."""
        return self._at(np.asarray(keys, dtype=np.int64))

    @cached_property
    def _by_cell(self) -> sparse.csc_array:
        """The PSUs' counts by cell of :attr:`table`, by columns: a cell's PSUs are one slice."""
        return self._by_unit.tocsc()

    def _at(self, keys: np.ndarray) -> sparse.sparray:
        """The PSUs' counts at the flat cells ``keys`` (distinct): a sparse (PSUs, len(keys)) array."""
        if not len(keys):
            return sparse.csr_array((self.units.n_units, 0))
        positions = self.table_positions(keys)
        if (positions >= 0).all():  # every cell a column of the PSUs' table: one slice each
            return self._by_cell[:, positions]
        order = np.argsort(keys, kind="stable")
        ordered = keys[order]
        place = np.minimum(np.searchsorted(ordered, self._keys), len(ordered) - 1)
        found = ordered[place] == self._keys
        return sparse.csr_array((self.units.count[found], (self.units.unit[found], order[place[found]])),
                                shape=(self.units.n_units, len(keys)))

    def at_table_cells(self, cells: np.ndarray, values: np.ndarray) -> np.ndarray:
        """:meth:`at_cells` at the flat cells of the table the values come from (:attr:`table_shape`: the stored
        cells of a table held sparse)."""
        cells = np.asarray(cells, dtype=np.int64)
        return self.at_cells(cells if self._stored_keys is None else self._stored_keys[cells], values)

    def structured(self, row_part: np.ndarray, col_part: np.ndarray,
                   matching: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None,
                   cells: tuple[np.ndarray, np.ndarray] | None = None) -> np.ndarray:
        """The influences u (PSUs, V) of values whose gradient at cell (i, j) is R_i + C_j (+ M on the matching
        cells, + D at given cells): ``matching`` is (rows, cols, M), ``cells`` is (flat keys, D)."""
        u = self._by_row @ np.asarray(row_part, dtype=float) + self._by_col @ np.asarray(col_part, dtype=float)
        if matching is not None and len(matching[0]):
            mr, mc, mv = matching
            keys = np.asarray(mr, dtype=np.int64) * self.shape[1] + np.asarray(mc, dtype=np.int64)
            u = u + self.at_cells(keys, mv)
        if cells is not None:
            u = u + self.at_cells(*cells)
        return np.asarray(u)

    def diagonal(self, rows: np.ndarray, cols: np.ndarray, row_part: np.ndarray, col_part: np.ndarray,
                 matching: np.ndarray) -> np.ndarray:
        """The influences u (PSUs, K, V) of K × V values where value (k, v) has the gradient R[k, v] on row
        ``rows[k]``, C[k, v] on column ``cols[k]`` and M[k, v] more on their cell (a row or column of −1 is not in
        the table), and 0 elsewhere: the class-specific values of one-vs-rest counts."""
        rows, cols = np.asarray(rows, dtype=np.int64), np.asarray(cols, dtype=np.int64)
        parts = (np.asarray(row_part, dtype=float), np.asarray(col_part, dtype=float), np.asarray(matching, float))
        u = np.zeros((self.units.n_units, *parts[0].shape))
        has_row, has_col = rows >= 0, cols >= 0
        both = has_row & has_col
        for counts, at, part in ((self._by_row, rows, parts[0]), (self._by_col, cols, parts[1])):
            present = at >= 0
            u[:, present] += np.asarray(counts[:, at[present]].toarray())[:, :, None] * part[present][None]
        if both.any():
            keys = rows[both] * self.shape[1] + cols[both]
            u[:, both] += self._at(keys).toarray()[:, :, None] * parts[2][both][None]
        return u

    def variance(self, u: np.ndarray) -> np.ndarray:
        """The design-based variance of V values from their influences u (PSUs, V); a non-finite influence gives
        a non-finite variance, and a design of a single PSU NaN (no variance can be estimated from one)."""
        deviations, factor = self._deviations(u, proportions=True)
        variance = factor @ (self._in_stratum @ deviations ** 2)
        return np.full_like(variance, np.nan) if self.units.n_units < 2 else variance

    def covariance(self, u: np.ndarray, *, proportions: bool = True) -> np.ndarray:
        """The design-based covariance matrix (V, V) of V values from their influences u (PSUs, V): the variance of
        :meth:`variance` for each pair.

        ``proportions=False`` takes the values as totals (functions of the weighted counts whose scale moves with
        the weight sum, as R's ``svytotal`` takes them): their influences are not centred on the PSUs' sizes.
        """
        deviations, factor = self._deviations(u, proportions=proportions)
        if self.units.n_units < 2:
            return np.full((deviations.shape[1], deviations.shape[1]), np.nan)
        weighted = deviations * factor[self.units.stratum][:, None]
        if deviations.shape[1] <= 64:  # numpy's own loop: a BLAS product over the PSUs stalls its threads when the
            return np.einsum("ij,ik->jk", weighted, deviations)  # other cores are busy, for a few columns
        return np.asarray(weighted.T @ deviations)

    def _deviations(self, u: np.ndarray, *, proportions: bool) -> tuple[np.ndarray, np.ndarray]:
        """Each PSU's influence less its stratum's mean (PSUs, V), and each stratum's factor (1 − f_h) n_h/(n_h − 1)
        (1 − f_h for a stratum of one PSU, whose deviation follows ``lonely_psu``)."""
        u = np.asarray(u, dtype=float)
        if proportions and self.total > 0:  # a function of the proportions: Σ n g = 0 (a constant added to g is not)
            with np.errstate(invalid="ignore"):
                u = u - np.outer(self._size, u.sum(axis=0) / self.total)
        stratum, fraction, sizes = self.units.stratum, self.units.fraction, self._units_per_stratum
        with np.errstate(invalid="ignore", divide="ignore"):
            means = (self._in_stratum @ u) / np.where(sizes > 0, sizes, 1.0)[:, None]
            centre = means[stratum]
            single = sizes[stratum] == 1
            if single.any():
                centre[single] = u.mean(axis=0) if self.lonely_psu == "adjust" else u[single]
            factor = np.where(sizes > 1, sizes / np.where(sizes > 1, sizes - 1, 1.0), 1.0) * (1 - fraction)
        return u - centre, factor

    @cached_property
    def cells(self) -> tuple[np.ndarray, np.ndarray]:
        """The table's cells as flat keys of the I×J table (row · J + column; every cell of a dense table, the
        stored ones of a table held sparse) and their weighted counts."""
        keys = np.arange(int(np.prod(self.table_shape)), dtype=np.int64) if self._stored_keys is None \
            else self._stored_keys
        return keys, self.table.ravel()

    def table_positions(self, keys: np.ndarray) -> np.ndarray:
        """The position of each flat I×J cell ``keys`` among the cells of :attr:`table` (raveled), as the replicate
        tables hold them; −1 where a table held sparse does not store it."""
        keys = np.asarray(keys, dtype=np.int64)
        if self._stored_keys is None:
            return keys
        place = np.minimum(np.searchsorted(self._stored_keys, keys), max(len(self._stored_keys) - 1, 0))
        return np.where(len(self._stored_keys) and self._stored_keys[place] == keys, place, -1)

    @cached_property
    def table(self) -> np.ndarray:
        """The weighted table of the rows counted (I×J, or :attr:`table_shape`): the sum of the PSUs' tables."""
        return np.asarray(self._by_unit.sum(axis=0)).reshape(self.table_shape)

    def replicates(self, kind: str, n_resamples: int, rng: np.random.Generator,
                   chunk_cells: int = 1 << 22) -> Iterator[tuple[np.ndarray, np.ndarray]]:
        """The replicate tables of the design, in chunks: (stack of shape (b, I, J), the factor of each replicate in
        the variance Σ_r c_r (θ_r − θ̂)²).

        ``kind="jackknife"``: delete one PSU (JKn): the PSU's stratum is reweighted by n_h/(n_h − 1) without it;
        c_r = (1 − f_h)(n_h − 1)/n_h. A stratum with a single PSU has no replicate (it adds nothing).
        ``kind="bootstrap"``: Rao and Wu's rescaling bootstrap: in each stratum n_h − 1 PSUs drawn with
        replacement, each drawn PSU's table times n_h/(n_h − 1) for every time it is drawn; c_r = 1/B. With a
        finite population correction, Rao, Wu and Yue's (1992) rescaling with λ_h = √(1 − f_h): a PSU drawn r times
        weighs 1 − λ_h + λ_h r n_h/(n_h − 1), so that the variance of a linear value is that of the linearisation,
        (1 − f_h) included (R's ``bootweights`` leaves the correction out). A stratum with a single PSU is kept as
        it is.
        """
        units = self.units
        cells = int(np.prod(self.table_shape))
        sizes = self._units_per_stratum
        full = self.table.ravel()
        # a chunk's replicate tables, and a chunk's weights of every PSU (the bootstrap), hold at most chunk_cells
        per_chunk = max(1, chunk_cells // max(cells, units.n_units if kind == "bootstrap" else 1, 1))
        if kind == "jackknife":
            totals = np.asarray((self._in_stratum @ self._by_unit).toarray())  # (strata, cells)
            dropped = np.flatnonzero(sizes[units.stratum] > 1)
            for start in range(0, len(dropped), per_chunk):
                part = dropped[start:start + per_chunk]
                h = units.stratum[part]
                n_h = sizes[h][:, None]
                own = np.asarray(self._by_unit[part].toarray())
                stack = full[None] + (totals[h] - n_h * own) / (n_h - 1)
                factor = (1 - units.fraction[h]) * (n_h[:, 0] - 1) / n_h[:, 0]
                yield stack.reshape(len(part), *self.table_shape), factor
            return
        strata_of = [np.flatnonzero(units.stratum == h) for h in range(len(sizes))]
        for start in range(0, n_resamples, per_chunk):
            b = min(per_chunk, n_resamples - start)
            weights = np.ones((b, units.n_units))
            for h, members in enumerate(strata_of):
                if len(members) > 1:
                    drawn = rng.multinomial(len(members) - 1, np.full(len(members), 1 / len(members)), size=b)
                    scale = np.sqrt(1 - units.fraction[h])
                    weights[:, members] = 1 - scale + scale * drawn * len(members) / (len(members) - 1)
            stack = np.asarray(self._by_unit.T @ weights.T).T  # each replicate's reweighted PSUs, summed
            yield stack.reshape(b, *self.table_shape), np.full(b, 1 / n_resamples)

    def strata_holding_rows(self) -> set:
        """The strata (by their values) whose PSUs hold counted rows; without strata the one stratum (None)."""
        units = self.units
        if not units.stratified:
            return {None} if units.n_valid else set()
        held = units.stratum[np.unique(units.unit[units.count > 0])]
        return set(units.strata[np.unique(held)].tolist())

    def summary(self) -> dict:
        """The design in numbers, for reports: strata, PSUs, degrees of freedom, rows, lonely-PSU strata."""
        units = self.units
        return {"strata": units.n_strata if units.stratified else 1, "psus": units.n_units, "df": self.df,
                "rows": units.n_valid, "clustered": units.clustered, "stratified": units.stratified,
                "fpc": bool((units.fraction > 0).any()), "lonely_psu": self.lonely_psu,
                "replicates": self.replicates_kind,
                "single_psu_strata": [str(x) for x in self.lonely]}
