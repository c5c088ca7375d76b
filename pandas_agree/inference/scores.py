"""The estimand of the statistics of scores: values of score records on the joint counts of score columns.

Each value is an *atom* (a score record on one binary view: a score column, a positive label, and a negative label
or every other label) or a function of atoms and the labels' prevalences: a difference of two AUCs over the same
objects, an average over classes, Hand and Till's mean over pairs of classes. The counts are those of the patterns
(:class:`~pandas_agree.engine.scores.ScorePatterns`), so a bootstrap resamples objects with all their scores, and
the influence of a value at a pattern is the sum of its atoms' partials there: one influence gives the multinomial,
the design-based and DeLong's variances alike.

DeLong's variance is the linearised one with the divisors m − 1 and n − 1 in place of m and n for the positive and
the negative objects (the placement values' sample variances): for one AUC it is DeLong, DeLong and
Clarke-Pearson's (1988) and pROC's ``var(roc)``; for a difference of AUCs over the same objects, their paired test
(pROC's ``roc.test(method="delong")``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from ..engine.scores import ScorePatterns, ScoreView
from ..measures.interval_methods import DeLong
from ..measures.registry import Measure
from .delta import linearised_variance
from .distributions import critical_value, two_sided_p
from .estimands import Estimand
from .estimates import Estimate, IntervalOptions, within

__all__ = ["Atom", "Combination", "ScoreFunctions", "ScoreMeasures"]


@dataclass(frozen=True)
class Atom:
    """A score record on one binary view: ``column``'s scores, label ``positive`` against ``negative`` (a position
    in the labels) or every other label (None)."""

    measure: Measure
    column: int
    positive: int
    negative: int | None = None
    params: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Combination:
    """A value as a function of the atoms' values (..., A) and the labels' prevalences (..., L): ``weights`` (A,)
    for a linear combination Σ w_a·atom_a, or, with ``by_prevalence`` (a label for each atom), Σ π_label(a)·atom_a
    over the atoms with a weight (the prevalence-weighted average). ``bounds`` is its range, ``scale`` the scale of
    its linearised interval. With ``by_prevalence`` the value is Σ w_a·π_label(a)·atom_a over the atoms with a
    weight."""

    weights: np.ndarray
    bounds: tuple[float, float]
    scale: str
    by_prevalence: np.ndarray | None = None

    def value(self, atoms: np.ndarray, prevalence: np.ndarray) -> np.ndarray:
        used = self.weights != 0  # only the atoms it reads: another atom may be infinite (a log loss)
        if self.by_prevalence is None:
            return atoms[..., used] @ self.weights[used]
        return (atoms[..., used] * self.weights[used] * prevalence[..., self.by_prevalence[used]]).sum(axis=-1)

    def jacobian(self, atoms: np.ndarray, prevalence: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """∂value/∂atoms (A,) and ∂value/∂prevalences (L,)."""
        if self.by_prevalence is None:
            return self.weights, np.zeros(len(prevalence))  # (the influences read only the atoms with a weight)
        used = self.weights != 0
        d_atoms = np.where(used, self.weights * prevalence[self.by_prevalence], 0.0)
        d_prev = np.zeros(len(prevalence))
        np.add.at(d_prev, self.by_prevalence[used], (self.weights * atoms)[used])
        return d_atoms, d_prev

    @property
    def is_atom_combination(self) -> bool:
        return self.by_prevalence is None


def _atom_key(atom: Atom) -> tuple:
    """What makes two atoms the same value: the record, the view and the parameters."""
    return atom.measure.code, atom.column, atom.positive, atom.negative, tuple(sorted(atom.params.items()))


class ScoreMeasures(Estimand):
    """The values of score statistics on the joint counts of score columns, as the inference core takes them.

    ``values`` maps each key to a :class:`Combination` of ``atoms``. ``opts`` are the call's interval options (the
    confidence level of DeLong's intervals); ``delong_scale`` is the interval of one AUC: "auto" (the logit scale,
    with Student's t on the smaller class's count less one: the conservative bound of the Welch–Satterthwaite
    degrees of freedom of DeLong's two variance parts (Hsu 1938), as the Mann–Whitney effect's studentised,
    range-preserving intervals take them (Brunner and Munzel 2000; Pauly, Asendorf and Konietschke 2016)),
    "identity" (the normal interval on the AUC's scale: pROC's) or
    "logit" (the normal interval on the logit scale). A difference of AUCs takes the normal interval on its own
    scale (pROC's ``roc.test``).
    """

    def __init__(self, patterns: ScorePatterns, atoms: list[Atom], values: dict, *,
                 opts: IntervalOptions | None = None, delong_scale: str = "auto") -> None:
        self.patterns, self.atoms, self.values = patterns, atoms, values
        self.delong_scale = delong_scale
        self.confidence_level = 0.95 if opts is None else opts.confidence_level
        # each distinct atom is computed once (Hand and Till's pairs come twice, weighted by either class's
        # prevalence), the one-vs-rest ones column by column: one column's score table at a time
        index: dict = {}
        self._of_atom = np.array([index.setdefault(_atom_key(a), len(index)) for a in atoms], dtype=np.intp)
        self._distinct = list({_atom_key(a): a for a in reversed(atoms)}.values())[::-1]
        self._order = sorted(range(len(self._distinct)),
                             key=lambda d: (self._distinct[d].negative is not None, self._distinct[d].column))
        atom_point = self._atoms(patterns.counts)
        prevalence = self._prevalence(patterns.counts)
        self._atom_point, self._prev_point = atom_point, prevalence
        point = {key: np.asarray(c.value(atom_point, prevalence), dtype=float) for key, c in values.items()}
        super().__init__(point, {key: c.bounds for key, c in values.items()}, patterns.counts,
                         scales={key: c.scale for key, c in values.items()})

    def _views(self, counts: np.ndarray, chosen: np.ndarray | None = None):
        """(position among the distinct atoms, atom, its view, the sides of a pair's view or None) of every distinct
        atom (those ``chosen``, a mask, where given): a one-vs-rest atom's view of its column's score table (one
        table at a time), a pair's view of the patterns of its two labels only
        (:meth:`~pandas_agree.engine.scores.ScorePatterns.pair_view`)."""
        patterns = self.patterns
        column, table = None, None
        for d in self._order:
            if chosen is not None and not chosen[d]:
                continue
            atom = self._distinct[d]
            if atom.negative is None:
                if atom.column != column:
                    column, table = atom.column, patterns.table(atom.column, counts)
                yield d, atom, ScoreView.of(patterns.scores[atom.column], table, atom.positive), None
            else:
                view, *sides = patterns.pair_view(atom.column, atom.positive, atom.negative, counts)
                yield d, atom, view, sides

    def _atoms(self, counts: np.ndarray) -> np.ndarray:
        if not self.atoms:
            return np.zeros((*counts.shape[:-1], 0))
        values = np.empty((*counts.shape[:-1], len(self._distinct)))
        for d, atom, view, _ in self._views(counts):
            values[..., d] = atom.measure.compute(view, **atom.params)
        return values[..., self._of_atom]

    def _prevalence(self, counts: np.ndarray) -> np.ndarray:
        width = self.patterns.width
        onehot = np.zeros((len(self.patterns.label), width))
        onehot[np.arange(len(self.patterns.label)), self.patterns.label] = 1.0
        by_label = counts @ onehot
        with np.errstate(invalid="ignore", divide="ignore"):
            return by_label / by_label.sum(axis=-1, keepdims=True)

    def evaluate(self, stack, keys):
        atoms, prevalence = self._atoms(stack), self._prevalence(stack)
        return {key: self.values[key].value(atoms, prevalence) for key in keys}

    def combined_influence(self, d_atoms: np.ndarray) -> np.ndarray:
        """The influence (P,) of Σ_a ``d_atoms[a]``·atom_a at every pattern: each atom's partial at the pattern's
        score, for the pattern's side (positive or negative; 0 where its label is on neither), added atom by atom
        (no matrix of patterns × atoms: Hand and Till's K(K − 1) pairs at 10⁵ patterns would take gigabytes). An atom
        without a weight is not read (its influence may be undefined: an infinite log loss)."""
        weight = np.bincount(self._of_atom, weights=d_atoms, minlength=len(self._distinct))
        chosen = np.zeros(len(self._distinct), dtype=bool)
        chosen[self._of_atom[d_atoms != 0]] = True
        patterns = self.patterns
        u = np.zeros(len(patterns.counts))
        for d, atom, view, sides in self._views(patterns.counts, chosen):
            d_pos, d_neg = atom.measure.gradient(view, **atom.params)
            if sides is None:  # one label against every other
                level = patterns.levels[:, atom.column]
                u += weight[d] * np.where(patterns.label == atom.positive, d_pos[level], d_neg[level])
            else:
                for partial, (rows, at) in zip((d_pos, d_neg), sides, strict=True):
                    u[rows] += weight[d] * partial[at]
        return u

    def influences(self, keys: list) -> np.ndarray:
        """The influence (P, V) of the values ``keys`` at every pattern."""
        n = self.patterns.n
        label = self.patterns.label
        columns = []
        for key in keys:
            d_atoms, d_prev = self.values[key].jacobian(self._atom_point, self._prev_point)
            u = self.combined_influence(np.asarray(d_atoms, dtype=float))
            if np.any(d_prev):  # π_k = n_k/N: ∂π_k/∂n_p = (1[label_p = k] − π_k)/N
                u = u + (d_prev[label] - d_prev @ self._prev_point) / n
            columns.append(u)
        return np.stack(columns, axis=1) if columns else np.zeros((len(label), 0))

    def variances(self, keys, design):
        u = self.influences(keys)
        var = linearised_variance(self.counts, u, design)
        return {key: var[i] for i, key in enumerate(keys)}

    def delong(self, key) -> tuple[float, float, float] | None:
        """DeLong's variance of a value that is a linear combination of AUCs (or Ginis) of one positive label
        against one negative side, and the degrees of freedom of its interval under "auto" (the smaller class's
        count less one); None for any other value."""
        combination = self.values[key]
        used = np.flatnonzero(combination.weights)
        if not combination.is_atom_combination or not len(used):
            return None
        atoms = [self.atoms[a] for a in used]
        if any(not isinstance(a.measure.interval, DeLong) for a in atoms) or \
                len({(a.positive, a.negative) for a in atoms}) != 1:
            return None
        u = self.influences([key])[:, 0]
        atom = atoms[0]
        label = self.patterns.label
        positive = label == atom.positive
        negative = ~positive if atom.negative is None else label == atom.negative
        n = self.patterns.counts
        m_pos, m_neg = n[positive].sum(), n[negative].sum()
        if m_pos <= 1 or m_neg <= 1:
            return None
        part_pos = m_pos / (m_pos - 1) * (n[positive] * u[positive] ** 2).sum()
        part_neg = m_neg / (m_neg - 1) * (n[negative] * u[negative] ** 2).sum()
        return float(self.point[key]), float(part_pos + part_neg), float(min(m_pos, m_neg) - 1)

    def analytic(self, key):
        found = self.delong(key)
        if found is None:
            return None
        value, variance, df = found
        single = int(np.count_nonzero(self.values[key].weights)) == 1
        return delong_estimate(value, variance, self.bounds[key], self.confidence_level,
                               self.delong_scale if single else "identity", df=df)


class ScoreFunctions(Estimand):
    """Values that are functions of one binary view of a score table (Murphy's binned terms, calibration errors over
    bins fixed on the table), with their partials with respect to the positive and the negative count at each
    score: one influence at each pattern gives the multinomial and the design-based variances, and the bootstrap
    resamples the objects with all their scores.

    ``functions`` maps each key to a function of a :class:`~pandas_agree.engine.scores.ScoreView` (with leading
    axes: a stack of resampled tables), ``partials()`` gives each key's partials (d_positive, d_negative) at the
    view's scores (called once, by the first linearised variance), ``bounds`` each key to its range.
    """

    def __init__(self, patterns: ScorePatterns, column: int, positive: int, functions: dict,
                 partials: Callable[[], dict], bounds: dict) -> None:
        self.patterns, self.column, self.positive, self.functions = patterns, column, positive, functions
        self._partials_of, self._partials = partials, None
        view = patterns.view(column, positive)
        point = {key: np.asarray(f(view), dtype=float) for key, f in functions.items()}
        super().__init__(point, bounds, patterns.counts)

    def evaluate(self, stack, keys):
        view = self.patterns.view(self.column, self.positive, counts=stack)
        return {key: np.asarray(self.functions[key](view), dtype=float) for key in keys}

    def variances(self, keys, design):
        if self._partials is None:
            self._partials = self._partials_of()
        level = self.patterns.levels[:, self.column]
        positive = self.patterns.label == self.positive
        u = np.zeros((len(level), len(keys)))
        for k, key in enumerate(keys):
            d_pos, d_neg = self._partials[key]
            u[:, k] = np.where(positive, d_pos[level], d_neg[level])
        var = linearised_variance(self.counts, u, design)
        return {key: var[k] for k, key in enumerate(keys)}


def delong_estimate(value: float, variance: float, bounds: tuple[float, float], confidence_level: float,
                    scale: str = "identity", df: float = np.inf) -> Estimate:
    """DeLong's estimate: the SE, the interval on ``scale`` ("identity", or "logit" of the value's position in
    ``bounds``, with the normal quantile; "auto": the logit scale with Student's t on ``df``) and the two-sided
    p-value of "the value is 0" (DeLong's test, for a difference)."""
    se = float(np.sqrt(max(variance, 0.0)))
    lo, hi = bounds
    studentised = scale == "auto" and np.isfinite(df)
    z = float(critical_value(confidence_level, df if studentised else None))
    if scale in ("logit", "auto") and lo < value < hi:
        position = (value - lo) / (hi - lo)
        half = z * se / ((hi - lo) * position * (1 - position))
        centre = np.log(position / (1 - position))
        lower = lo + (hi - lo) / (1 + np.exp(-(centre - half)))
        upper = lo + (hi - lo) / (1 + np.exp(-(centre + half)))
        shown = f"{df:,.2f}".rstrip("0").rstrip(".")
        method = (f"DeLong SE, logit scale, t on {shown} df (smaller class − 1)" if studentised else
                  "DeLong (logit scale)")
    else:
        lower, upper = value - z * se, value + z * se
        method = "DeLong"
    with np.errstate(divide="ignore", invalid="ignore"):
        pvalue = two_sided_p(value / se) if se > 0 else (1.0 if value == 0 else 0.0)
    return within(bounds, value, se, lower, upper, method, pvalue=np.asarray(pvalue, dtype=float))

