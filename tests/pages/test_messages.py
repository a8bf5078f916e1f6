"""How many WebSocket messages the table page exchanges when another
player moves (issue 39): the push brings the events, the view and the
seat's legal moves, so the page takes one push in and sends nothing."""

from __future__ import annotations

import json
import random
import time
from typing import Any

from tests.pages.browser import SHOTS, Server
from tests.pages.driver import Person
from tests.pages.test_play import friends_table, new_person, sit_down

QUIET_MS = 600  # no frame for this long: the page has done all it will
OPPONENT_MOVES = 6


def settle(person: Person) -> None:
    """Waits until the page neither receives nor sends for QUIET_MS."""
    seen, since = -1, time.monotonic()
    deadline = since + 20
    while time.monotonic() < deadline:
        now = len(person.frames) + len(person.sent)
        if now != seen:
            seen, since = now, time.monotonic()
        elif time.monotonic() - since >= QUIET_MS / 1000:
            return
        person.page.wait_for_timeout(50)
    raise AssertionError("the page never went quiet")


def acts(person: Person) -> int:
    return sum(1 for m in person.sent if m.get("cmd") == "act")


def opponent_moves(bob: Person, rng: random.Random) -> None:
    """Bob clicks until his page has sent one action."""
    before = acts(bob)
    for _ in range(200):
        if acts(bob) > before:
            return
        if not bob.move(rng):
            bob.page.wait_for_timeout(50)
    raise AssertionError("Bob's page never sent an action")


def window(ann: Person, move: Any) -> dict[str, list[str]]:
    """What Ann's page took in and sent while ``move`` was made."""
    received, sent = len(ann.frames), len(ann.sent)
    move()
    settle(ann)
    return {"in": [kind(m) for m in ann.frames[received:]],
            "out": [m.get("cmd", "?") for m in ann.sent[sent:]]}


def kind(message: dict[str, Any]) -> str:
    if "push" in message:
        fresh = "view" in message if message["push"] == "events" else True
        return f"push {message['push']}" + ("" if fresh else " (no view)")
    return "answer"


def test_an_opponent_move_costs_the_page_one_push_and_no_request(
        browser: Any, server: Server) -> None:
    invite = friends_table(server, "pile-up")  # two people, turns alternate
    ann, bob = new_person(browser), new_person(browser)
    for person, name in ((ann, "Ann"), (bob, "Bob")):
        person.goto(invite)
        sit_down(person, name)
    rng = random.Random(5)
    theirs: list[dict[str, list[str]]] = []
    mine: list[dict[str, list[str]]] = []
    for _ in range(80):
        if len(theirs) == OPPONENT_MOVES or ann.over():
            break
        settle(ann)
        if ann.page.locator(".legal:visible, [data-confirm]:visible").count():
            # Ann's own moves are counted apart (a click may only choose a card).
            seen = window(ann, lambda: ann.move(rng))
            if "act" in seen["out"]:
                mine.append(seen)
            continue
        theirs.append(window(ann, lambda: opponent_moves(bob, rng)))
    assert len(theirs) == OPPONENT_MOVES, "the game ended too soon"
    counted = {"per opponent move": theirs, "per own move": mine}
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS.parent / "messages-per-move.json").write_text(json.dumps(counted, indent=1))
    print("\n", json.dumps(counted))
    assert all(w == {"in": ["push events"], "out": []} for w in theirs), theirs
    assert all(w == {"in": ["answer", "push events"], "out": ["act"]} for w in mine), mine
    assert not ann.errors and not bob.errors, ann.errors + bob.errors
