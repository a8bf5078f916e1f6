"""Turn clocks, driven by a fake clock (no sleeping): banks, time-outs
handing the seat to a bot, the player's return, leaving, and restarts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.server.support import FakeClock, LiveServer, WsClient, sqlite_url

SEATS = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]
CLOCK = {"initial_s": 30, "per_move_s": 5}


def setup(server: LiveServer) -> tuple[str, list[str]]:
    table = server.create("papayoo", 3, seats=SEATS, clock=CLOCK,
                          options={"rounds": 1})["table"]
    return table, [server.join(table, name)["token"] for name in ("Ada", "Bo")]


def info(server: LiveServer, table: str) -> dict[str, Any]:
    answer: dict[str, Any] = server.http.get(f"/api/tables/{table}").json()
    return answer


def pass_all(client: WsClient) -> None:
    """Papayoo's pass: act until this seat is no longer awaited."""
    while True:
        actions = client.ok("legal")["actions"]
        if not actions or not actions[0].startswith("pass"):
            return
        client.ok("act", action=actions[0])


def test_banks_run_while_awaited_and_gain_the_increment(tmp_path: Path) -> None:
    clock = FakeClock()
    with LiveServer(sqlite_url(tmp_path), clock) as server:
        table, tokens = setup(server)
        assert info(server, table)["clocks"] == [30, 30, None]
        clock.advance(10)
        assert info(server, table)["clocks"] == [20, 20, None]  # a simultaneous pass
        with server.ws(table) as ada:
            ada.ok("hello", token=tokens[0])
            pass_all(ada)
            clocks = info(server, table)["clocks"]
            assert clocks[0] == 25 and clocks[1] == 20  # 30 - 10 + 5; Bo still thinking
            push = ada.wait_push("clock", lambda p: p["seat"] == 1)
            assert push["remaining_s"] == 20


def test_a_bot_takes_a_seat_whose_time_ran_out_until_its_player_returns(
        tmp_path: Path) -> None:
    clock = FakeClock()
    with LiveServer(sqlite_url(tmp_path), clock) as server:
        table, tokens = setup(server)
        with server.ws(table) as ada:
            ada.ok("hello", token=tokens[0])
            pass_all(ada)
            clock.advance(29)
            server.call(server.room.tick())
            assert info(server, table)["seats"][1]["control"] == "seated"
            clock.advance(2)
            server.call(server.room.tick())
            seats = info(server, table)["seats"]
            assert seats[1]["control"] == "away"  # marked for everyone
            marked = ada.wait_push("table", lambda p: p["table"]["seats"][1]["control"] == "away")
            assert marked["table"]["clocks"][1] == 0
            # the stand-in passed Bo's cards: the game goes on
            ada.wait_push("events", lambda p: all(s != 1 for s in p["to_act"])
                          and p["to_act"] != [])
            with server.ws(table) as bo:
                bo.ok("hello", token=tokens[1])  # coming back takes the seat back
                back = info(server, table)
                assert back["seats"][1]["control"] == "seated"
                assert back["clocks"][1] >= 20


def test_a_player_who_leaves_is_replaced_for_good(tmp_path: Path) -> None:
    with LiveServer(sqlite_url(tmp_path)) as server:
        table, tokens = setup(server)
        with server.ws(table) as bo:
            bo.ok("hello", token=tokens[1])
            left = bo.ok("leave")
            assert left["table"]["seats"][1]["control"] == "left"
        with server.ws(table) as bo:
            bo.ok("hello", token=tokens[1])
            assert bo.request("back")["error"]["code"] == "forbidden"
            assert bo.request("act", action="pass 1C")["error"]["code"] == "forbidden"
        with server.ws(table) as ada:
            ada.ok("hello", token=tokens[0])
            while not ada.ok("view")["view"]["over"]:
                actions = ada.ok("legal")["actions"]
                if actions:
                    ada.ok("act", action=actions[0])
                else:
                    ada.wait_push("events")
        assert info(server, table)["status"] == "over"


def test_leaving_before_the_start_frees_the_seat(tmp_path: Path) -> None:
    with LiveServer(sqlite_url(tmp_path)) as server:
        table = server.create("papayoo", 3, seats=SEATS)["table"]
        token = server.join(table, "Ada")["token"]
        with server.ws(table) as ada:
            ada.ok("hello", token=token)
            ada.ok("leave")
        assert info(server, table)["seats"][0]["taken"] is False
        assert server.join(table, "Cy")["seat"] == 0


def test_clocks_and_stand_ins_survive_a_restart(tmp_path: Path) -> None:
    db = sqlite_url(tmp_path)
    clock = FakeClock()
    with LiveServer(db, clock) as server:
        table, tokens = setup(server)
        with server.ws(table) as ada:
            ada.ok("hello", token=tokens[0])
            clock.advance(12)
            pass_all(ada)
        before = info(server, table)
        assert before["clocks"][0] == 23
    with LiveServer(db, FakeClock()) as again:
        after = info(again, table)
        assert after["clocks"][0] == 23 and after["clocks"][1] == 30
        assert after["seats"] == before["seats"] and after["status"] == "playing"
