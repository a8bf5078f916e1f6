"""What each viewer may know of a Papayoo table, and the invariants."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardroom.core.cardset import mask_of
from cardroom.core.events import Viewer
from cardroom.core.views import Maker, Memo
from cardroom.games.papayoo.cards import (
    CODE,
    CODES,
    ROUND_TOTAL,
    SUIT_LETTERS,
    deck_mask,
    trick_winner,
)
from cardroom.games.papayoo.fields import PHASE_OVER, PHASE_PLAY, PapayooFields
from cardroom.games.papayoo.scoring import points
from cardroom.games.papayoo.viewtypes import (
    LastTrick,
    PapayooRefereeTable,
    PapayooSeatTable,
    PapayooTable,
)

_codes = CODES.tuple_of
# The suits (as letters) of each void mask: one look-up per seat.
_SUITS: tuple[tuple[str, ...], ...] = tuple(
    tuple([SUIT_LETTERS[x] for x in range(5) if voids >> x & 1]) for voids in range(32))


def table_part(s: PapayooFields, seat: Viewer, make: Maker) -> Any:
    """What ``seat`` may know, built with ``make`` (views.Maker)."""
    if seat is None:
        return _public(s, make(PapayooRefereeTable),
                       hands=tuple([_codes(h) for h in s.hands]),
                       chosen=tuple([_codes(c) for c in s.chosen]),
                       passed=tuple([_codes(p) for p in s.passed]))
    if isinstance(seat, int):
        passed = s.passed
        return _public(s, make(PapayooSeatTable), hand=_codes(s.hands[seat]),
                       chosen=_codes(s.chosen[seat]), passed=_codes(passed[seat]),
                       received=_codes(passed[(seat - 1) % s.players]))
    return _public(s, make(PapayooTable))


def _public(s: PapayooFields, build: Callable[..., Any], **more: Any) -> Any:
    seats, cards, turn = s.trick_seats, s.trick_cards, s.turn
    return build(
        round=min(s.round_index + 1, s.rounds),
        rounds=s.rounds,
        dealer=s.dealer,
        pass_count=s.pass_count,
        hand_sizes=tuple(map(int.bit_count, s.hands)),
        papayoo=CODE[s.papayoo] if s.papayoo >= 0 else None,
        trick=tuple([(seats[i], CODE[c]) for i, c in enumerate(cards)]) if cards else (),
        trick_winner=seats[trick_winner(cards)] if cards else None,
        last_trick=_last_trick(s) if s.last_cards else None,
        leader=seats[0] if seats else turn,
        turn=turn if s.phase_name == PHASE_PLAY else None,
        played=_codes(s.played),
        taken_points=tuple(s.taken),
        voids=tuple([_SUITS[v] for v in s.voids]),
        round_points=s.round_points, **more)


# A trick stays the last one for a whole trick of views: built once.
_LAST_TRICKS: Memo[tuple[int, ...], LastTrick] = Memo()


def _last_trick(s: PapayooFields) -> LastTrick:
    seats, cards = s.last_seats, s.last_cards
    key = (s.papayoo, *seats, *cards)
    part = _LAST_TRICKS.get(key)
    if part is None:
        plays = tuple([(seats[i], CODE[c]) for i, c in enumerate(cards)])
        part = _LAST_TRICKS.keep(key, LastTrick(
            plays=plays, winner=seats[trick_winner(cards)],
            points=points(mask_of(cards), s.papayoo)))
    return part


def invariant_errors(s: PapayooFields) -> list[str]:
    errors = []
    if len(s.trick_seats) != len(s.trick_cards) or len(s.last_seats) != len(s.last_cards):
        errors.append("a trick's seats and cards do not pair up")
    table = sum(1 << c for c in s.trick_cards)
    if table & ~s.played:
        errors.append("a card on the table is not marked as played")
    held = 0
    for h in s.hands:
        if h & (held | s.played):
            errors.append("a card is in two hands, or in a hand and played")
        held |= h
    if s.phase_name != PHASE_OVER and (held | s.played) != deck_mask(s.players):
        errors.append("cards were lost or created")
    if s.phase_name == PHASE_PLAY:
        remaining = sum(s.taken) + points(held | table, s.papayoo)
        if remaining != ROUND_TOTAL:
            errors.append(f"round points add up to {remaining}, not {ROUND_TOTAL}")
    if any(sum(p) != ROUND_TOTAL for p in s.round_points):
        errors.append("a round's scores do not sum to 250")
    return errors
