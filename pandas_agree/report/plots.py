"""Plots of a report (matplotlib, the ``plot`` extra): the crosstab as a heatmap and a forest plot."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from ..measures.registry import resolve
from . import display

__all__ = ["pyplot", "report_figure"]


def pyplot():
    """``matplotlib.pyplot``, imported now, or an ImportError that names the ``plot`` extra."""
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        raise ImportError("plots need matplotlib: pip install 'pandas-agree[plot]'") from None
    return plt


def heatmap(ax, agreement, normalize: bool = False) -> None:
    """The crosstab as an annotated heatmap; matching cells are outlined."""
    table = agreement.table
    counts = table.to_numpy()
    shown = 100 * counts / np.maximum(counts.sum(axis=1, keepdims=True), 1e-300) if normalize else counts
    ax.imshow(shown, cmap="Blues", aspect="auto")
    ax.set_xticks(range(table.shape[1]), [_label(c) for c in table.columns], rotation=45, ha="right")
    ax.set_yticks(range(table.shape[0]), [_label(r) for r in table.index])
    ax.set_xlabel(_label(table.columns.name or "prediction"))
    ax.set_ylabel(_label(table.index.name or "reference"))
    top = shown.max() if shown.size else 1
    for i in range(shown.shape[0]):
        for j in range(shown.shape[1]):
            text = f"{shown[i, j]:.1f}%" if normalize else display.count(shown[i, j])
            ax.text(j, i, text, ha="center", va="center", fontsize=8,
                    color="white" if shown[i, j] > 0.6 * top else "black")
    for i, j in zip(*agreement.common_cells, strict=True):
        ax.add_patch(_rectangle(j, i))
    ax.set_title("Crosstab (row %)" if normalize else "Crosstab (counts)")


LABEL_WIDTH = 40  # the most characters of a label shown on a plot


def _label(x) -> str:
    """A label on a plot: as in every report (:func:`display.label`), at most ``LABEL_WIDTH`` characters, with no
    mathtext (a ``$`` stays a dollar)."""
    text = display.label(x)
    return display.plot_text(text if len(text) <= LABEL_WIDTH else text[:LABEL_WIDTH - 1] + "…")


def _rectangle(x, y):
    from matplotlib.patches import Rectangle

    return Rectangle((x - 0.5, y - 0.5), 1, 1, fill=False, edgecolor="#d62728", linewidth=1.5)


def forest(ax, binary: pd.DataFrame, measures: Sequence[str]) -> None:
    """Class-specific measures with their intervals, one row per class and measure."""
    with_ci = isinstance(binary.columns, pd.MultiIndex)
    codes = [m for m in measures if m in (binary.columns.get_level_values(0) if with_ci else binary.columns)]
    labels, y = [], 0
    for k, code in enumerate(codes):
        color = f"C{k}"
        for i, cls in enumerate(binary.index):  # by position: labels may be tuples, booleans or NaN
            def at(stat, i=i, code=code):
                return binary.iat[i, binary.columns.get_loc((code, stat) if with_ci else code)]

            value = at("value")
            if with_ci:
                ax.plot([at("lower"), at("upper")], [y, y], color=color, linewidth=1.5)
            ax.plot([value], [y], "o", color=color)
            labels.append(f"{code} · {_label(cls)}")
            y += 1
        y += 0.5
    positions = [i + 0.5 * (i // len(binary.index)) for i in range(len(labels))]
    ax.set_yticks(positions, labels)
    ax.invert_yaxis()
    ax.grid(axis="x", alpha=0.3)
    ax.set_title("Class-specific measures" + (" with intervals" if with_ci else ""))


def report_figure(rep, measures: Sequence[str] | None = None, normalize: bool = False):
    """A figure with the heatmap of the crosstab and the forest plot of ``measures``."""
    shown = list(dict.fromkeys(rep.binary.columns.get_level_values(0)))
    if measures is None:
        measures = [code for code in ("REC", "PRE", "F1") if code in shown] or shown[:3]
    measures = [m.code for m in resolve(measures, "binary", default=lambda m: False)]
    missing = [code for code in measures if code not in shown]
    if missing:
        raise ValueError(f"measures: {', '.join(missing)} not in the report's class-specific measures "
                         f"({', '.join(shown)}); give them to report(measures=...) first")
    plt = pyplot()
    k = len(rep.agreement.table.columns)
    rows = len(rep.binary.index) * len(measures)
    fig, (left, right) = plt.subplots(1, 2, figsize=(6 + 0.45 * k + 5, max(4.0, 0.28 * rows + 1.5)),
                                      gridspec_kw={"width_ratios": [max(k, 3), 4]})
    heatmap(left, rep.agreement, normalize=normalize)
    forest(right, rep.binary, measures)
    fig.suptitle(f"Agreement: {_label(rep.agreement.table.index.name or 'reference')} * "
                 f"{_label(rep.agreement.table.columns.name or 'prediction')}")
    fig.tight_layout()
    return fig
