"""Why an action is refused, in a player's words."""

from __future__ import annotations

from typing import Final

import cardroom.games.love_formula.actions as actions
from cardroom.core.errors import Reason
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

# What a pending decision asks for. Each is a Reason only to carry its key
# (the refusal's, see explain): the sentence around it names the asking card.
ASKS: Final = {
    CHOOSE_TARGET: Reason("choose_target",
                          "choose the couple it goes on ('target <seat> <couple>')"),
    CHOOSE_LOOK: Reason("choose_look",
                        "choose the opponent whose hand you look at ('look <seat>')"),
    CHOOSE_SKIP: Reason("choose_skip",
                        "choose an opponent whose turn is still to come ('skip <seat>')"),
    CHOOSE_PLACE: Reason("choose_place", "place the preparation: 'attach <couple>', 'leave' it "
                         "unattached, or discard one of two of a subtype"),
    CHOOSE_DISCARD: Reason("choose_discard",
                           "choose a card to discard from your hand (never your Part-Time Job)"),
    CHOOSE_TAKE_DISCARDED: Reason("choose_take_discarded",
                                  "choose a card to take from the discard pile ('take <card>')"),
    CHOOSE_STEAL: Reason("choose_steal", "choose a card to take from that hand ('take <card>'; "
                         "not a Part-Time Job)"),
    CHOOSE_TAKE_LOOSE: Reason("choose_take_loose", "choose an unattached preparation in an "
                              "opponent's zone ('take <card>')"),
    CHOOSE_REMOVE: Reason("choose_remove", "choose an obstacle on one of your couples to remove "
                          "('remove <card>')"),
    CHOOSE_DISCARD_ATTACHED: Reason("choose_discard_attached",
                                    "choose a preparation attached to that couple to discard"),
    CHOOSE_TAKE_ATTACHED: Reason("choose_take_attached", "choose a preparation attached to that "
                                 "couple to take into your hand"),
    CHOOSE_REDIRECT: Reason("choose_redirect",
                            "choose the attacker's couple the obstacle goes on instead"),
    CHOOSE_INTERCEPT: Reason("choose_intercept",
                             "choose your couple that takes the preparation ('attach <couple>')"),
    CHOOSE_WIPE: Reason("choose_wipe", "choose the opponent's couple whose date it wipes out "
                        "('target <seat> <couple>')"),
}
DECIDE: Final = Reason("choose_other", "decide")


def name(card: int) -> str:
    return CAT.name_en[CAT.design[card]]


def code(card: int) -> str | None:
    """The card's code for a reason's facts; None for no card (-1), where
    the sentence says "the card" or "your card"."""
    return CAT.ids[card] if card >= 0 else None


def illegal_reason(s: LoveFields, seat: int, action: int) -> str | None:
    if is_legal(s, seat, action):
        return None
    return explain(s, seat, action)


def explain(s: LoveFields, seat: int, action: int) -> Reason:
    kind = actions.kind_of(action)
    card = actions.card_arg(action)
    if s.step == DRAFT:
        if kind != actions.DRAFT:
            return Reason("drafting", "everyone is drafting: keep one card of your pack with "
                          "'draft <card>'")
        return Reason("not_in_pack", f"{name(card)} is not in the pack in front of you",
                      card=code(card))
    if s.step == SELECT:
        if kind != actions.SELECT:
            return Reason("selecting", "choose this round's card from your hand with "
                          "'select <card>'")
        if not s.hands[seat] >> card & 1:
            return Reason("not_held", f"you do not hold {name(card)}", card=code(card))
        if CAT.type[card] == REACTION:
            return Reason("reaction_not_selected", f"{name(card)} is a reaction: reactions are "
                          "never selected, you play them in answer to another player's card",
                          card=code(card))
        return Reason("cannot_select", f"{name(card)} cannot be selected now", card=code(card))
    if s.step == TURN:
        return turn_reason(s, seat, kind, action)
    if s.step == REACT:
        return react_reason(s, seat, kind, card)
    asking = s.frames[-1].card if s.frames else s.resolving
    what = name(asking) if asking >= 0 else "the card"
    ask = ASKS.get(s.choice, DECIDE)
    return Reason(ask.key, f"{what} asks you to {ask}; that is not one of the choices",
                  card=code(asking))


def turn_reason(s: LoveFields, seat: int, kind: int, action: int) -> Reason:
    card = actions.card_arg(action)
    own = s.table[seat]
    selected = name(own) if own >= 0 else "your card"
    if kind == actions.END and not s.resolved:
        return Reason("resolve_first", f"resolve {selected} first ('resolve'), then end your "
                      "turn", card=code(own))
    if kind == actions.RESOLVE and s.resolved:
        return Reason("already_resolved", "your card is resolved: 'end' your turn (or move a "
                      "preparation first)")
    if kind in (actions.MOVE, actions.DETACH):
        return move_reason(s, seat, kind, action)
    if kind == actions.DROP and card not in s.unattached[seat]:
        return Reason("drop_unattached", "only unattached preparations in your zone can be "
                      "discarded")
    text = (f"it is your turn: 'resolve' {selected}; before or after it you may move one "
            "preparation in your zone")
    if s.resolved:  # the card has left the table: "your card"
        return Reason("your_turn_resolved", text)
    return Reason("your_turn", text, card=code(own))


def move_reason(s: LoveFields, seat: int, kind: int, action: int) -> Reason:
    prep = actions.first(action) if kind == actions.MOVE else actions.card_arg(action)
    if s.moves_left <= 0:
        return Reason("no_moves_left", "you have already moved a preparation this turn")
    if CAT.type[prep] != PREP or prep not in own_preps(s, seat):
        return Reason("not_your_preparation", f"{name(prep)} is not a preparation in your zone",
                      card=code(prep))
    if kind == actions.DETACH:
        if prep not in s.attached_to:
            return Reason("not_attached", f"{name(prep)} is not attached to a couple",
                          card=code(prep))
        return Reason("unattached_subtype", f"you already have an unattached "
                      f"{CAT.subtype[prep]}: a zone holds at most one unattached preparation "
                      "of each subtype", subtype=CAT.subtype[prep])
    couple = actions.second(action)
    if couple not in s.couples[seat]:
        return Reason("not_your_couple", f"{name(couple)} is not a couple in your zone",
                      couple=code(couple))
    if static(s, couple, "lock"):
        return Reason("couple_locked", f"no preparation can be attached to {name(couple)} "
                      "while it is locked", couple=code(couple))
    if CAT.design[prep] not in CAT.requires[couple]:
        return Reason("not_needed", f"{name(couple)} does not need {name(prep)}",
                      couple=code(couple), card=code(prep))
    return Reason("already_has", f"{name(couple)} already has {name(prep)}",
                  couple=code(couple), card=code(prep))


def react_reason(s: LoveFields, seat: int, kind: int, card: int) -> Reason:
    against = name(s.resolving) if s.resolving >= 0 else "the card"
    if kind == actions.REACT:
        if not s.hands[seat] >> card & 1:
            return Reason("not_held", f"you do not hold {name(card)}", card=code(card))
        if CAT.type[card] != REACTION:
            return Reason("not_a_reaction", f"{name(card)} is not a reaction", card=code(card))
        return Reason("does_not_answer", f"{name(card)} does not answer {against} (its "
                      "condition is not met)", card=code(card), against=code(s.resolving))
    return Reason("react_or_pass", f"you may answer {against} with 'react <card>', or 'pass'",
                  against=code(s.resolving))
