"""What ``import pandas_agree`` costs on top of ``import pandas``, and how long the plain ``pytest`` takes.

Each import is timed in a fresh interpreter (the best of ``--repeat`` runs, 5 by default), so nothing is cached
in the process; the overhead is the best time of ``import pandas_agree`` minus the best time of ``import pandas``.
The interpreters keep their bytecode in a temporary ``PYTHONPYCACHEPREFIX`` (one warm-up run fills it), as an
installed package has its ``.pyc`` files, even where the environment sets ``PYTHONDONTWRITEBYTECODE``.
With ``--pytest`` the README's ``pytest`` (the fast tests; the slow ones are CI's separate step) is run once and
its wall time printed.

    python benchmarks/import_time.py            # import overhead
    python benchmarks/import_time.py --pytest   # and the wall time of the plain pytest
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET = 0.05  # seconds of overhead allowed, with dask installed


def import_seconds(module: str, repeat: int, env: dict) -> float:
    """The best of ``repeat`` fresh-interpreter timings of ``import module`` (after one warm-up run)."""
    code = f"import time; t = time.perf_counter(); import {module}; print(time.perf_counter() - t)"
    runs = []
    for _ in range(repeat + 1):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT,
                             env=env)
        runs.append(float(out.stdout.strip()))
    return min(runs[1:])


def pytest_seconds() -> tuple[float, int]:
    """Wall time and exit status of the plain ``pytest`` in the project root."""
    start = time.perf_counter()
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"], cwd=ROOT)
    return time.perf_counter() - start, run.returncode


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="fresh interpreters per import (default 5)")
    parser.add_argument("--pytest", action="store_true", help="also time the plain pytest (the fast tests)")
    args = parser.parse_args(argv)

    dask = importlib.util.find_spec("dask") is not None
    with tempfile.TemporaryDirectory() as cache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = cache
        pandas = import_seconds("pandas", args.repeat, env)
        package = import_seconds("pandas_agree", args.repeat, env)
    overhead = package - pandas
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, dask {'installed' if dask else 'not installed'}")
    print(f"import pandas        {pandas:6.3f} s (best of {args.repeat})")
    print(f"import pandas_agree  {package:6.3f} s (best of {args.repeat})")
    print(f"overhead             {overhead:6.3f} s (target at most {TARGET} s)")
    status = 0 if overhead <= TARGET else 1
    if args.pytest:
        seconds, code = pytest_seconds()
        print(f"pytest               {seconds:6.1f} s ({seconds / 60:.1f} min), exit status {code}")
        status = status or code
    return status


if __name__ == "__main__":
    sys.exit(main())
