"""A heuristic Pile up player working from its seat's view only.

Its judgement (planning.py, shared with the search's opponent model and
playouts): laying, for each rolled number it can play, the first card of
the complete play worth most (what stacks or stays under the third visible
card; everything with white last; cards buried under black; the one
cheapest card when every play takes); pushing onto the leader; keeping
white, black and cards that stack on a forced take; giving plain cards
away first on a triple.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardroom.core.bot import Bot, View
from cardroom.core.rng import Rng
from cardroom.games.pile_up.planning import Planner, Table, give_order, keep_value, leader


class PileUpHeuristic(Bot):
    name = "heuristic"

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, view: View, legal: Sequence[str]) -> str:
        phase = view["phase"]
        table = Table.of_view(view)
        if phase in ("push", "avoid"):
            return f"push {leader(table)}"
        if phase == "give":
            return min(legal, key=lambda a: give_order(a.split(" ", 1)[1]))
        if phase == "take":
            return min(legal, key=lambda a: keep_value(table, a.split(" ", 1)[1]))
        step = Planner(table).best_first_step()
        text = "done" if step is None else f"{step[0]} {step[1]}"
        return text if text in legal else legal[0]
