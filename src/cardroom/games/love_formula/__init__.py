"""Love Formula: draft preparations and couples, then arrange perfect dates.

The base game with a reconstructed card set (``data/base.json``); rules page:
docs/games/love-formula.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardroom.core.bot import Bot
from cardroom.core.errors import BadOption
from cardroom.core.game import Game
from cardroom.core.registry import register
from cardroom.core.rng import Rng
from cardroom.games.love_formula import render as text
from cardroom.games.love_formula.bot import LoveHeuristic
from cardroom.games.love_formula.cards import CAT
from cardroom.games.love_formula.sampler import determinize
from cardroom.games.love_formula.state import LoveState


class LoveFormula(Game):
    id = "love-formula"
    name = "Love Formula"
    min_players = 2
    max_players = 4
    options = ()
    random_sources = ("jobs", "deck")

    def start(
        self, players: int, seed: int, options: dict[str, Any],
        given: Mapping[str, Any], rng: Rng,
    ) -> LoveState:
        state = LoveState.__new__(LoveState)
        state._init_base(self, players, seed, options, given, rng)
        state.setup()
        return state

    def convert_stacked(
        self, source: str, entry: Any, index: int, players: int, options: dict[str, Any]
    ) -> Any:
        where = f"stack {source} entry {index + 1}"
        if source == "jobs":
            return convert_jobs(entry, players, where)
        return convert_deck(entry, where)

    def determinize(self, view: Mapping[str, Any], rng: Rng) -> LoveState:
        return determinize(self, view, rng)

    def heuristic_bot(self, seed: int) -> Bot:
        return LoveHeuristic(seed)

    def render(self, view: Mapping[str, Any], color: bool) -> str:
        return text.render(view, color)

    def describe_event(self, event: Mapping[str, Any], viewer: int | None) -> str | None:
        return text.describe_event(event, viewer)


def card_ints(entry: Any, where: str) -> list[int]:
    if not isinstance(entry, list):
        raise BadOption(f"{where}: expected a list of card ids")
    cards = []
    for item in entry:
        card = CAT.by_id.get(item) if isinstance(item, str) else None
        if card is None:
            raise BadOption(f"{where}: {item!r} is not a card id of Love Formula")
        if card in cards:
            raise BadOption(f"{where}: {item} is listed twice")
        cards.append(card)
    return cards


def convert_jobs(entry: Any, players: int, where: str) -> list[int]:
    cards = card_ints(entry, where)
    if len(cards) != players:
        raise BadOption(f"{where}: give one Part-Time Job per seat ({players}), seat 0 first")
    for card in cards:
        if not CAT.jobs >> card & 1:
            raise BadOption(f"{where}: {CAT.ids[card]} is not a Part-Time Job")
    return cards


def convert_deck(entry: Any, where: str) -> list[int]:
    cards = card_ints(entry, where)
    for card in cards:
        if CAT.jobs >> card & 1:
            raise BadOption(f"{where}: {CAT.ids[card]} is a Part-Time Job; jobs are dealt "
                            "from the 'jobs' source, never shuffled into the deck")
    return cards


GAME = register(LoveFormula())
