"""``to_dict()["options"]["bootstrap_methods_used"]`` (and the JSON's): the bootstrap methods the intervals of a
report used, each with the codes of the values it gave, as the workbook's Options table says in its row under
``bootstrap_method``; ``ci="auto"`` picks BCa (or percentile) where its small-sample rules resample, whatever
``bootstrap_method`` is."""

import json

import numpy as np
import openpyxl
import pandas as pd
import pytest

import pandas_agree as pa
from pandas_agree.inference.auto import average_rule, coefficient_rule, rater_rule
from pandas_agree.measures.registry import REGISTRY

KEY = "bootstrap_methods_used"


def _small() -> pd.DataFrame:
    # 30 objects on two classes (25 yes-yes, 1 yes-no, 1 no-yes, 3 no-no): under ci="auto" BPK and AC1 get the BCa
    # bootstrap's interval and the weighted and inverse averages of PPREV on two classes the percentile
    # bootstrap's (the small-sample rules of pandas_agree.inference.auto, docs/notes/intervals.md)
    rows = [("yes", "yes")] * 25 + [("yes", "no"), ("no", "yes")] + [("no", "no")] * 3
    return pd.DataFrame(rows, columns=["a", "p"])


def _workbook_row(rep, path) -> str | None:
    """The value of the workbook's "bootstrap intervals used" row of its Options table, or None."""
    rep.to_excel(path)
    ws = openpyxl.load_workbook(path)["Notes"]
    found = [row[1] for row in ws.iter_rows(values_only=True)
             if len(row) > 1 and isinstance(row[0], str) and row[0].startswith("bootstrap intervals used")]
    return found[0] if found else None


def _as_row(used: dict) -> str:
    return "; ".join(f"{method}: {', '.join(codes)}" for method, codes in used.items())


def test_the_agreement_reports_options_name_the_bootstrap_methods_ci_auto_used(tmp_path):
    assert coefficient_rule("AC1", 30, 2).method == coefficient_rule("BPK", 30, 2).method == "bca"
    assert average_rule(REGISTRY["PPREV"], "weighted", 2, 4).method == "percentile"
    rep = _small().agree.report("a", "p")
    options = rep.to_dict()["options"]
    assert options[KEY] == {"bca": ["BPK", "AC1"], "percentile": ["PPREV"]}
    assert options["bootstrap_method"] == "percentile"  # the option as given, kept
    assert list(options).index(KEY) == list(options).index("bootstrap_method") + 1
    assert json.loads(rep.to_json())["options"][KEY] == options[KEY]
    assert _workbook_row(rep, tmp_path / "auto.xlsx") == _as_row(options[KEY]) == "bca: BPK, AC1; percentile: PPREV"


def test_without_bootstrap_intervals_it_is_empty():
    df = _small()
    assert df.agree.report("a", "p", ci=None).to_dict()["options"][KEY] == {}
    assert df.agree.report("a", "p", ci="linearized").to_dict()["options"][KEY] == {}
    bootstrap = df.agree.report("a", "p", ci="bootstrap", n_resamples=50, measures=["REC", "KAPPA"])
    # every interval the percentile bootstrap's, as asked: the multiclass measures, the Kappa Paradox table's, REC
    codes = list(dict.fromkeys([*bootstrap.multiclass.index, *bootstrap.paradox.index, "REC"]))
    assert bootstrap.to_dict()["options"][KEY] == {"percentile": codes}


def test_with_groups_the_top_level_covers_every_group_and_each_group_its_own():
    df = pd.concat([_small().assign(site="A"), _small().assign(site="B")], ignore_index=True)
    data = df.agree.report("a", "p", by="site").to_dict()
    for site in ("A", "B"):  # each group has 30 objects: the rules of the small table above
        assert data["groups"][site]["options"][KEY] == {"bca": ["BPK", "AC1"], "percentile": ["PPREV"]}
    # all data, 60 objects: coefficient_rule("AC1", 60, 2) still BCa (fewer than 200 objects)
    assert coefficient_rule("AC1", 60, 2).method == "bca"
    assert data["options"][KEY]["bca"] == ["BPK", "AC1"]


def test_the_rater_report_names_the_bca_bootstrap_over_subjects(tmp_path):
    assert rater_rule(20).method == "bca"  # irr's anxiety data: 20 subjects
    rep = pa.datasets.load("anxiety").agree.raters(["rater1", "rater2", "rater3"]).report(n_resamples=200)
    used = rep.to_dict()["options"][KEY]
    assert used == {"bca": list(rep.coefficients.index)}
    assert _workbook_row(rep, tmp_path / "raters.xlsx") == _as_row(used)


def test_the_comparison_report_names_each_predictions_bootstrap(tmp_path):
    # 36 objects of the wine data: under ci="auto" KAPPA and AC1 of each prediction get the BCa bootstrap's
    # interval (fewer than 200 objects), the paired differences the delta method
    df = pa.datasets.load("wine_predictions").iloc[::5]
    assert coefficient_rule("KAPPA", len(df), 3).method == "bca"
    rep = df.agree.compare("cultivar", ["knn", "logistic"]).report(n_resamples=200,
                                                                  measures=["KAPPA", "AC1", "F1"])
    used = rep.to_dict()["options"][KEY]
    assert used == {"bca": ["KAPPA", "AC1"]}
    assert _workbook_row(rep, tmp_path / "compare.xlsx") == _as_row(used)


@pytest.mark.parametrize("method", ["percentile", "bca"])
def test_the_score_reports_name_theirs(method):
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 60)
    df = pd.DataFrame({"y": y, "s": y * 0.5 + rng.random(60), "t": rng.random(60)})
    one = df.agree.scores("y", "s").report(ci="bootstrap", n_resamples=100, bootstrap_method=method)
    assert one.to_dict()["options"][KEY] == {method: list(one.values.index)}
    assert df.agree.scores("y", "s").report().to_dict()["options"][KEY] == {}  # DeLong's and linearised intervals
    two = df.agree.compare_scores("y", ["s", "t"]).report(ci="bootstrap", n_resamples=100, bootstrap_method=method)
    used = json.loads(two.to_json())["options"][KEY]
    # the codes of several parts as lists, as the keys of the tables are: (score, measure), (score, score, measure)
    assert used == {method: [list(k) for k in two.values.index] + [list(k) for k in two.differences.index]}


def test_a_crosstab_report_has_no_intervals_and_no_such_key():
    data = pa.Crosstab.from_table([[20, 5], [3, 22]]).report(statistics=["phi"]).to_dict()
    assert KEY not in data["options"]
