"""A fuzzer over random frames: labels of every dtype (integers, floats, text with control characters, booleans,
categoricals, mixed objects, tuples) with missing values, optional frequency weights and any size, through every
method and every output of the three analyses. The only failures allowed are a KeyError, ValueError or TypeError
raised by the package itself (a deliberate message), and its documented warnings; anything else (an error from
inside pandas, numpy or scipy, a RuntimeWarning, a crash of a renderer) is a defect.

The default run tries a few frames; ``pytest -m slow`` (CI's slow step) tries 2,000.
"""

import tempfile
import traceback
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pandas_agree
from pandas_agree import UndefinedMeasureWarning

# where the installed package lives (a source tree, or site-packages when it is installed as CI installs it)
PACKAGE = str(Path(pandas_agree.__file__).resolve().parent)
TEXT = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]) | st.sampled_from("\x1b\x00\n\t$\uffff"),
               max_size=4)
POOLS = {
    "int": st.integers(-3, 3),
    "float": st.sampled_from([0.5, 1.0, 2.0, -1.5, 1e300, 3.0]),
    "str": TEXT,
    "bool": st.booleans(),
    "mixed": st.one_of(st.booleans(), st.integers(0, 2), st.sampled_from(["1", "a", 1.0])),
    "tuple": st.tuples(st.integers(0, 2), st.sampled_from(["a", "b"])),
}
MISSING = [None, np.nan, pd.NA]


@st.composite
def column(draw, n: int, pool: list):
    """A column of n labels from ``pool``, as one of several dtypes, with or without missing values."""
    values = [draw(st.sampled_from(pool)) for _ in range(n)]
    if n and draw(st.booleans()):
        for i in draw(st.lists(st.integers(0, n - 1), max_size=max(1, n // 3))):
            values[i] = draw(st.sampled_from(MISSING))
    form = draw(st.sampled_from(["object", "inferred", "categorical"]))
    if form == "categorical":
        categories = pd.Index(list(dict.fromkeys(pool)), dtype=object, tupleize_cols=False)
        try:
            return pd.Series(pd.Categorical(values, categories=categories.unique()))
        except (TypeError, ValueError, NotImplementedError):  # categories pandas refuses: keep the objects
            return pd.Series(values, dtype=object)
    if form == "inferred":
        try:
            return pd.Series(values)
        except (TypeError, ValueError):
            return pd.Series(values, dtype=object)
    return pd.Series(values, dtype=object)


@st.composite
def frames(draw):
    """A frame of a reference "a", predictions "p" and "q" and weights "w" (possibly missing or zero)."""
    n = draw(st.integers(0, 30))
    kinds = [draw(st.sampled_from(list(POOLS))) for _ in range(2)]
    pools = [draw(st.lists(POOLS[k], min_size=1, max_size=5, unique_by=repr)) for k in kinds]
    same = draw(st.booleans())  # most of the time the sides share labels
    frame = pd.DataFrame({
        "a": draw(column(n, pools[0])),
        "p": draw(column(n, pools[0] if same else pools[1])),
        "q": draw(column(n, pools[0] if same or draw(st.booleans()) else pools[1])),
    })
    weights = draw(st.sampled_from(["none", "some", "float"]))
    if weights != "none":
        choices = [0.0, 0.5, 1.0, 2.0, 3.0, np.nan, 1e-3, 1e4] if weights == "some" else [1.0, 2.0]
        frame["w"] = [draw(st.sampled_from(choices)) for _ in range(n)]
    return frame


def clear(call):
    """``call()``, or None when it raises a KeyError, ValueError or TypeError of the package's own."""
    try:
        return call()
    except (KeyError, ValueError, TypeError) as err:
        where = traceback.extract_tb(err.__traceback__)[-1]
        assert where.filename.startswith(PACKAGE), f"{type(err).__name__} from {where.filename}:{where.lineno}: {err}"
        assert str(err), "an error without a message"
        return None


def outputs(report, heavy: bool) -> None:
    """Every output of a report: text, Jupyter HTML, plain data, JSON; with ``heavy`` also Excel and the HTML
    page (with its plots)."""
    assert str(report)
    assert report._repr_html_()
    report.to_dict()
    assert report.to_json()
    if heavy:
        with tempfile.TemporaryDirectory() as folder:
            report.to_excel(Path(folder) / "out.xlsx")
            report.to_html(Path(folder) / "out.html")


def interval_options(draw) -> dict:
    ci = draw(st.sampled_from([None, None, "auto", "bootstrap", "wilson"]))
    return {"ci": ci, "n_resamples": 20, "random_state": draw(st.integers(0, 3))}


def exercise(frame: pd.DataFrame, draw) -> None:
    weights = "w" if "w" in frame.columns else None
    heavy = draw(st.integers(0, 19)) == 0  # Excel and the HTML page with plots: one frame in twenty
    dropna = draw(st.booleans())
    ag = clear(lambda: frame.agree("a", "p", weights=weights, dropna=dropna))
    if ag is not None:
        repr(ag)
        ag.crosstab()
        ag.crosstab(margins=False)
        kw = interval_options(draw)
        classes = draw(st.sampled_from(["common", "reference", "union"]))
        clear(lambda: ag.binary(classes=classes, **kw))
        clear(lambda: ag.averages(**kw))
        clear(lambda: ag.multiclass(**kw))
        clear(lambda: ag.tests())
        percentages = draw(st.sampled_from([(), ("row",), ("row", "column", "total")]))
        report = clear(lambda: ag.report(percentages=percentages, **kw))
        if report is not None:
            outputs(report, heavy)
    raters = clear(lambda: frame.agree.raters(["a", "p", "q"], weights=weights))
    if raters is not None:
        kw = interval_options(draw)
        for call in (lambda: raters.summary(**kw), raters.by_category, lambda: raters.pairwise("KAPPA"), raters.tests,
                     lambda: raters.distribution, lambda: raters.counts):
            clear(call)
        report = clear(lambda: raters.report(**kw))
        if report is not None:
            outputs(report, heavy)
    comparison = clear(lambda: frame.agree.compare("a", ["p", "q"], weights=weights, dropna=dropna))
    if comparison is not None:
        kw = interval_options(draw)
        clear(lambda: comparison.values(**kw))
        clear(lambda: comparison.differences(**kw))
        clear(comparison.tests)
        report = clear(lambda: comparison.report(**kw))
        if report is not None:
            outputs(report, heavy)


def fuzz(data) -> None:
    frame = data.draw(frames(), label="frame")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # every warning is a defect ...
        warnings.simplefilter("ignore", UndefinedMeasureWarning)  # ... but the documented ones: undefined values,
        warnings.simplefilter("ignore", UserWarning)  # labels that differ only in type, classes never predicted
        exercise(frame, data.draw)


SETTINGS = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large],
            "derandomize": True}


@pytest.fixture(autouse=True)
def _no_display():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")


@settings(max_examples=15, **SETTINGS)
@given(st.data())
def test_random_frames_render_or_fail_clearly(data):
    fuzz(data)


@pytest.mark.slow
@settings(max_examples=300, **SETTINGS)
@given(st.data())
def test_random_frames_render_or_fail_clearly_many(data):
    fuzz(data)
