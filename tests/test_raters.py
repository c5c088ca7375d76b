"""Several raters: known answers, cross-checks, identities with the two-rater Agreement, properties."""

import warnings

import krippendorff
import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st
from statsmodels.stats.inter_rater import fleiss_kappa

import pandas_agree as pa

RATERS6 = [f"rater{k}" for k in range(1, 7)]


@pytest.fixture(scope="module")
def diagnoses():
    return pa.datasets.load("diagnoses").agree.raters(RATERS6)


def test_fleiss_1971(diagnoses):
    # Fleiss (1971), Psychological Bulletin 76, 378-382: kappa = 0.430, and the kappas of the five categories
    # (as R's irr::kappam.fleiss(detail = TRUE) prints them: z = 17.652 overall).
    assert diagnoses.summary(["FLEISS"]).loc["FLEISS", "value"] == pytest.approx(0.430, abs=0.0005)
    by = diagnoses.by_category()
    assert by["kappa"].round(3).tolist() == [0.245, 0.245, 0.520, 0.471, 0.566]
    assert by["z"].round(3).tolist() == [5.192, 5.192, 11.031, 9.994, 12.009]
    assert diagnoses.tests().loc["FLEISS_Z", "statistic"] == pytest.approx(17.652, abs=0.0005)


def _random_ratings(seed, n=60, m=4, q=4, missing=0.0):
    rng = np.random.default_rng(seed)
    truth = rng.integers(0, q, n)
    ratings = np.where(rng.random((n, m)) < 0.6, truth[:, None], rng.integers(0, q, (n, m))).astype(float)
    ratings[rng.random((n, m)) < missing] = np.nan
    return pd.DataFrame(ratings + 1, columns=[f"r{g}" for g in range(m)])


@pytest.mark.parametrize("seed", range(5))
def test_fleiss_against_statsmodels(seed):
    df = _random_ratings(seed)
    ra = df.agree.raters(list(df.columns))
    assert ra.summary(["FLEISS"]).loc["FLEISS", "value"] == pytest.approx(fleiss_kappa(ra.counts.to_numpy()),
                                                                          abs=1e-12)


@pytest.mark.parametrize("level", ["nominal", "ordinal", "interval", "ratio"])
@pytest.mark.parametrize("seed", range(4))
def test_alpha_against_krippendorff_package_with_missing_ratings(level, seed):
    df = _random_ratings(seed, n=40, m=5, q=5, missing=0.25)
    ours = pa.RaterAgreement(df).summary(["ALPHA"], level=level).loc["ALPHA", "value"]
    theirs = krippendorff.alpha(reliability_data=df.to_numpy().T, level_of_measurement=level)
    assert ours == pytest.approx(theirs, abs=1e-12)


@pytest.mark.parametrize("level, expected", [("nominal", 0.743), ("ordinal", 0.815), ("interval", 0.849),
                                             ("ratio", 0.797)])
def test_krippendorff_worked_example(level, expected):
    # Krippendorff (2011), Computing Krippendorff's alpha-reliability, C: 12 units, 4 observers, with gaps.
    nan = np.nan
    data = {"A": [1, 2, 3, 3, 2, 1, 4, 1, 2, nan, nan, nan], "B": [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, nan, 3],
            "C": [nan, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, nan], "D": [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, nan]}
    ra = pd.DataFrame(data).agree.raters(list("ABCD"))
    assert ra.n_dropped == 1  # unit 12 has a single value
    assert ra.summary(["ALPHA"], level=level).loc["ALPHA", "value"] == pytest.approx(expected, abs=0.0005)


def _two_raters(seed):
    rng = np.random.default_rng(seed)
    a = rng.integers(0, 4, 200)
    b = np.where(rng.random(200) < 0.6, a, rng.integers(0, 4, 200))
    return pd.DataFrame({"a": a, "b": b})


@pytest.mark.parametrize("seed", range(4))
def test_two_raters_equal_the_two_rater_measures(seed):
    df = _two_raters(seed)
    ra = df.agree.raters(["a", "b"])
    mine = ra.summary(ci="auto", random_state=0)
    ag = df.agree("a", "b")
    two = ag.multiclass(["SPI", "KAPPA", "AC1", "ALPHA", "OSR"], ci="auto")
    assert mine.loc["FLEISS", "value"] == pytest.approx(two.loc["SPI", "value"], abs=1e-12)
    assert mine.loc["CONGER", "value"] == pytest.approx(two.loc["KAPPA", "value"], abs=1e-12)
    assert mine.loc["LIGHT", "value"] == pytest.approx(two.loc["KAPPA", "value"], abs=1e-12)
    assert mine.loc["AC1", "value"] == pytest.approx(two.loc["AC1", "value"], abs=1e-12)
    assert mine.loc["ALPHA", "value"] == pytest.approx(two.loc["ALPHA", "value"], abs=1e-12)
    assert mine.loc["PO", "value"] == pytest.approx(two.loc["OSR", "value"], abs=1e-12)
    # Gwet's linearised variances agree with the two-rater delta method (up to n/(n-1))
    factor = np.sqrt(200 / 199)
    assert mine.loc["FLEISS", "se"] == pytest.approx(two.loc["SPI", "se"] * factor, rel=1e-9)
    assert mine.loc["AC1", "se"] == pytest.approx(two.loc["AC1", "se"] * factor, rel=1e-9)
    assert mine.loc["PO", "se"] == pytest.approx(two.loc["OSR", "se"] * factor, rel=1e-9)


def test_weighted_coefficients_with_two_raters():
    df = _two_raters(7)
    ra = df.agree.raters(["a", "b"])
    mine = ra.summary(["CONGER", "AC1", "LIGHT"], kappa_weights="quadratic")
    two = df.agree("a", "b").multiclass(["KAPPA_W", "AC1"], kappa_weights="quadratic")
    assert mine.loc["CONGER", "value"] == pytest.approx(two.loc["KAPPA_W", "value"], abs=1e-12)
    assert mine.loc["LIGHT", "value"] == pytest.approx(two.loc["KAPPA_W", "value"], abs=1e-12)
    assert mine.loc["AC1", "value"] == pytest.approx(two.loc["AC1", "value"], abs=1e-12)
    fleiss = ra.summary(["FLEISS"], kappa_weights="quadratic").loc["FLEISS", "value"]
    assert fleiss == pytest.approx(
        df.agree("a", "b").multiclass(["SPI"], kappa_weights="quadratic").loc["SPI", "value"], abs=1e-12)


def test_light_is_the_mean_pairwise_kappa(diagnoses):
    pairwise = diagnoses.pairwise("KAPPA").to_numpy()
    upper = pairwise[np.triu_indices(6, 1)]
    assert diagnoses.summary(["LIGHT"]).loc["LIGHT", "value"] == pytest.approx(upper.mean(), abs=1e-12)
    assert np.allclose(np.diag(pairwise), 1) and np.allclose(pairwise, pairwise.T)


def test_from_long_and_duplicates():
    wide = pa.datasets.load("anxiety")
    long = wide.melt(id_vars="subject", var_name="rater", value_name="level")
    from_long = pa.RaterAgreement.from_long(long, "subject", "rater", "level")
    from_wide = wide.agree.raters(["rater1", "rater2", "rater3"])
    pd.testing.assert_frame_equal(from_long.summary(), from_wide.summary())
    with pytest.raises(ValueError, match=r"repeated: \(1, 'rater1'\)"):
        pa.RaterAgreement.from_long(pd.concat([long, long.head(1)]), "subject", "rater", "level")
    with pytest.raises(KeyError, match="rating"):
        pa.RaterAgreement.from_long(long, "subject", "rater", "nope")


@pytest.mark.parametrize("subjects, raters", [
    (["s", "s\x00", "", "\x00", "s\x00t"], ["r", "r\x00"]),  # pandas before 3 takes "s\x00" for "s"
    ([1, True, 0, False, 2], ["r", "r\x00"]),  # pandas takes True for 1
], ids=["strings equal up to a NUL character", "True and 1 subjects"])
def test_from_long_keeps_ids_pandas_takes_for_one_another_apart(subjects, raters):
    """Each subject and each rater is its own, as in the wide data (no pair is repeated)."""
    rng = np.random.default_rng(2)
    ratings = rng.integers(0, 3, (len(subjects), len(raters)))
    ratings[0] = ratings[1] = [0, 1]  # subjects 0 and 1: pandas took them for one subject rated twice
    long = pd.DataFrame({"subject": pd.Series(subjects, dtype=object).repeat(len(raters)).to_numpy(),
                         "rater": pd.Series(raters * len(subjects), dtype=object).to_numpy(),
                         "level": ratings.ravel()})
    from_long = pa.RaterAgreement.from_long(long, "subject", "rater", "level")
    wide = pd.DataFrame(ratings, columns=[f"rater{k}" for k in range(len(raters))])
    from_wide = wide.agree.raters(list(wide.columns))
    assert from_long.n_subjects == len(subjects)
    pd.testing.assert_frame_equal(from_long.summary(ci=None), from_wide.summary(ci=None))

def test_subjects_with_one_rating_drop_out():
    df = pd.DataFrame({"a": [1, 2, 3, np.nan], "b": [1, 2, np.nan, 4], "c": [1, 3, np.nan, np.nan]})
    ra = df.agree.raters(["a", "b", "c"])
    assert ra.n_dropped == 2 and ra.n_missing == 4
    assert any("2 of 4 subjects" in n for n in ra.summary().attrs["notes"])


def test_subject_weights_are_replicates():
    df = _random_ratings(3, n=30)
    w = np.random.default_rng(0).integers(1, 4, 30)
    weighted = df.agree.raters(list(df.columns), weights=w).summary()
    repeated = df.loc[df.index.repeat(w)].reset_index(drop=True).agree.raters(list(df.columns)).summary()
    np.testing.assert_allclose(weighted["value"], repeated["value"], rtol=1e-12)


def test_bootstrap_is_reproducible_and_vectorised():
    ra = pa.datasets.load("anxiety").agree.raters(["rater1", "rater2", "rater3"])
    one = ra.summary(ci="bootstrap", n_resamples=300, random_state=5)
    two = ra.summary(ci="bootstrap", n_resamples=300, random_state=5)
    pd.testing.assert_frame_equal(one, two)
    assert (one["lower"] <= one["value"]).all() and (one["value"] <= one["upper"]).all()
    assert set(one["method"]) == {"bootstrap over subjects, percentile (B = 300, random_state = 5)"}
    auto = ra.summary(ci="auto", n_resamples=300, random_state=5)
    # 20 subjects: Gwet's linearised SE, with the BCa bootstrap's interval (intervals.SMALL_SAMPLE)
    assert auto.loc["FLEISS", "method"] == ("Gwet linearised SE, bootstrap over subjects, bca "
                                            "(B = 300, random_state = 5) interval")
    assert auto.loc["LIGHT", "method"].startswith("linearised (")  # the delta method's SE, BCa's interval
    assert auto.loc["LIGHT", "method"].endswith(" SE, bootstrap over subjects, bca (B = 300, random_state = 5) "
                                                "interval")
    # the bootstrap SE of Fleiss' kappa is close to the linearised one
    boot = ra.summary(["FLEISS"], ci="bootstrap", n_resamples=3000, random_state=1)
    assert boot.loc["FLEISS", "se"] == pytest.approx(auto.loc["FLEISS", "se"], rel=0.15)


@pytest.mark.parametrize("kwargs, err, fragment", [
    ({"measures": ["KAPPA"]}, ValueError, "measures must be chosen from"),
    ({"level": "cardinal"}, ValueError, "level must be one of"),
    ({"ci": "bogus"}, ValueError, "ci"),
])
def test_bad_options(kwargs, err, fragment):
    ra = pa.datasets.load("anxiety").agree.raters(["rater1", "rater2", "rater3"])
    with pytest.raises(err, match=fragment):
        ra.summary(**kwargs)


def test_bad_input():
    df = pd.DataFrame({"a": ["x", "y"], "b": ["x", "x"]})
    with pytest.raises(ValueError, match="at least two raters"):
        pa.RaterAgreement(df[["a"]])
    with pytest.raises(KeyError, match="columns: no column 'c'"):
        df.agree.raters(["a", "c"])
    with pytest.raises(TypeError, match="columns must be a list"):
        df.agree.raters("a")
    with pytest.raises(ValueError, match="level='interval' needs numeric ratings"):
        df.agree.raters(["a", "b"]).summary(["ALPHA"], level="interval")
    with pytest.raises(ValueError, match="no subject has two or more ratings"):
        pd.DataFrame({"a": [1, np.nan], "b": [np.nan, 2]}).agree.raters(["a", "b"])


@given(st.data())
def test_invariances_and_perfect_agreement(data):
    n, m = data.draw(st.integers(3, 12)), data.draw(st.integers(2, 5))
    cells = data.draw(st.lists(st.integers(0, 3), min_size=n * m, max_size=n * m))
    df = pd.DataFrame(np.array(cells).reshape(n, m), columns=[f"r{g}" for g in range(m)])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        base = df.agree.raters(list(df.columns)).summary()["value"]
        raters = data.draw(st.permutations(list(df.columns)))
        subjects = data.draw(st.permutations(list(range(n))))
        shuffled = df.loc[subjects, raters].reset_index(drop=True)
        again = shuffled.agree.raters(raters).summary()["value"]
        relabelled = df.replace({0: "d", 1: "a", 2: "c", 3: "b"}).agree.raters(list(df.columns)).summary()["value"]
    np.testing.assert_allclose(again, base, atol=1e-12)
    np.testing.assert_allclose(relabelled, base, atol=1e-12)
    perfect = pd.DataFrame({f"r{g}": df["r0"] for g in range(m)})
    if perfect["r0"].nunique() > 1:
        values = perfect.agree.raters(list(perfect.columns)).summary()["value"]
        np.testing.assert_allclose(values, 1.0, atol=1e-12)


def test_report_outputs(tmp_path):
    import openpyxl

    ra = pa.datasets.load("diagnoses").agree.raters(RATERS6)
    rep = ra.report(random_state=0, n_resamples=200)
    text = str(rep)
    assert "Fleiss' kappa (FLEISS)" in text and max(len(line) for line in text.splitlines()) <= 100
    rep.to_excel(tmp_path / "r.xlsx")
    wb = openpyxl.load_workbook(tmp_path / "r.xlsx")
    assert wb.sheetnames == ["Report", "Summary", "Categories", "Raters", "Notes"]
    html = rep.to_html(tmp_path / "r.html")
    assert "Pairwise Cohen" in html and "http" not in html
    assert rep.to_dict()["coefficients"]["index"][0] == "FLEISS"
    assert "<table>" in rep._repr_html_()


def test_distinct_patterns_give_the_numbers_of_the_subjects():
    # the coefficients, their linearised SEs, the bootstrap over subjects and its jackknife depend on a subject
    # only through its ratings: counting each pattern once with its subjects' weight changes nothing
    from pandas_agree.engine.ratings import RatingCounts

    rng = np.random.default_rng(11)
    n = 400
    truth = rng.integers(0, 3, n)
    ratings = pd.DataFrame({f"r{g}": np.where(rng.random(n) < 0.6, truth, rng.integers(0, 3, n)) for g in range(3)})
    ratings = ratings.mask(rng.random(ratings.shape) < 0.1)
    weights = rng.integers(1, 4, n).astype(float)
    ra = pa.RaterAgreement(ratings, weights=weights)
    # the same subjects, one row per pattern, with the pattern's weight: the pattern table of the engine
    rows = ratings.astype("Float64").fillna(-1).astype(int)
    patterns = pd.DataFrame({"w": weights, **rows}).groupby(list(rows.columns), sort=False)["w"].sum().reset_index()
    by_pattern = pa.RaterAgreement(patterns[list(rows.columns)].replace(-1, np.nan), weights=patterns["w"])
    for kw in ({}, {"ci": "auto"}, {"ci": "bootstrap", "bootstrap_method": "bca", "n_resamples": 50}):
        a = ra.summary(random_state=1, **kw)
        b = by_pattern.summary(random_state=1, **kw)
        pd.testing.assert_frame_equal(a.drop(columns=["se", "lower", "upper"], errors="ignore"),
                                      b.drop(columns=["se", "lower", "upper"], errors="ignore"))
        if kw.get("ci") == "auto":
            pd.testing.assert_frame_equal(a, b, rtol=1e-12, atol=1e-14)
    assert ra.counts.shape == (ra.n_subjects - ra.n_dropped, 3)
    pd.testing.assert_frame_equal(ra.distribution, by_pattern.distribution)
    counts = RatingCounts(np.array([[0, 1], [0, 1], [1, 1]]), np.array([[1.0, 1], [1, 1], [0, 2]]),
                          np.array([2.0, 3, 1]))
    collapsed = counts.patterns()
    np.testing.assert_array_equal(collapsed.codes, [[0, 1], [1, 1]])
    np.testing.assert_array_equal(collapsed.weights, [5.0, 1.0])


def test_pattern_numbering_is_the_same_for_many_raters():
    # beyond about 60 bits a pattern is not one integer and the patterns are found by sorting: same result
    from pandas_agree.engine.ratings import RatingCounts

    rng = np.random.default_rng(2)
    codes = rng.integers(-1, 3, (500, 4))
    counts = np.stack([(codes == k).sum(axis=1) for k in range(3)], axis=1).astype(float)
    weights = rng.random(500)
    few = RatingCounts(codes, counts, weights).patterns()
    many = RatingCounts(np.concatenate([codes, np.zeros((500, 60), int)], axis=1), counts, weights).patterns()
    np.testing.assert_array_equal(few.codes, many.codes[:, :4])
    np.testing.assert_allclose(few.weights, many.weights, rtol=1e-15)
    first = [int(np.flatnonzero((codes == row).all(axis=1))[0]) for row in few.codes]
    assert first == sorted(first)  # numbered in order of appearance


def test_fleiss_z_is_not_defined_when_every_rating_is_in_one_category():
    ra = pd.DataFrame({"a": ["x"] * 4, "b": ["x"] * 4}).agree.raters(["a", "b"])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no RuntimeWarning from a 0/0
        row = ra.tests().loc["FLEISS_Z"]
    assert np.isnan(row["statistic"]) and row["method"].startswith("not defined")
