"""What the first report costs in a fresh process: the command line against ``import pandas``, and the first
``df.agree.report(...)`` against the second.

Two targets:

- ``pandas-agree report wine.csv --actual cultivar --pred knn`` (the 178 rows of the bundled wine_predictions
  data written as CSV; the report printed to a pipe) takes at most 0.5 s more than ``python -c "import pandas"``,
  both as wall times of a whole process;
- in a fresh process, the first ``df.agree.report("cultivar", "knn")`` (with ``str()`` of it) takes at most 0.3 s
  more than the second: what the first call imports and builds once.

Every timing is the best of ``--repeat`` fresh processes (5 by default), taken in interleaved rounds so that the
drifts of a shared machine reach them alike. Beside each wall time is the CPU time (user + system) of the same
process, which other jobs on a shared machine inflate far less: on an idle machine the two are close, the work
being single-threaded but for pyarrow's reading of text columns. The interpreters keep their bytecode in a temporary
``PYTHONPYCACHEPREFIX`` (one warm-up round fills it), as an installed package has its ``.pyc`` files. The modules
the first report imports are listed, by package, to show where its time goes.

    python benchmarks/first_call.py
    python benchmarks/first_call.py --repeat 10
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CLI_TARGET = 0.5  # seconds the command line may take beyond `python -c "import pandas"`
FIRST_TARGET = 0.3  # seconds the first report may take beyond the second

FIRST_AND_SECOND = """
import sys, time
import pandas_agree as pa
df = pa.datasets.load("wine_predictions")
before = set(sys.modules)
times = []
for _ in range(2):
    start, cpu = time.perf_counter(), time.process_time()
    str(df.agree.report("cultivar", "knn"))
    times += [time.perf_counter() - start, time.process_time() - cpu]
    if len(times) == 2:
        new = sorted(set(sys.modules) - before)
print(*times)
print(" ".join(sorted({".".join(m.split(".")[:2]) for m in new if not m.startswith("pandas_agree")})))
"""


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def wall(command: list[str], env: dict) -> tuple[float, float]:
    """The wall time and CPU time of one process running ``command`` (its output discarded)."""
    start, cpu = time.perf_counter(), _children_cpu()
    subprocess.run(command, stdout=subprocess.DEVNULL, check=True, cwd=ROOT, env=env)
    return time.perf_counter() - start, _children_cpu() - cpu


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="fresh processes per timing (default 5)")
    args = parser.parse_args(argv)

    script = shutil.which("pandas-agree", path=str(Path(sys.executable).parent)) or shutil.which("pandas-agree")
    if script is None:
        raise SystemExit("the pandas-agree command is not installed: pip install -e .")
    with tempfile.TemporaryDirectory() as work:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = str(Path(work) / "pycache")
        data = Path(work) / "wine.csv"
        subprocess.run([sys.executable, "-c", "import pandas_agree as pa; "
                        f"pa.datasets.load('wine_predictions').to_csv({str(data)!r}, index=False)"],
                       check=True, env=env)
        pandas = [sys.executable, "-c", "import pandas"]
        cli = [script, "report", str(data), "--actual", "cultivar", "--pred", "knn"]
        first_second = [sys.executable, "-c", FIRST_AND_SECOND]
        runs: dict[str, list[tuple[float, float]]] = {"pandas": [], "cli": [], "first": [], "second": []}
        imported = ""
        for round_ in range(args.repeat + 1):  # the first round is the warm-up
            times = {"pandas": wall(pandas, env), "cli": wall(cli, env)}
            out = subprocess.run(first_second, capture_output=True, text=True, check=True, cwd=ROOT, env=env)
            lines = out.stdout.splitlines()
            first_wall, first_cpu, second_wall, second_cpu = map(float, lines[0].split())
            times["first"], times["second"] = (first_wall, first_cpu), (second_wall, second_cpu)
            imported = lines[1] if len(lines) > 1 else ""
            if round_:
                for key, value in times.items():
                    runs[key].append(value)
    best = {key: (min(w for w, _ in values), min(c for _, c in values)) for key, values in runs.items()}
    cli_over = best["cli"][0] - best["pandas"][0]
    first_over = best["first"][0] - best["second"][0]
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores; best of {args.repeat} fresh processes; "
          f"load average {os.getloadavg()[0]:.1f}")
    print(f"{'':36}{'wall':>8}{'CPU':>8}")

    def line(label: str, pair: tuple[float, float], note: str = "") -> None:
        print(f"{label:36}{pair[0]:8.3f}{pair[1]:8.3f}{note}")

    line('python -c "import pandas"', best["pandas"])
    def verdict(over: tuple[float, float], target: float) -> str:
        met = ["met" if x <= target else "not met" for x in over]
        return f"   target at most {target} s: {met[0]} (wall), {met[1]} (CPU)"

    cli_pair = (cli_over, best["cli"][1] - best["pandas"][1])
    first_pair = (first_over, best["first"][1] - best["second"][1])
    line("pandas-agree report (178 rows)", best["cli"])
    line("  beyond import pandas", cli_pair, verdict(cli_pair, CLI_TARGET))
    line("first df.agree.report + str()", best["first"])
    line("second df.agree.report + str()", best["second"])
    line("  first beyond second", first_pair, verdict(first_pair, FIRST_TARGET))
    print(f"imported by the first report: {imported or '(nothing)'}")
    return 0 if cli_over <= CLI_TARGET and first_over <= FIRST_TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
