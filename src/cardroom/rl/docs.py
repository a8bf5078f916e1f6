"""The observation tables of the rules pages (docs/games/<game>.md,
"Observation tensor"), generated from each game's layout:

    python -m cardroom.rl.docs papayoo
"""

from __future__ import annotations

import sys

from cardroom.core.game import Game
from cardroom.games import get_game


def size_formula(per_seat: int, fixed: int) -> str:
    """A field's size in the player count n: ``60``, ``n``, ``5n``, ``2n + 1``."""
    seat = "" if per_seat == 0 else ("n" if per_seat == 1 else f"{per_seat}n")
    if not seat:
        return str(fixed)
    return f"{seat} + {fixed}" if fixed else seat


def observation_table(game: Game) -> str:
    """Field, size (n = players) and meaning, in layout order."""
    low = game.min_players
    high = low + 1 if low < game.max_players else low
    layouts = [game.encoding.layout(n, game.new(n, 0).options) for n in (low, high)]
    rows = ["| field | size | meaning |", "| --- | --- | --- |"]
    for a, b in zip(layouts[0].fields, layouts[1].fields, strict=True):
        per_seat = (b.size - a.size) // (high - low) if high != low else 0
        rows.append(f"| `{a.name}` | {size_formula(per_seat, a.size - per_seat * low)} "
                    f"| {a.meaning} |")
    return "\n".join(rows)


if __name__ == "__main__":
    print(observation_table(get_game(sys.argv[1])))
