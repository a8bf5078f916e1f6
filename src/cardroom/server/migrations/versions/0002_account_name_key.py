"""Account names are unique in any case, for every alphabet: a case-folded
key (Python's str.casefold, since SQL lower() folds only ASCII on SQLite
and on a C-locale PostgreSQL) with a unique index.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("name_key", sa.String(32), nullable=True))
    accounts = sa.table("accounts", sa.column("id", sa.Integer),
                        sa.column("name", sa.String), sa.column("name_key", sa.String))
    conn = op.get_bind()
    for account_id, name in conn.execute(sa.select(accounts.c.id, accounts.c.name)).all():
        conn.execute(accounts.update().where(accounts.c.id == account_id)
                     .values(name_key=name.casefold()))
    with op.batch_alter_table("accounts") as batch:
        batch.alter_column("name_key", existing_type=sa.String(32), nullable=False)
        batch.create_index("ix_accounts_name_key", ["name_key"], unique=True)


def downgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.drop_index("ix_accounts_name_key")
        batch.drop_column("name_key")
