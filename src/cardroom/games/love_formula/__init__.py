"""Love Formula: draft preparations and couples, then arrange perfect dates.

The base game, the Chance and #RelationshipGoals expansions and the promo pack,
with reconstructed card sets (``data/*.json``); rules page:
docs/games/love-formula.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardroom.core.bot import Bot
from cardroom.core.events import Viewer
from cardroom.core.game import Game
from cardroom.core.registry import register
from cardroom.core.rng import Rng
from cardroom.games.love_formula import render as text
from cardroom.games.love_formula.bot import LoveHeuristic
from cardroom.games.love_formula.config import OPTIONS, check_options
from cardroom.games.love_formula.sampler import determinize
from cardroom.games.love_formula.stacking import convert
from cardroom.games.love_formula.state import LoveState


class LoveFormula(Game):
    id = "love-formula"
    state_class = LoveState
    name = "Love Formula"
    min_players = 2
    max_players = 4
    options = OPTIONS
    random_sources = ("jobs", "deck", "chance", "goals", "vp")
    # ISMCTS iterations per move by default: the most that keeps a move well
    # under a second on one core (bench/ismcts_speed.py; docs/bots.md).
    search_iterations = 700
    # Random playouts almost never complete a perfect couple, so the search
    # alone misjudges drafts: the heuristic's move stands unless the search
    # prefers another by half its iterations (arena-measured; docs/bots.md).
    search_prior = 0.5

    def check_options(
        self, players: int, options: dict[str, Any], given: Mapping[str, Any]
    ) -> None:
        check_options(options, given, players)

    def convert_stacked(
        self, source: str, entry: Any, index: int, players: int, options: dict[str, Any]
    ) -> Any:
        return convert(source, entry, f"stack {source} entry {index + 1}", players, options)

    def determinize(self, view: Mapping[str, Any], rng: Rng) -> LoveState:
        return determinize(self, view, rng)

    def heuristic_bot(self, seed: int) -> Bot:
        return LoveHeuristic(seed)

    def render(self, view: Mapping[str, Any], color: bool) -> str:
        return text.render(view, color)

    def describe_event(self, event: Mapping[str, Any], viewer: Viewer) -> str | None:
        return text.describe_event(event, viewer)


GAME = register(LoveFormula())
