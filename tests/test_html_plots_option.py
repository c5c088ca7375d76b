"""The HTML page: ``to_html(plots=False)`` (and the command line's ``--no-plots``) leaves each section's plots out
and nothing else (the page without its plot blocks is the page with them less those blocks); wide tables scroll in
their own boxes."""

import re

import numpy as np
import pandas as pd
import pytest

import pandas_agree as pa
from pandas_agree.integrations import cli

pytest.importorskip("matplotlib")

PLOT_BLOCK = re.compile(r'<h3>Plots</h3><img alt="plots of this section" src="data:image/png;base64,[A-Za-z0-9+/=]+">')


@pytest.fixture(scope="module")
def frame():
    rng = np.random.default_rng(1)
    a = rng.choice(["x", "y", "z"], 300)
    p = np.where(rng.random(300) < 0.75, a, rng.choice(["x", "y", "z"], 300))
    return pd.DataFrame({"a": a, "p": p, "g": rng.choice(["north", "south"], 300)})


def test_without_plots_is_the_page_less_its_plots(frame):
    report = frame.agree.report("a", "p", by="g", ci=None)
    with_plots, without = report.to_html(), report.to_html(plots=False)
    assert len(PLOT_BLOCK.findall(with_plots)) == 3  # the whole table and each group
    assert "<img" not in without
    assert PLOT_BLOCK.sub("", with_plots) == without


def test_plots_must_be_a_flag(frame):
    report = pa.Agreement.from_table([[20, 5], [3, 22]]).report(ci=None)
    with pytest.raises(TypeError, match="plots"):
        report.to_html(plots="no")


def test_command_line_no_plots(tmp_path, frame):
    path, html = tmp_path / "data.csv", tmp_path / "out.html"
    frame.to_csv(path, index=False)
    assert cli.main(["report", str(path), "--actual", "a", "--pred", "p", "--ci", "none", "--html", str(html),
                     "--no-plots", "--quiet"]) == 0
    page = html.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "Kappa" in page and "<img" not in page


def test_every_table_scrolls_in_its_own_box(frame):
    """A table wider than the page (the class-specific measures of many classes) scrolls in its own box with its
    row labels kept in view, in the page and in Jupyter's fragment, rather than widening the whole page."""
    report = frame.agree.report("a", "p", ci=None)
    for html in (report.to_html(plots=False), report._repr_html_()):
        tables = html.count("<table>")
        assert tables > 3 and html.count('<div class="pa-wide"><table>') == tables
        assert html.count("</table></div>") == tables
        assert ".pa-wide { overflow-x: auto" in html and "position: sticky" in html
