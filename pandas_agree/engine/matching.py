"""Cluster-to-class matching: relabel the predicted labels (cluster ids) with reference labels.

"accuracy" is the one-to-one assignment that maximises the diagonal sum (Hungarian algorithm); "residual" is
Volovici's (2016) criterion, maximising the sum of Δ_ij = (n_ij − f_ij)/√f_ij with f_ij = n_i· n_·j / N; a dict
gives the assignment {predicted label: reference label} directly.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..base.options import MATCHES
from ..base.undefined import divide

__all__ = ["MATCHES", "column_permutation", "match_columns", "residuals"]

def residuals(counts: np.ndarray) -> np.ndarray:
    """Δ_ij = (n_ij − f_ij)/√f_ij, f_ij = n_i· n_·j / N (0 where f_ij = 0)."""
    expected = np.outer(counts.sum(axis=1), counts.sum(axis=0)) / counts.sum()
    return np.nan_to_num(divide(counts - expected, np.sqrt(expected)), nan=0.0)


def _assignment(table: pd.DataFrame, match) -> dict:
    from scipy.optimize import linear_sum_assignment

    counts = table.to_numpy()
    if isinstance(match, str):
        if match not in MATCHES:
            raise ValueError(f"match must be None, one of {MATCHES} or a dict; got {match!r}")
        score = counts if match == "accuracy" else residuals(counts)
        rows, cols = linear_sum_assignment(score, maximize=True)
        return {table.columns[j]: table.index[i] for i, j in zip(rows, cols, strict=True)}
    if isinstance(match, dict):
        unknown = [k for k in match if k not in table.columns]
        if unknown:
            raise ValueError(f"match: {unknown[:5]} are not predicted labels; they are {list(table.columns[:10])}")
        targets = pd.Index(list(match.values()))
        if targets.has_duplicates:
            raise ValueError("match must assign each reference label to at most one predicted label; repeated: "
                             f"{list(targets[targets.duplicated()].unique()[:5])}")
        return dict(match)
    raise TypeError(f"match must be None, one of {MATCHES} or a dict; got {type(match).__name__}")


def column_permutation(table: pd.DataFrame, match) -> tuple[list[int], list, pd.DataFrame]:
    """Where each column goes under ``match``: the original positions in their new order, the new labels, and
    the mapping (cluster, class, count, delta).

    Assigned columns come first, in the order of their classes, relabelled with the class; unassigned columns
    follow and keep their labels (with " (unmatched)" added where a label would otherwise equal a reference
    label).
    """
    assignment = _assignment(table, match)
    delta = residuals(table.to_numpy())
    row_pos = {label: i for i, label in enumerate(table.index)}
    assigned = sorted(assignment, key=lambda col: row_pos.get(assignment[col], len(row_pos)))
    rest = [c for c in table.columns if c not in assignment]
    taken = set(table.index) | set(assignment.values())
    new_labels = [assignment[c] for c in assigned] + [f"{c} (unmatched)" if c in taken else c for c in rest]
    positions = [table.columns.get_loc(c) for c in assigned + rest]
    mapping = pd.DataFrame({
        "cluster": assigned,
        "class": [assignment[c] for c in assigned],
        "count": [table.at[assignment[c], c] if assignment[c] in row_pos else 0.0 for c in assigned],
        "delta": [delta[row_pos[assignment[c]], table.columns.get_loc(c)] if assignment[c] in row_pos else np.nan
                  for c in assigned],
    })
    return positions, new_labels, mapping


def match_columns(table: pd.DataFrame, match) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The table with its columns relabelled and ordered as their classes, and the mapping used."""
    positions, labels, mapping = column_permutation(table, match)
    out = table.iloc[:, positions]
    out.columns = pd.Index(labels, name=table.columns.name)
    return out, mapping
