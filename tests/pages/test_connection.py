"""The table page over a troubled connection, and played from the keyboard."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from tests.pages.browser import Server
from tests.pages.driver import Person
from tests.pages.test_play import friends_table, new_person, sit_down, take_turns

expect = pytest.importorskip("playwright.sync_api").expect


def test_a_server_restart_is_shown_and_recovered_without_reloading(
        browser: Any, tmp_path: Path) -> None:
    server = Server(tmp_path)
    try:
        invite = friends_table(server, "papayoo")
        ann, bob = new_person(browser), new_person(browser)
        for person, name in ((ann, "Ann"), (bob, "Bob")):
            person.goto(invite)
            sit_down(person, name)
        rng = random.Random(7)
        take_turns([ann, bob], rng, until=8)
        server.stop()
        banner = ann.page.locator("#banner")
        banner.wait_for(state="visible")
        assert "Reconnecting" in banner.inner_text()
        server = Server(tmp_path, port=server.port)
        banner.wait_for(state="hidden", timeout=30_000)
        take_turns([ann, bob], rng, until=100_000)
        ann.page.wait_for_selector(".final", timeout=30_000)
        errors = [e for e in ann.errors + bob.errors if "ERR_CONNECTION_REFUSED" not in e
                  and "WebSocket" not in e]
        assert not errors, errors
    finally:
        server.stop()


def test_moves_are_played_from_the_keyboard(browser: Any, server: Server) -> None:
    invite = friends_table(server, "papayoo")
    ann, bob = new_person(browser), new_person(browser)
    for person, name in ((ann, "Ann"), (bob, "Bob")):
        person.goto(invite)
        sit_down(person, name)
    page = ann.page
    page.wait_for_selector(".legal")
    for _ in range(400):  # Tab until a card to pass has the focus
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('legal')"):
            break
    action = page.evaluate("document.activeElement.getAttribute('data-action')")
    assert action and action.startswith("pass ")
    page.keyboard.press("Enter")
    # The page redraws on its own time: wait for the count, up to 10 s.
    expect(page.locator(".selected")).to_have_count(1, timeout=10_000)
    page.keyboard.press("Space")  # the same card again: chosen no more
    expect(page.locator(".selected")).to_have_count(0, timeout=10_000)
    assert isinstance(ann, Person)


def test_a_card_chosen_while_a_change_is_on_its_way_stays_chosen(
        browser: Any, server: Server) -> None:
    """Another player's move reaches the page as a push with the new view
    and legal moves; a card chosen from the keyboard before it arrives
    stays chosen after the redraw. The pushes are held back here to make
    that moment last (a chosen card was once dropped in it)."""
    invite = friends_table(server, "papayoo")
    held: list[str] = []
    sockets: list[Any] = []
    hold = {"on": False}

    def route(ws: Any) -> None:
        upstream = ws.connect_to_server()
        ws.on_message(upstream.send)
        sockets.append(ws)

        def down(message: str | bytes) -> None:
            text = message.decode() if isinstance(message, bytes) else message
            if hold["on"] and json.loads(text).get("push") == "events":
                held.append(text)
            else:
                ws.send(text)
        upstream.on_message(down)

    ann, bob = new_person(browser), new_person(browser)
    ann.page.route_web_socket("**/ws/tables/**", route)
    for person, name in ((ann, "Ann"), (bob, "Bob")):
        person.goto(invite)
        sit_down(person, name)
    page = ann.page
    page.wait_for_selector(".legal")
    page.locator(".legal").first.focus()
    hold["on"] = True
    rng = random.Random(3)
    for _ in range(200):  # Bob chooses and passes: the server tells Ann's page
        if held:
            break
        bob.move(rng)
        page.wait_for_timeout(50)
    assert held, "Ann's page was never told of Bob's move"
    page.keyboard.press("Enter")
    expect(page.locator(".selected")).to_have_count(1)
    hold["on"] = False
    for text in held:
        sockets[-1].send(text)
    page.wait_for_timeout(500)  # the page redraws with the pushed view
    expect(page.locator(".selected")).to_have_count(1)
    expect(page.locator(".legal")).not_to_have_count(0)
    assert page.evaluate("document.activeElement.classList.contains('selected')")
