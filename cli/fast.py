"""``pinochle validate`` and ``pinochle melds`` without typer, when their command line is plain
(importing typer and building its command is a good part of one).

The command line is read with the table ``cli/optiontable.py``, which ``cli/maketable.py``
writes from the typer commands themselves (a test regenerates it and compares), and handed to
the same function the typer command calls (``validate.run_validate``, ``melds.run_melds``),
inside the same guard (``exits.ended``). Anything this reading does not take as plainly valid
goes to typer instead, which then does all of it, as before: help, an unknown or repeated
option, a missing or doubtful value (one starting with ``-``, an integer not written in plain
digits or below its minimum, a choice not among its values), ``--`` or ``--opt=value`` on a
flag, short options run together, a value joined to a short option, too many or too few
arguments, standard output or error that is not a UTF-8 text stream (``typer.echo``
rewraps such a stream), and a shell-completion request (``_PINOCHLE_COMPLETE`` set).
``tests/cli/test_fast.py`` checks over a matrix of command lines that both ways give the same
function the same arguments, and print the same.
"""

from __future__ import annotations

import codecs
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from pinochle.cli.optiontable import COMMANDS

#: The variable that asks typer for shell completion instead of a run.
COMPLETE = "_PINOCHLE_COMPLETE"

#: A value this reading does not take (typer reads the command line instead).
_NO = object()


def plain_streams() -> bool:
    """Whether standard output and error are text streams in UTF-8, which ``typer.echo``
    writes to as they are (``exits.echo`` writes as it does only there)."""
    for stream in (sys.stdout, sys.stderr):
        encoding = getattr(stream, "encoding", None)
        if encoding is None or getattr(stream, "errors", None) is None:
            return False
        try:
            if codecs.lookup(encoding).name != "utf-8":
                return False
        except LookupError:
            return False
    return True


def _value(kind: str, extra: Any, text: str) -> Any:
    if kind == "str":
        return text
    if kind == "path":
        return Path(text)
    if kind == "int":
        if not (text.isascii() and text.isdigit()):
            return _NO
        number = int(text)
        return _NO if extra is not None and number < extra else number
    if kind == "choice":
        return text if text in extra else _NO
    return _NO  # pragma: no cover - maketable writes no other kind


def parse(name: str, argv: Sequence[str]) -> dict[str, Any] | None:
    """The arguments of command ``name``'s function for the words ``argv`` after its name, or
    ``None`` when typer should read them."""
    spec = COMMANDS[name]
    options, multiple = spec["options"], spec["multiple"]
    values: dict[str, Any] = {}
    positional: list[str] = []
    words = list(argv)
    i = 0
    while i < len(words):
        word = words[i]
        i += 1
        if word == "--":
            return None
        if not word.startswith("-") or word == "-":
            positional.append(word)
            continue
        option, equals, joined = word.partition("=") if word.startswith("--") else (word, "", "")
        if option not in options:
            return None
        param, kind, extra = options[option]
        if kind == "flag":
            if equals:
                return None
            value = extra
        else:
            if equals:
                text = joined
            elif i < len(words):
                text = words[i]
                i += 1
            else:
                return None
            if text.startswith("-"):
                return None
            value = _value(kind, extra, text)
            if value is _NO:
                return None
        if param in multiple:
            values.setdefault(param, []).append(value)
        elif param in values:
            return None
        else:
            values[param] = value
    for param, nargs, required, kind in spec["arguments"]:
        if nargs == -1:
            taken, positional = positional, []
            if not taken:
                if required:
                    return None
                continue
            values[param] = [_value(kind, None, text) for text in taken]
        elif nargs == 1:
            if not positional:
                if required:
                    return None
                continue
            values[param] = _value(kind, None, positional.pop(0))
        else:   # pragma: no cover - maketable writes no other nargs
            return None
    if positional:
        return None
    return {param: values.get(param, default) for param, default in spec["defaults"].items()}


def core(name: str) -> Any:
    """The function that does command ``name``'s work."""
    module, function = COMMANDS[name]["core"].split(":")
    return getattr(importlib.import_module(module), function)


def call(name: str, arguments: dict[str, Any]) -> int:
    """Command ``name``'s function with ``arguments``; its exit status. What the typer command
    adds (``main.adapt``), said here as it says it: a ``UsageProblem`` with the usage line, a
    closed standard output as 141."""
    from pinochle.cli.exits import BROKEN_PIPE, UsageProblem, silence_stdout, usage

    try:
        status: int = core(name)(**arguments)
        return status
    except UsageProblem as error:
        spec = COMMANDS[name]
        return usage(name, str(error), spec["usage"], spec["path"])
    except BrokenPipeError:
        silence_stdout()
        return BROKEN_PIPE


def prepare(argv: Sequence[str]) -> Callable[[], int] | None:
    """``pinochle ARGV``, read and its modules imported, ready to run here (its exit status),
    or ``None`` when typer should run it."""
    if not argv or argv[0] not in COMMANDS or not plain_streams() or os.environ.get(COMPLETE):
        return None
    name = argv[0]
    arguments = parse(name, argv[1:])
    if arguments is None:
        return None
    from pinochle.cli.exits import ended

    core(name)      # imported now, before the command's guard takes Ctrl-C over
    return lambda: ended(name, lambda: call(name, arguments))


def run(argv: Sequence[str]) -> int | None:
    """The exit status of ``pinochle ARGV`` run here, or ``None`` when typer should run it."""
    ready = prepare(argv)
    return None if ready is None else ready()
