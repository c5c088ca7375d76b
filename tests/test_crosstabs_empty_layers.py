"""Layers without a valid row (every weight zero, or every label missing) have no table, as in SPSS, instead of
stopping the whole crosstab."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import pandas_agree as pa

from ._r_datasets import UCB


def _titanic_sex_survived() -> pd.DataFrame:
    # R: as.data.frame(Titanic); the crew has no child, so Class = Crew, Age = Child has four rows of Freq 0
    counts = {("1st", "Child"): (0, 0, 5, 1), ("2nd", "Child"): (0, 0, 11, 13), ("3rd", "Child"): (35, 17, 13, 14),
              ("Crew", "Child"): (0, 0, 0, 0), ("1st", "Adult"): (118, 4, 57, 140), ("2nd", "Adult"): (154, 13, 14, 80),
              ("3rd", "Adult"): (387, 89, 75, 76), ("Crew", "Adult"): (670, 3, 192, 20)}
    rows = [(cls, age, sex, survived, n) for (cls, age), cell in counts.items()
            for (sex, survived), n in zip([("Male", "No"), ("Female", "No"), ("Male", "Yes"), ("Female", "Yes")],
                                          cell, strict=True)]
    return pd.DataFrame(rows, columns=["Class", "Age", "Sex", "Survived", "Freq"])


def test_a_layer_of_zero_weights_has_no_table_and_the_rest_are_counted():
    titanic = _titanic_sex_survived()
    ct = titanic.agree.crosstabs("Sex", "Survived", weights="Freq", layers=["Class", "Age"])
    assert ("Crew", "Child") not in ct.layers and len(ct.layers) == 7
    assert ct.n == 2201 == sum(layer.n for layer in ct.layers.values())
    assert ct.n_zero_weight == 8  # the crew's four child rows and four others of Freq 0
    # R: ftable(Titanic, row.vars = c("Sex"), col.vars = "Survived") summed: Male 1364/367, Female 126/344
    np.testing.assert_array_equal(ct.table.to_numpy(), [[126, 344], [1364, 367]])
    # R: Titanic["1st", , "Child", ] and Titanic["2nd", , "Child", ]: every child survived, one column with cases
    with pytest.warns(pa.UndefinedMeasureWarning, match="the column variable 'Survived' has one category with cases"):
        printed = str(ct.report(statistics=["chisq"]))
    crew = printed[printed.index("Crew   Adult  Pearson Chi-Square"):]  # the crew's layers: adults only
    assert "Child" not in crew[:crew.index("Total")]


@pytest.mark.parametrize("blank", ["weights", "labels"])
def test_an_empty_layer_leaves_cmh_of_the_others(blank):
    ucb = UCB.astype({"Freq": float, "Admit": object})
    if blank == "weights":
        ucb.loc[ucb["Dept"] == "F", "Freq"] = 0.0
    else:
        ucb.loc[ucb["Dept"] == "F", "Admit"] = None
    ct = ucb.agree.crosstabs("Admit", "Gender", weights="Freq", layers="Dept")
    assert list(ct.layers) == list("ABCDE") and ct.n == 4526 - 714
    odds = ct.statistics(["cmh"])["Mantel-Haenszel Common Odds Ratio Estimate"].loc["Estimate", "value"]
    # R: mantelhaen.test(UCBAdmissions[, 2:1, 1:5])$estimate  (Female first, departments A to E): 1.097976756
    # (R's order, Male first, gives its reciprocal: mantelhaen.test(UCBAdmissions[, , 1:5])$estimate 0.9107660931)
    assert odds == pytest.approx(1.097976756, rel=1e-9)


def test_an_empty_layer_in_another_engine():
    import polars as pl

    ucb = UCB.astype({"Freq": float})
    ucb.loc[ucb["Dept"] == "F", "Freq"] = 0.0
    ct = pa.crosstabs(pl.from_pandas(ucb), "Admit", "Gender", weights="Freq", layers="Dept")
    assert list(ct.layers) == list("ABCDE") and ct.n == 4526 - 714


def test_every_layer_empty_is_still_an_error():
    ucb = UCB.assign(Freq=0)
    with pytest.raises(ValueError, match="no valid rows"):
        ucb.agree.crosstabs("Admit", "Gender", weights="Freq", layers="Dept")
