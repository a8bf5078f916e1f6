"""Muzicando's actions in two parts: the card, then where it goes.

The flat index (encoding.py) needs 263,557 entries because a grid play
names a card and any cell of a 4,705-cell diamond. Taken in two steps, the
first part is the action's flat index when that is below 77 (``pass``,
the bids, the choices, and ``play <card>``: 21 + card, which for a grid
play means "this card, somewhere"); the second part says where, relative
to the table: ON a note (a sign covering it), or RIGHT, LEFT, UP, DOWN of
it, as ``note x 5 + direction``, and 280 for the first card's cell 0 0.
Every grid play lands on or beside a note, so 281 second parts reach every
cell a card can go to; in Parada and Muzicando the card alone fixes its
column, so a play there is one part.

A cell beside several notes is named after the lowest-numbered of them,
so each legal action has one pair of parts and the pairs depend on
nothing but the table (which every seat sees).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardroom.core.encoding import Factoring
from cardroom.core.views import View
from cardroom.games.muzicando.actions import CHOOSE, NO_CELL, split_play, xy
from cardroom.games.muzicando.cards import BY_CODE, CARD_COUNT, LAYOUT_LETTERS
from cardroom.games.muzicando.viewtypes import GridTable, MuzicandoTable

CALLS = CHOOSE + len(LAYOUT_LETTERS)  # 21: pass, bids and choices, as in the flat index
# Where a card goes, seen from a note on the grid: (dx, dy) for ON, RIGHT, LEFT, UP, DOWN.
DIRECTIONS = ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1))
ON = 0
ORIGIN_PART = CARD_COUNT * len(DIRECTIONS)  # 280: the first card, at 0 0
FIRSTS = CALLS + CARD_COUNT  # 77
SECONDS = ORIGIN_PART + 1  # 281

Cell = tuple[int, int]


def grid_notes(view: View[Any]) -> dict[Cell, int]:
    """The note card on each taken grid cell ({} before a grid is opened)."""
    table = view.table
    if not isinstance(table, MuzicandoTable) or not isinstance(table.table, GridTable):
        return {}
    return {(x, y): BY_CODE[code] for code, x, y in table.table.cards}


def placement(cell: Cell, notes: dict[Cell, int]) -> int:
    """The second part that names ``cell``: ON the note there (a sign's
    cover), else beside the lowest-numbered neighbouring note."""
    if not notes:
        if cell != (0, 0):
            raise ValueError(f"the first card goes on 0 0, not {cell}")
        return ORIGIN_PART
    if cell in notes:
        return notes[cell] * len(DIRECTIONS) + ON
    x, y = cell
    beside = [(notes[x - dx, y - dy], k) for k, (dx, dy) in enumerate(DIRECTIONS)
              if k != ON and (x - dx, y - dy) in notes]
    if not beside:
        raise ValueError(f"cell {x} {y} is beside no card on the grid")
    note, k = min(beside)
    return note * len(DIRECTIONS) + k


def cell_of_part(second: int, notes: dict[Cell, int]) -> Cell:
    """The cell a second part names (the inverse of ``placement``)."""
    if second == ORIGIN_PART:
        return (0, 0)
    note, k = divmod(second, len(DIRECTIONS))
    x, y = {n: c for c, n in notes.items()}[note]
    dx, dy = DIRECTIONS[k]
    return x + dx, y + dy


class MuzicandoFactoring(Factoring):
    def __init__(self) -> None:
        super().__init__(FIRSTS, SECONDS)

    def parts(self, view: View[Any], actions: Sequence[int]) -> list[tuple[int, int | None]]:
        notes = grid_notes(view)
        return [self._split(a, notes) for a in actions]

    @staticmethod
    def _split(action: int, notes: dict[Cell, int]) -> tuple[int, int | None]:
        if action < CALLS:
            return action, None
        card, cell = split_play(action)
        if cell == NO_CELL:
            return CALLS + card, None
        return CALLS + card, placement(xy(cell), notes)


FACTORING = MuzicandoFactoring()
