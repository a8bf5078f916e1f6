"""Every game played in a real Chromium by clicking, as people would:
one person against bots from the lobby to the final summary; two friends
at one table, one reloading mid-game; a spectator who is never sent a hand."""

from __future__ import annotations

import json
import random
import time
import urllib.request
from typing import Any

import pytest

from cardroom.core.record import Record
from tests.pages.browser import Server
from tests.pages.driver import Person, hand_anywhere

# A whole game of each, kept short with the games' own options.
SETTINGS: dict[str, tuple[int, dict[str, Any]]] = {
    "papayoo": (4, {"rounds": 1}),
    "pizzamania": (3, {"rounds": 1}),
    "pile-up": (2, {}),
    "love-formula": (2, {}),
    "muzicando": (4, {"deals": 1}),
}
GAMES = list(SETTINGS)


def post(server: Server, path: str, body: dict[str, Any]) -> dict[str, Any]:
    return get_json(server, path, body)


def get_json(server: Server, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
    """The server's JSON answer to a GET, or to a POST of ``body``."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"{server.base}{path}", data,
                                     {"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        answered: dict[str, Any] = json.load(answer)
        return answered


def finished_bots_table(server: Server, game: str, players: int, seed: int,
                        options: dict[str, Any]) -> tuple[str, Record]:
    """A seeded table of heuristic bots, played out by the server: its id and record."""
    created = post(server, "/api/tables", {
        "game": game, "players": players, "seed": seed, "options": options,
        "seats": [{"kind": "bot", "bot": "heuristic"}] * players})
    table = created["id"]
    deadline = time.monotonic() + 60
    while get_json(server, f"/api/tables/{table}")["status"] != "over":
        assert time.monotonic() < deadline, f"the bots' table {table} did not finish in 60 s"
        time.sleep(0.1)
    record = Record.from_json(get_json(server, f"/api/tables/{table}/record")["record"])
    return table, record


def new_person(browser: Any, width: int = 1280) -> Person:
    context = browser.new_context(viewport={"width": width, "height": 900},
                                  locale="en-US")
    return Person(context.new_page())


def create_in_lobby(person: Person, server: Server, game: str) -> None:
    """Creates a table from the lobby's form: this person and bots."""
    players, options = SETTINGS[game]
    page = person.page
    person.goto(f"{server.base}/")
    page.get_by_label("Game", exact=True).select_option(game)
    page.get_by_label("Players", exact=True).fill(str(players))
    for name, value in options.items():
        page.locator(f"[data-option='{name}']").fill(str(value))
    for seat in range(1, players):
        page.locator(f"[data-seat='{seat}']").select_option("bot:heuristic")
    page.fill("#new-name", "Ada")
    page.get_by_role("button", name="Create the table").click()


def sit_down(person: Person, name: str) -> None:
    person.page.fill("#join-name", name)
    person.page.get_by_role("button", name="Sit down").click()
    person.page.wait_for_selector(".table-page")


@pytest.mark.parametrize("game", GAMES)
def test_a_person_plays_a_whole_game_against_bots(browser: Any, server: Server,
                                                  game: str) -> None:
    person = new_person(browser)
    create_in_lobby(person, server, game)
    person.page.wait_for_selector(".table-page")
    clicks = person.play_to_end(random.Random(game), shot=game)
    final = person.page.locator(".final")
    assert clicks > 3 and final.is_visible()
    assert "Ada" in final.inner_text()
    assert not person.errors, person.errors
    phone = new_person(browser, width=360)
    phone.goto(person.page.url)
    phone.page.wait_for_selector(".final")
    phone.screenshot(f"{game}-end-360")
    assert phone.page.evaluate("document.documentElement.scrollWidth") <= 380


def friends_table(server: Server, game: str) -> str:
    players, options = SETTINGS[game]
    seats = [{"kind": "human"}, {"kind": "human"}] + \
        [{"kind": "bot", "bot": "heuristic"}] * (players - 2)
    created = post(server, "/api/tables", {"game": game, "players": players,
                                           "options": options, "seats": seats})
    return f"{server.base}{created['invite']}"


def take_turns(people: list[Person], rng: random.Random, until: int) -> int:
    """Each person plays when the page offers a move; returns clicks made.
    Fails, saying what each page prompts, when nobody can move for 30 s."""
    clicks, last_move = 0, time.monotonic()
    while clicks < until and not people[0].over():
        moved = False
        for person in people:
            if person.move(rng):
                clicks, moved, last_move = clicks + 1, True, time.monotonic()
        if not moved:
            if time.monotonic() - last_move >= 30:
                for index, person in enumerate(people):
                    person.screenshot(f"stuck-{index}")
            assert time.monotonic() - last_move < 30, [
                (p.page.inner_text(".prompt"), p.misses[-3:]) for p in people]
            people[0].page.wait_for_timeout(50)
    return clicks


@pytest.mark.parametrize("game", GAMES)
def test_two_friends_and_a_spectator(browser: Any, server: Server, game: str) -> None:
    invite = friends_table(server, game)
    ann, bob = new_person(browser), new_person(browser)
    ann.goto(invite)
    sit_down(ann, "Ann")
    bob.goto(invite)
    sit_down(bob, "Bob")
    watcher = new_person(browser)
    watcher.goto(invite)
    watcher.page.wait_for_selector(".table-page")
    rng = random.Random(game)
    take_turns([ann, bob], rng, until=10)
    ann.page.reload()  # mid-game: the seat comes back from this browser's memory
    ann.page.wait_for_selector(".table-page")
    take_turns([ann, bob], rng, until=100_000)
    for person in (ann, bob, watcher):
        person.page.wait_for_selector(".final", timeout=30_000)
    watcher.screenshot(f"{game}-spectator-end")
    assert watcher.frames and not any(hand_anywhere(f) for f in watcher.frames)
    assert any(hand_anywhere(f) for f in ann.frames)
    assert "You are watching" in watcher.page.inner_text(".prompt")
    for person in (ann, bob, watcher):
        assert not person.errors, person.errors
