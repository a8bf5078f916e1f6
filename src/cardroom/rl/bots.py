"""Bots from research libraries, registered by name for every front end
(a plugin of ``cardroom.plugins``). The library itself is imported only
when such a bot is made, so a front end that never seats one never loads
it, and one without the extra gets a clear message."""

from __future__ import annotations

from typing import Any

from cardroom.core.bot import Bot, register_bot
from cardroom.core.errors import BadRequest


def _openspiel_ismcts(game: Any, seed: int, budget: Any) -> Bot:
    try:
        from cardroom.rl.spielbot import factory
    except ImportError as err:
        raise BadRequest("openspiel-ismcts needs OpenSpiel: install the extra with "
                         "pip install -c constraints.txt '.[openspiel]'") from err
    return factory(game, seed, budget)


register_bot("openspiel-ismcts", _openspiel_ismcts)
