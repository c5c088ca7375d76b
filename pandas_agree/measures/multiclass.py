"""Multiclass measures: the registry entries.

Each formula is a function of a :class:`~pandas_agree.tableview.TableView`. Sums "over M" run over the K labels
present on both sides; N is the total of the whole table; q is the number of labels in the union of both
sides. Measures defined on a square table (KAPPA_W, AC1, ALPHA) use the q×q table over the ordered union.

Agreement weights w (``kappa_weights``, q×q over the ordered union) give the weighted form of every
chance-corrected coefficient that has one, as Gwet (2014, ch. 3) defines them for two raters (irrCAC's
``bp.coeff.raw``, ``pa.coeff.raw``, ``krippen.alpha.raw`` and ``gwet.ac1.raw`` with weights), all on the q×q table
of proportions p_kl with the pooled shares π_k = (p_k· + p_·k)/2:

- Po_w = Σ_kl w_kl p_kl (Krippendorff's alpha: Pa = (1 − ε)·Po_w + ε, ε = 1/(2N));
- Pe of BPK: the mean weight Σ w_kl / (I·J) over the I×J cells (K/(I·J) unweighted; Σ w/q² when I = J = q);
- Pe of SPI and ALPHA: Σ_kl w_kl π_k π_l;
- Pe of AC2: (Σ_kl w_kl / (q(q − 1))) · Σ_k π_k (1 − π_k);
- Pe of KAPPA_W: Σ_kl w_kl p_k· p_·l (linear weights when none are given).

With weights, the AC1 row is Gwet's AC2: the row keeps the code AC1 (a result's index is always the codes of its
records, whatever the options), and the reports name it "Gwet's AC2" (:func:`row_name`).
"""

from __future__ import annotations

import math

import numpy as np

from ..base.undefined import divide
from ..engine.tableview import TablePartials, TableView
from . import chance
from .citations import KO_CLASAGREE, REZANKOVA_HUSEK
from .interval_methods import (
    Binomial,
    FleissCohenEveritt,
    Linearised,
    MappedBinomial,
    MarginDifferences,
)
from .registry import Measure, Note, register
from .weights import agreement_weights

__all__ = ["DEFAULT_WEIGHTS", "row_name", "weights_of"]

DEFAULT_WEIGHTS = {"KAPPA_W": "linear"}
"""The weights of a measure that is weighted by definition, when ``kappa_weights`` is not given."""


def weights_of(code: str, given: np.ndarray | None, labels) -> np.ndarray | None:
    """The agreement weights the measure ``code`` uses: those given, else its default (linear for KAPPA_W), else
    None (unweighted). ``labels`` are the ordered labels of the q×q union table.

    Examples
    --------
    >>> import pandas as pd
    >>> weights_of("KAPPA_W", None, pd.Index(["a", "b", "c"]))[0].tolist()
    [1.0, 0.5, 0.0]
    >>> weights_of("SPI", None, pd.Index(["a", "b"])) is None
    True
    """
    if given is not None:
        return given
    kind = DEFAULT_WEIGHTS.get(code)
    return None if kind is None else agreement_weights(kind, len(labels), labels)


def row_name(measure: Measure, weighted: bool) -> str:
    """The name an output gives the record ``measure`` (a multiclass measure or a rater coefficient): with
    agreement weights (``weighted``), a coefficient that takes them is named as weighted ("weighted Scott's pi";
    Gwet's AC1 becomes "Gwet's AC2", the name Gwet gives its weighted form), else its record's name.

    Examples
    --------
    >>> from pandas_agree.measures.registry import REGISTRY
    >>> row_name(REGISTRY["AC1"], True), row_name(REGISTRY["SPI"], True), row_name(REGISTRY["SPI"], False)
    ("Gwet's AC2", "weighted Scott's pi", "Scott's pi")
    >>> row_name(REGISTRY["KAPPA_W"], True), row_name(REGISTRY["OSR"], True)
    ('weighted kappa', 'overall success rate')
    """
    if not weighted or "kappa_weights" not in measure.params or measure.name.startswith("weighted"):
        return measure.name
    return "Gwet's AC2" if measure.code == "AC1" else f"weighted {measure.name}"


INF = math.inf


def _multiclass(**fields) -> Measure:
    fields["compute"] = _bounded(fields["compute"], fields["range"])
    return register(Measure(kind="multiclass", **fields))


def _po(v: TableView) -> np.ndarray:
    """The share of objects on matching labels, once per view for every measure that reads it."""
    return v.memo("po", lambda: divide(v.agreement, v.n))


def _pe_kappa(v: TableView) -> np.ndarray:
    """Σ_M n_k· n_·k / N², one division (:func:`~.chance.cohen_of_counts`): 0 kappa at independence."""
    return chance.cohen_of_counts(v.row_totals[..., v.rows], v.col_totals[..., v.cols], v.n)


def _pe_scott(v: TableView) -> np.ndarray:
    """Σ_M π_k² = Σ_M (n_k· + n_·k)² / (2N)² over the matching labels, one division."""
    pooled = v.row_totals[..., v.rows] + v.col_totals[..., v.cols]
    return chance.cohen_of_counts(pooled, pooled, 2 * v.n)


def _kappa(v: TableView) -> np.ndarray:
    return chance.chance_corrected(_po(v), _pe_kappa(v))


def _spi(v: TableView, kappa_weights=None) -> np.ndarray:
    if kappa_weights is not None:
        p = _square_shares(v)
        pi = (p.sum(axis=-1) + p.sum(axis=-2)) / 2
        return chance.chance_corrected(chance.observed(p, kappa_weights), chance.scott(pi, kappa_weights))
    return chance.chance_corrected(_po(v), _pe_scott(v))


def _bpk_chance(v: TableView, kappa_weights=None) -> float:
    """The mean agreement weight over the I×J cells: K/(I·J) unweighted."""
    i, j = v.shape
    if kappa_weights is None:
        return len(v.rows) / (i * j)
    return float(kappa_weights[np.ix_(v.row_place, v.col_place)].sum()) / (i * j)


def _bpk(v: TableView, kappa_weights=None) -> np.ndarray:
    po = _po(v) if kappa_weights is None else chance.observed(_square_shares(v), kappa_weights)
    return chance.chance_corrected(po, _bpk_chance(v, kappa_weights))


def _rkcorr(v: TableView) -> np.ndarray:
    if not v.same_labels:
        return np.full(v.n.shape, np.nan)
    t, p = v.row_totals[..., v.rows], v.col_totals[..., v.cols]
    n = v.n
    cov_tp = n * v.agreement - (t * p).sum(axis=-1)
    cov_tt = n**2 - (t**2).sum(axis=-1)
    cov_pp = n**2 - (p**2).sum(axis=-1)
    return divide(cov_tp, np.sqrt(cov_tt * cov_pp))


def _reference_diagonal(v: TableView) -> np.ndarray:
    """n_ii for every reference class (0 for a class that is not predicted), shape (..., I)."""
    out = np.zeros(v.row_totals.shape)
    out[..., v.rows] = v.diagonal
    return out


def _rh(v: TableView) -> np.ndarray:
    rec = divide(_reference_diagonal(v), v.row_totals)
    total = rec.sum(axis=-1)
    r = divide(rec, total[..., None])
    i = v.shape[0]
    mutability = divide(i, i - 1) * (r * (1 - r)).sum(axis=-1)
    return np.where(total == 0, 0.0, _po(v) * mutability)


def _dif2(v: TableView) -> np.ndarray:
    return ((v.row_totals - _reference_diagonal(v)) ** 2).sum(axis=-1)


def _dif2norm(v: TableView) -> np.ndarray:
    squares = (v.row_totals**2).sum(axis=-1)
    return divide(squares - _dif2(v), squares)


def _square_shares(v: TableView) -> np.ndarray:
    """The cell proportions of the q×q union table, shape (..., q, q)."""
    return divide(v.square, v.n[..., None, None])


def _kappa_w(v: TableView, kappa_weights=None) -> np.ndarray:
    weights = agreement_weights("linear", v.q) if kappa_weights is None else kappa_weights
    square = v.square
    return chance.chance_corrected(chance.observed_of_counts(square, v.n, weights),
                                   chance.cohen_of_counts(square.sum(axis=-1), square.sum(axis=-2), v.n, weights))


def _union_counts(v: TableView) -> np.ndarray:
    """n_l· + n_·l over the q labels of the union, shape (..., q), once per view (read-only)."""
    def counts() -> np.ndarray:
        pooled = np.zeros((*v.n.shape, v.q))
        pooled[..., v.row_place] += v.row_totals
        pooled[..., v.col_place] += v.col_totals
        return _read_only(pooled)

    return v.memo("union_counts", counts)


def _union_shares(v: TableView) -> np.ndarray:
    """π_l = (n_l· + n_·l)/(2N) over the q labels of the union, shape (..., q), once per view (read-only) for
    every coefficient that reads it."""
    return v.memo("union_shares", lambda: _read_only(divide(_union_counts(v), 2 * v.n[..., None])))


def _pe_gwet(v: TableView) -> np.ndarray:
    """AC1's Pe Σ_l π_l (1 − π_l)/(q − 1) over the union, one division (:func:`~.chance.gwet_of_counts`)."""
    return chance.gwet_of_counts(_union_counts(v), 2 * v.n)


def _pe_alpha(v: TableView) -> np.ndarray:
    """ALPHA's Pe Σ_l π_l² over the union, one division (:func:`~.chance.cohen_of_counts`)."""
    pooled = _union_counts(v)
    return chance.cohen_of_counts(pooled, pooled, 2 * v.n)


def _pa_alpha(v: TableView) -> np.ndarray:
    """ALPHA's Pa = (1 − ε)·Po + ε, ε = 1/(2n) (n = :attr:`~.TableView.values_n`), as ((2n − 1)·Σ_M n_kk + N)/(2n·N):
    one division, so that at ALPHA's point of no agreement beyond chance Pa and Pe are the same number."""
    s, total = chance.scaled(v.n)
    values = 2 * v.values_n
    return divide((values - 1) * (v.agreement / s) + total, values * total)


def _ac1(v: TableView, kappa_weights=None) -> np.ndarray:
    if kappa_weights is None:  # Po is the share on the matching cells, the diagonal of the union table
        return chance.chance_corrected(_po(v), _pe_gwet(v))
    p = _square_shares(v)
    pi = (p.sum(axis=-1) + p.sum(axis=-2)) / 2
    return chance.chance_corrected(chance.observed(p, kappa_weights), chance.gwet(pi, kappa_weights))


def _alpha(v: TableView, kappa_weights=None) -> np.ndarray:
    # 1 − (n−1)·Σ o_ck δ_ck / Σ n_c n_k δ_ck (δ = 1 − w, n = 2N) is (Pa − Pe)/(1 − Pe) with these Pa and Pe
    if kappa_weights is None:  # Pa and Pe each with one division
        pa, pe = _pa_alpha(v), _pe_alpha(v)
    else:
        p = _square_shares(v)
        po, pi = chance.observed(p, kappa_weights), (p.sum(axis=-1) + p.sum(axis=-2)) / 2
        # n = 2N, N the objects (under a sample design those sampled: TableView.sampled)
        eps = divide(1, 2 * v.values_n)
        pa, pe = (1 - eps) * po + eps, chance.scott(pi, kappa_weights)
    # the correction (n − 1) of n = 2N pairable values needs more than one of them: fractional counts below a
    # total of 1/2 would give a value above 1
    return np.where(2 * v.values_n > 1, chance.chance_corrected(pa, pe), np.nan)


def _kappa_max(v: TableView) -> np.ndarray:
    best = np.minimum(v.row_totals[..., v.rows], v.col_totals[..., v.cols]).sum(axis=-1)
    return chance.chance_corrected(divide(best, v.n), _pe_kappa(v))


def _bangdiwala(v: TableView) -> np.ndarray:
    return divide((v.diagonal**2).sum(axis=-1), (v.row_totals[..., v.rows] * v.col_totals[..., v.cols]).sum(axis=-1))


def _rmse(v: TableView) -> np.ndarray:
    return np.sqrt(divide(2 * (1 - _po(v)), v.q))


def _nir(v: TableView) -> np.ndarray:
    return divide(v.row_totals.max(axis=-1), v.n)


# --- linearisation of the chance-corrected coefficients (Gwet 2014) -------------------------------------------
# Each coefficient is (Pa − Pe)/(1 − Pe). These give Pa and Pe and their derivatives with respect to the
# proportion of each non-empty cell (in the order of TableView.entries; an empty cell has no weight in the
# variance), so that nothing of size q×q is formed unless agreement weights are given.


def _cell_places(v: TableView) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The places in the union of the row and column of each non-empty cell, and its count."""
    return (*v.entry_places, v.entries[2])


def _cell_weights(v: TableView, kappa_weights=None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The agreement weight of each non-empty cell (1 on the union's diagonal, else 0, without weights) and the
    places of its row and column."""
    rp, cp = v.entry_places
    if kappa_weights is not None:
        return kappa_weights[rp, cp], rp, cp
    return v.memo("matching_cells", lambda: _read_only((rp == cp).astype(float))), rp, cp


def _read_only(values: np.ndarray) -> np.ndarray:
    values.flags.writeable = False
    return values


def _observed(v: TableView, weights: np.ndarray, kappa_weights=None) -> np.float64:
    """Σ w p over the non-empty cells, with ``weights`` those of :func:`_cell_weights` for ``kappa_weights``
    (without agreement weights, once per view for every coefficient)."""
    if kappa_weights is None:
        return v.memo("observed", lambda: np.float64((weights * v.entries[2]).sum() / v.n))
    return np.float64((weights * v.entries[2]).sum() / v.n)


def _scott_slope(pi: np.ndarray, kappa_weights=None) -> np.ndarray:
    """s with d/dp_kl Σ_ab w_ab π_a π_b = s_k + s_l: s = (W + Wᵀ)π/2, π itself without weights."""
    return pi if kappa_weights is None else (kappa_weights + kappa_weights.T) @ pi / 2


def _spi_gradient(v: TableView, kappa_weights=None):
    weights, rp, cp = _cell_weights(v, kappa_weights)
    if kappa_weights is not None:
        pi = _union_shares(v)
        slope = _scott_slope(pi, kappa_weights)
        return _observed(v, weights, kappa_weights), chance.scott(pi, kappa_weights), weights, slope[rp] + slope[cp]
    matched = np.zeros(v.q)  # π over the matching labels only
    matched[v.row_place[v.rows]] = _union_shares(v)[v.row_place[v.rows]]
    return _observed(v, weights, kappa_weights), _pe_scott(v), weights, matched[rp] + matched[cp]


def _bpk_gradient(v: TableView, kappa_weights=None):
    weights, _, _ = _cell_weights(v, kappa_weights)
    return _observed(v, weights, kappa_weights), _bpk_chance(v, kappa_weights), weights, 0.0


def _ac1_gradient(v: TableView, kappa_weights=None):
    weights, rp, cp = _cell_weights(v, kappa_weights)
    pi = _union_shares(v)
    total = v.q if kappa_weights is None else kappa_weights.sum()
    scale = divide(total, v.q * (v.q - 1))
    slope = scale * (1 - 2 * pi) / 2
    pe = _pe_gwet(v) if kappa_weights is None else chance.gwet(pi, kappa_weights)
    return _observed(v, weights, kappa_weights), pe, weights, slope[rp] + slope[cp]


def _alpha_gradient(v: TableView, kappa_weights=None):
    weights, rp, cp = _cell_weights(v, kappa_weights)
    pi = _union_shares(v)
    slope = _scott_slope(pi, kappa_weights)
    eps = 1 / (2 * v.values_n)  # Krippendorff's alpha is (Pa' − Pe)/(1 − Pe) with Pa' = (1 − ε)·Pa + ε
    if kappa_weights is None:  # each with one division
        return _pa_alpha(v), _pe_alpha(v), (1 - eps) * weights, slope[rp] + slope[cp]
    return ((1 - eps) * _observed(v, weights, kappa_weights) + eps, chance.scott(pi, kappa_weights),
            (1 - eps) * weights, slope[rp] + slope[cp])


# --- partials with respect to the table's summaries (TablePartials), for the delta method --------------------
# Each gives ∂f/∂(row totals, column totals, matching counts, cells) of one table with the others held fixed
# (∂f/∂N is the same for every cell and is left out); None for a weighted form, whose gradient is found by moving
# every non-empty cell. A test holds each against the gradient found by moving
# every non-empty cell of tables with and without empty cells. Where f has a kink (a maximum or minimum with
# ties), the partial is split evenly among the tied counts.


def _undefined(v: TableView) -> TablePartials:
    """The partials of a value that has no gradient here (it is NaN, or at a point where it has no slope)."""
    return TablePartials(rows=np.full(v.shape[0], np.nan))


def _po_partials(v: TableView) -> TablePartials:
    return TablePartials(matching=np.full(len(v.rows), 1 / v.n))


def _chance_corrected_partials(po: float, pe: float, d_po: TablePartials, d_pe: TablePartials) -> TablePartials:
    """(Po − Pe)/(1 − Pe): ∂/∂Po = 1/(1 − Pe), ∂/∂Pe = (Po − 1)/(1 − Pe)²."""
    return d_po * (1 / (1 - pe)) + d_pe * ((po - 1) / (1 - pe) ** 2)


def _union_totals(v: TableView) -> tuple[np.ndarray, np.ndarray]:
    """π_l = (n_l· + n_·l)/(2N) over the q labels of the union, and the place of each row and column."""
    return _union_shares(v), (v.row_place, v.col_place)


def _kappa_partials(v: TableView) -> TablePartials:
    r, c, n = v.row_totals[v.rows], v.col_totals[v.cols], v.n
    d_pe = TablePartials(rows=v.on_rows(c / n**2), cols=v.on_cols(r / n**2))
    return _chance_corrected_partials(np.float64(_po(v)), np.float64(_pe_kappa(v)), _po_partials(v), d_pe)


def _spi_partials(v: TableView, kappa_weights=None) -> TablePartials | None:
    if kappa_weights is not None:
        return None
    r, c, n = v.row_totals[v.rows], v.col_totals[v.cols], v.n
    share = (r + c) / (2 * n**2)
    d_pe = TablePartials(rows=v.on_rows(share), cols=v.on_cols(share))
    pe = np.float64(_pe_scott(v))
    return _chance_corrected_partials(np.float64(_po(v)), pe, _po_partials(v), d_pe)


def _bpk_partials(v: TableView, kappa_weights=None) -> TablePartials | None:
    if kappa_weights is not None:
        return None
    chance = _bpk_chance(v)
    if chance == 1:  # one cell: the value is NaN
        return _undefined(v)
    return _po_partials(v) * (1 / (1 - chance))


def _ac1_partials(v: TableView, kappa_weights=None) -> TablePartials | None:
    if kappa_weights is not None:
        return None
    pi, (row_place, col_place) = _union_totals(v)
    slope = (1 - 2 * pi) / (np.float64(v.q - 1) * 2 * v.n)  # ∂Pe/∂π_l · ∂π_l/∂n_l·
    d_pe = TablePartials(rows=slope[row_place], cols=slope[col_place])
    return _chance_corrected_partials(np.float64(_po(v)), np.float64(_pe_gwet(v)), _po_partials(v), d_pe)


def _alpha_partials(v: TableView, kappa_weights=None) -> TablePartials | None:
    if kappa_weights is not None:
        return None
    pi, (row_place, col_place) = _union_totals(v)
    eps = 1 / (2 * v.values_n)
    d_pe = TablePartials(rows=(pi / v.n)[row_place], cols=(pi / v.n)[col_place])
    # Pa = (1 − ε)·Po + ε; ε = 1/(2N) moves with N only, the same for every cell
    return _chance_corrected_partials(np.float64(_pa_alpha(v)), np.float64(_pe_alpha(v)), _po_partials(v) * (1 - eps),
                                      d_pe)


def _split(at: np.ndarray) -> np.ndarray:
    """1 shared evenly among the places where ``at`` holds (the tied maxima), 0 elsewhere."""
    return at / max(int(at.sum()), 1)


def _kappa_max_partials(v: TableView) -> TablePartials:
    r, c, n = v.row_totals[v.rows], v.col_totals[v.cols], v.n
    row_side = np.where(r < c, 1.0, np.where(r == c, 0.5, 0.0)) / n  # ∂ min(r, c)/∂r, the tie split
    best = TablePartials(rows=v.on_rows(row_side), cols=v.on_cols(1 / n - row_side))
    d_pe = TablePartials(rows=v.on_rows(c / n**2), cols=v.on_cols(r / n**2))
    po_max = np.float64(np.minimum(r, c).sum() / n)
    return _chance_corrected_partials(po_max, np.float64(_pe_kappa(v)), best, d_pe)


def _rkcorr_partials(v: TableView) -> TablePartials:
    if not v.same_labels:  # the value is NaN
        return _undefined(v)
    t, p, n = v.row_totals[v.rows], v.col_totals[v.cols], v.n
    cov_tp = n * v.agreement - (t * p).sum()
    cov_tt, cov_pp = n**2 - (t**2).sum(), n**2 - (p**2).sum()
    root = np.sqrt(cov_tt * cov_pp)
    value = cov_tp / root
    d_tp = TablePartials(rows=v.on_rows(-p), cols=v.on_cols(-t), matching=np.full(len(t), np.float64(n)))
    d_tt = TablePartials(rows=v.on_rows(-2 * t))
    d_pp = TablePartials(cols=v.on_cols(-2 * p))
    return d_tp * (1 / root) + d_tt * (-value / (2 * cov_tt)) + d_pp * (-value / (2 * cov_pp))


def _rh_partials(v: TableView) -> TablePartials:
    r = v.row_totals
    diag = _reference_diagonal(v)
    rec = divide(diag, r)
    total = rec.sum()
    i = v.shape[0]
    if total == 0:  # the value is 0 wherever the table moves
        return TablePartials(rows=np.zeros(i))
    shares = rec / total
    mutability = divide(i, i - 1) * (1 - (shares**2).sum())
    d_rec = -2 * divide(i, i - 1) * (shares - (shares**2).sum()) / total  # ∂mutability/∂REC_i
    with np.errstate(divide="ignore", invalid="ignore"):
        by_row = np.where(r > 0, -diag / r**2, 0.0) * d_rec
        by_match = (1 / r[v.rows]) * d_rec[v.rows]
    po = np.float64(_po(v))
    return _po_partials(v) * mutability + TablePartials(rows=by_row, matching=by_match) * po


def _dif2_partials(v: TableView) -> TablePartials:
    gap = 2 * (v.row_totals - _reference_diagonal(v))
    return TablePartials(rows=gap, matching=-gap[v.rows])


def _dif2norm_partials(v: TableView) -> TablePartials:
    r = v.row_totals
    squares, dif2 = (r**2).sum(), np.float64(_dif2(v))
    gap = 2 * (r - _reference_diagonal(v))
    return TablePartials(rows=-(gap * squares - dif2 * 2 * r) / squares**2, matching=gap[v.rows] / squares)


def _bangdiwala_partials(v: TableView) -> TablePartials:
    d, r, c = v.diagonal, v.row_totals[v.rows], v.col_totals[v.cols]
    below = (r * c).sum()
    value = (d**2).sum() / below
    return TablePartials(rows=v.on_rows(-value * c / below), cols=v.on_cols(-value * r / below),
                         matching=2 * d / below)


def _rmse_partials(v: TableView) -> TablePartials:
    value = np.float64(_rmse(v))
    if value == 0:  # Po = 1: every object on a matching cell, where moving it keeps Po at 1
        return TablePartials(matching=np.zeros(len(v.rows)))
    return _po_partials(v) * (-1 / (np.float64(v.q) * value))


def _nir_partials(v: TableView) -> TablePartials:
    r = v.row_totals
    return TablePartials(rows=_split(r == r.max()) / v.n)


def _pabak(v: TableView) -> np.ndarray:
    """(q Po − 1)/(q − 1): 2 Po − 1 for two labels (Byrt, Bishop & Carlin 1993)."""
    return (v.q * _po(v) - 1) / (v.q - 1) if v.q > 1 else np.full(np.shape(v.n), np.nan)


def _pabak_partials(v: TableView) -> TablePartials:
    return _po_partials(v) * (v.q / (v.q - 1)) if v.q > 1 else _undefined(v)


def _two_label_index(first: tuple[int, int], second: tuple[int, int]):
    """(n_first − n_second)/N of two cells of the 2×2 union table, its compute and its partials; NaN where the
    union does not have two labels."""
    def compute(v: TableView) -> np.ndarray:
        if v.q != 2:
            return np.full(np.shape(v.n), np.nan)
        square = v.square
        return divide(square[..., first[0], first[1]] - square[..., second[0], second[1]], v.n)

    def partials(v: TableView) -> TablePartials:
        if v.q != 2:
            return _undefined(v)
        rp, cp, _ = _cell_places(v)
        sign = ((rp == first[0]) & (cp == first[1])).astype(float) - ((rp == second[0]) & (cp == second[1]))
        return TablePartials(cells=sign / v.n)

    return compute, partials


_prevalence_index, _prevalence_index_partials = _two_label_index((0, 0), (1, 1))
_bias_index, _bias_index_partials = _two_label_index((0, 1), (1, 0))
BYRT = "Byrt, Bishop & Carlin (1993), J Clin Epidemiol 46(5):423–429"
TWO_LABELS = Note("{codes}: defined for two labels (a 2×2 table over the labels of both sides); this table has more, "
                  "so it is NaN.", when=lambda s: s.labels is not None and s.labels != 2, undefined=True)


def _bounded(compute, bounds):
    """``compute`` with values within round-off of a bound put at the bound."""
    def bounded(*args, **kwargs):
        return chance.within_range(compute(*args, **kwargs), bounds)

    return bounded



# the range of a weighted chance-corrected coefficient: with weights Pe may come close to 1 while Po_w stays small,
# so (Po_w − Pe)/(1 − Pe) has no lower bound (Gwet 2014, ch. 3)
WEIGHTED_RANGE = (-INF, 1.0)
WEIGHTED = Note("Agreement weights were used (kappa_weights) for {codes}, over the ordered labels.",
                when=lambda s: s.weighted)

_multiclass(code="OSR", name="overall success rate",
            aliases=("relative agreement", "multiclass accuracy", "Po", "percent agreement"),
            formula="Σ_M n_kk / N", compute=_po, range=(0.0, 1.0), transposed="OSR", reference=KO_CLASAGREE,
            interval=Binomial(lambda v: v.agreement, lambda v: v.n, "Σ_M n_kk of N"),
            gradient=_po_partials)
_multiclass(code="KAPPA", name="Cohen's kappa", aliases=("Cohen kappa", "kappa"),
            formula="(Po−Pe)/(1−Pe), Pe = Σ_M n_k· n_·k / N²", compute=_kappa, range=(-1.0, 1.0),
            transposed="KAPPA", reference="Cohen (1960); " + KO_CLASAGREE, interval=FleissCohenEveritt(),
            kappa_like=True,
            gradient=_kappa_partials)
_multiclass(code="SPI", name="Scott's pi", aliases=("Scott pi",),
            formula="(Po−Pe)/(1−Pe), Pe = Σ_M ((n_k·+n_·k)/(2N))²; with kappa_weights Po = Σ w_kl p_kl, "
                    "Pe = Σ w_kl π_k π_l over the q×q union table",
            compute=_spi, range=WEIGHTED_RANGE, transposed="SPI",
            reference="Scott (1955); " + KO_CLASAGREE + "; Gwet (2014) ch. 3 (weighted)",
            interval=Linearised(_spi_gradient), params=("kappa_weights",), kappa_like=True, notes=(WEIGHTED,),
            gradient=_spi_partials)
_multiclass(code="BPK", name="Brennan–Prediger kappa",
            aliases=("Brennan-Prediger", "Bennett's S", "Bennett S", "G-index"),
            formula="(Po−Pe)/(1−Pe), Pe = K/(I·J); with kappa_weights Po = Σ w_kl p_kl, Pe = the mean weight over "
                    "the I×J cells",
            compute=_bpk, range=WEIGHTED_RANGE, transposed="BPK",
            reference="Brennan & Prediger (1981); Bennett, Alpert & Goldstein (1954); " + KO_CLASAGREE
                      + "; Gwet (2014) ch. 3 (weighted)",
            interval=Linearised(_bpk_gradient), params=("kappa_weights",), kappa_like=True, notes=(WEIGHTED,),
            gradient=_bpk_partials)
_multiclass(code="PABAK", name="prevalence- and bias-adjusted kappa",
            aliases=("prevalence-adjusted bias-adjusted kappa",),
            formula="2·Po − 1 for two labels; (q·Po − 1)/(q − 1) for q labels (Brennan–Prediger's form)",
            compute=_pabak, range=(-1.0, 1.0), transposed="PABAK", reference=BYRT + "; Sim & Wright (2005)",
            interval=MappedBinomial(lambda v: v.agreement, lambda v: v.n, "Σ_M n_kk of N", lambda v: v.q),
            kappa_like=True, default=False, gradient=_pabak_partials)
_multiclass(code="PI", name="prevalence index", aliases=("prevalence-index",),
            formula="(a − d)/N of the 2×2 table [[a, b], [c, d]] over the ordered labels", compute=_prevalence_index,
            range=(-1.0, 1.0), transposed="PI", reference=BYRT, notes=(TWO_LABELS,), best=None, default=False,
            reads_first_label=True, gradient=_prevalence_index_partials)
_multiclass(code="BI", name="bias index", aliases=("bias-index",),
            formula="(b − c)/N of the 2×2 table [[a, b], [c, d]] over the ordered labels", compute=_bias_index,
            range=(-1.0, 1.0), reference=BYRT, notes=(TWO_LABELS,), best=None, default=False,
            reads_first_label=True, gradient=_bias_index_partials)
_multiclass(code="RKCORR", name="multiclass Matthews correlation",
            aliases=("Rk", "Gorodkin's Rk", "multiclass MCC"),
            formula="Pearson r of the two N×K sets of dummies (only when both sides have the same labels)",
            compute=_rkcorr, range=(-1.0, 1.0), transposed="RKCORR", reference="Gorodkin (2004); " + KO_CLASAGREE,
            notes=(Note("RKCORR is computed only when both sides have the same labels; here they differ, so it is NaN. "
                        "labels= listing every label of either side makes the table square over their union, where "
                        "RKCORR is scikit-learn's matthews_corrcoef.",
                        when=lambda s: not s.same_labels, undefined=True),),
            gradient=_rkcorr_partials)
_multiclass(code="HC", name="multiclass Hamann", aliases=("Hamann multiclass",),
            formula="(Σ_M n_kk − (N − Σ_M n_kk))/N = 2·Po − 1", compute=lambda v: 2 * _po(v) - 1,
            range=(-1.0, 1.0), transposed="HC", reference=REZANKOVA_HUSEK + " eq. 3.4",
            interval=MappedBinomial(lambda v: v.agreement, lambda v: v.n, "Σ_M n_kk of N"))
_multiclass(code="RH", name="Řezanková–Húsek coefficient", aliases=("Rezankova-Husek", "Řezanková-Húsek"),
            formula="Po · I/(I−1)·Σ r_i(1−r_i), r_i = REC_i / Σ REC over the I reference classes; 0 when Σ REC = 0",
            compute=_rh, range=(0.0, 1.0),
            reference=REZANKOVA_HUSEK + " eq. 3.5–3.6 (normalised r_i, as in the text and Table 3.1)",
            gradient=_rh_partials)
_multiclass(code="DIF2", name="sum of squared differences", aliases=("Dif2",),
            formula="Σ_i (n_i· − n_ii)² over the I reference classes", compute=_dif2, range=(0.0, INF),
            reference=REZANKOVA_HUSEK + " eq. 3.7", best=0.0, scale_invariant=False,
            gradient=_dif2_partials)
_multiclass(code="DIF2NORM", name="normalised Dif2", aliases=("Dif2Norm",), formula="(Σ n_i·² − DIF2) / Σ n_i·²",
            compute=_dif2norm, range=(0.0, 1.0), reference=REZANKOVA_HUSEK + " eq. 3.8",
            gradient=_dif2norm_partials)
_multiclass(code="KAPPA_W", name="weighted kappa", aliases=("weighted Cohen kappa", "Cohen's weighted kappa"),
            formula="(Po_w−Pe_w)/(1−Pe_w) with agreement weights w_ij on the q×q union table", compute=_kappa_w,
            range=WEIGHTED_RANGE, transposed="KAPPA_W",
            reference="Cohen (1968); Cicchetti & Allison (1971); Fleiss & Cohen (1973)",
            interval=FleissCohenEveritt(), params=("kappa_weights",), default=False, kappa_like=True,
            notes=(Note("KAPPA_W uses linear agreement weights.", when=lambda s: not s.weighted),
                   Note("KAPPA_W uses the agreement weights given (kappa_weights).", when=lambda s: s.weighted)))
_multiclass(code="AC1", name="Gwet's AC1", aliases=("Gwet AC1", "AC2", "Gwet's AC2"),
            formula="(Po−Pe)/(1−Pe), Pe = Σ π_k(1−π_k)/(q−1), π_k = (n_k·+n_·k)/(2N); AC2 with kappa_weights",
            compute=_ac1, range=WEIGHTED_RANGE, transposed="AC1",
            reference="Gwet (2008); Gwet (2014), Handbook of Inter-Rater Reliability",
            interval=Linearised(_ac1_gradient), params=("kappa_weights",), kappa_like=True,
            notes=(Note("AC1 is Gwet's AC2 with the agreement weights given (kappa_weights).",
                        when=lambda s: s.weighted),),
            gradient=_ac1_partials)
_multiclass(code="ALPHA", name="Krippendorff's alpha", aliases=("Krippendorff alpha", "alpha"),
            formula="1 − (n−1)·Σ o_ck δ_ck / Σ n_c n_k δ_ck on the coincidence matrix of the union table, "
                    "n = 2N, δ = 1 − w (nominal, δ = 1 off the diagonal, without kappa_weights)",
            compute=_alpha, range=(-INF, 1.0), transposed="ALPHA",
            reference="Krippendorff (2004), Content Analysis, 2nd ed.; Gwet (2014) ch. 3 (weighted)",
            interval=Linearised(_alpha_gradient), params=("kappa_weights",), scale_invariant=False, kappa_like=True,
            notes=(WEIGHTED,),
            gradient=_alpha_partials)  # (n − 1) corrects for small samples
_multiclass(code="KAPPA_MAX", name="maximum kappa", aliases=("kappa max",),
            formula="(Σ_M min(n_k·, n_·k)/N − Pe)/(1−Pe)", compute=_kappa_max, range=(-1.0, 1.0),
            transposed="KAPPA_MAX", reference="Cohen (1960); Umesh, Peterson & Sauber (1989)",
            interval=MarginDifferences(), gradient=_kappa_max_partials)
_multiclass(code="B", name="Bangdiwala's B", aliases=("Bangdiwala",), formula="Σ_M n_kk² / Σ_M n_k· n_·k",
            compute=_bangdiwala, range=(0.0, 1.0), transposed="B", reference="Bangdiwala (1985)",
            gradient=_bangdiwala_partials)
_multiclass(code="RMSE", name="root mean squared error", aliases=("root mean squared error of one-hot vectors",),
            formula="√(2·(1−Po)/q)", compute=_rmse, range=(0.0, 1.0), transposed="RMSE",
            reference="Witten, Frank & Hall, Data Mining (Weka's convention)", best=0.0,
            gradient=_rmse_partials)
_multiclass(code="NIR", name="no-information rate", aliases=("no information rate",), formula="max_i n_i· / N",
            compute=_nir, range=(0.0, 1.0), reference="Kuhn (2008), caret", best=None,
            interval=Binomial(lambda v: v.row_totals.max(axis=-1), lambda v: v.n, "max_i n_i· of N"),
            gradient=_nir_partials)
