"""binary() and averages() say in their attrs what correction= and zero_division= changed, and the agreement report
prints the same notes once, from those attrs."""

import json
import warnings

import pandas as pd
import pytest

import pandas_agree as pa
from pandas_agree.base.spelling import command_line_advice

# rows: reference, columns: prediction. One-vs-rest 2×2 tables (TP, FN, FP, TN), N = 149:
# a: 50, 0, 3, 96 (no FN: a zero cell); b: 48, 2, 0, 99 (no FP: a zero cell); c: 46, 3, 2, 98 (none)
TWO_OF_THREE = pd.DataFrame([[50, 0, 0], [0, 48, 2], [3, 0, 46]], index=list("abc"), columns=list("abc"))
# a: 50, 0, 0, 100 (zero cells); b: 48, 2, 4, 96 and c: 46, 4, 2, 98 (none): one class changed
ONE_OF_THREE = pd.DataFrame([[50, 0, 0], [0, 48, 2], [0, 4, 46]], index=list("abc"), columns=list("abc"))
# column c holds no prediction: PRE of c = 0/0; row d holds no reference object: REC of d = 0/0 (REC of c = 0/1,
# PRE of d = 0/1 are defined)
UNDEFINED = pd.DataFrame([[5, 1, 0, 0], [2, 4, 0, 1], [1, 0, 0, 0], [0, 0, 0, 0]], index=list("abcd"),
                         columns=list("abcd"))
FULL = pd.DataFrame([[8, 2], [1, 9]], index=["yes", "no"], columns=["yes", "no"])  # no zero cell, no 0/0

CORRECTED = ("0.5 is added to each of the four cells of a class's 2×2 table with a zero cell ('a', 'b') before DOR "
             "and LNDOR are computed{averaged} (correction=0.5); the other measures read the counts as they are.")
ZERO = "PRE of 'c'; REC of 'd' are 0/0 and shown as 0{averaged} ({option})."


def _quiet(call, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return call(*args, **kwargs)


@pytest.mark.parametrize("ci", [None, "auto"])
def test_binary_names_the_corrected_classes(ci):
    out = _quiet(pa.Agreement.from_table(TWO_OF_THREE).binary, ["PRE", "DOR", "LNDOR"], correction=0.5, ci=ci)
    assert out.attrs["corrected"] == {"correction": 0.5, "measures": ["DOR", "LNDOR"], "classes": ["a", "b"]}
    assert out.attrs["notes"].count(CORRECTED.format(averaged="")) == 1
    assert "zero_division" not in out.attrs
    json.dumps(out.attrs)  # plain JSON data
    one = _quiet(pa.Agreement.from_table(ONE_OF_THREE).binary, ["DOR"], correction=0.5)
    assert one.attrs["corrected"]["classes"] == ["a"]


def test_averages_name_the_corrected_classes_and_count_them():
    out = _quiet(pa.Agreement.from_table(TWO_OF_THREE).averages, ["PRE", "DOR", "LNDOR"], correction=0.5)
    assert out.attrs["corrected"] == {"correction": 0.5, "measures": ["DOR", "LNDOR"], "classes": ["a", "b"]}
    note = CORRECTED.format(averaged=", in the class-specific values and their averages")
    assert out.attrs["notes"] == [note]


def test_no_correction_note_where_nothing_changed():
    ag = pa.Agreement.from_table(FULL)
    for out in (ag.binary(["DOR", "PRE"], correction=0.5), ag.averages(["DOR", "PRE"], correction=0.5),
                ag.binary(["DOR", "PRE"], zero_division=0), ag.averages(["DOR", "PRE"], zero_division=0)):
        assert "corrected" not in out.attrs and "zero_division" not in out.attrs
        assert not out.attrs.get("notes")
    # a zero cell but no measure of the odds-ratio family among the values: nothing for the correction to change
    both = _quiet(pa.Agreement.from_table(TWO_OF_THREE).binary, ["PRE", "REC"], zero_division=0)
    assert "corrected" not in both.attrs and not both.attrs.get("notes")


@pytest.mark.parametrize("ci", [None, "auto"])
def test_zero_division_names_the_values_it_set(ci):
    ag = pa.Agreement.from_table(UNDEFINED)
    binary = _quiet(ag.binary, ["PRE", "REC", "YOUD"], zero_division=0, ci=ci)
    expected = {"value": 0.0, "classes": {"PRE": ["c"], "REC": ["d"]}}  # YOUD of d stays NaN: not reached
    assert binary.attrs["zero_division"] == expected
    assert ZERO.format(averaged="", option="zero_division=0") in binary.attrs["notes"]
    averages = _quiet(ag.averages, ["PRE", "REC", "YOUD"], zero_division=0, ci=ci)
    assert averages.attrs["zero_division"] == expected
    assert ZERO.format(averaged=", and the averages count them so", option="zero_division=0") in \
        averages.attrs["notes"]
    assert "zero_division" not in _quiet(ag.binary, ["PRE", "REC"]).attrs  # left NaN: nothing set


def test_the_notes_spell_the_option_as_the_reader_writes_it():
    with command_line_advice():
        out = _quiet(pa.Agreement.from_table(UNDEFINED).binary, ["PRE", "REC"], zero_division=1)
        corrected = _quiet(pa.Agreement.from_table(TWO_OF_THREE).binary, ["DOR", "LNDOR"], correction=0.5)
    assert out.attrs["notes"] == ["PRE of 'c'; REC of 'd' are 0/0 and shown as 1 (--zero-division 1)."]
    assert corrected.attrs["notes"] == [CORRECTED.format(averaged="").replace("correction=0.5", "--correction 0.5")]


def test_averages_of_the_positive_class_carry_the_class_notes():
    t = pd.DataFrame([[8, 0], [3, 9]], index=["yes", "no"], columns=["yes", "no"])
    ag = pa.Agreement.from_table(t)
    out = _quiet(ag.averages, ["DOR"], positive="yes", correction=0.5)
    assert out.attrs["corrected"] == {"correction": 0.5, "measures": ["DOR"], "classes": ["yes"]}
    assert out.attrs["notes"] == _quiet(ag.binary, ["DOR"], positive="yes", correction=0.5).attrs["notes"]


def test_the_report_prints_each_note_once_with_its_labels_as_its_tables_show_them():
    rows = [(TWO_OF_THREE.index[i], TWO_OF_THREE.columns[j]) for i in range(3) for j in range(3)
            for _ in range(TWO_OF_THREE.iat[i, j])]
    df = pd.DataFrame(rows, columns=["ref", "pred"])
    report = _quiet(df.agree.report, "ref", "pred", measures=["PRE", "DOR", "LNDOR"], correction=0.5)
    note = ("0.5 is added to each of the four cells of a class's 2×2 table with a zero cell (a, b) before DOR and "
            "LNDOR are computed, in the class-specific values and their averages (correction=0.5); the other "
            "measures read the counts as they are.")
    assert report.notes.count(note) == 1
    assert not any("('a', 'b')" in n for n in report.notes)  # the frames' own wording is not printed beside it
    assert report.binary.attrs["corrected"]["classes"] == ["a", "b"]
