"""What each viewer may know of a Papayoo table, and the invariants."""

from __future__ import annotations

from typing import Any, TypeVar

from cardroom.core.cardset import mask_of
from cardroom.core.events import Viewer
from cardroom.games.papayoo.cards import (
    CODE,
    ROUND_TOTAL,
    SUIT_LETTERS,
    codes,
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

P = TypeVar("P", bound=PapayooTable)

def table_view(s: PapayooFields, seat: Viewer) -> PapayooTable:
    if seat is None:
        return _public(s, PapayooRefereeTable,
                       hands=tuple([tuple(codes(h)) for h in s.hands]),
                       chosen=tuple([tuple(codes(c)) for c in s.chosen]),
                       passed=tuple([tuple(codes(p)) for p in s.passed]))
    if isinstance(seat, int):
        right = (seat - 1) % s.players
        return _public(s, PapayooSeatTable, hand=tuple(codes(s.hands[seat])),
                       chosen=tuple(codes(s.chosen[seat])), passed=tuple(codes(s.passed[seat])),
                       received=tuple(codes(s.passed[right])))
    return _public(s, PapayooTable)

def _public(s: PapayooFields, part: type[P], **more: Any) -> P:
    trick = tuple([(st, CODE[c]) for st, c in zip(s.trick_seats, s.trick_cards, strict=True)])
    return part(
        round=min(s.round_index + 1, s.rounds),
        rounds=s.rounds,
        dealer=s.dealer,
        pass_count=s.pass_count,
        hand_sizes=tuple([h.bit_count() for h in s.hands]),
        papayoo=CODE[s.papayoo] if s.papayoo >= 0 else None,
        trick=trick,
        trick_winner=s.trick_seats[trick_winner(s.trick_cards)] if s.trick_cards else None,
        last_trick=_last_trick(s),
        leader=s.trick_seats[0] if s.trick_seats else s.turn,
        turn=s.turn if s.phase_name == PHASE_PLAY else None,
        played=tuple(codes(s.played)),
        taken_points=tuple(s.taken),
        voids=tuple([_suits(v) for v in s.voids]),
        round_points=tuple([tuple(p) for p in s.round_points]), **more)


def _suits(voids: int) -> tuple[str, ...]:
    return tuple([SUIT_LETTERS[x] for x in range(5) if voids >> x & 1])


def _last_trick(s: PapayooFields) -> LastTrick | None:
    if not s.last_cards:
        return None
    plays = tuple([(st, CODE[c]) for st, c in zip(s.last_seats, s.last_cards, strict=True)])
    return LastTrick(plays=plays, winner=s.last_seats[trick_winner(s.last_cards)],
                     points=points(mask_of(s.last_cards), s.papayoo))


def invariant_errors(s: PapayooFields) -> list[str]:
    errors = []
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
