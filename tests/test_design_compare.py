"""Paired comparison of two classifications of a complex sample: design-based intervals of each value and of every
paired difference, from the PSUs' tables of the joint table.

Known answer: the difference of the overall agreement rates of two predictions is the weighted mean of
d = [first right] − [second right]; its linearised SE equals samplics 0.6.0's::

    TaylorEstimator(PopParam.mean).estimate(y=d, samp_weight=w, stratum=s, psu=p, fpc=fpc)

on the simulated two-stage sample of tests/test_design.py (fpc: {stratum: 1 − n_h/N_h}, or 1.0 without).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import pandas_agree  # noqa: F401  (registers DataFrame.agree)

from .test_design import delete_one_psu_variance, lcg, quiet, simulated

# samplics 0.6.0: (point estimate, standard error) of the OSR difference "pred − second"
SAMPLICS = {None: (-0.12219775300863123, 0.021150850809979437),
            "psus_in_stratum": (-0.12219775300863123, 0.019841545648050265)}


def two_predictions() -> pd.DataFrame:
    df = simulated()
    u = lcg(7)
    df["second"] = [a if next(u) < 0.85 else p for a, p in zip(df.actual, df.pred, strict=True)]
    return df


DESIGN = {"weights": "weight", "strata": "stratum", "cluster": "psu"}


@pytest.mark.parametrize("fpc", [None, "psus_in_stratum"])
def test_osr_difference_against_samplics(fpc):
    df = two_predictions()
    comparison = df.agree.compare("actual", ["pred", "second"], fpc=fpc, **DESIGN)
    d = quiet(comparison.differences, ["OSR"], ci="auto")
    value, se = SAMPLICS[fpc]
    assert d.loc["pred − second", ("OSR", "difference")] == pytest.approx(value, rel=1e-12)
    assert d.loc["pred − second", ("OSR", "se")] == pytest.approx(se, rel=1e-8)
    df_t = comparison.design["df"]
    assert df_t == 36 - 6
    from scipy import stats

    t = stats.t.ppf(0.975, df_t)
    lower, upper = d.loc["pred − second", ("OSR", "lower")], d.loc["pred − second", ("OSR", "upper")]
    assert (lower, upper) == pytest.approx((value - t * se, value + t * se), rel=1e-9)
    assert d.loc["pred − second", ("OSR", "pvalue")] == pytest.approx(2 * stats.t.sf(abs(value / se), df_t),
                                                                       rel=1e-8)
    assert d.loc["pred − second", ("OSR", "deff")] > 1  # clustered coding: wider than rows drawn independently


def test_each_prediction_as_its_own_design_agreement():
    """A prediction's values in the comparison are those of its own Agreement with the same design."""
    df = two_predictions()
    comparison = df.agree.compare("actual", ["pred", "second"], fpc="psus_in_stratum", **DESIGN)
    values = quiet(comparison.values, ["OSR", "KAPPA", "F1"], ci="auto")
    for name in ("pred", "second"):
        ag = df.agree("actual", name, fpc="psus_in_stratum", **DESIGN)
        m = quiet(ag.multiclass, ["OSR", "KAPPA"], ci="auto")
        av = quiet(ag.averages, ["F1"], average="unweighted", ci="auto")
        for stat in ("value", "se", "lower", "upper", "deff"):
            assert values.loc[name, ("OSR", stat)] == pytest.approx(m.loc["OSR", stat], rel=1e-12)
            assert values.loc[name, ("KAPPA", stat)] == pytest.approx(m.loc["KAPPA", stat], rel=1e-12)
            assert values.loc[name, ("F1 (unweighted)", stat)] == pytest.approx(
                av.loc["F1", ("unweighted", stat)], rel=1e-12)


def test_jackknife_equals_a_direct_delete_one_psu_loop():
    """JKn on the paired differences: each replicate's differences are those of the comparison of its rows."""
    df = two_predictions()
    comparison = df.agree.compare("actual", ["pred", "second"], fpc="psus_in_stratum", replicates="jackknife",
                                  **DESIGN)
    codes = ["OSR", "KAPPA", "F1"]
    d = quiet(comparison.differences, codes, ci="auto").loc["pred − second"]

    def analyse(rows):
        return quiet(rows.agree.compare("actual", ["pred", "second"], weights="w").differences, codes).iloc[0]

    full = analyse(df.assign(w=df.weight))
    variance = delete_one_psu_variance(df, "psus_in_stratum", analyse)
    for column in full.index:
        assert d[(column, "difference")] == pytest.approx(full[column], rel=1e-12)
        assert d[(column, "se")] == pytest.approx(np.sqrt(variance[column]), rel=1e-10)


def test_one_row_per_psu_is_the_iid_linearisation_times_the_small_sample_factor():
    """With every row its own PSU in one stratum and no weights, the design SE of a paired difference is the
    linearised SE of independent rows times √(n/(n − 1))."""
    df = two_predictions()
    n = len(df)
    design = quiet(df.agree.compare("actual", ["pred", "second"], cluster=np.arange(n)).differences,
                   ["OSR", "KAPPA", "F1"], ci="auto").iloc[0]
    iid = quiet(df.agree.compare("actual", ["pred", "second"]).differences, ["OSR", "KAPPA", "F1"],
                ci="linearized").iloc[0]
    for column in ("OSR", "KAPPA", "F1 (unweighted)"):
        assert design[(column, "se")] == pytest.approx(iid[(column, "se")] * np.sqrt(n / (n - 1)), rel=1e-9)


def test_listing_the_predictions_in_another_order_gives_the_opposite_differences():
    df = two_predictions()
    ab = quiet(df.agree.compare("actual", ["pred", "second"], **DESIGN).differences, ci="auto").iloc[0]
    ba = quiet(df.agree.compare("actual", ["second", "pred"], **DESIGN).differences, ci="auto").iloc[0]
    for column in ("OSR", "KAPPA", "F1 (unweighted)"):
        assert ab[(column, "difference")] == pytest.approx(-ba[(column, "difference")], rel=1e-12)
        assert ab[(column, "se")] == pytest.approx(ba[(column, "se")], rel=1e-12)
        assert ab[(column, "deff")] == pytest.approx(ba[(column, "deff")], rel=1e-12)


def test_rows_left_out_and_errors():
    df = two_predictions()
    df.loc[3, "second"] = None
    comparison = df.agree.compare("actual", ["pred", "second"], **DESIGN)
    assert comparison.n_missing == 1
    assert comparison.design["rows"] == len(df) - 1
    assert comparison.design["psus"] == 36
    with pytest.raises(KeyError, match="cluster: no column 'nope'"):
        df.agree.compare("actual", ["pred", "second"], cluster="nope")
    with pytest.raises(ValueError, match="resampling='fixed-reference' does not apply to a sample design"):
        comparison.differences(ci="auto", resampling="fixed-reference")


def test_report_and_command_line_show_the_design(tmp_path, capsys):
    from pandas_agree.integrations import cli

    df = two_predictions()
    report = quiet(df.agree.compare("actual", ["pred", "second"], **DESIGN).report)
    text = str(report)
    assert "Sample Design" in text and "Clusters (PSUs)" in text and "Design effects (DEFF)" in text
    assert "DESIGN_T" in text and "MCNEMAR" not in text and "t on 30 df" in text
    data = report.to_dict()
    assert data["design"]["psus"] == 36
    assert all(v > 1 for k, v in zip(data["differences"]["columns"], data["differences"]["data"][0], strict=True)
               if k[1] == "deff")
    report.to_excel(tmp_path / "c.xlsx")
    sheet = pd.read_excel(tmp_path / "c.xlsx", sheet_name="Report", header=None)
    assert (sheet == "Sample Design").any().any() and (sheet == "Design effects (DEFF)").any().any()
    df.to_csv(tmp_path / "c.csv", index=False)
    assert cli.main(["compare", str(tmp_path / "c.csv"), "--actual", "actual", "--pred", "pred", "second",
                     "--numeric", "actual", "pred", "second", "--weights", "weight", "--strata", "stratum",
                     "--cluster", "psu", "--fpc", "psus_in_stratum"]) == 0
    out = capsys.readouterr().out
    assert "Finite population correction    yes" in out and "Design effects (DEFF)" in out
    assert cli.main(["compare", str(tmp_path / "c.csv"), "--actual", "actual", "--pred", "pred", "second",
                     "--cluster", "nope"]) == 2


def test_design_t_tests_replace_mcnemar():
    """The overall test of a pair is the t-test of its OSR difference (the same SE, t on the design's df; the
    differences' gradients are central differences, hence 1e-8)."""
    df = two_predictions()
    comparison = df.agree.compare("actual", ["pred", "second"], **DESIGN)
    tests = comparison.tests()
    assert set(tests.index.get_level_values("test")) == {"DESIGN_T"}
    row = tests.loc[("DESIGN_T", "pred vs second", "(all)")]
    d = quiet(comparison.differences, ["OSR"], ci="auto").loc["pred − second"]
    assert row["statistic"] == pytest.approx(d[("OSR", "difference")] / d[("OSR", "se")], rel=1e-8)
    assert row["df"] == 30
    assert row["pvalue"] == pytest.approx(d[("OSR", "pvalue")], rel=1e-8)
    # one class against the rest: the proportions right of "is it class 0 or not"
    binary = df.assign(pred=df.pred == 0, second=df.second == 0, actual=df.actual == 0)
    one = quiet(binary.agree.compare("actual", ["pred", "second"], **DESIGN).differences, ["OSR"], ci="auto")
    assert tests.loc[("DESIGN_T", "pred vs second", 0), "statistic"] == pytest.approx(
        one.iloc[0][("OSR", "difference")] / one.iloc[0][("OSR", "se")], rel=1e-8)


def test_design_t_tests_read_the_non_empty_cells_alone(monkeypatch):
    """Each pair's and each class's t-test reads the non-empty cells of the joint table: the whole table of
    (labels)^(P+1) cells was built again for every class (200 classes and two predictions: 8 million cells a class,
    15 s for 3,000 rows)."""
    from pandas_agree.analyses.comparison import Comparison

    df = two_predictions()
    comparison = df.agree.compare("actual", ["pred", "second"], **DESIGN)
    right = Comparison._right

    def at_cells_only(self, p, cls=None, at=None):
        assert at is not None, "a test evaluated every cell of the joint table"
        return right(self, p, cls, at)

    monkeypatch.setattr(Comparison, "_right", at_cells_only)
    tests = comparison.tests()
    monkeypatch.undo()
    # each class's t is that of the OSR difference of "is it this class or not" under the same design
    for cls in comparison.agreements["pred"].common:
        binary = df.assign(pred=df.pred == cls, second=df.second == cls, actual=df.actual == cls)
        one = quiet(binary.agree.compare("actual", ["pred", "second"], **DESIGN).differences, ["OSR"], ci="auto")
        assert tests.loc[("DESIGN_T", "pred vs second", cls), "statistic"] == pytest.approx(
            one.iloc[0][("OSR", "difference")] / one.iloc[0][("OSR", "se")], rel=1e-8)
