"""PANDAS_AGREE_TEST_EXAMPLES (tests/conftest.py): each property test draws that share of its examples, at least
ten, so that CI's lowest-versions lane may run the properties with fewer examples than the newest versions' lane."""

from types import SimpleNamespace

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from .conftest import EXAMPLES, pytest_collection_modifyitems, scaled_settings


def _property(examples: int):
    """A property test of ``examples`` examples that records each one it is called with."""
    seen = []

    @settings(max_examples=examples, database=None, phases=[Phase.generate])
    @given(st.integers())
    def prop(x):
        seen.append(x)

    return prop, seen


def test_a_share_of_the_examples_at_least_ten():
    assert scaled_settings(settings(max_examples=90), 1 / 3).max_examples == 30
    assert scaled_settings(settings(max_examples=20), 1 / 3).max_examples == 10
    assert scaled_settings(settings(max_examples=5), 1 / 3).max_examples == 5  # never more than it had
    assert scaled_settings(settings(max_examples=90, deadline=None), 0.5).deadline is None  # the rest kept


@pytest.mark.parametrize(("share", "runs"), [("0.25", 25), ("1", 100)])
def test_the_collected_property_tests_draw_the_share(monkeypatch, share, runs):
    monkeypatch.setenv(EXAMPLES, share)
    prop, seen = _property(100)
    # a test parametrised twice is one function, collected as two items: scaled once
    pytest_collection_modifyitems([SimpleNamespace(obj=prop), SimpleNamespace(obj=prop),
                                   SimpleNamespace(obj=lambda: None)])
    prop()
    assert len(seen) == runs


@pytest.mark.parametrize("share", ["0", "1.5", "-1"])
def test_a_share_outside_0_to_1_is_refused(monkeypatch, share):
    monkeypatch.setenv(EXAMPLES, share)
    with pytest.raises(pytest.UsageError, match=EXAMPLES):
        pytest_collection_modifyitems([])
