"""What an operator does (`cardroom admin`): orders for live tables, which
the node playing the table applies, and bans of display names and accounts.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "orders",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False,
                  index=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("args", sa.JSON, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("done_by", sa.String(64), nullable=True),
        sa.Column("done_at", sa.Float, nullable=True, index=True),
        sa.Column("outcome", sa.Text, nullable=True),
    )
    op.create_table(
        "bans",
        sa.Column("kind", sa.String(8), primary_key=True),
        sa.Column("key", sa.String(128), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("bans")
    op.drop_table("orders")
