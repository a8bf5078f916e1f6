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
    # ISMCTS iterations per move by default. Each doubling measured stronger
    # against the heuristic on fresh deals: 4 players 1.32x at 1,000, 1.37x
    # at 2,000 and 1.50x at 4,000; 5 players 1.29x at 1,000 and 1.40x at
    # 4,000 (docs/bots.md). Many 8-player moves reach hard's 900 ms cap
    # before 4,000; the cap, counted from the move's start, holds them
    # under a second on one core (bench/hard_time.py).
    search_iterations = 4000
    # A tie-breaker, not a steer (a 0.15 prior changed nothing, docs/bots.md):
    # at the endless game's continue-or-stop choice (D12) with 4 or more
    # players, every search playout ends with some seat stopping, so the two
    # choices tie for every seat and the round's winner would continue (the
    # first legal action). The heuristic's move (stop when leading) wins ties.
    search_prior = 0.02
    # The search's playouts follow the heuristic's rules, and so do the
    # other seats inside its tree: searching against players modelled on
    # the heuristic beat it where seats searching for themselves played
    # level (playout.py; docs/bots.md).
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
