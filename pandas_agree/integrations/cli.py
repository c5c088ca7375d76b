"""The ``pandas-agree`` command line: reports from CSV, TSV, Excel, Parquet and SPSS files."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

import pandas as pd

from .. import datasets
from ..base.options import SPEC, check_option, choices
from ..base.version import __version__
from ..measures.registry import KINDS, measures

DEMO = ("wine_predictions", "cultivar", "knn")
READERS = {".csv": "CSV", ".tsv": "TSV", ".tab": "TSV", ".txt": "TSV", ".xlsx": "Excel", ".xlsm": "Excel",
           ".parquet": "Parquet", ".pq": "Parquet", ".sav": "SPSS", ".zsav": "SPSS"}


class UsageError(Exception):
    """Bad input on the command line: reported in one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, no usage block
        raise UsageError(message)


def read_table(path: str | Path, sheet: str | None = None) -> pd.DataFrame:
    """Read a data file by its extension: .csv, .tsv/.tab/.txt, .xlsx/.xlsm, .parquet/.pq, .sav/.zsav."""
    path = Path(path)
    if not path.is_file():
        raise UsageError(f"no such file: {path}")
    kind = READERS.get(path.suffix.lower())
    if kind is None:
        raise UsageError(f"unsupported file type {path.suffix or '(none)'!r}; use one of {', '.join(READERS)}")
    try:
        if kind == "CSV":
            return pd.read_csv(path)
        if kind == "TSV":
            return pd.read_csv(path, sep="\t")
        if kind == "Excel":
            if sheet is not None:
                sheets = pd.ExcelFile(path).sheet_names
                if sheet not in sheets:
                    raise UsageError(f"argument --sheet: no sheet {sheet!r} in {path}; its sheets are {sheets}")
            return pd.read_excel(path, sheet_name=sheet or 0)
        if kind == "Parquet":
            return pd.read_parquet(path)
        return _read_spss(path)
    except ImportError as err:
        raise UsageError(str(err)) from None
    except (ValueError, OSError, pd.errors.ParserError) as err:
        raise UsageError(f"cannot read {path} as {kind}: {err}") from None


def _read_spss(path: Path) -> pd.DataFrame:
    try:
        import pyreadstat
    except ImportError:
        raise ImportError("reading SPSS files needs pyreadstat: pip install 'pandas-agree[spss]'") from None
    frame, meta = pyreadstat.read_sav(str(path), apply_value_formats=True, formats_as_category=True)
    for column, value_labels in meta.variable_value_labels.items():
        if isinstance(frame[column].dtype, pd.CategoricalDtype):
            # SPSS's order is the order of the codes; the reader sorts the labels alphabetically
            in_code_order = list(dict.fromkeys(value_labels[code] for code in sorted(value_labels)))
            unlabelled = [c for c in frame[column].cat.categories if c not in set(in_code_order)]
            frame[column] = frame[column].cat.set_categories(in_code_order + unlabelled)
    return frame


# the command-line options that are options of the reports (argparse dest -> report option)
REPORT_OPTIONS = ("measures", "ci", "confidence_level", "n_resamples", "bootstrap_method", "random_state",
                  "design", "kappa_weights", "bands", "level", "percentages")
# the command-line options that name columns of the data file
COLUMN_OPTIONS = ("actual", "pred", "weights", "by", "columns", "long")


def _report_options(args) -> dict:
    """The report options given on the command line (those left out keep the report's defaults)."""
    options = {name: getattr(args, name) for name in REPORT_OPTIONS if getattr(args, name, None) is not None}
    if options.get("ci") == "none":
        options["ci"] = None
    return options


def _flag(dest: str) -> str:
    return "--" + dest.replace("_", "-")


def _check_columns(frame: pd.DataFrame, args) -> None:
    """Every column named on the command line is in the file, or a UsageError naming the option."""
    for dest in COLUMN_OPTIONS:
        given = getattr(args, dest, None)
        for name in [given] if isinstance(given, str) else (given or []):
            if name not in frame.columns:
                shown = ", ".join(map(str, list(frame.columns)[:20]))
                raise UsageError(f"argument {_flag(dest)}: no column {name!r} in {args.file}; its columns are {shown}")


def _check_outputs(args) -> None:
    """--excel and --html go to a directory that exists (checked before any work is done)."""
    for dest in ("excel", "html"):
        path = getattr(args, dest, None)
        if path and not Path(path).resolve().parent.is_dir():
            raise UsageError(f"argument {_flag(dest)}: no such directory: {Path(path).parent}")


def _option_error(err: Exception, args) -> str:
    """The message of an error from the library, naming the command-line option it is about."""
    message = err.args[0] if isinstance(err, KeyError) and err.args else str(err)
    for dest in vars(args) if args is not None else ():
        for prefix in (f"{dest}: ", f"{dest} ", f"{dest}="):
            if message.startswith(prefix) and dest not in ("run", "command"):
                return f"argument {_flag(dest)}: " + message.removeprefix(f"{dest}: ")
    return message


def _emit(report, args) -> None:
    if args.excel:
        report.to_excel(args.excel)
        print(f"wrote {args.excel}", file=sys.stderr)
    if args.html:
        report.to_html(args.html)
        print(f"wrote {args.html}", file=sys.stderr)
    if args.json:
        print(report.to_json(indent=2))
    elif not (args.quiet and (args.excel or args.html)):
        print(report)


def run_report(args) -> int:
    frame = read_table(args.file, args.sheet)
    _check_columns(frame, args)
    table_options = {"weights": args.weights, "match": args.match}
    report = frame.agree.report(args.actual, args.pred, by=args.by, **table_options, **_report_options(args))
    _emit(report, args)
    return 0


def run_raters(args) -> int:
    if bool(args.columns) == bool(args.long):
        raise UsageError("give either --columns (one column per rater) or --long SUBJECT RATER RATING")
    frame = read_table(args.file, args.sheet)
    _check_columns(frame, args)
    if args.long:
        from ..analyses.raters import RaterAgreement

        raters = RaterAgreement.from_long(frame, *args.long)
    else:
        raters = frame.agree.raters(args.columns, weights=args.weights)
    _emit(raters.report(**_report_options(args)), args)
    return 0


def run_compare(args) -> int:
    frame = read_table(args.file, args.sheet)
    _check_columns(frame, args)
    comparison = frame.agree.compare(args.actual, args.pred, weights=args.weights, match=args.match)
    _emit(comparison.report(**_report_options(args)), args)
    return 0


def run_demo(args) -> int:
    name, actual, pred = DEMO
    frame = datasets.load(name)
    report = frame.agree.report(actual, pred, **_report_options(args))
    _emit(report, args)
    return 0


def run_measures(args) -> int:
    cat = measures(args.kind)
    with pd.option_context("display.width", 250, "display.max_colwidth", 70, "display.max_rows", None):
        print(cat[["code", "name", "kind", "formula", "range", "symmetric", "averaging", "ci_method"]]
              .to_string(index=False))
    return 0


def _checked(name: str, convert: type) -> Callable[[str], object]:
    """An argparse type: the text converted, then checked by the option specification (a bad value is an argparse
    error naming the command-line option)."""
    def parse(text: str):
        try:
            value = convert(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} must be {SPEC[name].allowed}; got {text!r}") from None
        try:
            check_option(name, value)
        except (TypeError, ValueError) as err:
            raise argparse.ArgumentTypeError(str(err)) from None
        return value

    parse.__name__ = convert.__name__
    parse.option = name  # type: ignore[attr-defined]
    return parse


def _add_report_options(p: argparse.ArgumentParser, *, extra: tuple[str, ...] = ()) -> None:
    """The options every report command takes, and those of ``extra`` ("kappa_weights", "design", "bands",
    "percentages")."""
    p.add_argument("--measures", nargs="+", metavar="CODE", help="measure codes or names")
    p.add_argument("--ci", choices=[*choices("ci"), "none"], default="auto", help="interval method (default auto)")
    p.add_argument("--confidence-level", type=_checked("confidence_level", float), default=None,
                   help="confidence level (default 0.95)")
    p.add_argument("--n-resamples", type=_checked("n_resamples", int), default=None,
                   help="bootstrap resamples (default 2000)")
    p.add_argument("--bootstrap-method", choices=choices("bootstrap_method"), default=None,
                   help="bootstrap interval (default percentile)")
    p.add_argument("--random-state", type=_checked("random_state", int), default=None, help="bootstrap seed")
    if "kappa_weights" in extra:
        p.add_argument("--kappa-weights", choices=choices("kappa_weights"), default=None)
    if "design" in extra:
        p.add_argument("--design", choices=choices("design"), default=None,
                       help="bootstrap design (default multinomial)")
    if "bands" in extra:
        p.add_argument("--bands", choices=choices("bands"), default=None, help="interpretation bands of kappa")
    if "percentages" in extra:
        p.add_argument("--percentages", nargs="+", choices=choices("percentages"), default=None,
                       help="crosstab percentages")
    p.add_argument("--excel", metavar="OUT.xlsx", help="write the report to an Excel workbook")
    p.add_argument("--html", metavar="OUT.html", help="write the report to a self-contained HTML page")
    p.add_argument("--json", action="store_true", help="print the report as JSON instead of text")
    p.add_argument("--quiet", action="store_true", help="print nothing when writing --excel or --html")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="pandas-agree", description="Agreement between two classifications of the same objects.")
    parser.add_argument("--version", action="version", version=f"pandas-agree {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    report = sub.add_parser("report", help="the agreement report of two columns of a data file")
    report.add_argument("file", help="CSV, TSV, Excel (.xlsx), Parquet or SPSS (.sav) file")
    report.add_argument("--actual", required=True, help="column of reference labels")
    report.add_argument("--pred", required=True, help="column of predicted labels")
    report.add_argument("--weights", help="column of frequency weights")
    report.add_argument("--by", help="column whose values split the report into groups")
    report.add_argument("--match", choices=choices("match"), help="match cluster ids to classes")
    report.add_argument("--sheet", help="sheet of an Excel file (default: the first)")
    _add_report_options(report, extra=("kappa_weights", "design", "bands", "percentages"))
    report.set_defaults(run=run_report)
    raters = sub.add_parser("raters", help="agreement among several raters")
    raters.add_argument("file", help="CSV, TSV, Excel (.xlsx), Parquet or SPSS (.sav) file")
    raters.add_argument("--columns", nargs="+", metavar="COL", help="one column per rater (wide data)")
    raters.add_argument("--long", nargs=3, metavar=("SUBJECT", "RATER", "RATING"), help="long data columns")
    raters.add_argument("--weights", help="column of subject frequency weights (wide data)")
    raters.add_argument("--level", choices=choices("level"), default=None,
                        help="Krippendorff's level of measurement (default nominal)")
    raters.add_argument("--sheet", help="sheet of an Excel file (default: the first)")
    _add_report_options(raters, extra=("kappa_weights", "bands"))
    raters.set_defaults(run=run_raters)
    comp = sub.add_parser("compare", help="two or more predictions against one reference, paired")
    comp.add_argument("file", help="CSV, TSV, Excel (.xlsx), Parquet or SPSS (.sav) file")
    comp.add_argument("--actual", required=True, help="column of reference labels")
    comp.add_argument("--pred", required=True, nargs="+", metavar="COL", help="two or more prediction columns")
    comp.add_argument("--weights", help="column of frequency weights")
    comp.add_argument("--match", choices=choices("match"), help="match cluster ids to classes")
    comp.add_argument("--sheet", help="sheet of an Excel file (default: the first)")
    _add_report_options(comp, extra=("design",))
    comp.set_defaults(run=run_compare)
    demo = sub.add_parser("demo", help="the report of a bundled data set (wine cultivars against a classifier)")
    _add_report_options(demo, extra=("kappa_weights", "design", "bands", "percentages"))
    demo.set_defaults(run=run_demo)
    cat = sub.add_parser("measures", help="the catalogue of measures")
    cat.add_argument("--kind", choices=KINDS, default=None)
    cat.set_defaults(run=run_measures)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 success, 2 bad input)."""
    args = None
    try:
        args = build_parser().parse_args(argv)
        _check_outputs(args)
        return args.run(args)
    except UsageError as err:
        message = str(err)
    except (KeyError, ValueError, TypeError) as err:
        message = _option_error(err, args)
    except (OSError, ImportError) as err:
        message = str(err)
    print(f"pandas-agree: error: {' '.join(str(message).split())}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
