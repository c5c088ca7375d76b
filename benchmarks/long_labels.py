"""Printing a report with a very long label: time and size of the text and HTML reports against the label's length.

    python benchmarks/long_labels.py [--mib 0.5 1 2 4] [--repeat 3]

A report (ci=None) of seven rows: one label of L characters on both sides (it heads a row and a column of the
crosstab, a confusion and a class of every class table) and another of L characters among the predictions only
(named in a note: "Predicted labels not in the reference: ..."); each renderer timed (best of --repeat) on the
report built once:
  str        str(report), the text report          (the target: linear, under 1 s at 2 MiB)
  html       report._repr_html_(), Jupyter's HTML   (to_html() adds the plots, whose labels are cut at 40)
and the size of each output in MB. "per MiB" divides the time by the label's length: flat when linear.

Run it with PYTHONPATH=<another checkout> to measure that code (the numbers before a change).
"""

from __future__ import annotations

import argparse
import time
import warnings
from pathlib import Path

import pandas as pd


def best(call, repeat: int) -> tuple[float, object]:
    seconds, out = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        out = call()
        seconds = min(seconds, time.perf_counter() - start)
    return seconds, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mib", type=float, nargs="+", default=[0.5, 1, 2, 4])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    import pandas_agree as pa

    warnings.simplefilter("ignore")
    print(f"code: {Path(pa.__file__).parent.parent}")
    rows = []
    for mib in args.mib:
        long, other = "a" * int(mib * 2**20), "b" * int(mib * 2**20)
        frame = pd.DataFrame({"actual": ["x", "y", long, "x", "y", long, "z"],
                              "pred": ["x", "y", long, "y", "y", "x", other]})
        report = frame.agree.report("actual", "pred", ci=None)
        text_s, text = best(lambda report=report: str(report), args.repeat)
        html_s, page = best(lambda report=report: report._repr_html_(), args.repeat)
        rows.append({"label MiB": mib, "str (s)": round(text_s, 3), "str per MiB (s)": round(text_s / mib, 3),
                     "text MB": round(len(text) / 1e6, 2), "html (s)": round(html_s, 3),
                     "html MB": round(len(page) / 1e6, 2)})
        print(rows[-1], flush=True)
    with pd.option_context("display.width", 200, "display.max_columns", 20):
        print(pd.DataFrame(rows).set_index("label MiB"))


if __name__ == "__main__":
    main()
