"""The node: one ``cardroom serve`` process, and its part in a room of
several (docs/deploy.md, "Several nodes").

On PostgreSQL several nodes form one room. Each table is played in the
memory of one node at a time, the one holding its **lease** (a row of
``leases``). A node renews its leases every ``lease_renew_s``; a lease not
renewed for ``lease_ttl_s`` (on the database's clock) may be taken by any
other node, which replays the table's record. Every write about a table
is **fenced**: it is made only in a transaction that finds the writer's
own lease, under a share lock that a taking node must wait for, so that a
node that lost a table (paused, cut off) can never store a move for it.

SQLite runs one node: a lock file beside the database refuses a second.
Every method that reaches the database runs on the room's writer thread.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import socket
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from sqlalchemy import CursorResult, text
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session

from cardroom.server.errors import Moving
from cardroom.server.store import Store, insert_action

# The database's clock in seconds since 1970 (leases never use a node's own).
NOW = "extract(epoch from clock_timestamp())"
KEY_SETTING = "node_key"
# A node whose row was renewed this recently (seconds) is running; nodes
# renew it every couple of seconds, and one not seen for longer has stopped.
FRESH_S = 15.0


class LeaseLost(Moving):
    """Another node plays this table now: this one lets it go, and the
    client, told the table is moving, asks again (and finds it there)."""


class SecondNode(Exception):
    """A second node on a SQLite database."""


@dataclass
class Owner:
    """Who plays a table: this node (``here``), another at ``url`` (its
    lease running out in ``left_s`` unless renewed), or nobody yet (the
    table does not exist: ``here`` with ``missing``)."""

    here: bool
    url: str = ""
    missing: bool = False
    left_s: float = field(default=0.0, compare=False)  # not who, but till when


HERE = Owner(True)


@dataclass
class Node:
    """A lone node (SQLite): it owns every table; only the lock file and
    its report (for ``cardroom admin``) touch the outside."""

    store: Store
    id: str
    url: str
    several: bool = False
    key: str = ""
    lock: Any = None
    epochs: dict[str, int] = field(default_factory=dict)
    # The report last written: a renewal between two reports writes none.
    reported: dict[str, Any] | None = None

    # ----- life --------------------------------------------------------------
    def join(self) -> None:
        """Take the database's lock file (a second node is refused), then
        say who this node is."""
        self.lock = _lock_file(self.store.url)
        with Session(self.store.engine) as conn, conn.begin():
            _upsert_node(conn, self.id, self.url, time.time())

    def leave(self) -> None:
        """Stop being a node of the room: its row goes (SQLite: and its lock)."""
        with Session(self.store.engine) as conn, conn.begin():
            conn.execute(text("DELETE FROM nodes WHERE id = :n"), {"n": self.id})
        if self.lock is not None:
            self.lock.close()
            self.lock = None

    def renew(self, report: dict[str, Any]) -> list[str]:
        """This node is alive (its report for ``cardroom admin``); the
        tables it had and lost to another node (none here)."""
        with Session(self.store.engine) as conn, conn.begin():
            _report(conn, self.id, self._new(report), time.time())
        return []

    def _new(self, report: dict[str, Any]) -> dict[str, Any] | None:
        """The report if it was not written yet, else None."""
        if report is self.reported:
            return None
        self.reported = report
        return report

    # ----- tables --------------------------------------------------------------
    def whose(self, table_id: str) -> Owner | None:
        """The node that plays the table; None when none does (the table
        is this node's to take when it is asked for)."""
        return HERE

    def claim(self, table_id: str) -> Owner:
        return HERE

    def take_orphans(self, limit: int) -> list[str]:
        """Take up to ``limit`` tables no node plays, oldest first (on a
        lone node, every table not over that it has not loaded yet)."""
        taken = [t for t in self.store.live_table_ids() if t not in self.epochs][:limit]
        self.epochs.update((table_id, 0) for table_id in taken)
        return taken

    def release(self, table_ids: list[str]) -> None:
        for table_id in table_ids:
            self.epochs.pop(table_id, None)

    def draining(self) -> None:
        """Take no table any more."""

    def peers(self) -> list[dict[str, Any]]:
        """The other nodes' reports (their lobby tables)."""
        return []

    # ----- fencing (called inside the store's transactions) -----------------
    def check(self, conn: Session, table_id: str) -> None:
        """A write about ``table_id`` may go ahead."""

    def grant(self, conn: Session, table_id: str) -> None:
        """A table made here is played here."""

    def add_action(self, conn: Session, row: dict[str, Any]) -> None:
        insert_action(conn, row)


@dataclass
class ClusterNode(Node):
    """A node of a room on PostgreSQL (see the module's docstring)."""

    several: bool = True
    ttl_s: float = 6.0
    is_draining: bool = False

    def join(self) -> None:
        with Session(self.store.engine) as conn, conn.begin():
            conn.execute(text("INSERT INTO settings (key, value) VALUES (:k, :v) "
                              "ON CONFLICT (key) DO NOTHING"),
                         {"k": KEY_SETTING, "v": secrets.token_hex(32)})
            self.key = str(conn.scalar(text("SELECT value FROM settings WHERE key = :k"),
                                       {"k": KEY_SETTING}))
            now = float(conn.scalar(text(f"SELECT {NOW}")) or 0.0)
            _upsert_node(conn, self.id, self.url, now)

    def renew(self, report: dict[str, Any]) -> list[str]:
        # The leases known before reading them: one claimed meanwhile (by
        # the lease thread or a writer) is not in what is read, nor lost.
        known = dict(self.epochs)
        with Session(self.store.engine) as conn, conn.begin():
            now = float(conn.scalar(text(f"SELECT {NOW}")) or 0.0)
            _report(conn, self.id, self._new(report), now)
            if not self.is_draining:
                conn.execute(text("UPDATE leases SET expires_at = :e WHERE node_id = :n"),
                             {"e": now + self.ttl_s, "n": self.id})
            held = self._held(conn)
            changed = [t for t, epoch in known.items() if held.get(t) != epoch]
            # A lease granted with a new table is known before its
            # transaction commits: not yet stored, it is not lost.
            stored = self._stored(conn, changed) if changed else set()
        lost = [t for t in changed if t in stored and self.epochs.get(t) == known[t]]
        for table_id in lost:
            self.epochs.pop(table_id, None)
        return lost

    def _held(self, conn: Session) -> dict[str, int]:
        """The epoch of each lease this node holds, as stored."""
        return {row.table_id: int(row.epoch) for row in conn.execute(text(
            "SELECT table_id, epoch FROM leases WHERE node_id = :n"), {"n": self.id})}

    def _stored(self, conn: Session, table_ids: list[str]) -> set[str]:
        """Those of the tables whose lease is stored (by any node)."""
        return set(conn.scalars(text("SELECT table_id FROM leases WHERE table_id = ANY(:t)"),
                                {"t": table_ids}))

    def whose(self, table_id: str) -> Owner | None:
        if table_id in self.epochs:
            return HERE
        with Session(self.store.engine) as conn:
            row = conn.execute(text(
                f"SELECT l.node_id, n.url, l.expires_at - {NOW} AS left_s FROM leases l "
                "LEFT JOIN nodes n ON n.id = l.node_id WHERE l.table_id = :t"),
                {"t": table_id}).first()
        if row is not None and row.left_s > 0 and row.node_id != self.id:
            return Owner(False, row.url or "", left_s=float(row.left_s))
        return None

    def claim(self, table_id: str) -> Owner:
        """Take the table if no node holds it (its lease is missing or ran
        out, or it was this node's before a restart)."""
        if self.is_draining:
            raise Moving("this server is stopping: the table moves to another; "
                         "try again in a moment")
        with Session(self.store.engine) as conn, conn.begin():
            status = conn.scalar(text("SELECT status FROM tables WHERE id = :t"),
                                 {"t": table_id})
            if status is None:
                return Owner(True, missing=True)
            epoch = conn.scalar(text(
                "INSERT INTO leases (table_id, node_id, epoch, expires_at) "
                f"VALUES (:t, :n, 1, {NOW} + :ttl) ON CONFLICT (table_id) DO UPDATE "
                "SET node_id = :n, epoch = leases.epoch + 1, expires_at = EXCLUDED.expires_at "
                f"WHERE leases.expires_at < {NOW} OR leases.node_id = :n RETURNING epoch"),
                {"t": table_id, "n": self.id, "ttl": self.ttl_s})
            if epoch is not None:
                self.epochs[table_id] = int(epoch)
                return HERE
            url = conn.scalar(text("SELECT n.url FROM leases l JOIN nodes n ON n.id = l.node_id"
                                   " WHERE l.table_id = :t"), {"t": table_id})
        return Owner(False, str(url or ""))

    def take_orphans(self, limit: int) -> list[str]:
        """Take up to ``limit`` tables no living node plays, oldest first, in
        one statement (a takeover of hundreds of tables is a few of these,
        not a round trip per table). Tables this node holds keep their epoch."""
        if self.is_draining:
            return []
        with Session(self.store.engine) as conn, conn.begin():
            rows = conn.execute(text(
                "INSERT INTO leases (table_id, node_id, epoch, expires_at) "
                f"SELECT t.id, CAST(:n AS VARCHAR), 1, {NOW} + :ttl FROM tables t "
                "LEFT JOIN leases l ON l.table_id = t.id WHERE t.status <> 'over' "
                f"AND (l.table_id IS NULL OR l.expires_at < {NOW} OR l.node_id = :n) "
                "AND NOT (t.id = ANY(:held)) ORDER BY t.created_at LIMIT :limit "
                "ON CONFLICT (table_id) DO UPDATE "
                "SET node_id = :n, epoch = leases.epoch + 1, expires_at = EXCLUDED.expires_at "
                f"WHERE leases.expires_at < {NOW} OR leases.node_id = :n "
                "RETURNING table_id, epoch"),
                {"n": self.id, "ttl": self.ttl_s, "held": list(self.epochs), "limit": limit}).all()
        for row in rows:
            self.epochs[row.table_id] = int(row.epoch)
        return [row.table_id for row in rows]

    def release(self, table_ids: list[str]) -> None:
        """Let other nodes take these tables at once."""
        with Session(self.store.engine) as conn, conn.begin():
            for table_id in table_ids:
                conn.execute(text("UPDATE leases SET expires_at = 0 "
                                  "WHERE table_id = :t AND node_id = :n AND epoch = :e"),
                             {"t": table_id, "n": self.id, "e": self.epochs.get(table_id, -1)})
        super().release(table_ids)

    def draining(self) -> None:
        self.is_draining = True
        with Session(self.store.engine) as conn, conn.begin():
            conn.execute(text("UPDATE nodes SET draining = true WHERE id = :n"), {"n": self.id})

    def peers(self) -> list[dict[str, Any]]:
        with Session(self.store.engine) as conn:
            rows = conn.execute(text(
                f"SELECT report FROM nodes WHERE id <> :n AND seen_at > {NOW} - :ttl"),
                {"n": self.id, "ttl": self.ttl_s}).all()
        return [_json(row.report) for row in rows if row.report]

    def check(self, conn: Session, table_id: str) -> None:
        epoch = self.epochs.get(table_id)
        held = conn.scalar(text("SELECT epoch FROM leases WHERE table_id = :t AND "
                                "node_id = :n FOR SHARE"), {"t": table_id, "n": self.id})
        if epoch is None or held != epoch:
            raise LeaseLost(f"table {table_id} is played by another server now")

    def add_action(self, conn: Session, row: dict[str, Any]) -> None:
        """The move and its fencing in one round trip: the row is inserted
        only where this node's lease of that epoch is found (and share-locked)."""
        table_id = row["table_id"]
        stored = cast(CursorResult[Any], conn.execute(text(
            "INSERT INTO actions (table_id, idx, seat, action, at) "
            "SELECT CAST(:table_id AS VARCHAR), CAST(:idx AS INTEGER), CAST(:seat AS INTEGER), "
            "CAST(:action AS VARCHAR), CAST(:at AS DOUBLE PRECISION) FROM leases "
            "WHERE table_id = :table_id AND node_id = :n AND epoch = :e FOR SHARE"),
            {**row, "n": self.id, "e": self.epochs.get(table_id, -1)}))
        if stored.rowcount != 1:
            raise LeaseLost(f"table {table_id} is played by another server now")

    def grant(self, conn: Session, table_id: str) -> None:
        conn.execute(text("INSERT INTO leases (table_id, node_id, epoch, expires_at) "
                          f"VALUES (:t, :n, 1, {NOW} + :ttl)"),
                     {"t": table_id, "n": self.id, "ttl": self.ttl_s})
        self.epochs[table_id] = 1


def make_node(store: Store, url: str, ttl_s: float) -> Node:
    """The node for the store's database: one of several on PostgreSQL,
    alone on SQLite. Its id is its address, the same across restarts, so
    that a restarted node takes its own tables back at once."""
    node_id = url.split("://", 1)[-1][:32]
    if store.url.startswith("sqlite"):
        return Node(store, node_id, url)
    return ClusterNode(store, node_id, url, ttl_s=ttl_s)


def default_url(host: str, port: int) -> str:
    """Where other nodes reach this one, when not told: its listening
    address, or this machine's name when it listens on every address."""
    if host in ("0.0.0.0", "::", ""):
        host = socket.gethostname()
    return f"http://{host}:{port}"


def _upsert_node(conn: Session, node_id: str, url: str, now: float) -> None:
    conn.execute(text("DELETE FROM nodes WHERE id = :n"), {"n": node_id})
    conn.execute(text("INSERT INTO nodes (id, url, started_at, seen_at, draining) "
                      "VALUES (:n, :u, :t, :t, false)"), {"n": node_id, "u": url, "t": now})


def _report(conn: Session, node_id: str, report: dict[str, Any] | None, now: float) -> None:
    """The node seen now, with its report if a new one."""
    if report is None:
        conn.execute(text("UPDATE nodes SET seen_at = :t WHERE id = :n"),
                     {"t": now, "n": node_id})
    else:
        conn.execute(text("UPDATE nodes SET seen_at = :t, report = :r WHERE id = :n"),
                     {"t": now, "r": json.dumps(report), "n": node_id})


def _json(value: Any) -> dict[str, Any]:
    found = json.loads(value) if isinstance(value, str) else value
    return found if isinstance(found, dict) else {}


class _LockFile:
    def __init__(self, path: Path) -> None:
        import fcntl

        self.file = path.open("a")
        try:
            fcntl.flock(self.file, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            self.file.close()
            raise SecondNode(
                f"another cardroom server already uses the database {path.with_suffix('')}: "
                "SQLite serves one node; for several nodes use PostgreSQL "
                "(--db postgresql+psycopg://...)") from None
        self.file.write(f"{os.getpid()}\n")
        self.file.flush()

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.file.close()


def check_alone(url: str) -> None:
    """Refuse to start a second node on a SQLite database (SecondNode)."""
    lock = _lock_file(url)
    if lock is not None:
        lock.close()


def _lock_file(url: str) -> _LockFile | None:
    if not url.startswith("sqlite"):
        return None
    database = make_url(url).database
    if not database or database == ":memory:":
        return None
    path = Path(database)
    return _LockFile(path.with_name(path.name + ".lock"))
