"""Where a card may go in the zones: a preparation onto a couple that needs
it, the preparation move, and the couples an obstacle or connection may go on."""

from __future__ import annotations

import cardroom.games.love_formula.actions as actions
from cardroom.games.love_formula.cards.catalog import CAT, CONNECTION
from cardroom.games.love_formula.fields import LoveFields
from cardroom.games.love_formula.scoring import preps_on, static


def needs(s: LoveFields, couple: int, prep: int) -> bool:
    """Whether ``prep`` may be attached to ``couple`` now: one per listed item
    (a promo printing counts as the card it replaces); R23: a joker goes on
    any couple, one joker per couple, besides the listed items."""
    if CAT.joker[prep]:
        return not static(s, couple, "lock") and not any(
            CAT.joker[c] for c in preps_on(s, couple))
    design = CAT.match[prep]
    if design not in CAT.requires[couple] or static(s, couple, "lock"):
        return False
    return all(CAT.match[c] != design for c in preps_on(s, couple))


def unattached_of_subtype(s: LoveFields, seat: int, subtype: str) -> int:
    for c in s.unattached[seat]:
        if CAT.subtype[c] == subtype:
            return c
    return -1


def place_options(s: LoveFields, seat: int, prep: int) -> list[int]:
    """Where a preparation entering ``seat``'s zone may go: a couple that needs
    it; else unattached; with one of its subtype already unattached and no
    couple to take it, the player discards one of the two."""
    opts = [actions.make(actions.ATTACH, 0, c) for c in s.couples[seat] if needs(s, c, prep)]
    same = unattached_of_subtype(s, seat, CAT.subtype[prep])
    if same < 0:
        opts.append(actions.make(actions.LEAVE))
    elif not opts:
        opts += [actions.make(actions.DISCARD, 0, prep), actions.make(actions.DISCARD, 0, same)]
    return opts


def own_preps(s: LoveFields, seat: int) -> list[int]:
    out = list(s.unattached[seat])
    for couple in s.couples[seat]:
        out += preps_on(s, couple)
    return out


def move_options(s: LoveFields, seat: int) -> list[int]:
    """The preparation move: attach, move to another couple, or detach."""
    opts = []
    for prep in own_preps(s, seat):
        host = s.attached_to.get(prep, -1)
        for couple in s.couples[seat]:
            if couple != host and needs(s, couple, prep):
                opts.append(actions.make(actions.MOVE, prep, couple))
        if host >= 0 and unattached_of_subtype(s, seat, CAT.subtype[prep]) < 0:
            opts.append(actions.make(actions.DETACH, 0, prep))
    return opts


def targets(s: LoveFields, seat: int, card: int) -> list[int]:
    """Couples an obstacle (an opponent's, not protected) or a connection (your
    own) played by ``seat`` may be attached to."""
    if CAT.type[card] == CONNECTION:
        return [actions.make(actions.TARGET, seat, c) for c in s.couples[seat]]
    return [actions.make(actions.TARGET, other, c) for other in range(s.players) if other != seat
            for c in s.couples[other] if not static(s, c, "protect")]
