"""Game-independent contracts: states, games, options, RNG, records, bots."""

from cardroom.core.bot import Bot, RandomBot, bot_names, make_bot, play_out, register_bot
from cardroom.core.errors import (
    BadOption,
    BadRecord,
    BadRequest,
    CardroomError,
    GameOver,
    IllegalAction,
    NoGame,
    NotYourTurn,
    UnknownGame,
)
from cardroom.core.game import Event, Game, Result, State, rank, visible
from cardroom.core.options import Option
from cardroom.core.record import Record, replay
from cardroom.core.registry import get, register, registered
from cardroom.core.rng import Rng

__all__ = [
    "BadOption", "BadRecord", "BadRequest", "Bot", "CardroomError", "Event", "Game",
    "GameOver", "IllegalAction", "NoGame", "NotYourTurn", "Option", "RandomBot",
    "Record", "Result", "Rng", "State", "UnknownGame", "bot_names", "get", "make_bot",
    "play_out", "rank", "register", "register_bot", "registered", "replay", "visible",
]
