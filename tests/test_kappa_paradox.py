"""The kappa paradox: the prevalence index, the bias index and the prevalence- and bias-adjusted kappa (Byrt, Bishop
and Carlin 1993) beside kappa.

Known answers: R 4.2.2, epiR 2.0.57, ``epi.kappa(as.table(matrix(c(a, c, b, d), nrow = 2)), method = "cohen")``
for the 2×2 table [[a, b], [c, d]]: the prevalence index (a − d)/N, the bias index (b − c)/N, PABAK = 2 Po − 1 and
its interval, twice the Clopper–Pearson interval of Po minus one. epiR's standard errors of the two indices leave
out the covariance of the two proportions they subtract (√((p_a(1 − p_a) + p_d(1 − p_d))/N)); ours are the
multinomial (delta-method) ones, √((p_a + p_d − (p_a − p_d)²)/N), checked here by hand.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import pandas_agree as pa

# (table, epi.kappa's pindex est, bindex est, pabak est, pabak lower, pabak upper, pindex se, bindex se)
EPIR = [
    ([[40, 9], [6, 45]], -0.05, 0.03, 0.7, 0.52938499970209, 0.827091228716703, 0.0698212002188447,
     0.0705903676148524),
    ([[88, 14], [10, 40]], 0.315789473684211, 0.0263157894736842, 0.684210526315789, 0.548470444099586,
     0.792273997882088, 0.0536603064482286, 0.0543981571238325),
    ([[118, 2], [5, 0]], 0.944, -0.024, 0.888, 0.776041584956261, 0.954382797905966, 0.0205648243367163,
     0.0208123040531316),
    ([[20, 5], [15, 60]], -0.4, -0.1, 0.6, 0.416314621822744, 0.746688895796088, 0.0632455532033676,
     0.0644204936336256),
]


@pytest.mark.parametrize(("table", "pi", "bi", "pabak", "lower", "upper", "pi_se", "bi_se"), EPIR)
def test_paradox_indices_equal_epir(table, pi, bi, pabak, lower, upper, pi_se, bi_se):
    ag = pa.Agreement.from_table(table)
    values = ag.multiclass(["PI", "BI", "PABAK"])["value"]
    assert values.tolist() == pytest.approx([pi, bi, pabak], abs=1e-14)
    exact = ag.multiclass(["PABAK"], ci="clopper-pearson")
    assert (exact.loc["PABAK", "lower"], exact.loc["PABAK", "upper"]) == (pytest.approx(lower, rel=1e-9),
                                                                          pytest.approx(upper, rel=1e-9))
    # the multinomial SEs, which epiR's (pi_se, bi_se) are not: they leave out the covariance
    t = np.asarray(table, dtype=float)
    n = t.sum()
    pa_, pb, pc, pd_ = t.ravel() / n
    se = ag.multiclass(["PI", "BI"], ci="linearized")["se"]
    assert se["PI"] == pytest.approx(np.sqrt((pa_ + pd_ - (pa_ - pd_) ** 2) / n), rel=1e-12)
    assert se["BI"] == pytest.approx(np.sqrt((pb + pc - (pb - pc) ** 2) / n), rel=1e-12)
    # epiR's: the two proportions' variances without their covariance −2 p_a p_d (the same where a or d is 0)
    assert np.sqrt((pa_ * (1 - pa_) + pd_ * (1 - pd_)) / n) == pytest.approx(pi_se, rel=1e-12)


def test_the_multinomial_se_of_the_prevalence_index_is_the_issue_s_number():
    se = pa.Agreement.from_table([[40, 9], [6, 45]]).multiclass(["PI"], ci="linearized").loc["PI", "se"]
    assert round(se, 4) == 0.0921


def test_the_indices_need_two_labels_and_say_so():
    ag = pa.Agreement.from_table([[10, 2, 1], [3, 12, 2], [1, 1, 9]])
    with pytest.warns(pa.UndefinedMeasureWarning, match="defined for two labels"):
        out = ag.multiclass(["PI", "BI", "PABAK"])
    assert np.isnan(out.loc["PI", "value"]) and np.isnan(out.loc["BI", "value"])
    # PABAK for q labels is (q Po − 1)/(q − 1), Brennan and Prediger's kappa of a square table
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert out.loc["PABAK", "value"] == pytest.approx(ag.multiclass(["BPK"]).loc["BPK", "value"], rel=1e-14)
    assert out.attrs["notes"]


def test_prevalence_index_reads_the_first_label_first():
    """PI is (a − d)/N with a the cell of the first label on both sides (labels in their order)."""
    ag = pa.agreement(["yes"] * 8 + ["no"] * 2, ["yes"] * 7 + ["no"] * 3, labels=["yes", "no"])
    assert ag.multiclass(["PI"]).loc["PI", "value"] == pytest.approx((7 - 2) / 10)


@pytest.mark.parametrize("options", [{"ci": "auto"}, {"ci": "linearized"}, {"ci": None},
                                     {"ci": "bootstrap", "n_resamples": 300, "random_state": 3}])
@pytest.mark.parametrize("table", [[[40, 9], [6, 45]], [[30, 4, 1], [2, 25, 3], [0, 5, 12]], [[5, 0], [0, 0]]])
def test_report_paradox_rows_are_those_of_their_own_calls(table, options):
    """The default report takes the Kappa Paradox table's rows that the multiclass table does not show (PABAK, and
    PI and BI for two labels) from its one call of the multiclass measures: each row equals that of a call for
    it alone, resamples included; the multiclass table holds no row of them, and its notes are those of the
    multiclass measures alone unless those rows need one: in a table of one label's objects the zero width of PI's
    and BI's intervals (in the Kappa Paradox table) is said in the notes that say it of the others."""
    ag = pa.Agreement.from_table(table)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        report = ag.report(**options)
        alone = ag.multiclass(["PABAK", "PI", "BI"] if len(ag.labels) == 2 else ["PABAK"], **options)
        shown = ag.multiclass(None, **options)
    for code in alone.index:
        _same_row(report.paradox.loc[code], alone.loc[code])
    assert report.multiclass.index.tolist() == shown.index.tolist()
    assert "PABAK" not in report.multiclass.attrs.get("undefined_resamples", {})
    if table != [[5, 0], [0, 0]] or options["ci"] is None:
        assert report.multiclass.attrs["notes"] == shown.attrs["notes"]
    else:
        # the general note on zero width (those of values at an end of their range are notes of their own)
        multiclass = [n for n in report.multiclass.attrs["notes"] if "have zero width:" in n]
        assert len(multiclass) == 1 and "PI, BI" in multiclass[0] and multiclass[0] in report.notes


def _same_row(row, expected) -> None:
    numbers = [c for c in expected.index if c not in ("method", "interpretation")]
    assert row[numbers].tolist() == pytest.approx(expected[numbers].tolist(), rel=1e-13, nan_ok=True)
    if "method" in expected:
        assert row["method"] == expected["method"]
