"""'Play again' (issue 40, item 7) and the pages for unknown addresses
(item 21), over real HTTP and WebSockets."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.server.support import FakeClock, LiveServer, sqlite_url

SEATS = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]
IDLE_S = 60.0


def finished(server: LiveServer, clock: FakeClock) -> tuple[str, list[str]]:
    """A Papayoo table of two people and a bot, ended (nobody stayed at
    it): its id and the people's seat tokens."""
    table = server.create("papayoo", 3, seats=SEATS, options={"rounds": 2})["table"]
    tokens = [server.join(table, name)["token"] for name in ("Ada", "Bo")]
    clock.advance(IDLE_S + 1)
    server.call(server.room.tick())
    assert info(server, table)["status"] == "over"
    return table, tokens


def info(server: LiveServer, table: str) -> dict[str, Any]:
    answer: dict[str, Any] = server.http.get(f"/api/tables/{table}").json()
    return answer


def again(server: LiveServer, table: str, token: Any) -> Any:
    return server.http.post(f"/api/tables/{table}/again", json={"token": token})


def code(answer: Any) -> str:
    return str(answer.json()["error"]["code"])


def test_play_again_seats_the_same_people_at_a_new_deal(tmp_path: Path) -> None:
    clock = FakeClock()
    with LiveServer(sqlite_url(tmp_path), clock, idle_end_s=IDLE_S) as server:
        old, (ada, bo) = finished(server, clock)
        with server.ws(old) as watcher:
            watcher.ok("hello", spectate=True)
            first = again(server, old, ada)
            assert first.status_code == 200, first.text
            made = first.json()
            new = made["table"]["id"]
            assert made["seat"] == 0 and made["token"] not in (ada, bo)
            # The finished table names the next one: pushed, and in the lobby.
            pushed = watcher.wait_push("table", lambda p: "next" in p["table"])
            assert pushed["table"]["next"] == new == info(server, old)["next"]
        table = made["table"]
        assert (table["game"], table["players"], table["options"]) == ("papayoo", 3, {"rounds": 2})
        assert table["status"] == "waiting"
        assert [(s["kind"], s["control"], s["name"]) for s in table["seats"]] == [
            ("human", "seated", "Ada"), ("human", "reserved", "Bo"), ("bot", "bot", "random")]
        assert table["seats"][1]["taken"]  # the lobby offers nobody Bo's seat
        assert server.room.tables[new].data.seed != server.room.tables[old].data.seed

        # Nobody else takes Bo's seat, and the old tokens hold nothing there.
        assert code(server.http.post(f"/api/tables/{new}/join", json={"name": "Eve"})) == \
            "table_full"
        assert code(server.http.post(f"/api/tables/{new}/join",
                                     json={"name": "Eve", "seat": 1})) == "seat_taken"
        for token in (ada, bo):
            with server.ws(new) as client:
                assert client.request("hello", token=token)["error"]["code"] == "unauthorized"
        assert code(again(server, old, "not a token")) == "unauthorized"
        assert code(again(server, old, ada)) == "seat_taken"  # Ada has hers already

        # Bo claims his seat with his own old token: the game starts.
        second = again(server, old, bo)
        assert second.status_code == 200, second.text
        claimed = second.json()
        assert claimed["seat"] == 1 and claimed["table"]["id"] == new
        assert claimed["table"]["status"] == "playing" and "owner_token" not in claimed
        assert code(again(server, old, bo)) == "seat_taken"
        for seat, token in ((0, made["token"]), (1, claimed["token"])):
            with server.ws(new) as client:
                assert client.ok("hello", token=token)["seat"] == seat
        stored = server.call(server.room.db(server.room.store.load_table, old))
        assert stored is not None and stored.next_table == new


def test_play_again_only_once_the_game_is_over(tmp_path: Path) -> None:
    with LiveServer(sqlite_url(tmp_path)) as server:
        table = server.create("papayoo", 3, seats=SEATS)["table"]
        ada = server.join(table, "Ada")["token"]
        assert code(again(server, table, ada)) == "forbidden"
        assert code(again(server, "nosuchtable", ada)) == "no_table"


def test_a_person_who_left_is_not_kept_a_seat(tmp_path: Path) -> None:
    clock = FakeClock()
    with LiveServer(sqlite_url(tmp_path), clock, idle_end_s=IDLE_S) as server:
        table = server.create("papayoo", 3, seats=SEATS)["table"]
        ada, bo = (server.join(table, name)["token"] for name in ("Ada", "Bo"))
        with server.ws(table) as client:
            client.ok("hello", token=bo)
            client.ok("leave")
        clock.advance(IDLE_S + 1)
        server.call(server.room.tick())
        assert code(again(server, table, bo)) == "forbidden"
        made = again(server, table, ada).json()
        assert made["table"]["seats"][1]["control"] == "open"  # anyone may join it
        joined = server.join(made["table"]["id"], "Eve")
        assert joined["seat"] == 1 and joined["table"]["status"] == "playing"


def test_a_browser_asking_for_an_unknown_page_gets_the_page(tmp_path: Path) -> None:
    html = {"accept": "text/html,application/xhtml+xml,*/*;q=0.8"}
    with LiveServer(sqlite_url(tmp_path)) as server:
        table = server.create("papayoo", 3)["table"]
        for path in ("/nope", "/tables/nosuchtable", "/replays/nosuchtable", "/a/b/c"):
            page = server.http.get(path, headers=html)
            assert page.status_code == 404, path
            assert page.headers["content-type"].startswith("text/html")
            assert 'src="/static/app.js"' in page.text  # its router says "not found"
        assert server.http.get(f"/tables/{table}", headers=html).status_code == 200
        # API clients, and a browser's requests for data, keep JSON errors.
        for path, headers in (("/nope", {}), ("/api/nope", html), ("/static/nope.js", html),
                              ("/nope", {"accept": "application/json"})):
            answer = server.http.get(path, headers=headers)
            assert answer.status_code == 404, path
            assert answer.json()["error"]["code"] == "not_found", path
