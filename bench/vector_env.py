"""Learner steps per second of the batched environment (cardroom.rl.vector)
beside its peer, N separate CardroomEnv stepped in a Python loop, for
N = 1, 16 and 256 games of every game.

Both sides play the same tables: the learner at seat 0 picks a uniformly
random legal action from the mask it was given, the other seats are
``random`` bots (so that the environment, not the bots, is measured), and
a finished game starts anew (the vector env on its next step, as Gymnasium's
NEXT_STEP auto-reset; the peer by calling ``reset()``). A learner step is
an action applied to a game: the vector env's restart steps, where the
action is ignored, are not counted, though their cost is. Building and
first resetting the envs is left out of the time. Times are CPU time of
this process (``time.process_time``), so load elsewhere on the machine
hardly moves them; each entry runs for ``--seconds`` and at least one step.

    .venv/bin/python bench/vector_env.py                       # every game, 1 s each
    .venv/bin/python bench/vector_env.py --games papayoo pile-up --seconds 3
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from cardroom import compiled
from cardroom.games import all_games, get_game
from cardroom.rl.gym import CardroomEnv
from cardroom.rl.match import default_players
from cardroom.rl.vector import CardroomVectorEnv

Rng = np.random.Generator
Step = Callable[[], int]


def random_legal(mask: np.ndarray[Any, Any], rng: Rng) -> int:
    """A uniformly random legal index of one game's mask (0 where none is
    legal: an ended game, whose action the vector env ignores). Both sides
    pick with this, game by game, so that the policy costs them alike."""
    legal = np.flatnonzero(mask)
    return int(legal[rng.integers(len(legal))]) if len(legal) else 0


def vector_stepper(game: str, n: int, seed: int) -> Step:
    env = CardroomVectorEnv(game, n, default_players(get_game(game)), opponents="random")
    rng = np.random.default_rng(seed)
    masks = env.reset(seed=seed)[1]["action_mask"]
    ended = 0  # games that ended at the last step start anew: no action applied

    def step() -> int:
        nonlocal masks, ended
        _, _, terminated, truncated, info = env.step([random_legal(row, rng) for row in masks])
        masks, live = info["action_mask"], n - ended
        ended = int(np.count_nonzero(terminated | truncated))
        return live

    return step


def separate_stepper(game: str, n: int, seed: int) -> Step:
    players = default_players(get_game(game))
    envs = [CardroomEnv(game, players, opponents="random") for _ in range(n)]
    # CardroomEnv's masks are int8 0/1: read as bools (a view, no copy), since
    # numpy finds the True entries of a bool array 25 times as fast (Muzicando)
    masks = [env.reset(seed=seed + i)[1]["action_mask"].view(np.bool_)
             for i, env in enumerate(envs)]
    rng = np.random.default_rng(seed)

    def step() -> int:
        for i, env in enumerate(envs):
            _, _, terminated, truncated, info = env.step(random_legal(masks[i], rng))
            if terminated or truncated:
                _, info = env.reset()
            masks[i] = info["action_mask"].view(np.bool_)
        return n

    return step


def rate(step: Step, seconds: float) -> float:
    """Learner steps per CPU second, over at least ``seconds`` and one step."""
    done, start = 0, time.process_time()
    while True:
        done += step()
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return done / elapsed


def compare(game: str, n: int, seconds: float, rounds: int, seed: int) -> list[float]:
    """Median vector and separate rates and the median, lowest and highest
    of their ratio, each ratio taken within one round: the two sides run
    in alternating slots, so a burst of load elsewhere hits both alike."""
    vector, separate = vector_stepper(game, n, seed), separate_stepper(game, n, seed)
    pairs = [(rate(vector, seconds / rounds), rate(separate, seconds / rounds))
             for _ in range(rounds)]
    ratios = [v / s for v, s in pairs]
    return [statistics.median(v for v, _ in pairs), statistics.median(s for _, s in pairs),
            statistics.median(ratios), min(ratios), max(ratios)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=[g.id for g in all_games()])
    parser.add_argument("--sizes", nargs="+", type=int, default=[1, 16, 256])
    parser.add_argument("--seconds", type=float, default=1.0,
                        help="CPU seconds per side and entry (default 1)")
    parser.add_argument("--rounds", type=int, default=3,
                        help="alternating slots the seconds are cut into (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    engines = "compiled" if compiled.ACTIVE else f"pure Python ({compiled.REASON})"
    print(f"engines: {engines}; {args.seconds:g} CPU s per side and entry in "
          f"{args.rounds} alternating rounds; ratio: median (lowest-highest)\n")
    print("| game | players | N | vector steps/s | separate steps/s | vector / separate |")
    print("| --- | --- | --- | --- | --- | --- |")
    for game in args.games:
        players = default_players(get_game(game))
        for n in args.sizes:
            vector, separate, ratio, low, high = compare(game, n, args.seconds, args.rounds,
                                                         args.seed)
            print(f"| {game} | {players} | {n} | {vector:,.0f} | {separate:,.0f} | "
                  f"{ratio:.2f}x ({low:.2f}-{high:.2f}) |", flush=True)


if __name__ == "__main__":
    main()
