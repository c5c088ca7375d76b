"""What a planning function returns: a number that says how it was found.

A sample size is an ``int`` and a power or a kappa a ``float``, so that they compute, compare and print as the
numbers they are; each also carries the method and the reference it was computed by (``.method``,
``.reference``) and, for a sample size, the value before it was rounded up (``.exact``).

Examples
--------
>>> from pandas_agree.plan.results import PlannedValue, SampleSize
>>> n = SampleSize(94.2, method="Cantor's normal test of kappa", reference="Cantor (1996)")
>>> n, n.exact, n + 1
(95, 94.2, 96)
>>> n.describe()
"95 subjects (Cantor's normal test of kappa; Cantor (1996))"
>>> p = PlannedValue(0.8123, method="power of Cantor's test", reference="Cantor (1996)")
>>> round(p, 3), p.method
(0.812, "power of Cantor's test")
"""

from __future__ import annotations

import math

__all__ = ["PlannedValue", "SampleSize"]


class SampleSize(int):
    """A number of subjects: the smallest whole number at least ``exact``.

    Parameters
    ----------
    exact : float
        The sample size the formula gives, before it is rounded up.
    method, reference : str
        How it was computed, and after whom.

    Attributes
    ----------
    exact : float
    method, reference : str

    Examples
    --------
    >>> from pandas_agree.plan.results import SampleSize
    >>> n = SampleSize(12.0, method="a method", reference="A (2000)")
    >>> n, isinstance(n, int), n.exact
    (12, True, 12.0)
    """

    exact: float
    method: str
    reference: str

    def __new__(cls, exact: float, *, method: str = "", reference: str = "") -> SampleSize:
        value = float(exact)
        if not math.isfinite(value):
            raise ValueError(f"the sample size is not finite ({value}); check that the effect is not zero")
        self = super().__new__(cls, math.ceil(value))
        self.exact, self.method, self.reference = value, method, reference
        return self

    def __reduce__(self):
        return (_rebuild_size, (self.exact, self.method, self.reference))

    def describe(self) -> str:
        """One line: the number of subjects, its method and its reference.

        Examples
        --------
        >>> from pandas_agree.plan.results import SampleSize
        >>> SampleSize(3.5, method="m", reference="r").describe()
        '4 subjects (m; r)'
        """
        return f"{int(self)} subjects ({self.method}; {self.reference})"


class PlannedValue(float):
    """A power, or the kappa a study can detect or bound, with the method and reference that gave it.

    Examples
    --------
    >>> from pandas_agree.plan.results import PlannedValue
    >>> v = PlannedValue(0.5, method="m", reference="r")
    >>> v * 2, v.describe()
    (1.0, '0.5 (m; r)')
    """

    method: str
    reference: str

    def __new__(cls, value: float, *, method: str = "", reference: str = "") -> PlannedValue:
        self = super().__new__(cls, value)
        self.method, self.reference = method, reference
        return self

    def __reduce__(self):
        return (_rebuild_value, (float(self), self.method, self.reference))

    def describe(self, digits: int = 4) -> str:
        """One line: the value (to ``digits`` significant digits), its method and its reference.

        Examples
        --------
        >>> from pandas_agree.plan.results import PlannedValue
        >>> PlannedValue(0.812345, method="m", reference="r").describe()
        '0.8123 (m; r)'
        """
        return f"{float(self):.{digits}g} ({self.method}; {self.reference})"


def _rebuild_size(exact: float, method: str, reference: str) -> SampleSize:
    return SampleSize(exact, method=method, reference=reference)


def _rebuild_value(value: float, method: str, reference: str) -> PlannedValue:
    return PlannedValue(value, method=method, reference=reference)
