"""Random self-play throughput of every registered game, on one core.

Each game is played from a fresh seeded state to the end by a seeded
uniform-random policy over the public API (to_act, legal_actions, apply),
for a fixed time. When OpenSpiel is installed (pip install '.[bench]'),
its Hearts is measured the same way through pyspiel in the same run, with
chance outcomes sampled by their probabilities, and the ratios are printed.

    python3 run.py bench                 # every game, 3 s each
    python3 run.py bench --seconds 10 --games papayoo
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from typing import Any

from cardroom.core.rng import Rng
from cardroom.games import all_games, get_game

Measure = dict[str, float]

# Extra option sets measured beside each game's defaults.
VARIANTS: dict[str, list[tuple[str, dict[str, Any]]]] = {
    # One deal: the same unit as an OpenSpiel Hearts game.
    "papayoo": [("one round", {"rounds": 1})],
    "love-formula": [("all expansions", {"chance": True, "goals": True, "promo": "add"})],
}


def timed(play_one: Callable[[int], int], seconds: float) -> Measure:
    games = actions = 0
    start = time.perf_counter()
    while True:
        actions += play_one(games)
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            break
    return {"games": games, "actions": actions, "seconds": elapsed,
            "games_per_s": games / elapsed, "actions_per_s": actions / elapsed}


def cardroom_game(game_id: str, players: int, options: dict[str, Any]) -> Callable[[int], int]:
    game = get_game(game_id)

    def play_one(index: int) -> int:
        state = game.new(players, index, options)
        rng = Rng(index)
        count = 0
        while not state.is_over():
            seat = state.to_act()[0]
            actions = state.legal_actions(seat)
            state.apply(seat, actions[rng.below(len(actions))])
            count += 1
        return count

    return play_one


def openspiel_hearts() -> Callable[[int], int] | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")

    def play_one(index: int) -> int:
        rng = random.Random(index)
        state = game.new_initial_state()
        count = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                count += 1
        return count

    return play_one


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--games", help="comma list of game ids (default: all)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    wanted = args.games.split(",") if args.games else [g.id for g in all_games()]
    rows: dict[str, Measure] = {}
    for game in all_games():
        if game.id not in wanted:
            continue
        players = max(game.min_players, min(4, game.max_players))
        rows[f"{game.id} ({players}p, default options)"] = timed(
            cardroom_game(game.id, players, {}), args.seconds)
        for label, options in VARIANTS.get(game.id, []):
            rows[f"{game.id} ({players}p, {label})"] = timed(
                cardroom_game(game.id, players, options), args.seconds)
    hearts = openspiel_hearts()
    if hearts is not None:
        rows["openspiel hearts (4p, one deal; pyspiel)"] = timed(hearts, args.seconds)
    report(rows, args.json)


def report(rows: dict[str, Measure], as_json: bool) -> None:
    peer = rows.get("openspiel hearts (4p, one deal; pyspiel)")
    if as_json:
        print(json.dumps(rows, indent=1))
        return
    print(f"{'game':<44} {'games/s':>10} {'actions/s':>11} {'vs hearts':>10}")
    for name, m in rows.items():
        ratio = f"{m['actions_per_s'] / peer['actions_per_s']:.2f}x" if peer else "-"
        print(f"{name:<44} {m['games_per_s']:>10.1f} {m['actions_per_s']:>11.0f} {ratio:>10}")
    if peer is None:
        print("(OpenSpiel not installed: pip install -c constraints.txt '.[bench]' for the peer)")
    else:
        print("vs hearts: actions/s relative to OpenSpiel Hearts' decision actions/s "
              "(its chance deal is played but not counted).")


if __name__ == "__main__":
    main()
