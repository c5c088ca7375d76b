"""The Excel workbook of a report over many classes: time and peak memory against the report itself.

    python benchmarks/workbook.py [--n 1e7] [--k 400 1000 2000] [--repeat 3]

For each K, a fresh process builds N string labels (K classes, ~70% agreement, the errors spread over every class:
the table is dense, most of its K² cells non-empty), then times (best of --repeat up to K = 400, one run above)
  report     df.agree.report(actual, pred)     (every table with intervals, ci="auto")
  workbook   report.to_excel(path)             (the Report sheet and every data sheet)
and reads the memory of the workbook: "workbook RSS MiB" is the process's peak resident memory while the workbooks
were written (the peak is reset before, through /proc/self/clear_refs; the report is in memory, the labels are
not), "grown MiB" how much that exceeds the resident memory before, and "traced MiB" the peak of the Python and
numpy allocations tracemalloc sees during one more, traced, call. The cells written are those of the Crosstab
(K + 1 rows of K + 1 counts) and Confusions (a row of six cells per non-empty cell off the matching cells, up to
Excel's 1,048,576 rows) sheets, the largest two.
Targets: the workbook at K = 400 within 2x the report's time; at K = 2,000 under 30 s and 1 GiB peak.

Run it with PYTHONPATH=<another checkout> to measure that code (the numbers before a change).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
import tracemalloc
import warnings
from pathlib import Path

import numpy as np
import pandas as pd

sys.path.insert(0, str(Path(__file__).parent))
from many_classes import labels  # the same data as the many-class benchmark


def one(n: int, k: int, repeat: int, traced: bool) -> dict:
    """Measure one K in this process (called in a child process by main)."""
    import pandas_agree as pa

    warnings.simplefilter("ignore")
    df = labels(n, k)
    df.agree.report("actual", "pred", ci=None)  # imports and first-call costs out of the timings
    report_s = np.inf
    for _ in range(repeat):
        start = time.perf_counter()
        report = df.agree.report("actual", "pred")
        report_s = min(report_s, time.perf_counter() - start)
    del df
    confusions = min(len(report.agreement.confusions(top=None)), 1_048_576 - 4)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "report.xlsx"
        before = _resident("VmRSS")
        _reset_peak()
        workbook_s = np.inf
        for _ in range(repeat):
            start = time.perf_counter()
            report.to_excel(path)
            workbook_s = min(workbook_s, time.perf_counter() - start)
        peak_rss = _resident("VmHWM")
        size = path.stat().st_size / 1e6
        peak = None
        if traced:
            tracemalloc.start()
            report.to_excel(path)
            peak = tracemalloc.get_traced_memory()[1] / 2**20
            tracemalloc.stop()
    return {"N": f"{n:.0e}", "K": k, "cells written": (k + 1) ** 2 + 6 * confusions,
            "report (s)": round(report_s, 3), "workbook (s)": round(workbook_s, 3),
            "workbook / report": round(workbook_s / report_s, 2), "workbook RSS MiB": round(peak_rss),
            "grown MiB": round(peak_rss - before), "traced MiB": None if peak is None else round(peak),
            "xlsx MB": round(size, 1), "code": str(Path(pa.__file__).parent.parent)}


def _resident(field: str) -> float:
    """A resident memory figure of this process from /proc/self/status (MiB); the peak of the run elsewhere."""
    try:
        with open("/proc/self/status") as status:
            line = next(line for line in status if line.startswith(field))
        return int(line.split()[1]) / 1024
    except (OSError, StopIteration):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _reset_peak() -> None:
    """Reset the process's peak resident memory (VmHWM), where Linux allows it."""
    try:
        with open("/proc/self/clear_refs", "w") as refs:
            refs.write("5")
    except OSError:
        pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=float, default=1e7)
    parser.add_argument("--k", type=int, nargs="+", default=[400, 1000, 2000])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-trace", action="store_true", help="skip the traced call (slow with the old code)")
    parser.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        n, k, repeat, traced = int(args.child[0]), int(args.child[1]), int(args.child[2]), args.child[3] == "1"
        print(json.dumps(one(n, k, repeat, traced)))
        return
    rows = []
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
    for k in args.k:
        repeat = args.repeat if k <= 400 else 1
        done = subprocess.run([sys.executable, __file__, "--child", str(int(args.n)), str(k), str(repeat),
                               "0" if args.no_trace else "1"], capture_output=True, text=True, check=True, env=env)
        rows.append(json.loads(done.stdout.strip().splitlines()[-1]))
        print(rows[-1], flush=True)
    table = pd.DataFrame(rows).set_index(["N", "K"])
    print(f"code: {table.pop('code').iloc[0]}")
    with pd.option_context("display.width", 200, "display.max_columns", 20):
        print(table)


if __name__ == "__main__":
    main()
