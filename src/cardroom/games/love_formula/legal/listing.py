"""Every action a seat may take now, in a stable order, by step."""

from __future__ import annotations

from typing import Final

import cardroom.games.love_formula.actions as actions
from cardroom.core.cardset import cards_of
from cardroom.games.love_formula.cards.catalog import CAT
from cardroom.games.love_formula.fields import CHOICE, DRAFT, REACT, SELECT, TURN, LoveFields
from cardroom.games.love_formula.legal.choices import choice_options
from cardroom.games.love_formula.legal.placing import move_options
from cardroom.games.love_formula.legal.reactions import react_options

DRAFT_ACTION: Final = actions.DRAFT * actions.KIND
SELECT_ACTION: Final = actions.SELECT * actions.KIND


def to_act(s: LoveFields) -> list[int]:
    step = s.step
    if step in (DRAFT, SELECT):
        return s.waiting
    if step == TURN:
        return [s.actor]
    if step in (CHOICE, REACT):
        return [s.chooser]
    return []


def legal_actions(s: LoveFields, seat: int) -> list[int]:
    if seat not in to_act(s):
        return []
    step = s.step
    if step == DRAFT:
        return [DRAFT_ACTION + c for c in cards_of(s.packs[seat])]
    if step == SELECT:
        return [SELECT_ACTION + c for c in cards_of(s.hands[seat] & ~CAT.reactions)]
    if step == TURN:
        return turn_options(s)
    if step == REACT:
        return react_options(s, seat)
    return choice_options(s)


def is_legal(s: LoveFields, seat: int, action: int) -> bool:
    """Whether ``action`` is among ``legal_actions(s, seat)``; a draft pick or a
    selection is checked against the mask without listing every card."""
    step = s.step
    if step in (DRAFT, SELECT):
        if seat not in s.waiting:
            return False
        if step == DRAFT:
            card, mask = action - DRAFT_ACTION, s.packs[seat]
        else:
            card, mask = action - SELECT_ACTION, s.hands[seat] & ~CAT.reactions
        return 0 <= card < actions.ARG and bool(mask >> card & 1)
    return action in legal_actions(s, seat)


def turn_options(s: LoveFields) -> list[int]:
    """Before or after resolving: the preparation move, discarding unattached
    preparations, and resolving the card or ending the turn."""
    seat = s.actor
    opts = move_options(s, seat) if s.moves_left > 0 else []
    opts += [actions.make(actions.DROP, 0, p) for p in s.unattached[seat]]
    opts.append(actions.make(actions.END if s.resolved else actions.RESOLVE))
    return opts
