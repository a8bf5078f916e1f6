"""What the player to act may do now, and why anything else is refused."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from cardroom.core.errors import Reason
from cardroom.games.pile_up.actions import DONE, GIVE, KEEP, PLACE, PUSH, STACK, TAKE
from cardroom.games.pile_up.cards import (
    NUMBER_MASK,
    TYPE_CODE,
    TYPE_MASK,
    TYPE_NUMBER,
    types_of,
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

T = TypeVar("T")


def actor(s: PileUpFields) -> int:
    """The one seat to act (-1: the game is over): during a push, whoever
    names the next target; else the turn's player."""
    if s.phase_name in (PHASE_PUSH, PHASE_AVOID):
        return s.chooser
    return -1 if s.phase_name == PHASE_OVER else s.turn


def legal_actions(s: PileUpFields, seat: int) -> list[int]:
    if seat != actor(s):
        return []
    phase = s.phase_name
    if phase == PHASE_PLAY:
        return play_actions(s)
    if phase == PHASE_GIVE:
        return [GIVE + t for t in types_of(s.minus[seat])]
    if phase == PHASE_TAKE:
        return [TAKE + t for t in types_of(s.hands[seat])]
    targets = [PUSH + o for o in range(s.players) if o != seat]
    return [*targets, KEEP] if phase == PHASE_AVOID else targets


# ----- facts the readers of a view share -----------------------------------
def open_numbers(dice: Sequence[int], number: int) -> Sequence[int]:
    """The numbers the turn's player may lay: the one chosen by the play's
    first card (``number``; 0: none yet), else those the dice show."""
    return (number,) if number else dice


def open_mask(dice: Sequence[int], number: int) -> int:
    """Every card of the ``open_numbers``."""
    mask = 0
    for n in open_numbers(dice, number):
        mask |= NUMBER_MASK[n]
    return mask


def laying_from(from_minus: bool, hand: T, minus: T) -> T:
    """Where the turn's player lays from: the hand, or the minus cards once
    the hand is empty (D5)."""
    return minus if from_minus else hand


# ----- the player to act ---------------------------------------------------
def layable(s: PileUpFields) -> int:
    """The cards the player may lay now."""
    return _source(s) & open_mask(s.dice, s.number)


def _source(s: PileUpFields) -> int:
    return laying_from(s.from_minus, s.hands[s.turn], s.minus[s.turn])


def has_stack(s: PileUpFields, t: int) -> bool:
    # A stack holds one type only: sharing a card of type t makes it t's.
    # A plain loop: any() over a generator costs a frame on a playout's hot path.
    mask = TYPE_MASK[t]
    for st in s.columns[TYPE_NUMBER[t] - 1]:  # noqa: SIM110
        if st & mask:
            return True
    return False


def play_actions(s: PileUpFields) -> list[int]:
    types = types_of(layable(s))
    out = [PLACE + t for t in types]
    # A stack of a type lies in its number's column (rules.lay): look there only.
    out += [STACK + t for t in types if has_stack(s, t)]
    if s.placed:
        out.append(DONE)
    return out


def illegal_reason(s: PileUpFields, seat: int, action: int) -> str | None:
    phase = s.phase_name
    if phase == PHASE_PLAY:
        return play_reason(s, action)
    if phase == PHASE_GIVE:
        return give_reason(s, action)
    if phase == PHASE_TAKE:
        return take_reason(s, action)
    return push_reason(s, seat, action)


def play_reason(s: PileUpFields, action: int) -> str | None:
    if action == DONE:
        return None if s.placed else _must_lay(s)
    if not PLACE <= action < GIVE:
        if s.placed:
            return Reason("lay_or_done", "it is your turn to lay cards with 'place <card>' or "
                          "'stack <card>', or end your play with 'done'")
        return Reason("lay_cards", "it is your turn to lay cards with 'place <card>' or "
                      "'stack <card>'")
    t = action - STACK if action >= STACK else action - PLACE
    code, number = TYPE_CODE[t], TYPE_NUMBER[t]
    if not _held(s, t):
        if s.from_minus:
            return Reason("hand_empty_minus_not_held",
                          f"your hand is empty and you have no {code} among your minus cards",
                          card=code)
        return Reason("not_held", f"you do not hold {code}", card=code)
    if number not in open_numbers(s.dice, s.number):
        if s.placed:
            return Reason("same_number", f"you are playing {s.number}s this turn: only more "
                          f"{s.number}s may follow, or end your play with 'done'",
                          number=s.number)
        return Reason("not_on_dice", f"the dice show {_dice_words(s.dice)}: lay a card of one "
                      "of those numbers", dice=list(s.dice))
    if action >= STACK and not has_stack(s, t):
        return Reason("no_stack", f"there is no {code} showing in column {number} to stack it "
                      f"on; 'place {code}' lays it as a new card", card=code, column=number)
    return None


def _held(s: PileUpFields, t: int) -> int:
    return _source(s) & TYPE_MASK[t]


def _must_lay(s: PileUpFields) -> str:
    if s.from_minus:
        return Reason("must_lay_minus", "your hand is empty, so you must lay one of your minus "
                      "cards on a number the dice show (D5): there is no passing")
    return Reason("must_lay", "you have not laid a card yet: lay at least one card of a number "
                  "the dice show")


def _dice_words(dice: list[int]) -> str:
    faces = [str(d) for d in dice]
    return ", ".join(faces[:-1]) + " and " + faces[-1]


def give_reason(s: PileUpFields, action: int) -> str | None:
    if not GIVE <= action < TAKE:
        return Reason("give_minus", f"you rolled a triple: give away your minus cards with "
                      f"'give <card>' ({s.give_left} to go, the next one to seat "
                      f"{s.give_next})", n=s.give_left, to=s.give_next)
    t = action - GIVE
    if not s.minus[s.turn] & TYPE_MASK[t]:
        return Reason("minus_not_held", f"you have no {TYPE_CODE[t]} among your minus cards",
                      card=TYPE_CODE[t])
    return None


def take_reason(s: PileUpFields, action: int) -> str | None:
    if not TAKE <= action < PUSH:
        return Reason("take_one", "none of your cards matches the dice: take one card of "
                      "your hand as a minus card with 'take <card>'")
    t = action - TAKE
    if not _held(s, t):
        return Reason("not_held", f"you do not hold {TYPE_CODE[t]}", card=TYPE_CODE[t])
    return None


def push_reason(s: PileUpFields, seat: int, action: int) -> str | None:
    count = s.push_cards.bit_count()
    cards = f"{count} card{'s' if count != 1 else ''}"
    if action == KEEP and s.phase_name == PHASE_AVOID:
        return None
    if not PUSH <= action < KEEP:
        if s.phase_name == PHASE_PUSH:
            return Reason("push_white", f"your white card pushes column {s.push_number}: "
                          f"choose who gets the {cards} with 'push <seat>'",
                          column=s.push_number, n=count)
        return Reason("push_or_keep", f"you rolled a {s.push_number}: pass the {cards} on with "
                      "'push <seat>' or keep them with 'keep'", number=s.push_number, n=count)
    target = action - PUSH
    if target == seat:
        return Reason("push_self", "you cannot push the cards onto yourself: name another player")
    if target >= s.players:
        return Reason("no_seat", f"there is no seat {target} in a {s.players}-player game",
                      seat=target, players=s.players)
    return None
