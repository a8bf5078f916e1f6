"""Pile up scores and results: each minus card counts one, the fewest wins.

A game has no rounds: search plays it to the end (the State defaults for
``rounds_completed`` and ``standing``).
"""

from __future__ import annotations

from typing import Any

from cardroom.core.game import Result, rank
from cardroom.games.pile_up.cards import codes, column_cards
from cardroom.games.pile_up.fields import PileUpFields


def scores(s: PileUpFields) -> list[Any]:
    return [m.bit_count() for m in s.minus]


def result(s: PileUpFields) -> Result:
    points = scores(s)
    return Result(rank(points, higher_is_better=False), points,
                  {"minus": [codes(m) for m in s.minus],
                   "left_in_columns": left_in_columns(s)})


def left_in_columns(s: PileUpFields) -> int:
    """Cards still in the columns at the end: they count for nobody."""
    return sum(column_cards(c).bit_count() for c in s.columns)
