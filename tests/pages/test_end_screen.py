"""The end of a game (table/end.js): a short seeded game played to the end
shows the result first (the winner, the places, the breakdown), brought
into view, with "Play again" (the same seats, a new deal) and "Back to
the lobby"; a spectator gets no "Play again"."""

from __future__ import annotations

import random
from typing import Any

from tests.pages.browser import Server
from tests.pages.test_motion import finished_bot_table, papayoo_table, seated
from tests.pages.test_play import get_json, new_person

IN_VIEW = """() => { const box = document.querySelector('.final').getBoundingClientRect();
  return box.top >= -1 && box.top < window.innerHeight; }"""
ABOVE_BOARD = """() => document.querySelector('.final').getBoundingClientRect().bottom
  <= document.querySelector('.board').getBoundingClientRect().top"""


def test_the_end_shows_the_result_first(browser: Any, server: Server) -> None:
    invite = papayoo_table(server, seed=3)
    table = invite.rsplit("/", 1)[-1]
    person = seated(browser, invite)
    page = person.page
    person.play_to_end(random.Random(3))
    final = page.locator(".final")
    final.wait_for()
    info = get_json(server, f"/api/tables/{table}")
    first = info["result"]["ranking"][0]

    # The winner is said first, under the heading, then the places.
    winner = page.locator(".final > h2 + p.winner").inner_text()
    if first == [0]:
        assert winner == "You win!"
    else:
        names = [f"Steady bot {seat + 1}" for seat in first]
        assert all(name in winner for name in names), (winner, first)
        assert winner.endswith("wins" if len(first) == 1 else "share first place")
    assert page.locator(".final .ranking li").count() == len(info["result"]["ranking"])
    assert page.locator(".final table").count() >= 1  # the game's breakdown
    # Above the table, brought into view and read first.
    page.wait_for_function(IN_VIEW)
    assert page.evaluate(ABOVE_BOARD)
    assert page.evaluate("document.activeElement.id") == "final-title"
    person.screenshot("papayoo-end-screen")
    # On a phone the result's tables scroll inside the result box: nothing
    # of it is cut off at the page's right edge.
    page.set_viewport_size({"width": 360, "height": 740})
    right = page.evaluate("""() => Math.max(...[...document.querySelectorAll(
        '.final, .final > *, .final table')].map((n) => n.getBoundingClientRect().right))""")
    assert right <= 360, f"the result reaches {right} px on a 360 px screen"
    page.set_viewport_size({"width": 1280, "height": 900})

    assert page.get_by_role("link", name="Back to the lobby").get_attribute("href") == "/"

    # Play again: the same seats at a new deal, straight to this person's seat.
    page.get_by_role("button", name="Play again").click()
    page.wait_for_url(lambda url: table not in url and "/tables/" in url)
    page.wait_for_selector(".table-page .board .hand .legal")
    following = page.url.rsplit("/", 1)[-1]
    assert get_json(server, f"/api/tables/{table}")["next"] == following
    assert get_json(server, f"/api/tables/{following}")["seats"][0]["name"] == "Ada"
    assert page.locator(".final").count() == 0
    assert not person.errors, person.errors


def test_a_spectator_is_not_offered_play_again(browser: Any, server: Server) -> None:
    table = finished_bot_table(server, seed=9)
    person = new_person(browser)
    person.goto(f"{server.base}/tables/{table}")
    person.page.locator(".final .winner").wait_for()
    assert person.page.get_by_role("button", name="Play again").count() == 0
    person.page.get_by_role("link", name="Back to the lobby").click()
    person.page.wait_for_url(f"{server.base}/")
    assert not person.errors, person.errors
