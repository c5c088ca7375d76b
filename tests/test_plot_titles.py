"""A report's figure keeps its titles inside the figure whatever the length of the labels."""

import numpy as np
import pandas as pd
import pytest

import pandas_agree  # noqa: F401  (registers the accessor)


def _long_labelled(k: int = 6) -> pd.DataFrame:
    rng = np.random.default_rng(3)
    names = [f"specimen class {i}, as catalogued by the second reader of the archive" for i in range(k)]
    actual = rng.integers(0, k, 400)
    pred = np.where(rng.random(400) < 0.7, actual, rng.integers(0, k, 400))
    return pd.DataFrame({"actual": [names[i] for i in actual], "pred": [names[i] for i in pred]})


@pytest.mark.parametrize("labels", ["long", "short"])
def test_the_forest_plots_title_stays_in_the_figure(labels):
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    frame = _long_labelled()
    if labels == "short":
        frame = frame.apply(lambda c: c.str.split(",").str[0])
    fig = frame.agree.report("actual", "pred", ci="wilson").plot()
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    width = fig.bbox.width
    for ax in fig.axes:
        box = ax.title.get_window_extent(renderer)
        assert box.x0 >= 0 and box.x1 <= width + 0.5, (ax.get_title(), box.x0, box.x1, width)
    plt.close(fig)
