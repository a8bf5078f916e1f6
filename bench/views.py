"""What a view costs as a game grows: random self-play that builds the acting
seat's view before every action, timed per quarter of the game.

Three ways of building the view are measured in the same run, on one core:

``indexed``  ``state.view(seat)``: the seat's whole log from the log's
             per-viewer index (what bots get);
``since``    ``state.view(seat, since=cursor)``: only what is new since the
             seat's last view (what a client that keeps ``log_size`` asks);
``filter``   the peer: the whole log filtered for the seat on every view, as
             views were built before the index (one pass over every event);
``table``    the view without any log: what the game's own table costs.

Flat figures across the quarters mean the cost does not grow with the game;
the last column is each way's last quarter over its first. Where ``table``
itself grows (Love Formula's zones and discard pile fill up), ``since``
grows with it and no faster: the log adds a constant.

    .venv/bin/python bench/views.py                      # Papayoo, 8 players, 8 rounds
    .venv/bin/python bench/views.py --game love-formula --players 4
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

from cardroom.core.events import visible
from cardroom.core.game import State
from cardroom.core.rng import Rng
from cardroom.games import get_game

Build = Callable[[State, int, dict[int, int]], Any]


def indexed(state: State, seat: int, cursors: dict[int, int]) -> Any:
    return state.view(seat)


def since(state: State, seat: int, cursors: dict[int, int]) -> Any:
    view = state.view(seat, since=cursors.get(seat, 0))
    cursors[seat] = view["log_size"]
    return view


def filtered(state: State, seat: int, cursors: dict[int, int]) -> Any:
    view = state.view(seat, log=False)
    view["log"] = [e for e in state.log if visible(e, seat)]
    return view


def table_only(state: State, seat: int, cursors: dict[int, int]) -> Any:
    return state.view(seat, log=False)


WAYS: dict[str, Build] = {"indexed": indexed, "since": since, "filter": filtered,
                          "table": table_only}


def one_game(game_id: str, players: int, options: dict[str, Any], seed: int,
             build: Build) -> list[tuple[int, float]]:
    """(step, seconds spent building the view at that step) for one game."""
    state = get_game(game_id).new(players, seed, options)
    rng, cursors, out = Rng(seed), {}, []
    step = 0
    while not state.is_over():
        seat = state.to_act()[0]
        start = time.process_time()
        build(state, seat, cursors)
        out.append((step, time.process_time() - start))
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.below(len(actions))])
        step += 1
    return out


def quarters(samples: list[tuple[int, float]]) -> list[float]:
    """Mean microseconds per view in each quarter of the game."""
    steps = samples[-1][0] + 1
    sums, counts = [0.0] * 4, [0] * 4
    for step, seconds in samples:
        q = min(3, 4 * step // steps)
        sums[q] += seconds
        counts[q] += 1
    return [1e6 * s / max(1, c) for s, c in zip(sums, counts, strict=True)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="papayoo")
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=8, help="Papayoo's rounds option")
    args = parser.parse_args()
    options = {"rounds": args.rounds} if args.game == "papayoo" else {}
    totals: dict[str, list[list[float]]] = {name: [] for name in WAYS}
    for seed in range(args.games):
        for name, build in WAYS.items():  # interleaved: each way plays every deal
            totals[name].append(quarters(one_game(args.game, args.players, options, seed,
                                                  build)))
    print(f"{args.game}, {args.players} players, options {options}, {args.games} games: "
          "microseconds per view, by quarter of the game")
    print(f"{'way':<10}{'Q1':>10}{'Q2':>10}{'Q3':>10}{'Q4':>10}{'Q4/Q1':>8}")
    for name, rows in totals.items():
        means = [sum(r[q] for r in rows) / len(rows) for q in range(4)]
        print(f"{name:<10}" + "".join(f"{m:>10.1f}" for m in means)
              + f"{means[3] / means[0]:>8.2f}")


if __name__ == "__main__":
    main()
