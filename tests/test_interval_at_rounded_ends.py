"""A value at an end of its range but for rounding (a weighted mean of ones computed as 0.9999999999999999) has the
interval of a value at the end, not the whole range: on a scale that maps the end to infinity (Fisher's z, the
logit), the slope there turned any SE into [−1, 1]."""

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pandas_agree as pa
from pandas_agree.inference.delta import _interval

Z = 1.959963984540054  # scipy.stats.norm.ppf(0.975)


def test_the_correlation_averages_of_a_perfect_table_keep_their_blurred_interval():
    """diag(30, 20, 10): the unweighted and weighted CORR averages (their terms averaged before the formula) are
    0.9999999999999999; under ci="auto" (a class of fewer than 20 objects) their interval is the value less z times
    the SE of the table with 0.5 added to every cell (the blurred rule), as at exactly 1 (inverse, micro), not
    [−1, 1]."""
    table = np.diag([30, 20, 10])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        found = pa.Agreement.from_table(table).averages(["CORR"], ci="auto")
        blurred = pa.Agreement.from_table(table + 0.5).averages(["CORR"], ci="linearized")
    for method in ("unweighted", "weighted", "inverse", "micro"):
        value, lower, upper = (found.loc["CORR", (method, s)] for s in ("value", "lower", "upper"))
        se = blurred.loc["CORR", (method, "se")]
        assert value == pytest.approx(1, abs=1e-15)
        assert lower == pytest.approx(value - Z * se, abs=1e-12), method
        assert upper == 1.0
        assert 0.9 < lower < 0.93


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 4), st.floats(1e-4, 0.3), st.sampled_from(["logit", "fisher-z"]))
def test_a_value_within_rounding_of_an_end_has_the_interval_at_the_end(ulps, se, scale):
    """Within four units of the last place of 1 (or of 0 on the logit scale's [0, 1], −1 on Fisher's [−1, 1]), the
    interval is that of the value at the end: the plain Wald interval (clipped by the caller), ends within rounding
    of those at the end."""
    low = 0.0 if scale == "logit" else -1.0
    for end, inward in ((1.0, -np.inf), (low, np.inf)):
        value = end
        for _ in range(ulps):
            value = np.nextafter(value, inward)
        lower, upper = _interval(np.array([value, end]), np.array([se, se]), (low, 1.0), Z, scale)
        assert lower[0] == pytest.approx(lower[1], abs=1e-15) and upper[0] == pytest.approx(upper[1], abs=1e-15)
        assert lower[0] == pytest.approx(value - Z * se) and upper[0] == pytest.approx(value + Z * se)


def test_a_value_inside_its_range_keeps_the_scale():
    """Away from the ends the interval is mapped back from the scale (asymmetric about the value)."""
    lower, upper = _interval(np.array([0.9]), np.array([0.05]), (0.0, 1.0), Z, "logit")
    assert upper[0] - 0.9 < 0.9 - lower[0]
    assert lower[0] > 0.75 and upper[0] < 1


def test_a_whole_table_measure_at_an_end_of_its_range_has_a_note_on_the_scale_not_on_the_objects():
    """LAMBDA and UC of a table at exact independence (every cell its row total times its column total over N) are
    0 with a linearised interval [0, 0] on the logit scale: the note named "all objects in one row or one column" and
    asked for more objects, though every cell holds objects and more would not change the zero width."""
    table = [[3, 6, 9], [1, 2, 3], [5, 10, 15]]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ag = pa.Agreement.from_table(table)
        found = ag.multiclass(["LAMBDA", "UC", "KAPPA"], ci="auto")
        report_notes = ag.report().notes
    assert (found.loc[["LAMBDA", "UC"], ["value", "lower", "upper"]].to_numpy() == 0).all()
    notes = found.attrs["notes"]
    note = next(n for n in notes if n.startswith("The intervals of LAMBDA, UC (linearised (logit scale))"))
    assert "zero width at 0, an end of the range" in note and "more objects" not in note
    assert 'ci="bootstrap"' in note and note in report_notes
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        resampled = ag.multiclass(["LAMBDA", "UC"], ci="bootstrap")
    assert (resampled["upper"] > 0.05).all()  # the interval the note points to is not a point


def test_under_a_sample_design_the_note_at_an_end_says_where_binomial_intervals_come_from():
    """REC and F1 of a class never predicted under a stratified cluster design: the note said that ci="auto" gives
    the proportions binomial intervals, which it gives only without a sample design."""
    import pandas as pd

    rng = np.random.default_rng(1)
    actual = rng.integers(0, 3, 400)
    frame = pd.DataFrame({"a": actual, "p": np.where(actual == 2, 1, actual), "s": rng.integers(0, 4, 400),
                          "c": rng.integers(0, 40, 400), "w": rng.uniform(1, 3, 400)})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        designed = frame.agree("a", "p", strata="s", cluster="c", weights="w").binary(["REC", "F1"], classes="union",
                                                                                      ci="auto")
        plain = frame.agree("a", "p").binary(["REC", "F1"], classes="union", ci="linearized")
    note = next(n for n in designed.attrs["notes"] if "zero width at 0 or 1" in n)
    assert 'ci="auto" gives them without a sample design, are not points there' in note
    note = next(n for n in plain.attrs["notes"] if "zero width at 0 or 1" in n)
    assert 'ci="auto" gives them, are not points there' in note
