"""The version of the installed distribution, for reports and the command line.

Examples
--------
>>> from pandas_agree.base.version import __version__
>>> isinstance(__version__, str)
True
"""

from importlib.metadata import PackageNotFoundError, version

__all__ = ["__version__"]

try:
    __version__ = version("pandas-agree")
except PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0+unknown"
