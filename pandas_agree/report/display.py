"""Formatting numbers and labels for display (text, HTML); the DataFrames themselves keep full precision."""

from __future__ import annotations

import math
import re

import numpy as np
import pandas as pd

from ..measures.registry import REGISTRY

__all__ = ["count", "interval", "label", "measure_name", "plot_text", "printable", "pvalue", "value"]

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
