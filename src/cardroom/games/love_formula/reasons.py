"""Why an action is refused, in a player's words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardroom.games.love_formula import actions as A
from cardroom.games.love_formula import zones as Z
from cardroom.games.love_formula.cards import CAT, PREP, REACTION
from cardroom.games.love_formula.steps import (
    C_DISCARD,
    C_DISCARD_ATT,
    C_INTERCEPT,
    C_LOOK,
    C_PLACE,
    C_REDIRECT,
    C_REMOVE,
    C_SKIP,
    C_STEAL,
    C_TAKE_ATT,
    C_TAKE_DISCARDED,
    C_TAKE_LOOSE,
    C_TARGET,
    C_WIPE,
    DRAFT,
    REACT,
    SELECT,
    TURN,
)

if TYPE_CHECKING:
    from cardroom.games.love_formula.state import LoveState

ASKS = {
    C_TARGET: "choose the couple it goes on ('target <seat> <couple>')",
    C_LOOK: "choose the opponent whose hand you look at ('look <seat>')",
    C_SKIP: "choose an opponent whose turn is still to come ('skip <seat>')",
    C_PLACE: "place the preparation: 'attach <couple>', 'leave' it unattached, "
             "or discard one of two of a subtype",
    C_DISCARD: "choose a card to discard from your hand (never your Part-Time Job)",
    C_TAKE_DISCARDED: "choose a card to take from the discard pile ('take <card>')",
    C_STEAL: "choose a card to take from that hand ('take <card>'; not a Part-Time Job)",
    C_TAKE_LOOSE: "choose an unattached preparation in an opponent's zone ('take <card>')",
    C_REMOVE: "choose an obstacle on one of your couples to remove ('remove <card>')",
    C_DISCARD_ATT: "choose a preparation attached to that couple to discard",
    C_TAKE_ATT: "choose a preparation attached to that couple to take into your hand",
    C_REDIRECT: "choose the attacker's couple the obstacle goes on instead",
    C_INTERCEPT: "choose your couple that takes the preparation ('attach <couple>')",
    C_WIPE: "choose the opponent's couple whose date it wipes out ('target <seat> <couple>')",
}


def name(card: int) -> str:
    return CAT.name_en[CAT.design[card]]


def explain(s: LoveState, seat: int, action: int) -> str:
    kind = A.kind_of(action)
    card = A.card_arg(action)
    if s.step == DRAFT:
        if kind != A.DRAFT:
            return "everyone is drafting: keep one card of your pack with 'draft <card>'"
        return f"{name(card)} is not in the pack in front of you"
    if s.step == SELECT:
        if kind != A.SELECT:
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
    what = name(s.frames[-1][0]) if s.frames else name(s.card) if s.card >= 0 else "the card"
    return f"{what} asks you to {ASKS.get(s.choice, 'decide')}; that is not one of the choices"


def turn_reason(s: LoveState, seat: int, kind: int, action: int) -> str:
    card = A.card_arg(action)
    selected = name(s.table[seat]) if s.table[seat] >= 0 else "your card"
    if kind == A.END and not s.resolved:
        return f"resolve {selected} first ('resolve'), then end your turn"
    if kind == A.RESOLVE and s.resolved:
        return "your card is resolved: 'end' your turn (or move a preparation first)"
    if kind in (A.MOVE, A.DETACH):
        return move_reason(s, seat, kind, action)
    if kind == A.DROP and card not in s.loose[seat]:
        return "only unattached preparations in your zone can be discarded"
    return (f"it is your turn: 'resolve' {selected}; before or after it you may move one "
            "preparation in your zone")


def move_reason(s: LoveState, seat: int, kind: int, action: int) -> str:
    prep = A.first(action) if kind == A.MOVE else A.card_arg(action)
    if s.moves <= 0:
        return "you have already moved a preparation this turn"
    if CAT.type[prep] != PREP or prep not in Z.own_preps(s, seat):
        return f"{name(prep)} is not a preparation in your zone"
    if kind == A.DETACH:
        if prep not in s.host:
            return f"{name(prep)} is not attached to a couple"
        return (f"you already have an unattached {CAT.subtype[prep]}: a zone holds at most "
                "one unattached preparation of each subtype")
    couple = A.second(action)
    if couple not in s.couples[seat]:
        return f"{name(couple)} is not a couple in your zone"
    if Z.static(s, couple, "lock"):
        return f"no preparation can be attached to {name(couple)} while it is locked"
    if CAT.design[prep] not in CAT.requires[couple]:
        return f"{name(couple)} does not need {name(prep)}"
    return f"{name(couple)} already has {name(prep)}"


def react_reason(s: LoveState, seat: int, kind: int, card: int) -> str:
    against = name(s.card) if s.card >= 0 else "the card"
    if kind == A.REACT:
        if not s.hands[seat] >> card & 1:
            return f"you do not hold {name(card)}"
        if CAT.type[card] != REACTION:
            return f"{name(card)} is not a reaction"
        return f"{name(card)} does not answer {against} (its condition is not met)"
    return f"you may answer {against} with 'react <card>', or 'pass'"
