"""Leases and fencing (server/cluster.py) against a real PostgreSQL: one
node plays a table at a time, a node that lost its table can store nothing
for it, a lease that runs out is taken, a draining node takes nothing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import text
from websockets.exceptions import ConnectionClosed

from cardroom.server.cluster import HERE, ClusterNode, LeaseLost, Node, Owner, make_node
from cardroom.server.errors import Moving, http_status
from cardroom.server.store import Store
from tests.server.support import LiveServer
from tests.server.test_store import table


@pytest.fixture
def two(postgres_url: str) -> Iterator[tuple[ClusterNode, ClusterNode]]:
    stores = [Store(postgres_url), Store(postgres_url)]
    stores[0].upgrade()
    nodes = []
    for number, store in enumerate(stores):
        node = make_node(store, f"http://127.0.0.1:{9000 + number}", ttl_s=6.0)
        assert isinstance(node, ClusterNode)
        store.fence = node
        node.join()
        nodes.append(node)
    yield nodes[0], nodes[1]
    for store in stores:
        store.close()


def run_out(node: Node, table_id: str) -> None:
    """The lease of ``table_id`` runs out (its node stopped renewing)."""
    with node.store.engine.begin() as conn:
        conn.execute(text("UPDATE leases SET expires_at = 0 WHERE table_id = :t"),
                     {"t": table_id})


def test_a_table_is_played_by_the_node_that_made_it(two: tuple[ClusterNode, ...]) -> None:
    a, b = two
    a.store.create_table(table("t1"))
    assert a.whose("t1") == HERE
    elsewhere = b.whose("t1")
    assert elsewhere is not None and not elsewhere.here and elsewhere.url == a.url
    assert b.whose("nothing") is None and b.claim("nothing").missing


def test_a_node_that_lost_its_table_stores_nothing_for_it(
        two: tuple[ClusterNode, ...]) -> None:
    a, b = two
    a.store.create_table(table("t1"))
    a.store.append("t1", 0, 0, "pass 1S")
    run_out(a, "t1")
    assert b.claim("t1").here
    with pytest.raises(LeaseLost) as lost:
        a.store.append("t1", 1, 0, "pass 2S")
    # a client is told the table is moving (503), and asks again
    assert http_status(lost.value.code) == 503
    with pytest.raises(LeaseLost):
        a.store.update_seat("t1", 0, control="away")
    b.store.append("t1", 1, 2, "pass 3S")
    stored = b.store.load_table("t1")
    assert stored is not None and stored.actions == [(0, "pass 1S"), (2, "pass 3S")]
    assert a.renew({}) == ["t1"]  # a learns it lost the table


def test_a_lease_is_taken_only_once_it_runs_out(two: tuple[ClusterNode, ...]) -> None:
    a, b = two
    a.store.create_table(table("t1"))
    assert not b.claim("t1").here and b.take_orphans(10) == []
    a.renew({})
    assert not b.claim("t1").here
    run_out(a, "t1")
    assert b.take_orphans(10) == ["t1"]
    assert b.whose("t1") == HERE and not a.claim("t1").here


def test_a_takeover_takes_the_orphans_a_batch_at_a_time_oldest_first(
        two: tuple[ClusterNode, ...]) -> None:
    a, b = two
    for number in range(5):  # t4 is the oldest
        a.store.create_table(table(f"t{number}", created_at=10.0 - number))
        run_out(a, f"t{number}")
    b.store.create_table(table("mine"))
    run_out(b, "mine")  # held by b all along: its epoch stays as it is
    held = b.epochs["mine"]
    assert set(b.take_orphans(2)) == {"t4", "t3"}
    assert set(b.take_orphans(10)) == {"t2", "t1", "t0"}
    assert b.take_orphans(10) == [] and b.epochs["mine"] == held
    b.store.append("mine", 0, 0, "pass 1S")
    with pytest.raises(LeaseLost):
        a.store.append("t0", 0, 0, "pass 1S")
    b.store.append("t0", 0, 0, "pass 1S")
    assert a.renew({}) != [] and b.renew({}) == []


def test_a_draining_node_takes_no_table_and_lets_its_own_go(
        two: tuple[ClusterNode, ...]) -> None:
    a, b = two
    a.store.create_table(table("t1"))
    b.store.create_table(table("t2"))
    a.draining()
    run_out(b, "t2")
    assert a.take_orphans(10) == []
    with pytest.raises(Moving):
        a.claim("t2")
    a.release(["t1"])
    assert b.take_orphans(10) == ["t1"]  # t2 is b's already
    assert b.whose("t1") == HERE and a.whose("t1") == Owner(False, b.url)


def test_another_nodes_table_is_told_with_the_time_its_lease_has_left(
        two: tuple[ClusterNode, ...]) -> None:
    a, b = two
    b.store.create_table(table("t1"))
    b.claim("t1")
    owner = a.whose("t1")
    assert owner is not None and not owner.here and 5.0 < owner.left_s <= 6.0
    run_out(b, "t1")
    assert a.whose("t1") is None  # ran out: a node asked for it takes it


def test_a_restarted_node_takes_its_own_tables_back_at_once(
        two: tuple[ClusterNode, ...], postgres_url: str) -> None:
    a, _ = two
    a.store.create_table(table("t1"))
    store = Store(postgres_url)
    try:
        again = make_node(store, a.url, ttl_s=6.0)
        store.fence = again
        again.join()
        assert again.take_orphans(10) == ["t1"]  # its lease has not run out, but it is its own
        assert again.claim("t1").here
        with pytest.raises(LeaseLost):  # the old process, if it were alive, is fenced off
            a.store.append("t1", 0, 0, "pass 1S")
    finally:
        store.close()


def test_a_move_on_a_table_another_node_took_is_refused_and_the_client_sent_on(
        postgres_url: str) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]
    with LiveServer(postgres_url) as server:
        table = server.create("papayoo", 3, seats=seats)["table"]
        tokens = [server.join(table, name)["token"] for name in ("Ada", "Bo")]
        store = Store(postgres_url)
        try:
            other = make_node(store, "http://127.0.0.1:9", ttl_s=6.0)
            other.join()
            run_out(other, table)
            assert other.claim(table).here  # another node took it
            with server.ws(table) as client:
                client.ok("hello", token=tokens[0])
                action = client.ok("legal")["actions"][0]
                answer = client.request("act", action=action)
                assert answer["error"]["code"] == "unavailable", answer
                with pytest.raises(ConnectionClosed) as closed:
                    while True:
                        client.receive(10)
                assert closed.value.rcvd is not None and closed.value.rcvd.code == 1012
            stored = store.load_table(table)
            assert stored is not None and stored.actions == []  # nothing was stored
        finally:
            store.close()
        assert table not in server.room.tables


def test_a_renewal_writes_the_report_only_when_it_is_a_new_one(
        two: tuple[ClusterNode, ...]) -> None:
    a = two[0]

    def seen() -> tuple[float, str]:
        with a.store.engine.begin() as conn:
            row = conn.execute(text("SELECT seen_at, CAST(report AS TEXT) AS r FROM nodes "
                                    "WHERE id = :n"), {"n": a.id}).one()
        return float(row.seen_at), str(row.r)

    report = {"tables": ["t1"], "connections": []}
    a.renew(report)
    at, written = seen()
    assert '"t1"' in written
    with a.store.engine.begin() as conn:
        conn.execute(text("UPDATE nodes SET report = NULL WHERE id = :n"), {"n": a.id})
    a.renew(report)  # the same report: the node is seen, the report not written again
    later, unwritten = seen()
    assert later > at and unwritten == "None"
    a.renew({"tables": ["t2"], "connections": []})
    assert '"t2"' in seen()[1]


def test_a_table_claimed_while_the_leases_are_renewed_is_not_taken_for_lost(
        two: tuple[ClusterNode, ...], monkeypatch: pytest.MonkeyPatch) -> None:
    """The renewer thread reads the leases while the lease thread claims
    more: a table claimed after the renewal began is not in what it read,
    and must not be dropped as lost to another node."""
    a = two[0]
    a.store.create_table(table("t1"))
    a.claim("t1")
    read = a._held

    def claimed_meanwhile(conn: Any) -> dict[str, int]:
        held = read(conn)
        a.epochs["t2"] = 1  # as the lease thread's claim, committed after this read
        return held

    monkeypatch.setattr(a, "_held", claimed_meanwhile)
    assert a.renew({}) == []
    assert set(a.epochs) == {"t1", "t2"}


def test_a_table_granted_but_not_yet_committed_is_not_taken_for_lost(
        two: tuple[ClusterNode, ...]) -> None:
    """A new table's lease is known to its node before the transaction that
    stores it commits; a renewal that reads the leases meanwhile must not
    drop it as lost (its first move would be refused as another node's)."""
    a, b = two
    a.store.create_table(table("t1"))
    a.epochs["t2"] = 1  # granted, its transaction not committed yet
    assert a.renew({}) == []
    assert set(a.epochs) == {"t1", "t2"}
    run_out(a, "t1")
    assert b.claim("t1").here
    assert a.renew({}) == ["t1"]  # a lease another node took is still lost
