"""A paired difference's linearised variance comes from each prediction's gradient over its own table
(``Agreement.summary_gradients``), evaluated at the joint table's non-empty cells: O(non-empty cells), where moving
every cell of the joint table took an evaluation of every prediction's table per cell (12.6 s for two predictions
of 100 classes and 10⁵ rows, 22,000 non-empty cells). It equals the generic delta method (every non-empty cell of
the joint table moved up and down, by finite differences) for every record with a declared gradient, under each
resampling model and under a sample design; and the difference of two overall success rates has the McNemar-type SE
of paired proportions, √(b + c − (b − c)²/N)/N (Agresti 2013, §10.1.1)."""

import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import pandas_agree  # noqa: F401  (the .agree accessor)
from pandas_agree.analyses.comparison import PairedDifferences, _resolve
from pandas_agree.inference.estimates import interval_options
from pandas_agree.measures.registry import REGISTRY

CODES = [code for code, m in REGISTRY.items() if m.kind in ("multiclass", "binary", "association")]
# a maximum (lambda) or an absolute value (OPRE) has a kink: where classes tie, the declared gradient takes one side
# and the moved cells the mean of both sides; the two agree away from ties
KINKED = {"LAMBDA", "LAMBDA_R", "LAMBDA_C", "OPRE"}


def _frame(seed: int, k: int, n: int, predictions: int) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    truth = rng.integers(0, k, n)
    out = {"truth": truth}
    for p in range(predictions):
        labels = max(k + int(rng.integers(-1, 2)), 1)  # a prediction may miss a class or add one
        out[f"p{p}"] = np.where(rng.random(n) < rng.uniform(0.3, 0.9), truth, rng.integers(0, labels, n))
    return pd.DataFrame(out)


def _agree(structured: dict, moved: dict, codes, rtol: float) -> None:
    # a variance of 0 (a value that no cell moves, as KAPPA_MAX of a 2×2 table with equal margins) comes out of the
    # moved cells as round-off, about 1e-14: far below any variance of a difference of values in [−1, 1] of 10⁴
    # objects or fewer (1e-8 and up)
    for code in codes:
        a, b = np.asarray(structured[code], float), np.asarray(moved[code], float)
        both = np.isfinite(a) & np.isfinite(b)
        np.testing.assert_allclose(a[both], b[both], rtol=rtol, atol=1e-12, err_msg=code)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@example(seed=100, k=2, n=100, predictions=2, classes="common", resampling="multinomial")
@given(seed=st.integers(0, 10**6), k=st.integers(2, 5), n=st.integers(20, 300), predictions=st.integers(2, 3),
       classes=st.sampled_from(["common", "reference", "union"]),
       resampling=st.sampled_from(["multinomial", "fixed-reference"]))
def test_equal_to_moving_every_cell_of_the_joint_table(seed, k, n, predictions, classes, resampling):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        comparison = _frame(seed, k, n, predictions).agree.compare("truth", [f"p{p}" for p in range(predictions)])
        paired = PairedDifferences(comparison, _resolve(CODES), classes)
        structured = paired.variances(CODES, resampling)
        moved = paired.moved_variances(CODES, resampling)
        values = [ag.summary_on(_resolve(CODES), None, classes) for ag in comparison.agreements.values()]
    # a value at an end of its range (eta or Cramér's V of 0 at independence, a square root's kink) has no
    # derivative there: the declared gradient takes one side and the moved cells average both
    edge = {m.code for m in _resolve(CODES)
            if any(np.isclose(v[m.code], m.range, rtol=0, atol=1e-9).any() for v in values)}
    # the moved cells' central differences carry an error of order (step/count)² ≈ 1e-10 relative, more where a
    # cell of one object holds a value's only support
    _agree(structured, moved, [c for c in CODES if c not in KINKED | edge], rtol=2e-6)


def test_equal_under_a_sample_design_and_its_reference():
    rng = np.random.default_rng(11)
    frame = _frame(7, 4, 600, 2)
    frame["stratum"], frame["psu"] = rng.integers(0, 3, len(frame)), rng.integers(0, 40, len(frame))
    frame["w"] = rng.uniform(0.5, 3.0, len(frame))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        comparison = frame.agree.compare("truth", ["p0", "p1"], weights="w", strata="stratum", cluster="psu")
        paired = PairedDifferences(comparison, _resolve(CODES), "common")
        sample = interval_options("auto", 0.95, 2000, "percentile", 0, "multinomial", comparison._sample).sample
        for design in (sample, sample.reference()):
            _agree(paired.variances(CODES, design), paired.moved_variances(CODES, design),
                   [c for c in CODES if c not in KINKED], rtol=2e-6)


def test_osr_difference_has_the_mcnemar_se():
    frame = _frame(3, 6, 2000, 3)
    comparison = frame.agree.compare("truth", ["p0", "p1", "p2"])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        d = comparison.differences(["OSR"], ci="linearized")
    n = len(frame)
    for (a, b), row in zip([(0, 1), (0, 2), (1, 2)], d.index, strict=True):
        right_a, right_b = frame[f"p{a}"] == frame["truth"], frame[f"p{b}"] == frame["truth"]
        only_a, only_b = float((right_a & ~right_b).sum()), float((~right_a & right_b).sum())
        se = np.sqrt(only_a + only_b - (only_a - only_b) ** 2 / n) / n
        assert d.loc[row, ("OSR", "se")] == pytest.approx(se, rel=1e-9)


def test_records_with_a_gradient_move_no_cell(monkeypatch):
    """Only the records that declare no gradient (HC, KAPPA_W) are moved cell by cell: the others never call the
    moved cells, whatever the size of the joint table."""
    comparison = _frame(5, 40, 20_000, 2).agree.compare("truth", ["p0", "p1"])
    asked = []
    original = PairedDifferences.moved_variances

    def moved(self, keys, design):
        asked.append(list(keys))
        return original(self, keys, design)

    monkeypatch.setattr(PairedDifferences, "moved_variances", moved)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        d = comparison.differences(["OSR", "KAPPA", "F1", "AC1", "CRAMERV", "HC"], ci="linearized")
    assert asked == [["HC"]]
    assert np.isfinite(d.xs("se", axis=1, level="stat").to_numpy()).all()
