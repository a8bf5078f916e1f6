"""``cardroom admin`` as an operator runs it, against a real ``cardroom
serve`` process while people play over WebSockets, and against a database
no server runs on: every command, its messages, and a backup made during
play restored into an empty database where the game plays on."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import insert
from sqlalchemy.orm import Session

from cardroom.server.inputs import new_table
from cardroom.server.models import NodeRow
from cardroom.server.store import Control, Store
from tests.cli.support import cardroom
from tests.server.postgres import require_cluster
from tests.server.support import WsClient, free_port

BOTS_BESIDE = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]


def admin(db: str, *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """A table's id may begin with '-': it goes after '--'."""
    return cardroom("admin", "--db", db, *args, cwd=cwd)


def failed(done: subprocess.CompletedProcess[str], message: str) -> None:
    """Exit code 1 and one line that says why, no traceback."""
    assert done.returncode == 1, done
    assert done.stderr.startswith("cardroom admin: ") and done.stderr.count("\n") == 1, done
    assert message in done.stderr, done.stderr


def wait_for(what: str, check: Callable[[], object], seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"{what} within {seconds} s"
        time.sleep(0.1)


@dataclass
class Served:
    url: str
    port: int
    http: httpx.Client

    def ws(self, table: str) -> WsClient:
        return WsClient(f"ws://127.0.0.1:{self.port}/ws/tables/{table}")

    def post(self, path: str, body: dict[str, Any], token: str | None = None) -> Any:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return self.http.post(path, json=body, headers=headers)

    def two_people(self) -> tuple[str, list[str]]:
        made = self.post("/api/tables", {"game": "papayoo", "players": 3,
                                         "seats": BOTS_BESIDE, "options": {"rounds": 1}})
        assert made.status_code == 200, made.text
        table: str = made.json()["table"]
        tokens = [self.post(f"/api/tables/{table}/join", {"name": name}).json()["token"]
                  for name in ("Ann", "Bob")]
        return table, tokens

    def table(self, table: str) -> dict[str, Any]:
        found: dict[str, Any] = self.http.get(f"/api/tables/{table}").json()
        return found


@contextlib.contextmanager
def served(folder: Path, db: str) -> Iterator[Served]:
    """``cardroom serve`` on the database, in its own session (its bot
    workers stop with it)."""
    port = free_port()
    with (folder / f"serve-{port}.log").open("wb") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "cardroom", "serve", "--db", db, "--port", str(port),
             "--bot-workers", "1", "--bot-delay", "0"],
            stdout=log, stderr=subprocess.STDOUT, cwd=folder, start_new_session=True)
    http = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30)
    try:
        wait_for("the server answers", lambda: _answers(http, server))
        yield Served(f"http://127.0.0.1:{port}", port, http)
    finally:
        http.close()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(30)


def _answers(http: httpx.Client, server: subprocess.Popen[bytes]) -> bool:
    assert server.poll() is None, "the server exited"
    with contextlib.suppress(httpx.HTTPError):
        return http.get("/api/games", timeout=1).is_success
    return False


def first_move(client: WsClient) -> str:
    action: str = client.ok("legal")["actions"][0]
    client.ok("act", action=action)
    return action


def sqlite_db(folder: Path, name: str = "cardroom.db") -> str:
    return f"sqlite:///{folder / name}"


# ----- while a server plays ----------------------------------------------------------------
def test_end_and_bot_reach_the_tables_a_server_plays(tmp_path: Path) -> None:
    db = sqlite_db(tmp_path)
    with served(tmp_path, db) as room:
        ended, tokens = room.two_people()
        handed, others = room.two_people()
        with room.ws(ended) as ann, room.ws(handed) as cy, room.ws(handed) as dee:
            ann.ok("hello", token=tokens[0])
            cy.ok("hello", token=others[0])
            dee.ok("hello", token=others[1])
            first_move(ann)
            first_move(dee)
            wait_for("the server reports its connections",
                     lambda: "Ann" in admin(db, "connections").stdout, 30)
            listed = admin(db, "tables", "--status", "playing").stdout
            assert ended in listed and "0: Ann; 1: Bob; 2: random (bot)" in listed

            done = admin(db, "end", "--", ended)
            assert done.returncode == 0, done
            assert done.stdout.startswith(f"Done: table {ended} ended as abandoned (unrated), "
                                          "by the server "), done.stdout
            over = ann.wait_push("table", lambda p: p["table"]["status"] == "over", 10)
            assert over["table"]["ended"] == "abandoned"

            assert 0 in room.table(handed)["to_act"]  # Cy has not passed yet
            bot = admin(db, "bot", "--bot", "random", "--", handed, "0")
            assert bot.returncode == 0, bot
            assert f"a bot (random) plays seat 0 of table {handed} for good" in bot.stdout
            assert cy.request("act", action="x")["error"]["code"] == "unauthorized"
            wait_for("the bot plays seat 0", lambda: 0 not in room.table(handed)["to_act"], 30)
            assert room.table(handed)["seats"][0]["control"] == "left"
            failed(admin(db, "bot", "--", handed, "0"), "a bot plays seat 0")
            failed(admin(db, "end", "--", ended), "is already over")
    gone = admin(db, "connections")
    assert gone.returncode == 0 and gone.stdout.startswith("No server is running"), gone


def test_a_banned_account_is_signed_out_at_once(tmp_path: Path) -> None:
    db = sqlite_db(tmp_path)
    with served(tmp_path, db) as room:
        made = room.post("/api/accounts", {"name": "mallory", "password": "pass-mallory"})
        token = made.json()["token"]
        assert room.http.get("/api/me", headers={"Authorization": f"Bearer {token}"}
                             ).status_code == 200
        done = admin(db, "ban", "--account", "Mallory")
        assert done.returncode == 0, done
        assert done.stdout == ("The account mallory is banned: its sign-in is refused, and "
                               "1 session of it ended now.\n")
        me = room.http.get("/api/me", headers={"Authorization": f"Bearer {token}"})
        assert me.status_code == 401
        again = room.post("/api/sessions", {"name": "mallory", "password": "pass-mallory"})
        assert again.status_code == 403 and "banned" in again.text
        assert admin(db, "ban", "Troll").returncode == 0
        table, _ = room.two_people()
        assert room.post(f"/api/tables/{table}/join", {"name": "tRoll"}).status_code == 403
        listed = admin(db, "bans").stdout.splitlines()
        assert [line.split()[:2] for line in listed] == [["KIND", "NAME"], ["account", "mallory"],
                                                          ["name", "Troll"]]
        assert admin(db, "unban", "--account", "mallory").returncode == 0
        assert room.post("/api/sessions", {"name": "mallory",
                                           "password": "pass-mallory"}).status_code == 200
        failed(admin(db, "unban", "mallory"), "the name 'mallory' is not banned")


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_backup_made_during_play_restores_and_plays_on(tmp_path: Path, kind: str) -> None:
    if kind == "sqlite":
        db, target = sqlite_db(tmp_path), sqlite_db(tmp_path, "restored.db")
    else:
        cluster = require_cluster()
        db, target = cluster.fresh_database(), cluster.fresh_database()
    backup = tmp_path / "room.backup"
    with served(tmp_path, db) as room:
        table, tokens = room.two_people()
        with room.ws(table) as ann:
            ann.ok("hello", token=tokens[0])
            first_move(ann)
            wait_for("the bot passes", lambda: 2 not in room.table(table)["to_act"], 30)
            before = ann.ok("view")["view"]
            saved = admin(db, "backup", str(backup))
            assert saved.returncode == 0 and saved.stdout.startswith("Backed up"), saved
    failed(cardroom("admin", "restore", str(backup)), "restore needs --db URL")
    failed(cardroom("admin", "restore", str(backup), "--db", db), "restore into an empty "
           "database only")
    restored = cardroom("admin", "restore", str(backup), "--db", target)
    assert restored.returncode == 0, restored
    assert "1 table waiting or playing" in restored.stdout
    with served(tmp_path, target) as room, room.ws(table) as bob, room.ws(table) as ann:
        ann_view = ann.ok("hello", token=tokens[0])["view"]
        assert ann_view["log"] == before["log"]  # the same moves, seen the same
        bob.ok("hello", token=tokens[1])
        first_move(bob)  # the next moves are accepted
        first_move(ann)


# ----- with no server running --------------------------------------------------------------------
def test_with_no_server_running_the_database_is_changed_directly(tmp_path: Path) -> None:
    db = sqlite_db(tmp_path)
    missing = admin(db, "tables")
    failed(missing, "there is no database file")
    store = Store(db)
    store.upgrade()
    assert admin(db, "tables").stdout == "No tables.\n"
    tables = []
    for _ in range(2):
        data = new_table({"game": "papayoo", "players": 3, "seats": BOTS_BESIDE})
        data.status = "playing"
        for seat, name in ((0, "Ann"), (1, "Bob")):
            data.seats[seat].name, data.seats[seat].control = name, Control.SEATED
        store.create_table(data)
        tables.append(data.id)
    store.close()
    ended = admin(db, "end", "--", tables[0])
    assert ended.returncode == 0, ended
    assert ended.stdout == (f"Done: table {tables[0]} ended as abandoned (unrated). No server is "
                            "running, so the database was changed directly.\n")
    assert "over (abandoned)" in admin(db, "tables").stdout
    handed = admin(db, "bot", "--", tables[1], "1")
    assert handed.returncode == 0 and "a bot (heuristic) plays seat 1" in handed.stdout
    assert "1: Bob (left, heuristic plays)" in admin(db, "tables").stdout
    pruned = admin(db, "prune", "--days", "0", "--dry-run")
    assert pruned.stdout.startswith("Would delete 1 finished table (0 actions)"), pruned
    assert admin(db, "prune", "--days", "0").stdout.startswith("Deleted 1 finished table")
    assert tables[0] not in admin(db, "tables").stdout


def test_an_order_no_server_takes_stays_pending(tmp_path: Path) -> None:
    db = sqlite_db(tmp_path)
    store = Store(db)
    store.upgrade()
    data = new_table({"game": "papayoo", "players": 3})
    store.create_table(data)
    with Session(store.engine) as conn, conn.begin():  # a node that says it runs, but does not
        conn.execute(insert(NodeRow), [{"id": "ghost", "url": "http://x", "started_at": 0.0,
                                        "seen_at": time.time() + 60, "draining": False}])
    store.close()
    failed(admin(db, "end", "--wait", "0.5", "--", data.id),
           "no server applied the order within 0.5 s; it stays pending (order 1)")
    assert "ghost" in admin(db, "connections").stdout


def test_bad_input_gets_one_line_and_exit_code_1(tmp_path: Path) -> None:
    db = sqlite_db(tmp_path)
    store = Store(db)
    store.upgrade()
    data = new_table({"game": "papayoo", "players": 3})
    store.create_table(data)
    store.close()
    failed(admin(db, "end", "nope"), "there is no table 'nope'")
    failed(admin(db, "bot", "--", data.id, "3"), f"table {data.id} has seats 0 to 2, not 3")
    failed(admin(db, "bot", "--", data.id, "0"), "has not started")
    failed(admin(db, "bot", "--bot", "nobot", "--", data.id, "0"), "there is no bot 'nobot'")
    failed(admin(db, "ban", "--account", "nobody"), "there is no account named 'nobody'")
    failed(admin(db, "ban", " "), "display name")
    failed(admin(db, "prune", "--days", "-1"), "--days must be 0 or more")
    failed(admin(db, "tables", "--limit", "0"), "--limit must be 1 or more")
    failed(admin(db, "backup", str(tmp_path / "no" / "such")), "there is no folder")
    (tmp_path / "taken").write_text("x")
    failed(admin(db, "backup", str(tmp_path / "taken")), "already exists")
    target = sqlite_db(tmp_path, "new.db")
    failed(cardroom("admin", "restore", str(tmp_path / "missing"), "--db", target),
           "cannot read")
    failed(cardroom("admin", "restore", str(tmp_path / "taken"), "--db", target),
           "is not an SQLite database file")
    failed(admin("postgresql+psycopg://who:secret@127.0.0.1:1/none", "tables"),
           "could not be used")
    assert "secret" not in admin("postgresql+psycopg://who:secret@127.0.0.1:1/x", "bans").stderr
