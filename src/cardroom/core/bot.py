"""The bot interface. A bot sees only its seat's view and the legal actions,
never the referee state; anything it remembers comes from the view's log."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cardroom.core.errors import BadRequest
from cardroom.core.game import Game, State
from cardroom.core.rng import Rng

View = Mapping[str, Any]
Budget = Mapping[str, Any]


class Bot(ABC):
    name: str = "bot"

    @abstractmethod
    def choose(self, view: View, legal: Sequence[str]) -> str:
        """One of ``legal``."""

    def choose_for(self, state: State, seat: int) -> str:
        """Decide for ``seat`` from its view only (what front ends call)."""
        return self.choose(state.view(seat), state.legal_texts(seat))


class RandomBot(Bot):
    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, view: View, legal: Sequence[str]) -> str:
        return self.rng.choice(legal)


BotFactory = Callable[[Game, int, Budget | None], Bot]
_BOTS: dict[str, BotFactory] = {}


def register_bot(name: str, factory: BotFactory) -> None:
    _BOTS[name] = factory


def bot_names() -> list[str]:
    return sorted(_BOTS)


def make_bot(name: str, game: Game, seed: int, budget: Budget | None = None) -> Bot:
    factory = _BOTS.get(name)
    if factory is None:
        raise BadRequest(f"no bot {name!r} (bots: {', '.join(bot_names())})")
    return factory(game, seed, budget)


register_bot("random", lambda game, seed, budget: RandomBot(seed))
register_bot("heuristic", lambda game, seed, budget: game.heuristic_bot(seed))
