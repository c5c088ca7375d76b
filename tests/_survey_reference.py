r"""Known answers of R's survey package (4.1.1, R 4.2) for the design-based statistics of a crosstab.

CI has no R: the values below were computed once and are checked by tests/test_design_association_r.py (the
jackknife SEs of the association measures) and by the tests of the design-based chi-square tests (``SVYCHISQ``).

The data are those of R's survey package (``data(api)``: the California Academic Performance Index samples
apistrat, apiclus1 and apiclus2; ``data(nhanes)``: NHANES 2009-2010), the columns needed, in tests/data/. They
were written, from the repository's root, by::

    library(survey)
    data(api); data(nhanes)
    band <- function(x) cut(x, c(0, 600, 700, 800, 1000), labels = c("low", "mid", "high", "top"))
    apistrat$api_band <- band(apistrat$api00)
    apiclus1$api_band <- band(apiclus1$api00)
    apiclus2$api_band <- band(apiclus2$api00)
    out <- "tests/data/"
    save <- function(d, name) {
      con <- gzfile(paste0(out, name, ".csv.gz"), "w")
      write.csv(d, con, row.names = FALSE)
      close(con)
    }
    save(apistrat[, c("stype", "awards", "sch.wide", "yr.rnd", "both", "api00", "api_band", "pw", "fpc")], "apistrat")
    save(apiclus1[, c("dnum", "stype", "awards", "sch.wide", "both", "api00", "api_band", "pw", "fpc")], "apiclus1")
    save(apiclus2[, c("dnum", "snum", "stype", "awards", "sch.wide", "both", "api_band", "pw")], "apiclus2")
    nhanes_complete <- nhanes[!is.na(nhanes$HI_CHOL), ]
    save(nhanes_complete[, c("SDMVPSU", "SDMVSTRA", "WTMEC2YR", "HI_CHOL", "race", "agecat", "RIAGENDR")],
         "nhanes_survey")

The designs (``DESIGNS``) and, for each, the tables (``TABLES``, row variable + column variable), as R names them::

    D1:      svydesign(id = ~1, strata = ~stype, weights = ~pw, fpc = ~fpc, data = apistrat)
    D1nofpc: svydesign(id = ~1, strata = ~stype, weights = ~pw, data = apistrat)
    D2:      svydesign(id = ~dnum, weights = ~pw, fpc = ~fpc, data = apiclus1)
    D3:      svydesign(id = ~dnum + snum, weights = ~pw, data = apiclus2)
    D4:      svydesign(id = ~SDMVPSU, strata = ~SDMVSTRA, weights = ~WTMEC2YR, nest = TRUE, data = nhanes_complete)

D3 is two-stage without a finite population correction: its variance is that of its ultimate clusters (dnum, one
stratum), and its replicates are built from the one-stage design ``svydesign(id = ~dnum, weights = ~pw, data =
apiclus2)``. D1 has one school per PSU. D4 keeps the 7,846 rows with HI_CHOL (15 strata, 31 PSUs: 2 in each
but one, 3 there). yr.rnd+awards (D1) is the one 2×2 table of these data without an empty cell, so the one with
risk estimates.

The reference values were computed, from the repository's root and on the data as read back from tests/data/, by
the script below: ``svychisq`` for ``SVYCHISQ``, and for ``JACKKNIFE`` each statistic written as an R function of
the matrix of weighted counts (rows = the row variable), as SPSS CROSSTABS and pandas_agree define it, evaluated
by ``withReplicates`` on the delete-one-PSU jackknife of the design. Its output is pasted below as it is::

    suppressMessages(library(survey))
    dat <- "tests/data/"
    read <- function(name) read.csv(gzfile(paste0(dat, name, ".csv.gz")), stringsAsFactors = TRUE)
    apistrat <- read("apistrat"); apiclus1 <- read("apiclus1"); apiclus2 <- read("apiclus2")
    nhanes_complete <- read("nhanes_survey")
    for (v in c("apistrat", "apiclus1", "apiclus2")) {
      d <- get(v); d$api_band <- factor(d$api_band, levels = c("low", "mid", "high", "top")); assign(v, d)
    }
    designs <- list(
      D1 = svydesign(id = ~1, strata = ~stype, weights = ~pw, fpc = ~fpc, data = apistrat),
      D1nofpc = svydesign(id = ~1, strata = ~stype, weights = ~pw, data = apistrat),
      D2 = svydesign(id = ~dnum, weights = ~pw, fpc = ~fpc, data = apiclus1),
      D3 = svydesign(id = ~dnum + snum, weights = ~pw, data = apiclus2),
      D4 = svydesign(id = ~SDMVPSU, strata = ~SDMVSTRA, weights = ~WTMEC2YR, nest = TRUE, data = nhanes_complete))
    # the replicate designs: the delete-one-PSU jackknife within strata (JKn), the variance centred at the
    # full-sample estimate (mse = TRUE). R's JKn refuses a design of one stratum; there JK1 is the same jackknife
    # (weights n/(n - 1) without the PSU, scale (1 - f)(n - 1)/n). D3's from its first stage only (id = ~dnum).
    replicated <- list(
      D1 = as.svrepdesign(designs$D1, type = "JKn", mse = TRUE),
      D1nofpc = as.svrepdesign(designs$D1nofpc, type = "JKn", mse = TRUE),
      D2 = as.svrepdesign(designs$D2, type = "JK1", mse = TRUE),
      D3 = as.svrepdesign(svydesign(id = ~dnum, weights = ~pw, data = apiclus2), type = "JK1", mse = TRUE),
      D4 = as.svrepdesign(designs$D4, type = "JKn", mse = TRUE))
    tables <- list(
      D1 = c("sch.wide+awards", "stype+awards", "api_band+stype", "yr.rnd+awards"),
      D1nofpc = c("stype+awards"),
      D2 = c("stype+awards", "sch.wide+awards", "api_band+awards"),
      D3 = c("stype+awards", "sch.wide+awards"),
      D4 = c("race+HI_CHOL", "agecat+RIAGENDR"))

    # --- the statistics, as SPSS CROSSTABS defines them, of a matrix t of (weighted) counts, rows = row variable --
    used <- function(t) t[rowSums(t) > 0, colSums(t) > 0, drop = FALSE]   # the rows and columns with objects
    X2 <- function(t) { t <- used(t); e <- outer(rowSums(t), colSums(t)) / sum(t); sum((t - e)^2 / e) }
    PHI <- function(t) { u <- used(t)
      if (all(dim(u) == 2)) (u[1,1]*u[2,2] - u[1,2]*u[2,1]) / sqrt(prod(rowSums(u)) * prod(colSums(u)))
      else sqrt(X2(t) / sum(t)) }
    CC <- function(t) sqrt(X2(t) / (X2(t) + sum(t)))
    CRAMERV <- function(t) sqrt(X2(t) / (sum(t) * (min(dim(used(t))) - 1)))
    # lambda's numerators as sums of non-negative terms, so that a lambda of 0 is exactly 0:
    # Σ_j max_i f_ij − max_i r_i = Σ_j (max_i f_ij − f_{i*j}), i* the modal row
    gain_rows <- function(t) sum(apply(t, 2, max) - t[which.max(rowSums(t)), ])   # predicting the rows from the columns
    gain_cols <- function(t) sum(apply(t, 1, max) - t[, which.max(colSums(t))])
    LAMBDA <- function(t) { t <- used(t)
      (gain_rows(t) + gain_cols(t)) / (2 * sum(t) - max(colSums(t)) - max(rowSums(t))) }
    LAMBDA_R <- function(t) { t <- used(t); gain_rows(t) / (sum(t) - max(rowSums(t))) }   # rows dependent
    LAMBDA_C <- function(t) { t <- used(t); gain_cols(t) / (sum(t) - max(colSums(t))) }   # columns dependent
    GKTAU_R <- function(t) { p <- used(t) / sum(t); A <- sum(sweep(p^2, 2, colSums(p), "/")); B <- sum(rowSums(p)^2)
      (A - B) / (1 - B) }
    GKTAU_C <- function(t) GKTAU_R(t(t))
    H <- function(p) -sum(ifelse(p > 0, p * log(p), 0))
    entropies <- function(t) { p <- used(t) / sum(t); c(x = H(rowSums(p)), y = H(colSums(p)), xy = H(p)) }
    UC <- function(t) { u <- entropies(t); 2 * (u[["x"]] + u[["y"]] - u[["xy"]]) / (u[["x"]] + u[["y"]]) }
    UC_R <- function(t) { u <- entropies(t); (u[["x"]] + u[["y"]] - u[["xy"]]) / u[["x"]] }
    UC_C <- function(t) { u <- entropies(t); (u[["x"]] + u[["y"]] - u[["xy"]]) / u[["y"]] }
    PQ <- function(t) { t <- used(t); I <- nrow(t); J <- ncol(t); P <- 0; Q <- 0
      for (i in 1:I) for (j in 1:J) {
        P <- P + t[i, j] * sum(t[row(t) > i & col(t) > j])
        Q <- Q + t[i, j] * sum(t[row(t) > i & col(t) < j]) }
      W <- sum(t); c(P = 2 * P, Q = 2 * Q, Dr = W^2 - sum(rowSums(t)^2), Dc = W^2 - sum(colSums(t)^2), W = W,
                     q = min(I, J)) }
    TAU_B <- function(t) { s <- PQ(t); (s[["P"]] - s[["Q"]]) / sqrt(s[["Dr"]] * s[["Dc"]]) }
    TAU_C <- function(t) { s <- PQ(t); s[["q"]] * (s[["P"]] - s[["Q"]]) / (s[["W"]]^2 * (s[["q"]] - 1)) }
    GAMMA <- function(t) { s <- PQ(t); (s[["P"]] - s[["Q"]]) / (s[["P"]] + s[["Q"]]) }
    SOMERS_D <- function(t) { s <- PQ(t); (s[["P"]] - s[["Q"]]) / ((s[["Dr"]] + s[["Dc"]]) / 2) }
    SOMERS_D_R <- function(t) { s <- PQ(t); (s[["P"]] - s[["Q"]]) / s[["Dc"]] }   # rows dependent
    SOMERS_D_C <- function(t) { s <- PQ(t); (s[["P"]] - s[["Q"]]) / s[["Dr"]] }   # columns dependent
    wcor <- function(t, x, y) { p <- t / sum(t); x <- x - sum(rowSums(p) * x); y <- y - sum(colSums(p) * y)
      sum(p * outer(x, y)) / sqrt(sum(rowSums(p) * x^2) * sum(colSums(p) * y^2)) }
    midranks <- function(n) cumsum(n) - n / 2
    SPEARMAN <- function(t) wcor(t, midranks(rowSums(t)), midranks(colSums(t)))
    # the scores 1..I and 1..J of the full sample's categories, fixed (as the full-sample table numbers them)
    PEARSON <- function(t) wcor(t, seq_len(nrow(t)), seq_len(ncol(t)))
    eta <- function(t, x) { p <- t / sum(t); x <- x - sum(rowSums(p) * x); g <- colSums(p)
      m <- ifelse(g > 0, colSums(p * x) / g, 0); sqrt(sum(g * m^2) / sum(rowSums(p) * x^2)) }
    ETA_R <- function(t) eta(t, seq_len(nrow(t)))          # the row scores over the columns
    ETA_C <- function(t) eta(t(t), seq_len(ncol(t)))       # the column scores over the rows
    KAPPA <- function(t) { p <- t / sum(t); po <- sum(diag(p)); pe <- sum(rowSums(p) * colSums(p))
      (po - pe) / (1 - pe) }
    # the risk estimates as SPSS gives them: none (NaN) when a cell of the 2×2 table is empty
    risk <- function(f) function(t) if (any(t == 0)) NaN else f(t)
    ODDSRATIO <- risk(function(t) t[1,1] * t[2,2] / (t[1,2] * t[2,1]))
    RELRISK1 <- risk(function(t) (t[1,1] / sum(t[1,])) / (t[2,1] / sum(t[2,])))
    RELRISK2 <- risk(function(t) (t[1,2] / sum(t[1,])) / (t[2,2] / sum(t[2,])))

    codes <- c("PHI", "CC", "CRAMERV", "LAMBDA", "LAMBDA_R", "LAMBDA_C", "GKTAU_R", "GKTAU_C", "UC", "UC_R", "UC_C",
               "TAU_B", "TAU_C", "GAMMA", "SOMERS_D", "SOMERS_D_R", "SOMERS_D_C", "SPEARMAN", "PEARSON", "ETA_R",
               "ETA_C")
    two_by_two <- c("KAPPA", "ODDSRATIO", "RELRISK1", "RELRISK2")
    g <- function(x) sprintf("%.17g", x)
    cat("CHISQ\n")
    for (dn in names(tables)) for (tn in tables[[dn]]) {
      f <- as.formula(paste0("~", tn)); des <- designs[[dn]]
      x2 <- suppressWarnings(chisq.test(svytable(f, des, Ntotal = nrow(des$variables)), correct = FALSE))$statistic
      for (s in c("F", "Chisq", "Wald", "adjWald")) {
        r <- svychisq(f, des, statistic = s)
        par <- paste(sprintf("\"%s\": %s", names(r$parameter), g(r$parameter)), collapse = ", ")
        extra <- if (s == "F") sprintf(", \"X2\": %s, \"trace\": %s, \"d0\": %s", g(x2), g(x2 / r$statistic),
                                       g(r$parameter[["ndf"]])) else ""
        cat(sprintf("(\"%s\", \"%s\", \"%s\"): {\"statistic\": %s, %s, \"p.value\": %s%s},\n", dn, tn, s,
                    g(r$statistic), par, g(r$p.value), extra))
      }
    }
    cat("JK\n")
    for (dn in names(tables)) for (tn in tables[[dn]]) {
      vars <- strsplit(tn, "+", fixed = TRUE)[[1]]
      rep <- replicated[[dn]]
      fx <- as.formula(sprintf("w ~ %s + %s", vars[1], vars[2]))
      full <- xtabs(as.formula(sprintf("~ %s + %s", vars[1], vars[2])), rep$variables)
      these <- c(codes, if (all(dim(full) == 2)) two_by_two)
      for (code in these) {
        stat <- get(code)
        f <- function(w, data) stat(unclass(xtabs(fx, data.frame(data, w = w))))
        if (is.nan(f(weights(rep, "sampling"), rep$variables))) {   # no value: withReplicates() stops on NaN
          cat(sprintf("(\"%s\", \"%s\", \"%s\"): (nan, nan),\n", dn, tn, code)); next }
        res <- withReplicates(rep, f)
        cat(sprintf("(\"%s\", \"%s\", \"%s\"): (%s, %s),\n", dn, tn, code, g(coef(res)), g(SE(res))))
      }
    }
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd

nan = float("nan")

DATA = Path(__file__).parent / "data"

LEVELS = {"stype": ["E", "H", "M"], "awards": ["No", "Yes"], "sch.wide": ["No", "Yes"], "yr.rnd": ["No", "Yes"],
          "both": ["No", "Yes"], "api_band": ["low", "mid", "high", "top"],
          "agecat": ["(0,19]", "(19,39]", "(39,59]", "(59,Inf]"]}
"""R's factor levels, in R's order (the order of its tables' rows and columns); the numeric codes of the NHANES
data (race, HI_CHOL, RIAGENDR) are numbers, in numeric order on both sides."""


def load(name: str) -> pd.DataFrame:
    """The data set ``name`` of tests/data/ (apistrat, apiclus1, apiclus2, nhanes_survey), its factors ordered
    categoricals in R's level order."""
    frame = pd.read_csv(DATA / f"{name}.csv.gz")
    for col, levels in LEVELS.items():
        if col in frame:
            frame[col] = pd.Categorical(frame[col], categories=levels, ordered=True)
    return frame


DESIGNS = {
    # svydesign(id = ~1, strata = ~stype, weights = ~pw, fpc = ~fpc, data = apistrat)
    "D1": ("apistrat", {"weights": "pw", "strata": "stype", "fpc": "fpc"}),
    # svydesign(id = ~1, strata = ~stype, weights = ~pw, data = apistrat)
    "D1nofpc": ("apistrat", {"weights": "pw", "strata": "stype"}),
    # svydesign(id = ~dnum, weights = ~pw, fpc = ~fpc, data = apiclus1)
    "D2": ("apiclus1", {"weights": "pw", "cluster": "dnum", "fpc": "fpc"}),
    # svydesign(id = ~dnum + snum, weights = ~pw, data = apiclus2)
    "D3": ("apiclus2", {"weights": "pw", "cluster": "dnum"}),
    # svydesign(id = ~SDMVPSU, strata = ~SDMVSTRA, weights = ~WTMEC2YR, nest = TRUE, data = nhanes_complete)
    "D4": ("nhanes_survey", {"weights": "WTMEC2YR", "strata": "SDMVSTRA", "cluster": "SDMVPSU"}),
}
"""Each design: its data set (:func:`load`) and the arguments of ``pa.crosstabs`` that give it."""

TABLES = {
    "D1": ("sch.wide+awards", "stype+awards", "api_band+stype", "yr.rnd+awards"),
    "D1nofpc": ("stype+awards",),
    "D2": ("stype+awards", "sch.wide+awards", "api_band+awards"),
    "D3": ("stype+awards", "sch.wide+awards"),
    "D4": ("race+HI_CHOL", "agecat+RIAGENDR"),
}
"""The tables of each design, "row+col" (as R's formula ``~row + col``)."""

# svychisq(~row + col, design, statistic = s) for s in "F", "Chisq", "Wald", "adjWald": the statistic, its
# parameter(s) and p.value. "F" is Rao and Scott's second-order correction F = X²/tr(Δ) on d0 and d0·ν degrees
# of freedom (ν = PSUs − strata), with X² = chisq.test(svytable(~row + col, design, Ntotal = nrow(design$variables)),
# correct = FALSE)$statistic ("X2"), "trace" = tr(Δ) = X²/F and "d0" = ndf. "Chisq" is as R returns it: its
# statistic is the unadjusted X², and its p-value that of X²/mean(δ) on (I − 1)(J − 1) df. "Wald" is the Wald
# statistic over (I − 1)(J − 1) on ν denominator df; "adjWald" (ν − d + 1)/(dν) times the Wald χ², d = (I − 1)(J − 1),
# on ν − d + 1 df. The designs D1 ... D4 are those of DESIGNS (the R call beside each).
SVYCHISQ = {
    # svychisq(~sch.wide + awards, D1, statistic = s)
    ("D1", "sch.wide+awards", "F"): {
        "statistic": 77.27689903820206, "ndf": 1, "ddf": 197, "p.value": 7.3639728585077741e-16,
        "X2": 73.546145209659954, "trace": 0.95172226273342309, "d0": 1},
    ("D1", "sch.wide+awards", "Chisq"): {
        "statistic": 73.546145209659954, "df": 1, "p.value": 1.4859390398337182e-18},
    ("D1", "sch.wide+awards", "Wald"): {
        "statistic": 67.821128210019765, "ndf": 1, "ddf": 197, "p.value": 2.4429436126398429e-14},
    ("D1", "sch.wide+awards", "adjWald"): {
        "statistic": 67.821128210019765, "ndf": 1, "ddf": 197, "p.value": 2.4429436126398429e-14},
    # svychisq(~stype + awards, D1, statistic = s)
    ("D1", "stype+awards", "F"): {
        "statistic": 14.169408118007796, "ndf": 1.8851358850346136, "ddf": 371.3717693518189,
        "p.value": 2.0821086764284298e-06, "X2": 19.479656420958865, "trace": 1.3747685336413109,
        "d0": 1.8851358850346136},
    ("D1", "stype+awards", "Chisq"): {
        "statistic": 19.479656420958865, "df": 2, "p.value": 7.0194687107934718e-07},
    ("D1", "stype+awards", "Wald"): {
        "statistic": 14.944370173718392, "ndf": 2, "ddf": 197, "p.value": 9.0645926958955227e-07},
    ("D1", "stype+awards", "adjWald"): {
        "statistic": 14.868510426643677, "ndf": 2, "ddf": 196, "p.value": 9.7279572498951678e-07},
    # svychisq(~api_band + stype, D1, statistic = s)
    ("D1", "api_band+stype", "F"): {
        "statistic": 2.3805086474024764, "ndf": 5.6968388565403618, "ddf": 1122.2772547384513,
        "p.value": 0.029868709541182214, "X2": 9.377454273826519, "trace": 3.939264948295337,
        "d0": 5.6968388565403618},
    ("D1", "api_band+stype", "Chisq"): {
        "statistic": 9.377454273826519, "df": 6, "p.value": 0.026629276529010766},
    ("D1", "api_band+stype", "Wald"): {
        "statistic": 2.644292806061292, "ndf": 6, "ddf": 197, "p.value": 0.017279144149772389},
    ("D1", "api_band+stype", "adjWald"): {
        "statistic": 2.5771787754505993, "ndf": 6, "ddf": 192, "p.value": 0.020060712762817363},
    # svychisq(~yr.rnd + awards, D1, statistic = s)
    ("D1", "yr.rnd+awards", "F"): {
        "statistic": 2.9767818361138603, "ndf": 1, "ddf": 197, "p.value": 0.086035241741433593,
        "X2": 3.7024773573924148, "trace": 1.2437852557666564, "d0": 1},
    ("D1", "yr.rnd+awards", "Chisq"): {
        "statistic": 3.7024773573924148, "df": 1, "p.value": 0.08446706704844413},
    ("D1", "yr.rnd+awards", "Wald"): {
        "statistic": 3.5479010050837498, "ndf": 1, "ddf": 197, "p.value": 0.061094114376912839},
    ("D1", "yr.rnd+awards", "adjWald"): {
        "statistic": 3.5479010050837503, "ndf": 1, "ddf": 197, "p.value": 0.061094114376912839},
    # svychisq(~stype + awards, D1nofpc, statistic = s)
    ("D1nofpc", "stype+awards", "F"): {
        "statistic": 13.522307441919255, "ndf": 1.894906553454683, "ddf": 373.29659103057253,
        "p.value": 3.5155835066949591e-06, "X2": 19.479656420958865, "trace": 1.4405571315862693,
        "d0": 1.894906553454683},
    ("D1nofpc", "stype+awards", "Chisq"): {
        "statistic": 19.479656420958865, "df": 2, "p.value": 1.3407150835224606e-06},
    ("D1nofpc", "stype+awards", "Wald"): {
        "statistic": 14.239113163687104, "ndf": 2, "ddf": 197, "p.value": 1.6754026705172648e-06},
    ("D1nofpc", "stype+awards", "adjWald"): {
        "statistic": 14.166833401434886, "ndf": 2, "ddf": 196, "p.value": 1.7924142798972374e-06},
    # svychisq(~stype + awards, D2, statistic = s)
    ("D2", "stype+awards", "F"): {
        "statistic": 5.0258756379809002, "ndf": 1.7120028343205649, "ddf": 23.968039680487909,
        "p.value": 0.018786895086421659, "X2": 12.36615006220195, "trace": 2.4604966284382512,
        "d0": 1.7120028343205649},
    ("D2", "stype+awards", "Chisq"): {
        "statistic": 12.36615006220195, "df": 2, "p.value": 0.0065658346828199677},
    ("D2", "stype+awards", "Wald"): {
        "statistic": 4.0717719661078098, "ndf": 2, "ddf": 14, "p.value": 0.040380003540051369},
    ("D2", "stype+awards", "adjWald"): {
        "statistic": 3.7809311113858231, "ndf": 2, "ddf": 13, "p.value": 0.05078388234578457},
    # svychisq(~sch.wide + awards, D2, statistic = s)
    ("D2", "sch.wide+awards", "F"): {
        "statistic": 192.5197436759214, "ndf": 1, "ddf": 14, "p.value": 1.4209570188054623e-09,
        "X2": 64.524764150943398, "trace": 0.33515920455182674, "d0": 1},
    ("D2", "sch.wide+awards", "Chisq"): {
        "statistic": 64.524764150943398, "df": 1, "p.value": 8.9607421807116534e-44},
    ("D2", "sch.wide+awards", "Wald"): {
        "statistic": 18.767989448145766, "ndf": 1, "ddf": 14, "p.value": 0.00068927149345039229},
    ("D2", "sch.wide+awards", "adjWald"): {
        "statistic": 18.767989448145766, "ndf": 1, "ddf": 14, "p.value": 0.00068927149345039229},
    # svychisq(~api_band + awards, D2, statistic = s)
    ("D2", "api_band+awards", "F"): {
        "statistic": 1.2248819948139573, "ndf": 2.3094643428523725, "ddf": 32.332500799933214,
        "p.value": 0.31111975072598669, "X2": 4.4339246366840692, "trace": 3.6198790213726029,
        "d0": 2.3094643428523725},
    ("D2", "api_band+awards", "Chisq"): {
        "statistic": 4.4339246366840692, "df": 3, "p.value": 0.29880744953423199},
    ("D2", "api_band+awards", "Wald"): {
        "statistic": 1.6513690584772347, "ndf": 3, "ddf": 14, "p.value": 0.22279814928135105},
    ("D2", "api_band+awards", "adjWald"): {
        "statistic": 1.4154591929804869, "ndf": 3, "ddf": 12, "p.value": 0.2864332441954564},
    # svychisq(~stype + awards, D3, statistic = s)
    ("D3", "stype+awards", "F"): {
        "statistic": 10.073145159857035, "ndf": 1.8247117642740744, "ddf": 71.163758806688904,
        "p.value": 0.00022130383725474693, "X2": 29.710225639915304, "trace": 2.9494487737866546,
        "d0": 1.8247117642740744},
    ("D3", "stype+awards", "Chisq"): {
        "statistic": 29.710225639915304, "df": 2, "p.value": 4.2197686535570577e-05},
    ("D3", "stype+awards", "Wald"): {
        "statistic": 2.3690286467239776, "ndf": 2, "ddf": 39, "p.value": 0.10690543839703132},
    ("D3", "stype+awards", "adjWald"): {
        "statistic": 2.3082843224490039, "ndf": 2, "ddf": 38, "p.value": 0.11321324532014797},
    # svychisq(~sch.wide + awards, D3, statistic = s)
    ("D3", "sch.wide+awards", "F"): {
        "statistic": 37.486753865242612, "ndf": 1, "ddf": 39, "p.value": 3.4985003028621199e-07,
        "X2": 74.105756224032973, "trace": 1.9768517831772885, "d0": 1},
    ("D3", "sch.wide+awards", "Chisq"): {
        "statistic": 74.105756224032973, "df": 1, "p.value": 9.2035914357755564e-10},
    ("D3", "sch.wide+awards", "Wald"): {
        "statistic": 8.4324748151723981, "ndf": 1, "ddf": 39, "p.value": 0.0060396614909939599},
    ("D3", "sch.wide+awards", "adjWald"): {
        "statistic": 8.4324748151723981, "ndf": 1, "ddf": 39, "p.value": 0.0060396614909939599},
    # svychisq(~race + HI_CHOL, D4, statistic = s)
    ("D4", "race+HI_CHOL", "F"): {
        "statistic": 3.1513386217122852, "ndf": 1.9229766794436722, "ddf": 30.767626871098756,
        "p.value": 0.058674743685451523, "X2": 16.97284884114212, "trace": 5.385917185859225,
        "d0": 1.9229766794436722},
    ("D4", "race+HI_CHOL", "Chisq"): {
        "statistic": 16.97284884114212, "df": 3, "p.value": 0.023825619928760325},
    ("D4", "race+HI_CHOL", "Wald"): {
        "statistic": 5.8601857982491339, "ndf": 3, "ddf": 16, "p.value": 0.0067273771268103891},
    ("D4", "race+HI_CHOL", "adjWald"): {
        "statistic": 5.1276625734679921, "ndf": 3, "ddf": 14, "p.value": 0.013362672843578996},
    # svychisq(~agecat + RIAGENDR, D4, statistic = s)
    ("D4", "agecat+RIAGENDR", "F"): {
        "statistic": 5.5798647262222216, "ndf": 2.6029764912533127, "ddf": 41.647623860053002,
        "p.value": 0.0038158674495712103, "X2": 12.968468553794024, "trace": 2.3241546507121447,
        "d0": 2.6029764912533127},
    ("D4", "agecat+RIAGENDR", "Chisq"): {
        "statistic": 12.968468553794024, "df": 3, "p.value": 0.00079945847605369155},
    ("D4", "agecat+RIAGENDR", "Wald"): {
        "statistic": 9.1865116798106925, "ndf": 3, "ddf": 16, "p.value": 0.00090751960913844712},
    ("D4", "agecat+RIAGENDR", "adjWald"): {
        "statistic": 8.0381977198343559, "ndf": 3, "ddf": 14, "p.value": 0.0023339770084173212},
}

# rep_D1 <- as.svrepdesign(svydesign(id = ~1, strata = ~stype, weights = ~pw, fpc = ~fpc, data = apistrat),
#     type = "JKn", mse = TRUE)
# rep_D1nofpc <- as.svrepdesign(svydesign(id = ~1, strata = ~stype, weights = ~pw, data = apistrat),
#     type = "JKn", mse = TRUE)
# rep_D2 <- as.svrepdesign(svydesign(id = ~dnum, weights = ~pw, fpc = ~fpc, data = apiclus1),
#     type = "JK1", mse = TRUE)
# rep_D3 <- as.svrepdesign(svydesign(id = ~dnum, weights = ~pw, data = apiclus2), type = "JK1", mse = TRUE)
# rep_D4 <- as.svrepdesign(svydesign(id = ~SDMVPSU, strata = ~SDMVSTRA, weights = ~WTMEC2YR, nest = TRUE,
#     data = nhanes_complete),
#     type = "JKn", mse = TRUE)
JACKKNIFE = {
    # D1 sch.wide+awards: withReplicates(rep_D1, function(w, data) STAT(xtabs(w ~ sch.wide + awards, data)))
    ("D1", "sch.wide+awards", "PHI"): (0.60640805242699403, 0.047535096505831313),
    ("D1", "sch.wide+awards", "CC"): (0.51851897981589623, 0.029651191280327237),
    ("D1", "sch.wide+awards", "CRAMERV"): (0.60640805242699392, 0.047535096505831112),
    ("D1", "sch.wide+awards", "LAMBDA"): (0.32272903634363931, 0.026750600577618553),
    ("D1", "sch.wide+awards", "LAMBDA_R"): (0, 0),
    ("D1", "sch.wide+awards", "LAMBDA_C"): (0.47651391195236326, 0.058312445531261338),
    ("D1", "sch.wide+awards", "GKTAU_R"): (0.36773072604829948, 0.057812876583121647),
    ("D1", "sch.wide+awards", "GKTAU_C"): (0.36773072604829965, 0.057812876583120974),
    ("D1", "sch.wide+awards", "UC"): (0.37596460588092689, 0.048153307074165104),
    ("D1", "sch.wide+awards", "UC_R"): (0.45576484855936661, 0.043777580132309708),
    ("D1", "sch.wide+awards", "UC_C"): (0.31994514666176704, 0.049146681031751918),
    ("D1", "sch.wide+awards", "TAU_B"): (0.60640805242699392, 0.047535096505831355),
    ("D1", "sch.wide+awards", "TAU_C"): (0.43972088159219497, 0.053735110095625843),
    ("D1", "sch.wide+awards", "GAMMA"): (1, 0),
    ("D1", "sch.wide+awards", "SOMERS_D"): (0.58920617414809995, 0.052103503243592385),
    ("D1", "sch.wide+awards", "SOMERS_D_R"): (0.4765139119523632, 0.058312445531261387),
    ("D1", "sch.wide+awards", "SOMERS_D_C"): (0.77171036736711596, 0.035099473127052687),
    ("D1", "sch.wide+awards", "SPEARMAN"): (0.60640805242699392, 0.047535096505831181),
    ("D1", "sch.wide+awards", "PEARSON"): (0.60640805242699392, 0.047535096505831327),
    ("D1", "sch.wide+awards", "ETA_R"): (0.6064080524269938, 0.047535096505831216),
    ("D1", "sch.wide+awards", "ETA_C"): (0.60640805242699392, 0.047535096505831126),
    ("D1", "sch.wide+awards", "KAPPA"): (0.53772386485863577, 0.061621441464091341),
    ("D1", "sch.wide+awards", "ODDSRATIO"): (nan, nan),
    ("D1", "sch.wide+awards", "RELRISK1"): (nan, nan),
    ("D1", "sch.wide+awards", "RELRISK2"): (nan, nan),
    # D1 stype+awards: withReplicates(rep_D1, function(w, data) STAT(xtabs(w ~ stype + awards, data)))
    ("D1", "stype+awards", "PHI"): (0.31208697842876165, 0.061333013596164519),
    ("D1", "stype+awards", "CC"): (0.29791578201167507, 0.05326095093097423),
    ("D1", "stype+awards", "CRAMERV"): (0.31208697842876165, 0.061333013596164519),
    ("D1", "stype+awards", "LAMBDA"): (0.077946242707963978, 0.041344079629529767),
    ("D1", "stype+awards", "LAMBDA_R"): (0, 0),
    ("D1", "stype+awards", "LAMBDA_C"): (0.13974057203285786, 0.072452541186262223),
    ("D1", "stype+awards", "GKTAU_R"): (0.062006803394961604, 0.025934607835234692),
    ("D1", "stype+awards", "GKTAU_C"): (0.09739828210479419, 0.038526939017381953),
    ("D1", "stype+awards", "UC"): (0.065639913899884023, 0.026172273400577425),
    ("D1", "stype+awards", "UC_R"): (0.059854041149491277, 0.023506215591035044),
    ("D1", "stype+awards", "UC_C"): (0.072664087279831494, 0.029544277599282912),
    ("D1", "stype+awards", "TAU_B"): (-0.27161668797177396, 0.062784207327664446),
    ("D1", "stype+awards", "TAU_C"): (-0.24716813681802297, 0.055307966304270997),
    ("D1", "stype+awards", "GAMMA"): (-0.51360815721320685, 0.097720489771253416),
    ("D1", "stype+awards", "SOMERS_D"): (-0.27159019982441224, 0.062805280720251586),
    ("D1", "stype+awards", "SOMERS_D_R"): (-0.26784958530662517, 0.064345287630429654),
    ("D1", "stype+awards", "SOMERS_D_C"): (-0.27543677209841549, 0.061633541872722158),
    ("D1", "stype+awards", "SPEARMAN"): (-0.28070975224897182, 0.064886069466866036),
    ("D1", "stype+awards", "PEARSON"): (-0.24990608260168456, 0.065036849780718595),
    ("D1", "stype+awards", "ETA_R"): (0.24990608260168456, 0.065036849780718678),
    ("D1", "stype+awards", "ETA_C"): (0.3120869784287616, 0.061333013596164013),
    # D1 api_band+stype: withReplicates(rep_D1, function(w, data) STAT(xtabs(w ~ api_band + stype, data)))
    ("D1", "api_band+stype", "PHI"): (0.21653468860469585, 0.056976249432607158),
    ("D1", "api_band+stype", "CC"): (0.21163014037506123, 0.05314894831251251),
    ("D1", "api_band+stype", "CRAMERV"): (0.15311314667449785, 0.040288292340372733),
    ("D1", "api_band+stype", "LAMBDA"): (0.0068690844147049962, 0.020752889888978648),
    ("D1", "api_band+stype", "LAMBDA_R"): (0.009800217457053402, 0.029561030584452048),
    ("D1", "api_band+stype", "LAMBDA_C"): (0, 0),
    ("D1", "api_band+stype", "GKTAU_R"): (0.01373563284785544, 0.0077970104546073718),
    ("D1", "api_band+stype", "GKTAU_C"): (0.030137156471223447, 0.016582188840502009),
    ("D1", "api_band+stype", "UC"): (0.02392506097023591, 0.012943395690264863),
    ("D1", "api_band+stype", "UC_R"): (0.018983709169642711, 0.010238275142665626),
    ("D1", "api_band+stype", "UC_C"): (0.032344027956872239, 0.017593775060357614),
    ("D1", "api_band+stype", "TAU_B"): (-0.13614620322304563, 0.055026166818117783),
    ("D1", "api_band+stype", "TAU_C"): (-0.11721033132367047, 0.04773330252384652),
    ("D1", "api_band+stype", "GAMMA"): (-0.23843414558548814, 0.095484408844275823),
    ("D1", "api_band+stype", "SOMERS_D"): (-0.13212131075533756, 0.053302760804660905),
    ("D1", "api_band+stype", "SOMERS_D_R"): (-0.17415424567256768, 0.070923417762084065),
    ("D1", "api_band+stype", "SOMERS_D_C"): (-0.1064331712412025, 0.042697180254426932),
    ("D1", "api_band+stype", "SPEARMAN"): (-0.15323842635421991, 0.062192694778175801),
    ("D1", "api_band+stype", "PEARSON"): (-0.15229757982271769, 0.059038880224175916),
    ("D1", "api_band+stype", "ETA_R"): (0.16439889943155458, 0.059023201049674012),
    ("D1", "api_band+stype", "ETA_C"): (0.19722481048997934, 0.060149886362280774),
    # D1 yr.rnd+awards: withReplicates(rep_D1, function(w, data) STAT(xtabs(w ~ yr.rnd + awards, data)))
    ("D1", "yr.rnd+awards", "PHI"): (0.13606023220236727, 0.070167045088219027),
    ("D1", "yr.rnd+awards", "CC"): (0.13481805279603715, 0.068096355879079029),
    ("D1", "yr.rnd+awards", "CRAMERV"): (0.13606023220236727, 0.070167045088219165),
    ("D1", "yr.rnd+awards", "LAMBDA"): (0, 0),
    ("D1", "yr.rnd+awards", "LAMBDA_R"): (0, 0),
    ("D1", "yr.rnd+awards", "LAMBDA_C"): (0, 0),
    ("D1", "yr.rnd+awards", "GKTAU_R"): (0.018512386786961592, 0.019920692921498288),
    ("D1", "yr.rnd+awards", "GKTAU_C"): (0.018512386786961873, 0.019920692921497684),
    ("D1", "yr.rnd+awards", "UC"): (0.019042853948402789, 0.022238372515570929),
    ("D1", "yr.rnd+awards", "UC_R"): (0.02507496718024289, 0.029499073779400628),
    ("D1", "yr.rnd+awards", "UC_C"): (0.015350168882737146, 0.017886239403906143),
    ("D1", "yr.rnd+awards", "TAU_B"): (0.13606023220236721, 0.070167045088218902),
    ("D1", "yr.rnd+awards", "TAU_C"): (0.090017465406487349, 0.048088388935069948),
    ("D1", "yr.rnd+awards", "GAMMA"): (0.4395949686775571, 0.23959080103252445),
    ("D1", "yr.rnd+awards", "SOMERS_D"): (0.12886082356538825, 0.067106065092204514),
    ("D1", "yr.rnd+awards", "SOMERS_D_R"): (0.097549551046027, 0.052217007407331435),
    ("D1", "yr.rnd+awards", "SOMERS_D_C"): (0.18977418746117392, 0.096832571609207219),
    ("D1", "yr.rnd+awards", "SPEARMAN"): (0.13606023220236721, 0.070167045088219068),
    ("D1", "yr.rnd+awards", "PEARSON"): (0.13606023220236721, 0.070167045088219124),
    ("D1", "yr.rnd+awards", "ETA_R"): (0.13606023220236724, 0.070167045088219221),
    ("D1", "yr.rnd+awards", "ETA_C"): (0.13606023220236724, 0.070167045088219027),
    ("D1", "yr.rnd+awards", "KAPPA"): (0.074923146835517193, 0.040465955110523893),
    ("D1", "yr.rnd+awards", "ODDSRATIO"): (2.5688473304395627, 1.7911815804507265),
    ("D1", "yr.rnd+awards", "RELRISK1"): (1.9614593188514224, 1.0868355230420181),
    ("D1", "yr.rnd+awards", "RELRISK2"): (0.76355620499868015, 0.094532845595912338),
    # D1nofpc stype+awards: withReplicates(rep_D1nofpc, function(w, data) STAT(xtabs(w ~ stype + awards, data)))
    ("D1nofpc", "stype+awards", "PHI"): (0.31208697842876165, 0.062589085863694563),
    ("D1nofpc", "stype+awards", "CC"): (0.29791578201167507, 0.054352054632150898),
    ("D1nofpc", "stype+awards", "CRAMERV"): (0.31208697842876165, 0.062589085863694563),
    ("D1nofpc", "stype+awards", "LAMBDA"): (0.077946242707963978, 0.04251645715361925),
    ("D1nofpc", "stype+awards", "LAMBDA_R"): (0, 0),
    ("D1nofpc", "stype+awards", "LAMBDA_C"): (0.13974057203285786, 0.074481953191048),
    ("D1nofpc", "stype+awards", "GKTAU_R"): (0.062006803394961604, 0.026438077379801996),
    ("D1nofpc", "stype+awards", "GKTAU_C"): (0.09739828210479419, 0.039315031941689282),
    ("D1nofpc", "stype+awards", "UC"): (0.065639913899884023, 0.026711260387376194),
    ("D1nofpc", "stype+awards", "UC_R"): (0.059854041149491277, 0.02400477404359504),
    ("D1nofpc", "stype+awards", "UC_C"): (0.072664087279831494, 0.030131424267254854),
    ("D1nofpc", "stype+awards", "TAU_B"): (-0.27161668797177396, 0.063983881973585954),
    ("D1nofpc", "stype+awards", "TAU_C"): (-0.24716813681802297, 0.056441630724758024),
    ("D1nofpc", "stype+awards", "GAMMA"): (-0.51360815721320685, 0.099612371432000441),
    ("D1nofpc", "stype+awards", "SOMERS_D"): (-0.27159019982441224, 0.06400423548784627),
    ("D1nofpc", "stype+awards", "SOMERS_D_R"): (-0.26784958530662517, 0.065492012548154774),
    ("D1nofpc", "stype+awards", "SOMERS_D_C"): (-0.27543677209841549, 0.062896863563946706),
    ("D1nofpc", "stype+awards", "SPEARMAN"): (-0.28070975224897182, 0.066125906294089959),
    ("D1nofpc", "stype+awards", "PEARSON"): (-0.24990608260168456, 0.066300524641637992),
    ("D1nofpc", "stype+awards", "ETA_R"): (0.24990608260168456, 0.066300524641638076),
    ("D1nofpc", "stype+awards", "ETA_C"): (0.3120869784287616, 0.062589085863694036),
    # D2 stype+awards: withReplicates(rep_D2, function(w, data) STAT(xtabs(w ~ stype + awards, data)))
    ("D2", "stype+awards", "PHI"): (0.2599511309916458, 0.071362342782873386),
    ("D2", "stype+awards", "CC"): (0.25158954924483429, 0.064454379571657644),
    ("D2", "stype+awards", "CRAMERV"): (0.2599511309916458, 0.071362342782873386),
    ("D2", "stype+awards", "LAMBDA"): (0.021739130434782605, 0.045808192369628284),
    ("D2", "stype+awards", "LAMBDA_R"): (0, 0),
    ("D2", "stype+awards", "LAMBDA_C"): (0.037735849056603765, 0.077699518773436518),
    ("D2", "stype+awards", "GKTAU_R"): (0.046436020857428179, 0.029281722896784088),
    ("D2", "stype+awards", "GKTAU_C"): (0.067574590503835463, 0.037838304833950599),
    ("D2", "stype+awards", "UC"): (0.049923920886198236, 0.027127704521691592),
    ("D2", "stype+awards", "UC_R"): (0.047820692704134096, 0.026251824592470017),
    ("D2", "stype+awards", "UC_C"): (0.052220666746115807, 0.028600332032567333),
    ("D2", "stype+awards", "TAU_B"): (-0.24347348245161926, 0.08176395473265885),
    ("D2", "stype+awards", "TAU_C"): (-0.18644928185374304, 0.070872420269877084),
    ("D2", "stype+awards", "GAMMA"): (-0.51637446245451546, 0.13609038009034519),
    ("D2", "stype+awards", "SOMERS_D"): (-0.24284380833851904, 0.081638051808522641),
    ("D2", "stype+awards", "SOMERS_D_R"): (-0.22656023222060964, 0.08092322989984603),
    ("D2", "stype+awards", "SOMERS_D_C"): (-0.26164934629567554, 0.087718117259509787),
    ("D2", "stype+awards", "SPEARMAN"): (-0.24929561394040997, 0.084002003262430708),
    ("D2", "stype+awards", "PEARSON"): (-0.22925370422763458, 0.094350842546672281),
    ("D2", "stype+awards", "ETA_R"): (0.22925370422763452, 0.094350842546672337),
    ("D2", "stype+awards", "ETA_C"): (0.2599511309916458, 0.071362342782873359),
    # D2 sch.wide+awards: withReplicates(rep_D2, function(w, data) STAT(xtabs(w ~ sch.wide + awards, data)))
    ("D2", "sch.wide+awards", "PHI"): (0.593796547331358, 0.033349494458631244),
    ("D2", "sch.wide+awards", "CC"): (0.51056834495842307, 0.021250227387455786),
    ("D2", "sch.wide+awards", "CRAMERV"): (0.59379654733135789, 0.033349494458631321),
    ("D2", "sch.wide+awards", "LAMBDA"): (0.30263157894736842, 0.020742750027125809),
    ("D2", "sch.wide+awards", "LAMBDA_R"): (0, 0),
    ("D2", "sch.wide+awards", "LAMBDA_C"): (0.43396226415094341, 0.042476551474085675),
    ("D2", "sch.wide+awards", "GKTAU_R"): (0.35259433962264142, 0.039492873768775999),
    ("D2", "sch.wide+awards", "GKTAU_C"): (0.35259433962264131, 0.039492873768775437),
    ("D2", "sch.wide+awards", "UC"): (0.36714355037199137, 0.033565069701063675),
    ("D2", "sch.wide+awards", "UC_R"): (0.47575884720303169, 0.030639629238530464),
    ("D2", "sch.wide+awards", "UC_C"): (0.29890403958875794, 0.033927619559959266),
    ("D2", "sch.wide+awards", "TAU_B"): (0.59379654733135789, 0.033349494458631189),
    ("D2", "sch.wide+awards", "TAU_C"): (0.35713219266027652, 0.04551859750015351),
    ("D2", "sch.wide+awards", "GAMMA"): (1, 0),
    ("D2", "sch.wide+awards", "SOMERS_D"): (0.56575212866603597, 0.038654121149449917),
    ("D2", "sch.wide+awards", "SOMERS_D_R"): (0.43396226415094347, 0.042476551474085647),
    ("D2", "sch.wide+awards", "SOMERS_D_C"): (0.81249999999999978, 0.026057744299776125),
    ("D2", "sch.wide+awards", "SPEARMAN"): (0.59379654733135789, 0.033349494458631272),
    ("D2", "sch.wide+awards", "PEARSON"): (0.59379654733135789, 0.033349494458631314),
    ("D2", "sch.wide+awards", "ETA_R"): (0.59379654733135789, 0.033349494458631362),
    ("D2", "sch.wide+awards", "ETA_C"): (0.59379654733135778, 0.033349494458631272),
    ("D2", "sch.wide+awards", "KAPPA"): (0.52136006974716653, 0.043294476504070062),
    ("D2", "sch.wide+awards", "ODDSRATIO"): (nan, nan),
    ("D2", "sch.wide+awards", "RELRISK1"): (nan, nan),
    ("D2", "sch.wide+awards", "RELRISK2"): (nan, nan),
    # D2 api_band+awards: withReplicates(rep_D2, function(w, data) STAT(xtabs(w ~ api_band + awards, data)))
    ("D2", "api_band+awards", "PHI"): (0.15565698305994111, 0.073028463201746954),
    ("D2", "api_band+awards", "CC"): (0.15380485837403285, 0.070059035220798371),
    ("D2", "api_band+awards", "CRAMERV"): (0.15565698305994111, 0.073028463201746954),
    ("D2", "api_band+awards", "LAMBDA"): (0, 0),
    ("D2", "api_band+awards", "LAMBDA_R"): (0, 0),
    ("D2", "api_band+awards", "LAMBDA_C"): (0, 0),
    ("D2", "api_band+awards", "GKTAU_R"): (0.0051973476802284159, 0.0093620831428035279),
    ("D2", "api_band+awards", "GKTAU_C"): (0.024229096375322369, 0.024441684620313965),
    ("D2", "api_band+awards", "UC"): (0.01547601614837868, 0.018928733124799375),
    ("D2", "api_band+awards", "UC_R"): (0.011385305864736331, 0.013825105518870354),
    ("D2", "api_band+awards", "UC_C"): (0.02415475614214449, 0.030031416611461734),
    ("D2", "api_band+awards", "TAU_B"): (0.11831510897072177, 0.080718088753724285),
    ("D2", "api_band+awards", "TAU_C"): (0.1274448326316103, 0.087879534052980088),
    ("D2", "api_band+awards", "GAMMA"): (0.22187564982324798, 0.14982067266050708),
    ("D2", "api_band+awards", "SOMERS_D"): (0.11415427409864121, 0.078193881809327806),
    ("D2", "api_band+awards", "SOMERS_D_R"): (0.15486211901306235, 0.10429973602185098),
    ("D2", "api_band+awards", "SOMERS_D_C"): (0.090393087089122276, 0.062679230124935412),
    ("D2", "api_band+awards", "SPEARMAN"): (0.12771843842933991, 0.087135789042911693),
    ("D2", "api_band+awards", "PEARSON"): (0.13641579549483807, 0.083741953568107999),
    ("D2", "api_band+awards", "ETA_R"): (0.13641579549483815, 0.083741953568108027),
    ("D2", "api_band+awards", "ETA_C"): (0.15565698305994113, 0.07302846320174694),
    # D3 stype+awards: withReplicates(rep_D3, function(w, data) STAT(xtabs(w ~ stype + awards, data)))
    ("D3", "stype+awards", "PHI"): (0.48558772800249955, 0.13985418323008808),
    ("D3", "stype+awards", "CC"): (0.4368118464691027, 0.10767636490655239),
    ("D3", "stype+awards", "CRAMERV"): (0.48558772800249955, 0.13985418323008808),
    ("D3", "stype+awards", "LAMBDA"): (0.16739130434782606, 0.12019519148971405),
    ("D3", "stype+awards", "LAMBDA_R"): (0, 0.087770745147251111),
    ("D3", "stype+awards", "LAMBDA_C"): (0.31557377049180324, 0.20077353043544921),
    ("D3", "stype+awards", "GKTAU_R"): (0.14254885253483221, 0.075918843059041397),
    ("D3", "stype+awards", "GKTAU_C"): (0.23579544158662946, 0.12234586446510907),
    ("D3", "stype+awards", "UC"): (0.15901871601894033, 0.080336758082990387),
    ("D3", "stype+awards", "UC_R"): (0.14114600588830586, 0.068659003744555969),
    ("D3", "stype+awards", "UC_C"): (0.18207395599840145, 0.097237229059378663),
    ("D3", "stype+awards", "TAU_B"): (-0.39803969156843777, 0.13634812355871229),
    ("D3", "stype+awards", "TAU_C"): (-0.37595348647213406, 0.14350711001135946),
    ("D3", "stype+awards", "GAMMA"): (-0.65991701562171357, 0.17985436491014029),
    ("D3", "stype+awards", "SOMERS_D"): (-0.39792144184695133, 0.13666453610010032),
    ("D3", "stype+awards", "SOMERS_D_R"): (-0.40786251819917929, 0.13881453696898738),
    ("D3", "stype+awards", "SOMERS_D_C"): (-0.38845343466085597, 0.13638526777495627),
    ("D3", "stype+awards", "SPEARMAN"): (-0.41269659450074364, 0.1421914249110085),
    ("D3", "stype+awards", "PEARSON"): (-0.36224225787085362, 0.14581012220983597),
    ("D3", "stype+awards", "ETA_R"): (0.36224225787085368, 0.14581012220983594),
    ("D3", "stype+awards", "ETA_C"): (0.48558772800249966, 0.13985418323008819),
    # D3 sch.wide+awards: withReplicates(rep_D3, function(w, data) STAT(xtabs(w ~ sch.wide + awards, data)))
    ("D3", "sch.wide+awards", "PHI"): (0.76690346355519901, 0.093126586858692878),
    ("D3", "sch.wide+awards", "CC"): (0.60854987966873642, 0.046312941262459134),
    ("D3", "sch.wide+awards", "CRAMERV"): (0.76690346355519889, 0.093126586858692878),
    ("D3", "sch.wide+awards", "LAMBDA"): (0.6339393939393938, 0.18655853065048111),
    ("D3", "sch.wide+awards", "LAMBDA_R"): (0.55192878338278917, 0.28653634678145706),
    ("D3", "sch.wide+awards", "LAMBDA_C"): (0.69057377049180313, 0.13202136163269135),
    ("D3", "sch.wide+awards", "GKTAU_R"): (0.58814092241296001, 0.14371002994359086),
    ("D3", "sch.wide+awards", "GKTAU_C"): (0.58814092241296001, 0.14371002994359053),
    ("D3", "sch.wide+awards", "UC"): (0.55682751922174956, 0.12079620007789052),
    ("D3", "sch.wide+awards", "UC_R"): (0.60278604219093734, 0.10085356332121889),
    ("D3", "sch.wide+awards", "UC_C"): (0.51738060635903893, 0.13548311020408177),
    ("D3", "sch.wide+awards", "TAU_B"): (0.76690346355519856, 0.093126586858692545),
    ("D3", "sch.wide+awards", "TAU_C"): (0.63654688797810488, 0.14417232460569979),
    ("D3", "sch.wide+awards", "GAMMA"): (1, 0),
    ("D3", "sch.wide+awards", "SOMERS_D"): (0.76270814788517294, 0.098612964755597943),
    ("D3", "sch.wide+awards", "SOMERS_D_R"): (0.69057377049180313, 0.13202136163269118),
    ("D3", "sch.wide+awards", "SOMERS_D_C"): (0.85166994106090332, 0.054547278488909487),
    ("D3", "sch.wide+awards", "SPEARMAN"): (0.76690346355519889, 0.093126586858692906),
    ("D3", "sch.wide+awards", "PEARSON"): (0.76690346355519878, 0.093126586858692975),
    ("D3", "sch.wide+awards", "ETA_R"): (0.76690346355519878, 0.093126586858692809),
    ("D3", "sch.wide+awards", "ETA_C"): (0.76690346355519889, 0.093126586858692878),
    ("D3", "sch.wide+awards", "KAPPA"): (0.74066591208966692, 0.11287809376184929),
    ("D3", "sch.wide+awards", "ODDSRATIO"): (nan, nan),
    ("D3", "sch.wide+awards", "RELRISK1"): (nan, nan),
    ("D3", "sch.wide+awards", "RELRISK2"): (nan, nan),
    # D4 race+HI_CHOL: withReplicates(rep_D4, function(w, data) STAT(xtabs(w ~ race + HI_CHOL, data)))
    ("D4", "race+HI_CHOL", "PHI"): (0.046510736840986278, 0.012433656755387256),
    ("D4", "race+HI_CHOL", "CC"): (0.04646051117012992, 0.012392513655891273),
    ("D4", "race+HI_CHOL", "CRAMERV"): (0.046510736840986278, 0.012433656755387256),
    ("D4", "race+HI_CHOL", "LAMBDA"): (0, 0),
    ("D4", "race+HI_CHOL", "LAMBDA_R"): (0, 0),
    ("D4", "race+HI_CHOL", "LAMBDA_C"): (0, 0),
    ("D4", "race+HI_CHOL", "GKTAU_R"): (0.0011136940170429711, 0.00061627510828532169),
    ("D4", "race+HI_CHOL", "GKTAU_C"): (0.0021632486414917967, 0.001169130189629168),
    ("D4", "race+HI_CHOL", "UC"): (0.0017024821188557134, 0.00094045455215130023),
    ("D4", "race+HI_CHOL", "UC_R"): (0.0011518375125615053, 0.00063712493830191314),
    ("D4", "race+HI_CHOL", "UC_C"): (0.0032618195399852739, 0.0018061591905356477),
    ("D4", "race+HI_CHOL", "TAU_B"): (-0.015405338073039176, 0.0149032915396318),
    ("D4", "race+HI_CHOL", "TAU_C"): (-0.0099058743647511514, 0.009578827081458097),
    ("D4", "race+HI_CHOL", "GAMMA"): (-0.050466061207727592, 0.049493823322520038),
    ("D4", "race+HI_CHOL", "SOMERS_D"): (-0.01379228685324483, 0.013240103507569467),
    ("D4", "race+HI_CHOL", "SOMERS_D_R"): (-0.024872404892224139, 0.0245076230668318),
    ("D4", "race+HI_CHOL", "SOMERS_D_C"): (-0.0095416764954170206, 0.0090780531905803024),
    ("D4", "race+HI_CHOL", "SPEARMAN"): (-0.01621313017388519, 0.015706580011674978),
    ("D4", "race+HI_CHOL", "PEARSON"): (-0.017029486894802159, 0.017959636499528683),
    ("D4", "race+HI_CHOL", "ETA_R"): (0.017029486894802152, 0.017959636499528697),
    ("D4", "race+HI_CHOL", "ETA_C"): (0.04651073684098625, 0.01243365675538724),
    # D4 agecat+RIAGENDR: withReplicates(rep_D4, function(w, data) STAT(xtabs(w ~ agecat + RIAGENDR, data)))
    ("D4", "agecat+RIAGENDR", "PHI"): (0.040655583143129038, 0.008443671464338021),
    ("D4", "agecat+RIAGENDR", "CC"): (0.040622025409713755, 0.0084223125250612093),
    ("D4", "agecat+RIAGENDR", "CRAMERV"): (0.040655583143129038, 0.008443671464338021),
    ("D4", "agecat+RIAGENDR", "LAMBDA"): (0.0037459504592431813, 0.0041662059152387044),
    ("D4", "agecat+RIAGENDR", "LAMBDA_R"): (0, 0),
    ("D4", "agecat+RIAGENDR", "LAMBDA_C"): (0.0090088200172738948, 0.0099879784502486923),
    ("D4", "agecat+RIAGENDR", "GKTAU_R"): (0.00045443584165137175, 0.00019311055349199011),
    ("D4", "agecat+RIAGENDR", "GKTAU_C"): (0.0016528764407079089, 0.00069398648620994346),
    ("D4", "agecat+RIAGENDR", "UC"): (0.00080585912608840266, 0.00033956627278713242),
    ("D4", "agecat+RIAGENDR", "UC_R"): (0.00060804967831471868, 0.00025656893789914164),
    ("D4", "agecat+RIAGENDR", "UC_C"): (0.0011944279129787118, 0.00050193718353137623),
    ("D4", "agecat+RIAGENDR", "TAU_B"): (0.031873754106877907, 0.0080748412648011421),
    ("D4", "agecat+RIAGENDR", "TAU_C"): (0.038701791912402736, 0.0097819597442212001),
    ("D4", "agecat+RIAGENDR", "GAMMA"): (0.052478820624765138, 0.013317382994980477),
    ("D4", "agecat+RIAGENDR", "SOMERS_D"): (0.031279740878241695, 0.0079292121725670229),
    ("D4", "agecat+RIAGENDR", "SOMERS_D_R"): (0.038720229527983464, 0.00977809332724861),
    ("D4", "agecat+RIAGENDR", "SOMERS_D_C"): (0.02623786618133267, 0.0066682992694809236),
    ("D4", "agecat+RIAGENDR", "SPEARMAN"): (0.03479847073748011, 0.0088057223669833692),
    ("D4", "agecat+RIAGENDR", "PEARSON"): (0.035397535430012124, 0.0087953660436040897),
    ("D4", "agecat+RIAGENDR", "ETA_R"): (0.035397535430012166, 0.0087953660436040741),
    ("D4", "agecat+RIAGENDR", "ETA_C"): (0.040655583143129045, 0.0084436714643380158),
}
