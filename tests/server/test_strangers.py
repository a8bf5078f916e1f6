"""The room open to strangers: a seat is held by its current token only,
and what one address, seat or creator may hold is bounded (connections,
hints, tables), with tables that nobody keeps alive ended."""

from __future__ import annotations

import json
import logging
import re
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from cardroom.core.errors import BadOption
from cardroom.games import get_game
from cardroom.server.store import SeatData, Store, TableData
from tests.server.support import FakeClock, LiveServer, sqlite_url

TWO_PEOPLE = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]
BOTS = [{"kind": "bot", "bot": "random"}] * 3


def code(answer: dict[str, Any]) -> str:
    assert not answer["ok"], answer
    return str(answer["error"]["code"])


def info(server: LiveServer, table: str) -> dict[str, Any]:
    answer: dict[str, Any] = server.http.get(f"/api/tables/{table}").json()
    return answer


# ----- finding 1: authority is the seat's current token ---------------------------
def test_a_connection_that_left_before_the_start_holds_no_seat(tmp_path: Path) -> None:
    with LiveServer(sqlite_url(tmp_path)) as server:
        table = server.create("papayoo", 3, seats=TWO_PEOPLE)["table"]
        first = server.join(table, "Ada", seat=0)["token"]
        with server.ws(table) as stale:
            stale.ok("hello", token=first)
            stale.ok("leave")
            stranger = server.join(table, "Cy")
            assert stranger["seat"] == 0
            server.join(table, "Bo")
            assert info(server, table)["status"] == "playing"
            for cmd, args in (("view", {}), ("legal", {}), ("act", {"action": "pass 1C"}),
                              ("chat", {"text": "hi"}), ("leave", {}), ("back", {}),
                              ("suggest", {}), ("view", {"seat": 0})):
                assert code(stale.request(cmd, **args)) == "unauthorized", cmd
            # It was told nothing of the stranger's game, and can only start over.
            assert not [p for p in stale.pushes if p["push"] == "events" and p["events"]]
            assert stale.ok("hello", spectate=True)["seat"] == "public"
        with server.ws(table) as cy:
            assert cy.ok("hello", token=stranger["token"])["seat"] == 0
            assert info(server, table)["seats"][0]["name"] == "Cy"
            assert cy.ok("legal")["actions"]


def test_another_connection_of_a_freed_seat_loses_it_too(tmp_path: Path) -> None:
    with LiveServer(sqlite_url(tmp_path)) as server:
        table = server.create("papayoo", 3, seats=TWO_PEOPLE)["table"]
        token = server.join(table, "Ada", seat=0)["token"]
        with server.ws(table) as one, server.ws(table) as two:
            one.ok("hello", token=token)
            two.ok("hello", token=token)
            one.ok("leave")
            server.join(table, "Cy", seat=0)
            assert code(two.request("view")) == "unauthorized"


def test_leaving_during_the_game_releases_the_connection(tmp_path: Path) -> None:
    with LiveServer(sqlite_url(tmp_path)) as server:
        table = server.create("papayoo", 3, seats=TWO_PEOPLE)["table"]
        tokens = [server.join(table, name)["token"] for name in ("Ada", "Bo")]
        with server.ws(table) as ada:
            ada.ok("hello", token=tokens[0])
            ada.ok("leave")
            assert code(ada.request("act", action="pass 1C")) == "unauthorized"


# ----- finding 6: connections are bounded and must say hello -----------------------
class Kept(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record.getMessage())


def test_connections_per_address_are_capped(tmp_path: Path) -> None:
    kept = Kept()
    with LiveServer(sqlite_url(tmp_path), ws_per_address=2) as server:
        logging.getLogger("uvicorn.error").addHandler(kept)
        table = server.create("papayoo", 3, seats=TWO_PEOPLE)["table"]
        with server.ws(table) as one, server.ws(table) as two:
            one.ok("hello", spectate=True)
            two.ok("hello", spectate=True)
            with pytest.raises(InvalidStatus) as refused:
                server.ws(table)
            answer = refused.value.response
            assert answer.status_code == 429
            assert json.loads(answer.body or b"{}")["error"]["code"] == "rate_limited"
        with server.ws(table) as again:  # closed ones no longer count
            again.ok("hello", spectate=True)
    logging.getLogger("uvicorn.error").removeHandler(kept)
    assert kept.records == []  # a refused flood does not fill the log


def test_connections_per_seat_are_capped(tmp_path: Path) -> None:
    with LiveServer(sqlite_url(tmp_path), ws_per_seat=2) as server:
        table = server.create("papayoo", 3, seats=TWO_PEOPLE)["table"]
        token = server.join(table, "Ada")["token"]
        with server.ws(table) as one, server.ws(table) as two, server.ws(table) as three:
            one.ok("hello", token=token)
            two.ok("hello", token=token)
            assert code(three.request("hello", token=token)) == "rate_limited"
            three.ok("hello", spectate=True)


def test_a_connection_that_never_says_hello_is_closed(tmp_path: Path) -> None:
    with LiveServer(sqlite_url(tmp_path), hello_timeout_s=0.5) as server:
        table = server.create("papayoo", 3, seats=TWO_PEOPLE)["table"]
        with server.ws(table) as silent:
            assert code(silent.receive(10)) == "unauthorized"
            with pytest.raises(ConnectionClosed):
                silent.receive(5)
        with server.ws(table) as prompt:
            prompt.ok("hello", spectate=True)
            time.sleep(0.8)
            assert prompt.ok("view")["view"]


# ----- finding 4: hints per seat and per address; game length bounded ---------------
def test_hints_are_counted_per_seat_not_per_connection(tmp_path: Path) -> None:
    clock = FakeClock()
    limits = {"hint_burst_seat": 2.0, "hint_rate_seat": 0.1}
    with LiveServer(sqlite_url(tmp_path), clock, **limits) as server:
        table = server.create("papayoo", 3, seats=TWO_PEOPLE)["table"]
        tokens = [server.join(table, name)["token"] for name in ("Ada", "Bo")]
        with server.ws(table) as one, server.ws(table) as two:
            one.ok("hello", token=tokens[0])
            two.ok("hello", token=tokens[0])
            one.ok("suggest")
            two.ok("suggest")
            assert code(one.request("suggest")) == "rate_limited"
            assert code(two.request("suggest")) == "rate_limited"
            clock.advance(10)
            one.ok("suggest")


def test_hints_are_counted_per_address(tmp_path: Path) -> None:
    limits = {"hint_burst_address": 2.0, "hint_rate_address": 0.001}
    with LiveServer(sqlite_url(tmp_path), **limits) as server:
        table = server.create("papayoo", 3, seats=TWO_PEOPLE)["table"]
        tokens = [server.join(table, name)["token"] for name in ("Ada", "Bo")]
        with server.ws(table) as ada, server.ws(table) as bo:
            ada.ok("hello", token=tokens[0])
            bo.ok("hello", token=tokens[1])
            ada.ok("suggest")
            bo.ok("suggest")
            assert code(ada.request("suggest")) == "rate_limited"


def test_one_hint_at_a_time_per_seat(tmp_path: Path) -> None:
    with LiveServer(sqlite_url(tmp_path)) as server:
        table = server.create("papayoo", 3, seats=TWO_PEOPLE)["table"]
        tokens = [server.join(table, name)["token"] for name in ("Ada", "Bo")]
        with server.ws(table) as one, server.ws(table) as two:
            one.ok("hello", token=tokens[0])
            two.ok("hello", token=tokens[0])
            one.send_raw('{"id": 99, "cmd": "suggest", "bot": "hard", "budget": {"ms": 1500,'
                         ' "iterations": 5000}}')
            time.sleep(0.3)
            assert code(two.request("suggest")) == "rate_limited"
            assert one.answer(99)["ok"]


@pytest.mark.parametrize(("game", "option", "most", "players"), [
    ("papayoo", "rounds", 40, 4), ("pizzamania", "rounds", 20, 4), ("muzicando", "deals", 48, 4)])
def test_every_game_length_option_has_a_maximum(game: str, option: str, most: int,
                                                players: int) -> None:
    get_game(game).new(players, 1, {option: most})
    with pytest.raises(BadOption, match="at most"):
        get_game(game).new(players, 1, {option: most + 4})
    with pytest.raises(BadOption):
        get_game(game).new(players, 1, {option: 1_000_000_000})


def test_the_room_refuses_an_endless_table(tmp_path: Path) -> None:
    with LiveServer(sqlite_url(tmp_path)) as server:
        answer = server.http.post("/api/tables", json={
            "game": "pizzamania", "players": 3, "seats": BOTS, "options": {"rounds": 10**9}})
        assert answer.status_code == 400
        assert answer.json()["error"]["code"] == "bad_option"


# ----- finding 4 and 5: tables per creator, stopping and expiry ---------------------
def test_tables_per_creator_are_capped_and_the_creator_may_stop_one(db_url: str) -> None:
    with LiveServer(db_url, tables_per_creator=3, bot_tables_per_creator=1) as server:
        bots = server.create("papayoo", 3, seats=BOTS)
        refused = server.http.post("/api/tables", json={"game": "papayoo", "players": 3,
                                                        "seats": BOTS})
        assert refused.status_code == 429
        assert refused.json()["error"]["code"] == "rate_limited"
        server.create("papayoo", 3, seats=TWO_PEOPLE)
        waiting = server.create("papayoo", 3, seats=TWO_PEOPLE)
        assert server.http.post("/api/tables", json={"game": "papayoo", "players": 3}
                                ).status_code == 429
        wrong = server.http.post(f"/api/tables/{bots['table']}/stop",
                                 json={"owner_token": waiting["owner_token"]})
        assert wrong.status_code == 403
        stopped = server.http.post(f"/api/tables/{bots['table']}/stop",
                                   json={"owner_token": bots["owner_token"]}).json()["table"]
        assert stopped["status"] == "over" and stopped["ended"] == "stopped"
        server.create("papayoo", 3, seats=BOTS)  # room again, for both caps


def test_a_table_people_play_at_cannot_be_stopped(db_url: str) -> None:
    with LiveServer(db_url) as server:
        made = server.create("papayoo", 3, seats=TWO_PEOPLE)
        for name in ("Ada", "Bo"):
            server.join(made["table"], name)
        answer = server.http.post(f"/api/tables/{made['table']}/stop",
                                  json={"owner_token": made["owner_token"]})
        assert answer.status_code == 403
        assert info(server, made["table"])["status"] == "playing"


def test_a_waiting_table_nobody_is_at_expires(db_url: str) -> None:
    clock = FakeClock()
    with LiveServer(db_url, clock, waiting_ttl_s=600.0) as server:
        table = server.create("papayoo", 3, seats=TWO_PEOPLE)["table"]
        kept = server.create("papayoo", 3, seats=TWO_PEOPLE)["table"]
        token = server.join(kept, "Ada")["token"]
        with server.ws(kept) as ada:
            ada.ok("hello", token=token)
            clock.advance(601)
            server.call(server.room.tick())
            gone = info(server, table)
            assert gone["status"] == "over" and gone["ended"] == "expired"
            assert info(server, kept)["status"] == "waiting"
            listed = [t["id"] for t in server.http.get("/api/tables").json()["tables"]]
            assert table not in listed and kept in listed


def test_a_game_nobody_is_connected_to_is_abandoned(db_url: str) -> None:
    clock = FakeClock()
    with LiveServer(db_url, clock, idle_end_s=900.0) as server:
        table = server.create("papayoo", 3, seats=TWO_PEOPLE)["table"]
        for name in ("Ada", "Bo"):
            server.join(table, name)
        clock.advance(899)
        server.call(server.room.tick())
        assert info(server, table)["status"] == "playing"
        clock.advance(2)
        server.call(server.room.tick())
        ended = info(server, table)
        assert ended["status"] == "over" and ended["ended"] == "abandoned"
        assert "result" not in ended or ended["result"] is None
        assert server.http.get(f"/api/tables/{table}/record").status_code == 200


def test_an_all_bot_game_lives_while_watched_and_no_longer_than_its_maximum(
        db_url: str) -> None:
    clock = FakeClock()
    limits = {"idle_end_s": 60.0, "bot_table_max_s": 3600.0, "bot_delay_s": 30.0}
    with LiveServer(db_url, clock, **limits) as server:
        watched = server.create("papayoo", 3, seats=BOTS)["table"]
        unwatched = server.create("papayoo", 3, seats=BOTS)["table"]
        with server.ws(watched) as watcher:
            watcher.ok("hello", spectate=True)
            clock.advance(61)
            server.call(server.room.tick())
            assert info(server, unwatched)["ended"] == "abandoned"
            assert info(server, watched)["status"] == "playing"
            clock.advance(3600)
            server.call(server.room.tick())
            assert info(server, watched)["ended"] == "abandoned"
            table_push = watcher.wait_push("table", lambda p: p["table"]["status"] == "over")
            assert table_push["table"]["ended"] == "abandoned"


# ----- finding 5: the lobby is paged; a restart serves at once ---------------------
def test_the_lobby_is_paged(tmp_path: Path) -> None:
    with LiveServer(sqlite_url(tmp_path), lobby_page_max=3) as server:
        made = [server.create("papayoo", 3, seats=TWO_PEOPLE)["table"] for _ in range(5)]
        first = server.http.get("/api/tables").json()
        assert len(first["tables"]) == 3 and first["total"] == 5 and first["limit"] == 3
        rest = server.http.get("/api/tables", params={"offset": 3, "limit": 3}).json()
        assert [t["id"] for t in first["tables"] + rest["tables"]] == made
        for bad in ({"limit": 4}, {"limit": 0}, {"offset": -1}, {"limit": "²"}):
            answer = server.http.get("/api/tables", params=bad)
            assert answer.status_code == 400, bad
            assert answer.json()["error"]["code"] == "bad_request"


def stored_tables(url: str, count: int, created_at: float) -> list[str]:
    store = Store(url)
    store.upgrade()
    ids = [f"stored{i}" for i in range(count)]
    for table_id in ids:
        store.create_table(TableData(
            table_id, "papayoo", 3, 7, {}, "waiting", created_at=created_at,
            seats=[SeatData(0, "human"), SeatData(1, "human"), SeatData(2, "bot", bot="random",
                                                                      control="bot")]))
    store.close()
    return ids


def test_a_restart_closes_stale_waiting_tables_and_loads_the_rest_lazily(
        db_url: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="cardroom.server")
    stale = stored_tables(db_url, 30, time.time() - 3 * 3600)
    with LiveServer(db_url) as server:
        assert server.room.tables == {} or len(server.room.tables) < 30
        ended = info(server, stale[0])
        assert ended["status"] == "over" and ended["ended"] == "expired"
    fresh = [f"fresh{i}" for i in range(3)]
    store = Store(db_url)
    for table_id in fresh:
        store.create_table(TableData(table_id, "papayoo", 3, 7, {}, "waiting",
                                     created_at=time.time(),
                                     seats=[SeatData(i, "human") for i in range(3)]))
    store.close()
    with LiveServer(db_url) as server:
        assert info(server, fresh[1])["status"] == "waiting"  # loaded when asked for
        deadline = time.monotonic() + 20
        while len(server.http.get("/api/tables").json()["tables"]) < 3:
            assert time.monotonic() < deadline, "the background load never finished"
            time.sleep(0.05)
        while not (said := [r.getMessage() for r in caplog.records
                            if "that no node played" in r.getMessage()]):
            assert time.monotonic() < deadline, "the load was not logged"
            time.sleep(0.05)
    # An operator reads where a takeover's time went.
    # fresh[1] may have been loaded by the request before the start's round
    # claimed the others.
    line = (r"took [23] tables that no node played: [\d.]+ s "
            r"\(claim [\d.]+ s, read [\d.]+ s, replay [\d.]+ s\)")
    assert re.fullmatch(line, said[-1]), said


def test_requests_for_tables_not_in_play_are_counted_per_address(tmp_path: Path) -> None:
    """Each reads the database (a finished game, a made-up id): a stranger
    cannot keep the room's database thread busy with them."""
    limits = {"lookup_burst": 3.0, "lookup_rate": 0.001}
    with LiveServer(sqlite_url(tmp_path), **limits) as server:
        table = server.create("papayoo", 3, seats=TWO_PEOPLE)["table"]
        for number in range(3):
            assert server.http.get(f"/api/tables/madeup{number}").status_code == 404
        refused = server.http.get("/api/tables/madeup3")
        assert refused.status_code == 429
        assert refused.json()["error"]["code"] == "rate_limited"
        assert "tables that are not being played" in refused.json()["error"]["message"]
        with server.ws("madeup4") as late:
            assert late.receive(10)["error"]["code"] == "rate_limited"
        # a table in play reads nothing from the database: not counted
        for _ in range(5):
            assert server.http.get(f"/api/tables/{table}").status_code == 200
        with server.ws(table) as ada:
            ada.ok("hello", token=server.join(table, "Ada")["token"])


def test_hint_arguments_are_checked_whole(tmp_path: Path) -> None:
    with LiveServer(sqlite_url(tmp_path)) as server:
        table = server.create("papayoo", 3, seats=TWO_PEOPLE)["table"]
        tokens = [server.join(table, name)["token"] for name in ("Ada", "Bo")]
        with server.ws(table) as ada:
            ada.ok("hello", token=tokens[0])
            for args in ({"budget": {"ms": "²"}}, {"budget": {"iterations": -1}},
                         {"budget": {"iterations": 2.5}}, {"budget": {"ms": 0}},
                         {"seed": -1}, {"seed": 2**64}):
                assert code(ada.request("suggest", bot="random", **args)) == "bad_request", args
            answer = ada.request("legal", seat="0")
            assert code(answer) == "bad_request" and "seat number" in answer["error"]["message"]
            ada.ok("suggest", bot="random", budget={"iterations": 5, "ms": 50}, seed=3)
