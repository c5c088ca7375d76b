"""Same input, same output: reports and the command line use a fixed default seed and record it; fresh
randomness is asked for with ``random_state="fresh"`` (``--random-state fresh``) and is recorded too."""

import numpy as np
import pandas as pd
import pytest

import pandas_agree as pa
from pandas_agree.base.options import SEEDS, check_option
from pandas_agree.integrations import cli
from pandas_agree.report.options import DEFAULT_SEED

FAST = {"n_resamples": 200}
TABLE = np.array([[20, 5, 1], [3, 22, 2], [1, 2, 9]])


def _cli(capsys, *args) -> str:
    capsys.readouterr()
    assert cli.main(list(args)) == 0
    return capsys.readouterr().out


def _seeded_notes(report) -> list[str]:
    return [note for note in report.notes if "random_state = " in note]


def test_two_runs_of_the_demo_print_the_same(capsys):
    first = _cli(capsys, "demo")
    assert first == _cli(capsys, "demo")
    assert f"random_state = {DEFAULT_SEED}" in first


def test_fresh_randomness_on_the_command_line_differs_and_is_printed(capsys):
    first = _cli(capsys, "demo", "--n-resamples", "200", "--random-state", "fresh")
    second = _cli(capsys, "demo", "--n-resamples", "200", "--random-state", "fresh")
    assert first != second
    assert "random_state = fresh" not in first and "random_state = " in first


def test_an_explicit_seed_on_the_command_line_is_used(capsys):
    seeded = _cli(capsys, "demo", "--n-resamples", "200", "--random-state", "7")
    assert "random_state = 7" in seeded
    assert seeded == _cli(capsys, "demo", "--n-resamples", "200", "--random-state", "7")


@pytest.mark.parametrize("make", [
    pytest.param(lambda **kw: pa.Agreement.from_table(TABLE).report(**kw), id="agreement"),
    pytest.param(lambda **kw: pa.datasets.load("wine_predictions").agree.compare("cultivar", ["knn", "logistic"])
                 .report(ci="bootstrap", **kw), id="comparison"),
    pytest.param(lambda **kw: pa.datasets.load("diagnoses").agree.raters([f"rater{k}" for k in range(1, 7)])
                 .report(ci="bootstrap", **kw), id="raters"),
])
def test_every_report_records_its_seed_and_is_reproducible(make):
    first, second = make(**FAST), make(**FAST)
    assert first.options["random_state"] == second.options["random_state"] == DEFAULT_SEED
    assert str(first) == str(second)
    assert any(f"random_state = {DEFAULT_SEED}" in note for note in first.notes), first.notes
    explicit_none = make(random_state=None, **FAST)
    assert explicit_none.options["random_state"] == DEFAULT_SEED and str(explicit_none) == str(first)


def test_fresh_randomness_is_drawn_recorded_and_reproducible():
    ag = pa.Agreement.from_table(TABLE)
    first, second = ag.report(random_state="fresh", **FAST), ag.report(random_state="fresh", **FAST)
    seeds = first.options["random_state"], second.options["random_state"]
    assert all(isinstance(s, int) and 0 <= s < 2**32 for s in seeds) and seeds[0] != seeds[1]
    assert not first.multiclass.equals(second.multiclass)  # 65 objects: the coefficients' BCa intervals differ
    assert _seeded_notes(first) and all(f"random_state = {seeds[0]}" in n for n in _seeded_notes(first))
    again = ag.report(random_state=seeds[0], **FAST)  # the recorded seed makes the report again
    pd.testing.assert_frame_equal(first.multiclass, again.multiclass)
    assert str(first) == str(again)


def test_a_report_without_intervals_records_the_seed_too():
    assert pa.Agreement.from_table(TABLE).report(ci=None).options["random_state"] == DEFAULT_SEED


def test_grouped_reports_share_one_drawn_seed():
    df = pa.datasets.load("wine_predictions")
    df["half"] = np.arange(len(df)) % 2
    report = df.agree.report("cultivar", "knn", by="half", random_state="fresh", **FAST)
    seed = report.options["random_state"]
    assert isinstance(seed, int) and {g.options["random_state"] for g in report.groups.values()} == {seed}


def test_fresh_is_an_option_value_everywhere_random_state_is():
    assert SEEDS == ("fresh",)
    check_option("random_state", "fresh")
    ag = pa.Agreement.from_table(TABLE)
    fresh = [ag.binary(["F1"], ci="bootstrap", random_state="fresh", **FAST) for _ in range(2)]
    assert not fresh[0].equals(fresh[1])
    for bad in ("Fresh", "abc", ""):
        with pytest.raises(ValueError, match="random_state must be None, 'fresh', an integer >= 0"):
            ag.binary(["F1"], ci="bootstrap", random_state=bad)
        with pytest.raises(ValueError, match="random_state must be None, 'fresh'"):
            ag.report(random_state=bad)


SMALL = np.array([[8, 2, 1], [1, 6, 2], [0, 1, 5]])  # 26 objects: "auto" resamples the coefficients (BCa)


@pytest.mark.parametrize("call", [
    pytest.param(lambda: pa.Agreement.from_table(SMALL).multiclass(ci="auto", **FAST), id="multiclass-auto"),
    pytest.param(lambda: pa.Agreement.from_table(SMALL).binary(["F1"], ci="bootstrap", **FAST), id="binary"),
    pytest.param(lambda: pa.Agreement.from_table(SMALL).averages(["F1"], ci="bootstrap", **FAST), id="averages"),
    pytest.param(lambda: pa.datasets.load("anxiety").agree.raters(["rater1", "rater2", "rater3"])
                 .summary(ci="auto", **FAST), id="raters-auto"),
    pytest.param(lambda: pa.datasets.load("wine_predictions").head(40).agree.compare("cultivar", ["knn", "logistic"])
                 .differences(["OSR", "KAPPA"], ci="bootstrap", **FAST), id="comparison"),
])
def test_every_method_gives_the_same_numbers_for_the_same_call_and_records_the_seed(call):
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        first, second = call(), call()
    pd.testing.assert_frame_equal(first, second)
    methods = (list(first["method"]) if "method" in first.columns
               else [m for v in first.attrs["methods"].values() for m in (v.values() if isinstance(v, dict) else [v])])
    resampled = [m for m in methods if "bootstrap" in m]
    assert resampled and all(f"random_state = {DEFAULT_SEED}" in m for m in resampled), methods


def test_fresh_randomness_in_a_method_is_recorded_in_its_method_column():
    ag = pa.Agreement.from_table(SMALL)
    first = ag.multiclass(["SPI"], ci="bootstrap", random_state="fresh", **FAST)
    seed = int(first.loc["SPI", "method"].split("random_state = ")[1].split(")")[0])
    again = ag.multiclass(["SPI"], ci="bootstrap", random_state=seed, **FAST)
    pd.testing.assert_frame_equal(first, again)
    generator = ag.multiclass(["SPI"], ci="bootstrap", random_state=np.random.default_rng(3), **FAST)
    assert "random_state = a numpy Generator" in generator.loc["SPI", "method"]


def test_monte_carlo_statistics_are_the_same_for_the_same_call():
    table = pd.DataFrame(np.array([[5, 4, 3], [4, 5, 4], [3, 4, 6]]))  # Fisher's p about 0.9
    ag = pa.Agreement.from_table(table)
    first = ag.crosstab_statistics(["chisq"])["Chi-Square Tests"]
    pd.testing.assert_frame_equal(first, ag.crosstab_statistics(["chisq"])["Chi-Square Tests"])
