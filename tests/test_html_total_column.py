"""The HTML crosstab shows its margin column bold as it does its margin row (SPSS's output and the text report treat
both margins alike)."""

import re
import warnings

import pandas as pd

import pandas_agree as pa
from pandas_agree.report.html import STYLE

from ._r_datasets import TITANIC


def _table(page: str, title: str) -> str:
    start = page.index(f"<h3>{title}</h3>")
    return page[start:page.index("</table>", start)]


def _body_rows(table: str) -> list[list[tuple[str, str]]]:
    """Each body row's cells as (class attribute, text)."""
    body = table[table.index("<tbody>"):]
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", body)
    return [re.findall(r'<td(?: class="([^"]*)")?>([^<]*)</td>', row) for row in rows]


def _bold_margin_column(table: str) -> list[str]:
    """The texts of the margin column, each row's last cell, after checking that it alone is marked bold."""
    rows = _body_rows(table)
    assert rows and all(cells[-1][0] == "pa-total-column" for cells in rows)
    assert all(kind != "pa-total-column" for cells in rows for kind, _ in cells[:-1])
    return [text for _, text in (cells[-1] for cells in rows)]


def test_the_style_makes_the_margin_column_bold_as_the_margin_row():
    assert re.search(r"td\.pa-total-column \{[^}]*font-weight: 600", STYLE)
    assert re.search(r"tr\.pa-total td \{[^}]*font-weight: 600", STYLE)


def test_crosstabs_with_cell_statistics():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        report = pa.crosstabs(TITANIC, "Class", "Survived", weights="Freq").report(cells=["count", "row", "asresid"])
    page = report.to_html()
    column = _bold_margin_column(_table(page, "Class * Survived Crosstabulation"))
    # R: margin.table(Titanic, 1) gives 325, 285, 706, 885 (sum 2201); the totals have no residuals (blank)
    assert column == ["325", "100.0%", "", "285", "100.0%", "", "706", "100.0%", "", "885", "100.0%", "", "2201",
                      "100.0%"]
    assert '<tr class="pa-total"><th>Total</th><th class="pa-stat">Count</th>' in page  # the margin row, bold
    # other tables have no margin column
    assert "pa-total-column" not in _table(page, "Case Processing Summary")


def test_agreement_report_and_its_fragment():
    df = pd.DataFrame({"ref": list("aabbbc"), "pred": list("abbbcc")})
    report = df.agree.report("ref", "pred", ci=None)
    # pd.crosstab(df.ref, df.pred, margins=True)["All"]: 2, 3, 1, 6
    for page in (report.to_html(), report._repr_html_()):
        assert _bold_margin_column(_table(page, "ref * pred Crosstabulation")) == ["2", "3", "1", "6"]
