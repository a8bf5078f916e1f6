"""Muzicando's bidding on a 360 px phone and a desktop: the calls so far
read one by one (a list marker drawn outside its item ran into the column
beside it: "bot 2: 1" + "3. bot 4" read "bot 2: 13. bot 4"), the bids are
a compact grid instead of a screenful of buttons, and the deal line has no
dangling "· ?"."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pages.browser import Server
from tests.pages.driver import Person
from tests.pages.test_papayoo_page import assert_terms_labelled, overlap
from tests.pages.test_play import new_person, post, sit_down

PLAYERS = 4
WIDTHS = [360, 1280]


@pytest.fixture(scope="module")
def bidding(browser: Any, server: Server) -> Iterator[Person]:
    """A person at seat 0, the dealer, of a partnership table with three
    bots: the three bots call first, then the bidding waits on this seat."""
    created = post(server, "/api/tables", {
        "game": "muzicando", "players": PLAYERS, "seed": 5, "options": {"deals": 1},
        "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "heuristic"}] * (PLAYERS - 1)})
    person = new_person(browser)
    person.goto(f"{server.base}{created['invite']}")
    sit_down(person, "Ada")
    person.page.locator('[data-action^="bid "]').first.wait_for()
    yield person
    person.page.context.close()


def at_width(person: Person, width: int) -> None:
    person.page.set_viewport_size({"width": width, "height": 740})
    person.page.wait_for_timeout(100)


BIDS = """() => [...document.querySelectorAll('[data-action^="bid "]')].map((node) => {
  const r = node.getBoundingClientRect();
  return [r.left, r.top, r.right, r.bottom];
})"""


@pytest.mark.parametrize("width", WIDTHS)
def test_the_bids_are_a_compact_grid(bidding: Person, width: int) -> None:
    at_width(bidding, width)
    bidding.screenshot(f"muzicando-bids-{width}")
    boxes = bidding.page.evaluate(BIDS)
    assert len(boxes) >= 8, boxes  # after three calls at least the levels 3 and 4 are open
    top = min(b[1] for b in boxes)
    bottom = max(b[3] for b in boxes)
    # Four rows of levels: a button per bid, two a row, took 265 px at 360 px.
    assert bottom - top <= 180, (width, bottom - top)
    for i, box in enumerate(boxes):
        # Still a finger's size.
        assert box[2] - box[0] >= 40 and box[3] - box[1] >= 32, (width, box)
        assert box[0] >= 0 and box[2] <= width, (width, box)
        for other in boxes[i + 1:]:
            assert not overlap(box, other), (width, box, other)
    assert bidding.page.evaluate("document.documentElement.scrollWidth") <= width + 20
    assert not bidding.errors, bidding.errors


# Each call of the list: its box, the boxes of its text's lines, and how
# its list marker is drawn.
CALLS = """() => [...document.querySelectorAll('.muzicando .calls li')].map((li) => {
  const r = li.getBoundingClientRect();
  const range = document.createRange();
  range.selectNodeContents(li);
  const style = getComputedStyle(li);
  return { text: li.textContent, box: [r.left, r.top, r.right, r.bottom],
           lines: [...range.getClientRects()].map((q) => [q.left, q.top, q.right, q.bottom]),
           marker: style.listStyleType === 'none' ? 'none' : style.listStylePosition };
})"""


@pytest.mark.parametrize("width", WIDTHS)
def test_the_calls_do_not_run_into_each_other(bidding: Person, width: int) -> None:
    at_width(bidding, width)
    calls = bidding.page.evaluate(CALLS)
    assert len(calls) >= 3, calls
    for i, call in enumerate(calls):
        # Its number is part of the item: no marker outside its box.
        assert call["marker"] in ("none", "inside"), call
        assert call["text"].startswith(f"{i + 1}."), call
        left, _, right, _ = call["box"]
        for line in call["lines"]:
            assert line[0] >= left - 1 and line[2] <= right + 1, (width, call)
        for other in calls[i + 1:]:
            assert not overlap(call["box"], other["box"]), (width, call, other)
            # Side by side: a clear gap between the two columns.
            if call["box"][1] < other["box"][3] and other["box"][1] < call["box"][3]:
                assert abs(other["box"][0] - call["box"][2]) >= 8, (width, call, other)
    assert not bidding.errors, bidding.errors


@pytest.mark.parametrize("width", WIDTHS)
def test_no_dangling_mark_in_the_deal_line(bidding: Person, width: int) -> None:
    at_width(bidding, width)
    line = bidding.page.locator(".muzicando > p").first.inner_text()
    assert line.startswith("Deal 1 of 1"), line
    assert not line.rstrip(" ?").endswith("·"), line
    assert assert_terms_labelled(bidding, ".muzicando") >= 3
    assert not bidding.errors, bidding.errors
