"""Class-specific (one-vs-rest) measures: the registry entries, the counts a, b, c, d and averaging.

For a class k of the K labels present on both sides, with n_k· its row total and n_·k its column total:
a = n_kk (true positives), b = n_k· − n_kk (false negatives), c = n_·k − n_kk (false positives) and
d = N − a − b − c (true negatives). Every formula is a vectorised function of these four arrays, so the
same code evaluates K classes of one table or K classes of B bootstrap tables.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np

from ..base.undefined import divide
from .registry import REGISTRY, Measure, register

__all__ = ["AVERAGES", "averages_of", "class_values", "one_vs_rest", "resolve_params"]

INF = math.inf
SEED000 = "Řezanková & Húsek (2015), Measures for classification results evaluation, ICS CAS TR 1220"
MACRO = "Orlov, SPSS macro !KO_clasagree (description document)"
SOKAL_SNEATH = "Sokal & Sneath (1963), Principles of Numerical Taxonomy; " + SEED000


def _n(a, b, c, d):
    return a + b + c + d


def _binary(code, name, aliases, formula, compute, range_, transposed, reference, *, best=1.0,
            averaging="after", terms=(), combine=None, **extra) -> Measure:
    return register(Measure(
        code=code, name=name, aliases=tuple(aliases), kind="binary", formula=formula, compute=compute,
        range=range_, transposed=transposed, reference=reference, averaging=averaging,
        terms=tuple(terms), combine=combine, best=best, **extra,
    ))


def _proportion(code, name, aliases, formula, successes, trials, what, transposed, reference, *,
                best=1.0, **extra) -> Measure:
    """A measure that is a binomial proportion successes/trials of the counts."""
    return _binary(
        code, name, aliases, formula, lambda a, b, c, d: divide(successes(a, b, c, d), trials(a, b, c, d)),
        (0.0, 1.0), transposed, reference, best=best, interval="binomial", interval_detail=what,
        binomial=(successes, trials), **extra,
    )


# --- proportions -----------------------------------------------------------------------------------------

_proportion("ACC", "accuracy", ("Rand", "simple matching", "SMC"), "(a+d)/N",
            lambda a, b, c, d: a + d, _n, "a+d of N", "ACC", MACRO)
_proportion("ERR", "error rate", ("misclassification rate",), "(b+c)/N",
            lambda a, b, c, d: b + c, _n, "b+c of N", "ERR", MACRO, best=0.0)
_proportion("REC", "recall", ("sensitivity", "TPR", "true positive rate", "hit rate"), "a/(a+b)",
            lambda a, b, c, d: a, lambda a, b, c, d: a + b, "a of a+b", "PRE", MACRO)
_proportion("SPE", "specificity", ("TNR", "true negative rate"), "d/(c+d)",
            lambda a, b, c, d: d, lambda a, b, c, d: c + d, "d of c+d", "NPV", MACRO)
_proportion("PRE", "precision", ("PPV", "positive predictive value"), "a/(a+c)",
            lambda a, b, c, d: a, lambda a, b, c, d: a + c, "a of a+c", "REC", MACRO)
_proportion("NPV", "negative predictive value", (), "d/(b+d)",
            lambda a, b, c, d: d, lambda a, b, c, d: b + d, "d of b+d", "SPE", MACRO)
_proportion("FNR", "miss rate", ("false negative rate",), "b/(a+b)",
            lambda a, b, c, d: b, lambda a, b, c, d: a + b, "b of a+b", "FDR", SEED000, best=0.0)
_proportion("FPR", "fall-out", ("false positive rate",), "c/(c+d)",
            lambda a, b, c, d: c, lambda a, b, c, d: c + d, "c of c+d", "FOR", SEED000, best=0.0)
_proportion("FDR", "false discovery rate", (), "c/(a+c)",
            lambda a, b, c, d: c, lambda a, b, c, d: a + c, "c of a+c", "FNR", SEED000, best=0.0)
_proportion("FOR", "false omission rate", (), "b/(b+d)",
            lambda a, b, c, d: b, lambda a, b, c, d: b + d, "b of b+d", "FPR", SEED000, best=0.0)
_proportion("PREV", "prevalence", ("reference share",), "(a+b)/N",
            lambda a, b, c, d: a + b, _n, "a+b of N", "PPREV", "share of the class in the reference",
            best=None)
_proportion("PPREV", "predicted prevalence", (), "(a+c)/N",
            lambda a, b, c, d: a + c, _n, "a+c of N", "PREV", SEED000 + " (its 'prevalence')", best=None)
_proportion("RR", "Russell–Rao", ("support",), "a/N",
            lambda a, b, c, d: a, _n, "a of N", "RR", "Russell & Rao (1940); " + SEED000, best=None)
_proportion("JACCARD", "Jaccard", ("Tanimoto", "critical success index", "CSI", "threat score"), "a/(a+b+c)",
            lambda a, b, c, d: a, lambda a, b, c, d: a + b + c, "a of a+b+c", "JACCARD",
            "Jaccard (1912); " + MACRO)


def _rec(a, b, c, d):
    return divide(a, a + b)


def _spe(a, b, c, d):
    return divide(d, c + d)


def _pre(a, b, c, d):
    return divide(a, a + c)


def _npv(a, b, c, d):
    return divide(d, b + d)


# --- measures averaged before the formula (the macro's rule) ---------------------------------------------

_binary("YOUD", "Youden's J", ("Youden", "informedness", "Somers' d C|R"), "REC+SPE−1",
        lambda a, b, c, d: _rec(a, b, c, d) + _spe(a, b, c, d) - 1, (-1.0, 1.0), "MARK",
        "Youden (1950); " + SEED000 + " eq. 2.11", interval="wald",
        averaging="before", terms=("REC", "SPE"), combine=lambda rec, spe: rec + spe - 1)
_binary("MARK", "markedness", ("Somers' d R|C",), "PRE+NPV−1",
        lambda a, b, c, d: _pre(a, b, c, d) + _npv(a, b, c, d) - 1, (-1.0, 1.0), "YOUD",
        "Powers (2011); " + MACRO, interval="wald",
        averaging="before", terms=("PRE", "NPV"), combine=lambda pre, npv: pre + npv - 1)
_binary("BCR", "balanced classification rate", ("balanced accuracy", "AUC of one point"), "(REC+SPE)/2",
        lambda a, b, c, d: (_rec(a, b, c, d) + _spe(a, b, c, d)) / 2, (0.0, 1.0), None,
        "Brodersen et al. (2010); " + MACRO, interval="wald",
        averaging="before", terms=("REC", "SPE"), combine=lambda rec, spe: (rec + spe) / 2)
_binary("F1", "F1 score", ("F-measure", "F measure", "Dice", "Sørensen", "Czekanowski"), "2a/(2a+b+c)",
        lambda a, b, c, d: divide(2 * a, 2 * a + b + c), (0.0, 1.0), "F1", "Dice (1945); " + MACRO,
        averaging="before", terms=("REC", "PRE"), combine=lambda rec, pre: divide(2 * pre * rec, pre + rec))


def _fbeta(a, b, c, d, beta=1.0):
    b2 = beta * beta
    return divide((1 + b2) * a, (1 + b2) * a + b2 * b + c)


def _fbeta_terms(rec, pre, beta=1.0):
    b2 = beta * beta
    return divide((1 + b2) * pre * rec, b2 * pre + rec)


_binary("FBETA", "F-beta score", ("F-beta", "weighted F-measure"), "(1+β²)·PRE·REC/(β²·PRE+REC)",
        _fbeta, (0.0, 1.0), None, "van Rijsbergen (1979); " + MACRO, params=("beta",), default=False,
        averaging="before", terms=("REC", "PRE"), combine=_fbeta_terms)
_binary("KULCZ2", "Kulczynski 2", ("Kulczynski",), "(PRE+REC)/2",
        lambda a, b, c, d: (_pre(a, b, c, d) + _rec(a, b, c, d)) / 2, (0.0, 1.0), "KULCZ2",
        "Kulczynski (1927); " + SEED000 + " eq. 2.4",
        averaging="before", terms=("PRE", "REC"), combine=lambda pre, rec: (pre + rec) / 2)
_binary("OCHIAI", "Ochiai", ("cosine", "Fowlkes–Mallows", "Fowlkes-Mallows"), "√(PRE·REC)",
        lambda a, b, c, d: np.sqrt(_pre(a, b, c, d) * _rec(a, b, c, d)), (0.0, 1.0), "OCHIAI",
        "Ochiai (1957); " + SEED000 + " eq. 2.5",
        averaging="before", terms=("PRE", "REC"), combine=lambda pre, rec: np.sqrt(pre * rec))
_binary("GM", "G-mean", ("geometric mean",), "√(REC·SPE)",
        lambda a, b, c, d: np.sqrt(_rec(a, b, c, d) * _spe(a, b, c, d)), (0.0, 1.0), None,
        "Kubat & Matwin (1997); " + MACRO,
        averaging="before", terms=("REC", "SPE"), combine=lambda rec, spe: np.sqrt(rec * spe))


def _agm_terms(rec, spe, prev):
    q = 1 - prev
    return np.where(rec == 0, 0.0, (np.sqrt(rec * spe) + spe * q) / (1 + q))


_binary("AGM", "adjusted G-mean", (), "0 if REC=0, else (GM+SPE·Q)/(1+Q), Q=(c+d)/N",
        lambda a, b, c, d: _agm_terms(_rec(a, b, c, d), _spe(a, b, c, d), divide(a + b, _n(a, b, c, d))),
        (0.0, 1.0), None, "Batuwita & Palade (2012); " + MACRO,
        averaging="before", terms=("REC", "SPE", "PREV"), combine=_agm_terms)


def _opre_terms(acc, rec, spe):
    return acc - divide(np.abs(rec - spe), rec + spe)


_binary("OPRE", "optimized precision", (), "ACC − |REC−SPE|/(REC+SPE)",
        lambda a, b, c, d: _opre_terms(divide(a + d, _n(a, b, c, d)), _rec(a, b, c, d), _spe(a, b, c, d)),
        (-INF, 1.0), None, "Ranawana & Palade (2006); " + MACRO,
        averaging="before", terms=("ACC", "REC", "SPE"), combine=_opre_terms)


def _ss4_terms(rec, pre, spe, npv):
    return (rec + pre + spe + npv) / 4


_binary("SS4", "Sokal–Sneath 4", ("Sokal-Sneath 4",), "(REC+PRE+SPE+NPV)/4",
        lambda a, b, c, d: _ss4_terms(_rec(a, b, c, d), _pre(a, b, c, d), _spe(a, b, c, d), _npv(a, b, c, d)),
        (0.0, 1.0), "SS4", SOKAL_SNEATH + " eq. 2.6",
        averaging="before", terms=("REC", "PRE", "SPE", "NPV"), combine=_ss4_terms)


def _corr(a, b, c, d):
    return divide(a * d - b * c, np.sqrt((a + b) * (a + c) * (b + d) * (c + d)))


def _corr_terms(rr, s, p):
    return divide(rr - s * p, np.sqrt(s * p * (1 - s) * (1 - p)))


_binary("CORR", "Matthews correlation", ("MCC", "phi", "phi coefficient"),
        "(ad−bc)/√((a+b)(a+c)(b+d)(c+d))", _corr, (-1.0, 1.0), "CORR", "Matthews (1975); " + MACRO,
        averaging="before", terms=("RR", "PREV", "PPREV"), combine=_corr_terms)

# --- measures averaged after the formula -----------------------------------------------------------------

_binary("SS1", "Sokal–Sneath 1", ("Sokal-Sneath 1",), "2(a+d)/(2(a+d)+b+c)",
        lambda a, b, c, d: divide(2 * (a + d), 2 * (a + d) + b + c), (0.0, 1.0), "SS1", SOKAL_SNEATH)
_binary("SS2", "Sokal–Sneath 2", ("Sokal-Sneath 2",), "a/(a+2(b+c))",
        lambda a, b, c, d: divide(a, a + 2 * (b + c)), (0.0, 1.0), "SS2", SOKAL_SNEATH)
_binary("SS5", "Sokal–Sneath 5", ("Sokal-Sneath 5",), "ad/√((a+b)(c+d)(a+c)(b+d))",
        lambda a, b, c, d: divide(a * d, np.sqrt((a + b) * (c + d) * (a + c) * (b + d))), (0.0, 1.0), "SS5",
        SOKAL_SNEATH)
_binary("RT", "Rogers–Tanimoto", ("Rogers-Tanimoto",), "(a+d)/(a+d+2(b+c))",
        lambda a, b, c, d: divide(a + d, a + d + 2 * (b + c)), (0.0, 1.0), "RT",
        "Rogers & Tanimoto (1960); " + SEED000)


def _tversky(a, b, c, d, tversky=(1.0, 1.0)):
    alpha, beta = tversky
    return divide(a + d, a + d + alpha * b + beta * c)


_binary("TVERSKY", "Tversky index", ("Tversky",), "(a+d)/(a+d+α·b+β·c)", _tversky, (0.0, 1.0), None,
        "Tversky (1977); " + SEED000 + " eq. 2.22", params=("tversky",), default=False)
_binary("HAMANN", "Hamann", ("Hamann coefficient",), "((a+d)−(b+c))/N",
        lambda a, b, c, d: divide(a + d - b - c, _n(a, b, c, d)), (-1.0, 1.0), "HAMANN",
        "Hamann (1961); " + SEED000, interval="binomial-mapped", interval_detail="a+d of N",
        binomial=(lambda a, b, c, d: a + d, _n))
_binary("HSS", "Heidke skill score", ("class-specific kappa", "Heidke"), "2(ad−bc)/((a+b)(b+d)+(a+c)(c+d))",
        lambda a, b, c, d: divide(2 * (a * d - b * c), (a + b) * (b + d) + (a + c) * (c + d)), (-1.0, 1.0),
        "HSS", "Heidke (1926); Kim & Kwon (2019)", interval="fce")
_binary("SOMERSD", "symmetric Somers' d", ("Somers' d", "Somers d"), "2(ad−bc)/((a+b)(c+d)+(a+c)(b+d))",
        lambda a, b, c, d: divide(2 * (a * d - b * c), (a + b) * (c + d) + (a + c) * (b + d)), (-1.0, 1.0),
        "SOMERSD", "Somers (1962); " + SEED000 + " eq. 2.10")

_or = {"odds_ratio_family": True}
_binary("YULEQ", "Yule's Q", ("Goodman–Kruskal gamma", "gamma"), "(ad−bc)/(ad+bc)",
        lambda a, b, c, d: divide(a * d - b * c, a * d + b * c), (-1.0, 1.0), "YULEQ",
        "Yule (1900); " + SEED000, interval="woolf", **_or)
_binary("YULEY", "Yule's Y", ("coefficient of colligation",), "(√ad−√bc)/(√ad+√bc)",
        lambda a, b, c, d: divide(np.sqrt(a * d) - np.sqrt(b * c), np.sqrt(a * d) + np.sqrt(b * c)),
        (-1.0, 1.0), "YULEY", "Yule (1912); " + SEED000, interval="woolf", **_or)


def _dor(a, b, c, d):
    return divide(a * d, b * c, infinite=True)


def _lndor(a, b, c, d):
    with np.errstate(divide="ignore"):
        return np.log(_dor(a, b, c, d))


_binary("DOR", "diagnostic odds ratio", ("odds ratio", "OR"), "ad/(bc)", _dor, (0.0, INF), "DOR",
        "Glas et al. (2003); " + SEED000 + " eq. 2.9", best=INF, interval="woolf", **_or)
_binary("LNDOR", "log diagnostic odds ratio", ("log odds ratio",), "ln(ad/(bc))", _lndor, (-INF, INF),
        "LNDOR", MACRO, best=INF, interval="woolf", **_or)
_binary("LRP", "positive likelihood ratio", ("LR+", "positive LR"), "REC/(1−SPE)",
        lambda a, b, c, d: divide(_rec(a, b, c, d), divide(c, c + d), infinite=True), (0.0, INF), None,
        "Simel, Samsa & Matchar (1991); " + SEED000 + " eq. 2.7", best=INF,
        interval="log-ratio", ratio_of=("REC", "FPR"), **_or)
_binary("LRN", "negative likelihood ratio", ("LR-", "LR−", "negative LR"), "(1−REC)/SPE",
        lambda a, b, c, d: divide(divide(b, a + b), _spe(a, b, c, d), infinite=True), (0.0, INF), None,
        "Simel, Samsa & Matchar (1991); " + SEED000 + " eq. 2.8", best=0.0,
        interval="log-ratio", ratio_of=("FNR", "SPE"), **_or)
_binary("DP", "discriminant power", (), "(√3/π)·(ln(REC/(1−SPE)) + ln(SPE/(1−REC))) = (√3/π)·LNDOR",
        lambda a, b, c, d: math.sqrt(3) / math.pi * _lndor(a, b, c, d), (-INF, INF), "DP",
        "Sokolova et al. (2006); " + MACRO, best=INF, interval="woolf", **_or)

# --- counts, evaluation and averaging --------------------------------------------------------------------


def one_vs_rest(table: np.ndarray, rows: np.ndarray, cols: np.ndarray):
    """The counts a, b, c, d of shape (..., K) of the classes at ``rows`` and ``cols``.

    ``table`` has shape (..., I, J); ``rows[k]`` and ``cols[k]`` are the positions of class k, −1 where the
    class is absent on that side (its total there is 0).
    """
    row_tot, col_tot = table.sum(axis=-1), table.sum(axis=-2)
    n = row_tot.sum(axis=-1)[..., None]
    has_row, has_col = rows >= 0, cols >= 0
    a = np.where(has_row & has_col, table[..., rows, cols], 0.0)
    b = np.where(has_row, row_tot[..., rows], 0.0) - a
    c = np.where(has_col, col_tot[..., cols], 0.0) - a
    return a, b, c, n - a - b - c


def resolve_params(beta=None, tversky=None) -> dict:
    """Validated measure parameters (``beta`` for FBETA, ``tversky`` for TVERSKY), with their defaults."""
    params = {"beta": 1.0, "tversky": (1.0, 1.0)}
    if beta is not None:
        if isinstance(beta, bool) or not isinstance(beta, (int, float)) or not 0 < beta < INF:
            raise ValueError(f"beta must be a positive finite number; got {beta!r}")
        params["beta"] = float(beta)
    if tversky is not None:
        try:
            alpha, beta_ = (float(x) for x in tversky)
        except (TypeError, ValueError):
            raise ValueError(f"tversky must be a pair (alpha, beta) of numbers; got {tversky!r}") from None
        if not (0 <= alpha < INF and 0 <= beta_ < INF):
            raise ValueError(f"tversky weights must be non-negative and finite; got {tversky!r}")
        params["tversky"] = (alpha, beta_)
    return params


def _call(fn: Callable, measure: Measure, args, params: dict):
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.asarray(fn(*args, **{p: params[p] for p in measure.params}), dtype=np.float64)


def corrected(a, b, c, d, correction: float | None):
    """The counts with the Haldane–Anscombe correction added to every class whose 2×2 has a zero."""
    if not correction:
        return a, b, c, d
    add = np.where((a == 0) | (b == 0) | (c == 0) | (d == 0), correction, 0.0)
    return a + add, b + add, c + add, d + add


def class_values(measure: Measure, counts, params: dict, correction: float | None = None) -> np.ndarray:
    """The value of a binary measure for every class (and resample) of ``counts = (a, b, c, d)``."""
    if measure.odds_ratio_family:
        counts = corrected(*counts, correction)
    return _call(measure.compute, measure, counts, params)


AVERAGES = ("unweighted", "weighted", "inverse", "micro")
TIMINGS = ("default", "after", "before")


def _class_weights(method: str, a, b) -> np.ndarray:
    size = a + b  # n_k·, the reference size of the class
    if method == "unweighted":
        return np.ones_like(size)
    if method == "weighted":
        return size
    return np.where(size > 0, divide(1.0, size), 0.0)  # a class absent from the reference has no weight


def _weighted_means(values: np.ndarray, defined: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Weighted means over the classes where a value is defined and its weight positive (weights renormalised),
    and the number of such classes.

    ``values`` and ``defined`` have shape (A, ..., K), ``weights`` (..., K, M) (one column per method); the
    results (A, ..., M). The sums over classes are batched matrix products.
    """
    finite = np.isfinite(values) & defined
    by_method = np.ascontiguousarray(weights)
    positive = (by_method > 0).astype(float)

    def over_classes(x: np.ndarray, w: np.ndarray) -> np.ndarray:
        return np.moveaxis(np.moveaxis(x, 0, -2) @ w, -2, 0)

    mask = np.broadcast_to(defined, values.shape).astype(float)
    total = over_classes(np.where(finite, values, 0.0), by_method)
    mean = divide(total, over_classes(mask, by_method))
    infinite = defined & ~finite
    if infinite.any():  # an infinite value of a class that enters makes the mean infinite (NaN for both signs)
        up = over_classes((infinite & (values > 0)).astype(float), positive) > 0
        down = over_classes((infinite & (values < 0)).astype(float), positive) > 0
        mean = np.where(up & down, np.nan, np.where(up, np.inf, np.where(down, -np.inf, mean)))
    return mean, over_classes(mask, positive).astype(np.int64)


def averages_of(measures: Sequence[Measure], counts, methods: Sequence[str], timing: str, params: dict,
                correction: float | None = None) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Averages over classes of binary measures, and the number of classes that entered each.

    ``counts`` are a, b, c, d of shape (..., K); each result has shape (..., len(methods)). "micro" applies the
    formula to the pooled counts. Under "after" timing the class values are averaged; under "before" the
    measure's terms are averaged and the formula applied to them. A class enters only where its value (or
    every term) is defined and its weight is positive; the weights of the classes that enter are renormalised.
    The class weights, every class value, and the term averages of each set of terms are computed once, and
    the "after" averages of all the measures in one stacked step.
    """
    a, b = counts[0], counts[1]
    weighted = [m for m in methods if m != "micro"]
    memo: dict[str, np.ndarray] = {}

    def values_of(m: Measure) -> np.ndarray:
        if m.code not in memo:
            memo[m.code] = class_values(m, counts, params, correction)
        return memo[m.code]

    def is_before(m: Measure) -> bool:
        return bool(m.terms) and (m.averaging == "before" if timing == "default" else timing == "before")

    results: dict[str, dict[str, tuple[np.ndarray, np.ndarray]]] = {m.code: {} for m in measures}
    if weighted:
        weights = np.stack([_class_weights(m, a, b) for m in weighted], axis=-1)  # (..., K, M)
        after = [m for m in measures if not is_before(m)]
        if after:
            values = np.stack([values_of(m) for m in after])  # (A, ..., K)
            value, n_entered = _weighted_means(values, ~np.isnan(values), weights)  # (A, ..., M)
            for i, m in enumerate(after):
                for j, method in enumerate(weighted):
                    results[m.code][method] = value[i, ..., j], n_entered[i, ..., j]
        by_terms: dict[frozenset, tuple[dict, np.ndarray]] = {}
        for m in measures:
            if not is_before(m):
                continue
            key = frozenset(m.terms)
            if key not in by_terms:
                names = sorted(key)
                terms = np.stack([values_of(REGISTRY[t]) for t in names])  # (T, ..., K)
                means, n_entered = _weighted_means(terms, ~np.isnan(terms).any(axis=0), weights)
                by_terms[key] = (dict(zip(names, means, strict=True)), n_entered[0])
            means, n_entered = by_terms[key]
            value = _call(m.combine, m, [means[t] for t in m.terms], params)
            for j, method in enumerate(weighted):
                results[m.code][method] = value[..., j], n_entered[..., j]
    if "micro" in methods:
        pooled = tuple(x.sum(axis=-1) for x in counts)
        for m in measures:
            value = class_values(m, pooled, params, correction)
            results[m.code]["micro"] = value, np.full(value.shape, a.shape[-1])
    return {m.code: (np.stack([results[m.code][meth][0] for meth in methods], axis=-1),
                     np.stack([results[m.code][meth][1] for meth in methods], axis=-1)) for m in measures}
