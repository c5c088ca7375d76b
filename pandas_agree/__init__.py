"""pandas_agree: agreement between two classifications of the same objects, as a pandas accessor.

Importing the package registers ``DataFrame.agree`` (and ``dask.dataframe.DataFrame.agree`` once dask is
imported, and ``polars.DataFrame.agree`` and ``polars.LazyFrame.agree`` once Polars is, in either order).

Examples
--------
>>> import pandas as pd
>>> import pandas_agree as pa
>>> df = pd.DataFrame({"actual": list("aabbcc"), "pred": list("abbbcc")})
>>> df.agree("actual", "pred").averages(["REC"], average="unweighted")
     unweighted
REC    0.833333
"""

from . import datasets, plan
from .analyses.agreement import Agreement
from .analyses.build import agreement, crosstabs
from .analyses.comparison import Comparison
from .analyses.crosstab import Crosstab
from .analyses.raters import RaterAgreement
from .analyses.scores import ScoreComparison, Scores
from .base.notices import FewSharedLabelsWarning, LabelOrderWarning
from .base.undefined import UndefinedMeasureWarning
from .base.version import __version__
from .integrations.accessor import AgreeAccessor
from .integrations.import_hooks import register_dask_accessor, register_polars_accessor
from .measures.registry import measures
from .report.agreement import AgreementReport
from .report.comparison import ComparisonReport
from .report.crosstab import CrosstabReport
from .report.raters import RaterReport
from .report.scores import ScoreComparisonReport, ScoresReport

register_dask_accessor()
register_polars_accessor()

__all__ = [
    "AgreeAccessor",
    "Agreement",
    "AgreementReport",
    "Comparison",
    "ComparisonReport",
    "Crosstab",
    "CrosstabReport",
    "FewSharedLabelsWarning",
    "LabelOrderWarning",
    "RaterAgreement",
    "RaterReport",
    "ScoreComparison",
    "ScoreComparisonReport",
    "Scores",
    "ScoresReport",
    "UndefinedMeasureWarning",
    "__version__",
    "agreement",
    "crosstabs",
    "datasets",
    "measures",
    "plan",
]
