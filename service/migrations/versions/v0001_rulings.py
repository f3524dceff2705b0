"""The rulings table: one row per stored ruling, its JSON kept as the bytes first returned.

Revision ID: 0001
Revises:
Create Date: 2025-01-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rulings",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("created", sa.String(32), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("engine", sa.String(64), nullable=False),
        sa.Column("body", sa.LargeBinary, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rulings")
