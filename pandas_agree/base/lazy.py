"""Modules imported on first use, so that ``import pandas_agree`` does not pay for them."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

__all__ = ["LazyModule", "is_scipy_sparse"]


class LazyModule:
    """A module imported at the first access to one of its attributes (``sparse = LazyModule("scipy.sparse")``).

    Examples
    --------
    >>> from pandas_agree.base.lazy import LazyModule
    >>> math = LazyModule("math")
    >>> math.sqrt(4.0)
    2.0
    """

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, attr: str) -> Any:
        module: ModuleType = importlib.import_module(self._name)
        return getattr(module, attr)

    def __repr__(self) -> str:
        return f"<module {self._name!r}, imported on first use>"


def is_scipy_sparse(value: object, form: str | None = None) -> bool:
    """Whether ``value`` is a scipy sparse array or matrix (of the format ``form``, such as "coo", when given),
    without importing scipy when it is not one.

    Examples
    --------
    >>> import numpy as np
    >>> from pandas_agree.base.lazy import is_scipy_sparse
    >>> is_scipy_sparse(np.eye(2))
    False
    """
    if not type(value).__module__.startswith("scipy.sparse"):
        return False
    from scipy import sparse

    return sparse.issparse(value) and (form is None or value.format == form)
