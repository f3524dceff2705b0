"""``--help`` as ruff and black print it: a flag as a flag (``--json``), an option's value as a
word in capitals (``--games N``), an argument as its name (``FILE...``, ``[RECORD]``), plain
text without boxes.

``Command`` and ``Group`` are typer's own classes with the parameter rows and the usage line
written here; ``cli/main.py`` gives them to the program and every command.
"""

from __future__ import annotations

from typing import Any

from typer.core import TyperCommand, TyperGroup


def _argument_name(param: Any) -> str:
    return param.metavar or param.name.upper()


def _argument_usage(param: Any) -> str:
    name = _argument_name(param)
    if param.nargs != 1 and not name.endswith("..."):
        name += "..."
    return name if param.required else f"[{name}]"


def _option_label(param: Any) -> str:
    """``-q, --quiet``; ``    --json``; ``    --games N`` (long names line up under a short
    one's)."""
    names = [*param.opts, *param.secondary_opts]
    short = [n for n in names if not n.startswith("--")]
    label = ", ".join(short + [n for n in names if n.startswith("--")])
    if not short:
        label = "    " + label
    if not getattr(param, "is_flag", False):
        label += f" {param.metavar or param.name.upper()}"
    return label


def _default(param: Any) -> str:
    shown = param.show_default
    if isinstance(shown, str):
        return shown
    if not shown or getattr(param, "is_flag", False) or param.default in (None, "", (), []):
        return ""
    return str(param.default)


def _option_help(param: Any) -> str:
    text = param.help or ""
    default = _default(param)
    return f"{text}  [default: {default}]" if default else text


def usage_pieces(command: Any, ctx: Any) -> list[str]:
    pieces = [command.options_metavar] if command.options_metavar else []
    pieces += [_argument_usage(p) for p in command.get_params(ctx)
                if p.param_type_name == "argument"]
    return pieces


def format_parameters(command: Any, ctx: Any, formatter: Any) -> None:
    """The ``Arguments:`` and ``Options:`` sections."""
    arguments, options = [], []
    for param in command.get_params(ctx):
        if getattr(param, "hidden", False):
            continue
        if param.param_type_name == "argument":
            arguments.append((_argument_name(param), getattr(param, "help", None) or ""))
        else:
            options.append((_option_label(param), _option_help(param)))
    for title, rows in (("Arguments", arguments), ("Options", options)):
        if rows:
            with formatter.section(title):
                formatter.write_dl(rows)


class Command(TyperCommand):
    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        return usage_pieces(self, ctx)

    def format_options(self, ctx: Any, formatter: Any) -> None:
        format_parameters(self, ctx, formatter)


class Group(TyperGroup):
    def format_options(self, ctx: Any, formatter: Any) -> None:
        format_parameters(self, ctx, formatter)
        self.format_commands(ctx, formatter)
