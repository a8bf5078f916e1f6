"""The two colour layouts: Parada (a column per colour around its oval card,
no Si-Do step) and Muzicando (a pile per colour from Do upward).

Each colour is the range ``low..high`` of its notes on the table (-1 while
the colour is not open); in Muzicando ``low`` is always Do.
"""

from __future__ import annotations

from typing import Any, Final

from cardroom.core.cardset import cards_of
from cardroom.core.errors import Reason
from cardroom.games.muzicando.actions import NO_CELL, PLAY, play
from cardroom.games.muzicando.cards import (
    BY_CODE,
    CODE,
    COLOUR,
    COLOUR_LETTERS,
    COLOUR_NAMES,
    COLOURS,
    LAYOUT_LETTERS,
    LAYOUT_NAMES,
    MUZICANDO,
    NOTE,
    NOTE_NAMES,
    NOTES,
    OPENING_MASK,
    OPENS_WITH,
    OPENS_WITH_KIND,
    PARADA,
    SIGN_CARD,
    SIGN_MASK,
    card_of,
)
from cardroom.games.muzicando.fields import Layout
from cardroom.games.muzicando.viewtypes import ColumnTable


def _openers(layout: int) -> tuple[int, ...]:
    """The card that opens each colour: its oval card (P) or its Do (M)."""
    mask = OPENING_MASK[layout]
    return tuple(next(c for c in cards_of(mask) if COLOUR[c] == col) for col in range(COLOURS))


OPENERS: Final = {PARADA: _openers(PARADA), MUZICANDO: _openers(MUZICANDO)}
# The codes of each colour's notes low..high (a column as a view shows it),
# by colour, low and high: views ask for every column at every play.
RUNS: Final[tuple[tuple[tuple[tuple[str, ...], ...], ...], ...]] = tuple(
    tuple(tuple(tuple([CODE[card_of(col, n)] for n in range(low, high + 1)])
                for high in range(NOTES)) for low in range(NOTES))
    for col in range(COLOURS)
)
COLOUR_NOTES: Final[tuple[int, ...]] = tuple(
    sum(1 << card_of(col, n) for n in range(NOTES)) for col in range(COLOURS)
)


class ColumnLayout(Layout):
    low: list[int]
    high: list[int]
    laid: int
    playable: int  # note cards that may be laid now; -1 until worked out

    def __init__(self, layout: int) -> None:
        self.layout = layout
        self.low = [-1] * COLOURS
        self.high = [-1] * COLOURS
        self.laid = 0
        self.playable = -1

    def clone(self) -> ColumnLayout:
        return _restored(self.layout, self.low[:], self.high[:], self.laid, self.playable)

    # Pickled through its constructor: compiled (cardroom/compiled.py), the
    # default way would call __init__ with no arguments.
    def __reduce__(self) -> tuple[Any, ...]:
        return _restored, (self.layout, self.low, self.high, self.laid, self.playable)

    def on_table(self) -> int:
        return self.laid

    # ----- what may be played ----------------------------------------------
    def opener(self, colour: int) -> int:
        return OPENERS[self.layout][colour]

    def playable_notes(self) -> int:
        if self.playable < 0:
            mask = 0
            for col in range(COLOURS):
                mask |= self.colour_playable(col)
            self.playable = mask
        return self.playable

    def colour_playable(self, col: int) -> int:
        """The note cards of one colour that may be laid now."""
        low, high = self.low[col], self.high[col]
        if low < 0:
            return 1 << OPENERS[self.layout][col]
        mask = 0
        if self.layout == PARADA and low > 0:  # Muzicando piles only go up
            mask |= 1 << card_of(col, low - 1)
        if high < NOTES - 1:
            mask |= 1 << card_of(col, high + 1)
        return mask

    # Plays here carry no cell, so play(c) is PLAY + c (inlined: hot path).
    def opening_moves(self, hand: int) -> list[int]:
        return [PLAY + c for c in cards_of(hand & OPENING_MASK[self.layout])]

    def note_moves(self, hand: int) -> list[int]:
        return [PLAY + c for c in cards_of(hand & self.playable_notes())]

    def sign_moves(self, hand: int) -> list[int]:
        if not hand & SIGN_MASK:
            return []
        return [play(s) for s in SIGN_CARD if hand >> s & 1 and self.low[COLOUR[s]] >= 0]

    def opening_reason(self, card: int, cell: int) -> str | None:
        kind = OPENS_WITH[self.layout]
        if cell != NO_CELL:
            return self._no_cell(card)
        if not OPENING_MASK[self.layout] >> card & 1:
            return Reason("opens_with", f"{LAYOUT_NAMES[self.layout]} opens with {kind}",
                          layout=LAYOUT_LETTERS[self.layout],
                          opens=OPENS_WITH_KIND[self.layout])
        return None

    def _no_cell(self, card: int) -> Reason:
        return Reason("no_cell", f"in {LAYOUT_NAMES[self.layout]} the place follows from the "
                      f"card: 'play {CODE[card]}' without coordinates",
                      layout=LAYOUT_LETTERS[self.layout], card=CODE[card])

    def note_reason(self, card: int, cell: int) -> str | None:
        if cell != NO_CELL:
            return self._no_cell(card)
        if self.playable_notes() >> card & 1:
            return None
        col = COLOUR[card]
        name = COLOUR_NAMES[col]
        if self.low[col] < 0:
            opener = CODE[self.opener(col)]
            return Reason("colour_closed", f"{name} is not open yet: it opens with {opener}",
                          colour=COLOUR_LETTERS[col], card=opener)
        low, high = self.low[col], self.high[col]
        return Reason("not_next", f"{CODE[card]} cannot go on the {name} {self._shape()}: "
                      f"{self._wants(col)}", card=CODE[card], colour=COLOUR_LETTERS[col],
                      low=NOTE_NAMES[low], high=NOTE_NAMES[high], cards=self._nexts(col))

    def _shape(self) -> str:
        return "column" if self.layout == PARADA else "pile"

    def _nexts(self, col: int) -> list[str]:
        return [CODE[c] for c in cards_of(self.colour_playable(col))]

    def _wants(self, col: int) -> str:
        low, high = self.low[col], self.high[col]
        span = f"{NOTE_NAMES[low]} to {NOTE_NAMES[high]}"
        return f"it runs {span}, so only {' or '.join(self._nexts(col))} may go next"

    def sign_reason(self, sign: int, cell: int) -> str | None:
        if cell != NO_CELL:
            return Reason("sign_no_cell", f"in {LAYOUT_NAMES[self.layout]} a sign card goes "
                          f"without coordinates: 'play {CODE[sign]}'",
                          layout=LAYOUT_LETTERS[self.layout], sign=CODE[sign])
        if self.low[COLOUR[sign]] < 0:
            return Reason("sign_too_soon", f"{CODE[sign]} may be played once "
                          f"{COLOUR_NAMES[COLOUR[sign]]} is on the table, and it is not yet",
                          sign=CODE[sign], colour=COLOUR_LETTERS[COLOUR[sign]])
        return None

    # ----- placing ---------------------------------------------------------
    def place(self, card: int, cell: int) -> None:
        col, note = COLOUR[card], NOTE[card]
        if self.low[col] < 0:
            self.low[col] = self.high[col] = note
        elif note < self.low[col]:
            self.low[col] = note
        else:
            self.high[col] = note
        self.laid |= 1 << card
        if self.playable >= 0:  # only this colour's next notes changed
            self.playable = self.playable & ~COLOUR_NOTES[col] | self.colour_playable(col)

    def lay_sign(self, sign: int, cell: int) -> None:
        self.laid |= 1 << sign

    def to_view(self) -> ColumnTable:
        columns = {}
        for col in range(COLOURS):
            low = self.low[col]
            if low >= 0:
                columns[COLOUR_LETTERS[col]] = RUNS[col][low][self.high[col]]
        signs = tuple([CODE[s] for s in SIGN_CARD if self.laid >> s & 1])
        return ColumnTable(columns=columns, signs=signs)

    @staticmethod
    def from_view(layout: int, view: ColumnTable) -> ColumnLayout:
        table = ColumnLayout(layout)
        for notes in view.columns.values():
            for code in notes:
                table.place(BY_CODE[code], NO_CELL)
        for code in view.signs:
            table.lay_sign(BY_CODE[code], NO_CELL)
        return table


def _restored(layout: int, low: list[int], high: list[int], laid: int,
              playable: int) -> ColumnLayout:
    table = ColumnLayout(layout)
    table.low, table.high, table.laid, table.playable = low, high, laid, playable
    return table
