"""Who reads a message: a Python caller or the command line's user, and how each writes an option.

The command line runs its analyses within :func:`command_line_advice`; messages, notes and footnotes that tell the
reader how to set an option spell it through :func:`option_set` (``--classes union`` on the command line,
``classes='union'`` in Python), the one place that writes a command-line option (:func:`command_line_option`, which
the command line's own messages use too). A context variable, so that other threads and tasks keep their own
reader.
"""

from __future__ import annotations

import contextlib
import contextvars

__all__ = ["command_line_advice", "command_line_option", "on_command_line", "option_named", "option_set"]

_COMMAND_LINE = contextvars.ContextVar("command_line", default=False)


@contextlib.contextmanager
def command_line_advice():
    """Within this context messages advise what the command line offers (its options), not the arguments of Python
    calls (see :func:`on_command_line`)."""
    token = _COMMAND_LINE.set(True)
    try:
        yield
    finally:
        _COMMAND_LINE.reset(token)


def on_command_line() -> bool:
    """Whether this runs within :func:`command_line_advice`: the command line's run, whose messages and notes name
    its options rather than Python calls."""
    return _COMMAND_LINE.get()


def command_line_option(name: str, *values) -> str:
    """The command-line option of the Python argument ``name`` (underscores become hyphens), followed by
    ``values`` as given.

    Examples
    --------
    >>> from pandas_agree.base.spelling import command_line_option
    >>> command_line_option("max_classes", "all")
    '--max-classes all'
    >>> command_line_option("tversky", 0.3, 0.7)
    '--tversky 0.3 0.7'
    >>> command_line_option("excel")
    '--excel'
    """
    return " ".join(["--" + name.replace("_", "-"), *map(str, values)])


def option_named(name: str) -> str:
    """An option named without a value, as the reader writes it: ``--kappa-weights`` on the command line (within
    :func:`command_line_advice`), ``kappa_weights`` in Python ("leave kappa_weights out").

    Examples
    --------
    >>> from pandas_agree.base.spelling import command_line_advice, option_named
    >>> option_named("kappa_weights")
    'kappa_weights'
    >>> with command_line_advice():
    ...     option_named("kappa_weights")
    '--kappa-weights'
    """
    return command_line_option(name) if on_command_line() else name


def option_set(name: str, value, python: str | None = None) -> str:
    """An option set to ``value`` as the reader writes it: ``--classes union`` on the command line (within
    :func:`command_line_advice`; a tuple is the option's several values, ``--tversky 0.5 0.5``, and a float
    is written as ``{:g}`` writes it, ``--beta 2``),
    ``classes='union'`` in Python, or ``python`` where the Python caller writes it otherwise (a call,
    ``report(max_classes=None)``; ``max_classes = 20``).

    Examples
    --------
    >>> from pandas_agree.base.spelling import command_line_advice, option_set
    >>> option_set("classes", "union")
    "classes='union'"
    >>> option_set("max_classes", "all", python="report(max_classes=None)")
    'report(max_classes=None)'
    >>> with command_line_advice():
    ...     option_set("max_classes", "all", python="report(max_classes=None)"), option_set("tversky", (0.5, 0.5))
    ('--max-classes all', '--tversky 0.5 0.5')
    """
    if on_command_line():
        values = value if isinstance(value, tuple) else (value,)
        return command_line_option(name, *(f"{v:g}" if isinstance(v, float) else v for v in values))
    return f"{name}={value!r}" if python is None else python
