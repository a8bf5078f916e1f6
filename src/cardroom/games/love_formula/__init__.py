"""Love Formula: draft preparations and couples, then arrange perfect dates.

The base game, the Chance and #RelationshipGoals expansions and the promo pack,
with reconstructed card sets (``cards/data/*.json``); rules page:
docs/games/love-formula.md.

Where things are: ``cards/`` (card data, its checks, the catalog, which cards
a game uses), ``fields.py`` (the state's fields), ``actions.py``,
``scoring.py``, ``legal/`` (legal actions and why not), ``expansions/``
(Chance, #RelationshipGoals), ``rules/`` (the rules machine), ``viewtypes.py``
(what a viewer knows, declared), ``views.py`` (building it), ``state.py`` (the
contract bound to the rules), ``sampler.py`` (determinization), ``bot/``,
``render/``; ``stacking.py`` checks stacked outcomes of the random sources.
Each sub-package's ``__init__`` says what is where inside it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardroom.core.game import Game, GameParts
from cardroom.core.registry import register
from cardroom.games.love_formula.bot import LoveHeuristic
from cardroom.games.love_formula.cards.config import OPTIONS, check_options
from cardroom.games.love_formula.encoding import ENCODING
from cardroom.games.love_formula.playout import choose as choose_playout
from cardroom.games.love_formula.render.events import describe_event
from cardroom.games.love_formula.render.table import render
from cardroom.games.love_formula.sampler import determinize
from cardroom.games.love_formula.stacking import convert
from cardroom.games.love_formula.state import LoveState
from cardroom.games.love_formula.viewtypes import VIEW_TYPES


class LoveFormula(Game):
    id = "love-formula"
    state_class = LoveState
    name = "Love Formula"
    min_players = 2
    max_players = 4
    options = OPTIONS
    random_sources = ("jobs", "deck", "chance", "goals", "vp")
    # ISMCTS iterations per move: a move well under a second on one core (docs/bots.md).
    search_iterations = 700
    # The heuristic's move counts a fifth of the iterations (measured: docs/bots.md).
    search_prior = 0.2
    # Playouts draft and play toward couples, not at random (playout.py; docs/bots.md).
    playout_policy = staticmethod(choose_playout)
    parts = GameParts(determinize=determinize, heuristic=LoveHeuristic, render=render,
                      describe_event=describe_event)
    encoding = ENCODING
    view_types = VIEW_TYPES

    def check_options(
        self, players: int, options: dict[str, Any], given: Mapping[str, Any]
    ) -> None:
        check_options(options, given, players)

    def convert_stacked(
        self, source: str, entry: Any, index: int, players: int, options: dict[str, Any]
    ) -> Any:
        return convert(source, entry, f"stack {source} entry {index + 1}", players, options)


GAME = register(LoveFormula())
