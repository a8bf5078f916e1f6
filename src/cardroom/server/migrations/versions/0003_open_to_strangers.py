"""What a room open to strangers keeps: who made each table (a keyed hash
of the address, the account) and the owner token's hash, why a table ended
early, who made each account, failed sign-ins and their back-off, and when
a session was last used (sliding expiry). Account name keys grow to 128
characters: a case-folded NFKC skeleton can be longer than the name.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from cardroom.server.security import name_key

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("creator_key", sa.String(64), nullable=True))
        batch.add_column(sa.Column("creator_account", sa.Integer, nullable=True))
        batch.add_column(sa.Column("owner_hash", sa.String(64), nullable=True))
        batch.add_column(sa.Column("end_reason", sa.String(16), nullable=True))
        batch.create_index("ix_tables_creator_key", ["creator_key"])
    with op.batch_alter_table("accounts") as batch:
        batch.alter_column("name_key", existing_type=sa.String(32), type_=sa.String(128),
                           existing_nullable=False)
        batch.add_column(sa.Column("created_by", sa.String(64), nullable=True))
        batch.add_column(sa.Column("failed_signins", sa.Integer, nullable=False,
                                   server_default="0"))
        batch.add_column(sa.Column("locked_until", sa.Float, nullable=True))
        batch.create_index("ix_accounts_created_by", ["created_by"])
    with op.batch_alter_table("account_sessions") as batch:
        batch.add_column(sa.Column("last_used_at", sa.Float, nullable=True))
    _key_names_by_look()


def _key_names_by_look() -> None:
    """Names are now found by a key that also folds look-alike letters
    (security.name_key): each existing account gets it, oldest first. Where
    two existing names now key alike (a look-alike pair made before), the
    later keeps its old key, under which signing in still finds it."""
    accounts = sa.table("accounts", sa.column("id", sa.Integer),
                        sa.column("name", sa.String), sa.column("name_key", sa.String))
    conn = op.get_bind()
    rows = conn.execute(sa.select(accounts.c.id, accounts.c.name, accounts.c.name_key)
                        .order_by(accounts.c.id)).all()
    wanted = {account_id: name_key(name) for account_id, name, _ in rows}
    claimed = {key for account_id, _, key in rows if wanted[account_id] == key}
    for account_id, _, key in rows:
        if wanted[account_id] == key:
            continue
        if wanted[account_id] in claimed:
            claimed.add(key)
            continue
        claimed.add(wanted[account_id])
        conn.execute(accounts.update().where(accounts.c.id == account_id)
                     .values(name_key=wanted[account_id]))


def _key_names_by_case() -> None:
    """Back to 0002's keys: the name case-folded."""
    accounts = sa.table("accounts", sa.column("id", sa.Integer),
                        sa.column("name", sa.String), sa.column("name_key", sa.String))
    conn = op.get_bind()
    for account_id, name in conn.execute(sa.select(accounts.c.id, accounts.c.name)).all():
        conn.execute(accounts.update().where(accounts.c.id == account_id)
                     .values(name_key=name.casefold()))


def downgrade() -> None:
    _key_names_by_case()
    with op.batch_alter_table("account_sessions") as batch:
        batch.drop_column("last_used_at")
    with op.batch_alter_table("accounts") as batch:
        batch.drop_index("ix_accounts_created_by")
        batch.drop_column("locked_until")
        batch.drop_column("failed_signins")
        batch.drop_column("created_by")
        batch.alter_column("name_key", existing_type=sa.String(128), type_=sa.String(32),
                           existing_nullable=False)
    with op.batch_alter_table("tables") as batch:
        batch.drop_index("ix_tables_creator_key")
        batch.drop_column("end_reason")
        batch.drop_column("owner_hash")
        batch.drop_column("creator_account")
        batch.drop_column("creator_key")
