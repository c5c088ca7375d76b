"""The one inference core: every analysis takes every ``ci=`` choice and every bootstrap method, and its bootstrap
intervals are those of a direct computation on the same resamples (the shared resampler and summariser)."""

import warnings

import numpy as np
import pandas as pd
import pytest
from scipy import stats

import pandas_agree as pa
from pandas_agree.inference.bootstrap import resample
from pandas_agree.inference.estimates import BOOTSTRAP_METHODS, CI_METHODS, IntervalOptions

B = 60


def quiet(fn, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return fn(*args, **kwargs)


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(7)
    n = 300
    truth = rng.choice(list("abc"), n, p=[0.5, 0.3, 0.2])
    flip = lambda p: np.where(rng.random(n) < p, rng.choice(list("abc"), n), truth)  # noqa: E731
    return pd.DataFrame({"truth": truth, "a": flip(0.3), "b": flip(0.5), "c": flip(0.4)})


def _every_choice():
    for ci in CI_METHODS:
        methods = BOOTSTRAP_METHODS if ci in ("auto", "bootstrap") else ("percentile",)
        for method in methods:
            yield ci, method


CHOICES = list(_every_choice())


@pytest.mark.parametrize("ci, method", CHOICES)
def test_agreement_takes_every_choice(data, ci, method):
    ag = data.agree("truth", "a")
    kw = {"ci": ci, "bootstrap_method": method, "n_resamples": B, "random_state": 0}
    b = quiet(ag.binary, ["REC", "F1", "DOR"], **kw)
    assert b.columns.get_level_values("stat").unique().tolist() == ["value", "se", "lower", "upper"]
    assert set(b.attrs["methods"]) == {"REC", "F1", "DOR"}
    a = quiet(ag.averages, ["F1"], **kw)
    assert a.shape == (1, 16) and a.notna().all().all()
    m = quiet(ag.multiclass, ["OSR", "KAPPA", "AC1", "B"], **kw)
    assert m[["se", "lower", "upper"]].notna().all().all()
    if ci == "bootstrap":
        assert all(x.startswith("bootstrap") for x in m["method"])
    elif ci == "linearized":
        assert all(x.startswith("linearised (") for x in m["method"])
    else:  # analytic where published, the delta method for the rest
        assert m.loc["KAPPA", "method"] == "Fleiss–Cohen–Everitt" and m.loc["B", "method"] == "linearised (logit scale)"
    if method != "basic":
        for code in ("OSR", "KAPPA", "AC1", "B"):
            assert m.loc[code, "lower"] <= m.loc[code, "value"] <= m.loc[code, "upper"]


@pytest.mark.parametrize("ci, method", CHOICES)
def test_raters_take_every_choice(data, ci, method):
    ra = data.agree.raters(["a", "b", "c"])
    s = quiet(ra.summary, ci=ci, bootstrap_method=method, n_resamples=B, random_state=0)
    assert s[["se", "lower", "upper"]].notna().all().all()
    if ci == "bootstrap":
        assert s["method"].str.startswith("bootstrap over subjects,").all()
    elif ci == "linearized":
        assert s["method"].str.startswith("linearised (").all()
    else:  # 300 subjects: Gwet's linearised variance where published, the delta method for the rest (LIGHT)
        gwet = s.index.isin(["FLEISS", "CONGER", "AC1", "ALPHA", "BPK", "PO"])
        assert (s["method"][gwet] == "Gwet linearised").all()
        assert s["method"][~gwet].str.startswith("linearised (").all()


@pytest.mark.parametrize("ci, method", CHOICES)
def test_comparison_takes_every_choice(data, ci, method):
    cmp = data.agree.compare("truth", ["a", "b", "c"])
    kw = {"ci": ci, "bootstrap_method": method, "n_resamples": B, "random_state": 0}
    v = quiet(cmp.values, ["OSR", "KAPPA", "F1"], **kw)
    assert v.shape == (3, 12) and v.notna().all().all()
    d = quiet(cmp.differences, ["OSR", "KAPPA", "F1"], **kw)
    assert d.shape == (3, 18) and d.notna().all().all()
    assert d.attrs["methods"]["OSR"] == {"bootstrap": f"paired bootstrap {method} (B = {B}, random_state = 0)",
                                         "linearized": "linearised (identity scale)"}.get(
        ci, "Wald for paired proportions (McNemar)")
    assert d.attrs["methods"]["KAPPA"] == (f"paired bootstrap {method} (B = {B}, random_state = 0)"
                                           if ci == "bootstrap" else "linearised (identity scale)")


@pytest.mark.parametrize("ci", [None, *CI_METHODS])
def test_reports_take_every_choice(data, ci):
    kw = {"ci": ci, "n_resamples": B, "random_state": 0}
    rep = quiet(data.agree.report, "truth", "a", **kw)
    assert ("se" in rep.multiclass.columns) == (ci is not None)
    raters = quiet(data.agree.raters(["a", "b", "c"]).report, **kw)
    assert ("se" in raters.coefficients.columns) == (ci is not None)
    cmp = quiet(data.agree.compare("truth", ["a", "b"]).report, **kw)
    assert isinstance(cmp.differences.columns, pd.MultiIndex) == (ci is not None)
    for r in (rep, raters, cmp):
        assert str(r)


def test_the_three_defaults_agree(data):
    # analysis methods: no interval unless asked; reports: ci="auto"
    ag, ra = data.agree("truth", "a"), data.agree.raters(["a", "b"])
    cmp = data.agree.compare("truth", ["a", "b"])
    assert "se" not in ag.multiclass(["OSR"]).columns and "se" not in ra.summary(["PO"]).columns
    assert not isinstance(cmp.values(["OSR"]).columns, pd.MultiIndex)
    assert not isinstance(cmp.differences(["OSR"]).columns, pd.MultiIndex)
    for rep in (ag.report(n_resamples=B), ra.report(n_resamples=B), cmp.report(n_resamples=B)):
        assert rep.options["ci"] == "auto"


def _bca(point, boot, jack, jack_weights, level=0.95):
    """BCa written out from Efron & Tibshirani (1993), eq. 14.10 and 14.15, with weighted jackknife values."""
    boot = boot[~np.isnan(boot)]
    z0 = stats.norm.ppf((np.sum(boot < point) + 0.5 * np.sum(boot == point)) / len(boot))
    mean = np.average(jack, weights=jack_weights)
    d = mean - jack
    a = np.sum(jack_weights * d**3) / (6 * np.sum(jack_weights * d**2) ** 1.5)
    ends = []
    for tail in ((1 - level) / 2, (1 + level) / 2):
        z = z0 + stats.norm.ppf(tail)
        ends.append(np.quantile(boot, stats.norm.cdf(z0 + z / (1 - a * z))))
    return ends


def test_rater_bootstrap_is_the_direct_computation_on_the_same_resamples(data):
    # the counts that are resampled are the weights of the distinct rating patterns (a multinomial over subjects,
    # summed by pattern); rebuild each resample as weighted patterns and compute FLEISS directly
    ratings = data[["a", "b", "c"]]
    ra = pa.RaterAgreement(ratings)
    patterns = ratings.groupby(list(ratings.columns), sort=False).size().reset_index(name="w")
    unique, counts = patterns[list(ratings.columns)], patterns["w"].to_numpy(float)
    opts = IntervalOptions("bootstrap", n_resamples=B, random_state=3)
    stack = resample(counts, opts)

    def fleiss(weights):
        return quiet(pa.RaterAgreement(unique, weights=weights).summary, ["FLEISS"])["value"].iloc[0]

    boot = np.array([fleiss(w) for w in stack])
    point = fleiss(counts)
    jack = np.array([fleiss(counts - (np.arange(len(counts)) == i)) for i in range(len(counts))])
    for method in BOOTSTRAP_METHODS:
        got = ra.summary(["FLEISS"], ci="bootstrap", bootstrap_method=method, n_resamples=B, random_state=3)
        lower, upper = got.loc["FLEISS", ["lower", "upper"]]
        if method == "percentile":
            want = np.quantile(boot, [0.025, 0.975])
        elif method == "basic":
            want = 2 * point - np.quantile(boot, [0.975, 0.025])
        else:
            want = _bca(point, boot, jack, counts)
        np.testing.assert_allclose([lower, upper], want, rtol=0, atol=1e-12)
        assert got.loc["FLEISS", "se"] == pytest.approx(np.std(boot, ddof=1), abs=1e-12)


def test_paired_bootstrap_is_the_direct_computation_on_the_same_resamples(data):
    cmp = data.agree.compare("truth", ["a", "b"])
    joint = cmp.joint
    opts = IntervalOptions("bootstrap", n_resamples=B, random_state=5)
    stack = resample(joint, opts)

    def kappa_difference(table):
        values = [quiet(pa.Agreement.from_table(pd.DataFrame(table.sum(axis=axis), index=ag.table.index,
                                                             columns=ag.table.columns)).multiclass, ["KAPPA"])
                  ["value"].iloc[0] for axis, ag in ((2, cmp.agreements["a"]), (1, cmp.agreements["b"]))]
        return values[0] - values[1]

    boot = np.array([kappa_difference(t) for t in stack])
    point = kappa_difference(joint)
    cells = np.flatnonzero(joint.ravel() > 0)
    jack = []
    for cell in cells:
        t = joint.ravel().copy()
        t[cell] -= 1
        jack.append(kappa_difference(t.reshape(joint.shape)))
    for method in BOOTSTRAP_METHODS:
        d = cmp.differences(["KAPPA"], ci="bootstrap", bootstrap_method=method, n_resamples=B, random_state=5)
        row = d.loc["a − b", "KAPPA"]
        if method == "percentile":
            want = np.quantile(boot, [0.025, 0.975])
        elif method == "basic":
            want = 2 * point - np.quantile(boot, [0.975, 0.025])
        else:
            want = _bca(point, boot, np.array(jack), joint.ravel()[cells])
        np.testing.assert_allclose(row[["lower", "upper"]].to_numpy(float), want, rtol=0, atol=1e-12)
        p = min(1.0, 2 * (1 + min((boot <= 0).sum(), (boot >= 0).sum())) / (len(boot) + 1))
        assert row["pvalue"] == pytest.approx(p, abs=1e-15)


def test_resamples_do_not_depend_on_the_chunk_size():
    from pandas_agree.inference.bootstrap import resample_chunks

    table = np.array([[30.0, 4, 1], [5, 20, 2], [0, 3, 9]])
    opts = IntervalOptions("bootstrap", n_resamples=37, random_state=1)
    whole = resample(table, opts)
    for chunk_cells in (9, 50, 1000):
        pieces = list(resample_chunks(table, opts, chunk_cells=chunk_cells))
        assert max(len(p) for p in pieces) == max(1, min(37, chunk_cells // 9))
        np.testing.assert_array_equal(np.concatenate(pieces), whole)
    fixed = IntervalOptions("bootstrap", n_resamples=37, random_state=1, design="fixed-reference")
    for chunk_cells in (9, 1000):
        stack = np.concatenate(list(resample_chunks(table, fixed, chunk_cells=chunk_cells)))
        np.testing.assert_array_equal(stack.sum(axis=2), np.broadcast_to(table.sum(axis=1), (37, 3)))


def test_resamples_are_a_multinomial_over_the_non_empty_cells():
    """A mostly empty 60×60 table: every resample keeps N, leaves the empty cells empty, and its cells have the
    multinomial's means N·p and variances N·p(1 − p) (10,000 resamples; 5 standard errors)."""
    from pandas_agree.inference.bootstrap import resample_chunks

    rng = np.random.default_rng(4)
    table = np.zeros((60, 60))
    cells = rng.choice(table.size, 90, replace=False)
    table.ravel()[cells] = rng.integers(1, 40, 90)
    b = 10_000
    opts = IntervalOptions("bootstrap", n_resamples=b, random_state=2)
    total = np.zeros(table.size)
    squares = np.zeros(table.size)
    for chunk in resample_chunks(table, opts):
        flat = chunk.reshape(len(chunk), -1)
        np.testing.assert_array_equal(flat.sum(axis=1), table.sum())
        assert not flat[:, table.ravel() == 0].any()
        total += flat.sum(axis=0)
        squares += (flat ** 2).sum(axis=0)
    n, p = table.sum(), table.ravel()[cells] / table.sum()
    mean = total[cells] / b
    variance = squares[cells] / b - mean ** 2
    assert np.all(np.abs(mean - n * p) < 5 * np.sqrt(n * p * (1 - p) / b))
    np.testing.assert_allclose(variance, n * p * (1 - p), rtol=0.1)


def test_the_bootstrap_in_blocks_gives_the_values_of_one_pass(monkeypatch):
    """With the memory for resampled values below one quantity's, every quantity takes its own pass over the same
    resamples: the intervals are those of one pass, and a generator given ends where one pass leaves it."""
    from pandas_agree.inference import intervals

    t = np.array([[30.0, 5, 2], [4, 25, 6], [1, 3, 20]])
    ag = pa.Agreement.from_table(t)

    def everything(random_state):
        kw = {"ci": "bootstrap", "n_resamples": 300, "random_state": random_state}
        return (quiet(ag.binary, ["REC", "F1"], **kw), quiet(ag.averages, ["REC", "F1"], **kw),
                quiet(ag.multiclass, ["KAPPA", "UC"], bootstrap_method="bca", **{**kw, "random_state": 5}))

    one_pass = everything(4)
    generator = np.random.default_rng(9)
    everything(generator)
    after_one_pass = generator.bit_generator.state
    monkeypatch.setattr(intervals, "RESAMPLED_BYTES", 1)
    blocks = everything(4)
    for whole, parts in zip(one_pass, blocks, strict=True):
        pd.testing.assert_frame_equal(whole, parts)
    generator = np.random.default_rng(9)
    everything(generator)
    assert generator.bit_generator.state == after_one_pass
