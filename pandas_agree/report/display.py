"""Formatting numbers and labels for display (text, HTML); the DataFrames themselves keep full precision."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from ..measures.registry import REGISTRY

__all__ = ["count", "interval", "label", "measure_name", "pvalue", "value"]

MISSING = "—"


def _is_missing(x) -> bool:
    try:
        return x is None or bool(pd.isna(x))
    except (TypeError, ValueError):
        return False


def label(x) -> str:
    """A class label as text (a missing label shows as "(missing)")."""
    return "(missing)" if _is_missing(x) else str(x)


def count(x) -> str:
    """A count: whole numbers without decimals, weighted sums with two."""
    if _is_missing(x):
        return MISSING
    x = float(x)
    return f"{x:.0f}" if x == round(x) else f"{x:.2f}"


def value(x, digits: int = 3) -> str:
    """A measure's value, rounded for display."""
    if _is_missing(x):
        return MISSING
    x = float(x)
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    if abs(x) >= 1000:
        return f"{x:.{max(digits - 2, 0)}f}"
    return f"{x:.{digits}f}"


def interval(lower, upper, digits: int = 3) -> str:
    if _is_missing(lower) or _is_missing(upper):
        return MISSING
    return f"[{value(lower, digits)}, {value(upper, digits)}]"


def pvalue(p) -> str:
    if _is_missing(p):
        return MISSING
    return "<0.001" if p < 0.001 else f"{p:.3f}"


def measure_name(code: str) -> str:
    m = REGISTRY.get(code)
    return m.name if m is not None else code


def percent(x) -> str:
    return MISSING if _is_missing(x) else f"{float(x):.1f}%"


def is_number(x) -> bool:
    return isinstance(x, (int, float, np.integer, np.floating)) and not isinstance(x, bool)
