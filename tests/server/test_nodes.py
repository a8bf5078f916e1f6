"""Several nodes on one PostgreSQL form one room (docs/deploy.md): any
node serves any table, a node killed mid-game loses no move anyone was
told of and its tables play on elsewhere within seconds, SIGTERM hands a
node's tables over, and SQLite refuses a second node. Real processes, a
real PostgreSQL."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from websockets.exceptions import ConnectionClosed

from tests.server.nginx import Nginx
from tests.server.support import WsClient, free_port, sqlite_url

PEOPLE = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]
BOTS = [{"kind": "bot", "bot": "random"}] * 3
# Failover within this many seconds (the bound, with the default lease).
TAKEOVER_S = 10.0


class NodeProc:
    """``cardroom serve`` as a node of the room on ``db``."""

    def __init__(self, db: str, folder: Path, name: str, *flags: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = folder / f"{name}.log"
        with self.log.open("wb") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "cardroom", "serve", "--db", db, "--port",
                 str(self.port), "--bot-workers", "1", "--bot-delay", "0", *flags],
                stdout=out, stderr=subprocess.STDOUT, cwd=folder, start_new_session=True)
        self.http = httpx.Client(base_url=self.url, timeout=30)
        wait_for(f"{name} answers", self.answers, 60)

    def answers(self) -> bool:
        assert self.proc.poll() is None, f"the node exited:\n{self.log.read_text()[-3000:]}"
        with contextlib.suppress(httpx.HTTPError):
            return self.http.get("/api/games", timeout=2).is_success
        return False

    def ws(self, table: str) -> WsClient:
        return WsClient(f"ws://127.0.0.1:{self.port}/ws/tables/{table}")

    def post(self, path: str, **body: Any) -> dict[str, Any]:
        answer = self.http.post(path, json=body)
        assert answer.status_code == 200, answer.text
        found: dict[str, Any] = answer.json()
        return found

    def kill(self, how: signal.Signals = signal.SIGKILL) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, how)

    def stop(self) -> None:
        self.http.close()
        self.kill()
        self.proc.wait(30)


def wait_for(what: str, check: Callable[[], object], seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"{what} within {seconds} s"
        time.sleep(0.1)


@pytest.fixture
def nodes(postgres_url: str, tmp_path: Path) -> Iterator[Callable[..., NodeProc]]:
    started: list[NodeProc] = []

    def start(*flags: str) -> NodeProc:
        node = NodeProc(postgres_url, tmp_path, f"node{len(started)}", *flags)
        started.append(node)
        return node

    yield start
    for node in started:
        node.stop()


def people_table(node: NodeProc) -> tuple[str, list[str]]:
    table = node.post("/api/tables", game="papayoo", players=3, seats=PEOPLE)["table"]
    tokens = [node.post(f"/api/tables/{table}/join", name=name)["token"]
              for name in ("Ada", "Bo")]
    return table, tokens


def play(clients: dict[int, WsClient], moves: int) -> list[str]:
    """Each seat plays its first legal move when awaited, ``moves`` in all;
    the moves the server acknowledged."""
    told: list[str] = []
    while len(told) < moves:
        for client in clients.values():
            actions = client.ok("legal")["actions"]
            if actions and len(told) < moves:
                client.ok("act", action=actions[0])
                told.append(actions[0])
        if not told:
            time.sleep(0.05)
    return told


def seen(client: WsClient) -> list[dict[str, Any]]:
    """Every event the client's viewer has been told of, as the server holds them."""
    log: list[dict[str, Any]] = client.ok("view")["view"]["log"]
    return log


def public(client: WsClient) -> list[dict[str, Any]]:
    return [event for event in seen(client) if "to" not in event]


def hello_somewhere(nodes: list[NodeProc], table: str, token: str,
                    seconds: float) -> tuple[WsClient, float]:
    """Connect and say hello as a client does after its line dropped: any
    node, again and again, until one serves the table; with how long it took."""
    start = time.monotonic()
    while True:
        for node in nodes:
            with contextlib.suppress(OSError, ConnectionClosed, TimeoutError):
                client = node.ws(table)
                answer = client.request("hello", token=token)
                if answer.get("ok"):
                    return client, time.monotonic() - start
                client.close()
        assert time.monotonic() - start < seconds, f"no node served {table} in {seconds} s"
        time.sleep(0.2)


def test_any_node_serves_any_table_and_the_lobby_is_one(
        nodes: Callable[..., NodeProc]) -> None:
    a, b = nodes(), nodes()
    table = a.post("/api/tables", game="papayoo", players=3, seats=PEOPLE)["table"]
    # The join goes through b, which passes it on to a (the table's node).
    ada = b.post(f"/api/tables/{table}/join", name="Ada")
    bo = a.post(f"/api/tables/{table}/join", name="Bo")
    wait_for("b's lobby lists a's table", lambda: table in [
        t["id"] for t in b.http.get("/api/tables").json()["tables"]], 10)
    with b.ws(table) as first, a.ws(table) as second:
        first.ok("hello", token=ada["token"])
        second.ok("hello", token=bo["token"])
        told = play({0: first, 1: second}, 14)
        assert len(told) == 14
        # Each sees the other's moves: one table, whichever node it came in by.
        shown = public(first)
        assert {"type": "passed", "seat": 0} in shown and {"type": "passed", "seat": 1} in shown
        assert public(second)[:len(shown)] == shown  # (the bot may have moved since)
    assert b.http.get(f"/api/tables/{table}").json()["status"] == "playing"


def test_accounts_and_sessions_are_the_same_on_every_node(
        nodes: Callable[..., NodeProc]) -> None:
    a, b = nodes(), nodes()
    made = a.post("/api/accounts", name="Ada", password="a long enough password")
    token = made.get("token") or a.post("/api/sessions", name="Ada",
                                        password="a long enough password")["token"]
    me = b.http.get("/api/me", headers={"Authorization": f"Bearer {token}"})
    assert me.status_code == 200 and me.json()["name"] == "Ada", me.text


def test_a_killed_node_loses_no_told_move_and_its_tables_play_on(
        nodes: Callable[..., NodeProc]) -> None:
    a, b = nodes(), nodes()
    table, tokens = people_table(a)
    bots_only = a.post("/api/tables", game="papayoo", players=3, seats=BOTS)["table"]
    with a.ws(table) as first, a.ws(table) as second:
        first.ok("hello", token=tokens[0])
        second.ok("hello", token=tokens[1])
        play({0: first, 1: second}, 4)
        held = seen(first)
        a.kill()
    a.proc.wait(30)
    first, took = hello_somewhere([a, b], table, tokens[0], TAKEOVER_S + 5)
    with first:
        assert took < TAKEOVER_S, f"the table played again only after {took:.1f} s"
        # Everything the client was told of is there, in order.
        assert seen(first)[:len(held)] == held
        with b.ws(table) as second:
            second.ok("hello", token=tokens[1])
            play({0: first, 1: second}, 2)
    # The all-bot table's bots went on playing on b.
    with b.ws(bots_only) as watcher:
        size = watcher.ok("hello", spectate=True)["view"]["log_size"]
        wait_for("the bots play on", lambda: watcher.ok("view")["view"]["log_size"] > size
                 or watcher.ok("view")["view"]["over"], 20)


def test_a_connection_for_a_dead_nodes_table_is_held_until_the_takeover(
        nodes: Callable[..., NodeProc]) -> None:
    """A client that connects through another node just after its table's
    node died is not sent away to ask again: its first connection waits and
    is served once the table is taken over."""
    a, b = nodes(), nodes()
    table, tokens = people_table(a)
    with b.ws(table) as before:  # passed on to a while it lives
        before.ok("hello", token=tokens[0])
    a.kill()
    a.proc.wait(30)
    start = time.monotonic()
    with b.ws(table) as client:
        hello = client.request("hello", token=tokens[0])
        took = time.monotonic() - start
        assert hello["ok"], hello
        assert took < TAKEOVER_S, f"served only after {took:.1f} s"
        assert client.ok("legal")["actions"]


def test_a_dead_nodes_tables_are_claimed_together_while_their_clients_wait(
        nodes: Callable[..., NodeProc], postgres_url: str) -> None:
    """Clients held for several tables of a dead node do not claim them one
    by one as their leases run out: the first to find one ran out has every
    orphan claimed in one statement and loaded in batches."""
    a, b = nodes(), nodes()
    tables = [people_table(a) for _ in range(3)]
    # renewed together since the last was made: their leases run out at once
    wait_for("one renewal of the three", lambda: expiries(postgres_url, tables) == 1, 30)
    a.kill()
    a.proc.wait(30)
    answers: dict[str, dict[str, Any]] = {}

    def hello(table: str, token: str) -> None:
        with b.ws(table) as client:
            answers[table] = client.request("hello", token=token)

    threads = [threading.Thread(target=hello, args=(table, tokens[0]))
               for table, tokens in tables]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(TAKEOVER_S + 20)
    assert [answers[table]["ok"] for table, _ in tables] == [True] * 3, answers
    said = [line for line in b.log.read_text().splitlines() if "that no node played" in line]
    assert len(said) == 1 and "took 3 tables" in said[0], said


def expiries(db: str, tables: list[tuple[str, list[str]]]) -> int:
    """How many different times the leases of these tables run out."""
    engine = sa.create_engine(db)
    try:
        with engine.connect() as conn:
            return int(conn.scalar(sa.text(
                "SELECT count(DISTINCT expires_at) FROM leases WHERE table_id = ANY(:t)"),
                {"t": [table for table, _ in tables]}) or 0)
    finally:
        engine.dispose()


def test_requests_for_tables_that_do_not_exist_start_few_takeover_rounds(
        nodes: Callable[..., NodeProc]) -> None:
    """A request for a table not here has the orphans claimed first, but a
    stranger asking for made-up tables does not start a claim each time."""
    node = nodes("--lookup-rate", "1000", "--lookup-burst", "1000")

    def rounds() -> float:
        text = node.http.get("/metrics").text
        line = 'cardroom_db_seconds_count{call="take_orphans"} '
        return sum(float(row.removeprefix(line)) for row in text.splitlines()
                   if row.startswith(line))

    before, start = rounds(), time.monotonic()
    # Asked ten at a time: each waits for a round that began after it asked.
    with ThreadPoolExecutor(10) as pool:
        codes = list(pool.map(lambda n: node.http.get(f"/api/tables/nosuch{n}").status_code,
                              range(100)))
    assert codes == [404] * 100
    took = time.monotonic() - start
    # ORPHANS_EVERY_S (0.25 s) for requests, and the node's loop every second
    assert rounds() - before <= took / 0.25 + took + 2


def test_sigterm_hands_the_tables_over(nodes: Callable[..., NodeProc]) -> None:
    a, b = nodes(), nodes()
    table, tokens = people_table(a)
    with a.ws(table) as first:
        first.ok("hello", token=tokens[0])
        with a.ws(table) as second:
            second.ok("hello", token=tokens[1])
            play({0: first, 1: second}, 3)
        held = seen(first)
        a.kill(signal.SIGTERM)
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                first.receive(20)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1012
    assert a.proc.wait(30) == 0, a.log.read_text()[-3000:]
    again, took = hello_somewhere([b], table, tokens[0], TAKEOVER_S)
    with again:
        assert took < 3.0, f"handed over only after {took:.1f} s"
        assert seen(again)[:len(held)] == held


def test_sqlite_refuses_a_second_node(tmp_path: Path) -> None:
    db = sqlite_url(tmp_path)
    first = NodeProc(db, tmp_path, "first")
    try:
        second = subprocess.run(
            [sys.executable, "-m", "cardroom", "serve", "--db", db, "--port", str(free_port())],
            capture_output=True, text=True, cwd=tmp_path, timeout=60)
        assert second.returncode == 1
        assert "SQLite serves one node" in second.stderr and "Traceback" not in second.stderr
    finally:
        first.stop()



def owner_of(db: str, table: str) -> str:
    """The url of the node whose lease plays ``table``."""
    engine = sa.create_engine(db)
    try:
        with engine.connect() as conn:
            return str(conn.scalar(sa.text(
                "SELECT n.url FROM leases l JOIN nodes n ON n.id = l.node_id "
                "WHERE l.table_id = :t"), {"t": table}))
    finally:
        engine.dispose()


def test_behind_nginx_a_table_plays_on_when_its_node_dies(
        nodes: Callable[..., NodeProc], postgres_url: str, tmp_path: Path) -> None:
    trust = ("--forwarded-allow-ips", "127.0.0.1")
    pair = [nodes(*trust), nodes(*trust)]
    (tmp_path / "nginx").mkdir()
    proxy = Nginx(tmp_path / "nginx", free_port(), [node.port for node in pair])
    front = httpx.Client(base_url=f"http://127.0.0.1:{proxy.port}", timeout=30)
    try:
        table = front.post("/api/tables", json={"game": "papayoo", "players": 3,
                                                "seats": PEOPLE}).json()["table"]
        tokens = [front.post(f"/api/tables/{table}/join", json={"name": name}).json()["token"]
                  for name in ("Ada", "Bo")]
        url = f"ws://127.0.0.1:{proxy.port}/ws/tables/{table}"
        with WsClient(url) as first, WsClient(url) as second:  # upgraded through nginx
            first.ok("hello", token=tokens[0])
            second.ok("hello", token=tokens[1])
            play({0: first, 1: second}, 4)
            held = seen(first)
            owner = next(node for node in pair if node.url == owner_of(postgres_url, table))
            owner.kill()
        start = time.monotonic()
        while True:  # as the page does: connect again through the proxy until served
            with contextlib.suppress(OSError, ConnectionClosed, TimeoutError):
                again = WsClient(url)
                if again.request("hello", token=tokens[0]).get("ok"):
                    break
                again.close()
            assert time.monotonic() - start < TAKEOVER_S + 5, "not served again through nginx"
            time.sleep(0.2)
        took = time.monotonic() - start
        with again:
            assert took < TAKEOVER_S, f"played again through nginx only after {took:.1f} s"
            assert seen(again)[:len(held)] == held
            assert front.get(f"/api/tables/{table}").json()["status"] == "playing"
    finally:
        front.close()
        proxy.stop()
