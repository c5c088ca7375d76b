"""The extension point through which the report layer gives each analysis its report.

The analyses sit below the report layer and never import it; the report package registers its report class
for each analysis when it is imported (importing ``pandas_agree`` does that), and an analysis's ``report()``
builds the registered report. This is how pandas lets other packages add accessors to its frames.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..base.options import public_call

__all__ = ["build_report", "register_report"]

_REPORTS: dict[type, Callable[..., Any]] = {}


def register_report(analysis: type, report: Callable[..., Any]) -> None:
    """Make ``report(obj, **options)`` the report of every ``analysis`` object ``obj``."""
    _REPORTS[analysis] = report


def build_report(obj: Any, **options: Any) -> Any:
    """The registered report of ``obj`` (an analysis), built with ``options`` (an unknown option is reported as
    an argument of ``<analysis>.report()``)."""
    for cls in type(obj).__mro__:
        if cls in _REPORTS:
            with public_call(f"{type(obj).__name__}.report()"):
                return _REPORTS[cls](obj, **options)
    raise RuntimeError(f"no report is registered for {type(obj).__name__}; import pandas_agree to load the reports")
