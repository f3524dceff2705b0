"""How every ``pinochle`` command ends: one exit status per meaning, and the one guard that turns
whatever escapes a command into a one-line message and its status, never a traceback.

=======  ==============================================================================
status   meaning (README.md, docs/report-schema.md)
=======  ==============================================================================
0        success: clean, canonical, all passed
1        findings: validate's errors or warnings (notices too with --strict), fmt --check's
         files to reformat, conformance's failed cases
2        input that cannot be read (a missing or unreadable file, a syntax error, text that
         is not UTF-8, past a size limit), or output that cannot be written: an output
         file, or standard output closed or on a full disk (``cli/streams.py``)
3        an internal error: a bug, or out of memory
4        a usage error: an unknown option, a missing argument, a bad option value
130      interrupted (Ctrl-C)
141      standard output closed early (a broken pipe): stop quietly
=======  ==============================================================================

Positioned messages are compiler style (``FILE:LINE:COL: syntax error: …`` and a snippet);
every other message is ``pinochle CMD: error: …`` on standard error.

Nothing here imports typer: ``validate`` and ``melds`` run without it when their command line is
plain (``cli/fast.py``). Typer's own exceptions (a usage error found by its parser) can only be
raised once typer is imported, and are recognised then.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable
from typing import Any

from pinochle.cli.streams import OutputFailed
from pinochle.notation.errors import NotationError, PinochleError
from pinochle.notation.snippets import clip, printable

OK, FINDINGS, UNREADABLE, INTERNAL, USAGE, INTERRUPTED, BROKEN_PIPE = 0, 1, 2, 3, 4, 130, 141

#: How much of an exception's text an internal-error line shows.
MESSAGE_WIDTH = 300


class UsageProblem(PinochleError):
    """A command-line value that does not say what to do: exit 4, with the usage line."""


#: What click's ``echo`` strips from text written to anything but a terminal (its ``_ansi_re``).
_ANSI = re.compile(r"\033\[[;?0-9]*[a-zA-Z]")


def echo(text: str, err: bool = False) -> None:
    """``text`` and a newline on standard output (``err``: error), flushed: ``typer.echo`` once
    typer is imported; else what it does with text on a UTF-8 stream (``fast.plain_streams``):
    ANSI codes stripped unless the stream is a terminal."""
    typer = sys.modules.get("typer")
    if typer is not None:
        typer.echo(text, err=err)
        return
    stream = sys.stderr if err else sys.stdout
    if stream is None:
        return
    out = text + "\n"
    try:
        terminal = stream.isatty()
    except Exception:
        terminal = False
    stream.write(out if terminal else _ANSI.sub("", out))
    stream.flush()


def say(command: str, message: str) -> None:
    """``pinochle CMD: error: message`` on standard error (``pinochle: error: …`` when no
    command was given), control characters escaped (a file name may hold any)."""
    echo(f"{prefix(command)}: error: {printable(message)}", err=True)


def notice(command: str, message: str) -> None:
    """``pinochle CMD: notice: message`` on standard error: what a person should know of a
    run that still does its work (a setting changed, work done again)."""
    echo(f"{prefix(command)}: notice: {printable(message)}", err=True)


def prefix(command: str) -> str:
    return f"pinochle {command}" if command else "pinochle"


def say_notation(command: str, errors: list[NotationError]) -> None:
    """Syntax errors (a ``NotationError``'s ``errors``): compiler style when they have a place,
    else with the command's prefix."""
    for each in errors:
        if each.line is None:
            say(command, each.describe())
        else:
            echo(each.describe().rstrip("\n"), err=True)


def silence_stdout() -> None:
    """Point standard output at the null device, so that the interpreter's last flush of what
    is still buffered does not fail again on the closed pipe."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, fd)
    os.close(null)


def flush_quietly() -> None:
    """Standard output flushed, if it can be (a failure to write it is said already, or is
    the error being said)."""
    try:
        sys.stdout.flush()
    except (OSError, PinochleError, ValueError, AttributeError):
        pass


def internal(command: str, error: BaseException) -> int:
    """The one line an internal error gets, and its status."""
    flush_quietly()
    if isinstance(error, MemoryError):
        say(command, "out of memory: the input is too large for the memory available")
    else:
        text = clip(f"{type(error).__name__}: {error}", MESSAGE_WIDTH)
        echo(f"{prefix(command)}: internal error: {text} (please report it with the "
             "input)", err=True)
    return INTERNAL


def usage(command: str, message: str, usage_line: str | None = None,
          command_path: str = "") -> int:
    """``pinochle CMD: error: …``, then (when known) the usage line and where help is."""
    message = message.rstrip(".")
    say(command, message[:1].lower() + message[1:] if message[1:2].islower() else message)
    if usage_line is not None:
        echo(f"{usage_line}\nTry '{command_path} -h' for help.", err=True)
    return USAGE


def _usage(command: str, error: Any) -> int:
    """A usage error found by typer's parser: its message, then the usage line."""
    ctx = getattr(error, "ctx", None)
    return usage(command, error.format_message(), None if ctx is None else ctx.get_usage(),
                 "" if ctx is None else ctx.command_path)


def _typer_ending(command: str, error: Exception) -> int | None:
    """The status of one of typer's own exceptions (``None`` for any other): possible only
    once typer is imported."""
    if "typer" not in sys.modules:
        return None
    import typer

    try:  # typer carries its own copy of click since 0.2x
        from typer._click.exceptions import ClickException, UsageError
    except ImportError:  # pragma: no cover - an older typer, on click
        from click.exceptions import ClickException, UsageError  # type: ignore[import-not-found, no-redef, assignment, unused-ignore]  # only there
    if isinstance(error, UsageError):
        return _usage(command, error)
    if isinstance(error, ClickException):
        say(command, error.format_message())
        return USAGE
    if isinstance(error, typer.Abort):
        return INTERRUPTED
    return None


def ended(command: str, invoke: Callable[[], Any]) -> int:
    """Run ``invoke`` (the command line, parsed and run by typer without its own error
    handling) and return its exit status, whatever it raises: the one guard of every command.
    Standard output is flushed before the status is given: output that could not be written
    is said, and never ends as success (``cli/streams.py``)."""
    status = _status(command, invoke)
    try:
        flush = sys.stdout.flush
    except AttributeError:      # no standard output at all (a test's harness may do that)
        return status
    try:
        flush()
    except OutputFailed as error:
        silence_stdout()
        say(command, str(error))
        return UNREADABLE if status in (OK, FINDINGS) else status
    except BrokenPipeError:
        silence_stdout()
        return BROKEN_PIPE if status in (OK, FINDINGS) else status
    return status


def _status(command: str, invoke: Callable[[], Any]) -> int:
    """``invoke``'s exit status, or that of what it raised (``ended``)."""
    try:
        status = invoke()
        return status if isinstance(status, int) else OK
    except NotationError as error:
        say_notation(command, error.errors)
        return UNREADABLE
    except OutputFailed as error:
        silence_stdout()
        say(command, str(error))
        return UNREADABLE
    except PinochleError as error:
        say(command, str(error))
        return UNREADABLE
    except BrokenPipeError:
        silence_stdout()
        return BROKEN_PIPE
    except KeyboardInterrupt:
        return INTERRUPTED
    except Exception as error:  # typer's usage errors; else a bug: plainly, never a traceback
        status = _typer_ending(command, error)
        return internal(command, error) if status is None else status
