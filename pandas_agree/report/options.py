"""The options of a report: each report declares its defaults once; this module checks the options given against
them and :mod:`pandas_agree.base.options`, and records the bootstrap seed.

A report is reproducible by default: when it asks for intervals and no ``random_state`` is given, a seed is drawn
once and recorded in ``report.options``, so the same report can be made again.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ..base.options import check_options

__all__ = ["report_options", "seed"]


def seed(options: Mapping[str, Any]) -> Any:
    """The bootstrap seed of a report: the ``random_state`` given, or a fresh integer when intervals are asked
    for (``ci`` is not None) and none is given.

    Examples
    --------
    >>> from pandas_agree.report.options import seed
    >>> seed({"ci": "auto", "random_state": 7}), seed({"ci": None, "random_state": None})
    (7, None)
    >>> isinstance(seed({"ci": "auto", "random_state": None}), int)
    True
    """
    if options.get("ci") is not None and options.get("random_state") is None:
        return int(np.random.SeedSequence().entropy % 2**32)
    return options.get("random_state")


def report_options(defaults: Mapping[str, Any], options: Mapping[str, Any], where: str = "report") -> dict:
    """The complete options of one report: ``options`` checked (names among ``defaults``, values allowed by the
    option specification) over ``defaults``, with the seed of :func:`seed`.

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
    >>> report_options({"ci": "auto", "random_state": None}, {"colour": "blue"})
    Traceback (most recent call last):
    ...
    TypeError: report got unknown options ['colour']; allowed: ['ci', 'random_state']
    """
    check_options(options, defaults, where)
    opts = {**defaults, **options}
    opts["random_state"] = seed(opts)
    return opts
