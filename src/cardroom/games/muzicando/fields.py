"""The fields of a Muzicando state, and the one interface of the four
layouts that lie on the table (rules/grid.py, rules/columns.py)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Final, Self

from cardroom.core.game import State
from cardroom.games.muzicando.viewtypes import LaidCards

PHASE_BIDDING: Final = "bidding"
PHASE_CHOOSING: Final = "choosing"
PHASE_PLAY: Final = "play"
PHASE_OVER: Final = "over"
PARTNERSHIP_MODE: Final = "partnership"
INDIVIDUAL_MODE: Final = "individual"


class Layout(ABC):
    """A deal's layout as it lies on the table: the cards laid, kept in its
    shape so that the plays a hand has are found without scanning the
    table. The layouts subclass it (rules/columns.py, rules/grid.py): a
    base class, not a Protocol, so that compiled code calls a layout's
    method directly instead of looking it up by name (cardroom/compiled.py)."""

    layout: int

    @abstractmethod
    def clone(self) -> Layout: ...

    @abstractmethod
    def on_table(self) -> int: ...

    @abstractmethod
    def opening_moves(self, hand: int) -> list[int]: ...

    @abstractmethod
    def note_moves(self, hand: int) -> list[int]: ...

    @abstractmethod
    def sign_moves(self, hand: int) -> list[int]: ...

    @abstractmethod
    def playable_notes(self) -> int: ...

    @abstractmethod
    def opening_reason(self, card: int, cell: int) -> str | None: ...

    @abstractmethod
    def note_reason(self, card: int, cell: int) -> str | None: ...

    @abstractmethod
    def sign_reason(self, sign: int, cell: int) -> str | None: ...

    @abstractmethod
    def place(self, card: int, cell: int) -> None: ...

    @abstractmethod
    def lay_sign(self, sign: int, cell: int) -> None: ...

    @abstractmethod
    def to_view(self) -> LaidCards: ...


class MuzicandoFields(State):
    # the game
    mode: str  # PARTNERSHIP_MODE or INDIVIDUAL_MODE
    bids: bool  # the layout is bid (always in the partnership game; D14)
    deals: int  # deals to play (cancelled deals do not count)
    deal_no: int  # deals completed
    dealer: int
    totals: list[int]  # per seat; in the partnership game both partners hold the team's
    results: list[dict[str, Any]]  # one JSON-ready record per completed or cancelled deal
    phase_name: str  # one of the PHASE_ names
    # the deal
    hand_size: int  # cards dealt to each seat
    hands: list[int]  # per seat: a card mask
    pile: list[int]  # the draw pile, top first
    turn: int  # the seat to call, choose or play
    calls: list[tuple[int, int]]  # (seat, action) of this deal's bidding
    contract: int  # bid index, -1 when the layout was chosen
    declarer: int  # the seat that made the contract, or -1
    opener: int  # the seat that opens the layout, or -1
    chooser: int  # the seat that chose the layout (or declared it, D14), or -1
    layout: int  # SARABANDA .. MUZICANDO, -1 before it is known
    table: Layout | None  # None until the layout is known
    opened: bool  # the opening card is down
    # play
    blocked: int  # bit per seat: skipped at its next turn (D5)
    rest: int  # seat playing on after its rest card (D6), or -1
    passed: int  # bit per seat that passed since the last card (D7)
    places: list[int]  # seats in the order they went out
    missing: list[int]  # per seat: cards it is known not to hold (public)

    def clone(self) -> Self:
        c = type(self).__new__(type(self))
        self._clone_base(c)
        c.mode, c.bids, c.deals, c.deal_no = self.mode, self.bids, self.deals, self.deal_no
        c.dealer, c.totals, c.phase_name = self.dealer, self.totals[:], self.phase_name
        c.results = self.results[:]  # each record is never changed once made
        c.hand_size, c.hands, c.pile = self.hand_size, self.hands[:], self.pile[:]
        c.turn, c.calls = self.turn, self.calls[:]
        c.contract, c.declarer, c.opener = self.contract, self.declarer, self.opener
        c.chooser, c.layout, c.opened = self.chooser, self.layout, self.opened
        c.table = self.table.clone() if self.table is not None else None
        c.blocked, c.rest, c.passed = self.blocked, self.rest, self.passed
        c.places, c.missing = self.places[:], self.missing[:]
        return c
