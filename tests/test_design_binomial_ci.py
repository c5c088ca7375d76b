"""A binomial interval asked for under a sample design (ci="wilson", "clopper-pearson", ...) assumes independent
rows, so the design's linearised interval is given instead, as ci="auto" gives it: a UserWarning says so (R's
survey has no Wilson interval of a design either: svyciprop's methods use the design's variance), and the report's
notes repeat it. Without a design the binomial interval stands, without a warning."""

import warnings

import numpy as np
import pandas as pd
import pytest

import pandas_agree  # noqa: F401  (the .agree accessor)


@pytest.fixture(scope="module")
def sample():
    rng = np.random.default_rng(3)
    n = 400
    df = pd.DataFrame({"a": rng.choice(list("xy"), n), "stratum": rng.integers(0, 4, n),
                       "psu": rng.integers(0, 40, n)})
    df["p"] = np.where(rng.random(n) < 0.8, df["a"], rng.choice(list("xy"), n))
    return df


@pytest.mark.parametrize("ci", ["wilson", "clopper-pearson", "jeffreys", "agresti-coull", "normal"])
def test_binomial_ci_under_a_design_warns_and_gives_the_design_interval(sample, ci):
    ag = sample.agree("a", "p", strata="stratum", cluster="psu")
    with pytest.warns(UserWarning, match=rf"binomial interval of ci='{ci}' assumes independent rows"):
        asked = ag.multiclass(["OSR"], ci=ci)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        auto = ag.multiclass(["OSR"], ci="auto")
    pd.testing.assert_frame_equal(asked, auto)
    assert "sample design" in asked.loc["OSR", "method"]


def test_the_report_notes_it_and_no_design_does_not_warn(sample):
    ag = sample.agree("a", "p", strata="stratum", cluster="psu")
    notes = ag.report(ci="wilson").notes
    assert sum("binomial interval of ci='wilson' assumes independent rows" in note for note in notes) == 1
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        plain = sample.agree("a", "p").multiclass(["OSR"], ci="wilson")
    assert plain.loc["OSR", "method"].startswith("wilson")
