"""HTML rendering of an AgreementReport: a fragment for Jupyter and a self-contained page (no external
resources; plots embedded as PNG data when matplotlib is installed)."""

from __future__ import annotations

import base64
import html
import io

from ..base.text import install_advice
from .display import printable
from .document import Document, Table, stub_parts

__all__ = ["fragment", "page"]

STYLE = """
.pa-report { font-family: -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; font-size: 13px; color: #222; }
.pa-report h2 { font-size: 17px; margin: 0 0 4px 0; }
.pa-report h3 { font-size: 14px; margin: 18px 0 4px 0; }
.pa-report h4 { font-size: 15px; margin: 28px 0 4px 0; border-bottom: 2px solid #555; }
.pa-report .pa-meta { color: #666; margin-bottom: 8px; }
.pa-report .pa-wide { overflow-x: auto; max-width: 100%; }
.pa-report table { border-collapse: collapse; margin: 2px 0 4px 0; }
/* the light line between rows is each row's top border: in the collapsing border model a cell's bottom border would
   win over the dark top border of a rule or total row below it (of two like borders, the one further up wins) */
.pa-report th, .pa-report td { padding: 2px 10px; border-top: 1px solid #e3e3e3; }
.pa-report thead th { border-top: 2px solid #555; border-bottom: 1px solid #555; text-align: right; }
.pa-report thead th:first-child, .pa-report thead th.pa-stat { text-align: left; }
.pa-report tbody th { text-align: left; font-weight: normal; }
.pa-report td { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.pa-report tr.pa-total th, .pa-report tr.pa-total td { border-top: 1px solid #555; font-weight: 600; }
.pa-report tr.pa-rule th, .pa-report tr.pa-rule td { border-top: 1px solid #555; }
.pa-report tr.pa-total-more th, .pa-report tr.pa-total-more td { font-weight: 600; }
.pa-report tbody th { white-space: pre; }
.pa-report .pa-wide tbody th, .pa-report .pa-wide thead th:first-child { position: sticky; left: 0; background: #fff; }
.pa-report .pa-wide tbody th.pa-stat { position: static; }
@media print { .pa-report .pa-wide { overflow-x: visible; } }
.pa-report tbody tr:last-child th, .pa-report tbody tr:last-child td { border-bottom: 2px solid #555; }
.pa-report td.pa-match { background: #dcebfa; font-weight: 600; }
.pa-report td.pa-total-column { font-weight: 600; }
.pa-report .pa-aside { color: #666; padding-left: 4px; }
.pa-report .pa-foot { color: #555; font-size: 12px; margin: 0 0 2px 0; }
.pa-report ul.pa-notes { margin: 4px 0; padding-left: 18px; }
.pa-report img { max-width: 100%; }
.pa-report dl.pa-long dd { margin: 0 0 6px 18px; word-break: break-all; font-family: monospace; font-size: 12px; }
"""


def _e(text) -> str:
    return html.escape(printable(str(text)), quote=True)


def table_html(t: Table) -> str:
    feet = "".join(f'<p class="pa-foot">{_e(n)}</p>' for n in t.footnotes)
    if not t.columns:  # a title with its footnotes
        return f"<h3>{_e(t.title)}</h3>{feet}"
    aside = ' class="pa-aside"'  # a column that goes with the one before it (a value's design effect)
    head = "".join(f"<th{aside if j in t.companions else ''}>{'<br>'.join(_e(part) for part in c.split(chr(10)))}"
                   "</th>" for j, c in enumerate(t.columns))
    # a crosstab's cell statistics: the row's label and the statistic's name in two stub columns (SPSS's layout),
    # so that the names line up whatever the font
    # (a layered crosstab: the layer, the row variable, the row's label and the statistic, four stub columns)
    n_stubs = len(stub_parts(t, ""))
    corner = f' colspan="{n_stubs}"' if n_stubs > 1 else ""
    caption = f'<tr><th{corner}></th><th colspan="{len(t.columns)}" style="text-align:center">' \
        f'{_e(t.column_title)}</th></tr>' if t.column_title else ""

    def stub(label: str) -> str:
        first, *more = stub_parts(t, label)
        return f"<th>{_e(first)}</th>" + "".join(f'<th class="pa-stat">{_e(part)}</th>' for part in more)

    # the stub's title over its first column; a layered crosstab's titles (the layer variables) each over its own
    corner_head = stub(t.stub) if isinstance(t.stub_split, tuple) else f"<th{corner}>{_e(t.stub)}</th>"
    body = []
    total_column = len(t.columns) - 1 if t.total_column else None  # bold, as the total row is
    for i, (label, cells) in enumerate(t.rows):
        if cells is None:  # a row of text across the table
            body.append(f'<tr><td colspan="{len(t.columns) + n_stubs}" style="text-align:center">'
                        f'{_e(label)}</td></tr>')
            continue
        first_total = len(t.rows) - int(t.total_row)
        total = ' class="pa-rule"' if i in t.rules else "" if not t.total_row or i < first_total else \
            ' class="pa-total"' if i == first_total else ' class="pa-total-more"'
        tds = "".join(f'<td class="pa-match">{_e(c)}</td>' if (i, j) in t.highlight else
                      f'<td class="pa-total-column">{_e(c)}</td>' if j == total_column else
                      f"<td{aside if j in t.companions else ''}>{_e(c)}</td>" for j, c in enumerate(cells))
        body.append(f"<tr{total}>{stub(label)}{tds}</tr>")
    # a table wider than the page scrolls in its own box, its row labels kept in view
    return (f'<h3>{_e(t.title)}</h3><div class="pa-wide"><table><thead>{caption}<tr>{corner_head}{head}'
            f"</tr></thead><tbody>{''.join(body)}</tbody></table></div>{feet}")


def _notes_html(notes: list[str]) -> str:
    items, nested = [], []
    for note in notes:
        if note.startswith("  "):
            nested.append(f"<li>{_e(note.strip())}</li>")
            continue
        if nested:
            items[-1] = items[-1][:-5] + f"<ul>{''.join(nested)}</ul></li>"
            nested = []
        items.append(f"<li>{_e(note)}</li>")
    if nested:
        items[-1] = items[-1][:-5] + f"<ul>{''.join(nested)}</ul></li>"
    return f'<h3>Notes</h3><ul class="pa-notes">{"".join(items)}</ul>'


def _figure_png(make_figure) -> str | None:
    try:
        import matplotlib

        matplotlib.use("Agg", force=False)
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    fig = make_figure()
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=110, bbox_inches="tight")
    plt.close(fig)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def _body(doc: Document, plots: bool) -> str:
    parts = [f"<h2>{_e(doc.title)}</h2>", f'<div class="pa-meta">{_e(doc.meta)}</div>']
    for sec in doc.sections:
        if sec.heading is not None:
            parts.append(f"<h4>{_e(sec.heading)}</h4>")
        parts.extend(table_html(t) for t in sec.tables)
        if plots and sec.figure is not None:
            png = _figure_png(sec.figure)
            if png is not None:
                parts.append(f'<h3>Plots</h3><img alt="plots of this section" src="data:image/png;base64,{png}">')
            else:
                parts.append('<p class="pa-meta">The plots of this section need matplotlib: '
                             f'{_e(install_advice("matplotlib", "plot"))}.</p>')
        if sec.notes:
            parts.append(_notes_html(sec.notes))
    if doc.long_labels:
        items = "".join(f"<dt>{_e(shown)}</dt><dd>{_e(whole)}</dd>" for shown, whole in doc.long_labels)
        parts.append('<h3>Long labels</h3><p class="pa-foot">Labels longer than 60 characters are shown cut in the '
                     f'tables and notes; their whole text:</p><dl class="pa-long">{items}</dl>')
    return "".join(parts)


def fragment(doc: Document) -> str:
    """The report as an HTML fragment with its own styles (what Jupyter shows)."""
    return f'<div class="pa-report"><style>{STYLE}</style>{_body(doc, plots=False)}</div>'


def page(doc: Document, plots: bool = True) -> str:
    """The report as one self-contained HTML page, each section's plots embedded unless ``plots`` is false."""
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{_e(doc.title)}</title><style>{STYLE}</style></head>"
            f'<body><div class="pa-report">{_body(doc, plots=plots)}</div></body></html>\n')
