"""``pinochle serve``: the referee as an HTTP service (FastAPI under uvicorn; docs/service.md).

The options become the service's settings (``service/settings.py``), passed to uvicorn's worker
processes through the environment, so that ``--workers N`` runs N processes with the same
configuration.
"""

from __future__ import annotations

import os
import socket
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from pinochle.cli.exits import UsageProblem

if TYPE_CHECKING:
    from pinochle.service.settings import ServiceSettings


def serve(
    host: Annotated[str, typer.Option(metavar="HOST", help="The address to listen on.")] =
    "127.0.0.1",
    port: Annotated[int, typer.Option(metavar="PORT", help="The port to listen on.")] = 8000,
    workers: Annotated[int, typer.Option(
        metavar="N", help="Worker processes (each validates on its own core).")] = 1,
    database: Annotated[Optional[str], typer.Option(
        metavar="URL", help="An SQLAlchemy database URL for the rulings (default: SQLite in "
                            "the data directory).")] = None,
    data_dir: Annotated[Optional[Path], typer.Option(
        "--data-dir", metavar="DIR",
        help="Where the default SQLite ruling store lives (default: "
             "~/.local/share/pinochle).")] = None,
    token: Annotated[Optional[str], typer.Option(
        metavar="TOKEN", envvar="PINOCHLE_TOKEN",
        help="Creating rulings needs this bearer token (reading stays public).")] = None,
) -> None:
    """Serve the HTTP API and the replay page."""
    from pydantic import ValidationError

    from pinochle.service.settings import ENV, ServiceSettings

    if workers < 1:
        raise UsageProblem(f"--workers must be at least 1, not {workers}")
    if not 0 < port < 65536:
        raise UsageProblem(f"--port must be between 1 and 65535, not {port}")
    values: dict[str, object] = {"database": database, "token": token, "data_dir": data_dir}
    # the options over what the environment already says (PINOCHLE_MAX_BODY,
    # PINOCHLE_TIME_LIMIT...), so that a deployer's limits reach the workers
    try:
        base = ServiceSettings.from_env().model_dump()
    except ValidationError as error:    # PINOCHLE_TIME_LIMIT=soon
        problems = "; ".join(f"{ENV[str(e['loc'][0])]}: {e['msg']}" for e in error.errors())
        raise UsageProblem(f"the environment: {problems}") from None
    settings = ServiceSettings.model_validate(
        {**base, **{k: v for k, v in values.items() if v is not None}})
    check_database(settings)
    run_server(settings, host, port, workers)


def check_database(settings: ServiceSettings) -> None:
    """A ``--database`` URL no worker could open is a usage error here, not a worker's crash."""
    from pinochle.service.store import url_problem

    problem = None if settings.database is None else url_problem(settings.database)
    if problem is not None:
        raise UsageProblem(f"--database: {problem}")


#: The application factory each uvicorn worker calls.
APP = "pinochle.service.app:app_from_env"


def run_server(settings: ServiceSettings, host: str, port: int, workers: int) -> None:
    """uvicorn, with the settings in the environment of every worker process."""
    import uvicorn

    os.environ.update(settings.to_env())
    if workers == 1:
        uvicorn.run(APP, factory=True, host=host, port=port, log_level="warning")
        return
    # What uvicorn.run does for several workers, but with TCP_NODELAY on the listening socket
    # (the accepted connections inherit it): uvicorn makes that socket itself, without it, and
    # asyncio sets it only on the sockets it makes. Without it a response's body waits for the
    # client's delayed acknowledgement of its head: 40 ms, for one answer in twenty.
    from uvicorn.supervisors import Multiprocess

    config = uvicorn.Config(APP, factory=True, host=host, port=port, workers=workers,
                            log_level="warning")
    sock = config.bind_socket()
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        Multiprocess(config, sockets=[sock]).run()
    except KeyboardInterrupt:
        pass


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)
