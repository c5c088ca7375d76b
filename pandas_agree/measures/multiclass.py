"""Multiclass measures: the registry entries, agreement weights and interpretation bands.

Each formula is a function of a :class:`~pandas_agree.tableview.TableView`. Sums "over M" run over the K labels
present on both sides; N is the total of the whole table; q is the number of labels in the union of both
sides. Measures defined on a square table (KAPPA_W, AC1, ALPHA) use the q×q table over the ordered union.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from ..base.undefined import divide
from ..engine.tableview import TableView
from .binary import MACRO, SEED000
from .registry import Measure, register

__all__ = ["BANDS", "agreement_weights", "interpret"]

INF = math.inf


def _multiclass(code, name, aliases, formula, compute, range_, transposed, reference, *, best=1.0,
                **extra) -> Measure:
    return register(Measure(
        code=code, name=name, aliases=tuple(aliases), kind="multiclass", formula=formula, compute=compute,
        range=range_, transposed=transposed, reference=reference, best=best, **extra,
    ))


def _po(v: TableView) -> np.ndarray:
    return divide(v.agreement, v.n)


def _chance_corrected(po, pe) -> np.ndarray:
    return divide(po - pe, 1 - pe)


def _pe_kappa(v: TableView) -> np.ndarray:
    return divide((v.row_totals[..., v.rows] * v.col_totals[..., v.cols]).sum(axis=-1), v.n**2)


def _pe_scott(v: TableView) -> np.ndarray:
    shares = divide(v.row_totals[..., v.rows] + v.col_totals[..., v.cols], 2 * v.n[..., None])
    return (shares**2).sum(axis=-1)


def _kappa(v: TableView) -> np.ndarray:
    return _chance_corrected(_po(v), _pe_kappa(v))


def _spi(v: TableView) -> np.ndarray:
    return _chance_corrected(_po(v), _pe_scott(v))


def _bpk(v: TableView) -> np.ndarray:
    i, j = v.shape
    return _chance_corrected(_po(v), len(v.rows) / (i * j))


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


def _weighted_agreement(v: TableView, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Observed and chance agreement Σ w_ij p_ij and Σ w_ij p_i· p_·j on the square union table."""
    p = divide(v.square, v.n[..., None, None])
    rows, cols = p.sum(axis=-1), p.sum(axis=-2)
    po = (weights * p).sum(axis=(-2, -1))
    pe = np.einsum("...i,ij,...j->...", rows, weights, cols)
    return po, pe


def _kappa_w(v: TableView, kappa_weights=None) -> np.ndarray:
    weights = agreement_weights("linear", v.q) if kappa_weights is None else kappa_weights
    return _chance_corrected(*_weighted_agreement(v, weights))


def _ac1(v: TableView, kappa_weights=None) -> np.ndarray:
    weights = np.eye(v.q) if kappa_weights is None else kappa_weights
    square = v.square
    pi = divide(square.sum(axis=-1) + square.sum(axis=-2), 2 * v.n[..., None])
    po = (weights * divide(square, v.n[..., None, None])).sum(axis=(-2, -1))
    q = v.q
    pe = divide(weights.sum(), q * (q - 1)) * (pi * (1 - pi)).sum(axis=-1)
    return _chance_corrected(po, pe)


def _alpha(v: TableView) -> np.ndarray:
    coincidences = v.square + np.swapaxes(v.square, -1, -2)
    totals = coincidences.sum(axis=-1)
    n = 2 * v.n
    disagreement = coincidences.sum(axis=(-2, -1)) - np.trace(coincidences, axis1=-2, axis2=-1)
    return 1 - divide((n - 1) * disagreement, n**2 - (totals**2).sum(axis=-1))


def _kappa_max(v: TableView) -> np.ndarray:
    best = np.minimum(v.row_totals[..., v.rows], v.col_totals[..., v.cols]).sum(axis=-1)
    return _chance_corrected(divide(best, v.n), _pe_kappa(v))


def _bangdiwala(v: TableView) -> np.ndarray:
    return divide((v.diagonal**2).sum(axis=-1), (v.row_totals[..., v.rows] * v.col_totals[..., v.cols]).sum(axis=-1))


def _cramer_v(v: TableView) -> np.ndarray:
    r, c, n = v.row_totals, v.col_totals, v.n
    expected = divide(r[..., :, None] * c[..., None, :], n[..., None, None])
    with np.errstate(divide="ignore", invalid="ignore"):
        cells = np.where(expected > 0, (v.counts - expected) ** 2 / expected, 0.0)
    chi2 = cells.sum(axis=(-2, -1))
    smaller = np.minimum((r > 0).sum(axis=-1), (c > 0).sum(axis=-1))
    return np.sqrt(divide(chi2, n * (smaller - 1)))


def _lambda(v: TableView) -> np.ndarray:
    counts, r, c = v.counts, v.row_totals, v.col_totals
    top_r, top_c = r.max(axis=-1), c.max(axis=-1)
    num = counts.max(axis=-1).sum(axis=-1) + counts.max(axis=-2).sum(axis=-1) - top_r - top_c
    return divide(num, 2 * v.n - top_r - top_c)


def _entropy(p: np.ndarray, axes) -> np.ndarray:
    with np.errstate(divide="ignore", invalid="ignore"):
        return -np.where(p > 0, p * np.log(p), 0.0).sum(axis=axes)


def _uncertainty(v: TableView) -> np.ndarray:
    n = v.n
    h_r = _entropy(divide(v.row_totals, n[..., None]), -1)
    h_c = _entropy(divide(v.col_totals, n[..., None]), -1)
    h_rc = _entropy(divide(v.counts, n[..., None, None]), (-2, -1))
    return divide(2 * (h_r + h_c - h_rc), h_r + h_c)


def _rmse(v: TableView) -> np.ndarray:
    return np.sqrt(divide(2 * (1 - _po(v)), v.q))


def _nir(v: TableView) -> np.ndarray:
    return divide(v.row_totals.max(axis=-1), v.n)


# --- linearisation of the chance-corrected coefficients (Gwet 2014) -------------------------------------------
# Each coefficient is (Pa − Pe)/(1 − Pe). These give Pa and Pe and their derivatives with respect to the cell
# proportions p_kl of the q×q union table; the linearised (delta-method) variance follows from them.


def _shares(v: TableView) -> tuple[np.ndarray, np.ndarray]:
    p = v.square / v.n
    return p, (p.sum(axis=1) + p.sum(axis=0)) / 2


def _matching(v: TableView) -> np.ndarray:
    in_m = np.zeros(v.q)
    in_m[v.row_place[v.rows]] = 1.0
    return in_m


def _spi_gradient(v: TableView):
    p, pi = _shares(v)
    in_m = _matching(v)
    pe = (in_m * pi**2).sum()
    return np.trace(p), pe, np.eye(v.q), (in_m * pi)[:, None] + (in_m * pi)[None, :]


def _bpk_gradient(v: TableView):
    p, _ = _shares(v)
    i, j = v.shape
    return np.trace(p), len(v.rows) / (i * j), np.eye(v.q), np.zeros((v.q, v.q))


def _ac1_gradient(v: TableView, kappa_weights=None):
    weights = np.eye(v.q) if kappa_weights is None else kappa_weights
    p, pi = _shares(v)
    scale = divide(weights.sum(), v.q * (v.q - 1))
    pe = scale * (pi * (1 - pi)).sum()
    return (weights * p).sum(), pe, weights, scale * ((1 - 2 * pi)[:, None] + (1 - 2 * pi)[None, :]) / 2


def _alpha_gradient(v: TableView):
    p, pi = _shares(v)
    eps = 1 / (2 * v.n)  # Krippendorff's alpha is (Pa' − Pe)/(1 − Pe) with Pa' = (1 − ε)·Pa + ε
    return (1 - eps) * np.trace(p) + eps, (pi**2).sum(), (1 - eps) * np.eye(v.q), pi[:, None] + pi[None, :]


_kappa_type = {"kappa_like": True}

_multiclass("OSR", "overall success rate", ("relative agreement", "multiclass accuracy", "Po",
                                            "percent agreement"),
            "Σ_M n_kk / N", _po, (0.0, 1.0), "OSR", MACRO, interval="binomial", interval_detail="Σ_M n_kk of N",
            binomial=(lambda v: v.agreement, lambda v: v.n))
_multiclass("KAPPA", "Cohen's kappa", ("Cohen kappa", "kappa"), "(Po−Pe)/(1−Pe), Pe = Σ_M n_k· n_·k / N²",
            _kappa, (-1.0, 1.0), "KAPPA", "Cohen (1960); " + MACRO,
            interval="fce", **_kappa_type)
_multiclass("SPI", "Scott's pi", ("Scott pi", "pi"), "(Po−Pe)/(1−Pe), Pe = Σ_M ((n_k·+n_·k)/(2N))²",
            _spi, (-1.0, 1.0), "SPI", "Scott (1955); " + MACRO, interval="gwet",
            gradient=_spi_gradient, **_kappa_type)
_multiclass("BPK", "Brennan–Prediger kappa", ("Brennan-Prediger", "Bennett's S", "Bennett S", "PABAK", "G-index"),
            "(Po−Pe)/(1−Pe), Pe = K/(I·J)", _bpk, (-1.0, 1.0), "BPK",
            "Brennan & Prediger (1981); Bennett, Alpert & Goldstein (1954); " + MACRO, interval="gwet",
            gradient=_bpk_gradient, **_kappa_type)
_multiclass("RKCORR", "multiclass Matthews correlation", ("Rk", "Gorodkin's Rk", "multiclass MCC"),
            "Pearson r of the two N×K sets of dummies (only when both sides have the same labels)",
            _rkcorr, (-1.0, 1.0), "RKCORR", "Gorodkin (2004); " + MACRO)
_multiclass("HC", "multiclass Hamann", ("Hamann multiclass",), "(Σ_M n_kk − (N − Σ_M n_kk))/N = 2·Po − 1",
            lambda v: 2 * _po(v) - 1, (-1.0, 1.0), "HC", SEED000 + " eq. 3.4", interval="binomial-mapped",
            interval_detail="Σ_M n_kk of N", binomial=(lambda v: v.agreement, lambda v: v.n))
_multiclass("RH", "Řezanková–Húsek coefficient", ("Rezankova-Husek", "Řezanková-Húsek"),
            "Po · I/(I−1)·Σ r_i(1−r_i), r_i = REC_i / Σ REC over the I reference classes; 0 when Σ REC = 0",
            _rh, (0.0, 1.0), None, SEED000 + " eq. 3.5–3.6 (normalised r_i, as in the text and Table 3.1)")
_multiclass("DIF2", "sum of squared differences", ("Dif2",), "Σ_i (n_i· − n_ii)² over the I reference classes",
            _dif2, (0.0, INF), None, SEED000 + " eq. 3.7", best=0.0, scale_invariant=False)
_multiclass("DIF2NORM", "normalised Dif2", ("Dif2Norm",), "(Σ n_i·² − DIF2) / Σ n_i·²", _dif2norm, (0.0, 1.0), None,
            SEED000 + " eq. 3.8")
_multiclass("KAPPA_W", "weighted kappa", ("weighted Cohen kappa", "Cohen's weighted kappa"),
            "(Po_w−Pe_w)/(1−Pe_w) with agreement weights w_ij on the q×q union table",
            _kappa_w, (-1.0, 1.0), "KAPPA_W", "Cohen (1968); Cicchetti & Allison (1971); Fleiss & Cohen (1973)",
            interval="fce", params=("kappa_weights",), default=False, **_kappa_type)
_multiclass("AC1", "Gwet's AC1", ("Gwet AC1", "AC2", "Gwet's AC2"),
            "(Po−Pe)/(1−Pe), Pe = Σ π_k(1−π_k)/(q−1), π_k = (n_k·+n_·k)/(2N); AC2 with kappa_weights",
            _ac1, (-1.0, 1.0), "AC1", "Gwet (2008); Gwet (2014), Handbook of Inter-Rater Reliability",
            interval="gwet", gradient=_ac1_gradient, params=("kappa_weights",), **_kappa_type)
_multiclass("ALPHA", "Krippendorff's alpha", ("Krippendorff alpha", "alpha"),
            "1 − (n−1)·Σ_{c≠k} o_ck / Σ_{c≠k} n_c n_k on the coincidence matrix of the union table, n = 2N (nominal)",
            _alpha, (-INF, 1.0), "ALPHA", "Krippendorff (2004), Content Analysis, 2nd ed.", interval="gwet",
            gradient=_alpha_gradient,
            scale_invariant=False, **_kappa_type)  # (n − 1) corrects for small samples
_multiclass("KAPPA_MAX", "maximum kappa", ("kappa max",), "(Σ_M min(n_k·, n_·k)/N − Pe)/(1−Pe)", _kappa_max,
            (-1.0, 1.0), "KAPPA_MAX", "Cohen (1960); Umesh, Peterson & Sauber (1989)")
_multiclass("B", "Bangdiwala's B", ("Bangdiwala",), "Σ_M n_kk² / Σ_M n_k· n_·k", _bangdiwala, (0.0, 1.0), "B",
            "Bangdiwala (1985)")
_multiclass("CRAMERV", "Cramér's V", ("Cramer's V", "Cramer V"), "√(χ²/(N·(min(I,J)−1)))", _cramer_v,
            (0.0, 1.0), "CRAMERV", "Cramér (1946); SPSS CROSSTABS")
_multiclass("LAMBDA", "Goodman–Kruskal lambda", ("Goodman-Kruskal lambda", "lambda"),
            "(Σ_i max_j n_ij + Σ_j max_i n_ij − max n_·j − max n_i·) / (2N − max n_·j − max n_i·) (symmetric)",
            _lambda, (0.0, 1.0), "LAMBDA", "Goodman & Kruskal (1954); SPSS CROSSTABS")
_multiclass("UC", "uncertainty coefficient", ("Theil's U", "Theil U"),
            "2·(H(R) + H(C) − H(RC)) / (H(R) + H(C)) (symmetric)", _uncertainty, (0.0, 1.0), "UC",
            "Theil (1970); SPSS CROSSTABS")
_multiclass("RMSE", "root mean squared error", ("root mean squared error of one-hot vectors",),
            "√(2·(1−Po)/q)", _rmse, (0.0, 1.0), "RMSE", "Witten, Frank & Hall, Data Mining (Weka's convention)",
            best=0.0)
_multiclass("NIR", "no-information rate", ("no information rate",), "max_i n_i· / N", _nir, (0.0, 1.0), None,
            "Kuhn (2008), caret", best=None)


# --- agreement weights ----------------------------------------------------------------------------------

def agreement_weights(kind, q: int, labels: pd.Index | None = None) -> np.ndarray:
    """A q×q agreement-weight matrix: "linear", "quadratic", or a given matrix over the ordered labels.

    Linear weights are 1 − |i−j|/(q−1) and quadratic ones 1 − (i−j)²/(q−1)², with i and j the positions of
    the labels in their order (the Cicchetti–Allison and Fleiss–Cohen weights with equally spaced scores).
    A given matrix (DataFrame indexed by the labels, or a q×q array in label order) must hold agreement
    weights in [0, 1] with 1 on the diagonal.
    """
    if isinstance(kind, str):
        if kind not in ("linear", "quadratic"):
            raise ValueError(f"kappa_weights must be 'linear', 'quadratic' or a q×q matrix; got {kind!r}")
        if q == 1:
            return np.ones((1, 1))
        distance = np.abs(np.subtract.outer(np.arange(q), np.arange(q))) / (q - 1)
        return 1 - (distance if kind == "linear" else distance**2)
    if isinstance(kind, pd.DataFrame):
        if labels is None:
            raise ValueError("kappa_weights as a DataFrame needs the labels of the table")
        missing = labels.difference(kind.index).append(labels.difference(kind.columns)).unique()
        if len(missing):
            raise ValueError(f"kappa_weights must have every label as row and column; missing {list(missing[:5])}")
        matrix = kind.reindex(index=labels, columns=labels).to_numpy(dtype=float)
    else:
        try:
            matrix = np.asarray(kind, dtype=float)
        except (TypeError, ValueError):
            raise TypeError(f"kappa_weights must be 'linear', 'quadratic' or a numeric matrix; got {kind!r}") from None
    if matrix.shape != (q, q):
        raise ValueError(f"kappa_weights must be a {q}×{q} matrix over the ordered labels; got shape {matrix.shape}")
    if not np.isfinite(matrix).all() or (matrix < 0).any() or (matrix > 1).any():
        raise ValueError("kappa_weights must hold agreement weights between 0 and 1")
    if not np.allclose(np.diag(matrix), 1):
        raise ValueError("kappa_weights must be agreement weights, with 1 on the diagonal")
    return matrix


# --- interpretation bands -------------------------------------------------------------------------------

BANDS = {
    # Landis & Koch (1977)
    "landis-koch": ([0.0, 0.20, 0.40, 0.60, 0.80],
                    ["poor", "slight", "fair", "moderate", "substantial", "almost perfect"]),
    # Cohen's bands as given with Weka (seed 004)
    "cohen": ([0.0, 0.20, 0.40, 0.60, 0.80],
              ["no agreement", "none to slight", "fair", "moderate", "substantial", "almost perfect"]),
}


def interpret(values: np.ndarray, bands: str) -> list:
    """The band name of each kappa-type value (None where the value is NaN)."""
    if bands not in BANDS:
        raise ValueError(f"bands must be one of {tuple(BANDS)}; got {bands!r}")
    edges, names = BANDS[bands]
    values = np.asarray(values, dtype=float)
    # landis-koch: < 0 is poor, [0, 0.20] slight; cohen: <= 0 is no agreement, (0, 0.20] none to slight
    right = bands == "cohen"
    positions = np.searchsorted(edges, values, side="left" if right else "right")
    if not right:
        positions = np.where(np.isin(values, edges[1:]), positions - 1, positions)
    return [None if np.isnan(v) else names[int(p)] for v, p in zip(values, positions, strict=True)]
