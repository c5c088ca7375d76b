"""The options of a report: each report declares its defaults once; this module checks the options given against
them and :mod:`pandas_agree.base.options`, and records the bootstrap seed.

A report is reproducible by default: the same data and options give the same report, bootstrap intervals
included. Without a ``random_state`` (or with ``random_state=None``) the bootstrap uses the fixed seed
:data:`DEFAULT_SEED`; ``random_state="fresh"`` asks for fresh randomness: a seed is drawn from the operating
system's entropy. Either way the seed is recorded in ``report.options`` (and, where an interval is bootstrapped,
in the notes), so a report made with fresh randomness can still be made again.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base.options import check_options
from ..inference.estimates import DEFAULT_SEED, seed_of

__all__ = ["DEFAULT_SEED", "report_options", "seed"]


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
