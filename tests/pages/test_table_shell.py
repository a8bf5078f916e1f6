"""The table page's shell (issue 40): seats around the table with a status
bar that stays in view, why a move cannot be played, the connection lost
and found again, server errors in the person's language, hints in a
player's words, and only the tools that apply after leaving."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from tests.pages.browser import Server
from tests.pages.driver import Person
from tests.pages.test_play import friends_table, new_person, post, sit_down

expect = pytest.importorskip("playwright.sync_api").expect

BOTS = [{"kind": "bot", "bot": "heuristic"}] * 3


def person_in(browser: Any, lang: str, width: int = 1280, height: int = 900) -> Person:
    """A person whose browser speaks `lang` (the page picks it from there)."""
    context = browser.new_context(viewport={"width": width, "height": height}, locale=lang)
    return Person(context.new_page())


def papayoo_with_bots(server: Server) -> str:
    """A Papayoo table of one person and three bots; returns its invite."""
    created = post(server, "/api/tables", {
        "game": "papayoo", "players": 4, "options": {"rounds": 1},
        "seats": [{"kind": "human"}, *BOTS]})
    return f"{server.base}{created['invite']}"


def box(page: Any, selector: str) -> dict[str, float]:
    """Where the first node matching `selector` is, measured in one go (the
    seats are redrawn often: a located node may be gone a moment later)."""
    found: dict[str, float] | None = page.evaluate(
        """(selector) => { const node = document.querySelector(selector);
        if (!node) return null; const r = node.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height }; }""", selector)
    assert found, selector
    return found


def test_the_seats_sit_around_the_board_with_the_viewer_at_the_bottom(
        browser: Any, server: Server) -> None:
    ann = new_person(browser)
    ann.goto(papayoo_with_bots(server))
    sit_down(ann, "Ann")
    page = ann.page
    page.wait_for_selector(".legal")
    # Papayoo is played to the left: the next seat on the left, the one
    # after across the table, the last on the right, the viewer at the bottom.
    expect(page.locator(".ring-bottom .seat.mine")).to_contain_text("Ann")
    expect(page.locator(".ring-left .seat")).to_contain_text("bot 2")
    expect(page.locator(".ring-top .seat")).to_contain_text("bot 3")
    expect(page.locator(".ring-right .seat")).to_contain_text("bot 4")
    board, mine = box(page, ".ring-board"), box(page, ".ring-bottom .seat")
    left, right = box(page, ".ring-left .seat"), box(page, ".ring-right .seat")
    assert mine["y"] >= board["y"] + board["height"] - 1
    assert left["x"] + left["width"] <= board["x"] + 1 <= right["x"]
    # Each panel: the name, its kind of bot, the score and the cards in hand.
    panels = page.locator(".ring .seat.panel")
    expect(panels).to_have_count(4)
    for index in range(4):
        expect(panels.nth(index).locator(".seat-hand")).to_have_text("15 cards in hand")
        expect(panels.nth(index).locator(".seat-score")).to_contain_text("score")
    expect(page.locator(".ring-left .seat-name")).to_have_text("Steady bot 2")
    # Everyone passes at once at the start: every panel says it is to play
    # until the bots have passed (at once, here), then Ann's alone.
    expect(page.locator(".ring-bottom .seat.mine[aria-current='true'] .turn-badge")) \
        .to_have_count(1)
    assert page.locator(".seat.panel[aria-current='true'] .turn-badge").count() in (1, 4)
    assert not ann.errors, ann.errors


def test_on_a_phone_the_prompt_and_moves_stay_in_view(browser: Any, server: Server) -> None:
    ann = person_in(browser, "en-US", width=360, height=740)
    ann.goto(papayoo_with_bots(server))
    sit_down(ann, "Ann")
    page = ann.page
    page.wait_for_selector(".legal")
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_timeout(100)
    prompt = box(page, ".prompt")
    assert 0 <= prompt["y"] < 200, prompt
    expect(page.locator(".prompt")).to_contain_text("Your turn")
    # The compact ring: the other seats on the first screen, the viewer's
    # own under the board, and no sideways scroll.
    page.evaluate("window.scrollTo(0, 0)")
    for seat in range(1, 4):
        assert box(page, f".seat.panel[data-seat='{seat}']")["y"] < 400
    assert box(page, ".seat.panel[data-seat='0']")["y"] > box(page, ".board")["y"]
    wide = page.evaluate("""() => [...document.querySelectorAll('body *')]
      .filter((n) => n.getBoundingClientRect().right > innerWidth + 2)
      .map((n) => `${n.tagName}.${n.getAttribute('class')}`)""")
    assert page.evaluate("document.documentElement.scrollWidth") <= 362, wide
    ann.screenshot("shell-papayoo-360")


def play_until(person: Person, rng: random.Random, ready: str, limit: int = 400) -> None:
    """Plays legal moves until the page script `ready` is true."""
    for _ in range(limit):
        if person.page.evaluate(ready):
            return
        person.wait_playable()
        if not person.page.evaluate(ready):
            person.move(rng)
        person.page.wait_for_timeout(100)
    raise AssertionError(f"never: {ready}")


FOLLOW_SUIT = """() => document.querySelector(".ring-bottom .seat.mine[aria-current='true']")
  && document.querySelectorAll('.hand .card-slot.legal').length > 0
  && document.querySelectorAll('.hand .card-slot.unplayable').length > 0"""


@pytest.mark.parametrize("lang, words", [
    ("en-US", "You can't play that now: you must follow suit"),
    ("uk-UA", "Зараз так зіграти не можна: треба ходити в масть"),
])
def test_a_card_that_cannot_be_played_says_why(browser: Any, server: Server, lang: str,
                                               words: str) -> None:
    ann = person_in(browser, lang)
    ann.goto(papayoo_with_bots(server))
    page = ann.page
    page.fill("#join-name", "Ann")  # the join form in any language: its one submit button
    page.locator(".join form button[type=submit]").click()
    page.wait_for_selector(".table-page")
    play_until(ann, random.Random(5), FOLLOW_SUIT)
    legal = page.locator(".hand .card-slot.legal").count()
    lines = page.locator(".log li").count()
    page.locator(".hand .card-slot.unplayable").first.click()
    why = page.locator(".why-not")
    expect(why).to_be_visible()
    # The engine's reason, worded by the game in the page's language.
    expect(why).to_contain_text(words)
    # The table is as it was: the same moves offered, nothing played.
    page.wait_for_timeout(300)
    assert page.locator(".hand .card-slot.legal").count() == legal
    assert page.locator(".log li").count() == lines
    refused = [f for f in ann.frames if not f.get("ok", True) and "error" in f]
    assert refused and refused[-1]["error"]["code"] == "illegal_action"
    assert refused[-1]["error"]["reason"]["key"] == "follow_suit"
    assert not ann.errors, ann.errors


def test_the_connection_lost_and_found_again(browser: Any, server: Server) -> None:
    """Down: the page says so in the person's language and nothing looks
    playable; back: the warning goes and the moves come back."""
    ann = person_in(browser, "uk-UA")
    cut = {"on": False}
    sockets: list[Any] = []

    def route(ws: Any) -> None:
        if cut["on"]:
            ws.close()
            return
        ws.connect_to_server()
        sockets.append(ws)

    ann.page.route_web_socket(re.compile(r".*/ws/tables/.*"), route)
    ann.goto(papayoo_with_bots(server))
    ann.page.fill("#join-name", "Ann")
    ann.page.locator(".join button[type=submit]").click()
    page = ann.page
    page.wait_for_selector(".legal")
    cut["on"] = True
    for ws in sockets:
        ws.close()
    expect(page.locator("#banner")).to_contain_text("Зʼєднання втрачено")
    expect(page.locator(".prompt")).to_contain_text("Немає зʼєднання")
    expect(page.locator(".legal")).to_have_count(0)
    assert page.locator(".hand .unplayable").count() > 0
    sent = len(ann.sent)
    page.locator(".hand .card-slot").first.click()
    expect(page.locator(".why-not")).to_contain_text("Немає зʼєднання")
    assert len(ann.sent) == sent
    cut["on"] = False
    expect(page.locator("#banner")).to_be_hidden(timeout=20_000)
    expect(page.locator(".legal").first).to_be_visible()
    expect(page.locator(".prompt")).not_to_contain_text("Немає зʼєднання")
    expect(page.locator(".prompt .notice")).to_have_count(0)
    assert "not connected" not in page.inner_text("body")


@pytest.mark.parametrize(("lang", "words"), [
    ("uk-UA", "Такого столу немає"), ("ja-JP", "そのテーブルはありません"),
    ("en-US", "There is no such table")])
def test_a_missing_table_is_said_in_the_persons_language(
        browser: Any, server: Server, lang: str, words: str) -> None:
    person = person_in(browser, lang)
    person.goto(f"{server.base}/tables/nope")
    expect(person.page.locator("[role=alert]")).to_contain_text(words)
    assert "no table" not in person.page.inner_text("main")
    person.page.locator("main a[href='/']").click()
    person.page.wait_for_url(f"{server.base}/")


def test_a_refused_join_is_said_in_the_persons_language(
        browser: Any, server: Server) -> None:
    invite = friends_table(server, "papayoo")
    ann, bob, cara = (person_in(browser, "ru-RU") for _ in range(3))
    for person in (ann, bob, cara):
        person.goto(invite)  # each sees the form with a free seat
        person.page.wait_for_selector("#join-name")  # drawn after a fetch
    ann.page.fill("#join-name", "Ann")
    ann.page.locator(".join button[type=submit]").click()
    ann.page.wait_for_selector(".table-page")
    bob.page.fill("#join-name", "Bob")
    bob.page.locator(".join button[type=submit]").click()
    bob.page.wait_for_selector(".table-page")
    cara.page.fill("#join-name", "Cara")  # her form still offered a seat
    cara.page.locator(".join button[type=submit]").click()
    message = cara.page.locator(".join .error")
    expect(message).not_to_be_empty()
    text = message.inner_text()
    assert re.search("[а-яА-Я]", text) and not re.search("[a-zA-Z]{4,}", text), text


def test_a_hint_is_said_in_a_players_words(browser: Any, server: Server) -> None:
    ann = new_person(browser)
    ann.goto(papayoo_with_bots(server))
    sit_down(ann, "Ann")
    page = ann.page
    page.wait_for_selector(".legal")
    page.locator("[data-key='hint']").click()
    notice = page.locator(".prompt .notice")
    # The hard bot searches; on a busy machine its answer can take seconds.
    expect(notice).to_contain_text("A strong bot would choose: Pass ", timeout=30_000)
    text = notice.inner_text()
    assert "Weighed" not in text and "%" not in text, text
    expect(page.locator(".hinted")).to_have_count(1)


def test_after_leaving_only_what_applies_is_offered(browser: Any, server: Server,
                                                   tmp_path: Path) -> None:
    invite = friends_table(server, "papayoo")
    ann, bob = new_person(browser), new_person(browser)
    for person, name in ((ann, "Ann"), (bob, "Bob")):
        person.goto(invite)
        sit_down(person, name)
    page = ann.page
    page.wait_for_selector(".legal")
    expect(page.locator("[data-key='leave']")).to_be_visible()
    table = page.url
    page.on("dialog", lambda dialog: dialog.accept())
    page.locator("[data-key='leave']").click()
    page.wait_for_url(f"{server.base}/")
    page.goto(table)
    expect(page.locator(".prompt")).to_contain_text("You left this table")
    expect(page.locator("[data-key='rules']")).to_be_visible()
    for tool in ("leave", "hint", "sound", "notify"):
        expect(page.locator(f"[data-key='{tool}']")).to_have_count(0)
    expect(page.locator(".legal")).to_have_count(0)
    expect(page.locator(".ring-bottom .seat.mine")).to_contain_text("left")


def test_a_bot_thinking_a_while_is_shown_at_its_seat(browser: Any, server: Server) -> None:
    """The server's `thinking` push (docs/server.md) is stood in for here,
    as a hard bot's long think cannot be timed in a test: the seat says it
    until the next events push."""
    ann = new_person(browser)
    sockets: list[Any] = []

    def route(ws: Any) -> None:
        ws.connect_to_server()
        sockets.append(ws)

    ann.page.route_web_socket(re.compile(r".*/ws/tables/.*"), route)
    invite = friends_table(server, "papayoo")
    ann.goto(invite)
    sit_down(ann, "Ann")
    page = ann.page
    expect(page.locator(".prompt")).to_contain_text("Waiting for everyone")
    bob = new_person(browser)
    bob.goto(invite)
    sit_down(bob, "Bob")
    page.wait_for_selector(".legal")
    # Once both bots have passed, no events push comes until a person acts,
    # so nothing but Ann's own pass can clear the mark.
    expect(page.locator("ol.log li", has_text="has chosen the cards to pass")).to_have_count(2)
    sockets[-1].send('{"push": "thinking", "seat": 2}')
    thinking = page.locator(".seat.panel[data-seat='2'] .seat-thinking")
    expect(thinking).to_have_text("thinking…")
    expect(page.locator(".seat-thinking")).to_have_count(1)
    pass_cards = page.locator(".hand .card-slot.legal:not(.selected)")
    for _ in range(5):
        pass_cards.first.click()
    page.locator("[data-confirm]").click()  # her pass: an events push follows
    expect(page.locator(".seat-thinking")).to_have_count(0)
