"""Waiting on bots (issue 40, item 22), over real HTTP and WebSockets: a
bot thinks while the previous move is shown (the display delay paces the
moves, it does not add to the thinking), bots that choose at the same time
think at the same time, and a long thought is announced with a
``thinking`` push."""

from __future__ import annotations

import time
from itertools import pairwise
from pathlib import Path
from typing import Any

from cardroom.server import room as room_module
from tests.server.support import LiveServer, WsClient, sqlite_url

MEDIUM = {"kind": "bot", "bot": "medium"}


def seated(server: LiveServer, game: str, bots: list[dict[str, Any]],
           **body: Any) -> tuple[str, str]:
    """A table of one person (seat 0) and ``bots``, started: its id and token."""
    table = server.create(game, len(bots) + 1, seats=[{"kind": "human"}, *bots], **body)
    return table["table"], server.join(table["table"], "Ada")["token"]


def wait_until(check: Any, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def test_bots_think_at_once_and_their_moves_wait_for_the_delay(tmp_path: Path) -> None:
    # A display delay longer than the test: a bot that waited for it before
    # thinking would not have thought at all.
    with LiveServer(sqlite_url(tmp_path), bot_delay_s=60.0) as server:
        table, token = seated(server, "papayoo", [MEDIUM] * 3, options={"rounds": 1})
        live = server.room.tables[table]
        # Papayoo's pass: the three bots choose at the same time, so all
        # three think at once, right after the game started.
        wait_until(lambda: len(live.bots) == 3
                   and all(job.thought is not None for job in live.bots.values()))
        assert sorted(live.bots) == [1, 2, 3]
        assert live.table.version == 0 and not live.data.actions  # nothing shown yet
        with server.ws(table) as ada:
            assert ada.ok("hello", token=token)["view"]["log_size"] > 0
            assert not [e for e in ada.stream() if e.get("type") == "passed"]


def passes_and_plays(ada: WsClient) -> tuple[list[float], list[float]]:
    """Seat 0 passes at once, then waits: when each bot's pass was heard,
    and when each change up to the first trick's end was pushed."""
    passed: list[float] = []
    changes: list[float] = []
    while len(passed) < 3 or len(changes) < 4:
        message = ada.receive()
        if message.get("push") != "events":
            continue
        now = time.monotonic()
        passed += [now for e in message["events"] if e.get("type") == "passed"
                   and e["seat"] != 0]
        if len(passed) == 3 and message["events"]:
            changes.append(now)
        for action in message.get("legal", [])[:1]:
            ada.request("act", action=action)
    return passed, changes


def test_simultaneous_choices_are_thought_together_and_moves_keep_the_delay(
        tmp_path: Path) -> None:
    delay = 1.0  # long beside the bots' thinking and a worker's start, even on a busy machine
    with LiveServer(sqlite_url(tmp_path), bot_delay_s=delay) as server:
        table, token = seated(server, "papayoo", [MEDIUM] * 3, options={"rounds": 1})
        with server.ws(table) as ada:
            hello = ada.ok("hello", token=token)
            start = time.monotonic()
            cards = hello["view"]["pass_count"]
            for action in ada.ok("legal")["actions"][:1]:
                ada.request("act", action=action)
            passed, changes = passes_and_plays(ada)
    # Each bot passes its cards one by one, a delay apart; the three pass
    # side by side (cards x delay), not one after the other (3 x cards x delay).
    assert max(passed) - start < 2 * cards * delay
    gaps = [b - a for a, b in pairwise(changes)]
    assert gaps and min(gaps) >= delay * 0.9  # every move shown a delay after the last


def passed(seat: int) -> Any:
    return lambda push: any(e.get("type") == "passed" and e["seat"] == seat
                            for e in push["events"])


def test_a_long_thought_is_announced_to_the_table(tmp_path: Path) -> None:
    slow = {"kind": "bot", "bot": "ismcts", "budget": {"ms": 1500, "iterations": 20000}}
    # Two workers: the quick bot never waits behind the slow one.
    with LiveServer(sqlite_url(tmp_path), bot_delay_s=0.0, bot_workers=2) as server:
        table, token = seated(server, "papayoo", [slow, MEDIUM], options={"rounds": 1})
        with server.ws(table) as ada, server.ws(table) as watcher:
            ada.ok("hello", token=token)
            watcher.ok("hello", spectate=True)
            assert watcher.wait_push("thinking") == {"push": "thinking", "seat": 1}
            watcher.wait_push("events", passed(1), timeout=60)
            # Each of its cards took long enough to be announced (the quick
            # bot may be too, while its worker process starts).
            heard = [m["seat"] for m in watcher.received if m.get("push") == "thinking"]
            assert heard.count(1) >= 2


def test_no_thinking_push_for_a_quick_bot(tmp_path: Path) -> None:
    with LiveServer(sqlite_url(tmp_path), bot_delay_s=0.0) as server:
        table, token = seated(server, "pile-up", [MEDIUM])
        with server.ws(table) as ada:
            ada.ok("hello", token=token)
            warm = 0  # from the bot's first move on: its worker has started
            for _ in range(12):
                view = ada.ok("view")["view"]
                if view["over"]:
                    break
                if 0 in view["to_act"]:
                    ada.ok("act", action=ada.ok("legal")["actions"][0])
                else:
                    ada.wait_push("events", lambda p: p["events"])
                    warm = warm or len(ada.received)
            assert warm and room_module.THINKING_NOTICE_S == 0.5
            assert not [m for m in ada.received[warm:] if m.get("push") == "thinking"]
