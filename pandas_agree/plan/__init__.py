"""Planning a rater study: how many subjects, and what a given number of subjects can show.

Every function takes the values expected in the study and returns a number that says how it was found: a sample
size is an ``int`` (:class:`~pandas_agree.plan.results.SampleSize`), a power or a kappa a ``float``
(:class:`~pandas_agree.plan.results.PlannedValue`), each with ``.method`` and ``.reference``.

- Cohen's kappa of two raters, binary ratings (Cantor 1996; R's irr ``N.cohen.kappa``): :func:`cohen_kappa_n`,
  :func:`cohen_kappa_power`, :func:`cohen_kappa_detectable`.
- Kappa of 2–6 raters and 2–5 categories by Donner and Eliasziw's goodness-of-fit approach (R's kappaSize):
  a test (:func:`raters_kappa_n`, :func:`raters_kappa_power`, :func:`raters_kappa_detectable`, as ``PowerBinary``,
  ``Power3Cats``, ...) or an interval (:func:`raters_kappa_interval_n`, :func:`raters_kappa_lower_limit`, as
  ``CIBinary``, ``FixedNBinary``, ...).
- Gwet's AC1 of two raters, an interval of a given width: :func:`ac1_interval_n`.
- Sensitivity and specificity with a given precision (Buderer 1996; epiR's ``epi.ssdxsesp``):
  :func:`sensitivity_n`, :func:`specificity_n`.
- Two classifiers' accuracies on the same objects, McNemar's test (Connor 1987): :func:`paired_accuracy_n`,
  :func:`paired_accuracy_power`.

SciPy is imported by the functions that need it, not by ``import pandas_agree.plan``.

Examples
--------
>>> import pandas_agree.plan as plan
>>> plan.cohen_kappa_n(0.5, 0.5, kappa1=0.6, kappa0=0.4)
119
>>> plan.sensitivity_n(0.80, prevalence=0.10, precision=0.07)
1255
"""

from .ac1 import ac1_interval_n
from .accuracy import paired_accuracy_n, paired_accuracy_power, sensitivity_n, specificity_n
from .kappa import cohen_kappa_detectable, cohen_kappa_n, cohen_kappa_power
from .raters import (
    raters_kappa_detectable,
    raters_kappa_interval_n,
    raters_kappa_lower_limit,
    raters_kappa_n,
    raters_kappa_power,
)
from .results import PlannedValue, SampleSize

__all__ = [
    "PlannedValue",
    "SampleSize",
    "ac1_interval_n",
    "cohen_kappa_detectable",
    "cohen_kappa_n",
    "cohen_kappa_power",
    "paired_accuracy_n",
    "paired_accuracy_power",
    "raters_kappa_detectable",
    "raters_kappa_interval_n",
    "raters_kappa_lower_limit",
    "raters_kappa_n",
    "raters_kappa_power",
    "sensitivity_n",
    "specificity_n",
]
