"""What an operator does (server/admin.py, server/orders.py), against a
real room over HTTP and WebSockets, on SQLite and PostgreSQL: orders that
the room playing a table applies (and only one node takes), bans, prune,
the listings, and backups restored into an empty database."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import insert, select, update
from sqlalchemy.orm import Session

from cardroom.server import admin, orders
from cardroom.server.admin import AdminError
from cardroom.server.cluster import FRESH_S
from cardroom.server.inputs import new_table
from cardroom.server.models import (
    ActionRow,
    ChatRow,
    LeaseRow,
    NodeRow,
    OrderRow,
    RatingRow,
    SeatRow,
    TableRow,
)
from cardroom.server.orders import apply_orders
from cardroom.server.store import Control, Store
from tests.server.postgres import Cluster
from tests.server.support import LiveServer, WsClient

BOTS_BESIDE = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    """The database as `cardroom admin` opens it, beside the server's."""
    found = Store(db_url)
    found.upgrade()
    yield found
    found.close()


def wait_until(what: str, check: Callable[[], object], seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"{what} within {seconds} s"
        time.sleep(0.05)


def two_people(server: LiveServer) -> tuple[str, list[str]]:
    """A Papayoo table of two people and a bot, playing: its id and the tokens."""
    table = server.create("papayoo", 3, seats=BOTS_BESIDE, options={"rounds": 1})["table"]
    tokens = [server.join(table, name)["token"] for name in ("Ann", "Bob")]
    return table, tokens


def order(server: LiveServer, store: Store, table: str, kind: str,
          **args: Any) -> orders.Order:
    """An order as `cardroom admin` writes it, applied as the room's sweep does."""
    order_id = orders.place(store.engine, table, kind, args)
    server.call(apply_orders(server.room))
    done = orders.get(store.engine, order_id)
    assert done is not None
    return done


def move(client: WsClient, seat: int) -> None:
    """The seat's first legal action (papayoo starts with everyone passing)."""
    client.ok("act", action=client.ok("legal")["actions"][0])


# ----- orders ---------------------------------------------------------------------------
def test_an_end_order_is_applied_by_the_room_that_plays_the_table(db_url: str,
                                                                   store: Store) -> None:
    with LiveServer(db_url) as server:
        table, tokens = two_people(server)
        with server.ws(table) as ann:
            ann.ok("hello", token=tokens[0])
            move(ann, 0)
            done = order(server, store, table, orders.END)
            assert done.done_by == server.room.node.id and done.done_at is not None
            assert done.outcome == f"table {table} ended as abandoned (unrated)"
            pushed = ann.wait_push("table", lambda p: p["table"]["status"] == "over")
            assert pushed["table"]["ended"] == "abandoned"
            assert ann.request("act", action="x")["error"]["code"] == "game_over"
    data = store.load_table(table)
    assert data is not None and data.status == "over" and data.end_reason == "abandoned"
    assert data.result is None  # not played to its end: nothing rated


def test_a_bot_order_takes_the_seat_for_good(db_url: str, store: Store) -> None:
    with LiveServer(db_url) as server:
        table, tokens = two_people(server)
        with server.ws(table) as ann, server.ws(table) as bob:
            ann.ok("hello", token=tokens[0])
            bob.ok("hello", token=tokens[1])
            move(bob, 1)
            live = server.room.tables[table]
            assert live.played(0) == 0 and 0 in live.table.awaited()
            done = order(server, store, table, orders.BOT, seat=0, bot="random")
            assert done.outcome == f"a bot (random) plays seat 0 of table {table} for good"
            refused = ann.request("act", action="x")
            assert refused["error"]["code"] == "unauthorized", refused
            with server.ws(table) as again:
                assert again.request("hello", token=tokens[0])["error"]["code"] == "unauthorized"
            wait_until("the bot plays seat 0", lambda: live.played(0) > 0)
            pushed = bob.wait_push("table", lambda p: p["table"]["seats"][0]["control"] == "left")
            assert pushed["table"]["seats"][0]["bot"] == "random"
    seat = store.load_table(table).seats[0]  # type: ignore[union-attr]
    assert (seat.control, seat.token_hash, seat.bot) == (Control.LEFT, None, "random")


def test_orders_the_table_cannot_take_are_refused_with_the_reason(db_url: str,
                                                                  store: Store) -> None:
    with LiveServer(db_url) as server:
        table, _ = two_people(server)
        out = order(server, store, table, orders.BOT, seat=7)
        assert out.refused and "has seats 0 to 2, not 7" in (out.outcome or "")
        bot = order(server, store, table, orders.BOT, seat=2)
        assert bot.refused and "is a bot's already" in (bot.outcome or "")
        assert not order(server, store, table, orders.END).refused
        again = order(server, store, table, orders.END)
        assert again.refused and "already over" in (again.outcome or "")
        waiting = server.create("papayoo", 3)["table"]
        early = order(server, store, waiting, orders.BOT, seat=0)
        assert early.refused and "has not started" in (early.outcome or "")


def test_an_order_waits_for_the_node_that_loads_its_table(db_url: str,
                                                          store: Store) -> None:
    with LiveServer(db_url) as server:
        table, _ = two_people(server)
    order_id = orders.place(store.engine, table, orders.END, {})
    over = new_table({"game": "papayoo", "players": 3})
    over.status = "over"  # a finished table loads only when asked for
    store.create_table(over)
    later = orders.place(store.engine, over.id, orders.END, {})
    with LiveServer(db_url) as server:
        wait_until("the table loads", lambda: table in server.room.tables)
        server.call(apply_orders(server.room))
        assert orders.get(store.engine, order_id).outcome.endswith("(unrated)")  # type: ignore
        assert server.room.tables[table].status == "over"
        assert orders.get(store.engine, later).done_by is None  # type: ignore[union-attr]
        server.call(server.room.get(over.id))
        server.call(apply_orders(server.room))
        assert "already over" in orders.get(store.engine, later).outcome  # type: ignore


def test_one_node_only_takes_an_order(db_url: str, store: Store) -> None:
    table = new_table({"game": "papayoo", "players": 3})
    store.create_table(table)
    order_id = orders.place(store.engine, table.id, orders.END, {})
    assert [o.id for o in orders.pending(store.engine, "node0")] == [order_id]
    engines = [Store(db_url) for _ in range(6)]
    running(store, *(f"node{i}" for i in range(len(engines))))
    start, won = threading.Barrier(len(engines)), []

    def take(node: int) -> None:
        start.wait()
        if orders.claim(engines[node].engine, order_id, f"node{node}"):
            won.append(node)

    threads = [threading.Thread(target=take, args=(i,)) for i in range(len(engines))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    for other in engines:
        other.close()
    assert len(won) == 1
    assert [orders.pending(store.engine, f"node{i}") for i in range(6) if i != won[0]] == [[]] * 5
    assert orders.get(store.engine, order_id).done_by == f"node{won[0]}"  # type: ignore


def test_an_order_taken_on_by_a_node_that_stopped_is_open_again(store: Store) -> None:
    table = new_table({"game": "papayoo", "players": 3})
    store.create_table(table)
    order_id = orders.place(store.engine, table.id, orders.END, {})
    running(store, "alive", "gone")
    assert orders.claim(store.engine, order_id, "gone")
    assert orders.pending(store.engine, "alive") == []
    assert not orders.claim(store.engine, order_id, "alive")
    with store.engine.begin() as conn:  # "gone" stopped renewing its row
        conn.execute(update(NodeRow).where(NodeRow.id == "gone")
                     .values(seen_at=time.time() - FRESH_S - 1))
    assert [o.id for o in orders.pending(store.engine, "alive")] == [order_id]
    assert orders.claim(store.engine, order_id, "alive")
    # a node's own order not done is one its process left before a restart
    assert [o.id for o in orders.pending(store.engine, "alive")] == [order_id]
    orders.finish(store.engine, order_id, "done")
    assert orders.pending(store.engine, "alive") == []


def running(store: Store, *nodes: str) -> None:
    """Rows of running nodes (renewed just now)."""
    with store.engine.begin() as conn:
        conn.execute(insert(NodeRow), [{"id": node, "url": f"http://{node}", "started_at": 0.0,
                                        "seen_at": time.time(), "draining": False}
                                       for node in nodes])


def test_without_a_node_the_database_is_changed_directly(db_url: str, store: Store) -> None:
    with LiveServer(db_url) as server:
        table, _ = two_people(server)
        ended, _ = two_people(server)
    assert admin.running_nodes(store) == []  # a stopped server leaves no fresh row
    assert "plays seat 1" in admin.bot_directly(store, table, 1, None)
    assert "abandoned" in admin.end_directly(store, ended)
    with pytest.raises(AdminError, match="already over"):
        admin.end_directly(store, ended)
    with pytest.raises(AdminError, match="no table 'nope'"):
        admin.end_directly(store, "nope")
    with pytest.raises(AdminError, match="already"):
        admin.bot_directly(store, table, 1, None)
    with LiveServer(db_url) as server:
        wait_until("the table loads", lambda: table in server.room.tables)
        live = server.room.tables[table]
        assert live.seat(1).control == Control.LEFT and 1 in live.table.bots
    done = [o for o in _orders(store) if o.table_id == table]
    assert done[0].done_by == orders.BY_ADMIN and done[0].done_at is not None


def _orders(store: Store) -> list[OrderRow]:
    with Session(store.engine) as conn:
        return list(conn.scalars(select(OrderRow).order_by(OrderRow.id)))


# ----- bans ---------------------------------------------------------------------------
def test_a_banned_name_is_refused_at_join_and_lessons(db_url: str, store: Store) -> None:
    assert admin.ban_name(store, "Troll") and not admin.ban_name(store, "TROLL")
    with LiveServer(db_url) as server:
        table = server.create("papayoo", 3)["table"]
        for name in ("troll", "TROLL", "Тroll"):  # the last with a Cyrillic T
            join = server.http.post(f"/api/tables/{table}/join", json={"name": name})
            assert join.status_code == 403, join.text
            assert join.json()["error"] == {
                "code": "forbidden", "message": f"the name {name!r} may not be used in this "
                "card room"}
        lesson = server.http.post("/api/lessons/papayoo", json={"name": "troll"})
        assert lesson.status_code == 403 and "may not be used" in lesson.text
        server.join(table, "Trolley")
        assert admin.unban(store, "troll", account=False)
        server.join(table, "Troll")
    assert [(b.kind, b.name) for b in admin.list_bans(store)] == []


def test_a_banned_account_is_signed_out_at_once_and_refused(db_url: str,
                                                            store: Store) -> None:
    with LiveServer(db_url) as server:
        tokens = [_sign_up(server, "mallory"), _sign_in(server, "mallory").json()["token"],
                  _sign_up(server, "alice")]
        assert admin.ban_account(store, "MALLORY") == ("mallory", True, 2)
        for token in tokens[:2]:
            me = server.http.get("/api/me", headers={"Authorization": f"Bearer {token}"})
            assert me.status_code == 401, me.text
        assert server.http.get("/api/me", headers={"Authorization": f"Bearer {tokens[2]}"}
                               ).status_code == 200
        refused = _sign_in(server, "mallory")
        assert refused.status_code == 403
        assert refused.json()["error"]["message"] == ("this account is banned from this card "
                                                      "room")
        assert _sign_in(server, "alice").status_code == 200
        assert [(b.kind, b.name) for b in admin.list_bans(store)] == [("account", "mallory")]
        assert admin.unban(store, "Mallory", account=True)
        assert _sign_in(server, "mallory").status_code == 200
    with pytest.raises(AdminError, match="no account named 'nobody'"):
        admin.ban_account(store, "nobody")


def _sign_up(server: LiveServer, name: str) -> str:
    made = server.http.post("/api/accounts", json={"name": name, "password": "pass-" + name})
    assert made.status_code == 200, made.text
    return str(made.json()["token"])


def _sign_in(server: LiveServer, name: str) -> Any:
    return server.http.post("/api/sessions", json={"name": name, "password": "pass-" + name})


# ----- prune ------------------------------------------------------------------------------
def test_prune_deletes_only_games_finished_long_ago(db_url: str, store: Store) -> None:
    now, day = time.time(), 86400.0
    kept_ids = {}
    # (a game not over has no finished_at; here one has, to show that the
    # status alone keeps it)
    for name, status, finished in (("old", "over", now - 40 * day), ("new", "over", now - day),
                                   ("waiting", "waiting", None),
                                   ("playing", "playing", now - 40 * day)):
        data = new_table({"game": "papayoo", "players": 3})
        data.status, data.finished_at, data.created_at = status, finished, now - 50 * day
        store.create_table(data)
        kept_ids[name] = data.id
        _rows_of(store, data.id)
    old = kept_ids.pop("old")
    account = store.create_account("rated", "x")
    with Session(store.engine) as conn, conn.begin():
        conn.execute(insert(RatingRow), [{"account_id": account, "game": "papayoo", "mu": 25.0,
                                          "sigma": 8.0, "games": 3}])
    before = _counts(store)
    dry = admin.prune(store, 30, dry_run=True)
    assert (dry.tables, dry.actions) == (1, 2) and _counts(store) == before
    done = admin.prune(store, 30)
    assert (done.tables, done.actions) == (1, 2)
    assert store.load_table(old) is None
    for part in (SeatRow, ActionRow, ChatRow, LeaseRow, OrderRow):
        with Session(store.engine) as conn:
            assert conn.scalars(select(part).where(part.table_id == old)).all() == []
    assert all(store.load_table(t) is not None for t in kept_ids.values())
    after = _counts(store)
    assert after["tables"] == before["tables"] - 1 and after["ratings"] == before["ratings"] == 1
    assert admin.prune(store, 30).tables == 0


def _rows_of(store: Store, table_id: str) -> None:
    """Actions, chat, a lease and an order for the table."""
    with Session(store.engine) as conn, conn.begin():
        conn.execute(insert(ActionRow), [{"table_id": table_id, "idx": i, "seat": 0,
                                          "action": "x", "at": 0.0} for i in range(2)])
        conn.execute(insert(ChatRow), [{"table_id": table_id, "seat": 0, "name": "a",
                                        "text": "hi", "at": 0.0}])
        conn.execute(insert(LeaseRow), [{"table_id": table_id, "node_id": "n", "epoch": 1,
                                         "expires_at": 0.0}])
    orders.place(store.engine, table_id, orders.END, {})


def _counts(store: Store) -> dict[str, int]:
    with Session(store.engine) as conn:
        return {"tables": len(conn.scalars(select(TableRow.id)).all()),
                "ratings": len(conn.scalars(select(RatingRow.game)).all())}


# ----- listings -----------------------------------------------------------------------------
def test_tables_and_connections_as_the_running_nodes_report_them(db_url: str,
                                                                 store: Store) -> None:
    with LiveServer(db_url) as server:
        table, tokens = two_people(server)
        waiting = server.create("papayoo", 3)["table"]
        with server.ws(table) as ann, server.ws(table) as watcher:
            ann.ok("hello", token=tokens[0])
            watcher.ok("hello", spectate=True)
            server.call(server.room.renew())
            nodes = admin.running_nodes(store)
            assert [n.id for n in nodes] == [server.room.node.id]
            found = {(c.table, c.seat, c.name) for c in admin.connections(nodes)}
            assert found == {(table, 0, "Ann"), (table, None, None)}
            opened = [c.opened_at for c in admin.connections(nodes)]
            assert all(o is not None and abs(o - time.time()) < 60 for o in opened)
            lines = {t.id: t for t in admin.list_tables(store)}
            assert lines[table].node == server.room.node.id
            assert lines[table].seats == ["0: Ann", "1: Bob", "2: random (bot)"]
            assert lines[waiting].status == "waiting" and lines[waiting].seats[0] == "0: open"
            assert [t.id for t in admin.list_tables(store, "waiting")] == [waiting]
            assert len(admin.list_tables(store, limit=1)) == 1
    assert admin.running_nodes(store) == []  # its row went when it stopped
    with Session(store.engine) as conn, conn.begin():
        conn.execute(insert(NodeRow), [{"id": "stale", "url": "http://x", "started_at": 0.0,
                                        "seen_at": time.time() - 60, "draining": False,
                                        "report": {"connections": [{"table": table}]}}])
    assert admin.running_nodes(store) == []
    with Session(store.engine) as conn, conn.begin():
        conn.execute(update(NodeRow).values(seen_at=time.time()))
    assert [c.table for c in admin.connections(admin.running_nodes(store))] == [table]


# ----- backup and restore --------------------------------------------------------------------
@pytest.fixture
def empty_url(db_url: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """A second empty database of the same kind as db_url."""
    if db_url.startswith("sqlite"):
        return f"sqlite:///{tmp_path / 'restored.db'}"
    cluster: Cluster = request.getfixturevalue("postgres_cluster")
    return cluster.fresh_database()


def test_a_backup_made_while_playing_restores_into_an_empty_database(
        db_url: str, empty_url: str, store: Store, tmp_path: Path) -> None:
    with LiveServer(db_url) as server:
        table, tokens = two_people(server)
        with server.ws(table) as ann:
            ann.ok("hello", token=tokens[0])
            move(ann, 0)
            live = server.room.tables[table]
            wait_until("the bot passes", lambda: 2 not in live.table.awaited())
            server.call(server.room.renew())
            admin.backup(db_url, tmp_path / "room.backup")
            with pytest.raises(AdminError, match="already exists"):
                admin.backup(db_url, tmp_path / "room.backup")
            with pytest.raises(AdminError, match="holds 1 table:"):
                admin.restore(tmp_path / "room.backup", db_url)
    with LiveServer(empty_url), pytest.raises(AdminError, match="a card room server is "
                                                              "running on"):
        admin.restore(tmp_path / "room.backup", empty_url)  # an empty room, running
    admin.restore(tmp_path / "room.backup", empty_url)
    restored = Store(empty_url)
    try:
        before, after = store.load_table(table), restored.load_table(table)
        assert after is not None and before is not None
        assert after.actions == before.actions and len(after.actions) >= 1
        assert [s.token_hash for s in after.seats] == [s.token_hash for s in before.seats]
        with Session(restored.engine) as conn:
            assert conn.scalars(select(NodeRow.id)).all() == []
            assert conn.scalars(select(LeaseRow.table_id)).all() == []
    finally:
        restored.close()
    with pytest.raises(AdminError, match="restore into an empty database only"):
        admin.restore(tmp_path / "room.backup", empty_url)


def test_restore_refuses_what_is_not_a_backup_of_its_kind(db_url: str, tmp_path: Path) -> None:
    target = (f"sqlite:///{tmp_path / 'new.db'}" if db_url.startswith("sqlite")
              else db_url)
    with pytest.raises(AdminError, match="cannot read"):
        admin.restore(tmp_path / "missing", target)
    junk = tmp_path / "junk"
    junk.write_bytes(b"hello, world" * 10)
    with pytest.raises(AdminError, match="is not"):
        admin.restore(junk, target)
    other = tmp_path / "other"
    other.write_bytes(b"PGDMP" + bytes(20) if db_url.startswith("sqlite")
                      else b"SQLite format 3\0" + bytes(100))
    with pytest.raises(AdminError, match="is not"):
        admin.restore(other, target)
