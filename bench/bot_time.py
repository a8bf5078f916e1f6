"""CPU seconds a named bot takes per move on mid-game positions, to match
two bots' time per move (docs/bots.md: OpenSpiel's ISMCTS against ours).

    .venv/bin/python bench/bot_time.py papayoo 3 hard openspiel-ismcts:simulations=100
"""

from __future__ import annotations

import argparse
import random
import time

from cardroom.arena import parse_bot
from cardroom.core.bot import make_bot
from cardroom.frontend import load_everything
from cardroom.games import get_game

SHORT = {"papayoo": {"rounds": 1}, "pizzamania": {"rounds": 1}}


def positions(game_id: str, players: int, count: int) -> list[tuple[object, int]]:
    """Seeded positions a few random moves in, each with a seat that has a choice."""
    game, found = get_game(game_id), []
    for seed in range(count * 4):
        state, rng = game.new(players, seed, SHORT.get(game_id, {})), random.Random(seed)
        for _ in range(rng.randrange(3, 12)):
            if state.is_over():
                break
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        if not state.is_over() and len(state.legal_texts(state.to_act()[-1])) > 1:
            found.append((state, state.to_act()[-1]))
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
        spec, times = parse_bot(text), []
        for index, (state, seat) in enumerate(spots):
            bot = make_bot(spec.name, game, index, spec.budget)
            start = time.process_time()
            bot.choose(state.view(seat), state.legal_texts(seat))  # type: ignore[attr-defined]
            times.append(time.process_time() - start)
        print(f"{args.game} {args.players}p {text:<36} CPU s/move mean "
              f"{sum(times) / len(times):.3f} max {max(times):.3f} over {len(times)}")


if __name__ == "__main__":
    main()
