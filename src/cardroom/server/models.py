"""The card room's tables in SQL (SQLAlchemy 2). A game's truth is its
record: the ``tables`` row (game, players, seed, options) and its
``actions`` in order; everything live is rebuilt from them on start.
Schema changes go through Alembic (``migrations/``)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, Float, ForeignKey, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    players: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), index=True)  # waiting, playing, over
    rated: Mapped[bool] = mapped_column(Boolean, default=False)
    hints: Mapped[bool] = mapped_column(Boolean, default=True)
    prepared: Mapped[bool] = mapped_column(Boolean, default=False)
    clock_initial_s: Mapped[float | None] = mapped_column(Float, nullable=True)
    clock_per_move_s: Mapped[float | None] = mapped_column(Float, nullable=True)
    created_at: Mapped[float] = mapped_column(Float)
    finished_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    # Who made the table, for the per-creator caps: a keyed hash of the
    # address (never the address itself) and the account, if signed in.
    creator_key: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    creator_account: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # The hash of the creator's owner token, which may end the table.
    owner_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # Why a table that is over ended without its game ending: expired,
    # stopped, abandoned; null for a game played to its end.
    end_reason: Mapped[str | None] = mapped_column(String(16), nullable=True)
    # "Play again": the table where this one's seats play the next deal.
    next_table: Mapped[str | None] = mapped_column(String(32), nullable=True)
    # A lesson's table: the game whose lesson its scripted seats follow.
    lesson: Mapped[str | None] = mapped_column(String(32), nullable=True)


class SeatRow(Base):
    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))  # human, bot
    bot: Mapped[str | None] = mapped_column(String(32), nullable=True)
    budget: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id"), nullable=True)
    # open, seated, away (a bot stands in after the clock ran out), left
    control: Mapped[str] = mapped_column(String(8))
    clock_s: Mapped[float | None] = mapped_column(Float, nullable=True)


class ActionRow(Base):
    __tablename__ = "actions"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(200))
    at: Mapped[float] = mapped_column(Float)


class ChatRow(Base):
    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[float] = mapped_column(Float)


class AccountRow(Base):
    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(32), unique=True)
    # the name case-folded (str.casefold): names are unique in any case
    name_key: Mapped[str] = mapped_column(String(128), unique=True, index=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    created_at: Mapped[float] = mapped_column(Float)
    # A keyed hash of the address that made the account (the per-address cap).
    created_by: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    # Failed sign-ins in a row, and until when sign-in is refused (back-off).
    failed_signins: Mapped[int] = mapped_column(Integer, default=0)
    locked_until: Mapped[float | None] = mapped_column(Float, nullable=True)


class SessionRow(Base):
    __tablename__ = "account_sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)
    created_at: Mapped[float] = mapped_column(Float)
    # Sliding expiry: a session unused for the configured time is refused.
    last_used_at: Mapped[float | None] = mapped_column(Float, nullable=True)


class RatingRow(Base):
    __tablename__ = "ratings"

    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)


class NodeRow(Base):
    """A server process of a room on PostgreSQL (several form one room)."""

    __tablename__ = "nodes"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    # Where the other nodes reach it (forwarded requests): http://host:port
    url: Mapped[str] = mapped_column(String(200))
    started_at: Mapped[float] = mapped_column(Float)
    # The database's clock when the node last renewed its leases.
    seen_at: Mapped[float] = mapped_column(Float)
    # A draining node takes no table and hands its own over.
    draining: Mapped[bool] = mapped_column(Boolean, default=False)
    # What the node serves, written with each renewal for `cardroom admin`:
    # {"tables": [...], "connections": [{"table", "seat", "opened_at", ...}]}
    report: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)


class LeaseRow(Base):
    """Which node plays a live table now. ``epoch`` grows at each change of
    owner; an action is stored only with the epoch its node holds (fencing)."""

    __tablename__ = "leases"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    node_id: Mapped[str] = mapped_column(String(32), index=True)
    epoch: Mapped[int] = mapped_column(Integer)
    # The database's clock (seconds since 1970) past which others may take it.
    expires_at: Mapped[float] = mapped_column(Float)


class SettingRow(Base):
    """Facts shared by every node of a room, such as the key nodes sign
    forwarded requests with."""

    __tablename__ = "settings"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class OrderRow(Base):
    """An operator's order for a live table (``cardroom admin end`` or
    ``bot``): the node that plays the table applies it and says how it went."""

    __tablename__ = "orders"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    kind: Mapped[str] = mapped_column(String(16))  # end, bot
    args: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[float] = mapped_column(Float)
    # The node that took it on (or "admin" when no node ran), and when it
    # was done; pending while done_at is null.
    done_by: Mapped[str | None] = mapped_column(String(64), nullable=True)
    done_at: Mapped[float | None] = mapped_column(Float, nullable=True, index=True)
    outcome: Mapped[str | None] = mapped_column(Text, nullable=True)


class BanRow(Base):
    """A display name refused at the tables, or an account refused sign-in."""

    __tablename__ = "bans"

    kind: Mapped[str] = mapped_column(String(8), primary_key=True)  # name, account
    # security.name_key of the name: the same in any case and look-alike letters
    key: Mapped[str] = mapped_column(String(128), primary_key=True)
    name: Mapped[str] = mapped_column(String(64))  # as the operator wrote it
    created_at: Mapped[float] = mapped_column(Float)
