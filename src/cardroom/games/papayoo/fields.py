"""The data of a Papayoo game in progress (rules page: docs/games/papayoo.md).

Card sets are masks (bit ``c``: card ``c``, see cards.py); seats are
``0..players-1``. The phases of a round are ``pass`` (simultaneous) and
``play``; ``over`` ends the game.
"""

from __future__ import annotations

from typing import Final, Self

from cardroom.core.game import State

PHASE_PASS: Final = "pass"
PHASE_PLAY: Final = "play"
PHASE_OVER: Final = "over"


class PapayooFields(State):
    # ----- the game ------------------------------------------------------
    rounds: int  # rounds to play (D2)
    round_index: int  # rounds finished so far (0 in round 1)
    dealer: int  # seat that dealt this round and leads its first trick (D1)
    hand_size: int  # cards dealt to each seat (DEAL_TABLE)
    pass_count: int  # cards each seat passes to its left
    phase_name: str  # PHASE_PASS, PHASE_PLAY or PHASE_OVER
    totals: list[int]  # per seat: points of the finished rounds
    # per finished round: each seat's points (replaced as a round ends, never
    # changed in place: clones and views share it)
    round_points: tuple[tuple[int, ...], ...]

    # ----- passing -------------------------------------------------------
    hands: list[int]  # per seat: the cards held (chosen ones too, until delivered)
    chosen: list[int]  # per seat: cards chosen to pass so far (cleared on delivery)
    waiting: list[int]  # seats still choosing, in seat order
    passed: list[int]  # per seat: the cards it passed left this round

    # ----- tricks --------------------------------------------------------
    papayoo: int  # the 40-point 7 named by the die; -1 until rolled
    trick_seats: list[int]  # seats that played to the current trick, in order
    trick_cards: list[int]  # their cards, in the same order
    last_seats: list[int]  # the trick taken last this round: its seats (empty: none yet)
    last_cards: list[int]  # and its cards, in order of play
    turn: int  # seat to play (or to lead once passing ends)
    taken: list[int]  # per seat: points taken in tricks this round
    voids: list[int]  # per seat: suits (bit = suit) it has shown void in this round
    played: int  # cards played this round, the current trick included

    def clone(self) -> Self:
        c = type(self).__new__(type(self))
        self._clone_base(c)
        c.dealer, c.round_index, c.rounds = self.dealer, self.round_index, self.rounds
        c.hand_size, c.pass_count, c.phase_name = self.hand_size, self.pass_count, self.phase_name
        c.hands, c.chosen, c.waiting = self.hands[:], self.chosen[:], self.waiting[:]
        c.passed, c.papayoo, c.turn = self.passed[:], self.papayoo, self.turn
        c.trick_seats, c.trick_cards = self.trick_seats[:], self.trick_cards[:]
        c.last_seats, c.last_cards = self.last_seats, self.last_cards  # never changed in place
        c.taken, c.voids, c.played = self.taken[:], self.voids[:], self.played
        c.totals = self.totals[:]
        c.round_points = self.round_points
        return c
