"""The data of a Pile up game in progress (rules page: docs/games/pile-up.md).

Card sets are masks of card ids (bit ``c``: card ``c``, see cards.py); seats
are ``0..players-1``. A turn is in one phase: ``play`` (laying cards),
``give`` (a triple), ``take`` (nothing matched the dice), ``push`` and
``avoid`` (a white card's column on its way); ``over`` ends the game.
"""

from __future__ import annotations

from typing import Final, Self

from cardroom.core.game import State

PHASE_PLAY: Final = "play"
PHASE_GIVE: Final = "give"
PHASE_TAKE: Final = "take"
PHASE_PUSH: Final = "push"
PHASE_AVOID: Final = "avoid"
PHASE_OVER: Final = "over"


class PileUpFields(State):
    # ----- cards ---------------------------------------------------------
    hands: list[int]  # per seat: the cards held
    known: list[int]  # per seat: hand cards everyone knows of (a revealed hand)
    minus: list[int]  # per seat: the minus cards taken (each counts against its holder)
    pile: list[int]  # card ids, top of the pile last
    columns: list[list[int]]  # per number - 1: the visible cards, each a stack mask
    armed: int  # bit number - 1: a black card armed that column

    # ----- the turn ------------------------------------------------------
    turn: int  # seat whose turn it is
    phase_name: str  # one of the PHASE_* names
    dice: list[int]  # the last roll of three dice
    from_minus: bool  # the turn's player has no hand and lays a minus card
    number: int  # the number being played this turn (0: no card laid yet)
    placed: int  # cards laid so far this turn
    last: int  # type of the last card laid this turn (-1: none)
    armed_before: bool  # the played column was armed when this play began

    # ----- a triple: minus cards given away one by one -------------------
    give_left: int  # cards still to give
    give_next: int  # seat that gets the next one (-1: no triple)

    # ----- a push: a white card's column on its way ----------------------
    push_cards: int  # cards on their way to a player
    push_number: int  # the column they came from (0: no push)
    push_from: int  # seat that pushed them last (-1: no push)
    push_die: int  # the die rolled to avoid them (0: not rolled)
    chooser: int  # who names the next push target (or keeps; -1: no push)

    def clone(self) -> Self:
        c = type(self).__new__(type(self))
        self._clone_base(c)
        c.hands, c.known, c.minus = self.hands[:], self.known[:], self.minus[:]
        c.pile, c.columns, c.armed = self.pile[:], [s[:] for s in self.columns], self.armed
        c.turn, c.phase_name, c.dice = self.turn, self.phase_name, self.dice[:]
        c.from_minus, c.number, c.placed = self.from_minus, self.number, self.placed
        c.last, c.armed_before = self.last, self.armed_before
        c.give_left, c.give_next = self.give_left, self.give_next
        c.push_cards, c.push_number = self.push_cards, self.push_number
        c.push_from, c.push_die, c.chooser = self.push_from, self.push_die, self.chooser
        return c
