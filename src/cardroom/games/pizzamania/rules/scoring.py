"""Pizzamania's outcome: finish places per round; the final round decides (D10)."""

from __future__ import annotations

from typing import Any

from cardroom.core.game import Result
from cardroom.games.pizzamania.fields import PizzamaniaFields
from cardroom.games.pizzamania.rules.facts import place


def scores(s: PizzamaniaFields) -> list[Any]:
    """Each seat's finish place in every completed round (D10)."""
    return [[place(order, seat) for order in s.orders] for seat in range(s.players)]


def result(s: PizzamaniaFields) -> Result:
    """D10: the final round decides; every round's order comes along."""
    out = standing(s)
    out.detail["rounds"] = [o[:] for o in s.orders]
    return out


# The search horizon (cardroom.search.reward): a playout may stop when
# a round ends, standing as that round's finish order.
def rounds_completed(s: PizzamaniaFields) -> int:
    return len(s.orders)


def standing(s: PizzamaniaFields) -> Result:
    latest = s.orders[-1]
    return Result([[p] for p in latest], scores(s), {"winner": latest[0]})
