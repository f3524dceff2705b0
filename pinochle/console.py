"""The console script's entry point: the ``pinochle`` command starts here. Ctrl-C during its
start-up (the ~0.3 s of imports before the command's own guard is in place) exits 130 like
Ctrl-C at any other time, not with a traceback: until the command runs, Ctrl-C ends the process
at once (nothing has been written that would need flushing); then Python's usual
KeyboardInterrupt is back, which the command's guard turns into 130."""

from __future__ import annotations

import os
import signal
from types import FrameType


def _interrupted(signum: int, frame: FrameType | None) -> None:
    os._exit(130)


signal.signal(signal.SIGINT, _interrupted)


def main() -> None:
    from pinochle.cli.main import main as run

    signal.signal(signal.SIGINT, signal.default_int_handler)
    run()
