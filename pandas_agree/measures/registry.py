"""The registry of measures: one declarative record per measure.

Everything about a measure is written here once: its code, names, formula (as text and as a vectorised
function), range, symmetry, averaging rule, interval method and reference. The computations, the catalogue
(:func:`measures`), the documentation and the property tests are generated from these records.
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields

import pandas as pd

__all__ = ["REGISTRY", "Measure", "measures", "register", "resolve"]

KINDS = ("binary", "multiclass")


@dataclass(frozen=True)
class Measure:
    """One measure of agreement.

    Attributes
    ----------
    code : str
        Stable upper-case code, the public column or index name.
    name : str
        Full name.
    aliases : tuple of str
        Other names accepted (case-insensitively) wherever ``measures=`` takes names.
    kind : {"binary", "multiclass"}
        Class-specific (one-vs-rest, a function of the counts a, b, c, d) or multiclass (a function of
        the whole table).
    formula : str
        The formula as text, in the letters of the documentation.
    compute : callable
        The formula as a vectorised function: ``compute(a, b, c, d, **params)`` for binary measures,
        ``compute(view, **params)`` for multiclass ones. Arrays of any leading shape broadcast.
    range : (float, float)
        Smallest and largest value; ``±inf`` where the measure is unbounded.
    transposed : str or None
        The code of the measure this one becomes when the table is transposed (reference and prediction
        swap): its own code for a symmetric measure, another code (REC → PRE), or None when the transposed
        quantity is not in the registry.
    averaging : {"after", "before"} or None
        For binary measures, when the average over classes is taken: of the values ("after") or of the
        ``terms`` before the formula is applied ("before").
    terms : tuple of str
        Codes of the binary measures averaged first under "before" averaging.
    combine : callable or None
        The formula as a function of the averaged terms, in the order of ``terms``.
    reference : str
        Where the measure is defined.
    params : tuple of str
        Names of the keyword parameters the formula needs (``beta``, ``tversky``).
    best : float or None
        The value under perfect agreement, or None for a descriptive quantity (a prevalence).
    odds_ratio_family : bool
        Whether ``correction=`` (Haldane–Anscombe) applies.
    scale_invariant : bool
        Whether multiplying every count by a constant leaves the value unchanged.
    binomial : (callable, callable) or None
        For a proportion, the functions of the counts giving its successes and trials (the binomial
        interval is taken on them).
    interval : str
        The interval method: "binomial", "binomial-mapped" (2p − 1 of a proportion), "wald" (sum of the
        binomial variances of the terms), "woolf" (log odds ratio), "log-ratio" (ratio of two proportions),
        "fce" (Fleiss–Cohen–Everitt), "gwet" (linearised variance) or "bootstrap" where the literature gives
        no analytic interval. ``ci_method`` describes it.
    interval_detail : str
        For binomial intervals, which count of which total.
    ratio_of : (str, str) or None
        For "log-ratio", the codes of the two proportions whose ratio the measure is.
    gradient : callable or None
        For "gwet", ``gradient(view, **params)`` giving the derivatives of the observed and the chance
        agreement with respect to the cell proportions of the q×q union table.
    default : bool
        Whether the measure is in the default set (``measures=None``); measures that need a parameter are
        not, unless the parameter is given.
    kappa_like : bool
        Whether the value is a chance-corrected agreement read with the kappa interpretation bands.
    """

    code: str
    name: str
    aliases: tuple[str, ...]
    kind: str
    formula: str
    compute: Callable = field(repr=False)
    range: tuple[float, float]
    transposed: str | None
    reference: str
    averaging: str | None = None
    terms: tuple[str, ...] = ()
    combine: Callable | None = field(default=None, repr=False)
    params: tuple[str, ...] = ()
    best: float | None = None
    odds_ratio_family: bool = False
    scale_invariant: bool = True
    binomial: tuple[Callable, Callable] | None = field(default=None, repr=False)
    interval: str = "bootstrap"
    interval_detail: str = ""
    ratio_of: tuple[str, str] | None = None
    gradient: Callable | None = field(default=None, repr=False)
    default: bool = True
    kappa_like: bool = False

    @property
    def symmetric(self) -> bool:
        """Whether transposing the table leaves the value unchanged."""
        return self.transposed == self.code

    @property
    def ci_method(self) -> str:
        """The interval method, in words."""
        return INTERVAL_METHODS[self.interval].format(
            detail=self.interval_detail, terms=" and ".join(self.terms), ratio=" / ".join(self.ratio_of or ()))

    @property
    def infinite(self) -> bool:
        """Whether the range is unbounded, so that x/0 may give ±inf."""
        return any(math.isinf(x) for x in self.range)


INTERVAL_METHODS = {
    "binomial": "binomial ({detail})",
    "binomial-mapped": "binomial ({detail}), mapped by 2p − 1",
    "wald": "Wald, with the sum of the binomial variances of {terms}",
    "woolf": "Woolf's log odds ratio, mapped",
    "log-ratio": "log method for {ratio} (Simel, Samsa & Matchar 1991)",
    "fce": "Fleiss, Cohen & Everitt (1969), SE under H1",
    "gwet": "Gwet (2014) linearised variance",
    "bootstrap": "bootstrap",
}

REGISTRY: dict[str, Measure] = {}
_NAMES: dict[str, str] = {}


def _key(name: str) -> str:
    return " ".join(str(name).replace("_", " ").replace("-", " ").split()).casefold()


def register(measure: Measure) -> Measure:
    """Add a measure to the registry; its code, name and aliases must be new."""
    if measure.kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}; got {measure.kind!r}")
    if measure.interval not in INTERVAL_METHODS:
        raise ValueError(f"interval must be one of {tuple(INTERVAL_METHODS)}; got {measure.interval!r}")
    if measure.averaging not in (None, "after", "before"):
        raise ValueError(f"averaging must be 'after', 'before' or None; got {measure.averaging!r}")
    for name in (measure.code, measure.name, *measure.aliases):
        key = _key(name)
        if _NAMES.get(key, measure.code) != measure.code:
            raise ValueError(f"{name!r} of {measure.code} already names {_NAMES[key]}")
        _NAMES[key] = measure.code
    REGISTRY[measure.code] = measure
    return measure


def resolve(names: str | Iterable[str] | None, kind: str, *, default: Callable[[Measure], bool]) -> list[Measure]:
    """The measures named (codes or aliases, any case), or the default set of a kind.

    Raises
    ------
    ValueError
        For an unknown name (listing close matches) or a measure of another kind.
    """
    if names is None:
        return [m for m in REGISTRY.values() if m.kind == kind and default(m)]
    if isinstance(names, str):
        names = [names]
    chosen: list[Measure] = []
    for name in names:
        code = _NAMES.get(_key(name))
        if code is None:
            close = difflib.get_close_matches(_key(name), list(_NAMES), n=5, cutoff=0.6)
            hint = f"; did you mean {', '.join(sorted({_NAMES[c] for c in close}))}?" if close else ""
            raise ValueError(
                f"measures: unknown measure {name!r}{hint} (pandas_agree.measures() lists them all)"
            )
        measure = REGISTRY[code]
        if measure.kind != kind:
            raise ValueError(f"measures: {code} is a {measure.kind} measure, not a {kind} one")
        if measure not in chosen:
            chosen.append(measure)
    return chosen


def _format_range(bounds: tuple[float, float]) -> str:
    def fmt(x: float) -> str:
        if math.isinf(x):
            return "-inf" if x < 0 else "inf"
        return f"{x:g}"

    return f"[{fmt(bounds[0])}, {fmt(bounds[1])}]"


CATALOGUE_COLUMNS = (
    "code", "name", "aliases", "kind", "formula", "range", "symmetric", "transposed", "averaging",
    "ci_method", "params", "reference",
)


def measures(kind: str | None = None) -> pd.DataFrame:
    """The catalogue of measures, generated from the registry.

    Parameters
    ----------
    kind : {"binary", "multiclass"}, optional
        Only the measures of this kind; all by default.

    Returns
    -------
    pandas.DataFrame
        One row per measure, in registry order, with the columns code, name, aliases, kind, formula,
        range, symmetric, transposed, averaging, ci_method, params and reference.

    Examples
    --------
    >>> import pandas_agree as pa
    >>> cat = pa.measures("binary")
    >>> cat.set_index("code").loc["REC", ["name", "range", "transposed"]].tolist()
    ['recall', '[0, 1]', 'PRE']
    """
    if kind is not None and kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS} or None; got {kind!r}")
    rows = []
    for m in REGISTRY.values():
        if kind is not None and m.kind != kind:
            continue
        averaging = m.averaging
        if averaging == "before":
            averaging = "before: " + ", ".join(m.terms)
        rows.append({
            "code": m.code, "name": m.name, "aliases": ", ".join(m.aliases), "kind": m.kind,
            "formula": m.formula, "range": _format_range(m.range), "symmetric": m.symmetric,
            "transposed": m.transposed, "averaging": averaging, "ci_method": m.ci_method,
            "params": ", ".join(m.params), "reference": m.reference,
        })
    return pd.DataFrame(rows, columns=list(CATALOGUE_COLUMNS))


MEASURE_FIELDS = tuple(f.name for f in fields(Measure))
