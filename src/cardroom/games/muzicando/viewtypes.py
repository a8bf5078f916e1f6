"""What a viewer knows of a Muzicando table: the declared view parts.

``MuzicandoTable`` is what every seat and spectator knows; a seat adds its
own hand (``MuzicandoSeatTable``), the referee every hand and the pile
order (``MuzicandoRefereeTable``). Cards are their codes (``"DoR"``,
``"#O"``), layouts their letters (S, G, P, M), contracts ``"2G"``. The
cards on the table take one of three shapes (``GridTable``,
``GlissandoTable``, ``ColumnTable``) and each completed or cancelled deal
one of four records; the JSON forms are published in
docs/schemas/muzicando.*.json.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardroom.core.views import ViewTypes, read_as


# ----- the cards on the table ----------------------------------------------------
@dataclass(frozen=True, slots=True, kw_only=True)
class GridTable:
    """Sarabanda's grid: the note cards and the sign cards that cover some."""

    cards: tuple[tuple[str, int, int], ...]
    """Each note card on the grid and its cell: code, x, y."""
    covers: tuple[tuple[str, int, int], ...]
    """Each sign card and the cell of the note it covers: code, x, y."""


@dataclass(frozen=True, slots=True, kw_only=True)
class GlissandoTable(GridTable):
    """Glissando's grid: its cards and its rows, one per line at most (D15)."""

    rows: tuple[tuple[int, int, int, int], ...]
    """Each row: its line y, left x, right x and direction (1: rising to the
    right, -1: falling, 0: a single card, either way; D2)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ColumnTable:
    """Parada's columns or Muzicando's piles: the notes of each open colour."""

    columns: Mapping[str, tuple[str, ...]]
    """Per open colour letter, its notes on the table from the lowest up."""
    signs: tuple[str, ...]
    """The sign cards laid."""


LaidCards = GridTable | GlissandoTable | ColumnTable


# ----- a deal's record -----------------------------------------------------------
@dataclass(frozen=True, slots=True, kw_only=True)
class DealResult:
    """What every deal's record holds first."""

    deal: int | None
    """The deal's number; null for a cancelled deal, which does not count (L7)."""
    dealer: int
    layout: str
    contract: str | None
    """The contract; null when the layout was chosen."""
    declarer: int | None
    chooser: int | None
    """The seat that chose the layout, or the declarer in the individual
    game with bidding; null in the partnership game."""
    opener: int


@dataclass(frozen=True, slots=True, kw_only=True)
class CancelledDeal(DealResult):
    """A deal cancelled because the opener held no opening card (D9)."""

    cancelled: bool
    penalty: int
    """What each seat of the declaring side lost."""
    points: tuple[int, ...]
    """Each seat's points for the deal."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ChosenDeal(DealResult):
    """A played deal of the individual game whose layout was chosen (D13)."""

    places: tuple[int, ...]
    """The seats in the order they placed, first to last."""
    stuck: int | None
    """The stuck last seat (D7), which scores no place points; null if none."""
    place_points: tuple[int, ...]
    """Each seat's place points."""
    points: tuple[int, ...]
    """Each seat's points for the deal: its place points and the chooser's bonus."""


@dataclass(frozen=True, slots=True, kw_only=True)
class BidDeal(DealResult):
    """A played deal of the individual game with bidding (D14)."""

    places: tuple[int, ...]
    """The seats in the order they placed, first to last."""
    stuck: int | None
    """The stuck last seat (D7), which scores no place points; null if none."""
    place_points: tuple[int, ...]
    """Each seat's place points."""
    made: bool
    """Whether the declarer went out first."""
    points: tuple[int, ...]
    """Each seat's points for the deal: its place points, the declarer's plus
    or minus the contract value."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TeamDeal(DealResult):
    """A played deal of the partnership game."""

    places: tuple[int, ...]
    """The seats in the order they placed, first to last."""
    stuck: int | None
    """The stuck last seat (D7), which scores no place points; null if none."""
    place_points: tuple[int, ...]
    """Each seat's place points."""
    made: bool
    """Whether a declaring player went out first."""
    team_points: tuple[int, int]
    """Each team's points for the deal: its place points plus or minus the
    contract value."""
    points: tuple[int, ...]
    """Each seat's points for the deal: its team's."""


AnyDeal = CancelledDeal | ChosenDeal | BidDeal | TeamDeal
def deal_result(record: Mapping[str, Any]) -> AnyDeal:
    """A deal's record (the JSON form the rules keep) as its view part."""
    part: AnyDeal = read_as(AnyDeal, record)
    return part


# ----- the viewers' parts -----------------------------------------------------------
@dataclass(frozen=True, slots=True, kw_only=True)
class MuzicandoTable:
    """What every seat and spectator knows."""

    mode: str
    """``partnership`` or ``individual`` (L11)."""
    bidding: bool
    """Whether the layout is bid (always in the partnership game; D14)."""
    deal: int
    """The deal being played, from 1 (the last one once the game is over)."""
    deals: int
    """Deals to play; cancelled deals do not count (L7)."""
    deals_done: int
    """Deals completed."""
    dealer: int
    cards_each: int
    """Cards dealt to each seat."""
    teams: tuple[tuple[int, ...], ...] | None
    """Partnership game: the seats of North-South, then of East-West; null
    in the individual game."""
    calls: tuple[tuple[int, str], ...]
    """This deal's bidding: each seat and its call (``pass``, ``bid 2G``)."""
    contract: str | None
    """The contract once the bidding is over; null before, or when chosen."""
    declarer: int | None
    """The seat that made the contract; null without one."""
    opener: int | None
    """The seat that opens the layout; null before it is known."""
    chooser: int | None
    """The seat that chose the layout (the declarer with D14); null if none."""
    layout: str | None
    """This deal's layout; null before it is bid or chosen."""
    table: LaidCards | None
    """The cards laid on the layout; null before the layout is known."""
    opened: bool
    """Whether the opening card is down."""
    hand_sizes: tuple[int, ...]
    pile: int
    """Cards in the draw pile."""
    blocked: tuple[int, ...]
    """Seats that lose their next turn (D5)."""
    rest: int | None
    """The seat playing on after its rest (D6); null if none."""
    passed: tuple[int, ...]
    """Seats that passed without drawing since the last card (D7)."""
    out: tuple[int, ...]
    """Seats out of cards this deal, in the order they went out."""
    missing: tuple[tuple[str, ...], ...]
    """Per seat, the cards it showed it does not hold (L10)."""
    results: tuple[AnyDeal, ...]
    """One record per completed or cancelled deal."""


@dataclass(frozen=True, slots=True, kw_only=True)
class MuzicandoSeatTable(MuzicandoTable):
    """A seat's view: the public part and its own hand."""

    hand: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class MuzicandoRefereeTable(MuzicandoTable):
    """The referee's view: the public part, every hand and the pile."""

    hands: tuple[tuple[str, ...], ...]
    pile_order: tuple[str, ...]
    """The draw pile, top card first."""


VIEW_TYPES = ViewTypes(seat=MuzicandoSeatTable, public=MuzicandoTable,
                       referee=MuzicandoRefereeTable)
