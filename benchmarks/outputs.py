"""The exports of a report: time and traced memory of each against making the report.

    python benchmarks/outputs.py [--n 2e5] [--k 5 30 100] [--repeat 5]

For each K, N string labels (K classes, ~70% agreement: the data of benchmarks/peers.py), then the best of --repeat
runs (thread time: the machine may be shared) of
  report     df.agree.report(actual, pred)      (every table with intervals, ci="auto")
  to_dict    report.to_dict()                   (plain Python data)
  to_json    report.to_json()                   (the same as JSON text)
  plot       report.plot()                      (the crosstab's heatmap and the forest plot; needs matplotlib)
  html page  report.to_html(path)               (a self-contained page with the figure as a PNG)
  workbook   report.to_excel(path)              (the Report sheet and every data sheet)
each on a report made anew (a report keeps its laid-out document once shown), with its ratio to the report's time
and the peak of the Python and numpy allocations tracemalloc sees during one more, traced, call.

Run it with PYTHONPATH=<another checkout> to measure that code (the numbers before a change).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import tracemalloc
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from peers import data  # the same labels as the comparison with the peers


def measure(k: int, n: int, repeat: int) -> dict:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    import pandas_agree as pa  # noqa: F401  (the accessor)

    warnings.simplefilter("ignore")
    df, _, _ = data(n, k, "string")
    folder = Path(tempfile.mkdtemp())
    outputs = {
        "to_dict": lambda rep: rep.to_dict(),
        "to_json": lambda rep: rep.to_json(),
        "plot": lambda rep: (rep.plot(), plt.close("all")),
        "html page": lambda rep: rep.to_html(folder / "report.html"),
        "workbook": lambda rep: rep.to_excel(folder / "report.xlsx"),
    }
    for make in outputs.values():  # imports and first-call costs out of the timings
        make(df.agree.report("a", "p"))
    times = {"report": float("inf"), **dict.fromkeys(outputs, float("inf"))}
    for _ in range(repeat):
        start = time.thread_time()
        df.agree.report("a", "p")
        times["report"] = min(times["report"], time.thread_time() - start)
        for name, make in outputs.items():
            rep = df.agree.report("a", "p")
            start = time.thread_time()
            make(rep)
            times[name] = min(times[name], time.thread_time() - start)
    traced = {}
    for name, make in outputs.items():
        rep = df.agree.report("a", "p")
        tracemalloc.start()
        make(rep)
        traced[name] = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
    return {"times": times, "traced": traced}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=float, default=2e5)
    parser.add_argument("--k", type=int, nargs="+", default=[5, 30, 100])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"N = {int(args.n):,} string labels; best of {args.repeat} (thread time); traced: tracemalloc's peak")
    print(f"{'K':>5} {'output':>10} {'s':>8} {'x report':>9} {'traced MiB':>11}")
    for k in args.k:
        found = measure(k, int(args.n), args.repeat)
        report_s = found["times"]["report"]
        print(f"{k:>5} {'report':>10} {report_s:>8.4f} {1:>9.2f} {'':>11}")
        for name, s in found["times"].items():
            if name != "report":
                print(f"{k:>5} {name:>10} {s:>8.4f} {s / report_s:>9.2f} {found['traced'][name]:>11.1f}")


if __name__ == "__main__":
    main()
