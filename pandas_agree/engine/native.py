"""Counting where the data live: the cells of a table as one group-by of the engine that holds the rows.

Every value of the package is a function of counts, so a Polars (eager or lazy), PyArrow, DuckDB, Ibis, PySpark or
Dask table does not have to leave its engine: one ``GROUP BY`` of the label columns (and the columns of a sample
design or of layers) with the number of rows and the sum of the weights of each group is computed there, through
`narwhals <https://narwhals-dev.github.io/narwhals/>`_ (the compatibility layer dataframe-agnostic libraries use),
and only the groups come back, as a small pandas frame. For DuckDB the query is (narwhals' ``sql_query()``, its
common table expressions folded in)::

    SELECT actual, pred, __pa_w_missing, count() AS n, COALESCE(sum(__pa_w), 0) AS w,
           COALESCE(sum(__pa_w_zero), 0) AS n_zero
    FROM (SELECT actual, pred, w, (w IS NULL) AS __pa_w_missing, CAST(w AS DOUBLE) AS __pa_w,
                 CAST((w = 0) AS BIGINT) AS __pa_w_zero FROM frame)
    GROUP BY actual, pred, __pa_w_missing

(without weights ``SELECT actual, pred, count() AS n ... GROUP BY actual, pred``). Missing keys stay groups of
their own (``drop_null_keys=False``), so the rows with a missing label or weight are counted as the pandas path
counts them. The weights are checked there
too (numeric, finite, non-negative) by one ``SELECT MIN(w), MAX(w)``.

narwhals and the engines are imported by the functions that use them, never with the package.
"""

from __future__ import annotations

import warnings
from collections.abc import Hashable, Sequence

import numpy as np
import pandas as pd

from .crosstab import check_total

__all__ = ["ENGINES", "WEIGHT_MISSING", "engine_of", "grouped_counts"]

# the top-level module of a frame's type, and the engine it names (Dask's frames came from dask_expr in 2024.8–2025.0;
# DuckDB's relations from its extension module _duckdb in 1.4–1.5, from duckdb.duckdb before and duckdb._relation after)
ENGINES = {"polars": "Polars", "pyarrow": "PyArrow", "duckdb": "DuckDB", "_duckdb": "DuckDB", "ibis": "Ibis",
           "pyspark": "PySpark",
           "dask": "Dask", "dask_expr": "Dask", "sqlframe": "SQLFrame", "modin": "Modin", "cudf": "cuDF"}
# the names of the counts in the groups (chosen not to clash with a column: see _free_name)
WEIGHT_MISSING = "__pa_w_missing"


def engine_of(frame) -> str | None:
    """The name of the engine of a dataframe other than pandas (None for pandas and for anything else), from the
    module of its type: nothing is imported to find it.

    Examples
    --------
    >>> import pandas as pd
    >>> from pandas_agree.engine.native import engine_of
    >>> engine_of(pd.DataFrame()) is None
    True
    """
    if isinstance(frame, pd.DataFrame):
        return None
    return ENGINES.get(type(frame).__module__.split(".")[0])


def _narwhals():
    try:
        import narwhals.stable.v2 as nw
    except ModuleNotFoundError:  # pragma: no cover - narwhals is a dependency
        raise ModuleNotFoundError("counting a table in its own engine needs narwhals: pip install narwhals") from None
    return nw


def _free_name(stem: str, taken: Sequence[str]) -> str:
    name = stem
    while name in taken:
        name += "_"
    return name


def _quoted(name) -> str:
    """A column name as an SQL identifier (in double quotes, each inner one doubled)."""
    return '"' + str(name).replace('"', '""') + '"'


def lazy_frame(frame):
    """The narwhals LazyFrame of a native frame (an eager frame is made lazy: its engine plans the query)."""
    nw = _narwhals()
    try:
        with warnings.catch_warnings():
            # narwhals announces that its Dask support moves to a package not yet released (narwhals-dask): a
            # notice for narwhals' own users, which the users of this library cannot act on
            warnings.filterwarnings("ignore", message="Dask support is moving out of Narwhals", category=FutureWarning)
            found = nw.from_native(frame)
    except TypeError as err:
        raise TypeError(f"data must be a dataframe (pandas, Polars, PyArrow, DuckDB, Ibis, PySpark or Dask); got a "
                        f"{type(frame).__module__}.{type(frame).__name__} ({err})") from None
    return found.lazy() if isinstance(found, nw.DataFrame) else found


def check_columns(schema: dict, wanted: dict) -> None:
    """A KeyError naming the argument and listing the frame's columns for a column it lacks."""
    columns = list(schema)
    for arg, name in wanted.items():
        if name is not None and name not in columns:
            shown = ", ".join(repr(c) for c in columns[:20]) + (" ..." if len(columns) > 20 else "")
            raise KeyError(f"{arg}: no column {name!r} in the data; its columns are {shown}")


def _collected(lf, engine: str | None = None) -> pd.DataFrame:
    """The groups of a narwhals LazyFrame, collected in its engine and brought to pandas.

    Polars' ``to_pandas`` and narwhals' collection of a DuckDB, Ibis or PySpark table go through pyarrow; without
    it the error says so and how to install it, rather than that a module is missing.
    """
    try:
        return lf.collect().to_pandas()
    except ModuleNotFoundError as error:
        if error.name != "pyarrow":
            raise
        table = f"a {engine} table" if engine else "a table of another engine"
        raise ModuleNotFoundError(
            f"counting {table} brings its groups to pandas through pyarrow, which is not installed: "
            "pip install pyarrow (the extras polars, duckdb and spark of pandas-agree install it)",
            name="pyarrow") from error


def _check_weights(lf, schema, weights: str, name: str, engine: str | None = None) -> None:
    """The weights checked in the engine: numeric, finite, non-negative, and their total in range."""
    nw = _narwhals()
    dtype = schema[weights]
    if not dtype.is_numeric():
        raise TypeError(f"{name} must be numeric (frequency weights); got dtype {dtype}")
    w = nw.col(weights)
    if dtype.is_float():
        w = w.fill_nan(None)  # NaN is a missing weight, as in pandas
    found = _collected(lf.select(w.min().alias("low"), w.max().alias("high"), w.sum().alias("total")), engine)
    low, high, total = (float(found[c].iloc[0]) if pd.notna(found[c].iloc[0]) else np.nan
                        for c in ("low", "high", "total"))
    if np.isinf(low) or np.isinf(high):
        raise ValueError(f"{name} must be finite; some values are infinite")
    if low < 0:
        raise ValueError(f"{name} must be non-negative; some values are negative (the smallest: {low})")
    if np.isfinite(total):
        check_total(total, name)


def grouped_counts(frame, keys: Sequence[Hashable], *, weights: Hashable | None = None,
                   weight_key: bool = False, names: Sequence[str] | None = None,
                   weights_name: str = "weights") -> pd.DataFrame:
    """The groups of the rows of a native ``frame`` by the columns ``keys`` (missing values a group of their own),
    counted by its engine: one row per group with the keys, ``n`` (rows), and with ``weights`` ``w`` (the sum of the
    weights), ``n_zero`` (rows of weight 0) and :data:`WEIGHT_MISSING` (whether the group's weights are missing;
    NaN is missing); ``weight_key`` makes the weight itself a key too (``uw``: rows of one PSU each, kept apart by
    weight). ``names`` name the keys' arguments in messages.

    Examples
    --------
    >>> import pyarrow as pa
    >>> from pandas_agree.engine.native import grouped_counts
    >>> t = pa.table({"a": ["x", "y", "x", None], "p": ["x", "x", "x", "y"]})
    >>> groups = grouped_counts(t, ["a", "p"]).sort_values("n", ascending=False)
    >>> groups["a"].tolist()[0], groups["p"].tolist()[0], groups["n"].tolist()
    ('x', 'x', [2, 1, 1])
    """
    nw = _narwhals()
    names = list(names) if names is not None else [f"keys[{i}]" for i in range(len(keys))]
    given = list(keys)
    if engine_of(frame) == "Dask" and not all(isinstance(c, str) for c in [*keys, *([] if weights is None
                                                                                 else [weights]),
                                                                         *frame.columns]):
        # Dask's planner reads a column named None (or names of mixed types) wrongly, even one not counted (its
        # projections sort the frame's column names): the columns are given plain names, partition by partition,
        # and the keys get their names back in the groups
        columns = frame.columns  # a pandas Index: it finds None where Dask lists NaN
        for arg, name in {**dict(zip(names, keys, strict=True)), weights_name: weights}.items():
            if name is not None and name not in columns:
                check_columns(dict.fromkeys(columns), {arg: name})
        frame, keys, weights = _plain_names(frame, list(keys), weights)
    lf = lazy_frame(frame)
    schema = dict(lf.collect_schema())
    check_columns(schema, {**dict(zip(names, keys, strict=True)), weights_name: weights})
    taken = [*map(str, schema)]
    if engine_of(frame) == "DuckDB":
        # DuckDB reads a grouping column whose name holds a dot as a column of a table ("r.a": column a of table r):
        # such columns are grouped under plain names, and the keys get their names back in the groups
        # (a projection in DuckDB's own SQL: narwhals' rename reads such a name the same way on older DuckDB)
        used = list(dict.fromkeys([*keys, *([] if weights is None else [weights])]))
        if any("." in str(c) for c in used):
            plain: dict = {}
            for column in used:
                plain[column] = (_free_name(f"__pa_k{len(plain)}", [*taken, *plain.values()]) if "." in str(column)
                                 else column)
            lf = lazy_frame(frame.project(", ".join(f"{_quoted(c)} AS {_quoted(plain[c])}" for c in used)))
            keys = [plain[k] for k in keys]
            weights = None if weights is None else plain[weights]
            schema = dict(lf.collect_schema())
            taken = [*map(str, schema)]
    out = [nw.len().alias("n")]
    group = [nw.col(k) for k in keys]
    if weights is not None:
        _check_weights(lf, schema, weights, weights_name, engine_of(frame))
        w = nw.col(weights)
        if schema[weights].is_float():
            w = w.fill_nan(None)
        missing, value, zero = (_free_name(stem, taken) for stem in (WEIGHT_MISSING, "__pa_w", "__pa_w_zero"))
        # every aggregate a plain sum or count of a column (what every engine's group-by takes)
        lf = lf.with_columns(w.is_null().alias(missing), w.cast(nw.Float64()).alias(value),
                             (w == 0).cast(nw.Int64()).alias(zero))
        group.append(nw.col(missing))
        if weight_key:
            uw = _free_name("uw", taken)
            lf = lf.with_columns(nw.col(value).alias(uw))
            group.append(nw.col(uw))
        out += [nw.col(value).sum().alias("w"), nw.col(zero).sum().alias("n_zero")]
    if len({*map(str, keys)}) != len(keys):
        raise ValueError(f"the columns {list(keys)} must differ")
    grouped = lf.group_by(*group, drop_null_keys=False).agg(*out)
    if engine_of(frame) == "Polars":
        # a Polars Categorical declares no order (Polars sorts it by its text; an Enum is the ordered type), and
        # its categories would reach pandas in the order the groups come back, which changes from run to run:
        # its groups come back as text, sorted as the same strings are in pandas
        unordered = [k for k in keys if schema[k] == nw.Categorical]
        if unordered:
            grouped = grouped.with_columns(*(nw.col(k).cast(nw.String()) for k in unordered))
    grouped = _collected(grouped, engine_of(frame))
    if engine_of(frame) == "Polars":
        # an Enum is Polars' ordered type: its groups come back as an ordered categorical, as the newer Polars gives
        # them (older ones leave the categorical unordered)
        for i, k in enumerate(keys):
            if schema[k] == nw.Enum and isinstance(grouped.dtypes.iloc[i], pd.CategoricalDtype):
                grouped.isetitem(i, grouped.iloc[:, i].cat.as_ordered())
    if weights is not None:
        grouped = grouped.rename(columns={missing: WEIGHT_MISSING, **({uw: "uw"} if weight_key else {})})
    text = pd.Series(["text"]).dtype  # how this pandas holds text by default
    for column in grouped.columns[:len(keys)]:
        dtype = grouped[column].dtype
        if dtype != text and (isinstance(dtype, pd.StringDtype) or str(dtype) in ("string[pyarrow]",
                                                                                  "large_string[pyarrow]")):
            # text as a pandas frame of the same rows holds it (one missing value: NaN, as pandas reads None)
            grouped[column] = grouped[column].astype(object).where(grouped[column].notna(), None).astype(text)
    for count in ("n", "n_zero"):
        if count in grouped:
            grouped[count] = grouped[count].fillna(0).to_numpy(dtype=np.int64)
    if "w" in grouped:
        grouped["w"] = grouped["w"].fillna(0.0).to_numpy(dtype=float)
    if given != list(keys):
        grouped = grouped.set_axis(pd.Index([*given, *grouped.columns[len(keys):]], dtype=object,
                                            tupleize_cols=False), axis=1)
    return grouped


def _plain_names(ddf, keys: list, weights):
    """A Dask frame with its columns named "k0", "k1", ... by position, partition by partition, and the keys and the
    weights by those names (a column named twice takes the first)."""
    import dask
    import dask.dataframe as dd

    plain = [f"k{i}" for i in range(len(ddf.columns))]

    def name_of(column):
        at = ddf.columns.get_loc(column)
        return plain[at if isinstance(at, int) else int(np.flatnonzero(np.arange(len(plain))[at])[0])]

    def renamed(part):
        return part.set_axis(plain, axis=1)

    # each partition read as it is: Dask's planner would take the columns of the new names from the frame by the old
    # ones, and cannot (a column named None is NaN in its meta, and names of mixed types do not sort)
    meta = pd.DataFrame({name: pd.Series(dtype=dtype) for name, dtype in zip(plain, ddf.dtypes, strict=True)})
    frame = dd.from_delayed([dask.delayed(renamed)(part) for part in ddf.to_delayed()], meta=meta,
                            verify_meta=False)
    return frame, [name_of(k) for k in keys], None if weights is None else name_of(weights)
