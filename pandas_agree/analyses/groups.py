"""The groups of a report (``by=``): which rows each holds and the order they come in, one rule for the pandas
and the Dask accessors.

The order is the one pandas' ``groupby(sort=True)`` gives: a categorical column (an SPSS variable with value labels)
in the order of its categories, other values sorted; values that cannot be sorted together (numbers beside text or
tuples) by the name of their type, then within each type sorted (or in order of first appearance where a type's
values cannot be sorted either). Rows with a missing group value belong to no group. The groups are the keys of
a dict (``report.groups``), so values that a dict and pandas' groupby take for one (``True`` and ``1``) are one
group, and values a dict keeps apart are two groups, whatever the pandas version (strings that differ by a NUL
character, ``"a\\x00b"`` and ``"a"``, which pandas before 3 takes for one).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable

import numpy as np
import pandas as pd

from ..engine.labels import as_labels, exact_codes, positions_of

__all__ = ["group_order", "group_rows"]


def _sortable(values: list) -> list:
    try:
        return sorted(values)
    except TypeError:
        return values


def group_order(values: Iterable, dtype=None) -> list:
    """The distinct group values ``values`` in report order (see the module's docstring); ``dtype`` is the group
    column's (a categorical's categories give the order).

    Examples
    --------
    >>> import pandas as pd
    >>> from pandas_agree.analyses.groups import group_order
    >>> group_order(["b", "a", "b"]), group_order([0, ("t", 1), "x", 2])
    (['a', 'b'], [0, 2, 'x', ('t', 1)])
    >>> group_order(["a", "z"], pd.CategoricalDtype(["z", "a"]))
    ['z', 'a']
    """
    distinct = list(dict.fromkeys(v for v in values if not _missing(v)))
    if isinstance(dtype, pd.CategoricalDtype):
        place = {v: i for i, v in enumerate(dtype.categories)}
        return sorted(distinct, key=lambda v: place.get(v, len(place)))
    try:
        return sorted(distinct)
    except TypeError:  # values of several kinds: by kind (numbers first), then within each
        kinds: dict[str, list] = {}
        for v in distinct:
            kinds.setdefault(_kind(v), []).append(v)
        return [v for kind in sorted(kinds) for v in _sortable(kinds[kind])]


def _kind(value) -> str:
    if isinstance(value, (bool, np.bool_)):
        return "1 boolean"
    if isinstance(value, (int, float, np.integer, np.floating)):
        return "0 number"
    return "2 " + type(value).__name__


def _missing(value) -> bool:
    try:
        return bool(pd.isna(value))
    except (TypeError, ValueError):
        return False


def group_rows(keys: pd.Series, name: str = "by") -> dict[Hashable, np.ndarray]:
    """The positions of the rows of each group of the column ``keys``, the groups in :func:`group_order`; unhashable
    values are a TypeError naming the argument ``name``.

    Examples
    --------
    >>> import pandas as pd
    >>> from pandas_agree.analyses.groups import group_rows
    >>> {k: v.tolist() for k, v in group_rows(pd.Series(["b", "a", None, "b"])).items()}
    {'a': [1], 'b': [0, 3]}
    """
    # groups are keys of a dict (report.groups): values that pandas' groupby takes for one (True and 1) are one;
    # strings that pandas before 3 takes for one ("a\x00b" and "a") are two, as they are two keys
    values = keys.to_numpy(dtype=object)
    try:
        found = pd.factorize(values, use_na_sentinel=True)
    except TypeError as err:
        raise TypeError(f"{name} has unhashable values ({err}); the values that name groups must be hashable") from None
    codes, uniques = exact_codes(values, *found, booleans=False)
    order = group_order(list(uniques), keys.dtype)
    by_code = np.argsort(codes, kind="stable")
    starts = np.searchsorted(codes[by_code], np.arange(len(uniques) + 1))
    at = positions_of(as_labels(order), uniques)
    return dict(zip(order, (by_code[starts[c]:starts[c + 1]] for c in at), strict=True))
