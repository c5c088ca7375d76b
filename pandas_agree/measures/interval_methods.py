"""The interval method of a measure, declared by its record as one tagged value.

Each class names one method and holds what that method needs from the measure; its :attr:`description` is the
text of the catalogue's ``ci_method`` column. The inference layer dispatches on the class.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar

import numpy as np

__all__ = [
    "BOOTSTRAP", "Binomial", "Bootstrap", "DeLong", "FleissCohenEveritt", "IntervalMethod", "Linearised", "LogRatio",
    "LogScale", "MappedBinomial", "MarginDifferences", "NoncentralChiSquare", "Wald", "Woolf",
]


@dataclass(frozen=True)
class Binomial:
    """A proportion: the binomial interval of ``successes`` of ``trials`` (functions of the measure's arguments).

    ``detail`` says which count of which total, in the letters of the formula.
    """

    successes: Callable = field(repr=False)
    trials: Callable = field(repr=False)
    detail: str
    analytic: ClassVar[bool] = True

    @property
    def description(self) -> str:
        return f"binomial ({self.detail})"


@dataclass(frozen=True)
class MappedBinomial:
    """(q p − 1)/(q − 1) of a proportion p = ``successes`` / ``trials`` (2p − 1 where ``categories`` is None, q = 2):
    the binomial interval of p, mapped."""

    successes: Callable = field(repr=False)
    trials: Callable = field(repr=False)
    detail: str
    categories: Callable | None = field(default=None, repr=False)  # q, from the same arguments
    analytic: ClassVar[bool] = True

    @property
    def description(self) -> str:
        return f"binomial ({self.detail}), mapped by {'2p − 1' if self.categories is None else '(qp − 1)/(q − 1)'}"

    def mapping(self, *args) -> tuple[float, float]:
        """The slope and intercept of the map p ↦ (q p − 1)/(q − 1) for these arguments."""
        q = 2.0 if self.categories is None else float(self.categories(*args))
        if q <= 1:  # one label: no chance-corrected value
            return np.nan, np.nan
        return q / (q - 1), -1 / (q - 1)


@dataclass(frozen=True)
class Wald:
    """``slope`` times a sum of proportions (the codes ``terms``), plus a constant: a Wald interval with the sum
    of the binomial variances of the terms."""

    terms: tuple[str, ...]
    slope: float = 1.0
    analytic: ClassVar[bool] = True

    @property
    def description(self) -> str:
        return f"Wald, with the sum of the binomial variances of {' and '.join(self.terms)}"


@dataclass(frozen=True)
class Woolf:
    """An increasing function of the odds ratio: Woolf's interval of the log odds ratio, mapped; where a zero cell
    puts the odds ratio at 0 or ∞ (Woolf's SE infinite), the Miettinen–Nurminen score interval of the odds ratio,
    mapped. ``slope``: the measure's derivative in the log odds ratio x (a function of x), by which Woolf's SE of x
    maps to the measure's SE exactly (a finite difference loses digits where the slope is small beside the value:
    Yule's Q near ±1)."""

    slope: Callable[[np.ndarray], np.ndarray] | None = None
    analytic: ClassVar[bool] = True

    @property
    def description(self) -> str:
        return "Woolf's log odds ratio, mapped; at a zero cell, the Miettinen–Nurminen score interval"


@dataclass(frozen=True)
class LogRatio:
    """The ratio of two proportions (the codes ``numerator`` and ``denominator``): the log method; where the ratio
    is 0 or ∞ (a proportion of 0: the log method's SE infinite), Koopman's score interval."""

    numerator: str
    denominator: str
    analytic: ClassVar[bool] = True

    @property
    def description(self) -> str:
        return (f"log method for {self.numerator} / {self.denominator} (Simel, Samsa & Matchar 1991); at 0 or ∞, "
                "Koopman's score interval")


@dataclass(frozen=True)
class FleissCohenEveritt:
    """A (weighted) kappa: the standard error under H1 of Fleiss, Cohen & Everitt (1969)."""

    analytic: ClassVar[bool] = True

    @property
    def description(self) -> str:
        return "Fleiss, Cohen & Everitt (1969), SE under H1"


@dataclass(frozen=True)
class Linearised:
    """A chance-corrected coefficient (Pa − Pe)/(1 − Pe): Gwet's (2014) linearised variance.

    ``gradient`` gives Pa, Pe and, for every unit (a non-empty cell of the table, in the order of
    :attr:`~pandas_agree.engine.tableview.TableView.entries`, or a subject), the derivative of Pa and of Pe in the
    direction of that unit: ``gradient(view, **params)`` for a multiclass
    measure, ``gradient(features, sums, scale)`` for a rater coefficient.
    """

    gradient: Callable = field(repr=False)
    analytic: ClassVar[bool] = True

    @property
    def description(self) -> str:
        return "Gwet (2014) linearised variance"


@dataclass(frozen=True)
class NoncentralChiSquare:
    """A function of Pearson's X² (Cramér's V, phi, the contingency coefficient): the interval of X²'s
    noncentrality, mapped (Smithson 2003; Bonett 2021), where the delta method fails near 0.

    ``form`` names the function: "cramer" (√(λ/(N (m − 1))), m = min(I, J)), "phi" (√(λ/N); in a 2×2 table,
    where phi is signed and is a correlation, the linearised interval on Fisher's z scale instead) or
    "contingency" (√(λ/(λ + N))).
    """

    form: str = "cramer"
    analytic: ClassVar[bool] = True

    def __post_init__(self) -> None:
        if self.form not in ("cramer", "phi", "contingency"):
            raise ValueError(f"form must be 'cramer', 'phi' or 'contingency'; got {self.form!r}")

    @property
    def description(self) -> str:
        text = "noncentral χ² inversion of Pearson's X² (Smithson 2003; Bonett 2021)"
        return text + ("; in a 2×2 table, linearised on Fisher's z scale" if self.form == "phi" else "")


@dataclass(frozen=True)
class LogScale:
    """A ratio of the counts of a 2×2 table (the odds ratio, a relative risk): the delta method on the log scale,
    which is Woolf's interval of the odds ratio and the log method of a relative risk (Katz et al. 1978), as SPSS's
    Risk Estimate gives them. ``detail`` names the method."""

    detail: str
    analytic: ClassVar[bool] = False  # the linearised interval from the record's gradient, on the log scale
    scale: ClassVar[str] = "log"

    @property
    def description(self) -> str:
        return f"{self.detail}: the delta method on the log scale"


@dataclass(frozen=True)
class MarginDifferences:
    """A function of the margins through Σ_k |p_k· − p_·k| (the maximum kappa): the delta method on the identity
    scale (``scale``, also the linearised interval's), with an upper end that allows for the kinks where two
    margins are equal."""

    analytic: ClassVar[bool] = True
    scale: ClassVar[str] = "identity"

    @property
    def description(self) -> str:
        return "linearised (identity scale), kink-aware upper end (Stuart–Maxwell)"


@dataclass(frozen=True)
class Bootstrap:
    """No analytic interval in the literature: the linearised (delta-method) interval under ``ci="auto"``, and
    the bootstrap (of the table, or of the subjects) on request."""

    analytic: ClassVar[bool] = False

    @property
    def description(self) -> str:
        return "linearised (delta method)"


BOOTSTRAP = Bootstrap()


@dataclass(frozen=True)
class DeLong:
    """An area under the ROC curve (a Mann–Whitney statistic) or a linear function of one: the variance of DeLong,
    DeLong and Clarke-Pearson (1988) from the placement values of the positive and the negative objects, computed
    from the counts at each distinct score in O(N log N) (Sun and Xu 2014). ``slope`` maps the AUC's SE to the
    value's (2 for 2·AUC − 1)."""

    slope: float = 1.0
    analytic: ClassVar[bool] = True

    @property
    def description(self) -> str:
        return "DeLong, DeLong and Clarke-Pearson (1988)"

IntervalMethod = (Binomial | MappedBinomial | Wald | Woolf | LogRatio | FleissCohenEveritt | Linearised
                  | NoncentralChiSquare | LogScale | MarginDifferences | Bootstrap | DeLong)
