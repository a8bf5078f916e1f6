"""The bot interface. A bot sees only its seat's view and the legal actions,
never the referee state; anything it remembers comes from the view's log.

This module sits below ``game`` in the core's layers (``game`` names
``Bot`` as what ``heuristic_bot`` returns), so it refers to games and
states only through the small protocols below.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from cardroom.core.errors import BadRequest
from cardroom.core.rng import Rng
from cardroom.core.views import View as TypedView

Seen = TypedView[Any] | Mapping[str, Any]
"""A seat's view as a bot is given it: typed, or the protocol's JSON object
(a game's bot reads the JSON form with ``core.views.read_view``)."""
Budget = Mapping[str, Any]


class SeatStates(Protocol):
    """What ``choose_for`` reads of a state: a seat's view and legal actions."""

    def seen(self, seat: int, *, log: bool = ...) -> TypedView[Any]: ...

    def legal_texts(self, seat: int) -> list[str]: ...


class BotGame(Protocol):
    """What the bot registry needs of a game."""

    @property
    def name(self) -> str: ...

    def heuristic_bot(self, seed: int) -> Bot: ...


class Bot(ABC):
    name: str = "bot"
    reads_log: bool = True
    """Whether ``choose`` reads the view's ``log``: a bot that never does
    (the games' heuristics) is handed its view without one, and ``seen``
    copies no events for it."""

    @abstractmethod
    def choose(self, view: Seen, legal: Sequence[str]) -> str:
        """One of ``legal``."""

    def choose_for(self, state: SeatStates, seat: int) -> str:
        """Decide for ``seat`` from its view only (what front ends call)."""
        return self.choose(state.seen(seat, log=self.reads_log), state.legal_texts(seat))

    def explain(self) -> list[dict[str, Any]]:
        """Why the last move: the top few moves considered, the chosen one
        first, each ``{"action", "share", "value"}`` (share of the thinking
        spent on it, mean value 0 to 1 or None); ``[]`` for a bot that
        cannot say (the rule-based ones)."""
        return []


class RandomBot(Bot):
    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, view: Seen, legal: Sequence[str]) -> str:
        return self.rng.choice(legal)


BotFactory = Callable[[Any, int, Budget | None], Bot]
"""Makes a bot for a game (a ``Game``; typed loosely so that this module
need not import ``game``), a seed and an optional budget."""
_BOTS: dict[str, BotFactory] = {}


def register_bot(name: str, factory: BotFactory) -> None:
    _BOTS[name] = factory


def bot_names() -> list[str]:
    return sorted(_BOTS)


def make_bot(name: str, game: BotGame, seed: int, budget: Budget | None = None) -> Bot:
    factory = _BOTS.get(name)
    if factory is None:
        raise BadRequest(f"no bot {name!r} (bots: {', '.join(bot_names())})")
    return factory(game, seed, budget)


def _heuristic(game: BotGame, seed: int, budget: Budget | None) -> Bot:
    return game.heuristic_bot(seed)


register_bot("random", lambda game, seed, budget: RandomBot(seed))
register_bot("heuristic", _heuristic)
