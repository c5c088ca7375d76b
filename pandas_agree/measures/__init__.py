"""The measures: the registry and every record (class-specific, multiclass, association, rater coefficients,
statistics of scores).

Importing the package registers every record, so that the registry is whole whichever module is used first.
"""

from . import association, binary, multiclass, raters, scores  # noqa: F401  (each module registers its records)
