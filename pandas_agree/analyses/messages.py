"""The wording the analyses share with the reports: the labels an average leaves out, undefined averages, what
``correction=`` and ``zero_division=`` did, and a table whose two sides share too few labels."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pandas as pd

from ..base.rounding import rounded_text
from ..base.spelling import on_command_line, option_set
from ..base.text import count_of, in_words, shown, shown_list
from ..base.undefined import UndefinedMeasureWarning, external_stacklevel

__all__ = ["AGREEMENT_DESIGN_TESTS", "CROSSTAB_DESIGN_TESTS", "PARADOX_AGREEMENT", "PARADOX_KAPPA",
           "absent_classes_note", "classes_left_out", "correction_note", "design_note", "few_shared_labels",
           "kappa_paradox", "left_out_text", "no_shared_label", "option_notes", "predicted_only_named",
           "shown_labels", "spelling_clashes", "type_clashes", "warn_undefined_averages", "zero_division_note"]


def classes_left_out(ag, classes: str) -> dict[str, list]:
    """The labels that averaging over ``classes`` leaves out: reference labels never predicted (left out by
    "common") and predicted labels not in the reference (left out by "common" and "reference").

    Examples
    --------
    >>> import pandas as pd
    >>> import pandas_agree as pa
    >>> from pandas_agree.analyses.messages import classes_left_out
    >>> ag = pa.agreement(["a", "b", "c"], ["a", "b", "d"])
    >>> classes_left_out(ag, "common")
    {'never predicted': ['c'], 'not in the reference': ['d']}
    >>> classes_left_out(ag, "reference"), classes_left_out(ag, "union")
    ({'never predicted': [], 'not in the reference': ['d']}, {'never predicted': [], 'not in the reference': []})
    """
    never = list(ag.reference_only) if classes == "common" else []
    # a cluster of a matched table paired with no class is named as the table names it: "<id> (unmatched)"
    extra = list(predicted_only_named(ag)) if classes in ("common", "reference") else []
    return {"never predicted": never, "not in the reference": extra}


def predicted_only_named(ag) -> pd.Index:
    """The predicted labels not in the reference as :attr:`~pandas_agree.Agreement.labels` names them: the clusters
    of a matched table paired with no class as "<id> (unmatched)" (the last labels, in the order of the columns).

    Examples
    --------
    >>> import pandas as pd
    >>> import pandas_agree as pa
    >>> from pandas_agree.analyses.messages import predicted_only_named
    >>> t = pd.DataFrame([[9, 1, 2], [1, 8, 0]], index=[0, 1], columns=[0, 1, 2])
    >>> ag = pa.Agreement.from_table(t, match="accuracy")
    >>> list(ag.predicted_only), list(predicted_only_named(ag))
    ([2], ['2 (unmatched)'])
    """
    if ag.mapping is None:
        return ag.predicted_only
    return ag.labels[len(ag.labels) - len(ag.predicted_only):]


def _listed(items, limit: int = 8) -> str:
    items = [str(x) for x in items]
    return ", ".join(items[:limit]) + (f" and {len(items) - limit} more" if len(items) > limit else "")


def left_out_text(left_out: dict[str, list], classes: str) -> str:
    """The message that names the labels :func:`classes_left_out` found and how to count them ("" if none).

    Examples
    --------
    >>> from pandas_agree.analyses.messages import left_out_text
    >>> text = left_out_text({"never predicted": [1, 2], "not in the reference": []}, "common")
    >>> text.split("; ")
    ['the averages over the labels on both sides leave out reference labels never predicted: 1, 2', \
"classes='union' counts them, as scikit-learn's averages do (recall 0 for a label never predicted)"]
    """
    parts = []  # each label as shown() names it, so that a label 3 is not read as a count of three
    if left_out.get("never predicted"):
        parts.append(f"reference labels never predicted: {shown_list(left_out['never predicted'], most=8)}")
    if left_out.get("not in the reference"):
        parts.append(f"predicted labels not in the reference: {shown_list(left_out['not in the reference'], most=8)}")
    if not parts:
        return ""
    where = {"common": "the labels on both sides", "reference": "the reference labels"}.get(classes, classes)
    values = [value for key, value in (("never predicted", "recall 0 for a label never predicted"),
                                       ("not in the reference", "precision 0 for a label not in the reference"))
              if left_out.get(key)]
    return (f"the averages over {where} leave out {' and '.join(parts)}; {option_set('classes', 'union')} counts "
            f"them, as scikit-learn's averages do ({', '.join(values)})")


def warn_undefined_averages(codes: list[str], values: np.ndarray, methods: list[str],
                            skipped: dict[str, list], outside: frozenset = frozenset()) -> None:
    """One UndefinedMeasureWarning for averages that are NaN and for undefined class values that the averages
    leave out (``skipped``: the classes of each measure), with the remedy (``zero_division=``, which does not
    reach the codes ``outside``)."""
    parts = []
    undefined = np.isnan(np.asarray(values, dtype=float).reshape(len(codes), -1))
    nan = [f"{codes[i]} (average {_listed(methods[j] for j in np.flatnonzero(undefined[i]))})"
           for i in np.flatnonzero(undefined.any(axis=1))]
    if nan:
        parts.append("undefined (0/0) values set to NaN: " + "; ".join(nan))
    left = [f"{code} (class {_listed(found)})" for code, found in skipped.items() if len(found)]
    if left:
        # zero_division= reaches the measures of range [0, 1] outside the odds-ratio family only
        reached = [code for code, found in skipped.items() if len(found) and code not in outside]
        unreached = [code for code, found in skipped.items() if len(found) and code in outside]
        remedy = "" if not reached else (
            f"; {option_set('zero_division', 0)} counts them as 0, as scikit-learn's zero_division=0 does"
            + ("" if not unreached else
               f", except those of {', '.join(unreached)}, which stay left out (not proportions)"))
        parts.append("undefined (0/0) class values (or terms, before the formula) left out of the averages: "
                     + "; ".join(left) + remedy)
    if parts:
        warnings.warn(". ".join(parts), UndefinedMeasureWarning, stacklevel=external_stacklevel())


def shown_labels(labels: pd.Index, limit: int = 5) -> str:
    """The first ``limit`` labels as a list in text, with how many there are in all beyond that (all of them when
    there is one more than ``limit``, which the ellipsis would hide)."""
    if len(labels) == limit + 1:
        limit += 1
    shown = ", ".join(repr(x) for x in labels[:limit])
    return "[" + shown + (f", … ({len(labels)} in all)" if len(labels) > limit else "") + "]"


def spelling_clashes(reference_only: pd.Index, predicted_only: pd.Index) -> list[tuple[Any, Any]]:
    """Pairs of non-matching labels that are the same when written as text (1 and '1')."""
    spelled = {str(x): x for x in predicted_only}
    return [(x, spelled[str(x)]) for x in reference_only if str(x) in spelled]


def no_shared_label(rows: pd.Index, cols: pd.Index) -> ValueError:
    """The error of an Agreement of two sides that share no label (K = 0), with the ways on.

    Examples
    --------
    >>> import pandas as pd
    >>> print(no_shared_label(pd.Index([1, 2]), pd.Index(["1", "x"])))  # doctest: +ELLIPSIS
    no label is present on both sides (K = 0), ... The labels 1 and '1' differ only in type ...
    """
    clashes = spelling_clashes(rows, cols)
    hint = (f" The labels {clashes[0][0]!r} and {clashes[0][1]!r} differ only in type (number against text); "
            "convert one side so that they are equal." if clashes else "")
    ways = [option_set("match", "accuracy"), option_set("match", "residual"), *([] if on_command_line() else
                                                                                 ["a dict"])]
    return ValueError(
        "no label is present on both sides (K = 0), so nothing can agree: reference labels "
        f"{shown_labels(rows)}, predicted labels {shown_labels(cols)}. Labels match by value.{hint} To pair "
        f"cluster ids with classes use {', '.join(ways[:-1])} or {ways[-1]}. A crosstab of two variables "
        f"that share no label is {_crosstabs()}.")


def _crosstabs() -> str:
    """The crosstab of any two variables as the reader asks for it: the command line's command, or the call."""
    return "pandas-agree crosstabs --row COL --col COL" if on_command_line() else "df.agree.crosstabs(row, col)"


def few_shared_labels(shape: tuple[int, int], common: pd.Index, names: tuple) -> list[str]:
    """The notice of a table where fewer than half of either side's labels are on both sides (none otherwise)."""
    (i, j), k = shape, len(common)
    if 2 * k >= i and 2 * k >= j:
        return []
    few = ("the labels of each side" if 2 * k < i and 2 * k < j
           else "the reference labels" if 2 * k < i else "the predicted labels")
    named = [shown(name) if name is not None else default
             for name, default in zip(names, ("the reference", "the prediction"), strict=True)]
    return [f"only {k} label{'s are' if k != 1 else ' is'} on both sides ({shown_list(common, most=3)}) of {i} "
            f"reference and {j} predicted labels: fewer than half of {few} can agree. If {named[0]} and "
            f"{named[1]} are not two classifications into the same classes, their crosstab and its CROSSTABS "
            f"statistics are {_crosstabs()}; cluster ids are paired with classes by "
            f"{option_set('match', 'accuracy')}."]


def type_clashes(rows: pd.Index, cols: pd.Index, row_matched: np.ndarray, col_matched: np.ndarray) -> list[str]:
    """The notice of labels on one side only that are the same as text as a label on the other, whether or not
    that label is on both sides (the prediction '2' beside the 2 of both sides); none otherwise.

    ``row_matched`` and ``col_matched`` say which labels of each side are on both sides (by position, so that a
    boolean is never taken for a number). A pair whose two labels are both on both sides (1 and '1' each on both
    sides) is no clash: each matches itself.

    Examples
    --------
    >>> import numpy as np
    >>> import pandas as pd
    >>> from pandas_agree.analyses.messages import type_clashes
    >>> type_clashes(pd.Index([0, 1, 2]), pd.Index([0, 1, 2, "2"]), np.array([True] * 3),
    ...              np.array([True, True, True, False]))[0][:56]
    "labels that differ only in type do not match: 2 and '2'."
    """
    if np.all(row_matched) and np.all(col_matched):  # a clash needs a label on one side only
        return []
    spelled: dict[str, list[tuple[Any, bool]]] = {}
    for y, matched in zip(cols, col_matched, strict=True):
        spelled.setdefault(str(y), []).append((y, bool(matched)))
    clashes = [(x, y) for x, x_matched in zip(rows, row_matched, strict=True)
               for y, y_matched in spelled.get(str(x), ()) if not (x_matched and y_matched)]
    if not clashes:
        return []
    pairs = ", ".join(f"{shown(x)} and {shown(y)}" for x, y in clashes[:5])
    how = ("read the label columns as numbers with --numeric" if on_command_line() else
           "convert one side (for example with .astype(str))")
    return [f"labels that differ only in type do not match: {pairs}. Labels match by value; {how} if they mean the "
            "same class."]


AGREEMENT_DESIGN_TESTS = ("Wald t-tests of kappa, McNemar's b\u00a0−\u00a0c and OSR against NIR; Rao and Scott's "
                          "corrections of the chi-square tests of independence; adjusted Wald F tests of symmetry and "
                          "marginal homogeneity")
"""The design-based tests of an agreement report (:func:`design_note`)."""

CROSSTAB_DESIGN_TESTS = ("Rao and Scott's corrections of the chi-square tests of independence; Wald F tests of "
                         "independence, of the linear-by-linear association and of McNemar's b\u00a0−\u00a0c; t-tests "
                         "of the measures")
"""The design-based tests of a CROSSTABS report (:func:`design_note`)."""


def design_note(design: dict, tests: str = AGREEMENT_DESIGN_TESTS,
                left_out: str = "Fisher's exact test has no design-based form and is left out") -> str:
    """The reports' note on a sample design (the dict of ``.design``): how its intervals and ``tests`` (the tests
    of the report, :data:`AGREEMENT_DESIGN_TESTS` or :data:`CROSSTAB_DESIGN_TESTS`) are found, and which tests
    are ``left_out``."""
    correction = ", with the finite population correction" if design["fpc"] else ""
    return (f"Sample design: every interval is linearised over the PSUs' totals within strata (the with-replacement "
            f"estimator{correction}), with Student's t on {design['df']} degrees of freedom (PSUs − strata); the "
            f"design effect (DEFF) is its variance over that of as many rows drawn at random. Every test is "
            f"design-based: {tests}. {left_out}; a layer or group is a domain of the whole sample, its tests on the "
            "degrees of freedom of the PSUs holding its rows.")


PARADOX_AGREEMENT, PARADOX_KAPPA = 0.80, 0.40
"""The kappa paradox is said to be at work when the observed agreement is at least PARADOX_AGREEMENT and kappa at
most PARADOX_KAPPA (Feinstein and Cicchetti 1990: "high agreement but low kappa")."""


def kappa_paradox(agreement: float, kappa: float, pabak: float, ac1: float, prevalence: float | None = None,
                  bias: float | None = None, *, what: str = "the two sides agree on {share} of the objects",
                  kappa_name: str = "kappa") -> str | None:
    """The note of the reports' Kappa Paradox table where the paradox is at work (high agreement, low kappa), else
    None.

    Examples
    --------
    >>> from pandas_agree.analyses.messages import kappa_paradox
    >>> kappa_paradox(0.85, 0.32, 0.70, 0.81, 0.70, 0.05)[:60]
    'High agreement, low kappa (the kappa paradox): the two sides'
    >>> kappa_paradox(0.85, 0.65, 0.70, 0.81) is None
    True
    """
    if not (agreement >= PARADOX_AGREEMENT and kappa <= PARADOX_KAPPA):
        return None
    indices = ""
    if prevalence is not None and bias is not None:
        indices = (f" (the prevalence index is {rounded_text(prevalence, 2)}: the more unbalanced the categories, "
                   f"the higher kappa's chance agreement; the bias index is {rounded_text(bias, 2)})")
    observed = what.format(share=f"{rounded_text(100 * agreement, 0)}%")
    return (f"High agreement, low kappa (the kappa paradox): {observed}, yet {kappa_name} is "
            f"{rounded_text(kappa, 2)}. Kappa's chance agreement depends on the prevalence of the categories"
            f"{indices}; PABAK ({rounded_text(pabak, 2)}) and AC1 ({rounded_text(ac1, 2)}) do not depend on it in "
            "that way (Feinstein and "
            "Cicchetti 1990; Byrt, Bishop and Carlin 1993).")


def absent_classes_note(labels: pd.Index, present: int) -> str:
    """What the values and intervals mean where some classes have no objects on either side of the table
    (``labels``), ``present`` classes having some.

    Examples
    --------
    >>> import pandas as pd
    >>> absent_classes_note(pd.Index(["rare"]), 3)[:61]
    "Class ['rare'] has no objects in the table (neither side name"
    """
    many = len(labels) > 1
    return (f"Class{'es' if many else ''} {shown_labels(labels)} {'have' if many else 'has'} no objects in the table "
            f"(neither side names {'them' if many else 'it'}): {'their' if many else 'its'} class-specific values are "
            f"undefined, and each average is over the {count_of(present, 'class', 'classes')} present, so its value "
            "and interval are those of the average over the classes present, not over every class; no interval can "
            "allow for a class the sample lacks. Measures of the whole table (kappa, accuracy) estimate the same "
            "quantities as with the class present.")


def _named(labels: Sequence) -> str:
    """Up to eight labels as messages name them (:func:`~pandas_agree.base.text.shown_list`)."""
    return shown_list(labels, most=8)


def correction_note(corrected: dict, averaged: bool = False, listed: Callable[[Sequence], str] = _named) -> str:
    """The note on what ``correction=`` did: ``corrected`` is the ``attrs["corrected"]`` entry of
    :meth:`~pandas_agree.Agreement.binary` (``{"correction": h, "measures": [...], "classes": [...]}``: the
    odds-ratio family asked for, and the classes whose 2×2 table had a zero cell); ``averaged`` says that the
    averages read the corrected values too; ``listed`` writes the labels (a report writes them as its tables show
    them). The option is spelled as the reader writes it (:func:`~pandas_agree.base.spelling.option_set`).

    Examples
    --------
    >>> from pandas_agree.analyses.messages import correction_note
    >>> correction_note({"correction": 0.5, "measures": ["DOR"], "classes": ["a", "c"]})
    "0.5 is added to each of the four cells of a class's 2×2 table with a zero cell ('a', 'c') before DOR is \
computed (correction=0.5); the other measures read the counts as they are."
    """
    h, family = corrected["correction"], corrected["measures"]
    where = ", in the class-specific values and their averages" if averaged else ""
    return (f"{h:g} is added to each of the four cells of a class's 2×2 table with a zero cell "
            f"({listed(corrected['classes'])}) before {in_words(family)} {'is' if len(family) == 1 else 'are'} "
            f"computed{where} ({option_set('correction', h, f'correction={h:g}')}); the other measures read the "
            "counts as they are.")


def zero_division_note(set_values: dict, averaged: bool = False, listed: Callable[[Sequence], str] = _named) -> str:
    """The note on what ``zero_division=`` did: ``set_values`` is the ``attrs["zero_division"]`` entry of
    :meth:`~pandas_agree.Agreement.binary` (``{"value": z, "classes": {code: [...]}}``: the classes whose value of
    each measure was 0/0 and is shown as z); ``averaged`` says that the averages count them so; ``listed`` writes
    the labels, as in :func:`correction_note`.

    Examples
    --------
    >>> from pandas_agree.analyses.messages import zero_division_note
    >>> zero_division_note({"value": 0.0, "classes": {"PRE": ["c"]}}, averaged=True)
    "PRE of 'c' is 0/0 and shown as 0, and the averages count it so (zero_division=0)."
    """
    z, found = set_values["value"], set_values["classes"]
    one = sum(len(labels) for labels in found.values()) == 1
    counted = f", and the averages count {'it' if one else 'them'} so" if averaged else ""
    return (f"{'; '.join(f'{code} of {listed(labels)}' for code, labels in found.items())} "
            f"{'is' if one else 'are'} 0/0 and shown as {z:g}{counted} "
            f"({option_set('zero_division', z, f'zero_division={z:g}')}).")


def option_notes(attrs: dict, averaged: bool = False, listed: Callable[[Sequence], str] = _named) -> list[str]:
    """The notes on what ``correction=`` and ``zero_division=`` did (:func:`correction_note`,
    :func:`zero_division_note`) from a class-specific frame's ``attrs`` (none where they changed nothing)."""
    notes = []
    if "corrected" in attrs:
        notes.append(correction_note(attrs["corrected"], averaged, listed))
    if "zero_division" in attrs:
        notes.append(zero_division_note(attrs["zero_division"], averaged, listed))
    return notes
