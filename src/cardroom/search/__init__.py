"""Search bots. Importing this package registers ``ismcts`` and the
strengths (``easy``, ``medium``, ``hard``: ``strengths``) with the bot
registry, so every front end (play, simulate, the engine's ``suggest``,
the arena) can name it; ``cardroom.plugins.load_everything`` imports it."""

from __future__ import annotations

from cardroom.core.bot import register_bot
from cardroom.search.bot import (
    DEFAULT_ITERATIONS,
    IsmctsBot,
    default_iterations,
    factory,
    parse_budget,
)
from cardroom.search.ismcts import Config, Search, Stats
from cardroom.search.strengths import STRENGTHS
from cardroom.search.strengths import register as register_strengths

register_bot("ismcts", factory)
register_strengths()

__all__ = [
    "DEFAULT_ITERATIONS", "STRENGTHS", "Config", "IsmctsBot", "Search", "Stats",
    "default_iterations",
    "parse_budget",
]
