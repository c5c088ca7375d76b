"""Properties of every registry record, generated from the registry (as scikit-learn's test_common.py).

Each property is one test parametrised over the records that declare it, and each declaration is checked in both
directions: a record that declares itself symmetric (or scale-invariant, or nominal) must be unchanged by
transposing (scaling, relabelling) random data, and one that declares otherwise must really change on some
data. The rater coefficients are records too, computed from subjects × raters ratings.
"""

import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pandas_agree as pa
from pandas_agree.engine.tableview import TableView
from pandas_agree.measures.interval_methods import (
    Binomial,
    Bootstrap,
    DeLong,
    FleissCohenEveritt,
    Linearised,
    LogRatio,
    LogScale,
    MappedBinomial,
    MarginDifferences,
    NoncentralChiSquare,
    Wald,
    Woolf,
)
from pandas_agree.measures.raters import Scale, subject_features
from pandas_agree.measures.registry import KINDS, RATERS, REGISTRY, Setting, records, resolve
from pandas_agree.report.agreement import PARADOX

from ._tables import quiet, square_tables

ALL = records()
# about 70 records share the example budget of the loaded profile: a third of it each keeps the module quick
FEW = settings(max_examples=max(10, settings.default.max_examples // 3))
PARAMS = {"beta": 2.0, "tversky": (1.0, 2.0)}  # parameters that make FBETA and TVERSKY asymmetric


def _params(*records) -> dict:
    """The parameters of PARAMS that the records use (a parameter no measure asked for uses is an error)."""
    return {p: PARAMS[p] for m in records for p in m.params if p in PARAMS}


def _ids(ms):
    return [f"{m.kind}-{m.code}" for m in ms]


def _where(predicate):
    chosen = [m for m in ALL if predicate(m)]
    return pytest.mark.parametrize("m", chosen, ids=_ids(chosen))


# --- evaluation of any record --------------------------------------------------------------------------------

def _table_values(m, table, **options) -> np.ndarray:
    """The values of a binary (one per class) or multiclass record on a table."""
    ag = pa.Agreement.from_table(table)
    if m.kind == "binary":
        return quiet(ag.binary, [m.code], **_params(m))[m.code].to_numpy(dtype=float)
    return np.atleast_1d(quiet(ag.multiclass, [m.code], **options).loc[m.code, "value"]).astype(float)


def _rater_value(m, ratings: pd.DataFrame, weights=None, **options) -> float:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ra = pa.RaterAgreement(ratings, weights=weights)
        return float(ra.summary([m.code], **options).loc[m.code, "value"])


def _close(x, y) -> bool:
    return np.allclose(x, y, rtol=1e-9, atol=1e-12, equal_nan=True)


@st.composite
def ratings(draw, min_raters=2, max_raters=5, categories=4):
    """A subjects × raters matrix of integer ratings (some missing) where at least one subject has two."""
    n, m = draw(st.integers(3, 12)), draw(st.integers(min_raters, max_raters))
    cells = draw(st.lists(st.one_of(st.integers(0, categories - 1), st.none()), min_size=n * m, max_size=n * m))
    values = np.array([np.nan if c is None else c for c in cells], dtype=float).reshape(n, m)
    values[0, :2] = [0, 1]  # subject 0 has two ratings, so agreement is defined somewhere
    return pd.DataFrame(values, columns=[f"r{g}" for g in range(m)])


def _fixed_tables(count=40, seed=20240601):
    """Deterministic random tables in which to look for a table where a declared property fails."""
    rng = np.random.default_rng(seed)
    out = []
    for i in range(count):
        k = 2 + i % 4
        table = rng.integers(0, 30, (k, k)).astype(float) + np.diag(rng.integers(0, 20, k))
        labels = [f"c{j}" for j in range(k)]
        out.append(pd.DataFrame(table, index=labels, columns=labels))
    return out


def _fixed_ratings(count=30, seed=7):
    rng = np.random.default_rng(seed)
    out = []
    for i in range(count):
        n, m, q = 8 + i % 5, 2 + i % 4, 3
        truth = rng.integers(0, q, n)
        values = np.where(rng.random((n, m)) < 0.6, truth[:, None], rng.integers(0, q, (n, m))).astype(float)
        values[rng.random((n, m)) < 0.1] = np.nan
        values[0, :2] = [0, 1]
        out.append(pd.DataFrame(values, columns=[f"r{g}" for g in range(m)]))
    return out


TABLES = _fixed_tables()
RATINGS = _fixed_ratings()


# --- declarations: well formed and consistent ----------------------------------------------------------------

@_where(lambda m: True)
def test_record_is_well_formed(m):
    assert m.code == m.code.upper() and m.code.replace("_", "").isalnum()
    assert m.kind in KINDS and callable(m.compute)
    assert m.name and m.formula and m.reference and m.ci_method and "{" not in m.ci_method
    assert isinstance(m.aliases, tuple) and isinstance(m.terms, tuple) and isinstance(m.params, tuple)
    lo, hi = m.range
    assert lo < hi and (m.best is None or lo <= m.best <= hi)
    assert set(m.params) <= {"beta", "tversky", "kappa_weights", "level", "max_fpr"}
    # a measure left out of the default set needs a parameter, or is shown in the reports' Kappa Paradox table
    assert m.default or m.params or (m.kind == "multiclass" and m.code in PARADOX), \
        "a measure left out of the default set must need a parameter"
    assert (m.combine is not None) == bool(m.terms) == (m.averaging == "before")
    assert (m.averaging is None) == (m.kind != "binary")
    assert not m.kappa_like or m.kind in ("multiclass", "rater")
    assert not m.features or m.kind == "rater"


@_where(lambda m: m.transposed is not None and m.kind != "rater")
def test_transposed_counterpart_is_a_record_of_the_same_kind(m):
    other = REGISTRY[m.transposed]
    assert other.kind == m.kind and other.transposed == m.code


@_where(lambda m: isinstance(m.interval, (Wald, LogRatio)))
def test_interval_terms_are_binomial_proportions(m):
    terms = m.interval.terms if isinstance(m.interval, Wald) else (m.interval.numerator, m.interval.denominator)
    assert all(type(REGISTRY[t].interval) is Binomial for t in terms)


@_where(lambda m: m.kind == "binary" and isinstance(m.interval, (Binomial, MappedBinomial)))
def test_binomial_interval_is_of_the_measure_itself(m):
    """The proportion the interval is taken on is the measure (or, mapped, (measure + 1)/2)."""
    counts = tuple(np.array([13.0, 4.0, 7.0, 21.0]))
    p = m.interval.successes(*counts) / m.interval.trials(*counts)
    value = float(m.compute(*counts))
    assert value == pytest.approx(2 * p - 1 if isinstance(m.interval, MappedBinomial) else p, rel=1e-14)


@_where(lambda m: isinstance(m.interval, Wald))
def test_wald_slope_is_the_slope_of_the_formula_in_its_terms(m):
    rng = np.random.default_rng(0)
    for _ in range(20):
        x = rng.random(len(m.terms))
        for i in range(len(m.terms)):
            moved = x.copy()
            moved[i] += 0.125
            step = float(m.combine(*moved)) - float(m.combine(*x))
            assert step == pytest.approx(m.interval.slope * 0.125, rel=1e-12)


@_where(lambda m: m.kind == "multiclass" and isinstance(m.interval, Linearised))
@given(table=square_tables(low=1))
def test_linearised_gradient_gives_the_value_of_a_table(m, table):
    k = len(table)  # every cell positive: K = q labels, all matching
    view = TableView(table.to_numpy(), np.arange(k), np.arange(k), np.arange(k), np.arange(k), k)
    pa_, pe, d_pa, d_pe = m.interval.gradient(view)
    assert np.shape(d_pa) == np.shape(d_pe) or np.ndim(d_pe) == 0
    assert (pa_ - pe) / (1 - pe) == pytest.approx(_table_values(m, table)[0], rel=1e-9, abs=1e-12)


@_where(lambda m: m.kind == "rater" and isinstance(m.interval, Linearised))
@given(data=ratings())
def test_linearised_gradient_gives_the_value_of_ratings(m, data):
    ra = pa.RaterAgreement(data)
    codes = np.column_stack([ra.categories.get_indexer(data[c]) for c in data.columns])
    keep = (codes >= 0).sum(axis=1) >= 1  # a subject rated once counts in the shares (Gwet 2014)
    counts = np.stack([(codes[keep] == k).sum(axis=1) for k in range(len(ra.categories))], axis=1).astype(float)
    scale = Scale(ra.categories, np.eye(len(ra.categories)))
    features = subject_features(codes[keep], counts, scale.weights, [m])
    sums = {k: v.sum(axis=0) for k, v in features.items()}
    pa_, pe, d_pa, _ = m.interval.gradient(features, sums, scale)
    assert len(d_pa) == keep.sum()
    with np.errstate(all="ignore"):
        value = (pa_ - pe) / (1 - pe) if pe != 1 else np.nan
    assert _close(value, _rater_value(m, data))


# --- the analyses use the declared interval method ----------------------------------------------------------

@_where(lambda m: m.kind == "multiclass")
@pytest.mark.parametrize("scale", [1, 2])
def test_declared_interval_is_the_one_used_for_a_table(m, scale):
    table = scale * np.array([[40.0, 8, 2], [6, 50, 9], [3, 7, 45]])  # 170 objects, or 340
    method = quiet(pa.Agreement.from_table(table).multiclass, [m.code], ci="auto", n_resamples=20,
                   random_state=0).loc[m.code, "method"]
    expected = {FleissCohenEveritt: "Fleiss–Cohen–Everitt", Linearised: "Gwet linearised", Binomial: "wilson",
                MappedBinomial: "mapped", Bootstrap: "linearised (", NoncentralChiSquare: "noncentral χ² inversion",
                MarginDifferences: "linearised (identity scale)"}[type(m.interval)]  # no resampling
    assert expected in method
    # below 200 objects the chance-corrected coefficients (on three classes) take the BCa bootstrap's interval
    small = table.sum() < 200 and isinstance(m.interval, (Linearised, FleissCohenEveritt))
    assert method.endswith("bca (B = 20, random_state = 0) interval") == small, method


@_where(lambda m: m.kind == "rater")
@pytest.mark.parametrize("copies", [1, 10])
def test_declared_interval_is_the_one_used_for_raters(m, copies):
    """20 subjects: a linearised coefficient keeps its SE with the BCa bootstrap's interval; 200: its own."""
    frame = pd.concat([pa.datasets.load("anxiety")] * copies, ignore_index=True)
    method = frame.agree.raters(["rater1", "rater2", "rater3"]).summary(
        [m.code], ci="auto", n_resamples=20, random_state=0).loc[m.code, "method"]
    own = "linearised (" if isinstance(m.interval, Bootstrap) else "Gwet linearised"  # the delta method, else Gwet's
    if copies == 1:
        assert method.startswith(own), method
        assert method.endswith(" SE, bootstrap over subjects, bca (B = 20, random_state = 0) interval"), method
    else:
        assert method.startswith(own) and "bootstrap" not in method, method


# --- range, best value ----------------------------------------------------------------------------------------

def _inside(values, m) -> bool:
    lo, hi = m.range
    finite = np.asarray(values, dtype=float)
    finite = finite[~np.isnan(finite)]
    inside = ((finite >= lo - 1e-12) & (finite <= hi + 1e-12)).all()
    return bool(inside and (m.infinite or np.isfinite(finite).all()))


@_where(lambda m: m.kind not in ("rater", "score"))  # the records of scores: tests/test_score_properties.py
@FEW
@given(table=square_tables())
def test_values_inside_declared_range(m, table):
    assert _inside(_table_values(m, table), m)


@_where(lambda m: m.kind == "binary")
@FEW
@given(table=square_tables())
def test_averages_inside_declared_range(m, table):
    av = quiet(pa.Agreement.from_table(table).averages, [m.code], **_params(m)).loc[m.code].to_numpy()
    assert _inside(av, m)


@_where(lambda m: m.kind == "rater")
@given(data=ratings())
def test_rater_values_inside_declared_range(m, data):
    # the declared range is that of the unweighted coefficient: with agreement weights, CONGER and AC2 can
    # fall below −1 (Pe_w near 1 with Pa_w near 0)
    assert _inside([_rater_value(m, data)], m)


@_where(lambda m: m.best is not None and m.kind not in ("rater", "score"))
@FEW
@given(diagonal=st.lists(st.integers(1, 50), min_size=2, max_size=6))
def test_perfect_agreement_gives_best_value(m, diagonal):
    labels = [f"c{i}" for i in range(len(diagonal))]
    table = pd.DataFrame(np.diag(diagonal).astype(float), index=labels, columns=labels)
    np.testing.assert_allclose(_table_values(m, table), m.best, atol=1e-12)


@_where(lambda m: m.best is not None and m.kind != "score")
def test_best_value_is_not_reached_without_perfect_agreement(m):
    if m.kind == "rater":
        assert any(not _close(_rater_value(m, r), m.best) for r in RATINGS)
    else:
        assert any(not _close(_table_values(m, t), m.best) for t in TABLES)


@_where(lambda m: m.kind == "rater")
@given(data=ratings(min_raters=2, max_raters=4))
def test_raters_who_always_agree_give_best_value(m, data):
    column = data.iloc[:, 0].fillna(0).to_numpy().copy()
    column[:2] = [0, 1]  # two categories, so chance agreement is below 1
    perfect = pd.DataFrame({c: column for c in data.columns})
    assert _rater_value(m, perfect) == pytest.approx(m.best, abs=1e-12)


# --- symmetry: transposing the table, permuting the raters ---------------------------------------------------

@_where(lambda m: m.kind != "rater" and m.transposed is not None)
@FEW
@given(table=square_tables())
def test_transposing_gives_the_declared_counterpart(m, table):
    """A symmetric record is unchanged by transposing; an asymmetric one becomes its counterpart."""
    assert _close(_table_values(REGISTRY[m.transposed], table.T), _table_values(m, table))


@_where(lambda m: m.kind not in ("rater", "score") and not m.symmetric)
def test_a_record_declared_asymmetric_changes_on_some_transposed_table(m):
    assert any(not _close(_table_values(m, t.T), _table_values(m, t)) for t in TABLES)


@_where(lambda m: m.kind == "rater" and m.symmetric)
@given(data=ratings(), seed=st.integers(0, 2**16))
def test_permuting_the_raters_leaves_the_coefficient_unchanged(m, data, seed):
    order = list(np.random.default_rng(seed).permutation(data.columns))
    assert _close(_rater_value(m, data[order]), _rater_value(m, data))


# --- label order: nominal measures do not see it -------------------------------------------------------------

@_where(lambda m: m.kind == "binary")
@FEW
@given(table=square_tables(), data=st.data())
def test_relabelling_permutes_the_class_values(m, table, data):
    order = data.draw(st.permutations(list(table.index)))
    original = quiet(pa.Agreement.from_table(table).binary, [m.code], **_params(m))[m.code]
    permuted = quiet(pa.Agreement.from_table(table.loc[order, order]).binary, [m.code], **_params(m))[m.code]
    assert _close(permuted.loc[original.index].to_numpy(), original.to_numpy())


@_where(lambda m: m.kind == "multiclass" and not m.reads_first_label)
@FEW
@given(table=square_tables(), data=st.data())
def test_relabelling_leaves_a_multiclass_value_unchanged_with_identity_weights(m, table, data):
    order = data.draw(st.permutations(list(table.index)))
    options = {"kappa_weights": np.eye(len(table))} if "kappa_weights" in m.params else {}
    assert _close(_table_values(m, table.loc[order, order], **options), _table_values(m, table, **options))


@_where(lambda m: m.kind == "multiclass" and m.reads_first_label)
@FEW
@given(table=square_tables(max_k=2))
def test_swapping_the_two_labels_changes_the_sign_of_an_index(m, table):
    """The prevalence and bias indices read which label comes first: swapping the two labels negates them."""
    swapped = table.iloc[::-1, ::-1]
    assert _close(_table_values(m, swapped), -_table_values(m, table))


@_where(lambda m: m.kind in ("multiclass", "rater") and "kappa_weights" in m.params)
def test_ordinal_weights_make_the_order_of_the_labels_matter(m):
    """With linear weights a weighted record is ordinal: reversing the middle of the label order changes it."""
    if m.kind == "rater":
        def value(r, order):
            codes = r.to_numpy()
            relabelled = np.where(np.isnan(codes), np.nan, np.take(order, np.nan_to_num(codes).astype(int)))
            return _rater_value(m, pd.DataFrame(relabelled, columns=r.columns), kappa_weights="linear")
        assert any(not _close(value(r, [0, 2, 1]), value(r, [0, 1, 2])) for r in RATINGS)
    else:
        def value(t):
            return _table_values(m, t, kappa_weights="linear")
        swapped = [t.iloc[[1, 0, *range(2, len(t))], [1, 0, *range(2, len(t))]] for t in TABLES if len(t) >= 3]
        assert any(not _close(value(s), value(t)) for s, t in zip(swapped, [t for t in TABLES if len(t) >= 3],
                                                                    strict=True))


@_where(lambda m: m.kind == "rater")
@given(data=ratings(), data2=st.data())
def test_relabelling_the_categories_leaves_a_rater_coefficient_unchanged(m, data, data2):
    names = data2.draw(st.permutations(["d", "a", "c", "b"]))
    relabelled = data.replace(dict(enumerate(names)))
    assert _close(_rater_value(m, relabelled), _rater_value(m, data))


# --- scale invariance -------------------------------------------------------------------------------------------

@_where(lambda m: m.kind not in ("rater", "score") and m.scale_invariant)
@FEW
@given(table=square_tables(), factor=st.sampled_from([0.25, 3.0, 7.5, 1000.0]))
def test_scaling_the_counts_leaves_a_scale_invariant_record_unchanged(m, table, factor):
    assert _close(_table_values(m, table * factor), _table_values(m, table))


@_where(lambda m: m.kind == "rater" and m.scale_invariant)
@given(data=ratings(), factor=st.sampled_from([0.5, 3.0, 7.5]))
def test_scaling_the_subject_weights_leaves_a_scale_invariant_coefficient_unchanged(m, data, factor):
    w = np.arange(1, len(data) + 1, dtype=float)
    assert _close(_rater_value(m, data, weights=w * factor), _rater_value(m, data, weights=w))


@_where(lambda m: not m.scale_invariant)
def test_a_record_declared_scale_dependent_changes_under_scaling(m):
    if m.kind == "rater":
        assert any(not _close(_rater_value(m, r, weights=np.full(len(r), 3.0)), _rater_value(m, r)) for r in RATINGS)
    else:
        assert any(not _close(_table_values(m, t * 3.0), _table_values(m, t)) for t in TABLES)


# --- averaging, notes and names ---------------------------------------------------------------------------------

@_where(lambda m: bool(m.terms))
@given(table=square_tables())
def test_formula_of_the_terms_is_the_formula(m, table):
    """Applied to one class's own terms, the 'before' formula gives the class's value."""
    b = quiet(pa.Agreement.from_table(table).binary, [m.code, *m.terms], **_params(m))
    params = {p: PARAMS[p] for p in m.params}
    with np.errstate(all="ignore"):
        from_terms = np.asarray(m.combine(*(b[t].to_numpy() for t in m.terms), **params), dtype=float)
    defined = ~np.isnan(from_terms) & ~np.isnan(b[m.code].to_numpy())
    np.testing.assert_allclose(from_terms[defined], b[m.code].to_numpy()[defined], rtol=1e-10, atol=1e-12)


@_where(lambda m: m.kind == "binary")
def test_one_class_of_two_by_two_equals_direct_formula(m):
    """The engine's one-vs-rest counts feed the formula: class 0 of [[a, b], [c, d]] has those letters."""
    a, b, c, d = 13.0, 4.0, 7.0, 21.0
    expected = float(m.compute(a, b, c, d, **{p: PARAMS[p] for p in m.params}))
    got = pa.Agreement.from_table(np.array([[a, b], [c, d]])).binary([m.code], **_params(m)).loc[0, m.code]
    assert got == pytest.approx(expected, rel=1e-14) and np.isfinite(got)


@_where(lambda m: any(n.undefined for n in m.notes))
def test_a_note_that_makes_a_record_undefined_holds_exactly_when_it_applies(m):
    differ = pd.DataFrame([[10.0, 2, 1], [3, 12, 4]], index=["a", "b"], columns=["a", "b", "c"])
    same = pd.DataFrame([[10.0, 2], [3, 12]], index=["a", "b"], columns=["a", "b"])
    for table, applies in ((differ, True), (same, False)):
        setting = Setting(same_labels=not applies, shape=table.shape, labels=3 if applies else 2)
        notes = [n for n in m.notes if n.undefined and n.when(setting)]
        result = quiet(pa.Agreement.from_table(table).multiclass, [m.code])
        assert bool(notes) == applies
        assert np.isnan(result.loc[m.code, "value"]) == applies
        assert any(m.code in text for text in result.attrs["notes"]) == applies


@_where(lambda m: True)
def test_every_name_of_a_record_resolves_to_it(m):
    for name in (m.code, m.name, *m.aliases):
        for spelling in (name, name.upper(), name.lower()):
            assert resolve([spelling], m.kind, default=bool) == [m]


def test_mixed_lists_resolve_each_name_in_its_kind():
    chosen = resolve(["recall", "Cohen's kappa", "F1", "ac1"], ("binary", "multiclass"), default=bool)
    assert [(x.kind, x.code) for x in chosen] == [("binary", "REC"), ("multiclass", "KAPPA"), ("binary", "F1"),
                                                  ("multiclass", "AC1")]
    assert resolve(["ac1"], "rater", default=bool) == [RATERS["AC1"]]
    with pytest.raises(ValueError, match="KAPPA is a multiclass measure, not a rater one"):
        resolve(["kappa"], "rater", default=bool)
    with pytest.raises(ValueError, match="FLEISS is a rater measure, not a binary or multiclass one"):
        resolve(["Fleiss' kappa"], ("binary", "multiclass"), default=bool)
    with pytest.raises(ValueError, match=r"unknown measure 'precison'.*PRE"):
        resolve(["precison"], ("binary", "multiclass"), default=bool)


def test_catalogue_rows():
    cat = pa.measures().set_index(["kind", "code"])
    row = cat.loc[("binary", "F1")]
    assert row["averaging"] == "before: REC, PRE" and row["symmetric"] and row["range"] == "[0, 1]"
    assert "Dice" in row["aliases"] and cat.loc[("binary", "DOR"), "range"] == "[0, inf)"
    assert cat.loc[("rater", "FLEISS"), "ci_method"] == "Gwet (2014) linearised variance"
    assert cat.loc[("rater", "ALPHA"), "ci_method"] == "Gwet (2014) linearised variance"
    assert cat.loc[("rater", "LIGHT"), "ci_method"] == "linearised (delta method)"
    assert cat.loc[("multiclass", "KAPPA"), "ci_method"] == "Fleiss, Cohen & Everitt (1969), SE under H1"
    assert cat.loc[("binary", "YOUD"), "ci_method"] == "Wald, with the sum of the binomial variances of REC and SPE"
    assert list(pa.measures("rater")["code"]) == ["FLEISS", "CONGER", "AC1", "ALPHA", "LIGHT", "BPK", "PO"]
    with pytest.raises(ValueError, match="kind must be one of"):
        pa.measures("ternary")


def test_interval_tags_are_distinct_methods():
    seen = {type(m.interval) for m in ALL}
    assert seen == {Binomial, MappedBinomial, Wald, Woolf, LogRatio, FleissCohenEveritt, Linearised, Bootstrap,
                    NoncentralChiSquare, LogScale, MarginDifferences, DeLong}
