"""The seat arithmetic every phase uses: who still holds cards, the nearest
of them either way, teams, partners and the declaring side. The team
functions are the one place a seat's team is worked out (the bot, the
views and the text read them too); the teams are deck.json's."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardroom.games.muzicando.cards import PARTNERSHIP
from cardroom.games.muzicando.fields import PARTNERSHIP_MODE, MuzicandoFields

TEAMS: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(t) for t in PARTNERSHIP["teams"])
TEAM_OF: Final[dict[int, int]] = {seat: i for i, team in enumerate(TEAMS) for seat in team}


def team_of(seat: int) -> int:
    """The partnership game's team of a seat: 0 North-South, 1 East-West."""
    return TEAM_OF[seat]


def partner_of(seat: int) -> int:
    """The partnership game's partner of a seat."""
    return next(other for other in TEAMS[TEAM_OF[seat]] if other != seat)


def same_side(partnership: bool, a: int, b: int) -> bool:
    """Whether two seats score together: partners, or one seat alone."""
    return team_of(a) == team_of(b) if partnership else a == b


def active_mask(s: MuzicandoFields) -> int:
    """A bit per seat still holding cards."""
    mask = 0
    for seat, hand in enumerate(s.hands):
        if hand:
            mask |= 1 << seat
    return mask


def nearest_holding(held: Sequence[int], seat: int, by: int = 1) -> int:
    """The nearest seat after ``seat`` (before it when ``by`` is -1) whose
    entry of ``held`` (a hand, or a hand's size) is not 0; ``seat`` itself
    when nobody else's is, -1 when nobody's is."""
    n = len(held)
    for k in range(1, n + 1):
        other = (seat + by * k) % n
        if held[other]:
            return other
    return -1


def next_active(s: MuzicandoFields, seat: int, by: int = 1) -> int:
    """The nearest seat either way still holding cards (``nearest_holding``)."""
    return nearest_holding(s.hands, seat, by)


def partner(s: MuzicandoFields, seat: int) -> int:
    """The seat's partner; -1 in the individual game."""
    return partner_of(seat) if s.mode == PARTNERSHIP_MODE else -1


def side_of(s: MuzicandoFields, seat: int) -> list[int]:
    """The declaring side a seat belongs to: its team, or itself alone."""
    if s.mode == PARTNERSHIP_MODE:
        return list(TEAMS[team_of(seat)])
    return [seat]
