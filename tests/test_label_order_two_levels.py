"""A side of two labels carries no order that changes the size of an ordinal statistic: reversing it changes only the
sign of tau-b, gamma, Somers' d and the correlations, and neither the linear-by-linear association nor eta. No
LabelOrderWarning is then due for it; a side of three labels or more without an order still gets one."""

import warnings

import numpy as np
import pandas as pd
import pytest

import pandas_agree as pa

# R's warpbreaks, summed by wool and tension (R: xtabs(breaks ~ wool + tension, warpbreaks))
WARPBREAKS = pd.DataFrame({"wool": ["A", "A", "A", "B", "B", "B"], "tension": ["L", "M", "H"] * 2,
                           "breaks": [401.0, 216, 221, 254, 259, 169]})


def _order_warnings(call):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        out = call()
    return out, [w for w in caught if issubclass(w.category, pa.LabelOrderWarning)]


@pytest.mark.parametrize("statistics", [["chisq"], ["gamma", "btau", "d", "corr", "eta"]])
def test_a_two_label_side_without_order_beside_an_ordered_side_is_not_warned(statistics):
    ct = pa.crosstabs(WARPBREAKS, "wool", "tension", weights="breaks", labels={"tension": ["L", "M", "H"]})
    _, found = _order_warnings(lambda: ct.statistics(statistics))
    assert found == []


def test_reversing_the_two_label_side_keeps_linear_by_linear_and_flips_gamma():
    def stats(wool_order):
        ct = pa.crosstabs(WARPBREAKS, "wool", "tension", weights="breaks",
                          labels={"wool": wool_order, "tension": ["L", "M", "H"]})
        chi = ct.statistics(["chisq"])["Chi-Square Tests"]
        gamma = ct.measures(["GAMMA"])
        return chi.loc["Linear-by-Linear Association", "value"], gamma.loc["GAMMA", "value"]

    (m2, gamma), (m2_reversed, gamma_reversed) = stats(["A", "B"]), stats(["B", "A"])
    assert m2 == pytest.approx(m2_reversed, rel=1e-12)
    assert gamma == pytest.approx(-gamma_reversed, rel=1e-12)
    assert abs(gamma) > 0.05


def test_a_three_label_side_without_order_is_still_warned():
    ct = pa.crosstabs(WARPBREAKS, "wool", "tension", weights="breaks")  # tension's L, M, H read as H < L < M
    _, found = _order_warnings(lambda: ct.statistics(["chisq"]))
    assert len(found) == 1 and "'tension'" in str(found[0].message)
    _, found = _order_warnings(lambda: ct.measures(["GAMMA"]))
    assert len(found) == 1


def test_an_agreement_of_three_unordered_labels_is_still_warned():
    table = pd.DataFrame(np.array([[5, 1, 0], [1, 6, 2], [0, 1, 7]]), index=list("xzy"), columns=list("xzy"))
    ag = pa.Agreement.from_table(table)
    _, found = _order_warnings(lambda: ag.measures(["GAMMA"]))
    assert len(found) == 1
