"""Game-independent contracts: states, games, options, RNG, records, bots."""

from cardroom.core.bot import Bot, RandomBot, bot_names, make_bot, register_bot
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
from cardroom.core.events import PUBLIC, Event, Log, Viewer, visible
from cardroom.core.game import Game, Result, State
from cardroom.core.options import Option
from cardroom.core.ranking import rank
from cardroom.core.record import Record
from cardroom.core.registry import get, register, registered, replay
from cardroom.core.rng import Rng
from cardroom.core.table import BotTurn, Cursor, TableDriver, Thought, play_out, think

__all__ = [
    "PUBLIC",
    "BadOption",
    "BadRecord",
    "BadRequest",
    "Bot",
    "BotTurn",
    "CardroomError",
    "Cursor",
    "Event",
    "Game",
    "GameOver",
    "IllegalAction",
    "Log",
    "NoGame",
    "NotYourTurn",
    "Option",
    "RandomBot",
    "Record",
    "Result",
    "Rng",
    "State",
    "TableDriver",
    "Thought",
    "UnknownGame",
    "Viewer",
    "bot_names",
    "get",
    "make_bot",
    "play_out",
    "rank",
    "register",
    "register_bot",
    "registered",
    "replay",
    "think",
    "visible",
]
