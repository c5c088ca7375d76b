"""Tables from cells counted elsewhere: the long cells of chunks counted apart (Dask's partitions) or of an engine's
group-by (:mod:`pandas_agree.engine.native`), and the PSUs' tables of a sample from its cells."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, replace

import numpy as np
import pandas as pd

from .crosstab import (
    NoValidRowsError,
    Tabulation,
    coded_keys,
    described,
    design_codes,
    keys_back,
    no_valid_rows,
    tabulate,
)
from .design import DesignColumns, domain_df, unit_tables
from .labels import positions_of
from .native import WEIGHT_MISSING, grouped_counts

__all__ = ["DESIGN", "DESIGN_KEYS", "NativeCounts", "design_tabulation", "native_rows", "tabulate_cells"]

DESIGN = ("strata", "cluster", "fpc")
DESIGN_KEYS = {"strata": "s", "cluster": "c", "fpc": "f"}  # the design's columns in the cells of a sample


def tabulate_cells(cells: pd.DataFrame, bookkeeping: dict, *, names: tuple[Hashable, Hashable], dropna: bool = True,
                   labels: Sequence | None = None) -> Tabulation:
    """The table (a :class:`~pandas_agree.engine.crosstab.Tabulation`) of long cells (columns "actual", "pred",
    "count") counted apart, with the bookkeeping of the rows (``n_rows``, ``n_missing``, ``n_zero_weight``,
    ``weight_missing``, ``n_missing_weight``, ``n_missing_zero_weight``: see
    :class:`~pandas_agree.engine.crosstab.Tabulation`), or the engine's error where no row was counted."""
    if len(cells) == 0 or not (cells["count"].to_numpy(dtype=float) > 0).any():
        if bookkeeping["n_rows"] == 0:
            raise ValueError(f"no rows to count: {names[0]} and {names[1]} are empty")
        raise no_valid_rows(bookkeeping["n_rows"])
    return tabulate(cells["actual"].rename(names[0]), cells["pred"].rename(names[1]),
                    weights=cells["count"].to_numpy(dtype=float), dropna=dropna, labels=labels)


def design_tabulation(table: tuple[pd.DataFrame, dict], cells: pd.DataFrame, units: pd.DataFrame, missing: dict, *,
                      names, dropna: bool, labels, design: dict, domain: bool = False) -> Tabulation:
    """The tabulation of a sample's rows counted apart, with the table of every PSU: the table from the long cells and
    bookkeeping ``table`` (as :func:`tabulate_cells` takes them), the PSUs' tables from the ``cells`` placed in it,
    in the design of all PSUs ``units``. ``cells`` has the design's keys (:data:`DESIGN_KEYS`; "uw", the weight,
    where every row is a PSU), the labels "a" and "p", and the rows ``n`` and weight sum ``w`` of the valid rows of
    each; ``units`` the design's keys and the ``rows`` of each (every row, valid or not); ``missing`` the rows
    missing a stratum or a cluster; ``design`` the design's columns (None for one not given); ``domain`` whether the
    rows are a subpopulation of the sample."""
    long, bookkeeping = table
    tab = tabulate_cells(long, bookkeeping, names=names, dropna=dropna, labels=labels)
    for name in ("strata", "cluster"):
        if missing.get(name):
            raise ValueError(f"{name} has {missing[name]} missing value(s); every row needs its {name} "
                             "(a row outside the design cannot be placed in it)")
    present = [DESIGN_KEYS[name] for name in DESIGN if design[name] is not None]
    shape = tab.table.shape
    cell = (positions_of(cells["a"].to_numpy(dtype=object), tab.table.index).astype(np.int64) * shape[1]
            + positions_of(cells["p"].to_numpy(dtype=object), tab.table.columns))
    if design["cluster"] is not None:  # the cells in their PSUs, and every PSU of the sample (with no cell)
        rows = pd.concat([cells[present].assign(cell=cell, w=cells["w"].to_numpy(dtype=float)),
                          units[present].assign(cell=-1, w=0.0)], ignore_index=True)
    else:  # every row its own PSU: each counted row with its weight, and the others of each stratum with none
        repeat = np.repeat(np.arange(len(cells)), cells["n"].to_numpy())
        counted_rows = cells[present].iloc[repeat].assign(cell=cell[repeat], w=cells["uw"].to_numpy(float)[repeat])
        per_key = pd.concat([units[[*present, "rows"]], cells[present].assign(rows=-cells["n"])], ignore_index=True)
        per_key, labels = coded_keys(per_key, present)  # (a group-by of the values may merge strata)
        others = keys_back(per_key.groupby(present, dropna=False, observed=True, sort=False)["rows"].sum()
                           .loc[lambda x: x > 0].reset_index(), labels)
        empty = others[present].iloc[np.repeat(np.arange(len(others)), others["rows"].to_numpy())]
        rows = pd.concat([counted_rows, empty.assign(cell=-1, w=0.0)], ignore_index=True)
    columns = DesignColumns(*(rows[DESIGN_KEYS[name]] if design[name] is not None else None for name in DESIGN))
    found = unit_tables(rows["cell"].to_numpy(dtype=np.int64), rows["w"].to_numpy(dtype=float), columns, shape,
                        design_codes(columns))
    found = replace(found, n_valid=int(cells["n"].sum()),  # the rows counted, not the cells they fill
                    domain_df=domain_df(found.unit, found.stratum) if domain else None)
    return replace(tab, units=found)


@dataclass
class NativeCounts:
    """The groups of a native frame's rows by the labels (and the design's and the layers' columns), counted by its
    engine in one group-by (:func:`~pandas_agree.engine.native.grouped_counts`), and the tabulations made from them:
    of all the rows, or of the rows of one layer (``mask`` over the groups)."""

    groups: pd.DataFrame
    keys: list
    actual: Hashable
    pred: Hashable
    weighted: bool
    dropna: bool
    labels: Sequence | None
    design: dict
    names: tuple[str, str] = ("actual", "pred")  # the arguments that give the label columns, for messages
    weights: tuple[Hashable, str] | None = None  # the weights' column and its argument

    @classmethod
    def count(cls, frame, actual, pred, *, weights=None, dropna: bool = True, labels=None, strata=None,
              cluster=None, fpc=None, layers: Sequence = (), names: tuple[str, str] = ("actual", "pred"),
              weights_name: str = "weights") -> NativeCounts:
        design = {"strata": strata, "cluster": cluster, "fpc": fpc}
        named = [(names[0], actual), (names[1], pred), *((k, v) for k, v in design.items() if v is not None),
                 *((f"layers[{i}]", v) for i, v in enumerate(layers))]
        keys = list(dict.fromkeys(column for _, column in named))  # a column named twice is grouped by once
        arg_of = {column: arg for arg, column in reversed(named)}
        sampled = any(v is not None for v in design.values())
        groups = grouped_counts(frame, keys, weights=weights, weight_key=sampled and cluster is None,
                                names=[arg_of[k] for k in keys], weights_name=weights_name)
        found = cls(groups, keys, actual, pred, weights is not None, bool(dropna), labels, design, tuple(names),
                    None if weights is None else (weights, weights_name))
        if found.weighted and not found.dropna and found.weight_missing.any():
            raise ValueError(f"{weights_name} has {int(found.groups['n'][found.weight_missing].sum())} missing "
                             "value(s); with dropna=False every row needs a weight (use dropna=True to leave such "
                             "rows out)")
        return found

    def key(self, column) -> pd.Series:
        """The values of a key column, one per group."""
        return self.groups.iloc[:, self.keys.index(column)]

    @property
    def weight_missing(self) -> np.ndarray:
        if not self.weighted:
            return np.zeros(len(self.groups), dtype=bool)
        return self.groups[WEIGHT_MISSING].to_numpy(dtype=bool)

    def left_out(self, mask: np.ndarray) -> dict:
        """The bookkeeping of the rows of the groups of ``mask``, all left out (read and missing: rows without a
        layer value): ``n_rows``, ``n_missing``, ``weight_missing`` (the weights of those whose weight is not
        missing), ``n_missing_weight`` and ``n_missing_zero_weight`` (those whose weight is 0)."""
        mask = np.asarray(mask, dtype=bool)
        n = self.groups["n"].to_numpy(dtype=np.int64)
        w = self.groups["w"].to_numpy(dtype=float) if self.weighted else n.astype(float)
        absent = self.weight_missing
        zero = self.groups["n_zero"].to_numpy(dtype=np.int64) if self.weighted else np.zeros(len(n), dtype=np.int64)
        return {"n_rows": int(n[mask].sum()), "n_missing": int(n[mask].sum()),
                "weight_missing": float(w[mask & ~absent].sum()), "n_missing_weight": int(n[mask & absent].sum()),
                "n_missing_zero_weight": int(zero[mask & ~absent].sum())}

    def tabulation(self, mask: np.ndarray | None = None, *, domain: bool = False) -> Tabulation:
        """The tabulation of the rows of the groups of ``mask`` (all by default); ``domain``: under a sample design,
        the rows are a subpopulation of all the rows (whose PSUs and strata stay those of the whole sample)."""
        g = self.groups
        every = np.ones(len(g), dtype=bool)
        mask = every if mask is None else np.asarray(mask, dtype=bool)
        a, p = self.key(self.actual), self.key(self.pred)
        n = g["n"].to_numpy(dtype=np.int64)
        w = g["w"].to_numpy(dtype=float) if self.weighted else n.astype(float)
        zero = g["n_zero"].to_numpy(dtype=np.int64) if self.weighted else np.zeros(len(g), dtype=np.int64)
        weight_missing = self.weight_missing
        label_missing = (a.isna() | p.isna()).to_numpy()
        left_out = label_missing if self.dropna else np.zeros(len(g), dtype=bool)  # else a category of its own
        missing = weight_missing | left_out
        dropped = mask & ~weight_missing & left_out
        bookkeeping = {"n_rows": int(n[mask].sum()), "n_missing": int(n[mask & missing].sum()),
                       "n_zero_weight": int(zero[mask & ~weight_missing & ~left_out].sum()),
                       "weight_missing": float(w[dropped].sum()),
                       "n_missing_weight": int(n[mask & weight_missing].sum()),
                       "n_missing_zero_weight": int(zero[dropped].sum())}
        kept = mask & ~weight_missing
        if bookkeeping["n_rows"] and not (kept & ~(label_missing & self.dropna) & (n - zero > 0)).any():
            raise self._no_valid_rows(mask, bookkeeping["n_rows"])
        long = pd.DataFrame({"actual": a[kept].reset_index(drop=True), "pred": p[kept].reset_index(drop=True),
                             "count": w[kept]})
        if not any(v is not None for v in self.design.values()):
            tab = tabulate_cells(long, bookkeeping, names=(self.actual, self.pred), dropna=self.dropna,
                                 labels=self.labels)
        else:
            present = {name: column for name, column in self.design.items() if column is not None}
            valid = kept & ~(label_missing if self.dropna else np.zeros(len(g), dtype=bool)) & (n - zero > 0)
            cells = pd.DataFrame({**{DESIGN_KEYS[name]: self.key(column)[valid].to_numpy()
                                     for name, column in present.items()},
                                  "a": a[valid].to_numpy(), "p": p[valid].to_numpy(), "n": (n - zero)[valid],
                                  "w": w[valid]})
            if self.design["cluster"] is None:
                cells["uw"] = g["uw"].to_numpy(dtype=float)[valid] if self.weighted else 1.0
            keys = [DESIGN_KEYS[name] for name in present]
            every_row = pd.DataFrame({**{DESIGN_KEYS[name]: self.key(column).to_numpy()
                                         for name, column in present.items()}, "rows": n})
            every_row, labels = coded_keys(every_row, keys)  # (a group-by of the values may merge strata)
            units = keys_back(every_row.groupby(keys, dropna=False, observed=True, sort=False)["rows"].sum()
                              .reset_index(), labels)
            lacking = {name: int(n[self.key(column).isna().to_numpy()].sum()) for name, column in present.items()
                       if name != "fpc"}
            tab = design_tabulation((long, bookkeeping), cells, units, lacking, names=(self.actual, self.pred),
                                    dropna=self.dropna, labels=self.labels, design=self.design, domain=domain)
        return replace(tab, **bookkeeping, weighted=self.weighted)

    def _no_valid_rows(self, mask: np.ndarray, n_rows: int) -> NoValidRowsError:
        """The error of the rows of ``mask`` without a valid one, naming the label columns whose every label is
        missing (with ``dropna``) and the weights when every one is missing or zero."""
        empty = [described(column, argument) for column, argument in zip((self.actual, self.pred), self.names,
                                                                          strict=True)
                 if self.dropna and self.key(column)[mask].isna().all()]
        useless = None
        if self.weights is not None:
            g = self.groups
            zero = (g["n_zero"].to_numpy(dtype=np.int64) == g["n"].to_numpy(dtype=np.int64))
            if (self.weight_missing | zero)[mask].all():
                useless = described(*self.weights)
        return no_valid_rows(n_rows, all_missing=empty, weights=useless, weighted=self.weighted)


def native_rows(frame, columns: Sequence[Hashable], *, weights: Hashable | None = None, design: dict | None = None,
                names: Sequence[str], weights_name: str = "weights") -> tuple[pd.DataFrame, np.ndarray,
                                                                              np.ndarray | None]:
    """The rows of a native ``frame`` by the values of ``columns`` (named ``names`` in messages), counted by its
    engine in one group-by (:func:`~pandas_agree.engine.native.grouped_counts`), as rows with frequencies that the
    rater analysis and the joint table of a comparison take: ``(values, rows, weights)``, the distinct values of the
    columns (then the design's columns ``design``: {"strata": column or None, ...}), how many rows each stands for,
    and the sum of their weights (None without ``weights``; NaN for rows whose weight is missing; the rows of weight
    0 of a group apart, with weight 0). Under a sample design every row of the frame comes back as a row of its own
    with its weight (every value of such an analysis is a sum over PSUs, and without clusters every row is one),
    where only its columns' values and weight are read.

    Examples
    --------
    >>> import pyarrow as pa
    >>> from pandas_agree.engine.cells import native_rows
    >>> t = pa.table({"r1": ["x", "x", "y", "x"], "r2": ["x", "x", "x", "x"], "w": [1.0, 2.0, 0.0, 0.0]})
    >>> values, rows, weights = native_rows(t, ["r1", "r2"], weights="w", names=["columns[0]", "columns[1]"])
    >>> order = values.assign(rows=rows, w=weights).sort_values(["r1", "w"])
    >>> order.to_dict("list")
    {'r1': ['x', 'x', 'y'], 'r2': ['x', 'x', 'x'], 'rows': [1, 2, 1], 'w': [0.0, 3.0, 0.0]}
    """
    design = dict.fromkeys(DESIGN) if design is None else design
    named = [*zip(names, columns, strict=True), *((k, v) for k, v in design.items() if v is not None)]
    keys = list(dict.fromkeys(column for _, column in named))  # a column named twice is grouped by once
    arg_of = {column: arg for arg, column in reversed(named)}
    sampled = any(v is not None for v in design.values())
    groups = grouped_counts(frame, keys, weights=weights, weight_key=sampled, names=[arg_of[k] for k in keys],
                            weights_name=weights_name)
    values = groups.iloc[:, :len(keys)].set_axis(pd.Index(keys, dtype=object, tupleize_cols=False), axis=1)
    n = groups["n"].to_numpy(dtype=np.int64)
    if sampled:  # every row with its own weight
        repeat = np.repeat(np.arange(len(groups)), n)
        w = None if weights is None else groups["uw"].to_numpy(dtype=float)[repeat]
        return values.iloc[repeat].reset_index(drop=True), np.ones(len(repeat), dtype=np.int64), w
    if weights is None:
        return values, n, None
    absent = groups[WEIGHT_MISSING].to_numpy(dtype=bool)
    zero = np.where(absent, 0, groups["n_zero"].to_numpy(dtype=np.int64))
    w = np.where(absent, np.nan, groups["w"].to_numpy(dtype=float))
    rows = np.concatenate([n - zero, zero])
    kept = rows > 0
    both = pd.concat([values, values], ignore_index=True)
    return (both[kept].reset_index(drop=True), rows[kept],
            np.concatenate([w, np.zeros(len(groups))])[kept])
