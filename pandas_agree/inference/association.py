"""SPSS CROSSTABS' symmetric and directional measures of association, each with its Value, Asymp. Std. Error
(ASE1), Approx. T and Approx. Sig., as a view over the association records of the registry
(:mod:`pandas_agree.measures.association`).

Each row of SPSS's tables is a record: its value is the record's ``compute``, its ASE1 the delta-method standard
error from the record's ``gradient`` (not assuming independence), its Approx. T the value over the record's
``null_se`` (ASE0) where SPSS prints one, and its Approx. Sig. the record's ``significance`` rule
(:func:`significance`): the two-sided normal of T; Student's t on W − 2 df of T = r √((W − 2)/(1 − r²)) for the
correlations; the Pearson chi-square for phi, Cramér's V and the contingency coefficient; the likelihood-ratio
chi-square for the uncertainty coefficients; and (W − 1)(J − 1)τ on (I − 1)(J − 1) df for Goodman and Kruskal's
tau (J the dependent variable's categories). SPSS prints no ASE for the measures whose significance is the
Pearson chi-square, nor any significance for eta.

The formulas are those of "IBM SPSS Statistics Algorithms — CROSSTABS" as GNU PSPP implements them
(``crosstabs.c``), checked against published SPSS output (tests/test_spss_published.py). Goodman and Kruskal's
tau's ASE1 is its delta-method standard error, as SAS's PROC FREQ and R's DescTools give it; SPSS prints a
slightly different one (.145 for .147 in a 2×3 table, and two different ASEs for the two directions of a 2×2
table, where both are φ² and have one delta-method error), which its documentation does not let us reproduce.
Lambda's ASE1 takes the first of tied modal categories, as SPSS does (the record's ``spss_gradient``; its
``gradient``, which the intervals use, shares the slope among them).

Only the order of rows and columns enters the ordinal measures; Pearson's R and eta use row and column
scores (by default the positions 1, 2, …, as SPSS uses the values of numeric codes), which the view of the table
holds. Kappa is the multiclass record KAPPA with Fleiss, Cohen and Everitt's standard errors.
"""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd

from ..base.rounding import rounded_text
from ..base.undefined import divide, warn_undefined
from ..engine.tableview import TablePartials, TableView
from ..measures.association import two_by_two
from ..measures.registry import REGISTRY, Measure
from ..measures.significance import CorrelationT, LightMargolin, LikelihoodRatio, NormalT, PearsonChiSquare
from .delta import TableCells, linearised_variance, partials_variances
from .distributions import chi2_sf, normal_ppf, two_sided_p
from .estimates import Estimate, IntervalOptions, clipped
from .tests import homogeneity_statistic, independence, kappa_variances

__all__ = ["COLUMNS_DEPENDENT", "KEYWORDS", "RECORDS", "ROWS_DEPENDENT", "ZERO_ASE", "association_measures",
           "chi_square_interval", "cramer_v_interval", "kappa_max_interval", "noncentral_v_interval", "significance"]

SYMMETRIC = "Symmetric Measures"
DIRECTIONAL = "Directional Measures"
NOMINAL, ORDINAL, INTERVAL, AGREEMENT = "Nominal by Nominal", "Ordinal by Ordinal", "Interval by Interval", \
    "Measure of Agreement"
NOMINAL_INTERVAL = "Nominal by Interval"

ROWS_DEPENDENT, COLUMNS_DEPENDENT = "Rows Dependent", "Columns Dependent"
"""How the rows of a directional measure end, the row or the column variable being the dependent one (the index of
the Directional Measures; a printed table names the variables instead, as SPSS does: "Lambda — Admit Dependent")."""
_R, _C = ROWS_DEPENDENT, COLUMNS_DEPENDENT

#: SPSS's /STATISTICS keywords and the rows each one prints, in SPSS's order: (SPSS's title, record code).
RECORDS: dict[str, tuple[tuple[str, str], ...]] = {
    "phi": (("Phi", "PHI"), ("Cramér's V", "CRAMERV")),
    "cc": (("Contingency Coefficient", "CC"),),
    "btau": (("Kendall's tau-b", "TAU_B"),),
    "ctau": (("Kendall's tau-c", "TAU_C"),),
    "gamma": (("Gamma", "GAMMA"),),
    "corr": (("Spearman Correlation", "SPEARMAN"), ("Pearson's R", "PEARSON")),
    "kappa": (("Kappa", "KAPPA"),),
    "lambda": (("Lambda — Symmetric", "LAMBDA"), (f"Lambda — {_R}", "LAMBDA_R"), (f"Lambda — {_C}", "LAMBDA_C"),
               (f"Goodman and Kruskal tau — {_R}", "GKTAU_R"), (f"Goodman and Kruskal tau — {_C}", "GKTAU_C")),
    "uc": (("Uncertainty Coefficient — Symmetric", "UC"), (f"Uncertainty Coefficient — {_R}", "UC_R"),
           (f"Uncertainty Coefficient — {_C}", "UC_C")),
    "d": (("Somers' d — Symmetric", "SOMERS_D"), (f"Somers' d — {_R}", "SOMERS_D_R"),
          (f"Somers' d — {_C}", "SOMERS_D_C")),
    "eta": ((f"Eta — {_R}", "ETA_R"), (f"Eta — {_C}", "ETA_C")),
}
#: SPSS's /STATISTICS keywords and the measures each one prints, in SPSS's order.
KEYWORDS: dict[str, tuple[str, ...]] = {word: tuple(title for title, _ in rows) for word, rows in RECORDS.items()}

_SYMMETRIC_ORDER = ("phi", "cc", "btau", "ctau", "gamma", "corr", "kappa")
_DIRECTIONAL_ORDER = ("lambda", "uc", "d", "eta")
_LEVELS = {"nominal": NOMINAL, "ordinal": ORDINAL, "interval": INTERVAL, "nominal by interval": NOMINAL_INTERVAL}
COLUMNS = ["scale", "value", "ase", "t", "pvalue", "method", "note"]

NORMAL = NormalT().description
PEARSON_SIG = PearsonChiSquare().description
LR_SIG = LikelihoodRatio().description
CATANOVA_SIG = LightMargolin("columns").description
T_SIG = CorrelationT().description
NOT_APPLICABLE = "not computed"
ZERO_ASE = "Cannot be computed because the asymptotic standard error equals zero."
"""The note (SPSS's footnote) of a value whose Approx. T (and, for a normal T, Approx. Sig.) cannot be computed:
its standard error under the null hypothesis (ASE0) is zero."""


def _row(value=np.nan, ase=np.nan, t=np.nan, pvalue=np.nan, method="", note="") -> dict:
    return {"value": float(value), "ase": float(ase), "t": float(t), "pvalue": float(pvalue), "method": method,
            "note": note}


def _normal_sig(t: float) -> float:
    return float(two_sided_p(t)) if np.isfinite(t) else np.nan


def significance(measure: Measure, view: TableView, value: float | None = None) -> tuple[float, float]:
    """SPSS's Approx. T and Approx. Sig. of the association record ``measure`` on one table, by the rule the record
    declares (:mod:`pandas_agree.measures.significance`): (NaN, NaN) for a record without one.

    Parameters
    ----------
    measure : Measure
        An association record.
    view : TableView
        One table (dense or held sparse), with its scores where the record reads them.
    value : float, optional
        The record's value on ``view`` (computed when not given).

    Returns
    -------
    (float, float)
        T (the value over the record's ASE0 where it declares one, a correlation's t statistic; NaN where SPSS
        prints none) and the two-sided p-value.

    Examples
    --------
    >>> import numpy as np
    >>> from pandas_agree.engine.tableview import TableView
    >>> from pandas_agree.measures.registry import REGISTRY
    >>> t = np.array([[76.0, 78, 16, 7], [19, 29, 10, 13], [2, 6, 7, 8]])  # Marques de Sá (2007), Table 5.13
    >>> view = TableView(t, np.arange(0), np.arange(0), np.arange(3), np.arange(4), 4)
    >>> [round(x, 3) for x in significance(REGISTRY["GAMMA"], view)]  # SPSS prints T 5.458, Sig. .000
    [5.458, 0.0]
    """
    rule = measure.significance
    if rule is None:
        return np.nan, np.nan
    if value is None:
        value = float(measure.compute(view))
    # T: the value over ASE0 where the record declares ASE0 (the uncertainty coefficients print it beside the
    # likelihood-ratio significance), a correlation's t statistic, else none
    t = np.nan if measure.null_se is None else float(divide(value, measure.null_se(view)))
    match rule:
        case NormalT():
            return t, _normal_sig(t)
        case CorrelationT():
            df = float(view.n) - 2
            # 1 − r² within 64 ulps of 0 is 0 (the conventions' round-off rule): r = ±1 but for the order of
            # the sums, which differs between a table and its transpose (−1 and −1 + 2⁻⁵³: T −inf and −1.2·10⁸)
            gap = 1 - value * value
            gap = 0.0 if gap <= 64 * np.finfo(float).eps else gap
            t = float(divide(value * np.sqrt(df), np.sqrt(gap), infinite=True)) if df > 0 else np.nan
            return t, float(two_sided_p(t, df))
    found = independence(view)
    if found is None:
        return t, np.nan
    x2, g2, df = found
    match rule:
        case PearsonChiSquare():
            return t, float(chi2_sf(x2, df))
        case LikelihoodRatio():
            return t, float(chi2_sf(max(g2, 0.0), df))
        case LightMargolin():
            totals = view.row_totals if rule.dependent == "rows" else view.col_totals
            statistic = (float(view.n) - 1) * (int((totals > 0).sum()) - 1) * value
            return t, float(chi2_sf(statistic, df)) if np.isfinite(value) else np.nan
    raise TypeError(f"unknown significance rule {rule!r}")


def _prints_ase(measure: Measure) -> bool:
    """Whether SPSS prints the measure's ASE: not for the chi-square based measures (phi, V, CC) nor for eta."""
    return measure.significance is not None and not isinstance(measure.significance, PearsonChiSquare)


def _kappa(table: np.ndarray) -> dict:
    """Cohen's kappa with the Fleiss–Cohen–Everitt ASE (H1) and T = kappa / ASE under H0."""
    k = table.shape[0]
    places = np.arange(k)
    kappa, var1, var0 = (float(v) for v in kappa_variances(TableView(table, places, places, places, places, k)))
    tt = float(divide(kappa, np.sqrt(var0))) if var0 > 0 else np.nan
    return _row(kappa, np.sqrt(var1), tt, _normal_sig(tt), NORMAL + " (Fleiss, Cohen & Everitt 1969)",
                note=ZERO_ASE if np.isfinite(kappa) and var0 == 0 else "")


def _scores(scores, n: int, what: str) -> np.ndarray:
    if scores is None:
        return np.arange(1.0, n + 1)
    out = np.asarray(scores, dtype=np.float64)
    if out.shape != (n,) or not np.all(np.isfinite(out)):
        raise ValueError(f"{what} must be {n} finite numbers, one for each {what.split('_')[0]} of the table")
    return out


def _keywords(keywords) -> list[str]:
    if keywords is None:
        return list(KEYWORDS)
    words = [keywords] if isinstance(keywords, str) else list(keywords)
    chosen = []
    for word in words:
        key = str(word).lower()
        if key == "all":
            return list(KEYWORDS)
        if key not in KEYWORDS:
            raise ValueError(f"unknown keyword {word!r}: use SPSS's /STATISTICS words {sorted(KEYWORDS)}")
        chosen.append(key)
    return chosen


def _records(view: TableView, codes: list[str]) -> dict[str, dict]:
    """The rows of the records ``codes`` on one table: value, ASE1 (where SPSS prints it), T and Sig."""
    chosen = [REGISTRY[code] for code in codes]
    values = {m.code: float(m.compute(view)) for m in chosen}
    printed = [m for m in chosen if _prints_ase(m)]
    partials = [(m.spss_gradient or m.gradient)(view) for m in printed]
    variances = partials_variances(TableCells(view.counts), view.rows, view.cols, partials) if printed else []
    ase = {m.code: float(np.sqrt(max(float(v), 0.0))) for m, v in zip(printed, variances, strict=True)}
    out = {}
    for m in chosen:
        value = values[m.code]
        t, p = significance(m, view, value)
        # a value whose T is value / ASE0 with ASE0 = 0: SPSS prints no T (nor a normal Sig.) and says why
        zero = m.null_se is not None and np.isfinite(value) and np.isnan(t) and float(m.null_se(view)) == 0
        out[m.code] = _row(value, ase.get(m.code, np.nan), t, p, m.significance_method or "value only",
                           note=ZERO_ASE if zero else "")
    return out


def association_measures(table: np.ndarray, row_scores=None, col_scores=None, keywords=None) -> pd.DataFrame:
    """SPSS CROSSTABS' Symmetric Measures and Directional Measures of one two-way table.

    Each statistic comes with SPSS's columns: its value, the asymptotic standard error (ASE1, without assuming
    independence), the approximate T (the value over its standard error under independence, or the t statistic
    for the correlations) and the approximate two-sided significance, computed as "IBM SPSS Statistics
    Algorithms — CROSSTABS" documents them, from the association records of the registry (see the module
    docstring and ``docs/notes/statistics.md``).

    Parameters
    ----------
    table : numpy.ndarray
        I×J table of non-negative counts (frequency weights may be fractional). Rows are one variable and
        columns the other, each in its category order; empty rows and columns are left out, as SPSS does.
    row_scores, col_scores : array_like, optional
        Scores of the rows and the columns for Pearson's R and eta (SPSS uses the codes of numeric variables).
        Default: the positions 1, 2, …. The ordinal measures use the order of the rows and columns only.
    keywords : str or sequence of str, optional
        SPSS's ``/STATISTICS`` words: ``"phi"`` (phi and Cramér's V), ``"cc"``, ``"lambda"`` (lambda and
        Goodman and Kruskal's tau), ``"uc"``, ``"btau"``, ``"ctau"``, ``"gamma"``, ``"d"``, ``"eta"``,
        ``"corr"`` (Spearman and Pearson), ``"kappa"``, or ``"all"``. None (the default) gives all of them.

    Returns
    -------
    pandas.DataFrame
        One row per statistic, indexed by (table, measure): table "Symmetric Measures" or "Directional
        Measures", measure as SPSS labels it (directional ones as "Lambda — Rows Dependent" and so on).
        Columns ``scale`` (SPSS's group, e.g. "Ordinal by Ordinal"), ``value``, ``ase``, ``t``, ``pvalue``
        (float, NaN where SPSS prints nothing or the statistic is undefined), ``method`` (what the
        significance rests on) and ``note`` (why a value is undefined; empty otherwise). ``attrs["codes"]``
        maps each measure's title to the code of its record (:data:`RECORDS`).

    Warns
    -----
    UndefinedMeasureWarning
        When a value is undefined (0/0, e.g. a table with a single non-empty row); it is NaN and its note says
        why.

    Notes
    -----
    Kappa needs a square table whose rows and columns are the same categories in the same order; otherwise
    its value is NaN with a note (SPSS prints no kappa then). Phi of a 2×2 table carries the sign of
    f₁₁f₂₂ − f₁₂f₂₁, as SPSS prints it. A tie for a modal category in lambda takes the first category.

    Examples
    --------
    >>> import numpy as np
    >>> from pandas_agree.inference.association import association_measures
    >>> t = np.array([[76, 78, 16, 7], [19, 29, 10, 13], [2, 6, 7, 8]])  # Marques de Sá (2007), Table 5.13
    >>> out = association_measures(t, keywords=["gamma", "corr"])
    >>> out.loc[("Symmetric Measures", "Gamma"), ["value", "ase", "t"]].astype(float).round(3).tolist()
    [0.486, 0.076, 5.458]
    >>> out.loc[("Symmetric Measures", "Spearman Correlation"), ["value", "ase", "t"]].astype(float).round(3).tolist()
    [0.332, 0.058, 5.766]
    """
    full = np.asarray(table, dtype=np.float64)
    if full.ndim != 2 or full.shape[0] < 1 or full.shape[1] < 1:
        raise ValueError(f"table must be a two-way table of counts, got shape {full.shape}")
    if not np.all(np.isfinite(full)) or np.any(full < 0):
        raise ValueError("table must hold finite, non-negative counts")
    x_all = _scores(row_scores, full.shape[0], "row_scores")
    y_all = _scores(col_scores, full.shape[1], "col_scores")
    chosen = _keywords(keywords)

    keep_r, keep_c = full.sum(axis=1) > 0, full.sum(axis=0) > 0
    f = full[keep_r][:, keep_c]
    q = min(f.shape)
    results: dict[str, dict] = {}
    constant = ""
    if f.size == 0:
        constant = "the table is empty"
    elif q < 2:
        constant = "no statistics are computed: one of the variables is a constant (a single non-empty " + \
            ("row" if f.shape[0] < 2 else "column") + ")"
    if not constant:
        none = np.empty(0, dtype=int)
        view = TableView(f, none, none, np.arange(f.shape[0]), np.arange(f.shape[1]), max(f.shape),
                         row_scores=x_all[keep_r], col_scores=y_all[keep_c])
        codes = [code for key in chosen if key != "kappa" for _, code in RECORDS[key]]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            results.update(_records(view, codes))
    if "kappa" in chosen:
        if full.shape[0] != full.shape[1]:
            results["KAPPA"] = _row(note=NOT_APPLICABLE + ": kappa needs a square table whose rows and columns "
                                         "are the same categories in the same order")
        elif full.sum() > 0:
            results["KAPPA"] = _kappa(full)

    rows, index = [], []
    for group, order in ((SYMMETRIC, _SYMMETRIC_ORDER), (DIRECTIONAL, _DIRECTIONAL_ORDER)):
        for key in order:
            if key not in chosen:
                continue
            for name, code in RECORDS[key]:
                row = results.get(code) or _row(note=constant)
                if np.isnan(row["value"]) and not row["note"]:
                    row["note"] = "undefined (0/0): a denominator of its formula is 0"
                scale = AGREEMENT if code == "KAPPA" else _LEVELS[REGISTRY[code].level]
                rows.append({"scale": scale, **row})
                index.append((group, name))
    out = pd.DataFrame(rows, index=pd.MultiIndex.from_tuples(index, names=["table", "measure"]), columns=COLUMNS)
    out.attrs["codes"] = {name: code for key in chosen for name, code in RECORDS[key]}
    undefined = [name for (_, name), value, note in zip(index, out["value"], out["note"], strict=True)
                 if np.isnan(value) and not note.startswith(NOT_APPLICABLE)]
    warn_undefined({name: None for name in undefined})
    return out


# --- intervals of the functions of Pearson's X² and of the maximum kappa ---------------------------------------------

def _at_entries(view: TableView, partials: TablePartials) -> np.ndarray:
    """The gradient ∂f/∂n at each non-empty cell of one table (:attr:`TableView.entries`) from the partials of an
    association record (rows, columns and cells; the part in N left out)."""
    i, j, n = view.entries
    g = np.zeros(len(n))
    for part, index in ((partials.rows, i), (partials.cols, j)):
        if part is not None:
            g = g + np.asarray(part, dtype=float)[index]
    return g if partials.cells is None else g + np.asarray(partials.cells, dtype=float)


def _phi_correlation(measure: Measure, view: TableView, opts: IntervalOptions) -> Estimate:
    """Phi of a 2×2 table, a correlation: the linearised interval on Fisher's z scale."""
    value = np.float64(measure.compute(view))  # numpy floats: ±1 gives an infinite z, not ZeroDivisionError
    gradient = _at_entries(view, measure.gradient(view))
    se = np.float64(np.sqrt(linearised_variance(view.entries[2], gradient, opts.design, view.entries[0])))
    with np.errstate(divide="ignore", invalid="ignore"):
        centre, spread = np.arctanh(value), opts.z * se / (1 - value * value)
        lower, upper = np.tanh(centre - spread), np.tanh(centre + spread)
    if not abs(value) < 1 or not np.isfinite(se):  # on the edge: the Wald interval, clipped
        lower, upper = value - opts.z * se, value + opts.z * se
    return clipped(measure, value, se, lower, upper, "linearised (Fisher's z scale), a 2×2 table")


def chi_square_interval(measure: Measure, view: TableView, opts: IntervalOptions) -> Estimate:
    """A function of Pearson's X² (Cramér's V, phi, the contingency coefficient: the records whose interval is
    :class:`~pandas_agree.measures.interval_methods.NoncentralChiSquare`) with the interval of the noncentrality
    of X², mapped (Smithson 2003; Bonett 2021).

    Under an association, X² on df = (I − 1)(J − 1) degrees of freedom (over the rows and columns with objects) is
    noncentral χ² with noncentrality λ = N φ² (φ² = V² (m − 1), m = min(I, J), the population's). The interval of
    λ inverts that distribution at X² (:func:`noncentral_v_interval`), and each measure maps it: V = √(λ/(N (m −
    1))), at most 1; φ = √(λ/N), at most √(m − 1); the contingency coefficient √(λ/(λ + N)), at most √((m − 1)/m).
    Phi of a 2×2 table is signed and is a correlation: its interval is the linearised one on Fisher's z scale.
    The SE is the one the interval implies, (upper − lower)/(2 z), as statpsych reports it; where X² falls below
    the α/2 quantile of the central χ² the interval is [0, 0], with a note (see :func:`cramer_v_interval`), and
    where X² is not far above its df the interval may lie below the measure itself, which a note explains.
    """
    form = measure.interval.form
    if form == "phi" and not np.isnan(two_by_two(view)[0]):
        return _phi_correlation(measure, view, opts)
    method = "noncentral χ² inversion of Pearson's X² (Smithson 2003; Bonett 2021)"
    found = independence(view)
    if found is None:
        nan = np.float64(np.nan)
        return Estimate(nan, nan, nan, nan, method)
    x2, _, df = found
    n = float(view.n)
    smaller = min(int((view.row_totals > 0).sum()), int((view.col_totals > 0).sum())) - 1
    lam_lower, lam_upper, degenerate = noncentrality_interval(x2, df, opts.confidence_level)

    def mapped(lam: float) -> float:
        if form == "cramer":
            return min(1.0, float(np.sqrt(lam / (n * smaller))))
        if form == "phi":
            return min(float(np.sqrt(smaller)), float(np.sqrt(lam / n)))
        return min(float(np.sqrt(smaller / (smaller + 1))), float(np.sqrt(lam / (lam + n))))

    lower, upper = mapped(lam_lower), mapped(lam_upper)
    alpha = 1 - opts.confidence_level
    note = None
    if degenerate:
        shown = rounded_text(x2, 4, "g")
        note = (f"{measure.code}'s interval is [0, 0]: X² = {shown} on {df} df lies below the {alpha / 2:g} quantile "
                f"of the central χ², so that no noncentrality leaves it inside the central {1 - alpha:g} of its "
                "distribution (the table is closer to independence than chance alone makes a table). "
                f"{measure.code} is near 0, but the interval cannot say how near.")
    value = np.float64(measure.compute(view))
    if not degenerate and value > upper * (1 + 1e-12):  # one note for every measure of X² it applies to
        shown = rounded_text(x2, 4, "g")
        note = (f"The noncentral χ² interval of a measure of Pearson's X² lies below its value here: X² = {shown} on "
                f"{df} df is near its df, and the measure takes all of X² as association, whereas X² averages df + λ "
                "under an association of noncentrality λ (df under independence). The interval estimates the "
                "population's value, which the measure overstates in a table this close to independence "
                "(Smithson 2003).")
    return Estimate(value, np.float64((upper - lower) / (2 * opts.z)), np.float64(lower), np.float64(upper),
                    method + (", degenerate" if degenerate else ""), note=note)


def cramer_v_interval(view: TableView, opts: IntervalOptions) -> Estimate:
    """Cramér's V with the interval of the noncentrality of Pearson's X², mapped (Smithson 2003; Bonett 2021).

    Under an association of population V, X² on df = (I − 1)(J − 1) degrees of freedom (over the rows and columns
    with objects) is noncentral χ² with noncentrality λ = N (m − 1) V², m = min(I, J). The interval of λ inverts
    that distribution at X²: λ_L with P(χ²_df(λ_L) ≤ X²) = 1 − α/2 (0 where even λ = 0 gives less, that is where
    the test of independence does not reject at level α), λ_U with P(χ²_df(λ_U) ≤ X²) = α/2; V's interval is
    √(λ/(N (m − 1))), at most 1 (statpsych's ``ci.cramer``; Smithson's √((λ + df)/(N (m − 1))), as R's confintr
    writes it, is an error that Bonett's statpsych 1.5 corrects). This is the interval of RMSEA (Browne & Cudeck
    1993) for a table. The delta method cannot give it near V = 0, where √ has no slope: there its SE grows
    without bound and the logit-scale Wald interval spans nearly all of [0, 1] (V = 0.024 of [[10, 10],
    [10, 11]]: [0.00000005, 0.9999]; here [0, 0.278]).

    The SE is the one the interval implies, (upper − lower)/(2 z), as statpsych reports it. Where X² falls below
    the α/2 quantile of the central χ² (the table is closer to independence than chance makes it), no λ ≥ 0
    leaves X² inside the central 1 − α of its distribution: the interval is [0, 0], which leaves out V itself,
    and a note says so (effectsize and statpsych give [0, 0] there too). Noncentral χ² quantiles are those of
    ``scipy.special.chndtrinc``.

    Examples
    --------
    >>> import numpy as np
    >>> from pandas_agree.engine.tableview import TableView
    >>> from pandas_agree.inference.estimates import IntervalOptions
    >>> t = np.array([[10.0, 10], [10, 11]])
    >>> e = cramer_v_interval(TableView(t, np.arange(2), np.arange(2), np.arange(2), np.arange(2), 2),
    ...                       IntervalOptions("auto"))
    >>> [round(float(x), 4) for x in (e.value, e.lower, e.upper)]
    [0.0238, 0.0, 0.2785]
    """
    return chi_square_interval(REGISTRY["CRAMERV"], view, opts)


def noncentrality_interval(x2: float, df: float, confidence_level: float = 0.95) -> tuple[float, float, bool]:
    """The interval of the noncentrality λ of Pearson's X² on ``df`` degrees of freedom: λ_L with P(χ²_df(λ_L) ≤
    X²) = 1 − α/2 and λ_U with P(χ²_df(λ_U) ≤ X²) = α/2 (0 where even λ = 0 gives at most that probability), and
    whether it is degenerate (X² below the α/2 quantile of the central χ²: [0, 0]).

    Examples
    --------
    >>> # R: uniroot(function(l) pchisq(19.21, 2, ncp = l) - p, c(0, 200)) gives 5.128376 (p = .975), 39.027714
    >>> [round(x, 3) for x in noncentrality_interval(19.21, 2)[:2]]
    [5.128, 39.028]
    """
    from scipy import special

    alpha = 1 - confidence_level
    at_zero = float(special.chndtr(x2, df, 0.0))

    def noncentrality(p: float) -> float:  # λ with P(χ²_df(λ) ≤ X²) = p, or 0 where even λ = 0 gives at most p
        if not at_zero > p:
            return 0.0
        found = _secant_noncentrality(x2, df, p)
        return float(special.chndtrinc(x2, df, p) if found is None else found)

    return noncentrality(1 - alpha / 2), noncentrality(alpha / 2), at_zero <= alpha / 2


def _secant_noncentrality(x2: float, df: float, p: float) -> float | None:
    """λ with P(χ²_df(λ) ≤ x2) = p (which the caller knows lies above 0), by the secant method on
    ``scipy.special.chndtr`` from the Cornish–Fisher quantile of the noncentral χ² (its cumulants κ_r = 2^(r−1)
    (r − 1)! (df + r λ); with many degrees of freedom the start is within a millionth of a standard deviation), to
    a relative step of 10⁻¹⁴ (where chndtr's own rounding, about 10⁻¹³ in the probability, leaves λ), safeguarded by
    the bracket the evaluations find; None where it does not settle (the caller then uses ``chndtrinc``).

    Each evaluation of the noncentral χ² sums of the order of √λ Poisson terms (a tenth of a millisecond at a
    table of 2·10⁵ rows): the secant method needs two to five of them where ``chndtrinc``'s search needs fifteen
    to twenty, at any degrees of freedom (the two agree to 3·10⁻¹⁴ relative over df 1–99, X² 0.5–10⁷)."""
    from scipy import special

    z = float(special.ndtri(p))
    guess = 0.0
    for _ in range(3):  # the λ whose Cornish–Fisher p-quantile (to the skewness term) is x2, by fixed point
        variance = 2 * (df + 2 * guess)
        skewness = 8 * (df + 3 * guess) / variance**1.5
        guess = max(x2 - df - np.sqrt(variance) * (z + (z * z - 1) * skewness / 6), 0.0)
    if not (np.isfinite(guess) and guess > 0):
        return None

    def f(lam: float) -> float:
        return float(special.chndtr(x2, df, lam)) - p

    # P(χ² ≤ x2) falls as λ grows: its slope is about −φ(z)/sd
    slope = -np.exp(-z * z / 2) / np.sqrt(2 * np.pi * 2 * (df + 2 * guess))
    below, above = 0.0, np.inf  # f > 0 below the root, f < 0 above it
    a, fa = guess, f(guess)
    if fa == 0:
        return a
    b = max(a - fa / slope, 0.0)
    for _ in range(40):
        fb = f(b)
        if not np.isfinite(fb):
            return None
        if fb == 0:
            return b
        if fb > 0:
            below = max(below, b)
        else:
            above = min(above, b)
        if fa > 0:
            below = max(below, a)
        else:
            above = min(above, a)
        step = fb * (b - a) / (fb - fa) if fb != fa else np.nan
        if abs(step) <= 1e-14 * abs(b):  # settled, to chndtr's own precision
            return b
        c = b - step
        if not (below < c < above) or not np.isfinite(c):  # out of the bracket: bisect it (or step past its end)
            c = (below + above) / 2 if np.isfinite(above) else 2 * max(b, below) + 1.0
            if c in (below, above):
                return b
        a, fa, b = b, fb, c
    return None


def noncentral_v_interval(x2: float, df: float, n: float, smaller: int,
                          confidence_level: float = 0.95) -> tuple[float, float, bool]:
    """The interval of Cramér's V from Pearson's X² on ``df`` degrees of freedom, N = ``n`` and min(I, J) − 1 =
    ``smaller`` (:func:`cramer_v_interval`): √(λ/(N·smaller)) at the ends λ_L, λ_U of the noncentrality's
    interval (:func:`noncentrality_interval`), each at most 1, and whether it is degenerate (X² below the α/2
    quantile of the central χ²: [0, 0]).

    Examples
    --------
    >>> # statpsych: ci.cramer(.05, 19.21, 2, 3, 200) gives LL 0.1601, UL 0.4417
    >>> [round(x, 4) for x in noncentral_v_interval(19.21, 2, 200, 1)[:2]]
    [0.1601, 0.4417]
    """
    lam_lower, lam_upper, degenerate = noncentrality_interval(x2, df, confidence_level)
    lower, upper = (min(1.0, float(np.sqrt(lam / (n * smaller)))) for lam in (lam_lower, lam_upper))
    return lower, upper, degenerate


def _margin_gradient(view: TableView, pe: float, difference: np.ndarray, spread: np.ndarray):
    """The gradient, at each non-empty cell, of 1 − T/(1 − Pe) with T = Σ_k s_k (p_k· − p_·k)/2 (the signs fixed)
    and Pe = Σ_k p_k· p_·k over the union of labels, as a function of the signs s and T: what does not depend on
    them (the places of the cells, the slope of Pe) is computed once, for the sign search of
    :func:`kappa_max_interval`. ``difference`` is p_k· − p_·k of each label, ``spread`` p_·i + p_j· − 2 Pe at
    each non-empty cell (i, j)."""
    u, v = view.entry_places
    n = float(view.n)
    d_pe = spread / n

    def gradient(signs: np.ndarray, tv: float) -> np.ndarray:
        # −d_t/(1 − Pe) − T·d_pe/(1 − Pe)² with d_t = (s_u − s_v − s·(p_· − p_·))/(2N), in place (the same values)
        g = signs[u]
        g -= signs[v]
        g -= signs @ difference
        g /= 2 * n
        g /= 1 - pe
        np.negative(g, out=g)
        slope = tv * d_pe
        slope /= (1 - pe) ** 2
        g -= slope
        return g

    return gradient


class _SignSearch:
    """The search of :func:`kappa_max_interval` for the signs of the tied labels ``searched`` that give the largest
    variance under multinomial sampling: one sign turned at a time while the variance grows, each trial's variance
    found from the current one's in O(labels), not over every cell.

    ``spread`` is p_·i + p_j· − 2 Pe at each non-empty cell (i, j) (p_k· and p_·k the shares of label k).

    Under multinomial sampling the variance Σ n g² − (Σ n g)²/N does not change when a constant is added to every
    cell's gradient, so the gradient's term in s·(p_· − p_·) drops out, and with x = s_u − s_v the variance is
    A² Σ n x² + 2A Σ n x B + Σ n B² − (A Σ n x + Σ n B)²/N, A = 1/(2N(1 − Pe)) and B the slope of Pe's term in
    each cell. Σ n x and Σ n x B are linear in the signs; turning s_k changes Σ n x² by 4 s_k times the signed
    counts of row k and column k off the diagonal."""

    def __init__(self, view: TableView, signs: np.ndarray, searched: np.ndarray, pe: float, t: float,
                 counts: np.ndarray, spread: np.ndarray) -> None:
        u, v = view.entry_places
        n, q = float(view.n), view.q
        self.a, self.total = 1 / (2 * n * (1 - pe)), float(counts.sum())
        slope = t * spread / n / (1 - pe) ** 2
        weighted = counts * slope
        self.constant, self.squares = float(weighted.sum()), float((weighted * slope).sum())
        x = signs[u] - signs[v]
        self.sums = (float((counts * x).sum()), float((counts * x * x).sum()), float((weighted * x).sum()))
        # what a turn needs of row k and column k of a searched label k (by its position among them): Σ n and
        # Σ n B of its row less its column, its row's Σ_l n_kl s_l and its column's at the starting signs (what
        # turned signs add is read off the counts among the searched labels alone), from their cells alone
        self.start, self.signs, self.searched = signs.copy(), signs.copy(), searched
        m = len(searched)
        place = np.full(q, -1)
        place[searched] = np.arange(m)
        near = np.flatnonzero((place[u] >= 0) | (place[v] >= 0))
        row_at, col_at, cells, moving = place[u[near]], place[v[near]], counts[near], weighted[near]

        def summed(at: np.ndarray, values: np.ndarray) -> np.ndarray:
            kept = at >= 0
            return np.bincount(at[kept], weights=values[kept], minlength=m)

        self.linear = summed(row_at, cells) - summed(col_at, cells)
        self.crossed = summed(row_at, moving) - summed(col_at, moving)
        self.by_row = summed(row_at, cells * signs[v[near]])
        self.by_col = summed(col_at, cells * signs[u[near]])
        among = (row_at >= 0) & (col_at >= 0)
        self.between = np.zeros((m, m))
        np.add.at(self.between, (row_at[among], col_at[among]), cells[among])

    def variance(self, sums: tuple[float, float, float] | None = None) -> float:
        """The variance at the current signs, or at those whose sums Σ n x, Σ n x², Σ n x B are ``sums``."""
        s1, s2, s3 = self.sums if sums is None else sums
        a = self.a
        return max(a * a * s2 + 2 * a * s3 + self.squares - (a * s1 + self.constant) ** 2 / self.total, 0.0)

    def turned(self, at: int) -> tuple[float, float, float]:
        """The sums with the sign of ``searched[at]`` turned."""
        sign = self.signs[self.searched[at]]
        moved = self.signs[self.searched] - self.start[self.searched]
        off = (self.by_row[at] + self.between[at] @ moved + self.by_col[at] + self.between[:, at] @ moved
               - 2 * self.between[at, at] * sign)
        s1, s2, s3 = self.sums
        return s1 - 2 * sign * self.linear[at], s2 + 4 * sign * off, s3 - 2 * sign * self.crossed[at]

    def turn(self, at: int) -> None:
        self.sums = self.turned(at)
        k = self.searched[at]
        self.signs[k] = -self.signs[k]

    def settled(self) -> np.ndarray:
        """The signs at which no single turn makes the variance grow (by more than a part in 10¹²)."""
        best, improved = self.variance(), True
        while improved:
            improved = False
            for at in range(len(self.searched)):
                trial = self.variance(self.turned(at))
                if trial > best * (1 + 1e-12):
                    self.turn(at)
                    best, improved = trial, True
        return self.signs


def kappa_max_interval(view: TableView, opts: IntervalOptions) -> Estimate:
    """The maximum kappa with a delta-method interval on its own (identity) scale that allows for the kinks of
    min(n_k·, n_·k).

    KAPPA_MAX is a function of the margins only: with p_k· and p_·k the shares of label k on each side (over the
    union of labels), Σ_k min(p_k·, p_·k) = 1 − T with T = Σ_k max(p_k· − p_·k, 0) = ½ Σ_k |p_k· − p_·k| (the
    total variation distance between the margins), so KAPPA_MAX = 1 − T/(1 − Pe), at least 0 (min(p, q) ≥ pq).
    T is a sum of absolute differences: its estimate is biased up where a difference is near 0, and no scale
    makes the delta method right at such a kink, so the interval is built as follows.

    * SE: the delta method with each difference's sign fixed at its observed sign; where a difference is exactly
      0 (a tie, which the central-difference gradient splits into a slope of 0), the signs of the tied labels
      that give the largest variance (one sign turned at a time while the variance grows).
    * Lower end: value − z·SE, on the identity scale (not Fisher's z, whose slope 1/(1 − v²) near 1 turned
      0.994 ± 0.05 into [−1, 1]), at least 0.
    * Upper end: the largest of value + z·SE; the same with the labels whose margin difference lies within
      z_{α/(2K)} standard errors of 0 left out of T (they may well be 0: T is at least the rest); and 1 where the
      Stuart–Maxwell test (Stuart 1955; Maxwell 1970) does not reject equal margins at level α (KAPPA_MAX = 1
      exactly when the margins are equal). At most 1.

    In a simulation of 1,000 tables per cell (2, 3 and 5 labels; equal, nearly equal and different margins;
    N = 50, 200, 1000) it covered 0.95–0.99 of nominal 0.95, where the Fisher-z Wald interval covered 0.00–0.96
    (0.00–0.10 with equal margins) and the plain Wald interval on the identity scale 0.61–0.97 (docs/notes/
    intervals.md).

    Examples
    --------
    >>> import numpy as np
    >>> from pandas_agree.engine.tableview import TableView
    >>> from pandas_agree.inference.estimates import IntervalOptions
    >>> t = np.array([[3.0, 1], [1, 3]])  # equal margins: KAPPA_MAX is 1
    >>> e = kappa_max_interval(TableView(t, np.arange(2), np.arange(2), np.arange(2), np.arange(2), 2),
    ...                        IntervalOptions("auto"))
    >>> [round(float(x), 4) for x in (e.value, e.se, e.lower, e.upper)]
    [1.0, 0.3536, 0.307, 1.0]
    """
    method = "linearised (identity scale), kink-aware upper end"
    n = float(view.n)
    rows = np.zeros(view.q)
    cols = np.zeros(view.q)
    rows[view.row_place] = view.row_totals / n
    cols[view.col_place] = view.col_totals / n
    difference = rows - cols
    pe = float(rows @ cols)
    tv = float(np.maximum(difference, 0.0).sum())
    nan = np.float64(np.nan)
    if not n > 0 or not pe < 1:
        return Estimate(nan, nan, nan, nan, method)
    value = 1 - tv / (1 - pe)
    counts, cell_rows = view.entries[2], view.entries[0]

    u, v = view.entry_places
    spread = cols[u] + rows[v] - 2 * pe  # the slope of Pe at each non-empty cell, times N
    gradient = _margin_gradient(view, pe, difference, spread)
    multinomial = isinstance(opts.design, str) and opts.design == "multinomial"
    total = counts.sum()

    def variance(signs: np.ndarray, t: float) -> float:
        g = gradient(signs, t)
        if multinomial:  # linearised_variance's sums over the non-empty cells, which these all are (no search)
            ng = counts * g
            return float(np.maximum((ng * g).sum(axis=0) - ng.sum(axis=0) ** 2 / total, 0.0))
        return float(linearised_variance(counts, g, opts.design, cell_rows))

    signs = np.sign(difference)
    tied = np.flatnonzero((difference == 0) & (rows + cols > 0))
    signs[tied] = 1.0
    # the sign search turns at most 12 tied labels, those with the largest margins (the others keep +1)
    searched = tied[np.argsort(-(rows + cols)[tied], kind="stable")[:12]]
    if multinomial and len(searched):
        signs = _SignSearch(view, signs, searched, pe, tv, counts, spread).settled()
    else:
        best = variance(signs, tv)
        improved = len(searched) > 0
        while improved:  # turn one tied sign at a time while the variance grows
            improved = False
            for k in searched:
                signs[k] = -signs[k]
                trial = variance(signs, tv)
                if trial > best * (1 + 1e-12):
                    best, improved = trial, True
                else:
                    signs[k] = -signs[k]
    best = variance(signs, tv)
    se = np.sqrt(best)
    z = opts.z
    upper = value + z * se
    # the labels whose margins may well be equal: their differences are left out of T. The SE of a difference is
    # the multinomial one, √((n_k· + n_·k − 2 n_kk)/N² − d_k²/N), whatever the resampling model: it only screens
    labels = np.flatnonzero(rows + cols > 0)
    places, col_places = view.entry_places
    matched = np.bincount(places, weights=np.where(places == col_places, counts, 0.0), minlength=view.q)
    spread = np.sqrt(np.maximum((rows + cols)[labels] / n - 2 * matched[labels] / n**2 - difference[labels]**2 / n,
                                0.0))
    bonferroni = -float(normal_ppf((1 - opts.confidence_level) / (2 * len(labels))))
    clear = np.zeros(view.q, dtype=bool)
    clear[labels] = np.abs(difference[labels]) > bonferroni * spread
    kinked = int(len(labels) - clear[labels].sum())
    if kinked:
        kept = np.where(clear, np.sign(difference), 0.0)
        part = float(kept @ difference) / 2
        upper = max(upper, 1 - part / (1 - pe) + z * np.sqrt(variance(kept, part)))
    homogeneous = _equal_margins_accepted(view, opts.confidence_level)
    if homogeneous:
        upper = 1.0
    notes = []
    if kinked:
        notes.append(f"KAPPA_MAX = 1 − T/(1 − Pe), T the total variation distance between the two margins, has a kink "
                     f"wherever a label's two margins are equal, where the delta method does not apply: {kinked} of "
                     f"{len(labels)} labels have margins within {rounded_text(bonferroni, 3, 'g')} "
                     f"standard errors (z at α/(2K)) of "
                     "equal. The upper end of KAPPA_MAX's interval leaves them out of T"
                     + (", and is 1: the Stuart–Maxwell test does not reject equal margins." if homogeneous else "."))
    if len(tied):
        labels_have = "1 label has" if len(tied) == 1 else f"{len(tied)} labels have"
        notes.append(f"{labels_have} equal margins: KAPPA_MAX's SE takes the signs of the margin "
                     "differences that give the largest variance (at the tie the gradient's slope is 0, which would "
                     "give an interval of zero width).")
    note = " ".join(notes) or None
    return Estimate(np.float64(value), np.float64(se), np.float64(max(0.0, value - z * se)),
                    np.float64(min(1.0, upper)), method, note=note)


def _equal_margins_accepted(view: TableView, confidence_level: float) -> bool:
    """Whether the Stuart–Maxwell test of equal margins over the union of labels does not reject at level
    1 − ``confidence_level``: d' V⁺ d on rank(V) df (:func:`~.tests.homogeneity_statistic`), d the margin
    differences in counts and V their covariance under equal margins (V_kk = n_k· + n_·k − 2 n_kk, V_kl = −(n_kl +
    n_lk)); labels without objects off the diagonal (d_k = 0 and no variance) drop out, and where no object is off
    the diagonal the margins are equal. Only up to 200 labels (its dense matrix); beyond, False."""
    if view.q > 200:
        return False
    if view.q < 2:
        return True  # a single label: its margins are equal
    statistic, df = homogeneity_statistic(view)
    return df == 0 or bool(chi2_sf(statistic, df) > 1 - confidence_level)
