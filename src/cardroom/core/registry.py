"""Games register themselves here; the core knows no game by name."""

from __future__ import annotations

from cardroom.core.errors import CardroomError, UnknownGame
from cardroom.core.game import Game, State
from cardroom.core.record import Record

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


def replay(record: Record) -> State:
    """The state after every action of the record; the first illegal action
    raises the same typed error as at the table, naming its position."""
    state = get(record.game).new(record.players, record.seed, record.options)
    for i, (seat, action) in enumerate(record.actions):
        try:
            state.act(seat, action)
        except CardroomError as err:
            err.message = f"record action {i + 1} ({seat}: {action!r}): {err.message}"
            err.args = (err.message,)
            raise
    return state
