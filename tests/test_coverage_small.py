"""Coverage of the default (ci="auto") 95% intervals at small samples and with rare classes (slow; CI runs it).

Every cell of the coverage study's grid (tests/_coverage_grid.py, shared with benchmarks/coverage_study.py;
docs/notes/intervals.md "Small samples"): 2×2 tables with prevalence 0.9–0.97, K = 3, 4, 6 classes with one of
5, 3, 1%, N = 30–500, moderate and strong agreement, and three raters over 20–100 subjects. Each cell draws 2,000
samples (seeded, at once) and evaluates each distinct sample once through the public API, its hits weighted by how
often it was drawn (the distinct samples in two halves, on the two cores unless PANDAS_AGREE_TEST_PROCESSES=1),
and counts, for every value listed, the share of default intervals that hold the true value. Every value covers
0.93–0.97, or is listed in SHORT with the coverage this test measures and the rule of pandas_agree.inference.auto
whose note the results (and so the report) print for it.

With ``PANDAS_AGREE_COVERAGE_OUT=<file>`` each cell's coverages are appended to ``<file>`` as a line of JSON:
``python benchmarks/coverage_study.py --from-test <file>`` prints the tables of the notes from it.
"""

import json
import os
import zlib

import numpy as np
import pytest

from pandas_agree.inference.auto import RULES

from ._coverage_grid import draw, grid, quiet, sample_object, truth, values
from ._tables import in_halves

pytestmark = pytest.mark.slow

SIMS = 2000
SEED = 2024
LOW, HIGH = 0.93, 0.97
CELLS = {cell.name: cell for cell in grid()}

# cell: {value: (the coverage this test measures, the rule of pandas_agree.inference.auto that gives the interval
# where it applies)} for every value outside 0.93–0.97 (docs/notes/intervals.md, "Small samples", gives the
# tables and the study's candidates). The rule's note is printed under the results and in the report.
SHORT: dict[str, dict[str, tuple[float, str | None]]] = {
    "two-p0.9-moderate-n30": {
        "F1[rare]": (0.9800, "blurred-class"), "F1 unweighted before": (0.8700, "blurred"),
        "PRE weighted before": (0.9185, "blurred"), "F1 unweighted after": (0.8630, "blurred"),
        "PRE weighted after": (0.9185, "blurred"),
    },
    "two-p0.9-moderate-n50": {
        "BPK": (0.9775, "bca"), "F1[rare]": (0.9745, "blurred-class"), "F1 weighted before": (0.9740, "blurred"),
        "PRE weighted before": (0.9760, "blurred"), "F1 unweighted after": (0.9290, "blurred"),
        "PRE weighted after": (0.9760, "blurred"),
    },
    "two-p0.9-moderate-n100": {
        "BPK": (0.9710, "bca"),
    },
    "two-p0.9-strong-n30": {
        "KAPPA": (0.9066, "donner-eliasziw"), "SPI": (0.9066, "donner-eliasziw"), "BPK": (0.5195, "bca"),
        "AC1": (0.5195, "bca"), "ALPHA": (0.9066, "donner-eliasziw"), "F1 unweighted before": (0.9105, "blurred"),
        "PRE unweighted before": (0.9295, "mover-wilson"), "F1 unweighted after": (0.8860, "blurred"),
        "PRE unweighted after": (0.9295, "mover-wilson"),
    },
    "two-p0.9-strong-n50": {
        "BPK": (0.7475, "bca"), "AC1": (0.7475, "bca"), "F1 unweighted before": (0.8900, "blurred"),
        "F1 unweighted after": (0.8860, "blurred"),
    },
    "two-p0.9-strong-n100": {
        "BPK": (0.9235, "bca"), "AC1": (0.9280, "bca"), "F1 unweighted before": (0.9150, "blurred"),
        "F1 weighted before": (0.9275, "blurred"), "F1 micro": (0.9275, "blurred"),
        "REC weighted before": (0.9275, "blurred"), "REC micro": (0.9275, "blurred"), "PRE micro": (0.9275, "blurred"),
        "F1 unweighted after": (0.9115, "blurred"), "F1 weighted after": (0.9275, "blurred"),
        "REC weighted after": (0.9275, "blurred"),
    },
    "two-p0.9-strong-n200": {
        "F1 weighted before": (0.9780, "blurred"), "F1 micro": (0.9780, "blurred"),
        "REC weighted before": (0.9780, "blurred"), "REC micro": (0.9780, "blurred"),
        "PRE weighted before": (0.9765, "blurred"), "PRE micro": (0.9780, "blurred"),
        "F1 weighted after": (0.9775, "blurred"), "REC weighted after": (0.9780, "blurred"),
        "PRE weighted after": (0.9765, "blurred"),
    },
    "two-p0.95-moderate-n30": {
        "KAPPA": (0.9773, "donner-eliasziw"), "SPI": (0.9738, "donner-eliasziw"), "ALPHA": (0.9738, "donner-eliasziw"),
        "F1[rare]": (0.9824, "blurred-class"), "F1 unweighted before": (0.6760, "blurred"),
        "PRE weighted before": (0.7690, "blurred"), "F1 unweighted after": (0.7035, "blurred"),
        "PRE weighted after": (0.7690, "blurred"),
    },
    "two-p0.95-moderate-n50": {
        "F1[rare]": (0.9745, "blurred-class"), "F1 unweighted before": (0.8225, "blurred"),
        "F1 weighted before": (0.9750, "blurred"), "PRE weighted before": (0.9035, "blurred"),
        "F1 unweighted after": (0.8245, "blurred"), "F1 weighted after": (0.9755, "blurred"),
        "PRE weighted after": (0.9035, "blurred"),
    },
    "two-p0.95-moderate-n100": {
        "BPK": (0.9730, "bca"), "F1 unweighted before": (0.9255, "blurred"), "F1 micro": (0.9770, "blurred"),
        "REC weighted before": (0.9770, "blurred"), "REC micro": (0.9770, "blurred"),
        "PRE weighted before": (0.9765, "blurred"), "PRE micro": (0.9770, "blurred"),
        "F1 unweighted after": (0.9135, "blurred"), "REC weighted after": (0.9770, "blurred"),
        "PRE weighted after": (0.9765, "blurred"),
    },
    "two-p0.95-moderate-n200": {
        "F1[rare]": (0.9725, "blurred-class"),
    },
    "two-p0.95-strong-n30": {
        "BPK": (0.4835, "bca"), "AC1": (0.4835, "bca"), "F1[rare]": (0.9864, "blurred-class"),
        "F1 unweighted before": (0.7340, "blurred"), "F1 weighted before": (0.8625, "blurred"),
        "F1 micro": (0.8465, "blurred"), "REC weighted before": (0.8465, "blurred"), "REC micro": (0.8465, "blurred"),
        "PRE unweighted before": (0.8465, "mover-wilson"), "PRE weighted before": (0.7705, "blurred"),
        "PRE micro": (0.8465, "blurred"), "F1 unweighted after": (0.7255, "blurred"),
        "F1 weighted after": (0.8605, "blurred"), "REC weighted after": (0.8465, "blurred"),
        "PRE unweighted after": (0.8465, "mover-wilson"), "PRE weighted after": (0.7705, "blurred"),
    },
    "two-p0.95-strong-n50": {
        "KAPPA": (0.9157, "donner-eliasziw"), "SPI": (0.9157, "donner-eliasziw"), "BPK": (0.6920, "bca"),
        "AC1": (0.6920, "bca"), "ALPHA": (0.9157, "donner-eliasziw"), "F1[rare]": (0.9763, "blurred-class"),
        "F1 unweighted before": (0.8140, "blurred"), "PRE unweighted before": (0.9265, "mover-wilson"),
        "PRE weighted before": (0.9150, "blurred"), "F1 unweighted after": (0.7960, "blurred"),
        "PRE unweighted after": (0.9265, "mover-wilson"), "PRE weighted after": (0.9150, "blurred"),
    },
    "two-p0.95-strong-n100": {
        "BPK": (0.8985, "bca"), "AC1": (0.8955, "bca"), "F1 unweighted before": (0.8910, "blurred"),
        "F1 weighted before": (0.8890, "blurred"), "F1 micro": (0.8790, "blurred"),
        "REC weighted before": (0.8790, "blurred"), "REC micro": (0.8790, "blurred"),
        "PRE weighted before": (0.8970, "blurred"), "PRE micro": (0.8790, "blurred"),
        "F1 unweighted after": (0.8785, "blurred"), "F1 weighted after": (0.8870, "blurred"),
        "REC weighted after": (0.8790, "blurred"), "PRE weighted after": (0.8970, "blurred"),
    },
    "two-p0.95-strong-n200": {
        "KAPPA": (0.9750, "bca"), "SPI": (0.9750, "bca"), "ALPHA": (0.9755, "bca"),
        "PRE weighted before": (0.9760, "blurred"), "PRE weighted after": (0.9760, "blurred"),
    },
    "two-p0.95-strong-n500": {
        "KAPPA": (0.9225, "bca"), "SPI": (0.9225, "bca"), "AC1": (0.9295, "bca"), "ALPHA": (0.9225, "bca"),
    },
    "two-p0.97-moderate-n30": {
        "KAPPA": (0.9846, "donner-eliasziw"), "SPI": (0.9723, "donner-eliasziw"), "ALPHA": (0.9723, "donner-eliasziw"),
        "F1 unweighted before": (0.5785, "blurred"), "REC unweighted before": (0.8965, "mover-wilson"),
        "PRE unweighted before": (0.9285, "mover-wilson"), "PRE weighted before": (0.5660, "blurred"),
        "F1 unweighted after": (0.5600, "blurred"), "REC unweighted after": (0.8965, "mover-wilson"),
        "PRE unweighted after": (0.9285, "mover-wilson"), "PRE weighted after": (0.5660, "blurred"),
    },
    "two-p0.97-moderate-n50": {
        "KAPPA": (0.9775, "donner-eliasziw"), "F1 unweighted before": (0.6720, "blurred"),
        "F1 weighted before": (0.9735, "blurred"), "REC unweighted before": (0.8720, "mover-wilson"),
        "PRE weighted before": (0.7540, "blurred"), "F1 unweighted after": (0.7145, "blurred"),
        "F1 weighted after": (0.9765, "blurred"), "REC unweighted after": (0.8720, "mover-wilson"),
        "PRE weighted after": (0.7540, "blurred"),
    },
    "two-p0.97-moderate-n100": {
        "F1 unweighted before": (0.8640, "blurred"), "F1 weighted before": (0.9775, "blurred"),
        "REC unweighted before": (0.9275, "mover-wilson"), "F1 unweighted after": (0.8720, "blurred"),
        "F1 weighted after": (0.9740, "blurred"), "REC unweighted after": (0.9275, "mover-wilson"),
    },
    "two-p0.97-moderate-n200": {
        "F1 unweighted before": (0.9280, "blurred"), "PRE weighted before": (0.9740, "blurred"),
        "F1 unweighted after": (0.9200, "blurred"), "PRE weighted after": (0.9740, "blurred"),
    },
    "two-p0.97-strong-n30": {
        "KAPPA": (0.9014, "donner-eliasziw"), "SPI": (0.9014, "donner-eliasziw"), "BPK": (0.4575, "bca"),
        "AC1": (0.4575, "bca"), "ALPHA": (0.9014, "donner-eliasziw"), "PRE[rare]": (0.9902, None),
        "F1[rare]": (0.9981, "blurred-class"), "F1 unweighted before": (0.5225, "blurred"),
        "F1 weighted before": (0.7605, "blurred"), "F1 micro": (0.7475, "blurred"),
        "REC weighted before": (0.7475, "blurred"), "REC micro": (0.7475, "blurred"),
        "PRE unweighted before": (0.7560, "mover-wilson"), "PRE weighted before": (0.5740, "blurred"),
        "PRE micro": (0.7475, "blurred"), "F1 unweighted after": (0.5220, "blurred"),
        "F1 weighted after": (0.7525, "blurred"), "REC weighted after": (0.7475, "blurred"),
        "PRE unweighted after": (0.7560, "mover-wilson"), "PRE weighted after": (0.5740, "blurred"),
    },
    "two-p0.97-strong-n50": {
        "KAPPA": (0.8989, "donner-eliasziw"), "SPI": (0.8989, "donner-eliasziw"), "BPK": (0.6715, "bca"),
        "AC1": (0.6700, "bca"), "ALPHA": (0.8989, "donner-eliasziw"), "PRE[rare]": (0.9741, None),
        "F1[rare]": (0.9886, "blurred-class"), "F1 unweighted before": (0.6870, "blurred"),
        "F1 weighted before": (0.9030, "blurred"), "F1 micro": (0.8955, "blurred"),
        "REC weighted before": (0.8955, "blurred"), "REC micro": (0.8955, "blurred"),
        "PRE unweighted before": (0.8840, "mover-wilson"), "PRE weighted before": (0.7670, "blurred"),
        "PRE micro": (0.8955, "blurred"), "F1 unweighted after": (0.6820, "blurred"),
        "F1 weighted after": (0.9010, "blurred"), "REC weighted after": (0.8955, "blurred"),
        "PRE unweighted after": (0.8840, "mover-wilson"), "PRE weighted after": (0.7670, "blurred"),
    },
    "two-p0.97-strong-n100": {
        "BPK": (0.8900, "bca"), "AC1": (0.8880, "bca"), "F1 unweighted before": (0.8710, "blurred"),
        "F1 weighted before": (0.9755, "blurred"), "F1 micro": (0.8730, "blurred"),
        "REC unweighted before": (0.9250, "mover-wilson"), "REC weighted before": (0.8730, "blurred"),
        "REC micro": (0.8730, "blurred"), "PRE micro": (0.8730, "blurred"), "F1 unweighted after": (0.8490, "blurred"),
        "F1 weighted after": (0.8790, "blurred"), "REC unweighted after": (0.9250, "mover-wilson"),
        "REC weighted after": (0.8730, "blurred"),
    },
    "two-p0.97-strong-n200": {
        "KAPPA": (0.9820, "bca"), "SPI": (0.9820, "bca"), "ALPHA": (0.9820, "bca"),
        "F1 weighted before": (0.9760, "blurred"), "PRE weighted before": (0.9810, "blurred"),
        "F1 unweighted after": (0.9235, "blurred"), "F1 weighted after": (0.9750, "blurred"),
        "PRE weighted after": (0.9810, "blurred"),
    },
    "two-p0.97-strong-n500": {
        "F1 weighted before": (0.9760, "blurred"), "PRE weighted before": (0.9800, "blurred"),
        "F1 weighted after": (0.9760, "blurred"), "PRE weighted after": (0.9800, "blurred"),
    },
    "k3-r0.05-moderate-n30": {
        "REC[rare]": (0.9743, None), "F1[rare]": (0.9814, "blurred-class"),
        "F1 unweighted before": (0.9100, "blurred"), "F1 weighted before": (0.9785, "blurred"),
        "REC unweighted before": (0.9280, "mover-wilson"), "PRE weighted before": (0.9800, "blurred"),
        "F1 unweighted after": (0.7980, "blurred"), "F1 weighted after": (0.9725, "blurred"),
        "REC unweighted after": (0.9280, "mover-wilson"), "PRE weighted after": (0.9800, "blurred"),
    },
    "k3-r0.05-moderate-n50": {
        "F1[rare]": (0.9745, "blurred-class"), "F1 unweighted before": (0.9165, "blurred"),
        "PRE weighted before": (0.9785, "blurred"), "F1 unweighted after": (0.8650, "blurred"),
        "PRE weighted after": (0.9785, "blurred"),
    },
    "k3-r0.05-moderate-n150": {
        "F1 unweighted after": (0.9275, "blurred"),
    },
    "k3-r0.05-strong-n30": {
        "PRE[rare]": (0.9905, None), "F1[rare]": (0.9911, "blurred-class"),
        "F1 unweighted before": (0.7785, "blurred"), "F1 weighted before": (0.9755, "blurred"),
        "REC unweighted before": (0.9255, "mover-wilson"), "F1 unweighted after": (0.7425, "blurred"),
        "F1 weighted after": (0.9735, "blurred"), "REC unweighted after": (0.9255, "mover-wilson"),
    },
    "k3-r0.05-strong-n50": {
        "KAPPA": (0.9745, "bca"), "SPI": (0.9760, "bca"), "BPK": (0.9860, "bca"), "ALPHA": (0.9760, "bca"),
        "F1[rare]": (0.9808, "blurred-class"), "F1 unweighted before": (0.8950, "blurred"),
        "F1 weighted before": (0.9735, "blurred"), "F1 micro": (0.9710, "blurred"),
        "REC unweighted before": (0.9170, "mover-wilson"), "REC weighted before": (0.9710, "blurred"),
        "REC micro": (0.9710, "blurred"), "PRE weighted before": (0.9775, "blurred"), "PRE micro": (0.9710, "blurred"),
        "F1 unweighted after": (0.8785, "blurred"), "F1 weighted after": (0.9720, "blurred"),
        "REC unweighted after": (0.9170, "mover-wilson"), "REC weighted after": (0.9710, "blurred"),
        "PRE weighted after": (0.9775, "blurred"),
    },
    "k3-r0.05-strong-n150": {
        "F1 unweighted before": (0.9720, "blurred"), "F1 weighted before": (0.9795, "blurred"),
        "PRE weighted before": (0.9855, "blurred"), "F1 weighted after": (0.9770, "blurred"),
        "PRE weighted after": (0.9855, "blurred"),
    },
    "k4-r0.03-moderate-n30": {
        "REC[rare]": (0.9804, None), "F1 weighted before": (0.9755, "blurred"),
        "REC unweighted before": (0.9260, "mover-wilson"), "PRE weighted before": (0.9795, "blurred"),
        "F1 unweighted after": (0.8430, "blurred"), "REC unweighted after": (0.9260, "mover-wilson"),
        "PRE weighted after": (0.9795, "blurred"),
    },
    "k4-r0.03-moderate-n50": {
        "REC[rare]": (0.9746, None), "F1 unweighted before": (0.9220, "blurred"),
        "F1 weighted before": (0.9760, "blurred"), "PRE weighted before": (0.9845, "blurred"),
        "F1 unweighted after": (0.8435, "blurred"), "F1 weighted after": (0.9715, "blurred"),
        "PRE weighted after": (0.9845, "blurred"),
    },
    "k4-r0.03-moderate-n150": {
        "F1 unweighted after": (0.9120, "blurred"),
    },
    "k4-r0.03-moderate-n500": {
        "F1 unweighted after": (0.9265, "blurred"),
    },
    "k4-r0.03-strong-n30": {
        "KAPPA_W": (0.9285, "bca"), "REC[rare]": (0.9258, None), "PRE[rare]": (0.9952, None),
        "F1[rare]": (0.9817, "blurred-class"), "F1 unweighted before": (0.8780, "blurred"),
        "F1 weighted before": (0.9835, "blurred"), "REC unweighted before": (0.9130, "mover-wilson"),
        "PRE weighted before": (0.9860, "blurred"), "F1 unweighted after": (0.6555, "blurred"),
        "REC unweighted after": (0.9130, "mover-wilson"), "PRE weighted after": (0.9860, "blurred"),
    },
    "k4-r0.03-strong-n50": {
        "BPK": (0.9840, "bca"), "PRE[rare]": (0.9844, None), "F1[rare]": (0.9705, "blurred-class"),
        "F1 unweighted before": (0.8715, "blurred"), "F1 weighted before": (0.9815, "blurred"),
        "F1 micro": (0.9705, "blurred"), "REC unweighted before": (0.9160, "mover-wilson"),
        "REC weighted before": (0.9705, "blurred"), "REC micro": (0.9705, "blurred"),
        "PRE weighted before": (0.9790, "blurred"), "PRE micro": (0.9705, "blurred"),
        "F1 unweighted after": (0.7480, "blurred"), "F1 weighted after": (0.9755, "blurred"),
        "REC unweighted after": (0.9160, "mover-wilson"), "REC weighted after": (0.9705, "blurred"),
        "PRE weighted after": (0.9790, "blurred"),
    },
    "k4-r0.03-strong-n150": {
        "F1[rare]": (0.9725, "blurred-class"), "F1 weighted before": (0.9830, "blurred"),
        "F1 micro": (0.9740, "blurred"), "REC unweighted before": (0.9265, "mover-wilson"),
        "REC weighted before": (0.9740, "blurred"), "REC micro": (0.9740, "blurred"),
        "PRE weighted before": (0.9860, "blurred"), "PRE micro": (0.9740, "blurred"),
        "F1 unweighted after": (0.9205, "blurred"), "F1 weighted after": (0.9795, "blurred"),
        "REC unweighted after": (0.9265, "mover-wilson"), "REC weighted after": (0.9740, "blurred"),
        "PRE weighted after": (0.9860, "blurred"),
    },
    "k6-r0.01-moderate-n30": {
        "REC[rare]": (0.9920, None), "F1[rare]": (0.8589, "blurred-class"),
        "F1 unweighted before": (0.9275, "blurred"), "REC unweighted before": (0.9110, "mover-wilson"),
        "PRE weighted before": (0.9760, "blurred"), "F1 unweighted after": (0.8585, "blurred"),
        "REC unweighted after": (0.9110, "mover-wilson"), "PRE weighted after": (0.9760, "blurred"),
    },
    "k6-r0.01-moderate-n50": {
        "REC[rare]": (0.9855, None), "F1[rare]": (0.8793, "blurred-class"), "F1 weighted before": (0.9770, "blurred"),
        "REC unweighted before": (0.9210, "mover-wilson"), "PRE weighted before": (0.9860, "blurred"),
        "F1 unweighted after": (0.8610, "blurred"), "F1 weighted after": (0.9720, "blurred"),
        "REC unweighted after": (0.9210, "mover-wilson"), "PRE weighted after": (0.9860, "blurred"),
    },
    "k6-r0.01-moderate-n150": {
        "F1 unweighted before": (0.8960, "blurred"), "REC unweighted before": (0.9285, "mover-wilson"),
        "F1 unweighted after": (0.8910, "blurred"), "REC unweighted after": (0.9285, "mover-wilson"),
    },
    "k6-r0.01-moderate-n500": {
        "F1 unweighted before": (0.9275, "blurred"), "F1 unweighted after": (0.9295, "blurred"),
    },
    "k6-r0.01-strong-n30": {
        "KAPPA_W": (0.8825, "bca"), "REC[rare]": (0.9138, None), "PRE[rare]": (0.9721, None),
        "F1[rare]": (0.9727, "blurred-class"), "F1 unweighted before": (0.9190, "blurred"),
        "F1 weighted before": (0.9785, "blurred"), "F1 micro": (0.9720, "blurred"),
        "REC unweighted before": (0.9010, "mover-wilson"), "REC weighted before": (0.9720, "blurred"),
        "REC micro": (0.9720, "blurred"), "PRE weighted before": (0.9905, "blurred"), "PRE micro": (0.9720, "blurred"),
        "F1 unweighted after": (0.8050, "blurred"), "REC unweighted after": (0.9010, "mover-wilson"),
        "REC weighted after": (0.9720, "blurred"), "PRE weighted after": (0.9905, "blurred"),
    },
    "k6-r0.01-strong-n50": {
        "KAPPA_W": (0.9285, "bca"), "BPK": (0.9880, "bca"), "REC[rare]": (0.9288, None),
        "F1 weighted before": (0.9850, "blurred"), "REC unweighted before": (0.9030, "mover-wilson"),
        "PRE weighted before": (0.9960, "blurred"), "F1 unweighted after": (0.7770, "blurred"),
        "F1 weighted after": (0.9750, "blurred"), "REC unweighted after": (0.9030, "mover-wilson"),
        "PRE weighted after": (0.9960, "blurred"),
    },
    "k6-r0.01-strong-n150": {
        "BPK": (0.9755, "bca"), "F1[rare]": (0.9798, "blurred-class"), "F1 unweighted before": (0.9235, "blurred"),
        "F1 weighted before": (0.9895, "blurred"), "F1 micro": (0.9750, "blurred"),
        "REC unweighted before": (0.9265, "mover-wilson"), "REC weighted before": (0.9750, "blurred"),
        "REC micro": (0.9750, "blurred"), "PRE weighted before": (0.9940, "blurred"), "PRE micro": (0.9750, "blurred"),
        "F1 unweighted after": (0.7410, "blurred"), "F1 weighted after": (0.9865, "blurred"),
        "REC unweighted after": (0.9265, "mover-wilson"), "REC weighted after": (0.9750, "blurred"),
        "PRE weighted after": (0.9940, "blurred"),
    },
    "k6-r0.01-strong-n500": {
        "REC unweighted before": (0.9215, "mover-wilson"), "PRE weighted before": (0.9745, "blurred"),
        "F1 unweighted after": (0.8965, "blurred"), "REC unweighted after": (0.9215, "mover-wilson"),
        "PRE weighted after": (0.9745, "blurred"),
    },
    "raters-k2-moderate-n20": {
        "FLEISS": (0.8645, "raters"), "CONGER": (0.8575, "raters"), "ALPHA": (0.8875, "raters"),
        "LIGHT": (0.8215, "raters"),
    },
    "raters-k2-moderate-n50": {
        "FLEISS": (0.9245, "raters"), "CONGER": (0.9195, "raters"), "ALPHA": (0.9215, "raters"),
        "LIGHT": (0.9175, "raters"),
    },
    "raters-k2-strong-n20": {
        "FLEISS": (0.8022, "raters"), "CONGER": (0.8022, "raters"), "ALPHA": (0.8022, "raters"),
        "LIGHT": (0.8017, "raters"),
    },
    "raters-k2-strong-n50": {
        "FLEISS": (0.9760, "raters"), "CONGER": (0.9740, "raters"), "ALPHA": (0.9750, "raters"),
        "LIGHT": (0.9740, "raters"),
    },
    "raters-k3-moderate-n20": {
        "FLEISS": (0.9270, "raters"), "CONGER": (0.9180, "raters"), "ALPHA": (0.9275, "raters"),
        "LIGHT": (0.9160, "raters"),
    },
    "raters-k3-strong-n20": {
        "FLEISS": (0.9279, "raters"), "CONGER": (0.9244, "raters"), "AC1": (0.9255, "raters"),
        "ALPHA": (0.9279, "raters"), "LIGHT": (0.9254, "raters"),
    },
    "raters-k3-strong-n50": {
        "FLEISS": (0.9740, "raters"), "CONGER": (0.9720, "raters"), "ALPHA": (0.9745, "raters"),
    },
}


def seed_of(name: str) -> int:
    return zlib.crc32(name.encode())


def rule_of(value: str, method: str) -> str | None:
    """The rule of pandas_agree.inference.auto whose interval ``method`` (the method column of the results) names."""
    if "Donner–Eliasziw" in method:
        return "donner-eliasziw"
    if "bootstrap over subjects" in method:
        return "raters"
    if "bootstrap bca" in method:
        return "bca"
    if "MOVER–Wilson interval (unweighted)" in method and value.split(" ")[1:2] == ["unweighted"]:
        return "mover-wilson"
    if "blurred" in method:
        return "blurred-class" if value.endswith("[rare]") else "blurred"
    if "bootstrap percentile" in method:
        return "pprev"
    return None


_WARM: set = set()


def warm(cell, sample) -> None:
    """Evaluate one sample of each kind (two classifications, raters) in this process before its halves are forked,
    once: the modules an evaluation imports on first use are then imported here once, not in each forked worker of
    each cell. The results do not depend on it (each evaluation is seeded on its own)."""
    kind = cell.table is None
    if kind not in _WARM:
        values(cell, sample, "auto", random_state=0)
        _WARM.add(kind)


def coverage(cell) -> dict:
    """For every value followed: its coverage over the ``SIMS`` samples where it is defined, the share of samples
    where it is not, and, for each rule of ``ci="auto"``, the share of the samples (where the value is defined) whose
    interval is the rule's and whose results print the rule's note."""
    target = truth(cell)
    distinct, times = draw(cell, SIMS, np.random.default_rng([SEED, seed_of(cell.name)]))

    def count(m, rng, first):  # ``rng`` is not needed; each sample is evaluated with its own random_state
        # every other distinct sample (the even ones for the first half, the odd ones for the second): the samples
        # come sorted by their counts, so that alternating gives the two processes alike work
        hits = dict.fromkeys(target, 0)
        seen = dict.fromkeys(target, 0)
        noted = {v: dict.fromkeys(RULES, 0) for v in target}
        second = first + m == len(distinct) and m > 0  # the second half ends at the last sample
        for i in range(1 if second else 0, len(distinct), 2):
            found = values(cell, distinct[i], "auto", random_state=i)
            for v, (value, _, lower, upper, method, notes) in found.items():
                if np.isnan(value):
                    continue
                seen[v] += times[i]
                hits[v] += times[i] * bool(lower <= target[v] <= upper)
                rule = rule_of(v, method)
                if rule is not None and RULES[rule].note in notes:
                    noted[v][rule] += times[i]
        return hits, seen, noted

    warm(cell, distinct[0])
    halves = in_halves(count, len(distinct), seed_of(cell.name))
    out = {}
    for v in target:
        seen = sum(int(h[1][v]) for h in halves)
        out[v] = {"coverage": sum(int(h[0][v]) for h in halves) / max(1, seen), "undef": 1 - seen / SIMS,
                  "noted": {key: sum(int(h[2][v][key]) for h in halves) / max(1, seen) for key in RULES}}
    return {"cell": cell.name, "tables": SIMS, "distinct": len(distinct), "values": out}


def report_notes(cell) -> list:
    """The notes of the default report of the cell's sample with the smallest class (the fewest objects of a class
    present, on either side; every sample of a rater cell has fewer than 200 subjects): where the rules apply."""
    distinct, _ = draw(cell, SIMS, np.random.default_rng([SEED, seed_of(cell.name)]))
    if cell.table is not None:
        tables = distinct.reshape(-1, cell.k, cell.k)
        sides = np.concatenate([tables.sum(axis=1), tables.sum(axis=2)], axis=1).astype(float)
        smallest = np.where(sides > 0, sides, np.inf).min(axis=1)
        distinct = distinct[[np.argmin(smallest)]]
    return list(quiet(sample_object(cell, distinct[0]).report).notes)


@pytest.mark.parametrize("name", list(CELLS))
def test_default_intervals_cover(name):
    cell = CELLS[name]
    result = coverage(cell)
    out = os.environ.get("PANDAS_AGREE_COVERAGE_OUT")
    if out:
        with open(out, "a", encoding="utf-8") as f:
            f.write(json.dumps(result) + "\n")
    found = {v: r["coverage"] for v, r in result["values"].items()}
    print(f"\n{name} ({result['distinct']} distinct of {SIMS}): " + ", ".join(f"{v} {c:.4f}" for v, c in found.items()))
    short = SHORT.get(name, {})
    assert set(short) <= set(found), sorted(set(short) - set(found))
    for v, c in found.items():
        if v in short:
            measured, rule = short[v]
            assert c == pytest.approx(measured, abs=0.002), (name, v, c)
            # where the rule applies (a small sample or class) the interval is the rule's and the results print its
            # note, which gives the study's range; None: no rule applies, the plain interval (named in the results)
            noted = result["values"][v]["noted"]
            assert (noted[rule] > 0) if rule else not any(noted.values()), (name, v, noted)
        else:
            assert LOW <= c <= HIGH, (name, v, c)
    rules = {rule for _, rule in short.values() if rule}
    if rules:
        notes = report_notes(cell)
        assert all(RULES[rule].note in notes for rule in rules), (name, rules)


def test_short_list_names_cells_and_rules():
    """SHORT names cells of the grid, rules of pandas_agree.inference.auto, and coverages outside 0.93–0.97."""
    for name, short in SHORT.items():
        assert name in CELLS
        for v, (measured, rule) in short.items():
            assert rule is None or rule in RULES, (name, v, rule)
            assert not LOW <= measured <= HIGH, (name, v, measured)


def test_grid_samples_are_counted_once_with_their_multiplicity():
    """The distinct samples and their multiplicities give back the draws (2,000 of them), and a 2×2 cell of 30
    objects repeats its tables (so that each is evaluated once)."""
    cell = CELLS["two-p0.9-moderate-n30"]
    rng = np.random.default_rng(1)
    distinct, times = draw(cell, SIMS, rng)
    assert times.sum() == SIMS and len(distinct) < SIMS / 5
    assert (distinct.sum(axis=1) == cell.n).all()
    again = np.random.default_rng(1).multinomial(cell.n, cell.table.ravel(), size=SIMS)
    np.testing.assert_array_equal(np.repeat(distinct, times, axis=0), again[np.lexsort(again.T[::-1])])
    rater = CELLS["raters-k2-moderate-n20"]
    d, t = draw(rater, 10, np.random.default_rng(2))
    assert t.sum() == 10 and (d.sum(axis=1) == rater.n).all() and d.shape[1] == 2**3
