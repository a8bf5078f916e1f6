"""Action ints and their protocol strings.

``pass`` is one action in bidding and in play; ``bid <level><layout>``,
``choose <layout>``, ``play <card>`` (Parada, Muzicando) and
``play <card> <x> <y>`` (Sarabanda, Glissando: the grid cell).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from cardroom.games.muzicando.cards import (
    BID_BY_TEXT,
    BIDS,
    BY_LOWER,
    CARD_COUNT,
    CODE,
    LAYOUT_LETTERS,
    bid_text,
)

PASS: Final = 0
BID: Final = 1  # BID + bid index (0 = 1S .. 15 = 4M)
CHOOSE: Final = BID + BIDS  # CHOOSE + layout
PLAY: Final = 32  # PLAY + card: no cell
PLAY_AT: Final = PLAY + CARD_COUNT + 40  # PLAY_AT + card * CELLS + cell

# A grid holds at most 56 cards, so no card lies more than 55 cells from
# the first one and no free neighbour more than 56.
LIMIT: Final = CARD_COUNT
SPAN: Final = 2 * LIMIT + 1
CELLS: Final = SPAN * SPAN
NO_CELL: Final = -1


def cell_of(x: int, y: int) -> int:
    return (x + LIMIT) * SPAN + y + LIMIT


def xy(cell: int) -> tuple[int, int]:
    return cell // SPAN - LIMIT, cell % SPAN - LIMIT


def where(cell: int) -> str:
    x, y = xy(cell)
    return f"{x} {y}"


ORIGIN: Final = cell_of(0, 0)
# Neighbouring cells differ by these offsets: x +-1 is SPAN, y +-1 is 1.
RIGHT: Final = SPAN
LEFT: Final = -SPAN
UP: Final = 1
DOWN: Final = -1
SIDES: Final = (RIGHT, LEFT, UP, DOWN)


def play(card: int, cell: int = NO_CELL) -> int:
    return PLAY + card if cell < 0 else PLAY_AT + card * CELLS + cell


def is_play(action: int) -> bool:
    return action >= PLAY and not PLAY + CARD_COUNT <= action < PLAY_AT


def split_play(action: int) -> tuple[int, int]:
    """(card, cell) of a play action; cell is NO_CELL without coordinates."""
    if action < PLAY_AT:
        return action - PLAY, NO_CELL
    card, cell = divmod(action - PLAY_AT, CELLS)
    return card, cell


def is_bid(action: int) -> bool:
    return BID <= action < BID + BIDS


def is_choose(action: int) -> bool:
    return CHOOSE <= action < CHOOSE + len(LAYOUT_LETTERS)


def action_text(action: int) -> str:
    if action == PASS:
        return "pass"
    if is_bid(action):
        return "bid " + bid_text(action - BID)
    if is_choose(action):
        return "choose " + LAYOUT_LETTERS[action - CHOOSE]
    card, cell = split_play(action)
    if cell == NO_CELL:
        return "play " + CODE[card]
    return f"play {CODE[card]} {where(cell)}"


def parse_action(text: str) -> int | None:
    words = text.split()
    if not words:
        return None
    verb, args = words[0].lower(), words[1:]
    if verb == "pass":
        return PASS if not args else None
    if verb == "bid" and len(args) == 1:
        bid = BID_BY_TEXT.get(args[0].upper())
        return None if bid is None else BID + bid
    if verb == "choose" and len(args) == 1 and args[0].upper() in LAYOUT_LETTERS:
        return CHOOSE + LAYOUT_LETTERS.index(args[0].upper())
    if verb == "play" and len(args) in (1, 3):
        return _parse_play(args)
    return None


def parse_calls(calls: Iterable[tuple[int, str]]) -> list[tuple[int, int]]:
    """A view's calls, ``(seat, text)``, as the rules keep them: ``(seat, action)``."""
    return [(seat, parse_action(text) or PASS) for seat, text in calls]


def _parse_play(args: list[str]) -> int | None:
    card = BY_LOWER.get(args[0].lower())
    if card is None:
        return None
    if len(args) == 1:
        return play(card)
    try:
        x, y = int(args[1]), int(args[2])
    except ValueError:
        return None
    if not (-LIMIT <= x <= LIMIT and -LIMIT <= y <= LIMIT):
        return None
    return play(card, cell_of(x, y))
