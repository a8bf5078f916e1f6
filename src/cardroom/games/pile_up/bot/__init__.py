"""A heuristic Pile up player working from its seat's view only.

Its judgement (judgement.py, shared with the search's opponent model and
playouts): laying, for each rolled number it can play, the first card of
the complete play worth most (what stacks or stays under the third visible
card; everything with white last; cards buried under black; the one
cheapest card when every play takes); pushing onto the leader; keeping
white, black and cards that stack on a forced take; giving plain cards
away first on a triple.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardroom.core.bot import Bot, Seen
from cardroom.core.views import read_view, seat_part
from cardroom.games.pile_up.judgement import Knowledge, Planner, give_order, keep_value, leader
from cardroom.games.pile_up.viewtypes import VIEW_TYPES, PileUpSeatTable


class PileUpHeuristic(Bot):
    name = "heuristic"
    reads_log = False  # its choices read the table, never the events

    def __init__(self, seed: int) -> None:
        """The bot is deterministic; ``seed`` is taken for the common bot factory."""

    def choose(self, view: Seen, legal: Sequence[str]) -> str:
        typed = read_view(view, lambda _: VIEW_TYPES)
        seat, t = seat_part(typed, PileUpSeatTable)
        phase = typed.phase
        known = Knowledge.of_view(seat, t, typed.scores)
        if phase in ("push", "avoid"):
            return f"push {leader(known)}"
        if phase == "give":
            return min(legal, key=lambda a: give_order(a.split(" ", 1)[1]))
        if phase == "take":
            return min(legal, key=lambda a: keep_value(known, a.split(" ", 1)[1]))
        step = Planner(known).best_first_step()
        text = "done" if step is None else f"{step[0]} {step[1]}"
        return text if text in legal else legal[0]
