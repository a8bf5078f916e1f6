"""Stress test: many seeded random games of every game, invariants checked.

For each game, N games are played by a seeded uniform-random policy over the
text API (to_act, legal_texts, act), across every player count and every
option combination the game accepts, checking ``state.invariant_errors()``
after every action (every K with ``--check-every K``). Any exception, any
invariant error and any game that has not ended after 100,000 actions (a
hang) is a crash: it is recorded with its reproduction (game, players,
options, seed) and the run goes on. Not part of the test suite.

Option combinations: bool options take both values, options with choices
every choice (plus the derived default), int options their default and their
minimum. The cartesian product is probed with ``game.new`` for every player
count; the (players, combination) pairs a game refuses (BadOption) are
skipped and counted as refused. At most 64 accepted combinations per game
are kept, picked deterministically and spread evenly over the product (the
output says when). The N games of a game cycle over the accepted pairs.

    .venv/bin/python bench/stress.py                          # 1000 games per game
    .venv/bin/python bench/stress.py --games 100000 --jobs 2 --check-every 10
    .venv/bin/python bench/stress.py --only papayoo,pile-up --games 300 --json
    .venv/bin/python bench/stress.py --repro '{"game": "papayoo", "players": 3, ...}'

Work goes to ``--jobs`` spawned processes in batches of 200 games. The exit
status is 1 when any game crashed, else 0.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import sys
import time
import traceback
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardroom.core.errors import BadOption
from cardroom.core.game import Game, State
from cardroom.core.rng import Rng
from cardroom.games import all_games, get_game

MAX_ACTIONS = 100_000
MAX_COMBOS = 64
MAX_PROBED = 4096  # product entries probed with game.new before the cap
BATCH = 200
POLICY_SALT = 0x57E55
SEED_STRIDE = 10**7  # game i of a run with --seed S has seed S * SEED_STRIDE + i
CRASHES_KEPT = 20  # repros kept per batch (all crashes are counted)
TARGET = 100_000  # games per game of the extrapolated run

Options = dict[str, Any]
Pair = tuple[int, Options]  # (players, options)


class InvariantError(AssertionError):
    """The state reported invariant errors."""


class Hang(RuntimeError):
    """The game did not end within MAX_ACTIONS actions."""


# ---- option combinations -------------------------------------------------


def option_values(game: Game) -> dict[str, list[Any]]:
    """Values tried for each option, the default first (``None`` = not given)."""
    values: dict[str, list[Any]] = {}
    for opt in game.all_options():
        if opt.name == "stack":
            continue
        tried: list[Any] = [opt.default]
        if opt.type == "bool":
            tried.append(not opt.default)
        elif opt.choices is not None:
            tried += list(opt.choices)
        elif opt.type == "int" and opt.min is not None:
            tried.append(opt.min)
        values[opt.name] = list(dict.fromkeys(tried))
    return values


def spread(n: int, k: int) -> list[int]:
    """k of the indices 0..n-1, evenly spread, 0 included: multiples of a
    stride coprime with n, so that no digit of a mixed-radix index aliases."""
    if n <= k:
        return list(range(n))
    stride = n // k
    while math.gcd(stride, n) != 1:
        stride += 1
    return sorted(i * stride % n for i in range(k))


def product_at(values: dict[str, list[Any]], index: int) -> Options:
    """The index-th entry of the product (the last option varies fastest),
    with the default values left out, as a caller would write it."""
    combo: Options = {}
    for name, tried in reversed(values.items()):
        index, digit = divmod(index, len(tried))
        if digit:
            combo[name] = tried[digit]
    return dict(reversed(combo.items()))


def refused(game: Game, players: int, options: Options) -> bool:
    try:
        game.new(players, 0, options)
    except BadOption:
        return True
    except Exception:  # a crash: let the games show it
        return False
    return False


@dataclass
class Plan:
    """The pairs one game is played with, and how they were chosen."""

    game_id: str
    pairs: list[Pair]
    product: int  # size of the option product
    probed_combos: int  # entries of the product probed (all, unless huge)
    probed: int  # (players, combination) pairs probed
    refused: int  # of those, refused by the game
    accepted_combos: int  # combinations accepted for some player count
    kept_combos: int  # after the cap


def plan_game(game: Game) -> Plan:
    values = option_values(game)
    product = math.prod(len(v) for v in values.values())
    players = range(game.min_players, game.max_players + 1)
    accepted: list[list[Pair]] = []
    probed = refused_count = 0
    for index in spread(product, MAX_PROBED):
        combo = product_at(values, index)
        ok = [(p, combo) for p in players if not refused(game, p, combo)]
        probed += len(players)
        refused_count += len(players) - len(ok)
        if ok:
            accepted.append(ok)
    kept = [accepted[i] for i in spread(len(accepted), MAX_COMBOS)]
    pairs = [pair for group in kept for pair in group]  # player counts interleaved
    return Plan(game.id, pairs, product, probed // len(players), probed, refused_count,
                len(accepted), len(kept))


# ---- playing -------------------------------------------------------------


def check(state: State) -> None:
    errors = state.invariant_errors()
    if errors:
        raise InvariantError("; ".join(str(e) for e in errors))


def step(state: State, rng: Rng) -> str:
    """One random action; its text."""
    seats = list(state.to_act())
    if not seats:
        raise RuntimeError("the game is not over but no seat is to act")
    seat = rng.choice(seats)
    texts = state.legal_texts(seat)
    if not texts:
        raise RuntimeError(f"seat {seat} is to act but has no legal action")
    action = rng.choice(texts)
    state.act(seat, action)
    return f"{seat}: {action}"


@dataclass
class Progress:
    """How far a game got: for the counts and the crash report."""

    actions: int = 0
    last: str | None = None


def play(game: Game, players: int, options: Options, seed: int, every: int,
         progress: Progress) -> None:
    """Play one game to its end, counting its actions in ``progress``. The
    invariants are checked at the start, at the end and every ``every``
    actions, at an offset that varies with the seed (so that no action of a
    fixed-length phase always escapes)."""
    state = game.new(players, seed, options)
    rng = Rng(seed ^ POLICY_SALT)
    offset = seed % every
    check(state)
    while not state.is_over():
        if progress.actions >= MAX_ACTIONS:
            raise Hang(f"no end after {MAX_ACTIONS} actions (phase {state.phase()!r})")
        progress.last = step(state, rng)
        progress.actions += 1
        if (progress.actions + offset) % every == 0:
            check(state)
    if (progress.actions + offset) % every:
        check(state)


def crash_record(game_id: str, players: int, options: Options, seed: int,
                 exc: BaseException, progress: Progress) -> dict[str, Any]:
    frames = traceback.extract_tb(exc.__traceback__)
    where = f"{frames[-1].filename}:{frames[-1].lineno} in {frames[-1].name}" if frames else ""
    return {"game": game_id, "players": players, "options": options, "seed": seed,
            "exception": f"{type(exc).__name__}: {exc}", "where": where,
            "actions": progress.actions, "last_action": progress.last}


@dataclass
class Batch:
    """Games i in [start, stop) of one game."""

    game_id: str
    pairs: list[Pair]
    start: int
    stop: int
    base_seed: int
    every: int


@dataclass
class Tally:
    games: int = 0
    actions: int = 0
    crashes: int = 0
    seconds: float = 0.0
    repros: list[dict[str, Any]] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.actions += other.actions
        self.crashes += other.crashes
        self.seconds += other.seconds
        self.repros += other.repros


def play_batch(batch: Batch) -> tuple[str, Tally]:
    game = get_game(batch.game_id)
    tally = Tally()
    start = time.perf_counter()
    for i in range(batch.start, batch.stop):
        players, options = batch.pairs[i % len(batch.pairs)]
        seed = batch.base_seed + i
        progress = Progress()
        try:
            play(game, players, options, seed, batch.every, progress)
        except Exception as exc:
            tally.crashes += 1
            if len(tally.repros) < CRASHES_KEPT:
                tally.repros.append(crash_record(game.id, players, options, seed, exc, progress))
        tally.games += 1
        tally.actions += progress.actions
    tally.seconds = time.perf_counter() - start
    return batch.game_id, tally


def batches(plans: Sequence[Plan], games: int, seed: int, every: int) -> Iterator[Batch]:
    for plan in plans:
        for start in range(0, games, BATCH):
            stop = min(start + BATCH, games)
            yield Batch(plan.game_id, plan.pairs, start, stop, seed * SEED_STRIDE, every)


def run_batches(work: list[Batch], jobs: int) -> Iterator[tuple[str, Tally]]:
    if jobs == 1:
        yield from map(play_batch, work)
        return
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        yield from pool.imap_unordered(play_batch, work)


# ---- reporting -----------------------------------------------------------

HEADER = (f"{'game':<14}{'players':>8}{'combos':>7}{'pairs':>6}{'refused':>10}"
          f"{'games':>8}{'actions':>11}{'crashes':>8}{'cpu s':>9}{'games/s':>9}")


def game_line(plan: Plan, tally: Tally, players: str) -> str:
    rate = tally.games / tally.seconds if tally.seconds else 0.0
    refused_text = f"{plan.refused}/{plan.probed}"
    return (f"{plan.game_id:<14}{players:>8}{plan.kept_combos:>7}{len(plan.pairs):>6}"
            f"{refused_text:>10}{tally.games:>8}{tally.actions:>11}{tally.crashes:>8}"
            f"{tally.seconds:>9.1f}{rate:>9.1f}")


def plan_notes(plan: Plan) -> list[str]:
    notes = []
    if plan.probed_combos < plan.product:
        notes.append(f"{plan.game_id}: option product of {plan.product} probed at "
                     f"{plan.probed_combos} entries, spread evenly")
    if plan.kept_combos < plan.accepted_combos:
        notes.append(f"{plan.game_id}: {plan.accepted_combos} accepted option combinations "
                     f"capped to {plan.kept_combos}, spread evenly")
    return notes


def repro_line(crash: dict[str, Any]) -> str:
    spec = {k: crash[k] for k in ("game", "players", "options", "seed")}
    return (f"  CRASH {crash['exception']}\n"
            f"    at {crash['where']}; after {crash['actions']} actions, "
            f"the last {crash['last_action']!r}\n"
            f"    repro: .venv/bin/python bench/stress.py --repro '{json.dumps(spec)}'")


def estimate(tallies: dict[str, Tally], games: int, jobs: int, wall: float) -> dict[str, float]:
    cpu = sum(t.seconds for t in tallies.values())
    scale = TARGET / games
    return {"cpu_s": cpu, "wall_s": wall, "estimate_s_cpu": cpu * scale / jobs,
            "estimate_s_wall": wall * scale}


def print_totals(tallies: dict[str, Tally], est: dict[str, float], jobs: int) -> None:
    games = sum(t.games for t in tallies.values())
    actions = sum(t.actions for t in tallies.values())
    crashes = sum(t.crashes for t in tallies.values())
    print(f"total: {games} games, {actions} actions, {crashes} crashes, "
          f"{est['wall_s']:.1f} s wall ({est['cpu_s']:.1f} s cpu, {jobs} jobs), "
          f"{games / est['wall_s']:.1f} games/s")
    print(f"estimate for {TARGET} games per game with {jobs} jobs on this machine: "
          f"{est['estimate_s_cpu'] / 60:.1f} min from cpu time / {jobs} jobs, "
          f"{est['estimate_s_wall'] / 60:.1f} min from wall time")


def print_report(plans: list[Plan], tallies: dict[str, Tally], est: dict[str, float],
                 jobs: int) -> None:
    for plan in plans:
        for note in plan_notes(plan):
            print("note:", note)
        for crash in tallies[plan.game_id].repros[:5]:
            print(repro_line(crash))
        hidden = tallies[plan.game_id].crashes - min(5, len(tallies[plan.game_id].repros))
        if hidden > 0:
            print(f"  ... and {hidden} more crashes of {plan.game_id}")
    print_totals(tallies, est, jobs)


def json_report(plans: list[Plan], tallies: dict[str, Tally], est: dict[str, float],
                args: argparse.Namespace) -> dict[str, Any]:
    per_game = []
    for plan in plans:
        tally = tallies[plan.game_id]
        per_game.append({
            "game": plan.game_id, "games": tally.games, "actions": tally.actions,
            "crashes": tally.crashes, "refused_combos": plan.refused, "probed": plan.probed,
            "option_product": plan.product, "accepted_combos": plan.accepted_combos,
            "combos": plan.kept_combos, "pairs": len(plan.pairs), "cpu_s": tally.seconds,
            "games_per_s": tally.games / tally.seconds if tally.seconds else 0.0,
            "repros": tally.repros})
    return {"games_per_game": args.games, "jobs": args.jobs, "check_every": args.check_every,
            "seed": args.seed, "per_game": per_game, "target_games_per_game": TARGET, **est,
            "crashes": sum(t.crashes for t in tallies.values())}


# ---- main ----------------------------------------------------------------


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="games per game")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--only", default="", help="comma-separated game ids")
    parser.add_argument("--check-every", type=int, default=1, metavar="K",
                        help="check the invariants every K actions")
    parser.add_argument("--seed", type=int, default=1, help="base of the game seeds")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--repro", metavar="JSON",
                        help="replay one game from a crash's repro, with its traceback")
    args = parser.parse_args(argv)
    if args.games < 1 or args.jobs < 1 or args.check_every < 1:
        parser.error("--games, --jobs and --check-every must be at least 1")
    return args


def repro(spec_text: str, every: int) -> int:
    spec = json.loads(spec_text)
    progress = Progress()
    game = get_game(spec["game"])
    play(game, spec["players"], spec["options"], spec["seed"], every, progress)
    print(f"no crash: the game ended after {progress.actions} actions")
    return 0


def selected_games(only: str) -> list[Game]:
    if not only:
        return all_games()
    return [get_game(game_id.strip()) for game_id in only.split(",") if game_id.strip()]


def players_text(plan: Plan) -> str:
    counts = sorted({players for players, _ in plan.pairs})
    return f"{counts[0]}-{counts[-1]}" if counts else "-"


def run(args: argparse.Namespace) -> int:
    plans = [plan_game(game) for game in selected_games(args.only)]
    plans = [plan for plan in plans if plan.pairs]
    work = list(batches(plans, args.games, args.seed, args.check_every))
    remaining = {plan.game_id: math.ceil(args.games / BATCH) for plan in plans}
    tallies = {plan.game_id: Tally() for plan in plans}
    shown = 0
    if not args.json:
        print(f"{args.games} games per game, {args.jobs} jobs, invariants checked every "
              f"{args.check_every} actions, seed {args.seed}")
        print(HEADER)
    start = time.perf_counter()
    for game_id, tally in run_batches(work, args.jobs):
        tallies[game_id].add(tally)
        remaining[game_id] -= 1
        while not args.json and shown < len(plans) and not remaining[plans[shown].game_id]:
            plan = plans[shown]
            print(game_line(plan, tallies[plan.game_id], players_text(plan)), flush=True)
            shown += 1
    est = estimate(tallies, args.games, args.jobs, time.perf_counter() - start)
    if args.json:
        print(json.dumps(json_report(plans, tallies, est, args), indent=1))
    else:
        print_report(plans, tallies, est, args.jobs)
    return 1 if any(t.crashes for t in tallies.values()) else 0


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.repro:
        return repro(args.repro, args.check_every)
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
