"""SPSS CROSSTABS' symmetric and directional measures: a published SPSS output, scipy, the delta method, a
bootstrap, and the properties every table must have."""

import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import assume, example, given
from hypothesis import strategies as st
from scipy import stats
from scipy.stats import contingency

import pandas_agree as pa
from pandas_agree.inference.association import KEYWORDS, association_measures

from ._tables import expand, quiet

SYM, DIR = "Symmetric Measures", "Directional Measures"

# Marques de Sá, J. P. (2007), Applied Statistics Using SPSS, STATISTICA, MATLAB and R, 2nd ed., Springer:
# Example 5.12, Table 5.13 (PROG by PERF, counts) and Table 5.15 (SPSS's Symmetric Measures for it); the text
# gives Pearson's chi-square as 43.044 on 6 df.
MARQUES_DE_SA = np.array([[76, 78, 16, 7], [19, 29, 10, 13], [2, 6, 7, 8]], dtype=float)


@st.composite
def tables(draw, min_dim=2, max_dim=5, high=30):
    """An I×J table of counts with at least two non-empty rows and columns."""
    i, j = draw(st.integers(min_dim, max_dim)), draw(st.integers(min_dim, max_dim))
    cells = draw(st.lists(st.integers(0, high), min_size=i * j, max_size=i * j))
    table = np.array(cells, dtype=float).reshape(i, j)
    assume((table.sum(axis=1) > 0).sum() >= 2 and (table.sum(axis=0) > 0).sum() >= 2)
    return table


def measures(table, **kwargs):
    return quiet(association_measures, table, **kwargs)


def test_published_spss_output_marques_de_sa():
    out = measures(MARQUES_DE_SA)
    printed = {  # Table 5.15: Value, Asymp. Std. Error, Approx. T, Approx. Sig.
        "Gamma": (0.486, 0.076, 5.458, 0.000),
        "Spearman Correlation": (0.332, 0.058, 5.766, 0.000),
    }
    for name, numbers in printed.items():
        got = out.loc[(SYM, name), ["value", "ase", "t", "pvalue"]].astype(float).round(3).tolist()
        assert got == list(numbers), name
    # Pearson's chi-square 43.044 behind phi, Cramér's V and the contingency coefficient
    chi2 = 43.044
    assert out.loc[(SYM, "Phi"), "value"] == pytest.approx(np.sqrt(chi2 / 271), abs=5e-6)
    assert out.loc[(SYM, "Cramér's V"), "value"] == pytest.approx(np.sqrt(chi2 / (271 * 2)), abs=5e-6)
    assert out.loc[(SYM, "Contingency Coefficient"), "value"] == pytest.approx(np.sqrt(chi2 / (chi2 + 271)),
                                                                                abs=5e-6)


def test_shape_keywords_and_columns():
    out = measures(MARQUES_DE_SA)
    assert list(out.columns) == ["scale", "value", "ase", "t", "pvalue", "method", "note"]
    assert out.index.names == ["table", "measure"]
    assert len(out) == sum(len(v) for v in KEYWORDS.values())
    assert all(out[c].dtype == float for c in ["value", "ase", "t", "pvalue"])
    phi = measures(MARQUES_DE_SA, keywords="phi")
    assert phi.index.get_level_values("measure").tolist() == ["Phi", "Cramér's V"]
    both = measures(MARQUES_DE_SA, keywords=["D", "gamma"])  # SPSS's words, any case, in SPSS's order
    assert both.index.tolist() == [(SYM, "Gamma"), (DIR, "Somers' d — Symmetric"),
                                   (DIR, "Somers' d — Rows Dependent"), (DIR, "Somers' d — Columns Dependent")]
    pd.testing.assert_frame_equal(measures(MARQUES_DE_SA, keywords="all"), out)
    with pytest.raises(ValueError, match="unknown keyword"):
        association_measures(MARQUES_DE_SA, keywords=["chisq"])
    with pytest.raises(ValueError, match="non-negative"):
        association_measures(-MARQUES_DE_SA)
    with pytest.raises(ValueError, match="row_scores"):
        association_measures(MARQUES_DE_SA, row_scores=[1, 2])


@given(tables())
def test_against_scipy(table):
    out = measures(table)
    value = out["value"]
    x, y = expand(table)
    assume(np.unique(x).size > 1 and np.unique(y).size > 1)
    chi2 = contingency.chi2_contingency(table[table.sum(1) > 0][:, table.sum(0) > 0], correction=False)
    kept = table[table.sum(1) > 0][:, table.sum(0) > 0].astype(int)
    assert value[(SYM, "Cramér's V")] == pytest.approx(contingency.association(kept, method="cramer"), abs=1e-12)
    assert value[(SYM, "Contingency Coefficient")] == pytest.approx(contingency.association(kept, method="pearson"),
                                                                     abs=1e-12)
    assert out.loc[(SYM, "Phi"), "pvalue"] == pytest.approx(chi2.pvalue, rel=1e-9, abs=1e-300)
    assert abs(value[(SYM, "Phi")]) == pytest.approx(np.sqrt(chi2.statistic / table.sum()), abs=1e-12)
    assert value[(SYM, "Kendall's tau-b")] == pytest.approx(stats.kendalltau(x, y, variant="b").statistic,
                                                            abs=1e-12)
    assert value[(SYM, "Kendall's tau-c")] == pytest.approx(stats.kendalltau(x, y, variant="c").statistic,
                                                            abs=1e-12)
    assert value[(DIR, "Somers' d — Columns Dependent")] == pytest.approx(stats.somersd(x, y).statistic, abs=1e-12)
    assert value[(DIR, "Somers' d — Rows Dependent")] == pytest.approx(stats.somersd(y, x).statistic, abs=1e-12)
    rho, pearson = stats.spearmanr(x, y), stats.pearsonr(x, y)
    assert value[(SYM, "Spearman Correlation")] == pytest.approx(rho.statistic, abs=1e-12)
    assert value[(SYM, "Pearson's R")] == pytest.approx(pearson.statistic, abs=1e-12)
    if abs(pearson.statistic) < 1 - 1e-9:  # scipy's pearsonr p-value is the same t test on n − 2 df
        assert out.loc[(SYM, "Pearson's R"), "pvalue"] == pytest.approx(pearson.pvalue, rel=1e-6, abs=1e-12)
        assert out.loc[(SYM, "Spearman Correlation"), "pvalue"] == pytest.approx(rho.pvalue, rel=1e-6, abs=1e-12)
    # the likelihood-ratio chi-square behind the uncertainty coefficients
    g2 = contingency.chi2_contingency(kept, correction=False, lambda_="log-likelihood")
    assert out.loc[(DIR, "Uncertainty Coefficient — Symmetric"), "pvalue"] == pytest.approx(g2.pvalue, rel=1e-9,
                                                                                            abs=1e-300)


def _delta_ase(table, name, keyword):
    """√(Σ p (g − ḡ)² / W) with g the numerical gradient of the value in the cell shares p."""
    w = table.sum()
    p = table / w
    grad = np.zeros_like(p)
    h = 1e-6
    for cell in np.ndindex(p.shape):
        step = np.zeros_like(p)
        step[cell] = h
        up = measures(p + step, keywords=keyword).loc[name, "value"]
        down = measures(p - step, keywords=keyword).loc[name, "value"] if p[cell] >= h else None
        grad[cell] = (up - down) / (2 * h) if down is not None else \
            (up - measures(p, keywords=keyword).loc[name, "value"]) / h
    mean = (p * grad).sum()
    return np.sqrt((p * (grad - mean) ** 2).sum() / w)


WITH_ASE = [(SYM, "Kendall's tau-b", "btau"), (SYM, "Kendall's tau-c", "ctau"), (SYM, "Gamma", "gamma"),
            (SYM, "Spearman Correlation", "corr"), (SYM, "Pearson's R", "corr"), (SYM, "Kappa", "kappa"),
            (DIR, "Lambda — Symmetric", "lambda"), (DIR, "Lambda — Rows Dependent", "lambda"),
            (DIR, "Lambda — Columns Dependent", "lambda"),
            (DIR, "Goodman and Kruskal tau — Rows Dependent", "lambda"),
            (DIR, "Goodman and Kruskal tau — Columns Dependent", "lambda"),
            (DIR, "Uncertainty Coefficient — Symmetric", "uc"), (DIR, "Uncertainty Coefficient — Rows Dependent", "uc"),
            (DIR, "Uncertainty Coefficient — Columns Dependent", "uc"), (DIR, "Somers' d — Symmetric", "d"),
            (DIR, "Somers' d — Rows Dependent", "d"), (DIR, "Somers' d — Columns Dependent", "d")]


@pytest.mark.parametrize("group, name, keyword", WITH_ASE)
def test_ase1_is_the_delta_method(group, name, keyword):
    # a square table without ties for any maximum (lambda is not differentiable at a tie) and no empty cell
    table = np.array([[31.0, 9, 4, 2], [7, 25, 8, 3], [5, 6, 21, 10], [2, 4, 7, 19]])
    got = measures(table, keywords=keyword).loc[(group, name), "ase"]
    assert got == pytest.approx(_delta_ase(table, (group, name), keyword), rel=1e-5)


@pytest.mark.slow
def test_ase1_against_a_bootstrap():
    """Slow (12 s): 6,000 evaluations of the measures; the numerical delta method above checks every ASE1."""
    table = MARQUES_DE_SA
    rng = np.random.default_rng(18)
    w = int(table.sum())
    draws = rng.multinomial(w, (table / w).ravel(), size=3000).reshape(-1, *table.shape).astype(float)
    for name, keyword in (("Gamma", "gamma"), ("Kendall's tau-b", "btau")):
        boot = np.array([measures(d, keywords=keyword).loc[(SYM, name), "value"] for d in draws])
        ase = measures(table, keywords=keyword).loc[(SYM, name), "ase"]
        assert boot.std(ddof=1) == pytest.approx(ase, rel=0.06)


def test_t_is_value_over_the_null_standard_error():
    # under independence the T of the concordance measures is the same test; a null table simulated many times
    # gives T with standard deviation about 1
    rng = np.random.default_rng(5)
    probs = np.outer([0.2, 0.3, 0.5], [0.25, 0.25, 0.3, 0.2]).ravel()
    ts = np.array([measures(rng.multinomial(400, probs).reshape(3, 4).astype(float), keywords=["gamma", "d"])["t"]
                   for _ in range(600)])
    assert np.allclose(ts, ts[:, :1])  # gamma, and Somers' d in every form, share T
    assert ts[:, 0].std() == pytest.approx(1.0, abs=0.08)


@given(tables())
@example(np.array([[2.0, 2.0], [22.0, 22.0]]))
def test_transposing_swaps_the_directions(table):
    rows, cols = np.arange(1.0, table.shape[0] + 1) ** 1.5, np.arange(1.0, table.shape[1] + 1)
    out = measures(table, row_scores=rows, col_scores=cols)
    back = measures(table.T, row_scores=cols, col_scores=rows)
    numbers = ["value", "t", "pvalue"]
    # an ASE whose variance is 0 is the square root of that variance's rounding, up to about √ε (a table
    # [[2, 2], [22, 22]] gave 2.2e-9 one way and 0 the other)
    rounding = np.sqrt(np.finfo(float).eps)
    sym = [m for m in out.loc[SYM].index if m != "Kappa"]
    pd.testing.assert_frame_equal(out.loc[SYM].loc[sym, numbers], back.loc[SYM].loc[sym, numbers], rtol=1e-9,
                                  atol=1e-12)
    pd.testing.assert_frame_equal(out.loc[SYM].loc[sym, ["ase"]], back.loc[SYM].loc[sym, ["ase"]], rtol=1e-9,
                                  atol=rounding)
    swap = {"Rows": "Columns", "Columns": "Rows"}
    for name in out.loc[DIR].index:
        other = name
        for a, b in swap.items():
            if name.endswith(f"{a} Dependent"):
                other = name.replace(f"{a} Dependent", f"{b} Dependent")
        if name.startswith("Lambda") and _has_tied_maxima(table):
            continue  # a tie for a modal category is broken by order, which transposing changes
        np.testing.assert_allclose(out.loc[(DIR, name), numbers].astype(float),
                                   back.loc[(DIR, other), numbers].astype(float), rtol=1e-9, atol=1e-12)
        np.testing.assert_allclose(float(out.loc[(DIR, name), "ase"]), float(back.loc[(DIR, other), "ase"]),
                                   rtol=1e-9, atol=rounding)


def _has_tied_maxima(table):
    def tied(v):
        return (v == v.max()).sum() > 1
    return tied(table.sum(0)) or tied(table.sum(1)) or any(tied(r) for r in table) or any(tied(c) for c in table.T)


@given(tables())
def test_bounds(table):
    out = measures(table)
    value = out["value"]
    signed = ["Kendall's tau-b", "Kendall's tau-c", "Gamma", "Spearman Correlation", "Pearson's R"]
    for name in signed:
        assert -1 - 1e-12 <= value[(SYM, name)] <= 1 + 1e-12 or np.isnan(value[(SYM, name)])
    for name in ["Cramér's V", "Contingency Coefficient"]:
        assert 0 <= value[(SYM, name)] <= 1 + 1e-12
    assert value[(SYM, "Contingency Coefficient")] < 1
    for name in out.loc[DIR].index:
        v = value[(DIR, name)]
        low = -1 if name.startswith("Somers") else 0
        assert np.isnan(v) or low - 1e-12 <= v <= 1 + 1e-12, name
    assert (out["ase"].dropna() >= 0).all()
    p = out["pvalue"].dropna()
    assert ((p >= 0) & (p <= 1)).all()
    # the ordering tau-c, tau-b, gamma in size, and Somers' symmetric d between its two directions
    tb, g = value[(SYM, "Kendall's tau-b")], value[(SYM, "Gamma")]
    if not np.isnan(g):
        assert abs(tb) <= abs(g) + 1e-12
    d = [value[(DIR, f"Somers' d — {k}")] for k in ("Rows Dependent", "Columns Dependent", "Symmetric")]
    assert min(d[:2]) - 1e-12 <= d[2] <= max(d[:2]) + 1e-12


@st.composite
def weighted_tables(draw):
    """An I×J table (up to 6×7) of fractional or whole counts, with empty cells and perhaps an empty row and an
    empty column, holding at least two non-empty rows and columns."""
    i, j = draw(st.integers(2, 6)), draw(st.integers(2, 7))
    cell = st.one_of(st.just(0.0), st.integers(1, 40).map(float), st.integers(1, 4000).map(lambda k: k / 100))
    table = np.array(draw(st.lists(cell, min_size=i * j, max_size=i * j))).reshape(i, j)
    if draw(st.booleans()):
        table[draw(st.integers(0, i - 1))] = 0
    if draw(st.booleans()):
        table[:, draw(st.integers(0, j - 1))] = 0
    assume((table.sum(axis=1) > 0).sum() >= 2 and (table.sum(axis=0) > 0).sum() >= 2)
    return table


@given(weighted_tables())
def test_symmetric_measures_are_the_registry_records(table):
    # Cramér's V, symmetric lambda and the symmetric uncertainty coefficient are the records CRAMERV, LAMBDA and UC,
    # and their ASE1 the records' linearised SE; lambda's only without a tied maximum, where SPSS takes the first
    # modal category and the registry's gradient shares the tie
    out = measures(table)
    labels = [f"c{k}" for k in range(max(table.shape))]
    frame = pd.DataFrame(table, index=labels[:table.shape[0]], columns=labels[:table.shape[1]])
    registry = quiet(pa.Agreement.from_table(frame).multiclass, ["CRAMERV", "LAMBDA", "UC"], ci="linearized")
    for code, row in (("CRAMERV", (SYM, "Cramér's V")), ("LAMBDA", (DIR, "Lambda — Symmetric")),
                      ("UC", (DIR, "Uncertainty Coefficient — Symmetric"))):
        assert out.loc[row, "value"] == pytest.approx(registry.loc[code, "value"], rel=1e-12, abs=1e-14), code
    kept = table[table.sum(1) > 0][:, table.sum(0) > 0]
    assert out.loc[(DIR, "Uncertainty Coefficient — Symmetric"), "ase"] == pytest.approx(
        registry.loc["UC", "se"], rel=1e-9, abs=1e-12)
    if not _has_tied_maxima(kept):
        assert out.loc[(DIR, "Lambda — Symmetric"), "ase"] == pytest.approx(registry.loc["LAMBDA", "se"], rel=1e-9,
                                                                             abs=1e-12)


def test_kappa_reuses_the_package_kappa():
    table = np.array([[20.0, 5], [10, 15]])
    out = measures(table, keywords="kappa")
    kappa = out.loc[(SYM, "Kappa")]
    assert kappa["value"] == pytest.approx(0.4)
    assert kappa["ase"] == pytest.approx(np.sqrt(0.016128), rel=1e-5)  # Fleiss, Cohen & Everitt under H1
    assert kappa["t"] == pytest.approx(0.4 / np.sqrt(0.0192))  # and under H0
    ag = pa.Agreement.from_table(pd.DataFrame(table))
    assert kappa["value"] == pytest.approx(ag.multiclass(["KAPPA"]).loc["KAPPA", "value"])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # not applicable is not undefined: no warning
        rect = association_measures(MARQUES_DE_SA, keywords="kappa")
    assert np.isnan(rect.loc[(SYM, "Kappa"), "value"]) and "square" in rect.loc[(SYM, "Kappa"), "note"]


def test_phi_is_signed_in_a_two_by_two_table():
    table = np.array([[5.0, 20], [15, 10]])
    out = measures(table, keywords="phi")
    assert out.loc[(SYM, "Phi"), "value"] == pytest.approx((5 * 10 - 20 * 15) / np.sqrt(25 * 25 * 20 * 30))
    assert out.loc[(SYM, "Cramér's V"), "value"] == pytest.approx(-out.loc[(SYM, "Phi"), "value"])


def test_scores_enter_pearson_and_eta_only():
    scores = np.array([0.0, 1, 10])
    plain, scored = measures(MARQUES_DE_SA), measures(MARQUES_DE_SA, row_scores=scores)
    changed = {(SYM, "Pearson's R"), (DIR, "Eta — Rows Dependent")}
    for key in plain.index:
        same = np.allclose(plain.loc[key, ["value", "ase", "t"]].astype(float),
                           scored.loc[key, ["value", "ase", "t"]].astype(float), equal_nan=True)
        assert same != (key in changed), key
    x, y = expand(MARQUES_DE_SA)
    assert scored.loc[(SYM, "Pearson's R"), "value"] == pytest.approx(stats.pearsonr(scores[x], y).statistic)
    # eta with the rows dependent: the correlation ratio of the row scores over the columns
    groups = [scores[x][y == j] for j in range(4)]
    between = sum(len(g) * (g.mean() - scores[x].mean()) ** 2 for g in groups)
    assert scored.loc[(DIR, "Eta — Rows Dependent"), "value"] == pytest.approx(
        np.sqrt(between / ((scores[x] - scores[x].mean()) ** 2).sum()))


def test_empty_rows_are_left_out_and_weights_may_be_fractional():
    padded = np.insert(MARQUES_DE_SA, 1, 0.0, axis=0)
    padded = np.insert(padded, 2, 0.0, axis=1)
    numbers = ["value", "ase", "t", "pvalue"]
    base = measures(MARQUES_DE_SA)
    got = measures(padded, row_scores=[1, 99, 2, 3], col_scores=[1, 2, 99, 3, 4])
    sym = [k for k in base.index if k != (SYM, "Kappa")]
    pd.testing.assert_frame_equal(got.loc[sym, numbers], base.loc[sym, numbers], rtol=1e-12, atol=1e-14)
    # scaling the weights keeps every value and scales each ASE by 1/√c
    half = measures(MARQUES_DE_SA * 0.5)
    np.testing.assert_allclose(half["value"], base["value"], rtol=1e-12, equal_nan=True)
    np.testing.assert_allclose(half["ase"], base["ase"] * np.sqrt(2), rtol=1e-9, equal_nan=True)


def test_constant_variable_is_undefined_with_one_warning():
    table = np.array([[3.0, 4, 5], [0, 0, 0]])
    with pytest.warns(pa.UndefinedMeasureWarning) as caught:
        out = association_measures(table, keywords=["gamma", "lambda"])
    assert len(caught) == 1
    assert out["value"].isna().all()
    assert out["note"].str.contains("constant").all()


def test_a_perfect_correlation_has_the_same_t_both_ways():
    """[[0, 2], [3, 0]] with the row scores 1 and 2^1.5 has r = −1; its transpose's sums, in another order, gave
    −1 + 2⁻⁵³ and T = −1.2·10⁸ beside −inf (numpy 1.26). 1 − r² within 64 ulps of 0 is 0, as the conventions'
    round-off rule has it."""
    table = np.array([[0.0, 2.0], [3.0, 0.0]])
    rows, cols = np.array([1.0, 2.0**1.5]), np.array([1.0, 2.0])
    out = measures(table, row_scores=rows, col_scores=cols).loc[(SYM, "Pearson's R"), "t"]
    back = measures(table.T, row_scores=cols, col_scores=rows).loc[(SYM, "Pearson's R"), "t"]
    assert out == back == -np.inf


def test_uncertainty_and_g2_of_a_dense_table_with_empty_cells_read_its_non_empty_cells_alone():
    # every row and column holds objects, most cells none: the empty cells add nothing to the mutual
    # information nor to G² (scikit-learn's normalized_mutual_info_score, arithmetic mean, is the symmetric UC)
    from sklearn.metrics import normalized_mutual_info_score

    rng = np.random.default_rng(7)
    table = rng.integers(1, 40, size=(9, 9)).astype(float)
    table[rng.random((9, 9)) < 0.6] = 0.0  # most cells empty: the sums read the others
    table[np.arange(9), np.arange(9)] += 5
    x, y = expand(table)
    ag = pa.Agreement.from_table(table)
    assert ag._view().mostly_empty
    uc = ag.multiclass(["UC"]).loc["UC", "value"]
    assert uc == pytest.approx(normalized_mutual_info_score(x, y, average_method="arithmetic"), rel=1e-12)
    g2 = contingency.chi2_contingency(table, correction=False, lambda_="log-likelihood").statistic
    assert ag.tests().loc["G2", "statistic"] == pytest.approx(g2, rel=1e-12)


def test_kappa_variances_of_a_mostly_empty_dense_table_are_statsmodels():
    # Fleiss, Cohen & Everitt's variances over the non-empty cells of a dense table with most cells empty, as
    # statsmodels' cohens_kappa gives them (var_kappa under H1, var_kappa0 under H0), unweighted and weighted
    from statsmodels.stats.inter_rater import cohens_kappa

    from pandas_agree.engine.tableview import TableView
    from pandas_agree.inference.tests import kappa_variances

    rng = np.random.default_rng(11)
    table = rng.integers(1, 30, size=(8, 8)).astype(float)
    table[rng.random((8, 8)) < 0.7] = 0.0
    table[np.arange(8), np.arange(8)] += 20
    view = TableView(table, np.arange(8), np.arange(8), np.arange(8), np.arange(8), 8)
    assert view.mostly_empty
    kappa, var1, var0 = kappa_variances(view)
    expected = cohens_kappa(table)
    assert [float(kappa), float(var1), float(var0)] == pytest.approx(
        [expected.kappa, expected.var_kappa, expected.var_kappa0], rel=1e-12)
    weights = 1 - np.abs(np.subtract.outer(np.arange(8), np.arange(8))) / 7  # linear agreement weights
    kappa, var1, var0 = kappa_variances(TableView(table, np.arange(8), np.arange(8), np.arange(8), np.arange(8), 8),
                                        weights)
    expected = cohens_kappa(table, wt="linear")  # statsmodels' weights are disagreements: |i − j|
    assert [float(kappa), float(var1), float(var0)] == pytest.approx(
        [expected.kappa, expected.var_kappa, expected.var_kappa0], rel=1e-12)
