"""Movement you can follow (table/motion.js): a played card moves on the
table page, nothing moves under prefers-reduced-motion, and a push with
many events (catching up) moves nothing."""

from __future__ import annotations

import random
import time
from typing import Any

from tests.pages.browser import Server
from tests.pages.driver import Person
from tests.pages.test_play import get_json, post

# Every Web Animation the page starts, with the class and label of its node.
COUNT_ANIMATIONS = """
window.__moved = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (frames, options) {
  window.__moved.push({ cls: this.getAttribute('class') || '',
                        label: this.getAttribute('aria-label') || '' });
  return animate.call(this, frames, options);
};
"""
CARD_MOVES = "() => window.__moved.filter((m) => /\\bcard\\b/.test(m.cls)).length"


def papayoo_table(server: Server, seed: int = 7, bots: str = "heuristic") -> str:
    """A seeded one-round Papayoo table: seat 0 a person, three bots."""
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": bots}] * 3
    created = post(server, "/api/tables", {"game": "papayoo", "players": 4, "seed": seed,
                                           "options": {"rounds": 1}, "seats": seats})
    return f"{server.base}{created['invite']}"


def finished_bot_table(server: Server, seed: int = 5) -> str:
    """A one-round Papayoo of three bots, played to the end; its id."""
    seats = [{"kind": "bot", "bot": "heuristic"}] * 3
    created = post(server, "/api/tables", {"game": "papayoo", "players": 3, "seed": seed,
                                           "options": {"rounds": 1}, "seats": seats})
    table: str = created["table"]
    deadline = time.monotonic() + 60
    while get_json(server, f"/api/tables/{table}")["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.3)
    return table


def seated(browser: Any, invite: str, reduced: bool = False, locale: str = "en-US",
           name: str = "Ada") -> Person:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale=locale,
                                  reduced_motion="reduce" if reduced else "no-preference")
    context.add_init_script(script=COUNT_ANIMATIONS)
    person = Person(context.new_page())
    person.goto(invite)
    # The join form in any language: its one submit button.
    person.page.fill("#join-name", name)
    person.page.locator(".join form button[type=submit]").click()
    person.page.wait_for_selector(".table-page")
    return person


def play_until(person: Person, rng: random.Random, enough: str, clicks: int = 60) -> None:
    """Clicks legal moves until the page function `enough` says so."""
    for _ in range(clicks):
        if person.page.evaluate(enough):
            return
        person.wait_playable()
        person.move(rng)
        person.page.wait_for_timeout(100)
    raise AssertionError(f"not reached after {clicks} clicks: {enough}")


PLAYED_BY_ME = """() => [...document.querySelectorAll('.log li')]
  .filter((li) => li.textContent.startsWith('Ada plays')).length >= 2"""


def test_a_played_card_moves(browser: Any, server: Server) -> None:
    person = seated(browser, papayoo_table(server))
    play_until(person, random.Random(1), PLAYED_BY_ME)
    assert person.page.evaluate(CARD_MOVES) > 0
    moved = person.page.evaluate("window.__moved")
    assert any(m["label"] for m in moved), moved
    assert not person.errors, person.errors


def test_nothing_moves_under_reduced_motion(browser: Any, server: Server) -> None:
    person = seated(browser, papayoo_table(server), reduced=True)
    play_until(person, random.Random(1), PLAYED_BY_ME)
    assert person.page.evaluate("window.__moved") == []
    assert not person.errors, person.errors


def test_catching_up_moves_nothing(browser: Any, server: Server) -> None:
    person = seated(browser, papayoo_table(server))
    play_until(person, random.Random(1), PLAYED_BY_ME)
    person.page.reload()  # the whole log arrives at once
    person.page.wait_for_selector(".board svg.card")
    person.page.wait_for_timeout(300)
    assert person.page.evaluate("window.__moved") == []
    # The rule itself: one play moves, a burst of events (a reconnect's catch-up) does not.
    verdicts = person.page.evaluate("""async () => {
      const { shouldMove, MANY_EVENTS } = await import('/static/table/motion.js');
      const play = { type: 'play', seat: 1, card: '7S' };
      return [shouldMove([play], false),
              shouldMove(Array(MANY_EVENTS + 1).fill(play), false),
              shouldMove([play], true),
              shouldMove([{ type: 'chat' }], false)];
    }""")
    assert verdicts == [True, False, False, False]
    assert not person.errors, person.errors


def test_a_replay_step_forward_moves_a_jump_does_not(browser: Any, server: Server) -> None:
    table = finished_bot_table(server)
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    context.add_init_script(script=COUNT_ANIMATIONS)
    person = Person(context.new_page())
    page = person.page
    # Step 20 is well into the tricks: each step forward plays a card.
    person.goto(f"{server.base}/replays/{table}?seat=0&step=20")
    page.locator(".replay-where").filter(has_text="Action 20 of").wait_for()
    page.keyboard.press("End")  # a jump
    page.wait_for_function("() => { const s = document.querySelector('#replay-step');"
                           " return s.value === s.max; }")
    page.wait_for_timeout(300)
    assert page.evaluate(CARD_MOVES) == 0
    page.keyboard.press("Home")
    page.wait_for_timeout(300)
    for _ in range(25):
        page.keyboard.press("ArrowRight")
        page.wait_for_timeout(60)
    assert page.evaluate(CARD_MOVES) > 0
    assert not person.errors, person.errors
