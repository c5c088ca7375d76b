"""Which labels are the same label: label sets matched, merged, ordered and factorised exactly.

Labels match by value, as pandas matches them: ``1``, ``1.0``, ``numpy.int64(1)`` and ``Decimal(1)`` are one
label, ``"1"`` is another. A boolean is the exception: ``True`` is not the label ``1`` and ``False`` is not the
label ``0`` (nor ``0.0``), whatever the dtype of the columns that hold them, while ``True`` and ``numpy.True_``
(and a ``True`` of pandas' nullable ``boolean`` dtype) are one label. Missing values (NaN, None, ``pd.NA``, NaT)
are one label where they are labels at all (``dropna=False``).

Python and pandas hash ``True`` as ``1``, so an object column or an object Index that holds both meets them as one
value in :func:`pandas.factorize`, :meth:`pandas.Index.get_indexer`, ``unique``, ``difference`` and ``isin``
(typed columns are kept apart by their dtypes). The functions here are those operations with booleans kept
apart. Each costs what the pandas operation costs when the labels hold no boolean, or only booleans; otherwise
the labels are first turned into keys in which a boolean is an object of its own (an O(K) step for K labels).
"""

from __future__ import annotations

import itertools
import numbers
from collections.abc import Hashable, Iterable, Sequence

import numpy as np
import pandas as pd
from pandas.api.types import infer_dtype

__all__ = ["as_labels", "check_listed", "concat_labels", "difference_labels", "duplicated_labels", "exact_codes",
           "hashed_unique", "isin_labels", "labels_index", "names_index", "ordered_labels", "positions_of",
           "sorted_labels", "taken", "typed_labels", "unique_labels"]

_BOOLEANS = (bool, np.bool_)
# The kinds pandas infers for values none of which is a boolean, and for values all of which are.
_NO_BOOLEAN = frozenset({"integer", "floating", "mixed-integer-float", "decimal", "complex"})


class _BooleanKey:
    """The key of a boolean label: equal only to the key of the same boolean (``True`` is not ``1``)."""

    __slots__ = ("value",)

    def __init__(self, value: bool) -> None:
        self.value = value

    def __repr__(self) -> str:
        return f"<boolean label {self.value}>"


_KEYS = {False: _BooleanKey(False), True: _BooleanKey(True)}  # one object each, compared by identity


class _TextKey:
    """The key of a str that UTF-8 cannot encode (a lone surrogate): pandas before 3 hashes object strings through
    their UTF-8 bytes and takes every such str for one value; the key hashes and compares the str itself."""

    __slots__ = ("value",)

    def __init__(self, value: str) -> None:
        self.value = value

    def __hash__(self) -> int:
        return hash(self.value)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _TextKey) and other.value == self.value

    def __repr__(self) -> str:
        return f"<label {self.value!r}>"


_HASHES_UTF8 = int(pd.__version__.split(".")[0]) < 3


def _encodes(label: str) -> bool:
    try:
        label.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _unencodable(labels: pd.Index) -> np.ndarray | None:
    """Which labels are strings pandas would take for others (before pandas 3, in an object Index of strings or
    one of pandas' python-stored strings, ``string[python]``, which a column of that dtype gives): strings UTF-8
    cannot encode, and strings with a NUL character (read as the end of a C string); None where none are or pandas
    keeps them apart."""
    python_strings = isinstance(labels.dtype, pd.StringDtype) and labels.dtype.storage == "python"
    if not _HASHES_UTF8 or (labels.dtype != object and not python_strings) or \
            infer_dtype(labels, skipna=True) in _NO_BOOLEAN | {"boolean"}:
        return None
    found = np.fromiter((isinstance(x, str) and ("\x00" in x or not _encodes(x)) for x in labels), dtype=bool,
                        count=len(labels))
    return found if found.any() else None


def _boolean_mask(values: np.ndarray) -> np.ndarray:
    """Which elements of an object array are booleans (``bool`` or ``numpy.bool_``); one C-level pass."""
    return np.fromiter(map(isinstance, values, itertools.repeat(_BOOLEANS)), dtype=bool, count=len(values))


def as_labels(values: Iterable) -> pd.Index:
    """An Index of labels from any sequence of labels, without pandas turning them into a MultiIndex (tuples) or
    failing to store them as arrow strings (a str holding a lone surrogate, such as ``"s\\ud800"``, which UTF-8
    cannot encode: such labels are kept in an object Index).

    Examples
    --------
    >>> as_labels(["a", "s\\ud800"]).dtype
    dtype('O')
    >>> as_labels([(1, 2), (3, 4)]).nlevels
    1
    """
    if isinstance(values, pd.Index):
        return values
    try:
        return pd.Index(values, tupleize_cols=False)
    except UnicodeEncodeError:
        return pd.Index(np.asarray(list(values), dtype=object), dtype=object, tupleize_cols=False)


def names_index(names: Sequence[Hashable]) -> pd.Index:
    """An Index of column names exactly as given: text names as pandas stores text (its string dtype under
    pandas 3), any others in an object Index, where pandas would read None as NaN (beside text under pandas 3) and
    tuples as the rows of a MultiIndex.

    Examples
    --------
    >>> names_index([None, "tree"]).tolist(), names_index([("a", 1), ("b", 2)]).nlevels
    ([None, 'tree'], 1)
    """
    names = list(names)
    if all(isinstance(x, str) for x in names):
        return as_labels(names)
    return pd.Index(names, dtype=object, tupleize_cols=False)


def _mask_of(labels: pd.Index) -> np.ndarray | None:
    """Which labels are booleans, or None where the dtype cannot hold a boolean (numbers, strings, dates)."""
    dtype = labels.dtype
    if isinstance(dtype, pd.CategoricalDtype):
        dtype = dtype.categories.dtype
    if pd.api.types.is_bool_dtype(dtype):
        return ~np.asarray(labels.isna())
    if not (isinstance(dtype, np.dtype) and dtype.kind == "O"):
        return None
    return _boolean_mask(np.asarray(labels, dtype=object))


def _mixes(*found: tuple[pd.Index, np.ndarray | None]) -> bool:
    """Whether the labels of all the (labels, boolean mask) pairs together hold a boolean and a label that is not
    one (missing values aside): only then can pandas take one for the other."""
    if not any(mask is not None and mask.any() for _, mask in found):
        return False
    for labels, mask in found:
        present = ~np.asarray(labels.isna())
        if (present if mask is None else present & ~mask).any():
            return True
    return False


def _keys(labels: pd.Index, mask: np.ndarray | None) -> pd.Index:
    """The labels as an object Index of hash keys: a boolean as its own key, every missing value as NaN, any other
    label as itself."""
    keys = np.asarray(labels, dtype=object).copy()
    missing = np.asarray(labels.isna())
    if mask is not None and mask.any():
        keys[mask] = [_KEYS[bool(x)] for x in keys[mask]]
    text = _unencodable(labels)
    if text is not None:
        keys[text] = [_TextKey(x) for x in keys[text]]
    if missing.any():
        keys[missing] = np.nan
    return pd.Index(keys, dtype=object, tupleize_cols=False)


def taken(labels: pd.Index, positions: np.ndarray) -> pd.Index:
    """``labels[positions]`` for integer positions: a view of ``labels`` where the positions are all of them in
    order, an empty slice where there are none, else :meth:`pandas.Index.take`, which takes a fourth of the time
    of indexing (an Index of dates or times is indexed: its view, slice and ``take`` keep a frequency that
    indexing drops).

    Examples
    --------
    >>> import numpy as np
    >>> import pandas as pd
    >>> taken(pd.Index(["a", "b", "c"]), np.array([2, 0])).tolist()
    ['c', 'a']
    """
    if isinstance(labels, pd.DatetimeIndex | pd.TimedeltaIndex):
        return labels[positions]
    if len(positions) == len(labels) and np.array_equal(positions, np.arange(len(labels))):
        return labels.view()
    return labels[:0] if len(positions) == 0 else labels.take(positions)


def positions_of(labels, among) -> np.ndarray:
    """The position of each label in ``among`` (−1 where it is absent): :meth:`pandas.Index.get_indexer` with
    labels that are the same label as defined in this module (``True`` is not found at ``1``; ``1.0`` is; a
    missing value, NaN, None, ``pd.NA`` or NaT, is found at any missing value).

    Parameters
    ----------
    labels : pandas.Index or sequence
        The labels to look up.
    among : pandas.Index or sequence
        Distinct labels (as :func:`unique_labels` gives them).

    Returns
    -------
    numpy.ndarray
        intp positions into ``among``, −1 for a label that is not there.

    Examples
    --------
    >>> import pandas as pd
    >>> among = pd.Index([1, "a", True], dtype=object)
    >>> positions_of(pd.Index([True, 1.0, False, "a"], dtype=object), among).tolist()
    [2, 0, -1, 1]
    >>> pd.Index([1, "a"], dtype=object).get_indexer([True, 1.0]).tolist()  # pandas takes True for 1
    [0, 0]
    """
    labels, among = as_labels(labels), as_labels(among)
    mask, other = _mask_of(labels), _mask_of(among)
    if not (_mixes((labels, mask), (among, other)) or labels.hasnans or among.hasnans
            or _unencodable(labels) is not None or _unencodable(among) is not None):
        return np.asarray(among.get_indexer(labels), dtype=np.intp)
    return np.asarray(_keys(among, other).get_indexer(_keys(labels, mask)), dtype=np.intp)


def _codes(labels: pd.Index) -> tuple[np.ndarray, np.ndarray] | None:
    """The exact codes of the labels (first appearance order, missing values one code) and the position of the
    first label of each code, or None where pandas' own unique values are already exact."""
    mask = _mask_of(labels)
    if not (_mixes((labels, mask)) or labels.hasnans or _unencodable(labels) is not None):
        return None
    codes, keys = pd.factorize(_keys(labels, mask), use_na_sentinel=False)
    first = np.full(len(keys), len(labels), dtype=np.intp)
    np.minimum.at(first, codes, np.arange(len(labels)))
    return codes, first


def unique_labels(labels) -> pd.Index:
    """The distinct labels in order of first appearance (:meth:`pandas.Index.unique`, with ``True`` and ``1`` two
    labels), in the dtype of ``labels``.

    Examples
    --------
    >>> import pandas as pd
    >>> unique_labels(pd.Index([1, True, 1.0, False, 0, True], dtype=object)).tolist()
    [1, True, False, 0]
    """
    labels = as_labels(labels)
    found = _codes(labels)
    return labels.unique() if found is None else labels[found[1]]


def duplicated_labels(labels) -> np.ndarray:
    """Which labels repeat an earlier one (:meth:`pandas.Index.duplicated`, keep="first", with ``True`` and ``1``
    two labels).

    Examples
    --------
    >>> import pandas as pd
    >>> duplicated_labels(pd.Index([1, True, 1.0], dtype=object)).tolist()
    [False, False, True]
    """
    labels = as_labels(labels)
    found = _codes(labels)
    if found is None:
        return np.asarray(labels.duplicated())
    codes, first = found
    return first[codes] != np.arange(len(labels))


def hashed_unique(labels) -> pd.Index:
    """The labels without those pandas takes for an earlier one when it hashes them together (``True`` after ``1``,
    ``False`` after ``0``): an Index that :meth:`pandas.Index.get_indexer` can look labels up in. Where the analyses
    look an order up with pandas, they are given this one; the tables keep every label.

    Examples
    --------
    >>> import pandas as pd
    >>> hashed_unique(pd.Index([0, 1, False, True, "a"], dtype=object)).tolist()
    [0, 1, 'a']
    """
    labels = as_labels(labels)
    if _unencodable(labels) is not None:
        return unique_labels(labels)
    return labels if labels.is_unique else labels[~labels.duplicated()]


def difference_labels(labels, other) -> pd.Index:
    """The distinct labels of ``labels`` that are not in ``other``, in order of first appearance
    (``labels.difference(other, sort=False)`` with ``True`` and ``1`` two labels)."""
    labels = unique_labels(labels)
    return labels[positions_of(labels, unique_labels(other)) < 0]


def check_listed(observed, listed, name: str = "labels", *, noun: str = "label", context: str = "") -> None:
    """The ValueError of labels given as ``name`` that leave out some ``observed`` label: "labels must list every
    observed label; not listed: [...]" (the first ten, and how many more), with ``context`` after it.

    Examples
    --------
    >>> from pandas_agree.engine.labels import check_listed
    >>> check_listed(["a", "b", "c"], ["a"], "labels")
    Traceback (most recent call last):
    ...
    ValueError: labels must list every observed label; not listed: ['b', 'c']
    """
    unlisted = difference_labels(observed, listed)
    if len(unlisted):
        more = f" and {len(unlisted) - 10} more" if len(unlisted) > 10 else ""
        raise ValueError(f"{name} must list every observed {noun}; not listed: {list(unlisted[:10])}{more}{context}")


def isin_labels(labels, among) -> np.ndarray:
    """Which labels are in ``among`` (:meth:`pandas.Index.isin` with ``True`` and ``1`` two labels)."""
    return positions_of(labels, unique_labels(among)) >= 0


def concat_labels(first: pd.Index, *more: pd.Index) -> pd.Index:
    """The labels of ``first`` then those of ``more`` (:meth:`pandas.Index.append`), kept in an object Index where
    pandas would store strings as arrow strings that cannot hold them (a lone surrogate)."""
    more = tuple(m for m in more if len(m))  # appending an empty index of another dtype is deprecated
    if not more:
        return first
    booleans = [pd.api.types.is_bool_dtype(x.dtype) for x in (first, *more)]
    if any(booleans) and not all(booleans):  # pandas before 3 casts booleans appended to integers to integers
        first, more = first.astype(object), tuple(m.astype(object) for m in more)
    try:
        return first.append(list(more))
    except UnicodeEncodeError:
        values = np.concatenate([np.asarray(x, dtype=object) for x in (first, *more)])
        return pd.Index(values, dtype=object, name=first.name, tupleize_cols=False)


def _sorted(labels: pd.Index) -> pd.Index | None:
    """The labels sorted (booleans after the others), or None where they do not sort (numbers and text)."""
    mask = _mask_of(labels)
    try:
        if _mixes((labels, mask)):
            return concat_labels(labels[~mask].sort_values(), labels[mask].sort_values())
        return labels.sort_values()
    except TypeError:
        return None


def sorted_labels(labels: pd.Index) -> pd.Index:
    """The labels sorted where they can be, else as they are. Booleans among other labels come after them, sorted
    (False, True), rather than between 0 and 1 as a sort by value would place them."""
    found = _sorted(labels)
    return labels if found is None else found


def ordered_labels(groups: Sequence[pd.Index]) -> pd.Index:
    """The distinct labels of every group (a reference's, a prediction's, …) in one order: sorted where they sort
    together (:func:`sorted_labels`); else group after group, each group's labels not met before sorted where they
    sort (else in order of appearance). So the order does not depend on how a column is stored (the typed column of
    integers against text keeps its integers sorted, and so does their object column).

    Examples
    --------
    >>> import pandas as pd
    >>> ordered_labels([pd.Index([2, 1, True], dtype=object), pd.Index(["b", 1, "a"], dtype=object)]).tolist()
    [1, 2, True, 'a', 'b']
    """
    groups = [as_labels(g) for g in groups]
    union = unique_labels(concat_labels(*groups)) if groups else pd.Index([], dtype=object)
    found = _sorted(union)
    if found is not None:
        return found
    order = pd.Index([], dtype=object)
    for group in groups:
        more = difference_labels(group, order)
        order = concat_labels(order, sorted_labels(more)) if len(order) else sorted_labels(more)
    return order


def typed_labels(uniques: pd.Index) -> pd.Index:
    """The distinct labels of an object column in the dtype a typed column of them has where that dtype holds
    them exactly: booleans as ``bool``, integers as ``int64``, floats as ``float64`` (so that an object column
    gives the table its typed column gives); any other mix stays ``object``."""
    if uniques.dtype != object or not len(uniques):
        return uniques
    kind = infer_dtype(uniques, skipna=False)
    if kind not in ("boolean", "integer", "floating", "mixed-integer-float"):
        return uniques
    values = np.array(uniques.tolist())  # bool, int64, uint64 or float64 (or object beyond 64 bits)
    if values.dtype.kind not in ("iu" if kind == "integer" else "bf") or not (
            np.asarray(uniques, dtype=object) == values.astype(object)).all():
        return uniques  # integers beyond 64 bits, or that float64 would round
    return pd.Index(values, name=uniques.name)


def _ambiguous(label) -> bool:
    """Whether a label is a boolean or a number equal to 0 or 1 (which Python hashes as False or True)."""
    if isinstance(label, _BOOLEANS):
        return True
    return isinstance(label, numbers.Number) and hash(label) in (0, 1) and bool(label == 0 or label == 1)


def _collided(values: np.ndarray, codes: np.ndarray, uniques: pd.Index) -> list[int]:
    """The codes whose rows hold another string than their label: pandas before 3 hashes the strings of an object
    column as C strings, which end at a NUL character, and takes "a\\x00b" for "a" (one comparison a row, in C)."""
    present = codes >= 0
    labels = np.asarray(uniques, dtype=object)
    if present.all():
        differ = np.asarray(values != labels[codes], dtype=bool)
    else:  # (a missing value is compared with no label: pd.NA != "a" is no boolean)
        differ = np.zeros(len(codes), dtype=bool)
        differ[present] = values[present] != labels[codes[present]]
    return np.unique(codes[differ]).tolist() if differ.any() else []


def _split_exactly(values: np.ndarray, codes: np.ndarray, uniques: pd.Index,
                   taken: list[int]) -> tuple[np.ndarray, pd.Index]:
    """The codes with the labels that pandas before 3 takes for one another told apart: the rows of the codes
    ``taken`` (and only theirs) coded again by the labels' own equality, then all the codes renumbered in order of
    first appearance. pandas before 3 hashes a column of strings through their UTF-8 bytes, so that it takes every
    string UTF-8 cannot encode (a lone surrogate) for the first one, and reads each as a C string, so that it takes
    strings equal up to a NUL character for one another."""
    rows = np.flatnonzero(np.isin(codes, taken))
    seen: dict = {}
    inner = np.fromiter((seen.setdefault(v, len(seen)) for v in values[rows]), dtype=np.int64, count=len(rows))
    combined = codes.astype(np.int64)
    combined[rows] = len(uniques) + inner
    out, _ = pd.factorize(combined, use_na_sentinel=False)
    missing = codes < 0
    if missing.any():  # the missing rows took a code of their own: drop it, keeping the order of the others
        gone = out[np.argmax(missing)]
        out = np.where(missing, -1, out - (out > gone))
    first = np.full(out.max() + 1 if len(out) else 0, len(out), dtype=np.intp)
    present = out >= 0
    np.minimum.at(first, out[present], np.flatnonzero(present))
    labels = np.empty(len(first), dtype=object)
    labels[:] = list(values[first])
    return out.astype(np.intp), pd.Index(labels, dtype=object, name=uniques.name, tupleize_cols=False)


def exact_codes(values: np.ndarray, codes: np.ndarray, uniques: pd.Index | np.ndarray, *,
                booleans: bool = True) -> tuple[np.ndarray, pd.Index]:
    """The codes :func:`pandas.factorize` gives an object column, with ``True`` and ``1`` (``False`` and ``0``)
    made two labels, in order of first appearance as pandas numbers them; before pandas 3, strings it takes for one
    another (:func:`_split_exactly`) made two labels too.

    ``codes`` and ``uniques`` are pandas' factorisation of ``values`` (codes −1 for missing values). Only a column
    whose labels include 0 or 1 and a boolean costs more than a look at its K labels: the rows of those (at most
    two) codes are checked, in C, for booleans, and where a code holds both kinds its booleans get a code of their
    own (a pass to renumber the codes in order of appearance). With ``booleans=False`` they are left as pandas
    (and a dict) takes them, one value, and only the strings are told apart (the groups of a report, keys of a
    dict). Before pandas 3 a column of strings without a missing value costs one comparison a row, in C, to find
    them; other columns, and every column from pandas 3 on, a look at the K labels.

    Examples
    --------
    >>> import numpy as np
    >>> import pandas as pd
    >>> values = np.array([1, True, "a", 1.0, np.True_, None], dtype=object)
    >>> codes, uniques = exact_codes(values, *pd.factorize(values))
    >>> codes.tolist(), uniques.tolist()
    ([0, 1, 2, 0, 1, -1], [1, True, 'a'])
    """
    if not isinstance(uniques, pd.Index):
        uniques = pd.Index(np.asarray(uniques, dtype=object), dtype=object, tupleize_cols=False)
    taken = [i for i, label in enumerate(uniques) if isinstance(label, str) and not _encodes(label)]
    # (pandas before 3 reads C strings only in the hash table it takes for an object column whose every value is a
    # string, none missing)
    if _HASHES_UTF8 and infer_dtype(uniques, skipna=False) == "string" and (codes >= 0).all():
        taken = sorted({*taken, *_collided(values, codes, uniques)})
    if taken:
        codes, uniques = _split_exactly(values, codes, uniques, taken)
    if not booleans:
        return codes, uniques
    ambiguous = [i for i, label in enumerate(uniques) if _ambiguous(label)]
    if not ambiguous:
        return codes, uniques
    found = codes == ambiguous[0]  # (at most two codes: the one of 0 and the one of 1)
    for code in ambiguous[1:]:
        found |= codes == code
    rows = np.flatnonzero(found)
    sub = values[rows]
    if infer_dtype(sub, skipna=False) in _NO_BOOLEAN | {"boolean"}:
        return codes, uniques
    mask = _boolean_mask(sub)
    if mask.all() or not mask.any():
        return codes, uniques
    split = []  # (code, rows of its labels that are not of the first row's kind)
    for code in ambiguous:
        at = codes[rows] == code
        kind = mask[at]
        if kind.any() and not kind.all():
            split.append((code, rows[at][kind != kind[0]]))
    if not split:
        return codes, uniques
    # the first row of every code (codes are numbered in order of appearance), then of each new code
    first = np.searchsorted(np.maximum.accumulate(codes), np.arange(len(uniques)))
    firsts = np.concatenate([first, [moved[0] for _, moved in split]])
    order = np.argsort(firsts, kind="stable")
    renumber = np.empty(len(order), dtype=np.intp)
    renumber[order] = np.arange(len(order))
    out = np.where(codes >= 0, renumber[codes], -1)
    for extra, (_, moved) in enumerate(split, start=len(uniques)):
        out[moved] = renumber[extra]
    labels = np.empty(len(order), dtype=object)
    labels[:len(uniques)] = np.asarray(uniques, dtype=object)
    labels[len(uniques):] = [values[moved[0]] for _, moved in split]
    return out, pd.Index(labels[order], dtype=object, name=uniques.name, tupleize_cols=False)


def labels_index(arrays: Sequence[Sequence], names: Sequence) -> pd.MultiIndex:
    """A MultiIndex of rows of labels (``arrays``: one sequence per level) whose levels hold the labels exactly:
    a tuple stays one label, ``True`` stays apart from ``1``, any str is a label (what
    :meth:`pandas.MultiIndex.from_tuples` and ``from_arrays`` do not all keep).

    Examples
    --------
    >>> index = labels_index([["t", "t"], [1, True]], ["test", "class"])
    >>> list(index)
    [('t', 1), ('t', True)]
    """
    levels, codes = [], []
    for values in arrays:
        labels = as_labels(list(values)) if not isinstance(values, pd.Index) else values
        level = unique_labels(labels)
        levels.append(pd.Index(level, dtype=object, tupleize_cols=False) if level.dtype == object else level)
        codes.append(positions_of(labels, level))
    return pd.MultiIndex(levels=levels, codes=codes, names=list(names), verify_integrity=False)
