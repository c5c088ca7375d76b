"""One evaluation of the class-specific records per table, shared by binary() and averages(), and the column-wise
layout of values with intervals: the same numbers and text as evaluating and formatting one at a time."""

from __future__ import annotations

import importlib

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pandas_agree as pa
from pandas_agree.inference.delta import class_partials
from pandas_agree.inference.estimands import ClassEvaluation
from pandas_agree.measures.binary import class_values, one_vs_rest, resolve_params
from pandas_agree.measures.registry import REGISTRY
from pandas_agree.report import display

binary_module = importlib.import_module("pandas_agree.measures.binary")
averaging_module = importlib.import_module("pandas_agree.measures.averaging")

# the table has a class never in the reference: its undefined values are part of what is compared
pytestmark = [pytest.mark.filterwarnings("ignore::pandas_agree.UndefinedMeasureWarning"),
              pytest.mark.filterwarnings("ignore::RuntimeWarning"), pytest.mark.filterwarnings("ignore::UserWarning")]


def _table(seed: int = 3, k: int = 6) -> np.ndarray:
    rng = np.random.default_rng(seed)
    table = rng.poisson(4.0, (k, k)).astype(float) + np.diag(rng.poisson(40.0, k))
    table[1, :] = 0.0  # a class never in the reference: undefined values, NaN partials
    return table


def test_class_partials_with_values_gives_the_values_and_the_same_partials():
    counts = one_vs_rest(_table(), np.arange(6), np.arange(6))
    records = [REGISTRY[code] for code in ("REC", "PRE", "F1", "CORR", "DOR")]

    def values(a, b, c, d):
        return np.stack([class_values(m, (a, b, c, d), resolve_params()) for m in records], axis=-1)

    found, partials = class_partials(values, counts, separable=True, with_values=True)
    np.testing.assert_array_equal(found, values(*counts))
    np.testing.assert_array_equal(partials, class_partials(values, counts, separable=True))


def test_class_partials_with_values_needs_a_separable_function():
    counts = one_vs_rest(_table(), np.arange(6), np.arange(6))
    with pytest.raises(ValueError, match="separable"):
        class_partials(lambda a, b, c, d: a / (a + b), counts, separable=False, with_values=True)


def test_the_shared_partials_are_those_of_each_record_on_its_own():
    table = _table()
    shared = ClassEvaluation(table, np.arange(6), np.arange(6), resolve_params())
    records = [REGISTRY[code] for code in ("REC", "F1", "SPE", "LRP")]
    together = shared.partials(records, np.nan)  # (4, K + 1, records): the classes and the pooled counts
    joined = tuple(np.append(x, x.sum()) for x in one_vs_rest(table, np.arange(6), np.arange(6)))
    for i, m in enumerate(records):
        alone = class_partials(lambda a, b, c, d, m=m: class_values(m, (a, b, c, d), resolve_params()), joined,
                               separable=True)
        np.testing.assert_array_equal(together[..., i], alone)
        np.testing.assert_array_equal(shared.of(m), class_values(m, joined, resolve_params())[:-1])
    # asked again, in another order and with another record: the same numbers, the new record evaluated once more
    again = shared.partials([REGISTRY["LRP"], REGISTRY["REC"], REGISTRY["NPV"]], np.nan)
    np.testing.assert_array_equal(again[..., :2], together[..., [3, 0]])


def test_binary_and_averages_evaluate_each_formula_once(monkeypatch):
    """binary() with intervals and averages() of the same table evaluate each record's formula once: its class
    values and their partials in one evaluation, shared by the class-specific intervals and the averages'."""
    rng = np.random.default_rng(5)  # large counts in every class: no small-sample rule evaluates a blurred table
    ag = pa.Agreement.from_table(rng.poisson(300.0, (6, 6)) + np.diag(rng.poisson(3000.0, 6)))
    calls: dict[str, int] = {}
    formulas = {REGISTRY[code].compute: code for code in ("REC", "F1", "CORR")}
    original = binary_module.apply_formula

    def counted(fn, measure, args, params):
        if fn in formulas:
            calls[formulas[fn]] = calls.get(formulas[fn], 0) + 1
        return original(fn, measure, args, params)

    for module in (binary_module, averaging_module):  # every module that evaluates formulas
        monkeypatch.setattr(module, "apply_formula", counted)
    ag.binary(ci="auto")
    ag.averages(ci="auto")
    assert calls == {"REC": 1, "F1": 1, "CORR": 1}


def test_the_shared_evaluation_leaves_every_value_and_interval_as_it_was():
    """binary() and averages() of one Agreement (sharing the evaluation) against fresh Agreements of the same table
    (each call alone), to the last digit."""
    table = _table()
    shared = pa.Agreement.from_table(table)
    for ci in ("auto", "linearized"):
        for zero_division in (np.nan, 0.0):
            b = shared.binary(ci=ci, zero_division=zero_division)
            a = shared.averages(ci=ci, zero_division=zero_division)
            alone_b = pa.Agreement.from_table(table).binary(ci=ci, zero_division=zero_division)
            alone_a = pa.Agreement.from_table(table).averages(ci=ci, zero_division=zero_division)
            np.testing.assert_array_equal(b.to_numpy(), alone_b.to_numpy())
            np.testing.assert_array_equal(a.to_numpy(), alone_a.to_numpy())


finite = st.floats(-2e3, 2e3, allow_nan=False, allow_infinity=False)
edge = st.one_of(finite, st.just(np.nan), st.just(np.inf), st.just(-np.inf))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(edge, finite, finite, st.integers(0, 3)), min_size=1, max_size=12))
def test_with_intervals_is_with_interval_cell_by_cell(cells):
    """The column-wise layout gives each cell's text, number and format as :func:`display.with_interval` does,
    also where an end is within a unit of the last decimal of its value (the ends then take more decimals)."""
    values, lowers, uppers = [], [], []
    for value, low, high, near in cells:
        if near and np.isfinite(value):  # ends that read as the value at three decimals
            low, high = value - 10.0 ** -(3 + near), value + 10.0 ** -(3 + near) * 0.5
        values.append(value)
        lowers.append(min(low, high))
        uppers.append(max(low, high))
    found = display.with_intervals(np.array(values), np.array(lowers), np.array(uppers))
    expected = [display.with_interval(v, lo, hi) for v, lo, hi in zip(values, lowers, uppers, strict=True)]
    assert [str(x) for x in found] == [str(x) for x in expected]
    for x, y in zip(found, expected, strict=True):
        assert type(x) is type(y)
        if isinstance(y, display.Shown):
            assert (x.number, x.excel_format, x.interval) == (y.number, y.excel_format, y.interval) or (
                np.isnan(x.number) and np.isnan(y.number))


def test_formulas_in_one_shared_block_give_each_formula_s_own_values():
    # every binary record evaluated in one block that shares its proportions (class_matrix) against each evaluated
    # on its own, bit for bit: counts with zeros (0/0, x/0), fractional counts and a Haldane correction
    rng = np.random.default_rng(11)
    a, b, c, d = (np.round(rng.gamma(0.6, 4.0, (3, 40)), 1) for _ in range(4))
    a[0, :5], b[0, 3:8], c[1, 6:12], d[2, :4] = 0.0, 0.0, 0.0, 0.0
    records = [m for m in REGISTRY.values() if m.kind == "binary"]
    params = resolve_params(beta=2.0, tversky=(0.5, 2.0))
    for correction in (None, 0.5):
        together = averaging_module.class_matrix(records, params, correction, np.nan)(a, b, c, d)
        for i, m in enumerate(records):
            alone = class_values(m, (a, b, c, d), params, correction)
            np.testing.assert_array_equal(together[..., i], alone, err_msg=m.code)
    # the shared values are those of the counts given: other arrays of the same values, other counts
    with binary_module.shared_terms():
        first = REGISTRY["YOUD"].compute(a, b, c, d)
        other = REGISTRY["YOUD"].compute(b, a, d, c)
    np.testing.assert_array_equal(other, class_values(REGISTRY["YOUD"], (b, a, d, c), params))
    assert not np.array_equal(first, other, equal_nan=True)
