"""The step of every central difference of the package, relative to the number moved."""

from __future__ import annotations

__all__ = ["RELATIVE_STEP"]

RELATIVE_STEP = 1e-5
"""A count (or an averaged term) x is moved to x ± 10⁻⁵·x: the truncation error of the central difference,
of order (10⁻⁵)², stays far below the rounding error of the formulas' values."""
