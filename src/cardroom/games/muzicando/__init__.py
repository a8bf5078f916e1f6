"""Muzicando: lay out all your cards first on one of four layouts of notes,
bid in partnerships or chosen in the individual game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardroom.core.errors import BadOption
from cardroom.core.game import Game, GameParts
from cardroom.core.options import Option
from cardroom.core.registry import register
from cardroom.games.muzicando import render
from cardroom.games.muzicando.bot import MuzicandoHeuristic
from cardroom.games.muzicando.encoding import ENCODING
from cardroom.games.muzicando.fields import INDIVIDUAL_MODE, PARTNERSHIP_MODE
from cardroom.games.muzicando.rules.options import deal_count, uses_bidding
from cardroom.games.muzicando.sampler import determinize
from cardroom.games.muzicando.stacking import check_stack_pairs, convert_deal, convert_pile
from cardroom.games.muzicando.state import MuzicandoState
from cardroom.games.muzicando.viewtypes import VIEW_TYPES


class Muzicando(Game):
    id = "muzicando"
    state_class = MuzicandoState
    name = "Muzicando"
    min_players = 2
    max_players = 8
    options = (
        Option("mode", "str", None,
               "partnership (4 players in two teams, the default with 4 players) or "
               "individual (2 to 8 players, the default otherwise).",
               choices=(PARTNERSHIP_MODE, INDIVIDUAL_MODE)),
        Option("deals", "int", None,
               "Deals to play (cancelled deals do not count). Default 4 in the "
               "partnership game; in the individual game the number of players, and "
               "it must be a multiple of it. At most 48.", min=1, max=48),
        Option("bidding", "bool", False,
               "Individual game with 4 or 8 players: bid the layout instead of choosing "
               "it. The partnership game always bids."),
    )
    random_sources = ("deal", "pile")
    # ISMCTS iterations per move by default: the most that keeps a move well
    # under a second on one core (bench/ismcts_speed.py; docs/bots.md).
    search_iterations = 400
    parts = GameParts(determinize=determinize, heuristic=MuzicandoHeuristic,
                      render=render.render, describe_event=render.describe_event)
    encoding = ENCODING
    view_types = VIEW_TYPES

    def check_options(
        self, players: int, options: dict[str, Any], given: Mapping[str, Any]
    ) -> None:
        uses_bidding(options, players)
        deal_count(options, players)

    def check_stack(
        self, stack: dict[str, list[Any]], players: int, options: dict[str, Any]
    ) -> None:
        check_stack_pairs(stack.get("deal", []), stack.get("pile", []))

    def convert_stacked(
        self, source: str, entry: Any, index: int, players: int, options: dict[str, Any]
    ) -> Any:
        where = f"stack {source} entry {index + 1}"
        if source == "pile":
            return convert_pile(entry, players, options, where)
        if source == "deal":
            return convert_deal(entry, players, options, where)
        raise BadOption(f"stack: Muzicando has no random source {source!r}")


GAME = register(Muzicando())
