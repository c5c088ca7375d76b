"""What a CROSSTABS report says about its layers and its undefined statistics: layer headings as SPSS names layers,
the footnote of a zero asymptotic standard error, the layers Breslow-Day's test leaves out, a missing
significance shown as the others, the workbook's p-values as the text shows them, phi's range, and the columns
without a valid label named."""

from __future__ import annotations

import math
import re
import warnings

import numpy as np
import openpyxl
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pandas_agree as pa
from pandas_agree.measures.registry import REGISTRY

from ._r_datasets import TITANIC, UCB

ZERO_ASE = "Cannot be computed because the asymptotic standard error equals zero."  # SPSS's footnote

def _sheet_texts(path) -> list[str]:
    book = openpyxl.load_workbook(path)
    return [str(c.value) for ws in book.worksheets for row in ws.iter_rows() for c in row if c.value is not None]


# --- layer headings -------------------------------------------------------------------------------------------------

def test_the_whole_table_of_a_layered_report_is_its_total_layer():
    """With its crosstab printed, a layered report is one section, as SPSS prints it: no heading, and the whole
    table is the "Total" layer, last, of the crosstab and of each statistics table. Where the crosstab is not
    printed (more categories than max_classes), each layer has its section and the whole table's first one is
    headed as such, so that it is not read as one of the layers; without layers there is no heading."""
    ct = TITANIC.agree.crosstabs("Sex", "Survived", layers="Class", weights="Freq")
    text = str(ct.report(statistics=["chisq"]))
    assert "▌" not in text
    stubs = [line.split()[0] for line in text.splitlines() if "Pearson Chi-Square" in line]
    assert stubs == ["1st", "2nd", "3rd", "Crew", "Total"]
    apart = str(ct.report(max_classes=1))
    assert "▌ All layers (the whole table) " in apart
    assert apart.index("All layers (the whole table)") < apart.index("Layer: Class = 1st")
    assert "All layers" not in str(TITANIC.agree.crosstabs("Sex", "Survived", weights="Freq").report())
    grouped = TITANIC.agree.report("Sex", "Sex", by="Class", weights="Freq", ci=None)
    assert "▌ All data (every row, whatever its group) " in str(grouped)
    assert "All data" in grouped.to_html()


def test_layers_of_several_variables_are_named_as_spss_names_them(tmp_path):
    ct = TITANIC.agree.crosstabs("Sex", "Survived", layers=["Class", "Age"], weights="Freq")
    # R: Titanic["1st", , "Child", ] and Titanic["2nd", , "Child", ]: every child survived, one column with cases
    constant = r"Pearson Chi-Square, .* undefined \(NaN\): the column variable 'Survived' has one category with cases"
    with pytest.warns(pa.UndefinedMeasureWarning, match=constant):
        report = ct.report(statistics=["chisq"])
    text, html = str(report), report.to_html()
    # each layer variable has a column of the stub, named by it, its value printed where it changes
    chi_square = text[text.index("Chi-Square Tests"):]
    assert re.search(r"^Class\s+Age\s", chi_square, re.MULTILINE)
    assert re.search(r"^1st\s+Adult\s+Pearson Chi-Square", chi_square, re.MULTILINE)
    assert re.search(r"^\s+Child\s+Pearson Chi-Square", chi_square, re.MULTILINE)
    assert "<th>1st</th>" in html and "<th>Class</th>" in html
    assert "('1st'" not in text and "(&#x27;1st&#x27;" not in html and "('1st'" not in html
    with pytest.warns(pa.UndefinedMeasureWarning, match=constant):
        apart = str(ct.report(statistics=["chisq"], max_classes=1))
    assert "Layer: Class = 1st, Age = Adult" in apart and "Layer: Class = 3rd, Age = Child" in apart
    report.to_excel(tmp_path / "layers.xlsx")
    cells = _sheet_texts(tmp_path / "layers.xlsx")
    assert "Sex * Survived Crosstabulation (Class = 2nd, Age = Child)" in cells  # the data sheets name each layer
    assert "1st" in cells and "Adult" in cells  # the Report sheet's stub
    assert not any("('1st'" in c for c in cells)


def test_a_layer_value_is_shown_through_the_label_function():
    frame = pd.DataFrame({"a": list("xyxyxyxy"), "b": list("uuvvuvvu"), "g": [1, 1, 1, 1, 2, 2, 2, 2],
                          "h": ["r"] * 4 + ["p\tq"] * 4})
    text = str(frame.agree.crosstabs("a", "b", layers=["g", "h"]).report())
    assert re.search(r"^2\s+p\\tq\s+a\s", text, re.MULTILINE)
    apart = str(frame.agree.crosstabs("a", "b", layers=["g", "h"]).report(max_classes=1))
    assert "Layer: g = 1, h = r" in apart and "Layer: g = 2, h = p\\tq" in apart


def test_one_layer_variable_keeps_its_heading():
    ct = TITANIC.agree.crosstabs("Sex", "Survived", layers="Class", weights="Freq")
    text = str(ct.report(max_classes=1))
    assert "Layer: Class = 1st" in text and "Layer: Class = Crew" in text


def test_the_kappa_homogeneity_rows_name_each_layer():
    frame = pd.DataFrame({"a": list("xyxyxyxyxyxy"), "b": list("xyyxxyxyyxxy"), "g": list("ppppppqqqqqq"),
                          "h": list("sssttttttsss")})
    report = frame.agree.crosstabs("a", "b", layers=["g", "h"]).report(statistics=["kappa", "cmh"])
    text = str(report)
    assert "  g = p, h = s" in text and "  g = q, h = t" in text


# --- a zero asymptotic standard error ---------------------------------------------------------------------------

def test_a_zero_standard_error_gets_spss_footnote(tmp_path):
    ct = TITANIC.agree.crosstabs("Class", "Survived", weights="Freq")
    directional = ct.statistics(["lambda"])["Directional Measures"]
    row = directional.loc["Lambda — Rows Dependent"]
    # every class has more deaths than survivors but the first: the modal column is "No" in 3 of 4 rows and overall
    assert row["value"] == 0 and row["ase"] == 0 and math.isnan(row["t"]) and math.isnan(row["pvalue"])
    assert row["note"] == ZERO_ASE
    assert (directional.drop(index="Lambda — Rows Dependent")["note"] == "").all()

    report = ct.report(statistics=["lambda"])
    text = str(report)
    line = next(x for x in text.splitlines() if "Lambda — Class Dependent" in x)  # as SPSS names the rows
    mark = re.search(r"—(\S)\s+—(\S)$", line)
    assert mark and mark.group(1) == mark.group(2)  # T and Sig. marked alike, as SPSS marks them
    letter = {"ᵃ": "a", "ᵇ": "b", "ᶜ": "c", "ᵈ": "d"}[mark.group(1)]
    assert f"{letter}. {ZERO_ASE}" in text
    assert ZERO_ASE in report.to_html()
    report.to_excel(tmp_path / "zero.xlsx")
    assert any(ZERO_ASE in c for c in _sheet_texts(tmp_path / "zero.xlsx"))


def test_kappa_with_a_zero_null_standard_error_is_noted():
    # one row category: kappa's variance under independence is 0 (kappa = 0), its T cannot be computed
    from pandas_agree.inference.association import association_measures

    out = association_measures(np.array([[5.0, 3.0], [0.0, 0.0]]), keywords=["kappa"])
    kappa = out.loc[("Symmetric Measures", "Kappa")]
    assert kappa["value"] == 0 and math.isnan(kappa["t"]) and kappa["note"] == ZERO_ASE


def test_a_positive_standard_error_has_no_such_note():
    out = pa.Crosstab.from_table([[20, 5, 3], [3, 22, 9]]).statistics(["lambda", "gamma", "kappa", "uc"])
    for frame in out.values():
        assert not frame["note"].eq(ZERO_ASE).any()


def test_under_a_design_the_simple_random_sampling_note_does_not_carry_over():
    rng = np.random.default_rng(3)
    n = 200
    frame = pd.DataFrame({"row": rng.choice(["a", "b", "c"], n), "col": rng.choice(["x", "y"], n, p=[0.8, 0.2]),
                          "psu": np.repeat(np.arange(20), 10), "w": rng.uniform(1, 3, n)})
    frame.loc[frame["row"] == "a", "col"] = "x"  # lambda rows dependent: 0 with a zero ASE0 in the plain table
    plain = frame.agree.crosstabs("row", "col", weights="w").statistics(["lambda"])["Directional Measures"]
    designed = frame.agree.crosstabs("row", "col", weights="w", cluster="psu").statistics(["lambda"])
    designed = designed["Directional Measures"]
    assert (plain["note"] == ZERO_ASE).any()
    assert not (designed["note"] == ZERO_ASE).any()


# --- the layers Breslow-Day's test leaves out --------------------------------------------------------------------

def test_breslow_day_names_the_layers_it_leaves_out(tmp_path):
    ct = TITANIC.agree.crosstabs("Sex", "Survived", layers=["Class", "Age"], weights="Freq")
    homogeneity = ct.statistics(["cmh"])["Tests of Homogeneity of the Odds Ratio"]
    # 7 layers (the crew has no child), of which the first and second class children have no deaths: df = 5 − 1
    assert homogeneity.loc["Breslow-Day", "df"] == 4 and len(ct.layers) == 7
    assert homogeneity.attrs["layers_left_out"] == [("1st", "Child"), ("2nd", "Child")]
    report = ct.report(statistics=["cmh"])
    text = " ".join(str(report).split())
    assert ("Breslow-Day's and Tarone's statistics leave out 2 layers with a row or a column without cases or a "
            "total" in text and "Class = 1st, Age = Child; Class = 2nd, Age = Child." in text)
    assert "Class = 1st, Age = Child; Class = 2nd, Age = Child." in report.to_html()
    report.to_excel(tmp_path / "bd.xlsx")
    assert any("Class = 1st, Age = Child; Class = 2nd, Age = Child." in c for c in _sheet_texts(tmp_path / "bd.xlsx"))


def test_no_footnote_where_every_layer_enters():
    ucb = pd.DataFrame({"Admit": ["Admitted", "Admitted", "Rejected", "Rejected"] * 2,
                        "Gender": ["Male", "Female"] * 4, "Dept": list("AAAABBBB"),
                        "Freq": [512, 89, 313, 19, 353, 17, 207, 8]})
    report = ucb.agree.crosstabs("Admit", "Gender", layers="Dept", weights="Freq").report(statistics=["cmh"])
    assert report.statistics["Tests of Homogeneity of the Odds Ratio"].attrs["layers_left_out"] == []
    assert "leave out" not in str(report)


def test_many_layers_left_out_are_shortened():
    tables = [[[10, 2], [3, 12]], [[8, 4], [2, 9]]] + [[[5, 0], [4, 0]]] * 13  # 13 layers with an empty column
    rows = [(layer, r, c, n) for layer, t in enumerate(tables) for r in range(2) for c in range(2)
            for n in [t[r][c]]]
    frame = pd.DataFrame(rows, columns=["site", "a", "b", "n"])
    report = frame.agree.crosstabs("a", "b", layers="site", weights="n").report(statistics=["cmh"])
    note = next(f for t in report.document().sections[0].tables for f in t.footnotes if "leave out" in f)
    assert "leave out 13 layers" in note and note.endswith("site = 11; and 3 more.")
    assert "site = 2; site = 3" in note and "site = 12" not in note


# --- a missing significance in the common odds ratio table ------------------------------------------------------

def test_an_undefined_common_odds_ratio_shows_every_value_missing_alike():
    # an empty first cell in every layer: the common odds ratio is 0, nothing of the table is computed
    tables = [[[0, 5], [3, 4]], [[0, 2], [6, 1]]]
    rows = [(layer, r, c, t[r][c]) for layer, t in enumerate(tables) for r in range(2) for c in range(2)]
    frame = pd.DataFrame(rows, columns=["site", "a", "b", "n"])
    report = frame.agree.crosstabs("a", "b", layers="site", weights="n").report(statistics=["cmh"])
    table = next(t for t in report.document().sections[0].tables
                 if t.title == "Mantel-Haenszel Common Odds Ratio Estimate")
    shown = {label: cells[0] for label, cells in table.rows}
    assert shown["Asymp. Sig. (2-sided)"] == "—"
    assert {re.sub(r"[ᵃ-ᶻ]", "", v) for v in shown.values()} == {"—"}


# --- the workbook's p-values ---------------------------------------------------------------------------------------

def test_the_workbook_shows_small_p_values_as_the_text_does(tmp_path):
    ct = TITANIC.agree.crosstabs("Class", "Survived", weights="Freq")
    report = ct.report(statistics=["lambda", "uc"])
    assert "<0.001" in str(report) and "<.001" not in str(report)
    report.to_excel(tmp_path / "p.xlsx")
    ws = openpyxl.load_workbook(tmp_path / "p.xlsx")["Report"]
    formats = [c.number_format for row in ws.iter_rows() for c in row if c.number_format.startswith("[<0.001]")]
    assert formats
    for number_format in formats:
        below = re.match(r'\[<0\.001\]"([^"]*)"', number_format).group(1)  # what a p-value below 0.001 reads
        assert below == "<0.001"


# --- phi's range ----------------------------------------------------------------------------------------------------

def test_phi_range_is_the_union_of_its_two_forms_and_says_so():
    record = pa.measures("association").set_index("code").loc["PHI"]
    assert record["range"] == "[-1, inf)"
    assert "[−1, 1]" in record["formula"] and "[0, √(q − 1)]" in record["formula"]
    assert "union" in record["formula"]


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 4), st.integers(2, 4), st.data())
def test_phi_lies_in_the_range_of_its_form(rows, cols, data):
    counts = np.array(data.draw(st.lists(st.integers(0, 30), min_size=rows * cols, max_size=rows * cols)),
                      dtype=float).reshape(rows, cols)
    if (counts.sum(axis=0) == 0).any() or (counts.sum(axis=1) == 0).any():
        return
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        phi = pa.Crosstab.from_table(counts).statistics(["phi"])["Symmetric Measures"].loc["Phi", "value"]
    low, high = REGISTRY["PHI"].range
    assert low <= phi <= high
    if (rows, cols) == (2, 2):
        assert -1 - 1e-12 <= phi <= 1 + 1e-12
    else:  # SPSS's √(X²/W): at most √(q − 1)
        assert 0 <= phi <= math.sqrt(min(rows, cols) - 1) + 1e-12


# --- the columns without a valid label ------------------------------------------------------------------------------

def test_an_all_missing_label_column_is_named():
    frame = pd.DataFrame({"a": [None] * 3, "b": ["x", "y", "z"]})
    with pytest.raises(ValueError, match=r"^no valid rows") as found:
        frame.agree.crosstabs("a", "b")
    assert "every label of 'a' (row) is missing" in str(found.value) and "'b'" not in str(found.value)


def test_without_weights_the_error_speaks_of_labels_only():
    """Without weights a row can only miss a label: the error does not speak of weights (with them it does)."""
    frame = pd.DataFrame({"a": [None] * 3, "b": ["x", "y", "z"], "c": ["x", "x", "z"], "w": [1.0, 2.0, 3.0]})
    pl = pytest.importorskip("polars")
    for call in (lambda: frame.agree.crosstabs("a", "b"), lambda: pa.crosstabs(pl.from_pandas(frame), "a", "b"),
                 lambda: frame.agree.compare("a", ["b", "c"]), lambda: frame.agree.scores("a", "w")):
        with pytest.raises(ValueError, match=r"^no valid rows: all 3 rows have a missing label( or score)?;") as found:
            call()
        assert "weight" not in str(found.value)
    with pytest.raises(ValueError, match=r"a missing label, a missing weight or a zero weight"):
        frame.agree.crosstabs("a", "b", weights="w")


def test_both_label_columns_all_missing_are_named():
    frame = pd.DataFrame({"a": [None] * 3, "b": [np.nan] * 3})
    with pytest.raises(ValueError, match=r"^no valid rows.*every label of 'a' \(row\) and of 'b' \(col\) is missing"):
        frame.agree.crosstabs("a", "b")


def test_weights_all_missing_or_zero_are_named():
    frame = pd.DataFrame({"a": list("uvw"), "b": list("xyz"), "Freq": [0.0, np.nan, 0.0]})
    with pytest.raises(ValueError, match=r"^no valid rows.*every weight of 'Freq' \(weights\) is missing or zero"):
        frame.agree.crosstabs("a", "b", weights="Freq")


def test_rows_each_missing_one_label_name_no_column():
    frame = pd.DataFrame({"a": ["u", None, "w"], "b": [None, "y", None]})
    with pytest.raises(ValueError, match=r"^no valid rows") as found:
        frame.agree.crosstabs("a", "b")
    assert "every label" not in str(found.value)


def test_dask_names_the_same_columns_as_pandas():
    dd = pytest.importorskip("dask.dataframe")
    import dask

    frame = pd.DataFrame({"a": list("uvwx"), "b": [None] * 4, "Freq": [0.0, np.nan, 0.0, 0.0]})
    with pytest.raises(ValueError) as pandas_error:
        frame.agree("a", "b", weights="Freq")
    with dask.config.set(scheduler="synchronous"), pytest.raises(ValueError) as dask_error:
        dd.from_pandas(frame, npartitions=2).agree("a", "b", weights="Freq")
    assert str(dask_error.value) == str(pandas_error.value)
    assert str(pandas_error.value).endswith("every label of 'b' (pred) is missing; every weight of 'Freq' (weights) is "
                                            "missing or zero")


@pytest.mark.parametrize("engine", ["polars", "duckdb"])
def test_native_engines_name_the_same_columns_as_pandas(engine):
    """A frame counted by its own engine (Polars, DuckDB) gives the error pandas gives, naming the label column
    whose every label is missing and the weights that count nothing; with layers, and without."""
    pl = pytest.importorskip("polars")
    frames = {"labels": pd.DataFrame({"a": [None] * 4, "b": list("xyzx"), "l": [1, 1, 2, 2]}),
              "weights": pd.DataFrame({"a": list("uvwx"), "b": list("xyzx"), "l": [1, 1, 2, 2],
                                       "Freq": [0.0, np.nan, 0.0, 0.0]})}
    for frame in frames.values():
        weights = "Freq" if "Freq" in frame else None
        if engine == "polars":
            native = pl.from_pandas(frame)
        else:
            duckdb = pytest.importorskip("duckdb")
            native = duckdb.from_df(frame)
        for layers in (None, "l"):
            with pytest.raises(ValueError) as pandas_error:
                pa.crosstabs(frame, "a", "b", weights=weights, layers=layers)
            with pytest.raises(ValueError) as found:
                pa.crosstabs(native, "a", "b", weights=weights, layers=layers)
            assert str(found.value) == str(pandas_error.value)
            assert "every label of 'a' (row) is missing" in str(found.value) or \
                "every weight of 'Freq' (weights) is missing or zero" in str(found.value)


def test_comparisons_and_scores_name_the_columns_without_a_value():
    """A comparison (pandas and Polars) names its label column without a label; scores name the label or score
    column without a value and the weights that count nothing."""
    pl = pytest.importorskip("polars")
    frame = pd.DataFrame({"y": [None] * 3, "p": list("aba"), "q": list("aab"), "s": [0.1, 0.5, 0.9],
                          "t": [np.nan] * 3, "w": [0.0, np.nan, 0.0]})
    with pytest.raises(ValueError, match=r"^no valid rows.*every label of 'y' is missing$"):
        frame.agree.compare("y", ["p", "q"])
    with pytest.raises(ValueError, match=r"^no valid rows.*every label of 'y' is missing$"):
        pa.Comparison.from_frame(pl.from_pandas(frame), "y", ["p", "q"])
    labelled = frame.assign(y=list("aba"))
    with pytest.raises(ValueError, match=r"every weight of 'w' \(weights\) is missing or zero$"):
        labelled.agree.compare("y", ["p", "q"], weights="w")
    with pytest.raises(ValueError, match=r"every weight of 'w' \(weights\) is missing or zero$"):
        pa.Comparison.from_frame(pl.from_pandas(labelled), "y", ["p", "q"], weights="w")
    with pytest.raises(ValueError, match=r"^no valid rows.*every label of 'y' is missing$"):
        frame.agree.scores("y", "s")
    scored = frame.assign(y=[1, 0, 1])
    with pytest.raises(ValueError, match=r"missing label or score; every score of .t. is missing$"):
        scored.agree.scores("y", ["s", "t"])
    with pytest.raises(ValueError, match=r"every weight of 'w' \(weights\) is missing or zero$"):
        scored.agree.scores("y", "s", weights="w", positive=1)


def test_a_layer_of_total_weight_at_most_1_is_left_out_of_the_2x2_statistics():
    """Fractional weights can make a layer whose four margins are positive but whose total is below 1: the
    Mantel-Haenszel variance term, v_k/(n_k²(n_k − 1)), is then negative (R's mantelhaen.test stops on a layer of
    one case). Such a layer is left out of every 2×2 statistic, and named, so that the statistics are those of the
    other layers."""
    from pandas_agree.inference.contingency import layered_tests

    layers = [[[12, 5], [6, 14]], [[9, 7], [3, 11]], [[20, 9], [8, 15]]]
    tiny = [[0.3, 0.1], [0.1, 0.2]]  # total 0.7
    with_tiny = layered_tests(np.array([*layers, tiny], dtype=float))
    without = layered_tests(np.array(layers, dtype=float))
    assert with_tiny.attrs["layers_used"] == 3
    pd.testing.assert_frame_equal(with_tiny, without)
    rows = [(f"L{k}", r, c, w) for k, t in enumerate([*layers, tiny]) for r in range(2) for c in range(2)
            for w in [t[r][c]]]
    frame = pd.DataFrame(rows, columns=["layer", "row", "col", "w"])
    ct = frame.agree.crosstabs("row", "col", layers="layer", weights="w")
    stats = ct.statistics(["cmh"])
    assert stats["Tests of Homogeneity of the Odds Ratio"].attrs["layers_left_out"] == ["L3"]
    assert stats["Tests of Conditional Independence"].loc["Mantel-Haenszel", "value"] == pytest.approx(
        without.loc[("Tests of Conditional Independence", "Mantel-Haenszel"), "value"], rel=1e-12)
    text = " ".join(str(ct.report(statistics=["cmh"])).split())
    assert "leave out 1 layer with a row or a column without cases or a total of at most 1" in text


def test_the_common_odds_ratio_note_names_integer_labels_as_numbers():
    # R's UCBAdmissions coded as numbers (Admit: 1 Admitted, 2 Rejected; Gender: 1 Male, 2 Female), as a CSV of
    # codes reads: the note on which way round the odds ratio is names the labels 1 and 2, not np.int64(1)
    codes = pa.crosstabs(
        pd.DataFrame({"Admit": UCB["Admit"].map({"Admitted": 1, "Rejected": 2}),
                      "Gender": UCB["Gender"].map({"Male": 1, "Female": 2}), "Dept": UCB["Dept"],
                      "Freq": UCB["Freq"]}), "Admit", "Gender", weights="Freq", layers="Dept")
    odds = codes.statistics(["cmh"])["Mantel-Haenszel Common Odds Ratio Estimate"]
    # R: mantelhaen.test(UCBAdmissions)$estimate = 0.9046968, conf.int = [0.7719074, 1.0603298]
    assert odds.loc["Estimate", ["value", "lower", "upper"]].tolist() == pytest.approx(
        [0.9046968, 0.7719074, 1.0603298], abs=1e-7)
    assert odds.attrs["odds"] == ("The odds ratio is that of the odds of 1 (against 2) in 1 over those in 2; its "
                                  "reciprocal is the other way round.")
    assert "np." not in str(codes.report(statistics=["cmh"]))


def test_a_constant_layer_says_so_alike_in_every_table():
    # R's infert without the cases of education 0-5yrs: that layer's table is one row, 0: (no 6, yes 2), R:
    # table(infert$spontaneous[infert$education == "0-5yrs" & infert$case == 0] > 0); chisq.test of a one-row
    # table is not a test of independence, and SPSS prints "No statistics are computed because case is a constant"
    one_row = pa.Crosstab.from_table(pd.DataFrame([[6, 2]], index=pd.Index([0], name="case"),
                                                  columns=pd.Index(["no", "yes"], name="sp")))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", pa.UndefinedMeasureWarning)
        tables = one_row.statistics(["chisq", "phi"])
    said = "no statistics are computed: one of the variables is a constant (a single non-empty row)"
    assert set(tables["Chi-Square Tests"]["note"].iloc[:-1]) == {said}
    assert set(tables["Symmetric Measures"]["note"]) == {said}
    one_column = pa.Crosstab.from_table([[6], [2]])
    with pytest.warns(pa.UndefinedMeasureWarning, match="the column variable has one category with cases"):
        chi_square = one_column.statistics(["chisq"])["Chi-Square Tests"]
    assert set(chi_square["note"].iloc[:-1]) == {said.replace("row)", "column)")}
