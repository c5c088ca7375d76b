"""One function spells a command-line option (``--max-classes all``): the notes of a report read on the command line,
its footnotes on the classes shown and the command line's own messages all write options through it, while a Python
caller reads the Python argument."""

import pytest

from pandas_agree.base.spelling import command_line_advice, command_line_option, on_command_line, option_set
from pandas_agree.integrations import cli
from pandas_agree.report.ranking import class_limit, every_class


def test_command_line_option_spells_the_argument_with_its_values():
    assert command_line_option("max_classes", "all") == "--max-classes all"
    assert command_line_option("confidence_level", 0.9) == "--confidence-level 0.9"
    assert command_line_option("tversky", "0.3", "0.7") == "--tversky 0.3 0.7"
    assert command_line_option("excel") == "--excel"


def test_python_callers_read_the_argument():
    assert not on_command_line()
    assert option_set("classes", "union") == "classes='union'"
    assert option_set("ci", "auto", python='ci="auto"') == 'ci="auto"'
    assert every_class() == "report(max_classes=None)"
    assert class_limit(20) == "max_classes = 20"


def test_command_line_readers_read_the_option():
    with command_line_advice():
        assert on_command_line()
        assert option_set("classes", "union") == "--classes union"
        assert option_set("ci", "auto", python='ci="auto"') == "--ci auto"
        assert every_class() == "--max-classes all"
        assert class_limit(20) == "--max-classes 20"
    assert not on_command_line()


@pytest.mark.parametrize("dest", ["max_classes", "random_state", "kappa_weights", "classes"])
def test_the_command_line_names_its_options_the_same_way(dest):
    with command_line_advice():
        assert cli._flag(dest) == command_line_option(dest) == option_set(dest, "x").removesuffix(" x")


# --- notes, warnings and errors the command line prints name its options, not Python's arguments ---------------


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    import numpy as np
    import pandas as pd

    folder = tmp_path_factory.mktemp("spelling")
    rng = np.random.default_rng(0)
    n = 200
    a = rng.choice(list("xyz"), n)
    p = np.where(rng.random(n) < 0.7, a, rng.choice(list("xyz"), n))
    pd.DataFrame({"a": a, "p": p, "s": rng.integers(0, 4, n), "c": rng.integers(0, 40, n)}).to_csv(
        folder / "design.csv", index=False)
    b = np.array(["x"] * 10 + ["y"] * 10 + ["z"] * 10)
    q = b.copy()
    q[:3] = "y"  # class z: no false positive, a zero cell
    pd.DataFrame({"a": b, "p": q}).to_csv(folder / "zero.csv", index=False)
    pd.DataFrame({"a": list("xyzxywvu"), "p": list("12312x32")}).to_csv(folder / "few.csv", index=False)
    pd.DataFrame({"a": list("xyzx"), "p": list("1231")}).to_csv(folder / "none.csv", index=False)
    pd.DataFrame({"y": [0, 0, 1, 1, 0, 1, 0, 1], "s": [0.1, 0.4, 0.35, 0.8, 0.2, 0.9, 0.3, 0.6],
                  "t": [0.3, 0.2, 0.6, 0.7, 0.1, 0.5, 0.35, 0.9]}).to_csv(folder / "scores.csv", index=False)
    return folder


def _run(capsys, *argv) -> tuple[str, str]:
    status = cli.main([str(a) for a in argv])
    captured = capsys.readouterr()
    return status, " ".join(captured.out.split()), " ".join(captured.err.split())


def test_binomial_interval_under_a_design(files, capsys):
    status, out, _ = _run(capsys, "report", files / "design.csv", "--actual", "a", "--pred", "p", "--strata", "s",
                          "--cluster", "c", "--ci", "wilson")
    assert status == 0
    assert "The binomial interval of --ci wilson assumes independent rows" in out and "as --ci auto gives" in out
    assert "ci='" not in out


def test_values_at_the_end_of_their_range(files, capsys):
    status, out, err = _run(capsys, "report", files / "zero.csv", "--actual", "a", "--pred", "p", "--ci",
                            "linearized")
    assert status == 0
    assert "Under --ci linearized, --ci bootstrap and a sample design" in out
    assert "--ci auto (without a sample design) gives a score interval" in out
    assert "--ci auto gives a score interval (see the notes)" in out
    assert 'ci="' not in out + err


def test_labels_the_two_sides_hardly_share(files, capsys):
    status, out, err = _run(capsys, "report", files / "few.csv", "--actual", "a", "--pred", "p")
    assert status == 0
    for text in (err, out):
        assert "statistics are pandas-agree crosstabs --row COL --col COL" in text
        assert "paired with classes by --match accuracy." in text
        assert "match='" not in text and "df.agree" not in text
    status, _, err = _run(capsys, "report", files / "none.csv", "--actual", "a", "--pred", "p")
    assert status == 2
    assert "use --match accuracy or --match residual." in err and "pandas-agree crosstabs --row COL" in err
    assert "match='" not in err and "a dict" not in err


def test_scores(files, capsys):
    status, out, _ = _run(capsys, "scores", files / "scores.csv", "--actual", "y", "--score", "s")
    assert status == 0
    assert "under --scale auto the interval" in out and "(--scale identity gives pROC's)" in out
    assert "scale='" not in out


def test_python_callers_keep_the_arguments(files):
    import pandas as pd

    with pytest.warns(UserWarning, match="binomial interval of ci='wilson' assumes"):
        pd.read_csv(files / "design.csv").agree("a", "p", strata="s", cluster="c").multiclass(["OSR"], ci="wilson")
    notes = " ".join(pd.read_csv(files / "zero.csv").agree.report("a", "p", ci="linearized").notes)
    assert 'Under ci="linearized", ci="bootstrap" and a sample design' in notes
    with pytest.raises(ValueError, match=r"use match='accuracy', match='residual' or a dict\. .* "
                                         r"df\.agree\.crosstabs\(row, col\)"):
        pd.read_csv(files / "none.csv").agree.report("a", "p")
    scores = pd.read_csv(files / "scores.csv").agree.scores("y", "s").report()
    assert any("under scale='auto' the interval" in note for note in scores.notes)


def test_errors_name_the_options_that_way_on(tmp_path, capsys):
    import pandas as pd

    lonely = tmp_path / "lonely.csv"  # stratum 2 has a single PSU
    pd.DataFrame({"a": list("xyxyxy"), "p": list("xyyyxx"), "s": [1, 1, 2, 2, 3, 3],
                  "c": [1, 2, 3, 3, 4, 5]}).to_csv(lonely, index=False)
    status, _, err = _run(capsys, "report", lonely, "--actual", "a", "--pred", "p", "--strata", "s", "--cluster", "c",
                          "--lonely-psu", "fail")
    assert status == 2 and "use --lonely-psu adjust or --lonely-psu remove, or merge strata" in err
    with pytest.raises(ValueError, match=r"use lonely_psu='adjust' or 'remove', or merge strata"):
        pd.read_csv(lonely).agree.report("a", "p", strata="s", cluster="c", lonely_psu="fail")
    ratings = tmp_path / "ratings.csv"
    pd.DataFrame({"r1": [1, 2, -1, 3], "r2": [2, 2, 1, 3], "r3": [1, 3, 1, 2]}).to_csv(ratings, index=False)
    status, _, err = _run(capsys, "raters", ratings, "--columns", "r1", "r2", "r3", "--level", "ratio")
    assert status == 2
    assert "--level ratio needs ratings of 0 or more" in err and "use --level interval for these ratings" in err
    assert "level='" not in err


@pytest.fixture(scope="module")
def ratings(tmp_path_factory):
    import pandas as pd

    folder = tmp_path_factory.mktemp("raters_spelling")
    wide = pd.DataFrame({"r1": [1, 2, 3, 3, 2, 1], "r2": [1, 2, 3, 2, 2, 1], "r3": [2, 2, 3, 3, 1, 1],
                         "st": list("aabbcc"), "w": [1, 2, 1, 2, 1, 2]})
    wide.to_csv(folder / "wide.csv", index=False)
    long = wide.reset_index(names="subject").melt(["subject", "st", "w"], ["r1", "r2", "r3"], "rater", "rating")
    long.to_csv(folder / "long.csv", index=False)
    return folder


def test_weights_unused_at_a_level_are_named_as_the_reader_gave_them(ratings, capsys):
    """Agreement weights with Krippendorff's alpha at another level than nominal: --kappa-weights and --level on the
    command line, kappa_weights= and level= in Python."""
    import pandas as pd

    status, out, err = _run(capsys, "raters", ratings / "wide.csv", "--columns", "r1", "r2", "r3", "--level",
                            "ordinal", "--kappa-weights", "linear", "--measures", "ALPHA")
    assert status == 2 and out == ""
    assert err.startswith("pandas-agree: error: --kappa-weights linear is not used by the measures asked for (ALPHA): "
                          "--level ordinal sets Krippendorff's alpha's differences"), err
    assert err.endswith("or leave --kappa-weights out") and "kappa_weights" not in err and "level=" not in err
    ra = pd.read_csv(ratings / "wide.csv").agree.raters(["r1", "r2", "r3"])
    with pytest.raises(ValueError, match=r"^kappa_weights='linear' is not used by the measures asked for \(ALPHA\): "
                                         r"level='ordinal' sets .* or leave kappa_weights out$"):
        ra.summary(["ALPHA"], kappa_weights="linear", level="ordinal")
    with pytest.raises(ValueError, match=r"^kappa_weights=given is not used .* leave kappa_weights out$"):
        ra.summary(["ALPHA"], kappa_weights=[[1, 0.5, 0], [0.5, 1, 0.5], [0, 0.5, 1]], level="ordinal")


def test_a_level_no_coefficient_uses_is_named_as_the_reader_gave_it(ratings, capsys):
    import pandas as pd

    status, out, err = _run(capsys, "raters", ratings / "wide.csv", "--columns", "r1", "r2", "r3", "--level",
                            "interval", "--measures", "FLEISS")
    assert status == 2 and out == ""
    assert err == ("pandas-agree: error: --level interval is not used by the measures asked for (FLEISS): it is used "
                   "by ALPHA; ask for one of them or leave --level out")
    with pytest.raises(ValueError, match=r"^level='interval' is not used .* or leave level out$"):
        pd.read_csv(ratings / "wide.csv").agree.raters(["r1", "r2", "r3"]).summary(["FLEISS"], level="interval")


def test_long_data_without_a_design_or_weights_say_so_in_the_readers_words(ratings, capsys):
    import pandas as pd

    import pandas_agree as pa

    status, out, err = _run(capsys, "raters", ratings / "long.csv", "--long", "subject", "rater", "rating",
                            "--strata", "st")
    assert status == 2 and out == ""
    assert err.startswith("pandas-agree: error: argument --strata: long data (--long) take no sample design;"), err
    assert "--columns" in err and "df.agree" not in err and "strata=" not in err and "from_long" not in err
    with pytest.raises(ValueError, match=r"^strata: long data \(from_long\) take no sample design; pivot them .* "
                                         r"df\.agree\.raters\(columns, strata=\.\.\., cluster=\.\.\., fpc=\.\.\.\)$"):
        pa.RaterAgreement.from_long(pd.read_csv(ratings / "long.csv"), "subject", "rater", "rating", strata="st")
    # weights belong to subjects, rows of wide data: with --long they are an error, not left unused
    status, out, err = _run(capsys, "raters", ratings / "long.csv", "--long", "subject", "rater", "rating",
                            "--weights", "w")
    assert status == 2 and out == ""
    assert err.startswith("pandas-agree: error: argument --weights: long data (--long) take no weights;"), err


@pytest.mark.parametrize(("option", "value", "spelt"), [("beta", 2.0, "--beta 2"),
                                                         ("tversky", (0.5, 0.5), "--tversky 0.5 0.5"),
                                                         ("correction", 0.5, "--correction 0.5")])
def test_a_parameter_no_measure_uses_is_named_as_the_reader_gave_it(files, capsys, option, value, spelt):
    import re

    import pandas as pd

    values = [f"{v:g}" for v in (value if isinstance(value, tuple) else (value,))]
    status, out, err = _run(capsys, "report", files / "zero.csv", "--actual", "a", "--pred", "p", "--measures",
                            "REC", f"--{option}", *values)
    assert status == 2 and out == ""
    assert err.startswith(f"pandas-agree: error: {spelt} is not used by the measures asked for (REC): it is used "
                          "by "), err
    assert err.endswith(f"; ask for one of them or leave --{option} out") and f"{option}=" not in err, err
    with pytest.raises(ValueError, match=rf"^{re.escape(f'{option}={value!r}')} is not used by the measures asked "
                                         rf"for \(REC\).* or leave {option} out$"):
        pd.read_csv(files / "zero.csv").agree.report("a", "p", measures=["REC"], **{option: value})
