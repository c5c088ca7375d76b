"""One stage of clusters: a list of column names given to cluster= (a design of several stages) is an error that
names the argument, says what it takes and what to give instead; it is not read as two values of a column."""

import numpy as np
import pandas as pd
import pytest

import pandas_agree as pa


@pytest.fixture
def sample():
    rng = np.random.default_rng(0)
    return pd.DataFrame({"a": rng.integers(0, 2, 60), "p": rng.integers(0, 2, 60), "district": rng.integers(0, 5, 60),
                         "school": rng.integers(0, 20, 60), "w": rng.uniform(1, 3, 60)})


@pytest.mark.parametrize("build", [
    lambda df: df.agree("a", "p", cluster=["district", "school"]),
    lambda df: pa.crosstabs(df, "a", "p", cluster=["district", "school"]),
    lambda df: df.agree.raters(["a", "p"], cluster=["district", "school"]),
])
def test_several_stages_of_clusters_are_refused_with_what_to_give(sample, build):
    with pytest.raises(ValueError, match=r"cluster takes one column \(its name\) or one value per row \(60\); got the "
                                         r"names of 2 columns \('district', 'school'\): a design of several stages is "
                                         r"not supported\. Give the clusters of the first stage"):
        build(sample)


def test_a_list_of_column_names_for_weights_names_the_argument(sample):
    with pytest.raises(ValueError, match=r"^weights takes one column \(its name\) or one value per row \(60\); got the "
                                         r"names of 2 columns \('w', 'district'\)$"):
        sample.agree("a", "p", weights=["w", "district"])


def test_values_one_per_row_and_a_column_name_still_work(sample):
    by_name = sample.agree("a", "p", cluster="district")
    by_values = sample.agree("a", "p", cluster=sample["district"].to_list())
    assert by_name.design == by_values.design
    assert by_name.design["psus"] == 5


@pytest.mark.parametrize("build", [
    lambda df: df.agree.scores("a", "w", replicates="jackknife"),
    lambda df: df.agree.compare_scores("a", ["w", "school"], replicates="bootstrap"),
    lambda df: df.agree("a", "p", replicates="jackknife"),
    lambda df: pa.crosstabs(df, "a", "p", replicates="jackknife"),
    lambda df: df.agree.compare("a", ["p", "a"], replicates="jackknife"),
    lambda df: df.agree.raters(["a", "p"], replicates="jackknife"),
])
def test_replicates_without_a_design_are_refused_everywhere(sample, build):
    """replicates= names the variance of a sample design; without strata=, cluster= or fpc= it is an error on every
    analysis (scores and compare_scores accepted it silently)."""
    with pytest.raises(ValueError, match=r"^replicates='(jackknife|bootstrap)' needs a sample design \(strata=, "
                                         r"cluster= or fpc=\)$"):
        build(sample)
