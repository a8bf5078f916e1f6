"""Pizzamania's playout policy for the search (``rollout: policy``;
cardroom.search.policy): the heuristic bot's own judgement (judgement.py),
read from the determinized state for the seat to move, so a playout plays
as the heuristic would.

The search also moves the other seats by this policy inside its tree
(``Game.search_opponents``, docs/bots.md): it then improves on the
heuristic's line for its own seat against players who play like the
heuristic (stronger than seats searching for themselves; the numbers are
in docs/bots.md). The policy reads only what the seat to move could know (its
hand, the toppings played this round, hand sizes, who passed), never the
other hands of the determinization. It draws no randomness: the
determinizations vary the deal.
"""

from __future__ import annotations

from collections.abc import Callable

from cardroom.games.pizzamania.actions import CONTINUE, PASS, STOP
from cardroom.games.pizzamania.fields import PizzamaniaFields
from cardroom.games.pizzamania.judgement import Reading, decide, stops


def choose(s: PizzamaniaFields, seat: int, actions: list[int],
           rand: Callable[[], float]) -> int:
    if len(actions) == 1:
        return actions[0]
    if actions[0] < PASS:  # D12: the endless game's continue-or-stop choice
        return STOP if stops(s.orders, seat) else CONTINUE
    plays = [a for a in actions if a != PASS]
    if not plays:
        return PASS
    choice = decide(Reading.of_state(s, seat), plays, actions[-1] == PASS)
    return PASS if choice is None else choice
