"""Agreement weights over ordered categories (weighted kappa, Gwet's AC2, the weighted rater coefficients)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..base.options import check_option
from ..engine.labels import positions_of

__all__ = ["agreement_weights"]


def agreement_weights(kind, q: int, labels: pd.Index | None = None) -> np.ndarray:
    """A q×q agreement-weight matrix: "linear", "quadratic", or a given matrix over the ordered labels.

    Linear weights are 1 − |i−j|/(q−1) and quadratic ones 1 − (i−j)²/(q−1)², with i and j the positions of
    the labels in their order (the Cicchetti–Allison and Fleiss–Cohen weights with equally spaced scores).
    A given matrix (DataFrame indexed by the labels, or a q×q array in label order) must hold agreement
    weights in [0, 1] with 1 on the diagonal.
    """
    if isinstance(kind, str):
        check_option("kappa_weights", kind)
        if q == 1:
            return np.ones((1, 1))
        distance = np.abs(np.subtract.outer(np.arange(q), np.arange(q))) / (q - 1)
        return 1 - (distance if kind == "linear" else distance**2)
    if isinstance(kind, pd.DataFrame):
        if labels is None:
            raise ValueError("kappa_weights as a DataFrame needs the labels of the table")
        rows, cols = positions_of(labels, kind.index), positions_of(labels, kind.columns)  # True is not 1
        missing = labels[(rows < 0) | (cols < 0)]
        if len(missing):
            raise ValueError(f"kappa_weights must have every label as row and column; missing {list(missing[:5])}")
        matrix = kind.to_numpy(dtype=float)[np.ix_(rows, cols)]
    else:
        try:
            matrix = np.asarray(kind, dtype=float)
        except (TypeError, ValueError):
            raise TypeError(f"kappa_weights must be 'linear', 'quadratic' or a numeric matrix; got {kind!r}") from None
    if matrix.shape != (q, q):
        raise ValueError(f"kappa_weights must be a {q}×{q} matrix over the ordered labels; got shape {matrix.shape}")
    if not np.isfinite(matrix).all() or (matrix < 0).any() or (matrix > 1).any():
        raise ValueError("kappa_weights must hold agreement weights between 0 and 1")
    if not np.allclose(np.diag(matrix), 1):
        raise ValueError("kappa_weights must be agreement weights, with 1 on the diagonal")
    return matrix
