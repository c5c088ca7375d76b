"""The sufficient statistic of a sample design: the weighted crosstab of every primary sampling unit (PSU).

A design-based variance needs, for every value, the sum of its gradient over the cells of each PSU weighted by the
PSU's counts there. So the one pass over the rows that counts the table also counts the table of each PSU (one
bincount over the combined codes PSU × cell), kept as its non-empty entries: most PSUs touch few cells. Nothing
after it touches the rows.

PSUs are nested in strata (a cluster id may repeat in another stratum, where it is another PSU, as R's survey
package takes them with ``nest=TRUE``). Without ``cluster`` every row is its own PSU (stratified element
sampling); without ``strata`` there is one stratum. A PSU whose rows all miss a label (or have zero weight) stays
a PSU of its stratum with an empty table: the design, not the valid rows, decides the number of PSUs, as in
design-based domain estimation.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
import pandas as pd

from .labels import concat_labels, difference_labels, positions_of, unique_labels

__all__ = ["DesignColumns", "UnitTables", "check_replicates", "domain_df", "merge_units", "unit_tables"]


def check_replicates(replicates: str | None, sampled: bool) -> None:
    """A ValueError where ``replicates=`` (a design's replicate weights) is given without a sample design
    (``sampled`` false: no ``strata=``, ``cluster=`` or ``fpc=``)."""
    if replicates is not None and not sampled:
        raise ValueError(f"replicates={replicates!r} needs a sample design (strata=, cluster= or fpc=)")


@dataclass(frozen=True)
class DesignColumns:
    """The design's columns as given, one value per row (each may be None), and their names for messages."""

    strata: pd.Series | None = None
    cluster: pd.Series | None = None
    fpc: pd.Series | None = None
    names: tuple[str, str, str] = ("strata", "cluster", "fpc")
    domain: np.ndarray | None = None  # the rows of a subpopulation (a group): the others only place the PSUs


@dataclass(frozen=True)
class UnitTables:
    """The non-empty cells of every PSU's crosstab, and the design around them.

    ``unit``, ``row``, ``col`` and ``count`` give each stored entry (sorted by PSU, then cell); ``stratum`` the
    stratum of each PSU; ``fraction`` the sampling fraction of PSUs in each stratum (0 without a finite population
    correction); ``n_valid`` the rows counted in the table; ``domain_df`` where the rows are a domain (a
    subpopulation), the degrees of freedom of the PSUs that hold its counted rows (those PSUs less their strata),
    which the design-based tests of the domain's table use as R's ``svychisq`` does on ``subset(design, ...)``;
    ``clusters`` the cluster id of each PSU (None where every row is its own PSU) and ``population`` the finite
    population correction of each stratum as given (None without one), by which the tables of two samples of the
    same design are merged (:func:`merge_units`).
    """

    unit: np.ndarray
    row: np.ndarray
    col: np.ndarray
    count: np.ndarray
    stratum: np.ndarray
    fraction: np.ndarray
    strata: pd.Index
    n_units: int
    n_valid: int
    stratified: bool
    clustered: bool
    domain_df: int | None = None
    clusters: pd.Index | None = None
    population: np.ndarray | None = None

    @property
    def n_strata(self) -> int:
        return len(self.fraction)

    @property
    def units_per_stratum(self) -> np.ndarray:
        return np.bincount(self.stratum, minlength=self.n_strata)

    def mapped(self, cell_map: np.ndarray, width: int, shape: tuple[int, int]) -> UnitTables:
        """The same PSUs' tables on other cells: the entry at flat cell c (row · ``width`` + column) moves to flat
        cell ``cell_map[c]`` of a table of ``shape`` (entries that meet in a PSU's cell are added up), as a table's
        margins or a reordering of its cells take them."""
        target = np.asarray(cell_map, dtype=np.int64)[self.row.astype(np.int64) * width + self.col]
        cells = int(shape[0]) * int(shape[1])
        keys, inverse = np.unique(self.unit.astype(np.int64) * cells + target, return_inverse=True)
        count = np.bincount(inverse.ravel(), weights=self.count, minlength=len(keys))
        unit, place = np.divmod(keys, cells)
        return replace(self, unit=unit, row=place // shape[1], col=place % shape[1], count=count)


def _sorted_codes(codes: np.ndarray, uniques: pd.Index, name: str) -> tuple[np.ndarray, pd.Index]:
    """Codes into the sorted values (so that strata and PSUs come in the order of their ids), or a ValueError
    naming the argument where a row has none."""
    missing = int(np.count_nonzero(codes < 0))
    if missing:
        raise ValueError(f"{name} has {missing} missing value(s); every row needs its {name} "
                         "(a row outside the design cannot be placed in it)")
    used = np.bincount(codes, minlength=len(uniques)) > 0
    if not used.all():  # the engine's codes of small integers span their range: keep the values that occur
        place = np.cumsum(used) - 1
        codes, uniques = place[codes], uniques[used]
    try:
        order = np.argsort(uniques.to_numpy(), kind="stable")
    except TypeError:  # values of mixed types: in order of appearance
        return codes, uniques
    if (order == np.arange(len(order))).all():
        return codes, uniques
    rank = np.empty(len(order), dtype=np.int64)
    rank[order] = np.arange(len(order))
    return rank[codes], uniques[order]


def _design_units(columns: DesignColumns, n: int, coded: dict) -> tuple:
    """The PSU of each row, the stratum of each PSU, the sampling fraction of each stratum, the strata, the cluster id
    of each PSU (None without clusters) and the finite population correction of each stratum as given (None
    without one), from the strata and clusters coded (``coded[name]`` = (codes, uniques), −1 for a missing
    value)."""
    strata_name, cluster_name, fpc_name = columns.names
    for column, name in ((columns.strata, strata_name), (columns.cluster, cluster_name), (columns.fpc, fpc_name)):
        if column is not None and len(column) != n:
            raise ValueError(f"{name} must have one value per row ({n}); got {len(column)}")
    if columns.strata is not None:
        stratum_of_row, strata = _sorted_codes(*coded["strata"], strata_name)
    else:
        stratum_of_row, strata = np.zeros(n, dtype=np.int64), pd.Index(["(all)"])
    if columns.cluster is not None:
        cluster_codes, clusters = _sorted_codes(*coded["cluster"], cluster_name)
        width = max(len(clusters), 1)
        combined = stratum_of_row * width + cluster_codes  # a PSU is a cluster within its stratum
        if len(strata) * width <= 1 << 24:
            present = np.bincount(combined, minlength=len(strata) * width) > 0
            place = np.cumsum(present) - 1
            unit_of_row = place[combined]
            seen = np.flatnonzero(present)
        else:
            unit_of_row, seen = pd.factorize(combined, sort=True)
            seen = np.asarray(seen)
        stratum_of_unit = seen // width
        cluster_of_unit = clusters[seen % width]
    else:  # every row its own unit
        unit_of_row, stratum_of_unit = np.arange(n, dtype=np.int64), stratum_of_row
        cluster_of_unit = None
    unit_of_row = np.asarray(unit_of_row, dtype=np.int64)
    stratum_of_unit = np.asarray(stratum_of_unit, dtype=np.int64)
    sizes = np.bincount(stratum_of_unit, minlength=len(strata))
    fraction = np.zeros(len(strata))
    population = None
    if columns.fpc is not None:
        fpc = pd.to_numeric(columns.fpc, errors="coerce").to_numpy(dtype=float)
        if not np.isfinite(fpc).all() or (fpc <= 0).any():
            raise ValueError(f"{fpc_name} must be positive and finite on every row (no missing value): the "
                             "population size of each stratum (PSUs), or the sampling fraction of its PSUs (at most 1)")
        low = np.full(len(strata), np.inf)
        high = np.full(len(strata), -np.inf)
        np.minimum.at(low, stratum_of_row, fpc)
        np.maximum.at(high, stratum_of_row, fpc)
        if (low != high).any():
            where = (f"stratum {strata.tolist()[np.flatnonzero(low != high)[0]]!r}" if columns.strata is not None
                     else f"the one stratum of a design without {strata_name}")
            raise ValueError(f"{fpc_name} must be the same on every row of a stratum; it varies in {where}")
        population = low
        fraction = _fractions(population, sizes, strata, fpc_name)
    return unit_of_row, stratum_of_unit, fraction, strata, cluster_of_unit, population


def _fractions(population: np.ndarray, sizes: np.ndarray, strata: pd.Index, fpc_name: str = "fpc") -> np.ndarray:
    """The sampling fraction of each stratum from its finite population correction (a fraction of at most 1, or
    the population's number of PSUs) and its number of sampled PSUs."""
    with np.errstate(divide="ignore", invalid="ignore"):
        fraction = np.where(population <= 1, population, sizes / population)
    if (fraction > 1).any():
        h = np.flatnonzero(fraction > 1)[0]
        raise ValueError(f"{fpc_name} is below the number of sampled PSUs in stratum {strata.tolist()[h]!r} "
                         f"({int(sizes[h])}): give the population's number of PSUs in the stratum, or the "
                         "sampling fraction (at most 1)")
    return fraction


def unit_tables(cell: np.ndarray, weights: np.ndarray | None, columns: DesignColumns, shape: tuple[int, int],
                coded: dict) -> UnitTables:
    """The table of every PSU from each row's cell in the I×J table (row · J + column; −1 where the row is left
    out: a missing label, a missing or zero weight) and its weight; ``coded`` holds the strata's and clusters' codes
    and values ((codes, uniques) by name, as the engine encodes labels).

    With ``columns.domain`` (a mask over the design's rows), the rows counted are those of a subpopulation: the
    design's columns hold every row of the sample, so that the PSUs and strata are those of the whole sample (a
    PSU without a row of the group counts, with an empty table), as design-based estimation in a domain needs."""
    rows_of_design = len(cell) if columns.domain is None else len(columns.domain)
    unit_of_row, stratum_of_unit, fraction, strata, clusters, population = _design_units(columns, rows_of_design,
                                                                                          coded)
    if columns.domain is not None:
        if int(np.count_nonzero(columns.domain)) != len(cell):
            raise ValueError("the domain must select as many rows as are counted")
        unit_of_row = unit_of_row[np.asarray(columns.domain, dtype=bool)]
    n_units = len(stratum_of_unit)
    i, j = shape
    valid = cell >= 0
    if weights is not None:
        valid &= weights > 0  # a missing weight's row has no cell already
    n_valid = int(np.count_nonzero(valid))
    cells = i * j
    if n_units * cells <= 1 << 22:  # every row counted in place: a row left out goes to one bin past the end
        combined = unit_of_row * cells
        combined += cell
        combined[~valid] = n_units * cells
        counts = np.bincount(combined, weights=weights, minlength=n_units * cells + 1)[:-1]
        keys = np.flatnonzero(counts)
        found = counts[keys]
    else:
        combined = unit_of_row[valid] * cells + cell[valid]
        w = None if weights is None else weights[valid]
        order = np.argsort(combined, kind="stable")
        ordered = combined[order]
        starts = np.flatnonzero(np.diff(ordered, prepend=-1))
        keys = ordered[starts]
        found = (np.diff(np.append(starts, len(ordered))).astype(float) if w is None
                 else np.add.reduceat(w[order], starts))
    unit, place = np.divmod(keys, cells)
    return UnitTables(unit, place // j, place % j, np.asarray(found, dtype=float), stratum_of_unit, fraction, strata,
                      n_units, n_valid, columns.strata is not None, columns.cluster is not None,
                      None if columns.domain is None else domain_df(unit, stratum_of_unit), clusters, population)


def domain_df(unit: np.ndarray, stratum_of_unit: np.ndarray) -> int:
    """The degrees of freedom of a domain's table: the PSUs holding its counted rows (``unit``, the PSU of each
    stored entry) less their strata."""
    present = np.unique(unit)
    return int(len(present) - len(np.unique(stratum_of_unit[present])))


def _sorted_union(first: pd.Index, second: pd.Index) -> pd.Index:
    """The values of two Indexes, each once, sorted where they sort (as a one-pass count orders strata and
    clusters), else those of ``first`` then the new ones of ``second``."""
    first = unique_labels(first)
    union = concat_labels(first, difference_labels(unique_labels(second), first))
    try:
        order = np.argsort(union.to_numpy(), kind="stable")
    except TypeError:
        return union
    return union[order]


def merge_units(first: UnitTables, second: UnitTables, first_at: tuple[np.ndarray, np.ndarray],
                second_at: tuple[np.ndarray, np.ndarray], shape: tuple[int, int]) -> UnitTables:
    """The PSUs' tables of two samples of one design counted apart, as one count of all their rows gives them.

    ``first_at`` = (rows, columns): the row of the merged table (of ``shape``) that holds each row of the first
    table, and the column that holds each of its columns; likewise ``second_at``. A PSU is a cluster within its
    stratum: one met in both samples (the same stratum and cluster ids) has its counts added; without clusters every
    row is a PSU of its own, and the second sample's come after the first's. The sampling fraction of a stratum is
    found again from its finite population correction and the PSUs of both samples (for a population size), or is
    the fraction given. A ValueError when the two are not samples of one design: strata, clusters or a finite
    population correction in one and not the other, or a stratum whose finite population correction differs.
    """
    for what, a, b in (("strata", first.stratified, second.stratified),
                       ("cluster", first.clustered, second.clustered),
                       ("fpc", first.population is not None, second.population is not None)):
        if a != b:
            raise ValueError(f"the two tables have different sample designs: {what} is given for "
                             f"{'the first' if a else 'the second'} and not for the other; only counts of one "
                             "design add up")
    pair = (first, second)
    strata = _sorted_union(first.strata, second.strata)
    stratum_at = [positions_of(u.strata, strata)[u.stratum] for u in pair]
    if first.clustered:
        clusters = _sorted_union(first.clusters, second.clusters)
        width = max(len(clusters), 1)
        keys = [stratum_at[k] * width + positions_of(u.clusters, clusters) for k, u in enumerate(pair)]
        distinct, inverse = np.unique(np.concatenate(keys), return_inverse=True)
        unit_of = [inverse[:first.n_units], inverse[first.n_units:]]
        stratum_of_unit, cluster_of_unit = distinct // width, clusters[distinct % width]
    else:
        unit_of = [np.arange(first.n_units), first.n_units + np.arange(second.n_units)]
        stratum_of_unit, cluster_of_unit = np.concatenate(stratum_at), None
    n_units = len(stratum_of_unit)
    cells = int(shape[0]) * int(shape[1])
    entries = np.concatenate([
        unit_of[k][u.unit].astype(np.int64) * cells
        + np.asarray(rows, dtype=np.int64)[u.row] * shape[1] + np.asarray(cols, dtype=np.int64)[u.col]
        for k, (u, (rows, cols)) in enumerate(zip(pair, (first_at, second_at), strict=True))])
    keys, inverse = np.unique(entries, return_inverse=True)
    count = np.bincount(inverse.ravel(), weights=np.concatenate([first.count, second.count]), minlength=len(keys))
    unit, place = np.divmod(keys, cells)
    sizes = np.bincount(stratum_of_unit, minlength=len(strata))
    fraction, population = np.zeros(len(strata)), None
    if first.population is not None:
        population = np.full(len(strata), np.nan)
        for u, at in zip(pair, stratum_at, strict=True):
            h = np.unique(at)
            given = u.population[positions_of(strata[h], u.strata)]
            clash = ~np.isnan(population[h]) & (population[h] != given)
            if clash.any():
                raise ValueError(f"the two tables have different sample designs: the fpc of stratum "
                                 f"{strata.tolist()[h[np.flatnonzero(clash)[0]]]!r} differs; only counts of one "
                                 "design add up")
            population[h] = given
        fraction = _fractions(population, sizes, strata)
    domain = first.domain_df is not None or second.domain_df is not None
    return UnitTables(unit, place // shape[1], place % shape[1], count, stratum_of_unit, fraction, strata, n_units,
                      first.n_valid + second.n_valid, first.stratified, first.clustered,
                      domain_df(unit, stratum_of_unit) if domain else None, cluster_of_unit, population)
