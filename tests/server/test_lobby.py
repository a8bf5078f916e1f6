"""The lobby over real HTTP: what it answers, and how it refuses."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.server.support import LiveServer, sqlite_url

JSON_TYPE = {"Content-Type": "application/json"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(sqlite_url(tmp_path_factory.mktemp("lobby"))) as live:
        yield live


def error_of(answer: object) -> tuple[int, str]:
    status = answer.status_code  # type: ignore[attr-defined]
    return status, answer.json()["error"]["code"]  # type: ignore[attr-defined]


def test_games_is_the_engines_list(server: LiveServer) -> None:
    games = server.http.get("/api/games").json()["games"]
    assert {g["id"] for g in games} == {"papayoo", "pizzamania", "pile-up", "muzicando",
                                        "love-formula"}
    papayoo = next(g for g in games if g["id"] == "papayoo")
    assert papayoo["players"] == [3, 8] and "rounds" in papayoo["options"]


def test_create_answers_the_table_as_get_does(server: LiveServer) -> None:
    created = server.create("pile-up", 3, seats=[{"kind": "human"}, {"kind": "human"},
                                                 {"kind": "bot", "bot": "random"}])
    table = created["table"]
    assert created["invite"] == f"/tables/{table}"
    fetched = server.http.get(f"/api/tables/{table}").json()
    assert {k: v for k, v in created.items() if k not in ("table", "owner_token")} == fetched
    assert len(created["owner_token"]) >= 32 and created["owner_token"] not in str(fetched)
    assert fetched["status"] == "waiting"
    assert [s["taken"] for s in fetched["seats"]] == [False, False, True]
    assert [s["kind"] for s in fetched["seats"]] == ["human", "human", "bot"]
    listed = server.http.get("/api/tables").json()["tables"]
    assert table in [t["id"] for t in listed]


def test_the_game_starts_when_every_person_sits(server: LiveServer) -> None:
    table = server.create("papayoo", 3, seats=[{"kind": "human"}, {"kind": "bot"},
                                               {"kind": "human"}])["table"]
    first = server.join(table, "Ada")
    assert first["seat"] == 0 and first["table"]["status"] == "waiting"
    second = server.join(table, "Bo")
    assert second["seat"] == 2 and second["table"]["status"] == "playing"
    assert first["token"] != second["token"] and len(first["token"]) >= 32
    status, code = error_of(server.http.post(f"/api/tables/{table}/join", json={"name": "Cy"}))
    assert (status, code) == (409, "table_full")


def test_join_refusals(server: LiveServer) -> None:
    table = server.create("papayoo", 3, seats=[{"kind": "human"}, {"kind": "bot"},
                                               {"kind": "human"}])["table"]
    server.join(table, "Ada", seat=2)
    post = server.http.post
    assert error_of(post(f"/api/tables/{table}/join", json={"name": "Bo", "seat": 2})) == (
        409, "seat_taken")
    assert error_of(post(f"/api/tables/{table}/join", json={"name": "Bo", "seat": 1})) == (
        409, "seat_taken")
    assert error_of(post(f"/api/tables/{table}/join", json={"name": "Bo", "seat": 9})) == (
        400, "bad_request")
    for name in ["", " ", "x" * 33, "tab\tbell\x07", 7, None]:
        assert error_of(post(f"/api/tables/{table}/join", json={"name": name})) == (
            400, "bad_request"), name
    assert error_of(post("/api/tables/nosuchtable/join", json={"name": "Bo"})) == (
        404, "no_table")
    assert error_of(server.http.get("/api/tables/../../etc")) [0] == 404


@pytest.mark.parametrize(("body", "code"), [
    ({"game": "chess", "players": 2}, "unknown_game"),
    ({"game": "papayoo", "players": 9}, "bad_option"),
    ({"game": "papayoo", "players": 4, "options": {"rounds": -1}}, "bad_option"),
    ({"game": "papayoo", "players": 4, "options": {"colour": 1}}, "bad_option"),
    ({"game": "papayoo"}, "bad_request"),
    ({"game": "papayoo", "players": "4"}, "bad_request"),
    ({"game": "papayoo", "players": 3, "seats": [{"kind": "human"}]}, "bad_request"),
    ({"game": "papayoo", "players": 3, "seats": [{"kind": "alien"}] * 3}, "bad_request"),
    ({"game": "papayoo", "players": 3,
      "seats": [{"kind": "bot", "bot": "oracle"}] * 3}, "bad_request"),
    ({"game": "papayoo", "players": 3,
      "seats": [{"kind": "bot", "bot": "ismcts", "budget": {"iterations": 10**9}}] * 3},
     "bad_request"),
    ({"game": "papayoo", "players": 3, "clock": {"initial_s": 0}}, "bad_request"),
    ({"game": "papayoo", "players": 3, "clock": "fast"}, "bad_request"),
    ({"game": "papayoo", "players": 3, "rated": True, "seed": 5}, "bad_request"),
])
def test_create_refusals(server: LiveServer, body: dict[str, object], code: str) -> None:
    status, got = error_of(server.http.post("/api/tables", json=body))
    assert got == code and 400 <= status < 500


def test_bad_bodies_get_clear_errors(server: LiveServer) -> None:
    def post(path: str, content: bytes) -> object:
        # Typed as JSON: these are the body's own refusals, not the type guard's.
        return server.http.post(path, content=content, headers=JSON_TYPE)

    assert error_of(post("/api/tables", content=b"{not json")) == (400, "bad_request")
    assert error_of(post("/api/tables", content=b"[1, 2]")) == (400, "bad_request")
    assert error_of(post("/api/tables", content=b'{"players": NaN}')) == (400, "bad_request")
    huge = b'{"game": "' + b"x" * 40_000 + b'"}'
    assert error_of(post("/api/tables", content=huge)) == (413, "too_large")
    assert error_of(server.http.get("/api/nothing-here")) == (404, "not_found")
    assert error_of(server.http.delete("/api/games")) == (405, "bad_request")


def test_the_lobby_hides_stacked_deals_and_seeds(server: LiveServer) -> None:
    created = server.create("papayoo", 3, seed=7, options={"stack": {"die": ["H"]}})
    assert created["prepared"] is True
    assert "stack" not in created["options"]
    text = server.http.get("/api/tables").text + server.http.get(
        f"/api/tables/{created['table']}").text
    assert '"seed"' not in text and '"stack"' not in text


def test_a_table_of_bots_plays_by_itself_and_keeps_its_record(server: LiveServer) -> None:
    table = server.create("pile-up", 2, seats=[{"kind": "bot", "bot": "random"}] * 2)
    assert table["status"] == "playing"
    with server.ws(table["table"]) as watcher:
        watcher.ok("hello", spectate=True)
        watcher.wait_push("events", lambda p: p["over"], timeout=60)
    record = server.http.get(f"/api/tables/{table['table']}/record").json()["record"]
    assert record["game"] == "pile-up" and record["actions"]
    replay = server.http.get(f"/api/tables/{table['table']}/replay",
                             params={"seat": "1", "step": "3"}).json()
    assert replay["step"] == 3 and replay["steps"] == len(record["actions"])
    assert replay["view"]["seat"] == 1
    public = server.http.get(f"/api/tables/{table['table']}/replay").json()
    assert public["view"]["seat"] == "public" and public["view"]["over"]
    assert error_of(server.http.get(f"/api/tables/{table['table']}/replay",
                                    params={"seat": "5"})) == (400, "bad_request")


def test_pages_are_served(server: LiveServer) -> None:
    assert "<script" in server.http.get("/").text
    table = server.create("papayoo", 3)["table"]
    assert server.http.get(f"/tables/{table}").status_code == 200
    assert server.http.get(f"/replays/{table}").status_code == 200
    # An unknown table's address is the same page, answered 404 (issue 40, item 21).
    unknown = server.http.get("/tables/abc")
    assert unknown.status_code == 404 and "<script" in unknown.text
    assert server.http.get("/leaderboard/papayoo").status_code == 200
    script = server.http.get("/static/app.js")
    assert script.status_code == 200 and "javascript" in script.headers["content-type"]


def test_a_bot_seat_may_name_a_strength(server: LiveServer) -> None:
    # Issue 16, item 3: the lobby's strengths, beside the older names.
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "easy"}, {"kind": "bot", "bot": "medium"},
             {"kind": "bot", "bot": "hard", "budget": {"iterations": 50}},
             {"kind": "bot", "bot": "heuristic"}]
    created = server.create("pile-up", 5, seats=seats)
    assert [s.get("bot") for s in created["seats"]][1:] == ["easy", "medium", "hard",
                                                            "heuristic"]
    answer = server.http.post("/api/tables", json={
        "game": "pile-up", "players": 2,
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "medium", "budget": {"ms": 5}}]})
    assert error_of(answer) == (400, "bad_request")
