"""``pandas-agree plan ...``: the planning functions of :mod:`pandas_agree.plan` on the command line.

Each subcommand prints the number of subjects, the method and the reference; with ``--n`` it goes the other way
round and prints the power of that many subjects and the smallest effect they detect.

Examples
--------
>>> from pandas_agree.integrations import cli
>>> cli.main(["plan", "kappa", "--rate1", "0.5", "--rate2", "0.5", "--kappa1", "0.6", "--kappa0", "0.4"])
119 subjects
method: normal test of Cohen's kappa, Fleiss-Cohen-Everitt variance under H0 and H1
reference: Cantor, A. B. (1996). Sample-size calculations for Cohen's kappa. Psychological Methods 1(2), 150-153
0
"""

from __future__ import annotations

import argparse

from .. import plan
from ..base.options import choices
from ..base.rounding import rounded_text

__all__ = ["add_plan_parser", "run_plan"]


def _show(value, label: str | None = None) -> None:
    if isinstance(value, plan.SampleSize):
        print(f"{int(value)} subjects")
    else:
        print(f"{label}: {rounded_text(float(value), 4)}")
    print(f"method: {value.method}")
    print(f"reference: {value.reference}")


def _alternative(args) -> str:
    """The alternative of ``--alternative`` (default greater), or of ``--two-sided``; the two at odds are an error."""
    if args.two_sided and args.alternative not in (None, "two-sided"):
        raise ValueError(f"two_sided: asks for a two-sided test and --alternative {args.alternative} for a one-sided "
                         "one; give one of them")
    return "two-sided" if args.two_sided else args.alternative or "greater"


def _kappa(args) -> None:
    common = {"alpha": args.alpha, "alternative": _alternative(args)}
    if args.n is None:
        _show(plan.cohen_kappa_n(args.rate1, args.rate2, args.kappa1, args.kappa0, power=args.power, **common))
        return
    _show(plan.cohen_kappa_power(args.n, args.rate1, args.rate2, args.kappa1, args.kappa0, **common),
          f"power with {args.n} subjects")
    _show(plan.cohen_kappa_detectable(args.n, args.rate1, args.rate2, args.kappa0, power=args.power, **common),
          f"kappa detected with power {args.power:g}")


def _props(values: list[float]):
    return values[0] if len(values) == 1 else values


def _raters(args) -> None:
    common = {"raters": args.raters, "alpha": args.alpha}
    props = _props(args.proportions)
    if args.n is None:
        _show(plan.raters_kappa_n(args.kappa1, args.kappa0, props, power=args.power, **common))
        return
    _show(plan.raters_kappa_power(args.n, args.kappa1, args.kappa0, props, **common),
          f"power with {args.n} subjects")
    _show(plan.raters_kappa_detectable(args.n, args.kappa0, props, power=args.power, **common),
          f"kappa detected with power {args.power:g}")


def _interval(args) -> None:
    props = _props(args.proportions)
    if args.n is None:
        if args.lower is None:
            raise ValueError("lower: --lower (the lowest acceptable lower limit) is required without --n")
        _show(plan.raters_kappa_interval_n(args.kappa0, args.lower, props, upper=args.upper, raters=args.raters,
                                           confidence_level=args.confidence_level))
    else:
        _show(plan.raters_kappa_lower_limit(args.n, args.kappa0, props, raters=args.raters,
                                            confidence_level=args.confidence_level),
              f"expected lower limit with {args.n} subjects")


def _ac1(args) -> None:
    _show(plan.ac1_interval_n(args.ac1, _props(args.proportions), args.width,
                              confidence_level=args.confidence_level))


def _precision(function):
    def run(args) -> None:
        _show(function(args.value, args.prevalence, args.precision, confidence_level=args.confidence_level))

    return run


def _paired(args) -> None:
    common = {"discordant": args.discordant, "alpha": args.alpha, "alternative": args.alternative}
    if args.n is None:
        _show(plan.paired_accuracy_n(args.accuracy1, args.accuracy2, power=args.power, **common))
    else:
        _show(plan.paired_accuracy_power(args.n, args.accuracy1, args.accuracy2, **common),
              f"power with {args.n} subjects")


def run_plan(args) -> int:
    """Run one ``plan`` subcommand; 0 on success (a bad value raises, and ``main`` reports it)."""
    args.plan_run(args)
    return 0


def _test_options(p: argparse.ArgumentParser, power: bool = True) -> None:
    p.add_argument("--alpha", type=float, default=0.05, help="level of the test (default 0.05)")
    if power:
        p.add_argument("--power", type=float, default=0.8, help="power wanted (default 0.8)")
    p.add_argument("--n", type=int, default=None,
                   help="a number of subjects: print its power (and the smallest effect it detects) instead")


def add_plan_parser(sub) -> None:
    """Add ``plan`` and its subcommands to the subparsers ``sub`` of the ``pandas-agree`` parser."""
    parent = sub.add_parser("plan", help="plan a study: the number of subjects, or the power of a given number")
    parent.set_defaults(run=run_plan)
    kinds = parent.add_subparsers(dest="plan", parser_class=type(parent))  # none given: cli._check_command

    kappa = kinds.add_parser("kappa", help="Cohen's kappa, two raters, binary ratings (Cantor 1996; irr's "
                                           "N.cohen.kappa)")
    for name, text in (("rate1", "rater 1's proportion of positive ratings"),
                       ("rate2", "rater 2's proportion of positive ratings"),
                       ("kappa1", "the kappa expected"), ("kappa0", "the kappa of the null hypothesis")):
        kappa.add_argument(f"--{name}", type=float, required=True, help=text)
    _test_options(kappa)
    kappa.add_argument("--alternative", choices=choices("alternative"), default=None,
                       help="alternative hypothesis (default greater)")
    kappa.add_argument("--two-sided", action="store_true", help="a two-sided test (--alternative two-sided)")
    kappa.set_defaults(plan_run=_kappa)

    raters = kinds.add_parser("raters", help="kappa of 2-6 raters, 2-5 categories, a test (Donner and Eliasziw; "
                                             "kappaSize's Power*)")
    raters.add_argument("--kappa1", type=float, required=True, help="the kappa expected")
    raters.add_argument("--kappa0", type=float, required=True, help="the kappa of the null hypothesis")
    raters.add_argument("--proportions", type=float, nargs="+", required=True, metavar="P",
                        help="category proportions (one number for binary ratings: the proportion positive)")
    raters.add_argument("--raters", type=int, default=2, help="raters per subject, 2 to 6 (default 2)")
    _test_options(raters)
    raters.set_defaults(plan_run=_raters)

    interval = kinds.add_parser("kappa-interval", help="kappa of 2-6 raters, an interval (kappaSize's CI*; with "
                                                       "--n, FixedN*)")
    interval.add_argument("--kappa0", type=float, required=True, help="the kappa expected")
    interval.add_argument("--lower", type=float, help="the lowest acceptable lower limit (required without --n)")
    interval.add_argument("--upper", type=float, default=None,
                          help="the highest acceptable upper limit (a two-sided interval)")
    interval.add_argument("--proportions", type=float, nargs="+", required=True, metavar="P",
                          help="category proportions (one number for binary ratings)")
    interval.add_argument("--raters", type=int, default=2, help="raters per subject, 2 to 6 (default 2)")
    interval.add_argument("--confidence-level", type=float, default=0.95, help="default 0.95")
    interval.add_argument("--n", type=int, default=None,
                          help="a number of subjects: print the lower limit it is expected to give instead")
    interval.set_defaults(plan_run=_interval)

    ac1 = kinds.add_parser("ac1", help="Gwet's AC1 of two raters, an interval of a given width")
    ac1.add_argument("--ac1", type=float, required=True, help="the AC1 expected")
    ac1.add_argument("--proportions", type=float, nargs="+", required=True, metavar="P",
                     help="category proportions (one number for two categories)")
    ac1.add_argument("--width", type=float, required=True, help="full width of the interval (0.2 for +-0.1)")
    ac1.add_argument("--confidence-level", type=float, default=0.95, help="default 0.95")
    ac1.set_defaults(plan_run=_ac1)

    for name, function in (("sensitivity", plan.sensitivity_n), ("specificity", plan.specificity_n)):
        p = kinds.add_parser(name, help=f"{name} within +-precision (Buderer 1996; epiR's epi.ssdxsesp)")
        p.add_argument("--value", type=float, required=True, help=f"the {name} expected")
        p.add_argument("--prevalence", type=float, required=True, help="the share of subjects with the condition")
        p.add_argument("--precision", type=float, required=True, help="half-width of the interval (0.05 for +-5 "
                                                                      "points)")
        p.add_argument("--confidence-level", type=float, default=0.95, help="default 0.95")
        p.set_defaults(plan_run=_precision(function))

    paired = kinds.add_parser("paired", help="two classifiers' accuracies on the same subjects, McNemar's test "
                                             "(Connor 1987)")
    paired.add_argument("--accuracy1", type=float, required=True, help="classifier 1's accuracy expected")
    paired.add_argument("--accuracy2", type=float, required=True, help="classifier 2's accuracy expected")
    paired.add_argument("--discordant", type=float, default=None,
                        help="share of subjects one gets right and the other wrong (default: independent errors)")
    _test_options(paired)
    paired.add_argument("--alternative", choices=choices("alternative"), default="two-sided",
                        help="alternative hypothesis (default two-sided)")
    paired.set_defaults(plan_run=_paired)
    parent.set_defaults(plan_kinds=list(kinds.choices))  # named where none is given (cli._check_command)
