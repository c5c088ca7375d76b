"""Several raters with agreement weights (kappa_weights): every coefficient of the rater API with a weighted form
takes them (Krippendorff's alpha too, with the disagreement 1 − w_kl as for two classifications), the report's
pairwise kappas are the weighted ones whose mean is the weighted Light's kappa, and the tables that stay
unweighted say so."""

import itertools
import warnings

import numpy as np
import pandas as pd
import pytest

import pandas_agree as pa
from pandas_agree.measures.registry import RATERS
from pandas_agree.measures.weights import agreement_weights

NAN = np.nan
# vcd's SexualFun (Hout, Duncan & Sobel 1987): Husband × Wife, "Sex is fun for me and my partner"
LEVELS = ["Never Fun", "Fairly Often", "Very Often", "Always fun"]
SEXUAL_FUN = np.array([[7, 7, 2, 3], [2, 8, 3, 7], [1, 5, 4, 9], [2, 8, 9, 14]])
# irrCAC's cac.raw4raters: 12 subjects, 4 raters, with gaps (subject 12 is rated once)
RAW4RATERS = pd.DataFrame({
    "Rater1": [1, 2, 3, 3, 2, 1, 4, 1, 2, NAN, NAN, NAN], "Rater2": [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, NAN, NAN],
    "Rater3": [NAN, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, 3], "Rater4": [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, NAN]})
ANXIETY = ["rater1", "rater2", "rater3"]


def quiet(func, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return func(*args, **kwargs)


def sexual_fun() -> tuple[pd.DataFrame, pd.DataFrame]:
    """The table as 16 rows with their counts, and expanded to its 91 couples."""
    freq = pd.DataFrame([(LEVELS[i], LEVELS[j], SEXUAL_FUN[i, j]) for i in range(4) for j in range(4)],
                        columns=["Husband", "Wife", "Freq"])
    long = freq.loc[freq.index.repeat(freq["Freq"]), ["Husband", "Wife"]].reset_index(drop=True)
    return freq, long


def sexual_fun_raters() -> pa.RaterAgreement:
    return sexual_fun()[1].agree.raters(["Husband", "Wife"], labels=LEVELS)


# --- the pairwise matrix of the weighted report ---------------------------------------------------------------

def test_the_weighted_report_shows_the_weighted_pairwise_kappas_whose_mean_is_lights_kappa():
    report = quiet(sexual_fun_raters().report, kappa_weights="linear", random_state=0, n_resamples=50)
    light = report.coefficients.loc["LIGHT", "value"]
    # R 4.2.2 (vcd 1.4.11): Kappa(SexualFun, weights = "Equal-Spacing")$Weighted["value"] = 0.23738062756
    assert light == pytest.approx(0.23738062756, abs=1e-10)
    assert report.pairwise.loc["Husband", "Wife"] == pytest.approx(light, abs=1e-12)
    text = str(report)
    assert "Pairwise Weighted Cohen's Kappa (linear weights)" in text
    assert "Pairwise Cohen's Kappa" not in text
    assert "0.129" not in text.split("Pairwise Weighted")[1].split("Tests")[0]
    assert report.to_dict()["pairwise"]["data"][0][1] == pytest.approx(light, abs=1e-12)
    # without weights, Cohen's kappas as before
    plain = quiet(sexual_fun_raters().report, random_state=0, n_resamples=50)
    # R 4.2.2 (vcd 1.4.11): Kappa(SexualFun)$Unweighted["value"] = 0.12933025404
    assert plain.pairwise.loc["Husband", "Wife"] == pytest.approx(0.12933025404, abs=1e-10)
    assert "Pairwise Cohen's Kappa" in str(plain) and "Weighted Cohen" not in str(plain)


@pytest.mark.parametrize("kappa_weights", ["linear", "quadratic", np.array([[1, .5, 0], [.5, 1, .5], [0, .5, 1]])])
def test_lights_weighted_kappa_is_the_mean_of_the_pairwise_matrix_of_several_raters(kappa_weights):
    df = pa.datasets.load("anxiety").copy()
    df.loc[[1, 5], "rater2"] = np.nan  # pairs of raters on different subjects
    if not isinstance(kappa_weights, str):  # three categories for a matrix of weights
        df[ANXIETY] = df[ANXIETY].clip(2, 4)
    ra = df.agree.raters(ANXIETY)
    report = quiet(ra.report, kappa_weights=kappa_weights, random_state=0, n_resamples=50)
    g, h = np.triu_indices(3, 1)
    pairs = report.pairwise.to_numpy()[g, h]
    assert report.coefficients.loc["LIGHT", "value"] == pytest.approx(pairs.mean(), abs=1e-12)
    # each pair's weighted kappa is the two-classification KAPPA_W of the subjects both rated
    for (a, b), value in zip(itertools.combinations(ANXIETY, 2), pairs, strict=True):
        both = df[[a, b]].dropna()
        two = quiet(both.agree(a, b, labels=ra.categories.tolist()).multiclass, ["KAPPA_W"],
                    kappa_weights=kappa_weights)
        assert value == pytest.approx(two.loc["KAPPA_W", "value"], abs=1e-12)
    if not isinstance(kappa_weights, str):
        assert "Pairwise Weighted Cohen's Kappa (given weights)" in str(report)


def test_pairwise_takes_the_weights_and_names_the_weighted_measure():
    ra = pa.datasets.load("anxiety").agree.raters(ANXIETY)
    weighted = ra.pairwise("KAPPA_W", kappa_weights="quadratic")
    plain = ra.pairwise("KAPPA_W")  # KAPPA_W's own default: linear weights
    assert not np.allclose(weighted.to_numpy(), plain.to_numpy())
    with pytest.raises(ValueError, match="kappa_weights='quadratic' is not used by the measures asked for "
                                         r"\(KAPPA\).*KAPPA_W"):
        ra.pairwise("KAPPA", kappa_weights="quadratic")


# --- weighted Krippendorff's alpha ------------------------------------------------------------------------------

def test_weighted_alpha_of_two_raters_equals_the_two_classification_api():
    freq, _ = sexual_fun()
    ra = sexual_fun_raters()
    two = freq.agree("Husband", "Wife", weights="Freq", labels=LEVELS)
    for kappa_weights, value, se in (
            # irrCAC 0.4.4 (PyPI): CAC(ratings, weights="linear").krippendorff() on the 91 couples:
            # coefficient_value 0.2397186676, se 0.0790099529; weights="quadratic": 0.3351377477, 0.0979719407
            ("linear", 0.2397186676, 0.0790099529), ("quadratic", 0.3351377477, 0.0979719407)):
        s = quiet(ra.summary, ["ALPHA"], kappa_weights=kappa_weights, ci="auto", random_state=0, n_resamples=50)
        expected = two.multiclass(["ALPHA"], kappa_weights=kappa_weights).loc["ALPHA", "value"]
        assert s.loc["ALPHA", "value"] == pytest.approx(expected, abs=1e-12)
        assert s.loc["ALPHA", "value"] == pytest.approx(value, abs=1e-10)
        assert s.loc["ALPHA", "se"] == pytest.approx(se, abs=1e-10)
    report = quiet(ra.report, kappa_weights="linear", random_state=0, n_resamples=50)
    assert report.coefficients.loc["ALPHA", "value"] == pytest.approx(0.2397186676, abs=1e-10)
    assert "weighted Krippendorff's alpha (ALPHA)" in str(report)


@pytest.mark.parametrize("kappa_weights, value, se", [
    # irrCAC 0.4.4 (PyPI): CAC(anxiety[["rater1", "rater2", "rater3"]], weights=...).krippendorff()
    ("linear", 0.0700146628, 0.0820060210),
    ("quadratic", 0.1700986079, 0.1295289286),
])
def test_weighted_alpha_of_several_raters_equals_irrcac(kappa_weights, value, se):
    ra = pa.datasets.load("anxiety").agree.raters(ANXIETY)
    s = quiet(ra.summary, ["ALPHA"], kappa_weights=kappa_weights, ci="auto", random_state=0, n_resamples=50)
    assert s.loc["ALPHA", "value"] == pytest.approx(value, abs=1e-10)
    assert s.loc["ALPHA", "se"] == pytest.approx(se, abs=1e-10)
    assert s.loc["ALPHA", "method"].startswith("Gwet linearised SE")


def krippendorff_alpha(ratings: pd.DataFrame, disagreement: np.ndarray, categories: list) -> float:
    """Krippendorff's (2011) alpha computed from its definition, unit by unit: the coincidences o_ck add
    1/(m_u − 1) for each ordered pair of values of a unit with m_u ≥ 2 values; α = 1 − (n − 1)·Σ o_ck δ_ck /
    Σ n_c n_k δ_ck with n_c = Σ_k o_ck and n = Σ_c n_c."""
    index = {c: i for i, c in enumerate(categories)}
    q = len(categories)
    o = np.zeros((q, q))
    for _, unit in ratings.iterrows():
        values = [index[v] for v in unit.dropna()]
        if len(values) < 2:
            continue
        for i, j in itertools.permutations(range(len(values)), 2):
            o[values[i], values[j]] += 1 / (len(values) - 1)
    n_c = o.sum(axis=1)
    return 1 - (n_c.sum() - 1) * (o * disagreement).sum() / (n_c @ disagreement @ n_c)


@pytest.mark.parametrize("kappa_weights", ["linear", "quadratic", "matrix"])
def test_weighted_alpha_with_gaps_follows_krippendorffs_definition(kappa_weights):
    # cac.raw4raters has a subject rated once and gaps (irrCAC 0.4.4's Python krippendorff() gives NaN there with
    # weights): the value computed from Krippendorff's (2011) definition with δ = 1 − w
    categories = [1, 2, 3, 4, 5]
    weights = (agreement_weights(kappa_weights, 5) if kappa_weights != "matrix" else
               np.array([[1, .9, .2, 0, 0], [.9, 1, .3, 0, 0], [.2, .3, 1, .5, .1], [0, 0, .5, 1, .6],
                         [0, 0, .1, .6, 1]]))
    expected = krippendorff_alpha(RAW4RATERS, 1 - weights, categories)
    ra = RAW4RATERS.agree.raters(list(RAW4RATERS.columns))
    s = quiet(ra.summary, ["ALPHA"], kappa_weights=weights)
    assert s.loc["ALPHA", "value"] == pytest.approx(expected, abs=1e-12)
    assert not np.isclose(expected, quiet(ra.summary, ["ALPHA"]).loc["ALPHA", "value"])


def test_quadratic_weighted_alpha_equals_the_interval_level_on_equally_spaced_ratings():
    # with ratings 1, 2, …, q every one of them used, 1 − w_kl of quadratic weights is (k − l)²/(q − 1)², the
    # interval level's differences up to a factor, which alpha does not see. Krippendorff's interval alpha of
    # cac.raw4raters (his 2011 example, where he reports 0.849): krippendorff 0.9.0 (PyPI),
    # krippendorff.alpha(reliability_data=<raters × subjects>, level_of_measurement="interval") = 0.8491071428571428
    ra = RAW4RATERS.agree.raters(list(RAW4RATERS.columns))
    weighted = quiet(ra.summary, ["ALPHA"], kappa_weights="quadratic").loc["ALPHA", "value"]
    interval = quiet(ra.summary, ["ALPHA"], level="interval").loc["ALPHA", "value"]
    assert weighted == pytest.approx(interval, abs=1e-12)
    assert weighted == pytest.approx(0.8491071428571428, abs=1e-12)


@pytest.mark.parametrize("ci", ["auto", "normal", "linearized", "bootstrap"])
def test_weighted_alpha_has_its_own_interval_for_every_ci(ci):
    ra = pa.datasets.load("anxiety").agree.raters(ANXIETY)
    weighted = quiet(ra.summary, ["ALPHA", "FLEISS"], kappa_weights="quadratic", ci=ci, random_state=0,
                     n_resamples=200).loc["ALPHA"]
    nominal = quiet(ra.summary, ["ALPHA", "FLEISS"], ci=ci, random_state=0, n_resamples=200).loc["ALPHA"]
    assert weighted["lower"] <= weighted["value"] <= weighted["upper"]
    assert np.isfinite(weighted[["se", "lower", "upper"]].astype(float)).all()
    assert weighted["value"] == pytest.approx(0.1700986079, abs=1e-10)
    assert abs(weighted["se"] - nominal["se"]) > 0.01  # the weighted coefficient's own SE, not the nominal one's


def test_weighted_alpha_under_a_sample_design():
    df = pa.datasets.load("anxiety").copy()
    df["team"] = np.arange(len(df)) // 2
    ra = df.agree.raters(ANXIETY, cluster="team")
    for ci in ("linearized", "bootstrap"):
        s = quiet(ra.summary, ["ALPHA"], kappa_weights="linear", ci=ci, random_state=0, n_resamples=200)
        assert s.loc["ALPHA", "value"] == pytest.approx(0.0700146628, abs=1e-10)
        assert s.loc["ALPHA", "lower"] <= s.loc["ALPHA", "value"] <= s.loc["ALPHA", "upper"]
        assert np.isfinite(s.loc["ALPHA", "deff"])


def test_alpha_takes_kappa_weights_alone_and_a_level_takes_precedence():
    ra = pa.datasets.load("anxiety").agree.raters(ANXIETY)
    s = ra.summary(["ALPHA"], kappa_weights="linear")  # was a ValueError: ALPHA did not take the weights
    assert s.loc["ALPHA", "value"] == pytest.approx(0.0700146628, abs=1e-10)
    assert any("ALPHA is weighted" in n for n in s.attrs["notes"])
    with pytest.raises(ValueError, match=r"kappa_weights='linear' is not used by the measures asked for "
                                         r"\(ALPHA\): level='interval' sets"):
        ra.summary(["ALPHA"], kappa_weights="linear", level="interval")
    both = quiet(ra.summary, ["ALPHA", "FLEISS"], kappa_weights="linear", level="interval")
    assert both.loc["ALPHA", "value"] == pytest.approx(
        ra.summary(["ALPHA"], level="interval").loc["ALPHA", "value"], abs=1e-15)
    assert any("not applied to it" in n for n in both.attrs["notes"])


# --- every coefficient of the weighted report --------------------------------------------------------------------

def test_the_weighted_report_names_every_weighted_coefficient_and_says_which_tables_are_unweighted():
    report = quiet(sexual_fun_raters().report, kappa_weights="linear", random_state=0, n_resamples=50)
    text = str(report)
    # every coefficient that takes the weights is named as weighted, and none that does not
    for code in report.coefficients.index:
        assert "kappa_weights" in RATERS[code].params
        assert f"{'Gwet' if code == 'AC1' else 'weighted'}" in text.split(f"({code})")[0].splitlines()[-1]
    # the unweighted tables say so
    for title in ("Kappa Paradox", "Fleiss' Kappa by Category", "Tests"):
        block = text.split(f"\n{title}\n")[1].split("\n\n")[0]
        assert "nweighted" in block, title
    assert "weighted Fleiss' kappa (FLEISS)" in text
    # weighted Fleiss' kappa: SexualFun's weighted Scott's pi of two classifications (every couple rated twice)
    freq, _ = sexual_fun()
    spi = freq.agree("Husband", "Wife", weights="Freq", labels=LEVELS).multiclass(["SPI"], kappa_weights="linear")
    assert report.coefficients.loc["FLEISS", "value"] == pytest.approx(spi.loc["SPI", "value"], abs=1e-12)
    # without weights the tables carry no such footnote
    plain = str(quiet(sexual_fun_raters().report, random_state=0, n_resamples=50))
    assert "nweighted" not in plain


def test_a_level_other_than_nominal_leaves_alpha_unweighted_and_the_report_says_so():
    ra = pa.datasets.load("anxiety").agree.raters(ANXIETY)
    report = quiet(ra.report, kappa_weights="linear", level="interval", random_state=0, n_resamples=50)
    text = str(report)
    assert "Krippendorff's alpha (ALPHA)" in text and "weighted Krippendorff's alpha" not in text
    assert "weighted Fleiss' kappa (FLEISS)" in text
    assert any("interval level" in n and "not applied" in n for n in report.notes)


def test_the_excel_workbook_titles_the_weighted_pairwise_kappas(tmp_path):
    report = quiet(sexual_fun_raters().report, kappa_weights="quadratic", random_state=0, n_resamples=50)
    report.to_excel(tmp_path / "r.xlsx")
    sheet = pd.read_excel(tmp_path / "r.xlsx", sheet_name="Raters", header=None)
    cells = " ".join(str(x) for x in sheet.to_numpy().ravel())
    assert "Pairwise Weighted Cohen's Kappa (quadratic weights)" in cells


@pytest.mark.parametrize("kappa_weights", ["linear", "quadratic"])
def test_every_weighted_coefficient_of_two_raters_equals_its_two_classification_form(kappa_weights):
    # two raters, every subject rated by both: each weighted rater coefficient is the weighted coefficient of
    # the two classifications (Gwet 2014, ch. 3 and ch. 5 coincide there)
    freq, _ = sexual_fun()
    two = freq.agree("Husband", "Wife", weights="Freq", labels=LEVELS).multiclass(
        ["SPI", "KAPPA_W", "AC1", "BPK", "ALPHA"], kappa_weights=kappa_weights)["value"]
    mine = quiet(sexual_fun_raters().summary, kappa_weights=kappa_weights)["value"]
    for code, other in {"FLEISS": "SPI", "CONGER": "KAPPA_W", "LIGHT": "KAPPA_W", "AC1": "AC1", "BPK": "BPK",
                        "ALPHA": "ALPHA"}.items():
        assert mine[code] == pytest.approx(two[other], abs=1e-12), code


def test_the_report_says_how_many_subjects_frequency_weights_stand_for():
    # before: "16 subjects used of 16" and no word of the 91 couples the 16 rows of SexualFun stand for, on which
    # every coefficient and SE is computed; R 4.2.2 (vcd 1.4.11): sum(SexualFun) = 91
    freq, _ = sexual_fun()
    ra = freq.agree.raters(["Husband", "Wife"], weights="Freq", labels=LEVELS)
    assert ra.weight_used == 91
    notes = quiet(ra.report, n_resamples=200).notes
    assert any("the 16 rows used stand for 91 subjects (the sum of their weights)" in note for note in notes)
    assert sexual_fun_raters().weight_used is None  # without weights
