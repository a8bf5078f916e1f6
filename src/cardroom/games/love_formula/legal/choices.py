"""What the chooser may choose for the decision a card asks for."""

from __future__ import annotations

from typing import Final

import cardroom.games.love_formula.actions as actions
from cardroom.core.cardset import cards_of
from cardroom.games.love_formula.cards.catalog import CAT
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
    NO_CHOICE,
    LoveFields,
)
from cardroom.games.love_formula.legal.placing import needs, place_options, targets
from cardroom.games.love_formula.scoring import obstacles_on, preps_on, static

TYPE_NAMES: Final = ("preparation", "couple", "obstacle", "connection", "action", "reaction")


def choice_options(s: LoveFields) -> list[int]:
    """Every action the current chooser may take for the pending choice."""
    choice = s.choice
    if choice == CHOOSE_TARGET:
        return targets(s, s.actor, s.resolving)
    if choice == CHOOSE_LOOK:
        return [actions.make(actions.LOOK, 0, o) for o in range(s.players) if o != s.actor]
    if choice == CHOOSE_SKIP:
        return [actions.make(actions.SKIP, 0, o) for o in s.order[s.turn_pos + 1:]
                if s.table[o] >= 0]
    if choice == NO_CHOICE or not s.frames:
        return []
    return frame_options(s, choice)


def frame_options(s: LoveFields, choice: int) -> list[int]:
    """The options of a decision asked by an op of the innermost frame."""
    frame = s.frames[-1]
    player = frame.player
    make = actions.make
    if choice == CHOOSE_PLACE:
        return [] if frame.subject < 0 else place_options(s, player, frame.subject)
    if choice == CHOOSE_DISCARD:
        return [make(actions.DISCARD, 0, c) for c in cards_of(s.hands[s.chooser] & ~CAT.jobs)]
    if choice == CHOOSE_TAKE_DISCARDED:
        wanted = CAT.programs[frame.program][frame.index].card_type
        return [make(actions.TAKE, 0, c) for c in sorted(s.discard)
                if not wanted or TYPE_NAMES[CAT.type[c]] == wanted]
    if choice == CHOOSE_STEAL:
        return [make(actions.TAKE, 0, c) for c in cards_of(s.hands[s.target_seat] & ~CAT.jobs)]
    if choice == CHOOSE_TAKE_LOOSE:
        return [make(actions.TAKE, 0, c) for o in range(s.players) if o != player
                for c in s.unattached[o]]
    if choice == CHOOSE_REMOVE:
        scope = CAT.programs[frame.program][frame.index].scope
        couples = [s.target_couple] if scope == "this_couple" else s.couples[player]
        return [make(actions.REMOVE, 0, o) for couple in couples for o in obstacles_on(s, couple)]
    if choice in (CHOOSE_DISCARD_ATTACHED, CHOOSE_TAKE_ATTACHED):
        verb = actions.DISCARD if choice == CHOOSE_DISCARD_ATTACHED else actions.TAKE
        return [make(verb, 0, p) for p in preps_on(s, s.target_couple)]
    if choice == CHOOSE_REDIRECT:
        return [make(actions.TARGET, s.actor, c) for c in s.couples[s.actor]
                if not static(s, c, "protect")]
    if choice == CHOOSE_INTERCEPT:
        return [make(actions.ATTACH, 0, c) for c in s.couples[player] if needs(s, c, s.resolving)]
    if choice == CHOOSE_WIPE:  # R24: any opponent's couple with a preparation on it
        return [make(actions.TARGET, o, c) for o in range(s.players) if o != player
                for c in s.couples[o] if preps_on(s, c)]
    return []
