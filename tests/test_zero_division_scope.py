"""zero_division= reaches the measures of range [0, 1] outside the odds-ratio family only."""

import math
import warnings

import numpy as np
import pandas as pd
import pytest
from sklearn.metrics import f1_score, precision_score, recall_score

import pandas_agree  # noqa: F401
from pandas_agree.base.undefined import UndefinedMeasureWarning
from pandas_agree.measures.averaging import takes_zero_division
from pandas_agree.measures.registry import records

LABELS = ["setosa", "versicolor", "virginica"]
TABLE = [[50, 0, 0], [0, 50, 0], [0, 50, 0]]  # virginica never predicted and never correct


def _frame(table=TABLE) -> pd.DataFrame:
    rows = [(LABELS[i], LABELS[j]) for i in range(3) for j in range(3) for _ in range(table[i][j])]
    return pd.DataFrame(rows, columns=["actual", "pred"])


@pytest.mark.parametrize("z", [0, 1])
def test_class_values_match_sklearn(z):
    df = _frame()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        got = df.agree("actual", "pred").binary(measures=["PRE", "REC", "F1"], classes="union", zero_division=z)
    for code, fn in (("PRE", precision_score), ("REC", recall_score), ("F1", f1_score)):
        expected = fn(df.actual, df.pred, labels=LABELS, average=None, zero_division=z)
        np.testing.assert_allclose(got[code].to_numpy(), expected, rtol=1e-12)
    # precision_score(..., average=None, zero_division=1) gives virginica 1.0; zero_division=0 gives 0.0
    assert got.loc["virginica", "PRE"] == z


def test_odds_ratio_family_stays_nan_with_a_warning():
    df = _frame()
    with pytest.warns(UndefinedMeasureWarning, match=r"DOR \(class virginica\).*LNDOR.*YULEQ"):
        got = df.agree("actual", "pred").binary(measures=["PRE", "DOR", "LNDOR", "YULEQ", "YULEY", "DP"],
                                                classes="union", zero_division=1)
    assert got.loc["virginica", "PRE"] == 1
    for code in ("DOR", "LNDOR", "YULEQ", "YULEY", "DP"):
        assert math.isnan(got.loc["virginica", code])


def test_averages_of_a_measure_outside_the_rule_leave_undefined_values_out():
    df = _frame()
    with pytest.warns(UndefinedMeasureWarning, match=r"left out of the averages: DOR \(class virginica\)$"):
        got = df.agree("actual", "pred").averages(measures=["PRE", "DOR"], classes="union", zero_division=0)
    assert got.loc["PRE", "unweighted"] == pytest.approx(
        precision_score(df.actual, df.pred, labels=LABELS, average="macro", zero_division=0), rel=1e-12)
    assert got.loc["DOR", "unweighted"] == np.inf  # setosa's and versicolor's, virginica left out


@pytest.mark.parametrize("z", [0.0, 0.5, 1.0])
def test_every_value_is_computed_z_or_nan(z):
    codes = [m.code for m in records("binary") if "beta" not in m.params and "tversky" not in m.params]
    df = _frame()
    agree = df.agree("actual", "pred")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        bare = agree.binary(measures=codes, classes="union")
        filled = agree.binary(measures=codes, classes="union", zero_division=z)
    for m in records("binary"):
        if m.code not in codes:
            continue
        undefined = bare[m.code].isna().to_numpy()
        np.testing.assert_array_equal(filled[m.code].to_numpy()[~undefined], bare[m.code].to_numpy()[~undefined])
        if takes_zero_division(m):
            assert (filled[m.code].to_numpy()[undefined] == z).all(), m.code
        else:
            assert filled[m.code].isna().to_numpy()[undefined].all(), m.code
    assert bare.isna().to_numpy().any()  # the table has undefined values of both kinds
    assert any(bare[m.code].isna().any() for m in records("binary") if m.code in codes and takes_zero_division(m))
    assert any(bare[m.code].isna().any() for m in records("binary") if m.code in codes and not takes_zero_division(m))


def test_rule_reads_the_declared_range():
    scope = {m.code for m in records("binary") if takes_zero_division(m)}
    assert {"PRE", "REC", "NPV", "SPE", "F1", "FBETA", "ACC", "JACCARD"} <= scope
    assert not scope & {"DOR", "LNDOR", "YULEQ", "YULEY", "DP", "LRP", "LRN", "YOUD", "MARK", "HSS", "OPRE"}


@pytest.mark.parametrize("timing", ["default", "before", "after"])
@pytest.mark.parametrize("ci", [None, "linearized"])
def test_averages_outside_the_rule_do_not_move(timing, ci):
    """Averages (and intervals) of the measures outside the rule are those without zero_division, their terms
    averaged before the formula too; those inside are those of a call that names them alone."""
    from pandas_agree.measures.registry import REGISTRY

    agree = _frame().agree("actual", "pred")
    codes = [m.code for m in records("binary") if not m.params]
    inside = [c for c in codes if takes_zero_division(REGISTRY[c])]
    outside = [c for c in codes if c not in inside]
    options = {"classes": "union", "ci": ci, "timing": timing}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        mixed = agree.averages(measures=codes, zero_division=0, **options)
        bare = agree.averages(measures=codes, **options)
        alone = agree.averages(measures=inside, zero_division=0, **options)
    pd.testing.assert_frame_equal(mixed.loc[outside], bare.loc[outside])
    pd.testing.assert_frame_equal(mixed.loc[inside], alone.loc[inside])
    assert not mixed.loc[inside].equals(bare.loc[inside])  # zero_division moved the averages of PRE, …
