"""The parameters of the measures (``beta``, ``tversky``, ``correction``, ``kappa_weights``, ``level``): which
records use each, so that a parameter given to a call whose measures do not use it is an error rather than
silently ignored."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..base.spelling import on_command_line, option_named, option_set
from ..base.text import in_words
from .registry import Measure, records

__all__ = ["check_parameters_used", "uses"]


def uses(measure: Measure, parameter: str) -> bool:
    """Whether the record ``measure`` uses ``parameter``: one of its declared ``params``, or ``correction`` for the
    odds-ratio family (the Haldane–Anscombe correction).

    Examples
    --------
    >>> from pandas_agree.measures.registry import REGISTRY
    >>> uses(REGISTRY["FBETA"], "beta"), uses(REGISTRY["DOR"], "correction"), uses(REGISTRY["KAPPA"], "kappa_weights")
    (True, True, False)
    """
    if parameter == "correction":
        return measure.odds_ratio_family
    return parameter in measure.params


def check_parameters_used(chosen: Iterable[Measure], given: Mapping[str, Any], kind: str) -> None:
    """A ValueError when a parameter is given (not None) to a call none of whose measures ``chosen`` (records of
    ``kind``) uses it, naming the measures that do, and the parameter as the reader writes it
    (:func:`~pandas_agree.base.spelling.option_set`: ``--kappa-weights linear`` on the command line).

    Examples
    --------
    >>> from pandas_agree.measures.registry import REGISTRY
    >>> check_parameters_used([REGISTRY["KAPPA"]], {"kappa_weights": "linear"}, "multiclass")
    Traceback (most recent call last):
    ...
    ValueError: kappa_weights='linear' is not used by the measures asked for (KAPPA): it is used by SPI, BPK, \
KAPPA_W, AC1 and ALPHA; ask for one of them (weighted kappa is KAPPA_W) or leave kappa_weights out
    >>> check_parameters_used([REGISTRY["KAPPA_W"]], {"kappa_weights": "linear"}, "multiclass")
    """
    chosen = list(chosen)
    for parameter, value in given.items():
        if value is None or any(uses(m, parameter) for m in chosen):
            continue
        users = [m.code for m in records(kind) if uses(m, parameter)]
        hint = " (weighted kappa is KAPPA_W)" if parameter == "kappa_weights" and "KAPPA_W" in users else ""
        simple = isinstance(value, (str, int, float, tuple))
        named = option_set(parameter, value, python=f"{parameter}={value!r}") if simple else \
            f"{parameter}=given" if not on_command_line() else f"{option_named(parameter)} given"
        raise ValueError(
            f"{named} is not used by the measures asked for "
            f"({in_words([m.code for m in chosen])}): it is used by {in_words(users)}; ask for one of them{hint} or "
            f"leave {option_named(parameter)} out")
