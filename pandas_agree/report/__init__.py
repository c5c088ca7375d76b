"""Reports: the document model, the text, HTML, Excel and plot renderers, and the report of each analysis."""

from ..analyses.agreement import Agreement
from ..analyses.comparison import Comparison
from ..analyses.crosstab import Crosstab
from ..analyses.raters import RaterAgreement
from ..analyses.reports import register_report
from ..analyses.scores import ScoreComparison, Scores
from .agreement import AgreementReport
from .comparison import ComparisonReport
from .crosstab import CrosstabReport
from .raters import RaterReport
from .scores import ScoreComparisonReport, ScoresReport

__all__ = ["AgreementReport", "ComparisonReport", "CrosstabReport", "RaterReport", "ScoreComparisonReport",
           "ScoresReport"]

register_report(Crosstab, CrosstabReport)
register_report(Agreement, AgreementReport)
register_report(RaterAgreement, RaterReport)
register_report(Comparison, ComparisonReport)
register_report(Scores, ScoresReport)
register_report(ScoreComparison, ScoreComparisonReport)
