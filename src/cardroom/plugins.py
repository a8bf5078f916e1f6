"""The plugin loader: what every front end (CLI, engine, web) loads before
it serves: all game packages, and the optional bot packages (search, RL),
which register themselves by name when imported."""

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
