"""Undefined values: the one division helper of the package and the warning that reports them.

Every formula divides through :func:`divide`, so the package has a single rule for 0/0 and x/0:

* 0/0 is undefined and gives NaN;
* x/0 with x != 0 gives ±inf only for a measure whose range is infinite (``infinite=True``),
  and NaN otherwise.

The warning is raised once per public call, after the values are computed, by
:func:`warn_undefined`, which reads the NaNs of the result and names what they belong to.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from contextvars import ContextVar

import numpy as np

__all__ = ["UndefinedMeasureWarning", "divide", "external_stacklevel", "quiet_division", "undefined_because",
           "warn_undefined", "warn_undefined_because"]

_QUIET: ContextVar[bool] = ContextVar("pandas_agree_quiet_division", default=False)


class UndefinedMeasureWarning(UserWarning):
    """A measure is undefined (0/0) for some class or table, and its value is NaN.

    One warning per call names the measures and the classes (or averages) concerned. Filter it with the
    :mod:`warnings` module, or turn it into an error.

    Examples
    --------
    >>> import warnings
    >>> import pandas_agree as pa
    >>> ag = pa.Agreement.from_table([[5, 0], [3, 0]])  # the second class is never predicted
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     pre = ag.binary(["PRE"])
    >>> caught[0].category.__name__, pre["PRE"].isna().tolist()
    ('UndefinedMeasureWarning', [False, True])
    """


def divide(num, den, *, infinite: bool = False) -> np.ndarray:
    """Elementwise ``num / den`` with the package's rule for zero denominators.

    Parameters
    ----------
    num, den : array_like
        Broadcastable arrays.
    infinite : bool, default False
        Whether a non-zero numerator over a zero denominator may give ±inf. Only measures whose
        declared range is infinite set this; for every other measure such a value is undefined.

    Returns
    -------
    numpy.ndarray
        float64 quotient, NaN where undefined.
    """
    num = np.asarray(num, dtype=np.float64)
    den = np.asarray(den, dtype=np.float64)
    if num.ndim == 0 and den.ndim == 0:  # one number over another: in Python floats (the same IEEE quotient)
        return np.asarray(_divide_scalar(float(num), float(den), infinite), dtype=np.float64)
    if _QUIET.get():  # within quiet_division(): numpy's division warnings are off already
        out = num / den
    else:
        with np.errstate(divide="ignore", invalid="ignore"):
            out = num / den
    if infinite:
        return out
    zero = den == 0
    # np.where only where a denominator is 0 (an ndarray either way, also where num and den have no dimension)
    return np.where(zero, np.nan, out) if zero.any() else np.asarray(out)


def _divide_scalar(num: float, den: float, infinite: bool) -> float:
    """:func:`divide` of two numbers, as NumPy divides them (x/0 is ±inf with the signs of x and of the zero, 0/0
    and NaN/0 are NaN), without NumPy's per-call overhead."""
    if den != 0 or math.isnan(den):
        return num / den
    if not infinite or num == 0 or math.isnan(num):
        return math.nan
    return math.copysign(math.inf, num) * math.copysign(1.0, den)


class quiet_division:  # a context manager, named like np.errstate
    """A block of formulas whose divisions by zero warn nothing (``np.errstate(divide="ignore",
    invalid="ignore")``), in which :func:`divide` does not set that state again for each call.

    Examples
    --------
    >>> import numpy as np
    >>> from pandas_agree.base.undefined import divide, quiet_division
    >>> with quiet_division():
    ...     divide(np.array([1.0, 0.0]), np.array([2.0, 0.0])).tolist()
    [0.5, nan]
    """

    __slots__ = ("_state", "_token")

    def __enter__(self) -> quiet_division:
        if _QUIET.get():  # within another such block: nothing to set (formulas evaluated many times over)
            self._token = None
            return self
        self._state = np.errstate(divide="ignore", invalid="ignore")
        self._state.__enter__()
        self._token = _QUIET.set(True)
        return self

    def __exit__(self, *exc) -> None:
        if self._token is None:
            return
        _QUIET.reset(self._token)
        self._state.__exit__(*exc)


def _describe(items: Iterable, limit: int = 8) -> str:
    items = [str(x) for x in items]
    shown = ", ".join(items[:limit])
    return shown + (f" and {len(items) - limit} more" if len(items) > limit else "")


def warn_undefined(undefined: dict[str, list | None], *, what: str = "class") -> None:
    """Issue one :class:`UndefinedMeasureWarning` for ``{measure code: [places where NaN]}``.

    A value of None names the measure alone (a multiclass measure has one value). Does nothing when no
    measure has an undefined value.
    """
    parts = []
    for code, places in undefined.items():
        if places is None:
            parts.append(code)
        elif len(places):
            parts.append(f"{code} ({what} {_describe(places)})")
    if not parts:
        return
    import warnings

    warnings.warn(
        "undefined (0/0) values set to NaN: " + "; ".join(parts),
        UndefinedMeasureWarning,
        stacklevel=external_stacklevel(),
    )


def undefined_because(names: str, why: str) -> str:
    """The message of values left undefined for one reason, "<names> undefined (NaN): <why>": the form in which the
    reports find the reason of an undefined value that their footnotes already give.

    Examples
    --------
    >>> from pandas_agree.base.undefined import undefined_because
    >>> undefined_because("Phi and Cramér's V", "the row variable 'a' has one category with cases")
    "Phi and Cramér's V undefined (NaN): the row variable 'a' has one category with cases"
    """
    return f"{names} undefined (NaN): {why}"


def warn_undefined_because(names: str, why: str) -> None:
    """Issue one :class:`UndefinedMeasureWarning` that the values ``names`` are undefined for the reason ``why``
    (:func:`undefined_because`)."""
    import warnings

    warnings.warn(undefined_because(names, why), UndefinedMeasureWarning, stacklevel=external_stacklevel())


def external_stacklevel() -> int:
    """The stack level of the first frame outside this package, for ``warnings.warn``."""
    import inspect
    from pathlib import Path

    package = str(Path(__file__).resolve().parents[1])
    frame, level = inspect.currentframe(), 0
    while frame is not None:
        if not str(Path(frame.f_code.co_filename).resolve()).startswith(package):
            break
        frame, level = frame.f_back, level + 1
    return level
