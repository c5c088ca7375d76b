"""Each variable of a crosstab its own categories and order: ``labels={row: [...], col: [...]}`` (R gives each
factor its own levels), ``--row-labels``/``--col-labels`` on the command line, and the warning of an order the
labels lack, once per call and of the side(s) without one."""

import html
import json
import warnings

import numpy as np
import pandas as pd
import pytest

import pandas_agree as pa
from pandas_agree.integrations import cli

HAIR = ["Black", "Brown", "Red", "Blond"]  # R: levels of HairEyeColor's Hair
EYE = ["Brown", "Blue", "Hazel", "Green"]  # R: levels of HairEyeColor's Eye
# R: margin.table(HairEyeColor, c(1, 2))  (rows Hair, columns Eye, in R's level order)
R_HAIR_EYE = [[68, 20, 15, 5],
              [119, 84, 54, 29],
              [26, 17, 14, 14],
              [7, 94, 10, 16]]
# R: t <- margin.table(HairEyeColor, c(1, 2)); x <- rep(rep(1:4, 4), as.vector(t));
#    y <- rep(rep(1:4, each=4), as.vector(t)); cor(x, y, method="kendall")
R_TAU_B = 0.224702596924687
# R: Goodman-Kruskal gamma by hand over the same table: concordant C = 55778 and discordant D = 28877 pairs
#    (C <- sum over i, j of t[i, j] * sum(t[-(1:i), -(1:j)]), D likewise with t[-(1:i), seq_len(j - 1)]);
#    (C - D) / (C + D)
R_GAMMA = 0.317772133955466


def _hec() -> pd.DataFrame:
    """R: as.data.frame(HairEyeColor) (Hair, Eye, Sex, Freq; 32 rows, Hair varying fastest)."""
    table = {"Male": [[32, 11, 10, 3], [53, 50, 25, 15], [10, 10, 7, 7], [3, 30, 5, 8]],
             "Female": [[36, 9, 5, 2], [66, 34, 29, 14], [16, 7, 7, 7], [4, 64, 5, 8]]}
    rows = [(hair, eye, sex, table[sex][h][e]) for sex in ("Male", "Female") for e, eye in enumerate(EYE)
            for h, hair in enumerate(HAIR)]
    return pd.DataFrame(rows, columns=["Hair", "Eye", "Sex", "Freq"])


def _counts(ct: pa.Crosstab) -> list:
    return ct.crosstab(margins=False).to_numpy().tolist()


def test_each_variable_in_its_own_order_is_r_margin_table():
    ct = _hec().agree.crosstabs("Hair", "Eye", weights="Freq", labels={"Hair": HAIR, "Eye": EYE})
    table = ct.crosstab(margins=False)
    assert list(table.index) == HAIR and list(table.columns) == EYE
    assert table.to_numpy().tolist() == R_HAIR_EYE
    assert ct.ordered


def test_gamma_and_tau_b_read_each_variables_order():
    ct = pa.crosstabs(_hec(), "Hair", "Eye", weights="Freq", labels={"Hair": HAIR, "Eye": EYE})
    with warnings.catch_warnings():
        warnings.simplefilter("error", pa.LabelOrderWarning)  # each side has its order: nothing to warn of
        sym = ct.statistics(["gamma", "btau"])["Symmetric Measures"]
    assert sym.loc["Gamma", "value"] == pytest.approx(R_GAMMA, rel=1e-13)
    assert sym.loc["Kendall's tau-b", "value"] == pytest.approx(R_TAU_B, rel=1e-13)


def test_tau_b_equals_scipy_on_the_expanded_rows():
    from scipy import stats

    h = _hec()
    ct = pa.crosstabs(h, "Hair", "Eye", weights="Freq", labels={"Hair": HAIR, "Eye": EYE})
    # scipy.stats.kendalltau(x, y) on one row per person, each label its position in R's levels
    x = np.repeat(h["Hair"].map(HAIR.index).to_numpy(), h["Freq"].to_numpy())
    y = np.repeat(h["Eye"].map(EYE.index).to_numpy(), h["Freq"].to_numpy())
    expected = stats.kendalltau(x, y).statistic
    assert ct.measures(["TAU_B"]).loc["TAU_B", "value"] == pytest.approx(expected, rel=1e-12)


def test_unobserved_labels_are_empty_rows_and_columns_and_a_side_left_out_keeps_its_own():
    h = _hec()
    ct = h.agree.crosstabs("Hair", "Eye", weights="Freq", labels={"Hair": ["Grey", *HAIR], "Eye": [*EYE, "Grey"]})
    table = ct.crosstab(margins=False)
    assert list(table.index) == ["Grey", *HAIR] and list(table.columns) == [*EYE, "Grey"]
    assert table.loc["Grey"].sum() == 0 and table["Grey"].sum() == 0
    assert table.loc[HAIR, EYE].to_numpy().tolist() == R_HAIR_EYE
    # only the columns given: the rows keep their observed labels in the usual (sorted) order
    only_eye = h.agree.crosstabs("Hair", "Eye", weights="Freq", labels={"Eye": EYE})
    assert list(only_eye.table.index) == sorted(HAIR) and list(only_eye.table.columns) == EYE
    assert not only_eye.ordered


def test_each_side_its_own_labels_even_where_both_hold_one():
    # "Brown" is a hair and an eye colour: a list for both sides cannot order them apart
    ct = pa.crosstabs(_hec(), "Hair", "Eye", weights="Freq", labels={"Eye": EYE, "Hair": HAIR})
    assert ct.shape == (4, 4)
    assert ct.crosstab(margins=False).loc["Brown", "Brown"] == 119


def test_layers_and_other_engines_take_each_sides_labels():
    pl = pytest.importorskip("polars")
    h = _hec()
    labels = {"Hair": HAIR, "Eye": [*EYE, "Grey"]}
    ct = pa.crosstabs(h, "Hair", "Eye", weights="Freq", layers="Sex", labels=labels)
    native = pa.crosstabs(pl.from_pandas(h), "Hair", "Eye", weights="Freq", layers="Sex", labels=labels)
    for found in (ct, native):
        assert list(found.table.index) == HAIR and list(found.table.columns) == [*EYE, "Grey"]
        assert _counts(found) == [[*row, 0] for row in R_HAIR_EYE]
        assert list(found.layers["Male"].table.columns) == [*EYE, "Grey"]
    lone = pa.Crosstab.from_frame(pl.from_pandas(h), "Hair", "Eye", weights="Freq", labels={"Hair": HAIR})
    assert list(lone.table.index) == HAIR and list(lone.table.columns) == sorted(EYE)


def test_tables_with_each_sides_labels_add_up():
    h = _hec()
    labels = {"Hair": HAIR, "Eye": EYE}
    first = pa.crosstabs(h.iloc[:16], "Hair", "Eye", weights="Freq", labels=labels)
    both = first + pa.crosstabs(h.iloc[16:], "Hair", "Eye", weights="Freq", labels=labels)
    assert _counts(both) == R_HAIR_EYE and list(both.table.index) == HAIR and both.ordered
    with pytest.raises(ValueError, match="labels"):
        first + pa.crosstabs(h.iloc[16:], "Hair", "Eye", weights="Freq", labels={"Hair": HAIR[::-1], "Eye": EYE})
    one = pa.crosstabs(h.iloc[:1], "Hair", "Eye", weights="Freq", labels=labels)
    one.update(h["Hair"].iloc[1:].rename("Hair"), h["Eye"].iloc[1:].rename("Eye"), h["Freq"].iloc[1:])
    assert _counts(one) == R_HAIR_EYE
    with pytest.raises(ValueError, match=r"labels\['Hair'\] must list every observed label; not listed: \['Grey'\]"):
        one.update(["Grey"], ["Blue"], [1.0])


@pytest.mark.parametrize(("labels", "error", "message"), [
    ({"Sex": ["Male", "Female"]}, ValueError, "labels: 'Sex' is neither the row variable ('Hair') nor the column "
                                              "variable ('Eye')"),
    ({"Hair": "Black"}, TypeError, "labels['Hair'] must be a list of the labels of 'Hair' in their order; got a str"),
    ({"Eye": {"Brown": 1}}, TypeError, "labels['Eye'] must be a list"),
    ({"Hair": ["Black", "Brown", "Black", "Red", "Blond"]}, ValueError,
     "labels['Hair'] must not repeat a label; repeated: ['Black']"),
    ({"Eye": ["Brown", "Blue", "Hazel"]}, ValueError,
     "labels['Eye'] must list every observed label; not listed: ['Green']"),
])
def test_bad_labels_by_variable_name_labels(labels, error, message):
    with pytest.raises(error) as caught:
        pa.crosstabs(_hec(), "Hair", "Eye", weights="Freq", labels=labels)
    assert message in str(caught.value)


def test_an_agreement_takes_one_list_of_classes():
    df = pd.DataFrame({"a": ["x", "y", "y"], "p": ["x", "y", "x"]})
    with pytest.raises(TypeError, match="labels: an Agreement holds two classifications into one set of classes"):
        df.agree("a", "p", labels={"a": ["x", "y"], "p": ["y", "x"]})
    with pytest.raises(TypeError, match="labels: an Agreement"):
        pa.Agreement.from_counts(df.assign(n=1), "a", "p", "n", labels={"a": ["x", "y"]})


def test_the_warning_comes_once_for_the_layers_and_names_the_side_without_an_order():
    h = _hec()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        h.agree.crosstabs("Hair", "Eye", weights="Freq", layers="Sex").report(statistics=["chisq", "gamma"])
    found = [w for w in caught if w.category is pa.LabelOrderWarning]
    assert len(found) == 1
    assert "labels={'Hair': [...], 'Eye': [...]} (--row-labels/--col-labels on the command line)" in str(
        found[0].message)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        h.agree.crosstabs("Hair", "Eye", weights="Freq", layers="Sex", labels={"Hair": HAIR}).report(
            statistics=["gamma"])
    found = [str(w.message) for w in caught if w.category is pa.LabelOrderWarning]
    assert len(found) == 1
    assert "the labels of the columns ('Eye') carry no order" in found[0] and "rows" not in found[0]
    assert "labels={'Eye': [...]} (--col-labels on the command line)" in found[0]


def test_an_ordered_categorical_side_is_not_named_as_lacking_an_order():
    h = _hec().assign(Hair=lambda d: pd.Categorical(d["Hair"], categories=HAIR, ordered=True))
    with pytest.warns(pa.LabelOrderWarning) as caught:
        h.agree.crosstabs("Hair", "Eye", weights="Freq").statistics(["gamma"])
    message = str(caught[0].message)
    assert "the labels of the columns ('Eye') carry no order" in message
    assert "'Black' < 'Brown'" not in message  # the rows' order is the categorical's own


def _run(tmp_path, capsys, *options) -> tuple[int, str, str]:
    path = tmp_path / "hec.csv"
    _hec().to_csv(path, index=False)
    status = cli.main(["crosstabs", str(path), "--row", "Hair", "--col", "Eye", "--weights", "Freq", "--json",
                       *options])
    out = capsys.readouterr()
    return status, out.out, out.err


def test_command_line_row_and_col_labels(tmp_path, capsys):
    status, out, _ = _run(tmp_path, capsys, "--row-labels", *HAIR, "--col-labels", *EYE, "--statistics", "gamma")
    assert status == 0
    report = json.loads(out)
    table = report["crosstab"]
    assert [row for row, _ in table["index"]] == [*HAIR, "Total"] and table["columns"] == [*EYE, "Total"]
    assert [row[:4] for row in table["data"][:4]] == R_HAIR_EYE
    gamma = report["statistics"]["Symmetric Measures"]
    assert gamma["index"] == ["Gamma"]
    assert gamma["data"][0][gamma["columns"].index("value")] == pytest.approx(R_GAMMA, rel=1e-13)


def test_command_line_side_labels_errors_and_numbers(tmp_path, capsys):
    status, _, err = _run(tmp_path, capsys, "--row-labels", "Black", "Brown", "Red")
    assert status == 2 and "argument --row-labels: must list every observed label; not listed: ['Blond']" in err
    status, _, err = _run(tmp_path, capsys, "--labels", *HAIR, *EYE[1:], "--row-labels", *HAIR)
    assert status == 2 and "give either --labels" in err
    path = tmp_path / "codes.csv"
    pd.DataFrame({"grade": [1, 2, 2, 3], "eye": ["x", "y", "y", "x"]}).to_csv(path, index=False)
    assert cli.main(["crosstabs", str(path), "--row", "grade", "--col", "eye", "--numeric", "grade", "--json",
                     "--row-labels", "3", "2", "1", "0"]) == 0
    table = json.loads(capsys.readouterr().out)["crosstab"]
    assert [row for row, _ in table["index"]] == [3, 2, 1, 0, "Total"]  # numbers, as the column holds them
    assert table["data"][3][:2] == [0, 0]  # grade 0: no case, an empty row
    status = cli.main(["crosstabs", str(path), "--row", "grade", "--col", "eye", "--numeric", "grade",
                       "--row-labels", "low", "high"])
    assert status == 2 and "argument --row-labels: the column 'grade' holds numbers" in capsys.readouterr().err


def test_help_names_the_options():
    parser = cli.build_parser()
    text = parser._subparsers._group_actions[0].choices["crosstabs"].format_help()
    assert "--row-labels" in text and "--col-labels" in text


def test_raters_take_one_list_of_categories():
    df = pd.DataFrame({"a": ["x", "y"], "b": ["x", "x"]})
    with pytest.raises(TypeError, match="labels: the raters rate into one set of categories"):
        df.agree.raters(["a", "b"], labels={"a": ["x", "y"]})


def test_a_report_that_quiets_its_layers_leaves_other_threads_warning():
    """The layers of a report say nothing of their labels' order (the report's table has said it), and that
    quiet holds in the report's own thread only: a call in another thread at the same time still warns (a
    warnings filter would have silenced every thread)."""
    import threading

    from pandas_agree.analyses.order import label_order_told

    ct = pa.Crosstab.from_table(pd.DataFrame(R_HAIR_EYE, index=HAIR, columns=EYE))
    inside, outside = threading.Event(), threading.Event()
    caught: list = []

    def other_thread():
        inside.wait(5)
        with warnings.catch_warnings(record=True) as found:
            warnings.simplefilter("always")
            ct.measures(["GAMMA"])
        caught.extend(w.category for w in found)
        outside.set()

    worker = threading.Thread(target=other_thread)
    worker.start()
    with warnings.catch_warnings(record=True) as here:
        warnings.simplefilter("always")
        with label_order_told():
            inside.set()
            outside.wait(5)
            ct.measures(["GAMMA"])
    worker.join(5)
    assert pa.LabelOrderWarning in caught
    assert not [w for w in here if w.category is pa.LabelOrderWarning]


# R: write.csv(as.data.frame(Titanic), row.names=FALSE)  (Class, Sex, Age, Survived, Freq; 32 rows)
TITANIC_FREQ = {("1st", "No"): 122, ("1st", "Yes"): 203, ("2nd", "No"): 167, ("2nd", "Yes"): 118,
                ("3rd", "No"): 528, ("3rd", "Yes"): 178, ("Crew", "No"): 673, ("Crew", "Yes"): 212}
TITANIC_ORDER = "the order used is '1st' < '2nd' < '3rd' < 'Crew' for the rows and 'No' < 'Yes' for the columns"


def _titanic_rows() -> pd.DataFrame:
    """The Class × Survived counts of R's Titanic, spread as R's data frame spreads them (Sex and Age dropped)."""
    return pd.DataFrame([(c, s, n) for (c, s), n in TITANIC_FREQ.items()], columns=["Class", "Survived", "Freq"])


@pytest.mark.parametrize("words, statistic", [(["chisq"], "linear-by-linear association"), (["gamma"], "gamma"),
                                              (["corr"], "Spearman's and Pearson's correlations")])
def test_a_crosstab_report_notes_the_order_its_ordinal_statistics_read(words, statistic, tmp_path):
    """The warning of the order read goes to the caller and into the report's notes, so its text, HTML, Excel and
    JSON outputs say it too (as the agreement report does)."""
    with pytest.warns(pa.LabelOrderWarning) as caught:
        report = _titanic_rows().agree.crosstabs("Class", "Survived", weights="Freq").report(statistics=words)
    assert len([w for w in caught if w.category is pa.LabelOrderWarning]) == 1
    assert report.source.n == 2201  # R: sum(Titanic)
    noted = [note for note in report.notes if TITANIC_ORDER in note]
    assert len(noted) == 1 and statistic in noted[0] and noted[0].startswith("The statistic")
    assert noted[0].rstrip(".") in str(caught[0].message).rstrip(".")
    assert TITANIC_ORDER in " ".join(str(report).split())
    assert html.escape(TITANIC_ORDER) in report.to_html(plots=False)
    assert any(TITANIC_ORDER in note for note in report.to_dict()["notes"])
    report.to_excel(tmp_path / "titanic.xlsx")
    notes = pd.read_excel(tmp_path / "titanic.xlsx", sheet_name="Notes", header=None)
    assert notes.astype(str).apply(lambda column: column.str.contains(TITANIC_ORDER, regex=False)).any().any()


def test_a_crosstab_report_without_an_order_to_read_has_no_such_note():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        report = _titanic_rows().agree.crosstabs("Class", "Survived", weights="Freq").report(
            statistics=["phi", "lambda", "risk"], cells=["count", "row"])
        ordered = _titanic_rows().agree.crosstabs("Class", "Survived", weights="Freq", labels={
            "Class": ["1st", "2nd", "3rd", "Crew"], "Survived": ["No", "Yes"]}).report(statistics=["gamma", "corr"])
    assert report.source.n == 2201  # R: sum(Titanic)
    assert not [note for note in report.notes + ordered.notes if "order" in note]


def test_a_layered_report_notes_the_order_once_for_the_whole_table(tmp_path, capsys):
    with pytest.warns(pa.LabelOrderWarning) as caught:
        report = _hec().agree.crosstabs("Hair", "Eye", weights="Freq", layers="Sex").report(
            statistics=["chisq", "gamma"])
    assert len([w for w in caught if w.category is pa.LabelOrderWarning]) == 1
    order = "'Black' < 'Blond' < 'Brown' < 'Red' for the rows"  # sorted: HairEyeColor's text labels
    assert len([note for note in report.notes if order in note]) == 1
    assert not [note for layer in report.layers.values() for note in layer.notes if order in note]
    assert " ".join(str(report).split()).count(order) == 1
    # the command line's quiet HTML page says it too, naming the command line's options
    path, page = tmp_path / "hec.csv", tmp_path / "hec.html"
    _hec().to_csv(path, index=False)
    assert cli.main(["crosstabs", str(path), "--row", "Hair", "--col", "Eye", "--weights", "Freq", "--statistics",
                     "gamma", "--quiet", "--html", str(page)]) == 0
    out = capsys.readouterr()
    assert out.out == "" and out.err == ""
    text = page.read_text(encoding="utf-8")
    assert html.escape(order) in text and "--row-labels/--col-labels" in text


def test_the_warning_names_one_statistic_or_measure_in_the_singular_and_several_as_a_list():
    ct = pa.Crosstab.from_table(pd.DataFrame(R_HAIR_EYE, index=HAIR, columns=EYE))
    for call, start in ((lambda: ct.statistics(["gamma"]), "The statistic gamma read "),
                        (lambda: ct.statistics(["gamma", "d"]), "The statistics gamma and Somers' d read "),
                        (lambda: ct.statistics(["chisq", "gamma"]),
                         "The statistics linear-by-linear association and gamma read "),
                        (lambda: ct.statistics(["chisq", "gamma", "d"]),
                         "The statistics linear-by-linear association, gamma and Somers' d read "),
                        (lambda: ct.statistics(["corr"]), "The statistics Spearman's and Pearson's correlations read "),
                        (lambda: ct.measures(["GAMMA"]), "The measure GAMMA read "),
                        (lambda: ct.measures(["GAMMA", "TAU_B"]), "The measures GAMMA and TAU_B read "),
                        (lambda: ct.measures(["GAMMA", "TAU_B", "TAU_C"]),
                         "The measures GAMMA, TAU_B and TAU_C read ")):
        with pytest.warns(pa.LabelOrderWarning) as caught:
            call()
        assert [str(w.message)[:len(start)] for w in caught] == [start]
