"""``pandas-agree plan ...``: each subcommand prints the number of subjects (or, with --n, the power and the
detectable kappa) with its method and reference; bad values are one-line errors naming the option, status 2."""

import pytest


@pytest.mark.parametrize("args, first", [
    (["kappa", "--rate1", "0.5", "--rate2", "0.5", "--kappa1", "0.6", "--kappa0", "0.4"], "119 subjects"),
    # N.cohen.kappa(0.3, 0.4, 0.6, 0.4, twosided=TRUE) = 158
    (["kappa", "--rate1", "0.3", "--rate2", "0.4", "--kappa1", "0.6", "--kappa0", "0.4", "--two-sided"],
     "158 subjects"),
    (["kappa", "--rate1", "0.3", "--rate2", "0.4", "--kappa1", "0.6", "--kappa0", "0.4", "--alternative",
      "two-sided"], "158 subjects"),
    # kappaSize: Power3Cats(0.4, 0.6, c(0.3, 0.6, 0.1), raters=3)$N = 73.12; CI3Cats(0.4, 0.3, 0.6, ...)$n = 125
    (["raters", "--kappa1", "0.6", "--kappa0", "0.4", "--proportions", "0.3", "0.6", "0.1", "--raters", "3"],
     "74 subjects"),
    (["kappa-interval", "--kappa0", "0.4", "--lower", "0.3", "--upper", "0.6", "--proportions", "0.3", "0.2", "0.5",
      "--raters", "3"], "125 subjects"),
    (["ac1", "--ac1", "0.6", "--proportions", "0.5", "--width", "0.2"], "246 subjects"),
    # epi.ssdxsesp(test=0.80, type="se", Py=0.10, epsilon=0.07, error="absolute") = 1255
    (["sensitivity", "--value", "0.8", "--prevalence", "0.1", "--precision", "0.07"], "1255 subjects"),
    (["specificity", "--value", "0.9", "--prevalence", "0.1", "--precision", "0.05"], "154 subjects"),
    # TrialSize McNemar.Test(0.05, 0.2, 0.2/0.5, 0.7) = 58.63
    (["paired", "--accuracy1", "0.8", "--accuracy2", "0.5", "--discordant", "0.7"], "59 subjects"),
])
def test_plan_prints_the_number_its_method_and_reference(run, args, first):
    result = run("plan", *args)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == first
    assert lines[1].startswith("method: ") and lines[2].startswith("reference: ")


def test_plan_the_other_way_round(run):
    result = run("plan", "kappa", "--rate1", "0.5", "--rate2", "0.5", "--kappa1", "0.6", "--kappa0", "0.4",
                 "--n", "100")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "power with 100 subjects: 0.7309"
    assert lines[3].startswith("kappa detected with power 0.8: 0.61")
    result = run("plan", "raters", "--kappa1", "0.6", "--kappa0", "0.4", "--proportions", "0.3", "--n", "191")
    assert result.stdout.splitlines()[0].startswith("power with 191 subjects: 0.80")
    # FixedNBinary(kappa0=0.7, n=100, props=0.5, raters=4)$kappaL = 0.61 (kappaSize's steps of 0.001)
    result = run("plan", "kappa-interval", "--kappa0", "0.7", "--proportions", "0.5", "--raters", "4", "--n", "100")
    assert result.stdout.splitlines()[0] == "expected lower limit with 100 subjects: 0.6109"
    result = run("plan", "paired", "--accuracy1", "0.8", "--accuracy2", "0.5", "--discordant", "0.7", "--n", "59")
    assert result.stdout.splitlines()[0] == "power with 59 subjects: 0.8026"


@pytest.mark.parametrize("args, message", [
    (["kappa", "--rate1", "1.5", "--rate2", "0.5", "--kappa1", "0.6", "--kappa0", "0.4"],
     "argument --rate1: must be a probability strictly between 0 and 1; got 1.5"),
    (["kappa", "--rate1", "0.5", "--rate2", "0.5", "--kappa1", "0.4", "--kappa0", "0.4"],
     "argument --kappa1: must differ from kappa0"),
    (["kappa", "--rate1", "0.5", "--rate2", "0.5", "--kappa1", "0.6", "--kappa0", "0.4", "--power", "0.01"],
     "argument --power: must be greater than alpha"),
    (["raters", "--kappa1", "0.6", "--kappa0", "0.4", "--proportions", "0.3", "0.3"],
     "argument --proportions: must sum to 1"),
    (["kappa-interval", "--kappa0", "0.4", "--proportions", "0.3"], "argument --lower: --lower"),
    (["kappa", "--rate1", "0.5"], "the following arguments are required"),
    (["sensitivity", "--value", "x", "--prevalence", "0.1", "--precision", "0.05"], "invalid float value"),
    # before: --two-sided silently won over --alternative less (181 subjects, the two-sided test's number)
    (["kappa", "--rate1", "0.3", "--rate2", "0.3", "--kappa1", "0.6", "--kappa0", "0.4", "--two-sided",
      "--alternative", "less"], "argument --two-sided: asks for a two-sided test and --alternative less"),
    (["sensitivity", "--value", "0.8", "--prevalence", "0.1", "--precision", "1.5"],
     "argument --precision: must lie strictly between 0 and 1 (the half-width"),
])
def test_plan_bad_input_is_one_line(run, args, message):
    result = run("plan", *args)
    assert result.returncode == 2 and result.stdout == ""
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1
