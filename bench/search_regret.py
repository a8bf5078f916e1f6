"""Would a longer search choose better? Regret against a much longer one.

At seeded positions of heuristic self-play (bench/ismcts_speed.py's), an
*oracle* search (``ismcts`` with many iterations and no prior) estimates
each legal move's mean reward. Every contender (the heuristic, and
``ismcts`` at a few iteration counts, with the game's prior and without)
then decides at the same positions, a few times each with its own seeds.
Reported per contender: the mean *regret* (the oracle's value of its most
visited move minus its value of the contender's move) and how often the
contender picked the oracle's move.

The oracle judges lines as the search does (same playouts, same reward),
so this measures how far a search is from what more of the same search
would choose, not absolute strength: falling regret with iterations says
the budget still limits the search; flat regret says it does not, and
only the arena tells whether the choices win more.

    .venv/bin/python bench/search_regret.py pile-up --players 4 --positions 30 --oracle 20000
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from cardroom.core.bot import make_bot
from cardroom.games import get_game
from cardroom.plugins import load_everything
from cardroom.search import IsmctsBot
from ismcts_speed import positions  # bench/ is the script's folder

REPEATS = 3


def oracle_values(game: Any, view: dict[str, Any], legal: list[str], iterations: int,
                  seed: int) -> tuple[dict[str, float], str]:
    """The oracle's mean reward per move, and its most visited move."""
    bot = make_bot("ismcts", game, seed, {"iterations": iterations, "prior": 0})
    assert isinstance(bot, IsmctsBot)
    search = bot.new_search(view)
    first = search.determinize()
    by_action = {first.parse_action(text): text for text in legal}
    children = search.run({a for a in by_action if a is not None}, first)
    values = {by_action[a]: n.total / n.visits for a, n in children.items() if n.visits}
    best = by_action[max(children, key=lambda a: children[a].visits)]
    return values, best


def contenders(iterations: list[int]) -> dict[str, tuple[str, dict[str, Any] | None]]:
    found: dict[str, tuple[str, dict[str, Any] | None]] = {"heuristic": ("heuristic", None)}
    for n in iterations:
        found[f"ismcts {n}"] = ("ismcts", {"iterations": n})
        found[f"ismcts {n}, prior 0"] = ("ismcts", {"iterations": n, "prior": 0})
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--oracle", type=int, default=20000, help="the oracle's iterations")
    parser.add_argument("--iterations", default="300,900,3000",
                        help="comma list of the contenders' iterations")
    parser.add_argument("--seed", type=int, default=77)
    args = parser.parse_args()
    load_everything()
    game = get_game(args.game)
    field = contenders([int(n) for n in args.iterations.split(",")])
    totals = {name: [0.0, 0, 0] for name in field}  # regret, decisions, agreements
    start = time.perf_counter()
    for k, (view, legal) in enumerate(positions(game.id, args.players, args.positions,
                                                args.seed)):
        values, best = oracle_values(game, view, legal, args.oracle, 999 + k)
        for name, (bot_name, budget) in field.items():
            repeats = 1 if budget is None else REPEATS
            for j in range(repeats):
                move = make_bot(bot_name, game, 5000 + 7 * k + j, budget).choose(view, legal)
                entry = totals[name]
                entry[0] += values[best] - values.get(move, min(values.values()))
                entry[1] += 1
                entry[2] += move == best
    print(f"{game.id}, {args.players} players, {args.positions} positions, oracle "
          f"{args.oracle} iterations ({time.perf_counter() - start:.0f} s)")
    for name, (regret, count, agree) in totals.items():
        print(f"  {name:22} mean regret {regret / count:.4f}  "
              f"picks the oracle's move {agree / count:.2f}")


if __name__ == "__main__":
    main()
