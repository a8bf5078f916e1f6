"""Resolving a card: its target, the reaction window (D4), reactions played,
and the card leaving the table. Changes the resolution fields (``resolving``,
``target_seat``, ``target_couple``, ``sender``, ``cancelled``, ``diverted``,
``react_queue``, ``reacting``, ``choice``, ``chooser``) and ``resolved``."""

from __future__ import annotations

from cardroom.games.love_formula.cards.catalog import CAT, CONNECTION, OBSTACLE, PREP
from cardroom.games.love_formula.expansions import goals
from cardroom.games.love_formula.fields import (
    CHOICE,
    CHOOSE_LOOK,
    CHOOSE_SKIP,
    CHOOSE_TARGET,
    FINISH,
    FRAMES,
    MAIN_FRAME,
    NO_CHOICE,
    REACT,
    REACTION_FRAME,
    REACTIONS_PLAYED,
    TARGETING,
    TURN,
    WINDOW,
    Frame,
    LoveFields,
)
from cardroom.games.love_formula.legal.choices import choice_options
from cardroom.games.love_formula.legal.reactions import could_react
from cardroom.games.love_formula.rules import flow, piles, zones

ids = CAT.ids


def clear(s: LoveFields) -> None:
    """Nothing being resolved, at the start."""
    s.resolving = s.target_seat = s.target_couple = s.sender = -1
    s.cancelled = s.diverted = False
    s.react_queue, s.reacting, s.frames = [], -1, []
    s.choice, s.chooser = NO_CHOICE, -1


# ----- start, target, reactions -----------------------------------------------------------
def start_resolution(s: LoveFields) -> None:
    s.resolving = s.table[s.actor]
    s.target_seat = s.target_couple = -1
    s.sender = s.actor  # whose obstacle it is (a Wingman sends it back as its own)
    s.cancelled = s.diverted = False
    s.step = TARGETING
    if s.record_events:
        s.log.append({"type": "resolve", "seat": s.actor, "card": ids[s.resolving]})


def target_kind(card: int) -> int:
    if CAT.type[card] in (OBSTACLE, CONNECTION):
        return CHOOSE_TARGET
    return {"opponent": CHOOSE_LOOK, "waiting_opponent": CHOOSE_SKIP}.get(CAT.target[card], 0)


def targeting(s: LoveFields) -> None:
    s.react_queue = [(s.actor + i) % s.players for i in range(1, s.players)]  # D4
    kind = target_kind(s.resolving)
    if not kind:
        s.step = WINDOW
        return
    if not ask(s, kind, s.actor):
        s.cancelled = True  # an obstacle or connection with no couple to go on is discarded
        if s.record_events:
            s.log.append({"type": "no_target", "seat": s.actor, "card": ids[s.resolving]})
        s.step = FINISH
        return
    s.step = CHOICE


def ask(s: LoveFields, kind: int, chooser: int) -> bool:
    """Ask ``chooser`` for a decision; whether there is anything to choose."""
    s.choice, s.chooser = kind, chooser
    return bool(choice_options(s))


def take_choice(s: LoveFields) -> int:
    """The decision being answered (no decision is asked any more)."""
    kind = s.choice
    s.choice = NO_CHOICE
    return kind


def set_target(s: LoveFields, seat: int, couple: int) -> None:
    s.target_seat, s.target_couple = seat, couple
    if s.record_events:
        event = {"type": "target", "seat": s.actor, "card": ids[s.resolving], "target": seat}
        if couple >= 0:
            event["couple"] = ids[couple]
        s.log.append(event)
    s.step = WINDOW


def window(s: LoveFields) -> None:
    """D4: offered in turn order after the acting player; the first taker
    resolves before the next is asked."""
    while s.react_queue:
        seat = s.react_queue.pop(0)
        if could_react(s, seat):
            s.chooser = seat
            s.step = REACT
            return
    card = s.resolving
    subject = card if CAT.type[card] == PREP else -1
    s.frames.append(Frame(card, s.sender, CAT.program[card], subject, MAIN_FRAME))
    s.step = FRAMES


def react(s: LoveFields, seat: int, card: int) -> None:
    piles.play_from_hand(s, seat, card)
    s.reacting = card
    goals.count(s, seat, REACTIONS_PLAYED)
    s.goal_changes += 1
    if s.record_events:
        s.log.append({"type": "react", "seat": seat, "card": ids[card],
                      "against": ids[s.resolving]})
    s.frames.append(Frame(card, seat, CAT.program[card], -1, REACTION_FRAME))
    s.step = FRAMES


def decline(s: LoveFields, seat: int) -> None:
    s.step = WINDOW


def reaction_done(s: LoveFields) -> None:
    """A reaction is carried out: discarded; the window goes on unless it
    cancelled or took the card."""
    piles.discard(s, s.reacting)
    s.reacting = -1
    s.step = FINISH if s.cancelled or s.diverted else WINDOW


# ----- what reactions do to the card ------------------------------------------------------
def cancel(s: LoveFields, by: int) -> None:
    s.cancelled = True
    if s.record_events:
        s.log.append({"type": "cancelled", "card": ids[s.resolving], "by": by})


def redirect(s: LoveFields, couple: int, seat: int) -> None:
    """Wingman: the obstacle goes on the attacker's ``couple``, as ``seat``'s."""
    s.target_seat, s.target_couple = s.actor, couple
    s.sender = seat
    s.goal_changes += 1
    if s.record_events:
        s.log.append({"type": "redirect", "seat": seat, "card": ids[s.resolving],
                      "target": s.actor, "couple": ids[couple]})


def intercept(s: LoveFields, couple: int, seat: int) -> None:
    """The preparation goes onto ``seat``'s ``couple`` instead."""
    flow.leave_table(s, s.actor)
    zones.attach(s, s.resolving, couple)
    s.diverted = True
    s.goal_changes += 1
    if s.record_events:
        s.log.append({"type": "intercept", "seat": seat, "card": ids[s.resolving],
                      "couple": ids[couple]})


# ----- the end of it ----------------------------------------------------------------------
def finish_card(s: LoveFields) -> None:
    card, actor = s.resolving, s.actor
    if s.table[actor] == card:  # an action, or a card cancelled or without a target
        flow.leave_table(s, actor)
        if card == s.jobs[actor]:  # the Part-Time Job goes back to its owner's hand
            piles.return_to_hand(s, actor, card)
        else:
            piles.discard(s, card)
    s.resolving = s.target_seat = s.target_couple = -1
    s.resolved = True
    s.step = TURN
