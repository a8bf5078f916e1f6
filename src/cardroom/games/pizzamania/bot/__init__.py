"""A heuristic Pizzamania player working from its seat's view only.

It counts the toppings it has seen (its hand and everything played this
round) to know which plays nobody still in the pizza can beat ("bosses":
playing one wins the pizza and with it the next base). It always goes out
when it can; leads its lowest group that fits the base whole; follows with
its cheapest whole group; breaks a pair or triple only when that pays (the
broken card goes just above the top, or an opponent is about to go out);
and keeps its bosses to regain the lead, spending one only when few losing
groups would be left to shed after it or an opponent is about to go out.
Tuned against an always-play-lowest player (see the bot tests).
On an x1 base it has just turned it must play (D11); leading, it always
plays anyway. The judgement lives in ../judgement.py, which the search's
playouts share.

After a round of the endless game (D12) it stops when it won that round
(the final round decides the game, so stopping then wins it) and continues
otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardroom.core.bot import Bot, Seen
from cardroom.core.views import read_view, seat_part
from cardroom.games.pizzamania.judgement import Reading, decide, stops
from cardroom.games.pizzamania.viewtypes import VIEW_TYPES, PizzamaniaSeatTable


class PizzamaniaHeuristic(Bot):
    name = "heuristic"
    reads_log = False  # its choices read the table, never the events

    def __init__(self, seed: int) -> None:
        """The bot is deterministic; ``seed`` is taken for the common bot factory."""

    def choose(self, view: Seen, legal: Sequence[str]) -> str:
        typed = read_view(view, lambda _: VIEW_TYPES)
        seat, t = seat_part(typed, PizzamaniaSeatTable)
        if "stop" in legal:
            return "stop" if stops(t.orders, seat) else "continue"
        plays = [int(a.split(" ", 1)[1]) for a in legal if a.startswith("play ")]
        if not plays:
            return "pass"
        choice = decide(Reading.of_view(typed), plays, "pass" in legal)
        return "pass" if choice is None else f"play {choice}"
