"""Labels match exactly in the Agreement too: True is not 1 (also on one side of a table), any str is a label."""

import numpy as np
import pandas as pd

import pandas_agree as pa

SURROGATE = "s\ud800"


def tags(labels):
    return [("bool", bool(x)) if isinstance(x, (bool, np.bool_)) else ("other", x) for x in labels]


def test_one_side_holding_integers_and_booleans():
    frame = pd.DataFrame({"a": [1, True, 0, False, "x", 1], "p": [True, 1, 0, False, "x", 1]}, dtype=object)
    ag = frame.agree("a", "p")
    assert len(ag.common) == 5 and ag.table.shape == (5, 5)
    assert ag.multiclass(["OSR"]).loc["OSR", "value"] == 4 / 6  # (0, 0), (False, False), ("x", "x"), (1, 1)
    assert tags(ag.labels) == tags([1, True, 0, False, "x"])  # numbers and text: each side in order of appearance
    assert ag.binary(["REC"], classes="union")["REC"].notna().all()


def test_surrogate_labels_in_an_agreement_and_its_report():
    frame = pd.DataFrame({"a": [SURROGATE, "b", SURROGATE, "b"], "p": [SURROGATE, "b", "b", "b"]}, dtype=object)
    ag = frame.agree("a", "p")
    assert list(ag.labels) == ["b", SURROGATE]
    assert ag.multiclass(["OSR"]).loc["OSR", "value"] == 0.75
    assert "s\\ud800" in str(ag.report(ci=None))
    cmp = frame.assign(q=frame["a"]).agree.compare("a", ["p", "q"])
    assert cmp.values(["OSR"], ci=None).loc["q", "OSR"] == 1
    raters = frame.assign(q=frame["a"]).agree.raters(["a", "p", "q"])
    assert "s\\ud800" in str(raters.report(n_resamples=50))


def test_weights_and_percentages_keep_true_apart_from_1():
    frame = pd.DataFrame({"a": [1, True, 0, 1, True, 0], "p": [1, True, 0, True, True, 1]}, dtype=object)
    ag = frame.agree("a", "p")
    labels = list(ag.labels)
    weights = pd.DataFrame(np.eye(3), index=pd.Index(labels, dtype=object), columns=pd.Index(labels, dtype=object))
    weights.iloc[0, 1] = weights.iloc[1, 0] = 0.5  # partial credit between the labels 1 and True only
    value = ag.multiclass(["KAPPA_W"], kappa_weights=weights).loc["KAPPA_W", "value"]
    assert value > ag.multiclass(["KAPPA"]).loc["KAPPA", "value"]
    report = pa.Agreement.from_table(pd.DataFrame([[3, 1], [2, 4]], index=["Total", "b"], columns=["Total", "b"]))
    shown = report.report(percentages=["row"], ci=None).crosstab
    assert shown.index.get_level_values(0).tolist() == ["Total", "Total", "b", "b", "Total", "Total"]
    assert shown.to_numpy()[-2, -1] == 10  # the margin, read by position
