"""Several raters: Fleiss, Conger, Gwet's AC1 (AC2), Krippendorff's alpha, Light's kappa and percent agreement.

The ratings are held as a subjects × raters matrix of category codes. Every coefficient is a function of sums
over subjects of subject-level quantities (how many raters chose each category, pairwise agreement, each
rater's choice, coincidences), so one matrix product with the subject weights gives the coefficients, and a
matrix of resampled subject weights gives B bootstrap replicates at once.
"""

from __future__ import annotations

import warnings
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from itertools import combinations

import numpy as np
import pandas as pd
from scipy import stats

from ..base.undefined import divide, warn_undefined
from ..engine.crosstab import validate_weights
from ..inference.estimates import IntervalOptions
from ..measures.multiclass import agreement_weights, interpret
from .reports import build_report

__all__ = ["RATER_MEASURES", "RaterAgreement"]

RATER_MEASURES = {
    "FLEISS": "Fleiss' kappa",
    "CONGER": "Conger's kappa",
    "AC1": "Gwet's AC1",
    "ALPHA": "Krippendorff's alpha",
    "LIGHT": "Light's kappa",
    "PO": "percent agreement",
}
KAPPA_LIKE = ("FLEISS", "CONGER", "AC1", "ALPHA", "LIGHT")
LEVELS = ("nominal", "ordinal", "interval", "ratio")
ANALYTIC = ("FLEISS", "AC1", "PO")  # Gwet (2014) linearised variances; the others use the bootstrap
BOOTSTRAP_CHUNK = 64


def _category_order(values: pd.Series, columns: list[pd.Series], labels) -> pd.Index:
    observed = pd.Index(pd.unique(values.dropna()))
    if labels is not None:
        wanted = pd.Index(labels)
        missing = observed.difference(wanted)
        if len(missing):
            raise ValueError(f"labels must list every observed rating; not listed: {list(missing[:10])}")
        return wanted
    cats = [c.dtype.categories for c in columns if isinstance(c.dtype, pd.CategoricalDtype)]
    if cats and len(cats) == len(columns):
        order = cats[0]
        for more in cats[1:]:
            order = order.append(more.difference(order, sort=False))
        return order[order.isin(observed)]
    try:
        return observed.sort_values()
    except TypeError:
        return observed


@dataclass(frozen=True)
class _Design:
    """Subject-level building blocks (only subjects with at least two ratings)."""

    codes: np.ndarray  # (n, m) category codes, −1 where missing
    counts: np.ndarray  # (n, q) raters per category
    weights: np.ndarray  # (n,) subject frequency weights


class RaterAgreement:
    """Agreement among several raters who rated the same subjects on one nominal (or ordinal) scale.

    Build one with ``df.agree.raters(columns)`` (wide data: one row per subject, one column per rater, missing
    ratings allowed) or :meth:`from_long`. Subjects with fewer than two ratings cannot show agreement and drop
    out of every coefficient; ``n_dropped`` counts them.

    Attributes
    ----------
    categories : pandas.Index
        The rating categories, in order.
    raters : pandas.Index
        The rater columns.
    n_subjects, n_dropped, n_missing : int
        Subjects read; subjects left out (fewer than two ratings, or a missing or zero weight); missing ratings.
    counts : pandas.DataFrame
        Subjects × categories: how many raters chose each category (subjects used only).

    Examples
    --------
    >>> import pandas_agree as pa
    >>> df = pa.datasets.load("diagnoses")
    >>> ra = df.agree.raters([f"rater{k}" for k in range(1, 7)])
    >>> print(f"{ra.summary(['FLEISS']).loc['FLEISS', 'value']:.3f}")
    0.430
    """

    def __init__(self, ratings: pd.DataFrame, *, labels: Sequence | None = None, weights=None) -> None:
        if not isinstance(ratings, pd.DataFrame):
            raise TypeError(f"ratings must be a DataFrame (subjects × raters); got {type(ratings).__name__}")
        if ratings.shape[1] < 2:
            raise ValueError(f"at least two raters (columns) are needed; got {ratings.shape[1]}")
        if ratings.columns.has_duplicates:
            raise ValueError("rater columns must be distinct")
        columns = [ratings[c] for c in ratings.columns]
        stacked = pd.concat([c.astype(object) for c in columns], ignore_index=True)
        try:
            categories = _category_order(stacked, columns, labels)
        except TypeError as err:
            raise TypeError(f"ratings must be hashable values ({err})") from None
        if len(categories) == 0:
            raise ValueError("no ratings: every rating is missing")
        codes = np.column_stack([categories.get_indexer(c.astype(object)) for c in columns]).astype(np.intp)
        n = codes.shape[0]
        w = np.ones(n) if weights is None else validate_weights(weights, n)
        missing_weight = np.isnan(w)
        q = len(categories)
        rows, cols = np.nonzero(codes >= 0)
        counts = np.bincount(rows * q + codes[rows, cols], minlength=n * q).reshape(n, q).astype(float)
        rated = counts.sum(axis=1)
        keep = (rated >= 2) & ~missing_weight & (np.nan_to_num(w) > 0)
        self._categories = categories
        self._raters = ratings.columns
        self._n_subjects = n
        self._n_missing = int((codes < 0).sum())
        self._n_dropped = int((~keep).sum())
        self._design = _Design(codes[keep], counts[keep], w[keep])
        if not keep.any():
            raise ValueError("no subject has two or more ratings, so agreement is not defined")
        self._subjects = ratings.index[keep]

    @classmethod
    def from_long(cls, data: pd.DataFrame, subject: Hashable, rater: Hashable, rating: Hashable, *,
                  labels: Sequence | None = None) -> RaterAgreement:
        """From long data: one row per (subject, rater) with the rating.

        Examples
        --------
        >>> import pandas as pd
        >>> import pandas_agree as pa
        >>> long = pd.DataFrame({"s": [1, 1, 2, 2], "r": ["a", "b", "a", "b"], "y": ["x", "x", "y", "x"]})
        >>> pa.RaterAgreement.from_long(long, "s", "r", "y").n_subjects
        2
        """
        from .agreement import _column, _require_frame

        _require_frame(data, "data")
        for arg, col in (("subject", subject), ("rater", rater), ("rating", rating)):
            _column(data, col, arg)
        duplicated = data.duplicated([subject, rater], keep=False)
        if duplicated.any():
            pairs = data.loc[duplicated, [subject, rater]].drop_duplicates().head(5)
            shown = ", ".join(f"({s!r}, {r!r})" for s, r in pairs.itertuples(index=False))
            raise ValueError(f"each subject–rater pair must appear once; repeated: {shown}")
        wide = data.pivot(index=subject, columns=rater, values=rating)
        return cls(wide, labels=labels)

    # --- attributes --------------------------------------------------------------------------------------

    @property
    def categories(self) -> pd.Index:
        """The rating categories, in order."""
        return self._categories

    @property
    def raters(self) -> pd.Index:
        return self._raters

    @property
    def n_subjects(self) -> int:
        """Subjects read (rows)."""
        return self._n_subjects

    @property
    def n_dropped(self) -> int:
        """Subjects left out: fewer than two ratings, or a missing or zero weight."""
        return self._n_dropped

    @property
    def n_missing(self) -> int:
        """Missing ratings (cells)."""
        return self._n_missing

    @property
    def counts(self) -> pd.DataFrame:
        """Subjects × categories: how many raters chose each category (subjects used only)."""
        return pd.DataFrame(self._design.counts, index=self._subjects, columns=self._categories)

    def __repr__(self) -> str:
        n, m = self._design.codes.shape
        return f"<RaterAgreement: {n} subjects, {m} raters, {len(self._categories)} categories>"

    # --- coefficients --------------------------------------------------------------------------------------

    def _blocks(self, chosen: list[str], weights: np.ndarray, level: str) -> dict[str, np.ndarray]:
        """Subject-level features (one row per subject) whose weighted sums give the coefficients."""
        d = self._design
        codes, counts = d.codes, d.counts
        n, m = codes.shape
        q = counts.shape[1]
        r = counts.sum(axis=1)
        starred = counts @ weights.T  # Σ_l w_kl c_il
        blocks = {"one": np.ones((n, 1)),
                  "pa": ((counts * (starred - 1)).sum(axis=1) / (r * (r - 1)))[:, None],
                  "pi": counts / r[:, None]}
        if "CONGER" in chosen:
            onehot = np.zeros((n, m, q))
            i, g = np.nonzero(codes >= 0)
            onehot[i, g, codes[i, g]] = 1.0
            blocks["rater"] = onehot.reshape(n, m * q)
        if "ALPHA" in chosen:
            outer = counts[:, :, None] * counts[:, None, :]
            idx = np.arange(q)
            outer[:, idx, idx] -= counts
            blocks["coincidence"] = (outer / (r - 1)[:, None, None]).reshape(n, q * q)
        if "LIGHT" in chosen:
            # per pair of raters: rated by both, the agreement weight of their two ratings, and each one's choice
            pairs = list(combinations(range(m), 2))
            width = 2 + 2 * q
            features = np.zeros((len(pairs) * width, n))  # filled row by row, then transposed (contiguous writes)
            for p, (g, h) in enumerate(pairs):
                both = (codes[:, g] >= 0) & (codes[:, h] >= 0)
                a, b = np.where(both, codes[:, g], 0), np.where(both, codes[:, h], 0)
                block = features[p * width:(p + 1) * width]
                block[0] = both
                block[1] = weights[a, b] * both
                block[2 + a, np.arange(n)] = both
                block[2 + q + b, np.arange(n)] = both
            blocks["pairs"] = features.T
        return blocks

    def _coefficients(self, sums: dict[str, np.ndarray], chosen: list[str], weights: np.ndarray,
                      level: str) -> dict[str, np.ndarray]:
        """Coefficients from weighted subject sums (leading axis: resamples)."""
        q, m = len(self._categories), self._design.codes.shape[1]
        total = sums["one"][..., 0]
        pa = divide(sums["pa"][..., 0], total)
        pi = divide(sums["pi"], total[..., None])
        out = {}
        chance = {
            "FLEISS": lambda: np.einsum("...k,kl,...l->...", pi, weights, pi),
            "AC1": lambda: divide(weights.sum(), q * (q - 1)) * (pi * (1 - pi)).sum(axis=-1),
        }
        for code in chosen:
            if code == "PO":
                out[code] = pa
            elif code in chance:
                pe = chance[code]()
                out[code] = divide(pa - pe, 1 - pe)
            elif code == "CONGER":
                x = sums["rater"].reshape(*total.shape, m, q)
                rated = x.sum(axis=-1, keepdims=True)
                share = np.where(rated > 0, divide(x, rated), 0.0)  # a rater with no rating here takes no part
                k = (rated[..., 0] > 0).sum(axis=-1)
                cross = np.einsum("...gk,kl,...hl->...gh", share, weights, share)
                pe = divide(cross.sum(axis=(-2, -1)) - np.trace(cross, axis1=-2, axis2=-1), k * (k - 1))
                out[code] = divide(pa - pe, 1 - pe)
            elif code == "ALPHA":
                o = sums["coincidence"].reshape(*total.shape, q, q)
                out[code] = _alpha(o, self._distances(level, o))
            elif code == "LIGHT":
                out[code] = _light(sums["pairs"].reshape(*total.shape, -1, 2 + 2 * q), weights)
        return out

    def _distances(self, level: str, coincidence: np.ndarray) -> np.ndarray:
        """Krippendorff's squared differences δ²_ck for the level of measurement."""
        q = len(self._categories)
        if level == "nominal":
            return 1.0 - np.eye(q)
        if level == "ordinal":
            n_c = coincidence.sum(axis=-1)
            cum = np.cumsum(n_c, axis=-1)
            lo = np.minimum.outer(np.arange(q), np.arange(q))
            hi = np.maximum.outer(np.arange(q), np.arange(q))
            between = cum[..., hi] - cum[..., lo] + n_c[..., lo]
            return (between - (n_c[..., :, None] + n_c[..., None, :]) / 2) ** 2
        try:
            values = np.asarray(self._categories, dtype=float)
        except (TypeError, ValueError):
            raise ValueError(f"level={level!r} needs numeric ratings; the categories are "
                             f"{list(self._categories[:5])}") from None
        diff = np.subtract.outer(values, values)
        if level == "interval":
            return diff**2
        return divide(diff, np.add.outer(values, values)) ** 2

    def _estimate(self, chosen: list[str], weights: np.ndarray, level: str):
        blocks = self._blocks(chosen, weights, level)
        w = self._design.weights
        sums = {k: w @ v for k, v in blocks.items()}
        return blocks, sums, self._coefficients(sums, chosen, weights, level)

    def summary(self, measures: Sequence[str] | None = None, *, ci: str | None = None,
                confidence_level: float = 0.95, kappa_weights=None, level: str = "nominal",
                bands: str = "landis-koch", n_resamples: int = 2000, bootstrap_method: str = "percentile",
                random_state=None) -> pd.DataFrame:
        """The coefficients of agreement among the raters.

        Parameters
        ----------
        measures : list of str, optional
            Any of FLEISS, CONGER, AC1, ALPHA, LIGHT, PO (all by default).
        ci : {None, "auto", "bootstrap"}
            "auto": Gwet's (2014) linearised variance for FLEISS, AC1 and PO and the bootstrap over subjects
            for CONGER, ALPHA and LIGHT; "bootstrap": the bootstrap for every coefficient.
        kappa_weights : {"linear", "quadratic"} or matrix, optional
            Agreement weights over the ordered categories for FLEISS, CONGER, AC1 (then Gwet's AC2), LIGHT and
            PO.
        level : {"nominal", "ordinal", "interval", "ratio"}
            Krippendorff's level of measurement for ALPHA (interval and ratio need numeric ratings).
        bands, confidence_level, n_resamples, bootstrap_method, random_state
            As in :meth:`pandas_agree.Agreement.multiclass`; the bootstrap resamples subjects.

        Returns
        -------
        pandas.DataFrame
            Index: the codes; columns "value", with ``ci`` also "se", "lower", "upper" and "method", and
            "interpretation".

        Examples
        --------
        >>> import pandas_agree as pa
        >>> df = pa.datasets.load("diagnoses")
        >>> ra = df.agree.raters([f"rater{k}" for k in range(1, 7)])
        >>> ra.summary(["FLEISS", "AC1"], ci="auto").round(3)
                value     se  lower  upper           method interpretation
        FLEISS  0.430  0.054  0.324  0.536  Gwet linearised       moderate
        AC1     0.448  0.056  0.339  0.557  Gwet linearised       moderate
        """
        chosen = _resolve(measures)
        if level not in LEVELS:
            raise ValueError(f"level must be one of {LEVELS}; got {level!r}")
        q = len(self._categories)
        weights = np.eye(q) if kappa_weights is None else agreement_weights(kappa_weights, q, self._categories)
        blocks, sums, values = self._estimate(chosen, weights, level)
        values = {code: float(values[code]) for code in chosen}
        warn_undefined({code: None for code, v in values.items() if np.isnan(v)})
        out = pd.DataFrame({"value": values})
        if ci is not None:
            if ci not in ("auto", "bootstrap"):
                raise ValueError(f"ci must be None, 'auto' or 'bootstrap' for several raters; got {ci!r}")
            opts = IntervalOptions(ci, confidence_level, n_resamples, bootstrap_method, random_state)
            stats_ = self._intervals(chosen, values, blocks, sums, weights, level, opts)
            for column in ("se", "lower", "upper", "method"):
                out[column] = [stats_[code][column] for code in chosen]
        out["interpretation"] = [interpret([values[c]], bands)[0] if c in KAPPA_LIKE else None for c in chosen]
        out.attrs["notes"] = self._notes(weights, kappa_weights, level)
        return out

    def _notes(self, weights, kappa_weights, level) -> list[str]:
        notes = []
        if self._n_dropped:
            notes.append(f"{self._n_dropped} of {self._n_subjects} subjects had fewer than two ratings (or no "
                         "weight) and were left out.")
        if self._n_missing:
            notes.append(f"{self._n_missing} ratings were missing.")
        if kappa_weights is not None:
            notes.append("Agreement weights were used: AC1 is Gwet's AC2, and FLEISS, CONGER, LIGHT and PO are "
                         "weighted.")
        notes.append(f"ALPHA uses the {level} level of measurement.")
        return notes

    def _intervals(self, chosen, values, blocks, sums, weights, level, opts: IntervalOptions) -> dict:
        out = {}
        boot_codes = [c for c in chosen if ci_bootstrap(c, opts)]
        for code in chosen:
            if code in boot_codes:
                continue
            se = self._linearised_se(code, values[code], blocks, sums, weights)
            lower, upper = values[code] - opts.z * se, values[code] + opts.z * se
            hi = 1.0
            lo = -np.inf if code == "ALPHA" else (0.0 if code == "PO" else -1.0)
            out[code] = {"se": se, "lower": float(np.clip(lower, lo, hi)), "upper": float(np.clip(upper, lo, hi)),
                         "method": "Gwet linearised"}
        if boot_codes:
            boot = self._bootstrap(boot_codes, blocks, weights, level, opts)
            alpha = 1 - opts.confidence_level
            for code in boot_codes:
                draws = boot[code]
                ok = draws[~np.isnan(draws)]
                lower, upper = (np.quantile(ok, [alpha / 2, 1 - alpha / 2]) if len(ok) else (np.nan, np.nan))
                if opts.bootstrap_method == "basic":
                    lower, upper = 2 * values[code] - upper, 2 * values[code] - lower
                elif opts.bootstrap_method == "bca":
                    raise ValueError("bootstrap_method='bca' is not available for several raters; use "
                                     "'percentile' or 'basic'")
                out[code] = {"se": float(np.std(ok, ddof=1)) if len(ok) > 1 else np.nan, "lower": float(lower),
                             "upper": float(upper),
                             "method": f"bootstrap over subjects, {opts.bootstrap_method} (B = {opts.n_resamples})"}
        return out

    def _linearised_se(self, code, value, blocks, sums, weights) -> float:
        """Gwet (2014): v = Σ w_i (κ*_i − κ)² / (W (W − 1)), κ*_i = κ_i − 2(1 − κ)(pe_i − pe)/(1 − pe)."""
        w = self._design.weights
        total = w.sum()
        pa_i = blocks["pa"][:, 0]
        pi_i = blocks["pi"]
        pi = sums["pi"] / total
        q = len(self._categories)
        if code == "PO":
            star = pa_i
            value_ = value
        else:
            if code == "FLEISS":
                pe_i = pi_i @ weights @ pi
                pe = pi @ weights @ pi
            else:  # AC1 / AC2
                scale = weights.sum() / (q * (q - 1))
                pe_i = scale * (pi_i * (1 - pi)).sum(axis=1)
                pe = scale * (pi * (1 - pi)).sum()
            value_ = value
            kappa_i = (pa_i - pe) / (1 - pe)
            star = kappa_i - 2 * (1 - value_) * (pe_i - pe) / (1 - pe)
        variance = (w * (star - value_) ** 2).sum() / (total * (total - 1)) if total > 1 else np.nan
        return float(np.sqrt(variance))

    def _bootstrap(self, chosen, blocks, weights, level, opts: IntervalOptions) -> dict[str, np.ndarray]:
        """Coefficients on B resamples of the subjects (multinomial draws, processed in chunks)."""
        rng = opts.rng()
        w = self._design.weights
        n = len(w)
        total = float(w.sum())
        draws = max(round(total), 1)
        share = w / total
        features = np.empty((n, sum(v.shape[1] for v in blocks.values())), dtype=np.float32)
        offset = 0
        for v in blocks.values():
            features[:, offset:offset + v.shape[1]] = v
            offset += v.shape[1]
        sizes = [blocks[k].shape[1] for k in blocks]
        results: dict[str, list] = {c: [] for c in chosen}
        for start in range(0, opts.n_resamples, BOOTSTRAP_CHUNK):
            b = min(BOOTSTRAP_CHUNK, opts.n_resamples - start)
            picks = rng.choice(n, size=(b, draws), p=None if np.all(w == w[0]) else share)
            picks += np.arange(b)[:, None] * n
            resampled = np.bincount(picks.ravel(), minlength=b * n).reshape(b, n).astype(np.float32)
            sums_all = (resampled @ features).astype(float)
            sums, offset = {}, 0
            for key, size in zip(blocks, sizes, strict=True):
                sums[key] = sums_all[:, offset:offset + size]
                offset += size
            with np.errstate(all="ignore"):
                values = self._coefficients(sums, chosen, weights, level)
            for c in chosen:
                results[c].append(values[c])
        return {c: np.concatenate(v) for c, v in results.items()}

    # --- other views -----------------------------------------------------------------------------------

    def pairwise(self, measure: str = "KAPPA") -> pd.DataFrame:
        """A two-rater multiclass measure for every pair of raters (subjects rated by both).

        Examples
        --------
        >>> import pandas_agree as pa
        >>> ra = pa.datasets.load("anxiety").agree.raters(["rater1", "rater2", "rater3"])
        >>> ra.pairwise("OSR").round(2)
                rater1  rater2  rater3
        rater1    1.00     0.3    0.05
        rater2    0.30     1.0    0.20
        rater3    0.05     0.2    1.00
        """
        from .agreement import Agreement

        codes = self._design.codes
        m, q = codes.shape[1], len(self._categories)
        out = np.full((m, m), np.nan)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for g in range(m):
                for h in range(m):
                    both = (codes[:, g] >= 0) & (codes[:, h] >= 0)
                    if not both.any():
                        continue
                    cells = np.bincount(codes[both, g] * q + codes[both, h], weights=self._design.weights[both],
                                        minlength=q * q).reshape(q, q)
                    table = pd.DataFrame(cells, index=self._categories, columns=self._categories)
                    value = Agreement.from_table(table).multiclass([measure])["value"].iloc[0]
                    out[g, h] = value
        return pd.DataFrame(out, index=self._raters, columns=self._raters)

    def by_category(self) -> pd.DataFrame:
        """Fleiss' (1971) kappa of each category (that category against the others), with its SE under H0
        (Fleiss, Nee & Landis 1979), z and two-sided p-value.

        Examples
        --------
        >>> import pandas_agree as pa
        >>> ra = pa.datasets.load("diagnoses").agree.raters([f"rater{k}" for k in range(1, 7)])
        >>> ra.by_category()["kappa"].round(3).tolist()
        [0.245, 0.245, 0.52, 0.471, 0.566]
        """
        d = self._design
        w, c = d.weights, d.counts
        r = c.sum(axis=1)
        rated = (w * r).sum()
        p = (w @ c) / rated
        disagreement = w @ (c * (r[:, None] - c) / (r - 1)[:, None])
        kappa = 1 - divide(disagreement, rated * p * (1 - p))
        m_bar = (w * r).sum() / w.sum()
        se = np.sqrt(2 / (w.sum() * m_bar * (m_bar - 1)))
        z = kappa / se
        return pd.DataFrame({"kappa": kappa, "se": se, "z": z, "pvalue": 2 * stats.norm.sf(np.abs(z))},
                            index=pd.Index(self._categories, name="category"))

    def tests(self) -> pd.DataFrame:
        """FLEISS_Z: Fleiss' kappa over its SE under H0 (Fleiss, Nee & Landis 1979), two-sided.

        Returns
        -------
        pandas.DataFrame
            Index "FLEISS_Z"; columns "statistic", "df", "pvalue", "method".

        Examples
        --------
        >>> import pandas_agree as pa
        >>> df = pa.datasets.load("diagnoses")
        >>> ra = df.agree.raters([f"rater{k}" for k in range(1, 7)])
        >>> print(f"{ra.tests().loc['FLEISS_Z', 'statistic']:.3f}")
        17.652
        """
        d = self._design
        w, c = d.weights, d.counts
        r = c.sum(axis=1)
        p = (w @ c) / (w * r).sum()
        pq = p * (1 - p)
        m_bar = (w * r).sum() / w.sum()
        var0 = 2 / (w.sum() * m_bar * (m_bar - 1)) * ((pq.sum()) ** 2 - (pq * (1 - 2 * p)).sum()) / pq.sum() ** 2
        kappa = self.summary(["FLEISS"])["value"].iloc[0]
        z = kappa / np.sqrt(var0)
        method = "Fleiss' kappa / SE under H0, two-sided (Fleiss, Nee & Landis 1979)"
        if abs(m_bar - round(m_bar)) > 1e-12:
            method += "; the number of ratings varies, its mean is used"
        return pd.DataFrame({"statistic": [z], "df": [np.nan], "pvalue": [2 * stats.norm.sf(abs(z))],
                             "method": [method]}, index=["FLEISS_Z"])

    def report(self, **options):
        """The rater report (text, HTML, Excel, JSON), as :class:`pandas_agree.AgreementReport` does for two
        classifications.

        Options: those of :meth:`summary` (``measures``, ``ci`` (default "auto"), ``confidence_level``,
        ``kappa_weights``, ``level``, ``bands``, ``n_resamples``, ``bootstrap_method``, ``random_state``).

        Returns
        -------
        pandas_agree.RaterReport

        Examples
        --------
        >>> import pandas_agree as pa
        >>> df = pa.datasets.load("diagnoses")
        >>> ra = df.agree.raters([f"rater{k}" for k in range(1, 7)])
        >>> report = ra.report(random_state=0, n_resamples=200)
        >>> print(f"{report.coefficients.loc['FLEISS', 'value']:.3f}")
        0.430
        """
        return build_report(self, **options)


def ci_bootstrap(code: str, opts: IntervalOptions) -> bool:
    return opts.ci == "bootstrap" or code not in ANALYTIC


def _resolve(measures) -> list[str]:
    if measures is None:
        return list(RATER_MEASURES)
    names = [measures] if isinstance(measures, str) else list(measures)
    out = []
    for name in names:
        code = str(name).upper()
        if code not in RATER_MEASURES:
            raise ValueError(f"measures must be chosen from {tuple(RATER_MEASURES)}; got {name!r}")
        out.append(code)
    return out


def _alpha(coincidence: np.ndarray, delta2: np.ndarray) -> np.ndarray:
    n_c = coincidence.sum(axis=-1)
    n = n_c.sum(axis=-1)
    observed = (coincidence * delta2).sum(axis=(-2, -1))
    expected = np.einsum("...c,...ck,...k->...", n_c, delta2 * np.ones_like(coincidence), n_c)
    return 1 - divide((n - 1) * observed, expected)


def _light(pairs: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """Mean of the pairwise (weighted) Cohen's kappas, from (..., pairs, [n, Σw_ab, row counts, column counts])."""
    q = weights.shape[0]
    n = pairs[..., 0]
    po = divide(pairs[..., 1], n)
    rows = divide(pairs[..., 2:2 + q], n[..., None])
    cols = divide(pairs[..., 2 + q:], n[..., None])
    pe = np.einsum("...i,ij,...j->...", rows, weights, cols)
    kappas = divide(po - pe, 1 - pe)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        return np.nanmean(kappas, axis=-1)
