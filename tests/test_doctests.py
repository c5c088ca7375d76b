"""The Examples sections of every docstring, run against the package that is imported."""

import doctest
import importlib
import pkgutil

import pytest

import pandas_agree

MODULES = sorted(name for _, name, _ in pkgutil.walk_packages(pandas_agree.__path__, "pandas_agree."))


@pytest.mark.parametrize("name", ["pandas_agree", *MODULES])
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS, verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
