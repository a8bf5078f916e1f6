"""ISMCTS speed on one core: iterations per second and time per move.

For each registered game (default options, 4 players where allowed), games
are played by heuristic bots; at seeded positions spread over the whole game
(every seat, every phase; only decisions with two or more legal actions) the
``ismcts`` bot decides from that seat's view with the given budget, and its
search is timed in CPU seconds of this process (the time one core spends,
unaffected by other load on the machine; wall clock is shown too). Reported
per game: positions searched, iterations per
second, and the time per move (mean, 95th percentile, max).

    .venv/bin/python bench/ismcts_speed.py                       # default budget
    .venv/bin/python bench/ismcts_speed.py --games papayoo --positions 60
    .venv/bin/python bench/ismcts_speed.py --budget '{"iterations": 1000}' --json
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from cardroom.core.bot import make_bot
from cardroom.core.rng import Rng
from cardroom.games import all_games
from cardroom.plugins import load_everything
from cardroom.search import IsmctsBot, default_iterations


def positions(game_id: str, players: int, count: int, seed: int) -> list[tuple[dict[str, Any],
                                                                             list[str]]]:
    """``count`` (view, legal) decision points from heuristic self-play."""
    from cardroom.games import get_game

    game = get_game(game_id)
    found: list[tuple[dict[str, Any], list[str]]] = []
    index = 0
    while len(found) < count:
        state = game.new(players, seed + index)
        bots = [make_bot("heuristic", game, seed + index * 31 + s) for s in range(players)]
        points: list[tuple[dict[str, Any], list[str]]] = []
        while not state.is_over():
            for seat in tuple(state.to_act()):
                if seat not in state.to_act():
                    continue
                legal = state.legal_texts(seat)
                if len(legal) > 1:
                    points.append((state.view(seat), legal))
                state.act(seat, bots[seat].choose_for(state, seat))
        rng = Rng(seed ^ index)
        rng.shuffle(points)
        # A few positions per game, so early, middle and late play all count.
        found += points[:max(1, count // 3)]
        index += 1
    return found[:count]


def measure(game_id: str, players: int, budget: dict[str, Any], count: int,
            seed: int) -> dict[str, Any]:
    from cardroom.games import get_game

    game = get_game(game_id)
    # The registered bot, as players get it (the game's prior and playout policy).
    probe = make_bot("ismcts", game, seed, budget or None)
    assert isinstance(probe, IsmctsBot)
    times: list[float] = []
    walls: list[float] = []
    iterations = 0
    for i, (view, legal) in enumerate(positions(game_id, players, count, seed)):
        bot = make_bot("ismcts", game, seed + i, budget or None)
        assert isinstance(bot, IsmctsBot)
        start, wall = time.process_time(), time.perf_counter()
        bot.choose(view, legal)
        times.append(time.process_time() - start)
        walls.append(time.perf_counter() - wall)
        assert bot.last is not None
        iterations += bot.last.iterations
    total = sum(times)
    ordered = sorted(times)
    return {
        "players": players, "positions": len(times),
        "budget": budget or {"iterations": probe.config.iterations, "ms": probe.config.ms,
                             "rollout": probe.config.rollout},
        "iterations_per_move": iterations / len(times),
        "default_iterations": default_iterations(game),
        "iterations_per_s": iterations / total,
        "move_s_mean": total / len(times),
        "move_s_p95": ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))],
        "move_s_max": ordered[-1],
        "wall_s_mean": sum(walls) / len(walls),
        "wall_s_max": max(walls),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", help="comma list of game ids (default: all)")
    parser.add_argument("--players", type=int, help="players (default: 4, or the nearest allowed)")
    parser.add_argument("--positions", type=int, default=30, help="positions per game")
    parser.add_argument("--budget", default="{}", help="budget JSON (default: the bot's default)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    load_everything()
    budget = json.loads(args.budget)
    wanted = args.games.split(",") if args.games else None
    rows: dict[str, dict[str, Any]] = {}
    for game in all_games():
        if wanted is not None and game.id not in wanted:
            continue
        players = args.players or max(game.min_players, min(4, game.max_players))
        rows[game.id] = measure(game.id, players, budget, args.positions, args.seed)
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    shown = json.dumps(budget) if budget else "each game's default"
    print(f"ismcts budget: {shown}; one process on one core. Times are CPU seconds of")
    print("this process (what one core spends); wall clock, which also counts other")
    print("processes sharing the machine, is shown beside them.")
    print(f"{'game':<14} {'players':>7} {'iterations':>10} {'positions':>9} {'iter/s':>8} "
          f"{'s/move mean':>11} {'p95':>6} {'max':>6} {'wall mean':>9} {'wall max':>8}")
    for name, r in rows.items():
        its = r["budget"].get("iterations", "-")
        print(f"{name:<14} {r['players']:>7} {its!s:>10} {r['positions']:>9} "
              f"{r['iterations_per_s']:>8.0f} "
              f"{r['move_s_mean']:>11.3f} {r['move_s_p95']:>6.3f} {r['move_s_max']:>6.3f} "
              f"{r['wall_s_mean']:>9.3f} {r['wall_s_max']:>8.3f}")


if __name__ == "__main__":
    main()
