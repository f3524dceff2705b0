"""``pinochle serve``: the referee as an HTTP service (FastAPI under uvicorn; docs/service.md).

The options become the service's settings (``service/settings.py``), passed to uvicorn's worker
processes through the environment, so that ``--workers N`` runs N processes with the same
configuration.
"""

from __future__ import annotations

import copy
import errno
import os
import socket
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from pinochle.cli.exits import UsageProblem, echo
from pinochle.notation.errors import quoted

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
    token_file: Annotated[Optional[Path], typer.Option(
        "--token-file", metavar="FILE",
        help="Creating rulings needs the bearer token in this file's first line (reading "
             "stays public).")] = None,
    token: Annotated[Optional[str], typer.Option(
        metavar="TOKEN", help="The token itself (visible to every local user in ps: prefer "
                              "--token-file or PINOCHLE_TOKEN).")] = None,
    access_log: Annotated[bool, typer.Option(
        "--access-log/--no-access-log", help="One line per request on standard output.")] = True,
) -> None:
    """Serve the HTTP API and the replay page."""
    from pydantic import ValidationError

    from pinochle.service.settings import ENV, ServiceSettings

    if token is not None:
        echo("pinochle serve: warning: --token is visible to every user of this machine (ps); "
             "use --token-file FILE or PINOCHLE_TOKEN", err=True)
    if workers < 1:
        raise UsageProblem(f"--workers must be at least 1, not {workers}")
    if not 0 < port < 65536:
        raise UsageProblem(f"--port must be between 1 and 65535, not {port}")
    if token_file is not None:
        token = read_token(token_file)
    values: dict[str, object] = {"database": database, "token": token, "data_dir": data_dir,
                                 "access_log": None if access_log else False}
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


def read_token(path: Path) -> str:
    """The first line of ``path``, the token (a usage error when it cannot be read or is
    empty)."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise UsageProblem(f"--token-file: cannot read {quoted(str(path))}: "
                           f"{getattr(error, 'strerror', None) or error}") from None
    if not lines or not lines[0].strip():
        raise UsageProblem(f"--token-file: {quoted(str(path))} is empty; expected the token on "
                           "its first line")
    return lines[0].strip()


def check_database(settings: ServiceSettings) -> None:
    """A ``--database`` URL no worker could open, or a database server that does not answer
    it, is a usage error here, not a worker's crash (a traceback, then exit 3)."""
    from pinochle.service.store import reach_problem, url_problem

    if settings.database is None:
        return
    problem = url_problem(settings.database)
    if problem is not None:
        raise UsageProblem(f"--database: {problem}")
    unreachable = reach_problem(settings.database)
    if unreachable is not None:
        from sqlalchemy.engine import make_url

        shown = make_url(settings.database).render_as_string(hide_password=True)
        # the whole URL (its password hidden): where it points is the point
        raise UsageProblem(f"--database: cannot connect to '{shown}': {unreachable}")


#: The application factory each uvicorn worker calls.
APP = "pinochle.service.app:app_from_env"


def listen(host: str, port: int, backlog: int) -> socket.socket:
    """The listening socket, with TCP_NODELAY (the accepted connections inherit it: without
    it a response's body waits for the client's delayed acknowledgement of its head, 40 ms for
    one answer in twenty); a port in use is a usage error, not a worker's crash."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except (OSError, OverflowError) as error:
        sock.close()
        reason = getattr(error, "strerror", None) or str(error)
        hint = ("; is another server running there? choose another --port"
                if getattr(error, "errno", None) == errno.EADDRINUSE else "")
        raise UsageProblem(f"cannot listen on {host}:{port}: {reason}{hint}") from None
    sock.listen(backlog)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.set_inheritable(True)
    return sock


def log_config(access_log: bool) -> dict[str, Any]:
    """uvicorn's logging: warnings and errors on standard error; the access log (when on) on
    standard output, one line a request with its time."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config["formatters"]["access"]["fmt"] = \
        '%(asctime)s %(client_addr)s "%(request_line)s" %(status_code)s'
    config["loggers"]["uvicorn.error"]["level"] = "WARNING"
    config["loggers"]["uvicorn.access"]["level"] = "INFO" if access_log else "WARNING"
    return config


def run_server(settings: ServiceSettings, host: str, port: int, workers: int) -> None:
    """uvicorn, with the settings in the environment of every worker process."""
    import uvicorn
    from uvicorn.supervisors import Multiprocess

    from pinochle.service.connections import PROTOCOL
    from pinochle.service.settings import SUPERVISOR

    sock = listen(host, port, settings.backlog)
    os.environ.update(settings.to_env())
    config = uvicorn.Config(APP, factory=True, workers=workers, http=PROTOCOL,
                            timeout_keep_alive=settings.keep_alive, backlog=settings.backlog,
                            log_config=log_config(settings.access_log),
                            access_log=settings.access_log)
    shown = f"[{host}]" if ":" in host else host
    echo(f"pinochle serve: listening on http://{shown}:{sock.getsockname()[1]} "
         f"({workers} worker{'s' * (workers > 1)}; Ctrl-C stops)", err=True)
    try:
        if workers == 1:
            uvicorn.Server(config).run(sockets=[sock])
        else:
            # each worker dies with this process, even by kill -9 (service/app.py)
            os.environ[SUPERVISOR] = str(os.getpid())
            Multiprocess(config, sockets=[sock]).run()
    except KeyboardInterrupt:
        pass


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)
