"""The contract's transitions: set-up, the phase, applying a checked action,
and ``advance``, which runs every step that needs no decision, so that
between two actions the state always waits for one."""

from __future__ import annotations

import cardroom.games.love_formula.actions as actions
from cardroom.games.love_formula.cards.config import game_config
from cardroom.games.love_formula.expansions import chance, goals
from cardroom.games.love_formula.fields import (
    CHOICE,
    DRAFT,
    FINISH,
    FRAMES,
    OVER,
    REACT,
    SELECT,
    TARGETING,
    TURN,
    WINDOW,
    LoveFields,
)
from cardroom.games.love_formula.legal.choices import choice_options
from cardroom.games.love_formula.legal.listing import turn_options
from cardroom.games.love_formula.rules import (
    choices,
    effects,
    flow,
    knowledge,
    resolution,
    zones,
)


def setup(s: LoveFields) -> None:
    """Every field from the options, the deal (``flow.setup``), then the steps
    that need no decision."""
    s.config = game_config(s.options, s.players)
    s.goal_changes = s.goal_checked = 0
    chance.clear(s)
    goals.clear(s)
    flow.clear(s)
    zones.clear(s)
    resolution.clear(s)
    knowledge.clear(s)
    flow.setup(s)
    advance(s)


def is_over(s: LoveFields) -> bool:
    return s.step == OVER


def phase(s: LoveFields) -> str:
    if s.step == OVER:
        return "over"
    return f"{'draft' if s.step == DRAFT else 'play'}-{s.stage}"


def apply(s: LoveFields, seat: int, action: int) -> None:
    kind, card = actions.kind_of(action), actions.card_arg(action)
    step = s.step
    if step == DRAFT:
        flow.draft(s, seat, card)
    elif step == SELECT:
        flow.select(s, seat, card)
    elif step == TURN:
        turn_action(s, kind, action)
    elif step == REACT:
        if kind == actions.REACT:
            resolution.react(s, seat, card)
        else:
            resolution.decline(s, seat)
    else:
        choices.apply_choice(s, action)
    advance(s)


def turn_action(s: LoveFields, kind: int, action: int) -> None:
    seat = s.actor
    if kind == actions.RESOLVE:
        resolution.start_resolution(s)
    elif kind == actions.END:
        flow.next_turn(s)
    elif kind == actions.DROP:
        flow.drop(s, seat, actions.card_arg(action))
    elif kind == actions.MOVE:
        flow.move(s, seat, actions.first(action), actions.second(action))
    else:
        flow.move(s, seat, actions.card_arg(action), -1)


def advance(s: LoveFields) -> None:
    """Carry out every step that needs no decision."""
    # R18: First goals are won at once, so they are checked after any event
    # that may change a measure (and not again until the next such event).
    checked = s.goal_checked if s.config.goals else 1 << 62
    while True:
        if s.goal_changes > checked:
            checked = s.goal_changes
            if goals.check_first(s):
                s.goal_checked = checked
        step = s.step
        if step == TURN:
            if len(turn_options(s)) > 1:
                return
            if s.resolved:
                flow.next_turn(s)
            else:
                resolution.start_resolution(s)
        elif step == TARGETING:
            resolution.targeting(s)
        elif step == WINDOW:
            resolution.window(s)
        elif step == FRAMES:
            effects.step_frames(s)
        elif step == FINISH:
            resolution.finish_card(s)
        elif step == CHOICE and len(options := choice_options(s)) == 1:
            choices.apply_choice(s, options[0])
        else:
            return
