"""A card's effect carried out: its ops run one at a time in a frame; an op
that needs a decision asks for it and waits. ``step_frames`` runs one op per
call so that the state can be cloned and viewed between any two decisions.
Changes the frames (pushed, advanced, popped), besides the cards' own frames
pushed by ``resolution`` and ``expansions.chance``."""

from __future__ import annotations

from typing import Final

from cardroom.core.cardset import cards_of
from cardroom.games.love_formula.cards.catalog import CAT, CHANCE, CONNECTION, OBSTACLE
from cardroom.games.love_formula.cards.vocabulary import TABLE_WIDE, Op
from cardroom.games.love_formula.expansions import chance, goals
from cardroom.games.love_formula.fields import (
    CHANCE_FRAME,
    CHOICE,
    CHOOSE_DISCARD,
    CHOOSE_DISCARD_ATTACHED,
    CHOOSE_INTERCEPT,
    CHOOSE_PLACE,
    CHOOSE_REDIRECT,
    CHOOSE_REMOVE,
    CHOOSE_STEAL,
    CHOOSE_TAKE_ATTACHED,
    CHOOSE_TAKE_DISCARDED,
    CHOOSE_TAKE_LOOSE,
    CHOOSE_WIPE,
    FINISH,
    MAIN_FRAME,
    NESTED_FRAME,
    OBSTACLES_PLAYED,
    REACTION_FRAME,
    Frame,
    LoveFields,
)
from cardroom.games.love_formula.rules import flow, knowledge, piles, resolution, zones
from cardroom.games.love_formula.scoring import obstacles_on, owner_of, static

ids = CAT.ids

# What starting an op reports.
DONE: Final = 0
WAIT: Final = 1
STOP: Final = 2
PUSHED: Final = 3


# ----- frames -----------------------------------------------------------------------------
def step_frames(s: LoveFields) -> None:
    frame = s.frames[-1]
    program = CAT.programs[frame.program]
    if frame.index >= len(program):
        s.frames.pop()
        if frame.kind == MAIN_FRAME:
            s.step = FINISH
        elif frame.kind == REACTION_FRAME:
            resolution.reaction_done(s)
        elif frame.kind == CHANCE_FRAME and not s.frames:
            flow.open_select(s)  # the chance card is carried out: the round's selection
        return
    result = start_op(s, frame, program[frame.index])
    if result == DONE:
        frame.index += 1
    elif result == STOP:
        frame.index = len(program)
    elif result == WAIT:
        s.step = CHOICE


def otherwise(s: LoveFields, frame: Frame, op: Op) -> int:
    """An op found nothing to act on: run its ``else`` ops instead, if any."""
    if op.else_program < 0:
        return DONE
    frame.index += 1
    s.frames.append(Frame(frame.card, frame.player, op.else_program, -1, NESTED_FRAME))
    return PUSHED


def start_op(s: LoveFields, frame: Frame, op: Op) -> int:
    player = frame.player
    name = op.name
    if name in TABLE_WIDE and player != s.revealer:
        return DONE  # R14: an effect on the table happens once, not once per player
    if name not in CHOOSING:
        return AUTOMATIC[name](s, frame, op)
    chooser = player
    if name == "discard":
        chooser = player if op.who == "you" else s.target_seat
        if frame.count < 0:
            frame.count = op.n
    elif name == "steal_hand":
        look_at_hand(s, player, s.target_seat)
    elif name == "redirect":
        chooser = s.actor  # the attacker picks which of their couples takes it
    elif name == "remove_obstacle" and op.every:
        couples = [s.target_couple] if op.scope == "this_couple" else s.couples[player]
        for couple in couples:
            remove_all(s, couple)
        return DONE
    if resolution.ask(s, CHOOSING[name], chooser):
        return WAIT
    frame.count = -1
    if name == "redirect":  # no couple of the attacker to send it to: discarded
        resolution.cancel(s, player)
    return otherwise(s, frame, op)


CHOOSING: Final = {"place": CHOOSE_PLACE, "discard": CHOOSE_DISCARD,
            "take_discarded": CHOOSE_TAKE_DISCARDED, "steal_hand": CHOOSE_STEAL,
            "take_loose": CHOOSE_TAKE_LOOSE, "remove_obstacle": CHOOSE_REMOVE,
            "discard_attached": CHOOSE_DISCARD_ATTACHED, "take_attached": CHOOSE_TAKE_ATTACHED,
            "redirect": CHOOSE_REDIRECT, "intercept": CHOOSE_INTERCEPT, "wipe_date": CHOOSE_WIPE}


def look_at_hand(s: LoveFields, seat: int, target: int) -> None:
    knowledge.looked(s, seat, target)
    if s.record_events:
        s.log.append({"type": "look", "seat": seat, "target": target})
        s.log.append({"type": "seen", "seat": seat, "target": target, "to": [seat],
                      "cards": [ids[c] for c in cards_of(s.hands[target])]})


def remove_all(s: LoveFields, couple: int) -> None:
    for card in obstacles_on(s, couple):
        zones.remove_obstacle(s, card)


# ----- ops that need no decision ----------------------------------------------------------
def op_enter(s: LoveFields, frame: Frame, op: Op) -> int:
    couple, seat = frame.card, frame.player
    flow.leave_table(s, s.actor)
    zones.enter_couple(s, seat, couple)
    s.goal_changes += 1
    if s.record_events:
        s.log.append({"type": "couple", "seat": seat, "card": ids[couple]})
    return DONE


def op_attach(s: LoveFields, frame: Frame, op: Op) -> int:
    card, seat, couple = frame.card, frame.player, s.target_couple
    flow.leave_table(s, s.actor)
    owner = owner_of(s, couple)
    if CAT.type[card] == CONNECTION:
        fine = owner == seat
    else:
        fine = owner >= 0 and owner != seat and not static(s, couple, "protect")
    if not fine:
        piles.discard(s, card)
        if s.record_events:
            s.log.append({"type": "no_target", "seat": seat, "card": ids[card]})
        return STOP
    zones.attach_played(s, card, couple, seat)
    if CAT.type[card] == OBSTACLE:  # R26: sent back by a Wingman, it counts as its player's
        goals.count(s, seat, OBSTACLES_PLAYED)
    s.goal_changes += 1
    if s.record_events:
        s.log.append({"type": "attach", "seat": seat, "card": ids[card], "owner": owner,
                      "couple": ids[couple], "hearts": CAT.hearts[card]})
    return DONE


def op_draw(s: LoveFields, frame: Frame, op: Op) -> int:
    piles.draw(s, frame.player, op.n)
    return DONE


def op_extra_move(s: LoveFields, frame: Frame, op: Op) -> int:
    if CAT.type[frame.card] == CHANCE:
        chance.extra_moves(s, frame.player, op.n)  # on the player's turn this round
    else:
        flow.add_moves(s, frame.player, op.n)
    return DONE


def op_skip_turn(s: LoveFields, frame: Frame, op: Op) -> int:
    seat = s.target_seat
    if s.table[seat] >= 0 and s.order.index(seat) > s.turn_pos:
        flow.skip_turn(s, seat)
    return DONE


def op_cancel(s: LoveFields, frame: Frame, op: Op) -> int:
    resolution.cancel(s, frame.player)
    return DONE


# ----- ops only chance cards use ----------------------------------------------------------
def op_score_vp(s: LoveFields, frame: Frame, op: Op) -> int:
    chance.score_vp(s, frame.player, op.n)
    return DONE


def op_remove_hearts(s: LoveFields, frame: Frame, op: Op) -> int:
    """Every card with heart tokens loses ``n``, as at the end of a round: a card
    left with none is discarded and its expiry effect happens."""
    s.goal_changes += 1
    if s.record_events:
        s.log.append({"type": "hearts", "change": -op.n})
    for _ in range(op.n):
        zones.tick_hearts(s)
    return DONE


def op_add_hearts(s: LoveFields, frame: Frame, op: Op) -> int:
    zones.add_hearts(s, op.n)
    return DONE


def op_round_rule(s: LoveFields, frame: Frame, op: Op) -> int:
    chance.add_round_rule(s, op.rule)
    return DONE


AUTOMATIC: Final = {"enter": op_enter, "attach": op_attach, "draw": op_draw,
             "extra_move": op_extra_move, "skip_turn": op_skip_turn, "cancel": op_cancel,
             "score_vp": op_score_vp, "remove_hearts": op_remove_hearts,
             "add_hearts": op_add_hearts, "round_rule": op_round_rule}
