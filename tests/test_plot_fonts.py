"""Labels in scripts the default font lacks (Chinese beside matplotlib's DejaVu Sans) are drawn in an installed
fallback font, glyph by glyph, instead of as empty boxes with a warning for each glyph; labels the default font
covers leave the user's font settings alone."""

import warnings

import numpy as np
import pandas as pd
import pytest

import pandas_agree  # noqa: F401  (the .agree accessor)

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")

from matplotlib import font_manager  # noqa: E402
from matplotlib.ft2font import FT2Font  # noqa: E402

from pandas_agree.report.plots import FALLBACK_FONTS, fallback_fonts  # noqa: E402

CJK = ["零 zero", "一 один", "二 δύο", "三 trois"]


def _covering(chars: str) -> list[str]:
    """The installed fonts of FALLBACK_FONTS that hold every one of ``chars``."""
    found = []
    for font in font_manager.fontManager.ttflist:
        if font.name in FALLBACK_FONTS and font.name not in found and \
                {ord(c) for c in chars} <= FT2Font(font.fname).get_charmap().keys():
            found.append(font.name)
    return found


def test_labels_the_default_font_covers_change_nothing():
    assert fallback_fonts(["cat", "dog", "Ünïcödé", "δύο", 3, None]) == {}


def test_other_scripts_fall_back_to_installed_fonts():
    settings = fallback_fonts(CJK)
    installed = {font.name for font in font_manager.fontManager.ttflist}
    if not installed & set(FALLBACK_FONTS):
        assert settings == {}  # nothing to fall back to: matplotlib's boxes, as before
        return
    default = font_manager.FontProperties(fname=font_manager.findfont(font_manager.FontProperties())).get_name()
    families = settings["font.family"]
    assert families[0] == default and set(families[1:]) <= installed and len(families) > 1


def test_report_figure_draws_every_glyph():
    if not _covering("零一二三"):
        pytest.skip("no installed fallback font holds these Chinese glyphs")
    rng = np.random.default_rng(0)
    a = rng.choice(CJK, 300)
    p = np.where(rng.random(300) < 0.8, a, rng.choice(CJK, 300))
    report = pd.DataFrame({"a": a, "p": p}).agree.report("a", "p", ci=None)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        figure = report.plot()
        figure.canvas.draw()
    assert not [w for w in caught if "Glyph" in str(w.message)]


def _missing_glyphs(report) -> list:
    """The warnings of glyphs missing from the fonts while the report's figure is made and drawn."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        report.plot().canvas.draw()
    return [str(w.message) for w in caught if "Glyph" in str(w.message)]


@pytest.mark.parametrize("kind", ["compare", "class probabilities", "compare scores"])
def test_comparison_and_score_plots_draw_every_glyph(kind):
    """The paired differences of predictions named in Chinese, and the ROC curves of classes or scores so named."""
    if not _covering("零一二三甲乙"):
        pytest.skip("no installed fallback font holds these Chinese glyphs")
    rng = np.random.default_rng(1)
    y = rng.choice(CJK, 400)
    df = pd.DataFrame({"真": y, "甲": np.where(rng.random(400) < 0.8, y, rng.choice(CJK, 400)),
                       "乙": np.where(rng.random(400) < 0.6, y, rng.choice(CJK, 400))})
    binary = (y == CJK[0]).astype(int)
    df["分一"] = binary * 0.5 + rng.random(400) * 0.5
    df["分二"] = binary * 0.3 + rng.random(400) * 0.7
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if kind == "compare":
            report = df.agree.compare("真", ["甲", "乙"]).report(random_state=0)  # the plot draws the intervals
        elif kind == "class probabilities":
            probs = pd.DataFrame(rng.dirichlet(np.ones(4), 400), columns=CJK)
            report = pd.concat([df[["真"]], probs], axis=1).agree.scores("真", sorted(CJK)).report(ci=None)
        else:
            frame = pd.DataFrame({"真": binary, "分一": df["分一"], "分二": df["分二"]})
            report = frame.agree.compare_scores("真", ["分一", "分二"]).report(ci=None)
    assert not _missing_glyphs(report)
