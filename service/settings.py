"""What a running service is configured with: ``pinochle serve``'s options, passed to the
application (and to each uvicorn worker process) through environment variables."""

from __future__ import annotations

import os
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

#: The environment variables ``pinochle serve`` sets for its workers (and a deployer may set).
ENV = {"database": "PINOCHLE_DATABASE", "data_dir": "PINOCHLE_DATA_DIR",
       "token": "PINOCHLE_TOKEN", "max_body": "PINOCHLE_MAX_BODY",
       "time_limit": "PINOCHLE_TIME_LIMIT", "header_timeout": "PINOCHLE_HEADER_TIMEOUT",
       "keep_alive": "PINOCHLE_KEEP_ALIVE", "max_connections": "PINOCHLE_MAX_CONNECTIONS",
       "backlog": "PINOCHLE_BACKLOG", "ruling_max": "PINOCHLE_RULING_MAX",
       "write_rate": "PINOCHLE_WRITE_RATE", "access_log": "PINOCHLE_ACCESS_LOG"}

#: The pid of ``pinochle serve`` where it supervises several workers: each dies with it.
SUPERVISOR = "PINOCHLE_SUPERVISOR"


def default_data_dir() -> Path:
    """Where the ruling store lives by default: ``$XDG_DATA_HOME/pinochle`` or
    ``~/.local/share/pinochle``."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "pinochle"


class ServiceSettings(BaseModel):
    """``database``: an SQLAlchemy URL, or ``None`` for SQLite in ``data_dir``; ``token``: when
    set, creating rulings needs it (``Authorization: Bearer TOKEN``); ``max_body``: the largest
    request body, in bytes (413 past it); ``time_limit``: seconds a request may take.

    Connections (``service/connections.py``): ``header_timeout``, seconds a connection may take
    to send a request's head, from its opening or the end of its last answer; ``keep_alive``,
    seconds an idle kept-alive connection stays open; ``max_connections``, open connections
    per server worker (fewer where the open-file limit says so); ``backlog``, connections the
    system queues before they are accepted. Without a token: ``ruling_max``, the largest stored
    ruling in bytes (413), and ``write_rate``, rulings a client may create a minute (429).
    ``access_log``: one line per request on standard error."""

    model_config = ConfigDict(frozen=True)

    database: str | None = None
    data_dir: Path = default_data_dir()
    token: str | None = None
    max_body: int = 1 << 20
    time_limit: float = 20.0
    header_timeout: float = Field(default=10.0, gt=0)
    keep_alive: int = Field(default=5, ge=1)
    max_connections: int = Field(default=1000, ge=1)
    backlog: int = Field(default=2048, ge=1)
    ruling_max: int = Field(default=256 << 10, ge=1)
    write_rate: int = Field(default=60, ge=1)
    access_log: bool = True

    @classmethod
    def from_env(cls) -> ServiceSettings:
        values = {name: os.environ[var] for name, var in ENV.items() if os.environ.get(var)}
        return cls.model_validate(values)

    def to_env(self) -> dict[str, str]:
        """The environment that makes ``from_env`` give these settings back."""
        values = self.model_dump()
        return {ENV[name]: str(value) for name, value in values.items() if value is not None}
