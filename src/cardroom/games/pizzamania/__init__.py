"""Pizzamania (the Ukrainian edition of Pizza Rush): shed your toppings by
playing single cards, pairs or triples higher than the last, pizza by pizza."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardroom.core.errors import BadOption
from cardroom.core.game import Game, GameParts
from cardroom.core.options import Option
from cardroom.core.registry import register
from cardroom.games.pizzamania import render
from cardroom.games.pizzamania.bot import PizzamaniaHeuristic
from cardroom.games.pizzamania.encoding import ENCODING
from cardroom.games.pizzamania.playout import choose as choose_playout
from cardroom.games.pizzamania.sampler import determinize
from cardroom.games.pizzamania.stacking import convert_bases, convert_deal
from cardroom.games.pizzamania.state import PizzamaniaState
from cardroom.games.pizzamania.viewtypes import VIEW_TYPES


def opener_reason(value: int, players: int) -> str | None:
    """Option ``opener`` names a seat of this table (D4)."""
    if value >= players:
        return (f"there is no seat {value} in a {players}-player game "
                f"(seats are 0 to {players - 1})")
    return None


class Pizzamania(Game):
    id = "pizzamania"
    state_class = PizzamaniaState
    parts = GameParts(determinize=determinize, heuristic=PizzamaniaHeuristic,
                      render=render.render, describe_event=render.describe_event)
    encoding = ENCODING
    view_types = VIEW_TYPES
    name = "Pizzamania"
    min_players = 2  # D3
    max_players = 8
    options = (
        Option("rounds", "int", 3,
               "Rounds to play (the standard game is 3); the winner of the final round "
               "wins the game. 0: the endless game, where after every round each player "
               "chooses 'continue' or 'stop' at once and the game ends after a round in "
               "which anyone chose 'stop'. At most 20.", min=0, max=20),
        Option("simple", "bool", False,
               "The simple game: one round and no chef cards."),
        Option("opener", "int", 0,
               "The seat (0 to players-1) that turns the first base of round 1 and plays "
               "first; in later rounds the Nonna does.", min=0, check=opener_reason),
    )
    random_sources = ("deal", "bases")
    # The strength still grew up to here; hard's time cap bounds slow moves (docs/bots.md).
    search_iterations = 4000
    # Breaks the tie between continue and stop (D12) the heuristic's way (docs/bots.md).
    search_prior = 0.02
    # Searching against the heuristic's judgement beat seats searching for themselves.
    playout_policy = staticmethod(choose_playout)
    search_opponents = "policy"

    def check_options(
        self, players: int, options: dict[str, Any], given: Mapping[str, Any]
    ) -> None:
        if options["simple"] and given.get("rounds") not in (None, 1):
            raise BadOption("option 'rounds': the simple game is a single round; "
                            "leave 'rounds' out or set it to 1 (0, the endless game, "
                            "does not go with 'simple')")

    def convert_stacked(
        self, source: str, entry: Any, index: int, players: int, options: dict[str, Any]
    ) -> Any:
        where = f"stack {source} entry {index + 1}"
        if source == "bases":
            return convert_bases(entry, where)
        return convert_deal(entry, players, where)


GAME = register(Pizzamania())
