"""The decisions a card asks for: what may be chosen, and carrying out a choice."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardroom.games.love_formula import actions as A
from cardroom.games.love_formula import knowledge as K
from cardroom.games.love_formula import zones as Z
from cardroom.games.love_formula.cards import CAT
from cardroom.games.love_formula.steps import (
    C_DISCARD,
    C_DISCARD_ATT,
    C_INTERCEPT,
    C_LOOK,
    C_NONE,
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
    F_CARD,
    F_COUNT,
    F_INDEX,
    F_PLAYER,
    F_PROG,
    F_SUBJECT,
    FRAMES,
    WINDOW,
    cards_of,
)

if TYPE_CHECKING:
    from cardroom.games.love_formula.state import LoveState

ids = CAT.ids
TYPE_NAMES = ("preparation", "couple", "obstacle", "connection", "action", "reaction")


def options(s: LoveState) -> list[int]:
    """Every action the current chooser may take for the pending choice."""
    k = s.choice
    if k == C_TARGET:
        return Z.targets(s, s.actor, s.card)
    if k == C_LOOK:
        return [A.act(A.LOOK, 0, o) for o in range(s.players) if o != s.actor]
    if k == C_SKIP:
        return [A.act(A.SKIP, 0, o) for o in s.order[s.turn_pos + 1:] if s.table[o] >= 0]
    if k == C_NONE or not s.frames:
        return []
    f = s.frames[-1]
    player = f[F_PLAYER]
    if k == C_PLACE:
        return [] if f[F_SUBJECT] < 0 else Z.place_options(s, player, f[F_SUBJECT])
    if k == C_DISCARD:
        return [A.act(A.DISCARD, 0, c) for c in cards_of(s.hands[s.chooser] & ~CAT.jobs)]
    if k == C_TAKE_DISCARDED:
        wanted = CAT.programs[f[F_PROG]][f[F_INDEX]].ctype
        return [A.act(A.TAKE, 0, c) for c in sorted(s.discard)
                if not wanted or TYPE_NAMES[CAT.type[c]] == wanted]
    if k == C_STEAL:
        return [A.act(A.TAKE, 0, c) for c in cards_of(s.hands[s.tseat] & ~CAT.jobs)]
    if k == C_TAKE_LOOSE:
        return [A.act(A.TAKE, 0, c) for o in range(s.players) if o != player
                for c in s.loose[o]]
    if k == C_REMOVE:
        scope = CAT.programs[f[F_PROG]][f[F_INDEX]].scope
        couples = [s.tcouple] if scope == "this_couple" else s.couples[player]
        return [A.act(A.REMOVE, 0, o) for couple in couples for o in Z.obstacles_on(s, couple)]
    if k in (C_DISCARD_ATT, C_TAKE_ATT):
        verb = A.DISCARD if k == C_DISCARD_ATT else A.TAKE
        return [A.act(verb, 0, p) for p in Z.preps_on(s, s.tcouple)]
    if k == C_REDIRECT:
        return [A.act(A.TARGET, s.actor, c) for c in s.couples[s.actor]
                if not Z.static(s, c, "protect")]
    if k == C_INTERCEPT:
        return [A.act(A.ATTACH, 0, c) for c in s.couples[player] if Z.needs(s, c, s.card)]
    if k == C_WIPE:  # R24: any opponent's couple with a preparation on it
        return [A.act(A.TARGET, o, c) for o in range(s.players) if o != player
                for c in s.couples[o] if Z.preps_on(s, c)]
    return []


def apply_choice(s: LoveState, action: int) -> None:
    k = s.choice
    s.choice = C_NONE
    if k in (C_TARGET, C_LOOK, C_SKIP):
        s.tseat = A.first(action) if k == C_TARGET else A.second(action)
        s.tcouple = A.second(action) if k == C_TARGET else -1
        event = {"type": "target", "seat": s.actor, "card": ids[s.card], "target": s.tseat}
        if s.tcouple >= 0:
            event["couple"] = ids[s.tcouple]
        s.log.append(event)
        s.step = WINDOW
        return
    f = s.frames[-1]
    if k == C_DISCARD:
        discard_from_hand(s, A.card_arg(action))
        f[F_COUNT] -= 1
        if f[F_COUNT] > 0:
            s.step = FRAMES
            return
    else:
        APPLY[k](s, f, action)
    f[F_COUNT] = -1
    f[F_INDEX] += 1
    s.step = FRAMES


def discard_from_hand(s: LoveState, card: int) -> None:
    s.hands[s.chooser] &= ~(1 << card)
    s.discard.append(card)
    s.log.append({"type": "discard", "seat": s.chooser, "card": ids[card]})


def place(s: LoveState, f: list[int], action: int) -> None:
    prep, seat = f[F_SUBJECT], f[F_PLAYER]
    if s.card == prep and s.table[s.actor] == prep:
        s.table[s.actor] = -1
    else:
        Z.unhook(s, prep)  # taken from another zone (Gift Exchange)
    kind, target = A.kind_of(action), A.second(action)
    event = {"type": "place", "seat": seat, "card": ids[prep]}
    if kind == A.ATTACH:
        Z.attach(s, prep, target)
        event["couple"] = ids[target]
    elif kind == A.LEAVE:
        s.loose[seat].append(prep)
    else:  # one preparation too many of its subtype: one of the two is discarded
        if target != prep:
            Z.unhook(s, target)
            s.loose[seat].append(prep)
        s.discard.append(target)
        event["discarded"] = ids[target]
    s.log.append(event)


def take_discarded(s: LoveState, f: list[int], action: int) -> None:
    card, seat = A.card_arg(action), f[F_PLAYER]
    s.discard.remove(card)
    s.hands[seat] |= 1 << card
    K.publicly_to_hand(s, card, seat)
    s.log.append({"type": "take", "seat": seat, "card": ids[card], "from": "discard"})


def steal(s: LoveState, f: list[int], action: int) -> None:
    card, seat = A.card_arg(action), f[F_PLAYER]
    s.hands[s.tseat] &= ~(1 << card)
    s.hands[seat] |= 1 << card
    K.stole(s, seat, s.tseat, card)
    s.log.append({"type": "steal", "seat": seat, "from": s.tseat})
    s.log.append({"type": "stolen", "seat": seat, "from": s.tseat, "card": ids[card],
                  "to": [seat, s.tseat]})


def take_loose(s: LoveState, f: list[int], action: int) -> None:
    card = A.card_arg(action)
    f[F_SUBJECT] = card
    s.log.append({"type": "take", "seat": f[F_PLAYER], "card": ids[card], "from": "zone",
                  "owner": next(o for o in range(s.players) if card in s.loose[o])})


def remove(s: LoveState, f: list[int], action: int) -> None:
    Z.remove_obstacle(s, A.card_arg(action))


def discard_attached(s: LoveState, f: list[int], action: int) -> None:
    card = A.card_arg(action)
    Z.unhook(s, card)
    s.discard.append(card)
    s.log.append({"type": "discard", "seat": Z.owner_of(s, s.tcouple), "card": ids[card],
                  "couple": ids[s.tcouple]})


def take_attached(s: LoveState, f: list[int], action: int) -> None:
    card, seat = A.card_arg(action), f[F_PLAYER]
    Z.unhook(s, card)
    s.hands[seat] |= 1 << card
    K.publicly_to_hand(s, card, seat)
    s.log.append({"type": "take", "seat": seat, "card": ids[card], "from": "couple",
                  "couple": ids[s.tcouple]})


def wipe(s: LoveState, f: list[int], action: int) -> None:
    """A joker wipes out a couple's date: every preparation on it is discarded."""
    owner, couple = A.first(action), A.second(action)
    gone = Z.preps_on(s, couple)
    for card in gone:
        Z.unhook(s, card)
        s.discard.append(card)
    s.log.append({"type": "wiped", "seat": f[F_PLAYER], "card": ids[f[F_CARD]], "owner": owner,
                  "couple": ids[couple], "discarded": [ids[c] for c in gone]})


def redirect(s: LoveState, f: list[int], action: int) -> None:
    s.tseat, s.tcouple = s.actor, A.second(action)
    s.sender = f[F_PLAYER]
    s.log.append({"type": "redirect", "seat": f[F_PLAYER], "card": ids[s.card],
                  "target": s.actor, "couple": ids[s.tcouple]})


def intercept(s: LoveState, f: list[int], action: int) -> None:
    couple, seat = A.second(action), f[F_PLAYER]
    s.table[s.actor] = -1
    Z.attach(s, s.card, couple)
    s.diverted = True
    s.log.append({"type": "intercept", "seat": seat, "card": ids[s.card],
                  "couple": ids[couple]})


APPLY = {C_PLACE: place, C_TAKE_DISCARDED: take_discarded, C_STEAL: steal,
         C_TAKE_LOOSE: take_loose, C_REMOVE: remove, C_DISCARD_ATT: discard_attached,
         C_TAKE_ATT: take_attached, C_REDIRECT: redirect, C_INTERCEPT: intercept,
         C_WIPE: wipe}
