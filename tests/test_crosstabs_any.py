"""Crosstabs of any two variables: ``pa.Crosstab`` (labels need not match), its layers, and ``Agreement`` as a
Crosstab. Known answers from scipy, statsmodels and R (the R call beside each)."""

from __future__ import annotations

import json
import warnings

import numpy as np
import pandas as pd
import pytest
from scipy import stats
from scipy.stats import contingency

import pandas_agree as pa

from ._r_datasets import UCB, UCB_COUNTS

# R: as.data.frame(margin.table(Titanic, c(1, 4)))  (Class × Survived, summed over Sex and Age)
TITANIC = pd.DataFrame({"Class": ["1st", "1st", "2nd", "2nd", "3rd", "3rd", "Crew", "Crew"],
                        "Survived": ["No", "Yes"] * 4,
                        "Freq": [122, 203, 167, 118, 528, 178, 673, 212]})
TITANIC_TABLE = np.array([[122, 203], [167, 118], [528, 178], [673, 212]], dtype=float)



def _titanic() -> pa.Crosstab:
    return TITANIC.agree.crosstabs("Class", "Survived", weights="Freq")


def test_two_variables_that_share_no_label_are_a_crosstab():
    ct = _titanic()
    assert type(ct) is pa.Crosstab and ct.shape == (4, 2) and ct.n == 2201
    np.testing.assert_array_equal(ct.table.to_numpy(), TITANIC_TABLE)
    assert ct.crosstab().iloc[-1, -1] == 2201
    assert pa.crosstabs(TITANIC, "Class", "Survived", weights="Freq").table.equals(ct.table)


def test_an_agreement_is_a_crosstab_and_its_refusal_names_crosstabs():
    df = pd.DataFrame({"a": ["x", "y", "x"], "p": ["x", "x", "y"]})
    assert isinstance(df.agree("a", "p"), pa.Crosstab)
    with pytest.raises(ValueError, match=r"df\.agree\.crosstabs\(row, col\)"):
        TITANIC.agree("Class", "Survived", weights="Freq")


def test_titanic_chi_square_tests_equal_scipy():
    with pytest.warns(pa.LabelOrderWarning, match="linear-by-linear association read the labels"):  # text labels
        tests = _titanic().statistics("chisq")["Chi-Square Tests"]
    pearson = stats.chi2_contingency(TITANIC_TABLE, correction=False)
    assert tests.loc["Pearson Chi-Square", "value"] == pytest.approx(pearson.statistic, rel=1e-12)
    assert tests.loc["Pearson Chi-Square", "df"] == pearson.dof == 3
    assert tests.loc["Pearson Chi-Square", "pvalue"] == pytest.approx(pearson.pvalue, rel=1e-9)
    g2 = stats.chi2_contingency(TITANIC_TABLE, correction=False, lambda_="log-likelihood")
    assert tests.loc["Likelihood Ratio", "value"] == pytest.approx(g2.statistic, rel=1e-12)
    # R: chisq.test(margin.table(Titanic, c(1, 4)))$statistic  # 190.4011
    assert tests.loc["Pearson Chi-Square", "value"] == pytest.approx(190.4011, abs=1e-4)


def test_titanic_association_measures_equal_scipy():
    sym = _titanic().statistics(["phi", "cc"])["Symmetric Measures"]
    assert sym.loc["Cramér's V", "value"] == pytest.approx(contingency.association(TITANIC_TABLE.astype(int), "cramer"),
                                                           rel=1e-12)
    assert sym.loc["Contingency Coefficient", "value"] == pytest.approx(
        contingency.association(TITANIC_TABLE.astype(int), "pearson"), rel=1e-12)
    # R: vcd::assocstats(margin.table(Titanic, c(1, 4)))  # Phi-Coefficient NA, Contingency Coeff. 0.282,
    #    Cramer's V 0.294
    assert sym.loc["Cramér's V", "value"] == pytest.approx(0.294, abs=5e-4)


def test_titanic_cell_statistics_equal_scipy():
    cells = _titanic().cells(["count", "expected", "row", "resid"])
    expected = contingency.expected_freq(TITANIC_TABLE)
    got = np.array([cells.loc[(c, "expected")].to_numpy()[:2] for c in ["1st", "2nd", "3rd", "Crew"]])
    np.testing.assert_allclose(got, expected, rtol=1e-13)
    resid = np.array([cells.loc[(c, "resid")].to_numpy()[:2] for c in ["1st", "2nd", "3rd", "Crew"]])
    np.testing.assert_allclose(resid, TITANIC_TABLE - expected, rtol=1e-12)


def test_kappa_and_mcnemar_need_the_same_categories_on_both_sides():
    tables = _titanic().statistics(["kappa", "mcnemar"])
    assert np.isnan(tables["Symmetric Measures"].loc["Kappa", "value"])
    assert "square" in tables["Symmetric Measures"].loc["Kappa", "note"]
    assert "square" in tables["Chi-Square Tests"].loc["McNemar-Bowker Test", "note"]
    # the same categories in another order: kappa and McNemar of the table with its columns in the rows' order
    t = pd.DataFrame([[4, 10], [20, 3]], index=["no", "yes"], columns=["yes", "no"])
    ct = pa.Crosstab.from_table(t)
    kappa = ct.statistics("kappa")["Symmetric Measures"].loc["Kappa", "value"]
    square = np.array([[10, 4], [3, 20]])
    assert kappa == pytest.approx(pa.Agreement.from_table(square).multiclass(["KAPPA"]).loc["KAPPA", "value"])
    exact = ct.statistics("mcnemar")["Chi-Square Tests"].loc["McNemar Test", "exact_2sided"]
    assert exact == pytest.approx(stats.binomtest(4, 7).pvalue, rel=1e-12)


def test_ucb_layers_equal_statsmodels_and_r():
    import statsmodels.api as sm

    ct = UCB.agree.crosstabs("Admit", "Gender", weights="Freq", layers="Dept")
    assert list(ct.layers) == list("ABCDEF") and ct.layers_by == "Dept"
    assert sum(layer.n for layer in ct.layers.values()) == ct.n == 4526
    out = ct.statistics(["cmh"])
    # the tables in the Crosstab's order: Admitted, Rejected × Female, Male (text labels sorted)
    strata = sm.stats.StratifiedTable([np.array([[af, am], [rf, rm]], float) for am, af, rm, rf in UCB_COUNTS.values()])
    homogeneity = out["Tests of Homogeneity of the Odds Ratio"]
    assert homogeneity.loc["Breslow-Day", "value"] == pytest.approx(strata.test_equal_odds().statistic, rel=1e-10)
    assert homogeneity.loc["Tarone's", "value"] == pytest.approx(strata.test_equal_odds(adjust=True).statistic,
                                                                 rel=1e-10)
    independence = out["Tests of Conditional Independence"]
    # R: mantelhaen.test(UCBAdmissions)  # Mantel-Haenszel X-squared = 1.4269, df = 1, p-value = 0.2323
    assert independence.loc["Mantel-Haenszel", "value"] == pytest.approx(
        strata.test_null_odds(correction=True).statistic, rel=1e-10)
    assert independence.loc["Mantel-Haenszel", "pvalue"] == pytest.approx(0.2323, abs=1e-4)
    # Cochran's statistic: the variances with N_k (not N_k − 1) in the denominator (SPSS)
    t = np.array([[[af, am], [rf, rm]] for am, af, rm, rf in UCB_COUNTS.values()], dtype=float)
    n = t.sum(axis=(1, 2))
    rows, cols = t.sum(axis=2), t.sum(axis=1)
    mean = rows[:, 0] * cols[:, 0] / n
    variance = rows[:, 0] * rows[:, 1] * cols[:, 0] * cols[:, 1] / n ** 3
    cochran = (t[:, 0, 0].sum() - mean.sum()) ** 2 / variance.sum()
    assert independence.loc["Cochran's", "value"] == pytest.approx(cochran, rel=1e-12)
    odds = out["Mantel-Haenszel Common Odds Ratio Estimate"]
    # R: mantelhaen.test(UCBAdmissions)$estimate  # 0.9046968 (Male first); here Female first: its reciprocal
    assert odds.loc["Estimate", "value"] == pytest.approx(1 / 0.9046968, rel=1e-7)
    assert odds.loc["Estimate", "value"] == pytest.approx(strata.oddsratio_pooled, rel=1e-12)
    lower, upper = strata.oddsratio_pooled_confint()
    assert (odds.loc["Estimate", "lower"], odds.loc["Estimate", "upper"]) == (pytest.approx(lower, rel=1e-10),
                                                                              pytest.approx(upper, rel=1e-10))
    # R: mantelhaen.test(UCBAdmissions)$conf.int  # 0.7719074 1.0603298
    assert odds.loc["Estimate", "lower"] == pytest.approx(1 / 1.0603298, rel=1e-6)
    assert "Test of Homogeneity of Kappa" not in out  # the rows and columns are not the same categories


def test_layers_are_the_groups_of_the_rows_and_several_columns_combine():
    df = UCB.assign(Half=np.where(UCB["Dept"] < "D", "first", "second"))
    ct = df.agree.crosstabs("Admit", "Gender", weights="Freq", layers=["Half", "Dept"])
    assert list(ct.layers) == [("first", "A"), ("first", "B"), ("first", "C"), ("second", "D"), ("second", "E"),
                               ("second", "F")]
    for (_, dept), layer in ct.layers.items():
        expected = UCB[UCB["Dept"] == dept].pivot_table(index="Admit", columns="Gender", values="Freq",
                                                         aggfunc="sum")
        np.testing.assert_array_equal(layer.table.to_numpy(), expected.to_numpy())
    with pytest.raises(KeyError, match="layers"):
        df.agree.crosstabs("Admit", "Gender", layers="nope")


def test_cmh_needs_layers_and_names_crosstabs():
    with pytest.raises(ValueError, match=r"crosstabs\(row, col, layers=column\)"):
        _titanic().statistics(["cmh"])


def test_crosstab_report_renders_every_output(tmp_path):
    ct = UCB.agree.crosstabs("Admit", "Gender", weights="Freq", layers="Dept")
    report = ct.report(statistics=["chisq", "phi", "cmh"], cells=["count", "row", "asresid"])
    assert isinstance(report, pa.CrosstabReport)
    text = str(report)
    assert text.startswith("Crosstabs: Admit * Gender")
    chi_square = text[text.index("Chi-Square Tests"):text.index("Symmetric Measures")]
    assert [line.split()[0] for line in chi_square.splitlines() if "Pearson" in line] == [*"ABCDEF", "Total"]
    assert "Mantel-Haenszel Common Odds Ratio Estimate" in text and "% within Admit" in text
    html = report.to_html(tmp_path / "r.html")
    assert "Breslow-Day" in html and "<table" in html
    report.to_excel(tmp_path / "r.xlsx")
    sheets = pd.read_excel(tmp_path / "r.xlsx", sheet_name=None)
    assert list(sheets) == ["Report", "Summary", "Crosstab", "Statistics", "Notes"]
    data = json.loads(report.to_json())
    assert set(data["layers"]) == set("ABCDEF") and "Tests of Conditional Independence" in data["statistics"]


def test_crosstab_report_takes_no_agreement_options():
    with pytest.raises(TypeError, match="ci"):
        _titanic().report(ci="auto")


def test_a_crosstab_without_labels_in_common_warns_only_of_the_order_its_ordinal_statistics_read():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        _titanic().report(statistics="all")
    assert [w.category for w in caught] == [pa.LabelOrderWarning]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        _titanic().report(statistics=["phi", "lambda", "uc", "risk"])


def test_the_command_line_gives_the_crosstabs_of_the_python_call(tmp_path, capsys):
    from pandas_agree.integrations import cli

    path = tmp_path / "ucb.csv"
    UCB.to_csv(path, index=False)
    argv = ["crosstabs", str(path), "--row", "Admit", "--col", "Gender", "--layer", "Dept", "--weights", "Freq",
            "--statistics", "CHISQ", "cmh", "--cells", "count", "row", "--json"]
    assert cli.main(argv) == 0
    printed = json.loads(capsys.readouterr().out)
    expected = UCB.agree.crosstabs("Admit", "Gender", weights="Freq", layers="Dept").report(
        statistics=["chisq", "cmh"], cells=["count", "row"]).to_dict()
    assert printed["statistics"] == json.loads(json.dumps(expected["statistics"]))
    assert set(printed["layers"]) == set("ABCDEF")
    assert cli.main(["crosstabs", str(path), "--row", "Admit", "--col", "Gender", "--statistics", "cmh"]) == 2
    assert "give the layer column with --layer" in capsys.readouterr().err


def test_measures_are_the_association_records_with_one_se_each():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", pa.LabelOrderWarning)
        ct = _titanic()
        measures = ct.measures(ci="linearized")
        tables = ct.statistics(["phi", "lambda", "uc", "btau", "gamma", "d"])
    assert list(measures.index) == [m for m in pa.measures("association")["code"] if not m.startswith(("ODDS",
                                                                                                        "RELRISK"))]
    # the SPSS tables are views over the same records: one value and one SE per statistic
    sym, directional = tables["Symmetric Measures"], tables["Directional Measures"]
    assert measures.loc["CRAMERV", "value"] == pytest.approx(sym.loc["Cramér's V", "value"], rel=1e-13)
    assert measures.loc["GAMMA", "se"] == pytest.approx(sym.loc["Gamma", "ase"], rel=1e-12)
    assert measures.loc["TAU_B", "se"] == pytest.approx(sym.loc["Kendall's tau-b", "ase"], rel=1e-12)
    assert measures.loc["UC_R", "se"] == pytest.approx(
        directional.loc["Uncertainty Coefficient — Rows Dependent", "ase"], rel=1e-12)
    # R: DescTools::GoodmanKruskalGamma(margin.table(Titanic, c(1, 4)))  is gamma of the positions; scipy's
    # Kendall tau-b of the objects is the same number
    x, y = np.repeat(np.repeat(np.arange(4), 2), TITANIC["Freq"]), np.repeat(np.tile(np.arange(2), 4),
                                                                           TITANIC["Freq"])
    assert measures.loc["TAU_B", "value"] == pytest.approx(stats.kendalltau(x, y).statistic, rel=1e-12)


def test_measures_of_a_sample_design_are_design_based():
    rng = np.random.default_rng(4)
    df = pd.DataFrame({"sex": rng.choice(["f", "m"], 400), "region": rng.choice(["n", "s", "e"], 400),
                       "school": rng.integers(0, 20, 400), "w": rng.uniform(1, 3, 400)})
    independent = df.agree.crosstabs("sex", "region", weights="w").measures(["CRAMERV", "UC"], ci="linearized")
    designed = df.agree.crosstabs("sex", "region", weights="w", cluster="school").measures(["CRAMERV", "UC"],
                                                                                          ci="linearized")
    assert "deff" in designed.columns and "deff" not in independent.columns
    np.testing.assert_allclose(designed["value"], independent["value"], rtol=1e-13)
    assert not np.allclose(designed["se"], independent["se"])


def test_measures_of_a_table_held_sparse_equal_those_of_its_dense_form():
    rng = np.random.default_rng(0)
    n = 20_000
    a, b = rng.integers(0, 4000, n), rng.integers(0, 4000, n)
    b = np.where(rng.random(n) < 0.5, a // 7, b)
    df = pd.DataFrame({"a": a, "b": b + 10_000})  # no label on both sides
    sparse_table = df.agree.crosstabs("a", "b")
    assert sparse_table.table.dtypes.iloc[0] == pd.SparseDtype(np.float64, 0)  # held sparse (> 2**22 cells)
    dense = pa.Crosstab.from_table(sparse_table.table.sparse.to_dense().to_numpy())
    codes = ["CRAMERV", "UC", "GKTAU_R", "TAU_B", "SOMERS_D_C"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", pa.LabelOrderWarning)
        got, expected = sparse_table.measures(codes, ci="linearized"), dense.measures(codes, ci="linearized")
    np.testing.assert_allclose(got[["value", "se"]], expected[["value", "se"]], rtol=1e-9)


def test_titanic_ordinal_and_interval_measures_equal_r():
    # R: t <- margin.table(Titanic, c(1, 4)); x <- rep(rep(1:4, 2), as.vector(t)); y <- rep(rep(1:2, each=4),
    #    as.vector(t))  (the positions of Class and Survived, one per person)
    r = {"TAU_B": -0.224473972439493,  # cor(x, y, method="kendall")
         "SPEARMAN": -0.242374459625894,  # cor(x, y, method="spearman")
         "PEARSON": -0.271395408301047,  # cor(x, y)
         "GAMMA": -0.385699857887744,  # Hmisc::rcorr.cens(x, y, outx=TRUE)["Dxy"]
         "SOMERS_D_R": -0.283346076515731,  # Hmisc::somers2(x, y - 1)["Dxy"]
         "CC": 0.282, "CRAMERV": 0.294}  # vcd::assocstats(t) (printed to three decimals)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", pa.LabelOrderWarning)
        values = _titanic().measures(list(r))["value"]
    for code, expected in r.items():
        assert values[code] == pytest.approx(expected, rel=1e-12 if code not in ("CC", "CRAMERV") else 2e-3), code


def test_a_report_of_the_layered_statistics_alone():
    ct = UCB.agree.crosstabs("Admit", "Gender", weights="Freq", layers="Dept")
    report = ct.report(statistics=["cmh"])
    assert list(report.statistics)[:2] == ["Tests of Homogeneity of the Odds Ratio",
                                           "Tests of Conditional Independence"]
    assert all(not layer.statistics for layer in report.layers.values())


def test_rows_without_a_layer_value_are_in_no_table_and_counted_missing():
    ucb = UCB.copy()
    ucb.loc[[0, 5], "Dept"] = None
    ct = ucb.agree.crosstabs("Admit", "Gender", weights="Freq", layers="Dept")
    assert ct.n == sum(layer.n for layer in ct.layers.values()) == 4526 - 512 - 17
    assert ct.n_missing == 2 and ct.n_rows == len(ucb)
    assert ct.report().summary.loc["Missing", "N"] == 512 + 17  # weighted: the Freq of the two rows


def test_a_table_held_sparse_has_a_report_without_cells():
    rng = np.random.default_rng(0)
    df = pd.DataFrame({"a": rng.integers(0, 3000, 20_000), "b": rng.integers(0, 3000, 20_000) + 10_000})
    ct = df.agree.crosstabs("a", "b")
    assert ct.held_sparse
    text = str(ct.report())
    assert "more than max_classes = 20 categories and is not printed" in text and "confusions" not in text
    with pytest.raises(ValueError, match="cells: the CROSSTABS cell statistics need the whole table"):
        ct.report(cells=["count", "row"])


def test_the_statistics_of_a_sample_design_are_design_based():
    """Under a design no statistic takes the weighted rows as independent: the tests are Rao–Scott's and Wald's,
    every SE is design-based (with its DEFF), and the report says so."""
    rng = np.random.default_rng(4)
    df = pd.DataFrame({"sex": rng.choice(["f", "m"], 200), "region": rng.choice(["n", "s"], 200),
                       "stratum": rng.integers(0, 4, 200), "w": rng.uniform(20, 40, 200)})
    ct = df.agree.crosstabs("sex", "region", weights="w", strata="stratum")
    with warnings.catch_warnings():
        warnings.simplefilter("error", UserWarning)  # no warning that the statistics are not design-based
        tables = ct.statistics(["chisq", "phi", "gamma", "risk"])
    chi = tables["Chi-Square Tests"]
    assert {"Pearson: Rao-Scott Chi-Square", "Pearson: Adjusted F", "Likelihood Ratio: Adjusted F", "Wald F",
            "Adjusted Wald F"} <= set(chi.index)
    assert "Fisher's Exact Test" not in chi.index and chi.attrs["nu"] == 196
    assert np.isnan(chi.loc["Pearson Chi-Square", "pvalue"]) and chi.loc["Pearson Chi-Square", "note"]
    symmetric = tables["Symmetric Measures"]
    design = ct.measures(["GAMMA"], ci="linearized")
    assert symmetric.loc["Gamma", "ase"] == pytest.approx(design.loc["GAMMA", "se"], rel=1e-12)
    assert symmetric.loc["Gamma", "deff"] == pytest.approx(design.loc["GAMMA", "deff"], rel=1e-12)
    assert tables["Risk Estimate"]["deff"].iloc[:3].notna().all()
    text = str(ct.report(statistics=["chisq", "phi"]))
    assert "Rao-Scott" in text and "Adjusted F" in text and "not design-based" not in text


def test_a_section_without_notes_prints_no_notes_heading():
    report = pa.Crosstab.from_table([[20, 5], [3, 22]]).report(statistics=["chisq"])
    assert not report.notes and "Notes" not in str(report) and "<h3>Notes</h3>" not in report.to_html()


def test_expected_counts_keep_one_decimal_at_any_size():
    text = str(_titanic().report(cells=["count", "expected"]))
    total = [x for x in text.splitlines() if "Expected Count" in x][-1]  # the Total line: 1490.0  711.0  2201.0
    assert total.split()[-3:] == ["1490.0", "711.0", "2201.0"], total


def test_a_report_is_laid_out_once_for_all_its_exports(tmp_path, monkeypatch):
    calls = []
    document = pa.AgreementReport.document
    monkeypatch.setattr(pa.AgreementReport, "document", lambda self: calls.append(1) or document(self))
    report = pa.Agreement.from_table([[20, 5], [3, 22]]).report(ci=None)
    str(report), report.to_html(), str(report), report._repr_html_()
    report.to_excel(tmp_path / "r.xlsx")
    assert len(calls) == 1


def test_a_chi_square_of_a_thousand_or_more_keeps_three_decimals():
    # SPSS prints every chi-square with three decimals; the table's statistics from scipy:
    # scipy.stats.chi2_contingency([[900, 130], [100, 870]], correction=False).statistic = 1186.868181363227,
    # and with Yates' correction 1183.787408667801
    text = str(pa.Crosstab.from_table([[900, 130], [100, 870]]).report(statistics=["chisq"]))
    assert "Pearson Chi-Square            1186.868ᵃ" in text
    assert "Continuity Correction         1183.787ᵇ" in text


@pytest.mark.parametrize("call", [lambda df, **kw: pa.crosstabs(df, "Admit", "Gender", **kw),
                                  lambda df, **kw: df.agree.crosstabs("Admit", "Gender", **kw)])
@pytest.mark.parametrize(("layers", "message"), [
    (["Dept", "Dept"], r"layers: 'Dept' is named more than once"),
    (["Dept", "Region", "Dept"], r"layers: 'Dept' is named more than once"),
    ("Admit", r"layers: 'Admit' is the row variable"),
    (["Dept", "Gender"], r"layers: 'Gender' is the column variable"),
])
def test_a_layer_column_named_twice_or_the_row_or_column_variable_is_an_error(call, layers, message):
    # a layer of the row variable would hold one row of the table (every statistic undefined): the error names
    # layers= and the column, as docs/user_guide/spss.md says
    with pytest.raises(ValueError, match=message):
        call(UCB.assign(Region=UCB["Dept"].map({"A": "north", "B": "north"}).fillna("south")), weights="Freq",
             layers=layers)


def test_distinct_layer_columns_are_accepted_as_before():
    # R: margin.table(UCBAdmissions, c(1, 2)) is the sum of the layers by Dept
    ct = pa.crosstabs(UCB, "Admit", "Gender", weights="Freq", layers=["Dept"])
    assert list(ct.layers) == ["A", "B", "C", "D", "E", "F"] and ct.n == 4526


def test_the_report_dict_names_the_row_column_and_weight_variables():
    # R: as.data.frame(UCBAdmissions) has the variables Admit, Gender, Dept and the counts Freq
    ct = pa.crosstabs(UCB, "Admit", "Gender", weights="Freq", layers="Dept")
    data = json.loads(json.dumps(ct.report(statistics=["chisq"]).to_dict()))
    assert (data["row"], data["column"], data["weights"]) == ("Admit", "Gender", "Freq")
    assert (data["layers"]["A"]["row"], data["layers"]["A"]["weights"]) == ("Admit", "Freq")
    assert ct.weights_by == "Freq" and (ct + ct).weights_by == "Freq"
    # no weight column: None, as for weights given as values or a table given without names
    plain = UCB.loc[UCB.index.repeat(UCB["Freq"])].agree.crosstabs("Admit", "Gender").report().to_dict()
    assert (plain["row"], plain["column"], plain["weights"]) == ("Admit", "Gender", None)
    assert pa.crosstabs(UCB, "Admit", "Gender", weights=UCB["Freq"].to_numpy()).report().to_dict()["weights"] is None
    table = pa.Crosstab.from_table([[1, 2], [3, 4]]).report().to_dict()
    assert (table["row"], table["column"], table["weights"]) == (None, None, None)
    # the other outputs are those of the report as before: the weights note names N = 4526 (R: sum(UCBAdmissions))
    assert "N = 4526 is the sum of the weights" in " ".join(data["notes"])


def test_a_polars_frame_names_its_weight_column_too():
    pl = pytest.importorskip("polars")
    ct = pa.crosstabs(pl.from_pandas(UCB), "Admit", "Gender", weights="Freq", layers="Dept")
    assert ct.weights_by == "Freq" and ct.layers["A"].weights_by == "Freq"
    assert ct.report().to_dict()["weights"] == "Freq"


def test_every_way_of_building_an_agreement_names_its_weight_column():
    # R: as.data.frame(UCBAdmissions) has the counts in Freq; Admit against Admit shares its labels
    frame = UCB.assign(Judged=UCB["Admit"])
    built = {
        "accessor": frame.agree("Admit", "Judged", weights="Freq"),
        "from_counts": pa.Agreement.from_counts(frame, "Admit", "Judged", "Freq"),
        "from_frame": pa.Agreement.from_frame(frame, "Admit", "Judged", weights="Freq"),
        "crosstab from_counts": pa.Crosstab.from_counts(frame, "Admit", "Gender", "Freq"),
    }
    for how, table in built.items():
        assert table.weights_by == "Freq", how
        assert table.n == 4526, how  # R: sum(UCBAdmissions)
    assert frame.agree("Admit", "Judged", weights=frame["Freq"]).weights_by is None  # values, not a column
    assert frame.agree("Admit", "Judged").weights_by is None
    data = json.loads(json.dumps(frame.agree.report("Admit", "Judged", weights="Freq", ci=None).to_dict()))
    assert (data["actual"], data["pred"], data["weights"]) == ("Admit", "Judged", "Freq")
    grouped = frame.agree.report("Admit", "Judged", weights="Freq", by="Dept", ci=None)
    assert {sub.agreement.weights_by for _, sub in grouped.sections()} == {"Freq"}
    assert json.loads(json.dumps(grouped.to_dict()))["groups"]["A"]["weights"] == "Freq"
    plain = pa.Agreement.from_table([[1, 2], [3, 4]]).report(ci=None).to_dict()
    assert (plain["actual"], plain["pred"], plain["weights"]) == (None, None, None)


def test_a_dask_frame_names_its_weight_column_too():
    dd = pytest.importorskip("dask.dataframe")
    frame = dd.from_pandas(UCB.assign(Judged=UCB["Admit"]), npartitions=2)
    assert frame.agree("Admit", "Judged", weights="Freq").weights_by == "Freq"
    grouped = frame.agree.report("Admit", "Judged", weights="Freq", by="Dept", ci=None)
    assert {sub.agreement.weights_by for _, sub in grouped.sections()} == {"Freq"}
