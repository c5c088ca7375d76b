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
from ..base.text import in_words
from .interval_methods import BOOTSTRAP, IntervalMethod
from .significance import Significance

__all__ = ["KINDS", "LEVELS", "NAMESPACES", "RATERS", "REGISTRY", "SCORES", "Measure", "Note", "Setting", "Suggestion",
           "UnknownMeasureError", "measures", "notes_of", "range_scale", "records", "register", "resolve",
           "suggestions"]

TABLE_KINDS = ("binary", "multiclass")  # measures of two classifications: one namespace of names
KINDS = (*TABLE_KINDS, "association", "rater", "score")
NAMESPACES = {"table": TABLE_KINDS, "association": ("association",), "rater": ("rater",), "score": ("score",)}
"""The namespaces of names and aliases, with the kinds that share each: a name is unique within its namespace. The
association statistics of two variables have a namespace of their own (SPSS's and R's names: "phi", "gamma",
"Somers' d" and "odds ratio" name other records among the class-specific measures), the rater coefficients
theirs, the statistics of a score (ROC AUC, average precision, the Brier score) theirs; codes are unique across
the measures of a table (binary, multiclass and association)."""
LEVELS = ("nominal", "ordinal", "interval", "nominal by interval")
"""The levels of measurement of an association record, as SPSS's Symmetric and Directional Measures group them."""


@dataclass(frozen=True)
class Setting:
    """What a measure's note may depend on: the options of the call and the shape of the data."""

    weighted: bool = False  # agreement weights were given (kappa_weights)
    same_labels: bool = True  # both sides of the table have the same labels
    level: str = "nominal"  # Krippendorff's level of measurement
    shape: tuple[int, int] | None = None  # the numbers of rows and of columns with objects, where known
    labels: int | None = None  # q, the labels of both sides together, where known


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
    kind : {"binary", "multiclass", "association", "rater", "score"}
        Class-specific (one-vs-rest, a function of the counts a, b, c, d), multiclass (a function of the whole
        table), association (a statistic of any two variables, a function of the whole table, SPSS CROSSTABS'
        symmetric and directional measures and risk estimates: :mod:`pandas_agree.measures.association`) or a
        coefficient of several raters (a function of weighted sums over subjects) or a statistic of a score against a
        binary reference (a function of the counts of each class at each distinct score:
        :mod:`pandas_agree.measures.scores`).
    formula : str
        The formula as text, in the letters of the documentation.
    compute : callable
        The formula as a vectorised function: ``compute(a, b, c, d, **params)`` for binary measures,
        ``compute(view, **params)`` for multiclass and association ones (a
        :class:`~pandas_agree.engine.tableview.TableView`, dense (..., I, J) or held sparse), ``compute(sums,
        scale)`` for rater coefficients, ``compute(view, **params)`` for the statistics of a score (a
        :class:`~pandas_agree.engine.scores.ScoreView`). Arrays of any leading shape broadcast.
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
        For multiclass and association measures, the partials of the value with respect to the table's summaries
        (``gradient(view, **params)`` gives a :class:`~pandas_agree.engine.tableview.TablePartials`), from
        which its delta-method variance takes O(non-empty cells); None where the value's gradient is found by
        moving every non-empty cell. A test holds each against that. For an association record the variance
        from these partials is SPSS's "Asymp. Std. Error" (ASE1, not assuming independence). For the statistics
        of a score, ``gradient(view, **params)`` gives the partials with respect to the positive and the negative
        count at each distinct score (two arrays like ``view.scores``).
    spss_gradient : callable or None
        For association records whose SPSS "Asymp. Std. Error" takes another slope than ``gradient`` at a kink
        (the lambdas: SPSS takes the first of tied modal categories where ``gradient`` shares the slope among
        them): the partials of SPSS's ASE1, as ``gradient``. None where SPSS's ASE1 is that of ``gradient``.
    null_se : callable or None
        For association records whose T SPSS prints as the value over its standard error under independence
        (ASE0): ``null_se(view)`` gives that standard error of one table. None elsewhere.
    significance : Significance or None
        For association records, SPSS's rule for "Approx. Sig.", one tagged value of
        :mod:`pandas_agree.measures.significance` (the normal T, Pearson's or the likelihood-ratio χ², Light and
        Margolin's (W − 1)(J − 1)τ, or Student's t of a correlation); None where SPSS prints none (eta, the risk
        estimates). ``significance_method`` describes it.
    level : str or None
        For association records, the levels of measurement the value reads (:data:`LEVELS`): "nominal" (any
        reordering of the rows, or of the columns, leaves the value unchanged, up to the sign of phi in a 2×2
        table; the risk estimates of a 2×2 table read which row and which column come first: swapping the rows
        inverts them), "ordinal" (the order of the rows and of the columns, each side its own), "interval" (the scores
        of both sides) or "nominal by interval" (eta: the scores of the dependent side, the categories of the
        other). Pearson's R and eta read the scores of the view (``TableView.row_scores`` and ``col_scores``,
        by default the positions 1, 2, …).
    interval_scale : str or None
        The scale of the linearised interval where the range's own (:func:`range_scale`) does not fit; None
        takes the interval method's, else the range's (:attr:`scale`).
    among_multiclass : bool
        For association records: shown among the multiclass measures by default (``Agreement.multiclass()``
        lists CRAMERV, LAMBDA and UC, as it did before they were association records). :func:`resolve` of the
        kind "multiclass" takes the names of every association record, and its default set holds these.
    reads_first_label : bool
        For multiclass records of a 2×2 table that read which label comes first (the prevalence and bias indices:
        swapping the two labels changes their sign); the others do not see the order of the labels.
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
    spss_gradient: Callable | None = field(default=None, repr=False)
    null_se: Callable | None = field(default=None, repr=False)
    significance: Significance | None = None
    level: str | None = None
    interval_scale: str | None = None
    among_multiclass: bool = False
    reads_first_label: bool = False

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
        """The scale of the measure's linearised (delta-method) interval: the one the record declares
        (``interval_scale``) or its interval method names, if either does; the identity for a chance-corrected
        coefficient (kappa-like, as its published Wald intervals are); else the scale of its range
        (:func:`range_scale`)."""
        named = self.interval_scale or getattr(self.interval, "scale", None)
        return named or ("identity" if self.kappa_like else range_scale(self.range))

    @property
    def significance_method(self) -> str | None:
        """SPSS's rule for the significance of an association record, in words (None without one)."""
        return None if self.significance is None else self.significance.description

    @property
    def infinite(self) -> bool:
        """Whether the range is unbounded, so that x/0 may give ±inf."""
        return any(math.isinf(x) for x in self.range)


REGISTRY: dict[str, Measure] = {}
"""The measures of a table (binary, multiclass and association), by code."""
RATERS: dict[str, Measure] = {}
"""The coefficients of several raters, by code."""
SCORES: dict[str, Measure] = {}
"""The statistics of a score against a binary reference (:mod:`pandas_agree.measures.scores`), by code."""
_NAMES: dict[str, dict[str, str]] = {space: {} for space in NAMESPACES}


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
    return next(space for space, kinds in NAMESPACES.items() if kind in kinds)


def _store(kind: str) -> dict[str, Measure]:
    return RATERS if kind == "rater" else SCORES if kind == "score" else REGISTRY


def _key(name: str) -> str:
    return " ".join(str(name).replace("_", " ").replace("-", " ").split()).casefold()


def register(measure: Measure, *, before: str | None = None) -> Measure:
    """Add a measure to the registry; its code, name and aliases must be new in its namespace (:data:`NAMESPACES`),
    and its code new among the measures of a table (or among the rater coefficients).

    ``before`` places the record before the record of that code in registry order (the order of the default sets
    and of the catalogue within a kind); by default it comes last.
    """
    if measure.kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}; got {measure.kind!r}")
    if not isinstance(measure.interval, IntervalMethod):
        raise TypeError(f"interval must be an interval method; got {measure.interval!r}")
    if measure.combine is not None and not measure.terms:
        raise ValueError(f"{measure.code}: combine needs the terms it combines")
    if (measure.level is None) != (measure.kind != "association") or (
            measure.level is not None and measure.level not in LEVELS):
        raise ValueError(f"{measure.code}: an association record declares its level, one of {LEVELS}, and no other "
                         f"record does; got {measure.level!r}")
    store = _store(measure.kind)
    held = store.get(measure.code)
    if held is not None and _namespace(held.kind) != _namespace(measure.kind):
        raise ValueError(f"the code {measure.code} of a {measure.kind} record already names a {held.kind} record")
    names = _NAMES[_namespace(measure.kind)]
    for name in (measure.code, measure.name, *measure.aliases):
        key = _key(name)
        if names.get(key, measure.code) != measure.code:
            raise ValueError(f"{name!r} of {measure.code} already names {names[key]}")
    for name in (measure.code, measure.name, *measure.aliases):
        names[_key(name)] = measure.code
    if before is not None and before in store and measure.code not in store:
        order = list(store.items())
        at = [code for code, _ in order].index(before)
        store.clear()
        store.update([*order[:at], (measure.code, measure), *order[at:]])
    else:
        store[measure.code] = measure
    return measure


def records(kind: str | Iterable[str] | None = None) -> list[Measure]:
    """Every record of the kind (or kinds), in registry order: the table measures, the rater coefficients, then the
    statistics of scores."""
    kinds = KINDS if kind is None else ((kind,) if isinstance(kind, str) else tuple(kind))
    return [m for store in (REGISTRY, RATERS, SCORES) for m in store.values() if m.kind in kinds]


def _answers(m: Measure, kinds: tuple[str, ...]) -> bool:
    """Whether the record ``m`` answers to a name asked for among ``kinds``: a record of one of them, or an
    association record where "multiclass" is asked for (a statistic of the whole table, as a multiclass measure
    is: ``Agreement.multiclass()`` takes its names)."""
    return m.kind in kinds or (m.kind == "association" and "multiclass" in kinds)


def _in_default(m: Measure, kinds: tuple[str, ...]) -> bool:
    """Whether the record ``m`` belongs to the default set of ``kinds`` (before the caller's own ``default``): a
    record of one of them, or an association record shown among the multiclass measures (``among_multiclass``)
    where "multiclass" is asked for and "association" is not."""
    return m.kind in kinds or (m.kind == "association" and "multiclass" in kinds and m.among_multiclass)


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

    def __init__(self, name, suggestions: list[Suggestion], choices: str, argument: str = "measures") -> None:
        self.name, self.suggestions, self.choices, self.argument = name, suggestions, choices, argument
        super().__init__(self.message())

    def message(self, parameter: Callable[[str, object], str] | None = None, choices: str | None = None,
                available: Callable[[Suggestion], bool] | None = None) -> str:
        """The message, each suggestion spelt by :meth:`Suggestion.describe` with ``parameter``, only those that
        ``available`` accepts (a command that cannot set a parameter leaves out the suggestions that need it),
        and ``choices`` in place of the text of where to find the names."""
        shown = [s.describe(parameter) for s in self.suggestions if available is None or available(s)]
        hint = f"; did you mean {' or '.join(shown)}?" if shown else ""
        where = self.choices if choices is None else choices
        if hint and where.startswith("; "):  # after a question, a sentence of its own ("?; measures" read badly)
            where = " " + where[2].upper() + where[3:]
        return f"{self.argument}: unknown measure {self.name!r}{hint}{where}"


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
        return (RATERS if space == "rater" else SCORES if space == "score" else REGISTRY)[code]

    if "multiclass" in kinds and "association" not in kinds:  # multiclass() takes association names too
        kinds = (*kinds, "association")
    spaces = list(dict.fromkeys(_namespace(k) for k in kinds))  # the measures of a namespace share its names
    spelt = _parametrised(key)
    if spelt is not None and "table" in spaces and spelt.code in REGISTRY:
        kind_of = REGISTRY[spelt.code].kind
        return [Suggestion(spelt.code, spelt.params, other_kind=None if kind_of in kinds else kind_of)]
    known: dict[str, tuple[str, str]] = {}
    for space in spaces:
        for n, code in _NAMES[space].items():
            known.setdefault(n, (code, space))
    spelled: dict[str, str] = {}
    for m in records(kind for space in spaces for kind in NAMESPACES[space]):
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
            default: Callable[[Measure], bool], argument: str = "measures") -> list[Measure]:
    """The measures named (codes or aliases, any case), or the default set of the kind (or kinds).

    One resolver for every ``measures=``: a list may mix the kinds asked for (binary and multiclass names for
    a report or a comparison). A record's code names it whatever the order of the kinds; any other name resolves
    to the record of the first of ``kind`` that has it (the association records have a namespace of their own, so
    "phi coefficient" is the binary CORR among ("binary", "association") and the association PHI among
    ("association", "binary")).

    The kind "multiclass" also takes the names of the association records (statistics of the whole table, as the
    multiclass measures are), and its default set holds those shown among the multiclass measures
    (``among_multiclass``: CRAMERV, LAMBDA and UC) unless "association" is asked for too, whose default set is
    every association record. ``default(record)`` then chooses within the default set. ``argument`` names the
    argument that gave the names, in errors.

    Raises
    ------
    UnknownMeasureError
        A ValueError, for an unknown name: with the measures it may have meant (:func:`suggestions`).
    ValueError
        For a measure of another kind.

    Examples
    --------
    >>> from pandas_agree.measures.registry import resolve
    >>> [m.code for m in resolve(["gamma", "phi"], "association", default=bool)]
    ['GAMMA', 'PHI']
    >>> [m.code for m in resolve(["phi coefficient", "Yule's Q", "gamma"], ("binary", "association"), default=bool)]
    ['CORR', 'YULEQ', 'GAMMA']
    >>> [m.code for m in resolve(["phi coefficient"], ("association", "binary"), default=bool)]
    ['PHI']
    >>> [m.code for m in resolve(None, "multiclass", default=lambda m: m.default)][-5:]
    ['CRAMERV', 'LAMBDA', 'UC', 'RMSE', 'NIR']
    """
    kinds = (kind,) if isinstance(kind, str) else tuple(kind)
    if names is None:
        return [m for m in records() if _in_default(m, kinds) and default(m)]
    if isinstance(names, str):
        names = [names]
    looked = (*kinds, "association") if "multiclass" in kinds and "association" not in kinds else kinds
    spaces = list(dict.fromkeys(_namespace(k) for k in looked))
    chosen: dict[int, Measure] = {}  # by identity: a record's fields are many, and two records are never equal
    for name in names:
        key = _key(name)
        found = [_store(NAMESPACES[space][0])[_NAMES[space][key]] for space in spaces if key in _NAMES[space]]
        found = [m for m in found if _answers(m, kinds)]
        found = [m for m in found if _key(m.code) == key] or found  # a code names its own record
        if not found:
            allowed = [m for m in records() if _in_default(m, kinds)]
            choices = (f"; {argument} must be chosen from {tuple(m.code for m in allowed)}" if len(allowed) <= 12
                       else " (pandas_agree.measures() lists them all)")
            wanted = " or ".join(kinds)
            elsewhere = [_store(kinds_of[0])[_NAMES[space][key]] for space, kinds_of in NAMESPACES.items()
                         if key in _NAMES[space]]
            if elsewhere:
                other = elsewhere[0]
                raise ValueError(f"{argument}: {other.code} is a{'n' if other.kind[0] in 'aeiou' else ''} "
                                 f"{other.kind} measure, not a{'n' if wanted[0] in 'aeiou' else ''} {wanted} one"
                                 f"{choices}")
            raise UnknownMeasureError(name, suggestions(name, kinds), choices, argument)
        chosen.setdefault(id(found[0]), found[0])
    return list(chosen.values())


def notes_of(chosen: Iterable[Measure], setting: Setting) -> list[tuple[str, list[str], bool]]:
    """The notes of the measures ``chosen`` that apply in ``setting``: (text, codes, undefined) each, in the
    order of the measures, a note carried by several measures once (naming them all)."""
    carriers: dict[Note, list[str]] = {}
    for m in chosen:
        for note in m.notes:
            if note.when(setting):
                carriers.setdefault(note, []).append(m.code)
    return [(note.text.format(codes=in_words(codes), level=setting.level), codes, note.undefined)
            for note, codes in carriers.items()]


def _format_range(bounds: tuple[float, float]) -> str:
    """A range in interval notation: a bracket at a finite end, a parenthesis at an infinite one ("[0, inf)")."""
    def fmt(x: float) -> str:
        if math.isinf(x):
            return "-inf" if x < 0 else "inf"
        return f"{x:g}"

    lo, hi = bounds
    return f"{'(' if math.isinf(lo) else '['}{fmt(lo)}, {fmt(hi)}{')' if math.isinf(hi) else ']'}"


CATALOGUE_COLUMNS = (
    "code", "name", "aliases", "kind", "formula", "range", "symmetric", "transposed", "averaging",
    "ci_method", "params", "level", "significance", "reference",
)


@validate_options
def measures(kind: str | None = None) -> pd.DataFrame:
    """The catalogue of measures, generated from the registry.

    Parameters
    ----------
    kind : {"binary", "multiclass", "association", "rater", "score"}, optional
        Only the measures of this kind; the whole catalogue by default (the measures of a table, kind by kind,
        then the coefficients of several raters).

    Returns
    -------
    pandas.DataFrame
        One row per measure, kind by kind in the order above and each kind in registry order, with the columns
        code, name, aliases, kind, formula, range, symmetric, transposed, averaging, ci_method, params, level
        (the levels of measurement an association statistic reads), significance (SPSS's rule for its
        significance) and reference.

    Examples
    --------
    >>> import pandas_agree as pa
    >>> cat = pa.measures("binary")
    >>> cat.set_index("code").loc["REC", ["name", "range", "transposed"]].tolist()
    ['recall', '[0, 1]', 'PRE']
    >>> assoc = pa.measures("association").set_index("code")
    >>> assoc.loc["LAMBDA_R", ["transposed", "level", "significance"]].tolist()
    ['LAMBDA_C', 'nominal', 'two-sided normal, T = value / ASE0']
    """
    if kind is not None and kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS} or None; got {kind!r}")
    rows = []
    for m in sorted(records(kind), key=lambda m: KINDS.index(m.kind)):  # stable: registry order within a kind
        averaging = m.averaging
        if averaging == "before":
            averaging = "before: " + ", ".join(m.terms)
        rows.append({
            "code": m.code, "name": m.name, "aliases": ", ".join(m.aliases), "kind": m.kind,
            "formula": m.formula, "range": _format_range(m.range), "symmetric": m.symmetric,
            "transposed": m.transposed, "averaging": averaging, "ci_method": m.ci_method,
            "params": ", ".join(m.params), "level": m.level, "significance": m.significance_method,
            "reference": m.reference,
        })
    return pd.DataFrame(rows, columns=list(CATALOGUE_COLUMNS))


MEASURE_FIELDS = tuple(f.name for f in fields(Measure))
