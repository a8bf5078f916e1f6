"""What every front end (CLI, engine, web) loads before it serves: all game
packages, and the optional search bots, which register themselves."""

from __future__ import annotations

import importlib

from cardroom.games import load_all

_PLUGINS = ("cardroom.search", "cardroom.rl.bots")


def load_everything() -> None:
    load_all()
    for name in _PLUGINS:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as err:
            if err.name != name:
                raise
