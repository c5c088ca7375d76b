"""Warnings that tell the reader how to read a result (beside :class:`~.undefined.UndefinedMeasureWarning`)."""

from __future__ import annotations

__all__ = ["FewSharedLabelsWarning", "LabelOrderWarning"]


class LabelOrderWarning(UserWarning):
    """A statistic used the order of labels that carry no order of their own.

    Weighted coefficients (weighted kappa and the other coefficients with agreement weights), the ordinal
    CROSSTABS statistics (gamma, Somers' d, Kendall's tau-b and tau-c, Spearman's correlation, eta, Pearson's R)
    and the linear-by-linear association test read the labels as an ordered scale. Numbers and ordered
    categoricals carry their order; text labels and unordered categoricals do not, and are then taken in the
    order the warning names (sorted, or as the table gives them). Set the order with ``labels=[...]`` or an
    ordered :class:`pandas.Categorical`.

    Examples
    --------
    >>> import warnings
    >>> import pandas as pd
    >>> import pandas_agree as pa
    >>> df = pd.DataFrame({"a": ["low", "mid", "high", "mid"], "b": ["low", "high", "high", "mid"]})
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     _ = df.agree("a", "b").multiclass(["KAPPA_W"])
    >>> caught[0].category.__name__
    'LabelOrderWarning'
    >>> ordered = df.agree("a", "b", labels=["low", "mid", "high"]).multiclass(["KAPPA_W"])  # silent
    """


class FewSharedLabelsWarning(UserWarning):
    """Two columns share fewer than half of either side's labels, so they are unlikely to be two classifications
    of the same objects into the same classes: a crosstab of two variables (``df.agree.crosstabs``) or a
    matching of clusters to classes (``match=``) is what is wanted then.

    Examples
    --------
    >>> import warnings
    >>> import pandas as pd
    >>> import pandas_agree as pa
    >>> df = pd.DataFrame({"hair": ["Black", "Brown", "Red", "Blond"], "eye": ["Brown", "Blue", "Hazel", "Green"]})
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     _ = df.agree("hair", "eye")
    >>> caught[0].category.__name__
    'FewSharedLabelsWarning'
    """
