"""Properties of every registered measure, generated from the registry (as scikit-learn's test_common.py).

Each test is parametrised over the registry, so a new entry is tested by being registered.
"""

import math

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

import pandas_agree as pa
from pandas_agree.measures.registry import KINDS, MEASURE_FIELDS, REGISTRY

from ._tables import quiet, square_tables

BINARY = [m for m in REGISTRY.values() if m.kind == "binary"]
BINARY_CODES = [m.code for m in BINARY]


def _values(table: pd.DataFrame, code: str) -> pd.Series:
    return quiet(pa.Agreement.from_table(table).binary, [code])[code]


# --- metadata ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("code", list(REGISTRY))
def test_entry_has_every_field(code):
    m = REGISTRY[code]
    assert set(MEASURE_FIELDS) == {
        "code", "name", "aliases", "kind", "formula", "compute", "range", "transposed", "reference",
        "averaging", "terms", "combine", "params", "best", "odds_ratio_family", "scale_invariant", "binomial",
        "interval", "interval_detail", "ratio_of", "gradient", "default", "kappa_like",
    }, "a Measure field was added: teach this test what it must hold"
    assert m.code == m.code.upper() and m.code.replace("_", "").isalnum()
    assert m.name and m.formula and m.reference and m.ci_method
    assert m.kind in KINDS and callable(m.compute)
    assert isinstance(m.aliases, tuple) and isinstance(m.terms, tuple) and isinstance(m.params, tuple)
    lo, hi = m.range
    assert lo < hi
    if m.best is not None:
        assert lo <= m.best <= hi
    if m.transposed is not None:
        assert m.transposed in REGISTRY and REGISTRY[m.transposed].transposed == m.code
    if m.kind == "binary":
        assert m.averaging in ("after", "before")
        assert (m.averaging == "before") == bool(m.terms) == (m.combine is not None)
        assert all(REGISTRY[t].kind == "binary" for t in m.terms)
    assert (m.binomial is not None) == m.interval.startswith("binomial") == bool(m.interval_detail)
    assert (m.interval == "log-ratio") == (m.ratio_of is not None)
    assert all(REGISTRY[t].interval == "binomial" for t in m.ratio_of or ())
    assert (m.interval == "gwet") == (m.gradient is not None)
    assert m.interval != "wald" or all(REGISTRY[t].interval == "binomial" for t in m.terms)
    assert "{" not in m.ci_method
    assert set(m.params) <= {"beta", "tversky", "kappa_weights"}
    assert m.default or m.params, "a measure left out of the default set must need a parameter"
    assert not m.kappa_like or m.kind == "multiclass"


def test_catalogue_lists_every_entry():
    cat = pa.measures()
    assert list(cat["code"]) == list(REGISTRY)
    assert list(pa.measures("binary")["code"]) == BINARY_CODES
    with pytest.raises(ValueError, match="kind must be one of"):
        pa.measures("ternary")


def test_catalogue_row():
    row = pa.measures().set_index("code").loc["F1"]
    assert row["averaging"] == "before: REC, PRE" and row["symmetric"] and row["range"] == "[0, 1]"
    assert "Dice" in row["aliases"]
    assert pa.measures().set_index("code").loc["DOR", "range"] == "[0, inf]"


def test_names_are_unique_across_the_registry():
    seen = {}
    for m in REGISTRY.values():
        for name in (m.code, m.name, *m.aliases):
            key = name.casefold().replace("_", " ").replace("-", " ")
            assert seen.setdefault(key, m.code) == m.code, name


# --- properties on random tables -------------------------------------------------------------------------

@pytest.mark.parametrize("code", BINARY_CODES)
@given(table=square_tables())
def test_values_inside_range(code, table):
    m = REGISTRY[code]
    values = _values(table, code).to_numpy()
    lo, hi = m.range
    finite = values[~np.isnan(values)]
    assert ((finite >= lo - 1e-12) & (finite <= hi + 1e-12)).all(), finite
    if not m.infinite:
        assert np.isfinite(finite).all()


@pytest.mark.parametrize("code", [c for c in BINARY_CODES if REGISTRY[c].transposed])
@given(table=square_tables())
def test_transposition(code, table):
    """Symmetric measures are unchanged by transposing; asymmetric ones become their counterpart."""
    m = REGISTRY[code]
    original = _values(table, code)
    transposed = _values(table.T, m.transposed)
    np.testing.assert_allclose(transposed.to_numpy(), original.to_numpy(), rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("code", BINARY_CODES)
@given(table=square_tables(), data=st.data())
def test_label_order_invariance(code, table, data):
    order = data.draw(st.permutations(list(table.index)))
    permuted = table.loc[order, order]
    original = _values(table, code)
    np.testing.assert_allclose(_values(permuted, code).loc[original.index].to_numpy(), original.to_numpy(),
                               rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("code", [c for c in BINARY_CODES if REGISTRY[c].scale_invariant])
@given(table=square_tables(), factor=st.sampled_from([0.25, 3.0, 7.5, 1000.0]))
def test_scaling_invariance(code, table, factor):
    np.testing.assert_allclose(_values(table * factor, code).to_numpy(), _values(table, code).to_numpy(),
                               rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("code", [c for c in BINARY_CODES if REGISTRY[c].best is not None])
@given(diagonal=st.lists(st.integers(1, 50), min_size=2, max_size=6))
def test_perfect_agreement_gives_best_value(code, diagonal):
    labels = [f"c{i}" for i in range(len(diagonal))]
    table = pd.DataFrame(np.diag(diagonal).astype(float), index=labels, columns=labels)
    values = pa.Agreement.from_table(table).binary([code])[code]
    assert (values == REGISTRY[code].best).all(), values


@pytest.mark.parametrize("code", [c for c in BINARY_CODES if REGISTRY[c].terms])
@given(table=square_tables())
def test_formula_of_the_terms_is_the_formula(code, table):
    """Applied to one class's own terms, the 'before' formula gives the class's value."""
    m = REGISTRY[code]
    b = quiet(pa.Agreement.from_table(table).binary, [code, *m.terms])
    with np.errstate(all="ignore"):
        from_terms = np.asarray(m.combine(*(b[t].to_numpy() for t in m.terms)), dtype=float)
    defined = ~np.isnan(from_terms) & ~np.isnan(b[code].to_numpy())
    np.testing.assert_allclose(from_terms[defined], b[code].to_numpy()[defined], rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("code", BINARY_CODES)
@given(table=square_tables())
def test_averages_inside_range(code, table):
    m = REGISTRY[code]
    av = quiet(pa.Agreement.from_table(table).averages, [code]).loc[code].to_numpy()
    lo, hi = m.range
    finite = av[~np.isnan(av)]
    assert ((finite >= lo - 1e-12) & (finite <= hi + 1e-12)).all()


@pytest.mark.parametrize("code", BINARY_CODES)
def test_one_class_of_two_by_two_equals_direct_formula(code):
    """The engine's one-vs-rest counts feed the formula: class 0 of [[a, b], [c, d]] has those letters."""
    m = REGISTRY[code]
    a, b, c, d = 13.0, 4.0, 7.0, 21.0
    expected = m.compute(a, b, c, d)
    got = pa.Agreement.from_table(np.array([[a, b], [c, d]])).binary([code]).loc[0, code]
    assert got == pytest.approx(float(expected), rel=1e-14)
    assert math.isfinite(got)
