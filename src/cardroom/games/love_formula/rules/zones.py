"""Changing the zones: couples entering and ending, cards attached, moved and
taken off, unattached preparations, and heart tokens. The only module that
changes ``couples``, ``unattached``, ``attached``, ``attached_to``,
``attached_by`` and ``hearts``."""

from __future__ import annotations

from cardroom.games.love_formula.cards.catalog import CAT
from cardroom.games.love_formula.expansions import goals
from cardroom.games.love_formula.fields import OBSTACLES_REMOVED, LoveFields
from cardroom.games.love_formula.rules import piles
from cardroom.games.love_formula.scoring import owner_of

ids = CAT.ids


def clear(s: LoveFields) -> None:
    """Empty zones, at the start."""
    n = s.players
    s.couples, s.unattached = [[] for _ in range(n)], [[] for _ in range(n)]
    s.attached, s.attached_to, s.hearts, s.attached_by = {}, {}, {}, {}


# ----- cards into the zones ---------------------------------------------------------------
def enter_couple(s: LoveFields, seat: int, couple: int) -> None:
    s.couples[seat].append(couple)
    s.attached[couple] = []


def attach(s: LoveFields, card: int, couple: int) -> None:
    s.attached[couple].append(card)
    s.attached_to[card] = couple


def attach_played(s: LoveFields, card: int, couple: int, seat: int) -> None:
    """An obstacle or connection played by ``seat`` goes on ``couple`` with
    its heart tokens."""
    attach(s, card, couple)
    s.attached_by[card] = seat
    if CAT.hearts[card]:
        s.hearts[card] = CAT.hearts[card]


def leave_unattached(s: LoveFields, seat: int, prep: int) -> None:
    s.unattached[seat].append(prep)


# ----- cards out of the zones -------------------------------------------------------------
def unhook(s: LoveFields, card: int) -> None:
    """Take a card out of whatever zone place it has."""
    couple = s.attached_to.pop(card, -1)
    if couple >= 0:
        s.attached[couple].remove(card)
    for seat in range(s.players):
        if card in s.unattached[seat]:
            s.unattached[seat].remove(card)
    s.hearts.pop(card, None)
    s.attached_by.pop(card, None)


def discard_unattached(s: LoveFields, seat: int, prep: int) -> None:
    s.unattached[seat].remove(prep)
    piles.discard(s, prep)


def remove_obstacle(s: LoveFields, card: int) -> None:
    """An obstacle is taken off its couple and discarded; R26: its owner's
    count of obstacles removed goes up (for #RelationshipGoals)."""
    couple = s.attached_to[card]
    goals.count(s, owner_of(s, couple), OBSTACLES_REMOVED)
    unhook(s, card)
    piles.discard(s, card)
    s.goal_changes += 1
    if s.record_events:
        s.log.append({"type": "removed", "card": ids[card], "couple": ids[couple]})


def discard_couple(s: LoveFields, couple: int) -> list[int]:
    """The couple and everything attached to it go to the discard pile."""
    seat = owner_of(s, couple)
    gone = list(s.attached[couple])
    for card in gone:
        unhook(s, card)
        piles.discard(s, card)
    del s.attached[couple]
    s.couples[seat].remove(couple)
    piles.discard(s, couple)
    return gone


# ----- heart tokens -----------------------------------------------------------------------
def tick_hearts(s: LoveFields) -> None:
    """Each card with heart tokens loses one; at none it is discarded and its
    expiry effect happens. Tokens carry over from Play 1 into Play 2."""
    for seat in range(s.players):
        for couple in s.couples[seat][:]:
            for card in s.attached.get(couple, [])[:]:
                if card in s.hearts and s.attached_to.get(card) == couple:
                    s.hearts[card] -= 1
                    if s.hearts[card] == 0:
                        expire(s, card, couple, seat)


def expire(s: LoveFields, card: int, couple: int, seat: int) -> None:
    controller = s.attached_by.get(card, seat)
    unhook(s, card)
    piles.discard(s, card)
    s.goal_changes += 1
    if s.record_events:
        s.log.append({"type": "expire", "card": ids[card], "seat": seat, "couple": ids[couple]})
    if CAT.expire[card] < 0:
        return
    for op in CAT.programs[CAT.expire[card]]:
        if op.name == "end_couple" and couple in s.attached:
            gone = discard_couple(s, couple)
            s.goal_changes += 1
            if s.record_events:
                s.log.append({"type": "couple_ends", "seat": seat, "couple": ids[couple],
                              "with": [ids[c] for c in gone]})
        elif op.name == "draw":
            piles.draw(s, controller, op.n)


def add_hearts(s: LoveFields, n: int) -> None:
    for card in s.hearts:
        s.hearts[card] += n
    s.goal_changes += 1
    if s.record_events:
        s.log.append({"type": "hearts", "change": n})
