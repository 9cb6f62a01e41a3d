"""How a ``prefdd`` run ends: its exit status and, unless it answered, one line on stderr.

========  =============================================================
status    meaning
========  =============================================================
0         the answer was printed
1         an internal error, a bug (``PREFDD_DEBUG=1`` shows the traceback)
2         bad input: ``prefdd: error: ...``, nothing else printed
130       stopped with Ctrl-C: ``prefdd: stopped...``, after what was finished
========  =============================================================

Every message is one line, whatever its source (click's own, the library's
:class:`~prefdd.rules.InvalidInputError`, an unreadable file):

>>> one_line("Missing argument 'GAME'. Choose from:\\n\\tpreferans,\\n\\tvienna")
"Missing argument 'GAME'. Choose from: preferans, vienna"
>>> stopped_line(5, 8, "cells solved")
'prefdd: stopped: 5 of 8 cells solved'
"""

from __future__ import annotations

import os
import sys
from typing import NoReturn

import click

ANSWERED = 0
INTERNAL_ERROR = 1
BAD_INPUT = 2
STOPPED = 130


LONGEST = 1000
"""The most characters a message shows (it may quote a deal or a file's line of any length)."""


def one_line(message: str) -> str:
    """The message with every run of white space (new lines, tabs) as one space, cut at LONGEST."""
    line = " ".join(message.split())
    return line if len(line) <= LONGEST else line[:LONGEST - 1] + "…"


def _say(message: str) -> None:
    # On a terminal, start over the "^C" it echoed, so the line reads cleanly.
    start = "\r" if message.startswith("prefdd: stopped") and sys.stderr.isatty() else ""
    click.echo(start + one_line(message), err=True)


def fail(message: str) -> NoReturn:
    """Refuse bad input: ``prefdd: error: MESSAGE`` on stderr, exit status 2."""
    _say(f"prefdd: error: {message}")
    sys.exit(BAD_INPUT)


def stopped_line(done: int, total: int | None, what: str) -> str:
    """The line a stopped command ends with: how much of its work it finished."""
    if total is None:
        return f"prefdd: stopped: {done} {what}"
    return f"prefdd: stopped: {done} of {total} {what}"


def stop(message: str = "prefdd: stopped") -> int:
    """Report a stop with Ctrl-C (one line on stderr); the exit status to return."""
    _say(message)
    return STOPPED


def internal_error(error: BaseException) -> NoReturn:
    """A bug: one line naming it, exit status 1 (``PREFDD_DEBUG=1``: the whole traceback)."""
    if os.environ.get("PREFDD_DEBUG"):
        raise error
    _say(f"prefdd: internal error: {type(error).__name__}: {error} "
         "(a bug; run again with PREFDD_DEBUG=1 to see where)")
    sys.exit(INTERNAL_ERROR)
