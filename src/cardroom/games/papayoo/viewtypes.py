"""What a viewer knows of a Papayoo table: the declared view parts.

``PapayooTable`` is what every seat and spectator knows; a seat adds its
own hand and passing (``PapayooSeatTable``), the referee every hand
(``PapayooRefereeTable``). Cards are their codes (``"7S"``, ``"20P"``);
the JSON forms are published in docs/schemas/papayoo.*.json.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardroom.core.views import ViewTypes


@dataclass(frozen=True, slots=True)
class LastTrick:
    """The trick taken last in this round (every card of a trick is public)."""

    plays: tuple[tuple[int, str], ...]
    """Each seat and the card it played, in order of play."""
    winner: int
    points: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PapayooTable:
    round: int
    """The round being played, from 1 (the last one once the game is over)."""
    rounds: int
    dealer: int
    """The seat that dealt this round and leads its first trick (D1)."""
    pass_count: int
    """How many cards each seat passes to its left this round."""
    hand_sizes: tuple[int, ...]
    papayoo: str | None
    """This round's Papayoo (the 7 the die named, 40 points); null before the die."""
    trick: tuple[tuple[int, str], ...]
    """The current trick: each seat and its card, in order of play."""
    trick_winner: int | None
    """The seat winning the current trick so far; null when it is empty."""
    last_trick: LastTrick | None
    """The trick taken last in this round; null before the first one."""
    leader: int
    """The seat that leads (or will lead) the current trick."""
    turn: int | None
    """The seat to play; null while seats choose the cards to pass."""
    played: tuple[str, ...]
    """Cards played this round, the current trick included."""
    taken_points: tuple[int, ...]
    """Points each seat has taken in tricks this round."""
    voids: tuple[tuple[str, ...], ...]
    """Per seat, the suits (S, H, D, C, P) it has shown void in this round."""
    round_points: tuple[tuple[int, ...], ...]
    """Per finished round, each seat's points."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PapayooSeatTable(PapayooTable):
    hand: tuple[str, ...]
    chosen: tuple[str, ...]
    """Cards chosen to pass so far (handed over once every seat has chosen)."""
    passed: tuple[str, ...]
    """The cards this seat passed to its left this round."""
    received: tuple[str, ...]
    """The cards this seat received from its right this round."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PapayooRefereeTable(PapayooTable):
    hands: tuple[tuple[str, ...], ...]
    chosen: tuple[tuple[str, ...], ...]
    passed: tuple[tuple[str, ...], ...]


VIEW_TYPES = ViewTypes(seat=PapayooSeatTable, public=PapayooTable, referee=PapayooRefereeTable)
