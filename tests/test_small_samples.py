"""The rules of ci="auto" at small samples and with rare classes (pandas_agree.inference.auto): Donner and
Eliasziw's interval for kappa on two classes, the BCa bootstrap for the other chance-corrected coefficients, the
blurred SE of the averages with a small class, and what a result says of a class absent from the table."""

import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pandas_agree as pa
from pandas_agree.inference.analytic import donner_eliasziw
from pandas_agree.inference.auto import SMALL_CLASS, average_rule, coefficient_rule, smallest_class
from pandas_agree.measures.registry import REGISTRY

Z2 = 1.959963984540054**2  # the χ²₁ quantile at 0.95


def goodness_of_fit(a, b, c, d, kappa):
    """Pearson's X² of (a, b + c, d) against the common-correlation model at ``kappa`` (π at its estimate)."""
    n = a + b + c + d
    pi = (2 * a + b + c) / (2 * n)
    q = pi * (1 - pi)
    expected = n * np.array([pi**2 + q * kappa, 2 * q * (1 - kappa), (1 - pi) ** 2 + q * kappa])
    return float((((np.array([a, b + c, d]) - expected) ** 2) / expected).sum())


def cubic_roots(a, b, c, d):
    """Donner and Eliasziw's limits as the roots of their cubic: X²(κ) = χ²₁ multiplied out by the product of the
    three expected shares, solved by numpy's companion-matrix eigenvalues (a method independent of the bisection)."""
    from numpy.polynomial import Polynomial as P

    n = a + b + c + d
    pi = (2 * a + b + c) / (2 * n)
    q = pi * (1 - pi)
    shares = [P([pi**2, q]), P([2 * q, -2 * q]), P([(1 - pi) ** 2, q])]
    observed = [a, b + c, d]
    total = -Z2 * n * shares[0] * shares[1] * shares[2]
    for i in range(3):
        others = shares[(i + 1) % 3] * shares[(i + 2) % 3]
        total += (observed[i] - n * shares[i]) ** 2 * others
    roots = total.roots()
    real = np.sort(roots[np.abs(roots.imag) < 1e-9].real)
    kappa = 1 - (b + c) / (2 * n * q)
    bottom = max(-pi / (1 - pi), -(1 - pi) / pi)
    inside = real[(real > bottom) & (real < 1)]
    return inside[inside < kappa].max(), inside[inside > kappa].min()


@pytest.mark.parametrize("cells", [(40, 3, 4, 3), (31, 12, 4, 58), (88, 4, 2, 6), (10, 5, 5, 10), (45, 2, 1, 2)])
def test_donner_eliasziw_ends_are_the_roots_of_the_cubic(cells):
    lower, upper = (float(x) for x in donner_eliasziw(*map(float, cells)))
    assert (lower, upper) == pytest.approx(cubic_roots(*map(float, cells)), abs=1e-10)
    for end in (lower, upper):
        assert goodness_of_fit(*cells, end) == pytest.approx(Z2, rel=1e-9)


@given(st.lists(st.integers(0, 60), min_size=4, max_size=4))
@settings(max_examples=200, deadline=None)
def test_donner_eliasziw_brackets_the_intraclass_kappa(cells):
    a, b, c, d = map(float, cells)
    n = a + b + c + d
    lower, upper = (float(x) for x in donner_eliasziw(a, b, c, d))
    pi = (2 * a + b + c) / (2 * n) if n else np.nan
    if not 0 < pi < 1:
        assert np.isnan(lower) and np.isnan(upper)
        return
    kappa = 1 - (b + c) / (2 * n * pi * (1 - pi))
    assert max(-pi / (1 - pi), -(1 - pi) / pi) - 1e-12 <= lower <= kappa + 1e-9 <= upper + 2e-9 <= 1 + 2e-9


def test_donner_eliasziw_is_vectorised():
    a, b, c, d = (np.array(x, float) for x in ([40, 31, 5], [3, 12, 0], [4, 4, 0], [3, 58, 0]))
    lower, upper = donner_eliasziw(a, b, c, d)
    for i in range(2):
        assert (lower[i], upper[i]) == tuple(float(x) for x in donner_eliasziw(a[i], b[i], c[i], d[i]))
    assert np.isnan(lower[2]) and np.isnan(upper[2])  # every object rated alike: kappa is undefined


def test_the_rules_in_one_place():
    assert coefficient_rule("KAPPA", 199, 2).method == "donner-eliasziw"
    assert coefficient_rule("KAPPA", 199, 3).method == "bca"
    assert coefficient_rule("AC1", 50, 2).method == "bca"
    assert coefficient_rule("KAPPA", 200, 2) is None
    assert coefficient_rule("KAPPA", 200, 2, smallest=10, cells=4).method == "bca"
    assert coefficient_rule("OSR", 20, 2) is None
    assert average_rule(REGISTRY["F1"], "unweighted", 4, SMALL_CLASS - 1).method == "blurred"
    assert average_rule(REGISTRY["F1"], "micro", 4, SMALL_CLASS) is None
    assert average_rule(REGISTRY["PPREV"], "weighted", 2, 1000).method == "percentile"
    for code in ("DOR", "LNDOR", "YULEQ", "LRP"):  # the odds-ratio family and unbounded ranges keep theirs
        assert average_rule(REGISTRY[code], "unweighted", 4, 3) is None
    assert smallest_class([30, 0, 4], [29, 0, 5]) == 4
    assert smallest_class([0, 0], [0, 0]) == np.inf


def test_kappa_on_two_classes_below_200_objects():
    """KAPPA, SPI, ALPHA and HSS take Donner and Eliasziw's interval beside their published SE; the class absent
    from a declared label set does not count as a class."""
    table = pd.DataFrame([[40.0, 3, 0], [4, 3, 0], [0, 0, 0]], index=list("xyz"), columns=list("xyz"))
    ag = pa.Agreement.from_table(table)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        m = ag.multiclass(["KAPPA", "SPI", "ALPHA"], ci="auto")
        lin = ag.multiclass(["KAPPA", "SPI", "ALPHA"], ci="linearized")
        hss = ag.binary(["HSS"], ci="auto")
    ends = [float(x) for x in donner_eliasziw(40.0, 3.0, 4.0, 3.0)]
    for code in ("KAPPA", "SPI", "ALPHA"):
        assert [m.loc[code, "lower"], m.loc[code, "upper"]] == pytest.approx(ends, abs=1e-12)
        assert m.loc[code, "se"] == pytest.approx(lin.loc[code, "se"], rel=1e-12)
        assert m.loc[code, "method"].endswith("SE, Donner–Eliasziw interval")
    # HSS is the kappa of each class against the rest: on two classes both are the table's kappa
    assert [hss.loc["x", ("HSS", "lower")], hss.loc["x", ("HSS", "upper")]] == pytest.approx(ends, abs=1e-12)


def test_averages_with_a_small_class_take_the_blurred_se():
    """A class of 4 objects: every average's interval is the Wald interval of the SE of the table with half an
    object added to every cell; its SE column stays the linearised SE. With 200 objects a class, linearised."""
    small = np.array([[60.0, 6, 2], [5, 50, 1], [1, 1, 2]])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        auto = pa.Agreement.from_table(small).averages(["F1", "REC"], ci="auto")
        lin = pa.Agreement.from_table(small).averages(["F1", "REC"], ci="linearized")
        blurred = pa.Agreement.from_table(small + 0.5).averages(["F1", "REC"], ci="linearized")
    assert auto.attrs["methods"]["F1"] == "linearised (logit scale) SE, blurred (logit scale) interval"
    # the unweighted average of the recalls takes the MOVER–Wilson interval (tests/test_mover_wilson.py)
    assert auto.attrs["methods"]["REC"] == ("linearised (logit scale) SE, MOVER–Wilson interval (unweighted), "
                                            "blurred (logit scale) interval (weighted, inverse, micro)")
    for code in ("F1", "REC"):
        for method in ("unweighted", "weighted", "micro") if code == "F1" else ("weighted", "micro"):
            value, se = auto.loc[code, (method, "value")], auto.loc[code, (method, "se")]
            assert se == pytest.approx(lin.loc[code, (method, "se")], rel=1e-12)
            wide = blurred.loc[code, (method, "se")]
            # Wald on the logit scale with the blurred SE, about the value of the table itself
            logit = np.log(value / (1 - value))
            half = 1.959963984540054 * wide / (value * (1 - value))
            expected = [1 / (1 + np.exp(-(logit - half))), 1 / (1 + np.exp(-(logit + half)))]
            assert [auto.loc[code, (method, "lower")], auto.loc[code, (method, "upper")]] == pytest.approx(
                expected, rel=1e-6)
    assert any("fewer than 20 objects" in n for n in auto.attrs["notes"])
    large = small * 100
    big = pa.Agreement.from_table(large).averages(["F1"], ci="auto")
    assert big.attrs["methods"]["F1"] == "linearised (logit scale)"
    assert not any("fewer than 20 objects" in n for n in big.attrs["notes"])


def test_a_class_absent_from_the_table_is_said():
    """A declared class without objects: its values are undefined, the averages are over the classes present,
    and the averages' notes and the report say what their intervals then mean."""
    table = pd.DataFrame([[40.0, 3, 0], [4, 30, 0], [0, 0, 0]], index=list("abc"), columns=list("abc"))
    ag = pa.Agreement.from_table(table)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        av = ag.averages(["F1"], ci="auto")
        b = ag.binary(["F1"], ci="auto")
        report = ag.report()
    assert np.isnan(b.loc["c", ("F1", "value")]) and np.isnan(b.loc["c", ("F1", "lower")])
    assert av.attrs["classes"]["unweighted"]["F1"] == 2
    said = [n for n in av.attrs["notes"] if "has no objects in the table" in n]
    assert len(said) == 1 and "['c']" in said[0] and "over the 2 classes present" in said[0]
    assert "neither side names it" in " ".join(str(report).split())
    full = pa.Agreement.from_table(table.iloc[:2, :2]).averages(["F1"], ci="auto")
    assert not any("has no objects in the table" in n for n in full.attrs["notes"])
    one = pa.Agreement.from_table(pd.DataFrame([[9.0, 0], [0, 0]], index=list("ab"), columns=list("ab")))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        said = [n for n in one.averages(["F1"]).attrs["notes"] if "has no objects in the table" in n]
    assert len(said) == 1 and "each average is over the 1 class present," in said[0]


# R: library(vcd); confint(Kappa(matrix(c(20, 5, 3, 4, 25, 6, 2, 5, 30), 3, byrow = TRUE)))  (vcd 1.4)
VCD_3X3 = np.array([[20, 5, 3], [4, 25, 6], [2, 5, 30]])
VCD_KAPPA_WALD = {"KAPPA": (0.4930194, 0.7498637), "KAPPA_W": (0.5262914, 0.7807079)}  # Unweighted, Weighted


def test_the_ci_docstrings_say_what_auto_gives_a_small_sample():
    """The documented intervals are those given: below 200 objects "auto" (and a binomial method's name) gives
    kappa the BCa bootstrap's interval on three classes, and only "linearized" gives vcd's Wald interval."""
    ag = pa.Agreement.from_table(VCD_3X3)  # 100 objects
    for ci in ("auto", "wilson"):
        out = ag.multiclass(["KAPPA", "KAPPA_W"], kappa_weights="linear", ci=ci, n_resamples=200)
        assert out["method"].str.contains("bootstrap bca").all()
    wald = ag.multiclass(["KAPPA", "KAPPA_W"], kappa_weights="linear", ci="linearized")
    for code, (lower, upper) in VCD_KAPPA_WALD.items():
        assert (wald.loc[code, "lower"], wald.loc[code, "upper"]) == pytest.approx((lower, upper), abs=5e-7)
    for method in (pa.Agreement.binary, pa.Agreement.multiclass, pa.Agreement.averages):
        text = " ".join(method.__doc__.split())
        assert "pandas_agree.inference.auto" in text and "linearized" in text, method.__name__
    binary = " ".join(pa.Agreement.binary.__doc__.split())
    assert '"Small samples" in docs/notes/intervals.md' in binary and "below 200 objects" in binary
    assert "vcd's ``confint(Kappa(...))``" in binary
    multiclass = " ".join(pa.Agreement.multiclass.__doc__.split())
    assert "BCa bootstrap" in multiclass and "below 200 objects" in multiclass
