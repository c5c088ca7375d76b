"""Labels match exactly in the Agreement too: True is not 1 (also on one side of a table), any str is a label."""

import numpy as np
import pandas as pd

import pandas_agree as pa  # noqa: F401 (registers the accessors)

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
