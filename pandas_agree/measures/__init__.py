"""The measures: the registry and every record (class-specific, multiclass, rater coefficients).

Importing the package registers every record, so that the registry is whole whichever module is used first.
"""

from . import binary, multiclass, raters  # noqa: F401  (each module registers its records)
