"""Interpretation bands of kappa-type values (the rows of a result read with ``bands=``)."""

from __future__ import annotations

import numpy as np

from ..base.options import check_option

__all__ = ["BANDS", "interpret"]

BANDS = {
    # Landis & Koch (1977)
    "landis-koch": ([0.0, 0.20, 0.40, 0.60, 0.80],
                    ["poor", "slight", "fair", "moderate", "substantial", "almost perfect"]),
    # Cohen's bands as given with Weka (seed 004)
    "cohen": ([0.0, 0.20, 0.40, 0.60, 0.80],
              ["no agreement", "none to slight", "fair", "moderate", "substantial", "almost perfect"]),
}


def interpret(values: np.ndarray, bands: str) -> list:
    """The band name of each kappa-type value (None where the value is NaN)."""
    check_option("bands", bands)
    edges, names = BANDS[bands]
    # to 12 decimals: a value on an edge in exact arithmetic (a kappa of 0 when agreement is at chance, 0.4, ...)
    # comes out of the floating-point formulas a few ulps either side, and must fall in the band of the edge
    values = np.round(np.asarray(values, dtype=float), 12)
    # landis-koch: < 0 is poor, [0, 0.20] slight; cohen: <= 0 is no agreement, (0, 0.20] none to slight
    right = bands == "cohen"
    positions = np.searchsorted(edges, values, side="left" if right else "right")
    if not right:
        on_edge = (values[:, None] == np.asarray(edges[1:])).any(axis=1)  # np.isin, without its per-call cost
        positions = np.where(on_edge, positions - 1, positions)
    return [None if np.isnan(v) else names[int(p)] for v, p in zip(values, positions, strict=True)]
