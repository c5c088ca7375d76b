"""Analytic intervals: binomial, mapped binomial, Wald, Woolf, Simel's log method, Fleiss–Cohen–Everitt, Gwet's
linearised variance, the noncentral χ² of Pearson's X² (Cramér's V, phi, the contingency coefficient) and the
maximum kappa's, chosen by each measure's registry record (multiclass and association records alike)."""

from __future__ import annotations

import functools

import numpy as np

from ..base.options import BINOMIAL_CI, check_option
from ..base.rounding import rounded_text
from ..base.spelling import option_set
from ..base.undefined import divide
from ..engine.tableview import TableView
from ..measures.interval_methods import (
    Binomial,
    FleissCohenEveritt,
    Linearised,
    LogRatio,
    MappedBinomial,
    MarginDifferences,
    NoncentralChiSquare,
    Wald,
    Woolf,
)
from ..measures.registry import REGISTRY, Measure
from .association import chi_square_interval, kappa_max_interval
from .auto import coefficient_rule, smallest_class
from .distributions import beta_isf, beta_ppf, critical_value, normal_ppf
from .estimates import Estimate, IntervalOptions, Resample, clipped, within
from .linearised import linearised
from .tests import kappa_variances, two_by_two_kappa

__all__ = [
    "average_boundary_note",
    "average_boundary_undefined_note",
    "binary_analytic",
    "binary_analytics",
    "binomial_interval",
    "donner_eliasziw",
    "interval_notes",
    "mover_wilson",
    "multiclass_analytic",
    "multiclass_analytics",
    "odds_ratio_score_interval",
    "ratio_score_interval",
    "settle_boundaries",
    "settle_dice_boundaries",
    "warn_at_end",
]


def _class_specific(code: str) -> bool:
    """Whether ``code`` names a class-specific measure (whose values, and averages, may sit at 0 or 1 at any size)."""
    measure = REGISTRY.get(code)
    return measure is not None and measure.kind == "binary"


def _whole_table_of_unit_range(code: str) -> bool:
    """Whether ``code`` names a measure of the whole table (not class-specific, nor an average of such) that ranges
    over [0, 1] (LAMBDA, UC, TAU, …; a directional one named with its direction, "LAMBDA (Rows Dependent)")."""
    measure = REGISTRY.get(code) or REGISTRY.get(code.split(" ")[0])
    return measure is not None and measure.kind != "binary" and measure.range == (0.0, 1.0)


def _in_unit_range(code: str) -> bool:
    """Whether the class-specific measure ``code`` ranges over [0, 1], so that 0 and 1 are the ends of its range."""
    return REGISTRY[code].range == (0.0, 1.0)


def interval_notes(estimates: dict[str, Estimate]) -> list[str]:
    """The notes a reader needs beside these intervals: each interval that leaves out its own estimate or has
    zero width, with the reason, and what the SE beside a binomial interval is.

    A bootstrap interval can leave out its estimate (its ends are quantiles of the resampled values, which may
    all lie on one side of a biased estimate): the note says so. The one analytic interval that can, the noncentral
    χ² interval of CRAMERV, PHI and CC (of the population's value, which X² overstates near independence),
    explains it in its own note, as it does a degenerate interval (its method ends ", degenerate"); the other
    analytic intervals are built around the estimate. Any method gives a zero-width interval where the table
    shows it no variation (all objects in one row or one column, a proportion of 0 or 1 under the normal
    approximation, resamples that all agree), which does not mean that the value is known exactly. For a
    class-specific measure that table is the class's 2×2 table, whose empty cells stay empty at any number of
    objects (a class never predicted): the note names the end of the range where a measure of [0, 1] sits at 0 or 1
    under the logit scale or the bootstrap, and the table's empty row, column or diagonal elsewhere (YOUD 0 and LRN
    1 of a class never predicted, under any method), not a lack of objects.

    Examples
    --------
    >>> import numpy as np
    >>> from pandas_agree.inference.estimates import Estimate
    >>> e = Estimate(np.array(0.333), np.array(0.02), np.array(0.34), np.array(0.43), "bootstrap percentile")
    >>> interval_notes({"LAMBDA": e})[0].split(":")[0]
    'The bootstrap percentile interval of LAMBDA leaves out its estimate'
    >>> k = Estimate(np.array(0.0), np.array(0.0), np.array(0.0), np.array(0.0), "Fleiss–Cohen–Everitt")
    >>> interval_notes({"KAPPA": k})[0].split(":")[0]
    'The interval of KAPPA (Fleiss–Cohen–Everitt) has zero width'
    """
    notes, zero_width, method_notes, at_end, resampled_at_end = [], [], [], [], []
    empty_cells, resampled_empty_cells, table_at_end = [], [], []
    outside_of, flat_of = [], []
    items = list(estimates.values())
    counts = [np.size(e.value) for e in items]
    start = 0
    while start < len(items):  # estimates side by side, checked at once, in groups of bounded size (many classes)
        stop, size = start, 0
        while stop < len(items) and (stop == start or size + counts[stop] <= 1 << 15):
            size += counts[stop]
            stop += 1
        group = items[start:stop]
        try:  # statistics of one shape: (estimates, 3, numbers) in one step
            stacked = np.array([(e.value, e.lower, e.upper) for e in group], dtype=float).reshape(
                len(group), 3, -1)
        except ValueError:  # shapes that differ
            stacked = None
        if stacked is not None:
            value, lower, upper = stacked[:, 0], stacked[:, 1], stacked[:, 2]
        else:
            parts = [_alike(e.value, e.lower, e.upper) for e in group]
            sizes = np.array([v.size for v, _, _ in parts], dtype=np.int64)
            value, lower, upper = (np.concatenate([p[i].ravel() for p in parts]) for i in range(3))
        with np.errstate(invalid="ignore"):
            tolerance = 1e-12 * np.maximum(1.0, np.abs(value))
            outside = (lower > value + tolerance) | (upper < value - tolerance)
            flat = np.isfinite(value) & (upper - lower <= tolerance)
        for found, into in ((outside, outside_of), (flat, flat_of)):
            if stacked is not None:  # a row of each estimate's numbers
                into += found.any(axis=1).tolist()
            else:
                ends = np.cumsum(sizes, dtype=np.int64)
                running = np.concatenate([[0], np.cumsum(found)])
                into += (running[ends] > running[ends - sizes]).tolist()
        start = stop
    for (code, e), outside, flat in zip(estimates.items(), outside_of, flat_of, strict=True):
        if e.method.endswith(", degenerate"):  # a method that says so explains its interval in its note
            outside = flat = False
        if "bootstrap" not in e.method:  # an analytic interval that leaves out its estimate explains it itself
            outside = False
        if outside:
            notes.append(f"The {e.method} interval of {code} leaves out its estimate: the resampled values lie on "
                         "one side of it (the estimate is biased in small samples, or sits at a bound of the "
                         "resamples). The bootstrap's SE and interval describe the resampled values; "
                         "bootstrap_method=\"bca\" corrects for the bias.")
        linearised = "logit scale" in e.method and e.method.startswith("linearised")
        resampled = e.method.startswith("bootstrap")
        if flat and _class_specific(code):
            with np.errstate(invalid="ignore"):
                value = np.asarray(e.value, dtype=float)
                width = np.asarray(e.upper, dtype=float) - np.asarray(e.lower, dtype=float)
                flat_inside = np.any((width <= 1e-12) & (value > 0) & (value < 1))
            if (linearised or resampled) and _in_unit_range(code) and not flat_inside:
                # every zero-width interval at 0 or 1, the ends of the range (and of the logit scale)
                (at_end if linearised else resampled_at_end).append((code, e.method))
                flat = False
            elif code not in ("PREV", "PPREV"):  # (their averages' 1/K is known exactly: the note below says so)
                # a class-specific SE of 0 (any method) comes from the class's 2×2 table, not from its size: a row
                # or a column without objects, or none on or off the diagonal (YOUD 0 of a class never predicted)
                (resampled_empty_cells if resampled else empty_cells).append((code, e.method))
                flat = False
        if flat and linearised and _whole_table_of_unit_range(code):
            with np.errstate(invalid="ignore"):
                value = np.asarray(e.value, dtype=float)
            if np.all((value == 0) | (value == 1)):
                # a whole-table measure of [0, 1] at an end (LAMBDA and UC 0 of a table at exact independence): the
                # logit scale's slope is infinite there whatever the number of objects
                table_at_end.append((code, e.method, sorted({int(v) for v in value.ravel()})))
                flat = False
        if flat:
            zero_width.append((code, e.method))
        for note in (e.note,) if isinstance(e.note, str) else e.note or ():  # one note, or one for each interval
            if note not in method_notes:
                method_notes.append(note)
    if zero_width:
        by_method: dict[str, list[str]] = {}
        for code, method in zero_width:
            by_method.setdefault(method, []).append(code)
        listed = "; ".join(f"{', '.join(codes)} ({method})" for method, codes in by_method.items())
        many = len(zero_width) > 1
        these = f"The interval{'s' if many else ''} of {listed} {'have' if many else 'has'}"
        prevalence = any(code.split(" ")[0] in ("PREV", "PPREV") for code, _ in zero_width)
        notes.append(f"{these} zero width: the table shows the method no variation (all objects in one row or one "
                     "column, a proportion of 0 or 1 under the normal approximation, or resamples that all agree)"
                     + "; more objects are needed to estimate its uncertainty"
                     + (", except where the value is the same on every table of these classes (the unweighted mean "
                        "of the prevalences is 1/K): that value is known exactly." if prevalence else "."))
    design = any("sample design" in e.method for e in estimates.values())
    for found, why in ((at_end, "where the logit scale's slope is infinite and the delta method's SE 0"),
                       (resampled_at_end, "where every resample of the table keeps the value (a cell without "
                                          "objects has none in any resample)")):
        if found:
            notes.append(_at_end_note(found, why, design))
    if table_at_end:
        grouped: dict[str, list[str]] = {}
        for code, method, _ in table_at_end:
            grouped.setdefault(method, []).append(code)
        listed = "; ".join(f"{', '.join(codes)} ({method})" for method, codes in grouped.items())
        many = len(table_at_end) > 1
        ends = " or ".join(str(v) for v in sorted({v for *_, found in table_at_end for v in found}))
        notes.append(f"The interval{'s' if many else ''} of {listed} {'have' if many else 'has'} zero width at "
                     f"{ends}, an end of the range, where the logit scale's slope is infinite and the delta method's "
                     "SE 0, whatever the number of objects (LAMBDA and UC of a table at exact independence, for "
                     f"one): the value is not known exactly. {_ci('bootstrap')} gives the interval of the values "
                     "of resampled tables.")
    for found, why in ((empty_cells, "where the method's SE, a function of the table's proportions, is 0"),
                       (resampled_empty_cells, "where every resample of the table keeps the value (a cell without "
                                              "objects has none in any resample)")):
        if found:
            notes.append(_empty_cells_note(found, why, design))
    return notes + method_notes


def _at_end_note(found: list[tuple[str, str]], why: str, design: bool = False) -> str:
    """The note on class-specific intervals of zero width at 0 or 1 (``found``: code and method), ``why`` saying
    what makes them points there whatever the number of objects; ``design``: whether a sample design gave any of
    them (``ci="auto"`` then gives no binomial interval)."""
    listed = "; ".join(f"{code} ({method})" for code, method in found)
    many = len(found) > 1
    f1 = any(code.split(" ")[0] == "F1" for code, _ in found)
    return (f"The interval{'s' if many else ''} of {listed} {'have' if many else 'has'} zero width at 0 or 1, an end "
            f"of the range, {why}, whatever the number of objects ("
            + ("a class never predicted has F1 0" if f1 else "a class never predicted, for one")
            + "): the value is not known exactly. The binomial intervals of the proportions (REC, PRE, …), which "
            + _ci("auto") + (" gives them without a sample design" if design else " gives them")
            + ", are not points there"
            + (", nor is F1's under it (the binomial interval of a/(a + b + c) mapped by 2J/(1 + J))." if f1 else "."))


def _empty_cells_note(found: list[tuple[str, str]], why: str, design: bool) -> str:
    """The note on class-specific intervals of zero width other than those at 0 or 1 of a measure of [0, 1] under the
    logit scale or the bootstrap (``found``: code and method; YOUD 0, BCR 0.5, HSS 0 and LRN 1 of a class never
    predicted, YOUD 1 of a class without errors), ``why`` saying what makes them points at such a table whatever the
    number of objects. Where no object can fall in the empty cells (a class that the classification cannot
    predict) the value is known exactly; otherwise it is not, and the binomial intervals of the proportions show
    its uncertainty. ``design``: whether a sample design gave any of the intervals (``ci="auto"`` gives it none)."""
    by_method: dict[str, list[str]] = {}
    for code, method in found:
        by_method.setdefault(method, []).append(code)
    listed = "; ".join(f"{', '.join(codes)} ({method})" for method, codes in by_method.items())
    many = len(found) > 1
    return (f"The interval{'s' if many else ''} of {listed} {'have' if many else 'has'} zero width: the class's 2×2 "
            "table (the classes', for an average) has a row or a column without objects (a class never predicted, "
            f"for one) or none on or off its diagonal, {why} whatever the number of objects. The value is known "
            "exactly only if no object can fall in the empty cells (a class that the classification cannot "
            "predict); the binomial intervals of the proportions (REC, SPE, …), which " + _ci("auto")
            + (" gives them without a sample design" if design else " gives them") + ", are not points there.")


def _alike(*arrays) -> list[np.ndarray]:
    """The arrays as float arrays of one shape (broadcast only where their shapes differ: broadcasting is slow)."""
    arrays = [np.asarray(x, dtype=float) for x in arrays]
    if all(x.shape == arrays[0].shape for x in arrays[1:]):
        return arrays
    return np.broadcast_arrays(*arrays)


# --- analytic intervals -----------------------------------------------------------------------------------

def _proportion(successes, trials, opts: IntervalOptions):
    """p, its SE sqrt(p(1−p)/n) and the binomial interval (NaN where there are no trials; 0 and 1 at the ends
    where there are no successes or no failures, whatever the method)."""
    successes, trials = np.broadcast_arrays(np.asarray(successes, float), np.asarray(trials, float))
    p = divide(successes, trials)
    empty = trials == 0
    lower, upper = binomial_interval(np.where(empty, 0.0, successes), np.where(empty, 1.0, trials),
                                     opts.confidence_level, opts.binomial)
    lower = np.where(successes == 0, 0.0, lower)
    upper = np.where(successes == trials, 1.0, upper)
    lower, upper = (np.where(empty, np.nan, x) for x in (lower, upper))
    se = np.sqrt(np.maximum(divide(p * (1 - p), trials), 0.0))  # p may leave [0, 1] by a rounding error
    return p, se, lower, upper


def binomial_interval(successes, trials, confidence_level: float = 0.95,
                      method: str = "wilson") -> tuple[np.ndarray, np.ndarray]:
    """The two-sided interval of a binomial proportion x/n, for arrays of counts (broadcast together).

    The same numbers as statsmodels' ``proportion_confint(x, n, alpha=1 - confidence_level, method=...)``, from
    the same operations, with the quantiles of :mod:`~pandas_agree.inference.distributions` (``scipy.special``:
    importing ``scipy.stats`` and statsmodels takes most of a second):

    - ``"wilson"``: Wilson's score interval; ``"agresti-coull"``: the Wald interval of (x + z²/2)/(n + z²);
      ``"normal"``: the Wald interval p ± z·√(p(1 − p)/n); all three clipped to [0, 1];
    - ``"clopper-pearson"``: the beta quantiles B(α/2; x, n − x + 1) and B(1 − α/2; x + 1, n − x), with 0 as the
      lower end where x = 0 and 1 as the upper where x = n (no α adjustment there);
    - ``"jeffreys"``: the quantiles α/2 and 1 − α/2 of the posterior Beta(x + ½, n − x + ½), not set to 0 or 1 at
      x = 0 or x = n.

    At n = 0 the interval is statsmodels': NaN for Wilson, the normal and Clopper–Pearson (0/0), [0, 1] for
    Agresti–Coull and the prior's interval Beta(½, ½) for Jeffreys, without its warnings. Counts need not be
    integers (weighted data).

    Parameters
    ----------
    successes, trials : array_like
        x and n, with 0 ≤ x ≤ n.
    confidence_level : float, default 0.95
        Strictly between 0 and 1.
    method : {"wilson", "clopper-pearson", "agresti-coull", "jeffreys", "normal"}, default "wilson"

    Returns
    -------
    lower, upper : numpy.ndarray
        Of the broadcast shape of ``successes`` and ``trials``.

    References
    ----------
    Brown, L. D., Cai, T. T. & DasGupta, A. (2001), Interval estimation for a binomial proportion, Statistical
    Science 16, 101–133.

    Examples
    --------
    >>> from pandas_agree.inference.analytic import binomial_interval
    >>> lower, upper = binomial_interval([100, 0], [200, 10], method="clopper-pearson")
    >>> lower.round(7).tolist(), upper.round(7).tolist()
    ([0.4286584, 0.0], [0.5713416, 0.3084971])
    """
    check_option("confidence_level", confidence_level)
    if method not in BINOMIAL_CI:
        raise ValueError(f"method must be one of {BINOMIAL_CI}; got {method!r}")
    x, n = np.broadcast_arrays(np.asarray(successes, dtype=float), np.asarray(trials, dtype=float))
    half_alpha = (1.0 - confidence_level) / 2.0  # as statsmodels halves alpha = 1 - confidence_level
    with np.errstate(divide="ignore", invalid="ignore"):
        q = x / n
        if method == "clopper-pearson":
            lower = np.where(q == 0, 0.0, beta_ppf(half_alpha, x, n - x + 1))
            upper = np.where(q == 1, 1.0, beta_isf(half_alpha, x + 1, n - x))
            return lower, upper
        if method == "jeffreys":
            return (np.asarray(beta_ppf(half_alpha, x + 0.5, n - x + 0.5)),
                    np.asarray(beta_isf(half_alpha, x + 0.5, n - x + 0.5)))
        crit = -normal_ppf(half_alpha)  # stats.norm.isf(α/2), as statsmodels computes it
        if method == "normal":
            dist = crit * np.sqrt(q * (1 - q) / n)
            lower, upper = q - dist, q + dist
        elif method == "agresti-coull":
            n_c = n + crit**2
            q_c = (x + crit**2 / 2.0) / n_c
            dist = crit * np.sqrt(q_c * (1.0 - q_c) / n_c)
            lower, upper = q_c - dist, q_c + dist
        else:  # wilson
            crit2 = crit**2
            denom = 1 + crit2 / n
            center = (q + crit2 / (2 * n)) / denom
            dist = crit * np.sqrt(q * (1.0 - q) / n + crit2 / (4.0 * n**2))
            dist /= denom
            lower, upper = center - dist, center + dist
    return np.clip(lower, 0, 1), np.clip(upper, 0, 1)


def mover_wilson(successes, trials, coefficients=None, confidence_level: float = 0.95, *,
                 undefined: float = np.nan) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The MOVER–Wilson interval of a linear combination Σ c_k·x_k/n_k of independent binomial proportions (the
    last axis of the counts), by default of their unweighted mean.

    Zou and Donner's (2008) method of variance estimates recovery (MOVER) builds the interval of a sum of
    independent estimates from the intervals of its terms: with θ = Σ c_k·p_k and (l_k, u_k) the Wilson score
    interval of p_k = x_k/n_k,

    - lower end: θ − √Σ c_k²·(p_k − l_k*)², with l_k* = l_k where c_k > 0 and u_k where c_k < 0;
    - upper end: θ + √Σ c_k²·(u_k* − p_k)², with u_k* = u_k where c_k > 0 and l_k where c_k < 0.

    For the difference p_1 − p_2 (c = (1, −1)) it is Newcombe's (1998) hybrid score interval, his method 10. The
    unweighted mean of the classes' recalls (x_k the diagonal, n_k the reference's counts) or precisions (n_k the
    predicted counts) is such a combination: given the reference's (the prediction's) counts, the classes'
    diagonal counts are independent binomials under multinomial sampling. Unlike a Wald interval it keeps a
    width where a proportion is 0 or 1 (a rare class recalled 3 times in 3), and its ends stay in [0, 1] for a
    mean.

    Parameters
    ----------
    successes, trials : array_like
        x_k and n_k (0 ≤ x_k ≤ n_k; counts need not be integers), broadcast together; the proportions are along
        the last axis.
    coefficients : array_like, optional
        c_k, along the last axis. Without them, the unweighted mean over the proportions with trials (1/K' each
        for the K' proportions with n_k > 0): a proportion without trials is left out, as the averages leave out
        an undefined class value, or with ``undefined`` a number it enters the mean as that value, known without
        uncertainty (``zero_division=``). With coefficients, a proportion without trials and a nonzero
        coefficient makes the combination undefined (NaN).
    confidence_level : float, default 0.95
        Strictly between 0 and 1.
    undefined : float, default NaN
        Without ``coefficients``: the value of a proportion without trials (NaN: left out).

    Returns
    -------
    value, lower, upper : numpy.ndarray
        Σ c_k·p_k and the interval's ends, of the broadcast shape without the last axis; NaN where no proportion
        has trials (or, with coefficients, where one without trials counts).

    References
    ----------
    Zou, G. Y. & Donner, A. (2008), Construction of confidence limits about effect measures: a general approach,
    Statistics in Medicine 27, 1693–1702. Newcombe, R. G. (1998), Interval estimation for the difference between
    independent proportions: comparison of eleven methods, Statistics in Medicine 17, 873–890.

    Examples
    --------
    Newcombe's (1998, Table II) difference 56/70 − 48/80, method 10: 0.0524 to 0.3339.

    >>> from pandas_agree.inference.analytic import mover_wilson
    >>> value, lower, upper = mover_wilson([56, 48], [70, 80], [1, -1])
    >>> print(f"{float(value):.4f} {float(lower):.4f} {float(upper):.4f}")
    0.2000 0.0524 0.3339

    The unweighted mean of three recalls, 9/12, 1/3 and 4/5; a class without objects is left out:

    >>> value, lower, upper = mover_wilson([9, 1, 4, 0], [12, 3, 5, 0])
    >>> print(f"{float(value):.4f} {float(lower):.4f} {float(upper):.4f}")
    0.6278 0.4352 0.7989
    """
    check_option("confidence_level", confidence_level)
    x, n = np.broadcast_arrays(np.asarray(successes, dtype=float), np.asarray(trials, dtype=float))
    if x.ndim == 0:
        raise ValueError("successes and trials must have the proportions along a last axis; got scalars")
    if np.any(x < 0) or np.any(x > n):
        raise ValueError("successes must lie between 0 and trials (0 ≤ x ≤ n) for every proportion")
    present = n > 0
    p = divide(x, n)  # NaN for a class without trials (0/0)
    lower, upper = binomial_interval(x, np.where(present, n, 1.0), confidence_level, "wilson")
    lower, upper = np.where(x == 0, 0.0, lower), np.where(x == n, 1.0, upper)  # exact at 0 and 1, as _proportion
    # each proportion's distances to its ends (at least 0: the ends are about it)
    down = np.where(present, np.maximum(p - lower, 0.0), 0.0)
    up = np.where(present, np.maximum(upper - p, 0.0), 0.0)
    if coefficients is None:
        filled = not np.isnan(undefined)
        entered = present | filled if filled else present
        count = entered.sum(axis=-1)
        c = np.where(entered, 1.0, 0.0) / np.where(count > 0, count, 1)[..., None]
        p = np.where(present, p, undefined if filled else 0.0)
        defined = count > 0
    else:
        c = np.broadcast_to(np.asarray(coefficients, dtype=float), p.shape)
        defined = ~np.any((c != 0) & ~present, axis=-1)
        p = np.where(present, p, 0.0)
    value = (c * p).sum(axis=-1)
    below = np.sqrt((c**2 * np.where(c >= 0, down, up) ** 2).sum(axis=-1))
    above = np.sqrt((c**2 * np.where(c >= 0, up, down) ** 2).sum(axis=-1))
    low, high = value - below, value + above
    if coefficients is None:  # a mean of proportions: within [0, 1] (by more than a rounding error never)
        low, high = np.clip(low, 0.0, 1.0), np.clip(high, 0.0, 1.0)
    nan = np.full(value.shape, np.nan)
    return np.where(defined, value, nan), np.where(defined, low, nan), np.where(defined, high, nan)


def _binomial(measure: Measure, method: Binomial | MappedBinomial, args, opts: IntervalOptions) -> Estimate:
    mapping = method.mapping(*args) if isinstance(method, MappedBinomial) else None
    return _binomial_estimate(measure, method, *_proportion(method.successes(*args), method.trials(*args), opts),
                              opts, mapping)


def _binomial_estimate(measure: Measure, method: Binomial | MappedBinomial, p, se, lower, upper,
                       opts: IntervalOptions, mapping: tuple[float, float] | None = None) -> Estimate:
    if isinstance(method, MappedBinomial):
        p, se, lower, upper = _mapped_binomial(mapping, p, se, lower, upper)
    return clipped(measure, p, se, lower, upper, _binomial_method(method, opts, mapping),
                   note=_binomial_note(opts))


def _mapped_binomial(mapping: tuple[float, float] | None, p, se, lower, upper):
    """The value, SE and interval of a proportion mapped by p ↦ slope·p + intercept (``mapping``; 2p − 1 without
    it)."""
    slope, intercept = mapping if mapping is not None else (2.0, -1.0)
    return slope * p + intercept, slope * se, slope * lower + intercept, slope * upper + intercept


def _binomial_method(method: Binomial | MappedBinomial, opts: IntervalOptions,
                     mapping: tuple[float, float] | None = None) -> str:
    """The method column's text of a binomial (or mapped binomial) interval."""
    text = f"{opts.binomial} ({method.detail})"
    if not isinstance(method, MappedBinomial):
        return text
    slope = mapping[0] if mapping is not None else 2.0
    words = "2p − 1" if slope == 2 else "(qp − 1)/(q − 1)" + ("" if np.isnan(slope) else
                                                               f", q = {rounded_text(slope / (slope - 1), 6, 'g')}")
    return text + f", mapped by {words}"


def _binomial_note(opts: IntervalOptions) -> str | None:
    """What the SE beside a binomial interval is (None beside the normal approximation's, which is built from
    it)."""
    return None if opts.binomial == "normal" else (
        f"The SE beside a {opts.binomial} interval is the Wald SE √(p(1 − p)/n) of the proportion (twice that "
        "for HAMANN and HC); the interval is not built from it (it stays wide where the proportion is 0 or 1 and "
        "that SE is 0).")


def _binomial_counts(code: str, counts, found: dict | None = None):
    """The successes and trials of the binomial proportion ``code`` (a record with a Binomial interval), taken
    once for each code where ``found`` keeps them."""
    if found is not None and code in found:
        return found[code]
    method = REGISTRY[code].interval
    pair = method.successes(*counts), method.trials(*counts)
    if found is not None:
        found[code] = pair
    return pair


def _binomial_variance(code: str, counts, found: dict | None = None) -> np.ndarray:
    """p(1 − p)/n of the binomial proportion ``code``, taken once for each code where ``found`` keeps it."""
    key = ("variance", code)
    if found is not None and key in found:
        return found[key]
    successes, trials = _binomial_counts(code, counts, found)
    p = divide(successes, trials)
    variance = divide(p * (1 - p), trials)
    if found is not None:
        found[key] = variance
    return variance


def _wald(measure: Measure, method: Wald, counts, opts: IntervalOptions, value) -> Estimate:
    return clipped(measure, *_wald_parts(method, counts, opts, value))


def _wald_parts(method: Wald, counts, opts: IntervalOptions, value, found: dict | None = None) -> tuple:
    """The Wald estimate's value, SE, interval (not yet clipped to the range) and method name."""
    variance = 0.0
    for term in method.terms:
        variance = variance + _binomial_variance(term, counts, found)
    se = abs(method.slope) * np.sqrt(variance)
    return value, se, value - opts.z * se, value + opts.z * se, "Wald"


def _from_log_scale(measure: Measure, log_value, log_se, opts: IntervalOptions, method: str) -> Estimate:
    return clipped(measure, *_from_log_scale_parts(measure, log_value, log_se, opts, method))


def _log_points(log_value, log_se, opts: IntervalOptions) -> np.ndarray:
    """The log value and the ends of its interval stacked, (3, ...): what a measure with a declared slope maps (an
    end of ∞ − ∞, where a zero cell makes the log value and its SE infinite, is NaN, which the caller replaces)."""
    with np.errstate(invalid="ignore"):
        return np.stack(np.broadcast_arrays(log_value, log_value - opts.z * log_se, log_value + opts.z * log_se))


def _from_log_scale_parts(measure: Measure, log_value, log_se, opts: IntervalOptions, method: str,
                          points: np.ndarray | None = None) -> tuple:
    """Map an interval for a log quantity through the measure's increasing function of it; the SE is the log
    scale's times the function's slope, as the record declares it (``Woolf(slope=...)``), else by the five-point
    central difference with the step 10⁻³ (about 10⁻¹² relative where the slope is not small beside the value).
    ``points`` are :func:`_log_points` of ``log_value`` and ``log_se`` where several measures map the same."""
    def f(x):
        return _mapped(measure, x)

    declared = getattr(measure.interval, "slope", None)
    h = 1e-3
    with np.errstate(all="ignore"):  # the value, the steps of its slope and the interval's ends in one call
        if declared is not None:
            value, lower, upper = f(_log_points(log_value, log_se, opts) if points is None else points)
            slope = np.abs(declared(np.asarray(log_value, dtype=float)))
        else:
            value, up2, up, down, down2, lower, upper = f(np.stack(np.broadcast_arrays(
                log_value, log_value + 2 * h, log_value + h, log_value - h, log_value - 2 * h,
                log_value - opts.z * log_se, log_value + opts.z * log_se)))
            slope = np.abs(8 * (up - down) - (up2 - down2)) / (12 * h)
        se = slope * log_se
    infinite = np.isinf(log_se)
    if infinite.any():  # a zero cell leaves the log scale without a finite SE: the interval is the whole range
        se = np.where(infinite, np.inf, se)
        lower = np.where(infinite, measure.range[0], lower)
        upper = np.where(infinite, measure.range[1], upper)
    return value, se, lower, upper, method


def _woolf(measure: Measure, counts, opts: IntervalOptions, log_odds_ratio=None, boundary=None) -> Estimate:
    """Woolf's interval mapped through the measure's function of the log odds ratio; where a zero cell puts the
    odds ratio at 0 or ∞, the Miettinen–Nurminen score interval mapped instead, without SE (the classes counted
    into ``boundary``, {code: classes}, for one warning; warned here without it)."""
    *parts, note = _woolf_parts(measure, counts, opts, log_odds_ratio, boundary)
    return clipped(measure, *parts, note=note)


def _woolf_parts(measure: Measure, counts, opts: IntervalOptions, log_odds_ratio=None, boundary=None,
                 points: np.ndarray | None = None) -> tuple:
    """:func:`_woolf`'s value, SE, interval (not yet clipped to the range), method name and note (``points``:
    :func:`_log_points` of ``log_odds_ratio``, shared by the measures that map it)."""
    log_value, log_se = log_odds_ratio or _log_odds_ratio(counts)
    value, se, lower, upper, method = _from_log_scale_parts(measure, log_value, log_se, opts, "Woolf", points)
    infinite = np.isinf(log_se)
    if not infinite.any():  # no zero cell: Woolf's interval everywhere
        return value, se, lower, upper, method, None
    a, b, c, d = np.broadcast_arrays(*(np.asarray(x, float) for x in counts))
    value = np.asarray(value, dtype=float)
    edge = infinite & ~np.isnan(log_value) & ~np.isnan(value)
    if not edge.any():
        return value, se, lower, upper, method, None
    # a zero cell: the odds ratio is 0 or ∞, Woolf's SE infinite; the score interval of the odds ratio of the
    # reference's two rows (a of a + b against c of c + d) instead, mapped through the measure's function of it
    lower, upper = np.array(lower, float), np.array(upper, float)
    ends = odds_ratio_score_interval(a[edge], (a + b)[edge], c[edge], (c + d)[edge], opts.confidence_level)
    with np.errstate(divide="ignore"):
        mapped = _mapped(measure, np.log(np.stack(ends)))
    lower[edge], upper[edge] = mapped
    se = np.where(edge, np.nan, se)
    _boundary(boundary, measure.code, int(edge.sum()))
    return (value, se, lower, upper, "Woolf; Miettinen–Nurminen score at a zero cell",
            BOUNDARY_NOTES["odds-ratio"])


def _mapped(measure: Measure, log_odds):
    """The measure's value at log odds ratios ``log_odds`` (its increasing function of them; ±∞ at the ends of
    its range)."""
    with np.errstate(all="ignore"):
        mapped = measure.compute(np.exp(log_odds), 1.0, 1.0, 1.0)
    if not np.isinf(log_odds).any():  # no end of the range among them
        return np.asarray(mapped, dtype=float)
    return np.where(np.isposinf(log_odds), measure.range[1], np.where(np.isneginf(log_odds), measure.range[0], mapped))


BOUNDARY_NOTES = {
    "odds-ratio": (
        "Where a cell of a class's 2×2 table is 0, its odds ratio is 0 or ∞ and Woolf's SE of the log odds ratio "
        "infinite: DOR, LNDOR, DP, YULEQ and YULEY then take the Miettinen–Nurminen (1985) score interval of the "
        "odds ratio of the reference's two rows (a of a + b against c of c + d; statsmodels' "
        "confint_proportions_2indep(a, a + b, c, c + d, method=\"score\", compare=\"odds-ratio\")), mapped through "
        "each measure's function of it; one end is the end of the measure's range, the other finite, and the SE is "
        "NaN (a value at the end of its range has none). Fagerland, Lydersen & Laake (2015) recommend this "
        "interval among those for the odds ratio."),
    "ratio": (
        "Where LRP or LRN is 0 or ∞ (no true or no false positives for LRP = REC/FPR; no false or no true negatives "
        "for LRN = FNR/SPE), the log method's SE is infinite: the interval is then Koopman's (1984) score interval "
        "for the ratio of two independent proportions (statsmodels' confint_proportions_2indep(method=\"score\", "
        "compare=\"ratio\", correction=False)); one end is the boundary, the other finite, and the SE is NaN (a "
        "value at 0 or ∞ has none). Fagerland, Lydersen & Laake (2015) recommend this interval for a ratio of "
        "proportions."),
}
"""The notes under class-specific intervals that take a score interval where a zero cell puts the value at 0 or ∞."""


def _boundary(boundary: dict | None, code: str, classes: int) -> None:
    """Count ``classes`` values of ``code`` at a boundary into ``boundary``, or warn of them (without it)."""
    if boundary is None:
        warn_boundary({code: classes})
    else:
        boundary[code] = boundary.get(code, 0) + classes


def warn_boundary(boundary: dict[str, int]) -> None:
    """One :class:`~pandas_agree.UndefinedMeasureWarning` for the class-specific values at the end of their range
    (an odds ratio or likelihood ratio of 0 or ∞, Yule's Q or Y of ±1: a zero cell), {code: classes}, whose SE is
    NaN beside a score interval."""
    if not boundary:
        return
    import warnings

    from ..base.undefined import UndefinedMeasureWarning, external_stacklevel

    listed = "; ".join(f"{code} ({n} class{'es' if n > 1 else ''})" for code, n in boundary.items())
    warnings.warn("the SE of a value at the end of its range (a zero cell in its class's 2×2 table: an odds ratio "
                  f"or likelihood ratio of 0 or ∞) is undefined and set to NaN: {listed}; its interval is a score "
                  "interval (see the notes)", UndefinedMeasureWarning, stacklevel=external_stacklevel())


def _log_odds_ratio(counts) -> tuple[np.ndarray, np.ndarray]:
    """The log odds ratio of each class and Woolf's SE of it."""
    a, b, c, d = counts
    with np.errstate(divide="ignore"):
        log_or = np.log(divide(a * d, b * c, infinite=True))
        log_se = np.sqrt(1 / a + 1 / b + 1 / c + 1 / d)
    return log_or, log_se


def _ci(value: str) -> str:
    """``ci="value"`` as the notes and warnings below write it in Python; ``--ci value`` on the command line."""
    return option_set("ci", value, python=f'ci="{value}"')


def boundary_undefined_note() -> str:
    """The note under class-specific values at 0 or ∞ left without SE or interval (:func:`settle_boundaries`), its
    options as the reader writes them (:func:`~pandas_agree.base.spelling.option_set`)."""
    return (f"Under {_ci('linearized')}, {_ci('bootstrap')} and a sample design, a class-specific odds ratio or "
            "likelihood ratio at 0 or ∞ (a zero cell in the class's 2×2 table; Yule's Q and Y then at ±1) has no SE "
            "or interval: NaN. The delta method's SE there is 0 or infinite, its interval a point or the whole range, "
            "and the table bootstrap draws no object into an empty cell, so every resample sits at the same "
            f"boundary. {_ci('auto')} (without a sample design) gives a score interval there (Koopman's for LRP and "
            "LRN, Miettinen–Nurminen's for the odds ratio); correction=0.5 makes the values finite.")


def average_boundary_note() -> str:
    """The note under averages at the end of their range given an interval from the classes' score intervals, its
    options as the reader writes them."""
    return ("Where an average of DOR, LNDOR, DP, LRP, LRN, YULEQ or YULEY lies at a finite end of its range (every "
            "class it averages at that end, each with a zero cell in its 2×2 table: Yule's Q and Y at ±1, an odds "
            "ratio or likelihood ratio at 0), the delta method's SE is 0 and its interval a point. Under "
            f"{_ci('auto')} its interval is built, as the classes' own, from their score intervals "
            "(Miettinen–Nurminen's for the odds ratio, Koopman's for LRP and LRN), averaged with the average's "
            "weights: [Σ c_k·l_k, Σ c_k·u_k]. That is Zou & Donner's (2008) method of variance estimates recovery "
            "with the classes' values taken as perfectly correlated (the classes' 2×2 tables share their objects; on "
            "two classes they are one table read both ways), the widest it gives; on two classes it is the classes' "
            "own interval. The micro average takes the score interval of the pooled table. The SE is NaN, as the "
            "classes' is there.")


def average_boundary_undefined_note() -> str:
    """The note under averages of the odds-ratio family at a finite end of their range left without SE or
    interval, its options as the reader writes them."""
    return (f"Under {_ci('linearized')}, {_ci('bootstrap')} and a sample design, an average of the odds-ratio "
            "family at a finite end of its range (every class it averages at that end: a zero cell in each class's "
            "2×2 table; Yule's Q and Y at ±1, an odds ratio or likelihood ratio at 0) has no SE or interval: NaN, "
            "as its classes' values there. The delta method's SE there is 0 and its interval a point, and the table "
            "bootstrap draws no object into an empty cell. " + _ci('auto') + " (without a sample design) gives an "
            "interval from the classes' score intervals; correction=0.5 makes the values finite.")


def settle_boundaries(measures, counts, estimates: dict, opts: IntervalOptions) -> dict:
    """The class-specific ``estimates`` of ``measures`` (records; ``counts``: the one-vs-rest a, b, c, d after any
    correction) with the values of the odds-ratio family at the end of their range (a zero cell: an odds ratio or
    likelihood ratio of 0 or ∞) left without SE, interval, p-value and design effect (NaN, with
    :func:`boundary_undefined_note` and one warning) where the delta method, the bootstrap or a sample design gave
    them: neither says anything there. Under ``ci="auto"`` without a design the analytic estimates stand (a score
    interval there)."""
    if opts.sample is None and opts.ci not in ("linearized", "bootstrap"):
        return estimates
    a, b, c, d = counts
    zero_cell = (np.asarray(a) == 0) | (np.asarray(b) == 0) | (np.asarray(c) == 0) | (np.asarray(d) == 0)
    out, boundary, note = dict(estimates), {}, boundary_undefined_note()
    for m in measures:
        e = estimates.get(m.code)
        if not m.odds_ratio_family or not isinstance(e, Estimate):
            continue
        value = np.asarray(e.value, float)
        edge = ((value == 0) | np.isinf(value)) if isinstance(m.interval, LogRatio) else zero_cell & ~np.isnan(value)
        # an infinite value is blank already, with its note and warning (estimates.undefined_at_infinity)
        edge = np.broadcast_to(edge, value.shape) & ~np.isinf(value)
        if not edge.any():
            continue

        def blank(x, edge=edge):
            return None if x is None else np.where(edge, np.nan, x)

        notes = () if e.note is None else (e.note,) if isinstance(e.note, str) else tuple(e.note)
        out[m.code] = Estimate(e.value, blank(e.se), blank(e.lower), blank(e.upper), e.method, e.undefined,
                               blank(e.pvalue), (*notes, note), blank(e.deff))
        boundary[m.code] = int(edge.sum())
    warn_at_end({code: f"{code} ({n} class{'es' if n > 1 else ''})" for code, n in boundary.items()},
                "the SE and interval of a value at the end of its range (a zero cell in its class's 2×2 table) are "
                f"undefined under this method and set to NaN: {{}}; {_ci('auto')} gives a score interval (see the "
                "notes)")
    return out


def warn_at_end(found: dict[str, str], message: str) -> None:
    """One UndefinedMeasureWarning on the values at an end of their range (:func:`settle_boundaries`, the averages'),
    ``message`` listing ``found`` (each value's text by code, joined by "; ") at its ``{}``; none if ``found`` is
    empty."""
    if not found:
        return
    import warnings

    from ..base.undefined import UndefinedMeasureWarning, external_stacklevel

    warnings.warn(message.format("; ".join(found.values())), UndefinedMeasureWarning, stacklevel=external_stacklevel())


def dice_boundary_note() -> str:
    """The note under class-specific F1 values at 0 or 1 given the mapped binomial interval
    (:func:`settle_dice_boundaries`), its options as the reader writes them."""
    return ("Where a class's F1 is 0 (no object of the class predicted as it: a = 0) or 1 (no error: b = c = 0), "
            "the delta method's SE on the logit scale is 0 and its interval a point, whatever the number of objects. "
            "The interval there is the binomial interval of the Jaccard index J = a/(a + b + c) (the method of the "
            f"binomial intervals, Wilson under {_ci('auto')}) mapped by F1 = 2J/(1 + J), an increasing function of it "
            "(Hand, Christen & Kirielle 2021): [0, upper] at 0, [lower, 1] at 1. The se column keeps the delta "
            "method's SE (0); the interval is not built from it.")


def settle_dice_boundaries(measures, counts, estimates: dict, opts: IntervalOptions) -> dict:
    """The class-specific ``estimates`` with F1 at 0 or 1 (``counts``: the one-vs-rest a, b, c, d) given the binomial
    interval of the Jaccard index a/(a + b + c), mapped by 2J/(1 + J), instead of the delta method's point interval,
    under ``ci="auto"`` (or a binomial method's name) without a sample design; the estimates as they are otherwise.

    F1 = 2a/(2a + b + c) = 2J/(1 + J) with J = a/(a + b + c): given the a + b + c objects in the class on either side,
    a is binomial, so J has the binomial interval the library gives JACCARD, and F1's interval is its image. At a = 0
    (a class never predicted, or never predicted right) F1 is 0 and its logit-scale SE 0 at any size; so at b = c = 0
    (F1 = 1). The value and SE stay as they are (:func:`dice_boundary_note`).

    Examples
    --------
    A class of 182 objects never predicted (a = 0, b = 182, c = 0): statsmodels'
    ``proportion_confint(0, 182, method="wilson")`` gives [0, 0.020671] for J, so F1's upper end is
    2·0.020671/1.020671.

    >>> import numpy as np
    >>> from pandas_agree.inference.estimates import Estimate, interval_options
    >>> from pandas_agree.measures.registry import REGISTRY
    >>> zero = np.array([0.0])
    >>> e = {"F1": Estimate(zero, zero, zero, zero, "linearised (logit scale)")}
    >>> out = settle_dice_boundaries([REGISTRY["F1"]], (zero, np.array([182.0]), zero, np.array([500.0])), e,
    ...                              interval_options("auto", 0.95, 2000, "percentile", None, "multinomial", None))
    >>> round(float(out["F1"].upper[0]), 6)
    0.040504
    """
    e = estimates.get("F1")
    wanted = any(m.code == "F1" for m in measures)
    if not wanted or not isinstance(e, Estimate) or opts.sample is not None or opts.ci in ("linearized", "bootstrap"):
        return estimates
    a, b, c, _ = (np.asarray(x, dtype=float) for x in counts)
    value = np.asarray(e.value, dtype=float)
    trials = a + b + c
    edge = (trials > 0) & ((value == 0) | (value == 1)) & ((a == 0) | ((b == 0) & (c == 0)))
    edge = np.broadcast_to(edge, value.shape)
    if not edge.any():
        return estimates
    _, _, low, high = _proportion(a, trials, opts)  # J's binomial interval (0 and 1 exact at the ends)
    with np.errstate(invalid="ignore", divide="ignore"):
        low, high = 2 * low / (1 + low), 2 * high / (1 + high)
    lower = np.where(edge, low, np.broadcast_to(e.lower, value.shape))
    upper = np.where(edge, high, np.broadcast_to(e.upper, value.shape))
    notes = () if e.note is None else (e.note,) if isinstance(e.note, str) else tuple(e.note)
    out = dict(estimates)
    out["F1"] = Estimate(e.value, e.se, lower, upper,
                         f"{e.method}; {opts.binomial} of J = a/(a+b+c) mapped by 2J/(1 + J) at 0 and 1",
                         e.undefined, e.pvalue, (*notes, dice_boundary_note()), e.deff)
    return out


def _log_ratio(measure: Measure, method: LogRatio, counts, opts: IntervalOptions, value, boundary=None) -> Estimate:
    *parts, note = _log_ratio_parts(measure, method, counts, opts, value, boundary)
    return clipped(measure, *parts, note=note)


def _log_ratio_parts(measure: Measure, method: LogRatio, counts, opts: IntervalOptions, value, boundary=None,
                     found: dict | None = None) -> tuple:
    """The log method's value, SE, interval (not yet clipped to the range), method name and note; Koopman's
    score interval where the ratio is 0 or ∞."""
    (x1, n1), (x2, n2) = (_binomial_counts(code, counts, found) for code in (method.numerator, method.denominator))
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):  # tiny counts: an infinite bound, clipped
        log_se = np.sqrt(1 / x1 - 1 / n1 + 1 / x2 - 1 / n2)
        log_value = np.log(value)
        lower, upper = np.exp(log_value - opts.z * log_se), np.exp(log_value + opts.z * log_se)
        se = np.where(np.isinf(log_se), np.inf, value * log_se)
    # a zero count leaves the log scale without a finite SE: the interval is then the whole range, but where the
    # ratio is 0 or ∞ (no successes in one proportion) the score interval uses the data
    lower = np.where(np.isinf(log_se), measure.range[0], lower)
    upper = np.where(np.isinf(log_se), measure.range[1], upper)
    value = np.asarray(value, float)
    x1, n1, x2, n2 = np.broadcast_arrays(*(np.asarray(x, float) for x in (x1, n1, x2, n2)))
    edge = np.isinf(log_se) & ((value == 0) | np.isposinf(value))
    if not edge.any():
        return value, se, lower, upper, "log method (Simel 1991)", None
    lower, upper = np.array(np.broadcast_to(lower, value.shape)), np.array(np.broadcast_to(upper, value.shape))
    lower[edge], upper[edge] = ratio_score_interval(x1[edge], n1[edge], x2[edge], n2[edge], opts.confidence_level)
    _boundary(boundary, measure.code, int(edge.sum()))
    return (value, np.where(edge, np.nan, se), lower, upper, "log method (Simel 1991); Koopman score at 0 or ∞",
            BOUNDARY_NOTES["ratio"])


_LOG_RANGE = 300.0
"""The score intervals search the log of the ratio on [−300, 300] (e^±300, 10^±130, keeps the constrained
proportions and their products well within the range of floats); an end beyond is 0 or ∞."""


def _score_ends(statistic, log_estimate, confidence_level: float) -> tuple[np.ndarray, np.ndarray]:
    """The ends of {θ : −z ≤ Z(θ) ≤ z} for a score statistic Z(θ) decreasing in θ, 0 at the estimate θ̂
    (``log_estimate``, log θ̂): the lower end solves Z = z below θ̂, the upper Z = −z above it, both by bisection on
    log θ at once (64 halvings of [−300, 300] leave less than 10⁻¹⁶ of log θ); an end is 0 (∞) where Z stays
    below z (above −z) to the end of the range. NaN where the estimate is."""
    z = float(critical_value(confidence_level))
    log_estimate = np.asarray(log_estimate, float)
    undefined = np.isnan(log_estimate)
    centre = np.clip(np.where(undefined, 0.0, log_estimate), -_LOG_RANGE, _LOG_RANGE)
    sign = np.array([1.0, -1.0]).reshape((2,) + (1,) * centre.ndim)  # lower end (axis 0: 0), upper end (1)
    far = np.stack([np.full_like(centre, -_LOG_RANGE), np.full_like(centre, _LOG_RANGE)])
    near = np.stack([centre, centre])

    def inside(u):  # θ = e^u within the interval on its side (NaN: outside)
        with np.errstate(all="ignore"):
            return sign * statistic(np.exp(u)) <= z

    out = far.copy()
    for _ in range(64):
        mid = (near + out) / 2
        keep = inside(mid)
        near, out = np.where(keep, mid, near), np.where(keep, out, mid)
    ends = np.where(inside(far), far, (near + out) / 2)
    with np.errstate(over="ignore"):
        lower, upper = np.exp(ends)
    lower = np.where(ends[0] <= -_LOG_RANGE, 0.0, lower)
    upper = np.where(ends[1] >= _LOG_RANGE, np.inf, upper)
    return np.where(undefined, np.nan, lower), np.where(undefined, np.nan, upper)


def _score_counts(x1, n1, x2, n2):
    x1, n1, x2, n2 = np.broadcast_arrays(*(np.asarray(v, dtype=float) for v in (x1, n1, x2, n2)))
    if np.any((x1 < 0) | (x1 > n1) | (x2 < 0) | (x2 > n2)):
        raise ValueError("x1 and x2 must lie between 0 and n1 and n2 (0 ≤ x ≤ n) for every table")
    return x1, n1, x2, n2


def ratio_score_interval(x1, n1, x2, n2, confidence_level: float = 0.95, *,
                         correction: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """The score interval of the ratio p₁/p₂ of two independent binomial proportions x₁/n₁ and x₂/n₂ (Koopman
    1984), for arrays of counts (broadcast together).

    The interval holds the ratios θ at which the score statistic Z(θ) = (p₁ − θp₂)/√(p̃₁(1 − p̃₁)/n₁ +
    θ²p̃₂(1 − p̃₂)/n₂) lies within ±z, with p̃₁ = θp̃₂ and p̃₂ the maximum-likelihood estimates of the proportions
    under the ratio θ (the smaller root of a quadratic; Miettinen & Nurminen 1985), found by bisection on log θ for
    every table at once. It is statsmodels' ``confint_proportions_2indep(x1, n1, x2, n2, method="score",
    compare="ratio", correction=False)`` (which solves Nam's (1995) cubic for one table); ``correction=True``
    multiplies the variance by n/(n − 1), n = n₁ + n₂, as Miettinen and Nurminen do (statsmodels' default).
    Unlike the log method, it has a finite end where x₁ = 0 (the ratio 0: the interval is [0, upper]) or x₂ = 0
    (∞: [lower, ∞]).

    Parameters
    ----------
    x1, n1, x2, n2 : array_like
        The successes and trials of the two proportions (0 ≤ x ≤ n; counts need not be integers).
    confidence_level : float, default 0.95
        Strictly between 0 and 1.
    correction : bool, default False
        Miettinen and Nurminen's variance factor n/(n − 1).

    Returns
    -------
    lower, upper : numpy.ndarray
        NaN where the ratio is undefined (n₁ or n₂ is 0, or x₁ = x₂ = 0).

    References
    ----------
    Koopman, P. A. R. (1984), Confidence intervals for the ratio of two binomial proportions, Biometrics 40,
    513–517. Nam, J. (1995), Confidence limits for the ratio of two binomial proportions based on likelihood
    scores: non-iterative method, Biometrical Journal 37, 375–379. Fagerland, M. W., Lydersen, S. & Laake, P.
    (2015), Recommended confidence intervals for two independent binomial proportions, Statistical Methods in
    Medical Research 24, 224–254.

    Examples
    --------
    The positive likelihood ratio of 10 true positives of 10 and 1 false positive of 20 (statsmodels:
    ``confint_proportions_2indep(10, 10, 1, 20, method="score", compare="ratio", correction=False)``), and of no
    false positive of 20 (∞):

    >>> from pandas_agree.inference.analytic import ratio_score_interval
    >>> lower, upper = ratio_score_interval([10, 10], [10, 10], [1, 0], [20, 20])
    >>> lower.round(4).tolist(), upper.round(4).tolist()
    ([4.2349, 6.2064], [112.5942, inf])
    """
    check_option("confidence_level", confidence_level)
    x1, n1, x2, n2 = _score_counts(x1, n1, x2, n2)
    n, x = n1 + n2, x1 + x2
    with np.errstate(divide="ignore", invalid="ignore"):
        p1, p2 = x1 / n1, x2 / n2
        log_estimate = np.log(p1) - np.log(p2)  # NaN where 0/0 or a proportion is
    factor = np.where(n > 1, n / np.where(n > 1, n - 1, 1.0), np.nan) if correction else 1.0

    def statistic(theta):
        scale = np.maximum(theta, 1.0)  # the quadratic's coefficients over max(θ, 1): no overflow at e^300
        a = n * (theta / scale)
        b = (n1 * theta + x1 + n2 + x2 * theta) / scale
        c = x / scale
        p2_null = 2 * c / (b + np.sqrt(np.maximum(b * b - 4 * a * c, 0.0)))  # the smaller root, without cancelling
        p1_null = theta * p2_null
        variance = p1_null * (1 - p1_null) / n1 + theta * p1_null * (1 - p2_null) / n2
        return (p1 - theta * p2) / np.sqrt(variance * factor)

    return _score_ends(statistic, log_estimate, confidence_level)


def odds_ratio_score_interval(x1, n1, x2, n2, confidence_level: float = 0.95, *,
                              correction: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """The score interval of the odds ratio (p₁/(1 − p₁))/(p₂/(1 − p₂)) of two independent binomial proportions
    x₁/n₁ and x₂/n₂ (Miettinen & Nurminen 1985), for arrays of counts (broadcast together).

    The interval holds the odds ratios θ at which the score statistic
    Z(θ) = [(p₁ − p̃₁)/(p̃₁q̃₁) − (p₂ − p̃₂)/(p̃₂q̃₂)] / √(1/(n₁p̃₁q̃₁) + 1/(n₂p̃₂q̃₂)), with the variance
    multiplied by n/(n − 1) (n = n₁ + n₂; ``correction=False`` leaves it out), lies within ±z; p̃₁ and p̃₂ are the
    maximum-likelihood estimates of the proportions under the odds ratio θ (the root of a quadratic in [0, 1]) and
    q̃ = 1 − p̃ (statsmodels keeps p̃ in [10⁻¹⁰, 1 − 10⁻¹⁰], which changes Z only far from the interval's ends and
    there breaks its monotony; here Z is computed with its numerator and SE multiplied by p̃₁q̃₁p̃₂q̃₂). The ends
    are found by bisection on log θ for every table at once. It is statsmodels'
    ``confint_proportions_2indep(x1, n1, x2, n2, method="score", compare="odds-ratio")``, and where a count is 0
    (statsmodels' starting values then divide by zero) the inversion of its ``test_proportions_2indep(...,
    method="score", compare="odds-ratio")``. Where a cell is 0
    the odds ratio is 0 or ∞ and the interval is [0, upper] or [lower, ∞], its other end finite: the constrained
    estimates stay inside (0, 1) at every finite θ, so the statistic is defined where Woolf's SE is not.

    Parameters
    ----------
    x1, n1, x2, n2 : array_like
        The 2×2 table as two proportions: x₁ of n₁ in the first row, x₂ of n₂ in the second (0 ≤ x ≤ n; the
        counts need not be integers).
    confidence_level : float, default 0.95
        Strictly between 0 and 1.
    correction : bool, default True
        Miettinen and Nurminen's variance factor n/(n − 1) (statsmodels' default).

    Returns
    -------
    lower, upper : numpy.ndarray
        NaN where the odds ratio is undefined (n₁ or n₂ is 0, or x₁(n₂ − x₂) and (n₁ − x₁)x₂ are both 0).

    References
    ----------
    Miettinen, O. & Nurminen, M. (1985), Comparative analysis of two rates, Statistics in Medicine 4, 213–226.
    Fagerland, M. W., Lydersen, S. & Laake, P. (2015), Recommended confidence intervals for two independent
    binomial proportions, Statistical Methods in Medical Research 24, 224–254.

    Examples
    --------
    The diagnostic odds ratio of the 2×2 table [[10, 0], [1, 19]] (∞; no false negative) and of [[10, 1],
    [1, 19]] (statsmodels: ``confint_proportions_2indep(10, 11, 1, 20, method="score", compare="odds-ratio")``):

    >>> from pandas_agree.inference.analytic import odds_ratio_score_interval
    >>> lower, upper = odds_ratio_score_interval([10, 10], [10, 11], [1, 1], [20, 20])
    >>> lower.round(4).tolist(), upper.round(4).tolist()
    ([23.4982, 12.6611], [inf, 2857.5016])
    """
    check_option("confidence_level", confidence_level)
    x1, n1, x2, n2 = _score_counts(x1, n1, x2, n2)
    n, x = n1 + n2, x1 + x2
    with np.errstate(divide="ignore", invalid="ignore"):
        p1, p2 = x1 / n1, x2 / n2
        log_estimate = (np.log(x1) + np.log(n2 - x2)) - (np.log(n1 - x1) + np.log(x2))  # NaN where 0/0 (∞ − ∞)
        log_estimate = np.where((n1 > 0) & (n2 > 0), log_estimate, np.nan)
    factor = np.where(n > 1, n / np.where(n > 1, n - 1, 1.0), np.nan) if correction else 1.0

    def second(successes, theta):  # p̃₂ of ``successes`` of n at the odds ratio θ
        scale = np.maximum(theta, 1.0)  # the quadratic's coefficients over max(θ, 1): no overflow at e^300
        a = n2 * ((theta - 1) / scale)  # a p² + b p − successes/scale = 0; b < 0 only where θ > 1, and then a > 0
        b = (n1 * theta + n2 - successes * (theta - 1)) / scale
        root = np.sqrt(b * b + 4 * a * (successes / scale))
        # the root in [0, 1], in the form without cancelling for each sign of b
        return np.where(b >= 0, 2 * (successes / scale) / np.where(b >= 0, b + root, 1.0),
                        (root - b) / np.where(b >= 0, 1.0, 2 * a))

    def statistic(theta):
        # p̃₂, and q̃₂ = 1 − p̃₂ as the p̃₂ of the failures at 1/θ: each to its own relative precision near 0 or 1
        p2_null, q2_null = second(x, theta), second(n - x, 1 / theta)
        odds = theta * p2_null + q2_null
        p1_null, q1_null = theta * p2_null / odds, q2_null / odds
        v1, v2 = p1_null * q1_null, p2_null * q2_null
        # numerator and SE multiplied by v1·v2: defined where a constrained proportion nears 0 or 1 (far from θ̂)
        return ((p1 - p1_null) * v2 - (p2 - p2_null) * v1) / np.sqrt(v1 * v2 * (v2 / n1 + v1 / n2) * factor)

    return _score_ends(statistic, log_estimate, confidence_level)


def _fce(measure: Measure, view: TableView, weights, opts: IntervalOptions) -> Estimate:
    """Kappa with Fleiss, Cohen & Everitt's (1969) SE under H1 (:func:`~.tests.kappa_variances`): from the stored
    cells and the margins without ``weights``, so a sparse view stays sparse."""
    kappa, var1, _ = kappa_variances(view, weights)
    se = np.sqrt(var1)
    return clipped(measure, kappa, se, kappa - opts.z * se, kappa + opts.z * se, "Fleiss–Cohen–Everitt")


def _binomials(measures, args, opts: IntervalOptions) -> dict[str, Estimate]:
    """The binomial estimates of ``measures`` (records with a Binomial or MappedBinomial interval) from the
    counts ``args``: their proportions in one call of :func:`binomial_interval`, and every estimate clipped to its
    measure's range in one step (as :func:`_binomial_estimate` gives each)."""
    pairs = [_alike(m.interval.successes(*args), m.interval.trials(*args)) for m in measures]
    if not pairs:
        return {}
    p, se, lower, upper = _proportion(np.concatenate([x.ravel() for x, _ in pairs]),
                                      np.concatenate([n.ravel() for _, n in pairs]), opts)
    sizes = [x.size for x, _ in pairs]
    ends = np.cumsum(sizes).tolist()
    parts = [slice(end - size, end) for end, size in zip(ends, sizes, strict=True)]
    methods = []
    for m, part in zip(measures, parts, strict=True):
        mapping = m.interval.mapping(*args) if isinstance(m.interval, MappedBinomial) else None
        if isinstance(m.interval, MappedBinomial):  # the mapped proportion in its place
            p[part], se[part], lower[part], upper[part] = _mapped_binomial(mapping, p[part], se[part], lower[part],
                                                                           upper[part])
        methods.append(_binomial_method(m.interval, opts, mapping))
    ranges = np.array([m.range for m in measures], dtype=float)
    joined = within((np.repeat(ranges[:, 0], sizes), np.repeat(ranges[:, 1], sizes)), p, se, lower, upper, "")
    note = _binomial_note(opts)
    stats = (joined.value, joined.se, joined.lower, joined.upper)
    shape = pairs[0][0].shape
    if all(x.shape == shape for x, _ in pairs):  # one row of each statistic for each measure
        rows = [x.reshape(len(measures), *shape) for x in stats]
        return {m.code: Estimate(*(x[i, ...] for x in rows), method, note=note)
                for i, (m, method) in enumerate(zip(measures, methods, strict=True))}
    return {m.code: Estimate(*(x[part].reshape(pair[0].shape) for x in stats), method, note=note)
            for m, part, pair, method in zip(measures, parts, pairs, methods, strict=True)}


def _is_binomial(measure: Measure) -> bool:
    return isinstance(measure.interval, (Binomial, MappedBinomial))


def binary_analytics(measures, counts, corrected, params: dict, opts: IntervalOptions,
                     values: dict, smallest: float | None = None) -> dict[str, Estimate | Resample | None]:
    """:func:`binary_analytic` of every measure (the odds-ratio family from the ``corrected`` counts), with the
    binomial proportions among them in one call of :func:`binomial_interval`; ``smallest`` as there."""
    out: dict[str, Estimate | Resample | None] = dict(_binomials([m for m in measures if _is_binomial(m)], counts,
                                                                 opts))
    log_odds: dict[bool, tuple] = {}  # Woolf's log odds ratios and their SE, shared by the measures that map them
    boundary: dict[str, int] = {}  # the values at 0 or ∞ given a score interval, warned of once
    # the proportions' counts and binomial variances, shared by the Wald and log-ratio intervals: those of the
    # counts (False) and of the corrected counts of the odds-ratio family (True) apart
    found: dict[bool, dict] = {False: {}, True: {}}
    parts: dict[str, tuple] = {}  # the Wald, Woolf and log-method estimates, clipped to their ranges together
    for m in measures:
        if m.code in out:
            continue
        used = corrected if m.odds_ratio_family else counts
        if isinstance(m.interval, Woolf):
            if m.odds_ratio_family not in log_odds:
                found_log = _log_odds_ratio(used)
                log_odds[m.odds_ratio_family] = (found_log, _log_points(*found_log, opts))
            log_odds_ratio, points = log_odds[m.odds_ratio_family]
            parts[m.code] = _woolf_parts(m, used, opts, log_odds_ratio, boundary, points)
        elif isinstance(m.interval, LogRatio):
            parts[m.code] = _log_ratio_parts(m, m.interval, used, opts, values[m.code], boundary,
                                             found[bool(m.odds_ratio_family)])
        elif isinstance(m.interval, Wald):
            parts[m.code] = (*_wald_parts(m.interval, counts, opts, values[m.code], found[False]), None)
        else:
            out[m.code] = binary_analytic(m, counts, used, params, opts, values[m.code], smallest)
    out.update(_clipped_together([m for m in measures if m.code in parts], parts))
    warn_boundary(boundary)
    return out


def _clipped_together(measures: list[Measure], parts: dict[str, tuple]) -> dict[str, Estimate]:
    """The Estimates of ``measures`` from their unclipped ``parts`` (value, SE, lower, upper, method, note), each
    clipped to its measure's range as :func:`~.estimates.clipped` does, all in one step where every value has
    one shape."""
    if not measures:
        return {}
    shape = np.shape(parts[measures[0].code][0])
    if not all(np.shape(x) == shape for m in measures for x in parts[m.code][:4]):
        return {m.code: clipped(m, *parts[m.code][:5], note=parts[m.code][5]) for m in measures}
    ranges = np.array([m.range for m in measures], dtype=float).reshape(len(measures), 2, *[1] * len(shape))
    joined = within((ranges[:, 0], ranges[:, 1]), *(np.array([parts[m.code][i] for m in measures], dtype=float)
                                                    for i in range(4)), "")
    return {m.code: Estimate(joined.value[x], joined.se[x], joined.lower[x], joined.upper[x], parts[m.code][4],
                             note=parts[m.code][5]) for x, m in enumerate(measures)}


def multiclass_analytics(measures, view, params_of, opts: IntervalOptions) -> dict[str, Estimate | Resample | None]:
    """:func:`multiclass_analytic` of every measure (``params_of(measure)`` gives its parameters), with the
    binomial proportions among them in one call of :func:`binomial_interval`."""
    out: dict[str, Estimate | Resample | None] = dict(_binomials([m for m in measures if _is_binomial(m)], (view,),
                                                                 opts))
    for m in measures:
        if m.code not in out:
            out[m.code] = multiclass_analytic(m, view, params_of(m), opts)
    return out


def binary_analytic(measure: Measure, counts, corrected, params: dict, opts: IntervalOptions,
                    value, smallest: float | None = None) -> Estimate | Resample | None:
    """The analytic estimate of a class-specific measure for every class, or None (bootstrap), or a Resample
    where the analytic interval does not keep its promise (:func:`~.estimates.small_sample`). ``smallest``: the
    fewest objects of a class of the table on either side, which the small-sample rules read (by default that of
    the classes of ``counts``; the caller gives it where ``counts`` hold only some of the table's classes, as with
    ``positive=``)."""
    method = measure.interval
    match method:
        case Binomial() | MappedBinomial():
            return _binomial(measure, method, counts, opts)
        case Wald():
            return _wald(measure, method, counts, opts, value)
        case Woolf():
            return _woolf(measure, corrected, opts)
        case LogRatio():
            return _log_ratio(measure, method, corrected, opts, value)
        case FleissCohenEveritt():
            a, b, c, d = counts
            kappa, var1 = two_by_two_kappa(a, b, c, d)  # Fleiss, Cohen & Everitt's SE of each 2×2 table
            se = np.sqrt(var1)
            estimate = clipped(measure, kappa, se, kappa - opts.z * se, kappa + opts.z * se, "Fleiss–Cohen–Everitt")
            return _small(measure, estimate, (a, b, c, d), 2, float(np.max(a + b + c + d)), opts,
                          smallest_class(a + b, a + c) if smallest is None else smallest,
                          sum(int(np.count_nonzero(x)) for x in (a, b, c, d)))
    return None


def _small(measure: Measure, estimate: Estimate, counts, classes: int, n: float, opts: IntervalOptions,
           smallest: float, cells: int) -> Estimate | Resample:
    """A chance-corrected coefficient's estimate as the rules of "auto" (:func:`~.auto.coefficient_rule`) take it:
    the analytic one, Donner and Eliasziw's interval beside its SE (``counts``: the 2×2 table's a, b, c, d), or a
    Resample for the BCa bootstrap's interval beside its SE (``cells``: the number of non-empty cells)."""
    if opts.ci in ("bootstrap", "linearized"):  # the rules are those of "auto" (and the binomial methods' names)
        return estimate
    rule = coefficient_rule(measure.code, n, classes, smallest, cells)
    if rule is None:
        return estimate
    if rule.method == "bca":
        return Resample("bca", rule.note, estimate)
    if all(np.ndim(x) == 0 for x in counts):  # one table: its interval is the same for each coefficient
        lower, upper = _donner_eliasziw_of(*(float(x) for x in counts), float(opts.confidence_level))
    else:
        lower, upper = donner_eliasziw(*counts, confidence_level=opts.confidence_level)
    return clipped(measure, estimate.value, estimate.se, lower, upper,
                   f"{estimate.method} SE, Donner–Eliasziw interval", note=rule.note)


ROOT_TOLERANCE = 2.0**-50
"""The search for an end of :func:`donner_eliasziw`'s interval stops once Newton's step is below this share of the
end (or of 1): the next step would move it by a few units in the last place."""


def donner_eliasziw(a, b, c, d, confidence_level: float = 0.95) -> tuple[np.ndarray, np.ndarray]:
    """Donner and Eliasziw's (1992) goodness-of-fit interval for kappa of 2×2 tables (a, b: the first row; c, d:
    the second; arrays of any shape).

    Under the common-correlation model of two ratings with prevalence π and kappa κ, the shares of objects rated
    positive twice, once and never are π² + π(1 − π)κ, 2π(1 − π)(1 − κ) and (1 − π)² + π(1 − π)κ. With π at its
    estimate (2a + b + c)/(2N), the interval holds the κ₀ at which Pearson's X² of the three observed frequencies
    (a, b + c, d) against those shares is at most the χ²₁ quantile of ``confidence_level``: the likelihood-free
    goodness-of-fit test inverted. X² is 0 at the intraclass kappa 1 − (b + c)/(2Nπ(1 − π)) (Scott's pi) and
    grows on either side, so each end is found between it and the end of κ's range, max(−π/(1 − π), −(1 − π)/π)
    below and 1 above (an end of the range where X² stays below the quantile is the interval's end), by Newton's
    method kept inside the bracket that its steps narrow (bisecting it where a step would leave it), to
    :data:`ROOT_TOLERANCE`. Donner and Eliasziw solve the same equation as a cubic: its roots are found to
    rounding. Where π is 0 or 1 (every object rated alike) kappa is undefined and so is the interval (NaN).

    Examples
    --------
    >>> lower, upper = donner_eliasziw(40.0, 3.0, 4.0, 3.0)
    >>> print(f"{float(lower):.4f} {float(upper):.4f}")
    0.0674 0.6802
    """
    a, b, c, d = np.broadcast_arrays(*(np.asarray(x, dtype=float) for x in (a, b, c, d)))
    n = a + b + c + d
    with np.errstate(divide="ignore", invalid="ignore"):
        pi = (2 * a + b + c) / (2 * n)
        q = pi * (1 - pi)
        defined = q > 0
        pi, q = np.where(defined, pi, 0.5), np.where(defined, q, 0.25)
        kappa = np.clip(1 - (b + c) / (2 * n * q), -1.0, 1.0)
        bottom = np.maximum(-pi / (1 - pi), -(1 - pi) / pi)
    critical = float(critical_value(confidence_level)) ** 2
    # both ends at once: the lower end searched between the intraclass kappa and ``bottom``, the upper between it
    # and 1 (axis 0), each the same bisection as on its own
    far = np.stack([bottom, np.ones_like(bottom)])
    inside = np.stack([np.maximum(kappa, bottom), np.minimum(kappa, 1.0)])
    observed = (a, b + c, d)

    both_positive, both_negative, split = pi**2, (1 - pi) ** 2, 2 * q
    rises = (n * q, -n * split, n * q)  # the slope of each expected frequency in kappa

    def excess(k, slope: bool = False):  # X² at kappa k, less the critical value (and its slope in k)
        qk = q * k
        expected = (n * (both_positive + qk), n * (split * (1 - k)), n * (both_negative + qk))
        total = np.zeros_like(k)
        if all((e > 0).all() for e in expected):  # inside the range (every step of the search): no empty share
            for x, e in zip(observed, expected, strict=True):
                total += (x - e) ** 2 / e
        else:  # an end of the range: a share of 0 adds nothing for no objects, and makes X² infinite for some
            for x, e in zip(observed, expected, strict=True):
                total += np.where(e > 0, (x - e) ** 2 / np.where(e > 0, e, 1.0), np.where(x > 0, np.inf, 0.0))
        if not slope:
            return total - critical
        # d/dk (x − e)²/e = e′ (1 − x²/e²)
        return total - critical, sum(rise * (1 - (x / e) ** 2) for x, e, rise in zip(observed, expected, rises,
                                                                                          strict=True))

    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        # Newton's method inside the bracket [inside, far] that each step narrows, a step that would leave it
        # bisecting it instead: X² − quantile rises from ≤ 0 at ``inside`` to its root, so the bracket always holds
        # it; a handful of steps reach it to rounding where bisection took sixty
        near, out = inside.copy(), far.copy()
        k = (near + out) / 2
        settled = np.zeros(k.shape, dtype=bool)  # an end found is not moved again
        for _ in range(200):
            value, slope = excess(k, slope=True)
            below = value <= 0
            near, out = np.where(below, k, near), np.where(below, out, k)
            step = k - value / slope
            low, high = np.minimum(near, out), np.maximum(near, out)
            step = np.where(np.isfinite(step) & (step >= low) & (step <= high), step, (near + out) / 2)
            step = np.where(settled, k, step)
            settled |= np.abs(step - k) <= ROOT_TOLERANCE * np.maximum(1.0, np.abs(k))
            k = step
            if settled.all():
                break
        ends = np.where(excess(far) <= 0, far, k)
    return np.where(defined, ends[0], np.nan), np.where(defined, ends[1], np.nan)


@functools.lru_cache(maxsize=64)
def _donner_eliasziw_of(a: float, b: float, c: float, d: float, confidence_level: float) -> tuple[float, float]:
    """:func:`donner_eliasziw` of one 2×2 table, kept: KAPPA, SPI, ALPHA and HSS of a table ask for the same
    interval."""
    lower, upper = donner_eliasziw(a, b, c, d, confidence_level)
    return float(lower), float(upper)


def _linearised(measure: Measure, method: Linearised, view, params: dict, opts: IntervalOptions) -> Estimate:
    """Gwet's linearised variance over the non-empty cells of the table, each weighted by its count."""
    pa, pe, d_pa, d_pe = method.gradient(view, **params)
    counts = view.entries[2]
    # each cell's share of N, once per view for every coefficient
    shares = view.memo("cell_shares", lambda: np.asarray(counts, dtype=float) / float(counts.sum()))
    value, se = linearised(pa, pe, d_pa, d_pe, counts, ddof=0, shares=shares)
    return clipped(measure, value, se, value - opts.z * se, value + opts.z * se, "Gwet linearised")


def _two_by_two(view) -> tuple[tuple | None, int]:
    """The cells a, b, c, d of a table whose objects lie on two labels (None for more), and the number of labels
    with objects on some side (labels without objects, declared or left from a sample, do not count)."""
    if view.q > 64:  # the square is only needed for two labels; a large table has more with objects
        return None, int(np.count_nonzero(np.bincount(view.row_place, view.row_totals, view.q)
                                          + np.bincount(view.col_place, view.col_totals, view.q)))
    square = view.square
    present = np.flatnonzero(square.sum(axis=0) + square.sum(axis=1) > 0)
    if len(present) != 2:
        return None, len(present)
    sub = square[np.ix_(present, present)]
    return (sub[0, 0], sub[0, 1], sub[1, 0], sub[1, 1]), 2


def _small_sample_facts(view) -> dict:
    """What the small-sample rules of "auto" read of a table (:func:`_small`), once per view for every
    chance-corrected coefficient: its 2×2 cells and number of labels (:func:`_two_by_two`), N, its smallest class
    and its number of non-empty cells."""
    def facts() -> dict:
        counts, classes = _two_by_two(view)
        return {"counts": counts, "classes": classes, "n": float(view.n),
                "smallest": smallest_class(view.row_totals, view.col_totals),
                "cells": int(np.count_nonzero(view.counts))}

    return view.memo("small_sample_facts", facts)


def multiclass_analytic(measure: Measure, view, params: dict, opts: IntervalOptions) -> Estimate | Resample | None:
    """The analytic estimate of a multiclass measure, or None (bootstrap), or a Resample where the analytic
    interval does not keep its promise (:func:`~.estimates.small_sample`)."""
    method = measure.interval
    match method:
        case Binomial() | MappedBinomial():
            return _binomial(measure, method, (view,), opts)
        case FleissCohenEveritt():
            return _small(measure, _fce(measure, view, params.get("kappa_weights"), opts), **_small_sample_facts(view),
                          opts=opts)
        case Linearised():
            return _small(measure, _linearised(measure, method, view, params, opts), **_small_sample_facts(view),
                          opts=opts)
        case NoncentralChiSquare():
            return chi_square_interval(measure, view, opts)
        case MarginDifferences():
            return kappa_max_interval(view, opts)
    return None
