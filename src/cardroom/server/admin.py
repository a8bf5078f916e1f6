"""What an operator does to a room's database (``cardroom admin``, and the
checks of bans the room makes): list tables and connections, end a table or
hand a seat to a bot, ban names and accounts, prune old games, back up and
restore. Plain SQLAlchemy over a Store's engine; nothing here serves HTTP.

A live table is changed through an order (``orders.py``) that the node
holding it applies; only when no node runs does this module change the
table's rows itself."""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import sqlite3
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

from sqlalchemy import Engine, delete, func, inspect, select, update
from sqlalchemy.engine import URL, make_url
from sqlalchemy.orm import Session

from cardroom.protocol import Forbidden
from cardroom.server import orders, security
from cardroom.server.cluster import FRESH_S
from cardroom.server.live import STANDIN_BOT
from cardroom.server.models import (
    AccountRow,
    ActionRow,
    BanRow,
    ChatRow,
    LeaseRow,
    NodeRow,
    OrderRow,
    SeatRow,
    TableRow,
)
from cardroom.server.store import Control, Store, TableData

NAME, ACCOUNT = "name", "account"
SQLITE_MAGIC = b"SQLite format 3\0"
PG_DUMP_MAGIC = b"PGDMP"
# The rows that describe a table, deleted with it by prune (ratings stay).
TABLE_PARTS: tuple[Any, ...] = (SeatRow, ActionRow, ChatRow, LeaseRow, OrderRow)


class AdminError(Exception):
    """Something the operator asked that cannot be done, said in one line."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class Banned(Forbidden):
    """A banned display name or account (HTTP 403)."""


# ----- what the room checks ------------------------------------------------------
def refuse_banned_name(engine: Engine, name: str) -> None:
    """Banned unless the display name is free to use at the tables."""
    if _banned(engine, NAME, security.name_key(name)):
        raise Banned(f"the name {name!r} may not be used in this card room")


def refuse_banned_account(engine: Engine, account_id: int) -> None:
    with Session(engine) as conn:
        key = conn.scalar(select(AccountRow.name_key).where(AccountRow.id == account_id))
    if key is not None and _banned(engine, ACCOUNT, key):
        raise Banned("this account is banned from this card room")


def _banned(engine: Engine, kind: str, key: str) -> bool:
    with Session(engine) as conn:
        return conn.scalar(select(BanRow.key).where(BanRow.kind == kind,
                                                    BanRow.key == key)) is not None


# ----- bans ----------------------------------------------------------------------
@dataclass
class Ban:
    kind: str
    name: str
    created_at: float


def ban_name(store: Store, name: str) -> bool:
    """Refuse the display name (any case, look-alike letters) at create,
    join and lessons; False when it was banned already."""
    return _add_ban(store.engine, NAME, security.name_key(name), name)


def ban_account(store: Store, name: str) -> tuple[str, bool, int]:
    """Refuse the account's sign-in and end its sessions now: (its name as
    kept, whether it was newly banned, how many sessions ended)."""
    found = store.account_by_name(name)
    if found is None:
        raise AdminError(f"there is no account named {name!r}")
    account_id, kept, _ = found
    with Session(store.engine) as conn:
        key = conn.scalar(select(AccountRow.name_key).where(AccountRow.id == account_id))
    assert key is not None
    new = _add_ban(store.engine, ACCOUNT, key, kept)
    return kept, new, store.end_sessions(account_id)


def _add_ban(engine: Engine, kind: str, key: str, name: str) -> bool:
    with Session(engine) as conn, conn.begin():
        if conn.scalar(select(BanRow.key).where(BanRow.kind == kind, BanRow.key == key)):
            return False
        conn.add(BanRow(kind=kind, key=key, name=name, created_at=time.time()))
        return True


def unban(store: Store, name: str, account: bool) -> bool:
    """Lift a ban; False when there was none."""
    with Session(store.engine) as conn, conn.begin():
        gone = conn.execute(delete(BanRow).where(
            BanRow.kind == (ACCOUNT if account else NAME),
            BanRow.key == security.name_key(name)).returning(BanRow.key))
        return gone.first() is not None


def list_bans(store: Store) -> list[Ban]:
    with Session(store.engine) as conn:
        rows = conn.scalars(select(BanRow).order_by(BanRow.kind, BanRow.key)).all()
        return [Ban(r.kind, r.name, r.created_at) for r in rows]


# ----- nodes and what they serve -------------------------------------------------
@dataclass
class NodeInfo:
    id: str
    url: str
    seen_at: float
    draining: bool
    report: dict[str, Any] = field(default_factory=dict)


@dataclass
class Connection:
    node: str
    table: str
    seat: int | None  # None: a spectator
    name: str | None
    opened_at: float | None


def running_nodes(store: Store, now: float | None = None) -> list[NodeInfo]:
    """The nodes whose row was renewed within FRESH_S."""
    since = (time.time() if now is None else now) - FRESH_S
    with Session(store.engine) as conn:
        rows = conn.scalars(select(NodeRow).where(NodeRow.seen_at >= since)
                            .order_by(NodeRow.id)).all()
        return [NodeInfo(r.id, r.url, r.seen_at, bool(r.draining), _json(r.report))
                for r in rows]


def connections(nodes: list[NodeInfo]) -> list[Connection]:
    """Every table connection the nodes last reported."""
    found: list[Connection] = []
    for node in nodes:
        for entry in node.report.get("connections", []):
            if not isinstance(entry, dict):
                continue
            seat = entry.get("seat")
            found.append(Connection(node.id, str(entry.get("table", "?")),
                                    seat if isinstance(seat, int) else None,
                                    entry.get("name"), _number(entry.get("opened_at"))))
    return found


def _json(value: Any) -> dict[str, Any]:
    import json

    with contextlib.suppress(ValueError):
        while isinstance(value, str):  # a report written as a JSON string
            value = json.loads(value)
    return value if isinstance(value, dict) else {}


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


# ----- tables ----------------------------------------------------------------------
@dataclass
class TableLine:
    id: str
    game: str
    status: str
    created_at: float
    rated: bool
    lesson: str | None
    end_reason: str | None
    seats: list[str]
    node: str | None  # the node that plays it, if any


def list_tables(store: Store, status: str | None = None, limit: int = 50,
                now: float | None = None) -> list[TableLine]:
    """The newest tables first (of one status, if given)."""
    query = select(TableRow).order_by(TableRow.created_at.desc(), TableRow.id).limit(limit)
    if status is not None:
        query = query.where(TableRow.status == status)
    with Session(store.engine) as conn:
        rows = conn.scalars(query).all()
        ids = [r.id for r in rows]
        seats: dict[str, list[str]] = {}
        for seat in conn.scalars(select(SeatRow).where(SeatRow.table_id.in_(ids))
                                 .order_by(SeatRow.table_id, SeatRow.seat)):
            seats.setdefault(seat.table_id, []).append(_seat_text(seat))
        leases = {row.table_id: row.node_id for row in conn.execute(
            select(LeaseRow.table_id, LeaseRow.node_id).where(LeaseRow.table_id.in_(ids)))}
    lone = _lone_node(store, now)
    return [TableLine(r.id, r.game, r.status, r.created_at, bool(r.rated), r.lesson,
                      r.end_reason, seats.get(r.id, []),
                      leases.get(r.id) or (lone if r.status != "over" else None))
            for r in rows]


def _lone_node(store: Store, now: float | None) -> str | None:
    """On SQLite the one running node plays every table not over."""
    if not store.url.startswith("sqlite"):
        return None
    nodes = running_nodes(store, now)
    return nodes[0].id if nodes else None


def _seat_text(seat: SeatRow) -> str:
    who = seat.name or "open"
    if seat.kind == "bot":
        return f"{seat.seat}: {seat.bot} (bot)"
    if seat.control == Control.AWAY:
        return f"{seat.seat}: {who} (away, a bot stands in)"
    if seat.control == Control.LEFT:
        return f"{seat.seat}: {who} (left, {seat.bot or STANDIN_BOT} plays)"
    if seat.control == Control.RESERVED:
        return f"{seat.seat}: {who} (kept for the next deal)"
    return f"{seat.seat}: {who}"


def table(store: Store, table_id: str) -> TableData:
    data = store.load_table(table_id) if table_id.isprintable() else None
    if data is None:
        raise AdminError(f"there is no table {table_id!r}")
    return data


# ----- ending a table, a bot for a seat, without a node -------------------------
def end_directly(store: Store, table_id: str) -> str:
    """End the table in the database (no node plays it), recorded as an
    order done by the admin command."""
    data = table(store, table_id)
    refusal = orders.end_refusal(data)
    if refusal is not None:
        raise AdminError(refusal.removeprefix(orders.REFUSED))
    with Session(store.engine) as conn, conn.begin():
        conn.execute(update(TableRow).where(TableRow.id == table_id).values(
            status="over", end_reason="abandoned", finished_at=time.time()))
    return _record(store, table_id, orders.END, {}, orders.end_done(table_id))


def bot_directly(store: Store, table_id: str, seat: int, bot: str | None) -> str:
    data = table(store, table_id)
    refusal = orders.bot_refusal(data, seat)
    if refusal is not None:
        raise AdminError(refusal.removeprefix(orders.REFUSED))
    with Session(store.engine) as conn, conn.begin():
        conn.execute(update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                     .values(control=Control.LEFT, token_hash=None, bot=bot))
    return _record(store, table_id, orders.BOT, {"seat": seat, "bot": bot},
                   orders.bot_done(table_id, seat, bot))


def _record(store: Store, table_id: str, kind: str, args: dict[str, Any], outcome: str) -> str:
    order = orders.place(store.engine, table_id, kind, args)
    orders.finish(store.engine, order, outcome, orders.BY_ADMIN)
    return outcome


# ----- pruning -----------------------------------------------------------------------
@dataclass
class Pruned:
    tables: int
    actions: int


def prune(store: Store, days: float, dry_run: bool = False,
          now: float | None = None) -> Pruned:
    """Delete the tables over for more than ``days`` days with their seats,
    actions, chat, leases and orders; ratings and accounts stay. Waiting
    and playing tables are never touched."""
    cutoff = (time.time() if now is None else now) - days * 86400
    old = select(TableRow.id).where(TableRow.status == "over", TableRow.finished_at < cutoff)
    with Session(store.engine) as conn, conn.begin():
        count = int(conn.scalar(select(func.count()).select_from(old.subquery())) or 0)
        actions = int(conn.scalar(select(func.count()).select_from(ActionRow)
                                  .where(ActionRow.table_id.in_(old))) or 0)
        if not dry_run:
            for part in TABLE_PARTS:
                conn.execute(delete(part).where(part.table_id.in_(old)))
            conn.execute(delete(TableRow).where(TableRow.id.in_(old)))
    return Pruned(count, actions)


# ----- backup and restore --------------------------------------------------------------
def backup(url: str, target: Path) -> None:
    """A copy of the database in ``target`` (a new file), safe while the
    room runs: SQLite's online backup, or pg_dump's custom format."""
    if target.exists():
        raise AdminError(f"{target} already exists: back up into a new file")
    if not target.parent.is_dir():
        raise AdminError(f"there is no folder {target.parent}")
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)  # what a killed backup left
    try:
        if _is_sqlite(url):
            with _sqlite(sqlite_path(url, must_exist=True), mode="rw") as src, \
                    _sqlite(partial) as dst:
                src.backup(dst)
                # one self-contained file: no write-ahead log beside it
                dst.execute("PRAGMA journal_mode=DELETE")
        else:
            _pg_tool("pg_dump", url, "--format=custom", f"--file={partial}")
        os.replace(partial, target)
    finally:
        with contextlib.suppress(OSError):
            partial.unlink()


def restore(source: Path, url: str) -> None:
    """The backup in ``source`` into the database at ``url``, which must
    hold no table and have no node running; then the schema is brought up
    to date and the old room's nodes and leases are forgotten (the first
    server started on it takes every table)."""
    head = _read_head(source)
    if _is_sqlite(url) != head.startswith(SQLITE_MAGIC):
        want = "an SQLite database file" if _is_sqlite(url) else "a pg_dump archive"
        raise AdminError(f"{source} is not {want}: restore a SQLite backup into "
                         "sqlite:///FILE and a PostgreSQL one into postgresql+psycopg://...")
    if not _is_sqlite(url) and not head.startswith(PG_DUMP_MAGIC):
        raise AdminError(f"{source} is not a pg_dump archive (made by cardroom admin backup)")
    _check_empty(url)
    if _is_sqlite(url):
        with _sqlite(source, mode="ro") as src, _sqlite(sqlite_path(url)) as dst:
            _check_backup(src, source)
            src.backup(dst)
    else:
        _pg_tool("pg_restore", url, "--no-owner", "--clean", "--if-exists",
                 "--single-transaction", "--exit-on-error", str(source), dbname=True)
    store = Store(url)
    try:
        store.upgrade()
        with Session(store.engine) as conn, conn.begin():
            conn.execute(delete(LeaseRow))
            conn.execute(delete(NodeRow))
    finally:
        store.close()


def _read_head(source: Path) -> bytes:
    try:
        with source.open("rb") as file:
            return file.read(16)
    except OSError as err:
        raise AdminError(f"cannot read {source}: {err.strerror or err}") from None


def _check_empty(url: str) -> None:
    """AdminError unless the database holds no table and no node runs on it."""
    if _is_sqlite(url) and not sqlite_path(url).exists():
        return
    store = Store(url)
    try:
        names = set(inspect(store.engine).get_table_names())
        with Session(store.engine) as conn:
            held = "tables" in names and conn.scalar(select(func.count()).select_from(TableRow))
        if held:
            raise AdminError(f"{shown(url)} holds {held} table{'s' if held > 1 else ''}: "
                             "restore into an empty database only")
        if "nodes" in names and running_nodes(store):
            raise AdminError(f"a card room server is running on {shown(url)}: stop it first")
    finally:
        store.close()


def _check_backup(src: sqlite3.Connection, source: Path) -> None:
    try:
        found = src.execute("SELECT count(*) FROM sqlite_master WHERE name IN "
                            "('tables', 'alembic_version')").fetchone()[0]
    except sqlite3.DatabaseError as err:
        raise AdminError(f"{source} is not a readable SQLite database: {err}") from None
    if found != 2:
        raise AdminError(f"{source} is not a card room database (no tables in it)")


def _is_sqlite(url: str) -> bool:
    return url.startswith("sqlite")


def sqlite_path(url: str, must_exist: bool = False) -> Path:
    database = make_url(url).database
    if not database or database == ":memory:":
        raise AdminError("an SQLite database in memory has nothing to back up or restore")
    path = Path(database)
    if must_exist and not path.is_file():
        raise AdminError(f"there is no database file {path}")
    return path


@contextlib.contextmanager
def _sqlite(path: Path, mode: str = "rwc") -> Iterator[sqlite3.Connection]:
    """A plain connection; mode ro (read only), rw (an existing file) or rwc."""
    try:
        conn = sqlite3.connect(f"file:{quote(str(path))}?mode={mode}", uri=True)
    except sqlite3.Error as err:
        raise AdminError(f"cannot open {path}: {err}") from None
    try:
        yield conn
    except sqlite3.DatabaseError as err:
        raise AdminError(f"{path}: {err}") from None
    finally:
        conn.close()


def pg_tool_path(tool: str) -> str | None:
    """pg_dump or pg_restore: beside the newest server of
    /usr/lib/postgresql (a tool older than the server refuses to work), in
    $CARDROOM_POSTGRES_BIN if set, else on PATH."""
    given = os.environ.get("CARDROOM_POSTGRES_BIN")
    folders = [given] if given else []
    versions = glob.glob("/usr/lib/postgresql/*/bin")
    versions.sort(key=lambda p: int(Path(p).parent.name) if Path(p).parent.name.isdigit()
                  else 0, reverse=True)
    for folder in [*folders, *versions]:
        if os.access(Path(folder) / tool, os.X_OK):
            return str(Path(folder) / tool)
    return shutil.which(tool)


def _pg_tool(tool: str, url: str, *args: str, dbname: bool = False) -> None:
    """Run pg_dump or pg_restore on the database at ``url``; its password
    goes through the environment, never the command line."""
    path = pg_tool_path(tool)
    if path is None:
        raise AdminError(f"{tool} is not installed: install PostgreSQL's client tools "
                         "(apt-get install postgresql-client) or set CARDROOM_POSTGRES_BIN "
                         "to their folder")
    address = make_url(url)
    env = {**os.environ}
    if address.password is not None:
        env["PGPASSWORD"] = str(address.password)
    plain = _libpq(address)
    command = [path, *args, f"--dbname={plain}"] if dbname else [path, *args, plain]
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    if done.returncode != 0:
        said = (done.stderr or done.stdout).strip().splitlines()
        raise AdminError(f"{tool} failed: {said[0] if said else f'exit {done.returncode}'}")


def _libpq(address: URL) -> str:
    """The URL as libpq reads it: postgresql://, no driver, no password."""
    plain = address.set(drivername="postgresql", password=None)
    return plain.render_as_string(hide_password=False)


def shown(url: str) -> str:
    """A database URL to show: never its password."""
    return make_url(url).render_as_string(hide_password=True)
