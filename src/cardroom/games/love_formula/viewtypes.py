"""What a viewer knows of a Love Formula table: the declared view parts.

``LoveTable`` is what every seat and spectator knows; a seat adds its own
hand, pack, Part-Time Job, choices and what it knows of hidden cards
(``LoveSeatTable``), the referee every hidden card (``LoveRefereeTable``).
Cards are their ids (``"red-string-1"``); design keys name what a couple
requires (``"red-string"``). Parts of an expansion that is off are absent from the JSON (None here).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from cardroom.core.views import ViewTypes, absent_when_none, json_key

Frame = tuple[str, int, int, int, int, str | None, int]
"""An op program being carried out: card, player, program, next op, cards
still to discard (-1: none asked), the preparation being placed, frame kind."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Known:
    """A hidden card a seat has located."""

    card: str
    places: tuple[str, ...] = json_key("in")
    """Where it may be: ``"hand N"``, ``"pack N"``, ``"deck"`` or ``"out"``."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Attached:
    """A card attached to a couple."""

    card: str
    hearts: int | None = absent_when_none()
    """Heart tokens left on it (null: none, it does not expire)."""
    by: int | None = absent_when_none()
    """The seat that played it, for an obstacle or connection (null for a preparation)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Couple:
    """A couple in a zone and its date."""

    card: str
    attached: tuple[Attached, ...]
    missing: tuple[str, ...]
    """The design keys it requires that no attached preparation meets."""
    vp: int
    """What it scores now (scoring.date)."""
    perfect: bool
    """Whether its date is perfect now: nothing missing and no card that forbids it
    (scoring.date)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Zone:
    couples: tuple[Couple, ...]
    loose: tuple[str, ...]
    """Preparations in the zone not attached to a couple."""
    vp: int
    """The zone's VP: its couples and one per preparation."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Resolving:
    """The card being resolved on the current turn."""

    card: str
    seat: int
    """The seat whose turn it is."""
    target: int | None
    """The seat whose couple it targets (null: none chosen)."""
    couple: str | None
    """The couple it targets (null: none chosen)."""
    sender: int
    """Whose obstacle it is (a Wingman sends one back as its own)."""
    cancelled: bool
    """A reaction cancelled it, or it found no couple."""
    diverted: bool
    """A reaction took it into another zone (Intercept)."""
    queue: tuple[int, ...]
    """The seats still to be asked in the reaction window, in order."""
    reacting: str | None
    """The reaction being resolved against it."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Breakdown:
    """A seat's final score and the tie-breakers (the result's breakdown)."""

    vp: int
    preparations: int
    couples: int
    obstacles: int
    hand: int
    """Cards left in hand (the last tie-breaker)."""
    couple_vp: Mapping[str, int]
    """Each couple's VP, by card id."""
    perfect: tuple[str, ...]
    """The couples whose date is perfect."""
    zone_vp: int | None = absent_when_none()
    """With an expansion: the zone's VP (absent without one)."""
    chance_vp: int | None = absent_when_none()
    """With an expansion: VP from chance cards (absent without one)."""
    goals: Mapping[str, int] | None = absent_when_none()
    """With #RelationshipGoals: the VP of each goal won, by goal id."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Chance:
    """The Chance expansion as everyone sees it."""

    card: str | None
    """The chance card of this round (null: none revealed)."""
    revealer: int | None
    deck_size: int
    discard: tuple[str, ...]
    rules: tuple[str, ...]
    """This round's rules: reverse_priority, no_reactions."""
    extra_moves: tuple[int, ...]
    """Per seat, preparation moves added this round."""
    vp: tuple[int, ...]
    """Per seat, VP from chance cards."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RefereeChance(Chance):
    deck: tuple[str, ...]
    """The chance deck, top card first."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Goal:
    """A goal in the row."""

    goal: str
    kind: str
    """first (won by the first to meet it) or end (scored at the end)."""
    face_up: bool
    """Whether its VP card is face up."""
    vp_card: str | None
    """Its VP card, where the viewer may see it."""
    vp: int | None
    """What it is worth, where the viewer may see it."""
    won_by: int | None
    """The seat that won a First goal."""
    scored: tuple[int, ...]
    """The seats that met a Game End goal at the end."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Counters:
    """What a seat did that goals count (R26)."""

    obstacles_played: int
    reactions_played: int
    obstacles_removed: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Goals:
    """The #RelationshipGoals expansion as everyone sees it."""

    variant: str
    row: tuple[Goal, ...]
    value: int | None
    """Variant equal: what every goal is worth (null in the others)."""
    value_card: str | None
    """Variant equal: the VP card that set the value (R22)."""
    counters: tuple[Counters, ...]
    unused_goals: int
    """Goals left in the box."""
    unused_vp: int
    """VP cards left in the box."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RefereeGoals(Goals):
    goal_box: tuple[str, ...]
    vp_box: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class LoveTable:
    stage: int
    """1 or 2: the draft and play phase being played."""
    round: int
    """The play round, 1 to 10."""
    pick: int
    """The draft pick, from 1."""
    step: str
    """Where the round is: draft, select, turn, targeting, window, frames,
    finish, choice, react or over."""
    deck_size: int
    discard: tuple[str, ...]
    """The discard pile, top card last."""
    out_size: int
    """Part-Time Jobs out of the game."""
    hand_sizes: tuple[int, ...]
    pack_sizes: tuple[int, ...]
    zones: tuple[Zone, ...]
    table: tuple[str | None, ...]
    """Each seat's revealed card, until it leaves the table."""
    order: tuple[int, ...]
    """This round's turn order by priority (empty before the reveal)."""
    turn: int | None
    """The seat whose turn it is."""
    turn_pos: int
    """The index in ``order`` of the turn being played."""
    moves: int
    """Preparation moves left this turn."""
    resolved: bool
    """Whether the turn's card has been resolved."""
    resolving: Resolving | None
    frames: tuple[Frame, ...]
    """The op programs being carried out, the innermost last."""
    choice: str | None
    """The decision asked at step choice."""
    chooser: int | None
    """The seat asked for a choice or a reaction."""
    breakdown: tuple[Breakdown, ...] | None = absent_when_none()
    """Once the game is over: each seat's score and tie-breakers."""
    chance: Chance | None = absent_when_none()
    """With the Chance expansion."""
    goals: Goals | None = absent_when_none()
    """With #RelationshipGoals."""


@dataclass(frozen=True, slots=True, kw_only=True)
class LoveSeatTable(LoveTable):
    hand: tuple[str, ...]
    """The seat's hand, its Part-Time Job included."""
    pack: tuple[str, ...]
    """The draft pack in front of the seat."""
    job: str
    """The seat's Part-Time Job."""
    selected: str | None
    """The card the seat selected this round, until the reveal."""
    picked: str | None
    """The card the seat kept this pick, until the packs pass."""
    known: tuple[Known, ...]
    """Hidden cards the seat has located."""


@dataclass(frozen=True, slots=True, kw_only=True)
class LoveRefereeTable(LoveTable):
    chance: RefereeChance | None = absent_when_none()
    goals: RefereeGoals | None = absent_when_none()
    hands: tuple[tuple[str, ...], ...]
    packs: tuple[tuple[str, ...], ...]
    deck: tuple[str, ...]
    """The deck, top card first."""
    selected: tuple[str | None, ...]
    picks: tuple[str | None, ...]
    jobs: tuple[str, ...]
    out: tuple[str, ...]
    """The Part-Time Jobs out of the game."""
    known: tuple[tuple[Known, ...], ...]
    """Per seat, the hidden cards it has located."""


VIEW_TYPES = ViewTypes(seat=LoveSeatTable, public=LoveTable, referee=LoveRefereeTable)
