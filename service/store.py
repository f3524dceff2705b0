"""The ruling store: one table of stored rulings, each kept as the exact JSON bytes it was
first returned with, in SQLite by default or any database SQLAlchemy reaches by URL.

``Store.open`` (at start-up, and idempotent) creates the data directory, then brings the schema
to the newest Alembic revision (``service/migrations``) while holding a file lock in the data
directory, so that several workers starting at once migrate one after the other; on PostgreSQL
the migration's transaction also holds an advisory lock, which servers on other machines
sharing the database see too. Every
``insert`` is one transaction, committed before it returns.

SQLite runs in WAL mode with ``synchronous=FULL``: each commit is flushed to disk before it
returns, so an acknowledged ruling survives a killed server and a power cut alike (``NORMAL``
with WAL survives a killed process but may lose the last commits to a power cut; a ruling is a
rare write, and one fsync each costs nothing that matters). Readers never wait for the writer.
pysqlite's own transaction handling is turned off and every transaction is begun explicitly,
so that a migration's DDL is transactional too (pysqlite commits before a DDL statement).
"""

from __future__ import annotations

import fcntl
import threading
from contextlib import contextmanager
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from sqlalchemy import (
    Column, Engine, LargeBinary, MetaData, String, Table, create_engine, event, insert, select,
)
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, IntegrityError, NoSuchModuleError
from sqlalchemy.pool import StaticPool

from pinochle.notation.errors import quoted

from .settings import ServiceSettings

__all__ = ["MIGRATIONS", "Store", "database_url", "rulings", "url_problem"]

MIGRATIONS = Path(__file__).with_name("migrations")
FILENAME = "rulings.sqlite3"
LOCKNAME = "rulings.lock"
BUSY_SECONDS = 30           # how long a writer waits for another's lock (SQLite)
#: The key of the PostgreSQL advisory lock the migrations run under ("pinoch" in ASCII).
MIGRATION_LOCK = 0x70696E6F6368

metadata = MetaData()

#: What the newest migration leaves (``migrations/versions``); ``body`` is the ruling's JSON,
#: the other columns repeat parts of it for whoever queries the database by hand.
rulings = Table(
    "rulings", metadata,
    Column("id", String(16), primary_key=True),
    Column("created", String(32), nullable=False),
    Column("kind", String(16), nullable=False),
    Column("engine", String(64), nullable=False),
    Column("body", LargeBinary, nullable=False),
)


def database_url(settings: ServiceSettings) -> URL:
    """``settings.database``, or SQLite in ``settings.data_dir``."""
    if settings.database:
        return make_url(settings.database)
    return URL.create("sqlite", database=str(Path(settings.data_dir).absolute() / FILENAME))


def url_problem(database: str) -> str | None:
    """What is wrong with an SQLAlchemy URL before any worker tries it (not a URL, an unknown
    database, a driver that is not installed); None when it can be used. Nothing connects."""
    try:
        create_engine(make_url(database)).dispose()
    except NoSuchModuleError as error:
        return f"unknown database in {quoted(database)}: {error}"
    except ArgumentError:
        return f"{quoted(database)} is not a database URL; expected e.g. sqlite:///rulings.db " \
               "or postgresql+psycopg://user@host/pinochle"
    except ImportError as error:
        return f"the driver for {quoted(database)} is not installed ({error})"
    return None


#: Seconds ``reach_problem`` waits for a database server to answer.
REACH_SECONDS = 10


def reach_problem(database: str) -> str | None:
    """Why a database server at the URL ``database`` cannot be reached now (refused, unknown
    host, wrong password, no such database), in the driver's words; None when a connection
    opens. SQLite is a file the store creates: nothing to reach."""
    from sqlalchemy.exc import DBAPIError

    url = make_url(database)
    if url.get_backend_name() == "sqlite":
        return None
    engine = create_engine(url, connect_args={"connect_timeout": REACH_SECONDS}
                           if url.get_backend_name() == "postgresql" else {})
    try:
        with engine.connect():
            return None
    except DBAPIError as error:
        said = str(error.orig or error).strip().splitlines()
        return "; ".join(line.strip() for line in said if line.strip()) or type(error).__name__
    finally:
        engine.dispose()


def _sqlite_engine(url: URL) -> Engine:
    memory = url.database in (None, "", ":memory:")
    options: dict[str, Any] = {"poolclass": StaticPool} if memory else {}
    engine = create_engine(url, connect_args={"timeout": BUSY_SECONDS,
                                              "check_same_thread": False}, **options)

    @event.listens_for(engine, "connect")
    def connect(connection: Any, record: Any) -> None:
        connection.isolation_level = None       # no implicit BEGIN / COMMIT from pysqlite
        cursor = connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")   # kept in the file; later ones are no-ops
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def begin(connection: Any) -> None:
        connection.exec_driver_sql("BEGIN")

    return engine


class Store:
    """The rulings of one service process (each uvicorn worker has its own)."""

    def __init__(self, settings: ServiceSettings) -> None:
        self.settings = settings
        self.url = database_url(settings)
        self._engine: Engine | None = None
        self._opening = threading.Lock()
        #: the revisions before and after, when this process's ``open`` migrated the schema
        self.migrated: tuple[str | None, str | None] | None = None

    @property
    def sqlite(self) -> bool:
        return self.url.get_backend_name() == "sqlite"

    def open(self) -> Engine:
        """The database, created and migrated to the newest schema on first use."""
        with self._opening:
            if self._engine is None:
                data_dir = Path(self.settings.data_dir)
                data_dir.mkdir(parents=True, exist_ok=True)
                engine = _sqlite_engine(self.url) if self.sqlite else create_engine(self.url)
                with _locked(data_dir / LOCKNAME):
                    self.migrated = self._migrate(engine)
                self._engine = engine
            return self._engine

    def _migrate(self, engine: Engine) -> tuple[str | None, str | None] | None:
        """Bring the schema to the newest revision; the revisions before and after when it
        changed, else None. On PostgreSQL the transaction first takes an advisory lock, which
        every server sharing the database sees (the file lock is per machine): whoever comes
        second waits, then finds the schema at the newest revision."""
        with engine.begin() as connection:
            if connection.dialect.name == "postgresql":
                connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
            before = MigrationContext.configure(connection).get_current_revision()
            upgrade(connection)
            after = MigrationContext.configure(connection).get_current_revision()
        return None if before == after else (before, after)

    def insert(self, ruling_id: str, created: str, kind: str, engine: str, body: bytes) -> bool:
        """Store a ruling; committed when this returns True. False: the id is taken."""
        try:
            with self.open().begin() as connection:
                connection.execute(insert(rulings).values(
                    id=ruling_id, created=created, kind=kind, engine=engine, body=body))
        except IntegrityError:
            return False
        return True

    def body(self, ruling_id: str) -> bytes | None:
        """The stored JSON of a ruling, exactly as it was written; None for an unknown id."""
        with self.open().connect() as connection:
            found = connection.execute(
                select(rulings.c.body).where(rulings.c.id == ruling_id)).scalar_one_or_none()
        return None if found is None else bytes(found)

    def close(self) -> None:
        with self._opening:
            if self._engine is not None:
                self._engine.dispose()
                self._engine = None


def alembic_config() -> Config:
    """Alembic's configuration for the store's migrations (no alembic.ini needed)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def upgrade(connection: Any) -> None:
    """Bring the schema on ``connection`` to the newest revision (nothing if it is there),
    inside the caller's transaction."""
    config = alembic_config()
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    """An exclusive lock on ``path`` between processes of this machine (released when the
    process dies, so a killed worker never leaves it held)."""
    with open(path, "a+b") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
