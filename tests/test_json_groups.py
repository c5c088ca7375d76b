"""Every group of a report keeps its entry in to_dict()/to_json() and its own rows in the workbook; to_json(path)
writes a file as pandas' does; the command line takes --layers as Python takes layers=; a layered Crosstab's repr
names its layers."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import numpy as np
import openpyxl
import pandas as pd
import pytest

import pandas_agree as pa
from pandas_agree.integrations import cli

ASAH = Path(__file__).parent / "data" / "asah.csv"


@pytest.fixture(scope="module")
def wine() -> pd.DataFrame:
    return pa.datasets.load("wine_predictions")


def _with_groups(df: pd.DataFrame, first, second) -> pd.DataFrame:
    out = df.copy()
    out["g"] = pd.array([first if i % 2 else second for i in range(len(out))], dtype=object)
    return out


@pytest.mark.parametrize(("first", "second", "keys"), [
    (1, "1", ["1", "'1'"]),
    (True, "True", ["True", "'True'"]),
    (2.5, "2.5", ["2.5", "'2.5'"]),
])
def test_groups_whose_texts_are_alike_each_keep_their_report(wine, first, second, keys):
    report = _with_groups(wine, first, second).agree.report("cultivar", "knn", by="g", ci=None)
    assert len(report.groups) == 2
    data = json.loads(report.to_json())
    assert list(data["groups"]) == keys
    # each key holds its own group's report: 89 rows each, its own crosstab
    for key, value in zip(keys, report.groups, strict=True):
        assert data["groups"][key]["crosstab"] == json.loads(json.dumps(report.groups[value].to_dict()["crosstab"]))
        assert data["groups"][key]["summary"]["data"][0][0] == 89


def test_ordinary_group_keys_are_the_groups_texts(wine):
    df = wine.assign(g=np.where(np.arange(len(wine)) % 3 == 0, "A", "B"), n=np.arange(len(wine)) % 2)
    assert list(df.agree.report("cultivar", "knn", by="g", ci=None).to_dict()["groups"]) == ["A", "B"]
    assert list(df.agree.report("cultivar", "knn", by="n", ci=None).to_dict()["groups"]) == ["0", "1"]


def test_group_keys_are_distinct_whatever_the_values():
    from pandas_agree.report.agreement import group_keys

    assert group_keys(["A", np.int64(3)]) == ["A", "3"]
    assert group_keys([1, "1", "'1'"]) == ["1", "'1'", "\"'1'\""]
    for values in ([1, "1", "'1'", "\"'1'\""], [True, "True", 1, "1"], [0, "0", 0.5, "0.5"]):
        keys = group_keys(values)
        assert len(set(keys)) == len(values)


def test_layers_whose_texts_are_alike_each_keep_their_report(wine):
    df = _with_groups(wine, 1, "1")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        report = df.agree.crosstabs("cultivar", "knn", layers="g").report()
    data = json.loads(report.to_json())
    assert list(data["layers"]) == ["1", "'1'"]
    assert [d["summary"]["data"][0][0] for d in data["layers"].values()] == [89, 89]


def _reports(wine):
    asah = pd.read_csv(ASAH)
    anxiety = pa.datasets.load("anxiety")
    return {
        "agreement": lambda: wine.agree.report("cultivar", "knn", ci=None),
        "crosstab": lambda: wine.agree.crosstabs("cultivar", "knn").report(),
        "comparison": lambda: wine.agree.compare("cultivar", ["knn", "logistic"]).report(n_resamples=50),
        "raters": lambda: anxiety.agree.raters(["rater1", "rater2", "rater3"]).report(n_resamples=50),
        "scores": lambda: asah.agree.scores("outcome", "s100b", positive="Poor").report(),
        "score comparison": lambda: asah.agree.compare_scores("outcome", ["s100b", "wfns"],
                                                              positive="Poor").report(),
    }


@pytest.mark.parametrize("kind", ["agreement", "crosstab", "comparison", "raters", "scores", "score comparison"])
@pytest.mark.parametrize("as_path", [str, Path])
def test_to_json_writes_a_path_given_by_position(wine, tmp_path, kind, as_path):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        report = _reports(wine)[kind]()
    path = tmp_path / "réport.json"
    assert report.to_json(as_path(path)) is None
    text = path.read_text(encoding="utf-8")
    assert text == report.to_json() and json.loads(text) == report.to_dict() | json.loads(text)
    assert report.to_json(path, indent=2) is None and json.loads(path.read_text(encoding="utf-8")) == json.loads(text)


def test_to_json_keeps_the_text_and_refuses_unknown_keywords(wine):
    report = wine.agree.report("cultivar", "knn", ci=None)
    assert isinstance(report.to_json(), str) and isinstance(report.to_json(indent=1), str)
    with pytest.raises(TypeError, match="indnt"):
        report.to_json(indnt=2)


def test_the_command_line_takes_layers_as_python_does(tmp_path, capsys):
    df = pa.datasets.load("wine_predictions")
    df["site"] = np.where(np.arange(len(df)) % 2, "P", "Q")
    df["wave"] = np.where(np.arange(len(df)) % 3, "x", "y")
    path = tmp_path / "wine.csv"
    df.to_csv(path, index=False)
    base = ["crosstabs", str(path), "--row", "cultivar", "--col", "knn", "--json"]
    outputs = []
    for layers in (["--layers", "site", "wave"], ["--layer", "site", "wave"], ["--layer", "site", "--layer", "wave"],
                   ["--layers", "site", "--layers", "wave"]):
        assert cli.main([*base, *layers]) == 0
        outputs.append(json.loads(capsys.readouterr().out))
    assert all(out == outputs[0] for out in outputs)
    assert outputs[0]["layers_by"] == "site, wave" and len(outputs[0]["layers"]) == 4
    assert cli.main([*base, "--layers", "site"]) == 0
    assert list(json.loads(capsys.readouterr().out)["layers"]) == ["P", "Q"]


def test_the_repr_of_a_layered_crosstab_names_its_layers(wine):
    df = wine.assign(site=np.where(np.arange(len(wine)) % 2, "P", "Q"), wave=np.arange(len(wine)) % 3)
    assert repr(df.agree.crosstabs("cultivar", "knn", layers="site")) == (
        "<Crosstab: 3×3 table, N = 178, 2 layers by site>")
    assert repr(df.agree.crosstabs("cultivar", "knn", layers=["site", "wave"])) == (
        "<Crosstab: 3×3 table, N = 178, 6 layers by site, wave>")
    assert repr(df.agree.crosstabs("cultivar", "knn")) == "<Crosstab: 3×3 table, N = 178>"


@pytest.mark.parametrize("groups", [["All", "B"], ["", "B"], ["Total", "All data"]])
def test_the_rows_of_all_data_are_told_apart_from_any_group(wine, tmp_path, groups):
    df = wine.assign(g=groups * (len(wine) // 2))
    path = tmp_path / "groups.xlsx"
    df.agree.report("cultivar", "knn", by="g", ci=None).to_excel(path)
    wb = openpyxl.load_workbook(path)
    groups = sorted(groups)  # the order of the report's groups
    shown = ["''" if g == "" else g for g in groups]  # an empty text shows as '' (a blank cell is all data's)
    summary = [row[0] for row in wb["Summary"].iter_rows(min_row=3, max_row=11, values_only=True)]
    assert summary == [None] * 3 + [shown[0]] * 3 + [shown[1]] * 3
    for name in ("Confusions", "Class measures", "Averages"):
        cells = [row[0] for row in wb[name].iter_rows(min_row=3, values_only=True) if row[1] is not None]
        k = cells.index(shown[0])
        assert k > 0 and cells[:k] == [None] * k  # the rows of all data first, their group cells blank
        assert None not in cells[k:] and set(cells[k:]) == set(shown)
    for name in ("Summary", "Confusions", "Class measures", "Averages"):
        assert any("blank group cell" in str(row[0]) for row in wb[name].iter_rows(values_only=True))
    titles = [str(t) for t in pd.read_excel(path, sheet_name="Crosstab", header=None)[0] if "Crosstabulation" in str(t)]
    assert titles == ["cultivar * knn Crosstabulation — all data",
                      *(f"cultivar * knn Crosstabulation — g = {g}" for g in shown)]  # '' as in its cells


def _cell_by_cell(df: pd.DataFrame) -> list:
    """The rows of ``df`` as JSON data, each cell read on its own through its column (the reading frame_dict
    replaces by one of the whole frame)."""
    from pandas_agree.report.agreement import jsonable

    columns = [df.iloc[:, j].tolist() for j in range(df.shape[1])]
    return [[jsonable(column[i]) for column in columns] for i in range(len(df))]


def test_the_data_of_a_frame_of_every_kind_of_column_is_read_as_cell_by_cell():
    from pandas_agree.report.agreement import frame_dict

    df = pd.DataFrame({
        "float": [0.5, np.nan, np.inf, -np.inf],
        "int": np.array([1, 2, 3, 4], dtype=np.int64),
        "bool": [True, False, True, False],
        "text": pd.array(["a", None, "", "d"], dtype="string"),
        "object": pd.Series([1, "1", None, (1, "b")], dtype=object),
        "nullable": pd.array([1, None, 3, 4], dtype="Int64"),
        "category": pd.Categorical(["x", "y", None, "x"]),
        "time": pd.to_datetime(["2020-01-01", None, "2021-06-30", "2022-12-31"]),
        "float32": np.array([0.25, np.nan, 1.5, 2.0], dtype=np.float32),
    })
    df.attrs["notes"] = ["a note the frame carries", {"and": [1, 2]}]
    data = frame_dict(df)["data"]
    assert data == _cell_by_cell(df)
    assert data[0][:3] == [0.5, 1, True] and data[1][0] is None and data[2][0] is None
    json.dumps(data, allow_nan=False)  # JSON-ready: no NaN or infinity left


def test_the_data_of_every_frame_of_a_report_is_read_as_cell_by_cell(wine):
    from pandas_agree.report.agreement import frame_dict

    report = wine.agree.report("cultivar", "knn", statistics="all", cells="all")
    for name in ("summary", "crosstab", "confusions", "binary", "averages", "multiclass", "tests", "paradox"):
        frame = getattr(report, name)
        assert frame_dict(frame)["data"] == _cell_by_cell(frame), name
    for frame in report.statistics.values():
        assert frame_dict(frame)["data"] == _cell_by_cell(frame)
