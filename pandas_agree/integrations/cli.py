"""The ``pandas-agree`` command line: reports from CSV, TSV, Excel, Parquet and SPSS files."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import textwrap
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path

import pandas as pd

from .. import datasets
from ..analyses.scores import SCORE_CI
from ..base.options import RENAMED, SPEC, check_option, choices
from ..base.spelling import command_line_advice, command_line_option
from ..base.text import install_advice
from ..base.version import __version__
from ..engine.labels import isin_labels
from ..measures.registry import KINDS, Suggestion, UnknownMeasureError, measures
from ..report.display import printable
from .plan_cli import add_plan_parser

DEMO = ("wine_predictions", "cultivar", "knn")
# the key of DataFrame.attrs that lists the columns read_table read as text (of a CSV, TSV or Excel file)
READ_AS_TEXT = "pandas_agree.read_as_text"
# the key that lists the label columns read_table read as an Excel sheet's cells hold them (see _typed_cells)
READ_AS_CELLS = "pandas_agree.read_as_cells"
# the key that lists the column names a CSV, TSV or Excel file's header repeats (pandas reads the second "a" as "a.1")
REPEATED_NAMES = "pandas_agree.repeated_names"
READERS = {".csv": "CSV", ".tsv": "TSV", ".tab": "TSV", ".txt": "TSV", ".xlsx": "Excel", ".xlsm": "Excel",
           ".parquet": "Parquet", ".pq": "Parquet", ".sav": "SPSS", ".zsav": "SPSS"}
# the files the report options write: option -> (the extensions it takes, what it writes)
OUTPUTS = {"excel": ((".xlsx",), "an Excel workbook"), "html": ((".html", ".htm"), "an HTML page")}


class UsageError(Exception):
    """Bad input on the command line: reported in one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, no usage block
        raise UsageError(message)


def read_table(path: str | Path, sheet: str | None = None, text_columns: Sequence = (),
               numeric_columns: Sequence = ()) -> pd.DataFrame:
    """Read a data file by its extension: .csv, .tsv/.tab/.txt, .xlsx/.xlsm, .parquet/.pq, .sav/.zsav.

    The ``text_columns`` of a CSV, TSV or Excel file are read as text, as written: "01" and "1" stay distinct
    and only an empty cell is missing ("NA", "None" and "null" stay labels); an Excel sheet whose label columns
    hold a number and a text that read the same (1 and "1") keeps its cells' types instead, with a warning (see
    :func:`_typed_cells`), so that they stay two labels; the ``numeric_columns`` (those of ``--numeric``, which
    read 1 and "1" as one number) are left out of that check and its warning. The columns are named by text, as
    the command line names them (an Excel header that is a number or a date is its text). Any failure to read the
    file is a UsageError."""
    frame = _read(Path(path), sheet, text_columns, numeric_columns)
    names = [str(c) for c in frame.columns]
    if len(set(names)) == len(names) and any(not isinstance(c, str) for c in frame.columns):
        frame.columns = names
    return frame


def _read(path: Path, sheet: str | None, text_columns: Sequence, numeric_columns: Sequence = ()) -> pd.DataFrame:
    if not path.is_file():
        raise UsageError(f"no such file: {path}")
    kind = READERS.get(path.suffix.lower())
    if kind is None:
        raise UsageError(f"unsupported file type {path.suffix or '(none)'!r}; use one of {', '.join(READERS)}")
    if sheet is not None and kind != "Excel":
        excel = ", ".join(e for e, k in READERS.items() if k == "Excel")
        raise UsageError(f"argument --sheet: only Excel files ({excel}) have sheets; {path} is a {kind} file")
    try:
        if kind in ("CSV", "TSV", "Excel"):
            if kind == "Excel":
                if sheet is not None:
                    sheets = pd.ExcelFile(path).sheet_names
                    if sheet not in sheets:
                        raise UsageError(f"argument --sheet: no sheet {sheet!r} in {path}; its sheets are {sheets}")

                def read(**kw):
                    return pd.read_excel(path, sheet_name=sheet or 0, **kw)
            else:
                def read(**kw):
                    return pd.read_csv(path, sep="," if kind == "CSV" else "\t", **kw)
            frame = read()
            repeated = _repeated_names(frame, read)
            text = [c for c in dict.fromkeys(text_columns) if c in frame.columns.map(str)]
            if text:  # read again, as text: the other columns keep pandas' types and missing values
                at = sorted(list(frame.columns.map(str)).index(c) for c in text)  # by position: names may be numbers
                options = {"usecols": at, "keep_default_na": False, "na_values": [""]}
                if kind == "Excel":  # a sheet is parsed whole at each read: its cells read once, as typed
                    typed = read(dtype=object, **options)
                    as_text = _cells_as_text(typed)
                    # where a number and a text read the same (1 and "1"), the cells as typed
                    cells = _typed_cells(as_text, typed, numeric_columns)
                else:
                    as_text, cells = read(dtype=str, **options), None
                for k, c in enumerate(at):  # usecols gives the columns in the file's order
                    frame[frame.columns[c]] = (as_text if cells is None else cells).iloc[:, k]
                frame.attrs[READ_AS_TEXT if cells is None else READ_AS_CELLS] = [str(frame.columns[c]) for c in at]
            if repeated:
                frame.attrs[REPEATED_NAMES] = repeated
            return frame
        if kind == "Parquet":
            try:
                return pd.read_parquet(path)
            except ImportError:
                advice = install_advice("pyarrow", "parquet")
                raise ImportError(f"reading Parquet files needs pyarrow: {advice}") from None
        return _read_spss(path)
    except UsageError:
        raise
    except ImportError as err:
        raise UsageError(str(err)) from None
    except Exception as err:  # a damaged or truncated file fails in the reader, with the reader's own error
        raise UsageError(f"cannot read {path} as {kind}: {type(err).__name__}: {err}") from None


def _repeated_names(frame: pd.DataFrame, read: Callable) -> list[str]:
    """The column names the file's header repeats. pandas reads the second of two columns named "a" as "a.1": the
    header is read again, as it is written, only where a name of that form follows the name it extends."""
    names = [str(c) for c in frame.columns]
    known = set(names)
    if not any(base in known for base, dot, number in (n.rpartition(".") for n in names) if dot and number.isdigit()):
        return []
    header = [str(c) for c in read(header=None, nrows=1).iloc[0]]
    return [name for name in dict.fromkeys(header) if header.count(name) > 1]


def _cells_as_text(cells: pd.DataFrame) -> pd.DataFrame:
    """An Excel sheet's columns read as objects (``read_excel(dtype=object)``), as ``read_excel(dtype=str)`` reads
    them: each cell's value as text, a missing cell missing, in pandas' dtype of text. The two read the same values
    (an integral float as an int, a date as a datetime), which ``dtype=str`` then writes with ``str()``; reading the
    sheet once spares a second parse of the whole file (openpyxl reads every cell of a sheet at each read)."""
    text = pd.Series([""], dtype=str).dtype  # object on pandas 2, "str" on pandas 3, as dtype=str reads
    out = cells.copy()
    for k in range(cells.shape[1]):  # by position: a sheet's headers may repeat
        out.isetitem(k, cells.iloc[:, k].map(lambda v: v if isinstance(v, str) or pd.isna(v) else str(v)).astype(text))
    return out


def _typed_cells(as_text: pd.DataFrame, cells: pd.DataFrame, numeric: Sequence = ()) -> pd.DataFrame | None:
    """The label columns of an Excel sheet as its cells hold them (``cells``: numbers as numbers, text as text),
    where a column holds a number and a text that read the same (1 and "1", a number stored as text): these are
    two labels, as ``pandas.read_excel(dtype=object)`` reads them and as the Python API keeps them, with a warning
    naming the columns and the values; else None (the columns are read as text, ``as_text``). The ``numeric``
    columns (named by --numeric, which reads 1 and "1" as one number) are not checked."""
    clashes = {}
    for k, name in enumerate(as_text.columns):
        if str(name) in numeric:
            continue
        text, cell = as_text.iloc[:, k], cells.iloc[:, k]
        held = cell.notna().to_numpy()
        is_text = cell.map(lambda v: isinstance(v, str)).to_numpy(dtype=bool)
        texts = set(text[held & is_text])
        both = [t for t in pd.unique(text[held & ~is_text]) if t in texts]
        if both:
            clashes[str(name)] = both
    if not clashes:
        return None
    shown = "; ".join(f"column {name!r}: " + ", ".join(f"the number {t} and the text {t!r}" for t in both[:3])
                      + (f" and {len(both) - 3} more" if len(both) > 3 else "") for name, both in clashes.items())
    warnings.warn(f"the label columns hold numbers and text that read the same ({shown}): they are different "
                  f"labels, as the cells are typed; give --numeric {' '.join(clashes)} to read them as numbers",
                  UserWarning, stacklevel=4)
    return cells


def _read_spss(path: Path) -> pd.DataFrame:
    try:
        import pyreadstat
    except ImportError:
        raise ImportError(f"reading SPSS files needs pyreadstat: {install_advice('pyreadstat', 'spss')}") from None
    frame, meta = pyreadstat.read_sav(str(path), apply_value_formats=True, formats_as_category=True)
    for column, value_labels in meta.variable_value_labels.items():
        if isinstance(frame[column].dtype, pd.CategoricalDtype):
            # SPSS's order is the order of the codes (the reader sorts the labels alphabetically), and SPSS shows a
            # code without a label as its value: 4, not the 4.0 the reader gives a numeric variable's code
            labels = set(value_labels.values())
            categories = list(frame[column].cat.categories)
            shown = {}  # an unlabelled code -> as it is shown (the code itself should its text be a label)
            for code in (c for c in categories if c not in labels):
                text = _code_text(code)
                shown[code] = code if text in labels or text in shown.values() else text
            order = {**value_labels, **shown}  # every code -> its category
            in_code_order = list(dict.fromkeys(order[code] for code in sorted(order, key=_code_key)))
            # a variable the file declares ordinal (or scale) is an ordered scale in that order, as SPSS reads it
            ordered = meta.variable_measure.get(column) in ORDERED_MEASURES
            frame[column] = frame[column].cat.rename_categories(
                [shown.get(c, c) for c in categories]).cat.set_categories(in_code_order, ordered=ordered)
    return frame


ORDERED_MEASURES = ("ordinal", "scale")
"""The SPSS measurement levels whose labelled codes are read as an ordered categorical, in code order: the ordinal
statistics and weighted kappa then read their order without a LabelOrderWarning. A nominal variable (or one of
unknown level) keeps unordered categories, in code order too, and the warning says that an ordinal statistic read
them as a scale."""


def _code_text(code) -> object:
    """An SPSS code as SPSS shows it without a value label: a whole number as an integer, in text ("4", a label
    among the value labels), any other code as it is (4.5)."""
    return str(int(code)) if isinstance(code, float) and code.is_integer() else code


def _code_key(code) -> tuple:
    """The order of SPSS codes: numbers by value, then text codes (of a string variable) as text."""
    return (0, code, "") if isinstance(code, (int, float)) else (1, 0, str(code))


# the command-line options that are options of the reports (argparse dest -> report option)
REPORT_OPTIONS = ("measures", "classes", "timing", "positive", "beta", "tversky", "correction", "zero_division", "ci",
                  "confidence_level", "n_resamples", "bootstrap_method", "random_state", "resampling", "kappa_weights",
                  "bands", "level", "percentages", "sort_by", "statistics", "cells")
# the command-line options that name columns of the data file
COLUMN_OPTIONS = ("actual", "reference", "pred", "row", "col", "layer", "weights", "by", "columns", "long", "numeric",
                  "strata", "cluster", "fpc", "score")
SCORES_OPTIONS = ("measures", "ci", "confidence_level", "n_resamples", "bootstrap_method", "random_state", "average",
                  "scale", "max_fpr")


def _report_options(args) -> dict:
    """The report options given on the command line (those left out keep the report's defaults)."""
    options = {name: getattr(args, name) for name in REPORT_OPTIONS if getattr(args, name, None) is not None}
    for old, new in RENAMED.items():  # an option's old name (--design): its new one, with a warning
        if getattr(args, old, None) is not None:
            if new in options:
                raise UsageError(f"argument {_flag(new)}: {_flag(old)} is its old name; give {_flag(new)} only")
            warnings.warn(f"{_flag(old)} is renamed {_flag(new)}; {_flag(old)} will be removed in a future version",
                          FutureWarning, stacklevel=2)
            options[new] = getattr(args, old)
    if "tversky" in options:
        options["tversky"] = tuple(options["tversky"])
    if options.get("ci") == "none":
        options["ci"] = None
    if hasattr(args, "max_classes"):  # given on the command line ("all" is None)
        options["max_classes"] = args.max_classes
    return options


# options with a second name: the first is the name of the Python argument (compare's reference and predictions)
ALIASES = {"reference": "--reference/--actual", "pred": "--pred/--predictions"}


def _flag(dest: str, args=None) -> str:
    """The option whose value argparse keeps as ``dest``, as its errors name it (both names of an aliased one)."""
    if args is not None and dest in ALIASES and getattr(args, "command", None) == "compare":
        return ALIASES[dest]
    return command_line_option(dest)


def _check_columns(frame: pd.DataFrame, args) -> None:
    """Every column named on the command line is in the file, or a UsageError naming the option."""
    for dest in COLUMN_OPTIONS:
        given = getattr(args, dest, None)
        for name in [given] if isinstance(given, str) else (given or []):
            if name in frame.attrs.get(REPEATED_NAMES, ()):
                raise UsageError(f"argument {_flag(dest, args)}: the column name {name!r} is repeated in {args.file}; "
                                 f"it must name one column (rename the others)")
            if name not in frame.columns:
                shown = ", ".join(map(str, list(frame.columns)[:20]))
                raise UsageError(f"argument {_flag(dest, args)}: no column {name!r} in {args.file}; its columns are "
                                 f"{shown}")


# an integer as str(int(x)) writes it: no sign but a minus, no leading zeros, no decimals ("-0" is written "0")
CANONICAL_INTEGER = r"0|-?[1-9][0-9]*"
INT64_DIGITS = "9223372036854775807"  # the largest int64; the smallest is -(this + 1)


def _integer_codes(column: pd.Series) -> bool:
    """Whether every non-missing value of a column read as text is an integer written canonically, within int64
    (and there is one at least): "12" and "-3" are, "012", "+3", "3.0" and "1e3" are not."""
    values = pd.Series(pd.unique(column.dropna()), dtype=object)
    if len(values) == 0 or not all(isinstance(v, str) for v in values):
        return False
    if not values.str.fullmatch(CANONICAL_INTEGER).all():
        return False
    digits = values.str.removeprefix("-")
    negative = values.str.startswith("-")
    longest = digits.str.len() == len(INT64_DIGITS)  # as long as the bound: compare as text, digit by digit
    too_big = (digits.str.len() > len(INT64_DIGITS)) | (longest & ~negative & (digits > INT64_DIGITS)) | (
        longest & negative & (digits > str(int(INT64_DIGITS) + 1)))
    return not too_big.any()


def _whole_numbers(values: pd.Series) -> pd.Series:
    """A column read by --numeric as integers where every number it holds is whole (within ±2⁵³, where a float is
    exact): int64, or pandas' nullable Int64 with missing cells (whose NaN made the column float), so that its
    labels print as 1 and 2 beside a column without missing cells, as R's ``read.csv`` reads 1, 2, NA (integer);
    any other column as it is."""
    if values.dtype.kind != "f":
        return values
    held = values[values.notna()]
    if held.empty or not ((held.abs() <= 2.0**53) & (held == held.round())).all():
        return values
    codes = values.astype("Int64")
    return codes.astype("int64") if codes.notna().all() else codes


def _read_integer_codes(frame: pd.DataFrame, groups: list[list], numeric: list) -> None:
    """Read as integers each group of label columns that were read as text (not named by --numeric) and hold only
    integers written canonically, as pandas and R read such a column: numbers, in numeric order (int64, or pandas'
    nullable Int64 with missing cells). The columns of a group (those whose labels are compared with each other)
    change together or not at all, so that "1" on one side still meets "1" on the other."""
    as_text = set(frame.attrs.get(READ_AS_TEXT, ()))
    for group in groups:
        group = [c for c in dict.fromkeys(group) if c not in numeric]
        if group and all(c in as_text and _integer_codes(frame[c]) for c in group):
            for c in group:
                codes = pd.to_numeric(frame[c]).astype("Int64")
                frame[c] = codes.astype("int64") if codes.notna().all() else codes


def _label_columns(frame: pd.DataFrame, args, columns: list, groups: list[list] | None = None) -> None:
    """Apply ``--missing`` (values of the label columns that mean "missing") and ``--numeric`` (label columns to
    convert to numbers) to the label ``columns`` of ``frame``; then read as integers the label columns read as text
    that hold only integer codes, each of ``groups`` (lists of the ``columns``; default: all of them in one group)
    together."""
    missing = list(args.missing or [])
    numeric = list(args.numeric or [])
    for name in numeric:
        if name not in columns:
            raise UsageError(f"argument --numeric: {name!r} is not a label column; the label columns are "
                             f"{', '.join(map(str, columns))}")
    typed = set(frame.attrs.get(READ_AS_CELLS, ()))
    for c in dict.fromkeys(columns):
        if missing:  # a typed cell by its text, as a column read as text: --missing 9 is the number 9 and "9"
            values = frame[c].map(lambda v: v if isinstance(v, str) else str(v)) if c in typed else frame[c]
            frame[c] = frame[c].mask(values.isin(missing))
        if c in numeric:
            try:
                frame[c] = _whole_numbers(pd.to_numeric(frame[c]))
            except (TypeError, ValueError) as err:
                raise UsageError(f"argument --numeric: column {c!r} is not numeric ({err}); name its non-numeric "
                                 "values with --missing, or leave it as text") from None
    _read_integer_codes(frame, [list(columns)] if groups is None else groups, numeric)
    _warn_numeric_spellings(frame, [c for c in dict.fromkeys(columns) if c not in numeric])
    _warn_missing_spellings(frame, [c for c in dict.fromkeys(columns) if c not in numeric], missing)


def _labels(frame: pd.DataFrame, args, columns: list, dest: str = "labels") -> list | None:
    """The labels of ``--labels`` (or of the option ``dest``, such as ``--row-labels``) as the label columns hold
    their labels: numbers where the columns are numeric (--numeric, or a file that stores numbers), else text; None
    without the option."""
    given = getattr(args, dest, None)
    if not given:
        return None
    return _typed_labels(frame, given, columns, dest)


def _typed_labels(frame: pd.DataFrame, given: list, columns: list, dest: str) -> list:
    """The texts ``given`` to the option ``dest`` as the label ``columns`` hold their labels (see :func:`_labels`)."""
    typed = [c for c in columns if c in frame.attrs.get(READ_AS_CELLS, ())]
    if typed:  # each listed text stands for the cells that read as it: the number 1, then the text "1"
        read_as = _read_as(frame, typed)
        listed = {}
        for text in given:
            listed.update({(type(v), v): v for v in read_as.get(text, [text])})
        return list(listed.values())
    if all(pd.api.types.is_numeric_dtype(frame[c].dtype) for c in columns):
        try:
            return list(pd.to_numeric(pd.Series(given)))
        except (TypeError, ValueError):
            which = "label columns hold" if len(columns) > 1 else f"column {columns[0]!r} holds"
            raise UsageError(f"argument {_flag(dest)}: the {which} numbers; {given!r} are not all "
                             "numbers") from None
    return list(given)


def _read_as(frame: pd.DataFrame, columns: list) -> dict[str, list]:
    """The values of label ``columns`` read as an Excel sheet's cells hold them (:func:`_typed_cells`) by the text
    they read as on the command line: "1" -> [1, "1"], the numbers (and other cells that are not text) first."""
    values = dict.fromkeys((type(v), v) for c in columns for v in frame[c].dropna())  # True apart from 1
    read_as: dict[str, list] = {}
    for v in sorted((v for _, v in values), key=lambda v: isinstance(v, str)):
        read_as.setdefault(v if isinstance(v, str) else str(v), []).append(v)
    return read_as


def _positive(frame: pd.DataFrame, columns: list, given):
    """--positive as the label ``columns`` hold it: where they were read as an Excel sheet's cells hold them, the
    one value that reads as ``given``, or a UsageError if two do (the number 1 and the text "1"); where they all
    hold numbers (--numeric, integer codes, a file that stores numbers), the number ``given`` reads as, or a
    UsageError if it reads as none."""
    if given is None:
        return given
    typed = [c for c in columns if c in frame.attrs.get(READ_AS_CELLS, ())]
    if not typed:
        if not all(pd.api.types.is_numeric_dtype(frame[c].dtype) for c in columns):
            return given
        try:
            return pd.to_numeric(pd.Series([given])).iloc[0]
        except (TypeError, ValueError):
            which = "label columns hold" if len(set(columns)) > 1 else f"column {columns[0]!r} holds"
            raise UsageError(f"argument --positive: the {which} numbers; {given!r} is not one") from None
    found = _read_as(frame, typed).get(given, [given])
    if len(found) > 1:
        raise UsageError(f"argument --positive: {given!r} is {' and '.join(f'the {_kind(v)} {v!r}' for v in found)}, "
                         f"two labels of {', '.join(map(repr, typed))}; give --numeric {' '.join(typed)} to read "
                         "them as one number")
    return found[0]


def _kind(value) -> str:
    """What a label is, as a message names it: "text", "number" or "value"."""
    return "text" if isinstance(value, str) else "number" if isinstance(value, (int, float)) else "value"


def _crosstab_labels(frame: pd.DataFrame, args) -> list | dict | None:
    """The labels of ``crosstabs``: --labels for both variables, or --row-labels and --col-labels each its own
    (``labels={row: [...], col: [...]}``). The two variables are read each on its own: where one is read as numbers
    and the other as text, --labels gives each the labels of its list it can hold (see :func:`_split_labels`)."""
    sides = {name: _labels(frame, args, [name], dest) for name, dest in ((args.row, "row_labels"),
                                                                          (args.col, "col_labels"))
             if getattr(args, dest, None)}
    if sides and args.labels:
        raise UsageError("argument --labels: give either --labels (the categories of both variables) or "
                         "--row-labels/--col-labels (each variable its own), not both")
    if args.row == args.col and len(sides) == 1 and args.row_labels and args.col_labels:
        raise UsageError("argument --col-labels: the row and the column variable are one column; give its "
                         "categories once, with --labels")
    if sides:
        return sides
    numeric = [pd.api.types.is_numeric_dtype(frame[c].dtype) for c in (args.row, args.col)]
    if args.labels and args.row != args.col and numeric[0] != numeric[1]:
        return _split_labels(frame, args.labels, args.row if numeric[0] else args.col,
                             args.col if numeric[0] else args.row)
    return _labels(frame, args, [args.row, args.col])


def _layer_labels(frame: pd.DataFrame, args) -> dict:
    """The order of the values of the layer columns of ``--layer-labels COL VALUE ...`` (repeated for several),
    as ``labels={column: [...]}`` takes it: each value as the column holds it (:func:`_typed_labels`). A column
    that is not a --layer column, a column given twice, no value, or a value the column does not hold (a layer
    without a case would be left out, so it is a slip) is a UsageError."""
    out: dict = {}
    layers = list(args.layer or [])
    for name, *given in args.layer_labels or []:
        if name not in layers:
            raise UsageError(f"argument --layer-labels: {name!r} is not a layer column; give a column of --layer "
                             f"({', '.join(map(repr, layers)) or 'none given'}) first, then its values in their "
                             "order: --layer-labels COL VALUE [VALUE ...]")
        if name in out:
            raise UsageError(f"argument --layer-labels: {name!r} is given twice; give its values once")
        if not given:
            raise UsageError(f"argument --layer-labels: {name!r} has no values; give them after it in their order: "
                             f"--layer-labels {name} VALUE [VALUE ...]")
        held = frame[name].dropna().unique()
        absent = [text for text in given
                  if not isin_labels(pd.Index(_typed_labels(frame, [text], [name], "layer_labels"), dtype=object),
                                     held).any()]
        if absent:
            values = sorted(map(str, held))
            shown = ", ".join(values[:20]) + (f" and {len(values) - 20} more" if len(values) > 20 else "")
            raise UsageError(f"argument --layer-labels: the layer column {name!r} does not hold "
                             f"{', '.join(map(repr, absent))}; its values are {shown or 'none'}")
        out[name] = _typed_labels(frame, given, [name], "layer_labels")
    return out


def _split_labels(frame: pd.DataFrame, given: list, numeric: str, text: str) -> dict:
    """--labels, one list for a variable read as numbers (``numeric``) and one read as text (``text``): the first
    takes the listed labels that are numbers (as numbers), the second the others and those that are among its own
    values, each in the order of the list (``--labels 1 2 3 low mid high``: 1 < 2 < 3 for the first, low < mid <
    high for the second)."""
    number = pd.to_numeric(pd.Series(given, dtype=object), errors="coerce").notna().to_numpy()
    own = frame[text].dropna().astype(str).unique()
    numbers = [label for label, is_number in zip(given, number, strict=True) if is_number]
    return {numeric: list(pd.to_numeric(pd.Series(numbers, dtype=object))),
            text: [label for label, is_number in zip(given, number, strict=True) if not is_number or label in own]}


def _warn_numeric_spellings(frame: pd.DataFrame, columns: list) -> None:
    """A warning where label columns read as text spell one number in two ways ("0" and "0.0", as a file writes an
    integer column and one with missing values): as text they are two labels, which cannot agree."""
    texts = pd.Index(pd.unique(pd.concat([frame[c].dropna().astype(str) for c in columns]))) if columns else []
    if len(texts) == 0 or len(texts) > 10_000:
        return
    numbers = pd.to_numeric(pd.Series(texts), errors="coerce")
    spelled = pd.Series(texts)[numbers.notna()].groupby(numbers[numbers.notna()].to_numpy()).unique()
    clashes = [list(v) for v in spelled if len(v) > 1]
    if clashes:
        shown = "; ".join(" and ".join(repr(x) for x in sorted(v)) for v in clashes[:3])
        warnings.warn(f"the label columns spell one number in several ways ({shown}): read as text, these are "
                      f"different labels; give --numeric {' '.join(map(str, columns))} to read them as numbers",
                      UserWarning, stacklevel=2)


# the texts pandas.read_csv reads as missing by default (NA, null, NaN, ...), which label columns keep as labels
MISSING_SPELLINGS = ("", "#N/A", "#N/A N/A", "#NA", "-1.#IND", "-1.#QNAN", "-NaN", "-nan", "1.#IND", "1.#QNAN",
                     "<NA>", "N/A", "NA", "NULL", "NaN", "None", "n/a", "nan", "null")


def _warn_missing_spellings(frame: pd.DataFrame, columns: list, missing: list) -> None:
    """A warning where label columns read as text hold a value that pandas (and R's write.csv) means as missing,
    such as "NA": here it is a label, unless --missing names it."""
    found = {}
    for c in columns:
        if not (pd.api.types.is_object_dtype(frame[c].dtype) or pd.api.types.is_string_dtype(frame[c].dtype)):
            continue
        held = frame[c].isin([x for x in MISSING_SPELLINGS if x and x not in missing])
        if held.any():
            found[c] = list(dict.fromkeys(frame[c][held]))
    if found:
        texts = list(dict.fromkeys(x for values in found.values() for x in values))
        shown = ", ".join(f"{c} ({', '.join(map(repr, v[:3]))})" for c, v in found.items())
        warnings.warn(f"label columns hold values that mean missing in many files: {shown}; here they are labels "
                      f"(only an empty cell is missing); give --missing {' '.join(texts)} to leave those rows out",
                      UserWarning, stacklevel=2)


def _check_outputs(args) -> None:
    """Every output option (--excel, --html) names a file that can be written, checked before any work is done: its
    extension is the one of what it writes, it is not a directory nor the input file, its directory exists, and
    the file can be opened for writing there (a new one is created and removed again; an existing one is left as
    it is). A UsageError names the option otherwise."""
    for dest, (extensions, what) in OUTPUTS.items():
        given = getattr(args, dest, None)
        if given is None:
            continue
        flag, path = _flag(dest), Path(given)
        if path.is_dir():
            raise UsageError(f"argument {flag}: {given} is a directory; give the name of a file to write, ending in "
                             f"{' or '.join(extensions)}")
        if path.suffix.lower() not in extensions:
            raise UsageError(f"argument {flag}: {given} does not end in {' or '.join(extensions)}: {flag} writes "
                             f"{what}; name the file {path.with_suffix(extensions[0]).name}")
        parent = path.resolve().parent
        if not parent.exists():
            raise UsageError(f"argument {flag}: no such directory: {path.parent}")
        if not parent.is_dir():
            raise UsageError(f"argument {flag}: {path.parent} is not a directory")
        source = getattr(args, "file", None)
        if source is not None and path.exists() and Path(source).exists() and path.samefile(source):
            raise UsageError(f"argument {flag}: {given} is the input file; give another name")
        _probe(path, flag)


def _probe(path: Path, flag: str) -> None:
    """Open ``path`` for writing without changing it (a new file is created and removed), or a UsageError naming
    ``flag`` and the reason (permission denied, a read-only file system, a name too long...)."""
    existed = path.exists()
    try:
        with open(path, "ab"):
            pass
    except OSError as err:
        raise UsageError(f"argument {flag}: cannot write {path}: {err.strerror or err}") from None
    if not existed:
        with contextlib.suppress(OSError):
            path.unlink()


def _option_error(err: Exception, args) -> str:
    """The message of an error from the library, naming the command-line option it is about."""
    message = err.args[0] if isinstance(err, KeyError) and err.args else str(err)
    if isinstance(err, UnknownMeasureError) and args is not None:
        message = _unknown_measure(err, args)
    names = [(dest, dest) for dest in vars(args)] if args is not None else []
    names += [(python, dest) for python, dest in PYTHON_NAMES.items() if args is not None and hasattr(args, dest)]
    for name, dest in names:
        flag = _flag(dest, args)
        for prefix in (f"{name}: ", f"{name}= ", f"{name} ", f"{name}="):
            if message.startswith(prefix) and dest not in ("run", "command"):
                # argparse's form, "argument --sort-by: must be ...": the library's name is not said again
                return f"argument {flag}: " + (message.removeprefix(prefix) if prefix != f"{name}=" else message)
    return message


# the library's argument names whose command-line option keeps another name (compare's predictions are --pred,
# crosstabs' layers are --layer)
PYTHON_NAMES = {"predictions": "pred", "layers": "layer"}


def _unknown_measure(err: UnknownMeasureError, args) -> str:
    """An unknown measure's message with its suggestions in the command line's words: "FBETA with --beta 2" (only
    those whose parameters this command has an option for), and the measures command to list the names."""
    def spell(name: str, value) -> str:
        values = value if isinstance(value, tuple) else (value,)
        return command_line_option(name, *(f"{v:g}" if isinstance(v, float) else v for v in values))

    def available(suggestion: Suggestion) -> bool:
        return all(hasattr(args, name) for name, _ in suggestion.params)

    listed = err.choices if err.choices.startswith(";") else " (pandas-agree measures lists them all)"
    return err.message(spell, listed, available)


def _emit(report, args) -> None:
    """Write the outputs asked for; print the report unless --quiet and a file was written."""
    def html(path):
        return report.to_html(path, plots=not getattr(args, "no_plots", False))

    for dest, write in (("excel", report.to_excel), ("html", html)):
        if getattr(args, dest):
            try:
                write(getattr(args, dest))
            except OSError as err:  # checked before the work, but the disk may fill or the directory go
                raise UsageError(f"argument {_flag(dest)}: cannot write {getattr(args, dest)}: "
                                 f"{err.strerror or err}") from None
            if not args.quiet:
                print(f"wrote {getattr(args, dest)}", file=sys.stderr)
    if args.quiet and (args.excel or args.html):
        return
    print(report.to_json(indent=2) if args.json else report)


def _check_layered(args, how: str) -> None:
    """``--statistics cmh`` needs layers, which a report takes from its groups: a UsageError saying ``how`` to
    give them (the library's message names its Python calls)."""
    if "cmh" in (args.statistics or []) and not getattr(args, "by", None):
        raise UsageError("argument --statistics: 'cmh' (Cochran's and Mantel-Haenszel statistics) needs layers, "
                         f"several tables: {how}")


def run_report(args) -> int:
    _check_layered(args, "give a column whose values are the groups with --by COL")
    frame = read_table(args.file, args.sheet, [args.actual, args.pred], getattr(args, "numeric", None) or ())
    _check_columns(frame, args)
    _label_columns(frame, args, [args.actual, args.pred])
    table_options = {"weights": args.weights, "match": args.match, "strata": args.strata, "cluster": args.cluster,
                     "fpc": args.fpc, "lonely_psu": args.lonely_psu, "replicates": args.replicates}
    labels = _labels(frame, args, [args.actual, args.pred])
    options = _report_options(args)
    if "positive" in options:
        options["positive"] = _positive(frame, [args.actual, args.pred], options["positive"])
    report = frame.agree.report(args.actual, args.pred, by=args.by, labels=labels, **table_options, **options)
    _emit(report, args)
    return 0


def run_crosstabs(args) -> int:
    if "cmh" in (args.statistics or []) and not args.layer:
        raise UsageError("argument --statistics: 'cmh' (Cochran's and Mantel-Haenszel statistics) needs layers, "
                         "several tables: give the layer column with --layer COL")
    columns = [args.row, args.col]
    layers = list(args.layer or [])
    frame = read_table(args.file, args.sheet, [*columns, *layers], getattr(args, "numeric", None) or ())
    _check_columns(frame, args)
    # two variables, each read on its own (integer codes in one, text in the other), --labels or not; the layer
    # columns too, as the variables are: integer codes in numeric order (1, 2, …, 10, as SPSS orders a layer's
    # values), --missing and --numeric applied
    _label_columns(frame, args, [*columns, *layers], [[c] for c in [*columns, *layers]])
    labels = _crosstab_labels(frame, args)
    layer_labels = _layer_labels(frame, args)
    if layer_labels:
        if labels is not None and not isinstance(labels, dict):
            raise UsageError("argument --layer-labels: with --layer-labels give the categories of the row and the "
                             "column variable with --row-labels/--col-labels (each its own), not --labels")
        labels = {**(labels or {}), **layer_labels}
    try:
        crosstab = frame.agree.crosstabs(args.row, args.col, layers=args.layer, weights=args.weights,
                                         labels=labels, strata=args.strata,
                                         cluster=args.cluster, fpc=args.fpc, lonely_psu=args.lonely_psu,
                                         replicates=args.replicates)
    except (TypeError, ValueError) as err:  # a side's labels, or a layer's values: the error names its option
        for name in layer_labels:
            if str(err).startswith(f"labels[{name!r}] "):
                raise UsageError(f"argument --layer-labels: {name!r} {str(err).removeprefix(f'labels[{name!r}] ')}"
                                 ) from None
        for name, flag in ((args.row, "--row-labels"), (args.col, "--col-labels")):
            if str(err).startswith(f"labels[{name!r}] "):  # its Python name left out
                flag = "--labels" if args.labels else flag
                raise UsageError(f"argument {flag}: {str(err).removeprefix(f'labels[{name!r}] ')}") from None
        raise
    options = {"statistics": args.statistics, "cells": args.cells, "random_state": args.random_state}
    _emit(crosstab.report(**{k: v for k, v in options.items() if v is not None}), args)
    return 0


def run_raters(args) -> int:
    if bool(args.columns) == bool(args.long):
        raise UsageError("give either --columns (one column per rater) or --long SUBJECT RATER RATING")
    frame = read_table(args.file, args.sheet, args.long or args.columns, getattr(args, "numeric", None) or ())
    _check_columns(frame, args)
    _label_columns(frame, args, [args.long[2]] if args.long else args.columns)
    if args.long:
        from ..analyses.raters import RaterAgreement

        if args.weights is not None:  # from_long takes none: a weight belongs to a subject, a row of wide data
            raise UsageError("argument --weights: long data (--long) take no weights; give the ratings one row per "
                             "subject, one column per rater, beside the weights, and name them with --columns")

        raters = RaterAgreement.from_long(frame, *args.long, strata=args.strata, cluster=args.cluster, fpc=args.fpc,
                                          labels=_labels(frame, args, [args.long[2]]))
    else:
        raters = frame.agree.raters(args.columns, weights=args.weights, strata=args.strata, cluster=args.cluster,
                                    fpc=args.fpc, lonely_psu=args.lonely_psu, replicates=args.replicates,
                                    labels=_labels(frame, args, args.columns))
    _emit(raters.report(**_report_options(args)), args)
    return 0


def run_compare(args) -> int:
    frame = read_table(args.file, args.sheet, [args.reference, *args.pred], getattr(args, "numeric", None) or ())
    _check_columns(frame, args)
    _label_columns(frame, args, [args.reference, *args.pred])
    comparison = frame.agree.compare(args.reference, args.pred, weights=args.weights, match=args.match,
                                     strata=args.strata, cluster=args.cluster, fpc=args.fpc,
                                     lonely_psu=args.lonely_psu, replicates=args.replicates)
    _emit(comparison.report(**_report_options(args)), args)
    return 0


def run_scores(args) -> int:
    frame = read_table(args.file, args.sheet, [args.actual], getattr(args, "numeric", None) or ())
    _check_columns(frame, args)
    _label_columns(frame, args, [args.actual])
    for name in args.score:
        if not pd.api.types.is_numeric_dtype(frame[name].dtype):
            raise UsageError(f"argument --score: column {name!r} is not numeric (dtype {frame[name].dtype}); the "
                             "scores must be numbers")
    positive = _positive(frame, [args.actual], args.positive)
    if args.compare and len(args.score) < 2:
        raise UsageError("argument --compare: compares two or more --score columns; got one")
    if args.compare and args.average is not None:
        raise UsageError("argument --average: averages the classes of class probabilities; with --compare each "
                         "--score column is a score of --positive, so leave --average out")
    if not args.compare and len(args.score) > 1 and args.positive is not None:
        raise UsageError("argument --positive: several --score columns without --compare are class probabilities "
                         "(one column per label), which take no --positive; add --compare to compare the scores "
                         "of --positive")
    design = {"weights": args.weights, "labels": _labels(frame, args, [args.actual]), "strata": args.strata,
              "cluster": args.cluster, "fpc": args.fpc, "lonely_psu": args.lonely_psu, "replicates": args.replicates}
    if args.compare:
        scores = frame.agree.compare_scores(args.actual, args.score, positive=positive, **design)
    else:
        scores = frame.agree.scores(args.actual, args.score if len(args.score) > 1 else args.score[0],
                                    positive=positive, **design)
    options = {name: getattr(args, name) for name in SCORES_OPTIONS if getattr(args, name, None) is not None}
    if options.get("ci") == "none":
        options["ci"] = None
    _emit(scores.report(**options), args)
    return 0


def run_demo(args) -> int:
    _check_layered(args, "the demo has no groups; pandas-agree report FILE --actual COL --pred COL --by COL takes "
                         "them from a data file")
    name, actual, pred = DEMO
    frame = datasets.load(name)
    report = frame.agree.report(actual, pred, **_report_options(args))
    _emit(report, args)
    return 0


MEASURES_WIDTH = 100


def run_measures(args) -> int:
    """The catalogue, at most 100 columns wide: a line per measure, its formula and interval method below it."""
    cat = measures(args.kind)
    widths = {c: max(len(c), *(len(str(v)) for v in cat[c])) for c in ("code", "name", "kind", "range")}
    head = ["code", "name", "kind", "range", "sym", "averaging"]

    def line(cells) -> str:
        return "  ".join(str(v).ljust(widths.get(c, 3)) for c, v in zip(head, cells, strict=True)).rstrip()

    out = [line(head)]
    indent = " " * (widths["code"] + 2)
    for m in cat.itertuples(index=False):
        cells = [m.code, m.name, m.kind, m.range, "yes" if m.symmetric else "no", m.averaging or ""]
        below = []
        if len(line(cells)) > MEASURES_WIDTH:  # a long averaging goes below, with the formula
            cells[-1], below = "", [("averaging", m.averaging)]
        out.append(line(cells))
        for label, text in (*below, ("formula", m.formula), ("interval", m.ci_method)):
            out.extend(textwrap.wrap(f"{label}: {text}", MEASURES_WIDTH, initial_indent=indent,
                                     subsequent_indent=indent + "  "))
    print("\n".join(printable(x) for x in out))
    return 0


def _max_classes(text: str) -> int | None:
    """The text of ``--max-classes``: an integer, or "all" (no limit)."""
    return None if text == "all" else int(text)


def _seed(text: str) -> int | str:
    """The text of ``--random-state``: an integer, or one of the words the option allows ("fresh")."""
    return text if text in choices("random_state") else int(text)


COMMAND_LINE_WORDS = {
    "correction": "a non-negative finite number such as 0.5 (leave --correction out for none)",
    "zero_division": "a number from 0 to 1, or nan (the default)",
    "max_classes": "'all' or an integer >= 1",
    "random_state": "an integer >= 0 or 'fresh'",
}
"""What an option allows, in the command line's words, where they are not the library's (its None and numpy
objects): the error of a bad value says this."""


def _checked(name: str, convert: Callable[[str], object]) -> Callable[[str], object]:
    """An argparse type: the text converted, then checked by the option specification (a bad value is an argparse
    error naming the command-line option and what it allows, in the command line's words where they differ)."""
    def parse(text: str):
        allowed = COMMAND_LINE_WORDS.get(name, SPEC[name].allowed)
        try:
            value = convert(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be {allowed}; got {text!r}") from None
        try:
            check_option(name, value)
        except (TypeError, ValueError) as err:
            if name in COMMAND_LINE_WORDS:
                raise argparse.ArgumentTypeError(f"must be {allowed}; got {text!r}") from None
            # argparse names the option ("argument --n-resamples: ..."): the library's name is not repeated
            message = str(err)
            raise argparse.ArgumentTypeError(message.removeprefix(f"{name} ")) from None
        return value

    parse.__name__ = convert.__name__
    parse.option = name  # type: ignore[attr-defined]
    return parse


MEASURES_HELP = "codes or names of the measures the report shows (pandas-agree measures lists them)"
# an agreement report's --measures: its two kinds of measures, each kept at its default set unless named
AGREEMENT_MEASURES_HELP = (
    "codes or names of the measures the report shows (pandas-agree measures lists them), class-specific and "
    "multiclass ones together; a kind not named keeps its default set: --measures KAPPA shows kappa alone among the "
    "multiclass measures and still every default class-specific measure, with its averages; name class-specific "
    "ones too to show only those (--measures KAPPA REC PRE). --max-classes limits the classes shown")


def _add_report_options(p: argparse.ArgumentParser, *, extra: tuple[str, ...] = (),
                        ci_choices: Sequence[str] | None = None, measures_help: str = MEASURES_HELP) -> None:
    """The options every report command takes, and those of ``extra`` ("classes", "timing", "positive", "beta": with
    --tversky, "correction", "zero_division", "kappa_weights", "resampling", "bands", "percentages",
    "statistics": with --cells, "max_classes", "sort_by"; "by" says the command has --by, which the help of
    --statistics then names); ``ci_choices`` narrows --ci to the interval methods the command's statistics take."""
    p.add_argument("--measures", nargs="+", metavar="CODE", help=measures_help)
    p.add_argument("--ci", choices=[*(choices("ci") if ci_choices is None else ci_choices), "none"], default="auto",
                   help="interval method (default auto)")
    p.add_argument("--confidence-level", type=_checked("confidence_level", float), default=None,
                   help="confidence level (default 0.95)")
    p.add_argument("--n-resamples", type=_checked("n_resamples", int), default=None,
                   help="bootstrap resamples (default 2000)")
    p.add_argument("--bootstrap-method", choices=choices("bootstrap_method"), default=None,
                   help="bootstrap interval of --ci bootstrap (default percentile; --ci auto takes BCa where it "
                        "bootstraps a small sample)")
    p.add_argument("--random-state", type=_checked("random_state", _seed), default=None,
                   help="bootstrap seed: an integer (default 0), or 'fresh' for a seed drawn at random")
    if "classes" in extra:
        p.add_argument("--classes", choices=choices("classes"), default=None,
                       help="classes the averages run over (default common: the labels on both sides; union: "
                            "every label, as scikit-learn)")
    if "timing" in extra:
        p.add_argument("--timing", choices=choices("timing"), default=None,
                       help="when the averages of the class-specific measures are taken (default: each measure's "
                            "rule, the !KO_clasagree rule: F1 and the other measures that list terms average the "
                            "terms, then apply the formula; after: the classes' values averaged, as scikit-learn's "
                            "macro average; before: the terms averaged wherever a measure lists them)")
    if "positive" in extra:
        p.add_argument("--positive", metavar="LABEL", default=None,
                       help="for two classes: the measures of this class, without averaging")
    if "beta" in extra:
        p.add_argument("--beta", type=_checked("beta", float), default=None, metavar="B",
                       help="the beta of FBETA (--measures FBETA --beta 2 is the F2 score)")
        p.add_argument("--tversky", nargs=2, type=float, default=None, metavar=("ALPHA", "BETA"),
                       help="the weights of the Tversky index (--measures TVERSKY --tversky 0.5 0.5)")
    if "correction" in extra:
        p.add_argument("--correction", type=_checked("correction", float), default=None, metavar="C",
                       help="Haldane-Anscombe correction of the odds-ratio family (DOR, LNDOR, DP, LRP, LRN, YULEQ, "
                            "YULEY): C is added to the four cells of every class whose 2x2 table has a zero, so that "
                            "their values are finite; 0.5 is usual (default: none)")
    if "zero_division" in extra:
        p.add_argument("--zero-division", type=_checked("zero_division", float), default=None, metavar="Z",
                       help="the value of every undefined (0/0) class-specific value of the proportions (the "
                            "measures of range [0, 1] outside the odds-ratio family: PRE, REC, F1, ...), as "
                            "scikit-learn's zero_division: a number from 0 to 1, which the averages then count; "
                            "the others (YOUD, DOR, LNDOR, YULEQ, ...) stay NaN (default nan: undefined values are "
                            "NaN, left out of the averages, with a warning)")
    if "kappa_weights" in extra:
        p.add_argument("--kappa-weights", choices=choices("kappa_weights"), default=None,
                       help="the weights of the weighted coefficients (weighted kappa and the weighted forms of "
                            "the other chance-corrected coefficients), linear or quadratic in the labels' order "
                            "(default: unweighted)")
    if "resampling" in extra:
        p.add_argument("--resampling", choices=choices("resampling"), default=None,
                       help="resampling model of the bootstrap and linearised intervals (default multinomial; "
                            "fixed-reference keeps each reference class's size)")
        p.add_argument("--design", choices=choices("resampling"), default=None, help=argparse.SUPPRESS)  # old name
    if "bands" in extra:
        p.add_argument("--bands", choices=choices("bands"), default=None, help="interpretation bands of kappa")
    if "percentages" in extra:
        p.add_argument("--percentages", nargs="+", choices=choices("percentages"), default=None,
                       help="crosstab percentages")
    if "statistics" in extra:
        layered = ("cmh needs --by" if "by" in extra else
                   "cmh needs groups: pandas-agree report FILE --by COL")
        p.add_argument("--statistics", nargs="+", type=str.lower, choices=choices("statistics"), default=None,
                       metavar="WORD", help="SPSS CROSSTABS /STATISTICS keywords (any case): "
                       f"{' '.join(choices('statistics'))}; {layered}")
        p.add_argument("--cells", nargs="+", type=str.lower, choices=choices("cells"), default=None, metavar="WORD",
                       help=f"SPSS CROSSTABS /CELLS keywords (any case): {' '.join(choices('cells'))}")
    if "max_classes" in extra:
        beyond = ("the weakest and strongest classes" if "sort_by" in extra else
                  "the classes whose tests give the smallest p-values")
        p.add_argument("--max-classes", type=_checked("max_classes", _max_classes), default=argparse.SUPPRESS,
                       metavar="N", help="tables over classes in full up to N classes (default 20), 'all' for no "
                                         f"limit; beyond, {beyond}")
    if "sort_by" in extra:
        p.add_argument("--sort-by", metavar="CODE", default=None,
                       help="the class-specific measure that sorts many classes (default F1)")
    p.add_argument("--excel", metavar="OUT.xlsx", help="write the report to an Excel workbook (a file ending in .xlsx)")
    p.add_argument("--html", metavar="OUT.html",
                   help="write the report to a self-contained HTML page (a file ending in .html or .htm)")
    p.add_argument("--no-plots", action="store_true",
                   help="with --html, leave the plots out of the page (drawing them takes about a second a section)")
    p.add_argument("--json", action="store_true", help="print the report as JSON instead of text")
    p.add_argument("--quiet", action="store_true",
                   help="no messages or warnings; with --excel or --html, print nothing at all")


def _missing_value(text: str) -> str:
    """An argparse type: a value that means "missing" (an empty one, as an unset shell variable gives, is an error)."""
    if not text:
        raise argparse.ArgumentTypeError("an empty cell is always missing; name the other values that mean missing, "
                                         "for example --missing NA null")
    return text


def _add_design_options(p: argparse.ArgumentParser, units: str = "") -> None:
    """The sample design's options: strata, clusters (PSUs), finite population correction, lonely PSUs, replicates."""
    p.add_argument("--strata", help="sample design: column of strata")
    p.add_argument("--cluster", help=f"sample design: column of clusters (primary sampling units){units}")
    p.add_argument("--fpc", help="sample design: column of each stratum's population number of PSUs (or the "
                                 "sampling fraction of its PSUs)")
    p.add_argument("--lonely-psu", choices=choices("lonely_psu"), default="adjust",
                   help="what a stratum with a single PSU contributes (default: adjust)")
    p.add_argument("--replicates", choices=choices("replicates"),
                   help="sample design: the variance from replicates (delete-one-PSU jackknife or Rao-Wu bootstrap) "
                        "instead of linearisation")


# how the label columns of a command become integers (the end of the --numeric help)
TOGETHER = "the label columns, compared with each other, become integers together or stay text together"
EACH_ON_ITS_OWN = ("each of the two variables on its own, as they are different variables; --labels, one list for "
                   "both, then gives a variable read as numbers the labels of the list that are numbers")


def _add_label_options(p: argparse.ArgumentParser, order: bool = True, together: str = TOGETHER) -> None:
    """--missing and --numeric: how the label columns are read (as text, by default); --labels: their order."""
    p.add_argument("--missing", nargs="+", metavar="VALUE", type=_missing_value,
                   help="values of the label columns that mean missing (default: only an empty cell), e.g. NA null")
    p.add_argument("--numeric", nargs="+", metavar="COL",
                   help="label columns to read as numbers, so 01, 1 and 1.0 are one label and 2.5 a number. By "
                        "default the label columns of CSV, TSV and Excel files are read as text (01 and 1 differ; NA "
                        "is a label), except that label columns holding only integers written plainly (1 to 12, "
                        "-3: no leading zeros, decimals or plus sign) are read as integers, in numeric order "
                        f"({together})")
    if order:
        p.add_argument("--labels", nargs="+", metavar="LABEL",
                       help="the categories in their order (the scale of weighted kappa and of the ordinal "
                            "statistics; text labels are otherwise sorted), e.g. --labels low mid high; every "
                            "label of the data must be listed")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="pandas-agree", description="Agreement between two classifications of the same objects.")
    parser.add_argument("--version", action="version", version=f"pandas-agree {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)  # a missing command: _check_command
    report = sub.add_parser("report", help="the agreement report of two columns of a data file")
    report.add_argument("file", help="CSV, TSV, Excel (.xlsx), Parquet or SPSS (.sav) file")
    report.add_argument("--actual", required=True, help="column of reference labels")
    report.add_argument("--pred", required=True, help="column of predicted labels")
    report.add_argument("--weights", help="column of frequency weights (sampling weights with a sample design)")
    _add_design_options(report)
    report.add_argument("--by", help="column whose values split the report into groups")
    report.add_argument("--match", choices=choices("match"), help="match cluster ids to classes")
    report.add_argument("--sheet", help="sheet of an Excel file, .xlsx or .xlsm (default: the first)")
    _add_label_options(report)
    _add_report_options(report, extra=("classes", "timing", "positive", "beta", "correction", "zero_division",
                                       "kappa_weights", "resampling", "bands", "percentages", "statistics",
                                       "max_classes", "sort_by", "by"),
                        measures_help=AGREEMENT_MEASURES_HELP)
    report.set_defaults(run=run_report)
    crosstabs = sub.add_parser("crosstabs", help="SPSS's CROSSTABS of any two columns of a data file")
    crosstabs.add_argument("file", help="CSV, TSV, Excel (.xlsx), Parquet or SPSS (.sav) file")
    crosstabs.add_argument("--row", required=True, metavar="COL", help="column of the row variable")
    crosstabs.add_argument("--col", required=True, metavar="COL", help="column of the column variable")
    # --layers as the Python keyword layers= is spelt; either may be repeated, the columns add up
    crosstabs.add_argument("--layer", "--layers", dest="layer", action="extend", nargs="+", metavar="COL",
                           help="layer columns (CROSSTABS row BY col BY layer): a table for each value, each "
                                "combination of several (--layers A B, or --layer A --layer B)")
    crosstabs.add_argument("--weights", help="column of frequency weights (sampling weights with a sample design)")
    _add_design_options(crosstabs)
    crosstabs.add_argument("--sheet", help="sheet of an Excel file, .xlsx or .xlsm (default: the first)")
    _add_label_options(crosstabs, together=EACH_ON_ITS_OWN)
    crosstabs.add_argument("--row-labels", nargs="+", metavar="LABEL",
                           help="the categories of the row variable in their order, as the value order of an ordinal "
                                "variable in SPSS (the scale of gamma, tau-b, Somers' d and the other ordinal "
                                "statistics; kept as an empty row when no case has it), e.g. --row-labels Black "
                                "Brown Red Blond; every category of the data must be listed. Instead of --labels")
    crosstabs.add_argument("--col-labels", nargs="+", metavar="LABEL",
                           help="the categories of the column variable in their order, as --row-labels gives the "
                                "row variable's, e.g. --col-labels Brown Blue Hazel Green")
    crosstabs.add_argument("--layer-labels", action="append", nargs="+", metavar=("COL", "VALUE"),
                           help="a layer column, then its values in their order, the order of its layers (as "
                                "--row-labels gives the row variable's), e.g. --layer-labels Dept F E D C B A; every "
                                "value of the column must be listed, each value listed must be one it holds; repeat "
                                "the option for several layer columns (with --row-labels/--col-labels, not --labels)")
    crosstabs.add_argument("--statistics", nargs="+", type=str.lower, choices=choices("statistics"), default=None,
                           metavar="WORD", help="SPSS CROSSTABS /STATISTICS keywords (any case): "
                           f"{' '.join(choices('statistics'))}; cmh needs --layer")
    crosstabs.add_argument("--cells", nargs="+", type=str.lower, choices=choices("cells"), default=None,
                           metavar="WORD", help="SPSS CROSSTABS /CELLS keywords (any case): "
                           f"{' '.join(choices('cells'))} (default count)")
    crosstabs.add_argument("--random-state", type=_checked("random_state", _seed), default=None,
                           help="seed of Fisher's Monte Carlo test of a large table: an integer (default 0), or "
                                "'fresh'")
    crosstabs.add_argument("--excel", metavar="OUT.xlsx",
                           help="write the report to an Excel workbook (a file ending in .xlsx)")
    crosstabs.add_argument("--html", metavar="OUT.html",
                           help="write the report to a self-contained HTML page (a file ending in .html or .htm)")
    crosstabs.add_argument("--json", action="store_true", help="print the report as JSON instead of text")
    crosstabs.add_argument("--quiet", action="store_true",
                           help="no messages or warnings; with --excel or --html, print nothing at all")
    crosstabs.set_defaults(run=run_crosstabs)
    raters = sub.add_parser("raters", help="agreement among several raters")
    raters.add_argument("file", help="CSV, TSV, Excel (.xlsx), Parquet or SPSS (.sav) file")
    raters.add_argument("--columns", nargs="+", metavar="COL", help="one column per rater (wide data)")
    raters.add_argument("--long", nargs=3, metavar=("SUBJECT", "RATER", "RATING"), help="long data columns")
    raters.add_argument("--weights", help="column of subject frequency weights (wide data; sampling weights with a "
                                          "sample design)")
    _add_design_options(raters, " grouping the subjects (wide data)")
    raters.add_argument("--level", choices=choices("level"), default=None,
                        help="Krippendorff's level of measurement (default nominal)")
    raters.add_argument("--sheet", help="sheet of an Excel file, .xlsx or .xlsm (default: the first)")
    _add_label_options(raters)
    _add_report_options(raters, extra=("kappa_weights", "bands"))
    raters.set_defaults(run=run_raters)
    comp = sub.add_parser("compare", help="two or more predictions against one reference, paired")
    comp.add_argument("file", help="CSV, TSV, Excel (.xlsx), Parquet or SPSS (.sav) file")
    comp.add_argument("--reference", "--actual", dest="reference", required=True, metavar="COL",
                      help="column of reference labels (--actual, the name the report command uses, is the same)")
    comp.add_argument("--pred", "--predictions", dest="pred", required=True, nargs="+", metavar="COL",
                      help="two or more prediction columns")
    comp.add_argument("--weights", help="column of frequency weights (sampling weights with a sample design)")
    _add_design_options(comp)
    comp.add_argument("--match", choices=choices("match"), help="match cluster ids to classes")
    comp.add_argument("--sheet", help="sheet of an Excel file, .xlsx or .xlsm (default: the first)")
    _add_label_options(comp, order=False)
    _add_report_options(comp, extra=("classes", "timing", "zero_division", "resampling", "max_classes"))
    comp.set_defaults(run=run_compare)
    sc = sub.add_parser("scores", help="ROC AUC with DeLong's interval, average precision and thresholds of a score "
                                       "(or of class probabilities) against a reference column, or several scores "
                                       "compared with DeLong's paired test (--compare)")
    sc.add_argument("file", help="CSV, TSV, Excel (.xlsx), Parquet or SPSS (.sav) file")
    sc.add_argument("--actual", required=True, metavar="COL", help="column of reference labels")
    sc.add_argument("--score", required=True, nargs="+", metavar="COL",
                    help="the score column (higher speaks for --positive), or one probability column per label in "
                         "the order of the labels, or with --compare two or more score columns")
    sc.add_argument("--positive", metavar="LABEL", default=None,
                    help="the label the score speaks for (default: the second of two labels)")
    sc.add_argument("--compare", action="store_true",
                    help="compare two or more --score columns, each a score of --positive: each score's "
                         "statistics, the paired differences of the AUCs and DeLong's paired tests")
    sc.add_argument("--weights", help="column of frequency weights (sampling weights with a sample design)")
    _add_design_options(sc)
    sc.add_argument("--sheet", help="sheet of an Excel file, .xlsx or .xlsm (default: the first)")
    _add_label_options(sc, order=False)
    sc.add_argument("--labels", nargs="+", metavar="LABEL",
                    help="the labels of the reference in their order (for class probabilities: the order of the "
                         "--score columns); every label of the data must be listed")
    _add_report_options(sc, ci_choices=[ci for ci in SCORE_CI if ci is not None])
    sc.add_argument("--average", choices=["unweighted", "weighted"], default=None,
                    help="class probabilities: the average of the one-vs-rest values, unweighted (the default) or "
                         "weighted by the classes' prevalences")
    sc.add_argument("--scale", choices=choices("scale"), default=None,
                    help="DeLong's interval of the AUC: auto (default: logit scale, Student's t on the smaller "
                         "class's count less one), identity (pROC's) or logit")
    sc.add_argument("--max-fpr", type=_checked("max_fpr", float), default=None, metavar="F",
                    help="the largest false positive rate of the partial AUC (--measures PAUC --max-fpr 0.1)")
    sc.set_defaults(run=run_scores)
    demo = sub.add_parser("demo", help="the report of a bundled data set (wine cultivars against a classifier)")
    _add_report_options(demo, extra=("classes", "timing", "positive", "beta", "correction", "zero_division",
                                     "kappa_weights", "resampling", "bands", "percentages", "statistics",
                                     "max_classes", "sort_by"),
                        measures_help=AGREEMENT_MEASURES_HELP)
    demo.set_defaults(run=run_demo)
    cat = sub.add_parser("measures", help="the catalogue of measures")
    cat.add_argument("--kind", choices=KINDS, default=None, help="only the measures of this kind (default: all)")
    cat.set_defaults(run=run_measures)
    add_plan_parser(sub)
    parser.set_defaults(command_names=list(sub.choices))  # named where none is given (_check_command)
    return parser


def _check_command(args) -> None:
    """A UsageError naming the commands (or the kinds of plan) there are when none was given: argparse would name
    only its internal name of the argument ("required: command")."""
    if args.command is None:
        raise UsageError(f"a command is needed: {', '.join(args.command_names)} (pandas-agree --help says what each "
                         "does)")
    if args.command == "plan" and getattr(args, "plan", None) is None:
        raise UsageError(f"plan needs what to plan: {', '.join(args.plan_kinds)} (pandas-agree plan --help says "
                         "what each plans)")


def _one_line(message) -> str:
    """A message on one printable line (a label in it cannot act on the terminal)."""
    return printable(" ".join(str(message).split()))


def _closed_output() -> int:
    """The reader of the output went away (``pandas-agree demo | head``): stop quietly, as Unix tools do."""
    try:  # later writes, including the interpreter's final flush, go nowhere
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # stdout is not a file (captured)
        pass
    return 141  # 128 + SIGPIPE, the status of a tool stopped by a closed pipe


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 success, 2 bad input, 1 an internal error, 141 when the
    output was closed early). Nothing ends in a traceback: every error is one line on stderr."""
    args = None
    status = 2
    with warnings.catch_warnings():
        shown: set[str] = set()

        def show(message, category, filename, lineno, file=None, line=None):
            text = _one_line(message)
            if not (args is not None and getattr(args, "quiet", False)) and text not in shown:
                shown.add(text)
                print(f"pandas-agree: warning: {text}", file=sys.stderr)

        warnings.showwarning = show
        try:
            args = build_parser().parse_args(argv)
            _check_command(args)
            _check_outputs(args)
            with command_line_advice():  # a LabelOrderWarning names the options that give the order
                return args.run(args)
        except BrokenPipeError:
            return _closed_output()
        except UsageError as err:
            message = str(err)
        except (KeyError, ValueError, TypeError) as err:
            message = _option_error(err, args)
        except (OSError, ImportError) as err:
            message = str(err)
        except MemoryError:
            message = "not enough memory for this input; use fewer labels, rows or --n-resamples"
        except Exception as err:  # a defect of the program, not of the input: still one line
            message, status = f"internal error ({type(err).__name__}: {err}); please report it", 1
        except KeyboardInterrupt:
            return 130
    with contextlib.suppress(BrokenPipeError):
        print(f"pandas-agree: error: {_one_line(message)}", file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
