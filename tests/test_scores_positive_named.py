"""Without ``positive=``, a score of two text labels speaks for the second in sorted order: a warning names it (a
score read the wrong way round gives 1 − AUC: breast cancer's logistic score 0.006 for labels "cancer"/"healthy",
0.994 the right way); numbers, booleans, ``labels=`` and a categorical's order choose it without a warning."""

import warnings

import numpy as np
import pandas as pd
import pytest

import pandas_agree  # noqa: F401  (the .agree accessor)
from pandas_agree.integrations import cli


def _frame(labels) -> pd.DataFrame:
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 60)
    return pd.DataFrame({"y": np.asarray(labels, dtype=object)[y], "s": y + rng.normal(0, 0.8, 60),
                         "t": rng.random(60)})


def test_text_labels_name_the_positive_one():
    frame = _frame(["cancer", "healthy"])
    with pytest.warns(UserWarning, match="positive= is not given: the positive label is 'healthy'"):
        auc = frame.agree.scores("y", "s").values(["AUC"]).loc["AUC", "value"]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        named = frame.agree.scores("y", "s", positive="healthy").values(["AUC"]).loc["AUC", "value"]
    assert auc == named
    with pytest.warns(UserWarning, match="positive="):
        frame.agree.compare_scores("y", ["s", "t"])


@pytest.mark.parametrize("labels", [[0, 1], [1.0, 2.0], [False, True]])
def test_numbers_and_booleans_say_nothing(labels):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        _frame(labels).agree.scores("y", "s")


def test_a_given_order_says_nothing():
    frame = _frame(["healthy", "cancer"])
    ordered = frame.assign(y=pd.Categorical(frame["y"], categories=["healthy", "cancer"]))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert ordered.agree.scores("y", "s").positive == "cancer"
        assert frame.agree.scores("y", "s", labels=["healthy", "cancer"]).positive == "cancer"


def test_the_command_line_names_its_option(tmp_path, capsys):
    path = tmp_path / "s.csv"
    _frame(["cancer", "healthy"]).to_csv(path, index=False)
    assert cli.main(["scores", str(path), "--actual", "y", "--score", "s", "--ci", "none"]) == 0
    err = capsys.readouterr().err
    assert "--positive is not given: the positive label is 'healthy'" in err and "positive=" not in err
