"""Alembic's environment for the ruling store: migrations run on the connection that
``service.store.upgrade`` hands over (inside its transaction), never from an alembic.ini."""

from __future__ import annotations

from alembic import context

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("the ruling store migrates itself at start-up (service.store.upgrade); "
                       "run `pinochle serve`, or call upgrade() with a connection")
context.configure(connection=connection, target_metadata=None)
with context.begin_transaction():
    context.run_migrations()
