"""Cluster-to-class matching: which predicted label (a cluster id) agrees with which reference label.

"accuracy" is the one-to-one assignment that maximises the sum of the matched cells (Hungarian algorithm);
"residual" is Volovici's (2016) criterion, maximising the sum of Δ_ij = (n_ij − f_ij)/√f_ij with
f_ij = n_i· n_·j / N; a dict gives the assignment {predicted label: reference label} directly.

The assignment pairs rows with columns; it does not relabel the table: each side keeps its own labels and its own
order, and the pairs are the cells that can agree (the cells of the same label, for a table without matching).
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import pandas as pd

from ..base.options import MATCHES
from ..base.text import shown_list
from ..base.undefined import divide
from .labels import as_labels, duplicated_labels, positions_of, unique_labels

__all__ = ["MATCHES", "Assignment", "assign", "residuals"]


def residuals(counts: np.ndarray) -> np.ndarray:
    """Δ_ij = (n_ij − f_ij)/√f_ij, f_ij = n_i· n_·j / N (0 where f_ij = 0)."""
    expected = np.outer(counts.sum(axis=1), counts.sum(axis=0)) / counts.sum()
    return np.nan_to_num(divide(counts - expected, np.sqrt(expected)), nan=0.0)


class Assignment:
    """The pairs (row, column) of a matched table, in the order of the rows, and the mapping that lists them.

    Attributes
    ----------
    rows, cols : numpy.ndarray
        The positions of the paired rows and columns.
    mapping : pandas.DataFrame
        One row per paired column, in the order of the rows: "cluster" (the predicted label), "class" (the
        reference label), "count" (the objects of the cell) and "delta" (Volovici's Δ of the cell).
    """

    def __init__(self, rows: np.ndarray, cols: np.ndarray, mapping: pd.DataFrame) -> None:
        self.rows, self.cols, self.mapping = rows, cols, mapping

    def as_dict(self) -> dict:
        """The assignment as ``match=`` takes it: {predicted label: reference label}."""
        return dict(self.pairs())

    def pairs(self) -> list[tuple]:
        """The assignment as (predicted label, reference label) pairs, in the order of the rows."""
        return list(zip(self.mapping["cluster"], self.mapping["class"], strict=True))


def _given_pairs(table: pd.DataFrame, pairs: list[tuple], strict: bool) -> tuple[np.ndarray, np.ndarray]:
    """The positions of given (predicted label, reference label) pairs."""
    clusters = as_labels([cluster for cluster, _ in pairs])
    classes = as_labels([cls for _, cls in pairs])
    repeated = duplicated_labels(classes)
    if repeated.any():
        raise ValueError("match must assign each reference label to at most one predicted label; repeated: "
                         f"{list(unique_labels(classes[repeated])[:5])}")
    cols = positions_of(clusters, table.columns)
    rows = positions_of(classes, table.index)
    if strict:  # a pair naming a label the table does not have is a mistake, not a pair to drop
        for side, found, given, known in (("predicted", cols, clusters, table.columns),
                                          ("reference", rows, classes, table.index)):
            if (found < 0).any():
                raise ValueError(f"match: not {side} labels: {shown_list(unique_labels(given[found < 0]))}; the "
                                 f"{side} labels are {shown_list(known, most=10)}")
    keep = (cols >= 0) & (rows >= 0)  # a class absent from the rows (of a group) pairs with nothing there
    return rows[keep].astype(np.int64), cols[keep].astype(np.int64)


def assign(table: pd.DataFrame, match, *, strict: bool = True) -> Assignment:
    """The assignment of the columns of ``table`` (counts; index = reference labels, columns = predicted labels)
    to its rows under ``match``.

    ``match`` may also be a list of (predicted label, reference label) pairs, as :meth:`Assignment.pairs` gives
    them (a dict cannot hold both ``True`` and ``1`` as keys). ``strict=False`` lets the pairs name predicted labels
    the table does not have (the assignment of a whole sample, applied to a group of it); otherwise a pair that
    names a predicted label or a reference label the table does not have is a ValueError.

    Examples
    --------
    >>> import pandas as pd
    >>> from pandas_agree.engine.matching import assign
    >>> t = pd.DataFrame([[2, 9], [8, 1]], index=["a", "b"], columns=["k1", "k2"])
    >>> assign(t, "accuracy").as_dict()
    {'k2': 'a', 'k1': 'b'}
    """
    counts = table.to_numpy(dtype=float)
    if isinstance(match, str):
        if match not in MATCHES:
            raise ValueError(f"match must be None, one of {MATCHES} or a dict; got {match!r}")
        from scipy.optimize import linear_sum_assignment

        score = counts if match == "accuracy" else residuals(counts)
        rows, cols = linear_sum_assignment(score, maximize=True)
    elif isinstance(match, Mapping):
        rows, cols = _given_pairs(table, list(match.items()), strict)
    elif isinstance(match, list) and all(isinstance(pair, tuple) and len(pair) == 2 for pair in match):
        rows, cols = _given_pairs(table, match, strict)
    else:
        raise TypeError(f"match must be None, one of {MATCHES} or a dict; got {type(match).__name__}")
    order = np.argsort(rows, kind="stable")
    rows, cols = np.asarray(rows, dtype=np.int64)[order], np.asarray(cols, dtype=np.int64)[order]
    delta = residuals(counts) if counts.sum() > 0 else np.zeros_like(counts)
    mapping = pd.DataFrame({
        "cluster": pd.Index(table.columns[cols], dtype=object, tupleize_cols=False),
        "class": pd.Index(table.index[rows], dtype=object, tupleize_cols=False),
        "count": counts[rows, cols],
        "delta": delta[rows, cols],
    })
    return Assignment(rows, cols, mapping)
