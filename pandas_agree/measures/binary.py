"""Class-specific (one-vs-rest) measures: the registry entries, the counts a, b, c, d and averaging.

For a class k of the K labels present on both sides, with n_k· its row total and n_·k its column total:
a = n_kk (true positives), b = n_k· − n_kk (false negatives), c = n_·k − n_kk (false positives) and
d = N − a − b − c (true negatives). Every formula is a vectorised function of these four arrays, so the
same code evaluates K classes of one table or K classes of B bootstrap tables.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from contextvars import ContextVar

import numpy as np

from ..base.options import check_option
from ..base.undefined import divide, quiet_division
from ..engine.tableview import TableView
from . import chance
from .citations import KO_CLASAGREE, REZANKOVA_HUSEK, SOKAL_SNEATH
from .interval_methods import Binomial, FleissCohenEveritt, LogRatio, MappedBinomial, Wald, Woolf
from .registry import Measure, register

__all__ = ["apply_formula", "class_values", "corrected", "one_vs_rest", "resolve_params", "shared_terms", "zero_cell"]

INF = math.inf


_SHARED: ContextVar[dict | None] = ContextVar("pandas_agree_shared_terms", default=None)


class shared_terms:  # a context manager, named like np.errstate
    """A block of formulas evaluated on the same counts, in which the sub-expressions that several formulas share
    (the sums of the counts, the proportions REC, SPE, PRE, NPV, ACC, …, the odds ratio) are evaluated once for each
    set of counts (the same four arrays) and read again by the other formulas. Each value is the one the formula
    would compute itself: the same operations on the same arrays.

    Examples
    --------
    >>> import numpy as np
    >>> from pandas_agree.measures.registry import REGISTRY
    >>> counts = (np.array([4.0]), np.array([1.0]), np.array([1.0]), np.array([3.0]))
    >>> with shared_terms():
    ...     youden, recall = REGISTRY["YOUD"].compute(*counts), REGISTRY["REC"].compute(*counts)
    >>> round(float(youden[0]), 4), float(recall[0])
    (0.55, 0.8)
    """

    __slots__ = ("_token",)

    def __enter__(self) -> shared_terms:
        self._token = _SHARED.set({})
        return self

    def __exit__(self, *exc) -> None:
        _SHARED.reset(self._token)


def _shared(fn: Callable) -> Callable:
    """``fn`` of the counts (a, b, c, d), evaluated once for each set of counts within :class:`shared_terms`."""
    def once(a, b, c, d):
        memo = _SHARED.get()
        if memo is None:
            return fn(a, b, c, d)
        key = (fn, id(a), id(b), id(c), id(d))
        found = memo.get(key)
        if found is None:  # the counts kept with the value: their ids stay theirs for the block
            found = memo[key] = (fn(a, b, c, d), (a, b, c, d))
        return found[0]
    once.__doc__ = fn.__doc__
    return once


# the counts and their sums that the formulas share
_a = _shared(lambda a, b, c, d: a)
_b = _shared(lambda a, b, c, d: b)
_c = _shared(lambda a, b, c, d: c)
_d = _shared(lambda a, b, c, d: d)
_ab = _shared(lambda a, b, c, d: a + b)
_ac = _shared(lambda a, b, c, d: a + c)
_ad = _shared(lambda a, b, c, d: a + d)
_bc = _shared(lambda a, b, c, d: b + c)
_bd = _shared(lambda a, b, c, d: b + d)
_cd = _shared(lambda a, b, c, d: c + d)
_abc = _shared(lambda a, b, c, d: a + b + c)
_n = _shared(lambda a, b, c, d: a + b + c + d)
_times_ad = _shared(lambda a, b, c, d: a * d)
_times_bc = _shared(lambda a, b, c, d: b * c)
_cross = _shared(lambda a, b, c, d: _times_ad(a, b, c, d) - _times_bc(a, b, c, d))  # ad − bc

_PROPORTIONS: dict = {}


def _proportion_of(successes: Callable, trials: Callable) -> Callable:
    """The proportion ``successes`` / ``trials`` of the counts as a function of them: one function for each pair,
    so that the formulas that read it (REC in YOUD, GM, SS4, …) share its value within :class:`shared_terms`."""
    key = (successes, trials)
    if key not in _PROPORTIONS:
        _PROPORTIONS[key] = _shared(lambda a, b, c, d: divide(successes(a, b, c, d), trials(a, b, c, d)))
    return _PROPORTIONS[key]


def _binary(**fields) -> Measure:
    return register(Measure(kind="binary", **fields))


def _proportion(successes: Callable, trials: Callable, detail: str) -> dict:
    """The formula and the interval method of a proportion ``successes`` / ``trials`` of the counts (``detail``
    says which count of which total), from the one pair of functions."""
    return {"compute": _proportion_of(successes, trials), "interval": Binomial(successes, trials, detail)}


# --- proportions -----------------------------------------------------------------------------------------

_binary(code="ACC", name="accuracy", aliases=("Rand", "simple matching", "SMC"), formula="(a+d)/N",
        range=(0.0, 1.0), transposed="ACC", reference=KO_CLASAGREE,
        **_proportion(_ad, _n, "a+d of N"))
_binary(code="ERR", name="error rate", aliases=("misclassification rate",), formula="(b+c)/N", range=(0.0, 1.0),
        transposed="ERR", reference=KO_CLASAGREE, **_proportion(_bc, _n, "b+c of N"), best=0.0)
_binary(code="REC", name="recall", aliases=("sensitivity", "TPR", "true positive rate", "hit rate"),
        formula="a/(a+b)", range=(0.0, 1.0), transposed="PRE", reference=KO_CLASAGREE,
        **_proportion(_a, _ab, "a of a+b"))
_binary(code="SPE", name="specificity", aliases=("TNR", "true negative rate"), formula="d/(c+d)", range=(0.0, 1.0),
        transposed="NPV", reference=KO_CLASAGREE,
        **_proportion(_d, _cd, "d of c+d"))
_binary(code="PRE", name="precision", aliases=("PPV", "positive predictive value"), formula="a/(a+c)",
        range=(0.0, 1.0), transposed="REC", reference=KO_CLASAGREE,
        **_proportion(_a, _ac, "a of a+c"))
_binary(code="NPV", name="negative predictive value", formula="d/(b+d)", range=(0.0, 1.0), transposed="SPE",
        reference=KO_CLASAGREE, **_proportion(_d, _bd, "d of b+d"))
_binary(code="FNR", name="miss rate", aliases=("false negative rate",), formula="b/(a+b)", range=(0.0, 1.0),
        transposed="FDR", reference=REZANKOVA_HUSEK,
        **_proportion(_b, _ab, "b of a+b"), best=0.0)
_binary(code="FPR", name="fall-out", aliases=("false positive rate",), formula="c/(c+d)", range=(0.0, 1.0),
        transposed="FOR", reference=REZANKOVA_HUSEK,
        **_proportion(_c, _cd, "c of c+d"), best=0.0)
_binary(code="FDR", name="false discovery rate", formula="c/(a+c)", range=(0.0, 1.0), transposed="FNR",
        reference=REZANKOVA_HUSEK, **_proportion(_c, _ac, "c of a+c"), best=0.0)
_binary(code="FOR", name="false omission rate", formula="b/(b+d)", range=(0.0, 1.0), transposed="FPR",
        reference=REZANKOVA_HUSEK, **_proportion(_b, _bd, "b of b+d"), best=0.0)
_binary(code="PREV", name="prevalence", aliases=("reference share",), formula="(a+b)/N", range=(0.0, 1.0),
        transposed="PPREV", reference="share of the class in the reference",
        **_proportion(_ab, _n, "a+b of N"), best=None)
_binary(code="PPREV", name="predicted prevalence", formula="(a+c)/N", range=(0.0, 1.0), transposed="PREV",
        reference=REZANKOVA_HUSEK + " (its 'prevalence')", **_proportion(_ac, _n, "a+c of N"),
        best=None)
_binary(code="RR", name="Russell–Rao", aliases=("support",), formula="a/N", range=(0.0, 1.0), transposed="RR",
        reference="Russell & Rao (1940); " + REZANKOVA_HUSEK, **_proportion(_a, _n, "a of N"),
        best=None)
_binary(code="JACCARD", name="Jaccard", aliases=("Tanimoto", "critical success index", "CSI", "threat score"),
        formula="a/(a+b+c)", range=(0.0, 1.0), transposed="JACCARD", reference="Jaccard (1912); " + KO_CLASAGREE,
        **_proportion(_a, _abc, "a of a+b+c"))


# the proportions that other formulas read (the functions of REC, SPE, PRE, NPV, FNR, FPR, ACC and PREV above)
_rec = _proportion_of(_a, _ab)
_spe = _proportion_of(_d, _cd)
_pre = _proportion_of(_a, _ac)
_npv = _proportion_of(_d, _bd)
_fnr = _proportion_of(_b, _ab)
_fpr = _proportion_of(_c, _cd)
_acc = _proportion_of(_ad, _n)
_prev = _proportion_of(_ab, _n)
_for = _proportion_of(_b, _bd)


# --- measures averaged before the formula (the macro's rule) ---------------------------------------------
# A class's YOUD is REC − FPR (SPE − 1 is −FPR) and its MARK is PRE − FOR: at independence the two proportions are
# the same quotient (REC = FPR = n_·k/N, PRE = FOR = n_k·/N), and the difference is exactly 0. Their averages before
# the formula average the macro's terms, REC and SPE, PRE and NPV (!KO_clasagree), which sum to 1 within round-off.

_binary(code="YOUD", name="Youden's J", aliases=("Youden", "informedness", "Somers' d C|R"), formula="REC+SPE−1",
        compute=lambda a, b, c, d: _rec(a, b, c, d) - _fpr(a, b, c, d), range=(-1.0, 1.0), transposed="MARK",
        reference="Youden (1950); " + REZANKOVA_HUSEK + " eq. 2.11", interval=Wald(("REC", "SPE"), slope=1.0),
        terms=("REC", "SPE"), combine=lambda rec, spe: rec + spe - 1)
_binary(code="MARK", name="markedness", aliases=("Somers' d R|C",), formula="PRE+NPV−1",
        compute=lambda a, b, c, d: _pre(a, b, c, d) - _for(a, b, c, d), range=(-1.0, 1.0), transposed="YOUD",
        reference="Powers (2011); " + KO_CLASAGREE, interval=Wald(("PRE", "NPV"), slope=1.0), terms=("PRE", "NPV"),
        combine=lambda pre, npv: pre + npv - 1)
_binary(code="BCR", name="balanced classification rate", aliases=("balanced accuracy", "AUC of one point"),
        formula="(REC+SPE)/2", compute=lambda a, b, c, d: (_rec(a, b, c, d) + _spe(a, b, c, d)) / 2,
        range=(0.0, 1.0), reference="Brodersen et al. (2010); " + KO_CLASAGREE,
        interval=Wald(("REC", "SPE"), slope=0.5), terms=("REC", "SPE"), combine=lambda rec, spe: (rec + spe) / 2)
_binary(code="F1", name="F1 score", aliases=("F-measure", "F measure", "Dice", "Sørensen", "Czekanowski"),
        formula="2a/(2a+b+c)", compute=lambda a, b, c, d: divide(2 * a, 2 * a + b + c), range=(0.0, 1.0),
        transposed="F1", reference="Dice (1945); " + KO_CLASAGREE, terms=("REC", "PRE"),
        combine=lambda rec, pre: divide(2 * pre * rec, pre + rec))


def _fbeta(a, b, c, d, beta=1.0):
    b2 = beta * beta
    return divide((1 + b2) * a, (1 + b2) * a + b2 * b + c)


def _fbeta_terms(rec, pre, beta=1.0):
    b2 = beta * beta
    return divide((1 + b2) * pre * rec, b2 * pre + rec)


_binary(code="FBETA", name="F-beta score", aliases=("F-beta", "weighted F-measure"),
        formula="(1+β²)·PRE·REC/(β²·PRE+REC)", compute=_fbeta, range=(0.0, 1.0),
        reference="van Rijsbergen (1979); " + KO_CLASAGREE, params=("beta",), default=False, terms=("REC", "PRE"),
        combine=_fbeta_terms)
_binary(code="KULCZ2", name="Kulczynski 2", aliases=("Kulczynski",), formula="(PRE+REC)/2",
        compute=lambda a, b, c, d: (_pre(a, b, c, d) + _rec(a, b, c, d)) / 2, range=(0.0, 1.0),
        transposed="KULCZ2", reference="Kulczynski (1927); " + REZANKOVA_HUSEK + " eq. 2.4", terms=("PRE", "REC"),
        combine=lambda pre, rec: (pre + rec) / 2)
_binary(code="OCHIAI", name="Ochiai", aliases=("cosine", "Fowlkes–Mallows", "Fowlkes-Mallows"),
        formula="√(PRE·REC)", compute=lambda a, b, c, d: np.sqrt(_pre(a, b, c, d) * _rec(a, b, c, d)),
        range=(0.0, 1.0), transposed="OCHIAI", reference="Ochiai (1957); " + REZANKOVA_HUSEK + " eq. 2.5",
        terms=("PRE", "REC"), combine=lambda pre, rec: np.sqrt(pre * rec))
_binary(code="GM", name="G-mean", aliases=("geometric mean",), formula="√(REC·SPE)",
        compute=lambda a, b, c, d: np.sqrt(_rec(a, b, c, d) * _spe(a, b, c, d)), range=(0.0, 1.0),
        reference="Kubat & Matwin (1997); " + KO_CLASAGREE, terms=("REC", "SPE"),
        combine=lambda rec, spe: np.sqrt(rec * spe))


def _agm_terms(rec, spe, prev):
    q = 1 - prev
    return np.where(rec == 0, 0.0, (np.sqrt(rec * spe) + spe * q) / (1 + q))


_binary(code="AGM", name="adjusted G-mean", formula="0 if REC=0, else (GM+SPE·Q)/(1+Q), Q=(c+d)/N",
        compute=lambda a, b, c, d: _agm_terms(_rec(a, b, c, d), _spe(a, b, c, d), _prev(a, b, c, d)),
        range=(0.0, 1.0), reference="Batuwita & Palade (2012); " + KO_CLASAGREE, terms=("REC", "SPE", "PREV"),
        combine=_agm_terms)


def _opre_terms(acc, rec, spe):
    return acc - divide(np.abs(rec - spe), rec + spe)


_binary(code="OPRE", name="optimized precision", formula="ACC − |REC−SPE|/(REC+SPE)",
        compute=lambda a, b, c, d: _opre_terms(_acc(a, b, c, d), _rec(a, b, c, d), _spe(a, b, c, d)),
        range=(-INF, 1.0), reference="Ranawana & Palade (2006); " + KO_CLASAGREE, terms=("ACC", "REC", "SPE"),
        combine=_opre_terms)


def _ss4_terms(rec, pre, spe, npv):
    return (rec + pre + spe + npv) / 4


_binary(code="SS4", name="Sokal–Sneath 4", aliases=("Sokal-Sneath 4",), formula="(REC+PRE+SPE+NPV)/4",
        compute=lambda a, b, c, d: _ss4_terms(_rec(a, b, c, d), _pre(a, b, c, d), _spe(a, b, c, d), _npv(a, b, c, d)),
        range=(0.0, 1.0), transposed="SS4", reference=SOKAL_SNEATH + " eq. 2.6",
        terms=("REC", "PRE", "SPE", "NPV"), combine=_ss4_terms)


def _corr(a, b, c, d):
    return divide(_cross(a, b, c, d), np.sqrt(_ab(a, b, c, d) * _ac(a, b, c, d) * _bd(a, b, c, d) * _cd(a, b, c, d)))


def _corr_terms(rr, s, p):
    return divide(rr - s * p, np.sqrt(s * p * (1 - s) * (1 - p)))


_binary(code="CORR", name="Matthews correlation", aliases=("MCC", "phi", "phi coefficient"),
        formula="(ad−bc)/√((a+b)(a+c)(b+d)(c+d))", compute=_corr, range=(-1.0, 1.0), transposed="CORR",
        reference="Matthews (1975); " + KO_CLASAGREE + ". Averaged before the formula with equal weights over one "
                  "label set (the same K labels on both sides), it is Brennan–Prediger's kappa BPK = (OSR − 1/K)/(1 − "
                  "1/K): the mean RR is OSR/K and the mean PREV and PPREV are 1/K",
        terms=("RR", "PREV", "PPREV"), combine=_corr_terms)

# --- measures averaged after the formula -----------------------------------------------------------------

_binary(code="SS1", name="Sokal–Sneath 1", aliases=("Sokal-Sneath 1",), formula="2(a+d)/(2(a+d)+b+c)",
        compute=lambda a, b, c, d: divide(2 * _ad(a, b, c, d), 2 * _ad(a, b, c, d) + b + c), range=(0.0, 1.0),
        transposed="SS1",
        reference=SOKAL_SNEATH)
_binary(code="SS2", name="Sokal–Sneath 2", aliases=("Sokal-Sneath 2",), formula="a/(a+2(b+c))",
        compute=lambda a, b, c, d: divide(a, a + 2 * _bc(a, b, c, d)), range=(0.0, 1.0), transposed="SS2",
        reference=SOKAL_SNEATH)
_binary(code="SS5", name="Sokal–Sneath 5", aliases=("Sokal-Sneath 5",), formula="ad/√((a+b)(c+d)(a+c)(b+d))",
        compute=lambda a, b, c, d: divide(_times_ad(a, b, c, d), np.sqrt(
            _ab(a, b, c, d) * _cd(a, b, c, d) * _ac(a, b, c, d) * _bd(a, b, c, d))), range=(0.0, 1.0),
        transposed="SS5", reference=SOKAL_SNEATH)
_binary(code="RT", name="Rogers–Tanimoto", aliases=("Rogers-Tanimoto",), formula="(a+d)/(a+d+2(b+c))",
        compute=lambda a, b, c, d: divide(_ad(a, b, c, d), _ad(a, b, c, d) + 2 * _bc(a, b, c, d)), range=(0.0, 1.0),
        transposed="RT",
        reference="Rogers & Tanimoto (1960); " + REZANKOVA_HUSEK)


def _tversky(a, b, c, d, tversky=(1.0, 1.0)):
    alpha, beta = tversky
    return divide(a + d, a + d + alpha * b + beta * c)


_binary(code="TVERSKY", name="Tversky index", aliases=("Tversky",), formula="(a+d)/(a+d+α·b+β·c)",
        compute=_tversky, range=(0.0, 1.0), reference="Tversky (1977); " + REZANKOVA_HUSEK + " eq. 2.22",
        params=("tversky",), default=False)
_binary(code="HAMANN", name="Hamann", aliases=("Hamann coefficient",), formula="((a+d)−(b+c))/N",
        compute=lambda a, b, c, d: divide(_ad(a, b, c, d) - b - c, _n(a, b, c, d)), range=(-1.0, 1.0),
        transposed="HAMANN",
        reference="Hamann (1961); " + REZANKOVA_HUSEK,
        interval=MappedBinomial(_ad, _n, "a+d of N"))
_binary(code="HSS", name="Heidke skill score", aliases=("class-specific kappa", "Heidke"),
        formula="2(ad−bc)/((a+b)(b+d)+(a+c)(c+d))",
        compute=lambda a, b, c, d: divide(2 * _cross(a, b, c, d),
                                          _ab(a, b, c, d) * _bd(a, b, c, d) + _ac(a, b, c, d) * _cd(a, b, c, d)),
        range=(-1.0, 1.0), transposed="HSS", reference="Heidke (1926); Kim & Kwon (2019)",
        interval=FleissCohenEveritt())
_binary(code="SOMERSD", name="symmetric Somers' d", aliases=("Somers' d", "Somers d"),
        formula="2(ad−bc)/((a+b)(c+d)+(a+c)(b+d))",
        compute=lambda a, b, c, d: divide(2 * _cross(a, b, c, d),
                                          _ab(a, b, c, d) * _cd(a, b, c, d) + _ac(a, b, c, d) * _bd(a, b, c, d)),
        range=(-1.0, 1.0), transposed="SOMERSD", reference="Somers (1962); " + REZANKOVA_HUSEK + " eq. 2.10")

_binary(code="YULEQ", name="Yule's Q", aliases=("Goodman–Kruskal gamma", "gamma"), formula="(ad−bc)/(ad+bc)",
        compute=lambda a, b, c, d: divide(_cross(a, b, c, d), _times_ad(a, b, c, d) + _times_bc(a, b, c, d)),
        range=(-1.0, 1.0), transposed="YULEQ",
        reference="Yule (1900); " + REZANKOVA_HUSEK, interval=Woolf(slope=lambda x: 0.5 / np.cosh(x / 2) ** 2),
        odds_ratio_family=True)
_binary(code="YULEY", name="Yule's Y", aliases=("coefficient of colligation",), formula="(√ad−√bc)/(√ad+√bc)",
        compute=lambda a, b, c, d: divide(np.sqrt(_times_ad(a, b, c, d)) - np.sqrt(_times_bc(a, b, c, d)),
                                          np.sqrt(_times_ad(a, b, c, d)) + np.sqrt(_times_bc(a, b, c, d))),
        range=(-1.0, 1.0), transposed="YULEY", reference="Yule (1912); " + REZANKOVA_HUSEK,
        interval=Woolf(slope=lambda x: 0.25 / np.cosh(x / 4) ** 2), odds_ratio_family=True)


@_shared
def _dor(a, b, c, d):
    return divide(_times_ad(a, b, c, d), _times_bc(a, b, c, d), infinite=True)


@_shared
def _lndor(a, b, c, d):
    with np.errstate(divide="ignore"):
        return np.log(_dor(a, b, c, d))


_binary(code="DOR", name="diagnostic odds ratio", aliases=("odds ratio", "OR"), formula="ad/(bc)", compute=_dor,
        range=(0.0, INF), transposed="DOR", reference="Glas et al. (2003); " + REZANKOVA_HUSEK + " eq. 2.9",
        interval=Woolf(slope=np.exp), best=INF, odds_ratio_family=True)
_binary(code="LNDOR", name="log diagnostic odds ratio", aliases=("log odds ratio",), formula="ln(ad/(bc))",
        compute=_lndor, range=(-INF, INF), transposed="LNDOR", reference=KO_CLASAGREE,
        interval=Woolf(slope=np.ones_like), best=INF, odds_ratio_family=True)
_binary(code="LRP", name="positive likelihood ratio", aliases=("LR+", "positive LR"), formula="REC/(1−SPE)",
        compute=lambda a, b, c, d: divide(_rec(a, b, c, d), _fpr(a, b, c, d), infinite=True), range=(0.0, INF),
        reference="Simel, Samsa & Matchar (1991); " + REZANKOVA_HUSEK + " eq. 2.7", interval=LogRatio("REC", "FPR"),
        best=INF, odds_ratio_family=True)
_binary(code="LRN", name="negative likelihood ratio", aliases=("LR-", "LR−", "negative LR"), formula="(1−REC)/SPE",
        compute=lambda a, b, c, d: divide(_fnr(a, b, c, d), _spe(a, b, c, d), infinite=True), range=(0.0, INF),
        reference="Simel, Samsa & Matchar (1991); " + REZANKOVA_HUSEK + " eq. 2.8", interval=LogRatio("FNR", "SPE"),
        best=0.0, odds_ratio_family=True)
_binary(code="DP", name="discriminant power", formula="(√3/π)·(ln(REC/(1−SPE)) + ln(SPE/(1−REC))) = (√3/π)·LNDOR",
        compute=lambda a, b, c, d: math.sqrt(3) / math.pi * _lndor(a, b, c, d), range=(-INF, INF), transposed="DP",
        reference="Sokolova et al. (2006); " + KO_CLASAGREE,
        interval=Woolf(slope=lambda x: np.full_like(x, math.sqrt(3) / math.pi)), best=INF, odds_ratio_family=True)

# --- counts and evaluation --------------------------------------------------------------------------------


def one_vs_rest(table: np.ndarray | TableView, rows: np.ndarray, cols: np.ndarray):
    """The counts a, b, c, d of shape (..., K) of the classes at ``rows`` and ``cols``.

    ``table`` has shape (..., I, J), or is a :class:`~pandas_agree.engine.tableview.TableView` (dense or
    sparse); ``rows[k]`` and ``cols[k]`` are the positions of class k, −1 where the class is absent on that
    side (its total there is 0).
    """
    if isinstance(table, TableView):
        row_tot, col_tot, a = table.row_totals, table.col_totals, table.at(rows, cols)
    else:
        row_tot, col_tot = table.sum(axis=-1), table.sum(axis=-2)
        a = np.where((rows >= 0) & (cols >= 0), table[..., rows, cols], 0.0)
    n = row_tot.sum(axis=-1)[..., None]
    has_row, has_col = rows >= 0, cols >= 0
    b = np.where(has_row, row_tot[..., rows], 0.0) - a
    c = np.where(has_col, col_tot[..., cols], 0.0) - a
    # b, c and d are differences of sums: with fractional counts they can come out a rounding error below 0,
    # which no count can be
    return a, np.maximum(b, 0.0), np.maximum(c, 0.0), np.maximum(n - a - b - c, 0.0)


def resolve_params(beta=None, tversky=None) -> dict:
    """Validated measure parameters (``beta`` for FBETA, ``tversky`` for TVERSKY), with their defaults."""
    check_option("beta", beta)
    check_option("tversky", tversky)
    params = {"beta": 1.0, "tversky": (1.0, 1.0)}
    if beta is not None:
        params["beta"] = float(beta)
    if tversky is not None:
        params["tversky"] = tuple(float(x) for x in tversky)
    return params


def apply_formula(fn: Callable, measure: Measure, args, params: dict) -> np.ndarray:
    """``fn`` (a measure's formula, or the formula of its averaged terms) of ``args``, with the parameters it takes."""
    with quiet_division():
        return np.asarray(fn(*args, **{p: params[p] for p in measure.params}), dtype=np.float64)


def zero_cell(a, b, c, d) -> np.ndarray:
    """Whether each class's 2×2 table (``a, b, c, d``) has a zero cell: the classes that ``correction=`` changes
    (:func:`corrected`).

    Examples
    --------
    >>> import numpy as np
    >>> from pandas_agree.measures.binary import zero_cell
    >>> zero_cell(np.array([5, 0]), np.array([1, 2]), np.array([2, 3]), np.array([9, 4])).tolist()
    [False, True]
    """
    return (a == 0) | (b == 0) | (c == 0) | (d == 0)


def corrected(a, b, c, d, correction: float | None):
    """The counts with the Haldane–Anscombe correction added to every class whose 2×2 has a zero
    (:func:`zero_cell`)."""
    if not correction:
        return a, b, c, d
    add = np.where(zero_cell(a, b, c, d), correction, 0.0)
    return a + add, b + add, c + add, d + add


def class_values(measure: Measure, counts, params: dict, correction: float | None = None) -> np.ndarray:
    """The value of a binary measure for every class (and resample) of ``counts = (a, b, c, d)``."""
    if measure.odds_ratio_family:
        counts = corrected(*counts, correction)
    return chance.within_range(apply_formula(measure.compute, measure, counts, params), measure.range)
