"""A cheap playout policy for the search (``rollout: policy``;
cardroom.search.policy). Random playouts almost never complete a couple, so
every line scores alike; this one drafts and plays toward couples like a
beginner who knows the goal: it keeps couples and the preparations its
couples need, selects a couple before its preparations and a needed
preparation before anything else, attaches a preparation where it can,
and otherwise plays at random. One move in ``SLIP`` is any legal move, so
playouts still explore. It reads the determinized state, never the real
one (rules: Draft, Play, Couple, Preparation)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final

from cardroom.games.love_formula.actions import (
    ATTACH,
    DRAFT,
    END,
    LEAVE,
    MOVE,
    RESOLVE,
    SELECT,
    card_arg,
    first,
    kind_of,
)
from cardroom.games.love_formula.cards.catalog import CAT, COUPLE, OBSTACLE, PREP
from cardroom.games.love_formula.fields import LoveFields

SLIP: Final = 0.1
# What a card is worth to keep or select (a needed preparation advances a
# couple; a couple early is worth its perfect date; an obstacle slows the
# others; the rest are effects this policy does not weigh).
COUPLE_WORTH: Final = 3.0
NEEDED_WORTH: Final = 2.5
PREP_WORTH: Final = 1.0
OBSTACLE_WORTH: Final = 1.2
OTHER_WORTH: Final = 0.5


def cards(mask: int) -> Iterable[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def needed(s: LoveFields, seat: int) -> set[int]:
    """The designs the seat's couples (in play or in hand) still lack."""
    want: set[int] = set()
    held = [c for c in cards(s.hands[seat]) if CAT.type[c] == COUPLE]
    for couple in [*s.couples[seat], *held]:
        have = {CAT.match[p] for p in s.attached.get(couple, ()) if CAT.type[p] == PREP}
        want.update(d for d in CAT.requires[couple] if d not in have)
    return want


def worth(card: int, want: set[int]) -> float:
    kind = CAT.type[card]
    if kind == COUPLE:
        return COUPLE_WORTH
    if kind == PREP:
        return NEEDED_WORTH if CAT.match[card] in want else PREP_WORTH
    return OBSTACLE_WORTH if kind == OBSTACLE else OTHER_WORTH


def choose(s: LoveFields, seat: int, actions: list[int],
           rand: Callable[[], float]) -> int:
    if len(actions) == 1 or rand() < SLIP:
        return actions[int(rand() * len(actions))]
    kinds = {kind_of(a) for a in actions}
    if kinds & {DRAFT, SELECT}:
        want = needed(s, seat)
        return max(actions, key=lambda a: worth(card_arg(a), want) + rand())
    if RESOLVE in kinds:
        return next(a for a in actions if kind_of(a) == RESOLVE)
    if ATTACH in kinds:  # a preparation goes onto a couple that needs it
        return next(a for a in actions if kind_of(a) == ATTACH)
    if MOVE in kinds:  # an unattached preparation onto a couple
        loose = set(s.unattached[seat])
        moves = [a for a in actions if kind_of(a) == MOVE and first(a) in loose]
        if moves:
            return moves[int(rand() * len(moves))]
    for done in (END, LEAVE):
        if done in kinds:
            return next(a for a in actions if kind_of(a) == done)
    return actions[int(rand() * len(actions))]
