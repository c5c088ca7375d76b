"""Cluster-to-class matching (``match=``) pairs labels without relabelling the table: each side keeps its own
labels and order (so the CROSSTABS statistics read them as SPSS and scipy do), the pairs are shown beside the
crosstab, and groups and layers share one pairing, found on all rows (so that layered statistics combine tables
whose columns mean the same thing)."""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd
import pytest
from scipy import stats

import pandas_agree as pa

# R: UCBAdmissions (Admit × Gender × Dept)
UCB = {"A": [[512, 89], [313, 19]], "B": [[353, 17], [207, 8]], "C": [[120, 202], [205, 391]],
       "D": [[138, 131], [279, 244]], "E": [[53, 94], [138, 299]], "F": [[22, 24], [351, 317]]}
# R: margin.table(Titanic, c(1, 4)) (Class × Survived)
TITANIC = pd.DataFrame([[122, 203], [167, 118], [528, 178], [673, 212]],
                       index=pd.Index(["1st", "2nd", "3rd", "Crew"], name="Class"),
                       columns=pd.Index(["No", "Yes"], name="Survived"))


def quiet(f, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return f(*args, **kwargs)


def ucb() -> pd.DataFrame:
    rows = [(a, g, dept, table[i][j]) for dept, table in UCB.items() for i, a in enumerate(["Admitted", "Rejected"])
            for j, g in enumerate(["Male", "Female"])]
    df = pd.DataFrame(rows, columns=["Admit", "Gender", "Dept", "n"])
    for name, levels in (("Admit", ["Admitted", "Rejected"]), ("Gender", ["Male", "Female"])):
        df[name] = pd.Categorical(df[name], categories=levels)  # R's factor levels, in R's order
    return df


def titanic() -> pd.DataFrame:
    return TITANIC.stack().rename("n").reset_index()


def test_layers_share_one_pairing_found_on_all_rows():
    """R 4.2.2: mantelhaen.test(UCBAdmissions) gives X² = 1.42694622858669 (with continuity correction) and the
    common odds ratio 0.904696828258623 [0.77190736175935, 1.06032976443666]; SPSS prints Cochran's 1.527.
    Matching each department on its own paired Male with Admitted in some and with Rejected in others."""
    report = quiet(ucb().agree.report, "Admit", "Gender", by="Dept", weights="n", match="accuracy",
                   statistics=["cmh"], ci=None)
    pairs = report.agreement.assignment()
    assert pairs == {"Male": "Admitted", "Female": "Rejected"}
    assert all(group.agreement.assignment() == pairs for group in report.groups.values())
    tests = report.statistics["Tests of Conditional Independence"]
    assert tests.loc["Mantel-Haenszel", "value"] == pytest.approx(1.42694622858669, rel=1e-12)
    assert round(tests.loc["Cochran's", "value"], 3) == 1.527
    common = report.statistics["Mantel-Haenszel Common Odds Ratio Estimate"]
    assert common.loc["Estimate", "value"] == pytest.approx(0.904696828258623, rel=1e-12)
    assert common.loc["Estimate", ["lower", "upper"]].tolist() == pytest.approx([0.77190736175935, 1.06032976443666],
                                                                                 rel=1e-10)
    assert any("found on all rows" in note for note in report.notes)


def test_a_matched_table_keeps_its_own_labels_and_order():
    """Kendall's tau-b of Class × Survived in each side's own order is scipy's (and SPSS's) −0.2245; the Risk
    Estimate names the columns' own labels."""
    df = titanic()
    df["Class"] = pd.Categorical(df["Class"], categories=list(TITANIC.index), ordered=True)
    df["Survived"] = pd.Categorical(df["Survived"], categories=list(TITANIC.columns), ordered=True)
    ag = df.agree("Class", "Survived", weights="n", match="accuracy")
    assert list(ag.table.columns) == ["No", "Yes"] and list(ag.table.index) == list(TITANIC.index)
    assert ag.assignment() == {"Yes": "1st", "No": "Crew"}
    x = np.repeat(np.repeat(np.arange(4), 2), TITANIC.to_numpy().ravel())
    y = np.repeat(np.tile(np.arange(2), 4), TITANIC.to_numpy().ravel())
    tau = stats.kendalltau(x, y).statistic
    measures = ag.crosstab_statistics(["btau"])["Symmetric Measures"]
    assert tau == pytest.approx(-0.22447397243949324, rel=1e-12)
    assert measures.loc["Kendall's tau-b", "value"] == pytest.approx(tau, rel=1e-12)
    report = quiet(df.agree.report, "Class", "Survived", weights="n", match="accuracy", statistics=["chisq"], ci=None)
    text = str(report)
    assert "Survived\nClass     No    Yes  Total" in text  # the crosstab's columns are the columns' own labels
    assert "Matching of Survived to Class" in text and "1st" in text.split("Matching of Survived to Class")[1][:300]
    assert "Matching of Survived to Class" in report.to_html()


def test_the_risk_estimate_of_a_matched_table_names_its_own_labels():
    t = TITANIC.iloc[[0, 3]]
    ag = pa.Agreement.from_table(t, match="accuracy")
    risk = ag.crosstab_statistics(["risk"])["Risk Estimate"]
    titles = " ".join(map(str, risk.index))
    assert "Survived = No" in titles and "Survived = Yes" in titles
    assert "1st" not in titles.split("For cohort")[1]


def test_the_measures_of_a_matched_table_equal_those_of_the_relabelled_data():
    rng = np.random.default_rng(4)
    truth = rng.integers(0, 3, 600)
    cluster = np.where(rng.random(600) < 0.75, (truth + 1) % 3, rng.integers(0, 3, 600)) + 10
    df = pd.DataFrame({"truth": truth, "cluster": cluster})
    ag = df.agree("truth", "cluster", match="accuracy")
    relabelled = df.assign(cluster=df["cluster"].map(ag.assignment()))
    plain = relabelled.agree("truth", "cluster")
    pd.testing.assert_frame_equal(ag.multiclass(ci="auto"), plain.multiclass(ci="auto"))
    pd.testing.assert_frame_equal(ag.binary(ci="auto"), plain.binary(ci="auto"))
    pd.testing.assert_frame_equal(ag.tests(), plain.tests())


def test_a_matched_table_takes_a_sample_design():
    rng = np.random.default_rng(7)
    n = 900
    psu = rng.integers(0, 30, n)
    truth = rng.integers(0, 3, n)
    cluster = np.where(rng.random(n) < 0.6 + 0.01 * psu, (truth + 2) % 3, rng.integers(0, 3, n))
    df = pd.DataFrame({"truth": truth, "cluster": cluster + 100, "psu": psu, "stratum": psu % 3})
    ag = df.agree("truth", "cluster", match="accuracy", strata="stratum", cluster="psu")
    plain = df.assign(cluster=df["cluster"].map(ag.assignment())).agree("truth", "cluster", strata="stratum",
                                                                        cluster="psu")
    pd.testing.assert_frame_equal(quiet(ag.multiclass, ["OSR", "KAPPA"], ci="auto"),
                                  quiet(plain.multiclass, ["OSR", "KAPPA"], ci="auto"))


def test_a_comparison_pairs_each_prediction_on_its_own_table():
    iris = pa.datasets.load("iris_clusters")
    iris["other"] = (iris["cluster"] + 1) % 3
    matched = iris.agree.compare("species", ["cluster", "other"], match="accuracy")
    for name in ("cluster", "other"):
        alone = iris.agree("species", name, match="accuracy")
        assert matched.agreements[name].assignment() == alone.assignment()
        assert matched.values(["OSR"]).loc[name, "OSR"] == pytest.approx(alone.multiclass(["OSR"]).iloc[0, 0])


def test_tuple_labels_are_matched_like_any_label():
    df = pd.DataFrame({"a": [("x", 1)] * 3 + [("y", 2)] * 3,
                       "p": [("k", 1), ("k", 1), ("k", 3), ("k", 2), ("k", 2), ("k", 1)]})
    ag = quiet(df.agree, "a", "p", match="accuracy")
    assert ag.assignment() == {("k", 1): ("x", 1), ("k", 2): ("y", 2)}
    assert list(ag.predicted_only) == [("k", 3)]
    union = quiet(ag.binary, ["REC"], classes="union")
    assert list(union.index) == [("x", 1), ("y", 2), "('k', 3) (unmatched)"]
    text = str(quiet(df.agree.report, "a", "p", match="accuracy", ci=None, statistics="all"))
    assert "Matching of p to a" in text
