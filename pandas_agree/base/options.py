"""One specification of every public option: its name, the values it allows and how to say so.

Each option name maps to an :class:`Option`: a tuple of constraints (a value is allowed when one of them accepts
it) and a short text of what is allowed, used in every message. :func:`validate_options` checks the options of a
function's call against it before the function runs, whether or not the call would have used them;
:func:`check_options` checks a ``**options`` dict (a report's); the command line takes its choices from here.
A value of a type that no constraint knows raises a TypeError; a value of a known type that is not allowed raises
a ValueError. Both say ``"<option> must be <what is allowed>; got <value>"``.

An option that has been renamed keeps its old name for a while (:data:`RENAMED`): a call that takes the new name
and is given the old one gets a FutureWarning and runs as if given the new one; given both, it raises a TypeError
that names both.

A call with an argument the function does not take (an unknown keyword, one positional argument too many) raises
a TypeError that names the function as the user called it (``Agreement.binary()``, ``DataFrame.agree.report()``),
lists the arguments it takes and suggests the closest one: ``"Agreement.multiclass() got an unexpected keyword
argument 'kapa_weights' (did you mean 'kappa_weights'?); allowed: measures, kappa_weights, ..."``. A function
that passes ``**kwargs`` on declares what it passes (``validate_options(passes=...)``), so that its message lists
everything it takes; where a ``**options`` dict is checked further down (a report's options), the message names
the public call that received it.

The checks here need only the value. What needs the data stays with the data: that a ``kappa_weights`` matrix is
q×q over the labels and holds agreement weights, that ``labels`` lists every observed label, that a measure name
is in the registry, that a column exists.

Examples
--------
>>> from pandas_agree.base.options import check_option, validate_options
>>> check_option("bands", "cohen")
>>> check_option("bands", "bogus")
Traceback (most recent call last):
...
ValueError: bands must be one of ('landis-koch', 'cohen'); got 'bogus'
>>> @validate_options
... def f(*, n_resamples=2000):
...     return n_resamples
>>> f(n_resamples=-5)
Traceback (most recent call last):
...
ValueError: n_resamples must be an integer from 2 to 1,000,000; got -5
>>> f(n_resample=5)
Traceback (most recent call last):
...
TypeError: f() got an unexpected keyword argument 'n_resample' (did you mean 'n_resamples'?); allowed: n_resamples
"""

from __future__ import annotations

import contextlib
import contextvars
import difflib
import functools
import inspect
import math
import threading
import warnings
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from numbers import Integral, Real
from typing import Any, TypeVar

import numpy as np

from .undefined import external_stacklevel

__all__ = [
    "ALTERNATIVES", "AVERAGES", "BAND_NAMES", "BINOMIAL_CI", "BOOTSTRAP_METHODS", "CELLS", "CI_METHODS", "CLASSES",
    "KAPPA_WEIGHTS", "LEVELS", "LONELY_PSU", "MATCHES", "PERCENTAGES", "RENAMED", "REPLICATES", "RESAMPLING", "SEEDS",
    "SPEC", "STATISTICS", "TIMINGS", "Option", "check_option", "check_options", "choices", "keyword_names", "keywords",
    "public_call", "renamed_keywords", "unexpected_keywords", "validate_options",
]

# --- the vocabularies (every other module imports them from here) ------------------------------------------

BINOMIAL_CI = ("wilson", "clopper-pearson", "agresti-coull", "jeffreys", "normal")
CI_METHODS = ("auto", *BINOMIAL_CI, "linearized", "bootstrap")
SCORE_SCALES = ("auto", "identity", "logit")  # DeLong's interval of an AUC (analyses/scores.py, Scores.values)
THRESHOLD_CRITERIA = ("youden", "f1")  # what Scores.best_threshold maximises
BOOTSTRAP_METHODS = ("percentile", "basic", "bca")
RESAMPLING = ("multinomial", "fixed-reference")  # the resampling model: rows at random, or reference rows fixed
LONELY_PSU = ("adjust", "remove", "fail")  # what a stratum with a single PSU contributes (R's survey.lonely.psu)
REPLICATES = ("jackknife", "bootstrap")  # a sample design's replicates: delete one PSU, or Rao and Wu's bootstrap
ALTERNATIVES = ("two-sided", "greater", "less")  # the alternative hypothesis of a test against a null value
CLASSES = ("common", "reference", "union")
AVERAGES = ("unweighted", "weighted", "inverse", "micro")
TIMINGS = ("default", "after", "before")
KAPPA_WEIGHTS = ("linear", "quadratic")
BAND_NAMES = ("landis-koch", "cohen")
LEVELS = ("nominal", "ordinal", "interval", "ratio")
PERCENTAGES = ("row", "column", "total")
MATCHES = ("accuracy", "residual")
SEEDS = ("fresh",)  # random_state="fresh": a seed drawn from the operating system's entropy
# SPSS CROSSTABS' /STATISTICS and /CELLS keywords, in the order SPSS prints what they ask for ("all": every one)
STATISTICS = ("chisq", "phi", "cc", "lambda", "uc", "btau", "ctau", "gamma", "d", "eta", "corr", "kappa", "risk",
              "mcnemar", "cmh")
CELLS = ("count", "expected", "row", "column", "total", "resid", "sresid", "asresid")


# --- constraints ----------------------------------------------------------------------------------------------

class Constraint:
    """One kind of allowed value: ``knows(value)`` says whether the value is of its type, ``allows(value)``
    whether it is allowed."""

    def knows(self, value: Any) -> bool:
        raise NotImplementedError

    def allows(self, value: Any) -> bool:
        return self.knows(value)

    def hint(self, value: Any) -> str:
        """What the message adds about a value of this constraint's type that it does not allow ("" for nothing)."""
        return ""


def _suggested(items: list, choices: tuple[str, ...], fold=lambda x: x) -> str:
    """"did you mean …?" for each of ``items`` (strings) not among ``choices`` that is close to one of them."""
    import difflib

    folded = {fold(c): c for c in choices}
    hints = []
    for item in items:
        if fold(item) in folded:
            continue
        close = difflib.get_close_matches(fold(item), list(folded), n=1, cutoff=0.6)
        if close:
            hints.append(f"{item!r}: " * (len(items) > 1) + f"did you mean {folded[close[0]]!r}?")
    return f" ({'; '.join(hints)})" if hints else ""


class _None(Constraint):
    def knows(self, value):
        return value is None


class _Choice(Constraint):
    """A string among ``choices``."""

    def __init__(self, choices: tuple[str, ...]) -> None:
        self.choices = choices

    def knows(self, value):
        return isinstance(value, str)

    def allows(self, value):
        return value in self.choices

    def hint(self, value):
        return _suggested([value], self.choices)


def _is_real(value) -> bool:
    return isinstance(value, Real) and not isinstance(value, (bool, np.bool_))


def _is_integer(value) -> bool:
    return isinstance(value, Integral) and not isinstance(value, (bool, np.bool_))


class _Number(Constraint):
    """A real number (an integer with ``integer``) between ``low`` and ``high``; ``closed`` says which ends
    belong ("both", "left", "right" or "neither")."""

    def __init__(self, low: float, high: float, closed: str, *, integer: bool = False) -> None:
        self.low, self.high, self.closed, self.integer = low, high, closed, integer

    def knows(self, value):
        return _is_integer(value) if self.integer else _is_real(value)

    def allows(self, value):
        if not self.knows(value) or math.isnan(value):
            return False
        above = value >= self.low if self.closed in ("both", "left") else value > self.low
        below = value <= self.high if self.closed in ("both", "right") else value < self.high
        return above and below


class _NaN(Constraint):
    """NaN (a float such as ``np.nan``)."""

    def knows(self, value):
        return _is_real(value)

    def allows(self, value):
        return math.isnan(value)


class _Flag(Constraint):
    def knows(self, value):
        return isinstance(value, (bool, np.bool_))


def _list_like(value) -> bool:
    """An ordered, one-dimensional collection of items: not a string, mapping, set or 2-D array."""
    if isinstance(value, (str, bytes, Mapping, set, frozenset)) or not isinstance(value, Iterable):
        return False
    return getattr(value, "ndim", 1) == 1


class _Pair(Constraint):
    """Two non-negative finite numbers."""

    def knows(self, value):
        return isinstance(value, Iterable) and not isinstance(value, (str, bytes, Mapping))

    def allows(self, value):
        items = list(value)
        return len(items) == 2 and all(_is_real(x) and 0 <= x < math.inf for x in items)


class _ChoiceList(Constraint):
    """One string of ``choices`` or a list of them (non-empty unless ``empty``)."""

    def __init__(self, choices: tuple[str, ...], *, empty: bool) -> None:
        self.choices, self.empty = choices, empty

    def knows(self, value):
        return isinstance(value, str) or (_list_like(value) and all(isinstance(x, str) for x in value))

    def allows(self, value):
        items = [value] if isinstance(value, str) else list(value)
        return (self.empty or bool(items)) and all(x in self.choices for x in items)

    def hint(self, value):
        return _suggested([value] if isinstance(value, str) else list(value), self.choices)


class _Keywords(_ChoiceList):
    """SPSS keywords: one word or a non-empty list of words among ``choices`` or "all", in any case."""

    def __init__(self, choices: tuple[str, ...]) -> None:
        super().__init__((*choices, "all"), empty=False)

    def allows(self, value):
        items = [value] if isinstance(value, str) else list(value)
        return bool(items) and all(x.lower() in self.choices for x in items)

    def hint(self, value):
        return _suggested([value] if isinstance(value, str) else list(value), self.choices, str.lower)


class _Text(Constraint):
    """A string, or with ``many`` a list of strings (what the strings may be is checked elsewhere)."""

    def __init__(self, *, many: bool) -> None:
        self.many = many

    def knows(self, value):
        return isinstance(value, str) or (self.many and _list_like(value) and all(isinstance(x, str) for x in value))


class _Matrix(Constraint):
    """A numeric square matrix (array-like), or a numeric DataFrame (its labels are matched to the data later)."""

    def knows(self, value):
        if isinstance(value, (str, bytes, Mapping)) or value is None:
            return False
        try:
            matrix = np.asarray(value, dtype=float)
        except (TypeError, ValueError):
            return False
        return matrix.ndim == 2

    def allows(self, value):
        shape = np.shape(value)
        return hasattr(value, "columns") or shape[0] == shape[1]


class _Seed(Constraint):
    """A seed for :func:`numpy.random.default_rng`: an integer >= 0, a SeedSequence, a BitGenerator, a Generator
    or a RandomState (whose bit generator is then used)."""

    KINDS = (np.random.Generator, np.random.SeedSequence, np.random.BitGenerator, np.random.RandomState)

    def knows(self, value):
        return isinstance(value, self.KINDS) or _is_integer(value)

    def allows(self, value):
        return isinstance(value, self.KINDS) or value >= 0


class _Label(Constraint):
    """A column label: any hashable value that is not a list."""

    def knows(self, value):
        try:
            hash(value)
        except TypeError:
            return False
        return isinstance(value, Hashable)


class _Sequence(Constraint):
    """An ordered, one-dimensional collection (a list, tuple, array, Series or Index)."""

    def knows(self, value):
        return _list_like(value)


class _Labels(_Sequence):
    """A list of labels: an ordered collection of hashable values."""

    def allows(self, value):
        for item in value:
            try:
                hash(item)
            except TypeError:
                return False
        return True


class _LabelsByVariable(Constraint):
    """A dict from a variable's name to the list of its labels (a crosstab of two variables: each side its own);
    each entry is checked where the variables are known, so that the message names it."""

    def knows(self, value):
        return isinstance(value, Mapping)


class _Mapping(Constraint):
    def knows(self, value):
        return isinstance(value, Mapping)


# --- the specification ------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Option:
    """An option: the constraints of which one must accept a value, and the text of what is allowed."""

    name: str
    constraints: tuple[Constraint, ...]
    allowed: str

    def check(self, value: Any, label: str | None = None) -> None:
        """Raise a TypeError (no constraint knows the type) or ValueError (none allows the value) naming the option
        (as ``label`` when given)."""
        known = [c for c in self.constraints if c.knows(value)]
        if any(c.allows(value) for c in known):
            return
        if (isinstance(value, np.ndarray) and value.ndim) or hasattr(value, "columns"):
            shown = f"a {type(value).__name__} of shape {np.shape(value)}"
        else:
            shown = " ".join(repr(value).split())
            shown = shown if len(shown) <= 80 else f"{shown[:60]}… ({type(value).__name__})"
        hint = next((h for h in (c.hint(value) for c in known) if h), "")
        raise (ValueError if known else TypeError)(f"{label or self.name} must be {self.allowed}; got {shown}{hint}")


def _options(*options: Option) -> dict[str, Option]:
    return {o.name: o for o in options}


def _one_of(choices: tuple[str, ...], *, none: bool = False) -> str:
    return ("None or " if none else "") + f"one of {choices}"


NONE = _None()
MAX_RESAMPLES = 1_000_000  # the most bootstrap resamples (n_resamples)
SPEC: dict[str, Option] = _options(
    # intervals
    Option("ci", (NONE, _Choice(CI_METHODS)), _one_of(CI_METHODS, none=True)),
    Option("confidence_level", (_Number(0, 1, "neither"),), "a number strictly between 0 and 1"),
    Option("n_resamples", (_Number(2, MAX_RESAMPLES, "both", integer=True),),
           f"an integer from 2 to {MAX_RESAMPLES:,}"),
    Option("bootstrap_method", (_Choice(BOOTSTRAP_METHODS),), _one_of(BOOTSTRAP_METHODS)),
    Option("random_state", (NONE, _Seed(), _Choice(SEEDS)),
           "None, 'fresh', an integer >= 0, or a numpy Generator, SeedSequence, BitGenerator or RandomState"),
    Option("resampling", (_Choice(RESAMPLING),), _one_of(RESAMPLING)),
    # measures and their parameters
    Option("measures", (NONE, _Text(many=True)), "None, a measure code or name, or a list of them"),
    Option("measure", (_Text(many=False),), "a measure code or name"),
    Option("kind", (NONE, _Text(many=False)), "None or the name of a kind of measure"),
    Option("classes", (_Choice(CLASSES),), _one_of(CLASSES)),
    Option("beta", (NONE, _Number(0, math.inf, "neither")), "None or a positive finite number"),
    Option("tversky", (NONE, _Pair()), "None or a pair (alpha, beta) of non-negative finite numbers"),
    Option("correction", (NONE, _Number(0, math.inf, "left")), "None or a non-negative finite number such as 0.5"),
    Option("average", (_ChoiceList(AVERAGES, empty=False),),
           f"chosen from {AVERAGES} (one name or a non-empty list)"),
    Option("timing", (_Choice(TIMINGS),), _one_of(TIMINGS)),
    Option("top", (NONE, _Number(1, math.inf, "left", integer=True)), "None or an integer >= 1"),
    Option("zero_division", (_NaN(), _Number(0, 1, "both")), "np.nan or a number from 0 to 1"),
    Option("kappa_weights", (NONE, _Choice(KAPPA_WEIGHTS), _Matrix()),
           "None, 'linear', 'quadratic' or a square matrix of agreement weights over the ordered labels"),
    Option("bands", (_Choice(BAND_NAMES),), _one_of(BAND_NAMES)),
    Option("level", (_Choice(LEVELS),), _one_of(LEVELS)),
    Option("kappa0", (NONE, _Number(-1, 1, "neither")), "None or the null value of kappa, a number strictly between "
           "-1 and 1"),
    Option("alternative", (_Choice(ALTERNATIVES),), _one_of(ALTERNATIVES)),
    # tables and reports
    Option("percentages", (NONE, _ChoiceList(PERCENTAGES, empty=True)),
           f"chosen from {PERCENTAGES} (one name or a list)"),
    Option("statistics", (NONE, _Keywords(STATISTICS)),
           f"None, 'all' or SPSS CROSSTABS /STATISTICS keywords among {STATISTICS} (one word or a non-empty list, "
           "in any case)"),
    Option("cells", (NONE, _Keywords(CELLS)),
           f"None, 'all' or SPSS CROSSTABS /CELLS keywords among {CELLS} (one word or a non-empty list, in any "
           "case)"),
    Option("margins", (_Flag(),), "True or False"),
    Option("normalize", (_Flag(),), "True or False"),
    Option("dropna", (_Flag(),), "True or False"),
    Option("plots", (_Flag(),), "True or False"),
    Option("labels", (NONE, _Labels(), _LabelsByVariable()),
           "None or a list of (hashable) labels in their order (for a crosstab of two variables also a dict of "
           "such a list by variable)"),
    Option("match", (NONE, _Choice(MATCHES), _Mapping()),
           f"None, one of {MATCHES} or a dict {{predicted label: reference label}}"),
    Option("weights", (NONE, _Sequence(), _Label()),
           "None, a column label or a one-dimensional array of non-negative weights"),
    Option("by", (NONE, _Label()), "None or a column label"),
    Option("strata", (NONE, _Sequence(), _Label()), "None, a column label or a one-dimensional array of strata"),
    Option("cluster", (NONE, _Sequence(), _Label()),
           "None, a column label or a one-dimensional array of cluster (PSU) ids"),
    Option("fpc", (NONE, _Sequence(), _Label()),
           "None, a column label or a one-dimensional array: each stratum's population number of PSUs, or the "
           "sampling fraction of its PSUs"),
    Option("lonely_psu", (_Choice(LONELY_PSU),), _one_of(LONELY_PSU)),
    Option("replicates", (NONE, _Choice(REPLICATES)), _one_of(REPLICATES, none=True)),
    Option("positive", (NONE, _Label()), "None or the label of the positive class of a two-class table"),
    Option("scale", (_Choice(SCORE_SCALES),), _one_of(SCORE_SCALES)),
    Option("criterion", (_Choice(THRESHOLD_CRITERIA),), _one_of(THRESHOLD_CRITERIA)),
    Option("sensitivity", (NONE, _Number(0, 1, "right")), "None or a number in (0, 1]"),
    Option("max_fpr", (NONE, _Number(0, 1, "right")), "None or a number in (0, 1]"),
    Option("max_classes", (NONE, _Number(1, math.inf, "left", integer=True)), "None or an integer >= 1"),
    Option("sort_by", (NONE, _Text(many=False)), "None or a class-specific measure code or name"),
)

RENAMED: dict[str, str] = {"design": "resampling"}
"""Options with a new name, {old name: new name}: the old name still works, with a FutureWarning, where a call
takes the new one (:func:`renamed_keywords`). ``design=`` named the resampling model; ``design`` now means the
sample design only (``strata=``, ``cluster=``, ``fpc=``)."""


def choices(name: str) -> tuple[str, ...]:
    """The strings the option ``name`` allows (for the command line's choices).

    Examples
    --------
    >>> from pandas_agree.base.options import choices
    >>> choices("resampling")
    ('multinomial', 'fixed-reference')
    """
    return tuple(x for c in SPEC[name].constraints if isinstance(c, (_Choice, _ChoiceList)) for x in c.choices)


def keywords(name: str, value: Any) -> tuple[str, ...]:
    """The SPSS keywords of the option ``name`` ("statistics" or "cells") that ``value`` asks for, checked, in
    lower case and in SPSS's order (the order in which CROSSTABS prints them, whatever the order given); "all"
    gives every keyword, None none.

    Examples
    --------
    >>> from pandas_agree.base.options import keywords
    >>> keywords("statistics", ["PHI", "chisq"]), keywords("cells", "Expected"), keywords("cells", None)
    (('chisq', 'phi'), ('expected',), ())
    >>> keywords("cells", "bogus")
    Traceback (most recent call last):
    ...
    ValueError: cells must be None, 'all' or SPSS CROSSTABS /CELLS keywords among ...; got 'bogus'
    """
    SPEC[name].check(value)
    if value is None:
        return ()
    given = {x.lower() for x in ([value] if isinstance(value, str) else value)}
    vocabulary = {"statistics": STATISTICS, "cells": CELLS}[name]
    return vocabulary if "all" in given else tuple(x for x in vocabulary if x in given)


def check_option(name: str, value: Any, label: str | None = None) -> None:
    """Check one value of the option ``name``; the message calls it ``label`` (default ``name``).

    Raises
    ------
    TypeError, ValueError
        As :class:`Option` does.
    """
    SPEC[name].check(value, label)


def check_options(options: Mapping[str, Any], allowed: Iterable[str], where: str) -> None:
    """Check a ``**options`` dict: every key must be in ``allowed`` and every value must be allowed by the
    specification.

    An unknown key is a TypeError (:func:`unexpected_keywords`) that names the public call that received the
    options (:func:`public_call`; ``where`` when there is none) and lists what it takes: its own arguments and
    ``allowed`` (in their order; a set sorted).

    Examples
    --------
    >>> from pandas_agree.base.options import check_options
    >>> check_options({"colour": "blue"}, {"ci", "bands"}, "report()")
    Traceback (most recent call last):
    ...
    TypeError: report() got an unexpected keyword argument 'colour'; allowed: bands, ci
    """
    allowed = sorted(allowed) if isinstance(allowed, (set, frozenset)) else list(allowed)
    unknown = [name for name in options if name not in set(allowed)]
    if unknown:
        call = _CALL.get()
        name, own = (where, ()) if call is None else call
        raise TypeError(unexpected_keywords(name, unknown, [*own, *(a for a in allowed if a not in set(own))]))
    for name, value in options.items():
        if name in SPEC:
            SPEC[name].check(value)


def renamed_keywords(kwargs: dict[str, Any], takes: Iterable[str], call: str) -> dict[str, Any]:
    """``kwargs`` with the old name of every renamed option (:data:`RENAMED`) replaced by its new name, where the
    call ``call`` takes the new name (among ``takes``) and not the old one; each old name given warns.

    Raises
    ------
    TypeError
        Where both the old and the new name are given.

    Warns
    -----
    FutureWarning
        For each old name given: it is renamed, and will be removed in a future version.

    Examples
    --------
    >>> import warnings
    >>> from pandas_agree.base.options import renamed_keywords
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     renamed_keywords({"design": "fixed-reference", "ci": "auto"}, ["ci", "resampling"], "f()")
    {'resampling': 'fixed-reference', 'ci': 'auto'}
    >>> print(caught[0].category.__name__, caught[0].message)
    FutureWarning design= is renamed resampling=; design= will be removed in a future version
    >>> renamed_keywords({"design": "multinomial", "resampling": "multinomial"}, ["resampling"], "f()")
    Traceback (most recent call last):
    ...
    TypeError: f() got both resampling= and design=, its old name; give resampling= only
    """
    takes = set(takes)
    for old, new in RENAMED.items():
        if old not in kwargs or new not in takes or old in takes:
            continue
        if new in kwargs:
            raise TypeError(f"{call} got both {new}= and {old}=, its old name; give {new}= only")
        warnings.warn(f"{old}= is renamed {new}=; {old}= will be removed in a future version", FutureWarning,
                      stacklevel=external_stacklevel())
        kwargs = {(new if key == old else key): value for key, value in kwargs.items()}
    return kwargs


# --- calls with arguments the function does not take ----------------------------------------------------------

# the public call being made, as its caller wrote it, and the arguments it takes itself (a ``**options`` dict it
# received is checked further down, against the options it passes on): set by the outermost checked call that
# takes ``**kwargs``, and by :func:`public_call`
_CALL: contextvars.ContextVar[tuple[str, tuple[str, ...]] | None] = contextvars.ContextVar("pandas_agree_call",
                                                                                           default=None)


@contextlib.contextmanager
def public_call(name: str, own: Iterable[str] = ()) -> Iterator[None]:
    """Within this block, an unknown key of a ``**options`` dict (:func:`check_options`) is reported as an
    argument of the call ``name`` (such as ``"Agreement.report()"``), which takes the arguments ``own`` besides
    the options; an outer public call keeps its name."""
    token = _CALL.set((name, tuple(own))) if _CALL.get() is None else None
    try:
        yield
    finally:
        if token is not None:
            _CALL.reset(token)


def unexpected_keywords(name: str, unknown: Iterable[str], allowed: Iterable[str]) -> str:
    """The message of a call of ``name`` with keyword arguments it does not take: each with the closest allowed
    name where one is close (difflib's ratio at least 0.7, in any case: a misspelling, not any word that shares
    letters), then every allowed name.

    Examples
    --------
    >>> from pandas_agree.base.options import unexpected_keywords
    >>> print(unexpected_keywords("agreement()", ["wieghts"], ["weights", "dropna"]))
    agreement() got an unexpected keyword argument 'wieghts' (did you mean 'weights'?); allowed: weights, dropna
    """
    allowed = list(dict.fromkeys(allowed))
    unknown = [str(u) for u in unknown]
    folded = {a.casefold(): a for a in allowed}
    shown = []
    for u in unknown:
        close = difflib.get_close_matches(u.casefold(), list(folded), n=1, cutoff=0.7)
        shown.append(f"{u!r} (did you mean {folded[close[0]]!r}?)" if close else repr(u))
    what = "an unexpected keyword argument" if len(unknown) == 1 else "unexpected keyword arguments"
    takes = f"; allowed: {', '.join(allowed)}" if allowed else "; it takes no keyword arguments"
    return f"{name} got {what} {', '.join(shown)}{takes}"


def keyword_names(func: Callable, owner: type | None = None) -> tuple[str, ...]:
    """The names of the arguments a caller may give ``func`` by keyword, in its signature's order (not ``self``
    or ``cls``, not positional-only or private ones, not ``*args`` and ``**kwargs``), and those it declares it
    passes on (``validate_options(passes=...)``; for a method, as called on an instance of ``owner``).

    Examples
    --------
    >>> from pandas_agree.base.options import keyword_names, validate_options
    >>> @validate_options(passes=("ci", "bands"))
    ... def f(x, /, y, *, z=1, _private=None, **kwargs):
    ...     pass
    >>> keyword_names(f)
    ('y', 'z', 'ci', 'bands')
    """
    sig = inspect.signature(func)
    params = list(sig.parameters.values())
    if params and params[0].name in ("self", "cls") and params[0].kind is not params[0].KEYWORD_ONLY:
        params = params[1:]
    own = tuple(p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
                and not p.name.startswith("_"))
    passes = getattr(func, "__passes_options__", None)
    return own if passes is None else tuple(dict.fromkeys([*own, *passes(owner)]))


def _owner_name(owner: type) -> str:
    """How a user names the class ``owner`` (``DataFrame.agree`` for the accessor: its ``_public_name``)."""
    return vars(owner).get("_public_name") or owner.__name__


def _method_of(sig: inspect.Signature, func: Callable) -> str | None:
    """"self" or "cls" where ``func`` is a method (its first argument names the instance or the class)."""
    first = next(iter(sig.parameters.values()), None)
    if first is None or first.name not in ("self", "cls") or first.kind is first.KEYWORD_ONLY:
        return None
    return first.name if "." in func.__qualname__ and "<locals>" not in func.__qualname__ else None


def _call_name(func: Callable, method: str | None, args: tuple) -> str:
    """The function as its caller named it: ``agreement()``, ``Agreement.binary()``, ``Agreement()`` (a class
    called), ``DataFrame.agree.report()``."""
    if method is None or not args:
        return f"{func.__qualname__}()"
    owner = args[0] if method == "cls" else type(args[0])
    if func.__name__ in ("__init__", "__call__", "__new__"):
        return f"{_owner_name(owner)}()"
    return f"{_owner_name(owner)}.{func.__name__}()"


def _call_error(name: str, sig: inspect.Signature, method: str | None, args: tuple, kwargs: dict,
                passes: tuple[str, ...] | None) -> str:
    """The message of a call that does not bind to ``sig``: unknown keywords first, then too many positional
    arguments, then what the binding says (a missing or repeated argument), each naming the function."""
    params = list(sig.parameters.values())
    if method is not None:
        params, args = params[1:], args[1:]
    by_keyword = [p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
    var_kw = any(p.kind is p.VAR_KEYWORD for p in params)
    public = [n for n in by_keyword if not n.startswith("_")] + [n for n in (passes or ()) if n not in by_keyword]
    # with **kwargs, only the names it declares it passes on are known (without them, none is unknown here)
    unknown = [] if var_kw and passes is None else [k for k in kwargs if k not in by_keyword + list(passes or ())]
    if unknown:
        return unexpected_keywords(name, unknown, public)
    positional = [p.name for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    if not any(p.kind is p.VAR_POSITIONAL for p in params) and len(args) > len(positional):
        given = f"{len(args)} {'was' if len(args) == 1 else 'were'} given"
        if positional:
            required = sum(1 for p in params if p.name in positional and p.default is p.empty)
            most = "" if required == len(positional) else "at most "
            takes = (f"takes {most}{len(positional)} positional argument{'s' * (len(positional) > 1)} "
                     f"({', '.join(positional)}) but {given}")
        else:
            takes = f"takes no positional arguments but {given}"
        rest = [n for n in public if n not in positional]
        what = "the others are keyword arguments" if positional else "it takes keyword arguments only"
        return f"{name} {takes}" + (f"; {what}: {', '.join(rest)}" if rest else "")
    try:
        sig.bind(*(args if method is None else (None, *args)), **kwargs)
    except TypeError as err:
        return f"{name} {err}"
    return f"{name}: the arguments do not match its signature {sig}"  # pragma: no cover - bind failed before


F = TypeVar("F", bound=Callable[..., Any])


def validate_options(func: F | None = None, *, passes: Iterable[str] | Callable[[type], Iterable[str]] | None = None):
    """Check each call of ``func`` before it runs: its arguments bind to the signature (otherwise a TypeError
    that names the function as called, lists what it takes and suggests the closest name; the module's
    docstring), and every argument whose name is in :data:`SPEC` (and each key of its ``**kwargs`` that is) has an
    allowed value, whether or not the call would use it. The defaults are checked once, here.

    ``passes`` declares the keyword arguments a function with ``**kwargs`` passes on: a list of names, or a
    function of the class of the call's ``self`` giving them (an accessor passes its table options, which its
    subclasses may extend). A keyword outside its own arguments and those is then an error before the call runs;
    without ``passes``, the ``**kwargs`` are checked where they arrive (:func:`check_options`), and the error
    names this call, the outermost public one.

    Applied to a class, it checks every public method the class defines (and ``__init__`` and ``__call__``) that
    is not checked already; properties are left alone. Applied to ``__init__``, it does that for the class of the
    first instance made and for each of its bases in this package (once per class): every public method of a
    class whose constructor is checked is checked too, the unknown keywords and surplus positional arguments of
    a method written without the decorator (``report(self, **options)``) included.

    The signature, name and docstring of ``func`` are kept; ``func.__wrapped__`` is the unchecked function.
    """
    if func is None:
        return functools.partial(validate_options, passes=passes)
    if isinstance(func, type):
        return _validate_class(func)
    sig = inspect.signature(func)
    method = _method_of(sig, func)
    var_kw = next((p.name for p in sig.parameters.values() if p.kind is p.VAR_KEYWORD), None)
    names = frozenset(n for n, p in sig.parameters.items() if n in SPEC and p.kind not in (p.VAR_POSITIONAL,
                                                                                          p.VAR_KEYWORD))
    for name in names:
        default = sig.parameters[name].default
        if default is not inspect.Parameter.empty:
            SPEC[name].check(default, f"the default of {func.__qualname__}({name}=)")
    own = tuple(n for n in keyword_names(func) if n != var_kw)
    passed = _passed(passes)
    constructor = method == "self" and func.__name__ == "__init__"
    bind = _binder(sig)

    @functools.wraps(func)
    def checked(*args, **kwargs):
        if constructor and args and type(args[0]) not in _CLASSES_CHECKED:
            _check_classes(type(args[0]))
        if not RENAMED.keys().isdisjoint(kwargs):  # an option's old name: the new one, with a FutureWarning
            takes = (*own, *(passed(_owner(method, args)) if passes is not None else ()))
            outer = _CALL.get()
            kwargs = renamed_keywords(kwargs, takes, _call_name(func, method, args) if outer is None else outer[0])
        try:
            arguments = bind(args, kwargs)
        except TypeError:
            name = _call_name(func, method, args)
            known = passed(_owner(method, args)) if passes is not None else None
            raise TypeError(_call_error(name, sig, method, args, kwargs, known)) from None
        extra = arguments.get(var_kw, {}) if var_kw else {}
        if extra and passes is not None:
            allowed = passed(_owner(method, args))
            unknown = [k for k in extra if k not in allowed]
            if unknown:
                outer = _CALL.get()  # options that came through a public call: named as its arguments
                name, takes = (_call_name(func, method, args), own) if outer is None else outer
                raise TypeError(unexpected_keywords(name, unknown, [*takes, *allowed]))
        for name, value in arguments.items():
            if name in names:
                SPEC[name].check(value)
        for key, item in extra.items():
            if key in SPEC:
                SPEC[key].check(item)
        if var_kw is None or _CALL.get() is not None:
            return func(*args, **kwargs)
        token = _CALL.set((_call_name(func, method, args), own))  # the **kwargs are checked further down
        try:
            return func(*args, **kwargs)
        finally:
            _CALL.reset(token)

    checked.__validated_options__ = names  # type: ignore[attr-defined]
    if passes is not None:
        checked.__passes_options__ = passed  # type: ignore[attr-defined]
    return checked


def _binder(sig: inspect.Signature) -> Callable[[tuple, dict], dict]:
    """``sig.bind(*args, **kwargs).arguments`` (the arguments given, in the signature's order, the ``**kwargs``
    under their parameter's name), found directly for a call whose arguments plainly fit a signature of
    positional-or-keyword and keyword-only parameters (and ``**kwargs``); ``sig.bind`` binds any other call (and
    raises its TypeError)."""
    params = list(sig.parameters.values())
    kinds = {p.kind for p in params}
    if inspect.Parameter.POSITIONAL_ONLY in kinds or inspect.Parameter.VAR_POSITIONAL in kinds:
        return lambda args, kwargs: sig.bind(*args, **kwargs).arguments
    named = [p.name for p in params if p.kind is not p.VAR_KEYWORD]
    positional = [p.name for p in params if p.kind is p.POSITIONAL_OR_KEYWORD]
    required = [p.name for p in params if p.kind is not p.VAR_KEYWORD and p.default is p.empty]
    var_kw = next((p.name for p in params if p.kind is p.VAR_KEYWORD), None)
    known = frozenset(named)

    def bind(args: tuple, kwargs: dict) -> dict:
        if len(args) > len(positional) or (var_kw is None and not known.issuperset(kwargs)):
            return sig.bind(*args, **kwargs).arguments
        given = dict(zip(positional, args, strict=False))  # the first parameters, those given
        if not given.keys().isdisjoint(kwargs) or any(n not in given and n not in kwargs for n in required):
            return sig.bind(*args, **kwargs).arguments
        given.update(kwargs)
        arguments = {n: given[n] for n in named if n in given}
        if var_kw is not None and len(arguments) < len(given):
            arguments[var_kw] = {k: v for k, v in kwargs.items() if k not in known}
        return arguments

    return bind


def _passed(passes) -> Callable[[type | None], tuple[str, ...]]:
    """``passes`` as a function of the owner class (None for a function), its answers kept per class."""
    if passes is None:
        return lambda owner: ()
    if not callable(passes):
        names = tuple(passes)
        return lambda owner: names
    cache: dict[type | None, tuple[str, ...]] = {}

    def of(owner):
        if owner not in cache:
            cache[owner] = tuple(dict.fromkeys(passes(owner)))
        return cache[owner]

    return of


def _owner(method: str | None, args: tuple) -> type | None:
    if method is None or not args:
        return None
    return args[0] if method == "cls" else type(args[0])


_CLASSES_CHECKED: set[type] = set()
_CLASSES_LOCK = threading.Lock()


def _check_classes(cls: type) -> None:
    """:func:`_validate_class` on ``cls`` and its bases in this package, once each (at the first instance)."""
    with _CLASSES_LOCK:
        for klass in cls.__mro__:
            if klass not in _CLASSES_CHECKED and klass.__module__.split(".")[0] == __name__.split(".")[0]:
                _validate_class(klass)
        _CLASSES_CHECKED.add(cls)


def _validate_class(cls: type) -> type:
    """Wrap every public method ``cls`` defines (and ``__init__``, ``__call__``) with :func:`validate_options`."""
    for name, member in list(vars(cls).items()):
        if name.startswith("_") and name not in ("__init__", "__call__"):
            continue
        if isinstance(member, (classmethod, staticmethod)):
            inner = member.__func__
            if inspect.isfunction(inner) and not hasattr(inner, "__validated_options__"):
                setattr(cls, name, type(member)(validate_options(inner)))
        elif inspect.isfunction(member) and not hasattr(member, "__validated_options__"):
            setattr(cls, name, validate_options(member))
    _CLASSES_CHECKED.add(cls)
    return cls
