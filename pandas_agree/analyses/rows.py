"""The rows a table object read and those it left out (SPSS's Case Processing Summary): one set of properties for
the Crosstab (and Agreement), the Comparison and Scores, each reading the record its count keeps."""

from __future__ import annotations

__all__ = ["CountedRows"]


class CountedRows:
    """The bookkeeping of the rows counted, read from :attr:`_counted_rows` (the record of the count: its
    ``n_rows``, ``n_missing``, ``n_zero_weight``, ``n_missing_weight``, ``n_missing_zero_weight`` and
    ``weight_missing``)."""

    @property
    def _counted_rows(self):  # pragma: no cover - every table object names its record
        raise NotImplementedError

    @property
    def n_rows(self) -> int | None:
        """Rows read (None for a table given directly)."""
        return self._counted_rows.n_rows

    @property
    def n_missing(self) -> int:
        """Rows left out because a value (a label; for scores, a label or a score) or the weight was missing."""
        return self._counted_rows.n_missing

    @property
    def n_zero_weight(self) -> int:
        """Rows with every value present left out because their weight was 0."""
        return self._counted_rows.n_zero_weight

    @property
    def n_missing_weight(self) -> int:
        """Rows left out because their weight was missing (they are among :attr:`n_missing`)."""
        return self._counted_rows.n_missing_weight

    @property
    def n_missing_zero_weight(self) -> int:
        """Rows left out for a missing value whose weight was 0 (they are among :attr:`n_missing`, not among
        :attr:`n_zero_weight`, and add nothing to :attr:`weight_missing`).

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> df = pd.DataFrame({"a": ["x", "y", None, "x"], "b": ["x", "x", "y", "y"], "w": [2.0, 3.0, 0.0, 0.0]})
        >>> ct = df.agree.crosstabs("a", "b", weights="w")
        >>> ct.n_missing, ct.n_missing_zero_weight, ct.n_zero_weight
        (1, 1, 1)
        """
        return self._counted_rows.n_missing_zero_weight

    @property
    def weight_missing(self) -> float:
        """The weighted count of the rows left out for a missing value: the sum of their weights (a row whose
        weight is missing too is not in it: see :attr:`n_missing_weight`), or their number without weights; 0 for
        a table given directly and with ``dropna=False``.

        SPSS's Case Processing Summary shows it as Missing under ``WEIGHT BY``.

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> df = pd.DataFrame({"a": ["x", "y", None, None], "b": ["x", "x", "y", "x"], "w": [2.0, 3.0, 1.5, None]})
        >>> ct = df.agree.crosstabs("a", "b", weights="w")
        >>> ct.n, ct.weight_missing, ct.n_missing, ct.n_missing_weight
        (5.0, 1.5, 2, 1)
        """
        return self._counted_rows.weight_missing
