"""Coefficients of several raters: the registry entries (kind "rater") and their computation.

The ratings are a subjects × raters matrix of category codes. Every coefficient is a function of sums over
subjects of subject-level features (how many raters chose each category, the pairwise agreement, each rater's
choice, the coincidences, the pairs of raters), so one matrix product with the subject weights gives the
coefficients, and a matrix of resampled subject weights gives B bootstrap replicates at once.

With r_ik the number of raters who put subject i in category k, r_i = Σ_k r_ik and r*_ik = Σ_l w_kl r_il
(w the agreement weights, the identity unless ``kappa_weights`` is given): the subject's agreement is
pa_i = Σ_k r_ik (r*_ik − 1) / (r_i (r_i − 1)), its shares π_ik = r_ik / r_i. As in Gwet (2014, ch. 5) and irrCAC,
Pa is the weighted mean of pa_i over the subjects with at least two ratings, and π_k the weighted mean of π_ik over
every subject with a rating (a subject rated once tells how often each category is chosen, not whether raters
agree); Conger's rater shares also count every rating.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from itertools import combinations

import numpy as np
import pandas as pd

from ..base.spelling import option_set
from ..base.undefined import divide
from . import chance
from .citations import GWET_2014
from .interval_methods import Linearised
from .registry import Measure, Note, register

__all__ = ["Scale", "alpha_differences", "alpha_weighted", "distances", "light_kappas", "rater_values",
           "subject_features"]


@dataclass(frozen=True)
class Scale:
    """The rating scale of one call: the categories in order, their agreement weights and Krippendorff's level
    of measurement; ``pairs`` marks the pairs of raters (in the order of ``itertools.combinations``) whose
    Cohen's kappa Light's kappa averages (None: every pair); ``values``, under a sample design, the pairable values
    of the sample (ratings of the subjects rated twice or more, whatever their weights), the n of Krippendorff's
    small-sample factor 1 − 1/n (None: the weighted count, as frequency weights count subjects), so that alpha does
    not depend on the scale of sampling weights and equals the unweighted alpha where they are all equal."""

    categories: pd.Index
    weights: np.ndarray  # q×q agreement weights (the identity when none are given)
    level: str = "nominal"
    pairs: np.ndarray | None = None
    values: float | None = None

    @property
    def q(self) -> int:
        return len(self.categories)


# --- subject-level features ----------------------------------------------------------------------------------

def subject_features(codes: np.ndarray, counts: np.ndarray, weights: np.ndarray,
                     measures: list[Measure]) -> dict[str, np.ndarray]:
    """The subject-level features (one row per subject) whose weighted sums give the coefficients ``measures``.

    ``codes`` is subjects × raters (−1 where a rating is missing), ``counts`` subjects × categories (every subject
    has at least one rating), ``weights`` the q×q agreement weights. Always "one", "paired" (1 for a subject with
    two or more ratings), "pa" (pa_i, 0 for a subject rated once) and "pi" (π_ik);
    then the features the records name: "rater" (each rater's choice), "coincidence" (Krippendorff's
    coincidences), "pairs" (per pair of raters: rated by both, their agreement weight, each one's choice).
    """
    n, m = codes.shape
    q = counts.shape[1]
    wanted = {f for measure in measures for f in measure.features}
    r = counts.sum(axis=1)
    starred = counts @ weights.T  # Σ_l w_kl r_il
    paired = r >= 2
    pairs_of_ratings = np.where(paired, r * (r - 1), 1.0)
    features = {"one": np.ones((n, 1)),
                "paired": paired.astype(float)[:, None],
                "pa": np.where(paired, (counts * (starred - 1)).sum(axis=1) / pairs_of_ratings, 0.0)[:, None],
                "pi": counts / r[:, None]}
    if "rater" in wanted:
        onehot = np.zeros((n, m, q))
        i, g = np.nonzero(codes >= 0)
        onehot[i, g, codes[i, g]] = 1.0
        features["rater"] = onehot.reshape(n, m * q)
    if "coincidence" in wanted:
        outer = counts[:, :, None] * counts[:, None, :]
        idx = np.arange(q)
        outer[:, idx, idx] -= counts
        # a value with no other value in its unit is not pairable (Krippendorff): it adds no coincidence
        features["coincidence"] = (outer / np.where(paired, r - 1, 1.0)[:, None, None]).reshape(n, q * q)
    if "pairs" in wanted:
        pairs = list(combinations(range(m), 2))
        width = 2 + 2 * q
        block_rows = np.zeros((len(pairs) * width, n))  # filled row by row, then transposed (contiguous writes)
        for p, (g, h) in enumerate(pairs):
            both = (codes[:, g] >= 0) & (codes[:, h] >= 0)
            a, b = np.where(both, codes[:, g], 0), np.where(both, codes[:, h], 0)
            block = block_rows[p * width:(p + 1) * width]
            block[0] = both
            block[1] = weights[a, b] * both
            block[2 + a, np.arange(n)] = both
            block[2 + q + b, np.arange(n)] = both
        features["pairs"] = block_rows.T
    return features


def _agreement(sums: dict[str, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """Pa (over the subjects with two or more ratings) and the pooled shares π_k (over every subject) from the
    weighted sums (any leading shape)."""
    total = sums["one"][..., 0]
    return divide(sums["pa"][..., 0], sums["paired"][..., 0]), divide(sums["pi"], total[..., None])


def rater_values(sums: dict[str, np.ndarray], measures: list[Measure], scale: Scale) -> dict[str, np.ndarray]:
    """The coefficients ``measures`` from the weighted sums of :func:`subject_features` (leading axes, such as
    resamples, broadcast)."""
    return {m.code: np.asarray(m.compute(sums, scale), dtype=float) for m in measures}


# --- the coefficients --------------------------------------------------------------------------------------

def _po(sums, scale: Scale) -> np.ndarray:
    return _agreement(sums)[0]


def _bpk_chance(scale: Scale) -> float:
    """Brennan and Prediger's chance agreement: the mean agreement weight over the q × q pairs of categories."""
    return float(scale.weights.sum() / scale.q**2)


def _bpk(sums, scale: Scale) -> np.ndarray:
    return chance.chance_corrected(_agreement(sums)[0], _bpk_chance(scale))


def _fleiss(sums, scale: Scale) -> np.ndarray:
    pa, pi = _agreement(sums)
    return chance.chance_corrected(pa, chance.scott(pi, scale.weights))


def _ac1(sums, scale: Scale) -> np.ndarray:
    pa, pi = _agreement(sums)
    return chance.chance_corrected(pa, chance.gwet(pi, scale.weights))


def _conger_chance(sums, scale: Scale):
    """Pa, Conger's Pe, each rater's shares p_gk (..., raters, categories), each rater's number of ratings n_g and
    the number k of raters with ratings."""
    pa, _ = _agreement(sums)
    q = scale.q
    x = sums["rater"].reshape(*pa.shape, -1, q)  # (..., raters, categories)
    rated = x.sum(axis=-1)
    share = np.where(rated[..., None] > 0, divide(x, rated[..., None]), 0.0)  # a rater with no rating takes no part
    k = (rated > 0).sum(axis=-1)
    cross = chance.cohen(share[..., :, None, :], share[..., None, :, :], scale.weights)  # (..., g, h)
    pe = divide(cross.sum(axis=(-2, -1)) - np.trace(cross, axis1=-2, axis2=-1), k * (k - 1))
    return pa, pe, share, rated, k


def _conger(sums, scale: Scale) -> np.ndarray:
    pa, pe, *_ = _conger_chance(sums, scale)
    return chance.chance_corrected(pa, pe)


def distances(level: str, coincidence: np.ndarray, categories: pd.Index) -> np.ndarray:
    """Krippendorff's squared differences δ²_ck for the level of measurement (ordinal ones depend on the
    coincidences, so they have their leading shape).

    The interval and ratio levels need finite numeric ratings, the ratio level non-negative ones (a ratio scale
    starts at 0). The ratio difference ((c − k)/(c + k))² of a value with itself is 0, 0 included (Krippendorff
    2011: δ² = 0 whenever c = k), where the formula alone would give 0/0. Interval differences are those of the
    ratings over the largest in absolute value: alpha is a ratio of sums of them, which that leaves unchanged, and
    ratings as large as 1e300 do not overflow.

    Examples
    --------
    >>> import numpy as np
    >>> import pandas as pd
    >>> distances("ratio", np.zeros((3, 3)), pd.Index([0, 1, 3])).round(3).tolist()
    [[0.0, 1.0, 1.0], [1.0, 0.0, 0.25], [1.0, 0.25, 0.0]]
    """
    q = len(categories)
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
        values = np.asarray(categories, dtype=float)
    except (TypeError, ValueError):
        raise ValueError(f"{option_set('level', level)} needs numeric ratings; the categories are "
                         f"{list(categories[:5])}") from None
    if not np.isfinite(values).all():
        raise ValueError(f"{option_set('level', level)} needs finite ratings; the categories include "
                         f"{list(categories[~np.isfinite(values)][:5])}")
    if level == "interval":
        top = np.max(np.abs(values)) if len(values) else 0.0
        diff = np.subtract.outer(values, values) / (top if top > 0 else 1.0)
        return diff**2
    diff = np.subtract.outer(values, values)
    if (values < 0).any():
        raise ValueError(f"{option_set('level', 'ratio')} needs ratings of 0 or more (a ratio scale starts at 0); "
                         f"the categories include {list(categories[values < 0][:5])}; use "
                         f"{option_set('level', 'interval')} for these ratings")
    return np.where(diff == 0, 0.0, divide(diff, np.add.outer(values, values))) ** 2


def alpha_differences(scale: Scale, coincidence: np.ndarray) -> np.ndarray:
    """Krippendorff's differences of a call: at the nominal level the disagreement 1 − w_kl of the agreement
    weights (1 off the diagonal without ``kappa_weights``, whose weights are then the identity), as the weighted
    alpha of two classifications (Gwet 2014, ch. 3; irrCAC's ``krippen.alpha.raw``) takes them; at the other
    levels Krippendorff's δ²_ck of the level (:func:`distances`)."""
    if scale.level == "nominal":
        return 1.0 - scale.weights
    return distances(scale.level, coincidence, scale.categories)


def _alpha(sums, scale: Scale) -> np.ndarray:
    q = scale.q
    coincidence = sums["coincidence"].reshape(*sums["one"].shape[:-1], q, q)
    delta2 = alpha_differences(scale, coincidence)
    n_c = coincidence.sum(axis=-1)
    n = n_c.sum(axis=-1)
    observed = (coincidence * delta2).sum(axis=(-2, -1))
    expected = np.einsum("...c,...ck,...k->...", n_c, delta2 * np.ones_like(coincidence), n_c)
    # (n − 1) is n·(1 − 1/n): n·observed/expected is the ratio of the disagreements, whatever the scale of the
    # counts; 1 − 1/n the small-sample factor, of the sample's values under a design (Scale.values)
    small = divide(1, n) if scale.values is None else 1 / scale.values
    return 1 - divide(n * (1 - small) * observed, expected)


def light_kappas(sums, scale: Scale) -> np.ndarray:
    """The (weighted) Cohen's kappa of every pair of raters, from (..., pairs, [n, Σw_ab, row counts, column
    counts]); NaN for a pair that ``scale.pairs`` leaves out (fewer than two subjects rated by both)."""
    q = scale.q
    pairs = sums["pairs"].reshape(*sums["one"].shape[:-1], -1, 2 + 2 * q)
    n = pairs[..., 0]
    po = divide(pairs[..., 1], n)
    # Pe with one division (chance.cohen_of_counts): a pair at independence has kappa exactly 0
    kappas = chance.chance_corrected(po, chance.cohen_of_counts(pairs[..., 2:2 + q], pairs[..., 2 + q:], n,
                                                                scale.weights))
    return kappas if scale.pairs is None else np.where(scale.pairs, kappas, np.nan)


def _light(sums, scale: Scale) -> np.ndarray:
    """Mean of the pairwise (weighted) Cohen's kappas that are defined."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        return np.nanmean(light_kappas(sums, scale), axis=-1)


# --- linearisation (Gwet 2014): Pa, Pe and each subject's contribution to them -------------------------------

def _pa_gradient(features, sums, pe) -> np.ndarray:
    """Each subject's part in Pa: (W/W₂)·(pa_i − Pe) for a subject with two or more ratings (W₂ of them in a
    total weight W), 0 for one rated once (Gwet 2014, ch. 5; irrCAC)."""
    share = divide(sums["one"][..., 0], sums["paired"][..., 0])
    return share * (features["pa"][:, 0] - pe) * features["paired"][:, 0]


def _po_gradient(features, sums, scale: Scale):
    pa, _ = _agreement(sums)
    return pa, 0.0, _pa_gradient(features, sums, 0.0), np.zeros(len(features["pa"]))


def _bpk_gradient(features, sums, scale: Scale):
    pa, _ = _agreement(sums)
    pe = _bpk_chance(scale)
    return pa, pe, _pa_gradient(features, sums, pe), np.zeros(len(features["pa"]))


def _fleiss_gradient(features, sums, scale: Scale):
    pa, pi = _agreement(sums)
    pe = chance.scott(pi, scale.weights)
    d_pe = chance.cohen(features["pi"], pi, (scale.weights + scale.weights.T) / 2)
    return pa, pe, _pa_gradient(features, sums, pe), 2 * d_pe


def _ac1_gradient(features, sums, scale: Scale):
    pa, pi = _agreement(sums)
    pe = chance.gwet(pi, scale.weights)
    factor = divide(scale.weights.sum(), scale.q * (scale.q - 1))
    return pa, pe, _pa_gradient(features, sums, pe), 2 * factor * (features["pi"] * (1 - pi)).sum(axis=-1)


def _conger_gradient(features, sums, scale: Scale):
    """Conger's kappa: Pa's part as Fleiss' (Gwet's (W/W₂)(pa_i − Pe)); Pe's through each rater's shares
    p_gk = n_gk/n_g, whose derivative for subject i is (W/n_g)(δ_igk − ε_ig p_gk) (δ_igk: rater g put it in
    category k; ε_ig: rater g rated it), times ∂Pe/∂p_gk = Σ_{h≠g} Σ_l (w_kl + w_lk) p_hl / (k(k − 1)) over the k
    raters with ratings. This is Gwet's (2014) linearised variance as irrCAC's conger.kappa.raw computes it (for
    symmetric weights, as irrCAC's are; for others the derivative takes w_kl + w_lk)."""
    pa, pe, share, rated, k = _conger_chance(sums, scale)
    n, q = len(features["rater"]), scale.q
    onehot = features["rater"].reshape(n, -1, q)  # (subjects, raters, categories)
    others = share.sum(axis=0) - share  # Σ_{h≠g} p_hl
    slope = divide(others @ (scale.weights + scale.weights.T), k * (k - 1))  # ∂Pe/∂p_gk
    factor = np.where(rated[:, None] > 0, divide(sums["one"][0], rated)[:, None] * slope, 0.0)
    d_pe = onehot.reshape(n, -1) @ factor.ravel() - onehot.sum(axis=-1) @ (factor * share).sum(axis=-1)
    return pa, pe, _pa_gradient(features, sums, pe), d_pe


def _alpha_gradient(features, sums, scale: Scale):
    """Krippendorff's alpha as Gwet (2014) and irrCAC's krippen.alpha.raw linearise it, over the W₂ subjects with
    two or more ratings (the others have no pairable value): with agreement weights w = 1 − δ²/max δ² (the
    nominal differences 1 − w_kl of the agreement weights given, and the interval and ratio differences; the
    ordinal ones depend on the data, so that level has no such variance and None is returned), r̄ the mean
    number of ratings, Pa′ = Σ_i Σ_kl w_kl o_ikl / N over the N pairable values, Pa = (1 − 1/N)·Pa′ + 1/N,
    π_k = Σ_i r_ik / N and Pe = Σ_kl w_kl π_k π_l, α = (Pa − Pe)/(1 − Pe)
    (Krippendorff's alpha), subject i's parts are pa_i = Σ_kl w_kl o_ikl / r̄ − Pa′(r_i − r̄)/r̄ and
    pe_i = Σ_k r_ik π̃_k / r̄ − Pe(r_i − r̄)/r̄ (π̃ = π(w + wᵀ)/2), and
    v = Σ_i (κ*_i − α′)² / (W₂(W₂ − 1)) with κ*_i = (pa_i − Pe)/(1 − Pe) − 2(1 − α′)(pe_i − Pe)/(1 − Pe),
    α′ = (Pa′ − Pe)/(1 − Pe). irrCAC's variance is that of α′; since 1 − α = (1 − 1/N)(1 − α′), Pe's part is
    returned divided by 1 − 1/N, which gives :func:`~pandas_agree.inference.linearised.linearised` (whose factor
    is 1 − α) that variance exactly. The subjects rated once take no part: their derivatives are NaN."""
    if scale.level == "ordinal":
        return None
    q = scale.q
    coincidence = features["coincidence"].reshape(-1, q, q)
    total = sums["coincidence"].reshape(q, q)
    delta2 = alpha_differences(scale, total)
    weights = 1.0 - divide(delta2, delta2.max()) if delta2.max() > 0 else np.ones((q, q))
    paired = features["paired"][:, 0]
    r_ik = coincidence.sum(axis=-1)  # subject i's ratings in category k (0 for a subject rated once)
    r_i = r_ik.sum(axis=-1)
    w_paired = sums["paired"][0]
    n_values = float(sums["coincidence"].sum())  # N: Σ_i r_i over the subjects with two or more ratings
    mean_r = divide(n_values, w_paired)
    agreement_i = (coincidence * weights).sum(axis=(-2, -1))  # Σ_kl w_kl o_ikl = Σ_k r_ik(r*_ik − 1)/(r_i − 1)
    pa_prime = divide(float((total * weights).sum()), n_values)
    eps = divide(1.0, n_values if scale.values is None else scale.values)  # the small-sample factor 1 − 1/N
    pa = (1 - eps) * pa_prime + eps
    pi = divide(total.sum(axis=-1), n_values)
    pe = chance.scott(pi, weights)
    d_pa = divide(agreement_i, mean_r) - pa_prime * divide(r_i - mean_r, mean_r)
    d_pe = 2 * (divide(r_ik @ (pi @ (weights + weights.T) / 2), mean_r) - pe * divide(r_i - mean_r, mean_r))
    return pa, pe, np.where(paired > 0, d_pa, np.nan), np.where(paired > 0, divide(d_pe, 1 - eps), np.nan)


# --- the records -------------------------------------------------------------------------------------------

def _bounded(compute, bounds):
    """``compute`` with values within round-off of a bound put at the bound."""
    def bounded(*args, **kwargs):
        return chance.within_range(compute(*args, **kwargs), bounds)

    return bounded


def _rater(**fields) -> Measure:
    fields["compute"] = _bounded(fields["compute"], fields["range"])
    return register(Measure(kind="rater", **fields))


def alpha_weighted(setting) -> bool:
    """Whether Krippendorff's alpha takes the agreement weights of a call (``setting``, a
    :class:`~pandas_agree.measures.registry.Setting`): with ``kappa_weights`` at the nominal level; another
    level sets its differences itself."""
    return setting.weighted and setting.level == "nominal"


# with agreement weights Pe may come close to 1 while Pa stays small, so a weighted coefficient has no lower bound
WEIGHTED_RANGE = (-np.inf, 1.0)


WEIGHTED = Note("Agreement weights were used (kappa_weights) for {codes}.", when=lambda s: s.weighted)

_rater(code="FLEISS", name="Fleiss' kappa", aliases=("Fleiss kappa", "multi-rater pi"),
       formula="(Pa−Pe)/(1−Pe), Pe = Σ_kl w_kl π_k π_l", compute=_fleiss, range=WEIGHTED_RANGE, transposed="FLEISS",
       reference="Fleiss (1971), Psychological Bulletin 76, 378–382; " + GWET_2014,
       interval=Linearised(_fleiss_gradient), params=("kappa_weights",), kappa_like=True, notes=(WEIGHTED,))
_rater(code="CONGER", name="Conger's kappa", aliases=("Conger kappa", "multi-rater kappa"),
       formula="(Pa−Pe)/(1−Pe), Pe = mean over pairs of raters g≠h of Σ_kl w_kl p_gk p_hl (each rater's own shares)",
       compute=_conger, range=WEIGHTED_RANGE, transposed="CONGER",
       reference="Conger (1980), Psychological Bulletin 88, 322–328; " + GWET_2014,
       interval=Linearised(_conger_gradient), params=("kappa_weights",), kappa_like=True, notes=(WEIGHTED,),
       features=("rater",))
_rater(code="AC1", name="Gwet's AC1", aliases=("Gwet AC1", "AC2", "Gwet's AC2"),
       formula="(Pa−Pe)/(1−Pe), Pe = (Σ_kl w_kl/(q(q−1)))·Σ_k π_k(1−π_k); AC2 with kappa_weights", compute=_ac1,
       range=WEIGHTED_RANGE, transposed="AC1", reference="Gwet (2008); " + GWET_2014,
       interval=Linearised(_ac1_gradient),
       params=("kappa_weights",), kappa_like=True,
       notes=(Note("AC1 is Gwet's AC2 with the agreement weights given (kappa_weights).",
                   when=lambda s: s.weighted),))
_rater(code="ALPHA", name="Krippendorff's alpha", aliases=("Krippendorff alpha", "alpha"),
       formula="1 − (n−1)·Σ o_ck δ²_ck / Σ n_c n_k δ²_ck on the coincidence matrix, n = number of pairable values; "
               "δ²_ck = 1 − w_ck with kappa_weights (at the nominal level)",
       compute=_alpha, range=(-np.inf, 1.0), transposed="ALPHA",
       reference="Krippendorff (2004), Content Analysis, 2nd ed.; Krippendorff (2011), Computing Krippendorff's "
                 "alpha-reliability; " + GWET_2014, interval=Linearised(_alpha_gradient),
       params=("kappa_weights", "level"), scale_invariant=False, kappa_like=True,
       notes=(Note("ALPHA uses the {level} level of measurement.", when=lambda s: not s.weighted),
              Note("ALPHA is weighted: its disagreement of categories k and l is 1 − w_kl, the agreement weights "
                   "given (kappa_weights), as for two classifications.", when=lambda s: alpha_weighted(s)),
              Note("ALPHA uses the {level} level of measurement, which sets its differences: the agreement "
                   "weights (kappa_weights) are not applied to it.",
                   when=lambda s: s.weighted and s.level != "nominal")),
       features=("coincidence",))
_rater(code="LIGHT", name="Light's kappa", aliases=("Light kappa", "mean pairwise kappa"),
       formula="mean over pairs of raters of Cohen's kappa (weighted kappa with kappa_weights)", compute=_light,
       range=WEIGHTED_RANGE, transposed="LIGHT", reference="Light (1971), Psychological Bulletin 76, 365–377",
       params=("kappa_weights",), kappa_like=True, notes=(WEIGHTED,), features=("pairs",))
_rater(code="BPK", name="Brennan–Prediger kappa", aliases=("Brennan-Prediger", "Bennett's S", "PABAK"),
       formula="(Pa−Pe)/(1−Pe), Pe = Σ_kl w_kl / q² (1/q without weights): the prevalence- and bias-adjusted kappa "
               "of several raters", compute=_bpk, range=WEIGHTED_RANGE, transposed="BPK",
       reference="Brennan & Prediger (1981); Byrt, Bishop & Carlin (1993); " + GWET_2014,
       interval=Linearised(_bpk_gradient), params=("kappa_weights",), kappa_like=True, notes=(WEIGHTED,))
_rater(code="PO", name="percent agreement", aliases=("Po", "pairwise agreement"),
       formula="Pa = weighted mean over subjects of Σ_k r_ik (r*_ik − 1) / (r_i (r_i − 1))", compute=_po,
       range=(0.0, 1.0), transposed="PO", reference=GWET_2014, interval=Linearised(_po_gradient),
       params=("kappa_weights",), notes=(WEIGHTED,))
