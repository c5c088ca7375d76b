"""McNemar's and Cochran's tests of each class, one against the rest ("is it this class or not"), are read off the
cells where a prediction is wrong about the class (a cell is wrong about at most two classes), for all classes at
once: O(non-empty cells), where a table of each class took O(classes × cells) (219 s for the report of 3,000
classes). Each equals the test of the objects' right-or-wrong columns, computed here from the rows; and a prediction
that never gives a class is wrong about each object of that class (it was taken as right about every object)."""

import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from statsmodels.stats.contingency_tables import cochrans_q, mcnemar

import pandas_agree  # noqa: F401  (the .agree accessor)


def test_a_prediction_that_never_gives_a_class_is_wrong_about_its_objects():
    df = pd.DataFrame({"y": list("aabbcc") * 5, "p0": list("aabbcc") * 5, "p1": list("aabbaa") * 5})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        tests = df.agree.compare("y", ["p0", "p1"]).tests()
    # p0 is right about "c" on all 30 objects, p1 wrong on the 10 objects of class c: 10 discordant, all one way
    # R: binom.test(10, 10)$p.value = 0.001953125; pchisq(10, 1, lower.tail = FALSE) = 0.001565402258002549
    assert tests.loc[("MCNEMAR", "p0 vs p1", "c"), "pvalue"] == pytest.approx(0.001953125, rel=1e-12)
    assert tests.loc[("COCHRAN_Q", "all", "c"), "statistic"] == pytest.approx(10.0, rel=1e-12)
    assert tests.loc[("COCHRAN_Q", "all", "c"), "pvalue"] == pytest.approx(0.001565402258002549, rel=1e-9)


def test_the_classes_tested_do_not_depend_on_the_order_of_the_predictions():
    # p0 never gives "c": listed first, its classes alone were tested and "c" was left out
    df = pd.DataFrame({"y": list("aabbcc") * 5, "p0": list("aabbaa") * 5, "p1": list("aabbcc") * 5})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        first = df.agree.compare("y", ["p0", "p1"]).tests()
        second = df.agree.compare("y", ["p1", "p0"]).tests()
    assert list(first.index.get_level_values("class").unique()) == ["(all)", "a", "b", "c"]
    assert list(second.index.get_level_values("class").unique()) == ["(all)", "a", "b", "c"]
    # p1 right about "c" on all 30 objects, p0 wrong on the 10 objects of class c
    # R: binom.test(10, 10)$p.value = 0.001953125; pchisq(10, 1, lower.tail = FALSE) = 0.001565402258002549
    assert first.loc[("MCNEMAR", "p0 vs p1", "c"), "pvalue"] == pytest.approx(0.001953125, rel=1e-12)
    assert first.loc[("COCHRAN_Q", "all", "c"), "pvalue"] == pytest.approx(0.001565402258002549, rel=1e-9)
    assert second.loc[("MCNEMAR", "p1 vs p0", "c"), "pvalue"] == pytest.approx(0.001953125, rel=1e-12)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), k=st.integers(2, 6), n=st.integers(30, 300), predictions=st.integers(2, 4))
def test_each_class_equals_the_tests_of_its_right_or_wrong_columns(seed, k, n, predictions):
    rng = np.random.default_rng(seed)
    truth = rng.integers(0, k, n)
    frame = pd.DataFrame({"truth": truth})
    names = [f"p{p}" for p in range(predictions)]
    for name in names:  # a prediction may lack a class of the reference, or give one it lacks
        labels = max(k + int(rng.integers(-2, 2)), 1)
        frame[name] = np.where(rng.random(n) < rng.uniform(0.2, 0.95), truth, rng.integers(0, labels, n))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        comparison = frame.agree.compare("truth", names)
        tests = comparison.tests()
    given = [cls for cls in sorted(set(truth)) if any((frame[name] == cls).any() for name in names)]
    assert list(tests.index.get_level_values("class").unique()) == ["(all)", *given]
    for cls in given:
        right = np.column_stack([(frame["truth"] == cls) == (frame[name] == cls) for name in names]).astype(int)
        for a in range(predictions):
            for b in range(a + 1, predictions):
                only_a = int((right[:, a] & ~right[:, b].astype(bool)).sum())
                only_b = int((~right[:, a].astype(bool) & right[:, b]).sum())
                row = tests.loc[("MCNEMAR", f"{names[a]} vs {names[b]}", cls)]
                if only_a + only_b == 0:
                    assert row["pvalue"] == 1.0
                    continue
                exact = only_a + only_b < 25
                # as R's mcnemar.test: with b = c no continuity correction, statistic 0 and p = 1
                expected = 1.0 if not exact and only_a == only_b else \
                    mcnemar([[0, only_a], [only_b, 0]], exact=exact, correction=True).pvalue
                assert row["pvalue"] == pytest.approx(expected, rel=1e-9, abs=1e-15)
        row = tests.loc[("COCHRAN_Q", "all", cls)]
        if np.isnan(row["statistic"]):
            assert (right.sum(axis=1) % predictions == 0).all()  # every object right for all or for none
        else:
            assert row["statistic"] == pytest.approx(cochrans_q(right).statistic, rel=1e-9)
