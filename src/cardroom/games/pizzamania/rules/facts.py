"""Pizzamania's derived rule facts, each in one pure function over plain
values: the rules call them, and so does every reader of a view (the bot,
the sampler, the renderer, the encoding; the page reads them from the view).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardroom.games.pizzamania.cards import LOWEST, TURNER_MUST_PLAY


def top_of(pile: Sequence[int]) -> int | None:
    """The value on top of a base (its plays, the top last); None when empty."""
    return pile[-1] if pile else None


def lowest_play(top: int | None) -> int:
    """The lowest value a play on a base may have: any on an empty base,
    else strictly higher than the top (HIGHEST + 1: nothing beats it, D1)."""
    return LOWEST if top is None else top + 1


def beats(value: int, top: int | None) -> bool:
    """Whether a play of ``value`` may go on a base with ``top`` on it."""
    return value >= lowest_play(top)


def turner_must_play(base: int, plays: int, seat: int, turner: int) -> bool:
    """D11: the seat that turned an x1 base must put a topping on it (it
    always can: any one topping fits an empty x1 base)."""
    return TURNER_MUST_PLAY[base] and not plays and seat == turner


def next_in_pizza(sizes: Sequence[int], passed: int, last: int, seat: int) -> int:
    """The next seat clockwise from ``seat`` still in this pizza (holding
    toppings, not passed, not the maker of the top play ``last``); -1 when
    none is left: the pizza is complete, or dead when nothing is on it (D6)."""
    n = len(sizes)
    for step in range(1, n + 1):
        other = (seat + step) % n
        if other != last and sizes[other] and not passed >> other & 1:
            return other
    return -1


def next_holder(sizes: Sequence[int], seat: int) -> int:
    """D5: who turns the next base after ``seat`` completed a pizza: that
    seat, or if it is out, the next seat clockwise that still holds toppings."""
    n = len(sizes)
    for step in range(n):
        other = (seat + step) % n
        if sizes[other]:
            return other
    raise AssertionError("a pizza was completed with no cards left in play")


def place(order: Sequence[int], seat: int) -> int:
    """``seat``'s finish place in a finish order (1: first out)."""
    return order.index(seat) + 1


def places(finished: Sequence[int], players: int) -> list[int | None]:
    """Each seat's finish place this round so far; None while it plays."""
    out: list[int | None] = [None] * players
    for seat in finished:
        out[seat] = place(finished, seat)
    return out
