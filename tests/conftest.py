import os
from typing import NamedTuple

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("default", max_examples=60, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

EXAMPLES = "PANDAS_AGREE_TEST_EXAMPLES"
"""An environment variable: the share of its examples that each property test draws (default 1, all of them).
CI's lowest-versions lane sets it to a quarter: there the properties check that the code runs as it does on the
newest versions; the search for counterexamples, with every example, is the newest versions' lane's."""

FEWEST_EXAMPLES = 10
"""A property test scaled by PANDAS_AGREE_TEST_EXAMPLES keeps at least this many examples (or all it has, if
fewer)."""


def scaled_settings(given: settings, share: float) -> settings:
    """``given`` with ``share`` of its examples (at least :data:`FEWEST_EXAMPLES`, at most all of them)."""
    wanted = max(FEWEST_EXAMPLES, round(given.max_examples * share))
    return settings(given, max_examples=min(given.max_examples, wanted))


def pytest_collection_modifyitems(items):
    share = float(os.environ.get(EXAMPLES, "1"))
    if not 0 < share <= 1:
        raise pytest.UsageError(f"{EXAMPLES}={share} must be a share of the examples, in (0, 1]")
    if share == 1:
        return
    scaled = set()
    for item in items:
        test = getattr(item, "obj", None)
        # the settings @given reads when the test runs (those of @settings, or the profile's)
        given = getattr(test, "_hypothesis_internal_use_settings", None)
        if given is not None and id(test) not in scaled:  # a parametrised test is one function: scaled once
            test._hypothesis_internal_use_settings = scaled_settings(given, share)
            scaled.add(id(test))


class Result(NamedTuple):
    """What a command line run gave: its exit status and what it printed."""

    returncode: int
    stdout: str
    stderr: str


@pytest.fixture
def run(capsys):
    """``run(*args)``: the command line run in this process, with its exit status and what it printed."""
    from pandas_agree.integrations import cli

    def run(*args) -> Result:
        capsys.readouterr()
        status = cli.main([str(a) for a in args])
        out, err = capsys.readouterr()
        return Result(status, out, err)

    return run
