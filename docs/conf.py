"""Sphinx configuration of the pandas_agree documentation."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import sphinx_autosummary_accessors

import pandas_agree

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

project = "pandas_agree"
author = "pandas_agree developers"
copyright = "pandas_agree developers"
release = pandas_agree.__version__
version = release

extensions = [
    "myst_parser",
    "numpydoc",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.mathjax",
    "sphinx_autosummary_accessors",
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build", "generated/*.md"]
templates_path = ["_templates", sphinx_autosummary_accessors.templates_path]
myst_enable_extensions = ["dollarmath", "colon_fence"]
myst_heading_anchors = 3

autosummary_generate = True
autodoc_typehints = "none"
numpydoc_show_class_members = False
numpydoc_xref_param_type = False
# every documented object must have a docstring with an Examples section; -W turns these into errors
numpydoc_validation_checks = {"GL08", "EX01"}

html_theme = "pydata_sphinx_theme"
html_title = "pandas_agree"
html_theme_options = {
    "navigation_with_keys": False,
    "show_toc_level": 2,
    "secondary_sidebar_items": ["page-toc"],
}
html_static_path: list[str] = []


def _catalogue_is_current() -> None:
    """The measure catalogue page is generated from the registry; refuse to build a stale one."""
    spec = importlib.util.spec_from_file_location("make_catalogue", HERE / "make_catalogue.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if (HERE / "catalogue.md").read_text(encoding="utf-8") != module.render():
        sys.exit("docs/catalogue.md is out of date with the registry: run python docs/make_catalogue.py")


_catalogue_is_current()
