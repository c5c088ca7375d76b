"""Checked access to the caller's DataFrame: its type and its columns, with errors that name the argument; and
the (label, statistic) column index of the result tables."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from functools import lru_cache

import numpy as np
import pandas as pd

__all__ = ["aligned", "column", "column_or_values", "is_column_name", "name_list", "product_index", "require_frame"]


def require_frame(data, arg: str) -> None:
    """Raise a TypeError naming ``arg`` unless ``data`` is a pandas DataFrame.

    Examples
    --------
    >>> from pandas_agree.base.frames import require_frame
    >>> require_frame([1, 2], "data")
    Traceback (most recent call last):
    ...
    TypeError: data must be a pandas DataFrame; got list
    """
    if not isinstance(data, pd.DataFrame):
        raise TypeError(f"{arg} must be a pandas DataFrame; got {type(data).__name__}")


def column(data: pd.DataFrame, name: Hashable, arg: str) -> pd.Series:
    """The column ``name`` of ``data``.

    Parameters
    ----------
    data : pandas.DataFrame
    name : hashable
        The column's name.
    arg : str
        The argument that named the column, for the error messages.

    Returns
    -------
    pandas.Series

    Raises
    ------
    KeyError
        No such column; the message names ``arg`` and lists the columns (the first 20).
    ValueError
        The name is repeated in the DataFrame.

    Examples
    --------
    >>> import pandas as pd
    >>> from pandas_agree.base.frames import column
    >>> df = pd.DataFrame({"actual": ["a", "b"], "pred": ["a", "a"]})
    >>> column(df, "pred", "pred").tolist()
    ['a', 'a']
    >>> column(df, "predicted", "pred")
    Traceback (most recent call last):
    ...
    KeyError: "pred: no column 'predicted' in the DataFrame; its columns are 'actual', 'pred'"
    """
    try:
        hit = name in data.columns
    except TypeError:
        hit = False
    if not hit:
        cols = list(data.columns)
        shown = ", ".join(repr(c) for c in cols[:20]) + (f", … ({len(cols)} in all)" if len(cols) > 20 else "")
        try:
            level = name in data.index.names and name is not None
        except TypeError:
            level = False
        hint = f" ({name!r} is a level of its index: DataFrame.reset_index() makes it a column)" if level else ""
        raise KeyError(f"{arg}: no column {name!r} in the DataFrame; its columns are {shown}{hint}")
    found = data[name]
    if isinstance(found, pd.DataFrame):
        partial = not (isinstance(name, tuple) and len(name) == getattr(data.columns, "nlevels", 1))
        if isinstance(data.columns, pd.MultiIndex) and partial:
            keys = ", ".join(repr(k) for k in data.columns[data.columns.get_locs([name])][:3])
            raise ValueError(f"{arg}: {name!r} names {found.shape[1]} columns of the DataFrame's MultiIndex; give "
                             f"the whole key of one column, such as {keys}")
        raise ValueError(f"{arg}: the column name {name!r} is repeated in the DataFrame; it must be unique")
    return found


def name_list(names) -> list:
    """The variables ``names`` names, as a list: a list of names as it is, one name (a tuple too: a column of a
    MultiIndex) in a list of its own. A crosstab's layer variables (:attr:`~pandas_agree.Crosstab.layers_by`) are
    so given: one name, or a list of several.

    Examples
    --------
    >>> from pandas_agree.base.frames import name_list
    >>> name_list("Dept"), name_list(["Dept", "Gender"]), name_list(("a", "b"))
    (['Dept'], ['Dept', 'Gender'], [('a', 'b')])
    """
    return list(names) if isinstance(names, list) else [names]


def is_column_name(data: pd.DataFrame, value) -> bool:
    """Whether ``value`` names a column of ``data`` (False for values: a list, an array, a Series).

    Examples
    --------
    >>> import pandas as pd
    >>> from pandas_agree.base.frames import is_column_name
    >>> df = pd.DataFrame({"w": [1, 2]})
    >>> is_column_name(df, "w"), is_column_name(df, [1, 2])
    (True, False)
    """
    try:
        return value in data.columns
    except TypeError:  # unhashable: values, not a name
        return False


def column_or_values(data: pd.DataFrame, value, arg: str):
    """What an option that takes a column or values (``weights=``, ``strata=``, ...) means: None; the column of
    ``data`` it names (any hashable, a tuple of a MultiIndex among them); otherwise values, one per row (a list,
    an array or a Series, aligned as :func:`aligned` aligns), or else the KeyError of :func:`column`.

    A tuple is a column's name where the DataFrame has a column of that name, and values otherwise.

    Examples
    --------
    >>> import pandas as pd
    >>> from pandas_agree.base.frames import column_or_values
    >>> df = pd.DataFrame({("w", "x"): [1, 2, 3], ("a", "b"): [0, 0, 1]})
    >>> column_or_values(df, ("w", "x"), "weights").tolist()
    [1, 2, 3]
    >>> column_or_values(df, (4, 5, 6), "weights")
    (4, 5, 6)
    """
    if value is None:
        return None
    if is_column_name(data, value) or not pd.api.types.is_list_like(value):
        return column(data, value, arg)
    _check_not_names(data, value, arg)
    return aligned(data, value, arg)


def _check_not_names(data: pd.DataFrame, value, arg: str) -> None:
    """A ValueError naming ``arg`` where ``value`` is a short list of the DataFrame's column names rather than one
    value per row (``cluster=["district", "school"]``: a design of several stages)."""
    if isinstance(value, (pd.Series, pd.Index, np.ndarray)) or len(value) == len(data) or not 1 < len(value) <= 20:
        return
    if not all(is_column_name(data, v) for v in value):
        return
    names = ", ".join(map(repr, value))
    stages = (": a design of several stages is not supported. Give the clusters of the first stage (the primary "
              "sampling units) and no fpc: the variance is then that of the ultimate clusters, as R's "
              "svydesign(id=~first+second, weights=~w) gives it without finite population corrections"
              if arg in ("cluster", "fpc") else "")
    raise ValueError(f"{arg} takes one column (its name) or one value per row ({len(data)}); got the names of "
                     f"{len(value)} columns ({names}){stages}")


def aligned(data: pd.DataFrame, values, arg: str):
    """``values`` for the rows of ``data``: a Series aligned on the DataFrame's index (as pandas aligns), anything
    else (an array, a list) as it is, by position.

    Raises
    ------
    ValueError
        A Series whose index does not hold the DataFrame's index labels once each; the message names ``arg``.

    Examples
    --------
    >>> import pandas as pd
    >>> from pandas_agree.base.frames import aligned
    >>> df = pd.DataFrame({"x": [1, 2]}, index=["a", "b"])
    >>> aligned(df, pd.Series([20, 10], index=["b", "a"]), "weights").tolist()
    [10, 20]
    >>> aligned(df, pd.Series([1, 2]), "weights")
    Traceback (most recent call last):
    ...
    ValueError: weights: the Series' index does not match the DataFrame's index (pandas aligns by index); ...
    """
    if not isinstance(values, pd.Series) or values.index.equals(data.index):
        return values
    matches = (len(values) == len(data) and not values.index.has_duplicates and not data.index.has_duplicates
               and data.index.isin(values.index).all())
    if not matches:
        raise ValueError(f"{arg}: the Series' index does not match the DataFrame's index (pandas aligns by index); "
                         "pass .to_numpy() to use the values by position")
    return values.reindex(data.index)


def product_index(first: Sequence, second: Sequence, names: Sequence[Hashable]) -> pd.MultiIndex:
    """``pandas.MultiIndex.from_product([first, second], names=names)`` for two lists of distinct labels.

    The same index (levels sorted as ``from_product`` sorts them), built from positions where every label is a
    string, without the Categorical of each list that ``from_product`` builds; the levels of lists seen before are
    reused (an Index is immutable).

    Examples
    --------
    >>> from pandas_agree.base.frames import product_index
    >>> index = product_index(["REC", "F1"], ["value", "se"], ["code", "stat"])
    >>> index.equals(pd.MultiIndex.from_product([["REC", "F1"], ["value", "se"]], names=["code", "stat"]))
    True
    >>> [list(level) for level in index.levels]
    [['F1', 'REC'], ['se', 'value']]
    """
    first, second = tuple(first), tuple(second)
    if not all(isinstance(x, str) for x in (*first, *second)):
        return pd.MultiIndex.from_product([list(first), list(second)], names=names)
    (one, at_one), (two, at_two) = _sorted_level(first), _sorted_level(second)
    return pd.MultiIndex(levels=[one, two], codes=[np.repeat(at_one, len(second)), np.tile(at_two, len(first))],
                         names=names, verify_integrity=False)


@lru_cache(maxsize=256)
def _sorted_level(labels: tuple[str, ...]) -> tuple[pd.Index, np.ndarray]:
    """The sorted level of distinct ``labels`` and the position in it of each label."""
    ordered = sorted(labels)
    position = {label: i for i, label in enumerate(ordered)}
    at = np.array([position[label] for label in labels])
    at.flags.writeable = False
    return pd.Index(ordered), at
