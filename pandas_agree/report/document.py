"""The tables of a report laid out once, as rows of display text, for every renderer (text and HTML)."""

from __future__ import annotations

import re
import string
import weakref
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from itertools import compress
from typing import ClassVar

import numpy as np
import pandas as pd

from ..base.frames import name_list
from ..base.spelling import on_command_line
from ..inference.association import (
    CATANOVA_SIG,
    COLUMNS_DEPENDENT,
    LR_SIG,
    PEARSON_SIG,
    RECORDS,
    ROWS_DEPENDENT,
    T_SIG,
    ZERO_ASE,
)
from . import display
from .ranking import class_limit, every_class, exceeds, kept, rank, sort_measure

__all__ = ["DEFF", "FRAME_DEPENDENT", "TEST_HEADINGS", "CountPlaces", "Document", "Section", "Table", "columns_of",
           "count_places", "counted_statistic", "crosstab_section", "directional_notes", "footnote_letters",
           "footnotes_by_row", "frame_table", "has_deff",
           "keep_columns", "laid_out", "layered_crosstab", "read_columns", "section", "statistics_tables", "stub_parts",
           "test_statistics", "tests_table"]


def _text(x) -> str:
    """A title, header or row label as text: strings as they are, anything else (an integer or a tuple as a column
    name, a Timestamp) as a label is shown."""
    return x if isinstance(x, str) else display.label(x)


@dataclass
class Table:
    """A titled table of display text. ``rows`` holds (label, cells) pairs; a pair (text, None) is a row of text
    across the whole table (such as "… 60 classes not shown …"). A table without columns is a title with its
    footnotes. A column title may hold a newline: the header then takes two lines. ``total_row`` is True (or a
    number n) when the last row (the last n rows) is the total; ``total_column`` is True when the last column is
    (a crosstab's margins: the HTML report makes both bold). ``companions`` holds the positions of columns
    that belong to the column before them (the design effect beside a value): a table cut into parts never
    separates them from it. ``stub_split`` is, in a crosstab with SPSS's cell statistics, the position in each row
    label where the statistic's name begins: the row's label before it (padded with spaces) and the statistic
    are two stub columns, as SPSS shows them; the text report keeps them side by side in its fixed-width stub, the
    HTML report gives each its own column (0: one stub column); a tuple of positions splits the stub into more
    columns (a layered crosstab: the layer, the row variable, the row's label and the statistic, as SPSS nests
    them), the stub's title split at the same places. ``rules`` holds the positions of rows that begin a block
    (a layer of a layered crosstab): a rule is drawn above each. ``layer_stubs`` is the number of the first stub
    columns that hold the layer variables' values (each on a layer's first row), which a page a table goes on to
    repeats."""

    title: str
    columns: list[str]
    rows: list
    stub: str = ""
    footnotes: list[str] = field(default_factory=list)
    column_title: str | None = None
    highlight: set = field(default_factory=set)  # (row, column) positions in ``rows`` of cells to mark
    total_row: bool | int = False  # whether the last row (the last n rows) is a total (shown after a rule)
    companions: set = field(default_factory=set)  # columns that go with the column before them (a value's DEFF)
    total_column: bool = False  # whether the last column is a total (a crosstab's margin)
    stub_split: int | tuple[int, ...] = 0  # where each row label's further stub columns begin; 0: none
    rules: set = field(default_factory=set)  # positions in ``rows`` of rows with a rule above them (a new layer)
    layer_stubs: int = 0  # the stub columns that hold layer values: repeated where a printed page goes on mid-layer

    def __post_init__(self) -> None:
        # any hashable may name a variable or a column (0, ("a", 1), a Timestamp): every renderer gets text
        self.title, self.stub = _text(self.title), _text(self.stub)
        self.columns = [_text(c) for c in self.columns]
        self.column_title = None if self.column_title is None else _text(self.column_title)
        self.rows = [(_text(label), cells) for label, cells in self.rows]


def stub_parts(t: Table, label: str) -> list[str]:
    """A row label (or the stub's title) as the stub's columns show it, cut where ``t.stub_split`` says (each
    part but the last without its padding); the label whole where the stub is one column.

    Examples
    --------
    >>> from pandas_agree.report.document import Table, stub_parts
    >>> t = Table("t", ["x"], [], stub_split=(3, 9))
    >>> stub_parts(t, "A  Admit Count"), stub_parts(Table("t", ["x"], []), "A  Count")
    (['A', 'Admit', 'Count'], ['A  Count'])
    """
    splits = t.stub_split if isinstance(t.stub_split, tuple) else (t.stub_split,) if t.stub_split else ()
    if not splits:
        return [label]
    ends = [0, *splits, None]
    parts = [label[ends[k]:ends[k + 1]] for k in range(len(ends) - 1)]
    return [part.rstrip() for part in parts[:-1]] + parts[-1:]


@dataclass
class Section:
    """One section of a report: an optional heading (a group), its tables, its notes and an optional figure."""

    heading: str | None
    tables: list[Table]
    notes: list[str]
    figure: object = None  # a callable returning a matplotlib figure, for the HTML page


@dataclass
class Document:
    """A whole report as the renderers see it; ``long_labels`` holds (shown form, whole text) of each label the
    report shows cut (see :func:`laid_out`)."""

    title: str
    meta: str
    sections: list[Section]
    long_labels: list[tuple[str, str]] = field(default_factory=list)


def _long_texts(report) -> set[str]:
    """The texts longer than :data:`~pandas_agree.report.display.LABEL_LIMIT` among the labels, column labels and
    axis names of the report's frames and its groups: what notes and titles may hold whole."""
    values = []
    arrow: list[tuple[pd.Index, pd.Index, int]] = []  # labels of a pyarrow string dtype: measured together
    checked: set[int] = set()  # the frames of a report may share label indexes: each is read once
    for frame in vars(report).values():
        if isinstance(frame, pd.DataFrame):
            for axis in (frame.index, frame.columns):
                values.extend(axis.names)
                for level in range(axis.nlevels):
                    # a level's distinct values first (a MultiIndex's levels may hold some no row uses: read the
                    # values themselves only where one of them is long)
                    labels = axis.levels[level] if axis.nlevels > 1 else axis
                    if labels.dtype.kind not in "OUS" or id(labels) in checked:
                        continue  # numbers, or labels read already
                    checked.add(id(labels))
                    if _arrow_text(labels):
                        arrow.append((labels, axis, level))
                    elif _may_be_long(labels):
                        values.extend(_used(axis, level))
    if arrow and _longest([labels for labels, _, _ in arrow]) > display.LABEL_LIMIT:  # some label is long: which
        values.extend(x for labels, axis, level in arrow if _may_be_long(labels) for x in _used(axis, level))
    values.extend([getattr(report, "by", None), *getattr(report, "groups", {})])
    return {text for x in values if x is not None and len(text := str(x)) > display.LABEL_LIMIT}


def _used(axis: pd.Index, level: int) -> list:
    """The labels of ``axis`` (of its level ``level``) that may be long: all but the text of at most
    :data:`~pandas_agree.report.display.LABEL_LIMIT` characters."""
    labels = axis.get_level_values(level) if axis.nlevels > 1 else axis
    return [x for x in labels.tolist() if type(x) is not str or len(x) > display.LABEL_LIMIT]


def _arrow_text(labels: pd.Index) -> bool:
    """Whether ``labels`` are of a string dtype stored by pyarrow (whose lengths pyarrow finds at once)."""
    return isinstance(labels.dtype, pd.StringDtype) and str(labels.dtype.storage).startswith("pyarrow")


def _longest(indexes: list[pd.Index]) -> int:
    """The length of the longest label (in code points, as len() counts them) of indexes of a pyarrow string
    dtype, found in one pass of pyarrow over all of them (0 where there is none)."""
    import pyarrow as pa
    import pyarrow.compute as pc

    chunks: dict = {}  # by their arrow type (string, large string): a chunked array holds one
    for labels in indexes:
        for chunk in labels.array.__arrow_array__().chunks:
            chunks.setdefault(chunk.type, []).append(chunk)
    lengths = [pc.max(pc.utf8_length(pa.chunked_array(same, type=kind))).as_py() for kind, same in chunks.items()]
    return max([0, *(n for n in lengths if n is not None)])


def _may_be_long(labels: pd.Index) -> bool:
    """Whether some label of ``labels`` may show longer than :data:`~pandas_agree.report.display.LABEL_LIMIT`: for
    labels of a string dtype, from their lengths at once; for other labels (objects, whose text is their str),
    True."""
    dtype = labels.dtype
    if not isinstance(dtype, pd.StringDtype):
        return True
    if str(dtype.storage).startswith("pyarrow"):  # the lengths in code points, as len() counts them
        return _longest([labels]) > display.LABEL_LIMIT
    longest = labels.str.len().max()
    return bool(pd.notna(longest) and longest > display.LABEL_LIMIT)  # None, NaN or NA: no label present


_LAID_OUT: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def laid_out(report) -> Document:
    """``report.document()`` as every renderer shows it: each label longer than
    :data:`~pandas_agree.report.display.LABEL_LIMIT` characters cut ("aaaa…aaaa (2,097,152 characters)") in titles,
    headings, tables, footnotes and notes, and the whole text of each label so cut once, in
    :attr:`Document.long_labels`. Linear in the length of the labels: a label of megabytes prints in a fraction of
    a second. Labels that would print alike (``1`` and ``"1"``) or as nothing (``""``) are shown as Python writes
    them (``'1'``, ``''``) throughout, every other label as it is (:func:`~.display.labels_apart`, over the
    report's :meth:`label_sets`). Laid out once per report (a report does not change once made): its text, HTML
    and Excel exports share the document."""
    if report not in _LAID_OUT:
        _LAID_OUT[report] = _laid_out(report)
    return _LAID_OUT[report]


def _laid_out(report) -> Document:
    with display.labels_apart(*report.label_sets(), reserved=report.headings()), display.long_labels() as found:
        doc = report.document()
        wholes = _long_texts(report) | set(found.shown)

        def short(text):
            if not isinstance(text, str) or isinstance(text, display.Shown) or len(text) <= display.LABEL_LIMIT:
                return text
            return display.shorten(text, {whole: display.cut(whole) for whole in wholes if whole in text})

        if not wholes and not _may_cut(_texts(doc)):
            return replace(doc, long_labels=[*doc.long_labels, *found.entries()])  # nothing to cut: as laid out
        sections = []
        for sec in doc.sections:
            tables = [replace(t, title=short(t.title), stub=short(t.stub), columns=[short(c) for c in t.columns],
                              column_title=short(t.column_title),
                              rows=[(short(label), None if cells is None else [short(c) for c in cells])
                                    for label, cells in t.rows],
                              footnotes=[short(n) for n in t.footnotes]) for t in sec.tables]
            sections.append(replace(sec, heading=short(sec.heading), tables=tables,
                                    notes=[short(n) for n in sec.notes]))
        doc = replace(doc, title=short(doc.title), meta=short(doc.meta), sections=sections)
    return replace(doc, long_labels=[*doc.long_labels, *found.entries()])


def _texts(doc: Document) -> list:
    """Every text of ``doc`` that :func:`laid_out` may cut: titles, headings, column titles, row labels, cells,
    footnotes and notes ("" where a heading or a column title is missing)."""
    texts = [doc.title, doc.meta]
    for sec in doc.sections:
        texts.append(sec.heading or "")
        texts += sec.notes
        for t in sec.tables:
            texts += (t.title, t.stub, t.column_title or "", *t.columns, *t.footnotes)
            for label, cells in t.rows:
                texts.append(label)
                if cells is not None:
                    texts += cells
    return texts


def _may_cut(texts: list) -> bool:
    """Whether :func:`~.display.shorten` may change one of ``texts`` where no label of the report is long: free
    text (not a shown number) longer than :data:`~.display.LABEL_LIMIT` with a run of more than that many
    characters without a space (:func:`~.display.has_long_run`: a word of ``str.split``, which splits at the same
    spaces)."""
    try:  # the long ones picked at C speed (every text has a length), then the free text among them
        long = list(compress(texts, map(display.LABEL_LIMIT.__lt__, map(len, texts))))
    except TypeError:  # a None or a number among them
        long = [text for text in texts if isinstance(text, str) and len(text) > display.LABEL_LIMIT]
    free = [text for text in long if isinstance(text, str) and not isinstance(text, display.Shown)]
    return max(map(len, " ".join(free).split()), default=0) > display.LABEL_LIMIT


def frame_table(title: str, frame: pd.DataFrame, *, stub: str = "", footnotes: list[str] = (),
                formats: dict | None = None, headings: dict | None = None) -> Table:
    """A Table from a DataFrame; ``formats`` maps a column to a display function (default: values; standard errors,
    the columns named "se", with at least two significant digits), ``headings`` a column to its heading (default:
    its name)."""
    formats = {**{c: display.se for c in frame.columns if isinstance(c, str) and c.lower() == "se"},
               **(formats or {})}
    rows = []
    for i, idx in enumerate(frame.index):  # by position: labels may be tuples, booleans, NaN or repeated
        cells = []
        for j, col in enumerate(frame.columns):
            v = frame.iat[i, j]
            fmt = formats.get(col)
            if fmt is not None:
                cells.append(fmt(v))
            elif isinstance(v, str) or v is None:
                cells.append("" if v is None else v)
            elif pd.isna(v):
                cells.append(display.MISSING)
            else:
                cells.append(display.value(v))
        rows.append((display.label(idx), cells))
    headings = headings or {}
    return Table(title, [headings.get(c, display.label(c)) for c in frame.columns], rows, stub=stub,
                 footnotes=list(footnotes))


def footnote_letters(methods: list[str]) -> tuple[dict[str, str], list[str]]:
    """Footnote letters for distinct method texts."""
    unique = list(dict.fromkeys(m for m in methods if m))
    letters = dict(zip(unique, string.ascii_lowercase, strict=False))
    return letters, [f"{letters[m]}. {m}" for m in unique]


_FLOAT = np.dtype(np.float64)


class _Columns:
    """The columns of a frame, each taken as a list of its cells by its position, the frame read once: a frame of
    measures (columns (measure, statistic)) of numbers as one float array, any other as one array of Python objects
    (each column's cells as its list would hold them). The formatting then reads lists, not the frame cell by cell,
    and no column is made a Series (which would copy the frame's attrs, the notes and methods of every class, into
    each one)."""

    def __init__(self, frame: pd.DataFrame) -> None:
        self.frame = frame
        self.columns = frame.columns
        self._rows = len(frame.index)
        array = None
        if isinstance(frame.columns, pd.MultiIndex):  # measures with their intervals: numbers, read as floats
            array = frame.to_numpy()  # numpy's common type: floats where every column holds numbers (no bools)
        self._array = array if array is not None and array.dtype == _FLOAT else frame.to_numpy(dtype=object)
        self._positions: dict | None = None
        self._keys: list | None = None
        self._index: list | None = None

    @property
    def index(self) -> list:
        """The frame's row labels as a list."""
        if self._index is None:
            self._index = self.frame.index.tolist()
        return self._index

    def rows(self, positions: list[int], frame: pd.DataFrame) -> _Columns:
        """The columns of ``frame``, which holds the rows ``positions`` of the frame read here with the same
        columns (taken by position), without reading it again."""
        out = object.__new__(_Columns)
        out.frame, out.columns, out._rows = frame, frame.columns, len(positions)
        out._array = self._array[positions]
        same = frame.columns is self.columns
        out._positions, out._keys = (self._positions, self._keys) if same else (None, None)
        index = self.index
        out._index = [index[i] for i in positions]
        return out

    def __len__(self) -> int:
        return self._rows

    def _by_key(self) -> dict:
        """The position of each column by its key (None for a repeated one), made once: MultiIndex.get_loc costs
        more per key, and a test of a key on a new Index makes its hash table."""
        if self._positions is None:
            keys = self.keys()
            positions = dict(zip(keys, range(len(keys)), strict=True))
            if len(positions) < len(keys):  # a repeated title: get_loc decides
                positions.update((key, None) for key, n in Counter(keys).items() if n > 1)
            self._positions = positions
        return self._positions

    def keys(self) -> list:
        """The columns' keys (tuples for a MultiIndex), in their order."""
        if self._keys is None:
            self._keys = _keys(self.columns)
        return self._keys

    def measures(self) -> list:
        """The measures (or averaging methods) of a frame of measures in the order of its columns, each once, as
        :func:`~.ranking.shown_measures` gives them."""
        if isinstance(self.columns, pd.MultiIndex):
            return list(dict.fromkeys(key[0] for key in self.keys()))
        return list(self.keys())

    def has_deff(self) -> bool:
        """Whether the frame carries design effects, as :func:`has_deff` finds."""
        if isinstance(self.columns, pd.MultiIndex):
            return any(key[-1] == "deff" for key in self.keys())
        return "deff" in self.keys()

    def __contains__(self, key) -> bool:
        """Whether ``key`` is a column (of a MultiIndex, a key of its first level), as ``key in frame.columns``."""
        if isinstance(self.columns, pd.MultiIndex):
            return key in self.columns
        return key in self._by_key()

    def position(self, key) -> int:
        found = self._by_key().get(key)
        return found if found is not None else self.columns.get_loc(key)

    def floats(self, keys: list) -> np.ndarray | None:
        """The columns ``keys`` as a float array (a column of it for each key) where the frame is all floats (None
        otherwise)."""
        if self._array.dtype != _FLOAT:
            return None
        return self._array[:, [self.position(key) for key in keys]]

    def __call__(self, key) -> list:
        return self._array[:, self.position(key)].tolist()

    def floats_of(self, key) -> np.ndarray:
        """The column ``key`` as floats (NaN for a missing value), or NaN in every row where the frame has no such
        column: what ``frame[key].to_numpy(dtype=float)`` gives, without making the column a Series."""
        if key not in self:
            return np.full(self._rows, np.nan)
        return np.asarray(self._array[:, self.position(key)], dtype=float)


def _keys(columns: pd.Index) -> list:
    """The keys of ``columns`` as Python objects; a MultiIndex's tuples made from its levels and codes (its values,
    which pandas makes once for each index, take longer: the text of every level is converted)."""
    if isinstance(columns, pd.MultiIndex):
        levels = [[*level.tolist(), np.nan] for level in columns.levels]  # a code of -1 is a missing value
        columns = [[level[c] for c in codes.tolist()] for level, codes in zip(levels, columns.codes, strict=True)]
        return list(zip(*columns, strict=True))
    return columns.tolist()


def read_columns(frame: pd.DataFrame) -> _Columns:
    """``frame``'s columns for :func:`_column`, read once (see :class:`_Columns`)."""
    return _Columns(frame)


_READ: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
"""The columns of a report's frames that the report read as it made them (:func:`keep_columns`), by report and by
the frame's id."""


def keep_columns(report, columns: _Columns) -> None:
    """Keep ``columns`` (:func:`read_columns` of one of ``report``'s frames, read as the report made it) for
    :func:`columns_of`: the document reads the frame's values from them, not from the frame again."""
    _READ.setdefault(report, {})[id(columns.frame)] = columns


def columns_of(report, frame: pd.DataFrame) -> _Columns:
    """:func:`read_columns` of a frame of ``report``: the columns the report kept as it made the frame
    (:func:`keep_columns`), where it still holds that frame, else the frame read now."""
    held = _READ.get(report, {}).get(id(frame))
    return held if held is not None and held.frame is frame else _Columns(frame)


def _column(frame: _Columns, key) -> list:
    """The column ``key`` of a frame (pass ``read_columns(frame)``) as a list of its cells, by its position."""
    return frame(key)


def _with_intervals(frame: _Columns, keys: list) -> list[list[str]]:
    """The values of each measure of ``keys`` in every row (a list for each measure), each with its interval when
    the frame has one; a frame of floats is formatted at once (:func:`~.display.with_intervals`)."""
    if isinstance(frame.columns, pd.MultiIndex):
        arrays = [frame.floats([(key, stat) for key in keys]) for stat in ("value", "lower", "upper")]
        if all(a is not None for a in arrays):  # a measure after another: the transposed tables read in order
            cells, n = display.with_intervals(*(a.T for a in arrays)), len(frame)
            return [cells[k * n:(k + 1) * n] for k in range(len(keys))]
        return [[display.with_interval(v, lower, upper) for v, lower, upper in
                 zip(*(_column(frame, (key, stat)) for stat in ("value", "lower", "upper")), strict=True)]
                for key in keys]
    return [[display.value(v) for v in _column(frame, key)] for key in keys]


DEFF = "DEFF"
"""The title of a design effect's column: beside each value of a report of a complex sample (SPSS Complex Samples'
"Design Effect")."""

DEFF_NOTE = "DEFF: the design effect of the value on its left (see the notes)."


def has_deff(frame: pd.DataFrame) -> bool:
    """Whether a frame of measures (columns (key, stat) or stats) carries design effects (a complex sample)."""
    columns = frame.columns
    if isinstance(columns, pd.MultiIndex):  # among the statistics a column uses (its level's codes)
        stats = columns.levels[-1]
        return "deff" in stats and bool((columns.codes[-1] == stats.get_loc("deff")).any())
    return "deff" in columns


def _deffs(frame: _Columns, keys: list) -> list[list[str]]:
    """The design effects of each measure of ``keys`` in every row (a list for each measure), with two decimals."""
    return [display.values(_column(frame, (key, "deff")), 2) for key in keys]


def _with_deff(columns: list[str], rows: list, deffs: list | None) -> tuple[list[str], list, set]:
    """Columns and rows (label, cells) whose every cell is followed by its design effect (``deffs``: those of each
    row's cells): (columns, rows, companions); without design effects (``deffs`` None) as they are."""
    if deffs is None:
        return columns, rows, set()
    columns = [title for column in columns for title in (column, DEFF)]
    rows = [(label, [text for pair in zip(cells, row, strict=True) for text in pair])
            for (label, cells), row in zip(rows, deffs, strict=True)]
    return columns, rows, set(range(1, len(columns), 2))


@dataclass(frozen=True)
class CountPlaces:
    """The decimals of the counts that a report's sections show side by side (the whole table and its layers or
    groups): those of every Case Processing Summary and those of every crosstab's counts, each two where any
    one of them is fractional (weighted), else none (see :func:`count_places`). None: each table its own."""

    summary: int | None = None
    crosstab: int | None = None


def count_places(rep) -> CountPlaces:
    """The decimals of the counts of every section of ``rep`` (its ``sections()``: the whole table, then its layers
    or groups), so that a layer whose weighted counts happen to be whole shows them as the whole table does
    ("934.00" beside "4527.50", not "934")."""
    sections = [sub for _, sub in rep.sections()]
    summaries = [x for sub in sections for x in _column(columns_of(sub, sub.summary), "N")]
    counts = [values for sub in sections if (values := _crosstab_counts(sub)) is not None]
    return CountPlaces(display.count_decimals(summaries),
                       display.count_decimals(np.concatenate(counts)) if counts else None)


def _crosstab_counts(rep) -> np.ndarray | None:
    """The counts the crosstab of ``rep`` shows (the "Count" lines where it shows other cell statistics too);
    None where it is not printed (more than ``max_classes`` classes)."""
    if exceeds(max(rep.source.shape), rep.options.get("max_classes")):
        return None
    ct = rep.crosstab
    if isinstance(ct.index, pd.MultiIndex):
        ct = ct[ct.index.get_level_values(-1) == "Count"]
    return ct.to_numpy(dtype=float).ravel()


def summary(rep, places: int | None = None) -> Table:
    """The Case Processing Summary; its counts with ``places`` decimals (those of the report's other sections,
    :func:`count_places`), or by default none unless one is fractional."""
    s = rep.summary
    bare = columns_of(rep, s)
    counts, percents = _column(bare, "N"), _column(bare, "Percent")
    if places is None:  # one format for the column (a weighted Missing of 0.5 beside 4)
        places = display.count_decimals(counts)
    rows = [(str(i), [display.count(counts[r], places), display.percent(percents[r])])
            for r, i in enumerate(bare.index)]
    columns = ["N", "Percent"]
    return Table("Case Processing Summary", columns, rows, stub="Cases", total_row=True)


def design(rep) -> Table | None:
    """The "Sample Design" table of a complex sample, or None."""
    frame = getattr(rep, "design", None)
    if frame is None:
        return None
    rows = [(str(name), [display.count(v) if display.is_number(v) else str(v)]) for name, v in frame["Value"].items()]
    return Table("Sample Design", ["Value"], rows, stub="Design")


def crosstab(rep, places: int | None = None) -> Table:
    """The crosstab; its counts with ``places`` decimals (those of the report's other sections,
    :func:`count_places`), or by default two where one of them is fractional, else none."""
    ct, ag = rep.crosstab, rep.source
    limit = rep.options.get("max_classes")
    if exceeds(max(ag.shape), limit):
        i, j = ag.shape
        agreement = hasattr(rep, "confusions")  # an agreement report; a CROSSTABS one has categories
        return Table(f"{rep.title} Crosstabulation", [], [], footnotes=[
            f"The {i} × {j} crosstab has more than {class_limit(limit)} {'classes' if agreement else 'categories'} "
            f"and is not printed: it is {kept('crosstab', 'Crosstab', 'crosstab')}; {every_class()} prints it."
            + (" The largest confusions follow." if agreement else "")])
    if places is None:  # one format for every count of the table: two decimals wherever one is fractional
        places = display.count_decimals(_crosstab_counts(rep))
    if rep.options.get("cells") is not None:
        return _cells_crosstab(rep, places)
    # by position: the rows and columns of the crosstab are those of the table, then the margins
    matching = _marked(ag)
    with_percentages = isinstance(ct.index, pd.MultiIndex)
    rows, highlight, position = [], set(), -1
    keys = ct.index.tolist()
    per_label = len(dict.fromkeys(key[1] for key in keys)) if with_percentages else 1  # lines under each label
    labels = display.margin_labels([key[0] for key in keys[::per_label]] if with_percentages else keys)
    for key, row in zip(keys, ct.to_numpy(dtype=object).tolist(), strict=True):  # the rows read once
        stat = key[1] if with_percentages else "Count"
        counts = stat == "Count"
        position += counts
        if counts:
            cells = [display.count(v, places) for v in row]
            highlight.update((len(rows), j) for j in range(len(row)) if (position, j) in matching)
        else:
            cells = [display.percent(v) for v in row]
        rows.append((labels[position] if counts else "  " + stat, cells))
    return Table(f"{rep.title} Crosstabulation", display.margin_labels(ct.columns.tolist()), rows,
                 stub=display.name(ag.axis_names[0], ""), column_title=_column_title(ag), highlight=highlight,
                 footnotes=[_matching_note(ag)] if matching else [], total_row=per_label, total_column=True)


def matching(rep) -> Table | None:
    """The pairs of a matched table (``match=``): each predicted label and the reference label it agrees with,
    beside the crosstab that keeps both sides' own labels; None without matching."""
    ag = rep.source
    mapping = ag.mapping
    if mapping is None:
        return None
    reference, predicted = (display.name(x, default) for x, default in zip(ag.axis_names, ("reference",
                                                                                        "prediction"), strict=True))
    limit = rep.options.get("max_classes")
    cut = exceeds(len(mapping), limit)  # as many rows as the crosstab would have: the first max_classes printed
    rows = [(display.label(cluster), [display.label(cls), display.count(count), display.value(delta, 2)])
            for cluster, cls, count, delta in (mapping.iloc[:limit] if cut else mapping).itertuples(index=False)]
    how = {"accuracy": "the one-to-one pairing of largest total count (match='accuracy')",
           "residual": "the one-to-one pairing of largest total standardised residual Δ (match='residual', "
                       "Volovici 2016)",
           "all rows": "the pairing found on all rows, the same in every group",
           }.get(mapping.attrs.get("match"), "the pairing given (match=dict)")
    notes = [f"Each {predicted} label is paired with the {reference} label it agrees with: {how}. The crosstab keeps "
             "both sides' own labels; the paired cells are marked there."]
    if getattr(rep, "groups", None):
        notes.append("The groups (and the layers of their statistics) all use this pairing.")
    if cut:
        every = ('the "Matching" sheet of --excel and "mapping" in --json' if on_command_line() else
                 'report.agreement.mapping (Agreement.assignment() as a dict) and "mapping" in to_dict()')
        first = "the first is shown" if limit == 1 else f"the first {limit} are shown"
        notes.append(f"{len(mapping):,} pairs, more than {class_limit(limit)}: {first}. All are "
                     f"{every}; {every_class()} prints them.")
    return Table(f"Matching of {predicted} to {reference}", [reference, "Count", "Δ"], rows, stub=predicted,
                 footnotes=notes)


def _column_title(ag) -> str | None:
    """The name of the predicted side over the crosstab's columns (None where it has none)."""
    name = ag.axis_names[1]
    return None if name is None or name == "" else display.name(name, "")


def _marked(table) -> set[tuple[int, int]]:
    """The cells the crosstab marks: the matching cells of an Agreement (a Crosstab has none)."""
    cells = getattr(table, "common_cells", None)
    return set() if cells is None else set(zip(*cells, strict=True))


def _matching_note(ag) -> str:
    if ag.mapping is not None:
        return "Matching cells (each predicted label and the reference label it is paired with) are marked."
    return "Matching cells (the same label on both sides) are marked."


_RESIDUALS = ("Residual", "Standardized Residual", "Adjusted Residual")


def _cells_crosstab(rep, places: int) -> Table:
    """The crosstab with SPSS's cell statistics: under each row label one line per statistic, the label and the
    statistic side by side in the stub (SPSS's layout); percentages with one decimal and a %, expected counts and
    residuals with one decimal. The totals have no residuals: the Total column's are blank and the Total row has
    no residual lines (as SPSS prints them)."""
    ct, ag = rep.crosstab, rep.source
    stats = list(dict.fromkeys(ct.index.get_level_values(-1)))
    n_stats = len(stats)
    labels = display.margin_labels(ct.index.get_level_values(0)[::n_stats])
    width = max(len(x) for x in labels)
    first = "Count" if "Count" in stats else stats[0]  # the line of each label whose matching cells are marked
    matching = _marked(ag)
    i_total, j_total = len(labels) - 1, len(ct.columns) - 1
    rows, highlight = [], set()
    for i, row in enumerate(ct.to_numpy(dtype=object).tolist()):  # the rows read once
        position, stat = divmod(i, n_stats)
        stat = stats[stat]
        if position == i_total and stat in _RESIDUALS:
            continue
        cells = []
        for j, v in enumerate(row):
            if stat in _RESIDUALS and (position == i_total or j == j_total):
                cells.append("")
            elif stat == "Count":
                cells.append(display.count(v, places))
            elif stat.startswith("%"):
                cells.append(display.percent(v))
            else:
                cells.append(display.fixed(v, 1))
            if stat == first and (position, j) in matching:
                highlight.add((len(rows), j))
        head = labels[position] if i % n_stats == 0 else ""
        rows.append((f"{head:<{width}}  {stat}", cells))
    return Table(f"{rep.title} Crosstabulation", display.margin_labels(ct.columns), rows,
                 stub=display.name(ag.axis_names[0], ""), column_title=_column_title(ag), highlight=highlight,
                 footnotes=[f"{_matching_note(ag)[:-1]} on the {first} line."] if matching else [],
                 total_row=n_stats - sum(stat in _RESIDUALS for stat in stats), total_column=True,
                 stub_split=width + 2)


def layered_crosstab(rep, places: int | None = None) -> Table | None:
    """The crosstab of a layered CROSSTABS report (``a BY b BY c``) as SPSS prints it: one table whose outermost
    row dimension is the layer variable (one stub column per variable where there are several), each layer's rows
    in turn with their cell statistics and the layer's row Total, then a "Total" layer, the whole table. The
    columns are the whole table's: a column a layer has no case of is blank in that layer. Counts with ``places``
    decimals (those of the report's other sections, :func:`count_places`). None where a table of the report is
    not printed with its cell statistics (more than ``max_classes`` categories, a sparse table's counts): each
    section then shows its own."""
    parts = [*rep.layers.items(), (None, rep)]
    tables = [crosstab(sub, places) for _, sub in parts]
    if any(not t.columns or not t.stub_split for t in tables):
        return None
    by = name_list(rep.layers_by)
    whole = tables[-1]
    row_name = whole.stub
    rows, rules, blocks = [], set(), []
    for (value, _), t in zip(parts, tables, strict=True):
        values = _LayerStub.values(value, by, whole.columns[-1])  # the margin's heading ("Total") names the whole
        at = {c: j for j, c in enumerate(t.columns[:-1])}
        order = [at.get(c) for c in whole.columns[:-1]] + [len(t.columns) - 1]  # the whole table's columns
        first_total = len(t.rows) - int(t.total_row)
        lines = []
        for i, (label, cells) in enumerate(t.rows):
            head, stat = label[:t.stub_split].rstrip(), label[t.stub_split:]
            side = (row_name if i == 0 else "") if i < first_total else (head if i == first_total else "")
            lines.append((side, head if i < first_total else "", stat,
                          ["" if j is None else cells[j] for j in order]))
        blocks.append((values, lines))
    layer_stub = _LayerStub(by, [values for values, _ in blocks])
    side_width = max(len(side) for _, lines in blocks for side, *_ in lines)
    head_width = max(len(head) for _, lines in blocks for _, head, *_ in lines)
    for values, lines in blocks:
        rules.add(len(rows))
        for i, (side, head, stat, cells) in enumerate(lines):
            rows.append((f"{layer_stub.prefix(values, i == 0)}{side:<{side_width}}  {head:<{head_width}}  {stat}",
                         cells))
    rules.discard(0)
    title = whole.title.removesuffix(" Crosstabulation")
    return Table(f"{title} * {' * '.join(display.name(x, 'layer') for x in by)} Crosstabulation", whole.columns,
                 rows, stub=layer_stub.title(), column_title=whole.column_title, rules=rules, total_column=True,
                 stub_split=layer_stub.splits(side_width, head_width), layer_stubs=len(by))


class _LayerStub:
    """The stub columns of the layer variables of a table over the layers (the layered crosstab, each layered
    statistics table): a column for each variable, as wide as its name and its values, each layer's values on its
    first row, an outer variable's value only where it changes (``blocks``: each layer's values, in order, as
    :meth:`values` gives them)."""

    def __init__(self, variables: list, blocks: list[list[str]]) -> None:
        self.variables = variables
        self.widths = [max([len(display.name(x, "layer")), *(len(v[k]) for v in blocks if k < len(v))])
                       for k, x in enumerate(variables)]
        self._before: list[str] = []

    @staticmethod
    def values(value, variables: list, total: str) -> list[str]:
        """A layer's values as the stub shows them (the whole table, ``value`` None, as ``total``)."""
        if value is None:
            return [total]
        if len(variables) > 1 and isinstance(value, tuple) and len(value) == len(variables):
            return [display.label(v) for v in value]
        return [display.label(value)]

    def prefix(self, values: list[str], first: bool) -> str:
        """The stub columns of a row of the layer of ``values`` (its ``first`` row shows them), the rows met in
        order."""
        keys = [v if first and (values[:k + 1] != self._before[:k + 1] or k == len(values) - 1) else ""
                for k, v in enumerate(values)] + [""] * (len(self.variables) - len(values))
        if first:
            self._before = values
        return "".join(f"{key:<{w}}  " for key, w in zip(keys, self.widths, strict=True))

    def title(self) -> str:
        """The stub's title: the layer variables' names over their columns."""
        return "".join(f"{display.name(x, 'layer'):<{w}}  "
                       for x, w in zip(self.variables, self.widths, strict=True)).rstrip()

    def splits(self, *more: int) -> tuple[int, ...]:
        """Where each stub column begins after the first: those of the layer variables, then ``more`` widths'."""
        return tuple(int(x) for x in np.cumsum([w + 2 for w in [*self.widths, *more]]))


_LETTERED = re.compile(r"([a-z])\. (.*)", re.DOTALL)


def layered_statistics(parts: list[tuple[object, list[Table]]], by) -> list[Table]:
    """The statistics tables of a layered CROSSTABS report (``a BY b BY c /STATISTICS=...``) as SPSS prints them:
    each table once, the layer variable its outermost row dimension (a stub column for each of several), each
    layer's rows in turn with a rule above them, and the whole table's last as the "Total" layer.

    ``parts`` holds (layer value, the layer's statistics tables) for each layer, then (None, the whole table's);
    ``by`` is the layer variable (a list for several). A table the layers do not have (the layered statistics of
    ``cmh``) stays as it is. The columns are the union of the layers' (a layer without exact significances leaves
    their cells blank); the footnotes are lettered anew over the whole table, a text that recurs keeping its letter,
    and footnotes without a letter are kept once.

    Examples
    --------
    >>> from pandas_agree.report.document import Table, layered_statistics
    >>> one = Table("Risk Estimate", ["Value"], [("Odds Ratio", ["2.000ᵃ"])], footnotes=["a. Note one."])
    >>> two = Table("Risk Estimate", ["Value"], [("Odds Ratio", ["3.000ᵃ"])], footnotes=["a. Note two."])
    >>> both = Table("Risk Estimate", ["Value"], [("Odds Ratio", ["2.500"])])
    >>> [t] = layered_statistics([("x", [one]), ("y", [two]), (None, [both])], "Site")
    >>> [label for label, _ in t.rows], [cells for _, cells in t.rows], t.footnotes
    (['x      Odds Ratio', 'y      Odds Ratio', 'Total  Odds Ratio'], [['2.000ᵃ'], ['3.000ᵇ'], ['2.500']], \
['a. Note one.', 'b. Note two.'])
    """
    variables = name_list(by)
    titles: dict[str, list] = {}
    for value, tables in parts:
        for t in tables:
            titles.setdefault(t.title, []).append((value, t))
    out = []
    for title, found in titles.items():
        if all(value is None for value, _ in found):
            out.extend(t for _, t in found)
            continue
        out.append(_layered_table(title, found, variables))
    return out


def _layered_table(title: str, found: list[tuple[object, Table]], variables: list) -> Table:
    """One statistics table over the layers of :func:`layered_statistics` (``found``: each layer's table, the whole
    table's with the value None)."""
    columns: list[str] = []
    for _, t in sorted(found, key=lambda part: -len(part[1].columns)):  # the widest first, the others' new columns
        for j, c in enumerate(t.columns):  # after the column they follow
            if c not in columns:
                columns.insert(columns.index(t.columns[j - 1]) + 1 if j else 0, c)
    blocks = [(_LayerStub.values(value, variables, "Total"), t) for value, t in found]
    layer_stub = _LayerStub(variables, [values for values, _ in blocks])
    feet, extra = _Footnotes(), []
    rows, rules, companions = [], set(), set()
    for values, t in blocks:
        letters = {}
        for line in t.footnotes:
            lettered = _LETTERED.fullmatch(line)
            if lettered is None:
                if line not in extra:
                    extra.append(line)
                continue
            letters[_Footnotes.SUPERSCRIPT[lettered[1]]] = feet.mark(lettered[2])
        relettered = str.maketrans(letters)
        place = [columns.index(c) for c in t.columns]
        companions.update(place[j] for j in t.companions)
        rules.add(len(rows))
        for i, (label, cells) in enumerate(t.rows):
            stub = layer_stub.prefix(values, i == 0)
            if cells is None:
                rows.append((f"{stub}{label}", None))
                continue
            shown = [""] * len(columns)
            for j, cell in zip(place, cells, strict=True):
                shown[j] = cell.translate(relettered)
            rows.append((f"{stub}{label}", shown))
    rules.discard(0)
    return Table(title, columns, rows, stub=layer_stub.title(), footnotes=feet.lines() + extra,
                 companions=companions, rules=rules, stub_split=layer_stub.splits(), layer_stubs=len(variables))


FRAME_DEPENDENT = ("Rows", "Columns")
"""The names of the dependent variable in the frames' Directional Measures ("Lambda — Rows Dependent"), which the
data sheets show: :func:`statistics_tables` so names them for the footnotes of those sheets."""


def footnotes_by_row(table: Table) -> list[str]:
    """The footnotes of ``table`` for a sheet that shows its values without their letters: each lettered footnote
    names the columns whose titles carry its letter, then the rows whose cells do ("a. Pearson Chi-Square: 0 cells
    ..."); a footnote nothing carries, or without a letter, as it is.

    Examples
    --------
    >>> from pandas_agree.report.document import Table, footnotes_by_row
    >>> t = Table("Chi-Square Tests", ["Value"], [("Pearson Chi-Square", ["6.667ᵃ"]), ("Likelihood Ratio", ["6.796"])],
    ...           footnotes=["a. 0 cells (0.0%) have expected count less than 5.", "Note."])
    >>> footnotes_by_row(t)
    ['a. Pearson Chi-Square: 0 cells (0.0%) have expected count less than 5.', 'Note.']
    """
    out = []
    for line in table.footnotes:
        lettered = _LETTERED.fullmatch(line)
        if lettered is None:
            out.append(line)
            continue
        mark = _Footnotes.SUPERSCRIPT[lettered[1]]
        marked = [" ".join(c.replace(mark, "").split()) for c in table.columns if mark in c]
        marked += [label.strip() for label, cells in table.rows
                   if cells is not None and any(mark in cell for cell in cells)]
        out.append(f"{lettered[1]}. {', '.join(dict.fromkeys(marked))}: {lettered[2]}" if marked else line)
    return out


class _Footnotes:
    """SPSS's lettered footnotes: a letter per distinct text, in the order met, shown as a superscript."""

    SUPERSCRIPT: ClassVar[dict[str, str]] = dict(zip(string.ascii_lowercase, "ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖ𐞥ʳˢᵗᵘᵛʷˣʸᶻ",
                                                      strict=True))

    def __init__(self) -> None:
        self.texts: dict[str, str] = {}

    def mark(self, text: str) -> str:
        if not text:
            return ""
        text = text[0].upper() + text[1:] + ("" if text.endswith(".") else ".")
        letter = self.texts.setdefault(text, string.ascii_lowercase[len(self.texts) % 26])
        return self.SUPERSCRIPT[letter]

    def lines(self) -> list[str]:
        return [f"{letter}. {text}" for text, letter in self.texts.items()]


def _number(v, *, blank: bool = False, se=None) -> str:
    """A value as SPSS prints one: three decimals (at least those of its standard error ``se`` beside it); blank (or
    "—") where there is none."""
    return ("" if blank else display.MISSING) if pd.isna(v) else display.value(v, se=se)


def _statistic(v, *, blank: bool = False) -> str:
    """A test's statistic (χ², F) as SPSS prints one: three decimals, whatever its size (see
    :func:`~pandas_agree.report.display.statistic`); blank (or "—") where there is none."""
    return ("" if blank else display.MISSING) if pd.isna(v) else display.statistic(v)


def _se(v, *, blank: bool = False) -> str:
    """A standard error as SPSS prints one, with at least two significant digits (see
    :func:`~pandas_agree.report.display.se`); blank (or "—") where there is none."""
    return ("" if blank else display.MISSING) if pd.isna(v) else display.se(v)


def _bounds(v, lower, upper, *, blank: bool = False, se=None) -> list[str]:
    """An interval's ends in two cells, with the decimals that keep them apart from the value ``v`` (and at least
    those of its standard error ``se``, as the value has)."""
    if pd.isna(lower) or pd.isna(upper):
        return [_number(lower, blank=blank), _number(upper, blank=blank)]
    decimals = display.bound_decimals(v, lower, upper, max(3, display.se_places(se)))
    return [display.value(lower, decimals), display.value(upper, decimals)]


def _pvalue(v) -> str:
    return "" if pd.isna(v) else display.pvalue(v)


def _df(v) -> str:
    return "" if pd.isna(v) else display.count(v)


def chi_square_table(title: str, frame: pd.DataFrame, n_places: int | None = None) -> Table:
    """SPSS's "Chi-Square Tests" table: Value, df, Asymp. Sig. (2-sided) and, where there are any, the exact
    significances; footnotes on the expected counts, the continuity correction, the Monte Carlo estimate and
    McNemar's test."""
    feet = _Footnotes()
    exact = [c for c in ("exact_2sided", "exact_1sided") if frame[c].notna().any()]
    rows = []
    for i, name in enumerate(frame.index):
        r = frame.iloc[i]  # by position: two titles may be alike
        note = r["note"]
        if name == "Continuity Correction" and pd.isna(r["value"]):
            continue  # SPSS prints it for 2×2 tables only
        mark = ""
        if name == "Pearson Chi-Square" and not pd.isna(r["value"]):
            attrs = frame.attrs
            below = attrs["cells_expected_below_5"]
            share = display.fixed(attrs["percent_expected_below_5"], 1)
            mark = feet.mark(f"{display.count_of(below, 'cell')} ({share}%) "
                             f"{'has' if below == 1 else 'have'} expected count less than 5. The minimum expected "
                             f"count is {display.fixed(attrs['min_expected'], 2)}")
        elif name == "Continuity Correction":
            mark = feet.mark("Computed only for a 2x2 table")
        elif name == "N of Valid Cases":
            rows.append((name, [display.count(r["value"], n_places), "", "", *([""] * len(exact))]))
            continue
        values = [r["value"], r["exact_2sided"], *([r["exact_1sided"]] if "exact_1sided" in exact else [])]
        undefined = all(pd.isna(v) for v in values)
        value = _statistic(r["value"], blank=not undefined) + (feet.mark(note) if undefined else mark)
        cells = [value, _df(r["df"]), _pvalue(r["pvalue"])]
        for column in exact:  # a footnote on how an exact significance was found (Monte Carlo, binomial)
            told = column == "exact_2sided" and not pd.isna(r[column]) and note != "exact (hypergeometric)"
            cells.append(_pvalue(r[column]) + (feet.mark(note) if told else ""))
        rows.append((name, cells))
    columns = ["Value", "df", "Asymp. Sig.\n(2-sided)",
               *(["Exact Sig.\n(2-sided)", "Exact Sig.\n(1-sided)"][:len(exact)])]
    return Table(title, columns, rows, footnotes=feet.lines())


def _design_df(v) -> str:
    """Degrees of freedom under a design: whole numbers as counts, Satterthwaite's with three decimals."""
    if pd.isna(v):
        return ""
    return display.count(v) if float(v).is_integer() else display.fixed(float(v), 3)


def design_chi_square_table(frame: pd.DataFrame, n_places: int | None = None) -> Table:
    """The "Chi-Square Tests" under a sample design, titled and laid out as SPSS Complex Samples' "Tests of
    Independence": each statistic with its df (two for an F), its significance, and footnotes saying what each
    adjustment is."""
    feet = _Footnotes()
    attrs = frame.attrs
    nu = attrs.get("nu")
    rows = []
    for i, name in enumerate(frame.index):
        r = frame.iloc[i]
        if name == "N of Valid Cases":
            rows.append((name, [display.count(r["value"], n_places), "", "", ""]))
            continue
        mark = feet.mark(r["note"]) if r["note"] else ""
        if "Rao-Scott" in name:
            mark += feet.mark("Rao and Scott's first-order correction: the statistic over the mean generalized design "
                              f"effect of the table (δ̄ = {display.significant(attrs['mean_deff'], 4)}), chi-square "
                              "on (I − 1)(J − 1) df")
        elif "Adjusted F" in name:
            mark += feet.mark("Rao and Scott's second-order correction: the statistic over the sum of the generalized "
                              f"design effects, F on d₀ and d₀ν df (d₀ = {display.significant(attrs['d0'], 4)}, "
                              f"ν = {nu} design df)")
        elif name in ("Wald F", "Adjusted Wald F"):
            mark += feet.mark("Wald tests of the interaction totals N̂ᵢⱼ − N̂ᵢ₊N̂₊ⱼ/N̂ with their design-based covariance"
                              " (Thomas and Rao 1987); the adjusted one on ν − df + 1 denominator df")
        elif name == "Linear-by-Linear Association":
            mark += feet.mark(f"(Pearson's R over its design-based SE)², F on 1 and {nu} df")
        elif name.startswith("McNemar"):
            mark += feet.mark("Adjusted Wald F test of the design-based differences nᵢⱼ − nⱼᵢ (symmetry)")
        rows.append((name, [_statistic(r["value"], blank=False) + mark, _design_df(r["df"]), _design_df(r["df2"]),
                            _pvalue(r["pvalue"])]))
    return Table("Tests of Independence", ["Value", "df1", "df2", "Sig."], rows,
                 footnotes=[*feet.lines(), *attrs.get("notes", []), _tests_df(nu, attrs.get("design_df"))])


def _tests_df(nu, design_df) -> str:
    """The footnote on the degrees of freedom of a table's design-based tests: the design's, or in a layer or group
    (a domain) those of the PSUs holding its rows."""
    if design_df is None or design_df == nu:
        return f"Design-based tests on the sample design's {nu} degrees of freedom (PSUs − strata)."
    return (f"Design-based tests on {nu} degrees of freedom, those of the PSUs holding this table's rows less their "
            f"strata (as R's svychisq on subset(design, ...)); the sample design has {design_df}.")


def _directional(measure: str, dependent: tuple[str, str]) -> str:
    """A row of the Directional Measures as SPSS prints it: "Lambda — Rows Dependent" as "Lambda — Admit Dependent",
    ``dependent`` the names of the row and the column variable (:func:`display.dependent`); other rows as they
    are."""
    for ending, variable in zip((ROWS_DEPENDENT, COLUMNS_DEPENDENT), dependent, strict=True):
        if measure.endswith(f" — {ending}"):
            return f"{measure[:-len(ending)]}{variable} Dependent"
    return measure


def _directional_titles() -> dict[str, tuple[str, int]]:
    """Each directional measure's row title in the frames ("Lambda — Rows Dependent"): its beginning ("Lambda — ")
    and which variable is the dependent one (0 the row, 1 the column variable)."""
    titles = {}
    for rows in RECORDS.values():
        for title, _ in rows:
            for k, ending in enumerate((ROWS_DEPENDENT, COLUMNS_DEPENDENT)):
                if title.endswith(f" — {ending}"):
                    titles[title] = (title[:-len(ending)], k)
    return titles


_DIRECTIONAL_TITLES = _directional_titles()
_DIRECTIONAL_IN_TEXT = re.compile("|".join(map(re.escape, sorted(_DIRECTIONAL_TITLES, key=len, reverse=True))))


def directional_notes(notes: Sequence[str], dependent: tuple[str, str]) -> list[str]:
    """The notes of a report as it prints them beside its Directional Measures: each directional measure named as
    the table names it ("Lambda — Rows Dependent", the frames' index, as "Lambda — Admit Dependent"),
    ``dependent`` the names of the row and the column variable (:func:`display.dependent`), in one pass (a
    variable named "Columns Dependent" is not read again). The report's ``notes`` and its frames keep the frames'
    names.

    Examples
    --------
    >>> from pandas_agree.report.document import directional_notes
    >>> directional_notes(["Undefined (0/0) values set to NaN: Lambda — Rows Dependent; Eta — Columns Dependent."],
    ...                   ("Admit", "Gender"))
    ['Undefined (0/0) values set to NaN: Lambda — Admit Dependent; Eta — Gender Dependent.']
    """
    if dependent == ("Rows", "Columns"):
        return list(notes)

    def printed(found: re.Match) -> str:
        start, k = _DIRECTIONAL_TITLES[found.group(0)]
        return f"{start}{dependent[k]} Dependent"

    return [_DIRECTIONAL_IN_TEXT.sub(printed, note) if " Dependent" in note else note for note in notes]


def design_measures_table(title: str, frame: pd.DataFrame, n_places: int | None = None,
                          dependent: tuple[str, str] = ("Rows", "Columns")) -> Table:
    """SPSS's "Symmetric Measures" or "Directional Measures" under a sample design: Value, the design-based
    standard error, T = value / SE, its significance, the design effect and the 95% interval; the directional
    measures name the dependent variable among ``dependent`` (the names of the row and the column variable)."""
    feet = _Footnotes()
    rows, scale = [], None
    columns = ["Value", f"Std. Error{feet.mark('Design-based: linearised over the PSUs within strata')}",
               "Approx. T", "Approx. Sig.", "Design\nEffect", "95% CI\nLower", "95% CI\nUpper"]
    for i, name in enumerate(frame.index):
        r = frame.iloc[i]
        if r["scale"] != scale:
            scale = r["scale"]
            rows.append((scale, [""] * len(columns)))
        undefined = pd.isna(r["value"])
        note = r["note"]
        flat = not undefined and not pd.isna(r["ase"]) and r["ase"] == 0
        if flat:  # an interval [v, v] would claim a certainty the sample does not give
            note = ("the design-based SE is 0: the value does not move under small changes of the table (as lambda "
                    "at 0, where the dependent variable has the same mode in every category of the other), so the "
                    "linearisation measures no spread: no test and no interval")
        value = _number(r["value"], se=r["ase"]) + (feet.mark(note) if note else "")
        sig = _pvalue(r["pvalue"]) + (feet.mark(f"Based on {r['method']}") if r["method"] and
                                      not pd.isna(r["pvalue"]) else "")
        ends = (np.nan, np.nan) if flat else (r["lower"], r["upper"])
        rows.append(("  " + _directional(name, dependent), [value, _se(r["ase"], blank=True),
                                                          _number(r["t"], blank=True),
                                   "" if undefined else sig, _number(r["deff"], blank=True),
                                   *_bounds(r["value"], *ends, blank=True, se=r["ase"])]))
    n = frame.attrs.get("n")
    if n is not None:
        rows.append(("N of Valid Cases", [display.count(n, n_places), *[""] * (len(columns) - 1)]))
    nu, design_df = frame.attrs.get("nu"), frame.attrs.get("design_df")
    where = "" if design_df is None or design_df == nu else (
        f" (those of the PSUs holding this table's rows less their strata), the 95% intervals on the sample design's "
        f"{design_df} df, as every interval of the report (a subpopulation's estimate, as Stata's svy: subpop)")
    return Table(title, columns, rows, footnotes=[*feet.lines(), f"Under the sample design: t on {nu} df{where}; "
                                                  "Design Effect: the variance over that of as many rows drawn at "
                                                  "random."])


_SIGNIFICANCE = {PEARSON_SIG: "Based on chi-square approximation (the Pearson chi-square)",
                 LR_SIG: "Likelihood ratio chi-square probability",
                 CATANOVA_SIG: "Based on chi-square approximation: (W − 1)(J − 1)τ on (I − 1)(J − 1) df, W the "
                               "number of valid cases (with weights, the sum of their weights), J the categories of "
                               "the dependent variable and I those of the other",
                 T_SIG: "Based on the t distribution on W − 2 df: T = r √((W − 2)/(1 − r²)), W the number of valid "
                        "cases (with weights, the sum of their weights)"}
"""SPSS's footnotes on the significance of the measures, by their rule: W is the total, as the rules' descriptions
(the frames' "method") write it, and each footnote defines it."""


def measures_table(title: str, frame: pd.DataFrame, n_places: int | None = None,
                   dependent: tuple[str, str] = ("Rows", "Columns")) -> Table:
    """SPSS's "Symmetric Measures" or "Directional Measures": the measures under their scale ("Nominal by
    Nominal", ...), with Value, Asymp. Std. Error (not assuming the null hypothesis), Approx. T (with the standard
    error under the null hypothesis) and Approx. Sig.; the directional measures name the dependent variable among
    ``dependent`` (the names of the row and the column variable: "Lambda — Admit Dependent", as SPSS prints them;
    the frame keeps "Lambda — Rows Dependent")."""
    feet = _Footnotes()
    with_ase = frame["ase"].notna().any() or frame["t"].notna().any()  # else SPSS prints Value and Sig. only
    columns = ["Value", f"Asymp. Std.\nError{feet.mark('Not assuming the null hypothesis')}",
               f"Approx. T{feet.mark('Using the asymptotic standard error assuming the null hypothesis')}",
               "Approx. Sig."] if with_ase else ["Value", "Approx. Sig."]
    rows, scale = [], None
    for i, name in enumerate(frame.index):
        r = frame.iloc[i]  # by position: two titles may be alike
        if r["scale"] != scale:
            scale = r["scale"]
            rows.append((scale, [""] * len(columns)))
        undefined = pd.isna(r["value"])
        # SPSS marks the T (and the Sig.) it cannot compute for a zero standard error, not the value
        zero = r["note"] == ZERO_ASE
        value = _number(r["value"], se=r["ase"] if with_ase else None) + \
            (feet.mark(r["note"]) if r["note"] and not zero else "")
        sig = _pvalue(r["pvalue"]) + (feet.mark(_SIGNIFICANCE[r["method"]]) if r["method"] in _SIGNIFICANCE
                                      and not pd.isna(r["pvalue"]) else "")
        t = _number(r["t"], blank=True)
        if zero:
            t = display.MISSING + feet.mark(ZERO_ASE) if pd.isna(r["t"]) else t
            sig = display.MISSING + feet.mark(ZERO_ASE) if pd.isna(r["pvalue"]) else sig
        middle = [_se(r["ase"], blank=True), t] if with_ase else []
        rows.append(("  " + _directional(name, dependent), [value, *middle, "" if undefined else sig]))
    n = frame.attrs.get("n")
    if n is not None:
        rows.append(("N of Valid Cases", [display.count(n, n_places), *[""] * (len(columns) - 1)]))
    return Table(title, columns, rows, footnotes=feet.lines())


def risk_table(title: str, frame: pd.DataFrame, n_places: int | None = None) -> Table:
    """SPSS's "Risk Estimate": the odds ratio and the relative risk of each column cohort with their 95% intervals."""
    feet = _Footnotes()
    rows = []
    for i, name in enumerate(frame.index):
        r = frame.iloc[i]  # by position: two titles may be alike
        if r["measure"] == "N of valid cases":
            rows.append((name, [display.count(r["value"], n_places), "", ""]))
            continue
        rows.append((name, [_number(r["value"]) + feet.mark(r["note"]),
                            *_bounds(r["value"], r["lower"], r["upper"], blank=True)]))
    design = ([f"Under the sample design: the standard errors of the logs are design-based, the intervals exp(ln θ "
               f"± t SE) on {frame.attrs.get('design_df', frame.attrs['nu'])} df (the sample design's)."]
              if frame.attrs.get("design") else [])
    return Table(title, ["Value", "95% CI\nLower", "95% CI\nUpper"], rows, footnotes=feet.lines() + design)


def layer_test_table(title: str, frame: pd.DataFrame, by) -> Table:
    """SPSS's "Tests of Homogeneity of the Odds Ratio" and "Tests of Conditional Independence" over the groups."""
    feet = _Footnotes()
    rows = [(name, [_statistic(frame.at[name, "value"]) + feet.mark(frame.at[name, "note"]), _df(frame.at[name, "df"]),
                    _pvalue(frame.at[name, "pvalue"])]) for name in frame.index]
    general = frame.index.isin(frame.attrs.get("generalized", ()))  # the rows of layers larger than 2×2
    computed = frame["value"][~general].notna().any()  # only for layers of 2×2 tables on the same labels
    extra = [f"The layers are the groups of {display.layer_by(by)}{' (2×2 tables)' if computed else ''}."]
    left_out = frame.attrs.get("layers_left_out")
    if left_out and computed:
        extra.append(_left_out_note(left_out, by))
    if title == "Tests of Conditional Independence" and computed:
        extra.append("Cochran's statistic is asymptotically chi-squared with 1 df only if the number of layers is "
                     "fixed; the Mantel-Haenszel statistic (with the continuity correction) always is.")
    extra += frame.attrs.get("footnotes", [])
    return Table(title, ["Chi-Squared", "df", "Asymp. Sig.\n(2-sided)"], rows, footnotes=feet.lines() + extra)


LEFT_OUT_SHOWN = 10
"""The most layers a footnote names one by one (the others are counted)."""


def _left_out_note(left_out: Sequence, by) -> str:
    """The footnote naming the layers the 2×2 statistics leave out (at most :data:`LEFT_OUT_SHOWN` of them by
    name)."""
    shown = "; ".join(display.layer(by, value) for value in left_out[:LEFT_OUT_SHOWN])
    more = len(left_out) - LEFT_OUT_SHOWN
    return (f"Breslow-Day's and Tarone's statistics leave out {display.count_of(len(left_out), 'layer')} with a row "
            f"or a column without cases or a total of at most 1 (no information on the odds ratio; the df are one "
            f"less than the layers used; the other statistics leave them out too): {shown}"
            + (f"; and {more} more." if more > 0 else "."))


def common_odds_table(title: str, frame: pd.DataFrame, by) -> Table:
    """SPSS's "Mantel-Haenszel Common Odds Ratio Estimate": one column of values, as SPSS lays it out."""
    feet = _Footnotes()
    est, log = frame.loc["Estimate"], frame.loc["ln(Estimate)"]
    mark = feet.mark(est["note"])
    lower, upper = _bounds(est["value"], est["lower"], est["upper"])
    log_lower, log_upper = _bounds(log["value"], log["lower"], log["upper"], se=log["se"])
    rows = [("Estimate", [_number(est["value"]) + mark]), ("ln(Estimate)", [_number(log["value"], se=log["se"])]),
            ("Std. Error of ln(Estimate)", [_se(log["se"])]),
            ("Asymp. Sig. (2-sided)", [display.pvalue(est["pvalue"])]),  # "—" where missing, as the others
            ("95% CI, Common Odds Ratio: Lower Bound", [lower]),
            ("95% CI, Common Odds Ratio: Upper Bound", [upper]),
            ("95% CI, ln(Common Odds Ratio): Lower Bound", [log_lower]),
            ("95% CI, ln(Common Odds Ratio): Upper Bound", [log_upper])]
    computed = not pd.isna(est["value"])  # the note on its distribution where there is an estimate
    return Table(title, ["Value"], rows, footnotes=[
        *feet.lines(), *(["The Mantel-Haenszel common odds ratio estimate is asymptotically normally distributed "
                          "under the common odds ratio of 1.000 assumption. So is the natural log of the estimate."]
                         if computed else []),
        *([frame.attrs["odds"]] if frame.attrs.get("odds") else []),
        f"The layers are the groups of {display.layer_by(by)}."])


def kappa_homogeneity_table(title: str, frame: pd.DataFrame, by) -> Table:
    """The test that the groups share one kappa, with the pooled kappa."""
    feet = _Footnotes()
    r = frame.iloc[0]
    rows = [("Homogeneity of kappa", [_statistic(r["value"]) + feet.mark(r["note"]), _df(r["df"]), _pvalue(r["pvalue"]),
                                      _number(r["pooled"], se=r["pooled_se"]), _se(r["pooled_se"])])]
    layers = frame.attrs.get("layers")
    if layers is not None:
        rows += [(f"  {display.layer(by, g)}", ["", "", "", _number(layers.iat[i, 0], se=layers.iat[i, 1]),
                                                                 _se(layers.iat[i, 1])])
                 for i, g in enumerate(layers.index)]
    design = bool(frame.attrs.get("design"))
    se = ("the design-based standard error of each group's Cohen's kappa" if design else
          "the asymptotic standard error of each group's Cohen's kappa (not assuming the null hypothesis)")
    return Table(title, ["Chi-Square", "df", "Asymp. Sig.", "Kappa", "Std. Error" if design else "Asymp. Std.\nError"],
                 rows, footnotes=[*feet.lines(), "Σ (κ_g − κ̄)²/SE_g² over the groups, κ̄ their inverse-variance "
                                  f"weighted mean (Fleiss 1981), on (groups − 1) df; SE_g is {se}."])


def statistics_tables(rep, n_places: int | None = None, dependent: tuple[str, str] | None = None) -> list[Table]:
    """The CROSSTABS tables of ``rep.statistics`` (``statistics=``), laid out as SPSS prints them; their "N of Valid
    Cases" with ``n_places`` decimals (those of the report's Case Processing Summaries, :func:`count_places`), or by
    default none unless it is fractional. The Directional Measures name the dependent variable by ``dependent``
    (the row's and the column's names), by default as SPSS names them (:func:`display.dependent`: "Admit
    Dependent"); :data:`FRAME_DEPENDENT` names them as the frames do."""
    out = []
    by = getattr(rep, "layers_by", rep.by)  # a crosstab's layer variables (a list for several), a report's groups
    if dependent is None:  # as SPSS names them: "Admit Dependent"
        dependent = display.dependent(*rep.source.axis_names)
    for title, frame in rep.statistics.items():
        design = bool(frame.attrs.get("design"))
        if title == "Chi-Square Tests":
            out.append(design_chi_square_table(frame, n_places) if design else chi_square_table(title, frame, n_places))
        elif title in ("Symmetric Measures", "Directional Measures"):
            out.append(design_measures_table(title, frame, n_places, dependent) if design else
                       measures_table(title, frame, n_places, dependent))
        elif title == "Risk Estimate":
            out.append(risk_table(title, frame, n_places))
        elif title == "Mantel-Haenszel Common Odds Ratio Estimate":
            out.append(common_odds_table(title, frame, by))
        elif title == "Test of Homogeneity of Kappa":
            out.append(kappa_homogeneity_table(title, frame, by))
        else:
            out.append(layer_test_table(title, frame, by))
    return out


def confusions(rep) -> Table | None:
    """The largest confusions (off the matching cells), or None where the table has none. Its footnote points to
    the list of them all only where some are not shown (a 2×2 table shows both of its own)."""
    c = rep.confusions
    if c.empty:
        return None
    left_out = rep.more_confusions
    bare = columns_of(rep, c)
    columns = zip(*(_column(bare, name) for name in ("reference", "predicted", "count", "row share", "share")),
                  strict=True)
    rows = [(str(rank), [display.label(reference), display.label(predicted), display.count(count),
                         display.percent(100 * row_share, small=True), display.percent(100 * share, small=True)])
            for rank, (reference, predicted, count, row_share, share) in zip(bare.index, columns, strict=True)]
    reference, predicted = rep.source.axis_names
    return Table("Largest Confusions", [display.name(reference, "Reference"), display.name(predicted, "Predicted"),
                                        "Count", "% of row", "% of all"], rows, stub="Rank",
                 footnotes=[("The cells outside the matching cells that hold the most objects, the largest first "
                             + ('(the "Confusions" sheet of --excel lists them all).' if on_command_line() else
                                "(Agreement.confusions(top=None) lists them all).")) if left_out else
                            "Every cell outside the matching cells that holds objects, the largest first."])


def multiclass(rep, frame: pd.DataFrame | None = None, title: str = "Multiclass Measures",
               more_notes: Sequence[str] = (), weighted: bool | None = None) -> Table:
    """The multiclass measures (or another frame of whole-table measures, titled ``title``) with their intervals,
    design effects and interpretation; ``weighted`` whether the coefficients that take agreement weights took them
    (named so: "Gwet's AC2", "weighted Scott's pi"), by default whether the report has ``kappa_weights``."""
    m = rep.multiclass if frame is None else frame
    bare = columns_of(rep, m)
    has_ci = "lower" in bare
    letters, notes = footnote_letters(_column(bare, "method")) if has_ci else ({}, [])
    level = f"{display.significant(100 * rep.options['confidence_level'])}% CI"
    deff = "deff" in bare
    columns = ["Value", *(["SE", level] if has_ci else []), *([DEFF] if deff else []),
               *(["Interpretation"] if "interpretation" in bare else [])]
    # each column taken once as a list, read by position (the frame's codes are its index)
    values = _column(bare, "value")
    lowers, uppers, ses, methods = (_column(bare, c) for c in ("lower", "upper", "se", "method")) if has_ci else \
        ((), (), (), ())
    deffs = _column(bare, "deff") if deff else ()
    interpretations = _column(bare, "interpretation") if "interpretation" in bare else None
    if weighted is None:
        weighted = rep.options.get("kappa_weights") is not None
    rows = []
    for i, code in enumerate(bare.index):
        v = values[i]
        if has_ci:
            shown, ci = display.value_and_interval(v, lowers[i], uppers[i], se=ses[i])
            cells = [shown, display.se(ses[i]), f"{ci} {letters.get(methods[i], '')}".rstrip()]
        else:
            cells = [display.value(v)]
        if deff:
            cells.append(display.value(deffs[i], 2))
        if interpretations is not None:
            interp = interpretations[i]
            cells.append(str(interp) if isinstance(interp, str) else "" if pd.isna(interp) else str(interp))
        name = display.measure_name(code, weighted)
        rows.append((f"{name} ({code})", cells))
    return Table(title, columns, rows, stub="Measure", footnotes=[*notes, *more_notes],
                 companions={columns.index(DEFF)} if deff else set())


def paradox(rep) -> Table:
    """The Kappa Paradox table: observed agreement and kappa beside the coefficients that do not depend on the
    prevalence as kappa does, with the note where the paradox is at work. Its coefficients are the unweighted ones
    whatever the report's ``kappa_weights`` (:func:`~pandas_agree.report.agreement.paradox_frame`), and named so."""
    frame = rep.paradox
    note = frame.attrs.get("paradox")
    explained = ("PABAK: 2·Po − 1 ((q·Po − 1)/(q − 1) for q labels); PI: the prevalence index (a − d)/N and BI: the "
                 "bias index (b − c)/N of the 2×2 table [[a, b], [c, d]] (Byrt, Bishop and Carlin 1993); KAPPA_MAX: "
                 "the largest kappa the margins allow.")
    return multiclass(rep, frame, "Kappa Paradox", [*([note] if note else []), explained], weighted=False)


TEST_HEADINGS = {"statistic": "Statistic", "df": "df", "pvalue": "Sig.", "method": "Method"}
"""The headings of a Tests table's columns in every rendered report, SPSS's words (the DataFrames of the tests keep
their column names "statistic", "df", "pvalue" and "method")."""


def counted_statistic(test, method) -> bool:
    """Whether a test's statistic is a count, shown as counts are (:func:`~pandas_agree.report.display.count`):
    that of McNemar's exact binomial test, the smaller discordant count (MCNEMAR_EXACT of an Agreement, and the
    MCNEMAR of a Comparison's pair where it is exact)."""
    return test == "MCNEMAR_EXACT" or (test == "MCNEMAR" and method == "exact binomial")


def test_statistics(tests: Sequence, statistics: Sequence, methods: Sequence) -> list[str]:
    """The statistics of a Tests table as shown: a count as a count ("126"; two decimals where weighted and
    fractional), any other statistic with three decimals (:func:`~pandas_agree.report.display.statistic`)."""
    return [display.count(v) if counted_statistic(test, method) else display.statistic(v)
            for test, v, method in zip(tests, statistics, methods, strict=True)]


def tests_table(title: str, frame: pd.DataFrame, *, stub: str = "Test", footnotes: Sequence[str] = (),
                headings: int = 0) -> Table:
    """A Tests table of a frame of tests (columns "statistic", "df", "pvalue", "method"; index test codes, or
    tuples whose first item is the test's code, shown joined by " · "), with the headings of
    :data:`TEST_HEADINGS`, each method in full and ``footnotes`` under it. The last item of the first
    ``headings`` rows' tuples is a heading (the comparison's "(all)", the whole table), shown as its text where a
    label that reads like it is shown apart (see :func:`~pandas_agree.report.display.labels_apart`)."""
    bare = read_columns(frame)
    statistics, dfs, pvalues, methods = (_column(bare, c) for c in ("statistic", "df", "pvalue", "method"))
    keys = frame.index.tolist()
    codes = [key[0] if isinstance(key, tuple) else key for key in keys]
    shown = test_statistics(codes, statistics, methods)
    rows = [(display.label(" · ".join([*map(display.label, key[:-1]), str(key[-1]) if i < headings else
                                       display.label(key[-1])]) if isinstance(key, tuple) else key),
             [statistic, display.count(df), display.pvalue(p),
              method if isinstance(method, str) else "" if method is None else display.MISSING])
            for i, (key, statistic, df, p, method) in enumerate(zip(keys, shown, dfs, pvalues, methods, strict=True))]
    return Table(title, list(TEST_HEADINGS.values()), rows, stub=stub, footnotes=list(footnotes))


def tests(rep) -> Table:
    t = rep.tests
    bare = columns_of(rep, t)
    letters, notes = footnote_letters(_column(bare, "method"))
    methods = _column(bare, "method")
    codes = bare.index
    columns = zip(test_statistics(codes, _column(bare, "statistic"), methods),
                  *(_column(bare, c) for c in ("df", "pvalue")), methods, strict=True)
    rows = [(code, [statistic, display.count(df), display.pvalue(p), letters[method]])
            for code, (statistic, df, p, method) in zip(codes, columns, strict=True)]
    return Table("Tests", list(TEST_HEADINGS.values()), rows, stub="Test", footnotes=notes)


def binary_title(rep) -> str:
    """The title of the class-specific table: each class against the rest, or with ``positive=`` (a two-class
    problem) the positive class named, as the tables show its label."""
    positive = rep.options.get("positive")
    if positive is None:
        return "Class-Specific Measures (each class against the rest)"
    return f"Class-Specific Measures (positive class: {display.label(positive)})"


def binary(rep) -> Table:
    b = rep.binary
    if exceeds(len(b.index), rep.options.get("max_classes")):
        return ranked_binary(rep)
    ci = isinstance(b.columns, pd.MultiIndex)
    bare = columns_of(rep, b)
    codes = bare.measures()
    deff = bare.has_deff()
    rows = [(f"{display.measure_name(code)} ({code})", shown)  # a measure's row: its cell of every class
            for code, shown in zip(codes, _with_intervals(bare, codes), strict=True)]
    columns, rows, companions = _with_deff([display.label(c) for c in bare.index], rows,
                                           _deffs(bare, codes) if deff else None)
    level = display.significant(100 * rep.options["confidence_level"])
    notes = [f"Values with {level}% confidence intervals; the methods are listed "
             "in the notes.", *([DEFF_NOTE] if deff else [])] if ci else []
    return Table(binary_title(rep), columns, rows, stub="Measure", footnotes=notes, companions=companions)


HEADLINE = ("REC", "PRE", "F1", "SPE", "PREV")
"""Beside the sorting measure, the measures of the class table of a report over many classes (those shown)."""


def ranked_binary(rep) -> Table:
    """The class-specific measures of many classes: a row per class (the weakest and the strongest by the measure
    ``sort_by``, see :mod:`~pandas_agree.report.ranking`), a column per measure; the sorting measure first, with its
    interval when the report has intervals, then the values of the :data:`HEADLINE` measures shown (a footnote
    names the others and where they are), so that the table takes one screen whatever K is."""
    b = rep.binary
    limit = rep.options["max_classes"]
    bare = columns_of(rep, b)
    shown = bare.measures()
    code = sort_measure(b, rep.options.get("sort_by"), shown)
    ci = isinstance(b.columns, pd.MultiIndex)
    headline = [c for c in HEADLINE if c in shown and c != code]
    codes = [code, *(headline if len(shown) > len(headline) + 1 else [c for c in shown if c != code])]
    level = f"{display.significant(100 * rep.options['confidence_level'])}% CI"
    deff = bare.has_deff()
    at = 2 if ci else 1  # the design effect of the sorting measure: after its value (and interval)

    values = [_column(bare, (c, "value") if ci else c) for c in codes]  # each column taken once
    ranking = rank(b, code, limit, values[0])
    lowers, uppers = (_column(bare, (code, stat)) for stat in ("lower", "upper")) if ci else (None, None)
    deffs = _column(bare, (code, "deff")) if deff else None
    shown_rows = [*ranking.weakest, *ranking.strongest]  # the labels of the rows shown, taken at once
    every_label = bare.index  # a list read once (an Index's take costs more than the list)
    labels = {i: every_label[i] for i in shown_rows}

    shown_values = [display.values([column[i] for i in shown_rows]) for column in values]  # by measure
    at_row = {i: k for k, i in enumerate(shown_rows)}

    def row(i: int) -> tuple[str, list[str]]:
        cells = [column[at_row[i]] for column in shown_values]
        if ci:
            cells[0:1] = display.value_and_interval(values[0][i], lowers[i], uppers[i], alone=True)
        if deff:
            cells.insert(at, display.value(deffs[i], 2))
        return display.label(labels[i]), cells

    rows = [row(i) for i in ranking.weakest]
    if ranking.hidden:
        rows.append((f"… {ranking.hidden} class{'' if ranking.hidden == 1 else 'es'} not shown …", None))
    rows += [row(i) for i in ranking.strongest]
    notes = [ranking.footnote(len(b.index), limit)]
    left = [c for c in shown if c not in codes]
    if left:
        notes.append(f"The other {len(left)} class-specific measures ({', '.join(left)}) of every class are in "
                     f"{kept('binary', 'Class measures', 'binary')}; {every_class()} prints them.")
    if ci:
        notes.append(f"{level}: the interval of {code} (the methods are listed in the notes); report.binary holds "
                     "the interval of every measure.")
    if deff:
        notes.append(f"DEFF: the design effect of {code} (see the notes); report.binary holds the design effect of "
                     "every measure.")
    return Table(binary_title(rep), [code, *([level] if ci else []), *([DEFF] if deff else []), *codes[1:]],
                 rows, stub="Class", footnotes=notes, companions={at} if deff else set())


def averages(rep) -> Table:
    a = rep.averages
    bare = columns_of(rep, a)
    methods = bare.measures()
    deff = bare.has_deff()
    codes = bare.index

    def by_measure(by_method: list[list]) -> list[list]:  # a measure's cells: one of each method
        return [list(cells) for cells in zip(*by_method, strict=True)] if by_method else [[] for _ in codes]

    rows = [(f"{display.measure_name(code)} ({code})", cells)
            for code, cells in zip(codes, by_measure(_with_intervals(bare, methods)), strict=True)]
    columns, rows, companions = _with_deff(methods, rows, by_measure(_deffs(bare, methods)) if deff else None)
    return Table("Averages over Classes", columns, rows, stub="Measure", footnotes=[DEFF_NOTE] if deff else [],
                 companions=companions)


def crosstab_section(rep, places: CountPlaces = CountPlaces()) -> list[Table]:
    """The tables of one section of a CROSSTABS report (:class:`~pandas_agree.CrosstabReport`), in reading order;
    ``places``: the decimals of the counts of the report's sections (:func:`count_places`)."""
    return [summary(rep, places.summary), *filter(None, [design(rep)]), crosstab(rep, places.crosstab),
            *statistics_tables(rep, places.summary)]


def section(rep, places: CountPlaces = CountPlaces()) -> list[Table]:
    """The tables of one report section, in reading order; ``places``: the decimals of the counts of the report's
    sections (:func:`count_places`)."""
    tables = [summary(rep, places.summary), *filter(None, [design(rep)]), crosstab(rep, places.crosstab),
              *filter(None, [matching(rep)]),
              *filter(None, [confusions(rep)]),
              *statistics_tables(rep, places.summary),
              multiclass(rep), paradox(rep), tests(rep), binary(rep)]
    if rep.options.get("positive") is None:  # with a positive class the measures are not averaged
        tables.append(averages(rep))
    return tables
