"""When a reaction may be played.

A seat is asked in the reaction window when its condition is met for some
reaction card that is not publicly gone (in the discard pile) and it holds a
card besides its Part-Time Job: both are public facts, so being asked says
nothing about the seat's hand. It may then decline (``pass``) even when it
holds nothing that answers.
"""

from __future__ import annotations

from typing import Final

import cardroom.games.love_formula.actions as actions
from cardroom.core.cardset import cards_of, mask_of
from cardroom.games.love_formula.cards.catalog import (
    ACTION,
    CAT,
    CONNECTION,
    COUPLE,
    OBSTACLE,
    PREP,
    REACTION,
)
from cardroom.games.love_formula.fields import NO_REACTIONS, LoveFields
from cardroom.games.love_formula.legal.placing import needs

REACTION_DESIGNS: Final = [cards for cards in CAT.copies if CAT.type[cards[0]] == REACTION]
# Each reaction design's copies as one mask, beside the copy its trigger is read from.
REACTION_MASKS: Final = [(mask_of(cards), cards[0]) for cards in REACTION_DESIGNS]
TRIGGER_TYPES: Final = {"obstacle": OBSTACLE, "action": ACTION, "preparation": PREP,
                 "couple": COUPLE, "connection": CONNECTION, "part-time-job": ACTION}


def answers(kind: str, card: int) -> bool:
    """Whether a card is of a trigger's card type ('action' leaves out the jobs)."""
    if CAT.type[card] != TRIGGER_TYPES[kind]:
        return False
    if kind in ("action", "part-time-job"):
        return bool(CAT.jobs >> card & 1) == (kind == "part-time-job")
    return True


def trigger_met(s: LoveFields, reaction: int, seat: int) -> bool:
    """Whether ``seat`` may answer the card being resolved with ``reaction``."""
    if seat == s.actor or s.resolving < 0:
        return False
    trigger = CAT.trigger[reaction]
    card = s.resolving
    if not any(answers(kind, card) for kind in trigger["card"]):
        return False
    if trigger.get("target") == "your_couple" and s.target_seat != seat:
        return False
    return trigger.get("needed_by") != "your_couple" or any(
        needs(s, c, card) for c in s.couples[seat])


def could_react(s: LoveFields, seat: int) -> bool:
    if s.round_rules & NO_REACTIONS:  # a chance card forbids reactions this round
        return False
    job_in_hand = s.table[seat] != s.jobs[seat]
    if s.hands[seat].bit_count() - job_in_hand <= 0:
        return False
    gone = -1  # the discard pile's mask, read once a trigger is met
    for copies, first in answering(s.resolving):
        if trigger_met(s, first, seat):
            if gone < 0:
                gone = mask_of(s.discard)
            if copies & ~gone:  # a design answers unless every copy is discarded
                return True
    return False


_ANSWERING: Final[dict[int, list[tuple[int, int]]]] = {}


def answering(card: int) -> list[tuple[int, int]]:
    """The reaction designs (copies mask, first copy) whose trigger names the
    type of ``card`` (the rest of trigger_met is left to ask), memoized: only
    the static card data decides it."""
    found = _ANSWERING.get(card)
    if found is None:
        found = _ANSWERING[card] = [
            (copies, first) for copies, first in REACTION_MASKS
            if card >= 0 and any(answers(kind, card) for kind in CAT.trigger[first]["card"])]
    return found


def react_options(s: LoveFields, seat: int) -> list[int]:
    held = [r for r in cards_of(s.hands[seat] & CAT.reactions) if trigger_met(s, r, seat)]
    return [actions.make(actions.REACT, 0, r) for r in held] + [actions.make(actions.PASS)]
