"""Write the pip constraints that pin every dependency to the lowest version pyproject.toml declares.

CI installs the package with these constraints on the lowest supported Python, so every ``>=`` bound in
pyproject.toml is one that has been installed and tested. Usage (Python 3.11 or later, or tomli installed)::

    python .ci/constraints.py [EXTRA ...] > constraints.txt
    pip install -c constraints.txt ".[EXTRA,...]"

The runtime dependencies are always written; each EXTRA (for example ``test``) adds that optional group. A
requirement without a ``>=`` bound is an error: a dependency whose lowest version is not declared cannot be
tested at it.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: the same parser as the package tomli
    import tomli as tomllib

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"

# name, optional [extras], then the version specifiers (environment markers are not used in pyproject.toml)
REQUIREMENT = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*(.*)$")


def lowest(requirement: str) -> tuple[str, str]:
    """The distribution name of a requirement and the version of its ``>=`` bound.

    >>> lowest("dask[dataframe]>=2024.1")
    ('dask', '2024.1')
    >>> lowest("numpy>=1.26,<3")
    ('numpy', '1.26')
    """
    match = REQUIREMENT.match(requirement)
    if match is None:
        raise ValueError(f"cannot read the requirement {requirement!r}")
    name, specifiers = match.groups()
    bounds = [s.strip()[2:].strip() for s in specifiers.split(",") if s.strip().startswith(">=")]
    if len(bounds) != 1:
        raise ValueError(f"{requirement!r} must declare exactly one lower bound (>=) to be tested at it")
    return name.lower().replace("_", "-"), bounds[0]


def constraints(extras: list[str]) -> list[str]:
    """The lines ``name==version`` for the runtime dependencies and the optional groups ``extras``."""
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    groups = project.get("optional-dependencies", {})
    unknown = [extra for extra in extras if extra not in groups]
    if unknown:
        raise SystemExit(f"unknown extras {unknown}; pyproject.toml declares {sorted(groups)}")
    pins: dict[str, str] = {}
    for requirement in [*project["dependencies"], *(r for extra in extras for r in groups[extra])]:
        name, version = lowest(requirement)
        if pins.setdefault(name, version) != version:
            raise ValueError(f"{name} has two lower bounds in pyproject.toml: {pins[name]} and {version}")
    return [f"{name}=={version}" for name, version in sorted(pins.items())]


if __name__ == "__main__":
    print("\n".join(constraints(sys.argv[1:])))
