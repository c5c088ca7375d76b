"""The Statistics sheet of the workbooks: one writer for the agreement and the crosstab report, each table with its
facts as labelled numbers (never the text of a Python dict, list or bool) and its footnotes."""

from __future__ import annotations

import math
import warnings

import numpy as np
import openpyxl
import pandas as pd
import pytest
from scipy import stats
from sklearn.metrics import cohen_kappa_score

import pandas_agree as pa
from pandas_agree.report.excel import STATISTICS_FACTS, STATISTICS_METADATA

STATISTICS = ["chisq", "phi", "lambda", "kappa"]


def _frame() -> pd.DataFrame:
    # a 4×4 table whose Fisher test is estimated by Monte Carlo (the exact test would take too long)
    rng = np.random.default_rng(0)
    a = rng.integers(0, 4, 500)
    p = np.where(rng.random(500) < .7, a, rng.integers(0, 4, 500))
    return pd.DataFrame({"a": a, "p": p, "g": rng.integers(0, 2, 500)})


@pytest.fixture(scope="module")
def books(tmp_path_factory):
    df = _frame()
    folder = tmp_path_factory.mktemp("statistics_sheet")
    reports = {
        "agreement": df.agree.report("a", "p", statistics=STATISTICS, random_state=0),
        "crosstab": pa.crosstabs(df, "a", "p").report(statistics=STATISTICS, random_state=0),
        "agreement by": df.agree.report("a", "p", by="g", statistics=[*STATISTICS, "cmh"], random_state=0),
        "crosstab layers": pa.crosstabs(df, "a", "p", layers="g").report(statistics=[*STATISTICS, "cmh"],
                                                                          random_state=0),
    }
    out = {}
    for name, report in reports.items():
        path = folder / f"{name.replace(' ', '_')}.xlsx"
        report.to_excel(path)
        out[name] = report, openpyxl.load_workbook(path)["Statistics"]
    return out


def _lines(ws) -> list[tuple]:
    return [tuple(c for c in row if c is not None) for row in ws.iter_rows(values_only=True)]


def _table(lines: list[tuple], title: str) -> list[tuple]:
    """The lines of the table ``title``, from its title to the blank line after its footnotes."""
    start = lines.index((title,))
    end = lines.index((), start) if () in lines[start:] else len(lines)  # the last table ends the sheet
    return lines[start:end]


@pytest.mark.parametrize("name", ["agreement", "crosstab", "agreement by", "crosstab layers"])
def test_no_cell_holds_a_python_repr(books, name):
    _, ws = books[name]
    texts = [c.value for row in ws.iter_rows() for c in row if isinstance(c.value, str)]
    assert texts
    assert not [t for t in texts if t.startswith(("{", "[")) or t in ("True", "False")]
    # the metadata of the frames is not written under their names
    keys = {"cells_expected_below_5", "percent_expected_below_5", "min_expected", "monte_carlo", "n", "layers",
            "design", "exact_work", "layers_used", "layers_left_out", "generalized", "codes", "titles"}
    assert not keys & {row[0].value for row in ws.iter_rows()}


def test_both_reports_write_the_same_chi_square_tests(books):
    agreement, crosstab = (_lines(books[name][1]) for name in ("agreement", "crosstab"))
    ours = _table(agreement, "Chi-Square Tests")
    assert ours == _table(crosstab, "Chi-Square Tests")
    assert [line[0] for line in ours[2:9]] == ["Pearson Chi-Square", "Continuity Correction", "Likelihood Ratio",
                                               "Fisher's Exact Test", "Linear-by-Linear Association",
                                               "N of Valid Cases", "Minimum expected count"]
    assert _table(agreement, "Symmetric Measures") == _table(crosstab, "Symmetric Measures")
    assert _table(agreement, "Directional Measures") == _table(crosstab, "Directional Measures")


def test_the_facts_are_labelled_numbers(books):
    report, ws = books["crosstab"]
    rows = {row[0].value: row for row in ws.iter_rows() if row[0].value is not None}
    table = report.source.crosstab(margins=False).to_numpy()
    # scipy.stats.contingency.expected_freq(table).min(): the footnote gives it to two decimals, the row in full
    minimum = rows["Minimum expected count"][1]
    assert minimum.value == pytest.approx(stats.contingency.expected_freq(table).min(), rel=1e-12)
    # SPSS prints the N of valid cases under the Symmetric Measures, in the Value column
    symmetric = [row for row in ws.iter_rows() if row[0].value == "N of Valid Cases"][-1]
    assert symmetric[2].value == 500 and symmetric[2].number_format == "0"  # measure, scale, value
    # the Monte Carlo estimate of Fisher's test: X = 0 of B = 10,000 tables, p = (1 + X)/(B + 1); its SE
    # sqrt(p(1 - p)/B) and the 99% Clopper-Pearson interval of X/B, as
    # scipy.stats.binomtest(0, 10000).proportion_ci(0.99, method="exact") gives it
    mc = report.statistics["Chi-Square Tests"].attrs["monte_carlo"]
    assert mc["count"] == 0 and mc["tables"] == 10_000
    p = 1 / 10_001
    ci = stats.binomtest(0, 10_000).proportion_ci(0.99, method="exact")
    expected = {"Monte Carlo: Std. Error": math.sqrt(p * (1 - p) / 10_000),
                "Monte Carlo: 99% CI Lower Bound": ci.low, "Monte Carlo: 99% CI Upper Bound": ci.high,
                "Monte Carlo: tables drawn": 10_000}
    for label, value in expected.items():
        cell = rows[label][1]
        assert isinstance(cell.value, (int, float)) and not isinstance(cell.value, bool)
        assert cell.value == pytest.approx(value, rel=1e-9)
    assert rows["Monte Carlo: tables drawn"][1].number_format == "0"


@pytest.mark.parametrize("name", ["agreement", "crosstab", "agreement by", "crosstab layers"])
def test_the_value_column_is_narrow(books, name):
    _, ws = books[name]
    assert ws.column_dimensions["B"].width < 30


@pytest.mark.parametrize("name", ["agreement by", "crosstab layers"])
def test_the_kappa_of_each_layer_is_a_small_table(books, name):
    _, ws = books[name]
    lines = _lines(ws)
    kappa = _table(lines, "Test of Homogeneity of Kappa" + (" — all data" if name == "agreement by" else ""))
    at = kappa.index(("Kappa of each layer",))
    assert kappa[at + 1] == ("g", "kappa", "ase")
    df = _frame()
    for g, line in zip((0, 1), kappa[at + 2:at + 4], strict=True):
        part = df[df["g"] == g]
        # sklearn.metrics.cohen_kappa_score of each group's rows
        assert line[0] == g and line[1] == pytest.approx(cohen_kappa_score(part["a"], part["p"]), rel=1e-12)
        assert isinstance(line[2], float) and 0 < line[2] < 1
    # the footnote follows the small table
    assert kappa[at + 4][0].startswith("Σ (κ_g − κ̄)²/SE_g²")


def test_the_crosstab_reports_layers_have_their_facts(books):
    _, ws = books["crosstab layers"]
    lines = _lines(ws)
    df = _frame()
    for g in (0, 1):
        table = _table(lines, f"Chi-Square Tests (g = {g})")
        part = df[df["g"] == g]
        counts = pd.crosstab(part["a"], part["p"]).to_numpy()
        assert ("Minimum expected count", pytest.approx(stats.contingency.expected_freq(counts).min(),
                                                        rel=1e-12)) in table
        assert ("N of Valid Cases", len(part)) in _table(lines, f"Symmetric Measures (g = {g})")


def test_a_sample_design_writes_the_mean_design_effect(tmp_path):
    rng = np.random.default_rng(1)
    df = _frame().assign(st=rng.integers(0, 3, 500), cl=rng.integers(0, 40, 500), w=rng.random(500) + .5)
    report = pa.crosstabs(df, "a", "p", weights="w", strata="st", cluster="cl").report(statistics=STATISTICS)
    report.to_excel(tmp_path / "design.xlsx")
    ws = openpyxl.load_workbook(tmp_path / "design.xlsx")["Statistics"]
    rows = {row[0].value: row for row in ws.iter_rows() if row[0].value is not None}
    chi = report.statistics["Chi-Square Tests"]
    # Rao and Scott's first-order correction divides the statistic by the mean generalized design effect δ̄
    delta = rows["Rao-Scott: mean generalized design effect (δ̄)"][1].value
    assert delta == pytest.approx(chi.loc["Pearson Chi-Square", "value"] / chi.loc["Pearson: Rao-Scott Chi-Square",
                                                                                     "value"], rel=1e-12)
    texts = [c.value for row in ws.iter_rows() for c in row if isinstance(c.value, str)]
    assert not [t for t in texts if t.startswith(("{", "[")) or t in ("True", "False")]
    assert not {"design", "nu", "design_df", "d0", "mean_deff", "notes"} & set(rows)


def test_every_attribute_of_the_statistics_frames_is_written_or_left_out_by_choice():
    # a new fact in a statistics frame's attrs must be placed: written (STATISTICS_FACTS) or not (METADATA)
    df = _frame()
    two = df.assign(a=df["a"] % 2, p=df["p"] % 2)
    rng = np.random.default_rng(2)
    design = df.assign(st=rng.integers(0, 3, 500), cl=rng.integers(0, 40, 500), w=rng.random(500) + .5)
    keys = set()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for crosstab in (pa.crosstabs(df, "a", "p", layers="g"), pa.crosstabs(two, "a", "p", layers="g"),
                         pa.crosstabs(design, "a", "p", weights="w", strata="st", cluster="cl", layers="g")):
            for frame in crosstab.statistics("all", random_state=0).values():
                keys |= set(frame.attrs)
    assert {"monte_carlo", "min_expected", "n", "layers", "mean_deff"} <= keys
    assert keys <= set(STATISTICS_FACTS) | STATISTICS_METADATA
