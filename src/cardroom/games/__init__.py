"""Game packages. Each subpackage registers its game when imported;
``load_all`` imports every subpackage found here, so adding a game needs no
edit outside its own package."""

from __future__ import annotations

import importlib
import pkgutil

from cardroom.core import registry
from cardroom.core.game import Game

_loaded = False


def load_all() -> None:
    global _loaded
    if _loaded:
        return
    for info in pkgutil.iter_modules(__path__):
        if info.ispkg:
            importlib.import_module(f"{__name__}.{info.name}")
    _loaded = True


def get_game(game_id: str) -> Game:
    load_all()
    return registry.get(game_id)


def all_games() -> list[Game]:
    load_all()
    return registry.registered()
