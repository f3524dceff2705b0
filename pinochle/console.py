"""The console script's entry point: the ``pinochle`` command starts here. Ctrl-C during its
start-up (the imports and the building of the command, before its own guard is in place)
exits 130 like Ctrl-C at any
other time, not with a traceback: until the command runs, Ctrl-C ends the process at once
(nothing has been written that would need flushing); then Python's usual KeyboardInterrupt is
back, which the command's guard turns into 130. Once the command is done (its guard has flushed
standard output), Ctrl-C ends the process at once again, with 130: a KeyboardInterrupt between
the guard and the end of the interpreter would escape every handler (a traceback, and death by
SIGINT instead of an exit status).

``pinochle validate`` and ``pinochle melds`` with a plain command line run without typer
(``cli/fast.py``); every other command line goes to the typer program (``cli/main.py``)."""

from __future__ import annotations

import os
import signal
import sys
from types import FrameType


def _interrupted(signum: int, frame: FrameType | None) -> None:
    os._exit(130)


signal.signal(signal.SIGINT, _interrupted)


def main() -> None:
    from pinochle.cli import fast, streams

    streams.install()       # closed or full standard output: one line and exit 2, not a traceback
    ready = fast.prepare(sys.argv[1:])   # validate and melds, when plain: without typer
    if ready is None:
        from pinochle.cli.main import command, wanted

        ready = command(wanted(sys.argv[1:]))   # the command's modules imported, its program built
    # Only now, with everything imported: a KeyboardInterrupt in the middle of an extension
    # module's import (pydantic-core's) is not an exception Python code can catch.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        status = ready()
        if status is not None:
            sys.exit(status)
    except KeyboardInterrupt:   # after the command's guard, before the exit
        signal.signal(signal.SIGINT, _interrupted)
        raise SystemExit(130) from None
    finally:
        signal.signal(signal.SIGINT, _interrupted)
