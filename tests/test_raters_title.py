"""The rater report's title names the rater columns as the other reports name a variable (display.name): control
characters escaped, long names cut, a column named None as "(missing)"."""

import numpy as np
import pandas as pd

import pandas_agree  # noqa: F401  (the .agree accessor)


def test_the_title_names_the_raters_as_the_other_reports_do():
    rng = np.random.default_rng(3)
    ratings = rng.integers(0, 3, (40, 3))
    df = pd.DataFrame({"a\tb": ratings[:, 0], "q" * 200: ratings[:, 1], None: ratings[:, 2]})
    title = df.agree.raters(["a\tb", "q" * 200, None]).report(ci=None).title
    assert title == f"3 raters (a\\tb, {'q' * 30}…{'q' * 10} (200 characters), (missing))"


def test_more_than_six_raters_are_cut_after_the_sixth():
    rng = np.random.default_rng(4)
    df = pd.DataFrame(rng.integers(0, 2, (30, 8)), columns=[f"r{i}" for i in range(8)])
    assert df.agree.raters(list(df.columns)).report(ci=None).title == "8 raters (r0, r1, r2, r3, r4, r5, …)"
