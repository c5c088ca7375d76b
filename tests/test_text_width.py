"""The text report is at most 100 characters wide (docs/notes/report.md), whatever its labels: in a table wider than
the page a column title longer than its cells (a long label over a crosstab's column) wraps onto lines of 20
characters, and row labels too long to leave room for the widest column beside them wrap onto lines that do.
Before, 95-character labels (cut to about 60 for the tables) made lines of 120 characters."""

import warnings

import numpy as np
import pandas as pd
from hypothesis import given, settings
from hypothesis import strategies as st

import pandas_agree  # noqa: F401  (the .agree accessor)
from pandas_agree.report.document import Table
from pandas_agree.report.text import render_table

WORDS = st.lists(st.sampled_from(["sample", "collected", "at", "the", "northern", "field", "station,", "plot",
                                  "sorted", "by", "technician", "x" * 45, "é", "注"]), min_size=1, max_size=16)


def _report(labels: list[str], n: int = 300, seed: int = 0) -> str:
    rng = np.random.default_rng(seed)
    a = rng.choice(labels, n)
    p = np.where(rng.random(n) < 0.7, a, rng.choice(labels, n))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return str(pd.DataFrame({"a": a, "p": p}).agree.report("a", "p", ci=None))


def test_long_labels_keep_the_page_width():
    labels = [f"sample collected at the northern field station, plot {i}, sorted by the second technician on duty"
              for i in range(10)]
    text = _report(labels, 2000)
    assert max(map(len, text.splitlines())) <= 100


@settings(max_examples=25, deadline=None)
@given(st.lists(WORDS.map(" ".join), min_size=2, max_size=6, unique=True))
def test_every_line_fits(labels):
    assert max(map(len, _report(labels).splitlines())) <= 100


def test_short_titles_and_labels_are_as_they_were():
    """A table that fits the page is laid out as before: one line a row, titles unwrapped."""
    table = Table("T", ["value", "a title of thirty characters.."], [("row one", ["1.000", "2.000"]),
                                                                        ("row two", ["3.000", "4.000"])], stub="Row")
    lines = render_table(table).splitlines()
    assert lines[2] == "Row      value  a title of thirty characters.."
    assert lines[4] == "row one  1.000  " + "2.000".rjust(30)


def test_a_long_row_label_wraps_beside_its_cells():
    table = Table("T", ["n"], [("w " * 60, ["7"]), ("short", ["8"])], stub="Row")
    lines = render_table(table, width=40).splitlines()
    assert max(map(len, lines)) <= 40
    assert lines[4].endswith("  7") and not lines[5].endswith("7")  # the cells on the label's first line
    assert any(line.startswith("short") and line.endswith("8") for line in lines)


def test_a_block_of_shorter_titles_has_no_blank_header_line():
    """Blocks of one table share its header's depth: a block whose titles take fewer lines than another's printed
    a blank line above them ("Paired differences" of three predictions)."""
    table = Table("T", ["a", "b\nlong"], [("row", ["1.0", "2.0"])], stub="Row")
    lines = render_table(table, width=12).splitlines()
    assert "(1 of 2; the table continues below)" in lines
    first = lines.index("(1 of 2; the table continues below)")
    assert lines[first + 2].startswith("Row") and lines[first + 2].rstrip().endswith("a")  # no blank line
    second = lines.index("(2 of 2)")
    assert lines[second + 2].strip() == "b" and lines[second + 3].startswith("Row")
