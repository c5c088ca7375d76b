"""The checks of the planning functions' arguments: each bad value is a ``ValueError`` (``TypeError`` for a value
that is not a number) naming the argument, the value and what is allowed.

Examples
--------
>>> from pandas_agree.plan.checks import probability
>>> probability("rate1", 0.3)
0.3
>>> probability("rate1", 1.0)
Traceback (most recent call last):
...
ValueError: rate1 must be a probability strictly between 0 and 1; got 1.0
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence

__all__ = ["ALTERNATIVES", "alternative_sides", "count", "fraction", "number", "power_above_alpha", "probability",
           "proportions"]

ALTERNATIVES = ("two-sided", "greater", "less")


def number(name: str, value) -> float:
    """``value`` as a finite float; a ``TypeError`` when it is not a real number, a ``ValueError`` when it is NaN
    or infinite.

    Examples
    --------
    >>> from pandas_agree.plan.checks import number
    >>> number("kappa1", 1)
    1.0
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number; got {value!r} ({type(value).__name__})")
    value = float(value)
    if not math.isfinite(value):
        raise ValueError(f"{name} must be a finite number; got {value}")
    return value


def probability(name: str, value) -> float:
    """``value`` checked to lie strictly between 0 and 1.

    Examples
    --------
    >>> from pandas_agree.plan.checks import probability
    >>> probability("prevalence", 0.1)
    0.1
    """
    value = number(name, value)
    if not 0.0 < value < 1.0:
        raise ValueError(f"{name} must be a probability strictly between 0 and 1; got {value}")
    return value


def fraction(name: str, value, what: str) -> float:
    """``value`` checked to lie strictly between 0 and 1, for an argument that is not a probability (the width or
    the precision of an interval); ``what`` says what it is in the message.

    Examples
    --------
    >>> from pandas_agree.plan.checks import fraction
    >>> fraction("width", 1.5, "the full width of the interval")
    Traceback (most recent call last):
    ...
    ValueError: width must lie strictly between 0 and 1 (the full width of the interval); got 1.5
    """
    value = number(name, value)
    if not 0.0 < value < 1.0:
        raise ValueError(f"{name} must lie strictly between 0 and 1 ({what}); got {value}")
    return value


def count(name: str, value, minimum: int = 1) -> int:
    """A whole number at least ``minimum`` (a number of subjects or raters).

    Examples
    --------
    >>> from pandas_agree.plan.checks import count
    >>> count("n", 50)
    50
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        if isinstance(value, numbers.Real) and float(value).is_integer():
            value = int(value)
        else:
            raise TypeError(f"{name} must be a whole number; got {value!r}")
    if value < minimum:
        raise ValueError(f"{name} must be at least {minimum}; got {value}")
    return int(value)


def power_above_alpha(power, alpha) -> tuple[float, float]:
    """``(power, alpha)`` checked: both probabilities, and the power above alpha (a test reaches at least its level
    against any alternative, so a power at or below alpha asks for nothing).

    Examples
    --------
    >>> from pandas_agree.plan.checks import power_above_alpha
    >>> power_above_alpha(0.8, 0.05)
    (0.8, 0.05)
    >>> power_above_alpha(0.05, 0.05)
    Traceback (most recent call last):
    ...
    ValueError: power must be greater than alpha (0.05); got 0.05
    """
    alpha = probability("alpha", alpha)
    power = probability("power", power)
    if power <= alpha:
        raise ValueError(f"power must be greater than alpha ({alpha}); got {power}")
    return power, alpha


def alternative_sides(alternative) -> int:
    """The number of tails of ``alternative``: 2 for "two-sided", 1 for "greater" and "less".

    Examples
    --------
    >>> from pandas_agree.plan.checks import alternative_sides
    >>> alternative_sides("two-sided"), alternative_sides("greater")
    (2, 1)
    """
    if alternative not in ALTERNATIVES:
        raise ValueError(f"alternative must be one of {', '.join(map(repr, ALTERNATIVES))}; got {alternative!r}")
    return 2 if alternative == "two-sided" else 1


def proportions(name: str, value, *, categories: Sequence[int] | None = None) -> tuple[float, ...]:
    """Category proportions: one number strictly between 0 and 1 (the proportion of positive ratings of two
    categories), or a sequence of them summing to 1 (within 0.001, as kappaSize allows).

    Examples
    --------
    >>> from pandas_agree.plan.checks import proportions
    >>> proportions("proportions", 0.3)
    (0.3, 0.7)
    >>> proportions("proportions", [0.2, 0.3, 0.5])
    (0.2, 0.3, 0.5)
    """
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        p = probability(name, value)
        return (p, 1.0 - p)
    if isinstance(value, (str, bytes)) or not isinstance(value, (Sequence, *_array_types())):
        raise TypeError(f"{name} must be a proportion or a sequence of proportions summing to 1; got {value!r}")
    values = tuple(number(f"each of {name}", v) for v in value)
    if len(values) < 2:
        raise ValueError(f"{name} must give at least two categories; got {len(values)}")
    if categories is not None and len(values) not in categories:
        raise ValueError(f"{name} must give between {min(categories)} and {max(categories)} categories; "
                         f"got {len(values)}")
    if any(not 0.0 < v < 1.0 for v in values):
        raise ValueError(f"each of {name} must lie strictly between 0 and 1; got {list(values)}")
    if abs(sum(values) - 1.0) >= 0.001:
        raise ValueError(f"{name} must sum to 1; got {list(values)} (sum {sum(values):g})")
    return values


def _array_types() -> tuple[type, ...]:
    import numpy as np

    return (np.ndarray,)
