"""Reports over many classes: which classes a report shows when there are more than ``max_classes``.

Above ``max_classes`` classes the text and HTML reports (and the forest plot) show the classes sorted by one
class-specific measure (``sort_by``), the weakest and the strongest ones; the DataFrames of the report, the
Excel workbook and :meth:`~pandas_agree.AgreementReport.to_dict` keep every class. "Weakest" follows the
measure's record: a low value is weak unless the measure is best at the low end of its range (FPR, FNR, ERR, the
negative likelihood ratio...); for a descriptive quantity with no best value (a prevalence) the classes are
sorted from the lowest to the highest value.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..base.spelling import on_command_line, option_set
from ..base.text import count_of
from ..measures.registry import REGISTRY, resolve

__all__ = ["Ranking", "class_limit", "every_class", "exceeds", "kept", "rank", "shown_measures", "sort_measure"]


def every_class() -> str:
    """How a report prints every class: the command line's option on the command line, else the call."""
    return option_set("max_classes", "all", python="report(max_classes=None)")


def class_limit(limit: int) -> str:
    """The limit on the classes a report prints, as the caller set it: "max_classes = 20", "--max-classes 20"."""
    return option_set("max_classes", limit, python=f"max_classes = {limit}")


def kept(attribute: str, sheet: str, key: str) -> str:
    """Where a report keeps a whole table it does not print: its attribute, its workbook's sheet and its dict's
    key; on the command line, the sheet of --excel and the key of --json."""
    if on_command_line():
        return f'the "{sheet}" sheet of --excel and "{key}" in --json'
    return f'report.{attribute}, the "{sheet}" sheet of to_excel() and "{key}" in to_dict()'


def exceeds(n_classes: int, max_classes: int | None) -> bool:
    """Whether a table over ``n_classes`` classes is shown in the many-class layout.

    Examples
    --------
    >>> from pandas_agree.report.ranking import exceeds
    >>> exceeds(21, 20), exceeds(20, 20), exceeds(10_000, None)
    (True, False, False)
    """
    return max_classes is not None and n_classes > max_classes


def shown_measures(frame: pd.DataFrame) -> list:
    """The measures (or averaging methods) of a frame of measures in the order of its columns: the first level of
    its columns, each once, or its columns.

    Examples
    --------
    >>> import pandas_agree as pa
    >>> from pandas_agree.report.ranking import shown_measures
    >>> shown_measures(pa.Agreement.from_table([[5, 1], [2, 6]]).binary(["REC", "F1"]))
    ['REC', 'F1']
    """
    columns = frame.columns
    if not isinstance(columns, pd.MultiIndex):
        return list(columns)
    level = columns.levels[0].tolist()  # the first level's values, each at its first column (no Index made)
    return [level[code] for code in dict.fromkeys(columns.codes[0].tolist())]


def sort_measure(binary: pd.DataFrame, sort_by: str | None, shown: list | None = None) -> str:
    """The code of the measure the classes are sorted by: ``sort_by`` (a code or alias of a class-specific
    measure of ``binary``), or by default F1 when shown, else the first measure shown; ``shown`` the measures of
    ``binary`` (:func:`shown_measures`) where the caller has them.

    Raises
    ------
    ValueError
        For a name that is not a class-specific measure of ``binary``, naming the option and the codes allowed.

    Examples
    --------
    >>> import pandas_agree as pa
    >>> from pandas_agree.report.ranking import sort_measure
    >>> binary = pa.Agreement.from_table([[5, 1], [2, 6]]).binary(["REC", "F1"], ci=None)
    >>> sort_measure(binary, None), sort_measure(binary, "sensitivity")
    ('F1', 'REC')
    >>> sort_measure(binary, "PRE")
    Traceback (most recent call last):
    ...
    ValueError: sort_by must be one of the class-specific measures of the report (REC, F1); got 'PRE'
    """
    if shown is None:
        shown = shown_measures(binary)
    if sort_by is None:
        return "F1" if "F1" in shown else shown[0]
    try:
        code = resolve([sort_by], "binary", default=lambda m: False)[0].code
    except ValueError:
        code = None
    if code not in shown:
        raise ValueError(f"sort_by must be one of the class-specific measures of the report ({', '.join(shown)}); "
                         f"got {sort_by!r}")
    return code


def _low_is_strong(code: str) -> bool:
    record = REGISTRY[code]
    return record.best is not None and record.best == record.range[0]


@dataclass(frozen=True)
class Ranking:
    """The classes a many-class view shows, by position in ``binary``'s rows: ``weakest`` (the weakest first) and
    ``strongest`` (ending with the strongest), with the measure, how many classes are not shown and how many of
    those have no value of the measure."""

    code: str
    weakest: list[int]
    strongest: list[int]
    hidden: int
    undefined: int
    descriptive: bool  # the measure has no best value: the ends are the lowest and the highest

    @property
    def words(self) -> tuple[str, str]:
        """How the two ends are called: ("weakest", "strongest") or ("lowest", "highest")."""
        return ("lowest", "highest") if self.descriptive else ("weakest", "strongest")

    def footnote(self, n_classes: int, max_classes: int) -> str:
        """What the view shows and how to see every class."""
        weak, strong = self.words
        shown = len(self.weakest) + len(self.strongest)
        undefined = (f"; the {count_of(self.undefined, 'class', 'classes')} where {self.code} is undefined "
                     f"{'is' if self.undefined == 1 else 'are'} among those not shown" if self.undefined else "")
        return (f"{n_classes} classes, more than {class_limit(max_classes)}: the {shown} shown are the "
                f"{len(self.weakest)} {weak} and the {len(self.strongest)} {strong} by {self.code} "
                f"({REGISTRY[self.code].name}), the {weak} first{undefined}. Every class: "
                f"{kept('binary', 'Class measures', 'binary')}, or {every_class()}.")


def rank(binary: pd.DataFrame, code: str, max_classes: int, values: np.ndarray | None = None) -> Ranking:
    """The ``max_classes // 2`` weakest and ``max_classes // 2`` strongest classes of ``binary`` by ``code`` (at
    least one of each); classes where the measure is undefined (NaN) are never among them, ties keep the order
    of the table. ``values`` are the values of ``code`` in ``binary``'s rows where the caller has them.

    Examples
    --------
    >>> import pandas_agree as pa
    >>> from pandas_agree.report.ranking import rank
    >>> binary = pa.Agreement.from_table([[9, 1, 0], [3, 5, 2], [0, 0, 7]]).binary(["REC", "FNR"], ci=None)
    >>> binary["REC"].round(2).tolist()
    [0.9, 0.5, 1.0]
    >>> r = rank(binary, "REC", 2)
    >>> r.weakest, r.strongest, r.hidden
    ([1], [2], 1)
    >>> rank(binary, "FNR", 2).weakest  # a miss rate is best at 0: the highest is the weakest
    [1]
    """
    if values is None:
        column = (code, "value") if isinstance(binary.columns, pd.MultiIndex) else code
        values = binary.iloc[:, binary.columns.get_loc(column)].to_numpy(dtype=float)
    values = np.asarray(values, dtype=float)
    defined = np.flatnonzero(~np.isnan(values))
    keys = -values[defined] if _low_is_strong(code) else values[defined]
    order = defined[np.argsort(keys, kind="stable")]  # weakest first; ties in the order of the table
    half = max(max_classes // 2, 1)
    weakest = order[:half].tolist()
    strongest = order[max(half, len(order) - half):].tolist()
    return Ranking(code, weakest, strongest, len(values) - len(weakest) - len(strongest),
                   len(values) - len(defined), REGISTRY[code].best is None)
