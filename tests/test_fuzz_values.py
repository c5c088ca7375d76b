"""A value fuzzer: random label columns (integers with 0 and negatives, text with lone surrogates and of thousands of
characters, booleans and integers in one object column, labels that print alike, tuples; object, typed, nullable
and categorical columns; missing values, weights, ``labels=`` orders) and random ratings, with every value that a
reference library computes compared with it, to 1e-10 relative (or the reference's own precision):

- scikit-learn: confusion_matrix; precision, recall, F1 and F-beta per class and their macro, weighted and micro
  averages, with zero_division and labels=; cohen_kappa_score unweighted, linear and quadratic in the labels=
  order; matthews_corrcoef (multiclass, and one class against the rest); balanced_accuracy_score;
  accuracy_score;
- statsmodels: inter_rater.cohens_kappa with its standard errors and z test (unweighted and weighted);
  inter_rater.fleiss_kappa; contingency_tables.mcnemar (exact, and the χ² with continuity correction);
  SquareTable's symmetry (Bowker) and homogeneity (Stuart–Maxwell) tests; Table.test_nominal_association;
  StratifiedTable (Mantel–Haenszel test, common odds ratio, Breslow–Day) over the groups of a report;
- scipy: stats.chi2_contingency with and without the continuity correction and as the likelihood ratio;
  fisher_exact of 2×2 tables; kendalltau (tau-b, tau-c), spearmanr and pearsonr of the crosstab's scores;
  contingency.association (Cramér's V, the contingency coefficient); optimize.linear_sum_assignment for match=;
- krippendorff: alpha at every level of measurement, with missing ratings, zeros and negative interval values.

The library sees the labels; the references see integer codes, the position of each label in ``Agreement.labels``
(the library's own order, which labels= sets), so that an order-dependent value is compared in the same order.
Where the library deliberately differs from a reference the comparison takes the documented option that
reproduces the reference, or the documented convention, and cites the note that documents it.

The default run tries a few cases of each kind (a few seconds); ``pytest -m slow`` tries 500 label columns, 300 sets
of ratings and 100 grouped tables.
"""

from __future__ import annotations

import contextlib
import math
import warnings

import krippendorff
import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, Phase, assume, given, settings
from hypothesis import strategies as st
from scipy import optimize, stats
from scipy.stats import contingency
from sklearn import metrics
from statsmodels.stats import contingency_tables, inter_rater

import pandas_agree as pa

from ._fuzz_labels import FORMS, POOLS, as_series, label_key, label_pool, missing

REL, ABS = 1e-10, 1e-12
KINDS = [k for k in POOLS if k != "mixed"]  # every label class (the mixed pool is the other classes together)


def close(ours, theirs, what: str, rel: float = REL, abs_: float = ABS) -> None:
    """``ours`` equals the reference's ``theirs`` (NaN equals NaN, an infinity itself)."""
    ours, theirs = float(ours), float(theirs)
    if math.isnan(theirs) or math.isnan(ours):
        assert math.isnan(theirs) and math.isnan(ours), f"{what}: pandas_agree {ours!r}, reference {theirs!r}"
        return
    assert math.isclose(ours, theirs, rel_tol=rel, abs_tol=abs_), f"{what}: pandas_agree {ours!r}, reference {theirs!r}"


def close_se(ours, variance, what: str) -> None:
    """A standard error against the reference's variance: a variance that is 0 comes out of the rounding as ±1e-17
    or so, whose square root (about 1e-8, or NaN) is the reference's own precision there."""
    close(float(ours) ** 2, variance, what, rel=1e-9, abs_=1e-13)


def close_z(ours: pd.Series, ref, what: str) -> None:
    """A kappa's z test (kappa over its SE under H0) against statsmodels' ``cohens_kappa``. Where the variance under
    H0 is 0 (as when one side has a single label), z is 0/0: NaN here (docs/notes/conventions.md, "Undefined
    values"), while statsmodels divides a kappa and an SE that are 0 up to rounding (its z is then 0, 1e-8 or NaN)."""
    if abs(ref.var_kappa0) < 1e-14:
        assert np.isnan(ours["statistic"]) or math.isclose(ours["statistic"], ref.z_value, rel_tol=REL, abs_tol=ABS), (
            f"{what}: pandas_agree {ours['statistic']!r} where the variance under H0 is 0")
        return
    close(ours["statistic"], ref.z_value, what)
    close(ours["pvalue"], ref.pvalue_two_sided, f"p of {what}")


@contextlib.contextmanager
def quiet():
    """Undefined values warn (pa.UndefinedMeasureWarning, scikit-learn's UndefinedMetricWarning): here they are
    compared, not warned about."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


# --- label columns --------------------------------------------------------------------------------------------------

@st.composite
def label_data(draw, max_rows: int = 40):
    """Two label columns (reference, prediction), weights (None, integers or fractions, zeros among them) and
    ``labels=`` (None, or every observed label in a random order, perhaps with an unobserved one)."""
    kind, pool = draw(label_pool(kinds=KINDS, min_size=1, max_size=draw(st.sampled_from([2, 2, 3, 5]))))
    n = draw(st.integers(1, max_rows))
    other = pool
    if draw(st.integers(0, 4)) == 0:  # another label set for the prediction (labels on one side only)
        other = draw(label_pool(kinds=[kind], min_size=1, max_size=4))[1]
    y_true = [draw(st.sampled_from(pool)) for _ in range(n)]
    y_pred = [y_true[i] if y_true[i] in other and draw(st.integers(0, 2)) else draw(st.sampled_from(other))
              for i in range(n)]
    if draw(st.integers(0, 3)) == 0:
        for i in draw(st.lists(st.integers(0, n - 1), max_size=max(1, n // 4))):
            (y_true if draw(st.booleans()) else y_pred)[i] = None
    weights = draw(st.sampled_from(["none", "none", "integer", "fraction"]))
    w = None
    if weights != "none":
        w = [float(draw(st.sampled_from([0, 1, 2, 3] if weights == "integer" else [0.5, 1.0, 2.5, 0.0]))) for _ in
             range(n)]
    labels = None
    if draw(st.integers(0, 2)) == 0:
        seen = {}
        for x in [*y_true, *y_pred]:
            if not missing(x):
                seen.setdefault(label_key(x), x)
        unused = [x for x in pool + other if label_key(x) not in seen]
        labels = draw(st.permutations(list(seen.values()) + unused[:draw(st.integers(0, 1))]))
    forms = (draw(st.sampled_from(FORMS)), draw(st.sampled_from(FORMS)))
    return {"y_true": y_true, "y_pred": y_pred, "weights": w, "labels": labels, "forms": forms, "pools": (pool, other)}


def labels_case(y_true: list, y_pred: list, weights: list | None = None, labels: list | None = None,
                forms: tuple[str, str] = ("object", "object")) -> dict:
    """A case of :func:`label_data` written out (for the examples of the tests)."""
    return {"y_true": list(y_true), "y_pred": list(y_pred), "weights": weights, "labels": labels, "forms": forms,
            "pools": (list(dict.fromkeys(y_true)), list(dict.fromkeys(y_pred)))}


class Coded:
    """The rows as the references see them: the valid rows (both labels present, weight > 0), each label as its
    position in ``ag.labels``, their weights, and the q × q table over those codes."""

    def __init__(self, case: dict, ag: pa.Agreement) -> None:
        order = [label_key(x) for x in ag.labels]
        assert len(set(order)) == len(order), f"a label repeated in Agreement.labels: {list(ag.labels)!r}"
        self.code = {k: i for i, k in enumerate(order)}
        self.q = len(order)
        w = case["weights"] or [1.0] * len(case["y_true"])
        keep = [i for i, (x, y) in enumerate(zip(case["y_true"], case["y_pred"], strict=True))
                if not missing(x) and not missing(y) and w[i] > 0]
        keys_t = [label_key(case["y_true"][i]) for i in keep]
        keys_p = [label_key(case["y_pred"][i]) for i in keep]
        observed = set(keys_t) | set(keys_p)
        if case["labels"] is None:
            assert set(order) == observed, f"Agreement.labels {order} are not the observed labels {observed}"
        else:
            assert order == [label_key(x) for x in case["labels"]], (
                f"Agreement.labels {list(ag.labels)!r} are not labels= {case['labels']!r}")
        self.t = np.array([self.code[k] for k in keys_t], dtype=np.int64)
        self.p = np.array([self.code[k] for k in keys_p], dtype=np.int64)
        self.w = np.array([w[i] for i in keep], dtype=float)
        self.weighted = case["weights"] is not None
        self.table = np.zeros((self.q, self.q))
        np.add.at(self.table, (self.t, self.p), self.w)
        self.integral = bool(np.all(self.w == np.round(self.w)))
        self.rows_seen = self.table.sum(axis=1) > 0
        self.cols_seen = self.table.sum(axis=0) > 0

    def expanded(self) -> tuple[np.ndarray, np.ndarray]:
        """One row per object (integer weights only)."""
        reps = np.round(self.w).astype(np.int64)
        return np.repeat(self.t, reps), np.repeat(self.p, reps)

    def kept(self) -> np.ndarray:
        """The table without its empty rows and columns (what SPSS, and the chi-square tests, keep)."""
        return self.table[self.rows_seen][:, self.cols_seen]

    def by_code(self, index) -> list[int]:
        return [self.code[label_key(x)] for x in index]


def agreement_of(case: dict) -> pa.Agreement | None:
    """The Agreement of a case, or None when there is no label on both sides (K = 0: a ValueError by design).

    The case's labels become those of the columns as pandas built them: a categorical over ``[True, 1]`` holds one
    category (pandas' own ``Index.unique`` takes ``True == 1``), and the rows then hold it."""
    a = as_series(case["y_true"], case["forms"][0], case["pools"][0])
    p = as_series(case["y_pred"], case["forms"][1], case["pools"][1])
    case["y_true"], case["y_pred"] = list(a.astype(object)), list(p.astype(object))
    try:
        return pa.agreement(a, p, weights=case["weights"], labels=case["labels"])
    except ValueError as err:
        w = case["weights"] or [1] * len(case["y_true"])
        valid = [(label_key(x), label_key(y)) for x, y, v in zip(case["y_true"], case["y_pred"], w, strict=True)
                 if not missing(x) and not missing(y) and v > 0]
        assert not valid or not {x for x, _ in valid} & {y for _, y in valid}, f"a valid table refused: {err}"
        return None


# --- scikit-learn ---------------------------------------------------------------------------------------------------

# scikit-learn computes F from the counts, (1 + β²)tp / ((1 + β²)tp + β²fn + fp), from 1.4 on, as the library does
# (docs/notes/statistics.md, "Undefined values": F1 of a class never predicted is 0, not 0/0); before, F is
# zero_division wherever tp = 0 (precision and recall 0/0 or 0). With an older scikit-learn the F values of such
# classes, and the averages over them, are not compared.
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    F_FROM_COUNTS = metrics.f1_score([0, 1], [1, 1], labels=[0], average=None, zero_division=np.nan)[0] == 0.0


def _f_comparable(c: Coded) -> np.ndarray:
    """The classes whose F scikit-learn computes as the library does: every class from scikit-learn 1.4 on, else
    those with tp > 0."""
    return np.ones(c.q, dtype=bool) if F_FROM_COUNTS else np.diag(c.table) > 0


def _weightless(c: Coded, code: str, beta: float, zero_division: float) -> bool:
    """Whether the classes with a defined value all have weight 0 in the weighted average (a value undefined, with
    zero_division NaN, in every class of the reference). The average is then 0/0, NaN (docs/notes/statistics.md:
    undefined values are left out and the weights of the others renormalised); scikit-learn's ``_nanaverage`` falls
    back to the unweighted mean of the classes left."""
    if not np.isnan(zero_division):
        return False
    labels = list(range(c.q))
    sw = c.w if c.weighted else None
    b = 1.0 if code == "F1" else beta
    pre, rec, f, support = metrics.precision_recall_fscore_support(c.t, c.p, labels=labels, beta=b, average=None,
                                                                   zero_division=np.nan, sample_weight=sw)
    values = {"PRE": pre, "REC": rec, "F1": f, "FBETA": f}[code]
    defined = ~np.isnan(values)
    return bool(defined.any() and support[defined].sum() == 0)


def against_sklearn(ag: pa.Agreement, c: Coded, zero_division: float, beta: float) -> None:
    labels = list(range(c.q))
    sw = c.w if c.weighted else None
    ours = np.zeros((c.q, c.q))
    table = ag.table
    ours[np.ix_(c.by_code(table.index), c.by_code(table.columns))] = table.to_numpy()
    np.testing.assert_allclose(ours, metrics.confusion_matrix(c.t, c.p, labels=labels, sample_weight=sw),
                               rtol=REL, atol=0, err_msg="confusion_matrix")

    # per class, over every label (classes="union", as scikit-learn's labels=): docs/notes/conventions.md, Averages
    codes = ["PRE", "REC", "F1", "FBETA"]
    per_class = ag.binary(codes, classes="union", beta=beta, zero_division=zero_division)
    at = c.by_code(per_class.index)
    assert sorted(at) == labels, f"binary(classes='union') has the classes {list(per_class.index)!r}"
    comparable = _f_comparable(c)
    for b, code in ((1.0, "F1"), (beta, "FBETA")):
        pre, rec, f, _ = metrics.precision_recall_fscore_support(c.t, c.p, labels=labels, beta=b, average=None,
                                                                 zero_division=zero_division, sample_weight=sw)
        for i, k in enumerate(at):
            if comparable[k]:
                close(per_class[code].iloc[i], f[k], f"{code} (beta={b}) of class {per_class.index[i]!r}")
            close(per_class["PRE"].iloc[i], pre[k], f"PRE of class {per_class.index[i]!r}")
            close(per_class["REC"].iloc[i], rec[k], f"REC of class {per_class.index[i]!r}")

    # macro, weighted and micro: classes="union", timing="after" and zero_division (docs/notes/statistics.md,
    # "Averaging before or after the formula")
    methods = {"unweighted": "macro", "weighted": "weighted", "micro": "micro"}
    averaged = ag.averages(codes, average=list(methods), classes="union", timing="after", beta=beta,
                           zero_division=zero_division)
    for ours_name, theirs in methods.items():
        pre, rec, f, _ = metrics.precision_recall_fscore_support(c.t, c.p, labels=labels, beta=beta, average=theirs,
                                                                 zero_division=zero_division, sample_weight=sw)
        f1 = metrics.f1_score(c.t, c.p, labels=labels, average=theirs, zero_division=zero_division, sample_weight=sw)
        for code, value in (("PRE", pre), ("REC", rec), ("F1", f1), ("FBETA", f)):
            if code in ("F1", "FBETA") and not (comparable.all() or (theirs == "micro" and comparable.any())):
                continue
            if theirs == "weighted" and _weightless(c, code, beta, zero_division):
                value = np.nan
            close(averaged.loc[code, ours_name], value, f"{code} {ours_name} ({theirs}, beta={beta})")

    # balanced accuracy: the unweighted mean recall over the reference labels
    balanced = ag.averages(["REC"], average="unweighted", classes="reference", timing="after")
    close(balanced.loc["REC", "unweighted"], metrics.balanced_accuracy_score(c.t, c.p, sample_weight=sw),
          "balanced accuracy (REC unweighted over the reference labels)")

    multi = ag.multiclass(["OSR", "KAPPA", "RKCORR"])["value"]
    close(multi["OSR"], metrics.accuracy_score(c.t, c.p, sample_weight=sw), "OSR (accuracy_score)")
    close(multi["KAPPA"], metrics.cohen_kappa_score(c.t, c.p, labels=labels, sample_weight=sw), "KAPPA")
    for weights in ("linear", "quadratic"):
        kw = ag.multiclass(["KAPPA_W"], kappa_weights=weights).loc["KAPPA_W", "value"]
        close(kw, metrics.cohen_kappa_score(c.t, c.p, labels=labels, weights=weights, sample_weight=sw),
              f"KAPPA_W ({weights}) in the order {list(ag.labels)!r}")

    # MCC: NaN where undefined (docs/notes/conventions.md, "Undefined values"), where scikit-learn gives 0; RKCORR
    # only where both sides have the same labels (docs/notes/conventions.md, "Multiclass measures")
    same = {label_key(x) for x in table.index} == {label_key(x) for x in table.columns}
    rows, cols = c.table.sum(axis=1), c.table.sum(axis=0)
    n = c.table.sum()
    defined = (n * n - rows @ rows) * (n * n - cols @ cols) > 0
    expected = metrics.matthews_corrcoef(c.t, c.p, sample_weight=sw) if same and defined else np.nan
    close(multi["RKCORR"], expected, "RKCORR (matthews_corrcoef)")
    corr = ag.binary(["CORR"], classes="union")["CORR"]
    for i, k in enumerate(c.by_code(corr.index)):
        truth, guess = c.t == k, c.p == k
        a = c.w[truth & guess].sum()
        b, cc = c.w[truth & ~guess].sum(), c.w[~truth & guess].sum()
        d = n - a - b - cc
        defined = (a + b) * (cc + d) * (a + cc) * (b + d) > 0
        close(corr.iloc[i], metrics.matthews_corrcoef(truth, guess, sample_weight=sw) if defined else np.nan,
              f"CORR of class {corr.index[i]!r} (matthews_corrcoef one against the rest)")


# --- statsmodels ----------------------------------------------------------------------------------------------------

def against_statsmodels(ag: pa.Agreement, c: Coded) -> None:
    if c.q < 2:
        return
    tests = ag.tests(kappa_weights="linear")
    kappa = ag.multiclass(["KAPPA"], ci="auto").loc["KAPPA"]
    ref = inter_rater.cohens_kappa(c.table)
    close(kappa["value"], ref.kappa, "KAPPA (cohens_kappa)")
    close_se(kappa["se"], ref.var_kappa, "SE of KAPPA (cohens_kappa's var_kappa)")
    close_z(tests.loc["KAPPA_Z"], ref, "KAPPA_Z (cohens_kappa's z_value)")
    for weights in ("linear", "quadratic"):
        kw = ag.multiclass(["KAPPA_W"], kappa_weights=weights, ci="auto").loc["KAPPA_W"]
        ref = inter_rater.cohens_kappa(c.table, wt=weights)
        close(kw["value"], ref.kappa, f"KAPPA_W ({weights})")
        close_se(kw["se"], ref.var_kappa, f"SE of KAPPA_W ({weights})")
        if weights == "linear":
            close_z(tests.loc["KAPPA_W_Z"], ref, "KAPPA_W_Z (linear)")

    if c.q == 2:
        b, cc = c.table[0, 1], c.table[1, 0]
        if b + cc > 0:
            if c.integral:
                exact = contingency_tables.mcnemar(c.table, exact=True)
                close(tests.loc["MCNEMAR_EXACT", "statistic"], exact.statistic, "MCNEMAR_EXACT statistic")
                close(tests.loc["MCNEMAR_EXACT", "pvalue"], exact.pvalue, "MCNEMAR_EXACT p (mcnemar exact)")
                spss = ag.crosstab_statistics("mcnemar")["Chi-Square Tests"].loc["McNemar Test", "exact_2sided"]
                close(spss, exact.pvalue, "the McNemar Test of CROSSTABS (mcnemar exact)")
            corrected = contingency_tables.mcnemar(c.table, exact=False, correction=True)
            statistic, pvalue = corrected.statistic, corrected.pvalue
            if abs(b - cc) < 1:  # R's mcnemar.test corrects only where b ≠ c: 0 and p = 1, where statsmodels'
                statistic, pvalue = 0.0, 1.0  # correction gives 1/(b + c) (pandas_agree.inference.tests.mcnemar)
            close(tests.loc["MCNEMAR", "statistic"], statistic, f"MCNEMAR (b = {b}, c = {cc})")
            close(tests.loc["MCNEMAR", "pvalue"], pvalue, f"p of MCNEMAR (b = {b}, c = {cc})")

    # Bowker and Stuart–Maxwell when both sides have the same labels (docs/notes/conventions.md, "Tests")
    same = {label_key(x) for x in ag.table.index} == {label_key(x) for x in ag.table.columns}
    if same:
        square = contingency_tables.SquareTable(c.table, shift_zeros=False)
        bowker = square.symmetry()
        close(tests.loc["BOWKER", "statistic"], bowker.statistic, "BOWKER (SquareTable.symmetry)")
        close(tests.loc["BOWKER", "df"], bowker.df, "df of BOWKER")
        close(tests.loc["BOWKER", "pvalue"], bowker.pvalue, "p of BOWKER")
        vmat = -(c.table + c.table.T)
        np.fill_diagonal(vmat, c.table.sum(1) + c.table.sum(0) - 2 * np.diag(c.table))
        if np.linalg.cond(vmat[:-1, :-1]) < 1e8:  # singular: NaN, with the reason in "method"
            stuart = square.homogeneity()
            close(tests.loc["STUART_MAXWELL", "statistic"], stuart.statistic, "STUART_MAXWELL (homogeneity)",
                  rel=1e-8)
            close(tests.loc["STUART_MAXWELL", "pvalue"], stuart.pvalue, "p of STUART_MAXWELL", rel=1e-8)

    kept = c.kept()
    if min(kept.shape) >= 2:
        table = contingency_tables.Table(kept, shift_zeros=False)
        nominal = table.test_nominal_association()
        close(tests.loc["CHI2", "statistic"], nominal.statistic, "CHI2 (Table.test_nominal_association)")
        close(tests.loc["CHI2", "df"], nominal.df, "df of CHI2")
        close(tests.loc["CHI2", "pvalue"], nominal.pvalue, "p of CHI2")
        # SPSS's /CELLS residuals: standardized (Pearson's) and adjusted standardized residuals
        cells = cell_values(ag, c, ["sresid", "asresid"])
        for word, theirs in (("sresid", table.resid_pearson), ("asresid", table.standardized_resids)):
            for (i, j), value in np.ndenumerate(theirs):
                close(cells[word][i, j], value, f"{word} of cell ({i}, {j}) (Table)")


def cell_values(ag: pa.Agreement, c: Coded, words: list[str]) -> dict[str, np.ndarray]:
    """The /CELLS statistics of ``ag.cell_statistics``, each as a table over the codes without the empty rows and
    columns (the totals left out: the last row and column)."""
    cells = ag.cell_statistics(words)
    labels = cells.index.get_level_values(0)
    statistic = cells.index.get_level_values(1)
    out = {}
    for word in words:
        rows = np.flatnonzero(np.asarray(statistic == word))[:-1]  # the last: the Total row
        found = np.full((c.q, c.q), np.nan)
        found[np.ix_(c.by_code(labels[rows]), c.by_code(cells.columns[:-1]))] = cells.to_numpy(dtype=float)[rows, :-1]
        out[word] = found[c.rows_seen][:, c.cols_seen]
    return out


# --- scipy ----------------------------------------------------------------------------------------------------------

def _numbers(labels) -> bool:
    return all(isinstance(x, (int, float, np.integer, np.floating)) and not isinstance(x, (bool, np.bool_))
               for x in labels)


def against_scipy(ag: pa.Agreement, c: Coded) -> None:
    kept = c.kept()
    if min(kept.shape) < 2:
        return
    spss = ag.crosstab_statistics("all")
    chi = spss["Chi-Square Tests"]
    tests = ag.tests()
    pearson = stats.chi2_contingency(kept, correction=False)
    for what, ours in (("Pearson Chi-Square", chi.loc["Pearson Chi-Square"]),
                       ("CHI2", tests.loc["CHI2"].rename({"statistic": "value"}))):
        close(ours["value"], pearson.statistic, f"{what} (chi2_contingency)")
        close(ours["df"], pearson.dof, f"df of {what}")
        close(ours["pvalue"], pearson.pvalue, f"p of {what}")
    expected = cell_values(ag, c, ["expected"])["expected"]
    np.testing.assert_allclose(expected, pearson.expected_freq, rtol=REL, atol=ABS, err_msg="expected counts")
    ratio = stats.chi2_contingency(kept, correction=False, lambda_="log-likelihood")
    close(chi.loc["Likelihood Ratio", "value"], ratio.statistic, "Likelihood Ratio (lambda_='log-likelihood')")
    close(chi.loc["Likelihood Ratio", "pvalue"], ratio.pvalue, "p of the Likelihood Ratio")
    close(tests.loc["G2", "statistic"], ratio.statistic, "G2 (lambda_='log-likelihood')")
    if kept.shape == (2, 2):
        yates = stats.chi2_contingency(kept, correction=True)
        close(chi.loc["Continuity Correction", "value"], yates.statistic, "Continuity Correction")
        close(chi.loc["Continuity Correction", "pvalue"], yates.pvalue, "p of the Continuity Correction")
        if c.integral:
            fisher = chi.loc["Fisher's Exact Test"]
            counts = kept.astype(np.int64)
            close(fisher["exact_2sided"], stats.fisher_exact(counts).pvalue,
                  f"Fisher's exact test of {counts.tolist()}", rel=1e-9)
            n = counts.sum()
            side = "greater" if counts[0, 0] * n >= counts[0].sum() * counts[:, 0].sum() else "less"
            close(fisher["exact_1sided"], stats.fisher_exact(counts, alternative=side).pvalue,
                  f"one-sided Fisher's exact test of {counts.tolist()} ({side})", rel=1e-9)

    symmetric = spss["Symmetric Measures"]["value"]
    if kept.shape == (2, 2) and (kept > 0).all():  # SPSS's Risk Estimate: none where a cell is empty
        risk = spss["Risk Estimate"]
        for row, (what, table, value, interval) in enumerate((
                ("odds ratio", kept, "oddsratio", "oddsratio_confint"),
                ("relative risk of the first column", kept, "riskratio", "riskratio_confint"),
                ("relative risk of the second column", kept[:, ::-1], "riskratio", "riskratio_confint"))):
            theirs = contingency_tables.Table2x2(table)
            close(risk["value"].iloc[row], getattr(theirs, value), f"{what} (Table2x2)")
            lower, upper = getattr(theirs, interval)(alpha=0.05)
            close(risk["lower"].iloc[row], lower, f"lower end of the {what}'s interval (Table2x2)")
            close(risk["upper"].iloc[row], upper, f"upper end of the {what}'s interval (Table2x2)")
    if c.integral:
        counts = kept.astype(np.int64)
        close(symmetric["Cramér's V"], contingency.association(counts, method="cramer"), "Cramér's V (association)")
        close(symmetric["Contingency Coefficient"], contingency.association(counts, method="pearson"),
              "Contingency Coefficient (association)")
        if c.rows_seen.all() and c.cols_seen.all():
            close(ag.multiclass(["CRAMERV"]).loc["CRAMERV", "value"], contingency.association(counts, method="cramer"),
                  "CRAMERV (association)")
        x, y = c.expanded()
        # the ordinal measures read the order of Agreement.labels (docs/notes/statistics.md, "Order and scores")
        close(symmetric["Kendall's tau-b"], stats.kendalltau(x, y, variant="b").statistic, "Kendall's tau-b")
        close(symmetric["Kendall's tau-c"], stats.kendalltau(x, y, variant="c").statistic, "Kendall's tau-c")
        spearman = stats.spearmanr(x, y)
        close(symmetric["Spearman Correlation"], spearman.statistic, "Spearman Correlation")
        if abs(spearman.statistic) < 1 - 1e-9:  # the same t test on W − 2 df (no p-value where |r| is 1)
            close(spss["Symmetric Measures"].loc["Spearman Correlation", "pvalue"], spearman.pvalue,
                  "p of the Spearman Correlation", rel=1e-8)
        # Pearson's R of the scores: the labels when every label is a number, else 1, 2, ... over the labels with
        # cases of each side (docs/notes/statistics.md, "Order and scores")
        if _numbers(ag.labels):
            row_scores = col_scores = np.array([float(v) for v in ag.labels])
        else:
            row_scores, col_scores = np.cumsum(c.rows_seen).astype(float), np.cumsum(c.cols_seen).astype(float)
        if np.ptp(row_scores[x]) > 0 and np.ptp(col_scores[y]) > 0:
            pearson_r = stats.pearsonr(row_scores[x], col_scores[y])
            close(symmetric["Pearson's R"], pearson_r.statistic, "Pearson's R of the scores")
            if abs(pearson_r.statistic) < 1 - 1e-9 and len(x) > 2:
                close(spss["Symmetric Measures"].loc["Pearson's R", "pvalue"], pearson_r.pvalue, "p of Pearson's R",
                      rel=1e-8)
        else:  # a constant side: undefined
            close(symmetric["Pearson's R"], np.nan, "Pearson's R of constant scores")


# --- krippendorff ---------------------------------------------------------------------------------------------------

def two_coder_alpha(ag: pa.Agreement, c: Coded) -> None:
    """Krippendorff's nominal alpha of the two classifications as two coders (docs/notes/conventions.md: ALPHA
    is Krippendorff's nominal alpha for two coders, with its small-sample factor)."""
    if not c.integral or c.table.sum() < 2:
        return
    x, y = c.expanded()
    theirs = krippendorff.alpha(reliability_data=np.vstack([x, y]).astype(float), level_of_measurement="nominal") \
        if len(np.unique(np.concatenate([x, y]))) > 1 else np.nan
    close(ag.multiclass(["ALPHA"]).loc["ALPHA", "value"], theirs, "ALPHA (krippendorff, two coders)")


# --- several raters: krippendorff and statsmodels -------------------------------------------------------------------

# krippendorff's ratio metric at a pair of zeros: 0 from 0.7 on (0/0 before); the ratings include 0 where it is 0
RATIO_ZEROS = bool(np.isfinite(krippendorff.alpha(reliability_data=[[0.0, 0.0, 1.0], [0.0, 1.0, 1.0]],
                                                   level_of_measurement="ratio")))
LEVEL_VALUES = {
    "interval": [-3, -1.5, 0, 0.0, 1, 2, 2.25, 5],
    "ratio": [0, 0.5, 1, 2, 3, 10] if RATIO_ZEROS else [0.5, 1, 2, 3, 10],
}


@st.composite
def ratings(draw, max_subjects: int = 25):
    """Wide ratings (one row per subject, one column per rater) at a level of measurement, with missing ratings,
    zeros (and negative values at the interval level), and perhaps frequency weights of the subjects."""
    level = draw(st.sampled_from(["nominal", "ordinal", "interval", "ratio"]))
    if level in LEVEL_VALUES:
        pool = draw(st.lists(st.sampled_from(LEVEL_VALUES[level]), min_size=1, max_size=5, unique_by=label_key))
    elif level == "ordinal":  # numbers carry their order; other labels take it from labels=
        pool = draw(label_pool(kinds=["int", "float"] if draw(st.booleans()) else
                               ["str", "surrogate", "bool", "boolint", "alike", "tuple"], max_size=5))[1]
    else:
        pool = draw(label_pool(kinds=KINDS, max_size=5))[1]
    m, n = draw(st.integers(2, 5)), draw(st.integers(1, max_subjects))
    gone = draw(st.sampled_from([0.0, 0.0, 0.2, 0.5]))
    rows = []
    for _ in range(n):
        truth = draw(st.sampled_from(pool))
        rows.append([None if gone and draw(st.floats(0, 1)) < gone else
                     truth if draw(st.integers(0, 2)) else draw(st.sampled_from(pool)) for _ in range(m)])
    weights = [draw(st.integers(1, 3)) for _ in range(n)] if draw(st.integers(0, 3)) == 0 else None
    labels = None
    if level == "ordinal" and not all(isinstance(x, (int, float)) for x in pool):
        labels = draw(st.permutations(pool))
    return {"level": level, "rows": rows, "weights": weights, "labels": labels, "m": m}


def check_ratings(case: dict) -> None:
    level, rows, m = case["level"], case["rows"], case["m"]
    frame = pd.DataFrame({f"r{g}": pd.Series([r[g] for r in rows], dtype=object) for g in range(m)})
    paired = any(sum(not missing(x) for x in r) >= 2 for r in rows)
    with quiet():
        try:
            ra = frame.agree.raters(list(frame.columns), labels=case["labels"], weights=None if case["weights"] is None
                                    else np.array(case["weights"], dtype=float))
        except ValueError:  # no subject rated twice: no agreement to measure (a ValueError by design)
            assert not paired, "RaterAgreement refused ratings with a subject rated twice"
            return
        summary = ra.summary(["ALPHA", "FLEISS"], level=level)
    reps = np.ones(len(rows), dtype=np.int64) if case["weights"] is None else np.array(case["weights"])
    order = [label_key(x) for x in ra.categories]
    assert len(set(order)) == len(order), f"a category repeated: {list(ra.categories)!r}"
    if level in ("interval", "ratio"):
        value = {label_key(x): float(x) for r in rows for x in r if not missing(x)}
    else:  # nominal: any codes; ordinal: the ranks in the order of the categories (numbers, or labels=)
        value = {k: float(i) for i, k in enumerate(order)}
    data = np.array([[np.nan if missing(x) else value[label_key(x)] for x in r] for r in rows], dtype=float)
    data = np.repeat(data, reps, axis=0).T  # raters × units, a subject of weight w as w subjects
    try:
        with quiet():
            theirs = krippendorff.alpha(reliability_data=data, level_of_measurement=level)
    except ValueError:  # one value, or no unit rated twice: undefined
        theirs = np.nan
    close(summary.loc["ALPHA", "value"], theirs, f"ALPHA at the {level} level (krippendorff)")
    if not np.isnan(data).any():  # Fleiss' kappa with every subject rated by every rater
        counts = np.array([[sum(label_key(x) == k for x in r) for k in order] for r in rows], dtype=float)
        counts = np.repeat(counts, reps, axis=0)
        with quiet():
            theirs = inter_rater.fleiss_kappa(counts, method="fleiss")
        close(summary.loc["FLEISS", "value"], theirs, "FLEISS (fleiss_kappa)")


# --- layers: the groups of a report, against StratifiedTable --------------------------------------------------------

@st.composite
def layered(draw, max_rows: int = 60):
    """Two labels on each side, rows in 2 to 4 groups, perhaps weights, perhaps cluster-to-class matching."""
    pool = draw(label_pool(kinds=KINDS, min_size=2, max_size=2))[1]
    other = pool if draw(st.integers(0, 3)) else draw(label_pool(kinds=KINDS, min_size=2, max_size=2))[1]
    groups = draw(st.lists(st.sampled_from([0, 1, 2, "x", "y"]), min_size=2, max_size=4, unique=True))
    n = draw(st.integers(4, max_rows))
    rows = []
    for _ in range(n):
        a = draw(st.sampled_from(pool))
        i = pool.index(a)
        rows.append((a, other[i] if draw(st.integers(0, 2)) else draw(st.sampled_from(other)),
                     draw(st.sampled_from(groups))))
    weights = [float(draw(st.integers(1, 3))) for _ in range(n)] if draw(st.integers(0, 2)) == 0 else None
    match = draw(st.sampled_from([None, None, "accuracy", "residual"]))
    return {"rows": rows, "weights": weights, "match": match}


def check_layers(case: dict) -> None:
    rows = case["rows"]
    frame = pd.DataFrame({"a": pd.Series([r[0] for r in rows], dtype=object),
                          "p": pd.Series([r[1] for r in rows], dtype=object),
                          "g": pd.Series([r[2] for r in rows], dtype=object)})
    if case["weights"] is not None:
        frame["w"] = case["weights"]
    weights = None if case["weights"] is None else "w"
    with quiet():
        try:
            report = frame.agree.report("a", "p", by="g", weights=weights, match=case["match"],
                                        statistics=["cmh"], measures=["OSR"], ci=None)
        except ValueError:
            keys = {label_key(r[0]) for r in rows} & {label_key(r[1]) for r in rows}
            assert case["match"] is None and not keys, "a report with groups refused a valid table"
            return
    ag = report.agreement
    if case["match"] is None:  # the table over Agreement.labels; matched: each side's own labels and order
        row_keys = col_keys = [label_key(x) for x in ag.labels]
    else:
        row_keys, col_keys = [label_key(x) for x in ag.table.index], [label_key(x) for x in ag.table.columns]
    w = case["weights"] or [1.0] * len(rows)
    missing_labels = {label_key(r[0]) for r in rows} - set(row_keys) | {label_key(r[1]) for r in rows} - set(col_keys)
    assert not missing_labels, f"labels of the rows missing from the table's labels: {missing_labels}"
    layers = {}
    for (a, p, g), weight in zip(rows, w, strict=True):
        layers.setdefault(g, np.zeros((len(row_keys), len(col_keys))))[
            row_keys.index(label_key(a)), col_keys.index(label_key(p))] += weight
    total = sum(layers.values())
    seen_rows, seen_cols = total.sum(axis=1) > 0, total.sum(axis=0) > 0
    independence = report.statistics["Tests of Conditional Independence"]
    if seen_rows.sum() != 2 or seen_cols.sum() != 2:  # SPSS's 2×2 statistics left out, with a footnote
        assert not {"Cochran's", "Mantel-Haenszel"} & set(independence.index), "CMH computed on a table not 2×2"
        assert "Mantel-Haenszel Common Odds Ratio Estimate" not in report.statistics, "odds ratio of a table not 2×2"
        return
    estimate = report.statistics["Mantel-Haenszel Common Odds Ratio Estimate"]
    # layers with an empty row or column carry no information on the odds ratio and are left out
    # (docs/notes/statistics.md, "The tables of SPSS's CROSSTABS")
    kept = [t[seen_rows][:, seen_cols] for t in layers.values()]
    kept = [t for t in kept if (t.sum(axis=0) > 0).all() and (t.sum(axis=1) > 0).all()]
    if not kept:
        assert np.isnan(independence.loc["Mantel-Haenszel", "value"]), "CMH computed without an informative layer"
        return
    strata = contingency_tables.StratifiedTable(np.dstack(kept))
    with quiet():
        mh = strata.test_null_odds(correction=True)
        odds, log_se = strata.oddsratio_pooled, strata.logodds_pooled_se
        lower, upper = strata.oddsratio_pooled_confint(alpha=0.05)
        breslow = strata.test_equal_odds(adjust=False) if len(kept) > 1 else None
    close(independence.loc["Mantel-Haenszel", "value"], mh.statistic, "Mantel-Haenszel (StratifiedTable)")
    close(independence.loc["Mantel-Haenszel", "pvalue"], mh.pvalue, "p of Mantel-Haenszel")
    if odds == 0 or np.isinf(odds):  # an empty cell in every layer on one diagonal: NaN with a note saying so, as an
        assert np.isnan(estimate["value"]).all(), "a common odds ratio of 0 or infinity"  # undefined value is
        return  # (docs/notes/conventions.md, "Undefined values"; inference/contingency.py's layered_tests)
    close(estimate.loc["Estimate", "value"], odds, "common odds ratio (oddsratio_pooled)")
    close(estimate.loc["Estimate", "se"], log_se, "SE of ln(common odds ratio)")
    close(estimate.loc["Estimate", "lower"], lower, "lower end of the common odds ratio's interval")
    close(estimate.loc["Estimate", "upper"], upper, "upper end of the common odds ratio's interval")
    if breslow is not None and abs(odds - 1) > 1e-6:  # statsmodels divides by 1 − ψ̂
        homogeneity = report.statistics["Tests of Homogeneity of the Odds Ratio"]
        close(homogeneity.loc["Breslow-Day", "value"], breslow.statistic, "Breslow-Day (test_equal_odds)", rel=1e-8)
        close(homogeneity.loc["Breslow-Day", "pvalue"], breslow.pvalue, "p of Breslow-Day", rel=1e-8)
    if case["match"] is not None:
        check_matching(report, case["match"])


def check_matching(report, match: str) -> None:
    """The pairs of match= reach the optimum of scipy's linear_sum_assignment, and every group keeps them."""
    ag = report.agreement
    table = ag.table.to_numpy(dtype=float)
    if match == "accuracy":
        gain = table
        found = ag.mapping["count"].sum()
    else:  # Volovici's Δ_ij = (n_ij − f_ij)/√f_ij over the cells with f_ij > 0
        expected = table.sum(axis=1, keepdims=True) * table.sum(axis=0, keepdims=True) / table.sum()
        with np.errstate(divide="ignore", invalid="ignore"):
            gain = np.where(expected > 0, (table - expected) / np.sqrt(expected), -np.inf)
        found = ag.mapping["delta"].sum()
    rows, cols = optimize.linear_sum_assignment(np.where(np.isfinite(gain), gain, -1e300), maximize=True)
    best = gain[rows, cols]
    close(found, best[np.isfinite(best)].sum(), f"the sum of the matched cells ({match}, linear_sum_assignment)")
    shared = {(label_key(c), label_key(r)) for c, r in ag.pairs()}
    for group in report.groups.values():  # the pairs among the group's own labels
        pairs = {(label_key(c), label_key(r)) for c, r in group.agreement.pairs()}
        assert pairs <= shared, f"a group pairs {pairs - shared}, not among the pairs of all rows {shared}"


# --- the tests ------------------------------------------------------------------------------------------------------

# derandomized, and not shrunk: a failing case is printed as drawn, and the cases found are tests of their own
SETTINGS = {"deadline": None, "derandomize": True, "phases": [Phase.explicit, Phase.generate],
            "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]}


def check_labels(case: dict, zero_division: float, beta: float) -> bool:
    """Every value of the case against the references; False where there is no table (no label on both sides, the
    ValueError :func:`agreement_of` checks)."""
    with quiet():
        ag = agreement_of(case)
        if ag is None:
            return False
        coded = Coded(case, ag)
        against_sklearn(ag, coded, zero_division, beta)
        against_statsmodels(ag, coded)
        against_scipy(ag, coded)
        two_coder_alpha(ag, coded)
    return True


ZERO_DIVISION = st.sampled_from([0.0, 1.0, np.nan])
BETA = st.sampled_from([0.5, 1.0, 2.0])


# Cases this fuzzer found, each kept as a test of its own (so that the fuzzer goes on exploring while one fails).
FOUND_LABELS = {
    # lone surrogates are labels like any other (a UnicodeEncodeError in the union of the labels)
    "lone-surrogate": (labels_case(["s\ud800", "a", "s\ud800"], ["s\ud800", "s\ud800", "a"]), 0.0, 1.0),
    "lone-surrogate-labels=": (labels_case(["s\ud800"], ["s\ud800"], labels=["s\ud800"]), np.nan, 1.0),
    # two lone surrogates are two labels (pandas 2.2's factorize takes them for one: a table of one cell)
    "two-lone-surrogates": (labels_case(["\udfff", "\ud83d", "\udfff", "\ud83d"], ["\udfff", "\ud83d", "\udfff",
                                                                                  "\udfff"]), 0.0, 1.0),
    # True and 1 are two labels ("table index must not repeat a label"), in labels= too; 1.0 against True is K = 0
    "True-and-1": (labels_case([True, 1, True, 1], [True, True, 1, 1]), 0.0, 1.0),
    "True-and-1-labels=": (labels_case(["1.0", True, "1.0", True], [1.0, 1.0, 1.0, True], labels=["1.0", True, 1.0]),
                           0.0, 2.0),
    "1.0-against-False": (labels_case([1.0, 2, 1.0, 1.0], [False, False, True, 1.0]), 1.0, 1.0),
    # Pearson's R of large scores (the labels): the squares of the scores overflow. R is 0.866, not 0.0; and 0.667,
    # not NaN "undefined (0/0)"
    "Pearson-R-of-large-scores": (labels_case([0, 0, 1e200], [0, 1, 2]), 0.0, 1.0),
    "Pearson-R-of-large-scores-NaN": (labels_case([1e300, -1.5, 1e300, -1.5, 1e300], [1e300, -1.5, -1.5, -1.5, 1e300]),
                                      0.0, 1.0),
    # mistakes of the reference calls here, kept so that they stay corrected: McNemar's χ² when b = c (R's 0 and
    # p = 1, not statsmodels' 1/(b + c)); a kappa whose variance under H0 is 0 (z is NaN); weighted averages whose
    # defined classes all weigh 0 (NaN, where scikit-learn falls back to the unweighted mean)
    "McNemar-b=c": (labels_case([0, 1, 0, 0], [1, 0, 0, 0]), 0.0, 1.0),
    "kappa-z-without-variance": (labels_case([-1, -3, 3, 0, -1], [0, 0, 0, 0, 0]), 0.0, 1.0),
    "weighted-average-without-weight": (labels_case([2.0, 2.0, 2.0], [0.0, 0.0, 0.0], labels=[0.0, 2.0]), np.nan,
                                        2.0),
}


@pytest.mark.parametrize(("case", "zero_division", "beta"), list(FOUND_LABELS.values()), ids=list(FOUND_LABELS))
def test_label_cases_found(case, zero_division, beta):
    check_labels(case, zero_division, beta)


@settings(max_examples=15, **SETTINGS)
@given(case=label_data(), zero_division=ZERO_DIVISION, beta=BETA)
def test_label_columns_against_the_references(case, zero_division, beta):
    assume(check_labels(case, zero_division, beta))


@pytest.mark.slow
@settings(max_examples=500, **SETTINGS)
@given(case=label_data(max_rows=80), zero_division=ZERO_DIVISION, beta=BETA)
def test_label_columns_against_the_references_many(case, zero_division, beta):
    assume(check_labels(case, zero_division, beta))


@settings(max_examples=12, **SETTINGS)
@given(case=ratings())
def test_ratings_against_krippendorff_and_statsmodels(case):
    check_ratings(case)


@pytest.mark.slow
@settings(max_examples=300, **SETTINGS)
@given(case=ratings(max_subjects=60))
def test_ratings_against_krippendorff_and_statsmodels_many(case):
    check_ratings(case)


@settings(max_examples=5, **SETTINGS)
@given(case=layered())
def test_groups_as_layers_against_statsmodels(case):
    check_layers(case)


@pytest.mark.slow
@settings(max_examples=100, **SETTINGS)
@given(case=layered(max_rows=150))
def test_groups_as_layers_against_statsmodels_many(case):
    check_layers(case)


FOUND_RATINGS = {
    "ratio-with-zeros": {"level": "ratio", "rows": [[0, 0], [0, 1], [1, 1], [2, 0]], "weights": None, "labels": None,
                         "m": 2},
    "interval-with-negatives": {"level": "interval", "rows": [[-1, 0], [0, 0], [2, -1.5], [None, 2]],
                                "weights": [1, 2, 1, 1], "labels": None, "m": 2},
    "ordinal-True-and-1": {"level": "ordinal", "rows": [[True, 1, None], [1, 1, True], [0, False, 0]], "weights": None,
                           "labels": [0, False, True, 1], "m": 3},
    "nominal-lone-surrogate": {"level": "nominal", "rows": [["s\ud800", "a"], ["a", "a"]], "weights": None,
                               "labels": None, "m": 2},
}


@pytest.mark.parametrize("case", list(FOUND_RATINGS.values()), ids=list(FOUND_RATINGS))
def test_rating_cases_found(case):
    check_ratings(case)


FOUND_LAYERS = {
    # labels False and 0 in layers (InvalidIndexError: the union of the labels repeats one)
    "False-and-0": {"rows": [(False, 0, 0), (True, 1, 0), (False, 1, 1), (True, 0, 1), (False, 0, 1)],
                    "weights": None, "match": None},
    # True and 1 with groups: the prediction's 1 taken for the reference's True (a table where none is due)
    "True-and-1": {"rows": [("1.0", 0, "y"), (True, 1, 1), ("1.0", 0, 1), (True, 1, "y"), (True, 0, 1)],
                   "weights": None, "match": None},
    # tuple labels with match= and groups
    "tuple-labels-matched": {"rows": [((0, "a"), "x", 0), ((1, "b"), "y", 0), ((0, "a"), "y", 1), ((1, "b"), "y", 1),
                                      ((0, "a"), "x", 1), ((1, "b"), "x", 0)], "weights": None, "match": "accuracy"},
    # lone surrogates and tuples with match= and groups
    "surrogate-and-tuple-matched": {"rows": [("\udfff", (1, "a"), "x"), ("\ud83d", (0, "b"), 2),
                                             ("\udfff", (0, "b"), 0), ("\udfff", (1, "a"), 2),
                                             ("\ud83d", (1, "a"), "x"), ("\ud83d", (0, "b"), 0)],
                                    "weights": None, "match": "accuracy"},
}


@pytest.mark.parametrize("case", list(FOUND_LAYERS.values()), ids=list(FOUND_LAYERS))
def test_layer_cases_found(case):
    check_layers(case)
