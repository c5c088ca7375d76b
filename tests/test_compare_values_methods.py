"""Comparison.values() names the interval method of each measure (attrs["methods"]) and keeps the notes of those
intervals (attrs["notes"]), as every other frame with intervals does; the comparison report prints them beside
the differences' methods."""

import numpy as np
import pandas as pd
import pytest

import pandas_agree  # noqa: F401  (the .agree accessor)
from pandas_agree.analyses.comparison import _each_prediction
from pandas_agree.base.text import about


def _predictions() -> pd.DataFrame:
    """300 objects of three classes; A errs towards "a", B predicts "c" only 4 times (a class of fewer than 20:
    its KAPPA gets the BCa bootstrap's interval under ci="auto", A's the Fleiss–Cohen–Everitt one)."""
    rng = np.random.default_rng(1)
    ref = np.repeat(["a", "b", "c"], 100)
    a = ref.copy()
    a[rng.choice(300, 30, replace=False)] = "a"
    b = ref.copy()
    b[ref == "c"] = np.where(rng.random(100) < 0.9, "b", "c")
    return pd.DataFrame({"ref": ref, "A": a, "B": b})


def test_each_measure_names_the_method_of_each_predictions_own_interval():
    df = _predictions()
    comparison = df.agree.compare("ref", ["A", "B"])
    values = comparison.values(["OSR", "KAPPA", "F1"], ci="auto", random_state=1)
    own = {}
    for name in ("A", "B"):
        ag = df.agree("ref", name)
        mc = ag.multiclass(["OSR", "KAPPA"], ci="auto", random_state=1)
        av = ag.averages(["F1"], average="unweighted", ci="auto", random_state=1)
        own[name] = {"OSR": mc.loc["OSR", "method"], "KAPPA": mc.loc["KAPPA", "method"],
                     "F1 (unweighted)": av.attrs["methods"]["F1"]}
    assert own["A"]["KAPPA"] != own["B"]["KAPPA"]  # the case this table was made for
    methods = values.attrs["methods"]
    assert methods["OSR"] == own["A"]["OSR"] == own["B"]["OSR"]  # one method: named once
    assert methods["KAPPA"] == f"A: {own['A']['KAPPA']}; B: {own['B']['KAPPA']}"
    # B's class of 4 gives its average the blurred SE's interval ("auto"'s rule for a class of fewer than 20)
    assert methods["F1 (unweighted)"] == (f"A: {own['A']['F1 (unweighted)']}; B: {own['B']['F1 (unweighted)']}")
    assert "blurred" in own["B"]["F1 (unweighted)"] and "blurred" not in own["A"]["F1 (unweighted)"]
    assert list(methods) == list(dict.fromkeys(values.columns.get_level_values("measure")))


def test_the_notes_of_the_intervals_are_kept_once_with_the_predictions_they_are_about():
    df = _predictions()
    values = df.agree.compare("ref", ["A", "B"]).values(["OSR", "KAPPA"], ci="auto", random_state=1)
    own = {name: df.agree("ref", name).multiclass(["OSR", "KAPPA"], ci="auto", random_state=1).attrs["notes"]
           for name in ("A", "B")}
    both = [n for n in own["A"] if n in own["B"]]
    only_b = [n for n in own["B"] if n not in own["A"]]
    assert both and only_b  # Wilson's note for both; the BCa rule's note for B alone
    notes = values.attrs["notes"]
    assert all(notes.count(n) == 1 for n in both)
    # a note about some predictions after their names, its sentence going on after them: "B: with fewer ..."
    assert all(f"B: {n[0].lower()}{n[1:]}" in notes for n in only_b)
    assert any(n.startswith("B: with fewer than 200 objects or a class of fewer than 20,") for n in notes)
    assert len(notes) == len(set(notes))


def test_a_note_after_names_goes_on_in_lower_case_where_it_starts_with_a_word():
    assert about("B", "With fewer than 200 objects") == "B: with fewer than 200 objects"
    assert about("A, B", "The SE beside") == "A, B: the SE beside"
    assert about("B", "KAPPA has") == "B: KAPPA has"  # a code, an abbreviation: as it is
    assert about("B", "SE") == "B: SE" and about("B", "") == "B: "


def test_without_intervals_there_are_no_methods():
    values = _predictions().agree.compare("ref", ["A", "B"]).values(["OSR"])
    assert "methods" not in values.attrs and "notes" not in values.attrs


@pytest.mark.parametrize(("methods", "expected"), [
    ({"x": "Wilson", "y": "Wilson"}, "Wilson"),
    ({"x": "Wilson", "y": "BCa"}, "x: Wilson; y: BCa"),
    ({1: "BCa"}, "BCa"),
])
def test_one_method_or_each_predictions(methods, expected):
    assert _each_prediction(methods) == expected


def test_the_report_prints_the_values_methods_and_notes():
    df = _predictions()
    report = df.agree.compare("ref", ["A", "B"]).report(measures=["OSR", "KAPPA"], random_state=1)
    values = report.values
    for col, method in values.attrs["methods"].items():
        assert any(note.startswith(f"Values of {col}: {method}") for note in report.notes)
    assert all(note in report.notes for note in values.attrs["notes"])
    text = str(report)
    assert "Values of KAPPA: A: Fleiss–Cohen–Everitt; B:" in " ".join(text.split())


def test_the_title_names_the_columns_as_the_other_reports_do():
    # a name with a control character (escaped, as the agreement report's title shows it), one cut for its length
    df = _predictions().rename(columns={"ref": "r\tef", "A": "p" * 200})
    title = df.agree.compare("r\tef", ["p" * 200, "B"]).report(measures=["OSR"], ci=None).title
    assert title == f"{'p' * 30}…{'p' * 10} (200 characters), B against r\\tef"
    assert df.agree.report("r\tef", "B", ci=None).title == "r\\tef * B"
