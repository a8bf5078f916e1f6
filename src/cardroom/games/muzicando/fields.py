"""The fields of a Muzicando state and the seat arithmetic every phase uses."""

from __future__ import annotations

from typing import Any

from cardroom.core.game import State
from cardroom.games.muzicando.layout import Table

PHASE_BIDDING, PHASE_CHOOSING, PHASE_PLAY, PHASE_OVER = "bidding", "choosing", "play", "over"
PARTNERSHIP_MODE, INDIVIDUAL_MODE = "partnership", "individual"


class Fields(State):
    # the game
    mode: str
    bids: bool  # the layout is bid (always in the partnership game; D14)
    deals: int  # deals to play (cancelled deals do not count)
    deal_no: int  # deals completed
    dealer: int
    totals: list[int]  # per seat; in the partnership game both partners hold the team's
    results: list[dict[str, Any]]  # one JSON-ready record per completed or cancelled deal
    phase_name: str
    # the deal
    hand_size: int  # cards dealt to each seat
    hands: list[int]
    pile: list[int]  # top first
    turn: int
    calls: list[tuple[int, int]]  # (seat, action) of this deal's bidding
    contract: int  # bid index, -1 when the layout was chosen
    declarer: int
    opener: int
    chooser: int
    layout: int
    table: Table | None
    opened: bool
    # play
    blocked: int  # bit per seat: skipped at its next turn (D5)
    rest: int  # seat playing on after its rest card (D6), or -1
    passed: int  # bit per seat that passed since the last card (D7)
    places: list[int]  # seats in the order they went out
    missing: list[int]  # per seat: cards it is known not to hold (public)

    def active_mask(self) -> int:
        mask = 0
        for seat, hand in enumerate(self.hands):
            if hand:
                mask |= 1 << seat
        return mask

    def next_active(self, seat: int, by: int = 1) -> int:
        """The nearest seat after ``seat`` (before it when ``by`` is -1) still
        holding cards; ``seat`` itself when nobody else does, -1 when nobody does."""
        n = self.players
        for k in range(1, n + 1):
            other = (seat + by * k) % n
            if self.hands[other]:
                return other
        return -1

    def partner(self, seat: int) -> int:
        return (seat + 2) % self.players if self.mode == PARTNERSHIP_MODE else -1

    def side_of(self, seat: int) -> list[int]:
        """The declaring side a seat belongs to: its team, or itself alone."""
        if self.mode == PARTNERSHIP_MODE:
            return [seat % 2, seat % 2 + 2]
        return [seat]
