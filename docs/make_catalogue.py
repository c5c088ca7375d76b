"""Write docs/catalogue.md, the measure catalogue, from the registry (``pandas_agree.measures()``).

    python docs/make_catalogue.py

The page is never edited by hand: the docs build refuses a page that differs from ``render()``, and a test
compares the committed page with the registry.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd

import pandas_agree as pa

KINDS = {
    "binary": ("Class-specific measures",
               "Each is computed one class against the rest from the 2×2 table a (both say the class), b (only the "
               "reference), c (only the prediction), d (neither), N = a + b + c + d; see the {doc}`conventions"
               " <notes/conventions>` and, for averaging, {doc}`the notes <notes/statistics>`."),
    "multiclass": ("Multiclass measures",
                   "Each is one value for the whole I×J table; M is the set of the K labels present on both sides, "
                   "n_ij the cells, n_i· and n_·j the margins, Po the proportion on the matching cells."),
    "association": ("Association statistics",
                    "SPSS CROSSTABS' symmetric and directional measures and risk estimates of any two variables "
                    "(`pa.measures(\"association\")`), each one value for the whole I×J table over the rows and "
                    "columns with objects: f_ij the cells, r_i and c_j the margins, W the total, q = min(I, J). "
                    "\"level\" is the level of measurement each reads; \"significance\" is SPSS's rule for its "
                    "Approx. Sig. The delta-method SE is SPSS's ASE1; see {doc}`notes/statistics`. "
                    "`Agreement.multiclass()` takes their codes too (CRAMERV, LAMBDA and UC among its defaults)."),
    "rater": ("Coefficients of several raters",
              "Each is one value for a subjects × raters matrix of ratings ({doc}`user_guide/raters`); r_ik is the "
              "number of raters who put subject i in category k, r_i = Σ_k r_ik, r*_ik = Σ_l w_kl r_il, π_k the "
              "mean share of category k over the subjects, Pa the mean agreement of the subjects and w_kl the "
              "agreement weights (the identity unless `kappa_weights` is given). Two raters give the multiclass "
              "measures: FLEISS is SPI, CONGER and LIGHT are KAPPA, PO is OSR. The bootstrap resamples subjects."),
    "score": ("Statistics of a score",
              "Each is one value for a score against a binary reference (`df.agree.scores`, {doc}`user_guide/scores`), "
              "a function of the counts of the positive and the negative objects at each distinct score: s⁺ and s⁻ "
              "the scores of a positive and a negative object, R_k and P_k the recall and precision at the k-th "
              "highest score, y the label (1 positive) and p the score read as a probability (BRIER, LOGLOSS and ECE "
              "take scores in [0, 1] only); see {doc}`notes/scores` and {doc}`notes/calibration`."),
}


def _text(value) -> str:
    if value is None or (isinstance(value, float) and pd.isna(value)) or value == "":
        return "—"
    return str(value).replace("|", "\\|")


def _symmetry(row: pd.Series) -> str:
    if row["kind"] == "score":
        return "a statistic of a score (no transposed table)"
    if row["kind"] == "rater":
        return "unchanged when the raters are permuted" if row["symmetric"] else "depends on the order of the raters"
    if row["symmetric"]:
        return "symmetric (unchanged when the table is transposed)"
    if _text(row["transposed"]) != "—":
        return f"not symmetric; transposing the table turns it into {row['transposed']}"
    return "not symmetric"


def anchor(kind: str, code: str) -> str:
    """The page's target of an entry (rater coefficients and the statistics of scores have codes of their own, which
    may be those of other measures)."""
    return f"measure-{kind}-{code.lower()}" if kind in ("rater", "score") else f"measure-{code.lower()}"


def _entry(row: pd.Series) -> list[str]:
    lines = [f"({anchor(row['kind'], row['code'])})=", f"### {row['code']}: {row['name']}", ""]
    if _text(row["aliases"]) != "—":
        lines += [f"Also known as: {row['aliases']}.", ""]
    fields = [("formula", f"`{row['formula']}`"), ("range", row["range"]), ("symmetry", _symmetry(row))]
    if row["kind"] == "binary":
        fields.append(("averaging", row["averaging"]))
    if row["kind"] == "association":
        fields += [("level", row["level"]), ("significance", row["significance"])]
    fields += [("interval", row["ci_method"]), ("parameters", row["params"]), ("reference", row["reference"])]
    lines += ["| | |", "|---|---|"]
    lines += [f"| {name} | {_text(value)} |" for name, value in fields]
    return [*lines, ""]


def render() -> str:
    """The catalogue page (MyST markdown) for every entry of the registry, in registry order."""
    table = pa.measures()
    lines = [
        "# Measure catalogue",
        "",
        "Every measure of the registry, generated from it (`pandas_agree.measures()`, or `pandas-agree measures`",
        "from a shell), so this page always matches the code. \"interval\" names the method `ci=\"auto\"` uses; every",
        "measure also has the delta method (`ci=\"linearized\"`) and the bootstrap (`ci=\"bootstrap\"`). Averages",
        "of class-specific measures get linearised (delta-method) intervals. The interval methods are described in",
        "{doc}`notes/intervals`.",
        "",
    ]
    for kind, (title, intro) in KINDS.items():
        rows = table[table["kind"] == kind]
        lines += [f"## {title}", "", intro, "", "| code | measure |", "|---|---|"]
        lines += [f"| {{ref}}`{code} <{anchor(kind, code)}>` | {name} |"
                  for code, name in zip(rows["code"], rows["name"], strict=True)]
        lines.append("")
        for _, row in rows.iterrows():
            lines += _entry(row)
    return "\n".join(lines).rstrip() + "\n"


def main() -> None:
    path = Path(__file__).with_name("catalogue.md")
    path.write_text(render(), encoding="utf-8")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
