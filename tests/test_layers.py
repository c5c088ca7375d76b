"""The package's layers are a contract: import-linter checks the imports, and an AST walk checks that no module
reaches into another module's private names."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "pandas_agree"


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _resolve(module: str, node: ast.ImportFrom, is_package: bool) -> str:
    """The absolute name of the module an ``ImportFrom`` reads from."""
    if not node.level:
        return node.module or ""
    base = module.split(".")
    base = base[: len(base) - node.level + (1 if is_package else 0)]
    return ".".join(base + ([node.module] if node.module else []))


def _private(name: str) -> bool:
    # _x is private; __x__ (dunder) and _x_ (protocol names such as _repr_html_) are not
    return name.startswith("_") and not name.endswith("_")


def _defined_names(tree: ast.AST) -> set[str]:
    """Every private name a module defines: functions, classes, assignments and attributes it stores."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            out.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            out.add(node.attr)
        elif isinstance(node, ast.arg):
            out.add(node.arg)
    return {n for n in out if _private(n)}


def private_uses(module: str, source: str, is_package: bool = False) -> list[str]:
    """Uses in ``source`` (the text of ``module``) of private names that another module defines.

    A module may use the private names it defines itself (functions, classes, assignments, attributes it stores,
    parameters). Flagged: ``from other_module import _name``; ``x._name`` where ``_name`` is not defined in this
    module and ``x`` is not ``self`` or ``cls`` (an imported module or class, or an object built elsewhere);
    ``getattr(x, "_name")`` and a keyword argument ``_name=`` likewise.
    """
    tree = ast.parse(source)
    own = _defined_names(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            origin = _resolve(module, node, is_package)
            if origin.split(".")[0] == "pandas_agree" and origin != module:
                found += [f"{module}:{node.lineno}: from {origin} import {a.name}" for a in node.names
                          if _private(a.name)]
        elif isinstance(node, ast.Attribute) and _private(node.attr) and node.attr not in own:
            if not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                found.append(f"{module}:{node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.Call):
            found += [f"{module}:{node.lineno}: {k.arg}= in {ast.unparse(node.func)}(...)" for k in node.keywords
                      if k.arg and _private(k.arg) and k.arg not in own]
            if (isinstance(node.func, ast.Name) and node.func.id in ("getattr", "hasattr") and len(node.args) >= 2
                    and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str)
                    and _private(node.args[1].value) and node.args[1].value not in own):
                found.append(f"{module}:{node.lineno}: {ast.unparse(node)}")
    return found


MODULES = sorted(PACKAGE.rglob("*.py"))


def test_the_walk_sees_every_module():
    names = {_module_name(p) for p in MODULES}
    assert {"pandas_agree", "pandas_agree.analyses.agreement", "pandas_agree.report.raters"} <= names


@pytest.mark.parametrize("source, expected", [
    ("from ..analyses.agreement import _column\n", ["from pandas_agree.analyses.agreement import _column"]),
    ("from .document import Document, _letters\n", ["from pandas_agree.report.document import _letters"]),
    ("def f(raters):\n    return raters._design.codes\n", ["raters._design"]),
    ("from ..analyses import agreement\nx = agreement._common_rows\n", ["agreement._common_rows"]),
    ("def f(ag):\n    return getattr(ag, '_counts')\n", ["getattr(ag, '_counts')"]),
    ("from ..analyses.agreement import Agreement\nAgreement(t, _bookkeeping={})\n",
     ["_bookkeeping= in Agreement(...)"]),
    # allowed: own private names, self and cls, dunders and protocol names, public names
    ("class A:\n    def f(self):\n        return self._x, A._make()\n    @classmethod\n"
     "    def _make(cls):\n        return cls._y\n", []),
    ("_cache = {}\ndef f(x):\n    return x._cache, x.__class__, x._repr_html_()\n", []),
    ("from ..analyses.agreement import Agreement\nAgreement.from_table\n", []),
])
def test_private_uses_flags_what_it_should(source, expected):
    found = private_uses("pandas_agree.report.probe", source)
    assert [f.split(": ", 1)[1] for f in found] == expected


def test_no_module_uses_another_modules_private_names():
    found = [hit for path in MODULES
             for hit in private_uses(_module_name(path), path.read_text(encoding="utf-8"), path.name == "__init__.py")]
    assert found == [], "private names used across modules:\n" + "\n".join(found)


def test_import_contracts_hold():
    """The layers, the place of the data sets and the absence of cycles, as pyproject.toml declares them."""
    pytest.importorskip("importlinter", reason="import-linter is in the test extra")
    # lint-imports, run by the interpreter of the tests
    command = [sys.executable, "-c", "import sys; from importlinter.cli import lint_imports_command as lint; "
               "sys.exit(lint())", "--no-cache"]
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0 and " 0 broken" in run.stdout, run.stdout[-4000:] + run.stderr[-2000:]
