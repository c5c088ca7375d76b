"""Counts that add up: two tables of counts of the same kind merged into the table of all their rows.

A table object holds counts (its cells, the bookkeeping of the rows read, and under a sample design the tables of
its PSUs), and counts of disjoint sets of rows add up. :func:`merged_fields` gives what the merged object is built
from: the table over the union of the labels (in the order one count of all the rows gives them,
:func:`merged_label_order`), the summed bookkeeping and the merged PSU tables; what cannot be merged (a weighted
table with an unweighted one, other ``dropna=``, another sample design) is a ValueError that says why.

The result is the table one count of all the rows gives: exactly for counts of objects and weights that are whole
numbers (sums of whole numbers below 2⁵³ are exact in float64), and to the last bits of a float sum otherwise.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from ..base.lazy import LazyModule
from ..engine.crosstab import SideLabels, check_table_size, held_sparse, nan_last, sparse_frame
from ..engine.design import merge_units
from ..engine.labels import check_listed, concat_labels, difference_labels, ordered_labels, positions_of

sparse = LazyModule("scipy.sparse")

__all__ = ["fixed_sides", "fixed_union", "merged_fields", "merged_label_order", "same_labels", "union_labels"]


def union_labels(first: pd.Index, second: pd.Index) -> pd.Index:
    """The labels of ``first`` in their order, then those of ``second`` that ``first`` lacks (labels match exactly:
    ``True`` is not ``1``).

    Examples
    --------
    >>> import pandas as pd
    >>> from pandas_agree.analyses.merge import union_labels
    >>> union_labels(pd.Index(["b", "c"]), pd.Index(["a", "c"])).tolist()
    ['b', 'c', 'a']
    """
    union = concat_labels(first, difference_labels(second, first))
    union.name = first.name
    return union


def merged_label_order(first: pd.Index, second: pd.Index) -> pd.Index:
    """The labels of two counts added up in the order one count of all their rows gives them, where that order
    follows from theirs: sorted where both were sorted (the order of labels that sort), else ``first``'s labels in
    their order, then those of ``second`` that ``first`` lacks (declared categorical orders, labels that do not
    sort).

    Examples
    --------
    >>> import pandas as pd
    >>> from pandas_agree.analyses.merge import merged_label_order
    >>> merged_label_order(pd.Index(["b", "d"]), pd.Index(["a", "c"])).tolist()
    ['a', 'b', 'c', 'd']
    >>> merged_label_order(pd.Index(["lo", "hi"]), pd.Index(["mid"])).tolist()
    ['lo', 'hi', 'mid']
    """
    union = union_labels(first, second)
    if all(same_labels(labels, nan_last(ordered_labels([labels]))) for labels in (first, second)):
        union = nan_last(ordered_labels([union])).rename(first.name)
    return union


def same_labels(first: pd.Index, second: pd.Index) -> bool:
    """Whether two lists of labels are the same labels in the same order (exactly: ``True`` is not ``1``)."""
    return len(first) == len(second) and bool((positions_of(second, first) == np.arange(len(first))).all())


def fixed_union(first: pd.Index | None, second: pd.Index | None, observed: list[pd.Index]) -> pd.Index | None:
    """The categories fixed by ``labels=`` of two counts added up (None when neither fixed them), or the
    constructor's ValueError for a label of the other count that they do not list; ``observed`` are the labels of
    each count. Two counts with different ``labels=`` do not add up."""
    if first is None and second is None:
        return None
    if first is not None and second is not None:
        if not same_labels(first, second):
            raise _clash("labels=", list(first), list(second))
        return first
    fixed, which = (first, 1) if first is not None else (second, 0)
    check_listed(observed[which], fixed, context=f" (the {'first' if first is not None else 'second'} count has "
                 f"labels={list(fixed)[:10]}, and the other count has labels outside them)")
    return fixed


def fixed_sides(first, second, observed: list[tuple[pd.Index, pd.Index]]) -> SideLabels:
    """The categories of each side fixed by ``labels={row: [...], col: [...]}`` of two counts added up (at least one
    gave them so), or the constructor's ValueError for a label of the other count its side does not list;
    ``observed`` are the (row, column) labels of each count. Two counts with other labels= do not add up."""
    if first is not None and second is not None:
        if not (isinstance(first, SideLabels) and isinstance(second, SideLabels) and first.same(second)):
            raise _clash("labels=", _shown_labels(first), _shown_labels(second))
        return first
    fixed, which = (first, 1) if first is not None else (second, 0)
    for given, labels, name in zip((fixed.rows, fixed.cols), observed[which], fixed.names, strict=True):
        if given is not None:
            check_listed(labels, given, name, context=f" (the {'first' if first is not None else 'second'} count "
                         f"has {name}={list(given)[:10]}, and the other count has labels outside them)")
    return fixed


def _shown_labels(labels) -> Any:
    if isinstance(labels, SideLabels):
        return {"rows": None if labels.rows is None else list(labels.rows),
                "columns": None if labels.cols is None else list(labels.cols)}
    return list(labels)


def _cells(cells, counts: np.ndarray) -> tuple:
    """The non-empty cells of a table held dense (``cells`` None) or as its stored cells: rows, columns, counts."""
    if cells is not None:
        return cells[0], cells[1], counts
    rows, cols = np.nonzero(counts)
    return rows, cols, counts[rows, cols]


def check_batch_design(units, design: dict, owner: str, possessive: str) -> None:
    """A batch added by ``update()`` brings the design columns its analysis was counted with, and no others:
    ``units`` are the analysis's PSU tables (None without a design), ``design`` the batch's strata, cluster and fpc
    (None where not given); ``owner`` and ``possessive`` name the analysis in the message ("the table",
    "the table's")."""
    if units is None:
        if any(v is not None for v in design.values()):
            raise ValueError(f"{owner} has no sample design; a batch cannot bring strata=, cluster= or fpc=")
        return
    needed = {"strata": units.stratified, "cluster": units.clustered, "fpc": units.population is not None}
    for name, wanted in needed.items():
        if wanted != (design[name] is not None):
            raise ValueError(f"{name}: {possessive} sample design {'has' if wanted else 'has no'} {name}; "
                             f"{'give' if wanted else 'do not give'} the batch's {name}")


def _clash(what: str, first: Any, second: Any) -> ValueError:
    return ValueError(f"cannot add these tables: {what} differs ({first!r} and {second!r}); only counts of the same "
                      "kind add up")


def _in_order(labels: pd.Index, order: pd.Index | None) -> pd.Index:
    """``labels`` in the declared ``order`` (the categories of categorical columns) where there is one, those it
    does not list after the others in their order."""
    if order is None:
        return labels
    at = positions_of(labels, order)
    return labels[np.lexsort((np.arange(len(labels)), np.where(at < 0, len(order), at)))]


def merged_fields(a, b, first: tuple, second: tuple) -> dict:
    """The table and the fields of :class:`~pandas_agree.analyses.crosstab.Counted` of two tables counted together:
    ``{"table": DataFrame, "counted": dict}``. ``a`` and ``b`` are their Counted records, ``first`` and ``second``
    their (row labels, column labels, stored cells or None, counts)."""
    for what, x, y in (("weighted", a.weighted, b.weighted), ("dropna", a.dropna, b.dropna),
                       ("lonely_psu", a.lonely_psu, b.lonely_psu), ("replicates", a.replicates, b.replicates)):
        if x != y:
            raise _clash(what, x, y)
    if (a.units is None) != (b.units is None):
        with_design = "first" if a.units is not None else "second"
        raise ValueError(f"cannot add these tables: the {with_design} has a sample design (strata=, cluster=, fpc=) "
                         "and the other none; only counts of one design add up")
    if a.pairs is not None or b.pairs is not None:
        raise ValueError("cannot add these tables: a table of a group whose labels were paired on its whole sample "
                         "adds up only with that sample; add the whole samples' tables instead")
    if isinstance(a.labels, SideLabels) or isinstance(b.labels, SideLabels):
        return _merged_sides(a, b, first, second)
    fixed = fixed_union(a.labels, b.labels, [concat_labels(first[0], first[1]), concat_labels(second[0], second[1])])
    order = None
    if fixed is not None:
        order = fixed.copy()
    elif a.order is not None and b.order is not None:
        order = merged_label_order(a.order, b.order)
    if fixed is None:  # in the order one count of all the rows gives (sorted where both counts were)
        index = _in_order(merged_label_order(first[0], second[0]), order)
        columns = _in_order(merged_label_order(first[1], second[1]), order)
    else:  # the labels= of one count of all the rows, on both sides
        index, columns = fixed.rename(first[0].name), fixed.rename(first[1].name)
    return _summed(a, b, first, second, index, columns, {"order": order, "labels": fixed,
                                                        "ordered": a.ordered and b.ordered})


def _merged_sides(a, b, first: tuple, second: tuple) -> dict:
    """:func:`merged_fields` of counts of which one at least gave each side its own labels: a side given keeps
    them, another is the union of the counts' labels in the order one count of all the rows gives."""
    fixed = fixed_sides(a.labels, b.labels, [(first[0], first[1]), (second[0], second[1])])
    order = merged_label_order(a.order, b.order) if a.order is not None and b.order is not None else None
    index, columns = (given.rename(own.name) if given is not None
                      else _in_order(merged_label_order(own, other), order)
                      for given, own, other in ((fixed.rows, first[0], second[0]), (fixed.cols, first[1], second[1])))
    sides = tuple(x and y for x, y in zip(a.sides_ordered, b.sides_ordered, strict=True))
    return _summed(a, b, first, second, index, columns, {
        "order": concat_labels(index, difference_labels(columns, index)), "labels": fixed,
        "ordered": a.ordered and b.ordered, "sides_ordered": sides})


def _summed(a, b, first: tuple, second: tuple, index: pd.Index, columns: pd.Index, more: dict) -> dict:
    """The table over ``index`` × ``columns`` of the cells of two counts, and the summed fields of their Counted
    records (``more``: those the caller found)."""
    shape = (len(index), len(columns))
    check_table_size(shape, ["row labels", "column labels"])
    places = []
    rows, cols, counts = [], [], []
    for own_index, own_columns, stored, own_counts in (first, second):
        r_at, c_at = positions_of(own_index, index), positions_of(own_columns, columns)
        places.append((r_at, c_at))
        r, c, n = _cells(stored, own_counts)
        rows.append(r_at[r])
        cols.append(c_at[c])
        counts.append(n)
    rows, cols, counts = np.concatenate(rows), np.concatenate(cols), np.concatenate(counts)
    if held_sparse(shape):
        summed = sparse.coo_array((counts, (rows, cols)), shape=shape)
        summed.sum_duplicates()
        frame = sparse_frame(summed, index, columns)
    else:
        dense = np.zeros(shape)
        np.add.at(dense, (rows, cols), counts)
        frame = pd.DataFrame(dense, index=index, columns=columns)
    units = None
    if a.units is not None:
        units = merge_units(a.units, b.units, places[0], places[1], shape)
    known = a.n_rows is not None and b.n_rows is not None
    counted = {"n_rows": a.n_rows + b.n_rows if known else None, "n_missing": a.n_missing + b.n_missing,
               "n_zero_weight": a.n_zero_weight + b.n_zero_weight,
               "weight_missing": a.weight_missing + b.weight_missing,
               "n_missing_weight": a.n_missing_weight + b.n_missing_weight,
               "n_missing_zero_weight": a.n_missing_zero_weight + b.n_missing_zero_weight, "weighted": a.weighted,
               "sides_ordered": tuple(x and y for x, y in zip(a.sides_ordered, b.sides_ordered, strict=True)),
               "units": units, "lonely_psu": a.lonely_psu, "replicates": a.replicates, "dropna": a.dropna,
               "weights_by": _weights_by(a.weights_by, b.weights_by), **more}
    return {"table": frame, "counted": counted}


def _weights_by(a, b):
    """The weight column of two counts added up: the one they name (where one was given its weights as values, the
    other's), None where they name two."""
    names = [x for x in (a, b) if x is not None]
    return names[0] if names and all(x == names[0] for x in names) else None
