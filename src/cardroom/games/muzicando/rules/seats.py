"""The seat arithmetic every phase uses: who still holds cards, the nearest
of them either way, partners and the declaring side."""

from __future__ import annotations

from cardroom.games.muzicando.fields import PARTNERSHIP_MODE, MuzicandoFields


def active_mask(s: MuzicandoFields) -> int:
    """A bit per seat still holding cards."""
    mask = 0
    for seat, hand in enumerate(s.hands):
        if hand:
            mask |= 1 << seat
    return mask


def next_active(s: MuzicandoFields, seat: int, by: int = 1) -> int:
    """The nearest seat after ``seat`` (before it when ``by`` is -1) still
    holding cards; ``seat`` itself when nobody else does, -1 when nobody does."""
    n = s.players
    for k in range(1, n + 1):
        other = (seat + by * k) % n
        if s.hands[other]:
            return other
    return -1


def partner(s: MuzicandoFields, seat: int) -> int:
    return (seat + 2) % s.players if s.mode == PARTNERSHIP_MODE else -1


def side_of(s: MuzicandoFields, seat: int) -> list[int]:
    """The declaring side a seat belongs to: its team, or itself alone."""
    if s.mode == PARTNERSHIP_MODE:
        return [seat % 2, seat % 2 + 2]
    return [seat]
