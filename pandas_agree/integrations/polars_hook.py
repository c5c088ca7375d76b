"""Registers ``agree`` on Polars DataFrames and LazyFrames without importing Polars.

As for dask (:mod:`.dask_hook`): when Polars is already imported the namespace is registered at once; otherwise a
finder on ``sys.meta_path`` waits for the first import of Polars and registers it right after, so ``frame.agree``
works whichever of the two packages is imported first.
"""

from __future__ import annotations

import importlib.abc
import importlib.util
import sys

__all__ = ["register_polars_accessor"]

_WATCHED = "polars"


def _register() -> None:
    from .native_accessor import register_polars

    register_polars()


class _AfterPolars(importlib.abc.MetaPathFinder):
    """Finds nothing itself; wraps the loader of Polars so that the namespace is registered after it."""

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


def register_polars_accessor() -> None:
    """Register ``agree`` on Polars frames now if Polars is imported, else when it is."""
    if _WATCHED in sys.modules:
        _register()
    elif importlib.util.find_spec(_WATCHED) is not None and not any(
            isinstance(f, _AfterPolars) for f in sys.meta_path):
        sys.meta_path.insert(0, _AfterPolars())
