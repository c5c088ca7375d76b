"""What every report shares: it prints as text, shows as HTML in Jupyter, writes an HTML page and JSON."""

from __future__ import annotations

import json
import os
from pathlib import Path

from ..base.options import validate_options
from .document import Document, laid_out
from .html import fragment, page
from .text import render

__all__ = ["Rendered"]

# the keyword arguments of json.dumps that to_json passes on (it sets ensure_ascii itself)
JSON_OPTIONS = ("skipkeys", "check_circular", "allow_nan", "cls", "indent", "separators", "default", "sort_keys")


class Rendered:
    """What every report shares: text, Jupyter HTML, an HTML page and JSON, from ``document()`` and
    ``to_dict()``; the renderers tell apart the labels of each of ``label_sets()`` that would print alike."""

    def document(self) -> Document:  # pragma: no cover - every report defines it
        raise NotImplementedError

    def to_dict(self) -> dict:  # pragma: no cover - every report defines it
        raise NotImplementedError

    def label_sets(self) -> list[list]:
        """The labels the report prints, in the sets within which each must read apart from the others (the labels
        of its tables; its groups or the values of each layer variable): see
        :func:`~pandas_agree.report.display.labels_apart`. None by default."""
        return []

    def headings(self) -> tuple[str, ...]:
        """The fixed texts the report prints where it prints labels (the crosstab's margins, "Total"; the
        comparison's whole-table tests, "(all)"): a label that reads like one is shown apart from it (see
        :func:`~pandas_agree.report.display.labels_apart`). None by default."""
        return ()

    def __str__(self) -> str:
        return render(laid_out(self))

    def _repr_html_(self) -> str:
        return fragment(laid_out(self))

    def to_html(self, path=None, *, plots: bool = True) -> str:
        """One self-contained HTML page (no external resources; plots embedded when matplotlib is installed).

        Parameters
        ----------
        path : str or path-like, optional
            Where to write the page (UTF-8).
        plots : bool, default True
            Embed each section's plots (as PNG). Drawing them takes most of the time of a page, about a second a
            section: False leaves them out (the tables and notes are the same).

        Returns
        -------
        str
            The page.

        Examples
        --------
        >>> import pandas_agree as pa
        >>> report = pa.Agreement.from_table([[20, 5], [3, 22]]).report(ci=None)
        >>> html = report.to_html()
        >>> html.startswith("<!DOCTYPE html>"), "KAPPA" in html
        (True, True)
        >>> "<img" in report.to_html(plots=False)
        False
        """
        path = _target(path, "HTML page")  # checked before the page is drawn
        html = page(laid_out(self), plots=plots)
        if path is not None:
            path.write_text(html, encoding="utf-8")
        return html

    @validate_options(passes=JSON_OPTIONS)
    def to_json(self, path=None, **kwargs) -> str | None:
        """:meth:`to_dict` as JSON text; keyword arguments go to :func:`json.dumps`.

        Parameters
        ----------
        path : str or path-like, optional
            Where to write the JSON (UTF-8). Without it the text is returned, as :meth:`pandas.DataFrame.to_json`
            does.
        **kwargs
            Passed to :func:`json.dumps` (``indent``, ``sort_keys``, ...; non-ASCII characters are kept).

        Returns
        -------
        str or None
            The JSON text, or None when it was written to ``path``.

        Examples
        --------
        >>> import json
        >>> import tempfile
        >>> from pathlib import Path
        >>> import pandas_agree as pa
        >>> report = pa.Agreement.from_table([[20, 5], [3, 22]]).report(ci=None)
        >>> data = json.loads(report.to_json(indent=2))
        >>> sorted(data)[:4]
        ['actual', 'averages', 'binary', 'confusions']
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     report.to_json(Path(folder) / "report.json")
        ...     json.loads((Path(folder) / "report.json").read_text(encoding="utf-8")) == data
        True
        """
        path = _target(path, "JSON file")
        text = json.dumps(self.to_dict(), ensure_ascii=False, **kwargs)
        if path is None:
            return text
        path.write_text(text, encoding="utf-8")
        return None


def _target(path, what: str) -> Path | None:
    """``path`` as a Path (None as None), or a TypeError naming the argument."""
    if path is None:
        return None
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path must be None or a file path (a str or path-like) of the {what}; got {path!r}")
    return Path(path)
