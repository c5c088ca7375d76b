"""Known answers from published SPSS CROSSTABS output: each table's counts are printed beside the SPSS tables, and
every value is compared at the precision SPSS printed it (a printed ".000" is a value below .0005)."""

import warnings

import numpy as np
import pandas as pd
import pytest

import pandas_agree as pa
from pandas_agree.inference.association import association_measures
from pandas_agree.inference.contingency import chi_square_tests, risk_estimate

SYM, DIR = "Symmetric Measures", "Directional Measures"

# Diehl, Y. (2025), mariposa (R package, MIT licence), tests/spss_reference/outputs/chi_squared_output.txt, commit
# 063dc204646e0ef1b8d47d5ce93b11ee033296d2 of github.com/YannickDiehl/mariposa: IBM SPSS Statistics 29 text output
# (OMS) of CROSSTABS /STATISTICS=CHISQ PHI GAMMA, each table's "Crosstabulation" counts printed above its
# "Chi-Square Tests" and "Symmetric Measures".
MARIPOSA_1A = np.array([[249, 945], [260, 1062]], dtype=float)  # Test 1a: Gender (Male, Female) × Region (East, West)
MARIPOSA_1B = np.array([[0, 573, 66, 175, 34], [0, 420, 52, 139, 29], [46, 370, 45, 149, 33],
                        [34, 240, 21, 72, 20]], dtype=float)  # Test 1b: education (4 levels) × employment (5 levels)
MARIPOSA_1C = np.array([[402, 291, 326, 176], [447, 350, 316, 209]], dtype=float)  # Test 1c: Gender × education
MARIPOSA_3B_EAST = np.array([[7, 145, 16, 55, 15], [4, 166, 15, 56, 6]], dtype=float)  # Test 3b, Region = East

# Marques de Sá, J. P. (2007), Applied Statistics Using SPSS, STATISTICA, MATLAB and R, 2nd ed., Springer, p. 195:
# Table 5.12 (SEX × Q7_12 of the freshmen dataset, counts printed by SPSS) and the text above it.
MARQUES_DE_SA_5_12 = np.array([[18, 36, 29, 12], [1, 14, 13, 6]], dtype=float)


def sig(p: float) -> str:
    """A p-value as SPSS prints it: three decimals without the leading zero (".000" below .0005)."""
    return f"{p:.3f}".lstrip("0")


def measures(table, **kwargs) -> pd.DataFrame:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return association_measures(table, **kwargs)


def chi_square(table) -> pd.DataFrame:
    return chi_square_tests(table, random_state=0, monte_carlo_tables=10, exact_work=0)


# --- a 2×2 table: Chi-Square Tests with Fisher's exact test, phi and gamma with its ASE ---------------------------

def test_mariposa_1a_two_by_two_chi_square_tests():
    res = chi_square(MARIPOSA_1A)
    printed = {  # Value, df, Asymptotic Significance (2-sided)
        "Pearson Chi-Square": (0.548, 1, ".459"),
        "Continuity Correction": (0.477, 1, ".490"),
        "Likelihood Ratio": (0.548, 1, ".459"),
        "Linear-by-Linear Association": (0.548, 1, ".459"),
    }
    for row, (value, df, p) in printed.items():
        assert round(res.loc[row, "value"], 3) == value, row
        assert res.loc[row, "df"] == df and sig(res.loc[row, "pvalue"]) == p, row
    # Fisher's Exact Test: Exact Sig. (2-sided) .487, Exact Sig. (1-sided) .245
    assert sig(res.loc["Fisher's Exact Test", "exact_2sided"]) == ".487"
    assert sig(res.loc["Fisher's Exact Test", "exact_1sided"]) == ".245"
    assert res.loc["N of Valid Cases", "value"] == 2516
    # footnote a: "0 cells (.0%) have expected count less than 5. The minimum expected count is 241.55."
    assert res.attrs["cells_expected_below_5"] == 0 and round(res.attrs["min_expected"], 2) == 241.55


def test_mariposa_1a_two_by_two_symmetric_measures():
    out = measures(MARIPOSA_1A)
    # Phi .015 (Approximate Significance .459), Cramer's V .015 (.459)
    for name in ("Phi", "Cramér's V"):
        assert round(out.loc[(SYM, name), "value"], 3) == 0.015 and sig(out.loc[(SYM, name), "pvalue"]) == ".459"
    # Gamma: Value .037, Asymptotic Standard Error .050, Approximate T .739, Approximate Significance .460
    gamma = out.loc[(SYM, "Gamma"), ["value", "ase", "t"]].astype(float).round(3).tolist()
    assert gamma == [0.037, 0.050, 0.739] and sig(out.loc[(SYM, "Gamma"), "pvalue"]) == ".460"


def test_mariposa_1a_through_the_public_api():
    # the same table with SPSS's codes (Gender 1, 2; Region 1, 2) as labels, through Agreement.crosstab_statistics
    table = pd.DataFrame(MARIPOSA_1A, index=pd.Index([1, 2], name="gender"), columns=pd.Index([1, 2], name="region"))
    out = pa.Agreement.from_table(table).crosstab_statistics(["chisq", "phi", "gamma"], random_state=0)
    chi = out["Chi-Square Tests"]
    assert round(chi.loc["Pearson Chi-Square", "value"], 3) == 0.548
    assert round(chi.loc["Continuity Correction", "value"], 3) == 0.477
    assert sig(chi.loc["Fisher's Exact Test", "exact_2sided"]) == ".487"
    assert out[SYM].loc["Gamma", ["value", "ase", "t"]].astype(float).round(3).tolist() == [0.037, 0.050, 0.739]


# --- larger tables: empty cells, ordinal gamma with its ASE, linear-by-linear with the codes as scores -------------

@pytest.mark.parametrize("table, printed", [
    # Test 1b: Pearson 130.696 (12 df, .000), Likelihood Ratio 157.216 (12, .000), Linear-by-Linear 2.410 (1, .121),
    # N 2518, minimum expected count 12.30; Phi .228 (.000), Cramer's V .132 (.000), Gamma -.062 .028 -2.212 .027
    (MARIPOSA_1B, dict(pearson=(130.696, 12, ".000"), lr=(157.216, 12, ".000"), linear=(2.410, 1, ".121"), n=2518,
                       min_expected=12.30, phi=(0.228, ".000"), v=(0.132, ".000"),
                       gamma=(-0.062, 0.028, -2.212, ".027"))),
    # Test 1c: Pearson 4.403 (3, .221), LR 4.402 (3, .221), Linear-by-Linear .105 (1, .746), N 2517, minimum expected
    # 182.79; Phi .042 (.221), Cramer's V .042 (.221), Gamma -.011 .030 -.375 .708
    (MARIPOSA_1C, dict(pearson=(4.403, 3, ".221"), lr=(4.402, 3, ".221"), linear=(0.105, 1, ".746"), n=2517,
                       min_expected=182.79, phi=(0.042, ".221"), v=(0.042, ".221"),
                       gamma=(-0.011, 0.030, -0.375, ".708"))),
    # Test 3b, Region = East: Pearson 5.970 (4, .201), LR 6.107 (4, .191), Linear-by-Linear 1.697 (1, .193), N 485,
    # minimum expected 5.40; Phi .111 (.201), Cramer's V .111 (.201), Gamma -.093 .084 -1.105 .269
    (MARIPOSA_3B_EAST, dict(pearson=(5.970, 4, ".201"), lr=(6.107, 4, ".191"), linear=(1.697, 1, ".193"), n=485,
                            min_expected=5.40, phi=(0.111, ".201"), v=(0.111, ".201"),
                            gamma=(-0.093, 0.084, -1.105, ".269"))),
], ids=["mariposa-1b", "mariposa-1c", "mariposa-3b-east"])
def test_mariposa_larger_tables(table, printed):
    res = chi_square(table)
    for row, key in (("Pearson Chi-Square", "pearson"), ("Likelihood Ratio", "lr"),
                     ("Linear-by-Linear Association", "linear")):
        value, df, p = printed[key]
        assert round(res.loc[row, "value"], 3) == value and res.loc[row, "df"] == df, row
        assert sig(res.loc[row, "pvalue"]) == p, row
    assert res.loc["N of Valid Cases", "value"] == printed["n"]
    assert round(res.attrs["min_expected"], 2) == printed["min_expected"]
    out = measures(table)
    for name, key in (("Phi", "phi"), ("Cramér's V", "v")):
        value, p = printed[key]
        assert round(out.loc[(SYM, name), "value"], 3) == value and sig(out.loc[(SYM, name), "pvalue"]) == p, name
    value, ase, t, p = printed["gamma"]
    assert out.loc[(SYM, "Gamma"), ["value", "ase", "t"]].astype(float).round(3).tolist() == [value, ase, t]
    assert sig(out.loc[(SYM, "Gamma"), "pvalue"]) == p


# --- a nominal 2×4 table: the significance of phi and of the uncertainty coefficient -----------------------------

def test_marques_de_sa_table_5_12_phi_and_uncertainty_coefficient_significances():
    # p. 195: "the phi and uncertainty coefficients both have significances (0.15 and 0.08, respectively)", and
    # "The chi-square value for this table has an observed significance p = 0.15"
    out = measures(MARQUES_DE_SA_5_12)
    assert round(out.loc[(SYM, "Phi"), "pvalue"], 2) == 0.15
    for direction in ("Symmetric", "Rows Dependent", "Columns Dependent"):
        assert round(out.loc[(DIR, f"Uncertainty Coefficient — {direction}"), "pvalue"], 2) == 0.08, direction
    assert round(chi_square(MARQUES_DE_SA_5_12).loc["Pearson Chi-Square", "pvalue"], 2) == 0.15


# --- SPSS viewer files (.spv) in public repositories ---------------------------------------------------------------
# Each file was written by IBM SPSS Statistics (its version is the creator-version of the file's outputViewer XML);
# the values are those SPSS stored in its tables, read with GNU PSPP's pspp-output (which decodes the stored numbers
# and computes nothing): the printed ones (three decimals) and, where given, the stored ones (six significant
# digits, compared within 5e-6). Each table's counts are its "Crosstabulation" in the same file.

# arushidas/ELSA-Life-Satisfation-in-Elderly, Crosstabs.spv, commit 7ef3cfa2583282e6fbc8cea91dea4992c63d20e3
# (SPSS 26): CROSSTABS /TABLES=lifeSatis BY sex /STATISTICS=CHISQ RISK, "Satisfied with their life" (Agree,
# Disagree) by "Sex" (Male, Female), and two more 2×2 tables of lifeSatis in the same file.
ELSA_SEX = pd.DataFrame([[3170, 3918], [372, 551]], dtype=float,
                        index=pd.Index(["Agree", "Disagree"], name="Satisfied with their life"),
                        columns=pd.Index(["Male", "Female"], name="Sex"))
ELSA_FINANCES = np.array([[6542, 145], [749, 122]], dtype=float)  # by partFin (Manage Well, Don't Manage Well)
ELSA_HAPPY = np.array([[6776, 247], [665, 250]], dtype=float)  # by soHappy (Often, Not Often)

# TiaWassell/Dissertation, BetterStats/MatPos.spv, commit bde17861e0ab0e84c376b0c7c5e14e781a7f352f (SPSS 23):
# Stimuli (Amboseli, Samburu) by MatPosition (Front, Middle, Back), /STATISTICS=CHISQ PHI CC LAMBDA UC.
TIA_MATPOS = np.array([[3, 3, 8], [7, 4, 2]], dtype=float)
# TiaWassell/Dissertation, BetterStats/Retreat.spv, commit 0d896da10b22919b3da6cc1cec94b4ecff27ed81 (SPSS 23):
# Stimuli by MatRetreat (No, Yes) and by FRRetreat (No, Yes).
TIA_MATRETREAT = np.array([[9, 5], [2, 11]], dtype=float)
TIA_FRRETREAT = np.array([[7, 7], [1, 13]], dtype=float)

# niharikatewari/IBM-SPSS, Output5.spv, commit 819017d8005782367c594de3c42f7141a538ef66 (SPSS 26):
# CROSSTABS /TABLES=sex BY smokestat /STATISTICS=CHISQ CORR RISK, sex (2 codes) by smokestat (3 codes).
SMOKESTAT = np.array([[77, 7, 8], [204, 5, 5]], dtype=float)


def stored(value: float) -> object:
    """A value SPSS stored, given to six significant digits."""
    return pytest.approx(value, rel=5e-6)


def test_elsa_two_by_two_chi_square_tests_with_fisher():
    res = chi_square(ELSA_SEX)
    printed = {  # Value, df, Asymptotic Significance (2-sided); stored value and significance
        "Pearson Chi-Square": (6.469, ".011", 6.46876, 0.0109787),
        "Continuity Correction": (6.291, ".012", 6.29079, 0.0121367),
        "Likelihood Ratio": (6.510, ".011", 6.50957, 0.0107295),
        "Linear-by-Linear Association": (6.468, ".011", 6.46795, 0.0109837),
    }
    for row, (value, p, value_stored, p_stored) in printed.items():
        assert round(res.loc[row, "value"], 3) == value and res.loc[row, "df"] == 1, row
        assert sig(res.loc[row, "pvalue"]) == p, row
        assert res.loc[row, "value"] == stored(value_stored) and res.loc[row, "pvalue"] == stored(p_stored), row
    # Fisher's Exact Test: Exact Sig. (2-sided) .011 (.0111885), (1-sided) .006 (.00595689)
    assert res.loc["Fisher's Exact Test", "exact_2sided"] == stored(0.0111885)
    assert res.loc["Fisher's Exact Test", "exact_1sided"] == stored(0.00595689)
    assert res.loc["N of Valid Cases", "value"] == 8011
    # "a. 0 cells (.0%) have expected count less than 5. The minimum expected count is 408.10."
    assert res.attrs["cells_expected_below_5"] == 0 and round(res.attrs["min_expected"], 2) == 408.10


def test_elsa_risk_estimate_titled_by_the_variables():
    risk = risk_estimate(ELSA_SEX)
    printed = {  # Value, 95% Confidence Interval Lower, Upper; stored
        "Odds Ratio for Satisfied with their life (Agree / Disagree)": (1.1984, 1.04225, 1.37795),
        "For cohort Sex = Male": (1.10967, 1.02162, 1.20531),
        "For cohort Sex = Female": (0.925957, 0.874658, 0.980264),
    }
    assert list(risk.index[:3]) == list(printed)
    for row, values in printed.items():
        assert risk.loc[row, ["value", "lower", "upper"]].astype(float).tolist() == [stored(v) for v in values], row
    # as printed: 1.198 (1.042, 1.378), 1.110 (1.022, 1.205), .926 (.875, .980)
    assert risk.iloc[:3][["value", "lower", "upper"]].astype(float).round(3).values.tolist() == [
        [1.198, 1.042, 1.378], [1.110, 1.022, 1.205], [0.926, 0.875, 0.980]]
    assert risk.loc["N of Valid Cases", "value"] == 8011


def test_elsa_through_the_public_api():
    # the same table with SPSS's codes as labels (1 Agree, 2 Disagree; 1 Male, 2 Female)
    table = pd.DataFrame(ELSA_SEX.to_numpy(), index=pd.Index([1, 2], name="lifeSatis"),
                         columns=pd.Index([1, 2], name="sex"))
    out = pa.Agreement.from_table(table).crosstab_statistics(["chisq", "risk"], random_state=0)
    assert out["Risk Estimate"].iloc[:3][["value", "lower", "upper"]].astype(float).round(3).values.tolist() == [
        [1.198, 1.042, 1.378], [1.110, 1.022, 1.205], [0.926, 0.875, 0.980]]
    assert out["Risk Estimate"].index[0] == "Odds Ratio for lifeSatis (1 / 2)"
    assert sig(out["Chi-Square Tests"].loc["Fisher's Exact Test", "exact_1sided"]) == ".006"


@pytest.mark.parametrize("table, printed", [
    # Pearson 316.921, Continuity Correction 313.457, Likelihood Ratio 206.136, Linear-by-Linear 316.879, minimum
    # expected count 30.77; Odds Ratio 7.349 (5.710, 9.459), cohorts 1.138 (1.107, 1.169) and .155 (.123, .195)
    (ELSA_FINANCES, dict(chi=(316.921, 313.457, 206.136, 316.879), min_expected=30.77,
                         risk=[[7.349, 5.710, 9.459], [1.138, 1.107, 1.169], [0.155, 0.123, 0.195]])),
    # Pearson 781.660, Continuity Correction 777.609, Likelihood Ratio 504.327, Linear-by-Linear 781.561, minimum
    # expected count 57.29; Odds Ratio 10.313 (8.503, 12.509), cohorts 1.328 (1.276, 1.382) and .129 (.109, .151)
    (ELSA_HAPPY, dict(chi=(781.660, 777.609, 504.327, 781.561), min_expected=57.29,
                      risk=[[10.313, 8.503, 12.509], [1.328, 1.276, 1.382], [0.129, 0.109, 0.151]])),
], ids=["elsa-finances", "elsa-happy"])
def test_elsa_strong_associations(table, printed):
    res = chi_square(table)
    rows = ["Pearson Chi-Square", "Continuity Correction", "Likelihood Ratio", "Linear-by-Linear Association"]
    assert res.loc[rows, "value"].round(3).tolist() == list(printed["chi"])
    assert [sig(p) for p in res.loc[rows, "pvalue"]] == [".000"] * 4
    assert [sig(res.loc["Fisher's Exact Test", c]) for c in ("exact_2sided", "exact_1sided")] == [".000", ".000"]
    assert round(res.attrs["min_expected"], 2) == printed["min_expected"]
    risk = risk_estimate(table)
    assert risk.iloc[:3][["value", "lower", "upper"]].astype(float).round(3).values.tolist() == printed["risk"]


def test_tia_matpos_directional_measures_with_their_ases():
    out = measures(TIA_MATPOS)
    # Directional Measures: Value, Asymptotic Standardized Error (a), Approximate T (b), Approximate Significance,
    # as stored; the rows (Stimuli) are SPSS's "Stimuli Dependent", the columns its "MatPosition Dependent"
    printed = {
        "Lambda — Symmetric": (0.333333, 0.167774, 1.81679, 0.069249),
        "Lambda — Rows Dependent": (0.384615, 0.248802, 1.24712, 0.212355),
        "Lambda — Columns Dependent": (0.294118, 0.163913, 1.57532, 0.115184),
        "Uncertainty Coefficient — Symmetric": (0.116783, 0.092099, 1.27144, 0.060602),
        "Uncertainty Coefficient — Rows Dependent": (0.149944, 0.117889, 1.27144, 0.060602),
        "Uncertainty Coefficient — Columns Dependent": (0.0956327, 0.0755854, 1.27144, 0.060602),
    }
    for name, values in printed.items():
        got = out.loc[(DIR, name), ["value", "ase", "t", "pvalue"]].astype(float).tolist()
        assert got == [stored(v) for v in values], name
    # Goodman and Kruskal tau: .197 (.196782) with Sig. .077 (.0774469) and .109 (.109272) with .058 (.0583631),
    # "c. Based on chi-square approximation". SPSS prints ASEs .145 and .085; ours are the delta method's, .147 and
    # .085 (docs/notes/statistics.md)
    for name, value, p in (("Goodman and Kruskal tau — Rows Dependent", 0.196782, 0.0774469),
                           ("Goodman and Kruskal tau — Columns Dependent", 0.109272, 0.0583631)):
        assert out.loc[(DIR, name), "value"] == stored(value) and out.loc[(DIR, name), "pvalue"] == stored(p), name
    assert round(out.loc[(DIR, "Goodman and Kruskal tau — Columns Dependent"), "ase"], 3) == 0.085
    # Symmetric Measures: Phi .444, Cramer's V .444, Contingency Coefficient .405, each Approximate Significance .070
    for name, value in (("Phi", 0.444), ("Cramér's V", 0.444), ("Contingency Coefficient", 0.405)):
        assert round(out.loc[(SYM, name), "value"], 3) == value and sig(out.loc[(SYM, name), "pvalue"]) == ".070"
    res = chi_square(TIA_MATPOS)
    # Pearson 5.313 (2, .070), Likelihood Ratio 5.607 (2, .061), Linear-by-Linear 4.821 (1, .028); "a. 4 cells
    # (66.7%) have expected count less than 5. The minimum expected count is 3.37."
    for row, (value, df, p) in {"Pearson Chi-Square": (5.313, 2, ".070"), "Likelihood Ratio": (5.607, 2, ".061"),
                                "Linear-by-Linear Association": (4.821, 1, ".028")}.items():
        assert round(res.loc[row, "value"], 3) == value and res.loc[row, "df"] == df, row
        assert sig(res.loc[row, "pvalue"]) == p, row
    assert res.attrs["cells_expected_below_5"] == 4 and round(res.attrs["percent_expected_below_5"], 1) == 66.7
    assert round(res.attrs["min_expected"], 2) == 3.37


@pytest.mark.parametrize("table, printed", [
    # Stimuli by MatRetreat: Pearson 6.677 (.010), Continuity Correction 4.805 (.028), Likelihood Ratio 7.087 (.008),
    # Fisher .018 and .013, Linear-by-Linear 6.429 (.011); Lambda .417 .221 1.660 .097 (.416667 .221244 1.65985
    # .0969446), Stimuli dependent .462 .226 1.567 .117 (.461538 .225784 1.5667 .117185), MatRetreat dependent
    # .364 .271 1.092 .275 (.363636 .271346 1.09241 .274651); Goodman and Kruskal tau .247 (.247284), Sig. .011
    # (.0112248) both; Phi .497, Contingency Coefficient .445 (.010)
    (TIA_MATRETREAT, dict(chi=[(6.677, ".010"), (4.805, ".028"), (7.087, ".008"), (6.429, ".011")],
                          fisher=(".018", ".013"),
                          lam=[(0.416667, 0.221244, 1.65985, 0.0969446), (0.461538, 0.225784, 1.5667, 0.117185),
                               (0.363636, 0.271346, 1.09241, 0.274651)],
                          tau=(0.247284, 0.0112248), phi=0.497, cc=0.445, p=".010")),
    # Stimuli by FRRetreat: Pearson 6.300 (.012), Continuity Correction 4.375 (.036), Likelihood Ratio 6.890 (.009),
    # Fisher .033 and .016, Linear-by-Linear 6.075 (.014); Lambda .273 .283 .878 .380, Stimuli dependent .429 .241
    # 1.387 .165, FRRetreat dependent .000 .468 .000 1.000; Goodman and Kruskal tau .225, Sig. .014 both; Phi .474,
    # Contingency Coefficient .429 (.012)
    (TIA_FRRETREAT, dict(chi=[(6.300, ".012"), (4.375, ".036"), (6.890, ".009"), (6.075, ".014")],
                         fisher=(".033", ".016"),
                         lam=[(0.273, 0.283, 0.878, 0.380), (0.429, 0.241, 1.387, 0.165), (0.0, 0.468, 0.0, 1.0)],
                         tau=(0.225, 0.014), phi=0.474, cc=0.429, p=".012")),
], ids=["matretreat", "frretreat"])
def test_tia_two_by_two_tables(table, printed):
    res = chi_square(table)
    rows = ["Pearson Chi-Square", "Continuity Correction", "Likelihood Ratio", "Linear-by-Linear Association"]
    assert [(round(v, 3), sig(p)) for v, p in res.loc[rows, ["value", "pvalue"]].values] == printed["chi"]
    assert tuple(sig(res.loc["Fisher's Exact Test", c]) for c in ("exact_2sided", "exact_1sided")) == \
        printed["fisher"]
    out = measures(table)
    precise = printed["lam"][0][0] != round(printed["lam"][0][0], 3)  # stored values, else printed ones
    for direction, values in zip(("Symmetric", "Rows Dependent", "Columns Dependent"), printed["lam"], strict=True):
        got = out.loc[(DIR, f"Lambda — {direction}"), ["value", "ase", "t", "pvalue"]].astype(float).tolist()
        assert got == ([stored(v) for v in values] if precise else [pytest.approx(v, abs=5e-4) for v in values])
    value, p = printed["tau"]
    for direction in ("Rows Dependent", "Columns Dependent"):
        got = out.loc[(DIR, f"Goodman and Kruskal tau — {direction}"), ["value", "pvalue"]].astype(float).tolist()
        assert got == ([stored(value), stored(p)] if precise else [pytest.approx(value, abs=5e-4),
                                                                   pytest.approx(p, abs=5e-4)]), direction
    assert round(out.loc[(SYM, "Phi"), "value"], 3) == printed["phi"]
    assert round(out.loc[(SYM, "Contingency Coefficient"), "value"], 3) == printed["cc"]
    assert sig(out.loc[(SYM, "Phi"), "pvalue"]) == printed["p"]


def test_smokestat_correlations_with_their_ases():
    out = measures(SMOKESTAT, keywords=["corr"])
    # Symmetric Measures: Pearson's R -.187 .062 -3.327 .001 (stored -.187426 .0623709 -3.32683 .000986199),
    # Spearman Correlation -.195 .063 -3.466 .001 (-.194969 .0626598 -3.46591 .000604532), "c. Based on normal
    # approximation."
    for name, values in (("Pearson's R", (-0.187426, 0.0623709, -3.32683, 0.000986199)),
                         ("Spearman Correlation", (-0.194969, 0.0626598, -3.46591, 0.000604532))):
        got = out.loc[(SYM, name), ["value", "ase", "t", "pvalue"]].astype(float).tolist()
        assert got == [stored(v) for v in values], name
    res = chi_square(SMOKESTAT)
    # Pearson 11.633 (2, .003), Likelihood Ratio 10.547 (2, .005), Linear-by-Linear 10.714 (1, .001)
    for row, (value, p) in {"Pearson Chi-Square": (11.633, ".003"), "Likelihood Ratio": (10.547, ".005"),
                            "Linear-by-Linear Association": (10.714, ".001")}.items():
        assert round(res.loc[row, "value"], 3) == value and sig(res.loc[row, "pvalue"]) == p, row


# IBM SPSS Statistics documentation, "Crosstabs" case study (the relationship between newspaper subscription and
# response to a direct-mail offer, controlling for income category), page "Mantel-Haenszel common odds ratio
# estimate": "the estimate of 1.976". The data are SPSS's sample file demo.sav (copy: scds/intro-spss,
# data/demo.sav, commit a1732f8f1ebce8081e62ed2a2ab7049e7438533b): news (Yes, No) by response (Yes, No) in each
# income category (Under $25, $25 - $49, $50 - $74, $75+).
DEMO_NEWS_RESPONSE_BY_INCOME = np.array([[[102, 319], [85, 668]], [[135, 741], [137, 1375]],
                                         [[52, 434], [33, 601]], [[91, 894], [44, 689]]], dtype=float)


def test_demo_mantel_haenszel_common_odds_ratio():
    from pandas_agree.inference.contingency import layered_tests

    out = layered_tests(DEMO_NEWS_RESPONSE_BY_INCOME)
    assert round(out.loc[("Mantel-Haenszel Common Odds Ratio Estimate", "Estimate"), "value"], 3) == 1.976


# OmoredeIguma/Consumer-Behavior-Analysis-in-E-Commerce, "SPSS Output.spv" (SPSS 27): CROSSTABS
# /TABLES=Satisfaction_Level BY Membership_Type_Coded /STATISTICS=CHISQ GAMMA /CELLS=COUNT EXPECTED ASRESID, three
# versions of the file: satisfaction (rows) by membership Bronze, Silver, Gold.
@pytest.mark.parametrize("table, printed", [
    # commit f458a47d790c87f3b98647827ccbc84424b0d6b2, rows Unsatisfied, Neutral, Satisfied: Gamma .804 .031 21.485
    # .000 (stored .80439 .0311434 21.4853); Pearson 315.803 (4 df), Likelihood Ratio 396.214, Linear-by-Linear
    # 190.924; minimum expected count 35.05
    ([[58, 58, 0], [56, 51, 0], [0, 8, 117]], dict(gamma=(0.80439, 0.0311434, 21.4853),
                                                    chi=(315.803, 396.214, 190.924), min_expected=35.05)),
    # commit d400de3225bf117b960edc6ce9e3526ff2ab86b1, rows Satisfied, Neutral, Unsatisfied: Gamma -.793 .032
    # -20.323 .000 (stored -.792623 .0323937 -20.3231); 309.444, 380.082, 184.681; minimum expected count 35.46
    ([[2, 8, 117], [56, 51, 0], [58, 58, 0]], dict(gamma=(-0.792623, 0.0323937, -20.3231),
                                                    chi=(309.444, 380.082, 184.681), min_expected=35.46)),
    # commit 9bef72d018f69099e06a8bbee639512a1a9f4cb5: Gamma -.800 .032 -21.131 .000 (stored -.799613 .0315476
    # -21.1306); 317.886, 398.098, 190.469; minimum expected count 36.13
    ([[0, 8, 117], [58, 51, 0], [58, 58, 0]], dict(gamma=(-0.799613, 0.0315476, -21.1306),
                                                    chi=(317.886, 398.098, 190.469), min_expected=36.13)),
], ids=["f458a47", "d400de3", "9bef72d"])
def test_membership_gamma_with_its_ase(table, printed):
    table = np.array(table, dtype=float)
    gamma = measures(table, keywords=["gamma"]).loc[(SYM, "Gamma")]
    assert gamma[["value", "ase", "t"]].astype(float).tolist() == [stored(v) for v in printed["gamma"]]
    assert sig(gamma["pvalue"]) == ".000"
    res = chi_square(table)
    rows = ["Pearson Chi-Square", "Likelihood Ratio", "Linear-by-Linear Association"]
    assert res.loc[rows, "value"].round(3).tolist() == list(printed["chi"])
    assert res.loc[rows, "df"].tolist() == [4, 4, 1]
    assert round(res.attrs["min_expected"], 2) == printed["min_expected"]


# mariposa (as above), tests/spss_reference/outputs/mcnemar_test_output.txt, commit
# aefaea689dc8b3dd61f7ba89ad8a225fcb35cd77: CROSSTABS /TABLES=trust_gov_high BY trust_media_high
# /STATISTICS=MCNEMAR, split by region; both variables Low, High.
@pytest.mark.parametrize("counts, n", [([[264, 60], [97, 14]], 435), ([[1078, 278], [351, 85]], 1792)],
                         ids=["east", "west"])
def test_mariposa_mcnemar_through_the_public_api(counts, n):
    table = pd.DataFrame(counts, index=pd.Index(["Low", "High"], name="trust_gov_high"),
                         columns=pd.Index(["Low", "High"], name="trust_media_high"))
    chi = pa.Agreement.from_table(table).crosstab_statistics(["mcnemar"])["Chi-Square Tests"]
    # McNemar Test, Exact Sig. (2-sided) .004, "a Binomial distribution used."; N of Valid Cases
    assert sig(chi.loc["McNemar Test", "exact_2sided"]) == ".004"
    assert chi.loc["McNemar Test", "note"] == "Binomial distribution used."
    assert chi.loc["N of Valid Cases", "value"] == n
