"""Formatting numbers and labels for display (text, HTML); the DataFrames themselves keep full precision."""

from __future__ import annotations

import math
import re

import numpy as np
import pandas as pd

from ..measures.registry import REGISTRY

__all__ = ["count", "count_of", "interval", "label", "measure_name", "plot_text", "printable", "pvalue", "value",
           "with_interval"]

MISSING = "—"

# Characters that would act on a terminal, break a table's alignment, or cannot be stored in XML (Excel) or
# encoded at all: C0 and C1 controls (newline, tab and ESC among them), DEL, lone surrogates, line and paragraph
# separators, bidirectional overrides and the noncharacters U+FDD0–U+FDEF and U+xFFFE/U+xFFFF.
_BIDI = "\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
_UNSAFE = re.compile(
    "[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufdd0-\ufdef" + _BIDI + "]"
    "|[\ufffe\uffff\U0001fffe\U0001ffff\U0002fffe\U0002ffff\U0003fffe\U0003ffff\U0004fffe\U0004ffff"
    "\U0005fffe\U0005ffff\U0006fffe\U0006ffff\U0007fffe\U0007ffff\U0008fffe\U0008ffff\U0009fffe"
    "\U0009ffff\U000afffe\U000affff\U000bfffe\U000bffff\U000cfffe\U000cffff\U000dfffe\U000dffff"
    "\U000efffe\U000effff\U000ffffe\U000fffff\U0010fffe\U0010ffff]"
)
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(match: re.Match) -> str:
    c = match.group(0)
    if c in _NAMED:
        return _NAMED[c]
    code = ord(c)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def printable(text: str) -> str:
    """``text`` with every control character shown as its escape (a newline as ``\\n``, ESC as ``\\x1b``), so that
    nothing in a label acts on a terminal, breaks a table or makes a file unreadable.

    Examples
    --------
    >>> from pandas_agree.report.display import printable
    >>> print(printable("two\\nlines \\x1b[31mred"))
    two\\nlines \\x1b[31mred
    """
    return _UNSAFE.sub(_escape, text)


def plot_text(text: str) -> str:
    """``text`` for a matplotlib label: printable, and every ``$`` escaped so that no mathtext runs on it."""
    return printable(text).replace("$", "\\$")


def _is_missing(x) -> bool:
    try:
        return x is None or bool(pd.isna(x))
    except (TypeError, ValueError):
        return False


def label(x) -> str:
    """A class label as text, the one way every renderer shows a label: a missing label shows as "(missing)",
    control characters as their escapes (see :func:`printable`).

    Examples
    --------
    >>> from pandas_agree.report.display import label
    >>> label(True), label(float("nan")), label((1, "a")), label("a\\tb")
    ('True', '(missing)', "(1, 'a')", 'a\\\\tb')
    """
    return "(missing)" if _is_missing(x) else printable(str(x))


def count(x) -> str:
    """A count: whole numbers without decimals, weighted sums with two."""
    if _is_missing(x):
        return MISSING
    x = float(x)
    return f"{x:.0f}" if x == round(x) else f"{x:.2f}"


def _decimals(values, digits: int) -> int:
    """Decimals for numbers shown side by side: fewer when any of them reaches 1000, the same for all."""
    sizes = [abs(float(x)) for x in values if not _is_missing(x) and math.isfinite(float(x))]
    return max(digits - 2, 0) if sizes and max(sizes) >= 1000 else digits


def value(x, digits: int = 3, *, like=()) -> str:
    """A measure's value, rounded for display (with as many decimals as the numbers ``like`` shown beside it)."""
    if _is_missing(x):
        return MISSING
    x = float(x)
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return f"{x:.{_decimals([x, *like], digits)}f}"


def interval(lower, upper, digits: int = 3, *, like=()) -> str:
    """An interval "[lower, upper]", both ends with the same decimals (and those of the numbers ``like``)."""
    if _is_missing(lower) or _is_missing(upper):
        return MISSING
    both = (lower, upper, *like)
    return f"[{value(lower, digits, like=both)}, {value(upper, digits, like=both)}]"


def with_interval(x, lower, upper, digits: int = 3) -> str:
    """A value and its interval, "value [lower, upper]", all with the same decimals."""
    return f"{value(x, digits, like=(lower, upper))} {interval(lower, upper, digits, like=(x,))}"


def count_of(n, noun: str, plural: str | None = None) -> str:
    """``n`` and the noun in the number it needs: "1 row", "3 rows"."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


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
