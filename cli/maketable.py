"""Writes ``cli/optiontable.py``: the options of the commands that run without typer when their
command line is plain (``cli/fast.py``), read from their typer commands, so that the two never
drift (``tests/cli/test_fast.py`` regenerates the table and compares it with the one stored).

    .venv/bin/python -m pinochle.cli.maketable

Each command's entry: its usage line and command path (for a usage error's last lines), its
arguments (name, ``nargs``, required), its options (each name spelled on the command line, with
the parameter it sets, its kind and what the kind needs: a flag's value, an integer's minimum,
a choice's values), which parameters may repeat, and every parameter's default, in the
command's order. A parameter of any other type is an error here, until ``fast.py`` knows it.
"""

from __future__ import annotations

import enum
import pprint
from pathlib import Path
from typing import Any

import typer

from pinochle.cli.main import make_app

#: The commands run without typer, and the core function each command line is handed to.
FAST = {"melds": "pinochle.cli.melds:run_melds",
        "validate": "pinochle.cli.validate:run_validate"}

OUT = Path(__file__).with_name("optiontable.py")

HEADER = '''"""The options of ``pinochle melds`` and ``pinochle validate`` as their typer commands
declare them, for ``cli/fast.py``, which reads a plain command line of theirs without importing
typer. Written by ``python -m pinochle.cli.maketable``: do not edit."""

from typing import Any

'''


def _kind(param: Any) -> tuple[str, Any]:
    """What ``fast.py`` does with an option's value: ``str``, ``path``, ``int`` (its minimum),
    ``choice`` (the values), ``flag`` (set by ``_options``)."""
    annotation = param.type_descriptor.annotation
    info = param.type_descriptor.parameter_info
    if annotation in (str, list[str]):
        return "str", None
    if annotation is Path:
        return "path", None
    if annotation is int and getattr(info, "max", None) is None and not getattr(info, "clamp",
                                                                                 False):
        return "int", getattr(info, "min", None)
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        if not getattr(info, "case_sensitive", True):
            raise TypeError(f"{param.name}: a choice not case-sensitive")
        return "choice", tuple(member.value for member in annotation)
    raise TypeError(f"{param.name}: fast.py does not read {annotation!r}")


def _options(param: Any) -> dict[str, tuple[str, str, Any]]:
    if getattr(param, "is_flag", False):
        if param.type_descriptor.annotation is not bool or param.count:
            raise TypeError(f"{param.name}: a flag fast.py does not read")
        return {**{name: (param.name, "flag", True) for name in param.opts},
                **{name: (param.name, "flag", False) for name in param.secondary_opts}}
    if param.secondary_opts or param.nargs != 1:
        raise TypeError(f"{param.name}: an option fast.py does not read")
    kind, extra = _kind(param)
    return {name: (param.name, kind, extra) for name in param.opts}


def entry(group: Any, name: str, core: str) -> dict[str, Any]:
    """``name``'s entry in the table, from the click command typer builds for it."""
    command = group.commands[name]
    parent = group.make_context("pinochle", [name], resilient_parsing=True)
    ctx = command.make_context(name, [], parent=parent, resilient_parsing=True)
    arguments, options, multiple, defaults = [], {}, [], {}
    for param in command.params:
        if param.envvar is not None or param.callback is not None or param.is_eager:
            raise TypeError(f"{param.name}: fast.py does not run callbacks or read variables")
        if param.param_type_name == "argument":
            kind, _ = _kind(param)
            arguments.append((param.name, param.nargs, bool(param.required), kind))
        else:
            options.update(_options(param))
            if param.multiple:
                multiple.append(param.name)
        default = param.default
        defaults[param.name] = default.value if isinstance(default, enum.Enum) else default
    return {"core": core, "usage": command.get_usage(ctx), "path": ctx.command_path,
            "arguments": arguments, "options": options, "multiple": multiple,
            "defaults": defaults}


def render() -> str:
    """The text of ``optiontable.py``."""
    group = typer.main.get_command(make_app(tuple(FAST)))
    table = {name: entry(group, name, core) for name, core in FAST.items()}
    return (HEADER + "COMMANDS: dict[str, Any] = "
            + pprint.pformat(table, width=100, sort_dicts=False) + "\n")


def main() -> None:
    OUT.write_text(render(), encoding="utf-8")


if __name__ == "__main__":
    main()
