"""Play zones: couples with what is attached to them, unattached preparations,
and the VP they are worth. Functions over a state's zone fields."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardroom.games.love_formula import actions as A
from cardroom.games.love_formula.cards import CAT, CONNECTION, OBSTACLE, PREP

if TYPE_CHECKING:
    from cardroom.games.love_formula.state import LoveState

ids = CAT.ids
# What each seat did, counted for #RelationshipGoals (effects.COUNTERS).
OBSTACLES_PLAYED, REACTIONS_PLAYED, OBSTACLES_REMOVED = range(3)


def owner_of(s: LoveState, couple: int) -> int:
    for seat in range(s.players):
        if couple in s.couples[seat]:
            return seat
    return -1


def preps_on(s: LoveState, couple: int) -> list[int]:
    return [c for c in s.att[couple] if CAT.type[c] == PREP]


def obstacles_on(s: LoveState, couple: int) -> list[int]:
    return [c for c in s.att[couple] if CAT.type[c] == OBSTACLE]


def static(s: LoveState, couple: int, name: str) -> int:
    return sum(CAT.statics[c].get(name, 0) for c in s.att[couple])


def needs(s: LoveState, couple: int, prep: int) -> bool:
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


def missing(s: LoveState, couple: int) -> list[int]:
    have = {CAT.match[c] for c in preps_on(s, couple)}
    return [d for d in CAT.requires[couple] if d not in have]


def complete(s: LoveState, couple: int) -> bool:
    return not missing(s, couple)


def couple_vp(s: LoveState, couple: int) -> int:
    perfect = complete(s, couple) and not static(s, couple, "no_perfect")
    base = CAT.vp_perfect[couple] if perfect else CAT.vp_incomplete[couple]
    return max(0, base + static(s, couple, "vp"))


def prep_count(s: LoveState, seat: int) -> int:
    return len(s.loose[seat]) + sum(len(preps_on(s, c)) for c in s.couples[seat])


def obstacle_count(s: LoveState, seat: int) -> int:
    return sum(len(obstacles_on(s, c)) for c in s.couples[seat])


def zone_vp(s: LoveState, seat: int) -> int:
    return prep_count(s, seat) + sum(couple_vp(s, c) for c in s.couples[seat])


def tiebreak_key(s: LoveState, seat: int) -> tuple[int, int, int, int, int]:
    """VP, then more preparations, more couples, fewer obstacles, more cards in hand."""
    return (zone_vp(s, seat), prep_count(s, seat), len(s.couples[seat]),
            -obstacle_count(s, seat), s.hands[seat].bit_count())


def loose_of_subtype(s: LoveState, seat: int, subtype: str) -> int:
    for c in s.loose[seat]:
        if CAT.subtype[c] == subtype:
            return c
    return -1


def place_options(s: LoveState, seat: int, prep: int) -> list[int]:
    """Where a preparation entering ``seat``'s zone may go: a couple that needs
    it; else unattached; with one of its subtype already unattached and no
    couple to take it, the player discards one of the two."""
    opts = [A.act(A.ATTACH, 0, c) for c in s.couples[seat] if needs(s, c, prep)]
    same = loose_of_subtype(s, seat, CAT.subtype[prep])
    if same < 0:
        opts.append(A.act(A.LEAVE))
    elif not opts:
        opts += [A.act(A.DISCARD, 0, prep), A.act(A.DISCARD, 0, same)]
    return opts


def own_preps(s: LoveState, seat: int) -> list[int]:
    out = list(s.loose[seat])
    for couple in s.couples[seat]:
        out += preps_on(s, couple)
    return out


def move_options(s: LoveState, seat: int) -> list[int]:
    """The preparation move: attach, move to another couple, or detach."""
    opts = []
    for prep in own_preps(s, seat):
        host = s.host.get(prep, -1)
        for couple in s.couples[seat]:
            if couple != host and needs(s, couple, prep):
                opts.append(A.act(A.MOVE, prep, couple))
        if host >= 0 and loose_of_subtype(s, seat, CAT.subtype[prep]) < 0:
            opts.append(A.act(A.DETACH, 0, prep))
    return opts


def targets(s: LoveState, seat: int, card: int) -> list[int]:
    """Couples an obstacle (an opponent's, not protected) or a connection (your
    own) played by ``seat`` may be attached to."""
    if CAT.type[card] == CONNECTION:
        return [A.act(A.TARGET, seat, c) for c in s.couples[seat]]
    return [A.act(A.TARGET, o, c) for o in range(s.players) if o != seat
            for c in s.couples[o] if not static(s, c, "protect")]


# ----- changes ----------------------------------------------------------------
def attach(s: LoveState, card: int, couple: int) -> None:
    s.att[couple].append(card)
    s.host[card] = couple


def unhook(s: LoveState, card: int) -> None:
    """Take a card out of whatever zone place it has."""
    couple = s.host.pop(card, -1)
    if couple >= 0:
        s.att[couple].remove(card)
    for seat in range(s.players):
        if card in s.loose[seat]:
            s.loose[seat].remove(card)
    s.hearts.pop(card, None)
    s.by.pop(card, None)


def remove_obstacle(s: LoveState, card: int) -> None:
    """An obstacle is taken off its couple and discarded; R26: its owner's
    count of obstacles removed goes up (for #RelationshipGoals)."""
    couple = s.host[card]
    s.counters[owner_of(s, couple)][OBSTACLES_REMOVED] += 1
    unhook(s, card)
    s.discard.append(card)
    s.log.append({"type": "removed", "card": ids[card], "couple": ids[couple]})


def discard_couple(s: LoveState, couple: int) -> list[int]:
    """The couple and everything attached to it go to the discard pile."""
    seat = owner_of(s, couple)
    gone = list(s.att[couple])
    for card in gone:
        unhook(s, card)
        s.discard.append(card)
    del s.att[couple]
    s.couples[seat].remove(couple)
    s.discard.append(couple)
    return gone


# ----- views ----------------------------------------------------------------
def zone_view(s: LoveState, seat: int) -> dict[str, Any]:
    couples = []
    for couple in s.couples[seat]:
        attached = []
        for c in s.att[couple]:
            item: dict[str, Any] = {"card": ids[c]}
            if c in s.hearts:
                item["hearts"] = s.hearts[c]
            if c in s.by:
                item["by"] = s.by[c]
            attached.append(item)
        couples.append({"card": ids[couple], "attached": attached,
                        "missing": [CAT.keys[d] for d in missing(s, couple)],
                        "vp": couple_vp(s, couple)})
    return {"couples": couples, "loose": [ids[c] for c in s.loose[seat]],
            "vp": zone_vp(s, seat)}


def breakdown(s: LoveState, seat: int) -> dict[str, Any]:
    key = tiebreak_key(s, seat)
    return {"vp": key[0], "preparations": key[1], "couples": key[2],
            "obstacles": -key[3], "hand": key[4],
            "couple_vp": {ids[c]: couple_vp(s, c) for c in s.couples[seat]},
            "perfect": [ids[c] for c in s.couples[seat]
                        if complete(s, c) and not static(s, c, "no_perfect")]}
