"""How every ``pinochle`` command ends: one exit status per meaning, and the one guard that turns
whatever escapes a command into a one-line message and its status, never a traceback.

=======  ==============================================================================
status   meaning (README.md, docs/report-schema.md)
=======  ==============================================================================
0        success: clean, canonical, all passed
1        findings: validate's errors or warnings (notices too with --strict), fmt --check's
         files to reformat, conformance's failed cases
2        input that cannot be read (a missing or unreadable file, a syntax error, text that
         is not UTF-8, past a size limit), or an output file that cannot be written
3        an internal error: a bug, or out of memory
4        a usage error: an unknown option, a missing argument, a bad option value
130      interrupted (Ctrl-C)
141      standard output closed early (a broken pipe): stop quietly
=======  ==============================================================================

Positioned messages are compiler style (``FILE:LINE:COL: syntax error: …`` and a snippet);
every other message is ``pinochle CMD: error: …`` on standard error.
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable
from typing import Any

import typer

try:  # typer carries its own copy of click since 0.2x
    from typer._click.exceptions import ClickException, UsageError
except ImportError:  # pragma: no cover - an older typer, on click
    from click.exceptions import ClickException, UsageError  # type: ignore[import-not-found, no-redef, assignment, unused-ignore]  # only there

from pinochle.notation.errors import NotationError, PinochleError
from pinochle.notation.snippets import clip, printable

OK, FINDINGS, UNREADABLE, INTERNAL, USAGE, INTERRUPTED, BROKEN_PIPE = 0, 1, 2, 3, 4, 130, 141

#: How much of an exception's text an internal-error line shows.
MESSAGE_WIDTH = 300


class UsageProblem(PinochleError):
    """A command-line value that does not say what to do: exit 4, with the usage line."""


class _BadUsage(typer.BadParameter):
    """A ``UsageProblem`` handed to the command-line parser's own usage-error path, so that it
    is printed (with the command's usage line) like an unknown option."""

    def format_message(self) -> str:
        return self.message


def say(command: str, message: str) -> None:
    """``pinochle CMD: error: message`` on standard error (``pinochle: error: …`` when no
    command was given), control characters escaped (a file name may hold any)."""
    typer.echo(f"{prefix(command)}: error: {printable(message)}", err=True)


def prefix(command: str) -> str:
    return f"pinochle {command}" if command else "pinochle"


def say_notation(command: str, errors: list[NotationError]) -> None:
    """Syntax errors (a ``NotationError``'s ``errors``): compiler style when they have a place,
    else with the command's prefix."""
    for each in errors:
        if each.line is None:
            say(command, each.describe())
        else:
            typer.echo(each.describe().rstrip("\n"), err=True)


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


def internal(command: str, error: BaseException) -> int:
    """The one line an internal error gets, and its status."""
    sys.stdout.flush()
    if isinstance(error, MemoryError):
        say(command, "out of memory: the input is too large for the memory available")
    else:
        text = clip(f"{type(error).__name__}: {error}", MESSAGE_WIDTH)
        typer.echo(f"{prefix(command)}: internal error: {text} (please report it with the "
                   "input)", err=True)
    return INTERNAL


def adapt(function: Callable[..., Any]) -> Callable[..., Any]:
    """A command's function, with the two endings typer would take over if they escaped it: a
    ``UsageProblem`` becomes typer's own usage error (printed with the usage line), and a
    closed standard output exits 141 quietly (typer would exit 1)."""

    @functools.wraps(function)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return function(*args, **kwargs)
        except UsageProblem as error:
            raise _BadUsage(str(error)) from None
        except BrokenPipeError:
            silence_stdout()
            raise typer.Exit(BROKEN_PIPE) from None

    return run


def _usage(command: str, error: ClickException) -> int:
    """``pinochle CMD: error: …``, then the usage line and where help is."""
    message = error.format_message().rstrip(".")
    say(command, message[:1].lower() + message[1:] if message[1:2].islower() else message)
    ctx = getattr(error, "ctx", None)
    if ctx is not None:
        typer.echo(f"{ctx.get_usage()}\nTry '{ctx.command_path} -h' for help.", err=True)
    return USAGE


def ended(command: str, invoke: Callable[[], Any]) -> int:
    """Run ``invoke`` (the command line, parsed and run by typer without its own error
    handling) and return its exit status, whatever it raises: the one guard of every command."""
    try:
        status = invoke()
        sys.stdout.flush()
        return status if isinstance(status, int) else OK
    except UsageError as error:
        return _usage(command, error)
    except ClickException as error:
        say(command, error.format_message())
        return USAGE
    except NotationError as error:
        say_notation(command, error.errors)
        return UNREADABLE
    except PinochleError as error:
        say(command, str(error))
        return UNREADABLE
    except BrokenPipeError:
        silence_stdout()
        return BROKEN_PIPE
    except (KeyboardInterrupt, typer.Abort):
        return INTERRUPTED
    except Exception as error:  # a bug: say so plainly, never a traceback
        return internal(command, error)
