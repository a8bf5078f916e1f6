"""Reading game options from the command line: --option name=value, or
--name value for any option the game declares."""

from __future__ import annotations

import json
from typing import Any

from cardroom.core.errors import BadOption
from cardroom.core.game import Game


def parse_value(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text


def collect_options(game: Game, pairs: list[str], extra: list[str]) -> dict[str, Any]:
    """Options from ``--option k=v`` pairs and leftover ``--k v`` arguments."""
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise BadOption(f"--option wants name=value, got {pair!r}")
        options[name.replace("-", "_")] = parse_value(value)
    declared = {o.name for o in game.all_options()}
    i = 0
    while i < len(extra):
        arg = extra[i]
        name = arg[2:].replace("-", "_") if arg.startswith("--") else ""
        if name not in declared:
            raise BadOption(f"unknown argument {arg!r} for {game.name} "
                            f"(its options: {', '.join(sorted(declared))})")
        if "=" in name:
            name, _, value = name.partition("=")
            options[name] = parse_value(value)
            i += 1
            continue
        if i + 1 >= len(extra):
            raise BadOption(f"{arg} needs a value")
        options[name] = parse_value(extra[i + 1])
        i += 2
    return options
