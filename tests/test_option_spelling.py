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
