"""pandas_agree: agreement between two classifications of the same objects, as a pandas accessor.

Importing the package registers ``DataFrame.agree``.

Examples
--------
>>> import pandas as pd
>>> import pandas_agree as pa
>>> df = pd.DataFrame({"actual": list("aabbcc"), "pred": list("abbbcc")})
>>> df.agree("actual", "pred").averages(["REC"], average="unweighted")
     unweighted
REC    0.833333
"""

import contextlib
from importlib.metadata import PackageNotFoundError, version

from . import datasets
from ._undefined import UndefinedMeasureWarning
from .accessor import AgreeAccessor
from .compare import Comparison
from .raters import RaterAgreement
from .registry import measures
from .report import AgreementReport
from .table import Agreement, agreement

with contextlib.suppress(ImportError):  # registers ddf.agree when dask is installed
    from . import dask_accessor  # noqa: F401

try:
    __version__ = version("pandas-agree")
except PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0+unknown"

__all__ = [
    "AgreeAccessor",
    "Agreement",
    "AgreementReport",
    "Comparison",
    "RaterAgreement",
    "UndefinedMeasureWarning",
    "__version__",
    "agreement",
    "datasets",
    "measures",
]
