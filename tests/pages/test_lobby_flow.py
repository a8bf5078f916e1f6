"""The lobby's first hour, in a real Chromium: "Play now" seats a person at
a new table against bots in one click, the name asked once and remembered;
a table made for friends opens at its maker's seat with the invite link;
the form opens on Papayoo; the lobby lists only tables someone can still
join or watch; no option's help shows an internal decision code."""

from __future__ import annotations

import json
import re
from typing import Any

from websockets.sync.client import connect
from websockets.typing import Origin

from cardroom.games import all_games
from tests.pages.browser import Server
from tests.pages.test_play import get_json, new_person

DECISION_CODE = re.compile(r"\bD\d+\b")


def table_of(page: Any) -> str:
    page.wait_for_selector(".table-page")
    match = re.search(r"/tables/([\w-]+)$", page.url)
    assert match, page.url
    return match.group(1)


def test_play_now_seats_you_against_bots_and_remembers_your_name(
        browser: Any, server: Server) -> None:
    person = new_person(browser)
    page = person.page
    person.goto(f"{server.base}/")
    assert page.get_by_label("Game", exact=True).input_value() == "papayoo"
    page.get_by_role("button", name="Play now: Papayoo").click()  # no name yet: asked
    assert page.url == f"{server.base}/"
    page.fill("#quick-name", "Ada")
    page.get_by_role("button", name="Play now: Papayoo").click()
    table = get_json(server, f"/api/tables/{table_of(page)}")
    assert table["game"] == "papayoo" and table["status"] == "playing"
    assert table["seats"][0]["name"] == "Ada" and table["seats"][0]["control"] == "seated"
    assert [s.get("bot") for s in table["seats"][1:]] == ["medium"] * (table["players"] - 1)
    person.wait_playable()  # the seat is this browser's: its moves are offered

    person.goto(f"{server.base}/")  # the name is remembered: one click now
    page.locator(".lobby-quick").get_by_text("You sit down as Ada").wait_for()
    assert not page.locator("#quick-name").is_visible()
    page.get_by_role("button", name="Play now: Pile up").click()
    again = get_json(server, f"/api/tables/{table_of(page)}")
    assert again["game"] == "pile-up" and again["seats"][0]["name"] == "Ada"
    assert not person.errors, person.errors


def test_a_table_for_friends_opens_at_your_seat_with_the_invite(
        browser: Any, server: Server) -> None:
    ann = new_person(browser)
    page = ann.page
    ann.goto(f"{server.base}/")
    page.get_by_label("Game", exact=True).select_option("pile-up")
    page.get_by_label("Players", exact=True).fill("2")
    page.locator("[data-seat='1']").select_option("human")
    page.fill("#new-name", "Ann")
    page.get_by_role("button", name="Create the table").click()
    table = table_of(page)
    info = get_json(server, f"/api/tables/{table}")
    assert info["status"] == "waiting" and info["seats"][0]["name"] == "Ann"
    invite = page.locator("#invite-link")
    assert invite.input_value() == f"{server.base}/tables/{table}"
    assert invite.bounding_box()["y"] < 900, "the invite link is on the first screen"

    bob = new_person(browser)
    bob.goto(invite.input_value())
    bob.page.fill("#join-name", "Bob")
    bob.page.get_by_role("button", name="Sit down").click()
    bob.page.wait_for_selector(".table-page")
    assert get_json(server, f"/api/tables/{table}")["status"] == "playing"
    assert not ann.errors and not bob.errors, ann.errors + bob.errors


def leave(server: Server, table: str, token: str) -> None:
    """Leaves a seat for good over the table's connection, as a person would."""
    url = f"ws://127.0.0.1:{server.port}/ws/tables/{table}"
    with connect(url, origin=Origin(server.base)) as socket:
        for rid, request in enumerate([{"cmd": "hello", "token": token}, {"cmd": "leave"}]):
            socket.send(json.dumps({"id": rid, **request}))
            while (answer := json.loads(socket.recv(timeout=10))).get("id") != rid:
                pass
            assert answer["ok"], answer


def test_the_lobby_lists_only_tables_someone_can_join_or_watch(
        browser: Any, server: Server) -> None:
    def made(players: int, seats: list[dict[str, str]], **options: Any) -> str:
        body = {"game": "papayoo", "players": players, "seats": seats, "options": options}
        table: str = get_json(server, "/api/tables", body)["table"]
        return table

    people = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "medium"}]
    open_table = made(3, people)
    left = made(3, people, rounds=40)  # long enough to be still playing when looked at
    tokens = [get_json(server, f"/api/tables/{left}/join", {"name": n})["token"]
              for n in ("Cy", "Dee")]
    for token in tokens:
        leave(server, left, token)
    assert {s["control"] for s in get_json(server, f"/api/tables/{left}")["seats"]} == {
        "left", "bot"}
    playing = made(3, [{"kind": "human"}, {"kind": "bot", "bot": "medium"},
                       {"kind": "bot", "bot": "medium"}], rounds=40)
    get_json(server, f"/api/tables/{playing}/join", {"name": "Eve"})

    person = new_person(browser)
    page = person.page
    person.goto(f"{server.base}/")
    page.locator(f"[data-group='open'] a[href='/tables/{open_table}']").wait_for()
    for group in ("open", "playing"):
        more = page.locator(f"[data-group='{group}'] button.more")
        if more.count():
            more.click()
    page.locator(f"[data-group='playing'] a[href='/tables/{playing}']").wait_for()
    assert get_json(server, f"/api/tables/{left}")["status"] == "playing"
    assert page.locator(f"a[href='/tables/{left}']").count() == 0, "a game everyone left"
    assert not person.errors, person.errors


def test_no_option_help_shows_a_decision_code() -> None:
    for game in all_games():
        for name, option in game.describe()["options"].items():
            text = option.get("description", "")
            assert not DECISION_CODE.search(text), f"{game.id} {name}: {text}"
