"""The ``pandas-agree`` command line."""

from __future__ import annotations

import argparse
import sys
import warnings

import pandas as pd

from . import __version__, datasets
from .agreement import Agreement
from .registry import measures

DEMO = ("wine_predictions", "cultivar", "knn")


def _case_summary(ag: Agreement) -> pd.DataFrame:
    rows = ag.n_rows if ag.n_rows is not None else ag.n
    valid = rows - ag.n_missing - ag.n_zero_weight
    counts = {"Valid": valid, "Missing": ag.n_missing, "Excluded by weight": ag.n_zero_weight, "Total": rows}
    frame = pd.DataFrame({"N": counts, "Percent": {k: 100 * v / rows for k, v in counts.items()}})
    return frame


def _section(title: str, frame: pd.DataFrame, floatfmt: str = "{:.4f}") -> str:
    with pd.option_context("display.width", 100, "display.max_columns", 50, "display.float_format",
                           floatfmt.format):
        body = frame.to_string()
    return f"{title}\n{'-' * len(title)}\n{body}\n"


def demo(args: argparse.Namespace) -> int:
    name, actual, pred = DEMO
    df = datasets.load(name)
    ag = df.agree(actual, pred)
    print(f"pandas_agree {__version__}: {name} ({actual} against {pred})\n")
    print(_section("Case processing summary", _case_summary(ag), "{:.1f}"))
    print(_section(f"{actual} * {pred} crosstabulation", ag.crosstab(), "{:.0f}"))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        print(_section("Class-specific measures", ag.binary().T))
        print(_section("Averages over classes", ag.averages()))
        print(_section("Multiclass measures", ag.multiclass()))
        print(_section("Tests", ag.tests()))
    return 0


def catalogue(args: argparse.Namespace) -> int:
    cat = measures(args.kind)
    with pd.option_context("display.width", 200, "display.max_colwidth", 60, "display.max_rows", None):
        print(cat[["code", "name", "kind", "range", "symmetric", "averaging", "ci_method"]].to_string(index=False))
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="pandas-agree", description="Agreement between two classifications.")
    parser.add_argument("--version", action="version", version=f"pandas-agree {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("demo", help="the report on a bundled data set").set_defaults(run=demo)
    cat = sub.add_parser("measures", help="the catalogue of measures")
    cat.add_argument("--kind", choices=["binary", "multiclass"], default=None)
    cat.set_defaults(run=catalogue)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 success, 2 bad input)."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except (KeyError, ValueError, TypeError, OSError) as err:
        message = err.args[0] if isinstance(err, KeyError) and err.args else err
        print(f"pandas-agree: error: {message}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
