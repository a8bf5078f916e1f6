"""Muzicando's Sarabanda/Glissando grid on a 360 px phone: a sign card
drawn over a note (``.cover``) stays inside its own cell, and the page does
not scroll sideways (the grid itself may). The sign cards' symbols (rest,
sharp, natural, flat) are drawn as SVG paths, not as characters that a font
may lack (the rest, U+1D13D, was an empty box in Debian's Chromium)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from cardroom.core.events import PUBLIC
from cardroom.core.game import State
from cardroom.core.record import Record
from cardroom.games import get_game
from tests.pages.browser import Server
from tests.pages.test_play import finished_bots_table, new_person

PLAYERS = 4
SEEDS = range(1, 31)


PLAYED: dict[tuple[str, int], tuple[str, Record]] = {}


def bots_game(server: Server, seed: int) -> tuple[str, Record]:
    """A seeded table of heuristic bots, played out by the server; its id and
    record (once per server and seed: the fixtures share them)."""
    if (server.base, seed) not in PLAYED:
        PLAYED[server.base, seed] = play_bots_game(server, seed)
    return PLAYED[server.base, seed]


def play_bots_game(server: Server, seed: int) -> tuple[str, Record]:
    return finished_bots_table(server, "muzicando", PLAYERS, seed, {"deals": 1})


def replay_steps(record: Record) -> Iterator[tuple[int, State]]:
    """The record's game after each of its actions, numbered from 1 (the
    replay page's steps); one state, advanced in place."""
    state = get_game(record.game).new(record.players, record.seed, record.options)
    for step, (seat, action) in enumerate(record.actions, start=1):
        state.act(seat, action)
        yield step, state


def most_covered_step(record: Record) -> tuple[int, int]:
    """The step after which the most covers lie on a grid, and how many."""
    best = (0, 0)
    for step, state in replay_steps(record):
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


# ----- the sign symbols ---------------------------------------------------------
SIGN_WORDS = {"#": "sharp", "n": "natural", "b": "flat", "p": "rest"}
COLOUR_WORDS = {"R": "red", "O": "orange", "Y": "yellow", "G": "green", "B": "blue",
                "I": "indigo", "V": "violet"}
REST = "pV"  # the one rest card of the deck


def table_signs(view: dict[str, Any]) -> set[str]:
    """The sign cards lying on the table of a public view."""
    table = view.get("table") or {}
    return {c[0] for c in table.get("covers") or []} | set(table.get("signs") or [])


def best_sign_step(record: Record) -> tuple[int, int, set[str]]:
    """The step and seat at which the rest lies on the table and that seat's
    view (table and hand) shows the most kinds of sign; (0, 0, set()) if the
    rest never reaches the table."""
    best: tuple[int, int, int, set[str]] = (0, 0, 0, set())
    for step, state in replay_steps(record):
        on_table = table_signs(state.view(PUBLIC))
        if REST not in on_table:
            continue
        for viewer in range(record.players):
            shown = on_table | {c for c in state.view(viewer).get("hand") or []
                                if c[0] in SIGN_WORDS}
            kinds = len({c[0] for c in shown})
            if kinds > best[0]:
                best = (kinds, step, viewer, shown)
    return best[1], best[2], best[3]


@pytest.fixture(scope="module")
def signed(server: Server) -> tuple[str, int, int, set[str]]:
    """A finished table, a replay step and a seat to watch it as, where the
    rest lies on the table and as many kinds of sign as found are in view."""
    found: tuple[str, int, int, set[str]] | None = None
    for seed in SEEDS:
        table, record = bots_game(server, seed)
        step, seat, shown = best_sign_step(record)
        if shown and (found is None or len({c[0] for c in shown})
                      > len({c[0] for c in found[3]})):
            found = (table, step, seat, shown)
        if found and len({c[0] for c in found[3]}) == len(SIGN_WORDS):
            break
    assert found, f"no seed in {SEEDS} put the rest sign on the table"
    return found


# Every text node of the page (SVG <text> and <title> included) with a
# character of the Musical Symbols block, U+1D100-U+1D1FF.
MUSICAL_TEXT = r"""() => {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const found = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (/[\u{1D100}-\u{1D1FF}]/u.test(node.data)) found.push(node.data);
  }
  return found;
}"""

# What each card drawn with the given label holds: its text, and its paths
# with their length of `d`, drawn size, and the accessible label around them.
SIGN_CARDS = """(label) => [...document.querySelectorAll('.muzicando svg.card')]
  .filter((card) => card.getAttribute('aria-label') === label)
  .map((card) => ({
    texts: [...card.querySelectorAll('text')].map((t) => t.textContent),
    paths: [...card.querySelectorAll('path')].map((p) => {
      const box = p.getBBox();
      const named = p.closest('[aria-label]:not(svg.card)');
      return { d: (p.getAttribute('d') || '').trim().length, w: box.width, h: box.height,
               label: named ? named.getAttribute('aria-label') : null,
               title: named && named.querySelector(':scope > title')
                 ? named.querySelector(':scope > title').textContent : null };
    }),
  }))"""


@pytest.mark.parametrize("width", [360, 1280])
def test_signs_are_drawn_as_svg_paths(browser: Any, server: Server,
                                      signed: tuple[str, int, int, set[str]],
                                      width: int) -> None:
    table, step, seat, shown = signed
    person = new_person(browser, width=width)
    person.goto(f"{server.base}/replays/{table}?seat={seat}&step={step}")
    rest_label = f"{COLOUR_WORDS[REST[1]]} {SIGN_WORDS[REST[0]]}"
    rest = person.page.locator(f'.muzicando svg.card[aria-label="{rest_label}"]').first
    rest.wait_for()
    rest.scroll_into_view_if_needed()
    person.screenshot(f"muzicando-signs-{width}")
    assert REST in shown
    for code in sorted(shown):
        word = SIGN_WORDS[code[0]]
        label = f"{COLOUR_WORDS[code[1]]} {word}"
        cards = person.page.evaluate(SIGN_CARDS, label)
        assert cards, (width, code, label)
        for drawn in cards:
            # The symbol is a shape, not a character: no text but the colour letter.
            assert drawn["texts"] == [code[1]], (width, code, drawn)
            symbols = [p for p in drawn["paths"] if p["label"] == word]
            assert symbols, (width, code, drawn)
            for path in symbols:
                assert path["d"] > 0 and path["w"] > 0 and path["h"] > 0, (width, code, path)
                assert path["title"] == word, (width, code, path)
    assert person.page.evaluate(MUSICAL_TEXT) == []
    assert not person.errors, person.errors
