"""Alembic environment: the card room runs migrations on start, handing
over its own connection (``Store.upgrade``); no alembic.ini is needed."""

from __future__ import annotations

from alembic import context

from cardroom.server.models import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata,
                  render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
