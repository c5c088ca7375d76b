"""The options of a report: each report declares its defaults once; this module checks the options given against
them and :mod:`pandas_agree.base.options`, records the bootstrap seed, and names the bootstrap methods the
intervals used (:func:`bootstrap_used`).

A report is reproducible by default: the same data and options give the same report, bootstrap intervals
included. Without a ``random_state`` (or with ``random_state=None``) the bootstrap uses the fixed seed
:data:`DEFAULT_SEED`; ``random_state="fresh"`` asks for fresh randomness: a seed is drawn from the operating
system's entropy. Either way the seed is recorded in ``report.options`` (and, where an interval is bootstrapped,
in the notes), so a report made with fresh randomness can still be made again.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

import pandas as pd

from ..base.options import check_options
from ..inference.estimates import DEFAULT_SEED, seed_of

__all__ = ["BOOTSTRAP_USED", "DEFAULT_SEED", "bootstrap_used", "interval_frames", "report_options", "seed"]

BOOTSTRAP_USED = "bootstrap_methods_used"
"""The key of ``to_dict()["options"]`` that holds :func:`bootstrap_used` (in the reports with intervals)."""


def seed(options: Mapping[str, Any]) -> Any:
    """The bootstrap seed of a report: :data:`DEFAULT_SEED` when ``random_state`` is None or missing, a seed drawn
    from the operating system's entropy (an integer below 2**32) when it is ``"fresh"``, and otherwise the
    ``random_state`` given (an integer, or a numpy Generator or seed object, used as it is); the analyses choose
    their seed the same way (:func:`~pandas_agree.inference.estimates.seed_of`).

    Examples
    --------
    >>> from pandas_agree.report.options import seed
    >>> seed({"ci": "auto", "random_state": 7}), seed({"ci": "auto", "random_state": None}), seed({})
    (7, 0, 0)
    >>> fresh = seed({"random_state": "fresh"})
    >>> isinstance(fresh, int) and 0 <= fresh < 2**32
    True
    """
    return seed_of(options.get("random_state"))


def report_options(defaults: Mapping[str, Any], options: Mapping[str, Any], where: str = "report") -> dict:
    """The complete options of one report: ``options`` checked (names among ``defaults``, values allowed by the
    option specification) over ``defaults``, with ``random_state`` replaced by the seed of :func:`seed`.

    Raises
    ------
    TypeError
        For an option the report does not take (naming it and listing those it takes), or a value of a wrong
        type.
    ValueError
        For a value the option does not allow.

    Examples
    --------
    >>> from pandas_agree.report.options import report_options
    >>> report_options({"ci": "auto", "random_state": None}, {"random_state": 3})
    {'ci': 'auto', 'random_state': 3}
    >>> report_options({"ci": "auto", "random_state": None}, {})
    {'ci': 'auto', 'random_state': 0}
    >>> report_options({"ci": "auto", "random_state": None}, {"colour": "blue"})
    Traceback (most recent call last):
    ...
    TypeError: report got an unexpected keyword argument 'colour'; allowed: ci, random_state
    """
    check_options(options, defaults, where)
    opts = {**defaults, **options}
    opts["random_state"] = seed(opts)
    return opts


_BOOTSTRAP = re.compile(r"\b(percentile|basic|bca) \(B = ")
"""A bootstrap interval's method in a method's text, as :func:`~pandas_agree.inference.intervals.bootstrap_label`
writes it ("bootstrap bca (B = 2000, random_state = 0)", "bootstrap over subjects, bca (B = ...")."""


def bootstrap_used(frames: Iterable[pd.DataFrame]) -> dict[str, list]:
    """The bootstrap methods of the intervals of ``frames`` (their "method" column and ``attrs["methods"]``), each
    with the codes of the values it gave (the frames' index entries and column names, as they are: a score
    comparison's are tuples, (score, measure)), in their order: what ``ci="auto"`` used, whatever
    ``bootstrap_method``. The workbook's Options table has it in a row under ``bootstrap_method`` (where it is
    not that option alone), and ``to_dict()`` of the reports with intervals as
    ``options["bootstrap_methods_used"]``.

    Examples
    --------
    >>> import pandas as pd
    >>> from pandas_agree.report.options import bootstrap_used
    >>> frame = pd.DataFrame({"method": ["wilson (Σ_M n_kk of N)", "Gwet linearised SE, bootstrap bca (B = 2000, "
    ...                                  "random_state = 0) interval"]}, index=["OSR", "AC1"])
    >>> frame.attrs["methods"] = {"PPREV": "linearised (logit scale) SE, bootstrap percentile (B = 2000, "
    ...                                    "random_state = 0) interval"}
    >>> bootstrap_used([frame])
    {'percentile': ['PPREV'], 'bca': ['AC1']}
    """
    used: dict[str, list] = {}
    for frame in frames:
        pairs = list(frame.attrs.get("methods", {}).items())
        if not isinstance(frame.columns, pd.MultiIndex) and "method" in frame.columns:
            pairs += zip(frame.index.tolist(), frame["method"].tolist(), strict=True)
        for code, method in pairs:
            for found in _BOOTSTRAP.findall(method) if isinstance(method, str) else ():
                codes = used.setdefault(found, [])
                if code not in codes:
                    codes.append(code)
    return used


def interval_frames(rep) -> list[pd.DataFrame]:
    """The frames of an agreement report whose intervals name their methods, of every section (all data, then
    each group), in the order of the workbook's sheets: what :func:`~pandas_agree.report.options.bootstrap_used`
    reads for the workbook's Options table and for ``to_dict()["options"]``."""
    return [frame for _, sub in rep.sections() for frame in (sub.multiclass, getattr(sub, "paradox", None),
                                                              sub.binary, sub.averages) if frame is not None]
