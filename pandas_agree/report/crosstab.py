"""``CrosstabReport``: the CROSSTABS output of a :class:`~pandas_agree.Crosstab` (two variables of any labels)."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from pathlib import Path

import pandas as pd

from ..analyses.crosstab import statistics_keywords
from ..analyses.messages import CROSSTAB_DESIGN_TESTS, design_note
from ..analyses.order import label_order_told
from ..base.frames import name_list
from ..base.options import keywords, validate_options
from ..base.version import __version__
from . import display
from .agreement import (
    case_summary,
    cell_statistics_frame,
    design_table,
    footnoted,
    frame_dict,
    group_keys,
    jsonable,
    statistics_dict,
    table_notes,
    warning_notes,
    weights_note,
)
from .options import report_options
from .rendered import Rendered

__all__ = ["CrosstabReport"]

CROSSTAB_OPTIONS = {"statistics": None, "cells": None, "random_state": None, "max_classes": 20}


class CrosstabReport(Rendered):
    """The CROSSTABS output of a :class:`~pandas_agree.Crosstab`: the Case Processing Summary, the crosstab (with
    SPSS's ``/CELLS`` statistics) and the ``/STATISTICS`` tables, for the whole table and, with layers, for each
    layer (SPSS's ``CROSSTABS a BY b BY c``), with the layered statistics (``cmh``) after the whole table's. With
    layers the crosstab and each statistics table are printed once, as SPSS prints them: the layer the outermost
    row dimension, each layer in turn, the whole table last as the "Total" layer (where the crosstab is not printed,
    more categories than ``max_classes``, each layer has a section of its own instead).

    Build one with ``Crosstab.report(statistics=..., cells=...)``. ``str(report)`` is a plain-text report in the
    style of SPSS output; in Jupyter it shows as HTML; :meth:`to_excel`, :meth:`to_html` and :meth:`to_dict`
    export it.

    Attributes
    ----------
    summary : pandas.DataFrame
        Case processing summary (:func:`~pandas_agree.report.agreement.case_summary`): valid, missing, excluded by
        weight and total rows; with weights, as SPSS's ``WEIGHT BY``, the weighted valid, missing and total cases
        (the rows of a zero or missing weight are counted in the notes).
    crosstab : pandas.DataFrame
        The crosstab with the cell statistics of ``cells`` (:meth:`Crosstab.cells`; counts by default).
    statistics : dict of str to pandas.DataFrame
        The tables of :meth:`Crosstab.statistics` asked for by ``statistics`` (empty without), with layers also
        those of ``cmh``.
    layers : dict
        With layers, the report of each layer's table.
    layers_by : hashable or list or None
        With layers, the layer variable (:attr:`Crosstab.layers_by`: a list of names for several, whose layer
        values are tuples); None without. ``by`` is its text ("a, b").
    notes : list of str
        What a reader needs to know (rows left out, weights, the design), and what the warnings of the statistics
        said (the order of labels the ordinal statistics read, an undefined value), which are also given to the
        caller as warnings.
    options : dict
        The options used.

    Examples
    --------
    >>> import pandas as pd
    >>> import pandas_agree as pa
    >>> df = pd.DataFrame({"sex": ["f", "m", "m", "f", "f"], "region": ["n", "s", "n", "n", "s"]})
    >>> report = df.agree.crosstabs("sex", "region").report(statistics=["chisq"], cells=["count", "row"])
    >>> print(str(report).splitlines()[0])
    Crosstabs: sex * region
    >>> list(report.statistics)
    ['Chi-Square Tests']
    """

    @validate_options(passes=tuple(CROSSTAB_OPTIONS))
    def __init__(self, crosstab, *, layer: bool = False, **options) -> None:
        opts = report_options(CROSSTAB_OPTIONS, options)
        layered = bool(crosstab.layers) and not layer
        words = statistics_keywords(opts["statistics"], layers=layered) if opts["statistics"] is not None else ()
        opts["statistics"] = list(words) if opts["statistics"] is not None else None
        asked = opts["cells"] is not None
        opts["cells"] = list(keywords("cells", opts["cells"] if asked else ("count",)))
        self.source = crosstab
        self.options = opts
        self.by = display.layer_by(crosstab.layers_by) if layered else None
        self.layers_by = crosstab.layers_by if layered else None
        self.summary = case_summary(crosstab)
        self.design = design_table(crosstab)
        # a table held sparse shows its counts (and is not printed beyond max_classes) unless cells are asked for
        if crosstab.held_sparse and not asked:
            opts["cells"] = None
            self.crosstab = crosstab.crosstab()
        else:
            self.crosstab = cell_statistics_frame(crosstab, opts["cells"], ())
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            self.statistics = crosstab.statistics(list(words), random_state=opts["random_state"]) if words else {}
        for w in caught:  # the caller is warned as without the report, and the notes say it in every output
            warnings.warn_explicit(w.message, w.category, w.filename, w.lineno, source=w.source)
        self.layers = {}
        if layered:  # a layer's labels are among the whole table's: its warning of their order is the table's
            with label_order_told():
                self.layers = {
                    value: CrosstabReport(sub, layer=True, **{**options, "statistics": [w for w in words if w != "cmh"]
                                                             or None})
                    for value, sub in crosstab.layers.items()}
        # the notes name labels as the tables show them
        with display.labels_apart(crosstab.table_labels, reserved=self.headings()):
            self.notes = self._notes(crosstab, caught)
            # a layer's notes in the layered report: its own without the note on the weights, which the whole
            # table's notes give
            weighted = weights_note(crosstab) if layer else None
            self.layer_notes = [note for note in self.notes if note != weighted] if layer else self.notes

    def _notes(self, ct, caught) -> list[str]:
        notes = []
        if ct.design is not None and self.statistics:
            notes.append(design_note(ct.design, CROSSTAB_DESIGN_TESTS,
                                     "Fisher's exact test and the Cochran–Mantel–Haenszel statistics have no "
                                     "design-based form and are left out"))
        notes += table_notes(ct, "value")
        # an undefined value whose reason the tables' footnotes give (a variable with one category with cases) is
        # not said again in a note
        return notes + warning_notes(caught, notes, footnoted(ct, self.statistics))

    @property
    def title(self) -> str:
        row, col = self.source.axis_names
        return f"{display.name(row, 'row')} * {display.name(col, 'column')}"

    def sections(self) -> list[tuple[object, CrosstabReport]]:
        """The report of the whole table, then one per layer: (layer value or None, report).

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> df = pd.DataFrame({"a": list("xxyyxy"), "b": list("uvvvuu"), "site": list("AABBAB")})
        >>> report = df.agree.crosstabs("a", "b", layers="site").report()
        >>> [layer for layer, _ in report.sections()]
        [None, 'A', 'B']
        """
        return [(None, self), *self.layers.items()]

    def headings(self) -> tuple[str, ...]:
        """The fixed texts printed where labels are: the names of the crosstabs' margins ("Total", or a name that is
        none of the labels, "(Total)" where a label is "Total": :meth:`~pandas_agree.Crosstab.cells`)."""
        return tuple(dict.fromkeys(str(sub.crosstab.columns[-1]) for _, sub in self.sections()))

    def label_sets(self) -> list[list]:
        """The labels the report prints: those of the rows and columns of the whole table and of every layer, with
        the values of the layer variables (one set: the layered crosstab prints them in one stub), and the values of
        each layer variable (a set each)."""
        tables = [x for _, sub in self.sections() for x in sub.source.table_labels]
        if isinstance(self.layers_by, list):
            layers = [[value[k] for value in self.layers] for k in range(len(self.layers_by))]
        else:
            layers = [list(self.layers)]
        if not self.layers:
            return [tables, *layers]
        # the layered crosstab prints the layer values in its stub, beside the row labels and the "Total" layer:
        # they are apart from those too (a layer value "Total" is shown 'Total')
        return [tables + [v for values in layers for v in values], *layers]

    def document(self):
        """The report laid out for the renderers (text and HTML)."""
        from .document import Document, Section, count_places, crosstab_section, directional_notes, layered_crosstab

        ct = self.source
        i, j = ct.shape
        meta = f"pandas_agree {__version__} · N = {display.count(ct.n)} · {i} × {j} table"
        title = self.title
        if self.layers:  # the layer variables in the title, as SPSS titles the layered crosstab
            title = f"{title} * {' * '.join(display.name(x, 'layer') for x in name_list(self.layers_by))}"
            meta += f" · {display.count_of(len(self.layers), 'layer')}"
        sections = []
        places = count_places(self)  # one format for the counts of the whole table and of every layer
        # with layers, one crosstab of every layer and the whole table (SPSS's layout), and the report one section;
        # where that crosstab is not printed, a section for the whole table and one for each layer
        layered = layered_crosstab(self, places.crosstab) if self.layers else None
        if layered is not None:
            return Document(f"Crosstabs: {title}", meta, [self._layered_section(layered, places)])
        for value, sub in self.sections():
            # with layers the first section is the whole table, the layers pooled (SPSS's "Total" layer)
            heading = (f"Layer: {display.layer(self.layers_by, value)}" if value is not None
                       else "All layers (the whole table)" if self.layers else None)
            tables = crosstab_section(sub, places)
            # the notes name the directional measures as the tables print them ("Lambda — Admit Dependent")
            notes = directional_notes(sub.notes, display.dependent(*sub.source.axis_names))
            sections.append(Section(heading, tables, notes))
        return Document(f"Crosstabs: {title}", meta, sections)

    def _layered_section(self, layered, places):
        """The one section of a layered report whose crosstab is printed as SPSS prints it (``layered``, every
        layer and the whole table in one table): the whole table's Case Processing Summary (and Sample Design),
        the layered crosstab, each statistics table once over the layers and the whole table
        (:func:`~.document.layered_statistics`), the layered statistics; the whole table's notes, then each
        layer's own, named by the layer."""
        from .document import Section, design, directional_notes, layered_statistics, statistics_tables, summary

        parts = [(value, statistics_tables(sub, places.summary)) for value, sub in self.sections()[1:]]
        statistics = layered_statistics([*parts, (None, statistics_tables(self, places.summary))], self.layers_by)
        tables = [summary(self, places.summary), *filter(None, [design(self)]), layered, *statistics]
        notes = list(self.notes)
        for value, sub in self.layers.items():
            where = display.layer(self.layers_by, value)
            notes.extend(f"{where}: {note}" for note in sub.layer_notes if note not in self.notes)
        return Section(None, tables, directional_notes(notes, display.dependent(*self.source.axis_names)))

    def __repr__(self) -> str:
        return f"<CrosstabReport: {self.title}, N = {display.significant(self.source.n)}" + (
            f", {len(self.layers)} layers>" if self.layers else ">")

    def to_excel(self, path: str | Path) -> None:
        """Write the report to one Excel workbook: the Report sheet (the text report's tables, ready to print),
        then Summary (case processing), Crosstab (the cell statistics), Statistics (with ``statistics=``: the
        CROSSTABS tables at full precision as the agreement report writes them,
        :func:`~pandas_agree.report.excel.statistics_table`: each with the facts a reader needs as labelled numbers
        and the footnotes the Report sheet prints under it, a lettered footnote naming the columns or rows it
        belongs to) and Notes (notes and options). With layers each data
        sheet stacks the tables of every layer after the whole table's.

        Examples
        --------
        >>> import tempfile
        >>> from pathlib import Path
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> report = pa.Crosstab.from_table([[20, 5, 3], [3, 22, 9]]).report(statistics=["chisq", "phi"])
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     path = Path(folder) / "crosstabs.xlsx"
        ...     report.to_excel(path)
        ...     sheets = pd.read_excel(path, sheet_name=None)
        >>> list(sheets)
        ['Report', 'Summary', 'Crosstab', 'Statistics', 'Notes']
        """
        # labels as the Report sheet shows them
        with display.labels_apart(*self.label_sets(), reserved=self.headings()):
            self._to_excel(path)

    def _to_excel(self, path: str | Path) -> None:
        from .document import laid_out
        from .excel import statistics_sheet, write_frames

        sheets: dict[str, list[tuple] | Callable] = {"Summary": [], "Crosstab": []}
        for value, sub in self.sections():
            where = self._where(value)
            sheets["Summary"].append((f"Case Processing Summary{where}", sub.summary))
            if sub.design is not None:
                sheets["Summary"].append((f"Sample Design{where}", sub.design))
            sheets["Crosstab"].append((f"{self.title} Crosstabulation{where}", _flat(sub.crosstab)))
        if any(sub.statistics for _, sub in self.sections()):
            # each table as the agreement report's Statistics sheet writes it, its layer named in its title
            sheets["Statistics"] = lambda ws: statistics_sheet(ws, self, lambda title, value: title + self._where(
                value))
        write_frames(path, laid_out(self), sheets, self.notes, self.options)

    def _where(self, value) -> str:
        """The end of the title of a layer's table on a data sheet (" (site = A)"); empty for the whole table."""
        return "" if value is None else f" ({display.layer(self.layers_by, value)})"

    def to_dict(self) -> dict:
        """The report as plain Python data (JSON-ready: NaN and ±inf become None, labels become text).

        It names the variables first: ``"row"`` and ``"column"`` (the names of the row and the column variable,
        :attr:`~pandas_agree.Crosstab.axis_names`; None for a table given without names) and ``"weights"`` (the
        weight column, :attr:`~pandas_agree.Crosstab.weights_by`; None without one), then holds the tables.

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> data = pa.Crosstab.from_table([[20, 5], [3, 22]]).report(statistics=["phi"]).to_dict()
        >>> sorted(data)
        ['column', 'crosstab', 'notes', 'options', 'row', 'statistics', 'summary', 'version', 'weights']
        >>> df = pd.DataFrame({"sex": ["f", "m", "m"], "region": ["n", "s", "n"], "n": [4, 2, 3]})
        >>> data = pa.crosstabs(df, "sex", "region", weights="n").report().to_dict()
        >>> data["row"], data["column"], data["weights"]
        ('sex', 'region', 'n')
        """
        row, col = self.source.axis_names
        out = {"row": jsonable(row), "column": jsonable(col), "weights": jsonable(self.source.weights_by)}
        out.update({name: frame_dict(getattr(self, name)) for name in ("summary", "crosstab")})
        out.update(statistics_dict(self))
        if self.layers:
            out["layers_by"] = jsonable(self.by)
            out["layers"] = dict(zip(layer_keys(self.layers_by, list(self.layers)),
                                     (rep.to_dict() for rep in self.layers.values()), strict=True))
        return out


def layer_keys(by, values: list) -> list[str]:
    """The keys of the layers in :meth:`CrosstabReport.to_dict`: a layer of one variable by its value's text
    (``str(value)``, "A"; values that share a text, 1 beside "1", as :func:`~pandas_agree.report.agreement.group_keys`
    keys them: "1" and "'1'"); a layer of several variables as the text report names it, each variable with its value
    ("Dept = A, Gender = Male"), every character kept (no label is cut). Where two such keys would read the same
    (labels holding ", " and " = ", or 1 beside "1"), every layer is keyed by the text of its tuple of values
    ("('A', 'Male')").

    Examples
    --------
    >>> from pandas_agree.report.crosstab import layer_keys
    >>> layer_keys("Dept", ["A", "B"]), layer_keys(["Dept", "Gender"], [("A", "Male"), ("A", "Female")])
    (['A', 'B'], ['Dept = A, Gender = Male', 'Dept = A, Gender = Female'])
    >>> layer_keys(["x", "y"], [(1, "a"), ("1", "a")])
    ["(1, 'a')", "('1', 'a')"]
    >>> layer_keys("x", [1, "1"])
    ['1', "'1'"]
    """
    if not isinstance(by, list):
        return group_keys(values)
    keys = [", ".join(f"{display.label(x, None)} = {display.label(v, None)}" for x, v in zip(by, value, strict=True))
            if isinstance(value, tuple) and len(value) == len(by) else str(value) for value in values]
    return keys if len(set(keys)) == len(keys) else group_keys([display.plain(value) for value in values])


def _flat(frame: pd.DataFrame) -> pd.DataFrame:
    """A crosstab of cell statistics with one index level ("row label · statistic") for a data sheet."""
    if not isinstance(frame.index, pd.MultiIndex):
        return frame
    out = frame.copy()
    out.index = pd.Index([f"{display.label(v)} · {frame.attrs.get('titles', {}).get(s, s)}"
                          for v, s in frame.index], name=frame.index.names[0])
    out.attrs["cell_statistics"] = list(frame.index.get_level_values(-1))  # each row's statistic: its format
    return out
