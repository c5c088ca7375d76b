"""Formatting numbers and labels for display (text, HTML); the DataFrames themselves keep full precision."""

from __future__ import annotations

import contextlib
import contextvars
import math
import re
import unicodedata
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence

import numpy as np

from ..base.rounding import rounded_text
from ..base.text import count_of, plain
from ..base.text import is_missing as _is_missing
from ..measures.multiclass import row_name
from ..measures.registry import REGISTRY

__all__ = ["LABEL_LIMIT", "LongLabels", "Shown", "apart", "cell_label", "centre_decimals", "centre_precision",
           "count", "count_of", "cut", "dependent", "fixed", "has_long_run", "interval", "label", "labels_apart",
           "layer", "layer_by", "long_labels", "measure_name", "name", "plain", "plot_text", "printable", "pvalue",
           "se", "se_decimals", "se_places", "shared_decimals", "shorten", "significant", "statistic", "value",
           "value_and_interval", "values", "with_interval", "with_intervals"]

MISSING = "—"
P_FORMAT = '[<0.001]"<0.001";0.000'
"""How a spreadsheet shows a p-value: as :func:`pvalue` shows it in text and HTML, three decimals, "<0.001" below
0.001."""


class Shown(str):
    """The text shown for a number, remembering the number and how a spreadsheet shows it.

    A ``str`` everywhere text is expected (text and HTML renderers see only the text); the workbook writes
    :attr:`number` with the Excel number format :attr:`excel_format`, so a rounded value stays a number in the
    sheet. :attr:`interval` is the text of the value's interval when the text is "value [lower, upper]" (the
    workbook puts it in a column of its own). Text appended to it (a footnote mark) stays in the number format.

    Examples
    --------
    >>> from pandas_agree.report.display import pvalue, value
    >>> shown = value(0.48312)
    >>> shown, shown.number, shown.excel_format
    ('0.483', 0.48312, '0.000')
    >>> marked = shown + "ᵃ"
    >>> marked, marked.excel_format
    ('0.483ᵃ', '0.000"ᵃ"')
    >>> pvalue(0.0002).excel_format
    '[<0.001]"<0.001";0.000'
    >>> (pvalue(0.0002) + "ᵇ").excel_format
    '[<0.001]"<0.001""ᵇ";0.000"ᵇ"'
    """

    number: float
    excel_format: str
    interval: str | None

    def __new__(cls, text: str, number: float, excel_format: str, interval: str | None = None) -> Shown:
        return _shown(text, float(number), excel_format, interval, cls)

    def __add__(self, other: str) -> str:
        if not isinstance(other, str):
            return NotImplemented
        if not other:
            return self
        quoted = '"' + other.replace('"', '""') + '"'
        # after every section of the format (a p-value's "<0.001" section too), so the mark always shows
        sections = ";".join(section + quoted for section in self.excel_format.split(";"))
        return Shown(str(self) + other, self.number, sections, self.interval)

    def __reduce__(self):
        return Shown, (str(self), self.number, self.excel_format, self.interval)


def _shown(text: str, number: float, excel_format: str, interval: str | None = None, cls: type = Shown) -> Shown:
    """``Shown(text, number, excel_format, interval)`` of a float ``number`` (the many cells of a table are made
    here, without a call of ``Shown.__new__``)."""
    shown = _new_text(cls, text)
    shown.number = number
    shown.excel_format = excel_format
    shown.interval = interval
    return shown


_new_text = str.__new__


def _decimal_format(decimals: int) -> str:
    return _DECIMAL_FORMATS[decimals] if decimals < len(_DECIMAL_FORMATS) else "0." + "0" * decimals


_DECIMAL_FORMATS = tuple("0." + "0" * decimals if decimals else "0" for decimals in range(12))

# Characters that would act on a terminal, break a table's alignment, or cannot be stored in XML (Excel) or
# encoded at all: C0 and C1 controls (newline, tab and ESC among them), DEL, lone surrogates, line and paragraph
# separators, bidirectional overrides and the noncharacters U+FDD0–U+FDEF and U+xFFFE/U+xFFFF.
_BIDI = "\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
_UNSAFE = re.compile(
    "[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufdd0-\ufdef" + _BIDI + "]"
    "|[\ufffe\uffff\U0001fffe\U0001ffff\U0002fffe\U0002ffff\U0003fffe\U0003ffff\U0004fffe\U0004ffff"
    "\U0005fffe\U0005ffff\U0006fffe\U0006ffff\U0007fffe\U0007ffff\U0008fffe\U0008ffff\U0009fffe"
    "\U0009ffff\U000afffe\U000affff\U000bfffe\U000bffff\U000cfffe\U000cffff\U000dfffe\U000dffff"
    "\U000efffe\U000effff\U000ffffe\U000fffff\U0010fffe\U0010ffff]"
)
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(match: re.Match) -> str:
    c = match.group(0)
    if c in _NAMED:
        return _NAMED[c]
    code = ord(c)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def printable(text: str) -> str:
    """``text`` with every control character shown as its escape (a newline as ``\\n``, ESC as ``\\x1b``), so that
    nothing in a label acts on a terminal, breaks a table or makes a file unreadable.

    Examples
    --------
    >>> from pandas_agree.report.display import printable
    >>> print(printable("two\\nlines \\x1b[31mred"))
    two\\nlines \\x1b[31mred
    """
    if text.isprintable():  # no control, format, surrogate or unassigned character: nothing to escape (fast)
        return text
    return _UNSAFE.sub(_escape, text)


def plot_text(text: str) -> str:
    """``text`` for a matplotlib label: printable, and every ``$`` escaped so that no mathtext runs on it."""
    return printable(text).replace("$", "\\$")


LABEL_LIMIT = 60
"""The longest label (in characters) the text, HTML and printed reports show whole; a longer one is shown cut (see
:func:`cut`), and its whole text once, under "Long labels"."""
_HEAD, _TAIL = 30, 10  # the characters a cut label keeps from its start and its end


class LongLabels:
    """The labels cut while a report is laid out: each one's shown form and its whole text, in the order met. Two
    labels whose cut forms would read the same are told apart by a number ("… #2")."""

    def __init__(self) -> None:
        self.shown: dict[str, str] = {}  # whole text -> shown form
        self._forms: set[str] = set()

    def add(self, text: str, form: str) -> str:
        known = self.shown.get(text)
        if known is not None:
            return known
        if form in self._forms:
            head, _, tail = form.rpartition(" (")
            k = 2
            while f"{head} #{k} ({tail}" in self._forms:
                k += 1
            form = f"{head} #{k} ({tail}"
        self.shown[text] = form
        self._forms.add(form)
        return form

    def entries(self) -> list[tuple[str, str]]:
        """(shown form, whole text made printable) of each label cut, in the order met."""
        return [(form, printable(text)) for text, form in self.shown.items()]


_COLLECTING: contextvars.ContextVar[LongLabels | None] = contextvars.ContextVar("pandas_agree_long_labels",
                                                                                default=None)


@contextlib.contextmanager
def long_labels() -> Iterator[LongLabels]:
    """Collect the labels cut by :func:`cut` (and :func:`label`) while a report is laid out, so that the report can
    show each whole text once.

    Examples
    --------
    >>> from pandas_agree.report.display import label, long_labels
    >>> with long_labels() as found:
    ...     shown = label("x" * 100)
    >>> shown
    'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…xxxxxxxxxx (100 characters)'
    >>> found.entries() == [(shown, "x" * 100)]
    True
    """
    found = LongLabels()
    token = _COLLECTING.set(found)
    try:
        yield found
    finally:
        _COLLECTING.reset(token)


def cut(text: str, limit: int | None = LABEL_LIMIT) -> str:
    """``text`` made printable (see :func:`printable`) and, when longer than ``limit`` characters (as text or as
    shown), cut to its first 30 and last 10 characters and its length: "aaaa…aaaa (2,097,152 characters)". While
    :func:`long_labels` collects, the cut text is recorded (with a number where two cut texts would read the same).

    Examples
    --------
    >>> from pandas_agree.report.display import cut
    >>> cut("short"), cut("a" * 20 + "b" * 50)
    ('short', 'aaaaaaaaaaaaaaaaaaaabbbbbbbbbb…bbbbbbbbbb (70 characters)')
    """
    if limit is None:
        return printable(text)
    if len(text) <= limit:
        shown = printable(text)
        if len(shown) <= limit:
            return shown
    form = f"{printable(text[:_HEAD])[:_HEAD]}…{printable(text[-_TAIL:])[-_TAIL:]} ({len(text):,} characters)"
    found = _COLLECTING.get()
    return form if found is None else found.add(text, form)


_RUN = re.compile(rf"\S{{{LABEL_LIMIT + 1},}}")


def has_long_run(text: str) -> bool:
    """Whether ``text`` holds a run of more than :data:`LABEL_LIMIT` characters without a space (which
    :func:`shorten` cuts)."""
    return _RUN.search(text) is not None


def shorten(text: str, known: dict[str, str] | None = None) -> str:
    """Free text (a note, a title) with the long labels in it cut: first each whole text of ``known`` (whole text
    -> shown form) found in it, then any run of more than :data:`LABEL_LIMIT` characters without a space (see
    :func:`cut`). Linear in the length of ``text``.

    Examples
    --------
    >>> from pandas_agree.report.display import shorten
    >>> shorten("Never predicted: " + "z" * 80 + ".")
    'Never predicted: zzzzzzzzzzzzzzzzzzzzzzzzzzzzzz…zzzzzzzzz. (81 characters)'
    """
    if known:
        for whole in sorted((t for t in known if t in text), key=len, reverse=True):
            text = text.replace(whole, known[whole])
    if len(text) <= LABEL_LIMIT:
        return text
    return _RUN.sub(lambda m: cut(m.group(0)), text)


def label(x, limit: int | None = LABEL_LIMIT) -> str:
    """A class label as text, the one way every renderer shows a label: a missing label shows as "(missing)",
    control characters as their escapes (see :func:`printable`), a label longer than ``limit`` characters cut (see
    :func:`cut`; ``limit=None`` keeps every character, as the workbook's data sheets do). While
    :func:`labels_apart` is in force, a label that would print like another of its output, or as nothing, shows
    as Python writes it (``'1'`` beside ``1``, ``''``).

    Examples
    --------
    >>> import numpy as np
    >>> from pandas_agree.report.display import label, labels_apart
    >>> label(True), label(float("nan")), label((1, "a")), label("a\\tb")
    ('True', '(missing)', "(1, 'a')", 'a\\\\tb')
    >>> label(("a", np.int64(1))), label(np.float64(0.5))
    ("('a', 1)", '0.5')
    >>> label("y" * 1000)
    'yyyyyyyyyyyyyyyyyyyyyyyyyyyyyy…yyyyyyyyyy (1,000 characters)'
    >>> with labels_apart([1, "1", ""]):
    ...     label(1), label("1"), label("")
    ('1', "'1'", "''")
    """
    apart = _APART.get()
    if apart:
        shown = apart.get(_exact(x))
        if shown is not None:
            return cut(shown, limit)
    return _label(x, limit)


def _label(x, limit: int | None = LABEL_LIMIT) -> str:
    """A label's text by itself (:func:`label` outside :func:`labels_apart`)."""
    return "(missing)" if _is_missing(x) else cut(str(plain(x)), limit)


def _exact(x) -> Hashable:
    """A key under which two labels are equal only where they are one label (``True`` is not ``1``, ``"1"`` is
    not ``1``; ``1`` and ``1.0`` are one label, as the engine matches them)."""
    if isinstance(x, np.generic):
        x = x.item()
    kind = type(x)
    return x if kind is str else (kind is bool, x)


# characters that print as nothing beside the format characters (category Cf): the combining grapheme joiner,
# variation selectors, Khmer and Mongolian marks, blank letters and a blank braille pattern
_INVISIBLE = re.compile("[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2800\u3164\ufe00-\ufe0f\uffa0"
                        "\U000e0100-\U000e01ef]")


def _alike(text: str) -> str:
    """What of a printed text a reader sees: its visible characters, the spaces between them collapsed (HTML
    collapses them; a table's padding hides them at the ends), without the characters that print as nothing
    (zero-width spaces and joiners, soft hyphens, variation selectors, blank letters), composed (NFC: "é" and "e"
    with a combining acute read the same). "" for a text that prints as nothing."""
    if text.isascii():
        if text and text[0] != " " and text[-1] != " " and "  " not in text:
            return text  # nothing to take away (fast)
        return " ".join(text.split())
    text = _INVISIBLE.sub("", unicodedata.normalize("NFC", text))
    return " ".join("".join(c for c in text if unicodedata.category(c) != "Cf").split())


def apart(values: Sequence, text: Callable = lambda v: str(plain(v)), quoted: Callable = lambda v: repr(plain(v)),
          alike: Callable | None = None, blank: bool = False, reserved: Iterable[str] = ()) -> list[str]:
    """One distinct text for each of ``values`` (distinct labels, or groups): each value's ``text``, except where
    texts read alike (``alike`` of them equal; by default the texts themselves), where a text reads like one of
    ``reserved`` (the headings printed beside the values, as the margins' "Total") or, with ``blank``, where a text
    reads as nothing (``alike`` of it empty): those values are written as Python writes them (``quoted``, their
    ``repr``: ``1`` and ``'1'``, ``''``, ``'a\\u200b'``, ``'Total'``). Should a text made so still read like
    another, every value is written so, and texts that are still alike are told apart by a number (``" (2)"``).
    Values whose texts are apart keep them, so that ordinary output does not change. The one rule of the JSON keys
    of groups and layers (:func:`~pandas_agree.report.agreement.group_keys`) and of the labels of every printed
    output (:func:`labels_apart`).

    Examples
    --------
    >>> from pandas_agree.report.display import apart
    >>> apart(["A", "B"]), apart([1, "1", "2"]), apart([True, "True"])
    (['A', 'B'], ['1', "'1'", '2'], ['True', "'True'"])
    >>> apart([1, "1", "'1'"])
    ['1', "'1'", '"\\'1\\'"']
    >>> apart(["", " ", "x"], alike=str.strip, blank=True)
    ["''", "' '", 'x']
    >>> apart(["Total", "x"], reserved=["Total"])
    ["'Total'", 'x']
    """
    texts = [text(v) for v in values]
    keys = texts if alike is None else [alike(t) for t in texts]
    headings = {h if alike is None else alike(h) for h in reserved}
    seen: dict[str, int] = {}
    for key in keys:
        seen[key] = seen.get(key, 0) + 1
    if len(seen) == len(keys) and not (blank and "" in seen) and headings.isdisjoint(seen):
        return texts  # every text apart (the ordinary case: one pass)
    out = [quoted(v) if seen[key] > 1 or (blank and key == "") or key in headings else t
           for t, key, v in zip(texts, keys, values, strict=True)]
    read = out if alike is None else [alike(t) for t in out]
    if len(set(read)) < len(read) or not headings.isdisjoint(read):
        out = [quoted(v) for v in values]
        read = out if alike is None else [alike(t) for t in out]
    taken = set(read) | headings
    told: set[str] = set(headings)
    for i, key in enumerate(read):
        if key in told:
            n = 2
            while f"{key} ({n})" in taken:
                n += 1
            out[i], key = f"{out[i]} ({n})", f"{key} ({n})"
            taken.add(key)
        told.add(key)
    return out


_MISSING = object()  # the key of the missing label (NaN, None, NA: one label)
_APART: contextvars.ContextVar[dict | None] = contextvars.ContextVar("pandas_agree_labels_apart", default=None)


def _quoted(x) -> str:
    """A label as Python writes it, made printable; a missing label keeps "(missing)" (no text is written so)."""
    return "(missing)" if _is_missing(x) else printable(repr(plain(x)))


@contextlib.contextmanager
def labels_apart(*label_sets: Sequence, reserved: Iterable[str] = ()) -> Iterator[dict]:
    """Show the labels of one output apart while it is laid out: within each of ``label_sets`` (the labels of a
    table, rows and columns together; a report's groups; the values of a layer variable), labels that print alike
    (the same text once what prints as nothing is set aside: ``1`` and ``"1"``, ``True`` and ``"True"``, ``"a"``
    and ``"a "``, ``"a"`` and ``"a\\u200b"``), labels of the first set (a report's tables) that print like one of
    the ``reserved`` texts (the headings the output prints among its tables' labels: the margins' "Total", the
    comparison's "(all)"; see :meth:`~pandas_agree.report.rendered.Rendered.headings`; a group or layer value is
    printed where no heading is) and labels that print as nothing (``""``, ``" "``)
    are shown as Python writes them (``'1'``, ``'Total'``, ``''``; see :func:`apart`) by :func:`label` (and so in
    every table, heading and note) and by :func:`cell_label` (the workbook's data sheets); every other label is
    shown as it is, and a heading is printed as its text (:func:`margin_labels`). Within an outer
    ``labels_apart`` the outer forms stay. Costs a pass over the labels (their texts), none per label shown when
    no label needs it.

    Examples
    --------
    >>> from pandas_agree.report.display import label, labels_apart
    >>> with labels_apart([True, "True", "x"], ["A", "a"]):
    ...     [label(v) for v in (True, "True", "x", "A", "a")]
    ['True', "'True'", 'x', 'A', 'a']
    >>> with labels_apart(["Total", "Sub"], reserved=["Total"]):
    ...     [label(v) for v in ("Total", "Sub")]
    ["'Total'", 'Sub']
    """
    outer = _APART.get()
    shown = dict(outer) if outer else {}
    reserved = tuple(reserved)
    for position, labels in enumerate(label_sets):
        headings = reserved if position == 0 else ()  # the headings print among the tables' labels only
        if _plainly_apart(labels) and frozenset(headings).isdisjoint(labels):
            continue  # the ordinary case, found at C speed: no label shown apart
        values = list({_MISSING if _is_missing(v) else _exact(v): v for v in labels}.values())  # each label once
        defaults = [_label(v, None) for v in values]
        texts = apart(range(len(values)), defaults.__getitem__, lambda i, values=values: _quoted(values[i]), _alike,
                      blank=True, reserved=headings)
        for v, default, text in zip(values, defaults, texts, strict=True):
            if text != default:  # a label shown apart
                shown.setdefault(_exact(v), text)
    token = _APART.set(shown)
    try:
        yield shown
    finally:
        _APART.reset(token)


def _plainly_apart(labels: Sequence) -> bool:
    """Whether labels are seen apart at a glance, none of them blank (the ordinary case, checked at C speed): all
    numbers (int or float, no NaN: distinct numbers have distinct texts), or all ASCII text without control
    characters, none empty, none with a space at either end or two spaces in a row (distinct such texts read
    apart). False where a closer look is needed."""
    kinds = set(map(type, labels))
    if kinds <= {int, float}:
        return float not in kinds or all(x == x for x in labels)
    if kinds != {str}:
        return False
    joined = "\x00".join(labels)  # printable ASCII holds no NUL: the labels' boundaries
    return (joined.isascii() and joined.replace("\x00", "").isprintable() and "  " not in joined
            and " \x00" not in joined and "\x00 " not in joined and "\x00\x00" not in joined
            and joined[:1] not in ("", " ", "\x00") and joined[-1:] not in (" ", "\x00"))


def margin_labels(labels: Sequence, show: Callable | None = None) -> list:
    """The labels of a crosstab's axis as shown, the last its margin: each label as ``show`` shows it
    (:func:`label`, or :func:`cell_label` in a workbook's data sheet), the margin as the heading it is ("Total";
    a label that reads like it is shown apart, see :func:`labels_apart`).

    Examples
    --------
    >>> from pandas_agree.report.display import labels_apart, margin_labels
    >>> with labels_apart(["Sub", "Total"], reserved=["Total"]):
    ...     margin_labels(["Sub", "Total", "Total"])
    ['Sub', "'Total'", 'Total']
    """
    labels = list(labels)
    return [*map(show or label, labels[:-1]), *map(str, labels[-1:])]


def cell_label(x):
    """A label as a workbook's data sheet writes it: the label itself (a number stays a number), or, where
    :func:`labels_apart` shows it apart, that text (``'1'`` beside the number 1, ``''`` rather than a blank)."""
    apart = _APART.get()
    if apart:
        shown = apart.get(_exact(x))
        if shown is not None:
            return shown
    return x


def name(x, default: str) -> str:
    """A variable's name as a report shows it (see :func:`label`): any hashable (a string, an integer, a tuple of a
    MultiIndex, a Timestamp...), or ``default`` where there is none (None).

    Examples
    --------
    >>> from pandas_agree.report.display import name
    >>> name(0, "reference"), name(("a", 1), "reference"), name(None, "reference")
    ('0', "('a', 1)", 'reference')
    """
    return default if x is None else _label(x)  # a name is not a label: never quoted


def dependent(row, column) -> tuple[str, str]:
    """The names under which SPSS's Directional Measures print the row and the column variable as the dependent one
    ("Admit Dependent", "Gender Dependent"): each variable's name as a report shows it (:func:`name`), "Rows" or
    "Columns" where it has none (None, or a name that prints as nothing: a table built from an array) and for both
    where the two would read alike, letter case aside (two variables of one name, or one unnamed and the other
    named "rows"), or where one would read as the other's wording (a row variable named "Columns", a column
    variable named "Rows": "Columns Dependent" would name the rows), so that the printed rows stay apart and mean
    what the DataFrames' "Rows Dependent" and "Columns Dependent" mean.

    Examples
    --------
    >>> from pandas_agree.report.display import dependent
    >>> dependent("Admit", "Gender"), dependent(None, "Gender"), dependent("label", "label")
    (('Admit', 'Gender'), ('Rows', 'Gender'), ('Rows', 'Columns'))
    >>> dependent("Columns", "Gender")
    ('Rows', 'Columns')
    """
    default = ("Rows", "Columns")
    shown = [name(x, d) for x, d in zip((row, column), default, strict=True)]
    shown = [text if _alike(text) else d for text, d in zip(shown, default, strict=True)]
    read = [_alike(text).casefold() for text in shown]
    if read[0] == read[1] or read[0] == "columns" or read[1] == "rows":
        return default
    return shown[0], shown[1]


def layer_by(by, default: str = "layer") -> str:
    """The layer variables as a report names them: one variable's name (see :func:`name`), or the names of several
    (a list) joined by commas, ``default`` where there is none (None).

    Examples
    --------
    >>> from pandas_agree.report.display import layer_by
    >>> layer_by("Class"), layer_by(["Class", "Age"]), layer_by(None)
    ('Class', 'Class, Age', 'layer')
    """
    if isinstance(by, list):
        return ", ".join(name(x, default) for x in by)
    return name(by, default)


def layer(by, value) -> str:
    """A layer as SPSS names it: each layer variable with its value, the value shown as :func:`label` shows it
    ("Class = 1st, Age = Adult"). ``by`` is one variable's name, or a list of the names of several, whose layer
    values are tuples (one value of each variable, in their order).

    Examples
    --------
    >>> from pandas_agree.report.display import layer
    >>> layer("Class", "1st"), layer(["Class", "Age"], ("1st", "Adult")), layer(None, 2)
    ('Class = 1st', 'Class = 1st, Age = Adult', 'layer = 2')
    """
    if isinstance(by, list) and isinstance(value, tuple) and len(by) == len(value):
        return ", ".join(f"{name(x, 'layer')} = {label(v)}" for x, v in zip(by, value, strict=True))
    return f"{layer_by(by)} = {label(value)}"


def _whole(x: float) -> bool:
    """Whether a count is a whole number but for the rounding of sums of fractional weights (4/3 + 57/3 + 140/3 is
    67.00000000000001)."""
    return abs(x - round(x)) <= 1e-9 * max(1.0, abs(x))


EXACT_COUNTS_BELOW = 2.0**53
"""Counts are shown in full below 2⁵³, where every whole number is a float (a weighted count of a population, in
the billions, keeps every digit); from there on, and for an infinite number of degrees of freedom, in scientific
notation ("9.007e+15", "inf"), whose digits are all that the float holds."""


def count(x, decimals: int | None = None) -> str:
    """A count: whole numbers without decimals, weighted sums with two; ``decimals`` (from :func:`count_decimals`
    of the column or table it is shown in) gives every count of a column the same. From
    :data:`EXACT_COUNTS_BELOW` on, and where infinite, in scientific notation.

    Examples
    --------
    >>> from pandas_agree.report.display import count
    >>> count(67.00000000000001), count(46.666666666666664), count(3.0, decimals=2)
    ('67', '46.67', '3.00')
    >>> count(328_239_523.0), count(1e300), count(float("inf"))
    ('328239523', '1.000e+300', 'inf')
    """
    if _is_missing(x):
        return MISSING
    x = float(x)
    if not abs(x) < EXACT_COUNTS_BELOW:
        return _scientific(x)
    if decimals is None:
        decimals = 0 if _whole(x) else 2
    return _shown(_places(x, decimals), x, _decimal_format(decimals))


def count_decimals(values) -> int:
    """The decimals of counts shown side by side: none where every one is whole (but for rounding), else two.

    Examples
    --------
    >>> from pandas_agree.report.display import count_decimals
    >>> count_decimals([67.00000000000001, 3.0]), count_decimals([4.5, 3.0, float("nan")])
    (0, 2)
    """
    return 0 if all(_whole(float(x)) for x in values if not _is_missing(x) and math.isfinite(float(x))) else 2


WHOLE_FROM = 1e5
"""From 100,000 a number is shown without decimals: a tenth would be its seventh significant digit (from 1000 it
has ``digits − 2`` decimals, one for SPSS's three)."""

SCIENTIFIC_FROM = 1e9
"""From 10⁹ a number is shown in scientific notation with :data:`SIGNIFICANT` significant digits (1.660e+15), as
SPSS switches to E notation where a number does not fit its column: without decimals it would take ten digits or
more, wider than its scientific form's nine characters, and only its first few digits mean anything (a weighted sum
of squares of a survey's population totals)."""

SIGNIFICANT = 4
"""The significant digits of a number in scientific notation (more for an interval's end that would otherwise read
as its value)."""


def _decimals(values, digits: int) -> int | None:
    """Decimals for numbers shown side by side, the same for all: ``digits`` below 1000, ``digits − 2`` from 1000,
    none from :data:`WHOLE_FROM`; None from :data:`SCIENTIFIC_FROM` (scientific notation). NaN and ±inf do not
    count."""
    largest = 0.0
    for x in values:
        if isinstance(x, float):  # the common case, without the general checks
            if abs(x) < math.inf and abs(x) > largest:
                largest = abs(x)
        elif not _is_missing(x) and math.isfinite(float(x)) and abs(float(x)) > largest:
            largest = abs(float(x))
    return _decimals_up_to(largest, digits)


def shared_decimals(values, digits: int = 3) -> int | None:
    """The decimals of numbers shown side by side (a value and its interval's ends): ``digits`` below 1000,
    ``digits − 2`` from 1000, none from :data:`WHOLE_FROM`; None from :data:`SCIENTIFIC_FROM` (scientific notation).
    NaN and ±inf do not count.

    Examples
    --------
    >>> from pandas_agree.report.display import shared_decimals
    >>> shared_decimals([0.41, 0.3, 0.5]), shared_decimals([1544.0, 862.3]), shared_decimals([float("nan")])
    (3, 1, 3)
    """
    return _decimals(values, digits)


def _decimals_up_to(largest: float, digits: int) -> int | None:
    """:func:`_decimals` of numbers whose largest magnitude (of those finite) is ``largest``."""
    if largest < 1000:
        return digits
    if largest < WHOLE_FROM:
        return max(digits - 2, 0)
    return 0 if largest < SCIENTIFIC_FROM else None


def _scientific(x: float, significant: int = SIGNIFICANT) -> Shown:
    """``x`` in scientific notation with ``significant`` significant digits ("1.660e+15"; "inf" where infinite)."""
    if math.isinf(x):
        return Shown("inf" if x > 0 else "-inf", x, "0")
    return Shown(rounded_text(x, significant - 1, "e"), x, f"0.{'0' * (significant - 1)}E+00")


def _scientific_digits(x, lower, upper) -> int:
    """The significant digits of an interval's ends in scientific notation beside the value ``x``: :data:`SIGNIFICANT`,
    more where an end that differs from ``x`` would read as it (as :func:`bound_decimals` does with decimals), at most
    :data:`MAX_DECIMALS`."""
    try:
        x, ends = float(x), [float(e) for e in (lower, upper)]
    except (TypeError, ValueError):
        return SIGNIFICANT
    significant = SIGNIFICANT
    if not math.isfinite(x):
        return significant
    ends = [e for e in ends if math.isfinite(e) and e != x]
    while significant < MAX_DECIMALS and any(rounded_text(e, significant - 1, "e") ==
                                             rounded_text(x, significant - 1, "e") for e in ends):
        significant += 1
    return significant


def value(x, digits: int = 3, *, like=(), inside=None, se=None, places: int | None = None) -> str:
    """A measure's value, rounded for display (with as many decimals as the numbers ``like`` shown beside it); a
    value that is not 0 but would read as 0 with two significant digits, as a standard error is shown
    (:func:`se_decimals`). With ``inside`` (its interval's ends), a value that its rounding would put outside its
    interval takes the decimals its interval's ends are shown with (:func:`bound_decimals`), or more until it
    shows inside: 0.999752 of [0.99908, 0.99993] is 0.99975, not 1.000. With ``se`` (its standard error, shown
    beside it by :func:`se`), the decimals of a small SE where they are more: 0.000564 with an SE of 0.00034 is 0.00056,
    not 0.001, which would round the value more coarsely than its own uncertainty; and a value that would read as 0
    keeps no more digits than its SE gives it (2·10⁻¹⁸ with an SE of 1.0 is 0.000), nor than its interval's ends
    give it where one of them reads as a number other than 0 (a kappa of a table at exactly chance, computed as
    −1.7·10⁻¹⁶, in [−0.243, 0.243] is 0.000; 0.000187 in [0.000156, 0.000225] keeps its digits). ``places`` is the
    least number of decimals (those of its interval's ends, in one cell with them: :func:`with_interval`).

    Examples
    --------
    >>> from pandas_agree.report.display import value
    >>> value(0.4123), value(0.000187), value(0.0), value(1234.5678), value(1381348.5), value(1.6597e15)
    ('0.412', '0.00019', '0.000', '1234.6', '1381349', '1.660e+15')
    >>> value(0.999752, inside=(0.99908, 0.99993))
    '0.99975'
    >>> value(0.000564, se=0.00034), value(0.412, se=0.00034), value(0.412, se=0.048), value(1544.0, se=347.788)
    ('0.00056', '0.41200', '0.412', '1544.0')
    >>> value(2e-18, se=1.0), value(2e-18, se=0.0), value(-1.7e-16, inside=(-0.243, 0.243))
    ('0.000', '2.0e-18', '0.000')
    """
    if _is_missing(x):
        return MISSING
    x = float(x)
    if not like and inside is None and se is None and places is None and \
            (x == 0 or 0.5 * 10.0 ** -digits <= abs(x) < 1000):  # a value alone, with ``digits`` decimals (fast)
        return _shown(_places(x, digits), x, _decimal_format(digits))
    if math.isinf(x):
        return Shown("inf" if x > 0 else "-inf", x, "0")
    decimals = _decimals([x, *like], digits)
    if decimals is None:
        return _scientific(x)
    decimals = centre_decimals(x, decimals, se=se, ends=inside, digits=digits)
    if decimals is None:  # its own two significant digits, in scientific notation
        return Shown(rounded_text(x, 1, "e"), x, "0.0E+00")
    if places is not None:
        decimals = max(decimals, places)
    if inside is not None:
        decimals = inside_decimals(x, *inside, decimals)
    return _shown(_places(x, decimals), x, _decimal_format(decimals))


def statistic(x, digits: int = 3) -> str:
    """A test's statistic (z, χ², t, F), with three decimals as SPSS prints it, whatever its size, so that a column
    of statistics reads alike (1280.297 beside 759.576, not 1280.3); in scientific notation from
    :data:`SCIENTIFIC_FROM`, as :func:`value`. One that would read as 0 is 0.000, as a value beside an SE of 1 (a
    statistic is on the scale of its null distribution, whose SD is 1 for z and √(2 df) for χ²; a z of 7·10⁻¹⁶ is
    the rounding error of a kappa of exactly 0).

    Examples
    --------
    >>> from pandas_agree.report.display import statistic
    >>> statistic(7.0e-16), statistic(3.8415), statistic(0.00023), statistic(1280.2968), statistic(1381348.5)
    ('0.000', '3.842', '0.000', '1280.297', '1381348.500')
    >>> statistic(1.6597e15), statistic(float("inf"))
    ('1.660e+15', 'inf')
    """
    if _is_missing(x):
        return MISSING
    x = float(x)
    if abs(x) < SCIENTIFIC_FROM:
        return _shown(_places(x, digits), x, _decimal_format(digits))
    return value(x, digits)


def values(numbers, digits: int = 3) -> list[str]:
    """:func:`value` of each of ``numbers`` (a column of a table), each float below 1000 that does not read as 0
    formatted at once.

    Examples
    --------
    >>> from pandas_agree.report.display import values
    >>> values([0.4123, 0.000187, float("nan"), 1234.5678])
    ['0.412', '0.00019', '—', '1234.6']
    """
    small, excel_format = 0.5 * 10.0 ** -digits, _decimal_format(digits)
    return [_shown(_places(x, digits), x, excel_format) if type(x) is float and (x == 0 or small <= abs(x) < 1000)
            else value(x, digits) for x in numbers]


def _has_spread(se) -> bool:
    """Whether ``se`` is a standard error shown as a number that is not 0 (not missing, 0, infinite, or below
    10⁻⁹, in scientific notation)."""
    if se is None or _is_missing(se):
        return False
    se = float(se)
    return math.isfinite(se) and se > 0 and se_decimals(se) is not None


def se_places(se, digits: int = 3) -> int:
    """The decimals :func:`se` shows a small ``se`` with, where it needs more than ``digits`` for its two
    significant digits; else 0 (an SE from 0.01 up, missing, 0, infinite, or in scientific notation asks nothing of
    the decimals of the value beside it: a DIF2 of 1544 with an SE of 347.788 stays 1544.0)."""
    if _is_missing(se):
        return 0
    se = float(se)
    if not (math.isfinite(se) and se > 0):
        return 0
    decimals = _decimals([se], digits)
    places = None if decimals is None else se_decimals(se, decimals)
    return 0 if places is None or places <= digits else places


def inside_decimals(x: float, lower, upper, decimals: int) -> int:
    """The decimals of a value ``x`` shown beside its interval [``lower``, ``upper``]: ``decimals``, unless the
    value would then read outside its interval (0.999752 as 1.000 beside [0.99908, 0.99993]); then those of the
    interval's ends (:func:`bound_decimals`), or more until it reads inside (at most :data:`MAX_DECIMALS`). A value
    outside its interval (a bootstrap's, at a bound of its resamples) keeps ``decimals``."""
    try:
        low, high = float(lower), float(upper)
    except (TypeError, ValueError):
        return decimals
    if not (math.isfinite(x) and low <= x <= high):
        return decimals
    ends = bound_decimals(x, low, high, decimals)  # the decimals the ends are shown with, which the value must fit
    if ends == decimals:  # the value and its ends rounded alike: rounding keeps their order
        return decimals
    shown_low, shown_high = float(_places(low, ends)), float(_places(high, ends))  # the numbers as they read
    if shown_low <= float(_places(x, decimals)) <= shown_high:
        return decimals
    places = max(decimals, ends)
    while places < MAX_DECIMALS and not shown_low <= float(_places(x, places)) <= shown_high:
        places += 1
    return places


def _reads_as_zero(x: float, decimals: int) -> bool:
    """Whether ``x``, not 0, would show as 0 with ``decimals`` decimals."""
    return x != 0 and abs(x) < 0.5 * 10.0 ** -decimals


def _spans(ends, decimals: int) -> bool:
    """Whether an interval ``ends`` (or None) has an end that reads as a number other than 0 with ``decimals``
    decimals: beside it, a value that would read as 0 is 0 to the precision of its interval (a kappa of a table at
    exactly chance, computed as −1.7·10⁻¹⁶, in [−0.243, 0.243] reads 0.000, as a value beside a larger SE does)."""
    if ends is None:
        return False
    unit = 0.5 * 10.0 ** -decimals
    return any(math.isfinite(float(end)) and abs(float(end)) >= unit for end in ends if not _is_missing(end))


def centre_precision(x: float, decimals: int, *, se=None, ends=None) -> str:
    """Where a value ``x`` shown beside its standard error ``se`` and/or its interval's ``ends`` (or None) takes its
    precision from, the numbers beside it shown with ``decimals``: the one rule of the text and HTML reports
    (:func:`centre_decimals`, of :func:`value`, :func:`interval` and :func:`value_and_interval`) and of the
    workbook (:func:`~pandas_agree.report.excel.centre_formats`), each of which maps it to its decimals.

    - ``"se"``: an SE shown as a number that is not 0 (not missing, 0, infinite, nor below 10⁻⁸ in scientific
      notation) gives any value its precision: at least the SE's decimals (0.000564 with an SE of 0.00034 is
      0.00056; 2·10⁻¹⁸ with an SE of 1.0 is 0.000);
    - ``"ends"``: a value that would read as 0 with ``decimals`` (a rounding error of 0: a kappa of a table at
      exactly chance, computed as −1.7·10⁻¹⁶), one of whose ends reads as a number other than 0, is 0 to the
      precision of its interval: ``decimals`` (0.000 in [−0.243, 0.243]);
    - ``"own"``: a value that would read as 0 beside neither keeps its own two significant digits
      (:func:`se_decimals`: 0.000187 in [0.000156, 0.000225] is 0.00019; 2·10⁻¹⁸ in [0, 0] is 2.0e-18);
    - ``""``: any other value has ``decimals``.

    Examples
    --------
    >>> from pandas_agree.report.display import centre_precision
    >>> centre_precision(0.000564, 3, se=0.00034), centre_precision(-1.7e-16, 3, ends=(-0.243, 0.243))
    ('se', 'ends')
    >>> centre_precision(0.000187, 3, ends=(0.000156, 0.000225)), centre_precision(0.41, 3, ends=(0.3, 0.5))
    ('own', '')
    """
    if _has_spread(se):
        return "se"
    if _reads_as_zero(x, decimals):
        return "ends" if _spans(ends, decimals) else "own"
    return ""


def centre_decimals(x: float, decimals: int, *, se=None, ends=None, digits: int = 3) -> int | None:
    """The decimals of a value ``x`` beside its standard error ``se`` and/or its interval's ``ends``, the numbers
    beside it shown with ``decimals`` (``digits`` below 1000, :func:`shared_decimals`), as :func:`centre_precision`
    decides: at least those :func:`se` shows the SE with (:func:`se_places`), ``decimals`` for a value 0 to the
    precision of its interval, its own two significant digits (:func:`se_decimals`; None: scientific notation).

    Examples
    --------
    >>> from pandas_agree.report.display import centre_decimals
    >>> centre_decimals(0.412, 3, se=0.00034), centre_decimals(-1.7e-16, 3, ends=(-0.243, 0.243))
    (5, 3)
    >>> centre_decimals(0.000187, 3, ends=(0.000156, 0.000225)), centre_decimals(2e-18, 3, ends=(0.0, 0.0))
    (5, None)
    """
    source = centre_precision(x, decimals, se=se, ends=ends)
    if source == "se":
        return max(decimals, se_places(se, digits))
    if source == "own":
        return se_decimals(x, decimals)
    return decimals


def significant(x, digits: int = 6) -> str:
    """``x`` with ``digits`` significant digits, trailing zeros dropped, as Python's ``g`` format writes it (a
    confidence level's 95, a design effect's 1.234) but rounded half away from zero, as every number of a report
    (:func:`~pandas_agree.base.rounding.rounded_text`).

    Examples
    --------
    >>> from pandas_agree.report.display import significant
    >>> significant(95.0), significant(1.23465, 5), significant(float("inf")), significant(2.5e-07)
    ('95', '1.2347', 'inf', '2.5e-07')
    """
    return rounded_text(float(x), digits, "g")


def fixed(x, decimals: int) -> str:
    """A number with ``decimals`` decimals whatever its size, as SPSS shows expected counts and residuals (one
    decimal: 1043.0 beside 711.5); blank where missing."""
    return MISSING if _is_missing(x) else _fixed(x, decimals)


def _fixed(x, decimals: int) -> str:
    """A number with ``decimals`` decimals ("inf" where infinite)."""
    x = float(x)
    if math.isinf(x):
        return Shown("inf" if x > 0 else "-inf", x, "0")
    return _shown(_places(x, decimals), x, _decimal_format(decimals))


_places = rounded_text
"""``_places(x, decimals)``: ``x`` with ``decimals`` decimals, rounded half away from zero as SPSS rounds (6.25 with
one decimal is "6.3"), a number that rounds to 0 without a sign ("0.000", not "-0.000", for a round-off of
−8·10⁻¹⁷; as Excel shows it): :func:`~pandas_agree.base.rounding.rounded_text`."""


MAX_DECIMALS = 9
"""The most decimals a number is shown with; a standard error below 10⁻⁹ is shown in scientific notation."""


def se_decimals(x, digits: int = 3) -> int | None:
    """The decimals that show at least two significant digits of a standard error ``x``: ``digits`` where they do
    (SPSS's three decimals, from 0.01 up), more below (0.0012, 0.000047); None where even :data:`MAX_DECIMALS`
    would not (then scientific notation).

    Examples
    --------
    >>> from pandas_agree.report.display import se_decimals
    >>> se_decimals(0.0123), se_decimals(0.00123), se_decimals(4.7e-5), se_decimals(0.0), se_decimals(3e-12)
    (3, 4, 6, 3, None)
    """
    x = abs(float(x))
    if not math.isfinite(x) or x == 0 or x >= 10.0 ** (1 - digits):
        return digits
    needed = 1 - math.floor(math.log10(x))
    return needed if needed <= MAX_DECIMALS else None


def se(x, digits: int = 3) -> str:
    """A standard error, with at least two significant digits: three decimals (as SPSS prints it) where they show
    two, more where the SE is smaller (at 10⁶ rows an SE of 0.00047 shows as "0.00047", not "0.000").

    Examples
    --------
    >>> from pandas_agree.report.display import se
    >>> se(0.0483), se(0.00047123), se(0.0), se(2.5e-12), se(429013.7), se(1.3194e14)
    ('0.048', '0.00047', '0.000', '2.5e-12', '429014', '1.319e+14')
    >>> se(0.00047123).excel_format
    '0.00000'
    """
    if _is_missing(x) or math.isinf(float(x)):
        return value(x, digits)
    x = float(x)
    decimals = _decimals_up_to(abs(x), digits)
    if decimals is None:
        return _scientific(x)
    decimals = se_decimals(x, decimals)
    if decimals is None:
        return Shown(rounded_text(x, 1, "e"), x, "0.0E+00")
    return _shown(rounded_text(x, decimals), x, _decimal_format(decimals))


def bound_decimals(x, lower, upper, decimals: int) -> int:
    """The decimals of an interval's ends beside the value ``x`` shown with ``decimals``: those, unless an end that
    differs from ``x`` would then read as ``x`` (the interval would collapse onto the value, as at 10⁶ rows); then
    enough to show two significant digits of the nearest such end's distance from ``x`` (at most
    :data:`MAX_DECIMALS`; an end closer than that is the value but for round-off).

    Examples
    --------
    >>> from pandas_agree.report.display import bound_decimals
    >>> bound_decimals(0.5, 0.4997, 0.5003, 3), bound_decimals(0.5, 0.45, 0.55, 3), bound_decimals(1.0, 0.99, 1.0, 3)
    (5, 3, 3)
    """
    try:
        x, ends = float(x), [float(lower), float(upper)]
    except (TypeError, ValueError):
        return decimals
    if not math.isfinite(x):
        return decimals
    # only an end within two units of the last decimal of the value may read as it
    unit = 2 * 10.0 ** -decimals
    alike = [end for end in ends if math.isfinite(end) and end != x and abs(end - x) < unit]
    if alike:
        shown = _places(x, decimals)
        alike = [end for end in alike if _places(end, decimals) == shown]
    gap = min([abs(end - x) for end in alike], default=0.0)
    return decimals if gap == 0 else _gap_decimals(gap, decimals)


def _gap_decimals(gap: float, decimals: int) -> int:
    """:func:`bound_decimals` given the distance ``gap`` (not 0) from the value of the nearest end that differs from
    it but reads as it with ``decimals``: enough for two significant digits of it."""
    needed = 1 - math.floor(math.log10(gap))
    # an end closer than 10⁻⁹ is the value but for round-off (an average of a constant): shown as the value
    return max(decimals, needed) if needed <= MAX_DECIMALS else decimals


def interval(lower, upper, digits: int = 3, *, like=(), value_shown=None, se=None) -> str:
    """An interval "[lower, upper]", both ends with the same decimals (and those of the numbers ``like``); with
    ``value_shown`` (the value the interval goes with), more decimals where the ends would read as the value (see
    :func:`bound_decimals`); with ``se`` (the value's standard error), at least the decimals it is shown with, as
    :func:`value` shows the value.

    Examples
    --------
    >>> from pandas_agree.report.display import interval
    >>> interval(0.41, 0.62), interval(0.49967, 0.50007), interval(0.49967, 0.50007, value_shown=0.49987)
    ('[0.410, 0.620]', '[0.500, 0.500]', '[0.49967, 0.50007]')
    >>> interval(748697.5, 2548591.1), interval(1.4113e15, 1.9518e15)
    ('[748698, 2548591]', '[1.411e+15, 1.952e+15]')
    """
    if _is_missing(lower) or _is_missing(upper):
        return MISSING
    decimals = _interval_places(lower, upper, digits, like, value_shown, se)
    if decimals is None:
        significant = SIGNIFICANT if value_shown is None or _is_missing(value_shown) else \
            _scientific_digits(value_shown, lower, upper)
        return f"[{_scientific(float(lower), significant)}, {_scientific(float(upper), significant)}]"
    return f"[{_fixed(lower, decimals)}, {_fixed(upper, decimals)}]"


def value_and_interval(x, lower, upper, digits: int = 3, *, se=None, alone: bool = False) -> tuple[str, str]:
    """A value and its interval in two cells: ``value(x, digits, like=(lower, upper), inside=(lower, upper),
    se=se)`` and ``interval(lower, upper, digits, like=(x,), value_shown=x, se=se)``, the decimals they share (those
    of the three numbers and the SE, and those of the ends, :func:`bound_decimals`) found once. With ``alone``,
    the value's decimals are its own (``value(x, digits, inside=(lower, upper), se=se)``, not like its ends).

    Examples
    --------
    >>> from pandas_agree.report.display import value_and_interval
    >>> value_and_interval(0.41, 0.38, 0.44, se=0.015), value_and_interval(0.999752, 0.99908, 0.99993)
    (('0.410', '[0.380, 0.440]'), ('0.99975', '[0.99908, 0.99993]'))
    >>> value_and_interval(950.0, 900.0, 1020.0), value_and_interval(950.0, 900.0, 1020.0, alone=True)
    (('950.0', '[900.0, 1020.0]'), ('950.000', '[900.0, 1020.0]'))
    """
    if isinstance(x, float) and isinstance(lower, float) and isinstance(upper, float) and \
            abs(x) < math.inf and abs(lower) < math.inf and abs(upper) < math.inf:
        decimals = _decimals_up_to(max(abs(x), abs(lower), abs(upper)), digits)
        if decimals is not None and (not alone or _decimals_up_to(abs(x), digits) == decimals):  # else as value() and
            # interval() show them (scientific notation, or a value with decimals of its own)
            decimals = centre_decimals(x, decimals, se=se, ends=(lower, upper), digits=digits)
            if decimals is not None:  # else the value's significant digits in scientific notation
                x, lower, upper = float(x), float(lower), float(upper)
                unit = 2 * 10.0 ** -decimals  # bound_decimals' test first: no end within two units of the value
                ends = decimals if (lower == x or abs(lower - x) >= unit) and (upper == x or abs(upper - x) >= unit) \
                    else bound_decimals(x, lower, upper, decimals)
                shown = decimals if ends == decimals else inside_decimals(x, lower, upper, decimals)
                return (_shown(_places(x, shown), x, _decimal_format(shown)),
                        f"[{_places(lower, ends)}, {_places(upper, ends)}]")
    return (value(x, digits, like=() if alone else (lower, upper), inside=(lower, upper), se=se),
            interval(lower, upper, digits, like=(x,), value_shown=x, se=se))


def _interval_places(lower, upper, digits: int, like=(), value_shown=None, se=None) -> int | None:
    """The decimals of an interval's ends as :func:`interval` shows them (None: scientific notation)."""
    decimals = _decimals((lower, upper, *like), digits)
    if decimals is None:
        return None
    shown = None if value_shown is None or _is_missing(value_shown) else float(value_shown)
    # the ends at least as fine as the value (as the value's SE, or its own digits where it reads as 0)
    decimals = centre_decimals(math.nan if shown is None else shown, decimals, se=se, ends=(lower, upper),
                               digits=digits) or decimals
    if shown is not None:
        decimals = bound_decimals(value_shown, lower, upper, decimals)
    return decimals


def with_interval(x, lower, upper, digits: int = 3) -> str:
    """A value and its interval, "value [lower, upper]", all with the same decimals: three (SPSS's), more where
    an end would read as the value (see :func:`bound_decimals`), the value then with its ends' decimals too
    (0.82699 [0.82686, 0.82712], not 0.827 [0.82686, 0.82712])."""
    if isinstance(x, float) and isinstance(lower, float) and isinstance(upper, float) and \
            abs(x) < math.inf and abs(lower) < math.inf and abs(upper) < math.inf:
        largest = max(abs(x), abs(lower), abs(upper))
        if largest < WHOLE_FROM:
            shown = _plain_with_interval(x, lower, upper, max(digits - 2, 0) if largest >= 1000 else digits)
            if shown is not None:
                return shown
    return _with_interval(x, lower, upper, digits)


def _plain_with_interval(x: float, lower: float, upper: float, decimals: int, gap: float | None = None) -> Shown | None:
    """:func:`with_interval` of finite floats below :data:`WHOLE_FROM` (every value of a table of measures with its
    interval), ``decimals`` those of the largest of them: what :func:`value`, :func:`interval` and
    :func:`bound_decimals` make of them, found at once, each number formatted once where the ends keep the
    value's decimals. None where the value would read as 0 or outside its interval (:func:`_with_interval` shows
    those). ``gap``: the distance from the value of the nearest end that differs from it but reads as it with
    ``decimals`` (inf where none does), where the caller knows it; else it is found from the texts."""
    if x != 0 and abs(x) < 0.5 * 10.0 ** -decimals:  # a small value, with its significant digits
        return None
    texts = None
    if gap is None:
        texts = text, low, high = _places(x, decimals), _places(lower, decimals), _places(upper, decimals)
        gap = min(abs(lower - x) if lower != x and low == text else math.inf,
                  abs(upper - x) if upper != x and high == text else math.inf)
    if gap < math.inf:  # an end that differs reads as the value: the value with its ends' decimals too
        ends = _gap_decimals(gap, decimals)
        if ends > decimals:
            decimals, texts = ends, None
    if texts is None:
        texts = _places(x, decimals), _places(lower, decimals), _places(upper, decimals)
    text, low, high = texts
    # the value would read outside its interval: as value(inside=...) shows it (where no end reads as the value,
    # the ends have the value's decimals and rounding keeps their order: it reads inside)
    if gap < math.inf and ((lower != x and low == text) or (upper != x and high == text)) and \
            inside_decimals(x, lower, upper, decimals) != decimals:
        return None
    ends = f"[{low}, {high}]"
    return _shown(f"{text} {ends}", x, _decimal_format(decimals), ends)


def _with_interval(x, lower, upper, digits: int) -> str:
    ends = interval(lower, upper, digits, like=(x,), value_shown=x)
    places = None if _is_missing(lower) or _is_missing(upper) else \
        _interval_places(lower, upper, digits, (x,), x)
    shown = value(x, digits, like=(lower, upper), inside=(lower, upper), places=places)
    text = f"{shown} {ends}"
    return Shown(text, shown.number, shown.excel_format, ends) if isinstance(shown, Shown) else text


def with_intervals(values: np.ndarray, lowers: np.ndarray, uppers: np.ndarray, digits: int = 3) -> list[str]:
    """:func:`with_interval` of each value with its interval (float arrays of one shape, read in C order: a
    column, or a whole table at once), what can be decided for all cells found at once: their decimals; the cells
    that need no more thought, finite numbers below :data:`WHOLE_FROM` whose ends are the value or further from it
    than a unit of the last decimal (rounded, they differ), none of which would read as 0 or −0, formatted directly
    (with the text :func:`with_interval` gives them); and for the other finite cells, the distance of the nearest
    end that reads as the value (from the numbers rounded to the cell's decimals, where none is so close to half a
    unit of the last decimal that its rounding is in doubt). :func:`with_interval`'s functions decide the rest."""
    numbers = np.stack([np.asarray(x, dtype=float).ravel() for x in (values, lowers, uppers)])  # 3 rows: value, ends
    with np.errstate(all="ignore"):  # NaN and huge numbers are not formatted here
        sizes = np.abs(numbers)
        largest = sizes.max(axis=0)  # NaN where one is NaN
        finite = largest < WHOLE_FROM  # finite numbers below WHOLE_FROM (_plain_with_interval's)
        decimals = np.where(largest >= 1000, max(digits - 2, 0), digits)
        scale = 10.0 ** decimals  # the numbers in units of the last decimal
        units = sizes * scale
        distances = np.abs(numbers[1:] - numbers[0]) * scale
        direct = finite & ((numbers[1:] == numbers[0]) | (distances > 1.01)).all(axis=0) & \
            ((numbers[0] == 0) | (units[0] >= 1)) & ~(np.signbit(numbers) & (units < 1)).any(axis=0)  # not "-0.000"
        kinds = finite.astype(np.int8) + direct  # 2: direct, 1: other finite, 0: any other
        gaps = np.full(numbers.shape[1], np.inf)
        # the other finite cells: which ends read as the value (their numbers rounded to the cell's decimals are
        # the same), where no number is within a few units of its last bit of half a unit of the last decimal
        # (where rounding could go either way: _plain_with_interval decides those by the text)
        rest = np.flatnonzero(kinds == 1)
        if rest.size:
            scaled = numbers[:, rest] * scale[rest]
            whole = np.floor(scaled)
            fraction = scaled - whole
            clear = (np.abs(fraction - 0.5) > 4 * np.spacing(np.abs(scaled))).all(axis=0)
            rounded = whole + (fraction > 0.5)
            alike = (numbers[1:, rest] != numbers[0, rest]) & (rounded[1:] == rounded[0])
            gaps[rest] = np.where(alike, np.abs(numbers[1:, rest] - numbers[0, rest]), np.inf).min(axis=0)
            kinds[rest] += 2 * clear  # 3: the gap known
    # the direct cells' numbers as text, all at once (C order: their values, then their lower and upper ends), and
    # their texts "value [lower, upper]"
    cells = np.flatnonzero(kinds == 2)
    places, n = decimals[cells], cells.size
    listed = rounded_text(numbers[:, cells], int(places[0]) if n and (places == places[0]).all() else places)
    ends = [f"[{low}, {high}]" for low, high in zip(listed[n:2 * n], listed[2 * n:], strict=True)]
    direct = iter(zip([f"{text} {cell}" for text, cell in zip(listed[:n], ends, strict=True)], ends, strict=True))
    values, lowers, uppers = numbers.tolist()
    gaps, kinds = gaps.tolist(), kinds.tolist()
    out = []
    formats: dict[int, str] = {}  # the Excel number format, by decimals
    for x, lower, upper, places, kind, gap in zip(values, lowers, uppers, decimals.tolist(), kinds, gaps, strict=True):
        if kind == 2:
            text, interval = next(direct)
            excel_format = formats.get(places)
            if excel_format is None:
                excel_format = formats[places] = _decimal_format(places)
            shown = _new_text(Shown, text)
            shown.number, shown.excel_format, shown.interval = x, excel_format, interval
            out.append(shown)
        else:
            shown = _plain_with_interval(x, lower, upper, places, gap if kind == 3 else None) if kind else None
            out.append(_with_interval(x, lower, upper, digits) if shown is None else shown)
    return out


def pvalue(p) -> str:
    if _is_missing(p):
        return MISSING
    p = float(p)
    return _shown("<0.001" if p < 0.001 else rounded_text(p, 3), p, P_FORMAT)


def measure_name(code: str, weighted: bool = False) -> str:
    """The name of the measure ``code`` (the code itself where no record has it); with agreement weights
    (``weighted``), a coefficient that took them is named as weighted (:func:`~pandas_agree.measures.multiclass.
    row_name`: "Gwet's AC2", "weighted Scott's pi").

    Examples
    --------
    >>> from pandas_agree.report.display import measure_name
    >>> measure_name("AC1"), measure_name("AC1", weighted=True), measure_name("SPI", weighted=True)
    ("Gwet's AC1", "Gwet's AC2", "weighted Scott's pi")
    """
    m = REGISTRY.get(code)
    if m is None:
        return code
    return row_name(m, weighted) if weighted else m.name


def percent(x, *, small: bool = False) -> str:
    """A percentage with one decimal, as SPSS shows a crosstab's; with ``small``, one that is not 0 but would read
    as 0.0% with two significant digits, as a standard error is shown (0.012% of all rows, among the confusions of
    300 classes).

    Examples
    --------
    >>> from pandas_agree.report.display import percent
    >>> percent(12.345), percent(0.0123), percent(0.0123, small=True), percent(0.0), percent(-0.04, small=True)
    ('12.3%', '0.0%', '0.012%', '0.0%', '-0.040%')
    """
    if _is_missing(x):
        return MISSING
    x = float(x)
    decimals = 1
    if small and math.isfinite(x) and _reads_as_zero(x, 1):
        decimals = se_decimals(x, 1) or 1
    return _shown(f"{_places(x, decimals)}%", x / 100, f"0.{'0' * decimals}%")


def is_number(x) -> bool:
    return isinstance(x, (int, float, np.integer, np.floating)) and not isinstance(x, bool)
