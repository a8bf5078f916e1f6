"""Resolving a card: its target, the reaction window (D4), then its ops.

A card's ops run in a frame; an op that needs a decision sets a choice and
waits. ``step_frames`` runs one op at a time so that the state can be cloned
and viewed between any two decisions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardroom.games.love_formula import chanceops
from cardroom.games.love_formula import flow as F
from cardroom.games.love_formula import knowledge as K
from cardroom.games.love_formula import zones as Z
from cardroom.games.love_formula.cards import CAT, CONNECTION, OBSTACLE, PREP
from cardroom.games.love_formula.cards import CHANCE as CHANCE_CARD
from cardroom.games.love_formula.choices import options
from cardroom.games.love_formula.effects import TABLE_WIDE, Op
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
    CHANCE,
    CHOICE,
    DONE,
    F_CARD,
    F_COUNT,
    F_INDEX,
    F_KIND,
    F_PLAYER,
    F_PROG,
    FINISH,
    FRAMES,
    MAIN,
    NESTED,
    PUSHED,
    REACT,
    REACTION,
    STOP,
    TARGETING,
    TURN,
    WAIT,
    WINDOW,
    cards_of,
)
from cardroom.games.love_formula.triggers import could_react

if TYPE_CHECKING:
    from cardroom.games.love_formula.state import LoveState

ids = CAT.ids


# ----- start, target, reactions ------------------------------------------------------
def start_resolution(s: LoveState) -> None:
    s.card = s.table[s.actor]
    s.tseat = s.tcouple = -1
    s.sender = s.actor  # whose obstacle it is (a Wingman sends it back as its own)
    s.cancelled = s.diverted = False
    s.step = TARGETING
    s.log.append({"type": "resolve", "seat": s.actor, "card": ids[s.card]})


def target_kind(card: int) -> int:
    if CAT.type[card] in (OBSTACLE, CONNECTION):
        return C_TARGET
    return {"opponent": C_LOOK, "waiting_opponent": C_SKIP}.get(CAT.target[card], 0)


def targeting(s: LoveState) -> None:
    s.queue = [(s.actor + i) % s.players for i in range(1, s.players)]  # D4
    kind = target_kind(s.card)
    if not kind:
        s.step = WINDOW
        return
    s.choice, s.chooser = kind, s.actor
    if not options(s):
        s.cancelled = True  # an obstacle or connection with no couple to go on is discarded
        s.log.append({"type": "no_target", "seat": s.actor, "card": ids[s.card]})
        s.step = FINISH
        return
    s.step = CHOICE


def window(s: LoveState) -> None:
    """D4: offered in turn order after the acting player; the first taker
    resolves before the next is asked."""
    while s.queue:
        seat = s.queue.pop(0)
        if could_react(s, seat):
            s.chooser = seat
            s.step = REACT
            return
    s.frames.append([s.card, s.sender, CAT.program[s.card], 0, -1,
                     s.card if CAT.type[s.card] == PREP else -1, MAIN])
    s.step = FRAMES


def react(s: LoveState, seat: int, card: int) -> None:
    s.hands[seat] &= ~(1 << card)
    s.reacting = card
    s.counters[seat][Z.REACTIONS_PLAYED] += 1
    s.log.append({"type": "react", "seat": seat, "card": ids[card], "against": ids[s.card]})
    s.frames.append([card, seat, CAT.program[card], 0, -1, -1, REACTION])
    s.step = FRAMES


def decline(s: LoveState, seat: int) -> None:
    s.step = WINDOW


def finish_card(s: LoveState) -> None:
    card, actor = s.card, s.actor
    if s.table[actor] == card:  # an action, or a card cancelled or without a target
        s.table[actor] = -1
        if card == s.jobs[actor]:  # the Part-Time Job goes back to its owner's hand
            s.hands[actor] |= 1 << card
            K.publicly_to_hand(s, card, actor)
        else:
            s.discard.append(card)
    s.card = s.tseat = s.tcouple = -1
    s.resolved = True
    s.step = TURN


# ----- frames -----------------------------------------------------------------------
def step_frames(s: LoveState) -> None:
    f = s.frames[-1]
    program = CAT.programs[f[F_PROG]]
    if f[F_INDEX] >= len(program):
        s.frames.pop()
        if f[F_KIND] == MAIN:
            s.step = FINISH
        elif f[F_KIND] == REACTION:
            s.discard.append(s.reacting)
            s.reacting = -1
            s.step = FINISH if s.cancelled or s.diverted else WINDOW
        elif f[F_KIND] == CHANCE and not s.frames:
            F.open_select(s)  # the chance card is carried out: the round's selection
        return
    result = start_op(s, f, program[f[F_INDEX]])
    if result == DONE:
        f[F_INDEX] += 1
    elif result == STOP:
        f[F_INDEX] = len(program)
    elif result == WAIT:
        s.step = CHOICE


def ask(s: LoveState, kind: int, chooser: int) -> int:
    s.choice, s.chooser = kind, chooser
    return WAIT if options(s) else DONE


def otherwise(s: LoveState, f: list[int], op: Op) -> int:
    """An op found nothing to act on: run its ``else`` ops instead, if any."""
    if op.orelse < 0:
        return DONE
    f[F_INDEX] += 1
    s.frames.append([f[F_CARD], f[F_PLAYER], op.orelse, 0, -1, -1, NESTED])
    return PUSHED


def start_op(s: LoveState, f: list[int], op: Op) -> int:
    player = f[F_PLAYER]
    name = op.name
    if name in TABLE_WIDE and player != s.revealer:
        return DONE  # R14: an effect on the table happens once, not once per player
    if name in CHOOSING:
        kind, chooser = CHOOSING[name], player
        if name == "discard":
            chooser = player if op.who == "you" else s.tseat
            if f[F_COUNT] < 0:
                f[F_COUNT] = op.n
        elif name == "steal_hand":
            look_at_hand(s, player, s.tseat)
        elif name == "redirect":
            chooser = s.actor  # the attacker picks which of their couples takes it
        elif name == "remove_obstacle" and op.every:
            couples = [s.tcouple] if op.scope == "this_couple" else s.couples[player]
            for couple in couples:
                remove_all(s, couple)
            return DONE
        result = ask(s, kind, chooser)
        if result == DONE:
            f[F_COUNT] = -1
            if name == "redirect":  # no couple of the attacker to send it to: discarded
                op_cancel(s, f, op)
            return otherwise(s, f, op)
        return result
    return AUTOMATIC[name](s, f, op)


CHOOSING = {"place": C_PLACE, "discard": C_DISCARD, "take_discarded": C_TAKE_DISCARDED,
            "steal_hand": C_STEAL, "take_loose": C_TAKE_LOOSE, "remove_obstacle": C_REMOVE,
            "discard_attached": C_DISCARD_ATT, "take_attached": C_TAKE_ATT,
            "redirect": C_REDIRECT, "intercept": C_INTERCEPT, "wipe_date": C_WIPE}


def look_at_hand(s: LoveState, seat: int, target: int) -> None:
    K.looked(s, seat, target)
    s.log.append({"type": "look", "seat": seat, "target": target})
    s.log.append({"type": "seen", "seat": seat, "target": target, "to": [seat],
                  "cards": [ids[c] for c in cards_of(s.hands[target])]})


def remove_all(s: LoveState, couple: int) -> None:
    for card in Z.obstacles_on(s, couple):
        Z.remove_obstacle(s, card)


# ----- ops that need no decision ----------------------------------------------------
def op_enter(s: LoveState, f: list[int], op: Op) -> int:
    couple, seat = f[F_CARD], f[F_PLAYER]
    s.table[s.actor] = -1
    s.couples[seat].append(couple)
    s.att[couple] = []
    s.log.append({"type": "couple", "seat": seat, "card": ids[couple]})
    return DONE


def op_attach(s: LoveState, f: list[int], op: Op) -> int:
    card, seat = f[F_CARD], f[F_PLAYER]
    s.table[s.actor] = -1
    owner = Z.owner_of(s, s.tcouple)
    if CAT.type[card] == CONNECTION:
        fine = owner == seat
    else:
        fine = owner >= 0 and owner != seat and not Z.static(s, s.tcouple, "protect")
    if not fine:
        s.discard.append(card)
        s.log.append({"type": "no_target", "seat": seat, "card": ids[card]})
        return STOP
    Z.attach(s, card, s.tcouple)
    s.by[card] = seat
    if CAT.type[card] == OBSTACLE:  # R26: sent back by a Wingman, it counts as its player's
        s.counters[seat][Z.OBSTACLES_PLAYED] += 1
    if CAT.hearts[card]:
        s.hearts[card] = CAT.hearts[card]
    s.log.append({"type": "attach", "seat": seat, "card": ids[card], "owner": owner,
                  "couple": ids[s.tcouple], "hearts": CAT.hearts[card]})
    return DONE


def op_draw(s: LoveState, f: list[int], op: Op) -> int:
    F.draw(s, f[F_PLAYER], op.n)
    return DONE


def op_extra_move(s: LoveState, f: list[int], op: Op) -> int:
    if CAT.type[f[F_CARD]] == CHANCE_CARD:
        return chanceops.extra_moves(s, f[F_PLAYER], op.n)  # on the player's turn this round
    s.moves += op.n
    s.log.append({"type": "extra_move", "seat": f[F_PLAYER], "moves": s.moves})
    return DONE


def op_skip_turn(s: LoveState, f: list[int], op: Op) -> int:
    seat = s.tseat
    card = s.table[seat]
    if card >= 0 and s.order.index(seat) > s.turn_pos:
        s.table[seat] = -1
        s.hands[seat] |= 1 << card
        K.publicly_to_hand(s, card, seat)
        s.log.append({"type": "skipped", "seat": seat, "card": ids[card]})
    return DONE


def op_cancel(s: LoveState, f: list[int], op: Op) -> int:
    s.cancelled = True
    s.log.append({"type": "cancelled", "card": ids[s.card], "by": f[F_PLAYER]})
    return DONE


AUTOMATIC = {"enter": op_enter, "attach": op_attach, "draw": op_draw,
             "extra_move": op_extra_move, "skip_turn": op_skip_turn, "cancel": op_cancel,
             **chanceops.AUTOMATIC}

