"""A label as a key no two different labels share, for the tests of which labels are the same label."""

from __future__ import annotations

import numpy as np
import pandas as pd

SURROGATE = "s\ud800"  # a str UTF-8 cannot encode


def tag(label):
    """A label as a key no two different labels share: booleans apart from numbers, missing values one key."""
    if label is None or label is pd.NA or (isinstance(label, float) and np.isnan(label)):
        return ("missing",)
    if isinstance(label, (bool, np.bool_)):
        return ("bool", bool(label))
    if isinstance(label, str):
        return ("str", label)
    return ("number", label)  # 1 and 1.0 are one key


def tags(labels) -> list:
    return [tag(x) for x in labels]
