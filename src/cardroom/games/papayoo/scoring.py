"""Papayoo points and results (D2: the lowest total wins)."""

from __future__ import annotations

from typing import Any

from cardroom.core.cardset import lowest
from cardroom.core.game import Result, rank
from cardroom.games.papayoo.cards import PAPAYOO_POINTS, PAYOO, PAYOO_POINTS, SUIT_MASK
from cardroom.games.papayoo.fields import PapayooFields


def points(mask: int, papayoo: int) -> int:
    """The points of some cards, ``papayoo`` being the 40-point 7 (-1: none yet)."""
    total = 0
    payoo = mask & SUIT_MASK[PAYOO]
    while payoo:  # a card at a time, lowest first: a trick holds few Payoo cards
        total += PAYOO_POINTS[lowest(payoo)]
        payoo &= payoo - 1
    if papayoo >= 0 and mask >> papayoo & 1:
        total += PAPAYOO_POINTS
    return total


def scores(s: PapayooFields) -> list[Any]:
    return s.totals[:]


def result(s: PapayooFields) -> Result:
    out = standing(s)
    out.detail["rounds"] = [list(p) for p in s.round_points]
    return out


# The search horizon (cardroom.search.reward): a playout may stop when a
# round is scored and stand on the totals so far (D2: lowest wins).
def rounds_completed(s: PapayooFields) -> int:
    return len(s.round_points)


def standing(s: PapayooFields) -> Result:
    return Result(rank(s.totals, higher_is_better=False), s.totals[:])
