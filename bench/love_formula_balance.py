"""Balance check for Love Formula's reconstructed card sets, and random
self-play throughput.

Heuristic bots play every seat. For each card (design), compare the win rate
of players who held it in their play-phase hand (the 12 drafted cards plus
the Part-Time Job, at the start of Play 1 or Play 2) with that of players who
did not. The issue's bar: no single card's presence swings the win rate by
more than 15 points. Part-Time Jobs are dealt at random, so their figures are
a clean test; other cards are drafted by the bots, so theirs also reflect how
the bot values them.

    .venv/bin/python bench/love_formula_balance.py --games 600 --players 2 3 4
    .venv/bin/python bench/love_formula_balance.py --chance --goals --promo add
    .venv/bin/python bench/love_formula_balance.py --option goals_variant=hidden --goals
    .venv/bin/python bench/love_formula_balance.py --throughput 10 --players 4 --chance

With the expansions on, the chance, goal and VP cards are never held, so the
table lists the cards that are; the promo cards join it with ``--promo``.
``--throughput S`` instead plays seeded random games for S seconds per player
count through the public API (to_act, legal_actions, apply) and prints games/s
and actions/s on one core.

The bots do not read the event log, so views are built without it (speed).
"""

from __future__ import annotations

import argparse
import json
import math
import time
from typing import Any

from cardroom.core.cardset import cards_of
from cardroom.core.rng import Rng
from cardroom.games import get_game
from cardroom.games.love_formula.cards.catalog import CAT
from cardroom.games.love_formula.state import LoveState

BAR = 15.0


def play(players: int, seed: int, options: dict[str, Any]
         ) -> tuple[list[set[int]], list[float], dict[str, float]]:
    game = get_game("love-formula")
    state = game.new(players, seed, options)
    assert isinstance(state, LoveState)
    bots = [game.heuristic_bot(seed * 8 + s) for s in range(players)]
    held: list[set[int]] = [set() for _ in range(players)]
    seen_phase = ""
    while not state.is_over():
        if state.phase() != seen_phase and state.phase().startswith("play"):
            for s in range(players):
                held[s] |= {CAT.design[c] for c in cards_of(state.hands[s])}
        seen_phase = state.phase()
        for seat in list(state.to_act()):
            if seat in state.to_act():
                state.act(seat, bots[seat].choose_for(state, seat))
    result = state.result()
    share = 1.0 / len(result.ranking[0])
    wins = [share if s in result.ranking[0] else 0.0 for s in range(players)]
    stats = game_stats(state)
    return held, wins, stats


def game_stats(state: LoveState) -> dict[str, float]:
    perfect = sum(len(b["perfect"]) for b in state.result().detail["breakdown"])
    couples = sum(len(c) for c in state.couples)
    return {"vp": sum(state.scores()) / state.players, "perfect": perfect / state.players,
            "couples": couples / state.players}


def report(players: int, games: int, options: dict[str, Any]) -> float:
    start = time.perf_counter()
    with_card = [[0.0, 0] for _ in CAT.copies]   # wins, seat-games holding the design
    without = [[0.0, 0] for _ in CAT.copies]
    totals: dict[str, float] = {}
    for seed in range(games):
        held, wins, stats = play(players, seed, options)
        for key, value in stats.items():
            totals[key] = totals.get(key, 0.0) + value / games
        for seat in range(players):
            for d in range(len(CAT.copies)):
                bucket = with_card[d] if d in held[seat] else without[d]
                bucket[0] += wins[seat]
                bucket[1] += 1
    took = time.perf_counter() - start
    print(f"\n{players} players, {games} games ({took:.0f} s): base win rate "
          f"{100 / players:.1f}%, average VP {totals['vp']:.1f}, perfect dates "
          f"{totals['perfect']:.2f}, couples {totals['couples']:.2f} per player")
    rows = []
    for d in range(len(CAT.copies)):
        (w1, n1), (w0, n0) = with_card[d], without[d]
        if not n1 or not n0:
            continue
        p1, p0 = w1 / n1, w0 / n0
        noise = 196 * math.sqrt(p1 * (1 - p1) / n1 + p0 * (1 - p0) / n0)
        rows.append((100 * (p1 - p0), noise, n1, CAT.name_en[d]))
    rows.sort(key=lambda r: -abs(r[0]))
    print("  swing (points)  +-95%   held by   card")
    for swing, noise, n1, name in rows[:12]:
        print(f"  {swing:+8.1f}      {noise:5.1f}   {n1:6d}    {name}")
    jobs = [r for r in rows if CAT.jobs >> CAT.copies[CAT.name_en.index(r[3])][0] & 1]
    print("  Part-Time Jobs: " + ", ".join(f"{r[3]} {r[0]:+.1f}" for r in jobs))
    worst = abs(rows[0][0]) if rows else 0.0
    print(f"  largest swing {worst:.1f} points (bar: {BAR:.0f})")
    return worst


def throughput(players: int, seconds: float, options: dict[str, Any]) -> None:
    """Seeded uniform-random self-play through the public API, on one core."""
    game = get_game("love-formula")
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new(players, games, options)
        rng = Rng(games)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])
            actions += 1
        games += 1
    took = time.perf_counter() - start
    print(f"{players} players {json.dumps(options)}: {games / took:.1f} games/s, "
          f"{actions / took:.0f} actions/s ({games} games, {actions / games:.0f} actions "
          "each)")


def options_of(args: argparse.Namespace) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in args.option:
        name, _, value = pair.partition("=")
        try:
            options[name] = json.loads(value)
        except ValueError:
            options[name] = value
    if args.chance:
        options["chance"] = True
    if args.goals:
        options["goals"] = True
    if args.promo:
        options["promo"] = args.promo
    return options


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--chance", action="store_true", help="the Chance expansion")
    parser.add_argument("--goals", action="store_true", help="#RelationshipGoals")
    parser.add_argument("--promo", choices=["none", "replace", "add"], help="the promo pack")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="any other game option, e.g. goals_variant=hidden")
    parser.add_argument("--throughput", type=float, metavar="SECONDS",
                        help="measure random self-play speed instead")
    args = parser.parse_args()
    options = options_of(args)
    get_game("love-formula").new(2, 0, options)  # fail fast on bad options
    if args.throughput:
        for n in args.players:
            throughput(n, args.throughput, options)
        return
    worst = max(report(n, args.games, options) for n in args.players)
    print(f"\nLargest swing over all player counts: {worst:.1f} points "
          f"({'within' if worst <= BAR else 'OVER'} the {BAR:.0f}-point bar)")


if __name__ == "__main__":
    main()
