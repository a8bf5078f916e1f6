"""Pizzamania's table page as players read it: stacked toppings show their
count clear of the card's corners and the hand's header counts what is
drawn; the seat chips word places, the base deck line says what it counts;
no "Beat 8" once nothing (or nobody) can play; sentences read right; the
chef cards are drawn as cards of their own, each saying what it does."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from tests.pages.browser import SHOTS, Server
from tests.pages.driver import Person
from tests.pages.test_play import new_person, post, sit_down

# Two players share the 48 toppings (four of each value 1 to 12), 24 each.
ANN_HAND = [1] * 4 + [2] * 4 + [3] * 4 + [4] * 4 + [5] * 4 + [6] * 3 + [8]
BOB_HAND = [6] + [7] * 4 + [8] * 3 + [9] * 4 + [10] * 4 + [11] * 4 + [12] * 4
# A small base on top (one topping a play), the rest of the 28 bases after it.
BASES = ["x1"] * 16 + ["x2"] * 8 + ["x3"] * 4


def duel_table(server: Server, seats: list[dict[str, Any]], options: dict[str, Any]) -> str:
    created = post(server, "/api/tables", {"game": "pizzamania", "players": len(seats),
                                           "options": options, "seats": seats})
    return f"{server.base}{created['invite']}"


def stacked_duel(browser: Any, server: Server, locale: str = "en-US") -> tuple[Person, Person]:
    """Ann (seat 0, opens on a small base) and Bob at a stacked deal."""
    invite = duel_table(server, [{"kind": "human"}, {"kind": "human"}], {
        "rounds": 1, "stack": {"deal": [[ANN_HAND, BOB_HAND]], "bases": [BASES]}})
    people = []
    for name in ("Ann", "Bob"):
        context = browser.new_context(viewport={"width": 1280, "height": 900}, locale=locale)
        person = Person(context.new_page())
        person.goto(invite)
        person.page.fill("#join-name", name)
        person.page.locator("#join-name").press("Enter")
        person.page.wait_for_selector(".pizzamania .hand .card-slot")
        people.append(person)
    return people[0], people[1]


# Every card of the hand: the count its badge shows (1 without one), its
# box, and the boxes of the card's own texts (both corner indices, top left
# and upside down bottom right, and the value on the face).
HAND_CARDS = """() => [...document.querySelectorAll('.pizzamania .hand .card-slot svg.card')]
  .map((card) => {
    const box = (node) => { const r = node.getBoundingClientRect();
      return [r.left, r.top, r.right, r.bottom]; };
    const badge = card.querySelector('.stack-count');
    const texts = [...card.querySelectorAll(':scope > text')].map(box);
    return { label: card.getAttribute('aria-label'),
             count: badge ? Number(badge.textContent.replace(/\\D/g, '')) : 1,
             badge: badge ? box(badge) : null, texts };
  })"""


def meets(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("width", [1280, 360])
def test_stacks_show_their_count_and_the_header_counts_them(browser: Any, server: Server,
                                                            width: int) -> None:
    ann, bob = stacked_duel(browser, server)
    for person, hand in ((ann, ANN_HAND), (bob, BOB_HAND)):
        person.page.set_viewport_size({"width": width, "height": 900})
        cards = person.page.evaluate(HAND_CARDS)
        assert [c["count"] for c in cards] == [hand.count(v) for v in sorted(set(hand))]
        for card in cards:
            assert (card["badge"] is None) == (card["count"] == 1), card
            assert len(card["texts"]) == 3, card
            if card["badge"]:
                assert not any(meets(card["badge"], c) for c in card["texts"]), (width, card)
        header = person.page.locator(".pizzamania .hand-area h3").inner_text()
        assert header == f"Your hand: {len(hand)} toppings in {len(cards)} stacks", header
    person.screenshot(f"pizzamania-stacks-{width}")
    assert not ann.errors and not bob.errors, ann.errors + bob.errors


def test_the_base_deck_line_is_labelled(browser: Any, server: Server) -> None:
    ann, _ = stacked_duel(browser, server)
    line = ann.page.locator(".pizzamania .deck-makeup").inner_text()
    # The small base on top is turned: 15 small, 8 medium, 4 large are left.
    assert line == "In the base deck: small (x1) 15, medium (x2) 8, large (x3) 4", line


def test_nothing_beats_a_12_and_a_single_topping_reads_right(browser: Any,
                                                           server: Server) -> None:
    ann, bob = stacked_duel(browser, server)
    ann.page.click(".pizzamania .legal[data-action='play 8']")
    bob.page.click(".pizzamania .legal[data-action='play 12']")
    for person in (ann, bob):
        person.page.wait_for_function("""() => document.querySelector('.pizzamania')
          .innerText.includes('Nothing can beat 12')""")
        board = person.page.inner_text(".pizzamania")
        assert "Beat 12" not in board, board
        log = person.page.inner_text(".log")
        assert "Ann plays a single 8." in log and "Bob plays a single 12." in log, log
    assert ann.page.inner_text(".pizzamania .need") == "Nothing can beat 12: pass."
    assert not ann.errors and not bob.errors, ann.errors + bob.errors


def test_ukrainian_counts_and_sentences(browser: Any, server: Server) -> None:
    ann, bob = stacked_duel(browser, server, locale="uk-UA")
    # 24 takes the "few" form; the stacks are counted in the locative.
    assert ann.page.inner_text(".pizzamania .hand-area h3") == "Ваші карти: 24 начинки у 7 стосах"
    ann.page.click(".pizzamania .legal[data-action='play 8']")
    bob.page.click(".pizzamania .legal[data-action='play 12']")
    ann.page.wait_for_function("""() => (document.querySelector('.pizzamania .need')
      || {}).innerText === '12 нічим не перебити: пас.'""")
    log = ann.page.inner_text(".log")
    assert "Ann грає начинку 8." in log and "Bob грає начинку 12." in log, log
    assert "Раунд 1: по 24 начинки, 0 відкладено." in log, log
    assert not ann.errors and not bob.errors, ann.errors + bob.errors


# ----- a whole game against a bot: the seat chips, the end --------------------
SEEN: dict[str, Any] = {}


def play_until(person: Person, rng: random.Random, done: str) -> None:
    """Clicks legal moves until the page's JavaScript condition `done` holds."""
    for _ in range(4000):
        person.wait_playable()
        if person.page.evaluate(done):
            return
        person.move(rng)
        person.page.wait_for_timeout(20)
    raise AssertionError(f"never reached: {done}")


@pytest.fixture(scope="module")
def whole_game(browser: Any, server: Server) -> dict[str, Any]:
    """Ann against a bot over two rounds: the seat chips in round 2, and
    the board and the log at the end."""
    invite = duel_table(server, [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}],
                        {"rounds": 2})
    ann = new_person(browser)
    ann.goto(invite)
    sit_down(ann, "Ann")
    rng = random.Random(40)
    play_until(ann, rng, """() => document.querySelector('.final') !== null
      || (document.querySelector('.pizzamania')?.innerText || '').includes('Round 2 of 2')""")
    SEEN["chips"] = ann.page.locator(".seat-score").all_inner_texts()
    SEEN["chefs"] = ann.page.eval_on_selector_all(
        ".pizzamania .chefs [data-card]", "(ns) => ns.map((n) => n.getAttribute('data-card'))")
    play_until(ann, rng, "() => document.querySelector('.final') !== null")
    SEEN["board"] = ann.page.inner_text(".pizzamania")
    SEEN["bare_terms"] = ann.page.evaluate("""() => [...document.querySelectorAll(
      '.pizzamania p')].filter((p) => p.innerText.trim() === '?').length""")
    SEEN["this_pizza"] = ann.page.locator(".pizzamania table tr td:nth-child(3)").all_inner_texts()
    SEEN["log"] = ann.page.locator(".log li").all_inner_texts()
    ann.screenshot("pizzamania-end")
    SEEN["errors"] = ann.errors
    return SEEN


def test_seat_chips_word_the_places(whole_game: dict[str, Any]) -> None:
    chips = whole_game["chips"]
    assert len(chips) == 2, chips
    for chip in chips:
        assert "#" not in chip and "score" not in chip, chips
        assert re.fullmatch(r"round 1: place [12]", chip), chips
    assert not whole_game["errors"], whole_game["errors"]


def test_no_prompt_once_the_game_is_over(whole_game: dict[str, Any]) -> None:
    board = whole_game["board"]
    for stale in ("Beat", "pass.", "may start this pizza", "Nothing can beat"):
        assert stale not in board, board
    assert whole_game["bare_terms"] == 0
    assert whole_game["this_pizza"] == ["", ""], whole_game["this_pizza"]


def test_play_sentences_need_no_article(whole_game: dict[str, Any]) -> None:
    plays = [line for line in whole_game["log"] if " plays " in line]
    assert plays, whole_game["log"]
    for line in plays:
        assert re.fullmatch(r".+ plays (a single (\d+)|\d+ × \d+)\.", line), line


def test_two_players_hold_nonna_and_loser_in_round_2(whole_game: dict[str, Any]) -> None:
    # D8: with two players only Nonna and Loser go out.
    assert whole_game["chefs"] == ["nonna", "loser"], whole_game["chefs"]


# ----- the chef cards, as the lesson deals them -----------------------------
GAME_DIR = Path(__file__).resolve().parents[2] / "src/cardroom/server/static/games/pizzamania"
TARGET = "[data-tutorial='target']"
TIP = ".card-tip:not([hidden])"
CHEF_STEP = 12  # the lesson's "chefs" step: round 2 dealt, the gifts made
STEP_NUMBER = """() => {
  const count = document.querySelector('.lesson-count');
  return count ? Number(count.textContent.match(/\\d+/)[0]) : null;
}"""
# Every chef card drawn: its code, name, box, the box of its face's name,
# whether it sits in the hand, and the words beside it.
CHEF_CARDS = """() => [...document.querySelectorAll('.pizzamania .chefs [data-card]')]
  .map((card) => {
    const box = (node) => { const r = node.getBoundingClientRect();
      return [r.left, r.top, r.right, r.bottom]; };
    const name = card.querySelector('text');
    const spot = card.closest('.chef-spot');
    return { code: card.getAttribute('data-card'), label: card.getAttribute('aria-label'),
             tag: card.tagName.toLowerCase(), classes: card.getAttribute('class'),
             tabindex: card.getAttribute('tabindex'), inHand: !!card.closest('.hand'),
             box: box(card), face: name ? name.textContent : null,
             faceBox: name ? box(name) : null,
             fontPx: name ? Number(name.getAttribute('font-size'))
               * card.getBoundingClientRect().width / 60 : 0,
             holder: spot.querySelector('.chef-holder').innerText,
             gift: (spot.querySelector('.chef-gift') || {}).innerText || null };
  })"""


def catalog(lang: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((GAME_DIR / f"{lang}.json").read_text(encoding="utf-8"))
    return data


def lesson_at_chefs(browser: Any, server: Server, locale: str, width: int) -> Person:
    """The lesson at /learn/pizzamania, its targets clicked up to the chef step."""
    context = browser.new_context(viewport={"width": width, "height": 800 if width < 600 else 900},
                                  locale=locale, reduced_motion="reduce")
    person = Person(context.new_page())
    person.goto(f"{server.base}/learn/pizzamania")
    page = person.page
    for _ in range(80):
        page.wait_for_selector(TARGET, timeout=60_000)
        at_step = page.evaluate(STEP_NUMBER) == CHEF_STEP
        if at_step and page.locator(f".lesson-next{TARGET}").count():
            return person
        try:
            page.locator(TARGET).first.click(timeout=5000)
        except Exception as err:  # redrawn under the click: look again
            if not any(w in str(err) for w in ("detached", "Timeout", "not attached")):
                raise
    raise AssertionError("the lesson never reached its chef step")


@pytest.mark.parametrize(("locale", "lang", "width"), [("en-US", "en", 1280), ("ru-RU", "ru", 360),
                                                      ("ja-JP", "ja", 360)])
def test_chef_cards_are_drawn_and_explain_themselves(browser: Any, server: Server, locale: str,
                                                      lang: str, width: int) -> None:
    person = lesson_at_chefs(browser, server, locale, width)
    page = person.page
    words = catalog(lang)
    cards = page.evaluate(CHEF_CARDS)
    # Round 1 went learner, right, opposite, left (lesson.places): the
    # learner (seat 0) is Nonna, seat 3 Pro, seat 2 Novice, seat 1 Loser.
    assert [c["code"] for c in cards] == ["nonna", "pro", "novice", "loser"], cards
    holders = {c["code"]: c["holder"] for c in cards}
    me = holders["nonna"]
    for card in cards:
        chef = words[f"chef.{card['code']}"]
        assert card["tag"] == "svg" and "card" in card["classes"].split(), card
        assert not card["inHand"], card
        assert card["tabindex"] == "0", card  # the keyboard reaches its tooltip
        assert card["face"] == chef, card
        assert card["label"] == words["chef.card"].format(chef=chef, name=card["holder"]), card
        # The name on the face stays inside the card and is large enough to read.
        left, top, right, bottom = card["box"]
        f_left, f_top, f_right, f_bottom = card["faceBox"]
        assert left <= f_left + 1 and f_right <= right + 1, card
        assert top <= f_top and f_bottom <= bottom, card
        assert card["fontPx"] >= 9, card
    # What each card gave at the start of round 2 (D9): the learner sees the
    # toppings of the gifts it gave and got (lesson.chefs: two 1s for two 12s).
    gifts = {c["code"]: c["gift"] for c in cards}
    if lang == "en":
        assert gifts == {"nonna": f"gave 1,\u00a01 to {holders['loser']}",
                         "loser": f"gave 12,\u00a012 to {me}",
                         "pro": f"gave their smallest to {holders['novice']}",
                         "novice": f"gave their largest to {holders['pro']}"}, gifts
    else:
        assert all(gifts.values()) and "1,\u00a01" in gifts["nonna"], gifts
        assert "12,\u00a012" in gifts["loser"], gifts
    # Focus each card by keyboard: the tooltip names it and says what it does.
    # The cards are scrolled into view first and the mouse rests on them: a
    # scroll under a resting mouse is a mouseout, which closes any tooltip.
    chefs = page.locator(".pizzamania .chefs")
    chefs.scroll_into_view_if_needed()
    spot = chefs.bounding_box()
    page.mouse.move(spot["x"] + spot["width"] - 2, spot["y"] + 2)
    page.locator(".pizzamania .chefs [data-card]").first.focus()
    for index, card in enumerate(cards):
        if index:
            page.keyboard.press("Tab")
        focused = page.evaluate("() => document.activeElement.getAttribute('data-card')")
        assert focused == card["code"], (focused, card["code"])
        page.locator(TIP).wait_for(timeout=5000)
        assert page.locator(f"{TIP} strong").inner_text() == card["label"]
        assert page.locator(f"{TIP} span").inner_text() == words[f"info.chef.{card['code']}"]
        if card["code"] == "loser":
            person.screenshot(f"pizzamania-chefs-tip-{lang}-{width}")
    page.keyboard.press("Escape")
    assert page.locator(TIP).count() == 0
    person.screenshot(f"pizzamania-chefs-{lang}-{width}")
    board = SHOTS / f"pizzamania-chefs-board-{lang}-{width}.png"
    page.locator(".board").screenshot(path=str(board))
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    assert not person.errors, person.errors
