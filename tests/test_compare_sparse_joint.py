"""A large joint table (more cells than ``SPARSE_JOINT``) goes to the inference core as its non-empty cells: the
paired differences are those of the whole table (the same values; SEs and intervals to 1e-9, or 1e-10 near 0, as the
delta method's moved cells difference values whose margins are added in another order; the same bootstrap draws
where both are drawn as one multinomial), and at 60 labels and three predictions they take a fraction of a second
where the whole table's 13 million cells took 94 s."""

import time
import warnings

import numpy as np
import pandas as pd
import pytest

import pandas_agree.analyses.comparison as comparison_module


def _predictions(labels: int, n: int, seed: int = 0) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    truth = rng.integers(0, labels, n)
    out = {"truth": truth}
    for name, right in (("a", 0.8), ("b", 0.7), ("c", 0.6)):
        out[name] = np.where(rng.random(n) < right, truth, rng.integers(0, labels, n))
    return pd.DataFrame(out)


def _both(frame, monkeypatch, **options):
    comparison = frame.agree.compare("truth", ["a", "c", "b"], weights=options.pop("weights", None))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        dense = comparison.differences(["OSR", "KAPPA", "F1", "AC1"], **options)
        monkeypatch.setattr(comparison_module, "SPARSE_JOINT", 0)
        cells = comparison.differences(["OSR", "KAPPA", "F1", "AC1"], **options)
        monkeypatch.undo()
    return dense, cells


@pytest.mark.parametrize("options", [
    {"ci": None}, {"ci": "linearized"}, {"ci": "auto"}, {"ci": "linearized", "resampling": "fixed-reference"},
    {"ci": "bootstrap", "n_resamples": 300, "random_state": 1},
    {"ci": "bootstrap", "n_resamples": 200, "random_state": 2, "bootstrap_method": "bca"},
])
def test_the_non_empty_cells_give_the_whole_tables_differences(monkeypatch, options):
    frame = _predictions(4, 300)  # 4 × 4 × 4 × 4 = 256 cells: every resample drawn as one multinomial
    dense, cells = _both(frame, monkeypatch, **options)
    pd.testing.assert_frame_equal(dense, cells, check_exact=False, rtol=1e-9, atol=1e-10)


def test_weighted_counts(monkeypatch):
    frame = _predictions(5, 400, seed=3)
    weights = np.random.default_rng(4).uniform(0.5, 2.0, len(frame))
    dense, cells = _both(frame, monkeypatch, ci="auto", weights=weights)
    pd.testing.assert_frame_equal(dense, cells, check_exact=False, rtol=1e-9, atol=1e-10)


def test_many_labels_take_a_fraction_of_a_second():
    frame = _predictions(60, 900, seed=5)  # 60⁴ ≈ 13 million cells, about 1,500 of them non-empty
    comparison = frame.agree.compare("truth", ["a", "b", "c"])
    start = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        out = comparison.differences(ci="auto")
    assert time.perf_counter() - start < 20  # 94 s over the whole table
    assert np.isfinite(out.xs("se", axis=1, level="stat").to_numpy()).all()


def test_the_differences_build_no_table_of_every_label_pair(monkeypatch):
    """The values whose differences are taken come from each prediction's own table, held sparse where it is large:
    the point estimates added every prediction's table up densely (20,000 labels: 3.2 GB a prediction, and 40,000
    labels a MemoryError from numpy). The delta method then reads the non-empty cells alone."""
    from sklearn.metrics import accuracy_score, cohen_kappa_score

    frame = _predictions(300, 3000)
    comparison = frame.agree.compare("truth", ["a", "c", "b"])

    def refused(*args, **kwargs):
        raise AssertionError("a table of every label pair was added up")

    monkeypatch.setattr(comparison_module.Comparison, "_margins_at_cells", refused)
    monkeypatch.setattr(comparison_module.Comparison, "_margins", refused)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        found = comparison.differences(["OSR", "KAPPA"], ci="auto")
    monkeypatch.undo()
    for pair, (x, y) in {"a − c": ("a", "c"), "a − b": ("a", "b"), "c − b": ("c", "b")}.items():
        # sklearn: accuracy_score and cohen_kappa_score of each prediction against the truth
        accuracy = accuracy_score(frame.truth, frame[x]) - accuracy_score(frame.truth, frame[y])
        kappa = cohen_kappa_score(frame.truth, frame[x]) - cohen_kappa_score(frame.truth, frame[y])
        assert found.loc[pair, ("OSR", "difference")] == pytest.approx(accuracy, rel=1e-12)
        assert found.loc[pair, ("KAPPA", "difference")] == pytest.approx(kappa, rel=1e-10)


def test_the_resamples_tables_are_added_up_a_few_at_a_time(monkeypatch):
    """A chunk of resamples is drawn over the non-empty cells (a few thousand here), but each resample's tables are
    added up dense, I × J_p cells each: as many resamples at a time as CHUNK_CELLS holds (3,000 labels and 10^5 rows:
    6 GB and 29 s for 100 resamples, then 0.3 GB and 8 s). The differences are those of the resamples taken at once."""
    frame = _predictions(300, 3000)  # 90,000 cells in each prediction's table
    comparison = frame.agree.compare("truth", ["a", "c", "b"])
    options = {"ci": "bootstrap", "n_resamples": 60, "random_state": 3}
    margins = comparison_module.Comparison._margins_at_cells
    sizes = []

    def recorded(self, stack, gathers):
        sizes.append(len(stack))
        return margins(self, stack, gathers)

    monkeypatch.setattr(comparison_module.Comparison, "_margins_at_cells", recorded)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        monkeypatch.setattr(comparison_module, "CHUNK_CELLS", 1 << 40, raising=False)
        whole = comparison.differences(["OSR", "KAPPA", "F1"], **options)
        assert max(sizes) == 60
        sizes.clear()
        monkeypatch.setattr(comparison_module, "CHUNK_CELLS", 200_000, raising=False)  # two tables at a time
        chunked = comparison.differences(["OSR", "KAPPA", "F1"], **options)
    assert max(sizes) == 2
    pd.testing.assert_frame_equal(whole, chunked, rtol=0, atol=0)
