"""``labels=`` orders the values of a layer variable (a dict maps a layer variable to its values in their order, as
it maps the row and the column variable to their labels)."""

from __future__ import annotations

import warnings

import pandas as pd
import pytest

import pandas_agree as pa

from ._r_datasets import TITANIC


def test_labels_order_the_layers():
    # R: dimnames(Titanic)$Age is c("Child", "Adult"): R's order, not the alphabetical one
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ct = pa.crosstabs(TITANIC, "Class", "Survived", weights="Freq", layers="Age",
                          labels={"Age": ["Child", "Adult"], "Survived": ["Yes", "No"]})
        text = str(ct.report())
    assert list(ct.layers) == ["Child", "Adult"]
    assert list(ct.table.columns) == ["Yes", "No"]
    # R: margin.table(Titanic, c(3)): 109 children, 2092 adults
    assert ct.layers["Child"].n == 109 and ct.layers["Adult"].n == 2092
    block = text.split("Class * Survived * Age Crosstabulation", 1)[1]
    assert block.index("Child ") < block.index("Adult ")
    apart = str(ct.report(max_classes=1))  # the crosstab not printed: a section for each layer, in their order
    assert apart.index("Layer: Age = Child") < apart.index("Layer: Age = Adult")


def test_labels_order_several_layer_variables_outer_first():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ct = pa.crosstabs(TITANIC, "Class", "Survived", weights="Freq", layers=["Age", "Sex"],
                          labels={"Sex": ["Male", "Female"]})
    assert list(ct.layers) == [("Adult", "Male"), ("Adult", "Female"), ("Child", "Male"), ("Child", "Female")]


def test_labels_order_the_layers_on_a_polars_frame():
    pl = pytest.importorskip("polars")
    ct = pa.crosstabs(pl.from_pandas(TITANIC), "Class", "Survived", weights="Freq", layers="Age",
                      labels={"Age": ["Child", "Adult"]})
    assert list(ct.layers) == ["Child", "Adult"]


def test_a_listed_layer_value_without_rows_makes_no_layer():
    ct = pa.crosstabs(TITANIC, "Class", "Survived", weights="Freq", layers="Age",
                      labels={"Age": ["Unborn", "Child", "Adult"]})
    assert list(ct.layers) == ["Child", "Adult"]


@pytest.mark.parametrize(("labels", "error", "message"), [
    ({"Age": ["Child"]}, ValueError, r"labels\['Age'\] must list every observed value of the layer variable; "
                                     r"not listed: \['Adult'\]"),
    ({"Age": "Child"}, TypeError, r"labels\['Age'\] must be a list of the values of the layer variable 'Age'"),
    ({"Age": ["Child", "Adult", "Child"]}, ValueError, r"labels\['Age'\] must list each value .* once"),
    ({"age": ["Child", "Adult"]}, ValueError, r"'age' is neither the row variable \('Class'\), the column variable "
                                              r"\('Survived'\) nor a layer variable \('Age'\)"),
])
def test_bad_layer_labels_say_what_is_allowed(labels, error, message):
    with pytest.raises(error, match=message):
        pa.crosstabs(TITANIC, "Class", "Survived", weights="Freq", layers="Age", labels=labels)


def test_layer_labels_of_a_frame_without_layers_stay_an_error():
    with pytest.raises(ValueError, match="'Age' is neither the row variable"):
        pa.crosstabs(TITANIC, "Class", "Survived", weights="Freq", labels={"Age": ["Child", "Adult"]})


def test_accessor_passes_layer_labels():
    ct = TITANIC.agree.crosstabs("Class", "Survived", weights="Freq", layers="Age",
                                 labels={"Age": pd.Index(["Child", "Adult"])})
    assert list(ct.layers) == ["Child", "Adult"]
