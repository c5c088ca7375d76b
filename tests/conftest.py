import os
from typing import NamedTuple

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("default", max_examples=60, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


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
