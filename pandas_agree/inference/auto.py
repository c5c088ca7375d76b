"""What ``ci="auto"`` gives where the plain analytic or linearised interval does not cover: the rules, in one place.

Each rule names the values it concerns, the situation, the interval it takes instead and the coverage the coverage
study measured (``benchmarks/coverage_study.py``; the tables are in docs/notes/intervals.md, "Small samples"). The
SE column keeps the published (or linearised) SE whatever the interval, so irrCAC's, Gwet's, SAS's and Takahashi's
SEs are reproduced at every size. ``ci="linearized"``, ``ci="bootstrap"`` and sample designs ignore these rules.

- A table is *small* (:func:`small`) with fewer than :data:`SMALL_SAMPLE` objects or a class present with fewer
  than :data:`SMALL_CLASS` objects on either side.
- KAPPA, KAPPA_W, SPI, ALPHA on fewer than :data:`SMALL_SAMPLE` objects that lie on two labels, and HSS (each
  class against the rest) on fewer than :data:`SMALL_SAMPLE` objects: Donner and Eliasziw's (1992)
  goodness-of-fit interval (:func:`~.analytic.donner_eliasziw`). The two have notes of their own, so that a
  report names only the values that took it.
- The chance-corrected coefficients (KAPPA, KAPPA_W, SPI, BPK, AC1, ALPHA, HSS) otherwise on a small table: the
  BCa bootstrap's interval; from :data:`SMALL_SAMPLE` objects on only on tables of at most
  :data:`RESAMPLED_CELLS` non-empty cells (the others keep the analytic interval).
- The rater coefficients over fewer than :data:`SMALL_SAMPLE` subjects: the BCa bootstrap over subjects.
- Every other average, and the class-specific values without a binomial interval (F1, CORR and their like), of a
  measure with a bounded range outside the odds-ratio family (:func:`blurrable`), on a table
  of at most :data:`BLURRED_LABELS` labels with a class of fewer than :data:`SMALL_CLASS` objects: the Wald
  interval on the value's scale with the SE of the table with :data:`BLUR` object added to every cell of the
  classes present (:func:`blurred_table`).
- The unweighted averages of REC and PRE (their values averaged: they list no terms, so under either timing), at
  every size: the MOVER–Wilson interval (:func:`~.analytic.mover_wilson`): Wilson intervals of the classes'
  recalls (precisions), independent binomials given the reference's (predicted) counts, combined by Zou and
  Donner's (2008) method of variance estimates recovery.
- The weighted and inverse averages of PPREV on two classes: the percentile bootstrap's interval.
- The class-specific values of the odds-ratio family at the end of their range (a zero cell: DOR, LNDOR, DP, LRP,
  LRN at 0 or ∞, YULEQ and YULEY at ±1), at every size: a score interval instead of the whole range (Koopman's
  for LRP and LRN, Miettinen and Nurminen's for the odds ratio, mapped), without SE
  (:func:`~.analytic.ratio_score_interval`, :func:`~.analytic.odds_ratio_score_interval`); under the delta
  method, the bootstrap and sample designs their SE and interval are NaN (:func:`~.analytic.settle_boundaries`).
- The averages of the odds-ratio family at a finite end of their range (every class they average at that end),
  at every size: the classes' score intervals averaged with the average's weights, without SE
  (:meth:`~.estimands.ClassAverages.settled`); NaN under the delta method, the bootstrap and sample designs.
- The class-specific F1 at 0 or 1, at every size: the binomial interval of a/(a + b + c) mapped by 2J/(1 + J)
  (:func:`~.analytic.settle_dice_boundaries`).
- The averages of the odds-ratio family (DOR, LNDOR, DP, LRP, LRN, YULEQ, YULEY) with ``correction=`` where it
  changed the 2×2 table of a class that enters them (or the pooled table, for "micro"), at every size, under
  multinomial sampling (:func:`pseudo_count_rule`): the SE and Wald interval of the delta method with the
  correction's pseudo-counts counted as observations, as Woolf's SE of a corrected class counts them
  (:meth:`~.estimands.ClassAverages.pseudo_count_variances`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..measures.averaging import averaged_before

__all__ = ["BLUR", "BLURRED_LABELS", "MOVER_WILSON", "RESAMPLED_CELLS", "RULES", "SMALL_CLASS", "SMALL_SAMPLE", "Rule",
           "average_rule", "average_rules", "blurrable", "blurred_table", "class_rule", "coefficient_rule",
           "positive_notes", "pseudo_count_rule", "rater_rule", "small", "smallest_class"]

SMALL_SAMPLE = 200
"""Below this many objects (subjects for several raters) the chance-corrected coefficients take the small-sample
intervals of :data:`RULES`."""

SMALL_CLASS = 20
"""Below this many objects of some class (in the reference or the prediction) the averages take the blurred SE's
interval of :data:`RULES`."""

RESAMPLED_CELLS = 400
"""A table with a small class but :data:`SMALL_SAMPLE` objects or more is resampled (the BCa rule) only where it
has at most this many non-empty cells (a 20×20 table): 2,000 resamples then take milliseconds, and a report of
hundreds of classes draws none."""

BLUR = 0.5
"""The objects added to every cell of the table (of the classes present) for the blurred SE."""


@dataclass(frozen=True)
class Rule:
    """One rule of ``ci="auto"``: the interval it takes (``method``: "donner-eliasziw", "bca", "percentile",
    "blurred" or "mover-wilson") and why, as the note under the result says it."""

    method: str
    note: str


_COEFFICIENTS = {"KAPPA", "KAPPA_W", "SPI", "BPK", "AC1", "AC2", "ALPHA", "HSS"}
_DONNER_ELIASZIW = {"KAPPA", "KAPPA_W", "SPI", "ALPHA", "HSS"}
MOVER_WILSON = {"REC": "reference", "PRE": "prediction"}
"""The records whose unweighted average takes the MOVER–Wilson interval under the rule "mover-wilson", and the side
whose counts are the trials of each class's proportion (REC = a/(a + b) of the reference's count, PRE = a/(a + c)
of the predicted count)."""

_HSS_DONNER_ELIASZIW = (
    "gets Donner & Eliasziw's (1992) goodness-of-fit interval beside its published SE: in the coverage study "
    "(docs/notes/intervals.md, 2,000 tables a cell) these intervals of kappa on two classes covered 0.90–0.985 of a "
    "nominal 95% where the Wald intervals covered 0.31–0.94.")
"""What the notes of the rules on HSS say of its interval, whichever class's HSS they name."""

_BLURRED_CLASS = (
    f"get Wald intervals on each value's scale with the SE of the table with {BLUR:g} object added to every cell "
    "of the classes present (the se column keeps the linearised SE)")
_BLURRED_CLASS_COVERAGE = (
    "in the coverage study (docs/notes/intervals.md, 2,000 tables a cell) the linearised intervals of the rare "
    "class's F1 covered as little as 0.40 of a nominal 95% there, these (with F1 at 0 or 1 given the binomial "
    "interval of a/(a + b + c) mapped by 2J/(1 + J)) 0.86–0.998, the lowest where the rare class has one object in "
    "most samples (1% of 30–50 objects).")
"""What the notes of the rules on class-specific values without a binomial interval say of their interval and of
its coverage (measured on the rare class's F1), whichever classes they name."""

RULES = {
    "donner-eliasziw": Rule(
        "donner-eliasziw",
        f"With fewer than {SMALL_SAMPLE} objects on two classes, KAPPA, KAPPA_W, SPI and ALPHA get Donner & "
        "Eliasziw's (1992) goodness-of-fit intervals beside their published SE: in the coverage study (docs/notes/"
        "intervals.md, 2,000 tables a cell) these covered 0.90–0.985 of a nominal 95% where the Wald intervals "
        "covered 0.31–0.94 (the least with 30–50 objects, a class of 3% and strong agreement, where no method did "
        "better)."),
    "donner-eliasziw-class": Rule(
        "donner-eliasziw",
        f"With fewer than {SMALL_SAMPLE} objects, each class's HSS (the kappa of its 2×2 table against the rest) "
        + _HSS_DONNER_ELIASZIW),
    "donner-eliasziw-positive": Rule(
        "donner-eliasziw",
        f"With fewer than {SMALL_SAMPLE} objects, the positive class's HSS (the kappa of the 2×2 table, the same for "
        "either class and equal to KAPPA) " + _HSS_DONNER_ELIASZIW),
    "bca": Rule(
        "bca",
        f"With fewer than {SMALL_SAMPLE} objects or a class of fewer than {SMALL_CLASS}, the chance-corrected "
        "coefficients get BCa bootstrap intervals beside their published (linearised) SE: in the coverage study "
        "(docs/notes/intervals.md, 2,000 tables a cell) the Wald intervals covered 0.80–0.97 of a nominal 95% "
        "there, the BCa bootstrap's 0.93–0.97 in most cells and up to 0.99, except where most samples are tables "
        "without disagreement (30–50 objects, a rare class and strong agreement: as little as 0.46, where every "
        "method failed)."),
    "raters": Rule(
        "bca",
        f"With fewer than {SMALL_SAMPLE} subjects, the rater coefficients get BCa bootstrap intervals over subjects "
        "beside their linearised SE (as irrCAC prints it): in the coverage study (docs/notes/intervals.md) the Wald "
        "intervals covered 0.78–0.97 of a nominal 95% there, the BCa bootstrap's 0.80–0.98 (0.80–0.88 with 20 "
        "subjects, a category of 10% and strong agreement, where no method did better)."),
    "blurred": Rule(
        "blurred",
        f"With a class of fewer than {SMALL_CLASS} objects, the averages' intervals are Wald intervals on each "
        f"average's scale with the SE of the table with {BLUR:g} object added to every cell of the classes present "
        "(a generalized plus-four correction; the se column keeps the linearised SE): in the coverage study "
        "(docs/notes/intervals.md, 2,000 tables a cell) the linearised intervals covered as little as 0.47 of a "
        "nominal 95% there, these 0.93–0.97 in most cells, as little as 0.52 for unweighted averages of a class "
        "with one or two objects (30 objects, a class of 3% and strong agreement) and up to 1.00 for some "
        "weighted ones."),
    "blurred-class": Rule(
        "blurred",
        f"With a class of fewer than {SMALL_CLASS} objects, the class-specific values without a binomial interval "
        f"(F1 and its like) {_BLURRED_CLASS}: {_BLURRED_CLASS_COVERAGE}"),
    "blurred-positive-rare": Rule(
        "blurred",
        f"With fewer than {SMALL_CLASS} objects of the positive class (in the reference or the prediction), its "
        f"values without a binomial interval (F1 and its like) {_BLURRED_CLASS}: {_BLURRED_CLASS_COVERAGE}"),
    "blurred-positive-common": Rule(
        "blurred",
        f"With fewer than {SMALL_CLASS} objects of the other class (in the reference or the prediction), the "
        f"positive class's values without a binomial interval (F1 and its like) {_BLURRED_CLASS}, as every class's "
        "values do beside a class that small: the coverage study (docs/notes/intervals.md) measured these intervals "
        "on the rare class's F1 (0.86–0.998 of a nominal 95%, where the linearised intervals covered as little as "
        "0.40), not on the larger class's."),
    "mover-wilson": Rule(
        "mover-wilson",
        "The unweighted averages of REC and PRE get MOVER–Wilson intervals (Wilson intervals of the classes' "
        "recalls or precisions, combined by Zou & Donner's method of variance estimates recovery; the se column "
        "keeps the linearised SE): in the coverage study (docs/notes/intervals.md, 2,000 tables a cell) these "
        "covered 0.93–0.97 of a nominal 95% for 84 of its 108 such averages, the linearised and blurred intervals "
        "for 46 (as little as 0.54); 0.90–0.95 for REC on three to six classes with strong agreement, and as little "
        "as 0.76 (PRE) and 0.87 (REC) with 30–50 objects and a class of 3%."),
    "pseudo-counts": Rule(
        "pseudo-counts",
        "Where correction= changed a class's 2×2 table, the averages of the odds-ratio family get the SE and "
        "interval of the delta method with the correction's pseudo-counts counted as observations, as Woolf's SE "
        "of the corrected class counts them (the plain linearisation took them as constants, so that the averages' "
        "intervals left out the correction's uncertainty): in the coverage study (docs/notes/intervals.md, 2,000 "
        "tables a cell, 50 to 500 objects, classes with zero cells) these covered 0.92–0.98 of a nominal 95% for "
        "LNDOR where the linearised intervals covered 0.80–0.95, and 0.94–0.99 for DOR where those covered 0.71–0.95 "
        "and 0 with 50 objects and a nearly perfect class (there these covered 0.65–0.73, the class's own Woolf "
        "interval 0.79–0.80). Where a class's errors are so rare that its zero cells say nothing of its odds ratio, "
        "no interval covers."),
    "pprev": Rule(
        "percentile",
        "On two classes, the weighted and inverse averages of PPREV get the percentile bootstrap's interval beside "
        "their linearised SE: they are 1/2 ± 2(p − 1/2)(q − 1/2) with p and q the first class's reference and "
        "predicted shares, and their linearised intervals covered 90% instead of 95% (the coverage study in the "
        "documentation)."),
}


def positive_notes(notes: list[str], rare: bool = True) -> list[str]:
    """``notes`` of a two-class problem's positive class (``positive=``) as they speak of the one class shown: the
    note of the rule "donner-eliasziw-class", which speaks of each class's HSS against the rest, as that of the
    positive class's HSS, the table's kappa; and the note of the rule "blurred-class", which fires where either
    class has fewer than :data:`SMALL_CLASS` objects on a side, as that of the positive class where it is that class
    (``rare``: its :func:`smallest_class` is below :data:`SMALL_CLASS`), else as that of the positive class beside
    a rare other class, whose coverage the study did not measure.

    Examples
    --------
    >>> positive_notes([RULES["donner-eliasziw-class"].note]) == [RULES["donner-eliasziw-positive"].note]
    True
    >>> positive_notes([RULES["blurred-class"].note], rare=False) == [RULES["blurred-positive-common"].note]
    True
    """
    swap = {RULES["donner-eliasziw-class"].note: RULES["donner-eliasziw-positive"].note,
            RULES["blurred-class"].note: RULES["blurred-positive-rare" if rare else "blurred-positive-common"].note}
    return [swap.get(note, note) for note in notes]


def small(n: float, smallest: float) -> bool:
    """Whether a table is small for the chance-corrected coefficients: fewer than :data:`SMALL_SAMPLE` objects, or
    a class present with fewer than :data:`SMALL_CLASS` (on either side)."""
    return n < SMALL_SAMPLE or smallest < SMALL_CLASS


def coefficient_rule(code: str, n: float, classes: int, smallest: float = np.inf, cells: int = 0) -> Rule | None:
    """The rule of a chance-corrected coefficient of two classifications (``code``) on a table of ``n`` objects
    over ``classes`` labels with objects, whose smallest class has ``smallest`` objects (:func:`smallest_class`)
    and which has ``cells`` non-empty cells, or None where its analytic interval stands.

    Examples
    --------
    >>> coefficient_rule("KAPPA", 50, 2).method, coefficient_rule("KAPPA", 50, 3).method
    ('donner-eliasziw', 'bca')
    >>> coefficient_rule("AC1", 500, 2, smallest=12).method, coefficient_rule("AC1", 500, 2, smallest=40)
    ('bca', None)
    >>> coefficient_rule("KAPPA", 500, 2, smallest=12).method
    'bca'
    """
    if code not in _COEFFICIENTS or not small(n, smallest):
        return None
    if code in _DONNER_ELIASZIW and classes == 2 and n < SMALL_SAMPLE:
        return RULES["donner-eliasziw-class" if code == "HSS" else "donner-eliasziw"]
    return RULES["bca"] if n < SMALL_SAMPLE or cells <= RESAMPLED_CELLS else None


def rater_rule(n_subjects: float) -> Rule | None:
    """The rule of the rater coefficients over ``n_subjects`` subjects, or None.

    Examples
    --------
    >>> rater_rule(30).method, rater_rule(300)
    ('bca', None)
    """
    return RULES["raters"] if n_subjects < SMALL_SAMPLE else None


def average_rule(measure, method: str, classes: int, smallest: float, timing: str = "default") -> Rule | None:
    """The rule of the ``method`` average of ``measure`` (a record) over ``classes`` classes whose smallest class
    present has ``smallest`` objects (the fewer of its reference and predicted counts), averaged with ``timing``
    ("default", "before", "after"), or None (:func:`average_rules` of one method).

    Examples
    --------
    >>> from pandas_agree.measures.registry import REGISTRY
    >>> average_rule(REGISTRY["F1"], "unweighted", 4, 5).method, average_rule(REGISTRY["F1"], "unweighted", 4, 50)
    ('blurred', None)
    >>> average_rule(REGISTRY["PPREV"], "weighted", 2, 500).method, average_rule(REGISTRY["DOR"], "weighted", 4, 5)
    ('percentile', None)
    >>> average_rule(REGISTRY["REC"], "unweighted", 2, 3).method, average_rule(REGISTRY["REC"], "weighted", 2, 3).method
    ('mover-wilson', 'blurred')
    >>> average_rule(REGISTRY["PRE"], "unweighted", 2, 500).method, average_rule(REGISTRY["PRE"], "weighted", 2, 500)
    ('mover-wilson', None)

    REC and PRE list no terms: under ``timing="before"`` too their values are averaged, and their unweighted average
    is a mean of proportions (averaged before the formula, its terms would make it the pooled proportion Σa/Σ(a + b),
    the micro average).
    """
    return average_rules(measure, [method], classes, smallest, timing)[0]


def average_rules(measure, methods, classes: int, smallest: float, timing: str = "default") -> list[Rule | None]:
    """The rule of each of the ``methods`` averages of ``measure`` (:func:`average_rule`), the measure's own
    conditions checked once.

    Examples
    --------
    >>> from pandas_agree.measures.registry import REGISTRY
    >>> [rule and rule.method for rule in average_rules(REGISTRY["REC"], ["unweighted", "micro"], 3, 5)]
    ['mover-wilson', 'blurred']
    """
    pprev = measure.code == "PPREV" and classes == 2
    mover = measure.code in MOVER_WILSON and not averaged_before(measure, timing)
    blurred = RULES["blurred"] if smallest < SMALL_CLASS and blurrable(measure) else None
    return [RULES["pprev"] if pprev and method in ("weighted", "inverse") else
            RULES["mover-wilson"] if mover and method == "unweighted" else blurred for method in methods]


def blurrable(measure) -> bool:
    """Whether the blurred SE applies to ``measure``'s values: a bounded range, outside the odds-ratio family (whose
    values half an object in a zero cell moves from infinite to finite, so that their blurred SE is another
    quantity's).

    Examples
    --------
    >>> from pandas_agree.measures.registry import REGISTRY
    >>> blurrable(REGISTRY["F1"]), blurrable(REGISTRY["DOR"]), blurrable(REGISTRY["YULEQ"])
    (True, False, False)
    """
    return not measure.odds_ratio_family and all(math.isfinite(end) for end in measure.range)


def pseudo_count_rule(measure, correction, design) -> Rule | None:
    """The rule of the averages of ``measure`` (a record) with ``correction=`` under the sampling model ``design``
    (the option ``resampling=``: "multinomial" or "fixed-reference"), or None; it applies to the averages whose
    classes (or pooled counts) the correction changed.

    Examples
    --------
    >>> from pandas_agree.measures.registry import REGISTRY
    >>> pseudo_count_rule(REGISTRY["DOR"], 0.5, "multinomial").method, pseudo_count_rule(REGISTRY["F1"], 0.5,
    ...                                                                                    "multinomial")
    ('pseudo-counts', None)
    >>> pseudo_count_rule(REGISTRY["LNDOR"], None, "multinomial"), pseudo_count_rule(REGISTRY["LNDOR"], 0.5,
    ...                                                                                "fixed-reference")
    (None, None)
    """
    wanted = measure.odds_ratio_family and bool(correction) and isinstance(design, str) and design == "multinomial"
    return RULES["pseudo-counts"] if wanted else None


def class_rule(measure, smallest: float) -> Rule | None:
    """The rule of the class-specific values of ``measure`` (a record without a binomial interval: F1 and its like)
    on a table whose smallest class present has ``smallest`` objects, or None.

    Examples
    --------
    >>> from pandas_agree.measures.registry import REGISTRY
    >>> class_rule(REGISTRY["F1"], 5).method, class_rule(REGISTRY["F1"], 25), class_rule(REGISTRY["DOR"], 5)
    ('blurred', None, None)
    """
    return RULES["blurred-class"] if smallest < SMALL_CLASS and blurrable(measure) else None


BLURRED_LABELS = 300
"""The blurred rules apply to tables of at most this many labels on a side: the blurred table fills every cell of
the classes present, held dense."""


def blurred_table(counts: np.ndarray) -> np.ndarray:
    """``counts`` (a dense I×J table) with :data:`BLUR` objects added to every cell whose row and column hold
    objects: a class without objects on a side stays without them, so what is undefined stays undefined.

    Examples
    --------
    >>> blurred_table(np.array([[3.0, 0, 0], [1, 2, 0], [0, 0, 0]])).tolist()
    [[3.5, 0.5, 0.0], [1.5, 2.5, 0.0], [0.0, 0.0, 0.0]]
    """
    present = (counts.sum(axis=1) > 0)[:, None] & (counts.sum(axis=0) > 0)[None, :]
    return counts + BLUR * present


def smallest_class(row_totals: np.ndarray, col_totals: np.ndarray) -> float:
    """The fewest objects of a class present (with objects on some side), on either side: the smallest positive
    count among the classes' reference and predicted counts; inf where no class has objects."""
    counts = np.concatenate([np.asarray(row_totals, float).ravel(), np.asarray(col_totals, float).ravel()])
    present = counts[counts > 0]
    return float(present.min()) if present.size else float("inf")
