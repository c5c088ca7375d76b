"""Labels in messages: every warning and error names a label through :func:`shown`, so that a label of any
length or content stays readable there."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np
import pandas as pd

__all__ = ["LIMIT", "about", "count_of", "in_words", "install_advice", "is_missing", "name_text", "plain", "shown",
           "shown_list"]

LIMIT = 40
"""The most characters of a label a message shows."""


def shown(label: Any, limit: int = LIMIT) -> str:
    """A label as a message names it: its ``repr`` (so that ``1`` and ``'1'`` differ; a numpy scalar as the Python
    scalar it holds, ``1`` and not ``np.int64(1)``), cut to ``limit`` characters with its length after an ellipsis.

    Examples
    --------
    >>> from pandas_agree.base.text import shown
    >>> shown("a"), shown(1), shown(True), shown(np.int64(1))
    ("'a'", '1', 'True', '1')
    >>> shown("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx… (102 characters)"
    """
    try:
        text = repr(plain(label))  # a numpy scalar as Python's: 1, not np.int64(1)
    except Exception:  # a label whose repr fails is still named
        text = f"<{type(label).__name__}>"
    return text if len(text) <= limit else f"{text[:limit - 1]}… ({len(text):,} characters)"


def is_missing(x) -> bool:
    """Whether ``x`` is a missing value (None, NaN, ``pd.NA``, ``NaT``); a tuple or any other value that pandas
    cannot judge is not.

    Examples
    --------
    >>> from pandas_agree.base.text import is_missing
    >>> is_missing(None), is_missing(float("nan")), is_missing("None"), is_missing((None, 1))
    (True, True, False, False)
    """
    if isinstance(x, float):  # Python and numpy floats (the cells of every table): NaN only (fast)
        return x != x
    if isinstance(x, (int, str)):  # integers, booleans and text are never missing
        return False
    try:
        return x is None or bool(pd.isna(x))
    except (TypeError, ValueError):
        return False


def plain(x):
    """``x`` with numpy scalars as Python ones, in tuples too (a MultiIndex's key shows as ``('a', 1)``, not
    ``('a', np.int64(1))``).

    Examples
    --------
    >>> from pandas_agree.base.text import plain
    >>> plain(("a", np.int64(1)))
    ('a', 1)
    """
    if isinstance(x, tuple):
        return tuple(plain(v) for v in x)
    return x.item() if isinstance(x, np.generic) else x


def name_text(name: Any) -> str:
    """A variable's (a column's) name as text, whole, as the reports print it and as the texts built of names
    (a pair of predictions "A − B") hold it: "(missing)" for a column named None (or NaN), numpy scalars as
    Python's (in tuples too), anything else as ``str`` writes it.

    Examples
    --------
    >>> from pandas_agree.base.text import name_text
    >>> name_text("knn"), name_text(None), name_text(("a", np.int64(1))), name_text(0)
    ('knn', '(missing)', "('a', 1)", '0')
    """
    return "(missing)" if is_missing(name) else str(plain(name))


def about(who: str, note: str) -> str:
    """A note about some of the things a result holds (predictions, scores), after their names: "knn: with fewer
    than ...". The note's first letter is lowercased where it only starts the sentence (a capital followed by a
    lowercase letter, as "With" or "The"; not "SE", "KAPPA" or "Q").

    Examples
    --------
    >>> from pandas_agree.base.text import about
    >>> about("knn", "With fewer than 200 objects ..."), about("knn", "KAPPA has ...")
    ('knn: with fewer than 200 objects ...', 'knn: KAPPA has ...')
    """
    if len(note) > 1 and note[0].isupper() and note[1].islower():
        note = note[0].lower() + note[1:]
    return f"{who}: {note}"


def shown_list(labels: Iterable[Any], most: int = 5, separator: str = ", ") -> str:
    """Up to ``most`` labels as :func:`shown` names them, and how many there are in all beyond that. One label
    more than ``most`` is shown too: an ellipsis would hide a single label behind more text than the label.

    Examples
    --------
    >>> from pandas_agree.base.text import shown_list
    >>> shown_list(["a", "b"]), shown_list(range(10), most=3), shown_list(range(4), most=3)
    ("'a', 'b'", '0, 1, 2, … (10 in all)', '0, 1, 2, 3')
    """
    labels = list(labels)
    if len(labels) == most + 1:
        most += 1
    text = separator.join(shown(x) for x in labels[:most])
    return text + (f"{separator}… ({len(labels)} in all)" if len(labels) > most else "")


def in_words(items: Iterable[str]) -> str:
    """Texts as a sentence lists them: "a", "a and b", "a, b and c".

    Examples
    --------
    >>> from pandas_agree.base.text import in_words
    >>> in_words(["GAMMA"]), in_words(["GAMMA", "TAUB"]), in_words(["GAMMA", "TAUB", "TAUC"])
    ('GAMMA', 'GAMMA and TAUB', 'GAMMA, TAUB and TAUC')
    """
    items = list(items)
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def install_advice(package: str, extra: str) -> str:
    """How to install ``package``, which a feature needs: with pip by its own name, or through the project's
    ``extra`` (pandas_agree installs from its source, so an extra is named, not spelled as a registry's package).

    Examples
    --------
    >>> from pandas_agree.base.text import install_advice
    >>> install_advice("matplotlib", "plot")
    "pip install matplotlib, or the project's plot extra"
    """
    return f"pip install {package}, or the project's {extra} extra"


def count_of(n, noun: str, plural: str | None = None) -> str:
    """``n`` and the noun in the number it needs: "1 row", "3 rows" (``plural`` where adding "s" is wrong).

    Examples
    --------
    >>> from pandas_agree.base.text import count_of
    >>> count_of(1, "cell"), count_of(3, "cell"), count_of(1, "class", "classes"), count_of(0, "class", "classes")
    ('1 cell', '3 cells', '1 class', '0 classes')
    """
    return f"{n} {noun if n == 1 else plural or noun + 's'}"
