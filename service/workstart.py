"""The first thing the work processes' fork server imports (``work.PRELOAD``), before the
engine: from here on Ctrl-C, which a terminal sends to the whole process group, is the server's
to handle. The fork server keeps this for the processes it forks, so that neither it (still
importing the engine) nor they print a ``KeyboardInterrupt`` traceback when the server is
stopped with Ctrl-C."""

import signal

signal.signal(signal.SIGINT, signal.SIG_IGN)
