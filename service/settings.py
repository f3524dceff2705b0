"""What a running service is configured with: ``pinochle serve``'s options, passed to the
application (and to each uvicorn worker process) through environment variables."""

from __future__ import annotations

import os
from pathlib import Path

from pydantic import BaseModel, ConfigDict

#: The environment variables ``pinochle serve`` sets for its workers (and a deployer may set).
ENV = {"database": "PINOCHLE_DATABASE", "data_dir": "PINOCHLE_DATA_DIR",
       "token": "PINOCHLE_TOKEN", "max_body": "PINOCHLE_MAX_BODY",
       "time_limit": "PINOCHLE_TIME_LIMIT"}


def default_data_dir() -> Path:
    """Where the ruling store lives by default: ``$XDG_DATA_HOME/pinochle`` or
    ``~/.local/share/pinochle``."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "pinochle"


class ServiceSettings(BaseModel):
    """``database``: an SQLAlchemy URL, or ``None`` for SQLite in ``data_dir``; ``token``: when
    set, creating rulings needs it (``Authorization: Bearer TOKEN``); ``max_body``: the largest
    request body, in bytes (413 past it); ``time_limit``: seconds a request may take."""

    model_config = ConfigDict(frozen=True)

    database: str | None = None
    data_dir: Path = default_data_dir()
    token: str | None = None
    max_body: int = 1 << 20
    time_limit: float = 20.0

    @classmethod
    def from_env(cls) -> ServiceSettings:
        values = {name: os.environ[var] for name, var in ENV.items() if os.environ.get(var)}
        return cls.model_validate(values)

    def to_env(self) -> dict[str, str]:
        """The environment that makes ``from_env`` give these settings back."""
        values = self.model_dump()
        return {ENV[name]: str(value) for name, value in values.items() if value is not None}
