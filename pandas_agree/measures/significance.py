"""SPSS's rule for the significance ("Approx. Sig.") of an association record, declared by the record as one tagged
value.

Each class names one rule and holds what the rule needs from the record; its :attr:`description` is the text of
the catalogue's ``significance`` column and of the ``method`` column of SPSS's tables
(:func:`~pandas_agree.inference.association.association_measures`). The inference layer evaluates the rule
(:func:`~pandas_agree.inference.association.significance`).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["CorrelationT", "LightMargolin", "LikelihoodRatio", "NormalT", "PearsonChiSquare", "Significance"]


@dataclass(frozen=True)
class NormalT:
    """T = value / ASE0 (the standard error under independence the record declares, ``null_se``), two-sided
    standard normal."""

    @property
    def description(self) -> str:
        return "two-sided normal, T = value / ASE0"


@dataclass(frozen=True)
class PearsonChiSquare:
    """The significance of Pearson's X² of independence on (I − 1)(J − 1) df (over the rows and columns with
    objects), as SPSS prints it beside phi, Cramér's V and the contingency coefficient."""

    @property
    def description(self) -> str:
        return "Pearson chi-square"


@dataclass(frozen=True)
class LikelihoodRatio:
    """The significance of the likelihood-ratio G² of independence, as SPSS prints it beside the uncertainty
    coefficients."""

    @property
    def description(self) -> str:
        return "likelihood-ratio chi-square"


@dataclass(frozen=True)
class LightMargolin:
    """Goodman and Kruskal's tau: (W − 1)(J − 1)τ is χ² on (I − 1)(J − 1) df under independence, with W the number
    of valid cases (with weights, the sum of their weights), J the categories of the ``dependent`` side ("rows" or
    "columns") and I those of the other (Light & Margolin 1971, An analysis of variance for categorical data, JASA
    66, 534–544), SPSS's "chi-square approximation". The description defines W, I and J, as the report's footnote
    does."""

    dependent: str

    def __post_init__(self) -> None:
        if self.dependent not in ("rows", "columns"):
            raise ValueError(f"dependent must be 'rows' or 'columns'; got {self.dependent!r}")

    @property
    def description(self) -> str:
        return ("chi-square approximation, (W − 1)(J − 1)τ on (I − 1)(J − 1) df, W the number of valid cases (with "
                "weights, the sum of their weights), J the dependent variable's categories and I the other's")


@dataclass(frozen=True)
class CorrelationT:
    """A correlation r: T = r √((W − 2)/(1 − r²)) on Student's t with W − 2 df, W the number of valid cases
    (with weights, the sum of their weights). The description defines W, as the report's footnote does."""

    @property
    def description(self) -> str:
        return ("t on W − 2 df, T = r √((W − 2)/(1 − r²)), W the number of valid cases (with weights, the sum of "
                "their weights)")


Significance = NormalT | PearsonChiSquare | LikelihoodRatio | LightMargolin | CorrelationT
