"""Accounts (optional): argon2-hashed passwords, sessions as bearer tokens,
rated games updating openskill ratings, the leaderboard and history."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.support import LiveServer, sqlite_url


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("accounts")


@pytest.fixture(scope="module")
def server(folder: Path) -> Iterator[LiveServer]:
    with LiveServer(sqlite_url(folder)) as live:
        yield live


def sign_up(server: LiveServer, name: str) -> str:
    answer = server.http.post("/api/accounts", json={"name": name, "password": "pass-" + name})
    assert answer.status_code == 200, answer.text
    token: str = answer.json()["token"]
    return token


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_accounts_and_sessions(server: LiveServer, folder: Path) -> None:
    token = sign_up(server, "alice")
    me = server.http.get("/api/me", headers=auth(token)).json()
    assert me["name"] == "alice" and me["ratings"] == [] and me["games"] == []
    again = server.http.post("/api/accounts", json={"name": "ALICE", "password": "whatever1"})
    assert again.status_code == 409 and again.json()["error"]["code"] == "name_taken"
    wrong = server.http.post("/api/sessions", json={"name": "alice", "password": "nope-nope"})
    assert wrong.status_code == 401 and wrong.json()["error"]["code"] == "unauthorized"
    unknown = server.http.post("/api/sessions", json={"name": "nobody", "password": "x" * 9})
    assert unknown.status_code == 401
    signed = server.http.post("/api/sessions", json={"name": "Alice", "password": "pass-alice"})
    assert signed.status_code == 200 and signed.json()["name"] == "alice"
    assert server.http.get("/api/me").status_code == 401
    assert server.http.get("/api/me", headers=auth("forged")).status_code == 401
    for body in [{"name": "a", "password": "longenough"}, {"name": "bob", "password": "short"},
                 {"name": "b<b>", "password": "longenough"}, {"name": 5, "password": 5}]:
        assert server.http.post("/api/accounts", json=body).status_code == 400, body
    with sqlite3.connect(folder / "cardroom.db") as db:
        stored = db.execute("select password_hash from accounts where name='alice'").fetchone()
        sessions = [r[0] for r in db.execute("select token_hash from account_sessions")]
    assert stored[0].startswith("$argon2") and "pass-alice" not in stored[0]
    assert token not in sessions and len(sessions) >= 2


def test_a_rated_game_moves_the_ratings(server: LiveServer) -> None:
    tokens = {name: sign_up(server, name) for name in ("carol", "dave")}
    table = server.create("pile-up", 2, rated=True)["table"]
    guest = server.http.post(f"/api/tables/{table}/join", json={"name": "guest"})
    assert guest.status_code == 401
    seats = {}
    for name, token in tokens.items():
        answer = server.http.post(f"/api/tables/{table}/join", json={"name": name},
                                  headers=auth(token))
        assert answer.status_code == 200, answer.text
        seats[name] = answer.json()
        assert answer.json()["table"]["hints"] is False  # no bot help in a rated game
    with server.ws(table) as carol, server.ws(table) as dave:
        carol.ok("hello", token=seats["carol"]["token"])
        dave.ok("hello", token=seats["dave"]["token"])
        while not carol.ok("view")["view"]["over"]:
            for client in (carol, dave):
                actions = client.ok("legal")["actions"]
                if actions:
                    client.ok("act", action=actions[0])
    result = server.http.get(f"/api/tables/{table}").json()["result"]
    board = server.http.get("/api/leaderboard/pile-up").json()["ratings"]
    assert {r["name"] for r in board} >= {"carol", "dave"}
    rows = {r["name"]: r for r in board}
    assert rows["carol"]["games"] == rows["dave"]["games"] == 1
    winner = "carol" if result["ranking"][0] == [seats["carol"]["seat"]] else "dave"
    loser = "dave" if winner == "carol" else "carol"
    if len(result["ranking"]) == 2:
        assert rows[winner]["mu"] > 25 > rows[loser]["mu"]
    me = server.http.get("/api/me", headers=auth(tokens["carol"])).json()
    assert [g["id"] for g in me["games"]] == [table]
    assert me["ratings"][0]["game"] == "pile-up"
    assert server.http.get("/api/leaderboard/chess").json()["error"]["code"] == "unknown_game"
