"""CPU seconds a named bot takes per move on mid-game positions, to match
two bots' time per move (docs/bots.md: OpenSpiel's ISMCTS against ours).

    .venv/bin/python bench/bot_time.py papayoo 3 hard openspiel-ismcts:simulations=100
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from typing import Any

from cardroom.arena import parse_bot
from cardroom.core.bot import Seen, make_bot
from cardroom.core.game import Game
from cardroom.games import get_game
from cardroom.plugins import load_everything

SHORT = {"papayoo": {"rounds": 1}, "pizzamania": {"rounds": 1}}


Spot = tuple[Seen, list[str]]  # a seat's view and its legal actions


def timed(game: Game, name: str, budget: dict[str, Any] | None,
          spots: Sequence[Spot]) -> tuple[list[float], list[float]]:
    """CPU and wall seconds a fresh bot (seeded by the spot's index) takes at each spot."""
    cpu: list[float] = []
    wall: list[float] = []
    for index, (view, legal) in enumerate(spots):
        bot = make_bot(name, game, index, budget)
        c, w = time.process_time(), time.perf_counter()
        bot.choose(view, legal)
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - w)
    return cpu, wall


def positions(game_id: str, players: int, count: int) -> list[Spot]:
    """Seeded positions a few random moves in, each with a seat that has a choice."""
    game, found = get_game(game_id), list[Spot]()
    for seed in range(count * 4):
        state, rng = game.new(players, seed, SHORT.get(game_id, {})), random.Random(seed)
        for _ in range(rng.randrange(3, 12)):
            if state.is_over():
                break
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        seat = -1 if state.is_over() else state.to_act()[-1]
        if seat >= 0 and len(state.legal_texts(seat)) > 1:
            found.append((state.view(seat), state.legal_texts(seat)))
        if len(found) == count:
            break
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("players", type=int)
    parser.add_argument("bots", nargs="+", help="bot specs as the arena takes them")
    parser.add_argument("--positions", type=int, default=4)
    args = parser.parse_args()
    load_everything()
    game = get_game(args.game)
    spots = positions(args.game, args.players, args.positions)
    for text in args.bots:
        spec = parse_bot(text)
        times, _ = timed(game, spec.name, spec.budget, spots)
        print(f"{args.game} {args.players}p {text:<36} CPU s/move mean "
              f"{sum(times) / len(times):.3f} max {max(times):.3f} over {len(times)}")


if __name__ == "__main__":
    main()
