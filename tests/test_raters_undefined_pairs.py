"""Pairwise and by-category values of several raters that have no data to stand on: NaN with a reason, never a
number (a pair of raters with fewer than two subjects in common, a category no rater chose or that every rating
is in, fewer than two subjects with two or more ratings)."""

import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pandas_agree as pa
from pandas_agree import UndefinedMeasureWarning

NAN = np.nan
# c rated two subjects: it shares one with a and one with b (disagreeing on each: Cohen's kappa would be
# (0 − 0)/(1 − 0) = 0) and none with d; every other pair shares two subjects or more
RATINGS = pd.DataFrame({"a": [1, 2, 1, 2, 1, NAN], "b": [1, 2, 2, 2, NAN, 2], "c": [NAN, NAN, NAN, NAN, 2, 1],
                        "d": [1, 1, 2, NAN, NAN, NAN]})


def _caught(call, *args, **kwargs):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        out = call(*args, **kwargs)
    return out, [w for w in caught if issubclass(w.category, UndefinedMeasureWarning)]


@pytest.mark.parametrize("measure", ["KAPPA", "OSR", "AC1", "SPI", "BPK", "ALPHA", "KAPPA_MAX"])
def test_a_pair_with_fewer_than_two_subjects_in_common_has_no_value(measure):
    ra = RATINGS.agree.raters(list(RATINGS.columns))
    out, caught = _caught(ra.pairwise, measure)
    assert out.loc["c"].drop("c").isna().all() and out["c"].drop("c").isna().all()
    assert out.drop(index="c", columns="c").notna().all().all() and np.isfinite(out.loc["c", "c"])
    assert len(caught) == 1
    message = str(caught[0].message)
    assert f"pairwise {measure} undefined (NaN)" in message
    assert message == f"pairwise {measure} undefined (NaN): a–c, b–c, c–d rated fewer than two subjects in common."
    assert out.attrs["notes"] == [message]


def test_the_kappa_of_one_subject_in_common_is_not_zero():
    # two raters who share a single subject, on which they disagree: the kappa of that one subject was 0.000
    two = pd.DataFrame({"a": [1, 2, 2, NAN], "b": [NAN, NAN, 1, 1], "c": [1, 2, 1, 2]})
    out, caught = _caught(two.agree.raters(["a", "b", "c"]).pairwise)
    assert np.isnan(out.loc["a", "b"]) and np.isnan(out.loc["b", "a"])
    assert out.loc["a", "c"] == pytest.approx(0.4) and len(caught) == 1 and "a–b" in str(caught[0].message)


def test_a_measure_that_is_zero_over_zero_for_a_pair_is_named_with_its_reason():
    # b and e rate every subject they share alike, in one category: kappa 0/0
    df = pd.DataFrame({"a": [1, 2, 1, 2], "b": [1, 1, 1, 1], "e": [1, 1, 1, 1]})
    out, caught = _caught(df.agree.raters(["a", "b", "e"]).pairwise, "KAPPA")
    assert np.isnan(out.loc["b", "e"]) and np.isnan(out.loc["b", "b"])
    assert len(caught) == 1 and "for b–b, b–e, e–e, KAPPA is 0/0 on the subjects both rated" in str(caught[0].message)


def test_every_pair_defined_gives_no_warning_and_no_note():
    ra = pa.datasets.load("anxiety").agree.raters(["rater1", "rater2", "rater3"])
    out, caught = _caught(ra.pairwise)
    assert not caught and out.attrs["notes"] == [] and out.notna().all().all()


def test_a_bad_measure_is_an_error_even_when_no_pair_has_a_value():
    ra = pd.DataFrame({"a": [1], "b": [2]}).agree.raters(["a", "b"])  # one subject: no pair, no rater with itself
    with pytest.raises(ValueError, match="FLEISS"):
        ra.pairwise("FLEISS")


def test_weights_do_not_make_one_subject_several():
    # a subject counts once whatever its weight, so scaling the weights changes nothing
    df = pd.DataFrame({"a": [1, 2, 1, 2, 1], "b": [1, 2, 2, 2, NAN], "c": [NAN, NAN, NAN, 2, 2]})
    for weights in (np.ones(5), np.full(5, 10.0), np.full(5, 0.1)):
        out, _ = _caught(df.agree.raters(["a", "b", "c"], weights=weights).pairwise)
        assert np.isnan(out.loc["b", "c"]) and np.isfinite(out.loc["a", "c"])


def test_light_is_the_mean_of_the_pairs_that_have_a_value():
    ra = RATINGS.agree.raters(list(RATINGS.columns))
    pairwise, _ = _caught(ra.pairwise, "KAPPA")
    summary, caught = _caught(ra.summary, ["LIGHT"], ci="linearized")
    upper = pairwise.to_numpy()[np.triu_indices(4, 1)]
    assert summary.loc["LIGHT", "value"] == pytest.approx(np.nanmean(upper), abs=1e-12)
    assert np.isfinite(summary.loc["LIGHT", "se"])
    note = ("LIGHT is the mean of the Cohen's kappas of 3 of 6 pairs of raters; left out: a–c, b–c, c–d (fewer "
            "than two subjects rated by both).")
    assert note in summary.attrs["notes"]
    assert [str(w.message) for w in caught].count(note) == 1  # as pairwise() warns of the pairs


def test_light_with_no_pair_that_has_a_value_is_nan_and_says_why():
    df = pd.DataFrame({"a": [1, 2, NAN, NAN, 1], "b": [2, NAN, 1, 2, NAN], "c": [NAN, 1, 2, NAN, NAN]})
    summary, caught = _caught(df.agree.raters(["a", "b", "c"]).summary, ["LIGHT"])
    assert np.isnan(summary.loc["LIGHT", "value"]) and caught
    assert any("left out: a–b, a–c, b–c (fewer than two subjects" in note for note in summary.attrs["notes"])


def test_a_category_nobody_chose_has_no_kappa():
    ra = pd.DataFrame({"a": [1, 2, 1, 2], "b": [1, 2, 2, 2]}).agree.raters(["a", "b"], labels=[1, 2, 3])
    out, caught = _caught(ra.by_category)
    assert out.loc[3].isna().all() and out.loc[[1, 2]].notna().all().all()
    assert len(caught) == 1 and "for 3: no rater chose 3 (0/0)" in str(caught[0].message)
    assert out.attrs["notes"] == [str(caught[0].message)]


def test_one_subject_gives_no_kappa_by_category():
    # from one subject each category's kappa is −1/(r − 1) whatever the ratings: it was −0.5 here
    one = pd.DataFrame({"a": [1, NAN], "b": [2, 1], "c": [1, NAN]}).agree.raters(["a", "b", "c"])
    out, caught = _caught(one.by_category)
    assert out.isna().all().all()
    assert len(caught) == 1 and "fewer than two subjects have two or more ratings" in str(caught[0].message)


def test_the_report_says_why_values_are_missing():
    rep, _ = _caught(RATINGS.agree.raters(list(RATINGS.columns)).report, n_resamples=50)
    assert "pairwise KAPPA undefined (NaN): a–c, b–c, c–d rated fewer than two subjects in common." in rep.notes
    assert any(note.startswith("LIGHT is the mean of the Cohen's kappas of 3 of 6") for note in rep.notes)
    assert "0.000" not in [cell.strip() for line in str(rep).splitlines() if line.startswith("c ")
                           for cell in line.split()]


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_no_pairwise_value_without_two_subjects_in_common(data):
    n, m = data.draw(st.integers(2, 8)), data.draw(st.integers(2, 4))
    cells = data.draw(st.lists(st.one_of(st.integers(0, 2), st.none()), min_size=n * m, max_size=n * m))
    df = pd.DataFrame(np.array([NAN if c is None else c for c in cells], float).reshape(n, m),
                      columns=[f"r{g}" for g in range(m)])
    df.iloc[0, :2] = [0, 1]
    df.iloc[1, :2] = [1, 1]
    ra = df.agree.raters(list(df.columns))
    rated = df.notna().to_numpy().astype(int)
    in_common = rated.T @ rated
    for measure in ("KAPPA", "OSR"):
        out, caught = _caught(ra.pairwise, measure)
        values = out.to_numpy()
        assert np.isnan(values[in_common < 2]).all()
        assert bool(caught) == bool(np.isnan(values).any())
    by, caught = _caught(ra.by_category)
    assert bool(caught) == bool(by["kappa"].isna().any())
