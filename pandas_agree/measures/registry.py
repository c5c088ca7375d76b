"""The registry of measures: one declarative record per measure.

Everything about a measure is written here once: its code, names, formula (as text and as a vectorised
function), range, symmetry, averaging rule, interval method and reference. The computations, the catalogue
(:func:`measures`), the documentation and the property tests are generated from these records.
"""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields

import pandas as pd

from ..base.options import validate_options
from .interval_methods import BOOTSTRAP, IntervalMethod

__all__ = ["RATERS", "REGISTRY", "Measure", "Note", "Setting", "Suggestion", "UnknownMeasureError", "measures",
           "notes_of", "range_scale", "records", "register", "resolve", "suggestions"]

TABLE_KINDS = ("binary", "multiclass")  # measures of two classifications: one namespace of names
KINDS = (*TABLE_KINDS, "rater")  # coefficients of several raters: a namespace of their own


@dataclass(frozen=True)
class Setting:
    """What a measure's note may depend on: the options of the call and the shape of the data."""

    weighted: bool = False  # agreement weights were given (kappa_weights)
    same_labels: bool = True  # both sides of the table have the same labels
    level: str = "nominal"  # Krippendorff's level of measurement


def _always(setting: Setting) -> bool:
    return True


@dataclass(frozen=True)
class Note:
    """A note that a result shows when its measure is computed and ``when(setting)`` holds.

    ``text`` may name ``{codes}`` (the codes of the computed measures that carry this same note, joined in
    words) and ``{level}``. With ``undefined``, the measure is NaN by rule whenever the note applies: the note
    then explains the NaN, in place of the generic undefined-value warning.
    """

    text: str
    when: Callable[[Setting], bool] = field(default=_always, repr=False)
    undefined: bool = False


@dataclass(frozen=True, kw_only=True)
class Measure:
    """One measure of agreement, declared by keyword.

    Attributes
    ----------
    code : str
        Stable upper-case code, the public column or index name.
    name : str
        Full name.
    aliases : tuple of str
        Other names accepted (case-insensitively) wherever ``measures=`` takes names.
    kind : {"binary", "multiclass", "rater"}
        Class-specific (one-vs-rest, a function of the counts a, b, c, d), multiclass (a function of the whole
        table) or a coefficient of several raters (a function of weighted sums over subjects).
    formula : str
        The formula as text, in the letters of the documentation.
    compute : callable
        The formula as a vectorised function: ``compute(a, b, c, d, **params)`` for binary measures,
        ``compute(view, **params)`` for multiclass ones, ``compute(sums, scale)`` for rater coefficients.
        Arrays of any leading shape broadcast.
    range : (float, float)
        Smallest and largest value; ``±inf`` where the measure is unbounded.
    transposed : str or None
        The code of the measure this one becomes when the table is transposed (reference and prediction
        swap): its own code for a symmetric measure, another code (REC → PRE), or None when the transposed
        quantity is not in the registry. For rater coefficients, its own code: permuting the raters leaves it
        unchanged.
    terms : tuple of str
        For binary measures averaged before the formula is applied (the macro's rule), the codes of the binary
        measures averaged first; empty for the others.
    combine : callable or None
        The formula as a function of the averaged terms, in the order of ``terms``.
    reference : str
        Where the measure is defined.
    params : tuple of str
        Names of the parameters the formula takes (``beta``, ``tversky``, ``kappa_weights``, ``level``).
    best : float or None
        The value under perfect agreement, or None for a descriptive quantity (a prevalence).
    odds_ratio_family : bool
        Whether ``correction=`` (Haldane–Anscombe) applies.
    scale_invariant : bool
        Whether multiplying every count (or subject weight) by a constant leaves the value unchanged.
    interval : IntervalMethod
        The analytic interval method, one tagged value of :mod:`pandas_agree.measures.interval_methods`
        (:class:`~pandas_agree.measures.interval_methods.Bootstrap` where the literature gives none).
        ``ci_method`` describes it.
    default : bool
        Whether the measure is in the default set (``measures=None``); measures that need a parameter are
        not, unless the parameter is given.
    kappa_like : bool
        Whether the value is a chance-corrected agreement read with the kappa interpretation bands.
    notes : tuple of Note
        What a result shows the reader about this measure, and when.
    features : tuple of str
        For rater coefficients, the subject-level features ``compute`` reads beyond the common ones.
    gradient : callable or None
        For multiclass measures, the partials of the value with respect to the table's summaries
        (``gradient(view, **params)`` gives a :class:`~pandas_agree.engine.tableview.TablePartials`), from
        which its delta-method variance takes O(non-empty cells); None where the value's gradient is found by
        moving every non-empty cell. A test holds each against that.
    """

    code: str
    name: str
    kind: str
    formula: str
    compute: Callable = field(repr=False)
    range: tuple[float, float]
    reference: str
    aliases: tuple[str, ...] = ()
    transposed: str | None = None
    terms: tuple[str, ...] = ()
    combine: Callable | None = field(default=None, repr=False)
    params: tuple[str, ...] = ()
    best: float | None = 1.0
    odds_ratio_family: bool = False
    scale_invariant: bool = True
    interval: IntervalMethod = BOOTSTRAP
    default: bool = True
    kappa_like: bool = False
    notes: tuple[Note, ...] = ()
    features: tuple[str, ...] = ()
    gradient: Callable | None = field(default=None, repr=False)

    @property
    def symmetric(self) -> bool:
        """Whether transposing the table (permuting the raters) leaves the value unchanged."""
        return self.transposed == self.code

    @property
    def averaging(self) -> str | None:
        """For binary measures, when the average over classes is taken: of the values ("after") or of the
        ``terms`` before the formula is applied ("before"); None for the other kinds."""
        if self.kind != "binary":
            return None
        return "before" if self.terms else "after"

    @property
    def ci_method(self) -> str:
        """The interval method, in words."""
        return self.interval.description

    @property
    def scale(self) -> str:
        """The scale of the measure's linearised (delta-method) interval: the one its interval method names, if it
        names one; the identity for a chance-corrected coefficient (kappa-like, as its published Wald intervals
        are); else the scale of its range (:func:`range_scale`)."""
        named = getattr(self.interval, "scale", None)
        return named or ("identity" if self.kappa_like else range_scale(self.range))

    @property
    def infinite(self) -> bool:
        """Whether the range is unbounded, so that x/0 may give ±inf."""
        return any(math.isinf(x) for x in self.range)


REGISTRY: dict[str, Measure] = {}
"""The measures of two classifications (binary and multiclass), by code."""
RATERS: dict[str, Measure] = {}
"""The coefficients of several raters, by code."""
_NAMES: dict[str, dict[str, str]] = {"table": {}, "rater": {}}


def range_scale(bounds: tuple[float, float]) -> str:
    """The scale an interval of a value in ``bounds`` = [lo, hi] is built on: "logit" (of the position
    (v − lo)/(hi − lo)) for a finite range, "fisher-z" (artanh) for [−1, 1] (the same intervals), "log" (of v − lo)
    for [lo, ∞), "reflected-log" (−log(hi − v)) for (−∞, hi], "identity" for (−∞, ∞).

    Examples
    --------
    >>> range_scale((0.0, 1.0)), range_scale((-1.0, 1.0)), range_scale((0.0, math.inf)), range_scale((-math.inf, 1.0))
    ('logit', 'fisher-z', 'log', 'reflected-log')
    >>> range_scale((0.0, 0.5)), range_scale((-math.inf, math.inf))
    ('logit', 'identity')
    """
    lo, hi = bounds
    if (lo, hi) == (-1.0, 1.0):
        return "fisher-z"
    if math.isfinite(lo):
        return "logit" if math.isfinite(hi) else "log"
    return "reflected-log" if math.isfinite(hi) else "identity"


def _namespace(kind: str) -> str:
    return "rater" if kind == "rater" else "table"


def _store(kind: str) -> dict[str, Measure]:
    return RATERS if kind == "rater" else REGISTRY


def _key(name: str) -> str:
    return " ".join(str(name).replace("_", " ").replace("-", " ").split()).casefold()


def register(measure: Measure) -> Measure:
    """Add a measure to the registry; its code, name and aliases must be new among the measures of two
    classifications (binary and multiclass), or among the rater coefficients."""
    if measure.kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}; got {measure.kind!r}")
    if not isinstance(measure.interval, IntervalMethod):
        raise TypeError(f"interval must be an interval method; got {measure.interval!r}")
    if measure.combine is not None and not measure.terms:
        raise ValueError(f"{measure.code}: combine needs the terms it combines")
    names = _NAMES[_namespace(measure.kind)]
    for name in (measure.code, measure.name, *measure.aliases):
        key = _key(name)
        if names.get(key, measure.code) != measure.code:
            raise ValueError(f"{name!r} of {measure.code} already names {names[key]}")
    for name in (measure.code, measure.name, *measure.aliases):
        names[_key(name)] = measure.code
    _store(measure.kind)[measure.code] = measure
    return measure


def records(kind: str | Iterable[str] | None = None) -> list[Measure]:
    """Every record of the kind (or kinds), in registry order: the table measures, then the rater coefficients."""
    kinds = KINDS if kind is None else ((kind,) if isinstance(kind, str) else tuple(kind))
    return [m for store in (REGISTRY, RATERS) for m in store.values() if m.kind in kinds]


def _in_words(codes: list[str]) -> str:
    return codes[0] if len(codes) == 1 else ", ".join(codes[:-1]) + " and " + codes[-1]


@dataclass(frozen=True)
class Suggestion:
    """A measure an unknown name may have meant: its code, the parameters that name spells (``{"beta": 2.0}`` for
    "F2") and the known name (an alias) that is close to it, if any."""

    code: str
    params: tuple[tuple[str, object], ...] = ()
    alias: str | None = None
    other_kind: str | None = None  # the measure's kind, where it is not among the kinds asked for

    def describe(self, parameter: Callable[[str, object], str] | None = None) -> str:
        """In words: ``FBETA with beta=2``, ``REC (sensitivity)``, ``KAPPA (a multiclass measure)``;
        ``parameter(name, value)`` spells a parameter (by default as a Python keyword argument; the command line
        spells its option)."""
        spell = parameter or (lambda name, value: f"{name}={_shown(value)}")
        notes = [n for n in (self.alias, self.other_kind and f"a {self.other_kind} measure") if n]
        text = self.code + (" with " + " and ".join(spell(n, v) for n, v in self.params) if self.params else "")
        return text + (f" ({', '.join(notes)})" if notes else "")


def _shown(value) -> str:
    if isinstance(value, tuple):
        return "(" + ", ".join(_shown(v) for v in value) + ")"
    return f"{value:g}" if isinstance(value, float) else repr(value)


class UnknownMeasureError(ValueError):
    """A name in ``measures=`` that no measure of the kinds asked for has, with the measures it may have meant
    (``suggestions``, best first) and the text that says where the allowed names are (``choices``)."""

    def __init__(self, name, suggestions: list[Suggestion], choices: str) -> None:
        self.name, self.suggestions, self.choices = name, suggestions, choices
        super().__init__(self.message())

    def message(self, parameter: Callable[[str, object], str] | None = None, choices: str | None = None,
                available: Callable[[Suggestion], bool] | None = None) -> str:
        """The message, each suggestion spelt by :meth:`Suggestion.describe` with ``parameter``, only those that
        ``available`` accepts (a command that cannot set a parameter leaves out the suggestions that need it),
        and ``choices`` in place of the text of where to find the names."""
        shown = [s.describe(parameter) for s in self.suggestions if available is None or available(s)]
        hint = f"; did you mean {' or '.join(shown)}?" if shown else ""
        return f"measures: unknown measure {self.name!r}{hint}{self.choices if choices is None else choices}"


_NUMBER = r"(\d+(?:\.\d*)?|\.\d+)"
# names that spell a parametrised measure and its parameter, on the key of a name (_key: lower case, "_" and "-"
# as spaces): F2, F0.5, F-beta 2, F_2 score; Tversky 0.5 0.5, Tversky(1, 0.5); QWK, quadratic weighted kappa,
# kappa_w linear
_SPELLINGS: tuple[tuple[re.Pattern, Callable[[re.Match], tuple[str, tuple]]], ...] = (
    (re.compile(rf"^f ?(?:beta ?)?=? ?{_NUMBER} ?(?:score|measure)?$"),
     lambda m: ("FBETA", (("beta", float(m.group(1))),))),
    (re.compile(rf"^tversky(?: index)? ?\(? ?{_NUMBER} ?[, ] ?{_NUMBER} ?\)?$"),
     lambda m: ("TVERSKY", (("tversky", (float(m.group(1)), float(m.group(2)))),))),
    (re.compile(r"^(?:(quadratic|linear)(?:ly)? (?:weighted )?(?:cohen'?s? )?kappa|(?:weighted )?kappa(?: w)?"
                r"(?: weighted)? (quadratic|linear)|([ql])wk)$"),
     lambda m: ("KAPPA_W", (("kappa_weights", {"q": "quadratic", "l": "linear"}.get(m.group(3) or "")
                                              or m.group(1) or m.group(2)),))),
)


def _parametrised(key: str) -> Suggestion | None:
    """The parametrised measure a name spells with its parameter (FBETA with beta = 2 for "F2"), if any; F1 for
    an F-score with β = 1, and nothing for β ≤ 0."""
    for pattern, read in _SPELLINGS:
        found = pattern.match(key)
        if found:
            code, params = read(found)
            if code == "FBETA":
                beta = params[0][1]
                if not beta > 0 or not math.isfinite(beta):
                    return None
                if beta == 1:
                    return Suggestion("F1")
            return Suggestion(code, params)
    return None


def suggestions(name: str, kind: str | Iterable[str]) -> list[Suggestion]:
    """The measures of ``kind`` (or kinds) that an unknown ``name`` may have meant, best first: the parametrised
    measure the name spells (``"F2"``: FBETA with beta = 2; ``"F0.5"``; ``"Tversky 0.5 0.5"``; ``"QWK"``:
    KAPPA_W with quadratic weights), else the codes whose code, name or alias is closest to it (difflib, in any
    case and spelling of spaces, hyphens and underscores), each with the alias that matched.

    Examples
    --------
    >>> from pandas_agree.measures.registry import suggestions
    >>> [s.describe() for s in suggestions("F2", "binary")]
    ['FBETA with beta=2']
    >>> [s.describe() for s in suggestions("sensitivty", "binary")]
    ['REC (sensitivity)']
    >>> [s.describe() for s in suggestions("quadratic kappa", "multiclass")]
    ["KAPPA_W with kappa_weights='quadratic'"]
    """
    kinds = (kind,) if isinstance(kind, str) else tuple(kind)
    key = _key(name)

    def record(code: str, space: str) -> Measure:
        return (RATERS if space == "rater" else REGISTRY)[code]

    spaces = list(dict.fromkeys(_namespace(k) for k in kinds))  # the measures of a namespace share its names
    spelt = _parametrised(key)
    if spelt is not None and "table" in spaces and spelt.code in REGISTRY:
        kind_of = REGISTRY[spelt.code].kind
        return [Suggestion(spelt.code, spelt.params, other_kind=None if kind_of in kinds else kind_of)]
    known = {n: (code, space) for space in spaces for n, code in _NAMES[space].items()}
    spelled: dict[str, str] = {}
    for m in records(kind for space in spaces for kind in (TABLE_KINDS if space == "table" else ("rater",))):
        for text in (m.code, m.name, *m.aliases):
            spelled.setdefault(_key(text), text)
    found: list[Suggestion] = []
    for close in difflib.get_close_matches(key, list(known), n=5, cutoff=0.6):
        code, space = known[close]
        if any(s.code == code for s in found):
            continue
        alias = spelled.get(close)
        kind_of = record(code, space).kind
        found.append(Suggestion(code, alias=None if alias is None or _key(alias) == _key(code) else alias,
                                other_kind=None if kind_of in kinds else kind_of))
    return found


def resolve(names: str | Iterable[str] | None, kind: str | Iterable[str], *,
            default: Callable[[Measure], bool]) -> list[Measure]:
    """The measures named (codes or aliases, any case), or the default set of the kind (or kinds).

    One resolver for every ``measures=``: a list may mix the kinds asked for (binary and multiclass names for
    a report or a comparison), each name resolving to the record of the first of ``kind`` that has it.

    Raises
    ------
    UnknownMeasureError
        A ValueError, for an unknown name: with the measures it may have meant (:func:`suggestions`).
    ValueError
        For a measure of another kind.
    """
    kinds = (kind,) if isinstance(kind, str) else tuple(kind)
    if names is None:
        return [m for m in records(kinds) if default(m)]
    if isinstance(names, str):
        names = [names]
    allowed = records(kinds)
    choices = (f"; measures must be chosen from {tuple(m.code for m in allowed)}" if len(allowed) <= 12
               else " (pandas_agree.measures() lists them all)")
    wanted = " or ".join(kinds)
    chosen: list[Measure] = []
    for name in names:
        key = _key(name)
        found = [_store(k)[_NAMES[_namespace(k)][key]] for k in kinds if key in _NAMES[_namespace(k)]]
        found = [m for m in found if m.kind in kinds]
        if not found:
            elsewhere = [_store(k)[_NAMES[space][key]] for space, k in (("table", "binary"), ("rater", "rater"))
                         if key in _NAMES[space]]
            if elsewhere:
                other = elsewhere[0]
                raise ValueError(f"measures: {other.code} is a {other.kind} measure, not a {wanted} one{choices}")
            raise UnknownMeasureError(name, suggestions(name, kinds), choices)
        if found[0] not in chosen:
            chosen.append(found[0])
    return chosen


def notes_of(chosen: Iterable[Measure], setting: Setting) -> list[tuple[str, list[str], bool]]:
    """The notes of the measures ``chosen`` that apply in ``setting``: (text, codes, undefined) each, in the
    order of the measures, a note carried by several measures once (naming them all)."""
    carriers: dict[Note, list[str]] = {}
    for m in chosen:
        for note in m.notes:
            if note.when(setting):
                carriers.setdefault(note, []).append(m.code)
    return [(note.text.format(codes=_in_words(codes), level=setting.level), codes, note.undefined)
            for note, codes in carriers.items()]


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


@validate_options
def measures(kind: str | None = None) -> pd.DataFrame:
    """The catalogue of measures, generated from the registry.

    Parameters
    ----------
    kind : {"binary", "multiclass", "rater"}, optional
        Only the measures of this kind; the whole catalogue by default (the measures of two classifications,
        then the coefficients of several raters).

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
    for m in records(kind):
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
