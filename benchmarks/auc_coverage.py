"""Coverage of three 95% intervals of the AUC on binormal scores: the study behind ``scale="auto"``.

    python benchmarks/auc_coverage.py [--sims 3000] [--seed 11]

Negatives N(0, 1), positives N(δ, 1) with AUC = Φ(δ/√2); N = 100, 300, 1,000 objects with prevalence 0.1, 0.3 and
0.5 and AUC 0.75, 0.9 and 0.97. For each sample: DeLong's variance from the placement values (the ranks, as Sun and
Xu 2014 compute it: an implementation apart from the library's counts), then pROC's interval (normal, the AUC's
scale), the normal interval on the logit scale, and the library's default (the logit scale with Student's t on
min(m, n) − 1 df). Prints the share of intervals that hold the true AUC. The slow test
tests/test_coverage_scores.py checks the library's own default in 12 of these cells.
"""

from __future__ import annotations

import argparse

import numpy as np
from scipy.stats import norm, rankdata
from scipy.stats import t as student


def intervals(y: np.ndarray, s: np.ndarray) -> list[tuple[float, float]]:
    pos, neg = s[y == 1], s[y == 0]
    m, n = len(pos), len(neg)
    ranks = rankdata(s)
    auc = (ranks[y == 1].sum() - m * (m + 1) / 2) / (m * n)
    v10 = (ranks[y == 1] - rankdata(pos)) / n
    v01 = 1 - (ranks[y == 0] - rankdata(neg)) / m
    se = np.sqrt(v10.var(ddof=1) / m + v01.var(ddof=1) / n)
    z = norm.isf(0.025)
    out = [(auc - z * se, auc + z * se)]
    for q in (z, student.isf(0.025, min(m, n) - 1)):
        if 0 < auc < 1:
            centre, half = np.log(auc / (1 - auc)), q * se / (auc * (1 - auc))
            out.append((1 / (1 + np.exp(-(centre - half))), 1 / (1 + np.exp(-(centre + half)))))
        else:
            out.append((0.0, 1.0))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sims", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    print(f"{'N':>5} {'prevalence':>10} {'AUC':>5}  {'pROC (identity, z)':>18} {'logit, z':>9} {'default':>8}")
    for n in (100, 300, 1000):
        for prevalence in (0.1, 0.3, 0.5):
            for auc in (0.75, 0.9, 0.97):
                shift = np.sqrt(2) * norm.ppf(auc)
                hits = np.zeros(3)
                for _ in range(args.sims):
                    y = (rng.random(n) < prevalence).astype(int)
                    y[:4] = [0, 1, 0, 1]
                    s = rng.normal(shift * y, 1.0)
                    hits += [lo <= auc <= hi for lo, hi in intervals(y, s)]
                share = hits / args.sims
                print(f"{n:>5} {prevalence:>10} {auc:>5}  {share[0]:>18.3f} {share[1]:>9.3f} {share[2]:>8.3f}",
                      flush=True)


if __name__ == "__main__":
    main()
