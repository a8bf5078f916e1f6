"""Papayoo's table page: the words on a card's face (PAPAYOO, PAYOO) clear
of its corner index; every "?" next to the words it explains; the seats'
scores and the Total counting the round in play; and after the end no
empty hand nor last round's "You received"."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardroom.core.record import Record
from tests.pages.browser import Server
from tests.pages.driver import Person
from tests.pages.test_muzicando_layout import replay_steps
from tests.pages.test_play import finished_bots_table, new_person, post, sit_down

PLAYERS = 4
SEED = 11
WIDTHS = [360, 1280]


@pytest.fixture(scope="module")
def finished(server: Server) -> tuple[str, Record]:
    """A seeded table of bots, played out by the server: its id and record."""
    return finished_bots_table(server, "papayoo", PLAYERS, SEED, {"rounds": 1})


def first_step(record: Record, wanted: Any) -> tuple[int, int]:
    """The first replay step and seat whose view ``wanted(view)`` accepts."""
    for step, state in replay_steps(record):
        for seat in range(record.players):
            if wanted(state.view(seat)):
                return step, seat
    raise AssertionError("no step of the record shows what the test needs")


def holds_papayoo_and_payoo(view: dict[str, Any]) -> bool:
    hand = view.get("hand") or []
    return view.get("papayoo") in hand and any(c.endswith("P") for c in hand)


# Per card: the boxes of its corner indexes (cards.js draws them at
# font-size 13) and of the words on its face.
FACE_BOXES = """() => [...document.querySelectorAll('.papayoo svg.card')].map((card) => {
  const box = (node) => { const r = node.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom]; };
  const texts = [...card.querySelectorAll('text')];
  return { label: card.getAttribute('aria-label'), card: box(card),
    corners: texts.filter((t) => t.getAttribute('font-size') === '13').map(box),
    words: texts.filter((t) => ['PAPAYOO', 'PAYOO'].includes(t.textContent.trim()))
      .map((t) => ({ text: t.textContent.trim(), box: box(t) })) };
})"""


def overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


@pytest.mark.parametrize("width", WIDTHS)
def test_face_words_clear_of_the_corner_index(browser: Any, server: Server,
                                              finished: tuple[str, Record], width: int) -> None:
    table, record = finished
    step, seat = first_step(record, holds_papayoo_and_payoo)
    person = new_person(browser, width=width)
    person.goto(f"{server.base}/replays/{table}?seat={seat}&step={step}")
    person.page.locator(".papayoo svg.card").first.wait_for()
    person.screenshot(f"papayoo-faces-{width}")
    cards = person.page.evaluate(FACE_BOXES)
    worded = [c for c in cards if c["words"]]
    assert {w["text"] for c in worded for w in c["words"]} == {"PAPAYOO", "PAYOO"}, cards
    for found in worded:
        assert len(found["corners"]) == 2, found
        for word in found["words"]:
            left, top, right, bottom = found["card"]
            w_left, w_top, w_right, w_bottom = word["box"]
            assert w_left >= left and w_right <= right and w_top >= top and w_bottom <= bottom, \
                (width, found)
            for corner in found["corners"]:
                assert not overlap(word["box"], corner), (width, found["label"], word, corner)
    assert not person.errors, person.errors


# Every "?" (term button) of the board: the text just before it in its
# parent, how far that text ends from the button, and whether the node
# before it is another "?".
TERMS = r"""(root) => [...document.querySelectorAll(root + ' .term')].map((button) => {
  let before = button.previousSibling;
  while (before && before.nodeType === Node.TEXT_NODE && !before.data.replace(/[\s\u00a0]/g, ''))
    before = before.previousSibling;
  const b = button.getBoundingClientRect();
  const found = { after_term: Boolean(before && before.nodeType === Node.ELEMENT_NODE
                                      && before.classList.contains('term')),
                  words: '', gap: null, same_line: false };
  if (before && before.nodeType === Node.TEXT_NODE) {
    found.words = before.data.replace(/[\s\u00a0]+$/, '');
    const range = document.createRange();
    range.setStart(before, Math.max(0, found.words.length - 1));
    range.setEnd(before, found.words.length);
    const rects = range.getClientRects();
    const r = rects[rects.length - 1];
    found.gap = b.left - r.right;
    found.same_line = r.top < b.bottom && b.top < r.bottom;
  }
  return found;
})"""


def assert_terms_labelled(person: Person, root: str) -> int:
    """Each "?" sits just after the words it explains, on their line, and
    never beside another "?"; returns how many there are."""
    terms = person.page.evaluate(TERMS, root)
    for term in terms:
        assert not term["after_term"], terms
        words = term["words"].strip()
        assert words and not words.endswith("·"), terms
        assert term["same_line"] and 0 <= term["gap"] <= 16, terms
    return len(terms)


def in_phase(phase: str) -> Any:
    return lambda view: view.get("phase") == phase and view.get("hand")


@pytest.mark.parametrize("width", WIDTHS)
def test_each_question_mark_explains_named_words(browser: Any, server: Server,
                                                 finished: tuple[str, Record],
                                                 width: int) -> None:
    table, record = finished
    person = new_person(browser, width=width)
    for phase, at_least in (("pass", 3), ("play", 2)):
        step, seat = first_step(record, in_phase(phase))
        person.goto(f"{server.base}/replays/{table}?seat={seat}&step={step}")
        person.page.locator(".papayoo .term").first.wait_for()
        person.screenshot(f"papayoo-terms-{phase}-{width}")
        assert assert_terms_labelled(person, ".papayoo") >= at_least, phase
    assert not person.errors, person.errors


# ----- a live table: the scores, and the end -------------------------------------

def seated(browser: Any, server: Server, width: int = 1280) -> Person:
    """A person at seat 0 of a one-round table with three bots."""
    created = post(server, "/api/tables", {
        "game": "papayoo", "players": PLAYERS, "seed": SEED, "options": {"rounds": 1},
        "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "heuristic"}] * (PLAYERS - 1)})
    person = new_person(browser, width=width)
    person.goto(f"{server.base}{created['invite']}")
    sit_down(person, "Ada")
    return person


# The board's Points table as {player: [cards, taken, total]}, and the
# seat panels' score text per seat.
POINTS = """() => {
  const area = [...document.querySelectorAll('.papayoo section.area')]
    .find((a) => a.querySelector('h3').textContent === 'Points');
  const rows = [...area.querySelectorAll('tr')].slice(1)
    .map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
  let panels = [...document.querySelectorAll('[data-seat]')]
    .filter((p) => p.querySelector('.seat-score'));
  panels.sort((a, b) => Number(a.dataset.seat) - Number(b.dataset.seat));
  if (!panels.length) panels = [...document.querySelectorAll('.seats li')];
  return { rows, scores: panels.map((p) => p.querySelector('.seat-score').textContent) };
}"""

MY_PLAY_TURN = """() => document.querySelector('.papayoo') !== null
  && [...document.querySelectorAll('.papayoo [data-action^="play "]')].length > 0"""


def test_scores_count_the_round_in_play(browser: Any, server: Server) -> None:
    person = seated(browser, server)
    rng = random.Random(SEED)
    for _ in range(200):
        person.wait_playable()
        assert not person.over(), "the round ended before anyone took a point"
        if person.page.evaluate(MY_PLAY_TURN):
            shown = person.page.evaluate(POINTS)
            taken = [int(row[2]) for row in shown["rows"]]
            if any(taken):
                break
        person.move(rng)
    else:
        raise AssertionError("nobody took a point in 200 clicks")
    person.screenshot("papayoo-points-mid")
    # Round 1: no finished round, so each total is what the seat took.
    assert [int(row[3]) for row in shown["rows"]] == taken, shown
    assert shown["scores"] == [f"score {n}" for n in taken], shown
    assert not person.errors, person.errors


def test_nothing_of_the_last_round_stays_after_the_end(browser: Any, server: Server) -> None:
    width = 1280
    person = seated(browser, server, width)
    person.play_to_end(random.Random(SEED))
    board = person.page.locator(".papayoo")
    board.wait_for()
    person.screenshot(f"papayoo-after-end-{width}")
    titles = person.page.locator(".papayoo section.area h3").all_inner_texts()
    assert "Your hand" not in titles and "This trick" not in titles, titles
    assert "You received" not in board.inner_text()
    assert "Points" in titles
    assert not person.errors, person.errors
