"""Several nodes on one PostgreSQL: the nodes of the room, the lease by
which one node plays each live table, and the settings they share.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "nodes",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("url", sa.String(200), nullable=False),
        sa.Column("started_at", sa.Float, nullable=False),
        sa.Column("seen_at", sa.Float, nullable=False),
        sa.Column("draining", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("report", sa.JSON, nullable=True),
    )
    op.create_table(
        "leases",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("node_id", sa.String(32), nullable=False, index=True),
        sa.Column("epoch", sa.Integer, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_table(
        "settings",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("settings")
    op.drop_table("leases")
    op.drop_table("nodes")
