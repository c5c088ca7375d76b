"""Registers ``agree`` on dask DataFrames without importing dask.

Importing dask.dataframe takes longer than importing pandas_agree itself, so the package does not import it.
When dask.dataframe is already imported, the accessor is registered at once; otherwise a finder on
``sys.meta_path`` waits for the first import of dask.dataframe and registers the accessor right after it, so
``ddf.agree`` works whichever of the two packages is imported first.
"""

from __future__ import annotations

import importlib.abc
import importlib.util
import sys

__all__ = ["register_dask_accessor"]

_WATCHED = "dask.dataframe"


def _register() -> None:
    from . import dask_accessor  # noqa: F401  (registering is a side effect of the import)


class _AfterDaskDataFrame(importlib.abc.MetaPathFinder):
    """Finds nothing itself; wraps the loader of dask.dataframe so that the accessor is registered after it."""

    def find_spec(self, fullname, path, target=None):
        if fullname != _WATCHED:
            return None
        sys.meta_path.remove(self)  # one import is enough; the other finders locate the real module
        spec = importlib.util.find_spec(fullname)
        if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
            return spec
        run = spec.loader.exec_module

        def exec_module(module):
            run(module)
            _register()

        spec.loader.exec_module = exec_module
        return spec


def register_dask_accessor() -> None:
    """Register ``agree`` on dask DataFrames now if dask.dataframe is imported, else when it is."""
    if _WATCHED in sys.modules:
        _register()
    elif importlib.util.find_spec("dask") is not None and not any(
            isinstance(f, _AfterDaskDataFrame) for f in sys.meta_path):
        sys.meta_path.insert(0, _AfterDaskDataFrame())
