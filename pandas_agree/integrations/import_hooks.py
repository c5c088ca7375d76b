"""Registers ``agree`` on other libraries' frames without importing those libraries.

Importing dask.dataframe or Polars takes longer than importing pandas_agree itself, so the package imports
neither. When the library is already imported, its accessor is registered at once; otherwise a finder on
``sys.meta_path`` waits for the library's first import and registers the accessor right after it, so
``ddf.agree`` and ``frame.agree`` work whichever package is imported first.
"""

from __future__ import annotations

import importlib.abc
import importlib.util
import sys
from collections.abc import Callable

__all__ = ["register_dask_accessor", "register_polars_accessor", "when_imported"]


class _AfterImport(importlib.abc.MetaPathFinder):
    """Finds nothing itself; wraps the loader of the module ``watched`` so that ``then()`` runs after it."""

    def __init__(self, watched: str, then: Callable[[], None]) -> None:
        self.watched, self.then = watched, then

    def find_spec(self, fullname, path, target=None):
        if fullname != self.watched:
            return None
        sys.meta_path.remove(self)  # one import is enough; the other finders locate the real module
        spec = importlib.util.find_spec(fullname)
        if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
            return spec
        run, then = spec.loader.exec_module, self.then

        def exec_module(module):
            run(module)
            then()

        spec.loader.exec_module = exec_module
        return spec


def when_imported(watched: str, then: Callable[[], None], installed: str | None = None) -> None:
    """Run ``then()`` now if the module ``watched`` is imported, else right after its first import (where the
    package ``installed``, by default ``watched``, can be found at all)."""
    if watched in sys.modules:
        then()
    elif importlib.util.find_spec(installed or watched) is not None and not any(
            isinstance(f, _AfterImport) and f.watched == watched for f in sys.meta_path):
        sys.meta_path.insert(0, _AfterImport(watched, then))


def _register_dask() -> None:
    from . import dask_accessor  # noqa: F401  (registering is a side effect of the import)


def _register_polars() -> None:
    from .native_accessor import register_polars

    register_polars()


def register_dask_accessor() -> None:
    """Register ``agree`` on dask DataFrames now if dask.dataframe is imported, else when it is."""
    when_imported("dask.dataframe", _register_dask, installed="dask")


def register_polars_accessor() -> None:
    """Register ``agree`` on Polars DataFrames and LazyFrames now if Polars is imported, else when it is."""
    when_imported("polars", _register_polars)
