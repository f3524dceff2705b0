"""The ``pinochle`` command: one typer app, one module per subcommand.

Each module in ``COMMANDS`` defines ``register(app)``. ``main()`` is the console script: it turns
the project's own errors into a message and exit status 2, and never shows a traceback.
"""

from __future__ import annotations

import importlib
import sys

import typer

from pinochle.notation.errors import PinochleError

#: Subcommand modules, in the order ``--help`` lists them.
COMMANDS = ["fmt", "melds", "examples", "conformance", "simulate", "validate"]

app = typer.Typer(
    name="pinochle",
    help="Pinochle referee: read, check and adjudicate game records (East Point rules).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

for _name in COMMANDS:
    importlib.import_module(f"pinochle.cli.{_name}").register(app)


def main() -> None:
    try:
        app(standalone_mode=True)
    except PinochleError as error:
        print(f"pinochle: {error}", file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt:
        sys.exit(130)
    except BrokenPipeError:
        sys.exit(0)


if __name__ == "__main__":
    main()
