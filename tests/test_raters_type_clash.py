"""Rating categories that differ only in type (the number 1 of one rater, the text '1' of another) are different
categories that never agree: a warning and a note say so, as an Agreement warns of such labels."""

import warnings

import numpy as np
import pandas as pd
import pytest

import pandas_agree as pa

RATERS3 = ["rater1", "rater2", "rater3"]


def test_a_rater_in_text_among_raters_in_numbers_warns_and_notes():
    anxiety = pa.datasets.load("anxiety")
    mixed = anxiety.assign(rater3=anxiety["rater3"].astype(str))
    with pytest.warns(UserWarning, match=r"differ only in type .*1 and '1'"):
        ra = mixed.agree.raters(RATERS3)
    assert len(ra.categories) == 11  # 1..6 and '1'..'6' less the '5' rater3 never gave
    notes = ra.summary().attrs["notes"]
    assert any("differ only in type" in n for n in notes)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        report = ra.report(n_resamples=50)
    assert sum("differ only in type" in n for n in report.notes) == 1


def test_whole_floats_of_a_column_with_gaps_clash_with_their_text():
    ratings = pd.DataFrame({"a": [1.0, 2.0, np.nan, 1.0], "b": ["1", "2", "2", "1"]})
    with pytest.warns(UserWarning, match=r"1\.0 and '1', 2\.0 and '2'"):
        ratings.agree.raters(["a", "b"])


def test_one_type_gives_no_note():
    anxiety = pa.datasets.load("anxiety")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ra = anxiety.agree.raters(RATERS3)
    assert not any("differ only in type" in n for n in ra.summary().attrs["notes"])
    from pandas_agree.analyses.raters import type_clash_note
    assert type_clash_note(pd.Index(["1", "x", 2.5])) is None
