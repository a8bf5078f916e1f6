"""What a push carries (each connection's events with its view and, for a
seat, its legal actions), the one path every move takes (apply, store,
answer, push) and the order of what the actor receives."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardroom.core.events import PUBLIC
from cardroom.server import ws
from cardroom.server.live import Conn
from tests.server.support import FakeClock, LiveServer, WsClient, sqlite_url

PEOPLE = ("Ada", "Bo", "Cy")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(sqlite_url(tmp_path_factory.mktemp("room"))) as live:
        yield live


def started(server: LiveServer, **body: Any) -> tuple[str, list[str]]:
    """A Papayoo table of three people, started (no bot: only the test acts)."""
    table = server.create("papayoo", 3, **body)["table"]
    return table, [server.join(table, name)["token"] for name in PEOPLE]


def without_log(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k != "log"}


def last_events_push(client: WsClient) -> dict[str, Any]:
    client.ok("result")  # a round trip: every push sent before it has arrived
    return [m for m in client.received if m.get("push") == "events"][-1]


def test_a_seats_push_carries_what_view_and_legal_answer(server: LiveServer) -> None:
    table, tokens = started(server)
    with server.ws(table) as a, server.ws(table) as b:
        a.ok("hello", token=tokens[0])
        b.ok("hello", token=tokens[1])
        a.ok("act", action=a.ok("legal")["actions"][0])
        for client in (a, b):
            push = last_events_push(client)
            assert push["view"] == without_log(client.ok("view")["view"])
            assert push["legal"] == client.ok("legal")["actions"] != []
            assert push["log_size"] == push["view"]["log_size"]


def test_a_seat_not_awaited_is_pushed_no_legal_actions(server: LiveServer) -> None:
    table, tokens = started(server)
    with server.ws(table) as a:
        a.ok("hello", token=tokens[0])
        while actions := a.ok("legal")["actions"]:
            a.ok("act", action=actions[0])  # the pass, card by card
        push = last_events_push(a)
        assert 0 not in push["to_act"] and push["legal"] == []


def test_a_spectators_push_carries_the_public_view_and_no_legal_actions(
        server: LiveServer) -> None:
    table, tokens = started(server)
    with server.ws(table) as a, server.ws(table) as watcher:
        a.ok("hello", token=tokens[0])
        watcher.ok("hello", spectate=True)
        a.ok("act", action=a.ok("legal")["actions"][0])
        push = last_events_push(watcher)
        state = server.room.tables[table].table.state
        assert push["view"] == state.view(PUBLIC, log=False)
        assert push["view"]["seat"] == PUBLIC and "legal" not in push
        assert not {"hand", "chosen", "passed", "received"} & set(push["view"])
        assert push["view"] != state.view(0, log=False)


def test_the_actor_gets_its_answer_then_a_push_with_nothing_twice(server: LiveServer) -> None:
    table, tokens = started(server)
    with server.ws(table) as a:
        a.ok("hello", token=tokens[0])
        action = a.ok("legal")["actions"][0]
        answer = a.ok("act", action=action)
        assert answer["events"] and "log" not in answer["view"]
        push = a.wait_push("events")
        assert a.received.index(answer) < a.received.index(push)
        assert push["events"] == [] and push["view"] == answer["view"]
        assert push["legal"] == a.ok("legal")["actions"]


def test_act_is_answered_through_the_common_reply_path(server: LiveServer) -> None:
    table, tokens = started(server)
    live = server.call(server.room.get(table))
    conn = Conn("test")
    server.call(server.room.hello(conn, live, {"token": tokens[0]}))
    action = live.table.state.legal_texts(0)[0]
    message = {"text": json.dumps({"id": 9, "cmd": "act", "action": action})}

    async def ask() -> dict[str, Any]:
        reply = await ws._answer(message, conn, live, server.room, True)
        assert reply is not None, "act sent its own answer"
        conn.answer(reply)
        return reply

    try:
        reply = server.call(ask())
        assert reply["id"] == 9 and reply["ok"] and reply["events"]
        assert reply["view"] == live.table.view(0, log=False)
        sent = [json.loads(conn.out.get_nowait() or "null") for _ in range(conn.out.qsize())]
        assert sent[0] == reply and sent[1]["push"] == "events" and sent[1]["events"] == []
    finally:
        server.room.disconnect(conn)


def test_a_seat_taken_back_by_its_move_is_stored_and_pushed_with_the_move(
        tmp_path: Path) -> None:
    clock = FakeClock()
    # The stand-ins wait long before thinking: only the test moves.
    with LiveServer(sqlite_url(tmp_path), clock, bot_delay_s=60.0) as server:
        table, tokens = started(server, clock={"initial_s": 30, "per_move_s": 5})
        with server.ws(table) as ada, server.ws(table) as bo:
            ada.ok("hello", token=tokens[0])
            bo.ok("hello", token=tokens[1])
            clock.advance(31)
            server.call(server.room.tick())  # every clock ran out: stand-ins play
            live = server.room.tables[table]
            assert live.seat(1).control == "away"
            action = bo.ok("view")["view"]["hand"][0]
            store, append = server.room.store, server.room.store.append

            def broken(*args: Any, **kwargs: Any) -> None:
                raise RuntimeError("the disk is full")

            store.append = broken  # type: ignore[method-assign]
            refused = bo.request("act", action=f"pass {action}")
            store.append = append  # type: ignore[method-assign]
            assert refused["error"]["code"] == "internal_error"
            stored = server.call(server.room.db(store.load_table, table))
            assert stored is not None
            assert live.seat(1).control == stored.seats[1].control == "away"

            ada.ok("result")  # the time-outs' pushes have arrived
            seen = len(ada.received)
            bo.ok("act", action=f"pass {action}")
            ada.ok("result")
            after = ada.received[seen:]
            events = [m for m in after if m.get("push") == "events"]
            seated = [m for m in after if m.get("push") == "table"]
            assert len(events) == 1 and len(seated) == 1  # one change, pushed once
            assert seated[0]["table"]["seats"][1]["control"] == "seated"
            assert after.index(seated[0]) < after.index(events[0])
            stored = server.call(server.room.db(store.load_table, table))
            assert stored is not None
            assert stored.seats[1].control == "seated" and len(stored.actions) == 1
