"""A cheap climbing-aware playout policy for the search (``rollout:
policy``; cardroom.search.policy). It plays like a sensible beginner: it
goes out when it can; leads its lowest group that fits the base whole
(D5); follows with its lowest whole group unless that spends a high
topping early; breaks a group only to play just above the top; passes
otherwise. One move in ``SLIP`` is any legal move, so playouts still
explore. It reads the determinized state, never the real one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from cardroom.games.pizzamania.actions import PASS
from cardroom.games.pizzamania.cards import BASE_SIZE, HIGHEST, count
from cardroom.games.pizzamania.fields import PizzamaniaFields

SLIP: Final = 0.15
HIGH: Final = HIGHEST - 2  # a topping this high wins most pizzas: keep it to regain the lead
CLOSE: Final = 2  # breaking a group to play this close above the top sheds a card cheaply
FEW: Final = 3  # with this many toppings or fewer left, spend anything


def choose(s: PizzamaniaFields, seat: int, actions: list[int],
           rand: Callable[[], float]) -> int:
    if len(actions) == 1 or actions[0] < PASS or rand() < SLIP:
        return actions[int(rand() * len(actions))]  # D12 choices: either, at random
    plays = [a for a in actions if a != PASS]
    if not plays:
        return PASS
    hand, need, left = s.hands[seat], BASE_SIZE[s.base], s.sizes[seat]
    whole = [v for v in plays if count(hand, v) == need]
    if left == need and whole:
        return whole[0]  # goes out
    if not s.pile:  # leading: shed the lowest whole group, else break the lowest
        return whole[0] if whole else plays[0]
    can_pass = actions[-1] == PASS
    if whole and (whole[0] < HIGH or left <= FEW or not can_pass):
        return whole[0]
    if plays[0] - s.pile[-1] <= CLOSE or left <= FEW or not can_pass:
        return plays[0]
    return PASS
