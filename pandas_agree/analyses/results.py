"""The result frames of the analyses: values with their intervals, by class or by averaging method."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..base.frames import product_index
from ..inference.analytic import interval_notes
from ..inference.estimates import Estimate

__all__ = ["STATS", "estimate_columns", "frame_by_class", "frame_by_method", "undefined_resamples"]


STATS = ("value", "se", "lower", "upper")


def undefined_resamples(estimates: dict[str, Estimate]) -> dict:
    """How many bootstrap resamples each bootstrapped value left out because it was undefined there: an int per
    measure, or a list of ints in the order of the rows (classes) or columns (averages) of the result."""
    return {code: np.asarray(e.undefined).tolist() for code, e in estimates.items() if e.undefined is not None}


def estimate_columns(estimates: dict[str, Estimate]) -> tuple[str, ...]:
    """The statistics of a frame of estimates: with a sample design, the design effect after the interval."""
    return (*STATS, "deff") if any(e.deff is not None for e in estimates.values()) else STATS


def frame_by_class(estimates: dict[str, Estimate], index: pd.Index) -> pd.DataFrame:
    stats = estimate_columns(estimates)
    columns = product_index(list(estimates), stats, ["code", "stat"])
    items = list(estimates.values())
    try:  # (codes, stats, classes) in one step where every statistic has one number per class
        data = np.array([[getattr(e, stat) for stat in stats] for e in items], dtype=float)
    except ValueError:  # statistics of several shapes
        data = None
    if data is not None and data.shape == (len(items), len(stats), len(index)):
        data = data.reshape(len(columns), len(index)).T  # the classes first: each statistic of every code a column
    else:
        data = np.empty((len(index), len(columns)))
        for x, e in enumerate(items):  # a value with one number for every class (or one for all) fills its column
            for y, stat in enumerate(stats):
                data[:, len(stats) * x + y] = getattr(e, stat)
    out = pd.DataFrame(data, index=index, columns=columns)
    out.attrs["methods"] = {code: e.method for code, e in estimates.items()}
    out.attrs["undefined_resamples"] = undefined_resamples(estimates)
    out.attrs["notes"] = interval_notes(estimates)
    return out


def frame_by_method(estimates: dict[str, Estimate], methods: list) -> pd.DataFrame:
    stats = estimate_columns(estimates)
    columns = product_index(methods, stats, ["method", "stat"])
    # (codes, methods, stats): each statistic of every code in one step
    data = np.stack([np.array([getattr(e, stat) for e in estimates.values()], dtype=float).reshape(
        len(estimates), len(methods)) for stat in stats], axis=-1).reshape(len(estimates), len(columns))
    out = pd.DataFrame(data, index=pd.Index(list(estimates)), columns=columns)
    out.attrs["methods"] = {code: e.method for code, e in estimates.items()}
    out.attrs["undefined_resamples"] = undefined_resamples(estimates)
    out.attrs["notes"] = interval_notes(estimates)
    return out
