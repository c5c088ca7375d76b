"""The ``pandas-agree`` command line: reports from CSV, TSV, Excel, Parquet and SPSS files."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pandas as pd

from .. import __version__, datasets
from ..inference.estimates import CI_METHODS
from ..measures.registry import measures

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


def _report_options(args) -> dict:
    options = {"ci": None if args.ci == "none" else args.ci, "confidence_level": args.confidence_level,
               "n_resamples": args.n_resamples, "random_state": args.random_state}
    if args.measures:
        options["measures"] = args.measures
    if args.kappa_weights:
        options["kappa_weights"] = args.kappa_weights
    if args.percentages:
        options["percentages"] = args.percentages
    return options


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
    table_options = {"weights": args.weights, "match": args.match}
    report = frame.agree.report(args.actual, args.pred, by=args.by, **table_options, **_report_options(args))
    _emit(report, args)
    return 0


def run_raters(args) -> int:
    frame = read_table(args.file, args.sheet)
    if bool(args.columns) == bool(args.long):
        raise UsageError("give either --columns (one column per rater) or --long SUBJECT RATER RATING")
    if args.long:
        from ..analyses.raters import RaterAgreement

        raters = RaterAgreement.from_long(frame, *args.long)
    else:
        raters = frame.agree.raters(args.columns, weights=args.weights)
    options = {"ci": None if args.ci == "none" else args.ci, "confidence_level": args.confidence_level,
               "n_resamples": args.n_resamples, "random_state": args.random_state, "level": args.level}
    if args.measures:
        options["measures"] = args.measures
    if args.kappa_weights:
        options["kappa_weights"] = args.kappa_weights
    _emit(raters.report(**options), args)
    return 0


def run_compare(args) -> int:
    frame = read_table(args.file, args.sheet)
    comparison = frame.agree.compare(args.actual, args.pred, weights=args.weights, match=args.match)
    options = {"ci": None if args.ci == "none" else args.ci, "confidence_level": args.confidence_level,
               "n_resamples": args.n_resamples, "random_state": args.random_state}
    if args.measures:
        options["measures"] = args.measures
    _emit(comparison.report(**options), args)
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


def _add_report_options(p: argparse.ArgumentParser, ci_choices=(*CI_METHODS, "none"), percentages=True) -> None:
    p.add_argument("--measures", nargs="+", metavar="CODE", help="measure codes or names")
    p.add_argument("--ci", choices=list(ci_choices), default="auto", help="interval method (default auto)")
    p.add_argument("--confidence-level", type=float, default=0.95)
    p.add_argument("--n-resamples", type=int, default=2000, help="bootstrap resamples (default 2000)")
    p.add_argument("--random-state", type=int, default=None, help="bootstrap seed")
    p.add_argument("--kappa-weights", choices=["linear", "quadratic"], default=None)
    if percentages:
        p.add_argument("--percentages", nargs="+", choices=["row", "column", "total"], default=None,
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
    report.add_argument("--match", choices=["accuracy", "residual"], help="match cluster ids to classes")
    report.add_argument("--sheet", help="sheet of an Excel file (default: the first)")
    _add_report_options(report)
    report.set_defaults(run=run_report)
    raters = sub.add_parser("raters", help="agreement among several raters")
    raters.add_argument("file", help="CSV, TSV, Excel (.xlsx), Parquet or SPSS (.sav) file")
    raters.add_argument("--columns", nargs="+", metavar="COL", help="one column per rater (wide data)")
    raters.add_argument("--long", nargs=3, metavar=("SUBJECT", "RATER", "RATING"), help="long data columns")
    raters.add_argument("--weights", help="column of subject frequency weights (wide data)")
    raters.add_argument("--level", choices=["nominal", "ordinal", "interval", "ratio"], default="nominal",
                        help="Krippendorff's level of measurement")
    raters.add_argument("--sheet", help="sheet of an Excel file (default: the first)")
    _add_report_options(raters, ci_choices=["auto", "bootstrap", "none"], percentages=False)
    raters.set_defaults(run=run_raters)
    comp = sub.add_parser("compare", help="two or more predictions against one reference, paired")
    comp.add_argument("file", help="CSV, TSV, Excel (.xlsx), Parquet or SPSS (.sav) file")
    comp.add_argument("--actual", required=True, help="column of reference labels")
    comp.add_argument("--pred", required=True, nargs="+", metavar="COL", help="two or more prediction columns")
    comp.add_argument("--weights", help="column of frequency weights")
    comp.add_argument("--match", choices=["accuracy", "residual"], help="match cluster ids to classes")
    comp.add_argument("--sheet", help="sheet of an Excel file (default: the first)")
    _add_report_options(comp, ci_choices=["auto", "bootstrap", "none"], percentages=False)
    comp.set_defaults(run=run_compare)
    demo = sub.add_parser("demo", help="the report of a bundled data set (wine cultivars against a classifier)")
    _add_report_options(demo)
    demo.set_defaults(run=run_demo)
    cat = sub.add_parser("measures", help="the catalogue of measures")
    cat.add_argument("--kind", choices=["binary", "multiclass"], default=None)
    cat.set_defaults(run=run_measures)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 success, 2 bad input)."""
    try:
        args = build_parser().parse_args(argv)
        return args.run(args)
    except UsageError as err:
        message = str(err)
    except KeyError as err:
        message = err.args[0] if err.args else str(err)
    except (ValueError, TypeError, OSError, ImportError) as err:
        message = str(err)
    print(f"pandas-agree: error: {' '.join(str(message).split())}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
