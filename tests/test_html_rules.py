"""The dark rule above a layer (and above a total row) shows in a browser: with collapsing borders, the light line
under the row before it won over the rule (of two borders alike but for their colour, the one further up wins), so
Chromium drew the light line, and the layered crosstab's layers ran together."""

import shutil
import subprocess

import pytest

from pandas_agree.report.document import Document, Section, Table
from pandas_agree.report.html import page

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")


def _dark_lines(tmp_path, rules: set, total_row: bool = False) -> list[int]:
    """The rows of pixels where a dark line (or glyph) begins, down a column inside the first cells' left padding,
    of a page holding one table of four rows."""
    from PIL import Image  # matplotlib's dependency, with the test extra

    rows = [(label, [str(i), str(i + 1)]) for i, label in enumerate("abcd")]
    table = Table("Layers", ["x", "y"], rows, stub="L", rules=rules, total_row=total_row)
    html = tmp_path / f"page{sorted(rules)}{total_row}.html"
    html.write_text(page(Document("T", "", [Section(None, [table], [])])), encoding="utf-8")
    shot = tmp_path / f"{html.stem}.png"
    subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    f"--user-data-dir={tmp_path / 'profile'}", "--window-size=400,400", f"--screenshot={shot}",
                    html.as_uri()], capture_output=True, timeout=120, check=False)
    image = Image.open(shot).convert("RGB")
    starts, before = [], False
    for y in range(image.height):
        dark = max(image.getpixel((12, y))) < 130  # the rules' #555; the light lines are #e3e3e3
        if dark and not before:
            starts.append(y)
        before = dark
    return starts


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium binary to render the page")
@pytest.mark.parametrize("kind", ["rule", "total"])
def test_a_rule_above_a_row_shows_in_chromium(tmp_path, kind):
    plain = _dark_lines(tmp_path, set())
    ruled = _dark_lines(tmp_path, {2}) if kind == "rule" else _dark_lines(tmp_path, set(), total_row=True)
    assert len(ruled) == len(plain) + 1, (plain, ruled)
    extra = sorted(set(ruled) - set(plain))
    assert len(extra) == 1 and plain[0] < extra[0] < plain[-1]  # inside the table, between two rows
