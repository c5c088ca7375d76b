"""The printed footnotes on the significance of Goodman and Kruskal's tau and of the correlations say what the
frames' "method" column says, in one notation (W the number of valid cases, with weights the sum of their weights),
and each defines it."""

from __future__ import annotations

import re
import warnings

import numpy as np
import pytest
from scipy import stats

from ._r_datasets import UCB

DIR, SYM = "Directional Measures", "Symmetric Measures"


def _report():
    # R: as.data.frame(UCBAdmissions), weighted by Freq: W = 4526 (1755 admitted, 2771 rejected; 1835 women, 2691
    # men), as SPSS's CROSSTABS Admit BY Gender (WEIGHT BY Freq) counts its valid cases
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return UCB.agree.crosstabs("Admit", "Gender", weights="Freq").report(statistics=["lambda", "corr"])


def _footnote(text: str, start: str) -> str:
    lines = " ".join(text.split())
    return re.search(re.escape(start) + r"[^.]*\.", lines).group(0)


def test_goodman_kruskal_tau_footnote_and_method_agree():
    report = _report()
    frame = report.statistics[DIR]
    row = frame.loc["Goodman and Kruskal tau — Rows Dependent"]
    # tau with Admit dependent by its formula (A − B)/(1 − B), A = Σ p_ij²/p_·j over Gender, B = Σ p_i·² over Admit
    table = UCB.groupby(["Admit", "Gender"])["Freq"].sum().unstack().to_numpy(dtype=float)
    w = table.sum()
    p = table / w
    a, b = (p**2 / p.sum(axis=0)).sum(), (p.sum(axis=1) ** 2).sum()
    tau = (a - b) / (1 - b)
    assert w == 4526 and row["value"] == pytest.approx(tau, rel=1e-12)
    # Light & Margolin (1971): (W − 1)(J − 1)τ is χ² on (I − 1)(J − 1) = 1 df; scipy.stats.chi2.sf
    assert row["pvalue"] == pytest.approx(stats.chi2.sf((w - 1) * (2 - 1) * tau, 1), rel=1e-10)
    method = row["method"]
    assert "(W − 1)(J − 1)τ on (I − 1)(J − 1) df, W the number of valid cases (with weights, the sum of their " \
           "weights)" in method
    printed = _footnote(str(report), "Based on chi-square approximation: ")
    assert "(W − 1)(J − 1)τ on (I − 1)(J − 1) df, W the number of valid cases (with weights, the sum of their " \
           "weights), J the categories of the dependent variable and I those of the other." in printed
    assert "(N − 1)" not in str(report)


def test_the_correlations_footnote_and_method_agree():
    report = _report()
    row = report.statistics[SYM].loc["Pearson's R"]
    w = 4526.0
    # Student's t on W − 2 df of T = r √((W − 2)/(1 − r²)): scipy.stats.t.sf
    r = row["value"]
    t = r * np.sqrt((w - 2) / (1 - r * r))
    assert row["t"] == pytest.approx(t, rel=1e-10)
    assert row["pvalue"] == pytest.approx(2 * stats.t.sf(abs(t), w - 2), rel=1e-8)
    assert row["method"].startswith("t on W − 2 df, T = r √((W − 2)/(1 − r²)), W the number of valid cases")
    printed = _footnote(str(report), "Based on the t distribution on ")
    assert printed == ("Based on the t distribution on W − 2 df: T = r √((W − 2)/(1 − r²)), W the number of valid "
                       "cases (with weights, the sum of their weights).")
