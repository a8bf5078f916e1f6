"""Carrying out the decision a card asked for (step CHOICE)."""

from __future__ import annotations

from typing import Final

import cardroom.games.love_formula.actions as actions
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
    FRAMES,
    Frame,
    LoveFields,
)
from cardroom.games.love_formula.rules import flow, piles, resolution, zones
from cardroom.games.love_formula.scoring import owner_of, preps_on

ids = CAT.ids


def apply_choice(s: LoveFields, action: int) -> None:
    kind = resolution.take_choice(s)
    if kind in (CHOOSE_TARGET, CHOOSE_LOOK, CHOOSE_SKIP):
        if kind == CHOOSE_TARGET:
            resolution.set_target(s, actions.first(action), actions.second(action))
        else:
            resolution.set_target(s, actions.second(action), -1)
        return
    frame = s.frames[-1]
    if kind == CHOOSE_DISCARD:
        piles.discard_from_hand(s, s.chooser, actions.card_arg(action))
        frame.count -= 1
        if frame.count > 0:
            s.step = FRAMES
            return
    else:
        APPLY[kind](s, frame, action)
    frame.count = -1
    frame.index += 1
    s.step = FRAMES


def place(s: LoveFields, frame: Frame, action: int) -> None:
    prep, seat = frame.subject, frame.player
    if s.resolving == prep and s.table[s.actor] == prep:
        flow.leave_table(s, s.actor)
    else:
        zones.unhook(s, prep)  # taken from another zone (Gift Exchange)
    kind, target = actions.kind_of(action), actions.second(action)
    event = {"type": "place", "seat": seat, "card": ids[prep]}
    if kind == actions.ATTACH:
        zones.attach(s, prep, target)
        event["couple"] = ids[target]
    elif kind == actions.LEAVE:
        zones.leave_unattached(s, seat, prep)
    else:  # one preparation too many of its subtype: one of the two is discarded
        if target != prep:
            zones.unhook(s, target)
            zones.leave_unattached(s, seat, prep)
        piles.discard(s, target)
        event["discarded"] = ids[target]
    s.goal_changes += 1
    if s.record_events:
        s.log.append(event)


def take_discarded(s: LoveFields, frame: Frame, action: int) -> None:
    card, seat = actions.card_arg(action), frame.player
    piles.take_from_discard(s, seat, card)
    s.goal_changes += 1
    if s.record_events:
        s.log.append({"type": "take", "seat": seat, "card": ids[card], "from": "discard"})


def steal(s: LoveFields, frame: Frame, action: int) -> None:
    card, seat, victim = actions.card_arg(action), frame.player, s.target_seat
    piles.steal(s, seat, victim, card)
    s.goal_changes += 2
    if s.record_events:
        s.log.append({"type": "steal", "seat": seat, "from": victim})
        s.log.append({"type": "stolen", "seat": seat, "from": victim, "card": ids[card],
                      "to": [seat, victim]})


def take_loose(s: LoveFields, frame: Frame, action: int) -> None:
    """Gift Exchange: the preparation taken is placed next (the frame's subject)."""
    card = actions.card_arg(action)
    frame.subject = card
    s.goal_changes += 1
    if s.record_events:
        s.log.append({"type": "take", "seat": frame.player, "card": ids[card], "from": "zone",
                      "owner": next(o for o in range(s.players) if card in s.unattached[o])})


def remove(s: LoveFields, frame: Frame, action: int) -> None:
    zones.remove_obstacle(s, actions.card_arg(action))


def discard_attached(s: LoveFields, frame: Frame, action: int) -> None:
    card = actions.card_arg(action)
    zones.unhook(s, card)
    piles.discard(s, card)
    s.goal_changes += 1
    if s.record_events:
        s.log.append({"type": "discard", "seat": owner_of(s, s.target_couple), "card": ids[card],
                      "couple": ids[s.target_couple]})


def take_attached(s: LoveFields, frame: Frame, action: int) -> None:
    card, seat = actions.card_arg(action), frame.player
    zones.unhook(s, card)
    piles.return_to_hand(s, seat, card)
    s.goal_changes += 1
    if s.record_events:
        s.log.append({"type": "take", "seat": seat, "card": ids[card], "from": "couple",
                      "couple": ids[s.target_couple]})


def wipe(s: LoveFields, frame: Frame, action: int) -> None:
    """A joker wipes out a couple's date: every preparation on it is discarded."""
    owner, couple = actions.first(action), actions.second(action)
    gone = preps_on(s, couple)
    for card in gone:
        zones.unhook(s, card)
        piles.discard(s, card)
    s.goal_changes += 1
    if s.record_events:
        s.log.append({"type": "wiped", "seat": frame.player, "card": ids[frame.card],
                      "owner": owner, "couple": ids[couple], "discarded": [ids[c] for c in gone]})


def redirect(s: LoveFields, frame: Frame, action: int) -> None:
    resolution.redirect(s, actions.second(action), frame.player)


def intercept(s: LoveFields, frame: Frame, action: int) -> None:
    resolution.intercept(s, actions.second(action), frame.player)


APPLY: Final = {CHOOSE_PLACE: place, CHOOSE_TAKE_DISCARDED: take_discarded, CHOOSE_STEAL: steal,
         CHOOSE_TAKE_LOOSE: take_loose, CHOOSE_REMOVE: remove,
         CHOOSE_DISCARD_ATTACHED: discard_attached, CHOOSE_TAKE_ATTACHED: take_attached,
         CHOOSE_REDIRECT: redirect, CHOOSE_INTERCEPT: intercept, CHOOSE_WIPE: wipe}
