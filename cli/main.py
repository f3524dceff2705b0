"""The ``pinochle`` command: one typer app, one module per subcommand.

Each module in ``COMMANDS`` defines ``register(app)``. A run registers only the command it runs
when the command line starts with its name (``pinochle validate …``): the other commands'
modules (the simulator, the conformance corpus, the service…) are then never imported, which
is most of a cold start. Every other command line (bare ``pinochle``,
``--help``, ``--version``, an unknown command) gets the program with every command, as before.
Before any of this, the console script runs a plain ``validate`` or ``melds`` command line
without typer at all (``cli/fast.py``, from a table of these commands' options); this program
runs every other.

Every run of the app, from the console script or a test, ends through ``cli/exits.py``'s one
guard (``ended``): an error is a message and its exit status, never a traceback; a usage error
(unknown option, missing argument, bad value, bare ``pinochle``) is the message, the usage line
and exit status 4. Help is printed as ruff prints it (``cli/helptext.py``).
"""

from __future__ import annotations

import functools
import importlib
import sys
from collections.abc import Callable, Sequence
from typing import Annotated, Any

import typer

from pinochle.cli.exits import BROKEN_PIPE, USAGE, UsageProblem, ended, say, silence_stdout
from pinochle.cli.helptext import Command, Group

#: Subcommand modules, in the order ``--help`` lists them.
COMMANDS = ["fmt", "melds", "examples", "conformance", "simulate", "validate", "serve"]

#: Where a command's typer part lives when it is not its module itself: ``melds`` and
#: ``validate`` run without typer when their command line is plain (``cli/fast.py``), so their
#: modules import none, and their command lines are declared beside them.
TYPER_MODULES = {"melds": "melds_command", "validate": "validate_command"}


class App(Group):
    """The program's group of commands: its help as ``helptext`` prints it, every run ending
    through the one guard."""

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             windows_expand_args: bool = True, **extra: Any) -> Any:
        """Parse and run ``args`` (default: the process's), ending through ``exits.ended``;
        exits with the status (returns it when not ``standalone_mode``)."""
        argv = list(sys.argv[1:] if args is None else args)
        name = prog_name or "pinochle"
        if argv:
            command = next((word for word in argv if word in self.commands), "")
            status = ended(command, lambda: super(App, self).main(
                argv, name, complete_var, standalone_mode=False, **extra))
        else:
            status = self.no_command(name)
        if standalone_mode:
            sys.exit(status)
        return status

    def no_command(self, name: str) -> int:
        """Bare ``pinochle``: say so, then the help (the commands there are)."""
        with self.make_context(name, [], resilient_parsing=True) as ctx:
            say("", "no command given; choose one of the commands below")
            typer.echo(ctx.get_help(), err=True)
        return USAGE


class _BadUsage(typer.BadParameter):
    """A ``UsageProblem`` handed to the command-line parser's own usage-error path, so that it
    is printed (with the command's usage line) like an unknown option."""

    def format_message(self) -> str:
        return self.message


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


def _new_app() -> typer.Typer:
    """The program without its commands: its name, help, options and callback."""
    program = typer.Typer(
        name="pinochle",
        cls=App,
        help=("Pinochle referee: read, check and adjudicate game records (East Point, old-time, "
              "Scarne's, 25-steps and double-pack rules: a record's Ruleset tag chooses)."),
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    program.callback()(_root)
    return program


def _print_version(wanted: bool) -> None:
    if wanted:
        from importlib.metadata import PackageNotFoundError, version  # ~10 ms: only here

        try:
            number = version("pinochle-referee")
        except PackageNotFoundError:  # pragma: no cover - a source tree not installed
            number = "(not installed)"
        typer.echo(f"pinochle {number}")
        raise typer.Exit(0)


def _root(
    _: Annotated[bool, typer.Option("--version", "-V", is_eager=True, callback=_print_version,
                                    help="Print the version and exit.")] = False,
) -> None:
    """Pinochle referee: read, check and adjudicate game records (every ruleset)."""


@functools.cache
def make_app(names: tuple[str, ...] = tuple(COMMANDS)) -> typer.Typer:
    """The program with the commands ``names`` (of ``COMMANDS``, in its order), each importing
    its module now; built once per process for each set."""
    program = _new_app()
    for name in names:
        importlib.import_module(f"pinochle.cli.{TYPER_MODULES.get(name, name)}").register(program)
    for info in program.registered_commands:
        info.cls = Command
        info.callback = adapt(info.callback)  # type: ignore[arg-type]
    return program


def wanted(argv: Sequence[str]) -> tuple[str, ...]:
    """The commands a run with arguments ``argv`` needs: the one it names first, when its first
    word is a command's name (the program's own options take no value, so that word is the
    command click runs); else every one (help, the version, usage errors list them)."""
    if argv and argv[0] in COMMANDS:
        return (argv[0],)
    return tuple(COMMANDS)


def __getattr__(name: str) -> Any:
    """``app``: the program with every command (for tests and tools that run it in-process),
    built on first use."""
    if name == "app":
        return make_app()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@functools.cache
def command(names: tuple[str, ...] = tuple(COMMANDS)) -> Any:
    """The program with the commands ``names`` as one click command, built from the typer app
    once per process (building it reads every command's signature: about 25 ms for all of them,
    which a program run in-process many times, such as the fuzzer, would otherwise pay each
    time)."""
    return typer.main.get_command(make_app(names))


def main() -> None:
    """The console script: the program with the commands this command line needs."""
    command(wanted(sys.argv[1:]))()


if __name__ == "__main__":
    main()
