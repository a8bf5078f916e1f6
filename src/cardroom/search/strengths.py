"""Strengths a person can pick: ``easy``, ``medium`` and ``hard``, the same
names in every game, every front end and the lobby.

- ``easy``: the heuristic bot, but one move in two (by default) is any legal
  move, like a player who is not paying attention;
- ``medium``: the game's heuristic bot;
- ``hard``: ISMCTS at the game's default budget, with its playout policy,
  prior and way of moving the other seats (``Game.search_iterations``,
  ``search_prior``, ``search_opponents``), stopped at
  ``HARD_MS`` if the iterations take longer, so a move takes under a
  second on one core.

Each is measured in the arena against the one below it (docs/bots.md).
Researchers keep the expert names: ``ismcts:iterations=N:...`` and the rest.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardroom.core.bot import Bot, Seen, register_bot
from cardroom.core.errors import BadRequest
from cardroom.core.game import Game
from cardroom.core.rng import Rng
from cardroom.search.bot import factory as ismcts_factory

STRENGTHS = ("easy", "medium", "hard")
SLIP = 0.5
"""The share of an ``easy`` bot's moves that are any legal move."""
HARD_MS = 900
"""A ``hard`` move's time cap: under a second on one core, with room for
the search's setup."""


class CarelessBot(Bot):
    """The heuristic's move, except a ``slip`` share of moves chosen at random."""

    name = "easy"

    def __init__(self, game: Game, seed: int, slip: float = SLIP) -> None:
        self.rng = Rng(seed)
        self.slip = slip
        self.steady = game.heuristic_bot(self.rng.next64())

    def choose(self, view: Seen, legal: Sequence[str]) -> str:
        if not legal:
            raise BadRequest("no legal action to choose from")
        # Both draws are taken every move, so one stream decides the same
        # moves whatever the heuristic does with its own.
        careless = self.rng.random() < self.slip
        anything = self.rng.choice(legal)
        return anything if careless else self.steady.choose(view, legal)


def _easy(game: Game, seed: int, budget: Mapping[str, Any] | None) -> Bot:
    slip = (budget or {}).get("slip", SLIP)
    if isinstance(slip, bool) or not isinstance(slip, int | float) or not 0 <= slip <= 1:
        raise BadRequest(f"budget: slip must be a number from 0 to 1, got {slip!r}")
    if set(budget or {}) - {"slip"}:
        raise BadRequest("budget: easy knows only 'slip'")
    return CarelessBot(game, seed, float(slip))


def _medium(game: Game, seed: int, budget: Mapping[str, Any] | None) -> Bot:
    if budget:
        raise BadRequest("budget: medium (the heuristic bot) takes no budget")
    return game.heuristic_bot(seed)


def _hard(game: Game, seed: int, budget: Mapping[str, Any] | None) -> Bot:
    # The game's iterations, but never past HARD_MS: a 5-player Pizzamania
    # move can take twice that many milliseconds on a slow core.
    if budget is not None and not isinstance(budget, Mapping):
        return ismcts_factory(game, seed, budget)  # for parse_budget to refuse
    return ismcts_factory(game, seed, {"iterations": game.search_iterations, "ms": HARD_MS,
                                       **(budget or {})})


def register() -> None:
    register_bot("easy", _easy)
    register_bot("medium", _medium)
    register_bot("hard", _hard)
