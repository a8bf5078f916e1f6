"""How long the ``hard`` strength takes per move (issue 16: under a second on
one core at every player count).

For every game at its smallest, usual (4, or the nearest allowed) and largest
player count, ``hard`` decides at seeded positions of heuristic self-play
(bench/ismcts_speed.py's positions); CPU and wall seconds per move, mean and
max.

    .venv/bin/python bench/hard_time.py
    .venv/bin/python bench/hard_time.py --positions 20 --games papayoo
"""

from __future__ import annotations

import argparse

from bot_time import timed  # bench/ is the script's folder
from cardroom.games import all_games
from cardroom.plugins import load_everything
from ismcts_speed import positions


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", help="comma list of game ids (default: all)")
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    load_everything()
    wanted = set(args.games.split(",")) if args.games else None
    for game in all_games():
        if wanted is not None and game.id not in wanted:
            continue
        usual = max(game.min_players, min(4, game.max_players))
        for players in sorted({game.min_players, usual, game.max_players}):
            spots = positions(game.id, players, args.positions, args.seed)
            cpu, wall = timed(game, "hard", None, spots)
            print(f"{game.id:13} {players}p  cpu mean {sum(cpu) / len(cpu):.3f} "
                  f"max {max(cpu):.3f}  wall mean {sum(wall) / len(wall):.3f} "
                  f"max {max(wall):.3f}", flush=True)


if __name__ == "__main__":
    main()
