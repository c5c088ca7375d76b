"""The comparison report names the values ``zero_division`` set with intervals and without them (``ci=None``), as
the agreement report does: the note comes from the averages' ``attrs["notes"]``, which Comparison.values() keeps
whatever ``ci`` is."""

import warnings

import pandas as pd
import pytest

import pandas_agree  # noqa: F401  (the .agree accessor)

# p never predicts c: its precision is 0/0; q predicts every class
Y = ["a", "a", "b", "b", "c", "c", "a", "b"]
P = ["a", "a", "a", "b", "a", "b", "a", "b"]
Q = ["a", "b", "a", "b", "c", "b", "a", "b"]
# sklearn.metrics.precision_score(y, p, labels=["c"], average=None, zero_division=0) -> [0.0]: the value it names
NOTE = "p: PRE of 'c' is 0/0 and shown as 0, and the averages count it so (zero_division=0)."


def _comparison():
    return pd.DataFrame({"y": Y, "p": P, "q": Q}).agree.compare("y", ["p", "q"])


@pytest.mark.parametrize("ci", [None, "auto"])
def test_the_report_names_the_values_zero_division_set_with_or_without_intervals(ci):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        report = _comparison().report(measures=["PRE", "F1"], classes="union", zero_division=0, ci=ci)
    assert report.notes.count(NOTE) == 1
    # the value it counts: sklearn.metrics.precision_score(y, p, average="macro", zero_division=0) = (3/5 + 2/3 + 0)/3
    pre = report.values.loc["p", "PRE (unweighted)" if ci is None else ("PRE (unweighted)", "value")]
    assert pre == pytest.approx((3 / 5 + 2 / 3 + 0) / 3, rel=1e-12)
    assert NOTE in " ".join(str(report).split())  # the text report prints it (wrapped)
    assert NOTE in report.to_dict()["notes"]


def test_values_without_intervals_keep_the_note_and_only_where_there_is_one():
    comparison = _comparison()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        values = comparison.values(["PRE"], classes="union", zero_division=0)
        unset = comparison.values(["PRE"], classes="union")
    assert values.attrs["notes"] == [NOTE]
    assert "notes" not in unset.attrs and "methods" not in values.attrs
