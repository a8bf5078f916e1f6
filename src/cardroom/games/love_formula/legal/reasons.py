"""Why an action is refused, in a player's words."""

from __future__ import annotations

from typing import Final

import cardroom.games.love_formula.actions as actions
from cardroom.games.love_formula.cards.catalog import CAT, PREP, REACTION
from cardroom.games.love_formula.fields import (
    CHOOSE_DISCARD,
    CHOOSE_DISCARD_ATTACHED,
    CHOOSE_INTERCEPT,
    CHOOSE_LOOK,
    CHOOSE_PLACE,
    CHOOSE_REDIRECT,
    CHOOSE_REMOVE,
    CHOOSE_SKIP,
    CHOOSE_STEAL,
    CHOOSE_TAKE_ATTACHED,
    CHOOSE_TAKE_DISCARDED,
    CHOOSE_TAKE_LOOSE,
    CHOOSE_TARGET,
    CHOOSE_WIPE,
    DRAFT,
    REACT,
    SELECT,
    TURN,
    LoveFields,
)
from cardroom.games.love_formula.legal.listing import is_legal
from cardroom.games.love_formula.legal.placing import own_preps
from cardroom.games.love_formula.scoring import static

ASKS: Final = {
    CHOOSE_TARGET: "choose the couple it goes on ('target <seat> <couple>')",
    CHOOSE_LOOK: "choose the opponent whose hand you look at ('look <seat>')",
    CHOOSE_SKIP: "choose an opponent whose turn is still to come ('skip <seat>')",
    CHOOSE_PLACE: "place the preparation: 'attach <couple>', 'leave' it unattached, "
             "or discard one of two of a subtype",
    CHOOSE_DISCARD: "choose a card to discard from your hand (never your Part-Time Job)",
    CHOOSE_TAKE_DISCARDED: "choose a card to take from the discard pile ('take <card>')",
    CHOOSE_STEAL: "choose a card to take from that hand ('take <card>'; not a Part-Time Job)",
    CHOOSE_TAKE_LOOSE: "choose an unattached preparation in an opponent's zone ('take <card>')",
    CHOOSE_REMOVE: "choose an obstacle on one of your couples to remove ('remove <card>')",
    CHOOSE_DISCARD_ATTACHED: "choose a preparation attached to that couple to discard",
    CHOOSE_TAKE_ATTACHED: "choose a preparation attached to that couple to take into your hand",
    CHOOSE_REDIRECT: "choose the attacker's couple the obstacle goes on instead",
    CHOOSE_INTERCEPT: "choose your couple that takes the preparation ('attach <couple>')",
    CHOOSE_WIPE: "choose the opponent's couple whose date it wipes out ('target <seat> <couple>')",
}


def name(card: int) -> str:
    return CAT.name_en[CAT.design[card]]


def illegal_reason(s: LoveFields, seat: int, action: int) -> str | None:
    if is_legal(s, seat, action):
        return None
    return explain(s, seat, action)


def explain(s: LoveFields, seat: int, action: int) -> str:
    kind = actions.kind_of(action)
    card = actions.card_arg(action)
    if s.step == DRAFT:
        if kind != actions.DRAFT:
            return "everyone is drafting: keep one card of your pack with 'draft <card>'"
        return f"{name(card)} is not in the pack in front of you"
    if s.step == SELECT:
        if kind != actions.SELECT:
            return "choose this round's card from your hand with 'select <card>'"
        if not s.hands[seat] >> card & 1:
            return f"you do not hold {name(card)}"
        if CAT.type[card] == REACTION:
            return (f"{name(card)} is a reaction: reactions are never selected, you play "
                    "them in answer to another player's card")
        return f"{name(card)} cannot be selected now"
    if s.step == TURN:
        return turn_reason(s, seat, kind, action)
    if s.step == REACT:
        return react_reason(s, seat, kind, card)
    what = (name(s.frames[-1].card) if s.frames
            else name(s.resolving) if s.resolving >= 0 else "the card")
    return f"{what} asks you to {ASKS.get(s.choice, 'decide')}; that is not one of the choices"


def turn_reason(s: LoveFields, seat: int, kind: int, action: int) -> str:
    card = actions.card_arg(action)
    selected = name(s.table[seat]) if s.table[seat] >= 0 else "your card"
    if kind == actions.END and not s.resolved:
        return f"resolve {selected} first ('resolve'), then end your turn"
    if kind == actions.RESOLVE and s.resolved:
        return "your card is resolved: 'end' your turn (or move a preparation first)"
    if kind in (actions.MOVE, actions.DETACH):
        return move_reason(s, seat, kind, action)
    if kind == actions.DROP and card not in s.unattached[seat]:
        return "only unattached preparations in your zone can be discarded"
    return (f"it is your turn: 'resolve' {selected}; before or after it you may move one "
            "preparation in your zone")


def move_reason(s: LoveFields, seat: int, kind: int, action: int) -> str:
    prep = actions.first(action) if kind == actions.MOVE else actions.card_arg(action)
    if s.moves_left <= 0:
        return "you have already moved a preparation this turn"
    if CAT.type[prep] != PREP or prep not in own_preps(s, seat):
        return f"{name(prep)} is not a preparation in your zone"
    if kind == actions.DETACH:
        if prep not in s.attached_to:
            return f"{name(prep)} is not attached to a couple"
        return (f"you already have an unattached {CAT.subtype[prep]}: a zone holds at most "
                "one unattached preparation of each subtype")
    couple = actions.second(action)
    if couple not in s.couples[seat]:
        return f"{name(couple)} is not a couple in your zone"
    if static(s, couple, "lock"):
        return f"no preparation can be attached to {name(couple)} while it is locked"
    if CAT.design[prep] not in CAT.requires[couple]:
        return f"{name(couple)} does not need {name(prep)}"
    return f"{name(couple)} already has {name(prep)}"


def react_reason(s: LoveFields, seat: int, kind: int, card: int) -> str:
    against = name(s.resolving) if s.resolving >= 0 else "the card"
    if kind == actions.REACT:
        if not s.hands[seat] >> card & 1:
            return f"you do not hold {name(card)}"
        if CAT.type[card] != REACTION:
            return f"{name(card)} is not a reaction"
        return f"{name(card)} does not answer {against} (its condition is not met)"
    return f"you may answer {against} with 'react <card>', or 'pass'"
