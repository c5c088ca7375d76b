"""The text report wraps its notes and footnotes with :func:`pandas_agree.report.text.wrap`, which finds a line at
a time; its lines are those of :func:`textwrap.wrap` for any text, width and indents: breaks at spaces, after the
hyphens textwrap breaks at ("class-|specific") and before an em-dash ("word|--dash"), long words, runs of
whitespace, tabs and newlines. (Every width is wider than the indents: textwrap loops forever on whitespace
under an indent as wide as the line.)"""

import random
import textwrap
import warnings

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pandas_agree  # noqa: F401  (the .agree accessor)
from pandas_agree.report.document import laid_out
from pandas_agree.report.text import wrap

PIECES = ["a", "b", "Z", "é", "1", "9", "-", "-", "--", "_", ".", ",", "!", "'", '"', "(", ")", "–", "−", "²",
          "class-specific", "x--y", "Ω"]
SEPARATORS = [" "] * 30 + ["  ", "\t", "\n", " - ", " -- "]
INDENTS = [("", ""), ("- ", "  "), ("    ", "      "), ("", "   "), ("xxxxxxxx", "")]


def _texts(seed: int, n: int):
    rng = random.Random(seed)
    for _ in range(n):
        words = ["".join(rng.choice(PIECES) for _ in range(rng.choice([1, 2, 3, 5, 8, 12, 20])))
                 for _ in range(rng.randint(0, 30))]
        text = "".join(word + rng.choice(SEPARATORS) for word in words)
        if rng.random() < 0.7:
            text = text.strip(" ")
        initial, subsequent = rng.choice(INDENTS)
        width = max(len(initial), len(subsequent)) + rng.choice([1, 2, 3, 5, 7, 10, 15, 20, 30, 40, 100])
        yield text, width, initial, subsequent, rng.random() < 0.8


@pytest.mark.parametrize("seed", range(4))
def test_the_lines_of_textwrap(seed):
    for text, width, initial, subsequent, hyphens in _texts(seed, 2000):
        assert wrap(text, width, initial, subsequent, hyphens) == textwrap.wrap(
            text, width, initial_indent=initial, subsequent_indent=subsequent, break_on_hyphens=hyphens), \
            (text, width, initial, subsequent, hyphens)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([*PIECES, " ", " ", " ", "  ", "\t"]), max_size=60).map("".join),
       st.integers(1, 50), st.sampled_from(INDENTS), st.booleans())
def test_the_lines_of_textwrap_for_any_text(text, width, indents, hyphens):
    width += max(map(len, indents))
    assert wrap(text, width, *indents, hyphens) == textwrap.wrap(
        text, width, initial_indent=indents[0], subsequent_indent=indents[1], break_on_hyphens=hyphens)


def test_a_reports_notes_wrap_as_textwrap_wraps_them():
    frame = pd.DataFrame({"a": list("abcab") * 20, "p": list("abcba") * 20})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        doc = laid_out(frame.agree.report("a", "p"))
    notes = [note for section in doc.sections for note in section.notes] + \
        [note for section in doc.sections for table in section.tables for note in table.footnotes]
    assert sum(len(textwrap.wrap(note, 100)) > 1 for note in notes) > 5  # notes of several lines among them
    for note in notes:
        for width, initial, subsequent in ((100, "- ", "  "), (100, "", "   "), (60, "", "")):
            assert wrap(note, width, initial, subsequent) == textwrap.wrap(
                note, width, initial_indent=initial, subsequent_indent=subsequent)
