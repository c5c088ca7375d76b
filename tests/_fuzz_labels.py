"""Labels and column names for the fuzzers (tests/test_fuzz.py, tests/test_fuzz_values.py), and the identity of a
label as docs/notes/conventions.md defines it, from which the fuzzers count the crosstab themselves.

The label classes: integers and floats (with 0, negatives, ``1`` and ``1.0``), text with control characters and
lone surrogates (``"s\\ud800"``, which UTF-8 cannot encode), booleans, booleans and integers in one object column
(``True`` against ``1``, ``numpy.bool_``), labels that print alike (``1``, ``"1"``, ``1.0``, ``"1.0"``, ``True``,
``"True"``), tuples, and labels of thousands of characters. The column names: text, integers, floats, tuples
(MultiIndex columns), None, Timestamps, and a mixture.
"""

from __future__ import annotations

import math
from collections import defaultdict

import numpy as np
import pandas as pd
from hypothesis import strategies as st

SURROGATES = ["s\ud800", "\udfff", "a\udc80b", "\ud83d"]  # lone surrogates: a str, but not valid UTF-8
# any character, lone surrogates (category "Cs") among them: older Hypothesis leaves them out of characters()
TEXT = st.text(st.characters() | st.characters(categories=["Cs"]) | st.sampled_from("\x1b\x00\n\t$\uffff"),
               max_size=4)
LONG = ["x" * 2000 + "a", "x" * 2000 + "b", "y" * 5000, "=" + "z" * 2500, "w" * 40_000]  # the last: beyond Excel's cell

POOLS = {
    "int": st.integers(-3, 3),
    "float": st.sampled_from([0.5, 1.0, 2.0, -1.5, 1e300, 3.0, 0.0]),
    "str": TEXT,
    "surrogate": st.sampled_from([*SURROGATES, "s", "a"]),
    "bool": st.booleans(),
    "boolint": st.sampled_from([True, False, 1, 0, np.True_, np.False_, 1.0, 0.0, 2, np.int64(1)]),
    "alike": st.sampled_from([1, "1", 1.0, "1.0", True, "True", 0, "0", False, "False"]),
    "mixed": st.one_of(st.booleans(), st.integers(0, 2), st.sampled_from(["1", "a", 1.0])),
    "tuple": st.tuples(st.integers(0, 2), st.sampled_from(["a", "b"])),
    "long": st.sampled_from(LONG),
}
MISSING = [None, np.nan, pd.NA]


def missing(x) -> bool:
    """Whether ``x`` is a missing label (None, NaN, pd.NA, NaT)."""
    if x is None or x is pd.NA or x is pd.NaT:
        return True
    return isinstance(x, (float, np.floating)) and math.isnan(x)


def label_key(x):
    """The identity of a label (docs/notes/conventions.md, "Choices"): labels match by value, a boolean is not a
    number (``True`` and ``1``, ``False`` and ``0`` are two labels; ``True`` and ``numpy.True_`` one), ``1`` and
    ``1.0`` are one label, ``1`` and ``"1"`` two. None for a missing label."""
    if missing(x):
        return None
    if isinstance(x, (bool, np.bool_)):
        return ("bool", bool(x))
    if isinstance(x, (int, float, np.integer, np.floating)):
        return ("number", float(x) if float(x) == x else x)
    if isinstance(x, str):
        return ("str", x)
    if isinstance(x, tuple):
        return ("tuple", tuple(label_key(y) for y in x))
    return (type(x).__name__, x)


def label_order(values) -> list:
    """Distinct label keys of ``values`` in first appearance, missing left out."""
    return list(dict.fromkeys(k for k in map(label_key, values) if k is not None))


@st.composite
def label_pool(draw, kinds=tuple(POOLS), min_size: int = 1, max_size: int = 5) -> tuple[str, list]:
    """A label class and a few distinct labels of it (distinct as labels, not only as Python objects)."""
    kind = draw(st.sampled_from(list(kinds)))
    pool = draw(st.lists(POOLS[kind], min_size=min_size, max_size=max_size, unique_by=label_key))
    return kind, pool


def _same_kind(values: list, kind) -> bool:
    return all(missing(v) or isinstance(v, kind) for v in values)


def as_series(values: list, form: str, pool: list) -> pd.Series:
    """``values`` as a column of the given form: "object", "inferred" (pandas' own inference), "categorical" (over the
    pool), "nullable" (pandas' boolean, Int64, Float64 or python string dtype where the labels allow one) or
    "typed" (a NumPy bool, int64 or float64 column where they allow one; missing values only in floats)."""
    if form == "categorical":
        categories = pd.Index(list(dict.fromkeys(pool)), dtype=object, tupleize_cols=False)
        try:
            return pd.Series(pd.Categorical(values, categories=categories.unique()))
        except (TypeError, ValueError, NotImplementedError):  # categories pandas refuses: keep the objects
            return pd.Series(values, dtype=object)
    if form == "inferred":
        try:
            return pd.Series(values)
        except (TypeError, ValueError):  # pandas' string inference refuses a lone surrogate
            return pd.Series(values, dtype=object)
    present = [v for v in values if not missing(v)]
    bools = _same_kind(values, (bool, np.bool_))
    ints = _same_kind(values, (int, np.integer)) and not any(isinstance(v, (bool, np.bool_)) for v in present)
    floats = _same_kind(values, (float, np.floating, int, np.integer)) and not any(
        isinstance(v, (bool, np.bool_)) for v in present)
    if form == "nullable":
        clean = [pd.NA if missing(v) else v for v in values]
        dtype = ("boolean" if bools else "Int64" if ints else "Float64" if floats else
                 "string[python]" if _same_kind(values, str) else None)
        if dtype is not None:
            return pd.Series(pd.array(clean, dtype=dtype))
    if form == "typed" and len(present) == len(values):
        if bools:
            return pd.Series(np.array(values, dtype=bool))
        if ints and all(abs(v) < 2**62 for v in present):
            return pd.Series(np.array(values, dtype=np.int64))
    if form == "typed" and floats:
        return pd.Series(np.array([np.nan if missing(v) else float(v) for v in values], dtype=float))
    return pd.Series(values, dtype=object)


FORMS = ["object", "inferred", "categorical", "nullable", "typed"]


@st.composite
def label_column(draw, n: int, pool: list, missing_values: bool = True) -> pd.Series:
    """A column of n labels from ``pool`` in one of the forms of :func:`as_series`, with or without missing values."""
    values = [draw(st.sampled_from(pool)) for _ in range(n)]
    if missing_values and n and draw(st.booleans()):
        for i in draw(st.lists(st.integers(0, n - 1), max_size=max(1, n // 3))):
            values[i] = draw(st.sampled_from(MISSING))
    return as_series(values, draw(st.sampled_from(FORMS)), pool)


# --- column names ---------------------------------------------------------------------------------------------------

NAME_SCHEMES = ["text", "int", "float", "tuple", "none", "timestamp", "mixed"]
ROLES = ["a", "p", "q", "w", "g"]  # reference, two predictions, weights, groups


def column_names(scheme: str) -> dict:
    """The column name of each role under a naming scheme. None names a label column only: ``weights=None`` and
    ``by=None`` mean "no weights" and "no groups" (the accessor's documented meaning)."""
    if scheme == "text":
        return dict(zip(ROLES, ROLES, strict=True))
    if scheme == "int":
        return dict(zip(ROLES, [0, 1, 2, 3, 4], strict=True))
    if scheme == "float":
        return dict(zip(ROLES, [0.5, 1.5, -2.0, 3.25, 1e300], strict=True))
    if scheme == "tuple":
        return dict(zip(ROLES, [("x", "a"), ("x", "p"), ("y", 0), ("w", ""), ("g", None)], strict=True))
    if scheme == "none":
        return {"a": "a", "p": None, "q": "q", "w": "w", "g": "g"}
    if scheme == "timestamp":
        return dict(zip(ROLES, [pd.Timestamp(f"2024-01-0{i + 1}") for i in range(5)], strict=True))
    return {"a": 7, "p": None, "q": ("t", 1), "w": 2.5, "g": pd.Timestamp("2020-02-29")}


def renamed(frame: pd.DataFrame, names: dict) -> pd.DataFrame:
    """``frame`` (columns named by role) with the columns renamed; tuples as MultiIndex columns when every name is a
    tuple, else an object Index that keeps integers, None and Timestamps as they are."""
    chosen = [names[c] for c in frame.columns]
    out = frame.copy()
    if all(isinstance(c, tuple) for c in chosen):
        out.columns = pd.MultiIndex.from_tuples(chosen)
    else:
        out.columns = pd.Index(chosen, dtype=object, tupleize_cols=False)
    return out


# --- the crosstab counted here ------------------------------------------------------------------------------------

def counted(actual, pred, weights=None, dropna: bool = True) -> dict:
    """The crosstab of two label columns as the conventions define it, as {(reference key, predicted key): total}:
    rows with a missing label (with ``dropna``) or a missing or zero weight are left out; with ``dropna=False`` a
    missing label is a label (key None)."""
    a, p = list(actual), list(pred)
    w = [1.0] * len(a) if weights is None else [float(x) for x in weights]
    cells: dict = defaultdict(float)
    for x, y, weight in zip(a, p, w, strict=True):
        kx, ky = label_key(x), label_key(y)
        if math.isnan(weight) or weight == 0 or (dropna and (kx is None or ky is None)):
            continue
        cells[kx, ky] += weight
    return dict(cells)


def table_cells(table: pd.DataFrame) -> dict:
    """The non-empty cells of a library table as {(reference key, predicted key): count}, after checking that no two
    rows (or columns) are one label."""
    rows = [label_key(x) for x in table.index]
    cols = [label_key(x) for x in table.columns]
    assert len(set(rows)) == len(rows), f"a label repeated in the rows: {list(table.index)!r}"
    assert len(set(cols)) == len(cols), f"a label repeated in the columns: {list(table.columns)!r}"
    values = table.to_numpy(dtype=float)
    return {(rows[i], cols[j]): values[i, j] for i, j in zip(*np.nonzero(values), strict=True)}


def same_cells(found: dict, expected: dict, rel: float = 1e-12) -> bool:
    return found.keys() == expected.keys() and all(
        math.isclose(found[k], expected[k], rel_tol=rel, abs_tol=0) for k in expected)
