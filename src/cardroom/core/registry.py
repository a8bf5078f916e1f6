"""Games register themselves here; the core knows no game by name."""

from __future__ import annotations

from cardroom.core.errors import UnknownGame
from cardroom.core.game import Game

_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    if game.id in _GAMES and _GAMES[game.id] is not game:
        raise ValueError(f"game id {game.id!r} registered twice")
    _GAMES[game.id] = game
    return game


def get(game_id: str) -> Game:
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise UnknownGame(f"no game {game_id!r} (games: {known})") from None


def registered() -> list[Game]:
    return [_GAMES[k] for k in sorted(_GAMES)]
