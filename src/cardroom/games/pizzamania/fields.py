"""The data of a Pizzamania game in progress (rules page: docs/games/pizzamania.md).

Hands and the other piles of toppings are packed counts (see cards.py);
bases are indices into ``BASE_CODES``; seats are ``0..players-1``. The
decision phases are ``play`` and, after each round of the endless game
(D12), ``choose`` (simultaneous: every seat picks continue or stop);
``over`` ends the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Self

from cardroom.core.game import State
from cardroom.core.pickling import by_fields

PHASE_PLAY: Final = "play"
PHASE_CHOOSE: Final = "choose"
PHASE_OVER: Final = "over"


@dataclass(frozen=True)
class Gift:
    """One transfer ordered by a chef card (D9): ``cards`` is a packed pile."""

    chef: str
    giver: int
    receiver: int
    cards: int
    count: int
    which: str  # "smallest" or "largest"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_fields(self)  # compiled, it pickles so (core.pickling)


class PizzamaniaFields(State):
    # ----- the game ------------------------------------------------------
    rounds: int  # rounds to play (D10); 0: the endless game (D12)
    simple: bool  # the simple game: one round, no chef cards
    round_no: int  # the round being played, from 1
    over: bool  # the final round has ended

    # ----- toppings (packed piles) ---------------------------------------
    hands: list[int]  # per seat: the toppings held
    sizes: list[int]  # per seat: how many toppings it holds (kept beside the hand for speed)
    aside: int  # the toppings set aside unseen this round (D3)
    played: list[int]  # per seat: the toppings it played this round

    # ----- the pizza on the table ----------------------------------------
    base_deck: list[int]  # the bases left to turn; the top is the last element
    base: int  # the base being played on
    pile: list[int]  # the values played on it, the top last
    pile_seats: list[int]  # who played each entry of ``pile``
    turner: int  # the seat that turned the base (it turns again after a dead base, D6)
    passed: int  # a cardset mask of the seats out of this pizza
    turn: int  # the seat to act

    # ----- rounds and chef cards -----------------------------------------
    finished: list[int]  # this round's finish order so far, best first
    orders: list[list[int]]  # every completed round's finish order
    holders: dict[str, int]  # chef id -> seat holding it (D8; empty in round 1)
    exchanges: list[Gift]  # this round's chef gifts (D9)

    # ----- the endless game's choice after a round (D12) ------------------
    choosing: list[int]  # seats yet to choose continue or stop, in seat order; empty otherwise
    choices: list[int]  # per seat: CONTINUE, STOP or 0 (none yet); kept once revealed

    def clone(self) -> Self:
        c = type(self).__new__(type(self))
        self._clone_base(c)
        c.rounds, c.simple, c.round_no, c.over = self.rounds, self.simple, self.round_no, self.over
        c.hands, c.sizes, c.aside = self.hands[:], self.sizes[:], self.aside
        c.played = self.played[:]
        c.base_deck, c.base, c.turner, c.turn = self.base_deck[:], self.base, self.turner, self.turn
        c.pile, c.pile_seats, c.passed = self.pile[:], self.pile_seats[:], self.passed
        c.finished, c.orders = self.finished[:], [o[:] for o in self.orders]
        c.holders, c.exchanges = dict(self.holders), self.exchanges[:]
        c.choosing, c.choices = self.choosing[:], self.choices[:]
        return c
