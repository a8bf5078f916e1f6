"""Views (allow-lists of what a seat may know) and the state's invariants.

Public: the columns, dice, minus piles (every minus card came from a public
place), hand sizes, the draw pile's size, the cards of a revealed hand still
known to be in it, a push in progress. Private: the rest of each hand (only
its owner) and the order of the draw pile (nobody but the referee).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardroom.core.cardset import cards_of
from cardroom.core.events import Viewer
from cardroom.core.views import Maker, Memo
from cardroom.games.pile_up.cards import (
    CODE,
    EFFECT_ARM,
    FULL_MASK,
    NUMBER_MASK,
    NUMBERS,
    TYPE_CODE,
    TYPE_EFFECT,
    TYPE_MASK,
    column_cards,
    column_size,
    type_of_mask,
)
from cardroom.games.pile_up.fields import (
    PHASE_AVOID,
    PHASE_GIVE,
    PHASE_OVER,
    PHASE_PLAY,
    PHASE_PUSH,
    PHASE_TAKE,
    PileUpFields,
)
from cardroom.games.pile_up.rules import HAND_SIZE, TAKE_AT
from cardroom.games.pile_up.viewtypes import (
    Column,
    Give,
    PileUpRefereeTable,
    PileUpSeatTable,
    PileUpTable,
    Push,
)


def table_part(s: PileUpFields, seat: Viewer, make: Maker) -> Any:
    """What ``seat`` may know, built with ``make`` (views.Maker)."""
    if seat is None:
        return _public(s, make(PileUpRefereeTable),
                       hands=tuple([_codes(h) for h in s.hands]), pile=pile_codes(s))
    if isinstance(seat, int):
        return _public(s, make(PileUpSeatTable), hand=_codes(s.hands[seat]))
    return _public(s, make(PileUpTable))


def _public(s: PileUpFields, build: Callable[..., Any], **more: Any) -> Any:
    return build(
        turn=s.turn,
        dice=tuple(s.dice),
        number=s.number or None,
        placed=s.placed,
        last=TYPE_CODE[s.last] if s.last >= 0 else None,
        armed_before=s.armed_before,
        from_minus=s.from_minus,
        columns=_columns(s),
        pile_size=len(s.pile),
        hand_sizes=tuple(map(int.bit_count, s.hands)),
        known=tuple([_codes(m) for m in s.known]),
        minus=tuple([_codes(m) for m in s.minus]),
        give=Give(left=s.give_left, next=s.give_next) if s.phase_name == PHASE_GIVE else None,
        push=_push(s), **more)


def _push(s: PileUpFields) -> Push | None:
    if s.phase_name not in (PHASE_PUSH, PHASE_AVOID):
        return None
    return Push(cards=_codes(s.push_cards), number=s.push_number, from_=s.push_from,
                chooser=s.chooser, die=s.push_die or None)


# Hands, minus piles and columns change a few cards at a time and most of
# them not at all between two views: each set's codes and each column's
# part are built once (a memo by value).
_CODES: Memo[int, tuple[str, ...]] = Memo()
_COLUMNS: Memo[tuple[int, ...], Column] = Memo()


def _codes(mask: int) -> tuple[str, ...]:
    out = _CODES.get(mask)
    if out is None:
        out = _CODES.keep(mask, tuple([CODE[c] for c in cards_of(mask)]))
    return out


def pile_codes(s: PileUpFields) -> tuple[str, ...]:
    """The draw pile, top card first."""
    return tuple([CODE[c] for c in reversed(s.pile)])


def _columns(s: PileUpFields) -> tuple[Column, ...]:
    armed, kept = s.armed, _COLUMNS.get
    out = []
    for i, stacks in enumerate(s.columns):
        number = NUMBERS[i]
        on = bool(armed >> (number - 1) & 1)
        part = kept((number, on, *stacks))
        out.append(_column(number, stacks, on) if part is None else part)
    return tuple(out)


def _column(number: int, stacks: list[int], armed: bool) -> Column:
    return _COLUMNS.keep((number, armed, *stacks), Column(
        number=number,
        stacks=tuple([(TYPE_CODE[type_of_mask(st)], st.bit_count()) for st in stacks]),
        armed=armed,
        size=column_size(stacks),
    ))


def invariant_errors(s: PileUpFields) -> list[str]:
    errors = _conservation(s)
    for seat in range(s.players):
        if s.known[seat] & ~s.hands[seat]:
            errors.append(f"seat {seat} is known to hold a card it does not hold")
        if s.hands[seat].bit_count() > HAND_SIZE:
            errors.append(f"seat {seat} holds more than {HAND_SIZE} cards")
    errors += _column_errors(s)
    if s.phase_name == PHASE_OVER and (s.pile or any(s.hands)):
        errors.append("the game ended with cards still in the pile or a hand")
    if s.phase_name in (PHASE_PLAY, PHASE_GIVE, PHASE_TAKE):
        if not s.pile and not any(s.hands):
            errors.append("the pile and every hand are empty but the game goes on")
        if not (s.hands[s.turn] or s.minus[s.turn]):
            errors.append(f"seat {s.turn} is to play with no cards at all")
    if s.phase_name == PHASE_PLAY and s.placed and s.number not in s.dice:
        errors.append(f"{s.number}s are being played but no die shows {s.number}")
    if s.phase_name == PHASE_PLAY and len(set(s.dice)) == 1:
        errors.append("a triple was rolled but cards are being laid")
    return errors


def _conservation(s: PileUpFields) -> list[str]:
    """Every one of the deck's cards is in exactly one place."""
    places = [*s.hands, *s.minus, s.push_cards]
    places += [st for column in s.columns for st in column]
    places += [1 << c for c in s.pile]
    seen = 0
    overlap = False
    for mask in places:
        overlap |= bool(seen & mask)
        seen |= mask
    errors = []
    if overlap:
        errors.append("a card is in two places at once")
    if seen != FULL_MASK:
        errors.append(f"{(FULL_MASK & ~seen).bit_count()} cards are missing")
    if len(set(s.pile)) != len(s.pile):
        errors.append("a card is twice in the draw pile")
    return errors


def _column_errors(s: PileUpFields) -> list[str]:
    errors = []
    for n in NUMBERS:
        stacks = s.columns[n - 1]
        for st in stacks:
            t = type_of_mask(st)
            if st & ~TYPE_MASK[t]:
                errors.append(f"a stack in column {n} mixes different cards")
        armed = bool(s.armed >> (n - 1) & 1)
        if armed and not any(TYPE_EFFECT[type_of_mask(st)] == EFFECT_ARM for st in stacks):
            errors.append(f"column {n} is armed without its black card")
        in_play = s.phase_name == PHASE_PLAY and s.number == n
        if not in_play and not armed and len(stacks) >= TAKE_AT:
            errors.append(f"column {n} shows {len(stacks)} cards and nobody took them")
        if column_cards(stacks) & ~NUMBER_MASK[n]:
            errors.append(f"column {n} holds a card of another number")
    return errors
