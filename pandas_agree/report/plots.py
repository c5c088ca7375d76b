"""Plots of a report (matplotlib, the ``plot`` extra): the crosstab as a heatmap and a forest plot."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from ..base.text import install_advice
from ..measures.registry import resolve
from . import display
from .ranking import rank, shown_measures, sort_measure

__all__ = ["pyplot", "report_figure"]


def pyplot():
    """``matplotlib.pyplot``, imported now, or an ImportError that names the ``plot`` extra."""
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        raise ImportError(f"plots need matplotlib: {install_advice('matplotlib', 'plot')}") from None
    return plt


FALLBACK_FONTS = ("Noto Sans CJK JP", "Noto Sans CJK SC", "Noto Sans CJK TC", "Noto Sans CJK KR", "Source Han Sans",
                  "Droid Sans Fallback", "WenQuanYi Zen Hei", "WenQuanYi Micro Hei", "Microsoft YaHei", "MS Gothic",
                  "Malgun Gothic", "Arial Unicode MS", "Noto Sans", "Noto Sans Hebrew", "Noto Sans Arabic",
                  "Noto Sans Devanagari", "Noto Sans Thai")
"""Fonts that a figure's text falls back to, those installed, where a label holds characters its font lacks."""


def fallback_fonts(texts) -> dict:
    """The rcParams under which a figure of ``texts`` (its labels and names) is drawn: where a text holds a character
    the default font lacks (Chinese labels beside matplotlib's DejaVu Sans, which drew them as empty boxes with a
    warning for each glyph), the default font followed by the installed fonts of :data:`FALLBACK_FONTS`, which
    matplotlib takes glyph by glyph; otherwise none (the user's settings stand)."""
    from matplotlib import font_manager
    from matplotlib.ft2font import FT2Font

    chars = {ord(c) for text in texts for c in str(text)}
    default = font_manager.FontProperties()
    path = font_manager.findfont(default)
    if chars <= FT2Font(path).get_charmap().keys():
        return {}
    installed = {font.name for font in font_manager.fontManager.ttflist}
    extra = [name for name in FALLBACK_FONTS if name in installed]
    if not extra:
        return {}
    return {"font.family": [font_manager.FontProperties(fname=path).get_name(), *extra]}


ANNOTATE = 30  # the most rows or columns of a heatmap whose cells get their number written in them
TICKS = 40  # the most tick labels on an axis of the heatmap (every m-th label beyond that)
FOREST_ROWS = 60  # the most rows (classes × measures) of a forest plot
FIGURE_LIMIT = 14.0  # the largest width and height of a report's figure, in inches, whatever the number of classes
IMAGE_SIDE = 1000  # the most rows or columns of a heatmap's image; a larger crosstab is drawn in blocks of cells


def _thinned(ax, axis: str, labels) -> None:
    """Tick labels on ``axis`` ("x" or "y"): every one up to :data:`TICKS`, else every m-th (at most TICKS)."""
    step = max(1, -(-len(labels) // TICKS))
    positions = range(0, len(labels), step)
    texts = [_label(labels[i]) for i in positions]
    if axis == "x":
        ax.set_xticks(positions, texts, rotation=45, ha="right")
    else:
        ax.set_yticks(positions, texts)


def _image(table: pd.DataFrame) -> tuple[np.ndarray, np.ndarray, int, int]:
    """The crosstab as an image of at most :data:`IMAGE_SIDE` rows and columns, and the row totals of its rows:
    beyond that, each pixel sums a block of s × t cells (s, t returned). A table held sparse is read from its
    non-empty cells, so nothing of size I·J is formed."""
    i, j = table.shape
    s, t = -(-i // IMAGE_SIDE), -(-j // IMAGE_SIDE)
    if all(isinstance(dtype, pd.SparseDtype) for dtype in table.dtypes):
        cells = table.sparse.to_coo()
        rows, cols, values = cells.row, cells.col, cells.data
    elif s == t == 1:
        counts = table.to_numpy(dtype=float)
        return counts, counts.sum(axis=1, keepdims=True), 1, 1
    else:
        counts = table.to_numpy(dtype=float)
        rows, cols = np.nonzero(counts)
        values = counts[rows, cols]
    image = np.zeros((-(-i // s), -(-j // t)))
    np.add.at(image, (rows // s, cols // t), values)
    return image, image.sum(axis=1, keepdims=True), s, t


def heatmap(ax, agreement, normalize: bool = False) -> None:
    """The crosstab as one image: cell numbers written in when the table has at most :data:`ANNOTATE` rows and
    columns, at most :data:`TICKS` tick labels per axis (every m-th label beyond that), matching cells outlined
    (as one collection). A table of more than :data:`IMAGE_SIDE` rows or columns is drawn in blocks of cells,
    each pixel their sum (and its row % that of the block's rows)."""
    table = agreement.table
    counts, totals, s, t = _image(table)
    shown = 100 * counts / np.maximum(totals, 1e-300) if normalize else counts
    ax.imshow(shown, cmap="Blues", aspect="auto", interpolation="nearest")
    reference, predicted = agreement.axis_names
    _thinned(ax, "x", table.columns[::t])
    _thinned(ax, "y", table.index[::s])
    ax.set_xlabel(_label("prediction" if predicted is None else predicted))
    ax.set_ylabel(_label("reference" if reference is None else reference))
    if max(shown.shape) <= ANNOTATE:
        from matplotlib.transforms import TransformedPatchPath

        top = shown.max() if shown.size else 1
        # the clip path ax.text gives each text (the axes' patch), made once: made for each text, its transforms
        # take most of the time of a table of many cells
        clip = TransformedPatchPath(ax.patch)
        for i in range(shown.shape[0]):
            for j in range(shown.shape[1]):
                text = f"{display.fixed(float(shown[i, j]), 1)}%" if normalize else display.count(shown[i, j])
                ax.text(j, i, text, ha="center", va="center", fontsize=8, clip_path=clip,
                        color="white" if shown[i, j] > 0.6 * top else "black")
    rows, cols = agreement.common_cells
    blocks = np.unique(np.column_stack([rows // s, cols // t]), axis=0) if len(rows) else np.empty((0, 2), int)
    _outline(ax, (blocks[:, 0], blocks[:, 1]), thin=max(shown.shape) > ANNOTATE)
    what = "row %" if normalize else "counts"
    i, j = table.shape
    ax.set_title(f"Crosstab ({what})" if max(shown.shape) <= ANNOTATE else
                 f"Crosstab ({what}), {i} × {j}" + (f", in blocks of {s} × {t} cells" if s * t > 1 else ""))


LABEL_WIDTH = 40  # the most characters of a label shown on a plot


def _label(x) -> str:
    """A label on a plot: as in every report (:func:`display.label`), at most ``LABEL_WIDTH`` characters, with no
    mathtext (a ``$`` stays a dollar)."""
    text = display.label(x)
    return display.plot_text(text if len(text) <= LABEL_WIDTH else text[:LABEL_WIDTH - 1] + "…")


def _outline(ax, cells, thin: bool) -> None:
    """The matching cells outlined, all in one collection."""
    from matplotlib.collections import PatchCollection
    from matplotlib.patches import Rectangle

    boxes = [Rectangle((j - 0.5, i - 0.5), 1, 1) for i, j in zip(*cells, strict=True)]
    ax.add_collection(PatchCollection(boxes, facecolor="none", edgecolor="#d62728", linewidth=0.6 if thin else 1.5))


def forest(ax, binary: pd.DataFrame, measures: Sequence[str], title: str | None = None,
           split: int | None = None) -> None:
    """Class-specific measures with their intervals, one row per class and measure (a gap after the first
    ``split`` classes of each measure, when given)."""
    with_ci = isinstance(binary.columns, pd.MultiIndex)
    codes = [m for m in measures if m in (binary.columns.get_level_values(0) if with_ci else binary.columns)]
    labels, positions, y = [], [], 0.0
    names = [_label(cls) for cls in binary.index]  # by position: labels may be tuples, booleans or NaN
    for k, code in enumerate(codes):
        color = f"C{k}"

        def column(stat, code=code):
            return binary.iloc[:, binary.columns.get_loc((code, stat) if with_ci else code)].to_numpy(dtype=float)

        ys = []
        for i, name in enumerate(names):
            if split is not None and i == split:
                y += 0.5
            labels.append(f"{code} · {name}")
            ys.append(y)
            y += 1
        y += 0.5
        ys = np.array(ys)
        positions += ys.tolist()
        if with_ci:  # every interval of the measure as one line, its segments apart (NaN between them)
            ends = np.column_stack([column("lower"), column("upper"), np.full(len(ys), np.nan)]).ravel()
            ax.plot(ends, np.repeat(ys, 3), color=color, linewidth=1.5)
        ax.plot(column("value"), ys, "o", color=color, linestyle="none")
    ax.set_yticks(positions, labels)
    ax.invert_yaxis()
    ax.grid(axis="x", alpha=0.3)
    ax.set_title(title or "Class-specific measures" + (" with intervals" if with_ci else ""))
    # flush with the axes' right edge, which is inside the figure: long labels narrow the axes, and a title centred
    # over it would run past the figure's right edge; to the left it has the labels' room (still ax.get_title())
    ax.title.set_x(1.0)
    ax.title.set_horizontalalignment("right")


def forest_classes(rep, measures: Sequence[str]) -> tuple[pd.DataFrame, str | None, int | None]:
    """The rows of ``rep.binary`` the forest plot shows, its title (None: the usual one) and how many of the rows
    are the weakest classes (None when every class is shown). Every class when the
    plot has at most :data:`FOREST_ROWS` rows; else the weakest and the strongest classes by the report's
    ``sort_by`` measure, as in the text report (at most ``max_classes`` classes, and at most FOREST_ROWS rows)."""
    binary = rep.binary
    if len(binary.index) * len(measures) <= FOREST_ROWS:
        return binary, None, None
    limit = max(2, FOREST_ROWS // len(measures))
    if rep.options.get("max_classes") is not None:
        limit = min(limit, rep.options["max_classes"])
    ranking = rank(binary, sort_measure(binary, rep.options.get("sort_by")), limit)
    weak, strong = ranking.words
    title = (f"Class-specific measures:\nthe {len(ranking.weakest)} {weak} and {len(ranking.strongest)} {strong}\n"
             f"of {len(binary.index)} classes by {ranking.code}")
    return binary.iloc[ranking.weakest + ranking.strongest], title, len(ranking.weakest)


def report_figure(rep, measures: Sequence[str] | None = None, normalize: bool = False):
    """A figure with the heatmap of the crosstab and the forest plot of ``measures``, at most
    :data:`FIGURE_LIMIT` inches wide and high."""
    shown = shown_measures(rep.binary)
    if measures is None:
        measures = [code for code in ("REC", "PRE", "F1") if code in shown] or shown[:3]
    measures = [m.code for m in resolve(measures, "binary", default=lambda m: False)]
    missing = [code for code in measures if code not in shown]
    if missing:
        raise ValueError(f"measures: {', '.join(missing)} not in the report's class-specific measures "
                         f"({', '.join(shown)}); give them to report(measures=...) first")
    plt = pyplot()
    # labels that print alike are told apart as the report's tables show them
    with plt.rc_context(fallback_fonts([*rep.agreement.labels, *rep.agreement.axis_names])), \
            display.labels_apart(*rep.label_sets(), reserved=rep.headings()):
        return _report_figure(plt, rep, measures, normalize)


def _report_figure(plt, rep, measures: list[str], normalize: bool):
    k = rep.agreement.shape[1]
    binary, title, split = forest_classes(rep, measures)
    rows = len(binary.index) * len(measures)
    width = min(FIGURE_LIMIT, 6 + 0.45 * min(k, ANNOTATE) + 5)
    height = min(FIGURE_LIMIT, max(4.0, 0.28 * rows + 1.5, 0.3 * min(rep.agreement.shape[0], TICKS) + 2))
    fig, (left, right) = plt.subplots(1, 2, figsize=(width, height),
                                      gridspec_kw={"width_ratios": [min(max(k, 3), 12), 4]})
    heatmap(left, rep.agreement, normalize=normalize)
    forest(right, binary, measures, title, split)
    reference, predicted = rep.agreement.axis_names
    fig.suptitle(f"Agreement: {_label('reference' if reference is None else reference)} * "
                 f"{_label('prediction' if predicted is None else predicted)}")
    fig.tight_layout()
    return fig
