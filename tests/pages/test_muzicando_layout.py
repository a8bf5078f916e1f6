"""Muzicando's Sarabanda/Glissando grid on a 360 px phone: a sign card
drawn over a note (``.cover``) stays inside its own cell, and the page does
not scroll sideways (the grid itself may)."""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any

import pytest

from cardroom.core.events import PUBLIC
from cardroom.core.record import Record
from cardroom.games import get_game
from tests.pages.browser import Server
from tests.pages.test_play import new_person, post

PLAYERS = 4
SEEDS = range(1, 31)


def get_json(server: Server, path: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{server.base}{path}", timeout=10) as answer:
        data: dict[str, Any] = json.load(answer)
        return data


def bots_game(server: Server, seed: int) -> tuple[str, Record]:
    """A seeded table of heuristic bots, played out by the server; its id and record."""
    created = post(server, "/api/tables", {
        "game": "muzicando", "players": PLAYERS, "seed": seed, "options": {"deals": 1},
        "seats": [{"kind": "bot", "bot": "heuristic"}] * PLAYERS})
    table = created["id"]
    deadline = time.monotonic() + 60
    while get_json(server, f"/api/tables/{table}")["status"] != "over":
        assert time.monotonic() < deadline, f"the bots' table {table} did not finish in 60 s"
        time.sleep(0.1)
    record = Record.from_json(get_json(server, f"/api/tables/{table}/record")["record"])
    return table, record


def most_covered_step(record: Record) -> tuple[int, int]:
    """The step after which the most covers lie on a grid, and how many."""
    state = get_game(record.game).new(record.players, record.seed, record.options)
    best = (0, 0)
    for step, (seat, action) in enumerate(record.actions, start=1):
        state.act(seat, action)
        covers = len((state.view(PUBLIC).get("table") or {}).get("covers") or [])
        best = max(best, (covers, step))
    return best[1], best[0]


@pytest.fixture(scope="module")
def covered(server: Server) -> tuple[str, int]:
    """A finished table and a replay step at which a sign covers a note."""
    for seed in SEEDS:
        table, record = bots_game(server, seed)
        step, covers = most_covered_step(record)
        if covers:
            return table, step
    raise AssertionError(f"no seed in {SEEDS} gave a grid with a sign over a note")


BOXES = """() => [...document.querySelectorAll('.muzicando .cell')]
  .filter((cell) => cell.querySelector('.cover'))
  .map((cell) => {
    const box = (node) => { const r = node.getBoundingClientRect();
      return [r.left, r.top, r.right, r.bottom]; };
    return { cell: cell.dataset.cell, box: box(cell), cover: box(cell.querySelector('.cover')),
             card: box(cell.querySelector('.cover svg')),
             note: box(cell.querySelector(':scope > svg')) };
  })"""


# 360: the phone of the report (32 px cells); 1280: the desktop (40 px cells).
@pytest.mark.parametrize("width", [360, 1280])
def test_a_cover_stays_inside_its_cell(browser: Any, server: Server,
                                       covered: tuple[str, int], width: int) -> None:
    table, step = covered
    person = new_person(browser, width=width)
    person.goto(f"{server.base}/replays/{table}?step={step}")
    cover = person.page.locator(".muzicando .cell .cover").first
    cover.wait_for()
    cover.scroll_into_view_if_needed()
    person.screenshot(f"muzicando-cover-{width}")
    boxes = person.page.evaluate(BOXES)
    assert boxes
    for found in boxes:
        left, top, right, bottom = found["box"]
        for part in ("cover", "card"):
            c_left, c_top, c_right, c_bottom = found[part]
            assert (c_left >= left - 1 and c_top >= top - 1 and c_right <= right + 1
                    and c_bottom <= bottom + 1), (width, found["cell"], part, found)
        # Still visibly a second card: offset from the note under it.
        assert found["card"][0] - found["note"][0] >= 4, (width, found)
        assert found["card"][1] - found["note"][1] >= 4, (width, found)
    if width == 360:  # the grid may scroll sideways in its box, the page may not
        assert person.page.evaluate("document.documentElement.scrollWidth") <= 380
    assert not person.errors, person.errors
