"""The hypothesis tests of an :class:`~pandas_agree.Agreement`: kappa's, McNemar's, Bowker's, Stuart–Maxwell's,
independence and OSR against the no-information rate, with or without a sample design, and the kappa-type tests
against a null value κ0."""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd

from ..base.options import validate_options
from ..base.rounding import rounded_text
from ..engine.tableview import TableView
from ..inference.delta import linearised_variance
from ..inference.distributions import t_sf, two_sided_p
from ..inference.tests import SIDES, against_null, run_tests
from ..measures.weights import agreement_weights

__all__ = ["AgreementTests"]


class AgreementTests:
    """The tests of an Agreement (a base of :class:`~pandas_agree.Agreement`, whose table, labels and design they
    read)."""

    @validate_options
    def tests(self, *, kappa_weights=None, kappa0: float | None = None, alternative: str = "two-sided"
              ) -> pd.DataFrame:
        """Hypothesis tests of the table.

        KAPPA_Z and KAPPA_W_Z (kappa over its SE under H0; Fleiss, Cohen & Everitt 1969), MCNEMAR (χ² with
        continuity correction) and MCNEMAR_EXACT (binomial) for 2×2 tables, BOWKER (symmetry) and
        STUART_MAXWELL (marginal homogeneity) for tables with the same labels on both sides, CHI2 and G2
        (independence), and ACC_NIR (one-sided binomial test of OSR against the no-information rate).
        A test that does not apply to the table is a row of NaN whose "method" says why.

        Under a sample design (``strata=``, ``cluster=``, ``fpc=``) the counts are weighted totals of PSUs, not
        independent rows, so the tests are design-based, on the design's degrees of freedom: KAPPA_Z and KAPPA_W_Z
        are the kappa over its design-based SE, MCNEMAR the difference (b − c)/N over its design-based SE, ACC_NIR
        OSR − NIR over its design-based SE (one-sided), all Student's t; CHI2 and G2 are Rao–Scott's second-order
        corrections (an F statistic, its numerator df in "df"; R's ``svychisq``); BOWKER and STUART_MAXWELL are
        adjusted Wald F tests of the design-based covariance of their differences; MCNEMAR_EXACT is NaN (the exact
        test has no design-based form).

        With ``kappa0`` the kappa-type rows test H0: κ = κ0 instead of κ = 0: KAPPA_Z (and KAPPA_W_Z) and AC1_Z are
        (value − κ0)/SE with the SE not assuming the null (Fleiss, Cohen & Everitt's for kappa, Gwet's for AC1; the
        design-based one under a sample design, on its t), as Fleiss, Levin & Paik (2003, §18.1) test a kappa
        against a non-zero value; ``alternative`` gives the side. Against κ0 = 0, kappa keeps its SE under H0.

        Parameters
        ----------
        kappa_weights : {"linear", "quadratic"} or matrix, optional
            Agreement weights of KAPPA_W_Z, which is a row only when they are given (the label order is an
            ordinal scale only when the user says so).
        kappa0 : float, optional
            The null value of the kappa-type tests, strictly between −1 and 1 (None: 0, without an AC1_Z row).
        alternative : {"two-sided", "greater", "less"}, default "two-sided"
            The alternative hypothesis of the kappa-type tests: "greater" is H1: κ > κ0.

        Returns
        -------
        pandas.DataFrame
            Index: test codes; columns "statistic", "df", "pvalue", "method".

        Examples
        --------
        >>> import numpy as np
        >>> import pandas_agree as pa
        >>> t = pa.Agreement.from_table(np.array([[0, 4, 1], [0, 8, 0], [0, 1, 5]])).tests()
        >>> t[["statistic", "pvalue"]].round(4).loc["KAPPA_Z"].tolist()
        [3.2626, 0.0011]
        >>> ag = pa.Agreement.from_table(np.array([[40, 9], [6, 45]]))
        >>> ag.tests(kappa0=0.4, alternative="greater").loc[["KAPPA_Z", "AC1_Z"], "statistic"].round(3).tolist()
        [4.195, 4.215]
        """
        weights = None if kappa_weights is None else agreement_weights(kappa_weights, len(self._union), self._union)
        if weights is not None and self._weights_read_order(kappa_weights):
            self._warn_order("The test of weighted kappa (KAPPA_W_Z)")
        table = run_tests(self._view(), weights)
        table = table if self._sample is None else self._design_tests(table, kappa_weights)
        if kappa0 is None and alternative == "two-sided":
            return table
        return self._against_null(table, kappa_weights, 0.0 if kappa0 is None else float(kappa0), alternative,
                                  given=kappa0 is not None)

    def _against_null(self, table: pd.DataFrame, kappa_weights, kappa0: float, alternative: str, *,
                      given: bool) -> pd.DataFrame:
        """The kappa-type rows against κ0 with the side ``alternative`` (:meth:`tests`)."""
        df = None if self._sample is None else float(self._sample.df)
        out = table.copy()
        codes = ["KAPPA"] + (["KAPPA_W"] if "KAPPA_W_Z" in out.index else []) + (["AC1"] if given else [])
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            values = {code: self.multiclass([code], ci="linearized", random_state=0,
                                            kappa_weights=kappa_weights if code == "KAPPA_W" else None).loc[code]
                      for code in codes}
        for code in codes:
            row = f"{code}_Z"
            value = float(values[code]["value"])
            if code in ("KAPPA", "KAPPA_W") and kappa0 == 0 and self._sample is None:
                se = value / out.loc[row, "statistic"] if out.loc[row, "statistic"] else np.nan  # the SE under H0
                what = f"{code} over its SE under H0 (Fleiss, Cohen & Everitt 1969)"
            else:
                se = float(values[code]["se"])
                what = (f"({code} − {kappa0:g}) over its " + ("design-based SE" if self._sample is not None else
                        "SE not assuming the null" + (" (Fleiss, Cohen & Everitt 1969)" if code != "AC1"
                                                      else " (Gwet 2008)")))
            statistic, pvalue = against_null(value, se, kappa0, alternative, df)
            design = "" if df is None else f" (sample design, t on {rounded_text(df, 6, 'g')} df)"
            out.loc[row] = [statistic, np.nan if df is None else df, pvalue, f"{what}, {SIDES[alternative]}{design}"]
        return out

    def _design_tests(self, table: pd.DataFrame, kappa_weights) -> pd.DataFrame:
        """The tests under a sample design, where the counts are weighted PSUs' totals and not independent rows:
        Wald t-tests on the design's degrees of freedom for kappa (its design-based SE), McNemar's b − c and OSR −
        NIR (linear in the cells, so their design variance is that of the PSUs' totals; with Rao–Wu replicates,
        kappa's SE is that of the replicates drawn with the seed 0); Rao–Scott's F for independence, adjusted Wald F
        tests for symmetry and marginal homogeneity (:mod:`~pandas_agree.inference.design_tests`); the exact test is
        left out (NaN), with the reason."""
        df = self._sample.df
        label = f"sample design, t on {df} df"
        out = table.copy()

        def wald(code, value, se, one_sided=False, what=""):
            t = value / se if se > 0 else np.nan
            p = t_sf(t, df) if one_sided else two_sided_p(t, df)
            out.loc[code] = [t, float(df), p, f"{what} over its design-based SE, "
                             f"{'one' if one_sided else 'two'}-sided ({label})"]

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for code in [c for c in ("KAPPA", "KAPPA_W") if f"{c}_Z" in out.index]:
                m = self.multiclass([code], ci="linearized", kappa_weights=kappa_weights if code == "KAPPA_W"
                                    else None, random_state=0)  # Rao–Wu replicates: the same test every call
                wald(f"{code}_Z", float(m.loc[code, "value"]), float(m.loc[code, "se"]), what=code)
        rows, cols = (np.indices(self._shape).reshape(2, -1) if self._cells is None else self._cells)
        place_r, place_c = self._places
        r, c = place_r[rows], place_c[cols]
        if len(self._union) == 2:  # b − c of the 2×2 table over the union
            b_minus_c = (r == 0) & (c == 1)
            wald("MCNEMAR", *self._linear_design(b_minus_c.astype(float) - ((r == 1) & (c == 0))),
                 what="(b − c)/N")
        largest = int(np.argmax(self._view().row_totals))
        nir = float(self._view().row_totals[largest]) / self.n
        right = (r == c).astype(float) - (rows == largest)
        value, se = self._linear_design(right)
        wald("ACC_NIR", value, se, one_sided=True, what=f"OSR − NIR (NIR = {rounded_text(nir, 4, 'g')})")
        if "MCNEMAR_EXACT" in out.index and np.isfinite(out.loc["MCNEMAR_EXACT", "statistic"]):
            out.loc["MCNEMAR_EXACT"] = [np.nan, np.nan, np.nan, "not computed under a sample design: the exact "
                                        "binomial test has no design-based form (MCNEMAR is its Wald test)"]
        independence = self._independence
        for code, key, what in (("CHI2", "pearson", "Pearson's X²"), ("G2", "lr", "the likelihood ratio G²")):
            if code in out.index and np.isfinite(out.loc[code, "statistic"]):
                test = independence[f"{key}_second"]
                out.loc[code] = [test.statistic, test.df1, test.pvalue, test.note or (
                    f"Rao–Scott second-order correction of {what}: F on {rounded_text(test.df1, 4, 'g')} and "
                    f"{rounded_text(test.df2, 4, 'g')} df "
                    "(sample design)")]
        symmetry = self._design_symmetry()
        for code, test, what in (("BOWKER", symmetry[0], "symmetry"),
                                 ("STUART_MAXWELL", symmetry[1], "marginal homogeneity")):
            if code in out.index and np.isfinite(out.loc[code, "statistic"]):
                out.loc[code] = [test.statistic, test.df1, test.pvalue, test.note or (
                    f"adjusted Wald F test of {what} on {rounded_text(test.df1, 6, 'g')} and "
                    f"{rounded_text(test.df2, 6, 'g')} df (sample design)")]
        return out

    def _symmetry_places(self) -> tuple[np.ndarray, np.ndarray, int]:
        return (*self._places, len(self._union))

    def _kappa_view(self) -> TableView:
        return self._view()

    def _linear_design(self, gradient: np.ndarray) -> tuple[float, float]:
        """The value Σ n_c g_c / N of a function linear in the cells (``gradient`` g at every cell of the table, or
        at every stored cell) and its design-based SE."""
        counts = np.asarray(self._counts, dtype=float).ravel()
        g = np.asarray(gradient, dtype=float) / counts.sum()
        variance = linearised_variance(self._counts, g[counts > 0][:, None], self._sample, rows=self._cell_rows)
        return float(counts @ g), float(np.sqrt(variance[0]))
